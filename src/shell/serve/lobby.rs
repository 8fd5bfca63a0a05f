//! A connection's screens: the lobby (the server's tables, a new table, leave), then the app
//! of local play for the chosen table (its new-game form for a new one), and back to the lobby
//! when the table is left.
//!
//! What a connection is offered depends on its key: the seats it took ("rejoin"), free seats
//! when the server lets anyone take them, and a row to type a join code.

use super::codes;
use super::referee::{Claim, Referee, lock};
use super::tables::Tables;
use super::term::{RemoteBackend, RemoteEvents};
use crate::shell::tui::app::{App, SaveDirs};
use crate::shell::tui::catalog::Catalog;
use crate::shell::tui::event_loop;
use crate::shell::tui::theme::PaletteKind;
use ratatui::Terminal;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
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
    /// A line of table `id`; `Some` when a seat of it can be taken from here.
    Table(u64, String, Option<(Arc<Mutex<Referee>>, usize)>),
    /// Watch table `id`.
    Watch(u64, String, Arc<Mutex<Referee>>),
    /// Type a join code to take the seat it opens.
    Code,
    /// Open a new table of game `i` of the catalog.
    Open(usize, String),
    Leave,
}

/// Which row a row is, whatever its words say now: the highlight stays on it while rows
/// above it come and go.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum RowId {
    Table(u64, Option<usize>),
    Watch(u64),
    Code,
    Open(usize),
    Leave,
}

impl Row {
    fn id(&self) -> RowId {
        match self {
            Row::Table(table, _, seat) => RowId::Table(*table, seat.as_ref().map(|(_, s)| *s)),
            Row::Watch(table, _, _) => RowId::Watch(*table),
            Row::Code => RowId::Code,
            Row::Open(game, _) => RowId::Open(*game),
            Row::Leave => RowId::Leave,
        }
    }
}

/// Where the highlight is among `rows`: on the row it was on (`highlighted`) wherever that row
/// is now, else at the same place (`selected`), within the rows.
fn follow(rows: &[Row], highlighted: Option<RowId>, selected: usize) -> usize {
    highlighted
        .and_then(|id| rows.iter().position(|r| r.id() == id))
        .unwrap_or(selected)
        .min(rows.len().saturating_sub(1))
}

/// The row to type a join code on.
const CODE_ROW: &str = "Join a table with a code";

/// How long the lobby waits for a key before it looks at the tables again.
const LOBBY_REFRESH: Duration = Duration::from_millis(400);

