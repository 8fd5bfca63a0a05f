//! Rules scenarios for the twelve legends.

mod common;
use common::*;

#[test]
fn fire_dragon_burns_non_legendary_pieces_in_a_fan_of_three_directions() {
    let mut g = scenario(
        r#"(pieces: ["1h d8", "1h f8", "1c e7", "1h e6", "2c e4", "2h c3", "2l f4", "1c g3", "2c e2", "2c d5"],
            hands: [(legends: ["Fire Dragon"])])"#,
    );
    summon(&mut g, "Fire Dragon", "e5", &[]);
    assert_eq!(
        texts(&g),
        ["dir e", "dir se", "dir s", "dir sw", "dir w"],
        "mandatory: no skip"
    );
    play(&mut g, &["dir s"]);
    // e4, c3 and our own g3 burn; the legendary f4 and e2 (three squares away) and d5 stay.
    assert_eq!(
        pieces(&g),
        "2c e2, 2l f4, 2c d5, 1l e5, 1h e6, 1c e7, 1h d8, 1h f8"
    );
}

#[test]
fn hell_bull_charges_until_it_destroys_a_legend() {
    let mut g = scenario(
        r#"(pieces: ["1c e5", "1c d6", "1c f6", "1h d5", "1h f5", "1c e4", "2c e7", "2l e8", "2c e9"],
            hands: [(legends: ["Hell Bull"])])"#,
    );
    summon(&mut g, "Hell Bull", "e5", &[]);
    play(&mut g, &["move e5 e6", "move e6 e7", "move e7 e8"]);
    assert_eq!(
        pieces(&g),
        "1c e4, 1h d5, 1h f5, 1c d6, 1c f6, 1l e8, 2c e9"
    );
    assert_eq!(
        pending(&g),
        "action",
        "the charge stops after destroying a legendary piece"
    );
}

#[test]
fn angel_of_death_raises_a_piece_then_strikes_it() {
    let mut g = scenario(
        r#"(pieces: ["1h e5", "1c d6", "1c f6", "1c c5", "1c g5", "1c e4", "2h b2"],
            hands: [(legends: ["Angel of Death"])])"#,
    );
    summon(&mut g, "Angel of Death", "e5", &[]);
    play(&mut g, &["pick b2"]);
    assert_eq!(pieces(&g), "1l b2, 1c e4, 1c c5, 1c g5, 1c d6, 1c f6");
    assert_eq!(
        g.turn.tally.destroyed[1][2], 1,
        "it was upgraded to legendary before the strike"
    );
    assert_eq!(g.supply[1].legendary, 3);
}

#[test]
fn the_eldest_tree_destroys_upgrades_and_plants_around_it() {
    let mut g = scenario(
        r#"(pieces: ["1h f6", "1c c5", "1c g5", "1h d4", "2c e6", "1c f5", "2l d6"],
            hands: [(legends: ["The Eldest Tree"])])"#,
    );
    summon(&mut g, "The Eldest Tree", "e5", &[]);
    let offered = texts(&g);
    assert!(
        !offered.contains(&"pick d6".to_string()),
        "a legendary enemy is out of reach"
    );
    assert!(
        !offered.contains(&"pick f6".to_string()),
        "our own heroic piece is not a target"
    );
    play(&mut g, &["pick e6", "pick f5", "pick d5"]);
    assert_eq!(
        pieces(&g),
        "1h d4, 1c c5, 1c d5, 1l e5, 1h f5, 1c g5, 2l d6, 1h f6"
    );
}

#[test]
fn bone_catapult_hits_any_piece_along_an_arrow_and_the_commons_around_it() {
    let mut g = scenario(
        r#"(pieces: ["1c d6", "1h d4", "1h e4", "1h f4", "2h e7", "2c d8", "1c f7", "2h e8"],
            hands: [(legends: ["Bone Catapult"])])"#,
    );
    summon(&mut g, "Bone Catapult", "e5", &[]);
    play(&mut g, &["pick e7"]);
    // e7 and every common next to it go, our own d6 included; the heroic e8 stays.
    assert_eq!(pieces(&g), "1h d4, 1h e4, 1h f4, 1l e5, 2h e8");
}

#[test]
fn fire_elemental_burns_the_ring_or_the_commons_within_two() {
    let setup = r#"(pieces: ["1h d4", "1c f4", "1h c3", "1c e3", "1c g3", "2h e6", "2c f5", "2l d5", "2c g7", "2c c5"],
                    hands: [(legends: ["Fire Elemental"])])"#;
    let mut ring = scenario(setup);
    summon(&mut ring, "Fire Elemental", "e5", &[]);
    play(&mut ring, &["branch 0"]);
    assert_eq!(
        pieces(&ring),
        "1h c3, 1c e3, 1c g3, 1h d4, 1c f4, 2c c5, 2l d5, 1l e5, 2c g7"
    );
    let mut wide = scenario(setup);
    summon(&mut wide, "Fire Elemental", "e5", &[]);
    play(&mut wide, &["branch 1"]);
    assert_eq!(
        pieces(&wide),
        "1h c3, 1c e3, 1c g3, 1h d4, 1c f4, 2l d5, 1l e5, 2h e6"
    );
}

#[test]
fn leviathan_destroys_a_touching_group_of_commons() {
    let mut g = scenario(
        r#"(pieces: ["1h c4", "1h d4", "1h a3", "1c b3", "2c g7", "2c g8", "1c h8", "2c b8"],
            hands: [(legends: ["Leviathan"])])"#,
    );
    summon(&mut g, "Leviathan", "e5", &[]);
    play(&mut g, &["branch 1", "pick g7"]);
    assert!(!legal(&g, "pick b8"), "the group must touch");
    play(&mut g, &["pick g8", "pick h8"]);
    assert_eq!(pieces(&g), "1h a3, 1c b3, 1h c4, 1h d4, 1l e5, 2c b8");
}

