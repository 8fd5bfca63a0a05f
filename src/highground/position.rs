//! Positions written by hand in RON (tests, and later `legal`/`play --position`): any position of
//! the setup or of play, checked before use, with every problem named in one line.
//!
//! ```ron
//! (
//!     variant: Normal,            // or Mini
//!     players: 2,                 // default: how many seats `kings` lists (at least 2)
//!     seed: 7,                    // shuffles what the position leaves to chance, rolls the die
//!     to_move: 1,                 // seat 1-4
//!     turn: 12,                   // the number of the turn in play (default 1)
//!     quiet: 5,                   // turns since the last kill, this one included (default: turn)
//!     board: [                    // "x,y: cards bottom first"; an optional `|` or `-` after
//!         "0,0 |: 5 9",           //   the position is checked against the orientation rule;
//!         "1,0: joker=7",         //   a Joker on top says its level
//!         "0,-2: K", "0,2: K", "2,0: K", "-2,0: K", ...
//!     ],
//!     kings: ["0,-2", "0,2"],     // per seat: where its King is
//!     stacks: ["0,-2: 1Lt 1Mt 1St", "0,0: 2Sn 1Mn"],   // pyramids bottom first
//!     hands: ["7 Q", "A joker"],  // per seat; left out: dealt from the cards placed nowhere
//!     deck: "3 4",                // top first; left out: every card not elsewhere, shuffled
//!     discard: "2 2",             // bottom first
//!     pile: "5 8",                // setup: face-down cards still to lay, top first
//!     roll: Hop,                  // the die shows this face: the turn starts at its decision
//! )
//! ```
//! Pyramids left out of `stacks` have been killed. See `docs/high-ground.md` for every rule.

use super::board::Territory;
use super::card::{Card, JOKER_LEVELS, copies_in_deck, full_deck, parse_cards};
use super::die::Face;
use super::pos::{Orientation, Pos};
use super::pyramid::PieceId;
use super::setup::{Setup, SetupError};
use super::state::{HighGround, Pending, Variant, shuffle};
use crate::shell::quote;
use crate::shell::rng::Rng;
use serde::Deserialize;
use std::fmt;

/// The highest turn number a position may give (far beyond any real game).
pub const MAX_TURN: u32 = 100_000;

/// A position as written. Everything has a default.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Position {
    pub variant: Variant,
    pub players: Option<u8>,
    pub seed: u64,
    /// Seat to move, 1-4 (default 1).
    pub to_move: Option<u8>,
    /// The turn in play (default 1).
    pub turn: Option<u32>,
    /// Turns since the last kill, counting the turn in play (default: as many as `turn`).
    pub quiet: Option<u32>,
    /// Territories: `"x,y: cards"` (bottom first), `"x,y |: cards"` to check the orientation.
    pub board: Vec<String>,
    /// Per seat: the position of its King.
    pub kings: Vec<String>,
    /// Stacks of pyramids: `"x,y: 1Lt 1Mt"` (bottom first).
    pub stacks: Vec<String>,
    /// Per seat: the hand; left out, every seat is dealt a full hand from the cards placed
    /// nowhere else (none during setup).
    pub hands: Option<Vec<String>>,
    /// The draw pile, top first; left out, every card not elsewhere, shuffled. When it is given,
    /// the cards placed nowhere go under the discard pile.
    pub deck: Option<String>,
    /// The discard pile, bottom first.
    pub discard: String,
    /// Setup: face-down cards still to be laid, top first.
    pub pile: Option<String>,
    /// The die shows this face and the seat to move carries it out.
    pub roll: Option<Face>,
}

/// What is wrong with a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Not readable as RON.
    Syntax {
        line: usize,
        col: usize,
        message: String,
    },
    /// The number of players.
    Setup(SetupError),
    /// An entry that does not read (a position, card or pyramid name).
    Unreadable {
        field: &'static str,
        entry: String,
        why: String,
    },
    /// Something the rules do not allow, in the named field.
    Invalid { field: &'static str, why: String },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // What the text said is quoted short and escaped (a damaged file may hold a field name
        // of thousands of characters, or escape sequences), as every loader's messages are.
        let text = match self {
            PositionError::Syntax { line, col, message } => format!("{line}:{col}: {message}"),
            PositionError::Setup(e) => format!("players: {e}"),
            PositionError::Unreadable { field, entry, why } => {
                format!("{field}: `{}`: {why}", quote::short(entry))
            }
            PositionError::Invalid { field, why } => format!("{field}: {why}"),
        };
        f.write_str(&quote::message(&text))
    }
}

impl std::error::Error for PositionError {}

