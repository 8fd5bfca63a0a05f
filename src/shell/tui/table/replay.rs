//! The replay viewer's cursor: a recorded game, the position shown, whose eyes it is watched
//! through, autoplay, and a turn number being typed. The position itself is drawn by the game's
//! ordinary screen, in watching mode.

use super::super::action::Action;
use super::super::ui::{GameUi, ReplayInfo};
use super::session::Session;
use crate::shell::game::Game;
use crate::shell::record::{Loaded, Replay};
use crate::shell::seats::Seats;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Autoplay speeds, slowest first: the pause between two decisions and how it is shown.
pub const SPEEDS: [(Duration, &str); 6] = [
    (Duration::from_millis(3000), "1 decision / 3 s"),
    (Duration::from_millis(1500), "1 decision / 1.5 s"),
    (Duration::from_millis(800), "1 decision / 0.8 s"),
    (Duration::from_millis(400), "2.5 decisions / s"),
    (Duration::from_millis(200), "5 decisions / s"),
    (Duration::from_millis(80), "12 decisions / s"),
];

/// The speed autoplay starts at.
const DEFAULT_SPEED: usize = 2;

/// Whose eyes a replayed game is watched through.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Watch {
    /// Only what every seat sees: no hand at all. The only view of a game still in progress,
    /// whose players may go on with it.
    Public,
    /// What one seat could see: the board and its own hand (finished games).
    Seat(usize),
    /// Every hand: the hand of whoever decides is shown (finished games).
    All,
}

/// What a replay action asks the table to do.
pub enum Step {
    Stay,
    /// Show the position after this many decisions.
    Seek(usize),
    /// The eyes changed: work out again what may be shown.
    Watch,
    /// Leave the viewer.
    Leave,
    ScrollLog(i32),
}

/// A saved game being watched.
pub struct ReplayCursor<U: GameUi> {
    /// Every position of the game, for jumps by turn.
    replay: Replay<U::Game>,
    /// The whole game's seats and start, to rebuild any position (log and all).
    start: U::Game,
    seats: Seats,
    seed: u64,
    /// The save file shown.
    pub path: PathBuf,
    /// Whether the game is over at the end of the record (then every hand may be shown).
    pub finished: bool,
    pub watch: Watch,
    /// Whether the decisions play by themselves.
    pub autoplay: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// When autoplay takes the next step.
    next_at: Option<Instant>,
    /// A turn number being typed.
    pub typed: String,
    /// What the viewer shows besides the game.
    pub info: ReplayInfo,
}

impl<U: GameUi> ReplayCursor<U> {
    /// A cursor at the start of a loaded save.
    pub fn new(path: PathBuf, loaded: &Loaded<U::Game>, seats: Seats) -> Result<Self, String> {
        let finished = loaded.end.is_over();
        let replay = Replay::new(loaded.start.clone(), loaded.choices.clone())
            .map_err(|(i, why)| format!("choice {}: {why}", i + 1))?;
        Ok(ReplayCursor {
            replay,
            start: loaded.start.clone(),
            seats,
            seed: loaded.save.seed,
            path,
            finished,
            watch: if finished { Watch::All } else { Watch::Public },
            autoplay: false,
            speed: DEFAULT_SPEED,
            next_at: None,
            typed: String::new(),
            info: ReplayInfo::default(),
        })
    }

    /// Decisions made at the position shown.
    pub fn pos(&self) -> usize {
        self.replay.pos()
    }

    /// How many decisions the record has.
    pub fn len(&self) -> usize {
        self.replay.len()
    }

    /// Whether the record has no decision.
    pub fn is_empty(&self) -> bool {
        self.replay.is_empty()
    }

    /// Moves to the position after `i` decisions (clamped); whether it moved.
    pub fn seek(&mut self, i: usize) -> bool {
        self.replay.seek(i)
    }

    /// The `i`-th recorded choice (0-based).
    pub fn choice(&self, i: usize) -> Option<<U::Game as Game>::Choice> {
        self.replay.choices().get(i).copied()
    }

    /// The choice made from the position shown.
    pub fn next_choice(&self) -> Option<<U::Game as Game>::Choice> {
        self.replay.next_choice().copied()
    }

    /// The session after the first `i` decisions, rebuilt from the start (log and all).
    pub fn session_at(&self, i: usize) -> Result<Session<U>, String> {
        let mut s = Session::new(self.start.clone(), self.seats.clone(), Some(self.seed));
        for (k, c) in self.replay.choices().iter().take(i).enumerate() {
            s.apply(*c)
                .map_err(|why| format!("choice {}: {why}", k + 1))?;
        }
        Ok(s)
    }

    /// The perspectives on offer: none but the public one while the game is unfinished; every
    /// seat and every hand at once when it is over.
    pub fn perspectives(&self) -> Vec<Watch> {
        if !self.finished {
            return vec![Watch::Public];
        }
        let mut all: Vec<Watch> = (0..self.seats.len()).map(Watch::Seat).collect();
        all.push(Watch::All);
        all
    }

    /// Whether an action does something now.
    pub fn available(&self, action: Action) -> bool {
        match action {
            Action::Select | Action::Erase => !self.typed.is_empty(),
            Action::Left | Action::ToStart => self.pos() > 0,
            Action::Right | Action::ToEnd => !self.replay.at_end(),
            Action::Perspective => self.perspectives().len() > 1,
            Action::Faster | Action::Slower => self.autoplay,
            _ => true,
        }
    }

