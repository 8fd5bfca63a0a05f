//! The card language: how a component is written in `assets/res-arcana/*.ron`. The engine reads
//! these types as they are (after [`super::validate`]); no component has Rust code of its own.
//! `docs/res-arcana.md` documents the grammar with examples.

use crate::resarcana::essence::{Essence, EssenceSet, Essences, Kinds};
use serde::{Deserialize, Serialize};

/// What kind of component a card is (given by the file it is in).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Kind {
    /// One per seat, picked at setup.
    Mage,
    /// Picked at setup, swapped on passing.
    MagicItem,
    /// Dealt or drafted into the seats' decks, placed from hand.
    Artifact,
    /// Claimed for 4 Gold, face up or blind.
    Monument,
    /// A Place of Power (one side of a two-sided card), claimed.
    Place,
}

/// A type printed on a component that other cards refer to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Tag {
    /// Dragons attack, and some cards count or discount them.
    Dragon,
    /// Creatures are straightened, turned or counted by some cards.
    Creature,
}

/// Which side of its card a Place of Power is (A: the first game's side).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Side {
    /// The first game's side.
    A,
    /// The other side.
    B,
}

/// One component as written in a card file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    /// The English name (unique over all files; notation names cards by it).
    pub name: String,
    /// Filled in from the file the card is in.
    #[serde(skip, default = "default_kind")]
    pub kind: Kind,
    /// Dragon, Creature.
    #[serde(default)]
    pub tags: Vec<Tag>,
    /// What placing (artifacts) or claiming (monuments, Places of Power) costs.
    #[serde(default)]
    pub cost: Cost,
    /// Points it is worth in play.
    #[serde(default)]
    pub points: u8,
    /// Points that depend on the game: per essence on it, per own component of a type.
    #[serde(default)]
    pub points_per: Vec<PointsPer>,
    /// What it gives in the Collect step.
    #[serde(default)]
    pub collect: Vec<Collect>,
    /// A price paid in the Collect step, after collecting.
    #[serde(default)]
    pub collect_cost: Option<CollectCost>,
    /// Cost reductions it gives its owner while in play.
    #[serde(default)]
    pub discounts: Vec<Discount>,
    /// Its powers and reactions, numbered from 1 in this order.
    #[serde(default)]
    pub powers: Vec<Power>,
    /// What happens when it is claimed.
    #[serde(default)]
    pub on_claim: Vec<Effect>,
    /// The first game's set (1-4) it belongs to, if any.
    #[serde(default)]
    pub first_game: Option<u8>,
    /// Places of Power: which physical card (1-5) this is a side of, and which side.
    #[serde(default)]
    pub place_card: Option<(u8, Side)>,
    /// A short rules text in the project's words.
    pub text: String,
}

fn default_kind() -> Kind {
    Kind::Artifact
}

/// A cost in essences: some fixed ones, plus `any` essences of the kinds not in `any_except`.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Cost {
    /// Essences of given kinds.
    pub fixed: EssenceSet,
    /// How many more, of any kind but those in `any_except`.
    pub any: u8,
    /// Kinds the `any` part may not be paid in.
    pub any_except: Vec<Essence>,
}

impl Cost {
    /// The fixed part as counts.
    pub fn fixed(&self) -> Essences {
        self.fixed.into()
    }

    /// The kinds the `any` part may not be paid in.
    pub fn except(&self) -> Kinds {
        Kinds::of(&self.any_except)
    }

    /// How many essences the cost names in all (what "its placement cost" counts).
    pub fn total(&self) -> u32 {
        self.fixed().total() + self.any as u32
    }

    /// Whether the cost asks for nothing.
    pub fn is_free(&self) -> bool {
        self.total() == 0
    }
}

/// Points a component scores besides its fixed points.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum PointsPer {
    /// `n` per essence of this kind on the component.
    Stored(Essence, u8),
    /// `n` per component of its owner with this type (itself included).
    Owned(Tag, u8),
}

