//! Evaluating selectors, areas, directions and conditions against the board and an effect in progress.

use super::program::*;
use super::run::EffectRun;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Rank, RankSet, arena};
use crate::tashkalar::engine::square::{Dir, Square};
use crate::tashkalar::engine::state::GameState;

impl GameState {
    /// Bit mask of the colours in play.
    pub(crate) fn all_colours_mask(&self) -> u8 {
        ((1u16 << self.colours()) - 1) as u8
    }

    pub(crate) fn enemy_mask(&self) -> u8 {
        self.all_colours_mask() & !(1 << self.me().0)
    }

    /// Where a reference points now (the summoned piece's square, or a bound square).
    pub(crate) fn ref_square(&self, run: &EffectRun, r: CRef) -> Option<Square> {
        match r {
            CRef::Being => run.being,
            CRef::Slot(s) => {
                let slot = &run.slots[s as usize];
                slot.square.or(slot.last_square)
            }
            CRef::Gateway => self.seat(self.turn.seat).gateway,
        }
    }

    /// Where the referenced piece stands now (`None` once it is gone).
    pub(crate) fn ref_now(&self, run: &EffectRun, r: CRef) -> Option<Square> {
        match r {
            CRef::Being => run.being,
            CRef::Slot(s) => run.slots[s as usize].square,
            CRef::Gateway => self.seat(self.turn.seat).gateway,
        }
    }

    pub(crate) fn dir_mask(&self, run: &EffectRun, d: CDirs) -> u8 {
        match d {
            CDirs::Set(m) => m,
            CDirs::Arrows => run
                .placement(self)
                .map_or(0, |p| p.arrows.iter().fold(0, |m, d| m | 1 << d.index())),
            CDirs::Slot(s) => run.slots[s as usize].dir.map_or(0, |d| 1 << d.index()),
            CDirs::Opposite(s) => run.slots[s as usize]
                .dir
                .map_or(0, |d| 1 << d.turn(4).index()),
        }
    }

    pub(crate) fn owner_mask(&self, run: &EffectRun, o: COwner) -> u8 {
        match o {
            COwner::Any => self.all_colours_mask(),
            COwner::Me => 1 << self.me().0,
            COwner::Enemy => self.enemy_mask(),
            COwner::Colour(s) => run.slots[s as usize].colours,
            COwner::Richer(ranks) => {
                let mine = self.board.count(self.me(), ranks);
                let mut mask = 0;
                for c in self.colour_ids() {
                    if self.enemy_mask() >> c.0 & 1 == 1 && self.board.count(c, ranks) > mine {
                        mask |= 1 << c.0;
                    }
                }
                mask
            }
        }
    }

