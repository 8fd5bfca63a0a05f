//! Res Arcana's screen on the table: every seat's tableau and essences, the centre (Places of
//! Power, monuments, magic items), the viewer's hand, the decision with its choices, and the
//! log; the keys that walk and take the choices; the words for choices and events; the
//! new-game form and the rules pages.
//!
//! The shell hosts it (hot-seat passing, bots, hints, undo, saves, replays). The screen draws
//! from the observation of the seat looking, so it cannot show what that seat may not know.

pub mod decision;
pub mod layout;
pub mod narrate;
pub mod panels;
pub mod rules;
pub mod setup;
pub mod words;

use crate::resarcana::Essences;
use crate::resarcana::card::CardId;
use crate::resarcana::card::language::{Collect, PointsPer};
use crate::resarcana::decision::Choice;
use crate::resarcana::state::{Ask, Phase, ResArcana};
use crate::resarcana::{Db, ID};
use crate::shell::seats::Seats;
use crate::shell::tui::catalog::Entry;
use crate::shell::tui::keymap::{Binding, Key, WithDigit};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{GameUi, Note, Outcome, TableView, step_in_list};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use std::sync::Arc;

/// One line about the game, for the menu.
pub const BLURB: &str = "Mages race to 10 points with artifacts, monuments and Places of Power";

/// The game's name in big letters above its menu.
pub const BANNER: &[&str] = &[
    "█▀█ █▀▀ █▀▀   █▀█ █▀█ █▀▀ █▀█ █▄ █ █▀█",
    "█▀▄ ██▄ ▄▄█   █▀█ █▀▄ █▄▄ █▀█ █ ▀█ █▀█",
    "",
];

/// Res Arcana's entry in the table's catalog, playing with the components of `db`.
pub fn entry(db: Arc<Db>) -> Entry<RaScreen> {
    Entry {
        id: ID,
        blurb: BLURB,
        banner: BANNER,
        ctx: db,
        setup: None,
        rules: rules::pages,
    }
}

/// What the player asks of the Res Arcana screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RaAction {
    /// The highlight up the list in focus.
    Up,
    /// The highlight down.
    Down,
    /// Enter: take the highlighted choice (or place the highlighted card of the hand); what it
    /// does here names it in the key bar.
    Select(Verb),
    /// a: the rest of the seat's Collect step at once (the highlighted choice, then the first
    /// listed of each later Collect question).
    CollectAll,
    /// Tab: between the choices and the hand.
    Focus,
    /// Discard the highlighted card of the hand for essences.
    Discard,
    /// Pass for the round.
    Pass,
    /// Esc: back to the choices.
    Back,
    /// Choice 1-9 of the list.
    Option(u8),
}

/// What Enter does for the decision on screen, so that the key bar says it ("Enter pay").
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verb {
    /// An action of the turn.
    Act,
    /// A payment.
    Pay,
    /// A question of the Collect step.
    Collect,
    /// An answer to an attack.
    Answer,
    /// A pick: a mage, a magic item, a draft card, a target.
    Pick,
    /// Essences to take.
    Take,
    /// Anything else (an order, a deck, a victory reaction).
    Choose,
    /// In the hand: place the highlighted card.
    Place,
}

impl WithDigit for RaAction {
    fn with_digit(self, d: u8) -> RaAction {
        match self {
            RaAction::Option(_) => RaAction::Option(d),
            other => other,
        }
    }
}

use KeyCode as K;
use RaAction as A;

/// The Res Arcana screen's keys (the shell adds help, quit, undo, hints, the log and AI steps).
pub const KEYS: &[Binding<RaAction>] = &[
    Binding::game(
        &[Key::Code(K::Up), Key::Char('k')],
        A::Up,
        "up",
        Some("move"),
        "Move the highlight up the choices (or your hand, after Tab).",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Down), Key::Char('j')],
        A::Down,
        "down",
        Some("move"),
        "Move the highlight down.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Act),
        "act",
        None,
        "On your turn: take the highlighted action.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Pay),
        "pay",
        None,
        "Paying: pay the highlighted way.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Collect),
        "collect",
        None,
        "Collecting: take the highlighted choice of this Collect question.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Answer),
        "answer",
        None,
        "Attacked: answer with the highlighted reaction, defence or acceptance.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Pick),
        "pick",
        None,
        "Picking (a mage, a magic item, a card, a target): pick the highlighted one.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Take),
        "take",
        None,
        "Taking essences: take the highlighted mix.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Choose),
        "choose",
        None,
        "Take the highlighted choice.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select(Verb::Place),
        "place",
        None,
        "In your hand: place the highlighted artifact (an action).",
        true,
    ),
    Binding::game(
        &[Key::Char('a')],
        A::CollectAll,
        "collect all",
        None,
        "Collecting: answer this Collect question with the highlighted choice and every later \
         one of yours as its list would highlight it, at once (the panel shows the pool it ends \
         with).",
        true,
    ),
    Binding::game(
        &[Key::Options],
        A::Option(1),
        "choice",
        None,
        "Take choice 1-9 of the list.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Tab)],
        A::Focus,
        "hand",
        None,
        "Move between the choices and your hand (the highlighted card's text is shown).",
        true,
    ),
    Binding::game(
        &[Key::Char('x')],
        A::Discard,
        "discard",
        None,
        "Discard the highlighted card of your hand for 1 Gold or 2 other essences (an action).",
        true,
    ),
    Binding::game(
        &[Key::Char('p')],
        A::Pass,
        "pass",
        None,
        "Pass: no more actions this round (the first to pass takes the First Player token).",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Esc)],
        A::Back,
        "back",
        None,
        "Back from the hand to the choices.",
        true,
    ),
];

