//! Lowering the operands of a step: who acts, references, directions, owners, selectors, areas
//! and conditions; and the two that card loading needs outside an effect (`lands` and ranks).

use super::super::language::*;
use super::Compiler;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{RankSet, SquareKind, arena};
use crate::tashkalar::engine::effect::program::*;

impl Compiler {
    pub(super) fn who(&mut self, who: &Target) -> Result<CWho, String> {
        Ok(match who {
            Target::Being => {
                self.need_being("the summoned piece")?;
                CWho::Being
            }
            Target::Var(name) => CWho::Slot(self.lookup(name)?),
            Target::Gateway => CWho::Gateway,
            Target::Pick(sel) => CWho::Pick(self.sel(sel)?),
            Target::All(_) => return Err("a move needs one piece at a time, not `All`".into()),
        })
    }

    pub(super) fn need_being(&self, what: &str) -> Result<(), String> {
        if self.ctx.has_being {
            Ok(())
        } else {
            Err(format!(
                "{what} does not exist here (only a summoning has one)"
            ))
        }
    }

    pub(super) fn cref(&mut self, r: &Ref) -> Result<CRef, String> {
        match r {
            Ref::Being => {
                self.need_being("the summoned piece")?;
                Ok(CRef::Being)
            }
            Ref::Var(name) => Ok(CRef::Slot(self.lookup(name)?)),
            Ref::Gateway => Ok(CRef::Gateway),
        }
    }

    pub(super) fn dirs(&mut self, d: &Dirs) -> Result<CDirs, String> {
        Ok(match d {
            Dirs::Any => CDirs::ANY,
            Dirs::Diagonals => CDirs::DIAGONALS,
            Dirs::Orthogonals => CDirs::ORTHOGONALS,
            Dirs::Arrows => {
                if !self.ctx.has_arrows {
                    return Err("`Arrows` but the pattern has no arrows".into());
                }
                CDirs::Arrows
            }
            Dirs::Var(name) => CDirs::Slot(self.lookup(name)?),
            Dirs::Opposite(name) => CDirs::Opposite(self.lookup(name)?),
        })
    }

    pub(super) fn owner(&mut self, o: &Owner) -> Result<COwner, String> {
        Ok(match o {
            Owner::Any => COwner::Any,
            Owner::Me => COwner::Me,
            Owner::Enemy => COwner::Enemy,
            Owner::Colour(name) => COwner::Colour(self.lookup(name)?),
            Owner::Richer(r) => COwner::Richer(ranks(*r)),
        })
    }

    pub(super) fn piece_sel(&mut self, p: &PieceSel) -> Result<CPieceSel, String> {
        let owner = self.owner(&p.owner)?;
        let areas = p
            .area
            .iter()
            .map(|a| self.area(a))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(CPieceSel {
            owner,
            ranks: ranks(p.rank),
            areas,
        })
    }

