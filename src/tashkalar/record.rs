//! Tash-Kalar's part of a save: the `game` section (form, players, teams, seats with their names,
//! who plays them and their decks, and the scenario text when the game started from one), and
//! how a game is set up from it.

use super::engine::cards::tasks::TaskId;
use super::engine::scenario::Scenario;
use super::engine::{CardDb, Colour, GameConfig, GameState, Mode, RULES_VERSION, Square};
use crate::shell::record::format::{Recordable, fnv64};
use crate::shell::seats::{SeatKind, Seats};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::Arc;

/// The format name of Tash-Kalar saves.
pub const FORMAT: &str = "tashkalar-save";

/// How a Tash-Kalar game was set up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameSpec {
    /// `HighForm` or `Deathmatch`.
    pub mode: Mode,
    /// How many seats (2-4).
    pub players: u8,
    /// Two teams of 2 (4 players, either form): seats 1 and 3 share a colour, as do 2 and 4.
    #[serde(default)]
    pub teams: bool,
    /// The version of the rules the game was started under ([`RULES_VERSION`] for new saves;
    /// saves written before the version was recorded have none and count as rules 1). Loading
    /// replays every save under the current rules; this says which changes may explain a save
    /// that no longer replays.
    #[serde(default = "rules_before_versions")]
    pub rules: u32,
    /// One entry per seat, seat 1 first.
    pub seats: Vec<SeatSpec>,
    /// The scenario the game started from (RON text, see `docs/scenario.md`); its `seed` is
    /// replaced by the save's seed. Absent for a game dealt from scratch.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
}

/// One seat of a saved game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// The name shown for the seat ("Blue").
    pub name: String,
    /// Who plays it.
    pub player: SeatKind,
    /// The seat's being deck.
    pub deck: String,
}

/// The rules version of a save that records none.
fn rules_before_versions() -> u32 {
    1
}

/// What changed since `spec.rules` that may explain why a save played under those rules no longer
/// replays; `failed` is the choice that was refused, if one was. One phrase, naming the most
/// likely change of rules 2 from the refused choice or the form (a later rules version adds its
/// own changes here).
pub fn rules_change_note(spec: &GameSpec, failed: Option<&str>) -> String {
    let verb = failed
        .and_then(|t| t.split_whitespace().next())
        .unwrap_or("");
    let why = if matches!(verb, "place" | "pickup") {
        "placing with an empty supply now picks the piece up first"
    } else if failed.is_some_and(|t| t.contains(" borrow ")) {
        "a lent piece now also counts as yours on the summoning square"
    } else if verb == "colour" && spec.mode == Mode::Deathmatch && spec.players > 2 && !spec.teams {
        "melee scoring no longer carries unpaired commons over, and colour choices offer only colours that can carry them out"
    } else if spec.mode == Mode::Deathmatch {
        "scoring no longer carries unpaired commons over to later turns"
    } else if spec.teams {
        "extra legends now go to the teammate who holds the team's legends"
    } else {
        "placing with an empty supply, mandatory colour choices and lent pieces changed"
    };
    format!("played under rules {}: {why}", spec.rules)
}

/// Why a save's `game` section sets up no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// A newer program wrote it, under rules this one does not know.
    NewerRules(u32),
    /// The seat list does not have one entry per player.
    SeatCount { seats: usize, players: u8 },
    /// The engine refused the form, players, teams or decks.
    Deal(String),
    /// The scenario text does not load.
    Scenario(String),
    /// The scenario sets up another game than the seats describe.
    Mismatch { scenario: String, seats: String },
}

impl fmt::Display for SpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpecError::NewerRules(rules) => write!(
                f,
                "it was played under rules {rules}, and this program knows rules up to \
                 {RULES_VERSION} (a newer program wrote it)"
            ),
            SpecError::SeatCount { seats, players } => {
                write!(f, "{seats} seats listed for {players} players")
            }
            SpecError::Deal(why) => f.write_str(why),
            SpecError::Scenario(why) => write!(f, "scenario: {why}"),
            SpecError::Mismatch { scenario, seats } => write!(
                f,
                "the scenario sets up {scenario}, but the seats say {seats}"
            ),
        }
    }
}

