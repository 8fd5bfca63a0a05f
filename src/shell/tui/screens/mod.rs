//! Whole screens and the windows drawn over them.

pub mod form;
pub mod game;
pub mod menu;
pub mod overlays;
pub mod rules;
pub mod saves;
