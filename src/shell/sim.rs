//! Tournaments: many games between bots without a screen (`tashkalar sim`), for any game.
//!
//! A tournament is a list of [`Pairing`]s (each game's setup, seed and bots), drawn up front by the
//! game's side so that the games are the same however many are played at once. Each game is
//! played through [`play_match`]; a game that fails (a bot's bad choice, a panic) is counted as an
//! error and the tournament goes on.

use super::ai::{Bot, make_bot, panic_text};
use super::game::Heuristics;
use super::play::{Match, play_match};
use super::quote;
use super::record::Recordable;
use crate::shell::seats::SeatKind;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// One game of a tournament: what it is, its seed, and the bot at each seat.
#[derive(Clone, Debug)]
pub struct Pairing<S> {
    /// 0 for the first game.
    pub index: u32,
    pub seed: u64,
    /// The game's setup, as its save would record it.
    pub spec: S,
    /// Bot name per seat.
    pub bots: Vec<String>,
}

/// The bots of game `index` of a tournament between `bots`: seats rotate from game to game, so
/// that every bot plays every seat.
pub fn rotation(bots: &[String], players: usize, index: u32) -> Vec<String> {
    (0..players)
        .map(|s| bots[(s + index as usize) % bots.len().max(1)].clone())
        .collect()
}

/// The games of a tournament of `games` games between `bots` at `players` seats: game `i` is
/// dealt from `seed + i`, its seats' bots rotate so that every bot plays every seat, and `spec`
/// sets each game up from its index and who plays its seats (called in order, so that a game
/// drawing its own set-up, random decks say, draws the same ones however the games are played).
/// A spec it refuses is the tournament's error.
pub fn pairings<S>(
    bots: &[String],
    players: usize,
    games: u32,
    seed: u64,
    mut spec: impl FnMut(u32, &[SeatKind]) -> Result<S, String>,
) -> Result<Vec<Pairing<S>>, String> {
    if bots.is_empty() {
        return Err("--bots names no bot".into());
    }
    // Game i is dealt from seed + i: a run that would go past the largest seed is refused rather
    // than wrapping round to seed 0 without a word.
    if games > 0 && seed.checked_add(u64::from(games - 1)).is_none() {
        return Err(format!(
            "--seed {seed} with --games {games} goes past the largest seed ({}); start lower",
            u64::MAX
        ));
    }
    if bots.len() > players {
        return Err(format!(
            "--bots names {} bots for {players} seats (at most one per seat; they take turns at \
             the seats)",
            bots.len()
        ));
    }
    (0..games)
        .map(|i| {
            let bots = rotation(bots, players, i);
            let kinds: Vec<SeatKind> = bots.iter().map(|b| SeatKind::Bot(b.clone())).collect();
            Ok(Pairing {
                index: i,
                seed: seed + u64::from(i),
                spec: spec(i, &kinds)?,
                bots,
            })
        })
        .collect()
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct Played<G: Recordable> {
    pub pairing: Pairing<G::Spec>,
    pub played: Match<G>,
}

impl<G: Recordable> Played<G> {
    /// Seats that won (several for a shared win).
    pub fn winners(&self) -> Vec<usize> {
        let rewards = self.played.rewards();
        (0..rewards.len()).filter(|&s| rewards[s] > 0.0).collect()
    }

    /// Whether the game was drawn: the result is shared by seats of more than one side (a
    /// team's win is no draw).
    pub fn drawn(&self) -> bool {
        let winners = self.winners();
        let Some(first) = winners.first() else {
            return false;
        };
        let side = self.played.end.side(*first);
        winners.iter().any(|w| !side.contains(w))
    }
}

/// How one game of a tournament ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GameResult {
    /// 0 for the first game.
    pub index: u32,
    pub seed: u64,
    /// The seats (0-based) that won or share the result.
    pub winners: Vec<usize>,
    /// Drawn rather than won (see [`Played::drawn`]).
    pub drawn: bool,
}

/// Totals over all games.
#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub games: u32,
    /// Wins per seat (a shared win counts as a fraction).
    pub seat_wins: Vec<f64>,
    /// Games drawn (their result shared across sides; they count in the wins as fractions too).
    pub draws: u32,
    /// Each finished game's result, in the order the games finished.
    pub results: Vec<GameResult>,
    /// Per bot name: wins (fractions for ties), games played, decisions made, time thinking.
    pub bot_stats: Vec<BotStats>,
    pub total_turns: u64,
    /// Per seat; empty for games that keep no score.
    pub total_scores: Vec<i64>,
    pub errors: Vec<String>,
    /// Games lost by a player that failed to choose (each says which game, who and why); they
    /// count in the wins and games like any other.
    pub forfeits: Vec<String>,
    pub elapsed: Duration,
}

#[derive(Clone, Debug, Default)]
pub struct BotStats {
    pub name: String,
    pub wins: f64,
    pub games: u32,
    pub decisions: u64,
    pub thinking: Duration,
}

