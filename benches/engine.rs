//! Engine benchmarks: legal-choice generation on a busy board, whole random games, state clones.
//! Run with `cargo bench --bench engine`; figures are recorded in docs/perf.md.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::playout::Apply;
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::{GameConfig, GameState, Mode};

/// A mid-game position: 24 pieces, a hand of three beings and two legends.
fn busy_position(db: &Arc<CardDb>) -> GameState {
    let text = r#"(
        pieces: ["1c c3", "1c d3", "1h e3", "1c f3", "1c d4", "1h e4", "1c f4", "1c g4", "1h c5", "1c d5",
                 "1l f5", "1c e6", "2c c7", "2h d7", "2c e7", "2c f7", "2h g6", "2c h6", "2c b6", "2l e8",
                 "2c d8", "2c f8", "2h c6", "2c g7"],
        hands: [(beings: ["Knight", "Gryphon Rider", "Hypnotist"], legends: ["Fire Dragon", "Titan"], flares: ["Ember"])],
    )"#;
    Scenario::parse(text)
        .expect("scenario")
        .into_state(db.clone())
        .expect("valid")
}

/// Plays a whole random Deathmatch duel, applying the choices as `apply` says; returns the number
/// of decisions.
fn random_duel(db: &Arc<CardDb>, seed: u64, apply: Apply) -> usize {
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(); 2],
    };
    let mut g = GameState::new_game(db.clone(), config, seed).expect("game");
    g.play_out_randomly(&mut Rng::seeded(seed), apply, |_, _| {})
        .expect("a random game ends")
}

fn benches(c: &mut Criterion) {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let busy = busy_position(&db);
    let mut out = Vec::with_capacity(256);
    c.bench_function("summon choices, full hand, busy board", |b| {
        b.iter(|| {
            out.clear();
            black_box(&busy).summon_choices_for_hand(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("all main-action choices, busy board", |b| {
        b.iter(|| {
            black_box(&busy).legal_choices(&mut out);
            black_box(out.len())
        })
    });
    c.bench_function("clone a game state", |b| {
        b.iter(|| black_box(black_box(&busy).clone()))
    });
    // Each choice checked again by `apply`, and applied as the search's playouts do.
    for (name, apply) in [
        ("random duel, whole game", Apply::Checked),
        (
            "random duel, whole game, as the search applies",
            Apply::Listed,
        ),
    ] {
        let mut seed = 0;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_duel(&db, seed, apply))
            })
        });
    }
    eprintln!(
        "size of GameState: {} bytes",
        std::mem::size_of::<GameState>()
    );
}

criterion_group!(engine, benches);
criterion_main!(engine);
