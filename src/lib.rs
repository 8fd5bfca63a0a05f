//! Tash-Kalar in the terminal: the rules engine, bots, records and the ratatui front end.
//!
//! Dependencies point one way: `engine` <- `ai`, `record` <- `tui`, `main`. Bots and records use
//! the [`game::Game`] trait rather than Tash-Kalar types.

pub mod ai;
pub mod cli;
pub mod engine;
pub mod game;
pub mod highground;
pub mod record;
pub mod sim;
pub mod tui;
