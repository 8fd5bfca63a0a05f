//! Effect steps in plain words, their targets on the board, and the log telling what happened,
//! from a scenario position (as `play --scenario` starts it).

mod support;

use ratatui::crossterm::event::KeyCode;
use support::*;
use table::shell::tui::app::App;
use table::shell::tui::game::interaction::{Stage, targets};
use table::shell::tui::game::seats::SeatKind;
use table::shell::tui::setup::scenario_state;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{DecisionKind, Seat};

const KNIGHT: &str = include_str!("scenarios/tui_knight.ron");

fn knight_position() -> App {
    let db = db();
    let state = scenario_state(db.clone(), KNIGHT).expect("scenario loads");
    let mut app = App::new(db, PaletteKind::Standard);
    app.start_state(state, vec![SeatKind::Human, SeatKind::Human], None)
        .expect("start");
    press(&mut app, KeyCode::Enter); // Blue takes the keyboard
    app
}

#[test]
fn a_combat_move_step_asks_in_words_and_the_log_tells_the_destruction() {
    let mut app = knight_position();
    // Tab to the hand: the Knight is first; Enter picks it and the cursor jumps to its square.
    press(&mut app, KeyCode::Tab);
    let g = app.game().expect("game");
    let knight = g.items[g.ui.hand_index].card;
    assert_eq!(g.session.state.db.card(knight).name, "Knight");
    press(&mut app, KeyCode::Enter);
    let g = app.game().expect("game");
    assert_eq!(g.ui.stage, Stage::Card(knight));
    assert_eq!(g.ui.cursor, sq("e5"));
    press(&mut app, KeyCode::Enter);

    // The Knight's moves: the piece is known, so only destinations are asked for.
    let g = app.game().expect("game");
    assert!(matches!(g.model.decision.kind, DecisionKind::Effect { card, .. } if card == knight));
    assert_eq!(g.ui.stage, Stage::MoveFrom(sq("e5")));
    let dests = targets(&g.model, g.ui.stage);
    assert!(
        dests.contains(sq("e6")),
        "the Red heroic piece may be attacked"
    );
    assert!(!dests.contains(sq("d4")), "own pieces are not destinations");
    let shown = text(&render(&app, 120, 40));
    let prompt = format!(
        "Knight: choose where it moves (combat move, {} highlighted) — or skip (s)",
        dests.count()
    );
    assert!(
        shown.replace('\n', " ").contains(&prompt[..40]),
        "{prompt}\n{shown}"
    );
    assert!(
        shown.contains("Knight: Up to three combat moves"),
        "the card's text is shown"
    );
    // Going onto e6 destroys the heroic piece there.
    move_cursor_to(&mut app, sq("e6"));
    press(&mut app, KeyCode::Enter);
    let g = app.game().expect("game");
    let log: Vec<&str> = g.session.log.iter().map(|l| l.text.as_str()).collect();
    let summoned = log
        .iter()
        .position(|l| *l == "Blue summoned Knight on e5")
        .expect("summon told");
    let moved = log
        .iter()
        .position(|l| *l == "Knight (Blue) moved from e5 to e6, destroying Red's heroic piece")
        .expect("move told");
    assert!(summoned < moved);
    // Up to three moves: the next one may be skipped.
    assert_eq!(g.ui.stage, Stage::MoveFrom(sq("e6")));
    press(&mut app, KeyCode::Char('s'));
    let g = app.game().expect("game");
    assert_eq!(g.model.decision.kind, DecisionKind::Action);
    assert_eq!(g.model.decision.seat, Seat(0));
    // Back at the main decision, with the action the summoning left.
    let shown = text(&render(&app, 80, 24));
    assert!(shown.contains("1 action left"), "{shown}");
}

#[test]
fn an_illegal_destination_is_explained() {
    let mut app = knight_position();
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    // d4 holds Blue's own piece: not a destination.
    move_cursor_to(&mut app, sq("d4"));
    press(&mut app, KeyCode::Enter);
    let g = app.game().expect("game");
    let note = g.ui.note.clone().expect("a reason");
    assert!(note.warn, "{}", note.text);
    assert!(note.text.contains("cannot go to d4"), "{}", note.text);
    assert!(text(&render(&app, 120, 40)).contains("cannot go to d4"));
}
