//! Draws the tactics suite (`tests/tactics/`) from play: plays games between `greedy` bots that
//! now and then choose at random (so that positions vary), across both forms and every pair of
//! decks, and keeps main decisions where one set of choices is clearly best by a measure that needs
//! no search:
//!
//! * **points**: the choices that score most this action (destruction, a flare, a task met), at
//!   least 2 points more than every other choice; named "destroy a legendary piece", "a flare worth
//!   playing", "complete a task" or "take the points" by what they do;
//! * **guard** (Deathmatch, the turn's last action): the choices after which the opponent's best
//!   next action destroys least, averaged over deals of the cards this seat cannot see, at least
//!   1 point less than after every other choice; "don't leave your legendary piece" when the
//!   other choices leave one of this seat's legendary pieces to be destroyed.
//!
//! Every choice is judged after the rest of its action, and of its turn's actions, is completed
//! greedily (a choice that gains an action may take the points with it). Each kept position
//! is written as a scenario, read back and judged again (it must give the same answer), and listed
//! in `suite.ron` with its best choices and a one-line reason. Positions where the mover's win
//! chance is already below 10% or above 90% are not kept: there no choice matters to a bot that
//! plays to win.
//!
//! `cargo run --release --example harvest_tactics -- OUT_DIR [GAMES_PER_PAIRING] [SEED]`
//! (`tests/tactics` was made with `10 1`); `harvest_tactics check DIR` judges a suite again, and
//! `harvest_tactics judge FILE...` says what the measures find in single scenarios, and
//! `harvest_tactics reply [deals=N] FILE...` weighs each choice of a turn's last action against
//! the opponent's best next turn (two actions; used for the lessons of issue 53's games), with
//! the opponent's hand as the file deals it or, with `deals=N`, averaged over N deals of what the
//! deciding seat cannot see (is the answer better by what the seat knows, or only by the hand?).

#[path = "support/scenario.rs"]
mod scenario;

use scenario::scenario_text;
use std::fmt::Write as _;
use std::sync::Arc;
use table::shell::game::{Game, Heuristics};
use table::shell::rng::Rng;
use table::tashkalar::engine::cards::CardDb;
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::state::{Phase, TurnTally};
use table::tashkalar::engine::{Choice, GameConfig, GameState, Mode, Rank, Seat, notation};

/// Deals of the unseen cards the guard measure averages over.
const DEALS: u64 = 6;
/// Positions kept per form, deck of the seat to move and motif.
const PER_BUCKET: usize = 3;

