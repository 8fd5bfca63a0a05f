//! Reading saves: every way a file can be wrong becomes a [`LoadError`] that says what is wrong in
//! one line, never a panic; the file is only ever read.
//!
//! Checks, in order: the bytes are text; the text is a RON struct; it is a save of this game
//! (`format`) in a version this build reads; every field is there and known; the game can be set
//! up; every choice can be read and is legal where it stands; the game is over exactly when the
//! save says so; the final state has the saved hash; (version 2) the choices are the ones the
//! `history` check was made over; and the integrity check matches (so damage that happens to
//! leave a playable game is noticed too). A save played under older rules that
//! no longer replays says so, naming the rules change that may explain it.

use super::format::{
    self, Header, READ_VERSIONS, Recordable, SaveFile, check_digits_at, check_of, history_hash,
    parse_hex,
};
use crate::shell::quote;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// What is wrong with a save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be read.
    Io(String),
    /// Nothing in it.
    Empty,
    /// Binary data rather than text.
    NotText,
    /// Text, but not a RON struct at all (JSON, prose, ...).
    NotRon {
        line: usize,
        column: usize,
        message: String,
    },
    /// A RON struct that is cut short or damaged.
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// A RON struct that is not a save of the game `expected` names (`found`: its `format`
    /// field, if any).
    Foreign {
        expected: &'static str,
        found: Option<String>,
    },
    /// A save of this game in a format version this build does not read.
    Version(u32),
    /// The `game` section describes no game that can be set up.
    Setup(String),
    /// The `hash` field is not 16 lower-case hexadecimal digits.
    BadHash(String),
    /// Choice `index` (1-based) cannot be read as notation.
    Unreadable {
        index: usize,
        text: String,
        why: String,
    },
    /// Choice `index` (1-based) is not among the legal choices where it stands.
    Illegal {
        index: usize,
        text: String,
        why: String,
    },
    /// Choice `index` (1-based) comes after the game ended.
    AfterEnd { index: usize, text: String },
    /// The save says the game is (not) over, the choices say otherwise.
    Finished { saved: bool },
    /// The choices lead to another state than the saved hash describes.
    HashMismatch { saved: String, actual: String },
    /// A version 2 save without its `history` check.
    NoHistory,
    /// A version 1 save with a `history` field (version 1 has none).
    HistoryInVersion1,
    /// The `history` field is not 16 lower-case hexadecimal digits.
    BadHistory(String),
    /// The choices are not the ones the `history` check was made over: the history was changed.
    HistoryMismatch,
    /// The `check` field is not 16 lower-case hexadecimal digits.
    BadCheck(String),
    /// The integrity check does not match the text.
    CheckMismatch,
    /// The save no longer replays (`error`), and it was played under older rules: `note` names
    /// the change that may explain it.
    OlderRules { error: Box<LoadError>, note: String },
}

impl fmt::Display for LoadError {
    /// One line: the text of the file it quotes is quoted short, with control characters
    /// escaped ([`quote::message`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&quote::message(&Raw(self).to_string()))
    }
}

/// A [`LoadError`] in words, before the quotes in it are made safe.
struct Raw<'a>(&'a LoadError);