#[test]
fn leviathan_downgrades_a_touching_group_of_upgraded_pieces() {
    let mut g = scenario(
        r#"(pieces: ["1h c4", "1h d4", "1h a3", "1c b3", "2l f7", "2h f8"], hands: [(legends: ["Leviathan"])])"#,
    );
    summon(&mut g, "Leviathan", "e5", &[]);
    play(&mut g, &["branch 0", "pick f7", "pick f8"]);
    assert_eq!(
        pieces(&g),
        "1h a3, 1c b3, 1h c4, 1h d4, 1l e5, 2h f7, 2c f8"
    );
}

#[test]
fn two_headed_dragon_upgrades_a_summoner_then_bites_a_hero_next_to_it() {
    let mut g = scenario(
        r#"(pieces: ["1h e5", "1h d4", "1h c3", "1c e3", "1c f2", "2h f4"], hands: [(legends: ["Two-Headed Dragon"])])"#,
    );
    summon(&mut g, "Two-Headed Dragon", "c5", &[]);
    play(&mut g, &["pick e3", "pick f4"]);
    assert_eq!(pieces(&g), "1c f2, 1h c3, 1h e3, 1h d4, 1l c5, 1h e5");
}

#[test]
fn earth_elemental_destroys_near_red_upgrades_near_green_then_steps_onto_colour() {
    let mut g = scenario(
        r#"(pieces: ["1c h6", "1c g5", "1c h5", "1h f4", "1h i4", "2c d7", "2l h3"], hands: [(legends: ["Earth Elemental"])])"#,
    );
    summon(&mut g, "Earth Elemental", "g6", &[]);
    // Non-legendary pieces on or next to a red square (h4, d8): not the legendary h3.
    assert_eq!(
        texts(&g),
        ["pick f4", "pick i4", "pick g5", "pick h5", "pick d7"]
    );
    play(&mut g, &["pick d7"]);
    // Common pieces on or next to a green square (i6, g7).
    assert_eq!(texts(&g), ["pick h5", "pick h6"]);
    play(&mut g, &["pick h6"]);
    assert_eq!(texts(&g), ["move g6 g7", "skip"]);
    play(&mut g, &["move g6 g7"]);
    assert_eq!(
        pieces(&g),
        "2l h3, 1h f4, 1h i4, 1c g5, 1c h5, 1h h6, 1l g7"
    );
}

#[test]
fn time_elemental_takes_an_extra_turn_even_in_the_final_round() {
    let mut g = scenario(
        r#"(turns_left: 1, pieces: ["1h d4", "1h f4", "1h e3", "1c d2", "1c f2"], hands: [(legends: ["Time Elemental"])])"#,
    );
    summon(&mut g, "Time Elemental", "e5", &[]);
    play(&mut g, &["place a5"]);
    assert_eq!(g.turn.seat.0, 0, "seat 1 plays again");
    assert!(!g.is_over());
    play(&mut g, &["place a6", "place a7"]);
    assert!(g.is_over(), "after the extra turn the final round is over");
}

#[test]
fn storm_elemental_drops_a_piece_that_storms_in_a_line_and_vanishes() {
    let mut g = scenario(
        r#"(pieces: ["1c e5", "1h d7", "1h d6", "1h f6", "2c b3", "2c b2"], hands: [(legends: ["Storm Elemental"])])"#,
    );
    summon(&mut g, "Storm Elemental", "e5", &[]);
    assert!(legal(&g, "place b5 legendary"), "any rank the supply holds");
    play(
        &mut g,
        &["place b5 common", "move b5 b4", "move b4 b3", "skip"],
    );
    assert_eq!(pieces(&g), "2c b2, 1l e5, 1h d6, 1h f6, 1h d7");
    assert_eq!(g.turn.tally.destroyed[1][0], 1);
}

#[test]
fn titan_crushes_its_neighbours_without_scoring_them() {
    let mut g = scenario(
        r#"(pieces: ["1h e4", "1h e3", "1c d2", "1c e2", "1c f2", "2l e6", "2l d6", "2c f4", "2h d5"],
            hands: [(legends: ["Titan"])])"#,
    );
    summon(&mut g, "Titan", "e5", &[]);
    // Our own heroic on e4 is crushed too; the legendary d6 (diagonal) survives.
    assert_eq!(pieces(&g), "1c d2, 1c e2, 1c f2, 1h e3, 1l e5, 2l d6");
    assert_eq!(g.turn.tally.destroyed, [[0; 3]; 4], "nothing is credited");
}

#[test]
fn a_legend_needs_heroic_pieces_where_its_pattern_shows_them() {
    let g = scenario(
        r#"(pieces: ["1c d4", "1h f4", "1h e3", "1c d2", "1c f2"], hands: [(legends: ["Time Elemental"])])"#,
    );
    assert!(
        !texts(&g).iter().any(|t| t.starts_with("summon")),
        "d4 must be heroic or better"
    );
    let g = scenario(
        r#"(pieces: ["1l d4", "1h f4", "1h e3", "1h d2", "1l f2"], hands: [(legends: ["Time Elemental"])])"#,
    );
    assert!(
        legal(&g, "summon Time Elemental e5 0"),
        "higher ranks satisfy lower ones"
    );
}
