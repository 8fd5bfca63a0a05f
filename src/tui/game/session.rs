//! A game being shown: the position, who plays each seat, and the log in words.
//!
//! It holds no terminal or event-loop state, so a replay viewer can drive it (and reuse the board,
//! hand and log widgets) just like live play does.

use super::narrate::{LineKind, LogLine, Narrator};
use super::seats::{SeatKind, Seats};
use crate::engine::bitboard::Bitboard;
use crate::engine::state::Event;
use crate::engine::{Choice, GameState, IllegalChoice, Mode};

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
    narrator: Narrator,
}

impl GameSession {
    /// Starts showing `state`; events are recorded from now on.
    pub fn new(mut state: GameState, kinds: Vec<SeatKind>, seed: Option<u64>) -> GameSession {
        state.log_events = true;
        state.drain_events();
        let seats = Seats::new(&state, kinds);
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
        if matches!(state.decision().kind, crate::engine::DecisionKind::Action) {
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
            narrator: Narrator::default(),
        }
    }

    /// Applies one choice and tells what happened. The error is the engine's reason in plain words.
    pub fn apply(&mut self, choice: Choice) -> Result<(), String> {
        self.narrator.begin(&self.state, &choice);
        if let Err(e) = self.state.apply(choice) {
            return Err(plain_reason(&e));
        }
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
