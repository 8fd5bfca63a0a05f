//! The served tables' state (issue 52): a killed server started again offers its unfinished
//! tables, each seat kept for the key that took it; join codes take seats; a damaged table
//! file is skipped, said, and kept.

mod serve_kit;

use serve_kit::*;
use std::time::Duration;

/// The join code of `seat` shown on the screen ("join codes: Red K7M2QX").
fn code_of(shown: &str, seat: &str) -> String {
    let at = shown
        .find(&format!("join codes: {seat} "))
        .unwrap_or_else(|| panic!("no code for {seat} in:\n{shown}"));
    let rest = &shown[at + "join codes: ".len() + seat.len() + 1..];
    rest.chars().take(6).collect()
}

#[test]
fn a_killed_server_offers_its_table_again_to_the_same_keys() {
    let dir = std::env::temp_dir().join(format!("tashkalar-serve-restart-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a data directory");
    let errors = dir.with_extension("stderr");
    let (blue_key, red_key) = (new_key(), new_key());
    let server = Server::start_in(&dir, &[], None);
    let before = runtime().block_on(async {
        let blue = Person::connect_as(server.address, 110, 36, blue_key.clone()).await;
        open_for_two(&blue, "High Ground").await;
        let red = Person::connect_as(server.address, 120, 40, red_key.clone()).await;
        red.take_lobby_row("take the free seat Red").await;
        red.wait_for("Hand of Red").await;
        lay_until(&blue, &red, |s| {
            s.contains("Red laid") && s.contains("Blue laid") && s.contains("Red  to play")
        })
        .await;
        // The save is written after every decision: wait for it to hold both.
        tokio::time::sleep(Duration::from_millis(300)).await;
        let files = saves(&dir);
        assert_eq!(files.len(), 1, "{files:?}");
        verified(&files[0])
    });
    let dir = server.kill();
    // A damaged and a foreign table file beside the good one: said, skipped, kept.
    let junk = dir.join("tables/table-77.ron");
    let foreign = dir.join("tables/table-78.ron");
    std::fs::write(&junk, b"\xff\xfe(((").expect("junk");
    std::fs::write(
        &foreign,
        "(format: \"else\", version: 1, id: 78, save: \"x.ron\", seats: [])",
    )
    .expect("foreign");

    let mut server = Server::start_in(&dir, &[], Some(&errors));
    runtime().block_on(async {
        // Another key sees the table but no way into it.
        let stranger = Person::connect(server.address, 110, 36).await;
        let shown = stranger.wait_for("Table 1 · High Ground").await;
        assert!(shown.contains("Blue away, Red away"), "{shown}");
        assert!(!shown.contains("rejoin"), "{shown}");

        let blue = Person::connect_as(server.address, 110, 36, blue_key).await;
        let lobby = blue.wait_for("waiting for Blue — rejoin").await;
        assert!(!lobby.contains("waiting for Red"), "{lobby}");
        blue.take_lobby_row("waiting for Blue — rejoin").await;
        let shown = blue.wait_for("Hand of Blue").await;
        assert!(shown.contains("Blue laid"), "{shown}");
        blue.wait_for("Waiting for Red").await;

        let red = Person::connect_as(server.address, 120, 40, red_key).await;
        red.take_lobby_row("waiting for Red — rejoin").await;
        let shown = red.wait_for("Hand of Red").await;
        assert!(shown.contains("Blue laid"), "{shown}");
        // The same position as before the kill, and the game goes on from it.
        let files = saves(&dir);
        assert_eq!(files.len(), 1, "{files:?}");
        assert_eq!(verified(&files[0]), before);
        enter_until_changed("Red plays after the restart", &red, &red).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_ne!(
            verified(&files[0]),
            before,
            "a decision after the restart is saved"
        );
    });
    assert!(server.running());
    let said = std::fs::read_to_string(&errors).unwrap_or_default();
    for file in [&junk, &foreign] {
        assert!(file.exists(), "{} kept", file.display());
        let name = file.display().to_string();
        let lines = said.lines().filter(|l| l.contains(&name)).count();
        assert_eq!(lines, 1, "one line about {name} in:\n{said}");
    }
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&errors);
}

