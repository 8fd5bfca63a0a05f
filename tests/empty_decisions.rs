//! Every decision of every game has at least one choice, on any card set (issue 15, #6): random
//! card sets (real patterns and effects recombined, and hostile effects: pieces removed from the
//! game, places with an empty supply, unlimited leaps) played at random to the end, in every form.
//! Every listed choice is accepted, and the corners the issue found (the place action and
//! summonings with an empty supply) are reached, so the property is not true by accident.
//!
//! A longer run: `EMPTY_DECISION_SETS=400 cargo test --release --test empty_decisions`.

mod cardgen;

use std::sync::Arc;
use table::shell::game::Game;
use table::shell::rng::Rng;
use table::tashkalar::engine::board::{Rank, RankSet};
use table::tashkalar::engine::state::Phase;
use table::tashkalar::engine::{CardDb, Choice, GameConfig, GameState, Mode};

/// How often the game passed through the corners where empty decisions used to hide.
#[derive(Default, Debug)]
struct Corners {
    /// A main action with no disc in the supply.
    place_empty_supply: usize,
    /// ... and no piece of one's own to pick up either.
    place_nothing_to_lift: usize,
    /// The place action's piece picked up (the place-lifted decision followed).
    place_lifted: usize,
    /// A summoning that first takes a piece back.
    summon_pickup: usize,
    /// Pieces taken out of the game by effects (at the games' ends).
    removed: usize,
    decisions: usize,
}

/// Plays one random game of `db`'s generated decks from `seed`; the error describes the first
/// decision without a choice (or a listed choice refused).
fn play_out(db: &Arc<CardDb>, seed: u64, corners: &mut Corners) -> Result<(), String> {
    let mut rng = Rng::seeded(seed);
    let (mode, players, teams) = match seed % 6 {
        0 => (Mode::HighForm, 2, false),
        1 => (Mode::Deathmatch, 3, false),
        2 => (Mode::Deathmatch, 4, true),
        3 => (Mode::HighForm, 4, true),
        _ => (Mode::Deathmatch, 2, false),
    };
    let decks = (0..players)
        .map(|_| format!("R{}", 1 + rng.below(db.decks.len() as u32)))
        .collect();
    let config = GameConfig {
        mode,
        players,
        teams,
        decks,
    };
    let mut game = GameState::new_game(Arc::clone(db), config, seed).map_err(|e| e.to_string())?;
    let mut legal = Vec::new();
    let mut decisions = 0;
    while !game.is_over() && decisions < 4_000 {
        game.legal(&mut legal);
        if legal.is_empty() {
            return Err(format!(
                "decision {decisions} ({:?}, phase {:?}) has no choice",
                game.decision().kind,
                game.phase
            ));
        }
        if game.phase == Phase::Action && game.supply[game.me().index()].discs == 0 {
            corners.place_empty_supply += 1;
            if game.board.count(game.me(), RankSet::NON_LEGENDARY) == 0 {
                corners.place_nothing_to_lift += 1;
            }
        }
        match game.phase {
            Phase::PlaceLifted => corners.place_lifted += 1,
            Phase::SummonPickup(_) => corners.summon_pickup += 1,
            _ => {}
        }
        let c = legal[rng.below(legal.len() as u32) as usize];
        game.play(c)
            .map_err(|e| format!("decision {decisions}: listed {c:?} refused: {e}"))?;
        decisions += 1;
    }
    corners.removed += game
        .supply
        .iter()
        .map(|s| (s.removed_discs + s.removed_legendary) as usize)
        .sum::<usize>();
    corners.decisions += decisions;
    Ok(())
}

#[test]
fn every_decision_of_random_card_sets_has_a_choice() {
    let sets: u64 = std::env::var("EMPTY_DECISION_SETS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    let mut corners = Corners::default();
    let mut failures = Vec::new();
    for set in 0..sets {
        let db = cardgen::random_card_set(set, 4);
        for g in 0..5 {
            let seed = set * 100 + g;
            if let Err(e) = play_out(&db, seed, &mut corners) {
                failures.push(format!("card set {set}, game {seed}: {e}"));
            }
        }
    }
    println!("{} games, {corners:?}", sets * 5);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The run went where the trouble was.
    assert!(corners.removed > 0, "{corners:?}");
    assert!(corners.place_empty_supply > 0, "{corners:?}");
    assert!(corners.place_lifted > 0, "{corners:?}");
}

/// The case on its own: a seat whose pieces were all taken out of the game has no place
/// action (neither a place nor a pick-up), and still has a choice: the turn goes on.
#[test]
fn no_place_action_when_the_supply_is_empty_and_nothing_can_be_lifted() {
    let db = Arc::new(CardDb::builtin().expect("the shipped cards load"));
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(), "Sylvan".into()],
    };
    let mut game = GameState::new_game(db, config, 7).expect("a duel starts");
    let mut legal = Vec::new();
    // Play to seat 0's first main action.
    while game.phase != Phase::Action {
        game.legal(&mut legal);
        game.play(legal[0]).expect("a listed choice");
    }
    // Every disc of the seat to move is gone from the game; only its legends are left.
    let me = game.me();
    for sq in game.board.pieces(me, RankSet::NON_LEGENDARY).iter() {
        game.board.take(sq);
    }
    game.supply[me.index()].discs = 0;
    assert!(!game.supply[me.index()].has(Rank::Common));
    game.legal(&mut legal);
    assert!(!legal.is_empty());
    assert!(
        !legal
            .iter()
            .any(|c| matches!(c, Choice::Place(_) | Choice::Pickup(_))),
        "{legal:?}"
    );
}
