//! A quick positional estimate of each seat's chances, for search cut-offs and greedy play.
//!
//! The value of a seat is measured in points of the game form being played:
//!
//! * **points**: its score, plus (for the seat whose turn it is) what this turn's destruction will
//!   score at the end of the turn, and in High Form most of the best current task it meets now;
//! * **pieces**: its pieces on the board, by rank. In Deathmatch pieces are the means of summoning
//!   and heroic or legendary ones are hard to destroy; in High Form upgraded pieces feed most tasks;
//! * **pattern progress**: how many cards in its hand its pieces could summon right now, and (in
//!   the search's estimate, not `greedy`'s) how many one more common piece would make summonable;
//! * **expansion marks**: a Nethervoid seat's Gateway on the board (most of its cards act through
//!   it), and for an Etherweave seat with a pending being only part of the 2-point penalty that
//!   its score already counts (the being will likely be summoned before the end).
//!
//! Values are turned into win chances with a softmax on the values, so what matters is the lead
//! over the others, and the same lead counts for more in the short High Form race.

use super::board::{Rank, RankSet};
use super::state::{GameState, Mode, Seat};
use super::summon::PatternProgress;

pub mod task_threat;
pub mod threat;

/// Weights of the Deathmatch estimate: (common, heroic, legendary piece, summonable card).
const DEATHMATCH_WEIGHTS: (f64, f64, f64, f64) = (0.3, 0.9, 1.5, 0.35);
/// Weights of the High Form estimate; legendary pieces are already in the score.
const HIGH_FORM_WEIGHTS: (f64, f64, f64, f64) = (0.1, 0.35, 0.0, 0.3);
/// At most this many summonable cards count (a full hand is three beings and two legends).
const READY_CAP: u32 = 3;

/// Weight of a card in hand that one more common piece would make summonable, in the search's
/// estimate only: Deathmatch, High Form. A placement that sets up the next action's summoning is
/// then worth more than one that does not, and an opponent's turn of place-and-summon is seen.
/// (0.15 won 62.5% of 200 Deathmatch games of `easy` against the same level without it, 0.3
/// only 50% of 70: a near card must stay worth well under a ready one. In High Form 0.08 made
/// `normal` place a common instead of a flare that completes a task; 0.05 does not.)
const NEAR_WEIGHTS: (f64, f64) = (0.15, 0.05);

/// High Form, the search's estimate: the share of a current task's points a seat is worth by how
/// many pieces it still lacks ([`GameState::task_shortfall`]): none (and not the acting side,
/// whose met task [`task_prospects`] counts), one, two. Only the best task counts: a turn claims
/// one.
const TASK_RACE: [f64; 3] = [0.5, 0.3, 0.1];

/// Which estimate a value is for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Estimate {
    /// `greedy`'s, the fixed reference: it must never change.
    Reference,
    /// The search's: the reference and the cards one common piece from summonable.
    Search,
    /// For ranking the steps of an action (which piece an effect takes, where a move ends):
    /// the reference without what the pieces could summon, so no pattern is matched.
    Step,
}

/// Points' worth of one seat's position by `greedy`'s estimate (a fixed reference).
pub fn material(state: &GameState, seat: Seat) -> f64 {
    value(state, seat, Estimate::Reference)
}

/// Points' worth of one seat's position by the search's estimate: [`material`] and its cards in
/// hand one common piece away from summonable.
pub fn search_material(state: &GameState, seat: Seat) -> f64 {
    value(state, seat, Estimate::Search)
}

