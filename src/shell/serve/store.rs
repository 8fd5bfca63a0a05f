//! What the server keeps of a table besides its save, so that a restarted server offers its
//! unfinished tables again: one small RON file a table in `DIR/tables/`, written atomically
//! (a temporary file renamed over the old one) whenever what it holds changes. The game itself
//! is only in the save (a game is its start and its choices); this file says which save, the
//! table's number, and each seat's owner key and join code.

use crate::shell::record::save;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The `format` every table file carries: a file without it is not one of ours.
pub const FORMAT: &str = "tashkalar-serve-table";
/// The version of the table file this build writes and reads.
pub const VERSION: u32 = 1;

/// A served table as kept on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableRecord {
    pub format: String,
    pub version: u32,
    /// The number the lobby lists it by.
    pub id: u64,
    /// The save's file name in `DIR/saves` (a name only: never a path).
    pub save: String,
    pub seats: Vec<SeatRecord>,
}

/// A seat as kept on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// "Blue".
    pub name: String,
    /// Whether a person plays it (else an AI seat, whose level is in the save).
    pub person: bool,
    /// The fingerprint of the key that first took it.
    pub owner: Option<String>,
    /// Its join code.
    pub code: Option<String>,
}

/// The file of table `id` in the tables' directory.
pub fn path_of(dir: &Path, id: u64) -> PathBuf {
    dir.join(format!("table-{id}.ron"))
}

/// Writes a table's file (atomically: a reader sees the old file or the new one, never half).
pub fn write(dir: &Path, record: &TableRecord) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(record, ron::ser::PrettyConfig::default())
        .map_err(|e| format!("cannot write table {}: {e}", record.id))?;
    save::write_atomic(&path_of(dir, record.id), &text).map_err(|e| e.to_string())
}

/// Reads one table file, checked: ours, of a version this build reads, naming a save by a
/// plain file name.
pub fn read(path: &Path) -> Result<TableRecord, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let text = std::str::from_utf8(&bytes).map_err(|_| "not text".to_string())?;
    let record: TableRecord =
        ron::from_str(text).map_err(|e| format!("not a table file of this server ({e})"))?;
    if record.format != FORMAT {
        return Err(format!("a file of another kind ({:?})", record.format));
    }
    if record.version != VERSION {
        return Err(format!(
            "a table file of version {}, this build reads {VERSION}",
            record.version
        ));
    }
    // A name that leaves the saves' directory would let the file point the server anywhere.
    let plain = Path::new(&record.save)
        .file_name()
        .is_some_and(|n| n == record.save.as_str());
    if !plain || record.save.starts_with('.') {
        return Err(format!("its save {:?} is not a file name", record.save));
    }
    Ok(record)
}

/// Every table file of the directory (`table-*.ron`), in a stable order; a directory that
/// cannot be read has none (said once).
pub fn files(dir: &Path) -> Vec<PathBuf> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            if e.kind() != std::io::ErrorKind::NotFound {
                eprintln!("{}: cannot read the tables: {e}", dir.display());
            }
            return Vec::new();
        }
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("table-") && n.ends_with(".ron"))
        })
        .collect();
    files.sort();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(save: &str) -> TableRecord {
        TableRecord {
            format: FORMAT.into(),
            version: VERSION,
            id: 3,
            save: save.into(),
            seats: vec![SeatRecord {
                name: "Blue".into(),
                person: true,
                owner: Some("SHA256:x".into()),
                code: Some("ABCDEF".into()),
            }],
        }
    }

    #[test]
    fn a_record_reads_back_and_a_path_in_it_is_refused() {
        let dir = std::env::temp_dir().join(format!("serve-store-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        write(&dir, &record("a.ron")).expect("written");
        assert_eq!(read(&path_of(&dir, 3)), Ok(record("a.ron")));
        assert_eq!(files(&dir), vec![path_of(&dir, 3)]);
        for bad in ["../a.ron", "/etc/passwd", ".a.ron", "x/a.ron"] {
            write(&dir, &record(bad)).expect("written");
            assert!(read(&path_of(&dir, 3)).is_err(), "{bad}");
        }
        std::fs::write(path_of(&dir, 3), b"\xff\xfe(").expect("junk");
        assert!(read(&path_of(&dir, 3)).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
