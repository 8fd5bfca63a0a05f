//! Entering and leaving the full-screen terminal: checks that there is a usable terminal at all,
//! turns mouse reporting on, and makes sure a panic or an error puts the terminal back.

use ratatui::DefaultTerminal;
use ratatui::crossterm::cursor::Show;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use std::io::{IsTerminal, stdout};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Refuses to start without an interactive terminal (piped output, `TERM=dumb`), with a message
/// saying what to do instead.
pub fn check() -> Result<(), String> {
    if !std::io::stdout().is_terminal() || !std::io::stdin().is_terminal() {
        return Err(
            "the game screen needs an interactive terminal, and stdin or stdout is not \
                    one (for scripts, use `tashkalar sim`, `legal` or `replay --verify`)"
                .into(),
        );
    }
    match std::env::var("TERM") {
        Ok(term) if term == "dumb" => Err(
            "TERM=dumb cannot draw the game screen; run it in a terminal emulator (e.g. TERM=xterm-256color)"
                .into(),
        ),
        Ok(term) if term.trim().is_empty() && cfg!(unix) => {
            Err("TERM is empty; set it to your terminal type (e.g. xterm-256color)".into())
        }
        Err(_) if cfg!(unix) => {
            Err("TERM is not set; set it to your terminal type (e.g. xterm-256color)".into())
        }
        _ => Ok(()),
    }
}

/// Switches to the alternate screen in raw mode with mouse reporting. ratatui installs a panic
/// hook that restores the terminal; ours wraps it to switch mouse reporting off first.
pub fn enter() -> Result<DefaultTerminal, String> {
    let terminal = ratatui::try_init().map_err(|e| {
        ratatui::restore();
        format!("cannot set up the terminal: {e}")
    })?;
    let _ = execute!(stdout(), EnableMouseCapture);
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        previous(info);
    }));
    Ok(terminal)
}

/// Puts the terminal back as it was (the cursor shown too: the screen's own drop shows it, but
/// not when the program is ended from another thread).
pub fn leave() {
    let _ = execute!(stdout(), DisableMouseCapture, Show);
    ratatui::restore();
}

/// The signals that end the program politely: the terminal is restored and the game saved, as
/// after a panic. (Ctrl-C in the game screen is a key, not a signal: raw mode turns it off.)
#[cfg(unix)]
const STOP_SIGNALS: &[(i32, &str)] = &[
    (signal_hook::consts::SIGTERM, "SIGTERM"),
    (signal_hook::consts::SIGHUP, "SIGHUP"),
    (signal_hook::consts::SIGINT, "SIGINT"),
];
#[cfg(not(unix))]
const STOP_SIGNALS: &[(i32, &str)] = &[];

/// How long the event loop has to act on a stop signal before the program ends without it.
const STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Ends the program [`STOP_GRACE`] after a stop signal if the event loop has not ended it by
/// then, or at once at a second stop signal (a stuck shutdown can still be stopped), putting
/// the terminal back first either way. A terminal that went away (a closed window, a killed
/// tmux session) leaves the terminal library reading end-of-file in a loop that never returns
/// to the event loop (crossterm issue 793), so the loop cannot see the SIGHUP that came with
/// it, and the program would spin on a core for ever. Nothing is lost: the game is saved after
/// every decision (atomically: a save cut short leaves the one before).
///
/// This runs on a thread of its own, not in a signal handler, because putting the terminal back
/// (writing escape sequences, leaving raw mode) is not safe in a handler: a second signal used
/// to end the program from the handler, leaving the terminal in the game screen's modes.
#[cfg(unix)]
fn watch_for_a_stuck_stop() -> Result<(), String> {
    let mut waiting = signal_hook::iterator::Signals::new(STOP_SIGNALS.iter().map(|(s, _)| *s))
        .map_err(|e| format!("cannot listen for signals: {e}"))?;
    std::thread::Builder::new()
        .name("table-signals".into())
        .spawn(move || {
            let Some(mut signal) = waiting.forever().next() else {
                return;
            };
            let deadline = std::time::Instant::now() + STOP_GRACE;
            while std::time::Instant::now() < deadline {
                if let Some(second) = waiting.pending().next() {
                    signal = second;
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            // Put back in a thread of its own, waited for a moment only: with the terminal gone,
            // or the main thread stuck holding standard output, it may never return, and the
            // program must end all the same.
            let (done, put_back) = std::sync::mpsc::channel();
            let restoring = std::thread::Builder::new().spawn(move || {
                leave();
                let _ = done.send(());
            });
            if restoring.is_ok() {
                let _ = put_back.recv_timeout(std::time::Duration::from_millis(500));
            }
            std::process::exit(128 + signal);
        })
        .map(|_| ())
        .map_err(|e| format!("cannot watch for signals: {e}"))
}
#[cfg(not(unix))]
fn watch_for_a_stuck_stop() -> Result<(), String> {
    Ok(())
}

/// Signals that arrived, for the event loop to act on: the number of the last one (0: none).
pub struct Signals(Arc<AtomicUsize>);

impl Signals {
    /// Starts listening for SIGTERM, SIGHUP and SIGINT. The handler only sets a flag (nothing
    /// else is safe in it); a second signal while the first is being handled ends the program
    /// at once, the terminal put back (see `watch_for_a_stuck_stop`), so a stuck shutdown can
    /// still be stopped.
    pub fn listen() -> Result<Signals, String> {
        let arrived = Arc::new(AtomicUsize::new(0));
        for &(signal, name) in STOP_SIGNALS {
            signal_hook::flag::register_usize(signal, Arc::clone(&arrived), signal as usize)
                .map_err(|e| format!("cannot listen for {name}: {e}"))?;
        }
        watch_for_a_stuck_stop()?;
        Ok(Signals(arrived))
    }

    /// The name of a signal that arrived, if any.
    pub fn arrived(&self) -> Option<&'static str> {
        let signal = self.0.load(Ordering::Relaxed);
        STOP_SIGNALS
            .iter()
            .find(|(s, _)| *s as usize == signal)
            .map(|(_, name)| *name)
    }
}
