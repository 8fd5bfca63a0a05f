//! Compiled effects: a flat list of operations with jumps, so that an effect in progress is just a
//! program counter plus a few registers, cheap to clone and trivially resumable at a choice.

use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Rank, RankSet};
use crate::tashkalar::engine::square::Dir;

/// Index of a binding slot (names from the card are mapped to slots at load time).
pub type SlotId = u8;
/// Index of an operation.
pub type Pc = u16;

/// Most slots a single effect may use.
pub const MAX_SLOTS: usize = 8;
/// Most loop registers a single effect may use.
pub const MAX_REGS: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CRef {
    Being,
    Slot(SlotId),
    /// The acting seat's Gateway.
    Gateway,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum COwner {
    Any,
    Me,
    Enemy,
    /// Colours recorded in a slot.
    Colour(SlotId),
    Richer(RankSet),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CDirs {
    /// A fixed set, bit per [`Dir`] index.
    Set(u8),
    Arrows,
    Slot(SlotId),
    /// The opposite of a slot's direction.
    Opposite(SlotId),
}

impl CDirs {
    pub const ANY: CDirs = CDirs::Set(0xff);
    pub const ORTHOGONALS: CDirs = CDirs::Set(0b0101_0101);
    pub const DIAGONALS: CDirs = CDirs::Set(0b1010_1010);

    pub fn single(d: Dir) -> u8 {
        1 << d.index()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum CArea {
    Anywhere,
    At(CRef),
    Adjacent(CRef),
    Orthogonal(CRef),
    Diagonal(CRef),
    Within(CRef, u8),
    Distance(CRef, u8),
    Marked(u8),
    Line {
        from: CRef,
        dirs: CDirs,
        max: u8,
        fan: bool,
    },
    FirstPieces {
        from: CRef,
        dirs: CDirs,
        count: u8,
        stop_at: RankSet,
    },
    /// A fixed set of arena squares (coloured squares and their neighbourhoods).
    Squares(Bitboard),
    NextToPiece(Box<CPieceSel>),
    Surrounded {
        by: Box<CPieceSel>,
        at_least: u8,
    },
    SummonPieces,
    Chosen(SlotId),
    Connected(SlotId),
    Mirror(CRef),
    /// Squares whose mirror image matches the selector.
    MirrorOf(Box<CSel>),
    Not(Box<CArea>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct CPieceSel {
    pub owner: COwner,
    pub ranks: RankSet,
    pub areas: Vec<CArea>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CSel {
    Piece(CPieceSel),
    Empty(Vec<CArea>),
    OneOf(Vec<CSel>),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CSide {
    Me,
    /// An enemy colour recorded in a slot (filled by an implicit colour choice).
    Colour(SlotId),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CPlaceRank {
    Fixed(Rank),
    AnyRank,
    SameAs(CRef),
}

/// What happens to a picked or referenced piece.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Act {
    Destroy {
        counts_as: u8,
        remove: bool,
        credit: bool,
    },
    Upgrade,
    Downgrade,
    Convert {
        to: CSide,
        rank: Option<Rank>,
    },
    /// Becomes the acting seat's Gateway (own non-legendary pieces only).
    MakeGateway,
    /// Taken off the board and kept on the card (the acting seat holds one piece at most).
    Hold,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CMoveKind {
    Standard,
    Combat,
    Budget { standard: u8, combat: u8 },
    Swap,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CLeap {
    No,
    Anywhere,
    Exactly(u8),
    Within(u8),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CDirRule {
    Free,
    Straight(CDirs),
    Turning(CDirs),
}

#[derive(Clone, Debug, PartialEq)]
pub enum COnto {
    Empty,
    Spare(RankSet),
    In(CArea),
    Closer(CRef),
    Holding(CPieceSel),
    SameRank,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CWho {
    Being,
    Slot(SlotId),
    Pick(CSel),
    Gateway,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CMover {
    pub who: CWho,
    pub kind: CMoveKind,
}

/// One move of a run of moves; the run's history lives in its slot.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveSpec {
    pub movers: Vec<CMover>,
    pub leap: CLeap,
    pub dir: CDirRule,
    pub onto: Vec<COnto>,
    pub each_once: bool,
    /// At most this many moves of the run by pieces of one colour.
    pub per_colour: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CStop {
    OnEmpty,
    AfterDestroying(RankSet),
}

#[derive(Clone, Debug, PartialEq)]
pub enum CCond {
    Done(SlotId),
    Count(SlotId, u8),
    Destroyed(SlotId, u8),
    DestroyedEnemy(SlotId, u8),
    SummonDestroyed,
    SummonDestroyedEnemy,
    RankIs(CRef, RankSet),
    On(CRef, Bitboard),
    SummonedOn(Bitboard),
    Moved(CRef),
    LastAction,
    DiscardEmpty,
    Exists(CSel),
    Empty(CRef),
    Not(Box<CCond>),
    And(Vec<CCond>),
    Or(Vec<CCond>),
    /// Set when a flare half qualified (bit 0 upper, bit 1 lower).
    FlareHalf(u8),
    IsGateway(CRef),
    DeckEmpty,
    /// Checked by name: the named card is validated once every card file is loaded.
    InDiscard(String),
    WarpPlayed,
}

/// What a choice point decides, for prompts and the UI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    Choose,
    Destroy,
    Upgrade,
    Downgrade,
    Convert,
    /// The piece becomes the Gateway.
    Gateway,
    /// The piece is taken off the board onto the card.
    Hold,
    /// A square for the piece kept on the card.
    Release,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colours {
    All,
    Enemies,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    Jump(Pc),
    /// Jump when the condition does not hold.
    Unless {
        cond: CCond,
        to: Pc,
    },
    LoopInit {
        reg: u8,
        n: u8,
    },
    /// Leave the loop when the counter is used up, otherwise count one round.
    LoopNext {
        reg: u8,
        exit: Pc,
    },
    /// Start a loop over colours (remaining colours kept in a register).
    ColourLoopInit {
        reg: u8,
        which: Colours,
    },
    ColourLoopNext {
        reg: u8,
        slot: SlotId,
        exit: Pc,
    },
    /// Ask yes/no; "no" jumps to `skip`.
    Confirm {
        skip: Pc,
    },
    Branch {
        labels: Vec<String>,
        targets: Vec<Pc>,
        optional: bool,
        skip: Pc,
    },
    Pick {
        sel: CSel,
        act: Option<Act>,
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
    ActOn {
        target: CRef,
        act: Act,
        slot: SlotId,
    },
    ActAll {
        sel: CSel,
        act: Act,
        slot: SlotId,
    },
    PlacePick {
        sel: CSel,
        side: CSide,
        rank: CPlaceRank,
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
    PlaceAt {
        at: CRef,
        side: CSide,
        rank: CPlaceRank,
        slot: SlotId,
    },
    MoveStep {
        spec: Box<MoveSpec>,
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
    StopCheck {
        slot: SlotId,
        stop: CStop,
        exit: Pc,
    },
    ChooseDir {
        dirs: CDirs,
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
    ChooseEnemy {
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
    Gain(u8),
    OpponentsLose(u8),
    ExtraTurn,
    DrawExtra {
        deck: u8,
        legends: u8,
    },
    BorrowNext,
    /// The player may move one card (always optional: `skip` declines); the slot counts it.
    MoveCard {
        kind: CardMove,
        slot: SlotId,
        skip: Pc,
    },
    /// Starts a linked block ending at `end` (see `Step::Linked`).
    LinkStart {
        end: Pc,
    },
    LinkEnd,
    CountAsLegend,
    CountDestroyedAgain,
    SpendAction {
        slot: SlotId,
    },
    /// The next summoning uses the colour recorded in the slot.
    SummonWith {
        slot: SlotId,
    },
    VoidSquares(u8),
    /// Runs the pending being's or this card's warp effect (`Discard` copies go through `MoveCard`).
    CopyWarp {
        from: WarpSource,
    },
    /// A card moves without a choice.
    CardFx(CardFx),
    /// The piece kept on the card leaps onto a square (a choice).
    Release {
        kind: CMoveKind,
        areas: Vec<CArea>,
        slot: SlotId,
        optional: bool,
        skip: Pc,
    },
}

/// The warp effect a `CopyWarp` without a choice runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WarpSource {
    Pending,
    This,
}

/// Card moves that need no choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardFx {
    /// This effect's card goes under the deck when the effect ends.
    ThisToDeckBottom,
    /// The top card of the discard pile goes on top of the deck.
    TopDiscardToDeck,
    /// Every legend in the hand goes to the legend discard pile.
    DiscardLegends,
}

/// Where an effect may move a card from and to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardMove {
    /// From the own discard pile to the top of the own deck.
    Recover,
    /// A flare from the hand to the flare discard pile.
    DiscardFlare,
    /// A card with a frozen effect from the own discard pile into play, frozen.
    Refreeze,
    /// The pending being from the hand to the discard pile.
    DiscardPending,
    /// The pending being stays in the hand as an ordinary card.
    ReturnPending,
    /// Any card of the hand (not the pending being) to its discard pile.
    DiscardCard,
    /// Copy the warp effect of a card in the own discard pile (it stays there).
    CopyWarp,
}

impl Op {
    /// Whether this operation stops to ask the player.
    pub fn is_choice(&self) -> bool {
        matches!(
            self,
            Op::Confirm { .. }
                | Op::Branch { .. }
                | Op::Pick { .. }
                | Op::PlacePick { .. }
                | Op::MoveStep { .. }
                | Op::ChooseDir { .. }
                | Op::ChooseEnemy { .. }
                | Op::MoveCard { .. }
                | Op::Release { .. }
        )
    }
}

/// A compiled effect.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Program {
    pub ops: Vec<Op>,
    /// Slot names, for messages.
    pub slot_names: Vec<String>,
}

impl Program {
    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Names of other cards the program's conditions refer to (checked once all cards are loaded).
    pub fn card_names(&self) -> Vec<String> {
        fn walk(c: &CCond, out: &mut Vec<String>) {
            match c {
                CCond::InDiscard(name) => out.push(name.clone()),
                CCond::Not(c) => walk(c, out),
                CCond::And(cs) | CCond::Or(cs) => cs.iter().for_each(|c| walk(c, out)),
                _ => {}
            }
        }
        let mut out = Vec::new();
        for op in &self.ops {
            if let Op::Unless { cond, .. } = op {
                walk(cond, &mut out);
            }
        }
        out
    }
}
