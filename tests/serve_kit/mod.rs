//! What the tests of `tashkalar serve` over many clients share (issue 52), and what the load
//! example (`examples/serve_load.rs`) measures with: the built program serving on loopback,
//! russh's client playing as a person's terminal would (a pty of a given size, keys as bytes),
//! and a vt100 parser reading what each client's screen shows. Waits poll for text with
//! generous timeouts that fail saying what was on the screen; nothing here asserts on time.
#![allow(dead_code)]

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
/// the directory removed) with the value.
pub struct Server {
    child: Child,
    pub address: SocketAddr,
    pub dir: PathBuf,
}

impl Server {
    /// Starts `tashkalar serve --port 0` with a fresh data directory named after `name`.
    pub fn start(name: &str) -> Server {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-serve-kit-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut child = Command::new(program())
            .args(["serve", "--port", "0", "--data-dir"])
            .arg(&dir)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
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
        }
    }

    /// Whether the process still runs.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// The server's saves (`DIR/saves/*.ron`, not the hidden files written on the way).
    pub fn saves(&self) -> Vec<PathBuf> {
        std::fs::read_dir(self.dir.join("saves"))
            .map(|d| {
                d.filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|x| x == "ron"))
                    .filter(|p| !p.to_string_lossy().contains("/."))
                    .collect()
            })
            .unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// `tashkalar replay --verify FILE` says the save replays to its recorded end; panics with
/// what it said otherwise.
pub fn assert_verifies(save: &Path) {
    let verified = Command::new(program())
        .args(["replay", "--verify"])
        .arg(save)
        .output()
        .expect("replay runs");
    let said = String::from_utf8_lossy(&verified.stdout);
    assert!(
        verified.status.success() && said.starts_with("ok"),
        "{}: {said}{}",
        save.display(),
        String::from_utf8_lossy(&verified.stderr)
    );
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
        let stream = tokio::net::TcpStream::connect(address)
            .await
            .unwrap_or_else(|e| panic!("connects to {address}: {e}"));
        Person::over(stream, cols, rows).await
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
        Person::over(stream, cols, rows).await
    }

    async fn over(stream: tokio::net::TcpStream, cols: u16, rows: u16) -> Person {
        let _ = stream.set_nodelay(true);
        let config = Arc::new(client::Config::default());
        let mut session = client::connect_stream(config, stream, Trusting)
            .await
            .expect("the SSH handshake");
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
            changed: Arc::default(),
            parser: vt100::Parser::new(size(rows), size(cols), 0),
            received: Vec::new(),
            arrivals: 0,
            last_arrival: None,
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

    /// Sends a key and gives it a moment, as a person typing would.
    pub async fn keys(&self, bytes: &[u8]) {
        self.send(bytes).await;
        tokio::time::sleep(Duration::from_millis(60)).await;
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
                self.text()
            );
            self.next_change(Duration::from_millis(200)).await;
        }
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
                "waited for {what}; the screen shows:\n{shown}"
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

    /// Moves the lobby's highlight (the row drawn with "> ") to the row holding `text` and
    /// takes it. Rows are found by their words, not their place: tables come and go.
    pub async fn take_lobby_row(&self, text: &str) {
        self.wait_for("Tables of this server").await;
        self.wait_for(text).await;
        // Where the highlight and the row are, on a whole frame (one highlight drawn).
        let places = |shown: &str| {
            let lines: Vec<&str> = shown.lines().collect();
            let marked: Vec<usize> = (0..lines.len())
                .filter(|i| lines[*i].starts_with("> "))
                .collect();
            let want = lines.iter().position(|l| l.contains(text));
            match (marked.as_slice(), want) {
                ([at], Some(w)) => Some((*at, w)),
                _ => None,
            }
        };
        let start = Instant::now();
        loop {
            assert!(
                start.elapsed() < PATIENCE,
                "no lobby row {text:?} could be reached:\n{}",
                self.text()
            );
            let Some((at, want)) = places(&self.text()) else {
                self.next_change(Duration::from_millis(100)).await;
                continue;
            };
            if at == want {
                // The same a moment later: not a frame half drawn.
                tokio::time::sleep(Duration::from_millis(100)).await;
                if places(&self.text()) == Some((at, want)) {
                    self.keys(b"\r").await;
                    return;
                }
                continue;
            }
            // The arrows to the row in one packet (as a key held down sends them), then a
            // wait for the highlight to leave where it was.
            if at > want {
                self.send(&b"\x1b[A".repeat(at - want)).await;
            } else {
                self.send(&DOWN.repeat(want - at)).await;
            }
            let moved = Instant::now();
            while places(&self.text()).is_some_and(|(a, _)| a == at)
                && moved.elapsed() < Duration::from_secs(2)
            {
                self.next_change(Duration::from_millis(100)).await;
            }
        }
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

/// The line of a new-game form that sets `label` (e.g. "Seat 2").
fn form_line(shown: &str, label: &str) -> String {
    shown
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or("")
        .to_string()
}

/// In a new-game form, moves down to the row `label` (the row being changed is drawn with
/// ‹ ›) and presses ← or → until its line shows `value`.
pub async fn set_form_row(person: &Person, label: &str, value: &str, key: &[u8]) {
    for _ in 0..20 {
        if form_line(&person.text(), label).contains('‹') {
            break;
        }
        person.keys(DOWN).await;
    }
    for _ in 0..40 {
        if form_line(&person.text(), label).contains(value) {
            return;
        }
        person.keys(key).await;
    }
    panic!(
        "the form's {label} never showed {value:?}:\n{}",
        person.text()
    );
}

/// Opens a table of `title` from `person`'s lobby with the second seat a person's, after
/// `prepare` has set what else the form needs, and waits for the table's screen.
pub async fn open_for_two(person: &Person, title: &str) {
    person
        .take_lobby_row(&format!("Open a new table: {title}"))
        .await;
    person.wait_for(&format!("New game of {title}")).await;
    set_form_row(person, "Seat 2", "person", LEFT).await;
    start_form(person).await;
}

/// Presses Enter on a new-game form until the table's screen shows (Enter goes down a row,
/// and starts the game on the last). A game is dealt in a moment, but a loaded machine may
/// take longer: after each press the screen is given time to change before the next.
pub async fn start_form(person: &Person) {
    for _ in 0..15 {
        person.send(b"\r").await;
        let pressed = Instant::now();
        let before = person.text();
        while person.text() == before && pressed.elapsed() < Duration::from_secs(2) {
            person.next_change(Duration::from_millis(100)).await;
        }
        // A frame comes in pieces: a moment for the rest of it.
        tokio::time::sleep(Duration::from_millis(50)).await;
        if person.text().contains("(you)") {
            return;
        }
    }
    person.wait_for("(you)").await;
}

/// Whether the screen offers its person a decision: the hint bar lists `c` (every legal
/// choice) only on this seat's turn, once no choice of its own awaits the referee's ruling.
pub fn my_turn(shown: &str) -> bool {
    shown
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.contains("c list all"))
}

