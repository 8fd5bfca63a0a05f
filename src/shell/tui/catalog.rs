//! The games the table offers, behind one object-safe face ([`GameEntry`]), and the saves of all
//! of them: a save names its game by its `format`, so any save can be listed, resumed, watched
//! or checked without knowing beforehand which game it holds.

use super::table::{Table, TableEnv, TableScreen};
use super::ui::GameUi;
use crate::shell::game::Game;
use crate::shell::record::load::{self, FileError, LoadError};
use crate::shell::record::lock::{self as save_lock, LockError, SaveLock};
use crate::shell::record::save::{self, Autosave};
use crate::shell::record::{Loaded, Recordable};
use crate::shell::seats::{SeatKind, Seats};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// One row of a new-game form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormRow {
    /// A setting of the game: its label and current value (left/right change it).
    Option { label: String, value: String },
    /// Who plays seat `i` (drawn and changed by the shell: a person or an AI level).
    Seat(usize),
}

/// A game's new-game form: its settings, and how a game is dealt from them.
pub trait SetupForm: Send {
    /// The rows of the form for the current settings.
    fn rows(&self) -> Vec<FormRow>;
    /// Left (`-1`) or right (`1`) on row `row` of [`SetupForm::rows`]; the error says why a
    /// value cannot be chosen.
    fn change(&mut self, row: usize, delta: i32) -> Result<(), String>;
    /// How many seats the settings make.
    fn players(&self) -> usize;
    /// The name of a seat ("Blue") and its player colour.
    fn seat(&self, seat: usize) -> (String, usize);
    /// Deals the game with these players and seed and puts it on a table, saved into
    /// `save_dir` when there is one.
    fn start(
        &self,
        seats: &[SeatKind],
        seed: u64,
        save_dir: Option<&Path>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, String>;
}

/// A page of a game's rules, in the project's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesPage {
    pub title: &'static str,
    pub paragraphs: Vec<String>,
}

impl RulesPage {
    /// The pages of a game's rules from its texts: each a title and its paragraphs.
    pub fn from_texts(pages: &[(&'static str, &[&str])]) -> Vec<RulesPage> {
        pages
            .iter()
            .map(|(title, paragraphs)| RulesPage {
                title,
                paragraphs: paragraphs.iter().map(|p| p.to_string()).collect(),
            })
            .collect()
    }
}

/// A game the table offers.
pub trait GameEntry: Send + Sync {
    /// The name `--game` takes ("tash-kalar").
    fn id(&self) -> &'static str;
    /// The name players know it by ("Tash-Kalar").
    fn title(&self) -> &'static str;
    /// One line about it, for the menu.
    fn blurb(&self) -> &'static str;
    /// Its name in big letters above the menu (lines of block characters).
    fn banner(&self) -> &'static [&'static str];
    /// The `format` its saves carry.
    fn format(&self) -> &'static str;
    /// A fresh new-game form (or why the game cannot be set up: its data does not load).
    fn setup(&self) -> Result<Box<dyn SetupForm>, String>;
    /// Its rules pages.
    fn rules(&self) -> Vec<RulesPage>;
    /// One line for a list of saves, from the save's text without playing it.
    fn summary(&self, text: &str) -> Result<Summary, LoadError>;
    /// Reads and checks a save completely; returns the hash its choices lead to.
    fn verify(&self, text: &str) -> Result<u64, LoadError>;
    /// Opens a save on a table: to play on, held by `lock` (a game in progress), or (`watch`,
    /// or a finished game) in the replay viewer.
    fn open(
        &self,
        path: &Path,
        text: &str,
        watch: bool,
        lock: Option<SaveLock>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, LoadError>;
}

/// A save as a list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// "Deathmatch for 2 players".
    pub setup: String,
    /// "Blue vs Red (mcts:normal)".
    pub seats: String,
    pub decisions: usize,
    pub finished: bool,
    /// How the game stands, from replaying it: "Blue won 18-11, turn 27", "Red resigned, turn
    /// 12", "turn 5, Blue to play". `None` when the save does not replay in this build (opening
    /// it then says why).
    pub result: Option<String>,
}

/// How a game that brings its own new-game form makes one from its context.
pub type FormMaker<U> = fn(&<<U as GameUi>::Game as Recordable>::Context) -> Box<dyn SetupForm>;

/// A game of the table with its screen `U`, and what setting its games up needs.
pub struct Entry<U: GameUi> {
    pub id: &'static str,
    pub blurb: &'static str,
    pub banner: &'static [&'static str],
    /// What setting the game up needs besides a save's spec (Tash-Kalar: the cards).
    pub ctx: <U::Game as Recordable>::Context,
    /// The new-game form, for a game that brings its own (`None`: the registry makes it from the
    /// game's declared options, [`crate::shell::registry::GameDef::form_from_options`]).
    pub setup: Option<FormMaker<U>>,
    /// The rules pages.
    pub rules: fn() -> Vec<RulesPage>,
}

