//! The conformance kit: one generic suite of checks that every game of the table must pass, in
//! the spirit of OpenSpiel's `basic_tests`. A game's tests call [`check`] for each number of
//! players it seats (`tests/conformance.rs` does it for every game of the registry and the toy
//! game); a failure names the check, the game's seed and the decision where it failed.
//!
//! Over seeded random games it checks that:
//! - the same seed plays the same game (choices and final hash);
//! - every unfinished state has a legal choice, and the list has no duplicates;
//! - every listed choice applies (all of them where a decision has few, a sample otherwise);
//! - every listed choice's text reads back as the same choice;
//! - an observation shows nothing its seat may not see: dealing the hidden information again
//!   consistently with the seat's view leaves the seat's observation unchanged;
//! - undo never crosses a barrier: a step that undo may take back
//!   ([`crate::shell::record::replay::is_barrier`])
//!   reveals nothing to the seat that made it (made again in any deal that seat cannot tell
//!   apart, it leads to the same observation);
//! - a save of the game loads, replays and verifies with the same hashes.

use crate::shell::record::save::to_text;
use crate::shell::record::{Recordable, SaveFile, load};
use crate::shell::rng::Rng;
use std::collections::HashSet;

/// A decision with more choices than this has a sample of them applied, not all.
const APPLY_ALL_UP_TO: usize = 48;
/// How many choices of a larger decision are applied.
const APPLY_SAMPLE: usize = 12;

/// What the kit is asked to play.
pub struct Kit<'a, G: Recordable> {
    /// What setting the game up needs.
    pub ctx: &'a G::Context,
    /// The spec of a game with this many players (seats of any kind: the kit plays them all).
    pub spec: &'a dyn Fn(usize) -> G::Spec,
    /// How many random games, and the first seed (game `i` uses `seed + i`).
    pub games: u64,
    pub seed: u64,
    /// Longest game played (a safety net for games that could go on for long at random).
    pub max_decisions: usize,
}

/// A check that failed, with where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    pub check: &'static str,
    pub seed: u64,
    /// The decision (from 0) where it failed, if at one.
    pub decision: Option<usize>,
    pub detail: String,
}

impl std::fmt::Display for Violation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: seed {}", self.check, self.seed)?;
        if let Some(d) = self.decision {
            write!(f, ", decision {d}")?;
        }
        write!(f, ": {}", self.detail)
    }
}

/// What the kit played, for the test to report.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Played {
    pub games: u64,
    pub decisions: usize,
    pub finished: u64,
}

/// Runs every check over `kit.games` random games of `players` players.
pub fn check<G: Recordable>(kit: &Kit<'_, G>, players: usize) -> Result<Played, Violation> {
    let mut played = Played::default();
    for i in 0..kit.games {
        let seed = kit.seed.wrapping_add(i);
        let first = random_game(kit, players, seed, true)?;
        // The same seed plays the same game.
        let again = random_game(kit, players, seed, false)?;
        if first.texts != again.texts || first.end.state_hash() != again.end.state_hash() {
            return Err(violation("determinism", seed, None, "a second run differs"));
        }
        save_round_trip(kit, players, seed, &first)?;
        played.games += 1;
        played.decisions += first.texts.len();
        played.finished += u64::from(first.end.is_over());
    }
    Ok(played)
}

/// One random game: its choices in notation and where they led.
struct RandomGame<G> {
    texts: Vec<String>,
    end: G,
}

fn violation(check: &'static str, seed: u64, decision: Option<usize>, detail: &str) -> Violation {
    Violation {
        check,
        seed,
        decision,
        detail: detail.to_string(),
    }
}

/// Plays one game at random from `seed`, checking each state on the way when `deep`.
fn random_game<G: Recordable>(
    kit: &Kit<'_, G>,
    players: usize,
    seed: u64,
    deep: bool,
) -> Result<RandomGame<G>, Violation> {
    let spec = (kit.spec)(players);
    let mut game = G::start(&spec, seed, kit.ctx)
        .map_err(|e| violation("start", seed, None, &e.to_string()))?;
    if game.players() != players {
        return Err(violation(
            "start",
            seed,
            None,
            &format!("{} seats for {players} players", game.players()),
        ));
    }
    // The game's choices come from one generator, the checks' samples from another, so that
    // a run with checks plays the same game as one without.
    let mut rng = Rng::seeded(seed ^ 0xc0f0_4a11);
    let mut checks = Rng::seeded(seed ^ 0x5a3b_1e00);
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    while !game.is_over() && texts.len() < kit.max_decisions {
        let at = Some(texts.len());
        game.legal(&mut legal);
        if legal.is_empty() {
            return Err(violation("a legal choice", seed, at, "none listed"));
        }
        if deep {
            check_state(&game, &legal, seed, at, &mut checks)?;
        }
        let choice = legal[rng.below(legal.len() as u32) as usize];
        texts.push(game.choice_text(&choice));
        let before = deep.then(|| game.clone());
        game.play(choice).map_err(|e| {
            violation(
                "listed choices apply",
                seed,
                at,
                &format!("{}: {e}", texts.last().map_or("", String::as_str)),
            )
        })?;
        if let Some(before) = before {
            check_step(&before, &choice, &game, seed, at, &mut checks)?;
        }
    }
    Ok(RandomGame { texts, end: game })
}

