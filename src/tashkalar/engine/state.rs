//! The game state: board, supplies, cards, scores, the turn in progress and the pending decision.
//!
//! A state is built from a [`GameConfig`] and a seed (a new game) or from a scenario
//! (`scenario.rs`). It is advanced only through `decision.rs` (`apply`), which keeps it legal.

use super::board::{Board, Colour, Piece, Supply};
use super::cards::tasks::TaskId;
use super::cards::{CardDb, CardId, CardKind, DeckId};
use super::effect::run::EffectRun;
use super::list::CardList;
use super::square::Square;
use crate::shell::hash::StableHasher;
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::hash::Hasher;
use std::sync::Arc;

/// A player's place at the table (0-based; shown as 1-4).
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize, Default,
)]
pub struct Seat(pub u8);

impl Seat {
    pub const MAX: usize = 4;

    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A seat as the table counts seats (the shell's seat lists are indexed by it).
impl From<Seat> for usize {
    fn from(seat: Seat) -> usize {
        seat.index()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 + 1)
    }
}

/// The two game forms.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Mode {
    HighForm,
    Deathmatch,
}

impl Mode {
    pub fn name(self) -> &'static str {
        match self {
            Mode::HighForm => "high-form",
            Mode::Deathmatch => "deathmatch",
        }
    }
}

/// Everything that defines a game before the first shuffle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameConfig {
    pub mode: Mode,
    pub players: u8,
    /// 2 vs 2: seats 1 and 3 share a colour, as do seats 2 and 4.
    #[serde(default)]
    pub teams: bool,
    /// Deck name per seat.
    pub decks: Vec<String>,
}

pub use super::setup::SetupError;

/// Hand limits refilled at the end of every turn.
pub const HAND_BEINGS: usize = 3;
pub const HAND_LEGENDS: usize = 2;
pub const HAND_FLARES: usize = 1;
/// Team game: cards turned sideways at the bottom of each deck.
pub const TEAM_SIDEWAYS: u8 = 6;
/// Pieces of one colour: two-sided discs and legendary pieces.
pub const DISCS: u8 = 17;
pub const LEGENDARY: u8 = 3;

pub type Deck = CardList<{ super::cards::MAX_PILE }>;
pub type Hand = CardList<16>;

/// Points a seat has, by how it earned them (kept apart so they can be checked against the tallies).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct ScoreBook {
    /// Points scored against each colour (Deathmatch: the colour whose pieces were destroyed, or the
    /// flare player's colour). The 2-player total is the sum.
    pub by_colour: [i16; Colour::MAX],
    pub destroyed: i16,
    pub legends: i16,
    pub flares: i16,
    pub tasks: i16,
}

/// One seat's cards and score.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct SeatState {
    pub colour: Colour,
    pub deck_id: DeckId,
    /// Own deck, top card last.
    pub deck: Deck,
    /// Own discard pile (being cards).
    pub discard: Deck,
    /// Beings, legends and flares in hand.
    pub hand: Hand,
    /// Frozen effects in play (visible to all).
    pub frozen: CardList<4>,
    pub score: ScoreBook,
    /// Actions lost on the next turn.
    pub lose_actions: u8,
    /// Melee: colours already used for an improvised summoning (bit per colour).
    pub improvised: u8,
    /// High Form: tasks this seat claimed.
    pub claimed: TaskList,
    /// Team game: cards at the bottom of the deck turned sideways (drawing into them ends the game).
    pub sideways: u8,
    /// Nethervoid: the seat's marked piece, the Gateway (public).
    pub gateway: Option<Square>,
    /// The Gateway piece is held on a card (Merchant of Time): it is the Gateway again when it
    /// comes back, unless the seat has had a new one meanwhile.
    pub gateway_held: bool,
    /// Etherweave: the being whose warp effect was played, waiting in the hand to be summoned
    /// (public: the card lies face up).
    pub pending: Option<CardId>,
    /// A piece kept on one of this seat's cards (Merchant of Time), off the board and out of its
    /// owner's supply.
    pub held: Option<HeldPiece>,
    /// Turns this seat has begun (saturating): warp effects are not played on a seat's first turn.
    pub turns: u8,
}

/// A piece kept on a card.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct HeldPiece {
    pub piece: Piece,
    /// The seat whose Gateway it was when it was taken.
    pub gateway_of: Option<Seat>,
}

