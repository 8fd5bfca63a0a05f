//! A table whose game is refereed elsewhere (`tashkalar serve`): the referee holds the real
//! table (its save, its AI seats), and each connection's screen is a mirror of it that plays one
//! seat. The mirror sends its person's choices to the referee and applies only what the referee
//! sends back, in the referee's order; since a game is determined by its start and its choices
//! (as saves are), every mirror stays the referee's position exactly.
//!
//! Undo follows local play's rule, narrowed to never take back another's decision: the asking
//! seat's own decisions since any other seat (person or bot) last decided, on its turn, never
//! past a card drawn, a shuffle, a roll or the end of a turn. The referee rewinds its table
//! (and its save) and tells every mirror to rewind to the same number of decisions.
//!
//! Choices cross between tables type-erased (`Box<dyn Any + Send>`): the shell knows no game,
//! and the referee and its mirrors are tables of the same game, so each side downcasts to its own
//! choice type; a box of another type is refused, never trusted.

use super::super::ui::Note;
use super::Table;
use crate::shell::game::Game;
use crate::shell::record::replay::undo_point;
use crate::shell::tui::ui::GameUi;
use std::any::Any;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};

/// A choice of some game, type-erased to cross between the referee and its mirrors.
pub type AnyChoice = Box<dyn Any + Send>;

/// What a mirror asks of its referee for seat `seat`.
pub struct Submitted {
    pub seat: usize,
    pub request: Request,
}

/// A mirror's request.
pub enum Request {
    /// Make this choice.
    Choose(AnyChoice),
    /// Take back this seat's last decision (see the module's doc).
    Undo,
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
    /// A seat took back decisions: keep only the first this many.
    Rewound(usize),
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

    /// The referee's side: takes back `seat`'s own last decision (see the module's doc) and
    /// rewrites the save; gives the number of decisions kept.
    pub fn undo_for(&mut self, seat: usize) -> Result<usize, String> {
        let game = &self.core.session.game;
        if self.core.live.is_none() || game.is_over() {
            return Err("the game is over".into());
        }
        if game.to_move() != seat || !self.core.session.seats.is_human(seat) {
            return Err("you take back only on your turn".into());
        }
        let keep = self
            .core
            .served_undo_point(seat)
            .ok_or(NOTHING_TO_TAKE_BACK)?;
        self.rewind_to(keep)?;
        self.write_save();
        Ok(keep)
    }

    /// A mirror's person asks to take back: a staged choice is taken back here; anything
    /// else is the referee's to rule.
    pub(super) fn ask_undo(&mut self) {
        if self.core.staged.is_some() {
            self.undo();
            return;
        }
        if self.core.undo_point().is_none() {
            self.core.note = Some(Note::warn(NOTHING_TO_TAKE_BACK));
            return;
        }
        let Some(remote) = self.core.remote_mut() else {
            return;
        };
        let Some(seat) = remote.seat else {
            return;
        };
        let sent = remote.link.to_referee.send(Submitted {
            seat,
            request: Request::Undo,
        });
        if sent.is_err() {
            remote.cut = true;
            self.core.note = Some(Note::warn("The server closed this table"));
            return;
        }
        remote.pending = true;
        self.refresh();
    }

    /// The session with only its first `keep` decisions, replayed from its start (the
    /// referee's and its mirrors' alike); what the AI or a list was about to do goes.
    fn rewind_to(&mut self, keep: usize) -> Result<(), String> {
        let taken = self.core.session.choices.len().saturating_sub(keep);
        let session = self
            .core
            .session
            .rewound(keep)
            .map_err(|(i, why)| format!("replaying decision {}: {why}", i + 1))?;
        self.core.session = session;
        self.core.staged = None;
        self.core.popup = None;
        if let Some(live) = self.core.live.as_mut() {
            live.ai = Default::default();
            live.hint = None;
            if let Some(autosave) = &mut live.autosave {
                autosave.truncate(keep);
            }
        }
        // Only the seat to move takes back, so after the rewind it is the one to move: another
        // seat's screen names it.
        let game = &self.core.session.game;
        let who = match self.core.remote().and_then(|r| r.seat) {
            Some(me) if !game.is_over() && game.to_move() != me => {
                format!("{} took", self.core.session.seats.name(game.to_move()))
            }
            Some(_) => "Took".to_string(),
            None if game.is_over() => "Took".to_string(),
            None => format!("{} took", self.core.session.seats.name(game.to_move())),
        };
        self.core.note = Some(Note::info(format!(
            "{who} back {taken} decision{}",
            if taken == 1 { "" } else { "s" }
        )));
        self.refresh();
        Ok(())
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
            request: Request::Choose(Box::new(choice)),
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
                Ruling::Rewound(keep) => {
                    remote.pending = false;
                    if let Err(why) = self.rewind_to(keep) {
                        if let Some(remote) = self.core.remote_mut() {
                            remote.cut = true;
                        }
                        self.core.note = Some(Note::warn(format!(
                            "This screen lost the game's thread ({why}); leave and join again"
                        )));
                        return;
                    }
                }
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

/// Said when there is nothing a served seat may take back.
const NOTHING_TO_TAKE_BACK: &str = "Nothing to take back: undo goes back only over your own \
     decisions since another seat decided, and never past something drawn, shuffled or rolled";

impl<U: GameUi> super::Core<U> {
    /// How many decisions would remain if the person deciding here took back their last:
    /// on a served table only their own since another seat decided (a bot's too: it is
    /// someone else's), elsewhere as local play allows.
    pub(super) fn undo_point(&self) -> Option<usize> {
        match self.remote() {
            None => self.session.undo_point(),
            Some(r) => r.seat.and_then(|seat| self.served_undo_point(seat)),
        }
    }

    /// How many decisions would remain if `seat` took back its last on a served table: on its
    /// turn, its own decisions since another seat decided.
    pub(super) fn served_undo_point(&self, seat: usize) -> Option<usize> {
        let game = &self.session.game;
        if game.is_over() || game.to_move() != seat {
            return None;
        }
        undo_point(&self.session.steps, seat, |_| true)
    }

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
