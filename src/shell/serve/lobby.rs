//! A connection's screens: the lobby (the server's tables, a new table, leave), then the app
//! of local play for the chosen table (its new-game form for a new one), and back to the lobby
//! when the table is left.

use super::referee::{Referee, Tables, lock};
use super::term::{RemoteBackend, RemoteEvents};
use crate::shell::tui::app::{App, SaveDirs};
use crate::shell::tui::catalog::Catalog;
use crate::shell::tui::event_loop;
use crate::shell::tui::theme::PaletteKind;
use ratatui::Terminal;
use ratatui::crossterm::event::{Event, KeyCode, KeyModifiers};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Wrap};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What every connection shares.
pub struct Shared {
    pub tables: Arc<Tables>,
    /// The games, one catalog per connection's app (a catalog is not shared between apps).
    pub catalog: Box<dyn Fn() -> Catalog + Send + Sync>,
    /// Where the server's tables are saved.
    pub save_dir: PathBuf,
    pub palette: PaletteKind,
}

/// The terminal of a connection.
pub type RemoteTerminal = Terminal<RemoteBackend>;

/// One row of the lobby.
enum Row {
    /// A table's line; `Some` when a seat of it can be taken from here.
    Table(String, Option<(Arc<Mutex<Referee>>, usize)>),
    /// Open a new table of game `i` of the catalog.
    Open(usize, String),
    Leave,
}

/// How long the lobby waits for a key before it looks at the tables again.
const LOBBY_REFRESH: Duration = Duration::from_millis(400);

/// Runs a connection until its person leaves or its client goes.
pub fn run(shared: &Shared, term: &mut RemoteTerminal, events: &mut RemoteEvents) {
    let titles: Vec<&'static str> = (shared.catalog)().games.iter().map(|g| g.title()).collect();
    let mut selected = 0;
    let mut note: Option<String> = None;
    loop {
        let rows = rows(&shared.tables, &titles);
        selected = selected.min(rows.len().saturating_sub(1));
        if term
            .draw(|f| draw(f, &rows, selected, note.as_deref()))
            .is_err()
        {
            return;
        }
        let event = match crate::shell::tui::EventSource::next(events, LOBBY_REFRESH) {
            Ok(e) => e,
            Err(_) => return,
        };
        if events.gone() {
            return;
        }
        let Some(Event::Key(key)) = event else {
            continue;
        };
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => selected = selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => selected += 1,
            KeyCode::Char('q') | KeyCode::Esc => return,
            KeyCode::Char('c' | 'd') if ctrl => return,
            KeyCode::Enter => {
                let mut app = App::new((shared.catalog)(), shared.palette);
                app.saves = SaveDirs::only(shared.save_dir.clone());
                match rows.get(selected) {
                    Some(Row::Leave) => return,
                    Some(Row::Table(_, None)) | None => continue,
                    Some(Row::Table(_, Some((referee, seat)))) => {
                        match lock(referee).join(*seat) {
                            Ok(mirror) => app.show(mirror),
                            Err(why) => {
                                note = Some(why);
                                continue;
                            }
                        }
                        app.host = Some(Box::new(|_, _| Err("not here".into())));
                    }
                    Some(Row::Open(game, _)) => {
                        let tables = Arc::clone(&shared.tables);
                        app.host = Some(Box::new(move |title, table| tables.open(title, table)));
                        app.choose_game(*game);
                        app.new_game_form();
                    }
                }
                let _ = term.clear();
                if event_loop(term, &mut app, events).is_err() || events.gone() {
                    return;
                }
                note = app.fatal.take();
                let _ = term.clear();
            }
            _ => {}
        }
    }
}

/// The lobby's rows now: each table with its seats, a way into each seat that can be taken,
/// a new table of each game, and leaving.
fn rows(tables: &Tables, titles: &[&'static str]) -> Vec<Row> {
    let mut rows = Vec::new();
    for referee in tables.list() {
        let r = lock(&referee);
        let seats: Vec<String> = r
            .seats
            .iter()
            .map(|s| {
                let who = match (s.person, s.taken, s.connected) {
                    (false, _, _) => "AI",
                    (true, _, true) => "playing",
                    (true, true, false) => "away",
                    (true, false, false) => "free",
                };
                format!("{} {who}", s.name)
            })
            .collect();
        let state = if r.over() {
            "over"
        } else if r.started {
            "playing"
        } else {
            "waiting for players"
        };
        let head = format!(
            "Table {} · {} · {} · {state}",
            r.id,
            r.game,
            seats.join(", ")
        );
        rows.push(Row::Table(head, None));
        if r.over() {
            continue;
        }
        for (i, s) in r.seats.iter().enumerate() {
            if s.person && !s.connected {
                let line = if s.taken {
                    format!("    waiting for {} — join", s.name)
                } else {
                    format!("    take the free seat {} — join", s.name)
                };
                rows.push(Row::Table(line, Some((Arc::clone(&referee), i))));
            }
        }
    }
    for (i, title) in titles.iter().enumerate() {
        rows.push(Row::Open(i, format!("Open a new table: {title}")));
    }
    rows.push(Row::Leave);
    rows
}

fn draw(frame: &mut ratatui::Frame, rows: &[Row], selected: usize, note: Option<&str>) {
    let mut lines = vec![
        Line::styled(
            "Tables of this server",
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Line::raw("↑↓ choose · Enter join or open · q leave"),
        Line::raw(""),
    ];
    if let Some(note) = note {
        lines.push(Line::raw(note.to_string()));
        lines.push(Line::raw(""));
    }
    for (i, row) in rows.iter().enumerate() {
        let text = match row {
            Row::Table(text, _) | Row::Open(_, text) => text.clone(),
            Row::Leave => "Leave".to_string(),
        };
        let marked = if i == selected {
            Line::styled(
                format!("> {text}"),
                Style::new().add_modifier(Modifier::REVERSED),
            )
        } else {
            Line::raw(format!("  {text}"))
        };
        lines.push(marked);
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        frame.area(),
    );
}
