//! The games of the table: the one list that the command line, the menu, tests and benches read.
//! A new game is its folder under `src/`, its data under `assets/`, and one line here
//! (`docs/adding-a-game.md`). The first game is the default of `--game`.

use crate::shell::registry::Registry;

/// Every game this build offers, the flagship first.
pub fn registry() -> Registry {
    Registry {
        games: vec![
            Box::new(crate::tashkalar::TashKalar),
            Box::new(crate::highground::HighGroundGame),
            Box::new(crate::resarcana::try_def::TryResArcana),
        ],
    }
}
