//! Tash-Kalar's part of a save: the `game` section (form, players, teams, seats with their names,
//! who plays them and their decks, and the scenario text when the game started from one), and
//! how a game is set up from it.

use crate::shell::record::format::Recordable;
use crate::tashkalar::engine::cards::tasks::TaskId;
use crate::tashkalar::engine::scenario::Scenario;
use crate::tashkalar::engine::{
    CardDb, Choice, GameConfig, GameState, IllegalChoice, Mode, Square,
};
use serde::{Deserialize, Serialize};
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
    /// 2 vs 2 (High Form for 4): seats 1 and 3 share a colour, as do 2 and 4.
    #[serde(default)]
    pub teams: bool,
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
    pub player: Player,
    /// The seat's being deck.
    pub deck: String,
}

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// A person at the keyboard.
    Human,
    /// A bot, by its name in `ai::BOT_NAMES` (`random`, `mcts:normal`, ...).
    Bot(String),
}

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
    const FORMAT: &'static str = FORMAT;

    fn start(spec: &GameSpec, seed: u64, db: &Arc<CardDb>) -> Result<GameState, String> {
        if spec.seats.len() != spec.players as usize {
            return Err(format!(
                "{} seats listed for {} players",
                spec.seats.len(),
                spec.players
            ));
        }
        let Some(text) = &spec.scenario else {
            return GameState::new_game(Arc::clone(db), spec.config(), seed)
                .map_err(|e| e.to_string());
        };
        let mut scenario = Scenario::parse(text).map_err(|e| format!("scenario: {e}"))?;
        scenario.seed = seed;
        let state = scenario
            .into_state(Arc::clone(db))
            .map_err(|e| format!("scenario: {e}"))?;
        // The seats must describe the game the scenario sets up, or names and decks would lie.
        if *state.config != spec.config() {
            return Err(format!(
                "the scenario sets up {} for {} players with decks {}, but the seats say {} for {} with {}",
                state.config.mode.name(),
                state.config.players,
                state.config.decks.join(", "),
                spec.mode.name(),
                spec.players,
                spec.config().decks.join(", ")
            ));
        }
        Ok(state)
    }

    fn undo_barrier(before: &GameState, after: &GameState) -> bool {
        // A deck that shrank had a card drawn (or turned up) from it; the generator moved if
        // anything was shuffled; the end of a turn is also when hands are refilled. Cards put
        // back into a deck (returns after a discard) reveal nothing, so they are no barrier.
        let shrank = |a: usize, b: usize| b < a;
        before.turn.number != after.turn.number
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

    fn record_hash(&self) -> u64 {
        // Everything `hash64` covers, with cards and tasks by name rather than by number: card
        // numbers depend on which card files are loaded, so adding a deck would otherwise break
        // every older save of an unchanged game.
        let mut out = Vec::with_capacity(1024);
        let cards = |out: &mut Vec<u8>, list: &[crate::tashkalar::engine::CardId]| {
            out.extend((list.len() as u32).to_le_bytes());
            for &c in list {
                text(out, self.db.get(c).map_or("?", |c| c.name.as_str()));
            }
        };
        let task = |out: &mut Vec<u8>, t: Option<TaskId>| {
            let name = t.map(|t| {
                self.db
                    .tasks
                    .get(t.0 as usize)
                    .map_or("?", |t| t.name.as_str())
            });
            text(out, name.unwrap_or(""));
        };
        for sq in Square::all() {
            out.push(match self.board.get(sq) {
                None => 0,
                Some(p) => 1 + p.colour.0 * 3 + p.rank as u8,
            });
        }
        for s in &self.supply {
            out.extend([s.discs, s.legendary, s.removed_discs, s.removed_legendary]);
        }
        for seat in &self.seats {
            cards(&mut out, seat.deck.as_slice());
            cards(&mut out, seat.discard.as_slice());
            cards(&mut out, seat.hand.as_slice());
            cards(&mut out, seat.frozen.as_slice());
            for v in seat.score.by_colour {
                out.extend(v.to_le_bytes());
            }
            out.extend(seat.score.carry);
            out.extend([seat.lose_actions, seat.improvised]);
            for &t in seat.claimed.as_slice() {
                task(&mut out, Some(TaskId(t)));
            }
        }
        for list in [
            &self.legend_deck,
            &self.legend_discard,
            &self.flare_deck,
            &self.flare_discard,
        ] {
            cards(&mut out, list.as_slice());
        }
        for t in self.tasks.current {
            task(&mut out, t);
        }
        task(&mut out, self.tasks.next);
        for &t in self.tasks.deck.as_slice() {
            task(&mut out, Some(TaskId(t)));
        }
        out.extend([
            self.turn.seat.0,
            self.turn.actions_left,
            self.turn.discarded as u8,
            self.ending.triggered as u8,
            self.ending.turns_left,
        ]);
        out.extend(self.turn.number.to_le_bytes());
        let decision = self.decision();
        out.push(decision.seat.0);
        text(&mut out, decision.kind.name());
        out.extend(self.rng.word_pos().to_le_bytes());
        // Gateways, pending beings, held pieces: nothing is added when none is in play.
        let name = |c: crate::tashkalar::engine::CardId| {
            let mut v = Vec::new();
            text(&mut v, self.db.get(c).map_or("?", |c| c.name.as_str()));
            v
        };
        self.expansion_bytes(&mut out, &name);
        crate::shell::record::format::fnv64(&out)
    }

    fn play_recorded(&mut self, choice: Choice) -> Result<(), String> {
        self.apply(choice).map_err(|e| match e {
            IllegalChoice::GameOver => "the game is over".to_string(),
            // The engine's reason starts with the choice in debugging form; the save's notation
            // already names it.
            IllegalChoice::NotLegal { choice, why } => {
                let prefix = format!("illegal choice {choice:?}: ");
                why.strip_prefix(&prefix).unwrap_or(&why).to_string()
            }
        })
    }
}

/// A string into a byte buffer, length first (so that names cannot run into each other).
fn text(out: &mut Vec<u8>, s: &str) {
    out.extend((s.len() as u32).to_le_bytes());
    out.extend(s.as_bytes());
}
