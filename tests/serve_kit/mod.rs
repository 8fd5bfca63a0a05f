//! What the tests of `tashkalar serve` over many clients share (issue 52), and what the load
//! example (`examples/serve_load.rs`) measures with: the built program serving on loopback,
//! russh's client playing as a person's terminal would (a pty of a given size, keys as bytes),
//! and a vt100 parser reading what each client's screen shows. Waits poll for text with
//! generous timeouts that fail saying what was on the screen; nothing here asserts on time.
#![allow(dead_code)]

mod play;
pub use play::*;

use russh::keys::{Algorithm, PrivateKey, PrivateKeyWithHashAlg};
use russh::{ChannelMsg, client};
use std::io::{BufRead, BufReader};
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a wait for a screen may take before the test fails: far above what any screen
/// takes, since the machine running the tests may be loaded.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub const DOWN: &[u8] = b"\x1b[B";
pub const UP: &[u8] = b"\x1b[A";
pub const LEFT: &[u8] = b"\x1b[D";
pub const RIGHT: &[u8] = b"\x1b[C";

/// The program under test: Cargo's for an integration test, else the one built next to the
/// running example (`target/release/tashkalar` for `target/release/examples/serve_load`).
pub fn program() -> PathBuf {
    if let Some(built) = option_env!("CARGO_BIN_EXE_tashkalar") {
        return PathBuf::from(built);
    }
    let exe = std::env::current_exe().expect("the example's own path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>");
    dir.join(format!("tashkalar{}", std::env::consts::EXE_SUFFIX))
}

/// The server on an ephemeral loopback port with a data directory of its own, ended (and
/// the directory removed, unless [`Server::kill`] kept it) with the value.
pub struct Server {
    child: Child,
    pub address: SocketAddr,
    pub dir: PathBuf,
    /// Whether the data directory goes with the server (not when a test starts another on it).
    keep_dir: bool,
}

impl Server {
    /// Starts `tashkalar serve --port 0` with a fresh data directory named after `name`.
    pub fn start(name: &str) -> Server {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-serve-kit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        Server::start_in(&dir, &[], None)
    }

