//! What a new game of High Ground is made of (variant, players, who plays each seat, seed), the
//! new-game form, and how a game is put on the table.

use super::HgScreen;
use crate::highground::record::{SeatSpec, Spec};
use crate::highground::setup::Setup;
use crate::highground::state::Variant;
use crate::shell::commands::start_table;
use crate::shell::seats::SeatKind;
use crate::shell::tui::catalog::{FormRow, SetupForm};
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

/// The new-game form of High Ground: the variant and the number of players.
pub struct HgSetup {
    pub setup: Setup,
}

impl Default for HgSetup {
    fn default() -> Self {
        HgSetup {
            setup: Setup {
                players: 2,
                variant: Variant::Normal,
            },
        }
    }
}

impl SetupForm for HgSetup {
    fn rows(&self) -> Vec<FormRow> {
        let mut rows = vec![
            FormRow::Option {
                label: "Variant".into(),
                value: match self.setup.variant {
                    Variant::Normal => "High Ground".into(),
                    Variant::Mini => "Mini (one nest each, 5 cards, hands of 2)".into(),
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
                self.setup.variant = match self.setup.variant {
                    Variant::Normal => Variant::Mini,
                    Variant::Mini => Variant::Normal,
                }
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
        table(self.setup, seats, seed, save_dir, env)
    }
}
