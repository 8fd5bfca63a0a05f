//! The interface every game on the table implements, and that bots, records, tournaments and the
//! front end are written against. A game is a sequence of decisions; each has one deciding seat
//! and an enumerable, deterministically ordered list of legal choices.

use std::fmt::Debug;
use std::hash::Hash;

/// How many search iterations each named level of the search bot spends on one decision, and
/// the little else a game tunes per level.
///
/// What the seat about to act threatens ([`Heuristics::threat_estimate`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ThreatEstimate {
    /// Every seat's win chance after the threat is carried out.
    pub values: Vec<f64>,
    /// Whether carrying it out needs nothing the threatened seat cannot see (no card of a hidden
    /// hand, no die): the position after it is then what the choice before it leads to, not one
    /// outcome among others.
    pub sure: bool,
}

/// A game may answer differently per form or variant, because the same budget buys different
/// strength in different games (the level tournaments in `docs/ai.md` set these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBudgets {
    pub easy: u32,
    pub normal: u32,
    pub hard: u32,
    /// The search's root plan (each choice's whole action completed greedily, with the
    /// opponent's reply) counts as one `plan_share`-th of a level's iterations on each root
    /// choice, as virtual visits, at `normal` and `hard` (`easy` never counts it); 0: the plan
    /// only orders and biases the choices. Where the plan is as good as the game's greedy
    /// judgement the search must find evidence against it before leaving it; were `easy` to
    /// count it too, the levels would lean on the same plan and play alike.
    pub plan_share: u32,
    /// `hard` plays the later steps of each action in its playouts as their mover's best by the
    /// immediate estimate ([`crate::shell::ai::mcts::MctsConfig::greedy_effects`]), where the
    /// levels below pick them by the playout policy. Where a game's actions end in steps that
    /// decide much (how a die face is used, where a move ends), this is worth more to `hard`
    /// than more iterations are.
    pub hard_greedy_effects: bool,
    /// `normal` does too, ranking the steps by the game's cheap [`Heuristics::step_evaluate`] (it is
    /// held to a second a decision; `hard` ranks them by the search's whole estimate).
    pub normal_greedy_effects: bool,
    /// Decisions each playout makes after the tree before the estimate judges the position, at
    /// `normal` and `hard`. Where the estimate sees what the next few decisions would do (High
    /// Ground's reach of a kill), long playouts of near-random play only blur it. `easy` keeps
    /// [`SearchBudgets::EASY_PLAYOUT_DEPTH`]: with the same short playouts as `normal`, its 400
    /// iterations played nearly as well as `normal`'s 1,600 (High Ground, `docs/ai.md`).
    pub playout_depth: u32,
}

impl SearchBudgets {
    /// `easy`'s playout depth in every game.
    pub const EASY_PLAYOUT_DEPTH: u32 = 12;
}

impl Default for SearchBudgets {
    fn default() -> Self {
        SearchBudgets {
            easy: 400,
            normal: 1_600,
            hard: 6_400,
            plan_share: 0,
            hard_greedy_effects: false,
            normal_greedy_effects: false,
            playout_depth: SearchBudgets::EASY_PLAYOUT_DEPTH,
        }
    }
}

