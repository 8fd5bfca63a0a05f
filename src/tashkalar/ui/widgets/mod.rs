//! Tash-Kalar's widgets: the arena, cards with their patterns, the hand, the players and tasks.
//! They draw from state they are given and keep none of their own.

pub mod board;
pub mod card;
pub mod hand;
pub mod players;
