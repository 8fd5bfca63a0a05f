//! A simple estimate for bots: points first, then what essences and components promise.

use super::essence::Essence;
use super::state::{Outcome, ResArcana};

/// Rewards of a finished game: the winners share 1.
pub fn rewards(g: &ResArcana, outcome: &Outcome) -> Vec<f64> {
    let share = 1.0 / outcome.winners.len().max(1) as f64;
    (0..g.players())
        .map(|s| {
            if outcome.winners.contains(&(s as u8)) {
                share
            } else {
                0.0
            }
        })
        .collect()
}

/// A seat's standing: points (the First Player token at less than its point: it changes hands
/// every round, and a bot valuing it fully would pass at once), essences (Gold worth double),
/// components in play (an engine is worth more than what it cost), essences stored on them, and
/// cards in hand.
pub fn value(g: &ResArcana, seat: usize) -> f64 {
    let s = &g.seats[seat];
    let essences = s.pool.total() as f64 + s.pool.get(Essence::Gold) as f64;
    let stored: u32 = s.play.iter().map(|p| p.stored.total()).sum();
    let engine: f64 = s
        .play
        .iter()
        .map(|p| 0.6 + 0.1 * g.db.get(p.card).cost.total() as f64)
        .sum();
    let token = if g.token as usize == seat { 0.6 } else { 0.0 };
    g.points(seat) as f64 - token
        + 0.15 * essences
        + 0.15 * stored as f64
        + engine
        + 0.25 * s.hand.len() as f64
}

/// Win chances estimated from the values (a soft maximum), summing to 1.
pub fn estimate(g: &ResArcana) -> Vec<f64> {
    if let Some(outcome) = &g.outcome {
        return rewards(g, outcome);
    }
    let values: Vec<f64> = (0..g.players()).map(|s| value(g, s)).collect();
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    let weights: Vec<f64> = values.iter().map(|v| ((v - best) / 1.5).exp()).collect();
    let sum: f64 = weights.iter().sum();
    weights.iter().map(|w| w / sum).collect()
}
