//! What a new game of Tash-Kalar is made of (form, players, decks, seed), how the command line
//! and the new-game form turn into one, and how it is put on the table.

use super::ArenaScreen;
use crate::shell::commands::start_table;
use crate::shell::seats::SeatKind;
use crate::shell::tui::catalog::{FormRow, SetupForm};
use crate::shell::tui::table::{TableEnv, TableScreen};
use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::RULES_VERSION;
use crate::tashkalar::engine::scenario::Scenario;
use crate::tashkalar::engine::setup::{MIN_TASKS, Seating, seatings};
use crate::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};
use crate::tashkalar::record::{GameSpec, SeatSpec};
use std::path::Path;
use std::sync::Arc;

/// Everything needed to deal a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub mode: Mode,
    pub players: u8,
    /// Two teams of 2 (4 players).
    pub teams: bool,
    pub seats: Vec<SeatKind>,
    pub decks: Vec<String>,
    pub seed: u64,
}

/// Why High Form cannot be chosen, if it cannot.
pub fn high_form_unavailable(db: &CardDb) -> Option<String> {
    if db.tasks.len() < MIN_TASKS {
        Some(match db.tasks.len() {
            0 => format!("no task cards are loaded (High Form needs at least {MIN_TASKS})"),
            n => format!("only {n} task cards are loaded (High Form needs at least {MIN_TASKS})"),
        })
    } else {
        None
    }
}

/// Decks per seat from a `--decks` list: empty means the first deck for everyone, one name means
/// that deck for everyone. The names are checked with the rest of the set-up
/// ([`GameConfig::validate`]).
pub fn decks_for(db: &CardDb, given: &[String], players: u8) -> Result<Vec<String>, String> {
    let first = db
        .decks
        .first()
        .ok_or_else(|| "no being decks are loaded".to_string())?;
    Ok(match given.len() {
        0 => vec![first.name.clone(); players as usize],
        1 => vec![given[0].clone(); players as usize],
        n if n == players as usize => given.to_vec(),
        n => {
            return Err(format!(
                "--decks names {n} decks for {players} players (give one, or one per seat)"
            ));
        }
    })
}

/// The names of the seats of a game: the colour of their pieces, and in the team game a "2"
/// for the second player of a colour ("Blue", "Red", "Blue 2", "Red 2").
pub fn seat_names(config: &GameConfig) -> Vec<String> {
    let colour = |i: usize| if config.teams { i % 2 } else { i };
    (0..config.players as usize)
        .map(|i| {
            let earlier = (0..i).filter(|&j| colour(j) == colour(i)).count();
            if earlier == 0 {
                colour_name(colour(i)).to_string()
            } else {
                format!("{} {}", colour_name(colour(i)), earlier + 1)
            }
        })
        .collect()
}

/// The `game` section of a save: the form, players, decks, who plays each seat, and the
/// scenario text the game started from.
pub fn spec_for(config: &GameConfig, kinds: &[SeatKind], scenario: Option<String>) -> GameSpec {
    let names = seat_names(config);
    GameSpec {
        mode: config.mode,
        players: config.players,
        teams: config.teams,
        seats: names
            .into_iter()
            .enumerate()
            .map(|(i, name)| SeatSpec {
                name,
                player: kinds.get(i).cloned().unwrap_or(SeatKind::Human),
                deck: config.decks.get(i).cloned().unwrap_or_default(),
            })
            .collect(),
        rules: RULES_VERSION,
        scenario,
    }
}

impl GameSetup {
    /// The engine's configuration.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            mode: self.mode,
            players: self.players,
            teams: self.teams,
            decks: self.decks.clone(),
        }
    }

    /// Deals the game (the engine checks the set-up first).
    pub fn deal(&self, db: Arc<CardDb>) -> Result<GameState, String> {
        GameState::new_game(db, self.config(), self.seed).map_err(|e| e.to_string())
    }

    /// Deals the game and puts it on a table, saved into `save_dir` when given.
    pub fn table(
        &self,
        db: Arc<CardDb>,
        save_dir: Option<&Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String> {
        let spec = spec_for(&self.config(), &self.seats, None);
        start_table::<ArenaScreen>(&db, spec, self.seed, self.mode.name(), save_dir, env)
    }
}

/// A game set up by a scenario file (`text`) on a table, saved with the scenario when
/// `save_dir` is given.
pub fn scenario_table(
    db: Arc<CardDb>,
    text: &str,
    kinds: &[SeatKind],
    save_dir: Option<&Path>,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    let scenario = Scenario::parse(text).map_err(|e| e.to_string())?;
    let seed = scenario.seed;
    let state = scenario
        .into_state(Arc::clone(&db))
        .map_err(|e| e.to_string())?;
    let spec = spec_for(&state.config, kinds, Some(text.to_string()));
    let label = state.config.mode.name();
    start_table::<ArenaScreen>(&db, spec, seed, label, save_dir, env)
}

/// Builds a game from a scenario file's text.
pub fn scenario_state(db: Arc<CardDb>, text: &str) -> Result<GameState, String> {
    let scenario = Scenario::parse(text).map_err(|e| e.to_string())?;
    scenario.into_state(db).map_err(|e| e.to_string())
}

