//! Plays random duels in a loop and prints games per second (for profiling the engine with perf or
//! callgrind): `cargo run --release --example profile_duels 1000`. The same games twice: each
//! choice checked again by `apply`, then applied as the search's playouts apply theirs
//! (`apply_listed`). Add `listed` or `checked` to play only one of them.
use std::sync::Arc;
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::playout::Apply;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let ways: &[Apply] = match args.next().as_deref() {
        Some("checked") => &[Apply::Checked],
        Some("listed") => &[Apply::Listed],
        _ => &[Apply::Checked, Apply::Listed],
    };
    let Ok(db) = CardDb::builtin().map(Arc::new) else {
        eprintln!("the built-in cards do not load");
        std::process::exit(1);
    };
    for &apply in ways {
        let mut decisions = 0;
        let t = std::time::Instant::now();
        for seed in 0..games {
            let config = GameConfig {
                mode: Mode::Deathmatch,
                players: 2,
                teams: false,
                decks: vec!["Imperial".into(); 2],
            };
            let Ok(mut g) = GameState::new_game(db.clone(), config, seed) else {
                eprintln!("seed {seed}: the game does not start");
                std::process::exit(1);
            };
            match g.play_out_randomly(&mut Rng::seeded(seed), apply, |_, _| {}) {
                Ok(n) => decisions += n,
                Err(e) => {
                    eprintln!("seed {seed}: {e}");
                    std::process::exit(1);
                }
            }
        }
        let s = t.elapsed().as_secs_f64();
        println!(
            "{apply:?}: {games} games, {decisions} decisions in {s:.3}s: {:.0} games/s, {:.0} ns/decision",
            games as f64 / s,
            s * 1e9 / decisions.max(1) as f64
        );
    }
}
