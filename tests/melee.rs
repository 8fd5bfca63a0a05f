//! Deathmatch for three and four players: setup, scores kept per colour, improvised summoning, the
//! lowest-colour final score and its tiebreaks, and the end trigger.

mod common;
use common::*;
use std::sync::Arc;
use table::tashkalar::engine::{GameConfig, GameState, Mode, Seat};

fn melee(players: u8) -> GameState {
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players,
        teams: false,
        decks: vec!["Imperial".into(); players as usize],
    };
    GameState::new_game(Arc::clone(&db()), config, 11).expect("new game")
}

/// A three-player scenario with seat 1 to move.
fn three(pieces: &[&str], rest: &str) -> GameState {
    let list = pieces
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    scenario(&format!(r#"(players: 3, pieces: [{list}], {rest})"#))
}

#[test]
fn three_players_start_with_one_piece_of_each_colour_by_the_melee_symbols() {
    let mut g = melee(3);
    assert_eq!(
        (g.decision().seat, pending(&g)),
        (Seat(2), "melee-start".to_string()),
        "the player before the first"
    );
    assert_eq!(
        texts(&g),
        [
            "start b3", "start c3", "start g3", "start g4", "start f8", "start g8"
        ]
    );
    play(&mut g, &["start f8"]);
    assert!(!legal(&g, "start g8"), "one piece per symbol");
    play(&mut g, &["start g4", "start c3"]);
    assert_eq!(pieces(&g), "3c c3, 2c g4, 1c f8");
    assert_eq!(
        g.supply[0].discs, 14,
        "18 - 3 players = 15 discs, one on the board"
    );
    assert_eq!((g.turn.seat, g.turn.actions_left), (Seat(0), 1));
}

#[test]
fn four_players_place_start_pieces_for_every_colour_but_the_second_players() {
    let mut g = melee(4);
    assert_eq!(g.decision().seat, Seat(3));
    play(&mut g, &["start f8", "start g4", "start c3"]);
    assert_eq!(pieces(&g), "4c c3, 3c g4, 1c f8");
}

#[test]
fn destroyed_pieces_score_in_their_own_colour() {
    let mut g = three(
        &["1c f4", "1c f3", "2c d6", "2c e6", "3c d4", "3h d5"],
        r#"hands: [(beings: ["Bomb"])]"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    let book = g.seat(Seat(0)).score;
    assert_eq!(
        book.by_colour,
        [0, 1, 0, 0],
        "a pair of colour 2; colour 3's lone common waits, its heroic survived"
    );
    assert_eq!(book.carry[2], 1);
    assert_eq!(g.score(Seat(0)), 0, "the final score is the lowest colour");
}

#[test]
fn unpaired_commons_of_two_colours_score_one_in_the_colour_you_choose() {
    let mut g = three(
        &["1c f4", "1c f3", "2c d6", "3c d4"],
        r#"hands: [(beings: ["Bomb"])]"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(pending(&g), "common-colour");
    assert_eq!(texts(&g), ["colour 2", "colour 3"]);
    play(&mut g, &["colour 3"]);
    let book = g.seat(Seat(0)).score;
    assert_eq!((book.by_colour, book.carry), ([0, 0, 1, 0], [0; 4]));
    assert_eq!(g.turn.seat, Seat(1), "then the turn ends");
}

#[test]
fn a_legend_scores_one_point_in_a_colour_you_choose() {
    let mut g = three(
        &["1h e4", "1h e3", "1c d2", "1c e2", "1c f2"],
        r#"hands: [(legends: ["Titan"])]"#,
    );
    summon(&mut g, "Titan", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(pending(&g), "legend-colour");
    play(&mut g, &["colour 3"]);
    assert_eq!(g.seat(Seat(0)).score.by_colour, [0, 0, 1, 0]);
    assert_eq!(g.seat(Seat(0)).score.legends, 1);
}

#[test]
fn a_flare_compares_with_one_opponent_who_scores_in_your_colour() {
    let far_ahead = ["2h c9", "2h d9", "2h e9", "3h f9", "3h g9", "3h b8"];
    let mut g = three(&far_ahead, r#"hands: [(flares: ["Ember"])]"#);
    assert!(
        legal(&g, "flare Ember 2") && legal(&g, "flare Ember 3"),
        "either opponent leads by 3 upgraded"
    );
    play(&mut g, &["flare Ember 3", "pick c1"]);
    assert_eq!(g.seat(Seat(2)).score.by_colour, [1, 0, 0, 0]);
    assert_eq!(g.seat(Seat(1)).score.by_colour, [0; 4]);
    let g = three(
        &["2h c9", "2h d9", "2h e9", "3h f9"],
        r#"hands: [(flares: ["Ember"])]"#,
    );
    assert_eq!(
        texts(&g)
            .iter()
            .filter(|t| t.starts_with("flare"))
            .collect::<Vec<_>>(),
        ["flare Ember 2"]
    );
}

#[test]
fn improvised_summoning_uses_one_enemy_piece_once_per_colour() {
    let mut g = three(
        &["1c d4", "1c e4", "1c f4", "2c d3", "3c c6"],
        r#"hands: [(beings: ["Knight", "Swordmaster"])]"#,
    );
    assert!(
        legal(&g, "summon Knight e5 0 borrow d3"),
        "the enemy common stands in for our own"
    );
    play(&mut g, &["summon Knight e5 0 borrow d3", "skip"]);
    assert!(
        pieces(&g).contains("2c d3"),
        "the borrowed piece stays the opponent's"
    );
    assert_eq!(g.seat(Seat(0)).improvised, 0b010);
    // Colour 2 is used up for the rest of the game; colour 3 is still available.
    let g = three(
        &["1c d4", "1c e4", "1c f4", "2c d3"],
        r#"improvised: [[2]], hands: [(beings: ["Knight"])]"#,
    );
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
    let g = three(
        &["1c d4", "1c e4", "1c f4", "3c d3"],
        r#"improvised: [[2]], hands: [(beings: ["Knight"])]"#,
    );
    assert!(legal(&g, "summon Knight e5 0 borrow d3"));
}

#[test]
fn improvised_summoning_never_uses_two_enemy_pieces() {
    let g = three(
        &["1c d4", "1c e4", "2c f4", "3c d3"],
        r#"hands: [(beings: ["Knight"])]"#,
    );
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn two_players_cannot_improvise() {
    let g = scenario(
        r#"(pieces: ["1c d4", "1c e4", "1c f4", "2c d3"], hands: [(beings: ["Knight"])])"#,
    );
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn the_lowest_colour_is_the_score_and_the_next_lowest_breaks_ties() {
    let g = three(&[], r#"colour_scores: [[0, 5, 3], [4, 0, 3], [2, 2, 0]]"#);
    assert_eq!(g.standings().scores, vec![3, 3, 2]);
    assert_eq!(g.standings().winners, vec![Seat(0)], "3 and 5 beat 3 and 4");
    let g = three(
        &["2h a5"],
        r#"colour_scores: [[0, 4, 3], [4, 0, 3], [2, 2, 0]]"#,
    );
    assert_eq!(
        g.standings().winners,
        vec![Seat(1)],
        "then the usual tiebreaks: upgraded pieces"
    );
}

#[test]
fn twelve_points_in_one_colour_end_a_three_player_game() {
    let mut g = three(
        &["1c f4", "1c f3", "2c d6", "2c e6"],
        r#"colour_scores: [[0, 11, 0]], hands: [(beings: ["Bomb"])]"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert!(g.ending.triggered);
    for turn in 0..3 {
        assert!(!g.is_over(), "turn {turn} of the final round");
        let squares = [["i5", "i6"], ["i7", "h7"], ["h6", "h5"]][turn];
        play(
            &mut g,
            &[
                &format!("place {}", squares[0]),
                &format!("place {}", squares[1]),
            ],
        );
    }
    assert!(g.is_over());
}

#[test]
fn ten_points_in_one_colour_end_a_four_player_game() {
    let mut g = scenario(
        r#"(players: 4, colour_scores: [[0, 9, 0, 0]], pieces: ["1c f4", "1c f3", "2c d6", "2c e6"], hands: [(beings: ["Bomb"])])"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert!(g.ending.triggered);
}
