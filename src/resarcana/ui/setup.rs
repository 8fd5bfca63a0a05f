//! What a new game of Res Arcana is made of (variant, players, who plays each seat, seed) and
//! how a game is put on the table (the new-game form is the shell's, made from the options
//! Res Arcana declares in `def.rs`).

use super::RaScreen;
use crate::resarcana::Db;
use crate::resarcana::record::{SeatSpec, Spec};
use crate::resarcana::setup::Setup;
use crate::resarcana::state::Variant;
use crate::shell::commands::start_table;
use crate::shell::seats::SeatKind;
use crate::shell::tui::table::{TableEnv, TableScreen};
use crate::shell::tui::theme::colour_name;
use std::path::Path;
use std::sync::Arc;

/// The names of the seats: their player colours ("Blue", "Red", "Green", "Yellow"), the colour
/// each is drawn in.
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
        expansion_counts: setup.expansion_counts,
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

/// The name a variant goes by in file names.
pub fn label(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "res-arcana",
        Variant::FirstGame => "res-arcana-first-game",
        Variant::Draft => "res-arcana-draft",
    }
}

/// Deals a new game with the components of `db` and puts it on a table, saved into `save_dir`
/// when given.
pub fn table(
    db: Arc<Db>,
    setup: Setup,
    kinds: &[SeatKind],
    seed: u64,
    save_dir: Option<&Path>,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    if !(2..=4).contains(&setup.players) {
        return Err(format!(
            "Res Arcana is for 2 to 4 players, not {}",
            setup.players
        ));
    }
    let spec = spec_for(setup, kinds);
    start_table::<RaScreen>(&db, spec, seed, label(setup.variant), save_dir, env)
}
