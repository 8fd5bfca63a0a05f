//! Summoning: where each card in hand can be summoned, piece shortage, and the combat leap onto the
//! summoning square that starts the being's effect.

use super::bitboard::Bitboard;
use super::board::{Colour, Rank, RankSet, arena};
use super::cards::CardId;
use super::cards::CardKind;
use super::decision::Choice;
use super::effect::run::{EffectRun, Source, SummonRecord};
use super::pattern::{
    PiecesAtLeast, Placement, TargetRule, match_targets_borrowing, match_targets_now_and_near,
    match_targets_void, match_targets_within,
};
use super::pieces::Removal;
use super::square::Square;
use super::state::{Event, GameState, HandKind, PendingSummon, Phase, Seat};

/// How far the cards in a seat's hand are from being summoned: see
/// [`GameState::pattern_progress`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PatternProgress {
    /// Cards its pieces could summon now.
    pub ready: u32,
    /// Cards one more common piece would make summonable.
    pub near: u32,
}

/// Pieces that every summoning of one decision looks at.
struct SummonContext {
    own: PiecesAtLeast,
    borrow_mask: u8,
    borrowable: PiecesAtLeast,
    /// Empty squares that may stand for common pattern pieces (Void Summoner), and how many.
    voids: u8,
}

impl GameState {
    /// Pieces of `me` by minimum rank, as pattern cells see them.
    fn pieces_at_least(&self, me: Colour) -> PiecesAtLeast {
        [
            self.board.colour(me),
            self.board.pieces(me, RankSet::UPGRADED),
            self.board.pieces(me, RankSet::LEGENDARY),
        ]
    }

    /// Enemy colours whose pieces the next summoning may use as its own (bit per colour).
    pub fn borrowable_colours(&self) -> u8 {
        // A possessed summoning already uses that colour's pieces.
        let possessed = self.turn.possessed.map_or(0, |c| 1 << c.0);
        if self.turn.borrow {
            return self.enemy_mask() & !possessed;
        }
        if self.is_melee() {
            self.enemy_mask() & !self.seat(self.turn.seat).improvised & !possessed
        } else {
            0
        }
    }

    /// The colour whose pieces the next summoning's pattern uses (Possessed Summoner).
    pub fn pattern_colour(&self) -> Colour {
        self.turn.possessed.unwrap_or_else(|| self.me())
    }

    /// Every legal summoning of every card in hand.
    pub fn summon_choices_for_hand(&self, out: &mut Vec<Choice>) {
        let seat = self.turn.seat;
        let ctx = self.summon_context();
        for card in self.seat(seat).hand.iter() {
            if HandKind::of(self.db.card(card).kind) != HandKind::Flare {
                self.summon_choices_with(&ctx, card, out);
            }
        }
    }

    /// What every summoning this decision shares: own pieces and borrowable enemy pieces by rank.
    fn summon_context(&self) -> SummonContext {
        let borrow_mask = self.borrowable_colours();
        let borrowable = if borrow_mask == 0 {
            [Bitboard::EMPTY; 3]
        } else {
            [
                self.pieces_of(borrow_mask, RankSet::ALL),
                self.pieces_of(borrow_mask, RankSet::UPGRADED),
                self.pieces_of(borrow_mask, RankSet::LEGENDARY),
            ]
        };
        SummonContext {
            own: self.pieces_at_least(self.pattern_colour()),
            borrow_mask,
            borrowable,
            voids: self.turn.void_squares,
        }
    }

    /// The summoning squares among `within` where a placement is matched, counting empty
    /// squares when allowed.
    fn matched(
        &self,
        placement: &Placement,
        own: &PiecesAtLeast,
        voids: u8,
        within: Bitboard,
    ) -> Bitboard {
        if voids == 0 {
            match_targets_within(placement, own, within)
        } else {
            match_targets_void(placement, own, self.board.empty_squares(), voids, within)
        }
    }

    /// Squares where a summoned piece of `rank` may land (before the pattern is considered).
    fn landing_squares(&self, rank: Rank, rule: TargetRule) -> Bitboard {
        self.landing_squares_for(self.pattern_colour(), rank, rule)
    }

    /// Squares where a piece of colour `me` and `rank` may land (before the pattern is considered).
    fn landing_squares_for(&self, me: Colour, rank: Rank, rule: TargetRule) -> Bitboard {
        let not_higher =
            self.board.empty_squares() | self.board.ranks(RankSet(!RankSet::above(rank).0 & 0b111));
        match rule {
            TargetRule::Open => not_higher,
            TargetRule::OwnPiece(min) => not_higher & self.board.pieces(me, RankSet::at_least(min)),
            TargetRule::Detached(lands) => lands & self.board.empty_squares(),
        }
    }

