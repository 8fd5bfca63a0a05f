//! Tash-Kalar's side of the command line (`cards`, `legal`, and the set-ups of `sim`): plain
//! functions that return what to print, so that they are easy to test.

pub mod json;

use crate::shell::rng::Rng;
use crate::shell::sim::{self, Pairing};
use crate::tashkalar::engine::cards::{CardDb, LoadError};
use crate::tashkalar::engine::scenario::Scenario;
use crate::tashkalar::engine::setup::{MIN_TASKS, SetupError};
use crate::tashkalar::engine::{GameConfig, GameState, Mode};
use crate::tashkalar::record::GameSpec;
use crate::tashkalar::ui::setup::{decks_for, spec_for};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

/// Loads the built-in cards, or every `*.ron` file of a directory (in name order).
pub fn load_cards(dir: Option<&Path>) -> Result<CardDb, String> {
    let Some(dir) = dir else {
        return CardDb::builtin().map_err(|e| format!("built-in cards: {e}"));
    };
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{}: no .ron card files here", dir.display()));
    }
    let mut sources = Vec::new();
    for path in files {
        let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        // Said where, like every other mistake in a card file.
        let text = crate::shell::quote::utf8_text(&bytes).map_err(|(line, col)| {
            format!(
                "{}:{line}:{col}: not UTF-8 text (card files are UTF-8)",
                path.display()
            )
        })?;
        sources.push((path.display().to_string(), text.to_string()));
    }
    CardDb::from_sources(sources).map_err(|e: LoadError| e.to_string())
}

/// `tashkalar cards check`: counts per deck and kind; or, for cards that load but cannot be
/// played (a deck smaller than a hand), one line per problem at `file:line:col`. Cards without
/// the tasks High Form needs still pass (Deathmatch can be played), and the counts say so.
pub fn cards_check(db: &CardDb) -> Result<String, String> {
    let problems = db.playable_problems();
    if !problems.is_empty() {
        return Err(problems.join("\n"));
    }
    let mut out = String::new();
    let beings: usize = db.decks.iter().map(|d| d.cards.len()).sum();
    for deck in &db.decks {
        out.push_str(&format!("{:<10} {} beings\n", deck.name, deck.cards.len()));
    }
    out.push_str(&format!("{:<10} {} legends\n", "Legends", db.legends.len()));
    out.push_str(&format!("{:<10} {} flares\n", "Flares", db.flares.len()));
    out.push_str(&format!("{:<10} {} tasks", "Tasks", db.tasks.len()));
    if db.tasks.len() < MIN_TASKS {
        out.push_str(&format!(
            " (High Form needs at least {MIN_TASKS}: only Deathmatch can be played)"
        ));
    }
    out.push('\n');
    out.push_str(&format!(
        "total: {beings} beings, {} legends, {} flares, {} tasks\n",
        db.legends.len(),
        db.flares.len(),
        db.tasks.len()
    ));
    Ok(out)
}

/// `tashkalar legal`: loads a scenario, applies the choices with the given indexes, and describes
/// the pending decision.
pub fn legal(
    db: Arc<CardDb>,
    scenario_text: &str,
    then: &[usize],
) -> Result<(GameState, Value), String> {
    let scenario = Scenario::parse(scenario_text).map_err(|e| e.to_string())?;
    let mut state = scenario.into_state(db).map_err(|e| e.to_string())?;
    for (step, &index) in then.iter().enumerate() {
        let choices = state.choices();
        let Some(&choice) = choices.get(index) else {
            return Err(format!(
                "--then step {}: choice {index} does not exist (that decision has {} choices)",
                step + 1,
                choices.len()
            ));
        };
        state
            .apply(choice)
            .map_err(|e| format!("--then step {}: {e}", step + 1))?;
    }
    let doc = json::decision_document(&state);
    Ok((state, doc))
}

/// Human-readable form of `legal`.
pub fn legal_text(state: &GameState) -> String {
    let d = state.decision();
    let mut out = format!(
        "seat {} decides: {}\n",
        d.seat,
        json::decision_name(&d, state)
    );
    for (i, c) in state.choices().iter().enumerate() {
        out.push_str(&format!(
            "{i:4}: {}\n",
            crate::tashkalar::engine::notation::write(c, &state.db)
        ));
    }
    out
}

/// What a tournament of Tash-Kalar plays.
#[derive(Clone, Debug)]
pub struct TournamentSpec {
    pub mode: Mode,
    pub players: u8,
    pub teams: bool,
    /// Deck per seat; empty = the first deck for everyone; `["mixed"]` = random decks each game.
    pub decks: Vec<String>,
    pub games: u32,
    /// Game `i` is dealt from `seed + i`.
    pub seed: u64,
    /// Bot names; seats rotate from game to game so that every bot plays every seat.
    pub bots: Vec<String>,
}

/// The games of a tournament, drawn up front in order (deck draws included), so that they are
/// the same however many are played at once. Every game's set-up is checked before any is
/// played: a set-up error is the run's error.
pub fn pairings(db: &CardDb, t: &TournamentSpec) -> Result<Vec<Pairing<GameSpec>>, String> {
    let players = t.players as usize;
    let mixed = t.decks.len() == 1 && t.decks[0] == "mixed";
    if !t.decks.is_empty() && !mixed {
        decks_for(db, &t.decks, t.players)?;
    }
    let mut deck_rng = Rng::seeded(t.seed ^ 0x5eed_dec5);
    sim::pairings(&t.bots, players, t.games, t.seed, |_, kinds| {
        let decks: Vec<String> = match t.decks.as_slice() {
            [] => vec![db.decks.first().map(|d| d.name.clone()).unwrap_or_default(); players],
            [one] if one == "mixed" => (0..players)
                .map(|_| {
                    db.decks[deck_rng.below(db.decks.len().max(1) as u32) as usize]
                        .name
                        .clone()
                })
                .collect(),
            [one] => vec![one.clone(); players],
            many => many.to_vec(),
        };
        let config = GameConfig {
            mode: t.mode,
            players: t.players,
            teams: t.teams,
            decks,
        };
        config.validate(db).map_err(|e| setup_error(&e))?;
        Ok(spec_for(&config, kinds, None))
    })
}

/// A set-up refusal as the command line says it: the engine's reason, with the flag to change
/// where one flag would fix it.
pub fn setup_error(e: &SetupError) -> String {
    match e {
        SetupError::HighFormFourNeedsTeams => format!("{e}: add --teams"),
        SetupError::TeamsNeedFour(_) => format!("--teams: {e}"),
        SetupError::Players(_) => format!("--players: {e}"),
        _ => e.to_string(),
    }
}

/// Parses a mode name as the CLI writes it.
pub fn parse_mode(s: &str) -> Result<Mode, String> {
    match s {
        "deathmatch" | "dm" => Ok(Mode::Deathmatch),
        "high-form" | "highform" | "hf" => Ok(Mode::HighForm),
        _ => Err(format!("unknown mode `{s}` (deathmatch or high-form)")),
    }
}