impl BotStats {
    /// Win rate with a 95% Wilson confidence interval.
    pub fn win_rate(&self) -> (f64, f64, f64) {
        wilson(self.wins, self.games as f64)
    }

    pub fn ms_per_decision(&self) -> f64 {
        if self.decisions == 0 {
            0.0
        } else {
            self.thinking.as_secs_f64() * 1000.0 / self.decisions as f64
        }
    }
}

/// Rate and 95% Wilson score interval for `wins` out of `n`.
pub fn wilson(wins: f64, n: f64) -> (f64, f64, f64) {
    if n <= 0.0 {
        return (0.0, 0.0, 0.0);
    }
    let z = 1.96f64;
    let p = wins / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / denom;
    (p, (centre - half).max(0.0), (centre + half).min(1.0))
}

impl SimReport {
    fn finished(&self) -> u32 {
        self.games.saturating_sub(self.errors.len() as u32).max(1)
    }

    pub fn avg_turns(&self) -> f64 {
        self.total_turns as f64 / self.finished() as f64
    }

    pub fn avg_scores(&self) -> Vec<f64> {
        let done = self.finished() as f64;
        self.total_scores.iter().map(|&s| s as f64 / done).collect()
    }

    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Adds one finished game to the totals.
    fn tally<G: Recordable + Heuristics>(&mut self, game: &Played<G>) {
        let winners = game.winners();
        let drawn = game.drawn();
        self.draws += u32::from(drawn);
        self.results.push(GameResult {
            index: game.pairing.index,
            seed: game.pairing.seed,
            winners: winners.clone(),
            drawn,
        });
        let share = 1.0 / winners.len().max(1) as f64;
        for &w in &winners {
            if let Some(wins) = self.seat_wins.get_mut(w) {
                *wins += share;
            }
        }
        for (seat, name) in game.pairing.bots.iter().enumerate() {
            let Some(stats) = self.bot_stats.iter_mut().find(|b| &b.name == name) else {
                continue;
            };
            stats.games += 1;
            if winners.contains(&seat) {
                stats.wins += share;
            }
            if let Some((decisions, time)) = game.played.timing.get(seat) {
                stats.decisions += decisions;
                stats.thinking += *time;
            }
        }
        if let Some(forfeit) = &game.played.forfeit {
            // The reason may quote an outside program: never raw on a terminal.
            self.forfeits.push(quote::escape(&format!(
                "game {} (seed {}): {forfeit}",
                game.pairing.index, game.pairing.seed
            )));
        }
        self.total_turns += u64::from(game.played.end.turn());
        let scores = game.played.end.scores();
        if self.total_scores.len() < scores.len() {
            self.total_scores.resize(scores.len(), 0);
        }
        for (s, score) in scores.iter().enumerate() {
            self.total_scores[s] += i64::from(*score);
        }
    }

    /// The report in words, headed by `title` ("200 games of deathmatch for 2 players").
    pub fn text(&self, title: &str, bots: &[String]) -> String {
        // Bot names may be a command line with anything in it: escaped like the reasons.
        let mut out = quote::escape(&format!(
            "{title} ({}): {:.1} games/s",
            bots.join(" vs "),
            self.games_per_second()
        ));
        out.push('\n');
        let scores = self.avg_scores();
        for (seat, wins) in self.seat_wins.iter().enumerate() {
            match scores.get(seat) {
                Some(score) => out.push_str(&format!(
                    "seat {}: {wins} wins, average score {score:.2}\n",
                    seat + 1
                )),
                None => out.push_str(&format!("seat {}: {wins} wins\n", seat + 1)),
            }
        }
        for b in &self.bot_stats {
            let (rate, lo, hi) = b.win_rate();
            out.push_str(&format!(
                "{:<12} {:>7.1} wins in {:>5} games: {:5.1}% (95% CI {:.1}-{:.1}%), {:.3} ms per decision\n",
                quote::escape(&b.name),
                b.wins,
                b.games,
                rate * 100.0,
                lo * 100.0,
                hi * 100.0,
                b.ms_per_decision()
            ));
        }
        out.push_str(&format!("average turns: {:.1}\n", self.avg_turns()));
        out.push_str(&format!("draws: {}\n", self.draws));
        if !self.forfeits.is_empty() {
            out.push_str(&format!("forfeits: {}\n", self.forfeits.len()));
            for f in self.forfeits.iter().take(5) {
                out.push_str(&format!("  {f}\n"));
            }
        }
        out.push_str(&format!("errors: {}\n", self.errors.len()));
        for e in self.errors.iter().take(5) {
            out.push_str(&format!("  {e}\n"));
        }
        out
    }

    /// Each game's result in game order: its number (from 1), seed, winning seats (from 1) and
    /// whether it was drawn.
    fn results_json(&self) -> Vec<Value> {
        let mut results: Vec<&GameResult> = self.results.iter().collect();
        results.sort_by_key(|r| r.index);
        results
            .iter()
            .map(|r| {
                json!({
                    "game": r.index + 1,
                    "seed": r.seed,
                    "winners": r.winners.iter().map(|w| w + 1).collect::<Vec<_>>(),
                    "drawn": r.drawn,
                })
            })
            .collect()
    }

