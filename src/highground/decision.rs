//! Choices: every step of the game is one decision with an enumerable list of legal choices.
//!
//! [`HighGround::legal`] lists the choices of the pending decision in a deterministic order;
//! [`HighGround::apply`] plays one of them or says why it cannot. Actions made of several parts
//! (a move step by step, several cards, a die roll and what it allows) are several decisions.
//! Outside the start of a turn, a decision with a single choice is taken automatically.

use super::card::{Card, JOKER_LEVELS};
use super::die::Face;
use super::pos::{Pos, Side};
use super::pyramid::{PieceId, Status};
use super::state::{HighGround, Pending, Then};
use std::fmt;

/// One thing a player can do at a decision (see `docs/high-ground.md` for the notation).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Choice {
    /// Setup: lay the turned card here.
    Lay(Pos),
    /// The level (1-12) of a Joker just put down.
    Level(u8),
    /// Setup: put your King on this side.
    King(Side),
    /// Action: move this pyramid (the steps follow).
    Move(PieceId),
    /// Moving: step to this adjacent territory.
    Step(Pos),
    /// Moving or after a HOP: drop onto this enemy pyramid (ends the turn).
    Attack(PieceId),
    /// End a move, the cards played, the discards (without drawing), or a HOP without
    /// attacking.
    Stop,
    /// Action or playing: play this card from hand here.
    Play(Card, Pos),
    /// Action or discarding: discard this card.
    Discard(Card),
    /// Draw up to the hand's maximum (after any discards); ends the turn.
    Draw,
    /// Action: roll the die.
    Roll,
    /// HOP: this free pyramid of yours hops; where to (a `Step`) is the next decision.
    Hop(PieceId),
    /// SWAP: this pyramid of yours trades places; with whom (a `With`) is the next decision.
    Swap(PieceId),
    /// SWAP: the pyramid picked trades places with this one.
    With(PieceId),
    /// The one-step HOP of saves made before rules 3 (`hop 1St 0,1`): never listed, but
    /// accepted as the `hop` and `to` it stands for, so that those saves replay.
    OldHop(PieceId, Pos),
    /// The one-step SWAP of saves made before rules 3 (`swap 1St 2Mn`): never listed, but
    /// accepted as the `swap` and `with` it stands for.
    OldSwap(PieceId, PieceId),
    /// TIP: tip the pyramids off this one of yours.
    Tip(PieceId),
    /// AIM: this pyramid of yours kills the one directly under it.
    Aim(PieceId),
    /// DIG: draw a card to play at once.
    Dig,
    /// WILD: use the die as this face.
    Face(Face),
    /// DIG: play the dug card here.
    Place(Pos),
    /// Let the die's roll go unused (ends the turn).
    Pass,
}

/// Why a choice cannot be applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ApplyError {
    /// Nothing can be chosen any more.
    GameOver,
    /// The choice is not among the legal ones now.
    NotLegal {
        /// The choice in notation.
        choice: String,
        /// What is being decided (`action`, `moving`, ...).
        decision: &'static str,
    },
    /// Text that is no choice in the notation (`docs/high-ground.md`).
    Unreadable(super::notation::NotationError),
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::GameOver => f.write_str("the game is over"),
            ApplyError::NotLegal { choice, decision } => {
                write!(f, "`{choice}` is not a legal choice now ({decision})")
            }
            ApplyError::Unreadable(why) => why.fmt(f),
        }
    }
}

impl std::error::Error for ApplyError {}

impl HighGround {
    /// The legal choices of the pending decision, in a deterministic order.
    pub fn choices(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal(&mut out);
        out
    }

