//! Measures how often each bot solves a tactics suite (Tash-Kalar's `tests/tactics/`, the lessons
//! of the games `hard` lost in `tests/tactics/lessons/`, High Ground's `tests/hg-tactics/`).
//!
//! `cargo run --release --example tactics -- [game=tashkalar|high-ground]
//!  [bots=greedy,mcts:easy,mcts:normal,mcts:hard] [dir=tests/tactics] [only=PART] [seed=1] [verbose=1|2] [eval=reference|search|learned|step] [settle=0|1] [reply=N]
//!  [own=0|1] [geff=0|1] [pv=N] [threat=0|1] [it=N]`
//!
//! Prints, per bot, the share solved overall and per motif, and (with `verbose=1`) each miss;
//! `verbose=2` adds, for each miss of a search level, the root plan's ranks, values, visits and
//! mean results of its first three choices, the best ones and the one chosen. The search levels
//! run on their iteration budgets with no time limit, so that a busy machine gives the same
//! answers; `eval`, `settle`, `reply`, `own`, `geff`, `pv` and `threat` switch the search
//! options of `MctsConfig` (`evaluation`, `settle_actions`, `reply_deals`, `settle_own_turn`,
//! `greedy_effects`, `prior_visits`, `threat`) from the level's setting, and `it` the budget
//! (`it=1`: the root plan's first choice). With `game=high-ground` (default `dir=tests/hg-tactics`)
//! the levels run as `mcts:LEVEL@3600`, their budgets unclocked, and the search options do not
//! apply.
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use table::shell::ai::mcts::{Evaluation, Level, MctsBot};
use table::shell::game::{Game, Heuristics};
use table::shell::tactics::{Position as GamePosition, attempt};
use table::tashkalar::engine::CardDb;
use table::tashkalar::game::budgets;
use table::tashkalar::tactics::{self, Position};

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let bots = args
        .get("bots")
        .unwrap_or_else(|| "greedy,mcts:easy,mcts:normal,mcts:hard".into());
    let seed: u64 = args.parse("seed", 1)?;
    if args.get("game").is_some_and(|g| g == "high-ground") {
        let dir = PathBuf::from(args.get("dir").unwrap_or_else(|| "tests/hg-tactics".into()));
        let mut positions = table::highground::tactics::load(&dir)?;
        if let Some(part) = args.get("only") {
            positions.retain(|p| p.entry.file.contains(&part));
        }
        return measure(&bots, &positions, seed, args.parse("verbose", 0)?);
    }
    let dir = PathBuf::from(args.get("dir").unwrap_or_else(|| "tests/tactics".into()));
    // 1: each miss; 2: each miss with the root plan (the best choices' ranks and values).
    let verbose: u32 = args.parse("verbose", 0)?;
    let evaluation = args
        .get("eval")
        .map(|e| {
            Evaluation::parse(&e).ok_or(format!(
                "eval: {e}? ({})",
                Evaluation::ALL.map(Evaluation::name).join(", ")
            ))
        })
        .transpose()?;
    let (settle, own) = (args.flag("settle"), args.flag("own"));
    let greedy_effects = args.flag("geff");
    // `it=N`: N iterations instead of the level's budget (`it=1`: the root plan's first choice).
    let iterations: Option<u32> = args.optional("it")?;
    let prior_visits: Option<u32> = args.optional("pv")?;
    let threat = args.flag("threat");
    let reply: Option<u32> = args.optional("reply")?;
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let mut positions = tactics::load(&dir, &db)?;
    // `only=PART`: the positions whose file name contains PART.
    if let Some(part) = args.get("only") {
        positions.retain(|p| p.entry.file.contains(&part));
    }
    // A search level on its budget, without its time limit and with the options asked for.
    let search = |p: &Position, level: Level| -> (String, bool) {
        let mut config = level.config(budgets(p.state.config.mode));
        config.time_limit = Duration::from_secs(3600);
        config.iterations = iterations.unwrap_or(config.iterations);
        config.prior_visits = prior_visits.unwrap_or(config.prior_visits);
        config.threat = threat.unwrap_or(config.threat);
        config.evaluation = evaluation.unwrap_or(config.evaluation);
        config.settle_actions = settle.unwrap_or(config.settle_actions);
        config.settle_own_turn = own.unwrap_or(config.settle_own_turn);
        config.greedy_effects = greedy_effects.unwrap_or(config.greedy_effects);
        config.reply_deals = reply.unwrap_or(config.reply_deals);
        let mut bot = MctsBot::with_config(level.name().into(), config, seed);
        let observation = Game::observation(&p.state, Game::to_move(&p.state));
        let report = bot.search(&observation, &AtomicBool::new(false));
        let choice = report
            .choice
            .map(|c| p.state.choice_text(&c))
            .unwrap_or_default();
        let solved = p.entry.best.contains(&choice);
        if verbose >= 2 && !solved {
            let mut legal = Vec::new();
            observation.legal(&mut legal);
            let at = |c: &_| legal.iter().position(|l| l == c);
            let visits = |c: &_| at(c).map_or(0, |i| report.visits[i]);
            let mean = |c: &_| at(c).and_then(|i| report.values[i]).unwrap_or(f64::NAN);
            for (rank, (c, v)) in report.plan.iter().enumerate() {
                let text = p.state.choice_text(c);
                if rank < 3 || p.entry.best.contains(&text) || text == choice {
                    println!(
                        "      plan #{rank:<3} {v:.4} {:>6} visits mean {:.4}  {text}",
                        visits(c),
                        mean(c)
                    );
                }
            }
        }
        (choice, solved)
    };
    for bot in bots.split(',') {
        let level = bot.strip_prefix("mcts:").and_then(Level::parse);
        tally(bot, &positions, verbose, |p| match level {
            Some(level) => Ok(search(p, level)),
            None => tactics::attempt(p, bot, seed),
        })?;
    }
    Ok(())
}

