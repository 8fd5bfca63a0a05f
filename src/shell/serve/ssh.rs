//! The SSH side, on russh: the host key, who may connect, the limits, and the requests taken
//! (a pty, its size, a shell; nothing else). Each shell runs its connection's screens on a
//! thread of its own (see [`super::lobby`]), fed with the client's bytes and drawing into the
//! channel.

use super::keys;
use super::lobby::{self, Shared};
use super::referee::lock;
use super::term::{self, ChannelWriter, Input, RemoteBackend, RemoteEvents, SharedSize};
use ratatui::Terminal;
use russh::keys::{Algorithm, PrivateKey, PublicKey};
use russh::server::{Auth, ChannelOpenHandle, Msg, Session};
use russh::{Channel, ChannelId};
use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Connections at once from one address.
pub const MAX_PER_ADDRESS: usize = 8;
/// Connections at once in all.
pub const MAX_CONNECTIONS: usize = 64;
/// Bytes of input a connection may send a second; more is dropped (a person types far less,
/// and a paste into a game screen means nothing).
pub const INPUT_BYTES_PER_SECOND: usize = 4096;
/// A connection that sends nothing this long is closed.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(30 * 60);
/// Frames queued for a client that does not read them before its screen waits.
const FRAMES_QUEUED: usize = 16;

/// Who may connect.
#[derive(Clone)]
pub enum Access {
    /// Any key (a server listening on loopback only).
    AnyKey,
    /// Only these keys (`authorized_keys` in the data directory).
    Allowed(Vec<PublicKey>),
}

impl Access {
    fn admits(&self, key: &PublicKey) -> bool {
        match self {
            Access::AnyKey => true,
            Access::Allowed(keys) => keys.iter().any(|k| k.key_data() == key.key_data()),
        }
    }
}

/// Reads an allow-list in the format of OpenSSH's `authorized_keys` (one key a line, options
/// before the key are not read: a line that does not start with the key's type is skipped).
pub fn read_allowed(path: &Path) -> Result<Vec<PublicKey>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| PublicKey::from_openssh(l).ok())
        .collect())
}

/// The server's host key, made on first start and kept in `path` (readable by its owner only).
pub fn host_key(path: &Path) -> Result<PrivateKey, String> {
    if path.exists() {
        return russh::keys::load_secret_key(path, None)
            .map_err(|e| format!("{}: cannot read the host key: {e}", path.display()));
    }
    let key = PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519)
        .map_err(|e| format!("cannot make a host key: {e}"))?;
    let text = key
        .to_openssh(russh::keys::ssh_key::LineEnding::LF)
        .map_err(|e| format!("cannot write the host key: {e}"))?;
    write_private(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write the host key: {e}", path.display()))?;
    Ok(key)
}

/// Writes a file only its owner may read, made so from its creation.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options.open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

/// A key's SHA-256 fingerprint as OpenSSH writes it ("SHA256:..."): what a seat is bound to.
pub fn fingerprint(key: &PublicKey) -> String {
    key.fingerprint(russh::keys::HashAlg::Sha256).to_string()
}

/// The server as russh sees it: it makes a handler per connection.
pub struct Server {
    pub shared: Arc<Shared>,
    pub access: Access,
    /// Connections open now, by address.
    pub open: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
}

impl russh::server::Server for Server {
    type Handler = Client;

    fn new_client(&mut self, peer: Option<std::net::SocketAddr>) -> Client {
        let address = peer.map(|p| p.ip());
        let over_limit = {
            let mut open = lock(&self.open);
            let total: usize = open.values().sum();
            let here = open.entry(address).or_insert(0);
            *here += 1;
            *here > MAX_PER_ADDRESS || total >= MAX_CONNECTIONS
        };
        Client {
            shared: Arc::clone(&self.shared),
            access: self.access.clone(),
            open: Arc::clone(&self.open),
            address,
            over_limit,
            channel: None,
            size: Arc::new(Mutex::new((80, 24))),
            input: None,
            budget: (Instant::now(), 0),
            key: None,
        }
    }
}