impl fmt::Display for Raw<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            LoadError::Io(e) => write!(f, "cannot read: {e}"),
            LoadError::Empty => f.write_str("the file is empty"),
            LoadError::NotText => f.write_str("not a save file (binary data, not text)"),
            LoadError::NotRon {
                line,
                column,
                message,
            } => write!(
                f,
                "not a save file (not RON: line {line}, column {column}: {message})"
            ),
            LoadError::Syntax {
                line,
                column,
                message,
            } => write!(
                f,
                "truncated or corrupt: line {line}, column {column}: {message}"
            ),
            LoadError::Foreign {
                expected,
                found: None,
            } => write!(f, "not a {expected} save (no `format` field)"),
            LoadError::Foreign {
                expected,
                found: Some(found),
            } => write!(f, "not a {expected} save (its format is `{found}`)"),
            LoadError::Version(v) => write!(
                f,
                "save format version {v} is not supported (this build reads versions {})",
                READ_VERSIONS
                    .iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" and ")
            ),
            LoadError::Setup(why) => write!(f, "the game cannot be set up: {why}"),
            LoadError::BadHash(h) => {
                write!(f, "hash \"{h}\" is not 16 lower-case hexadecimal digits")
            }
            LoadError::Unreadable { index, text, why } => {
                write!(f, "choice {index} \"{text}\" cannot be read: {why}")
            }
            LoadError::Illegal { index, text, why } => {
                write!(f, "choice {index} \"{text}\" is not legal here: {why}")
            }
            LoadError::AfterEnd { index, text } => write!(
                f,
                "choice {index} \"{text}\" comes after the end of the game"
            ),
            LoadError::Finished { saved: true } => {
                f.write_str("the save says the game is over, but its choices leave it unfinished")
            }
            LoadError::Finished { saved: false } => {
                f.write_str("the save says the game goes on, but its choices end it")
            }
            LoadError::HashMismatch { saved, actual } => write!(
                f,
                "the choices lead to state hash {actual}, but the save records {saved}"
            ),
            LoadError::NoHistory => f.write_str(
                "the `history` check is missing (every version 2 save has one): the file was \
                 damaged or edited",
            ),
            LoadError::HistoryInVersion1 => {
                f.write_str("a version 1 save has no `history` field: the file was edited")
            }
            LoadError::BadHistory(h) => {
                write!(f, "history \"{h}\" is not 16 lower-case hexadecimal digits")
            }
            LoadError::HistoryMismatch => f.write_str(
                "the choices are not the ones the `history` check was made over: the history \
                 was changed after the game was saved",
            ),
            LoadError::BadCheck(c) => {
                write!(f, "check \"{c}\" is not 16 lower-case hexadecimal digits")
            }
            LoadError::OlderRules { error, note } => write!(f, "{error} ({note})"),
            LoadError::CheckMismatch => f.write_str(
                "the integrity check does not match: the file was damaged or edited \
                 (to load a save edited on purpose, delete its `check` line)",
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// A [`LoadError`] with the file it is about: `saves/x.ron: choice 17 "..." is not legal here`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong with it.
    pub error: LoadError,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = quote::escape(&self.path.display().to_string());
        write!(f, "{path}: {}", self.error)
    }
}

impl std::error::Error for FileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// A save that passed every check, with the game it describes.
#[derive(Clone)]
pub struct Loaded<G: Recordable> {
    /// The file's fields.
    pub save: SaveFile<G::Spec>,
    /// The game before its first choice.
    pub start: G,
    /// The choices, read.
    pub choices: Vec<G::Choice>,
    /// The game after every choice.
    pub end: G,
}

fn ron_options() -> ron::Options {
    // Hand-written saves may leave out `Some(...)` around the optional fields.
    ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
}

fn position(e: &ron::error::SpannedError) -> (usize, usize, String) {
    quote::ron_error(e)
}

/// Reads the fields of a save without playing its choices: enough to list it.
pub fn parse_fields<G: Recordable>(text: &str) -> Result<SaveFile<G::Spec>, LoadError> {
    let text = quote::without_bom(text);
    let header = read_header(text)?;
    match header.format {
        Some(f) if f == G::FORMAT => {}
        found => {
            return Err(LoadError::Foreign {
                expected: G::TITLE,
                found,
            });
        }
    }
    match header.version {
        Some(v) if READ_VERSIONS.contains(&v) => {}
        Some(v) => return Err(LoadError::Version(v)),
        // The full read below names the missing field.
        None => {}
    }
    ron_options().from_str(text).map_err(|e| {
        let (line, column, message) = position(&e);
        LoadError::Syntax {
            line,
            column,
            message,
        }
    })
}

/// Reads only what tells what kind of file a text is: its `format` and `version` fields.
pub fn read_header(text: &str) -> Result<Header, LoadError> {
    let text = quote::without_bom(text);
    if text.trim().is_empty() {
        return Err(LoadError::Empty);
    }
    ron_options().from_str(text).map_err(|e| {
        let (line, column, message) = position(&e);
        // A save always opens with `(`; anything else is some other kind of file.
        if text.trim_start().starts_with('(') {
            LoadError::Syntax {
                line,
                column,
                message,
            }
        } else {
            LoadError::NotRon {
                line,
                column,
                message,
            }
        }
    })
}

/// The text of a file's bytes, or why it is no save at all (empty, binary).
pub fn text_of(bytes: &[u8]) -> Result<String, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    // A NUL never appears in a text file; other control bytes are left to the RON reader.
    let text = std::str::from_utf8(bytes).map_err(|_| LoadError::NotText)?;
    if text.contains('\0') {
        return Err(LoadError::NotText);
    }
    Ok(text.to_string())
}

/// Reads and checks a save given as bytes.
pub fn parse_bytes<G: Recordable>(bytes: &[u8], ctx: &G::Context) -> Result<Loaded<G>, LoadError> {
    parse(&text_of(bytes)?, ctx)
}

