//! The state of a game of Res Arcana: each seat's components, cards and essences, the shared
//! supply, the pending decision and the work still to do.

use super::card::{CardId, Db};
use super::essence::{Essence, Essences, Kinds};
use super::payment::Price;
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A component in front of a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct InPlay {
    /// Which component.
    pub card: CardId,
    /// Whether it is turned (its powers then wait, but for some reactions).
    pub turned: bool,
    /// Essences lying on it.
    pub stored: Essences,
}

impl InPlay {
    /// A component entering play: straightened, empty.
    pub fn new(card: CardId) -> InPlay {
        InPlay {
            card,
            turned: false,
            stored: Essences::ZERO,
        }
    }
}

/// One seat's belongings.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Seat {
    /// The two mages dealt (one in the first game).
    pub mages_dealt: Vec<CardId>,
    /// The mage picked (also in `play` once every seat has picked).
    pub mage: Option<CardId>,
    /// The cards in hand.
    pub hand: Vec<CardId>,
    /// The draw pile; its top is the last card.
    pub deck: Vec<CardId>,
    /// The discard pile (face up).
    pub discard: Vec<CardId>,
    /// The essence pool.
    pub pool: Essences,
    /// Every component in play: mage, magic item, artifacts, monuments, Places of Power.
    pub play: Vec<InPlay>,
    /// Whether it has passed this round.
    pub passed: bool,
    /// Points for the victory check being made (Golden Statue).
    pub temp_points: u8,
    /// Draft variant: the packet of artifacts the seat holds now.
    pub packet: Vec<CardId>,
    /// Draft variant: the artifacts the seat has kept so far.
    pub drafted: Vec<CardId>,
    /// Whether the seat itself does not know what its deck holds (the first game deals 5
    /// unseen cards; once its discards have been shuffled in, it knows them all).
    pub deck_unseen: bool,
    /// The top cards of its own deck the seat knows, having looked at them (top last).
    pub known_top: Vec<CardId>,
    /// The top cards of the monument deck the seat knows, having looked at them (top last).
    pub known_monuments: Vec<CardId>,
}

impl Seat {
    /// The component `card` if this seat has it in play.
    pub fn find(&self, card: CardId) -> Option<usize> {
        self.play.iter().position(|p| p.card == card)
    }
}

/// Where the game is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Mages, magic items, the draft.
    Setup,
    /// The Collect step of a round.
    Collect,
    /// Actions in turn, and the victory check.
    Actions,
    /// The game is over.
    Over,
}

/// How a finished game ended: the seats that share the victory.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// The seats that share the victory.
    pub winners: Vec<u8>,
    /// Every seat's points at the deciding check.
    pub points: Vec<u8>,
}

/// What the deciding seat is asked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Ask {
    /// Setup: pick one of the mages dealt.
    Mage,
    /// Setup: pick a magic item from the supply.
    Item,
    /// Draft variant: keep one artifact of the packet held.
    Draft,
    /// Passing: swap the magic item for another in the supply.
    Swap,
    /// Collect: take the essences on this component, or leave them all.
    Stored(CardId),
    /// Collect: which essences collect ability `.1` of this component gives (`.2` = 0), or
    /// ability `.2 - 1` nested in it.
    CollectPick(CardId, u8, u8),
    /// Collect: pay this component's collect cost, or turn it.
    CollectCost(CardId),
    /// The turn's action.
    Action,
    /// The discard action's essences: 1 Gold or 2 others.
    DiscardGain,
    /// A payment, then what it pays for.
    Pay(Price, PayFor),
    /// Essences of the seat's choice: `n` of kinds not in `except`, into the pool or onto a
    /// component.
    Gain {
        /// How many.
        n: u8,
        /// Kinds not allowed.
        except: Kinds,
        /// The component they go on (`None`: the pool).
        onto: Option<CardId>,
    },
    /// All X of one kind, not `not` and not Gold (Prism).
    Convert {
        /// How many.
        x: u8,
        /// The kind paid, which may not be taken.
        not: Option<Essence>,
    },
    /// A card, for this purpose.
    Target(Target),
    /// A rival whose essences count (Hypnotic Basin, Treant).
    Rival {
        /// The rival's kind counted.
        theirs: Essence,
        /// The kind gained.
        yours: Essence,
    },
    /// A rival's power takes Life from this seat: react, defend, or accept.
    LifeLoss(Attack),
    /// Whose deck the look at the top cards is at: own or the monuments.
    ScryDeck {
        /// How many cards.
        n: u8,
        /// Whether the monument deck may be chosen.
        monuments: bool,
    },
    /// The order the cards looked at go back in.
    ScryOrder {
        /// Whether the cards came from the monument deck.
        monuments: bool,
    },
    /// Victory check: use a reaction, or not.
    Victory,
}

