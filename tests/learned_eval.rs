//! The search's evaluation with weights learned from play (`assets/ai/weights.ron`).

mod common;

use table::shell::game::Heuristics;
use table::tashkalar::engine::eval::learned::{self, BUILTIN, FEATURES, Weights};

#[test]
fn the_built_in_weights_file_reads_with_one_weight_per_feature() {
    let w = Weights::parse(BUILTIN).expect("assets/ai/weights.ron reads");
    assert_eq!(w.deathmatch.weights.len(), FEATURES);
    assert_eq!(w.high_form.weights.len(), FEATURES);
    assert_eq!(learned::builtin(), &w);
    assert!(Weights::parse("(deathmatch: (weights: [1.0]), high_form: (weights: [1.0]))").is_err());
}

#[test]
fn the_learned_estimate_gives_win_chances_and_prefers_more_points() {
    let even = common::scenario("(pieces: [\"1c e4\", \"2c e6\"])");
    let ahead = common::scenario("(pieces: [\"1c e4\", \"2c e6\"], scores: [6, 0])");
    for g in [&even, &ahead] {
        let v = g.learned_evaluate();
        assert_eq!(v.len(), 2);
        assert!((v.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    }
    assert!(ahead.learned_evaluate()[0] > even.learned_evaluate()[0]);
}
