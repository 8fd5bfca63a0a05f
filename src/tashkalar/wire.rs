//! Tash-Kalar over the bot protocol (`docs/bot-protocol.md`): a seat's observation as one JSON
//! document, and back.
//!
//! The document has two parts. `view` is for any program: the position in the words of
//! `legal --json` and scenario files (board rows, scores, the seat's own cards by name, card
//! counts of the others). `state` is the observation itself, exactly, for programs built on this
//! crate (the `bot` command reads it back with [`from_wire`] and searches from it). Both are made
//! from [`GameState::observation`], in which every card the seat cannot see has been dealt again
//! in a fixed order, so neither tells anything the seat may not know.

use super::engine::board::{Piece, Supply, arena};
use super::engine::cards::CardId;
use super::engine::cards::tasks::TaskId;
use super::engine::effect::run::EffectRun;
use super::engine::square::Square;
use super::engine::state::{Deck, Ending, GameConfig, HandKind, Phase, SeatState, TaskQueue, Turn};
use super::engine::{CardDb, GameState, Seat};
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

/// The observation as the protocol writes it (everything but the card database, which the
/// reader has, and the event log).
#[derive(Serialize, Deserialize)]
struct Snapshot {
    config: GameConfig,
    /// Every piece on the board, in square order.
    pieces: Vec<(Square, Piece)>,
    supply: Vec<Supply>,
    seats: Vec<SeatState>,
    legend_deck: Deck,
    legend_discard: Deck,
    flare_deck: Deck,
    flare_discard: Deck,
    tasks: TaskQueue,
    turn: Turn,
    phase: Phase,
    effect: Option<EffectRun>,
    ending: Ending,
    resigned: Option<Seat>,
    setup_step: u8,
}

/// The observation `state` (already an observation: see [`GameState::observation`]) as the
/// protocol's JSON document: `{"view": ..., "state": ...}`.
pub fn to_wire(state: &GameState) -> Value {
    let snapshot = Snapshot {
        config: (*state.config).clone(),
        pieces: Square::all()
            .filter_map(|sq| state.board.get(sq).map(|p| (sq, p)))
            .collect(),
        supply: state.supply.to_vec(),
        seats: state.seats.to_vec(),
        legend_deck: state.legend_deck,
        legend_discard: state.legend_discard,
        flare_deck: state.flare_deck,
        flare_discard: state.flare_discard,
        tasks: state.tasks,
        turn: state.turn,
        phase: state.phase,
        effect: state.effect.clone(),
        ending: state.ending,
        resigned: state.resigned,
        setup_step: state.setup_step,
    };
    json!({
        "view": view(state),
        // A snapshot of plain numbers and lists always serializes.
        "state": serde_json::to_value(&snapshot).unwrap_or(Value::Null),
    })
}

