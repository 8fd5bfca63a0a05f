//! Turns the effect tree of a card into a [`Program`], checking everything that can be checked
//! before play: names bound before use, marks and arrows the pattern really has, references to the
//! summoned piece only where there is one, and limits on slots and loops.
//!
//! This file lowers the steps and their control flow; `moves` lowers a run of moves and
//! `operands` what steps act on (selectors, areas, conditions).

mod moves;
mod operands;

pub use operands::{ranks, static_squares};

use super::language::{self, *};
use crate::tashkalar::engine::board::Rank;
use crate::tashkalar::engine::effect::program::{self, *};
use moves::MoveRules;

/// What the effect may refer to.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    /// A summoned piece and its placement exist (false for flares and thawed frozen effects).
    pub has_being: bool,
    /// Highest mark number in the pattern.
    pub max_mark: u8,
    pub has_arrows: bool,
    /// The card has a warp effect (Etherweave): `CopyWarp(This)` and `WarpPlayed` need one.
    pub has_warp: bool,
}

/// The most steps one effect may take (see [`work`]). The longest built-in effect takes 83
/// (`cargo test --lib max_work_of_the_built_in_cards` prints it); a card that could take
/// more than this many is refused when it is loaded, since every bot that looks ahead tries
/// each way through an effect (nested repeats of 255 made one summoning 255^4 steps: `legal`
/// took minutes and the screen froze).
pub const MAX_WORK: u64 = 1_000;

/// The most steps (choices, moves, actions on pieces) one run of an effect can take: a
/// sequence adds, a choice of branches takes the longest, a `Repeat` multiplies its body by
/// its count, `ForEachColour` by four colours, a run of moves counts its moves (81, the
/// squares of the grid, for a run without a number, which must end by itself). Saturating, so
/// that any nesting is a number.
pub fn work(steps: &[Step]) -> u64 {
    steps.iter().map(step_work).fold(0u64, u64::saturating_add)
}

fn step_work(step: &Step) -> u64 {
    match step {
        Step::May(steps) | Step::If(_, steps) | Step::Linked(steps) => work(steps),
        Step::Either(branches) => branches.iter().map(|(_, s)| work(s)).max().unwrap_or(0),
        Step::IfElse(_, yes, no) => work(yes).max(work(no)),
        Step::Repeat(Times::UpTo(n) | Times::Exactly(n), body) => {
            u64::from(*n).saturating_mul(work(body))
        }
        Step::ForEachColour(_, _, body) => 4u64.saturating_mul(work(body)),
        Step::Move { count, .. } => match count {
            Count::UpTo(n) | Count::Exactly(n) => u64::from(*n),
            Count::Unlimited | Count::AllTheWay => 81,
        },
        _ => 1,
    }
}

/// Refuses an effect that may take more than [`MAX_WORK`] steps.
fn check_work(steps: &[Step]) -> Result<(), String> {
    let work = work(steps);
    if work > MAX_WORK {
        return Err(format!(
            "it may take {} steps, more than the {MAX_WORK} one effect may take (repeats \
             multiply what they repeat): use smaller counts",
            if work == u64::MAX {
                "endless".to_string()
            } else {
                work.to_string()
            }
        ));
    }
    Ok(())
}

/// Compiles an effect, or says what is wrong with it.
pub fn compile(steps: &[Step], ctx: Context) -> Result<Program, String> {
    check_work(steps)?;
    let mut c = Compiler::new(ctx);
    c.block(steps, None)?;
    c.finish()
}

/// Compiles a flare: the upper half runs if it qualified, then the lower half.
pub fn compile_flare(upper: &[Step], lower: &[Step]) -> Result<Program, String> {
    let ctx = Context {
        has_being: false,
        max_mark: 0,
        has_arrows: false,
        has_warp: false,
    };
    // The two halves may both run.
    check_work(&[Step::May(upper.to_vec()), Step::May(lower.to_vec())])?;
    let mut c = Compiler::new(ctx);
    for (bit, steps) in [(1u8, upper), (2u8, lower)] {
        let end = c.label();
        c.emit(Op::Unless {
            cond: CCond::FlareHalf(bit),
            to: end,
        });
        c.block(steps, None)
            .map_err(|e| format!("{} half: {e}", if bit == 1 { "upper" } else { "lower" }))?;
        c.bind(end);
    }
    c.finish()
}

