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
use ratatui::Terminal;
use ratatui::backend::{Backend, TestBackend};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::{Position, Rect};
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
    let result = event_loop(&mut term, &mut app, &mut TerminalEvents { signals });
    terminal::leave();
    result.map_err(|e| format!("terminal error: {e}"))?;
    match app.fatal.take() {
        Some(problem) => Err(problem),
        None => Ok(()),
    }
}

/// Where the loop's terminal events come from (the terminal itself, or a script in tests).
pub trait EventSource {
    /// Waits up to `timeout` for the next event; `None` when none came.
    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>>;

    /// The name of a signal that asks the program to stop (SIGTERM, ...), once one has come.
    fn stop_requested(&self) -> Option<&'static str> {
        None
    }
}

/// The terminal's own events, and the signals sent to the process.
pub struct TerminalEvents {
    pub signals: terminal::Signals,
}

impl EventSource for TerminalEvents {
    fn stop_requested(&self) -> Option<&'static str> {
        self.signals.arrived()
    }

    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>> {
        if event::poll(timeout)? {
            event::read().map(Some)
        } else {
            Ok(None)
        }
    }
}

/// How long the loop waits for an event while something moves by itself (the AI's timer,
/// autoplay, a hint being looked for), and while nothing does.
const BUSY_WAIT: Duration = Duration::from_millis(80);
// Waiting is not drawing: a short idle wait costs nothing on the terminal and lets a signal
// be seen promptly.
const IDLE_WAIT: Duration = Duration::from_millis(250);

/// Draw, wait for an event or a tick, handle it; until the app wants to quit or a signal asks
/// it to stop (seen within one wait).
///
/// Idle means idle: the screen is drawn only when something may have changed it (an event, or
/// a tick while something moves by itself), and even then only when the new frame differs from
/// the one on the terminal, so a screen that stands still writes nothing. ratatui's diff then
/// writes only the cells that changed (a running timer rewrites its own line, nothing else).
pub fn event_loop<B: Backend<Error = std::io::Error>>(
    term: &mut Terminal<B>,
    app: &mut App,
    events: &mut impl EventSource,
) -> std::io::Result<()> {
    let mut shown: Option<Buffer> = None;
    let mut dirty = true;
    while !app.quit {
        if let Some(name) = events.stop_requested() {
            app.stop(&format!("stopped by {name}"));
            break;
        }
        if dirty {
            shown = Some(term.draw(|frame| app.render(frame))?.buffer.clone());
            dirty = false;
        }
        let moving = app.animating();
        let wait = if moving { BUSY_WAIT } else { IDLE_WAIT };
        if let Some(event) = events.next(wait)? {
            dirty = true;
            match event {
                Event::Key(key) => app.handle_key(key),
                Event::Mouse(mouse) => {
                    let size = term.size()?;
                    let area = Rect::new(0, 0, size.width, size.height);
                    // A report off the screen (a remote client may send any numbers) is no
                    // click on anything drawn.
                    if area.contains(Position::new(mouse.column, mouse.row)) {
                        app.handle_mouse(mouse, area);
                    }
                }
                // The next draw picks up the new size.
                _ => {}
            }
        }
        app.tick(Instant::now());
        // Without an event only what moves by itself can have changed the screen: render it
        // off screen and draw only if it differs.
        if !dirty && (moving || app.animating()) {
            let size = term.size()?;
            dirty = shown
                .as_ref()
                .is_none_or(|old| frame_of(app, size.width, size.height) != *old);
        }
    }
    Ok(())
}

/// The app's frame at a size, drawn off screen (the test backend cannot fail: its error type
/// has no values).
fn frame_of(app: &App, width: u16, height: u16) -> Buffer {
    let Ok(mut off) = Terminal::new(TestBackend::new(width, height));
    let Ok(done) = off.draw(|frame| app.render(frame));
    done.buffer.clone()
}
