//! The games of the table as the shell sees them: each a small static description ([`About`]),
//! the options it declares once ([`GameOption`]: the command line is built from them), and one
//! object ([`GameDef`]) through which every command reaches it. The list itself is made outside
//! the shell (`src/games.rs`): the shell names no game.
//!
//! Like OpenSpiel's `GameType` and its registered games: the command line, the menu, tests and
//! benches read one list, and a game that lacks a capability (a position format for `legal`, a
//! wire format for `bot`) says so in one line instead of being special-cased anywhere.

use crate::shell::seats::SeatKind;
use crate::shell::tui::catalog::{Catalog, GameEntry};
use crate::shell::tui::table::{TableEnv, TableScreen};
use std::fmt;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// What a game is, without loading anything of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The name `--game` takes ("tash-kalar").
    pub id: &'static str,
    /// The name players know it by ("Tash-Kalar").
    pub title: &'static str,
    /// One line about it, for the menu.
    pub blurb: &'static str,
    /// Its name in big letters above its menu (lines of block characters).
    pub banner: &'static [&'static str],
    /// The `format` its saves carry (how a save names its game).
    pub save_format: &'static str,
    /// The fewest and most seats it seats.
    pub players: (u8, u8),
    /// Whether a seat may not see everything (hands, deck order): observations differ by seat.
    pub hidden_information: bool,
    /// Whether chance plays a part (shuffles, dice).
    pub chance: bool,
}

/// One word an option takes, and what it means in words on the new-game form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    /// As the command line writes it (`first-game`).
    pub word: &'static str,
    /// As the new-game form shows it (`First game (preset mages and hands)`).
    pub means: &'static str,
}

/// How an option is written on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// One word of a list (`--mode deathmatch`); the first is the default.
    Word(&'static [Word]),
    /// Words separated by commas (`--decks Imperial,Highland`).
    Words,
    /// A file or folder (`--cards DIR`).
    Path,
    /// Given or not (`--teams`).
    Switch,
}

/// Which commands an option belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Where the game's data comes from: every command that loads the game takes it.
    Data,
    /// How a new game is set up: `play` and `sim`.
    Setup,
}

/// An option a game declares once; the command line (and its help) is made from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The long flag without its dashes (`mode`).
    pub name: &'static str,
    /// The name of its value in the help (`MODE`).
    pub value_name: &'static str,
    /// One line of help.
    pub help: &'static str,
    pub value: OptionValue,
    pub scope: Scope,
    /// Its row's label on the new-game form the shell makes from the declarations
    /// ([`GameDef::form_from_options`]); empty: not on the form (a path, a list of words).
    pub label: &'static str,
}

/// The values given on the command line for the options of the games, by option name. An option
/// given for a game that does not declare it is refused before the game sees it
/// ([`Registry::check_options`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    given: Vec<(&'static str, Vec<String>)>,
}

impl Options {
    /// Options with these values (a switch given has one empty value).
    pub fn new(given: Vec<(&'static str, Vec<String>)>) -> Options {
        Options { given }
    }

    /// No option given.
    pub fn none() -> Options {
        Options::default()
    }

    /// The values of an option (empty when it was not given).
    pub fn values(&self, name: &str) -> &[String] {
        self.given
            .iter()
            .find(|(n, _)| *n == name)
            .map_or(&[], |(_, v)| v.as_slice())
    }

    /// The value of a one-word option, if given.
    pub fn word(&self, name: &str) -> Option<&str> {
        self.values(name).first().map(String::as_str)
    }

    /// The folder or file an option names, if given.
    pub fn path(&self, name: &str) -> Option<&Path> {
        self.word(name).map(Path::new)
    }

    /// Whether a switch (or any option) was given.
    pub fn given(&self, name: &str) -> bool {
        self.given.iter().any(|(n, _)| *n == name)
    }

    /// These options and one more (`values` empty for a switch).
    pub fn with(&self, name: &'static str, values: Vec<String>) -> Options {
        let mut given = self.given.clone();
        given.retain(|(n, _)| *n != name);
        given.push((name, values));
        Options { given }
    }

    /// The names of the options given, in the order given.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.given.iter().map(|(n, _)| *n)
    }
}

