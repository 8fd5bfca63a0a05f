//! The `mcts` bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).
//!
//! Every iteration deals the cards the bot cannot see at random, consistently with what it knows
//! ([`Game::determinize`] of its observation), then walks one shared tree. At every node only the
//! best few legal choices are considered (the root by `greedy`'s look-ahead, other nodes by the
//! immediate evaluation), more as the node is visited more (progressive widening); the best
//! untried one is expanded, or else the considered ones are compared by UCB1 with availability
//! counts. Then a short playout with the game's playout policy ([`Heuristics::playout_pick`]) runs
//! until the game ends or a depth cut-off, where the game's evaluation stands in for the result.
//! All of these judge positions by one estimate, [`MctsConfig::evaluation`]: the levels use the
//! game's search estimate ([`Heuristics::search_evaluate`]), not `greedy`'s, which stays a fixed
//! reference.
//! Results are vectors (one reward per seat), so three and four players and teams need nothing
//! special. The most visited choice is played.
//!
//! The bot never sees more than its observation; with an iteration budget (the time limit is only
//! a safety net) and a seed it is reproducible.
//!
//! A search may share its iterations among several independent trees ([`MctsConfig::trees`],
//! root parallelism), each on its own thread with its own seeded generator; their root visits are
//! added up, so the choice does not depend on how many cores run them. No level does: measured,
//! two trees played no stronger than one (`docs/ai-journal.md`), so the option stays for probes.
//!
//! The time limit is one [`Deadline`] for the whole decision, read inside the root plan (its
//! greedy completions and replies), between iterations and inside each playout: once it is
//! reached, the search answers with what it has (at worst the root plan's first choice, ordered
//! as far as it got), however long the card set makes one action.

mod margin;
mod plan;
mod search;
mod tree;

use super::Bot;
use super::deadline::Deadline;
use crate::shell::game::{Heuristics, SearchBudgets};
use crate::shell::rng::Rng;
use plan::RootPlan;
use search::{TreeSearch, search_trees};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

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
    /// deals and the game's [`Heuristics::threat_estimate`] (its expected best summoning over every
    /// card it may hold, from its pieces plus one placement).
    pub threat: bool,
    /// Which of the game's estimates judges positions (cut-offs, widening, the root plan).
    pub evaluation: Evaluation,
    /// Weight of the score margin in the values of finished games (0: the rewards alone), so
    /// that a larger win is worth more than a narrow one and a closer loss less bad; see
    /// `margin.rs`. A root choice that wins the game at once is played whatever the visits say,
    /// the one with the largest margin among several.
    pub margin: f64,
    /// Whether the estimates of games in progress are blended with the score margin too.
    pub margin_leaves: bool,
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
    /// [`Heuristics::evaluate`], `greedy`'s: the fixed reference.
    Reference,
    /// [`Heuristics::search_evaluate`]: the search's own (every level's).
    Search,
    /// [`Heuristics::learned_evaluate`]: weights learned from self-play (measured, on at no level).
    Learned,
    /// [`Heuristics::step_evaluate`]: the cheap one that ranks the steps of an action in playouts.
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
    pub fn of<G: Heuristics>(self, game: &G) -> Vec<f64> {
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
        let playout_depth = match self {
            Level::Easy => SearchBudgets::EASY_PLAYOUT_DEPTH,
            Level::Normal | Level::Hard => budgets.playout_depth,
        };
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
            margin: 0.1,
            margin_leaves: false,
            reply_deals: 3,
            // Two trees played no stronger than one against the baseline at `normal`'s budget
            // nor on the ladder at `hard`'s (`docs/ai.md`): every level keeps one for now.
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
    pub fn search<G: Heuristics>(
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
        let best = best_win(observation, &legal, &self.config).unwrap_or(best);
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

/// With [`MctsConfig::margin`], the root choice (index into `legal`) that wins the game at once
/// with the largest margin, if any does: a finished game's value is exact, where the visits of
/// choices a few thousandths apart are noise, and no estimate can be worth more than a win.
fn best_win<G: Heuristics>(
    observation: &G,
    legal: &[G::Choice],
    config: &MctsConfig,
) -> Option<usize> {
    if config.margin <= 0.0 {
        return None;
    }
    let me = observation.to_move();
    let mut best: Option<(f64, usize)> = None;
    for (i, &choice) in legal.iter().enumerate() {
        let mut next = observation.clone();
        next.play_listed(choice);
        if !next.is_over() || !margin::is_win(&next.rewards(), me) {
            continue;
        }
        let value = margin::Judge::of_config(config).value(&next, me);
        if best.is_none_or(|(b, _)| value > b + 1e-12) {
            best = Some((value, i));
        }
    }
    best.map(|(_, i)| i)
}

impl<G: Heuristics> Bot<G> for MctsBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn choose(&mut self, observation: &G, cancel: &AtomicBool) -> Option<G::Choice> {
        self.search(observation, cancel).choice
    }
}
