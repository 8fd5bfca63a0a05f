//! Writing saves: the RON text (sealed with its check), atomic replacement of a file, a fresh name
//! per game, and the autosaver that keeps one game's file up to date after every decision.
//!
//! Atomic means: the new text goes to a temporary file in the same directory, is flushed to disk,
//! and is renamed over the old file, then the directory itself is flushed. A crash, a closed
//! terminal or `kill -9` at any moment leaves either the old save or the new one, never a mix.

use super::format::{CHECK_PLACEHOLDER, Recordable, SaveFile, seal};
use super::lock::{LockError, SaveLock};
use serde::Serialize;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// Why a save could not be written.
#[derive(Debug)]
pub enum SaveError {
    /// The file system refused (the path says where).
    Io { path: PathBuf, error: io::Error },
    /// The save could not be locked for play (another copy holds it, or the lock file cannot
    /// be made).
    Lock { path: PathBuf, error: LockError },
    /// The folder for saves is a file.
    NotAFolder(PathBuf),
    /// No file can be made in the folder for saves.
    NotWritable { dir: PathBuf, error: io::Error },
    /// The save could not be put into text (a bug rather than a user problem).
    Encode(String),
}

/// What an I/O error means for a save, in words a player understands (the system's own words
/// for anything else).
pub fn io_reason(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::NotADirectory => "part of the path is a file, not a folder".into(),
        io::ErrorKind::PermissionDenied | io::ErrorKind::ReadOnlyFilesystem => {
            "permission denied (the folder is not writable)".into()
        }
        io::ErrorKind::StorageFull | io::ErrorKind::QuotaExceeded => {
            "no space left on the disk".into()
        }
        _ => error.to_string(),
    }
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Io { path, error } => {
                write!(f, "{}: cannot save: {}", path.display(), io_reason(error))
            }
            SaveError::Lock { path, error } => write!(f, "{}: {error}", path.display()),
            SaveError::NotAFolder(dir) => write!(
                f,
                "{}: cannot save games there: it is a file, not a folder",
                dir.display()
            ),
            SaveError::NotWritable { dir, error } => write!(
                f,
                "{}: cannot save games there: {}",
                dir.display(),
                io_reason(error)
            ),
            SaveError::Encode(why) => write!(f, "cannot write the save: {why}"),
        }
    }
}

impl std::error::Error for SaveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SaveError::Io { error, .. } | SaveError::NotWritable { error, .. } => Some(error),
            SaveError::Lock { error, .. } => Some(error),
            SaveError::NotAFolder(_) | SaveError::Encode(_) => None,
        }
    }
}

impl SaveError {
    /// The error with what went wrong before where, for a line that may be cut short (the
    /// game screen's warning): "cannot save: no space left on the disk (saves/x.ron)".
    pub fn reason_first(&self) -> String {
        match self {
            SaveError::Io { path, error } => {
                format!("cannot save: {} ({})", io_reason(error), path.display())
            }
            SaveError::Lock { path, error } => format!("{error} ({})", path.display()),
            other => other.to_string(),
        }
    }
}

/// Makes sure games can be saved in `dir`: creates it if needed and tries a file in it (removed
/// at once). Said in one sentence when it is a file or cannot be written, before a game starts
/// rather than at its first decision.
pub fn check_dir(dir: &Path) -> Result<(), SaveError> {
    if dir.exists() && !dir.is_dir() {
        return Err(SaveError::NotAFolder(dir.to_path_buf()));
    }
    let not_writable = |error: io::Error| {
        if error.kind() == io::ErrorKind::NotADirectory || (dir.exists() && !dir.is_dir()) {
            SaveError::NotAFolder(dir.to_path_buf())
        } else {
            SaveError::NotWritable {
                dir: dir.to_path_buf(),
                error,
            }
        }
    };
    fs::create_dir_all(dir).map_err(not_writable)?;
    let probe = dir.join(format!(".tashkalar-probe.{}.tmp", std::process::id()));
    OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&probe)
        .map_err(not_writable)?;
    let _ = fs::remove_file(&probe);
    Ok(())
}

