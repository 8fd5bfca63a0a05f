//! The score board: every side's points (with what the turn under way will add, and in a melee
//! each colour's score), the counts the flares compare (pieces on the board and upgraded ones),
//! cards in hand (counts only for the others), decks, supplies, claimed tasks, improvised
//! summonings, frozen effects, pending beings, Gateways and held pieces; and the High Form task
//! queue.
//!
//! The same words are used at every size: a small panel shows fewer lines, never other words,
//! and the score window ([`score_lines`]) shows all of them.

use crate::shell::seats::{SeatKind, Seats};
use crate::shell::tui::screens::form::bot_label;
use crate::shell::tui::theme::{Theme, colour_name};
use crate::shell::tui::widgets::log::wrap_words;
use crate::tashkalar::engine::board::{Colour, RankSet};
use crate::tashkalar::engine::state::{HAND_BEINGS, HAND_FLARES, HAND_LEGENDS};
use crate::tashkalar::engine::view::SeatView;
use crate::tashkalar::engine::{GameState, Mode, Seat};
use crate::tashkalar::ui::narrate::card_name;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// Scores and public counts of every side.
pub struct PlayersPanel<'a> {
    pub state: &'a GameState,
    pub view: &'a SeatView,
    pub seats: &'a Seats,
    pub theme: &'a Theme,
    /// The seat whose hand is on screen, marked "(you)".
    pub viewer: Option<Seat>,
    /// The seat deciding now, marked ▶ (none once the game is over).
    pub to_move: Option<Seat>,
}

/// The score board's lines for one side: its heading (names and points), the counts of its
/// colour, then one line per seat with its cards (and the seat's extras).
struct SideLines {
    head: Line<'static>,
    counts: Line<'static>,
    cards: Vec<Line<'static>>,
}

/// What a score board shows, with the context it needs.
pub struct ScoreBoard<'a> {
    pub state: &'a GameState,
    pub view: &'a SeatView,
    pub seats: &'a Seats,
    pub theme: &'a Theme,
    pub viewer: Option<Seat>,
    pub to_move: Option<Seat>,
}

