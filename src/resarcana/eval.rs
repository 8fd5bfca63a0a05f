//! The bots' estimate of a game in progress: points first, then what essences, components and
//! cards promise in the rounds that are left.
//!
//! A component in play is judged by what it yields each round (its collect abilities, and the
//! best power that only turns it and gains) times the rounds the game may still last, so that an
//! artifact placed early, which pays every round, is worth more than the essences it cost, and
//! the same artifact placed when the game is nearly won is worth little. Essences are judged by
//! the points they buy: Gold, which monuments are bought with, at about a quarter of a point,
//! the other kinds at half that.

use super::card::language::{CardDef, Collect, Effect};
use super::essence::{Essence, Essences};
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

/// The weights of the estimate.
#[derive(Clone, Copy, Debug)]
struct Weights {
    /// A unit of essence (Gold counts two units) in the pool or stored on a component.
    unit: f64,
    /// The First Player token, which changes hands every round, below its point.
    token: f64,
    /// A component in play, besides what it yields.
    component: f64,
    /// A unit yielded each round, for each round left.
    income: f64,
    /// A card in hand.
    card: f64,
    /// The rounds left when nobody has scored (they shrink as the leader nears 10 points).
    rounds: f64,
    /// The softmax's temperature: a lead worth e.
    temperature: f64,
}

/// Set by `greedy`'s games against `random` (1,000 a setting, `docs/ai.md`): the yield of
/// components counted over the rounds left took it from 68% to 84%, and a card in hand at less
/// than the two essences it can be discarded for took it to 92% (a card kept for later rarely
/// beats what its essences pay for now).
const WEIGHTS: Weights = Weights {
    unit: 0.125,
    token: 0.6,
    component: 0.3,
    income: 0.2,
    card: 0.1,
    rounds: 4.0,
    temperature: 1.5,
};

/// Essences counted in units, Gold counting two.
fn units(e: Essences) -> f64 {
    e.total() as f64 + e.get(Essence::Gold) as f64
}

/// What one collect ability yields, in units.
fn collect_yield(c: &Collect) -> f64 {
    match c {
        Collect::Gain(set) => units((*set).into()),
        Collect::Either(sets) => sets.iter().map(|s| units((*s).into())).fold(0.0, f64::max),
        Collect::Any { n, except } => {
            // Gold, when allowed, is the unit worth taking.
            let gold = !except.contains(&Essence::Gold);
            *n as f64 * if gold { 2.0 } else { 1.0 }
        }
        // Taken only when something was left: half of it, on the average.
        Collect::IfLeft { then, .. } => 0.5 * then.iter().map(collect_yield).sum::<f64>(),
        Collect::StoreEachPresent(n) => *n as f64,
    }
}

/// What an effect gives its owner at once, in units (0 for what the estimate cannot price).
fn effect_yield(e: &Effect) -> f64 {
    match e {
        Effect::Gain(set) | Effect::Store(set) => units((*set).into()),
        Effect::GainAny { n, except } | Effect::StoreAny { n, except } => {
            let gold = !except.contains(&Essence::Gold);
            *n as f64 * if gold { 2.0 } else { 1.0 }
        }
        Effect::Draw(n) => 0.5 * *n as f64,
        Effect::LifeLoss { amount, .. } => *amount as f64,
        _ => 0.0,
    }
}

/// What a component yields each round, in units: its collect abilities less their price, and
/// the best of its powers that only turn it (once a round) and pay less than they give.
pub fn income(def: &CardDef) -> f64 {
    let mut total: f64 = def.collect.iter().map(collect_yield).sum();
    if let Some(cost) = &def.collect_cost {
        let price = units(cost.pay.into());
        total -= if cost.or_turn { price.min(1.0) } else { price };
    }
    let best_power = def
        .powers
        .iter()
        .filter(|p| {
            p.react.is_none()
                && p.cost.turn
                && p.cost.destroy.is_none()
                && !p.cost.discard
                && p.cost.identical.is_none()
        })
        .map(|p| {
            let paid =
                units(p.cost.pay.fixed()) + p.cost.pay.any as f64 + units(p.cost.remove.into());
            p.effects.iter().map(effect_yield).sum::<f64>() - paid
        })
        .fold(0.0, f64::max);
    total + best_power
}

/// The rounds the game may still last, as the leader nears 10 points.
fn rounds_left(g: &ResArcana, w: &Weights) -> f64 {
    let lead = (0..g.players()).map(|s| g.points(s)).max().unwrap_or(0) as f64;
    (w.rounds * (10.0 - lead) / 10.0).max(0.5)
}

fn value_with(g: &ResArcana, seat: usize, w: &Weights, rounds: f64) -> f64 {
    let s = &g.seats[seat];
    let stored: f64 = s.play.iter().map(|p| units(p.stored)).sum();
    let engine: f64 = s
        .play
        .iter()
        .map(|p| w.component + w.income * rounds * income(g.db.get(p.card)))
        .sum();
    let token = if g.token as usize == seat {
        w.token
    } else {
        0.0
    };
    g.points(seat) as f64 - token
        + w.unit * (units(s.pool) + stored)
        + engine
        + w.card * s.hand.len() as f64
}

/// A seat's standing in points: points (the token below its point), essences, what its
/// components yield in the rounds left, and cards in hand.
pub fn value(g: &ResArcana, seat: usize) -> f64 {
    let w = WEIGHTS;
    value_with(g, seat, &w, rounds_left(g, &w))
}

/// Win chances estimated from the values (a soft maximum), summing to 1.
pub fn estimate(g: &ResArcana) -> Vec<f64> {
    if let Some(outcome) = &g.outcome {
        return rewards(g, outcome);
    }
    let w = WEIGHTS;
    let rounds = rounds_left(g, &w);
    let values: Vec<f64> = (0..g.players())
        .map(|s| value_with(g, s, &w, rounds))
        .collect();
    let best = values.iter().copied().fold(f64::MIN, f64::max);
    let weights: Vec<f64> = values
        .iter()
        .map(|v| ((v - best) / w.temperature).exp())
        .collect();
    let sum: f64 = weights.iter().sum();
    weights.iter().map(|x| x / sum).collect()
}
