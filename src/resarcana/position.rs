//! Positions in RON: any moment of a game at a seat's action, written by hand (rules
//! scenarios, `legal`) or dumped from a game. A [`Position`] is read as text and checked into a
//! playable [`ResArcana`]; errors give `line:col` for the text and name the seat and field for
//! what the text says.
//!
//! ```ron
//! (
//!     seed: 7,
//!     to_move: 1,          // seat numbers from 1
//!     token: 2,
//!     seats: [
//!         (
//!             pool: (elan: 2, gold: 1),
//!             hand: ["Fire Dragon"],
//!             deck: ["Hawk", "Vault"],   // top first: Hawk is drawn next
//!             play: [(card: "Duelist"), (card: "Alchemy", turned: true), (card: "Vault", stored: (gold: 1))],
//!         ),
//!         (play: [(card: "Seer")], passed: true),
//!     ],
//!     monuments: ["Library", "Temple"],
//!     monument_deck: ["Obelisk"],
//!     places: ["Coral Castle"],
//!     items: ["Protection", "Research"],
//! )
//! ```
//!
//! Components not named anywhere are out of the game.

use super::card::language::Kind;
use super::card::{CardId, Db};
use super::essence::EssenceSet;
use super::state::{Ctx, Decision, InPlay, Phase, ResArcana, Seat, Variant};
use crate::shell::quote;
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// A position as written.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// The seed of the generator from here on.
    #[serde(default)]
    pub seed: u64,
    /// The seat whose action it is (from 1).
    pub to_move: u8,
    /// The seat holding the First Player token (from 1).
    #[serde(default = "one")]
    pub token: u8,
    /// Whether someone has passed this round (and so took the token).
    #[serde(default)]
    pub first_passed: bool,
    /// The round being played.
    #[serde(default = "one_u32")]
    pub round: u32,
    /// One to four seats.
    pub seats: Vec<SeatPosition>,
    /// Face-up monuments.
    #[serde(default)]
    pub monuments: Vec<String>,
    /// The monument deck, top first.
    #[serde(default)]
    pub monument_deck: Vec<String>,
    /// Places of Power not yet claimed.
    #[serde(default)]
    pub places: Vec<String>,
    /// Magic items in the supply.
    #[serde(default)]
    pub items: Vec<String>,
}

fn one() -> u8 {
    1
}

fn one_u32() -> u32 {
    1
}

/// One seat of a position.
#[derive(Clone, Debug, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SeatPosition {
    /// The essence pool.
    pub pool: EssenceSet,
    /// Artifacts in hand.
    pub hand: Vec<String>,
    /// The draw pile, top first.
    pub deck: Vec<String>,
    /// The discard pile.
    pub discard: Vec<String>,
    /// Components in play (its mage among them, if it has one).
    pub play: Vec<PlayPosition>,
    /// Whether it has passed this round.
    pub passed: bool,
}

/// A component in play.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayPosition {
    /// Its name.
    pub card: String,
    /// Whether it is turned.
    #[serde(default)]
    pub turned: bool,
    /// The essences on it.
    #[serde(default)]
    pub stored: EssenceSet,
}

