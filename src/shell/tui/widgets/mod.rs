//! Widgets the shell draws, and that games' screens may use too: they draw from state they are
//! given and keep none of their own, so live play and the replay viewer share them.

pub mod decision;
pub mod keybar;
pub mod log;

/// The first entry shown of a list of `len` entries in `height` rows, so that `selected` is
/// visible (lists scroll with their selection).
pub fn list_offset(selected: usize, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        0
    } else {
        selected.saturating_sub(height - 1).min(len - height)
    }
}