    /// The legal choices, into `out` (its contents are replaced).
    pub fn legal(&self, out: &mut Vec<Choice>) {
        out.clear();
        let me = self.seat;
        match &self.pending {
            Pending::Over(_) => {}
            Pending::Lay(_) => out.extend(self.lay_spots().into_iter().map(Choice::Lay)),
            Pending::King => out.extend(self.free_sides().into_iter().map(Choice::King)),
            Pending::Level { .. } => out.extend(JOKER_LEVELS.map(Choice::Level)),
            Pending::Action => {
                for p in self.variant.pieces_of(me) {
                    if self.can_start_move(p) {
                        out.push(Choice::Move(p));
                    }
                }
                self.push_plays(out);
                self.push_discards(out);
                if self.hand(me as usize).len() < self.variant.hand_max() && self.can_draw() {
                    out.push(Choice::Draw);
                }
                out.push(Choice::Roll);
            }
            Pending::Moving { piece, visited } => {
                out.extend(self.steps(*piece, visited).into_iter().map(Choice::Step));
                out.extend(self.victims(*piece).into_iter().map(Choice::Attack));
                if visited.len() > 1 {
                    out.push(Choice::Stop);
                }
            }
            Pending::Playing => {
                self.push_plays(out);
                out.push(Choice::Stop);
            }
            // "discard as many cards as he/she wants and/or draw": drawing after the discards
            // is a choice, not a must.
            Pending::Discarding => {
                self.push_discards(out);
                if self.can_draw() {
                    out.push(Choice::Draw);
                }
                out.push(Choice::Stop);
            }
            Pending::Die(face) => self.push_face(*face, out),
            Pending::Dug(_) => out.extend(self.play_spots(me).into_iter().map(Choice::Place)),
            Pending::Hopping(piece) => {
                out.extend(self.hop_spots(*piece).into_iter().map(Choice::Step));
            }
            Pending::Swapping(piece) => {
                out.extend(self.swap_partners(*piece).into_iter().map(Choice::With));
            }
            Pending::HopAttack(piece) => {
                out.extend(self.victims(*piece).into_iter().map(Choice::Attack));
                out.push(Choice::Stop);
            }
        }
    }

    /// Plays `choice`, or says why it is not legal now.
    pub fn apply(&mut self, choice: Choice) -> Result<(), ApplyError> {
        if self.is_over() {
            return Err(ApplyError::GameOver);
        }
        if let Some(parts) = self.old_parts(choice) {
            let Some(parts) = parts else {
                return Err(self.not_legal(&choice));
            };
            self.play_parts(&parts);
            return Ok(());
        }
        if !self.choices().contains(&choice) {
            return Err(ApplyError::NotLegal {
                choice: super::notation::write(&choice),
                decision: self.pending.name(),
            });
        }
        self.apply_listed(choice);
        Ok(())
    }

    /// Plays a choice taken from this very position's [`HighGround::legal`] list, without
    /// checking it again (search makes only such choices). An unlisted choice may leave the game
    /// in a state the rules do not allow, but never panics.
    pub fn apply_listed(&mut self, choice: Choice) {
        match self.old_parts(choice) {
            Some(Some(parts)) => self.play_parts(&parts),
            Some(None) => {}
            None => {
                self.step(choice);
                self.settle();
            }
        }
    }

    fn not_legal(&self, choice: &Choice) -> ApplyError {
        ApplyError::NotLegal {
            choice: super::notation::write(choice),
            decision: self.pending.name(),
        }
    }

    /// The two steps an older save's one-step HOP or SWAP stands for here, without those
    /// already taken by themselves (the only free pyramid is picked as the die is read): `None`
    /// for any other choice, `Some(None)` when the old choice is not legal now.
    fn old_parts(&self, choice: Choice) -> Option<Option<Vec<Choice>>> {
        let (pick, then, fits) = match choice {
            Choice::OldHop(p, to) => (
                Choice::Hop(p),
                Choice::Step(to),
                self.hop_spots(p).contains(&to),
            ),
            Choice::OldSwap(p, q) => (
                Choice::Swap(p),
                Choice::With(q),
                self.swap_partners(p).contains(&q),
            ),
            _ => return None,
        };
        let picked = match (&self.pending, pick) {
            (Pending::Hopping(p), Choice::Hop(q)) | (Pending::Swapping(p), Choice::Swap(q)) => {
                *p == q
            }
            _ => false,
        };
        Some(if picked && fits {
            Some(vec![then])
        } else if fits && self.choices().contains(&pick) {
            Some(vec![pick, then])
        } else {
            None
        })
    }

    /// Plays checked parts one after the other; a later part that was taken by itself when
    /// the one before it settled (a single destination) is not played again.
    fn play_parts(&mut self, parts: &[Choice]) {
        for (i, part) in parts.iter().enumerate() {
            let waiting = match (&self.pending, part) {
                (Pending::Hopping(_), Choice::Step(_))
                | (Pending::Swapping(_), Choice::With(_)) => true,
                _ => i == 0,
            };
            if !waiting {
                return;
            }
            self.step(*part);
            self.settle();
        }
    }

    /// Takes every decision that has a single choice, except the start of a turn.
    pub(crate) fn settle(&mut self) {
        let mut buffer = Vec::new();
        // Each forced step advances the game; the bound only guards against a rules bug.
        for _ in 0..64 {
            if matches!(self.pending, Pending::Action | Pending::Over(_)) {
                return;
            }
            self.legal(&mut buffer);
            match buffer[..] {
                [only] => self.step(only),
                _ => return,
            }
        }
    }

