//! The table: every seat's score (per colour in melee), cards in hand (counts only for the
//! others), deck size, pieces left in supply and frozen effects; and the High Form task queue.

use crate::shell::tui::game::seats::{SeatKind, Seats};
use crate::shell::tui::theme::{Theme, colour_name};
use crate::tashkalar::engine::view::SeatView;
use crate::tashkalar::engine::{GameState, Mode, Seat};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// Scores and public counts of every seat.
pub struct PlayersPanel<'a> {
    pub state: &'a GameState,
    pub view: &'a SeatView,
    pub seats: &'a Seats,
    pub theme: &'a Theme,
    /// The seat whose hand is on screen, marked "(you)".
    pub viewer: Option<Seat>,
    /// The seat deciding now, marked ▶ (none once the game is over).
    pub to_move: Option<Seat>,
    /// Two lines per seat (room for frozen effects and discards).
    pub wide: bool,
}

impl PlayersPanel<'_> {
    fn score_text(&self, seat: Seat) -> String {
        let st = self.state;
        let melee = st.config.mode == Mode::Deathmatch && st.players() > 2;
        let score = st.score(seat);
        if melee {
            let me = st.colour_of(seat);
            let parts: Vec<String> = st
                .colour_ids()
                .filter(|c| *c != me)
                .zip(st.colour_scores(seat))
                .map(|(c, v)| format!("{}{v}", &colour_name(c)[..1]))
                .collect();
            format!("{score} pts ({})", parts.join(" "))
        } else {
            format!("{score} pts")
        }
    }
}

impl Widget for PlayersPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let target = match (self.state.config.mode, self.state.players()) {
            (Mode::HighForm, _) => "9".to_string(),
            (Mode::Deathmatch, 2) => "18".to_string(),
            (Mode::Deathmatch, 3) => "12 in a colour".to_string(),
            (Mode::Deathmatch, _) => "10 in a colour".to_string(),
        };
        let block = Block::bordered()
            .border_style(t.border())
            .title(Span::styled(
                format!("Players (end at {target})"),
                t.title(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = Vec::new();
        for seat in self.state.seat_ids() {
            let i = seat.index();
            let colour = self.state.colour_of(seat);
            let turn = if Some(seat) == self.to_move {
                "▶"
            } else {
                " "
            };
            let who = match self.seats.kind(seat) {
                SeatKind::Ai(name) => format!(" AI {name}"),
                SeatKind::Human if Some(seat) == self.viewer => " (you)".into(),
                SeatKind::Human => String::new(),
            };
            let counts = self.view.hand_counts.get(i).copied().unwrap_or_default();
            let deck = self.view.deck_sizes.get(i).copied().unwrap_or(0);
            let supply = self
                .view
                .supply
                .get(colour.index())
                .map(|s| format!("{}+{}L", s.discs, s.legendary))
                .unwrap_or_default();
            // A roomy panel has the counts on the seat's line; otherwise they get a line of their
            // own (when there is room for two lines a seat) or the short form.
            let roomy = inner.width >= 64;
            let counts_text = if roomy {
                format!(
                    "  hand {}/{}/{}  deck {deck}  supply {supply}",
                    counts.beings, counts.legends, counts.flares
                )
            } else {
                format!(
                    " hand {} deck {deck} pcs {supply}",
                    counts.beings + counts.legends + counts.flares
                )
            };
            let mut spans = vec![
                Span::styled(turn, t.title()),
                Span::styled(format!(" {} ", self.seats.name(seat)), t.badge(colour)),
                Span::styled(who, t.muted()),
                Span::styled(
                    format!(" {}", self.score_text(seat)),
                    ratatui::style::Style::new().add_modifier(Modifier::BOLD),
                ),
            ];
            let counts_below = if self.wide && !roomy {
                Some(counts_text)
            } else {
                spans.push(Span::raw(counts_text));
                None
            };
            let frozen: Vec<String> = self
                .view
                .frozen
                .get(i)
                .map(|f| {
                    f.iter()
                        .map(|c| crate::shell::tui::game::narrate::card_name(self.state, *c))
                        .collect()
                })
                .unwrap_or_default();
            let discards = self.view.discards.get(i).map_or(0, |d| d.len());
            if self.wide {
                lines.push(Line::from(spans));
                let mut second = match counts_below {
                    Some(counts) => format!("{counts} discards {discards}"),
                    None => format!("    discard pile {discards}"),
                };
                if !frozen.is_empty() {
                    second.push_str(&format!("  ❄ frozen: {}", frozen.join(", ")));
                }
                lines.push(Line::styled(second, t.muted()));
            } else {
                if !frozen.is_empty() {
                    spans.push(Span::styled(
                        format!("  ❄ {}", frozen.join(", ")),
                        t.muted(),
                    ));
                }
                lines.push(Line::from(spans));
            }
        }
        Paragraph::new(lines).render(inner, buf);
    }
}

/// The High Form task queue: three current tasks and the next one.
pub struct TasksPanel<'a> {
    pub state: &'a GameState,
    pub view: &'a SeatView,
    pub theme: &'a Theme,
    /// Tasks the deciding player could claim now (highlighted).
    pub claimable: Vec<u8>,
}

impl Widget for TasksPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        let block = Block::bordered()
            .border_style(t.border())
            .title(Span::styled(
                format!("Tasks ({} left in the deck)", self.view.task_deck),
                t.title(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let db = &self.state.db;
        let mut lines = Vec::new();
        for task in self.view.current_tasks.iter().flatten() {
            let Some(def) = db.tasks.get(task.0 as usize) else {
                continue;
            };
            let claim = self.claimable.contains(&task.0);
            let mark = if claim { "✓ " } else { "• " };
            let style = if claim {
                t.key()
            } else {
                ratatui::style::Style::new().add_modifier(Modifier::BOLD)
            };
            lines.push(Line::from(vec![
                Span::styled(format!("{mark}{} +{}", def.name, def.points), style),
                Span::styled(format!(" ({:?}) ", def.kind), t.muted()),
                Span::raw(def.text.clone()),
            ]));
        }
        match self.view.next_task.and_then(|n| db.tasks.get(n.0 as usize)) {
            Some(def) => lines.push(Line::from(vec![
                Span::styled("next: ", t.muted()),
                Span::raw(format!("{} +{} ", def.name, def.points)),
                Span::styled(def.text.clone(), t.muted()),
            ])),
            None => lines.push(Line::styled("next: none", t.muted())),
        }
        // One line per task when space is short; full wrapped texts otherwise.
        let room = inner.height as usize >= lines.len() * 2;
        let p = Paragraph::new(lines);
        if room {
            p.wrap(Wrap { trim: true }).render(inner, buf);
        } else {
            p.render(inner, buf);
        }
    }
}