struct Found {
    motif: &'static str,
    best: Vec<String>,
    reason: String,
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "check") {
        return check(args.get(1).ok_or("usage: harvest_tactics check DIR")?);
    }
    if args.first().is_some_and(|a| a == "judge") {
        return judge_files(&args[1..]);
    }
    if args.first().is_some_and(|a| a == "reply") {
        let deals = args
            .get(1)
            .and_then(|a| a.strip_prefix("deals="))
            .map(|n| n.parse::<u64>().map_err(|e| format!("deals: {e}")))
            .transpose()?;
        let files = &args[if deals.is_some() { 2 } else { 1 }..];
        return reply_files(files, deals);
    }
    let out = args
        .first()
        .ok_or("usage: harvest_tactics OUT_DIR [GAMES] [SEED]")?;
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let seed0: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    // `guard` as a fourth argument: only the guard motifs, in Deathmatch (they are the rarest).
    let guard_only = args.get(3).is_some_and(|a| a == "guard");
    std::fs::create_dir_all(out).map_err(|e| e.to_string())?;
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let decks: Vec<String> = db.decks.iter().map(|d| d.name.clone()).collect();
    let mut suite = String::from(
        "// The tactics suite: made by examples/harvest_tactics.rs (see docs/ai.md).\n[\n",
    );
    let mut counts: std::collections::BTreeMap<(String, String, &str), usize> = Default::default();
    let mut kept = 0;
    let modes: &[Mode] = if guard_only {
        &[Mode::Deathmatch]
    } else {
        &[Mode::Deathmatch, Mode::HighForm]
    };
    for &mode in modes {
        for (i, a) in decks.iter().enumerate() {
            for g in 0..games {
                let b = &decks[(i + 1 + g as usize) % decks.len()];
                let seed = seed0 + g * 1000 + i as u64 * 10 + (mode == Mode::HighForm) as u64;
                let config = GameConfig {
                    mode,
                    players: 2,
                    teams: false,
                    decks: vec![a.clone(), b.clone()],
                };
                let mut state =
                    GameState::new_game(db.clone(), config, seed).map_err(|e| e.to_string())?;
                let mut rng = Rng::seeded(seed);
                let mut legal = Vec::new();
                while !state.is_over() {
                    let seat = state.decider();
                    let deck = state.db.deck(state.seat(seat).deck_id).name.clone();
                    if candidate(&state) {
                        for found in judge(&state, guard_only) {
                            let key = (mode.name().to_string(), deck.clone(), found.motif);
                            let n = counts.entry(key).or_default();
                            if *n >= PER_BUCKET {
                                continue;
                            }
                            // The turn's last action: points left for a second action would not be clearly best now.
                            let text = scenario_text(&state, 1);
                            let reread = Scenario::parse(&text)
                                .and_then(|s| s.into_state(db.clone()))
                                .map_err(|e| format!("{e}\n{text}"))?;
                            let again = judge(&reread, guard_only);
                            if !again
                                .iter()
                                .any(|f| f.motif == found.motif && f.best == found.best)
                            {
                                continue;
                            }
                            *n += 1;
                            kept += 1;
                            let file = format!(
                                "{}-{}-{}-{}{:03}.ron",
                                if mode == Mode::Deathmatch { "dm" } else { "hf" },
                                deck.to_lowercase(),
                                found.motif,
                                if guard_only { "g" } else { "" },
                                kept
                            );
                            std::fs::write(format!("{out}/{file}"), &text)
                                .map_err(|e| e.to_string())?;
                            let best: Vec<String> =
                                found.best.iter().map(|b| format!("{b:?}")).collect();
                            let _ = writeln!(
                                suite,
                                "    (file: {file:?}, motif: {:?}, best: [{}], reason: {:?}),",
                                found.motif,
                                best.join(", "),
                                found.reason
                            );
                            eprintln!("{file}: {}", found.reason);
                            break;
                        }
                    }
                    Game::legal(&state, &mut legal);
                    let choice = if rng.below(4) == 0 {
                        legal[rng.below(legal.len() as u32) as usize]
                    } else {
                        greedy_pick(&state, &legal)
                    };
                    state.play_listed(choice);
                }
            }
        }
    }
    suite.push_str("]\n");
    let list = if guard_only {
        "suite-guard.ron"
    } else {
        "suite.ron"
    };
    std::fs::write(format!("{out}/{list}"), suite).map_err(|e| e.to_string())?;
    eprintln!("{kept} positions");
    Ok(())
}

/// A main decision at the start of its turn's bookkeeping, that a scenario can write, in a game
/// still open: when the mover's win chance (by the evaluation) is already near 0 or 1, every
/// choice is worth the same to a bot that plays to win, however many points one of them takes.
fn candidate(g: &GameState) -> bool {
    let t = &g.turn;
    let chance = value(g, g.decider());
    (0.1..=0.9).contains(&chance)
        && g.phase == Phase::Action
        && g.effect.is_none()
        && t.tally == TurnTally::default()
        && !t.borrow
        && !t.extra_turn
        && !t.is_extra
        && !t.handed_over
        && t.possessed.is_none()
        && t.void_squares == 0
        && t.extra_count == 0
        && t.extra_draw == (0, 0)
        && t.warps_played.iter().all(Option::is_none)
        && g.seat_ids().all(|s| {
            let st = g.seat(s);
            st.lose_actions == 0 && st.held.is_none() && !st.gateway_held && st.turns > 1
        })
        && g.turn.number > 2
}

