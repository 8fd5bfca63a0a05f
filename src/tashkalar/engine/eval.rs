//! A quick positional estimate of each seat's chances, for search cut-offs and greedy play.
//!
//! The value of a seat is measured in points of the game form being played:
//!
//! * **points**: its score, plus (for the seat whose turn it is) what this turn's destruction will
//!   score at the end of the turn, and in High Form most of the best current task it meets now;
//! * **pieces**: its pieces on the board, by rank. In Deathmatch pieces are the means of summoning
//!   and heroic or legendary ones are hard to destroy; in High Form upgraded pieces feed most tasks;
//! * **pattern progress**: how many cards in its hand its pieces could summon right now;
//! * **expansion marks**: a Nethervoid seat's Gateway on the board (most of its cards act through
//!   it), and for an Etherweave seat with a pending being only part of the 2-point penalty that
//!   its score already counts (the being will likely be summoned before the end).
//!
//! Values are turned into win chances with a softmax on the values, so what matters is the lead
//! over the others, and the same lead counts for more in the short High Form race.

use super::board::{Rank, RankSet};
use super::state::{GameState, Mode, Seat};

/// Weights of the Deathmatch estimate: (common, heroic, legendary piece, summonable card).
const DEATHMATCH_WEIGHTS: (f64, f64, f64, f64) = (0.3, 0.9, 1.5, 0.35);
/// Weights of the High Form estimate; legendary pieces are already in the score.
const HIGH_FORM_WEIGHTS: (f64, f64, f64, f64) = (0.1, 0.35, 0.0, 0.3);
/// At most this many summonable cards count (a full hand is three beings and two legends).
const READY_CAP: u32 = 3;

/// Points' worth of one seat's position.
pub fn material(state: &GameState, seat: Seat) -> f64 {
    let colour = state.colour_of(seat);
    let commons = state.board.count(colour, RankSet::COMMON) as f64;
    let heroic = state.board.count(colour, RankSet::HEROIC) as f64;
    let legendary = state.board.count(colour, RankSet::LEGENDARY) as f64;
    let ready = state.summonable_cards(seat, READY_CAP) as f64;
    let acting = state.allies(state.turn.seat, seat);
    let (wc, wh, wl, wr) = match state.config.mode {
        Mode::Deathmatch => DEATHMATCH_WEIGHTS,
        Mode::HighForm => HIGH_FORM_WEIGHTS,
    };
    let pending = match state.config.mode {
        Mode::Deathmatch if acting => pending_destruction(state),
        Mode::Deathmatch => 0.0,
        Mode::HighForm if acting => task_prospects(state, seat),
        Mode::HighForm => 0.0,
    };
    state.score(seat) as f64
        + pending
        + wc * commons
        + wh * heroic
        + wl * legendary
        + wr * ready
        + gateway_value(state, seat)
        + pending_relief(state, seat)
}

/// Points' worth of a Nethervoid seat's Gateway: without one, most of its beings do little; a
/// heroic Gateway is harder to lose.
fn gateway_value(state: &GameState, seat: Seat) -> f64 {
    let st = state.seat(seat);
    if !state.db.deck(st.deck_id).gateway {
        return 0.0;
    }
    let (common, heroic) = match state.config.mode {
        Mode::Deathmatch => (0.45, 0.65),
        Mode::HighForm => (0.3, 0.4),
    };
    match st.gateway.and_then(|sq| state.board.get(sq)) {
        Some(p) if p.rank == Rank::Heroic => heroic,
        Some(_) => common,
        None => 0.0,
    }
}

/// The part of a pending being's penalty (already in the score) that is not expected to stay:
/// until the end is triggered there is time to summon the being.
fn pending_relief(state: &GameState, seat: Seat) -> f64 {
    let penalty = state.causality_penalty(seat) as f64;
    if penalty == 0.0 {
        return 0.0;
    }
    let kept = if state.ending.triggered { 1.0 } else { 0.35 };
    penalty * (1.0 - kept)
}

/// A destroyed common still without a partner: it scores only if another common of its colour
/// is destroyed before the turn ends (nothing carries over to a later turn).
const UNPAIRED_COMMON: f64 = 0.2;

/// Deathmatch: what the acting side's destruction this turn is worth (scored at the end of the
/// turn), and a little for a common that a second one this turn would pair.
fn pending_destruction(state: &GameState) -> f64 {
    let (points, unpaired) = state.turn_destruction_points();
    points as f64 + UNPAIRED_COMMON * unpaired as f64
}

/// High Form: the best current task the acting side meets now, which it can claim at the end of
/// this turn. (The other sides' tasks are not looked at: they would have to keep meeting them
/// until their own turn, and checking tasks is the dearest part of the estimate.)
fn task_prospects(state: &GameState, seat: Seat) -> f64 {
    let colour = state.colour_of(seat);
    let best = state
        .tasks
        .current
        .iter()
        .flatten()
        .map(|t| &state.db.tasks[t.0 as usize])
        .filter(|task| state.task_met(colour, &task.condition))
        .map(|task| task.points as f64)
        .fold(0.0, f64::max);
    0.8 * best
}

/// Estimated chance of winning for every seat (they sum to 1).
pub fn estimate(state: &GameState) -> Vec<f64> {
    // Arrays on the stack for the steps: the search estimates millions of positions.
    let seats = state.players();
    let mut values = [0.0; Seat::MAX];
    for s in state.seat_ids() {
        values[s.index()] = material(state, s);
    }
    let scale = match state.config.mode {
        Mode::Deathmatch => 3.0,
        Mode::HighForm => 1.5,
    };
    let top = values[..seats].iter().cloned().fold(f64::MIN, f64::max);
    let mut weights = [0.0; Seat::MAX];
    for (w, v) in weights.iter_mut().zip(&values[..seats]) {
        *w = ((v - top) / scale).exp();
    }
    let total: f64 = weights[..seats].iter().sum();
    weights[..seats].iter().map(|w| w / total).collect()
}
