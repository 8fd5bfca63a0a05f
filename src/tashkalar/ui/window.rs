//! The windows the arena screen opens over itself: a card in full, the discard piles, or the
//! whole score board.

use super::{ArenaScreen, seat};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::TableView;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

/// A window the arena screen opens over itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Window {
    /// One card in full.
    Card(crate::tashkalar::engine::CardId),
    /// Every discard pile, and the decks' counts.
    Piles,
    /// The whole score board.
    Score,
}

/// A window over the game screen: a card in full, the discard piles, or the score board.
pub(super) fn render(
    frame: &mut Frame,
    area: Rect,
    s: &ArenaScreen,
    v: &TableView<'_, ArenaScreen>,
    theme: &Theme,
    window: Window,
) {
    use super::widgets::card::{marks_legend, pattern_lines, text_lines, title_line};
    use super::widgets::players::ScoreBoard;
    use ratatui::widgets::{Clear, Paragraph, Wrap};
    let st = v.game;
    let colour = st.colour_of(v.viewer.map(seat).unwrap_or(s.model.decision.seat));
    let (title, lines, foot) = match window {
        Window::Card(card) => {
            let Some(c) = st.db.get(card) else {
                return;
            };
            let mut lines = vec![title_line(c, theme)];
            if let Some(i) = s.items.iter().position(|it| it.card == card) {
                let tag = s.tags.get(i).map_or("", |t| t.as_str());
                let key = super::hand_key(s.items[i].slot)
                    .map(|k| format!("key {k}"))
                    .unwrap_or_default();
                let now = if tag.is_empty() {
                    "nothing to do with it now".to_string()
                } else {
                    format!("now: {tag}")
                };
                lines.push(Line::styled(
                    format!("In your hand ({key}); {now}"),
                    theme.muted(),
                ));
            }
            if s.items.iter().any(|it| it.card == card && it.frozen) {
                lines.push(Line::styled(
                    "Its frozen effect is in play (Enter on it in the hand thaws it).",
                    theme.muted(),
                ));
            }
            lines.push(Line::default());
            lines.extend(pattern_lines(c, colour, theme));
            if let Some(legend) = marks_legend(c) {
                lines.push(Line::styled(legend, theme.muted()));
            }
            lines.push(Line::default());
            lines.extend(text_lines(c, theme));
            let foot = if s.items.len() > 1 {
                " ← → other cards · ↑ ↓ scroll · v or Esc closes "
            } else {
                " ↑ ↓ scroll · v or Esc closes "
            };
            (c.name.clone(), lines, foot)
        }
        Window::Piles => {
            let name = |c: &crate::tashkalar::engine::CardId| {
                crate::tashkalar::ui::narrate::card_name(st, *c)
            };
            let list = |cards: &[crate::tashkalar::engine::CardId]| {
                if cards.is_empty() {
                    "empty".to_string()
                } else {
                    // Newest first: the top of the pile.
                    cards.iter().rev().map(name).collect::<Vec<_>>().join(", ")
                }
            };
            let view = &s.view;
            let mut lines = Vec::new();
            for seat_id in st.seat_ids() {
                let i = seat_id.index();
                let deck = view.deck_sizes.get(i).copied().unwrap_or(0);
                let pile = view.discards.get(i).map(|d| list(d)).unwrap_or_default();
                lines.push(Line::from(vec![
                    Span::styled(
                        format!(" {} ", v.seats.name(seat_id)),
                        theme.badge(st.colour_of(seat_id).index()),
                    ),
                    Span::raw(format!(" deck {deck} cards left")),
                ]));
                lines.push(Line::from(format!("  discarded (newest first): {pile}")));
            }
            lines.push(Line::default());
            lines.push(Line::from(format!(
                "Legends: {} left in the deck; discarded: {}",
                view.legend_deck,
                list(&view.legend_discard)
            )));
            lines.push(Line::from(format!(
                "Flares: {} left in the deck; discarded: {}",
                view.flare_deck,
                list(&view.flare_discard)
            )));
            (
                "Discard piles and decks".to_string(),
                lines,
                " ↑ ↓ scroll · p or Esc closes ",
            )
        }
        Window::Score => {
            let board = ScoreBoard {
                state: st,
                view: &s.view,
                seats: v.seats,
                theme,
                viewer: v.player().map(seat),
                to_move: v.decider().map(seat),
            };
            let mut lines = board.all_lines();
            // The tasks in full: a small screen's task panel has a line for each.
            if st.config.mode == crate::tashkalar::engine::Mode::HighForm {
                lines.push(Line::default());
                lines.push(Line::styled("Tasks", theme.title()));
                let claimable: Vec<u8> = s
                    .model
                    .choices
                    .iter()
                    .filter_map(|c| match c {
                        crate::tashkalar::engine::Choice::Claim(t) if v.human_turn => Some(t.0),
                        _ => None,
                    })
                    .collect();
                lines.extend(super::widgets::players::task_lines(
                    st, &s.view, &claimable, theme, true,
                ));
            }
            if st.is_over() {
                lines.push(Line::default());
                for l in crate::tashkalar::ui::words::breakdown(st, v.seats) {
                    lines.push(Line::from(l));
                }
            }
            (
                format!("Score board: {}", board.target()),
                lines,
                " ↑ ↓ scroll · t or Esc closes ",
            )
        }
    };
    let w = area.width.saturating_sub(4).min(100);
    let h = area.height.saturating_sub(2);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, r);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .scroll((s.window_scroll, 0))
            .block(
                Block::bordered()
                    .border_type(ratatui::widgets::BorderType::Thick)
                    .border_style(theme.focus_border())
                    .title(Span::styled(format!(" {title} "), theme.title()))
                    .title_bottom(Span::styled(foot, theme.key())),
            ),
        r,
    );
}
