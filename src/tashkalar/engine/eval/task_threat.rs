//! The task threat a seat poses at the start of its turn (High Form): the best current task it
//! could meet by placing common pieces with the actions it has left, and the position it would
//! leave.
//!
//! A board task two pieces short is two placements from being claimed: the opponent's whole
//! next turn, which neither the estimate (it counts a shortfall as a share of the task's points)
//! nor a greedy reply of one action sees as a claim. The placements need no card, so nothing is
//! averaged over hands: every set of as many empty squares as the seat has actions left (and
//! common pieces in its supply) is tried, and the one meeting the task worth most is kept.
//! Tasks no placement can meet (this turn's destruction or summoning) are not looked at, and a
//! turn whose tasks are all further away than its actions costs one shortfall each.
//!
//! Nothing here knows a task by name: the conditions are the task data's, checked by the rules'
//! own [`GameState::task_met`].

use super::super::board::{Rank, RankSet};
use super::super::cards::tasks::TaskCond;
use super::super::square::Square;
use super::super::state::{GameState, Mode, Phase};

/// At most this many placements are tried (a turn has two actions).
const MAX_PLACEMENTS: u8 = 2;

/// The placements that meet the most valuable current task of the seat to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Placements {
    /// Where its common pieces go, in the order placed.
    pub squares: Vec<Square>,
    /// The points of the task they meet.
    pub points: u8,
}

impl Placements {
    /// The position after the placements (each spending an action), from the one they were
    /// found in; `None` if one cannot be made there.
    pub fn apply(&self, state: &GameState) -> Option<GameState> {
        let mut after = state.clone();
        let colour = after.me();
        for &sq in &self.squares {
            after.turn.actions_left = after.turn.actions_left.saturating_sub(1);
            if !after.place_piece(sq, colour, Rank::Common) {
                return None;
            }
        }
        Some(after)
    }
}

/// The placements of the seat to move that meet its most valuable current task; `None` in
/// Deathmatch, mid-action, once the game is over, or when no placement meets a task the seat
/// does not meet already.
pub fn best_placements(state: &GameState) -> Option<Placements> {
    if state.config.mode != Mode::HighForm
        || state.is_over()
        || !matches!(state.phase, Phase::Action)
        || state.turn.handed_over
    {
        return None;
    }
    let colour = state.me();
    let placements = state.turn.actions_left.min(MAX_PLACEMENTS);
    let tasks: Vec<(&TaskCond, u8)> = state
        .tasks
        .current
        .iter()
        .flatten()
        .map(|t| &state.db.tasks[t.0 as usize])
        .filter(|task| reachable(state, colour, &task.condition, placements))
        .map(|task| (&task.condition, task.points))
        .collect();
    let best_met = |g: &GameState| {
        tasks
            .iter()
            .filter(|(cond, _)| g.task_met(colour, cond))
            .map(|(_, points)| *points)
            .max()
            .unwrap_or(0)
    };
    let mut probe = state.clone();
    probe.log_events = false;
    let already = best_met(&probe);
    let squares: Vec<Square> = probe.board.empty_squares().iter().collect();
    let mut best: Option<(u8, Vec<Square>)> = None;
    let mut chosen = Vec::new();
    search(
        &mut probe,
        &squares,
        0,
        placements,
        &mut chosen,
        &mut |g, placed| {
            let points = best_met(g);
            if points > already && best.as_ref().is_none_or(|(b, _)| points > *b) {
                best = Some((points, placed.to_vec()));
            }
        },
    );
    best.map(|(points, squares)| Placements { squares, points })
}

/// Tries every set of up to `left` squares of `squares[from..]` (in order, so each set once),
/// placing a common piece of the seat to move on each, and calls `seen` with each position.
fn search(
    g: &mut GameState,
    squares: &[Square],
    from: usize,
    left: u8,
    chosen: &mut Vec<Square>,
    seen: &mut impl FnMut(&GameState, &[Square]),
) {
    if left == 0 {
        return;
    }
    let colour = g.me();
    for (i, &sq) in squares.iter().enumerate().skip(from) {
        if !g.place_piece(sq, colour, Rank::Common) {
            // The supply is empty: no further placement (a pickup is not a placement here).
            return;
        }
        chosen.push(sq);
        seen(g, chosen);
        search(g, squares, i + 1, left - 1, chosen, seen);
        chosen.pop();
        g.board.take(sq);
        g.supply[colour.index()].give_back(Rank::Common);
    }
}

/// Whether placing `placements` common pieces could meet `cond`: conditions on this turn's
/// destruction or summoning cannot be, and a count of pieces more than `placements` short (or
/// short of upgraded pieces, which a placement never adds) cannot be either.
fn reachable(
    state: &GameState,
    colour: super::super::board::Colour,
    cond: &TaskCond,
    placements: u8,
) -> bool {
    match cond {
        TaskCond::Destroyed { .. }
        | TaskCond::DestroyedEither { .. }
        | TaskCond::Summoned { .. }
        | TaskCond::MoreUpgradedOn(_) => false,
        TaskCond::PiecesOn {
            upgraded,
            legendary,
            squares,
            ..
        } => {
            let on = state.board.colour(colour) & *squares;
            let up = (on & state.board.ranks(RankSet::UPGRADED)).count();
            let legend = (on & state.board.ranks(RankSet::LEGENDARY)).count();
            up >= u32::from(*upgraded)
                && legend >= u32::from(*legendary)
                && state
                    .task_shortfall(colour, cond)
                    .is_some_and(|s| s <= u32::from(placements))
        }
        TaskCond::LineLead { .. } | TaskCond::Surround { .. } => state
            .task_shortfall(colour, cond)
            .is_some_and(|s| s <= u32::from(placements)),
        TaskCond::Chain { .. } | TaskCond::Isolated { .. } => true,
        TaskCond::All(cs) => cs.iter().all(|c| reachable(state, colour, c, placements)),
        TaskCond::AnyOf(cs) => cs.iter().any(|c| reachable(state, colour, c, placements)),
    }
}
