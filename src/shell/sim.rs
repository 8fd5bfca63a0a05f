//! Headless games between bots: the `sim` command and tournaments.

use crate::shell::ai::{Bot, make_bot, panic_text};
use crate::shell::game::Game;
use crate::shell::rng::Rng;
use crate::tashkalar::engine::cards::CardDb;
use crate::tashkalar::engine::{GameConfig, GameState, Mode, Seat};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Longest game before it is abandoned as an error (a safety net; real games are far shorter).
const MAX_DECISIONS: usize = 50_000;

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    pub mode: Mode,
    pub players: u8,
    pub teams: bool,
    /// Deck per seat; empty = the first deck for everyone; `["mixed"]` = random decks each game.
    pub decks: Vec<String>,
    pub games: u32,
    pub seed: u64,
    /// Bot names; game `i` seats bot `(seat + i) % bots` so every bot plays every seat.
    pub bots: Vec<String>,
    /// Games played at once, each on its own thread (the games and the report are the same for
    /// any number; only the elapsed time changes).
    pub jobs: usize,
}

/// One finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    pub seed: u64,
    pub config: GameConfig,
    /// Bot name per seat.
    pub bots: Vec<String>,
    pub choices: Vec<crate::tashkalar::engine::Choice>,
    pub final_hash: u64,
    pub turns: u16,
    pub scores: Vec<i32>,
    pub winners: Vec<Seat>,
}

/// Totals over all games.
#[derive(Clone, Debug, Default)]
pub struct SimReport {
    pub games: u32,
    /// Wins per seat (a shared win counts as a fraction).
    pub seat_wins: Vec<f64>,
    /// Per bot name: wins (fractions for ties), games played, decisions made, time thinking.
    pub bot_stats: Vec<BotStats>,
    pub total_turns: u64,
    pub total_scores: Vec<i64>,
    pub errors: Vec<String>,
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
    pub fn avg_turns(&self) -> f64 {
        let done = self.games.saturating_sub(self.errors.len() as u32).max(1);
        self.total_turns as f64 / done as f64
    }

