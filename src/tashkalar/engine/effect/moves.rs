//! Moves and leaps inside effects: which pieces may move where, and doing one move of a run.

use super::program::*;
use super::run::{EffectRun, Slot};
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{RankSet, arena};
use crate::tashkalar::engine::decision::Choice;
use crate::tashkalar::engine::square::Square;
use crate::tashkalar::engine::state::GameState;

impl GameState {
    /// Squares of the pieces a mover alternative may move now.
    fn mover_squares(&self, run: &EffectRun, who: &CWho, slot: &Slot, each_once: bool) -> Bitboard {
        let bb = match who {
            CWho::Being => run.being.map(Bitboard::from_square).unwrap_or_default(),
            CWho::Slot(s) => run.slots[*s as usize]
                .square
                .map(Bitboard::from_square)
                .unwrap_or_default(),
            CWho::Pick(sel) => self.sel_squares(run, sel) & self.board.occupied(),
            CWho::Gateway => self
                .seat(self.turn.seat)
                .gateway
                .map(Bitboard::from_square)
                .unwrap_or_default(),
        };
        if each_once { bb - slot.set } else { bb }
    }

    /// Drops movers of colours that made their share of the run's moves already.
    fn within_colour_share(&self, spec: &MoveSpec, slot: &Slot, bb: Bitboard) -> Bitboard {
        let Some(limit) = spec.per_colour else {
            return bb;
        };
        let mut out = bb;
        for c in self.colour_ids() {
            if slot.by_colour[c.index()] >= limit {
                out = out - self.board.colour(c);
            }
        }
        out
    }

    /// Directions the next move of the run may take.
    fn allowed_dirs(&self, run: &EffectRun, rule: CDirRule, slot: &Slot) -> u8 {
        match (rule, slot.dir) {
            (CDirRule::Free, _) => 0xff,
            (CDirRule::Straight(d) | CDirRule::Turning(d), None) => self.dir_mask(run, d),
            (CDirRule::Straight(_), Some(last)) => 1 << last.index(),
            (CDirRule::Turning(_), Some(last)) => {
                (1 << last.index()) | (1 << last.turn(1).index()) | (1 << last.turn(-1).index())
            }
        }
    }

    /// Where the piece on `from` may go with this kind of move (`None` kind = either, for budgets).
    fn destinations(
        &self,
        run: &EffectRun,
        spec: &MoveSpec,
        slot: &Slot,
        from: Square,
        kind: CMoveKind,
    ) -> Bitboard {
        let Some(piece) = self.board.get(from) else {
            return Bitboard::EMPTY;
        };
        let origin = Bitboard::from_square(from);
        let mut dest = match spec.leap {
            CLeap::No => Bitboard::steps_from(from, self.allowed_dirs(run, spec.dir, slot)),
            CLeap::Anywhere => arena::PLAYABLE - origin,
            CLeap::Exactly(n) => {
                let mut inner = origin;
                for _ in 1..n {
                    inner = inner.grow();
                }
                inner.grow() - inner
            }
            CLeap::Within(n) => {
                let mut grown = origin;
                for _ in 0..n {
                    grown = grown.grow();
                }
                grown - origin
            }
        } & arena::PLAYABLE;
        let empty = self.board.empty_squares();
        let below = self
            .board
            .ranks(RankSet(RankSet::at_least(piece.rank).0 ^ 0b111));
        let same_or_below = below | self.board.rank(piece.rank);
        dest &= match kind {
            CMoveKind::Standard => empty | below,
            CMoveKind::Combat => empty | same_or_below,
            CMoveKind::Budget { standard, combat } => {
                let mut ok = Bitboard::EMPTY;
                if slot.used_standard < standard {
                    ok |= empty | below;
                }
                if slot.used_combat < combat {
                    ok |= empty | same_or_below;
                }
                ok
            }
            CMoveKind::Swap => self.board.occupied(),
        };
        for rule in &spec.onto {
            if dest.is_empty() {
                break;
            }
            dest &= match rule {
                COnto::Empty => empty,
                COnto::Spare(ranks) => empty | self.board.ranks(RankSet(ranks.0 ^ 0b111)),
                COnto::In(area) => self.area_squares(run, area, Some(from)),
                COnto::Closer(r) => match self.ref_square(run, *r) {
                    Some(goal) => {
                        let now = from.distance(goal);
                        Bitboard::from_squares(dest.iter().filter(|sq| sq.distance(goal) < now))
                    }
                    None => Bitboard::EMPTY,
                },
                COnto::Holding(sel) => self.pieces_matching(run, sel, Some(from)),
                COnto::SameRank => self.board.rank(piece.rank),
            };
        }
        dest
    }

