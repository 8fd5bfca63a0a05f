//! High Ground's screen on the table: the board of cards with their stacks of pyramids, the
//! players, the die, the hand, the decision and the log; how the keys and clicks of a player
//! reach every choice; and the words for choices and events.
//!
//! The shell hosts it (hot-seat passing, bots, hints, undo, saves, replays): this module holds
//! only the selection of the person deciding and what is derived from the position.

pub mod board;
pub mod interaction;
pub mod layout;
pub mod narrate;
pub mod panels;
pub mod rules;
pub mod setup;
pub mod words;

use crate::highground::card::Card;
use crate::highground::decision::Choice;
use crate::highground::pos::Pos;
use crate::highground::state::{HighGround, Pending};
use crate::shell::tui::keymap::{Binding, Key, WithDigit};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{GameUi, Note, Outcome, TableView, step_in_list};
use board::Extent;
use interaction::{DecisionModel, Focus, Interaction, Stage, next_target, targets};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

/// What the player asks of the High Ground screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HgAction {
    Up,
    Down,
    Left,
    Right,
    /// Enter: take the place under the cursor, the highlighted card or option.
    Select,
    /// Esc: cancel the selection.
    Back,
    FocusNext,
    FocusPrev,
    /// The cursor to the next highlighted place.
    NextTarget,
    Roll,
    Draw,
    /// Discard the highlighted card.
    Discard,
    /// Stop (a move, playing cards, after a HOP) or leave the die unused.
    Stop,
    /// Option 1-9 of the decision panel.
    Option(u8),
}

impl WithDigit for HgAction {
    fn with_digit(self, d: u8) -> HgAction {
        match self {
            HgAction::Option(_) => HgAction::Option(d),
            other => other,
        }
    }
}

use HgAction as A;
use KeyCode as K;

/// The High Ground screen's keys (the shell adds help, quit, undo, hints, the log and AI steps).
pub const KEYS: &[Binding<HgAction>] = &[
    Binding::game(
        &[Key::Code(K::Left), Key::Char('h')],
        A::Left,
        "left",
        Some("move"),
        "Move the cursor west on the board, or along your hand and the options.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Down), Key::Char('j')],
        A::Down,
        "down",
        Some("move"),
        "Move the cursor south.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Up), Key::Char('k')],
        A::Up,
        "up",
        Some("move"),
        "Move the cursor north.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Right), Key::Char('l')],
        A::Right,
        "right",
        Some("move"),
        "Move the cursor east.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select,
        "choose",
        None,
        "Take the place under the cursor (a pyramid to move, where it goes, where a card goes), or the highlighted card or option. Several things there: a list opens.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Tab)],
        A::FocusNext,
        "panels",
        None,
        "Move between the board, your hand and the options of the decision.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::BackTab)],
        A::FocusPrev,
        "back",
        None,
        "Move between the panels in the other direction.",
        false,
    ),
    Binding::game(
        &[Key::Char(' '), Key::Char('n')],
        A::NextTarget,
        "next place",
        None,
        "Put the cursor on the next highlighted place.",
        true,
    ),
    Binding::game(
        &[Key::Char('r')],
        A::Roll,
        "roll",
        None,
        "Roll the die (a whole turn's action).",
        true,
    ),
    Binding::game(
        &[Key::Char('d')],
        A::Draw,
        "draw",
        None,
        "Draw up to your hand's size (after any discards); the turn ends.",
        true,
    ),
    Binding::game(
        &[Key::Char('x')],
        A::Discard,
        "discard",
        None,
        "Discard the highlighted card of your hand (then more, or draw).",
        true,
    ),
    Binding::game(
        &[Key::Char('s')],
        A::Stop,
        "stop",
        None,
        "Stop: end a move here, stop playing cards, stay after a HOP, or leave the die unused.",
        true,
    ),
    Binding::game(
        &[Key::Options],
        A::Option(1),
        "option",
        None,
        "Take option 1-9 of the decision panel.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Esc)],
        A::Back,
        "cancel",
        None,
        "Cancel the selection (a card or pyramid picked).",
        true,
    ),
];

/// The High Ground screen: the selection of the person deciding, and what the screen derives
/// from the position after every change.
pub struct HgScreen {
    pub ui: Interaction,
    pub model: DecisionModel,
    /// The hand shown: the viewer's (empty when no hand may be shown).
    pub hand: Vec<Card>,
    /// Where other seats' last turns acted: (place, seat).
    pub marks: Vec<(Pos, usize)>,
    /// The decision last seen (seat, what it is, turn, how many choices), to tell a new one:
    /// the pending decision whole, so that each step of a move is a new one (and the cursor
    /// goes on to where the pyramid can step next).
    seen: Option<(usize, Pending, u32, usize)>,
}

impl HgScreen {
    /// Whether a choice is legal now.
    fn can(&self, c: Choice) -> bool {
        self.model.choices.contains(&c)
    }