impl<U: GameUi> Entry<U> {
    /// Reads and checks a save of this game, and that this build has every built-in bot its
    /// seats name (so that `replay --verify` refuses a save that `play --continue` could not open, with
    /// the same words).
    pub fn load(&self, text: &str) -> Result<Loaded<U::Game>, LoadError> {
        let loaded = load::parse::<U::Game>(text, &self.ctx)?;
        // Seats the file gives to outside programs are not bots of this build's to check: they
        // come back empty when the game is played on ([`crate::shell::seats::Seats::from_file`]).
        let (seats, _) = <U::Game as Recordable>::seats(&loaded.save.game).from_file();
        for player in seats.players {
            if let SeatKind::Bot(name) = &player.kind {
                crate::shell::ai::make_bot::<U::Game>(name, 0).map_err(LoadError::Setup)?;
            }
        }
        Ok(loaded)
    }
}

impl<U: GameUi> GameEntry for Entry<U> {
    fn id(&self) -> &'static str {
        self.id
    }

    fn title(&self) -> &'static str {
        <U::Game as Recordable>::TITLE
    }

    fn blurb(&self) -> &'static str {
        self.blurb
    }

    fn banner(&self) -> &'static [&'static str] {
        self.banner
    }

    fn format(&self) -> &'static str {
        <U::Game as Recordable>::FORMAT
    }

    fn setup(&self) -> Result<Box<dyn SetupForm>, String> {
        match self.setup {
            Some(form) => Ok(form(&self.ctx)),
            None => Err(format!(
                "{}'s new-game form is made from its declared options",
                <U::Game as Recordable>::TITLE
            )),
        }
    }

    fn rules(&self) -> Vec<RulesPage> {
        (self.rules)()
    }

    fn summary(&self, text: &str) -> Result<Summary, LoadError> {
        let save = load::parse_fields::<U::Game>(text)?;
        let seats = <U::Game as Recordable>::seats(&save.game);
        // The save stores no scores, so the list replays it (a few milliseconds for a whole
        // game); a save that does not replay is still listed, without its result.
        let result = self
            .load(text)
            .ok()
            .map(|loaded| result_line(&loaded, &seats));
        Ok(Summary {
            setup: <U::Game as Recordable>::describe(&save.game),
            seats: seats.summary(),
            decisions: save.choices.len(),
            finished: save.finished,
            result,
        })
    }

    fn verify(&self, text: &str) -> Result<u64, LoadError> {
        let loaded = self.load(text)?;
        Ok(loaded.end.record_hash(loaded.save.version))
    }

    fn open(
        &self,
        path: &Path,
        text: &str,
        watch: bool,
        lock: Option<SaveLock>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, LoadError> {
        let loaded = self.load(text)?;
        let table = match lock {
            Some(lock) if !watch && !loaded.end.is_over() => {
                Table::<U>::resume(loaded, path.to_path_buf(), lock, env)
            }
            _ if !watch && !loaded.end.is_over() => {
                return Err(LoadError::Io(
                    "a game in progress is only played on while it is locked for play".into(),
                ));
            }
            _ => Table::<U>::replay(loaded, path.to_path_buf()),
        };
        // A save that loaded replays; should it not, say so rather than show half a game.
        table
            .map(|t| Box::new(t) as Box<dyn TableScreen>)
            .map_err(LoadError::Setup)
    }
}

