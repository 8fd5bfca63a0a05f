//! An outside program as a player: the host's side of the bot protocol (`docs/bot-protocol.md`).
//!
//! The program is started at its first decision and spoken to in JSON lines over its standard
//! input and output: a `hello` with the protocol version and its seed, then one `decide` per
//! decision (the seat's observation, the legal choices in the game's notation, the time budget),
//! each answered by one `choice`, and `quit` at the end. A program that cannot be started, exits,
//! answers something that is not a legal choice, or runs out of time gives no choice: the game
//! loop then counts the game as lost for it (a forfeit, [`Bot::forfeits`]) and says why
//! ([`Bot::failure`]).

use super::Bot;
use super::lines::{Line, MAX_LINE, read_line};
use crate::shell::game::Game;
use crate::shell::quote;
use serde_json::{Value, json};
use std::io::{BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

/// The protocol version this host speaks.
pub const PROTOCOL: u32 = 1;
/// The time budget of a decision when the bot's name does not give one (`cmd:`).
pub const DEFAULT_MOVE_TIME: Duration = Duration::from_secs(10);
/// Added to every budget before a program is out of time: pipes, start-up and scheduling on a
/// busy machine are not the program's fault.
pub const GRACE: Duration = Duration::from_millis(1500);
/// How long a program may take to start and answer `hello`, besides its budget of a decision.
pub const START_TIME: Duration = Duration::from_secs(2);
/// Blank lines a program may write in a row before it forfeits: the protocol has no use for
/// them, and a program stuck writing them would otherwise only be stopped by its deadline.
pub const MAX_BLANK_LINES: usize = 10_000;
/// Lines of a program's output read ahead of the host: a program that writes faster than the
/// host asks waits on its full pipe instead of filling the host's memory.
const READ_AHEAD: usize = 16;
/// How long a program that was told to quit has to exit before its process group is killed,
/// and how long what a program wrote before it exited is still read.
const EXIT_TIME: Duration = Duration::from_millis(500);
/// How long the host waits to see a program exit once its output closed or its input broke,
/// to give the true reason of the forfeit ("exited") rather than the first sign of it: longer
/// than [`EXIT_TIME`], because a busy machine may take a while to report an exit.
const EXIT_SEEN: Duration = Duration::from_secs(2);

/// An outside program playing one seat of one game.
pub struct ExternalBot {
    name: String,
    /// The program and its arguments.
    command: Vec<String>,
    seed: u64,
    move_time: Duration,
    process: Option<Process>,
    /// Why the program gave no choice; once set, it is never asked again.
    failure: Option<String>,
}

/// What the reader thread heard from a program.
enum Heard {
    /// A line that is not blank.
    Line(String),
    NotUtf8,
    TooLong,
    /// [`MAX_BLANK_LINES`] blank lines in a row.
    Blank,
    /// The end of its output.
    Closed,
    /// Reading failed (the text says how).
    Failed(String),
}

/// A running program, in a process group of its own (whose id is its process id), with a thread
/// writing its input and one reading its output, so that every wait of the host has a deadline:
/// a program that does not read blocks only the writer thread, and one that does not write only
/// the reader thread. Both end when the program's group is killed and its pipes close.
struct Process {
    child: Child,
    /// Requests for the writer thread; `None` once the program's input is to be closed.
    requests: Option<Sender<String>>,
    /// The writer thread's word on each request: written, or why not.
    written: Receiver<Result<(), String>>,
    heard: Receiver<Heard>,
}

impl ExternalBot {
    /// Reads a bot name of the form `cmd:PROGRAM ARGS` or `cmd@SECONDS:PROGRAM ARGS` (the
    /// program and its arguments separated by spaces; no quoting). The program is not started
    /// until its first decision.
    pub fn from_name(name: &str, seed: u64) -> Result<ExternalBot, String> {
        let rest = name
            .strip_prefix("cmd")
            .ok_or_else(|| format!("`{name}` is not a cmd: bot"))?;
        let (move_time, command) = match rest.strip_prefix('@') {
            Some(timed) => {
                let (secs, command) = timed
                    .split_once(':')
                    .ok_or_else(|| format!("`{name}`: expected cmd@SECONDS:PROGRAM"))?;
                (super::seconds_in_name(secs, name)?, command)
            }
            None => (
                DEFAULT_MOVE_TIME,
                rest.strip_prefix(':')
                    .ok_or_else(|| format!("`{name}`: expected cmd:PROGRAM"))?,
            ),
        };
        let command: Vec<String> = command.split_whitespace().map(String::from).collect();
        if command.is_empty() {
            return Err(format!("`{name}`: no program named after cmd:"));
        }
        Ok(ExternalBot {
            name: name.to_string(),
            command,
            seed,
            move_time,
            process: None,
            failure: None,
        })
    }

    /// Starts the program and greets it.
    fn start(&mut self, cancel: &AtomicBool) -> Result<(), String> {
        let mut command = Command::new(&self.command[0]);
        command
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        group::own_group(&mut command);
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not start `{}`: {e}", quote::short(&self.command[0])))?;
        let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            group::end(&mut child);
            return Err("no pipes to the program".into());
        };
        let (requests, to_write) = mpsc::channel::<String>();
        let (wrote, written) = mpsc::channel();
        std::thread::spawn(move || {
            for request in to_write {
                let done = stdin
                    .write_all(request.as_bytes())
                    .and_then(|_| stdin.flush())
                    .map_err(|e| e.to_string());
                let failed = done.is_err();
                if wrote.send(done).is_err() || failed {
                    break;
                }
            }
            // Dropping `stdin` here closes the program's input.
        });
        let (hear, heard) = mpsc::sync_channel(READ_AHEAD);
        std::thread::spawn(move || read_output(BufReader::new(stdout), hear));
        self.process = Some(Process {
            child,
            requests: Some(requests),
            written,
            heard,
        });
        let due = Due::after(self.move_time + GRACE + START_TIME);
        let hello = json!({"type": "hello", "protocol": PROTOCOL, "seed": self.seed});
        self.send(&hello, due, cancel)?;
        let answer = self.answer(due, cancel)?;
        match answer.get("type").and_then(Value::as_str) {
            Some("ready") => Ok(()),
            _ => Err(format!(
                "answered hello with `{}`, not ready",
                quote::short(&answer.to_string())
            )),
        }
    }

    /// Hands `message` to the writer thread and waits, until `deadline`, for it to be written:
    /// a program that does not read its input runs out of time like one that does not answer.
    fn send(&mut self, message: &Value, due: Due, cancel: &AtomicBool) -> Result<(), String> {
        let process = self.process.as_mut().ok_or("the program is not running")?;
        let queued = process
            .requests
            .as_ref()
            .is_some_and(|r| r.send(format!("{message}\n")).is_ok());
        let written = if queued {
            wait(&process.written, due.at, cancel).map_err(|waited| match waited {
                Waited::Late => format!(
                    "did not read its input within {:.1} s",
                    due.limit.as_secs_f64()
                ),
                Waited::Cancelled => "cancelled".to_string(),
                Waited::Gone => "its input is closed".to_string(),
            })?
        } else {
            Err("its input is closed".to_string())
        };
        written.map_err(|e| {
            // A program that exits at once closes its input before or while it is written to:
            // say that it exited rather than how the write failed, so the reason does not
            // depend on which came first.
            match process.exited_within(EXIT_SEEN) {
                Some(status) => format!("the program exited ({status})"),
                None => format!("the program stopped reading ({e})"),
            }
        })
    }

    /// The program's next line as JSON, before `due`.
    fn answer(&mut self, due: Due, cancel: &AtomicBool) -> Result<Value, String> {
        let process = self.process.as_mut().ok_or("the program is not running")?;
        let deadline = due.at;
        // Set once the program is seen to have exited: whatever it wrote before is still read
        // (it may have answered and then exited), but only for a moment.
        let mut exited: Option<(String, Instant)> = None;
        loop {
            let heard = match wait(&process.heard, deadline.min(Instant::now() + POLL), cancel) {
                Ok(heard) => heard,
                Err(Waited::Cancelled) => return Err("cancelled".into()),
                Err(Waited::Late) => {
                    if let Some((status, since)) = &exited {
                        if since.elapsed() >= EXIT_TIME {
                            return Err(format!("the program exited ({status})"));
                        }
                    } else {
                        // The program itself may have exited while a child it started keeps
                        // its output open: its exit is the reason, not the silence after it.
                        exited = process.exit_status().map(|s| (s, Instant::now()));
                    }
                    if Instant::now() >= deadline {
                        return Err(format!("no answer within {:.1} s", due.limit.as_secs_f64()));
                    }
                    continue;
                }
                Err(Waited::Gone) => Heard::Closed,
            };
            return match heard {
                Heard::Line(line) => parse_line(&line),
                Heard::NotUtf8 => Err("answered a line that is not UTF-8".into()),
                Heard::TooLong => Err(format!("answered a line longer than {} bytes", MAX_LINE)),
                Heard::Blank => Err(format!("wrote {MAX_BLANK_LINES} blank lines in a row")),
                Heard::Failed(e) => Err(format!("could not read its output ({e})")),
                Heard::Closed => {
                    // Its output closes as it exits; give the exit a moment to be seen, so the
                    // reason does not depend on which the host noticed first.
                    Err(match process.exited_within(EXIT_SEEN) {
                        Some(status) => format!("the program exited ({status})"),
                        None => "the program closed its output".into(),
                    })
                }
            };
        }
    }

    /// One decision: the choice the program names, or why it named none. The decision's budget
    /// (and grace) covers writing the request as well as reading the answer.
    fn decide<G: Game>(
        &mut self,
        observation: &G,
        cancel: &AtomicBool,
    ) -> Result<G::Choice, String> {
        let wire = observation
            .wire()
            .ok_or("this game is not offered over the bot protocol")?;
        if self.process.is_none() {
            self.start(cancel)?;
        }
        let mut legal = Vec::new();
        observation.legal(&mut legal);
        let texts: Vec<String> = legal.iter().map(|c| observation.choice_text(c)).collect();
        let due = Due::after(self.move_time + GRACE);
        let request = json!({
            "type": "decide",
            "seat": observation.to_move(),
            "turn": observation.turn(),
            "observation": wire,
            "legal": texts,
            "time_ms": self.move_time.as_millis() as u64,
        });
        self.send(&request, due, cancel)?;
        let answer = self.answer(due, cancel)?;
        choice_of(&answer, &texts).map(|i| legal[i])
    }

    /// Stops the program: `quit` and a moment to leave, then its whole process group is killed
    /// (the program, if it did not leave, and anything it started that is still there).
    fn stop(&mut self) {
        let Some(process) = self.process.as_mut() else {
            return;
        };
        if process.exit_status().is_none() {
            let never = AtomicBool::new(false);
            let _ = self.send(&json!({"type": "quit"}), Due::after(EXIT_TIME), &never);
        }
        if let Some(mut process) = self.process.take() {
            // Closes its input (once the writer thread is done with what it was writing).
            process.requests = None;
            process.exited_within(EXIT_TIME);
            group::end(&mut process.child);
        }
    }
}

