//! Listing the choices of an effect step: what a player may pick at each choice operation,
//! and the look-ahead that keeps only the picks after which the step can be carried out (a
//! linked block completed, a colour that can act, a branch with something to do).

use super::program::*;
use super::run::{EffectRun, PlaceRanks, optional_of};
use crate::tashkalar::engine::board::arena;
use crate::tashkalar::engine::board::{Colour, Rank};
use crate::tashkalar::engine::decision::Choice;
use crate::tashkalar::engine::square::{Dir, Square};
use crate::tashkalar::engine::state::{GameState, HandKind};
use std::sync::Arc;

impl GameState {
    /// The choices of the pending effect step.
    pub(crate) fn effect_choices(&self, out: &mut Vec<Choice>) {
        if let Some(run) = self.effect.as_ref() {
            let program = run.program(&self.db);
            if let Some(op) = program.ops.get(run.pc as usize) {
                self.op_choices(run, program, op, out);
            }
        }
    }

    /// The choices of an effect step; inside a linked block only those after which the block can
    /// still be completed.
    pub(super) fn op_choices(
        &self,
        run: &EffectRun,
        program: &Program,
        op: &Op,
        out: &mut Vec<Choice>,
    ) {
        let start = out.len();
        self.op_choices_raw(run, program, op, out);
        if let Some(end) = run.linked_end
            && run.pc < end
        {
            let kept: Vec<Choice> = out[start..]
                .iter()
                .copied()
                .filter(|&c| matches!(c, Choice::Skip) || self.linked_completes(op, c, end))
                .collect();
            out.truncate(start);
            out.extend(kept);
        }
    }

    /// Whether, after `choice`, some way through the rest of the linked block (up to `end`)
    /// does every step.
    fn linked_completes(&self, op: &Op, choice: Choice, end: Pc) -> bool {
        let mut g = self.clone();
        g.log_events = false;
        g.events.clear();
        g.exec_choice(op, choice);
        g.linked_probe(end)
    }

    fn linked_probe(&mut self, end: Pc) -> bool {
        let db = Arc::clone(&self.db);
        loop {
            let Some(run) = self.effect.as_ref() else {
                return true;
            };
            if run.pc >= end {
                return true;
            }
            let program = run.program(&db);
            let Some(op) = program.ops.get(run.pc as usize) else {
                return true;
            };
            if !op.is_choice() {
                self.exec_op(op);
                continue;
            }
            let mut choices = Vec::new();
            self.op_choices_raw(run, program, op, &mut choices);
            return choices
                .into_iter()
                .filter(|c| !matches!(c, Choice::Skip))
                .any(|c| {
                    let mut g = self.clone();
                    g.exec_choice(op, c);
                    g.linked_probe(end)
                });
        }
    }

    fn op_choices_raw(&self, run: &EffectRun, program: &Program, op: &Op, out: &mut Vec<Choice>) {
        match op {
            Op::Confirm { .. } => out.push(Choice::Yes),
            Op::Branch { targets, .. } => {
                for (i, &t) in targets.iter().enumerate() {
                    if self.branch_feasible(run, program, t) {
                        out.push(Choice::Branch(i as u8));
                    }
                }
            }
            Op::Pick { sel, act, .. } => {
                for sq in self.sel_squares(run, sel) {
                    if act.is_none_or(|a| self.act_possible(run, sq, &a)) {
                        out.push(Choice::Square(sq));
                    }
                }
            }
            Op::PlacePick {
                sel, side, rank, ..
            } => {
                let colour = self.side_colour(run, *side);
                let squares = self.sel_squares(run, sel) & self.board.empty_squares();
                match self.place_ranks(run, *rank) {
                    PlaceRanks::One(r) => {
                        if self.supply[colour.index()].has(r) {
                            out.extend(squares.iter().map(Choice::Square));
                        }
                    }
                    PlaceRanks::Any => {
                        for sq in squares {
                            for r in Rank::ALL {
                                if self.supply[colour.index()].has(r) {
                                    out.push(Choice::PlaceAs(sq, r));
                                }
                            }
                        }
                    }
                    PlaceRanks::Nothing => {}
                }
            }
            Op::MoveStep { spec, slot, .. } => {
                self.move_choices(run, spec, &run.slots[*slot as usize], out);
            }
            Op::ChooseDir { dirs, .. } => {
                let mask = self.dir_mask(run, *dirs);
                out.extend(
                    Dir::ALL
                        .into_iter()
                        .filter(|d| mask >> d.index() & 1 == 1)
                        .map(Choice::Dir),
                );
            }
            Op::ChooseEnemy { slot, optional, .. } => {
                let mask = self.enemy_mask();
                let enemies = self.colour_ids().filter(|c| mask >> c.0 & 1 == 1);
                if *optional {
                    out.extend(enemies.map(Choice::Colour));
                } else {
                    // A mandatory colour choice offers only the colours that can carry out the
                    // step it is for (a colour with no disc left would turn a "must" into
                    // nothing while another colour could take it). When none can, the first
                    // enemy colour stands for all: the step does nothing whichever is named.
                    let all: Vec<Colour> = enemies.collect();
                    let start = out.len();
                    out.extend(
                        all.iter()
                            .filter(|c| self.colour_can_act(run, program, *slot, **c))
                            .map(|c| Choice::Colour(*c)),
                    );
                    if out.len() == start {
                        out.extend(all.first().map(|c| Choice::Colour(*c)));
                    }
                }
            }
            Op::MoveCard { kind, .. } => {
                let seat = self.seat(self.turn.seat);
                match kind {
                    CardMove::Recover => out.extend(seat.discard.iter().map(Choice::Card)),
                    // After a hand-over the teammate decides, plays no flares, and cannot see
                    // the hand.
                    CardMove::DiscardFlare if self.turn.handed_over => {}
                    CardMove::DiscardFlare => out.extend(
                        self.hand_of_kind(self.turn.seat, HandKind::Flare)
                            .map(Choice::Card),
                    ),
                    CardMove::Refreeze => out.extend(
                        seat.discard
                            .iter()
                            .filter(|&c| self.db.card(c).frozen.is_some())
                            .map(Choice::Card),
                    ),
                    CardMove::DiscardPending | CardMove::ReturnPending => out.extend(
                        seat.pending
                            .filter(|&c| self.db.card(c).warp.as_ref().is_some_and(|w| !w.locked))
                            .map(Choice::Card),
                    ),
                    CardMove::DiscardCard if self.turn.handed_over => {}
                    CardMove::DiscardCard => out.extend(
                        seat.hand
                            .iter()
                            .filter(|&c| Some(c) != seat.pending)
                            .map(Choice::Card),
                    ),
                    CardMove::CopyWarp => out.extend(
                        seat.discard
                            .iter()
                            .filter(|&c| self.db.card(c).warp.as_ref().is_some_and(|w| !w.locked))
                            .map(Choice::Card),
                    ),
                }
            }
            Op::Release { kind, areas, .. } => {
                if let Some(held) = self.seat(self.turn.seat).held {
                    let mut squares = arena::PLAYABLE;
                    for a in areas {
                        squares &= self.area_squares(run, a, None);
                    }
                    for sq in squares {
                        let ok = match self.board.get(sq) {
                            None => true,
                            Some(p) => match kind {
                                CMoveKind::Combat => p.rank <= held.piece.rank,
                                _ => p.rank < held.piece.rank,
                            },
                        };
                        if ok {
                            out.push(Choice::Square(sq));
                        }
                    }
                }
            }
            _ => {}
        }
        // Every step the player may decline offers the refusal last.
        if optional_of(op) {
            out.push(Choice::Skip);
        }
    }

