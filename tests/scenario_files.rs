//! Scenario files: the examples in `docs/scenario.md` load, and positions no game can reach are
//! refused with one line that names the field.

mod common;
use common::*;
use table::tashkalar::engine::scenario::Scenario;
use table::tashkalar::engine::{Mode, Seat};

/// Why a scenario is refused (empty if it loads).
fn refused(text: &str) -> String {
    match Scenario::parse(text) {
        Err(e) => format!("parse: {e}"),
        Ok(sc) => sc
            .into_state(db())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default(),
    }
}

/// Every ```ron block of a document.
fn ron_blocks(doc: &str) -> Vec<&str> {
    doc.split("```ron\n")
        .skip(1)
        .map(|rest| &rest[..rest.find("```").expect("end of the example")])
        .collect()
}

#[test]
fn the_examples_in_the_docs_load() {
    let doc = std::fs::read_to_string("docs/scenario.md").expect("docs/scenario.md");
    let examples = ron_blocks(&doc);
    assert_eq!(
        examples.len(),
        4,
        "a duel, a melee, High Form and the expansion decks"
    );
    for example in &examples {
        assert_eq!(refused(example), "", "{example}");
    }
    let duel = scenario(examples[0]);
    assert_eq!(
        (duel.config.mode, duel.players(), duel.turn.number),
        (Mode::Deathmatch, 2, 5)
    );
    assert_eq!(duel.score(Seat(0)), 3);
    assert!(duel.ending.triggered);
    let melee = scenario(examples[1]);
    assert_eq!(melee.colour_scores(Seat(0)), vec![4, 2]);
    assert_eq!(melee.seat(Seat(2)).improvised, 0b011);
    let high_form = scenario(examples[2]);
    assert_eq!(high_form.score(Seat(0)), 2);
    assert!(high_form.tasks.current.iter().all(Option::is_some) && high_form.tasks.next.is_some());
    let expansions = scenario(examples[3]);
    assert_eq!(
        expansions.seat(Seat(0)).gateway,
        Some("c3".parse().expect("a square"))
    );
    assert!(expansions.seat(Seat(1)).pending.is_some());
    assert!(expansions.seat(Seat(1)).held.is_some());
}

#[test]
fn negative_scores_are_refused() {
    assert_eq!(
        refused("(scores: [2, -1])"),
        "scores: seat 2 has -1; scores are never negative"
    );
    assert_eq!(
        refused("(players: 3, colour_scores: [[0, -2, 1]])"),
        "colour_scores: seat 1 has -2; scores are never negative"
    );
}

#[test]
fn colour_scores_belong_to_a_melee_and_have_one_number_per_colour() {
    assert_eq!(
        refused("(colour_scores: [[0, 3]])"),
        "colour_scores: only a melee (3 or 4 sides) scores per colour; use scores"
    );
    assert_eq!(
        refused("(players: 4, teams: true, colour_scores: [[0, 3]])"),
        "colour_scores: only a melee (3 or 4 sides) scores per colour; use scores",
        "a team game is two-sided"
    );
    assert_eq!(
        refused("(players: 3, colour_scores: [[0, 3]])"),
        "colour_scores: seat 1 has 2 numbers; give one per colour (3), 0 for its own"
    );
    assert_eq!(
        refused("(players: 3, colour_scores: [[0, 3, 1, 2]])"),
        "colour_scores: seat 1 has 4 numbers; give one per colour (3), 0 for its own"
    );
    assert_eq!(
        refused("(players: 3, colour_scores: [[0, 1, 1], [2, 2, 0]])"),
        "colour_scores: seat 2 cannot score against its own colour"
    );
    assert_eq!(
        refused("(players: 3, colour_scores: [[0, 1, 1], [], [], []])"),
        "colour_scores: 4 rows for 3 players"
    );
    assert_eq!(
        refused("(players: 3, scores: [1, 0, 0])"),
        "scores: a melee scores per colour; use colour_scores"
    );
}

#[test]
fn improvised_colours_are_named_once_and_never_your_own() {
    assert_eq!(
        refused("(players: 3, improvised: [[2, 2]])"),
        "improvised: seat 1 names colour 2 twice (each colour is used once)"
    );
    assert_eq!(
        refused("(players: 3, improvised: [[1]])"),
        "improvised: seat 1 cannot improvise with its own colour"
    );
    assert_eq!(
        refused("(players: 3, improvised: [[4]])"),
        "improvised: colour 4 does not exist"
    );
    assert_eq!(
        refused("(improvised: [[2]])"),
        "improvised: only a melee has improvised summoning"
    );
    assert_eq!(refused("(players: 4, improvised: [[2, 3, 4]])"), "");
}

#[test]
fn turns_count_from_one() {
    assert_eq!(refused("(turn: 0)"), "turn: turns are numbered from 1");
    assert_eq!(scenario("(turn: 1)").turn.number, 1);
}

#[test]
fn high_form_names_three_current_tasks_and_the_next_one() {
    let expected =
        "tasks: name 3 current tasks and the next one (or leave `tasks` out to deal them)";
    assert_eq!(
        refused(r#"(mode: HighForm, tasks: (current: ["Destruction"], next: "Isolation"))"#),
        expected
    );
    assert_eq!(
        refused(
            r#"(mode: HighForm, tasks: (current: ["Destruction", "Red Conquest", "Side Chain"]))"#
        ),
        expected
    );
    let g = scenario("(mode: HighForm)");
    assert!(g.tasks.current.iter().all(Option::is_some) && g.tasks.next.is_some());
}