/// Label ids are stored in `Pc` fields until `finish` resolves them.
type Label = Pc;

struct Compiler {
    ctx: Context,
    ops: Vec<Op>,
    labels: Vec<Option<Pc>>,
    slots: Vec<String>,
    regs: u8,
    /// Inside a `Linked` block (they do not nest).
    linked: bool,
}

impl Compiler {
    fn new(ctx: Context) -> Compiler {
        Compiler {
            ctx,
            ops: Vec::new(),
            labels: Vec::new(),
            slots: Vec::new(),
            regs: 0,
            linked: false,
        }
    }

    fn label(&mut self) -> Label {
        self.labels.push(None);
        (self.labels.len() - 1) as Label
    }

    fn bind(&mut self, label: Label) {
        self.labels[label as usize] = Some(self.ops.len() as Pc);
    }

    fn emit(&mut self, op: Op) {
        self.ops.push(op);
    }

    fn reg(&mut self) -> Result<u8, String> {
        if self.regs as usize >= MAX_REGS {
            return Err(format!("more than {MAX_REGS} nested loops"));
        }
        self.regs += 1;
        Ok(self.regs - 1)
    }

    fn slot_named(&mut self, name: &str) -> Result<SlotId, String> {
        if let Some(i) = self.slots.iter().position(|s| s == name) {
            return Ok(i as SlotId);
        }
        if self.slots.len() >= MAX_SLOTS {
            return Err(format!("more than {MAX_SLOTS} things to remember"));
        }
        self.slots.push(name.to_string());
        Ok((self.slots.len() - 1) as SlotId)
    }

    fn hidden_slot(&mut self) -> Result<SlotId, String> {
        let name = format!("#{}", self.slots.len());
        self.slot_named(&name)
    }

    fn slot_for(&mut self, bind: &Option<String>) -> Result<SlotId, String> {
        match bind {
            Some(name) => self.slot_named(name),
            None => self.hidden_slot(),
        }
    }

    fn lookup(&self, name: &str) -> Result<SlotId, String> {
        self.slots
            .iter()
            .position(|s| s == name)
            .map(|i| i as SlotId)
            .ok_or_else(|| format!("`{name}` is used before anything is bound to it"))
    }

    fn finish(mut self) -> Result<Program, String> {
        let labels = self.labels;
        let end = self.ops.len() as Pc;
        let resolve = |pc: &mut Pc| {
            *pc = labels[*pc as usize].unwrap_or(end);
        };
        for op in &mut self.ops {
            match op {
                Op::Jump(to) => resolve(to),
                Op::Unless { to, .. } => resolve(to),
                Op::LoopNext { exit, .. }
                | Op::ColourLoopNext { exit, .. }
                | Op::StopCheck { exit, .. } => resolve(exit),
                Op::Confirm { skip } => resolve(skip),
                Op::Branch { targets, skip, .. } => {
                    targets.iter_mut().for_each(resolve);
                    resolve(skip)
                }
                Op::Pick { skip, .. }
                | Op::PlacePick { skip, .. }
                | Op::MoveStep { skip, .. }
                | Op::ChooseDir { skip, .. }
                | Op::ChooseEnemy { skip, .. }
                | Op::MoveCard { skip, .. }
                | Op::Release { skip, .. } => resolve(skip),
                Op::LinkStart { end } => resolve(end),
                Op::LoopInit { .. }
                | Op::ColourLoopInit { .. }
                | Op::ActOn { .. }
                | Op::ActAll { .. }
                | Op::PlaceAt { .. }
                | Op::Gain(_)
                | Op::OpponentsLose(_)
                | Op::ExtraTurn
                | Op::DrawExtra { .. }
                | Op::BorrowNext
                | Op::LinkEnd
                | Op::CountAsLegend
                | Op::CountDestroyedAgain
                | Op::SpendAction { .. }
                | Op::SummonWith { .. }
                | Op::VoidSquares(_)
                | Op::CopyWarp { .. }
                | Op::CardFx(_) => {}
            }
        }
        Ok(Program {
            ops: self.ops,
            slot_names: self.slots,
        })
    }

