//! The command line of the table (`tashkalar`), for whatever games a [`Registry`] lists: the
//! commands and flags every game shares are declared here, each game's own options are added
//! from its declaration ([`crate::shell::registry::GameOption`]), and every command reaches the
//! game through its [`GameDef`]. `main` only hands over the list of games, so a test can run the
//! same command line over another list (the toy game of the tests).

use crate::shell::registry::{
    CommandError, GameDef, GameOption, OptionValue, Options, PlayRequest, Registry, Scope,
    SimRequest, ThinkRequest,
};
use crate::shell::seats::{SeatKind, parse_ai};
use crate::shell::tui::app::SaveDirs;
use crate::shell::tui::table::TableEnv;
use crate::shell::tui::theme::PaletteKind;
use crate::shell::tui::{self as front, Launch};
use crate::shell::{out, quote, record::save};
use clap::{Arg, ArgAction, ArgMatches, Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser)]
#[command(name = "tashkalar", version)]
struct Cli {
    /// Which game (default: the first the table lists, Tash-Kalar).
    #[arg(long, global = true, value_name = "GAME")]
    game: Option<String>,
    /// Colours of the screen: standard, colour-blind or mono (default: mono if NO_COLOR is set).
    #[arg(long, global = true, value_name = "PALETTE")]
    palette: Option<PaletteKind>,
    /// Where games are saved and looked for, as `play --save-dir` (the menu without `play`).
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Play a game (the menu, unless flags say what to play).
    Play(PlayArgs),
    /// Watch a saved game move by move, or check it with --verify.
    Replay {
        file: PathBuf,
        /// Re-simulate without a screen; print `ok` and the final hash.
        #[arg(long)]
        verify: bool,
    },
    /// Play games between bots without a screen.
    Sim(SimArgs),
    /// Serve the tables over SSH: players connect with `ssh -p PORT HOST` (docs/serve.md).
    Serve {
        /// The port to listen on.
        #[arg(long, default_value_t = 2222)]
        port: u16,
        /// The address to listen on; any other than loopback needs an allow-list of keys
        /// (`authorized_keys` in the data directory).
        #[arg(long, default_value = "127.0.0.1", value_name = "ADDR")]
        listen: std::net::IpAddr,
        /// Where the host key, the allow-list and the tables' saves are kept (default: the
        /// platform's data directory, `~/.local/share/tashkalar/serve` on Linux).
        #[arg(long, value_name = "DIR")]
        data_dir: Option<PathBuf>,
        /// Codes only: any key may connect (even beyond loopback without an allow-list), and
        /// a seat is taken only with its table's join code or by the key that took it.
        #[arg(long)]
        open: bool,
    },
    /// The game's data (cards, components).
    Cards {
        #[command(subcommand)]
        action: CardsAction,
    },
    /// Serve a built-in bot over the bot protocol (JSON lines on standard input and output;
    /// docs/bot-protocol.md), for tournaments and outside hosts.
    Bot {
        /// easy, normal, hard (the search levels), greedy, random, or any bot name of `sim`.
        #[arg(long, default_value = "normal", value_name = "L")]
        level: String,
    },
    /// The choice a bot makes in a position, with its best alternatives (visits and values of
    /// the search).
    Think {
        scenario: PathBuf,
        /// easy, normal, hard (the search levels; `mcts:hard@30` with another time limit),
        /// greedy or random.
        #[arg(long, default_value = "normal", value_name = "LEVEL")]
        bot: String,
        /// Seed of the bot's own chance.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How many alternatives to show.
        #[arg(long, default_value_t = 8)]
        top: usize,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
    },
    /// The pending decision of a position and its legal choices.
    Legal {
        scenario: PathBuf,
        /// One JSON document on stdout.
        #[arg(long)]
        json: bool,
        /// Apply the choices with these indexes first, one decision after another.
        #[arg(long, num_args = 1.., value_name = "I")]
        then: Vec<usize>,
    },
}

