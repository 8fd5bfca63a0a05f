//! Tash-Kalar's screen on the table: the arena, the hand, the decision and the log, how the keys
//! and clicks of a player reach every choice, and the words for choices and events.
//!
//! The shell hosts it (hot-seat passing, bots, hints, undo, saves, replays): this module holds
//! only the selection state of the person deciding and what is derived from the position.

pub mod interaction;
mod keys;
pub mod layout;
pub mod look;
pub mod narrate;
pub mod recap;
mod render;
pub mod rules;
pub mod setup;
pub mod widgets;
mod window;
pub mod words;

use super::engine::view::SeatView;
use super::engine::{Choice, DecisionKind, GameState, Seat};
use crate::shell::tui::keymap::Binding;
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{GameUi, Note, Outcome, TableView, step_in_list};
use ArenaAction as A;
use interaction::{
    DecisionModel, Focus, HandItem, Interaction, Stage, choices_at, hand_items, keep_letters,
    mentions, next_target, targets,
};
pub use keys::{ArenaAction, HAND_KEYS, KEYS, hand_key};
use ratatui::Frame;
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
pub use window::Window;

/// The arena screen: the selection of the person deciding, and what the screen derives from the
/// position after every change.
pub struct ArenaScreen {
    pub ui: Interaction,
    pub model: DecisionModel,
    /// What the viewer may see (or, when no hand may be shown, a view whose hand is never drawn).
    pub view: SeatView,
    pub items: Vec<HandItem>,
    /// Each seat's hand entries as last shown, so that every card keeps its letter while it
    /// stays in the hand (hot seat: every seat its own).
    letters: Vec<Vec<HandItem>>,
    /// What each hand entry can do now.
    pub tags: Vec<String>,
    /// What the highlighted choice of an effect step would do on the board (see
    /// [`interaction::outcome`]).
    pub preview: Option<(recap::Marks, crate::tashkalar::engine::bitboard::Bitboard)>,
    /// A window open over the screen.
    pub window: Option<Window>,
    /// How far the window's text is scrolled.
    pub window_scroll: u16,
}

/// The Tash-Kalar seat a table seat is.
pub fn seat(i: usize) -> Seat {
    Seat(i as u8)
}

impl ArenaScreen {
    /// Works out what the highlighted choice of an effect step would do: the option under the
    /// options cursor, or the board choice under the board cursor.
    fn update_preview(&mut self, state: &GameState) {
        self.preview = None;
        if !matches!(self.model.decision.kind, DecisionKind::Effect { .. }) {
            return;
        }
        let choice = match self.ui.focus {
            Focus::Options => self.model.options.get(self.ui.option_index).copied(),
            _ if self.ui.stage == Stage::Idle => {
                match choices_at(&self.model, Stage::Idle, self.ui.cursor).as_slice() {
                    [one] => Some(*one),
                    _ => None,
                }
            }
            _ => None,
        };
        self.preview = choice.and_then(|c| interaction::outcome(state, c));
    }

    /// A mouse event on the game screen (see [`GameUi::click`]).
    fn clicked(
        &mut self,
        view: &TableView<'_, Self>,
        area: Rect,
        event: &MouseEvent,
    ) -> Outcome<Choice> {
        use layout::GameHit;
        let (x, y) = (event.column, event.row);
        let click = matches!(event.kind, MouseEventKind::Down(MouseButton::Left));
        let right = matches!(event.kind, MouseEventKind::Down(MouseButton::Right));
        let up = matches!(event.kind, MouseEventKind::ScrollUp);
        let wheel = up || matches!(event.kind, MouseEventKind::ScrollDown);
        let Some(target) = layout::hit(self, view, area, x, y) else {
            return Outcome::Nothing;
        };
        if target == GameHit::Log {
            return match (wheel, up) {
                (true, true) => Outcome::ScrollLog(1),
                (true, false) => Outcome::ScrollLog(-1),
                _ => Outcome::Nothing,
            };
        }
        if !view.human_turn {
            return Outcome::Nothing;
        }
        match (target, click, right, wheel) {
            (GameHit::Square(sq), true, _, _) => {
                self.ui.focus = Focus::Board;
                let shown = self.ui.shown_stage(&self.items);
                if let Stage::Card(c) = shown {
                    self.ui.stage = Stage::Card(c);
                }
                if matches!(shown, Stage::Card(_)) && sq != self.ui.cursor {
                    // First click shows the pattern there; a second click summons.
                    self.ui.cursor = sq;
                    self.ui.cycle = 0;
                    Outcome::Nothing
                } else {
                    self.ui.cursor = sq;
                    self.input(view.game, A::Select)
                }
            }
            (GameHit::Square(sq), _, true, _) => {
                self.ui.focus = Focus::Board;
                if sq != self.ui.cursor {
                    self.ui.cursor = sq;
                    self.ui.cycle = 0;
                }
                self.input(view.game, A::Cycle)
            }
            (GameHit::Square(_), _, _, true) if up => self.input(view.game, A::CycleBack),
            (GameHit::Square(_), _, _, true) => self.input(view.game, A::Cycle),
            (GameHit::Hand(i), true, _, _) => {
                self.ui.focus = Focus::Hand;
                self.ui.hand_index = i;
                self.input(view.game, A::Select)
            }
            (GameHit::Option(i), true, _, _) => {
                self.ui.focus = Focus::Options;
                self.ui.option_index = i;
                self.input(view.game, A::Select)
            }
            _ => Outcome::Nothing,
        }
    }

