//! Widgets the shell draws, and that games' screens may use too: they draw from state they are
//! given and keep none of their own, so live play and the replay viewer share them.

pub mod decision;
pub mod keybar;
pub mod log;

use super::theme::Theme;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType};

/// The frame of a panel. The one that has the keyboard shows it in every palette, not only by
/// colour: a thick border, and "▸" and "(keys)" around its title.
pub fn panel(title: Line<'static>, focused: bool, theme: &Theme) -> Block<'static> {
    if focused {
        let mut spans = vec![Span::styled("▸ ", theme.key())];
        spans.extend(title.spans);
        spans.push(Span::styled(" (keys) ", theme.key()));
        Block::bordered()
            .border_type(BorderType::Thick)
            .border_style(theme.focus_border())
            .title(Line::from(spans))
    } else {
        Block::bordered().border_style(theme.border()).title(title)
    }
}

/// The first entry shown of a list of `len` entries in `height` rows, so that `selected` is
/// visible (lists scroll with their selection).
pub fn list_offset(selected: usize, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        0
    } else {
        selected.saturating_sub(height - 1).min(len - height)
    }
}
