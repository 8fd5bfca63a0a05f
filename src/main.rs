//! `tashkalar`: play Tash-Kalar in the terminal, replay saved games, simulate bot games, check cards.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tashkalar::cli;
use tashkalar::engine::Mode;
use tashkalar::sim::{self, SimConfig};

#[derive(Parser)]
#[command(
    name = "tashkalar",
    version,
    about = "Tash-Kalar: Arena of Legends, in the terminal"
)]
struct Cli {
    /// Load card files from this directory instead of the built-in ones.
    #[arg(long, global = true, value_name = "DIR")]
    cards: Option<PathBuf>,
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
    /// high-form or deathmatch.
    #[arg(long)]
    mode: Option<String>,
    /// Number of players, 2-4.
    #[arg(long)]
    players: Option<u8>,
    /// An AI seat, e.g. `2=normal` or `2=mcts:hard` (repeatable).
    #[arg(long = "ai", value_name = "SEAT=LEVEL")]
    ai: Vec<String>,
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
}

#[derive(Args)]
struct SimArgs {
    #[arg(long, default_value = "deathmatch")]
    mode: String,
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// 2 vs 2 team game (High Form, 4 players).
    #[arg(long)]
    teams: bool,
    #[arg(long, default_value_t = 100)]
    games: u32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots, comma-separated; seats rotate between games.
    #[arg(long, value_delimiter = ',', default_value = "random")]
    bots: Vec<String>,
    /// Decks per seat, comma-separated, or `mixed` for random decks each game.
    #[arg(long, value_delimiter = ',')]
    decks: Vec<String>,
    /// Write one save file per game into this directory.
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
    /// One JSON document on stdout.
    #[arg(long)]
    json: bool,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("tashkalar: {message}");
            ExitCode::FAILURE
        }
    }
}

fn run(cli: Cli) -> Result<(), String> {
    let db = || cli::load_cards(cli.cards.as_deref()).map(Arc::new);
    match cli.command {
        None => play(db()?, PlayArgs::default()),
        Some(Command::Play(args)) => play(db()?, args),
        Some(Command::Replay { file, verify }) => replay(db()?, file, verify),
        Some(Command::Cards {
            action: CardsAction::Check,
        }) => {
            print!("{}", cli::cards_check(db()?.as_ref()));
            Ok(())
        }
        Some(Command::Legal {
            scenario,
            json,
            then,
        }) => {
            let text = std::fs::read_to_string(&scenario)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            let (state, doc) = cli::legal(db()?, &text, &then)
                .map_err(|e| format!("{}: {e}", scenario.display()))?;
            if json {
                println!("{doc}");
            } else {
                print!("{}", cli::legal_text(&state));
            }
            Ok(())
        }
        Some(Command::Sim(args)) => {
            let cfg = SimConfig {
                mode: cli::parse_mode(&args.mode)?,
                players: args.players,
                teams: args.teams,
                decks: args.decks,
                games: args.games,
                seed: args.seed,
                bots: args.bots,
            };
            if !(2..=4).contains(&cfg.players) {
                return Err(format!(
                    "--players {}: Tash-Kalar is for 2 to 4 players",
                    cfg.players
                ));
            }
            if cfg.mode == Mode::HighForm && cfg.players == 3 {
                return Err("High Form is for 2 players or two teams (--players 4 --teams)".into());
            }
            let report = sim::run(db()?, &cfg, |_| {})?;
            let _ = args.save_dir;
            if args.json {
                println!("{}", cli::sim_json(&cfg, &report));
            } else {
                print!("{}", cli::sim_text(&cfg, &report));
            }
            Ok(())
        }
    }
}

fn play(_db: Arc<tashkalar::engine::CardDb>, _args: PlayArgs) -> Result<(), String> {
    Err("the terminal front end is not built yet".into())
}

fn replay(
    _db: Arc<tashkalar::engine::CardDb>,
    _file: PathBuf,
    _verify: bool,
) -> Result<(), String> {
    Err("saves are not supported yet".into())
}