/// Where the arrows and Enter act.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum Focus {
    /// The list of choices.
    #[default]
    Choices,
    /// The viewer's hand.
    Hand,
}

/// The Res Arcana screen: what it derives from the position after every change, and the
/// highlight of the person deciding.
pub struct RaScreen {
    /// The game as the one looking knows it (public information only when nobody may look).
    pub seen: ResArcana,
    /// The choices of the decision, when the person deciding is looking (else empty).
    pub options: Vec<Choice>,
    /// The highlighted choice.
    pub selected: usize,
    /// The hand shown: the viewer's only.
    pub hand: Vec<CardId>,
    /// The highlighted card of the hand.
    pub hand_index: usize,
    /// Where the keys act.
    pub focus: Focus,
    /// The decision last seen, to tell a new one (the highlight then starts over).
    last: Option<(usize, u32, usize, Vec<Choice>)>,
}

/// The choice a decision's list highlights first: the first listed, except that essences lying
/// on a component that grows with them, scores them or spends them from there (Vault, Windup
/// Man, Athanor, Catacombs of the Dead...) are left there: taking them with a key pressed for
/// "the defaults" would undo what the player saved up.
pub fn suggested(g: &ResArcana) -> Option<Choice> {
    let legal = g.legal_list();
    if let Some(Ask::Stored(c)) = g.pending.map(|d| d.ask) {
        let def = g.db.get(c);
        let keeps = def
            .collect
            .iter()
            .any(|a| matches!(a, Collect::IfLeft { .. }))
            || def
                .points_per
                .iter()
                .any(|p| matches!(p, PointsPer::Stored(..)))
            || def
                .powers
                .iter()
                .any(|p| !Essences::from(p.cost.remove).is_zero());
        if keeps && legal.contains(&Choice::Leave) {
            return Some(Choice::Leave);
        }
    }
    legal.first().copied()
}

/// The rest of the deciding seat's Collect step answered at once: `first` now, then the
/// suggested choice of each later question of that seat's Collect (what the list would
/// highlight), in order, while that seat collects. Made on a copy of the game to learn the later questions;
/// the table makes them one by one (each recorded, each undoable).
pub fn collect_rest(g: &ResArcana, first: Choice) -> Vec<Choice> {
    let Some(seat) = g.pending.map(|d| d.seat) else {
        return Vec::new();
    };
    let mut g = g.clone();
    let mut out = Vec::new();
    let mut next = Some(first);
    // A Collect step asks a handful of questions per component: the bound only guards a loop.
    while let Some(c) = next.take() {
        if g.phase != Phase::Collect || out.len() >= 64 || g.apply(c).is_err() {
            break;
        }
        out.push(c);
        if g.phase == Phase::Collect && g.pending.is_some_and(|d| d.seat == seat) {
            next = suggested(&g);
        }
    }
    out
}

/// The game as `viewer` may see it: its observation; with nobody looking, the decider's, with
/// every Collect step under way shown as it began (so nobody's secret choices show).
pub fn seen_by(g: &ResArcana, viewer: Option<usize>) -> ResArcana {
    match viewer {
        Some(v) => g.observation(v),
        None => {
            let mut o = g.observation(g.seat_to_move());
            if o.phase == Phase::Collect && o.collect_start.len() == o.seats.len() {
                for (s, (pool, play)) in o.seats.iter_mut().zip(g.collect_start.iter()) {
                    s.pool = *pool;
                    s.play = play.clone();
                }
            }
            o
        }
    }
}

