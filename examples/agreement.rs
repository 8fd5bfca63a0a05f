//! How often two search levels choose the same main action: a measure of how far apart the
//! levels play, at a fraction of a tournament's cost. Games are played by level `a` (seeded per
//! game); at every `every`-th decision that starts an action (two or more legal choices), `a`
//! with a second seed and level `b` are asked the same question from the same view. The first
//! agreement (`a` with itself, another seed) is the floor set by the search's own chance; the
//! second (`a` with `b`) says how often the stronger level plays anything else at all. Both
//! searches run on their iteration budgets without time limits, so a busy machine gives the same
//! figures. Usage:
//!
//! `cargo run --release --example agreement -- [mode=deathmatch|high-form] [games=4] [seed=7000]
//!  [a=normal] [b=hard] [every=3]`
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use table::shell::ai::mcts::{Level, MctsBot};
use table::shell::game::Game;
use table::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};

/// Long enough that a level's iteration budget, not the clock, ends every search.
const NO_CLOCK: Duration = Duration::from_secs(600);

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let mode = match args.get("mode").as_deref() {
        Some("high-form") => Mode::HighForm,
        _ => Mode::Deathmatch,
    };
    let level = |key: &str, default: &str| -> Result<Level, String> {
        let name = args.get(key).unwrap_or_else(|| default.into());
        Level::parse(&name).ok_or(format!("{key}: {name}? (easy, normal, hard)"))
    };
    let (a, b) = (level("a", "normal")?, level("b", "hard")?);
    let games = args.parse("games", 4.0)? as u64;
    let seed = args.parse("seed", 7000.0)? as u64;
    let every = (args.parse("every", 3.0)? as u64).max(1);

    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let decks: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let cancel = AtomicBool::new(false);
    let (mut asked, mut again_agrees, mut b_agrees) = (0u32, 0u32, 0u32);
    for g in 0..games {
        // Mirror matches of each deck first (game `i` plays the `i`-th deck against itself),
        // then, past the deck count, every other pairing in turn.
        let pair = g as usize;
        let config = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec![
                decks[pair % decks.len()].clone(),
                decks[(pair / decks.len() + pair) % decks.len()].clone(),
            ],
        };
        let mut state =
            GameState::new_game(db.clone(), config, seed + g).map_err(|e| e.to_string())?;
        let mut player = MctsBot::with_time_limit(a, NO_CLOCK, seed + g);
        let mut other_seed = MctsBot::with_time_limit(a, NO_CLOCK, (seed + g).wrapping_mul(31));
        let mut stronger = MctsBot::with_time_limit(b, NO_CLOCK, seed + g);
        let mut legal = Vec::new();
        let mut starts = 0u64;
        while !state.is_over() {
            let view = state.observation(state.to_move());
            let played = player
                .search(&view, &cancel)
                .choice
                .ok_or("no legal choice")?;
            state.legal(&mut legal);
            if !state.mid_action() && legal.len() > 1 {
                starts += 1;
                if starts.is_multiple_of(every) {
                    let again = other_seed.search(&view, &cancel).choice;
                    let theirs = stronger.search(&view, &cancel).choice;
                    asked += 1;
                    again_agrees += u32::from(again == Some(played));
                    b_agrees += u32::from(theirs == Some(played));
                    eprintln!(
                        "game {g} turn {}: {} again {}/{asked}, {} {}/{asked}",
                        state.turn(),
                        a.name(),
                        again_agrees,
                        b.name(),
                        b_agrees
                    );
                }
            }
            state.play(played).map_err(|e| e.to_string())?;
        }
    }
    let share = |n: u32| 100.0 * f64::from(n) / f64::from(asked.max(1));
    println!(
        "{mode:?}, {asked} decisions: {} with another seed agrees {:.1}%, {} agrees with {} {:.1}%",
        a.name(),
        share(again_agrees),
        b.name(),
        a.name(),
        share(b_agrees)
    );
    Ok(())
}