/// Restores the observation written by [`to_wire`] (its `state` part), with the cards of `db`.
/// Anything that is not such a state (unknown cards or tasks, squares off the grid, lists too
/// long) is refused with a sentence; a state that names only known things but could not arise
/// in a game is the sender's problem (the `bot` command answers it with an error, not a panic).
pub fn from_wire(db: &Arc<CardDb>, wire: &Value) -> Result<GameState, String> {
    let state = wire.get("state").unwrap_or(wire);
    let s: Snapshot =
        Snapshot::deserialize(state).map_err(|e| format!("not a Tash-Kalar state: {e}"))?;
    s.config.validate(db).map_err(|e| e.to_string())?;
    let players = s.config.players as usize;
    // Every seat slot is written (unused ones empty); at least one per player.
    if !(players..=4).contains(&s.seats.len()) || s.supply.len() > 4 {
        return Err(format!(
            "{} seats and {} supplies for {players} players",
            s.seats.len(),
            s.supply.len()
        ));
    }
    let card_ok = |c: CardId| db.get(c).is_some();
    let task_ok = |t: TaskId| (t.0 as usize) < db.tasks.len();
    let mut cards: Vec<CardId> = Vec::new();
    for seat in &s.seats {
        cards.extend(seat.deck.iter());
        cards.extend(seat.discard.iter());
        cards.extend(seat.hand.iter());
        cards.extend(seat.frozen.iter());
        cards.extend(seat.pending);
        if seat.colour.index() >= 4 || seat.claimed.as_slice().iter().any(|t| !task_ok(TaskId(*t)))
        {
            return Err("a seat's colour or claimed task is out of range".into());
        }
    }
    for pile in [
        s.legend_deck,
        s.legend_discard,
        s.flare_deck,
        s.flare_discard,
    ] {
        cards.extend(pile.iter());
    }
    cards.extend(s.turn.warps_played.iter().flatten());
    let mut run = s.effect.as_ref();
    while let Some(r) = run {
        cards.push(r.card);
        run = r.parent.as_deref();
    }
    if let Phase::SummonPickup(p) = s.phase {
        cards.push(p.card);
    }
    if let Some(bad) = cards.iter().find(|c| !card_ok(**c)) {
        return Err(format!("no card number {}", bad.0));
    }
    let tasks = s.tasks.current.iter().flatten().chain(s.tasks.next.iter());
    let piles = s
        .tasks
        .deck
        .as_slice()
        .iter()
        .chain(s.tasks.discard.as_slice());
    if tasks.copied().any(|t| !task_ok(t)) || piles.copied().any(|t| !task_ok(TaskId(t))) {
        return Err("a task number is out of range".into());
    }
    if s.pieces.iter().any(|(_, p)| p.colour.index() >= 4) {
        return Err("a piece's colour is out of range".into());
    }
    // One piece a square, on the playable squares only (the board trusts its callers on both).
    let mut taken = [false; Square::COUNT];
    for (sq, _) in &s.pieces {
        if !arena::is_playable(*sq) || std::mem::replace(&mut taken[sq.index()], true) {
            return Err(format!("two pieces on {sq}, or a piece on a cut corner"));
        }
    }
    if let Some(seat) = s
        .seats
        .iter()
        .find(|seat| db.decks.get(seat.deck_id.0 as usize).is_none())
    {
        return Err(format!("no deck number {}", seat.deck_id.0));
    }
    let mut g =
        GameState::new_game(Arc::clone(db), s.config.clone(), 0).map_err(|e| e.to_string())?;
    g.board = Default::default();
    for (sq, piece) in &s.pieces {
        g.board.put(*sq, *piece);
    }
    g.supply = Default::default();
    for (i, supply) in s.supply.iter().enumerate() {
        g.supply[i] = *supply;
    }
    g.seats = Default::default();
    for (i, seat) in s.seats.into_iter().enumerate() {
        g.seats[i] = seat;
    }
    g.legend_deck = s.legend_deck;
    g.legend_discard = s.legend_discard;
    g.flare_deck = s.flare_deck;
    g.flare_discard = s.flare_discard;
    g.tasks = s.tasks;
    g.turn = s.turn;
    g.phase = s.phase;
    g.effect = s.effect;
    g.ending = s.ending;
    g.resigned = s.resigned;
    g.setup_step = s.setup_step;
    // As the observation has it (`GameState::observation` resets the generator).
    g.rng = Rng::seeded(0);
    g.log_events = false;
    g.events.clear();
    if players > 0 && s.turn.seat.index() >= players {
        return Err("the seat to move is out of range".into());
    }
    Ok(g)
}

/// The position in words any program can read: the same names and notation as `legal --json`
/// and scenario files. Only what the observing seat may see: its own hand by name, the others'
/// by count.
fn view(state: &GameState) -> Value {
    let db = &state.db;
    let name = |c: CardId| db.get(c).map(|c| c.name.clone()).unwrap_or_default();
    let names = |cards: &mut dyn Iterator<Item = CardId>| cards.map(name).collect::<Vec<_>>();
    let decision = state.decision();
    let seat = decision.seat;
    let seats: Vec<Seat> = state.seat_ids().collect();
    let hand = |kind| names(&mut state.hand_of_kind(seat, kind));
    let task =
        |t: Option<TaskId>| t.and_then(|t| db.tasks.get(t.0 as usize).map(|t| t.name.clone()));
    json!({
        "mode": state.config.mode.name(),
        "players": state.config.players,
        "teams": state.config.teams,
        "decks": state.config.decks,
        "seat": seat.0 + 1,
        "decision": super::cli::json::decision_name(&decision, state),
        "turn": state.turn.number,
        "actions_left": state.turn.actions_left,
        "board": state.board_rows(),
        "scores": seats.iter().map(|s| state.score(*s)).collect::<Vec<_>>(),
        "hand": {
            "beings": hand(HandKind::Being),
            "legends": hand(HandKind::Legend),
            "flares": hand(HandKind::Flare),
        },
        "hand_counts": seats.iter().map(|s| {
            let c = state.hand_counts(*s);
            json!({"beings": c.beings, "legends": c.legends, "flares": c.flares})
        }).collect::<Vec<_>>(),
        "deck_sizes": seats.iter().map(|s| state.seat(*s).deck.len()).collect::<Vec<_>>(),
        "discards": seats.iter().map(|s| names(&mut state.seat(*s).discard.iter())).collect::<Vec<_>>(),
        "frozen": seats.iter().map(|s| names(&mut state.seat(*s).frozen.iter())).collect::<Vec<_>>(),
        "pending": seats.iter().map(|s| state.seat(*s).pending.map(name)).collect::<Vec<_>>(),
        "gateways": seats.iter().map(|s| state.seat(*s).gateway.map(|g| g.to_string())).collect::<Vec<_>>(),
        "tasks": {
            "current": state.tasks.current.iter().map(|t| task(*t)).collect::<Vec<_>>(),
            "next": task(state.tasks.next),
        },
        "end_triggered": state.ending.triggered,
        "turns_left": state.ending.turns_left,
        "effect_card": state.effect.as_ref().map(|e| name(e.card)),
    })
}