/// What `play` asks of a game besides its own options.
#[derive(Clone, Debug, Default)]
pub struct PlayRequest {
    /// `--players`.
    pub players: Option<u8>,
    /// `--ai SEAT=LEVEL` as given.
    pub ai: Vec<String>,
    /// `--seed`.
    pub seed: Option<u64>,
    /// `--scenario FILE`: a position to start from (games with a position format).
    pub scenario: Option<PathBuf>,
    /// Where the game is saved.
    pub save_dir: Option<PathBuf>,
    /// Who plays each seat, when a form chose it (instead of `ai`).
    pub seats: Option<Vec<SeatKind>>,
}

impl PlayRequest {
    /// Who plays each of `players` seats: as a form chose, or as `--ai` says (people elsewhere).
    pub fn seat_kinds(&self, players: usize) -> Result<Vec<SeatKind>, CommandError> {
        match &self.seats {
            Some(kinds) if kinds.len() == players => Ok(kinds.clone()),
            Some(kinds) => {
                Err(format!("{} seats chosen for {players} players", kinds.len()).into())
            }
            None => seat_kinds(&self.ai, players),
        }
    }
}

/// What `sim` asks of a game besides its own options.
#[derive(Clone, Debug)]
pub struct SimRequest {
    pub players: u8,
    pub games: u32,
    pub seed: u64,
    pub bots: Vec<String>,
    pub jobs: usize,
    pub save_dir: Option<PathBuf>,
    /// One JSON document instead of words.
    pub json: bool,
}

/// What `think` asks.
#[derive(Clone, Debug)]
pub struct ThinkRequest {
    /// A built-in bot's name (`mcts:hard`, `greedy`).
    pub bot: String,
    pub seed: u64,
    /// How many alternatives to show.
    pub top: usize,
    pub json: bool,
}

