//! Setting a game up: what a new game needs (players, variant), its validation, and the setup
//! steps before the first turn (cards laid face up one by one, Kings placed, pyramids put on the
//! Kings, hands dealt).

use super::card::{Card, full_deck};
use super::pos::Pos;
use super::pyramid::{PieceId, Size, Trio};
use super::state::{HighGround, Pending, Variant, shuffle};
use crate::shell::rng::Rng;
use std::fmt;

/// What a new game is made from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Setup {
    /// 2 to 4.
    pub players: u8,
    pub variant: Variant,
}

/// Why a game cannot be set up.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SetupError {
    /// High Ground is for 2 to 4 players.
    Players(u8),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::Players(n) => write!(f, "High Ground is for 2 to 4 players, not {n}"),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// Checks the setup.
    pub fn validate(&self) -> Result<(), SetupError> {
        if (2..=4).contains(&self.players) {
            Ok(())
        } else {
            Err(SetupError::Players(self.players))
        }
    }
}

impl HighGround {
    /// A new game: the deck shuffled from `seed` with the Kings set aside, the cards to lay face
    /// down in a pile, and the first card turned over and laid in the centre.
    pub fn new_game(setup: Setup, seed: u64) -> Result<HighGround, SetupError> {
        setup.validate()?;
        let mut rng = Rng::seeded(seed);
        let mut deck: Vec<Card> = full_deck().into_iter().filter(|c| !c.is_king()).collect();
        shuffle(&mut deck, &mut rng);
        let pile = deck.split_off(deck.len() - setup.variant.laid_cards());
        let mut g = HighGround {
            variant: setup.variant,
            players: setup.players,
            board: Default::default(),
            pyramids: Default::default(),
            removed: Vec::new(),
            hands: vec![Vec::new(); setup.players as usize],
            deck,
            discard: Vec::new(),
            pile,
            kings_aside: 4,
            seat: 0,
            turn: 0,
            quiet: 0,
            pending: Pending::King,
            rng,
            die: None,
            blind: false,
            unseen_roll: false,
        };
        g.next_lay();
        g.settle();
        Ok(g)
    }

    /// Where the card being laid may go: the centre for the first card, then any empty place of
    /// the lay area next to a card already laid.
    pub(crate) fn lay_spots(&self) -> Vec<Pos> {
        if self.board.is_empty() {
            return vec![Pos::CENTRE];
        }
        self.board
            .blank_spaces()
            .iter()
            .copied()
            .filter(|p| self.variant.lay_area(*p))
            .collect()
    }

    /// The next seat turns the next card over; once all are laid, the Kings are placed.
    pub(crate) fn next_lay(&mut self) {
        match self.pile.pop() {
            Some(card) => {
                // Card k of the setup is turned by seat k (round the table).
                self.seat = (self.board.len() % self.players as usize) as u8;
                self.pending = Pending::Lay(card);
            }
            None => {
                self.seat = 0;
                self.pending = Pending::King;
            }
        }
    }

    /// The sides still free for a King.
    pub(crate) fn free_sides(&self) -> Vec<super::pos::Side> {
        self.variant
            .sides()
            .into_iter()
            .filter(|s| !self.board.has(s.pos()))
            .collect()
    }

    /// After the last seat placed its King: the other Kings fill the free sides, each seat's
    /// trios go onto its King (the tree stacked large-medium-small, the nest small inside medium
    /// inside large), hands are dealt round the table, and seat 1 begins.
    pub(crate) fn finish_setup(&mut self) {
        for side in self.free_sides() {
            self.board.lay_king(side.pos(), None);
        }
        self.kings_aside = 0;
        for seat in 0..self.players {
            let Some(king) = self.board.king_of(seat).map(|t| t.pos) else {
                continue;
            };
            for &trio in self.variant.trios() {
                let order = match trio {
                    Trio::Tree => [Size::Large, Size::Medium, Size::Small],
                    Trio::Nest => [Size::Small, Size::Medium, Size::Large],
                };
                let stack = order
                    .into_iter()
                    .map(|size| PieceId::new(seat, size, trio))
                    .collect();
                self.pyramids.place(king, stack);
            }
        }
        for _ in 0..self.variant.hand_max() {
            for seat in 0..self.players as usize {
                if let Some(card) = self.draw_card() {
                    self.hands[seat].push(card);
                }
            }
        }
        for hand in &mut self.hands {
            hand.sort();
        }
        self.begin_turn(0);
    }
}
