//! JSON forms of decisions and choices (the `legal --json` contract).

use crate::tashkalar::engine::decision::{Decision, DecisionKind};
use crate::tashkalar::engine::{Choice, GameState, notation};
use serde_json::{Value, json};

/// `effect:destroy`-style name of a decision.
pub fn decision_name(d: &Decision, _state: &GameState) -> String {
    match &d.kind {
        DecisionKind::Effect { step, .. } => format!("effect:{}", step.name()),
        k => k.name().to_string(),
    }
}

/// One choice as a JSON object: always `kind` and `text`, plus the fields of that kind.
pub fn choice_json(c: &Choice, state: &GameState) -> Value {
    let db = &state.db;
    let name = |id: crate::tashkalar::engine::CardId| {
        db.get(id).map(|c| c.name.clone()).unwrap_or_default()
    };
    let mut v = match *c {
        Choice::Place(sq) => json!({"kind": "place", "square": sq.to_string()}),
        Choice::Summon {
            card,
            target,
            placement,
            borrow,
        } => json!({
            "kind": "summon",
            "card": name(card),
            "target": target.to_string(),
            "placement": placement,
            "borrow": borrow.map(|b| b.to_string()),
        }),
        Choice::Discard(card) => json!({"kind": "discard", "card": name(card)}),
        Choice::Flare { card, against } => {
            json!({"kind": "flare", "card": name(card), "against": against.0 + 1})
        }
        Choice::Thaw(card) => json!({"kind": "thaw", "card": name(card)}),
        Choice::Warp(card) => json!({"kind": "warp", "card": name(card)}),
        Choice::EndTurn => json!({"kind": "end-turn"}),
        Choice::Pickup(sq) => json!({"kind": "pickup", "square": sq.to_string()}),
        Choice::Return(card) => json!({"kind": "return", "card": name(card)}),
        Choice::Keep(card) => json!({"kind": "keep", "card": name(card)}),
        Choice::Claim(t) => {
            json!({"kind": "claim", "task": db.tasks.get(t.0 as usize).map(|t| t.name.clone()).unwrap_or_default()})
        }
        Choice::Colour(c) => json!({"kind": "colour", "colour": c.0 + 1}),
        Choice::StartSquare(sq) => json!({"kind": "start-square", "square": sq.to_string()}),
        Choice::Square(sq) => json!({"kind": "square", "square": sq.to_string()}),
        Choice::PlaceAs(sq, r) => {
            json!({"kind": "place-as", "square": sq.to_string(), "rank": r.name()})
        }
        Choice::Move { from, to } => {
            json!({"kind": "move", "from": from.to_string(), "to": to.to_string()})
        }
        Choice::Dir(d) => json!({"kind": "direction", "direction": d.name()}),
        Choice::Branch(i) => json!({"kind": "branch", "branch": i}),
        Choice::Card(card) => json!({"kind": "card", "card": name(card)}),
        Choice::Yes => json!({"kind": "yes"}),
        Choice::Skip => json!({"kind": "skip"}),
        Choice::HandOver => json!({"kind": "hand-over"}),
        Choice::Resign => json!({"kind": "resign"}),
    };
    v["text"] = Value::String(notation::write(c, db));
    v
}

/// The whole `legal --json` document.
pub fn decision_document(state: &GameState) -> Value {
    let d = state.decision();
    let choices: Vec<Value> = state
        .choices()
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut v = choice_json(c, state);
            v["index"] = json!(i);
            v
        })
        .collect();
    let mut doc = json!({
        "seat": d.seat.0 + 1,
        "decision": decision_name(&d, state),
        "choices": choices,
        "board": state.board_rows(),
        "scores": state.seat_ids().map(|s| state.score(s)).collect::<Vec<_>>(),
        "actions_left": state.turn.actions_left,
        "turn": state.turn.number,
        "game_over": state.is_over(),
    });
    if let DecisionKind::Effect { card, step } = &d.kind {
        doc["card"] = json!(state.db.get(*card).map(|c| c.name.clone()));
        if let crate::tashkalar::engine::decision::EffectStep::Branch(labels) = step {
            doc["options"] = json!(labels);
        }
    }
    doc
}
