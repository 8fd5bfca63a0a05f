//! The effect interpreter: runs a compiled program until it needs a choice, and resumes on one.

use super::program::*;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Colour, Rank};
use crate::tashkalar::engine::cards::{CardDb, CardId, CardKind};
use crate::tashkalar::engine::decision::Choice;
use crate::tashkalar::engine::pattern::Placement;
use crate::tashkalar::engine::pieces::Removal;
use crate::tashkalar::engine::square::{Dir, Square};
use crate::tashkalar::engine::state::{Event, GameState, HandKind, Phase};
use std::sync::Arc;

/// What started the effect.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub enum Source {
    Summon,
    Flare,
    Thaw,
    /// A warp effect: played from the hand, or copied by another effect (which is then its
    /// `parent`).
    Warp,
}

/// Where and how the being was summoned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct SummonRecord {
    pub target: Square,
    pub placement: u8,
    pub destroyed: bool,
    pub destroyed_enemy: bool,
}

/// What a step picked or did, for later steps and conditions.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Slot {
    /// How many times the step happened.
    pub count: u8,
    /// Where the bound piece is now (`None` once it is gone).
    pub square: Option<Square>,
    /// Where the bound piece or square was last seen.
    pub last_square: Option<Square>,
    /// The bound piece's rank when it was last seen.
    pub rank: Option<Rank>,
    /// Every square bound so far (followed when pieces move).
    pub set: Bitboard,
    /// Colours bound (bit per colour).
    pub colours: u8,
    pub dir: Option<Dir>,
    pub destroyed: u8,
    pub destroyed_enemy: u8,
    /// Rank of the piece the last move destroyed, if any.
    pub last_destroyed: Option<Rank>,
    pub landed_empty: bool,
    pub moved: bool,
    pub used_standard: u8,
    pub used_combat: u8,
    /// Moves of the run made by pieces of each colour.
    pub by_colour: [u8; 4],
}

/// An effect in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
pub struct EffectRun {
    pub card: CardId,
    pub source: Source,
    pub pc: Pc,
    pub being: Option<Square>,
    pub being_rank: Option<Rank>,
    pub being_moved: bool,
    pub summon: Option<SummonRecord>,
    pub summon_pieces: Bitboard,
    pub slots: [Slot; MAX_SLOTS],
    pub regs: [u8; MAX_REGS],
    /// Flares: bit 0 upper half qualified, bit 1 lower half.
    pub flare_halves: u8,
    /// A copied warp effect runs on its own and then hands back to the effect that copied it.
    pub parent: Option<Box<EffectRun>>,
    /// Inside a linked block: where it ends (see `Step::Linked`).
    pub linked_end: Option<Pc>,
    /// The card goes under its owner's deck instead of the discard pile (Hell Hound).
    pub to_deck_bottom: bool,
}

impl EffectRun {
    pub fn new(card: CardId, source: Source) -> EffectRun {
        EffectRun {
            card,
            source,
            pc: 0,
            being: None,
            being_rank: None,
            being_moved: false,
            summon: None,
            summon_pieces: Bitboard::EMPTY,
            slots: [Slot::default(); MAX_SLOTS],
            regs: [0; MAX_REGS],
            flare_halves: 0,
            parent: None,
            linked_end: None,
            to_deck_bottom: false,
        }
    }