/// A save as RON text, with its integrity check filled in.
pub fn to_text<S: Serialize + Clone>(save: &SaveFile<S>) -> Result<String, SaveError> {
    let mut sealed = save.clone();
    sealed.check = Some(CHECK_PLACEHOLDER.to_string());
    // Unescaped strings keep a scenario readable on several lines (raw strings when needed)...
    let readable = ron::ser::PrettyConfig::new()
        .indentor("    ")
        .escape_strings(false);
    let mut text = ron::ser::to_string_pretty(&sealed, readable)
        .map_err(|e| SaveError::Encode(e.to_string()))?;
    // ... but a string may hold any character a file let in (a seat name read with RON's
    // escapes), and a NUL or another control character written as it is makes a file that no
    // longer loads (and is shown raw by `cat`): such a save is written with every string escaped.
    if text
        .chars()
        .any(|c| (c.is_control() && c != '\n' && c != '\t') || c == '\u{feff}')
    {
        let escaped = ron::ser::PrettyConfig::new()
            .indentor("    ")
            .escape_strings(true);
        text = ron::ser::to_string_pretty(&sealed, escaped)
            .map_err(|e| SaveError::Encode(e.to_string()))?;
    }
    text.push('\n');
    Ok(seal(text))
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> SaveError + '_ {
    move |error| SaveError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// The temporary file a save of `path` is first written to: hidden, in the same directory (so the
/// rename cannot cross file systems), and not ending in `.ron` (so listings skip it).
fn temp_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "save".into());
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `text` to a new temporary file next to `path` and flushes it to disk; the file is
/// returned open (to be locked as the save it will become). A write that fails half-way (a full
/// disk) removes the temporary file rather than leave it behind. The error names the save, not
/// the temporary file.
fn write_temp(path: &Path, text: &str) -> Result<(PathBuf, File), SaveError> {
    write_temp_with(path, |file| {
        file.write_all(text.as_bytes())?;
        file.sync_all()
    })
}

/// [`write_temp`] with the writing given (so that a test can make it fail half-way).
fn write_temp_with(
    path: &Path,
    write: impl FnOnce(&mut File) -> io::Result<()>,
) -> Result<(PathBuf, File), SaveError> {
    let temp = temp_path(path);
    let mut file = OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .open(&temp)
        .map_err(io_error(path))?;
    if let Err(error) = write(&mut file) {
        drop(file);
        let _ = fs::remove_file(&temp);
        return Err(io_error(path)(error));
    }
    Ok((temp, file))
}

/// Flushes a directory's entries (the rename) to disk. Not every platform can open a directory;
/// there the rename is as durable as the system makes it.
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = File::open(if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    }) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Replaces (or creates) `path` with `text` atomically.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), SaveError> {
    write_replacing(path, text, None)
}

/// [`write_atomic`] for a save held by `lock`: the new file is locked before it takes the
/// save's name, so that the file under that name is never one another copy could lock.
fn write_replacing(path: &Path, text: &str, lock: Option<&SaveLock>) -> Result<(), SaveError> {
    let (temp, file) = write_temp(path, text)?;
    // A file system without locks still saves; the lock file then guards the game alone.
    let locked = lock.is_some() && file.try_lock().is_ok();
    if let Err(error) = fs::rename(&temp, path) {
        let _ = fs::remove_file(&temp);
        return Err(SaveError::Io {
            path: path.to_path_buf(),
            error,
        });
    }
    if let Some(lock) = lock.filter(|_| locked) {
        lock.hold_save(file);
    }
    sync_dir(path.parent().unwrap_or(Path::new(".")));
    Ok(())
}