/// The greedy choice (first of the best), as the games are played.
fn greedy_pick(g: &GameState, legal: &[Choice]) -> Choice {
    let seat = g.decider();
    let mut best = (f64::MIN, legal[0]);
    for &c in legal {
        let mut next = g.clone();
        next.play_listed(c);
        let v = value(&complete(next, seat), seat);
        if v > best.0 + 1e-9 {
            best = (v, c);
        }
    }
    best.1
}

fn value(g: &GameState, seat: Seat) -> f64 {
    let v = if g.is_over() {
        g.rewards()
    } else {
        g.evaluate()
    };
    v[seat.index()]
}

/// The rest of the action in progress, completed greedily by `seat`.
fn complete(mut g: GameState, seat: Seat) -> GameState {
    let mut legal = Vec::new();
    for _ in 0..8 {
        if g.is_over() || g.decider() != seat || !g.mid_action() {
            break;
        }
        Game::legal(&g, &mut legal);
        let mut best: Option<(f64, GameState)> = None;
        for &c in &legal {
            let mut next = g.clone();
            next.play_listed(c);
            let v = value(&next, seat);
            if best.as_ref().is_none_or(|(b, _)| v > *b + 1e-9) {
                best = Some((v, next));
            }
        }
        match best {
            Some((_, next)) => g = next,
            None => break,
        }
    }
    g
}

/// Points the acting seat has made so far this turn (score, destruction to be scored, in High
/// Form the best task it meets now).
fn points(g: &GameState, seat: Seat) -> f64 {
    let mut p = g.score(seat) as f64;
    if g.turn.seat == seat {
        match g.config.mode {
            Mode::Deathmatch => p += g.turn_destruction_points().0 as f64,
            Mode::HighForm => {
                let colour = g.colour_of(seat);
                p += g
                    .tasks
                    .current
                    .iter()
                    .flatten()
                    .map(|t| &g.db.tasks[t.0 as usize])
                    .filter(|t| g.task_met(colour, &t.condition))
                    .map(|t| t.points as f64)
                    .fold(0.0, f64::max);
            }
        }
    }
    p
}

fn enemy_legends_destroyed(g: &GameState, seat: Seat) -> u32 {
    let me = g.colour_of(seat);
    g.colour_ids()
        .filter(|c| *c != me)
        .map(|c| u32::from(g.turn.tally.destroyed[c.index()][Rank::Legendary.index()]))
        .sum()
}

