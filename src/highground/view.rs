//! What one seat may know, and dealing what it cannot see again (for the bots' determinizations).
//!
//! Hidden: the other seats' hands, the order of the draw pile and of the setup pile, and the
//! generator's future (so the next die roll). Everything else is on the table: the board with its
//! covered cards, the pyramids, the discard pile, the number of cards in each hand and pile, a card
//! turned over or dug.

use super::card::Card;
use super::state::{HighGround, shuffle};
use crate::shell::rng::Rng;

impl HighGround {
    /// The game as `observer` (0-based) knows it: hidden cards sorted and dealt back in that
    /// canonical order, the generator reset. Two games that look the same to `observer` give the
    /// same observation, so a bot shown only observations cannot use hidden information.
    pub fn observation(&self, observer: usize) -> HighGround {
        self.redeal(observer, None)
    }

    /// A copy where everything `observer` cannot see is shuffled and dealt again, consistently
    /// with what it sees, and the generator is reseeded: a deal the hidden cards could have.
    pub fn determinize(&self, observer: usize, seed: u64) -> HighGround {
        self.redeal(observer, Some(seed))
    }

    fn redeal(&self, observer: usize, seed: Option<u64>) -> HighGround {
        let mut g = self.clone();
        let mut rng = Rng::seeded(seed.unwrap_or(0));
        let mut pool: Vec<Card> = Vec::with_capacity(64);
        let (deck_len, pile_len) = (g.deck.len(), g.pile.len());
        pool.append(&mut g.deck);
        pool.append(&mut g.pile);
        let mut sizes = vec![0; g.hands.len()];
        for (seat, hand) in g.hands.iter_mut().enumerate() {
            if seat != observer {
                sizes[seat] = hand.len();
                pool.append(hand);
            }
        }
        pool.sort();
        if seed.is_some() {
            shuffle(&mut pool, &mut rng);
        }
        for (seat, hand) in g.hands.iter_mut().enumerate() {
            if seat != observer {
                let rest = pool.len() - sizes[seat];
                *hand = pool.split_off(rest);
                hand.sort();
            }
        }
        g.pile = pool.split_off(pool.len() - pile_len);
        g.deck = pool;
        debug_assert_eq!(g.deck.len(), deck_len);
        g.rng = rng;
        // An observation's generator is not the game's: its rolls predict nothing. A
        // determinization's is one the game could have, and rolls from it are real samples.
        g.blind = seed.is_none();
        g.unseen_roll = false;
        g
    }
}
