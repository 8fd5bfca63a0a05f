//! The table a player wants to sit at (issue 16) and the screen parts of the Nethervoid and
//! Etherweave decks (issue 18): the end of a turn is confirmed, the hint selects its exact
//! choice, what the other seat did stays marked and told, a card is summoned with its hot key,
//! warp effects and pending beings, the Gateway on the board, the score board window.

mod support;

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;
use support::*;
use table::shell::seats::SeatKind;
use table::shell::tui::app::{App, hint_text};
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::board::Rank;
use table::tashkalar::engine::{Choice, DecisionKind, Mode, Seat};
use table::tashkalar::ui::interaction::{Focus, Stage};
use table::tashkalar::ui::setup::{GameSetup, scenario_state};

const KNIGHT: &str = include_str!("scenarios/tui_knight.ron");

/// A hot-seat duel at Blue's first action (one action left, so it ends the turn).
fn blue_first_action() -> App {
    let mut app = app(PaletteKind::Standard);
    start(&mut app, &hot_seat(5));
    press(&mut app, KeyCode::Enter); // Red passes the gate
    press(&mut app, KeyCode::Enter); // Red's start square
    press(&mut app, KeyCode::Enter); // Blue passes the gate
    assert_eq!(game(&app).model().decision.kind, DecisionKind::Action);
    app
}

/// An empty playable square.
fn empty_square(
    app: &App,
    skip: &[table::tashkalar::engine::Square],
) -> table::tashkalar::engine::Square {
    let g = game(app);
    table::tashkalar::engine::board::arena::PLAYABLE
        .iter()
        .find(|s| g.state().board.get(*s).is_none() && !skip.contains(s))
        .expect("an empty square")
}

/// A scenario position with two people at the keyboard, Blue holding it.
fn position(text: &str) -> App {
    let db = db();
    let state = scenario_state(db.clone(), text).expect("scenario loads");
    let mut app = app_with(db, PaletteKind::Standard);
    start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    app
}

#[test]
fn the_last_action_waits_for_enter_on_end_turn_and_can_still_be_taken_back() {
    let mut app = blue_first_action();
    let s = empty_square(&app, &[]);
    move_cursor_to(&mut app, s);
    press(&mut app, KeyCode::Enter);
    // The placement is shown, but the turn has not ended: nothing is recorded yet.
    let g = game(&app);
    assert!(g.staged());
    assert!(g.state().board.get(s).is_none(), "not made yet");
    assert_eq!(g.gate(), None, "no pass screen before the confirmation");
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("your turn is done."), "{w}x{h}: {shown}");
    }
    // u takes it back.
    press(&mut app, KeyCode::Char('u'));
    let g = game(&app);
    assert!(!g.staged());
    assert!(g.note().is_some_and(|n| n.text.starts_with("Took back")));
    assert_eq!(g.model().decision.kind, DecisionKind::Action);
    // Again, and Enter confirms: the piece is placed and Red is asked to take the keyboard.
    move_cursor_to(&mut app, s);
    press(&mut app, KeyCode::Enter);
    assert!(game(&app).staged());
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    assert!(!g.staged());
    assert!(g.state().board.get(s).is_some(), "placed on {s}");
    assert_eq!(
        g.gate(),
        Some(1),
        "the pass screen comes after the confirmation"
    );
}

#[test]
fn the_hint_selects_its_exact_choice_and_enter_takes_it() {
    let mut app = blue_first_action();
    press(&mut app, KeyCode::Char('i'));
    game_mut(&mut app).poll_hint(Some(Duration::from_secs(30)));
    let g = game(&app);
    let hint = g.ui().hint.expect("the hint is selected");
    let note = g.note().expect("the hint is told").text.clone();
    assert!(
        note.starts_with("hint: ") && note.ends_with("(Enter takes it)"),
        "{note}"
    );
    assert!(!note.contains("orientation"), "{note}");
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("Enter: ") || shown.contains("Enter summons"),
        "{shown}"
    );
    let made = g.session().choices.len();
    press(&mut app, KeyCode::Enter);
    confirm_turn_end(&mut app);
    let g = game(&app);
    assert_eq!(
        g.session().choices.get(made),
        Some(&hint),
        "Enter took the hint"
    );
}

#[test]
fn what_the_other_seat_did_stays_marked_and_told_until_you_act() {
    let mut app = blue_first_action();
    let mine = empty_square(&app, &[]);
    move_cursor_to(&mut app, mine);
    press(&mut app, KeyCode::Enter);
    confirm_turn_end(&mut app);
    // Red places two pieces.
    press(&mut app, KeyCode::Enter); // Red takes the keyboard
    let a = empty_square(&app, &[]);
    move_cursor_to(&mut app, a);
    press(&mut app, KeyCode::Enter);
    let b = empty_square(&app, &[a]);
    move_cursor_to(&mut app, b);
    press(&mut app, KeyCode::Enter);
    confirm_turn_end(&mut app);
    assert_eq!(game(&app).gate(), Some(0));
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    for (w, h) in [(120, 40), (200, 60)] {
        let buf = render(&app, w, h);
        let shown = text(&buf).replace('\n', " ");
        assert!(
            shown.contains(&format!(
                "Since your last decision: Red placed {a}; placed {b}"
            )),
            "{w}x{h}: {shown}"
        );
        // Both squares are marked on the board (unless the cursor is on them).
        for s in [a, b] {
            if s != game(&app).ui().cursor {
                let r = cell_rect(&app, s, w, h);
                let row: String = (r.x..r.x + r.width)
                    .map(|x| buf[(x, r.y + r.height / 2)].symbol().to_string())
                    .collect();
                assert!(row.contains('‹') && row.contains('›'), "{w}x{h} {s}: {row}");
            }
        }
    }
    // Blue acts: the marks and the summary go.
    let c = empty_square(&app, &[]);
    move_cursor_to(&mut app, c);
    press(&mut app, KeyCode::Enter);
    let shown = text(&render(&app, 120, 40));
    assert!(!shown.contains("Since your last decision"), "{shown}");
}

