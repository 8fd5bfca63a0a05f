//! The new-game form: the game's own settings (its [`SetupForm`]), who plays each seat (a
//! person, or a bot from [`ai::BOT_NAMES`]), and a seed.

use crate::shell::ai;
use crate::shell::quote;
use crate::shell::seats::{SeatKind, default_bot};
use crate::shell::tui::catalog::{FormRow, SetupForm};
use crate::shell::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use std::cell::Cell;

/// One line of the form as the shell handles it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Row {
    /// Row `i` of the game's settings (which may be a seat's player).
    Game(usize),
    Seed,
    Start,
}

/// The form's values.
pub struct FormState {
    /// The game's name ("Tash-Kalar").
    pub title: String,
    pub setup: Box<dyn SetupForm>,
    pub index: usize,
    /// Per seat: 0 = a person, i = the bot `ai::BOT_NAMES[i - 1]`.
    pub kinds: Vec<usize>,
    /// Digits typed; empty means a random seed.
    pub seed: String,
    /// Why the last change or start was refused.
    pub note: Option<String>,
    /// What a seat played by a person is called: one at this keyboard, or (on a served table)
    /// whoever connects to it.
    pub person: &'static str,
    /// The widest the form has been drawn. It grows to fit a long value and does not shrink
    /// back, so that cycling through a setting's values does not make the form jump.
    width: Cell<u16>,
}

/// A person's seat at a local game.
pub const PERSON_HERE: &str = "a person at this keyboard";
/// A person's seat at a table served over SSH: the opener takes the first, friends the others
/// with their codes.
pub const PERSON_SERVED: &str = "a person (you or a friend)";

/// The form's narrowest width, borders included: room for its key line.
const MIN_WIDTH: u16 = 74;
/// The narrowest label column.
const MIN_LABEL: usize = 24;

/// Most digits a seed may have (fits in u64).
const SEED_DIGITS: usize = 18;

/// How a bot is named to a player: "AI: Normal" for the search levels.
pub fn bot_label(name: &str) -> String {
    match name.strip_prefix("mcts:") {
        Some(level) => {
            let mut c = level.chars();
            let cap: String = c
                .next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default();
            format!("AI: {cap}")
        }
        None => format!("AI: {name} (reference)"),
    }
}

impl FormState {
    /// A fresh form for a game: seat 1 a person, the others the default AI.
    pub fn new(title: &str, setup: Box<dyn SetupForm>) -> FormState {
        let bot = ai::BOT_NAMES
            .iter()
            .position(|b| *b == default_bot())
            .map_or(0, |i| i + 1);
        let mut kinds = vec![bot; 8];
        kinds[0] = 0;
        FormState {
            title: title.to_string(),
            setup,
            index: 0,
            kinds,
            seed: String::new(),
            note: None,
            person: PERSON_HERE,
            width: Cell::new(MIN_WIDTH),
        }
    }

    /// The lines of the form, in order.
    pub fn rows(&self) -> Vec<Row> {
        let mut rows: Vec<Row> = (0..self.setup.rows().len()).map(Row::Game).collect();
        rows.push(Row::Seed);
        rows.push(Row::Start);
        rows
    }

