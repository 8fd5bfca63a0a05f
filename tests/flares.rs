//! Rules scenarios for the flares: when each half may be played, and what each does.

mod common;
use common::*;
use table::tashkalar::engine::{GameState, Seat};

/// Seat 2's pieces: `upgraded` heroic pieces then `commons` common pieces along ranks 9, 8 and 7.
fn opponent(upgraded: usize, commons: usize) -> Vec<String> {
    let squares = [
        "c9", "d9", "e9", "f9", "g9", "b8", "c8", "d8", "e8", "f8", "g8", "h8", "a7", "b7", "c7",
        "d7", "e7", "f7",
    ];
    let ranks = std::iter::repeat_n('h', upgraded).chain(std::iter::repeat_n('c', commons));
    ranks
        .zip(squares)
        .map(|(r, sq)| format!("2{r} {sq}"))
        .collect()
}

/// Seat 1 to move with one flare, its own `mine` pieces, against `upgraded` + `commons` enemy pieces.
fn with_flare(flare: &str, mine: &[&str], upgraded: usize, commons: usize) -> GameState {
    let mut all: Vec<String> = mine.iter().map(|s| s.to_string()).collect();
    all.extend(opponent(upgraded, commons));
    let list = all
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    scenario(&format!(
        r#"(pieces: [{list}], hands: [(flares: ["{flare}"])])"#
    ))
}

#[test]
fn a_flare_needs_the_opponent_to_lead_by_enough() {
    let g = with_flare("Ember", &[], 2, 3);
    assert!(
        !legal(&g, "flare Ember 2"),
        "2 upgraded and 5 pieces are not enough for 3/6"
    );
    let g = with_flare("Ember", &["1h a5"], 3, 0);
    assert!(
        !legal(&g, "flare Ember 2"),
        "the lead is what counts: 3 - 1 upgraded"
    );
}

#[test]
fn ember_upper_half_alone_places_a_common_for_free_and_scores_for_the_opponent() {
    let mut g = with_flare("Ember", &[], 3, 0);
    play(&mut g, &["flare Ember 2", "pick c1"]);
    assert!(pieces(&g).starts_with("1c c1,"));
    assert_eq!(g.turn.actions_left, 2, "a flare costs no action");
    assert_eq!(
        g.score(Seat(1)),
        1,
        "the opponent scores a point in Deathmatch"
    );
    assert_eq!(pending(&g), "action");
}

#[test]
fn both_halves_resolve_upper_first() {
    let mut g = with_flare("Ember", &[], 3, 3);
    play(&mut g, &["flare Ember 2", "pick c1", "pick d1"]);
    assert!(pieces(&g).starts_with("1c c1, 1h d1,"));
    assert_eq!(g.score(Seat(1)), 1, "one point, even for both halves");
}