#[derive(Subcommand)]
enum CardsAction {
    /// Load and validate the game's data; print counts.
    Check,
}

#[derive(Args, Default)]
struct PlayArgs {
    /// Number of players.
    #[arg(long)]
    players: Option<u8>,
    /// An AI seat, e.g. `2=normal`, `2=mcts:hard` or `2=cmd:PROGRAM ARGS` (repeatable); with
    /// --continue, who plays that seat of the saved game now.
    #[arg(long = "ai", value_name = "SEAT=LEVEL")]
    ai: Vec<String>,
    /// Seed of the deal (and of the AI seats' own chance): the same seed deals the same game
    /// (default: a fresh seed).
    #[arg(long)]
    seed: Option<u64>,
    /// Start from a position file (games with a position format).
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Resume the last unfinished game.
    #[arg(long = "continue")]
    resume: bool,
    /// Where games are saved after every decision, and looked for by --continue and the menu
    /// (default: the platform's data directory; `./saves` is still looked in).
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
}

#[derive(Args)]
struct SimArgs {
    /// Number of players.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots, comma-separated: random, greedy, mcts:easy, mcts:normal, mcts:hard (`mcts:hard@30`:
    /// another time limit a decision, so that a busy machine cannot cut the search), or an
    /// outside program speaking the bot protocol, `cmd:PROGRAM ARGS` (`cmd@SECONDS:...` sets its
    /// time a decision, 10 s by default); seats rotate between games.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Write one save file per game into this directory.
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    /// Games played at once, one per thread; the games and results are the same for any number,
    /// only the time per decision is measured on busier cores.
    #[arg(long, default_value_t = 1, value_name = "N")]
    jobs: usize,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

/// The most seats any game of the table has (`--continue --ai SEAT=...` is read before the save
/// says how many its game has; the table then checks the seat exists).
const MAX_SEATS: usize = 4;

/// Where a command reads and writes: the process's standard streams, or a test's buffers.
pub struct Io<'a> {
    /// What `bot` reads the host's messages from.
    pub input: &'a mut dyn BufRead,
    /// What a command prints.
    pub output: &'a mut dyn Write,
    /// Where a failure is said, in one line.
    pub errors: &'a mut dyn Write,
}

/// Runs the command line of `std::env::args` over `registry`, on the standard streams; the
/// process's exit status.
pub fn main(registry: Registry) -> ExitCode {
    let (stdin, stdout, stderr) = (std::io::stdin(), std::io::stdout(), std::io::stderr());
    let io = Io {
        input: &mut stdin.lock(),
        output: &mut stdout.lock(),
        errors: &mut stderr.lock(),
    };
    run_args(registry, std::env::args_os(), io)
}

/// Runs a command line over `registry`; the exit status.
pub fn run_args<I, T>(registry: Registry, args: I, io: Io<'_>) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let registry = Arc::new(registry);
    let matches = match command(&registry).try_get_matches_from(args) {
        Ok(matches) => matches,
        Err(e) => return usage(&e),
    };
    let parsed = Cli::from_arg_matches(&matches).map_err(|e| usage(&e));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(status) => return status,
    };
    let options = game_options(&registry, &matches);
    let errors = &mut *io.errors;
    let mut streams = Streams {
        input: io.input,
        output: io.output,
    };
    match run(&registry, cli, options, &mut streams) {
        // A reader that closed the pipe took what it wanted (see `shell::out`).
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            // One line, even if a name in it came from a file or the command line; a failure
            // to say it has nowhere left to be said.
            let _ = writeln!(errors, "tashkalar: {}", quote::escape(&message));
            let _ = errors.flush();
            ExitCode::FAILURE
        }
    }
}

/// The streams a command reads and prints on.
struct Streams<'a> {
    input: &'a mut dyn BufRead,
    output: &'a mut dyn Write,
}