impl std::error::Error for SpecError {}

impl GameSpec {
    /// The engine's configuration for a game dealt from scratch.
    pub fn config(&self) -> GameConfig {
        GameConfig {
            mode: self.mode,
            players: self.players,
            teams: self.teams,
            decks: self.seats.iter().map(|s| s.deck.clone()).collect(),
        }
    }
}

impl Recordable for GameState {
    type Spec = GameSpec;
    type Context = Arc<CardDb>;
    type SetupError = SpecError;
    const FORMAT: &'static str = FORMAT;
    const TITLE: &'static str = "Tash-Kalar";

    fn start(spec: &GameSpec, seed: u64, db: &Arc<CardDb>) -> Result<GameState, SpecError> {
        if spec.rules > RULES_VERSION {
            return Err(SpecError::NewerRules(spec.rules));
        }
        if spec.seats.len() != spec.players as usize {
            return Err(SpecError::SeatCount {
                seats: spec.seats.len(),
                players: spec.players,
            });
        }
        let Some(text) = &spec.scenario else {
            return GameState::new_game(Arc::clone(db), spec.config(), seed)
                .map_err(|e| SpecError::Deal(e.to_string()));
        };
        let mut scenario = Scenario::parse(text).map_err(|e| SpecError::Scenario(e.to_string()))?;
        scenario.seed = seed;
        let state = scenario
            .into_state(Arc::clone(db))
            .map_err(|e| SpecError::Scenario(e.to_string()))?;
        // The seats must describe the game the scenario sets up, or names and decks would lie.
        if *state.config != spec.config() {
            let words = |c: &GameConfig| {
                format!(
                    "{} for {} players with decks {}",
                    c.mode.name(),
                    c.players,
                    c.decks.join(", ")
                )
            };
            return Err(SpecError::Mismatch {
                scenario: words(&state.config),
                seats: words(&spec.config()),
            });
        }
        Ok(state)
    }

    fn seats(spec: &GameSpec) -> Seats {
        Seats {
            players: spec
                .seats
                .iter()
                .map(|s| crate::shell::seats::Player {
                    name: s.name.clone(),
                    kind: s.player.clone(),
                })
                .collect(),
        }
    }

    fn set_players(spec: &mut GameSpec, seats: &Seats) {
        for (seat, player) in spec.seats.iter_mut().zip(&seats.players) {
            seat.player = player.kind.clone();
        }
    }

    fn describe(spec: &GameSpec) -> String {
        let form = match spec.mode {
            Mode::HighForm => "High Form",
            Mode::Deathmatch => "Deathmatch",
        };
        let teams = if spec.teams { ", 2 vs 2" } else { "" };
        format!("{form} for {} players{teams}", spec.players)
    }

    fn undo_barrier(before: &GameState, after: &GameState) -> bool {
        // A deck that shrank had a card drawn (or turned up) from it; the generator moved if
        // anything was shuffled; the end of a turn is also when hands are refilled. Cards put
        // back into a deck (returns after a discard) reveal nothing, so they are no barrier.
        let shrank = |a: usize, b: usize| b < a;
        // A resignation is final.
        after.resigned.is_some()
            || before.turn.number != after.turn.number
            || before.turn.seat != after.turn.seat
            || before.rng.word_pos() != after.rng.word_pos()
            || before
                .seat_ids()
                .any(|s| shrank(before.seat(s).deck.len(), after.seat(s).deck.len()))
            || shrank(before.legend_deck.len(), after.legend_deck.len())
            || shrank(before.flare_deck.len(), after.flare_deck.len())
            || shrank(
                before.tasks.deck.len as usize,
                after.tasks.deck.len as usize,
            )
    }