    fn bounds(g: &HighGround) -> (i8, i8, i8, i8) {
        Extent::of(g).bounds()
    }

    fn input(&mut self, v: &TableView<'_, Self>, action: HgAction) -> Outcome<Choice> {
        let g = v.game;
        match action {
            A::FocusNext | A::FocusPrev => {
                self.ui.focus = self.ui.focus.cycle(action == A::FocusNext, |f| match f {
                    Focus::Board => true,
                    Focus::Hand => !self.hand.is_empty(),
                    Focus::Options => !self.model.options.is_empty(),
                });
                Outcome::Nothing
            }
            A::Up | A::Down | A::Left | A::Right => {
                let (dx, dy) = match action {
                    A::Up => (0, 1),
                    A::Down => (0, -1),
                    A::Left => (-1, 0),
                    _ => (1, 0),
                };
                let back = dy > 0 || dx < 0;
                match self.ui.focus {
                    Focus::Board => self.ui.move_cursor(dx, dy, Self::bounds(g)),
                    Focus::Hand => step_in_list(&mut self.ui.hand_index, self.hand.len(), back),
                    Focus::Options => {
                        step_in_list(&mut self.ui.option_index, self.model.options.len(), back)
                    }
                }
                Outcome::Nothing
            }
            A::Select => match self.ui.focus {
                Focus::Board => self.ui.select_place(g, v.seats, &self.model),
                Focus::Hand => match self.hand.get(self.ui.hand_index) {
                    Some(card) => self.ui.select_card(g, &self.model, *card),
                    None => Outcome::Nothing,
                },
                Focus::Options => match self.model.options.get(self.ui.option_index) {
                    Some(c) => Outcome::Apply(*c),
                    None => Outcome::Nothing,
                },
            },
            A::Option(k) => Outcome::numbered(&self.model.options, k),
            A::NextTarget => {
                let list = targets(g, &self.model, layout::shown_stage(self));
                if let Some(p) = next_target(&list, self.ui.cursor) {
                    self.ui.cursor = p;
                    if self.ui.focus != Focus::Hand {
                        self.ui.focus = Focus::Board;
                    }
                }
                Outcome::Nothing
            }
            A::Roll => self.direct(
                Choice::Roll,
                "the die can only be rolled as a turn's action",
            ),
            A::Draw => self.direct(
                Choice::Draw,
                "drawing needs room in your hand, at the start of a turn or after discarding",
            ),
            A::Stop => {
                if self.can(Choice::Stop) {
                    Outcome::Apply(Choice::Stop)
                } else if self.can(Choice::Pass) {
                    Outcome::Apply(Choice::Pass)
                } else {
                    Outcome::Note(Note::warn(match g.pending() {
                        Pending::Moving { .. } => {
                            "the move has to go somewhere first (step or attack)"
                        }
                        Pending::Die(_) => "a HOP must be used when it can be",
                        _ => "there is nothing to stop now",
                    }))
                }
            }
            A::Discard => match self.hand.get(self.ui.hand_index) {
                Some(card) if self.can(Choice::Discard(*card)) => {
                    Outcome::Apply(Choice::Discard(*card))
                }
                Some(_) if self.ui.focus != Focus::Hand => Outcome::Note(Note::warn(
                    "pick the card to discard in your hand first (Tab)",
                )),
                _ => Outcome::Note(Note::warn(
                    "cards are discarded as a turn's action (then more, then draw)",
                )),
            },
            A::Back => {
                if self.ui.stage != Stage::Idle {
                    self.ui.stage = Stage::Idle;
                    Outcome::Note(Note::info("selection cancelled"))
                } else {
                    self.ui.focus = Focus::Board;
                    Outcome::Nothing
                }
            }
        }
    }

    fn direct(&self, c: Choice, why: &str) -> Outcome<Choice> {
        if self.can(c) {
            Outcome::Apply(c)
        } else {
            Outcome::Note(Note::warn(format!("Not now: {why}")))
        }
    }
}

impl GameUi for HgScreen {
    type Game = HighGround;
    type Narrator = narrate::Narrator;
    type Action = HgAction;
    const KEYS: &'static [Binding<HgAction>] = KEYS;

    fn new(view: &TableView<'_, Self>) -> HgScreen {
        let mut screen = HgScreen {
            ui: Interaction::default(),
            model: DecisionModel::default(),
            hand: Vec::new(),
            marks: Vec::new(),
            seen: None,
        };
        screen.refresh(view);
        screen
    }

