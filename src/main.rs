//! `tashkalar`: the table's games in the terminal. Play (the menu, or straight into a game the
//! flags describe), replay and check saved games, run tournaments between bots, check cards.
//!
//! This is where the shell meets the games: the catalog of games is made here, and each game's
//! own flags are read here into its set-up.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use table::highground::cli as hg_cli;
use table::highground::{self as hg, HighGround};
use table::shell::record::save::write_new;
use table::shell::record::{Recordable, SaveFile, save};
use table::shell::seats::kinds_from_flags;
use table::shell::sim::{self, Played};
use table::shell::tui::app::SaveDirs;
use table::shell::tui::catalog::Catalog;
use table::shell::tui::screens::form::fresh_seed;
use table::shell::tui::table::{TableEnv, TableScreen};
use table::shell::tui::theme::PaletteKind;
use table::shell::tui::{self as front, Launch};
use table::shell::{out, quote};
use table::tashkalar::cli::{self, TournamentSpec};
use table::tashkalar::engine::{CardDb, GameConfig, GameState};
use table::tashkalar::ui::setup::{self as tk_setup, GameSetup};
use table::tashkalar::{self as tk};

#[derive(Parser)]
#[command(
    name = "tashkalar",
    version,
    about = "Tash-Kalar: Arena of Legends (and the table's other games), in the terminal"
)]
struct Cli {
    /// Which game (default: tash-kalar).
    #[arg(long, global = true, value_name = "GAME")]
    game: Option<String>,
    /// Load card files from this directory instead of the built-in ones.
    #[arg(long, global = true, value_name = "DIR")]
    cards: Option<PathBuf>,
    /// Colours of the screen: standard, colour-blind or mono (default: mono if NO_COLOR is set).
    #[arg(long, global = true, value_name = "PALETTE")]
    palette: Option<PaletteKind>,
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
    /// Card data commands.
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
    /// The choice a bot makes in a scenario position, with its best alternatives (visits and
    /// values of the search).
    Think {
        scenario: PathBuf,
        /// easy, normal, hard (the search levels), greedy or random.
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
    /// The pending decision of a scenario and its legal choices.
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
    /// Load and validate every card; print counts per deck.
    Check,
}

#[derive(Args, Default)]
struct PlayArgs {
    /// Tash-Kalar: high-form or deathmatch.
    #[arg(long)]
    mode: Option<String>,
    /// High Ground: normal or mini.
    #[arg(long)]
    variant: Option<String>,
    /// Number of players, 2-4.
    #[arg(long)]
    players: Option<u8>,
    /// Two teams of 2 (4 players, either form): seats 1 and 3 against seats 2 and 4. High Form
    /// for 4 players is only played this way.
    #[arg(long)]
    teams: bool,
    /// An AI seat, e.g. `2=normal` or `2=mcts:hard` (repeatable).
    #[arg(long = "ai", value_name = "SEAT=LEVEL")]
    ai: Vec<String>,
    /// Seed of the deal (and of the AI seats' own chance): the same seed deals the same game
    /// (default: a fresh seed).
    #[arg(long)]
    seed: Option<u64>,
    /// Start from a scenario file.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// Resume the last unfinished game.
    #[arg(long = "continue")]
    resume: bool,
    /// Decks per seat, comma-separated (e.g. Imperial,Highland).
    #[arg(long, value_delimiter = ',')]
    decks: Vec<String>,
    /// Where games are saved after every decision, and looked for by --continue and the menu
    /// (default: the platform's data directory; `./saves` is still looked in).
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
}

#[derive(Args)]
struct SimArgs {
    /// Tash-Kalar: high-form or deathmatch (default: deathmatch).
    #[arg(long)]
    mode: Option<String>,
    /// High Ground: normal or mini (default: normal).
    #[arg(long)]
    variant: Option<String>,
    /// Number of players, 2-4.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// Two teams of 2 (4 players, either form): seats 1 and 3 against seats 2 and 4. High Form
    /// for 4 players is only played this way.
    #[arg(long)]
    teams: bool,
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
    /// Decks per seat, comma-separated, or `mixed` for random decks each game.
    #[arg(long, value_delimiter = ',')]
    decks: Vec<String>,
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

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage(&e),
    };
    match run(cli) {
        // A reader that closed the pipe took what it wanted (see `shell::out`).
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Message(message)) => {
            // One line, even if a name in it came from a file or the command line.
            out::eprintln(&format!("tashkalar: {}", quote::escape(&message)));
            ExitCode::FAILURE
        }
    }
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

