//! Whole random 2-player games of Res Arcana without criterion: games a second, decisions per
//! game and time per decision. `cargo run --release --example ra_profile [GAMES]`.

use std::sync::Arc;
use std::time::Instant;
use table::resarcana::{Db, ResArcana, Setup, Variant};
use table::shell::game::Game;
use table::shell::rng::Rng;

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let db = Db::embedded().expect("data");
    let setup = Setup {
        players: 2,
        variant: Variant::Standard,
        expansion_counts: false,
    };
    let (mut decisions, mut rounds) = (0u64, 0u64);
    let start = Instant::now();
    let mut legal = Vec::with_capacity(64);
    for seed in 0..games {
        let mut g = ResArcana::new_game(Arc::clone(&db), setup, seed).expect("a game");
        let mut rng = Rng::seeded(seed ^ 0x5eed);
        while !g.is_over() {
            legal.clear();
            Game::legal(&g, &mut legal);
            let choice = legal[rng.below(legal.len() as u32) as usize];
            g.play_listed(choice);
            decisions += 1;
        }
        rounds += u64::from(g.round);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{games} games: {:.0} games/s, {:.0} decisions and {:.1} rounds a game, {:.0} ns a decision",
        games as f64 / secs,
        decisions as f64 / games as f64,
        rounds as f64 / games as f64,
        secs * 1e9 / decisions as f64
    );
}