impl RaScreen {
    /// Whether a choice is legal now.
    fn can(&self, c: Choice) -> bool {
        self.options.contains(&c)
    }

    /// The card the details show: the highlighted card of the hand, or the one the highlighted
    /// choice is about.
    pub fn card_shown(&self) -> Option<CardId> {
        match self.focus {
            Focus::Hand => self.hand.get(self.hand_index).copied(),
            Focus::Choices => self
                .options
                .get(self.selected)
                .and_then(|c| words::choice_card(&self.seen, c)),
        }
    }

    /// What Enter does now.
    pub fn verb(&self) -> Verb {
        if self.focus == Focus::Hand {
            return Verb::Place;
        }
        let Some(d) = self.seen.pending else {
            return Verb::Choose;
        };
        match d.ask {
            _ if self.seen.phase == Phase::Collect => Verb::Collect,
            Ask::Action => Verb::Act,
            Ask::Pay(..) => Verb::Pay,
            Ask::LifeLoss(_) => Verb::Answer,
            Ask::Mage | Ask::Item | Ask::Swap | Ask::Draft | Ask::Target(_) | Ask::Rival { .. } => {
                Verb::Pick
            }
            Ask::Gain { .. } | Ask::DiscardGain | Ask::Convert { .. } => Verb::Take,
            _ => Verb::Choose,
        }
    }

    fn input(&mut self, game: &ResArcana, action: RaAction) -> Outcome<Choice> {
        match action {
            A::Up | A::Down => {
                let back = action == A::Up;
                match self.focus {
                    Focus::Choices => step_in_list(&mut self.selected, self.options.len(), back),
                    Focus::Hand => step_in_list(&mut self.hand_index, self.hand.len(), back),
                }
                Outcome::Nothing
            }
            A::Option(k) => Outcome::numbered(&self.options, k),
            A::Select(_) => match self.focus {
                Focus::Choices => match self.options.get(self.selected) {
                    Some(c) => Outcome::Apply(*c),
                    None => Outcome::Nothing,
                },
                Focus::Hand => match self.hand.get(self.hand_index) {
                    Some(&c) if self.can(Choice::Place(c)) => Outcome::Apply(Choice::Place(c)),
                    Some(&c) => Outcome::Note(Note::warn(format!(
                        "{} cannot be placed now (its cost, or not your action); x discards it",
                        self.seen.db.name(c)
                    ))),
                    None => Outcome::Nothing,
                },
            },
            A::CollectAll => match self.options.get(self.selected) {
                Some(&c) => Outcome::ApplyAll(collect_rest(game, c)),
                None => Outcome::Nothing,
            },
            A::Focus => {
                self.focus = match self.focus {
                    Focus::Choices if !self.hand.is_empty() => Focus::Hand,
                    _ => Focus::Choices,
                };
                Outcome::Nothing
            }
            A::Back => {
                self.focus = Focus::Choices;
                Outcome::Nothing
            }
            A::Pass => {
                if self.can(Choice::Pass) {
                    Outcome::Apply(Choice::Pass)
                } else {
                    Outcome::Note(Note::warn("passing is an action, on your turn"))
                }
            }
            A::Discard => match self.hand.get(self.hand_index) {
                Some(&c) if self.focus == Focus::Hand && self.can(Choice::Discard(c)) => {
                    Outcome::Apply(Choice::Discard(c))
                }
                Some(_) if self.focus != Focus::Hand => Outcome::Note(Note::warn(
                    "highlight the card to discard in your hand first (Tab)",
                )),
                _ => Outcome::Note(Note::warn("discarding is an action, on your turn")),
            },
        }
    }
}

impl GameUi for RaScreen {
    type Game = ResArcana;
    type Narrator = narrate::Narrator;
    type Action = RaAction;
    const KEYS: &'static [Binding<RaAction>] = KEYS;

    fn new(view: &TableView<'_, Self>) -> RaScreen {
        let mut screen = RaScreen {
            seen: seen_by(view.game, view.viewer),
            options: Vec::new(),
            selected: 0,
            hand: Vec::new(),
            hand_index: 0,
            focus: Focus::Choices,
            last: None,
        };
        screen.refresh(view);
        screen
    }