    pub fn program<'a>(&self, db: &'a CardDb) -> &'a Program {
        let card = db.card(self.card);
        match self.source {
            Source::Thaw => card
                .frozen
                .as_ref()
                .map(|f| &f.effect)
                .unwrap_or(&card.effect),
            Source::Warp => card
                .warp
                .as_ref()
                .map(|w| &w.effect)
                .unwrap_or(&card.effect),
            Source::Summon | Source::Flare => &card.effect,
        }
    }

    /// The pattern placement used for the summoning.
    pub fn placement<'a>(&self, state: &'a GameState) -> Option<&'a Placement> {
        let summon = self.summon?;
        state
            .db
            .card(self.card)
            .pattern
            .as_ref()?
            .placements
            .get(summon.placement as usize)
    }

    /// A piece moved: follow it.
    pub(crate) fn relocate(&mut self, from: Square, to: Square) {
        if self.being == Some(from) {
            self.being = Some(to);
            self.being_moved = true;
        }
        if self.summon_pieces.contains(from) {
            self.summon_pieces.remove(from);
            self.summon_pieces.insert(to);
        }
        for slot in &mut self.slots {
            if slot.square == Some(from) {
                slot.square = Some(to);
                slot.last_square = Some(to);
                slot.moved = true;
            }
            if slot.set.contains(from) {
                slot.set.remove(from);
                slot.set.insert(to);
            }
        }
    }

    /// A piece left the board: references to it now point nowhere (their last square stays known).
    pub(crate) fn forget(&mut self, sq: Square) {
        if self.being == Some(sq) {
            self.being = None;
        }
        self.summon_pieces.remove(sq);
        for slot in &mut self.slots {
            if slot.square == Some(sq) {
                slot.square = None;
            }
        }
    }

    fn slot(&mut self, s: SlotId) -> &mut Slot {
        &mut self.slots[s as usize]
    }
}

/// Where a declined or impossible choice continues.
fn skip_of(op: &Op) -> Pc {
    match op {
        Op::Confirm { skip }
        | Op::Branch { skip, .. }
        | Op::Pick { skip, .. }
        | Op::PlacePick { skip, .. }
        | Op::MoveStep { skip, .. }
        | Op::ChooseDir { skip, .. }
        | Op::ChooseEnemy { skip, .. }
        | Op::MoveCard { skip, .. }
        | Op::Release { skip, .. } => *skip,
        _ => Pc::MAX,
    }
}

/// Whether the player may decline the choice.
pub(super) fn optional_of(op: &Op) -> bool {
    match op {
        Op::Confirm { .. } => true,
        Op::Branch { optional, .. }
        | Op::Pick { optional, .. }
        | Op::PlacePick { optional, .. }
        | Op::MoveStep { optional, .. }
        | Op::ChooseDir { optional, .. }
        | Op::ChooseEnemy { optional, .. }
        | Op::Release { optional, .. } => *optional,
        Op::MoveCard { .. } => true,
        _ => false,
    }
}

impl GameState {
    /// Starts an effect and runs it until it needs a choice or ends.
    pub(crate) fn start_effect(&mut self, run: EffectRun) {
        self.effect = Some(run);
        self.run_effect();
    }

    fn run_mut(&mut self) -> &mut EffectRun {
        self.effect.as_mut().expect("an effect is running")
    }

    fn jump(&mut self, pc: Pc) {
        self.run_mut().pc = pc;
    }

    fn next(&mut self) {
        self.run_mut().pc += 1;
    }

    /// Runs until the next choice the player must make, or the end of the effect.
    pub(crate) fn run_effect(&mut self) {
        let db = Arc::clone(&self.db);
        let mut buf = std::mem::take(&mut self.scratch);
        while let Some(run) = self.effect.as_ref() {
            let program = run.program(&db);
            let Some(op) = program.ops.get(run.pc as usize) else {
                // A copied warp effect hands back to the effect that copied it; anything else
                // ends here (and the loop stops with no effect left).
                self.finish_effect();
                continue;
            };
            if !op.is_choice() {
                self.exec_op(op);
                continue;
            }
            buf.clear();
            self.op_choices(run, program, op, &mut buf);
            let real = buf.iter().filter(|c| !matches!(c, Choice::Skip)).count();
            if real == 0 {
                // Inside a linked block, a step that cannot be done ends the whole block.
                let to = match run.linked_end {
                    Some(end) if run.pc < end => end,
                    _ => skip_of(op),
                };
                self.jump(to);
            } else if real == 1 && !optional_of(op) {
                let only = buf[0];
                self.exec_choice(op, only);
            } else {
                self.phase = Phase::Effect;
                break;
            }
        }
        self.scratch = buf;
    }

    /// The operation the pending effect step runs.
    pub fn effect_op(&self) -> Option<&Op> {
        let run = self.effect.as_ref()?;
        run.program(&self.db).ops.get(run.pc as usize)
    }

