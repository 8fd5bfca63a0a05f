//! The threat a seat poses at the start of its turn: what the cards it may hold could score with
//! one summoning from its pieces plus one placement, weighted by the chance that it holds each
//! card. In Deathmatch a summoning scores what it destroys; in High Form the best current task
//! the seat meets after it (a task of this turn's summonings or destruction as well as one of the
//! board), and a task that placements alone meet ([`super::task_threat`]) is a floor that needs
//! no card.
//!
//! Nothing here knows a card by name. Every being and legend the attacker may hold is tried on a
//! copy of the position: its summonings are listed with one empty square allowed to stand for a
//! common piece (the engine's own rule for Void Summoner's summoning, here standing for a common
//! the attacker places first with its other action), each is carried out with its effect
//! completed greedily for the attacker, and the points its destruction scores are kept (the best
//! summoning of the card). The cards the position does not show (the attacker's hand, dealt
//! again in an observation) are averaged over: the attacker's hand is any `h` of the beings in
//! its hand and deck, and any of the legends in its hand and the legend deck, so the expected
//! best card follows from counting (draws without replacement), not from sampled deals.
//!
//! It costs one summoning list per card and one greedy effect per summoning: cheap next to a
//! search, too dear for every leaf of one. The search uses it at its root (`shell::ai::mcts`).

use super::super::cards::{CardId, CardKind};
use super::super::state::{GameState, HandKind, Mode, Phase, Seat};

/// Effect steps completed after a summoning (effects rarely have more).
const ACTION_DEPTH: usize = 8;
/// Material lost per point destroyed (pieces are worth 0.3 per half point of a common, 0.9 per
/// point of a heroic, 0.75 per point of a legendary piece in the estimate): the victim loses the
/// pieces as well as the attacker scoring them.
const MATERIAL_PER_POINT: f64 = 0.7;

/// The attacker's threat in a position where it is about to act.
#[derive(Clone, Debug, PartialEq)]
pub struct Threat {
    /// The attacker (the seat whose turn it is).
    pub attacker: Seat,
    /// The expected points of the attacker's best summoning, over the cards it may hold.
    pub expected: f64,
    /// Every card the attacker may hold that threatens something, with the points its best
    /// summoning scores and the chance the attacker holds it.
    pub cards: Vec<(CardId, f64, f64)>,
    /// High Form: the placements that meet a task alone (no card needed); the expected points
    /// are never below theirs.
    pub placed: Option<super::task_threat::Placements>,
}

/// The threat of the seat to act in `state`, at the start of one of its actions; `None`
/// mid-action or once the game is over.
pub fn threat(state: &GameState) -> Option<Threat> {
    if state.is_over() || !matches!(state.phase, Phase::Action) || state.turn.handed_over {
        return None;
    }
    let attacker = state.turn.seat;
    let seat = state.seat(attacker);
    let pending = seat.pending;
    // The pools the attacker's hand was dealt from, as this position shows them.
    let mut beings: Vec<CardId> = seat.deck.iter().collect();
    let mut legends: Vec<CardId> = state.legend_deck.iter().collect();
    let mut held_beings = 0;
    let mut held_legends = 0;
    for card in seat.hand.iter() {
        if Some(card) == pending {
            continue;
        }
        match HandKind::of(state.db.card(card).kind) {
            HandKind::Being => {
                beings.push(card);
                held_beings += 1;
            }
            HandKind::Legend => {
                legends.push(card);
                held_legends += 1;
            }
            HandKind::Flare => {}
        }
    }
    let mut probe = state.clone();
    probe.log_events = false;
    let mut buffer = Vec::new();
    let mut value = |card: CardId| card_threat(&probe, card, &mut buffer);
    let mut cards = Vec::new();
    let being_values: Vec<f64> = beings.iter().map(|&c| value(c)).collect();
    let legend_values: Vec<f64> = legends.iter().map(|&c| value(c)).collect();
    let pending_value = pending.map_or(0.0, &mut value);
    let placed = super::task_threat::best_placements(state);
    let sure = pending_value.max(placed.as_ref().map_or(0.0, |p| f64::from(p.points)));
    let chance = |held: usize, pool: usize| held as f64 / pool.max(1) as f64;
    for (pool, values, held) in [
        (&beings, &being_values, held_beings),
        (&legends, &legend_values, held_legends),
    ] {
        for (&c, &v) in pool.iter().zip(values) {
            if v > 0.0 {
                cards.push((c, v, chance(held, pool.len())));
            }
        }
    }
    if let Some(c) = pending.filter(|_| pending_value > 0.0) {
        cards.push((c, pending_value, 1.0));
    }
    let expected = expected_best(
        &[(&being_values, held_beings), (&legend_values, held_legends)],
        sure,
    );
    Some(Threat {
        attacker,
        expected,
        cards,
        placed,
    })
}

