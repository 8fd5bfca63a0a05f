//! The search's root plan: every root choice valued before the search by its whole action
//! completed greedily, followed up when the turn goes on, and answered by the opponent's best
//! reply (and threat). It orders the choices the search widens into, biases them, and, where the
//! game counts it ([`crate::shell::game::SearchBudgets::plan_share`]), starts them with virtual
//! visits.

use super::MctsConfig;
use super::margin::Judge;
use super::search::{immediate_value, settled};
use crate::shell::ai::deadline::Deadline;
use crate::shell::game::Heuristics;

/// How many of the root plan's best choices are judged again with the opponent's threat
/// ([`MctsConfig::threat`]), after any choice the threat lowered out of them.
const THREAT_CHOICES: usize = 8;

/// The root's choices in the order of their greedy value, with the progressive bias each gets.
///
/// With `reply_deals`, each choice is valued half by its whole action (as `greedy` does) and half
/// by what the next seat's best reply leaves, were the turn to pass after it
/// ([`Heuristics::turn_passed`]; two plies of `greedy`, over a few deals of the cards the bot cannot
/// see): the threats the opponent can make next turn (a summon that destroys what this choice
/// leaves exposed) then count before the search has found them.
pub(super) struct RootPlan<C> {
    /// The root's choices, best first.
    pub(super) choices: Vec<C>,
    /// The progressive bias of each choice, in the same order.
    pub(super) bias: Vec<f64>,
    /// The value each choice was ranked by.
    pub(super) values: Vec<f64>,
}

impl<C: Copy> RootPlan<C> {
    pub(super) fn new<G: Heuristics<Choice = C>>(
        observation: &G,
        legal: &[C],
        config: &MctsConfig,
        seed: u64,
        deadline: &Deadline,
    ) -> RootPlan<C> {
        let me = observation.to_move();
        let weight = config.prior_weight;
        let mut buffer = Vec::new();
        // Per choice: its value, and for a choice judged by the reply, its value before the
        // reply, the reply's value and the position the reply answers.
        type Replied<G> = Option<(f64, f64, G)>;
        let mut valued: Vec<(f64, C, Replied<G>)> = legal
            .iter()
            .map(|&c| {
                // Past the deadline the remaining choices are only valued as they are: the search
                // is over, and the plan's order is all it can still answer with.
                if deadline.reached() {
                    return (
                        immediate_value(observation, me, c, config.evaluation),
                        c,
                        None,
                    );
                }
                let mut next = observation.clone();
                next.play_listed(c);
                if config.reply_deals > 0 {
                    let (after, value) =
                        settled(next, me, Judge::of_config(config), &mut buffer, deadline);
                    let (after, value) =
                        followed_up(after, value, me, config, &mut buffer, deadline);
                    // Half what the position is worth now, half what it is worth after the
                    // opponent's best reply (were the turn to pass now): exposed pieces and open
                    // patterns cost before the search finds the reply.
                    let replied = reply_value(&after, me, config, seed, &mut buffer, deadline);
                    return match replied {
                        Some(r) => (0.5 * (value + r), c, Some((value, r, after))),
                        None => (value, c, None),
                    };
                }
                let value = settled(next, me, Judge::of_config(config), &mut buffer, deadline).1;
                (value, c, None)
            })
            .collect();
        // Stable: equal values keep the legal order, so the plan is deterministic.
        valued.sort_by(|a, b| b.0.total_cmp(&a.0));
        if config.threat {
            // The best choices again, their reply now the lower of the deals' best reply and the
            // opponent's threat over every card it may hold (`Heuristics::threat_estimate`): the
            // few deals may not hold the card that hurts. A threat only lowers a value, so the
            // choices are judged best first until the best few have all been judged: no choice
            // below them can rise into them, and the rest are not worth a threat's milliseconds.
            loop {
                if deadline.reached() {
                    break;
                }
                let Some(next) = valued
                    .iter()
                    .take(THREAT_CHOICES)
                    .position(|(_, _, replied)| replied.is_some())
                else {
                    break;
                };
                let (value, _, replied) = &mut valued[next];
                if let Some((before, r, after)) = replied.take()
                    && let Some(t) = threat_value(&after, me)
                {
                    *value = match t {
                        // A threat that needs no hidden card will be carried out: the position
                        // this choice leaves does not last, so it counts no more than the threat's.
                        Threatened::Sure(t) => 0.5 * (before.min(t) + r.min(t)),
                        Threatened::Expected(t) => 0.5 * (before + r.min(t)),
                    };
                }
                valued.sort_by(|a, b| b.0.total_cmp(&a.0));
            }
        }
        let top = valued.first().map_or(0.0, |v| v.0);
        let bottom = valued.last().map_or(0.0, |v| v.0);
        let span = (top - bottom).max(1e-9);
        RootPlan {
            bias: valued
                .iter()
                .map(|(v, _, _)| weight * (v - bottom) / span)
                .collect(),
            values: valued.iter().map(|(v, _, _)| *v).collect(),
            choices: valued.into_iter().map(|(_, c, _)| c).collect(),
        }
    }

