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
pub mod square;
pub mod state;
pub mod summon;
pub mod turn;
pub mod view;

pub use board::{Colour, Piece, Rank};
pub use cards::{CardDb, CardId};
pub use decision::{Choice, Decision, DecisionKind, IllegalChoice};
pub use square::{Dir, Square};
pub use state::{GameConfig, GameState, Mode, Seat};
