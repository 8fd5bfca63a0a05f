//! Whole random 2-player games of Res Arcana without criterion: games a second, decisions per
//! game and time per decision. `cargo run --release --example ra_profile [GAMES]`.
//!
//! `ra_profile GAMES --check` prints instead one line a seed: its decisions, rounds, final state
//! hash and a hash of every legal list offered (choices in order). Two builds whose lines agree
//! played the same games with the same lists, so a speed change can be shown not to change them.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
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
    let check = std::env::args().any(|a| a == "--check");
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
        // DefaultHasher::new() has fixed keys: the same lists give the same hash in every run.
        let mut lists = DefaultHasher::new();
        let mut mine = 0u64;
        while !g.is_over() {
            legal.clear();
            Game::legal(&g, &mut legal);
            if check {
                legal.hash(&mut lists);
            }
            let choice = legal[rng.below(legal.len() as u32) as usize];
            g.play_listed(choice);
            mine += 1;
        }
        if check {
            println!(
                "seed {seed}: {mine} decisions, {} rounds, state {:016x}, lists {:016x}",
                g.round,
                g.state_hash(),
                lists.finish()
            );
        }
        decisions += mine;
        rounds += u64::from(g.round);
    }
    let secs = start.elapsed().as_secs_f64();
    if check {
        return;
    }
    println!(
        "{games} games: {:.0} games/s, {:.0} decisions and {:.1} rounds a game, {:.0} ns a decision",
        games as f64 / secs,
        decisions as f64 / games as f64,
        rounds as f64 / games as f64,
        secs * 1e9 / decisions as f64
    );
}
