//! The effect language as written in `assets/cards/*.ron`.
//!
//! An effect is a list of [`Step`]s. Steps are composed from three orthogonal parts:
//! *control* (`May`, `Either`, `If`, `Repeat`, `ForEachColour`), *selection* ([`Target`], [`Sel`],
//! [`Area`], [`Owner`], [`Ranks`]) and *actions* (`Destroy`, `Upgrade`, `Move`, `Place`, ...).
//! Anything a step picks or does can be named with `as: "name"` and referred to later with
//! `Var("name")` or in conditions (`Done("name")`, `Destroyed("name", 2)`, ...).
//! `docs/effects.md` is the reference for card authors; `compile` turns this tree into the
//! resumable program the engine runs.

use crate::tashkalar::engine::board::{Rank, SquareKind};
use serde::Deserialize;

/// A piece or square the effect has in hand.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Ref {
    /// The summoned piece (wherever it has moved).
    Being,
    /// A piece, square, direction or colour bound earlier with `as`.
    Var(String),
    /// The acting seat's marked piece (Nethervoid's Gateway), if it has one on the board.
    Gateway,
}

/// Whose pieces a selector accepts.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum Owner {
    #[default]
    Any,
    /// The acting player's colour.
    Me,
    /// Any other colour.
    Enemy,
    /// The colour bound to a name (by `ChooseColour`, `ForEachColour`, or a picked piece's colour).
    Colour(String),
    /// Enemy colours with more pieces of these ranks on the board than the acting colour.
    Richer(Ranks),
}

/// Which ranks a selector accepts.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Default)]
pub enum Ranks {
    #[default]
    Any,
    Common,
    Heroic,
    Legendary,
    /// Heroic or legendary.
    Upgraded,
    /// Common or heroic.
    NonLegendary,
}

/// A set of directions to choose from.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Dirs {
    /// All eight directions.
    Any,
    /// The arrows printed on the card, as placed.
    Arrows,
    Diagonals,
    Orthogonals,
    /// The direction bound to a name (a `ChooseDir`, or the last move of a `Move`).
    Var(String),
    /// The opposite of the direction bound to a name.
    Opposite(String),
}

/// A region of the arena, relative to the summoned piece or to bound things.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Area {
    Anywhere,
    At(Ref),
    /// The eight neighbours.
    Adjacent(Ref),
    Orthogonal(Ref),
    Diagonal(Ref),
    /// Distance 1..=n.
    Within(Ref, u8),
    /// Distance exactly n.
    Distance(Ref, u8),
    /// The pattern's marked squares of this number, as placed.
    Marked(u8),
    /// Squares along rays from a square: up to `max` steps (0 = to the edge), with `fan` also the two
    /// rays at 45 degrees.
    Line {
        from: Ref,
        dir: Dirs,
        #[serde(default)]
        max: u8,
        #[serde(default)]
        fan: bool,
    },
    /// The first `count` pieces along a ray; a piece of a `stop_at` rank ends the ray and is not included.
    FirstPieces {
        from: Ref,
        dir: Dirs,
        count: u8,
        #[serde(default)]
        stop_at: Option<Ranks>,
    },
    On(SquareKind),
    /// Squares next to (not on) a square of this kind.
    NextTo(SquareKind),
    OnOrNextTo(SquareKind),
    /// Squares next to at least one piece matching the selector.
    NextToPiece(PieceSel),
    /// Squares with at least `at_least` neighbours holding pieces matching `by`.
    Surrounded {
        by: PieceSel,
        at_least: u8,
    },
    /// The pieces used to summon this being.
    SummonPieces,
    /// Squares bound so far to a name.
    Chosen(String),
    /// With nothing bound yet: anywhere; otherwise squares next to a square bound to the name and not
    /// bound themselves (grows a connected group).
    Connected(String),
    /// The mirror image of a square across the card's vertical axis through the summoning square.
    Mirror(Ref),
    /// Squares whose mirror image (as for `Mirror`) matches the selector, e.g. `MirrorOf(Empty([]))`:
    /// squares whose mirror square is empty.
    MirrorOf(Box<Sel>),
    Not(Box<Area>),
}

/// Pieces by owner, rank and area (all areas must hold).
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
#[serde(default, rename = "Piece")]
pub struct PieceSel {
    pub owner: Owner,
    pub rank: Ranks,
    pub area: Vec<Area>,
}

/// What a pick may choose.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Sel {
    Piece(PieceSel),
    /// Empty squares in all the given areas.
    Empty(Vec<Area>),
    /// Anything any of the alternatives accepts.
    OneOf(Vec<Sel>),
}

/// What an action applies to.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Target {
    Being,
    Var(String),
    /// The acting seat's Gateway (nothing happens when it has none).
    Gateway,
    /// The player picks one.
    Pick(Sel),
    /// Every match at once.
    All(Sel),
}