/// The checks of one state: no duplicate choices, each applies and reads back, and each seat's
/// observation hides what it should.
fn check_state<G: Recordable>(
    game: &G,
    legal: &[G::Choice],
    seed: u64,
    at: Option<usize>,
    rng: &mut Rng,
) -> Result<(), Violation> {
    let distinct: HashSet<&G::Choice> = legal.iter().collect();
    if distinct.len() != legal.len() {
        return Err(violation(
            "no duplicate choices",
            seed,
            at,
            "a choice is listed twice",
        ));
    }
    let sample: Vec<&G::Choice> = if legal.len() <= APPLY_ALL_UP_TO {
        legal.iter().collect()
    } else {
        (0..APPLY_SAMPLE)
            .map(|_| &legal[rng.below(legal.len() as u32) as usize])
            .collect()
    };
    for choice in sample {
        let text = game.choice_text(choice);
        match game.parse_choice(&text) {
            Ok(read) if read == *choice => {}
            Ok(_) => {
                return Err(violation(
                    "choice text reads back",
                    seed,
                    at,
                    &format!("`{text}` reads as another choice"),
                ));
            }
            Err(e) => {
                return Err(violation(
                    "choice text reads back",
                    seed,
                    at,
                    &format!("`{text}`: {e}"),
                ));
            }
        }
        let mut next = game.clone();
        if let Err(e) = next.play(*choice) {
            return Err(violation(
                "listed choices apply",
                seed,
                at,
                &format!("`{text}`: {e}"),
            ));
        }
    }
    for seat in 0..game.players() {
        let seen = game.observation(seat).state_hash();
        let dealt = game.determinize(seat, rng.next_u64());
        if dealt.observation(seat).state_hash() != seen {
            return Err(violation(
                "observations hide what the seat may not see",
                seed,
                at,
                &format!("seat {seat}'s observation changes with a deal it cannot see"),
            ));
        }
    }
    Ok(())
}

/// A step undo may take back reveals nothing to the seat that made it: made again in another deal
/// of what that seat cannot see, it leads to the same observation.
fn check_step<G: Recordable>(
    before: &G,
    choice: &G::Choice,
    after: &G,
    seed: u64,
    at: Option<usize>,
    rng: &mut Rng,
) -> Result<(), Violation> {
    if crate::shell::record::replay::is_barrier(before, after) {
        return Ok(());
    }
    let seat = before.to_move();
    let mut other = before.determinize(seat, rng.next_u64());
    if other.play(*choice).is_err() {
        return Err(violation(
            "undo never crosses a barrier",
            seed,
            at,
            "a choice of the seat's own cannot be made in a deal it cannot tell apart",
        ));
    }
    if other.observation(seat).state_hash() != after.observation(seat).state_hash() {
        return Err(violation(
            "undo never crosses a barrier",
            seed,
            at,
            &format!(
                "`{}` revealed something to seat {seat}, yet undo may take it back",
                before.choice_text(choice)
            ),
        ));
    }
    Ok(())
}

/// A save of the game loads, replays and verifies with the game's own hashes.
fn save_round_trip<G: Recordable>(
    kit: &Kit<'_, G>,
    players: usize,
    seed: u64,
    played: &RandomGame<G>,
) -> Result<(), Violation> {
    let save = SaveFile::new::<G>((kit.spec)(players), seed, played.texts.clone(), &played.end);
    let text = to_text(&save).map_err(|e| violation("saves", seed, None, &e.to_string()))?;
    let loaded = load::parse::<G>(&text, kit.ctx)
        .map_err(|e| violation("saves", seed, None, &e.to_string()))?;
    if loaded.end.state_hash() != played.end.state_hash()
        || loaded.choices.len() != played.texts.len()
    {
        return Err(violation(
            "saves",
            seed,
            None,
            "the save replays to another game",
        ));
    }
    Ok(())
}
