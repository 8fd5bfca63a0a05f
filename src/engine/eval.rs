//! A quick positional estimate of each seat's chances, for search cut-offs and greedy play.
//!
//! Value of a seat = its score (the final-score measure of the game form) plus the worth of its
//! pieces on the board, measured in the same points an opponent would earn by destroying them
//! (Deathmatch) or in progress towards tasks and legendary points (High Form). The values are turned
//! into win chances with a logistic curve on the lead over the best opponent.

use super::board::RankSet;
use super::state::{GameState, Mode};

/// Points' worth of one seat's position.
pub fn material(state: &GameState, seat: super::state::Seat) -> f64 {
    let colour = state.colour_of(seat);
    let commons = state.board.count(colour, RankSet::COMMON) as f64;
    let heroic = state.board.count(colour, RankSet::HEROIC) as f64;
    let legendary = state.board.count(colour, RankSet::LEGENDARY) as f64;
    let score = state.score(seat) as f64;
    match state.config.mode {
        // Destroying pieces is how Deathmatch is scored: pieces are worth what they would give away.
        Mode::Deathmatch => score + 0.5 * commons + 1.0 * heroic + 2.0 * legendary,
        // High Form: legendary pieces already count in the score; upgraded pieces feed most tasks.
        Mode::HighForm => score + 0.15 * commons + 0.4 * heroic + 0.3 * legendary,
    }
}

/// Estimated chance of winning for every seat (they sum to about 1).
pub fn estimate(state: &GameState) -> Vec<f64> {
    let values: Vec<f64> = state.seat_ids().map(|s| material(state, s)).collect();
    let scale = match state.config.mode {
        Mode::Deathmatch => 4.0,
        Mode::HighForm => 2.0,
    };
    let weights: Vec<f64> = values.iter().map(|v| (v / scale).exp()).collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}
