//! Deathmatch scoring for two players, the end of the game and its tiebreaks.

mod common;
use common::*;
use table::tashkalar::engine::Seat;

/// Seat 1 summons a Bomb on e5 (pattern f4, f3) next to the given enemy pieces, then the turn ends.
fn bomb_turn(enemies: &[&str], scores: &str) -> table::tashkalar::engine::GameState {
    let mut all = vec!["1c f4".to_string(), "1c f3".to_string()];
    all.extend(enemies.iter().map(|s| s.to_string()));
    let list = all
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let mut g = scenario(&format!(
        r#"(actions_left: 2, scores: {scores}, pieces: [{list}], hands: [(beings: ["Bomb"])])"#
    ));
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    g
}

#[test]
fn three_commons_score_one_point_and_the_third_waits_for_a_partner() {
    let g = bomb_turn(&["2c d6", "2c e6", "2c d4"], "[0, 0]");
    assert_eq!(g.score(Seat(0)), 1);
    assert_eq!(g.seat(Seat(0)).score.carry[1], 1);
    assert_eq!(g.turn.seat, Seat(1), "the turn ended");
}

#[test]
fn a_carried_common_pairs_with_the_next_one() {
    let mut g = scenario(
        r#"(pieces: ["1c f4", "1c f3", "2c d6", "2c e6", "2c d4", "1c g7", "1c g5", "2c h5"],
            hands: [(beings: ["Bomb", "Swordmaster"])])"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!((g.score(Seat(0)), g.seat(Seat(0)).score.carry[1]), (1, 1));
    play(&mut g, &["place i7", "place h7"]); // seat 2
    summon(&mut g, "Swordmaster", "g6", &[]);
    play(&mut g, &["pick h5", "place a6"]);
    assert_eq!((g.score(Seat(0)), g.seat(Seat(0)).score.carry[1]), (2, 0));
}

#[test]
fn heroic_pieces_score_one_and_legendary_pieces_two() {
    let mut g = scenario(
        r#"(pieces: ["1c d8", "1c c7", "1c b6", "2l d6"], hands: [(beings: ["Assassin"])])"#,
    );
    summon(&mut g, "Assassin", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(g.score(Seat(0)), 2, "a legendary piece is worth two");
    let mut g = scenario(
        r#"(pieces: ["1c d4", "1c e4", "1c f4", "1c d3", "2h e6"], hands: [(beings: ["Knight"])])"#,
    );
    summon(&mut g, "Knight", "e5", &[]);
    play(&mut g, &["move e5 e6", "skip", "place a5"]);
    assert_eq!(g.score(Seat(0)), 1, "a heroic piece is worth one");
}

#[test]
fn destroying_your_own_pieces_scores_nothing() {
    let g = bomb_turn(&[], "[0, 0]");
    assert_eq!(g.score(Seat(0)), 0, "the Bomb took our own f4 with it");
}

#[test]
fn summoning_a_legend_scores_one_point() {
    let mut g = scenario(
        r#"(pieces: ["1h d4", "1h f4", "1h e3", "1c d2", "1c f2"], hands: [(legends: ["Time Elemental"])])"#,
    );
    summon(&mut g, "Time Elemental", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(g.score(Seat(0)), 1);
    assert_eq!(g.seat(Seat(0)).score.legends, 1);
}

#[test]
fn converted_pieces_count_as_destroyed() {
    // Two Turncoat conversions would need two flares; one conversion plus one Bomb victim make a pair.
    let enemies: Vec<String> = ["c9", "d9", "e9", "f9", "g9", "b8", "c8"]
        .iter()
        .map(|s| format!("\"2c {s}\""))
        .collect();
    let mut g = scenario(&format!(
        r#"(pieces: ["1c f4", "1c f3", "2c d6", {}], hands: [(beings: ["Bomb"], flares: ["Turncoat"])])"#,
        enemies.join(", ")
    ));
    play(&mut g, &["flare Turncoat 2", "branch 1", "pick c9"]);
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(g.score(Seat(0)), 1, "converted c9 + bombed d6 = one pair");
    assert_eq!(g.score(Seat(1)), 1, "the flare gave the opponent a point");
}

#[test]
fn eighteen_points_trigger_the_end_and_everyone_plays_one_more_turn() {
    let mut g = bomb_turn(&["2c d6", "2c e6", "2c d4", "2c d5"], "[16, 3]");
    assert_eq!(g.score(Seat(0)), 18);
    assert!(g.ending.triggered);
    assert!(!g.is_over());
    play(&mut g, &["place i5", "place i6"]); // seat 2's last turn
    assert!(!g.is_over());
    play(&mut g, &["place i7", "place h7"]); // seat 1's last turn
    assert!(g.is_over());
    assert_eq!(g.standings().winners, vec![Seat(0)]);
}

#[test]
fn ties_are_broken_by_upgraded_pieces_then_by_all_pieces() {
    let g = scenario(r#"(scores: [5, 5], pieces: ["1h a5", "2c a6", "2c a7"])"#);
    assert_eq!(
        g.standings().winners,
        vec![Seat(0)],
        "one upgraded piece beats none"
    );
    let g = scenario(r#"(scores: [5, 5], pieces: ["1c a5", "2c a6", "2c a7"])"#);
    assert_eq!(g.standings().winners, vec![Seat(1)], "then more pieces");
    let g = scenario(r#"(scores: [5, 5], pieces: ["1c a5", "2c a6"])"#);
    assert_eq!(
        g.standings().winners,
        vec![Seat(0), Seat(1)],
        "otherwise the tie stands"
    );
}
