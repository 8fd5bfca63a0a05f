//! The `mcts` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).
//!
//! Every iteration deals the cards the bot cannot see at random, consistently with what it knows
//! ([`Game::determinize`] of its observation), then walks one shared tree. At every node only the
//! best few legal choices are considered (the root by `greedy`'s look-ahead, other nodes by the
//! immediate evaluation), more as the node is visited more (progressive widening); the best
//! untried one is expanded, or else the considered ones are compared by UCB1 with availability
//! counts. Then a short playout with the game's playout policy ([`Game::playout_pick`]) runs
//! until the game ends or a depth cut-off, where the game's evaluation stands in for the result.
//! All of these judge positions by one estimate, [`MctsConfig::evaluation`]: the levels use the
//! game's search estimate ([`Game::search_evaluate`]), not `greedy`'s, which stays a fixed
//! reference.
//! Results are vectors (one reward per seat), so three and four players and teams need nothing
//! special. The most visited choice is played.
//!
//! The bot never sees more than its observation; with an iteration budget (the time limit is only
//! a safety net) and a seed it is reproducible.
//!
//! A search may share its iterations among several independent trees ([`MctsConfig::trees`],
//! root parallelism), each on its own thread with its own seeded generator; their root visits are
//! added up, so the choice does not depend on how many cores run them. No level does yet: what it
//! is worth is being measured (`docs/ai.md`).
//!
//! The time limit is one [`Deadline`] for the whole decision, read inside the root plan (its
//! greedy completions and replies), between iterations and inside each playout: once it is
//! reached, the search answers with what it has (at worst the root plan's first choice, ordered
//! as far as it got), however long the card set makes one action.

mod plan;
mod tree;

use super::Bot;
use super::deadline::Deadline;
use super::greedy::complete_action;
use crate::shell::game::{Game, SearchBudgets};
use crate::shell::rng::Rng;
use plan::RootPlan;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tree::{NodeId, Tree};

/// How hard the search works.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// Iterations per decision.
    pub iterations: u32,
    /// A safety net: the search stops after this long even if iterations remain.
    pub time_limit: Duration,
    /// The UCB exploration constant.
    pub exploration: f64,
    /// Playout decisions after the tree before the evaluation is used.
    pub playout_depth: u32,
    /// Picks of the playout policy compared at each playout decision (1: the plain policy).
    pub playout_samples: u32,
    /// Weight of the greedy value of each root choice as a progressive bias.
    pub prior_weight: f64,
    /// Below the root, a choice that starts an action is ranked by the position after its whole
    /// action (completed greedily, as `greedy` judges), not right after the choice: an opponent's
    /// summon is then ranked by what its effect destroys, so the search looks at the replies that
    /// hurt first.
    pub settle_actions: bool,
    /// Below the root, the searching seat's own later actions of the turn being decided (after a
    /// flare, a thaw, its first action) are ranked by the position after their whole action, as
    /// the root plan ranks them: a summon whose effect scores is then tried before quiet
    /// placements, so that what a flare sets up is found where the plan found it.
    pub settle_own_turn: bool,
    /// In playouts, the later steps of an action (an effect's targets and moves) are the
    /// mover's best by the immediate evaluation rather than the playout policy's random pick: a
    /// summon is then played out as a player would resolve it (its destruction on the pieces
    /// that are worth most, its moves onto the squares that score), so that both what the
    /// searching seat sets up and what an opponent's summon would take are seen by the playouts.
    pub greedy_effects: bool,
    /// The estimate that ranks those steps.
    pub step_evaluation: Evaluation,
    /// Each root choice starts with this many virtual visits at its root-plan value (a win
    /// chance: its whole action completed greedily, followed up, and the opponent's best reply),
    /// so that the plan's judgement is worth that many playouts and the search must find
    /// evidence against it before it leaves it (0: only the progressive bias).
    pub prior_visits: u32,
    /// The root plan's reply value is the lower of the opponent's best `greedy` reply over the
    /// deals and the game's [`Game::threat_estimate`] (its expected best summoning over every
    /// card it may hold, from its pieces plus one placement).
    pub threat: bool,
    /// Which of the game's estimates judges positions (cut-offs, widening, the root plan).
    pub evaluation: Evaluation,
    /// Deals of the unseen cards over which each root choice that ends the bot's turn is judged
    /// by the opponent's best reply (0: not at all). See [`RootPlan`].
    pub reply_deals: u32,
    /// Independent trees the iterations are shared among (root parallelism): each searches its
    /// own deals from the same root plan, on its own thread, and their root visits are added up.
    /// Each tree has its own generator seeded in order, so the choice does not depend on how
    /// many cores run them; only the wall time does.
    pub trees: u32,
}

