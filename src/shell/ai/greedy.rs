//! The `greedy` bot: the choice with the best immediate outcome.
//!
//! Each legal choice is tried on a copy of the game. When it opens further steps of the same
//! action (an effect's targets, say), those are completed greedily too, so that a summon is judged
//! by what its whole effect achieves, not by the bare piece it puts down. The outcome is measured
//! by the game's own evaluation ([`Heuristics::evaluate`]; for Tash-Kalar see `engine::eval`: points,
//! this turn's destruction, pieces by rank, cards ready to summon, tasks met). Ties are broken at
//! random with the bot's seeded generator, so a seeded greedy bot is reproducible.
//!
//! A decision has a time limit ([`TIME_LIMIT`]), read inside the look-ahead: once it is reached
//! the bot plays the best choice valued so far (a card set may make one action very long). Below
//! the limit it chooses exactly as without one.

use super::Bot;
use super::deadline::Deadline;
use crate::shell::game::Heuristics;
use crate::shell::rng::Rng;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// How many further steps of one action are looked at (effects rarely have more).
const ACTION_DEPTH: usize = 8;
/// Values closer than this count as equal (evaluations are sums of small fractions).
const TIE: f64 = 1e-9;
/// How long one decision may take before the best choice found so far is played.
pub const TIME_LIMIT: Duration = Duration::from_secs(2);

/// The greedy bot (see the module's documentation).
pub struct GreedyBot {
    rng: Rng,
    time_limit: Duration,
}

impl GreedyBot {
    /// A greedy bot breaking ties with `seed`, with the usual [`TIME_LIMIT`].
    pub fn new(seed: u64) -> GreedyBot {
        GreedyBot::with_time_limit(seed, TIME_LIMIT)
    }

    /// A greedy bot that plays the best choice found so far once a decision has taken
    /// `time_limit` (zero: at once, after valuing one choice in part).
    pub fn with_time_limit(seed: u64, time_limit: Duration) -> GreedyBot {
        GreedyBot {
            rng: Rng::seeded(seed),
            time_limit,
        }
    }
}

/// The value for `seat` of `game` after the current action is completed greedily (as far as it
/// got when `deadline` is reached).
pub(crate) fn settle<G: Heuristics>(
    game: G,
    seat: usize,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
) -> f64 {
    complete_action(game, seat, buffer, deadline, |g| outcome(g, seat)).1
}

/// The game after `seat` completes the action in progress step by step, each step the choice
/// `value` likes best (the first of equals), and that game's value: at most [`ACTION_DEPTH`]
/// steps, and none after `deadline`. Greedy's look-ahead and the search's root plan share it.
pub(crate) fn complete_action<G: Heuristics>(
    mut game: G,
    seat: usize,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
    value: impl Fn(&G) -> f64,
) -> (G, f64) {
    for _ in 0..ACTION_DEPTH {
        if game.is_over() || game.to_move() != seat || !game.mid_action() || deadline.reached() {
            break;
        }
        game.legal(buffer);
        let mut best: Option<(f64, G)> = None;
        for &choice in buffer.iter() {
            if best.is_some() && deadline.reached() {
                break;
            }
            let mut next = game.clone();
            next.play_listed(choice);
            let v = value(&next);
            if best.as_ref().is_none_or(|(b, _)| v > *b + TIE) {
                best = Some((v, next));
            }
        }
        match best {
            Some((_, next)) => game = next,
            None => break,
        }
    }
    let v = value(&game);
    (game, v)
}

/// A finished game's result, or the evaluation of one in progress.
fn outcome<G: Heuristics>(game: &G, seat: usize) -> f64 {
    let values = if game.is_over() {
        game.rewards()
    } else {
        game.evaluate()
    };
    values.get(seat).copied().unwrap_or(0.0)
}

impl<G: Heuristics> Bot<G> for GreedyBot {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice> {
        let mut choices = Vec::new();
        observation.legal(&mut choices);
        if choices.len() <= 1 {
            return choices.first().copied();
        }
        let seat = observation.to_move();
        let mut buffer = Vec::new();
        let mut best: Vec<G::Choice> = Vec::new();
        let mut best_value = f64::MIN;
        let deadline = Deadline::after(self.time_limit, cancel);
        for &choice in &choices {
            if !best.is_empty() && deadline.reached() {
                break;
            }
            let mut next = observation.clone();
            next.play_listed(choice);
            let value = settle(next, seat, &mut buffer, &deadline);
            if value > best_value + TIE {
                best_value = value;
                best.clear();
                best.push(choice);
            } else if value > best_value - TIE {
                best.push(choice);
            }
        }
        if best.is_empty() {
            return choices.first().copied();
        }
        Some(best[self.rng.below(best.len() as u32) as usize])
    }
}