/// What the acting seat did this turn (scoring and tasks read it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TurnTally {
    /// Pieces destroyed by the acting seat, by colour and rank ("counts as two" counted twice).
    pub destroyed: [[u8; 3]; Colour::MAX],
    /// Beings summoned this turn (legends included).
    pub summoned: u8,
    /// Squares the first beings of the turn were summoned on.
    pub summoned_at: [Option<Square>; 8],
    pub legends_summoned: u8,
    /// Melee: legend points still to assign to a colour.
    pub legend_points_pending: u8,
}

/// The turn in progress.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    /// 1 for the first turn of the game.
    pub number: u16,
    pub actions_left: u8,
    pub discarded: bool,
    pub tally: TurnTally,
    pub extra_turn: bool,
    /// Extra cards to draw at the end of this turn: (own deck, legends).
    pub extra_draw: (u8, u8),
    /// The next summoning may use one enemy piece as the acting seat's own (cleared by that
    /// summoning, whether it borrows or not).
    pub borrow: bool,
    /// This turn is an extra turn (it does not count towards the final round).
    pub is_extra: bool,
    /// Team game: the teammate finishes this turn.
    pub handed_over: bool,
    /// Cards whose warp effect was played from the hand this turn (copies are not recorded).
    pub warps_played: [Option<CardId>; 4],
    /// Every piece destroyed by the acting seat counts this many times more (Gate of Oblivion).
    pub extra_count: u8,
    /// The next summoning matches its pattern with this colour's pieces instead of the acting
    /// seat's (Possessed Summoner); cleared by that summoning.
    pub possessed: Option<Colour>,
    /// The next summoning may count up to this many empty squares as the acting seat's common
    /// pieces (Void Summoner); cleared by that summoning.
    pub void_squares: u8,
}

/// A summoning waiting for the player to pick up one of their pieces (piece shortage).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct PendingSummon {
    pub card: CardId,
    pub target: Square,
    pub placement: u8,
    pub borrow: Option<Square>,
}

/// Which decision is pending.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Phase {
    /// Deathmatch duel setup: the second player chooses which start square gets their piece.
    StartSquare,
    /// Melee setup: the player before the first places a start piece for each colour in turn.
    MeleeStart,
    /// Main decision: place, summon, discard, flare, thaw.
    Action,
    /// No actions left: flare, thaw, or end the turn.
    AfterActions,
    /// Place action with an empty supply: the piece just picked up goes on an empty square.
    PlaceLifted,
    /// Summoning with an empty supply: first take one of your pieces back.
    SummonPickup(PendingSummon),
    /// An effect is waiting for a choice.
    Effect,
    /// After a discard: return other cards to the bottoms of their decks, one at a time.
    ReturnCards,
    /// Two frozen effects in play: keep one.
    KeepFrozen,
    /// High Form, end of turn: claim one task.
    ClaimTask,
    /// Melee scoring: choose which colour leftover unpaired commons score in.
    CommonColour,
    /// Melee: choose the colour a summoned legend scores in.
    LegendColour,
    GameOver,
}

/// The end of the game: triggered, then every seat gets one more turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Ending {
    pub triggered: bool,
    /// Normal turns still to play after the triggering turn.
    pub turns_left: u8,
    /// Number of the turn during which the end was triggered.
    pub triggered_turn: u16,
}

/// High Form task queue.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct TaskQueue {
    pub current: [Option<TaskId>; 3],
    pub next: Option<TaskId>,
    /// Face-down task deck, top last.
    pub deck: TaskList,
    pub discard: TaskList,
}

/// Inline list of tasks.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
#[serde(try_from = "Vec<u8>", into = "Vec<u8>")]
pub struct TaskList {
    pub len: u8,
    pub items: [u8; super::cards::MAX_PILE],
}

/// The tasks as a list, bottom first (the bot protocol's game states).
impl From<TaskList> for Vec<u8> {
    fn from(list: TaskList) -> Vec<u8> {
        list.as_slice().to_vec()
    }
}

/// Reads a list of tasks, refusing more than a pile holds.
impl TryFrom<Vec<u8>> for TaskList {
    type Error = String;
    fn try_from(items: Vec<u8>) -> Result<Self, String> {
        let mut list = TaskList::default();
        for t in items {
            if !list.push(TaskId(t)) {
                return Err("too many tasks in a pile".into());
            }
        }
        Ok(list)
    }
}