/// One connection.
pub struct Client {
    shared: Arc<Shared>,
    access: Access,
    open: Arc<Mutex<HashMap<Option<IpAddr>, usize>>>,
    address: Option<IpAddr>,
    /// Too many connections (from its address, or in all): it is refused at authentication.
    over_limit: bool,
    /// The one session channel a connection may have.
    channel: Option<ChannelId>,
    size: SharedSize,
    /// The screens' thread's input, once the shell started.
    input: Option<Sender<Input>>,
    /// Input taken in the current second: its start and bytes.
    budget: (Instant, usize),
    /// The fingerprint of the key the client proved it holds (seats are bound to it).
    key: Option<String>,
}

impl Drop for Client {
    fn drop(&mut self) {
        let mut open = lock(&self.open);
        if let Some(n) = open.get_mut(&self.address) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.remove(&self.address);
            }
        }
    }
}

impl Client {
    fn admits(&self, key: &PublicKey) -> Auth {
        if !self.over_limit && self.access.admits(key) {
            Auth::Accept
        } else {
            Auth::reject()
        }
    }

    fn resize(&mut self, cols: u32, rows: u32) {
        *lock(&self.size) = term::clamp_size(cols, rows);
        if let Some(input) = &self.input {
            let _ = input.send(Input::Resized);
        }
    }

    /// Starts the connection's screens: a thread draws them into the channel, and a task
    /// sends what it draws.
    fn start_screens(&mut self, channel: ChannelId, session: &mut Session) {
        let (input, typed) = std::sync::mpsc::channel();
        let (frames, mut to_send) = tokio::sync::mpsc::channel::<Vec<u8>>(FRAMES_QUEUED);
        let handle = session.handle();
        tokio::spawn(async move {
            while let Some(bytes) = to_send.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    break;
                }
            }
            let _ = handle.eof(channel).await;
            let _ = handle.close(channel).await;
        });
        let shared = Arc::clone(&self.shared);
        let size = Arc::clone(&self.size);
        // A shell is only reached after public-key authentication, so the key is known.
        let Some(key) = self.key.clone() else {
            return;
        };
        let started = std::thread::Builder::new()
            .name("connection".into())
            .spawn(move || {
                let backend = RemoteBackend::new(ChannelWriter::new(frames), size);
                let Ok(mut terminal) = Terminal::new(backend) else {
                    return;
                };
                // The alternate screen, the cursor hidden, the mouse reported; put back as
                // they were at the end.
                let start = [b"\x1b[?1049h\x1b[?25l\x1b[2J".as_slice(), keys::MOUSE_ON].concat();
                if terminal.backend_mut().write_raw(&start).is_err() {
                    return;
                }
                let mut events = RemoteEvents::new(typed);
                lobby::run(&shared, &mut terminal, &mut events, &key);
                let end = [keys::MOUSE_OFF, b"\x1b[?25h\x1b[?1049l".as_slice()].concat();
                let _ = terminal.backend_mut().write_raw(&end);
            });
        if started.is_ok() {
            self.input = Some(input);
        }
    }
}

impl russh::server::Handler for Client {
    type Error = russh::Error;

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        offer: russh::server::PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(self.admits(offer.public_key))
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: russh::server::VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let auth = self.admits(key.public_key);
        if matches!(auth, Auth::Accept) {
            self.key = Some(fingerprint(key.public_key));
        }
        Ok(auth)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One screen a connection: a second channel is refused (dropping the reply does).
        if self.channel.is_none() {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.resize(cols, rows);
        session.channel_success(channel)
    }

    async fn window_change_request(
        &mut self,
        _channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.resize(cols, rows);
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.input.is_some() || self.channel != Some(channel) {
            return session.channel_failure(channel);
        }
        self.start_screens(channel, session);
        if self.input.is_some() {
            session.channel_success(channel)
        } else {
            session.channel_failure(channel)
        }
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        _value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single: bool,
        _protocol: &str,
        _cookie: &str,
        _screen: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<bool, Self::Error> {
        session.channel_failure(channel)?;
        Ok(false)
    }

    async fn data(
        &mut self,
        _channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let now = Instant::now();
        if now.duration_since(self.budget.0) >= Duration::from_secs(1) {
            self.budget = (now, 0);
        }
        let room = INPUT_BYTES_PER_SECOND.saturating_sub(self.budget.1);
        let taken = keys::cut(data, room);
        self.budget.1 += taken.len();
        if let Some(input) = &self.input
            && !taken.is_empty()
        {
            let _ = input.send(Input::Bytes(taken.to_vec()));
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }

    async fn channel_close(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.input = None;
        Ok(())
    }
}
