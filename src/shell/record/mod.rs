//! Records: save files, autosave, loading with validation, and replay.
//!
//! A save is the game's setup, its seed and the list of choices in text notation, plus the hash of
//! the state they lead to (`docs/saves.md`). Replaying a save is re-applying the choices from the
//! seed. Everything here is written against the [`crate::shell::game::Game`] trait plus [`Recordable`]
//! (how a game is set up from its saved payload); the Tash-Kalar payload is in [`tashkalar`].
//!
//! - [`format`]: the file's fields, the format name and version, the integrity check.
//! - [`save`]: writing a save as text, atomically, under a fresh name; the autosaver.
//! - [`load`]: reading and validating a save; listing the saves of a directory.
//! - [`lock`]: one copy of the program per game in progress.
//! - [`replay`]: a cursor over a recorded game, and where undo may go back to.
//!
//! Dependencies point one way: `engine` <- `record` <- `tui`, `main`. Only [`save`] and [`load`]
//! touch the file system; the engine never does.

pub mod format;
pub mod load;
pub mod lock;
pub mod replay;
pub mod save;

pub use format::{FORMAT_VERSION, Recordable, SaveFile};
pub use load::{FileError, LoadError, Loaded};
pub use replay::Replay;
pub use save::{Autosave, SaveError};
