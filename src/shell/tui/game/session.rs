//! A game being shown: the position, who plays each seat, and the log in words.
//!
//! It holds no terminal or event-loop state, so a replay viewer can drive it (and reuse the board,
//! hand and log widgets) just like live play does.

use super::narrate::{LineKind, LogLine, Narrator};
use super::seats::{SeatKind, Seats};
use crate::shell::record::replay::{Step, undo_point};
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::state::Event;
use crate::tashkalar::engine::{Choice, GameState, IllegalChoice, Mode, Seat};

/// The most log lines kept (older ones are dropped; the record keeps the full game).
const LOG_LIMIT: usize = 2000;

/// A game and its story so far.
#[derive(Clone)]
pub struct GameSession {
    pub state: GameState,
    pub seats: Seats,
    pub log: Vec<LogLine>,
    /// Squares the last choice changed, so the board can show what just happened.
    pub recent: Bitboard,
    /// The seed the game was dealt from, if known (shown so a game can be replayed).
    pub seed: Option<u64>,
    /// The game as it was when the session began: undo replays the choices from here.
    pub initial: GameState,
    /// Every choice applied since the session began, in order.
    pub choices: Vec<Choice>,
    /// Who made each of those choices, and whether undo may take it back.
    pub steps: Vec<Step>,
    narrator: Narrator,
}

impl GameSession {
    /// Starts showing `state`; events are recorded from now on.
    pub fn new(state: GameState, kinds: Vec<SeatKind>, seed: Option<u64>) -> GameSession {
        let seats = Seats::new(&state, kinds);
        GameSession::with_seats(state, seats, seed)
    }

    /// Starts showing `state` with seats already named (a loaded game keeps its names).
    pub fn with_seats(mut state: GameState, seats: Seats, seed: Option<u64>) -> GameSession {
        let mut initial = state.clone();
        initial.log_events = false;
        initial.drain_events();
        state.log_events = true;
        state.drain_events();
        let mode = match state.config.mode {
            Mode::HighForm => "High Form",
            Mode::Deathmatch => "Deathmatch",
        };
        let mut log = vec![LogLine {
            turn: state.turn.number,
            seat: None,
            kind: LineKind::Important,
            text: match seed {
                Some(seed) => format!("{mode} for {} players (seed {seed})", state.players()),
                None => format!("{mode} for {} players", state.players()),
            },
        }];
        if matches!(
            state.decision().kind,
            crate::tashkalar::engine::DecisionKind::Action
        ) {
            let seat = state.turn.seat;
            let n = state.turn.actions_left;
            log.push(LogLine {
                turn: state.turn.number,
                seat: Some(seat),
                kind: LineKind::Turn,
                text: format!(
                    "Turn {}: {} ({n} action{})",
                    state.turn.number,
                    seats.name(seat),
                    if n == 1 { "" } else { "s" }
                ),
            });
        }
        GameSession {
            state,
            seats,
            log,
            recent: Bitboard::EMPTY,
            seed,
            initial,
            choices: Vec::new(),
            steps: Vec::new(),
            narrator: Narrator::default(),
        }
    }

    /// Applies one choice and tells what happened. The error is the engine's reason in plain words.
    pub fn apply(&mut self, choice: Choice) -> Result<(), String> {
        self.narrator.begin(&self.state, &choice);
        let before = self.state.clone();
        if let Err(e) = self.state.apply(choice) {
            return Err(plain_reason(&e));
        }
        self.choices.push(choice);
        self.steps.push(Step::between(&before, &self.state));
        let events = self.state.drain_events();
        self.recent = touched_squares(&events);
        let lines = self.narrator.lines(&self.state, &self.seats, &events);
        self.log.extend(lines);
        if self.log.len() > LOG_LIMIT {
            let extra = self.log.len() - LOG_LIMIT;
            self.log.drain(..extra);
        }
        Ok(())
    }
}

impl GameSession {
    /// How many of the choices would remain if the person deciding now took back their last
    /// decision (see [`undo_point`]: their own decisions of this turn only, bots' decisions in
    /// between taken back too, never a card draw, a shuffle or the end of a turn). `None`:
    /// nothing to undo.
    pub fn undo_point(&self) -> Option<usize> {
        if self.state.is_over() {
            return None;
        }
        let seat = self.state.decision().seat;
        if !self.seats.is_human(seat) {
            return None;
        }
        undo_point(&self.steps, seat.index(), |s| {
            self.seats.is_human(Seat(s as u8))
        })
    }

    /// The session as it would be with only the first `keep` choices made: replayed from the
    /// start, so the position, the log and everything derived are exactly what they were.
    pub fn rewound(&self, keep: usize) -> Result<GameSession, String> {
        let mut s = GameSession::with_seats(self.initial.clone(), self.seats.clone(), self.seed);
        for (i, c) in self.choices.iter().take(keep).enumerate() {
            s.apply(*c)
                .map_err(|why| format!("replaying choice {}: {why}", i + 1))?;
        }
        Ok(s)
    }
}

/// The engine's refusal without its debugging prefix ("illegal choice Place(..): ").
pub fn plain_reason(error: &IllegalChoice) -> String {
    match error {
        IllegalChoice::GameOver => "the game is over".into(),
        IllegalChoice::NotLegal { choice, why } => {
            let prefix = format!("illegal choice {choice:?}: ");
            why.strip_prefix(&prefix).unwrap_or(why).to_string()
        }
    }
}

/// Every square an event changed.
pub fn touched_squares(events: &[Event]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for e in events {
        match e {
            Event::Placed { square, .. }
            | Event::Summoned { square, .. }
            | Event::Destroyed { square, .. }
            | Event::Removed { square, .. }
            | Event::PickedUp { square, .. }
            | Event::Upgraded { square, .. }
            | Event::Downgraded { square, .. }
            | Event::Converted { square, .. } => bb.insert(*square),
            Event::Moved { from, to, .. } => {
                bb.insert(*from);
                bb.insert(*to);
            }
            _ => {}
        }
    }
    bb
}
