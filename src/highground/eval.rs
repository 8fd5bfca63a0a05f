//! A heuristic estimate of each seat's share of the result, for bots' cut-offs and greedy play.
//!
//! A seat's strength is its material (pips of its pyramids on the board, less for hobbled and
//! much less for trapped ones), the height of the territories they stand on (high ground: more
//! places to go downhill, fewer enemies able to reach it), a little for cards in hand, and its
//! threats to opponents' Kings: free pyramids next to one (a HOP away), pyramids on one, and most
//! of all standing alone on one, which wins at the start of its next turn. Shares are the
//! strengths' proportions, so they sum to 1 like the rewards of a finished game.

use super::pyramid::Status;
use super::state::{HighGround, Outcome};

/// How much a pyramid of each status counts, per pip.
const FREE: f64 = 1.0;
const HOBBLED: f64 = 0.8;
const TRAPPED: f64 = 0.35;
/// Per pyramid, times its territory's level over 13.
const HEIGHT: f64 = 0.6;
/// Per card in hand.
const CARD: f64 = 0.15;
/// Per pyramid on an opponent's King shared with other colours.
const ON_KING: f64 = 0.6;
/// For standing alone on an opponent's King.
const HOLDS_KING: f64 = 6.0;
/// Per free pyramid next to an opponent's King (a HOP away from it).
const THREAT: f64 = 0.5;

/// The rewards of a finished game, or the estimated shares of one in progress.
pub fn estimate(g: &HighGround) -> Vec<f64> {
    if let Some(outcome) = g.outcome() {
        return rewards(g, outcome);
    }
    let n = g.players();
    let mut strength = vec![0.0; n];
    for (p, pos, status) in g.pyramids().all() {
        let seat = p.seat() as usize;
        if seat >= n {
            continue;
        }
        let factor = match status {
            Status::Free => FREE,
            Status::Hobbled => HOBBLED,
            Status::Trapped => TRAPPED,
        };
        let level = g.board().level(pos).unwrap_or(0) as f64;
        strength[seat] += p.size().pips() as f64 * factor + HEIGHT * level / 13.0;
    }
    for t in g.board().territories() {
        let Some(owner) = t.owner else { continue };
        for next in g.board().adjacent(t.pos) {
            for st in g.pyramids().stacks_at(next) {
                let seat = st.top().seat();
                if seat != owner && (seat as usize) < n {
                    strength[seat as usize] += THREAT;
                }
            }
        }
        let mask = g.pyramids().seats_mask_at(t.pos) & !(1 << owner);
        if mask == 0 {
            continue;
        }
        for (seat, value) in strength.iter_mut().enumerate() {
            if mask & (1 << seat) == 0 {
                continue;
            }
            *value += if g.pyramids().seats_mask_at(t.pos) == 1 << seat {
                HOLDS_KING
            } else {
                let mine = g
                    .pyramids()
                    .stacks_at(t.pos)
                    .flat_map(|st| st.pieces())
                    .filter(|p| p.seat() as usize == seat)
                    .count();
                ON_KING * mine as f64
            };
        }
    }
    for (seat, value) in strength.iter_mut().enumerate() {
        if g.alive(seat as u8) || g.in_setup() {
            *value += CARD * g.hand(seat).len() as f64;
        } else {
            *value = 0.0;
        }
    }
    let total: f64 = strength.iter().sum();
    if total <= 0.0 {
        return vec![1.0 / n as f64; n];
    }
    strength.iter().map(|v| v / total).collect()
}

/// Per seat in [0, 1] for a finished game: the winner 1; a drawn game shared by the seats still
/// in it.
pub fn rewards(g: &HighGround, outcome: Outcome) -> Vec<f64> {
    let n = g.players();
    match outcome {
        Outcome::Won { seat, .. } => (0..n).map(|s| (s == seat as usize) as u8 as f64).collect(),
        Outcome::Drawn => {
            let alive: Vec<bool> = (0..n).map(|s| g.alive(s as u8)).collect();
            let count = alive.iter().filter(|a| **a).count().max(1) as f64;
            alive
                .into_iter()
                .map(|a| if a { 1.0 / count } else { 0.0 })
                .collect()
        }
    }
}
