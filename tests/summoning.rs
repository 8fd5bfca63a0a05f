//! Summoning rules: patterns in every orientation, ranks in patterns, the combat leap onto the
//! summoning square, legendary limits and piece shortage (for summoning and for placing).

mod common;
use common::*;
use table::tashkalar::engine::board::RankSet;
use table::tashkalar::engine::cards::CardKind;
use table::tashkalar::engine::pattern::TargetRule;
use table::tashkalar::engine::{Colour, Rank, Square};

/// A scenario with seat 1 holding `card` (and playing its deck) and the given pieces.
fn with_card(card: &str, pieces: &[String]) -> table::tashkalar::engine::GameState {
    let db = db();
    let id = db.by_name(card).expect("card");
    // A being must come from seat 1's own deck.
    let (slot, deck) = match db.card(id).kind {
        CardKind::Being(d) => ("beings", db.deck(d).name.clone()),
        _ => ("legends", "Imperial".to_string()),
    };
    let list = pieces
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    scenario(&format!(
        r#"(decks: ["{deck}", "Imperial"], pieces: [{list}], hands: [({slot}: ["{card}"])])"#
    ))
}

/// Own pieces forming placement `i` of `card` around `target` (heroic where the pattern asks).
fn pattern_pieces(card: &str, i: usize, target: Square) -> Vec<String> {
    let db = db();
    let c = db.card(db.by_name(card).expect("card"));
    let pattern = c.pattern.as_ref().expect("pattern");
    let mut out: Vec<String> = pattern.placements[i]
        .cells
        .iter()
        .map(|cell| {
            let sq = target.offset(cell.df, cell.dr).expect("on the grid");
            format!("1{} {sq}", cell.min_rank.letter())
        })
        .collect();
    if let TargetRule::OwnPiece(r) = pattern.target {
        out.push(format!("1{} {target}", r.letter()));
    }
    out
}

