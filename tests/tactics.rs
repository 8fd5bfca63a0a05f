//! The tactics suite (`tests/tactics/`, made by `examples/harvest_tactics.rs`): every position
//! loads, every best choice is legal there, the suite covers both forms and every deck, and a
//! cheap bot solves the positions whose answer is an immediate gain. The solve rates of the
//! search levels are measured with `cargo run --release --example tactics` (docs/ai.md), not here.

mod common;

use std::collections::BTreeSet;
use std::path::Path;
use table::shell::game::Game;
use table::tashkalar::engine::Mode;
use table::tashkalar::tactics::{self, Position};

fn suite() -> Vec<Position> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/tactics");
    tactics::load(&dir, &common::db()).unwrap_or_else(|e| panic!("the suite loads: {e}"))
}

#[test]
fn the_suite_has_sixty_positions_in_both_forms_and_every_deck() {
    let positions = suite();
    assert!(positions.len() >= 60, "{} positions", positions.len());
    let modes: BTreeSet<&str> = positions
        .iter()
        .map(|p| p.state.config.mode.name())
        .collect();
    assert_eq!(modes.len(), 2);
    for mode in [Mode::Deathmatch, Mode::HighForm] {
        let decks: BTreeSet<String> = positions
            .iter()
            .filter(|p| p.state.config.mode == mode)
            .map(|p| {
                let seat = p.state.decider();
                p.state.db.deck(p.state.seat(seat).deck_id).name.clone()
            })
            .collect();
        assert!(decks.len() >= 4, "{}: {decks:?}", mode.name());
    }
    let motifs: BTreeSet<&str> = positions.iter().map(|p| p.entry.motif.as_str()).collect();
    assert!(motifs.len() >= 4, "{motifs:?}");
}

#[test]
fn every_best_choice_is_legal_and_every_position_has_a_reason() {
    for p in suite() {
        let name = &p.entry.file;
        assert!(!p.entry.reason.trim().is_empty(), "{name}: no reason");
        assert!(!p.entry.best.is_empty(), "{name}: no best choice");
        let mut legal = Vec::new();
        Game::legal(&p.state, &mut legal);
        let texts: Vec<String> = legal.iter().map(|c| p.state.choice_text(c)).collect();
        assert!(
            p.entry.best.len() < texts.len(),
            "{name}: every choice is best"
        );
        for best in &p.entry.best {
            assert!(texts.contains(best), "{name}: `{best}` is not legal");
        }
    }
}

#[test]
fn greedy_takes_the_points_the_position_offers() {
    let positions = suite();
    let immediate: Vec<&Position> = positions
        .iter()
        .filter(|p| {
            matches!(
                p.entry.motif.as_str(),
                "points" | "legendary" | "task" | "flare"
            )
        })
        .collect();
    assert!(immediate.len() >= 20);
    let solved = immediate
        .iter()
        .filter(|p| tactics::attempt(p, "greedy", 1).expect("greedy answers").1)
        .count();
    // These positions were chosen because one set of choices gains most right away.
    assert!(
        solved * 10 >= immediate.len() * 9,
        "greedy solved {solved} of {}",
        immediate.len()
    );
}
