//! The key-hint bar at the bottom, generated from the keymap (never written by hand).

use crate::shell::tui::keymap::Hint;
use crate::shell::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

/// The hint bar.
pub struct KeyBar<'a> {
    pub hints: Vec<Hint>,
    pub theme: &'a Theme,
}

fn width(h: &Hint) -> usize {
    h.keys.chars().count() + 1 + h.label.chars().count() + 2
}

impl Widget for KeyBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut hints = self.hints;
        let fits = |hints: &[Hint]| hints.iter().map(width).sum::<usize>() <= area.width as usize;
        // Refinements go first, the last of them first (a replay's speed keys before its way
        // back)...
        while !fits(&hints) {
            match hints.iter().rposition(|h| h.minor) {
                Some(i) => {
                    hints.remove(i);
                }
                None => break,
            }
        }
        // ...then keep the last entries (help, quit) and drop from the middle until it fits.
        while !fits(&hints) && hints.len() > 2 {
            let drop = hints.len() - 3;
            hints.remove(drop);
        }
        let mut spans = Vec::new();
        for h in hints {
            spans.push(Span::styled(h.keys, self.theme.key()));
            spans.push(Span::raw(format!(" {}  ", h.label)));
        }
        buf.set_line(area.x, area.y, &Line::from(spans), area.width);
    }
}