#[test]
fn a_card_is_summoned_with_its_hot_key_and_enter() {
    let mut app = knight_app();
    let g = game(&app);
    let knight = g.items()[0].card;
    assert_eq!(g.state().db.card(knight).name, "Knight");
    // The hand shows each card's key.
    let shown = text(&render(&app, 120, 40));
    assert!(shown.contains("a▸") || shown.contains("a "), "{shown}");
    assert!(hint_text(&app).contains("card"), "{}", hint_text(&app));
    // Two keys: its letter, Enter.
    press(&mut app, KeyCode::Char('a'));
    let g = game(&app);
    assert_eq!(g.ui().stage, Stage::Card(knight));
    assert_eq!(
        g.ui().cursor,
        sq("e5"),
        "the only target is under the cursor"
    );
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    assert!(
        g.log()
            .iter()
            .any(|l| l.text == "Blue summoned Knight on e5"),
        "{:?}",
        g.log().last()
    );
}

fn knight_app() -> App {
    position(KNIGHT)
}

#[test]
fn a_warp_effect_is_played_with_its_key_and_the_pending_being_is_shown() {
    let mut app = position(
        r#"(decks: ["Etherweave", "Imperial"], pieces: ["1c c3"], hands: [(beings: ["Greater Shadow Twin", "Translocationist"])])"#,
    );
    let g = game(&app);
    let twin = g.state().db.by_name("Greater Shadow Twin").expect("card");
    assert!(g.model().choices.contains(&Choice::Warp(twin)));
    assert!(hint_text(&app).contains("w warp"), "{}", hint_text(&app));
    let shown = text(&render(&app, 120, 40));
    assert!(
        shown.contains("warp"),
        "the hand tells what a card can do: {shown}"
    );
    // Highlight the twin in the hand, then w.
    press(&mut app, KeyCode::Tab);
    while game(&app).items()[game(&app).ui().hand_index].card != twin {
        press(&mut app, KeyCode::Down);
    }
    press(&mut app, KeyCode::Char('w'));
    let g = game(&app);
    assert_eq!(g.state().seat(Seat(0)).pending, Some(twin));
    assert!(!g.staged(), "a warp effect leaves the actions to play");
    for (w, h) in [(120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h)).replace('\n', " ");
        assert!(shown.contains("pending"), "{w}x{h}: {shown}");
    }
    // No second warp while one is pending: w says why.
    press(&mut app, KeyCode::Char('w'));
    assert!(game(&app).note().is_some_and(|n| n.warn));
}

#[test]
fn the_gateway_is_marked_on_the_board_in_every_palette() {
    for palette in [PaletteKind::Standard, PaletteKind::Mono] {
        let db = db();
        let state = scenario_state(
            db.clone(),
            r#"(decks: ["Nethervoid", "Imperial"], pieces: ["1c d6", "1c f5", "1c b3"], gateway: ["b3"], hands: [(beings: ["Shadow Imp"])])"#,
        )
        .expect("scenario loads");
        let mut app = app_with(db, palette);
        start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
        press(&mut app, KeyCode::Enter);
        move_cursor_to(&mut app, sq("e5"));
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let buf = render(&app, w, h);
            let r = cell_rect(&app, sq("b3"), w, h);
            let row: String = (r.x..r.x + r.width)
                .map(|x| buf[(x, r.y + r.height / 2)].symbol().to_string())
                .collect();
            assert!(row.contains('='), "{palette:?} {w}x{h}: {row}");
            let shown = text(&buf).replace('\n', " ");
            assert!(
                w == 80 || shown.contains("Gateway on b3"),
                "{palette:?} {w}x{h}: {shown}"
            );
        }
    }
}

#[test]
fn the_score_board_window_shows_every_count() {
    let mut app = blue_first_action();
    press(&mut app, KeyCode::Char('t'));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h)).replace('\n', " ");
        for words in [
            "on the board 1, upgraded 0",
            "supply",
            "discarded 0",
            "legends:",
        ] {
            assert!(shown.contains(words), "{w}x{h} {words}: {shown}");
        }
    }
}