    /// Whether `p` (the mover's) can start a move: not trapped, with a step or an attack to make.
    fn can_start_move(&self, p: PieceId) -> bool {
        let Some(pos) = self.pyramids.pos_of(p) else {
            return false;
        };
        self.pyramids.status(p) != Some(Status::Trapped)
            && (!self.steps(p, &[pos]).is_empty() || !self.victims(p).is_empty())
    }

    /// The territories `p` may step to: adjacent, not higher than where it stands, not visited.
    fn steps(&self, p: PieceId, visited: &[Pos]) -> Vec<Pos> {
        let Some(here) = self.pyramids.pos_of(p) else {
            return Vec::new();
        };
        let level = self.board.level(here).unwrap_or(0);
        self.board
            .adjacent(here)
            .into_iter()
            .filter(|n| !visited.contains(n) && self.board.level(*n).is_some_and(|l| l <= level))
            .collect()
    }

    /// The enemy pyramids `p` may attack where it stands: every one that is free or hobbled
    /// (not trapped) in the other stacks there. (Its own stack is out of reach: what it sits on
    /// it has attacked already, and what sits on it it would carry.)
    pub(crate) fn victims(&self, p: PieceId) -> Vec<PieceId> {
        let Some(stack) = self.pyramids.stack_of(p) else {
            return Vec::new();
        };
        let mut list: Vec<PieceId> = self
            .pyramids
            .stacks_at(stack.pos)
            .filter(|s| !s.contains(p))
            .flat_map(|s| {
                (0..s.pieces().len())
                    .filter(|h| s.status_at(*h) != Status::Trapped)
                    .map(|h| s.pieces()[h])
            })
            .filter(|v| v.seat() != p.seat())
            .collect();
        list.sort();
        list
    }

    /// Where `seat` may play a card: on any territory with no enemy pyramid on it but a seat's
    /// King, or into a blank space at the outside of the board.
    pub(crate) fn play_spots(&self, seat: u8) -> Vec<Pos> {
        let others = !(1u8 << seat);
        let mut territories = self
            .board
            .territories()
            .iter()
            // A seat's King stays a King: standing alone on it wins. A King nobody plays is a
            // territory like any other.
            .filter(|t| t.owner.is_none() && self.pyramids.seats_mask_at(t.pos) & others == 0)
            .map(|t| t.pos)
            .peekable();
        let mut blanks = self.board.blank_spaces().iter().copied().peekable();
        // Both lists are in reading order: merge them.
        let mut spots = Vec::with_capacity(self.board.len() + self.board.blank_spaces().len());
        loop {
            let next = match (territories.peek(), blanks.peek()) {
                (Some(t), Some(b)) if t < b => territories.next(),
                (Some(_), Some(_)) | (None, Some(_)) => blanks.next(),
                (Some(_), None) => territories.next(),
                (None, None) => break,
            };
            spots.extend(next);
        }
        spots
    }

    fn push_plays(&self, out: &mut Vec<Choice>) {
        let mut hand = self.hand(self.seat as usize).to_vec();
        hand.dedup();
        if hand.is_empty() {
            return;
        }
        let spots = self.play_spots(self.seat);
        for card in hand {
            out.extend(spots.iter().map(|p| Choice::Play(card, *p)));
        }
    }

    fn push_discards(&self, out: &mut Vec<Choice>) {
        let mut hand = self.hand(self.seat as usize).to_vec();
        hand.dedup();
        out.extend(hand.into_iter().map(Choice::Discard));
    }

    /// The choices a die face offers; just `pass` when it has no use.
    fn push_face(&self, face: Face, out: &mut Vec<Choice>) {
        let me = self.seat;
        let mine: Vec<(PieceId, Pos, Status)> = self
            .variant
            .pieces_of(me)
            .filter_map(|p| Some((p, self.pyramids.pos_of(p)?, self.pyramids.status(p)?)))
            .collect();
        let before = out.len();
        match face {
            Face::Hop => {
                for &(p, _, status) in &mine {
                    if status == Status::Free && !self.hop_spots(p).is_empty() {
                        out.push(Choice::Hop(p));
                    }
                }
                // A HOP must be used when it can be.
                if out.len() == before {
                    out.push(Choice::Pass);
                }
                return;
            }
            Face::Swap => {
                // Only pyramids that have someone to trade places with.
                for &(p, _, _) in &mine {
                    if !self.swap_partners(p).is_empty() {
                        out.push(Choice::Swap(p));
                    }
                }
            }
            Face::Tip => {
                for &(p, _, status) in &mine {
                    if status == Status::Hobbled {
                        out.push(Choice::Tip(p));
                    }
                }
            }
            Face::Aim => {
                for &(p, _, status) in &mine {
                    let under = self.pyramids.below(p);
                    if status != Status::Trapped && under.is_some_and(|v| v.seat() != me) {
                        out.push(Choice::Aim(p));
                    }
                }
            }
            Face::Dig => {
                if self.can_draw() {
                    out.push(Choice::Dig);
                }
            }
            Face::Wild => {
                let mut scratch = Vec::new();
                for f in Face::CHOOSABLE {
                    scratch.clear();
                    self.push_face(f, &mut scratch);
                    if scratch != [Choice::Pass] {
                        out.push(Choice::Face(f));
                    }
                }
            }
        }
        out.push(Choice::Pass);
    }

