//! The one seam between the front end and saved games (continue, load, replay, autosave): it turns
//! the screen's notions (seats, who plays them) into a save's and back, and finds saves on disk.
//! The format, validation and atomic writing are in [`crate::shell::record`].

use super::game::seats::{Player, SeatKind, Seats};
use crate::shell::record::load::{self, SaveInfo};
use crate::shell::record::{FileError, Loaded};
use crate::tashkalar::engine::{CardDb, GameState};
use crate::tashkalar::record::{GameSpec, SeatSpec};
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The directory saves go to unless `--save-dir` says otherwise (relative to where the program
/// was started).
pub const DEFAULT_DIR: &str = "saves";

/// Why a record operation did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsError {
    /// This session keeps no saves (no save directory).
    Off,
    /// No save of a game in progress in the directory.
    NothingToContinue(PathBuf),
    /// No save at all in the directory.
    NoSaves(PathBuf),
    /// The directory could not be read.
    Listing { dir: PathBuf, why: String },
    /// A save is unreadable or wrong (the error names the file).
    File(FileError),
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordsError::Off => {
                f.write_str("saving is off in this session, so there are no saves")
            }
            RecordsError::NothingToContinue(dir) => {
                write!(f, "no unfinished game to continue in {}", dir.display())
            }
            RecordsError::NoSaves(dir) => write!(f, "no saved games in {} yet", dir.display()),
            RecordsError::Listing { dir, why } => write!(f, "{}: {why}", dir.display()),
            RecordsError::File(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for RecordsError {}

impl From<FileError> for RecordsError {
    fn from(e: FileError) -> Self {
        RecordsError::File(e)
    }
}

/// A saved game as the list of saves shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// One line: "Deathmatch · Blue vs Red (random) · 57 decisions · in progress".
    pub summary: String,
    /// A readable save of a game still going on.
    pub unfinished: bool,
    /// The file could be read as a save (its choices are checked only when it is opened).
    pub readable: bool,
}

/// A save that passed every check, ready to resume or to watch.
#[derive(Clone)]
pub struct Opened {
    /// The file it came from (a resumed game goes on being saved there).
    pub path: PathBuf,
    /// The checked save and the game it describes.
    pub loaded: Loaded<GameState>,
}

impl Opened {
    /// The seats as the screen knows them: saved names, people and bots.
    pub fn seats(&self) -> Seats {
        seats_of(&self.loaded.save.game)
    }

    /// Who plays each seat.
    pub fn kinds(&self) -> Vec<SeatKind> {
        kinds_of(&self.loaded.save.game)
    }
}

/// The save's seats as the screen knows them.
pub fn seats_of(spec: &GameSpec) -> Seats {
    Seats {
        players: spec
            .seats
            .iter()
            .map(|s| Player {
                name: s.name.clone(),
                kind: kind_of(&s.player),
            })
            .collect(),
    }
}

fn kind_of(player: &crate::tashkalar::record::Player) -> SeatKind {
    match player {
        crate::tashkalar::record::Player::Human => SeatKind::Human,
        crate::tashkalar::record::Player::Bot(name) => SeatKind::Ai(name.clone()),
    }
}

/// Who plays each seat of a save.
pub fn kinds_of(spec: &GameSpec) -> Vec<SeatKind> {
    spec.seats.iter().map(|s| kind_of(&s.player)).collect()
}

/// The `game` section of a save for a game on screen; `scenario` is the text it started from.
pub fn spec_for(state: &GameState, seats: &Seats, scenario: Option<String>) -> GameSpec {
    GameSpec {
        mode: state.config.mode,
        players: state.config.players,
        teams: state.config.teams,
        seats: state
            .seat_ids()
            .map(|seat| SeatSpec {
                name: seats.name(seat).to_string(),
                player: match seats.kind(seat) {
                    SeatKind::Human => crate::tashkalar::record::Player::Human,
                    SeatKind::Ai(name) => crate::tashkalar::record::Player::Bot(name),
                },
                deck: state
                    .config
                    .decks
                    .get(seat.index())
                    .cloned()
                    .unwrap_or_default(),
            })
            .collect(),
        scenario,
    }
}

/// Reads and checks one save.
pub fn open(path: &Path, db: &Arc<CardDb>) -> Result<Opened, RecordsError> {
    let loaded = load::read::<GameState>(path, db)?;
    Ok(Opened {
        path: path.to_path_buf(),
        loaded,
    })
}

fn listing(dir: &Path) -> Result<Vec<SaveInfo<GameSpec>>, RecordsError> {
    load::list::<GameState>(dir).map_err(|e| RecordsError::Listing {
        dir: dir.to_path_buf(),
        why: e.to_string(),
    })
}

/// The last unfinished game (`play --continue`, menu "Continue"): the most recently modified save
/// of a game in progress, checked.
pub fn continue_last(dir: &Path, db: &Arc<CardDb>) -> Result<Opened, RecordsError> {
    let last = listing(dir)?
        .into_iter()
        .find(SaveInfo::unfinished)
        .ok_or_else(|| RecordsError::NothingToContinue(dir.to_path_buf()))?;
    open(&last.path, db)
}

/// The saves of a directory, newest first, unreadable files included (marked so).
pub fn list_saves(dir: &Path) -> Result<Vec<SaveEntry>, RecordsError> {
    let all = listing(dir)?;
    if all.is_empty() {
        return Err(RecordsError::NoSaves(dir.to_path_buf()));
    }
    Ok(all.iter().map(entry).collect())
}

fn entry(info: &SaveInfo<GameSpec>) -> SaveEntry {
    let name = info
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let summary = match &info.save {
        Ok(save) => {
            let g = &save.game;
            let mode = match g.mode {
                crate::tashkalar::engine::Mode::HighForm => "High Form",
                crate::tashkalar::engine::Mode::Deathmatch => "Deathmatch",
            };
            let seats: Vec<String> = g
                .seats
                .iter()
                .map(|s| match &s.player {
                    crate::tashkalar::record::Player::Human => s.name.clone(),
                    crate::tashkalar::record::Player::Bot(b) => format!("{} ({b})", s.name),
                })
                .collect();
            format!(
                "{name} · {mode} · {} · {} decisions · {}",
                seats.join(" vs "),
                save.choices.len(),
                if save.finished {
                    "finished"
                } else {
                    "in progress"
                }
            )
        }
        Err(e) => format!("{name} · unreadable: {e}"),
    };
    SaveEntry {
        path: info.path.clone(),
        summary,
        unfinished: info.unfinished(),
        readable: info.save.is_ok(),
    }
}
