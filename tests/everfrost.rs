//! Rules scenarios for the Everfrost deck: each being's effect, its optional parts, its limits, and
//! its frozen effect when thawed. Seat 1 plays Everfrost, seat 2 Imperial. Boards are written as piece
//! lists (`1c e4` = seat 1's common piece on e4), in square order (rank by rank from a1).

mod common;
use common::*;
use table::tashkalar::engine::playout::Apply;
use table::tashkalar::engine::{Choice, GameState, Seat, Square};

/// A position where seat 1 plays Everfrost; `body` is the rest of the scenario.
fn ef(body: &str) -> GameState {
    scenario(&format!(r#"(decks: ["Everfrost", "Imperial"], {body})"#))
}

/// Summons `card` on `target` with the placement that has its pattern pieces on `cells` and its
/// squares marked 1 on `marked` (for patterns whose marks tell placements apart).
fn summon_marked(g: &mut GameState, card: &str, target: &str, cells: &[&str], marked: &[&str]) {
    let id = g.db.by_name(card).expect("card");
    let target_sq: Square = target.parse().expect("square");
    let pattern = g.db.card(id).pattern.clone().expect("pattern");
    let wanted =
        |list: &[&str]| -> Vec<Square> { list.iter().map(|s| s.parse().unwrap()).collect() };
    let (cells, marked) = (wanted(cells), wanted(marked));
    let found: Vec<Choice> = g
        .choices()
        .into_iter()
        .filter(|c| match c {
            Choice::Summon {
                card: k,
                target: t,
                placement,
                borrow: None,
            } if *k == id && *t == target_sq => {
                let p = &pattern.placements[*placement as usize];
                cells.iter().all(|s| p.cell_squares(target_sq).contains(*s))
                    && marked
                        .iter()
                        .all(|s| p.mark_squares(target_sq, 1).contains(*s))
            }
            _ => false,
        })
        .collect();
    assert_eq!(found.len(), 1, "{card} on {target}: {:?}", texts(g));
    g.apply(found[0]).expect("summon");
}

fn card(g: &GameState, name: &str) -> table::tashkalar::engine::CardId {
    g.db.by_name(name).expect("card")
}

// ----- Snow Fox -----

#[test]
fn snow_fox_takes_two_standard_moves() {
    let mut g = ef(r#"pieces: ["1c f5", "1c g4", "2c e6"], hands: [(beings: ["Snow Fox"])]"#);
    summon(&mut g, "Snow Fox", "e5", &[]);
    assert!(
        !legal(&g, "move e5 e6"),
        "a common piece cannot destroy with a standard move"
    );
    play(&mut g, &["move e5 d6", "move d6 d7"]);
    assert_eq!(pieces(&g), "1c g4, 1c f5, 2c e6, 1c d7");
    assert_eq!(pending(&g), "action");
}

#[test]
fn snow_fox_may_stop_after_one_move() {
    let mut g = ef(r#"pieces: ["1c f5", "1c g4"], hands: [(beings: ["Snow Fox"])]"#);
    summon(&mut g, "Snow Fox", "e5", &[]);
    play(&mut g, &["move e5 e6", "skip"]);
    assert_eq!(pieces(&g), "1c g4, 1c f5, 1c e6");
}

#[test]
fn snow_fox_hemmed_in_is_not_asked() {
    let mut g = ef(
        r#"pieces: ["1c f5", "1c g4", "2c d4", "2c e4", "2c f4", "2c d5", "2c d6", "2c e6", "2c f6"],
           hands: [(beings: ["Snow Fox"])]"#,
    );
    summon(&mut g, "Snow Fox", "e5", &["f5", "g4"]);
    assert_eq!(pending(&g), "action", "no move is possible");
    assert!(pieces(&g).contains("1c e5"));
}

// ----- Royal Reindeer -----

#[test]
fn royal_reindeer_leaping_onto_an_empty_square_turns_heroic() {
    let mut g = ef(r#"pieces: ["1c d4", "1c e4", "1c f3"], hands: [(beings: ["Royal Reindeer"])]"#);
    summon(&mut g, "Royal Reindeer", "e5", &[]);
    assert!(!legal(&g, "move e5 e6"), "the leap is exactly two squares");
    play(&mut g, &["move e5 e7"]);
    assert_eq!(pieces(&g), "1c f3, 1c d4, 1c e4, 1h e7");
}

#[test]
fn royal_reindeer_that_destroys_with_its_leap_stays_common() {
    let mut g = ef(
        r#"pieces: ["1c d4", "1c e4", "1c f3", "2c g7", "2h c7"], hands: [(beings: ["Royal Reindeer"])]"#,
    );
    summon(&mut g, "Royal Reindeer", "e5", &[]);
    assert!(
        !legal(&g, "move e5 c7"),
        "a combat leap of a common piece cannot take a heroic one"
    );
    play(&mut g, &["move e5 g7"]);
    assert_eq!(pieces(&g), "1c f3, 1c d4, 1c e4, 2h c7, 1c g7");
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn royal_reindeer_that_stays_put_turns_heroic_unless_its_arrival_destroyed() {
    let mut g = ef(r#"pieces: ["1c d4", "1c e4", "1c f3"], hands: [(beings: ["Royal Reindeer"])]"#);
    summon(&mut g, "Royal Reindeer", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c f3, 1c d4, 1c e4, 1h e5");

    let mut g = ef(
        r#"pieces: ["1c d4", "1c e4", "1c f3", "2c e5"], hands: [(beings: ["Royal Reindeer"])]"#,
    );
    summon(&mut g, "Royal Reindeer", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c f3, 1c d4, 1c e4, 1c e5");
}

// ----- Crystal Mirror -----

#[test]
fn crystal_mirror_copies_a_heroic_piece_onto_its_mirror_square() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c e6", "2h d5", "1h c4", "2c c6", "2l d4"], hands: [(beings: ["Crystal Mirror"])]"#,
    );
    summon_marked(&mut g, "Crystal Mirror", "e5", &["e4", "e6"], &["d5"]);
    assert_eq!(texts(&g), ["branch 0", "branch 1", "skip"]);
    play(&mut g, &["branch 0"]);
    assert_eq!(
        texts(&g),
        ["pick c4", "pick d5"],
        "heroic pieces of any colour; legendary pieces are not mirrored"
    );
    play(&mut g, &["pick d5"]);
    assert_eq!(
        pieces(&g),
        "1h c4, 2l d4, 1c e4, 2h d5, 1c e5, 1h f5, 2c c6, 1c e6"
    );
}

#[test]
fn crystal_mirror_copies_up_to_two_commons_whose_mirror_square_is_empty() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c e6", "2c d5", "2c c6", "1c d4", "2c f4"], hands: [(beings: ["Crystal Mirror"])]"#,
    );
    summon_marked(&mut g, "Crystal Mirror", "e5", &["e4", "e6"], &["d5"]);
    assert_eq!(texts(&g), ["branch 1", "skip"], "no heroic piece to mirror");
    play(&mut g, &["branch 1"]);
    // d4 mirrors onto f4, which is taken: not offered.
    assert_eq!(texts(&g), ["pick d5", "pick c6", "skip"]);
    play(&mut g, &["pick c6", "pick d5"]);
    assert_eq!(
        pieces(&g),
        "1c d4, 1c e4, 2c f4, 2c d5, 1c e5, 1c f5, 2c c6, 1c e6, 1c g6"
    );
}

#[test]
fn crystal_mirror_sees_only_its_own_side() {
    let mut g = ef(r#"pieces: ["1c e4", "1c e6", "2h f5"], hands: [(beings: ["Crystal Mirror"])]"#);
    // With the marked side on the west, f5 is on the mirror side: nothing to copy, nothing asked.
    summon_marked(&mut g, "Crystal Mirror", "e5", &["e4", "e6"], &["d5"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c e4, 1c e5, 2h f5, 1c e6");
}

// ----- Crystal Grower -----

#[test]
fn crystal_grower_upgrades_one_common_of_each_enemy_colour() {
    let mut g = scenario(
        r#"(players: 3, decks: ["Everfrost", "Imperial", "Imperial"],
            pieces: ["1c d4", "1c e4", "2c a5", "2c b5", "3c h5", "1c c3"], hands: [(beings: ["Crystal Grower"])])"#,
    );
    summon(&mut g, "Crystal Grower", "e5", &["d4", "e4"]);
    assert_eq!(
        texts(&g),
        ["pick a5", "pick b5"],
        "mandatory; your own commons are not offered"
    );
    play(&mut g, &["pick b5"]);
    // Colour 3 has a single common: it is upgraded without asking.
    assert_eq!(
        pieces(&g),
        "1c c3, 1c d4, 1c e4, 2c a5, 2h b5, 1c e5, 3h h5"
    );
}

#[test]
fn crystal_grower_with_no_enemy_commons_does_nothing() {
    let mut g = ef(r#"pieces: ["1c d4", "1c e4", "2h a5"], hands: [(beings: ["Crystal Grower"])]"#);
    summon(&mut g, "Crystal Grower", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c d4, 1c e4, 2h a5, 1c e5");
    assert_eq!(g.seat(Seat(0)).frozen.len(), 1);
}

#[test]
fn crystal_grower_thawed_upgrades_one_of_your_commons() {
    let mut g = ef(r#"frozen: [["Crystal Grower"]], pieces: ["1c d4", "1c e4", "2c a5"]"#);
    play(&mut g, &["thaw Crystal Grower"]);
    assert_eq!(texts(&g), ["pick d4", "pick e4"]);
    play(&mut g, &["pick e4"]);
    assert_eq!(pieces(&g), "1c d4, 1h e4, 2c a5");
}

// ----- Ice Princess -----

#[test]
fn ice_princess_lets_another_common_make_a_combat_move() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c d3", "1c f3", "1h a5", "2c d5"], hands: [(beings: ["Ice Princess"])]"#,
    );
    summon(&mut g, "Ice Princess", "e5", &[]);
    assert!(!legal(&g, "move e5 d5"), "not the Princess herself");
    assert!(!legal(&g, "move a5 a6"), "only common pieces");
    play(&mut g, &["move e4 d5"]);
    assert_eq!(pieces(&g), "1c d3, 1c f3, 1h a5, 1c d5, 1c e5");
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn ice_princess_move_is_optional() {
    let mut g = ef(r#"pieces: ["1c e4", "1c d3", "1c f3"], hands: [(beings: ["Ice Princess"])]"#);
    summon(&mut g, "Ice Princess", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c d3, 1c f3, 1c e4, 1c e5");
}

#[test]
fn ice_princess_thawed_makes_a_common_take_a_standard_move() {
    let mut g = ef(r#"frozen: [["Ice Princess"]], pieces: ["1c e4", "1h c3", "2c e5"]"#);
    play(&mut g, &["thaw Ice Princess"]);
    assert!(!legal(&g, "skip"), "the move is mandatory");
    assert!(
        !legal(&g, "move e4 e5"),
        "a standard move cannot take an equal rank"
    );
    assert!(!legal(&g, "move c3 c4"), "only common pieces");
    play(&mut g, &["move e4 f4"]);
    assert_eq!(pieces(&g), "1h c3, 1c f4, 2c e5");
}

// ----- Ice Queen -----

#[test]
fn ice_queen_lets_another_heroic_piece_make_a_combat_move() {
    let mut g = ef(
        r#"pieces: ["1c e5", "1c e4", "1c d3", "1c f3", "1h b5", "2h b6"], hands: [(beings: ["Ice Queen"])]"#,
    );
    summon(&mut g, "Ice Queen", "e5", &[]);
    assert!(!legal(&g, "move e5 e6"), "not the Queen herself");
    assert!(!legal(&g, "move e4 f4"), "only heroic pieces");
    play(&mut g, &["move b5 b6"]);
    assert_eq!(pieces(&g), "1c d3, 1c f3, 1c e4, 1h e5, 1h b6");
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn ice_queen_needs_your_piece_on_her_square() {
    let g = ef(r#"pieces: ["1c e4", "1c d3", "1c f3"], hands: [(beings: ["Ice Queen"])]"#);
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon Ice Queen")));
}

#[test]
fn ice_queen_thawed_moves_a_heroic_piece_which_may_take_a_common() {
    let mut g = ef(r#"frozen: [["Ice Queen"]], pieces: ["1h e4", "1c a5", "2c e5", "2h f4"]"#);
    play(&mut g, &["thaw Ice Queen"]);
    assert!(
        !legal(&g, "move e4 f4"),
        "standard moves cannot take an equal rank"
    );
    play(&mut g, &["move e4 e5"]);
    assert_eq!(pieces(&g), "2h f4, 1c a5, 1h e5");
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

// ----- Frostweave Summoner -----

#[test]
fn frostweave_summoner_does_nothing_when_summoned_and_is_frozen() {
    let mut g =
        ef(r#"pieces: ["1c d6", "1c e4", "1c e3"], hands: [(beings: ["Frostweave Summoner"])]"#);
    summon(&mut g, "Frostweave Summoner", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c e3, 1c e4, 1h e5, 1c d6");
    assert_eq!(
        g.seat(Seat(0)).frozen.as_slice(),
        [card(&g, "Frostweave Summoner")]
    );
}

#[test]
fn frostweave_summoner_thawed_lends_an_enemy_piece_to_the_next_summoning() {
    let mut g = ef(
        r#"frozen: [["Frostweave Summoner"]], pieces: ["1c f5", "2c g4"], hands: [(beings: ["Snow Fox", "Royal Reindeer"])]"#,
    );
    assert!(!texts(&g).iter().any(|t| t.contains("borrow")));
    play(&mut g, &["thaw Frostweave Summoner"]);
    let borrowing: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with("summon Snow Fox e5") && t.ends_with("borrow g4"))
        .collect();
    assert_eq!(borrowing.len(), 1, "{:?}", texts(&g));
    play(&mut g, &[borrowing[0].as_str(), "skip"]);
    assert_eq!(
        pieces(&g),
        "2c g4, 1c e5, 1c f5",
        "the borrowed piece stays the enemy's"
    );
    assert!(!g.turn.borrow, "the permission is used up");
    assert!(!texts(&g).iter().any(|t| t.contains("borrow")));
}

#[test]
fn frostweave_summoner_permission_ends_with_the_next_summoning_even_unused() {
    let mut g = ef(
        r#"frozen: [["Frostweave Summoner"]], pieces: ["1c f5", "1c g4", "1c d4", "2c e4"], hands: [(beings: ["Snow Fox", "Royal Reindeer"])]"#,
    );
    play(&mut g, &["thaw Frostweave Summoner"]);
    assert!(g.turn.borrow);
    summon(&mut g, "Snow Fox", "e5", &["f5", "g4"]);
    play(&mut g, &["skip"]);
    assert!(!g.turn.borrow);
    assert!(
        !texts(&g).iter().any(|t| t.contains("borrow")),
        "the Reindeer may not use the enemy piece on e4"
    );
}

// ----- Winter Whisperer -----

#[test]
fn winter_whisperer_does_nothing_when_summoned() {
    let mut g = ef(
        r#"pieces: ["1c d4", "1c e4", "1c f4", "1c g4"], hands: [(beings: ["Winter Whisperer"])]"#,
    );
    summon(&mut g, "Winter Whisperer", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c d4, 1c e4, 1c f4, 1c g4, 1h e5");
}

#[test]
fn winter_whisperer_thawed_trades_a_common_and_a_flare_for_an_action() {
    let mut g = ef(
        r#"frozen: [["Winter Whisperer"]], pieces: ["1c d4", "1h e4"], hands: [(beings: [], flares: ["Ember"])]"#,
    );
    play(&mut g, &["thaw Winter Whisperer"]);
    assert_eq!(texts(&g), ["pick d4", "skip"], "only your common pieces");
    play(&mut g, &["pick d4"]);
    assert_eq!(pending(&g), "effect:discard-flare");
    play(&mut g, &["card Ember"]);
    assert_eq!(pieces(&g), "1h e4");
    assert_eq!(g.turn.actions_left, 3);
    assert_eq!(g.flare_discard.as_slice(), [card(&g, "Ember")]);
    assert_eq!(g.turn.tally.destroyed[0][0], 1);
}

#[test]
fn winter_whisperer_thawed_without_both_gains_nothing() {
    let mut g = ef(
        r#"frozen: [["Winter Whisperer"]], pieces: ["1c d4"], hands: [(beings: [], flares: ["Ember"])]"#,
    );
    play(&mut g, &["thaw Winter Whisperer", "skip", "card Ember"]);
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(pieces(&g), "1c d4");

    // No flare in hand: the discard is not even asked.
    let mut g = ef(r#"frozen: [["Winter Whisperer"]], pieces: ["1c d4"], hands: [(beings: [])]"#);
    play(&mut g, &["thaw Winter Whisperer", "pick d4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(pieces(&g), "");
}

// ----- Frozen Chest -----

#[test]
fn frozen_chest_brings_a_frozen_effect_back_from_the_discard_pile() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c e5", "1c f5"], discards: [["Ice Queen", "Snow Fox"]], hands: [(beings: ["Frozen Chest"])]"#,
    );
    summon(&mut g, "Frozen Chest", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["card Ice Queen", "skip"],
        "only cards with a frozen effect"
    );
    play(&mut g, &["card Ice Queen"]);
    let me = g.seat(Seat(0));
    assert_eq!(me.frozen.as_slice(), [card(&g, "Ice Queen")]);
    assert_eq!(
        me.discard.as_slice(),
        [card(&g, "Snow Fox"), card(&g, "Frozen Chest")]
    );
    assert_eq!(pieces(&g), "1c d5, 1h e5, 1c f5");
    assert!(legal(&g, "thaw Ice Queen"), "it may be thawed at once");
}

#[test]
fn frozen_chest_with_no_frozen_effect_in_the_discard_does_nothing() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c e5", "1c f5"], discards: [["Snow Fox"]], hands: [(beings: ["Frozen Chest"])]"#,
    );
    summon(&mut g, "Frozen Chest", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert!(g.seat(Seat(0)).frozen.is_empty());
}

// ----- Everfrost Sentinel -----

#[test]
fn everfrost_sentinel_turning_common_costs_the_opponent_an_action() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c e3", "1c f3", "1c f2", "2c e5"], hands: [(beings: ["Everfrost Sentinel"])]"#,
    );
    summon(&mut g, "Everfrost Sentinel", "e5", &[]);
    assert_eq!(texts(&g), ["yes", "skip"]);
    play(&mut g, &["yes"]);
    assert_eq!(pieces(&g), "1c f2, 1c e3, 1c f3, 1c e4, 1c e5");
    play(&mut g, &["place a5"]);
    assert_eq!(g.to_move(), Seat(1));
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn everfrost_sentinel_may_stay_heroic() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c e3", "1c f3", "1c f2", "2c e5"], hands: [(beings: ["Everfrost Sentinel"])]"#,
    );
    summon(&mut g, "Everfrost Sentinel", "e5", &[]);
    play(&mut g, &["skip", "place a5"]);
    assert!(pieces(&g).contains("1h e5"));
    assert_eq!(g.turn.actions_left, 2);
}

#[test]
fn everfrost_sentinel_asks_nothing_unless_it_destroyed_an_enemy() {
    // Summoned onto your own common piece: it destroyed a piece, but not an enemy one.
    let mut g = ef(
        r#"pieces: ["1c e4", "1c e3", "1c f3", "1c f2", "1c e5"], hands: [(beings: ["Everfrost Sentinel"])]"#,
    );
    summon(
        &mut g,
        "Everfrost Sentinel",
        "e5",
        &["e4", "e3", "f3", "f2"],
    );
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("1h e5"));
}

#[test]
fn everfrost_sentinel_in_the_team_game_costs_each_opposing_team_one_turn_action() {
    let mut g = scenario(
        r#"(mode: HighForm, players: 4, teams: true, decks: ["Everfrost", "Imperial", "Imperial", "Imperial"],
            pieces: ["1c e4", "1c e3", "1c f3", "1c f2", "2c e5"], hands: [(beings: ["Everfrost Sentinel"])])"#,
    );
    summon(&mut g, "Everfrost Sentinel", "e5", &[]);
    play(&mut g, &["yes"]);
    assert_eq!(g.seat(Seat(1)).lose_actions, 1);
    assert_eq!(
        g.seat(Seat(3)).lose_actions,
        0,
        "the opposing team loses one action, on its next turn only"
    );
}

// ----- Glacier Giant -----

#[test]
fn glacier_giant_slides_along_an_arrow_and_may_smash_a_legend_falling_with_it() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c f3", "2l c3", "2h e6"], hands: [(beings: ["Glacier Giant"])]"#,
    );
    summon(&mut g, "Glacier Giant", "e5", &[]);
    assert_eq!(texts(&g), ["move e5 d4", "move e5 f4", "skip"]);
    play(&mut g, &["move e5 d4"]);
    // The legend on c3 blocks the slide, so the smash is offered at once.
    assert_eq!(texts(&g), ["pick c3", "skip"]);
    play(&mut g, &["pick c3"]);
    assert_eq!(pieces(&g), "1c d3, 1c e3, 1c f3, 1c e4, 2h e6");
    assert_eq!(g.turn.tally.destroyed[1][2], 1);
}

#[test]
fn glacier_giant_crushes_lower_ranks_on_its_way() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c f3", "2h f4", "2c g3"], hands: [(beings: ["Glacier Giant"])]"#,
    );
    summon(&mut g, "Glacier Giant", "e5", &[]);
    play(&mut g, &["move e5 f4", "move f4 g3", "skip"]);
    // No legend ahead: nothing more to ask.
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c d3, 1c e3, 1c f3, 1h g3, 1c e4");
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn glacier_giant_that_does_not_move_cannot_smash() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c f3", "2l d4", "2l f4"], hands: [(beings: ["Glacier Giant"])]"#,
    );
    summon(&mut g, "Glacier Giant", "e5", &[]);
    // Both arrows are blocked by legends, and the smash needs a move first.
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("1h e5"));
}

#[test]
fn glacier_giant_may_decline_the_smash() {
    let mut g = ef(
        r#"pieces: ["1c e4", "1c d3", "1c e3", "1c f3", "2l c3"], hands: [(beings: ["Glacier Giant"])]"#,
    );
    summon(&mut g, "Glacier Giant", "e5", &[]);
    play(&mut g, &["move e5 d4", "skip"]);
    assert_eq!(pieces(&g), "2l c3, 1c d3, 1c e3, 1c f3, 1h d4, 1c e4");
}

// ----- Polar Bear -----

#[test]
fn polar_bear_keeps_going_while_it_destroys() {
    let mut g = ef(
        r#"pieces: ["1c f5", "1c g5", "1c f4", "1c h4", "2h e6", "2c d7"], hands: [(beings: ["Polar Bear"])]"#,
    );
    summon(&mut g, "Polar Bear", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert!(legal(&g, "move e6 d7") && legal(&g, "skip"));
    play(&mut g, &["move e6 d7", "move d7 d8"]);
    assert_eq!(pieces(&g), "1c f4, 1c h4, 1c f5, 1c g5, 1h d8");
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn polar_bear_stops_after_a_move_that_destroys_nothing() {
    let mut g = ef(
        r#"pieces: ["1c f5", "1c g5", "1c f4", "1c h4", "2c d7"], hands: [(beings: ["Polar Bear"])]"#,
    );
    summon(&mut g, "Polar Bear", "e5", &[]);
    play(&mut g, &["move e5 e6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c f4, 1c h4, 1c f5, 1c g5, 1h e6, 2c d7");
}

#[test]
fn polar_bear_last_move_goes_onto_an_empty_square_only() {
    let mut g = ef(
        r#"pieces: ["1c f5", "1c g5", "1c f4", "1c h4", "2c e6", "2c e7", "2c d7"], hands: [(beings: ["Polar Bear"])]"#,
    );
    summon(&mut g, "Polar Bear", "e5", &[]);
    play(&mut g, &["move e5 e6", "move e6 e7"]);
    assert!(!legal(&g, "move e7 d7"), "the third move cannot destroy");
    play(&mut g, &["move e7 e8"]);
    assert_eq!(pieces(&g), "1c f4, 1c h4, 1c f5, 1c g5, 2c d7, 1h e8");
}

// ----- War Sled -----

#[test]
fn war_sled_starts_along_an_arrow_and_turns_at_most_45_degrees() {
    let mut g = ef(
        r#"pieces: ["1c c5", "1c c4", "1c d4", "1c e4", "2c f7"], hands: [(beings: ["War Sled"])]"#,
    );
    summon(&mut g, "War Sled", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["move e5 f4", "move e5 f5", "move e5 f6", "skip"]
    );
    play(&mut g, &["move e5 f6"]);
    assert!(!legal(&g, "move f6 e7"), "a 90 degree turn");
    play(&mut g, &["move f6 f7", "move f7 e8"]);
    assert_eq!(pieces(&g), "1c c4, 1c d4, 1c e4, 1c c5, 1h e8");
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

// ----- Snow Monster -----

#[test]
fn snow_monster_destroys_nearby_enemy_commons_touching_your_pieces() {
    let mut g = ef(
        r#"pieces: ["1c e5", "1c f5", "1c d4", "1c g4", "2c d6", "2h e6", "2c c7", "2c g7", "1c h8", "2c h5", "2c i6"],
           hands: [(beings: ["Snow Monster"])]"#,
    );
    summon(&mut g, "Snow Monster", "e5", &[]);
    // d6 touches the Monster and g7 touches h8; c7 touches none of your pieces; h5 touches g4 but
    // is three squares away; the heroic e6 is spared.
    assert_eq!(
        pieces(&g),
        "1c d4, 1c g4, 1h e5, 1c f5, 2c h5, 2h e6, 2c i6, 2c c7, 1c h8"
    );
    assert_eq!(g.turn.tally.destroyed[1][0], 2);
}

// ----- Frost Imp -----

#[test]
fn frost_imp_sends_a_neighbouring_common_sliding_as_far_as_it_can() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c e4", "1c f3", "2c f6", "2h e6"], hands: [(beings: ["Frost Imp"])]"#,
    );
    summon(&mut g, "Frost Imp", "e5", &[]);
    assert!(!legal(&g, "pick e6"), "common pieces only");
    play(&mut g, &["pick f6", "move f6 g7"]);
    // It must go on while it can: g7 -> h8, then the edge.
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), "1c f3, 1c e4, 1c d5, 1h e5, 2h e6, 2c h8");
}

#[test]
fn frost_imp_slide_stops_at_the_first_piece() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c e4", "1c f3", "1c d6", "2c b6"], hands: [(beings: ["Frost Imp"])]"#,
    );
    summon(&mut g, "Frost Imp", "e5", &["d5", "e4", "f3"]);
    play(&mut g, &["pick d6", "move d6 c6"]);
    assert_eq!(pieces(&g), "1c f3, 1c e4, 1c d5, 1h e5, 2c b6, 1c c6");
}

#[test]
fn frost_imp_is_optional() {
    let mut g = ef(r#"pieces: ["1c d5", "1c e4", "1c f3"], hands: [(beings: ["Frost Imp"])]"#);
    summon(&mut g, "Frost Imp", "e5", &[]);
    assert!(legal(&g, "skip"));
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c f3, 1c e4, 1c d5, 1h e5");
}

// ----- Ice Wyvern -----

#[test]
fn ice_wyvern_that_destroys_with_its_leap_is_destroyed() {
    let mut g = ef(
        r#"pieces: ["1c f5", "1c e4", "1c f3", "1c g3", "2h a5", "2l b5"], hands: [(beings: ["Ice Wyvern"])]"#,
    );
    summon(&mut g, "Ice Wyvern", "e5", &[]);
    assert!(
        !legal(&g, "move e5 b5"),
        "a heroic piece cannot take a legendary one"
    );
    play(&mut g, &["move e5 a5"]);
    assert_eq!(pieces(&g), "1c f3, 1c g3, 1c e4, 2l b5, 1c f5");
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn ice_wyvern_landing_on_an_empty_square_survives() {
    let mut g =
        ef(r#"pieces: ["1c f5", "1c e4", "1c f3", "1c g3"], hands: [(beings: ["Ice Wyvern"])]"#);
    summon(&mut g, "Ice Wyvern", "e5", &[]);
    play(&mut g, &["move e5 a5"]);
    assert_eq!(pieces(&g), "1c f3, 1c g3, 1c e4, 1h a5, 1c f5");
}

#[test]
fn ice_wyvern_thawed_places_a_common_next_to_your_heroic_piece() {
    let mut g = ef(r#"frozen: [["Ice Wyvern"]], pieces: ["1h a5", "1c a6", "1l e5", "2h i5"]"#);
    play(&mut g, &["thaw Ice Wyvern"]);
    assert_eq!(
        texts(&g),
        ["pick a4", "pick b4", "pick b5", "pick b6"],
        "next to your heroic piece only (not the legendary one, nor an enemy's)"
    );
    play(&mut g, &["pick b4"]);
    assert_eq!(pieces(&g), "1c b4, 1h a5, 1l e5, 2h i5, 1c a6");
}

// ----- Deathbringer -----

#[test]
fn deathbringer_removes_a_piece_from_the_game_counting_it_twice() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c c3", "1c d3", "1c e3", "2h f6", "1c g7", "2h f5", "2l e6", "2c f4"],
           hands: [(beings: ["Deathbringer"])]"#,
    );
    summon(&mut g, "Deathbringer", "e5", &[]);
    // Any piece next to it, yours included; but the heroic f5 touches no other piece of yours and
    // the legend on e6 only one other.
    assert_eq!(texts(&g), ["pick f4", "pick d5", "pick f6", "skip"]);
    play(&mut g, &["pick f6"]);
    assert_eq!(
        pieces(&g),
        "1c c3, 1c d3, 1c e3, 2c f4, 1c d5, 1h e5, 2h f5, 2l e6, 1c g7"
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 2);
    assert_eq!(g.supply[1].removed_discs, 1);
    assert!(g.pieces_consistent());
}

#[test]
fn deathbringer_takes_a_legend_surrounded_by_three_of_your_other_pieces() {
    let mut g = ef(
        r#"pieces: ["1c d5", "1c c3", "1c d3", "1c e3", "2l e6", "1c e7", "1c f7"],
           hands: [(beings: ["Deathbringer"])]"#,
    );
    summon(&mut g, "Deathbringer", "e5", &[]);
    assert_eq!(texts(&g), ["pick d5", "pick e6", "skip"]);
    play(&mut g, &["pick e6"]);
    assert_eq!(
        pieces(&g),
        "1c c3, 1c d3, 1c e3, 1c d5, 1h e5, 1c e7, 1c f7"
    );
    assert_eq!(g.turn.tally.destroyed[1][2], 2);
    assert_eq!(g.supply[1].removed_legendary, 1);
    play(&mut g, &["place a5"]); // the turn ends by itself: nothing is left to do
    assert_eq!(
        g.seat(Seat(0)).score.destroyed,
        4,
        "two legendary pieces' worth"
    );
}

// ----- Frostweave Illusionist -----

#[test]
fn frostweave_illusionist_turns_into_an_enemy_common() {
    let mut g =
        ef(r#"pieces: ["1c d5", "1c f5", "1c e3"], hands: [(beings: ["Frostweave Illusionist"])]"#);
    summon(&mut g, "Frostweave Illusionist", "e5", &[]);
    assert_eq!(pieces(&g), "1c e3, 1c d5, 2c e5, 1c f5");
    assert_eq!(
        g.seat(Seat(0)).frozen.as_slice(),
        [card(&g, "Frostweave Illusionist")]
    );
    play(&mut g, &["place a5"]);
    assert_eq!(g.seat(Seat(0)).score.destroyed, 0);
}

#[test]
fn frostweave_illusionist_stays_yours_when_the_enemy_has_no_disc_left() {
    // A duel colour has 16 discs; seat 2 has all of them on the board.
    let mut g = ef(
        r#"pieces: ["1c d5", "1c f5", "1c e3", "2c a3", "2c a4", "2c a5", "2c a6", "2c a7", "2c b2", "2c b3", "2c b4", "2c b5", "2c b6", "2c b7", "2c b8", "2c c2", "2c c8", "2c h2", "2c h8"],
           hands: [(beings: ["Frostweave Illusionist"])]"#,
    );
    assert_eq!(g.supply[1].discs, 0);
    summon(&mut g, "Frostweave Illusionist", "e5", &[]);
    assert!(pieces(&g).contains("1h e5"));
}

#[test]
fn frostweave_illusionist_in_melee_joins_the_enemy_colour_you_choose() {
    let mut g = scenario(
        r#"(players: 3, decks: ["Everfrost", "Imperial", "Imperial"],
            pieces: ["1c d5", "1c f5", "1c e3"], hands: [(beings: ["Frostweave Illusionist"])])"#,
    );
    summon(&mut g, "Frostweave Illusionist", "e5", &[]);
    assert_eq!(texts(&g), ["colour 2", "colour 3"]);
    play(&mut g, &["colour 3"]);
    assert_eq!(pieces(&g), "1c e3, 1c d5, 3c e5, 1c f5");
}

/// A seat's 15 discs (a three-player melee colour's whole supply) on squares of the given files.
fn all_discs_of(seat: u8, files: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for f in files {
        for r in 1..=9 {
            let sq: Square = format!("{f}{r}").parse().expect("square");
            if table::tashkalar::engine::board::arena::is_playable(sq) && out.len() < 15 {
                out.push(format!("{seat}c {sq}"));
            }
        }
    }
    out
}

#[test]
fn frostweave_illusionist_in_melee_is_offered_only_colours_with_a_disc_left() {
    let mut list = vec!["1c d5".to_string(), "1c f5".into(), "1c e3".into()];
    list.extend(all_discs_of(2, &['a', 'b', 'c']));
    let mut g = scenario(&format!(
        r#"(players: 3, decks: ["Everfrost", "Imperial", "Imperial"],
            pieces: {list:?}, hands: [(beings: ["Frostweave Illusionist"])])"#
    ));
    assert_eq!(g.supply[1].discs, 0);
    summon(&mut g, "Frostweave Illusionist", "e5", &[]);
    assert_eq!(
        pending(&g),
        "action",
        "colour 2 could not take it: no question, colour 3"
    );
    assert!(pieces(&g).contains("3c e5"));
    // When no enemy colour has a disc left, it stays yours, without a pointless question.
    let mut list = vec!["1c d5".to_string(), "1c f5".into(), "1c e3".into()];
    list.extend(all_discs_of(2, &['a', 'b', 'c']));
    list.extend(all_discs_of(3, &['g', 'h', 'i']));
    let mut g = scenario(&format!(
        r#"(players: 3, decks: ["Everfrost", "Imperial", "Imperial"],
            pieces: {list:?}, hands: [(beings: ["Frostweave Illusionist"])])"#
    ));
    summon(&mut g, "Frostweave Illusionist", "e5", &[]);
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("1h e5"));
}

#[test]
fn frostweave_illusionist_thawed_wins_over_an_enemy_common() {
    let mut g = ef(r#"frozen: [["Frostweave Illusionist"]], pieces: ["2c a5", "2h b5"]"#);
    play(&mut g, &["thaw Frostweave Illusionist"]);
    assert_eq!(
        pieces(&g),
        "1c a5, 2h b5",
        "the only common enemy piece, taken at once"
    );
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

// ----- Random play -----

/// Every being card of `seat`'s deck is in exactly one place: deck, hand, discard pile, in play as a
/// frozen effect, or being resolved.
fn cards_accounted_for(g: &GameState, seat: Seat) -> usize {
    use table::tashkalar::engine::state::HandKind;
    let st = g.seat(seat);
    let resolving = g.effect.as_ref().is_some_and(|run| {
        run.source != table::tashkalar::engine::effect::run::Source::Flare
            && !g.db.card(run.card).is_legend()
            && seat == g.turn.seat
    });
    st.deck.len()
        + g.hand_of_kind(seat, HandKind::Being).count()
        + st.discard.len()
        + st.frozen.len()
        + usize::from(resolving)
}

fn random_games(mode: table::tashkalar::engine::Mode, players: u8, teams: bool, games: u64) {
    use table::shell::rng::Rng;
    use table::tashkalar::engine::GameConfig;
    use table::tashkalar::engine::state::Phase;
    for seed in 0..games {
        // Everfrost in every game, against itself or Imperial.
        let decks = (0..players)
            .map(|i| {
                if (seed + i as u64).is_multiple_of(3) {
                    "Imperial"
                } else {
                    "Everfrost"
                }
                .to_string()
            })
            .collect();
        let config = GameConfig {
            mode,
            players,
            teams,
            decks,
        };
        let mut g = GameState::new_game(db(), config, seed).expect("new game");
        let mut n = 0u32;
        g.play_out_randomly(&mut Rng::seeded(seed ^ 0x5eed), Apply::Checked, |g, _| {
            n += 1;
            assert!(g.pieces_consistent(), "seed {seed}: pieces");
            for seat in g.seat_ids() {
                assert_eq!(cards_accounted_for(g, seat), 18, "seed {seed}, seat {seat}");
                let frozen = &g.seat(seat).frozen;
                assert!(frozen.iter().all(|c| g.db.card(c).frozen.is_some()));
                if !matches!(g.phase, Phase::KeepFrozen | Phase::Effect) {
                    assert!(frozen.len() <= 1, "seed {seed}: two frozen effects kept");
                }
            }
            // Bots choose from what the deciding seat can see: that must be the real list.
            let decider = g.decision().seat;
            assert_eq!(
                g.observation(decider).choices(),
                g.choices(),
                "seed {seed}: seat {decider}'s choices depend on cards it cannot see"
            );
            if n.is_multiple_of(23) {
                for seat in g.seat_ids() {
                    assert_eq!(
                        g.view(seat),
                        g.determinize(seat, seed * 31 + n as u64).view(seat),
                        "seed {seed}: seat {seat}'s view depends on hidden cards"
                    );
                }
            }
            assert!(n < 20_000, "seed {seed}: the game does not end");
        })
        .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

#[test]
fn random_duels_with_everfrost_keep_every_invariant() {
    random_games(table::tashkalar::engine::Mode::Deathmatch, 2, false, 400);
    random_games(table::tashkalar::engine::Mode::HighForm, 2, false, 200);
}

#[test]
fn random_melees_and_team_games_with_everfrost_keep_every_invariant() {
    random_games(table::tashkalar::engine::Mode::Deathmatch, 3, false, 150);
    random_games(table::tashkalar::engine::Mode::Deathmatch, 4, false, 150);
    random_games(table::tashkalar::engine::Mode::HighForm, 4, true, 200);
}

#[test]
fn the_deck_has_eighteen_beings_and_seven_frozen_effects() {
    let db = db();
    let deck = db.deck(db.deck_by_name("Everfrost").expect("deck"));
    let cards: Vec<_> = deck.cards.iter().map(|c| db.card(*c)).collect();
    assert_eq!(cards.len(), 18);
    let commons = cards
        .iter()
        .filter(|c| c.rank == table::tashkalar::engine::Rank::Common)
        .count();
    assert_eq!((commons, cards.len() - commons), (5, 13));
    let frozen: Vec<&str> = cards
        .iter()
        .filter(|c| c.frozen.is_some())
        .map(|c| c.name.as_str())
        .collect();
    assert_eq!(
        frozen,
        [
            "Crystal Grower",
            "Ice Princess",
            "Ice Queen",
            "Frostweave Summoner",
            "Winter Whisperer",
            "Ice Wyvern",
            "Frostweave Illusionist"
        ]
    );
    assert!(cards.iter().all(|c| !c.text.is_empty()));
}
