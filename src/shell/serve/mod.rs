//! `tashkalar serve`: the table served over SSH, so that players at other machines need
//! nothing but `ssh` (issue 52; docs/serve.md). russh carries the protocol, its encryption and
//! keys; this module only decides who may connect, what they may ask, and what they see:
//!
//! - [`ssh`]: the host key, the allow-list, the limits, the requests taken;
//! - [`term`] and [`keys`]: a connection's terminal as the app's event loop needs it;
//! - [`lobby`]: a connection's screens (the tables, a new table, the table itself);
//! - [`tables`]: the server's tables, opened and rebuilt after a restart;
//! - [`referee`]: a table refereeing the mirrors of its people and watchers;
//! - [`codes`]: the seats' join codes;
//! - [`store`]: what is kept of each table beside its save, to rebuild it after a restart.

pub mod codes;
pub mod keys;
pub mod lobby;
pub mod referee;
pub mod ssh;
pub mod store;
pub mod tables;
pub mod term;

use crate::shell::record::save;
use crate::shell::tui::catalog::Catalog;
use crate::shell::tui::theme::PaletteKind;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// What `tashkalar serve` was asked for.
pub struct ServeOptions {
    pub listen: IpAddr,
    pub port: u16,
    /// Where the host key, the allow-list and the tables' saves (`saves/`) are kept.
    pub data_dir: PathBuf,
    pub palette: PaletteKind,
    /// Codes only (`--open`): any key may connect, even on a non-loopback address without an
    /// allow-list, but a seat is taken only with its join code (or by the key that took it).
    pub open: bool,
    /// Said once the server listens (the address, for scripts and tests that chose port 0).
    pub on_listening: Box<dyn FnOnce(std::net::SocketAddr) + Send>,
}

/// The name of the host key's file in the data directory.
pub const HOST_KEY_FILE: &str = "host_key_ed25519";
/// The name of the allow-list's file in the data directory.
pub const ALLOWED_FILE: &str = "authorized_keys";

/// Runs the server until the process is stopped.
pub fn serve(
    options: ServeOptions,
    catalog: Box<dyn Fn() -> Catalog + Send + Sync>,
) -> Result<(), String> {
    let dir = &options.data_dir;
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let saves = dir.join("saves");
    std::fs::create_dir_all(&saves).map_err(|e| format!("{}: {e}", saves.display()))?;
    save::check_dir(&saves).map_err(|e| e.to_string())?;
    let key = ssh::host_key(&dir.join(HOST_KEY_FILE))?;
    // Any key will do only where nobody but this machine's users can reach the server, or
    // where seats are taken by their codes alone (`--open`).
    let access = if options.listen.is_loopback() {
        ssh::Access::AnyKey
    } else {
        let allowed = ssh::read_allowed(&dir.join(ALLOWED_FILE))?;
        if !allowed.is_empty() {
            ssh::Access::Allowed(allowed)
        } else if options.open {
            ssh::Access::AnyKey
        } else {
            return Err(format!(
                "listening on {} needs the players' public keys in {} (one a line, as in \
                 ~/.ssh/authorized_keys), or --open (any key connects, seats are taken by \
                 their join codes); or listen on 127.0.0.1",
                options.listen,
                dir.join(ALLOWED_FILE).display()
            ));
        }
    };
    let config = russh::server::Config {
        inactivity_timeout: Some(ssh::IDLE_TIMEOUT),
        auth_rejection_time: std::time::Duration::from_secs(1),
        auth_rejection_time_initial: Some(std::time::Duration::from_secs(0)),
        methods: russh::MethodSet::from(&[russh::MethodKind::PublicKey][..]),
        max_auth_attempts: 6,
        keys: vec![key],
        nodelay: true,
        ..Default::default()
    };
    // The tables of the server that ran before are offered again.
    let records = dir.join("tables");
    std::fs::create_dir_all(&records).map_err(|e| format!("{}: {e}", records.display()))?;
    let tables = Arc::new(tables::Tables::new(Some(records), !options.open));
    tables.restore(&catalog(), &saves);
    let shared = Arc::new(lobby::Shared {
        tables,
        catalog,
        save_dir: saves,
        palette: options.palette,
    });
    let mut server = ssh::Server {
        shared,
        access,
        open: Arc::default(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        use russh::server::Server as _;
        let socket = tokio::net::TcpListener::bind((options.listen, options.port))
            .await
            .map_err(|e| format!("cannot listen on {}:{}: {e}", options.listen, options.port))?;
        let bound = socket
            .local_addr()
            .map_err(|e| format!("cannot listen: {e}"))?;
        (options.on_listening)(bound);
        server
            .run_on_socket(Arc::new(config), &socket)
            .await
            .map_err(|e| format!("the server stopped: {e}"))
    })
}
