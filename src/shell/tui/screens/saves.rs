//! The list of saved games, newest first: pick one to play on (Load) or to watch (Replay).

use crate::shell::tui::catalog::SaveEntry;
use crate::shell::tui::theme::Theme;
use crate::shell::tui::widgets::log::wrap_words;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use std::path::PathBuf;

/// What picking a save does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SavesPurpose {
    /// Play on (a finished game opens in the replay viewer instead).
    Load,
    /// Watch it in the replay viewer.
    Replay,
}

/// The list on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SavesList {
    /// What Enter does with the highlighted save.
    pub purpose: SavesPurpose,
    /// The directories listed.
    pub dirs: Vec<PathBuf>,
    /// Its saves, newest first.
    pub entries: Vec<SaveEntry>,
    /// The highlighted entry.
    pub index: usize,
}

impl SavesList {
    /// The highlighted entry.
    pub fn selected(&self) -> Option<&SaveEntry> {
        self.entries.get(self.index)
    }
}

/// Where the entries are drawn (shared with mouse hit-testing).
fn list_rect(area: Rect) -> Rect {
    let outer = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    );
    let inner = Block::bordered().inner(outer);
    // The last two lines explain the purpose.
    Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(2),
    )
}

/// The entry under a position.
pub fn entry_at(area: Rect, list: &SavesList, x: u16, y: u16) -> Option<usize> {
    let r = list_rect(area);
    if !r.contains(Position::new(x, y)) {
        return None;
    }
    shown(list, r)
        .into_iter()
        .find(|(_, top, lines)| (y - r.y) >= *top && (y - r.y) < top + lines.len() as u16)
        .map(|(i, _, _)| i)
}

/// An entry's summary as rows of `width` cells: the marker's two cells first, then its parts
/// (name, state, game, set-up, seats) packed whole where they fit, and wrapped where they do not,
/// the rows after the first indented under the name. A save's line is never cut: at 120 columns
/// the seats of a four-player game would not fit on one row.
fn entry_lines(summary: &str, width: usize) -> Vec<String> {
    const INDENT: usize = 4;
    let room = |rows: &Vec<String>| {
        if rows.is_empty() {
            width.saturating_sub(2)
        } else {
            width.saturating_sub(INDENT)
        }
        .max(1)
    };
    let mut rows: Vec<String> = Vec::new();
    let mut row = String::new();
    for part in summary.split(" · ") {
        let fits = row.chars().count() + 3 + part.chars().count() <= room(&rows);
        if row.is_empty() || fits {
            if !row.is_empty() {
                row.push_str(" · ");
            }
            row.push_str(part);
            // A part longer than a row (a long file name) is wrapped at its spaces.
            while row.chars().count() > room(&rows) {
                let mut wrapped = wrap_words(&row, room(&rows));
                let rest = wrapped.split_off(1).join(" ");
                rows.extend(wrapped);
                row = rest;
            }
        } else {
            rows.push(std::mem::take(&mut row));
            row.push_str(part);
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

/// The entries on screen in `r`: each with its first row (from the top of `r`) and its rows.
/// The list scrolls so that the highlighted entry is shown whole.
fn shown(list: &SavesList, r: Rect) -> Vec<(usize, u16, Vec<String>)> {
    let width = r.width as usize;
    let height = r.height as usize;
    let lines: Vec<Vec<String>> = list
        .entries
        .iter()
        .map(|e| entry_lines(&e.summary, width))
        .collect();
    let selected = list.index.min(lines.len().saturating_sub(1));
    let mut first = 0;
    let mut above: usize = lines.iter().take(selected + 1).map(Vec::len).sum();
    while first < selected && above > height {
        above -= lines[first].len();
        first += 1;
    }
    let mut out = Vec::new();
    let mut top = 0;
    for (i, rows) in lines.into_iter().enumerate().skip(first) {
        if top + rows.len() > height {
            break;
        }
        let n = rows.len();
        out.push((i, top as u16, rows));
        top += n;
    }
    out
}

/// Draws the list.
pub fn render(frame: &mut Frame, area: Rect, list: &SavesList, theme: &Theme) {
    let outer = Rect::new(
        area.x + 1,
        area.y + 1,
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    );
    let title = match list.purpose {
        SavesPurpose::Load => "Load a save",
        SavesPurpose::Replay => "Replay a save",
    };
    frame.render_widget(
        Block::bordered()
            .border_style(theme.focus_border())
            .title(Span::styled(
                format!(
                    "{title} ({})",
                    list.dirs
                        .iter()
                        .map(|d| d.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                theme.title(),
            )),
        outer,
    );
    let r = list_rect(area);
    let buf = frame.buffer_mut();
    for (i, top, rows) in shown(list, r) {
        let e = &list.entries[i];
        let selected = i == list.index;
        let style = if selected {
            theme.selected()
        } else if !e.readable {
            theme.warn()
        } else if e.unfinished {
            ratatui::style::Style::new()
        } else {
            theme.muted()
        };
        for (k, text) in rows.iter().enumerate() {
            let lead = match (k, selected) {
                (0, true) => "▸ ",
                (0, false) => "  ",
                _ => "    ",
            };
            let line = Line::from(Span::styled(
                format!("{lead}{text:<w$}", w = r.width as usize),
                style,
            ));
            buf.set_line(r.x, r.y + top + k as u16, &line, r.width);
        }
    }
    let explain = match list.purpose {
        SavesPurpose::Load => {
            "Enter plays the highlighted game on from where it stopped (a finished game opens as \
             a replay); Esc goes back."
        }
        SavesPurpose::Replay => "Enter watches the highlighted game move by move; Esc goes back.",
    };
    let below = Rect::new(r.x, r.bottom(), r.width, 2);
    frame.render_widget(
        Paragraph::new(Line::styled(explain, theme.muted()))
            .wrap(ratatui::widgets::Wrap { trim: true }),
        below,
    );
}
