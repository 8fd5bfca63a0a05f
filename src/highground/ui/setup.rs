//! What a new game of High Ground is made of (variant, players, who plays each seat, seed) and
//! how a game is put on the table (the new-game form is the shell's, made from the options
//! High Ground declares).

use super::HgScreen;
use crate::highground::record::{SeatSpec, Spec};
use crate::highground::setup::Setup;
use crate::shell::commands::start_table;
use crate::shell::seats::SeatKind;
use crate::shell::tui::table::{TableEnv, TableScreen};
use crate::shell::tui::theme::colour_name;
use std::path::Path;

/// The names of the seats: the colour of their pyramids ("Blue", "Red", "Green", "Yellow").
pub fn seat_names(players: u8) -> Vec<String> {
    (0..players as usize)
        .map(|i| colour_name(i).to_string())
        .collect()
}

/// The `game` section of a save for a new game.
pub fn spec_for(setup: Setup, kinds: &[SeatKind]) -> Spec {
    Spec {
        variant: setup.variant,
        players: setup.players,
        rules: super::super::record::RULES_VERSION,
        seats: seat_names(setup.players)
            .into_iter()
            .enumerate()
            .map(|(i, name)| SeatSpec {
                name,
                player: kinds.get(i).cloned().unwrap_or(SeatKind::Human),
            })
            .collect(),
        position: None,
    }
}

/// Deals a new game and puts it on a table, saved into `save_dir` when given.
pub fn table(
    setup: Setup,
    kinds: &[SeatKind],
    seed: u64,
    save_dir: Option<&Path>,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    setup.validate().map_err(|e| e.to_string())?;
    let spec = spec_for(setup, kinds);
    let label = format!("high-ground-{}", setup.variant.name());
    start_table::<HgScreen>(&(), spec, seed, &label, save_dir, env)
}
