//! Rules scenarios for the Imperial deck: each being's effect, its optional parts and its limits.
//! Boards are written as piece lists (`1c e4` = seat 1's common piece on e4), in square order
//! (rank by rank from a1).

mod common;
use common::*;

#[test]
fn swordmaster_cuts_a_diagonal_common_and_turns_heroic() {
    let mut g = scenario(
        r#"(pieces: ["1c e4", "1c e6", "2c d6", "2c f4", "2h d4"], hands: [(beings: ["Swordmaster"])])"#,
    );
    summon(&mut g, "Swordmaster", "e5", &[]);
    assert_eq!(pending(&g), "effect:destroy");
    // Only enemy commons on the diagonals: the heroic piece on d4 is out of reach.
    assert_eq!(texts(&g), ["pick f4", "pick d6", "skip"]);
    play(&mut g, &["pick d6"]);
    assert_eq!(pieces(&g), "2h d4, 1c e4, 2c f4, 1h e5, 1c e6");
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn swordmaster_that_cuts_nothing_stays_common() {
    let mut g =
        scenario(r#"(pieces: ["1c e4", "1c e6", "2c d6"], hands: [(beings: ["Swordmaster"])])"#);
    summon(&mut g, "Swordmaster", "e5", &[]);
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c e4, 1c e5, 2c d6, 1c e6");
    assert_eq!(pending(&g), "action");
}

#[test]
fn messenger_runs_a_piece_in_a_straight_line_destroying_lower_ranks() {
    let mut g = scenario(
        r#"(pieces: ["1c f4", "1c g3", "1h b5", "2c c5", "1c e5"], hands: [(beings: ["Messenger"])])"#,
    );
    // e5 holds our own common piece: the Messenger lands on it (same rank), destroying it.
    summon(&mut g, "Messenger", "e5", &[]);
    play(&mut g, &["pick b5", "move b5 c5", "move c5 d5"]);
    // A heroic runner may go on and take even our own common Messenger (a lower rank); we stop.
    assert!(
        legal(&g, "move d5 e5"),
        "a heroic piece may destroy a lower-rank piece of any colour"
    );
    play(&mut g, &["skip"]);
    assert_eq!(pieces(&g), "1c g3, 1c f4, 1h d5, 1c e5");
    assert_eq!(
        g.turn.tally.destroyed[1][0], 1,
        "the enemy common on c5 counts as destroyed"
    );
}

#[test]
fn messenger_keeps_to_one_line() {
    let mut g =
        scenario(r#"(pieces: ["1c f4", "1c g3", "1c b5"], hands: [(beings: ["Messenger"])])"#);
    summon(&mut g, "Messenger", "e5", &[]);
    play(&mut g, &["pick b5", "move b5 b6"]);
    assert_eq!(texts(&g), ["move b6 b7", "skip"]);
}

#[test]
fn herald_moves_own_pieces_onto_empty_squares_only() {
    let mut g = scenario(
        r#"(pieces: ["1c f4", "1c g4", "1c f3", "2c h4"], hands: [(beings: ["Herald"])])"#,
    );
    summon(&mut g, "Herald", "e5", &[]);
    assert!(!legal(&g, "move g4 h4"), "moves go onto empty squares only");
    assert!(!legal(&g, "move h4 h5"), "only your own pieces move");
    play(&mut g, &["move g4 g5", "move f3 f2"]);
    assert_eq!(pieces(&g), "1c f2, 1c f4, 2c h4, 1c e5, 1c g5");
}

#[test]
fn bomb_blows_up_with_the_commons_around_it() {
    let mut g = scenario(
        r#"(pieces: ["1c f4", "1c f3", "2c d6", "2h e6", "2c d4"], hands: [(beings: ["Bomb"])])"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    // The Bomb, our own common on f4 and the enemy commons next to it are gone; the heroic stays.
    assert_eq!(pieces(&g), "1c f3, 2h e6");
    assert_eq!(g.turn.tally.destroyed[1][0], 2);
}

#[test]
fn bomb_as_the_last_action_does_nothing() {
    let mut g = scenario(
        r#"(actions_left: 1, pieces: ["1c f4", "1c f3", "2c d6"], hands: [(beings: ["Bomb"])])"#,
    );
    summon(&mut g, "Bomb", "e5", &[]);
    assert_eq!(pieces(&g), "1c f3, 1c f4, 1c e5, 2c d6");
}

#[test]
fn chronicler_upgrades_another_common_which_may_step() {
    let mut g = scenario(
        r#"(pieces: ["1c e6", "1c d5", "1c f5", "2c c5"], hands: [(beings: ["Chronicler"])])"#,
    );
    summon(&mut g, "Chronicler", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["pick d5", "pick f5", "pick e6"],
        "mandatory, and not the Chronicler itself"
    );
    play(&mut g, &["pick d5", "move d5 c5"]);
    assert_eq!(pieces(&g), "1h c5, 1c e5, 1c f5, 1c e6");
}

#[test]
fn assassin_destroys_whatever_is_on_the_marked_square() {
    let mut g = scenario(
        r#"(pieces: ["1c d8", "1c c7", "1c b6", "2l d6"], hands: [(beings: ["Assassin"])])"#,
    );
    summon(&mut g, "Assassin", "e5", &[]);
    assert_eq!(pieces(&g), "1h e5, 1c b6, 1c c7, 1c d8");
    assert_eq!(g.turn.tally.destroyed[1][2], 1);
}

#[test]
fn assassin_may_step_onto_an_empty_marked_square() {
    let mut g =
        scenario(r#"(pieces: ["1c d8", "1c c7", "1c b6"], hands: [(beings: ["Assassin"])])"#);
    summon(&mut g, "Assassin", "e5", &[]);
    assert_eq!(texts(&g), ["move e5 d6", "skip"]);
    play(&mut g, &["move e5 d6"]);
    assert_eq!(pieces(&g), "1c b6, 1h d6, 1c c7, 1c d8");
}

#[test]
fn time_mage_gains_an_action_and_kills_an_enemy_on_the_mark() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c c4", "1c e4", "1c d3", "2h d4"], hands: [(beings: ["Time Mage"])])"#,
    );
    summon(&mut g, "Time Mage", "e5", &[]);
    assert_eq!(g.turn.actions_left, 2);
    assert_eq!(pieces(&g), "1c d3, 1c c4, 1c e4, 1c d5, 1h e5");
}

#[test]
fn time_mage_spares_your_own_piece_on_the_mark() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c c4", "1c e4", "1c d3", "1c d4"], hands: [(beings: ["Time Mage"])])"#,
    );
    summon(&mut g, "Time Mage", "e5", &["d3"]);
    assert!(pieces(&g).contains("1c d4"));
}

#[test]
fn summoner_places_up_to_two_commons_on_marked_squares() {
    let mut g =
        scenario(r#"(pieces: ["1c d4", "1c e4", "1c f4"], hands: [(beings: ["Summoner"])])"#);
    summon(&mut g, "Summoner", "e5", &[]);
    assert!(legal(&g, "pick c7") && legal(&g, "pick g5"));
    assert!(!legal(&g, "pick c6"), "c6 is not marked");
    play(&mut g, &["pick d6", "pick g7"]);
    assert_eq!(pieces(&g), "1c d4, 1c e4, 1c f4, 1h e5, 1c d6, 1c g7");
}

#[test]
fn summoner_places_only_what_the_supply_holds() {
    // A duel colour has 16 discs: with 15 on the board, the summoned heroic takes the last one.
    let mut g = scenario(
        r#"(pieces: ["1c d4", "1c e4", "1c f4", "1c a3", "1c a4", "1c a5", "1c a6", "1c a7", "1c b2", "1c b3", "1c b4", "1c b5", "1c b6", "1c b7", "1c b8"],
            hands: [(beings: ["Summoner"])])"#,
    );
    assert_eq!(g.supply[0].discs, 1);
    summon(&mut g, "Summoner", "e5", &[]);
    // The summoned heroic took the last disc: nothing to place, the effect ends.
    assert_eq!(pending(&g), "action");
}

#[test]
fn hypnotist_moves_enemy_commons_and_their_victims_count_for_you() {
    let mut g = scenario(
        r#"(pieces: ["1c f6", "1c d5", "1c f5", "1c d4", "2c a5", "2c a4", "2c i7", "2h h2"], hands: [(beings: ["Hypnotist"])])"#,
    );
    summon(&mut g, "Hypnotist", "e5", &[]);
    assert_eq!(texts(&g), ["branch 0", "branch 1", "skip"]);
    play(&mut g, &["branch 0", "move a5 a4"]);
    assert!(!legal(&g, "move a4 a3"), "each enemy piece moves once");
    assert!(legal(&g, "move i7 i6"));
    play(&mut g, &["skip"]);
    assert_eq!(
        pieces(&g),
        "2h h2, 2c a4, 1c d4, 1c d5, 1h e5, 1c f5, 1c f6, 2c i7"
    );
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn hypnotist_offers_only_branches_that_can_do_something() {
    let mut g = scenario(
        r#"(pieces: ["1c f6", "1c d5", "1c f5", "1c d4", "2c a5"], hands: [(beings: ["Hypnotist"])])"#,
    );
    summon(&mut g, "Hypnotist", "e5", &[]);
    assert_eq!(texts(&g), ["branch 0", "skip"]);
}

#[test]
fn cannon_destroys_every_common_along_the_chosen_arrow() {
    let mut g = scenario(
        r#"(pieces: ["1c e5", "1c d5", "1c c4", "2c e7", "1c e8", "2h e9", "2c f6"], hands: [(beings: ["Cannon"])])"#,
    );
    summon(&mut g, "Cannon", "e5", &[]);
    assert_eq!(texts(&g).len(), 8, "seven arrows and skip");
    assert!(
        !legal(&g, "dir w"),
        "no arrow points west in this placement"
    );
    play(&mut g, &["dir n"]);
    assert_eq!(pieces(&g), "1c c4, 1c d5, 1h e5, 2c f6, 2h e9");
}

#[test]
fn champion_slaying_a_legend_falls_and_gains_an_action() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c d4", "1c e4", "1c e3", "2l f6", "2h f5"], hands: [(beings: ["Champion"])])"#,
    );
    summon(&mut g, "Champion", "e5", &[]);
    play(&mut g, &["pick f6"]);
    assert_eq!(pieces(&g), "1c e3, 1c d4, 1c e4, 1c d5, 2h f5");
    assert_eq!(g.turn.actions_left, 2);
}

