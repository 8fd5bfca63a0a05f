//! The rules of Res Arcana (seed `004`): mages race to 10 points with artifacts, monuments and
//! Places of Power, paid in five essences. Pure and deterministic: no I/O, no terminal.
//!
//! A [`ResArcana`] holds one game; its pending decision lists legal [`Choice`]s
//! ([`ResArcana::legal`]) and [`ResArcana::apply`] makes one. Components are data in the card
//! language ([`card::language`], files under `assets/res-arcana/`); no component has code of its
//! own. The rules as implemented, the card language and every decision taken where the sources
//! are silent are in `docs/res-arcana.md`.
//!
//! Modules, one concept each: `essence` (kinds and counts), `card` (the card language, loading,
//! validation, the database), `payment` (every distinct way to pay a cost), `state` (the game,
//! its decisions and work), `setup` (a new game, the draft's steps), `rules` (prices, usable
//! powers, reactions, points), `decision` (choices and legal lists), `resolve` (making a
//! choice), `change` (the small changes rules are made of), `flow` (the work between
//! decisions: rounds, Collect, effects, Life loss, victory), `notation` (choice text),
//! `position` (any moment as RON), `view` (what a seat may know), `eval` (the bots' estimate),
//! `hash`, `game` and `record` (the shared traits), `wire` (the bot protocol), `def` (the
//! game's entry in the table's registry: its options, commands and positions).

#![warn(missing_docs)]

pub mod card;
pub mod change;
pub mod decision;
pub mod def;
pub mod essence;
pub mod eval;
pub mod flow;
pub mod game;
pub mod hash;
pub mod notation;
pub mod payment;
pub mod position;
pub mod record;
pub mod resolve;
pub mod rules;
pub mod setup;
pub mod state;
pub mod ui;
pub mod view;
pub mod wire;

pub use card::{CardId, Db, LoadError};
pub use decision::{ApplyError, Choice};
pub use def::ResArcanaGame;
pub use essence::{Essence, Essences};
pub use position::{Position, PositionError};
pub use setup::{Setup, SetupError};
pub use state::{Ask, Phase, ResArcana, Variant};

/// The name `--game` will take.
pub const ID: &str = "res-arcana";
