//! Effects: the compiled program form and its resumable interpreter.

pub mod choices;
pub mod moves;
pub mod program;
pub mod run;
pub mod select;
