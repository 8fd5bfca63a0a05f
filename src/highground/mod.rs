//! The rules of High Ground (seed `001`): Icehouse pyramids on a board of playing cards, with a
//! Treehouse die. Pure and deterministic: no I/O, no terminal.
//!
//! A [`HighGround`] holds one game; its pending decision lists legal [`Choice`]s
//! ([`HighGround::legal`]) and [`HighGround::apply`] plays one. The rules as implemented, and
//! every decision taken where the seed is silent, are in `docs/high-ground.md`.
//!
//! Modules, one concept each: `card` (ranks, the deck), `pos` (the grid and the orientation
//! rule), `board` (territories), `pyramid` (pyramids, stacks, statuses), `die` (the Treehouse
//! die), `state` (the game), `setup` (a new game and the setup steps), `decision` (choices, legal
//! lists, applying), `notation` (choice text), `position` (positions in RON), `view` (what a seat
//! may know), `eval` (the heuristic), `hash` (the fingerprint), `game` and `record` (the shared
//! traits).

pub mod board;
pub mod card;
pub mod decision;
pub mod die;
pub mod eval;
pub mod game;
pub mod hash;
pub mod notation;
pub mod pos;
pub mod position;
pub mod pyramid;
pub mod record;
pub mod setup;
pub mod state;
pub mod view;

pub use card::Card;
pub use decision::{ApplyError, Choice};
pub use die::Face;
pub use pos::{Orientation, Pos, Side};
pub use position::{Position, PositionError};
pub use pyramid::{PieceId, Size, Status, Trio};
pub use setup::{Setup, SetupError};
pub use state::{HighGround, Outcome, Pending, Variant, Victory};
