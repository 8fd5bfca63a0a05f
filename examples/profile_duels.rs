//! Plays random duels in a loop (for profiling the engine with perf or callgrind).
use std::sync::Arc;
use tashkalar::engine::cards::CardDb;
use tashkalar::engine::rng::Rng;
use tashkalar::engine::{GameConfig, GameState, Mode};

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let mut buf = Vec::new();
    let mut decisions = 0;
    let t = std::time::Instant::now();
    for seed in 0..games {
        let config = GameConfig {
            mode: Mode::Deathmatch,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let mut g = GameState::new_game(db.clone(), config, seed).expect("game");
        let mut rng = Rng::seeded(seed);
        while !g.is_over() {
            g.legal_choices(&mut buf);
            let c = buf[rng.below(buf.len() as u32) as usize];
            g.apply(c).expect("legal");
            decisions += 1;
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{games} games, {decisions} decisions in {s:.3}s: {:.0} games/s, {:.0} ns/decision",
        games as f64 / s,
        s * 1e9 / decisions as f64
    );
}
