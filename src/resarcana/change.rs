//! The small changes every rule is made of: asking a seat, gaining and losing essences,
//! discarding, destroying, putting a card into play.

use super::card::CardId;
use super::essence::Essences;
use super::state::{Ask, Decision, InPlay, Phase, ResArcana};

impl ResArcana {
    /// Sets the pending decision.
    pub(crate) fn ask(&mut self, seat: u8, ask: Ask) {
        self.pending = Some(Decision { seat, ask });
    }

    /// Adds essences to a seat's pool.
    pub(crate) fn gain(&mut self, seat: u8, e: &Essences) {
        let s = &mut self.seats[seat as usize];
        s.pool = s.pool.plus(e);
    }

    /// Takes essences from a seat's pool (never below 0).
    pub(crate) fn lose(&mut self, seat: u8, e: &Essences) {
        let s = &mut self.seats[seat as usize];
        s.pool = s.pool.minus(e);
    }

    /// Moves a card from its owner's hand to its discard pile.
    pub(crate) fn discard_from_hand(&mut self, seat: u8, card: CardId) {
        let s = &mut self.seats[seat as usize];
        if let Some(i) = s.hand.iter().position(|&c| c == card) {
            s.hand.remove(i);
            s.discard.push(card);
        }
    }

    /// Destroys a component of `seat`: to its discard pile, its essences back to the supply.
    pub(crate) fn destroy(&mut self, seat: u8, card: CardId) {
        let s = &mut self.seats[seat as usize];
        if let Some(i) = s.find(card) {
            s.play.remove(i);
            s.discard.push(card);
        }
    }

    /// Puts an artifact into play for `seat`, from its hand or from any discard pile.
    pub(crate) fn put_in_play(&mut self, seat: u8, card: CardId) {
        for s in self.seats.iter_mut() {
            if let Some(i) = s.discard.iter().position(|&c| c == card) {
                s.discard.remove(i);
            }
        }
        let s = &mut self.seats[seat as usize];
        s.hand.retain(|&c| c != card);
        s.play.push(InPlay::new(card));
    }

    /// The monument deck's top card is leaving it: nobody knows it on top any more.
    pub(crate) fn forget_monument_top(&mut self) {
        for s in self.seats.iter_mut() {
            s.known_monuments.pop();
        }
    }

    /// Whether the game is in its setup.
    pub fn in_setup(&self) -> bool {
        self.phase == Phase::Setup
    }
}
