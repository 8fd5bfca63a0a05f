//! Component data: the card language ([`language`]), loading it from RON with `file:line:col`
//! errors, checking it ([`validate`]), and the database the engine reads.
//!
//! The five files under `assets/res-arcana/` are embedded as the defaults; a directory holding
//! any of them replaces those files (the others stay the embedded ones).

pub mod language;
pub mod validate;

use super::essence::Kinds;
use super::payment::Price;
use crate::shell::quote;
use language::{CardDef, Kind, Side};
use std::fmt;
use std::path::Path;
use std::sync::Arc;

/// A component by its place in the database. Every component exists once in a game, so an id
/// names one physical card.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct CardId(pub u8);

/// The files of component data, each with the kind of component it holds.
pub const FILES: [(&str, Kind); 5] = [
    ("mages.ron", Kind::Mage),
    ("magic_items.ron", Kind::MagicItem),
    ("artifacts.ron", Kind::Artifact),
    ("monuments.ron", Kind::Monument),
    ("places.ron", Kind::Place),
];

/// The embedded text of a data file.
fn embedded(file: &str) -> &'static str {
    match file {
        "mages.ron" => include_str!("../../../assets/res-arcana/mages.ron"),
        "magic_items.ron" => include_str!("../../../assets/res-arcana/magic_items.ron"),
        "artifacts.ron" => include_str!("../../../assets/res-arcana/artifacts.ron"),
        "monuments.ron" => include_str!("../../../assets/res-arcana/monuments.ron"),
        _ => include_str!("../../../assets/res-arcana/places.ron"),
    }
}

/// Why component data does not load.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LoadError {
    /// The file cannot be read.
    Io {
        /// The file.
        file: String,
        /// The system's reason.
        why: String,
    },
    /// The RON does not read as a list of components.
    Syntax {
        /// The file.
        file: String,
        /// Where in it (from 1).
        line: usize,
        /// The column (from 1).
        col: usize,
        /// What the reader expected.
        why: String,
    },
    /// The files hold no component at all.
    Empty,
    /// A component says something the language or the game does not allow.
    Invalid {
        /// The file the card is in.
        file: String,
        /// The card's name.
        card: String,
        /// The field at fault (`powers[2]`, `place_card`).
        field: String,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io { file, why } => write!(f, "{file}: {why}"),
            LoadError::Empty => f.write_str("the card files hold no component"),
            LoadError::Syntax {
                file,
                line,
                col,
                why,
            } => write!(f, "{file}:{line}:{col}: {why}"),
            LoadError::Invalid {
                file,
                card,
                field,
                why,
            } => write!(f, "{file}: {}: {field}: {why}", quote::short(card)),
        }
    }
}

impl std::error::Error for LoadError {}

/// Every component of the game, in file order (mages, magic items, artifacts, monuments,
/// Places of Power).
#[derive(Debug, PartialEq)]
pub struct Db {
    cards: Vec<CardDef>,
    /// Each card's placement or claim cost as a price, before any discount, and each of its
    /// powers' essence costs: worked out once here, as the action list asks for them all at
    /// every action.
    prices: Vec<(Price, Vec<Price>)>,
    /// Each card's powers that are actions (not reactions), as bits (power `n` is bit `n - 1`):
    /// all of them, and those usable while the card is turned. `None` past 64 powers. The
    /// action list skips through these rather than reading every power of every component.
    actions: Vec<Option<(u64, u64)>>,
}

impl Db {
    /// The embedded data.
    pub fn embedded() -> Result<Arc<Db>, LoadError> {
        let texts: Vec<(String, String)> = FILES
            .iter()
            .map(|(f, _)| (f.to_string(), embedded(f).to_string()))
            .collect();
        Db::from_texts(&texts)
    }

    /// The data of a directory: each of the five files found there replaces the embedded one.
    pub fn from_dir(dir: &Path) -> Result<Arc<Db>, LoadError> {
        let mut texts = Vec::new();
        for (file, _) in FILES {
            let path = dir.join(file);
            let text = if path.exists() {
                std::fs::read_to_string(&path).map_err(|e| LoadError::Io {
                    file: path.display().to_string(),
                    why: e.to_string(),
                })?
            } else {
                embedded(file).to_string()
            };
            texts.push((path.display().to_string(), text));
        }
        Db::from_texts(&texts)
    }

