//! One copy of the program per game in progress: a save being played on is locked, so that a
//! second copy that tries to play it is told at once instead of both writing it and one game
//! being lost.
//!
//! The lock is an operating-system advisory lock on a hidden file next to the save
//! (`.NAME.ron.lock`, holding the process id for the message). The system releases it when the
//! process ends, however it ends (`kill -9`, a crash, a closed terminal), so a crashed copy never
//! leaves a game locked. The lock file is removed by the copy that holds it when it lets go; one
//! left by a crash is unlocked, ignored by listings, and reused.
//!
//! The lock file alone can be deleted by hand, and then a second copy would take a new one: so
//! the save itself is locked too (on Unix). Every write replaces the save with a new file
//! (`save.rs`), so the writer locks each new file before it renames it into place and keeps it
//! open ([`SaveLock::hold_save`]): the file under the save's name is always the locked one.

use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The lock file of a save: hidden, next to it, not ending in `.ron`.
pub fn lock_path(save: &Path) -> PathBuf {
    let name = save
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    save.with_file_name(format!(".{name}.lock"))
}

/// Why a save could not be locked.
#[derive(Debug)]
pub enum LockError {
    /// Another copy of the program plays this game (its process id, if it wrote one).
    Held(Option<u32>),
    /// The lock file could not be made or locked.
    Io(io::Error),
}

impl fmt::Display for LockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LockError::Held(pid) => {
                f.write_str("this game is open in another copy of the program")?;
                if let Some(pid) = pid {
                    write!(f, " (process {pid})")?;
                }
                f.write_str(
                    ": quit it there to play it here (it can still be watched in the replay viewer)",
                )
            }
            LockError::Io(e) => write!(
                f,
                "cannot lock the game for play: {}",
                super::save::io_reason(e)
            ),
        }
    }
}

impl std::error::Error for LockError {}

/// A save held for play by this process; let go when dropped.
#[derive(Debug)]
pub struct SaveLock {
    file: File,
    path: PathBuf,
    /// The save file itself, locked, once it exists (Unix; `None` elsewhere).
    save: Mutex<Option<File>>,
}

impl SaveLock {
    /// Locks `save` for play, or says who holds it.
    pub fn acquire(save: &Path) -> Result<SaveLock, LockError> {
        let path = lock_path(save);
        // The holder removes the lock file when it lets go; a file locked just after that
        // removal is no longer the one others see, so look again (a few times at most).
        for _ in 0..8 {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(LockError::Io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(fs::TryLockError::WouldBlock) => return Err(LockError::Held(read_pid(&path))),
                Err(fs::TryLockError::Error(e)) => return Err(LockError::Io(e)),
            }
            if !same_file(&file, &path) {
                continue;
            }
            // Before the process id is written: a copy that holds the save after its lock file
            // was deleted is told apart from this one.
            let held = lock_save(save)?;
            // The process id, for the other copy's message (a failure here changes nothing).
            let _ = file
                .set_len(0)
                .and_then(|()| file.rewind())
                .and_then(|()| write!(file, "{}", std::process::id()))
                .and_then(|()| file.flush());
            return Ok(SaveLock {
                file,
                path,
                save: Mutex::new(held),
            });
        }
        Err(LockError::Io(io::Error::other(
            "the lock file keeps changing",
        )))
    }
}

impl SaveLock {
    /// Keeps `file`, locked by the caller, as the save's lock: the file just renamed into the
    /// save's place (the one held before is no longer the save, and is let go).
    pub fn hold_save(&self, file: File) {
        if let Ok(mut save) = self.save.lock() {
            *save = Some(file);
        }
    }
}

/// Locks the save file itself, if it exists: `Held` if another copy holds it (whatever became
/// of its lock file, so the process id is not known).
#[cfg(unix)]
fn lock_save(save: &Path) -> Result<Option<File>, LockError> {
    // The holder replaces the file at every write: a file locked just as it was replaced is no
    // longer the save, so look again (a few times at most).
    for _ in 0..8 {
        let file = match File::open(save) {
            Ok(file) => file,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(LockError::Io(e)),
        };
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Err(LockError::Held(None)),
            Err(fs::TryLockError::Error(e)) => return Err(LockError::Io(e)),
        }
        if same_file(&file, save) {
            return Ok(Some(file));
        }
    }
    Err(LockError::Io(io::Error::other("the save keeps changing")))
}

