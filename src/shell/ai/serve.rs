//! A built-in bot served over the bot protocol (`tashkalar bot --level L`): the program's side of
//! `docs/bot-protocol.md`, for any game that can read its observations back
//! ([`Recordable::from_wire`]).

use super::external::PROTOCOL;
use super::lines::{Line, MAX_LINE, read_line};
use super::{Bot, make_bot, panic_text};
use crate::shell::game::Heuristics;
use crate::shell::record::Recordable;
use serde_json::{Value, json};
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// The bot name a `--level` stands for: `easy`, `normal` and `hard` are the search levels; any
/// other name (`greedy`, `random`, `mcts:hard`) is taken as it is.
pub fn level_bot(level: &str) -> String {
    match level {
        "easy" | "normal" | "hard" => format!("mcts:{level}"),
        other => other.to_string(),
    }
}

/// Serves `bot` (a name [`make_bot`] knows) on `input` and `output` until `quit` or the end of
/// the input. Every message gets one line in answer; a message that cannot be understood (not
/// UTF-8, not JSON, longer than [`MAX_LINE`], an observation that is not a state) gets an
/// `error` line (and the host, which asked for a choice, then counts the game as lost).
pub fn serve<G: Recordable + Heuristics>(
    ctx: &G::Context,
    bot: &str,
    mut input: impl BufRead,
    mut output: impl Write,
) -> Result<(), String> {
    // Checked once, so that a bad name is the command's error, not a game's.
    make_bot::<G>(bot, 0)?;
    let mut player: Box<dyn Bot<G>> = make_bot::<G>(bot, 0)?;
    loop {
        // In bounded memory: a line too long is skipped to its end, not read whole.
        let unreadable = match read_line(&mut input, MAX_LINE, true) {
            Ok(Line::End) => return Ok(()),
            Ok(Line::Text(line)) => Ok(line),
            Ok(Line::NotUtf8) => Err("the line is not UTF-8".to_string()),
            Ok(Line::TooLong) => Err(format!("the line is longer than {MAX_LINE} bytes")),
            Err(e) => return Err(format!("reading the host: {e}")),
        };
        let line = match unreadable {
            Ok(line) => line,
            Err(why) => {
                answer(&mut output, &error(why))?;
                continue;
            }
        };
        if line.trim().is_empty() {
            continue;
        }
        let reply = match serde_json::from_str::<Value>(&line) {
            Err(e) => error(format!("not JSON: {e}")),
            Ok(message) => match message.get("type").and_then(Value::as_str) {
                Some("hello") => {
                    let seed = message.get("seed").and_then(Value::as_u64).unwrap_or(0);
                    player = make_bot::<G>(bot, seed)?;
                    json!({"type": "ready", "protocol": PROTOCOL, "name": player.name()})
                }
                Some("decide") => {
                    // A panic on a state no game could reach is an answer, not a crash.
                    catch_unwind(AssertUnwindSafe(|| {
                        decide::<G>(ctx, &mut *player, &message)
                    }))
                    .unwrap_or_else(|p| Err(format!("panicked: {}", panic_text(&*p))))
                    .unwrap_or_else(error)
                }
                Some("quit") => return Ok(()),
                other => error(format!("unknown message type {other:?}")),
            },
        };
        answer(&mut output, &reply)?;
    }
}

/// Writes one answer line to the host.
fn answer(output: &mut impl Write, message: &Value) -> Result<(), String> {
    writeln!(output, "{message}")
        .and_then(|_| output.flush())
        .map_err(|e| format!("writing to the host: {e}"))
}

fn error(message: String) -> Value {
    json!({"type": "error", "message": message})
}

/// Answers one `decide`: restores the observation, lets the bot choose within the budget, and
/// names the choice by its index in the host's list (and its text).
fn decide<G: Recordable + Heuristics>(
    ctx: &G::Context,
    player: &mut dyn Bot<G>,
    message: &Value,
) -> Result<Value, String> {
    let observation = message
        .get("observation")
        .ok_or("decide without observation")?;
    let state = G::from_wire(ctx, observation)?;
    let host_legal: Vec<&str> = message
        .get("legal")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let budget = message
        .get("time_ms")
        .and_then(Value::as_u64)
        .map(Duration::from_millis);
    let cancel = AtomicBool::new(false);
    let choice = with_deadline(&cancel, budget, || player.choose(&state, &cancel))
        .ok_or("the bot found no choice")?;
    let text = state.choice_text(&choice);
    let index = if host_legal.is_empty() {
        None
    } else {
        Some(
            host_legal
                .iter()
                .position(|t| *t == text)
                .ok_or_else(|| format!("chose `{text}`, which is not in the host's list"))?,
        )
    };
    Ok(json!({"type": "choice", "index": index, "text": text}))
}

/// Runs `work` with `cancel` set once nine tenths of `budget` have passed (a bot stops promptly
/// once cancelled), so that the answer arrives within the host's budget.
fn with_deadline<R>(cancel: &AtomicBool, budget: Option<Duration>, work: impl FnOnce() -> R) -> R {
    let Some(budget) = budget else {
        return work();
    };
    let done = Arc::new((Mutex::new(false), Condvar::new()));
    std::thread::scope(|scope| {
        let watch = Arc::clone(&done);
        scope.spawn(move || {
            let (lock, wake) = &*watch;
            let Ok(guard) = lock.lock() else { return };
            let timed = wake.wait_timeout_while(guard, budget.mul_f64(0.9), |finished| !*finished);
            if let Ok((finished, _)) = timed
                && !*finished
            {
                cancel.store(true, Ordering::Relaxed);
            }
        });
        let result = work();
        let (lock, wake) = &*done;
        if let Ok(mut finished) = lock.lock() {
            *finished = true;
        }
        wake.notify_all();
        result
    })
}