    /// Whether a step begins with a choice that can carry a "skip" for an enclosing `May`.
    fn takes_optional(step: &Step) -> bool {
        match step {
            Step::Choose { .. } | Step::ChooseDir { .. } | Step::Either(_) => true,
            Step::Recover { .. } | Step::DiscardFlare { .. } | Step::Refreeze { .. } => true,
            Step::DiscardPending { .. } | Step::ReturnPending { .. } | Step::DiscardCard { .. } => {
                true
            }
            Step::CopyWarp(WarpFrom::Discard) | Step::Release { .. } => true,
            Step::Destroy { target, .. }
            | Step::Upgrade { target, .. }
            | Step::Downgrade { target, .. }
            | Step::Convert { target, .. }
            | Step::MakeGateway { target, .. }
            | Step::Hold { target, .. } => matches!(target, Target::Pick(_)),
            Step::Place { at, .. } => matches!(at, Target::Pick(_)),
            Step::Move { .. } => true,
            _ => false,
        }
    }

    /// Compiles a sequence. With `skip`, the first choice may be declined, which jumps to `skip`.
    fn block(&mut self, steps: &[Step], skip: Option<Label>) -> Result<(), String> {
        for (i, step) in steps.iter().enumerate() {
            let opt = if i == 0 { skip } else { None };
            match opt {
                Some(label) if !Self::takes_optional(step) => {
                    self.emit(Op::Confirm { skip: label });
                    self.step(step, None)?;
                }
                // A run of moves can carry the skip only when nothing follows it in the block.
                Some(label) if matches!(step, Step::Move { .. }) && steps.len() > 1 => {
                    self.emit(Op::Confirm { skip: label });
                    self.step(step, None)?;
                }
                _ => self.step(step, opt)?,
            }
        }
        Ok(())
    }

    /// Where a declined or impossible choice continues: the enclosing skip, or just past this step.
    fn skip_or_next(&mut self, opt: Option<Label>) -> (bool, Label, Option<Label>) {
        match opt {
            Some(l) => (true, l, None),
            None => {
                let next = self.label();
                (false, next, Some(next))
            }
        }
    }