    /// Where `p` may hop: every adjacent territory, higher ones included.
    pub(crate) fn hop_spots(&self, p: PieceId) -> Vec<Pos> {
        self.pyramids
            .pos_of(p)
            .map(|pos| self.board.adjacent(pos))
            .unwrap_or_default()
    }

    /// The pyramids `p` may trade places with in a SWAP: any other that is not trapped on an
    /// adjacent territory (by territory in the board's order, then by id), as long as neither
    /// hobbled one would climb; none when `p` itself is trapped.
    pub(crate) fn swap_partners(&self, p: PieceId) -> Vec<PieceId> {
        let (Some(pos), Some(status)) = (self.pyramids.pos_of(p), self.pyramids.status(p)) else {
            return Vec::new();
        };
        if status == Status::Trapped {
            return Vec::new();
        }
        let mut out = Vec::new();
        for other in self.board.adjacent(pos) {
            let mut partners: Vec<PieceId> = self
                .pyramids
                .all()
                .filter(|(q, at, st)| *at == other && *q != p && *st != Status::Trapped)
                .filter(|(_, _, st)| self.swap_allowed(status, pos, *st, other))
                .map(|(q, _, _)| q)
                .collect();
            partners.sort();
            out.extend(partners);
        }
        out
    }

    /// A hobbled pyramid never goes onto a higher territory, not even in a swap.
    fn swap_allowed(&self, mine: Status, from: Pos, theirs: Status, to: Pos) -> bool {
        let (lf, lt) = (
            self.board.level(from).unwrap_or(0),
            self.board.level(to).unwrap_or(0),
        );
        let climbs = |status: Status, from: u8, to: u8| status == Status::Hobbled && to > from;
        !climbs(mine, lf, lt) && !climbs(theirs, lt, lf)
    }

