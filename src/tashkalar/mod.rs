//! Tash-Kalar: Arena of Legends. Its rules engine ([`engine`]: pure, no I/O), its save payload
//! ([`record`]), and the commands that only make sense for it ([`cli`]: card checks, the legal
//! choices of a scenario).

pub mod cli;
pub mod engine;
pub mod record;
