//! Rules scenarios for the Highland deck: each being's effect, its optional parts and its limits.
//! Seat 1 plays Highland, seat 2 Imperial. Boards are written as piece lists (`1c e4` = seat 1's
//! common piece on e4); `board` puts an expected list in square order (rank by rank from a1).
//! Reminder: red squares c2 d8 e5 h4, green squares a5 c7 f2 g7 i6, centre d4-f6.

mod common;
use common::*;
use table::tashkalar::engine::GameState;

/// A Highland position: extra scenario fields, pieces, and seat 1's beings in hand.
fn game(extra: &str, pieces: &[&str], beings: &[&str]) -> GameState {
    scenario(&format!(
        r#"(decks: ["Highland", "Imperial"], {extra} pieces: {pieces:?}, hands: [(beings: {beings:?})])"#
    ))
}

#[test]
fn wild_eagle_combat_leaps_anywhere() {
    let mut g = game("", &["1c d4", "1c f4", "2c a5", "2h b3"], &["Wild Eagle"]);
    summon(&mut g, "Wild Eagle", "e5", &["d4", "f4"]);
    assert!(legal(&g, "move e5 i6"), "any empty square");
    assert!(!legal(&g, "move e5 b3"), "not onto a higher rank");
    play(&mut g, &["move e5 a5"]);
    assert_eq!(pieces(&g), board("1c d4, 1c f4, 1c a5, 2h b3"));
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn wild_eagle_may_stay() {
    let mut g = game("", &["1c d4", "1c f4", "2c a5"], &["Wild Eagle"]);
    summon(&mut g, "Wild Eagle", "e5", &["d4", "f4"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c d4, 1c f4, 1c e5, 2c a5"));
    assert_eq!(pending(&g), "action");
}

#[test]
fn clan_axeman_chops_a_non_legendary_piece_orthogonally_next_to_it() {
    let mut g = game(
        "",
        &["1c d4", "1c f6", "1c e4", "2h e6", "2l d5", "2c f4"],
        &["Clan Axeman"],
    );
    summon(&mut g, "Clan Axeman", "e5", &["d4", "f6"]);
    // Any colour, but not the legendary d5 nor the diagonal f4.
    assert_eq!(texts(&g), ["pick e4", "pick e6", "skip"]);
    play(&mut g, &["pick e6"]);
    assert_eq!(
        pieces(&g),
        board("1c d4, 1c e4, 2c f4, 2l d5, 1c e5, 1c f6")
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn clan_axeman_may_spare_everyone() {
    let mut g = game("", &["1c d4", "1c f6", "2h e6"], &["Clan Axeman"]);
    summon(&mut g, "Clan Axeman", "e5", &["d4", "f6"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c d4, 1c e5, 1c f6, 2h e6"));
}

#[test]
fn clan_healer_places_two_commons_next_to_green_squares() {
    let mut g = game("", &["1c d5", "1c f5", "1c f6"], &["Clan Healer"]);
    summon(&mut g, "Clan Healer", "e5", &["d5", "f5", "f6"]);
    assert!(!legal(&g, "pick c7"), "next to a green square, not on it");
    assert!(!legal(&g, "pick e4"), "e4 touches no green square");
    play(&mut g, &["pick b6", "pick h8"]);
    assert_eq!(
        pieces(&g),
        board("1c d5, 1c e5, 1c f5, 1c f6, 1c b6, 1c h8")
    );
}

#[test]
fn clan_healer_places_only_what_the_supply_holds() {
    // 14 discs on the board; the Healer takes the 15th, one is left for the effect.
    let mut g = game(
        "",
        &[
            "1c d5", "1c f5", "1c f6", "1c c1", "1c d1", "1c e1", "1c f1", "1c g1", "1c b2",
            "1c c2", "1c d2", "1c e2", "1c g2", "1c h2",
        ],
        &["Clan Healer"],
    );
    summon(&mut g, "Clan Healer", "e5", &["d5", "f5", "f6"]);
    play(&mut g, &["pick b6"]);
    assert_eq!(g.supply[0].discs, 0);
    assert_eq!(pending(&g), "action", "the second placement is impossible");
}

#[test]
fn clan_healer_may_place_nothing() {
    let mut g = game("", &["1c d5", "1c f5", "1c f6"], &["Clan Healer"]);
    summon(&mut g, "Clan Healer", "e5", &["d5", "f5", "f6"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c d5, 1c e5, 1c f5, 1c f6"));
}

#[test]
fn dire_wolf_makes_two_combat_moves() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c c3", "2c e6", "2c e7", "2h f6"],
        &["Dire Wolf"],
    );
    summon(&mut g, "Dire Wolf", "e5", &["d4", "e4", "c3"]);
    assert!(
        !legal(&g, "move e5 f6"),
        "a common cannot take a heroic piece"
    );
    play(&mut g, &["move e5 e6", "move e6 e7"]);
    assert_eq!(pieces(&g), board("1c c3, 1c d4, 1c e4, 2h f6, 1c e7"));
    assert_eq!(g.turn.tally.destroyed[1][0], 2);
}

#[test]
fn ritual_keeper_on_green_upgrades_one_of_your_commons() {
    let mut g = game(
        "",
        &["1c c8", "1c b7", "1c a3", "2c c6"],
        &["Ritual Keeper"],
    );
    summon(&mut g, "Ritual Keeper", "c7", &["c8", "b7"]);
    assert_eq!(
        texts(&g),
        ["pick a3", "pick b7", "pick c7", "pick c8"],
        "mandatory, any of your commons, the Keeper included"
    );
    play(&mut g, &["pick a3"]);
    assert_eq!(pieces(&g), board("1h a3, 2c c6, 1c b7, 1c c7, 1c c8"));
}

#[test]
fn ritual_keeper_on_red_gives_one_combat_move() {
    let mut g = game(
        "",
        &["1c c3", "1c b2", "1h e3", "2h e4"],
        &["Ritual Keeper"],
    );
    summon(&mut g, "Ritual Keeper", "c2", &["c3", "b2"]);
    assert!(legal(&g, "skip"), "the move is optional");
    play(&mut g, &["move e3 e4"]);
    assert_eq!(pieces(&g), board("1c b2, 1c c2, 1c c3, 1h e4"));
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn ritual_keeper_elsewhere_does_nothing() {
    let mut g = game("", &["1c e4", "1c d3"], &["Ritual Keeper"]);
    summon(&mut g, "Ritual Keeper", "e3", &["e4", "d3"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c d3, 1c e3, 1c e4"));
}

#[test]
fn eagle_lord_combat_leaps_onto_a_heroic_piece() {
    let mut g = game(
        "",
        &["1c c5", "1c g5", "1c d4", "1c f4", "2h b8", "2l h2"],
        &["Eagle Lord"],
    );
    summon(&mut g, "Eagle Lord", "e5", &["c5", "d4"]);
    assert!(!legal(&g, "move e5 h2"), "not onto a legendary piece");
    play(&mut g, &["move e5 b8"]);
    assert_eq!(
        pieces(&g),
        board("1c c5, 1c g5, 1c d4, 1c f4, 1h b8, 2l h2")
    );
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
}

#[test]
fn wolf_rider_makes_two_combat_moves() {
    let mut g = game(
        "",
        &["1c e4", "1c f4", "1c g4", "1c e3", "2h d6", "2c c7"],
        &["Wolf Rider"],
    );
    summon(&mut g, "Wolf Rider", "e5", &["e4", "g4", "e3"]);
    play(&mut g, &["move e5 d6", "move d6 c7"]);
    assert_eq!(pieces(&g), board("1c e4, 1c f4, 1c g4, 1c e3, 1h c7"));
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn ritual_keeper_on_green_with_no_other_common_upgrades_itself() {
    // The pattern pieces are heroic: the Keeper is the only common piece left, so it is taken.
    let mut g = game("", &["1h c8", "1h b7"], &["Ritual Keeper"]);
    summon(&mut g, "Ritual Keeper", "c7", &["c8", "b7"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1h b7, 1h c7, 1h c8"));
}

#[test]
fn blood_shaman_on_red_takes_the_commons_around_the_square() {
    let mut g = game(
        "",
        &[
            "1c f6", "1c f5", "1c d4", "1c e4", "2h h4", "2c g3", "1c h5", "2h i5", "2l a5",
        ],
        &["Blood Shaman"],
    );
    summon(&mut g, "Blood Shaman", "e5", &["f6", "f5", "d4", "e4"]);
    assert!(!legal(&g, "pick a5"), "not a legendary piece");
    assert!(!legal(&g, "skip"), "mandatory");
    play(&mut g, &["pick h4"]);
    // h4 is red: the commons next to it (g3, and our own h5) go too; the heroic i5 stays.
    assert_eq!(
        pieces(&g),
        board("1c d4, 1c e4, 2l a5, 1h e5, 1c f5, 2h i5, 1c f6")
    );
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn blood_shaman_elsewhere_destroys_just_the_one_piece() {
    let mut g = game(
        "",
        &["1c f6", "1c f5", "1c d4", "1c e4", "2h b3", "2c b4"],
        &["Blood Shaman"],
    );
    summon(&mut g, "Blood Shaman", "e5", &["f6", "f5", "d4", "e4"]);
    play(&mut g, &["pick b3"]);
    assert_eq!(
        pieces(&g),
        board("1c d4, 1c e4, 2c b4, 1h e5, 1c f5, 1c f6")
    );
}

#[test]
fn war_drummer_one_combat_move_by_another_piece() {
    let mut g = game(
        "",
        &[
            "1c e5", "1c f5", "1c e4", "1c f4", "1c b3", "2c b4", "2h c4",
        ],
        &["War Drummer"],
    );
    summon(&mut g, "War Drummer", "e5", &["f5", "e4", "f4"]);
    assert_eq!(texts(&g), ["branch 0", "branch 1", "skip"]);
    play(&mut g, &["branch 0"]);
    assert!(!legal(&g, "move e5 e6"), "not the Drummer himself");
    assert!(
        !legal(&g, "move b3 c4"),
        "a common cannot take a heroic piece"
    );
    play(&mut g, &["move b3 b4"]);
    assert_eq!(
        pieces(&g),
        board("1c b4, 2h c4, 1c e4, 1c f4, 1h e5, 1c f5")
    );
    assert_eq!(pending(&g), "action");
}

#[test]
fn war_drummer_two_standard_moves_by_different_pieces() {
    let mut g = game(
        "",
        &[
            "1c e5", "1c f5", "1c e4", "1c f4", "1c b3", "2c b4", "2h c4",
        ],
        &["War Drummer"],
    );
    summon(&mut g, "War Drummer", "e5", &["f5", "e4", "f4"]);
    play(&mut g, &["branch 1"]);
    assert!(
        !legal(&g, "move b3 b4"),
        "a standard move cannot take an equal rank"
    );
    play(&mut g, &["move b3 a3", "move f5 g6"]);
    assert_eq!(
        pieces(&g),
        board("1c a3, 2c b4, 2h c4, 1c e4, 1c f4, 1h e5, 1c g6")
    );
}

#[test]
fn war_drummer_may_skip() {
    let mut g = game("", &["1c e5", "1c f5", "1c e4", "1c f4"], &["War Drummer"]);
    summon(&mut g, "War Drummer", "e5", &["f5", "e4", "f4"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c e4, 1c f4, 1h e5, 1c f5"));
}

#[test]
fn war_drummer_needs_its_own_piece_on_the_summoning_square() {
    let g = game("", &["1c f5", "1c e4", "1c f4"], &["War Drummer"]);
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn hill_giant_crushes_every_non_legendary_piece_orthogonally_next_to_it() {
    let mut g = game(
        "",
        &[
            "1c e4", "1c d3", "1c e3", "1c f3", "2h e6", "2l d5", "2c f5", "2c f6",
        ],
        &["Hill Giant"],
    );
    summon(&mut g, "Hill Giant", "e5", &["e4", "d3"]);
    // Our own e4, part of the pattern, is crushed too; the legendary d5 and the diagonal f6 stay.
    assert_eq!(pending(&g), "action");
    assert_eq!(
        pieces(&g),
        board("1c d3, 1c e3, 1c f3, 2l d5, 1h e5, 2c f6")
    );
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn warlord_third_move_must_be_his_own_if_the_others_made_two() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c f4", "1c c3", "1c g3"],
        &["Warlord"],
    );
    summon(&mut g, "Warlord", "e5", &["d4", "c3"]);
    play(&mut g, &["move c3 c2", "move g3 g2"]);
    let t = texts(&g);
    assert!(t.contains(&"skip".to_string()));
    assert!(
        t.iter().all(|t| t == "skip" || t.starts_with("move e5")),
        "{t:?}"
    );
    play(&mut g, &["move e5 e6"]);
    assert_eq!(
        pieces(&g),
        board("1c c2, 1c g2, 1c d4, 1c e4, 1c f4, 1h e6")
    );
    assert_eq!(pending(&g), "action");
}

#[test]
fn warlord_who_already_marched_lets_anyone_make_the_third_move() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c f4", "1c c3", "1c g3"],
        &["Warlord"],
    );
    summon(&mut g, "Warlord", "e5", &["d4", "c3"]);
    play(&mut g, &["move e5 e6", "move c3 c2"]);
    assert!(legal(&g, "move g3 g2"));
    play(&mut g, &["move g3 g2"]);
    assert_eq!(
        pieces(&g),
        board("1c c2, 1c g2, 1c d4, 1c e4, 1c f4, 1h e6")
    );
}

#[test]
fn warlord_may_stop_after_one_move() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c f4", "1c c3", "1c g3", "2c c2"],
        &["Warlord"],
    );
    summon(&mut g, "Warlord", "e5", &["d4", "c3"]);
    play(&mut g, &["move c3 c2", "skip"]);
    assert_eq!(
        pieces(&g),
        board("1c c2, 1c g3, 1c d4, 1c e4, 1c f4, 1h e5")
    );
    assert_eq!(pending(&g), "action");
}

/// The summon of `card` on `target` that borrows the enemy piece on `borrow`, in notation.
fn borrowing_summon(g: &GameState, card: &str, target: &str, borrow: &str) -> Option<String> {
    let head = format!("summon {card} {target} ");
    let tail = format!(" borrow {borrow}");
    texts(g)
        .into_iter()
        .find(|t| t.starts_with(&head) && t.ends_with(&tail))
}

#[test]
fn war_summoner_gains_an_action_and_lends_an_enemy_piece_to_the_next_pattern() {
    let position = ["1c d5", "1c f5", "1c e4", "1c e3", "1c g6", "2c h6"];
    let before = game("", &position, &["War Summoner", "Dire Wolf"]);
    assert!(
        borrowing_summon(&before, "Dire Wolf", "h7", "h6").is_none(),
        "no borrowing in a duel without the War Summoner"
    );
    let mut g = game("", &position, &["War Summoner", "Dire Wolf"]);
    summon(&mut g, "War Summoner", "e5", &["d5", "e3"]);
    assert_eq!(g.turn.actions_left, 2);
    assert!(g.turn.borrow);
    // The Dire Wolf's pattern: f5 and g6 are ours, h6 is the enemy's.
    let wolf = borrowing_summon(&g, "Dire Wolf", "h7", "h6").expect("a borrowing summon");
    play(&mut g, &[wolf.as_str(), "skip"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c e4, 1c d5, 1h e5, 1c f5, 1c g6, 2c h6, 1c h7"),
        "the borrowed piece stays the enemy's"
    );
    assert!(!g.turn.borrow);
}

#[test]
fn war_summoner_lending_lapses_after_the_next_summoning() {
    let mut g = game(
        "",
        &["1c d5", "1c f5", "1c e4", "1c e3", "1c g6", "2c h6"],
        &["War Summoner", "Wild Eagle", "Dire Wolf"],
    );
    summon(&mut g, "War Summoner", "e5", &["d5", "e3"]);
    // The next summoning uses only our own pieces: the lent piece is gone with it.
    summon(&mut g, "Wild Eagle", "e6", &["d5", "f5"]);
    play(&mut g, &["skip"]);
    assert!(!g.turn.borrow);
    assert!(borrowing_summon(&g, "Dire Wolf", "h7", "h6").is_none());
}

#[test]
fn ritual_master_on_green_gains_two_actions() {
    let mut g = game("", &["1c b8", "1c b6", "1c d6"], &["Ritual Master"]);
    summon(&mut g, "Ritual Master", "c7", &["b8", "b6", "d6"]);
    assert_eq!(g.turn.actions_left, 3);
    assert_eq!(pieces(&g), board("1c b6, 1c d6, 1h c7, 1c b8"));
}

#[test]
fn ritual_master_on_red_may_destroy_a_heroic_and_a_common_piece_anywhere() {
    let mut g = game(
        "",
        &["1c d6", "1c d4", "1c f4", "2h a3", "2c i5", "2l b8"],
        &["Ritual Master"],
    );
    summon(&mut g, "Ritual Master", "e5", &["d6", "d4", "f4"]);
    assert_eq!(g.turn.actions_left, 1, "no actions on red");
    assert!(legal(&g, "pick a3") && !legal(&g, "pick b8"));
    play(&mut g, &["pick a3"]);
    assert!(legal(&g, "pick d4"), "any common piece, yours too");
    play(&mut g, &["pick i5"]);
    assert_eq!(pieces(&g), board("1c d4, 1c f4, 1h e5, 1c d6, 2l b8"));
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn ritual_master_on_red_may_skip_the_heroic_and_take_only_a_common() {
    let mut g = game(
        "",
        &["1c d6", "1c d4", "1c f4", "2h a3", "2c i5"],
        &["Ritual Master"],
    );
    summon(&mut g, "Ritual Master", "e5", &["d6", "d4", "f4"]);
    play(&mut g, &["skip", "pick i5"]);
    assert_eq!(pieces(&g), board("2h a3, 1c d4, 1c f4, 1h e5, 1c d6"));
}

#[test]
fn legend_slayer_slays_one_legend_and_stops() {
    let mut g = game(
        "",
        &[
            "1c e4", "1c f4", "1c e3", "1c g3", "2l d6", "2h f6", "2c d4",
        ],
        &["Legend Slayer"],
    );
    summon(&mut g, "Legend Slayer", "e5", &["e4", "g3"]);
    play(&mut g, &["pick d6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c g3, 2c d4, 1c e4, 1c f4, 1h e5, 2h f6")
    );
    assert_eq!(g.turn.tally.destroyed[1][2], 1);
}

#[test]
fn legend_slayer_may_take_two_lesser_pieces_instead() {
    let mut g = game(
        "",
        &[
            "1c e4", "1c f4", "1c e3", "1c g3", "2l d6", "2h f6", "2c d4",
        ],
        &["Legend Slayer"],
    );
    summon(&mut g, "Legend Slayer", "e5", &["e4", "g3"]);
    play(&mut g, &["pick f6"]);
    // The second one is non-legendary, on a diagonal: our own f4 could go too.
    assert_eq!(texts(&g), ["pick d4", "pick f4", "skip"]);
    play(&mut g, &["pick d4"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c g3, 1c e4, 1c f4, 1h e5, 2l d6")
    );
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn legend_slayer_may_stop_after_one_lesser_piece() {
    let mut g = game(
        "",
        &["1c e4", "1c f4", "1c e3", "1c g3", "2h f6", "2c d4"],
        &["Legend Slayer"],
    );
    summon(&mut g, "Legend Slayer", "e5", &["e4", "g3"]);
    play(&mut g, &["pick f6", "skip"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c g3, 2c d4, 1c e4, 1c f4, 1h e5")
    );
}

#[test]
fn legend_slayer_with_nothing_else_to_take_stops_after_one() {
    // Our legendary piece on the marked f4 is out of reach of the second, non-legendary strike.
    let mut g = game(
        "",
        &["1c e4", "1l f4", "1c e3", "1c g3", "2h f6"],
        &["Legend Slayer"],
    );
    summon(&mut g, "Legend Slayer", "e5", &["e4", "g3"]);
    play(&mut g, &["pick f6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c e3, 1c g3, 1c e4, 1l f4, 1h e5"));
}

#[test]
fn mountain_troll_crushing_two_commons_gains_an_action() {
    let mut g = game(
        "",
        &[
            "1c d4", "1c e4", "1c e3", "1c f3", "2c d6", "2c f5", "2h e6",
        ],
        &["Mountain Troll"],
    );
    summon(&mut g, "Mountain Troll", "e5", &["d4", "f3"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c f3, 1c d4, 1c e4, 1h e5, 2h e6")
    );
    assert_eq!(g.turn.actions_left, 2);
}

#[test]
fn mountain_troll_crushing_one_common_gains_nothing() {
    let mut g = game(
        "",
        &["1c d4", "1c e4", "1c e3", "1c f3", "2c d6", "2c d7"],
        &["Mountain Troll"],
    );
    summon(&mut g, "Mountain Troll", "e5", &["d4", "f3"]);
    assert_eq!(
        pieces(&g),
        board("1c e3, 1c f3, 1c d4, 1c e4, 1h e5, 2c d7")
    );
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn hungry_bear_keeps_eating_but_stops_on_an_empty_square() {
    let mut g = game(
        "",
        &["1c f5", "1c e4", "1c f4", "2c e6", "2c e7", "2h d5"],
        &["Hungry Bear"],
    );
    summon(&mut g, "Hungry Bear", "e5", &["f5", "e4", "f4"]);
    assert!(
        !legal(&g, "move e5 d5"),
        "a standard move cannot take a heroic piece"
    );
    play(&mut g, &["move e5 e6", "move e6 e7"]);
    assert_eq!(pieces(&g), board("1c e4, 1c f4, 2h d5, 1c f5, 1h e7"));
}

#[test]
fn hungry_bear_stops_after_stepping_onto_an_empty_square() {
    let mut g = game("", &["1c f5", "1c e4", "1c f4", "2c e7"], &["Hungry Bear"]);
    summon(&mut g, "Hungry Bear", "e5", &["f5", "e4", "f4"]);
    play(&mut g, &["move e5 e6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c e4, 1c f4, 1c f5, 1h e6, 2c e7"));
}

#[test]
fn werewolf_on_an_outer_green_square_makes_three_combat_moves() {
    let mut g = game(
        "",
        &["1c e8", "1c d7", "1c e6", "2h h7", "2c h6"],
        &["Werewolf"],
    );
    summon(&mut g, "Werewolf", "g7", &["e8", "d7", "e6"]);
    play(&mut g, &["move g7 h7", "move h7 h6", "move h6 h5"]);
    assert_eq!(pieces(&g), board("1h h5, 1c e6, 1c d7, 1c e8"));
    assert_eq!(g.turn.tally.destroyed[1], [1, 1, 0]);
}

#[test]
fn werewolf_on_the_central_red_square_takes_one_standard_move() {
    let mut g = game("", &["1c c6", "1c b5", "1c c4", "2h e6"], &["Werewolf"]);
    summon(&mut g, "Werewolf", "e5", &["c6", "b5", "c4"]);
    assert!(
        !legal(&g, "move e5 e6"),
        "a standard move cannot take a heroic piece"
    );
    play(&mut g, &["move e5 f6"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c c4, 1c b5, 1c c6, 1h f6, 2h e6"));
}

#[test]
fn werewolf_on_a_plain_square_takes_one_standard_move() {
    let mut g = game("", &["1c c4", "1c b3", "1c c2"], &["Werewolf"]);
    summon(&mut g, "Werewolf", "e3", &["c4", "b3", "c2"]);
    play(&mut g, &["move e3 e4"]);
    assert_eq!(pending(&g), "action");
    assert_eq!(pieces(&g), board("1c c2, 1c b3, 1c c4, 1h e4"));
}

#[test]
fn clan_guardian_upgrades_a_common_piece_of_its_pattern() {
    let mut g = game(
        "",
        &["1c c5", "1c d5", "1h f5", "1c a3"],
        &["Clan Guardian"],
    );
    summon(&mut g, "Clan Guardian", "e5", &["c5", "d5", "f5"]);
    assert_eq!(texts(&g), ["pick c5", "pick d5", "skip"]);
    play(&mut g, &["pick d5"]);
    assert_eq!(pieces(&g), board("1c a3, 1c c5, 1h d5, 1h e5, 1h f5"));
}

#[test]
fn clan_guardian_may_upgrade_nothing() {
    let mut g = game("", &["1c c5", "1c d5", "1c f5"], &["Clan Guardian"]);
    summon(&mut g, "Clan Guardian", "e5", &["c5", "d5", "f5"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c c5, 1c d5, 1h e5, 1c f5"));
}

#[test]
fn every_highland_being_loads_and_can_be_summoned_from_its_printed_pattern() {
    every_being_summons_from_its_printed_pattern("Highland");
}

#[test]
fn optional_moves_may_be_cut_short() {
    // Dire Wolf: one combat move of two.
    let mut g = game("", &["1c d4", "1c e4", "1c c3"], &["Dire Wolf"]);
    summon(&mut g, "Dire Wolf", "e5", &["d4", "e4", "c3"]);
    play(&mut g, &["move e5 e6", "skip"]);
    assert_eq!(pieces(&g), board("1c c3, 1c d4, 1c e4, 1c e6"));
    assert_eq!(pending(&g), "action");

    // Wolf Rider: no move at all.
    let mut g = game("", &["1c e4", "1c f4", "1c g4", "1c e3"], &["Wolf Rider"]);
    summon(&mut g, "Wolf Rider", "e5", &["e4", "g4", "e3"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c e3, 1c e4, 1c f4, 1c g4, 1h e5"));

    // Eagle Lord: stays.
    let mut g = game("", &["1c c5", "1c g5", "1c d4", "1c f4"], &["Eagle Lord"]);
    summon(&mut g, "Eagle Lord", "e5", &["c5", "d4"]);
    play(&mut g, &["skip"]);
    assert!(pieces(&g).contains("1h e5"));

    // Hungry Bear: eats once, then stops of its own accord.
    let mut g = game(
        "",
        &["1c f5", "1c e4", "1c f4", "2c e6", "2c e7"],
        &["Hungry Bear"],
    );
    summon(&mut g, "Hungry Bear", "e5", &["f5", "e4", "f4"]);
    play(&mut g, &["move e5 e6", "skip"]);
    assert_eq!(pieces(&g), board("1c e4, 1c f4, 1c f5, 1h e6, 2c e7"));

    // Werewolf on an outer green square: one combat move of three.
    let mut g = game("", &["1c e8", "1c d7", "1c e6"], &["Werewolf"]);
    summon(&mut g, "Werewolf", "g7", &["e8", "d7", "e6"]);
    play(&mut g, &["move g7 g6", "skip"]);
    assert_eq!(pieces(&g), board("1h g6, 1c e6, 1c d7, 1c e8"));

    // Ritual Keeper on red: no combat move.
    let mut g = game(
        "",
        &["1c c3", "1c b2", "1h e3", "2h e4"],
        &["Ritual Keeper"],
    );
    summon(&mut g, "Ritual Keeper", "c2", &["c3", "b2"]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), board("1c b2, 1c c2, 1c c3, 1h e3, 2h e4"));
}
