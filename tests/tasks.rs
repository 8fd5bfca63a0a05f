//! High Form: every task with a board that meets it and a near miss that does not, the task queue,
//! claiming, scoring and the end of the game.

mod common;
use common::*;
use std::sync::Arc;
use table::tashkalar::engine::cards::tasks::TaskType;
use table::tashkalar::engine::state::TurnTally;
use table::tashkalar::engine::{Colour, GameConfig, GameState, Mode, Seat, Square};

/// A High Form position with these pieces (seat 1 to move).
fn position(pieces: &[&str]) -> GameState {
    let list = pieces
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    scenario(&format!("(mode: HighForm, pieces: [{list}])"))
}

/// Whether seat 1 meets the named task on this board, after this turn's tallies.
fn meets(task: &str, pieces: &[&str], tally: impl Fn(&mut TurnTally)) -> bool {
    let mut g = position(pieces);
    tally(&mut g.turn.tally);
    let id =
        g.db.task_by_name(task)
            .unwrap_or_else(|| panic!("no task {task}"));
    let cond = g.db.tasks[id.0 as usize].condition.clone();
    g.task_met(Colour(0), &cond)
}

fn none(_: &mut TurnTally) {}

/// Seat 1 destroyed these enemy (seat 2) pieces this turn: commons, heroic, legendary.
fn destroyed(c: u8, h: u8, l: u8) -> impl Fn(&mut TurnTally) {
    move |t: &mut TurnTally| t.destroyed[1] = [c, h, l]
}

fn summoned(at: &'static [&'static str], legends: u8) -> impl Fn(&mut TurnTally) {
    move |t: &mut TurnTally| {
        for (slot, sq) in t.summoned_at.iter_mut().zip(at) {
            *slot = Some(sq.parse::<Square>().expect("square"));
        }
        t.summoned = at.len() as u8;
        t.legends_summoned = legends;
    }
}

#[test]
fn destruction_tasks_count_enemy_pieces_destroyed_this_turn() {
    assert!(meets("Destruction", &[], destroyed(3, 0, 0)));
    assert!(!meets("Destruction", &[], destroyed(2, 0, 0)));
    assert!(meets("Devastation", &[], destroyed(2, 1, 1)));
    assert!(!meets("Devastation", &[], destroyed(3, 0, 0)));
    assert!(meets("Heroic Destruction", &[], destroyed(2, 1, 0)));
    assert!(!meets("Heroic Destruction", &[], destroyed(3, 0, 0)));
    assert!(meets("Heroic Devastation", &[], destroyed(2, 1, 1)));
    assert!(!meets("Heroic Devastation", &[], destroyed(3, 1, 0)));
    assert!(meets("End of Legends", &[], destroyed(0, 0, 1)));
    assert!(meets("End of Legends", &[], destroyed(0, 2, 0)));
    assert!(!meets("End of Legends", &[], destroyed(5, 1, 0)));
}

#[test]
fn your_own_destroyed_pieces_do_not_count() {
    assert!(!meets("Destruction", &[], |t: &mut TurnTally| t
        .destroyed[0] =
        [3, 0, 0]));
}

#[test]
fn coloured_square_tasks() {
    // Red squares: c2 d8 e5 h4. Green squares: a5 c7 f2 g7 i6.
    assert!(meets("Red Conquest", &["1h c2", "1l d8", "1c e5"], none));
    assert!(
        !meets("Red Conquest", &["1h c2", "1c d8", "1c e5"], none),
        "only one upgraded"
    );
    assert!(meets("Green Conquest", &["1h a5", "1h c7", "1c f2"], none));
    assert!(
        !meets("Green Conquest", &["1h a5", "1h c7", "1c f3"], none),
        "f3 is not green"
    );
    assert!(meets(
        "Color Conquest",
        &["1h a5", "1h c7", "1h c2", "1c d8", "1c e5"],
        none
    ));
    assert!(!meets(
        "Color Conquest",
        &["1h a5", "1h c7", "1c c2", "1c d8", "1c e5"],
        none
    ));
    assert!(meets("Red Legends", &["1l c2", "1h h4"], none));
    assert!(
        !meets("Red Legends", &["1h c2", "1h h4"], none),
        "no legendary one"
    );
    assert!(meets("Green Legends", &["1l g7", "1h i6"], none));
    assert!(!meets("Green Legends", &["1l g7", "1c i6"], none));
    assert!(meets(
        "Rainbow Dominance",
        &["1h c2", "1h a5", "2c h4"],
        none
    ));
    assert!(
        !meets("Rainbow Dominance", &["1h c2", "1h a5", "2h g7"], none),
        "tied on green"
    );
}

