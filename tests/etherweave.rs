//! Rules scenarios for the Etherweave deck: each being's effect and warp effect, and the rules of
//! warp effects and pending beings (when a warp may be played, what pending means, what copies,
//! returns or discards a pending being, the penalty at the end). Seat 1 plays Etherweave, seat 2
//! Imperial unless said otherwise. Boards are written as piece lists in square order.

mod common;
use common::*;
use table::tashkalar::engine::{CardId, GameState, Seat, Square};

/// A position where seat 1 plays Etherweave; `body` is the rest of the scenario.
fn ew(body: &str) -> GameState {
    scenario(&format!(r#"(decks: ["Etherweave", "Imperial"], {body})"#))
}

fn card(g: &GameState, name: &str) -> CardId {
    g.db.by_name(name).expect("card")
}

fn sq(name: &str) -> Square {
    name.parse().expect("square")
}

/// Seat 1's pending being, by name ("-" for none).
fn pending_being(g: &GameState) -> String {
    g.seat(Seat(0))
        .pending
        .map_or_else(|| "-".to_string(), |c| g.db.card(c).name.clone())
}

// ----- Warp effects and pending beings -----

#[test]
fn a_warp_effect_is_free_and_leaves_its_card_pending_in_the_hand() {
    let mut g =
        ew(r#"pieces: ["1c c3"], hands: [(beings: ["Greater Shadow Twin", "Translocationist"])]"#);
    assert!(legal(&g, "warp Greater Shadow Twin") && legal(&g, "warp Translocationist"));
    play(&mut g, &["warp Greater Shadow Twin"]);
    assert_eq!(
        pieces(&g),
        "1h c3",
        "its warp effect made the common piece heroic"
    );
    assert_eq!(g.turn.actions_left, 2, "no action spent");
    assert_eq!(pending_being(&g), "Greater Shadow Twin");
    let twin = card(&g, "Greater Shadow Twin");
    assert!(g.seat(Seat(0)).hand.contains(twin));
    assert!(
        !legal(&g, "warp Translocationist"),
        "no second warp effect while a being is pending"
    );
    assert!(
        !legal(&g, "discard Greater Shadow Twin"),
        "the pending being is not discarded"
    );
    assert!(legal(&g, "discard Translocationist"));
}

#[test]
fn no_warp_effect_on_a_seats_first_turn() {
    let g = ew(r#"turn: 1, actions_left: 1, hands: [(beings: ["Translocationist"])]"#);
    assert!(!legal(&g, "warp Translocationist"));
    // A new game: nobody warps in the first round, seat 1 does on its second turn.
    let db = db();
    let config = table::tashkalar::engine::GameConfig {
        mode: table::tashkalar::engine::Mode::HighForm,
        players: 2,
        teams: false,
        decks: vec!["Etherweave".into(), "Etherweave".into()],
    };
    let mut g = GameState::new_game(db, config, 3).expect("game");
    let warps = |g: &GameState| {
        g.choices()
            .iter()
            .filter(|c| matches!(c, table::tashkalar::engine::Choice::Warp(_)))
            .count()
    };
    for seat in [0u8, 1] {
        assert_eq!(g.to_move(), Seat(seat));
        assert_eq!(warps(&g), 0, "seat {seat}'s first turn");
        while g.to_move() == Seat(seat) {
            let first = g
                .choices()
                .into_iter()
                .find(|c| matches!(c, table::tashkalar::engine::Choice::Place(_)))
                .unwrap_or(table::tashkalar::engine::Choice::EndTurn);
            g.apply(first).expect("legal");
            if !matches!(pending(&g).as_str(), "action" | "after-actions") {
                // Claiming no task, and similar end-of-turn questions.
                let skip = g.choices()[g.choices().len() - 1];
                g.apply(skip).expect("legal");
            }
        }
    }
    assert_eq!(g.to_move(), Seat(0));
    assert!(warps(&g) > 0, "the second turn allows warp effects");
}

#[test]
fn the_pending_being_may_be_summoned_the_same_turn() {
    let mut g = ew(
        r#"pieces: ["1c c3", "1c f5", "1c g5", "1c h5"], hands: [(beings: ["Greater Shadow Twin"])]"#,
    );
    play(&mut g, &["warp Greater Shadow Twin"]);
    assert_eq!(pending(&g), "effect:upgrade");
    play(&mut g, &["pick c3"]);
    summon(&mut g, "Greater Shadow Twin", "e5", &[]);
    assert_eq!(pending_being(&g), "-", "summoned at last");
    assert!(
        g.seat(Seat(0))
            .discard
            .contains(card(&g, "Greater Shadow Twin"))
    );
}

#[test]
fn the_pending_being_is_not_returned_after_a_discard() {
    let mut g = ew(r#"pending: ["Translocationist"],
           hands: [(beings: ["Translocationist", "Doppelganger", "Warpmaster"], flares: ["Ember"])]"#);
    play(&mut g, &["discard Warpmaster"]);
    assert_eq!(texts(&g), ["return Doppelganger", "return Ember", "skip"]);
}

#[test]
fn the_pending_being_counts_towards_the_three_beings_in_hand() {
    let mut g = ew(r#"pending: ["Translocationist"], actions_left: 1,
           hands: [(beings: ["Translocationist", "Doppelganger"])]"#);
    let deck = g.seat(Seat(0)).deck.len();
    play(&mut g, &["place e5"]);
    assert_eq!(g.to_move(), Seat(1), "the turn ended");
    assert_eq!(
        g.seat(Seat(0)).deck.len(),
        deck - 1,
        "one card drawn: 3 beings with it"
    );
    assert_eq!(g.hand_counts(Seat(0)).beings, 3);
}

#[test]
fn a_being_still_pending_costs_two_points() {
    let g = ew(r#"scores: [7, 5], pending: ["Translocationist"]"#);
    assert_eq!(g.score(Seat(0)), 5);
    assert_eq!(g.score(Seat(1)), 5);
    assert_eq!(g.causality_penalty(Seat(0)), 2);
    // Deathmatch: 19 points with a being pending is 17, short of the 18 that end the game.
    let mut g = ew(
        r#"scores: [19, 0], pending: ["Translocationist"], actions_left: 1,
           hands: [(beings: ["Dark Sphere"])]"#,
    );
    play(&mut g, &["place e5"]);
    assert_eq!(g.to_move(), Seat(1), "the turn is over");
    assert!(!g.ending.triggered);
    let mut g = ew(r#"scores: [19, 0], actions_left: 1, hands: [(beings: ["Dark Sphere"])]"#);
    play(&mut g, &["place e5"]);
    assert!(g.ending.triggered);
}

#[test]
fn a_being_still_pending_at_the_end_of_the_game_loses_its_seat_two_points() {
    let mut g = ew(
        r#"mode: HighForm, scores: [4, 3], pending: ["Translocationist"], turns_left: 1,
           to_move: 2, actions_left: 1"#,
    );
    play(&mut g, &["place e5"]);
    while !g.is_over() {
        let skip = *g.choices().last().expect("a choice");
        g.apply(skip).expect("legal");
    }
    let standings = g.standings();
    assert_eq!(standings.scores, vec![2, 3]);
    assert_eq!(standings.winners, vec![Seat(1)]);
}

#[test]
fn the_pending_being_is_public_and_stays_when_hidden_cards_are_dealt_again() {
    let g = ew(
        r#"pending: ["Merchant of Time"], hands: [(beings: ["Merchant of Time", "Doppelganger"])]"#,
    );
    let merchant = card(&g, "Merchant of Time");
    assert_eq!(g.view(Seat(1)).pending[0], Some(merchant));
    for seed in 0..20 {
        let other = g.determinize(Seat(1), seed);
        assert!(other.seat(Seat(0)).hand.contains(merchant));
        assert_eq!(other.seat(Seat(0)).pending, Some(merchant));
        assert_eq!(other.view(Seat(1)), g.view(Seat(1)));
    }
}

#[test]
fn a_warp_effect_after_the_last_action_may_reopen_the_turn() {
    let mut g = ew(r#"actions_left: 0, hands: [(beings: ["Translocationist"])]"#);
    assert_eq!(texts(&g), ["end", "warp Translocationist"]);
    play(&mut g, &["warp Translocationist"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn no_warp_effect_after_a_hand_over() {
    let mut g = scenario(
        r#"(mode: HighForm, teams: true, players: 4,
            decks: ["Etherweave", "Imperial", "Imperial", "Imperial"],
            hands: [(beings: ["Translocationist"])])"#,
    );
    assert!(legal(&g, "warp Translocationist"));
    play(&mut g, &["handover"]);
    assert!(
        !legal(&g, "warp Translocationist"),
        "the teammate plays no warp effect"
    );
}

#[test]
fn a_scenario_pending_being_must_have_a_warp_effect_from_the_seats_deck() {
    use table::tashkalar::engine::scenario::Scenario;
    for text in [
        r#"(decks: ["Etherweave", "Imperial"], pending: ["Dark Sphere"])"#,
        r#"(decks: ["Etherweave", "Imperial"], pending: [None, "Knight"])"#,
        r#"(decks: ["Etherweave", "Imperial"], pending: ["Nobody"])"#,
    ] {
        let sc = Scenario::parse(text).expect("parses");
        assert!(sc.into_state(db()).is_err(), "{text}");
    }
}

// ----- Doppelganger -----

#[test]
fn doppelganger_repeats_the_pending_beings_warp_effect() {
    let mut g = ew(
        r#"pieces: ["1c d5", "1c d4", "1c c3"], pending: ["Greater Shadow Twin"],
           hands: [(beings: ["Doppelganger", "Greater Shadow Twin"])]"#,
    );
    summon(&mut g, "Doppelganger", "e5", &[]);
    assert_eq!(
        pending(&g),
        "effect:upgrade",
        "the Twin's warp: upgrade a common piece"
    );
    play(&mut g, &["pick c3"]);
    assert_eq!(pieces(&g), "1h c3, 1c d4, 1c d5, 1c e5");
    assert_eq!(pending_being(&g), "Greater Shadow Twin", "still pending");
    assert!(g.seat(Seat(0)).discard.contains(card(&g, "Doppelganger")));
}

#[test]
fn doppelganger_without_a_pending_being_does_nothing() {
    let mut g = ew(r#"pieces: ["1c d5", "1c d4", "1c c3"], hands: [(beings: ["Doppelganger"])]"#);
    summon(&mut g, "Doppelganger", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c c3, 1c d4, 1c d5, 1c e5");
}

// ----- Paradox Worm -----

#[test]
fn paradox_worm_swaps_a_piece_with_an_enemy_piece_of_the_same_rank() {
    let mut g = ew(
        r#"pieces: ["1c d5", "1c b4", "1c c4", "1h g7", "2h b8", "2c c6"], hands: [(beings: ["Paradox Worm"])]"#,
    );
    summon(&mut g, "Paradox Worm", "e5", &[]);
    assert!(legal(&g, "move g7 b8"));
    assert!(!legal(&g, "move g7 c6"), "ranks must match");
    assert!(legal(&g, "move d5 c6"));
    play(&mut g, &["move g7 b8"]);
    assert_eq!(
        pieces(&g),
        "1c b4, 1c c4, 1c d5, 1c e5, 2c c6, 2h g7, 1h b8"
    );
    assert_eq!(
        g.turn.tally.destroyed[1],
        [0, 0, 0],
        "a swap destroys nothing"
    );
}

#[test]
fn paradox_worm_warp_upgrades_an_enemy_common_and_may_discard_the_pending_being() {
    let mut g = ew(r#"pieces: ["2c c6", "2c g3"], hands: [(beings: ["Paradox Worm"])]"#);
    play(&mut g, &["warp Paradox Worm", "pick g3"]);
    assert_eq!(texts(&g), ["card Paradox Worm", "skip"]);
    play(&mut g, &["card Paradox Worm"]);
    assert_eq!(pieces(&g), "2h g3, 2c c6");
    assert_eq!(pending_being(&g), "-");
    assert!(g.seat(Seat(0)).discard.contains(card(&g, "Paradox Worm")));
    assert!(!g.seat(Seat(0)).hand.contains(card(&g, "Paradox Worm")));
}

#[test]
fn a_swap_takes_the_gateway_along() {
    let mut g = scenario(
        r#"(decks: ["Etherweave", "Nethervoid"], pieces: ["1c d5", "1c b4", "1c c4", "1c h7", "2c c6"],
            gateway: [None, "c6"], hands: [(beings: ["Paradox Worm"])])"#,
    );
    summon(&mut g, "Paradox Worm", "e5", &[]);
    play(&mut g, &["move h7 c6"]);
    assert_eq!(g.seat(Seat(1)).gateway, Some(sq("h7")));
}

// ----- Lesser Shadow Twin -----

#[test]
fn lesser_shadow_twin_with_its_twin_discarded_clears_commons_around_a_piece() {
    let mut g = ew(
        r#"pieces: ["1c e4", "1c f4", "1c g4", "1h b5", "2c a5", "2c b6", "2c c6"],
           discards: [["Greater Shadow Twin"]], hands: [(beings: ["Lesser Shadow Twin"])]"#,
    );
    summon(&mut g, "Lesser Shadow Twin", "e5", &[]);
    play(&mut g, &["pick b5", "pick a5", "pick b6"]);
    assert_eq!(pieces(&g), "1c e4, 1c f4, 1c g4, 1h b5, 1c e5, 2c c6");
}

#[test]
fn lesser_shadow_twin_alone_does_nothing() {
    let mut g = ew(
        r#"pieces: ["1c e4", "1c f4", "1c g4", "1h b5", "2c a5"], hands: [(beings: ["Lesser Shadow Twin"])]"#,
    );
    summon(&mut g, "Lesser Shadow Twin", "e5", &[]);
    assert_eq!(pending(&g), "action");
}

#[test]
fn lesser_shadow_twin_warp_upgrades_one_of_your_commons() {
    let mut g = ew(r#"pieces: ["1c c3", "2c c4"], hands: [(beings: ["Lesser Shadow Twin"])]"#);
    play(&mut g, &["warp Lesser Shadow Twin"]);
    assert_eq!(pieces(&g), "1h c3, 2c c4");
}

// ----- Translocationist -----

#[test]
fn translocationist_swaps_two_heroic_pieces_with_commons() {
    let mut g = ew(
        r#"pieces: ["1c f6", "1c d5", "1c d4", "1c e4", "1h b3", "1h h3"], hands: [(beings: ["Translocationist"])]"#,
    );
    summon(&mut g, "Translocationist", "e5", &[]);
    assert!(!legal(&g, "move b3 h3"), "with a common piece only");
    play(&mut g, &["move b3 f6"]);
    assert!(!legal(&g, "move f6 d5"), "each heroic piece once");
    play(&mut g, &["move h3 d5"]);
    assert_eq!(
        pieces(&g),
        "1c b3, 1c h3, 1c d4, 1c e4, 1h d5, 1c e5, 1h f6"
    );
}

#[test]
fn translocationist_warp_gains_an_action() {
    let mut g = ew(r#"hands: [(beings: ["Translocationist"])]"#);
    play(&mut g, &["warp Translocationist"]);
    assert_eq!(g.turn.actions_left, 3);
}

// ----- Antimatter Spirit -----

#[test]
fn antimatter_spirit_warp_is_all_or_nothing() {
    let mut g = ew(r#"pieces: ["2h e2"], hands: [(beings: ["Antimatter Spirit"])]"#);
    play(&mut g, &["warp Antimatter Spirit"]);
    assert!(
        !legal(&g, "pick c1"),
        "no pair of opposite squares to move to"
    );
    assert!(!legal(&g, "pick e5"), "a red square");
    play(&mut g, &["pick e3"]);
    assert!(
        !legal(&g, "move e3 e4"),
        "the enemy piece could not then move onto the heroic piece on e2"
    );
    assert!(legal(&g, "move e3 f3"));
    play(&mut g, &["move e3 f3"]);
    // The enemy piece is put on e3 and moves west by itself (the only way left).
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "2h e2, 2c d3, 1c f3");
}

#[test]
fn antimatter_spirit_has_no_summoning_effect() {
    let mut g = ew(r#"pieces: ["1c f6", "1c d4"], hands: [(beings: ["Antimatter Spirit"])]"#);
    summon(&mut g, "Antimatter Spirit", "e5", &[]);
    assert_eq!(pending(&g), "action");
}

// ----- Merchant of Time -----

#[test]
fn merchant_of_time_keeps_a_piece_and_lets_it_leap_back() {
    let mut g = ew(
        r#"pieces: ["1c d4", "1c f4", "1c c3", "1c e3", "2h c4", "2h h4", "2c g3"],
           hands: [(beings: ["Merchant of Time"])]"#,
    );
    play(&mut g, &["warp Merchant of Time"]);
    assert!(!legal(&g, "pick h4"), "not from a red square");
    play(&mut g, &["pick c4"]);
    assert!(!pieces(&g).contains("c4"));
    assert!(g.seat(Seat(0)).held.is_some());
    assert!(
        g.pieces_consistent(),
        "the held piece is neither on the board nor in a supply"
    );
    summon(&mut g, "Merchant of Time", "e5", &[]);
    assert!(
        !legal(&g, "pick h4"),
        "onto a square that is neither red nor green"
    );
    play(&mut g, &["pick g3"]);
    assert_eq!(
        pieces(&g),
        "1c c3, 1c e3, 2h g3, 1c d4, 1c f4, 2h h4, 1h e5"
    );
    assert!(g.seat(Seat(0)).held.is_none());
    assert_eq!(
        g.turn.tally.destroyed[1][0], 1,
        "the leap destroyed a common piece"
    );
}

#[test]
fn merchant_of_time_cannot_be_copied_discarded_or_taken_back() {
    // Doppelganger copies nothing.
    let mut g = ew(
        r#"pieces: ["1c d5", "1c d4", "2c c3"], pending: ["Merchant of Time"],
           hands: [(beings: ["Doppelganger", "Merchant of Time"])]"#,
    );
    summon(&mut g, "Doppelganger", "e5", &[]);
    assert_eq!(pending(&g), "action");
    // Reality Patch cannot discard it.
    let mut g = ew(
        r#"pieces: ["1c e6", "1c d5", "1c f5", "1c e4"], pending: ["Merchant of Time"],
           hands: [(beings: ["Reality Patch", "Merchant of Time"], flares: ["Ember"])]"#,
    );
    summon(&mut g, "Reality Patch", "e5", &[]);
    assert_eq!(
        pending(&g),
        "effect:discard-card",
        "the pending step was passed over"
    );
    assert!(!legal(&g, "card Merchant of Time"));
    // Warpmaster cannot take it back: only the move is offered.
    let mut g = ew(
        r#"pieces: ["1c d7", "1c c5", "1c d4"], pending: ["Merchant of Time"],
           hands: [(beings: ["Warpmaster", "Merchant of Time"])]"#,
    );
    summon(&mut g, "Warpmaster", "e5", &[]);
    assert_eq!(texts(&g), ["branch 1", "skip"]);
}

#[test]
fn a_gateway_held_by_the_merchant_comes_back_as_the_gateway() {
    let mut g = scenario(
        r#"(decks: ["Etherweave", "Nethervoid"], pieces: ["1c d4", "1c f4", "1c c3", "1c e3", "2h c4"],
            gateway: [None, "c4"], hands: [(beings: ["Merchant of Time"])])"#,
    );
    play(&mut g, &["warp Merchant of Time", "pick c4"]);
    assert_eq!(g.seat(Seat(1)).gateway, None);
    assert!(g.seat(Seat(1)).gateway_held);
    summon(&mut g, "Merchant of Time", "e5", &[]);
    play(&mut g, &["pick b7"]);
    assert_eq!(g.seat(Seat(1)).gateway, Some(sq("b7")));
}

// ----- Gate of Oblivion -----

#[test]
fn gate_of_oblivion_destroys_the_purple_square_then_maybe_a_marked_one() {
    let mut g = ew(
        r#"pieces: ["1c d5", "1c f5", "1c d4", "1c f4", "2h e4", "2c g5", "2l d6"],
           hands: [(beings: ["Gate of Oblivion"])]"#,
    );
    summon(&mut g, "Gate of Oblivion", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["pick g5", "skip"],
        "a non-legendary piece on a square marked 1"
    );
    play(&mut g, &["pick g5"]);
    assert_eq!(pieces(&g), "1c d4, 1c f4, 1c d5, 1h e5, 1c f5, 2l d6");
}

#[test]
fn gate_of_oblivion_warp_makes_every_destroyed_piece_count_twice_this_turn() {
    let mut g = ew(
        r#"pieces: ["1c d5", "1c f5", "1c d4", "1c f4", "2h e4"], hands: [(beings: ["Gate of Oblivion"])]"#,
    );
    play(&mut g, &["warp Gate of Oblivion"]);
    summon(&mut g, "Gate of Oblivion", "e5", &[]);
    assert_eq!(
        g.turn.tally.destroyed[1][1], 2,
        "one heroic piece, counted twice"
    );
}

// ----- Time Traveler -----

#[test]
fn time_traveler_lands_anywhere_and_brings_back_the_top_discarded_card() {
    let mut g = ew(
        r#"pieces: ["1c c6", "1c d5", "1c e4", "2c g8"], discards: [["Doppelganger", "Paradox Worm"]],
           hands: [(beings: ["Time Traveler"])]"#,
    );
    let summons: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with("summon Time Traveler"))
        .collect();
    assert!(
        summons
            .iter()
            .any(|t| t.starts_with("summon Time Traveler f8 "))
    );
    assert!(
        !summons
            .iter()
            .any(|t| t.starts_with("summon Time Traveler c7 ")),
        "not on green"
    );
    assert!(
        !summons
            .iter()
            .any(|t| t.starts_with("summon Time Traveler d8 ")),
        "not on red"
    );
    summon(&mut g, "Time Traveler", "f8", &[]);
    play(&mut g, &["pick g8"]);
    let worm = card(&g, "Paradox Worm");
    assert_eq!(
        g.seat(Seat(0)).deck.as_slice().last(),
        Some(&worm),
        "on top of the deck"
    );
    assert_eq!(
        g.seat(Seat(0)).discard.as_slice(),
        [card(&g, "Doppelganger"), card(&g, "Time Traveler")]
    );
}

#[test]
fn time_traveler_needs_its_diagonal_somewhere() {
    let g = ew(r#"pieces: ["1c c6", "1c d5", "1c e5"], hands: [(beings: ["Time Traveler"])]"#);
    assert!(
        !texts(&g)
            .iter()
            .any(|t| t.starts_with("summon Time Traveler"))
    );
}

// ----- Greater Shadow Twin -----

#[test]
fn greater_shadow_twin_with_its_twin_discarded_destroys_a_surrounded_heroic_piece() {
    let mut g = ew(
        r#"pieces: ["1c f5", "1c g5", "1c h5", "2h c4", "1c b4", "1c c3", "2h h7", "1c h8"],
           discards: [["Lesser Shadow Twin"]], hands: [(beings: ["Greater Shadow Twin"])]"#,
    );
    summon(&mut g, "Greater Shadow Twin", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["pick c4", "skip"],
        "two of your pieces next to it"
    );
    play(&mut g, &["pick c4"]);
    assert!(!pieces(&g).contains("c4"));
}

// ----- Warpmaster -----

#[test]
fn warpmaster_takes_back_the_pending_being() {
    let mut g = ew(
        r#"pieces: ["1c d7", "1c c5", "1c d4"], pending: ["Translocationist"],
           hands: [(beings: ["Warpmaster", "Translocationist"])]"#,
    );
    summon(&mut g, "Warpmaster", "e5", &[]);
    play(&mut g, &["branch 0", "card Translocationist"]);
    assert_eq!(pending_being(&g), "-");
    assert!(g.seat(Seat(0)).hand.contains(card(&g, "Translocationist")));
    assert!(
        legal(&g, "warp Translocationist"),
        "a warp effect may be played again"
    );
}

#[test]
fn warpmaster_may_make_a_standard_move_instead() {
    let mut g = ew(r#"pieces: ["1c d7", "1c c5", "1c d4"], hands: [(beings: ["Warpmaster"])]"#);
    summon(&mut g, "Warpmaster", "e5", &[]);
    assert_eq!(texts(&g), ["branch 1", "skip"], "nothing is pending");
    play(&mut g, &["branch 1", "move e5 f6"]);
    assert!(pieces(&g).contains("1h f6"));
}

// ----- Dark Sphere -----

#[test]
fn dark_sphere_moves_three_pieces_to_two_squares_away_at_most_two_of_a_colour() {
    let mut g = ew(
        r#"pieces: ["1c e5", "1c d5", "1c d4", "1c e4", "2c h5", "2c h6", "2c h4", "1c b5", "2l h3"],
           hands: [(beings: ["Dark Sphere"])]"#,
    );
    summon(&mut g, "Dark Sphere", "e5", &[]);
    assert!(!legal(&g, "move h5 h4"), "must end two squares away");
    assert!(!legal(&g, "move h3 g3"), "not a legendary piece");
    play(&mut g, &["move h5 g5", "move h6 g6"]);
    assert!(!legal(&g, "move h4 g4"), "two enemy pieces have moved");
    play(&mut g, &["move b5 c5"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(
        pieces(&g),
        "2l h3, 1c d4, 1c e4, 2c h4, 1c c5, 1c d5, 1h e5, 2c g5, 2c g6"
    );
}

// ----- Void Summoner -----

#[test]
fn void_summoner_lets_the_next_summoning_count_two_empty_squares() {
    let mut g = ew(r#"pieces: ["1c f5", "1c e4", "1c d3", "1c f3", "1c h8"],
           hands: [(beings: ["Void Summoner", "Greater Shadow Twin"])]"#);
    let twin_at = |g: &GameState| {
        texts(g)
            .iter()
            .any(|t| t.starts_with("summon Greater Shadow Twin e8 "))
    };
    assert!(!twin_at(&g));
    summon(&mut g, "Void Summoner", "e5", &[]);
    assert!(twin_at(&g), "f8 and g8 count as pieces of yours");
    summon(&mut g, "Greater Shadow Twin", "e8", &["h8"]);
    assert!(pieces(&g).contains("1h e8"));
    assert_eq!(g.turn.void_squares, 0, "for one summoning only");
}

#[test]
fn void_summoner_warp_makes_a_standard_move() {
    let mut g = ew(r#"pieces: ["1c c3", "2c c4"], hands: [(beings: ["Void Summoner"])]"#);
    play(&mut g, &["warp Void Summoner"]);
    assert!(!legal(&g, "move c3 c4"), "a standard move");
    play(&mut g, &["move c3 b3"]);
    assert_eq!(pieces(&g), "1c b3, 2c c4");
}

// ----- Eternal Emperor -----

#[test]
fn eternal_emperor_may_use_its_warp_effect_when_summoned() {
    let mut g = ew(
        r#"pieces: ["1c d6", "1c d5", "1c d4", "1c e4"], hands: [(beings: ["Eternal Emperor"])]"#,
    );
    summon(&mut g, "Eternal Emperor", "e5", &[]);
    assert_eq!(pending(&g), "effect:confirm");
    play(&mut g, &["yes", "branch 0", "pick b2"]);
    assert!(pieces(&g).contains("1c b2"));
    assert_eq!(pending(&g), "action");
}

#[test]
fn eternal_emperor_after_its_warp_this_turn_does_nothing_more() {
    let mut g = ew(
        r#"pieces: ["1c d6", "1c d5", "1c d4", "1c e4"], hands: [(beings: ["Eternal Emperor"])]"#,
    );
    play(&mut g, &["warp Eternal Emperor", "branch 0", "pick b2"]);
    summon(&mut g, "Eternal Emperor", "e5", &[]);
    assert_eq!(pending(&g), "action");
}

#[test]
fn eternal_emperor_warp_moves_commons_in_combat_and_upgraded_pieces_standard() {
    let mut g = ew(
        r#"pieces: ["1c c3", "2c c4", "1h f3", "2h f4"], hands: [(beings: ["Eternal Emperor"])]"#,
    );
    play(&mut g, &["warp Eternal Emperor", "branch 1"]);
    assert!(
        legal(&g, "move c3 c4"),
        "a common piece makes a combat move"
    );
    assert!(
        !legal(&g, "move f3 f4"),
        "an upgraded piece a standard move"
    );
    play(&mut g, &["move c3 c4"]);
    assert_eq!(pieces(&g), "1h f3, 1c c4, 2h f4");
}

// ----- Reality Patch -----

#[test]
fn reality_patch_destroys_heroes_and_discards_cards() {
    let mut g = ew(
        r#"pieces: ["1c e6", "1c d5", "1c f5", "1c e4", "2h b3", "2h h7"], pending: ["Translocationist"],
           hands: [(beings: ["Reality Patch", "Translocationist"], flares: ["Ember"])]"#,
    );
    summon(&mut g, "Reality Patch", "e5", &[]);
    play(&mut g, &["pick b3"]);
    assert_eq!(texts(&g), ["card Translocationist", "skip"]);
    play(&mut g, &["card Translocationist", "card Ember"]);
    assert!(
        !pieces(&g).contains("b3") && pieces(&g).contains("2h h7"),
        "one per colour"
    );
    assert_eq!(pending_being(&g), "-");
    assert!(g.seat(Seat(0)).hand.is_empty());
    assert!(g.flare_discard.contains(card(&g, "Ember")));
}

// ----- Polarity Queen -----

#[test]
fn polarity_queen_moves_two_pieces_apart_or_none() {
    let mut g = ew(
        r#"pieces: ["1c d4", "1c f4", "1c e3", "1c e2", "2h c4", "2h e4", "2h d3", "2h d2"],
           hands: [(beings: ["Polarity Queen"])]"#,
    );
    summon(&mut g, "Polarity Queen", "e5", &[]);
    assert!(
        !legal(&g, "move f4 g4"),
        "nothing could then move west: every square west of your pieces holds a heroic piece"
    );
    play(&mut g, &["move f4 f5"]);
    assert_eq!(
        texts(&g),
        ["move e2 e1", "move e3 e2"],
        "the other piece moves south"
    );
    play(&mut g, &["move e2 e1"]);
    assert_eq!(
        pieces(&g),
        "1c e1, 2h d2, 2h d3, 1c e3, 2h c4, 1c d4, 2h e4, 1h e5, 1c f5"
    );
}

#[test]
fn polarity_queen_warp_places_next_to_an_enemy_piece() {
    let mut g = ew(r#"pieces: ["2c c4"], hands: [(beings: ["Polarity Queen"])]"#);
    play(&mut g, &["warp Polarity Queen"]);
    assert!(legal(&g, "pick b5") && !legal(&g, "pick e5"));
    play(&mut g, &["pick b5"]);
    assert_eq!(pieces(&g), "2c c4, 1c b5");
}

// ----- Singularity -----

#[test]
fn singularity_pulls_every_adjacent_common_onto_one_square() {
    let mut g = ew(
        r#"pieces: ["1c d6", "1c f6", "1c d4", "1c f4", "2c h5", "2c g3", "2h h3"],
           hands: [(beings: ["Singularity"])]"#,
    );
    summon(&mut g, "Singularity", "e5", &[]);
    assert!(!legal(&g, "pick h4"), "a red square");
    play(&mut g, &["pick g4"]);
    assert_eq!(texts(&g), ["move g3 g4", "move f4 g4", "move h5 g4"]);
    // The last one left moves by itself.
    play(&mut g, &["move h5 g4", "move f4 g4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "2h h3, 1c d4, 2c g4, 1h e5, 1c d6, 1c f6");
}

// ----- Ziggurat Sentinel -----

#[test]
fn ziggurat_sentinel_charges_along_its_arrow() {
    let mut g = ew(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c c2", "1c d2", "2c d4"], hands: [(beings: ["Ziggurat Sentinel"])]"#,
    );
    summon(&mut g, "Ziggurat Sentinel", "e5", &[]);
    play(&mut g, &["branch 1"]);
    assert_eq!(texts(&g), ["move e5 d4", "skip"], "south-west only");
    play(&mut g, &["move e5 d4", "move d4 c3", "skip"]);
    assert!(pieces(&g).contains("1h c3"));
}

#[test]
fn ziggurat_sentinel_copies_a_warp_effect_from_the_discard_pile() {
    let mut g = ew(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c c2", "1c d2"], discards: [["Translocationist", "Antimatter Spirit"]],
           hands: [(beings: ["Ziggurat Sentinel"])]"#,
    );
    summon(&mut g, "Ziggurat Sentinel", "e5", &[]);
    play(&mut g, &["branch 0"]);
    assert_eq!(
        texts(&g),
        ["card Translocationist", "card Antimatter Spirit", "skip"]
    );
    play(&mut g, &["card Translocationist"]);
    assert_eq!(g.turn.actions_left, 2, "one spent, one gained");
    assert_eq!(
        pending_being(&g),
        "-",
        "a copy does not make a pending being"
    );
    assert!(
        g.seat(Seat(0))
            .discard
            .contains(card(&g, "Translocationist"))
    );
    assert!(
        g.seat(Seat(0))
            .discard
            .contains(card(&g, "Ziggurat Sentinel"))
    );
}

#[test]
fn ziggurat_sentinel_warp_moves_one_piece_once_in_combat_or_twice() {
    let mut g = ew(r#"pieces: ["1c c3", "2c c4"], hands: [(beings: ["Ziggurat Sentinel"])]"#);
    play(&mut g, &["warp Ziggurat Sentinel", "branch 1"]);
    assert!(!legal(&g, "move c3 c4"));
    play(&mut g, &["move c3 b3", "move b3 a3"]);
    assert_eq!(pieces(&g), "1c a3, 2c c4");
}

// ----- Iris of Eternity -----

#[test]
fn iris_of_eternity_turning_legendary_counts_as_a_legend_and_costs_the_legends_in_hand() {
    let mut g = ew(r#"pieces: ["1c d4", "1c f4", "1c d3", "1c f3", "1c e2"],
           hands: [(beings: ["Iris of Eternity"], legends: ["Titan", "Fire Dragon"])]"#);
    summon(&mut g, "Iris of Eternity", "e5", &[]);
    play(&mut g, &["branch 1"]);
    assert!(pieces(&g).contains("1l e5"));
    assert_eq!(g.turn.tally.legends_summoned, 1);
    assert_eq!(g.hand_counts(Seat(0)).legends, 0);
    assert!(g.legend_discard.contains(card(&g, "Titan")));
}

#[test]
fn iris_of_eternity_may_destroy_an_adjacent_legend_instead() {
    let mut g = ew(
        r#"pieces: ["1c d4", "1c f4", "1c d3", "1c f3", "1c e2", "2l e6"],
           hands: [(beings: ["Iris of Eternity"], legends: ["Titan"])]"#,
    );
    summon(&mut g, "Iris of Eternity", "e5", &[]);
    play(&mut g, &["branch 0"]);
    assert!(!pieces(&g).contains("e6"));
    assert_eq!(g.turn.tally.legends_summoned, 0);
    assert_eq!(g.hand_counts(Seat(0)).legends, 1);
}

#[test]
fn every_etherweave_being_summons_from_its_printed_pattern() {
    every_being_summons_from_its_printed_pattern("Etherweave");
}

#[test]
fn the_evaluation_counts_part_of_the_pending_penalty_until_the_end_nears() {
    use table::tashkalar::engine::eval::material;
    let plain = ew(r#"hands: [(beings: ["Translocationist"])]"#);
    let pending = ew(r#"pending: ["Translocationist"], hands: [(beings: ["Translocationist"])]"#);
    let late = ew(
        r#"pending: ["Translocationist"], turns_left: 2, hands: [(beings: ["Translocationist"])]"#,
    );
    let (p, q, l) = (
        material(&plain, Seat(0)),
        material(&pending, Seat(0)),
        material(&late, Seat(0)),
    );
    assert!(
        q < p && p - q < 1.0,
        "a pending being costs a little: {p} vs {q}"
    );
    assert!(
        (p - l - 2.0).abs() < 1e-9,
        "once the end is triggered, all of it: {p} vs {l}"
    );
}
