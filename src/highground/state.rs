//! The state of a game of High Ground: board, pyramids, cards, whose turn, what is being decided.

use super::board::Board;
use super::card::Card;
use super::die::Face;
use super::pos::{Pos, Side};
use super::pyramid::{PieceId, Pyramids, Size, Trio};
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};

/// The full game or Mini-High Ground.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub enum Variant {
    /// Two trios each, a 3x3 board with the Kings beyond its edges, hands of 3.
    #[default]
    Normal,
    /// One trio each, a board of five cards with the Kings in the corners, hands of 2.
    Mini,
}

impl Variant {
    /// `normal` or `mini`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Normal => "normal",
            Variant::Mini => "mini",
        }
    }

    /// The most cards a hand may hold.
    pub fn hand_max(self) -> usize {
        match self {
            Variant::Normal => 3,
            Variant::Mini => 2,
        }
    }

    /// The trios each seat plays with.
    pub fn trios(self) -> &'static [Trio] {
        match self {
            Variant::Normal => &[Trio::Tree, Trio::Nest],
            Variant::Mini => &[Trio::Nest],
        }
    }

    /// How many face-down cards are laid before the Kings.
    pub fn laid_cards(self) -> usize {
        match self {
            Variant::Normal => 9,
            Variant::Mini => 5,
        }
    }

    /// Whether a card may be laid at `pos` during setup: the 3x3 around the centre, or in Mini the
    /// centre and its four neighbours (the corners are the Kings').
    pub fn lay_area(self, pos: Pos) -> bool {
        match self {
            Variant::Normal => pos.x.abs() <= 1 && pos.y.abs() <= 1,
            Variant::Mini => pos.x.abs() + pos.y.abs() <= 1,
        }
    }

    /// Where the Kings go.
    pub fn sides(self) -> [Side; 4] {
        match self {
            Variant::Normal => Side::ORTHOGONAL,
            Variant::Mini => Side::CORNERS,
        }
    }

    /// Every pyramid of `seat` in this variant, in id order.
    pub fn pieces_of(self, seat: u8) -> impl Iterator<Item = PieceId> {
        let mini = self == Variant::Mini;
        Size::ALL.into_iter().flat_map(move |size| {
            [Trio::Tree, Trio::Nest]
                .into_iter()
                .filter(move |t| !mini || *t == Trio::Nest)
                .map(move |trio| PieceId::new(seat, size, trio))
        })
    }
}

/// What ends a game with a winner.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Victory {
    /// Every other seat's pyramids were killed.
    Annihilation,
    /// At the start of the winner's turn, only its pyramids stood on an opponent's King.
    King,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Outcome {
    Won {
        seat: u8,
        by: Victory,
    },
    /// Too long without a kill (see [`QUIET_ROUNDS`]).
    Drawn,
}

/// What follows once a Joker's level is chosen.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Then {
    /// The next card of the setup is laid.
    Lay,
    /// The play-cards action goes on (more cards or stop).
    Playing,
    /// The turn ends (the card was dug).
    EndTurn,
}

/// The decision the game waits for.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Pending {
    /// Setup: the seat to move has turned this card over and places it.
    Lay(Card),
    /// Setup: the seat to move puts its King on a side.
    King,
    /// The level of the Joker just put at `at`.
    Level { at: Pos, then: Then },
    /// The start of a turn: move, play cards, discard/draw, or roll.
    Action,
    /// A pyramid is moving: another step, an attack, or stop. `visited` starts with where it set
    /// out; a move never enters a territory twice.
    Moving { piece: PieceId, visited: Vec<Pos> },
    /// Cards are being played: another, or stop.
    Playing,
    /// Cards are being discarded: another, or draw up to the hand's maximum.
    Discarding,
    /// The die shows this face: carry it out (a WILD: pick the face).
    Die(Face),
    /// DIG: this card was drawn and is played at once.
    Dug(Card),
    /// HOP: this pyramid was picked; where it goes (an adjacent territory).
    Hopping(PieceId),
    /// SWAP: this pyramid was picked; which pyramid it trades places with.
    Swapping(PieceId),
    /// A HOP landed this pyramid on a territory with enemies: attack one, or stop.
    HopAttack(PieceId),
    /// The game is over.
    Over(Outcome),
}