    /// Carries a choice out (it is taken to be legal).
    fn step(&mut self, choice: Choice) {
        let me = self.seat;
        // Only the roll itself leaves a blind roll to be judged.
        self.unseen_roll = false;
        match (self.pending.clone(), choice) {
            (Pending::Lay(card), Choice::Lay(pos)) => {
                self.board.play(pos, card);
                if card.is_joker() {
                    self.pending = Pending::Level {
                        at: pos,
                        then: Then::Lay,
                    };
                } else {
                    self.next_lay();
                }
            }
            (Pending::Level { at, then }, Choice::Level(level)) => {
                self.board.set_joker(at, level);
                match then {
                    Then::Lay => self.next_lay(),
                    Then::Playing => self.pending = Pending::Playing,
                    Then::EndTurn => self.end_turn(),
                }
            }
            (Pending::King, Choice::King(side)) => {
                self.board.lay_king(side.pos(), Some(me));
                self.kings_aside = self.kings_aside.saturating_sub(1);
                if me + 1 < self.players {
                    self.seat = me + 1;
                } else {
                    self.finish_setup();
                }
            }
            (Pending::Action, Choice::Move(p)) => {
                let here = self.pyramids.pos_of(p).unwrap_or(Pos::CENTRE);
                self.pending = Pending::Moving {
                    piece: p,
                    visited: vec![here],
                };
            }
            (Pending::Moving { piece, mut visited }, Choice::Step(to)) => {
                let group = self.pyramids.lift(piece);
                self.pyramids.place(to, group);
                visited.push(to);
                self.pending = Pending::Moving { piece, visited };
            }
            (Pending::Moving { piece, .. } | Pending::HopAttack(piece), Choice::Attack(v)) => {
                self.attack(piece, v);
                self.end_turn();
            }
            (
                Pending::Moving { .. }
                | Pending::HopAttack(_)
                | Pending::Playing
                | Pending::Discarding,
                Choice::Stop,
            ) => {
                self.end_turn();
            }
            (Pending::Action | Pending::Playing, Choice::Play(card, pos)) => {
                self.take_from_hand(card);
                self.board.play(pos, card);
                self.pending = if card.is_joker() {
                    Pending::Level {
                        at: pos,
                        then: Then::Playing,
                    }
                } else {
                    Pending::Playing
                };
            }
            (Pending::Action | Pending::Discarding, Choice::Discard(card)) => {
                self.take_from_hand(card);
                self.discard.push(card);
                self.pending = Pending::Discarding;
            }
            (Pending::Action | Pending::Discarding, Choice::Draw) => {
                let seat = me as usize;
                while self.hands[seat].len() < self.variant.hand_max() {
                    match self.draw_card() {
                        Some(card) => self.hands[seat].push(card),
                        None => break,
                    }
                }
                self.hands[seat].sort();
                self.end_turn();
            }
            (Pending::Action, Choice::Roll) => {
                let face = Face::roll(&mut self.rng);
                self.pending = Pending::Die(face);
                self.die = Some(face);
                self.unseen_roll = self.blind;
            }
            (Pending::Die(_), Choice::Face(face)) => self.pending = Pending::Die(face),
            (Pending::Die(_), Choice::Hop(p)) => self.pending = Pending::Hopping(p),
            (Pending::Hopping(p), Choice::Step(to)) => {
                let group = self.pyramids.lift(p);
                self.pyramids.place(to, group);
                // With no enemy there, `stop` is the only choice and is taken at once.
                self.pending = Pending::HopAttack(p);
            }
            (Pending::Die(_), Choice::Swap(p)) => self.pending = Pending::Swapping(p),
            (Pending::Swapping(p), Choice::With(q)) => {
                let (Some(from), Some(to)) = (self.pyramids.pos_of(p), self.pyramids.pos_of(q))
                else {
                    return;
                };
                self.pyramids.take(p);
                self.pyramids.take(q);
                self.pyramids.place(to, vec![p]);
                self.pyramids.place(from, vec![q]);
                self.end_turn();
            }
            (Pending::Die(_), Choice::Tip(p)) => {
                self.pyramids.tip(p);
                self.end_turn();
            }
            (Pending::Die(_), Choice::Aim(p)) => {
                if let Some(v) = self.pyramids.below(p) {
                    self.kill(v);
                    self.check_annihilation();
                }
                self.end_turn();
            }
            (Pending::Die(_), Choice::Dig) => match self.draw_card() {
                Some(card) => self.pending = Pending::Dug(card),
                None => self.end_turn(),
            },
            (Pending::Die(_), Choice::Pass) => self.end_turn(),
            (Pending::Dug(card), Choice::Place(pos)) => {
                self.board.play(pos, card);
                if card.is_joker() {
                    self.pending = Pending::Level {
                        at: pos,
                        then: Then::EndTurn,
                    };
                } else {
                    self.end_turn();
                }
            }
            // Not a choice of this decision: callers of `apply_listed` promise this cannot
            // happen; leaving the state untouched is the safe answer.
            _ => {}
        }
    }

    fn take_from_hand(&mut self, card: Card) {
        let hand = &mut self.hands[self.seat as usize];
        if let Some(i) = hand.iter().position(|c| *c == card) {
            hand.remove(i);
        }
    }

    /// `attacker` (with whatever sits on it) drops onto `victim`: a smaller attacker hobbles it,
    /// a larger one traps it, one of the same size kills it and takes its place. A hobbled
    /// victim first has whatever sits on it tipped off, each pyramid upright on its own, as a TIP
    /// does: the attacker drops onto the victim itself (`docs/high-ground.md`).
    fn attack(&mut self, attacker: PieceId, victim: PieceId) {
        let group = self.pyramids.lift(attacker);
        self.pyramids.tip(victim);
        if attacker.size() == victim.size() {
            let Some(pos) = self.pyramids.pos_of(victim) else {
                return;
            };
            let below = self.pyramids.below(victim);
            self.kill(victim);
            match below {
                Some(b) => self.pyramids.drop_onto(b, group),
                None => self.pyramids.place(pos, group),
            }
        } else {
            self.pyramids.drop_onto(victim, group);
        }
        // Only now: the attacker was off the board while it fell.
        self.check_annihilation();
    }

    /// Removes `victim` from play (the caller checks whether that ends the game).
    fn kill(&mut self, victim: PieceId) {
        if self.pyramids.take(victim) {
            self.removed.push(victim);
            self.removed.sort();
            self.quiet = 0;
        }
    }
}