#[test]
fn every_orientation_of_every_pattern_is_recognised_and_needs_every_piece() {
    let db = db();
    let e5: Square = "e5".parse().unwrap();
    let mut checked = 0;
    for card in db.cards.iter().filter(|c| c.pattern.is_some()) {
        let pattern = card.pattern.as_ref().unwrap();
        let placements = pattern.placements.len();
        // A pattern without a summoning square (Time Traveler) is built around e5 and the being
        // lands elsewhere, on a square it allows.
        let land = match pattern.target {
            TargetRule::Detached(_) => "b4",
            _ => "e5",
        };
        for i in 0..placements {
            let wanted = format!("summon {} {land} {i}", card.name);
            let full = pattern_pieces(&card.name, i, e5);
            assert!(
                legal(&with_card(&card.name, &full), &wanted),
                "{wanted} with {full:?}"
            );
            for missing in 0..full.len() {
                let mut partial = full.clone();
                let removed = partial.remove(missing);
                // Without one of its pieces this placement is gone (the summoning square's own piece included).
                assert!(
                    !legal(&with_card(&card.name, &partial), &wanted),
                    "{wanted} without {removed}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 42 * 2, "checked {checked} placements");
}

#[test]
fn an_asymmetric_pattern_matches_in_all_eight_orientations() {
    // Gryphon Rider as printed, and its mirror image: both summon her.
    let printed = ["1c d5", "1c c4", "1c e4", "1c f3"].map(String::from);
    let mirrored = ["1c f5", "1c g4", "1c e4", "1c d3"].map(String::from);
    assert!(
        texts(&with_card("Gryphon Rider", &printed))
            .iter()
            .any(|t| t.starts_with("summon Gryphon Rider e5"))
    );
    assert!(
        texts(&with_card("Gryphon Rider", &mirrored))
            .iter()
            .any(|t| t.starts_with("summon Gryphon Rider e5"))
    );
    let db = db();
    let placements = &db
        .card(db.by_name("Gryphon Rider").unwrap())
        .pattern
        .as_ref()
        .unwrap()
        .placements;
    assert_eq!(placements.len(), 8);
}

#[test]
fn symmetric_patterns_offer_each_distinct_placement_once() {
    let db = db();
    let count = |name: &str| {
        db.card(db.by_name(name).unwrap())
            .pattern
            .as_ref()
            .unwrap()
            .placements
            .len()
    };
    assert_eq!(count("Swordmaster"), 2);
    assert_eq!(count("Messenger"), 4);
    assert_eq!(count("Master of Intrigue"), 1);
    assert_eq!(
        count("Cannon"),
        8,
        "the arrows make every orientation different"
    );
    assert_eq!(
        count("Summoner"),
        4,
        "the marks make the mirror image the same, not the rotations"
    );
}

#[test]
fn higher_ranks_fill_lower_pattern_squares_but_not_the_reverse() {
    let heroic = ["1h d4", "1l e4", "1h f4", "1c d3"].map(String::from);
    assert!(legal(&with_card("Knight", &heroic), "summon Knight e5 0"));
    let common = ["1c d8", "1c f8", "1c e7", "1c e6"].map(String::from);
    assert!(
        !texts(&with_card("Fire Dragon", &common))
            .iter()
            .any(|t| t.starts_with("summon"))
    );
}

#[test]
fn the_summoned_piece_combat_leaps_onto_the_summoning_square() {
    let base = ["1c d4", "1c e4", "1c f4", "1c d3"]
        .map(String::from)
        .to_vec();
    let with = |extra: &str| {
        let mut p = base.clone();
        p.push(extra.to_string());
        with_card("Knight", &p)
    };
    // Same or lower rank, any colour: destroyed.
    let mut g = with("2h e5");
    summon(&mut g, "Knight", "e5", &[]);
    assert_eq!(g.turn.tally.destroyed[1][1], 1);
    let g = with("1c e5");
    assert!(legal(&g, "summon Knight e5 0"), "even your own piece");
    // Higher rank: no summoning there.
    let g = with("2l e5");
    assert!(!legal(&g, "summon Knight e5 0"));
}

#[test]
fn a_colour_never_has_more_than_three_legendary_pieces() {
    // Three legendary pieces on the board and none in the supply: one must be taken back first.
    let mut own = [
        "1h d4", "1h f4", "1h e3", "1c d2", "1c f2", "1l a5", "1l a6", "1l a7",
    ]
    .map(String::from)
    .to_vec();
    own.push("2c i5".into());
    let mut g = with_card("Time Elemental", &own);
    play(&mut g, &["summon Time Elemental e5 0"]);
    assert_eq!(pending(&g), "pickup");
    assert_eq!(texts(&g), ["pickup a5", "pickup a6", "pickup a7"]);
    play(&mut g, &["pickup a6"]);
    assert_eq!(g.board.count(Colour(0), RankSet::LEGENDARY), 3);
    assert!(!pieces(&g).contains("a6"));
}

/// Seat 1's 16 discs (the whole duel supply): the Knight pattern plus 12 more.
fn all_discs(extra_common_on_e5: bool) -> Vec<String> {
    let mut p: Vec<String> = ["1c d4", "1c e4", "1c f4", "1c d3"]
        .map(String::from)
        .to_vec();
    let fill = [
        "a3", "a4", "a5", "a6", "a7", "b2", "b3", "b4", "b5", "b6", "b7", "b8",
    ];
    p.extend(fill.iter().map(|s| format!("1c {s}")));
    if extra_common_on_e5 {
        p.pop();
        p.push("1c e5".into());
    }
    p
}

#[test]
fn with_no_disc_left_a_summon_reuses_your_piece_on_the_summoning_square() {
    let mut g = with_card("Knight", &all_discs(true));
    assert_eq!(g.supply[0].discs, 0);
    summon(&mut g, "Knight", "e5", &[]);
    assert_eq!(pending(&g), "effect:move", "no piece had to be taken back");
    assert_eq!(
        g.board.get("e5".parse().unwrap()).map(|p| p.rank),
        Some(Rank::Heroic)
    );
}

#[test]
fn with_no_disc_left_a_summon_takes_back_a_piece_the_pattern_does_not_use() {
    let mut g = with_card("Knight", &all_discs(false));
    play(&mut g, &["summon Knight e5 0"]);
    assert_eq!(pending(&g), "pickup");
    assert!(!legal(&g, "pickup d4"), "pattern pieces stay");
    assert!(legal(&g, "pickup a3"));
    play(&mut g, &["pickup b8"]);
    assert_eq!(
        g.board.get("e5".parse().unwrap()).map(|p| p.rank),
        Some(Rank::Heroic)
    );
    assert!(!pieces(&g).contains("b8"));
}

#[test]
fn with_no_disc_anywhere_to_take_back_there_is_no_summon() {
    // Only the pattern's own pieces on the board and an empty supply (the rest removed from the game).
    let mut g = with_card(
        "Knight",
        &["1c d4", "1c e4", "1c f4", "1c d3"].map(String::from),
    );
    g.supply[0].removed_discs += g.supply[0].discs;
    g.supply[0].discs = 0;
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn with_no_disc_left_placing_first_takes_one_back() {
    let mut g = with_card("Knight", &all_discs(false));
    assert!(!legal(&g, "place i5"), "the piece is picked up first");
    play(&mut g, &["pickup a3"]);
    assert_eq!(pending(&g), "place-lifted");
    play(&mut g, &["place i5"]);
    let p = pieces(&g);
    assert!(p.contains("1c i5") && !p.contains("a3"));
    assert_eq!(g.turn.actions_left, 1);
}

#[test]
fn a_summon_on_your_own_piece_needs_that_piece() {
    // The Cannon's summoning square must hold one of your pieces; an enemy piece there will not do.
    let g = with_card("Cannon", &["1c d5", "1c c4", "2c e5"].map(String::from));
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
    let g = with_card("Cannon", &["1c d5", "1c c4", "1c e5"].map(String::from));
    assert!(texts(&g).iter().any(|t| t.starts_with("summon Cannon e5")));
}

#[test]
fn a_lent_piece_counts_as_yours_on_the_square_that_must_hold_your_own_piece() {
    // Improvised summoning (melee): seat 2's common on e5 stands in for the piece the Cannon's
    // summoning square must hold; the Cannon is summoned onto it.
    let mut g = scenario(
        r#"(players: 3, pieces: ["1c d5", "1c c4", "2c e5"], hands: [(beings: ["Cannon"])])"#,
    );
    let lent: Vec<String> = texts(&g)
        .into_iter()
        .filter(|t| t.starts_with("summon Cannon e5"))
        .collect();
    assert!(
        !lent.is_empty() && lent.iter().all(|t| t.ends_with("borrow e5")),
        "{lent:?}"
    );
    play(&mut g, &[&lent[0]]);
    assert!(pieces(&g).contains("1h e5"));
    assert_eq!(
        g.seat(table::tashkalar::engine::Seat(0)).improvised,
        0b010,
        "colour 2's improvisation is used"
    );
    assert_eq!(
        g.turn.tally.destroyed[1],
        [0, 0, 0],
        "used as your own, it is not credited as destroyed"
    );
    // War Summoner's lending (any enemy piece, for the next summoning) works the same way.
    let mut g = scenario(
        r#"(decks: ["Highland", "Imperial"], borrow: true,
            pieces: ["1c f5", "1c e4", "1c f4", "2c e5"], hands: [(beings: ["War Drummer"])])"#,
    );
    let lent = texts(&g)
        .into_iter()
        .find(|t| t.starts_with("summon War Drummer e5") && t.ends_with("borrow e5"))
        .expect("the lent piece holds the summoning square");
    play(&mut g, &[&lent]);
    assert!(pieces(&g).contains("1h e5") && !pieces(&g).contains("2c"));
    // Without a lent piece, an enemy piece there will not do.
    let g = scenario(
        r#"(decks: ["Highland", "Imperial"], pieces: ["1c f5", "1c e4", "1c f4", "2c e5"],
            hands: [(beings: ["War Drummer"])])"#,
    );
    assert!(!texts(&g).iter().any(|t| t.starts_with("summon")));
}

#[test]
fn pattern_progress_counts_cards_ready_now_and_one_common_away() {
    let progress = |pieces: &str| {
        let g = scenario(&format!(
            r#"(pieces: [{pieces}], hands: [(beings: ["Swordmaster", "Time Mage"])])"#
        ));
        let p = g.pattern_progress(table::tashkalar::engine::Seat(0), 3);
        (p.ready, p.near)
    };
    assert_eq!(progress(""), (0, 0), "no pieces: nothing is close");
    assert_eq!(
        progress(r#""1c e4""#),
        (0, 1),
        "a second common makes a Swordmaster; the Time Mage needs three more"
    );
    assert_eq!(
        progress(r#""1c e4", "1c e6""#),
        (1, 0),
        "the Swordmaster is ready; the Time Mage still needs two more"
    );
    assert_eq!(
        progress(r#""1c d5", "1c c6", "1c e6""#),
        (1, 1),
        "three of the Time Mage's four cells"
    );
}
