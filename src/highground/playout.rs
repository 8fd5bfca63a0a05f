//! The playout policy of tree search: how a simulated player picks a choice.
//!
//! At the start of a turn the legal list is mostly card plays (every card of the hand on every
//! free place), so picking uniformly would play a card nine times in ten and hardly ever move or
//! roll. The policy first picks a kind of action, then a choice of that kind uniformly: a move
//! four times as often as drawing, a roll three times, playing a card twice. Elsewhere (the steps
//! of a move, what the die allows) it is uniform.

use super::decision::Choice;
use super::state::{HighGround, Pending};

/// The kind of an action at the start of a turn: 0 a move, 1 a roll, 2 playing cards, 3 drawing
/// or discarding.
pub fn action_kind(c: &Choice) -> usize {
    match c {
        Choice::Move(_) => 0,
        Choice::Roll => 1,
        Choice::Play(..) => 2,
        _ => 3,
    }
}

/// How often the policy picks each kind of action, by [`action_kind`].
const KIND_WEIGHTS: [u64; 4] = [4, 3, 2, 1];

/// The kind of an action at the start of a turn, with its weight.
fn kind(c: &Choice) -> (usize, u64) {
    let k = action_kind(c);
    (k, KIND_WEIGHTS[k])
}

/// An index into `legal` picked with the fresh random number `random`.
pub fn pick(g: &HighGround, legal: &[Choice], random: u64) -> usize {
    let n = legal.len().max(1);
    if !matches!(g.pending(), Pending::Action) {
        return (random % n as u64) as usize;
    }
    let mut counts = [0usize; 4];
    let mut weights = [0u64; 4];
    for c in legal {
        let (k, w) = kind(c);
        counts[k] += 1;
        weights[k] = w;
    }
    let total: u64 = weights.iter().sum();
    if total == 0 {
        return 0;
    }
    // The low bits choose the kind, the rest the choice within it.
    let mut roll = random % total;
    let mut chosen = 0;
    for (k, w) in weights.iter().enumerate() {
        if roll < *w {
            chosen = k;
            break;
        }
        roll -= w;
    }
    let nth = ((random / total) % counts[chosen].max(1) as u64) as usize;
    legal
        .iter()
        .enumerate()
        .filter(|(_, c)| kind(c).0 == chosen)
        .nth(nth)
        .map_or(0, |(i, _)| i)
}
