//! A fixed-capacity list of cards stored inline, so that cloning a game state never allocates.

use super::cards::CardId;
use crate::shell::rng::Rng;
use std::fmt;

/// Up to `N` cards. For a deck or pile the top card is the last one.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardList<const N: usize> {
    len: u8,
    items: [CardId; N],
}

impl<const N: usize> Default for CardList<N> {
    fn default() -> Self {
        CardList {
            len: 0,
            items: [CardId(0); N],
        }
    }
}

/// Written as the list of its cards (bottom first), for the bot protocol's game states.
impl<const N: usize> serde::Serialize for CardList<N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

/// Reads a list of cards, refusing more than the list holds.
impl<'de, const N: usize> serde::Deserialize<'de> for CardList<N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<CardId>::deserialize(d)?;
        CardList::from_slice(&cards)
            .ok_or_else(|| serde::de::Error::custom(format!("more than {N} cards in a list")))
    }
}

impl<const N: usize> fmt::Debug for CardList<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<const N: usize> CardList<N> {
    pub const CAPACITY: usize = N;

    pub fn from_slice(cards: &[CardId]) -> Option<Self> {
        let mut list = Self::default();
        for &c in cards {
            if !list.push(c) {
                return None;
            }
        }
        Some(list)
    }

    pub fn len(&self) -> usize {
        self.len as usize
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn as_slice(&self) -> &[CardId] {
        &self.items[..self.len as usize]
    }

    pub fn iter(&self) -> impl Iterator<Item = CardId> + '_ {
        self.as_slice().iter().copied()
    }

    pub fn contains(&self, id: CardId) -> bool {
        self.as_slice().contains(&id)
    }

    /// Adds on top. Returns false (and changes nothing) when full.
    pub fn push(&mut self, id: CardId) -> bool {
        if self.len as usize >= N {
            return false;
        }
        self.items[self.len as usize] = id;
        self.len += 1;
        true
    }

    /// Takes the top card.
    pub fn pop(&mut self) -> Option<CardId> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    /// Slides a card under the others.
    pub fn push_bottom(&mut self, id: CardId) -> bool {
        if self.len as usize >= N {
            return false;
        }
        self.items.copy_within(0..self.len as usize, 1);
        self.items[0] = id;
        self.len += 1;
        true
    }

    /// Removes one copy of a card, keeping the order of the rest.
    pub fn remove(&mut self, id: CardId) -> bool {
        match self.as_slice().iter().position(|&c| c == id) {
            Some(i) => {
                self.items.copy_within(i + 1..self.len as usize, i);
                self.len -= 1;
                true
            }
            None => false,
        }
    }

    /// Sorts by card id (a canonical order that reveals nothing).
    pub fn sort(&mut self) {
        self.items[..self.len as usize].sort();
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Fisher-Yates with the game's portable generator.
    pub fn shuffle(&mut self, rng: &mut Rng) {
        let n = self.len as usize;
        for i in (1..n).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            self.items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_operations() {
        let mut l: CardList<4> = CardList::default();
        assert!(l.push(CardId(1)));
        assert!(l.push(CardId(2)));
        assert!(l.push_bottom(CardId(3)));
        assert_eq!(l.as_slice(), &[CardId(3), CardId(1), CardId(2)]);
        assert_eq!(l.pop(), Some(CardId(2)));
        assert!(l.remove(CardId(3)));
        assert_eq!(l.as_slice(), &[CardId(1)]);
        assert!(l.push(CardId(5)) && l.push(CardId(6)) && l.push(CardId(7)));
        assert!(!l.push(CardId(8)));
    }
}
