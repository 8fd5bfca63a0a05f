//! Bots: every player the computer can take, behind one trait and selectable by name.

pub mod random;

use crate::game::Game;
use std::sync::atomic::AtomicBool;

/// A computer player. It is only ever shown an observation of the game (what its seat may know).
pub trait Bot<G: Game>: Send {
    /// The name it is selected by (`random`, `greedy`, `mcts:normal`, ...).
    fn name(&self) -> String;
    /// Picks one of the legal choices of `observation` (`None` only when there is none).
    /// Should return promptly once `cancel` is set.
    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice>;
}

/// Names accepted by [`make_bot`].
pub const BOT_NAMES: &[&str] = &["random"];

/// Builds a bot from its name; `seed` makes it reproducible.
pub fn make_bot<G: Game>(name: &str, seed: u64) -> Result<Box<dyn Bot<G>>, String> {
    match name {
        "random" => Ok(Box::new(random::RandomBot::new(seed))),
        _ => Err(format!(
            "unknown bot `{name}` (known: {})",
            BOT_NAMES.join(", ")
        )),
    }
}
