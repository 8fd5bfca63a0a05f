//! `tashkalar serve` over loopback (issue 52): the built program serves, russh's client plays
//! as a person's terminal would (a pty of a given size, keys as bytes), and a vt100 parser
//! reads what each client's screen shows. Waits poll for text with generous timeouts; no
//! assertion is about time.

use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(20);

/// The server, ended with the test.
struct Server {
    child: Child,
    address: SocketAddr,
    dir: PathBuf,
}

impl Server {
    fn start(name: &str) -> Server {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut child = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
            .args(["serve", "--port", "0", "--data-dir"])
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("its output");
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("the server says where it listens");
        let address = line
            .strip_prefix("serving on ")
            .and_then(|rest| rest.split(';').next())
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        Server {
            child,
            address,
            dir,
        }
    }

    fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &russh::keys::PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// What a client's terminal shows, and every byte it was sent.
struct Screen {
    parser: vt100::Parser,
    received: Vec<u8>,
}

/// A person at a terminal of `cols` × `rows`, connected to the server.
struct Person {
    channel: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<Screen>>,
    _session: client::Handle<Trusting>,
}

fn size(v: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(v.max(1)).unwrap_or(std::num::NonZeroU16::MIN)
}

impl Person {
    async fn connect(address: SocketAddr, cols: u16, rows: u16) -> Person {
        let config = Arc::new(client::Config::default());
        let mut session = client::connect(config, address, Trusting)
            .await
            .expect("connects");
        let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key");
        let auth = session
            .authenticate_publickey("player", PrivateKeyWithHashAlg::new(Arc::new(key), None))
            .await
            .expect("authenticates");
        assert!(auth.success(), "any key is taken on loopback");
        let channel = session.channel_open_session().await.expect("a session");
        channel
            .request_pty(false, "xterm-256color", cols.into(), rows.into(), 0, 0, &[])
            .await
            .expect("a pty");
        channel.request_shell(false).await.expect("a shell");
        let (mut read, write) = channel.split();
        let screen = Arc::new(Mutex::new(Screen {
            parser: vt100::Parser::new(size(rows), size(cols), 0),
            received: Vec::new(),
        }));
        let seen = Arc::clone(&screen);
        tokio::spawn(async move {
            while let Some(msg) = read.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    let mut s = seen.lock().expect("screen");
                    s.parser.process(&data);
                    s.received.extend_from_slice(&data);
                }
            }
        });
        Person {
            channel: write,
            screen,
            _session: session,
        }
    }

    async fn keys(&self, bytes: &[u8]) {
        self.channel
            .data_bytes(bytes.to_vec())
            .await
            .expect("keys sent");
        // Keys one packet at a time, as a person types them.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }

    async fn resize(&self, cols: u16, rows: u16) {
        self.channel
            .window_change(cols.into(), rows.into(), 0, 0)
            .await
            .expect("resized");
        self.screen
            .lock()
            .expect("screen")
            .parser
            .set_size(size(rows.min(200)), size(cols.min(500)));
    }

    fn text(&self) -> String {
        self.screen
            .lock()
            .expect("screen")
            .parser
            .screen()
            .contents()
    }

    fn received(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().expect("screen").received).into_owned()
    }

    /// The screen once it shows `text`.
    async fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let shown = self.text();
            if shown.contains(text) {
                return shown;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {text:?}; the screen shows:\n{shown}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

const DOWN: &[u8] = b"\x1b[B";
const LEFT: &[u8] = b"\x1b[D";

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Opens a table of the game on the lobby's row `game_row` for two people, from `person`'s
/// lobby, and waits for its screen.
async fn open_for_two(person: &Person, game_row: usize, title: &str) {
    person.wait_for("Tables of this server").await;
    for _ in 0..game_row {
        person.keys(DOWN).await;
    }
    person.keys(b"\r").await;
    person.wait_for(&format!("New game of {title}")).await;
    // The row being changed is the one drawn with ‹ ›: down to the second seat, then left
    // until a person plays it.
    let seat_line = |shown: &str| {
        shown
            .lines()
            .find(|l| l.contains("Seat 2"))
            .unwrap_or("")
            .to_string()
    };
    for _ in 0..10 {
        if seat_line(&person.text()).contains('‹') {
            break;
        }
        person.keys(DOWN).await;
    }
    for _ in 0..10 {
        if seat_line(&person.text()).contains("person") {
            break;
        }
        person.keys(LEFT).await;
    }
    let shown = person.text();
    assert!(
        seat_line(&shown).contains("person"),
        "seat 2 made a person's:\n{shown}"
    );
    // Enter goes down a row, and starts the game on the last.
    // (A game is dealt in a moment, but a loaded machine may take longer: each press is given
    // time to start it before the next.)
    'pressing: for _ in 0..10 {
        person.keys(b"\r").await;
        for _ in 0..30 {
            if person.text().contains("(you)") {
                break 'pressing;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    person.wait_for("(you)").await;
}

fn saves(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .filter(|p| !p.to_string_lossy().contains("/."))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn two_people_play_high_ground_each_at_their_own_seat() {
    let server = Server::start("hg");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 110, 36).await;
        open_for_two(&blue, 1, "High Ground").await;
        let shown = blue.wait_for("Waiting for Red").await;
        assert!(shown.contains("Hand of Blue"), "{shown}");

        let red = Person::connect(server.address, 120, 40).await;
        red.wait_for("take the free seat Red").await;
        // The table's line, then its free seat.
        red.keys(DOWN).await;
        red.keys(b"\r").await;
        let shown = red.wait_for("Hand of Red").await;
        assert!(!shown.contains("Hand of Blue"), "{shown}");
        blue.wait_for("Red  to play").await;

        // Red lays the first card where the screen points; Blue's screen follows.
        red.keys(b"\r").await;
        blue.wait_for("Red laid").await;
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

        // Red goes; Blue is told, and Red's seat is offered again.
        drop(red);
        blue.wait_for("Waiting for Red").await;
        let back = Person::connect(server.address, 100, 36).await;
        back.wait_for("waiting for Red — join").await;
        back.keys(DOWN).await;
        back.keys(b"\r").await;
        let shown = back.wait_for("Hand of Red").await;
        assert!(shown.contains("Red laid"), "{shown}");
    });
}

/// The names of the cards in a Tash-Kalar hand panel ("a▸H Hypnotist   ·  ·  b  May ...").
fn hand_names(screen: &str, seat: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_hand = false;
    for line in screen.lines() {
        if line.contains(&format!("Hand of {seat}")) {
            in_hand = true;
            continue;
        }
        if !in_hand {
            continue;
        }
        if line.contains('└') && !line.contains("│") {
            break;
        }
        for part in line.split('│') {
            let chars: Vec<char> = part.chars().collect();
            if chars.len() > 4
                && chars[0].is_ascii_lowercase()
                && matches!(chars[1], '▸' | ' ')
                && matches!(chars[2], 'H' | 'L' | 'F' | 'c')
                && chars[3] == ' '
            {
                let rest: String = chars[4..].iter().collect();
                if let Some(name) = rest.split("  ").next() {
                    names.push(name.trim().to_string());
                }
            }
        }
    }
    names
}

#[test]
fn a_tash_kalar_hand_reaches_its_own_seat_only() {
    let server = Server::start("tk");
    runtime().block_on(async {
        let blue = Person::connect(server.address, 120, 40).await;
        open_for_two(&blue, 0, "Tash-Kalar").await;
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
