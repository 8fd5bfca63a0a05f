//! Playing cards as High Ground uses them: a rank and nothing else.
//!
//! Suits play no part in the rules, so a card is only its rank (Ace to King) or a Joker; the deck is
//! four of each rank and two Jokers. A territory's *level* is its top card's rank (Ace 1 ... King
//! 13), or for a Joker the level chosen when it was played (1 to 12: "whatever level a player chooses
//! except Kings").

use std::fmt;

/// One playing card: a rank, or a Joker.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Card(u8);

/// The levels a Joker may be given: Ace (1) to Queen (12), never a King.
pub const JOKER_LEVELS: std::ops::RangeInclusive<u8> = 1..=12;

/// How many cards a full deck holds: 52 ranks and 2 Jokers.
pub const DECK_SIZE: usize = 54;

/// Rank names, Ace first; the index plus one is the rank's level.
const NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

impl Card {
    /// The Ace, the lowest card.
    pub const ACE: Card = Card(1);
    /// The King, the highest card (the players' home territories).
    pub const KING: Card = Card(13);
    /// The Joker, whose level is chosen when it is played.
    pub const JOKER: Card = Card(14);

    /// The card of rank `level` (1 = Ace ... 13 = King).
    pub fn of_level(level: u8) -> Option<Card> {
        (1..=13).contains(&level).then_some(Card(level))
    }

    /// Whether this is a Joker.
    pub fn is_joker(self) -> bool {
        self == Card::JOKER
    }

    /// Whether this is a King.
    pub fn is_king(self) -> bool {
        self == Card::KING
    }

    /// The printed level (1-13); `None` for a Joker, whose level is chosen.
    pub fn level(self) -> Option<u8> {
        (!self.is_joker()).then_some(self.0)
    }

    /// The name used in notation and positions: `A`, `2` ... `10`, `J`, `Q`, `K`, `joker`.
    pub fn name(self) -> &'static str {
        match self.level() {
            Some(l) => NAMES[(l - 1) as usize],
            None => "joker",
        }
    }

    /// Reads a card name (`A`, `2`...`10`, `J`, `Q`, `K`, `joker`; any case).
    pub fn parse(text: &str) -> Option<Card> {
        if text.eq_ignore_ascii_case("joker") {
            return Some(Card::JOKER);
        }
        NAMES
            .iter()
            .position(|n| n.eq_ignore_ascii_case(text))
            .map(|i| Card(i as u8 + 1))
    }

    /// A small number unique to each card (for hashing).
    pub fn code(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The name of a level (1-13) as the card of that rank is called: `A`, `2` ... `K`.
pub fn level_name(level: u8) -> &'static str {
    Card::of_level(level).map_or("?", Card::name)
}

/// Reads a level written as a rank name (`A`...`K`) or as a number (1-13).
pub fn parse_level(text: &str) -> Option<u8> {
    if let Some(card) = Card::parse(text) {
        return card.level();
    }
    text.parse::<u8>().ok().filter(|l| (1..=13).contains(l))
}

/// Every card of a deck in a fixed order: four of each rank, Ace first, then the two Jokers.
pub fn full_deck() -> Vec<Card> {
    let mut deck: Vec<Card> = (1..=13).flat_map(|l| [Card(l); 4]).collect();
    deck.extend([Card::JOKER; 2]);
    deck
}

/// How many copies of `card` a full deck holds.
pub fn copies_in_deck(card: Card) -> usize {
    if card.is_joker() { 2 } else { 4 }
}

/// Cards written as space-separated names.
pub fn write_cards(cards: &[Card]) -> String {
    cards.iter().map(|c| c.name()).collect::<Vec<_>>().join(" ")
}

/// Reads space-separated card names; the error names the first word that is not a card.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    text.split_whitespace()
        .map(|w| Card::parse(w).ok_or_else(|| w.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for card in full_deck() {
            assert_eq!(Card::parse(card.name()), Some(card));
        }
        assert_eq!(Card::parse("q"), Some(Card(12)));
        assert_eq!(Card::parse("1"), None);
        assert_eq!(parse_level("J"), Some(11));
        assert_eq!(parse_level("11"), Some(11));
        assert_eq!(parse_level("joker"), None);
    }

    #[test]
    fn the_deck_has_four_of_each_rank_and_two_jokers() {
        let deck = full_deck();
        assert_eq!(deck.len(), DECK_SIZE);
        assert_eq!(deck.iter().filter(|c| c.is_king()).count(), 4);
        assert_eq!(deck.iter().filter(|c| c.is_joker()).count(), 2);
    }
}
