//! `tashkalar serve` over loopback (issue 52): the built program serves, russh's client plays
//! as a person's terminal would (a pty of a given size, keys as bytes), and a vt100 parser
//! reads what each client's screen shows. Waits poll for text with generous timeouts; no
//! assertion is about time.

mod serve_kit;

use serve_kit::*;
use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn two_people_play_high_ground_each_at_their_own_seat() {
    let server = Server::start("hg");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 110, 36).await;
        open_for_two(&blue, "High Ground").await;
        let shown = blue.wait_for("Waiting for Red").await;
        assert!(shown.contains("Hand of Blue"), "{shown}");

        let red_key = new_key();
        let red = Person::connect_as(server.address, 120, 40, red_key.clone()).await;
        red.wait_for("take the free seat Red").await;
        // The table's line, then its free seat.
        red.keys(DOWN).await;
        red.keys(b"\r").await;
        let shown = red.wait_for("Hand of Red").await;
        assert!(!shown.contains("Hand of Blue"), "{shown}");
        // Red lays a card where the screen points (Blue first names the centre card's level
        // if it is a Joker); Blue's screen follows.
        lay_until(&blue, &red, |s| s.contains("Red laid")).await;
        red.wait_for("Red laid").await;
        assert!(!blue.received().contains("Hand of Red"));
        assert!(!red.received().contains("Hand of Blue"));

        // The server's save is a save like any other.
        let files = saves(&server.dir);
        assert_eq!(files.len(), 1, "{files:?}");
        let verified = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
            .args(["replay", "--verify"])
            .arg(&files[0])
            .output()
            .expect("replay runs");
        let said = String::from_utf8_lossy(&verified.stdout);
        assert!(
            verified.status.success() && said.starts_with("ok"),
            "{said}"
        );

        // Red goes; Blue is told, and Red's seat is kept for Red's key: another key is not
        // offered it, Red's is.
        drop(red);
        blue.wait_for("Waiting for Red").await;
        let stranger = Person::connect(server.address, 100, 36).await;
        let shown = stranger.wait_for("Red away").await;
        assert!(
            !shown.contains("— join") && !shown.contains("rejoin"),
            "{shown}"
        );
        let back = Person::connect_as(server.address, 100, 36, red_key).await;
        back.wait_for("waiting for Red — rejoin").await;
        back.keys(DOWN).await;
        back.keys(b"\r").await;
        let shown = back.wait_for("Hand of Red").await;
        assert!(shown.contains("Red laid"), "{shown}");
    });
}

#[test]
fn a_tash_kalar_hand_reaches_its_own_seat_only() {
    let server = Server::start("tk");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 120, 40).await;
        open_for_two(&blue, "Tash-Kalar").await;
        let shown = blue.wait_for("Hand of Blue").await;
        let names = hand_names(&shown, "Blue");
        assert!(
            names.len() >= 3,
            "Blue's hand read from:\n{shown}\n{names:?}"
        );

        let red = Person::connect(server.address, 120, 40).await;
        red.wait_for("take the free seat Red").await;
        red.keys(DOWN).await;
        red.keys(b"\r").await;
        let shown = red.wait_for("Hand of Red").await;
        assert!(!shown.contains("Hand of Blue"), "{shown}");
        // Red decides (its first piece's square); Blue's screen follows, and still nothing of
        // Blue's hand was ever sent to Red.
        let before = blue.text();
        red.keys(b"\r").await;
        let start = Instant::now();
        while blue.text() == before {
            assert!(start.elapsed() < PATIENCE, "Blue's screen never changed");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let received = red.received();
        for name in &names {
            assert!(
                !received.contains(name.as_str()),
                "Red was sent Blue's {name}"
            );
        }
    });
}

#[test]
fn garbage_and_absurd_sizes_harm_nobody() {
    let mut server = Server::start("garbage");
    runtime().block_on(async {
        let calm = Person::connect(server.address, 100, 30).await;
        calm.wait_for("Tables of this server").await;
        let rogue = Person::connect(server.address, 80, 24).await;
        rogue.wait_for("Tables of this server").await;
        let mut x: u32 = 12_345;
        for round in 0..40 {
            let bytes: Vec<u8> = (0..200)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (x >> 16) as u8
                })
                // Not the keys that leave or open a table: the rogue stays in the lobby to
                // keep sending (a table's keys are the app's, tested locally).
                .filter(|b| !matches!(b, b'q' | b'\r' | b'\n' | 0x1b | 0x03 | 0x04))
                .collect();
            rogue.keys(&bytes).await;
            match round % 3 {
                0 => rogue.resize(0, 0).await,
                1 => rogue.resize(10_000, 10_000).await,
                _ => rogue.resize(80, 24).await,
            }
        }
        // Another person still gets their screens drawn.
        calm.keys(DOWN).await;
        calm.keys(b"\r").await;
        calm.wait_for("New game of").await;
    });
    assert!(server.running(), "the server is still up");
}

#[test]
fn the_mouse_takes_a_lobby_row_and_a_line_of_the_form() {
    let mut server = Server::start("mouse");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 110, 36).await;
        // The server asks the client's terminal for mouse reports.
        blue.wait_for("Tables of this server").await;
        assert!(blue.received().contains("\x1b[?1006h"));
        // Reports no terminal of this size sends: off the screen, or broken. None does anything.
        let absurd =
            b"\x1b[<0;65535;65535M\x1b[<0;0;0M\x1b[<64;9999;3M\x1b[<2;500;200M\x1b[<0;1;99999M";
        blue.send(absurd).await;
        blue.click_on("Open a new table: High Ground").await;
        blue.wait_for("New game of High Ground").await;
        blue.send(absurd).await;
        // Seat 2 is an AI by default: Start deals the game at once.
        blue.click_on("Start the game").await;
        let shown = blue.wait_for("(you)").await;
        assert!(shown.contains("Hand of Blue"), "{shown}");
        blue.send(absurd).await;
        blue.wait_for("Hand of Blue").await;
    });
    assert!(server.running(), "the server is still up");
}