#[test]
fn champion_slaying_a_hero_stays() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c d4", "1c e4", "1c e3", "2l f6", "2h f5"], hands: [(beings: ["Champion"])])"#,
    );
    summon(&mut g, "Champion", "e5", &[]);
    play(&mut g, &["pick f5"]);
    assert_eq!(pieces(&g), "1c e3, 1c d4, 1c e4, 1c d5, 1h e5, 2l f6");
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn infantry_captain_commands_two_combat_moves_but_not_himself() {
    let mut g = scenario(
        r#"(pieces: ["1c c4", "1c d4", "1c f4", "1c g4", "2c c5", "2h g5"], hands: [(beings: ["Infantry Captain"])])"#,
    );
    summon(&mut g, "Infantry Captain", "e5", &[]);
    assert!(!texts(&g).iter().any(|t| t.starts_with("move e5")));
    assert!(
        !legal(&g, "move g4 g5"),
        "a common cannot combat-move onto a heroic piece"
    );
    play(&mut g, &["move c4 c5", "move c5 c6"]);
    assert_eq!(pieces(&g), "1c d4, 1c f4, 1c g4, 1h e5, 2h g5, 1c c6");
}

#[test]
fn cavalry_captain_gives_one_combat_and_two_standard_moves_in_any_order() {
    let mut g = scenario(
        r#"(pieces: ["1c d4", "1c f4", "1c d3", "1c f3", "1h b5", "2h b8", "2c c7"], hands: [(beings: ["Cavalry Captain"])])"#,
    );
    summon(&mut g, "Cavalry Captain", "e5", &[]);
    play(&mut g, &["pick b5", "move b5 b6"]);
    // Onto the enemy common: that is a standard move for a heroic piece.
    play(&mut g, &["move b6 c7"]);
    // Two standard moves are used up; the combat move may still take an equal-rank piece.
    assert_eq!(
        texts(&g).iter().filter(|t| t.starts_with("move")).count(),
        8
    );
    play(&mut g, &["move c7 b8"]);
    assert_eq!(pieces(&g), "1c d3, 1c f3, 1c d4, 1c f4, 1h e5, 1h b8");
}