/// A Life loss being dealt: by whom, with which power, how much.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking seat.
    pub attacker: u8,
    /// The attacking component.
    pub card: CardId,
    /// Its power number.
    pub power: u8,
    /// The effect's place in the power (its defence is read there).
    pub effect: u8,
    /// How much Life.
    pub amount: u8,
}

/// What a payment pays for.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum PayFor {
    /// Placing an artifact (from the hand or a discard pile).
    Place(CardId),
    /// Claiming a monument or Place of Power (`blind`: the monument deck's top card).
    Claim(CardId, bool),
    /// The essence part of a power's cost.
    Power(CardId, u8),
    /// A collect cost.
    CollectCost(CardId),
    /// Essences lost for Life missing.
    Loss,
}

/// Why a card is to be picked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Target {
    /// An artifact destroyed as part of power `.1` of component `.0`.
    Destroy(CardId, u8),
    /// A card discarded from hand as part of a power's cost.
    DiscardCost(CardId, u8),
    /// Another component turned as part of a power's cost.
    TurnOther(CardId, u8),
    /// A turned component to straighten (effect `.2` of power `.1` of `.0`).
    Straighten(CardId, u8, u8),
    /// The component the essences paid go on.
    StoreOn(CardId),
    /// A card to place by effect `.2` of power `.1` of component `.0` (may be declined).
    Place(CardId, u8, u8),
    /// A card discarded from hand after a draw (how many are still to go).
    DiscardDown(u8),
    /// Defence against a Life loss: a card to discard.
    DefenceDiscard(Attack),
    /// Defence against a Life loss: an artifact to destroy.
    DefenceDestroy(Attack),
}

/// The pending decision: who decides and what.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct Decision {
    /// The seat that decides.
    pub seat: u8,
    /// What it decides.
    pub ask: Ask,
}

/// Work the engine still has to do, kept on a stack (the last is next). Decisions stop the work;
/// the choice made carries on with it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Task {
    /// Ask a seat for its mage.
    AskMage(u8),
    /// Put the picked mages into play, all at once.
    RevealMages,
    /// Draft variant: 4 artifacts to each seat's packet.
    DraftDeal,
    /// Ask a seat which artifact of its packet it keeps.
    DraftPick(u8),
    /// Draft variant: every packet goes to the next seat, clockwise (`true`) or not.
    DraftPass(bool),
    /// Draft variant: the artifacts kept become the deck; 3 are drawn.
    DraftEnd,
    /// Ask a seat for its magic item.
    AskItem(u8),
    /// A new round: Collect for every seat, then the First Player's turn.
    StartRound,
    /// A seat's whole Collect step.
    Collect(u8),
    /// Ask a seat whether it takes the essences on a component.
    CollectStored(u8, CardId),
    /// Collect ability `.2` of a seat's component.
    CollectAbility(u8, CardId, u8),
    /// A collect ability nested in an `IfLeft`: ability `.2`, nested ability `.3`.
    CollectNested(u8, CardId, u8, u8),
    /// A component's collect cost.
    CollectCost(u8, CardId),
    /// Ask a seat for its action.
    Turn(u8),
    /// The action of this seat is over: the next seat that has not passed.
    NextTurn(u8),
    /// Part `.3` of the cost of power `.2` of component `.1`, for seat `.0`.
    PowerCost(u8, CardId, u8, CostPart),
    /// Effect `.3` of power `.2` of component `.1`, for seat `.0`.
    Effect(u8, CardId, u8, u8),
    /// What claiming component `.1` does (its `on_claim` effect `.2`).
    ClaimEffect(u8, CardId, u8),
    /// Face-up monuments back to two, from the deck.
    RefillMonuments,
    /// The Life loss of an attack on one seat.
    LifeLoss(u8, Attack),
    /// A seat draws cards.
    Draw(u8, u8),
    /// A passing seat swaps its magic item.
    Swap(u8),
    /// Victory check (`true`: at the end of a round).
    Victory(bool),
    /// Ask a seat whether it uses a victory-check reaction.
    VictoryAsk(u8),
    /// Count points: 10 or more ends the game (`true`: at the end of a round).
    VictoryCount(bool),
    /// Straighten everything, clear the passes, start the next round.
    EndRound,
}

/// The parts of a power's cost that may need a decision, in the order they are paid.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum CostPart {
    /// The essences from the pool (and X identical).
    Essences,
    /// The artifact destroyed.
    Destroy,
    /// The card discarded.
    Discard,
    /// The other component turned.
    TurnOther,
}