    pub fn avg_scores(&self) -> Vec<f64> {
        let done = self.games.saturating_sub(self.errors.len() as u32).max(1);
        self.total_scores
            .iter()
            .map(|&s| s as f64 / done as f64)
            .collect()
    }

    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// The decks for game `index`.
fn decks_for(cfg: &SimConfig, db: &CardDb, rng: &mut Rng) -> Vec<String> {
    let players = cfg.players as usize;
    match cfg.decks.as_slice() {
        [] => vec![db.decks.first().map(|d| d.name.clone()).unwrap_or_default(); players],
        [one] if one == "mixed" => (0..players)
            .map(|_| {
                db.decks[rng.below(db.decks.len().max(1) as u32) as usize]
                    .name
                    .clone()
            })
            .collect(),
        [one] => vec![one.clone(); players],
        many => many.to_vec(),
    }
}

/// Plays one game between bots; `on_game` sees every finished game (to save it, say).
pub fn run(
    db: Arc<CardDb>,
    cfg: &SimConfig,
    mut on_game: impl FnMut(&GameRecord),
) -> Result<SimReport, String> {
    if cfg.bots.is_empty() {
        return Err("--bots needs at least one bot".into());
    }
    for name in &cfg.bots {
        make_bot::<GameState>(name, 0)?;
    }
    let players = cfg.players as usize;
    let mut names: Vec<String> = Vec::new();
    for b in &cfg.bots {
        if !names.contains(b) {
            names.push(b.clone());
        }
    }
    let mut report = SimReport {
        seat_wins: vec![0.0; players],
        total_scores: vec![0; players],
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
    // Every game's set-up is drawn first, in order, so that the games are the same however many
    // are played at once.
    let mut deck_rng = Rng::seeded(cfg.seed ^ 0x5eed_dec5);
    let setups: Vec<Setup> = (0..cfg.games)
        .map(|i| Setup {
            index: i,
            seed: cfg.seed.wrapping_add(i as u64),
            seat_bots: (0..players)
                .map(|s| cfg.bots[(s + i as usize) % cfg.bots.len()].clone())
                .collect(),
            config: GameConfig {
                mode: cfg.mode,
                players: cfg.players,
                teams: cfg.teams,
                decks: decks_for(cfg, &db, &mut deck_rng),
            },
        })
        .collect();
    let play = |setup: &Setup| play_caught(&db, setup, &cancel);
    in_order(&setups, cfg.jobs, play, |played| {
        report.games += 1;
        match played {
            Ok((record, timing)) => {
                report.tally(&record, &timing);
                on_game(&record);
            }
            Err(e) => report.errors.push(e),
        }
    });
    report.elapsed = start.elapsed();
    Ok(report)
}

/// Decisions made and time spent per seat.
type Timing = Vec<(u64, Duration)>;

/// What one game of a run is played with.
struct Setup {
    index: u32,
    seed: u64,
    seat_bots: Vec<String>,
    config: GameConfig,
}

impl SimReport {
    /// Adds one finished game to the totals.
    fn tally(&mut self, record: &GameRecord, timing: &Timing) {
        let share = 1.0 / record.winners.len().max(1) as f64;
        for w in &record.winners {
            self.seat_wins[w.index()] += share;
        }
        for (seat, name) in record.bots.iter().enumerate() {
            let Some(stats) = self.bot_stats.iter_mut().find(|b| &b.name == name) else {
                continue;
            };
            stats.games += 1;
            if record.winners.contains(&Seat(seat as u8)) {
                stats.wins += share;
            }
            stats.decisions += timing[seat].0;
            stats.thinking += timing[seat].1;
        }
        self.total_turns += record.turns as u64;
        for (s, score) in record.scores.iter().enumerate() {
            self.total_scores[s] += *score as i64;
        }
    }
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

/// Plays one game; a panic inside it becomes an error that names the game.
fn play_caught(
    db: &Arc<CardDb>,
    setup: &Setup,
    cancel: &AtomicBool,
) -> Result<(GameRecord, Timing), String> {
    let Setup {
        index,
        seed,
        seat_bots,
        config,
    } = setup;
    catch_unwind(AssertUnwindSafe(|| {
        play_one(db, config, *seed, seat_bots, cancel)
    }))
    .unwrap_or_else(|panic| {
        Err(format!(
            "game {index} (seed {seed}) panicked: {}",
            panic_text(&*panic)
        ))
    })
}

fn play_one(
    db: &Arc<CardDb>,
    config: &GameConfig,
    seed: u64,
    seat_bots: &[String],
    cancel: &AtomicBool,
) -> Result<(GameRecord, Timing), String> {
    let mut game =
        GameState::new_game(db.clone(), config.clone(), seed).map_err(|e| e.to_string())?;
    let mut bots: Vec<Box<dyn Bot<GameState>>> = seat_bots
        .iter()
        .enumerate()
        .map(|(s, name)| make_bot(name, seed.wrapping_mul(31).wrapping_add(s as u64)))
        .collect::<Result<_, _>>()?;
    let mut timing: Timing = vec![(0, Duration::ZERO); seat_bots.len()];
    let mut choices = Vec::new();
    while !game.is_over() {
        if choices.len() >= MAX_DECISIONS {
            return Err(format!(
                "seed {seed}: no end after {MAX_DECISIONS} decisions"
            ));
        }
        let seat = Game::to_move(&game);
        let observation = Game::observation(&game, seat);
        let t = Instant::now();
        let choice = bots[seat]
            .choose(&observation, cancel)
            .ok_or_else(|| format!("seed {seed}: no legal choice at {:?}", game.decision()))?;
        timing[seat].0 += 1;
        timing[seat].1 += t.elapsed();
        choices.push(choice);
        game.apply(choice)
            .map_err(|e| format!("seed {seed}: bot {} chose badly: {e}", seat_bots[seat]))?;
    }
    let standings = game.standings();
    Ok((
        GameRecord {
            seed,
            config: config.clone(),
            bots: seat_bots.to_vec(),
            choices,
            final_hash: game.hash64(),
            turns: game.turn.number,
            scores: standings.scores,
            winners: standings.winners,
        },
        timing,
    ))
}