    /// Whether naming `colour` at the colour choice of the current step (binding `slot`) lets the
    /// next step do something: act on its piece, place its piece, or offer a real choice. Steps
    /// this cannot judge count as possible.
    fn colour_can_act(
        &self,
        run: &EffectRun,
        program: &Program,
        slot: SlotId,
        colour: Colour,
    ) -> bool {
        let mut probe = run.clone();
        let s = &mut probe.slots[slot as usize];
        s.colours = 1 << colour.0;
        s.count = s.count.saturating_add(1);
        probe.pc += 1;
        let Some(op) = program.ops.get(probe.pc as usize) else {
            return true;
        };
        match op {
            Op::ActOn { target, act, .. } => {
                let sq = self.ref_now(&probe, *target);
                sq.is_some_and(|sq| self.act_possible(&probe, sq, act))
            }
            Op::PlaceAt { at, side, rank, .. } => {
                let colour = self.side_colour(&probe, *side);
                let free = self
                    .ref_square(&probe, *at)
                    .is_some_and(|sq| self.board.get(sq).is_none());
                free && match self.place_ranks(&probe, *rank) {
                    PlaceRanks::One(r) => self.supply[colour.index()].has(r),
                    PlaceRanks::Any | PlaceRanks::Nothing => false,
                }
            }
            op if op.is_choice() && !optional_of(op) => {
                let mut choices = Vec::new();
                self.op_choices(&probe, program, op, &mut choices);
                choices.iter().any(|c| !matches!(c, Choice::Skip))
            }
            _ => true,
        }
    }

    /// Whether a branch of an `Either` can do anything: its first choice has an option.
    fn branch_feasible(&self, run: &EffectRun, program: &Program, pc: Pc) -> bool {
        let mut pc = pc as usize;
        loop {
            match program.ops.get(pc) {
                Some(Op::LoopInit { .. })
                | Some(Op::LoopNext { .. })
                | Some(Op::ChooseEnemy { .. }) => pc += 1,
                Some(op) if op.is_choice() => {
                    let mut probe = Vec::new();
                    self.op_choices_raw(run, program, op, &mut probe);
                    return probe.iter().any(|c| !matches!(c, Choice::Skip));
                }
                _ => return true,
            }
        }
    }

    /// Whether an action could be done to the piece on `sq`.
    pub(super) fn act_possible(&self, run: &EffectRun, sq: Square, act: &Act) -> bool {
        let Some(piece) = self.board.get(sq) else {
            return false;
        };
        match act {
            Act::Destroy { .. } => true,
            Act::Upgrade => piece.rank.up().is_some_and(|r| self.can_change_rank(sq, r)),
            Act::Downgrade => piece
                .rank
                .down()
                .is_some_and(|r| self.can_change_rank(sq, r)),
            Act::Convert { to, rank } => {
                self.can_convert(sq, self.side_colour(run, *to), rank.unwrap_or(piece.rank))
            }
            Act::MakeGateway => piece.colour == self.me() && piece.rank.is_disc(),
            Act::Hold => self.seat(self.turn.seat).held.is_none(),
        }
    }
}