impl ScoreBoard<'_> {
    /// The sides of the game: each colour with its seats (two in the team game).
    fn sides(&self) -> Vec<(Colour, Vec<Seat>)> {
        let st = self.state;
        st.colour_ids()
            .map(|c| (c, st.seat_ids().filter(|s| st.colour_of(*s) == c).collect()))
            .collect()
    }

    /// "12 pts" and, for the side whose turn it is, "+3 this turn".
    fn points(&self, seat: Seat) -> String {
        let st = self.state;
        let score = st.score(seat);
        let plural = if score == 1 { "" } else { "s" };
        let mut text = format!("{score} point{plural}");
        if st.is_melee() {
            let me = st.colour_of(seat);
            let parts: Vec<String> = st
                .colour_ids()
                .filter(|c| *c != me)
                .zip(st.colour_scores(seat))
                .map(|(c, v)| format!("{} {v}", colour_name(c)))
                .collect();
            text.push_str(&format!(" (the lowest of: {})", parts.join(", ")));
        }
        if !st.is_over() && st.config.mode == Mode::Deathmatch && st.allies(st.turn.seat, seat) {
            let (points, unpaired) = st.turn_destruction_points();
            let legends = i32::from(st.turn.tally.legends_summoned);
            let pending = points + legends;
            // Read as sentences: what the turn adds, and what a single destroyed common piece
            // (worth a point only with a second one) still waits for.
            match (pending > 0, unpaired > 0) {
                (true, false) => text.push_str(&format!(", +{pending} at the end of this turn")),
                (true, true) => text.push_str(&format!(
                    ", +{pending} at the end of this turn (+1 more if another common piece is destroyed)"
                )),
                (false, true) => text.push_str(
                    ", nothing yet this turn: one more destroyed common piece would score 1",
                ),
                (false, false) => {}
            }
        }
        text
    }

    fn who(&self, seat: Seat) -> String {
        match self.seats.kind(seat) {
            SeatKind::Bot(name) => format!(" ({})", bot_label(&name)),
            SeatKind::Human if Some(seat) == self.viewer => " (you)".into(),
            SeatKind::Human => String::new(),
        }
    }

    fn side(&self, colour: Colour, seats: &[Seat]) -> SideLines {
        let st = self.state;
        let t = self.theme;
        let v = self.view;
        let Some(&first) = seats.first() else {
            return SideLines {
                head: Line::default(),
                counts: Line::default(),
                cards: Vec::new(),
            };
        };
        let marker = if seats.iter().any(|s| Some(*s) == self.to_move) {
            "▶"
        } else {
            " "
        };
        let mut head = vec![Span::styled(marker, t.title())];
        for (i, s) in seats.iter().enumerate() {
            if i > 0 {
                head.push(Span::raw(" &"));
            }
            head.push(Span::styled(
                format!(" {} ", self.seats.name(*s)),
                t.badge(colour.index()),
            ));
            head.push(Span::styled(self.who(*s), t.muted()));
        }
        head.push(Span::styled(
            format!(" {}", self.points(first)),
            Style::new().add_modifier(Modifier::BOLD),
        ));
        let on_board = st.board.count(colour, RankSet::ALL);
        let upgraded = st.board.count(colour, RankSet::UPGRADED);
        let supply = v
            .supply
            .get(colour.index())
            .map(|s| format!("{} + {} legendary", s.discs, s.legendary))
            .unwrap_or_default();
        let mut counts =
            format!("    on the board {on_board}, upgraded {upgraded} · supply {supply}");
        if st.config.mode == Mode::HighForm {
            let tasks: i32 = seats
                .iter()
                .map(|s| i32::from(st.seat(*s).score.tasks))
                .sum();
            let legendary = st.board.count(colour, RankSet::LEGENDARY);
            counts.push_str(&format!(
                " · {tasks} from tasks + {legendary} for legendary pieces"
            ));
        }
        let mut cards = Vec::new();
        for s in seats {
            let i = s.index();
            let hand = v.hand_counts.get(i).copied().unwrap_or_default();
            let deck = v.deck_sizes.get(i).copied().unwrap_or(0);
            let discards = v.discards.get(i).map_or(0, |d| d.len());
            let whose = if seats.len() > 1 {
                format!("    {}: ", self.seats.name(*s))
            } else {
                "    ".to_string()
            };
            let mut text = format!(
                "{whose}hand {} being{}, {} legend{}, {} flare{} · deck {deck} · discarded {discards}",
                hand.beings,
                plural(hand.beings),
                hand.legends,
                plural(hand.legends),
                hand.flares,
                plural(hand.flares)
            );
            for extra in self.extras(*s) {
                text.push_str(" · ");
                text.push_str(&extra);
            }
            cards.push(Line::styled(text, t.muted()));
        }
        SideLines {
            head: Line::from(head),
            counts: Line::styled(counts, t.muted()),
            cards,
        }
    }

    /// What else a seat has on the table: claimed tasks, improvised colours, frozen effects, the
    /// pending being, the Gateway, a piece held on a card.
    fn extras(&self, seat: Seat) -> Vec<String> {
        let st = self.state;
        let v = self.view;
        let i = seat.index();
        let mut out = Vec::new();
        let claimed: Vec<String> = v
            .claimed
            .get(i)
            .into_iter()
            .flatten()
            .filter_map(|t| st.db.tasks.get(*t as usize))
            .map(|t| format!("{} +{}", t.name, t.points))
            .collect();
        if st.config.mode == Mode::HighForm {
            out.push(if claimed.is_empty() {
                "no task claimed".to_string()
            } else {
                format!("tasks: {}", claimed.join(", "))
            });
        }
        if st.is_melee() {
            let used = st.seat(seat).improvised;
            let colours: Vec<&str> = st
                .colour_ids()
                .filter(|c| used & (1 << c.0) != 0)
                .map(|c| colour_name(c))
                .collect();
            out.push(if colours.is_empty() {
                "no improvised summoning yet".to_string()
            } else {
                format!("improvised with {}", colours.join(", "))
            });
        }
        let frozen: Vec<String> = v
            .frozen
            .get(i)
            .into_iter()
            .flatten()
            .map(|c| card_name(st, *c))
            .collect();
        if !frozen.is_empty() {
            out.push(format!("❄ frozen: {}", frozen.join(", ")));
        }
        if let Some(Some(card)) = v.pending.get(i) {
            out.push(format!(
                "pending: {} (−2 until it is summoned)",
                card_name(st, *card)
            ));
        }
        match (v.gateways.get(i).copied().flatten(), v.gateways_held.get(i)) {
            (Some(sq), _) => out.push(format!("Gateway on {sq}")),
            (None, Some(true)) => out.push("Gateway held on a card".into()),
            _ => {}
        }
        if let Some(Some(held)) = v.held.get(i) {
            out.push(format!(
                "holds {}'s {} piece on a card",
                colour_name(held.piece.colour),
                held.piece.rank
            ));
        }
        out
    }

    /// What the target is: "end at 18", "ends at 12 in a colour".
    pub fn target(&self) -> String {
        match (self.state.config.mode, self.state.colours()) {
            (Mode::HighForm, _) => "the end comes at 9 points".to_string(),
            (Mode::Deathmatch, 2) => "the end comes at 18 points".to_string(),
            (Mode::Deathmatch, 3) => "the end comes at 12 points in a colour".to_string(),
            (Mode::Deathmatch, _) => "the end comes at 10 points in a colour".to_string(),
        }
    }

    /// The shared decks: how many legends and flares are left, and discarded.
    fn decks_line(&self) -> Line<'static> {
        let v = self.view;
        Line::styled(
            format!(
                "  legends: {} left, {} discarded · flares: {} left, {} discarded",
                v.legend_deck,
                v.legend_discard.len(),
                v.flare_deck,
                v.flare_discard.len()
            ),
            self.theme.muted(),
        )
    }

    /// Every line of the score board, as the score window shows it.
    pub fn all_lines(&self) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for (colour, seats) in self.sides() {
            let side = self.side(colour, &seats);
            lines.push(side.head);
            lines.push(side.counts);
            lines.extend(side.cards);
        }
        lines.push(self.decks_line());
        lines.push(Line::default());
        lines.push(Line::styled(
            format!(
                "On the board: the side's pieces; upgraded: its heroic and legendary ones (flares \
                 compare both). Supply: discs and legendary pieces left to place. Hand: cards held \
                 (drawn back up to {HAND_BEINGS} beings, {HAND_LEGENDS} legends and {HAND_FLARES} \
                 flare at the end of a turn)."
            ),
            self.theme.muted(),
        ));
        lines
    }

    /// The lines that fit `rows` rows of `width` columns: every side's heading always, then its
    /// counts and cards while they fit (the words are the same at every size; a small panel
    /// shows fewer of them).
    pub fn fitting_lines(&self, rows: usize, width: usize) -> Vec<Line<'static>> {
        let sides: Vec<SideLines> = self
            .sides()
            .into_iter()
            .map(|(c, seats)| self.side(c, &seats))
            .collect();
        let height = |l: &Line<'static>| hang(l, width).len();
        let build = |counts: bool, cards: bool, decks: bool| {
            let mut out = Vec::new();
            for s in &sides {
                out.push(s.head.clone());
                if counts {
                    out.push(s.counts.clone());
                }
                if cards {
                    out.extend(s.cards.iter().cloned());
                }
            }
            if decks {
                out.push(self.decks_line());
            }
            out
        };
        for (counts, cards, decks) in [
            (true, true, true),
            (true, true, false),
            (true, false, false),
        ] {
            let lines = build(counts, cards, decks);
            if lines.iter().map(height).sum::<usize>() <= rows {
                return lines;
            }
        }
        build(false, false, false)
    }
}

