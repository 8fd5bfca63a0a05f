//! One decision's search: the trees' iterations (select and expand, play out, back up), the
//! progressive widening below the root, and the playout policy. [`MctsBot`](super::MctsBot) builds
//! the root plan and hands the iterations to one [`TreeSearch`], or to several on their own
//! threads with [`search_trees`].

use super::margin::Judge;
use super::plan::RootPlan;
use super::tree::{NodeId, Tree};
use super::{Evaluation, MctsConfig};
use crate::shell::ai::deadline::Deadline;
use crate::shell::ai::greedy::complete_action;
use crate::shell::game::Heuristics;
use crate::shell::rng::Rng;

/// Shares `budget` iterations among one tree per seed, each searched on its own thread, and adds
/// up their root visits and rewards per `legal` choice (with the iterations made). The trees
/// share nothing but the root plan, so their order of finishing cannot change the result.
pub(super) fn search_trees<G: Heuristics>(
    config: &MctsConfig,
    seeds: &[u64],
    observation: &G,
    legal: &[G::Choice],
    root: &RootPlan<G::Choice>,
    budget: u32,
    deadline: &Deadline,
) -> (Vec<(u32, f64)>, u32) {
    let trees = seeds.len() as u32;
    let share = (budget / trees).max(1);
    let prior_visits = config.prior_visits / trees;
    let found: Vec<_> = std::thread::scope(|scope| {
        let handles: Vec<_> = seeds
            .iter()
            .map(|&seed| {
                scope.spawn(move || {
                    let mut rng = Rng::seeded(seed);
                    TreeSearch::new(config, &mut rng, prior_visits).run(
                        observation,
                        legal,
                        root,
                        share,
                        deadline,
                    )
                })
            })
            .collect();
        // A search that panicked is a bug: it surfaces on the caller's thread as it would
        // have with one tree.
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    let mut totals = vec![(0, 0.0); legal.len()];
    let mut done = 0;
    for (tree_totals, tree_done) in found {
        for (sum, (visits, reward)) in totals.iter_mut().zip(tree_totals) {
            sum.0 += visits;
            sum.1 += reward;
        }
        done += tree_done;
    }
    (totals, done)
}

/// One tree's search: its own generator and the configuration it follows, so that several
/// trees can search one decision at once ([`MctsConfig::trees`]).
pub(super) struct TreeSearch<'a> {
    config: &'a MctsConfig,
    rng: &'a mut Rng,
    /// Virtual visits each root choice starts with in this tree (the level's, shared among its
    /// trees so that the plan weighs as much against the search whatever their number).
    prior_visits: u32,
}

impl<'a> TreeSearch<'a> {
    pub(super) fn new(
        config: &'a MctsConfig,
        rng: &'a mut Rng,
        prior_visits: u32,
    ) -> TreeSearch<'a> {
        TreeSearch {
            config,
            rng,
            prior_visits,
        }
    }

    /// Searches up to `budget` iterations from `observation` and returns, per `legal` choice in
    /// order, its root visits and summed reward (the searching seat's), with the iterations made.
    pub(super) fn run<G: Heuristics>(
        &mut self,
        observation: &G,
        legal: &[G::Choice],
        root: &RootPlan<G::Choice>,
        budget: u32,
        deadline: &Deadline,
    ) -> (Vec<(u32, f64)>, u32) {
        let me = observation.to_move();
        let mut tree: Tree<G::Choice> = Tree::new();
        let mut scratch = Scratch {
            own: OwnTurn {
                seat: me,
                turn: observation.turn(),
            },
            ..Scratch::default()
        };
        let mut done = 0;
        while done < budget {
            if deadline.reached() {
                break;
            }
            if done % 32 == 0 && done > 0 && decided(&tree, legal, budget - done) {
                break;
            }
            let deal = observation.determinize(me, self.rng.next_u64());
            let allowed = root.allowed(done);
            self.iterate(&mut tree, deal, root, allowed, &mut scratch, deadline);
            done += 1;
        }
        (tree.root_totals(legal), done)
    }

    /// One iteration on one deal: select and expand, play out, back up the result.
    fn iterate<G: Heuristics>(
        &mut self,
        tree: &mut Tree<G::Choice>,
        mut state: G,
        root: &RootPlan<G::Choice>,
        allowed: usize,
        s: &mut Scratch<G::Choice>,
        deadline: &Deadline,
    ) {
        s.path.clear();
        let mut node = Tree::<G::Choice>::ROOT;
        while !state.is_over() {
            let at_root = node == Tree::<G::Choice>::ROOT;
            if at_root {
                // The root is the bot's own decision: the same choices in every deal, widened
                // progressively in the order of their greedy value.
                s.legal.clear();
                s.legal.extend_from_slice(&root.choices[..allowed]);
            } else {
                state.legal(&mut s.legal);
                widen(tree, node, &state, self.config, s, deadline);
            }
            if s.legal.is_empty() {
                break;
            }
            let mover = state.to_move();
            tree.untried(node, &s.legal, &mut s.untried);
            let (choice, next) = if s.untried.is_empty() {
                let bias: &[f64] = if at_root { &root.bias } else { &[] };
                match tree.select(node, &s.legal, self.config.exploration, bias) {
                    Some(found) => found,
                    None => break,
                }
            } else {
                // Both the root's plan and `widen` list the choices best first.
                let choice = s.untried[0];
                let id = if at_root && self.prior_visits > 0 {
                    let value = root.value_of(&choice);
                    tree.expand_with_prior(node, choice, mover, self.prior_visits, value)
                } else {
                    tree.expand(node, choice, mover)
                };
                (choice, id)
            };
            if at_root {
                // The root's choices were listed in the observation, not in this deal.
                if state.play(choice).is_err() {
                    break;
                }
            } else {
                state.play_listed(choice);
            }
            s.path.push(next);
            let expanded = !s.untried.is_empty();
            node = next;
            if expanded {
                break;
            }
        }
        // Play out to the depth, then on to the end of the action in progress, so that the
        // evaluation never sees a half-resolved effect (with a cap in case actions chain). At the
        // deadline the playout stops where it is: the search is over and this is its last result.
        let mut steps = 0;
        let cap = self.config.playout_depth.saturating_mul(4).max(16);
        while !state.is_over()
            && steps < cap
            && !deadline.reached()
            && (steps < self.config.playout_depth || state.mid_action())
        {
            state.legal(&mut s.legal);
            if s.legal.is_empty() {
                break;
            }
            let choice = if self.config.greedy_effects && state.mid_action() {
                best_step(&state, &s.legal, self.config.step_evaluation)
            } else {
                self.playout_choice(&state, &s.legal)
            };
            state.play_listed(choice);
            steps += 1;
        }
        let rewards = Judge::of_config(self.config).values(&state);
        tree.backpropagate(&s.path, &rewards);
    }
}