impl Streams<'_> {
    fn print(&mut self, text: &str) -> Result<(), out::Stop> {
        out::write_to(&mut self.output, text)
    }
}

/// The command line: the shared commands and flags, and each game's options where they apply.
fn command(registry: &Registry) -> clap::Command {
    let titles: Vec<&str> = registry.games.iter().map(|g| g.about().title).collect();
    let mut command = Cli::command().about(format!(
        "The table's games in the terminal: {}",
        titles.join(", ")
    ));
    for option in registry.all_options() {
        let arg = option_arg(&option).help(registry.option_help(option.name));
        command = match option.scope {
            Scope::Data => command.arg(arg.global(true)),
            Scope::Setup => command
                .mut_subcommand("play", |c| c.arg(arg.clone()))
                .mut_subcommand("sim", |c| c.arg(arg)),
        };
    }
    command
}

/// A game's option as clap reads it.
fn option_arg(option: &GameOption) -> Arg {
    let arg = Arg::new(option.name)
        .long(option.name)
        .help(option.help)
        .value_name(option.value_name);
    match option.value {
        OptionValue::Switch => arg.action(ArgAction::SetTrue),
        OptionValue::Word(_) | OptionValue::Path => arg.action(ArgAction::Set),
        OptionValue::Words => arg.action(ArgAction::Set).value_delimiter(','),
    }
}

/// The games' options given on the command line (wherever they were given), by name.
fn game_options(registry: &Registry, matches: &ArgMatches) -> Options {
    let mut levels = vec![matches];
    if let Some((_, sub)) = matches.subcommand() {
        levels.push(sub);
        if let Some((_, inner)) = sub.subcommand() {
            levels.push(inner);
        }
    }
    let mut given = Vec::new();
    for option in registry.all_options() {
        let name = option.name;
        let found = levels.iter().rev().find(|m| {
            m.try_contains_id(name).unwrap_or(false)
                && m.value_source(name) == Some(clap::parser::ValueSource::CommandLine)
        });
        let Some(m) = found else { continue };
        let values = match option.value {
            OptionValue::Switch => vec![String::new()],
            _ => m
                .try_get_many::<String>(name)
                .ok()
                .flatten()
                .map(|v| v.cloned().collect())
                .unwrap_or_default(),
        };
        given.push((name, values));
    }
    Options::new(given)
}

/// `--help`, `--version` or a command-line mistake: clap's text, with its exit status; a full
/// disk under `--help` is said as for any other output, a closed pipe ends quietly.
fn usage(e: &clap::Error) -> ExitCode {
    let status = ExitCode::from(u8::try_from(e.exit_code()).unwrap_or(2));
    match e.print().map_err(out::Stop::from) {
        Ok(()) | Err(out::Stop::Closed) => status,
        Err(failed) => {
            out::eprintln(&format!("tashkalar: {failed}"));
            ExitCode::FAILURE
        }
    }
}