    /// The highlighted line.
    pub fn row(&self) -> Row {
        self.rows().get(self.index).copied().unwrap_or(Row::Start)
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
    pub fn change(&mut self, delta: i32) {
        self.note = None;
        let Row::Game(i) = self.row() else {
            return;
        };
        let game_rows = self.setup.rows();
        match game_rows.get(i) {
            Some(FormRow::Seat(seat)) => {
                if let Some(k) = self.kinds.get_mut(*seat) {
                    let n = ai::BOT_NAMES.len() as i32 + 1;
                    *k = (*k as i32 + delta).rem_euclid(n) as usize;
                }
            }
            Some(FormRow::Option { .. }) => {
                if let Err(why) = self.setup.change(i, delta) {
                    self.note = Some(why);
                }
                // Rows may come and go (fewer players): keep the highlight on the form.
                self.index = self.index.min(self.rows().len() - 1);
            }
            None => {}
        }
    }

    /// A digit typed: the seed is the form's only text, so digits go there (and the highlight
    /// moves to the seed line) from any line.
    pub fn digit(&mut self, d: u8) {
        if d > 9 {
            return;
        }
        if let Some(i) = self.rows().iter().position(|r| *r == Row::Seed) {
            self.index = i;
        }
        if self.seed.len() < SEED_DIGITS {
            self.seed.push(char::from(b'0' + d));
        }
    }

    /// Backspace: erases the seed's last digit.
    pub fn erase(&mut self) {
        self.seed.pop();
    }

    /// Who plays each seat.
    pub fn seats(&self) -> Vec<SeatKind> {
        (0..self.setup.players())
            .map(|s| match self.kinds.get(s).copied().unwrap_or(0) {
                0 => SeatKind::Human,
                i => ai::BOT_NAMES
                    .get(i - 1)
                    .map_or(SeatKind::Human, |b| SeatKind::Bot(b.to_string())),
            })
            .collect()
    }

    /// The seed typed, or `None` for a fresh one.
    pub fn seed(&self) -> Result<Option<u64>, String> {
        if self.seed.is_empty() {
            return Ok(None);
        }
        self.seed
            .parse::<u64>()
            .map(Some)
            .map_err(|_| format!("`{}` is not a seed", self.seed))
    }

    fn line(&self, row: Row) -> (String, String) {
        match row {
            Row::Game(i) => match self.setup.rows().get(i) {
                Some(FormRow::Option { label, value }) => (label.clone(), value.clone()),
                Some(FormRow::Seat(seat)) => {
                    let (name, _) = self.setup.seat(*seat);
                    let value = match self.seats().get(*seat) {
                        Some(SeatKind::Bot(b)) => bot_label(b),
                        _ => self.person.to_string(),
                    };
                    (format!("Seat {} ({name})", seat + 1), value)
                }
                None => (String::new(), String::new()),
            },
            Row::Seed => (
                "Seed".into(),
                if self.seed.is_empty() {
                    "random (type digits to fix one)".into()
                } else {
                    self.seed.clone()
                },
            ),
            Row::Start => ("Start the game".into(), String::new()),
        }
    }
}

/// A seed from the clock, for games nobody asked to reproduce.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    // Spread the bits so seeds taken close together differ everywhere (splitmix64 finaliser).
    let mut z = nanos.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) % 1_000_000_000
}

/// The width of the form's label column: its longest label (a game's option may be long).
fn label_width(form: &FormState) -> usize {
    form.rows()
        .iter()
        .filter(|r| **r != Row::Start)
        .map(|r| form.line(*r).0.chars().count())
        .max()
        .unwrap_or(0)
        .max(MIN_LABEL)
}

/// Where the form is drawn in `area`: wide enough for every line it shows now (and has shown),
/// as the area allows, and centred.
fn form_rect(area: Rect, form: &FormState) -> Rect {
    let rows = form.rows();
    let label_w = label_width(form);
    // "  label  ‹ value › " inside the borders.
    let widest = rows
        .iter()
        .filter(|r| **r != Row::Start)
        .map(|r| 2 + label_w + 4 + form.line(*r).1.chars().count() + 3)
        .max()
        .unwrap_or(0);
    let wanted = (widest.min(u16::MAX as usize) as u16).max(form.width.get());
    form.width.set(wanted);
    let w = wanted.min(area.width);
    let h = (rows.len() as u16 + 8).min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// The form line under a position.
pub fn row_at(area: Rect, form: &FormState, x: u16, y: u16) -> Option<usize> {
    let n = form.rows().len();
    let r = Block::bordered().inner(form_rect(area, form));
    let lines = Rect::new(r.x, r.y + 1, r.width, n as u16);
    lines
        .contains(Position::new(x, y))
        .then(|| (y - lines.y) as usize)
}

/// Draws the form.
pub fn render(frame: &mut Frame, area: Rect, form: &FormState, theme: &Theme) {
    let rows = form.rows();
    let outer = form_rect(area, form);
    let mut lines = vec![Line::default()];
    let label_w = label_width(form);
    // A line never wraps (the rows would no longer be one a line, nor where a click finds
    // them): on a terminal too narrow for a value, the value is cut.
    let room = (outer.width as usize).saturating_sub(2 + 2 + label_w + 4);
    for (i, row) in rows.iter().enumerate() {
        let selected = i == form.index;
        let (label, value) = form.line(*row);
        let line = if *row == Row::Start {
            Line::from(Span::styled(
                format!("  ▶ {label}  "),
                if selected {
                    theme.selected()
                } else {
                    theme.title()
                },
            ))
        } else {
            let style = if selected {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            let arrows = if selected && *row != Row::Seed {
                ("‹ ", " ›")
            } else {
                ("  ", "  ")
            };
            Line::from(vec![
                Span::raw(format!("  {label:<label_w$}")),
                Span::styled(
                    format!("{}{}{}", arrows.0, quote::cut(&value, room), arrows.1),
                    style,
                ),
            ])
        };
        lines.push(line);
    }
    lines.push(Line::default());
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
                .title(Span::styled(
                    format!("New game of {}", form.title),
                    theme.title(),
                )),
        ),
        outer,
    );
}