    /// Starts the server on the data directory `dir` as it is, with more arguments, its
    /// standard error into the file `errors` if given.
    pub fn start_in(dir: &Path, more: &[&str], errors: Option<&Path>) -> Server {
        let dir = dir.to_path_buf();
        let stderr = match errors {
            Some(path) => Stdio::from(std::fs::File::create(path).expect("an error file")),
            None => Stdio::inherit(),
        };
        let mut child = Command::new(program())
            .args(["serve", "--port", "0"])
            .args(more)
            .arg("--data-dir")
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .unwrap_or_else(|e| panic!("{}: the server starts: {e}", program().display()));
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

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The server's saves (`DIR/saves/*.ron`, not the hidden files written on the way).
    pub fn saves(&self) -> Vec<PathBuf> {
        saves(&self.dir)
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

/// The saves of a server's data directory `dir` (`dir/saves/*.ron`, not the hidden files
/// written on the way).
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

/// `tashkalar replay --verify FILE`'s answer ("ok HASH"); panics with what it said unless the
/// save replays to its recorded end.
pub fn verified(save: &Path) -> String {
    let out = Command::new(program())
        .args(["replay", "--verify"])
        .arg(save)
        .output()
        .expect("replay runs");
    let said = String::from_utf8_lossy(&out.stdout).trim().to_string();
    assert!(
        out.status.success() && said.starts_with("ok"),
        "{}: {said}{}",
        save.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    said
}

/// [`verified`], its answer dropped.
pub fn assert_verifies(save: &Path) {
    verified(save);
}

/// A fresh client key.
pub fn new_key() -> PrivateKey {
    PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key")
}

/// A client that takes any host key: the server's key is made fresh for each test.
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

/// What a client's terminal shows, every byte it was sent, and when bytes last came.
/// `changed` wakes a wait when bytes come (waits need not poll, and see a redraw at once).
struct Screen {
    changed: Arc<tokio::sync::Notify>,
    parser: vt100::Parser,
    received: Vec<u8>,
    /// How many times bytes came (a redraw is one or more of these).
    arrivals: u64,
    last_arrival: Option<Instant>,
    /// The server ended the channel (a screen left blank then says why).
    closed: bool,
}

/// A person at a terminal, connected to the server.
pub struct Person {
    channel: russh::ChannelWriteHalf<client::Msg>,
    screen: Arc<Mutex<Screen>>,
    _session: client::Handle<Trusting>,
}

/// A terminal dimension as vt100 takes it (at least 1).
pub fn size(v: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(v.max(1)).unwrap_or(std::num::NonZeroU16::MIN)
}

impl Person {
    /// Connects a terminal of `cols` × `rows` with a fresh random key.
    pub async fn connect(address: SocketAddr, cols: u16, rows: u16) -> Person {
        Person::connect_as(address, cols, rows, new_key()).await
    }

    /// Connects a terminal of `cols` × `rows` with the key `key` (a person coming back).
    pub async fn connect_as(address: SocketAddr, cols: u16, rows: u16, key: PrivateKey) -> Person {
        let stream = tokio::net::TcpStream::connect(address)
            .await
            .unwrap_or_else(|e| panic!("connects to {address}: {e}"));
        Person::over(stream, cols, rows, key).await
    }

    /// Connects from the loopback address `from` (any of 127.0.0.0/8 is this machine's on
    /// Linux), so that more clients than the server takes from one address can connect.
    pub async fn connect_from(from: IpAddr, address: SocketAddr, cols: u16, rows: u16) -> Person {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket
            .bind(SocketAddr::new(from, 0))
            .unwrap_or_else(|e| panic!("binds {from}: {e}"));
        let stream = socket
            .connect(address)
            .await
            .unwrap_or_else(|e| panic!("connects to {address} from {from}: {e}"));
        Person::over(stream, cols, rows, new_key()).await
    }

    async fn over(stream: tokio::net::TcpStream, cols: u16, rows: u16, key: PrivateKey) -> Person {
        let _ = stream.set_nodelay(true);
        let config = Arc::new(client::Config::default());
        let mut session = client::connect_stream(config, stream, Trusting)
            .await
            .expect("the SSH handshake");
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
            changed: Arc::default(),
            parser: vt100::Parser::new(size(rows), size(cols), 0),
            received: Vec::new(),
            arrivals: 0,
            last_arrival: None,
            closed: false,
        }));
        let seen = Arc::clone(&screen);
        tokio::spawn(async move {
            while let Some(msg) = read.wait().await {
                if let ChannelMsg::Data { data } = msg {
                    let mut s = seen.lock().expect("screen");
                    s.parser.process(&data);
                    s.received.extend_from_slice(&data);
                    s.arrivals += 1;
                    s.last_arrival = Some(Instant::now());
                    s.changed.notify_one();
                }
            }
            seen.lock().expect("screen").closed = true;
        });
        Person {
            channel: write,
            screen,
            _session: session,
        }
    }

    /// Sends `bytes` as one packet (one key, as a person types it), without waiting.
    pub async fn send(&self, bytes: &[u8]) {
        self.channel
            .data_bytes(bytes.to_vec())
            .await
            .expect("keys sent");
    }

    /// Sends the arrow key `arrow` `n` times, each in a packet of its own as a key held down
    /// sends them: an escape sequence cut at a packet's end would read as Esc, which leaves
    /// the lobby.
    pub async fn arrows(&self, arrow: &[u8], n: usize) {
        for _ in 0..n {
            self.send(arrow).await;
        }
    }

    /// Sends a key and gives it a moment, as a person typing would.
    pub async fn keys(&self, bytes: &[u8]) {
        self.send(bytes).await;
        tokio::time::sleep(Duration::from_millis(60)).await;
    }

    /// Resizes the terminal (the client's window-change; the screen read here follows, within
    /// the server's bounds).
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

    /// What the screen shows now.
    pub fn text(&self) -> String {
        self.screen
            .lock()
            .expect("screen")
            .parser
            .screen()
            .contents()
    }

    /// The screen as a failure shows it: its text, and whether the server closed the
    /// connection (after which a screen is blank: the terminal left the alternate screen).
    pub fn shown(&self) -> String {
        let closed = self.screen.lock().expect("screen").closed;
        let text = self.text();
        if closed {
            format!("{text}\n[the server closed this connection]")
        } else {
            text
        }
    }

    /// Every byte the server sent this client, as text.
    pub fn received(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().expect("screen").received).into_owned()
    }