#[test]
fn gryphon_rider_leaps_then_may_turn_common_to_drop_a_piece() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c c4", "1c e4", "1c f3", "2h h8"], hands: [(beings: ["Gryphon Rider"])])"#,
    );
    summon(&mut g, "Gryphon Rider", "e5", &[]);
    play(&mut g, &["move e5 h8", "yes", "pick g8"]);
    assert_eq!(pieces(&g), "1c f3, 1c c4, 1c e4, 1c d5, 1c g8, 1c h8");
}

#[test]
fn gryphon_rider_without_a_leap_keeps_her_rank() {
    let mut g = scenario(
        r#"(pieces: ["1c d5", "1c c4", "1c e4", "1c f3"], hands: [(beings: ["Gryphon Rider"])])"#,
    );
    summon(&mut g, "Gryphon Rider", "e5", &[]);
    play(&mut g, &["skip"]);
    assert!(pieces(&g).contains("1h e5"));
    assert_eq!(pending(&g), "action");
}

#[test]
fn knight_rides_up_to_three_combat_moves_sparing_commons() {
    let mut g = scenario(
        r#"(pieces: ["1c d4", "1c e4", "1c f4", "1c d3", "2c e6", "2h f6", "2h g7"], hands: [(beings: ["Knight"])])"#,
    );
    summon(&mut g, "Knight", "e5", &[]);
    assert!(
        !legal(&g, "move e5 e6"),
        "the Knight cannot destroy a common piece"
    );
    play(&mut g, &["move e5 f6", "move f6 g7", "move g7 g8"]);
    assert_eq!(pieces(&g), "1c d3, 1c d4, 1c e4, 1c f4, 2c e6, 1h g8");
    assert_eq!(g.turn.tally.destroyed[1][1], 2);
}