/// Whether process `pid` runs (on this system; elsewhere than Unix, always taken as yes).
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        use nix::errno::Errno;
        let Ok(pid) = i32::try_from(pid) else {
            return false;
        };
        // Signal 0 only asks; a process of another user answers EPERM, and is alive.
        !matches!(
            nix::sys::signal::kill(nix::unistd::Pid::from_raw(pid), None),
            Err(Errno::ESRCH)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = pid;
        true
    }
}

/// How old a temporary file of a dead process must be before it is removed: a write takes
/// moments, so an older one is left over (this guards a folder shared by two machines, whose
/// process ids mean nothing to each other).
const STALE_AFTER: std::time::Duration = std::time::Duration::from_secs(60);

/// Removes the temporary files of `dir` left by writes that never finished (a `kill -9` or a
/// crash mid-write): `.NAME.PID.tmp` whose process is gone and which are older than a minute.
/// Nothing else is touched; failures change nothing (they are only tidying).
pub fn clear_stale_temps(dir: &Path) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_pid) else {
            continue;
        };
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age >= STALE_AFTER);
        if old && pid != std::process::id() && !alive(pid) && entry.path().is_file() {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The process id in the name of a temporary file of [`temp_path`] (`.NAME.PID.tmp`).
fn temp_pid(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, pid) = rest.rsplit_once('.')?;
    pid.parse().ok()
}

/// Writes `text` under a name that no file in `dir` has yet: `STEM.ron`, else `STEM-2.ron`, ...
/// Creates `dir` if needed. Two games started in the same second (or two programs) never share
/// a file: the name is claimed with a hard link, which fails rather than overwrite.
pub fn write_new(dir: &Path, stem: &str, text: &str) -> Result<PathBuf, SaveError> {
    write_fresh(dir, stem, text, false).map(|(path, _)| path)
}

/// [`write_new`] for a game that goes on being played: the name is locked for play
/// ([`SaveLock`]) before the file appears, so no other copy of the program can open it first.
pub fn write_new_locked(
    dir: &Path,
    stem: &str,
    text: &str,
) -> Result<(PathBuf, SaveLock), SaveError> {
    let (path, lock) = write_fresh(dir, stem, text, true)?;
    match lock {
        Some(lock) => Ok((path, lock)),
        None => Err(SaveError::Encode("the new save was not locked".into())),
    }
}

fn write_fresh(
    dir: &Path,
    stem: &str,
    text: &str,
    locked: bool,
) -> Result<(PathBuf, Option<SaveLock>), SaveError> {
    if dir.exists() && !dir.is_dir() {
        return Err(SaveError::NotAFolder(dir.to_path_buf()));
    }
    fs::create_dir_all(dir).map_err(io_error(dir))?;
    clear_stale_temps(dir);
    let first = dir.join(format!("{stem}.ron"));
    let (temp, file) = write_temp(&first, text)?;
    // The new save's own lock (see `SaveLock`), taken before the file has a name of its own.
    let file = (locked && file.try_lock().is_ok()).then_some(file);
    let result = (|| {
        for n in 1..100_000u32 {
            let path = if n == 1 {
                first.clone()
            } else {
                dir.join(format!("{stem}-{n}.ron"))
            };
            let lock = if locked {
                match SaveLock::acquire(&path) {
                    Ok(lock) => Some(lock),
                    // Another copy plays a game of that name: try the next.
                    Err(LockError::Held(_)) => continue,
                    Err(error) => return Err(SaveError::Lock { path, error }),
                }
            } else {
                None
            };
            match fs::hard_link(&temp, &path) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                // No hard links here (some file systems): fall back on a check and a rename.
                Err(_) if !path.exists() => fs::rename(&temp, &path).map_err(io_error(&path))?,
                Err(_) => continue,
            }
            if let (Some(lock), Some(file)) = (&lock, file) {
                lock.hold_save(file);
            }
            return Ok((path, lock));
        }
        Err(SaveError::Io {
            path: first.clone(),
            error: io::Error::other("no free file name"),
        })
    })();
    let _ = fs::remove_file(&temp);
    if result.is_ok() {
        sync_dir(dir);
    }
    result
}