    fn step(&mut self, step: &Step, opt: Option<Label>) -> Result<(), String> {
        match step {
            Step::May(steps) => {
                if steps.is_empty() {
                    return Err("`May` with nothing in it".into());
                }
                let end = self.label();
                self.block(steps, Some(end))?;
                self.bind(end);
            }
            Step::Either(branches) => {
                if branches.len() < 2 {
                    return Err("`Either` needs at least two branches".into());
                }
                let end = self.label();
                let targets: Vec<Label> = branches.iter().map(|_| self.label()).collect();
                let labels = branches.iter().map(|(l, _)| l.clone()).collect();
                self.emit(Op::Branch {
                    labels,
                    targets: targets.clone(),
                    optional: opt.is_some(),
                    skip: opt.unwrap_or(end),
                });
                for ((_, steps), target) in branches.iter().zip(targets) {
                    self.bind(target);
                    self.block(steps, None)?;
                    self.emit(Op::Jump(end));
                }
                self.bind(end);
            }
            Step::If(cond, steps) => {
                let end = self.label();
                let cond = self.cond(cond)?;
                self.emit(Op::Unless { cond, to: end });
                self.block(steps, None)?;
                self.bind(end);
            }
            Step::IfElse(cond, yes, no) => {
                let other = self.label();
                let end = self.label();
                let cond = self.cond(cond)?;
                self.emit(Op::Unless { cond, to: other });
                self.block(yes, None)?;
                self.emit(Op::Jump(end));
                self.bind(other);
                self.block(no, None)?;
                self.bind(end);
            }
            Step::Repeat(times, body) => {
                let (n, optional) = match *times {
                    Times::UpTo(n) => (n, true),
                    Times::Exactly(n) => (n, false),
                };
                let reg = self.reg()?;
                let top = self.label();
                let exit = self.label();
                self.emit(Op::LoopInit { reg, n });
                self.bind(top);
                self.emit(Op::LoopNext { reg, exit });
                self.block(body, optional.then_some(exit))?;
                self.emit(Op::Jump(top));
                self.bind(exit);
            }
            Step::ForEachColour(which, name, body) => {
                let slot = self.slot_named(name)?;
                let reg = self.reg()?;
                let top = self.label();
                let exit = self.label();
                let which = match which {
                    language::Colours::All => program::Colours::All,
                    language::Colours::Enemies => program::Colours::Enemies,
                };
                self.emit(Op::ColourLoopInit { reg, which });
                self.bind(top);
                self.emit(Op::ColourLoopNext { reg, slot, exit });
                self.block(body, None)?;
                self.emit(Op::Jump(top));
                self.bind(exit);
            }
            Step::Choose { pick, bind } => {
                let sel = self.sel(pick)?;
                let slot = self.slot_named(bind)?;
                let (optional, skip, next) = self.skip_or_next(opt);
                self.emit(Op::Pick {
                    sel,
                    act: None,
                    slot,
                    optional,
                    skip,
                });
                self.bind_opt(next);
            }
            Step::ChooseDir { from, bind } => {
                let dirs = self.dirs(from)?;
                let slot = self.slot_named(bind)?;
                let (optional, skip, next) = self.skip_or_next(opt);
                self.emit(Op::ChooseDir {
                    dirs,
                    slot,
                    optional,
                    skip,
                });
                self.bind_opt(next);
            }
            Step::ChooseEnemy { bind } => {
                let slot = self.slot_named(bind)?;
                let next = self.label();
                self.emit(Op::ChooseEnemy {
                    slot,
                    optional: false,
                    skip: next,
                });
                self.bind(next);
            }
            Step::Destroy {
                target,
                bind,
                counts_as,
                remove,
                credit,
            } => {
                let act = Act::Destroy {
                    counts_as: *counts_as,
                    remove: *remove,
                    credit: *credit,
                };
                self.act(target, act, bind, opt)?;
            }
            Step::Upgrade { target, bind } => self.act(target, Act::Upgrade, bind, opt)?,
            Step::Downgrade { target, bind } => self.act(target, Act::Downgrade, bind, opt)?,
            Step::Convert {
                target,
                to,
                rank,
                bind,
            } => {
                let to = self.side(to)?;
                self.act(target, Act::Convert { to, rank: *rank }, bind, opt)?;
            }
            Step::Place {
                at,
                owner,
                rank,
                bind,
            } => {
                let side = self.side(owner)?;
                let rank = match rank {
                    PlaceRank::Common => CPlaceRank::Fixed(Rank::Common),
                    PlaceRank::Heroic => CPlaceRank::Fixed(Rank::Heroic),
                    PlaceRank::Legendary => CPlaceRank::Fixed(Rank::Legendary),
                    PlaceRank::AnyRank => CPlaceRank::AnyRank,
                    PlaceRank::SameAs(r) => CPlaceRank::SameAs(self.cref(r)?),
                };
                let slot = self.slot_for(bind)?;
                match at {
                    Target::Pick(sel) => {
                        let sel = self.sel(sel)?;
                        let (optional, skip, next) = self.skip_or_next(opt);
                        self.emit(Op::PlacePick {
                            sel,
                            side,
                            rank,
                            slot,
                            optional,
                            skip,
                        });
                        self.bind_opt(next);
                    }
                    Target::Being => {
                        self.need_being("`Place` at the summoned piece")?;
                        self.emit(Op::PlaceAt {
                            at: CRef::Being,
                            side,
                            rank,
                            slot,
                        })
                    }
                    Target::Var(name) => {
                        let at = CRef::Slot(self.lookup(name)?);
                        if rank == CPlaceRank::AnyRank {
                            return Err("`Place` at a bound square needs a fixed rank".into());
                        }
                        self.emit(Op::PlaceAt {
                            at,
                            side,
                            rank,
                            slot,
                        })
                    }
                    Target::Gateway => {
                        return Err("`Place` needs an empty square, not the Gateway".into());
                    }
                    Target::All(_) => return Err("`Place` cannot target `All`".into()),
                }
            }
            Step::Move {
                who,
                kind,
                leap,
                dir,
                onto,
                count,
                stop,
                each_once,
                per_colour,
                or,
                bind,
            } => {
                let spec = MoveRules {
                    leap: *leap,
                    dir,
                    onto,
                    each_once: *each_once,
                    per_colour: *per_colour,
                };
                self.moves(who, *kind, spec, *count, *stop, or, bind, opt)?;
            }
            Step::Gain(n) => self.emit(Op::Gain(*n)),
            Step::OpponentsLose(n) => self.emit(Op::OpponentsLose(*n)),
            Step::ExtraTurn => self.emit(Op::ExtraTurn),
            Step::DrawExtra { deck, legends } => self.emit(Op::DrawExtra {
                deck: *deck,
                legends: *legends,
            }),
            Step::BorrowNext => self.emit(Op::BorrowNext),
            Step::Recover { bind } => self.move_card(CardMove::Recover, bind, opt)?,
            Step::DiscardFlare { bind } => self.move_card(CardMove::DiscardFlare, bind, opt)?,
            Step::Refreeze { bind } => self.move_card(CardMove::Refreeze, bind, opt)?,
            Step::Linked(steps) => {
                if steps.is_empty() {
                    return Err("`Linked` with nothing in it".into());
                }
                if self.linked {
                    return Err("`Linked` blocks do not nest".into());
                }
                if opt.is_some() {
                    return Err("a `Linked` block cannot be the first step of a `May`".into());
                }
                let end = self.label();
                self.emit(Op::LinkStart { end });
                self.linked = true;
                self.block(steps, None)?;
                self.linked = false;
                self.bind(end);
                self.emit(Op::LinkEnd);
            }
            Step::MakeGateway { target, bind } => self.act(target, Act::MakeGateway, bind, opt)?,
            Step::Hold { target, bind } => self.act(target, Act::Hold, bind, opt)?,
            Step::CountAsLegend => self.emit(Op::CountAsLegend),
            Step::CountDestroyedAgain => self.emit(Op::CountDestroyedAgain),
            Step::SpendAction { bind } => {
                let slot = self.slot_for(bind)?;
                self.emit(Op::SpendAction { slot });
            }
            Step::SummonWith(name) => {
                let slot = self.lookup(name)?;
                self.emit(Op::SummonWith { slot });
            }
            Step::VoidSquares(n) => self.emit(Op::VoidSquares(*n)),
            Step::CopyWarp(_) if self.linked => {
                return Err("a `Linked` block cannot copy a warp effect".into());
            }
            Step::CopyWarp(from) => match from {
                WarpFrom::Pending => self.emit(Op::CopyWarp {
                    from: WarpSource::Pending,
                }),
                WarpFrom::This => {
                    if !self.ctx.has_warp {
                        return Err("`CopyWarp(This)` on a card without a warp effect".into());
                    }
                    self.emit(Op::CopyWarp {
                        from: WarpSource::This,
                    })
                }
                WarpFrom::Discard => self.move_card(CardMove::CopyWarp, &None, opt)?,
            },
            Step::DiscardPending { bind } => self.move_card(CardMove::DiscardPending, bind, opt)?,
            Step::ReturnPending { bind } => self.move_card(CardMove::ReturnPending, bind, opt)?,
            Step::DiscardCard { bind } => self.move_card(CardMove::DiscardCard, bind, opt)?,
            Step::DiscardHand(HandCards::Legends) => self.emit(Op::CardFx(CardFx::DiscardLegends)),
            Step::ThisCardToDeckBottom => {
                self.need_being("a card to put under the deck")?;
                self.emit(Op::CardFx(CardFx::ThisToDeckBottom))
            }
            Step::TopDiscardToDeck => self.emit(Op::CardFx(CardFx::TopDiscardToDeck)),
            Step::Release { kind, area, bind } => {
                let kind = Self::kind(*kind);
                if kind == CMoveKind::Swap || matches!(kind, CMoveKind::Budget { .. }) {
                    return Err("`Release` is a standard or combat leap".into());
                }
                let areas = area
                    .iter()
                    .map(|a| self.area(a))
                    .collect::<Result<Vec<_>, _>>()?;
                let slot = self.slot_for(bind)?;
                let (optional, skip, next) = self.skip_or_next(opt);
                self.emit(Op::Release {
                    kind,
                    areas,
                    slot,
                    optional,
                    skip,
                });
                self.bind_opt(next);
            }
        }
        Ok(())
    }

