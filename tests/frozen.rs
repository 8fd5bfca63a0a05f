//! Frozen effects (Everfrost): one scenario per rule. Seat 1 plays Everfrost, seat 2 Imperial.
//!
//! A frozen effect is not resolved on summoning; the card stays in front of its owner, in everyone's
//! view; its owner may thaw it before or after an action of their own turn (never during one, never
//! on another seat's turn); at most one is kept; thawing resolves it and discards the card.

mod common;
use common::*;
use table::tashkalar::engine::{CardId, GameState, Seat};

fn ef(body: &str) -> GameState {
    scenario(&format!(r#"(decks: ["Everfrost", "Imperial"], {body})"#))
}

fn id(g: &GameState, name: &str) -> CardId {
    g.db.by_name(name).expect("card")
}

#[test]
fn a_frozen_effect_is_not_resolved_on_summoning() {
    // Crystal Grower: the summoning upgrades an enemy common; the frozen part (upgrade one of
    // yours) waits.
    let mut g = ef(r#"pieces: ["1c d4", "1c e4", "2c a5"], hands: [(beings: ["Crystal Grower"])]"#);
    summon(&mut g, "Crystal Grower", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c d4, 1c e4, 2h a5, 1c e5");
    assert_eq!(
        g.seat(Seat(0)).frozen.as_slice(),
        [id(&g, "Crystal Grower")]
    );
    assert!(g.seat(Seat(0)).discard.is_empty());
}

#[test]
fn the_frozen_card_stays_in_front_of_its_owner_in_everyones_view() {
    let mut g = ef(r#"pieces: ["1c d4", "1c e4"], hands: [(beings: ["Crystal Grower"])]"#);
    summon(&mut g, "Crystal Grower", "e5", &[]);
    let grower = id(&g, "Crystal Grower");
    for seat in [Seat(0), Seat(1)] {
        let view = g.view(seat);
        assert_eq!(
            view.frozen,
            vec![vec![grower], vec![]],
            "seat {seat} sees it"
        );
        // It is no longer a card in hand.
        assert_eq!(view.hand_counts[0].beings, 0);
    }
    // Guesses about hidden cards never move it.
    assert_eq!(
        g.determinize(Seat(1), 9).seat(Seat(0)).frozen.as_slice(),
        [grower]
    );
}

#[test]
fn a_frozen_effect_may_be_thawed_in_the_same_turn() {
    let mut g = ef(r#"pieces: ["1c d4", "1c e4"], hands: [(beings: ["Crystal Grower"])]"#);
    summon(&mut g, "Crystal Grower", "e5", &[]);
    assert!(legal(&g, "thaw Crystal Grower"));
    play(&mut g, &["thaw Crystal Grower", "pick d4"]);
    assert_eq!(pieces(&g), "1h d4, 1c e4, 1c e5");
}

#[test]
fn thawing_before_an_action_costs_no_action() {
    let mut g = ef(r#"frozen: [["Ice Princess"]], pieces: ["1c e4"]"#);
    assert_eq!(pending(&g), "action");
    assert!(legal(&g, "thaw Ice Princess"));
    play(&mut g, &["thaw Ice Princess", "move e4 e5"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(pieces(&g), "1c e5");
}

#[test]
fn thawing_between_and_after_actions() {
    let mut g = ef(r#"frozen: [["Ice Princess"]], pieces: ["1c e4"]"#);
    play(&mut g, &["place a5"]);
    assert!(legal(&g, "thaw Ice Princess"), "between two actions");
    play(&mut g, &["place a6"]);
    assert_eq!(pending(&g), "after-actions");
    assert_eq!(texts(&g), ["end", "thaw Ice Princess"]);
    play(&mut g, &["thaw Ice Princess", "move e4 e5"]);
    assert_eq!(pieces(&g), "1c a5, 1c e5, 1c a6");
    assert_eq!(g.to_move(), Seat(1), "nothing is left to do: the turn ends");
}

#[test]
fn thawing_with_no_action_left_may_gain_one() {
    // Winter Whisperer, thawed after the last action, gives an action back: play goes on.
    let mut g = ef(
        r#"actions_left: 0, frozen: [["Winter Whisperer"]], pieces: ["1c d4"], hands: [(beings: [], flares: ["Ember"])]"#,
    );
    assert_eq!(pending(&g), "after-actions");
    play(&mut g, &["thaw Winter Whisperer", "pick d4", "card Ember"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn no_thawing_during_an_effect() {
    let mut g = ef(
        r#"frozen: [["Ice Princess"]], pieces: ["1c f5", "1c g4", "1c a4"], hands: [(beings: ["Snow Fox"])]"#,
    );
    summon(&mut g, "Snow Fox", "e5", &[]);
    assert_eq!(pending(&g), "effect:move");
    assert!(!legal(&g, "thaw Ice Princess"));
    let thaw = table::tashkalar::engine::Choice::Thaw(id(&g, "Ice Princess"));
    assert!(
        g.apply(thaw).is_err(),
        "refused in the middle of the Snow Fox's moves"
    );
    play(&mut g, &["move e5 e6"]);
    assert!(
        !legal(&g, "thaw Ice Princess"),
        "still between the two moves"
    );
    play(&mut g, &["skip"]);
    assert!(legal(&g, "thaw Ice Princess"), "the action is over");
}

#[test]
fn no_thawing_while_discarding() {
    let mut g = ef(
        r#"frozen: [["Ice Princess"]], pieces: ["1c e4"], hands: [(beings: ["Snow Fox", "Polar Bear"], legends: ["Titan"])]"#,
    );
    play(&mut g, &["discard Snow Fox"]);
    assert_eq!(pending(&g), "return-cards");
    assert!(!legal(&g, "thaw Ice Princess"));
}

#[test]
fn no_thawing_on_another_seats_turn() {
    let mut g = ef(
        r#"to_move: 2, frozen: [["Ice Princess"]], pieces: ["1c e4", "2c a5"], hands: [None, (beings: [])]"#,
    );
    assert_eq!(pending(&g), "action");
    assert!(!texts(&g).iter().any(|t| t.starts_with("thaw")));
    let thaw = table::tashkalar::engine::Choice::Thaw(id(&g, "Ice Princess"));
    assert!(g.apply(thaw).is_err());
    // Seat 1 gets it back on its own turn.
    play(&mut g, &["place a6", "place a7"]);
    assert_eq!(g.to_move(), Seat(0));
    assert!(legal(&g, "thaw Ice Princess"));
}

#[test]
fn no_thawing_by_the_teammate_after_a_hand_over() {
    let mut g = scenario(
        r#"(mode: HighForm, players: 4, teams: true, decks: ["Everfrost", "Imperial", "Everfrost", "Imperial"],
            frozen: [["Ice Princess"], [], ["Ice Queen"]], pieces: ["1c e4", "1h c4"])"#,
    );
    assert!(legal(&g, "thaw Ice Princess"));
    assert!(
        !legal(&g, "thaw Ice Queen"),
        "the teammate's frozen effect is the teammate's"
    );
    play(&mut g, &["handover"]);
    assert!(!texts(&g).iter().any(|t| t.starts_with("thaw")));
}

#[test]
fn freezing_a_second_effect_keeps_the_new_one_if_chosen() {
    let mut g = ef(
        r#"frozen: [["Ice Princess"]], pieces: ["1c d4", "1c e4"], hands: [(beings: ["Crystal Grower"])]"#,
    );
    summon(&mut g, "Crystal Grower", "e5", &[]);
    assert_eq!(pending(&g), "keep-frozen");
    assert_eq!(texts(&g), ["keep Ice Princess", "keep Crystal Grower"]);
    play(&mut g, &["keep Crystal Grower"]);
    let me = g.seat(Seat(0));
    assert_eq!(me.frozen.as_slice(), [id(&g, "Crystal Grower")]);
    assert_eq!(me.discard.as_slice(), [id(&g, "Ice Princess")]);
    assert_eq!(pending(&g), "action");
    assert_eq!(
        pieces(&g),
        "1c d4, 1c e4, 1c e5",
        "the dropped effect is not resolved"
    );
}

#[test]
fn freezing_a_second_effect_keeps_the_old_one_if_chosen() {
    let mut g = ef(
        r#"actions_left: 1, frozen: [["Ice Princess"]], pieces: ["1c d4", "1c e4"], hands: [(beings: ["Crystal Grower"])]"#,
    );
    summon(&mut g, "Crystal Grower", "e5", &[]);
    play(&mut g, &["keep Ice Princess"]);
    let me = g.seat(Seat(0));
    assert_eq!(me.frozen.as_slice(), [id(&g, "Ice Princess")]);
    assert_eq!(me.discard.as_slice(), [id(&g, "Crystal Grower")]);
    assert_eq!(pending(&g), "after-actions");
}

#[test]
fn a_frozen_effect_brought_back_by_the_frozen_chest_also_forces_the_choice() {
    let mut g = ef(
        r#"frozen: [["Ice Princess"]], discards: [["Ice Queen"]], pieces: ["1c d5", "1c e5", "1c f5"], hands: [(beings: ["Frozen Chest"])]"#,
    );
    summon(&mut g, "Frozen Chest", "e5", &[]);
    play(&mut g, &["card Ice Queen"]);
    assert_eq!(texts(&g), ["keep Ice Princess", "keep Ice Queen"]);
    play(&mut g, &["keep Ice Queen"]);
    let me = g.seat(Seat(0));
    assert_eq!(me.frozen.as_slice(), [id(&g, "Ice Queen")]);
    assert_eq!(
        me.discard.as_slice(),
        [id(&g, "Frozen Chest"), id(&g, "Ice Princess")]
    );
}

#[test]
fn thawing_resolves_the_effect_then_discards_the_card() {
    let mut g = ef(r#"frozen: [["Frostweave Illusionist"]], pieces: ["2c a5", "2c b5"]"#);
    play(&mut g, &["thaw Frostweave Illusionist"]);
    assert_eq!(pending(&g), "effect:convert");
    assert!(
        g.seat(Seat(0)).frozen.is_empty(),
        "taken out of play as it is thawed"
    );
    play(&mut g, &["pick b5"]);
    assert_eq!(pieces(&g), "2c a5, 1c b5");
    let me = g.seat(Seat(0));
    assert!(me.frozen.is_empty());
    assert_eq!(me.discard.as_slice(), [id(&g, "Frostweave Illusionist")]);
    assert!(!legal(&g, "thaw Frostweave Illusionist"), "once only");
}

#[test]
fn a_frozen_effect_that_can_do_nothing_still_thaws_and_is_discarded() {
    // Ice Queen's frozen part moves one of your heroic pieces; you have none.
    let mut g = ef(r#"frozen: [["Ice Queen"]], pieces: ["1c e4"]"#);
    play(&mut g, &["thaw Ice Queen"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.seat(Seat(0)).discard.as_slice(), [id(&g, "Ice Queen")]);
    assert_eq!(pieces(&g), "1c e4");
}

#[test]
fn thawing_in_a_turn_that_lost_all_its_actions() {
    // Seat 1 has lost both actions of its next turn (two Everfrost Sentinels, say).
    let mut g = ef(
        r#"to_move: 2, frozen: [["Ice Princess"]], pieces: ["1c e4", "2c a5"], hands: [None, (beings: [])]"#,
    );
    g.seats[0].lose_actions = 2;
    play(&mut g, &["place a6", "place a7"]);
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(pending(&g), "after-actions");
    assert!(legal(&g, "thaw Ice Princess"));
}

#[test]
fn after_a_hand_over_the_teammate_discards_no_flare() {
    // Winter Whisperer thawed, then the turn handed over mid-effect: the teammate finishes it but
    // cannot discard the first player's flare, so no action is gained.
    let mut g = scenario(
        r#"(mode: HighForm, players: 4, teams: true, decks: ["Everfrost", "Imperial", "Everfrost", "Imperial"],
            frozen: [["Winter Whisperer"]], pieces: ["1c d4", "1c e4"],
            hands: [(beings: [], flares: ["Ember"])])"#,
    );
    play(&mut g, &["thaw Winter Whisperer", "handover", "pick d4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.decision().seat, Seat(2));
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(g.seat(Seat(0)).hand.as_slice(), [id(&g, "Ember")]);
}

#[test]
fn a_scenario_sets_frozen_effects_and_refuses_impossible_ones() {
    use table::tashkalar::engine::scenario::Scenario;
    let error = |text: &str| {
        Scenario::parse(text)
            .expect("parses")
            .into_state(common::db())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    };
    let g = ef(r#"frozen: [["Ice Queen"], []]"#);
    assert_eq!(g.seat(Seat(0)).frozen.as_slice(), [id(&g, "Ice Queen")]);
    assert!(!g.seat(Seat(0)).deck.contains(id(&g, "Ice Queen")));
    assert_eq!(
        error(r#"(decks: ["Everfrost", "Imperial"], frozen: [["Ice Queen", "Ice Princess"]])"#),
        "frozen: seat 1 has 2 frozen effects; at most one stays in play"
    );
    assert_eq!(
        error(r#"(decks: ["Everfrost", "Imperial"], frozen: [["Snow Fox"]])"#),
        "frozen: `Snow Fox` has no frozen effect"
    );
    assert_eq!(
        error(r#"(decks: ["Everfrost", "Imperial"], frozen: [[], ["Ice Queen"]])"#),
        "seat 2: `Ice Queen` is not in the Imperial deck"
    );
}
