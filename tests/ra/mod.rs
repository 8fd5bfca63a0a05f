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

/// A new game.
pub fn game(players: u8, variant: Variant, seed: u64) -> ResArcana {
    ResArcana::new_game(db(), Setup { players, variant }, seed).expect("sets up")
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
