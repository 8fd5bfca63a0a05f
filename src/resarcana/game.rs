//! Res Arcana behind the shared [`Game`] trait, so that bots and records play it unchanged.

use super::decision::{ApplyError, Choice};
use super::eval;
use super::state::{Ask, ResArcana};
use crate::shell::game::Game;

impl Game for ResArcana {
    type Choice = Choice;
    type Error = ApplyError;

    fn players(&self) -> usize {
        ResArcana::players(self)
    }

    fn to_move(&self) -> usize {
        self.seat_to_move()
    }

    fn turn(&self) -> u32 {
        self.turn + 1
    }

    fn legal(&self, out: &mut Vec<Choice>) {
        ResArcana::legal(self, out);
    }

    fn play(&mut self, choice: Choice) -> Result<(), ApplyError> {
        self.apply(choice)
    }

    fn play_listed(&mut self, choice: Choice) {
        self.apply_listed(choice);
    }

    fn is_over(&self) -> bool {
        ResArcana::is_over(self)
    }

    fn rewards(&self) -> Vec<f64> {
        match &self.outcome {
            Some(o) => eval::rewards(self, o),
            None => vec![0.0; self.players()],
        }
    }

    fn scores(&self) -> Vec<i32> {
        (0..self.players()).map(|s| self.points(s) as i32).collect()
    }

    fn evaluate(&self) -> Vec<f64> {
        eval::estimate(self)
    }

    fn observation(&self, seat: usize) -> Self {
        ResArcana::observation(self, seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        ResArcana::determinize(self, seat, seed)
    }

    fn state_hash(&self) -> u64 {
        ResArcana::state_hash(self)
    }

    fn choice_text(&self, choice: &Choice) -> String {
        ResArcana::choice_text(self, choice)
    }

    fn parse_choice(&self, text: &str) -> Result<Choice, ApplyError> {
        ResArcana::parse_choice(self, text)
    }

    /// The later steps of something begun: payments, targets, gains, the swap after passing,
    /// the answers to a Life loss. Decisions that start something of their own are not: the
    /// action, the setup picks, each Collect decision, a victory-check reaction.
    fn mid_action(&self) -> bool {
        !matches!(
            self.pending.map(|d| d.ask),
            None | Some(
                Ask::Action
                    | Ask::Mage
                    | Ask::Item
                    | Ask::Draft
                    | Ask::Stored(_)
                    | Ask::CollectPick(..)
                    | Ask::CollectCost(_)
                    | Ask::Victory
            )
        )
    }
}
