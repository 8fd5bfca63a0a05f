//! A game being shown: the position, who plays each seat, every choice made since it was put on
//! the table, and the log in words. No terminal or event-loop state, so the replay viewer drives
//! it just like live play does.

use super::super::ui::{GameUi, LogLine, Narrator};
use crate::shell::game::Game;
use crate::shell::record::replay::{Step, undo_point};
use crate::shell::seats::Seats;

/// The most log lines kept (older ones are dropped; the record keeps the whole game).
const LOG_LIMIT: usize = 2000;

/// A game and its story so far.
pub struct Session<U: GameUi> {
    pub game: U::Game,
    pub seats: Seats,
    pub log: Vec<LogLine>,
    /// The seed the game was dealt from, if known (shown so a game can be replayed).
    pub seed: Option<u64>,
    /// The game as it was when the session began: undo and replay jumps replay from here.
    pub initial: U::Game,
    /// Every choice applied since the session began, in order.
    pub choices: Vec<<U::Game as Game>::Choice>,
    /// Who made each of those choices, and whether undo may take it back.
    pub steps: Vec<Step>,
    pub narrator: U::Narrator,
}

impl<U: GameUi> Clone for Session<U> {
    fn clone(&self) -> Self {
        Session {
            game: self.game.clone(),
            seats: self.seats.clone(),
            log: self.log.clone(),
            seed: self.seed,
            initial: self.initial.clone(),
            choices: self.choices.clone(),
            steps: self.steps.clone(),
            narrator: self.narrator.clone(),
        }
    }
}

impl<U: GameUi> Session<U> {
    /// Starts showing `game`; choices are told in the log from now on.
    pub fn new(game: U::Game, seats: Seats, seed: Option<u64>) -> Session<U> {
        let initial = game.clone();
        let mut narrator = U::Narrator::default();
        let mut game = game;
        narrator.prepare(&mut game);
        let log = narrator.opening(&game, &seats, seed);
        Session {
            game,
            seats,
            log,
            seed,
            initial,
            choices: Vec::new(),
            steps: Vec::new(),
            narrator,
        }
    }

    /// Applies one choice and tells what happened; a refused choice changes nothing.
    pub fn apply(
        &mut self,
        choice: <U::Game as Game>::Choice,
    ) -> Result<(), <U::Game as Game>::Error> {
        let before = self.game.clone();
        self.game.play(choice)?;
        self.choices.push(choice);
        self.steps.push(Step::between(&before, &self.game));
        let lines = self
            .narrator
            .narrate(&before, &choice, &mut self.game, &self.seats);
        self.log.extend(lines);
        if self.log.len() > LOG_LIMIT {
            let extra = self.log.len() - LOG_LIMIT;
            self.log.drain(..extra);
        }
        Ok(())
    }

    /// The session as it would be with `choice` made and the turn's end still to confirm:
    /// `after` is [`Game::before_turn_end`] of `choice`. The choice is told in the log but not
    /// recorded among the choices: it is made for real only once the person confirms.
    pub fn staged(&self, choice: <U::Game as Game>::Choice, mut after: U::Game) -> Session<U> {
        let mut s = self.clone();
        let lines = s
            .narrator
            .narrate(&self.game, &choice, &mut after, &s.seats);
        s.game = after;
        s.log.extend(lines);
        s
    }

    /// How many of the choices would remain if the person deciding now took back their last
    /// decision (see [`undo_point`]: their own decisions of this turn only, bots' decisions in
    /// between taken back too, never a card draw, a shuffle, a die roll or the end of a turn).
    /// `None`: nothing to undo.
    pub fn undo_point(&self) -> Option<usize> {
        if self.game.is_over() {
            return None;
        }
        let seat = self.game.to_move();
        if !self.seats.is_human(seat) {
            return None;
        }
        undo_point(&self.steps, seat, |s| self.seats.is_human(s))
    }

    /// The session as it would be with only the first `keep` choices made: replayed from the
    /// start, so the position, the log and everything derived are exactly what they were.
    pub fn rewound(&self, keep: usize) -> Result<Session<U>, (usize, <U::Game as Game>::Error)> {
        let mut s = Session::new(self.initial.clone(), self.seats.clone(), self.seed);
        for (i, c) in self.choices.iter().take(keep).enumerate() {
            s.apply(*c).map_err(|e| (i, e))?;
        }
        Ok(s)
    }
}
