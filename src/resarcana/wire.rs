//! Res Arcana over the bot protocol (`docs/bot-protocol.md`): a seat's observation as one JSON
//! document, and back.
//!
//! `view` is for any program: the position in words (names of cards, essences as notation
//! writes them, the seat's own hand). `state` is the observation itself, exactly, for programs
//! built on this crate: [`from_wire`] restores it, with the same legal choices and hash. Both
//! are made from an observation, in which everything the seat cannot see has been dealt again
//! in a fixed order, so neither tells anything the seat may not know.

use super::card::{CardId, Db};
use super::essence::Essences;
use super::payment::Price;
use super::state::{
    Ask, Ctx, Decision, InPlay, Outcome, PayFor, Phase, ResArcana, Seat, Target, Task, Variant,
};
use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::sync::Arc;

/// The observation as the protocol writes it (everything but the card data, which the reader
/// has, and the generator, which an observation resets).
#[derive(Serialize, Deserialize)]
struct Snapshot {
    variant: Variant,
    seats: Vec<Seat>,
    token: u8,
    first_passed: bool,
    monuments: Vec<CardId>,
    monument_deck: Vec<CardId>,
    places: Vec<CardId>,
    items: Vec<CardId>,
    boxed: Vec<CardId>,
    looking: Vec<CardId>,
    collect_start: Vec<(Essences, Vec<InPlay>)>,
    phase: Phase,
    pending: Option<Decision>,
    tasks: Vec<Task>,
    ctx: Ctx,
    round: u32,
    turn: u32,
    outcome: Option<Outcome>,
    /// How many components the writer's data has (a reader with other data refuses).
    cards: usize,
}

/// An observation (see [`ResArcana::observation`]) as the protocol's JSON document:
/// `{"view": ..., "state": ...}`.
pub fn to_wire(g: &ResArcana) -> Value {
    let snapshot = Snapshot {
        variant: g.variant,
        seats: g.seats.clone(),
        token: g.token,
        first_passed: g.first_passed,
        monuments: g.monuments.clone(),
        monument_deck: g.monument_deck.clone(),
        places: g.places.clone(),
        items: g.items.clone(),
        boxed: g.boxed.clone(),
        looking: g.looking.clone(),
        collect_start: g.collect_start.clone(),
        phase: g.phase,
        pending: g.pending,
        tasks: g.tasks.clone(),
        ctx: g.ctx,
        round: g.round,
        turn: g.turn,
        outcome: g.outcome.clone(),
        cards: g.db.len(),
    };
    json!({
        "view": view(g),
        // Plain numbers and lists always serialize.
        "state": serde_json::to_value(&snapshot).unwrap_or(Value::Null),
    })
}

