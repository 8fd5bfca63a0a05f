//! The terminal front end (ratatui + crossterm): the menu, the game screen for hot-seat play and
//! play against bots, help, and the event loop.
//!
//! Shape (see `docs/tui.md`): a small [`app::App`] state; an event loop that only turns terminal
//! events into [`action::Action`]s through the one [`keymap`] table; screens and widgets that draw
//! from state; bots on a worker thread ([`ai_worker`]); saved games behind one seam ([`records`]).

pub mod action;
pub mod ai_worker;
pub mod app;
pub mod game;
pub mod hint;
pub mod keymap;
pub mod records;
pub mod screens;
pub mod setup;
pub mod terminal;
pub mod theme;
pub mod widgets;

use crate::tashkalar::engine::{CardDb, GameState};
use app::App;
use game::seats::SeatKind;
use ratatui::crossterm::event::{self, Event};
use setup::GameSetup;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use theme::PaletteKind;

/// What to show first.
pub enum Launch {
    /// The main menu.
    Menu,
    /// A new game, as the command line described it.
    Game(GameSetup),
    /// A position from a scenario file: the state, who plays each seat, and the file's text
    /// (saved with the game so it can be set up again).
    Scenario(Box<GameState>, Vec<SeatKind>, String),
    /// A saved game to play on.
    Resume(Box<records::Opened>),
    /// A saved game to watch.
    Replay(Box<records::Opened>),
}

/// Runs the front end until the player quits. Games are saved into `save_dir` (when given).
/// Errors are plain sentences for stderr.
pub fn run(
    db: Arc<CardDb>,
    launch: Launch,
    palette: PaletteKind,
    save_dir: Option<PathBuf>,
) -> Result<(), String> {
    terminal::check()?;
    let mut app = App::new(db, palette);
    app.save_dir = save_dir;
    match launch {
        Launch::Menu => {}
        Launch::Game(setup) => app.start_game(&setup)?,
        Launch::Scenario(state, kinds, text) => app.start_scenario(*state, kinds, text)?,
        Launch::Resume(opened) => app.resume(*opened)?,
        Launch::Replay(opened) => app.open_replay(*opened)?,
    }
    let mut term = terminal::enter()?;
    let result = event_loop(&mut term, &mut app);
    terminal::leave();
    result.map_err(|e| format!("terminal error: {e}"))?;
    match app.fatal.take() {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Draw, wait for an event or a tick, handle it; until the app wants to quit.
fn event_loop(term: &mut ratatui::DefaultTerminal, app: &mut App) -> std::io::Result<()> {
    while !app.quit {
        term.draw(|frame| app.render(frame))?;
        let wait = if app.animating() {
            Duration::from_millis(80)
        } else {
            Duration::from_millis(250)
        };
        if event::poll(wait)? {
            match event::read()? {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => {
                    let size = term.size()?;
                    app.handle_mouse(
                        mouse,
                        ratatui::layout::Rect::new(0, 0, size.width, size.height),
                    );
                }
                // The next draw picks up the new size.
                Event::Resize(..) => {}
                _ => {}
            }
        }
        app.tick(Instant::now());
    }
    Ok(())
}
