//! The table: Tash-Kalar (and, on the same shell, other games) in the terminal.
//!
//! - [`shell`]: everything that is not one game's rules or drawing: the [`shell::game::Game`]
//!   trait, bots, records (save, load, replay), tournaments and the terminal front end. It imports
//!   no game.
//! - [`tashkalar`]: Tash-Kalar: its rules engine, its save payload, its commands and its screen.
//! - [`highground`]: High Ground (Icehouse pyramids on a board of playing cards).
//!
//! - [`games`]: the one list of the games, read by the command line, the menu, tests and benches.
//!
//! Dependencies point one way: a game uses the shell; the shell never names a game. The list in
//! [`games`] is where the two meet; `main.rs` only hands it to the shell's command line.

pub mod games;
pub mod highground;
pub mod resarcana;
pub mod shell;
pub mod tashkalar;
