//! The shell: what every game on the table shares. Written against the [`game::Game`] trait (and
//! [`record::Recordable`] for saves), never against a particular game: no module here imports a
//! game module (a test checks it).

pub mod ai;
pub mod cli;
pub mod commands;
pub mod conformance;
pub mod game;
pub mod hash;
pub mod out;
pub mod play;
pub mod position;
pub mod quote;
pub mod record;
pub mod registry;
pub mod rng;
pub mod seats;
pub mod serve;
pub mod sim;
pub mod tactics;
pub mod tui;