/// A line a program wrote, as JSON (or why it is not).
fn parse_line(line: &str) -> Result<Value, String> {
    serde_json::from_str(line)
        .map_err(|_| format!("answered `{}`, which is not JSON", quote::short(line)))
}

/// Which of the `legal` choices (their texts, in the order sent) an answer to `decide` names,
/// or why it names none. Every reason quotes the program's words escaped and cut short.
pub fn choice_of(answer: &Value, legal: &[String]) -> Result<usize, String> {
    if answer.get("type").and_then(Value::as_str) != Some("choice") {
        return Err(format!(
            "answered `{}`, not a choice",
            quote::short(&answer.to_string())
        ));
    }
    if let Some(index) = answer.get("index").and_then(Value::as_u64) {
        return usize::try_from(index)
            .ok()
            .filter(|i| *i < legal.len())
            .ok_or_else(|| format!("chose index {index} of {} choices", legal.len()));
    }
    let text = answer
        .get("text")
        .and_then(Value::as_str)
        .ok_or("a choice needs an index or a text")?;
    legal
        .iter()
        .position(|t| t == text)
        .ok_or_else(|| format!("chose `{}`, which is not legal here", quote::short(text)))
}

/// What the host makes of one line a program wrote in answer to a `decide` whose legal
/// choices were `legal`: the index of the choice, or the reason the program forfeits. (The
/// host's reading of answers, whole, for the fuzz tests.)
pub fn read_answer(line: &str, legal: &[String]) -> Result<usize, String> {
    choice_of(&parse_line(line)?, legal)
}

