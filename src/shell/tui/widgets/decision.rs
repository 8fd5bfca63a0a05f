//! The decision panel: what is being decided in plain words, a refusal or hint, what is under the
//! cursor, and the numbered options that are not taken on the board.

use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::Note;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

/// Where the options list sits inside the panel's inner area (the bottom rows), and which
/// option each of its rows shows (with the row's text), shared with mouse hit-testing. At least
/// three rows stay for the prompt. Options wrap onto more rows when they all fit that way;
/// otherwise each keeps one row and the list scrolls with the selection.
pub fn option_rows(
    inner: Rect,
    options: &[String],
    selected: usize,
) -> (Rect, Vec<(usize, String)>) {
    let room = inner.height.saturating_sub(3) as usize;
    let width = (inner.width as usize).saturating_sub(2).max(1);
    let wrapped: Vec<(usize, String)> = options
        .iter()
        .enumerate()
        .flat_map(|(i, text)| {
            super::log::wrap_words(text, width)
                .into_iter()
                .map(move |row| (i, row))
        })
        .collect();
    let rows = if wrapped.len() <= room {
        wrapped
    } else {
        // Too many to wrap them all: one row each, cut, but the highlighted one whole, since
        // options that differ only at their ends would otherwise read the same.
        let whole: Vec<(usize, String)> = wrapped
            .iter()
            .filter(|(i, _)| *i == selected)
            .take(room.saturating_sub(1).max(1))
            .cloned()
            .collect();
        let shown = room.saturating_sub(whole.len().saturating_sub(1)).max(1);
        let offset = super::list_offset(selected, options.len(), shown);
        options
            .iter()
            .enumerate()
            .skip(offset)
            .take(shown)
            .flat_map(|(i, text)| {
                if i == selected && !whole.is_empty() {
                    return whole.clone();
                }
                let cut = if text.chars().count() > width {
                    let mut t: String = text.chars().take(width.saturating_sub(1)).collect();
                    t.push('…');
                    t
                } else {
                    text.clone()
                };
                vec![(i, cut)]
            })
            .collect()
    };
    let h = rows.len() as u16;
    (
        Rect::new(inner.x, inner.y + inner.height - h, inner.width, h),
        rows,
    )
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
        let block = super::panel(self.title, self.focused, t);
        let inner = block.inner(area);
        block.render(area, buf);
        let (opts, rows) = option_rows(inner, &self.options, self.selected);
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
        let mut previous = None;
        for (row, (i, text)) in rows.iter().enumerate() {
            let i = *i;
            // The number goes on an option's first row only.
            let key = if previous == Some(i) || i >= 9 {
                "  ".to_string()
            } else {
                format!("{} ", i + 1)
            };
            previous = Some(i);
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
        // A scrolled list says what it hides, at the right end of its first and last rows:
        // an option out of view (often `pass`, listed last) must not look like no option.
        let (first, last) = match (rows.first(), rows.last()) {
            (Some(f), Some(l)) => (f.0, l.0),
            _ => return,
        };
        let marks = [
            (first > 0, 0u16, format!(" ↑{first} more")),
            (
                last + 1 < self.options.len(),
                opts.height.saturating_sub(1),
                format!(" ↓{} more", self.options.len() - last - 1),
            ),
        ];
        for (hidden, row, mark) in marks {
            let w = mark.chars().count() as u16;
            if hidden && opts.width > w + 4 {
                buf.set_string(opts.x + opts.width - w, opts.y + row, &mark, t.muted());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{DecisionPanel, option_rows};
    use crate::shell::tui::theme::{PaletteKind, Theme};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::text::Line;
    use ratatui::widgets::Widget;

    #[test]
    fn a_scrolled_list_says_how_many_options_are_out_of_view() {
        let theme = Theme::new(PaletteKind::Mono);
        let options: Vec<String> = (1..=12).map(|i| format!("option {i}")).collect();
        let area = Rect::new(0, 0, 40, 10);
        let mut buf = Buffer::empty(area);
        DecisionPanel {
            title: Line::from("Decide"),
            prompt: "Pick one.".into(),
            note: None,
            details: Vec::new(),
            options,
            selected: 5,
            focused: true,
            theme: &theme,
        }
        .render(area, &mut buf);
        let text: String = (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(text.contains("↓"), "{text}");
        assert!(text.contains("↑"), "{text}");
        assert!(text.contains("more"), "{text}");
    }

    #[test]
    fn when_the_options_do_not_fit_wrapped_only_the_highlighted_one_is_whole() {
        let options: Vec<String> = (0..6)
            .map(|i| format!("put back, top first: card {i}, another card, a third card"))
            .collect();
        // 20 columns, 8 rows: 5 rows for the options, far fewer than they take wrapped.
        let inner = Rect::new(0, 0, 22, 8);
        let (area, rows) = option_rows(inner, &options, 2);
        assert!(area.height <= 5);
        let of = |i: usize| rows.iter().filter(|(k, _)| *k == i).count();
        assert!(of(2) > 1, "{rows:?}");
        let whole: String = rows
            .iter()
            .filter(|(k, _)| *k == 2)
            .map(|(_, r)| r.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(whole, options[2]);
        // The others: one row each, cut.
        for (k, row) in rows.iter().filter(|(k, _)| *k != 2) {
            assert_eq!(of(*k), 1);
            assert!(row.ends_with('…'), "{row}");
        }
    }
}