impl From<out::Stop> for Failure {
    fn from(stop: out::Stop) -> Self {
        match stop {
            out::Stop::Closed => Failure::Closed,
            failed => Failure::Message(failed.to_string()),
        }
    }
}

/// The games this build offers, as `--game` names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Which {
    TashKalar,
    HighGround,
}

impl Which {
    /// The game `--game` names (Tash-Kalar when none is named).
    fn named(id: Option<&str>) -> Result<Which, String> {
        match id {
            None => Ok(Which::TashKalar),
            Some(id) if id == tk::ID => Ok(Which::TashKalar),
            Some(id) if id == hg::ID => Ok(Which::HighGround),
            Some(id) => Err(format!(
                "unknown game `{id}` (this build has: {}, {})",
                tk::ID,
                hg::ID
            )),
        }
    }

    fn id(self) -> &'static str {
        match self {
            Which::TashKalar => tk::ID,
            Which::HighGround => hg::ID,
        }
    }
}

/// The games of the table, the flagship first.
fn catalog(db: Arc<CardDb>) -> Catalog {
    Catalog {
        games: vec![Box::new(tk::entry(db)), Box::new(hg::entry())],
    }
}

/// Where saves go by default: the platform's data directory (`~/.local/share/tashkalar/saves`
/// on Linux), and `./saves`, where earlier versions saved, is still looked in.
fn default_saves() -> SaveDirs {
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

/// A Tash-Kalar command asked of another game.
fn only_tashkalar(which: Which, command: &str) -> Result<(), String> {
    match which {
        Which::TashKalar => Ok(()),
        other => Err(format!(
            "`{command}` is a Tash-Kalar command; it has nothing to do for {}",
            other.id()
        )),
    }
}

fn run(cli: Cli) -> Result<(), Failure> {
    let db = || cli::load_cards(cli.cards.as_deref()).map(Arc::new);
    let palette = cli.palette.unwrap_or_else(PaletteKind::from_env);
    let which = Which::named(cli.game.as_deref())?;
    let named = cli.game.is_some();
    match cli.command {
        None => Ok(play(db()?, which, named, PlayArgs::default(), palette)?),
        Some(Command::Play(args)) => Ok(play(db()?, which, named, args, palette)?),
        Some(Command::Replay { file, verify }) => replay(db()?, file, verify, palette),
        Some(Command::Cards {
            action: CardsAction::Check,
        }) => {
            only_tashkalar(which, "cards check")?;
            Ok(out::print(&cli::cards_check(db()?.as_ref())?)?)
        }
        Some(Command::Legal {
            scenario,
            json,
            then,
        }) => {
            only_tashkalar(which, "legal")?;
            let text = std::fs::read_to_string(&scenario)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            let (state, doc) = cli::legal(db()?, &text, &then)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            if json {
                out::println(&doc.to_string())?;
            } else {
                out::print(&cli::legal_text(&state))?;
            }
            Ok(())
        }
        Some(Command::Sim(args)) => match which {
            Which::TashKalar => simulate_tashkalar(db()?, args),
            Which::HighGround => simulate_highground(args),
        },
        Some(Command::Think {
            scenario,
            bot,
            seed,
            top,
            json,
        }) => {
            only_tashkalar(which, "think")?;
            let text = std::fs::read_to_string(&scenario)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            let state = tk_setup::scenario_state(db()?, &text)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            let bot = table::shell::ai::serve::level_bot(&bot);
            if bot.starts_with("cmd") {
                return Err(Failure::from(
                    "--bot names a built-in bot, not an outside program".to_string(),
                ));
            }
            let seat = table::shell::game::Game::to_move(&state);
            let observation = table::shell::game::Game::observation(&state, seat);
            let analysis = table::shell::ai::think::think(&observation, &bot, seed, top)?;
            if json {
                out::println(&analysis.json().to_string())?;
            } else {
                out::print(&analysis.text())?;
            }
            Ok(())
        }
        Some(Command::Bot { level }) => {
            only_tashkalar(which, "bot")?;
            let bot = table::shell::ai::serve::level_bot(&level);
            if bot.starts_with("cmd") {
                return Err(Failure::from(
                    "--level names a built-in bot, not an outside program".to_string(),
                ));
            }
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            Ok(table::shell::ai::serve::serve::<GameState>(
                &db()?,
                &bot,
                stdin,
                stdout,
            )?)
        }
    }
}

/// `tashkalar sim`: a tournament of Tash-Kalar between bots.
fn simulate_tashkalar(db: Arc<CardDb>, args: SimArgs) -> Result<(), Failure> {
    if args.variant.is_some() {
        return Err(Failure::from(
            "--variant is High Ground's (add --game high-ground); Tash-Kalar has --mode"
                .to_string(),
        ));
    }
    let spec = TournamentSpec {
        mode: cli::parse_mode(args.mode.as_deref().unwrap_or("deathmatch"))?,
        players: args.players,
        teams: args.teams,
        decks: args.decks.clone(),
        games: args.games,
        seed: args.seed,
        bots: args.bots.clone(),
    };
    let games = cli::pairings(&db, &spec)?;
    let report = tournament::<GameState>(&db, &games, &args, spec.mode.name())?;
    let title = format!(
        "{} games of {} for {} players",
        report.games,
        spec.mode.name(),
        spec.players
    );
    let setup = serde_json::json!({
        "game": tk::ID,
        "mode": spec.mode.name(),
        "players": spec.players,
        "teams": spec.teams,
    });
    Ok(print_report(&report, &args, &title, setup)?)
}

/// `tashkalar sim --game high-ground`: a tournament of High Ground between bots.
fn simulate_highground(args: SimArgs) -> Result<(), Failure> {
    refuse_tashkalar_flags(
        args.mode.is_some(),
        !args.decks.is_empty(),
        false,
        args.teams,
    )?;
    let spec = hg_cli::TournamentSpec {
        variant: hg_cli::parse_variant(args.variant.as_deref().unwrap_or("normal"))?,
        players: args.players,
        games: args.games,
        seed: args.seed,
        bots: args.bots.clone(),
    };
    let games = hg_cli::pairings(&spec)?;
    let label = format!("high-ground-{}", spec.variant.name());
    let report = tournament::<HighGround>(&(), &games, &args, &label)?;
    let title = format!(
        "{} games of High Ground ({}) for {} players",
        report.games,
        spec.variant.name(),
        spec.players
    );
    let setup = serde_json::json!({
        "game": hg::ID,
        "variant": spec.variant.name(),
        "players": spec.players,
    });
    Ok(print_report(&report, &args, &title, setup)?)
}

/// Tash-Kalar's flags given for High Ground: the first one is refused in one line.
fn refuse_tashkalar_flags(
    mode: bool,
    decks: bool,
    scenario: bool,
    teams: bool,
) -> Result<(), String> {
    let flag = [
        (mode, "--mode"),
        (decks, "--decks"),
        (scenario, "--scenario"),
        (teams, "--teams"),
    ]
    .into_iter()
    .find_map(|(given, flag)| given.then_some(flag));
    match flag {
        Some(flag) => Err(format!(
            "{flag} is a Tash-Kalar flag; High Ground takes --players, --variant normal|mini, --ai, --seed and --save-dir"
        )),
        None => Ok(()),
    }
}

/// Plays the games of a tournament (saving each when `--save-dir` is given).
fn tournament<G: Recordable>(
    ctx: &G::Context,
    games: &[sim::Pairing<G::Spec>],
    args: &SimArgs,
    label: &str,
) -> Result<sim::SimReport, String> {
    if let Some(dir) = &args.save_dir {
        save::check_dir(dir).map_err(|e| e.to_string())?;
    }
    let mut save_problem = None;
    let mut saved = 0;
    let report = sim::run::<G>(ctx, games, &args.bots, args.jobs, |game| {
        if let Some(dir) = &args.save_dir
            && save_problem.is_none()
        {
            match save_played(ctx, dir, game, label) {
                Ok(_) => saved += 1,
                Err(e) => save_problem = Some(e),
            }
        }
    })
    .map_err(|e| e.to_string())?;
    match save_problem {
        Some(problem) => Err(format!("{problem} (after {saved} saves)")),
        None => Ok(report),
    }
}

/// The report of a tournament, in words or (`--json`) as one JSON document.
fn print_report(
    report: &sim::SimReport,
    args: &SimArgs,
    title: &str,
    setup: serde_json::Value,
) -> Result<(), out::Stop> {
    if args.json {
        out::println(&report.json(setup).to_string())
    } else {
        out::print(&report.text(title, &args.bots))
    }
}

/// Writes one bot game of `sim` as a save in `dir`; returns the file.
fn save_played<G: Recordable>(
    ctx: &G::Context,
    dir: &std::path::Path,
    game: &Played<G>,
    label: &str,
) -> Result<PathBuf, String> {
    let seed = game.pairing.seed;
    let start = G::start(&game.pairing.spec, seed, ctx).map_err(|e| format!("seed {seed}: {e}"))?;
    let texts = table::shell::record::replay::notation(start, &game.played.choices)
        .map_err(|e| format!("seed {seed}: {e}"))?;
    let save = SaveFile::new::<G>(game.pairing.spec.clone(), seed, texts, &game.played.end);
    let text = save::to_text(&save).map_err(|e| e.to_string())?;
    let stem = format!(
        "{}-seed{seed}",
        save::stem_for(std::time::SystemTime::now(), label)
    );
    write_new(dir, &stem, &text).map_err(|e| e.to_string())
}

/// The most seats any game of the table has (`--continue --ai SEAT=...` is read before the save
/// says how many its game has; the table then checks the seat exists).
const MAX_SEATS: usize = 4;

/// Whether `play`'s flags describe a game to start (rather than the menu).
fn wants_game(args: &PlayArgs) -> bool {
    args.mode.is_some()
        || args.variant.is_some()
        || args.players.is_some()
        || args.teams
        || !args.ai.is_empty()
        || args.seed.is_some()
        || args.scenario.is_some()
        || !args.decks.is_empty()
}

/// `tashkalar` / `tashkalar play`: the menu (of the game `--game` names, or the list of games),
/// or straight into the game the flags describe.
fn play(
    db: Arc<CardDb>,
    which: Which,
    named: bool,
    mut args: PlayArgs,
    palette: PaletteKind,
) -> Result<(), String> {
    // A folder named on the command line that cannot take saves is said before anything starts
    // (the default folder's problems show on the game screen, which goes on without saving).
    if let Some(dir) = &args.save_dir {
        save::check_dir(dir).map_err(|e| e.to_string())?;
    }
    let saves = saves_for(args.save_dir.clone());
    let mut env = TableEnv::default();
    let catalog = catalog(Arc::clone(&db));
    if args.resume {
        // `--ai` may say who plays a seat now (a seat the save gave to an outside program comes
        // back empty: a file never starts a program); everything else is the save's.
        let ai = std::mem::take(&mut args.ai);
        if wants_game(&args) {
            return Err(
                "--continue resumes the saved game as it was; drop the game flags \
                 other than --ai"
                    .into(),
            );
        }
        env.resume_seats = ai
            .iter()
            .map(|spec| table::shell::seats::parse_ai(spec, MAX_SEATS))
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|(seat, bot)| (seat, table::shell::seats::SeatKind::Bot(bot)))
            .collect();
        let table = catalog
            .continue_last(&saves.all(), &env)
            .map_err(|e| e.to_string())?;
        return front::run(catalog, Launch::Table(table), palette, saves);
    }
    if !wants_game(&args) {
        let chosen = named
            .then(|| catalog.games.iter().position(|g| g.id() == which.id()))
            .flatten();
        return front::run(catalog, Launch::Menu(chosen), palette, saves);
    }
    let table = match which {
        Which::TashKalar => tashkalar_table(db, &args, &saves, &env)?,
        Which::HighGround => highground_table(&args, &saves, &env)?,
    };
    front::run(catalog, Launch::Table(table), palette, saves)
}

