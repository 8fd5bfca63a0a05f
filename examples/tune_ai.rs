//! Tunes the search bot: plays `mcts` with the given settings against another bot (alternating
//! seats, Imperial against Imperial) and prints its win rate and time per decision. Usage:
//!
//! `cargo run --release --example tune_ai -- [mode=deathmatch|high-form] [games=40] [seed=1000]
//!  [vs=greedy|mcts:easy|...] [level=normal] [it=N] [depth=N] [expl=X] [prior=X] [samples=N] [vsit=N]
//!  [eval=reference|search|learned|step] [geff=0|1] [pv=N] [trees=N] [paired=1]`
//!
//! `geff=1` plays the later steps of actions in playouts greedily (`MctsConfig::greedy_effects`).
//! `pv=N` starts each root choice with N virtual visits at its root-plan value
//! (`MctsConfig::prior_visits`). `trees=N` shares the iterations among N trees searched at once
//! (`MctsConfig::trees`). `paired=1` deals games 2k and 2k+1 the same cards with the seats
//! swapped, so that the luck of the draw falls on both bots alike. Besides the win rate it prints
//! the mean score margin of the tuned bot, which varies less from game to game than a win.
//!
//! `vsit` gives an `mcts:LEVEL` opponent (`vs`) that many iterations, and `vspv` that many
//! virtual visits of its root plan (otherwise its level's, which suit the level's budget: with a
//! smaller budget the plan would outweigh the search).
//!
//! `level` picks the starting configuration; the other keys override parts of it.
#[path = "support/args.rs"]
mod args;

use args::Args;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use table::shell::ai::mcts::{Evaluation, Level, MctsBot, MctsConfig};
use table::shell::ai::{Bot, make_bot};
use table::shell::game::Game;
use table::shell::play::play_match;
use table::tashkalar::engine::{CardDb, GameConfig, GameState, Mode};

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let num = |key: &str, default: f64| args.parse(key, default);
    let mode = match args.get("mode").as_deref() {
        Some("high-form") => Mode::HighForm,
        _ => Mode::Deathmatch,
    };
    let level =
        Level::parse(&args.get("level").unwrap_or_else(|| "normal".into())).ok_or("level")?;
    let base = level.config(table::tashkalar::game::budgets(mode));
    let mut config = base;
    config.iterations = num("it", base.iterations as f64)? as u32;
    config.playout_depth = num("depth", base.playout_depth as f64)? as u32;
    config.exploration = num("expl", base.exploration)?;
    config.prior_weight = num("prior", base.prior_weight)?;
    config.playout_samples = num("samples", base.playout_samples as f64)? as u32;
    config.settle_actions = num("settle", f64::from(u8::from(base.settle_actions)))? != 0.0;
    config.greedy_effects = args.flag("geff").unwrap_or(base.greedy_effects);
    config.evaluation = match args.get("eval") {
        None => base.evaluation,
        Some(e) => Evaluation::parse(&e).ok_or(format!(
            "eval: {e}? ({})",
            Evaluation::ALL.map(Evaluation::name).join(", ")
        ))?,
    };
    config.reply_deals = num("reply", f64::from(base.reply_deals))? as u32;
    config.prior_visits = num("pv", f64::from(base.prior_visits))? as u32;
    config.trees = num("trees", f64::from(base.trees))? as u32;
    config.time_limit = Duration::from_secs(60);
    let games = num("games", 40.0)? as u64;
    let seed = num("seed", 1000.0)? as u64;
    let vs = args.get("vs").unwrap_or_else(|| "greedy".into());
    // `vsit` (and `vspv`) replace parts of an `mcts:LEVEL` opponent's configuration.
    let vs_config = match args.optional::<u32>("vsit")? {
        Some(iterations) => {
            let base = config_of(&vs, mode)?;
            let prior_visits = args.optional::<u32>("vspv")?.unwrap_or(base.prior_visits);
            Some(MctsConfig {
                iterations,
                prior_visits,
                ..base
            })
        }
        None => None,
    };
    // `paired=1`: games 2k and 2k+1 deal the same cards (seed + k) with the seats swapped, so
    // that the luck of the draw falls on both bots alike.
    let paired = args.flag("paired").unwrap_or(false);

    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let cancel = AtomicBool::new(false);
    let (mut wins, mut decisions, mut thinking) = (0.0, 0u64, Duration::ZERO);
    let mut margins = Vec::new();
    for g in 0..games {
        let game_seed = if paired { seed + g / 2 } else { seed + g };
        let cfg = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec!["Imperial".into(); 2],
        };
        let state = GameState::new_game(db.clone(), cfg, game_seed).map_err(|e| e.to_string())?;
        let tuned = (g % 2) as usize;
        let mut bots: Vec<Box<dyn Bot<GameState>>> = vec![
            Box::new(MctsBot::with_config("tuned".into(), config, seed + g)),
            match vs_config {
                Some(opponent) => Box::new(MctsBot::with_config(
                    "opponent".into(),
                    opponent,
                    (seed + g).wrapping_mul(31),
                )),
                None => make_bot(&vs, (seed + g).wrapping_mul(31))?,
            },
        ];
        if tuned == 1 {
            bots.swap(0, 1);
        }
        let played = play_match(state, &mut bots, &cancel).map_err(|e| e.to_string())?;
        let (count, spent) = played.timing[tuned];
        thinking += spent;
        decisions += count;
        let won = played.rewards()[tuned];
        wins += won;
        let scores = Game::scores(&played.end);
        let margin = f64::from(scores[tuned] - scores[1 - tuned]);
        margins.push(margin);
        eprintln!(
            "game {g}: {won} (total {wins}/{}) margin {margin:+} (mean {:+.2})",
            g + 1,
            margins.iter().sum::<f64>() / margins.len() as f64
        );
    }
    let n = margins.len().max(1) as f64;
    let mean = margins.iter().sum::<f64>() / n;
    let sd = (margins.iter().map(|m| (m - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
    println!(
        "score margin {mean:+.2} (standard error {:.2})",
        sd / n.sqrt()
    );
    let ms = thinking.as_secs_f64() * 1000.0 / decisions.max(1) as f64;
    println!(
        "{config:?} vs {vs}: {wins}/{games} = {:.1}%, {ms:.1} ms per decision",
        100.0 * wins / games.max(1) as f64
    );
    Ok(())
}

/// The configuration of the level named by an `mcts:LEVEL` bot name.
fn config_of(name: &str, mode: Mode) -> Result<MctsConfig, String> {
    name.strip_prefix("mcts:")
        .and_then(Level::parse)
        .map(|level| MctsConfig {
            time_limit: Duration::from_secs(60),
            ..level.config(table::tashkalar::game::budgets(mode))
        })
        .ok_or_else(|| format!("vsit needs vs=mcts:LEVEL, not {name}"))
}