    /// The data of five texts, named for errors, in the order of [`FILES`].
    pub fn from_texts(texts: &[(String, String)]) -> Result<Arc<Db>, LoadError> {
        let mut cards = Vec::new();
        let mut origin = Vec::new();
        for ((name, text), (_, kind)) in texts.iter().zip(FILES) {
            let list: Vec<CardDef> =
                ron_options()
                    .from_str(quote::without_bom(text))
                    .map_err(|e| {
                        let (line, col, why) = quote::ron_error(&e);
                        LoadError::Syntax {
                            file: name.clone(),
                            line,
                            col,
                            why,
                        }
                    })?;
            for mut card in list {
                card.kind = kind;
                cards.push(card);
                origin.push(name.clone());
            }
        }
        if cards.is_empty() {
            return Err(LoadError::Empty);
        }
        validate::all(&cards, &origin)?;
        let prices = cards.iter().map(prices_of).collect();
        let actions = cards.iter().map(actions_of).collect();
        Ok(Arc::new(Db {
            cards,
            prices,
            actions,
        }))
    }

    /// The powers of `card` that are actions, as bits (power `n` is bit `n - 1`): all of them,
    /// or (`turned`) those usable while it is turned. `None`: too many powers for the bits.
    pub fn action_powers(&self, id: CardId, turned: bool) -> Option<u64> {
        let (all, when_turned) = (*self.actions.get(id.0 as usize)?)?;
        Some(if turned { when_turned } else { all })
    }

    /// The cost of placing or claiming `card`, before discounts.
    pub fn price(&self, id: CardId) -> Price {
        self.prices
            .get(id.0 as usize)
            .map_or_else(Price::default, |p| p.0)
    }

    /// The essence part of the cost of power `n` (from 1) of `card` (nothing for no power).
    pub fn power_price(&self, id: CardId, n: u8) -> Price {
        let powers = self.prices.get(id.0 as usize).map(|p| &p.1);
        (n as usize)
            .checked_sub(1)
            .and_then(|i| powers?.get(i))
            .copied()
            .unwrap_or_default()
    }

    /// A component's definition. Ids come from this database; an unknown one (from a foreign
    /// position) reads as the first card rather than panicking.
    pub fn get(&self, id: CardId) -> &CardDef {
        self.cards
            .get(id.0 as usize)
            .unwrap_or_else(|| &self.cards[0])
    }

    /// Whether the id names a component.
    pub fn contains(&self, id: CardId) -> bool {
        (id.0 as usize) < self.cards.len()
    }

    /// The name of a component.
    pub fn name(&self, id: CardId) -> &str {
        &self.get(id).name
    }

    /// The component with this English name (any case).
    pub fn find(&self, name: &str) -> Option<CardId> {
        let name = name.trim();
        self.cards
            .iter()
            .position(|c| c.name.eq_ignore_ascii_case(name))
            .map(|i| CardId(i as u8))
    }

    /// Every component of a kind, in file order.
    pub fn of_kind(&self, kind: Kind) -> Vec<CardId> {
        self.ids().filter(|&id| self.get(id).kind == kind).collect()
    }

    /// Every id.
    pub fn ids(&self) -> impl Iterator<Item = CardId> + '_ {
        (0..self.cards.len()).map(|i| CardId(i as u8))
    }

    /// The Places of Power, grouped by physical card: (card number, side A, side B).
    pub fn place_cards(&self) -> Vec<(u8, CardId, CardId)> {
        let mut out: Vec<(u8, CardId, CardId)> = Vec::new();
        for id in self.of_kind(Kind::Place) {
            if let Some((n, Side::A)) = self.get(id).place_card {
                let other = self
                    .of_kind(Kind::Place)
                    .into_iter()
                    .find(|&o| self.get(o).place_card == Some((n, Side::B)));
                if let Some(b) = other {
                    out.push((n, id, b));
                }
            }
        }
        out.sort();
        out
    }

    /// How many components there are.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether there are none (never, once validated).
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }
}

/// The bits of [`Db::action_powers`].
fn actions_of(card: &CardDef) -> Option<(u64, u64)> {
    if card.powers.len() > 64 {
        return None;
    }
    let (mut all, mut turned) = (0u64, 0u64);
    for (i, p) in card.powers.iter().enumerate() {
        if p.react.is_none() {
            all |= 1 << i;
            if p.usable_turned {
                turned |= 1 << i;
            }
        }
    }
    Some((all, turned))
}

/// A card's cost and its powers' essence costs as prices.
fn prices_of(card: &CardDef) -> (Price, Vec<Price>) {
    let cost = Price {
        fixed: card.cost.fixed(),
        any: card.cost.any,
        except: card.cost.except(),
        ..Price::default()
    };
    let powers = card
        .powers
        .iter()
        .map(|p| Price {
            fixed: p.cost.pay.fixed(),
            any: p.cost.pay.any,
            except: p.cost.pay.except(),
            identical: p
                .cost
                .identical
                .as_ref()
                .map(|i| (i.min, Kinds::of(&i.except))),
            ..Price::default()
        })
        .collect();
    (cost, powers)
}

fn ron_options() -> ron::Options {
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}