#[test]
fn summoning_tasks_look_at_this_turns_summoning_squares() {
    assert!(meets("Red Summoning", &[], summoned(&["e5", "a1"], 0)));
    assert!(
        !meets("Red Summoning", &[], summoned(&["e5"], 0)),
        "only one summoning"
    );
    assert!(meets("Green Summoning", &[], summoned(&["b4", "g7"], 0)));
    assert!(!meets("Green Summoning", &[], summoned(&["b4", "e5"], 0)));
    assert!(
        meets("Colored Summoning", &[], summoned(&["e5", "e5"], 0)),
        "the same square twice counts"
    );
    assert!(!meets("Colored Summoning", &[], summoned(&["e5", "e4"], 0)));
    assert!(meets(
        "Legendary Summoning",
        &[],
        summoned(&["b4", "b5"], 1)
    ));
    assert!(!meets(
        "Legendary Summoning",
        &[],
        summoned(&["b4", "b5"], 0)
    ));
}

#[test]
fn pattern_tasks() {
    assert!(meets(
        "Central Dominance",
        &["1h d4", "1h e4", "1c f4", "1c d5", "1c e5"],
        none
    ));
    assert!(!meets(
        "Central Dominance",
        &["1h d4", "1h e4", "1c f4", "1c d5", "1c c5"],
        none
    ));
    assert!(meets(
        "Center Cross",
        &["1c e4", "1c d5", "1c e5", "1c f5", "1c e6"],
        none
    ));
    assert!(meets(
        "Center Cross",
        &["1c d4", "1c f4", "1c e5", "1c d6", "1c f6"],
        none
    ));
    assert!(!meets(
        "Center Cross",
        &["1c d4", "1c e4", "1c e5", "1c d6", "1c f6"],
        none
    ));
    let row: Vec<&str> = vec!["1c a5", "1c b5", "1c c5", "1c d5", "1c e5", "1c f5"];
    let mut with_enemy = row.clone();
    with_enemy.push("2c i5");
    assert!(meets("Line Dominance", &row, none), "6 against none");
    assert!(
        !meets("Line Dominance", &with_enemy, none),
        "6 against 1 is a lead of 5"
    );
    assert!(
        !meets(
            "Line Dominance",
            &["1c a4", "1c b4", "1c c4", "1c d5", "1c e5", "1c f5"],
            none
        ),
        "one line"
    );
    let diagonals = [
        "1h b8", "1c c7", "1c d6", "1c e5", "1h b2", "1c c3", "1c d4", "1c f6",
    ];
    assert!(meets("Diagonals", &diagonals, none));
    // e5 lies on both diagonals.
    let plain = [
        "1h b8", "1c c7", "1c d6", "1c e5", "1c b2", "1c c3", "1c d4",
    ];
    assert!(
        !meets("Diagonals", &plain, none),
        "nothing upgraded on the second diagonal"
    );
    let side = [
        "1c a5", "1c b5", "1c c6", "1c d5", "1c e5", "1c f4", "1c g5", "1c h5", "1c i5",
    ];
    assert!(meets("Side Chain", &side, none));
    assert!(
        !meets("Side Chain", &side[..8], none),
        "one short of the far side"
    );
    let corner = [
        "1c a7", "1c b6", "1c c5", "1c d4", "1c e4", "1c f3", "1c g2", "1c h2",
    ];
    assert!(meets("Corner Chain", &corner, none));
    assert!(!meets("Corner Chain", &corner[..7], none));
}