fn value(state: &GameState, seat: Seat, estimate: Estimate) -> f64 {
    let colour = state.colour_of(seat);
    let commons = state.board.count(colour, RankSet::COMMON) as f64;
    let heroic = state.board.count(colour, RankSet::HEROIC) as f64;
    let legendary = state.board.count(colour, RankSet::LEGENDARY) as f64;
    let acting = state.allies(state.turn.seat, seat);
    // `greedy`'s estimate does not count near cards, so it is spared the match they need.
    let progress = match estimate {
        Estimate::Reference => PatternProgress {
            ready: state.summonable_cards(seat, READY_CAP),
            near: 0,
        },
        Estimate::Search => state.pattern_progress(seat, READY_CAP),
        Estimate::Step => PatternProgress::default(),
    };
    let (wc, wh, wl, wr) = match state.config.mode {
        Mode::Deathmatch => DEATHMATCH_WEIGHTS,
        Mode::HighForm => HIGH_FORM_WEIGHTS,
    };
    let (near, race) = match (estimate, state.config.mode) {
        (Estimate::Reference | Estimate::Step, _) => (0.0, 0.0),
        (Estimate::Search, Mode::Deathmatch) => (NEAR_WEIGHTS.0, 0.0),
        (Estimate::Search, Mode::HighForm) => (NEAR_WEIGHTS.1, task_race(state, seat, acting)),
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
        + wr * progress.ready as f64
        + near * progress.near as f64
        + race
        + gateway_value(state, seat)
        + pending_relief(state, seat)
}

/// High Form: the best current task by its points and how close `seat` is to meeting it
/// ([`TASK_RACE`]).
fn task_race(state: &GameState, seat: Seat, acting: bool) -> f64 {
    let colour = state.colour_of(seat);
    state
        .tasks
        .current
        .iter()
        .flatten()
        .map(|t| &state.db.tasks[t.0 as usize])
        .filter_map(|task| {
            let share = match state.task_shortfall(colour, &task.condition)? {
                0 if acting => 0.0,
                short => TASK_RACE.get(short as usize).copied().unwrap_or(0.0),
            };
            Some(share * f64::from(task.points))
        })
        .fold(0.0, f64::max)
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
    0.8 * f64::from(best_task_met(state, seat))
}

/// High Form: the points of the best current task `seat` meets now (0 for none).
fn best_task_met(state: &GameState, seat: Seat) -> u8 {
    let colour = state.colour_of(seat);
    state
        .tasks
        .current
        .iter()
        .flatten()
        .map(|t| &state.db.tasks[t.0 as usize])
        .filter(|task| state.task_met(colour, &task.condition))
        .map(|task| task.points)
        .max()
        .unwrap_or(0)
}

/// Estimated chance of winning for every seat (they sum to 1), by `greedy`'s estimate.
pub fn estimate(state: &GameState) -> Vec<f64> {
    estimate_by(state, Estimate::Reference)
}

/// Estimated chance of winning for every seat by the search's estimate ([`search_material`]).
pub fn search_estimate(state: &GameState) -> Vec<f64> {
    estimate_by(state, Estimate::Search)
}

/// Estimated chance of winning for every seat by points, pieces and the acting side's task or
/// destruction this turn alone: cheap enough to rank every step of an action in a playout.
pub fn step_estimate(state: &GameState) -> Vec<f64> {
    estimate_by(state, Estimate::Step)
}

fn estimate_by(state: &GameState, estimate: Estimate) -> Vec<f64> {
    // Arrays on the stack for the steps: the search estimates millions of positions.
    let mut values = [0.0; Seat::MAX];
    for s in state.seat_ids() {
        values[s.index()] = value(state, s, estimate);
    }
    softmax(state, &values)
}

/// Win chances from the seats' values in points (a softmax at the form's scale).
fn softmax(state: &GameState, values: &[f64; Seat::MAX]) -> Vec<f64> {
    let seats = state.players();
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

/// A learned evaluation: the same kind of estimate as [`estimate`], from features of each seat
/// weighted by numbers learned from play (`assets/ai/weights.ron`, made by `examples/train.rs`;
/// `docs/ai.md` says how). No level searches with it (it lost to the hand-set estimate in play);
/// it stays to be measured against the others through [`crate::shell::game::Heuristics::learned_evaluate`].
pub mod learned {
    use super::super::board::RankSet;
    use super::super::state::{GameState, HandKind, Mode, Seat};
    use serde::{Deserialize, Serialize};
    use std::sync::OnceLock;

    /// Number of features of a seat.
    pub const FEATURES: usize = 9;
    /// Names of the features, in order (the weights file and the training report use them).
    pub const NAMES: [&str; FEATURES] = [
        "points",
        "commons",
        "heroics",
        "legendaries",
        "ready",
        "gateway",
        "acting",
        "end_points",
        "hand",
    ];

    /// The weights of one form: one per feature, in [`NAMES`] order. Values are in "logits":
    /// the difference of two seats' weighted sums is the log-odds of the first winning.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct FormWeights {
        pub weights: Vec<f64>,
    }

    /// The learned weights of both forms.
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    pub struct Weights {
        pub deathmatch: FormWeights,
        pub high_form: FormWeights,
    }

    impl Weights {
        /// The hand-set weights of [`super::estimate`] in this form (points over the softmax
        /// scale), for when no learned weights are at hand.
        pub fn hand_set() -> Weights {
            let dm = super::DEATHMATCH_WEIGHTS;
            let hf = super::HIGH_FORM_WEIGHTS;
            let form = |(c, h, l, r): (f64, f64, f64, f64), scale: f64| FormWeights {
                weights: [1.0, c, h, l, r, 1.0, 0.0, 0.0, 0.0]
                    .iter()
                    .map(|w| w / scale)
                    .collect(),
            };
            Weights {
                deathmatch: form(dm, 3.0),
                high_form: form(hf, 1.5),
            }
        }

        /// Reads a weights file (RON); each form needs one weight per feature.
        pub fn parse(text: &str) -> Result<Weights, String> {
            let w: Weights = ron::from_str(text).map_err(|e| e.to_string())?;
            for form in [&w.deathmatch, &w.high_form] {
                if form.weights.len() != FEATURES || form.weights.iter().any(|x| !x.is_finite()) {
                    return Err(format!("each form needs {FEATURES} finite weights"));
                }
            }
            Ok(w)
        }

        fn of(&self, mode: Mode) -> &[f64] {
            match mode {
                Mode::Deathmatch => &self.deathmatch.weights,
                Mode::HighForm => &self.high_form.weights,
            }
        }
    }

    /// The built-in weights (`assets/ai/weights.ron`), read once; the hand-set ones if the file
    /// were ever unreadable (a test checks that it is not).
    pub fn builtin() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| Weights::parse(BUILTIN).unwrap_or_else(|_| Weights::hand_set()))
    }

    /// The text of the built-in weights file.
    pub const BUILTIN: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/ai/weights.ron"
    ));

    /// The features of `seat` in `state`, in [`NAMES`] order.
    pub fn features(state: &GameState, seat: Seat) -> [f64; FEATURES] {
        let colour = state.colour_of(seat);
        let acting = state.allies(state.turn.seat, seat);
        let pending = match state.config.mode {
            Mode::Deathmatch if acting => super::pending_destruction(state),
            Mode::HighForm if acting => super::task_prospects(state, seat) / 0.8,
            _ => 0.0,
        };
        let points = state.score(seat) as f64 + pending + super::pending_relief(state, seat);
        let end = if state.ending.triggered { points } else { 0.0 };
        [
            points,
            state.board.count(colour, RankSet::COMMON) as f64,
            state.board.count(colour, RankSet::HEROIC) as f64,
            state.board.count(colour, RankSet::LEGENDARY) as f64,
            state.summonable_cards(seat, super::READY_CAP) as f64,
            super::gateway_value(state, seat),
            f64::from(u8::from(acting)),
            end,
            state.hand_of_kind(seat, HandKind::Being).count() as f64,
        ]
    }

    /// A seat's weighted sum.
    pub fn value(state: &GameState, seat: Seat, weights: &Weights) -> f64 {
        features(state, seat)
            .iter()
            .zip(weights.of(state.config.mode))
            .map(|(f, w)| f * w)
            .sum()
    }

    /// Win chances of every seat by `weights` (a softmax of the seats' sums).
    pub fn estimate_with(state: &GameState, weights: &Weights) -> Vec<f64> {
        let seats = state.players();
        let mut values = [0.0; Seat::MAX];
        for s in state.seat_ids() {
            values[s.index()] = value(state, s, weights);
        }
        let top = values[..seats].iter().cloned().fold(f64::MIN, f64::max);
        let mut out: Vec<f64> = values[..seats].iter().map(|v| (v - top).exp()).collect();
        let total: f64 = out.iter().sum();
        for v in &mut out {
            *v /= total;
        }
        out
    }

    /// Win chances by the built-in learned weights.
    pub fn estimate(state: &GameState) -> Vec<f64> {
        estimate_with(state, builtin())
    }
}
