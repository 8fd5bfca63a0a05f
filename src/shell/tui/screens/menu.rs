//! The main menu.

use crate::shell::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

/// An entry of the main menu.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MenuItem {
    NewGame,
    Continue,
    Load,
    Replay,
    Rules,
    /// Back to the list of games (when the table has more than one).
    OtherGame,
    Quit,
}

/// The entries of the menu for a game called `title`, their labels and one-line explanations;
/// `several` when the table offers more than one game.
pub fn entries(title: &str, several: bool) -> Vec<(MenuItem, String, String)> {
    let mut all = vec![
        (
            MenuItem::NewGame,
            "New game".to_string(),
            format!("Choose the players (people or AI) and the settings of a game of {title}"),
        ),
        (
            MenuItem::Continue,
            "Continue the last game".to_string(),
            "Pick up the last unfinished game where it stopped".to_string(),
        ),
        (
            MenuItem::Load,
            "Load a save".to_string(),
            "Open a saved game and play on".to_string(),
        ),
        (
            MenuItem::Replay,
            "Replay a save".to_string(),
            "Watch a saved game move by move".to_string(),
        ),
        (
            MenuItem::Rules,
            "Rules and help".to_string(),
            format!("How {title} is played, and how to play it here"),
        ),
    ];
    if several {
        all.push((
            MenuItem::OtherGame,
            "Another game".to_string(),
            "Choose another game of the table".to_string(),
        ));
    }
    all.push((
        MenuItem::Quit,
        "Quit".to_string(),
        "Leave the table".to_string(),
    ));
    all
}

/// The menu's selection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuState {
    pub index: usize,
}

/// Where the entries are drawn (shared with mouse hit-testing).
fn entries_rect(area: Rect, n: usize) -> Rect {
    let w = 46.min(area.width);
    let top = area.y + (area.height.saturating_sub(18)) / 2 + 5;
    Rect::new(area.x + (area.width - w) / 2, top, w, n as u16)
}

/// The entry under a position, for a menu of `n` entries.
pub fn item_at(area: Rect, n: usize, x: u16, y: u16) -> Option<usize> {
    let r = entries_rect(area, n);
    r.contains(Position::new(x, y)).then(|| (y - r.y) as usize)
}

/// Draws the menu of a game: its banner (big title lines), its blurb, the entries.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    state: &MenuState,
    menu: &[(MenuItem, String, String)],
    (banner, blurb): (&[&str], &str),
    theme: &Theme,
) {
    let entries = entries_rect(area, menu.len());
    let mut head: Vec<Line> = banner
        .iter()
        .map(|l| Line::styled(l.to_string(), theme.title()).centered())
        .collect();
    head.push(Line::styled(blurb.to_string(), theme.muted()).centered());
    let head_h = head.len() as u16;
    let head_r = Rect::new(
        area.x,
        entries.y.saturating_sub(head_h + 1),
        area.width,
        head_h,
    );
    frame.render_widget(Paragraph::new(head), head_r);
    let buf = frame.buffer_mut();
    for (i, (_, label, _)) in menu.iter().enumerate() {
        let selected = i == state.index;
        let style = if selected {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        let marker = if selected { "▸ " } else { "  " };
        let text = format!("{marker}{label}");
        let line = Line::from(vec![Span::styled(
            format!("{text:<width$}", width = entries.width as usize),
            style,
        )]);
        buf.set_line(entries.x, entries.y + i as u16, &line, entries.width);
    }
    let explain = menu.get(state.index).map_or("", |(_, _, e)| e.as_str());
    let below = Rect::new(area.x, entries.bottom() + 1, area.width, 3);
    frame.render_widget(
        Paragraph::new(vec![
            Line::styled(explain.to_string(), theme.muted()).centered(),
            Line::default(),
            Line::from(vec![
                Span::raw("Colours: "),
                Span::styled(theme.kind.name(), theme.key()),
                Span::styled(" (p to change)", theme.muted()),
            ])
            .centered(),
        ]),
        below,
    );
}
