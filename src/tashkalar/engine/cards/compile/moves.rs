//! Lowering a run of moves: who moves, how far, in which directions, onto what, and when the
//! run stops.

use super::super::language::*;
use super::{Compiler, Label, ranks};
use crate::tashkalar::engine::effect::program::*;

impl Compiler {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn moves(
        &mut self,
        who: &Target,
        kind: MoveKind,
        rules: MoveRules,
        count: Count,
        stop: Stop,
        or: &[Mover],
        bind: &Option<String>,
        opt: Option<Label>,
    ) -> Result<(), String> {
        let MoveRules {
            leap,
            dir,
            onto,
            each_once,
            per_colour,
        } = rules;
        let mut movers = vec![CMover {
            who: self.who(who)?,
            kind: Self::kind(kind),
        }];
        for m in or {
            movers.push(CMover {
                who: self.who(&m.who)?,
                kind: Self::kind(m.kind),
            });
        }
        let leap = match leap {
            Leap::No => CLeap::No,
            Leap::Anywhere => CLeap::Anywhere,
            Leap::Exactly(n) => CLeap::Exactly(n),
            Leap::Within(n) => CLeap::Within(n),
        };
        let dir = match dir {
            DirRule::Free => CDirRule::Free,
            DirRule::Straight(d) => CDirRule::Straight(self.dirs(d)?),
            DirRule::Turning(d) => CDirRule::Turning(self.dirs(d)?),
        };
        if leap != CLeap::No && dir != CDirRule::Free {
            return Err("a leap cannot follow direction rules".into());
        }
        let onto = onto
            .iter()
            .map(|o| {
                Ok(match o {
                    Onto::Empty => COnto::Empty,
                    Onto::Spare(r) => COnto::Spare(ranks(*r)),
                    Onto::In(a) => COnto::In(self.area(a)?),
                    Onto::Closer(r) => COnto::Closer(self.cref(r)?),
                    Onto::Holding(p) => COnto::Holding(self.piece_sel(p)?),
                    Onto::SameRank => COnto::SameRank,
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let stop = match stop {
            Stop::Never => None,
            Stop::OnEmpty => Some(CStop::OnEmpty),
            Stop::AfterDestroying(r) => Some(CStop::AfterDestroying(ranks(r))),
        };
        // A run without a number must end by itself: along a straight line (the arena's edge
        // stops it), closer to something at every move, or each piece moving once. Otherwise a
        // piece could go back and forth (or leap anywhere) for as long as it likes, and every
        // bot that looks ahead would try each way of doing so.
        if matches!(count, Count::Unlimited | Count::AllTheWay) {
            let straight = matches!(dir, CDirRule::Straight(_));
            let closer = onto.iter().any(|o| matches!(o, COnto::Closer(_)));
            if !(straight || closer || each_once) {
                return Err(
                    "a run of moves without a number could go on without end: give it \
                     `dir: Straight(..)`, `onto: [Closer(..)]` or `each_once: true`, or a count \
                     such as `UpTo(3)`"
                        .into(),
                );
            }
        }
        let slot = self.slot_for(bind)?;
        let spec = Box::new(MoveSpec {
            movers,
            leap,
            dir,
            onto,
            each_once,
            per_colour,
        });
        if per_colour == Some(0) {
            return Err("`per_colour: 0` allows no move".into());
        }
        let (n, optional) = match count {
            Count::UpTo(n) => (n, true),
            Count::Exactly(n) => (n, false),
            Count::Unlimited => (u8::MAX, true),
            Count::AllTheWay => (u8::MAX, false),
        };
        if n == 0 {
            return Err("a run of zero moves".into());
        }
        let exit = self.label();
        let mut remaining = n;
        // The first move is unrolled when it carries an enclosing skip or starts an all-the-way run.
        if opt.is_some() || count == Count::AllTheWay {
            self.emit(Op::MoveStep {
                spec: spec.clone(),
                slot,
                optional: true,
                skip: opt.unwrap_or(exit),
            });
            if let Some(stop) = stop {
                self.emit(Op::StopCheck { slot, stop, exit });
            }
            remaining = if n == u8::MAX { n } else { n - 1 };
        }
        if remaining == 1 {
            self.emit(Op::MoveStep {
                spec,
                slot,
                optional,
                skip: exit,
            });
        } else if remaining > 1 {
            let reg = self.reg()?;
            let top = self.label();
            self.emit(Op::LoopInit { reg, n: remaining });
            self.bind(top);
            self.emit(Op::LoopNext { reg, exit });
            self.emit(Op::MoveStep {
                spec,
                slot,
                optional,
                skip: exit,
            });
            if let Some(stop) = stop {
                self.emit(Op::StopCheck { slot, stop, exit });
            }
            self.emit(Op::Jump(top));
        }
        self.bind(exit);
        Ok(())
    }

    pub(super) fn kind(kind: MoveKind) -> CMoveKind {
        match kind {
            MoveKind::Standard => CMoveKind::Standard,
            MoveKind::Combat => CMoveKind::Combat,
            MoveKind::Budget { standard, combat } => CMoveKind::Budget { standard, combat },
            MoveKind::Swap => CMoveKind::Swap,
        }
    }
}

/// The shape of a run of moves (everything but who moves, how many times and when it stops).
pub(super) struct MoveRules<'a> {
    pub(super) leap: Leap,
    pub(super) dir: &'a DirRule,
    pub(super) onto: &'a [Onto],
    pub(super) each_once: bool,
    pub(super) per_colour: Option<u8>,
}