#[test]
fn enemy_tasks() {
    let six = [
        "2c e5", "1c d4", "1c e4", "1c f4", "1c d5", "1c f5", "1c d6",
    ];
    assert!(meets("Imprisonment", &six, none));
    assert!(!meets("Imprisonment", &six[..6], none));
    let mut seven = six.to_vec();
    seven.push("1c e6");
    assert!(meets("Envelopment", &seven, none));
    assert!(!meets("Envelopment", &six, none));
    // The enemy piece on e5 is walled in by our pieces; another enemy piece is two squares away.
    let walled = [
        "2c e5", "2c g5", "1c d4", "1c e4", "1c f4", "1c d5", "1c f5", "1c d6", "1c e6", "1c f6",
    ];
    assert!(meets("Isolation", &walled, none));
    assert!(
        !meets("Isolation", &walled[..9], none),
        "f6 open: one move reaches g5's neighbourhood"
    );
}

fn high_form(seed: u64) -> GameState {
    let config = GameConfig {
        mode: Mode::HighForm,
        players: 2,
        teams: false,
        decks: vec!["Imperial".into(); 2],
    };
    GameState::new_game(Arc::clone(&db()), config, seed).expect("game")
}

#[test]
fn the_queue_starts_with_three_simple_tasks_never_three_of_a_type_and_a_next_task() {
    for seed in 0..300 {
        let g = high_form(seed);
        let kind =
            |t: table::tashkalar::engine::cards::tasks::TaskId| g.db.tasks[t.0 as usize].kind;
        let current: Vec<_> = g
            .tasks
            .current
            .iter()
            .map(|t| t.expect("three current tasks"))
            .collect();
        assert!(
            current.iter().all(|t| !g.db.tasks[t.0 as usize].advanced),
            "seed {seed}: an advanced task"
        );
        let next = g.tasks.next.expect("a next task");
        let mut all = current.clone();
        all.push(next);
        for k in [
            TaskType::Destruction,
            TaskType::Coloured,
            TaskType::Summoning,
            TaskType::Pattern,
            TaskType::Enemy,
        ] {
            let among_current = current.iter().filter(|t| kind(**t) == k).count();
            assert!(
                among_current < 3,
                "seed {seed}: three current tasks of one type"
            );
            assert!(
                all.iter().filter(|t| kind(**t) == k).count() < 3,
                "seed {seed}: three of the four face-up tasks share a type"
            );
        }
        assert_eq!(
            g.tasks.deck.len as usize + 4,
            g.db.tasks.len(),
            "set-aside tasks go back into the deck"
        );
    }
}

#[test]
fn a_met_task_is_claimed_at_the_end_of_the_turn_and_replaced_by_the_next() {
    let mut g = scenario(
        r#"(mode: HighForm, actions_left: 1, pieces: ["1h c2", "1l d8", "1c e5"],
            tasks: (current: ["Red Conquest", "Destruction", "Imprisonment"], next: "Side Chain"))"#,
    );
    play(&mut g, &["place a5"]);
    assert_eq!(pending(&g), "claim-task");
    assert_eq!(texts(&g), ["claim Red Conquest", "skip"]);
    play(&mut g, &["claim Red Conquest"]);
    assert_eq!(g.seat(Seat(0)).score.tasks, 2);
    assert_eq!(
        g.score(Seat(0)),
        3,
        "2 for the task and 1 for the legendary piece"
    );
    let side_chain = g.db.task_by_name("Side Chain");
    assert_eq!(
        g.tasks.current[0], side_chain,
        "the next task takes the claimed one's place"
    );
    assert!(g.tasks.next.is_some());
    assert_eq!(g.turn.seat, Seat(1));
}