#[test]
fn with_open_a_seat_is_taken_by_its_code_only() {
    let dir = std::env::temp_dir().join(format!("tashkalar-serve-codes-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let server = Server::start_in(&dir, &["--open"], None);
    runtime().block_on(async {
        let blue = Person::connect(server.address, 120, 36).await;
        open_for_two(&blue, "High Ground").await;
        let shown = blue.wait_for("join codes: Red").await;
        let code = code_of(&shown, "Red");

        // Without the code, the free seat is not offered; a wrong code is refused.
        let red = Person::connect(server.address, 120, 40).await;
        let shown = red.wait_for("Red free").await;
        assert!(!shown.contains("take the free seat"), "{shown}");
        assert!(
            !shown.contains(&code),
            "the code is shown to its opener only"
        );
        red.take_lobby_row("Join a table with a code").await;
        red.keys(b"zzzz22").await;
        red.keys(b"\r").await;
        red.wait_for("Not joined: no seat has that code").await;
        // The code as typed by a person: lower case, a space in it.
        red.take_lobby_row("Join a table with a code").await;
        let typed = format!("{} {}", &code[..3], &code[3..]).to_lowercase();
        red.keys(typed.as_bytes()).await;
        red.keys(b"\r").await;
        let shown = red.wait_for("Hand of Red").await;
        assert!(!shown.contains("Hand of Blue"), "{shown}");
        // The game starts (with Blue to play when the centre card is a Joker to name).
        blue.wait_until("the game to start", |s| {
            s.contains("Red  to play") || s.contains("Blue  to play")
        })
        .await;
    });
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn beyond_loopback_the_server_needs_keys_or_open() {
    let dir = std::env::temp_dir().join(format!("tashkalar-serve-wide-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let refused = std::process::Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(["serve", "--port", "0", "--listen", "0.0.0.0", "--data-dir"])
        .arg(&dir)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("--open"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_spectator_sees_the_board_and_no_hand() {
    let server = Server::start("watch");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 120, 40).await;
        open_for_two(&blue, "Tash-Kalar").await;
        let red = Person::connect(server.address, 120, 40).await;
        red.take_lobby_row("take the free seat Red").await;
        let mut names = hand_names(&red.wait_for("Hand of Red").await, "Red");
        names.extend(hand_names(&blue.wait_for("Red  to decide").await, "Blue"));
        assert!(names.len() >= 6, "both hands read: {names:?}");

        let watcher = Person::connect(server.address, 120, 40).await;
        watcher.take_lobby_row("watch table 1").await;
        let shown = watcher.wait_for("Red  to decide").await;
        assert!(!shown.contains("Hand of"), "{shown}");
        // Red decides; the watcher's board follows; a key of the watcher decides nothing.
        enter_until_changed("Red decides, the watcher follows", &red, &watcher).await;
        watcher.keys(b"\r").await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let received = watcher.received();
        for name in &names {
            assert!(
                !received.contains(name.as_str()),
                "the watcher was sent {name}"
            );
        }
        assert!(!received.contains("Hand of"), "{}", watcher.text());
    });
}

/// Opens a table of High Ground against the AI from the lobby (the form's defaults), and says
/// what the form answered when the table was not opened.
async fn open_against_ai(person: &Person) -> Option<String> {
    person.wait_for("Tables of this server").await;
    person.take_lobby_row("Open a new table: High Ground").await;
    person.wait_for("New game of High Ground").await;
    // Enter goes down a row, and starts the game on the last.
    for _ in 0..12 {
        person.keys(b"\r").await;
        tokio::time::sleep(Duration::from_millis(150)).await;
        let shown = person.text();
        if shown.contains("(you)") {
            return None;
        }
        if let Some(line) = shown.lines().find(|l| l.contains("unfinished tables")) {
            return Some(line.trim().to_string());
        }
    }
    panic!(
        "the table neither opened nor was refused:\n{}",
        person.text()
    );
}

#[test]
fn one_key_cannot_fill_the_server_with_tables() {
    let server = Server::start("cap");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 110, 36).await;
        for _ in 0..4 {
            assert_eq!(open_against_ai(&blue).await, None);
            // Back to the lobby: the table stays open, and counts.
            blue.keys(b"q").await;
            tokio::time::sleep(Duration::from_millis(200)).await;
            if !blue.text().contains("Tables of this server") {
                blue.keys(b"y").await;
            }
        }
        let refused = open_against_ai(&blue)
            .await
            .expect("the fifth table refused");
        assert!(refused.contains("4 unfinished tables"), "{refused}");
        // Another key still opens one.
        let red = Person::connect(server.address, 110, 36).await;
        assert_eq!(open_against_ai(&red).await, None);
    });
}