    pub(super) fn sel(&mut self, s: &Sel) -> Result<CSel, String> {
        Ok(match s {
            Sel::Piece(p) => CSel::Piece(self.piece_sel(p)?),
            Sel::Empty(areas) => CSel::Empty(
                areas
                    .iter()
                    .map(|a| self.area(a))
                    .collect::<Result<Vec<_>, _>>()?,
            ),
            Sel::OneOf(alts) => {
                if alts.is_empty() {
                    return Err("`OneOf` with no alternatives".into());
                }
                CSel::OneOf(
                    alts.iter()
                        .map(|a| self.sel(a))
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
        })
    }

    pub(super) fn area(&mut self, a: &Area) -> Result<CArea, String> {
        Ok(match a {
            Area::Anywhere => CArea::Anywhere,
            Area::At(r) => CArea::At(self.cref(r)?),
            Area::Adjacent(r) => CArea::Adjacent(self.cref(r)?),
            Area::Orthogonal(r) => CArea::Orthogonal(self.cref(r)?),
            Area::Diagonal(r) => CArea::Diagonal(self.cref(r)?),
            Area::Within(r, n) => CArea::Within(self.cref(r)?, *n),
            Area::Distance(r, n) => CArea::Distance(self.cref(r)?, *n),
            Area::Marked(k) => {
                self.need_being("a marked square")?;
                if *k == 0 || *k > self.ctx.max_mark {
                    return Err(format!("mark {k} is not in the pattern"));
                }
                CArea::Marked(*k)
            }
            Area::Line {
                from,
                dir,
                max,
                fan,
            } => CArea::Line {
                from: self.cref(from)?,
                dirs: self.dirs(dir)?,
                max: *max,
                fan: *fan,
            },
            Area::FirstPieces {
                from,
                dir,
                count,
                stop_at,
            } => CArea::FirstPieces {
                from: self.cref(from)?,
                dirs: self.dirs(dir)?,
                count: *count,
                stop_at: stop_at.map(ranks).unwrap_or(RankSet::NONE),
            },
            Area::On(k) => CArea::Squares(k.squares()),
            Area::NextTo(k) => CArea::Squares(k.squares().ring() & SquareKind::Any.squares()),
            Area::OnOrNextTo(k) => CArea::Squares(k.squares().grow() & SquareKind::Any.squares()),
            Area::NextToPiece(p) => CArea::NextToPiece(Box::new(self.piece_sel(p)?)),
            Area::Surrounded { by, at_least } => CArea::Surrounded {
                by: Box::new(self.piece_sel(by)?),
                at_least: *at_least,
            },
            Area::SummonPieces => {
                self.need_being("the pieces used to summon")?;
                CArea::SummonPieces
            }
            Area::Chosen(name) => CArea::Chosen(self.slot_named(name)?),
            Area::Connected(name) => CArea::Connected(self.slot_named(name)?),
            Area::Mirror(r) => {
                self.need_being("a mirror image")?;
                CArea::Mirror(self.cref(r)?)
            }
            Area::MirrorOf(sel) => {
                self.need_being("a mirror image")?;
                CArea::MirrorOf(Box::new(self.sel(sel)?))
            }
            Area::Not(inner) => CArea::Not(Box::new(self.area(inner)?)),
        })
    }

    pub(super) fn cond(&mut self, c: &Cond) -> Result<CCond, String> {
        Ok(match c {
            Cond::Done(n) => CCond::Done(self.lookup(n)?),
            Cond::Count(n, k) => CCond::Count(self.lookup(n)?, *k),
            Cond::Destroyed(n, k) => CCond::Destroyed(self.lookup(n)?, *k),
            Cond::DestroyedEnemy(n, k) => CCond::DestroyedEnemy(self.lookup(n)?, *k),
            Cond::SummonDestroyed => {
                self.need_being("the summoning")?;
                CCond::SummonDestroyed
            }
            Cond::SummonDestroyedEnemy => {
                self.need_being("the summoning")?;
                CCond::SummonDestroyedEnemy
            }
            Cond::RankIs(r, rs) => CCond::RankIs(self.cref(r)?, ranks(*rs)),
            Cond::On(r, k) => CCond::On(self.cref(r)?, k.squares()),
            Cond::SummonedOn(k) => {
                self.need_being("the summoning square")?;
                CCond::SummonedOn(k.squares())
            }
            Cond::Moved(Ref::Gateway) => {
                return Err("`Moved(Gateway)` is not tracked; name a move with `as`".into());
            }
            Cond::Moved(r) => CCond::Moved(self.cref(r)?),
            Cond::LastAction => CCond::LastAction,
            Cond::DiscardEmpty => CCond::DiscardEmpty,
            Cond::Exists(s) => CCond::Exists(self.sel(s)?),
            Cond::Empty(r) => CCond::Empty(self.cref(r)?),
            Cond::IsGateway(r) => CCond::IsGateway(self.cref(r)?),
            Cond::DeckEmpty => CCond::DeckEmpty,
            Cond::InDiscard(name) => CCond::InDiscard(name.clone()),
            Cond::WarpPlayed => {
                if !self.ctx.has_warp {
                    return Err("`WarpPlayed` on a card without a warp effect".into());
                }
                CCond::WarpPlayed
            }
            Cond::Not(c) => CCond::Not(Box::new(self.cond(c)?)),
            Cond::And(cs) => CCond::And(cs.iter().map(|c| self.cond(c)).collect::<Result<_, _>>()?),
            Cond::Or(cs) => CCond::Or(cs.iter().map(|c| self.cond(c)).collect::<Result<_, _>>()?),
        })
    }
}

/// The squares of areas that do not depend on any piece (colours of the arena), for a being's
/// `lands`: all the areas must hold.
pub fn static_squares(areas: &[Area]) -> Result<Bitboard, String> {
    fn one(a: &Area) -> Result<Bitboard, String> {
        Ok(match a {
            Area::Anywhere => arena::PLAYABLE,
            Area::On(k) => k.squares(),
            Area::NextTo(k) => k.squares().ring() & SquareKind::Any.squares(),
            Area::OnOrNextTo(k) => k.squares().grow() & SquareKind::Any.squares(),
            Area::Not(inner) => arena::PLAYABLE - one(inner)?,
            _ => {
                return Err(
                    "only `Anywhere`, `On`, `NextTo`, `OnOrNextTo` and `Not` of them".into(),
                );
            }
        })
    }
    let mut bb = arena::PLAYABLE;
    for a in areas {
        bb &= one(a)?;
    }
    Ok(bb & arena::PLAYABLE)
}

/// The rank set a selector's `Ranks` stands for.
pub fn ranks(r: Ranks) -> RankSet {
    match r {
        Ranks::Any => RankSet::ALL,
        Ranks::Common => RankSet::COMMON,
        Ranks::Heroic => RankSet::HEROIC,
        Ranks::Legendary => RankSet::LEGENDARY,
        Ranks::Upgraded => RankSet::UPGRADED,
        Ranks::NonLegendary => RankSet::NON_LEGENDARY,
    }
}
