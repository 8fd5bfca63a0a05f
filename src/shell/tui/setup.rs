//! What a new game is made of (form, seats, decks, seed) and how the command line and the menu
//! turn into one: bot names come from `ai::BOT_NAMES`, decks from the card database.

use super::game::seats::SeatKind;
use crate::shell::ai;
use crate::tashkalar::engine::scenario::Scenario;
use crate::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};
use std::sync::Arc;

/// Everything needed to deal a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: Mode,
    pub players: u8,
    pub seats: Vec<SeatKind>,
    pub decks: Vec<String>,
    /// `None`: a fresh random seed.
    pub seed: Option<u64>,
}

/// Why High Form cannot be chosen, if it cannot.
pub fn high_form_unavailable(db: &CardDb) -> Option<String> {
    if db.tasks.len() < 4 {
        Some(match db.tasks.len() {
            0 => "no task cards are loaded (High Form needs at least 4)".to_string(),
            n => format!("only {n} task cards are loaded (High Form needs at least 4)"),
        })
    } else {
        None
    }
}

/// Player counts a form allows: High Form is a duel or a 2 vs 2 team game.
pub fn allowed_players(mode: Mode) -> &'static [u8] {
    match mode {
        Mode::HighForm => &[2, 4],
        Mode::Deathmatch => &[2, 3, 4],
    }
}

/// A seed from the clock, for games nobody asked to reproduce.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // Spread the bits so seeds taken close together differ everywhere (splitmix64 finaliser).
    let mut z = nanos.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// The bot a level names: a name from `ai::BOT_NAMES` as is, or a level of the search bot
/// (`normal` for `mcts:normal`).
pub fn resolve_bot(level: &str) -> Result<String, String> {
    let level = level.trim();
    if ai::BOT_NAMES.contains(&level) {
        return Ok(level.to_string());
    }
    let prefixed = format!("mcts:{level}");
    if ai::BOT_NAMES.contains(&prefixed.as_str()) {
        return Ok(prefixed);
    }
    Err(format!(
        "unknown AI level `{level}` (this build has: {})",
        ai::BOT_NAMES.join(", ")
    ))
}

/// The bot used when a seat is made an AI without a level.
pub fn default_bot() -> &'static str {
    if ai::BOT_NAMES.contains(&"mcts:normal") {
        "mcts:normal"
    } else {
        ai::BOT_NAMES.last().copied().unwrap_or("random")
    }
}

/// Reads `SEAT=LEVEL` (or just `SEAT`) into a 0-based seat and a bot name.
pub fn parse_ai(spec: &str, players: u8) -> Result<(usize, String), String> {
    let (seat, level) = match spec.split_once('=') {
        Some((s, l)) => (s, Some(l)),
        None => (spec, None),
    };
    let n: u8 = seat
        .trim()
        .parse()
        .map_err(|_| format!("--ai {spec}: `{seat}` is not a seat number (1-{players})"))?;
    if n == 0 || n > players {
        return Err(format!(
            "--ai {spec}: seat {n} does not exist in a {players}-player game"
        ));
    }
    let bot = match level {
        Some(l) => resolve_bot(l).map_err(|e| format!("--ai {spec}: {e}"))?,
        None => default_bot().to_string(),
    };
    Ok((n as usize - 1, bot))
}

/// Decks per seat from a `--decks` list: empty means the first deck for everyone, one name means
/// that deck for everyone.
pub fn decks_for(db: &CardDb, given: &[String], players: u8) -> Result<Vec<String>, String> {
    let known: Vec<&str> = db.decks.iter().map(|d| d.name.as_str()).collect();
    let first = known
        .first()
        .ok_or_else(|| "no being decks are loaded".to_string())?;
    let list: Vec<String> = match given.len() {
        0 => vec![first.to_string(); players as usize],
        1 => vec![given[0].clone(); players as usize],
        n if n == players as usize => given.to_vec(),
        n => {
            return Err(format!(
                "--decks names {n} decks for {players} players (give one, or one per seat)"
            ));
        }
    };
    for name in &list {
        if db.deck_by_name(name).is_none() {
            return Err(format!(
                "unknown deck `{name}` (loaded: {})",
                known.join(", ")
            ));
        }
    }
    Ok(list)
}

impl GameSetup {
    /// Deals the game; returns it with the seed used.
    pub fn deal(&self, db: Arc<CardDb>) -> Result<(GameState, u64), String> {
        if self.mode == Mode::HighForm
            && let Some(why) = high_form_unavailable(&db)
        {
            return Err(format!("High Form is unavailable: {why}"));
        }
        let seed = self.seed.unwrap_or_else(fresh_seed);
        let config = GameConfig {
            mode: self.mode,
            players: self.players,
            teams: self.mode == Mode::HighForm && self.players == 4,
            decks: self.decks.clone(),
        };
        let state = GameState::new_game(db, config, seed).map_err(|e| e.to_string())?;
        Ok((state, seed))
    }
}

/// Builds a game from a scenario file's text.
pub fn scenario_state(db: Arc<CardDb>, text: &str) -> Result<GameState, String> {
    let scenario = Scenario::parse(text).map_err(|e| e.to_string())?;
    scenario.into_state(db).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_specs() {
        assert_eq!(parse_ai("2=random", 2), Ok((1, "random".to_string())));
        assert!(parse_ai("3=random", 2).is_err());
        assert!(parse_ai("x=random", 2).is_err());
        assert!(parse_ai("2=nonsense", 2).is_err());
        assert_eq!(parse_ai("2", 2).map(|(s, _)| s), Ok(1));
    }

    #[test]
    fn decks_default_and_validate() {
        let db = CardDb::builtin().expect("cards");
        let first = db.decks[0].name.clone();
        assert_eq!(decks_for(&db, &[], 3), Ok(vec![first.clone(); 3]));
        assert!(decks_for(&db, &["Nowhere".into()], 2).is_err());
        assert!(decks_for(&db, &[first.clone(), first.clone(), first], 2).is_err());
    }
}
