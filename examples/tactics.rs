//! Measures how often each bot solves the tactics suite (`tests/tactics/`).
//!
//! `cargo run --release --example tactics -- [bots=greedy,mcts:easy,mcts:normal,mcts:hard]
//!  [dir=tests/tactics] [seed=1] [verbose=1]`
//!
//! Prints, per bot, the share solved overall and per motif, and (with `verbose=1`) each miss.
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;
use table::tashkalar::engine::CardDb;
use table::tashkalar::tactics;

fn main() -> Result<(), String> {
    let args: Vec<(String, String)> = std::env::args()
        .skip(1)
        .filter_map(|a| {
            a.split_once('=')
                .map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect();
    let get = |k: &str| {
        args.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.clone())
    };
    let bots = get("bots").unwrap_or_else(|| "greedy,mcts:easy,mcts:normal,mcts:hard".into());
    let dir = PathBuf::from(get("dir").unwrap_or_else(|| "tests/tactics".into()));
    let seed: u64 = get("seed").and_then(|s| s.parse().ok()).unwrap_or(1);
    let verbose = get("verbose").is_some_and(|v| v == "1");
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let positions = tactics::load(&dir, &db)?;
    for bot in bots.split(',') {
        let started = Instant::now();
        let mut by_motif: BTreeMap<String, (u32, u32)> = BTreeMap::new();
        let mut solved = 0;
        for p in &positions {
            let (choice, ok) = tactics::attempt(p, bot, seed)?;
            let row = by_motif.entry(p.entry.motif.clone()).or_default();
            row.1 += 1;
            if ok {
                row.0 += 1;
                solved += 1;
            } else if verbose {
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
    }
    Ok(())
}