/// Which of the game's estimates the search judges positions by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluation {
    /// [`Game::evaluate`], `greedy`'s: the fixed reference.
    Reference,
    /// [`Game::search_evaluate`]: the search's own (every level's).
    Search,
    /// [`Game::learned_evaluate`]: weights learned from self-play (measured, on at no level).
    Learned,
    /// [`Game::step_evaluate`]: the cheap one that ranks the steps of an action in playouts.
    Step,
}

impl Evaluation {
    pub const ALL: [Evaluation; 4] = [
        Evaluation::Reference,
        Evaluation::Search,
        Evaluation::Learned,
        Evaluation::Step,
    ];

    /// The name tools use for it (`reference`, `search`, `learned`, `step`).
    pub fn name(self) -> &'static str {
        match self {
            Evaluation::Reference => "reference",
            Evaluation::Search => "search",
            Evaluation::Learned => "learned",
            Evaluation::Step => "step",
        }
    }

    pub fn parse(name: &str) -> Option<Evaluation> {
        Evaluation::ALL.into_iter().find(|e| e.name() == name)
    }

    /// The estimated rewards of `game` in progress.
    pub fn of<G: Game>(self, game: &G) -> Vec<f64> {
        match self {
            Evaluation::Reference => game.evaluate(),
            Evaluation::Search => game.search_evaluate(),
            Evaluation::Learned => game.learned_evaluate(),
            Evaluation::Step => game.step_evaluate(),
        }
    }
}

/// The named difficulty levels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }

    pub fn parse(name: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == name)
    }

    /// The search configuration of the level with a game's budgets. Budgets are in iterations so
    /// that seeded games repeat; the time limits keep a slow machine responsive.
    pub fn config(self, budgets: SearchBudgets) -> MctsConfig {
        let (iterations, seconds) = match self {
            Level::Easy => (budgets.easy, 1.0),
            Level::Normal => (budgets.normal, 1.0),
            Level::Hard => (budgets.hard, 5.0),
        };
        let playout_depth = 12;
        MctsConfig {
            iterations,
            time_limit: Duration::from_secs_f64(seconds),
            exploration: 0.15,
            playout_depth,
            prior_weight: 0.5,
            playout_samples: 3,
            settle_actions: false,
            settle_own_turn: false,
            greedy_effects: match self {
                Level::Easy => false,
                Level::Normal => budgets.normal_greedy_effects,
                Level::Hard => budgets.hard_greedy_effects,
            },
            // `normal`'s second cannot pay for the whole estimate at every step (it doubles a
            // search's time); the cheap one adds about half (`docs/ai.md`).
            step_evaluation: match self {
                Level::Hard => Evaluation::Search,
                Level::Easy | Level::Normal => Evaluation::Step,
            },
            // The game says what its root plan is worth (`SearchBudgets::plan_share`); `easy`
            // searches without it, so that the levels above it stand apart from it.
            prior_visits: match self {
                Level::Easy => 0,
                Level::Normal | Level::Hard => {
                    iterations.checked_div(budgets.plan_share).unwrap_or(0)
                }
            },
            threat: true,
            evaluation: Evaluation::Search,
            reply_deals: 3,
            // Two trees beat one at `normal`'s budget but not yet at `hard`'s, over too few
            // games to tell (`docs/ai.md`, nineteenth session): every level keeps one for now.
            trees: 1,
        }
    }
}