/// The motifs this position shows, if any.
fn judge(g: &GameState, guard_only: bool) -> Vec<Found> {
    let seat = g.decider();
    let mut legal = Vec::new();
    Game::legal(g, &mut legal);
    if legal.len() < 4 {
        return Vec::new();
    }
    let before = points(g, seat);
    // Each choice with the rest of its action, and then the rest of the turn's actions (an
    // action gained, say), completed greedily: points another choice leaves for later are not
    // lost by it.
    let after: Vec<GameState> = legal
        .iter()
        .map(|&c| {
            let mut next = g.clone();
            next.play_listed(c);
            let mut next = complete(next, seat);
            let mut rest = Vec::new();
            for _ in 0..6 {
                if next.is_over() || next.decider() != seat || next.phase != Phase::Action {
                    break;
                }
                Game::legal(&next, &mut rest);
                let pick = greedy_pick(&next, &rest);
                next.play_listed(pick);
                next = complete(next, seat);
            }
            next
        })
        .collect();
    // A choice that ends the game decides it: points are then no longer the measure.
    if after.iter().any(GameState::is_over) {
        return Vec::new();
    }
    let gains: Vec<f64> = after.iter().map(|a| points(a, seat) - before).collect();
    let top = gains.iter().cloned().fold(f64::MIN, f64::max);
    let mut found = Vec::new();
    let text = |c: &Choice| notation::write(c, &g.db);
    if top >= 2.0 && !guard_only {
        let best: Vec<usize> = (0..legal.len())
            .filter(|&i| gains[i] >= top - 1e-9)
            .collect();
        let rest = (0..legal.len())
            .filter(|i| !best.contains(i))
            .map(|i| gains[i])
            .fold(f64::MIN, f64::max);
        if rest <= top - 2.0 && best.len() * 4 <= legal.len() {
            let names: Vec<String> = best.iter().map(|&i| text(&legal[i])).collect();
            let legends = best
                .iter()
                .any(|&i| enemy_legends_destroyed(&after[i], seat) > 0);
            let flares = best
                .iter()
                .all(|&i| matches!(legal[i], Choice::Flare { .. }));
            let card = card_of(g, &legal[best[0]]);
            let (motif, reason) = if legends {
                (
                    "legendary",
                    format!(
                        "destroy a legendary piece: {card} takes {top} points, every other choice at most {rest}"
                    ),
                )
            } else if flares {
                (
                    "flare",
                    format!(
                        "a flare worth playing: {card} takes {top} points, every other choice at most {rest}"
                    ),
                )
            } else if g.config.mode == Mode::HighForm {
                (
                    "task",
                    format!(
                        "complete a task: {card} meets a task worth {top}, every other choice at most {rest}"
                    ),
                )
            } else {
                (
                    "points",
                    format!(
                        "take the points: {card} takes {top}, every other choice at most {rest}"
                    ),
                )
            };
            found.push(Found {
                motif,
                best: names,
                reason,
            });
        }
    }
    if g.config.mode == Mode::Deathmatch
        && g.turn.actions_left == 1
        && top < 1.0
        && let Some(f) = guard(g, &legal, &gains)
    {
        found.push(f);
    }
    found
}

fn card_of(g: &GameState, c: &Choice) -> String {
    let id = match *c {
        Choice::Summon { card, .. }
        | Choice::Flare { card, .. }
        | Choice::Warp(card)
        | Choice::Thaw(card) => Some(card),
        _ => None,
    };
    id.and_then(|id| g.db.get(id).map(|c| c.name.clone()))
        .unwrap_or_else(|| notation::write(c, &g.db))
}

/// The guard motif: the choices after which the opponent's best next action destroys least.
fn guard(g: &GameState, legal: &[Choice], gains: &[f64]) -> Option<Found> {
    let seat = g.decider();
    let mut threat = vec![0.0; legal.len()];
    let mut legend_lost = vec![0.0; legal.len()];
    for k in 0..DEALS {
        let deal = Game::determinize(g, seat.index(), 7 + k);
        for (i, &c) in legal.iter().enumerate() {
            let mut next = deal.clone();
            next.play_listed(c);
            let mut next = complete(next, seat);
            if !pass_turn(&mut next, seat) {
                return None;
            }
            let (worst, legends) = best_reply(&next, seat);
            threat[i] += worst / DEALS as f64;
            legend_lost[i] += legends / DEALS as f64;
        }
    }
    let low = threat.iter().cloned().fold(f64::MAX, f64::min);
    let best: Vec<usize> = (0..legal.len())
        .filter(|&i| threat[i] <= low + 0.3)
        .collect();
    let rest = (0..legal.len())
        .filter(|i| !best.contains(i))
        .map(|i| threat[i])
        .fold(f64::MAX, f64::min);
    let top_gain = gains.iter().cloned().fold(f64::MIN, f64::max);
    let keeps_value = best.iter().any(|&i| gains[i] >= top_gain - 0.5);
    if rest < low + 1.0 || best.len() * 3 > legal.len() || !keeps_value {
        return None;
    }
    let text = |c: &Choice| notation::write(c, &g.db);
    let legend = (0..legal.len())
        .filter(|i| !best.contains(i))
        .all(|i| legend_lost[i] >= 0.5);
    let (motif, reason) = if legend {
        (
            "legend-safe",
            format!(
                "don't leave your legendary piece: after any other choice the opponent's best reply destroys {rest:.1} points on average (a legendary piece of yours among them), after these {low:.1}"
            ),
        )
    } else {
        (
            "guard",
            format!(
                "block the threat: after any other choice the opponent's best reply destroys {rest:.1} points on average, after these {low:.1}"
            ),
        )
    };
    Some(Found {
        motif,
        best: best.iter().map(|&i| text(&legal[i])).collect(),
        reason,
    })
}