/// The new-game form of Tash-Kalar: form of play, players, and a deck per seat.
pub struct TkSetup {
    pub db: Arc<CardDb>,
    pub mode: Mode,
    pub players: u8,
    /// Two teams of 2 (4 players).
    pub teams: bool,
    /// Per seat: index into the database's decks.
    pub decks: [usize; 4],
}

impl TkSetup {
    /// Deathmatch for two; seat `i` gets deck `i` (round the decks when there are fewer than
    /// seats), so that the seats' decks differ by default.
    pub fn new(db: Arc<CardDb>) -> TkSetup {
        let n = db.decks.len().max(1);
        TkSetup {
            db,
            mode: Mode::Deathmatch,
            players: 2,
            teams: false,
            decks: std::array::from_fn(|i| i % n),
        }
    }

    fn config(&self) -> GameConfig {
        GameConfig {
            mode: self.mode,
            players: self.players,
            teams: self.teams,
            decks: Vec::new(),
        }
    }

    fn seating(&self) -> Seating {
        Seating {
            players: self.players,
            teams: self.teams,
        }
    }

    fn deck_name(&self, seat: usize) -> String {
        self.db
            .decks
            .get(self.decks[seat])
            .map_or("(none)".into(), |d| d.name.clone())
    }
}

/// The rows of the form, in order: form, players, then each seat's player and deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum TkRow {
    Mode,
    Players,
    Player(usize),
    Deck(usize),
}

impl TkSetup {
    fn tk_rows(&self) -> Vec<TkRow> {
        let mut rows = vec![TkRow::Mode, TkRow::Players];
        for i in 0..self.players as usize {
            rows.push(TkRow::Player(i));
            rows.push(TkRow::Deck(i));
        }
        rows
    }
}

impl SetupForm for TkSetup {
    fn rows(&self) -> Vec<FormRow> {
        self.tk_rows()
            .into_iter()
            .map(|row| match row {
                TkRow::Mode => FormRow::Option {
                    label: "Form".into(),
                    value: match self.mode {
                        Mode::Deathmatch => "Deathmatch".into(),
                        Mode::HighForm => "High Form".into(),
                    },
                },
                TkRow::Players => FormRow::Option {
                    label: "Players".into(),
                    value: if self.teams {
                        "4 (two teams)".into()
                    } else {
                        self.players.to_string()
                    },
                },
                TkRow::Player(s) => FormRow::Seat(s),
                TkRow::Deck(s) => FormRow::Option {
                    label: format!("  deck of seat {}", s + 1),
                    value: self.deck_name(s),
                },
            })
            .collect()
    }

    fn change(&mut self, row: usize, delta: i32) -> Result<(), String> {
        match self.tk_rows().get(row) {
            Some(TkRow::Mode) => {
                let next = if self.mode == Mode::Deathmatch {
                    Mode::HighForm
                } else {
                    Mode::Deathmatch
                };
                if next == Mode::HighForm
                    && let Some(why) = high_form_unavailable(&self.db)
                {
                    return Err(format!("High Form is unavailable: {why}"));
                }
                self.mode = next;
                if !seatings(self.mode).contains(&self.seating()) {
                    (self.players, self.teams) = (2, false);
                }
            }
            Some(TkRow::Players) => {
                let allowed = seatings(self.mode);
                let i = allowed
                    .iter()
                    .position(|s| *s == self.seating())
                    .unwrap_or(0);
                let j = (i as i32 + delta).rem_euclid(allowed.len() as i32) as usize;
                (self.players, self.teams) = (allowed[j].players, allowed[j].teams);
            }
            Some(TkRow::Deck(s)) => {
                let n = self.db.decks.len().max(1) as i32;
                self.decks[*s] = (self.decks[*s] as i32 + delta).rem_euclid(n) as usize;
            }
            Some(TkRow::Player(_)) | None => {}
        }
        Ok(())
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn seat(&self, seat: usize) -> (String, usize) {
        let config = self.config();
        let colour = if config.teams { seat % 2 } else { seat };
        let name = seat_names(&config)
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {}", seat + 1));
        (name, colour)
    }

    fn start(
        &self,
        seats: &[SeatKind],
        seed: u64,
        save_dir: Option<&Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String> {
        let decks = (0..self.players as usize)
            .map(|i| self.deck_name(i))
            .collect();
        let setup = GameSetup {
            mode: self.mode,
            players: self.players,
            teams: self.teams,
            seats: seats.to_vec(),
            decks,
            seed,
        };
        setup.table(Arc::clone(&self.db), save_dir, env)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decks_default_and_validate() {
        let db = CardDb::builtin().expect("cards");
        let first = db.decks[0].name.clone();
        assert_eq!(decks_for(&db, &[], 3), Ok(vec![first.clone(); 3]));
        assert!(decks_for(&db, &[first.clone(), first.clone(), first], 2).is_err());
    }

    #[test]
    fn team_seats_are_named_after_their_colour() {
        let config = GameConfig {
            mode: Mode::HighForm,
            players: 4,
            teams: true,
            decks: Vec::new(),
        };
        assert_eq!(seat_names(&config), ["Blue", "Red", "Blue 2", "Red 2"]);
    }
}