/// Why a command did not do what was asked of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The game lacks what the command needs (`legal` without a position format).
    Unsupported {
        game: &'static str,
        command: &'static str,
        lacks: &'static str,
    },
    /// An option of another game (or of another command).
    Option(String),
    /// Anything else, said in one line (a file that does not load, a refused set-up).
    Failed(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unsupported {
                game,
                command,
                lacks,
            } => write!(f, "`{command}` needs {lacks}, and {game} has none"),
            CommandError::Option(why) | CommandError::Failed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for CommandError {}

impl From<String> for CommandError {
    fn from(why: String) -> Self {
        CommandError::Failed(why)
    }
}

impl From<&str> for CommandError {
    fn from(why: &str) -> Self {
        CommandError::Failed(why.to_string())
    }
}

/// A game of the table, as every command reaches it. Each method loads what it needs of the
/// game's data from `options` (so a game's data is loaded only when that game is used); the
/// ones a game cannot do keep their default, which says so.
pub trait GameDef: Send + Sync {
    /// What the game is.
    fn about(&self) -> &'static About;

    /// The options it declares.
    fn options(&self) -> &'static [GameOption] {
        &[]
    }

    /// Whether the menu's new-game form is the one the shell makes from the declared options
    /// (each `Setup` option with a `label`, the player count, the seats), which starts the game
    /// through [`GameDef::table`] like `play` does. A game whose setup needs more (Tash-Kalar's
    /// deck per seat) answers `false` and brings its own form in its entry.
    fn form_from_options(&self) -> bool {
        false
    }

    /// The name of seat `seat` (from 0) on the form the shell makes: the player colours.
    fn seat_name(&self, seat: usize) -> String {
        crate::shell::tui::theme::colour_name(seat).to_string()
    }

    /// The game on the menu (its forms, rules and saves), its data loaded from `options`.
    fn entry(&self, options: &Options) -> Result<Box<dyn GameEntry>, CommandError>;

    /// `check`: loads and checks the game's data; what to print.
    fn check(&self, options: &Options) -> Result<String, CommandError>;

    /// `play` with flags: a new game as they describe it, on a table.
    fn table(
        &self,
        options: &Options,
        request: &PlayRequest,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, CommandError>;

    /// `sim`: a tournament between bots; the report to print.
    fn sim(&self, options: &Options, request: &SimRequest) -> Result<String, CommandError>;

    /// `legal`: the pending decision of a position after the choices `then` (indexes); what to
    /// print.
    fn legal(
        &self,
        options: &Options,
        position: &str,
        then: &[usize],
        json: bool,
    ) -> Result<String, CommandError> {
        let _ = (options, position, then, json);
        Err(self.lacks("legal", "a position format"))
    }

    /// `think`: what a bot would choose in a position, and why; what to print.
    fn think(
        &self,
        options: &Options,
        position: &str,
        request: &ThinkRequest,
    ) -> Result<String, CommandError> {
        let _ = (options, position, request);
        Err(self.lacks("think", "a position format"))
    }

    /// `bot`: serves a built-in bot over the bot protocol until the input ends.
    fn serve(
        &self,
        options: &Options,
        bot: &str,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(), CommandError> {
        let _ = (options, bot, input, output);
        Err(self.lacks("bot", "a wire format for the bot protocol"))
    }

    /// The error of a command this game cannot do.
    fn lacks(&self, command: &'static str, lacks: &'static str) -> CommandError {
        CommandError::Unsupported {
            game: self.about().title,
            command,
            lacks,
        }
    }
}

/// The games of the table, the flagship (and default) first.
pub struct Registry {
    pub games: Vec<Box<dyn GameDef>>,
}

impl Registry {
    /// The game `--game` names; the first when none is named.
    pub fn game(&self, id: Option<&str>) -> Result<&dyn GameDef, CommandError> {
        let found = match id {
            None => self.games.first(),
            Some(id) => self.games.iter().find(|g| g.about().id == id),
        };
        found.map(|g| g.as_ref()).ok_or_else(|| {
            CommandError::Failed(match id {
                Some(id) => format!(
                    "unknown game `{id}` (this build has: {})",
                    self.ids().join(", ")
                ),
                None => "this build has no game".to_string(),
            })
        })
    }

    /// The names `--game` takes.
    pub fn ids(&self) -> Vec<&'static str> {
        self.games.iter().map(|g| g.about().id).collect()
    }

    /// Every option any game declares, each name once (the first declaration gives its help
    /// and value; games sharing a name must agree on how it is written).
    pub fn all_options(&self) -> Vec<GameOption> {
        let mut out: Vec<GameOption> = Vec::new();
        for option in self.games.iter().flat_map(|g| g.options()) {
            if !out.iter().any(|o| o.name == option.name) {
                out.push(*option);
            }
        }
        out
    }

    /// The help of an option: each declaring game's own, joined (`--variant` means one thing
    /// to High Ground and another to Res Arcana, and `--help` says both).
    pub fn option_help(&self, name: &str) -> String {
        let helps: Vec<&str> = self
            .games
            .iter()
            .flat_map(|g| g.options())
            .filter(|o| o.name == name)
            .map(|o| o.help)
            .collect();
        helps.join("; ")
    }

    /// The games that declare an option, by title and with the flag that picks them
    /// ("Tash-Kalar's (--game tash-kalar)").
    fn owners(&self, name: &str) -> String {
        let owners: Vec<String> = self
            .games
            .iter()
            .filter(|g| g.options().iter().any(|o| o.name == name))
            .map(|g| format!("{}'s (--game {})", g.about().title, g.about().id))
            .collect();
        owners.join(" or ")
    }

    /// Refuses, in one line naming the game it belongs to, an option that `game` does not
    /// declare, or one of setting up a game given to a command that sets none up.
    pub fn check_options(
        &self,
        game: &dyn GameDef,
        options: &Options,
        sets_up: bool,
    ) -> Result<(), CommandError> {
        for name in options.names() {
            match game.options().iter().find(|o| o.name == name) {
                None => {
                    let theirs = game
                        .options()
                        .iter()
                        .map(|o| format!("--{}", o.name))
                        .collect::<Vec<_>>();
                    return Err(CommandError::Option(format!(
                        "--{name} is {} option, not {}'s{}",
                        self.owners(name),
                        game.about().title,
                        if theirs.is_empty() {
                            String::new()
                        } else {
                            format!("; {} takes {}", game.about().title, theirs.join(", "))
                        }
                    )));
                }
                Some(o) if o.scope == Scope::Setup && !sets_up => {
                    return Err(CommandError::Option(format!(
                        "--{name} sets up a new game: it goes with `play` or `sim`"
                    )));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// The menu's catalog: every game, each loading its data (with the options it declares)
    /// the first time it is used, so that one game's bad data never keeps another from being
    /// played.
    pub fn catalog(self: &std::sync::Arc<Self>, options: &Options) -> Catalog {
        let games = (0..self.games.len())
            .map(|index| {
                let own = self.own_options(index, options);
                Box::new(LazyEntry {
                    registry: std::sync::Arc::clone(self),
                    index,
                    options: own,
                    loaded: std::sync::OnceLock::new(),
                }) as Box<dyn GameEntry>
            })
            .collect();
        Catalog { games }
    }

    /// The options of `options` that game `index` declares (only those are its to read).
    fn own_options(&self, index: usize, options: &Options) -> Options {
        let declared = self.games[index].options();
        Options::new(
            options
                .given
                .iter()
                .filter(|(n, _)| declared.iter().any(|o| o.name == *n))
                .cloned()
                .collect(),
        )
    }
}

/// A game of the menu that loads its data the first time it is used.
struct LazyEntry {
    registry: std::sync::Arc<Registry>,
    index: usize,
    options: Options,
    loaded: std::sync::OnceLock<Result<Box<dyn GameEntry>, String>>,
}

impl LazyEntry {
    fn about(&self) -> &'static About {
        self.registry.games[self.index].about()
    }

    fn loaded(&self) -> Result<&dyn GameEntry, String> {
        self.loaded
            .get_or_init(|| {
                self.registry.games[self.index]
                    .entry(&self.options)
                    .map_err(|e| format!("{}: {e}", self.about().title))
            })
            .as_ref()
            .map(|e| e.as_ref())
            .map_err(Clone::clone)
    }
}

impl GameEntry for LazyEntry {
    fn id(&self) -> &'static str {
        self.about().id
    }

    fn title(&self) -> &'static str {
        self.about().title
    }

    fn blurb(&self) -> &'static str {
        self.about().blurb
    }

    fn banner(&self) -> &'static [&'static str] {
        self.about().banner
    }

    fn format(&self) -> &'static str {
        self.about().save_format
    }

    fn setup(&self) -> Result<Box<dyn crate::shell::tui::catalog::SetupForm>, String> {
        let entry = self.loaded()?;
        if self.registry.games[self.index].form_from_options() {
            return Ok(Box::new(
                crate::shell::tui::screens::options_form::OptionsForm::new(
                    std::sync::Arc::clone(&self.registry),
                    self.index,
                    self.options.clone(),
                ),
            ));
        }
        entry.setup()
    }

    fn rules(&self) -> Vec<crate::shell::tui::catalog::RulesPage> {
        match self.loaded() {
            Ok(entry) => entry.rules(),
            Err(why) => vec![crate::shell::tui::catalog::RulesPage {
                title: self.about().title,
                paragraphs: vec![why],
            }],
        }
    }

    fn summary(
        &self,
        text: &str,
    ) -> Result<crate::shell::tui::catalog::Summary, crate::shell::record::LoadError> {
        self.loaded()
            .map_err(crate::shell::record::LoadError::Setup)?
            .summary(text)
    }

    fn verify(&self, text: &str) -> Result<u64, crate::shell::record::LoadError> {
        self.loaded()
            .map_err(crate::shell::record::LoadError::Setup)?
            .verify(text)
    }

    fn open(
        &self,
        path: &Path,
        text: &str,
        watch: bool,
        lock: Option<crate::shell::record::lock::SaveLock>,
        env: &TableEnv,
    ) -> Result<Box<dyn TableScreen>, crate::shell::record::LoadError> {
        self.loaded()
            .map_err(crate::shell::record::LoadError::Setup)?
            .open(path, text, watch, lock, env)
    }
}

/// Who plays each seat of a game of `players` seats, from `--ai` flags (the others are people).
pub fn seat_kinds(ai: &[String], players: usize) -> Result<Vec<SeatKind>, CommandError> {
    crate::shell::seats::kinds_from_flags(ai, players).map_err(CommandError::Failed)
}
