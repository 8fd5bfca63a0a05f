//! Checks a tactics position's answer by play: after each given first choice, plays the game to
//! its end several times and prints how often the seat to move wins.
//!
//! `cargo run --release --example play_out -- only=PART choices="A;B;..." [games=10]
//!  [turn=normal] [rest=easy] [seed=0] [verbose=1]`
//!
//! The suite's answers (`tests/tactics/suite.ron`) come from a measure that needs no search (the
//! turn's points, the rest of the turn completed greedily). Where a search level disagrees with
//! an answer, this says which of the two choices wins more often when the game is actually played:
//! the rest of the mover's turn by the `turn` level, everything after by the `rest` level, both on
//! their iteration budgets without time limits (so a busy machine plays the same games). Game `i`
//! seeds the bots with `seed + i`; a drawn game counts half.
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use table::shell::ai::mcts::{Level, MctsBot};
use table::shell::game::Game;
use table::tashkalar::engine::{CardDb, GameState};
use table::tashkalar::game::budgets;
use table::tashkalar::tactics;

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let level = |k: &str, default: Level| -> Result<Level, String> {
        args.get(k).map_or(Ok(default), |v| {
            Level::parse(&v).ok_or(format!("{k}={v}? (easy, normal or hard)"))
        })
    };
    let part = args
        .get("only")
        .ok_or("only=PART: which position (part of its file name)")?;
    let choices: Vec<String> = args
        .get("choices")
        .ok_or("choices=\"A;B\": the first choices to compare, in notation")?
        .split(';')
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
        .collect();
    let games: u64 = args.parse("games", 10)?;
    let seed: u64 = args.parse("seed", 0)?;
    let (turn_level, rest_level) = (level("turn", Level::Normal)?, level("rest", Level::Easy)?);
    let verbose = args.flag("verbose").unwrap_or(false);
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let mut positions = tactics::load(&PathBuf::from("tests/tactics"), &db)?;
    positions.retain(|p| p.entry.file.contains(&part));
    let [position] = positions.as_slice() else {
        return Err(format!(
            "only={part} names {} positions, not one",
            positions.len()
        ));
    };
    let start = &position.state;
    let mover = Game::to_move(start);
    println!(
        "{}: best {:?} ({})",
        position.entry.file, position.entry.best, position.entry.reason
    );
    for first in &choices {
        let mut won = 0.0;
        for game in 0..games {
            let mut state = start.clone();
            let choice = Game::parse_choice(&state, first).map_err(|e| format!("{first}: {e}"))?;
            Game::play(&mut state, choice).map_err(|e| format!("{first}: {e}"))?;
            let turn = Game::turn(&state);
            let mut line = vec![first.clone()];
            while !Game::is_over(&state) {
                let same_turn = Game::turn(&state) == turn;
                let choice = search(
                    &state,
                    if same_turn { turn_level } else { rest_level },
                    seed + game,
                )?;
                if same_turn {
                    line.push(Game::choice_text(&state, &choice));
                }
                Game::play(&mut state, choice).map_err(|e| e.to_string())?;
            }
            let reward = Game::rewards(&state)[mover];
            won += reward;
            if verbose {
                println!(
                    "  game {game}: scores {:?}, mover {reward}; the turn: {}",
                    Game::scores(&state),
                    line.join(", ")
                );
            }
        }
        println!(
            "  {first}: the mover wins {won}/{games} = {:.0}%",
            100.0 * won / games.max(1) as f64
        );
    }
    Ok(())
}

/// The choice of `level` for the seat to move, on its budget without a time limit.
fn search(
    state: &GameState,
    level: Level,
    seed: u64,
) -> Result<<GameState as Game>::Choice, String> {
    let mut config = level.config(budgets(state.config.mode));
    config.time_limit = Duration::from_secs(3600);
    // Each decision its own stream, so that two games of one seed differ only by what was played.
    let mut bot = MctsBot::with_config(
        level.name().into(),
        config,
        seed.wrapping_mul(0x9E37_79B9) ^ u64::from(Game::turn(state)),
    );
    let observation = Game::observation(state, Game::to_move(state));
    bot.search(&observation, &AtomicBool::new(false))
        .choice
        .ok_or_else(|| "the bot found no choice".to_string())
}