    /// What an action does to the cursor; the table carries out the step.
    pub fn action(&mut self, action: Action, now: Instant) -> Step {
        match action {
            Action::Left => Step::Seek(self.pos().saturating_sub(1)),
            Action::Right => Step::Seek(self.pos() + 1),
            Action::Up => self.previous_turn(),
            Action::Down => self.to_turn(self.turn_now().saturating_add(1)),
            Action::ToStart => Step::Seek(0),
            Action::ToEnd => Step::Seek(self.len()),
            Action::Digit(d) => {
                if self.typed.len() < 4 && d <= 9 {
                    self.typed.push(char::from(b'0' + d));
                }
                Step::Stay
            }
            Action::Erase => {
                self.typed.pop();
                Step::Stay
            }
            Action::Select => {
                let typed = std::mem::take(&mut self.typed);
                match typed.parse::<u32>() {
                    Ok(n) => self.to_turn(n),
                    Err(_) => Step::Stay,
                }
            }
            Action::Autoplay => {
                self.autoplay = !self.autoplay;
                self.next_at = self.autoplay.then(|| now + SPEEDS[self.speed].0);
                if self.autoplay && self.replay.at_end() {
                    // Playing from the end means playing it again.
                    Step::Seek(0)
                } else {
                    Step::Stay
                }
            }
            Action::Faster | Action::Slower => {
                self.speed = if action == Action::Faster {
                    (self.speed + 1).min(SPEEDS.len() - 1)
                } else {
                    self.speed.saturating_sub(1)
                };
                if self.autoplay {
                    self.next_at = Some(now + SPEEDS[self.speed].0);
                }
                Step::Stay
            }
            Action::Perspective => {
                let all = self.perspectives();
                let i = all.iter().position(|w| *w == self.watch).unwrap_or(0);
                self.watch = all[(i + 1) % all.len()];
                Step::Watch
            }
            Action::PageUp => Step::ScrollLog(5),
            Action::PageDown => Step::ScrollLog(-5),
            // Esc first drops a turn number being typed, then leaves.
            Action::Back if !self.typed.is_empty() => {
                self.typed.clear();
                Step::Stay
            }
            Action::Back => Step::Leave,
            _ => Step::Stay,
        }
    }

    fn turn_now(&self) -> u32 {
        self.replay.state().turn()
    }

    /// The start of turn `n` (the end of the record if the game never got there).
    fn to_turn(&self, n: u32) -> Step {
        let i = self
            .replay
            .first_where(|g| g.turn() >= n)
            .unwrap_or(self.replay.len());
        Step::Seek(i)
    }

    /// The start of this turn, or of the one before when already there.
    fn previous_turn(&self) -> Step {
        let now = self.turn_now();
        let start = self.replay.first_where(|g| g.turn() >= now).unwrap_or(0);
        if self.pos() > start {
            Step::Seek(start)
        } else if let Some(before) = self.replay.last_before(start, |g| g.turn() < now) {
            let turn = self.replay.state_at(before).map_or(0, |g| g.turn());
            self.to_turn(turn)
        } else {
            Step::Stay
        }
    }

    /// Time passes: autoplay's next step when due (`Some(position)`); it stops at the end.
    pub fn tick(&mut self, now: Instant) -> Option<usize> {
        if !self.autoplay || self.next_at.is_some_and(|t| now < t) {
            return None;
        }
        if self.replay.at_end() {
            self.autoplay = false;
            self.next_at = None;
            return None;
        }
        let next = self.pos() + 1;
        if next >= self.len() {
            self.autoplay = false;
            self.next_at = None;
        } else {
            self.next_at = Some(now + SPEEDS[self.speed].0);
        }
        Some(next)
    }

    /// Refreshes the viewer's line of information; `next` is the next decision in words.
    pub fn update_info(&mut self, next: Option<String>) {
        let watch = match self.watch {
            Watch::Public => "public information only (the game is not over)".to_string(),
            Watch::Seat(seat) => format!("{}'s view (only their hand)", self.seats.name(seat)),
            Watch::All => "everything (every hand)".to_string(),
        };
        self.info = ReplayInfo {
            step: self.replay.pos(),
            steps: self.replay.len(),
            next,
            autoplay: self.autoplay.then(|| SPEEDS[self.speed].1.to_string()),
            watch,
            typed: self.typed.clone(),
            file: self
                .path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default(),
        };
    }
}

/// The table steps through a replayed game.
impl<U: GameUi> super::Table<U> {
    /// Shows the replayed position after `i` decisions.
    pub(super) fn seek(&mut self, i: usize) {
        let Some(r) = self.core.replay.as_mut() else {
            return;
        };
        let old = r.pos();
        if !r.seek(i) {
            return;
        }
        let new = r.pos();
        // One step on: apply it to what is shown, so the board marks what just changed. Anything
        // else: rebuild that position from the start (log and all).
        let stepped = new == old + 1
            && r.choice(old)
                .is_some_and(|c| self.core.session.apply(c).is_ok());
        if stepped {
            self.core.log_scroll = 0;
        } else if let Ok(session) = r.session_at(new) {
            self.core.session = session;
            self.core.log_scroll = 0;
        }
        self.refresh();
    }

    pub(super) fn update_replay_info(&mut self) {
        let view = self.core.view();
        let next = self
            .core
            .replay
            .as_ref()
            .and_then(|r| r.next_choice())
            .map(|c| {
                format!(
                    "{}: {}",
                    view.seats.name(view.game.to_move()),
                    U::describe(&view, &c)
                )
            });
        if let Some(r) = self.core.replay.as_mut() {
            r.update_info(next);
        }
    }
}