/// When a program's time for one exchange runs out, and how long it had (for the reason).
#[derive(Clone, Copy)]
struct Due {
    at: Instant,
    limit: Duration,
}

impl Due {
    fn after(limit: Duration) -> Due {
        Due {
            at: Instant::now() + limit,
            limit,
        }
    }
}

/// How often a wait looks at the cancel flag and whether the program has exited.
const POLL: Duration = Duration::from_millis(50);

/// Why a [`wait`] gave nothing.
enum Waited {
    /// The deadline passed.
    Late,
    Cancelled,
    /// The thread at the other end has ended.
    Gone,
}

/// The next message on `from` before `deadline`, looking at `cancel` as it waits.
fn wait<T>(from: &Receiver<T>, deadline: Instant, cancel: &AtomicBool) -> Result<T, Waited> {
    loop {
        if cancel.load(Ordering::Relaxed) {
            return Err(Waited::Cancelled);
        }
        let now = Instant::now();
        if now >= deadline {
            return Err(Waited::Late);
        }
        match from.recv_timeout((deadline - now).min(POLL)) {
            Ok(message) => return Ok(message),
            Err(RecvTimeoutError::Timeout) => continue,
            Err(RecvTimeoutError::Disconnected) => return Err(Waited::Gone),
        }
    }
}