/// The position in words, for programs of their own.
fn view(g: &ResArcana) -> Value {
    let name = |c: &CardId| g.db.name(*c).to_string();
    let names = |list: &[CardId]| list.iter().map(name).collect::<Vec<_>>();
    let seat = g.seat_to_move();
    let seats: Vec<Value> = g
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            json!({
                "pool": s.pool.text(),
                "points": g.points(i),
                "passed": s.passed,
                "hand": s.hand.len(),
                "deck": s.deck.len(),
                "discard": names(&s.discard),
                "play": s.play.iter().map(|p| json!({
                    "card": name(&p.card),
                    "turned": p.turned,
                    "stored": p.stored.text(),
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let decision = g
        .pending
        .map(|d| format!("{:?}", d.ask))
        .and_then(|t| {
            t.split(|c: char| !c.is_alphanumeric())
                .next()
                .map(str::to_string)
        })
        .unwrap_or_default();
    json!({
        "seat": seat + 1,
        "decision": decision,
        "round": g.round,
        "turn": g.turn + 1,
        "first_player": g.token as usize + 1,
        "seats": seats,
        "hand": names(&g.seats[seat].hand),
        "looking": if g.pending.is_some_and(|d| d.seat as usize == seat) { names(&g.looking) } else { Vec::new() },
        "monuments": names(&g.monuments),
        "monument_deck": g.monument_deck.len(),
        "places": names(&g.places),
        "items": names(&g.items),
    })
}

/// The most essences a restored decision may ask for (real ones ask for a dozen or so): more
/// would make listing the ways to pay slow, not wrong.
const MOST_ESSENCES: u32 = 40;

/// Restores the observation written by [`to_wire`] (its `state` part) with the components of
/// `db`. Anything that is not such a state (unknown cards, seats that do not exist, too much
/// asked) is refused with a sentence.
pub fn from_wire(db: &Arc<Db>, wire: &Value) -> Result<ResArcana, String> {
    let state = wire.get("state").unwrap_or(wire);
    let s = Snapshot::deserialize(state).map_err(|e| format!("not a Res Arcana state: {e}"))?;
    if s.cards != db.len() {
        return Err(format!(
            "written with {} components, this data has {}",
            s.cards,
            db.len()
        ));
    }
    let n = s.seats.len();
    if !(1..=4).contains(&n) {
        return Err(format!("{n} seats"));
    }
    let seat_ok = |x: u8| (x as usize) < n;
    let card_ok = |c: &CardId| db.contains(*c);
    let mut cards: Vec<CardId> = Vec::new();
    for seat in &s.seats {
        for list in [
            &seat.mages_dealt,
            &seat.hand,
            &seat.deck,
            &seat.discard,
            &seat.packet,
            &seat.drafted,
            &seat.known_top,
            &seat.known_monuments,
        ] {
            cards.extend(list.iter().copied());
        }
        cards.extend(seat.mage);
        cards.extend(seat.play.iter().map(|p| p.card));
    }
    for list in [
        &s.monuments,
        &s.monument_deck,
        &s.places,
        &s.items,
        &s.boxed,
        &s.looking,
    ] {
        cards.extend(list.iter().copied());
    }
    for (_, play) in &s.collect_start {
        cards.extend(play.iter().map(|p| p.card));
    }
    let mut seats: Vec<u8> = vec![s.token];
    if let Some(d) = s.pending {
        seats.push(d.seat);
        check_ask(&d.ask, &mut cards, &mut seats)?;
    }
    for t in &s.tasks {
        check_task(t, &mut cards, &mut seats);
    }
    if let Some(o) = &s.outcome {
        seats.extend(&o.winners);
    }
    if let Some(bad) = cards.iter().find(|c| !card_ok(c)) {
        return Err(format!("no component number {}", bad.0));
    }
    if let Some(bad) = seats.iter().find(|x| !seat_ok(**x)) {
        return Err(format!("no seat {bad} (0-based) among {n}"));
    }
    if s.looking.len() > 3 || (!s.collect_start.is_empty() && s.collect_start.len() != n) {
        return Err("more than 3 cards looked at, or a Collect for other seats".into());
    }
    Ok(ResArcana {
        db: Arc::clone(db),
        variant: s.variant,
        seats: s.seats,
        token: s.token,
        first_passed: s.first_passed,
        monuments: s.monuments,
        monument_deck: s.monument_deck,
        places: s.places,
        items: s.items,
        boxed: s.boxed,
        looking: s.looking,
        collect_start: s.collect_start,
        phase: s.phase,
        pending: s.pending,
        tasks: s.tasks,
        ctx: s.ctx,
        round: s.round,
        turn: s.turn,
        // An observation's generator is a fresh one (see `view.rs`).
        rng: Rng::seeded(0),
        outcome: s.outcome,
    })
}

/// Collects the cards and seats a decision names; refuses one that asks for too much.
fn check_ask(ask: &Ask, cards: &mut Vec<CardId>, seats: &mut Vec<u8>) -> Result<(), String> {
    let too_much = |price: &Price| price.fixed.total() + price.any as u32 > MOST_ESSENCES;
    match *ask {
        Ask::Stored(c) | Ask::CollectPick(c, ..) | Ask::CollectCost(c) => cards.push(c),
        Ask::Pay(price, what) => {
            if too_much(&price) {
                return Err("a payment asks for too many essences".into());
            }
            match what {
                PayFor::Place(c)
                | PayFor::Claim(c, _)
                | PayFor::Power(c, _)
                | PayFor::CollectCost(c) => cards.push(c),
                PayFor::Loss => {}
            }
        }
        Ask::Gain { n, onto, .. } => {
            if n as u32 > MOST_ESSENCES {
                return Err("a gain of too many essences".into());
            }
            cards.extend(onto);
        }
        Ask::Target(t) => match t {
            Target::Destroy(c, _)
            | Target::DiscardCost(c, _)
            | Target::TurnOther(c, _)
            | Target::Straighten(c, ..)
            | Target::StoreOn(c)
            | Target::Place(c, ..) => cards.push(c),
            Target::DiscardDown(_) => {}
            Target::DefenceDiscard(a) | Target::DefenceDestroy(a) => {
                cards.push(a.card);
                seats.push(a.attacker);
            }
        },
        Ask::LifeLoss(a) => {
            cards.push(a.card);
            seats.push(a.attacker);
        }
        _ => {}
    }
    Ok(())
}

/// Collects the cards and seats a task names.
fn check_task(t: &Task, cards: &mut Vec<CardId>, seats: &mut Vec<u8>) {
    match *t {
        Task::AskMage(s)
        | Task::AskItem(s)
        | Task::DraftPick(s)
        | Task::Collect(s)
        | Task::Turn(s)
        | Task::NextTurn(s)
        | Task::Draw(s, _)
        | Task::Swap(s)
        | Task::VictoryAsk(s) => seats.push(s),
        Task::CollectStored(s, c)
        | Task::CollectAbility(s, c, _)
        | Task::CollectNested(s, c, ..)
        | Task::CollectCost(s, c)
        | Task::PowerCost(s, c, ..)
        | Task::Effect(s, c, ..)
        | Task::ClaimEffect(s, c, _) => {
            seats.push(s);
            cards.push(c);
        }
        Task::LifeLoss(s, a) => {
            seats.push(s);
            seats.push(a.attacker);
            cards.push(a.card);
        }
        Task::RevealMages
        | Task::DraftDeal
        | Task::DraftPass(_)
        | Task::DraftEnd
        | Task::StartRound
        | Task::RefillMonuments
        | Task::Victory(_)
        | Task::VictoryCount(_)
        | Task::EndRound => {}
    }
}
