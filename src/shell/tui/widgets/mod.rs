//! Widgets that draw from state they are given and keep none of their own, so the live game and
//! a replay viewer can share them.

pub mod board;
pub mod card;
pub mod decision;
pub mod hand;
pub mod keybar;
pub mod log;
pub mod players;
