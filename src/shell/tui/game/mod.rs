//! The game screen's state: the session (game, seats, log), what the pending decision offers, the
//! player's selection, whose hand may be shown, and the AI's progress. No terminal here.

pub mod interaction;
pub mod narrate;
pub mod replay;
pub mod seats;
pub mod session;
pub mod words;

use crate::tashkalar::engine::view::SeatView;
use crate::tashkalar::engine::{Choice, Seat};
use interaction::{DecisionModel, HandItem, Interaction, hand_items, mentions};
use session::GameSession;
use std::time::Instant;

/// Where the AI is in its turn.
#[derive(Clone, Debug, Default)]
pub struct AiProgress {
    /// The request being thought about (its ticket).
    pub waiting: Option<u64>,
    /// When the current request was sent (for the "thinking" display).
    pub since: Option<Instant>,
    /// The next AI step waits until then, so people can follow each step.
    pub resume_at: Option<Instant>,
    /// The last AI step, in words.
    pub last_step: Option<String>,
}

/// Whose eyes a replayed game is watched through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Watch {
    /// What one seat could see: the board and its own hand.
    Seat(Seat),
    /// Every hand (offered once the game is over): the hand of whoever decides is shown.
    All,
}

/// What the replay viewer shows besides the game (the game screen draws it when present).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplayInfo {
    /// Decisions made at this point, and in the whole record.
    pub step: usize,
    pub steps: usize,
    /// The decision made next, in words.
    pub next: Option<String>,
    /// The autoplay speed, when autoplaying.
    pub autoplay: Option<String>,
    /// Whose eyes, in words.
    pub watch: String,
    /// A turn number being typed.
    pub typed: String,
    /// The save's file name.
    pub file: String,
}

/// A game on screen.
pub struct GameScreen {
    pub session: GameSession,
    pub ui: Interaction,
    pub model: DecisionModel,
    /// What the viewer may see (or, when no hand may be shown, a view whose hand is never drawn).
    pub view: SeatView,
    /// The seat whose hand is on screen.
    pub viewer: Option<Seat>,
    /// A "pass to" screen is up for this seat: its hand stays hidden until it confirms.
    pub gate: Option<Seat>,
    /// The seat that last confirmed it is at the keyboard.
    revealed: Option<Seat>,
    pub items: Vec<HandItem>,
    /// What each hand entry can do now.
    pub tags: Vec<Option<&'static str>>,
    pub ai: AiProgress,
    /// Set when a replay is shown: nobody plays, and the hand shown follows this.
    pub watch: Option<Watch>,
    /// The replay viewer's line of information.
    pub replay: Option<ReplayInfo>,
}

impl GameScreen {
    /// Shows a session; what the decision offers is worked out at once.
    pub fn new(session: GameSession) -> GameScreen {
        let model = DecisionModel::new(&session.state, &session.seats);
        let view = session.state.view(model.decision.seat);
        let mut screen = GameScreen {
            session,
            ui: Interaction::default(),
            model,
            view,
            viewer: None,
            gate: None,
            revealed: None,
            items: Vec::new(),
            tags: Vec::new(),
            ai: AiProgress::default(),
            watch: None,
            replay: None,
        };
        screen.refresh();
        screen
    }

    /// A game shown for watching (the replay viewer): no one plays, `watch` decides the hand.
    pub fn watching(session: GameSession, watch: Watch) -> GameScreen {
        let mut screen = GameScreen::new(session);
        screen.watch = Some(watch);
        screen.refresh();
        screen
    }

    /// Shows another session of the same game (after undo, or another step of a replay), keeping
    /// the selection and who has confirmed being at the keyboard.
    pub fn replace_session(&mut self, session: GameSession) {
        self.session = session;
        self.ui.stage = interaction::Stage::Idle;
        self.ui.note = None;
        self.ui.log_scroll = 0;
        self.refresh();
    }

    /// The seat that decides now, or `None` once the game is over.
    pub fn decider(&self) -> Option<Seat> {
        (!self.session.state.is_over()).then_some(self.model.decision.seat)
    }

    /// Whether a person at this keyboard decides now (and has confirmed being there).
    pub fn human_turn(&self) -> bool {
        self.watch.is_none()
            && self.gate.is_none()
            && self
                .decider()
                .is_some_and(|s| self.session.seats.is_human(s))
    }

    /// The AI seat that decides now.
    pub fn ai_turn(&self) -> Option<Seat> {
        if self.watch.is_some() {
            return None;
        }
        self.decider().filter(|s| !self.session.seats.is_human(*s))
    }

    /// Rebuilds everything derived from the game after a change.
    pub fn refresh(&mut self) {
        let s = &self.session;
        self.model = DecisionModel::new(&s.state, &s.seats);
        let seats = &s.seats;
        match (self.watch, self.decider()) {
            (Some(Watch::Seat(seat)), _) => {
                self.gate = None;
                self.viewer = Some(seat);
            }
            (Some(Watch::All), _) => {
                self.gate = None;
                self.viewer = Some(self.model.decision.seat);
            }
            (None, Some(seat)) if seats.is_human(seat) => {
                if seats.humans() >= 2 && self.revealed != Some(seat) {
                    self.gate = Some(seat);
                    self.viewer = None;
                } else {
                    self.gate = None;
                    self.viewer = Some(seat);
                }
            }
            // While the AI plays, one person may keep looking at their own hand; two or more
            // people must not see each other's, so nobody's is shown.
            (None, Some(_)) => {
                self.gate = None;
                self.viewer = seats.sole_human();
            }
            (None, None) => {
                self.gate = None;
                self.viewer = seats.sole_human();
            }
        }
        let seen = self.viewer.unwrap_or(self.model.decision.seat);
        self.view = s.state.view(seen);
        self.items = if self.viewer.is_some() {
            hand_items(&self.view, &s.state)
        } else {
            Vec::new()
        };
        self.tags = self
            .items
            .iter()
            .map(|item| {
                let mut tag = None;
                for c in self.model.choices.iter().filter(|c| mentions(c, item.card)) {
                    tag = Some(match c {
                        Choice::Summon { .. } => "summon",
                        Choice::Flare { .. } => "play",
                        Choice::Thaw(_) => "thaw",
                        Choice::Return(_) => "return",
                        Choice::Keep(_) => "keep",
                        Choice::Card(_) => "choose",
                        _ => continue,
                    });
                    break;
                }
                tag
            })
            .collect();
        if self.ui.hand_index >= self.items.len() {
            self.ui.hand_index = self.items.len().saturating_sub(1);
        }
        self.ui.reset_for(&self.model);
        if self.ui.option_index >= self.model.options.len() {
            self.ui.option_index = 0;
        }
    }

    /// The person at the keyboard confirms they are `gate`: their hand may be shown.
    pub fn pass_gate(&mut self) {
        if let Some(seat) = self.gate.take() {
            self.revealed = Some(seat);
            self.refresh();
        }
    }

    /// The highlighted hand entry.
    pub fn hand_item(&self) -> Option<HandItem> {
        self.items.get(self.ui.hand_index).copied()
    }
}