    /// Sends a key and waits for the first bytes back; returns how long they took. (Bytes
    /// are taken as the key's redraw: on a screen waiting for its person, nothing else moves.)
    pub async fn press(&self, bytes: &[u8]) -> Duration {
        let (before, _) = self.arrivals();
        let sent = Instant::now();
        self.send(bytes).await;
        loop {
            if let (n, Some(at)) = self.arrivals()
                && n > before
            {
                return at.saturating_duration_since(sent);
            }
            assert!(
                sent.elapsed() < PATIENCE,
                "no redraw came for a key; the screen shows:\n{}",
                self.shown()
            );
            self.next_change(Duration::from_millis(200)).await;
        }
    }

    /// How many bytes the server sent this client so far.
    pub fn received_len(&self) -> usize {
        self.screen.lock().expect("screen").received.len()
    }

    /// How many times bytes came so far, and when they last came.
    pub fn arrivals(&self) -> (u64, Option<Instant>) {
        let s = self.screen.lock().expect("screen");
        (s.arrivals, s.last_arrival)
    }

    /// Waits until bytes come or `longest` passes, whichever is first.
    pub async fn next_change(&self, longest: Duration) {
        let changed = Arc::clone(&self.screen.lock().expect("screen").changed);
        let _ = tokio::time::timeout(longest, changed.notified()).await;
    }

    /// The screen once `test` holds for it; fails after [`PATIENCE`] showing the screen.
    pub async fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let shown = self.text();
            if test(&shown) {
                return shown;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {what}; the screen shows:\n{}",
                self.shown()
            );
            // Bytes that came between the look above and this wait left a permit: no redraw
            // is missed.
            self.next_change(Duration::from_millis(200)).await;
        }
    }

    /// The screen once it shows `text`.
    pub async fn wait_for(&self, text: &str) -> String {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
            .await
    }

    /// Clicks the left button on the first line showing `text` (a press and a release, as a
    /// terminal reports them in the SGR form the server asks for), at its first letter.
    pub async fn click_on(&self, text: &str) {
        let shown = self.wait_for(text).await;
        let (y, x) = shown
            .lines()
            .enumerate()
            .find_map(|(y, line)| {
                let at = line.find(text)?;
                Some((y, line[..at].chars().count()))
            })
            .unwrap_or_else(|| panic!("no {text:?} on:\n{shown}"));
        let (x, y) = (x + 1, y + 1);
        self.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes())
            .await;
    }

    /// Moves the lobby's highlight (the row drawn with "> ") to the row holding `text` and
    /// takes it. Rows are found by their words, not their place: tables come and go, and a
    /// lobby taller than the screen scrolls, so a row not on the screen is looked for
    /// downwards while the lobby says more rows are below, then upwards.
    ///
    /// The highlight moves one row at a time, and each arrow is seen drawn (another row
    /// highlighted) before the next is sent: on a loaded machine the server may not have read
    /// arrows sent together when the screen looks settled, and those would then move the
    /// highlight past the row before Enter (onto "Leave", the last row, which ends the
    /// connection).
    pub async fn take_lobby_row(&self, text: &str) {
        self.wait_for("Tables of this server").await;
        let start = Instant::now();
        let mut down = true;
        loop {
            assert!(
                start.elapsed() < PATIENCE,
                "no lobby row {text:?} could be reached:\n{}",
                self.shown()
            );
            let Some(lobby) = LobbyView::read(&self.text(), text) else {
                // A frame half drawn, or the lobby not drawn yet.
                self.next_change(Duration::from_millis(100)).await;
                continue;
            };
            let arrow = match lobby.wanted {
                Some(want) if want == lobby.at => {
                    // The same a moment later: a whole frame, not one half drawn.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    let again = LobbyView::read(&self.text(), text);
                    if again.is_some_and(|l| l.at == want && l.wanted == Some(want)) {
                        self.keys(b"\r").await;
                        return;
                    }
                    continue;
                }
                Some(want) => {
                    if want < lobby.at {
                        UP
                    } else {
                        DOWN
                    }
                }
                None if down && lobby.more_below => DOWN,
                None if !down && lobby.more_above => UP,
                None if lobby.more_below || lobby.more_above => {
                    // The end of the lobby that way: the other way.
                    down = !down;
                    continue;
                }
                None => {
                    // Every row is on the screen and none is the one: not listed yet.
                    self.next_change(Duration::from_millis(200)).await;
                    continue;
                }
            };
            self.send(arrow).await;
            let from = lobby.highlighted;
            self.wait_until("the lobby's highlight to move", |shown| {
                LobbyView::read(shown, text).is_some_and(|l| l.highlighted != from)
            })
            .await;
        }
    }
}