    /// How many of `seat`'s beings and legends in hand its own pieces could summon right now,
    /// and how many more one more common piece on an empty square would make summonable
    /// (ignoring borrowing and piece shortage), each counted no further than `limit`: the
    /// "pattern progress" the search's evaluation uses. The second count is what a placement
    /// sets up for the next action, and the threat an opponent's next turn holds.
    pub fn pattern_progress(&self, seat: Seat, limit: u32) -> PatternProgress {
        self.count_patterns(seat, limit, true)
    }

    /// The first count of [`GameState::pattern_progress`] alone (`greedy`'s evaluation), without
    /// the dearer match that the second needs.
    pub fn summonable_cards(&self, seat: Seat, limit: u32) -> u32 {
        self.count_patterns(seat, limit, false).ready
    }

    fn count_patterns(&self, seat: Seat, limit: u32, near_too: bool) -> PatternProgress {
        let colour = self.colour_of(seat);
        let own = self.pieces_at_least(colour);
        let empty = self.board.empty_squares();
        let short_allowed = usize::from(near_too);
        let mut progress = PatternProgress::default();
        for card in self.seat(seat).hand.iter() {
            let c = self.db.card(card);
            let Some(pattern) = c.pattern.as_ref() else {
                continue;
            };
            if (own[0].count() as usize) + short_allowed < pattern.pieces_needed()
                || (own[1].count() as usize) < pattern.heroic_needed()
            {
                continue;
            }
            let landing = self.landing_squares_for(colour, c.rank, pattern.target);
            // The summoning squares a match must fall on: a detached being lands anywhere it may,
            // wherever its pattern is.
            let within = match pattern.target {
                TargetRule::Detached(_) if landing.any() => arena::PLAYABLE,
                _ => landing,
            };
            if within.is_empty() {
                continue;
            }
            let mut near = false;
            let mut ready = false;
            for p in &pattern.placements {
                // Once one placement is a piece short, the others need only say whether they
                // are matched now: the plain match is the cheaper.
                let (now, one_more) = if near_too && !near {
                    match_targets_now_and_near(p, &own, empty, within)
                } else {
                    (match_targets_within(p, &own, within), Bitboard::EMPTY)
                };
                if now.any() {
                    ready = true;
                    break;
                }
                near |= one_more.any();
            }
            if ready {
                progress.ready = (progress.ready + 1).min(limit);
            } else if near {
                progress.near = (progress.near + 1).min(limit);
            }
        }
        progress
    }

    /// Every legal summoning of one card.
    pub fn summon_choices_for(&self, card: CardId, out: &mut Vec<Choice>) {
        self.summon_choices_with(&self.summon_context(), card, out);
    }

