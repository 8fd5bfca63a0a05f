//! Res Arcana benchmarks: whole random 2-player games (uniform choices, as `random` bots play
//! them), applied as the search's playouts apply them and checked again as property tests do.
//! Run with `cargo bench --bench resarcana`; figures are recorded in docs/perf.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use table::resarcana::{Db, ResArcana, Setup, Variant};
use table::shell::game::Game;
use table::shell::rng::Rng;

/// Plays a whole game with uniformly random choices; returns the number of decisions.
fn random_game(db: &Arc<Db>, seed: u64, checked: bool) -> usize {
    let setup = Setup {
        players: 2,
        variant: Variant::Standard,
        expansion_counts: false,
    };
    let mut g = ResArcana::new_game(Arc::clone(db), setup, seed).expect("a game");
    let mut rng = Rng::seeded(seed ^ 0x5eed);
    let mut legal = Vec::with_capacity(64);
    let mut decisions = 0;
    while !g.is_over() {
        legal.clear();
        Game::legal(&g, &mut legal);
        let choice = legal[rng.below(legal.len() as u32) as usize];
        if checked {
            g.play(choice).expect("a listed choice applies");
        } else {
            g.play_listed(choice);
        }
        decisions += 1;
    }
    decisions
}

fn benches(c: &mut Criterion) {
    let db = Db::embedded().expect("data");
    for (name, checked) in [
        ("random 2-player game, whole, as the search applies", false),
        ("random 2-player game, whole, each choice checked", true),
    ] {
        let mut seed = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(&db, seed, checked))
            })
        });
    }
}

criterion_group!(resarcana, benches);
criterion_main!(resarcana);