#[test]
fn a_warp_effect_asking_for_a_square_is_answered_on_the_board() {
    let mut app = position(
        r#"(decks: ["Etherweave", "Imperial"], pieces: ["1c c3", "2c e5", "2c e6"], hands: [(beings: ["Paradox Worm"])])"#,
    );
    // The worm's letter: it cannot be summoned, so the hand keeps it highlighted.
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Char('w'));
    let g = game(&app);
    assert!(
        matches!(g.model().decision.kind, DecisionKind::Effect { .. }),
        "{:?}",
        g.model().decision
    );
    assert_eq!(
        g.ui().focus,
        Focus::Board,
        "the square is asked on the board"
    );
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    let heroic = ["e5", "e6"]
        .iter()
        .filter(|s| {
            g.state()
                .board
                .get(sq(s))
                .is_some_and(|p| p.rank == Rank::Heroic)
        })
        .count();
    assert_eq!(heroic, 1, "Enter upgraded the enemy piece under the cursor");
}

#[test]
fn a_team_resigns_together_and_the_end_panel_says_so() {
    let mut app = app(PaletteKind::Standard);
    let setup = GameSetup {
        mode: Mode::Deathmatch,
        players: 4,
        teams: true,
        seats: vec![SeatKind::Human; 4],
        decks: vec!["Imperial".into(); 4],
        seed: 3,
    };
    start(&mut app, &setup);
    let mut guard = 0;
    while game(&app).gate().is_some() || game(&app).model().decision.kind != DecisionKind::Action {
        press(&mut app, KeyCode::Enter);
        confirm_turn_end(&mut app);
        guard += 1;
        assert!(guard < 20, "the setup ends");
    }
    let g = game(&app);
    let seat = g.state().decider();
    let names: Vec<String> = g
        .state()
        .seat_ids()
        .filter(|s| g.state().allies(seat, *s))
        .map(|s| g.session().seats.name(s.index()).to_string())
        .collect();
    assert_eq!(names.len(), 2);
    let who = g.session().seats.name(seat.index()).to_string();
    app.handle_key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL));
    let shown = text(&render(&app, 200, 60));
    assert!(
        shown.contains(&format!(
            "Resign the game for {} and {}?",
            names[0], names[1]
        )),
        "{shown}"
    );
    press(&mut app, KeyCode::Char('y'));
    let g = game(&app);
    assert!(g.state().is_over());
    let shown = text(&render(&app, 200, 60));
    assert!(shown.contains(&format!("{who} resigned; ")), "{shown}");
}

#[test]
fn a_summon_onto_your_piece_is_told_as_one_part_of_the_recap() {
    // The Knight scenario, with a Red common piece where the Knight lands and Blue's last action.
    let text = KNIGHT
        .replace("actions_left: 2", "actions_left: 1")
        .replacen(
            "\".. .. .. .. .. .. .. .. ..\",\n        \".. .. .. 1c 1c 1c",
            "\".. .. .. .. 2c .. .. .. ..\",\n        \".. .. .. 1c 1c 1c",
            1,
        );
    assert!(text.contains("2c"), "the scenario has Red's common piece");
    let mut app = position(&text);
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter);
    // The Knight's combat moves are optional: skip them all.
    for _ in 0..3 {
        if game(&app).model().decision.kind == DecisionKind::Action || game(&app).staged() {
            break;
        }
        press(&mut app, KeyCode::Char('s'));
    }
    confirm_turn_end(&mut app);
    press(&mut app, KeyCode::Enter); // Red takes the keyboard
    let shown = text_of(&app);
    // One part (the panel may wrap it): the summon, then what it destroyed; the being's own
    // piece is not told again as a placement.
    assert!(
        shown.contains("Since your last decision: Blue summoned Knight on e5, destroying"),
        "{shown}"
    );
    assert!(shown.contains("your common piece"), "{shown}");
    assert!(!shown.contains("destroyed your common"), "{shown}");
    assert!(!shown.contains("placed a heroic piece"), "{shown}");
}

/// The screen's text at 200x60, lines joined.
fn text_of(app: &App) -> String {
    text(&render(app, 200, 60)).replace('\n', " ")
}

#[test]
fn moves_of_one_piece_join_and_a_long_recap_is_counted() {
    use table::shell::seats::Seats;
    use table::tashkalar::engine::Square;
    use table::tashkalar::ui::recap::{PieceMove, RecapItem, recap_text};
    let seats = Seats::new(
        vec!["Blue".into(), "Red".into()],
        &[SeatKind::Human, SeatKind::Human],
    );
    let red = Seat(1);
    let sq = |s: &str| s.parse::<Square>().expect("square");
    let mv = |from: &str, to: &str| RecapItem {
        seat: red,
        text: format!("moved your common piece from {from} to {to}"),
        moved: Some(PieceMove {
            what: "your common piece".into(),
            from: sq(from),
            to: sq(to),
        }),
    };
    let said = |text: &str| RecapItem {
        seat: red,
        text: text.into(),
        moved: None,
    };
    let items = vec![
        said("placed d3"),
        mv("c1", "d1"),
        mv("d1", "e1"),
        mv("e1", "e2"),
        mv("g2", "g3"),
    ];
    assert_eq!(
        recap_text(&items, &seats),
        vec![
            "Red placed d3; moved your common piece from c1 to e2 in 3 moves; moved your common piece from g2 to g3"
        ]
    );
    let many: Vec<RecapItem> = (0..9).map(|i| said(&format!("step {i}"))).collect();
    assert_eq!(
        recap_text(&many, &seats),
        vec!["Red step 0; step 1; step 2; step 3; step 4; step 5; and 3 more (see the log)"]
    );
}

