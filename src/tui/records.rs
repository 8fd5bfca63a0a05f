//! The one seam between the front end and saved games (continue, load, replay).
//!
//! Saves are being built separately (`src/record`); until they land, every function here says so
//! in plain words, and the menu shows that message instead of failing.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a record operation did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsError {
    /// This build cannot save or load games yet.
    NotAvailable(&'static str),
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordsError::NotAvailable(what) => write!(
                f,
                "{what} is not available yet: saved games arrive in a later version of this build"
            ),
        }
    }
}

impl std::error::Error for RecordsError {}

/// A saved game as the menu lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    pub path: PathBuf,
    /// One line for the menu ("Deathmatch, 2 players, turn 14").
    pub summary: String,
}

/// A game to resume (the setup and the choices so far, once records exist).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resumable {
    pub path: PathBuf,
}

/// The last unfinished game (`play --continue`, menu "Continue").
pub fn continue_last() -> Result<Resumable, RecordsError> {
    Err(RecordsError::NotAvailable("Continuing the last game"))
}

/// Saved games to load.
pub fn list_saves() -> Result<Vec<SaveEntry>, RecordsError> {
    Err(RecordsError::NotAvailable("Loading a saved game"))
}

/// Opens a save for the replay viewer.
pub fn open_replay(_path: &Path) -> Result<Resumable, RecordsError> {
    Err(RecordsError::NotAvailable("Replaying a saved game"))
}
