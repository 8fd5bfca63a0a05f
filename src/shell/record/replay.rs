//! Replaying a recorded game: a cursor over the states after each choice (step forwards and
//! backwards, jump anywhere, find the first step where something holds), and the point undo may
//! take a player back to.

use super::format::Recordable;
use crate::shell::game::Game;

/// A recorded game and a position in it. Every state is computed once, up front, so stepping
/// backwards or jumping is immediate.
#[derive(Clone)]
pub struct Replay<G: Game> {
    /// `states[i]` is the game after the first `i` choices.
    states: Vec<G>,
    choices: Vec<G::Choice>,
    pos: usize,
}

impl<G: Game> Replay<G> {
    /// Plays `choices` from `start`. The error gives the 0-based index of the first choice that
    /// was refused, and why.
    pub fn new(start: G, choices: Vec<G::Choice>) -> Result<Replay<G>, (usize, String)> {
        let mut states = Vec::with_capacity(choices.len() + 1);
        let mut game = start;
        for (i, c) in choices.iter().enumerate() {
            let next = {
                let mut g = game.clone();
                g.play(*c).map_err(|why| (i, why.to_string()))?;
                g
            };
            states.push(std::mem::replace(&mut game, next));
        }
        states.push(game);
        Ok(Replay {
            states,
            choices,
            pos: 0,
        })
    }

    /// How many choices the game has.
    pub fn len(&self) -> usize {
        self.choices.len()
    }

    /// Whether no choice was recorded.
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// How many choices have been made at the current position (0 = the start).
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// The game at the current position.
    pub fn state(&self) -> &G {
        &self.states[self.pos]
    }

    /// The game after `i` choices.
    pub fn state_at(&self, i: usize) -> Option<&G> {
        self.states.get(i)
    }

    /// The game after every choice.
    pub fn last(&self) -> &G {
        &self.states[self.states.len() - 1]
    }

    /// The recorded choices.
    pub fn choices(&self) -> &[G::Choice] {
        &self.choices
    }

    /// The choice made from the current position, if any.
    pub fn next_choice(&self) -> Option<&G::Choice> {
        self.choices.get(self.pos)
    }

    /// One choice forwards; false at the end.
    pub fn forward(&mut self) -> bool {
        self.seek(self.pos + 1)
    }

    /// One choice backwards; false at the start.
    pub fn back(&mut self) -> bool {
        match self.pos.checked_sub(1) {
            Some(p) => self.seek(p),
            None => false,
        }
    }

    /// Goes to the position after `i` choices (clamped to the game); whether it moved.
    pub fn seek(&mut self, i: usize) -> bool {
        let i = i.min(self.len());
        let moved = i != self.pos;
        self.pos = i;
        moved
    }

    /// Whether the position is the end of the record.
    pub fn at_end(&self) -> bool {
        self.pos == self.len()
    }

    /// The first position (after that many choices) where `holds` is true.
    pub fn first_where(&self, holds: impl Fn(&G) -> bool) -> Option<usize> {
        self.states.iter().position(holds)
    }

    /// The last position before `before` where `holds` is true.
    pub fn last_before(&self, before: usize, holds: impl Fn(&G) -> bool) -> Option<usize> {
        self.states[..before.min(self.states.len())]
            .iter()
            .rposition(holds)
    }
}

/// The notation of `choices` played from `start` (each choice written at the state it is made
/// in, as saves record them). The error names the first choice refused.
pub fn notation<G: Game>(mut start: G, choices: &[G::Choice]) -> Result<Vec<String>, String> {
    let mut texts = Vec::with_capacity(choices.len());
    for (i, c) in choices.iter().enumerate() {
        texts.push(start.choice_text(c));
        start
            .play(*c)
            .map_err(|e| format!("choice {}: {e}", i + 1))?;
    }
    Ok(texts)
}

/// What undo needs to know about one decision already made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The seat that decided (0-based).
    pub seat: usize,
    /// The decision drew or shuffled cards or ended the turn ([`Recordable::undo_barrier`]).
    pub barrier: bool,
    /// The decision finished an action an earlier one of the same seat began
    /// ([`Recordable::continues_action`]): undo takes them back together.
    pub continues: bool,
}

impl Step {
    /// The step a seat took from `before` to `after`.
    pub fn between<G: Recordable>(before: &G, after: &G) -> Step {
        Step {
            seat: before.to_move(),
            barrier: is_barrier(before, after),
            continues: G::continues_action(before),
        }
    }
}

/// Whether undo must not take back the step from `before` to `after`: the game says so
/// ([`Recordable::undo_barrier`]), or the step ended the game (a finished game may show what
/// was hidden, and its result stands).
pub fn is_barrier<G: Recordable>(before: &G, after: &G) -> bool {
    after.is_over() || G::undo_barrier(before, after)
}

/// How many of `steps` to keep when `seat` undoes its last decision, or `None` if it may not.
///
/// Walking back from the newest decision: decisions of seats that `is_person` says are bots are
/// taken back along the way (so against the AI, undo returns to the person's previous decision);
/// the first decision of `seat` is the one undone; another person's decision stops the walk (a
/// player only takes back their own), and so does any barrier: undo never takes back a card
/// draw, a shuffle or the end of a turn. A decision that finished an action goes back with the
/// decisions of that action before it, as far as a barrier allows.
pub fn undo_point(steps: &[Step], seat: usize, is_person: impl Fn(usize) -> bool) -> Option<usize> {
    for (i, step) in steps.iter().enumerate().rev() {
        if step.barrier {
            return None;
        }
        if step.seat == seat {
            let mut first = i;
            while first > 0
                && steps[first].continues
                && !steps[first - 1].barrier
                && steps[first - 1].seat == seat
            {
                first -= 1;
            }
            return Some(first);
        }
        if is_person(step.seat) {
            return None;
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(seat: usize) -> Step {
        Step {
            seat,
            barrier: false,
            continues: false,
        }
    }

    fn wall(seat: usize) -> Step {
        Step {
            seat,
            barrier: true,
            continues: false,
        }
    }

    /// A decision that finishes an action begun before it.
    fn then(seat: usize) -> Step {
        Step {
            seat,
            barrier: false,
            continues: true,
        }
    }

    #[test]
    fn undo_takes_back_a_whole_action_as_far_as_a_barrier_allows() {
        let person = |seat: usize| seat == 0;
        // An action of three decisions: all three go.
        assert_eq!(
            undo_point(&[s(0), s(0), then(0), then(0)], 0, person),
            Some(1)
        );
        // A barrier inside it: back to just after the barrier.
        assert_eq!(undo_point(&[s(0), wall(0), then(0)], 0, person), Some(2));
        // Bots' decisions after it go too.
        assert_eq!(undo_point(&[s(0), then(0), s(1)], 0, person), Some(0));
    }

    #[test]
    fn undo_takes_back_own_decisions_up_to_a_barrier() {
        let person = |seat: usize| seat == 0 || seat == 2;
        // Own decision last: undo it.
        assert_eq!(undo_point(&[wall(1), s(0), s(0)], 0, person), Some(2));
        // Bot decisions after it are taken back too.
        assert_eq!(undo_point(&[s(0), s(1), s(1)], 0, person), Some(0));
        // Not a draw, a shuffle or the end of a turn, whoever made it.
        assert_eq!(undo_point(&[s(0), wall(1)], 0, person), None);
        assert_eq!(undo_point(&[wall(0)], 0, person), None);
        // Not another person's decision.
        assert_eq!(undo_point(&[s(0), s(2)], 0, person), None);
        assert_eq!(undo_point(&[], 0, person), None);
    }
}