#[test]
fn the_recap_of_the_start_does_not_say_the_other_seat_put_your_piece() {
    let app = blue_first_action();
    let shown = text_of(&app);
    assert!(
        shown.contains("Since your last decision: Red put its start piece on"),
        "{shown}"
    );
    assert!(!shown.contains("put your start piece"), "{shown}");
}

/// The text of a board cell's row `row` (0: its top row) at `w` x `h`.
fn cell_row(app: &App, buf: &ratatui::buffer::Buffer, s: &str, row: u16, w: u16, h: u16) -> String {
    let r = cell_rect(app, sq(s), w, h);
    (r.x..r.x + r.width)
        .map(|x| buf[(x, r.y + row)].symbol().to_string())
        .collect()
}

#[test]
fn a_marked_square_of_the_pattern_keeps_its_bracket_and_shows_its_number() {
    for palette in [
        PaletteKind::Standard,
        PaletteKind::ColourBlind,
        PaletteKind::Mono,
    ] {
        let db = db();
        // Master of Intrigue: four commons marked 1 around the square it is summoned on.
        let state = scenario_state(
            db.clone(),
            r#"(pieces: ["1c d4", "1c f4", "1c d6", "1c f6"], hands: [(beings: ["Master of Intrigue"])])"#,
        )
        .expect("scenario loads");
        let mut app = app_with(db, palette);
        start_state(&mut app, state, &[SeatKind::Human, SeatKind::Human]);
        press(&mut app, KeyCode::Enter); // Blue takes the keyboard
        press(&mut app, KeyCode::Char('a'));
        assert_eq!(game(&app).ui().cursor, sq("e5"), "{palette:?}");
        // The smallest board: a bracket, the piece, the number where the other bracket goes.
        let buf = render(&app, 80, 24);
        for s in ["d4", "f4", "d6", "f6"] {
            assert_eq!(cell_row(&app, &buf, s, 0, 80, 24), "[b1", "{palette:?} {s}");
        }
        assert_eq!(cell_row(&app, &buf, "e5", 0, 80, 24), ">B<", "{palette:?}");
        // Taller cells: both brackets around the piece and the number in the top-left corner.
        for (w, h, middle, top) in [(120, 40, "[ b ]", "1    "), (200, 60, " [ b ] ", "1      ")] {
            let buf = render(&app, w, h);
            for s in ["d4", "f6"] {
                assert_eq!(
                    cell_row(&app, &buf, s, 1, w, h),
                    middle,
                    "{palette:?} {w}x{h} {s}"
                );
                assert_eq!(
                    cell_row(&app, &buf, s, 0, w, h),
                    top,
                    "{palette:?} {w}x{h} {s}"
                );
            }
            let shown = text(&buf);
            assert!(shown.contains("marked squares: 1 = "), "{w}x{h}: {shown}");
            // The four squares under one digit, not "1 = d4, 1 = f4, ...".
            assert_eq!(shown.matches("1 = ").count(), 1, "{w}x{h}: {shown}");
        }
    }
}

/// The text inside the window drawn over the game screen (score board, piles, full card) at
/// `w` x `h`, its rows joined by spaces: wrapped sentences read whole.
fn window_text(buf: &ratatui::buffer::Buffer, w: u16, h: u16) -> String {
    // As the game screen lays its windows out: centred in everything above the key bar.
    let ww = (w - 4).min(100);
    let wh = h - 1 - 2;
    let (x0, y0) = ((w - ww) / 2, (h - 1 - wh) / 2);
    let rows: Vec<String> = (y0 + 1..y0 + wh - 1)
        .map(|y| {
            (x0 + 1..x0 + ww - 1)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect();
    squeeze(&rows.join(" "))
}

fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whether a text shows a bare count like "3/2/1" or "3/6".
fn bare_slash_count(s: &str) -> bool {
    let c: Vec<char> = s.chars().collect();
    c.windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == '/' && w[2].is_ascii_digit())
}

#[test]
fn the_counts_of_the_score_board_are_explained_where_they_are_shown() {
    let mut app = knight_app();
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = text(&render(&app, w, h));
        assert!(!bare_slash_count(&shown), "{w}x{h}: {shown}");
        // Counts are words ("hand 3 beings, 1 legend, 1 flare") wherever the panel has room.
        assert!(
            w == 80 || shown.contains("hand 3 beings, 1 legend, 1 flare"),
            "{w}x{h}: {shown}"
        );
    }
    // The score window says what each count means, the hand's refill too.
    press(&mut app, KeyCode::Char('t'));
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = window_text(&render(&app, w, h), w, h);
        for words in [
            "upgraded: its heroic and legendary ones (flares compare both)",
            "Supply: discs and legendary pieces left to place",
            "Hand: cards held (drawn back up to 3 beings, 2 legends and 1 flare at the end of a turn)",
        ] {
            assert!(shown.contains(words), "{w}x{h} {words}: {shown}");
        }
    }
    // A flare's card says its conditions in words, not as "3/6".
    press(&mut app, KeyCode::Esc);
    press(&mut app, KeyCode::Char('g'));
    press(&mut app, KeyCode::Char('v'));
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = window_text(&render(&app, w, h), w, h);
        assert!(
            shown.contains("Ember flare Upper") || shown.contains("Ember flare"),
            "{shown}"
        );
        assert!(
            shown.contains("Upper (3 more upgraded)"),
            "{w}x{h}: {shown}"
        );
        assert!(!bare_slash_count(&shown), "{w}x{h}: {shown}");
    }
}

