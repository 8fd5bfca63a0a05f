//! Rules scenarios for the Treehouse die: rolling, and each face (HOP, SWAP, TIP, AIM, DIG, WILD)
//! with its limits. Positions start with the die already showing a face (`roll: Hop`) so that
//! each face can be tried on purpose; the board is `hg::BOARD` (levels in its doc comment).

mod hg;
use hg::*;
use table::highground::{Face, Pending, Status, notation};

/// A duel where the die shows `face`; `stacks` and the rest as more fields.
fn rolled(face: &str, rest: &str) -> table::highground::HighGround {
    duel(&format!("roll: {face}, {rest}"))
}

// ----- Rolling -----

#[test]
fn rolling_shows_a_face_drawn_from_the_games_seeded_generator() {
    let text = |seed: u64| {
        format!(
            r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,-1: 2Lt 1Sn", "0,2: 2St"], hands: ["2", "3"], seed: {seed}"#
        )
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut g = duel(&text(seed));
        play(&mut g, &["roll"]);
        // Every face has a use here (a WILD too), so the die waits for its player.
        let Pending::Die(face) = *g.pending() else {
            panic!("seed {seed}: {:?}", g.pending());
        };
        seen.insert(face);
        let mut again = duel(&text(seed));
        play(&mut again, &["roll"]);
        assert_eq!(
            again.pending(),
            &Pending::Die(face),
            "a seed rolls the same face"
        );
    }
    assert_eq!(seen.len(), 6, "all six faces come up: {seen:?}");
}

#[test]
fn a_face_with_no_use_ends_the_turn() {
    // AIM with no pyramid of seat 1 sitting on an enemy.
    let g = rolled(
        "Aim",
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,2: 2St"], turn: 4"#,
    );
    assert_eq!((pending(&g), seat(&g), g.turn_number()), ("action", 2, 5));
}

// ----- HOP -----

#[test]
fn hop_moves_a_free_pyramid_to_any_adjacent_territory_even_a_higher_one() {
    let mut g = rolled(
        "Hop",
        r#"stacks: ["0,-2: 1Lt 1Mt", "0,-2: 1Sn 1Mn 1Ln", "1,-1: 1St", "0,2: 2St"]"#,
    );
    assert_eq!(
        texts(&g),
        ["hop 1St", "hop 1Mt", "hop 1Ln"],
        "free pyramids only (not the hobbled large of the tree, not the trapped ones); no pass"
    );
    play(&mut g, &["hop 1St"]);
    assert_eq!(pending(&g), "hopping");
    assert_eq!(
        texts(&g),
        ["to 1,0", "to 0,-1"],
        "then where: its neighbours only"
    );
    play(&mut g, &["to 0,-1"]);
    assert_eq!(level(&g, "0,-1"), 9);
    assert_eq!(stacks_at(&g, "0,-1"), ["0,-1: 1St"]);
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
}

