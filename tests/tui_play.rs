//! A game driven only by scripted key presses and mouse clicks, from the menu to a summoning with
//! an effect choice, checking what the screen shows on the way.

mod support;

use ratatui::crossterm::event::KeyCode;
use std::sync::Arc;
use support::*;
use table::shell::tui::app::App;
use table::shell::tui::catalog::FormRow;
use table::shell::tui::screens::form::Row;
use table::shell::tui::theme::{PaletteKind, Theme};
use table::tashkalar::engine::board::arena;
use table::tashkalar::engine::state::Phase;
use table::tashkalar::engine::{CardDb, CardId, Choice, DecisionKind, GameState, Seat, Square};
use table::tashkalar::ui::interaction::{Stage, targets};

const W: u16 = 120;
const H: u16 = 40;

/// Beings whose effect always asks something once summoned next to other own pieces.
const ASKING: [&str; 3] = ["Messenger", "Herald", "Chronicler"];

/// A summoning Blue can build from an empty board: the card, its target, and the squares its
/// pattern needs (placement 0), all empty, away from the start squares and Red's planned moves.
fn plan(state: &GameState, avoid: &[Square]) -> Option<(CardId, Square, Vec<Square>)> {
    let db: &CardDb = &state.db;
    for card in state.seat(Seat(0)).hand.iter() {
        let c = db.card(card);
        if !ASKING.contains(&c.name.as_str()) {
            continue;
        }
        let placement = &c.pattern.as_ref()?.placements[0];
        for target in ["d3", "e3", "f3", "e4", "d4", "f4"].map(sq) {
            let cells: Vec<Square> = placement.cell_squares(target).iter().collect();
            let all: Vec<Square> = cells.iter().copied().chain([target]).collect();
            let fine = cells.len() == placement.cells.len()
                && all.iter().all(|s| {
                    arena::is_playable(*s)
                        && state.board.get(*s).is_none()
                        && !avoid.contains(s)
                        && arena::DUEL_START.iter().all(|d| d.distance(*s) > 1)
                });
            if fine {
                return Some((card, target, cells));
            }
        }
    }
    None
}

const RED_SQUARES: [&str; 8] = ["c9", "d9", "e9", "f9", "g9", "c8", "e8", "f8"];

/// Passes the "pass to" screen if it is up, checking it hides every hand.
fn pass_gate(app: &mut App) {
    let g = game(app);
    if g.gate().is_none() {
        return;
    }
    let st = &g.state();
    let shown = text(&render(app, W, H));
    assert!(shown.contains("Pass the keyboard to"), "{shown}");
    for seat in [Seat(0), Seat(1)] {
        for card in st.seat(seat).hand.iter() {
            let name = &st.db.card(card).name;
            assert!(!shown.contains(name.as_str()), "pass screen hides {name}");
        }
    }
    press(app, KeyCode::Enter);
    assert!(game(app).gate().is_none());
}

fn decision(app: &App) -> (Seat, DecisionKind) {
    let d = &game(app).model().decision;
    (d.seat, d.kind.clone())
}