    fn summon_choices_with(&self, ctx: &SummonContext, card: CardId, out: &mut Vec<Choice>) {
        let c = self.db.card(card);
        let Some(pattern) = c.pattern.as_ref() else {
            return;
        };
        let (own, borrow_mask, borrowable) = (&ctx.own, ctx.borrow_mask, &ctx.borrowable);
        let landing = self.landing_squares(c.rank, pattern.target);
        // A lent piece counts as yours everywhere in the pattern, the square that must hold your
        // own piece included: the being is then summoned onto it.
        let lent_landing = match pattern.target {
            TargetRule::OwnPiece(min) if borrow_mask != 0 => {
                self.landing_squares(c.rank, TargetRule::Open)
                    & self.pieces_of(borrow_mask, RankSet::at_least(min))
            }
            _ => Bitboard::EMPTY,
        };
        if landing.is_empty() && lent_landing.is_empty() {
            return;
        }
        // Too few pieces for the pattern: no need to look (one may be borrowed, some may be
        // empty squares).
        let spare = usize::from(borrow_mask != 0) + ctx.voids as usize;
        if (own[0].count() as usize) + spare < pattern.pieces_needed()
            || (own[1].count() as usize) + usize::from(borrow_mask != 0) < pattern.heroic_needed()
        {
            return;
        }
        if let TargetRule::Detached(_) = pattern.target {
            // The pattern anywhere, the being on any allowed square: one placement is enough
            // (the orientation changes nothing but which pieces count as used).
            let Some(i) = pattern
                .placements
                .iter()
                .position(|p| self.matched(p, own, ctx.voids, arena::PLAYABLE).any())
            else {
                return;
            };
            for target in landing {
                let p = PendingSummon {
                    card,
                    target,
                    placement: i as u8,
                    borrow: None,
                };
                if self.piece_available(&p) {
                    out.push(Choice::Summon {
                        card,
                        target,
                        placement: i as u8,
                        borrow: None,
                    });
                }
            }
            return;
        }
        for (i, placement) in pattern.placements.iter().enumerate() {
            for target in self.matched(placement, own, ctx.voids, landing) {
                let p = PendingSummon {
                    card,
                    target,
                    placement: i as u8,
                    borrow: None,
                };
                if self.piece_available(&p) {
                    out.push(Choice::Summon {
                        card,
                        target,
                        placement: i as u8,
                        borrow: None,
                    });
                }
            }
            if borrow_mask == 0 {
                continue;
            }
            for target in match_targets_within(placement, own, lent_landing) {
                let p = PendingSummon {
                    card,
                    target,
                    placement: i as u8,
                    borrow: Some(target),
                };
                if self.piece_available(&p) {
                    out.push(Choice::Summon {
                        card,
                        target,
                        placement: i as u8,
                        borrow: Some(target),
                    });
                }
            }
            for (cell_index, cell) in placement.cells.iter().enumerate() {
                for target in
                    match_targets_borrowing(placement, own, borrowable, cell_index, landing)
                {
                    let Some(borrow) = target.offset(cell.df, cell.dr) else {
                        continue;
                    };
                    let p = PendingSummon {
                        card,
                        target,
                        placement: i as u8,
                        borrow: Some(borrow),
                    };
                    if self.piece_available(&p) {
                        out.push(Choice::Summon {
                            card,
                            target,
                            placement: i as u8,
                            borrow: Some(borrow),
                        });
                    }
                }
            }
        }
    }

    /// Squares of the pieces a summoning uses (its pattern cells).
    fn summon_cells(&self, p: &PendingSummon) -> Bitboard {
        let Some(pattern) = self.db.card(p.card).pattern.as_ref() else {
            return Bitboard::EMPTY;
        };
        let Some(pl) = pattern.placements.get(p.placement as usize) else {
            return Bitboard::EMPTY;
        };
        match pattern.target {
            // The pieces of the first place the pattern is found.
            TargetRule::Detached(_) => {
                let own = self.pieces_at_least(self.pattern_colour());
                self.matched(pl, &own, self.turn.void_squares, arena::PLAYABLE)
                    .first()
                    .map(|anchor| pl.cell_squares(anchor))
                    .unwrap_or_default()
            }
            _ => pl.cell_squares(p.target),
        }
    }

    /// Own pieces of the summoned piece's kind (disc or legendary) that may be taken back for it.
    pub(crate) fn pickup_candidates(&self, p: &PendingSummon) -> Bitboard {
        let pool = Self::pickup_pool(self.db.card(p.card).rank);
        let mut bb = self.board.pieces(self.me(), pool) - self.summon_cells(p);
        // (Under a Void Summoner's effect the pattern may count empty squares; that changes
        // nothing here: only pieces can be taken back.)
        bb.remove(p.target);
        bb
    }

    /// Whether a piece of the right kind can be had: from the supply, from the summoning square, or by
    /// taking one of your pieces back that the pattern does not use.
    fn piece_available(&self, p: &PendingSummon) -> bool {
        let card = self.db.card(p.card);
        let rank = card.rank;
        let me = self.me();
        if self.supply[me.index()].has(rank) {
            return true;
        }
        if let Some(on_target) = self.board.get(p.target)
            && on_target.colour == me
            && on_target.rank.is_disc() == rank.is_disc()
        {
            return true;
        }
        // More such pieces than the pattern's cells and the summoning square could hold: one of
        // them is surely free to take back, without working out which squares the pattern uses.
        let cells = card.pattern.as_ref().map_or(0, |pattern| {
            pattern
                .placements
                .get(p.placement as usize)
                .map_or(0, |pl| pl.cells.len())
        });
        if self.board.pieces(me, Self::pickup_pool(rank)).count() as usize > cells + 1 {
            return true;
        }
        self.pickup_candidates(p).any()
    }

    /// The pieces a summoned piece of `rank` may be taken back from: discs for discs, legendary
    /// pieces for legendary ones.
    fn pickup_pool(rank: Rank) -> RankSet {
        if rank.is_disc() {
            RankSet::NON_LEGENDARY
        } else {
            RankSet::LEGENDARY
        }
    }