    /// The value `choice` was ranked by, clamped to a win chance.
    pub(super) fn value_of(&self, choice: &C) -> f64
    where
        C: PartialEq,
    {
        self.choices
            .iter()
            .position(|c| c == choice)
            .map_or(0.0, |i| self.values[i].clamp(0.0, 1.0))
    }

    /// How many of the best choices the search may consider after `iterations` iterations.
    pub(super) fn allowed(&self, iterations: u32) -> usize {
        let widened = 3 + (iterations as f64).sqrt() as usize;
        widened.min(self.choices.len())
    }
}

/// When the bot still decides in `after` at the start of a new action (a flare, a thaw or a summon
/// that gains an action leaves the turn's actions to come), the position after its best next
/// action (completed greedily), if that is worth more than stopping here: what a flare or an extra
/// action sets up is only taken by the action after it, and the opponent's reply should be judged
/// after that action, not as if the turn passed at once.
fn followed_up<G: Heuristics>(
    after: G,
    value: f64,
    me: usize,
    config: &MctsConfig,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
) -> (G, f64) {
    if after.is_over() || after.to_move() != me || after.mid_action() {
        return (after, value);
    }
    let mut next_actions = Vec::new();
    after.legal(&mut next_actions);
    let mut best: Option<(G, f64)> = None;
    for &choice in &next_actions {
        if deadline.reached() {
            break;
        }
        let mut next = after.clone();
        next.play_listed(choice);
        let (end, v) = settled(next, me, Judge::of_config(config), buffer, deadline);
        if best.as_ref().is_none_or(|(_, b)| v > *b + 1e-9) {
            best = Some((end, v));
        }
    }
    match best {
        Some((end, v)) if v > value => (end, v),
        _ => (after, value),
    }
}

/// When another seat decides next in `after` (the bot's action is done and its turn has passed),
/// the bot's mean value after that seat's best reply (its action completed greedily, judged by
/// its own value), over `config.reply_deals` deals of the cards the bot cannot see. `None` when
/// the bot still decides.
fn reply_value<G: Heuristics>(
    after: &G,
    me: usize,
    config: &MctsConfig,
    seed: u64,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
) -> Option<f64> {
    if after.is_over() {
        return None;
    }
    let passed;
    let after = if after.to_move() == me {
        if after.mid_action() {
            return None;
        }
        passed = after.turn_passed()?;
        &passed
    } else {
        after
    };
    if after.is_over() || after.to_move() == me {
        return None;
    }
    let mut total = 0.0;
    let mut dealt = 0;
    let mut replies = Vec::new();
    for k in 0..config.reply_deals {
        // Past the deadline, the mean over the deals already looked at (none: no reply value).
        if deadline.reached() {
            break;
        }
        dealt += 1;
        let deal = after.determinize(me, seed.wrapping_add(u64::from(k)));
        let opponent = deal.to_move();
        deal.legal(&mut replies);
        let mut best: Option<(f64, f64)> = None;
        for &reply in &replies {
            if best.is_some() && deadline.reached() {
                break;
            }
            let mut next = deal.clone();
            next.play_listed(reply);
            let (end, theirs) = settled(next, opponent, Judge::of_config(config), buffer, deadline);
            if best.is_none_or(|(b, _)| theirs > b + 1e-9) {
                best = Some((theirs, Judge::of_config(config).value(&end, me)));
            }
        }
        total += best.map_or(0.0, |(_, mine)| mine);
    }
    if dealt == 0 {
        return None;
    }
    Some(total / f64::from(dealt))
}

/// A threat's value to the seat threatened.
enum Threatened {
    /// It needs nothing that seat cannot see: it will be carried out.
    Sure(f64),
    /// Expected over the cards the threatening seat may hold.
    Expected(f64),
}

/// What the next seat's threat leaves `me` in `after` (the position a root choice leaves, its
/// turn passed if it is still `me`'s); `None` where the game cannot say.
fn threat_value<G: Heuristics>(after: &G, me: usize) -> Option<Threatened> {
    let passed;
    let after = if after.to_move() == me {
        passed = after.turn_passed()?;
        &passed
    } else {
        after
    };
    let threat = after.threat_estimate()?;
    let t = *threat.values.get(me)?;
    Some(if threat.sure {
        Threatened::Sure(t)
    } else {
        Threatened::Expected(t)
    })
}