    fn from_wire(db: &Arc<CardDb>, wire: &serde_json::Value) -> Result<GameState, String> {
        super::wire::from_wire(db, wire)
    }

    fn older_rules_note(spec: &GameSpec, failed: Option<&str>) -> Option<String> {
        (spec.rules < RULES_VERSION).then(|| rules_change_note(spec, failed))
    }

    fn record_hash(&self, version: u32) -> u64 {
        match version {
            1 => hash_v1(self),
            _ => self.state_hash(),
        }
    }
}

/// The hash saves of format version 1 record: what [`GameState::state_hash`] covers except the
/// effect in progress and some bookkeeping, cards and tasks by name. Kept unchanged so that every
/// version 1 save still verifies; nothing else uses it.
fn hash_v1(state: &GameState) -> u64 {
    let mut out = Vec::with_capacity(1024);
    let cards = |out: &mut Vec<u8>, list: &[crate::tashkalar::engine::CardId]| {
        out.extend((list.len() as u32).to_le_bytes());
        for &c in list {
            text(out, state.db.get(c).map_or("?", |c| c.name.as_str()));
        }
    };
    let task = |out: &mut Vec<u8>, t: Option<TaskId>| {
        let name = t.map(|t| {
            state
                .db
                .tasks
                .get(t.0 as usize)
                .map_or("?", |t| t.name.as_str())
        });
        text(out, name.unwrap_or(""));
    };
    for sq in Square::all() {
        out.push(match state.board.get(sq) {
            None => 0,
            Some(p) => 1 + p.colour.0 * 3 + p.rank as u8,
        });
    }
    for s in &state.supply {
        out.extend([s.discs, s.legendary, s.removed_discs, s.removed_legendary]);
    }
    for seat in &state.seats {
        cards(&mut out, seat.deck.as_slice());
        cards(&mut out, seat.discard.as_slice());
        cards(&mut out, seat.hand.as_slice());
        cards(&mut out, seat.frozen.as_slice());
        for v in seat.score.by_colour {
            out.extend(v.to_le_bytes());
        }
        // Where rules 1 kept destroyed commons waiting for a partner. Always zero now; kept so
        // that a save whose final position had none waiting keeps its hash.
        out.extend([0u8; Colour::MAX]);
        out.extend([seat.lose_actions, seat.improvised]);
        for &t in seat.claimed.as_slice() {
            task(&mut out, Some(TaskId(t)));
        }
    }
    for list in [
        &state.legend_deck,
        &state.legend_discard,
        &state.flare_deck,
        &state.flare_discard,
    ] {
        cards(&mut out, list.as_slice());
    }
    for t in state.tasks.current {
        task(&mut out, t);
    }
    task(&mut out, state.tasks.next);
    for &t in state.tasks.deck.as_slice() {
        task(&mut out, Some(TaskId(t)));
    }
    out.extend([
        state.turn.seat.0,
        state.turn.actions_left,
        state.turn.discarded as u8,
        state.ending.triggered as u8,
        state.ending.turns_left,
    ]);
    out.extend(state.turn.number.to_le_bytes());
    let decision = state.decision();
    out.push(decision.seat.0);
    text(&mut out, decision.kind.name());
    out.extend(state.rng.word_pos().to_le_bytes());
    // Gateways, pending beings, held pieces: nothing is added when none is in play.
    let name = |c: crate::tashkalar::engine::CardId| {
        let mut v = Vec::new();
        text(&mut v, state.db.get(c).map_or("?", |c| c.name.as_str()));
        v
    };
    state.expansion_bytes(&mut out, &name);
    // Only a resigned game has these bytes, so the hashes of every other save stay as they were.
    if let Some(seat) = state.resigned {
        out.extend(b"resigned");
        out.push(seat.0);
    }
    fnv64(&out)
}

/// A string into a byte buffer, length first (so that names cannot run into each other).
fn text(out: &mut Vec<u8>, s: &str) {
    out.extend((s.len() as u32).to_le_bytes());
    out.extend(s.as_bytes());
}