/// Values a power's effects read from its cost.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Ctx {
    /// The base part of the essences paid.
    pub paid: Essences,
    /// The kind and number of identical essences paid.
    pub x_kind: Option<Essence>,
    /// How many identical essences were paid.
    pub x: u8,
    /// The printed cost of the card destroyed or discarded as part of the cost.
    pub victim_cost: u8,
}

/// How a game was set up.
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub enum Variant {
    /// The full setup: 2 mages and 8 artifacts dealt, Places of Power on random sides.
    #[default]
    Standard,
    /// The first game: preset mages and hands, side A of every Place of Power.
    FirstGame,
    /// The draft: artifacts are drafted from packets of 4 (passed clockwise, then
    /// counter-clockwise) instead of dealt.
    Draft,
}

/// A game of Res Arcana.
#[derive(Clone, Debug)]
pub struct ResArcana {
    /// The components.
    pub db: Arc<Db>,
    /// How the game was set up.
    pub variant: Variant,
    /// Every seat's belongings, seat 1 first.
    pub seats: Vec<Seat>,
    /// Who holds the First Player token.
    pub token: u8,
    /// Whether someone has passed this round (and so taken the token).
    pub first_passed: bool,
    /// Face-up monuments.
    pub monuments: Vec<CardId>,
    /// The monument deck; its top is the last card.
    pub monument_deck: Vec<CardId>,
    /// Places of Power not yet claimed (the side in play of each card).
    pub places: Vec<CardId>,
    /// Magic items in the supply.
    pub items: Vec<CardId>,
    /// Artifacts and mages out of the game, unseen by everyone.
    pub boxed: Vec<CardId>,
    /// Cards taken off a deck to be looked at and put back.
    pub looking: Vec<CardId>,
    /// During Collect: each seat's pool and components as the step began. Collect is
    /// simultaneous at the table; made one seat after the other here, a seat's choices stay
    /// hidden from the others until all have collected (views show these instead).
    pub collect_start: Vec<(Essences, Vec<InPlay>)>,
    /// Where the game is.
    pub phase: Phase,
    /// The decision waited for (`None` once over).
    pub pending: Option<Decision>,
    /// The work still to do (the last is next).
    pub tasks: Vec<Task>,
    /// Values the power being used reads from its cost.
    pub ctx: Ctx,
    /// The round being played (1 for the first).
    pub round: u32,
    /// How many actions have been taken.
    pub turn: u32,
    /// The game's generator: all chance comes from it.
    pub rng: Rng,
    /// How the game ended.
    pub outcome: Option<Outcome>,
}

impl ResArcana {
    /// How many seats.
    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// The seat after `seat`, clockwise.
    pub fn next_seat(&self, seat: u8) -> u8 {
        ((seat as usize + 1) % self.players()) as u8
    }

    /// The seat before `seat` (to its right).
    pub fn prev_seat(&self, seat: u8) -> u8 {
        ((seat as usize + self.players() - 1) % self.players()) as u8
    }

    /// The seats clockwise from `from`, `from` first.
    pub fn clockwise(&self, from: u8) -> Vec<u8> {
        let n = self.players();
        (0..n).map(|i| ((from as usize + i) % n) as u8).collect()
    }

    /// The seat that decides now (the token holder when nobody does).
    pub fn seat_to_move(&self) -> usize {
        self.pending
            .map_or(self.token as usize, |d| d.seat as usize)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The component `card` in play: its owner and position there.
    pub fn locate(&self, card: CardId) -> Option<(u8, usize)> {
        self.seats
            .iter()
            .enumerate()
            .find_map(|(s, seat)| seat.find(card).map(|i| (s as u8, i)))
    }

    /// The component `card` of `seat`, if in play there.
    pub fn in_play(&self, seat: u8, card: CardId) -> Option<&InPlay> {
        let s = self.seats.get(seat as usize)?;
        s.find(card).map(|i| &s.play[i])
    }

    /// The same, to change it.
    pub fn in_play_mut(&mut self, seat: u8, card: CardId) -> Option<&mut InPlay> {
        let s = self.seats.get_mut(seat as usize)?;
        s.find(card).map(move |i| &mut s.play[i])
    }

    /// Puts a task on the stack (done before the ones already there).
    pub fn push(&mut self, task: Task) {
        self.tasks.push(task);
    }

    /// Puts tasks on the stack so that they are done in the order given.
    pub fn push_in_order<I>(&mut self, tasks: I)
    where
        I: IntoIterator<Item = Task>,
        I::IntoIter: DoubleEndedIterator,
    {
        // Reversed as they come: no list of them is built first.
        self.tasks.extend(tasks.into_iter().rev());
    }
}

/// Shuffles cards with the game's generator (Fisher-Yates).
pub fn shuffle(cards: &mut [CardId], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}
