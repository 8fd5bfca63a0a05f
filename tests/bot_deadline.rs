//! Issue 15 #3: every bot obeys its time limit on any card set. A card set may make one action
//! very long (twelve leaps anywhere in a row are legal), so the bots read their deadline inside
//! the look-ahead, the root plan and the playouts: with the deadline already passed each still
//! answers at once with a legal choice, mid-action too. (No timing is asserted: the bots are
//! given a deadline of zero, and mcts's report says how many iterations ran after it.)

mod common;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use table::shell::ai::Bot;
use table::shell::ai::greedy::GreedyBot;
use table::shell::ai::mcts::{Level, MctsBot};
use table::shell::game::Heuristics;
use table::tashkalar::engine::cards::{BUILTIN, CardDb};
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::{Choice, GameState, Seat};

/// A run of twelve leaps anywhere: legal (it ends), and long to look ahead through.
const LONG_RUN: &str =
    "Move(who: Pick(Piece(owner: Me)), kind: Standard, leap: Anywhere, count: UpTo(12))";

/// The built-in cards and a deck, `Runs`, whose every being makes two long runs.
fn long_runs() -> Arc<CardDb> {
    let beings: Vec<String> = (1..=6)
        .map(|i| {
            format!(
                "(name: \"Runner {i}\", rank: Common, pattern: [\"c T\"], text: \"t\", \
                 effect: [{LONG_RUN}, Move(who: Being, kind: Standard, leap: Anywhere, count: UpTo(12))])"
            )
        })
        .collect();
    let deck = format!(
        "(\n    deck: \"Runs\",\n    beings: [{}],\n)\n",
        beings.join(", ")
    );
    let mut files: Vec<(String, String)> = BUILTIN
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    files.push(("runs.ron".into(), deck));
    Arc::new(CardDb::from_sources(files).unwrap_or_else(|e| panic!("the long runs load: {e}")))
}

/// A crowded board where seat 1 may summon a runner in many places.
fn position() -> GameState {
    let sc = Scenario::parse(
        r#"(decks: ["Runs", "Runs"],
            pieces: ["1c c3", "1c d4", "1c e3", "1c f4", "1c g3", "1c e5", "1h b5",
                     "2c c7", "2c d6", "2c e7", "2c f6", "2c g7", "2h f5"],
            hands: [(beings: ["Runner 1", "Runner 2", "Runner 3"]),
                    (beings: ["Runner 4", "Runner 5", "Runner 6"])])"#,
    )
    .unwrap_or_else(|e| panic!("the scenario parses: {e}"));
    sc.into_state(long_runs())
        .unwrap_or_else(|e| panic!("the scenario is valid: {e}"))
}

/// The same position in the middle of a runner's long run (its first leap made).
fn mid_run() -> GameState {
    let mut g = position();
    let summon = g
        .choices()
        .into_iter()
        .find(|c| matches!(c, Choice::Summon { .. }))
        .expect("a runner can be summoned");
    g.apply(summon).expect("the summon is legal");
    // Take the first choice until the run is under way with choices left.
    for _ in 0..4 {
        if !Heuristics::mid_action(&g) || g.choices().len() < 10 {
            let first = g.choices()[0];
            g.apply(first).expect("a listed choice is legal");
        }
    }
    assert!(Heuristics::mid_action(&g), "the runner's run is under way");
    assert!(g.choices().len() >= 10, "a leap anywhere has many landings");
    g
}

fn legal(g: &GameState, choice: Option<Choice>) -> bool {
    choice.is_some_and(|c| g.choices().contains(&c))
}

#[test]
fn greedy_past_its_deadline_still_plays_a_legal_choice_at_once() {
    for g in [position(), mid_run()] {
        let seat = g.decision().seat;
        let mut bot = GreedyBot::with_time_limit(1, Duration::ZERO);
        let choice = bot.choose(&g.observation(seat), &AtomicBool::new(false));
        assert!(legal(&g, choice), "{choice:?}");
    }
}

#[test]
fn a_cancelled_greedy_decision_still_plays_a_legal_choice() {
    let g = mid_run();
    let mut bot = GreedyBot::new(1);
    let choice = bot.choose(&g.observation(g.decision().seat), &AtomicBool::new(true));
    assert!(legal(&g, choice), "{choice:?}");
}

#[test]
fn mcts_past_its_deadline_answers_from_its_root_plan_without_iterating() {
    for level in Level::ALL {
        for g in [position(), mid_run()] {
            let mut config = level.config(Heuristics::search_budgets(&g));
            config.time_limit = Duration::ZERO;
            let mut bot = MctsBot::with_config(format!("mcts:{}", level.name()), config, 1);
            let report = bot.search(&g.observation(g.decision().seat), &AtomicBool::new(false));
            assert!(legal(&g, report.choice), "{:?}", report.choice);
            assert_eq!(
                report.iterations, 0,
                "no iteration starts after the deadline"
            );
        }
    }
}

#[test]
fn the_position_is_the_seat_to_move_s_own_decision() {
    // The scenario is what the tests above think it is: seat 1 to move, summons among its choices.
    let g = position();
    assert_eq!(g.decision().seat, Seat(0));
    assert!(
        g.choices()
            .iter()
            .any(|c| matches!(c, Choice::Summon { .. }))
    );
}