/// What a lobby screen shows of its rows: where the highlight is, where the wanted row is,
/// and whether rows are left out above or below.
struct LobbyView {
    /// The line of the highlighted row, and its words.
    at: usize,
    highlighted: String,
    /// The line of the first row holding the wanted words, if on the screen.
    wanted: Option<usize>,
    more_above: bool,
    more_below: bool,
}

impl LobbyView {
    /// Reads a lobby screen; `None` unless exactly one row is highlighted (a whole frame).
    fn read(shown: &str, wanted: &str) -> Option<LobbyView> {
        let lines: Vec<&str> = shown.lines().collect();
        let marked: Vec<usize> = (0..lines.len())
            .filter(|i| lines[*i].starts_with("> "))
            .collect();
        let [at] = marked.as_slice() else {
            return None;
        };
        let more = |arrow: &str| {
            lines
                .iter()
                .any(|l| l.starts_with(&format!("  {arrow} ")) && l.trim_end().ends_with(" more"))
        };
        Some(LobbyView {
            at: *at,
            highlighted: lines[*at].trim_end().to_string(),
            wanted: lines.iter().position(|l| l.contains(wanted)),
            more_above: more("↑"),
            more_below: more("↓"),
        })
    }
}

/// Presses Enter on `person`'s screen until `watched`'s screen changes from what it showed
/// before: a press that comes before the screen takes keys (a loaded machine draws late) is
/// pressed again, and a press that took changes the screen within moments.
pub async fn enter_until_changed(who: &str, person: &Person, watched: &Person) {
    let before = watched.text();
    let start = Instant::now();
    for presses in 1.. {
        person.keys(b"\r").await;
        let pressed = Instant::now();
        while pressed.elapsed() < Duration::from_secs(3) {
            if watched.text() != before {
                return;
            }
            watched.next_change(Duration::from_millis(100)).await;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{who}: {presses} Enter presses left the screen as it was:\n{}\n\nthe presser's screen:\n{}",
            watched.shown(),
            person.shown()
        );
    }
}

/// High Ground's setup between Blue and Red: the seat to play presses Enter (lays the card
/// where its screen points, or names a Joker's level) until Blue's screen passes `done`. The
/// served deal is random, so who decides next is read from the screen: the centre card is
/// Blue's, and a Joker asks its layer for a level.
pub async fn lay_until(blue: &Person, red: &Person, done: impl Fn(&str) -> bool) {
    let start = Instant::now();
    loop {
        let shown = blue
            .wait_until("a seat to play", |s| {
                s.contains("Red  to play") || s.contains("Blue  to play")
            })
            .await;
        if done(&shown) {
            return;
        }
        assert!(start.elapsed() < PATIENCE, "{}", blue.shown());
        let mover = if shown.contains("Red  to play") {
            red
        } else {
            blue
        };
        enter_until_changed("the seat to play lays", mover, blue).await;
    }
}

/// A runtime of two threads for the clients (the machine has few cores).
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}
