//! The turn: setup, one action on the first turn then two, discards and returns, drawing up at the
//! end of the turn, and the decks that are (and are not) reshuffled.

mod common;
use common::*;
use std::sync::Arc;
use table::tashkalar::engine::state::HandKind;
use table::tashkalar::engine::{GameConfig, GameState, Mode, Seat};

fn duel(seed: u64) -> GameState {
    let config = GameConfig {
        mode: Mode::Deathmatch,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(); 2],
    };
    GameState::new_game(Arc::clone(&db()), config, seed).expect("new game")
}

fn hand(g: &GameState, seat: u8) -> (usize, usize, usize) {
    let s = Seat(seat);
    (
        g.hand_of_kind(s, HandKind::Being).count(),
        g.hand_of_kind(s, HandKind::Legend).count(),
        g.hand_of_kind(s, HandKind::Flare).count(),
    )
}

#[test]
fn a_duel_starts_with_the_second_player_placing_both_start_pieces() {
    let mut g = duel(7);
    assert_eq!(hand(&g, 0), (3, 2, 1));
    assert_eq!(hand(&g, 1), (3, 2, 1));
    let d = g.decision();
    assert_eq!((d.seat, pending(&g)), (Seat(1), "start-square".to_string()));
    assert_eq!(texts(&g), ["start c5", "start g5"]);
    play(&mut g, &["start g5"]);
    assert_eq!(pieces(&g), "1c c5, 2c g5");
    assert_eq!(
        g.supply[0].discs, 15,
        "16 discs in a duel (one sits on the score board), one on the board"
    );
    assert_eq!(
        (g.turn.seat, g.turn.actions_left),
        (Seat(0), 1),
        "the first player starts with one action"
    );
}

#[test]
fn after_the_first_turn_every_turn_has_two_actions() {
    let mut g = duel(7);
    play(&mut g, &["start g5", "place e5"]);
    assert_eq!(
        (g.turn.seat, g.turn.actions_left, g.turn.number),
        (Seat(1), 2, 2)
    );
    play(&mut g, &["place e4", "place e3"]);
    assert_eq!(
        (g.turn.seat, g.turn.actions_left, g.turn.number),
        (Seat(0), 2, 3)
    );
}

#[test]
fn every_action_must_be_used() {
    let g = scenario(r#"(actions_left: 1, hands: [(beings: ["Knight"])])"#);
    assert!(!legal(&g, "end"));
}

#[test]
fn hands_are_drawn_up_to_three_beings_two_legends_one_flare() {
    let mut g = scenario(r#"(actions_left: 1, hands: [(beings: ["Knight"])])"#);
    assert_eq!(hand(&g, 0), (1, 0, 0));
    play(&mut g, &["place e5"]);
    assert_eq!(hand(&g, 0), (3, 2, 1));
}

#[test]
fn one_discard_per_turn_and_other_cards_may_go_under_their_decks() {
    let mut g = scenario(
        r#"(hands: [(beings: ["Knight", "Bomb"], legends: ["Titan"], flares: ["Ember"])])"#,
    );
    play(&mut g, &["discard Knight"]);
    assert_eq!(pending(&g), "return-cards");
    assert_eq!(
        texts(&g),
        ["return Bomb", "return Titan", "return Ember", "skip"]
    );
    play(&mut g, &["return Titan", "return Bomb", "skip"]);
    let titan = g.db.by_name("Titan").unwrap();
    let bomb = g.db.by_name("Bomb").unwrap();
    assert_eq!(
        g.legend_deck.as_slice().first(),
        Some(&titan),
        "under the legend deck"
    );
    assert_eq!(
        g.seat(Seat(0)).deck.as_slice().first(),
        Some(&bomb),
        "under the player's own deck"
    );
    assert_eq!(
        g.seat(Seat(0)).discard.as_slice(),
        &[g.db.by_name("Knight").unwrap()]
    );
    assert!(
        !texts(&g).iter().any(|t| t.starts_with("discard")),
        "only one discard per turn"
    );
    assert_eq!(g.turn.actions_left, 1, "discarding is an action");
}

#[test]
fn your_own_deck_is_never_reshuffled_and_its_last_card_triggers_the_end() {
    let all: Vec<String> = {
        let db = db();
        let deck = db.deck(db.deck_by_name("Imperial").unwrap());
        deck.cards
            .iter()
            .map(|&c| db.card(c).name.clone())
            .collect()
    };
    // One card in hand, one in the deck, the other sixteen discarded.
    let discards = all[2..]
        .iter()
        .map(|n| format!("{n:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let text = format!(
        r#"(actions_left: 1, hands: [(beings: [{:?}])], discards: [[{discards}]])"#,
        all[0]
    );
    let mut g = scenario(&text);
    assert_eq!(g.seat(Seat(0)).deck.len(), 1);
    play(&mut g, &["place e5"]);
    assert!(g.ending.triggered, "drawing the last card triggers the end");
    assert_eq!(
        hand(&g, 0).0,
        2,
        "fewer than three beings: the discards are not reshuffled"
    );
    assert_eq!(g.seat(Seat(0)).discard.len(), 16);
}

#[test]
fn the_legend_and_flare_decks_are_reshuffled_from_their_discards() {
    let mut g = scenario(r#"(actions_left: 1, hands: [(beings: ["Knight"])])"#);
    g.legend_discard = g.legend_deck;
    g.legend_deck.clear();
    g.flare_discard = g.flare_deck;
    g.flare_deck.clear();
    play(&mut g, &["place e5"]);
    assert_eq!(hand(&g, 0), (3, 2, 1));
    assert!(g.legend_discard.is_empty() && g.flare_discard.is_empty());
}

#[test]
fn an_illegal_choice_is_refused_with_a_reason_and_changes_nothing() {
    let mut g = scenario(r#"(pieces: ["2c e5"], hands: [(beings: ["Knight"])])"#);
    let before = g.hash64();
    let e5 = "e5".parse().unwrap();
    let err = g
        .apply(table::tashkalar::engine::Choice::Place(e5))
        .unwrap_err();
    assert!(err.to_string().contains("e5 is occupied"), "{err}");
    let err = g.apply(table::tashkalar::engine::Choice::Skip).unwrap_err();
    assert!(err.to_string().contains("not one of the choices"), "{err}");
    let titan = g.db.by_name("Titan").unwrap();
    let err = g
        .apply(table::tashkalar::engine::Choice::Discard(titan))
        .unwrap_err();
    assert!(err.to_string().contains("not in seat 1's hand"), "{err}");
    assert_eq!(g.hash64(), before);
}