    /// The highlighted hand entry.
    pub fn hand_item(&self) -> Option<HandItem> {
        self.items.get(self.ui.hand_index).copied()
    }

    /// A screen's action, with the guard on costly choices: a flare or a discard that a key
    /// leads to is only selected (the prompt says what it costs); Enter then confirms it.
    fn guarded(&mut self, state: &GameState, action: ArenaAction) -> Outcome<Choice> {
        let armed = self.ui.confirm.take();
        if let Some(c) = armed {
            match action {
                A::Select if self.model.choices.contains(&c) => {
                    self.ui.hint = None;
                    return Outcome::Apply(c);
                }
                A::Back => {
                    self.ui.hint = None;
                    return Outcome::Note(Note::info("cancelled: nothing was played or discarded"));
                }
                _ => {}
            }
        }
        let out = self.input(state, action);
        self.hold_costly(out, armed)
    }

    /// Holds back a costly choice that was not the one waiting for confirmation: it is
    /// selected instead of made.
    fn hold_costly(&mut self, out: Outcome<Choice>, armed: Option<Choice>) -> Outcome<Choice> {
        match out {
            Outcome::Apply(c) if interaction::is_costly(&c) && armed != Some(c) => {
                self.arm(c);
                Outcome::Nothing
            }
            out => out,
        }
    }

    /// Selects a costly choice, to be confirmed with Enter: its card is the one highlighted.
    fn arm(&mut self, choice: Choice) {
        self.ui.confirm = Some(choice);
        self.ui.stage = Stage::Idle;
        self.ui.cycle = 0;
        let card = match choice {
            Choice::Flare { card, .. } | Choice::Discard(card) => Some(card),
            _ => None,
        };
        if let Some(i) = self
            .items
            .iter()
            .position(|it| Some(it.card) == card && !it.frozen)
        {
            self.ui.hand_index = i;
        }
    }