#[test]
fn a_hop_may_attack_where_it_lands() {
    let mut g = rolled("Hop", r#"stacks: ["1,-1: 1St", "1,0: 2Sn", "0,2: 2Lt"]"#);
    // Its only free pyramid is picked as the die is read: where it goes is the decision.
    assert_eq!(pending(&g), "hopping");
    play(&mut g, &["to 1,0"]);
    assert_eq!(texts(&g), ["attack 2Sn", "stop"]);
    play(&mut g, &["attack 2Sn"]);
    assert_eq!(stacks_at(&g, "1,0"), ["1,0: 1St"]);
    assert!(g.removed().contains(&piece("2Sn")));
}

#[test]
fn a_hop_may_land_without_attacking() {
    let mut g = rolled("Hop", r#"stacks: ["1,-1: 1St", "1,0: 2Sn", "0,2: 2Lt"]"#);
    play(&mut g, &["to 1,0", "stop"]);
    assert_eq!(stacks_at(&g, "1,0"), ["1,0: 1St", "1,0: 2Sn"]);
}

#[test]
fn a_hobbled_pyramid_cannot_hop() {
    // Seat 2's small hobbles seat 1's large: the large is seat 1's only pyramid.
    let g = rolled("Hop", r#"stacks: ["1,-1: 1Lt 2St", "0,2: 2Lt"]"#);
    assert_eq!(status(&g, "1Lt"), Status::Hobbled);
    assert_eq!(
        seat(&g),
        2,
        "no free pyramid: the HOP has no use and the turn ends"
    );
}

// ----- SWAP -----

#[test]
fn swap_trades_places_with_any_pyramid_on_an_adjacent_territory_even_a_higher_one() {
    let mut g = rolled(
        "Swap",
        r#"stacks: ["1,-1: 1St", "1,0: 2Ln", "0,-1: 2Mn 2Sn", "0,-2: 1Lt"]"#,
    );
    assert_eq!(
        texts(&g),
        ["swap 1St", "swap 1Lt", "pass"],
        "a swap may be left unused"
    );
    play(&mut g, &["swap 1St"]);
    assert_eq!(pending(&g), "swapping");
    assert_eq!(texts(&g), ["with 2Ln", "with 2Sn", "with 2Mn"]);
    play(&mut g, &["with 2Mn"]);
    // Each goes alone: the small that sat on the medium stays behind, and nobody attacks.
    assert_eq!(stacks_at(&g, "0,-1"), ["0,-1: 1St", "0,-1: 2Sn"]);
    assert_eq!(stacks_at(&g, "1,-1"), ["1,-1: 2Mn"]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn a_swap_may_trade_with_an_own_pyramid() {
    let mut g = rolled("Swap", r#"stacks: ["1,-1: 1St", "1,0: 1Ln", "0,2: 2Lt"]"#);
    // Its only partner: picking the small makes the trade.
    play(&mut g, &["swap 1St"]);
    assert_eq!(stacks_at(&g, "1,0"), ["1,0: 1St"]);
    assert_eq!(stacks_at(&g, "1,-1"), ["1,-1: 1Ln"]);
}

#[test]
fn a_hobbled_pyramid_never_swaps_onto_a_higher_territory() {
    // Seat 1's hobbled medium on the 2 may not climb to the 3; its free small may.
    let g = rolled(
        "Swap",
        r#"stacks: ["1,-1: 1Mt 1St", "1,0: 2Ln", "0,2: 2Lt"]"#,
    );
    assert_eq!(
        texts(&g),
        ["swap 1St", "pass"],
        "the medium has nobody to trade with"
    );
    // Seat 2's hobbled medium on the 3 may not be pulled up to the 9 either.
    // The small is then the large's only partner: picking the large makes the trade.
    let mut g = rolled(
        "Swap",
        r#"stacks: ["0,0: 1Lt", "1,0: 2Mn 2Sn", "0,2: 2Lt"]"#,
    );
    play(&mut g, &["swap 1Lt"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 2Sn"]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn trapped_pyramids_take_no_part_in_a_swap() {
    let g = rolled(
        "Swap",
        r#"stacks: ["0,-1: 1Sn 1Mn 1Ln", "0,0: 2Sn 2Mn", "0,2: 2Lt"]"#,
    );
    assert_eq!(texts(&g), ["swap 1Ln", "pass"]);
}

// ----- HOP and SWAP in two steps (rules 3) -----

#[test]
fn a_hop_is_two_choices_the_pyramid_then_where_it_goes() {
    // Two free pyramids: the first choice is which one, the second where it lands.
    let mut g = rolled("Hop", r#"stacks: ["1,-1: 1St", "-1,1: 1Ln", "0,2: 2Lt"]"#);
    assert_eq!(texts(&g), ["hop 1St", "hop 1Ln"]);
    play(&mut g, &["hop 1Ln"]);
    assert_eq!(pending(&g), "hopping");
    assert_eq!(seat(&g), 1, "still seat 1's turn");
    // Every neighbour of the 5 at -1,1, the higher 6 and 4 as well.
    assert_eq!(texts(&g), ["to 0,1", "to -1,0"]);
    play(&mut g, &["to 0,1"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 1Ln"]);
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
}

#[test]
fn a_swap_is_two_choices_your_pyramid_then_the_other() {
    let mut g = rolled(
        "Swap",
        r#"stacks: ["1,-1: 1St", "1,0: 2Ln 2Sn", "0,-1: 2Mn", "0,2: 2Lt"]"#,
    );
    assert_eq!(texts(&g), ["swap 1St", "pass"]);
    play(&mut g, &["swap 1St"]);
    assert_eq!((pending(&g), seat(&g)), ("swapping", 1));
    assert_eq!(texts(&g), ["with 2Sn", "with 2Ln", "with 2Mn"]);
    play(&mut g, &["with 2Ln"]);
    // The large goes alone: the small that sat on it stays behind, standing on its own.
    assert_eq!(stacks_at(&g, "1,-1"), ["1,-1: 2Ln"]);
    assert_eq!(stacks_at(&g, "1,0"), ["1,0: 1St", "1,0: 2Sn"]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn a_pyramid_with_nowhere_to_go_is_not_offered() {
    // SWAP: the small at 1,-1 has a neighbour to trade with; the large on seat 1's King (0,-2)
    // has none (its only neighbour, the 9 at 0,-1, is empty).
    let g = rolled(
        "Swap",
        r#"stacks: ["1,-1: 1St", "1,0: 2Ln", "0,-2: 1Lt", "0,2: 2Lt"]"#,
    );
    assert_eq!(texts(&g), ["swap 1St", "pass"]);
    // With nobody to trade with anywhere, the SWAP has no use: the turn ends.
    let g = rolled("Swap", r#"stacks: ["0,-2: 1Lt", "0,2: 2Lt"]"#);
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
}

#[test]
fn older_saves_one_step_hop_and_swap_play_as_the_two_steps() {
    let hop = r#"stacks: ["1,-1: 1St", "-1,1: 1Ln", "0,2: 2Lt"]"#;
    let mut old = rolled("Hop", hop);
    let mut new = old.clone();
    play(&mut old, &["hop 1Ln 0,1"]);
    play(&mut new, &["hop 1Ln", "to 0,1"]);
    assert_eq!(old.state_hash(), new.state_hash());
    // Never listed, and refused where the two steps would be.
    assert!(
        texts(&rolled("Hop", hop))
            .iter()
            .all(|t| t.split(' ').count() == 2)
    );
    assert!(
        rolled("Hop", hop)
            .apply(notation::parse("hop 1Ln 1,0").unwrap())
            .is_err()
    );
    // The only free pyramid is picked by itself: the old text gives just the destination.
    let mut old = rolled("Hop", r#"stacks: ["1,-1: 1St", "0,2: 2Lt"]"#);
    let mut new = old.clone();
    play(&mut old, &["hop 1St 1,0"]);
    play(&mut new, &["to 1,0"]);
    assert_eq!(old.state_hash(), new.state_hash());
    // A SWAP with a single partner is made as the pyramid is picked.
    let swap = r#"stacks: ["1,-1: 1St", "1,0: 2Ln 2Sn", "0,-1: 2Mn", "0,2: 2Lt"]"#;
    let mut old = rolled("Swap", swap);
    let mut new = old.clone();
    play(&mut old, &["swap 1St 2Sn"]);
    play(&mut new, &["swap 1St", "with 2Sn"]);
    assert_eq!(old.state_hash(), new.state_hash());
    let mut old = rolled("Swap", r#"stacks: ["1,-1: 1St", "1,0: 1Ln", "0,2: 2Lt"]"#);
    let mut new = old.clone();
    play(&mut old, &["swap 1St 1Ln"]);
    play(&mut new, &["swap 1St"]);
    assert_eq!(old.state_hash(), new.state_hash());
    assert!(
        rolled("Swap", swap)
            .apply(notation::parse("swap 1St 2Lt").unwrap())
            .is_err()
    );
}

// ----- TIP -----

#[test]
fn tip_sets_every_pyramid_above_upright_on_its_own() {
    let mut g = rolled(
        "Tip",
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,-2: 1Sn 1Mn 1Ln", "0,2: 2Lt"]"#,
    );
    assert_eq!(
        texts(&g),
        ["tip 1Mt", "tip 1Lt", "pass"],
        "the hobbled ones have something to tip"
    );
    play(&mut g, &["tip 1Lt"]);
    assert_eq!(
        stacks_at(&g, "0,-2"),
        ["0,-2: 1St", "0,-2: 1Sn 1Mn 1Ln", "0,-2: 1Mt", "0,-2: 1Lt"]
    );
}

#[test]
fn tipped_pyramids_stand_alone_even_if_they_were_trapping_or_hobbling_another() {
    // Seat 2's small hobbles seat 1's large and is itself trapped by seat 2's medium.
    let mut g = rolled("Tip", r#"stacks: ["0,0: 1Lt 2St 2Mt", "0,2: 2Ln"]"#);
    assert_eq!(status(&g, "2St"), Status::Trapped);
    play(&mut g, &["tip 1Lt"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 1Lt", "0,0: 2St", "0,0: 2Mt"]);
    assert_eq!(status(&g, "2St"), Status::Free);
}

#[test]
fn a_trapped_pyramid_cannot_tip() {
    // Seat 1's medium is covered by seat 2's large: it is trapped.
    let g = rolled(
        "Tip",
        r#"stacks: ["0,0: 1Mt 2Lt", "0,-2: 1Ln", "0,2: 2Ln"]"#,
    );
    assert_eq!(status(&g, "1Mt"), Status::Trapped);
    assert_eq!(seat(&g), 2, "nothing to tip: the turn ended");
}

#[test]
fn a_pyramid_with_a_small_on_it_and_a_large_over_that_is_hobbled_and_tips_both_off() {
    // The large attacked the small, not the medium: the medium is hobbled (rules 2).
    let mut g = rolled(
        "Tip",
        r#"stacks: ["0,0: 1Mt 2St 2Lt", "0,-2: 1Ln", "0,2: 2Ln"]"#,
    );
    assert_eq!(status(&g, "1Mt"), Status::Hobbled);
    assert_eq!(status(&g, "2St"), Status::Trapped);
    play(&mut g, &["tip 1Mt"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 1Mt", "0,0: 2St", "0,0: 2Lt"]);
}

// ----- AIM -----

#[test]
fn aim_kills_the_pyramid_directly_under_whatever_the_sizes() {
    let mut g = rolled("Aim", r#"stacks: ["0,0: 2Lt 1St", "0,2: 2Ln"]"#);
    assert_eq!(texts(&g), ["aim 1St", "pass"]);
    play(&mut g, &["aim 1St"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 1St"]);
    assert!(g.removed().contains(&piece("2Lt")));
}

#[test]
fn a_covering_pyramid_may_aim_at_what_it_covers() {
    let mut g = rolled("Aim", r#"stacks: ["0,0: 2St 1Mt", "0,2: 2Ln"]"#);
    play(&mut g, &["aim 1Mt"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 1Mt"]);
}

#[test]
fn after_an_aim_the_stack_closes_up_and_a_pyramid_of_the_same_size_covers() {
    // Seat 2's large covers its small; seat 1's small sits on the large and kills it: the small
    // now rests on the other small, which it covers (same size).
    let mut g = rolled("Aim", r#"stacks: ["0,0: 2Sn 2Lt 1St", "0,2: 2Ln"]"#);
    play(&mut g, &["aim 1St"]);
    assert_eq!(stacks_at(&g, "0,0"), ["0,0: 2Sn 1St"]);
    assert_eq!(status(&g, "2Sn"), Status::Trapped);
}

#[test]
fn aim_needs_an_enemy_directly_under() {
    // Own pyramid under; and an enemy two below does not count.
    let g = rolled("Aim", r#"stacks: ["0,0: 2Lt 1Mt 1St", "0,2: 2Ln"]"#);
    assert_eq!(texts(&g), ["aim 1Mt", "pass"]);
}

#[test]
fn aim_that_kills_the_last_enemy_wins() {
    let mut g = rolled("Aim", r#"stacks: ["0,0: 2Lt 1St"]"#);
    play(&mut g, &["aim 1St"]);
    assert_eq!(pending(&g), "over");
}

// ----- DIG -----

#[test]
fn dig_draws_the_top_card_and_plays_it_at_once() {
    let mut g = rolled(
        "Dig",
        r#"stacks: ["0,0: 1St", "0,1: 2St"], hands: ["2", "3"], deck: "5 6""#,
    );
    assert_eq!(texts(&g), ["dig", "pass"]);
    play(&mut g, &["dig"]);
    assert_eq!(
        g.pending(),
        &Pending::Dug(table::highground::Card::of_level(5).unwrap())
    );
    assert!(!legal(&g, "place 0,1"), "the usual rule: not onto an enemy");
    assert!(legal(&g, "place 0,0"));
    play(&mut g, &["place -1,2"]);
    assert_eq!(level(&g, "-1,2"), 5);
    assert_eq!(g.hand(0).len(), 1, "the hand is untouched");
    assert_eq!(g.deck_len(), 1);
    assert_eq!(seat(&g), 2);
}

#[test]
fn a_dug_joker_gets_a_level_before_the_turn_ends() {
    let mut g = rolled("Dig", r#"stacks: ["0,0: 1St", "0,1: 2St"], deck: "joker""#);
    play(&mut g, &["dig", "place 1,-1"]);
    assert_eq!((pending(&g), seat(&g)), ("level", 1));
    play(&mut g, &["level 10"]);
    assert_eq!(level(&g, "1,-1"), 10);
    assert_eq!(seat(&g), 2);
}

// ----- WILD -----

#[test]
fn wild_offers_every_face_that_has_a_use() {
    let g = rolled(
        "Wild",
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,-1: 2Lt 1Sn", "0,2: 2St"]"#,
    );
    assert_eq!(
        texts(&g),
        [
            "wild hop",
            "wild swap",
            "wild tip",
            "wild aim",
            "wild dig",
            "pass"
        ]
    );
    // Without a pyramid on an enemy, AIM is not offered.
    let g = rolled("Wild", r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,2: 2St"]"#);
    assert!(!legal(&g, "wild aim"));
}

#[test]
fn wild_then_carries_out_the_chosen_face() {
    let mut g = rolled(
        "Wild",
        r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,-1: 2Lt 1Sn", "0,2: 2St"]"#,
    );
    play(&mut g, &["wild aim"]);
    assert_eq!(g.pending(), &Pending::Die(Face::Aim));
    // AIM may be left unused, so even its one use is asked for.
    assert_eq!(texts(&g), ["aim 1Sn", "pass"]);
    play(&mut g, &["aim 1Sn"]);
    assert!(g.removed().contains(&piece("2Lt")));
}