/// Elsewhere an open file cannot be renamed over, so the save is not locked itself.
#[cfg(not(unix))]
fn lock_save(_: &Path) -> Result<Option<File>, LockError> {
    Ok(None)
}

impl Drop for SaveLock {
    fn drop(&mut self) {
        // Removed while still locked, so nobody can lock this file and believe it current.
        let _ = fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

/// Whether another process holds `save` now (its process id, if it wrote one), without taking
/// the lock or making a lock file: for lists of saves.
pub fn holder(save: &Path) -> Option<Option<u32>> {
    let path = lock_path(save);
    let held = |file: &Path| {
        let file = File::open(file).ok()?;
        match file.try_lock_shared() {
            Ok(()) => {
                let _ = file.unlock();
                None
            }
            Err(fs::TryLockError::WouldBlock) => Some(()),
            Err(fs::TryLockError::Error(_)) => None,
        }
    };
    if held(&path).is_some() {
        return Some(read_pid(&path));
    }
    // The lock file may have been deleted by hand while the save is played.
    (cfg!(unix) && held(save).is_some()).then_some(None)
}

fn read_pid(path: &Path) -> Option<u32> {
    let mut text = String::new();
    File::open(path).ok()?.read_to_string(&mut text).ok()?;
    text.trim().parse().ok()
}

/// Whether `path` still names the file `file` has open.
fn same_file(file: &File, path: &Path) -> bool {
    let (Ok(open), Ok(named)) = (file.metadata(), fs::metadata(path)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        open.dev() == named.dev() && open.ino() == named.ino()
    }
    #[cfg(not(unix))]
    {
        // Elsewhere an open file cannot be removed, so the name still refers to it.
        let _ = (open, named);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-lock-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_held_save_cannot_be_locked_again_until_it_is_let_go() {
        let dir = scratch("twice");
        let save = dir.join("game.ron");
        let first = SaveLock::acquire(&save).unwrap();
        assert_eq!(holder(&save), Some(Some(std::process::id())));
        match SaveLock::acquire(&save) {
            Err(LockError::Held(pid)) => assert_eq!(pid, Some(std::process::id())),
            other => panic!("locked twice: {other:?}"),
        }
        drop(first);
        assert!(!lock_path(&save).exists(), "the lock file is removed");
        assert_eq!(holder(&save), None);
        let again = SaveLock::acquire(&save).unwrap();
        drop(again);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_deleted_lock_file_does_not_let_a_second_copy_in() {
        let dir = scratch("deleted");
        let save = dir.join("game.ron");
        fs::write(&save, "(a save)").unwrap();
        let first = SaveLock::acquire(&save).unwrap();
        fs::remove_file(lock_path(&save)).unwrap();
        assert_eq!(
            holder(&save),
            Some(None),
            "the save itself shows it is held"
        );
        match SaveLock::acquire(&save) {
            Err(LockError::Held(None)) => {}
            other => panic!("a second copy took the save: {other:?}"),
        }
        // The holder replaces the save (as every write does) and locks the new file.
        let new = dir.join(".game.ron.new");
        fs::write(&new, "(a newer save)").unwrap();
        let file = File::open(&new).unwrap();
        file.try_lock().unwrap();
        fs::rename(&new, &save).unwrap();
        first.hold_save(file);
        fs::remove_file(lock_path(&save)).unwrap();
        assert!(matches!(SaveLock::acquire(&save), Err(LockError::Held(_))));
        drop(first);
        let again = SaveLock::acquire(&save).unwrap();
        drop(again);
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_lock_file_left_behind_by_a_crash_does_not_lock() {
        let dir = scratch("stale");
        let save = dir.join("game.ron");
        fs::write(lock_path(&save), "999999").unwrap();
        assert_eq!(holder(&save), None);
        let lock = SaveLock::acquire(&save).unwrap();
        drop(lock);
        let _ = fs::remove_dir_all(&dir);
    }
}