    /// A screen's action on the deciding person's selection.
    fn input(&mut self, state: &GameState, action: ArenaAction) -> Outcome<Choice> {
        // A hint is taken with Enter, as long as the selection was not moved meanwhile.
        let hint = self.ui.hint.take();
        if action == A::Select
            && let Some(h) = hint.filter(|h| self.model.choices.contains(h))
        {
            return Outcome::Apply(h);
        }
        if let Some(window) = self.window {
            match action {
                A::Piles if window != Window::Piles => self.window = Some(Window::Piles),
                A::Score if window != Window::Score => self.window = Some(Window::Score),
                A::View | A::Back | A::Select | A::Piles | A::Score => self.window = None,
                A::Up => self.window_scroll = self.window_scroll.saturating_sub(1),
                A::Down => self.window_scroll = self.window_scroll.saturating_add(1).min(200),
                A::Left | A::Right if !self.items.is_empty() => {
                    let n = self.items.len();
                    let step = if action == A::Left { n - 1 } else { 1 };
                    self.ui.hand_index = (self.ui.hand_index + step) % n;
                    if let Some(item) = self.hand_item() {
                        self.window = Some(Window::Card(item.card));
                        self.window_scroll = 0;
                    }
                }
                // Anything else closes the window and does what it does.
                _ => {
                    self.window = None;
                    return self.input(state, action);
                }
            }
            return Outcome::Nothing;
        }
        let model = &self.model;
        match action {
            A::FocusNext | A::FocusPrev => {
                self.ui.focus = self.ui.focus.cycle(action == A::FocusNext, |f| match f {
                    Focus::Board => true,
                    Focus::Hand => !self.items.is_empty(),
                    Focus::Options => !model.options.is_empty(),
                });
                Outcome::Nothing
            }
            A::Up | A::Down | A::Left | A::Right => {
                let (df, dr) = match action {
                    A::Up => (0, 1),
                    A::Down => (0, -1),
                    A::Left => (-1, 0),
                    _ => (1, 0),
                };
                let back = dr > 0 || df < 0;
                match self.ui.focus {
                    Focus::Board => self.ui.move_cursor(df, dr),
                    Focus::Hand => step_in_list(&mut self.ui.hand_index, self.items.len(), back),
                    Focus::Options => {
                        step_in_list(&mut self.ui.option_index, model.options.len(), back)
                    }
                }
                Outcome::Nothing
            }
            A::Select => match self.ui.focus {
                Focus::Board => self.ui.select_square(state, model),
                Focus::Hand => match self.hand_item() {
                    Some(item) => self.ui.select_card(state, model, item),
                    None => Outcome::Nothing,
                },
                Focus::Options => match model.options.get(self.ui.option_index) {
                    Some(c) => Outcome::Apply(*c),
                    None => Outcome::Nothing,
                },
            },
            A::Option(k) => Outcome::numbered(&model.options, k),
            A::Cycle | A::CycleBack => {
                if self.ui.stage == Stage::Idle && self.ui.focus == Focus::Hand {
                    return match self.hand_item() {
                        Some(item) => self.ui.select_card(state, model, item),
                        None => Outcome::Nothing,
                    };
                }
                match self.ui.shown_stage(&self.items) {
                    Stage::Card(card) => self.ui.cycle_summon(model, card, action == A::Cycle),
                    stage => {
                        if let Some(sq) = next_target(targets(model, stage), self.ui.cursor) {
                            self.ui.cursor = sq;
                            self.ui.cycle = 0;
                        }
                    }
                }
                Outcome::Nothing
            }
            A::Card(n) => {
                let slot = (n as usize).saturating_sub(1);
                let Some(i) = self.items.iter().position(|it| it.slot == slot) else {
                    return Outcome::Note(Note::warn(format!(
                        "no card of your hand has the key {}",
                        hand_key(slot).unwrap_or('?')
                    )));
                };
                let item = self.items[i];
                if !item.frozen && self.ui.stage == Stage::Card(item.card) {
                    self.ui.cycle_summon(model, item.card, true);
                    return Outcome::Nothing;
                }
                // The letter highlights its card and nothing else: the keys stay in the panel
                // the player put them in (the card is marked in the hand list either way).
                self.ui.hand_index = i;
                self.ui.select_card(state, model, item)
            }
            A::Warp => {
                let warp = self
                    .hand_item()
                    .filter(|i| !i.frozen)
                    .map(|i| Choice::Warp(i.card))
                    .filter(|c| model.choices.contains(c));
                let any: Vec<Choice> = model
                    .choices
                    .iter()
                    .copied()
                    .filter(|c| matches!(c, Choice::Warp(_)))
                    .collect();
                match (warp, any.as_slice()) {
                    (Some(c), _) => Outcome::Apply(c),
                    (None, [c]) => Outcome::Apply(*c),
                    (None, []) => Outcome::Note(Note::warn(words::why_no_warp(state, model))),
                    (None, many) => Outcome::Popup("Play a warp effect".into(), many.to_vec()),
                }
            }
            A::View => {
                let card = match (self.ui.shown_stage(&self.items), &model.decision.kind) {
                    (Stage::Card(card), _) => Some(card),
                    (_, DecisionKind::Effect { card, .. }) if self.ui.focus != Focus::Hand => {
                        Some(*card)
                    }
                    _ => self.hand_item().map(|i| i.card),
                };
                match card {
                    Some(card) => {
                        self.window = Some(Window::Card(card));
                        self.window_scroll = 0;
                        Outcome::Nothing
                    }
                    None => Outcome::Note(Note::warn("no card to show: your hand is empty")),
                }
            }
            A::Piles | A::Score => {
                self.window = Some(if action == A::Piles {
                    Window::Piles
                } else {
                    Window::Score
                });
                self.window_scroll = 0;
                Outcome::Nothing
            }
            A::Skip => {
                if model.choices.contains(&Choice::Skip) {
                    Outcome::Apply(Choice::Skip)
                } else {
                    Outcome::Note(Note::warn("this step cannot be skipped"))
                }
            }
            A::EndTurn => {
                if model.choices.contains(&Choice::EndTurn) {
                    Outcome::Apply(Choice::EndTurn)
                } else {
                    let n = state.turn.actions_left;
                    let text = if n > 0
                        && matches!(
                            model.decision.kind,
                            crate::tashkalar::engine::DecisionKind::Action
                        ) {
                        format!(
                            "you still have {n} action{} and every action must be used (place, summon or discard)",
                            if n == 1 { "" } else { "s" }
                        )
                    } else {
                        format!("the turn cannot end now: {}", model.prompt.text)
                    };
                    Outcome::Note(Note::warn(text))
                }
            }
            A::Discard => {
                let item = self.hand_item();
                self.ui.discard(state, model, item)
            }
            A::Back => {
                if self.ui.stage != Stage::Idle {
                    self.ui.stage = Stage::Idle;
                    self.ui.cycle = 0;
                    Outcome::Note(Note::info("selection cancelled"))
                } else {
                    self.ui.focus = Focus::Board;
                    Outcome::Nothing
                }
            }
        }
    }
}

