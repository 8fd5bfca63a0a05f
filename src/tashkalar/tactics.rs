//! The tactics suite (`tests/tactics/`): scenario positions with a clearly best choice (or set of
//! choices) and a one-line reason, to measure how often a bot finds it (`examples/tactics.rs`,
//! `docs/ai.md`). The list and the judging are shared by every game (`crate::shell::tactics`).

use super::engine::scenario::Scenario;
use super::engine::{CardDb, GameState};
use std::path::Path;
use std::sync::Arc;

pub use crate::shell::tactics::Entry;

/// A loaded position of the suite.
pub type Position = crate::shell::tactics::Position<GameState>;

/// Reads `suite.ron` in `dir` and every scenario it names. Any file that is missing or does not
/// load is an error naming it.
pub fn load(dir: &Path, db: &Arc<CardDb>) -> Result<Vec<Position>, String> {
    crate::shell::tactics::load(dir, |text| {
        Scenario::parse(text)
            .and_then(|s| s.into_state(Arc::clone(db)))
            .map_err(|e| e.to_string())
    })
}

/// What `bot` chooses in `position` (from the deciding seat's view, with `seed`), and whether
/// that solves it.
pub fn attempt(position: &Position, bot: &str, seed: u64) -> Result<(String, bool), String> {
    crate::shell::tactics::attempt(position, bot, seed)
}
