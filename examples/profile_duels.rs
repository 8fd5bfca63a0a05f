//! Plays random duels in a loop and prints games per second (for profiling the engine with perf or
//! callgrind): `cargo run --release --example profile_duels 1000`.
use std::sync::Arc;
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let Ok(db) = CardDb::builtin().map(Arc::new) else {
        eprintln!("the built-in cards do not load");
        std::process::exit(1);
    };
    let mut decisions = 0;
    let t = std::time::Instant::now();
    for seed in 0..games {
        let decks = vec!["Imperial".into(); 2];
        let config = GameConfig {
            mode: Mode::Deathmatch,
            players: 2,
            teams: false,
            decks,
        };
        let Ok(mut g) = GameState::new_game(db.clone(), config, seed) else {
            return;
        };
        match g.play_out_randomly(&mut Rng::seeded(seed), |_, _| {}) {
            Ok(n) => decisions += n,
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                std::process::exit(1);
            }
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {decisions} decisions in {s:.3}s: {:.0} games/s, {:.0} ns/decision",
        games as f64 / s,
        s * 1e9 / decisions.max(1) as f64
    );
}