impl GameUi for ArenaScreen {
    type Game = GameState;
    type Narrator = narrate::Narrator;
    type Action = ArenaAction;
    const KEYS: &'static [Binding<ArenaAction>] = KEYS;

    fn new(view: &TableView<'_, Self>) -> ArenaScreen {
        let model = DecisionModel::new(view.game, view.seats);
        let seat_view = view.game.view(model.decision.seat);
        let mut screen = ArenaScreen {
            ui: Interaction::default(),
            model,
            view: seat_view,
            items: Vec::new(),
            letters: Vec::new(),
            tags: Vec::new(),
            preview: None,
            window: None,
            window_scroll: 0,
        };
        screen.refresh(view);
        screen
    }

    fn refresh(&mut self, view: &TableView<'_, Self>) {
        let state = view.game;
        self.model = DecisionModel::new(state, view.seats);
        let seen = view.viewer.map(seat).unwrap_or(self.model.decision.seat);
        self.view = state.view(seen);
        let highlighted = self.items.get(self.ui.hand_index).copied();
        self.items = match view.viewer {
            Some(viewer) => {
                if self.letters.len() <= viewer {
                    self.letters.resize(viewer + 1, Vec::new());
                }
                let items = keep_letters(&self.letters[viewer], hand_items(&self.view, state));
                self.letters[viewer] = items.clone();
                items
            }
            None => Vec::new(),
        };
        // The highlight stays on its card while the card is in the hand.
        if let Some(i) = highlighted.and_then(|h| {
            self.items
                .iter()
                .position(|it| it.card == h.card && it.frozen == h.frozen)
        }) {
            self.ui.hand_index = i;
        }
        let pending = self
            .view
            .pending
            .get(self.view.seat.index())
            .copied()
            .flatten();
        self.tags = self
            .items
            .iter()
            .map(|item| {
                let mut tags: Vec<&str> = Vec::new();
                if !item.frozen && pending == Some(item.card) {
                    tags.push("pending");
                }
                for c in self.model.choices.iter().filter(|c| mentions(c, item.card)) {
                    let tag = match c {
                        Choice::Summon { .. } => "summon",
                        Choice::Flare { .. } => "play",
                        Choice::Thaw(_) if item.frozen => "thaw",
                        Choice::Warp(_) if !item.frozen => "warp",
                        Choice::Return(_) => "return",
                        Choice::Keep(_) => "keep",
                        Choice::Card(_) => "choose",
                        _ => continue,
                    };
                    if !tags.contains(&tag) {
                        tags.push(tag);
                    }
                }
                tags.join(" · ")
            })
            .collect();
        if self.ui.hand_index >= self.items.len() {
            self.ui.hand_index = self.items.len().saturating_sub(1);
        }
        if view.human_turn {
            self.ui.reset_for(state, &self.model);
        } else {
            self.ui.reset_watching();
        }
        if self.ui.option_index >= self.model.options.len() {
            self.ui.option_index = 0;
        }
        self.update_preview(state);
    }