/// Win chances of every seat after the attacker's threat, in a position where the attacker is
/// about to act: in Deathmatch its expected best summoning (its points scored, the victims'
/// pieces lost), in High Form the search's estimate once it has placed the pieces that meet its
/// best task ([`super::task_threat`]), or of the position as it is when no placement meets one.
/// `None` where [`threat`] is, or in High Form mid-action or once the game is over. With them,
/// whether the threat is sure: placements need no card, a summoning needs the card.
pub fn estimate_after_threat(state: &GameState) -> Option<(Vec<f64>, bool)> {
    let t = threat(state)?;
    if state.config.mode == Mode::HighForm {
        return Some(high_form_estimate(state, t));
    }
    let mut values = [0.0; Seat::MAX];
    for s in state.seat_ids() {
        values[s.index()] = super::search_material(state, s);
        if state.allies(s, t.attacker) {
            values[s.index()] += t.expected;
        } else {
            // Two seats: the one victim. With more, the threat is shared out among the victims.
            let victims = state
                .seat_ids()
                .filter(|v| !state.allies(*v, t.attacker))
                .count()
                .max(1) as f64;
            values[s.index()] -= MATERIAL_PER_POINT * t.expected / victims;
        }
    }
    Some((super::softmax(state, &values), false))
}

/// High Form: the search's estimate after the placements that meet a task, where no card the
/// attacker may hold is expected to do better (a sure threat); else the attacker's side credited
/// with the expected task of its best summoning, beyond the task it meets already (which the
/// estimate counts).
fn high_form_estimate(state: &GameState, t: Threat) -> (Vec<f64>, bool) {
    if let Some(placed) = &t.placed
        && t.expected <= f64::from(placed.points) + 1e-9
        && let Some(after) = placed.apply(state)
    {
        return (super::search_estimate(&after), true);
    }
    let already = f64::from(super::best_task_met(state, t.attacker));
    let mut values = [0.0; Seat::MAX];
    for s in state.seat_ids() {
        values[s.index()] = super::search_material(state, s);
        if state.allies(s, t.attacker) {
            values[s.index()] += TASK_CLAIMED * (t.expected - already).max(0.0);
        }
    }
    (super::softmax(state, &values), false)
}

/// The share of a task's points a seat meeting it at the end of its turn is worth (as the
/// estimate's own count of a task the acting side meets).
const TASK_CLAIMED: f64 = 0.8;

/// The points the best summoning of `card` (from the probe's pieces, one empty square allowed
/// to stand for a common) scores, its effect completed greedily by the attacker: in Deathmatch
/// what it destroys, in High Form the best current task the attacker then meets.
fn card_threat(probe: &GameState, card: CardId, buffer: &mut Vec<super::super::Choice>) -> f64 {
    let db = &probe.db;
    if matches!(db.card(card).kind, CardKind::Flare) || db.card(card).pattern.is_none() {
        return 0.0;
    }
    let attacker = probe.turn.seat;
    let mut g = probe.clone();
    if !g.seat(attacker).hand.contains(card) && !g.seat_mut(attacker).hand.push(card) {
        return 0.0;
    }
    // Summonings from the pieces on the board, then those that need one more common: with an
    // action left for placing it first, the summoning is then one action later ("unless this was
    // your last action" reads the right count).
    let mut direct = Vec::new();
    g.summon_choices_for(card, &mut direct);
    let mut placed = g.clone();
    let mut after_placing = Vec::new();
    if g.turn.actions_left >= 2 && g.turn.void_squares == 0 {
        placed.turn.void_squares = 1;
        placed.turn.actions_left -= 1;
        placed.summon_choices_for(card, &mut after_placing);
        after_placing.retain(|c| !direct.contains(c));
    }
    let summons = direct
        .into_iter()
        .map(|c| (c, &g))
        .chain(after_placing.into_iter().map(|c| (c, &placed)));
    let mut best = 0.0f64;
    for (choice, from) in summons {
        let mut next = from.clone();
        if next.apply(choice).is_err() {
            continue;
        }
        complete(&mut next, attacker, buffer);
        let points = if next.turn.seat == attacker && !next.is_over() {
            match next.config.mode {
                Mode::Deathmatch => f64::from(next.turn_destruction_points().0),
                // With an action left after the summoning, the placement that meets a task too.
                Mode::HighForm => f64::from(
                    super::best_task_met(&next, attacker)
                        .max(super::task_threat::best_placements(&next).map_or(0, |p| p.points)),
                ),
            }
        } else {
            // The turn ended with the action (its last): its points are in the score now.
            f64::from(next.score(attacker) - probe.score(attacker))
        };
        best = best.max(points);
    }
    best
}

