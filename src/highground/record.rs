//! High Ground's part of a save: the `game` section (variant, players, seats with their names and
//! who plays them, and the position text when the game started from one), and where undo stops.

use super::position::Position;
use super::setup::{Setup, SetupError};
use super::state::{HighGround, Variant};
use crate::shell::record::Recordable;
use crate::shell::seats::Seats;
use serde::{Deserialize, Serialize};

/// The format name of High Ground saves.
pub const FORMAT: &str = "highground-save";

/// The version of High Ground's rules this build plays. A save records the version its game
/// was started under (`game.rules`; saves without one are rules 1) and is always replayed under
/// these rules; one that no longer replays says which change may explain it
/// ([`rules_change_note`], `docs/saves.md`). Rules 2: the rules of issue 49
/// (`docs/high-ground.md`, "What changed in rules 2"). Rules 3: a HOP and a SWAP are two
/// decisions (the pyramid, then where it goes or whom it trades places with); the one-step
/// texts of older saves are still read as the two steps, so those saves replay unchanged, and
/// a program that knows only rules 2 refuses a rules 3 save by its version rather than at its
/// first two-step HOP.
pub const RULES_VERSION: u32 = 3;

/// The rules version of a save that records none.
fn rules_before_versions() -> u32 {
    1
}

/// What changed since `rules` that may explain why a save played under those rules no longer
/// replays; `failed` is the text of the choice that was refused, if one was. One phrase: the
/// change the refused choice points to, or all of them (a choice is often refused because the
/// one before it is no longer made by itself, whatever its own kind).
pub fn rules_change_note(rules: u32, failed: Option<&str>) -> String {
    if rules >= 2 {
        // Rules 3 only split a HOP and a SWAP in two, and the old texts still read as both.
        return format!(
            "played under rules {rules}: a HOP and a SWAP are now two choices (older saves' \
             one-step texts are read as both)"
        );
    }
    let why = match failed.and_then(|t| t.split_whitespace().next()) {
        Some("attack") => {
            "hobbled pyramids can now be attacked (what sat on the victim is tipped off)"
        }
        Some("discard" | "draw") => "discarding no longer makes you draw",
        Some("play" | "place") => {
            "cards now go only into blank spaces at the outside of the board, and onto Kings nobody plays"
        }
        _ => "attacks on hobbled pyramids, trapping, discarding and where cards go changed",
    };
    format!("played under rules {rules}: {why}")
}

/// How a High Ground game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spec {
    /// `Normal` or `Mini`.
    #[serde(default)]
    pub variant: Variant,
    /// How many seats (2-4).
    pub players: u8,
    /// The version of the rules the game was started under ([`RULES_VERSION`] for new saves;
    /// saves written before the version was recorded have none and count as rules 1).
    #[serde(default = "rules_before_versions")]
    pub rules: u32,
    /// One entry per seat, seat 1 first.
    pub seats: Vec<SeatSpec>,
    /// The position the game started from (RON, see `docs/high-ground.md`); its `seed` is
    /// replaced by the save's seed. Absent for a game set up from scratch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub position: Option<String>,
}

/// One seat of a saved game: the shell's record of a seat (its name and who plays it).
pub use crate::shell::seats::SeatRecord as SeatSpec;

/// Why a save's `game` section sets up no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A newer program wrote it, under rules this one does not know.
    NewerRules(u32),
    /// The seat list does not have one entry per player.
    SeatCount { seats: usize, players: u8 },
    /// The players or variant are refused.
    Setup(SetupError),
    /// The position text does not load.
    Position(String),
    /// The position sets up another game than the seats describe.
    Mismatch { position: String, seats: String },
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::NewerRules(rules) => write!(
                f,
                "it was played under rules {rules}, and this program knows rules up to \
                 {RULES_VERSION} (a newer program wrote it)"
            ),
            SpecError::SeatCount { seats, players } => {
                write!(f, "{seats} seats listed for {players} players")
            }
            SpecError::Setup(e) => e.fmt(f),
            SpecError::Position(why) => write!(f, "position: {why}"),
            SpecError::Mismatch { position, seats } => write!(
                f,
                "the position sets up {position}, but the seats say {seats}"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

impl Recordable for HighGround {
    type Spec = Spec;
    type Context = ();
    type SetupError = SpecError;
    const FORMAT: &'static str = FORMAT;
    const TITLE: &'static str = "High Ground";

    fn start(spec: &Spec, seed: u64, _: &()) -> Result<HighGround, SpecError> {
        if spec.rules > RULES_VERSION {
            return Err(SpecError::NewerRules(spec.rules));
        }
        if spec.seats.len() != spec.players as usize {
            return Err(SpecError::SeatCount {
                seats: spec.seats.len(),
                players: spec.players,
            });
        }
        let setup = Setup {
            players: spec.players,
            variant: spec.variant,
        };
        let Some(text) = &spec.position else {
            return HighGround::new_game(setup, seed).map_err(SpecError::Setup);
        };
        let mut position = Position::parse(text).map_err(|e| SpecError::Position(e.to_string()))?;
        position.seed = seed;
        let game = position
            .into_game()
            .map_err(|e| SpecError::Position(e.to_string()))?;
        // The seats must describe the game the position sets up.
        if game.players() != spec.players as usize || game.variant() != spec.variant {
            return Err(SpecError::Mismatch {
                position: format!("{} for {} players", game.variant().name(), game.players()),
                seats: format!("{} for {}", spec.variant.name(), spec.players),
            });
        }
        Ok(game)
    }

    fn seats(spec: &Spec) -> Seats {
        Seats::from_records(&spec.seats)
    }

    fn set_players(spec: &mut Spec, seats: &Seats) {
        seats.record_players(&mut spec.seats);
    }

    fn describe(spec: &Spec) -> String {
        let variant = match spec.variant {
            Variant::Normal => "",
            Variant::Mini => "Mini ",
        };
        format!("{variant}High Ground for {} players", spec.players)
    }

    fn older_rules_note(spec: &Spec, failed: Option<&str>) -> Option<String> {
        (spec.rules < RULES_VERSION).then(|| rules_change_note(spec.rules, failed))
    }

    /// The observation a bot protocol document describes (`super::wire`).
    fn from_wire(_: &(), wire: &serde_json::Value) -> Result<HighGround, String> {
        super::wire::from_wire(wire)
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
