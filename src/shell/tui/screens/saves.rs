//! The list of saved games, newest first: pick one to play on (Load) or to watch (Replay).

use crate::shell::tui::records::SaveEntry;
use crate::shell::tui::theme::Theme;
use crate::shell::tui::widgets::hand::list_offset;
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
    /// The directory listed.
    pub dir: PathBuf,
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
    let offset = list_offset(list.index, list.entries.len(), r.height as usize);
    let i = offset + (y - r.y) as usize;
    (i < list.entries.len()).then_some(i)
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
                format!("{title} ({})", list.dir.display()),
                theme.title(),
            )),
        outer,
    );
    let r = list_rect(area);
    let offset = list_offset(list.index, list.entries.len(), r.height as usize);
    let buf = frame.buffer_mut();
    for (row, (i, e)) in list
        .entries
        .iter()
        .enumerate()
        .skip(offset)
        .take(r.height as usize)
        .enumerate()
    {
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
        let marker = if selected { "▸ " } else { "  " };
        let line = Line::from(Span::styled(
            format!("{marker}{:<w$}", e.summary, w = r.width as usize),
            style,
        ));
        buf.set_line(r.x, r.y + row as u16, &line, r.width);
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
