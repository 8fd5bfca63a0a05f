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
    Quit,
}

/// The entries, their labels and one-line explanations.
pub const MENU: [(MenuItem, &str, &str); 6] = [
    (
        MenuItem::NewGame,
        "New game",
        "Choose the form, the players (people or AI) and their decks",
    ),
    (
        MenuItem::Continue,
        "Continue the last game",
        "Pick up the last unfinished game where it stopped",
    ),
    (
        MenuItem::Load,
        "Load a save",
        "Open a saved game and play on",
    ),
    (
        MenuItem::Replay,
        "Replay a save",
        "Watch a saved game move by move",
    ),
    (
        MenuItem::Rules,
        "Rules and help",
        "How Tash-Kalar is played, and how to play it here",
    ),
    (MenuItem::Quit, "Quit", "Leave Tash-Kalar"),
];

/// The menu's selection.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MenuState {
    pub index: usize,
}

const TITLE: [&str; 3] = [
    "▀█▀ ▄▀█ █▀ █ █ ▄▄ █▄▀ ▄▀█ █   ▄▀█ █▀█",
    " █  █▀█ ▄█ █▀█    █ █ █▀█ █▄▄ █▀█ █▀▄",
    "",
];

/// Where the entries are drawn (shared with mouse hit-testing).
fn entries_rect(area: Rect) -> Rect {
    let w = 46.min(area.width);
    let top = area.y + (area.height.saturating_sub(18)) / 2 + 5;
    Rect::new(area.x + (area.width - w) / 2, top, w, MENU.len() as u16)
}

/// The entry under a position.
pub fn item_at(area: Rect, x: u16, y: u16) -> Option<usize> {
    let r = entries_rect(area);
    r.contains(Position::new(x, y)).then(|| (y - r.y) as usize)
}

/// Draws the menu.
pub fn render(frame: &mut Frame, area: Rect, state: &MenuState, theme: &Theme) {
    let entries = entries_rect(area);
    let mut head: Vec<Line> = TITLE
        .iter()
        .map(|l| Line::styled(*l, theme.title()).centered())
        .collect();
    head.push(Line::styled("Arena of Legends, in your terminal", theme.muted()).centered());
    let head_h = head.len() as u16;
    let head_r = Rect::new(
        area.x,
        entries.y.saturating_sub(head_h + 1),
        area.width,
        head_h,
    );
    frame.render_widget(Paragraph::new(head), head_r);
    let buf = frame.buffer_mut();
    for (i, (_, label, _)) in MENU.iter().enumerate() {
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
    let explain = MENU.get(state.index).map_or("", |(_, _, e)| *e);
    let below = Rect::new(area.x, entries.bottom() + 1, area.width, 3);
    frame.render_widget(
        Paragraph::new(vec![
            Line::styled(explain, theme.muted()).centered(),
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
