//! High Ground behind the shared [`Game`] trait, so that bots and records play it unchanged.

use super::decision::{ApplyError, Choice};
use super::state::{HighGround, Pending, Then};
use super::{eval, notation, playout};
use crate::shell::game::{Game, Heuristics, SearchBudgets};

impl Game for HighGround {
    type Choice = Choice;
    type Error = ApplyError;

    fn players(&self) -> usize {
        HighGround::players(self)
    }

    fn to_move(&self) -> usize {
        self.seat_to_move()
    }

    fn turn(&self) -> u32 {
        self.turn_number()
    }

    fn legal(&self, out: &mut Vec<Choice>) {
        HighGround::legal(self, out);
    }

    fn play(&mut self, choice: Choice) -> Result<(), ApplyError> {
        self.apply(choice)
    }

    fn play_listed(&mut self, choice: Choice) {
        self.apply_listed(choice);
    }

    fn is_over(&self) -> bool {
        HighGround::is_over(self)
    }

    fn rewards(&self) -> Vec<f64> {
        match self.outcome() {
            Some(outcome) => eval::rewards(self, outcome),
            None => vec![0.0; self.players()],
        }
    }

    fn observation(&self, seat: usize) -> Self {
        HighGround::observation(self, seat)
    }

    fn determinize(&self, seat: usize, seed: u64) -> Self {
        HighGround::determinize(self, seat, seed)
    }

    fn state_hash(&self) -> u64 {
        self.state_hash()
    }

    fn choice_text(&self, choice: &Choice) -> String {
        notation::write(choice)
    }

    fn parse_choice(&self, text: &str) -> Result<Choice, ApplyError> {
        notation::parse(text).map_err(ApplyError::Unreadable)
    }

    /// The observation as the bot protocol's document (`super::wire`): written for the seat to
    /// move, whose observation this is.
    fn wire(&self) -> Option<serde_json::Value> {
        Some(super::wire::to_wire(self))
    }
}

impl Heuristics for HighGround {
    fn evaluate(&self) -> Vec<f64> {
        eval::estimate(self)
    }

    fn search_evaluate(&self) -> Vec<f64> {
        eval::search_estimate(self)
    }

    fn playout_pick(&self, legal: &[Choice], random: u64) -> usize {
        playout::pick(self, legal, random)
    }

    /// The later parts of one action: the steps of a move, discards before the draw, what the
    /// die allows (but not a roll just made in an observation), a Joker's level (but not a setup
    /// card's). Cards played after the first are
    /// not: each card is judged on its own, which spares bots judging every pair of cards and
    /// places (the most choices any decision has).
    fn mid_action(&self) -> bool {
        match self.pending() {
            Pending::Moving { .. }
            | Pending::Discarding
            | Pending::Dug(_)
            | Pending::Hopping(_)
            | Pending::Swapping(_)
            | Pending::HopAttack(_) => true,
            // A roll in an observation is judged as it stands, over all six faces (see
            // `eval::estimate`); a face really shown is carried out like any other step.
            Pending::Die(_) => !self.unseen_roll(),
            Pending::Level { then, .. } => *then != Then::Lay,
            Pending::Playing
            | Pending::Lay(_)
            | Pending::King
            | Pending::Action
            | Pending::Over(_) => false,
        }
    }

    /// The default budgets; `hard` plays the die's faces, the steps of its moves and its HOP
    /// attacks out as their mover's best, not at random. That is what lifts it over `normal`
    /// (four times the iterations did not: `docs/ai.md`, High Ground).
    fn search_budgets(&self) -> SearchBudgets {
        SearchBudgets {
            hard_greedy_effects: true,
            // Two decisions, then the estimate, which prices the kill in the mover's reach: with
            // twelve, `normal` and `hard` passed on a TIP that takes an enemy off its pyramid
            // before an AIM (`tests/hg-tactics/`, issue 53).
            playout_depth: 2,
            ..SearchBudgets::default()
        }
    }
}