fn invalid<T>(field: &'static str, why: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError::Invalid {
        field,
        why: why.into(),
    })
}

fn unreadable(field: &'static str, entry: &str, why: impl Into<String>) -> PositionError {
    PositionError::Unreadable {
        field,
        entry: entry.to_string(),
        why: why.into(),
    }
}

/// The phase a position is in.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Phase {
    Lay,
    Kings,
    Play,
}

impl Position {
    /// Reads a position from RON text.
    pub fn parse(text: &str) -> Result<Position, PositionError> {
        ron_options().from_str(text).map_err(|e| {
            let (line, col, message) = quote::ron_error(&e);
            PositionError::Syntax { line, col, message }
        })
    }

    /// Checks the position and builds the game.
    pub fn into_game(&self) -> Result<HighGround, PositionError> {
        let players = self.players.unwrap_or(self.kings.len().clamp(2, 4) as u8);
        Setup {
            players,
            variant: self.variant,
        }
        .validate()
        .map_err(PositionError::Setup)?;
        let variant = self.variant;
        let mut rng = Rng::seeded(self.seed);
        let mut g = HighGround {
            variant,
            players,
            board: Default::default(),
            pyramids: Default::default(),
            removed: Vec::new(),
            hands: vec![Vec::new(); players as usize],
            deck: Vec::new(),
            discard: Vec::new(),
            pile: Vec::new(),
            kings_aside: 0,
            seat: 0,
            turn: 0,
            quiet: 0,
            pending: Pending::Action,
            rng: Rng::seeded(0),
            die: None,
            blind: false,
            unseen_roll: false,
        };
        self.read_board(&mut g, None)?;
        // Covered ones (Kings nobody plays) included.
        let kings_on_board = g.board.cards().filter(|c| c.is_king()).count();
        let pile = match &self.pile {
            Some(text) => parse_cards(text).map_err(|w| unreadable("pile", &w, "not a card"))?,
            None => Vec::new(),
        };
        let phase = if !pile.is_empty() {
            Phase::Lay
        } else if kings_on_board < 4 {
            Phase::Kings
        } else {
            Phase::Play
        };
        self.read_kings(&mut g, phase)?;
        if phase != Phase::Play {
            self.check_setup(&g, phase, pile.len())?;
        }
        self.read_stacks(&mut g, phase)?;
        let hands = self.read_hands(&g, phase)?;
        let discard =
            parse_cards(&self.discard).map_err(|w| unreadable("discard", &w, "not a card"))?;
        let deck = match &self.deck {
            Some(text) => {
                Some(parse_cards(text).map_err(|w| unreadable("deck", &w, "not a card"))?)
            }
            None => None,
        };
        // Every card must come from one deck; what the position does not place is shuffled
        // into the draw pile (or, when the draw pile is given, put under the discard pile).
        let mut unplaced = full_deck();
        let mut take = |card: Card, field: &'static str| -> Result<(), PositionError> {
            match unplaced.iter().position(|c| *c == card) {
                Some(i) => {
                    unplaced.remove(i);
                    Ok(())
                }
                None => invalid(
                    field,
                    format!(
                        "one {} too many (a deck has {})",
                        card.name(),
                        copies_in_deck(card)
                    ),
                ),
            }
        };
        for card in g.board.cards().collect::<Vec<_>>() {
            take(card, "board")?;
        }
        for &card in hands.iter().flatten().flatten() {
            take(card, "hands")?;
        }
        for &card in &discard {
            take(card, "discard")?;
        }
        for &card in &pile {
            if card.is_king() {
                return invalid("pile", "Kings are set aside, never laid face down");
            }
            take(card, "pile")?;
        }
        for &card in deck.iter().flatten() {
            if card.is_king() && phase != Phase::Play {
                return invalid("deck", "Kings are set aside during the setup");
            }
            take(card, "deck")?;
        }
        // Kings not on the board are held by the players during the setup, and in play there
        // are none (checked above); any others are in the unplaced cards.
        let aside = unplaced.iter().filter(|c| c.is_king()).count();
        if phase == Phase::Play && aside > 0 {
            return invalid("deck", "every King is on the board once the game has begun");
        }
        unplaced.retain(|c| !c.is_king());
        g.kings_aside = aside as u8;
        // Hands left out are dealt from the shuffled cards the position does not place, so a
        // given draw pile stays exactly as written. With the draw pile and the hands given, the
        // rest goes under the discard pile unshuffled: nothing is left to chance.
        if deck.is_none() || (hands.is_none() && phase == Phase::Play) {
            shuffle(&mut unplaced, &mut rng);
        }
        match hands {
            Some(list) => {
                for (seat, hand) in list.into_iter().enumerate() {
                    g.hands[seat] = hand;
                }
            }
            None if phase == Phase::Play => {
                for _ in 0..variant.hand_max() {
                    for seat in 0..players as usize {
                        if let Some(card) = unplaced.pop() {
                            g.hands[seat].push(card);
                        }
                    }
                }
            }
            None => {}
        }
        for hand in &mut g.hands {
            hand.sort();
        }
        match deck {
            Some(list) => {
                g.deck = list.into_iter().rev().collect();
                g.discard = unplaced;
                g.discard.extend(discard);
            }
            None => {
                g.deck = unplaced;
                g.discard = discard;
            }
        }
        g.pile = pile.into_iter().rev().collect();
        g.rng = rng;
        self.start(&mut g, phase)?;
        Ok(g)
    }

    /// Lays the `board` entries onto `g`. A Joker on top needs its level, except at `unset`:
    /// the Joker whose level is being chosen (the bot protocol's observations stop there).
    pub(super) fn read_board(
        &self,
        g: &mut HighGround,
        unset: Option<Pos>,
    ) -> Result<(), PositionError> {
        for entry in &self.board {
            let (head, cards) = entry
                .split_once(':')
                .ok_or_else(|| unreadable("board", entry, "expected `x,y: cards`"))?;
            let mut head = head.split_whitespace();
            let pos_text = head.next().unwrap_or("");
            let pos = Pos::parse(pos_text)
                .ok_or_else(|| unreadable("board", entry, "expected a position like 0,-1"))?;
            if let Some(mark) = head.next() {
                let want = match mark {
                    "|" => Orientation::Upright,
                    "-" => Orientation::Sideways,
                    _ => return Err(unreadable("board", entry, "the orientation is `|` or `-`")),
                };
                if want != pos.orientation() {
                    return invalid(
                        "board",
                        format!(
                            "a card at {pos} lies `{}` (neighbouring cards alternate, the centre upright)",
                            pos.orientation().symbol()
                        ),
                    );
                }
            }
            if g.board.has(pos) {
                return invalid("board", format!("{pos} is listed twice"));
            }
            let words: Vec<&str> = cards.split_whitespace().collect();
            if words.is_empty() {
                return invalid("board", format!("no card at {pos}"));
            }
            let mut cards = Vec::new();
            let mut joker = 0;
            for (i, word) in words.iter().enumerate() {
                let (name, level) = match word.split_once('=') {
                    Some((name, level)) => (name, Some(level)),
                    None => (*word, None),
                };
                let card = Card::parse(name)
                    .ok_or_else(|| unreadable("board", entry, format!("`{name}` is not a card")))?;
                let top = i + 1 == words.len();
                match (card.is_joker(), level, top) {
                    (true, Some(l), true) => {
                        joker = super::card::parse_level(l)
                            .filter(|l| JOKER_LEVELS.contains(l))
                            .ok_or_else(|| {
                                unreadable("board", entry, "a Joker's level is A to Q (1-12)")
                            })?;
                    }
                    (true, None, true) if unset == Some(pos) => {}
                    (true, None, true) => {
                        return invalid(
                            "board",
                            format!("the Joker on top at {pos} needs a level (`joker=7`)"),
                        );
                    }
                    (_, Some(_), _) => {
                        return invalid(
                            "board",
                            format!("at {pos}: only a Joker on top has a level"),
                        );
                    }
                    _ => {}
                }
                cards.push(card);
            }
            // Kings are laid in the setup, never played: one is only ever the bottom card (a
            // King nobody plays may be covered).
            if cards.iter().skip(1).any(|c| c.is_king()) {
                return invalid(
                    "board",
                    format!("a King at {pos} lies on another card: Kings are never played"),
                );
            }
            for card in cards {
                g.board.play(pos, card);
            }
            g.board.set_joker(pos, joker);
        }
        if !g.board.is_connected() {
            return invalid("board", "the cards do not form one connected board");
        }
        Ok(())
    }

    fn read_kings(&self, g: &mut HighGround, phase: Phase) -> Result<(), PositionError> {
        if self.kings.len() > g.players as usize {
            return invalid(
                "kings",
                format!(
                    "{} Kings listed for {} players",
                    self.kings.len(),
                    g.players
                ),
            );
        }
        if phase == Phase::Play && self.kings.len() != g.players as usize {
            return invalid(
                "kings",
                format!("every one of the {} seats needs its King", g.players),
            );
        }
        if phase == Phase::Kings && self.kings.len() == g.players as usize {
            return invalid(
                "board",
                "every seat has placed its King: the Kings nobody plays fill the free sides",
            );
        }
        for (seat, entry) in self.kings.iter().enumerate() {
            let pos = Pos::parse(entry)
                .ok_or_else(|| unreadable("kings", entry, "expected a position like 0,-2"))?;
            let Some(t) = g.board.get(pos) else {
                return invalid("kings", format!("no card at {pos}"));
            };
            if !t.is_king() {
                return invalid("kings", format!("the card at {pos} is no King"));
            }
            if t.owner.is_some() {
                return invalid("kings", format!("the King at {pos} is listed twice"));
            }
            g.board.set_owner(pos, Some(seat as u8));
        }
        Ok(())
    }

    /// The setup phases: the cards laid so far fit the lay area, no pyramid or hand yet.
    fn check_setup(&self, g: &HighGround, phase: Phase, pile: usize) -> Result<(), PositionError> {
        let variant = g.variant;
        let field = if phase == Phase::Lay { "pile" } else { "board" };
        if !self.stacks.is_empty() {
            return invalid(
                "stacks",
                "pyramids go onto the Kings once every King is placed",
            );
        }
        if self
            .hands
            .as_ref()
            .is_some_and(|h| h.iter().any(|h| !h.trim().is_empty()))
        {
            return invalid("hands", "hands are dealt once every King is placed");
        }
        if self.roll.is_some() {
            return invalid("roll", "the die is rolled only once the game has begun");
        }
        let laid: Vec<&Territory> = g
            .board
            .territories()
            .iter()
            .filter(|t| !t.is_king())
            .collect();
        if laid
            .iter()
            .any(|t| !variant.lay_area(t.pos) || t.depth() != 1)
        {
            return invalid(
                "board",
                "during the setup, single cards lie in the lay area only",
            );
        }
        if laid.len() + pile != variant.laid_cards() {
            return invalid(
                field,
                format!(
                    "{} cards laid and {pile} to lay, but the setup lays {}",
                    laid.len(),
                    variant.laid_cards()
                ),
            );
        }
        let kings: Vec<&Territory> = g
            .board
            .territories()
            .iter()
            .filter(|t| t.is_king())
            .collect();
        if phase == Phase::Lay && !kings.is_empty() {
            return invalid("board", "the Kings are placed after every card is laid");
        }
        if kings
            .iter()
            .any(|k| k.owner.is_none() || !variant.sides().iter().any(|s| s.pos() == k.pos))
        {
            return invalid(
                "kings",
                "during the setup, each King on the board is a listed seat's, on a side",
            );
        }
        let expected_seat = match phase {
            Phase::Lay => (laid.len() % g.players as usize) as u8,
            _ => kings.len() as u8,
        };
        if self.to_move.is_some_and(|s| s != expected_seat + 1) {
            return invalid(
                "to_move",
                format!("seat {} is the one to decide now", expected_seat + 1),
            );
        }
        Ok(())
    }

    /// Stands the `stacks` entries on `g`; once play has begun, the pyramids left out are the
    /// killed ones.
    pub(super) fn read_stacks(
        &self,
        g: &mut HighGround,
        phase: Phase,
    ) -> Result<(), PositionError> {
        let mut seen: Vec<PieceId> = Vec::new();
        for entry in &self.stacks {
            let (pos, pieces) = entry
                .split_once(':')
                .ok_or_else(|| unreadable("stacks", entry, "expected `x,y: pyramids`"))?;
            let pos = Pos::parse(pos.trim())
                .ok_or_else(|| unreadable("stacks", entry, "expected a position like 0,-1"))?;
            if !g.board.has(pos) {
                return invalid(
                    "stacks",
                    format!("no card at {pos} for pyramids to stand on"),
                );
            }
            let mut stack = Vec::new();
            for word in pieces.split_whitespace() {
                let p = PieceId::parse(word).ok_or_else(|| {
                    unreadable(
                        "stacks",
                        entry,
                        format!("`{word}` is not a pyramid like 1Lt"),
                    )
                })?;
                if p.seat() >= g.players || !g.variant.pieces_of(p.seat()).any(|q| q == p) {
                    return invalid("stacks", format!("{p} is not in this game"));
                }
                if seen.contains(&p) {
                    return invalid("stacks", format!("{p} stands in two places"));
                }
                seen.push(p);
                stack.push(p);
            }
            if stack.is_empty() {
                return invalid("stacks", format!("an empty stack at {pos}"));
            }
            g.pyramids.place(pos, stack);
        }
        if phase == Phase::Play {
            for seat in 0..g.players {
                for p in g.variant.pieces_of(seat) {
                    if !seen.contains(&p) {
                        g.removed.push(p);
                    }
                }
            }
        }
        Ok(())
    }

    fn read_hands(
        &self,
        g: &HighGround,
        phase: Phase,
    ) -> Result<Option<Vec<Vec<Card>>>, PositionError> {
        let Some(list) = &self.hands else {
            return Ok(None);
        };
        if phase != Phase::Play {
            return Ok(Some(vec![Vec::new(); g.players as usize]));
        }
        if list.len() != g.players as usize {
            return invalid(
                "hands",
                format!("{} hands listed for {} players", list.len(), g.players),
            );
        }
        let mut hands = Vec::new();
        for text in list {
            let hand = parse_cards(text).map_err(|w| unreadable("hands", &w, "not a card"))?;
            if hand.len() > g.variant.hand_max() {
                return invalid(
                    "hands",
                    format!("a hand holds at most {} cards", g.variant.hand_max()),
                );
            }
            hands.push(hand);
        }
        Ok(Some(hands))
    }

    /// Puts the game at its first decision.
    fn start(&self, g: &mut HighGround, phase: Phase) -> Result<(), PositionError> {
        match phase {
            Phase::Lay => {
                g.next_lay();
                g.settle();
                return Ok(());
            }
            Phase::Kings => {
                g.seat = g.board.territories().iter().filter(|t| t.is_king()).count() as u8;
                g.pending = Pending::King;
                g.settle();
                return Ok(());
            }
            Phase::Play => {}
        }
        let seat = self.to_move.unwrap_or(1);
        if !(1..=g.players).contains(&seat) {
            return invalid(
                "to_move",
                format!("seat {seat} is not in a game of {}", g.players),
            );
        }
        let seat = seat - 1;
        let turn = self.turn.unwrap_or(1);
        if turn == 0 || turn > MAX_TURN {
            return invalid("turn", format!("turns are counted from 1 to {MAX_TURN}"));
        }
        let quiet = self.quiet.unwrap_or(turn);
        if quiet == 0 || quiet > turn {
            return invalid(
                "quiet",
                format!("the turns since the last kill run from 1 to the turn ({turn})"),
            );
        }
        if !(0..g.players).any(|s| g.alive(s)) {
            return invalid("stacks", "no pyramid is left on the board");
        }
        if !g.alive(seat) {
            return invalid("to_move", format!("seat {} has no pyramid left", seat + 1));
        }
        g.check_annihilation();
        if g.is_over() {
            return Ok(());
        }
        match self.roll {
            Some(face) => {
                g.seat = seat;
                g.turn = turn;
                g.quiet = quiet;
                g.pending = Pending::Die(face);
                g.die = Some(face);
                g.settle();
            }
            None => {
                // `begin_turn` counts the turn in play.
                g.turn = turn - 1;
                g.quiet = quiet - 1;
                g.begin_turn(seat);
            }
        }
        Ok(())
    }
}