/// The reader thread: the program's output, line by line in bounded memory, until it closes,
/// a line is bad (the program forfeits then; nothing more is read), or the host stops listening.
/// Blank lines are counted, not queued.
fn read_output(mut output: impl std::io::BufRead, hear: SyncSender<Heard>) {
    let mut blank = 0;
    loop {
        // A program sending an endless line forfeits at once: its line is not skipped.
        let heard = match read_line(&mut output, MAX_LINE, false) {
            Ok(Line::Text(line)) if line.trim().is_empty() => {
                blank += 1;
                if blank < MAX_BLANK_LINES {
                    continue;
                }
                Heard::Blank
            }
            Ok(Line::Text(line)) => {
                blank = 0;
                Heard::Line(line)
            }
            Ok(Line::NotUtf8) => Heard::NotUtf8,
            Ok(Line::TooLong) => Heard::TooLong,
            Ok(Line::End) => Heard::Closed,
            Err(e) => Heard::Failed(e.to_string()),
        };
        let last = !matches!(heard, Heard::Line(_));
        if hear.send(heard).is_err() || last {
            return;
        }
    }
}

impl Process {
    /// How the program ended, if it has (it is not reaped: see [`group::exit_status`]).
    fn exit_status(&mut self) -> Option<String> {
        group::exit_status(&mut self.child)
    }

    /// How the program ended, waiting up to `time` for it to end.
    fn exited_within(&mut self, time: Duration) -> Option<String> {
        let deadline = Instant::now() + time;
        loop {
            if let Some(status) = self.exit_status() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

/// Outside programs in process groups of their own.
///
/// A program is the leader of a new group, so that ending it ends everything it started (a
/// child it forked keeps its pipes open, and would outlive it otherwise). The group's id is the
/// leader's process id, which the system does not give to another process while the leader is
/// not reaped: so the host never reaps the leader before it has killed the group.
mod group {
    use std::process::{Child, Command};

    /// Makes `command` start in a new process group; on Linux the program is also killed if
    /// the thread that started it ends (the host crashed or was killed), since a terminal's
    /// Ctrl-C no longer reaches a program outside the terminal's foreground group.
    pub fn own_group(command: &mut Command) {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::process::CommandExt;
            let host = std::process::id();
            // The death signal follows the *thread* that spawned the bot, not the process: bots
            // are started by the thread that asks them for choices (a tournament's game thread,
            // the table's AI worker), which outlives them; a bot started on a short-lived thread
            // would be killed when that thread ends.
            // SAFETY: the closure runs in the child between fork and exec, where only
            // async-signal-safe calls are allowed: `prctl`, `getppid` and `_exit` are.
            unsafe {
                command.pre_exec(move || {
                    use nix::sys::signal::Signal;
                    nix::sys::prctl::set_pdeathsig(Signal::SIGKILL)?;
                    // The host may have died before the line above: then nobody would kill it.
                    if nix::unistd::getppid().as_raw() as u32 != host {
                        nix::libc::_exit(1);
                    }
                    Ok(())
                });
            }
        }
    }

    /// How `child` ended, if it has, without reaping it (its process id, and so its group's,
    /// stays its own until [`end`]).
    #[cfg(unix)]
    pub fn exit_status(child: &mut Child) -> Option<String> {
        use nix::sys::wait::{Id, WaitPidFlag, WaitStatus, waitid};
        let pid = nix::unistd::Pid::from_raw(child.id() as i32);
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(pid), flags) {
            Ok(WaitStatus::Exited(_, code)) => Some(format!("exit status: {code}")),
            Ok(WaitStatus::Signaled(_, signal, _)) => Some(format!("killed by {signal}")),
            _ => None,
        }
    }

    #[cfg(not(unix))]
    pub fn exit_status(child: &mut Child) -> Option<String> {
        child.try_wait().ok().flatten().map(|s| s.to_string())
    }

    /// Kills the program's whole group (whatever is left of it), then the program itself (in
    /// case it left its group), and reaps it.
    pub fn end(child: &mut Child) {
        #[cfg(unix)]
        {
            use nix::sys::signal::{Signal, killpg};
            let group = nix::unistd::Pid::from_raw(child.id() as i32);
            let _ = killpg(group, Signal::SIGKILL);
        }
        let _ = child.kill();
        let _ = child.wait();
    }
}

impl<G: Game> Bot<G> for ExternalBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice> {
        if self.failure.is_some() {
            return None;
        }
        match self.decide(observation, cancel) {
            Ok(choice) => Some(choice),
            Err(why) => {
                self.failure = Some(why);
                self.stop();
                None
            }
        }
    }

    fn forfeits(&self) -> bool {
        true
    }

    fn failure(&self) -> Option<String> {
        self.failure.clone()
    }
}

impl Drop for ExternalBot {
    fn drop(&mut self) {
        self.stop();
    }
}
