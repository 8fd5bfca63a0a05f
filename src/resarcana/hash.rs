//! The position's fingerprint, through the shared stable hasher: the same on every machine and
//! build that plays the same game (saves record it).

use super::state::ResArcana;
use crate::shell::hash::StableHasher;
use std::hash::Hasher;

impl ResArcana {
    /// Everything that makes the game what it is, the generator's position included. The card
    /// data is named by the cards' names (so an edited file gives other hashes).
    pub fn state_hash(&self) -> u64 {
        let mut h = StableHasher::new();
        for id in self.db.ids() {
            h.text(self.db.name(id));
        }
        h.add(&self.variant)
            .add(&self.seats)
            .add(&self.token)
            .add(&self.first_passed)
            .add(&self.monuments)
            .add(&self.monument_deck)
            .add(&self.places)
            .add(&self.items)
            .add(&self.boxed)
            .add(&self.looking)
            .add(&self.collect_start)
            .add(&self.phase)
            .add(&self.pending)
            .add(&self.tasks)
            .add(&self.ctx)
            .add(&self.round)
            .add(&self.turn)
            .add(&self.outcome);
        h.write_u128(self.rng.word_pos());
        h.finish()
    }
}