/// Reads and checks a save given as text.
pub fn parse<G: Recordable>(text: &str, ctx: &G::Context) -> Result<Loaded<G>, LoadError> {
    // A byte-order mark (some editors add one) is no part of the save, nor of its check.
    let text = quote::without_bom(text);
    let save = parse_fields::<G>(text)?;
    let saved_hash = parse_hex(&save.hash).ok_or_else(|| LoadError::BadHash(save.hash.clone()))?;
    let saved_history = match (save.version, &save.history) {
        (1, None) => None,
        (1, Some(_)) => return Err(LoadError::HistoryInVersion1),
        (_, None) => return Err(LoadError::NoHistory),
        (_, Some(h)) => Some(parse_hex(h).ok_or_else(|| LoadError::BadHistory(h.clone()))?),
    };
    let start =
        G::start(&save.game, save.seed, ctx).map_err(|e| LoadError::Setup(e.to_string()))?;
    let (game, choices) =
        replay_choices(&save, &start, saved_hash).map_err(|(error, failed)| {
            // A rules change can make a choice illegal or lead elsewhere; it cannot make one unreadable.
            if matches!(error, LoadError::Unreadable { .. }) {
                return error;
            }
            match G::older_rules_note(&save.game, failed.as_deref()) {
                Some(note) => LoadError::OlderRules {
                    error: Box::new(error),
                    note,
                },
                None => error,
            }
        })?;
    // The final hash says where the choices lead; this says they are the choices recorded.
    if saved_history.is_some_and(|h| h != history_hash(&save.choices)) {
        return Err(LoadError::HistoryMismatch);
    }
    if let Some(check) = &save.check {
        let stored = parse_hex(check).ok_or_else(|| LoadError::BadCheck(check.clone()))?;
        let at = check_digits_at(text, check).ok_or(LoadError::CheckMismatch)?;
        if check_of(text, at) != stored {
            return Err(LoadError::CheckMismatch);
        }
    }
    Ok(Loaded {
        save,
        start,
        choices,
        end: game,
    })
}

/// A refusal while replaying, with the text of the refused choice (if a choice was refused).
type ReplayFailure = (LoadError, Option<String>);

/// Plays a save's choices from `start` and checks where they lead: every choice readable and legal,
/// the game over exactly when the save says so, the saved hash.
fn replay_choices<G: Recordable>(
    save: &SaveFile<G::Spec>,
    start: &G,
    saved_hash: u64,
) -> Result<(G, Vec<G::Choice>), ReplayFailure> {
    let mut game = start.clone();
    let mut choices = Vec::with_capacity(save.choices.len());
    for (i, text) in save.choices.iter().enumerate() {
        let index = i + 1;
        let failed = || Some(text.clone());
        let choice = game.parse_choice(text).map_err(|why| {
            let error = LoadError::Unreadable {
                index,
                text: text.clone(),
                why: why.to_string(),
            };
            (error, failed())
        })?;
        if game.is_over() {
            let error = LoadError::AfterEnd {
                index,
                text: text.clone(),
            };
            return Err((error, failed()));
        }
        game.play(choice).map_err(|why| {
            let error = LoadError::Illegal {
                index,
                text: text.clone(),
                why: why.to_string(),
            };
            (error, failed())
        })?;
        choices.push(choice);
    }
    if game.is_over() != save.finished {
        let error = LoadError::Finished {
            saved: save.finished,
        };
        return Err((error, None));
    }
    let actual = game.record_hash(save.version);
    if actual != saved_hash {
        let error = LoadError::HashMismatch {
            saved: save.hash.clone(),
            actual: format::hex(actual),
        };
        return Err((error, None));
    }
    Ok((game, choices))
}

/// Reads and checks a save file. The file is only read, whatever is wrong with it.
pub fn read<G: Recordable>(path: &Path, ctx: &G::Context) -> Result<Loaded<G>, FileError> {
    let bytes = std::fs::read(path).map_err(|e| FileError {
        path: path.to_path_buf(),
        error: LoadError::Io(e.to_string()),
    })?;
    parse_bytes(&bytes, ctx).map_err(|error| FileError {
        path: path.to_path_buf(),
        error,
    })
}

/// Every save file of `dir` (`*.ron`, not hidden) and when it was last written. A missing
/// directory has none. Temporary files left by interrupted writes are removed on the way
/// ([`super::save::clear_stale_temps`]).
pub fn save_files(dir: &Path) -> std::io::Result<Vec<(PathBuf, SystemTime)>> {
    // The leftovers of writes a `kill -9` cut short go when the folder is looked at.
    super::save::clear_stale_temps(dir);
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        let hidden = path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'));
        if hidden || path.extension().is_none_or(|e| e != "ron") || !path.is_file() {
            continue;
        }
        let modified = entry
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(SystemTime::UNIX_EPOCH);
        out.push((path, modified));
    }
    Ok(out)
}
