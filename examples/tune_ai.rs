//! Tunes the search bot: plays `mcts` with the given settings against `greedy` (alternating seats)
//! and prints its win rate. Usage:
//! `cargo run --release --example tune_ai -- MODE GAMES ITERATIONS DEPTH EXPLORATION PRIOR`
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tashkalar::ai::Bot;
use tashkalar::ai::greedy::GreedyBot;
use tashkalar::ai::mcts::{MctsBot, MctsConfig};
use tashkalar::engine::{CardDb, GameConfig, GameState, Mode};
use tashkalar::game::Game;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, d: &str| args.get(i).cloned().unwrap_or_else(|| d.to_string());
    let mode = if arg(0, "deathmatch") == "high-form" {
        Mode::HighForm
    } else {
        Mode::Deathmatch
    };
    let games: u64 = arg(1, "10").parse().map_err(|e| format!("{e}"))?;
    let config = MctsConfig {
        iterations: arg(2, "1500").parse().map_err(|e| format!("{e}"))?,
        time_limit: Duration::from_secs(10),
        playout_depth: arg(3, "24").parse().map_err(|e| format!("{e}"))?,
        exploration: arg(4, "0.35").parse().map_err(|e| format!("{e}"))?,
        prior_weight: arg(5, "0.5").parse().map_err(|e| format!("{e}"))?,
        playout_samples: arg(6, "3").parse().map_err(|e| format!("{e}"))?,
    };
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let cancel = AtomicBool::new(false);
    let mut wins = 0.0;
    for g in 0..games {
        let cfg = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let mut state =
            GameState::new_game(db.clone(), cfg, 1000 + g).map_err(|e| e.to_string())?;
        let mcts_seat = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<GameState>>> = vec![
            Box::new(MctsBot::with_config("t".into(), config, g)),
            Box::new(GreedyBot::new(g)),
        ];
        if mcts_seat == 1 {
            bots.swap(0, 1);
        }
        while !state.is_over() {
            let seat = Game::to_move(&state);
            let obs = Game::observation(&state, seat);
            let c = bots[seat].choose(&obs, &cancel).ok_or("no choice")?;
            state.apply(c).map_err(|e| e.to_string())?;
        }
        wins += Game::rewards(&state)[mcts_seat];
    }
    println!("{config:?}: {wins}/{games}");
    Ok(())
}