/// Runs a connection until its person leaves or its client goes; `key` is the fingerprint of
/// the key it connected with.
pub fn run(shared: &Shared, term: &mut RemoteTerminal, events: &mut RemoteEvents, key: &str) {
    let titles: Vec<&'static str> = (shared.catalog)().games.iter().map(|g| g.title()).collect();
    let mut selected = 0;
    // The highlighted row, followed when the rows change (a table opened, a seat left).
    let mut highlighted: Option<RowId> = None;
    let mut note: Option<String> = None;
    // A join code being typed, and the wrong codes this connection typed.
    let mut typing: Option<String> = None;
    let mut wrong_codes = 0;
    loop {
        let rows = rows(&shared.tables, &titles, key);
        selected = follow(&rows, highlighted, selected);
        highlighted = rows.get(selected).map(Row::id);
        if term
            .draw(|f| draw(f, &rows, selected, note.as_deref(), typing.as_deref()))
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
        let key_event = match event {
            Some(Event::Key(key_event)) => key_event,
            // The wheel moves the highlight as the arrows do; a click takes the row under it.
            Some(Event::Mouse(mouse)) if typing.is_none() => {
                let as_key = |code| KeyEvent::new(code, KeyModifiers::NONE);
                match mouse.kind {
                    MouseEventKind::ScrollUp => as_key(KeyCode::Up),
                    MouseEventKind::ScrollDown => as_key(KeyCode::Down),
                    MouseEventKind::Down(MouseButton::Left) => {
                        let area = term.size().map(Rect::from).unwrap_or_default();
                        let head = head_height(note.is_some(), area);
                        match row_at(rows.len(), selected, area, head, mouse.row) {
                            Some(row) => {
                                selected = row;
                                as_key(KeyCode::Enter)
                            }
                            None => continue,
                        }
                    }
                    _ => continue,
                }
            }
            _ => continue,
        };
        let ctrl = key_event.modifiers.contains(KeyModifiers::CONTROL);
        if let Some(code) = typing.as_mut() {
            match key_event.code {
                KeyCode::Char('c' | 'd') if ctrl => return,
                KeyCode::Esc => typing = None,
                KeyCode::Backspace => {
                    code.pop();
                }
                KeyCode::Char(c) if codes::typable(c) && code.len() < 2 * codes::LENGTH => {
                    code.push(c.to_ascii_uppercase());
                }
                KeyCode::Enter => {
                    let typed = typing.take().unwrap_or_default();
                    let found = shared.tables.by_code(&typed);
                    let joined = found.ok_or_else(|| "no seat has that code".to_string());
                    let joined = joined.and_then(|(referee, seat)| {
                        let claim = Claim {
                            key,
                            code: Some(&typed),
                        };
                        lock(&referee).join(seat, claim)
                    });
                    match joined {
                        Ok(mirror) => {
                            let mut app = App::new((shared.catalog)(), shared.palette);
                            app.saves = SaveDirs::only(shared.save_dir.clone());
                            app.host = Some(Box::new(|_, _| Err("not here".into())));
                            app.show(mirror);
                            match play(term, &mut app, events) {
                                Some(said) => note = said,
                                None => return,
                            }
                        }
                        Err(why) => {
                            wrong_codes += 1;
                            note = Some(format!("Not joined: {why}"));
                        }
                    }
                }
                _ => {}
            }
            continue;
        }
        match key_event.code {
            KeyCode::Up | KeyCode::Char('k') => selected = selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') => selected += 1,
            KeyCode::Char('q') | KeyCode::Esc => return,
            KeyCode::Char('c' | 'd') if ctrl => return,
            KeyCode::Enter => {
                let mut app = App::new((shared.catalog)(), shared.palette);
                app.saves = SaveDirs::only(shared.save_dir.clone());
                match rows.get(selected) {
                    Some(Row::Leave) => return,
                    Some(Row::Table(_, _, None)) | None => continue,
                    Some(Row::Watch(_, _, referee)) => {
                        match lock(referee).watch() {
                            Ok(mirror) => app.show(mirror),
                            Err(why) => {
                                note = Some(why);
                                continue;
                            }
                        }
                        app.host = Some(Box::new(|_, _| Err("not here".into())));
                    }
                    Some(Row::Code) => {
                        // A few wrong codes a connection: guessing one is hopeless.
                        if wrong_codes >= codes::TRIES {
                            note = Some("Too many wrong codes: connect again to try more".into());
                        } else {
                            typing = Some(String::new());
                        }
                        continue;
                    }
                    Some(Row::Table(_, _, Some((referee, seat)))) => {
                        let claim = Claim { key, code: None };
                        match lock(referee).join(*seat, claim) {
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
                        let key = key.to_string();
                        app.host = Some(Box::new(move |title, table| {
                            tables.open(title, table, &key)
                        }));
                        app.choose_game(*game);
                        app.new_game_form();
                    }
                }
                match play(term, &mut app, events) {
                    Some(said) => note = said,
                    None => return,
                }
            }
            _ => {}
        }
        // The row the keys left highlighted is the one followed from now on (past the last
        // row, `follow` keeps the highlight on the last).
        highlighted = rows.get(selected).map(Row::id);
    }
}

/// Runs the app until its person leaves it: what it said last (`Some`), or `None` when the
/// connection is gone.
fn play(
    term: &mut RemoteTerminal,
    app: &mut App,
    events: &mut RemoteEvents,
) -> Option<Option<String>> {
    let _ = term.clear();
    if event_loop(term, app, events).is_err() || events.gone() {
        return None;
    }
    let said = app.fatal.take();
    let _ = term.clear();
    Some(said)
}

/// The lobby's rows now, for the connection with the key `key`: each table with its seats,
/// a way into each seat it may take, a join code, a new table of each game, and leaving.
fn rows(tables: &Tables, titles: &[&'static str], key: &str) -> Vec<Row> {
    let mut rows = Vec::new();
    for referee in tables.list() {
        let r = lock(&referee);
        let seats: Vec<String> = r
            .seats
            .iter()
            .map(|s| {
                let who = match (s.person, s.taken(), s.connected) {
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
        let mut head = format!(
            "Table {} · {} · {} · {state}",
            r.id,
            r.game,
            seats.join(", ")
        );
        // The opener is shown the codes to pass on (nobody else sees them).
        let opener = r.seats.get(r.opener);
        if opener.is_some_and(|s| s.owner.as_deref() == Some(key)) && !r.over() {
            let codes = r.free_codes();
            if !codes.is_empty() {
                head.push_str(&format!(" · join codes: {}", codes.join(", ")));
            }
        }
        rows.push(Row::Table(r.id, head, None));
        if r.over() {
            continue;
        }
        for (i, s) in r.seats.iter().enumerate() {
            if !s.person || s.connected || r.may_take(i, Claim { key, code: None }).is_err() {
                continue;
            }
            let line = if s.taken() {
                format!("    waiting for {} — rejoin", s.name)
            } else {
                format!("    take the free seat {} — join", s.name)
            };
            rows.push(Row::Table(r.id, line, Some((Arc::clone(&referee), i))));
        }
        rows.push(Row::Watch(
            r.id,
            format!("    watch table {}", r.id),
            Arc::clone(&referee),
        ));
    }
    // After the games' rows, which keep their places (scripts and tests count them).
    for (i, title) in titles.iter().enumerate() {
        rows.push(Row::Open(i, format!("Open a new table: {title}")));
    }
    rows.push(Row::Code);
    rows.push(Row::Leave);
    rows
}

fn draw(
    frame: &mut ratatui::Frame,
    rows: &[Row],
    selected: usize,
    note: Option<&str>,
    typing: Option<&str>,
) {
    let mut lines = vec![
        Line::styled(
            "Tables of this server",
            Style::new().add_modifier(Modifier::BOLD),
        ),
        Line::raw(if typing.is_some() {
            "Type the code · Enter join · Esc back"
        } else {
            "↑↓ choose · Enter join or open · q leave"
        }),
        Line::raw(""),
    ];
    if let Some(note) = note {
        lines.push(Line::raw(note.to_string()));
        lines.push(Line::raw(""));
    }
    let area = frame.area();
    let head = head_height(note.is_some(), area);
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }),
        Rect {
            height: head,
            ..area
        },
    );
    let body = Rect {
        y: area.y + head,
        height: area.height - head,
        ..area
    };
    let (shown, above, below) = window(rows.len(), selected, usize::from(body.height));
    let mut lines = Vec::new();
    if above > 0 {
        lines.push(Line::raw(format!("  ↑ {above} more")));
    }
    for (i, row) in rows.iter().enumerate().skip(shown.start).take(shown.len()) {
        let text = match row {
            Row::Table(_, text, _) | Row::Open(_, text) | Row::Watch(_, text, _) => text.clone(),
            Row::Code => match typing {
                Some(code) => format!("{CODE_ROW}: {code}_"),
                None => CODE_ROW.to_string(),
            },
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
    if below > 0 {
        lines.push(Line::raw(format!("  ↓ {below} more")));
    }
    // One line a row (a long one is cut at the edge): the window's count stays exact.
    frame.render_widget(Paragraph::new(lines), body);
}

/// The lines above the rows: the title, the keys, a blank line, and a note with its own blank
/// line when there is one (a long note is cut, not wrapped onto the rows).
fn head_height(note: bool, area: Rect) -> u16 {
    (3 + if note { 2 } else { 0 }).min(area.height)
}

/// The row drawn on line `y` of a lobby in `area` whose head takes `head` lines, if any.
fn row_at(rows: usize, selected: usize, area: Rect, head: u16, y: u16) -> Option<usize> {
    let top = area.y + head;
    let height = area.height.saturating_sub(head);
    let (shown, above, _) = window(rows, selected, usize::from(height));
    let first = top + u16::from(above > 0);
    let line = usize::from(y.checked_sub(first)?);
    (line < shown.len()).then(|| shown.start + line)
}

/// Which of `rows` rows fit in `height` lines with the `selected` one among them, and how many
/// are left out above and below (each said on a line of its own, taken from the window).
fn window(rows: usize, selected: usize, height: usize) -> (std::ops::Range<usize>, usize, usize) {
    if rows <= height {
        return (0..rows, 0, 0);
    }
    // Room for the rows once both "more" lines are drawn (at least the selected row); at either
    // end only one is, and the row it leaves is a row's.
    let room = height.saturating_sub(2).max(1);
    let first = selected.saturating_sub(room / 2).min(rows - room);
    let shown = if first == 0 {
        0..(room + 1).min(rows)
    } else if first + room == rows {
        rows - (room + 1).min(rows)..rows
    } else {
        first..first + room
    };
    (shown.clone(), shown.start, rows - shown.end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    fn screen(rows: &[Row], selected: usize, height: u16) -> String {
        let mut term = Terminal::new(TestBackend::new(40, height)).expect("a terminal");
        term.draw(|f| draw(f, rows, selected, None, None))
            .expect("drawn");
        let buffer = term.backend().buffer();
        (0..buffer.area.height)
            .map(|y| {
                (0..buffer.area.width)
                    .map(|x| buffer[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn the_highlight_stays_on_its_row_when_rows_come_and_go_above_it() {
        let before = [Row::Open(0, "a".into()), Row::Code, Row::Leave];
        let code = Some(RowId::Code);
        assert_eq!(follow(&before, code, 1), 1);
        // A table opened above: its line pushes the code row down one.
        let after = [
            Row::Table(1, "Table 1".into(), None),
            Row::Open(0, "a".into()),
            Row::Code,
            Row::Leave,
        ];
        assert_eq!(follow(&after, code, 1), 2);
        // A row gone (a seat taken): the highlight keeps its place, within the rows.
        let gone = Some(RowId::Table(7, Some(1)));
        assert_eq!(follow(&after, gone, 3), 3);
        assert_eq!(follow(&after, gone, 9), 3);
    }

    #[test]
    fn a_lobby_taller_than_the_screen_scrolls_to_the_highlighted_row() {
        let rows: Vec<Row> = (0..30)
            .map(|i| Row::Open(0, format!("Open a new table: game {i}")))
            .chain([Row::Leave])
            .collect();
        // Three lines of heading, seven for the rows: at an end six rows and one "more" line,
        // in the middle five rows and two.
        let last = screen(&rows, 30, 10);
        assert!(last.contains("> Leave"), "{last}");
        assert!(last.contains("↑ 25 more"), "{last}");
        assert_eq!(last.matches("more").count(), 1, "{last}");
        let middle = screen(&rows, 15, 10);
        assert!(middle.contains("> Open a new table: game 15"), "{middle}");
        assert!(
            middle.contains("↑ 13 more") && middle.contains("↓ 13 more"),
            "{middle}"
        );
        // All fit: no "more".
        let few = screen(&rows[..5], 0, 10);
        assert!(
            few.contains("> Open a new table: game 0") && !few.contains("more"),
            "{few}"
        );
        assert_eq!(window(31, 0, 7), (0..6, 0, 25));
        assert_eq!(window(31, 15, 7), (13..18, 13, 13));
    }

    #[test]
    fn a_click_finds_the_row_drawn_on_its_line() {
        let rows: Vec<Row> = (0..30)
            .map(|i| Row::Open(0, format!("game {i}")))
            .chain([Row::Leave])
            .collect();
        let area = Rect::new(0, 0, 40, 10);
        let head = head_height(false, area);
        for selected in [0, 15, 30] {
            let shown = screen(&rows, selected, 10);
            for (y, line) in shown.lines().enumerate() {
                let found = row_at(rows.len(), selected, area, head, y as u16);
                // The heading and the "more" lines hold no row; every other line its own.
                let drawn = line.trim_start_matches(['>', ' ']).trim_end();
                let expected = rows.iter().position(|r| match r {
                    Row::Open(_, text) => text == drawn,
                    Row::Leave => drawn == "Leave",
                    _ => false,
                });
                assert_eq!(
                    found, expected,
                    "line {y} {line:?} with {selected} highlighted"
                );
            }
        }
    }
}