#[test]
fn from_the_menu_to_a_summoning_with_an_effect_choice() {
    let db = db();
    // Find a seed whose deal gives Blue a being that asks something, as a new player would
    // simply get one eventually.
    let seed = (1..400u64)
        .find(|s| {
            let state = hot_seat(*s).deal(Arc::clone(&db)).expect("deal");
            plan(&state, &RED_SQUARES.map(sq)).is_some()
        })
        .expect("some seed deals a suitable card");

    let mut app = app_with(Arc::clone(&db), PaletteKind::Standard);
    // Menu: New game.
    assert!(text(&render(&app, W, H)).contains("New game"));
    press(&mut app, KeyCode::Enter);
    assert!(text(&render(&app, W, H)).contains("Start the game"));
    // Seat 2 becomes a person; type the seed; start.
    let seat_row = |app: &App| {
        let f = form(app);
        match f.row() {
            Row::Game(i) => f.setup.rows()[i] == FormRow::Seat(1),
            _ => false,
        }
    };
    while !seat_row(&app) {
        press(&mut app, KeyCode::Down);
    }
    while form(&app).kinds[1] != 0 {
        press(&mut app, KeyCode::Right);
    }
    let shown = text(&render(&app, W, H));
    let line = shown
        .lines()
        .find(|l| l.contains("Seat 2 (Red)"))
        .expect("seat 2 line");
    assert!(line.contains("‹ a person at this keyboard ›"), "{line}");
    chars(&mut app, &seed.to_string());
    assert_eq!(form(&app).seed, seed.to_string());
    press(&mut app, KeyCode::Down);
    assert_eq!(form(&app).row(), Row::Start);
    press(&mut app, KeyCode::Enter);
    let g = game(&app);
    assert_eq!(g.session().seed, Some(seed));

    // Setup: Red chooses its start square (the cursor starts on a legal one).
    pass_gate(&mut app);
    assert_eq!(decision(&app), (Seat(1), DecisionKind::StartSquare));
    let shown = text(&render(&app, W, H));
    assert!(shown.contains("Red: choose the start square"), "{shown}");
    press(&mut app, KeyCode::Enter);

    let state = game(&app).state().clone();
    let (card, target, cells) = plan(&state, &RED_SQUARES.map(sq)).expect("plan still holds");
    let card_name = db.card(card).name.clone();
    let mut to_place = cells.clone();
    let mut red_next = RED_SQUARES.iter().map(|s| sq(s));
    let mut clicks = 0;
    let theme = Theme::new(PaletteKind::Standard);

    // Turns: Blue places the pattern (by keys, and by mouse every other time), Red plays elsewhere.
    loop {
        pass_gate(&mut app);
        let (seat, kind) = decision(&app);
        assert_eq!(kind, DecisionKind::Action, "only main actions so far");
        if seat == Seat(1) {
            let s = red_next.next().expect("enough squares for Red");
            move_cursor_to(&mut app, s);
            press(&mut app, KeyCode::Enter);
            confirm_turn_end(&mut app);
            continue;
        }
        let Some(s) = to_place.pop() else {
            break;
        };
        if to_place.len() % 2 == 0 {
            let (x, y) = square_pos(&app, s, W, H);
            click(&mut app, x, y, W, H);
            clicks += 1;
        } else {
            move_cursor_to(&mut app, s);
            // An occupied square is refused with a reason first.
            if let Some(occ) = cells.iter().find(|c| !to_place.contains(c) && **c != s) {
                let before = game(&app).state().state_hash();
                move_cursor_to(&mut app, *occ);
                press(&mut app, KeyCode::Enter);
                let g = game(&app);
                assert_eq!(g.state().state_hash(), before, "nothing happened");
                let note = g.note().expect("a reason is shown");
                assert!(note.warn && note.text.contains("occupied"), "{}", note.text);
                assert!(text(&render(&app, W, H)).contains(&format!("{occ} is occupied")));
                move_cursor_to(&mut app, s);
            }
            press(&mut app, KeyCode::Enter);
        }
        // A placement that ends the turn waits for Enter on "End turn".
        confirm_turn_end(&mut app);
        let g = game(&app);
        assert!(g.state().board.get(s).is_some(), "placed on {s}");
        assert!(
            g.log()
                .iter()
                .any(|l| l.text == format!("Blue placed a common piece on {s}")),
            "the log tells the placement on {s}"
        );
    }
    assert!(clicks >= 1, "some pieces were placed with the mouse");

    // Blue summons: click the card in the hand, then the target twice (preview, then summon).
    let buf = render(&app, W, H);
    let (x, y) = find(&buf, &card_name).expect("the card is in the hand panel");
    click(&mut app, x, y, W, H);
    let g = game(&app);
    assert_eq!(g.ui().stage, Stage::Card(card), "the card is selected");
    let legal = targets(g.model(), g.ui().stage);
    assert!(legal.contains(target), "{target} is highlighted");
    let buf = render(&app, W, H);
    for t in legal.iter() {
        if t != g.ui().cursor {
            let r = cell_rect(&app, t, W, H);
            assert_eq!(
                buf[(r.x + r.width / 2 - 2, r.y + r.height / 2)].symbol(),
                "(",
                "target mark on {t}"
            );
            assert_eq!(
                Some(buf[(r.x, r.y)].bg),
                theme.target().bg,
                "target colour on {t}"
            );
        }
    }
    if g.ui().cursor == target {
        // The cursor jumped onto it already (a click there would summon): step off first.
        press(&mut app, KeyCode::Char('k'));
    }
    let (x, y) = square_pos(&app, target, W, H);
    click(&mut app, x, y, W, H);
    let g = game(&app);
    assert_eq!(g.ui().cursor, target);
    assert_eq!(
        g.state().phase,
        Phase::Action,
        "the first click only previews"
    );
    // The pattern is drawn over the board: > < where the piece lands, [ ] the pieces it uses.
    let buf = render(&app, W, H);
    assert_eq!(buf[(x - 2, y)].symbol(), ">");
    assert_eq!(buf[(x + 2, y)].symbol(), "<");
    for c in &cells {
        let (cx, cy) = square_pos(&app, *c, W, H);
        assert_eq!(buf[(cx - 2, cy)].symbol(), "[", "pattern square {c}");
        assert_eq!(Some(buf[(cx - 2, cy)].bg), theme.pattern().bg);
    }
    assert!(text(&buf).contains(&format!("{card_name} on {target}")));
    // Space shows the other ways to summon here, if any, and comes back round.
    let ways = table::tashkalar::ui::interaction::choices_at(g.model(), g.ui().stage, target).len();
    for _ in 0..ways {
        press(&mut app, KeyCode::Char(' '));
    }
    assert_eq!(game(&app).ui().cycle % ways, 0);
    click(&mut app, x, y, W, H);

    let g = game(&app);
    assert!(
        g.log()
            .iter()
            .any(|l| l.text == format!("Blue summoned {card_name} on {target}")),
        "{:?}",
        g.log().last()
    );
    let DecisionKind::Effect { card: asking, .. } = g.model().decision.kind.clone() else {
        panic!("the effect asks something: {:?}", g.model().decision);
    };
    assert_eq!(asking, card);

    // The effect's steps: each asks in plain words, shows its targets, and is answered by keys.
    let mut answered = 0;
    while let (Seat(0), DecisionKind::Effect { .. }) = decision(&app) {
        let g = game(&app);
        let shown = text(&render(&app, W, H));
        let prompt = g.model().prompt.text.clone();
        assert!(prompt.starts_with(&format!("{card_name}: ")), "{prompt}");
        assert!(
            shown.contains(&prompt[..30.min(prompt.len())]),
            "the prompt is on screen"
        );
        let can_skip = g.model().choices.contains(&Choice::Skip);
        if can_skip {
            assert!(prompt.ends_with("— or skip (s)"), "{prompt}");
        }
        let board_targets = targets(g.model(), g.ui().stage);
        if answered > 0 && can_skip {
            press(&mut app, KeyCode::Char('s'));
        } else if board_targets.any() {
            // The cursor starts on the nearest legal target; Enter takes it.
            assert!(board_targets.contains(g.ui().cursor), "cursor on a target");
            let first = board_targets.iter().find(|t| *t != g.ui().cursor);
            if let Some(t) = first {
                let r = cell_rect(&app, t, W, H);
                let buf = render(&app, W, H);
                assert_eq!(
                    Some(buf[(r.x, r.y)].bg),
                    theme.target().bg,
                    "highlighted {t}"
                );
            }
            let before = g.ui().stage;
            press(&mut app, KeyCode::Enter);
            let g = game(&app);
            if let (Stage::Idle, Stage::MoveFrom(from)) = (before, g.ui().stage) {
                // A piece was picked to move: its destinations are highlighted next.
                let to = targets(g.model(), g.ui().stage);
                assert!(to.any(), "{from} has somewhere to go");
                let dest = to.iter().next().expect("a destination");
                move_cursor_to(&mut app, dest);
                press(&mut app, KeyCode::Enter);
                answered += 1;
            }
        } else {
            assert!(!g.model().options.is_empty(), "options are listed");
            assert!(shown.contains(&format!(
                "1 {}",
                table::tashkalar::ui::words::describe(
                    g.state(),
                    &g.session().seats,
                    &g.model().decision,
                    &g.model().options[0]
                )
            )));
            press(&mut app, KeyCode::Char('1'));
        }
        answered += 1;
        assert!(answered < 20, "the effect ends");
    }
    eprintln!("summoned {card_name} on {target} (seed {seed}); {answered} effect step(s) answered");
    assert!(answered >= 1, "at least one effect step was answered");
    // The game goes on: Blue has an action left or the turn passed.
    let g = game(&app);
    assert!(!g.state().is_over());
    assert!(g.note().is_none_or(|n| !n.warn), "{:?}", g.note());
}
