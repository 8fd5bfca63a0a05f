//! The event log: what happened, in words, newest at the bottom, with each line's seat as a badge.

use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{LineKind, LogFilter, LogLine};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

/// The log panel.
pub struct LogPanel<'a> {
    pub lines: &'a [LogLine],
    /// The player colour of each seat (index = seat), for the lines' badges.
    pub colours: &'a [usize],
    pub theme: &'a Theme,
    /// Lines scrolled back from the newest.
    pub scroll: usize,
    /// Which lines may be drawn ([`crate::shell::tui::ui::TableView::log_filter`]): another
    /// seat's private lines never are.
    pub filter: LogFilter,
}

impl LogPanel<'_> {
    /// One log line as screen rows of at most `width` characters: the seat badge first, wrapped
    /// lines indented under the text.
    fn rows(&self, l: &LogLine, width: usize) -> Vec<Line<'static>> {
        let t = self.theme;
        let badge = match l.seat.and_then(|seat| self.colours.get(seat)) {
            Some(&colour) => Span::styled("▌", t.badge(colour)),
            None => Span::raw(" "),
        };
        let style = match l.kind {
            LineKind::Turn => Style::new().add_modifier(Modifier::BOLD),
            LineKind::Normal | LineKind::Private(_) | LineKind::Others(_) => Style::new(),
            LineKind::Score => t.key(),
            LineKind::Important => t.warn(),
        };
        wrap_words(&l.text, width.saturating_sub(2).max(1))
            .into_iter()
            .enumerate()
            .map(|(i, row)| {
                let lead = if i == 0 {
                    badge.clone()
                } else {
                    Span::raw(" ")
                };
                Line::from(vec![lead, Span::raw(" "), Span::styled(row, style)])
            })
            .collect()
    }
}

/// Splits text into rows of at most `width` characters, at spaces where possible.
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut rows = Vec::new();
    let mut row = String::new();
    for word in text.split(' ') {
        let mut word: String = word.to_string();
        loop {
            let have = row.chars().count();
            let need = word.chars().count() + usize::from(have > 0);
            if have + need <= width {
                if have > 0 {
                    row.push(' ');
                }
                row.push_str(&word);
                break;
            }
            if have > 0 {
                rows.push(std::mem::take(&mut row));
                continue;
            }
            // A word longer than a row is cut.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            rows.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !row.is_empty() || rows.is_empty() {
        rows.push(row);
    }
    rows
}

impl Widget for LogPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let title = if self.scroll > 0 {
            format!("Log (scrolled back {}; PgDn)", self.scroll)
        } else {
            "Log".to_string()
        };
        let block = Block::bordered()
            .border_style(self.theme.border())
            .title(Span::styled(title, self.theme.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        if inner.height == 0 || inner.width == 0 {
            return;
        }
        // The newest lines fill the panel from the bottom; only as many as can show are wrapped.
        let want = inner.height as usize;
        let visible: Vec<&LogLine> = self.lines.iter().filter(|l| self.filter.shows(l)).collect();
        let end = visible.len().saturating_sub(self.scroll);
        let mut rows: Vec<Line> = Vec::new();
        for l in visible[..end].iter().rev() {
            let mut r = self.rows(l, inner.width as usize);
            r.extend(rows);
            rows = r;
            if rows.len() >= want {
                break;
            }
        }
        let skip = rows.len().saturating_sub(want);
        for (i, line) in rows.iter().skip(skip).enumerate() {
            buf.set_line(inner.x, inner.y + i as u16, line, inner.width);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::wrap_words;

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap_words("a bb ccc", 4), vec!["a bb", "ccc"]);
        assert_eq!(wrap_words("abcdefgh", 3), vec!["abc", "def", "gh"]);
        assert_eq!(wrap_words("", 5), vec![""]);
        for row in wrap_words(
            "Knight (Blue) moved from e5 to e6, destroying Red's heroic piece",
            12,
        ) {
            assert!(row.chars().count() <= 12, "{row}");
        }
    }
}