    /// Applies a (legal) choice to the pending effect step and runs on.
    pub(crate) fn apply_effect_choice(&mut self, choice: Choice) {
        let db = Arc::clone(&self.db);
        let Some(run) = self.effect.as_ref() else {
            return;
        };
        let Some(op) = run.program(&db).ops.get(run.pc as usize) else {
            return;
        };
        self.exec_choice(op, choice);
        self.run_effect();
    }

    pub(super) fn side_colour(&self, run: &EffectRun, side: CSide) -> Colour {
        match side {
            CSide::Me => self.me(),
            CSide::Colour(s) => {
                let mask = run.slots[s as usize].colours;
                Colour(if mask == 0 {
                    self.me().0
                } else {
                    mask.trailing_zeros() as u8
                })
            }
        }
    }

    pub(super) fn place_ranks(&self, run: &EffectRun, rank: CPlaceRank) -> PlaceRanks {
        match rank {
            CPlaceRank::Fixed(r) => PlaceRanks::One(r),
            CPlaceRank::AnyRank => PlaceRanks::Any,
            CPlaceRank::SameAs(r) => match self.ref_rank(run, r) {
                Some(rk) => PlaceRanks::One(rk),
                None => PlaceRanks::Nothing,
            },
        }
    }

    /// Does `act` to the piece on `sq` and records it in `slot`. False if nothing happened.
    fn do_act(&mut self, sq: Square, act: Act, slot: SlotId) -> bool {
        let Some(piece) = self.board.get(sq) else {
            return false;
        };
        let me = self.me();
        let done = match act {
            Act::Destroy {
                counts_as,
                remove,
                credit,
            } => {
                let how = Removal {
                    counts_as: if credit { counts_as } else { 0 },
                    remove,
                };
                self.remove_piece(sq, how).is_some()
            }
            Act::Upgrade => piece.rank.up().is_some_and(|r| self.change_rank(sq, r)),
            Act::Downgrade => piece.rank.down().is_some_and(|r| self.change_rank(sq, r)),
            Act::Convert { to, rank } => {
                let run = self.effect.as_ref().expect("effect");
                let colour = self.side_colour(run, to);
                self.convert_piece(sq, colour, rank.unwrap_or(piece.rank))
            }
            Act::MakeGateway => self.make_gateway(sq),
            Act::Hold => self.hold_piece(sq),
        };
        let s = self.run_mut().slot(slot);
        s.last_square = Some(sq);
        s.rank = Some(piece.rank);
        s.colours |= 1 << piece.colour.0;
        s.set.insert(sq);
        if done {
            s.count = s.count.saturating_add(1);
            if matches!(act, Act::Destroy { .. }) {
                s.square = None;
                s.destroyed = s.destroyed.saturating_add(1);
                if piece.colour != me {
                    s.destroyed_enemy = s.destroyed_enemy.saturating_add(1);
                }
            } else if act == Act::Hold {
                s.square = None;
            } else {
                s.square = Some(sq);
            }
        }
        done
    }

    /// Binds a square (and the piece on it, if any) to a slot without acting on it.
    fn bind_square(&mut self, sq: Square, slot: SlotId) {
        let piece = self.board.get(sq);
        let s = self.run_mut().slot(slot);
        s.count = s.count.saturating_add(1);
        s.square = Some(sq);
        s.last_square = Some(sq);
        s.set.insert(sq);
        if let Some(p) = piece {
            s.rank = Some(p.rank);
            s.colours |= 1 << p.colour.0;
        }
    }