/// Completes the action in progress, each step the one that leaves the attacker's destruction
/// this turn highest (the first of equals). Only destruction is asked for here, and the whole
/// estimate at every step cost most of the threat's time.
fn complete(g: &mut GameState, attacker: Seat, buffer: &mut Vec<super::super::Choice>) {
    for _ in 0..ACTION_DEPTH {
        if g.is_over() || g.decider() != attacker || !g.mid_action() {
            return;
        }
        g.legal_choices(buffer);
        let mut best: Option<(f64, GameState)> = None;
        for &choice in buffer.iter() {
            let mut next = g.clone();
            next.apply_listed(choice);
            let v = if next.turn.seat == attacker && !next.is_over() {
                let (points, unpaired) = next.turn_destruction_points();
                f64::from(points) + super::UNPAIRED_COMMON * f64::from(unpaired)
            } else {
                f64::from(next.score(attacker))
            };
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                best = Some((v, next));
            }
        }
        match best {
            Some((_, next)) => *g = next,
            None => return,
        }
    }
}

/// The expected largest value in a hand made of `held` cards drawn without replacement from
/// each pool, and a value held for sure.
fn expected_best(pools: &[(&Vec<f64>, usize)], sure: f64) -> f64 {
    let mut levels: Vec<f64> = pools
        .iter()
        .flat_map(|(values, _)| values.iter().copied())
        .chain(std::iter::once(sure))
        .filter(|v| *v > 0.0)
        .collect();
    levels.sort_by(|a, b| b.total_cmp(a));
    levels.dedup();
    let mut expected = 0.0;
    for (i, &level) in levels.iter().enumerate() {
        let below = levels.get(i + 1).copied().unwrap_or(0.0);
        // P(best >= level) = 1 - P(no card worth `level` or more is held).
        let mut none = if sure >= level { 0.0 } else { 1.0 };
        for (values, held) in pools {
            let k = values.iter().filter(|v| **v >= level).count();
            none *= miss_all(values.len(), k, *held);
        }
        expected += (level - below) * (1.0 - none);
    }
    expected
}

/// The chance that a hand of `held` cards drawn from `pool` cards misses all of `k` given ones.
fn miss_all(pool: usize, k: usize, held: usize) -> f64 {
    let mut p = 1.0;
    for i in 0..held.min(pool) {
        let left = pool - i;
        if left <= k {
            return 0.0;
        }
        p *= (left - k) as f64 / left as f64;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_expected_best_card_counts_draws_without_replacement() {
        // One card worth 2 among four, two held: held half the time.
        let values = vec![2.0, 0.0, 0.0, 0.0];
        assert!((expected_best(&[(&values, 2)], 0.0) - 1.0).abs() < 1e-9);
        // Two cards worth 3 and 1 among four, one held: 3/4 + 1/4... each held a quarter.
        let values = vec![3.0, 1.0, 0.0, 0.0];
        assert!((expected_best(&[(&values, 1)], 0.0) - 1.0).abs() < 1e-9);
        // A card held for sure sets a floor.
        assert!((expected_best(&[(&values, 1)], 2.0) - 2.25).abs() < 1e-9);
        assert_eq!(miss_all(4, 4, 1), 0.0);
        assert_eq!(miss_all(4, 0, 3), 1.0);
    }
}