impl TreeSearch<'_> {
    /// The playout's choice: the best-looking of a few picks of the playout policy (one pick is
    /// the plain policy). Sampling a handful and keeping the best makes playouts play like
    /// somebody who looks at the board, at a fraction of the greedy bot's cost.
    fn playout_choice<G: Heuristics>(&mut self, state: &G, legal: &[G::Choice]) -> G::Choice {
        let first = legal[state
            .playout_pick(legal, self.rng.next_u64())
            .min(legal.len() - 1)];
        // Only main actions are sampled: they are where uniform play is worst and costs most.
        if self.config.playout_samples <= 1 || legal.len() == 1 || state.mid_action() {
            return first;
        }
        let mover = state.to_move();
        let mut best = (f64::MIN, first);
        // The policy often picks the same choice twice (there are few summonings); a repeat
        // cannot beat itself, so it is not valued again.
        let mut picked = [first; 8];
        for k in 0..self.config.playout_samples as usize {
            let choice = if k == 0 {
                first
            } else {
                legal[state
                    .playout_pick(legal, self.rng.next_u64())
                    .min(legal.len() - 1)]
            };
            if picked[..k.min(picked.len())].contains(&choice) {
                continue;
            }
            if let Some(slot) = picked.get_mut(k) {
                *slot = choice;
            }
            let value = immediate_value(state, mover, choice, self.config.evaluation);
            if value > best.0 {
                best = (value, choice);
            }
        }
        best.1
    }
}