    fn refresh(&mut self, view: &TableView<'_, Self>) {
        let g = view.game;
        self.seen = seen_by(g, view.viewer);
        // The choices are listed only to the person deciding: they may name the hand.
        let deciding = view.decider().is_some() && view.viewer == view.decider();
        self.options = if deciding && view.replay.is_none() {
            g.legal_list()
        } else {
            Vec::new()
        };
        self.hand = view
            .viewer
            .and_then(|v| self.seen.seats.get(v))
            .map(|s| s.hand.clone())
            .unwrap_or_default();
        let key = (
            g.seat_to_move(),
            g.turn,
            g.tasks.len(),
            self.options.clone(),
        );
        if self.last.as_ref() != Some(&key) {
            self.selected = g
                .pending
                .filter(|_| !self.options.is_empty())
                .and_then(|_| suggested(g))
                .and_then(|c| self.options.iter().position(|o| *o == c))
                .unwrap_or(0);
            self.focus = Focus::Choices;
        }
        self.last = Some(key);
        self.selected = self.selected.min(self.options.len().saturating_sub(1));
        self.hand_index = self.hand_index.min(self.hand.len().saturating_sub(1));
        if self.hand.is_empty() {
            self.focus = Focus::Choices;
        }
    }

    fn available(&self, _view: &TableView<'_, Self>, action: RaAction) -> bool {
        match action {
            A::Up | A::Down => match self.focus {
                Focus::Choices => self.options.len() > 1,
                Focus::Hand => self.hand.len() > 1,
            },
            A::Select(verb) => {
                let any = match self.focus {
                    Focus::Choices => !self.options.is_empty(),
                    Focus::Hand => !self.hand.is_empty(),
                };
                any && verb == self.verb()
            }
            A::CollectAll => self.seen.phase == Phase::Collect && !self.options.is_empty(),
            A::Option(_) => !self.options.is_empty(),
            A::Focus => !self.hand.is_empty(),
            // x acts on the highlighted card of the hand, so it is offered there.
            A::Discard => {
                self.focus == Focus::Hand
                    && self.options.iter().any(|c| matches!(c, Choice::Discard(_)))
            }
            A::Pass => self.can(Choice::Pass),
            A::Back => self.focus == Focus::Hand,
        }
    }

    fn act(&mut self, view: &TableView<'_, Self>, action: RaAction) -> Outcome<Choice> {
        self.input(view.game, action)
    }

    fn click(
        &mut self,
        view: &TableView<'_, Self>,
        area: Rect,
        event: &MouseEvent,
    ) -> Outcome<Choice> {
        use layout::Hit;
        let Some(hit) = layout::hit(self, view, area, event.column, event.row) else {
            return Outcome::Nothing;
        };
        match (hit, event.kind) {
            (Hit::Log, MouseEventKind::ScrollUp) => Outcome::ScrollLog(1),
            (Hit::Log, MouseEventKind::ScrollDown) => Outcome::ScrollLog(-1),
            (Hit::Option(i), MouseEventKind::Down(MouseButton::Left)) if view.human_turn => {
                self.focus = Focus::Choices;
                self.selected = i;
                self.input(view.game, A::Select(Verb::Choose))
            }
            (Hit::Hand(i), MouseEventKind::Down(MouseButton::Left)) => {
                self.focus = Focus::Hand;
                self.hand_index = i;
                Outcome::Nothing
            }
            _ => Outcome::Nothing,
        }
    }

    fn render(&self, frame: &mut Frame, area: Rect, view: &TableView<'_, Self>, theme: &Theme) {
        layout::render(frame, area, self, view, theme);
    }

    fn describe(view: &TableView<'_, Self>, choice: &Choice) -> String {
        let viewer = if view.every_hand {
            view.decider()
        } else {
            view.viewer
        };
        words::describe(view.game, view.seats, viewer, choice)
    }

    fn select(&mut self, _view: &TableView<'_, Self>, choice: &Choice) {
        if let Some(i) = self.options.iter().position(|c| c == choice) {
            self.focus = Focus::Choices;
            self.selected = i;
        }
    }

    fn seat_colour(_game: &ResArcana, seat: usize) -> usize {
        seat
    }

    /// Every decision of Res Arcana shows the deciding seat's hand (and a Collect step's or a
    /// mage's choices are secret), so each seat's turn at the keyboard waits behind the pass
    /// screen: a rival's Life-loss answer out of turn too.
    fn hides_something(_game: &ResArcana, _seat: usize) -> bool {
        true
    }

    /// A Life loss is answered out of turn: the pass screen names the attack, so the person
    /// called knows why it is them before they look.
    fn pass_reason(game: &ResArcana, seat: usize, seats: &Seats) -> Option<String> {
        match game.pending {
            Some(d) if d.seat as usize == seat => match d.ask {
                Ask::LifeLoss(attack) => Some(format!(
                    "{} attacks you with {}: answer it, out of turn.",
                    seats.name(attack.attacker as usize),
                    game.db.name(attack.card),
                )),
                _ => None,
            },
            _ => None,
        }
    }
}
