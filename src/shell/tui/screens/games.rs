//! The list of games the table offers, shown first when there is more than one.

use crate::shell::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

fn list_rect(area: Rect, n: usize) -> Rect {
    // Wide enough that each blurb stays on its one line (clicks count two lines a game).
    let w = 76.min(area.width);
    let h = (n as u16 * 2 + 4).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The game under a position (each game takes two lines: its name and its blurb).
pub fn game_at(area: Rect, n: usize, x: u16, y: u16) -> Option<usize> {
    let inner = Block::bordered().inner(list_rect(area, n));
    let top = inner.y + 1;
    if !inner.contains(Position::new(x, y)) || y < top {
        return None;
    }
    let i = ((y - top) / 2) as usize;
    (i < n).then_some(i)
}

/// Draws the list: `games` are (title, blurb) pairs.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    games: &[(&str, &str)],
    selected: usize,
    theme: &Theme,
) {
    let mut lines = vec![Line::default()];
    for (i, (title, blurb)) in games.iter().enumerate() {
        let chosen = i == selected;
        let marker = if chosen { "▸ " } else { "  " };
        let style = if chosen {
            theme.selected()
        } else {
            theme.title()
        };
        lines.push(Line::from(Span::styled(
            format!("{marker}{} {title}", i + 1),
            style,
        )));
        lines.push(Line::styled(format!("     {blurb}"), theme.muted()));
    }
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .border_style(theme.focus_border())
                .title(Span::styled("Which game?", theme.title())),
        ),
        list_rect(area, games.len()),
    );
}
