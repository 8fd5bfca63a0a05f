//! A fingerprint of a position by value: the same on every build and machine (no pointers, no
//! hash-map order, no standard hasher whose keys may change), so saves can record it.

use super::state::{HighGround, Outcome, Pending, Then, Victory};
use crate::shell::hash::StableHasher;
use std::hash::Hasher;

/// The table's stable hasher ([`StableHasher`], FNV-1a), fed field by field.
struct Fnv(StableHasher);

impl Fnv {
    fn bytes(&mut self, bytes: &[u8]) {
        self.0.write(bytes);
    }

    fn byte(&mut self, b: u8) {
        self.0.write_u8(b);
    }

    /// A list's length first, so that neighbouring lists cannot run into each other.
    fn len(&mut self, n: usize) {
        self.0.write_u32(n as u32);
    }
}

impl HighGround {
    /// The position's fingerprint: everything that makes the game what it is, the generator's
    /// position included (so that a game about to roll differently hashes differently).
    pub fn state_hash(&self) -> u64 {
        let mut h = Fnv(StableHasher::new());
        h.byte(self.variant as u8);
        h.byte(self.players);
        h.len(self.board.len());
        for t in self.board.territories() {
            h.bytes(&[
                t.pos.x as u8,
                t.pos.y as u8,
                t.joker,
                t.owner.map_or(255, |o| o),
            ]);
            h.len(t.depth());
            for c in self.board.cards_at(t.pos) {
                h.byte(c.code());
            }
        }
        h.len(self.pyramids.stacks().len());
        for s in self.pyramids.stacks() {
            h.bytes(&[s.pos.x as u8, s.pos.y as u8]);
            h.len(s.pieces().len());
            for p in s.pieces() {
                h.byte(p.code());
            }
        }
        h.len(self.removed.len());
        for p in &self.removed {
            h.byte(p.code());
        }
        let cards = |h: &mut Fnv, list: &[super::card::Card]| {
            h.len(list.len());
            for c in list {
                h.byte(c.code());
            }
        };
        for hand in &self.hands {
            cards(&mut h, hand);
        }
        cards(&mut h, &self.deck);
        cards(&mut h, &self.discard);
        cards(&mut h, &self.pile);
        h.bytes(&[self.kings_aside, self.seat]);
        h.bytes(&self.turn.to_le_bytes());
        h.bytes(&self.quiet.to_le_bytes());
        h.byte(self.pending_code());
        match &self.pending {
            Pending::Lay(c) | Pending::Dug(c) => h.byte(c.code()),
            Pending::Level { at, then } => {
                h.bytes(&[at.x as u8, at.y as u8, *then as u8]);
            }
            Pending::Moving { piece, visited } => {
                h.byte(piece.code());
                h.len(visited.len());
                for p in visited {
                    h.bytes(&[p.x as u8, p.y as u8]);
                }
            }
            Pending::Die(f) => h.byte(*f as u8),
            Pending::HopAttack(p) | Pending::Hopping(p) | Pending::Swapping(p) => h.byte(p.code()),
            Pending::Over(o) => match o {
                Outcome::Won { seat, by } => h.bytes(&[*seat, *by as u8]),
                Outcome::Drawn => h.byte(255),
            },
            Pending::King | Pending::Action | Pending::Playing | Pending::Discarding => {}
        }
        h.bytes(&self.rng.word_pos().to_le_bytes());
        h.0.finish()
    }

    fn pending_code(&self) -> u8 {
        match self.pending {
            Pending::Lay(_) => 0,
            Pending::King => 1,
            Pending::Level { .. } => 2,
            Pending::Action => 3,
            Pending::Moving { .. } => 4,
            Pending::Playing => 5,
            Pending::Discarding => 6,
            Pending::Die(_) => 7,
            Pending::Dug(_) => 8,
            Pending::HopAttack(_) => 9,
            Pending::Over(_) => 10,
            // Rules 3: the second step of a HOP or a SWAP (new kinds, so no older hash moves).
            Pending::Hopping(_) => 11,
            Pending::Swapping(_) => 12,
        }
    }
}

// The enums hashed by discriminant must keep their order: pin it.
const _: () = {
    assert!(Then::EndTurn as u8 == 2);
    assert!(Victory::King as u8 == 1);
};