    /// A card move (always optional), counted in the slot named by `bind`.
    fn move_card(
        &mut self,
        kind: CardMove,
        bind: &Option<String>,
        opt: Option<Label>,
    ) -> Result<(), String> {
        let slot = self.slot_for(bind)?;
        let skip = self.optional_end(opt);
        self.emit(Op::MoveCard {
            kind,
            slot,
            skip: skip.0,
        });
        self.bind_opt(skip.1);
        Ok(())
    }

    /// For steps that are always optional: the enclosing skip, or a fresh label bound after the step.
    fn optional_end(&mut self, opt: Option<Label>) -> (Label, Option<Label>) {
        match opt {
            Some(l) => (l, None),
            None => {
                let l = self.label();
                (l, Some(l))
            }
        }
    }

    fn bind_opt(&mut self, label: Option<Label>) {
        if let Some(l) = label {
            self.bind(l);
        }
    }

    fn side(&mut self, side: &Side) -> Result<CSide, String> {
        Ok(match side {
            Side::Me => CSide::Me,
            Side::Colour(name) => CSide::Colour(self.lookup(name)?),
            Side::Enemy => {
                // An implicit colour choice, answered automatically when there is one enemy.
                let slot = self.hidden_slot()?;
                let next = self.label();
                self.emit(Op::ChooseEnemy {
                    slot,
                    optional: false,
                    skip: next,
                });
                self.bind(next);
                CSide::Colour(slot)
            }
        })
    }