/// A line in rows of `width`: as it is when it fits; otherwise a line of one style (the counts
/// and cards lines) wraps at words with its continuation rows indented under its first word, so
/// the sides stay apart; a line of several styles (a heading) wraps plainly.
pub fn hang(line: &Line<'static>, width: usize) -> Vec<Line<'static>> {
    let width = width.max(1);
    if line.width() <= width {
        return vec![line.clone()];
    }
    if let [span] = line.spans.as_slice() {
        let text = span.content.as_ref();
        let words = text.trim_start();
        let lead = text.len() - words.len();
        // Continuation rows go two columns further in, while that leaves room for the words.
        let (lead, indent) = if (lead + 2) * 2 < width {
            (lead, lead + 2)
        } else {
            (0, 0)
        };
        // Rows are filled with whole "·"-separated parts ("deck 15" never splits), a part
        // too long for a row alone wrapping at words.
        let mut rows: Vec<String> = vec![String::new()];
        for part in words.split(" · ") {
            let room = |rows: &Vec<String>| width - if rows.len() == 1 { lead } else { indent };
            let fits = room(&rows);
            let Some(row) = rows.last_mut() else { break };
            let have = row.chars().count();
            let need = part.chars().count() + if have > 0 { 3 } else { 0 };
            if have + need <= fits {
                if have > 0 {
                    row.push_str(" · ");
                }
                row.push_str(part);
                continue;
            }
            if have > 0 {
                rows.push(String::new());
            }
            let pieces = wrap_words(part, room(&rows));
            let last = pieces.len().saturating_sub(1);
            for (k, piece) in pieces.into_iter().enumerate() {
                if let Some(row) = rows.last_mut() {
                    row.push_str(&piece);
                }
                if k < last {
                    rows.push(String::new());
                }
            }
        }
        let (lead, pad) = (" ".repeat(lead), " ".repeat(indent));
        return rows
            .into_iter()
            .enumerate()
            .map(|(k, row)| {
                let margin = if k == 0 { &lead } else { &pad };
                Line::styled(format!("{margin}{row}"), span.style)
            })
            .collect();
    }
    // Several styles: rows of `width` cells, keeping each span's style, broken after the last
    // space of a full row (a word is cut only when it is longer than a row).
    let width_of = |cells: &[(char, Style)]| -> usize {
        cells
            .iter()
            .map(|(c, _)| Span::raw(c.to_string()).width())
            .sum()
    };
    let mut rows: Vec<Vec<(char, Style)>> = vec![Vec::new()];
    let mut used = 0;
    for span in &line.spans {
        for ch in span.content.chars() {
            let w = Span::raw(ch.to_string()).width();
            if used + w > width {
                let carry = match rows.last_mut() {
                    Some(row) => match row.iter().rposition(|(c, _)| *c == ' ') {
                        Some(p) if p > 0 => row.split_off(p + 1),
                        _ => Vec::new(),
                    },
                    None => Vec::new(),
                };
                used = width_of(&carry);
                rows.push(carry);
            }
            if let Some(row) = rows.last_mut() {
                row.push((ch, span.style));
            }
            used += w;
        }
    }
    rows.into_iter()
        .map(|row| {
            Line::from(
                row.into_iter()
                    .map(|(c, st)| Span::styled(c.to_string(), st))
                    .collect::<Vec<_>>(),
            )
        })
        .collect()
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

impl Widget for PlayersPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let board = ScoreBoard {
            state: self.state,
            view: self.view,
            seats: self.seats,
            theme: self.theme,
            viewer: self.viewer,
            to_move: self.to_move,
        };
        let block = Block::bordered()
            .border_style(self.theme.border())
            .title(Span::styled(
                format!("Score: {}", board.target()),
                self.theme.title(),
            ))
            .title_bottom(Span::styled(
                " t: score board · p: piles ",
                self.theme.muted(),
            ));
        let inner = block.inner(area);
        block.render(area, buf);
        let width = inner.width as usize;
        let lines: Vec<Line> = board
            .fitting_lines(inner.height as usize, width)
            .iter()
            .flat_map(|l| hang(l, width))
            .collect();
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

/// The face-up tasks (marked when they can be claimed now) and the next one, a line each.
/// `kinds`: each task's type too ("(Pattern)").
pub fn task_lines(
    state: &GameState,
    view: &SeatView,
    claimable: &[u8],
    t: &Theme,
    kinds: bool,
) -> Vec<Line<'static>> {
    let db = &state.db;
    let mut lines = Vec::new();
    for task in view.current_tasks.iter().flatten() {
        let Some(def) = db.tasks.get(task.0 as usize) else {
            continue;
        };
        let claim = claimable.contains(&task.0);
        let mark = if claim { "✓ " } else { "• " };
        let style = if claim {
            t.key()
        } else {
            Style::new().add_modifier(Modifier::BOLD)
        };
        let kind = if kinds {
            format!(" ({:?}) ", def.kind)
        } else {
            " ".to_string()
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{mark}{} +{}", def.name, def.points), style),
            Span::styled(kind, t.muted()),
            Span::raw(def.text.clone()),
        ]));
    }
    match view.next_task.and_then(|n| db.tasks.get(n.0 as usize)) {
        Some(def) => lines.push(Line::from(vec![
            Span::styled("next: ", t.muted()),
            Span::raw(format!("{} +{} ", def.name, def.points)),
            Span::styled(def.text.clone(), t.muted()),
        ])),
        None => lines.push(Line::styled("next: none", t.muted())),
    }
    lines
}

