//! Res Arcana's part of a save: the `game` section (variant, players, seats), and where undo
//! stops.

use super::card::Db;
use super::position::Position;
use super::setup::{Setup, SetupError};
use super::state::{ResArcana, Variant};
use crate::shell::record::Recordable;
use crate::shell::seats::Seats;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The format name of Res Arcana saves.
pub const FORMAT: &str = "resarcana-save";

/// How a Res Arcana game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// `Standard` or `FirstGame`.
    #[serde(default)]
    pub variant: Variant,
    /// How many seats (2-4).
    pub players: u8,
    /// The expansion's monument and Place counts for 2 players.
    #[serde(default)]
    pub expansion_counts: bool,
    /// One entry per seat, seat 1 first.
    pub seats: Vec<SeatSpec>,
    /// The position the game started from (RON, see `docs/res-arcana.md`), its `seed`
    /// replaced by the save's seed. Absent for a game dealt from scratch, so saves written
    /// before positions could be played read as they always did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// One seat of a saved game: the shell's record of a seat (its name and who plays it).
pub use crate::shell::seats::SeatRecord as SeatSpec;

/// Why a save's `game` section sets up no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// The seat list does not have one entry per player.
    SeatCount {
        /// Seats listed.
        seats: usize,
        /// Players said.
        players: u8,
    },
    /// The setup is refused.
    Setup(SetupError),
    /// The position text does not load.
    Position(String),
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::SeatCount { seats, players } => {
                write!(f, "{seats} seats listed for {players} players")
            }
            SpecError::Setup(e) => e.fmt(f),
            SpecError::Position(why) => write!(f, "position: {why}"),
        }
    }
}

impl std::error::Error for SpecError {}

/// Whether choices made in secret are still to be revealed all at once: the mages picked, or a
/// Collect step under way (each seat's Collect choices are hidden until every seat has made
/// them). The step that ends them shows every seat what the others chose.
fn secret_choices_open(g: &ResArcana) -> bool {
    use super::state::Task;
    g.tasks.iter().any(|t| {
        matches!(
            t,
            Task::RevealMages
                | Task::Collect(_)
                | Task::CollectStored(..)
                | Task::CollectAbility(..)
                | Task::CollectNested(..)
                | Task::CollectCost(..)
        )
    })
}

/// The game a save's position sets up, with the save's seed; its seats must be the save's.
fn from_position(text: &str, players: u8, seed: u64, db: &Arc<Db>) -> Result<ResArcana, SpecError> {
    let mut position = Position::parse(text).map_err(|e| SpecError::Position(e.to_string()))?;
    position.seed = seed;
    if position.seats.len() != players as usize {
        return Err(SpecError::SeatCount {
            seats: players as usize,
            players: position.seats.len() as u8,
        });
    }
    position
        .into_game(db.clone())
        .map_err(|e| SpecError::Position(e.to_string()))
}

impl Recordable for ResArcana {
    type Spec = Spec;
    type Context = Arc<Db>;
    type SetupError = SpecError;
    const FORMAT: &'static str = FORMAT;
    const TITLE: &'static str = "Res Arcana";

    fn start(spec: &Spec, seed: u64, db: &Arc<Db>) -> Result<ResArcana, SpecError> {
        if spec.seats.len() != spec.players as usize {
            return Err(SpecError::SeatCount {
                seats: spec.seats.len(),
                players: spec.players,
            });
        }
        if spec.players < 2 {
            return Err(SpecError::Setup(SetupError::Players(spec.players)));
        }
        if let Some(text) = &spec.position {
            return from_position(text, spec.players, seed, db);
        }
        let setup = Setup {
            players: spec.players,
            variant: spec.variant,
            expansion_counts: spec.expansion_counts,
        };
        ResArcana::new_game(db.clone(), setup, seed).map_err(SpecError::Setup)
    }

    /// A card drawn or a deck shuffled (the generator moved or a hand grew), cards looked at,
    /// another seat to decide, or another phase begun (the end of a phase reveals what was
    /// chosen in secret: the mages, the Collect choices; the conformance kit found a mage pick
    /// that undo could take back after seeing the other mage, when the same seat picks its
    /// magic item next).
    fn undo_barrier(before: &ResArcana, after: &ResArcana) -> bool {
        let hands = |g: &ResArcana| g.seats.iter().map(|s| s.hand.len()).sum::<usize>();
        before.rng.word_pos() != after.rng.word_pos()
            || before.seat_to_move() != after.seat_to_move()
            || before.phase != after.phase
            || (secret_choices_open(before) && !secret_choices_open(after))
            || hands(after) > hands(before)
            || !after.looking.is_empty()
            || after.monument_deck.len() < before.monument_deck.len()
    }

    /// The later steps of an action (its payment, targets, gains) go back with it: a player who
    /// takes back a payment is back at the choice of what to do, not halfway through paying.
    fn continues_action(before: &ResArcana) -> bool {
        use crate::shell::game::Heuristics;
        before.mid_action()
    }

    fn from_wire(db: &Arc<Db>, wire: &serde_json::Value) -> Result<ResArcana, String> {
        super::wire::from_wire(db, wire)
    }

    fn seats(spec: &Spec) -> Seats {
        Seats::from_records(&spec.seats)
    }

    fn set_players(spec: &mut Spec, seats: &Seats) {
        seats.record_players(&mut spec.seats);
    }

    fn describe(spec: &Spec) -> String {
        let variant = match spec.variant {
            Variant::Standard => "",
            Variant::FirstGame => "first-game ",
            Variant::Draft => "draft ",
        };
        if spec.position.is_some() {
            return format!("Res Arcana from a position, for {} players", spec.players);
        }
        format!("Res Arcana ({variant}setup) for {} players", spec.players)
    }
}