/// Why a position does not load.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionError {
    /// The RON does not read as a position.
    Syntax {
        /// Line (from 1).
        line: usize,
        /// Column (from 1).
        col: usize,
        /// What the reader expected.
        why: String,
    },
    /// The position says something impossible: where, and what.
    Invalid {
        /// The field (`seat 2: hand`, `monuments`).
        field: String,
        /// What is wrong.
        why: String,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::Syntax { line, col, why } => write!(f, "{line}:{col}: {why}"),
            PositionError::Invalid { field, why } => write!(f, "{field}: {why}"),
        }
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Reads a position's text.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(quote::without_bom(text))
            .map_err(|e| {
                let (line, col, why) = quote::ron_error(&e);
                PositionError::Syntax { line, col, why }
            })
    }

    /// The position's text.
    pub fn to_text(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    /// The game at this position: the action of `to_move`.
    pub fn into_game(&self, db: Arc<Db>) -> Result<ResArcana, PositionError> {
        let fail = |field: &str, why: String| PositionError::Invalid {
            field: field.to_string(),
            why,
        };
        let n = self.seats.len();
        if !(1..=4).contains(&n) {
            return Err(fail("seats", format!("1 to 4 seats, not {n}")));
        }
        for (field, seat) in [("to_move", self.to_move), ("token", self.token)] {
            if seat == 0 || seat as usize > n {
                return Err(fail(field, format!("no seat {seat} (seats are 1 to {n})")));
            }
        }
        let mut used: Vec<CardId> = Vec::new();
        let mut card = |field: &str, name: &str, kinds: &[Kind]| -> Result<CardId, PositionError> {
            let id = db.find(name).ok_or_else(|| {
                fail(
                    field,
                    format!("no component is named `{}`", quote::short(name)),
                )
            })?;
            if !kinds.is_empty() && !kinds.contains(&db.get(id).kind) {
                return Err(fail(
                    field,
                    format!(
                        "{} cannot be there (it is a {:?})",
                        db.name(id),
                        db.get(id).kind
                    ),
                ));
            }
            if used.contains(&id) {
                return Err(fail(field, format!("{} is named twice", db.name(id))));
            }
            used.push(id);
            Ok(id)
        };
        let mut list = |field: &str, names: &[String], kinds: &[Kind]| {
            names
                .iter()
                .map(|name| card(field, name, kinds))
                .collect::<Result<Vec<CardId>, PositionError>>()
        };
        let art = [Kind::Artifact];
        let mut seats = Vec::new();
        for (i, sp) in self.seats.iter().enumerate() {
            let at = |what: &str| format!("seat {}: {what}", i + 1);
            let mut seat = Seat {
                pool: sp.pool.into(),
                hand: list(&at("hand"), &sp.hand, &art)?,
                // Written top first, as a person reads a pile; kept top last.
                deck: list(&at("deck"), &sp.deck, &art)?
                    .into_iter()
                    .rev()
                    .collect(),
                discard: list(&at("discard"), &sp.discard, &art)?,
                passed: sp.passed,
                ..Seat::default()
            };
            let names: Vec<String> = sp.play.iter().map(|p| p.card.clone()).collect();
            let ids = list(&at("play"), &names, &[])?;
            for (p, id) in sp.play.iter().zip(ids) {
                seat.play.push(InPlay {
                    card: id,
                    turned: p.turned,
                    stored: p.stored.into(),
                });
                if db.get(id).kind == Kind::Mage {
                    if seat.mage.is_some() {
                        return Err(fail(&at("play"), "two mages".into()));
                    }
                    seat.mage = Some(id);
                    seat.mages_dealt = vec![id];
                }
            }
            seats.push(seat);
        }
        let monuments = list("monuments", &self.monuments, &[Kind::Monument])?;
        let mut monument_deck = list("monument_deck", &self.monument_deck, &[Kind::Monument])?;
        monument_deck.reverse();
        let places = list("places", &self.places, &[Kind::Place])?;
        let items = list("items", &self.items, &[Kind::MagicItem])?;
        let boxed: Vec<CardId> = db.ids().filter(|id| !used.contains(id)).collect();
        let mut g = ResArcana {
            db,
            variant: Variant::Standard,
            seats,
            token: self.token - 1,
            first_passed: self.first_passed,
            monuments,
            monument_deck,
            places,
            items,
            boxed,
            looking: Vec::new(),
            collect_start: Vec::new(),
            phase: Phase::Actions,
            pending: None,
            tasks: Vec::new(),
            ctx: Ctx::default(),
            round: self.round,
            turn: 0,
            rng: Rng::seeded(self.seed),
            outcome: None,
        };
        let seat = self.to_move - 1;
        if g.seats[seat as usize].passed {
            return Err(fail("to_move", format!("seat {} has passed", self.to_move)));
        }
        g.pending = Some(Decision {
            seat,
            ask: super::state::Ask::Action,
        });
        g.run();
        Ok(g)
    }

    /// The position of a game (its pending decision left out: it is written as the action of
    /// the seat to move).
    pub fn of_game(g: &ResArcana, seed: u64) -> Position {
        let names = |list: &[CardId]| -> Vec<String> {
            list.iter().map(|&c| g.db.name(c).to_string()).collect()
        };
        let set = |e: &super::essence::Essences| EssenceSet {
            elan: e.0[0],
            life: e.0[1],
            calm: e.0[2],
            death: e.0[3],
            gold: e.0[4],
        };
        Position {
            seed,
            to_move: g.seat_to_move() as u8 + 1,
            token: g.token + 1,
            first_passed: g.first_passed,
            round: g.round,
            seats: g
                .seats
                .iter()
                .map(|s| SeatPosition {
                    pool: set(&s.pool),
                    hand: names(&s.hand),
                    deck: names(&s.deck).into_iter().rev().collect(),
                    discard: names(&s.discard),
                    play: s
                        .play
                        .iter()
                        .map(|p| PlayPosition {
                            card: g.db.name(p.card).to_string(),
                            turned: p.turned,
                            stored: set(&p.stored),
                        })
                        .collect(),
                    passed: s.passed,
                })
                .collect(),
            monuments: names(&g.monuments),
            monument_deck: names(&g.monument_deck).into_iter().rev().collect(),
            places: names(&g.places),
            items: names(&g.items),
        }
    }
}