    fn act(
        &mut self,
        target: &Target,
        act: Act,
        bind: &Option<String>,
        opt: Option<Label>,
    ) -> Result<(), String> {
        match target {
            Target::Being => {
                self.need_being("the summoned piece")?;
                let slot = self.slot_for(bind)?;
                self.emit(Op::ActOn {
                    target: CRef::Being,
                    act,
                    slot,
                });
            }
            Target::Var(name) => {
                let target = CRef::Slot(self.lookup(name)?);
                let slot = self.slot_for(bind)?;
                self.emit(Op::ActOn { target, act, slot });
            }
            Target::Gateway => {
                let slot = self.slot_for(bind)?;
                self.emit(Op::ActOn {
                    target: CRef::Gateway,
                    act,
                    slot,
                });
            }
            Target::Pick(sel) => {
                let sel = self.sel(sel)?;
                let slot = self.slot_for(bind)?;
                let (optional, skip, next) = self.skip_or_next(opt);
                self.emit(Op::Pick {
                    sel,
                    act: Some(act),
                    slot,
                    optional,
                    skip,
                });
                self.bind_opt(next);
            }
            Target::All(sel) => {
                let sel = self.sel(sel)?;
                let slot = self.slot_for(bind)?;
                self.emit(Op::ActAll { sel, act, slot });
            }
        }
        Ok(())
    }
}
