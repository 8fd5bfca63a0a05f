//! Rules scenarios for High Ground: the setup, moving and attacking, playing cards, discarding and
//! drawing, Jokers, both ways to win, the turn limit, Mini-High Ground, positions and saves. The die
//! is in `highground_die.rs`. Boards are the 3x3 of `hg::BOARD` unless a test lays its own; stacks
//! read bottom first (`"0,1: 2Mt 1St"`: seat 1's small sits on seat 2's medium).

mod hg;
use hg::*;
use table::highground::{
    Card, HighGround, Orientation, Outcome, Pending, Setup, Status, Variant, Victory,
};
use table::shell::game::Game;

/// Both seats' trios on their own Kings, as a game begins.
const START: &str = r#"stacks: [
    "0,-2: 1Lt 1Mt 1St", "0,-2: 1Sn 1Mn 1Ln",
    "0,2: 2Lt 2Mt 2St", "0,2: 2Sn 2Mn 2Ln",
]"#;

// ----- Setup -----

#[test]
fn the_setup_lays_the_first_card_in_the_centre_then_each_seat_lays_one_in_turn() {
    let mut g = position(r#"(players: 2, pile: "5 7 9 2 3 4 6 8 10")"#);
    assert_eq!(
        g.board_text(),
        ["0,0: 5"],
        "the first card is laid for seat 1"
    );
    assert_eq!((pending(&g), seat(&g)), ("lay", 2));
    assert_eq!(g.pending(), &Pending::Lay(Card::of_level(7).unwrap()));
    // Only next to a card already laid: the corners are not reachable yet.
    assert_eq!(texts(&g), ["lay 0,1", "lay -1,0", "lay 1,0", "lay 0,-1"]);
    play(&mut g, &["lay 0,1"]);
    assert_eq!(seat(&g), 1);
    assert_eq!(
        texts(&g),
        ["lay -1,1", "lay 1,1", "lay -1,0", "lay 1,0", "lay 0,-1"]
    );
    play(
        &mut g,
        &[
            "lay 1,1",
            "lay 1,0",
            "lay 1,-1",
            "lay 0,-1",
            "lay -1,-1",
            "lay -1,0",
        ],
    );
    // The ninth card has one place left and is laid for its seat; then the Kings.
    assert_eq!(g.board().len(), 9);
    assert_eq!(level(&g, "-1,1"), 10);
    assert_eq!((pending(&g), seat(&g)), ("king", 1));
}

#[test]
fn laid_cards_alternate_orientation_long_side_against_short_side() {
    let mut g = position(r#"(players: 2, pile: "5 7 9 2 3 4 6 8 10")"#);
    play(
        &mut g,
        &[
            "lay 0,1",
            "lay 1,1",
            "lay 1,0",
            "lay 1,-1",
            "lay 0,-1",
            "lay -1,-1",
            "lay -1,0",
        ],
    );
    for t in g.board().territories() {
        let upright = (t.pos.x + t.pos.y) % 2 == 0;
        assert_eq!(t.pos.orientation() == Orientation::Upright, upright);
        for n in g.board().adjacent(t.pos) {
            assert_ne!(n.orientation(), t.pos.orientation(), "{} and {n}", t.pos);
        }
    }
    assert_eq!(at("0,0").orientation(), Orientation::Upright);
    assert_eq!(at("0,1").orientation(), Orientation::Sideways);
}

#[test]
fn a_joker_turned_over_in_the_setup_gets_its_level_from_the_seat_that_laid_it() {
    let mut g = position(r#"(players: 2, pile: "joker 7 9 2 3 4 6 8 10")"#);
    assert_eq!((pending(&g), seat(&g)), ("level", 1));
    assert_eq!(texts(&g).len(), 12, "Ace to Queen, never a King");
    assert!(!legal(&g, "level K"));
    play(&mut g, &["level 9"]);
    assert_eq!(level(&g, "0,0"), 9);
    assert_eq!(g.board_text(), ["0,0: joker=9"]);
    assert_eq!((pending(&g), seat(&g)), ("lay", 2));
}

#[test]
fn each_seat_puts_its_king_on_a_free_side_and_the_kings_nobody_plays_fill_the_rest() {
    let mut g = position(r#"(players: 2, pile: "5 7 9 2 3 4 6 8 10")"#);
    play(
        &mut g,
        &[
            "lay 0,1",
            "lay 1,1",
            "lay 1,0",
            "lay 1,-1",
            "lay 0,-1",
            "lay -1,-1",
            "lay -1,0",
        ],
    );
    assert_eq!(texts(&g), ["king n", "king e", "king s", "king w"]);
    play(&mut g, &["king s"]);
    assert_eq!(
        (seat(&g), texts(&g)),
        (2, vec!["king n".into(), "king e".into(), "king w".into()])
    );
    play(&mut g, &["king e"]);
    // All four Kings are laid whatever the number of players.
    let kings: Vec<_> = g
        .board()
        .territories()
        .iter()
        .filter(|t| t.is_king())
        .collect();
    assert_eq!(kings.len(), 4);
    assert_eq!(g.board().king_of(0).map(|t| t.pos), Some(at("0,-2")));
    assert_eq!(g.board().king_of(1).map(|t| t.pos), Some(at("2,0")));
    assert_eq!(g.board().get(at("0,2")).and_then(|t| t.owner), None);
    // The tree and the nest stand on their seat's King; hands of three; seat 1 begins.
    assert_eq!(
        stacks(&g),
        [
            "2,0: 2Sn 2Mn 2Ln",
            "2,0: 2Lt 2Mt 2St",
            "0,-2: 1Sn 1Mn 1Ln",
            "0,-2: 1Lt 1Mt 1St"
        ]
    );
    assert_eq!((g.hand(0).len(), g.hand(1).len()), (3, 3));
    assert_eq!(g.deck_len(), 54 - 13 - 6);
    assert_eq!((pending(&g), seat(&g), g.turn_number()), ("action", 1, 1));
}

#[test]
fn with_four_players_the_last_king_goes_on_the_last_side() {
    let mut g = position(r#"(players: 4, pile: "5 7 9 2 3 4 6 8 10")"#);
    play(
        &mut g,
        &[
            "lay 0,1",
            "lay 1,1",
            "lay 1,0",
            "lay 1,-1",
            "lay 0,-1",
            "lay -1,-1",
            "lay -1,0",
        ],
    );
    play(&mut g, &["king n", "king e", "king s"]);
    assert_eq!(g.board().king_of(3).map(|t| t.pos), Some(at("-2,0")));
    assert_eq!(g.pyramids().stacks().len(), 8);
    assert!((0..4).all(|s| g.hand(s).len() == 3));
    assert_eq!((pending(&g), seat(&g)), ("action", 1));
}

#[test]
fn the_trios_start_as_a_tree_and_a_nest() {
    let g = duel(START);
    // The tree: the small sits free on top; the medium and large are hobbled.
    assert_eq!(status(&g, "1St"), Status::Free);
    assert_eq!(status(&g, "1Mt"), Status::Hobbled);
    assert_eq!(status(&g, "1Lt"), Status::Hobbled);
    // The nest: the large covers the medium, which covers the small.
    assert_eq!(status(&g, "1Ln"), Status::Free);
    assert_eq!(status(&g, "1Mn"), Status::Trapped);
    assert_eq!(status(&g, "1Sn"), Status::Trapped);
}

#[test]
fn a_new_game_deals_the_setup_from_its_seed() {
    let setup = Setup {
        players: 3,
        variant: Variant::Normal,
    };
    let a = HighGround::new_game(setup, 11).expect("setup");
    let b = HighGround::new_game(setup, 11).expect("setup");
    assert_eq!(a, b);
    assert_eq!(a.board().len(), 1);
    // Nine cards: one laid, one turned over for seat 2, seven face down.
    assert_eq!(a.pile_len(), 7);
    assert_eq!(a.card_count(), 54);
    let bad = HighGround::new_game(
        Setup {
            players: 5,
            ..setup
        },
        1,
    );
    assert_eq!(
        bad.map(|_| ()).map_err(|e| e.to_string()),
        Err("High Ground is for 2 to 4 players, not 5".into())
    );
}

// ----- Moving -----

#[test]
fn a_pyramid_moves_step_by_step_onto_equal_or_lower_territories() {
    let mut g = duel(START);
    assert_eq!(
        texts_starting(&g, "move "),
        ["move 1St", "move 1Mt", "move 1Lt", "move 1Ln"],
        "free and hobbled pyramids move; the trapped ones in the nest do not"
    );
    // From the King the only way is 0,-1: that step is taken at once.
    play(&mut g, &["move 1St"]);
    assert_eq!(stacks_at(&g, "0,-1"), ["0,-1: 1St"]);
    // 0,0 is as high as 0,-1 (9): equal is allowed.
    assert_eq!(texts(&g), ["to 0,0", "to -1,-1", "to 1,-1", "stop"]);
    play(&mut g, &["to 0,0"]);
    assert_eq!(texts(&g), ["to 0,1", "to -1,0", "to 1,0", "stop"]);
    play(&mut g, &["to 0,1"]);
    // From the 6: not up to the 7 or the King, not back where it was.
    assert_eq!(texts(&g), ["to -1,1", "stop"]);
    play(&mut g, &["to -1,1", "stop"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 1St"]);
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
}

#[test]
fn a_move_never_enters_a_territory_twice() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,2: 2St"]"#);
    play(&mut g, &["move 1St", "to 0,-1"]);
    assert!(
        !legal(&g, "to 0,0"),
        "0,0 was visited (and is equal, so it would be allowed)"
    );
}

#[test]
fn a_move_must_go_somewhere_before_it_can_stop() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,2: 2St"]"#);
    play(&mut g, &["move 1St"]);
    assert!(!legal(&g, "stop"));
    play(&mut g, &["to 1,0"]);
    assert!(legal(&g, "stop"));
}

#[test]
fn a_moving_pyramid_carries_the_pyramids_sitting_on_it() {
    let mut g = duel(START);
    play(&mut g, &["move 1Mt", "stop"]);
    assert_eq!(stacks_at(&g, "0,-1"), ["0,-1: 1Mt 1St"]);
    assert_eq!(
        status(&g, "1Lt"),
        Status::Free,
        "nothing sits on the large any more"
    );
}

#[test]
fn a_pyramid_with_nowhere_to_go_and_nothing_to_attack_cannot_start_a_move() {
    // 1,-1 is a 2: its neighbours (3 and 9) are both higher.
    let g = duel(r#"stacks: ["1,-1: 1St", "0,2: 2St"]"#);
    assert!(!legal(&g, "move 1St"));
}

#[test]
fn only_orthogonal_neighbours_are_adjacent() {
    // 1,1 (a 7) is lower than 0,0 (a 9) but only touches it at a corner.
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,2: 2St"]"#);
    play(&mut g, &["move 1St"]);
    assert!(!legal(&g, "to 1,1") && !legal(&g, "to -1,-1"));
    assert_eq!(
        texts_starting(&g, "to "),
        ["to 0,1", "to -1,0", "to 1,0", "to 0,-1"]
    );
}

// ----- Attacking -----

#[test]
fn an_attacker_of_the_same_size_kills_its_victim() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,1: 2St", "0,2: 2Lt"]"#);
    play(&mut g, &["move 1St", "to 0,1"]);
    assert_eq!(texts(&g), ["to -1,1", "attack 2St", "stop"]);
    assert!(!g.removed().contains(&piece("2St")));
    play(&mut g, &["attack 2St"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 1St"]);
    assert!(g.removed().contains(&piece("2St")), "removed from play");
    assert_eq!(
        (pending(&g), seat(&g)),
        ("action", 2),
        "attacking ends the turn"
    );
}

#[test]
fn a_killer_takes_its_victims_place_on_the_stack() {
    // Seat 2's large covers its own small; seat 1's large kills the large and covers the small.
    let mut g = duel(r#"stacks: ["0,0: 1Lt", "0,1: 2Sn 2Lt", "0,2: 2Mt"]"#);
    play(&mut g, &["move 1Lt", "to 0,1", "attack 2Lt"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2Sn 1Lt"]);
    assert_eq!(status(&g, "2Sn"), Status::Trapped);
}

#[test]
fn a_larger_attacker_traps_its_victim() {
    let mut g = duel(r#"stacks: ["0,0: 1Mt", "0,1: 2St", "0,2: 2Lt"]"#);
    play(&mut g, &["move 1Mt", "to 0,1", "attack 2St"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2St 1Mt"]);
    assert_eq!(status(&g, "2St"), Status::Trapped);
    assert_eq!(status(&g, "1Mt"), Status::Free);
    assert!(!legal(&g, "move 2St"), "a trapped pyramid may not move");
}

#[test]
fn a_smaller_attacker_hobbles_its_victim_which_still_moves_downhill_carrying_it() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,1: 2Mt", "0,2: 2Lt"]"#);
    play(&mut g, &["move 1St", "to 0,1", "attack 2Mt"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2Mt 1St"]);
    assert_eq!(status(&g, "2Mt"), Status::Hobbled);
    // Seat 2 moves its hobbled medium down to the 5; the small on it goes along.
    // (Its only way is down to the 5, so that step is taken at once.)
    play(&mut g, &["move 2Mt", "stop"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 2Mt 1St"]);
}

#[test]
fn a_pyramid_may_just_attack_an_enemy_in_its_own_territory() {
    let mut g = duel(r#"stacks: ["0,1: 1Mt", "0,1: 2Mn", "0,2: 2Lt"]"#);
    play(&mut g, &["move 1Mt"]);
    assert!(legal(&g, "attack 2Mn"));
    play(&mut g, &["attack 2Mn"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 1Mt"]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn a_move_may_pass_enemies_by_without_attacking() {
    let mut g = duel(r#"stacks: ["0,0: 1Mt", "0,1: 2Sn", "0,2: 2Lt"]"#);
    play(&mut g, &["move 1Mt", "to 0,1", "to -1,1", "stop"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2Sn"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 1Mt"]);
}

#[test]
fn free_and_hobbled_enemy_pyramids_can_be_attacked_but_not_trapped_ones_nor_own_ones() {
    // Seat 2's tree (large and medium hobbled, small free) and nest (small and medium trapped,
    // large free) stand on the 6, with seat 1's own small.
    let mut g = duel(r#"stacks: ["0,0: 1Lt", "0,1: 2Lt 2Mt 2St", "0,1: 2Sn 2Mn 2Ln", "0,1: 1Sn"]"#);
    play(&mut g, &["move 1Lt", "to 0,1"]);
    assert_eq!(
        texts_starting(&g, "attack "),
        ["attack 2St", "attack 2Mt", "attack 2Lt", "attack 2Ln"]
    );
}

/// Seat 1's `attacker` (alone on the 9) steps onto the 6, where seat 2's tree stands, and
/// attacks `victim`; the stacks on the 6 after it, and seat 2 to move.
fn attack_the_tree(attacker: &str, victim: &str) -> HighGround {
    let mut g = duel(&format!(
        r#"stacks: ["0,0: {attacker}", "0,1: 2Lt 2Mt 2St", "0,2: 2Ln"]"#
    ));
    play(
        &mut g,
        &[
            &format!("move {attacker}"),
            "to 0,1",
            &format!("attack {victim}"),
        ],
    );
    assert_eq!((pending(&g), seat(&g)), ("action", 2), "the turn is over");
    g
}

#[test]
fn a_small_attacking_a_hobbled_large_tips_off_what_sits_on_it_and_hobbles_it() {
    let g = attack_the_tree("1St", "2Lt");
    assert_eq!(
        stacks_at(&g, "0,1"),
        ["0,1: 2St", "0,1: 2Mt", "0,1: 2Lt 1St"]
    );
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(
        status(&g, "2Mt"),
        Status::Free,
        "tipped off, upright on its own"
    );
    assert_eq!(status(&g, "2St"), Status::Free);
    assert_eq!(status(&g, "1St"), Status::Free);
}

#[test]
fn a_medium_attacking_a_hobbled_large_tips_off_what_sits_on_it_and_hobbles_it() {
    let g = attack_the_tree("1Mt", "2Lt");
    assert_eq!(
        stacks_at(&g, "0,1"),
        ["0,1: 2St", "0,1: 2Mt", "0,1: 2Lt 1Mt"]
    );
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(status(&g, "1Mt"), Status::Free);
}

#[test]
fn a_large_attacking_a_hobbled_large_kills_it_and_what_sat_on_it_stands_alone() {
    let g = attack_the_tree("1Lt", "2Lt");
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 1Lt", "0,1: 2St", "0,1: 2Mt"]);
    assert!(g.removed().contains(&piece("2Lt")));
    assert_eq!(status(&g, "1Lt"), Status::Free);
}

#[test]
fn a_small_attacking_a_hobbled_medium_tips_off_what_sits_on_it_and_hobbles_it() {
    let g = attack_the_tree("1St", "2Mt");
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2St", "0,1: 2Lt 2Mt 1St"]);
    assert_eq!(status(&g, "2Mt"), Status::Hobbled);
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(status(&g, "1St"), Status::Free);
}

#[test]
fn a_medium_attacking_a_hobbled_medium_kills_it_and_takes_its_place() {
    let g = attack_the_tree("1Mt", "2Mt");
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2St", "0,1: 2Lt 1Mt"]);
    assert!(g.removed().contains(&piece("2Mt")));
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(status(&g, "1Mt"), Status::Free);
}

#[test]
fn a_large_attacking_a_hobbled_medium_tips_off_what_sits_on_it_and_traps_it() {
    let g = attack_the_tree("1Lt", "2Mt");
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2St", "0,1: 2Lt 2Mt 1Lt"]);
    assert_eq!(status(&g, "2Mt"), Status::Trapped);
    assert_eq!(status(&g, "1Lt"), Status::Free);
    assert!(!legal(&g, "move 2Mt"));
}

#[test]
fn an_enemy_large_hobbled_by_an_own_small_can_be_attacked_and_the_small_stands_alone() {
    // Seat 1's small hobbles seat 2's large; seat 1's large comes and kills the large.
    let mut g = duel(r#"stacks: ["0,0: 1Lt", "0,1: 2Lt 1St", "0,2: 2Ln"]"#);
    play(&mut g, &["move 1Lt", "to 0,1"]);
    assert_eq!(texts_starting(&g, "attack "), ["attack 2Lt"]);
    play(&mut g, &["attack 2Lt"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 1St", "0,1: 1Lt"]);
    assert_eq!(status(&g, "1St"), Status::Free);
}

#[test]
fn a_hop_may_attack_a_hobbled_pyramid_where_it_lands() {
    // The 5 at -1,1 is lower than the 6: only a HOP climbs there.
    let mut g = duel(r#"stacks: ["-1,1: 1Mt", "0,1: 2Lt 2Mt 2St", "0,2: 2Ln"], roll: Hop"#);
    play(&mut g, &["hop 1Mt 0,1"]);
    assert_eq!(
        texts(&g),
        ["attack 2St", "attack 2Mt", "attack 2Lt", "stop"]
    );
    play(&mut g, &["attack 2Mt"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2St", "0,1: 2Lt 1Mt"]);
}

#[test]
fn an_attacker_moves_off_its_victim_on_a_later_turn() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,1: 2Lt", "0,2: 2Mt"], hands: ["", "5"]"#);
    play(&mut g, &["move 1St", "to 0,1", "attack 2Lt"]);
    // Seat 2 does something else (discards without drawing);
    // the small was not attacked by a larger pyramid.
    play(&mut g, &["discard 5", "stop"]);
    assert_eq!(status(&g, "1St"), Status::Free);
    // Down to the 5, the only way from the 6.
    play(&mut g, &["move 1St", "stop"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 1St"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2Lt"]);
    assert_eq!(status(&g, "2Lt"), Status::Free, "no longer hobbled");
}

#[test]
fn an_attacker_attacked_by_a_larger_pyramid_is_trapped_on_its_victim() {
    // The seed's example: a small hobbles a large; the large's owner attacks the small with a
    // medium, and the small is trapped.
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,1: 2Lt", "0,2: 2Mt"], hands: ["5", ""]"#);
    play(&mut g, &["move 1St", "to 0,1", "attack 2Lt"]);
    play(&mut g, &["move 2Mt", "attack 1St"]);
    assert_eq!(stacks_at(&g, "0,1"), ["0,1: 2Lt 1St 2Mt"]);
    assert_eq!(status(&g, "1St"), Status::Trapped);
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert!(!legal(&g, "move 1St"));
}

/// The seed's example, as it tells it: *"Jonathan attacked and hobbled one of Cassidy's large
/// pieces with a small piece on his last turn. If, on Cassidy's turn, she attacks Jonathan's piece
/// with a medium (or a large), then Jonathan's attacking small is considered to be trapped."*
/// Jonathan is seat 1, Cassidy seat 2; her `attacker` comes down from her King onto the 6.
fn cassidy_attacks_jonathans_small_with(attacker: &str) -> HighGround {
    let mut g =
        duel(r#"stacks: ["0,0: 1St", "0,1: 2Lt", "0,2: 2Mt", "0,2: 2Ln"], hands: ["5", ""]"#);
    // Jonathan's small hobbles Cassidy's large.
    play(&mut g, &["move 1St", "to 0,1", "attack 2Lt"]);
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    // Cassidy attacks Jonathan's small (from her King the 6 is the only way, so the step is
    // taken at once).
    play(&mut g, &[&format!("move {attacker}"), "attack 1St"]);
    assert_eq!(stacks_at(&g, "0,1"), [format!("0,1: 2Lt 1St {attacker}")]);
    g
}

#[test]
fn the_seeds_example_with_a_medium_traps_jonathans_small_and_leaves_cassidys_large_hobbled() {
    let mut g = cassidy_attacks_jonathans_small_with("2Mt");
    assert_eq!(status(&g, "1St"), Status::Trapped);
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(status(&g, "2Mt"), Status::Free);
    // Jonathan's small cannot move; Cassidy's large still can (downhill, carrying the rest).
    assert!(!legal(&g, "move 1St"));
    play(&mut g, &["discard 5", "stop"]);
    play(&mut g, &["move 2Lt", "stop"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 2Lt 1St 2Mt"]);
}

#[test]
fn the_seeds_example_with_a_large_traps_jonathans_small_and_leaves_cassidys_large_hobbled() {
    // Her large attacked Jonathan's small, not her own large: that one was attacked by the small
    // only, so it is hobbled, not trapped.
    let mut g = cassidy_attacks_jonathans_small_with("2Ln");
    assert_eq!(status(&g, "1St"), Status::Trapped);
    assert_eq!(status(&g, "2Lt"), Status::Hobbled);
    assert_eq!(status(&g, "2Ln"), Status::Free);
    assert!(!legal(&g, "move 1St"));
    play(&mut g, &["discard 5", "stop"]);
    assert!(legal(&g, "move 2Lt"), "a hobbled large moves");
    play(&mut g, &["move 2Lt", "stop"]);
    assert_eq!(stacks_at(&g, "-1,1"), ["-1,1: 2Lt 1St 2Ln"]);
}

#[test]
fn in_the_seeds_example_cassidys_hobbled_large_may_tip_and_swap() {
    let stacks = r#"stacks: ["-1,1: 1Lt", "0,1: 2Lt 1St 2Ln", "0,2: 2Mt"], to_move: 2"#;
    let mut tip = duel(&format!("{stacks}, roll: Tip"));
    assert_eq!(texts(&tip), ["tip 2Lt", "pass"]);
    play(&mut tip, &["tip 2Lt"]);
    assert_eq!(stacks_at(&tip, "0,1"), ["0,1: 1St", "0,1: 2Lt", "0,1: 2Ln"]);
    let mut swap = duel(&format!("{stacks}, roll: Swap"));
    assert!(legal(&swap, "swap 2Lt"), "{:?}", texts(&swap));
    // Seat 1's large is its only partner: picking it makes the trade.
    play(&mut swap, &["swap 2Lt"]);
    assert_eq!(stacks_at(&swap, "-1,1"), ["-1,1: 2Lt"]);
}

// ----- Playing cards -----

#[test]
fn cards_go_onto_territories_free_of_enemies_but_not_kings_or_into_blank_spaces() {
    let mut g =
        duel(r#"stacks: ["0,0: 1St", "0,1: 2St", "0,2: 2Lt", "0,-2: 1Lt"], hands: ["7 7 Q", ""]"#);
    assert!(legal(&g, "play 7 0,0"), "onto one's own pyramid");
    assert!(legal(&g, "play 7 1,1"), "onto an empty territory");
    assert!(!legal(&g, "play 7 0,1"), "not onto an enemy");
    assert!(
        !legal(&g, "play 7 0,2") && !legal(&g, "play 7 0,-2"),
        "never onto a seat's King, even an empty one"
    );
    assert!(
        legal(&g, "play 7 -1,2") && legal(&g, "play 7 0,3"),
        "blank spaces at the edge"
    );
    assert!(!legal(&g, "play 7 2,2"), "not away from the board");
    play(&mut g, &["play 7 0,0"]);
    assert_eq!(level(&g, "0,0"), 7);
    assert_eq!(
        stacks_at(&g, "0,0"),
        ["0,0: 1St"],
        "the pyramid now stands on the new card"
    );
    assert_eq!(
        g.board_text()
            .iter()
            .find(|t| t.starts_with("0,0:"))
            .map(String::as_str),
        Some("0,0: 9 7")
    );
}

#[test]
fn a_king_nobody_plays_may_be_covered_like_any_territory() {
    // In a duel the Kings east and west belong to nobody.
    let mut g = duel(&format!(r#"{START}, hands: ["3 7", ""]"#));
    assert!(legal(&g, "play 3 2,0") && legal(&g, "play 3 -2,0"));
    play(&mut g, &["play 3 2,0"]);
    assert_eq!(level(&g, "2,0"), 3);
    assert_eq!(
        g.board_text()
            .iter()
            .find(|t| t.starts_with("2,0:"))
            .map(String::as_str),
        Some("2,0: K 3")
    );
    // Not with an enemy pyramid on it.
    let h = duel(r#"stacks: ["0,-2: 1Lt", "2,0: 2St", "0,2: 2Lt"], hands: ["3", ""]"#);
    assert!(!legal(&h, "play 3 2,0") && legal(&h, "play 3 -2,0"));
}

#[test]
fn a_hole_inside_the_board_is_no_blank_space() {
    // The centre is empty and surrounded by cards: it is not at the outside of the board.
    let board = BOARD.replace(r#""0,0: 9", "#, "");
    let g = position(&format!(
        r#"({board}, kings: ["0,-2", "0,2"], {START}, hands: ["5", ""])"#
    ));
    assert!(!legal(&g, "play 5 0,0"));
    assert!(legal(&g, "play 5 -1,2"), "the outside still takes cards");
    assert!(!g.board().blank_spaces().contains(&at("0,0")));
}

#[test]
fn a_notch_open_to_the_outside_is_a_blank_space() {
    // Without the 2 at 1,-1, its place has cards on three sides and opens to the south-east.
    let board = BOARD.replace(r#""1,-1: 2", "#, "");
    let g = position(&format!(
        r#"({board}, kings: ["0,-2", "0,2"], {START}, hands: ["5", ""])"#
    ));
    assert!(legal(&g, "play 5 1,-1"));
}

#[test]
fn several_cards_may_be_played_in_one_action() {
    let mut g = duel(&format!(r#"{START}, hands: ["7 7 Q", ""]"#));
    play(&mut g, &["play 7 0,0", "play Q -1,2"]);
    assert_eq!(level(&g, "-1,2"), 12);
    // A card in a blank space follows the orientation rule.
    assert_eq!(at("-1,2").orientation(), Orientation::Sideways);
    assert_eq!(pending(&g), "playing");
    play(&mut g, &["stop"]);
    assert_eq!(g.hand(0), [Card::of_level(7).unwrap()]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn playing_the_last_card_of_the_hand_ends_the_action() {
    let mut g = duel(&format!(r#"{START}, hands: ["3", ""]"#));
    play(&mut g, &["play 3 1,1"]);
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
}

#[test]
fn a_played_joker_takes_the_level_its_player_chooses_below_king() {
    let mut g = duel(&format!(r#"{START}, hands: ["joker", ""]"#));
    play(&mut g, &["play joker 1,-1"]);
    assert_eq!(pending(&g), "level");
    assert_eq!(texts(&g).first().map(String::as_str), Some("level A"));
    assert_eq!(texts(&g).last().map(String::as_str), Some("level Q"));
    play(&mut g, &["level Q"]);
    assert_eq!(level(&g, "1,-1"), 12);
    assert_eq!(seat(&g), 2);
    // A card played onto the Joker replaces its level.
    let board = BOARD.replace(r#""1,-1: 2""#, r#""1,-1: 2 joker=11""#);
    let mut h = position(&format!(
        r#"({board}, kings: ["0,-2", "0,2"], {START}, hands: ["4", ""])"#
    ));
    assert_eq!(level(&h, "1,-1"), 11);
    play(&mut h, &["play 4 1,-1"]);
    assert_eq!(level(&h, "1,-1"), 4);
}

#[test]
fn raising_the_ground_under_a_pyramid_opens_new_ways_down() {
    // On the 2 at 1,-1 the small cannot go anywhere; a Queen under it changes that.
    let mut g = duel(r#"stacks: ["1,-1: 1St", "0,2: 2St"], hands: ["Q", ""]"#);
    assert!(!legal(&g, "move 1St"));
    play(&mut g, &["play Q 1,-1"]);
    play(&mut g, &["roll"]);
    // Whatever seat 2 rolled, seat 1's small can now step down next turn.
    while seat(&g) == 2 && !g.is_over() {
        let first = texts(&g).into_iter().next().expect("a choice");
        play(&mut g, &[first.as_str()]);
    }
    assert!(legal(&g, "move 1St"));
}

// ----- Discard and draw -----

#[test]
fn discard_any_number_of_cards_then_draw_up_to_the_hand_maximum() {
    let mut g = duel(&format!(r#"{START}, hands: ["2 7 Q", ""], deck: "3 4 5""#));
    play(&mut g, &["discard 2"]);
    assert_eq!(texts(&g), ["discard 7", "discard Q", "draw", "stop"]);
    play(&mut g, &["discard Q", "draw"]);
    let names: Vec<&str> = g.hand(0).iter().map(|c| c.name()).collect();
    assert_eq!(names, ["3", "4", "7"]);
    assert_eq!(g.deck_len(), 1);
    let top: Vec<&str> = g.discard().iter().rev().take(2).map(|c| c.name()).collect();
    assert_eq!(top, ["Q", "2"]);
    assert_eq!(seat(&g), 2);
}

#[test]
fn discarding_without_drawing_is_allowed() {
    // "discard as many cards as he/she wants and/or draw": the discards alone are an action.
    let mut g = duel(&format!(r#"{START}, hands: ["2 7 Q", ""], deck: "3 4 5""#));
    play(&mut g, &["discard 2", "discard 7", "stop"]);
    let names: Vec<&str> = g.hand(0).iter().map(|c| c.name()).collect();
    assert_eq!(names, ["Q"]);
    assert_eq!(g.deck_len(), 3, "nothing drawn");
    assert_eq!((pending(&g), seat(&g)), ("action", 2));
    // A whole hand discarded: drawing or not is still the player's choice.
    let mut h = duel(&format!(r#"{START}, hands: ["2", ""], deck: "3 4 5""#));
    play(&mut h, &["discard 2"]);
    assert_eq!(texts(&h), ["draw", "stop"]);
    play(&mut h, &["stop"]);
    assert!(h.hand(0).is_empty());
}

#[test]
fn drawing_without_discarding_fills_the_hand_but_a_full_hand_cannot_just_draw() {
    let mut g = duel(&format!(r#"{START}, hands: ["7", "2 3 4"]"#));
    play(&mut g, &["draw"]);
    assert_eq!(g.hand(0).len(), 3);
    assert!(!legal(&g, "draw"), "seat 2's hand is full");
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_shuffled_discard_pile() {
    let mut g = duel(&format!(r#"{START}, hands: ["7", ""], deck: """#));
    assert_eq!(g.deck_len(), 0);
    let discarded = g.discard().len();
    play(&mut g, &["draw"]);
    assert_eq!(g.hand(0).len(), 3);
    assert_eq!((g.deck_len(), g.discard().len()), (discarded - 2, 0));
    assert_eq!(g.card_count(), 54);
}

// ----- Winning -----

#[test]
fn killing_the_last_enemy_pyramid_wins_by_annihilation() {
    let mut g = duel(r#"stacks: ["0,0: 1St", "0,1: 2St"]"#);
    play(&mut g, &["move 1St", "to 0,1", "attack 2St"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            seat: 0,
            by: Victory::Annihilation
        })
    );
    assert!(g.choices().is_empty());
    assert_eq!(Game::rewards(&g), [1.0, 0.0]);
    assert!(g.apply(table::highground::Choice::Roll).is_err());
}

#[test]
fn with_three_players_a_seat_without_pyramids_is_out_and_play_goes_on() {
    let mut g = position(&format!(
        r#"({BOARD}, kings: ["0,-2", "0,2", "2,0"], stacks: ["0,0: 1St", "0,1: 2St", "2,0: 3Lt"])"#
    ));
    play(&mut g, &["move 1St", "to 0,1", "attack 2St"]);
    assert!(!g.is_over());
    assert_eq!(seat(&g), 3, "seat 2 has no pyramid left and is passed over");
    play(&mut g, &["move 3Lt", "stop"]);
    assert_eq!(seat(&g), 1);
}

#[test]
fn standing_alone_on_an_opponents_king_at_the_start_of_your_turn_wins() {
    // Seat 1 hops onto seat 2's King; seat 2 gets a turn to answer; it does not, and seat 1
    // wins as its next turn starts.
    let mut g =
        duel(r#"stacks: ["0,1: 1St", "0,-2: 1Lt", "1,1: 2Lt"], hands: ["", "5"], roll: Hop"#);
    play(&mut g, &["hop 1St 0,2"]);
    assert_eq!(
        (pending(&g), seat(&g)),
        ("action", 2),
        "no win before seat 1's next turn"
    );
    play(&mut g, &["discard 5", "stop"]);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            seat: 0,
            by: Victory::King
        })
    );
}

#[test]
fn the_king_of_a_seat_that_is_out_still_counts() {
    // Seat 2 has no pyramid left; seat 1 stands alone on seat 2's King as its turn starts.
    let g = position(&format!(
        r#"({BOARD}, kings: ["0,-2", "0,2", "2,0"], stacks: ["0,2: 1St", "2,0: 3Lt"])"#
    ));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            seat: 0,
            by: Victory::King
        })
    );
}

#[test]
fn a_king_shared_with_another_colour_or_nobodys_king_does_not_win() {
    // Seat 2's small is trapped under seat 1's medium on seat 2's King: still two colours.
    let g = duel(r#"stacks: ["0,2: 2Sn 1Mt", "1,1: 2Lt", "0,-2: 1Lt"], turn: 7"#);
    assert_eq!(pending(&g), "action");
    // 2,0 is a King nobody plays in a two-player game.
    let g = duel(r#"stacks: ["2,0: 1Mt", "1,1: 2Lt"]"#);
    assert_eq!(pending(&g), "action");
}

#[test]
fn a_position_that_starts_a_turn_alone_on_an_enemy_king_is_won_at_once() {
    let g = duel(r#"stacks: ["0,2: 1Mt", "1,1: 2Lt"]"#);
    assert_eq!(
        g.outcome(),
        Some(Outcome::Won {
            seat: 0,
            by: Victory::King
        })
    );
}

#[test]
fn the_game_is_drawn_after_thirty_rounds_without_a_kill() {
    use table::highground::state::QUIET_ROUNDS;
    // Two seats: 60 quiet turns are allowed; seat 1 plays the 60th.
    let quiet = QUIET_ROUNDS * 2;
    let mut g = duel(&format!(
        r#"{START}, hands: ["7", ""], turn: 200, quiet: {quiet}"#
    ));
    assert_eq!(pending(&g), "action");
    play(&mut g, &["draw"]);
    assert_eq!(g.outcome(), Some(Outcome::Drawn));
    assert_eq!(Game::rewards(&g), [0.5, 0.5]);
}

#[test]
fn a_kill_starts_the_count_of_quiet_rounds_again() {
    let quiet = table::highground::state::QUIET_ROUNDS * 2;
    let mut g = duel(&format!(
        r#"stacks: ["0,0: 1St", "0,1: 2St", "0,2: 2Lt"], turn: 200, quiet: {quiet}"#
    ));
    play(&mut g, &["move 1St", "to 0,1", "attack 2St"]);
    assert_eq!((pending(&g), g.quiet_turns()), ("action", 1));
}

#[test]
fn with_a_seat_out_the_quiet_rounds_count_the_seats_left() {
    let g = position(&format!(
        r#"({BOARD}, kings: ["0,-2", "0,2", "2,0"], stacks: ["0,0: 1St", "2,0: 3Lt"], turn: 90, quiet: 61)"#
    ));
    assert_eq!(
        g.outcome(),
        Some(Outcome::Drawn),
        "two seats left: 60 quiet turns at most"
    );
}

// ----- Mini-High Ground -----

#[test]
fn mini_high_ground_lays_five_cards_puts_the_kings_in_the_corners_and_deals_hands_of_two() {
    let mut g = position(r#"(variant: Mini, players: 2, pile: "5 7 9 2 3")"#);
    assert_eq!(texts(&g), ["lay 0,1", "lay -1,0", "lay 1,0", "lay 0,-1"]);
    play(&mut g, &["lay 0,1", "lay 1,0", "lay 0,-1"]);
    // The last card has one place left; then the Kings go into the corners.
    assert_eq!(g.board().len(), 5);
    assert_eq!(texts(&g), ["king ne", "king se", "king sw", "king nw"]);
    play(&mut g, &["king sw", "king ne"]);
    assert_eq!(g.board().len(), 9);
    // One trio each, as a nest.
    assert_eq!(stacks(&g), ["1,1: 2Sn 2Mn 2Ln", "-1,-1: 1Sn 1Mn 1Ln"]);
    assert_eq!((g.hand(0).len(), g.hand(1).len()), (2, 2));
    // A corner King touches two of the five cards.
    assert_eq!(g.board().adjacent(at("-1,-1")), [at("-1,0"), at("0,-1")]);
    assert_eq!(texts_starting(&g, "move "), ["move 1Ln"]);
}

#[test]
fn mini_hands_hold_two_cards() {
    let board = r#"board: ["-1,1: K", "0,1: 4", "1,1: K", "-1,0: 3", "0,0: 6", "1,0: 8", "-1,-1: K", "0,-1: 2", "1,-1: K"]"#;
    let mut g = position(&format!(
        r#"(variant: Mini, {board}, kings: ["-1,-1", "1,1"], stacks: ["-1,-1: 1Sn 1Mn 1Ln", "1,1: 2Ln"], hands: ["7", ""])"#
    ));
    play(&mut g, &["draw"]);
    assert_eq!(g.hand(0).len(), 2);
    let too_many = HighGround::from_position(&format!(
        r#"(variant: Mini, {board}, kings: ["-1,-1", "1,1"], stacks: ["1,1: 2Ln", "-1,-1: 1Ln"], hands: ["2 3 4", ""])"#
    ));
    assert_eq!(
        too_many.map(|_| ()).map_err(|e| e.to_string()),
        Err("hands: a hand holds at most 2 cards".into())
    );
}

// ----- Positions -----

#[test]
fn positions_say_what_is_wrong_in_one_line() {
    let cases = [
        (
            r#"(players: 5)"#.to_string(),
            "players: High Ground is for 2 to 4 players, not 5",
        ),
        (
            r#"(board: ["0,0 -: 5"])"#.into(),
            "board: a card at 0,0 lies `|` (neighbouring cards alternate, the centre upright)",
        ),
        (
            r#"(board: ["0,0: 5", "0,0: 6"])"#.into(),
            "board: 0,0 is listed twice",
        ),
        (
            r#"(board: ["0,0: 5 K"])"#.into(),
            "board: a King at 0,0 lies on another card: Kings are never played",
        ),
        (
            r#"(board: ["0,0: joker"])"#.into(),
            "board: the Joker on top at 0,0 needs a level (`joker=7`)",
        ),
        (
            r#"(board: ["0,0: 5=3"])"#.into(),
            "board: at 0,0: only a Joker on top has a level",
        ),
        (
            r#"(board: ["0,0: 5", "2,0: 6"])"#.into(),
            "board: the cards do not form one connected board",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], discard: "5 5 5 5 5")"#),
            "discard: one 5 too many (a deck has 4)",
        ),
        (
            r#"(board: ["0,0: 14"])"#.into(),
            "board: `0,0: 14`: `14` is not a card",
        ),
        (
            r#"(board: ["x: 5"])"#.into(),
            "board: `x: 5`: expected a position like 0,-1",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,1"])"#),
            "kings: the card at 0,1 is no King",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2"])"#),
            "kings: every one of the 2 seats needs its King",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["3,3: 1St"])"#),
            "stacks: no card at 3,3 for pyramids to stand on",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1St 1St"])"#),
            "stacks: 1St stands in two places",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 3St"])"#),
            "stacks: 3St is not in this game",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1Xt"])"#),
            "stacks: `0,0: 1Xt`: `1Xt` is not a pyramid like 1Lt",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 2St"])"#),
            "to_move: seat 1 has no pyramid left",
        ),
        (
            format!(
                r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1St"], hands: ["2 3 4 5", ""])"#
            ),
            "hands: a hand holds at most 3 cards",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1St"], hands: [""])"#),
            "hands: 1 hands listed for 2 players",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1St"], deck: "K")"#),
            "deck: one K too many (a deck has 4)",
        ),
        (
            format!(r#"({BOARD}, kings: ["0,-2", "0,2"], stacks: ["0,0: 1St"], to_move: 3)"#),
            "to_move: seat 3 is not in a game of 2",
        ),
        (
            r#"(pile: "5", board: ["0,0: 6"])"#.into(),
            "pile: 1 cards laid and 1 to lay, but the setup lays 9",
        ),
        (
            r#"(pile: "5 6 7 8 9 10 2 3 4", roll: Hop)"#.into(),
            "roll: the die is rolled only once the game has begun",
        ),
        (
            r#"(pile: "5 6 7 8 9 10 2 3 4", to_move: 2)"#.into(),
            "to_move: seat 1 is the one to decide now",
        ),
        (
            r#"(variant: Mini, stacks: ["0,0: 1Lt"], board: ["0,0: 5"])"#.into(),
            "stacks: pyramids go onto the Kings once every King is placed",
        ),
        (
            r#"(colour: 1)"#.into(),
            "1:2: Unexpected field named `colour` in `Position`, expected one of `variant`, `players`, `seed`, `to_move`, `turn`, `quiet`, `board`, `kings`, `stacks`, `hands`, `deck`, `discard`, `pile`, or `roll` instead",
        ),
        (r#"(board: ["0,0: 5"]"#.into(), "1:18: Expected comma"),
    ];
    for (text, message) in cases {
        let got = HighGround::from_position(&text)
            .map(|_| ())
            .map_err(|e| e.to_string());
        assert_eq!(got, Err(message.to_string()), "{text}");
    }
}

#[test]
fn a_position_written_back_reads_as_the_same_board_and_stacks() {
    let g = duel(r#"stacks: ["0,1: 2Mt 1St", "0,-2: 1Lt", "0,0: 2Sn"], hands: ["5", ""]"#);
    let board: Vec<String> = g.board_text().iter().map(|t| format!("{t:?}")).collect();
    let stacks: Vec<String> = g.stacks_text().iter().map(|t| format!("{t:?}")).collect();
    let again = position(&format!(
        r#"(board: [{}], kings: ["0,-2", "0,2"], stacks: [{}], hands: ["5", ""])"#,
        board.join(", "),
        stacks.join(", ")
    ));
    assert_eq!(again.board(), g.board());
    assert_eq!(again.pyramids(), g.pyramids());
    assert_eq!(again.removed(), g.removed());
}

/// Damaged position texts are refused with an error or read as some position: never a panic,
/// and whatever is read plays on without one.
#[test]
fn damaged_positions_never_panic() {
    use table::shell::rng::Rng;
    let texts = [
        format!(
            r#"({BOARD}, kings: ["0,-2", "0,2"], {START}, hands: ["5 joker", "Q"], roll: Swap)"#
        ),
        r#"(variant: Mini, players: 3, pile: "5 7 joker 2 3")"#.to_string(),
        format!(
            r#"({BOARD}, kings: ["0,-2", "0,2", "2,0"], stacks: ["0,0: 2Sn 1Mt", "0,2: 1St", "2,0: 3Lt 3St"], deck: "joker", discard: "2 2")"#
        ),
    ];
    let alphabet = b" ,:;\"()[]-|=0123456789KQJAjokerLMSntxyz";
    let mut rng = Rng::seeded(1);
    let mut read = 0;
    for round in 0..3000 {
        let mut bytes = texts[round % texts.len()].clone().into_bytes();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(bytes.len() as u32) as usize;
            match rng.below(3) {
                0 => {
                    bytes.remove(at);
                }
                1 => bytes.insert(at, alphabet[rng.below(alphabet.len() as u32) as usize]),
                _ => bytes[at] = alphabet[rng.below(alphabet.len() as u32) as usize],
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Ok(mut g) = HighGround::from_position(&text) {
            read += 1;
            for _ in 0..20 {
                let list = g.choices();
                if list.is_empty() {
                    break;
                }
                g.apply(list[rng.below(list.len() as u32) as usize])
                    .expect("a listed choice");
            }
        }
    }
    assert!(read > 50, "some damaged texts still read: {read}");
}

// ----- Saves -----

#[test]
fn a_saved_game_loads_and_replays_to_the_same_state() {
    use table::highground::record::{SeatSpec, Spec};
    use table::shell::record::{Recordable, SaveFile, load, save};
    use table::shell::rng::Rng;
    use table::shell::seats::SeatKind as Player;
    for (players, variant, seed) in [
        (2, Variant::Normal, 4),
        (3, Variant::Mini, 9),
        (4, Variant::Normal, 1),
    ] {
        let spec = Spec {
            variant,
            players,
            rules: table::highground::record::RULES_VERSION,
            seats: (0..players)
                .map(|i| SeatSpec {
                    name: format!("Seat {}", i + 1),
                    player: if i == 0 {
                        Player::Human
                    } else {
                        Player::Bot("random".into())
                    },
                })
                .collect(),
            position: None,
        };
        let mut g = HighGround::start(&spec, seed, &()).expect("start");
        let mut rng = Rng::seeded(seed);
        let mut texts = Vec::new();
        for _ in 0..300 {
            if g.is_over() {
                break;
            }
            let list = g.choices();
            let choice = list[rng.below(list.len() as u32) as usize];
            texts.push(Game::choice_text(&g, &choice));
            g.apply(choice).expect("legal");
        }
        let file = SaveFile::new(spec.clone(), seed, texts, &g);
        assert_eq!(file.format, "highground-save");
        let text = save::to_text(&file).expect("save");
        let loaded =
            load::parse::<HighGround>(&text, &()).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(loaded.end, g);
        assert_eq!(loaded.save.game, spec);
    }
}

#[test]
fn a_save_may_start_from_a_position_with_the_saves_seed() {
    use table::highground::record::{SeatSpec, Spec};
    use table::shell::record::Recordable;
    use table::shell::seats::SeatKind as Player;
    let seats = vec![
        SeatSpec {
            name: "A".into(),
            player: Player::Human,
        },
        SeatSpec {
            name: "B".into(),
            player: Player::Human,
        },
    ];
    let text = format!(r#"({BOARD}, kings: ["0,-2", "0,2"], {START}, seed: 1)"#);
    let spec = Spec {
        variant: Variant::Normal,
        players: 2,
        rules: table::highground::record::RULES_VERSION,
        seats: seats.clone(),
        position: Some(text),
    };
    let a = HighGround::start(&spec, 5, &()).expect("start");
    let b = HighGround::start(&spec, 5, &()).expect("start");
    assert_eq!(a, b);
    let mini = Spec {
        variant: Variant::Mini,
        ..spec.clone()
    };
    assert_eq!(
        HighGround::start(&mini, 5, &())
            .map_err(|e| e.to_string())
            .map(|_| ()),
        Err("the position sets up normal for 2 players, but the seats say mini for 2".into())
    );
    let three = Spec { players: 3, ..spec };
    assert_eq!(
        HighGround::start(&three, 5, &())
            .map_err(|e| e.to_string())
            .map(|_| ()),
        Err("2 seats listed for 3 players".into())
    );
}

#[test]
fn undo_stops_at_a_draw_a_roll_and_the_end_of_a_turn_but_not_inside_an_action() {
    use table::shell::record::Recordable;
    let g = duel(&format!(r#"{START}, hands: ["2 7 Q", ""]"#));
    let after = |g: &HighGround, m: &[&str]| {
        let mut next = g.clone();
        play(&mut next, m);
        next
    };
    let moving = after(&g, &["move 1St"]);
    assert!(
        !HighGround::undo_barrier(&g, &moving),
        "the start of a move"
    );
    let discarding = after(&g, &["discard 2"]);
    assert!(
        !HighGround::undo_barrier(&g, &discarding),
        "a discard shows nothing new"
    );
    assert!(
        HighGround::undo_barrier(&discarding, &after(&discarding, &["draw"])),
        "a draw"
    );
    assert!(
        HighGround::undo_barrier(&g, &after(&g, &["roll"])),
        "a roll"
    );
    let stepped = after(&moving, &["to 0,0"]);
    assert!(!HighGround::undo_barrier(&moving, &stepped));
    assert!(
        HighGround::undo_barrier(&stepped, &after(&stepped, &["stop"])),
        "the turn passes"
    );
}

#[test]
fn two_games_that_look_alike_to_a_seat_give_it_the_same_observation_but_roll_apart() {
    // The same position with two seeds: the deck is given, so only the generator differs.
    let text = |seed: u64| {
        format!(
            r#"({BOARD}, kings: ["0,-2", "0,2"], {START}, hands: ["2", "3"], deck: "4 5 6", seed: {seed})"#
        )
    };
    let mut faces = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let a = position(&text(seed));
        let b = position(&text(seed + 1000));
        assert_eq!(a.observation(0), b.observation(0));
        assert_eq!(a.observation(1), b.observation(1));
        let mut rolled = a.clone();
        play(&mut rolled, &["roll"]);
        faces.insert(format!("{:?}", rolled.pending()));
        let mut again = a.clone();
        play(&mut again, &["roll"]);
        assert_eq!(
            again.pending(),
            rolled.pending(),
            "the same seed rolls the same face"
        );
    }
    assert!(faces.len() >= 5, "the die shows different faces: {faces:?}");
}