/// The names of `seats` joined ("Blue", "Blue and Yellow").
fn names(seats: &Seats, which: &[usize]) -> String {
    let names: Vec<&str> = which
        .iter()
        .filter_map(|&s| seats.players.get(s).map(|p| p.name.as_str()))
        .collect();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        Some((last, _)) => last.to_string(),
        None => String::new(),
    }
}

/// How a replayed game stands, for the list of saves: the winners and the scores (winners'
/// side first, one score per side) or who resigned, once it is over; whose turn it is while it
/// goes on.
fn result_line<G: Recordable>(loaded: &Loaded<G>, seats: &Seats) -> String {
    let end = &loaded.end;
    let turn = end.turn();
    if !end.is_over() {
        return format!("turn {turn}, {} to play", names(seats, &[end.to_move()]));
    }
    // A resignation is the last choice made, and it is the choice the position before it
    // offered as giving up: replay up to there to tell (only finished games pay for it).
    if let Some((last, before)) = loaded.choices.split_last() {
        let mut prev = loaded.start.clone();
        let replayed = before.iter().all(|c| prev.play(*c).is_ok());
        if replayed && prev.resignation() == Some(*last) {
            let side = prev.side(prev.to_move());
            return format!("{} resigned, turn {turn}", names(seats, &side));
        }
    }
    // One entry per side (a team shares its score), in seat order of their first seat.
    let mut sides: Vec<Vec<usize>> = Vec::new();
    for seat in 0..end.players() {
        if !sides.iter().any(|s| s.contains(&seat)) {
            sides.push(end.side(seat));
        }
    }
    let rewards = end.rewards();
    let won = |side: &Vec<usize>| {
        side.iter()
            .any(|&s| rewards.get(s).is_some_and(|r| *r > 0.0))
    };
    let scores = end.scores();
    let score = |side: &Vec<usize>| side.first().and_then(|&s| scores.get(s)).copied();
    let winners: Vec<&Vec<usize>> = sides.iter().filter(|s| won(s)).collect();
    // The winners' scores first, then the others from the highest down.
    let mut order: Vec<&Vec<usize>> = sides.iter().collect();
    order.sort_by_key(|s| (!won(s), std::cmp::Reverse(score(s))));
    let points: Vec<String> = order
        .iter()
        .filter_map(|s| score(s).map(|p| p.to_string()))
        .collect();
    let points = if points.len() == sides.len() && !points.is_empty() {
        format!(" {}", points.join("-"))
    } else {
        String::new()
    };
    let who: Vec<usize> = winners.iter().flat_map(|s| s.iter().copied()).collect();
    match winners.len() {
        0 => format!("no winner{points}, turn {turn}"),
        n if n == sides.len() && n > 1 => format!("a draw{points}, turn {turn}"),
        1 => format!("{} won{points}, turn {turn}", names(seats, &who)),
        _ => format!("{} shared the win{points}, turn {turn}", names(seats, &who)),
    }
}

/// A new game's autosaver: its file will be `dir/STEM.ron` (or the next free name), where the
/// stem is the time and `label` ("2026-11-23T07-30-00-deathmatch").
pub fn autosave_for<G: Recordable>(
    dir: Option<&Path>,
    label: &str,
    spec: G::Spec,
    seed: u64,
) -> Option<Autosave<G>> {
    let stem = save::stem_for(SystemTime::now(), label);
    dir.map(|d| Autosave::new(d.to_path_buf(), stem, spec, seed))
}

/// Every game the table offers, the flagship first.
pub struct Catalog {
    pub games: Vec<Box<dyn GameEntry>>,
}

/// Why a record operation did not happen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordsError {
    /// This session keeps no saves (no save directory).
    Off,
    /// No save of a game in progress in the directories.
    NothingToContinue(Vec<PathBuf>),
    /// No save at all in the directories.
    NoSaves(Vec<PathBuf>),
    /// A directory could not be read.
    Listing { dir: PathBuf, why: String },
    /// A save is unreadable or wrong (the error names the file).
    File(FileError),
    /// The newest unfinished game could not be read; the message names it and says why.
    Unreadable(FileError),
    /// The game cannot be played here: another copy of the program plays it (or it cannot be
    /// locked for play); `why` says which.
    Locked { path: PathBuf, why: String },
}

