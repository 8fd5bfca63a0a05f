//! Learns the weights of the learned evaluation (`engine::eval::learned`, which no level uses: it
//! is measured against the others, `docs/ai.md`) from self-play and
//! writes them as `assets/ai/weights.ron`.
//!
//! `cargo run --release --example train -- [games=600] [seed=1] [epsilon=0.15] [out=FILE]`
//!
//! For each form, `games` two-seat games are played between `greedy` bots that choose at random
//! with probability `epsilon` (so that positions vary), with every pair of decks in turn. At every
//! third main decision the features of both seats are recorded; when the game ends, each record
//! is labelled with the first seat's result. A logistic regression (the difference of the seats'
//! features against the result, both seat orders, a little L2) is fitted by Newton's method: its
//! coefficients are the weights (log-odds per unit of each feature). One game in five is held out
//! and the log-loss and accuracy on it are printed, beside those of the hand-set weights.
//! Everything follows from the seed: the same command writes the same file.

// Matrix arithmetic reads best with indices.
#![allow(clippy::needless_range_loop)]

#[path = "support/args.rs"]
mod args;

use args::Args;
use std::fmt::Write as _;
use std::sync::Arc;
use table::shell::game::{Game, Heuristics};
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::eval::learned::{FEATURES, FormWeights, NAMES, Weights, features};
use table::tashkalar::engine::state::Phase;
use table::tashkalar::engine::{Choice, GameConfig, GameState, Mode, Seat};

/// One labelled record: the first seat's features minus the second's, and its result.
struct Sample {
    x: [f64; FEATURES],
    y: f64,
    held_out: bool,
}

