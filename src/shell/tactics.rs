//! Tactics suites of any game: positions with a clearly best choice (or set of choices) and a
//! one-line reason, listed in a folder's `suite.ron`, to measure how often a bot finds it
//! (`examples/tactics.rs`, `docs/ai.md` "The tactics suite"). Each game says how its position
//! files read (Tash-Kalar scenarios, High Ground positions); the list, the choices played before
//! the decision and the judging are the same for all.

use super::ai::think::think;
use super::game::{Game, Heuristics};
use serde::Deserialize;
use std::path::Path;

/// One position of a suite, as `suite.ron` lists it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Entry {
    /// The position file, beside `suite.ron`.
    pub file: String,
    /// What kind of tactic it is (`points`, `legendary`, `task`, `flare`, `guard`, `threat`,
    /// `endgame`, `recapture`, ...).
    pub motif: String,
    /// The best choices in notation: choosing any of them solves the position.
    pub best: Vec<String>,
    /// Why, in one line.
    pub reason: String,
    /// Choices played from the file's position before the decision, in notation: a position
    /// file starts a turn or an action, and a mistake made in the middle of one (which piece a
    /// summoning destroys, where a pyramid stops) is reached from there.
    #[serde(default)]
    pub then: Vec<String>,
}

/// A loaded position of a suite.
#[derive(Clone)]
pub struct Position<G> {
    pub entry: Entry,
    pub state: G,
}

/// Reads `suite.ron` in `dir` and every position it names with `read`, then plays each entry's
/// `then`. Any file that is missing or does not load, and any `then` choice that is not legal,
/// is an error naming the file.
pub fn load<G: Game>(
    dir: &Path,
    read: impl Fn(&str) -> Result<G, String>,
) -> Result<Vec<Position<G>>, String> {
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
            let mut state = read(&text).map_err(|e| format!("{}: {e}", path.display()))?;
            for choice in &entry.then {
                let c = state
                    .parse_choice(choice)
                    .map_err(|e| format!("{}: then `{choice}`: {e}", path.display()))?;
                state
                    .play(c)
                    .map_err(|e| format!("{}: then `{choice}`: {e}", path.display()))?;
            }
            Ok(Position { entry, state })
        })
        .collect()
}

/// What `bot` chooses in `position` (from the deciding seat's view, with `seed`), and whether
/// that solves it.
pub fn attempt<G: Heuristics>(
    position: &Position<G>,
    bot: &str,
    seed: u64,
) -> Result<(String, bool), String> {
    let seat = position.state.to_move();
    let observation = position.state.observation(seat);
    let analysis = think(&observation, bot, seed, 0)?;
    let choice = analysis.choice.unwrap_or_default();
    let solved = position.entry.best.contains(&choice);
    Ok((choice, solved))
}
