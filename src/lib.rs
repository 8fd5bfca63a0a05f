//! Tash-Kalar in the terminal: the rules engine, bots, records and the ratatui front end.

pub mod engine;