impl Pending {
    /// Short machine name (tests, the CLI).
    pub fn name(&self) -> &'static str {
        match self {
            Pending::Lay(_) => "lay",
            Pending::King => "king",
            Pending::Level { .. } => "level",
            Pending::Action => "action",
            Pending::Moving { .. } => "moving",
            Pending::Playing => "playing",
            Pending::Discarding => "discarding",
            Pending::Die(_) => "die",
            Pending::Dug(_) => "dug",
            Pending::Hopping(_) => "hopping",
            Pending::Swapping(_) => "swapping",
            Pending::HopAttack(_) => "hop-attack",
            Pending::Over(_) => "over",
        }
    }
}

/// Rounds without a kill after which the game is drawn (see `docs/high-ground.md`: the rules set
/// no end to a game where nobody can win, so we do). A round is one turn of every seat still in
/// the game. Kills are the only thing that cannot be undone, and there are at most 23 of them, so
/// every game ends.
pub const QUIET_ROUNDS: u32 = 30;

/// One game of High Ground.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct HighGround {
    pub(crate) variant: Variant,
    pub(crate) players: u8,
    pub(crate) board: Board,
    pub(crate) pyramids: Pyramids,
    /// Pyramids killed (removed from play), in id order.
    pub(crate) removed: Vec<PieceId>,
    /// Each seat's hand, sorted.
    pub(crate) hands: Vec<Vec<Card>>,
    /// The draw pile, top last.
    pub(crate) deck: Vec<Card>,
    /// The discard pile, top last.
    pub(crate) discard: Vec<Card>,
    /// Setup: the face-down cards still to be laid, top last.
    pub(crate) pile: Vec<Card>,
    /// Setup: Kings not laid yet.
    pub(crate) kings_aside: u8,
    /// The seat that decides now (0-based).
    pub(crate) seat: u8,
    /// The number of the turn in play (1 for the first; 0 during setup).
    pub(crate) turn: u32,
    /// Turns begun since the last kill (or since the first turn).
    pub(crate) quiet: u32,
    pub(crate) pending: Pending,
    pub(crate) rng: Rng,
    /// The face the die lies on since it was last rolled (public: it is on the table).
    pub(crate) die: Option<Face>,
    /// Set in an observation, whose generator is not the game's: a roll made in it stands for
    /// any of the six faces (see [`HighGround::unseen_roll`]). Never hashed or saved.
    pub(crate) blind: bool,
    /// The die was just rolled in a blind observation: the face it shows is no prediction, so
    /// the position is judged as the average over the faces (`eval::estimate`).
    pub(crate) unseen_roll: bool,
}

impl HighGround {
    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn pyramids(&self) -> &Pyramids {
        &self.pyramids
    }

    /// Pyramids killed so far, in id order.
    pub fn removed(&self) -> &[PieceId] {
        &self.removed
    }

    /// A seat's hand, sorted (0-based seat).
    pub fn hand(&self, seat: usize) -> &[Card] {
        self.hands.get(seat).map_or(&[], |h| h.as_slice())
    }