#[test]
fn flares_may_be_played_after_the_last_action() {
    let g = scenario(&format!(
        r#"(actions_left: 0, pieces: [{}], hands: [(flares: ["Ember"])])"#,
        opponent(3, 0)
            .iter()
            .map(|p| format!("{p:?}"))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    assert_eq!(pending(&g), "after-actions");
    assert_eq!(texts(&g), ["end", "flare Ember 2"]);
}

#[test]
fn rally_lower_half_places_a_common() {
    let mut g = with_flare("Rally", &[], 0, 4);
    play(&mut g, &["flare Rally 2", "pick e5"]);
    assert!(pieces(&g).contains("1c e5"));
}

#[test]
fn gust_moves_your_commons_or_gains_an_action() {
    let mut g = with_flare("Gust", &["1c a5"], 3, 0);
    play(
        &mut g,
        &["flare Gust 2", "move a5 b5", "move b5 c5", "skip"],
    );
    assert!(pieces(&g).contains("1c c5"));
    let mut g = with_flare("Gust", &[], 0, 5);
    play(&mut g, &["flare Gust 2"]);
    assert_eq!(g.turn.actions_left, 3);
}

#[test]
fn turncoat_lower_half_may_convert_an_enemy_common() {
    let mut g = with_flare("Turncoat", &[], 0, 5);
    assert_eq!(
        texts(&g).last().map(String::as_str),
        Some("flare Turncoat 2")
    );
    play(&mut g, &["flare Turncoat 2", "branch 1", "pick c9"]);
    assert!(pieces(&g).contains("1c c9"));
    assert_eq!(
        g.turn.tally.destroyed[1][0], 1,
        "a converted piece counts as destroyed"
    );
}

#[test]
fn muster_moves_or_upgrades_then_places_two() {
    let mut g = with_flare("Muster", &["1c a5"], 3, 4);
    play(
        &mut g,
        &["flare Muster 2", "branch 1", "pick c1", "pick d1"],
    );
    assert!(pieces(&g).starts_with("1c c1, 1c d1,"));
    assert!(
        pieces(&g).contains("1h a5"),
        "the single common upgraded without a question"
    );
}

#[test]
fn leap_of_faith_lower_half_leaps_a_common_onto_an_enemy_common() {
    let mut g = with_flare("Leap of Faith", &["1c a5"], 0, 5);
    play(&mut g, &["flare Leap of Faith 2", "move a5 e8"]);
    assert!(pieces(&g).contains("1c e8") && !pieces(&g).contains("a5"));
}

#[test]
fn second_wind_lower_half_upgrades_and_gains_an_action() {
    let mut g = with_flare("Second Wind", &["1c a5"], 0, 7);
    play(&mut g, &["flare Second Wind 2"]);
    assert!(pieces(&g).contains("1h a5"));
    assert_eq!(g.turn.actions_left, 3);
}

#[test]
fn haste_upper_half_gains_an_action() {
    let mut g = with_flare("Haste", &[], 4, 0);
    play(&mut g, &["flare Haste 2"]);
    assert_eq!(g.turn.actions_left, 3);
}

#[test]
fn champions_call_moves_commons_once_standard_once_combat() {
    let mut g = with_flare("Champion's Call", &["1c a5", "1c b7"], 0, 6);
    // b7 onto the enemy common b8 is a combat move; a5 to a6 a standard one.
    play(&mut g, &["flare Champion's Call 2", "move b7 b8"]);
    assert!(!legal(&g, "move b8 c9"), "the one combat move is used up");
    play(&mut g, &["move a5 a6"]);
    assert!(pieces(&g).contains("1c b8") && pieces(&g).contains("1c a6"));
    assert_eq!(
        pending(&g),
        "action",
        "one of each kind, then the flare is done"
    );
}

#[test]
fn reinforcements_both_halves_place_three_commons() {
    let mut g = with_flare("Reinforcements", &[], 5, 0);
    play(
        &mut g,
        &["flare Reinforcements 2", "pick c1", "pick d1", "pick e1"],
    );
    assert!(pieces(&g).starts_with("1c c1, 1c d1, 1c e1,"));
}

#[test]
fn skirmish_lower_half_offers_one_combat_or_two_standard_moves() {
    let mut g = with_flare("Skirmish", &["1h a5"], 0, 5);
    play(&mut g, &["flare Skirmish 2"]);
    assert_eq!(texts(&g), ["branch 0", "branch 1", "skip"]);
    play(&mut g, &["branch 1", "move a5 a6", "move a6 b7"]);
    assert!(pieces(&g).contains("1h b7"));
}

#[test]
fn blink_upper_half_leaps_a_common_to_an_empty_square() {
    let mut g = with_flare("Blink", &["1c a5"], 2, 0);
    play(&mut g, &["flare Blink 2"]);
    assert!(
        !legal(&g, "move a5 c9"),
        "a standard leap of a common cannot take a piece"
    );
    play(&mut g, &["move a5 i5"]);
    assert!(pieces(&g).contains("1c i5"));
}

#[test]
fn the_flare_choice_says_its_price_in_deathmatch_only() {
    use table::shell::seats::{SeatKind, Seats};
    use table::tashkalar::engine::notation;
    let seats = Seats::new(
        vec!["Blue".into(), "Red".into()],
        &[SeatKind::Human, SeatKind::Human],
    );
    let words = |g: &GameState| {
        let choice = notation::parse("flare Ember 2", &g.db).expect("a flare choice");
        table::tashkalar::ui::words::describe(g, &seats, &g.decision(), &choice)
    };
    let g = with_flare("Ember", &[], 3, 3);
    assert_eq!(
        words(&g),
        "Play the flare Ember against Red (both halves; Red scores 1 point)"
    );
    let list = opponent(3, 3)
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let high_form = scenario(&format!(
        r#"(mode: HighForm, pieces: [{list}], hands: [(flares: ["Ember"])])"#
    ));
    assert_eq!(
        words(&high_form),
        "Play the flare Ember against Red (both halves)"
    );
}