fn main() -> Result<(), String> {
    let args = Args::from_env()?;
    let games: u64 = args.parse("games", 600)?;
    let seed: u64 = args.parse("seed", 1)?;
    let epsilon: f64 = args.parse("epsilon", 0.15)?;
    let out = args
        .get("out")
        .unwrap_or_else(|| "assets/ai/weights.ron".into());
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let started = std::time::Instant::now();
    let mut forms = Vec::new();
    let mut report = String::new();
    for mode in [Mode::Deathmatch, Mode::HighForm] {
        let samples = play(&db, mode, games, seed, epsilon)?;
        let w = fit(&samples);
        let hand = match mode {
            Mode::Deathmatch => Weights::hand_set().deathmatch.weights,
            Mode::HighForm => Weights::hand_set().high_form.weights,
        };
        let (loss, acc) = score(&samples, &w);
        let (hand_loss, hand_acc) = score(&samples, &hand);
        let line = format!(
            "{}: {} records; held-out log-loss {loss:.4} (hand-set {hand_loss:.4}), accuracy {:.1}% (hand-set {:.1}%)",
            mode.name(),
            samples.len(),
            acc * 100.0,
            hand_acc * 100.0
        );
        eprintln!("{line}");
        let _ = writeln!(report, "// {line}");
        forms.push(w);
    }
    let mut text = format!(
        "// Weights of the learned evaluation (engine::eval::learned), features in this order:\n\
         // {}.\n\
         // Made by `cargo run --release --example train -- games={games} seed={seed} epsilon={epsilon}`\n\
         // ({:.0} s on the project machine); see docs/ai.md.\n",
        NAMES.join(", "),
        started.elapsed().as_secs_f64()
    );
    text.push_str(&report);
    let list = |w: &[f64]| {
        w.iter()
            .map(|x| format!("{x:.4}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let _ = write!(
        text,
        "(\n    deathmatch: (weights: [{}]),\n    high_form: (weights: [{}]),\n)\n",
        list(&forms[0]),
        list(&forms[1])
    );
    Weights::parse(&text)?;
    let check = Weights {
        deathmatch: FormWeights {
            weights: forms[0].clone(),
        },
        high_form: FormWeights {
            weights: forms[1].clone(),
        },
    };
    assert_eq!(
        Weights::parse(&text)
            .ok()
            .map(|w| w.deathmatch.weights.len()),
        Some(check.deathmatch.weights.len())
    );
    std::fs::write(&out, text).map_err(|e| format!("{out}: {e}"))?;
    eprintln!("wrote {out} in {:.0} s", started.elapsed().as_secs_f64());
    Ok(())
}

/// Plays the games of one form and returns their labelled records.
fn play(
    db: &Arc<CardDb>,
    mode: Mode,
    games: u64,
    seed: u64,
    epsilon: f64,
) -> Result<Vec<Sample>, String> {
    let decks: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let n = decks.len() as u64;
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    for g in 0..games {
        let pair = g % (n * n);
        let config = GameConfig {
            mode,
            players: 2,
            teams: false,
            decks: vec![
                decks[(pair / n) as usize].clone(),
                decks[(pair % n) as usize].clone(),
            ],
        };
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
        let mut state =
            GameState::new_game(db.clone(), config, game_seed).map_err(|e| e.to_string())?;
        let mut rng = Rng::seeded(game_seed ^ 0x7a1e);
        let mut records = Vec::new();
        let mut steps = 0u64;
        while !state.is_over() {
            if state.phase == Phase::Action && !state.mid_action() {
                steps += 1;
                if steps.is_multiple_of(3) {
                    let a = features(&state, Seat(0));
                    let b = features(&state, Seat(1));
                    let mut x = [0.0; FEATURES];
                    for i in 0..FEATURES {
                        x[i] = a[i] - b[i];
                    }
                    records.push(x);
                }
            }
            Game::legal(&state, &mut legal);
            let choice = if (rng.next_u64() as f64 / u64::MAX as f64) < epsilon {
                legal[rng.below(legal.len() as u32) as usize]
            } else {
                greedy(&state, &legal)
            };
            state.play_listed(choice);
        }
        let y = Game::rewards(&state)[0];
        for x in records {
            samples.push(Sample {
                x,
                y,
                held_out: g % 5 == 0,
            });
        }
    }
    Ok(samples)
}

/// The first of the best choices by the hand-set evaluation, the rest of each action completed
/// greedily (the `greedy` bot without its random tie-breaks).
fn greedy(state: &GameState, legal: &[Choice]) -> Choice {
    let seat = state.decider();
    let mut best = (f64::MIN, legal[0]);
    let mut buffer = Vec::new();
    for &c in legal {
        let mut next = state.clone();
        next.play_listed(c);
        for _ in 0..8 {
            if next.is_over() || next.decider() != seat || !next.mid_action() {
                break;
            }
            Game::legal(&next, &mut buffer);
            let mut step: Option<(f64, GameState)> = None;
            for &d in &buffer {
                let mut after = next.clone();
                after.play_listed(d);
                let v = outcome(&after, seat);
                if step.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                    step = Some((v, after));
                }
            }
            match step {
                Some((_, after)) => next = after,
                None => break,
            }
        }
        let v = outcome(&next, seat);
        if v > best.0 + 1e-9 {
            best = (v, c);
        }
    }
    best.1
}

fn outcome(state: &GameState, seat: Seat) -> f64 {
    let v = if state.is_over() {
        Game::rewards(state)
    } else {
        Heuristics::evaluate(state)
    };
    v[seat.index()]
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// Logistic regression on the training records (both seat orders), by Newton's method.
fn fit(samples: &[Sample]) -> Vec<f64> {
    let lambda = 1e-3;
    let mut w = vec![0.0; FEATURES];
    for _ in 0..30 {
        let mut grad = vec![0.0; FEATURES];
        let mut hess = vec![vec![0.0; FEATURES]; FEATURES];
        let mut n = 0.0;
        for s in samples.iter().filter(|s| !s.held_out) {
            for (x, y) in [(s.x, s.y), (s.x.map(|v| -v), 1.0 - s.y)] {
                let z: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
                let p = sigmoid(z);
                for i in 0..FEATURES {
                    grad[i] += (p - y) * x[i];
                    for j in 0..FEATURES {
                        hess[i][j] += p * (1.0 - p) * x[i] * x[j];
                    }
                }
                n += 1.0;
            }
        }
        for i in 0..FEATURES {
            grad[i] = grad[i] / n + lambda * w[i];
            for j in 0..FEATURES {
                hess[i][j] /= n;
            }
            hess[i][i] += lambda;
        }
        let step = solve(hess, grad);
        let mut moved = 0.0;
        for i in 0..FEATURES {
            w[i] -= step[i];
            moved += step[i].abs();
        }
        if moved < 1e-9 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-12 {
            continue;
        }
        for row in 0..n {
            if row != col {
                let f = a[row][col] / d;
                for k in col..n {
                    a[row][k] -= f * a[col][k];
                }
                b[row] -= f * b[col];
            }
        }
    }
    (0..n)
        .map(|i| {
            if a[i][i].abs() < 1e-12 {
                0.0
            } else {
                b[i] / a[i][i]
            }
        })
        .collect()
}

/// Held-out log-loss and accuracy of `w`.
fn score(samples: &[Sample], w: &[f64]) -> (f64, f64) {
    let (mut loss, mut right, mut n) = (0.0f64, 0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| s.held_out) {
        let z: f64 = s.x.iter().zip(w).map(|(a, b)| a * b).sum();
        let p = sigmoid(z).clamp(1e-9, 1.0 - 1e-9);
        loss -= s.y * p.ln() + (1.0 - s.y) * (1.0 - p).ln();
        if (p > 0.5) == (s.y > 0.5) && s.y != 0.5 {
            right += 1.0;
        }
        n += 1.0;
    }
    (loss / n.max(1.0), right / n.max(1.0))
}