/// The search bot.
pub struct MctsBot {
    /// The named level, whose budget follows the form of the game searched; `None` for a bot
    /// with a fixed configuration.
    level: Option<Level>,
    /// A level's time limit replaced (`mcts:hard@30`): with a cap its budget never reaches, a
    /// level plays the same games on a busy machine as on an idle one.
    time_limit: Option<Duration>,
    /// The configuration of the search: fixed, or the level's for the form last searched (set
    /// at the start of each search).
    config: MctsConfig,
    name: String,
    rng: Rng,
}

/// What one search found (for tests, benchmarks and hints).
#[derive(Clone, Debug)]
pub struct SearchReport<C> {
    pub choice: Option<C>,
    pub iterations: u32,
    /// Visits per legal choice of the root, in legal order.
    pub visits: Vec<u32>,
    /// Per legal choice of the root, in legal order: the mean result for the searching seat
    /// over the choice's visits (a win chance in [0, 1]), `None` if it was never visited.
    pub values: Vec<Option<f64>>,
    /// The root plan: every legal choice with the value it was ranked by before the search
    /// (`greedy`'s measure, with the opponent's reply when the plan looks at it), best first.
    pub plan: Vec<(C, f64)>,
    pub elapsed: Duration,
}

impl MctsBot {
    pub fn new(level: Level, seed: u64) -> MctsBot {
        MctsBot {
            level: Some(level),
            ..MctsBot::with_config(
                format!("mcts:{}", level.name()),
                level.config(SearchBudgets::default()),
                seed,
            )
        }
    }

    /// The level bot with another time limit a decision than the level's own (named
    /// `mcts:LEVEL@SECONDS`). Its iteration budget is unchanged.
    pub fn with_time_limit(level: Level, limit: Duration, seed: u64) -> MctsBot {
        MctsBot {
            time_limit: Some(limit),
            name: format!("mcts:{}@{}", level.name(), limit.as_secs_f64()),
            ..MctsBot::new(level, seed)
        }
    }

    /// A bot that searches with `config` whatever the game.
    pub fn with_config(name: String, config: MctsConfig, seed: u64) -> MctsBot {
        MctsBot {
            level: None,
            time_limit: None,
            config,
            name,
            rng: Rng::seeded(seed),
        }
    }

    /// Searches from `observation` (the bot's view) and reports what it found.
    pub fn search<G: Game>(
        &mut self,
        observation: &G,
        cancel: &AtomicBool,
    ) -> SearchReport<G::Choice> {
        let started = Instant::now();
        let mut legal = Vec::new();
        observation.legal(&mut legal);
        if legal.len() <= 1 {
            return SearchReport {
                choice: legal.first().copied(),
                iterations: 0,
                visits: vec![0; legal.len()],
                values: vec![None; legal.len()],
                plan: Vec::new(),
                elapsed: started.elapsed(),
            };
        }
        if let Some(level) = self.level {
            self.config = level.config(observation.search_budgets());
            if let Some(limit) = self.time_limit {
                self.config.time_limit = limit;
            }
        }
        // Only a plan that deals draws from the generator (a search without it repeats the
        // searches of earlier versions).
        let deal_seed = if self.config.reply_deals > 0 {
            self.rng.next_u64()
        } else {
            0
        };
        let deadline = Deadline::after(self.config.time_limit, cancel);
        let root = RootPlan::new(observation, &legal, &self.config, deal_seed, &deadline);
        // A decision between few choices is settled with fewer iterations: a tenth of the
        // budget per choice, the whole budget from ten choices up.
        let budget = self
            .config
            .iterations
            .min((self.config.iterations / 10).max(1) * legal.len() as u32);
        let trees = self.config.trees.max(1);
        let (totals, done) = if trees == 1 {
            // One tree draws from the bot's own generator, as every search did before trees.
            TreeSearch::new(&self.config, &mut self.rng, self.config.prior_visits).run(
                observation,
                &legal,
                &root,
                budget,
                &deadline,
            )
        } else {
            let seeds: Vec<u64> = (0..trees).map(|_| self.rng.next_u64()).collect();
            search_trees(
                &self.config,
                &seeds,
                observation,
                &legal,
                &root,
                budget,
                &deadline,
            )
        };
        let visits: Vec<u32> = totals.iter().map(|&(v, _)| v).collect();
        // The most visited choice; among equals the first in the root plan's order (its greedy
        // value), not in legal order: when every line is won (or lost) alike, the visits are
        // spread evenly and the choice that gains most now should still be played.
        let best = root
            .choices
            .iter()
            .filter_map(|c| legal.iter().position(|l| l == c))
            .fold(None, |best: Option<usize>, i| match best {
                Some(b) if visits[b] >= visits[i] => Some(b),
                _ => Some(i),
            })
            .unwrap_or(0);
        let values = totals
            .iter()
            .map(|&(v, r)| (v > 0).then(|| r / f64::from(v)))
            .collect();
        SearchReport {
            choice: Some(legal[best]),
            iterations: done,
            visits,
            values,
            plan: root.choices.iter().copied().zip(root.values).collect(),
            elapsed: started.elapsed(),
        }
    }
}