impl TaskList {
    pub fn as_slice(&self) -> &[u8] {
        &self.items[..self.len as usize]
    }
    pub fn push(&mut self, t: TaskId) -> bool {
        if self.len as usize >= self.items.len() {
            return false;
        }
        self.items[self.len as usize] = t.0;
        self.len += 1;
        true
    }
    pub fn pop(&mut self) -> Option<TaskId> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(TaskId(self.items[self.len as usize]))
    }
    pub fn push_bottom(&mut self, t: TaskId) -> bool {
        if self.len as usize >= self.items.len() {
            return false;
        }
        self.items.copy_within(0..self.len as usize, 1);
        self.items[0] = t.0;
        self.len += 1;
        true
    }
    pub fn shuffle(&mut self, rng: &mut Rng) {
        for i in (1..self.len as usize).rev() {
            let j = rng.below(i as u32 + 1) as usize;
            self.items.swap(i, j);
        }
    }
}

/// Something that happened, for the event log (filled only when `log_events` is on).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    TurnStarted {
        seat: Seat,
        number: u16,
        actions: u8,
    },
    Placed {
        seat: Seat,
        piece: Piece,
        square: Square,
    },
    Summoned {
        seat: Seat,
        card: CardId,
        square: Square,
    },
    Destroyed {
        piece: Piece,
        square: Square,
    },
    Removed {
        piece: Piece,
        square: Square,
    },
    PickedUp {
        piece: Piece,
        square: Square,
    },
    Moved {
        piece: Piece,
        from: Square,
        to: Square,
    },
    Upgraded {
        piece: Piece,
        square: Square,
    },
    Downgraded {
        piece: Piece,
        square: Square,
    },
    Converted {
        from: Piece,
        to: Piece,
        square: Square,
    },
    Discarded {
        seat: Seat,
        card: CardId,
    },
    Returned {
        seat: Seat,
        card: CardId,
    },
    FlarePlayed {
        seat: Seat,
        card: CardId,
        upper: bool,
        lower: bool,
    },
    Frozen {
        seat: Seat,
        card: CardId,
    },
    Thawed {
        seat: Seat,
        card: CardId,
    },
    ActionsGained {
        seat: Seat,
        count: u8,
    },
    Scored {
        seat: Seat,
        points: i16,
        colour: Colour,
        why: &'static str,
    },
    TaskClaimed {
        seat: Seat,
        task: TaskId,
    },
    Drew {
        seat: Seat,
        count: u8,
    },
    EndTriggered {
        seat: Seat,
    },
    /// The seat gave up for its side.
    Resigned {
        seat: Seat,
    },
    /// The seat played a being's warp effect from its hand (the card now waits as its pending
    /// being).
    WarpPlayed {
        seat: Seat,
        card: CardId,
    },
    /// The seat's Gateway is now the piece on `square`; `None`: it has no Gateway any more, or
    /// (`held`) its Gateway piece is kept on a card.
    Gateway {
        seat: Seat,
        square: Option<Square>,
        held: bool,
    },
    GameOver,
}

/// A complete, legal game position.
#[derive(Clone)]
pub struct GameState {
    pub db: Arc<CardDb>,
    /// Shared: the deck names would otherwise be copied with every clone of the state.
    pub config: Arc<GameConfig>,
    pub board: Board,
    pub supply: [Supply; Colour::MAX],
    pub seats: [SeatState; Seat::MAX],
    pub legend_deck: Deck,
    pub legend_discard: Deck,
    pub flare_deck: Deck,
    pub flare_discard: Deck,
    pub tasks: TaskQueue,
    pub turn: Turn,
    pub phase: Phase,
    pub effect: Option<EffectRun>,
    pub ending: Ending,
    /// The seat that resigned for its side, ending the game.
    pub resigned: Option<Seat>,
    /// Melee setup: which start pair is being filled.
    pub setup_step: u8,
    pub rng: Rng,
    /// Reused buffer for legal-choice checks (empty between calls, so clones stay cheap).
    pub(crate) scratch: Vec<super::decision::Choice>,
    /// Whether to record events (off for AI copies).
    pub log_events: bool,
    pub events: Vec<Event>,
}

