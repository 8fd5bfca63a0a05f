//! The event log: what happened, in words, newest at the bottom, with each line's seat as a badge.

use crate::engine::GameState;
use crate::tui::game::narrate::{LineKind, LogLine};
use crate::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// The log panel.
pub struct LogPanel<'a> {
    pub lines: &'a [LogLine],
    pub state: &'a GameState,
    pub theme: &'a Theme,
    /// Lines scrolled back from the newest.
    pub scroll: usize,
}

impl LogPanel<'_> {
    fn line(&self, l: &LogLine) -> Line<'static> {
        let t = self.theme;
        let badge = match l.seat {
            Some(seat) if seat.index() < self.state.players() => {
                Span::styled("▌", t.badge(self.state.colour_of(seat)))
            }
            _ => Span::raw(" "),
        };
        let style = match l.kind {
            LineKind::Turn => Style::new().add_modifier(Modifier::BOLD),
            LineKind::Normal => Style::new(),
            LineKind::Score => t.key(),
            LineKind::Important => t.warn(),
        };
        Line::from(vec![
            badge,
            Span::raw(" "),
            Span::styled(l.text.clone(), style),
        ])
    }
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
        if inner.height == 0 {
            return;
        }
        // Take enough recent lines to fill the panel even when some wrap, then keep the bottom.
        let want = inner.height as usize;
        let end = self.lines.len().saturating_sub(self.scroll);
        let start = end.saturating_sub(want);
        let width = inner.width.max(1) as usize;
        let mut rows: Vec<Line> = Vec::new();
        for l in &self.lines[start..end] {
            let line = self.line(l);
            let w = line.width();
            rows.push(line);
            // Wrapped lines take more rows: count them so the newest line stays visible.
            for _ in 1..w.div_ceil(width).max(1) {
                rows.push(Line::default());
            }
        }
        let total_rows = rows.len();
        let lines: Vec<Line> = rows.into_iter().filter(|l| l.width() > 0).collect();
        let skip = total_rows.saturating_sub(want) as u16;
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((skip, 0))
            .render(inner, buf);
    }
}