/// A file name stem from a moment and a game mode: `2026-11-23T07-30-00-deathmatch` (UTC; no
/// colons, which some systems refuse in file names).
pub fn stem_for(time: SystemTime, mode: &str) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (days, rest) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}-{mode}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

/// Year, month, day of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// Keeps one game's save file up to date: the choices so far in notation, written after every
/// decision. The file name is chosen at the first write, so a game nobody plays leaves no file.
/// From then on the save is locked for play ([`SaveLock`]) as long as the autosaver lives.
#[derive(Clone, Debug)]
pub struct Autosave<G: Recordable> {
    dir: PathBuf,
    stem: String,
    path: Option<PathBuf>,
    spec: G::Spec,
    seed: u64,
    choices: Vec<String>,
    lock: Option<std::sync::Arc<SaveLock>>,
}

impl<G: Recordable> Autosave<G> {
    /// A new game's autosaver; its file will be `dir/STEM.ron` (or the next free name).
    pub fn new(dir: impl Into<PathBuf>, stem: String, spec: G::Spec, seed: u64) -> Autosave<G> {
        Autosave {
            dir: dir.into(),
            stem,
            path: None,
            spec,
            seed,
            choices: Vec::new(),
            lock: None,
        }
    }

    /// Goes on writing an existing save (a resumed game) to the same file, which `lock` holds
    /// for play.
    pub fn resume(path: PathBuf, save: &SaveFile<G::Spec>, lock: SaveLock) -> Autosave<G> {
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Autosave {
            dir,
            stem: String::new(),
            path: Some(path),
            spec: save.game.clone(),
            seed: save.seed,
            choices: save.choices.clone(),
            lock: Some(std::sync::Arc::new(lock)),
        }
    }

    /// Records a choice about to be made in `before` (the text is written at the state it is
    /// made in, as notation may depend on it).
    pub fn push(&mut self, before: &G, choice: &G::Choice) {
        self.choices.push(before.choice_text(choice));
    }

    /// Records a choice already written in notation.
    pub fn push_text(&mut self, text: String) {
        self.choices.push(text);
    }

    /// Forgets every choice from the `n`-th on (undo).
    pub fn truncate(&mut self, n: usize) {
        self.choices.truncate(n);
    }

    /// The choices recorded so far.
    pub fn choices(&self) -> &[String] {
        &self.choices
    }

    /// The file, once it has been written.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The game's setup.
    pub fn spec(&self) -> &G::Spec {
        &self.spec
    }

    /// The save as it stands, `now` being the state after the recorded choices.
    pub fn save_file(&self, now: &G) -> SaveFile<G::Spec> {
        SaveFile::new::<G>(self.spec.clone(), self.seed, self.choices.clone(), now)
    }