impl GameState {
    /// Number of seats.
    pub fn players(&self) -> usize {
        self.config.players as usize
    }

    pub fn seat_ids(&self) -> impl Iterator<Item = Seat> + use<> {
        (0..self.config.players).map(Seat)
    }

    /// Colour of a seat's pieces.
    pub fn colour_of(&self, seat: Seat) -> Colour {
        self.seats[seat.index()].colour
    }

    /// Number of piece colours in play.
    pub fn colours(&self) -> usize {
        if self.config.teams { 2 } else { self.players() }
    }

    pub fn colour_ids(&self) -> impl Iterator<Item = Colour> + use<> {
        (0..self.colours() as u8).map(Colour)
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.turn.seat
    }

    /// The colour of the seat whose turn it is.
    pub fn me(&self) -> Colour {
        self.colour_of(self.turn.seat)
    }

    pub fn seat(&self, seat: Seat) -> &SeatState {
        &self.seats[seat.index()]
    }

    pub fn seat_mut(&mut self, seat: Seat) -> &mut SeatState {
        &mut self.seats[seat.index()]
    }

    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    pub(crate) fn log(&mut self, event: Event) {
        if self.log_events {
            self.events.push(event);
        }
    }

    /// Takes the events recorded since the last call.
    pub fn drain_events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// Discs of each colour in play. In Deathmatch some go on the score boards: a duel's sides
    /// (a team shares one) each put one disc there, a melee player one of every opponent's.
    pub fn discs_per_colour(&self) -> u8 {
        match self.config.mode {
            Mode::HighForm => DISCS,
            Mode::Deathmatch => DISCS + 1 - self.colours() as u8,
        }
    }