/// One collect ability.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Collect {
    /// Take all of these (the `+` of the card).
    Gain(EssenceSet),
    /// Take one of these (the `/`).
    Either(Vec<EssenceSet>),
    /// Take `n` essences of any kinds but those in `except`.
    Any {
        /// How many.
        n: u8,
        /// Kinds not allowed.
        except: Vec<Essence>,
    },
    /// Only if essences (of kind `of`, or of any kind) were left on the component this step.
    IfLeft {
        /// The kind that must have been left (`None`: any).
        of: Option<Essence>,
        /// The abilities that apply then.
        then: Vec<Collect>,
    },
    /// Put `n` more of each kind already on the component onto it.
    StoreEachPresent(u8),
}

/// A price of the Collect step: pay it, or (if `or_turn`) turn the component instead.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CollectCost {
    /// What is paid.
    pub pay: EssenceSet,
    /// Whether turning the component may replace the payment.
    #[serde(default)]
    pub or_turn: bool,
}

/// A cost reduction for cards its owner places.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Discount {
    /// Which cards it applies to.
    pub on: Filter,
    /// How many essences less.
    pub amount: u8,
    /// Whether it may take Gold off a cost (the Artificer's may not).
    #[serde(default = "yes")]
    pub gold: bool,
}

fn yes() -> bool {
    true
}

/// Which components something applies to.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Filter {
    /// Any component.
    Any,
    /// Artifacts only.
    Artifacts,
    /// Components with at least one of these types.
    Tagged(Vec<Tag>),
}

/// A power (an action) or a reaction, with its cost and what it does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Power {
    /// `None`: an action on its owner's turn. `Some`: a reaction, used out of turn.
    #[serde(default)]
    pub react: Option<Trigger>,
    /// May be used while the component is turned (Guard Dog's straightening).
    #[serde(default)]
    pub usable_turned: bool,
    /// What using it costs.
    #[serde(default)]
    pub cost: PowerCost,
    /// What it does, in order.
    pub effects: Vec<Effect>,
}

/// What a reaction answers.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Trigger {
    /// Its owner is to lose Life (from any source).
    LifeLoss,
    /// Its owner is to lose Life from a rival's Dragon.
    DragonAttack,
    /// A victory check is made.
    VictoryCheck,
}

/// The cost of a power: every part must be paid.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct PowerCost {
    /// Turn this component.
    pub turn: bool,
    /// Essences from the pool.
    pub pay: Cost,
    /// Also X essences of one kind (X at least `min`), the kinds in `except` not allowed.
    pub identical: Option<Identical>,
    /// Essences taken off this component.
    pub remove: EssenceSet,
    /// Destroy one of the owner's artifacts.
    pub destroy: Option<Victim>,
    /// Discard a card from hand.
    pub discard: bool,
    /// Turn another straightened component of the owner matching the filter.
    pub turn_other: Option<Filter>,
}

/// "X identical essences" in a cost.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Identical {
    /// The least X.
    #[serde(default)]
    pub min: u8,
    /// Kinds the X may not be of.
    #[serde(default)]
    pub except: Vec<Essence>,
}

/// Which artifact a cost destroys.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Victim {
    /// This very component.
    This,
    /// Any of the owner's artifacts matching the filter, this one included.
    Own(Filter),
    /// Any of the owner's artifacts other than this one.
    Other,
}

