//! Bots: every player the computer can take, behind one trait and selectable by name.

pub mod deadline;
pub mod external;
pub mod greedy;
pub mod lines;
pub mod mcts;
pub mod random;
pub mod serve;
pub mod think;

use crate::shell::game::{Game, Heuristics};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A computer player. It is only ever shown an observation of the game (what its seat may know).
pub trait Bot<G: Game>: Send {
    /// The name it is selected by (`random`, `greedy`, `mcts:normal`, ...).
    fn name(&self) -> String;
    /// Picks one of the legal choices of `observation` (`None` only when there is none).
    /// Should return promptly once `cancel` is set.
    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice>;
    /// Whether a failure to choose (no choice, or one that is not legal) loses this player the
    /// game (a forfeit) rather than stopping the game as a fault of the program: true for
    /// outside programs, which may crash, time out or answer garbage.
    fn forfeits(&self) -> bool {
        false
    }
    /// Why the last [`Bot::choose`] gave no choice, when the bot knows.
    fn failure(&self) -> Option<String> {
        None
    }
}

/// Names accepted by [`make_bot`] (besides outside programs, `cmd:PROGRAM ARGS`).
pub const BOT_NAMES: &[&str] = &["random", "greedy", "mcts:easy", "mcts:normal", "mcts:hard"];

/// Builds a bot from its name (`mcts` alone means `mcts:normal`); `seed` makes it reproducible.
/// `mcts:LEVEL@SECONDS` is a level with another time limit a decision (its iteration budget
/// unchanged): a limit it never reaches makes a tournament's games the same however busy the
/// machine is. `cmd:PROGRAM ARGS` (or `cmd@SECONDS:PROGRAM ARGS`) is an outside program speaking the bot
/// protocol ([`external`]), started at its first decision.
pub fn make_bot<G: Heuristics>(name: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    if let Some(search) = search_bot(name, seed) {
        return Ok(Box::new(search?));
    }
    match name {
        _ if name.starts_with("cmd:") || name.starts_with("cmd@") => {
            Ok(Box::new(external::ExternalBot::from_name(name, seed)?))
        }
        "random" => Ok(Box::new(random::RandomBot::new(seed))),
        "greedy" => Ok(Box::new(greedy::GreedyBot::new(seed))),
        _ => Err(format!(
            "unknown bot `{name}` (known: {}, cmd:PROGRAM)",
            BOT_NAMES.join(", ")
        )),
    }
}

/// The search bot a name stands for (`mcts`, `mcts:LEVEL` or `mcts:LEVEL@SECONDS`), or why the
/// name is wrong; `None` for the name of another kind of bot.
pub fn search_bot(name: &str, seed: u64) -> Option<Result<mcts::MctsBot, String>> {
    if name == "mcts" {
        return Some(Ok(mcts::MctsBot::new(mcts::Level::Normal, seed)));
    }
    let rest = name.strip_prefix("mcts:")?;
    let (level, limit) = match rest.split_once('@') {
        Some((level, seconds)) => match seconds_in_name(seconds, name) {
            Ok(limit) => (level, Some(limit)),
            Err(e) => return Some(Err(e)),
        },
        None => (rest, None),
    };
    let Some(level) = mcts::Level::parse(level) else {
        return Some(Err(format!(
            "unknown level `{level}` for mcts (known: easy, normal, hard)"
        )));
    };
    Some(Ok(match limit {
        Some(limit) => mcts::MctsBot::with_time_limit(level, limit, seed),
        None => mcts::MctsBot::new(level, seed),
    }))
}

/// The `SECONDS` of a bot name with a time limit (`mcts:LEVEL@SECONDS`, `cmd@SECONDS:...`): a
/// positive number of seconds up to an hour; the error names the whole bot name.
fn seconds_in_name(seconds: &str, name: &str) -> Result<Duration, String> {
    seconds
        .parse::<f64>()
        .ok()
        .filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0)
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("`{name}`: `{seconds}` is not a number of seconds"))
}

/// The message of a caught panic, for the error that reports it (a bot's thread in the game
/// screen, a game of a tournament).
pub fn panic_text(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic".into()
    }
}