/// The searching seat and the turn it decides in (its own later actions of that turn are ranked
/// like the root's with [`MctsConfig::settle_own_turn`]).
#[derive(Clone, Copy, Default)]
struct OwnTurn {
    seat: usize,
    turn: u32,
}

/// Buffers reused by every iteration.
struct Scratch<C> {
    path: Vec<NodeId>,
    legal: Vec<C>,
    untried: Vec<C>,
    ranked: Vec<(f64, usize)>,
    spare: Vec<C>,
    settle_buffer: Vec<C>,
    own: OwnTurn,
}

impl<C> Default for Scratch<C> {
    fn default() -> Self {
        Scratch {
            path: Vec::new(),
            legal: Vec::new(),
            untried: Vec::new(),
            ranked: Vec::new(),
            spare: Vec::new(),
            settle_buffer: Vec::new(),
            own: OwnTurn::default(),
        }
    }
}

/// Progressive widening below the root: keeps in `legal` only the best few choices by their
/// immediate value to the mover (each valued once per node, when first legal there), best first;
/// more come in as the node is visited more. Choices that depend on the deal (an opponent's
/// summons) are valued when a deal first offers them.
fn widen<G: Heuristics>(
    tree: &mut Tree<G::Choice>,
    node: NodeId,
    state: &G,
    config: &MctsConfig,
    s: &mut Scratch<G::Choice>,
    deadline: &Deadline,
) {
    let Scratch {
        legal,
        ranked,
        spare,
        settle_buffer,
        own,
        ..
    } = s;
    let mover = state.to_move();
    // Later steps of an action are valued as they are (the action is already under way).
    let own_action = config.settle_own_turn && mover == own.seat && state.turn() == own.turn;
    let settle_here = (config.settle_actions || own_action) && !state.mid_action();
    let evaluation = config.evaluation;
    let judge = Judge::of_config(config);
    let entry = tree.node_mut(node);
    ranked.clear();
    for (i, &choice) in legal.iter().enumerate() {
        let value = *entry.values.entry(choice).or_insert_with(|| {
            if settle_here {
                let mut next = state.clone();
                next.play_listed(choice);
                settled(next, mover, judge, settle_buffer, deadline).1
            } else {
                immediate_value(state, mover, choice, evaluation)
            }
        });
        ranked.push((value, i));
    }
    let allowed = (3 + (entry.visits as f64).sqrt() as usize).min(ranked.len());
    // Stable: equal values keep the legal order.
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked.truncate(allowed);
    spare.clear();
    spare.extend(ranked.iter().map(|&(_, i)| legal[i]));
    std::mem::swap(legal, spare);
}

/// The step of an action in progress that its mover values most right after it (the first of
/// equals, as `greedy` completes an action).
fn best_step<G: Heuristics>(state: &G, legal: &[G::Choice], evaluation: Evaluation) -> G::Choice {
    let mover = state.to_move();
    let mut best = (f64::MIN, legal[0]);
    for &choice in legal {
        let value = immediate_value(state, mover, choice, evaluation);
        if value > best.0 + 1e-9 {
            best = (value, choice);
        }
    }
    best.1
}

/// What `choice` is worth to `mover` right after it is made, by `evaluation`.
pub(super) fn immediate_value<G: Heuristics>(
    state: &G,
    mover: usize,
    choice: G::Choice,
    evaluation: Evaluation,
) -> f64 {
    let mut next = state.clone();
    next.play_listed(choice);
    evaluation.of(&next).get(mover).copied().unwrap_or(0.0)
}

/// The game after the action in progress is completed greedily by `seat`, and its value to
/// `seat`, by `judge` (with [`Evaluation::Reference`], `greedy`'s look-ahead).
pub(super) fn settled<G: Heuristics>(
    game: G,
    seat: usize,
    judge: Judge,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
) -> (G, f64) {
    complete_action(game, seat, buffer, deadline, |g: &G| judge.value(g, seat))
}

/// Whether the most visited root choice can no longer be overtaken in `remaining` iterations, so
/// that stopping now plays the same choice as searching on.
fn decided<C: Copy + Eq + std::hash::Hash>(tree: &Tree<C>, legal: &[C], remaining: u32) -> bool {
    let visits = tree.root_visits(legal);
    let (mut first, mut second) = (0, 0);
    for v in visits {
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    first > second + remaining
}
