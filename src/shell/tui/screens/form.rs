//! The new-game form: form of play, number of players, each seat a person or an AI (bot names
//! from `ai::BOT_NAMES`), a deck per seat (whatever the card database holds), and a seed.

use crate::shell::ai;
use crate::shell::tui::game::seats::SeatKind;
use crate::shell::tui::setup::{GameSetup, allowed_players, default_bot, high_form_unavailable};
use crate::shell::tui::theme::{Theme, colour_name};
use crate::tashkalar::engine::board::Colour;
use crate::tashkalar::engine::{CardDb, Mode};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// One line of the form.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Row {
    Mode,
    Players,
    /// Who plays seat i.
    Player(usize),
    /// Deck of seat i.
    Deck(usize),
    Seed,
    Start,
}

/// The form's values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormState {
    pub index: usize,
    pub mode: Mode,
    pub players: u8,
    /// Per seat: 0 = a person, i = the bot `ai::BOT_NAMES[i - 1]`.
    pub kinds: [usize; 4],
    /// Per seat: index into the database's decks.
    pub decks: [usize; 4],
    /// Digits typed; empty means a random seed.
    pub seed: String,
    /// Why the last change or start was refused.
    pub note: Option<String>,
}

impl Default for FormState {
    fn default() -> Self {
        let bot = ai::BOT_NAMES
            .iter()
            .position(|b| *b == default_bot())
            .map_or(0, |i| i + 1);
        FormState {
            index: 0,
            mode: Mode::Deathmatch,
            players: 2,
            kinds: [0, bot, bot, bot],
            decks: [0; 4],
            seed: String::new(),
            note: None,
        }
    }
}

/// Most digits a seed may have (fits in u64).
const SEED_DIGITS: usize = 18;

impl FormState {
    /// The lines of the form, in order.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows = vec![Row::Mode, Row::Players];
        for i in 0..self.players as usize {
            rows.push(Row::Player(i));
            rows.push(Row::Deck(i));
        }
        rows.push(Row::Seed);
        rows.push(Row::Start);
        rows
    }

    /// The highlighted line.
    pub fn row(&self) -> Row {
        let rows = self.rows();
        rows.get(self.index).copied().unwrap_or(Row::Start)
    }

    /// Highlights the line above.
    pub fn up(&mut self) {
        self.index = self.index.saturating_sub(1);
    }

    /// Highlights the line below.
    pub fn down(&mut self) {
        self.index = (self.index + 1).min(self.rows().len() - 1);
    }

    /// Left/right on the current line.
    pub fn change(&mut self, delta: i32, db: &CardDb) {
        self.note = None;
        match self.row() {
            Row::Mode => {
                let next = if self.mode == Mode::Deathmatch {
                    Mode::HighForm
                } else {
                    Mode::Deathmatch
                };
                if next == Mode::HighForm
                    && let Some(why) = high_form_unavailable(db)
                {
                    self.note = Some(format!("High Form is unavailable: {why}"));
                    return;
                }
                self.mode = next;
                if !allowed_players(self.mode).contains(&self.players) {
                    self.players = 2;
                }
            }
            Row::Players => {
                let allowed = allowed_players(self.mode);
                let i = allowed.iter().position(|p| *p == self.players).unwrap_or(0);
                let j = (i as i32 + delta).rem_euclid(allowed.len() as i32) as usize;
                self.players = allowed[j];
            }
            Row::Player(s) => {
                let n = ai::BOT_NAMES.len() as i32 + 1;
                self.kinds[s] = (self.kinds[s] as i32 + delta).rem_euclid(n) as usize;
            }
            Row::Deck(s) => {
                let n = db.decks.len().max(1) as i32;
                self.decks[s] = (self.decks[s] as i32 + delta).rem_euclid(n) as usize;
            }
            Row::Seed | Row::Start => {}
        }
        self.index = self.index.min(self.rows().len() - 1);
    }

    /// A digit typed on the seed line (elsewhere: moves there first).
    pub fn digit(&mut self, d: u8) {
        if d > 9 {
            return;
        }
        if let Some(i) = self.rows().iter().position(|r| *r == Row::Seed) {
            self.index = i;
        }
        if self.seed.len() < SEED_DIGITS {
            self.seed.push((b'0' + d) as char);
        }
    }

    /// Backspace on the seed.
    pub fn erase(&mut self) {
        self.seed.pop();
    }

    fn kind(&self, seat: usize) -> SeatKind {
        match self.kinds[seat] {
            0 => SeatKind::Human,
            i => ai::BOT_NAMES
                .get(i - 1)
                .map_or(SeatKind::Human, |b| SeatKind::Ai(b.to_string())),
        }
    }

    /// The game this form describes.
    pub fn setup(&self, db: &CardDb) -> Result<GameSetup, String> {
        if self.mode == Mode::HighForm
            && let Some(why) = high_form_unavailable(db)
        {
            return Err(format!("High Form is unavailable: {why}"));
        }
        let n = self.players as usize;
        let decks = (0..n)
            .map(|i| {
                db.decks
                    .get(self.decks[i])
                    .map(|d| d.name.clone())
                    .ok_or_else(|| "no being decks are loaded".to_string())
            })
            .collect::<Result<Vec<_>, _>>()?;
        let seed = if self.seed.is_empty() {
            None
        } else {
            Some(
                self.seed
                    .parse::<u64>()
                    .map_err(|_| format!("`{}` is not a seed", self.seed))?,
            )
        };
        Ok(GameSetup {
            mode: self.mode,
            players: self.players,
            seats: (0..n).map(|i| self.kind(i)).collect(),
            decks,
            seed,
        })
    }

    fn value(&self, row: Row, db: &CardDb) -> String {
        match row {
            Row::Mode => match self.mode {
                Mode::Deathmatch => "Deathmatch".into(),
                Mode::HighForm => "High Form".into(),
            },
            Row::Players => {
                if self.mode == Mode::HighForm && self.players == 4 {
                    "4 (two teams)".into()
                } else {
                    self.players.to_string()
                }
            }
            Row::Player(s) => match self.kind(s) {
                SeatKind::Human => "a person at this keyboard".into(),
                SeatKind::Ai(name) => format!("AI: {name}"),
            },
            Row::Deck(s) => db
                .decks
                .get(self.decks[s])
                .map_or("(none)".into(), |d| d.name.clone()),
            Row::Seed => {
                if self.seed.is_empty() {
                    "random (type digits to fix one)".into()
                } else {
                    self.seed.clone()
                }
            }
            Row::Start => String::new(),
        }
    }

    fn label(&self, row: Row) -> String {
        let seat_colour = |s: usize| {
            let c = if self.mode == Mode::HighForm && self.players == 4 {
                s % 2
            } else {
                s
            };
            colour_name(Colour(c as u8))
        };
        match row {
            Row::Mode => "Form".into(),
            Row::Players => "Players".into(),
            Row::Player(s) => format!("Seat {} ({})", s + 1, seat_colour(s)),
            Row::Deck(s) => format!("  deck of seat {}", s + 1),
            Row::Seed => "Seed".into(),
            Row::Start => "Start the game".into(),
        }
    }
}

