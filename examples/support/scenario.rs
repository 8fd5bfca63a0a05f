//! A Tash-Kalar position written as a scenario file, shared by the examples that make tactics
//! positions (`harvest_tactics`, `study_game`).

use std::fmt::Write as _;
use table::tashkalar::engine::state::HandKind;
use table::tashkalar::engine::{GameState, Mode, Seat};

/// The position as a scenario file (docs/scenario.md), with `actions_left` actions to the turn
/// (the turn's tally of what it did so far is not written: a scenario starts its action afresh).
pub fn scenario_text(g: &GameState, actions_left: u8) -> String {
    let db = &g.db;
    let name = |c| {
        db.get(c)
            .map(|c| format!("{:?}", c.name))
            .unwrap_or_default()
    };
    let list = |cards: &mut dyn Iterator<Item = table::tashkalar::engine::CardId>| {
        cards.map(name).collect::<Vec<_>>().join(", ")
    };
    let seats: Vec<Seat> = g.seat_ids().collect();
    let mut s = String::from("(\n");
    let _ = writeln!(
        s,
        "    mode: {},",
        if g.config.mode == Mode::Deathmatch {
            "Deathmatch"
        } else {
            "HighForm"
        }
    );
    let decks: Vec<String> = g.config.decks.iter().map(|d| format!("{d:?}")).collect();
    let _ = writeln!(s, "    decks: [{}],", decks.join(", "));
    let _ = writeln!(s, "    seed: 1,");
    let _ = writeln!(s, "    to_move: {},", g.turn.seat.0 + 1);
    let _ = writeln!(s, "    actions_left: {actions_left},");
    let _ = writeln!(s, "    turn: {},", g.turn.number);
    s.push_str("    board: [\n");
    for row in g.board_rows() {
        let _ = writeln!(s, "        {row:?},");
    }
    s.push_str("    ],\n    hands: [\n");
    for &seat in &seats {
        let _ = writeln!(
            s,
            "        (beings: [{}], legends: [{}], flares: [{}]),",
            list(
                &mut g
                    .hand_of_kind(seat, HandKind::Being)
                    .filter(|c| Some(*c) != g.seat(seat).pending)
            ),
            list(&mut g.hand_of_kind(seat, HandKind::Legend)),
            list(&mut g.hand_of_kind(seat, HandKind::Flare))
        );
    }
    s.push_str("    ],\n");
    let per_seat =
        |f: &dyn Fn(Seat) -> String| seats.iter().map(|s| f(*s)).collect::<Vec<_>>().join(", ");
    let _ = writeln!(
        s,
        "    discards: [{}],",
        per_seat(&|x| format!("[{}]", list(&mut g.seat(x).discard.iter())))
    );
    let _ = writeln!(
        s,
        "    frozen: [{}],",
        per_seat(&|x| format!("[{}]", list(&mut g.seat(x).frozen.iter())))
    );
    let _ = writeln!(
        s,
        "    scores: [{}],",
        per_seat(&|x| match g.config.mode {
            Mode::HighForm => g.seat(x).score.tasks.max(0).to_string(),
            Mode::Deathmatch => (g.score(x) + g.causality_penalty(x)).max(0).to_string(),
        })
    );
    if g.seat_ids().any(|x| g.seat(x).gateway.is_some()) {
        let _ = writeln!(
            s,
            "    gateway: [{}],",
            per_seat(&|x| g
                .seat(x)
                .gateway
                .map_or("None".into(), |q| format!("{:?}", q.to_string())))
        );
    }
    if g.seat_ids().any(|x| g.seat(x).pending.is_some()) {
        let _ = writeln!(
            s,
            "    pending: [{}],",
            per_seat(&|x| g.seat(x).pending.map_or("None".into(), name))
        );
    }
    if g.config.mode == Mode::HighForm {
        let task = |t: table::tashkalar::engine::cards::tasks::TaskId| {
            format!("{:?}", db.tasks[t.0 as usize].name)
        };
        let current: Vec<String> = g.tasks.current.iter().flatten().map(|t| task(*t)).collect();
        if let (3, Some(next)) = (current.len(), g.tasks.next) {
            let _ = writeln!(
                s,
                "    tasks: (current: [{}], next: {}),",
                current.join(", "),
                task(next)
            );
        }
    }
    if g.turn.discarded {
        s.push_str("    discarded: true,\n");
    }
    if g.ending.triggered {
        let _ = writeln!(s, "    turns_left: {},", g.ending.turns_left);
    }
    s.push_str(")\n");
    s
}
