//! The shell's screens (the list of games, the menu, the new-game form, rules, saved games) and
//! the windows drawn over any screen.

pub mod form;
pub mod games;
pub mod menu;
pub mod options_form;
pub mod overlays;
pub mod rules;
pub mod saves;