    /// Cards left in the draw pile.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The discard pile, top last.
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }

    /// Setup: face-down cards still to be laid.
    pub fn pile_len(&self) -> usize {
        self.pile.len()
    }

    /// The seat that decides now (0-based).
    pub fn seat_to_move(&self) -> usize {
        self.seat as usize
    }

    /// The number of the turn in play (0 during setup).
    pub fn turn_number(&self) -> u32 {
        self.turn
    }

    /// Turns begun since the last kill (or since the first turn); the game is drawn when this
    /// reaches [`QUIET_ROUNDS`] rounds.
    pub fn quiet_turns(&self) -> u32 {
        self.quiet
    }

    /// How many quiet turns draw the game now: [`QUIET_ROUNDS`] turns of each seat still in it.
    pub fn quiet_limit(&self) -> u32 {
        QUIET_ROUNDS * (0..self.players).filter(|s| self.alive(*s)).count() as u32
    }

    /// The face the die shows on the table: the last face rolled (a WILD stays a WILD, whatever
    /// it was used as); `None` before the first roll.
    pub fn die_face(&self) -> Option<Face> {
        self.die
    }

    /// Whether the die was just rolled in an observation (whose generator is not the game's):
    /// the face shown then is no prediction of the real roll, and bots judge the position as
    /// the average over the six faces. Always `false` in a real game.
    pub fn unseen_roll(&self) -> bool {
        self.unseen_roll
    }

    /// What the game waits for.
    pub fn pending(&self) -> &Pending {
        &self.pending
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.pending {
            Pending::Over(o) => Some(o),
            _ => None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Whether the game is still being set up (cards laid, Kings placed).
    pub fn in_setup(&self) -> bool {
        self.turn == 0 && !self.is_over()
    }

    /// Whether `seat` still has a pyramid on the board.
    pub fn alive(&self, seat: u8) -> bool {
        self.pyramids.count(seat) > 0
    }

    /// Every card in the game, wherever it is (board, hands, piles, the card in hand during
    /// setup or a DIG, Kings not laid yet): always a full deck.
    pub fn card_count(&self) -> usize {
        let held = matches!(self.pending, Pending::Lay(_) | Pending::Dug(_)) as usize;
        self.board.cards().count()
            + self.hands.iter().map(Vec::len).sum::<usize>()
            + self.deck.len()
            + self.discard.len()
            + self.pile.len()
            + held
            + self.kings_aside as usize
    }

    /// Draws the top card, shuffling the discard pile into a new draw pile when the draw pile is
    /// empty. `None` when both are empty.
    pub(crate) fn draw_card(&mut self) -> Option<Card> {
        if self.deck.is_empty() && !self.discard.is_empty() {
            self.deck = std::mem::take(&mut self.discard);
            shuffle(&mut self.deck, &mut self.rng);
        }
        self.deck.pop()
    }

    /// Whether a card can be drawn (from the draw pile, or the discard pile shuffled).
    pub(crate) fn can_draw(&self) -> bool {
        !self.deck.is_empty() || !self.discard.is_empty()
    }

    /// Ends the game if only one seat has pyramids left.
    pub(crate) fn check_annihilation(&mut self) {
        let alive: Vec<u8> = (0..self.players).filter(|s| self.alive(*s)).collect();
        if let [seat] = alive[..] {
            self.pending = Pending::Over(Outcome::Won {
                seat,
                by: Victory::Annihilation,
            });
        }
    }

    /// Whether `seat` is the only colour on some opponent's King.
    pub fn holds_enemy_king(&self, seat: u8) -> bool {
        self.board.territories().iter().any(|t| {
            t.is_king()
                && t.owner.is_some_and(|o| o != seat)
                && self.pyramids.seats_mask_at(t.pos) == 1 << seat
        })
    }

    /// Starts `seat`'s turn: the King victory is checked first, then the rounds without a kill.
    pub(crate) fn begin_turn(&mut self, seat: u8) {
        self.seat = seat;
        self.turn = self.turn.saturating_add(1);
        self.quiet = self.quiet.saturating_add(1);
        self.pending = if self.holds_enemy_king(seat) {
            Pending::Over(Outcome::Won {
                seat,
                by: Victory::King,
            })
        } else if self.quiet > self.quiet_limit() {
            Pending::Over(Outcome::Drawn)
        } else {
            Pending::Action
        };
    }

    /// Passes the turn to the next seat that still has pyramids.
    pub(crate) fn end_turn(&mut self) {
        if self.is_over() {
            return;
        }
        let next = (1..=self.players)
            .map(|k| (self.seat + k) % self.players)
            .find(|s| self.alive(*s))
            .unwrap_or(self.seat);
        self.begin_turn(next);
    }
}

/// Fisher-Yates with the game's generator (portable: the same seed shuffles alike everywhere).
pub(crate) fn shuffle(cards: &mut [Card], rng: &mut Rng) {
    for i in (1..cards.len()).rev() {
        let j = rng.below(i as u32 + 1) as usize;
        cards.swap(i, j);
    }
}