impl HighGround {
    /// A game from a position written in RON (see [`Position`]).
    pub fn from_position(text: &str) -> Result<HighGround, PositionError> {
        Position::parse(text)?.into_game()
    }

    /// The stacks as a position writes them (`"0,-2: 1Lt 1Mt 1St"`), in canonical order.
    pub fn stacks_text(&self) -> Vec<String> {
        self.pyramids
            .stacks()
            .iter()
            .map(|s| {
                let names: Vec<String> = s.pieces().iter().map(|p| p.to_string()).collect();
                format!("{}: {}", s.pos, names.join(" "))
            })
            .collect()
    }

    /// The territories as a position writes them (`"0,0: 5 joker=9"`), in reading order.
    pub fn board_text(&self) -> Vec<String> {
        self.board
            .territories()
            .iter()
            .map(|t| {
                let mut names: Vec<String> = self
                    .board
                    .cards_at(t.pos)
                    .iter()
                    .map(|c| c.name().to_string())
                    .collect();
                // A Joker whose level is still being chosen is written bare.
                if t.top().is_joker()
                    && t.joker != 0
                    && let Some(last) = names.last_mut()
                {
                    *last = format!("joker={}", super::card::level_name(t.joker));
                }
                format!("{}: {}", t.pos, names.join(" "))
            })
            .collect()
    }
}

/// How position texts are read: `Some(...)` may be left out around optional fields, and a
/// newtype variant may be written as its content, as hand-written RON is.
fn ron_options() -> ron::Options {
    use ron::extensions::Extensions;
    ron::Options::default()
        .with_default_extension(Extensions::IMPLICIT_SOME | Extensions::UNWRAP_VARIANT_NEWTYPES)
}
