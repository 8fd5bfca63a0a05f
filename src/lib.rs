//! The table: Tash-Kalar (and, on the same shell, other games) in the terminal.
//!
//! - [`shell`]: everything that is not one game's rules or drawing: the [`shell::game::Game`]
//!   trait, bots, records (save, load, replay), tournaments and the terminal front end. It imports
//!   no game.
//! - [`tashkalar`]: Tash-Kalar: its rules engine, its save payload, its commands and its screen.
//! - [`highground`]: High Ground (Icehouse pyramids on a board of playing cards).
//!
//! Dependencies point one way: a game uses the shell; the shell never names a game. `main.rs`
//! is where the two meet.

pub mod highground;
pub mod resarcana;
pub mod shell;
pub mod tashkalar;
