//! `tashkalar`: play Tash-Kalar in the terminal, replay saved games, simulate bot games, check cards.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use table::shell::game::Game;
use table::shell::record::{self, Recordable, SaveFile};
use table::shell::sim::{self, GameRecord, SimConfig};
use table::shell::tui::game::seats::{SeatKind, Seats};
use table::shell::tui::setup::{self, GameSetup};
use table::shell::tui::theme::PaletteKind;
use table::shell::tui::{self as front, Launch, records};
use table::tashkalar::cli;
use table::tashkalar::engine::{CardDb, GameState, Mode};

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
    /// Colours of the game screen: standard, colour-blind or mono (default: mono if NO_COLOR is set).
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
    /// (default: `saves` in the current directory).
    #[arg(long, value_name = "DIR")]
    save_dir: Option<PathBuf>,
}

#[derive(Args)]
struct SimArgs {
    /// high-form or deathmatch.
    #[arg(long, default_value = "deathmatch")]
    mode: String,
    /// Number of players, 2-4.
    #[arg(long, default_value_t = 2)]
    players: u8,
    /// 2 vs 2 team game (High Form, 4 players).
    #[arg(long)]
    teams: bool,
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u32,
    /// Seed of the first game; game i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Bots, comma-separated: random, greedy, mcts:easy, mcts:normal, mcts:hard; seats rotate
    /// between games.
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
    let palette = cli.palette.unwrap_or_else(PaletteKind::from_env);
    match cli.command {
        None => play(db()?, PlayArgs::default(), palette),
        Some(Command::Play(args)) => play(db()?, args, palette),
        Some(Command::Replay { file, verify }) => replay(db()?, file, verify, palette),
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
                jobs: args.jobs,
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
            let db = db()?;
            let mut save_problem = None;
            let mut saved = 0;
            let report = sim::run(Arc::clone(&db), &cfg, |game| {
                if let Some(dir) = &args.save_dir
                    && save_problem.is_none()
                {
                    match save_sim_game(&db, dir, game) {
                        Ok(_) => saved += 1,
                        Err(e) => save_problem = Some(e),
                    }
                }
            })?;
            if let Some(problem) = save_problem {
                return Err(format!("{problem} (after {saved} saves)"));
            }
            if args.json {
                println!("{}", cli::sim_json(&cfg, &report));
            } else {
                print!("{}", cli::sim_text(&cfg, &report));
            }
            Ok(())
        }
    }
}

/// `tashkalar` / `tashkalar play`: the menu, or straight into the game the flags describe.
fn play(db: Arc<CardDb>, args: PlayArgs, palette: PaletteKind) -> Result<(), String> {
    let save_dir = args
        .save_dir
        .clone()
        .unwrap_or_else(|| PathBuf::from(records::DEFAULT_DIR));
    if args.resume {
        if args.mode.is_some()
            || args.players.is_some()
            || !args.ai.is_empty()
            || args.seed.is_some()
            || args.scenario.is_some()
            || !args.decks.is_empty()
        {
            return Err(
                "--continue resumes the saved game as it was; drop the other game flags".into(),
            );
        }
        let opened = records::continue_last(&save_dir, &db).map_err(|e| e.to_string())?;
        return front::run(
            db,
            Launch::Resume(Box::new(opened)),
            palette,
            Some(save_dir),
        );
    }
    let wants_game = args.mode.is_some()
        || args.players.is_some()
        || !args.ai.is_empty()
        || args.seed.is_some()
        || args.scenario.is_some()
        || !args.decks.is_empty();
    if !wants_game {
        return front::run(db, Launch::Menu, palette, Some(save_dir));
    }
    let seats_with_ai = |players: u8| -> Result<Vec<SeatKind>, String> {
        let mut kinds = vec![SeatKind::Human; players as usize];
        for spec in &args.ai {
            let (seat, bot) = setup::parse_ai(spec, players)?;
            kinds[seat] = SeatKind::Ai(bot);
        }
        Ok(kinds)
    };
    if let Some(path) = &args.scenario {
        if args.mode.is_some() || args.players.is_some() || !args.decks.is_empty() {
            return Err("--scenario sets the form, players and decks itself; drop --mode, --players and --decks".into());
        }
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let state = setup::scenario_state(Arc::clone(&db), &text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let kinds = seats_with_ai(state.players() as u8)?;
        return front::run(
            db,
            Launch::Scenario(Box::new(state), kinds, text),
            palette,
            Some(save_dir),
        );
    }
    let mode = cli::parse_mode(args.mode.as_deref().unwrap_or("deathmatch"))?;
    let players = args.players.unwrap_or(2);
    if !setup::allowed_players(mode).contains(&players) {
        return Err(match mode {
            Mode::HighForm => {
                format!("--players {players}: High Form is for 2 players or two teams of 2 (4)")
            }
            Mode::Deathmatch => format!("--players {players}: Deathmatch is for 2 to 4 players"),
        });
    }
    let game = GameSetup {
        mode,
        players,
        seats: seats_with_ai(players)?,
        decks: setup::decks_for(&db, &args.decks, players)?,
        seed: args.seed,
    };
    if mode == Mode::HighForm
        && let Some(why) = setup::high_form_unavailable(&db)
    {
        return Err(format!("High Form is unavailable: {why}"));
    }
    front::run(db, Launch::Game(game), palette, Some(save_dir))
}

/// `tashkalar replay FILE [--verify]`: the viewer, or a headless check of the save.
fn replay(
    db: Arc<CardDb>,
    file: PathBuf,
    verify: bool,
    palette: PaletteKind,
) -> Result<(), String> {
    // Loading re-applies every choice and compares the final hash: that is the verification.
    let opened = records::open(&file, &db).map_err(|e| e.to_string())?;
    if verify {
        println!(
            "ok {}",
            record::format::hex(opened.loaded.end.record_hash())
        );
        return Ok(());
    }
    front::run(
        db,
        Launch::Replay(Box::new(opened)),
        palette,
        Some(PathBuf::from(records::DEFAULT_DIR)),
    )
}

/// Writes one bot game of `sim` as a save in `dir`; returns the file.
fn save_sim_game(
    db: &Arc<CardDb>,
    dir: &std::path::Path,
    game: &GameRecord,
) -> Result<PathBuf, String> {
    let mut state = GameState::new_game(Arc::clone(db), game.config.clone(), game.seed)
        .map_err(|e| format!("seed {}: {e}", game.seed))?;
    let kinds = game.bots.iter().map(|b| SeatKind::Ai(b.clone())).collect();
    let spec = records::spec_for(&state, &Seats::new(&state, kinds), None);
    let mut texts = Vec::with_capacity(game.choices.len());
    for c in &game.choices {
        texts.push(state.choice_text(c));
        state
            .play(*c)
            .map_err(|e| format!("seed {}: replaying the game: {e}", game.seed))?;
    }
    let save = SaveFile::new::<GameState>(spec, game.seed, texts, &state);
    let text = record::save::to_text(&save).map_err(|e| e.to_string())?;
    let stem = format!(
        "{}-seed{}",
        record::save::stem_for(std::time::SystemTime::now(), game.config.mode.name()),
        game.seed
    );
    record::save::write_new(dir, &stem, &text).map_err(|e| e.to_string())
}
