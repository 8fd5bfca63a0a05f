//! The replay viewer's state: a recorded game, the position shown, whose eyes it is watched
//! through, and autoplay. The position is drawn by the ordinary game screen (board, hands, log),
//! which is why this holds a [`GameScreen`] in watching mode rather than widgets of its own.

use super::seats::Seats;
use super::session::GameSession;
use super::words::describe;
use super::{GameScreen, ReplayInfo, Watch};
use crate::shell::record::{Loaded, Replay};
use crate::tashkalar::engine::{GameState, Seat};
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

/// A saved game being watched.
pub struct ReplayView {
    /// What is drawn: the game at the current position, watched (nobody plays).
    pub screen: GameScreen,
    /// Every position of the game, for jumps by turn.
    pub replay: Replay<GameState>,
    /// The whole game as a session: positions are rebuilt from it, log included.
    full: GameSession,
    /// The save file shown.
    pub path: PathBuf,
    /// Whether the game is over at the end of the record (then every hand may be shown).
    pub finished: bool,
    /// Whose eyes the game is watched through.
    pub watch: Watch,
    /// Whether the decisions play by themselves.
    pub autoplay: bool,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// When autoplay takes the next step.
    pub next_at: Option<Instant>,
    /// A turn number being typed.
    pub typed: String,
}

impl ReplayView {
    /// Opens a loaded save at its start. Finished games are watched with every hand shown; games
    /// in progress through the first person's eyes (their opponents' hands stay hidden).
    pub fn new(path: PathBuf, loaded: Loaded<GameState>, seats: Seats) -> Result<Self, String> {
        let seed = loaded.save.seed;
        let finished = loaded.end.is_over();
        let replay = Replay::new(loaded.start.clone(), loaded.choices.clone())
            .map_err(|(i, why)| format!("choice {}: {why}", i + 1))?;
        let mut full = GameSession::with_seats(loaded.start, seats, Some(seed));
        for (i, c) in loaded.choices.iter().enumerate() {
            full.apply(*c)
                .map_err(|why| format!("choice {}: {why}", i + 1))?;
        }
        let watch = if finished {
            Watch::All
        } else {
            let first_person = (0..full.seats.players.len())
                .find(|&s| full.seats.is_human(Seat(s as u8)))
                .unwrap_or(0);
            Watch::Seat(Seat(first_person as u8))
        };
        let screen = GameScreen::watching(full.rewound(0)?, watch);
        let mut view = ReplayView {
            screen,
            replay,
            full,
            path,
            finished,
            watch,
            autoplay: false,
            speed: DEFAULT_SPEED,
            next_at: None,
            typed: String::new(),
        };
        view.update_info();
        Ok(view)
    }

    /// Decisions made at the position shown.
    pub fn pos(&self) -> usize {
        self.replay.pos()
    }

    /// Shows the position after `i` decisions (clamped to the record).
    pub fn seek(&mut self, i: usize) {
        let old = self.replay.pos();
        if !self.replay.seek(i) {
            return;
        }
        let new = self.replay.pos();
        // One step on: apply it to what is shown, so the board marks what just changed. Anything
        // else: rebuild that position from the start (log and all).
        let stepped = new == old + 1
            && self
                .replay
                .choices()
                .get(old)
                .is_some_and(|c| self.screen.session.apply(*c).is_ok());
        if stepped {
            self.screen.ui.log_scroll = 0;
            self.screen.refresh();
        } else if let Ok(session) = self.full.rewound(new) {
            self.screen.replace_session(session);
        }
        self.update_info();
    }

    /// One decision on; false at the end.
    pub fn forward(&mut self) -> bool {
        if self.replay.at_end() {
            return false;
        }
        self.seek(self.pos() + 1);
        true
    }

    /// One decision back.
    pub fn back(&mut self) {
        if let Some(p) = self.pos().checked_sub(1) {
            self.seek(p);
        }
    }

    /// The start of the game.
    pub fn to_start(&mut self) {
        self.seek(0);
    }

    /// The end of the record.
    pub fn to_end(&mut self) {
        self.seek(self.replay.len());
    }