/// Rank of a placed piece.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum PlaceRank {
    #[default]
    Common,
    Heroic,
    Legendary,
    /// The player chooses among the ranks available.
    AnyRank,
    /// The rank of a bound piece.
    SameAs(Ref),
}

/// Whose piece to place or convert into.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum Side {
    #[default]
    Me,
    /// An enemy colour (the player chooses which when there are several).
    Enemy,
    /// The colour bound to a name.
    Colour(String),
}

/// Move or leap rules.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum MoveKind {
    /// Onto empty squares or lower ranks.
    Standard,
    /// Onto empty squares or the same or lower rank.
    Combat,
    /// Up to `standard` standard moves and `combat` combat moves in any order.
    Budget { standard: u8, combat: u8 },
    /// Onto a square holding a piece, which takes the mover's square: nothing is destroyed.
    Swap,
}

/// Moves go to a neighbour; leaps anywhere (within limits).
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Default)]
pub enum Leap {
    #[default]
    No,
    Anywhere,
    Exactly(u8),
    Within(u8),
}

/// Direction rules across the moves of one `Move` step.
#[derive(Clone, Debug, Deserialize, PartialEq, Default)]
pub enum DirRule {
    #[default]
    Free,
    /// The first move goes in one of these directions, every later one in the same direction.
    Straight(Dirs),
    /// The first move goes in one of these directions, every later one within 45 degrees of the one before.
    Turning(Dirs),
}

/// Extra limits on where a move may end.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Onto {
    Empty,
    /// Cannot destroy pieces of these ranks.
    Spare(Ranks),
    In(Area),
    /// Strictly closer (king-move distance) to the referenced square than the mover was.
    Closer(Ref),
    /// Onto a square holding a piece that matches the selector.
    Holding(PieceSel),
    /// Onto a square holding a piece of the mover's own rank.
    SameRank,
}

/// How many moves.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum Count {
    UpTo(u8),
    Exactly(u8),
    /// Any number (each one optional).
    Unlimited,
    /// The first move is optional; after it, every possible move is made.
    AllTheWay,
}

/// When a run of moves ends early.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Default)]
pub enum Stop {
    #[default]
    Never,
    /// After a move onto an empty square.
    OnEmpty,
    /// After destroying a piece of these ranks.
    AfterDestroying(Ranks),
}

/// An alternative mover for a `Move` step (Master of Intrigue).
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Mover {
    pub who: Target,
    pub kind: MoveKind,
}

/// How many times a `Repeat` body runs.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum Times {
    UpTo(u8),
    Exactly(u8),
}

/// Which colours a `ForEachColour` visits.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum Colours {
    All,
    Enemies,
}

/// A condition for `If`/`IfElse`.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Cond {
    /// The named step happened at least once.
    Done(String),
    /// The named step happened at least n times.
    Count(String, u8),
    /// The named step destroyed at least n pieces.
    Destroyed(String, u8),
    /// The named step destroyed at least n enemy pieces.
    DestroyedEnemy(String, u8),
    /// Summoning this being destroyed a piece.
    SummonDestroyed,
    SummonDestroyedEnemy,
    /// The referenced piece's rank (its last known rank if it is gone).
    RankIs(Ref, Ranks),
    /// The referenced piece or square is on a square of this kind.
    On(Ref, SquareKind),
    SummonedOn(SquareKind),
    /// The piece has moved during this effect.
    Moved(Ref),
    /// No actions are left this turn.
    LastAction,
    /// The acting player's discard pile is empty.
    DiscardEmpty,
    /// Something matches the selector.
    Exists(Sel),
    /// The referenced square is empty.
    Empty(Ref),
    /// The referenced piece is the acting seat's Gateway.
    IsGateway(Ref),
    /// The acting seat's own deck has no card left.
    DeckEmpty,
    /// A card of this name is in the acting seat's discard pile.
    InDiscard(String),
    /// This card's warp effect was played from the hand this turn (copies do not count).
    WarpPlayed,
    Not(Box<Cond>),
    And(Vec<Cond>),
    Or(Vec<Cond>),
}

/// Whose warp effect a `CopyWarp` runs.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum WarpFrom {
    /// The acting seat's pending being (nothing if it has none, or if it cannot be copied).
    Pending,
    /// A card the player picks from their own discard pile (only cards whose warp can be copied).
    Discard,
    /// This card's own warp effect, played as a normal effect.
    This,
}

/// Which cards of the hand a `DiscardHand` discards.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq)]
pub enum HandCards {
    Legends,
}

