//! Rules scenarios for the Nethervoid deck: each being's effect, and the rules of the Gateway (how a
//! piece becomes it, follows it, and stops being it). Seat 1 plays Nethervoid, seat 2 Imperial
//! unless said otherwise. Boards are written as piece lists (`1c e4` = seat 1's common piece on
//! e4), in square order (rank by rank from a1).

mod common;
use common::*;
use table::tashkalar::engine::{GameState, Seat, Square};

/// A position where seat 1 plays Nethervoid; `body` is the rest of the scenario.
fn nv(body: &str) -> GameState {
    scenario(&format!(r#"(decks: ["Nethervoid", "Imperial"], {body})"#))
}

/// Seat 1's Gateway, as a square name ("-" for none).
fn gateway(g: &GameState) -> String {
    g.seat(Seat(0))
        .gateway
        .map_or_else(|| "-".to_string(), |s| s.to_string())
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

// ----- The Gateway -----

#[test]
fn a_nethervoid_being_summoned_without_a_gateway_becomes_it() {
    let mut g = nv(r#"pieces: ["1c d6", "1c f5"], hands: [(beings: ["Shadow Imp"])]"#);
    assert_eq!(gateway(&g), "-");
    summon(&mut g, "Shadow Imp", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(gateway(&g), "e5");
}

#[test]
fn a_common_being_leaves_an_existing_gateway_alone() {
    let mut g = nv(
        r#"pieces: ["1c d6", "1c f5", "1c b3"], gateway: ["b3"], hands: [(beings: ["Shadow Imp"])]"#,
    );
    summon(&mut g, "Shadow Imp", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(gateway(&g), "b3");
}

#[test]
fn a_heroic_being_takes_over_a_common_gateway_but_not_a_heroic_one() {
    // Demon of Sloth (heroic) with a common Gateway elsewhere: the Demon becomes the Gateway.
    let mut g =
        nv(r#"pieces: ["1c d4", "1c b3"], gateway: ["b3"], hands: [(beings: ["Demon of Sloth"])]"#);
    summon(&mut g, "Demon of Sloth", "e5", &[]);
    assert_eq!(gateway(&g), "e5");
    // The same with a heroic Gateway: it stays where it is.
    let mut g =
        nv(r#"pieces: ["1c d4", "1h b3"], gateway: ["b3"], hands: [(beings: ["Demon of Sloth"])]"#);
    summon(&mut g, "Demon of Sloth", "e5", &[]);
    assert_eq!(gateway(&g), "b3");
}

#[test]
fn a_destroyed_gateway_is_gone() {
    // The Shadow Imp combat-moves onto its own common Gateway: no Gateway is left to follow it.
    let mut g = nv(
        r#"pieces: ["1c d6", "1c f5", "1c e6"], gateway: ["e6"], hands: [(beings: ["Shadow Imp"])]"#,
    );
    summon(&mut g, "Shadow Imp", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert_eq!(gateway(&g), "-");
    assert_eq!(
        pending(&g),
        "action",
        "no Gateway, so no second move is offered"
    );
    assert_eq!(pieces(&g), "1c f5, 1c d6, 1c e6");
}

#[test]
fn a_gateway_upgraded_to_legendary_stops_being_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c e6", "1c f6", "1c d5", "1c f5", "1c g5", "1h b3"], gateway: ["b3"],
           hands: [(beings: ["Gate Master"])]"#,
    );
    summon(&mut g, "Gate Master", "e5", &[]);
    assert!(pieces(&g).contains("1l b3"));
    assert_eq!(gateway(&g), "-", "the legendary piece is no Gateway");
    assert!(
        !legal(&g, "pick b3"),
        "a legendary piece cannot become the Gateway"
    );
    play(&mut g, &["pick d5"]);
    assert_eq!(gateway(&g), "d5");
}

#[test]
fn a_converted_gateway_is_gone() {
    // Seat 2 (Everfrost) thaws Frostweave Illusionist's frozen effect: it converts an enemy common.
    let mut g = scenario(
        r#"(decks: ["Nethervoid", "Everfrost"], to_move: 2, pieces: ["1c c3", "2c e5"],
            gateway: ["c3"], frozen: [[], ["Frostweave Illusionist"]])"#,
    );
    play(&mut g, &["thaw Frostweave Illusionist"]);
    if legal(&g, "pick c3") {
        play(&mut g, &["pick c3"]);
    }
    assert!(pieces(&g).contains("2c c3"));
    assert_eq!(gateway(&g), "-");
}

#[test]
fn the_gateway_is_public_in_every_view_and_in_the_fingerprint() {
    let g = nv(r#"pieces: ["1h c3"], gateway: ["c3"]"#);
    let plain = nv(r#"pieces: ["1h c3"]"#);
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(g.view(seat).gateways[0], Some(sq("c3")));
    }
    assert_ne!(g.state_hash(), plain.state_hash());
}

#[test]
fn a_scenario_gateway_must_be_a_non_legendary_piece_of_a_gateway_deck() {
    use table::tashkalar::engine::scenario::Scenario;
    let bad = [
        r#"(decks: ["Nethervoid", "Imperial"], pieces: ["1l c3"], gateway: ["c3"])"#,
        r#"(decks: ["Nethervoid", "Imperial"], pieces: ["2c c3"], gateway: ["c3"])"#,
        r#"(decks: ["Imperial", "Nethervoid"], pieces: ["1c c3"], gateway: ["c3"])"#,
        r#"(decks: ["Nethervoid", "Imperial"], gateway: ["z9"])"#,
    ];
    for text in bad {
        let sc = Scenario::parse(text).expect("parses");
        assert!(sc.into_state(db()).is_err(), "{text}");
    }
}

// ----- Shadow Imp -----

#[test]
fn shadow_imp_pulls_the_gateway_the_same_way() {
    let mut g = nv(
        r#"pieces: ["1c d6", "1c f5", "1h c3", "2c e6"], gateway: ["c3"], hands: [(beings: ["Shadow Imp"])]"#,
    );
    summon(&mut g, "Shadow Imp", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert_eq!(
        texts(&g),
        ["move c3 c4", "skip"],
        "the Gateway follows northwards only"
    );
    play(&mut g, &["move c3 c4"]);
    assert_eq!(pieces(&g), "1h c4, 1c f5, 1c d6, 1c e6");
    assert_eq!(gateway(&g), "c4");
}

#[test]
fn shadow_imp_that_is_the_gateway_moves_alone() {
    let mut g = nv(r#"pieces: ["1c d6", "1c f5"], hands: [(beings: ["Shadow Imp"])]"#);
    summon(&mut g, "Shadow Imp", "e5", &[]);
    play(&mut g, &["move e5 e4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(gateway(&g), "e4", "the Gateway moved with it");
}

// ----- Flame Imp -----

#[test]
fn flame_imp_burns_a_common_piece_next_to_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c c5", "1c d4", "1h g5", "2c g6", "1c h5", "2h f5"], gateway: ["g5"],
           hands: [(beings: ["Flame Imp"])]"#,
    );
    summon(&mut g, "Flame Imp", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["pick h5", "pick g6", "skip"],
        "common pieces of any colour next to the Gateway"
    );
    play(&mut g, &["pick g6"]);
    assert_eq!(pieces(&g), "1c d4, 1c c5, 1c e5, 2h f5, 1h g5, 1c h5");
}

// ----- Gate Keeper -----

#[test]
fn gate_keeper_upgrades_a_common_piece_into_the_gateway() {
    let mut g = nv(r#"pieces: ["1c e6", "1c d5", "1c f5"], hands: [(beings: ["Gate Keeper"])]"#);
    summon(&mut g, "Gate Keeper", "e5", &[]);
    assert_eq!(
        gateway(&g),
        "e5",
        "the Gate Keeper itself took the Gateway first"
    );
    play(&mut g, &["branch 0", "pick d5"]);
    assert_eq!(pieces(&g), "1h d5, 1c e5, 1c f5, 1c e6");
    assert_eq!(gateway(&g), "d5");
}

#[test]
fn gate_keeper_places_a_common_piece_as_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c e6", "1c d5", "1c f5", "1h c3"], gateway: ["c3"], hands: [(beings: ["Gate Keeper"])]"#,
    );
    summon(&mut g, "Gate Keeper", "e5", &[]);
    play(&mut g, &["branch 1", "pick b5"]);
    assert_eq!(gateway(&g), "b5");
    assert!(pieces(&g).contains("1c b5"));
}

// ----- Demon of Gluttony -----

#[test]
fn demon_of_gluttony_feeds_twice_and_becomes_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c d4", "1c e4", "1c f4", "1h b3", "2c e6", "2c e7"], gateway: ["b3"],
           hands: [(beings: ["Demon of Gluttony"])]"#,
    );
    summon(&mut g, "Demon of Gluttony", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert!(pieces(&g).contains("1h e6"), "it turned heroic");
    play(&mut g, &["move e6 e7"]);
    assert_eq!(pieces(&g), "1h b3, 1c d4, 1c e4, 1c f4, 1h e7");
    assert_eq!(gateway(&g), "e7");
}

#[test]
fn demon_of_gluttony_that_eats_nothing_stays_common() {
    let mut g = nv(
        r#"pieces: ["1c d4", "1c e4", "1c f4", "1h b3"], gateway: ["b3"], hands: [(beings: ["Demon of Gluttony"])]"#,
    );
    summon(&mut g, "Demon of Gluttony", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("1c e6"));
    assert_eq!(gateway(&g), "b3");
}

// ----- Demon of Pride -----

#[test]
fn demon_of_pride_turns_heroic_becomes_the_gateway_and_charges() {
    let mut g = nv(
        r#"pieces: ["1c e4", "1c e3", "1c f3", "1c b5", "2h e6"], gateway: ["b5"],
           hands: [(beings: ["Demon of Pride"])]"#,
    );
    summon(&mut g, "Demon of Pride", "e5", &[]);
    assert_eq!(gateway(&g), "e5");
    play(&mut g, &["move e5 e6"]);
    assert_eq!(pieces(&g), "1c e3, 1c f3, 1c e4, 1c b5, 1h e6");
    assert_eq!(gateway(&g), "e6");
}

// ----- Acolyte of Destruction -----

#[test]
fn acolyte_of_destruction_with_the_gateway_on_red_strikes_twice() {
    let mut g = nv(
        r#"pieces: ["1c d4", "1c f4", "1c e2", "1h h4", "2c b5", "2h b6", "2h g7"], gateway: ["h4"],
           hands: [(beings: ["Acolyte of Destruction"])]"#,
    );
    summon(&mut g, "Acolyte of Destruction", "e5", &[]);
    play(&mut g, &["pick b5"]);
    assert_eq!(
        texts(&g),
        ["pick b6", "skip"],
        "a heroic piece next to the destroyed one"
    );
    play(&mut g, &["pick b6"]);
    assert_eq!(pieces(&g), "1c e2, 1c d4, 1c f4, 1h h4, 1h e5, 2h g7");
}

#[test]
fn acolyte_of_destruction_with_the_gateway_off_red_strikes_once() {
    let mut g = nv(
        r#"pieces: ["1c d4", "1c f4", "1c e2", "1h b3", "2c b5", "2h b6"], gateway: ["b3"],
           hands: [(beings: ["Acolyte of Destruction"])]"#,
    );
    summon(&mut g, "Acolyte of Destruction", "e5", &[]);
    play(&mut g, &["pick b5"]);
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("2h b6"));
}

// ----- Acolyte of Growth -----

#[test]
fn acolyte_of_growth_with_the_gateway_on_green_adds_a_heroic_piece() {
    let mut g = nv(
        r#"pieces: ["1c d6", "1c f6", "1c d5", "1c f5", "1h c7"], gateway: ["c7"],
           hands: [(beings: ["Acolyte of Growth"])]"#,
    );
    summon(&mut g, "Acolyte of Growth", "e5", &[]);
    play(&mut g, &["pick b2"]);
    assert_eq!(
        texts(&g),
        ["pick c1", "pick c2", "pick a3", "pick b3", "pick c3"],
        "empty squares next to the new piece"
    );
    play(&mut g, &["pick a3"]);
    assert_eq!(
        pieces(&g),
        "1c b2, 1h a3, 1c d5, 1h e5, 1c f5, 1c d6, 1c f6, 1h c7"
    );
}

#[test]
fn acolyte_of_growth_with_the_gateway_off_green_places_one_piece() {
    let mut g = nv(
        r#"pieces: ["1c d6", "1c f6", "1c d5", "1c f5", "1h b3"], gateway: ["b3"],
           hands: [(beings: ["Acolyte of Growth"])]"#,
    );
    summon(&mut g, "Acolyte of Growth", "e5", &[]);
    play(&mut g, &["pick b2"]);
    assert_eq!(pending(&g), "action");
}

// ----- Power Seeker -----

#[test]
fn power_seeker_that_is_the_gateway_takes_one_standard_move() {
    let mut g = nv(
        r#"pieces: ["1c d5", "1c f5", "1c e4", "1c g4", "2c c6"], hands: [(beings: ["Power Seeker"])]"#,
    );
    summon(&mut g, "Power Seeker", "c5", &[]);
    assert_eq!(gateway(&g), "c5");
    assert!(legal(&g, "move c5 c6"), "a heroic piece takes a common one");
    play(&mut g, &["move c5 b6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(gateway(&g), "b6");
}

#[test]
fn power_seeker_closes_in_on_a_heroic_gateway() {
    let mut g = nv(
        r#"pieces: ["1c d5", "1c f5", "1c e4", "1c g4", "1h g8", "2c d6"], gateway: ["g8"],
           hands: [(beings: ["Power Seeker"])]"#,
    );
    summon(&mut g, "Power Seeker", "c5", &[]);
    assert_eq!(gateway(&g), "g8");
    assert_eq!(
        texts(&g),
        ["move c5 d5", "move c5 d6", "skip"],
        "only moves that bring it closer (onto its own piece too)"
    );
    play(&mut g, &["move c5 d6", "move d6 e7", "move e7 f7"]);
    assert_eq!(texts(&g), ["move f7 g8", "skip"]);
    play(&mut g, &["skip"]);
    assert!(pieces(&g).contains("1h f7"));
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

// ----- Hell Hound -----

/// Every Nethervoid being but the named ones, for discard piles that empty the deck.
fn all_but(keep: &[&str]) -> String {
    let db = db();
    let deck = db.deck_by_name("Nethervoid").expect("deck");
    db.deck(deck)
        .cards
        .iter()
        .map(|&c| db.card(c).name.clone())
        .filter(|n| !keep.contains(&n.as_str()))
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ")
}

#[test]
fn hell_hound_returns_under_the_deck_unless_it_killed_a_legend() {
    let mut g = nv(
        r#"pieces: ["1c c5", "1c d5", "1c b4", "1c e4", "2h f6"], hands: [(beings: ["Hell Hound"])]"#,
    );
    let hound = g.db.by_name("Hell Hound").unwrap();
    summon(&mut g, "Hell Hound", "e5", &[]);
    play(&mut g, &["pick f6"]);
    assert_eq!(g.seat(Seat(0)).deck.as_slice()[0], hound, "under the deck");
    assert!(!g.seat(Seat(0)).discard.contains(hound));

    let mut g = nv(
        r#"pieces: ["1c c5", "1c d5", "1c b4", "1c e4", "2l f6"], hands: [(beings: ["Hell Hound"])]"#,
    );
    summon(&mut g, "Hell Hound", "e5", &[]);
    play(&mut g, &["pick f6"]);
    assert!(
        g.seat(Seat(0)).discard.contains(hound),
        "a legend's killer is discarded"
    );
}

#[test]
fn hell_hound_goes_to_the_discard_pile_when_the_deck_is_empty() {
    let mut g = nv(&format!(
        r#"pieces: ["1c c5", "1c d5", "1c b4", "1c e4"], hands: [(beings: ["Hell Hound"])],
           discards: [[{}]]"#,
        all_but(&["Hell Hound"])
    ));
    assert!(g.seat(Seat(0)).deck.is_empty());
    summon(&mut g, "Hell Hound", "e5", &[]);
    play(&mut g, &["skip"]);
    let hound = g.db.by_name("Hell Hound").unwrap();
    assert!(g.seat(Seat(0)).discard.contains(hound));
}

// ----- Vortex Master -----

#[test]
fn vortex_master_moves_the_gateway_then_a_piece_next_to_it() {
    let mut g = nv(
        r#"pieces: ["1c e8", "1c d7", "1c f7", "1c e6", "1h b3", "2c b4", "1c c4", "2c c5"],
           gateway: ["b3"], hands: [(beings: ["Vortex Master"])]"#,
    );
    summon(&mut g, "Vortex Master", "e5", &[]);
    play(&mut g, &["move b3 b4"]);
    assert!(
        legal(&g, "move c4 c5"),
        "a piece of yours next to the Gateway's new square"
    );
    play(&mut g, &["move c4 c5"]);
    assert_eq!(
        pieces(&g),
        "1h b4, 1c c5, 1h e5, 1c e6, 1c d7, 1c f7, 1c e8"
    );
    assert_eq!(gateway(&g), "b4");
}

// ----- Gate Master -----

#[test]
fn gate_master_making_a_legend_counts_as_summoning_one() {
    let mut g = nv(
        r#"pieces: ["1c e6", "1c f6", "1c d5", "1c f5", "1c g5", "1h b3"], gateway: ["b3"],
           hands: [(beings: ["Gate Master"])]"#,
    );
    summon(&mut g, "Gate Master", "e5", &[]);
    play(&mut g, &["pick d5"]);
    assert_eq!(g.turn.tally.legends_summoned, 1);
    assert_eq!(g.turn.tally.summoned, 1);
}

#[test]
fn gate_master_takes_a_common_gateway_and_upgrades_itself() {
    // The Gate Master takes over the common Gateway when summoned, so it upgrades itself.
    let mut g = nv(
        r#"pieces: ["1c e6", "1c f6", "1c d5", "1c f5", "1c g5", "1c b3"], gateway: ["b3"],
           hands: [(beings: ["Gate Master"])]"#,
    );
    summon(&mut g, "Gate Master", "e5", &[]);
    assert!(pieces(&g).contains("1l e5"));
    play(&mut g, &["pick b3"]);
    assert_eq!(gateway(&g), "b3");
    assert_eq!(g.turn.tally.legends_summoned, 1);
}

#[test]
fn gate_master_counts_a_legend_only_when_the_upgrade_made_one() {
    // With all three legendary pieces on the board, the heroic Gateway cannot be upgraded.
    let mut g = nv(
        r#"pieces: ["1c e6", "1c f6", "1c d5", "1c f5", "1c g5", "1h b3", "1l a5", "1l c7", "1l g7"],
           gateway: ["b3"], hands: [(beings: ["Gate Master"])]"#,
    );
    summon(&mut g, "Gate Master", "e5", &[]);
    assert!(
        pieces(&g).contains("1h b3"),
        "no legendary piece to upgrade to"
    );
    play(&mut g, &["pick b3"]);
    assert_eq!(g.turn.tally.legends_summoned, 0);
}

// ----- Hell Rider -----

#[test]
fn hell_rider_rides_three_times_when_it_is_not_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c e5", "1c f5", "1c g5", "1c e4", "1h b3"], gateway: ["b3"],
           hands: [(beings: ["Hell Rider"])]"#,
    );
    summon(&mut g, "Hell Rider", "e5", &[]);
    play(&mut g, &["move e5 e6", "move e6 e7", "move e7 e8"]);
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("1h e8"));
}

#[test]
fn hell_rider_summoned_over_the_gateway_is_the_gateway_and_rides_once() {
    let mut g = nv(
        r#"pieces: ["1c e5", "1c f5", "1c g5", "1c e4"], gateway: ["e5"], hands: [(beings: ["Hell Rider"])]"#,
    );
    summon(&mut g, "Hell Rider", "e5", &[]);
    assert_eq!(gateway(&g), "e5");
    play(&mut g, &["move e5 e6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(gateway(&g), "e6");
}

// ----- Demon of Wrath -----

#[test]
fn demon_of_wrath_burns_every_enemy_common_next_to_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c f5", "1c d4", "1c f4", "1c e3", "1h b5", "2c b6", "2c a4", "1c c5", "2h c4"],
           gateway: ["b5"], hands: [(beings: ["Demon of Wrath"])]"#,
    );
    summon(&mut g, "Demon of Wrath", "e5", &[]);
    assert_eq!(pending(&g), "action", "nothing to choose");
    assert_eq!(
        pieces(&g),
        "1c e3, 2h c4, 1c d4, 1c f4, 1h b5, 1c c5, 1h e5, 1c f5"
    );
}

#[test]
fn demon_of_wrath_moves_the_gateway_first_when_nothing_is_next_to_it() {
    let mut g = nv(
        r#"pieces: ["1c f5", "1c d4", "1c f4", "1c e3", "1h b5", "2c a7"], gateway: ["b5"],
           hands: [(beings: ["Demon of Wrath"])]"#,
    );
    summon(&mut g, "Demon of Wrath", "e5", &[]);
    play(&mut g, &["move b5 b6"]);
    assert!(!pieces(&g).contains("a7"), "then the new neighbour burns");
    assert_eq!(gateway(&g), "b6");
}

// ----- Demon of Greed -----

#[test]
fn demon_of_greed_sacrifices_two_pieces_for_two_actions() {
    let mut g = nv(
        r#"pieces: ["1c d6", "1c e6", "1c d4", "1c f4", "1h b3", "1c h5", "1h h6"], gateway: ["b3"],
           hands: [(beings: ["Demon of Greed"])]"#,
    );
    summon(&mut g, "Demon of Greed", "e5", &[]);
    assert!(!legal(&g, "pick b3"), "never the Gateway");
    play(&mut g, &["pick h5"]);
    assert_eq!(texts(&g), ["pick e5", "pick h6"]);
    play(&mut g, &["pick h6"]);
    assert_eq!(g.turn.actions_left, 3);
    assert_eq!(pieces(&g), "1h b3, 1c d4, 1c f4, 1h e5, 1c d6, 1c e6");
}

// ----- Demon of Lust -----

#[test]
fn demon_of_lust_draws_two_pieces_towards_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c e4", "1c f4", "1c f3", "1c g3", "1h b5", "2c d8", "1c b7", "1c b6"],
           gateway: ["b5"], hands: [(beings: ["Demon of Lust"])]"#,
    );
    summon(&mut g, "Demon of Lust", "e5", &[]);
    assert!(legal(&g, "move d8 c7"));
    assert!(!legal(&g, "move d8 e8"), "not closer");
    assert!(!legal(&g, "move b6 b5"), "the Gateway is never destroyed");
    play(&mut g, &["move d8 c7"]);
    assert!(!legal(&g, "move c7 c6"), "each piece moves once");
    play(&mut g, &["move b7 a6"]);
    assert_eq!(
        pieces(&g),
        "1c f3, 1c g3, 1c e4, 1c f4, 1h b5, 1h e5, 1c a6, 1c b6, 2c c7"
    );
}

// ----- Demon of Sloth -----

#[test]
fn demon_of_sloth_wastes_an_action() {
    let mut g =
        nv(r#"pieces: ["1c d4", "1h b3"], gateway: ["b3"], hands: [(beings: ["Demon of Sloth"])]"#);
    summon(&mut g, "Demon of Sloth", "e5", &[]);
    // The action left was spent: the turn ended by itself and seat 2 plays.
    assert_eq!(g.to_move(), Seat(1));
    assert_eq!(pieces(&g), "1h b3, 1c d4, 1h e5");
    assert_eq!(gateway(&g), "b3");
}

#[test]
fn demon_of_sloth_on_the_last_action_destroys_the_gateway() {
    let mut g = nv(
        r#"pieces: ["1c d4", "1h b3"], gateway: ["b3"], actions_left: 1, hands: [(beings: ["Demon of Sloth"])]"#,
    );
    summon(&mut g, "Demon of Sloth", "e5", &[]);
    assert_eq!(pieces(&g), "1c d4, 1h e5");
    assert_eq!(gateway(&g), "-");
}

// ----- Demon of Envy -----

#[test]
fn demon_of_envy_places_until_no_opponent_has_more_pieces() {
    let mut g = nv(r#"pieces: ["1c e5", "1c d6", "1c f5", "1h b5",
                    "2c h8", "2c g8", "2c f8", "2c e8", "2c d9", "2c e9"],
           gateway: ["b5"], hands: [(beings: ["Demon of Envy"])]"#);
    summon(&mut g, "Demon of Envy", "e5", &[]);
    play(&mut g, &["pick a5"]);
    assert_eq!(pending(&g), "effect:place", "5 pieces against 6: again");
    play(&mut g, &["pick a6"]);
    assert_eq!(pending(&g), "action", "6 against 6: enough");
    assert_eq!(
        g.board.count(
            g.colour_of(Seat(0)),
            table::tashkalar::engine::board::RankSet::ALL
        ),
        6
    );
}

// ----- Possessed Summoner -----

#[test]
fn possessed_summoner_lends_an_enemy_colour_to_the_next_summoning() {
    let mut g = nv(
        r#"pieces: ["1c f5", "1c d4", "1c e4", "1c e3", "1h b3", "1c g2", "2c b7"], gateway: ["b3"],
           hands: [(beings: ["Possessed Summoner", "Demon of Sloth"], flares: ["Ember"])]"#,
    );
    summon(&mut g, "Possessed Summoner", "e5", &[]);
    assert!(
        legal(&g, "pick a7") && legal(&g, "pick c8"),
        "next to the enemy piece"
    );
    assert!(!legal(&g, "pick f6"), "not next to a piece of that colour");
    play(&mut g, &["pick c8", "card Ember"]);
    assert_eq!(g.turn.actions_left, 2, "the flare bought an action");
    let sloth: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with("summon Demon of Sloth"))
        .collect();
    assert!(
        sloth
            .iter()
            .any(|t| t.starts_with("summon Demon of Sloth d7 ")),
        "the pattern uses the enemy's pieces: {sloth:?}"
    );
    assert!(
        !sloth
            .iter()
            .any(|t| t.starts_with("summon Demon of Sloth h3 ")),
        "and not your own"
    );
    let pick = sloth
        .iter()
        .find(|t| t.starts_with("summon Demon of Sloth d7 "))
        .unwrap()
        .clone();
    play(&mut g, &[&pick]);
    assert!(pieces(&g).contains("1h d7"), "the summoned piece is yours");
    assert!(g.turn.possessed.is_none(), "for one summoning only");
}

#[test]
fn every_nethervoid_being_summons_from_its_printed_pattern() {
    every_being_summons_from_its_printed_pattern("Nethervoid");
}

#[test]
fn the_evaluation_values_a_gateway() {
    use table::tashkalar::engine::eval::material;
    let with = nv(r#"pieces: ["1h c3", "1c d4"], gateway: ["c3"]"#);
    let without = nv(r#"pieces: ["1h c3", "1c d4"]"#);
    let common = nv(r#"pieces: ["1h c3", "1c d4"], gateway: ["d4"]"#);
    let (w, c, n) = (
        material(&with, Seat(0)),
        material(&common, Seat(0)),
        material(&without, Seat(0)),
    );
    assert!(w > c && c > n, "heroic {w} > common {c} > none {n}");
    assert!(w - n < 1.0, "worth less than a point");
}