    fn available(&self, _view: &TableView<'_, Self>, action: ArenaAction) -> bool {
        let stage = self.ui.shown_stage(&self.items);
        let has = |c: Choice| self.model.choices.contains(&c);
        match action {
            A::Cycle | A::CycleBack => matches!(stage, Stage::Card(_)),
            A::Skip => has(Choice::Skip),
            A::EndTurn => has(Choice::EndTurn),
            A::Discard => self
                .model
                .choices
                .iter()
                .any(|c| matches!(c, Choice::Discard(_))),
            A::Option(_) => !self.model.options.is_empty(),
            A::Card(n) => self.items.iter().any(|it| it.slot + 1 == n as usize),
            A::Warp => self
                .model
                .choices
                .iter()
                .any(|c| matches!(c, Choice::Warp(_))),
            A::View => {
                self.window.is_some()
                    || !self.items.is_empty()
                    || matches!(self.model.decision.kind, DecisionKind::Effect { .. })
            }
            A::Piles | A::Score => true,
            A::Back => {
                self.window.is_some()
                    || self.ui.confirm.is_some()
                    || self.ui.stage != Stage::Idle
                    || self.ui.focus != Focus::Board
            }
            A::Up | A::Down | A::Left | A::Right | A::Select | A::FocusNext | A::FocusPrev => true,
        }
    }

    fn act(&mut self, view: &TableView<'_, Self>, action: ArenaAction) -> Outcome<Choice> {
        let out = self.guarded(view.game, action);
        self.update_preview(view.game);
        out
    }

    fn click(
        &mut self,
        view: &TableView<'_, Self>,
        area: Rect,
        event: &MouseEvent,
    ) -> Outcome<Choice> {
        let armed = self.ui.confirm.take();
        let out = self.clicked(view, area, event);
        let out = self.hold_costly(out, armed);
        self.update_preview(view.game);
        out
    }

    fn render(&self, frame: &mut Frame, area: Rect, view: &TableView<'_, Self>, theme: &Theme) {
        render::render(frame, area, self, view, theme);
    }

    fn describe(view: &TableView<'_, Self>, choice: &Choice) -> String {
        let state = view.game;
        words::describe_seen(state, view.seats, &state.decision(), choice, view.viewer)
    }

    fn select(&mut self, view: &TableView<'_, Self>, choice: &Choice) {
        let _ = view;
        self.window = None;
        // Whatever the selection shows, Enter takes exactly this choice (a costly one too: the
        // hint already said what it costs, and it took a key to ask for it).
        self.ui.hint = Some(*choice);
        self.ui.confirm = interaction::is_costly(choice).then_some(*choice);
        match *choice {
            Choice::Summon { card, target, .. } => {
                self.ui.stage = Stage::Card(card);
                self.ui.focus = Focus::Board;
                self.ui.cursor = target;
                let here = choices_at(&self.model, self.ui.stage, target);
                self.ui.cycle = here.iter().position(|c| c == choice).unwrap_or(0);
                if let Some(i) = self
                    .items
                    .iter()
                    .position(|it| it.card == card && !it.frozen)
                {
                    self.ui.hand_index = i;
                }
            }
            Choice::Move { from, to } => {
                self.ui.stage = Stage::MoveFrom(from);
                self.ui.focus = Focus::Board;
                self.ui.cursor = to;
            }
            Choice::Discard(card) => {
                self.ui.stage = Stage::Idle;
                if let Some(i) = self
                    .items
                    .iter()
                    .position(|it| it.card == card && !it.frozen)
                {
                    self.ui.focus = Focus::Hand;
                    self.ui.hand_index = i;
                }
            }
            other => {
                if let Some(sq) = interaction::board_square(&other) {
                    self.ui.stage = Stage::Idle;
                    self.ui.focus = Focus::Board;
                    self.ui.cursor = sq;
                } else if let Some(i) = self.model.options.iter().position(|c| *c == other) {
                    self.ui.stage = Stage::Idle;
                    self.ui.focus = Focus::Options;
                    self.ui.option_index = i;
                }
            }
        }
    }

    fn seat_colour(game: &GameState, seat_index: usize) -> usize {
        game.colour_of(seat(seat_index)).index()
    }
}
