//! AI benchmarks: search iterations per second from a mid-game position, and one greedy decision.
//! Run with `cargo bench --bench ai`; figures are recorded in docs/perf.md.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use table::shell::ai::Bot;
use table::shell::ai::greedy::GreedyBot;
use table::shell::ai::mcts::{Level, MctsBot, MctsConfig};
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::{DecisionKind, GameConfig, GameState, Mode};

/// A position from the middle of a random duel: the first main action after 40 decisions.
fn mid_game(db: &Arc<CardDb>, mode: Mode) -> GameState {
    let config = GameConfig {
        mode,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(); 2],
    };
    let mut g = GameState::new_game(db.clone(), config, 42).expect("game");
    let mut rng = Rng::seeded(42);
    let mut choices = Vec::new();
    let mut made = 0;
    while !(made >= 40 && g.decision().kind == DecisionKind::Action) {
        g.legal_choices(&mut choices);
        let c = choices[rng.below(choices.len() as u32) as usize];
        g.apply(c).expect("legal");
        made += 1;
    }
    g
}

fn benches(c: &mut Criterion) {
    let db = Arc::new(CardDb::builtin().expect("cards"));
    let cancel = AtomicBool::new(false);
    for (mode, label) in [
        (Mode::Deathmatch, "deathmatch"),
        (Mode::HighForm, "high form"),
    ] {
        let position = mid_game(&db, mode);
        let observation = position.observation(position.decision().seat);
        let config = MctsConfig {
            time_limit: Duration::from_secs(60),
            ..Level::Normal.config(Some(mode))
        };
        // The number of iterations one search makes (fixed for a seed), for the throughput.
        let iterations = MctsBot::with_config("bench".into(), config, 1)
            .search(&observation, &cancel)
            .iterations;
        let mut group = c.benchmark_group(format!("mcts:normal search, {label} mid-game"));
        group.throughput(Throughput::Elements(iterations as u64));
        group.sample_size(10);
        group.bench_function(format!("{iterations} iterations"), |b| {
            b.iter(|| {
                let mut bot = MctsBot::with_config("bench".into(), config, 1);
                black_box(bot.search(black_box(&observation), &cancel).iterations)
            })
        });
        group.finish();
        c.bench_function(&format!("greedy decision, {label} mid-game"), |b| {
            let mut bot = GreedyBot::new(1);
            b.iter(|| black_box(Bot::<GameState>::choose(&mut bot, &observation, &cancel)))
        });
    }
}

criterion_group!(ai, benches);
criterion_main!(ai);
