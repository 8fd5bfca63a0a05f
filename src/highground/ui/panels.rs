//! The panels beside the board: the players (pyramids left, cards in hand, what each did last
//! turn), the piles and the die; and the hand of the seat looking (never another's).

use super::narrate::Narrator;
use super::words::{card_name, face_name};
use crate::highground::card::Card;
use crate::highground::state::HighGround;
use crate::shell::seats::{SeatKind, Seats};
use crate::shell::tui::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// Players, piles and the die.
pub struct InfoPanel<'a> {
    pub game: &'a HighGround,
    pub seats: &'a Seats,
    pub narrator: &'a Narrator,
    pub theme: &'a Theme,
    /// The seat at this keyboard ("you"), if one.
    pub viewer: Option<usize>,
    /// The seat deciding now.
    pub to_move: Option<usize>,
    /// Room for what each seat did last turn.
    pub wide: bool,
}

impl Widget for InfoPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.game;
        let t = self.theme;
        let title = format!("Players · turn {}", g.turn_number());
        let block = Block::bordered()
            .border_style(t.border())
            .title(Span::styled(title, t.title()));
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines: Vec<Line> = Vec::new();
        let total = g.variant().pieces_of(0).count();
        for seat in 0..g.players() {
            let marker = if self.to_move == Some(seat) {
                "▶"
            } else {
                " "
            };
            let mut spans = vec![
                Span::raw(marker),
                Span::styled(format!(" {} ", self.seats.name(seat)), t.badge(seat)),
            ];
            let left = g.pyramids().count(seat as u8);
            if left == 0 && !g.in_setup() {
                spans.push(Span::styled(" out", t.warn()));
            } else {
                spans.push(Span::raw(format!(
                    " {left}/{total} pyr, {}",
                    super::words::cards_count(g.hand(seat).len())
                )));
            }
            // Who plays it, when there is room.
            if inner.width >= 36 {
                if self.viewer == Some(seat) {
                    spans.push(Span::raw(" (you)"));
                } else if let SeatKind::Bot(name) = self.seats.kind(seat) {
                    // Named as Tash-Kalar and the new-game form name it ("AI: Normal").
                    let label = crate::shell::tui::screens::form::bot_label(&name);
                    spans.push(Span::styled(format!(" ({label})"), t.muted()));
                }
            }
            lines.push(Line::from(spans));
            if self.wide
                && self.viewer != Some(seat)
                && let Some(last) = self.narrator.last_turn(seat)
            {
                lines.push(Line::styled(
                    format!("   last turn: {}", last.words.join(", ")),
                    t.muted(),
                ));
            }
        }
        let top = g
            .discard()
            .last()
            .map_or(String::new(), |c| format!(", top {}", card_name(*c)));
        lines.push(Line::from(format!(
            "Deck {} · discard {}{top}",
            g.deck_len(),
            g.discard().len()
        )));
        // The die lies on the face last rolled until the next roll; only a roll being carried
        // out now is shown as one, so a turn does not seem to start with the previous roll.
        let die = match (g.die_face(), super::words::die_in_use(g)) {
            (Some(face), true) => Span::styled(
                format!(" {} ", face_name(face)),
                t.title().add_modifier(Modifier::REVERSED),
            ),
            (Some(face), false) => {
                Span::styled(format!("{} (the last roll)", face_name(face)), t.muted())
            }
            (None, _) => Span::styled("not rolled yet", t.muted()),
        };
        let mut die_line = vec![Span::raw("Die: "), die];
        if !g.in_setup() && self.wide {
            let left = g.quiet_limit().saturating_sub(g.quiet_turns());
            die_line.push(Span::styled(
                format!(" · draw in {left} turns without a kill"),
                t.muted(),
            ));
        }
        lines.push(Line::from(die_line));
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .render(inner, buf);
    }
}

/// Where each card of a hand is drawn (one row of small cards, or of boxes when there is room).
pub fn card_rects(inner: Rect, n: usize) -> Vec<Rect> {
    let boxed = inner.height >= 3;
    let w = if boxed { 6 } else { 5 };
    (0..n)
        .map(|i| {
            let x = inner.x + i as u16 * w;
            let h = if boxed { 3 } else { 1 };
            Rect::new(
                x,
                inner.y,
                w.min(inner.width.saturating_sub(i as u16 * w)),
                h,
            )
            .intersection(inner)
        })
        .collect()
}

/// The hand of the seat looking.
pub struct HandPanel<'a> {
    pub cards: &'a [Card],
    pub selected: usize,
    pub focused: bool,
    /// Per card: whether it can be played now.
    pub playable: &'a [bool],
    pub title: String,
    /// Said instead of the cards when no hand may be shown.
    pub hidden: Option<String>,
    pub theme: &'a Theme,
}

impl Widget for HandPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        // Marked as Tash-Kalar marks the panel with the keys, not by colour alone.
        let block = crate::shell::tui::widgets::panel(
            Line::from(Span::styled(self.title.clone(), t.title())),
            self.focused,
            t,
        );
        let inner = block.inner(area);
        block.render(area, buf);
        if let Some(text) = self.hidden {
            Paragraph::new(Line::styled(text, t.muted()))
                .wrap(Wrap { trim: true })
                .render(inner, buf);
            return;
        }
        if self.cards.is_empty() {
            buf.set_string(inner.x, inner.y, "no cards", t.muted());
            return;
        }
        let rects = card_rects(inner, self.cards.len());
        for (i, (card, rect)) in self.cards.iter().zip(&rects).enumerate() {
            if rect.is_empty() {
                continue;
            }
            let mut style = ratatui::style::Style::new();
            if self.playable.get(i).copied().unwrap_or(false) {
                style = style.add_modifier(Modifier::BOLD);
            } else {
                style = style.add_modifier(Modifier::DIM);
            }
            if i == self.selected && self.focused {
                style = t.selected();
            }
            let name = if card.is_joker() { "Jk" } else { card.name() };
            if rect.height >= 3 {
                let b = Block::bordered().border_style(style);
                let cell = b.inner(*rect);
                b.render(*rect, buf);
                buf.set_string(
                    cell.x,
                    cell.y,
                    format!("{name:^width$}", width = cell.width as usize),
                    style,
                );
            } else {
                buf.set_string(rect.x, rect.y, format!("[{name}]"), style);
            }
        }
        // Under a row of boxes, the highlighted card in words.
        if inner.height >= 4
            && let Some(card) = self.cards.get(self.selected)
        {
            let words = if card.is_joker() {
                "Joker: any level from Ace to Queen when played".to_string()
            } else {
                format!("{}: level {}", card_name(*card), card.level().unwrap_or(0))
            };
            buf.set_string(inner.x, inner.y + 3, words, t.muted());
        }
    }
}