#[test]
fn high_priestess_is_summoned_on_her_own_piece_then_blesses_a_neighbour() {
    let mut g = scenario(
        r#"(pieces: ["1c e5", "1c d3", "1c f3", "2c d7"], hands: [(beings: ["High Priestess"])])"#,
    );
    summon(&mut g, "High Priestess", "e5", &[]);
    play(&mut g, &["move e5 e6", "pick d7"]);
    assert_eq!(pieces(&g), "1c d3, 1c f3, 1h e6, 2h d7");
}

#[test]
fn high_priestess_needs_her_own_piece_on_the_summoning_square() {
    let g = scenario(r#"(pieces: ["1c d3", "1c f3"], hands: [(beings: ["High Priestess"])])"#);
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn master_of_intrigue_mixes_his_own_steps_with_combat_moves_of_his_summoners() {
    let mut g = scenario(
        r#"(pieces: ["1c d6", "1c f6", "1c d4", "1h f4", "2c c3", "1c a5"], hands: [(beings: ["Master of Intrigue"])])"#,
    );
    summon(&mut g, "Master of Intrigue", "e5", &[]);
    assert!(
        !texts(&g).iter().any(|t| t.starts_with("move a5")),
        "only the pieces that summoned him"
    );
    play(&mut g, &["move d4 c3", "move e5 e6", "move c3 b3"]);
    assert_eq!(pieces(&g), "1c b3, 1h f4, 1c a5, 1c d6, 1h e6, 1c f6");
}

#[test]
fn gun_tower_shoots_the_first_two_pieces_in_line() {
    let mut g = scenario(
        r#"(pieces: ["1c e4", "1c f4", "1c e3", "1c f3", "2c g5", "1h h5", "2c i5"], hands: [(beings: ["Gun Tower"])])"#,
    );
    summon(&mut g, "Gun Tower", "e5", &[]);
    play(&mut g, &["dir e"]);
    assert_eq!(pieces(&g), "1c e3, 1c f3, 1c e4, 1c f4, 1h e5, 2c i5");
}

#[test]
fn gun_tower_shot_stops_at_a_legendary_piece() {
    let mut g = scenario(
        r#"(pieces: ["1c e4", "1c f4", "1c e3", "1c f3", "2c d5", "2l c5", "2c b5"], hands: [(beings: ["Gun Tower"])])"#,
    );
    summon(&mut g, "Gun Tower", "e5", &[]);
    play(&mut g, &["dir w"]);
    assert_eq!(
        pieces(&g),
        "1c e3, 1c f3, 1c e4, 1c f4, 2c b5, 2l c5, 1h e5"
    );
}