    fn refresh(&mut self, view: &TableView<'_, Self>) {
        let g = view.game;
        self.model = DecisionModel::new(g);
        // Only the hand of the seat looking, never another's.
        self.hand = view.viewer.map(|s| g.hand(s).to_vec()).unwrap_or_default();
        if self.ui.hand_index >= self.hand.len() {
            self.ui.hand_index = self.hand.len().saturating_sub(1);
        }
        let seen = Some((
            g.seat_to_move(),
            g.pending().clone(),
            g.turn_number(),
            self.model.choices.len(),
        ));
        let new_decision = seen != self.seen;
        self.seen = seen;
        self.ui.reset_for(g, &self.model, new_decision);
        let (w, e, s, n) = Self::bounds(g);
        self.ui.cursor = Pos::new(self.ui.cursor.x.clamp(w, e), self.ui.cursor.y.clamp(s, n));
        // Mark what the other seats did in their last turns (the one looking knows its own).
        self.marks = (0..g.players())
            .filter(|s| Some(*s) != view.viewer || view.replay.is_some())
            .filter_map(|s| view.narrator.last_turn(s).map(|t| (s, t)))
            .flat_map(|(s, t)| t.at.iter().map(move |p| (*p, s)))
            .collect();
    }

    fn available(&self, view: &TableView<'_, Self>, action: HgAction) -> bool {
        let g = view.game;
        match action {
            A::Roll => self.can(Choice::Roll),
            A::Draw => self.can(Choice::Draw),
            A::Stop => self.can(Choice::Stop) || self.can(Choice::Pass),
            A::Discard => self
                .model
                .choices
                .iter()
                .any(|c| matches!(c, Choice::Discard(_))),
            A::Option(_) => !self.model.options.is_empty(),
            A::NextTarget => !targets(g, &self.model, layout::shown_stage(self)).is_empty(),
            A::Back => self.ui.stage != Stage::Idle || self.ui.focus != Focus::Board,
            A::FocusNext | A::FocusPrev => !self.hand.is_empty() || !self.model.options.is_empty(),
            A::Up | A::Down | A::Left | A::Right | A::Select => true,
        }
    }

    fn act(&mut self, view: &TableView<'_, Self>, action: HgAction) -> Outcome<Choice> {
        self.input(view, action)
    }

    fn click(
        &mut self,
        view: &TableView<'_, Self>,
        area: Rect,
        event: &MouseEvent,
    ) -> Outcome<Choice> {
        use layout::GameHit;
        let click = matches!(event.kind, MouseEventKind::Down(MouseButton::Left));
        let up = matches!(event.kind, MouseEventKind::ScrollUp);
        let wheel = up || matches!(event.kind, MouseEventKind::ScrollDown);
        let Some(target) = layout::hit(self, view, area, event.column, event.row) else {
            return Outcome::Nothing;
        };
        if target == GameHit::Log {
            return match (wheel, up) {
                (true, true) => Outcome::ScrollLog(1),
                (true, false) => Outcome::ScrollLog(-1),
                _ => Outcome::Nothing,
            };
        }
        if !view.human_turn || !click {
            return Outcome::Nothing;
        }
        match target {
            GameHit::Place(pos) => {
                // A card highlighted in the hand goes where the click is.
                if let Stage::Card(card) = layout::shown_stage(self) {
                    self.ui.stage = Stage::Card(card);
                }
                self.ui.focus = Focus::Board;
                self.ui.cursor = pos;
                self.input(view, A::Select)
            }
            GameHit::Hand(i) => {
                self.ui.focus = Focus::Hand;
                self.ui.hand_index = i;
                self.input(view, A::Select)
            }
            GameHit::Option(i) => {
                self.ui.focus = Focus::Options;
                self.ui.option_index = i;
                self.input(view, A::Select)
            }
            GameHit::Log => Outcome::Nothing,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, view: &TableView<'_, Self>, theme: &Theme) {
        layout::render(frame, area, self, view, theme);
    }

    fn describe(view: &TableView<'_, Self>, choice: &Choice) -> String {
        words::describe(view.game, view.seats, choice)
    }

    fn select(&mut self, view: &TableView<'_, Self>, choice: &Choice) {
        let g = view.game;
        match *choice {
            Choice::Play(card, pos) => {
                self.ui.stage = Stage::Card(card);
                self.ui.focus = Focus::Board;
                self.ui.cursor = pos;
                if let Some(i) = self.hand.iter().position(|c| *c == card) {
                    self.ui.hand_index = i;
                }
            }
            Choice::Discard(card) => {
                if let Some(i) = self.hand.iter().position(|c| *c == card) {
                    self.ui.focus = Focus::Hand;
                    self.ui.hand_index = i;
                }
            }
            other => {
                if let Some(i) = self.model.options.iter().position(|c| *c == other) {
                    self.ui.stage = Stage::Idle;
                    self.ui.focus = Focus::Options;
                    self.ui.option_index = i;
                } else if let Some(pos) = interaction::anchor(g, Stage::Idle, &other) {
                    self.ui.stage = Stage::Idle;
                    self.ui.focus = Focus::Board;
                    self.ui.cursor = pos;
                }
            }
        }
    }

    /// The setup hides nothing (no hand is dealt until the Kings are placed, and the card
    /// being laid is face up): no pass screen before each placement.
    fn hides_something(game: &HighGround, _seat: usize) -> bool {
        !game.in_setup()
    }

    fn seat_colour(_game: &HighGround, seat: usize) -> usize {
        seat
    }
}
