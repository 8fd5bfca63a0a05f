//! Helpers for the Res Arcana rules scenarios: the embedded data, games set up from a seed, and
//! choices made by their text.
#![allow(dead_code)]

use std::sync::Arc;
use table::resarcana::state::{InPlay, Variant};
use table::resarcana::{CardId, Choice, Db, ResArcana, Setup};
use table::shell::game::Game;

/// The embedded component data.
pub fn db() -> Arc<Db> {
    Db::embedded().expect("the embedded data loads")
}

/// A card's id by name.
pub fn id(g: &ResArcana, name: &str) -> CardId {
    g.db.find(name).unwrap_or_else(|| panic!("no card {name}"))
}

/// A new game, with the expansion's counts or not.
pub fn game_with(players: u8, variant: Variant, expansion_counts: bool, seed: u64) -> ResArcana {
    ResArcana::new_game(
        db(),
        Setup {
            players,
            variant,
            expansion_counts,
        },
        seed,
    )
    .expect("sets up")
}

/// A new game.
pub fn game(players: u8, variant: Variant, seed: u64) -> ResArcana {
    ResArcana::new_game(
        db(),
        Setup {
            players,
            variant,
            expansion_counts: false,
        },
        seed,
    )
    .expect("sets up")
}

/// Makes a choice by its text, failing the test if it is not legal.
pub fn choose(g: &mut ResArcana, text: &str) {
    let c = g
        .parse_choice(text)
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"));
    if let Err(e) = g.apply(c) {
        panic!("`{text}` refused: {e}; legal: {:?}", texts(g));
    }
}

/// The legal choices as text.
pub fn texts(g: &ResArcana) -> Vec<String> {
    let mut out = Vec::new();
    Game::legal(g, &mut out);
    out.iter().map(|c: &Choice| g.choice_text(c)).collect()
}

/// Whether a choice (by text) is legal now.
pub fn can(g: &ResArcana, text: &str) -> bool {
    texts(g).iter().any(|t| t == text)
}

/// The first-game setup for 2 with the setup decisions made (seat 2 takes Research, seat 1
/// Alchemy), at seat 1's first action after Collect.
pub fn first_game() -> ResArcana {
    let mut g = game(2, Variant::FirstGame, 1);
    choose(&mut g, "item Research");
    choose(&mut g, "item Alchemy");
    g
}

/// Gives a seat a component in play (taking it from wherever it is).
pub fn give(g: &mut ResArcana, seat: usize, name: &str) -> CardId {
    let c = id(g, name);
    for s in g.seats.iter_mut() {
        s.hand.retain(|&x| x != c);
        s.deck.retain(|&x| x != c);
        s.discard.retain(|&x| x != c);
        s.play.retain(|p| p.card != c);
    }
    g.boxed.retain(|&x| x != c);
    g.monuments.retain(|&x| x != c);
    g.monument_deck.retain(|&x| x != c);
    g.places.retain(|&x| x != c);
    g.items.retain(|&x| x != c);
    g.seats[seat].play.push(InPlay::new(c));
    c
}

/// Puts a card in a seat's hand (taking it from wherever it is).
pub fn to_hand(g: &mut ResArcana, seat: usize, name: &str) -> CardId {
    let c = give(g, seat, name);
    g.seats[seat].play.retain(|p| p.card != c);
    g.seats[seat].hand.push(c);
    c
}

/// Sets a seat's pool from text like `2 elan 1 gold`.
pub fn pool(g: &mut ResArcana, seat: usize, text: &str) {
    g.seats[seat].pool = table::resarcana::Essences::parse(text).expect("essences");
}

/// A first game for `players` at seat 1's first action, with every pool and hand emptied and
/// only mages and magic items in play: scenarios add what they need.
pub fn table(players: u8) -> ResArcana {
    let mut g = game(players, Variant::FirstGame, 1);
    while g
        .pending
        .is_some_and(|d| d.ask != table::resarcana::Ask::Action)
    {
        let first = g.legal_list()[0];
        g.apply(first).expect("a listed choice");
    }
    for s in 0..players as usize {
        let hand = std::mem::take(&mut g.seats[s].hand);
        g.boxed.extend(hand);
        g.seats[s].pool = table::resarcana::Essences::ZERO;
    }
    at_action(&mut g, 0);
    g
}

/// Makes it `seat`'s action, nothing else pending.
pub fn at_action(g: &mut ResArcana, seat: u8) {
    g.tasks.clear();
    g.phase = table::resarcana::Phase::Actions;
    g.pending = Some(table::resarcana::state::Decision {
        seat,
        ask: table::resarcana::Ask::Action,
    });
}

/// A seat's pool as text.
pub fn pool_of(g: &ResArcana, seat: usize) -> String {
    g.seats[seat].pool.text()
}

/// The essences on a component, as text.
pub fn stored(g: &ResArcana, name: &str) -> String {
    let c = id(g, name);
    g.seats
        .iter()
        .flat_map(|s| s.play.iter())
        .find(|p| p.card == c)
        .map_or("not in play".into(), |p| p.stored.text())
}

/// Whether a component is turned.
pub fn turned(g: &ResArcana, name: &str) -> bool {
    let c = id(g, name);
    g.seats
        .iter()
        .flat_map(|s| s.play.iter())
        .any(|p| p.card == c && p.turned)
}

/// Turns a component in play.
pub fn turn(g: &mut ResArcana, name: &str) {
    let c = id(g, name);
    for s in g.seats.iter_mut() {
        for p in s.play.iter_mut() {
            if p.card == c {
                p.turned = true;
            }
        }
    }
}

/// Puts essences on a component in play.
pub fn put_on(g: &mut ResArcana, name: &str, text: &str) {
    let c = id(g, name);
    let e = table::resarcana::Essences::parse(text).expect("essences");
    for s in g.seats.iter_mut() {
        for p in s.play.iter_mut() {
            if p.card == c {
                p.stored = e;
            }
        }
    }
}

/// Who decides now and what (the ask's name), for asserting whose decision it is.
pub fn who(g: &ResArcana) -> usize {
    g.seat_to_move()
}

/// The names of a seat's hand, sorted.
pub fn hand(g: &ResArcana, seat: usize) -> Vec<String> {
    let mut v: Vec<String> = g.seats[seat]
        .hand
        .iter()
        .map(|&c| g.db.name(c).to_string())
        .collect();
    v.sort();
    v
}

/// Names of a list of cards, in order.
pub fn names(g: &ResArcana, cards: &[CardId]) -> Vec<String> {
    cards.iter().map(|&c| g.db.name(c).to_string()).collect()
}

/// Runs a seat's Collect step now (the decisions it asks are left pending).
pub fn collect(g: &mut ResArcana, seat: u8) {
    g.tasks.clear();
    g.pending = None;
    g.phase = table::resarcana::Phase::Collect;
    g.push(table::resarcana::state::Task::Collect(seat));
    g.run();
}

/// The ask pending, by its debug name's first word (`Action`, `Pay`, `LifeLoss`...).
pub fn asking(g: &ResArcana) -> String {
    match g.pending {
        Some(d) => {
            let text = format!("{:?}", d.ask);
            text.split(|c: char| !c.is_alphanumeric())
                .next()
                .unwrap_or("")
                .to_string()
        }
        None => "nothing".into(),
    }
}