/// Puts `bot` to every position with `attempt` and prints its solve rate, by motif, with the
/// positions it missed when `verbose`.
fn tally<G>(
    bot: &str,
    positions: &[GamePosition<G>],
    verbose: u32,
    mut attempt: impl FnMut(&GamePosition<G>) -> Result<(String, bool), String>,
) -> Result<(), String> {
    let started = Instant::now();
    let mut by_motif: BTreeMap<String, (u32, u32)> = BTreeMap::new();
    let mut solved = 0;
    for p in positions {
        let (choice, ok) = attempt(p)?;
        let row = by_motif.entry(p.entry.motif.clone()).or_default();
        row.1 += 1;
        if ok {
            row.0 += 1;
            solved += 1;
        } else if verbose > 0 {
            println!(
                "  {bot} misses {}: chose {choice}; best {:?} ({})",
                p.entry.file, p.entry.best, p.entry.reason
            );
        }
    }
    let motifs: Vec<String> = by_motif
        .iter()
        .map(|(m, (s, n))| format!("{m} {s}/{n}"))
        .collect();
    println!(
        "{bot}: {solved}/{} = {:.1}% ({}) in {:.0} s",
        positions.len(),
        100.0 * solved as f64 / positions.len().max(1) as f64,
        motifs.join(", "),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Each bot's solve rate on a suite of any game, through the bots' shared analysis (`think`): the
/// search levels on their iteration budgets, unclocked (`mcts:LEVEL@3600`), so that a busy
/// machine gives the same answers.
fn measure<G: Heuristics>(
    bots: &str,
    positions: &[GamePosition<G>],
    seed: u64,
    verbose: u32,
) -> Result<(), String> {
    for bot in bots.split(',') {
        let name = match bot.strip_prefix("mcts:") {
            Some(level) if !level.contains('@') => format!("mcts:{level}@3600"),
            _ => bot.to_string(),
        };
        tally(bot, positions, verbose, |p| attempt(p, &name, seed))?;
    }
    Ok(())
}