    /// Every legal move of the next step of a run.
    pub(crate) fn move_choices(
        &self,
        run: &EffectRun,
        spec: &MoveSpec,
        slot: &Slot,
        out: &mut Vec<Choice>,
    ) {
        // A piece offered by several movers (Master of Intrigue) may go wherever any of them allows.
        let froms: Vec<Bitboard> = spec
            .movers
            .iter()
            .map(|m| {
                let bb = self.mover_squares(run, &m.who, slot, spec.each_once);
                self.within_colour_share(spec, slot, bb)
            })
            .collect();
        let all = froms.iter().fold(Bitboard::EMPTY, |acc, f| acc | *f);
        for from in all {
            let mut dest = Bitboard::EMPTY;
            for (mover, f) in spec.movers.iter().zip(&froms) {
                if f.contains(from) {
                    dest |= self.destinations(run, spec, slot, from, mover.kind);
                }
            }
            out.extend(dest.iter().map(|to| Choice::Move { from, to }));
        }
    }

    /// Does one move of a run and records it in the run's slot.
    pub(crate) fn apply_move(
        &mut self,
        spec: &MoveSpec,
        slot_id: SlotId,
        from: Square,
        to: Square,
    ) {
        let Some(run) = self.effect.as_ref() else {
            return;
        };
        let slot = run.slots[slot_id as usize];
        let Some(piece) = self.board.get(from) else {
            return;
        };
        // Which mover made the move, and for budgets whether it used the standard or combat allowance.
        let mut kind_used = None;
        for mover in &spec.movers {
            let movers = self.mover_squares(run, &mover.who, &slot, spec.each_once);
            if self.within_colour_share(spec, &slot, movers).contains(from)
                && self
                    .destinations(run, spec, &slot, from, mover.kind)
                    .contains(to)
            {
                kind_used = Some(mover.kind);
                break;
            }
        }
        let Some(kind) = kind_used else { return };
        let combat_used = match kind {
            CMoveKind::Budget { standard, .. } => {
                let target = self.board.get(to).map(|p| p.rank);
                let standard_ok =
                    slot.used_standard < standard && target.is_none_or(|r| r < piece.rank);
                !standard_ok
            }
            _ => false,
        };
        let me = self.me();
        let destroyed = if kind == CMoveKind::Swap {
            self.swap_pieces(from, to);
            None
        } else {
            self.move_piece(from, to)
        };
        let run = self.effect.as_mut().expect("effect");
        let s = &mut run.slots[slot_id as usize];
        s.count = s.count.saturating_add(1);
        s.square = Some(to);
        s.last_square = Some(to);
        s.rank = Some(piece.rank);
        s.colours |= 1 << piece.colour.0;
        s.set.insert(to);
        s.moved = true;
        s.dir = from.direction_to(to);
        s.landed_empty = destroyed.is_none() && kind != CMoveKind::Swap;
        s.by_colour[piece.colour.index()] = s.by_colour[piece.colour.index()].saturating_add(1);
        s.last_destroyed = destroyed.map(|p| p.rank);
        if let Some(p) = destroyed {
            s.destroyed = s.destroyed.saturating_add(1);
            if p.colour != me {
                s.destroyed_enemy = s.destroyed_enemy.saturating_add(1);
            }
        }
        if matches!(kind, CMoveKind::Budget { .. }) {
            if combat_used {
                s.used_combat += 1;
            } else {
                s.used_standard += 1;
            }
        }
    }
}
