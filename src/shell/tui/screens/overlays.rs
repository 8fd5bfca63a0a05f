//! Windows drawn over a screen: the help (generated from the keymap), a yes/no question, a list
//! of choices, a message, and the too-small notice.

use crate::shell::tui::keymap::{Context, HelpLine};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::widgets::list_offset;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

/// A list to pick from (several choices on one square, or every legal choice), in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Popup {
    pub title: String,
    pub entries: Vec<String>,
    pub index: usize,
}

/// A window centred in `area`.
pub fn centred(area: Rect, w: u16, h: u16) -> Rect {
    let w = w.min(area.width);
    let h = h.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

fn popup_rect(area: Rect, popup: &Popup) -> Rect {
    let longest = popup
        .entries
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(10)
        .max(popup.title.chars().count());
    centred(area, longest as u16 + 8, popup.entries.len() as u16 + 4)
}

/// The popup entry under a position.
pub fn popup_entry_at(area: Rect, popup: &Popup, x: u16, y: u16) -> Option<usize> {
    let inner = Block::bordered().inner(popup_rect(area, popup));
    let list = Rect::new(
        inner.x,
        inner.y,
        inner.width,
        inner.height.saturating_sub(1),
    );
    if !list.contains(Position::new(x, y)) {
        return None;
    }
    let offset = list_offset(popup.index, popup.entries.len(), list.height as usize);
    let i = offset + (y - list.y) as usize;
    (i < popup.entries.len()).then_some(i)
}

/// Draws a popup list.
pub fn render_popup(frame: &mut Frame, area: Rect, popup: &Popup, theme: &Theme) {
    let r = popup_rect(area, popup);
    frame.render_widget(Clear, r);
    let block = Block::bordered()
        .border_style(theme.focus_border())
        .title(Span::styled(popup.title.clone(), theme.title()));
    let inner = block.inner(r);
    frame.render_widget(block, r);
    let list_h = inner.height.saturating_sub(1);
    let offset = list_offset(popup.index, popup.entries.len(), list_h as usize);
    let buf = frame.buffer_mut();
    for row in 0..list_h as usize {
        let i = offset + row;
        let Some(text) = popup.entries.get(i) else {
            break;
        };
        let key = if i < 9 {
            format!("{} ", i + 1)
        } else {
            "  ".into()
        };
        let style = if i == popup.index {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        let line = Line::from(vec![
            Span::styled(key, theme.key()),
            Span::styled(text.clone(), style),
        ]);
        buf.set_line(inner.x, inner.y + row as u16, &line, inner.width);
    }
    let foot = Line::styled(
        format!(
            "{} of {} · Enter: take it · Esc: close",
            popup.index + 1,
            popup.entries.len()
        ),
        theme.muted(),
    );
    buf.set_line(
        inner.x,
        inner.bottom().saturating_sub(1),
        &foot,
        inner.width,
    );
}

/// A yes/no question.
pub fn render_confirm(frame: &mut Frame, area: Rect, question: &str, theme: &Theme) {
    // A question longer than the screen is wrapped onto as many rows as it needs, never cut.
    let w = (question.chars().count() as u16 + 6)
        .clamp(34, 72)
        .min(area.width.max(8));
    let rows = crate::shell::tui::widgets::log::wrap_words(question, (w - 4) as usize);
    let r = centred(area, w, rows.len() as u16 + 4);
    frame.render_widget(Clear, r);
    let mut lines: Vec<Line> = rows.into_iter().map(|l| Line::from(l).centered()).collect();
    lines.push(Line::default());
    lines.push(
        Line::from(vec![
            Span::styled("y", theme.key()),
            Span::raw(" yes    "),
            Span::styled("n", theme.key()),
            Span::raw("/"),
            Span::styled("Esc", theme.key()),
            Span::raw(" no"),
        ])
        .centered(),
    );
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().border_style(theme.focus_border())),
        r,
    );
}

/// A message to acknowledge.
pub fn render_notice(frame: &mut Frame, area: Rect, text: &str, theme: &Theme) {
    let w = (text.chars().count() as u16 + 6).clamp(30, 70);
    let lines = (text.chars().count() as u16 / (w - 4)) + 1;
    let r = centred(area, w, lines + 4);
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(text.to_string()),
            Line::default(),
            Line::styled("Enter or Esc to close", theme.muted()).centered(),
        ])
        .wrap(Wrap { trim: true })
        .block(
            Block::bordered()
                .border_style(theme.focus_border())
                .title(Span::styled("Note", theme.title())),
        ),
        r,
    );
}

/// One section of the help screen: a heading and its keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpSection {
    pub title: String,
    pub lines: Vec<HelpLine>,
}

/// The shell's sections of the help screen: every context's keys, from its keymap. A game's
/// screen adds its own keys to the "Playing" section.
pub fn shell_help(game_keys: Vec<HelpLine>) -> Vec<HelpSection> {
    Context::ALL
        .iter()
        .map(|&ctx| {
            let mut lines = if ctx == Context::Game {
                game_keys.clone()
            } else {
                Vec::new()
            };
            lines.extend(crate::shell::tui::keymap::help_lines(
                crate::shell::tui::keymap::KEYMAP,
                ctx,
            ));
            HelpSection {
                title: ctx.title().to_string(),
                lines,
            }
        })
        .filter(|s| !s.lines.is_empty())
        .collect()
}

/// The lines of the help screen.
pub fn help_lines(sections: &[HelpSection], theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for section in sections {
        lines.push(Line::styled(section.title.clone(), theme.title()));
        for l in &section.lines {
            lines.push(Line::from(vec![
                Span::styled(format!("  {:<14}", l.keys), theme.key()),
                Span::raw(l.help.to_string()),
            ]));
        }
        lines.push(Line::default());
    }
    lines.push(Line::styled(
        "Mouse: click a square, a card or an option to take it; the wheel scrolls lists and the log.",
        theme.muted(),
    ));
    lines
}

/// The help window.
pub fn render_help(
    frame: &mut Frame,
    area: Rect,
    sections: &[HelpSection],
    scroll: u16,
    theme: &Theme,
) {
    let r = centred(area, area.width.saturating_sub(4).min(110), area.height);
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(help_lines(sections, theme))
            .wrap(Wrap { trim: false })
            .scroll((scroll, 0))
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled("Keys (↑↓ scroll, Esc close)", theme.title())),
            ),
        r,
    );
}

/// Shown instead of a screen that does not fit.
pub fn render_too_small(frame: &mut Frame, area: Rect, need: (u16, u16), theme: &Theme) {
    let lines = vec![
        Line::styled("Terminal too small", theme.warn()).centered(),
        Line::from(format!(
            "{}x{} now, {}x{} needed",
            area.width, area.height, need.0, need.1
        ))
        .centered(),
        Line::from("Enlarge the window or make the font smaller.").centered(),
        Line::styled("q quits", theme.muted()).centered(),
    ];
    let h = (lines.len() as u16).min(area.height);
    let r = Rect::new(area.x, area.y + (area.height - h) / 2, area.width, h);
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), r);
}
