//! The tactics suite (`tests/tactics/`): scenario positions with a clearly best choice (or set of
//! choices) and a one-line reason, to measure how often a bot finds it (`examples/tactics.rs`,
//! `docs/ai.md`).

use super::engine::scenario::Scenario;
use super::engine::{CardDb, GameState};
use crate::shell::ai::think::think;
use crate::shell::game::Game;
use serde::Deserialize;
use std::path::Path;
use std::sync::Arc;

/// One position of the suite, as `suite.ron` lists it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Entry {
    /// The scenario file, beside `suite.ron`.
    pub file: String,
    /// What kind of tactic it is (`points`, `legendary`, `task`, `flare`, `guard`, ...).
    pub motif: String,
    /// The best choices in notation: choosing any of them solves the position.
    pub best: Vec<String>,
    /// Why, in one line.
    pub reason: String,
}

/// A loaded position of the suite.
#[derive(Clone)]
pub struct Position {
    pub entry: Entry,
    pub state: GameState,
}

/// Reads `suite.ron` in `dir` and every scenario it names. Any file that is missing or does not
/// load is an error naming it.
pub fn load(dir: &Path, db: &Arc<CardDb>) -> Result<Vec<Position>, String> {
    let list = dir.join("suite.ron");
    let text = std::fs::read_to_string(&list).map_err(|e| format!("{}: {e}", list.display()))?;
    let entries: Vec<Entry> =
        ron::from_str(&text).map_err(|e| format!("{}: {e}", list.display()))?;
    entries
        .into_iter()
        .map(|entry| {
            let path = dir.join(&entry.file);
            let text =
                std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let state = Scenario::parse(&text)
                .and_then(|s| s.into_state(Arc::clone(db)))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            Ok(Position { entry, state })
        })
        .collect()
}

/// What `bot` chooses in `position` (from the deciding seat's view, with `seed`), and whether
/// that solves it.
pub fn attempt(position: &Position, bot: &str, seed: u64) -> Result<(String, bool), String> {
    let seat = Game::to_move(&position.state);
    let observation = Game::observation(&position.state, seat);
    let analysis = think(&observation, bot, seed, 0)?;
    let choice = analysis.choice.unwrap_or_default();
    let solved = position.entry.best.contains(&choice);
    Ok((choice, solved))
}