/// A game of Tash-Kalar as `play`'s flags describe it.
fn tashkalar_table(
    db: Arc<CardDb>,
    args: &PlayArgs,
    saves: &SaveDirs,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    if args.variant.is_some() {
        return Err(
            "--variant is High Ground's (add --game high-ground); Tash-Kalar has --mode".into(),
        );
    }
    if let Some(path) = &args.scenario {
        if args.mode.is_some() || args.players.is_some() || args.teams || !args.decks.is_empty() {
            return Err("--scenario sets the form, players, teams and decks itself; drop --mode, --players, --teams and --decks".into());
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let state = tk_setup::scenario_state(Arc::clone(&db), &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let kinds = kinds_from_flags(&args.ai, state.players())?;
        return tk_setup::scenario_table(db, &text, &kinds, saves.write.as_deref(), env)
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    let mode = cli::parse_mode(args.mode.as_deref().unwrap_or("deathmatch"))?;
    let players = args.players.unwrap_or(2);
    let decks = tk_setup::decks_for(&db, &args.decks, players)?;
    let config = GameConfig {
        mode,
        players,
        teams: args.teams,
        decks: decks.clone(),
    };
    config.validate(&db).map_err(|e| cli::setup_error(&e))?;
    let setup = GameSetup {
        mode,
        players,
        teams: args.teams,
        seats: kinds_from_flags(&args.ai, players as usize)?,
        decks,
        seed: args.seed.unwrap_or_else(fresh_seed),
    };
    setup.table(db, saves.write.as_deref(), env)
}

/// A game of High Ground as `play`'s flags describe it.
fn highground_table(
    args: &PlayArgs,
    saves: &SaveDirs,
    env: &TableEnv,
) -> Result<Box<dyn TableScreen>, String> {
    refuse_tashkalar_flags(
        args.mode.is_some(),
        !args.decks.is_empty(),
        args.scenario.is_some(),
        args.teams,
    )?;
    let setup = hg::Setup {
        players: args.players.unwrap_or(2),
        variant: hg_cli::parse_variant(args.variant.as_deref().unwrap_or("normal"))?,
    };
    setup.validate().map_err(|e| format!("--players: {e}"))?;
    let kinds = kinds_from_flags(&args.ai, setup.players as usize)?;
    let seed = args.seed.unwrap_or_else(fresh_seed);
    hg::ui::setup::table(setup, &kinds, seed, saves.write.as_deref(), env)
}

/// `tashkalar replay FILE [--verify]`: the viewer, or a headless check of the save (of any game
/// of the table: the save names its game).
fn replay(
    db: Arc<CardDb>,
    file: PathBuf,
    verify: bool,
    palette: PaletteKind,
) -> Result<(), Failure> {
    let catalog = catalog(db);
    if verify {
        // Loading re-applies every choice and compares the final hash: that is the check.
        let (_, hash) = catalog.verify(&file).map_err(|e| e.to_string())?;
        out::println(&format!("ok {}", table::shell::record::format::hex(hash)))?;
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
