//! What the tests of `tashkalar serve` share: the built program serving in a data directory,
//! and people connecting with russh's client (a key of their own or a given one), whose
//! screens a vt100 parser reads. Waits poll for text with generous timeouts.
#![allow(dead_code)]

use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub const PATIENCE: Duration = Duration::from_secs(20);

/// The server, ended with the test.
pub struct Server {
    pub child: Child,
    pub address: SocketAddr,
    pub dir: PathBuf,
    /// Whether the data directory goes with the server (not when a test starts another).
    pub keep_dir: bool,
}

impl Server {
    /// A server in a fresh data directory named after the test.
    pub fn start(name: &str) -> Server {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Server::start_in(&dir, &[], None)
    }

    /// A server on the data directory `dir` as it is, with more arguments, its standard error
    /// into the file `errors` if given.
    pub fn start_in(dir: &Path, more: &[&str], errors: Option<&Path>) -> Server {
        let dir = dir.to_path_buf();
        let stderr = match errors {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("an error file")),
            None => Stdio::inherit(),
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
            .args(["serve", "--port", "0"])
            .args(more)
            .arg("--data-dir")
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(stderr)
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
            keep_dir: false,
        }
    }

    /// Kills the server at once (SIGKILL), its data directory kept.
    pub fn kill(mut self) -> PathBuf {
        self.keep_dir = true;
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.dir.clone()
    }

    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.keep_dir {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

pub struct Trusting;

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
pub struct Screen {
    parser: vt100::Parser,
    received: Vec<u8>,
}

/// A person at a terminal of `cols` × `rows`, connected to the server.
pub struct Person {
    channel: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<Screen>>,
    _session: client::Handle<Trusting>,
}

/// A fresh client key.
pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key")
}

pub fn size(v: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(v.max(1)).unwrap_or(std::num::NonZeroU16::MIN)
}

impl Person {
    /// A person with a key of their own.
    pub async fn connect(address: SocketAddr, cols: u16, rows: u16) -> Person {
        Person::connect_as(address, cols, rows, new_key()).await
    }

    /// A person with the key `key`.
    pub async fn connect_as(address: SocketAddr, cols: u16, rows: u16, key: PrivateKey) -> Person {
        let config = Arc::new(client::Config::default());
        let mut session = client::connect(config, address, Trusting)
            .await
            .expect("connects");
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

    pub async fn keys(&self, bytes: &[u8]) {
        self.channel
            .data_bytes(bytes.to_vec())
            .await
            .expect("keys sent");
        // Keys one packet at a time, as a person types them.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }

    pub async fn resize(&self, cols: u16, rows: u16) {
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

    pub fn text(&self) -> String {
        self.screen
            .lock()
            .expect("screen")
            .parser
            .screen()
            .contents()
    }

    pub fn received(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().expect("screen").received).into_owned()
    }

    /// The screen once it shows `text`.
    pub async fn wait_for(&self, text: &str) -> String {
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

pub const DOWN: &[u8] = b"\x1b[B";
pub const LEFT: &[u8] = b"\x1b[D";

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Opens a table of the game on the lobby's row `game_row` for two people, from `person`'s
/// lobby, and waits for its screen.
pub async fn open_for_two(person: &Person, game_row: usize, title: &str) {
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

/// Presses Down until the highlighted row of the lobby holds `text`.
pub async fn select(person: &Person, text: &str) {
    for _ in 0..30 {
        let shown = person.text();
        if shown
            .lines()
            .any(|l| l.starts_with("> ") && l.contains(text))
        {
            return;
        }
        person.keys(DOWN).await;
    }
    panic!("no row {text:?} in:\n{}", person.text());
}

/// `tashkalar replay --verify FILE`'s answer ("ok HASH"), asserted to be ok.
pub fn verified(file: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tashkalar"))
        .args(["replay", "--verify"])
        .arg(file)
        .output()
        .expect("replay runs");
    let said = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(out.status.success() && said.starts_with("ok"), "{said}");
    said
}

pub fn saves(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir.join("saves"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                .filter(|p| !p.to_string_lossy().contains("/."))
                .collect()
        })
        .unwrap_or_default()
}

/// The names of the cards in a Tash-Kalar hand panel ("a▸H Hypnotist   ·  ·  b  May ...").
pub fn hand_names(screen: &str, seat: &str) -> Vec<String> {
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
