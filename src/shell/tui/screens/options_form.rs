//! The new-game form made from a game's declared options: one row per `Setup` option with a
//! label (a word of its list, or a switch), the player count, then the seats. Starting it asks
//! the game for a table exactly as `play` does ([`GameDef::table`]), with the options the
//! form chose, so the command line and the menu set a game up through one declaration and one
//! path.

use crate::shell::registry::{GameDef, GameOption, OptionValue, Options, PlayRequest, Registry};
use crate::shell::seats::SeatKind;
use crate::shell::tui::catalog::{FormRow, SetupForm};
use crate::shell::tui::table::{TableEnv, TableScreen};
use std::path::Path;
use std::sync::Arc;

/// A form of a game's declared options.
pub struct OptionsForm {
    registry: Arc<Registry>,
    index: usize,
    /// The options given on the command line (the game's data folder, say), kept as they are.
    given: Options,
    /// The declared options the form shows, and each one's value: the index of a word, or 0/1
    /// for a switch.
    rows: Vec<(GameOption, usize)>,
    players: u8,
}

impl OptionsForm {
    /// The form of game `index` of `registry`, starting from what `given` already says.
    pub fn new(registry: Arc<Registry>, index: usize, given: Options) -> OptionsForm {
        let game = &registry.games[index];
        let rows = game
            .options()
            .iter()
            .filter(|o| !o.label.is_empty())
            .filter_map(|o| {
                let value = match o.value {
                    OptionValue::Word(words) => given
                        .word(o.name)
                        .and_then(|w| words.iter().position(|x| x.word == w))
                        .unwrap_or(0),
                    OptionValue::Switch => usize::from(given.given(o.name)),
                    OptionValue::Words | OptionValue::Path => return None,
                };
                Some((*o, value))
            })
            .collect();
        let players = game.about().players.0;
        OptionsForm {
            registry,
            index,
            given,
            rows,
            players,
        }
    }

    fn game(&self) -> &dyn GameDef {
        self.registry.games[self.index].as_ref()
    }

    /// Whether the player count is a row (a game for one count has nothing to choose).
    fn players_row(&self) -> Option<usize> {
        let (least, most) = self.game().about().players;
        (least < most).then_some(self.rows.len())
    }

    /// The options as the form has them, over those given.
    pub fn options(&self) -> Options {
        let mut options = self.given.clone();
        for (option, value) in &self.rows {
            options = match option.value {
                OptionValue::Word(words) => options.with(
                    option.name,
                    vec![words[(*value).min(words.len() - 1)].word.to_string()],
                ),
                OptionValue::Switch if *value == 1 => options.with(option.name, Vec::new()),
                _ => options,
            };
        }
        options
    }
}

impl SetupForm for OptionsForm {
    fn rows(&self) -> Vec<FormRow> {
        let mut rows: Vec<FormRow> = self
            .rows
            .iter()
            .map(|(option, value)| FormRow::Option {
                label: option.label.to_string(),
                value: match option.value {
                    OptionValue::Word(words) => {
                        let w = words[(*value).min(words.len() - 1)];
                        if w.means.is_empty() { w.word } else { w.means }.to_string()
                    }
                    _ if *value == 1 => "yes".into(),
                    _ => "no".into(),
                },
            })
            .collect();
        if self.players_row().is_some() {
            rows.push(FormRow::Option {
                label: "Players".into(),
                value: self.players.to_string(),
            });
        }
        rows.extend((0..self.players as usize).map(FormRow::Seat));
        rows
    }

    fn change(&mut self, row: usize, delta: i32) -> Result<(), String> {
        let step =
            |value: usize, len: usize| (value as i32 + delta).rem_euclid(len as i32) as usize;
        if let Some((option, value)) = self.rows.get_mut(row) {
            let len = match option.value {
                OptionValue::Word(words) => words.len(),
                _ => 2,
            };
            *value = step(*value, len.max(1));
        } else if Some(row) == self.players_row() {
            let (least, most) = self.game().about().players;
            let span = (most - least + 1) as usize;
            self.players = least + step((self.players - least) as usize, span) as u8;
        }
        Ok(())
    }

    fn players(&self) -> usize {
        self.players as usize
    }

    fn seat(&self, seat: usize) -> (String, usize) {
        (self.game().seat_name(seat), seat)
    }

    fn start(
        &self,
        seats: &[SeatKind],
        seed: u64,
        save_dir: Option<&Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String> {
        let request = PlayRequest {
            players: Some(self.players),
            ai: Vec::new(),
            seed: Some(seed),
            scenario: None,
            save_dir: save_dir.map(Path::to_path_buf),
            seats: Some(seats[..(self.players as usize).min(seats.len())].to_vec()),
        };
        self.game()
            .table(&self.options(), &request, env)
            .map_err(|e| e.to_string())
    }
}