#[test]
fn a_task_may_be_left_unclaimed() {
    let mut g = scenario(
        r#"(mode: HighForm, actions_left: 1, pieces: ["1h c2", "1l d8", "1c e5"],
            tasks: (current: ["Red Conquest", "Destruction", "Imprisonment"], next: "Side Chain"))"#,
    );
    play(&mut g, &["place a5", "skip"]);
    assert_eq!(g.seat(Seat(0)).score.tasks, 0);
    assert_eq!(g.turn.seat, Seat(1));
}

#[test]
fn nine_points_end_high_form_even_if_the_score_then_drops() {
    let mut g = scenario(
        r#"(mode: HighForm, actions_left: 1, scores: [7, 0], pieces: ["1h c2", "1l d8", "1c e5", "2l a5"],
            tasks: (current: ["Red Conquest", "Destruction", "Imprisonment"], next: "Side Chain"))"#,
    );
    play(&mut g, &["place a6", "claim Red Conquest"]);
    assert_eq!(g.score(Seat(0)), 10);
    assert!(g.ending.triggered);
    play(&mut g, &["place i5", "place i6"]); // seat 2's last turn
    assert!(!g.is_over());
    play(&mut g, &["place i7", "place h7"]);
    assert!(g.is_over());
    assert_eq!(g.standings().winners, vec![Seat(0)]);
}

#[test]
fn high_form_ties_break_on_upgraded_then_all_pieces() {
    let g = scenario(r#"(mode: HighForm, scores: [3, 3], pieces: ["1h a5", "2c a6", "2c a7"])"#);
    assert_eq!(g.standings().winners, vec![Seat(0)]);
}

/// How many more pieces seat 1 needs on this board for the named task (the AI's task race).
fn shortfall(task: &str, pieces: &[&str]) -> Option<u32> {
    let g = position(pieces);
    let id =
        g.db.task_by_name(task)
            .unwrap_or_else(|| panic!("no task {task}"));
    g.task_shortfall(Colour(0), &g.db.tasks[id.0 as usize].condition)
}

#[test]
fn a_board_task_counts_the_pieces_still_missing() {
    // Red squares: c2 d8 e5 h4. Green squares: a5 c7 f2 g7 i6.
    assert_eq!(shortfall("Red Conquest", &[]), Some(3));
    assert_eq!(
        shortfall("Red Conquest", &["1h c2", "1c d8", "1c e5"]),
        Some(1),
        "one upgrade short"
    );
    assert_eq!(
        shortfall("Red Conquest", &["1h c2", "1l d8", "1c e5"]),
        Some(0)
    );
    // Both halves: red is won, green is tied (one more upgraded piece breaks the tie).
    assert_eq!(
        shortfall("Rainbow Dominance", &["1h c2", "1h a5", "2h g7"]),
        Some(1)
    );
    // Either cross: four of the five squares of the + are held.
    assert_eq!(
        shortfall("Center Cross", &["1c e4", "1c d5", "1c e5", "1c f5"]),
        Some(1)
    );
    // The best line: four own pieces on row 5 against one enemy piece needs three more.
    assert_eq!(
        shortfall(
            "Line Dominance",
            &["1c a5", "1c b5", "1c c5", "1c d5", "2c i5"]
        ),
        Some(3)
    );
    // Next to one enemy piece: five of the six needed.
    assert_eq!(
        shortfall(
            "Imprisonment",
            &["2c e5", "1c d4", "1c e4", "1c f4", "1c d5", "1c f5"]
        ),
        Some(1)
    );
    assert_eq!(shortfall("Imprisonment", &[]), None, "no enemy piece");
}

#[test]
fn tasks_of_a_turn_or_of_a_chain_have_no_shortfall() {
    assert_eq!(shortfall("Destruction", &[]), None);
    assert_eq!(shortfall("Red Summoning", &[]), None);
    assert_eq!(shortfall("Side Chain", &["1c a5"]), None);
}