/// One step of an effect.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Step {
    /// Optional: the first choice gets a "skip", which skips the whole block.
    May(Vec<Step>),
    /// Choose one labelled branch.
    Either(Vec<(String, Vec<Step>)>),
    If(Cond, Vec<Step>),
    IfElse(Cond, Vec<Step>, Vec<Step>),
    /// Run the body several times; with `UpTo`, each round may be declined.
    Repeat(Times, Vec<Step>),
    /// Run the body once per colour, binding the colour to the name.
    ForEachColour(Colours, String, Vec<Step>),
    /// Pick a piece or square without acting on it yet.
    Choose {
        pick: Sel,
        #[serde(rename = "as")]
        bind: String,
    },
    ChooseDir {
        from: Dirs,
        #[serde(rename = "as")]
        bind: String,
    },
    /// Choose an enemy colour (asked only when there are several).
    ChooseEnemy {
        #[serde(rename = "as")]
        bind: String,
    },
    Destroy {
        target: Target,
        #[serde(rename = "as", default)]
        bind: Option<String>,
        /// Counts as this many destroyed pieces (scoring, tasks).
        #[serde(default = "one")]
        counts_as: u8,
        /// Removed from the game instead of returning to its owner's supply.
        #[serde(default)]
        remove: bool,
        /// Whether the acting player is credited with the destruction.
        #[serde(default = "yes")]
        credit: bool,
    },
    Upgrade {
        target: Target,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    Downgrade {
        target: Target,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// Replace a piece by one of another colour (counts as destroying it).
    Convert {
        target: Target,
        #[serde(default)]
        to: Side,
        /// New rank; the piece's own rank when left out.
        #[serde(default)]
        rank: Option<Rank>,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    Place {
        at: Target,
        #[serde(default)]
        owner: Side,
        #[serde(default)]
        rank: PlaceRank,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    Move {
        who: Target,
        kind: MoveKind,
        #[serde(default)]
        leap: Leap,
        #[serde(default)]
        dir: DirRule,
        #[serde(default)]
        onto: Vec<Onto>,
        count: Count,
        #[serde(default)]
        stop: Stop,
        /// Each piece moves at most once.
        #[serde(default)]
        each_once: bool,
        /// At most this many of the run's moves by pieces of one colour.
        #[serde(default)]
        per_colour: Option<u8>,
        /// Other movers offered alongside `who`.
        #[serde(default)]
        or: Vec<Mover>,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// Gain actions this turn.
    Gain(u8),
    /// Every other colour has this many fewer actions on its next turn.
    OpponentsLose(u8),
    /// Take another turn after this one.
    ExtraTurn,
    /// Draw extra cards at the end of this turn.
    DrawExtra {
        #[serde(default)]
        deck: u8,
        #[serde(default)]
        legends: u8,
    },
    /// May put a card from the discard pile on top of the deck.
    Recover {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// May discard a flare from hand.
    DiscardFlare {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// The next summoning this turn may use one enemy piece as if it were the acting player's.
    BorrowNext,
    /// May put a frozen effect from the discard pile into play.
    Refreeze {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// All or nothing: each choice inside is offered only if every step of the block can still be
    /// done after it; when no way through exists the whole block does nothing.
    Linked(Vec<Step>),
    /// The target (one of your non-legendary pieces) becomes your Gateway.
    MakeGateway {
        target: Target,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// The summoning (or this effect) also counts as summoning a legend this turn.
    CountAsLegend,
    /// For the rest of the turn every piece you destroy counts once more (scoring and tasks).
    CountDestroyedAgain,
    /// Give up one of this turn's remaining actions, if any is left (counted in the name).
    SpendAction {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// Your next summoning this turn matches its pattern with pieces of the colour bound to the
    /// name instead of your own.
    SummonWith(String),
    /// Your next summoning this turn may count up to this many empty squares as your common pieces.
    VoidSquares(u8),
    /// Run a warp effect now, as part of this effect.
    CopyWarp(WarpFrom),
    /// May discard your pending being (not one whose warp is `locked`).
    DiscardPending {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// May take back your pending being: it stays in your hand as an ordinary card.
    ReturnPending {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// May discard one card of any kind from your hand (not the pending being).
    DiscardCard {
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// Every card of this kind in your hand goes to its discard pile.
    DiscardHand(HandCards),
    /// This card goes to the bottom of your deck instead of the discard pile.
    ThisCardToDeckBottom,
    /// The top card of your discard pile goes on top of your deck.
    TopDiscardToDeck,
    /// Take the target off the board and keep it on this card (one piece at a time).
    Hold {
        target: Target,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
    /// The piece kept on the card leaps back onto the board (a `kind` leap onto a square in all
    /// the areas).
    Release {
        kind: MoveKind,
        #[serde(default)]
        area: Vec<Area>,
        #[serde(rename = "as", default)]
        bind: Option<String>,
    },
}

fn one() -> u8 {
    1
}

fn yes() -> bool {
    true
}