/// Shares `budget` iterations among one tree per seed, each searched on its own thread, and adds
/// up their root visits and rewards per `legal` choice (with the iterations made). The trees
/// share nothing but the root plan, so their order of finishing cannot change the result.
fn search_trees<G: Game>(
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
struct TreeSearch<'a> {
    config: &'a MctsConfig,
    rng: &'a mut Rng,
    /// Virtual visits each root choice starts with in this tree (the level's, shared among its
    /// trees so that the plan weighs as much against the search whatever their number).
    prior_visits: u32,
}

impl<'a> TreeSearch<'a> {
    fn new(config: &'a MctsConfig, rng: &'a mut Rng, prior_visits: u32) -> TreeSearch<'a> {
        TreeSearch {
            config,
            rng,
            prior_visits,
        }
    }

    /// Searches up to `budget` iterations from `observation` and returns, per `legal` choice in
    /// order, its root visits and summed reward (the searching seat's), with the iterations made.
    fn run<G: Game>(
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
    fn iterate<G: Game>(
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
        let rewards = if state.is_over() {
            state.rewards()
        } else {
            self.config.evaluation.of(&state)
        };
        tree.backpropagate(&s.path, &rewards);
    }
}

impl TreeSearch<'_> {
    /// The playout's choice: the best-looking of a few picks of the playout policy (one pick is
    /// the plain policy). Sampling a handful and keeping the best makes playouts play like
    /// somebody who looks at the board, at a fraction of the greedy bot's cost.
    fn playout_choice<G: Game>(&mut self, state: &G, legal: &[G::Choice]) -> G::Choice {
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
fn widen<G: Game>(
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
    let entry = tree.node_mut(node);
    ranked.clear();
    for (i, &choice) in legal.iter().enumerate() {
        let value = *entry.values.entry(choice).or_insert_with(|| {
            if settle_here {
                let mut next = state.clone();
                next.play_listed(choice);
                settled(next, mover, evaluation, settle_buffer, deadline).1
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
fn best_step<G: Game>(state: &G, legal: &[G::Choice], evaluation: Evaluation) -> G::Choice {
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
fn immediate_value<G: Game>(
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
/// `seat`, by `evaluation` (with [`Evaluation::Reference`], `greedy`'s look-ahead).
fn settled<G: Game>(
    game: G,
    seat: usize,
    evaluation: Evaluation,
    buffer: &mut Vec<G::Choice>,
    deadline: &Deadline,
) -> (G, f64) {
    complete_action(game, seat, buffer, deadline, |g: &G| {
        let v = if g.is_over() {
            g.rewards()
        } else {
            evaluation.of(g)
        };
        v.get(seat).copied().unwrap_or(0.0)
    })
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

impl<G: Game> Bot<G> for MctsBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice> {
        self.search(observation, cancel).choice
    }
}