    pub(super) fn exec_choice(&mut self, op: &Op, choice: Choice) {
        if matches!(choice, Choice::Skip) {
            self.jump(skip_of(op));
            return;
        }
        match (op, choice) {
            (Op::Confirm { .. }, _) => self.next(),
            (Op::Branch { targets, .. }, Choice::Branch(i)) => {
                let to = targets.get(i as usize).copied().unwrap_or(Pc::MAX);
                self.jump(to);
            }
            (Op::Pick { act, slot, .. }, Choice::Square(sq)) => {
                match act {
                    Some(a) => {
                        self.do_act(sq, *a, *slot);
                    }
                    None => self.bind_square(sq, *slot),
                }
                self.next();
            }
            (
                Op::PlacePick {
                    side, rank, slot, ..
                },
                Choice::Square(sq) | Choice::PlaceAs(sq, _),
            ) => {
                let run = self.effect.as_ref().expect("effect");
                let colour = self.side_colour(run, *side);
                let rank = match (choice, self.place_ranks(run, *rank)) {
                    (Choice::PlaceAs(_, r), _) => Some(r),
                    (_, PlaceRanks::One(r)) => Some(r),
                    _ => None,
                };
                if let Some(r) = rank
                    && self.place_piece(sq, colour, r)
                {
                    self.bind_square(sq, *slot);
                }
                self.next();
            }
            (Op::MoveStep { spec, slot, .. }, Choice::Move { from, to }) => {
                self.apply_move(spec, *slot, from, to);
                self.next();
            }
            (Op::ChooseDir { slot, .. }, Choice::Dir(d)) => {
                let s = self.run_mut().slot(*slot);
                s.dir = Some(d);
                s.count = s.count.saturating_add(1);
                self.next();
            }
            (Op::ChooseEnemy { slot, .. }, Choice::Colour(c)) => {
                let s = self.run_mut().slot(*slot);
                s.colours = 1 << c.0;
                s.count = s.count.saturating_add(1);
                self.next();
            }
            (Op::MoveCard { kind, slot, .. }, Choice::Card(card)) => {
                if self.move_card(*kind, card) {
                    self.run_mut().slot(*slot).count += 1;
                }
                self.next();
                if *kind == CardMove::CopyWarp {
                    self.start_copy(card);
                }
            }
            (Op::Release { slot, .. }, Choice::Square(sq)) => {
                if self.seat(self.turn.seat).held.is_some() {
                    let destroyed = self.release_piece(sq);
                    let me = self.me();
                    let piece = self.board.get(sq);
                    let s = self.run_mut().slot(*slot);
                    s.count = s.count.saturating_add(1);
                    s.square = Some(sq);
                    s.last_square = Some(sq);
                    s.set.insert(sq);
                    if let Some(p) = piece {
                        s.rank = Some(p.rank);
                        s.colours |= 1 << p.colour.0;
                    }
                    if let Some(d) = destroyed {
                        s.destroyed = s.destroyed.saturating_add(1);
                        if d.colour != me {
                            s.destroyed_enemy = s.destroyed_enemy.saturating_add(1);
                        }
                    }
                }
                self.next();
            }
            // A choice of the wrong shape cannot reach here (apply checks legality); move on safely.
            _ => self.next(),
        }
    }

    /// Moves `card` as `kind` says, if it is where it should be; returns whether it moved.
    fn move_card(&mut self, kind: CardMove, card: CardId) -> bool {
        let seat = self.turn.seat;
        match kind {
            CardMove::Recover => {
                let st = self.seat_mut(seat);
                let moved = st.discard.remove(card);
                if moved {
                    st.deck.push(card);
                }
                moved
            }
            CardMove::DiscardFlare => {
                let moved = self.seat_mut(seat).hand.remove(card);
                if moved {
                    self.flare_discard.push(card);
                    self.log(Event::Discarded { seat, card });
                }
                moved
            }
            CardMove::Refreeze => {
                let st = self.seat_mut(seat);
                let moved = st.discard.remove(card);
                if moved {
                    st.frozen.push(card);
                    self.log(Event::Frozen { seat, card });
                }
                moved
            }
            CardMove::DiscardPending => {
                let st = self.seat_mut(seat);
                let moved = st.pending == Some(card) && st.hand.remove(card);
                if moved {
                    st.pending = None;
                    st.discard.push(card);
                    self.log(Event::Discarded { seat, card });
                }
                moved
            }
            CardMove::ReturnPending => {
                let st = self.seat_mut(seat);
                let moved = st.pending == Some(card);
                if moved {
                    st.pending = None;
                }
                moved
            }
            CardMove::DiscardCard => {
                if self.seat(seat).pending == Some(card) || !self.seat_mut(seat).hand.remove(card) {
                    return false;
                }
                match self.db.card(card).kind {
                    CardKind::Being(_) => {
                        self.seat_mut(seat).discard.push(card);
                    }
                    CardKind::Legend => {
                        self.legend_discard.push(card);
                    }
                    CardKind::Flare => {
                        self.flare_discard.push(card);
                    }
                }
                self.log(Event::Discarded { seat, card });
                true
            }
            // The copy itself starts once the step is done (`start_copy`).
            CardMove::CopyWarp => self.seat(seat).discard.contains(card),
        }
    }