/// The highlighted entry and the length of an open "Every legal choice" list ("3 of 12").
pub fn list_position(shown: &str) -> Option<(usize, usize)> {
    let line = shown.lines().find(|l| l.contains(" · Enter: take it"))?;
    let before = line.split(" · Enter: take it").next()?;
    let mut words = before.rsplit(|c: char| c == '│' || c.is_whitespace());
    let total = words.next()?.parse().ok()?;
    let of = words.next()?;
    let at = words.next()?.parse().ok()?;
    (of == "of").then_some((at, total))
}

/// A small generator for the choices a test makes (reproducible from its seed).
pub struct Picks(u64);

impl Picks {
    pub fn new(seed: u64) -> Picks {
        Picks(seed.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1))
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Makes one decision the way a person can: `c` lists every legal choice, ↓ moves to the
/// `picks`' entry and Enter takes it. Returns once the list is gone (the choice went to the
/// referee), with how long `c` and Enter each took to bring bytes back.
pub async fn decide(person: &Person, picks: &mut Picks) -> [Duration; 2] {
    let listed = person.press(b"c").await;
    let shown = person
        .wait_until("the list of every legal choice", |s| {
            list_position(s).is_some()
        })
        .await;
    let (_, total) = list_position(&shown).expect("a list");
    let k = picks.below(total);
    for _ in 0..k {
        person.send(DOWN).await;
    }
    person
        .wait_until(&format!("entry {} of {total} highlighted", k + 1), |s| {
            list_position(s) == Some((k + 1, total))
        })
        .await;
    let taken = person.press(b"\r").await;
    person
        .wait_until("the list to close", |s| list_position(s).is_none())
        .await;
    [listed, taken]
}

/// What [`play_seat`] did: its decisions, and each key's time to its first bytes back.
#[derive(Default)]
pub struct Played {
    pub made: usize,
    pub latencies: Vec<Duration>,
}

/// Plays `person`'s seat until `over` holds for its screen, deciding on each of its turns,
/// at most `limit` decisions, and shows `observe` each screen it looks at. Returns the
/// decisions it made. Fails if the screen stays the same for twice [`PATIENCE`] (nobody
/// decides: the table is stuck).
pub async fn play_seat(
    person: &Person,
    mut picks: Picks,
    over: impl Fn(&str) -> bool,
    limit: usize,
    mut observe: impl FnMut(&str),
) -> Played {
    let mut played = Played::default();
    let mut last = String::new();
    let mut since = Instant::now();
    loop {
        let shown = person.text();
        if shown != last {
            observe(&shown);
        }
        if over(&shown) || played.made >= limit {
            return played;
        }
        if my_turn(&shown) {
            played.latencies.extend(decide(person, &mut picks).await);
            played.made += 1;
            since = Instant::now();
            continue;
        }
        if shown != last {
            last = shown;
            since = Instant::now();
        }
        assert!(
            since.elapsed() < 2 * PATIENCE,
            "the table stood still after {} decisions of this seat; the screen shows:\n{last}",
            played.made
        );
        person.next_change(Duration::from_millis(200)).await;
    }
}

/// The lines inside the panel titled `title` (the box whose top border holds it), read
/// between its side borders, down to its bottom border.
pub fn panel_lines(shown: &str, title: &str) -> Vec<String> {
    split_panel(shown, title).0
}

/// The screen with the panel titled `title` blanked out: what it shows besides that panel.
pub fn outside_panel(shown: &str, title: &str) -> String {
    split_panel(shown, title).1
}

/// The panel's inside lines, and the screen without them.
fn split_panel(shown: &str, title: &str) -> (Vec<String>, String) {
    let rows: Vec<Vec<char>> = shown.lines().map(|l| l.chars().collect()).collect();
    let Some((top, at)) = rows.iter().enumerate().find_map(|(i, r)| {
        let line: String = r.iter().collect();
        let byte = line.find(title)?;
        Some((i, line[..byte].chars().count()))
    }) else {
        return (Vec::new(), shown.to_string());
    };
    // The box's left corner is the last '┌' or '┏' before the title.
    let Some(left) = rows[top][..at].iter().rposition(|c| matches!(c, '┌' | '┏')) else {
        return (Vec::new(), shown.to_string());
    };
    let mut lines = Vec::new();
    let mut rest = rows.clone();
    for (i, row) in rows.iter().enumerate().skip(top + 1) {
        match row.get(left) {
            Some('│' | '┃') => {}
            _ => break,
        }
        let width = row[left + 1..]
            .iter()
            .take_while(|c| !matches!(c, '│' | '┃'))
            .count();
        lines.push(row[left + 1..left + 1 + width].iter().collect());
        for c in &mut rest[i][left + 1..left + 1 + width] {
            *c = ' ';
        }
    }
    let rest: Vec<String> = rest.iter().map(|r| r.iter().collect()).collect();
    (lines, rest.join("\n"))
}

/// Opens `n` tables of High Ground for two, one after another (so that the one free seat in
/// the lobby is the new table's), on terminals of 100 × 50 (the lobby does not scroll: its
/// rows must fit): the opener connects from loopback address `from(2i)`, the joiner from
/// `from(2i + 1)`. Returns each table's two people, both at the table.
pub async fn open_tables(
    server: &Server,
    n: usize,
    from: impl Fn(usize) -> IpAddr,
) -> Vec<(Person, Person)> {
    let mut tables = Vec::new();
    for i in 0..n {
        let blue = Person::connect_from(from(2 * i), server.address, 100, 50).await;
        open_for_two(&blue, "High Ground").await;
        let red = Person::connect_from(from(2 * i + 1), server.address, 100, 50).await;
        red.take_lobby_row("take the free seat Red").await;
        red.wait_for("Hand of Red").await;
        tables.push((blue, red));
    }
    tables
}

/// How many entries the log panel shows (each starts with "▌ "); both seats of a table see
/// the same log, so both can stop at the same count.
pub fn log_entries(shown: &str) -> usize {
    panel_lines(shown, "Log─")
        .iter()
        .filter(|l| l.starts_with("▌ "))
        .count()
}

/// Runs the futures together on this task (the runtime's threads serve the connections
/// meanwhile) and gives their results in order.
pub async fn join_all<F: std::future::Future>(all: Vec<F>) -> Vec<F::Output> {
    let mut pending: Vec<_> = all.into_iter().map(Box::pin).collect();
    let mut done: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut waiting = false;
        for (fut, slot) in pending.iter_mut().zip(done.iter_mut()) {
            if slot.is_none() {
                match fut.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => *slot = Some(v),
                    std::task::Poll::Pending => waiting = true,
                }
            }
        }
        if waiting {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    done.into_iter().flatten().collect()
}
