//! The terminal front end (ratatui + crossterm), for any game of the table: the list of games,
//! the menu, the new-game form, rules, saved games, and a game on the table.
//!
//! Shape (see `docs/tui.md`): a small [`app::App`] that routes; an event loop that only turns
//! terminal events into calls on it; screens that draw from state; keys from one table per
//! context ([`keymap`]); a game's own screen behind [`ui::GameUi`], hosted by a
//! [`table::Table`] that does hot-seat passing, bots, hints, undo, saving and replays for it.

pub mod action;
pub mod app;
pub mod catalog;
pub mod keymap;
pub mod screens;
pub mod table;
pub mod terminal;
pub mod theme;
pub mod ui;
pub mod widgets;

use app::{App, SaveDirs};
use catalog::Catalog;
use ratatui::crossterm::event::{self, Event};
use std::time::{Duration, Instant};
use table::TableScreen;
use theme::PaletteKind;

/// What to show first.
pub enum Launch {
    /// The menu of a game of the catalog (the list of games first when there are several and
    /// none was named).
    Menu(Option<usize>),
    /// A game already on its table (a new game from the command line, a resumed save, a replay).
    Table(Box<dyn TableScreen>),
}

/// Runs the front end until the player quits. Errors are plain sentences for stderr.
pub fn run(
    catalog: Catalog,
    launch: Launch,
    palette: PaletteKind,
    saves: SaveDirs,
) -> Result<(), String> {
    terminal::check()?;
    let mut app = App::new(catalog, palette);
    app.saves = saves;
    match launch {
        Launch::Menu(Some(game)) => app.choose_game(game),
        Launch::Menu(None) => {}
        Launch::Table(table) => app.show(table),
    }
    // Listening before the screen changes, so a signal never finds the terminal half set up.
    let signals = terminal::Signals::listen()?;
    let mut term = terminal::enter()?;
    let result = event_loop(&mut term, &mut app, &signals);
    terminal::leave();
    result.map_err(|e| format!("terminal error: {e}"))?;
    match app.fatal.take() {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Draw, wait for an event or a tick, handle it; until the app wants to quit or a signal
/// asks it to stop (seen within one wait, at most 250 ms).
fn event_loop(
    term: &mut ratatui::DefaultTerminal,
    app: &mut App,
    signals: &terminal::Signals,
) -> std::io::Result<()> {
    while !app.quit {
        if let Some(name) = signals.arrived() {
            app.stop(&format!("stopped by {name}"));
            break;
        }
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