fn dirs_text(dirs: &[PathBuf]) -> String {
    dirs.iter()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

impl fmt::Display for RecordsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordsError::Off => {
                f.write_str("saving is off in this session, so there are no saves")
            }
            RecordsError::NothingToContinue(dirs) => {
                write!(f, "no unfinished game to continue in {}", dirs_text(dirs))
            }
            RecordsError::NoSaves(dirs) => {
                write!(f, "no saved games in {} yet", dirs_text(dirs))
            }
            RecordsError::Listing { dir, why } => write!(f, "{}: {why}", dir.display()),
            RecordsError::File(e) => e.fmt(f),
            RecordsError::Unreadable(e) => {
                write!(f, "the newest unfinished game could not be read: {e}")
            }
            RecordsError::Locked { path, why } => write!(f, "{}: {why}", path.display()),
        }
    }
}

impl std::error::Error for RecordsError {}

impl From<FileError> for RecordsError {
    fn from(e: FileError) -> Self {
        RecordsError::File(e)
    }
}

/// A save file as the saves list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveEntry {
    /// The file.
    pub path: PathBuf,
    /// One line: "x.ron · Tash-Kalar · Deathmatch for 2 players · Blue vs Red · 57 decisions · in
    /// progress".
    pub summary: String,
    /// A readable save of a game still going on.
    pub unfinished: bool,
    /// The file could be read as a save of a game of this table.
    pub readable: bool,
    /// When it was last written.
    pub modified: SystemTime,
}

impl Catalog {
    /// The game `--game` names.
    pub fn by_id(&self, id: &str) -> Option<&dyn GameEntry> {
        self.games.iter().find(|g| g.id() == id).map(|g| g.as_ref())
    }

    /// The game whose saves carry `format`.
    pub fn by_format(&self, format: &str) -> Option<&dyn GameEntry> {
        self.games
            .iter()
            .find(|g| g.format() == format)
            .map(|g| g.as_ref())
    }