fn form_rect(area: Rect, rows: usize) -> Rect {
    let w = 70.min(area.width);
    let h = (rows as u16 + 8).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The form line under a position.
pub fn row_at(area: Rect, form: &FormState, x: u16, y: u16) -> Option<usize> {
    let r = Block::bordered().inner(form_rect(area, form.rows().len()));
    let rows = form.rows().len() as u16;
    let lines = Rect::new(r.x, r.y + 1, r.width, rows);
    lines
        .contains(Position::new(x, y))
        .then(|| (y - lines.y) as usize)
}

/// Draws the form.
pub fn render(frame: &mut Frame, area: Rect, form: &FormState, db: &CardDb, theme: &Theme) {
    let rows = form.rows();
    let outer = form_rect(area, rows.len());
    let mut lines = vec![Line::default()];
    for (i, row) in rows.iter().enumerate() {
        let selected = i == form.index;
        let style = if selected {
            theme.selected()
        } else {
            ratatui::style::Style::new()
        };
        let line = if *row == Row::Start {
            Line::from(Span::styled(
                format!("  ▶ {}  ", form.label(*row)),
                if selected {
                    theme.selected()
                } else {
                    theme.title()
                },
            ))
        } else {
            let value = form.value(*row, db);
            let arrows = if selected && *row != Row::Seed {
                ("‹ ", " ›")
            } else {
                ("  ", "  ")
            };
            Line::from(vec![
                Span::raw(format!("  {:<22}", form.label(*row))),
                Span::styled(format!("{}{value}{}", arrows.0, arrows.1), style),
            ])
        };
        lines.push(line);
    }
    lines.push(Line::default());
    if form.mode == Mode::Deathmatch
        && let Some(why) = high_form_unavailable(db)
    {
        lines.push(Line::styled(
            format!("  High Form is unavailable: {why}"),
            theme.muted(),
        ));
    }
    if let Some(note) = &form.note {
        lines.push(Line::styled(format!("  {note}"), theme.warn()));
    }
    lines.push(Line::styled(
        "  ↑↓ choose a line · ←→ change it · Enter on Start · Esc back",
        theme.muted(),
    ));
    frame.render_widget(
        Paragraph::new(lines).wrap(Wrap { trim: false }).block(
            Block::bordered()
                .border_style(theme.focus_border())
                .title(Span::styled("New game", theme.title())),
        ),
        outer,
    );
}