    /// The start of turn `n` (the end of the record if the game never got there).
    pub fn to_turn(&mut self, n: u16) {
        let i = self
            .replay
            .first_where(|g| g.turn.number >= n)
            .unwrap_or(self.replay.len());
        self.seek(i);
    }

    /// The start of the next turn.
    pub fn next_turn(&mut self) {
        let now = self.replay.state().turn.number;
        self.to_turn(now.saturating_add(1));
    }

    /// The start of this turn, or of the one before when already there.
    pub fn previous_turn(&mut self) {
        let now = self.replay.state().turn.number;
        let start = self
            .replay
            .first_where(|g| g.turn.number >= now)
            .unwrap_or(0);
        if self.pos() > start {
            self.seek(start);
        } else if let Some(before) = self.replay.last_before(start, |g| g.turn.number < now) {
            let turn = self.replay.state_at(before).map_or(0, |g| g.turn.number);
            self.to_turn(turn);
        }
    }

    /// A digit of a turn number.
    pub fn type_digit(&mut self, d: u8) {
        if self.typed.len() < 4 && d <= 9 {
            self.typed.push(char::from(b'0' + d));
            self.update_info();
        }
    }

    /// Erases the last digit typed.
    pub fn erase(&mut self) {
        self.typed.pop();
        self.update_info();
    }

    /// Forgets the turn number being typed.
    pub fn clear_typed(&mut self) {
        self.typed.clear();
        self.update_info();
    }

    /// Jumps to the turn typed; whether something was typed.
    pub fn jump_typed(&mut self) -> bool {
        let typed = std::mem::take(&mut self.typed);
        match typed.parse::<u16>() {
            Ok(n) => {
                self.to_turn(n);
                true
            }
            Err(_) => {
                self.update_info();
                false
            }
        }
    }

    /// The perspectives on offer: every seat, and every hand at once once the game is over.
    pub fn perspectives(&self) -> Vec<Watch> {
        let mut all: Vec<Watch> = (0..self.screen.session.state.players())
            .map(|s| Watch::Seat(Seat(s as u8)))
            .collect();
        if self.finished {
            all.push(Watch::All);
        }
        all
    }

    /// Watches through the next perspective.
    pub fn cycle_watch(&mut self) {
        let all = self.perspectives();
        let i = all.iter().position(|w| *w == self.watch).unwrap_or(0);
        self.watch = all[(i + 1) % all.len()];
        self.screen.watch = Some(self.watch);
        self.screen.refresh();
        self.update_info();
    }

    /// Starts or stops autoplay.
    pub fn toggle_autoplay(&mut self, now: Instant) {
        self.autoplay = !self.autoplay;
        if self.autoplay && self.replay.at_end() {
            // Playing from the end means playing it again.
            self.to_start();
        }
        self.next_at = self.autoplay.then(|| now + SPEEDS[self.speed].0);
        self.update_info();
    }

    /// Autoplay faster (`up`) or slower.
    pub fn change_speed(&mut self, up: bool, now: Instant) {
        self.speed = if up {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
        if self.autoplay {
            self.next_at = Some(now + SPEEDS[self.speed].0);
        }
        self.update_info();
    }

    /// Time passes: autoplay takes its next step when due, and stops at the end.
    pub fn tick(&mut self, now: Instant) {
        if !self.autoplay || self.next_at.is_some_and(|t| now < t) {
            return;
        }
        if self.forward() && !self.replay.at_end() {
            self.next_at = Some(now + SPEEDS[self.speed].0);
        } else {
            self.autoplay = false;
            self.next_at = None;
        }
        self.update_info();
    }

    /// Refreshes the viewer's line of information.
    fn update_info(&mut self) {
        let s = &self.screen.session;
        let next = self.replay.next_choice().map(|c| {
            let d = s.state.decision();
            format!(
                "{}: {}",
                s.seats.name(d.seat),
                describe(&s.state, &s.seats, &d, c)
            )
        });
        let watch = match self.watch {
            Watch::Seat(seat) => format!("{}'s view (only their hand)", s.seats.name(seat)),
            Watch::All => "everything (every hand)".to_string(),
        };
        self.screen.replay = Some(ReplayInfo {
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
        });
    }
}