    /// Pieces of the colours in `mask` with ranks in `ranks`.
    pub(crate) fn pieces_of(&self, mask: u8, ranks: RankSet) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for c in self.colour_ids() {
            if mask >> c.0 & 1 == 1 {
                bb |= self.board.pieces(c, ranks);
            }
        }
        bb
    }

    /// Pieces matching a selector; `lifted` is a square treated as empty (a piece in mid-move).
    pub(crate) fn pieces_matching(
        &self,
        run: &EffectRun,
        s: &CPieceSel,
        lifted: Option<Square>,
    ) -> Bitboard {
        let mut bb = self.pieces_of(self.owner_mask(run, s.owner), s.ranks);
        if let Some(l) = lifted {
            bb.remove(l);
        }
        for a in &s.areas {
            if bb.is_empty() {
                break;
            }
            bb &= self.area_squares(run, a, lifted);
        }
        bb
    }

    /// Squares a pick may choose: pieces for piece selectors, empty squares for `Empty`.
    pub(crate) fn sel_squares(&self, run: &EffectRun, s: &CSel) -> Bitboard {
        match s {
            CSel::Piece(p) => self.pieces_matching(run, p, None),
            CSel::Empty(areas) => {
                let mut bb = self.board.empty_squares();
                for a in areas {
                    bb &= self.area_squares(run, a, None);
                }
                bb
            }
            CSel::OneOf(alts) => alts
                .iter()
                .fold(Bitboard::EMPTY, |acc, a| acc | self.sel_squares(run, a)),
        }
    }

    pub(crate) fn area_squares(
        &self,
        run: &EffectRun,
        a: &CArea,
        lifted: Option<Square>,
    ) -> Bitboard {
        let at = |r: CRef| {
            self.ref_square(run, r)
                .map(Bitboard::from_square)
                .unwrap_or_default()
        };
        let bb = match a {
            CArea::Anywhere => arena::PLAYABLE,
            CArea::At(r) => at(*r),
            CArea::Adjacent(r) => at(*r).ring(),
            CArea::Orthogonal(r) => at(*r).orthogonal_ring(),
            CArea::Diagonal(r) => at(*r).diagonal_ring(),
            CArea::Within(r, n) => {
                let start = at(*r);
                let mut grown = start;
                for _ in 0..*n {
                    grown = grown.grow();
                }
                grown - start
            }
            CArea::Distance(r, n) => {
                let mut inner = at(*r);
                for _ in 1..*n {
                    inner = inner.grow();
                }
                inner.grow() - inner
            }
            CArea::Marked(k) => match (run.placement(self), run.summon) {
                (Some(p), Some(s)) => p.mark_squares(s.target, *k),
                _ => Bitboard::EMPTY,
            },
            CArea::Line {
                from,
                dirs,
                max,
                fan,
            } => {
                let mut bb = Bitboard::EMPTY;
                if let Some(origin) = self.ref_square(run, *from) {
                    let mask = self.dir_mask(run, *dirs);
                    for d in Dir::ALL {
                        if mask >> d.index() & 1 == 0 {
                            continue;
                        }
                        let spread: &[i8] = if *fan { &[-1, 0, 1] } else { &[0] };
                        for &turn in spread {
                            bb |= ray(origin, d.turn(turn), *max);
                        }
                    }
                }
                bb
            }
            CArea::FirstPieces {
                from,
                dirs,
                count,
                stop_at,
            } => {
                let mut bb = Bitboard::EMPTY;
                if let Some(origin) = self.ref_square(run, *from) {
                    let mask = self.dir_mask(run, *dirs);
                    for d in Dir::ALL.into_iter().filter(|d| mask >> d.index() & 1 == 1) {
                        let mut found = 0;
                        for sq in ray_squares(origin, d) {
                            if found >= *count {
                                break;
                            }
                            if Some(sq) == lifted {
                                continue;
                            }
                            if let Some(p) = self.board.get(sq) {
                                if stop_at.contains(p.rank) {
                                    break;
                                }
                                bb.insert(sq);
                                found += 1;
                            }
                        }
                    }
                }
                bb
            }
            CArea::Squares(bb) => *bb,
            CArea::NextToPiece(sel) => self.pieces_matching(run, sel, lifted).ring(),
            CArea::Surrounded { by, at_least } => {
                let by = self.pieces_matching(run, by, lifted);
                let mut bb = Bitboard::EMPTY;
                for sq in arena::PLAYABLE {
                    if (Bitboard::from_square(sq).ring() & by).count() >= *at_least as u32 {
                        bb.insert(sq);
                    }
                }
                bb
            }
            CArea::SummonPieces => run.summon_pieces,
            CArea::Chosen(s) => run.slots[*s as usize].set,
            CArea::Connected(s) => {
                let set = run.slots[*s as usize].set;
                if set.is_empty() {
                    arena::PLAYABLE
                } else {
                    set.ring() - set
                }
            }
            CArea::Mirror(r) => match (run.placement(self), run.summon, self.ref_square(run, *r)) {
                (Some(p), Some(s), Some(sq)) => p
                    .mirror_square(s.target, sq)
                    .map(Bitboard::from_square)
                    .unwrap_or_default(),
                _ => Bitboard::EMPTY,
            },
            CArea::MirrorOf(sel) => match (run.placement(self), run.summon) {
                (Some(p), Some(s)) => Bitboard::from_squares(
                    self.sel_squares(run, sel)
                        .iter()
                        .filter_map(|sq| p.mirror_square(s.target, sq)),
                ),
                _ => Bitboard::EMPTY,
            },
            CArea::Not(inner) => arena::PLAYABLE - self.area_squares(run, inner, lifted),
        };
        bb & arena::PLAYABLE
    }

    /// The rank a reference had last (current if the piece is on the board).
    pub(crate) fn ref_rank(&self, run: &EffectRun, r: CRef) -> Option<Rank> {
        match r {
            CRef::Being => run
                .being
                .and_then(|s| self.board.get(s))
                .map(|p| p.rank)
                .or(run.being_rank),
            CRef::Slot(s) => {
                let slot = &run.slots[s as usize];
                slot.square
                    .and_then(|sq| self.board.get(sq))
                    .map(|p| p.rank)
                    .or(slot.rank)
            }
            CRef::Gateway => self
                .seat(self.turn.seat)
                .gateway
                .and_then(|sq| self.board.get(sq))
                .map(|p| p.rank),
        }
    }

    pub(crate) fn cond(&self, run: &EffectRun, c: &CCond) -> bool {
        let slot = |s: &SlotId| &run.slots[*s as usize];
        match c {
            CCond::Done(s) => slot(s).count > 0,
            CCond::Count(s, n) => slot(s).count >= *n,
            CCond::Destroyed(s, n) => slot(s).destroyed >= *n,
            CCond::DestroyedEnemy(s, n) => slot(s).destroyed_enemy >= *n,
            CCond::SummonDestroyed => run.summon.is_some_and(|s| s.destroyed),
            CCond::SummonDestroyedEnemy => run.summon.is_some_and(|s| s.destroyed_enemy),
            CCond::RankIs(r, ranks) => self.ref_rank(run, *r).is_some_and(|rk| ranks.contains(rk)),
            CCond::On(r, bb) => self.ref_square(run, *r).is_some_and(|sq| bb.contains(sq)),
            CCond::SummonedOn(bb) => run.summon.is_some_and(|s| bb.contains(s.target)),
            CCond::Moved(CRef::Being) => run.being_moved,
            CCond::Moved(CRef::Slot(s)) => slot(s).moved,
            // Refused when cards are loaded: the Gateway's moves are not tracked.
            CCond::Moved(CRef::Gateway) => false,
            CCond::LastAction => self.turn.actions_left == 0,
            CCond::DiscardEmpty => self.seat(self.turn.seat).discard.is_empty(),
            CCond::Exists(sel) => self.sel_squares(run, sel).any(),
            CCond::Empty(r) => self
                .ref_square(run, *r)
                .is_some_and(|sq| self.board.get(sq).is_none()),
            CCond::Not(c) => !self.cond(run, c),
            CCond::And(cs) => cs.iter().all(|c| self.cond(run, c)),
            CCond::Or(cs) => cs.iter().any(|c| self.cond(run, c)),
            CCond::FlareHalf(bit) => run.flare_halves & bit != 0,
            CCond::IsGateway(r) => {
                let gateway = self.seat(self.turn.seat).gateway;
                gateway.is_some() && self.ref_now(run, *r) == gateway
            }
            CCond::DeckEmpty => self.seat(self.turn.seat).deck.is_empty(),
            CCond::InDiscard(name) => self
                .seat(self.turn.seat)
                .discard
                .iter()
                .any(|c| self.db.card(c).name == *name),
            CCond::WarpPlayed => self.turn.warps_played.contains(&Some(run.card)),
        }
    }
}

/// Arena squares from `origin` (exclusive) outwards in a direction, nearest first.
pub(crate) fn ray_squares(origin: Square, d: Dir) -> impl Iterator<Item = Square> {
    std::iter::successors(origin.step(d), move |sq| sq.step(d))
        .take_while(|sq| arena::is_playable(*sq))
}

/// Arena squares from `origin` (exclusive) in a direction, up to `max` steps (0 = to the edge).
pub(crate) fn ray(origin: Square, d: Dir, max: u8) -> Bitboard {
    let limit = if max == 0 { usize::MAX } else { max as usize };
    Bitboard::from_squares(ray_squares(origin, d).take(limit))
}
