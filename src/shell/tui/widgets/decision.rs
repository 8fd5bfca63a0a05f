//! The decision panel: what is being decided in plain words, a refusal or hint, what is under the
//! cursor, and the numbered options that are not taken on the board.

use crate::shell::tui::game::interaction::Note;
use crate::shell::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// Where the options list sits inside the panel's inner area (the bottom rows), shared with
/// mouse hit-testing. At least three rows stay for the prompt.
pub fn options_rect(inner: Rect, n: usize) -> Rect {
    let rows = (n as u16).min(inner.height.saturating_sub(3));
    Rect::new(inner.x, inner.y + inner.height - rows, inner.width, rows)
}

/// The decision panel.
pub struct DecisionPanel<'a> {
    pub title: Line<'static>,
    pub prompt: String,
    pub note: Option<&'a Note>,
    /// Extra lines under the prompt (the square under the cursor, the summon shown).
    pub details: Vec<Line<'static>>,
    pub options: Vec<String>,
    pub selected: usize,
    pub focused: bool,
    pub theme: &'a Theme,
}

impl Widget for DecisionPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let border = if self.focused {
            t.focus_border()
        } else {
            t.border()
        };
        let block = Block::bordered().border_style(border).title(self.title);
        let inner = block.inner(area);
        block.render(area, buf);
        let opts = options_rect(inner, self.options.len());
        let top = Rect::new(
            inner.x,
            inner.y,
            inner.width,
            inner.height.saturating_sub(opts.height),
        );
        let mut lines = vec![Line::from(self.prompt.clone())];
        if let Some(note) = self.note {
            let style = if note.warn { t.warn() } else { t.key() };
            lines.push(Line::styled(note.text.clone(), style));
        }
        lines.extend(self.details);
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .render(top, buf);
        let offset = crate::shell::tui::widgets::hand::list_offset(
            self.selected,
            self.options.len(),
            opts.height as usize,
        );
        for row in 0..opts.height as usize {
            let i = offset + row;
            let Some(text) = self.options.get(i) else {
                break;
            };
            let key = if i < 9 {
                format!("{} ", i + 1)
            } else {
                "  ".to_string()
            };
            let style = if i == self.selected && self.focused {
                t.selected()
            } else {
                ratatui::style::Style::new()
            };
            let line = Line::from(vec![
                Span::styled(key, t.key()),
                Span::styled(text.clone(), style),
            ]);
            buf.set_line(opts.x, opts.y + row as u16, &line, opts.width);
        }
    }
}
