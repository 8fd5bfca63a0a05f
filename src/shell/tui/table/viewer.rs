//! Who decides now, and whose hidden information the table may draw.

use super::super::ui::{AiStatus, GameUi, TableView};
use super::Core;
use super::replay::Watch;
use super::session::Session;
use crate::shell::game::Game;

impl<U: GameUi> Core<U> {
    /// The session on screen: the game as it stands, or as a staged choice leaves it.
    pub(super) fn shown(&self) -> &Session<U> {
        self.staged.as_ref().map_or(&self.session, |s| &s.session)
    }

    pub(super) fn view(&self) -> TableView<'_, U> {
        let s = self.shown();
        TableView {
            game: &s.game,
            seats: &s.seats,
            narrator: &s.narrator,
            log: &s.log,
            log_scroll: self.log_scroll,
            viewer: self.viewer,
            // Someone watching a served game sees every hand once it is over, as a replay
            // of it would show them.
            every_hand: self
                .replay
                .as_ref()
                .is_some_and(|r| r.watch == super::replay::Watch::All)
                || self.watching() && s.game.is_over(),
            human_turn: self.human_turn(),
            ai: self.ai_turn().map(|seat| AiStatus {
                seat,
                thinking: self.live.as_ref().and_then(|l| {
                    l.ai.waiting
                        .and(l.ai.since)
                        .map(|t| self.now.saturating_duration_since(t))
                }),
            }),
            last_ai_step: self.live.as_ref().and_then(|l| l.ai.last_step.as_deref()),
            replay: self.replay.as_ref().map(|r| &r.info),
            seed: s.seed,
            note: self.note.as_ref(),
            now: self.now,
        }
    }

    /// The seat that decides now, or `None` once the game is over.
    pub(super) fn decider(&self) -> Option<usize> {
        let g = &self.shown().game;
        (!g.is_over()).then(|| g.to_move())
    }

    /// Whether a person at this keyboard decides now (and has confirmed being there).
    pub(super) fn human_turn(&self) -> bool {
        self.live.is_some()
            && self.gate.is_none()
            // A served screen decides for its own seat only: another person's turn is
            // theirs, and drawing its choices would show what their hand holds.
            && self
                .remote()
                .is_none_or(|r| !r.pending && !r.cut && r.seat.is_some() && self.decider() == r.seat)
            && self
                .decider()
                .is_some_and(|s| self.session.seats.is_human(s))
    }

    /// The AI seat that decides now.
    pub(super) fn ai_turn(&self) -> Option<usize> {
        self.live.as_ref()?;
        self.decider().filter(|s| !self.session.seats.is_human(*s))
    }

    /// Works out who may see what: the pass screen of hot-seat play, and the replay's eyes.
    pub(super) fn seat_the_viewer(&mut self) {
        let seats = &self.session.seats;
        if let Some(r) = &self.replay {
            self.gate = None;
            self.viewer = match r.watch {
                Watch::Public => None,
                Watch::Seat(s) => Some(s),
                Watch::All => Some(self.session.game.to_move()),
            };
            return;
        }
        // A served game's screen is one seat's, whoever decides: its hand only, never a pass
        // screen. Someone watching sees no seat's (every hand once the game is over).
        if let Some(seat) = self.remote().map(|r| r.seat) {
            self.gate = None;
            self.viewer = match seat {
                Some(seat) => Some(seat),
                None if self.session.game.is_over() => Some(self.session.game.to_move()),
                None => None,
            };
            return;
        }
        let revealed = self.live.as_ref().and_then(|l| l.revealed);
        match self.decider() {
            Some(seat) if seats.is_human(seat) => {
                if seats.humans() >= 2
                    && revealed != Some(seat)
                    && U::hides_something(&self.session.game, seat)
                {
                    self.gate = Some(seat);
                    self.viewer = None;
                } else {
                    self.gate = None;
                    self.viewer = Some(seat);
                }
            }
            // While the AI plays (and once the game is over), one person may keep looking at
            // their own hand; two or more must not see each other's, so nobody's is shown.
            _ => {
                self.gate = None;
                self.viewer = seats.sole_human();
            }
        }
    }
}