    /// The seat that plays after `seat`.
    pub fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.config.players)
    }

    /// The other seat of a team (the seat itself outside the team game).
    pub fn teammate(&self, seat: Seat) -> Seat {
        if self.config.teams {
            Seat((seat.0 + 2) % self.config.players)
        } else {
            seat
        }
    }

    /// Whether two seats play for the same side.
    pub fn allies(&self, a: Seat, b: Seat) -> bool {
        self.colour_of(a) == self.colour_of(b)
    }

    /// The card database.
    pub fn cards(&self) -> &CardDb {
        &self.db
    }

    /// Cards of a kind in a seat's hand.
    pub fn hand_of_kind(&self, seat: Seat, kind: HandKind) -> impl Iterator<Item = CardId> + '_ {
        self.seat(seat)
            .hand
            .iter()
            .filter(move |&c| HandKind::of(self.db.card(c).kind) == kind)
    }

    /// The one fingerprint of a position: everything that matters for the rest of the game
    /// (board, supplies, every card pile and hand, scores, tasks, the turn, the pending decision
    /// and any effect half-way through, the random generator's position). Equal states hash
    /// equal on every machine. Cards and tasks count by name, not by number, because numbers
    /// depend on which card files are loaded: adding a deck keeps older games' hashes.
    pub fn state_hash(&self) -> u64 {
        let mut h = StableHasher::new();
        let cards = |h: &mut StableHasher, list: &[CardId]| {
            h.write_usize(list.len());
            for &c in list {
                h.text(self.db.get(c).map_or("?", |c| c.name.as_str()));
            }
        };
        let task = |h: &mut StableHasher, t: Option<u8>| {
            let name = t.and_then(|t| self.db.tasks.get(t as usize));
            h.text(name.map_or("", |t| t.name.as_str()));
        };
        h.add(&self.config.mode).add(&self.config.teams);
        h.add(&self.config.players).add(&self.config.decks);
        for sq in Square::all() {
            h.add(&self.board.get(sq));
        }
        h.add(&self.supply);
        for seat in &self.seats {
            h.add(&seat.colour);
            cards(&mut h, seat.deck.as_slice());
            cards(&mut h, seat.discard.as_slice());
            cards(&mut h, seat.hand.as_slice());
            cards(&mut h, seat.frozen.as_slice());
            h.add(&seat.score);
            h.add(&[seat.lose_actions, seat.improvised, seat.sideways]);
            h.write_usize(seat.claimed.as_slice().len());
            for &t in seat.claimed.as_slice() {
                task(&mut h, Some(t));
            }
        }
        for list in [
            &self.legend_deck,
            &self.legend_discard,
            &self.flare_deck,
            &self.flare_discard,
        ] {
            cards(&mut h, list.as_slice());
        }
        for t in self.tasks.current {
            task(&mut h, t.map(|t| t.0));
        }
        task(&mut h, self.tasks.next.map(|t| t.0));
        for list in [&self.tasks.deck, &self.tasks.discard] {
            h.write_usize(list.as_slice().len());
            for &t in list.as_slice() {
                task(&mut h, Some(t));
            }
        }
        // Cards by name here too (warps played this turn), so that the hash, which saves of
        // format version 2 record, does not depend on the numbering of the cards loaded.
        let mut turn = self.turn;
        turn.warps_played = [None; 4];
        h.add(&turn);
        for played in self.turn.warps_played {
            cards(&mut h, played.as_slice());
        }
        match self.phase {
            Phase::SummonPickup(p) => {
                h.write_u8(255);
                cards(&mut h, &[p.card]);
                h.add(&(p.target, p.placement, p.borrow));
            }
            phase => {
                h.add(&phase);
            }
        }
        // The effect in progress and those it was copied into, innermost first.
        let mut effect = self.effect.as_ref();
        while let Some(run) = effect {
            h.write_u8(1);
            cards(&mut h, &[run.card]);
            // The card counted by name above; the rest of the run as it is.
            let mut rest = run.clone();
            rest.card = CardId(0);
            rest.parent = None;
            h.add(&rest);
            effect = run.parent.as_deref();
        }
        h.write_u8(0);
        h.add(&self.ending).add(&self.setup_step);
        h.add(&self.resigned);
        h.add(&self.rng.word_pos());
        // The expansion mechanics (Gateway, pending beings, held pieces, warp facts of the
        // turn), cards by name.
        let mut extra = Vec::new();
        self.expansion_bytes(&mut extra, &|c| {
            let name = self.db.get(c).map_or("?", |c| c.name.as_str());
            let mut out = (name.len() as u32).to_le_bytes().to_vec();
            out.extend(name.as_bytes());
            out
        });
        h.write(&extra);
        h.finish()
    }

    /// The state of the expansion mechanics (Gateway, pending beings, held pieces, warp-related
    /// turn facts) as bytes, or nothing when none of it is in play. `card` writes a card (by
    /// number for the engine's hash, by name for records that outlive card numbering).
    pub fn expansion_bytes(&self, out: &mut Vec<u8>, card: &dyn Fn(CardId) -> Vec<u8>) {
        let warps = self.seat_ids().any(|s| {
            self.db
                .deck(self.seat(s).deck_id)
                .cards
                .iter()
                .any(|&c| self.db.card(c).warp.is_some())
        });
        let seats_in_play = self.seats.iter().any(|s| {
            s.gateway.is_some() || s.gateway_held || s.pending.is_some() || s.held.is_some()
        });
        let t = &self.turn;
        let turn_in_play = t.warps_played.iter().any(Option::is_some)
            || t.extra_count > 0
            || t.possessed.is_some()
            || t.void_squares > 0;
        if !(warps || seats_in_play || turn_in_play) {
            return;
        }
        let square = |sq: Option<Square>| sq.map_or(255, |s| s.index() as u8);
        for seat in &self.seats {
            out.extend([
                square(seat.gateway),
                seat.gateway_held as u8,
                seat.turns.min(2),
            ]);
            match seat.pending {
                Some(c) => out.extend(card(c)),
                None => out.push(255),
            }
            match seat.held {
                Some(h) => out.extend([
                    h.piece.colour.0,
                    h.piece.rank as u8,
                    h.gateway_of.map_or(255, |s| s.0),
                ]),
                None => out.push(255),
            }
        }
        for c in t.warps_played.iter().flatten() {
            out.extend(card(*c));
        }
        out.extend([
            t.extra_count,
            t.possessed.map_or(255, |c| c.0),
            t.void_squares,
        ]);
    }
}

/// The three kinds of cards in a hand.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HandKind {
    Being,
    Legend,
    Flare,
}

impl HandKind {
    pub fn of(kind: CardKind) -> HandKind {
        match kind {
            CardKind::Being(_) => HandKind::Being,
            CardKind::Legend => HandKind::Legend,
            CardKind::Flare => HandKind::Flare,
        }
    }
}
