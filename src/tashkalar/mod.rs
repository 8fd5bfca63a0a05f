//! Tash-Kalar: Arena of Legends. Its rules engine ([`engine`]: pure, no I/O), the engine as a
//! game of the table ([`game`]), its save payload ([`record`]), its screen ([`ui`]), and the
//! commands that only make sense for it ([`cli`]: card checks, the legal choices of a scenario,
//! tournaments' set-ups).

pub mod cli;
pub mod def;
pub mod engine;
pub mod game;
pub mod record;
pub mod tactics;
pub mod ui;
pub mod wire;

pub use def::TashKalar;

use crate::shell::tui::catalog::{Entry, SetupForm};
use engine::CardDb;
use std::sync::Arc;
use ui::ArenaScreen;

/// The name `--game` takes.
pub const ID: &str = "tash-kalar";

/// One line about the game, for the menu.
const BLURB: &str = "Arena of Legends: summon beings from patterns of pieces";

/// The game's name in big letters above its menu.
const BANNER: &[&str] = &[
    "▀█▀ ▄▀█ █▀ █ █ ▄▄ █▄▀ ▄▀█ █   ▄▀█ █▀█",
    " █  █▀█ ▄█ █▀█    █ █ █▀█ █▄▄ █▀█ █▀▄",
    "",
];

/// Tash-Kalar's entry in the table's catalog, playing with the cards of `db`.
pub fn entry(db: Arc<CardDb>) -> Entry<ArenaScreen> {
    Entry {
        id: ID,
        blurb: BLURB,
        banner: BANNER,
        ctx: db,
        setup: Some(|db: &Arc<CardDb>| {
            Box::new(ui::setup::TkSetup::new(Arc::clone(db))) as Box<dyn SetupForm>
        }),
        rules: ui::rules::pages,
    }
}