#[test]
fn the_rules_say_what_the_score_board_counts_mean() {
    let mut app = app(PaletteKind::Standard);
    press(&mut app, KeyCode::Char('5'));
    let mut seen = String::new();
    for _ in 0..8 {
        for _ in 0..6 {
            seen.push_str(&text(&render(&app, 120, 40)).replace('│', " "));
            press(&mut app, KeyCode::PageDown);
        }
        press(&mut app, KeyCode::Right);
    }
    let seen = squeeze(&seen);
    assert!(
        seen.contains("cards in hand (drawn back up to 3 beings, 2 legends and 1 flare at the end"),
        "{seen}"
    );
    assert!(!seen.contains("if none are loaded"), "{seen}");
}

const TITAN: &str = "Crushes every piece orthogonally next to it and every non-legendary piece diagonally next to it. You score nothing for them.";

#[test]
fn a_large_screen_shows_a_larger_board_whole_card_texts_and_a_wider_log() {
    use table::shell::tui::app::body_area;
    use table::tashkalar::ui::layout::layout_for;
    use table::tashkalar::ui::widgets::hand::{HandLayout, MORE, hand_layout, longest_name};
    let mut app = knight_app();
    let layout = |app: &App, w, h| {
        layout_for(
            game(app).state(),
            body_area(ratatui::layout::Rect::new(0, 0, w, h)),
        )
        .expect("the game fits")
    };
    let sizes = [(80, 24), (120, 40), (200, 60), (300, 90)];
    let boards: Vec<u16> = sizes
        .iter()
        .map(|(w, h)| layout(&app, *w, *h).board_block.height)
        .collect();
    let logs: Vec<u16> = sizes
        .iter()
        .map(|(w, h)| layout(&app, *w, *h).log.width)
        .collect();
    assert!(
        boards.windows(2).all(|p| p[0] < p[1]),
        "board rows {boards:?}"
    );
    assert!(logs.windows(2).all(|p| p[0] < p[1]), "log widths {logs:?}");
    // Titan's text (the longest of the hand) whole, in its card box, at 200x60.
    let titan = game(&app)
        .items()
        .iter()
        .position(|it| game(&app).state().db.card(it.card).name == "Titan")
        .expect("Titan in hand");
    for (w, h) in [(200, 60), (300, 90)] {
        let buf = render(&app, w, h);
        let hand = ratatui::widgets::Block::bordered().inner(layout(&app, w, h).hand);
        let g = game(&app);
        let longest = longest_name(g.items(), &g.state().db);
        let HandLayout::Grid(boxes) = hand_layout(hand, g.items().len(), longest) else {
            panic!("{w}x{h}: the hand is shown as cards side by side");
        };
        let inner = ratatui::widgets::Block::bordered().inner(boxes[titan]);
        let rows: Vec<String> = (inner.y..inner.bottom())
            .map(|y| {
                (inner.x..inner.right())
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect()
            })
            .collect();
        let start = rows
            .iter()
            .find_map(|r| r.find("Crushes"))
            .expect("Titan's text starts in its box");
        let column: Vec<String> = rows
            .iter()
            .map(|r| r.chars().skip(r[..start].chars().count()).collect())
            .collect();
        assert!(
            squeeze(&column.join(" ")).contains(TITAN),
            "{w}x{h}: {column:?}"
        );
        assert!(!text(&buf).contains(MORE), "{w}x{h}: nothing is cut");
    }
    // At 80x24 the highlighted card's text is cut with a pointer to the full-card view, which
    // shows it whole.
    press(&mut app, KeyCode::Char('f'));
    assert_eq!(game(&app).ui().hand_index, titan);
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains(MORE), "{shown}");
    press(&mut app, KeyCode::Char('v'));
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = window_text(&render(&app, w, h), w, h);
        assert!(shown.contains(TITAN), "{w}x{h}: {shown}");
        assert!(shown.contains("In your hand (key f)"), "{w}x{h}: {shown}");
    }
}

/// A terminal that counts what is written to it: cells drawn and cursor or clearing commands.
struct CountingBackend {
    inner: ratatui::backend::TestBackend,
    writes: std::rc::Rc<std::cell::Cell<usize>>,
}

impl CountingBackend {
    fn wrote(&self, n: usize) {
        self.writes.set(self.writes.get() + n);
    }
}

impl ratatui::backend::Backend for CountingBackend {
    type Error = std::io::Error;

