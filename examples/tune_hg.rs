//! Tunes the search bot on High Ground: plays `mcts` with the given settings against another bot
//! (alternating seats, two players, the normal game) and prints its win rate and time per
//! decision. Usage:
//!
//! `cargo run --release --example tune_hg -- [games=20] [seed=1000] [vs=greedy|mcts:easy|...]
//!  [level=easy] [it=N] [depth=N] [expl=X] [prior=X] [samples=N] [pv=N] [deals=N] [geff=0|1]
//!  [settle=0|1] [own=0|1] [verbose=1]`
//!
//! The knobs are `MctsConfig`'s fields (`pv` its `prior_visits`, `deals` its `reply_deals`,
//! `geff` its `greedy_effects`, `settle` its `settle_actions`, `own` its `settle_own_turn`);
//! those not given keep the level's values.
//!
//! With `verbose=1` each game's line also says how it ended (annihilation, a King held, or the
//! no-kill draw), its turns, the pyramids each side has left and the actions each side chose
//! (moves, rolls, card plays, draws), the tuned side first: the numbers to read when a change
//! moves the draw rate.
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::highground::{HighGround, Outcome, Pending, Setup, Variant, Victory, playout};
use table::shell::ai::mcts::{Level, MctsBot};
use table::shell::ai::{Bot, make_bot};
use table::shell::game::{Game, Heuristics};

/// How a game ended, as `verbose=1` and the run's last line say it.
const ENDS: [&str; 3] = ["annihilation", "King held", "drawn"];

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let num = |key: &str, default: f64| args.parse(key, default);
    let setup = Setup {
        players: 2,
        variant: Variant::Normal,
    };
    let probe = HighGround::new_game(setup, 1).map_err(|e| e.to_string())?;
    let level = Level::parse(&args.get("level").unwrap_or_else(|| "easy".into())).ok_or("level")?;
    let base = level.config(Heuristics::search_budgets(&probe));
    let mut config = base;
    config.iterations = num("it", base.iterations as f64)? as u32;
    config.playout_depth = num("depth", base.playout_depth as f64)? as u32;
    config.exploration = num("expl", base.exploration)?;
    config.prior_weight = num("prior", base.prior_weight)?;
    config.playout_samples = num("samples", base.playout_samples as f64)? as u32;
    config.prior_visits = num("pv", base.prior_visits as f64)? as u32;
    config.reply_deals = num("deals", base.reply_deals as f64)? as u32;
    config.greedy_effects = args.flag("geff").unwrap_or(base.greedy_effects);
    config.settle_actions = args.flag("settle").unwrap_or(base.settle_actions);
    config.settle_own_turn = args.flag("own").unwrap_or(base.settle_own_turn);
    config.time_limit = Duration::from_secs(60);
    let games = num("games", 20.0)? as u64;
    let seed = num("seed", 1000.0)? as u64;
    let vs = args.get("vs").unwrap_or_else(|| "greedy".into());
    let verbose = args.flag("verbose").unwrap_or(false);
    let mut ends = [0u32; 3];
    let cancel = AtomicBool::new(false);
    let (mut wins, mut decisions, mut thinking) = (0.0, 0u64, Duration::ZERO);
    for g in 0..games {
        let mut state = HighGround::new_game(setup, seed + g).map_err(|e| e.to_string())?;
        let tuned = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<HighGround>>> = vec![
            Box::new(MctsBot::with_config("tuned".into(), config, seed + g)),
            make_bot(&vs, (seed + g).wrapping_mul(31))?,
        ];
        if tuned == 1 {
            bots.swap(0, 1);
        }
        // Per seat: moves, rolls, card plays, draws or discards, at the start of its turns.
        let mut actions = [[0u32; 4]; 2];
        let mut turns = 0u32;
        while !state.is_over() {
            let seat = state.to_move();
            let obs = state.observation(seat);
            let acting = matches!(state.pending(), Pending::Action);
            let started = Instant::now();
            let c = bots[seat].choose(&obs, &cancel).ok_or("no choice")?;
            if seat == tuned {
                thinking += started.elapsed();
                decisions += 1;
            }
            if acting {
                turns += 1;
                actions[seat][playout::action_kind(&c)] += 1;
            }
            state.play(c).map_err(|e| e.to_string())?;
        }
        let won = state.rewards()[tuned];
        wins += won;
        let end = match state.outcome() {
            Some(Outcome::Won {
                by: Victory::Annihilation,
                ..
            }) => 0,
            Some(Outcome::Won {
                by: Victory::King, ..
            }) => 1,
            _ => 2,
        };
        ends[end] += 1;
        if verbose {
            let other = 1 - tuned;
            eprintln!(
                "game {g}: {won} (total {wins}/{}) {} in {turns} turns, pyramids {}-{}, \
                 move/roll/play/draw {:?} vs {:?}",
                g + 1,
                ENDS[end],
                state.pyramids().count(tuned as u8),
                state.pyramids().count(other as u8),
                actions[tuned],
                actions[other],
            );
        } else {
            eprintln!("game {g}: {won} (total {wins}/{})", g + 1);
        }
    }
    let ms = thinking.as_secs_f64() * 1000.0 / decisions.max(1) as f64;
    println!(
        "{config:?} vs {vs}: {wins}/{games} = {:.1}%, {ms:.1} ms per decision",
        100.0 * wins / games.max(1) as f64
    );
    let counts: Vec<String> = ENDS
        .iter()
        .zip(ends)
        .map(|(e, n)| format!("{n} {e}"))
        .collect();
    println!("ends: {}", counts.join(", "));
    Ok(())
}
