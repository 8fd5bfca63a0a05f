//! High Ground's part of a save: the `game` section (variant, players, seats with their names and
//! who plays them, and the position text when the game started from one), and where undo stops.

use super::position::Position;
use super::setup::Setup;
use super::state::{HighGround, Variant};
use crate::record::format::Recordable;
pub use crate::record::tashkalar::Player;
use serde::{Deserialize, Serialize};

/// The format name of High Ground saves.
pub const FORMAT: &str = "highground-save";

/// How a High Ground game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// `Normal` or `Mini`.
    #[serde(default)]
    pub variant: Variant,
    /// How many seats (2-4).
    pub players: u8,
    /// One entry per seat, seat 1 first.
    pub seats: Vec<SeatSpec>,
    /// The position the game started from (RON, see `docs/high-ground.md`); its `seed` is
    /// replaced by the save's seed. Absent for a game set up from scratch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// One seat of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// The name shown for the seat.
    pub name: String,
    /// Who plays it.
    pub player: Player,
}

impl Recordable for HighGround {
    type Spec = Spec;
    type Context = ();
    const FORMAT: &'static str = FORMAT;

    fn start(spec: &Spec, seed: u64, _: &()) -> Result<HighGround, String> {
        if spec.seats.len() != spec.players as usize {
            return Err(format!(
                "{} seats listed for {} players",
                spec.seats.len(),
                spec.players
            ));
        }
        let setup = Setup {
            players: spec.players,
            variant: spec.variant,
        };
        let Some(text) = &spec.position else {
            return HighGround::new_game(setup, seed).map_err(|e| e.to_string());
        };
        let mut position = Position::parse(text).map_err(|e| format!("position: {e}"))?;
        position.seed = seed;
        let game = position.into_game().map_err(|e| format!("position: {e}"))?;
        // The seats must describe the game the position sets up.
        if game.players() != spec.players as usize || game.variant() != spec.variant {
            return Err(format!(
                "the position sets up {} for {} players, but the seats say {} for {}",
                game.variant().name(),
                game.players(),
                spec.variant.name(),
                spec.players
            ));
        }
        Ok(game)
    }

    /// A card drawn or turned over, a die rolled or a pile shuffled (the generator moved), or
    /// the turn passed (in the setup: another seat to decide).
    fn undo_barrier(before: &HighGround, after: &HighGround) -> bool {
        let unseen = |g: &HighGround| g.deck.len() + g.pile.len();
        before.rng.word_pos() != after.rng.word_pos()
            || before.turn != after.turn
            || before.seat != after.seat
            || unseen(after) < unseen(before)
    }
}
