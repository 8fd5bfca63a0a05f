//! What a new game of Res Arcana is made of (variant, players, who plays each seat, seed), the
//! new-game form, and how a game is put on the table.

use super::RaScreen;
use crate::resarcana::Db;
use crate::resarcana::record::{SeatSpec, Spec};
use crate::resarcana::setup::Setup;
use crate::resarcana::state::Variant;
use crate::shell::commands::start_table;
use crate::shell::seats::SeatKind;
use crate::shell::tui::catalog::{FormRow, SetupForm};
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
    }
}

/// The name a variant goes by in file names.
fn label(variant: Variant) -> &'static str {
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

/// The new-game form of Res Arcana: the variant and the number of players.
pub struct RaSetup {
    /// The components the game is dealt from.
    pub db: Arc<Db>,
    /// The settings chosen.
    pub setup: Setup,
}

impl RaSetup {
    /// The form with its defaults: a standard game for two.
    pub fn new(db: Arc<Db>) -> RaSetup {
        RaSetup {
            db,
            setup: Setup {
                players: 2,
                variant: Variant::Standard,
                expansion_counts: false,
            },
        }
    }
}

/// The variants in the order the form cycles through them.
const VARIANTS: [Variant; 3] = [Variant::Standard, Variant::FirstGame, Variant::Draft];

impl SetupForm for RaSetup {
    fn rows(&self) -> Vec<FormRow> {
        let mut rows = vec![
            FormRow::Option {
                label: "Variant".into(),
                value: match self.setup.variant {
                    Variant::Standard => "Standard (2 mages and 8 artifacts dealt)".into(),
                    Variant::FirstGame => "First game (preset mages and artifacts)".into(),
                    Variant::Draft => "Draft (artifacts drafted from packets)".into(),
                },
            },
            FormRow::Option {
                label: "Players".into(),
                value: self.setup.players.to_string(),
            },
        ];
        rows.extend((0..self.setup.players as usize).map(FormRow::Seat));
        rows
    }

    fn change(&mut self, row: usize, delta: i32) -> Result<(), String> {
        match row {
            0 => {
                let i = VARIANTS
                    .iter()
                    .position(|v| *v == self.setup.variant)
                    .unwrap_or(0) as i32;
                self.setup.variant =
                    VARIANTS[(i + delta).rem_euclid(VARIANTS.len() as i32) as usize];
            }
            1 => {
                let n = (self.setup.players as i32 - 2 + delta).rem_euclid(3) + 2;
                self.setup.players = n as u8;
            }
            _ => {}
        }
        Ok(())
    }

    fn players(&self) -> usize {
        self.setup.players as usize
    }

    fn seat(&self, seat: usize) -> (String, usize) {
        (colour_name(seat).to_string(), seat)
    }

    fn start(
        &self,
        seats: &[SeatKind],
        seed: u64,
        save_dir: Option<&Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String> {
        table(self.db.clone(), self.setup, seats, seed, save_dir, env)
    }
}