    /// The report as one JSON document; `setup` says what was played (game, form, players).
    pub fn json(&self, setup: Value) -> Value {
        json!({
            "setup": setup,
            "games": self.games,
            "wins": self.seat_wins,
            "draws": self.draws,
            "results": self.results_json(),
            "errors": self.errors.len(),
            "error_messages": self.errors.iter().take(20).collect::<Vec<_>>(),
            "forfeits": self.forfeits,
            "average_turns": self.avg_turns(),
            "average_scores": self.avg_scores(),
            "games_per_second": self.games_per_second(),
            "bots": self.bot_stats.iter().map(|b| {
                let (rate, lo, hi) = b.win_rate();
                json!({
                    "name": b.name,
                    "games": b.games,
                    "wins": b.wins,
                    "win_rate": rate,
                    "ci95": [lo, hi],
                    "decisions": b.decisions,
                    "ms_per_decision": b.ms_per_decision(),
                })
            }).collect::<Vec<_>>(),
        })
    }
}

/// Why a tournament could not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SimError {
    /// No bot was named.
    NoBots,
    /// A bot name this build does not know (the text says which).
    UnknownBot(String),
}

impl std::fmt::Display for SimError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SimError::NoBots => f.write_str("--bots needs at least one bot"),
            SimError::UnknownBot(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for SimError {}

/// Plays every game of `games`, `jobs` at a time; `on_game` sees every finished game in order
/// (to save it, say). `bots` lists the distinct bots for the report, in the order given.
pub fn run<G: Recordable + Heuristics>(
    ctx: &G::Context,
    games: &[Pairing<G::Spec>],
    bots: &[String],
    jobs: usize,
    mut on_game: impl FnMut(&Played<G>),
) -> Result<SimReport, SimError> {
    if bots.is_empty() {
        return Err(SimError::NoBots);
    }
    for name in bots {
        make_bot::<G>(name, 0).map_err(SimError::UnknownBot)?;
    }
    let players = games.first().map_or(0, |g| g.bots.len());
    let mut names: Vec<String> = Vec::new();
    for b in bots {
        if !names.contains(b) {
            names.push(b.clone());
        }
    }
    let mut report = SimReport {
        seat_wins: vec![0.0; players],
        bot_stats: names
            .iter()
            .map(|n| BotStats {
                name: n.clone(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let cancel = AtomicBool::new(false);
    let start = Instant::now();
    let play = |pairing: &Pairing<G::Spec>| play_caught::<G>(ctx, pairing, &cancel);
    in_order(games, jobs, play, |played| {
        report.games += 1;
        match played {
            Ok(game) => {
                report.tally(&game);
                on_game(&game);
            }
            // A panic's text or a bot's words: printed, so escaped.
            Err(e) => report.errors.push(quote::escape(&e)),
        }
    });
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Runs `work` on every item, on up to `jobs` threads, and hands the results to `done` in the
/// items' order (so that reports and saved games do not depend on which thread finished first).
fn in_order<T: Sync, R: Send>(
    items: &[T],
    jobs: usize,
    work: impl Fn(&T) -> R + Sync,
    mut done: impl FnMut(R),
) {
    if jobs <= 1 || items.len() <= 1 {
        items.iter().for_each(|item| done(work(item)));
        return;
    }
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
            let (sender, next, work) = (sender.clone(), &next, &work);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(item) = items.get(i) else { break };
                    if sender.send((i, work(item))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Results that arrive early wait for the ones before them.
        let mut waiting = BTreeMap::new();
        let mut wanted = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&wanted) {
                done(result);
                wanted += 1;
            }
        }
    });
}

/// Plays one game; a failure or a panic inside it becomes an error that names the game.
fn play_caught<G: Recordable + Heuristics>(
    ctx: &G::Context,
    pairing: &Pairing<G::Spec>,
    cancel: &AtomicBool,
) -> Result<Played<G>, String> {
    let Pairing { index, seed, .. } = pairing;
    let name = format!("game {index} (seed {seed})");
    catch_unwind(AssertUnwindSafe(|| {
        let start = G::start(&pairing.spec, *seed, ctx).map_err(|e| e.to_string())?;
        let mut players: Vec<Box<dyn Bot<G>>> = pairing
            .bots
            .iter()
            .enumerate()
            .map(|(s, bot)| make_bot(bot, seed.wrapping_mul(31).wrapping_add(s as u64)))
            .collect::<Result<_, _>>()?;
        let played = play_match(start, &mut players, cancel).map_err(|e| e.to_string())?;
        Ok(Played {
            pairing: pairing.clone(),
            played,
        })
    }))
    .unwrap_or_else(|panic| Err(format!("panicked: {}", panic_text(&*panic))))
    .map_err(|e: String| format!("{name}: {e}"))
}
