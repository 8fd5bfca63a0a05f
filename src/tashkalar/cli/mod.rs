//! The command-line subcommands that scripts rely on (`cards`, `legal`, `sim`): plain functions that
//! return what to print, so that they are easy to test.

pub mod json;

use crate::shell::sim::{SimConfig, SimReport};
use crate::tashkalar::engine::cards::{CardDb, LoadError};
use crate::tashkalar::engine::scenario::Scenario;
use crate::tashkalar::engine::{GameState, Mode};
use serde_json::{Value, json};
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
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        sources.push((path.display().to_string(), text));
    }
    CardDb::from_sources(sources).map_err(|e: LoadError| e.to_string())
}

/// `tashkalar cards check`: counts per deck and kind.
pub fn cards_check(db: &CardDb) -> String {
    let mut out = String::new();
    let beings: usize = db.decks.iter().map(|d| d.cards.len()).sum();
    for deck in &db.decks {
        out.push_str(&format!("{:<10} {} beings\n", deck.name, deck.cards.len()));
    }
    out.push_str(&format!("{:<10} {} legends\n", "Legends", db.legends.len()));
    out.push_str(&format!("{:<10} {} flares\n", "Flares", db.flares.len()));
    out.push_str(&format!("{:<10} {} tasks\n", "Tasks", db.tasks.len()));
    out.push_str(&format!(
        "total: {beings} beings, {} legends, {} flares, {} tasks\n",
        db.legends.len(),
        db.flares.len(),
        db.tasks.len()
    ));
    out
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

/// `tashkalar sim` output.
pub fn sim_text(cfg: &SimConfig, report: &SimReport) -> String {
    let mut out = format!(
        "{} games of {} for {} players ({}): {:.1} games/s\n",
        report.games,
        cfg.mode.name(),
        cfg.players,
        cfg.bots.join(" vs "),
        report.games_per_second()
    );
    for (seat, wins) in report.seat_wins.iter().enumerate() {
        out.push_str(&format!(
            "seat {}: {wins} wins, average score {:.2}\n",
            seat + 1,
            report.avg_scores()[seat]
        ));
    }
    for b in &report.bot_stats {
        let (rate, lo, hi) = b.win_rate();
        out.push_str(&format!(
            "{:<12} {:>7.1} wins in {:>5} games: {:5.1}% (95% CI {:.1}-{:.1}%), {:.3} ms per decision\n",
            b.name,
            b.wins,
            b.games,
            rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            b.ms_per_decision()
        ));
    }
    out.push_str(&format!("average turns: {:.1}\n", report.avg_turns()));
    out.push_str(&format!("errors: {}\n", report.errors.len()));
    for e in report.errors.iter().take(5) {
        out.push_str(&format!("  {e}\n"));
    }
    out
}

pub fn sim_json(cfg: &SimConfig, report: &SimReport) -> Value {
    json!({
        "mode": cfg.mode.name(),
        "players": cfg.players,
        "games": report.games,
        "wins": report.seat_wins,
        "errors": report.errors.len(),
        "error_messages": report.errors.iter().take(20).collect::<Vec<_>>(),
        "average_turns": report.avg_turns(),
        "average_scores": report.avg_scores(),
        "games_per_second": report.games_per_second(),
        "bots": report.bot_stats.iter().map(|b| {
            let (rate, lo, hi) = b.win_rate();
            json!({
                "name": b.name,
                "games": b.games,
                "wins": b.wins,
                "win_rate": rate,
                "ci95": [lo, hi],
                "decisions": b.decisions,
                "ms_per_decision": b.ms_per_decision(),
            })
        }).collect::<Vec<_>>(),
    })
}

/// Parses a mode name as the CLI writes it.
pub fn parse_mode(s: &str) -> Result<Mode, String> {
    match s {
        "deathmatch" | "dm" => Ok(Mode::Deathmatch),
        "high-form" | "highform" | "hf" => Ok(Mode::HighForm),
        _ => Err(format!("unknown mode `{s}` (deathmatch or high-form)")),
    }
}
