//! A table whose game is refereed elsewhere (`tashkalar serve`): the referee holds the real
//! table (its save, its AI seats), and each connection's screen is a mirror of it that plays one
//! seat. The mirror sends its person's choices to the referee and applies only what the referee
//! sends back, in the referee's order; since a game is determined by its start and its choices
//! (as saves are), every mirror stays the referee's position exactly.
//!
//! Choices cross between tables type-erased (`Box<dyn Any + Send>`): the shell knows no game,
//! and the referee and its mirrors are tables of the same game, so each side downcasts to its own
//! choice type; a box of another type is refused, never trusted.

use super::super::ui::Note;
use super::Table;
use crate::shell::game::Game;
use crate::shell::tui::ui::GameUi;
use std::any::Any;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};

/// A choice of some game, type-erased to cross between the referee and its mirrors.
pub type AnyChoice = Box<dyn Any + Send>;

/// What a mirror asks of its referee: seat `seat` makes `choice`.
pub struct Submitted {
    pub seat: usize,
    pub choice: AnyChoice,
}

/// What the referee tells a mirror.
pub enum Ruling {
    /// The next decision of the game (anyone's): apply it.
    Made(AnyChoice),
    /// The mirror's own last submission was not taken, and why.
    Refused(String),
    /// Who the table waits for (a seat not yet taken, or whose connection dropped), said
    /// under the prompt; `None` once nobody is awaited.
    Waiting(Option<String>),
}

/// A mirror's two ends of its link to the referee.
pub struct RefereeLink {
    pub to_referee: Sender<Submitted>,
    pub from_referee: Receiver<Ruling>,
}

/// The part of a live table that makes it a mirror.
pub(super) struct Remote {
    /// The seat this screen plays (`None`: it watches).
    pub(super) seat: Option<usize>,
    pub(super) link: RefereeLink,
    /// A choice was sent and its ruling has not come back: the person waits (a second key
    /// would be read against a position that is about to change).
    pub(super) pending: bool,
    /// The referee is gone (the server ends the table): nothing more will come.
    pub(super) cut: bool,
    /// Who the table waits for, said on the screen's bottom line.
    pub(super) waiting: Option<String>,
}

impl<U: GameUi> Table<U> {
    /// The seat this table plays for its referee, when it is a mirror of a seat.
    pub fn remote_seat(&self) -> Option<usize> {
        self.core.remote().and_then(|r| r.seat)
    }

    /// A mirror of this table for the person playing `seat` (`None`: watching): the same
    /// session (position, log, choices so far), no save and no bots of its own, its decisions
    /// ruled through `link`. What it draws is its seat's view, or the public view.
    pub fn mirror(&self, seat: Option<usize>, link: RefereeLink) -> Table<U> {
        let mut core = Self::bare(self.core.session.clone());
        core.live = Some(super::Live {
            worker: None,
            hint: None,
            autosave: None,
            save_problem: None,
            ai: Default::default(),
            ai_delay: super::AI_STEP_DELAY,
            next_ticket: 1,
            revealed: None,
            person_decided: true,
            remote: Some(Remote {
                seat,
                link,
                pending: false,
                cut: false,
                waiting: None,
            }),
        });
        Self::with_core(core)
    }

    /// The referee's side: makes `choice` for `seat` if that seat is a person's, decides now,
    /// and the choice is of this game and legal (or its resignation). Nothing else changes
    /// the game.
    pub fn decide_for(&mut self, seat: usize, choice: &dyn Any) -> Result<(), String> {
        let Some(&choice) = choice.downcast_ref::<<U::Game as Game>::Choice>() else {
            return Err("that is not a choice of this game".into());
        };
        let game = &self.core.session.game;
        if self.core.live.is_none() || game.is_over() {
            return Err("the game is over".into());
        }
        if game.to_move() != seat || !self.core.session.seats.is_human(seat) {
            return Err("it is not your turn".into());
        }
        let mut legal = Vec::new();
        game.legal(&mut legal);
        if !legal.contains(&choice) && game.resignation() != Some(choice) {
            return Err("that choice is not legal here".into());
        }
        self.apply_choice(choice)
    }

    /// Decision `i` of the session, type-erased for the mirrors.
    pub fn decision(&self, i: usize) -> Option<AnyChoice> {
        self.core
            .session
            .choices
            .get(i)
            .map(|c| Box::new(*c) as AnyChoice)
    }

    /// A mirror's person decided: the choice goes to the referee, and the screen waits for its
    /// ruling (checked here first, so that a refusal is said at once).
    pub(super) fn submit(&mut self, choice: <U::Game as Game>::Choice) -> Result<(), String> {
        let game = &self.core.session.game;
        let mut legal = Vec::new();
        game.legal(&mut legal);
        if !legal.contains(&choice) && game.resignation() != Some(choice) {
            let why = "that choice is not legal here".to_string();
            self.core.note = Some(Note::warn(format!("Not allowed: {why}")));
            return Err(why);
        }
        let Some(remote) = self.core.remote_mut() else {
            return Err("not a mirror".into());
        };
        let Some(seat) = remote.seat else {
            return Err("this screen watches the game".into());
        };
        let sent = remote.link.to_referee.send(Submitted {
            seat,
            choice: Box::new(choice),
        });
        if sent.is_err() {
            remote.cut = true;
            self.core.note = Some(Note::warn("The server closed this table"));
            return Err("the server closed this table".into());
        }
        remote.pending = true;
        self.core.popup = None;
        self.core.note = None;
        self.refresh();
        Ok(())
    }

    /// Applies what the referee ruled since the last look. A problem here (a choice the
    /// mirror's game refuses) means the mirror no longer follows the referee: it is said, and
    /// the mirror stops following rather than showing a wrong position.
    pub(super) fn follow_referee(&mut self) {
        loop {
            let Some(remote) = self.core.remote_mut() else {
                return;
            };
            if remote.cut {
                return;
            }
            let ruling = match remote.link.from_referee.try_recv() {
                Ok(r) => r,
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => {
                    remote.cut = true;
                    remote.pending = false;
                    if !self.core.session.game.is_over() {
                        self.core.note = Some(Note::warn("The server closed this table"));
                    }
                    return;
                }
            };
            match ruling {
                Ruling::Refused(why) => {
                    remote.pending = false;
                    self.core.note = Some(Note::warn(format!("Not allowed: {why}")));
                }
                Ruling::Waiting(who) => remote.waiting = who,
                Ruling::Made(choice) => {
                    let seat = remote.seat;
                    let mine = seat.is_some() && self.core.decider() == seat;
                    let followed = match choice.downcast::<<U::Game as Game>::Choice>() {
                        Ok(c) => self.apply_ruled(*c),
                        Err(_) => Err("a choice of another game".to_string()),
                    };
                    if let Some(remote) = self.core.remote_mut() {
                        if mine {
                            remote.pending = false;
                        }
                        if let Err(why) = followed {
                            remote.cut = true;
                            self.core.note = Some(Note::warn(format!(
                                "This screen lost the game's thread ({why}); leave and join again"
                            )));
                            return;
                        }
                    }
                }
            }
            self.refresh();
        }
    }
}

impl<U: GameUi> super::Core<U> {
    pub(super) fn remote(&self) -> Option<&Remote> {
        self.live.as_ref()?.remote.as_ref()
    }

    pub(super) fn remote_mut(&mut self) -> Option<&mut Remote> {
        self.live.as_mut()?.remote.as_mut()
    }

    /// Whether this screen watches a served game (a mirror of no seat).
    pub(super) fn watching(&self) -> bool {
        self.remote().is_some_and(|r| r.seat.is_none())
    }
}
