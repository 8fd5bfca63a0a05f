//! The server's tables: the list every connection's lobby shows, each table on a referee's
//! thread of its own; new tables opened, the tables of the server that ran before rebuilt.

use super::codes;
use super::referee::{Claim, Referee, Seat, SeatRules, lock};
use super::store::{self, TableRecord};
use crate::shell::tui::catalog::Catalog;
use crate::shell::tui::table::{TableEnv, TableScreen};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How often a referee looks for choices and lets its bots go on.
const STEP: Duration = Duration::from_millis(20);
/// The most tables a server holds (each has a thread, and waits while its seats are free).
pub const MAX_TABLES: usize = 64;
/// The most unfinished tables one key may have opened: anyone admitted (any key at all with
/// `--open`) may open tables, and must not be able to fill the server alone.
pub const OPENED_PER_KEY: usize = 4;

/// The server's tables, shared by every connection's lobby.
pub struct Tables {
    list: Mutex<Vec<Arc<Mutex<Referee>>>>,
    next_id: AtomicU64,
    rules: SeatRules,
}

impl Tables {
    /// No tables yet; their files are kept in `record_dir`.
    pub fn new(record_dir: Option<PathBuf>, free_seats_open: bool) -> Tables {
        Tables {
            list: Mutex::default(),
            next_id: AtomicU64::new(0),
            rules: SeatRules {
                free_seats_open,
                record_dir,
            },
        }
    }

    /// The tables now, the finished ones nobody plays any more dropped.
    pub fn list(&self) -> Vec<Arc<Mutex<Referee>>> {
        let mut list = lock(&self.list);
        list.retain(|t| {
            let t = lock(t);
            !t.over() || t.in_use()
        });
        list.clone()
    }

    /// The table and seat whose join code `typed` is.
    pub fn by_code(&self, typed: &str) -> Option<(Arc<Mutex<Referee>>, usize)> {
        self.list().into_iter().find_map(|t| {
            let seat = lock(&t).seat_of_code(typed)?;
            Some((t, seat))
        })
    }

    /// A join code no seat of the server has (nor any of `also`).
    fn fresh_code(&self, also: &[Seat]) -> String {
        let used = |code: &str| {
            also.iter().any(|s| s.code.as_deref() == Some(code))
                || self.list().iter().any(|t| {
                    lock(t)
                        .seats
                        .iter()
                        .any(|s| s.code.as_deref() == Some(code))
                })
        };
        loop {
            let code = codes::fresh();
            if !used(&code) {
                return code;
            }
        }
    }

    /// Puts a table dealt for the server on it, refereed from now on, and gives the person who
    /// opened it (with the key `key`) the first person's seat. Each person's seat gets a join
    /// code.
    pub fn open(
        self: &Arc<Self>,
        game: &str,
        table: Box<dyn TableScreen>,
        key: &str,
    ) -> Result<Box<dyn TableScreen>, String> {
        let tables = self.list();
        if tables.len() >= MAX_TABLES {
            return Err(format!(
                "The server holds {MAX_TABLES} tables already: join one, or open yours later"
            ));
        }
        let opened = tables
            .iter()
            .filter(|t| {
                let t = lock(t);
                !t.over() && t.seats.get(t.opener).and_then(|s| s.owner.as_deref()) == Some(key)
            })
            .count();
        if opened >= OPENED_PER_KEY {
            return Err(format!(
                "You have {OPENED_PER_KEY} unfinished tables open already: finish or join one"
            ));
        }
        let mut seats: Vec<Seat> = Vec::new();
        for (name, person) in table.seat_names() {
            let code = person.then(|| self.fresh_code(&seats));
            seats.push(Seat {
                name,
                person,
                owner: None,
                connected: false,
                code,
            });
        }
        let Some(first) = seats.iter().position(|s| s.person) else {
            return Err("a served table needs a seat for a person".into());
        };
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        let referee = Referee::new(id, game, table, seats, self.rules.clone(), None);
        let referee = Arc::new(Mutex::new(referee));
        // The opener takes the first seat (by its code: whatever the policy for free seats).
        let code = lock(&referee).seats[first].code.clone();
        let claim = Claim {
            key,
            code: code.as_deref(),
        };
        let mirror = lock(&referee).join(first, claim)?;
        self.referee_on(referee)?;
        Ok(mirror)
    }

