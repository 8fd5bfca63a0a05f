//! Debian's OpenSSH client against `tashkalar serve` (issue 52): the real `ssh`, with a key made
//! by `ssh-keygen`, under a pseudo-terminal of 160 × 45 that `script` (util-linux) provides, sees
//! the lobby, opens a table of High Ground against an AI seat, and makes decisions with the keys
//! a person would press. Where `ssh` is missing the test is skipped, unless `CI` is set (CI
//! installs it: `.ci/run`).

mod serve_kit;

use serve_kit::{DOWN, PATIENCE, Server, list_position, my_turn, size};
use std::io::{Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `ssh` running under `script`'s pseudo-terminal: its screen read by a vt100 parser, its
/// keys written to `script`'s input.
struct OpenSsh {
    child: Child,
    keys: ChildStdin,
    screen: Arc<Mutex<vt100::Parser>>,
}

impl OpenSsh {
    fn start(port: u16, key: &std::path::Path) -> OpenSsh {
        let ssh = format!(
            "stty cols 160 rows 45; exec ssh -tt -p {port} -i {} -o StrictHostKeyChecking=no \
             -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes \
             -o IdentitiesOnly=yes player@127.0.0.1",
            key.display()
        );
        let mut child = Command::new("script")
            .args(["-qfec", &ssh, "/dev/null"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("script runs ssh");
        let keys = child.stdin.take().expect("its input");
        let mut out = child.stdout.take().expect("its output");
        let screen = Arc::new(Mutex::new(vt100::Parser::new(size(45), size(160), 0)));
        let seen = Arc::clone(&screen);
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = out.read(&mut buf) {
                if n == 0 {
                    break;
                }
                seen.lock().expect("screen").process(&buf[..n]);
            }
        });
        OpenSsh {
            child,
            keys,
            screen,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().expect("screen").screen().contents()
    }

    /// Types `bytes`, and gives the server a moment, as a person typing would.
    fn keys(&mut self, bytes: &[u8]) {
        self.keys.write_all(bytes).expect("keys written");
        self.keys.flush().expect("keys sent");
        std::thread::sleep(Duration::from_millis(80));
    }

    /// The screen once `test` holds for it; fails after the kit's patience.
    fn wait_until(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let shown = self.text();
            if test(&shown) {
                return shown;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {what}; ssh's screen shows:\n{shown}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for OpenSsh {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `program` runs here.
fn installed(program: &str) -> bool {
    Command::new(program)
        .arg("-V")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

#[test]
fn debian_ssh_plays_high_ground_against_the_ai() {
    if !installed("ssh") || !installed("script") {
        assert!(
            std::env::var_os("CI").is_none(),
            "ssh (openssh-client) and script (util-linux) are needed under CI"
        );
        eprintln!("skipped: no ssh or script here (install openssh-client to run this test)");
        return;
    }
    let server = Server::start("openssh");
    let key = server.dir.join("player_ed25519");
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(&key)
        .status()
        .expect("ssh-keygen runs");
    assert!(made.success(), "a key was made");

    let mut ssh = OpenSsh::start(server.address.port(), &key);
    ssh.wait_until("the lobby", |s| s.contains("Tables of this server"));
    // The lobby's first rows open Tash-Kalar, then High Ground.
    ssh.keys(DOWN);
    ssh.wait_until("High Ground's row", |s| {
        s.contains("> Open a new table: High Ground")
    });
    ssh.keys(b"\r");
    ssh.wait_until("the form", |s| s.contains("New game of High Ground"));
    // Seat 2 is the AI's already: Enter goes down the form to Start, and starts it.
    for _ in 0..10 {
        if ssh.text().contains("(you)") {
            break;
        }
        ssh.keys(b"\r");
        std::thread::sleep(Duration::from_millis(300));
    }
    ssh.wait_until("the table", |s| s.contains("Hand of Blue"));

    // Blue's decisions, each from the list of every legal choice; the AI plays between.
    let mut decided = 0;
    while decided < 4 {
        ssh.wait_until("Blue's turn", my_turn);
        ssh.keys(b"c");
        ssh.wait_until("the list", |s| list_position(s).is_some());
        ssh.keys(b"\r");
        ssh.wait_until("the list to close", |s| list_position(s).is_none());
        decided += 1;
    }
    // The log tells Blue's steps (laying cards, its King's side; a step of several decisions
    // is one entry) and the AI's.
    let shown = ssh.wait_until("Blue's steps in the log", |s| {
        s.matches("▌ Blue").count() >= 3
    });
    assert!(shown.contains("▌ Red"), "the AI played too:\n{shown}");
}