/// Ends `seat`'s turn (the end-of-turn steps taken in list order). False if it would not end.
fn pass_turn(g: &mut GameState, seat: Seat) -> bool {
    let mut legal = Vec::new();
    for _ in 0..12 {
        if g.is_over() || g.decider() != seat {
            return !g.is_over();
        }
        Game::legal(g, &mut legal);
        let c = legal
            .iter()
            .copied()
            .find(|c| *c == Choice::EndTurn)
            .or_else(|| legal.first().copied());
        match c {
            Some(c) => g.play_listed(c),
            None => return false,
        }
    }
    false
}

/// The most the opponent's next action destroys (its points), and how many of `seat`'s
/// legendary pieces that action destroys.
fn best_reply(g: &GameState, seat: Seat) -> (f64, f64) {
    let opp = g.decider();
    let mut legal = Vec::new();
    Game::legal(g, &mut legal);
    let mine = g.colour_of(seat);
    let mut best = (0.0, 0.0);
    for &c in &legal {
        if !matches!(c, Choice::Summon { .. } | Choice::Flare { .. }) {
            continue;
        }
        let mut next = g.clone();
        next.play_listed(c);
        let next = complete(next, opp);
        if next.turn.seat != opp {
            continue;
        }
        let p = next.turn_destruction_points().0 as f64;
        let legends = f64::from(next.turn.tally.destroyed[mine.index()][Rank::Legendary.index()]);
        if p > best.0 {
            best = (p, legends);
        }
    }
    best
}

/// The game at the scenario in `file`, or a line naming the file and what is wrong.
fn read_scenario(file: &str, db: &Arc<CardDb>) -> Result<GameState, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    Scenario::parse(&text)
        .and_then(|s| s.into_state(db.clone()))
        .map_err(|e| format!("{file}: {e}"))
}

/// `judge FILE...`: what the measures find in each scenario (a position from a studied game,
/// `examples/study_game.rs`), whatever the mover's win chance, which is printed with it.
fn judge_files(files: &[String]) -> Result<(), String> {
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    for file in files {
        let g = read_scenario(file, &db)?;
        let chance = value(&g, g.decider());
        let found: Vec<String> = judge(&g, false)
            .into_iter()
            .chain(judge(&g, true))
            .map(|f| format!("{} {:?} ({})", f.motif, f.best, f.reason))
            .collect();
        println!("{file}: chance {chance:.2}: {}", found.join("; "));
        // The points each choice takes (its turn completed greedily), best first: a difference
        // of one point, below the suite's threshold of two, still decides a close endgame.
        let seat = g.decider();
        let before = points(&g, seat);
        let mut legal = Vec::new();
        Game::legal(&g, &mut legal);
        let mut gains: Vec<(f64, String)> = legal
            .iter()
            .map(|&c| {
                let mut next = g.clone();
                next.play_listed(c);
                let next = complete(next, seat);
                (points(&next, seat) - before, notation::write(&c, &g.db))
            })
            .collect();
        gains.sort_by(|a, b| b.0.total_cmp(&a.0));
        let top: Vec<String> = gains
            .iter()
            .take(8)
            .map(|(v, c)| format!("{v:+} {c}"))
            .collect();
        println!(
            "    {} choices; best gains: {}",
            legal.len(),
            top.join(", ")
        );
    }
    Ok(())
}