/// How a command failed: a message for stderr, or a closed standard output (a quiet end).
enum Failure {
    Closed,
    Message(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Message(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Self {
        Failure::Message(message.to_string())
    }
}

impl From<CommandError> for Failure {
    fn from(e: CommandError) -> Self {
        Failure::Message(e.to_string())
    }
}

impl From<out::Stop> for Failure {
    fn from(stop: out::Stop) -> Self {
        match stop {
            out::Stop::Closed => Failure::Closed,
            failed => Failure::Message(failed.to_string()),
        }
    }
}

/// Where saves go by default: the platform's data directory (`~/.local/share/tashkalar/saves`
/// on Linux), and `./saves`, where earlier versions saved, is still looked in.
pub fn default_saves() -> SaveDirs {
    let old = PathBuf::from("saves");
    match directories::ProjectDirs::from("", "", "tashkalar") {
        Some(dirs) => SaveDirs {
            write: Some(dirs.data_dir().join("saves")),
            also: vec![old],
        },
        None => SaveDirs::only(old),
    }
}

fn saves_for(dir: Option<PathBuf>) -> SaveDirs {
    dir.map_or_else(default_saves, SaveDirs::only)
}

/// Reads a position file named on the command line.
fn read_position(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn run(
    registry: &Arc<Registry>,
    cli: Cli,
    options: Options,
    io: &mut Streams<'_>,
) -> Result<(), Failure> {
    let palette = cli.palette.unwrap_or_else(PaletteKind::from_env);
    let game = registry.game(cli.game.as_deref())?;
    let named = cli.game.is_some();
    let sets_up = matches!(
        cli.command,
        None | Some(Command::Play(_)) | Some(Command::Sim(_))
    );
    // A save names its game, so `replay` reads whichever game it holds: every game's data
    // options apply there.
    if !matches!(cli.command, Some(Command::Replay { .. })) {
        registry.check_options(game, &options, sets_up)?;
    }
    match cli.command {
        // `tashkalar --save-dir DIR` is the menu with that directory, as after `play`.
        None => {
            let args = PlayArgs {
                save_dir: cli.save_dir,
                ..PlayArgs::default()
            };
            play(registry, game, named, options, args, palette)
        }
        Some(Command::Play(mut args)) => {
            args.save_dir = args.save_dir.or(cli.save_dir);
            play(registry, game, named, options, args, palette)
        }
        Some(Command::Replay { file, verify }) => {
            replay(registry, &options, file, verify, palette, io)
        }
        Some(Command::Cards {
            action: CardsAction::Check,
        }) => Ok(io.print(&game.check(&options)?)?),
        Some(Command::Legal {
            scenario,
            json,
            then,
        }) => {
            let text = read_position(&scenario)?;
            let shown = game
                .legal(&options, &text, &then, json)
                .map_err(|e| in_file(&scenario, e))?;
            Ok(io.print(&shown)?)
        }
        Some(Command::Sim(args)) => {
            let request = SimRequest {
                players: args.players,
                games: args.games,
                seed: args.seed,
                bots: args.bots,
                jobs: args.jobs,
                save_dir: args.save_dir,
                json: args.json,
            };
            Ok(io.print(&game.sim(&options, &request)?)?)
        }
        Some(Command::Think {
            scenario,
            bot,
            seed,
            top,
            json,
        }) => {
            let text = read_position(&scenario)?;
            let request = ThinkRequest {
                bot,
                seed,
                top,
                json,
            };
            let shown = game
                .think(&options, &text, &request)
                .map_err(|e| in_file(&scenario, e))?;
            Ok(io.print(&shown)?)
        }
        Some(Command::Serve {
            port,
            listen,
            data_dir,
            open,
        }) => serve(registry, options, (port, listen, open), data_dir, palette),
        Some(Command::Bot { level }) => Ok(game.serve(&options, &level, io.input, io.output)?),
    }
}

/// `tashkalar serve`: every game of the registry, served until the process is stopped.
fn serve(
    registry: &Arc<Registry>,
    options: Options,
    (port, listen, open): (u16, std::net::IpAddr, bool),
    data_dir: Option<PathBuf>,
    palette: PaletteKind,
) -> Result<(), Failure> {
    let data_dir = data_dir
        .or_else(|| {
            directories::ProjectDirs::from("", "", "tashkalar").map(|d| d.data_dir().join("serve"))
        })
        .unwrap_or_else(|| PathBuf::from("serve"));
    let registry = Arc::clone(registry);
    let serve_options = crate::shell::serve::ServeOptions {
        listen,
        port,
        data_dir: data_dir.clone(),
        palette,
        open,
        on_listening: Box::new(move |address| {
            // The first line says where (a test or a script that asked for port 0 reads it).
            println!("serving on {address}; data in {}", data_dir.display());
        }),
    };
    let catalog = Box::new(move || registry.catalog(&options));
    Ok(crate::shell::serve::serve(serve_options, catalog)?)
}

/// A position file's problem, named with the file (a game lacking the command is said alone).
fn in_file(path: &std::path::Path, e: CommandError) -> Failure {
    match e {
        CommandError::Failed(why) => Failure::Message(format!("{}: {why}", path.display())),
        other => other.into(),
    }
}

/// Whether `play`'s flags describe a game to start (rather than the menu).
fn wants_game(args: &PlayArgs, options: &Options, game: &dyn GameDef) -> bool {
    let setup_option = options.names().any(|name| {
        game.options()
            .iter()
            .any(|o| o.name == name && o.scope == Scope::Setup)
    });
    setup_option
        || args.players.is_some()
        || !args.ai.is_empty()
        || args.seed.is_some()
        || args.scenario.is_some()
}

/// `tashkalar` / `tashkalar play`: the menu (of the game `--game` names, or the list of games),
/// or straight into the game the flags describe, or (`--continue`) the last unfinished game.
fn play(
    registry: &Arc<Registry>,
    game: &dyn GameDef,
    named: bool,
    options: Options,
    mut args: PlayArgs,
    palette: PaletteKind,
) -> Result<(), Failure> {
    // A folder named on the command line that cannot take saves is said before anything starts
    // (the default folder's problems show on the game screen, which goes on without saving).
    if let Some(dir) = &args.save_dir {
        save::check_dir(dir).map_err(|e| e.to_string())?;
    }
    let saves = saves_for(args.save_dir.clone());
    let mut env = TableEnv::default();
    let catalog = registry.catalog(&options);
    if args.resume {
        // `--ai` may say who plays a seat now (a seat the save gave to an outside program comes
        // back empty: a file never starts a program); everything else is the save's.
        let ai = std::mem::take(&mut args.ai);
        if wants_game(&args, &options, game) {
            return Err(
                "--continue resumes the saved game as it was; drop the other game flags (only --ai may stay)"
                    .into(),
            );
        }
        env.resume_seats = ai
            .iter()
            .map(|spec| parse_ai(spec, MAX_SEATS))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|(seat, bot)| (seat, SeatKind::Bot(bot)))
            .collect();
        let table = catalog
            .continue_last(&saves.all(), &env)
            .map_err(|e| e.to_string())?;
        return Ok(front::run(catalog, Launch::Table(table), palette, saves)?);
    }
    if !wants_game(&args, &options, game) {
        let chosen = named
            .then(|| catalog.games.iter().position(|g| g.id() == game.about().id))
            .flatten();
        return Ok(front::run(catalog, Launch::Menu(chosen), palette, saves)?);
    }
    let request = PlayRequest {
        players: args.players,
        ai: args.ai,
        seed: args.seed,
        scenario: args.scenario,
        save_dir: saves.write.clone(),
        seats: None,
    };
    let table = game.table(&options, &request, &env)?;
    Ok(front::run(catalog, Launch::Table(table), palette, saves)?)
}

/// `tashkalar replay FILE [--verify]`: the viewer, or a headless check of the save (of any game
/// of the table: the save names its game).
fn replay(
    registry: &Arc<Registry>,
    options: &Options,
    file: PathBuf,
    verify: bool,
    palette: PaletteKind,
    io: &mut Streams<'_>,
) -> Result<(), Failure> {
    let catalog = registry.catalog(options);
    if verify {
        // Loading re-applies every choice and compares the final hash: that is the check.
        let (_, hash) = catalog.verify(&file).map_err(|e| e.to_string())?;
        io.print(&format!("ok {}\n", crate::shell::record::format::hex(hash)))?;
        return Ok(());
    }
    let table = catalog
        .open(&file, true, &TableEnv::default())
        .map_err(|e| e.to_string())?;
    Ok(front::run(
        catalog,
        Launch::Table(table),
        palette,
        default_saves(),
    )?)
}
