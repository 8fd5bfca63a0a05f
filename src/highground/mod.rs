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
//! may know), `wire` (an observation over the bot protocol), `eval` (the heuristic), `hash`
//! (the fingerprint), `game` and `record` (the shared traits). Around the rules: `ui` (its screen on the table: board, words, log, the new-game
//! form and rules pages) and `cli` (the set-ups of `sim`).

pub mod board;
pub mod card;
pub mod cli;
pub mod decision;
pub mod def;
pub mod die;
pub mod eval;
pub mod game;
pub mod hash;
pub mod notation;
pub mod playout;
pub mod pos;
pub mod position;
pub mod pyramid;
pub mod record;
pub mod setup;
pub mod state;
pub mod tactics;
pub mod ui;
pub mod view;
pub mod wire;

pub use card::Card;
pub use decision::{ApplyError, Choice};
pub use def::HighGroundGame;
pub use die::Face;
pub use pos::{Orientation, Pos, Side};
pub use position::{Position, PositionError};
pub use pyramid::{PieceId, Size, Status, Trio};
pub use setup::{Setup, SetupError};
pub use state::{HighGround, Outcome, Pending, Variant, Victory};

use crate::shell::tui::catalog::Entry;
use ui::HgScreen;

/// The name `--game` takes.
pub const ID: &str = "high-ground";

/// One line about the game, for the menu.
const BLURB: &str = "Icehouse pyramids on a board of playing cards: take the high ground";

/// The game's name in big letters above its menu.
const BANNER: &[&str] = &[
    "█ █ █ █▀▀ █ █   █▀▀ █▀█ █▀█ █ █ █▄ █ █▀▄",
    "█▀█ █ █▄█ █▀█   █▄█ █▀▄ █▄█ █▄█ █ ▀█ █▄▀",
    "",
];

/// High Ground's entry in the table's catalog.
pub fn entry() -> Entry<HgScreen> {
    Entry {
        id: ID,
        blurb: BLURB,
        banner: BANNER,
        ctx: (),
        setup: None,
        rules: ui::rules::pages,
    }
}