/// `reply FILE...`: for each choice of the turn's last action in each scenario, the points it
/// takes (its action completed greedily) and the points of the opponent's best next *turn* with
/// its hand as dealt in the file (every first action, completed greedily, then the best second
/// action): the two-action threats the suite's guard measure (one action) does not see. With
/// `deals`, the opponent's best turn is the mean over that many deals of the deciding seat's
/// unknowns (seeds 1..=N).
fn reply_files(files: &[String], deals: Option<u64>) -> Result<(), String> {
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    for file in files {
        let g = read_scenario(file, &db)?;
        let seat = g.decider();
        let before = points(&g, seat);
        let mut legal = Vec::new();
        Game::legal(&g, &mut legal);
        let mut rows: Vec<(f64, f64, String)> = Vec::new();
        for &c in &legal {
            let mut next = g.clone();
            next.play_listed(c);
            let mut next = complete(next, seat);
            let gain = points(&next, seat) - before;
            if !pass_turn(&mut next, seat) {
                continue;
            }
            let reply = match deals {
                None => best_turn(&next),
                Some(n) => {
                    let total: f64 = (1..=n)
                        .map(|seed| best_turn(&Game::determinize(&next, seat.index(), seed)))
                        .sum();
                    total / n.max(1) as f64
                }
            };
            rows.push((gain, reply, notation::write(&c, &g.db)));
        }
        rows.sort_by(|a, b| (b.0 - b.1).total_cmp(&(a.0 - a.1)));
        let shown: Vec<String> = rows
            .iter()
            .map(|(gain, reply, c)| format!("{c} {gain:+}/-{reply:.2}"))
            .collect();
        println!(
            "{file}: {} choices (own/opponent's best turn), best net first:",
            rows.len()
        );
        println!("    {}", shown.join(", "));
    }
    Ok(())
}

/// The points the seat to move takes in its best turn: every first action, completed greedily,
/// then its best second action (each completed greedily).
fn best_turn(g: &GameState) -> f64 {
    let opp = g.decider();
    let before = points(g, opp);
    let mut legal = Vec::new();
    Game::legal(g, &mut legal);
    let mut best: f64 = 0.0;
    let mut second = Vec::new();
    for &a in &legal {
        let mut next = g.clone();
        next.play_listed(a);
        let next = complete(next, opp);
        best = best.max(points(&next, opp) - before);
        if next.is_over() || next.decider() != opp || next.phase != Phase::Action {
            continue;
        }
        Game::legal(&next, &mut second);
        for &b in &second {
            let mut last = next.clone();
            last.play_listed(b);
            let last = complete(last, opp);
            best = best.max(points(&last, opp) - before);
        }
    }
    best
}

/// `check DIR`: judges every position of `DIR/suite.ron` again and prints the entries whose
/// motif and best choices still hold (to stdout, as a suite), the others to stderr.
fn check(dir: &str) -> Result<(), String> {
    let db = Arc::new(CardDb::builtin().map_err(|e| e.to_string())?);
    let positions = table::tashkalar::tactics::load(std::path::Path::new(dir), &db)?;
    let mut kept = 0;
    println!("[");
    for p in positions {
        let chance = value(&p.state, p.state.decider());
        if !(0.1..=0.9).contains(&chance) {
            eprintln!("dropped {}: decided (win chance {chance:.2})", p.entry.file);
            continue;
        }
        let found = judge(&p.state, false);
        let guard = judge(&p.state, true);
        let same = found
            .iter()
            .chain(&guard)
            .find(|f| f.motif == p.entry.motif && f.best == p.entry.best);
        match same {
            Some(f) => {
                kept += 1;
                let best: Vec<String> = f.best.iter().map(|b| format!("{b:?}")).collect();
                println!(
                    "    (file: {:?}, motif: {:?}, best: [{}], reason: {:?}),",
                    p.entry.file,
                    f.motif,
                    best.join(", "),
                    f.reason
                );
            }
            None => eprintln!(
                "dropped {}: now {:?}",
                p.entry.file,
                found
                    .iter()
                    .map(|f| (f.motif, f.best.clone()))
                    .collect::<Vec<_>>()
            ),
        }
    }
    println!("]");
    eprintln!("{kept} kept");
    Ok(())
}