/// A turn-based game with hidden information, seen as decisions and choices.
pub trait Game: Clone + Send + Sync + 'static {
    /// One thing a player can do at a decision.
    type Choice: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// Why a choice was not accepted: it cannot be read, or it is not legal where it is made.
    /// Its text is a plain sentence fit for a player.
    type Error: std::error::Error + Send + Sync + 'static;

    fn players(&self) -> usize;
    /// The seat that decides now (0-based).
    fn to_move(&self) -> usize;
    /// The number of the turn being played (1 for the first), for logs and replay jumps.
    fn turn(&self) -> u32;
    /// The legal choices now, in a deterministic order (replaces `out`'s contents). Never empty
    /// while the game is not over.
    fn legal(&self, out: &mut Vec<Self::Choice>);
    /// Makes a choice of the pending decision; an illegal one changes nothing.
    fn play(&mut self, choice: Self::Choice) -> Result<(), Self::Error>;
    /// Plays a choice taken from this very position's [`Game::legal`] list: the same as `play`,
    /// but a game may skip checking it again (search and greedy play only make such choices).
    fn play_listed(&mut self, choice: Self::Choice) {
        // A listed choice is legal, so `play` cannot refuse it.
        let _ = self.play(choice);
    }
    fn is_over(&self) -> bool;
    /// Per seat in [0, 1] once the game is over: winners share 1.
    fn rewards(&self) -> Vec<f64>;
    /// Points per seat, for games that keep a score (reports and tournaments show them);
    /// empty for games that do not.
    fn scores(&self) -> Vec<i32> {
        Vec::new()
    }
    /// The game as `seat` knows it; equal for games that look the same to `seat`.
    fn observation(&self, seat: usize) -> Self;
    /// Hidden information (and chance still to come) dealt again at random, consistently with
    /// what `seat` knows.
    fn determinize(&self, seat: usize, seed: u64) -> Self;
    /// A stable fingerprint of everything that matters for the rest of the game: the same on
    /// every machine and build that plays the same game (saves record it).
    fn state_hash(&self) -> u64;
    /// A choice in the game's text notation (as saves and the command line write it).
    fn choice_text(&self, choice: &Self::Choice) -> String;
    /// Reads a choice written by [`Game::choice_text`] at this position.
    fn parse_choice(&self, text: &str) -> Result<Self::Choice, Self::Error>;
    /// When making `choice` would end the mover's turn with nothing left for them to decide
    /// (the game then ends the turn by itself), the position just before that end: its only
    /// legal choice ends the turn, and making it there gives what making `choice` here gives.
    /// `None` otherwise, and for games that never end a turn by themselves. The front end shows
    /// that position and lets a person confirm the end of their turn, or take the choice back.
    fn before_turn_end(&self, choice: &Self::Choice) -> Option<Self> {
        let _ = choice;
        None
    }
    /// The seats on `seat`'s side, itself included, in seat order: its team in a team game. A
    /// resignation is for the whole side, and the question names every seat of it.
    fn side(&self, seat: usize) -> Vec<usize> {
        vec![seat]
    }
    /// The choice by which the seat to move gives the game up, when it may. It is never part of
    /// [`Game::legal`]: searches and random play would otherwise consider giving up at every
    /// step. Games without resignation answer `None`.
    fn resignation(&self) -> Option<Self::Choice> {
        None
    }
    /// This observation as the bot protocol sends it to an outside program
    /// (`docs/bot-protocol.md`): one JSON document, called on an observation (so it holds only
    /// what the observing seat may know). `None`: the game is not offered over the protocol.
    fn wire(&self) -> Option<serde_json::Value> {
        None
    }
}

/// What the bots know of a game beyond its rules: how a position is judged and how the search is
/// tuned for it. Kept apart from [`Game`], which is the rules alone, so that a game states its
/// rules in one place and its heuristics in another (`docs/ai.md` describes each game's).
pub trait Heuristics: Game {
    /// A heuristic estimate of `rewards` for a game in progress (cut-offs, greedy play).
    fn evaluate(&self) -> Vec<f64>;
    /// The estimate the search uses at its cut-offs and to rank choices: [`Heuristics::evaluate`]
    /// unless the game has a better one (`greedy` keeps `evaluate`, a fixed reference).
    fn search_evaluate(&self) -> Vec<f64> {
        self.evaluate()
    }
    /// A cheap estimate for ranking the later steps of an action in the search's playouts (which
    /// target to take, which square to end on), where the difference between two steps is in
    /// what they change now: [`Heuristics::search_evaluate`] for games without one.
    fn step_evaluate(&self) -> Vec<f64> {
        self.search_evaluate()
    }
    /// An estimate with weights learned from self-play, for measuring it against the others
    /// (no level uses it); [`Heuristics::search_evaluate`] for games without one.
    fn learned_evaluate(&self) -> Vec<f64> {
        self.search_evaluate()
    }
    /// The game as it would be if the seat to move ended its turn now, between two of its actions
    /// (not a legal move: a probe for the search, to ask what the next seat could do to this
    /// position). `None` where the game cannot say, or mid-action.
    fn turn_passed(&self) -> Option<Self> {
        None
    }
    /// At the start of an action of the seat to move: the win chances after the best reply that
    /// seat can be expected to make, over the cards it may hold (weighted by the chance it holds
    /// them) rather than one deal of them. The search's root plan asks it of the position its
    /// choices leave to the next seat (the threat an evaluation cannot see). `None` where the
    /// game cannot say.
    fn threat_estimate(&self) -> Option<ThreatEstimate> {
        None
    }
    /// The playout policy of tree search: an index into `legal` picked with the fresh random
    /// number `random`. Uniform unless the game knows better.
    fn playout_pick(&self, legal: &[Self::Choice], random: u64) -> usize {
        (random % legal.len().max(1) as u64) as usize
    }
    /// Whether the seat to move is in the middle of one action (an effect's later steps), so
    /// that judging a choice should look at the whole action it starts.
    fn mid_action(&self) -> bool {
        false
    }
    /// Points of lead that multiply a seat's share of the score margin by e, where the search
    /// values the margin ([`crate::shell::ai::mcts::MctsConfig::margin`]); games without scores
    /// never use it.
    fn margin_scale(&self) -> f64 {
        2.0
    }
    /// The search levels' budgets for this game (in this form or variant).
    fn search_budgets(&self) -> SearchBudgets {
        SearchBudgets::default()
    }
}