    /// The names `--game` takes.
    pub fn ids(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.id()).collect()
    }

    /// The game a save's text belongs to.
    pub fn game_of(&self, text: &str) -> Result<&dyn GameEntry, LoadError> {
        let header = load::read_header(text)?;
        match header.format.as_deref().and_then(|f| self.by_format(f)) {
            Some(game) => Ok(game),
            None => Err(LoadError::Foreign {
                expected: "game of this table's",
                found: header.format,
            }),
        }
    }

    /// Reads a save file as text (any damage becomes a [`LoadError`], never a panic).
    pub fn read_text(path: &Path) -> Result<String, FileError> {
        let fail = |error| FileError {
            path: path.to_path_buf(),
            error,
        };
        let bytes = std::fs::read(path).map_err(|e| fail(LoadError::Io(e.to_string())))?;
        load::text_of(&bytes).map_err(fail)
    }

    /// Checks a save completely: the game it belongs to and the hash its choices lead to.
    pub fn verify(&self, path: &Path) -> Result<(&dyn GameEntry, u64), FileError> {
        let text = Self::read_text(path)?;
        let fail = |error| FileError {
            path: path.to_path_buf(),
            error,
        };
        let game = self.game_of(&text).map_err(fail)?;
        let hash = game.verify(&text).map_err(fail)?;
        Ok((game, hash))
    }

    /// Opens a save on a table (to play on, or `watch` in the replay viewer).
    pub fn open(
        &self,
        path: &Path,
        watch: bool,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, RecordsError> {
        // To play on, the game is locked first, so that a second copy of the program is told at
        // once that it is open elsewhere (a finished game then lets the lock go: it is watched).
        let lock = if watch {
            None
        } else {
            Some(SaveLock::acquire(path).map_err(|e| RecordsError::Locked {
                path: path.to_path_buf(),
                why: e.to_string(),
            })?)
        };
        let text = Self::read_text(path)?;
        let fail = |error| {
            RecordsError::File(FileError {
                path: path.to_path_buf(),
                error,
            })
        };
        let game = self.game_of(&text).map_err(fail)?;
        game.open(path, &text, watch, lock, env).map_err(fail)
    }

    /// Every `*.ron` file of the directories, newest first. A missing directory has none.
    pub fn list(&self, dirs: &[PathBuf]) -> Result<Vec<SaveEntry>, RecordsError> {
        let mut out = Vec::new();
        for dir in dirs {
            let files = load::save_files(dir).map_err(|e| RecordsError::Listing {
                dir: dir.to_path_buf(),
                why: e.to_string(),
            })?;
            for (path, modified) in files {
                out.push(self.entry(path, modified));
            }
        }
        // Newest first; the name (which starts with the time) breaks ties within one second.
        out.sort_by(|a, b| b.modified.cmp(&a.modified).then(b.path.cmp(&a.path)));
        Ok(out)
    }

    fn entry(&self, path: PathBuf, modified: SystemTime) -> SaveEntry {
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let read = Self::read_text(&path)
            .map_err(|e| e.error)
            .and_then(|text| {
                let game = self.game_of(&text)?;
                Ok((game.title(), game.summary(&text)?))
            });
        // The game is named only when the table has several.
        let several = self.games.len() > 1;
        match read {
            Ok((title, s)) => SaveEntry {
                summary: format!(
                    "{name} · {}{}{} · {} · {} decisions · {}",
                    s.result.map(|r| format!("{r} · ")).unwrap_or_default(),
                    if several {
                        format!("{title} · ")
                    } else {
                        String::new()
                    },
                    s.setup,
                    s.seats,
                    s.decisions,
                    if s.finished {
                        "finished"
                    } else if save_lock::holder(&path).is_some() {
                        "in progress, open in another copy"
                    } else {
                        "in progress"
                    }
                ),
                unfinished: !s.finished,
                readable: true,
                path,
                modified,
            },
            Err(e) => SaveEntry {
                summary: format!("{name} · unreadable: {e}"),
                unfinished: false,
                readable: false,
                path,
                modified,
            },
        }
    }

    /// The last unfinished game (`play --continue`, menu "Continue"): the most recently
    /// modified save of a game in progress, opened to play on. When the newest save cannot be
    /// read, that is said rather than skipping to an older game.
    pub fn continue_last(
        &self,
        dirs: &[PathBuf],
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, RecordsError> {
        let all = self.list(dirs)?;
        let newest_readable_unfinished = all.iter().position(|e| e.unfinished);
        // A damaged file newer than every readable game in progress may be the game the player
        // wants: name it.
        let newest_damaged = all.iter().position(|e| !e.readable);
        match (newest_readable_unfinished, newest_damaged) {
            (Some(i), Some(d)) if d < i => {
                return Err(self.unreadable(&all[d].path));
            }
            (None, Some(d)) => return Err(self.unreadable(&all[d].path)),
            _ => {}
        }
        let last = newest_readable_unfinished
            .map(|i| &all[i])
            .ok_or_else(|| RecordsError::NothingToContinue(dirs.to_vec()))?;
        self.open(&last.path, false, env)
    }

    /// Deletes a save and its lock file, unless a game in it is being played (by another copy
    /// of the program, or this one): a save is not pulled from under a game.
    pub fn delete(path: &Path) -> Result<(), RecordsError> {
        // Taking the lock proves nobody plays it, and keeps anyone from opening it meanwhile;
        // letting the lock go removes its file.
        let lock = SaveLock::acquire(path).map_err(|e| RecordsError::Locked {
            path: path.to_path_buf(),
            why: match e {
                LockError::Held(pid) => format!(
                    "not deleted: this game is open in another copy of the program{}: quit it \
                     there first",
                    pid.map(|p| format!(" (process {p})")).unwrap_or_default()
                ),
                other => format!("not deleted: {other}"),
            },
        })?;
        let removed = std::fs::remove_file(path);
        drop(lock);
        removed.map_err(|e| RecordsError::Listing {
            dir: path.to_path_buf(),
            why: format!("cannot delete it: {}", save::io_reason(&e)),
        })
    }

    fn unreadable(&self, path: &Path) -> RecordsError {
        let error = match Self::read_text(path) {
            Err(e) => e,
            Ok(text) => FileError {
                path: path.to_path_buf(),
                error: self
                    .game_of(&text)
                    .and_then(|g| g.summary(&text).map(|_| ()))
                    .err()
                    .unwrap_or(LoadError::Empty),
            },
        };
        RecordsError::Unreadable(error)
    }
}