    fn draw<'a, I>(&mut self, content: I) -> std::io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a ratatui::buffer::Cell)>,
    {
        let cells: Vec<_> = content.collect();
        self.wrote(cells.len());
        let Ok(()) = self.inner.draw(cells.into_iter());
        Ok(())
    }
    fn hide_cursor(&mut self) -> std::io::Result<()> {
        self.wrote(1);
        Ok(())
    }
    fn show_cursor(&mut self) -> std::io::Result<()> {
        self.wrote(1);
        Ok(())
    }
    fn get_cursor_position(&mut self) -> std::io::Result<ratatui::layout::Position> {
        Ok(ratatui::layout::Position::ORIGIN)
    }
    fn set_cursor_position<P: Into<ratatui::layout::Position>>(
        &mut self,
        _: P,
    ) -> std::io::Result<()> {
        self.wrote(1);
        Ok(())
    }
    fn clear(&mut self) -> std::io::Result<()> {
        self.wrote(1);
        let Ok(()) = self.inner.clear();
        Ok(())
    }
    fn clear_region(&mut self, t: ratatui::backend::ClearType) -> std::io::Result<()> {
        self.wrote(1);
        let Ok(()) = self.inner.clear_region(t);
        Ok(())
    }
    fn size(&self) -> std::io::Result<ratatui::layout::Size> {
        let Ok(size) = self.inner.size();
        Ok(size)
    }
    fn window_size(&mut self) -> std::io::Result<ratatui::backend::WindowSize> {
        let Ok(size) = self.inner.window_size();
        Ok(size)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Events for the loop from a script: `None` is a wait that times out with nothing; the
/// counter of terminal writes is noted at every wait. The script's end asks the loop to stop.
struct Script {
    steps: std::collections::VecDeque<Option<ratatui::crossterm::event::Event>>,
    writes: std::rc::Rc<std::cell::Cell<usize>>,
    seen: Vec<usize>,
}

impl table::shell::tui::EventSource for Script {
    fn next(&mut self, _: Duration) -> std::io::Result<Option<ratatui::crossterm::event::Event>> {
        self.seen.push(self.writes.get());
        Ok(self.steps.pop_front().flatten())
    }
    fn stop_requested(&self) -> Option<&'static str> {
        self.steps.is_empty().then_some("the end of the test")
    }
}

#[test]
fn idle_means_idle_nothing_is_written_while_nothing_changes() {
    use ratatui::crossterm::event::Event;
    let mut app = knight_app();
    let writes = std::rc::Rc::new(std::cell::Cell::new(0));
    let backend = CountingBackend {
        inner: ratatui::backend::TestBackend::new(120, 40),
        writes: writes.clone(),
    };
    let mut term = ratatui::Terminal::new(backend).expect("terminal");
    let first = writes.get();
    // Twenty waits with nothing, a key that moves the cursor, twenty more waits.
    let mut steps: std::collections::VecDeque<Option<Event>> = (0..20).map(|_| None).collect();
    steps.push_back(Some(Event::Key(KeyEvent::new(
        KeyCode::Right,
        KeyModifiers::NONE,
    ))));
    steps.extend((0..20).map(|_| None));
    let mut script = Script {
        steps,
        writes: writes.clone(),
        seen: Vec::new(),
    };
    table::shell::tui::event_loop(&mut term, &mut app, &mut script).expect("the loop runs");
    let seen = &script.seen;
    assert_eq!(seen.len(), 41, "{seen:?}");
    assert!(seen[0] > first, "the first frame is drawn");
    // Nothing written while nothing happens...
    assert!(seen[..21].iter().all(|w| *w == seen[0]), "{seen:?}");
    // ...the key redraws only what it changed (the cursor's squares, the square's line)...
    let redrawn = seen[21] - seen[20];
    assert!(
        redrawn > 0 && redrawn < 120,
        "{redrawn} writes for one cursor move"
    );
    // ...and then nothing again.
    assert!(seen[21..].iter().all(|w| *w == seen[21]), "{seen:?}");
}

/// A scenario position with a person at every seat, the first one holding the keyboard.
fn people(text: &str, players: usize) -> App {
    let db = db();
    let state = scenario_state(db.clone(), text).expect("scenario loads");
    let mut app = app_with(db, PaletteKind::Standard);
    start_state(&mut app, state, &vec![SeatKind::Human; players]);
    press(&mut app, KeyCode::Enter);
    app
}

/// Makes a choice written in the engine's notation ("summon Knight e5 0 borrow d3").
fn choose(app: &mut App, m: &str) {
    let choice = table::tashkalar::engine::notation::parse(m, &game(app).state().db)
        .unwrap_or_else(|e| panic!("`{m}`: {e}"));
    game_mut(app)
        .apply_choice(choice)
        .unwrap_or_else(|e| panic!("`{m}` refused: {e}"));
}

/// The first summoning of a card on offer.
fn summon_of(app: &App, name: &str) -> Choice {
    let g = game(app);
    let card = g.state().db.by_name(name).expect("card");
    g.state()
        .choices()
        .into_iter()
        .find(|c| matches!(c, Choice::Summon { card: c, .. } if *c == card))
        .unwrap_or_else(|| panic!("{name} can be summoned"))
}

/// The decision panel's text at `w` x `h`, its rows joined: wrapped sentences read whole.
fn decision_text(app: &App, w: u16, h: u16) -> String {
    use table::shell::tui::app::body_area;
    use table::tashkalar::ui::layout::layout_for;
    let buf = render(app, w, h);
    let r = layout_for(
        game(app).state(),
        body_area(ratatui::layout::Rect::new(0, 0, w, h)),
    )
    .expect("the game fits")
    .decision;
    let rows: Vec<String> = (r.y + 1..r.bottom() - 1)
        .map(|y| {
            (r.x + 1..r.right() - 1)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect()
        })
        .collect();
    squeeze(&rows.join(" "))
}

fn log_texts(app: &App) -> Vec<String> {
    game(app).log().iter().map(|l| l.text.clone()).collect()
}

#[test]
fn the_log_tells_a_borrowed_enemy_piece_and_a_turn_handed_to_the_teammate() {
    // Melee: Blue's Knight uses Red's common on d3 as its own.
    let mut app = people(
        r#"(players: 3, pieces: ["1c d4", "1c e4", "1c f4", "2c d3", "3c c6"], hands: [(beings: ["Knight", "Swordmaster"])])"#,
        3,
    );
    choose(&mut app, "summon Knight e5 0 borrow d3");
    let g = game(&app);
    let red = g.session().seats.name(1usize).to_string();
    let line = g
        .log()
        .iter()
        .find(|l| l.text.contains("summoned Knight on e5"))
        .expect("the summoning is logged");
    assert_eq!(
        line.text,
        format!(
            "{} summoned Knight on e5, using {}'s piece on d3 as its own",
            g.session().seats.name(0usize),
            table::shell::tui::theme::colour_name(g.state().colour_of(Seat(1)))
        ),
        "{red}"
    );
    assert_eq!(line.seat, Some(0));
    // Team game: Blue hands the turn over; the teammate's placements are the teammate's.
    let mut app = people(
        r#"(mode: HighForm, players: 4, teams: true, pieces: ["3c d4", "3c e4", "3c f4", "1c d3", "2h c9", "2h d9", "2h e9", "4h f9"], hands: [(beings: ["Knight"], flares: ["Ember"])])"#,
        4,
    );
    choose(&mut app, "handover");
    choose(&mut app, "place a5");
    let g = game(&app);
    let (me, mate) = (
        g.session().seats.name(0usize).to_string(),
        g.session().seats.name(2usize).to_string(),
    );
    let log = g.log();
    let handed = log
        .iter()
        .find(|l| l.text.contains("handed the rest of the turn"))
        .expect("the hand-over is logged");
    assert_eq!(
        handed.text,
        format!("{me} handed the rest of the turn to {mate}")
    );
    assert_eq!(handed.seat, Some(0));
    let placed = log
        .iter()
        .find(|l| l.text.contains("a5"))
        .expect("the teammate's placement is logged");
    assert!(placed.text.starts_with(&mate), "{}", placed.text);
    assert_eq!(placed.seat, Some(2), "credited to the teammate");
    for (w, h) in [(120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        assert!(
            shown.contains(&format!("{me} handed the rest of the turn")),
            "{w}x{h}: {shown}"
        );
    }
}

#[test]
fn the_issues_wording_bugs_stay_fixed() {
    // Storm Elemental drops "a piece of yours of any rank", never "your any rank of piece".
    let mut app = position(
        r#"(pieces: ["1h d6", "1h d5", "1h f5", "1c e4"], hands: [(legends: ["Storm Elemental"])])"#,
    );
    let storm = summon_of(&app, "Storm Elemental");
    game_mut(&mut app).apply_choice(storm).expect("summoned");
    let shown = decision_text(&app, 120, 40);
    assert!(!shown.contains("your any rank"), "{shown}");
    assert!(
        shown.contains("place a piece of yours (of any rank: you pick it next)"),
        "{shown}"
    );
    // Master of Intrigue: the pieces that summoned him make combat moves, he standard ones.
    let mut app = position(
        r#"(pieces: ["1c d4", "1c f4", "1c d6", "1c f6", "2c a5"], hands: [(beings: ["Master of Intrigue"])])"#,
    );
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter);
    assert!(
        matches!(
            game(&app).model().decision.kind,
            DecisionKind::Effect { .. }
        ),
        "{:?}",
        game(&app).model().decision
    );
    for (from, kind) in [("d4", "combat move"), ("e5", "standard move")] {
        move_cursor_to(&mut app, sq(from));
        press(&mut app, KeyCode::Enter);
        assert_eq!(game(&app).ui().stage, Stage::MoveFrom(sq(from)));
        let shown = decision_text(&app, 120, 40);
        assert!(shown.contains(&format!("({kind}, ")), "{from}: {shown}");
        press(&mut app, KeyCode::Esc);
    }
    // Summoning onto your own piece upgrades it; nothing is "destroyed".
    let mut app =
        position(r#"(pieces: ["1c e6", "1c d4", "1c f4"], hands: [(beings: ["High Priestess"])])"#);
    let priestess = summon_of(&app, "High Priestess");
    game_mut(&mut app)
        .apply_choice(priestess)
        .expect("summoned");
    let log = log_texts(&app);
    assert!(
        log.iter()
            .any(|l| l.contains("summoned High Priestess on e6")),
        "{log:?}"
    );
    assert!(!log.iter().any(|l| l.contains("destroy")), "{log:?}");
    // One point is "1 point".
    let app = position(r#"(scores: [1, 0])"#);
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = text(&render(&app, w, h));
        assert!(shown.contains("1 point "), "{w}x{h}: {shown}");
        assert!(!shown.contains("pts"), "{w}x{h}: {shown}");
    }
    // Without an Everfrost deck nobody is offered to thaw anything.
    let app = position(
        r#"(actions_left: 0, pieces: ["2h a5", "2h b5", "2h c5", "1c e4"], hands: [(flares: ["Ember"])])"#,
    );
    let g = game(&app);
    assert_eq!(
        g.model().decision.kind,
        DecisionKind::AfterActions,
        "{:?}",
        g.model().decision
    );
    for (w, h) in [(80, 24), (120, 40)] {
        let shown = decision_text(&app, w, h);
        assert!(
            shown.contains("You may play a flare, or end"),
            "{w}x{h}: {shown}"
        );
        assert!(!shown.contains("thaw"), "{w}x{h}: {shown}");
    }
}

#[test]
fn the_piles_window_shows_every_discard_pile_and_the_decks() {
    let mut app = position(r#"(discards: [["Herald", "Swordmaster"], ["Knight"]])"#);
    press(&mut app, KeyCode::Char('p'));
    let g = game(&app);
    let (blue, red) = (
        g.session().seats.name(0usize).to_string(),
        g.session().seats.name(1usize).to_string(),
    );
    let v = g.seat_view();
    let (deck, legends) = (v.deck_sizes[0], v.legend_deck);
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = window_text(&render(&app, w, h), w, h);
        for words in [
            format!("{blue} deck {deck} cards left discarded (newest first): Swordmaster, Herald"),
            format!("{red} deck"),
            "discarded (newest first): Knight".to_string(),
            format!("Legends: {legends} left in the deck; discarded: empty"),
            "Flares: ".to_string(),
        ] {
            assert!(shown.contains(&words), "{w}x{h} {words}: {shown}");
        }
    }
    // p again closes it.
    press(&mut app, KeyCode::Char('p'));
    let shown = text(&render(&app, 120, 40));
    assert!(!shown.contains("discarded (newest first)"), "{shown}");
}

#[test]
fn the_hand_list_shows_whole_card_names_at_120x40() {
    let app = position(
        r#"(decks: ["Imperial", "Imperial"], pieces: ["1c c3"], hands: [(beings: ["Infantry Captain", "Master of Intrigue", "Knight"])])"#,
    );
    let shown = text(&render(&app, 120, 40));
    for name in ["Infantry Captain", "Master of Intrigue", "Knight"] {
        assert!(shown.contains(name), "{name}: {shown}");
    }
}

#[test]
fn a_recap_that_does_not_fit_says_where_to_read_it_instead_of_being_cut() {
    // As above: Blue's Knight lands on Red's piece; Red reads what happened, at every size.
    let scenario = KNIGHT
        .replace("actions_left: 2", "actions_left: 1")
        .replacen(
            "\".. .. .. .. .. .. .. .. ..\",\n        \".. .. .. 1c 1c 1c",
            "\".. .. .. .. 2c .. .. .. ..\",\n        \".. .. .. 1c 1c 1c",
            1,
        );
    let mut app = position(&scenario);
    press(&mut app, KeyCode::Char('a'));
    press(&mut app, KeyCode::Enter);
    for _ in 0..3 {
        if game(&app).model().decision.kind == DecisionKind::Action || game(&app).staged() {
            break;
        }
        press(&mut app, KeyCode::Char('s'));
    }
    confirm_turn_end(&mut app);
    press(&mut app, KeyCode::Enter); // Red takes the keyboard
    let whole =
        "Since your last decision: Blue summoned Knight on e5, destroying your common piece";
    let mut shortened = false;
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        let shown = text(&render(&app, w, h));
        // The left column of each row: the decision panel, below the board.
        let flat = shown
            .lines()
            .map(|l| {
                l.split(['│', '┃'])
                    .nth(1)
                    .unwrap_or_default()
                    .trim()
                    .to_string()
            })
            .collect::<Vec<_>>()
            .join(" ");
        let flat = flat.split_whitespace().collect::<Vec<_>>().join(" ");
        // Whole, or pointing to the log, or left to the log beside the panel: never cut.
        let short = !flat.contains(whole);
        assert!(
            flat.contains(whole)
                || flat.contains("Since your last decision: see the log")
                || !flat.contains("Since your last decision"),
            "at {w}x{h}:\n{shown}"
        );
        shortened |= short;
        if w == 200 {
            assert!(!short, "the big screen tells it whole:\n{shown}");
        }
    }
    assert!(
        shortened,
        "80x24 has no room for the whole recap with the options"
    );
}
