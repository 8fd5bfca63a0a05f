//! The score margin in the search's values. A game's rewards only say who won, so to a search
//! that plays to win a 14-13 win is worth a 13-13 tiebreak win, and a lead that looks decided
//! makes every choice look the same (issue 53). With [`MctsConfig::margin`] the values the search
//! backs up are `(1 - w) * value + w * share`, where `share` is each seat's softmax share of the
//! points ([`Heuristics::margin_scale`] points of lead make a factor e): a small weight that
//! keeps a lead's size worth something once the win is sure. Games without scores are unchanged.

use super::{Evaluation, MctsConfig};
use crate::shell::game::Heuristics;

/// How the search judges a position: the rewards of a finished game, the estimate of one in
/// progress, each blended with the score margin as the configuration says.
#[derive(Clone, Copy, Debug)]
pub(super) struct Judge {
    pub(super) evaluation: Evaluation,
    /// The margin's weight at finished games.
    margin: f64,
    /// Whether estimates of games in progress are blended too (with the same weight, so that a
    /// finished game and an estimate stay on one scale).
    leaves: bool,
}

impl Judge {
    /// The search's judge, by its configuration's evaluation and margin.
    pub(super) fn of_config(config: &MctsConfig) -> Judge {
        Judge {
            evaluation: config.evaluation,
            margin: config.margin,
            leaves: config.margin_leaves,
        }
    }

    /// Values per seat of `game`, finished or not.
    pub(super) fn values<G: Heuristics>(&self, game: &G) -> Vec<f64> {
        if game.is_over() {
            blend(game.rewards(), game, self.margin)
        } else {
            let estimate = self.evaluation.of(game);
            if self.leaves {
                blend(estimate, game, self.margin)
            } else {
                estimate
            }
        }
    }

    /// [`Judge::values`] for `seat`.
    pub(super) fn value<G: Heuristics>(&self, game: &G, seat: usize) -> f64 {
        self.values(game).get(seat).copied().unwrap_or(0.0)
    }
}

/// `(1 - weight) * values + weight * share` of the points, or `values` when the game keeps no
/// score or the weight is 0.
pub(super) fn blend<G: Heuristics>(values: Vec<f64>, game: &G, weight: f64) -> Vec<f64> {
    if weight <= 0.0 {
        return values;
    }
    let shares = score_shares(&game.scores(), game.margin_scale());
    if shares.len() != values.len() {
        return values;
    }
    values
        .iter()
        .zip(shares)
        .map(|(v, s)| (1.0 - weight) * v + weight * s)
        .collect()
}

/// Each seat's softmax share of `scores` (summing to 1): equal scores share equally, and every
/// `scale` points of lead multiply a seat's weight by e. Empty for no scores.
pub(super) fn score_shares(scores: &[i32], scale: f64) -> Vec<f64> {
    let Some(&top) = scores.iter().max() else {
        return Vec::new();
    };
    let scale = scale.max(1e-6);
    // Relative to the top score, so that no exponent overflows.
    let weights: Vec<f64> = scores
        .iter()
        .map(|&s| (f64::from(s - top) / scale).exp())
        .collect();
    let sum: f64 = weights.iter().sum();
    weights.iter().map(|w| w / sum).collect()
}

/// Whether `rewards` are a won game for `seat`: its reward the highest, and some seat's lower (a
/// tiebreak decides a winner; a shared draw is no win).
pub(super) fn is_win(rewards: &[f64], seat: usize) -> bool {
    let Some(&mine) = rewards.get(seat) else {
        return false;
    };
    let top = rewards.iter().copied().fold(f64::MIN, f64::max);
    let bottom = rewards.iter().copied().fold(f64::MAX, f64::min);
    mine >= top && bottom < top
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_scores_share_equally_and_a_lead_takes_more() {
        let even = score_shares(&[13, 13], 2.0);
        assert!((even[0] - 0.5).abs() < 1e-12 && (even[1] - 0.5).abs() < 1e-12);
        let ahead = score_shares(&[14, 13], 2.0);
        // One point at a scale of 2: the logistic of 0.5.
        assert!((ahead[0] - 1.0 / (1.0 + (-0.5f64).exp())).abs() < 1e-12);
        assert!((ahead[0] + ahead[1] - 1.0).abs() < 1e-12);
        assert!(score_shares(&[20, 13], 2.0)[0] > ahead[0]);
        assert!(score_shares(&[], 2.0).is_empty());
    }

    #[test]
    fn a_win_needs_a_loser() {
        assert!(is_win(&[1.0, 0.0], 0));
        assert!(!is_win(&[1.0, 0.0], 1));
        assert!(!is_win(&[0.5, 0.5], 0));
        // Teams: both winners of a four-seat game.
        assert!(is_win(&[0.5, 0.0, 0.5, 0.0], 2));
    }
}