/// One step of what a power does.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// The owner gains these essences.
    Gain(EssenceSet),
    /// The owner gains `n` essences of kinds of their choice, not those in `except`.
    GainAny {
        /// How many.
        n: u8,
        /// Kinds not allowed.
        except: Vec<Essence>,
    },
    /// Put these essences on this component.
    Store(EssenceSet),
    /// Put `n` essences of kinds of the owner's choice on this component.
    StoreAny {
        /// How many.
        n: u8,
        /// Kinds not allowed.
        except: Vec<Essence>,
    },
    /// Put the essences just paid (the `pay` part) on this component, or on one of the
    /// owner's components they choose (turned ones included).
    StorePaid {
        /// `true`: on a component the owner picks; `false`: on this one.
        chosen: bool,
    },
    /// Every rival gains these.
    RivalsGain(EssenceSet),
    /// Every rival who has not passed loses `amount` Life, unless they react or pay `defence`.
    LifeLoss {
        /// How much Life.
        amount: u8,
        /// What a rival may give instead.
        #[serde(default)]
        defence: Option<Defence>,
    },
    /// Draw cards.
    Draw(u8),
    /// Draw `draw` cards, then discard `discard` cards from hand.
    DrawThenDiscard {
        /// Cards drawn.
        draw: u8,
        /// Cards then discarded from the hand.
        discard: u8,
    },
    /// Look at the top `n` cards of the owner's deck (or the monument deck, if `monuments`) and
    /// put them back in an order of the owner's choice.
    Scry {
        /// How many cards (at most 3).
        n: u8,
        /// Whether the monument deck may be looked at instead.
        monuments: bool,
    },
    /// Straighten one of the owner's turned components (other than this one) matching the filter.
    Straighten(Filter),
    /// Straighten this component.
    StraightenThis,
    /// Place a card matching the filter from `from`, paying its cost less `discount` (`gold`:
    /// whether that discount may take Gold off), or for nothing if `free`.
    Place {
        /// Where the card comes from.
        from: Source,
        /// Which cards.
        filter: Filter,
        /// How many essences less it costs (with the owner's discounts).
        #[serde(default)]
        discount: u8,
        /// Whether that discount may take Gold off.
        #[serde(default = "yes")]
        gold: bool,
        /// Whether it costs nothing at all.
        #[serde(default)]
        free: bool,
    },
    /// Gain as many essences as the destroyed or discarded card's printed cost, plus `plus`: in
    /// Gold if `gold`, else in any kinds but Gold.
    GainCostOf {
        /// Added to the card's cost.
        #[serde(default)]
        plus: u8,
        /// In Gold (`false`: in any kinds but Gold).
        #[serde(default)]
        gold: bool,
    },
    /// Choose a rival: gain `yours` equal to their `theirs` (passed rivals may be chosen).
    GainPerRival {
        /// The rival's kind that is counted.
        theirs: Essence,
        /// The kind gained.
        yours: Essence,
    },
    /// Gain as many essences as the identical ones paid: Gold if `gold`, else all of one other
    /// kind but Gold.
    ConvertIdentical {
        /// `true`: Gold; `false`: one other kind of the owner's choice, not Gold.
        gold: bool,
    },
    /// Check victory now, in the middle of the round.
    CheckVictory,
    /// (Reactions to Life loss) the loss is ignored.
    Ignore,
    /// (Reactions to a victory check) points for this check only.
    TempPoints(u8),
}

/// Where a card placed by a power comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// The owner's hand.
    Hand,
    /// The owner's discard pile.
    OwnDiscard,
    /// Any seat's discard pile.
    AnyDiscard,
}

/// What a rival may do, instead of losing Life, to a Life loss that offers a defence.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Defence {
    /// Pay these essences.
    Pay(EssenceSet),
    /// Discard a card from hand.
    DiscardCard,
    /// Destroy one of one's artifacts.
    DestroyArtifact,
}

impl CardDef {
    /// Whether the card has this type.
    pub fn has_tag(&self, tag: Tag) -> bool {
        self.tags.contains(&tag)
    }

    /// Whether the filter selects this card.
    pub fn matches(&self, filter: &Filter) -> bool {
        match filter {
            Filter::Any => true,
            Filter::Artifacts => self.kind == Kind::Artifact,
            Filter::Tagged(tags) => tags.iter().any(|t| self.has_tag(*t)),
        }
    }

    /// Power number `n` (from 1).
    pub fn power(&self, n: u8) -> Option<&Power> {
        (n as usize).checked_sub(1).and_then(|i| self.powers.get(i))
    }
}