    /// A summoning was chosen: take a piece back first if the supply is empty, then summon.
    pub(crate) fn begin_summon(&mut self, p: PendingSummon) {
        let rank = self.db.card(p.card).rank;
        let me = self.me();
        let on_target_own = self
            .board
            .get(p.target)
            .is_some_and(|pc| pc.colour == me && pc.rank.is_disc() == rank.is_disc());
        if !self.supply[me.index()].has(rank) && !on_target_own {
            self.phase = Phase::SummonPickup(p);
            return;
        }
        self.execute_summon(p);
    }

    /// The summoning itself: the piece combat-leaps onto the summoning square, then the effect runs.
    pub(crate) fn execute_summon(&mut self, p: PendingSummon) {
        let seat = self.turn.seat;
        let me = self.me();
        let card = self.db.card(p.card);
        let rank = card.rank;
        let is_legend = card.is_legend();
        self.turn.actions_left = self.turn.actions_left.saturating_sub(1);
        self.seat_mut(seat).hand.remove(p.card);
        if self.seat(seat).pending == Some(p.card) {
            // The pending being is summoned at last.
            self.seat_mut(seat).pending = None;
        }
        // A borrowing permission from an effect (Frostweave Summoner, War Summoner) is for the next
        // summoning only, used or not; otherwise a borrowed piece uses up that colour's
        // improvisation (melee).
        let granted = std::mem::take(&mut self.turn.borrow);
        if let Some(b) = p.borrow
            && !granted
            && let Some(piece) = self.board.get(b)
        {
            self.seat_mut(seat).improvised |= 1 << piece.colour.0;
        }
        let cells = self.summon_cells(&p);
        // A lent piece on the summoning square was used as yours: replacing it is like summoning
        // onto your own piece (it goes back to its owner, credited to nobody).
        let lent_target = p.borrow == Some(p.target);
        let how = if lent_target {
            Removal {
                counts_as: 0,
                remove: false,
            }
        } else {
            Removal::DESTROY
        };
        // Possession and empty squares count for this one summoning only, used or not.
        self.turn.possessed = None;
        self.turn.void_squares = 0;
        let destroyed = if self.board.get(p.target).is_some() {
            self.remove_piece(p.target, how)
        } else {
            None
        };
        self.place_piece(p.target, me, rank);
        self.claim_gateway(seat, p.card, p.target, rank);
        let tally = &mut self.turn.tally;
        if let Some(slot) = tally.summoned_at.iter_mut().find(|s| s.is_none()) {
            *slot = Some(p.target);
        }
        tally.summoned = tally.summoned.saturating_add(1);
        if is_legend {
            tally.legends_summoned = tally.legends_summoned.saturating_add(1);
        }
        self.log(Event::Summoned {
            seat,
            card: p.card,
            square: p.target,
        });
        let mut run = EffectRun::new(p.card, Source::Summon);
        run.being = Some(p.target);
        run.being_rank = Some(rank);
        run.summon = Some(SummonRecord {
            target: p.target,
            placement: p.placement,
            destroyed: destroyed.is_some(),
            destroyed_enemy: !lent_target && destroyed.is_some_and(|d| d.colour != me),
        });
        run.summon_pieces = cells;
        self.phase = Phase::Effect;
        self.start_effect(run);
    }

    /// Nethervoid: a being of a deck with the Gateway becomes its seat's Gateway when the seat has
    /// none, or when it is heroic and the Gateway is a common piece.
    fn claim_gateway(&mut self, seat: Seat, card: CardId, at: Square, rank: Rank) {
        let deck = self.seat(seat).deck_id;
        if !self.db.deck(deck).gateway || self.db.card(card).kind != CardKind::Being(deck) {
            return;
        }
        let takes = match self.seat(seat).gateway {
            None => true,
            Some(sq) => {
                rank == Rank::Heroic && self.board.get(sq).is_some_and(|p| p.rank == Rank::Common)
            }
        };
        if takes
            && self
                .board
                .get(at)
                .is_some_and(|p| p.colour == self.colour_of(seat))
        {
            let st = self.seat_mut(seat);
            st.gateway = Some(at);
            st.gateway_held = false;
            self.log(super::state::Event::Gateway {
                seat,
                square: Some(at),
                held: false,
            });
        }
    }

    /// Whether a square is on the arena and free of pieces (for callers outside the engine).
    pub fn is_empty_square(&self, sq: super::square::Square) -> bool {
        arena::is_playable(sq) && self.board.get(sq).is_none()
    }
}