    /// Gives a table its referee's thread and lists it.
    fn referee_on(self: &Arc<Self>, referee: Arc<Mutex<Referee>>) -> Result<(), String> {
        let id = lock(&referee).id;
        let tables = Arc::clone(self);
        let held = Arc::clone(&referee);
        std::thread::Builder::new()
            .name(format!("referee-{id}"))
            .spawn(move || referee_loop(&tables, &held))
            .map_err(|e| format!("cannot start the table: {e}"))?;
        lock(&self.list).push(referee);
        Ok(())
    }

    /// Rebuilds the unfinished tables of a server that ran before, from their files and saves
    /// (`saves`): each person's seat away and kept for its owner, the AI seats waiting until
    /// every person is back. A file that cannot be used is left as it is and said in one line
    /// on standard error; a finished game's file is removed.
    pub fn restore(self: &Arc<Self>, catalog: &Catalog, saves: &Path) {
        let Some(dir) = self.rules.record_dir.clone() else {
            return;
        };
        for path in store::files(&dir) {
            let rebuilt =
                store::read(&path).and_then(|record| self.rebuild(catalog, saves, record));
            match rebuilt {
                Ok(Some(referee)) => {
                    let id = lock(&referee).id;
                    self.next_id.fetch_max(id, Ordering::Relaxed);
                    if let Err(why) = self.referee_on(referee) {
                        eprintln!("{}: skipped: {why}", path.display());
                    }
                }
                Ok(None) => {
                    let _ = std::fs::remove_file(&path);
                }
                Err(why) => eprintln!("{}: skipped: {why}", path.display()),
            }
        }
    }

    /// One table from its file (`None`: its game is over).
    fn rebuild(
        &self,
        catalog: &Catalog,
        saves: &Path,
        record: TableRecord,
    ) -> Result<Option<Arc<Mutex<Referee>>>, String> {
        if lock(&self.list).iter().any(|t| lock(t).id == record.id) {
            return Err(format!("a second table {}", record.id));
        }
        let save = saves.join(&record.save);
        let text = Catalog::read_text(&save).map_err(|e| e.to_string())?;
        let game = catalog
            .game_of(&text)
            .map_err(|e| format!("{}: {e}", save.display()))?
            .title();
        let table = catalog
            .open(&save, false, &TableEnv::default())
            .map_err(|e| e.to_string())?;
        if table.over() {
            return Ok(None);
        }
        let names = table.seat_names();
        let same = names.len() == record.seats.len()
            && names
                .iter()
                .zip(&record.seats)
                .all(|((name, person), s)| *name == s.name && *person == s.person);
        if !same {
            return Err(format!("its seats are not those of {}", save.display()));
        }
        let seats: Vec<Seat> = record
            .seats
            .iter()
            .map(|s| Seat {
                name: s.name.clone(),
                person: s.person,
                owner: s.owner.clone(),
                connected: false,
                code: s.code.clone(),
            })
            .collect();
        let id = record.id;
        let referee = Referee::new(id, game, table, seats, self.rules.clone(), Some(record));
        Ok(Some(Arc::new(Mutex::new(referee))))
    }
}

/// A table's referee at work, until its game is over and nobody plays it any more.
fn referee_loop(tables: &Tables, referee: &Arc<Mutex<Referee>>) {
    loop {
        {
            let mut r = lock(referee);
            r.step(Instant::now());
            if r.over() && !r.in_use() {
                break;
            }
        }
        std::thread::sleep(STEP);
    }
    let _ = tables.list();
}
