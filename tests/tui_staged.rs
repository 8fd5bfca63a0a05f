//! Issue 51: nothing the screen shows as done is lost. The last step of a person's turn is
//! staged (shown as made, waiting for Enter); quitting or a stop signal at that moment used to
//! drop it while saying the game was saved. Now leaving makes it for real first, and the save
//! has it.

mod support;

use ratatui::crossterm::event::KeyCode;
use std::path::{Path, PathBuf};
use support::*;
use table::shell::record::load;
use table::shell::tui::app::App;
use table::shell::tui::theme::PaletteKind;
use table::tashkalar::engine::{DecisionKind, GameState};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tashkalar-staged-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// A saved hot-seat duel with Blue's last action of the turn staged; the number of choices
/// saved before it.
fn staged_in(dir: &Path) -> (App, usize) {
    let mut app = app(PaletteKind::Standard);
    app.saves.write = Some(dir.to_path_buf());
    start(&mut app, &hot_seat(5));
    press(&mut app, KeyCode::Enter); // Red passes the gate
    press(&mut app, KeyCode::Enter); // Red's start square
    press(&mut app, KeyCode::Enter); // Blue passes the gate
    assert_eq!(game(&app).model().decision.kind, DecisionKind::Action);
    let before = saved_choices(&app);
    let square = table::tashkalar::engine::board::arena::PLAYABLE
        .iter()
        .find(|s| game(&app).state().board.get(*s).is_none())
        .expect("an empty square");
    move_cursor_to(&mut app, square);
    press(&mut app, KeyCode::Enter);
    assert!(
        game(&app).staged(),
        "the turn's last action waits for Enter"
    );
    assert_eq!(saved_choices(&app), before, "not saved while staged");
    (app, before)
}

fn saved_choices(app: &App) -> usize {
    let path = game(app)
        .save_path()
        .expect("the game is saved")
        .to_path_buf();
    load::read::<GameState>(&path, &db())
        .unwrap_or_else(|e| panic!("the save loads: {e}"))
        .choices
        .len()
}

#[test]
fn a_stop_signal_with_the_last_step_staged_saves_it() {
    let dir = temp_dir("signal");
    let (mut app, before) = staged_in(&dir);
    app.stop("stopped by SIGTERM");
    assert!(app.quit);
    let said = app.fatal.clone().unwrap_or_default();
    assert!(said.contains("the game is saved in"), "{said}");
    assert_eq!(saved_choices(&app), before + 1, "the staged step is saved");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn quitting_with_the_last_step_staged_saves_it() {
    let dir = temp_dir("quit");
    let (mut app, before) = staged_in(&dir);
    press(&mut app, KeyCode::Char('q'));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.quit, "quit after the confirmation");
    assert_eq!(saved_choices(&app), before + 1, "the staged step is saved");
    let _ = std::fs::remove_dir_all(&dir);
}