impl Widget for TasksPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let t = self.theme;
        // Full wrapped texts when they fit, with the tasks' types if there is room for them;
        // otherwise one line per task, and the border says where to read them whole (the
        // score board, t).
        let width = area.width.saturating_sub(2) as usize;
        let rows = area.height.saturating_sub(2) as usize;
        let fits = |lines: &[Line]| {
            let need: usize = lines
                .iter()
                .map(|l| {
                    let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                    wrap_words(text.trim(), width.max(1)).len()
                })
                .sum();
            need <= rows
        };
        let mut lines = task_lines(self.state, self.view, &self.claimable, t, true);
        let mut room = fits(&lines);
        if !room {
            let short = task_lines(self.state, self.view, &self.claimable, t, false);
            if fits(&short) {
                lines = short;
                room = true;
            }
        }
        let mut block = Block::bordered()
            .border_style(t.border())
            .title(Span::styled(
                format!("Tasks ({} left in the deck)", self.view.task_deck),
                t.title(),
            ));
        if !room {
            block = block.title_bottom(Span::styled(" t: tasks in full ", t.key()));
        }
        let inner = block.inner(area);
        block.render(area, buf);
        let p = Paragraph::new(lines);
        if room {
            p.wrap(Wrap { trim: true }).render(inner, buf);
        } else {
            p.render(inner, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heading_of_several_styles_wraps_between_words() {
        let line = Line::from(vec![
            Span::styled("▶ Blue ", Style::new().add_modifier(Modifier::BOLD)),
            Span::raw("0 points, +0 at the end of this turn (1 destroyed common piece)"),
        ]);
        let rows: Vec<String> = hang(&line, 40)
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect();
        assert_eq!(
            rows,
            [
                "▶ Blue 0 points, +0 at the end of this ",
                "turn (1 destroyed common piece)"
            ]
        );
    }
}