    /// Runs `card`'s warp effect as part of the effect in progress, which resumes (at its next
    /// step) when the copy ends. A card whose warp is locked is not copied.
    fn start_copy(&mut self, card: CardId) {
        if self.db.card(card).warp.as_ref().is_none_or(|w| w.locked) {
            return;
        }
        let Some(parent) = self.effect.take() else {
            return;
        };
        let mut child = EffectRun::new(card, Source::Warp);
        child.parent = Some(Box::new(parent));
        self.effect = Some(child);
    }

    pub(super) fn exec_op(&mut self, op: &Op) {
        match op {
            Op::Jump(to) => self.jump(*to),
            Op::Unless { cond, to } => {
                let run = self.effect.as_ref().expect("effect");
                if self.cond(run, cond) {
                    self.next();
                } else {
                    self.jump(*to);
                }
            }
            Op::LoopInit { reg, n } => {
                self.run_mut().regs[*reg as usize] = *n;
                self.next();
            }
            Op::LoopNext { reg, exit } => {
                let r = &mut self.run_mut().regs[*reg as usize];
                if *r == 0 {
                    self.jump(*exit);
                } else {
                    *r -= 1;
                    self.next();
                }
            }
            Op::ColourLoopInit { reg, which } => {
                let mask = match which {
                    Colours::All => self.all_colours_mask(),
                    Colours::Enemies => self.enemy_mask(),
                };
                self.run_mut().regs[*reg as usize] = mask;
                self.next();
            }
            Op::ColourLoopNext { reg, slot, exit } => {
                let mask = self.effect.as_ref().expect("effect").regs[*reg as usize];
                if mask == 0 {
                    self.jump(*exit);
                } else {
                    // Start with the acting colour, then the others in seat order.
                    let n = self.colours() as u8;
                    let me = self.me().0;
                    let c = (0..n)
                        .map(|i| (me + i) % n)
                        .find(|c| mask >> c & 1 == 1)
                        .unwrap_or(0);
                    let run = self.run_mut();
                    run.regs[*reg as usize] &= !(1 << c);
                    run.slot(*slot).colours = 1 << c;
                    self.next();
                }
            }
            Op::ActOn { target, act, slot } => {
                let run = self.effect.as_ref().expect("effect");
                let sq = self.ref_now(run, *target);
                if let Some(sq) = sq {
                    self.do_act(sq, *act, *slot);
                }
                self.next();
            }
            Op::ActAll { sel, act, slot } => {
                let run = self.effect.as_ref().expect("effect");
                let squares = self.sel_squares(run, sel);
                for sq in squares {
                    let run = self.effect.as_ref().expect("effect");
                    if self.act_possible(run, sq, act) {
                        self.do_act(sq, *act, *slot);
                    }
                }
                self.next();
            }
            Op::PlaceAt {
                at,
                side,
                rank,
                slot,
            } => {
                let run = self.effect.as_ref().expect("effect");
                let colour = self.side_colour(run, *side);
                let sq = self.ref_square(run, *at);
                if let (Some(sq), PlaceRanks::One(r)) = (sq, self.place_ranks(run, *rank))
                    && self.place_piece(sq, colour, r)
                {
                    self.bind_square(sq, *slot);
                }
                self.next();
            }
            Op::StopCheck { slot, stop, exit } => {
                let s = &self.effect.as_ref().expect("effect").slots[*slot as usize];
                let stop_now = match stop {
                    CStop::OnEmpty => s.landed_empty,
                    CStop::AfterDestroying(ranks) => {
                        s.last_destroyed.is_some_and(|r| ranks.contains(r))
                    }
                };
                if stop_now {
                    self.jump(*exit);
                } else {
                    self.next();
                }
            }
            Op::Gain(n) => {
                self.turn.actions_left = self.turn.actions_left.saturating_add(*n);
                self.log(Event::ActionsGained {
                    seat: self.turn.seat,
                    count: *n,
                });
                self.next();
            }
            Op::OpponentsLose(n) => {
                // Every opposing side loses actions on its next turn: the first seat of that colour
                // after the acting seat (in the team game, only the teammate who plays next).
                let mut seen = 1u8 << self.me().0;
                let mut seat = self.turn.seat;
                for _ in 1..self.players() {
                    seat = self.next_seat(seat);
                    let colour = self.colour_of(seat);
                    if seen >> colour.0 & 1 == 0 {
                        seen |= 1 << colour.0;
                        let s = self.seat_mut(seat);
                        s.lose_actions = s.lose_actions.saturating_add(*n);
                    }
                }
                self.next();
            }
            Op::ExtraTurn => {
                self.turn.extra_turn = true;
                self.next();
            }
            Op::DrawExtra { deck, legends } => {
                self.turn.extra_draw.0 = self.turn.extra_draw.0.saturating_add(*deck);
                self.turn.extra_draw.1 = self.turn.extra_draw.1.saturating_add(*legends);
                self.next();
            }
            Op::BorrowNext => {
                self.turn.borrow = true;
                self.next();
            }
            Op::LinkStart { end } => {
                self.run_mut().linked_end = Some(*end);
                self.next();
            }
            Op::LinkEnd => {
                self.run_mut().linked_end = None;
                self.next();
            }
            Op::CountAsLegend => {
                let tally = &mut self.turn.tally;
                tally.legends_summoned = tally.legends_summoned.saturating_add(1);
                self.next();
            }
            Op::CountDestroyedAgain => {
                self.turn.extra_count = self.turn.extra_count.saturating_add(1);
                self.next();
            }
            Op::SpendAction { slot } => {
                if self.turn.actions_left > 0 {
                    self.turn.actions_left -= 1;
                    let s = self.run_mut().slot(*slot);
                    s.count = s.count.saturating_add(1);
                }
                self.next();
            }
            Op::SummonWith { slot } => {
                let mask = self.effect.as_ref().expect("effect").slots[*slot as usize].colours;
                if mask != 0 {
                    self.turn.possessed = Some(Colour(mask.trailing_zeros() as u8));
                }
                self.next();
            }
            Op::VoidSquares(n) => {
                self.turn.void_squares = *n;
                self.next();
            }
            Op::CopyWarp { from } => {
                let card = match from {
                    WarpSource::Pending => self.seat(self.turn.seat).pending,
                    WarpSource::This => self.effect.as_ref().map(|r| r.card),
                };
                self.next();
                if let Some(card) = card {
                    self.start_copy(card);
                }
            }
            Op::CardFx(fx) => {
                let seat = self.turn.seat;
                match fx {
                    CardFx::ThisToDeckBottom => self.run_mut().to_deck_bottom = true,
                    CardFx::TopDiscardToDeck => {
                        let st = self.seat_mut(seat);
                        if let Some(card) = st.discard.pop() {
                            st.deck.push(card);
                        }
                    }
                    CardFx::DiscardLegends => {
                        let legends: Vec<CardId> =
                            self.hand_of_kind(seat, HandKind::Legend).collect();
                        for card in legends {
                            self.seat_mut(seat).hand.remove(card);
                            self.legend_discard.push(card);
                            self.log(Event::Discarded { seat, card });
                        }
                    }
                }
                self.next();
            }
            // Choice operations are handled by `run_effect`.
            _ => self.next(),
        }
    }
}

pub(super) enum PlaceRanks {
    One(Rank),
    Any,
    Nothing,
}
