//! Rules scenarios for the Sylvan deck: each being's effect, its optional parts and its limits.
//! Seat 1 plays Sylvan, seat 2 Imperial. Boards are written as piece lists (`1c e4` = seat 1's
//! common piece on e4); `board` puts an expected list in square order (rank by rank from a1).

mod common;
use common::*;
use table::tashkalar::engine::state::HandKind;
use table::tashkalar::engine::{GameState, Seat};

/// A Sylvan position: extra scenario fields, pieces, and seat 1's beings in hand.
fn game(extra: &str, pieces: &[&str], beings: &[&str]) -> GameState {
    scenario(&format!(
        r#"(decks: ["Sylvan", "Imperial"], {extra} pieces: {pieces:?}, hands: [(beings: {beings:?})])"#
    ))
}

/// Seat 1's hand: (beings, legends, flares).
fn hand(g: &GameState) -> (usize, usize, usize) {
    let s = Seat(0);
    (
        g.hand_of_kind(s, HandKind::Being).count(),
        g.hand_of_kind(s, HandKind::Legend).count(),
        g.hand_of_kind(s, HandKind::Flare).count(),
    )
}

#[test]
fn sapling_grows_heroic_at_once() {
    let mut g = game("", &["1c e4", "1c e3"], &["Sapling"]);
    summon(&mut g, "Sapling", "e5", &["e4", "e3"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c e3, 1c e4, 1h e5"));
}

#[test]
fn kiskin_farseeders_place_a_common_next_to_any_of_your_pieces() {
    let mut g = game("", &["1c f5", "1c d4", "1c a3"], &["Kiskin Farseeders"]);
    summon(&mut g, "Kiskin Farseeders", "e5", &["f5", "d4"]);
    assert!(!legal(&g, "pick h8"), "h8 touches none of your pieces");
    play(&mut g, &["pick b4"]);
    assert_eq!(pieces(&g), board("1c a3, 1c b4, 1c d4, 1c e5, 1c f5"));
}

#[test]
fn kiskin_farseeders_may_place_nothing() {
    let mut g = game("", &["1c f5", "1c d4"], &["Kiskin Farseeders"]);
    summon(&mut g, "Kiskin Farseeders", "e5", &["f5", "d4"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c d4, 1c e5, 1c f5"));
}

#[test]
fn charging_buck_makes_two_combat_leaps_of_exactly_two() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c d3", "2c e7", "2c g7", "2h c7"],
        &["Charging Buck"],
    );
    summon(&mut g, "Charging Buck", "e5", &["d4", "e4", "d3"]);
    assert!(!legal(&g, "move e5 e6"), "one square is too short");
    assert!(
        !legal(&g, "move e5 c7"),
        "a common cannot take a heroic piece"
    );
    play(&mut g, &["move e5 e7", "move e7 g7"]);
    assert_eq!(pieces(&g), board("1c d3, 1c d4, 1c e4, 2h c7, 1c g7"));
    assert_eq!(g.turn.tally.destroyed[1][0], 2);
}

#[test]
fn charging_buck_may_stay() {
    let mut g = game("", &["1c d4", "1c e4", "1c d3"], &["Charging Buck"]);
    summon(&mut g, "Charging Buck", "e5", &["d4", "e4", "d3"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c d3, 1c d4, 1c e4, 1c e5"));
}

#[test]
fn forest_wardens_punish_an_opponent_richer_in_commons_and_in_upgraded_pieces() {
    let mut g = game(
        "",
        &[
            "1c c5", "1c f5", "2c a3", "2c b3", "2c c3", "2c d3", "2h g3",
        ],
        &["Forest Wardens"],
    );
    summon(&mut g, "Forest Wardens", "e5", &["c5", "f5"]);
    // Four enemy commons against our three (the Wardens included): one of them must go.
    assert_eq!(texts(&g), ["pick a3", "pick b3", "pick c3", "pick d3"]);
    play(&mut g, &["pick a3"]);
    // One enemy upgraded piece against none of ours: the heroic g3 goes without a question.
    assert_eq!(
        pieces(&g),
        board("2c b3, 2c c3, 2c d3, 1c c5, 1c e5, 1c f5")
    );
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn forest_wardens_spare_an_opponent_who_is_not_richer() {
    // Three enemy commons against our three: only the heroic part applies.
    let mut g = game(
        "",
        &["1c c5", "1c f5", "2c a3", "2c b3", "2c c3", "2h g3"],
        &["Forest Wardens"],
    );
    summon(&mut g, "Forest Wardens", "e5", &["c5", "f5"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(
        pieces(&g),
        board("2c a3, 2c b3, 2c c3, 1c c5, 1c e5, 1c f5")
    );
}

#[test]
fn naiad_lets_two_neighbours_take_one_standard_move_each() {
    let mut g = game(
        "",
        &["1c c4", "1c d4", "1c e4", "1h f6", "2c g7", "1c a3"],
        &["Naiad"],
    );
    summon(&mut g, "Naiad", "e5", &["c4", "d4", "e4"]);
    assert!(!legal(&g, "move c4 c5"), "c4 is not next to the Naiad");
    assert!(!legal(&g, "move a3 a4"));
    play(&mut g, &["move f6 g7"]);
    assert!(!legal(&g, "move g7 g8"), "each piece moves once");
    play(&mut g, &["move d4 d5"]);
    assert_eq!(
        pieces(&g),
        board("1c a3, 1c c4, 1c e4, 1c d5, 1c e5, 1h g7")
    );
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn naiad_may_move_nobody() {
    let mut g = game("", &["1c c4", "1c d4", "1c e4"], &["Naiad"]);
    summon(&mut g, "Naiad", "e5", &["c4", "d4", "e4"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c c4, 1c d4, 1c e4, 1c e5"));
}

#[test]
fn kiskin_spirit_recovers_a_card_and_draws_an_extra_one() {
    let mut g = game(
        r#"actions_left: 1, discards: [["Sapling"], []],"#,
        &["1c c5", "1c c4", "1c e4"],
        &["Kiskin Spirit"],
    );
    let sapling = g.db.by_name("Sapling").expect("Sapling");
    summon(&mut g, "Kiskin Spirit", "e5", &["c5", "c4", "e4"]);
    assert_eq!(texts(&g), ["card Sapling", "skip"]);
    play(&mut g, &["card Sapling"]);
    // That was the last action: the turn ended, drawing three beings plus the extra one.
    assert_eq!(g.turn.seat, Seat(1));
    assert_eq!(hand(&g).0, 4);
    assert!(g.seat(Seat(0)).hand.iter().any(|c| c == sapling));
}

#[test]
fn kiskin_spirit_with_an_empty_discard_pile_draws_an_extra_card_anyway() {
    let mut g = game("", &["1c c5", "1c c4", "1c e4"], &["Kiskin Spirit"]);
    summon(&mut g, "Kiskin Spirit", "e5", &["c5", "c4", "e4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(g.turn.extra_draw, (1, 0));
}

#[test]
fn kiskin_spirit_that_recovers_nothing_draws_nothing_extra() {
    let mut g = game(
        r#"discards: [["Sapling"], []],"#,
        &["1c c5", "1c c4", "1c e4"],
        &["Kiskin Spirit"],
    );
    summon(&mut g, "Kiskin Spirit", "e5", &["c5", "c4", "e4"]);
    play(&mut g, &["skip"]);
    assert_eq!(g.turn.extra_draw, (0, 0));
    assert_eq!(g.seat(Seat(0)).discard.len(), 2, "Sapling and the Spirit");
}

#[test]
fn dryad_turns_a_neighbouring_enemy_into_your_common_piece() {
    let mut g = game(
        "",
        &["1c e5", "1c d6", "1c e4", "2h f5", "2l f6", "2c d4"],
        &["Dryad"],
    );
    summon(&mut g, "Dryad", "e5", &["d6", "e4"]);
    assert_eq!(
        texts(&g),
        ["pick d4", "pick f5", "skip"],
        "not a legendary piece"
    );
    play(&mut g, &["pick f5"]);
    assert_eq!(
        pieces(&g),
        board("2c d4, 1c e4, 1h e5, 1c f5, 1c d6, 2l f6")
    );
    assert_eq!(
        g.turn.tally.destroyed[1][1], 1,
        "a converted piece counts as destroyed"
    );
}

#[test]
fn dryad_may_leave_the_enemy_alone() {
    let mut g = game("", &["1c e5", "1c d6", "1c e4", "2h f5"], &["Dryad"]);
    summon(&mut g, "Dryad", "e5", &["d6", "e4"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c e4, 1h e5, 2h f5, 1c d6"));
}

#[test]
fn centaur_spearman_charges_and_spears_the_next_piece_in_line() {
    let mut g = game(
        "",
        &["1c e4", "1c f4", "1c g4", "1c g3", "2c e8"],
        &["Centaur Spearman"],
    );
    summon(&mut g, "Centaur Spearman", "e5", &["e4", "g3"]);
    play(&mut g, &["move e5 e6"]);
    // e7 is empty: the spear flies on to the first piece, e8.
    assert_eq!(pieces(&g), board("1c g3, 1c e4, 1c f4, 1c g4, 1h e6"));
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn centaur_spearman_cannot_spear_a_legend() {
    let mut g = game(
        "",
        &[
            "1c e4", "1c f4", "1c g4", "1c g3", "2h d6", "2l c7", "2c b8",
        ],
        &["Centaur Spearman"],
    );
    summon(&mut g, "Centaur Spearman", "e5", &["e4", "g3"]);
    play(&mut g, &["move e5 d6"]);
    // The legendary c7 is the next piece: it survives, and so does b8 behind it.
    assert_eq!(
        pieces(&g),
        board("1c g3, 1c e4, 1c f4, 1c g4, 1h d6, 2l c7, 2c b8")
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn centaur_spearman_that_stays_spears_nothing() {
    let mut g = game(
        "",
        &["1c e4", "1c f4", "1c g4", "1c g3", "2c e7"],
        &["Centaur Spearman"],
    );
    summon(&mut g, "Centaur Spearman", "e5", &["e4", "g3"]);
    play(&mut g, &["skip"]);
    assert_eq!(
        pieces(&g),
        board("1c g3, 1c e4, 1c f4, 1c g4, 1h e5, 2c e7")
    );
}

#[test]
fn centaur_chieftain_leads_and_others_follow_in_the_same_direction() {
    let mut g = game(
        "",
        &["1c c6", "1c d5", "1c e4", "1c f3", "2c c7"],
        &["Centaur Chieftain"],
    );
    summon(&mut g, "Centaur Chieftain", "e5", &["c6", "f3"]);
    play(&mut g, &["move e5 e6"]);
    assert!(legal(&g, "move d5 d6"));
    assert!(!legal(&g, "move d5 c5"), "only northwards, as he went");
    assert!(
        !legal(&g, "move e6 e7"),
        "the others follow, not the Chieftain"
    );
    play(&mut g, &["move d5 d6", "move d6 d7", "move c6 c7"]);
    assert_eq!(pieces(&g), board("1c f3, 1c e4, 1h e6, 1c c7, 1c d7"));
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn centaur_chieftain_who_stays_leads_nobody() {
    let mut g = game(
        "",
        &["1c c6", "1c d5", "1c e4", "1c f3"],
        &["Centaur Chieftain"],
    );
    summon(&mut g, "Centaur Chieftain", "e5", &["c6", "f3"]);
    play(&mut g, &["skip"]);
    assert_eq!(pending(&g), "action");
}

#[test]
fn unicorn_may_take_a_combat_move() {
    let mut g = game(
        "",
        &["1c d5", "1c c4", "1c d4", "1c c3", "2h e6"],
        &["Unicorn"],
    );
    summon(&mut g, "Unicorn", "e5", &["d5", "c3"]);
    assert_eq!(texts(&g), ["branch 0", "branch 1"]);
    play(&mut g, &["branch 0", "move e5 e6"]);
    assert_eq!(pieces(&g), board("1c c3, 1c c4, 1c d4, 1c d5, 1h e6"));
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn unicorn_may_give_an_action_instead() {
    let mut g = game("", &["1c d5", "1c c4", "1c d4", "1c c3"], &["Unicorn"]);
    summon(&mut g, "Unicorn", "e5", &["d5", "c3"]);
    play(&mut g, &["branch 1"]);
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(pieces(&g), board("1c c3, 1c c4, 1c d4, 1c d5, 1h e5"));
}

#[test]
fn unicorn_choosing_to_move_may_still_stay() {
    let mut g = game("", &["1c d5", "1c c4", "1c d4", "1c c3"], &["Unicorn"]);
    summon(&mut g, "Unicorn", "e5", &["d5", "c3"]);
    play(&mut g, &["branch 0", "skip"]);
    assert_eq!(g.turn.actions_left, 1);
    assert!(pieces(&g).contains("1h e5"));
}

#[test]
fn sylvan_queen_wins_over_a_diagonal_hero_keeping_its_rank() {
    let mut g = game(
        "",
        &[
            "1c e4", "1c g4", "1c f3", "1c f2", "2h f6", "2l d6", "2c d4",
        ],
        &["Sylvan Queen"],
    );
    summon(&mut g, "Sylvan Queen", "e5", &["e4", "f2"]);
    assert_eq!(texts(&g), ["pick d4", "pick f6", "skip"]);
    play(&mut g, &["pick f6"]);
    assert_eq!(
        pieces(&g),
        board("1c f2, 1c f3, 2c d4, 1c e4, 1c g4, 1h e5, 2l d6, 1h f6")
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn sylvan_queen_may_decline() {
    let mut g = game(
        "",
        &["1c e4", "1c g4", "1c f3", "1c f2", "2h f6"],
        &["Sylvan Queen"],
    );
    summon(&mut g, "Sylvan Queen", "e5", &["e4", "f2"]);
    play(&mut g, &["skip"]);
    assert!(pieces(&g).contains("2h f6"));
}

#[test]
fn sylvan_princess_wins_over_a_diagonal_common_only() {
    let mut g = game(
        "",
        &["1c e4", "1c f3", "1c e2", "2c d6", "2h f6"],
        &["Sylvan Princess"],
    );
    summon(&mut g, "Sylvan Princess", "e5", &["e4", "f3", "e2"]);
    assert_eq!(texts(&g), ["pick d6", "skip"]);
    play(&mut g, &["pick d6"]);
    assert_eq!(
        pieces(&g),
        board("1c e2, 1c f3, 1c e4, 1h e5, 1c d6, 2h f6")
    );
}

#[test]
fn woodland_druid_upgrades_a_common_of_every_colour() {
    let mut g = game(
        "",
        &["1c d6", "1c f6", "1c e4", "2c a3", "2c i5", "2h b3"],
        &["Woodland Druid"],
    );
    summon(&mut g, "Woodland Druid", "e5", &["d6", "f6", "e4"]);
    // Ours first, mandatory.
    assert_eq!(texts(&g), ["pick e4", "pick d6", "pick f6"]);
    play(&mut g, &["pick e4"]);
    assert_eq!(texts(&g), ["pick a3", "pick i5"]);
    play(&mut g, &["pick i5"]);
    assert_eq!(
        pieces(&g),
        board("2c a3, 2h b3, 1h e4, 1h e5, 2h i5, 1c d6, 1c f6")
    );
}

#[test]
fn woodland_druid_skips_a_colour_without_commons() {
    let mut g = game(
        "",
        &["1c d6", "1c f6", "1c e4", "2h b3"],
        &["Woodland Druid"],
    );
    summon(&mut g, "Woodland Druid", "e5", &["d6", "f6", "e4"]);
    play(&mut g, &["pick d6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("2h b3, 1c e4, 1h e5, 1h d6, 1c f6"));
}

#[test]
fn forest_ancient_plants_two_enemy_commons_then_fells_two() {
    let mut g = game(
        "",
        &[
            "1c e6", "1c d5", "1c f5", "1c d4", "2c b5", "2c e8", "2h c5",
        ],
        &["Forest Ancient"],
    );
    summon(&mut g, "Forest Ancient", "e5", &["e6", "d4"]);
    assert!(!legal(&g, "pick b6"), "b6 is three squares away");
    assert!(!legal(&g, "skip"), "mandatory");
    play(&mut g, &["pick g7", "pick e3"]);
    // Commons of the planted colour within three squares, planted or not; the heroic c5 is safe.
    assert_eq!(texts(&g), ["pick e3", "pick b5", "pick g7", "pick e8"]);
    play(&mut g, &["pick b5", "pick g7"]);
    assert_eq!(
        pieces(&g),
        board("2c e3, 1c d4, 2h c5, 1c d5, 1h e5, 1c f5, 1c e6, 2c e8")
    );
    assert_eq!(g.turn.tally.destroyed[1][0], 2);
}

#[test]
fn forest_ancient_with_one_enemy_disc_left_plants_and_fells_one() {
    let enemy = [
        "2c c1", "2c d1", "2c e1", "2c f1", "2c g1", "2c b2", "2c c2", "2c d2", "2c e2", "2c f2",
        "2c g2", "2c h2", "2c a3", "2c b3", "2c c3",
    ];
    let mut list = vec!["1c e6", "1c d5", "1c f5", "1c d4"];
    list.extend(enemy);
    let mut g = game("", &list, &["Forest Ancient"]);
    assert_eq!(g.supply[1].discs, 1);
    summon(&mut g, "Forest Ancient", "e5", &["e6", "d4"]);
    play(&mut g, &["pick g7"]);
    // The second planting is impossible: straight to a single felling.
    assert!(legal(&g, "pick g7") && legal(&g, "pick e2"));
    play(&mut g, &["pick e2"]);
    assert_eq!(pending(&g), "action");
    assert!(pieces(&g).contains("2c g7") && !pieces(&g).contains("2c e2"));
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn forest_mystic_draws_an_extra_being_and_an_extra_legend() {
    let mut g = game(
        "actions_left: 1,",
        &["1c e6", "1c d5", "1c f4"],
        &["Forest Mystic"],
    );
    summon(&mut g, "Forest Mystic", "e5", &["e6", "d5", "f4"]);
    // That was the last action: drawing up to 3/2/1, then one more being and one more legend.
    assert_eq!(g.turn.seat, Seat(1));
    assert_eq!(hand(&g), (4, 3, 1));
}

#[test]
fn kiskin_leafsplitter_shoots_the_first_piece_along_two_diagonals() {
    let mut g = game(
        "",
        &[
            "1c e6", "1c d5", "1c f5", "1c e4", "2c g7", "2l c3", "2c b2",
        ],
        &["Kiskin Leafsplitter"],
    );
    summon(&mut g, "Kiskin Leafsplitter", "e5", &[]);
    assert_eq!(texts(&g), ["dir ne", "dir se", "dir sw", "dir nw", "skip"]);
    play(&mut g, &["dir ne", "dir sw"]);
    // Any piece, a legendary one included; b2 behind c3 is untouched.
    assert_eq!(
        pieces(&g),
        board("2c b2, 1c e4, 1c d5, 1h e5, 1c f5, 1c e6")
    );
    assert_eq!(g.turn.tally.destroyed[1], [1, 0, 1]);
}

#[test]
fn kiskin_leafsplitter_may_shoot_the_same_way_twice() {
    let mut g = game(
        "",
        &["1c e6", "1c d5", "1c f5", "1c e4", "2c f6", "2h h8"],
        &["Kiskin Leafsplitter"],
    );
    summon(&mut g, "Kiskin Leafsplitter", "e5", &[]);
    play(&mut g, &["dir ne", "dir ne"]);
    assert_eq!(pieces(&g), board("1c e4, 1c d5, 1h e5, 1c f5, 1c e6"));
}

#[test]
fn kiskin_leafsplitter_may_stop_after_one_shot() {
    let mut g = game(
        "",
        &["1c e6", "1c d5", "1c f5", "1c e4", "2c f6", "2h h8"],
        &["Kiskin Leafsplitter"],
    );
    summon(&mut g, "Kiskin Leafsplitter", "e5", &[]);
    play(&mut g, &["dir ne", "skip"]);
    assert_eq!(
        pieces(&g),
        board("1c e4, 1c d5, 1h e5, 1c f5, 1c e6, 2h h8")
    );
}

#[test]
fn kiskin_boughrunner_moves_only_next_to_your_other_pieces() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c f4", "1c e3", "1c c7", "2h d7"],
        &["Kiskin Boughrunner"],
    );
    summon(&mut g, "Kiskin Boughrunner", "e5", &["d4", "e3"]);
    assert!(
        !legal(&g, "move e5 e6"),
        "e6 touches none of your other pieces"
    );
    assert!(legal(&g, "move e5 d5"));
    play(&mut g, &["move e5 d6"]);
    assert!(!legal(&g, "move d6 e7"));
    play(&mut g, &["move d6 d7", "move d7 c8"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c d4, 1c e4, 1c f4, 1c c7, 1h c8")
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn tree_shepherd_upgrades_a_common_piece() {
    let mut g = game(
        "",
        &["1c d5", "1c f5", "1c e4", "1c f4", "1c a3"],
        &["Tree Shepherd"],
    );
    summon(&mut g, "Tree Shepherd", "e5", &["d5", "f4"]);
    assert!(legal(&g, "pick e5"), "the Shepherd may pick himself");
    play(&mut g, &["pick a3"]);
    assert_eq!(
        pieces(&g),
        board("1h a3, 1c e4, 1c f4, 1c d5, 1h e5, 1c f5")
    );
}

#[test]
fn tree_shepherd_gives_a_heroic_piece_a_combat_move() {
    let mut g = game(
        "",
        &["1c d5", "1c f5", "1c e4", "1c f4", "1h b3", "2h b4"],
        &["Tree Shepherd"],
    );
    summon(&mut g, "Tree Shepherd", "e5", &["d5", "f4"]);
    play(&mut g, &["pick b3", "move b3 b4"]);
    assert_eq!(
        pieces(&g),
        board("1h b4, 1c e4, 1c f4, 1c d5, 1h e5, 1c f5")
    );
}

#[test]
fn tree_shepherd_gives_a_legendary_piece_a_standard_move() {
    let mut g = game(
        "",
        &[
            "1c d5", "1c f5", "1c e4", "1c f4", "1l h2", "2h h3", "2l g3",
        ],
        &["Tree Shepherd"],
    );
    summon(&mut g, "Tree Shepherd", "e5", &["d5", "f4"]);
    play(&mut g, &["pick h2"]);
    assert!(
        !legal(&g, "move h2 g3"),
        "a standard move cannot take an equal rank"
    );
    play(&mut g, &["move h2 h3"]);
    assert_eq!(
        pieces(&g),
        board("2l g3, 1l h3, 1c e4, 1c f4, 1c d5, 1h e5, 1c f5")
    );
}

#[test]
fn tree_shepherd_moves_are_optional() {
    let mut g = game(
        "",
        &["1c d5", "1c f5", "1c e4", "1c f4", "1h b3"],
        &["Tree Shepherd"],
    );
    summon(&mut g, "Tree Shepherd", "e5", &["d5", "f4"]);
    play(&mut g, &["pick b3", "skip"]);
    assert_eq!(
        pieces(&g),
        board("1h b3, 1c e4, 1c f4, 1c d5, 1h e5, 1c f5")
    );
}

#[test]
fn every_sylvan_being_loads_and_can_be_summoned_from_its_printed_pattern() {
    every_being_summons_from_its_printed_pattern("Sylvan");
}

#[test]
fn optional_parts_may_be_declined() {
    // Sylvan Princess: no conversion.
    let mut g = game(
        "",
        &["1c e4", "1c f3", "1c e2", "2c d6"],
        &["Sylvan Princess"],
    );
    summon(&mut g, "Sylvan Princess", "e5", &["e4", "f3", "e2"]);
    play(&mut g, &["skip"]);
    assert!(pieces(&g).contains("2c d6"));

    // Kiskin Boughrunner: one move of three.
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c f4", "1c e3"],
        &["Kiskin Boughrunner"],
    );
    summon(&mut g, "Kiskin Boughrunner", "e5", &["d4", "e3"]);
    play(&mut g, &["move e5 d5", "skip"]);
    assert_eq!(pieces(&g), board("1c e3, 1c d4, 1c e4, 1c f4, 1h d5"));

    // Centaur Chieftain: he moves, nobody follows.
    let mut g = game(
        "",
        &["1c c6", "1c d5", "1c e4", "1c f3"],
        &["Centaur Chieftain"],
    );
    summon(&mut g, "Centaur Chieftain", "e5", &["c6", "f3"]);
    play(&mut g, &["move e5 e6", "skip"]);
    assert_eq!(pieces(&g), board("1c f3, 1c e4, 1c d5, 1h e6, 1c c6"));
    assert_eq!(pending(&g), "action");
}
