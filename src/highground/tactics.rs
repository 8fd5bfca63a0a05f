//! High Ground's tactics suite (`tests/hg-tactics/`): positions (docs/high-ground.md,
//! "Positions") with a clearly best choice and a one-line reason, in the format of Tash-Kalar's
//! suite (`crate::shell::tactics`), measured by `examples/tactics.rs game=high-ground`.

use super::HighGround;
use std::path::Path;

/// A loaded position of the suite.
pub type Position = crate::shell::tactics::Position<HighGround>;

/// Reads `suite.ron` in `dir` and every position it names.
pub fn load(dir: &Path) -> Result<Vec<Position>, String> {
    crate::shell::tactics::load(dir, |text| {
        HighGround::from_position(text).map_err(|e| e.to_string())
    })
}
