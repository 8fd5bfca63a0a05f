//! The rules of Tash-Kalar: pure and deterministic, no I/O, no terminal.
//!
//! A [`GameState`] holds one position; its pending [`Decision`] lists legal [`Choice`]s, and
//! `apply` advances it. Cards are data (`cards`), compiled into programs the `effect` interpreter runs.

pub mod bitboard;
pub mod board;
pub mod cards;
pub mod decision;
pub mod effect;
pub mod eval;
pub mod list;
pub mod notation;
pub mod pattern;
pub mod pieces;
pub mod playout;
pub mod scenario;
pub mod scoring;
pub mod setup;
pub mod square;
pub mod state;
pub mod summon;
pub mod turn;
pub mod view;

/// The version of the rules this engine plays, recorded in every save. Rules 1 is everything
/// before the version was recorded; rules 2 follows the rules sheet where rules 1 did not
/// (`docs/rules-decisions.md`, "What changed in rules 2"): no carry-over of unpaired commons in
/// Deathmatch scoring, extra legends to the teammate, placing with an empty supply by picking up
/// first, mandatory colour choices only among colours that can carry them out, and lent pieces
/// counting as yours on the summoning square too.
pub const RULES_VERSION: u32 = 2;

pub use board::{Colour, Piece, Rank};
pub use cards::{CardDb, CardId};
pub use decision::{Choice, Decision, DecisionKind, IllegalChoice};
pub use square::{Dir, Square};
pub use state::{GameConfig, GameState, Mode, Seat};
