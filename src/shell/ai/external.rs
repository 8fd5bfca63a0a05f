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
use crate::shell::game::Game;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
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

/// A running program.
struct Process {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
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
        let mut child = Command::new(&self.command[0])
            .args(&self.command[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("could not start `{}`: {e}", self.command[0]))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("no pipes to the program".into());
        };
        let (sender, lines) = mpsc::channel();
        // A reader thread, so that waiting for an answer can time out.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        self.process = Some(Process {
            child,
            stdin,
            lines,
        });
        self.send(&json!({"type": "hello", "protocol": PROTOCOL, "seed": self.seed}))?;
        let answer = self.answer(self.move_time + GRACE + START_TIME, cancel)?;
        match answer.get("type").and_then(Value::as_str) {
            Some("ready") => Ok(()),
            _ => Err(format!("answered hello with {answer}, not ready")),
        }
    }

    fn send(&mut self, message: &Value) -> Result<(), String> {
        let process = self.process.as_mut().ok_or("the program is not running")?;
        let sent = writeln!(process.stdin, "{message}").and_then(|_| process.stdin.flush());
        sent.map_err(|e| {
            // A program that exits at once closes its input before or while it is written to:
            // say that it exited (it is being reaped) rather than how the write failed, so the
            // reason does not depend on which came first.
            for _ in 0..100 {
                if let Ok(Some(status)) = process.child.try_wait() {
                    return format!("the program exited ({status})");
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            format!("the program stopped reading ({e})")
        })
    }

    /// The program's next line as JSON, within `time`.
    fn answer(&mut self, time: Duration, cancel: &AtomicBool) -> Result<Value, String> {
        let process = self.process.as_mut().ok_or("the program is not running")?;
        let deadline = Instant::now() + time;
        loop {
            let now = Instant::now();
            if now >= deadline {
                return Err(format!("no answer within {:.1} s", time.as_secs_f64()));
            }
            if cancel.load(Ordering::Relaxed) {
                return Err("cancelled".into());
            }
            let wait = (deadline - now).min(Duration::from_millis(50));
            match process.lines.recv_timeout(wait) {
                Ok(line) if line.trim().is_empty() => continue,
                Ok(line) => {
                    return serde_json::from_str(&line)
                        .map_err(|_| format!("answered `{}`, which is not JSON", clip(&line)));
                }
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    // Its output closes as it exits; give the exit a moment to be seen, so the
                    // reason does not depend on which the host noticed first.
                    for _ in 0..100 {
                        if let Ok(Some(status)) = process.child.try_wait() {
                            return Err(format!("the program exited ({status})"));
                        }
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    return Err("the program closed its output".into());
                }
            }
        }
    }

    /// One decision: the choice the program names, or why it named none.
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
        self.send(&json!({
            "type": "decide",
            "seat": observation.to_move(),
            "turn": observation.turn(),
            "observation": wire,
            "legal": texts,
            "time_ms": self.move_time.as_millis() as u64,
        }))?;
        let answer = self.answer(self.move_time + GRACE, cancel)?;
        if answer.get("type").and_then(Value::as_str) != Some("choice") {
            return Err(format!(
                "answered {}, not a choice",
                clip(&answer.to_string())
            ));
        }
        if let Some(index) = answer.get("index").and_then(Value::as_u64) {
            return legal
                .get(index as usize)
                .copied()
                .ok_or_else(|| format!("chose index {index} of {} choices", legal.len()));
        }
        let text = answer
            .get("text")
            .and_then(Value::as_str)
            .ok_or("a choice needs an index or a text")?;
        texts
            .iter()
            .position(|t| t == text)
            .map(|i| legal[i])
            .ok_or_else(|| format!("chose `{}`, which is not legal here", clip(text)))
    }

    /// Stops the program: `quit`, a moment to leave, then the hard way.
    fn stop(&mut self) {
        if self.process.is_some() {
            let _ = self.send(&json!({"type": "quit"}));
        }
        if let Some(mut process) = self.process.take() {
            drop(process.stdin);
            let deadline = Instant::now() + Duration::from_millis(500);
            while Instant::now() < deadline {
                if let Ok(Some(_)) = process.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            let _ = process.child.kill();
            let _ = process.child.wait();
        }
    }
}

/// At most 80 characters of what a program said, for messages.
fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(80).collect();
    if out.len() < text.len() {
        out.push_str("...");
    }
    out
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