    /// Writes the save; returns where.
    pub fn write(&mut self, now: &G) -> Result<&Path, SaveError> {
        let text = to_text(&self.save_file(now))?;
        match &self.path {
            Some(path) => write_replacing(path, &text, self.lock.as_deref())?,
            None => {
                let (path, lock) = write_new_locked(&self.dir, &self.stem, &text)?;
                self.path = Some(path);
                self.lock = Some(std::sync::Arc::new(lock));
            }
        }
        Ok(self.path.as_deref().unwrap_or(Path::new("")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("tashkalar-save-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_write_that_fails_half_way_leaves_no_temporary_file() {
        let dir = scratch("half");
        let save = dir.join("game.ron");
        let failed = write_temp_with(&save, |file| {
            file.write_all(b"(format: ")?;
            Err(io::Error::from(io::ErrorKind::StorageFull))
        });
        let error = failed.map(|_| ()).unwrap_err().to_string();
        assert_eq!(
            error,
            format!("{}: cannot save: no space left on the disk", save.display())
        );
        assert_eq!(fs::read_dir(&dir).unwrap().count(), 0, "something was left");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_folder_for_saves_that_is_a_file_is_said_in_one_sentence() {
        let dir = scratch("file");
        let file = dir.join("saves");
        fs::write(&file, "not a folder").unwrap();
        let error = check_dir(&file).unwrap_err().to_string();
        assert_eq!(
            error,
            format!(
                "{}: cannot save games there: it is a file, not a folder",
                file.display()
            )
        );
        let under = file.join("deeper");
        let error = check_dir(&under).unwrap_err().to_string();
        assert!(error.contains("not a folder"), "{error}");
        let error = write_new(&file, "x", "text").unwrap_err().to_string();
        assert!(error.contains("it is a file, not a folder"), "{error}");
        check_dir(&dir.join("fresh")).unwrap();
        assert!(dir.join("fresh").is_dir());
        assert_eq!(fs::read_dir(dir.join("fresh")).unwrap().count(), 0);
        let _ = fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_for_saves_that_cannot_be_written_is_said_in_one_sentence() {
        use std::os::unix::fs::PermissionsExt;
        let dir = scratch("locked");
        let locked = dir.join("saves");
        fs::create_dir_all(&locked).unwrap();
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o555)).unwrap();
        // Root may write anywhere; then a folder of the kernel's stands in (nobody may add
        // files there).
        let probe = locked.join("probe");
        let target = if fs::write(&probe, "").is_ok() {
            let _ = fs::remove_file(&probe);
            PathBuf::from("/sys/kernel")
        } else {
            locked.clone()
        };
        if target.is_dir() {
            let error = check_dir(&target).unwrap_err().to_string();
            assert_eq!(
                error,
                format!(
                    "{}: cannot save games there: permission denied (the folder is not writable)",
                    target.display()
                )
            );
        }
        fs::set_permissions(&locked, fs::Permissions::from_mode(0o755)).unwrap();
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn temporary_files_of_dead_processes_are_cleared_and_nothing_else() {
        let dir = scratch("stale");
        let hour_ago = SystemTime::now() - std::time::Duration::from_secs(3600);
        // No process has an id this high on Linux (the most is 2^22).
        let dead = dir.join(".game.ron.4294967.tmp");
        let mine = dir.join(format!(".game.ron.{}.tmp", std::process::id()));
        let young = dir.join(".other.ron.4294966.tmp");
        let save = dir.join("game.ron");
        let odd = dir.join(".notes.tmp");
        for file in [&dead, &mine, &young, &save, &odd] {
            fs::write(file, "x").unwrap();
        }
        for file in [&dead, &mine, &save, &odd] {
            File::options()
                .write(true)
                .open(file)
                .and_then(|f| f.set_modified(hour_ago))
                .unwrap();
        }
        // Listing the folder clears it, and so does the first write of a game.
        let listed = crate::shell::record::load::save_files(&dir).unwrap();
        assert_eq!(listed.len(), 1);
        assert!(!dead.exists(), "the dead process's file is removed");
        assert!(mine.exists() && young.exists() && save.exists() && odd.exists());
        fs::write(&dead, "x").unwrap();
        File::options()
            .write(true)
            .open(&dead)
            .and_then(|f| f.set_modified(hour_ago))
            .unwrap();
        write_new(&dir, "next", "text").unwrap();
        assert!(!dead.exists());
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn stems_are_utc_dates_and_times() {
        assert_eq!(
            stem_for(UNIX_EPOCH, "deathmatch"),
            "1970-01-01T00-00-00-deathmatch"
        );
        let t = UNIX_EPOCH + std::time::Duration::from_secs(1_795_419_000);
        assert_eq!(stem_for(t, "high-form"), "2026-11-23T07-30-00-high-form");
        let leap = UNIX_EPOCH + std::time::Duration::from_secs(951_782_400);
        assert_eq!(stem_for(leap, "x"), "2000-02-29T00-00-00-x");
    }
}
