//! The server's tables: each a live table exactly as in local play (its save written after
//! every decision, its AI seats run by it), refereed on a thread of its own. People play it
//! through mirrors (see `tui::table::remote`): the referee takes a mirror's choice only for the
//! mirror's own seat, on its turn, when legal, and sends every decision made to every mirror
//! in order.
//!
//! Each seat of a person is bound to the key that first took it: once that person's connection
//! drops, only the same key, or someone typing the seat's join code, takes it again. What the
//! server needs to rebuild a table after a restart (its save's name, its seats' owners and
//! codes) is written beside the save (see [`super::store`]) whenever it changes.

use super::codes;
use super::store::{self, SeatRecord, TableRecord};
use crate::shell::tui::catalog::Catalog;
use crate::shell::tui::table::remote::{RefereeLink, Request, Ruling, Submitted};
use crate::shell::tui::table::{TableEnv, TableScreen};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How often a referee looks for choices and lets its bots go on.
const STEP: Duration = Duration::from_millis(20);

/// A seat of a served table.
#[derive(Clone, Debug)]
pub struct Seat {
    /// "Blue".
    pub name: String,
    /// Whether a person plays it (else an AI seat of the server).
    pub person: bool,
    /// The fingerprint of the key that first took it (once taken, it stays theirs to come
    /// back to).
    pub owner: Option<String>,
    /// Whether a connection plays it now.
    pub connected: bool,
    /// Its join code (a person's seat only).
    pub code: Option<String>,
}

impl Seat {
    /// Whether someone has taken it.
    pub fn taken(&self) -> bool {
        self.owner.is_some()
    }
}

/// Who asks for a seat: the fingerprint of the connection's key, and the join code typed, if
/// any.
#[derive(Clone, Copy, Debug)]
pub struct Claim<'a> {
    pub key: &'a str,
    pub code: Option<&'a str>,
}

/// One mirror's link, as the referee holds it.
struct Link {
    /// The seat it plays (`None`: it watches).
    seat: Option<usize>,
    to_mirror: Sender<Ruling>,
    from_mirror: Receiver<Submitted>,
    /// How many decisions this mirror has been sent (it starts from the position it was
    /// made at).
    sent: usize,
    /// The last word sent about who the table waits for.
    waiting: Option<String>,
}

/// A table the server holds.
pub struct Referee {
    /// The number the lobby lists it by.
    pub id: u64,
    /// The game's title.
    pub game: String,
    table: Box<dyn TableScreen>,
    pub seats: Vec<Seat>,
    links: Vec<Link>,
    /// Every person's seat has been taken once: choices are taken, bots play.
    pub started: bool,
    /// Whether a free seat goes to any connection that asks (else only to its join code).
    free_seats_open: bool,
    /// The first person's seat: its owner opened the table and is shown the others' codes.
    pub opener: usize,
    /// Rebuilt after a restart: the AI seats wait until every person is back.
    held: bool,
    /// Where the table's file is kept (`None`: not kept, as in tests of the referee alone).
    record_dir: Option<PathBuf>,
    /// The table's file as last written.
    written: Option<TableRecord>,
    /// The last problem writing it, said once.
    record_problem: Option<String>,
}

impl Referee {
    /// Whether the game is over.
    pub fn over(&self) -> bool {
        self.table.over()
    }

    /// Who the table waits for, in words ("Waiting for Red"); `None` when nobody.
    pub fn waiting_for(&self) -> Option<String> {
        let names: Vec<&str> = self
            .seats
            .iter()
            .filter(|s| s.person && !s.connected)
            .map(|s| s.name.as_str())
            .collect();
        (!names.is_empty() && !self.over()).then(|| format!("Waiting for {}", names.join(", ")))
    }

    /// Whether `claim` may take `seat` now: a person's seat nobody plays at the moment, and
    /// either its join code, or the key that took it, or (when free seats are open to all)
    /// any key for a seat never taken.
    pub fn may_take(&self, seat: usize, claim: Claim) -> Result<(), String> {
        let Some(s) = self.seats.get(seat) else {
            return Err("no such seat".into());
        };
        if !s.person {
            return Err("an AI plays that seat".into());
        }
        if s.connected {
            return Err(format!("someone plays {} already", s.name));
        }
        let by_code = match (&s.code, claim.code) {
            (Some(code), Some(typed)) => codes::matches(code, typed),
            _ => false,
        };
        let by_key = match &s.owner {
            Some(owner) => owner == claim.key,
            None => self.free_seats_open,
        };
        if by_code || by_key {
            Ok(())
        } else if s.taken() {
            Err(format!(
                "{} is kept for the key that took it (or its join code)",
                s.name
            ))
        } else {
            Err(format!("{} is taken with its join code", s.name))
        }
    }

    /// A mirror for a person taking `seat` (see [`Referee::may_take`]); a seat never taken
    /// becomes the claiming key's.
    pub fn join(&mut self, seat: usize, claim: Claim) -> Result<Box<dyn TableScreen>, String> {
        self.may_take(seat, claim)?;
        let mirror = self.linked(Some(seat))?;
        let s = &mut self.seats[seat];
        if s.owner.is_none() {
            s.owner = Some(claim.key.to_string());
        }
        s.connected = true;
        self.started |= self.seats.iter().all(|s| !s.person || s.taken());
        self.held &= !self.seats.iter().all(|s| !s.person || s.connected);
        self.keep_record();
        self.tell_mirrors();
        Ok(mirror)
    }

    /// A mirror for someone watching the table: no seat's hand (every hand once the game is
    /// over), no choice taken from it.
    pub fn watch(&mut self) -> Result<Box<dyn TableScreen>, String> {
        let mirror = self.linked(None)?;
        self.tell_mirrors();
        Ok(mirror)
    }

    /// A mirror of the table for `seat` (`None`: watching), linked to this referee.
    fn linked(&mut self, seat: Option<usize>) -> Result<Box<dyn TableScreen>, String> {
        let (to_referee, from_mirror) = channel();
        let (to_mirror, from_referee) = channel();
        let link = RefereeLink {
            to_referee,
            from_referee,
        };
        let mirror = self
            .table
            .mirror(seat, link)
            .ok_or("that game is not played live")?;
        self.links.push(Link {
            seat,
            to_mirror,
            from_mirror,
            sent: self.table.decisions(),
            waiting: None,
        });
        Ok(mirror)
    }

    /// The codes of the person seats nobody took yet ("Red K7M2QX"), for the table's opener to
    /// pass on.
    pub fn free_codes(&self) -> Vec<String> {
        self.seats
            .iter()
            .filter(|s| s.person && !s.taken())
            .filter_map(|s| s.code.as_ref().map(|c| format!("{} {c}", s.name)))
            .collect()
    }

    /// The seat whose join code `typed` is, if any.
    pub fn seat_of_code(&self, typed: &str) -> Option<usize> {
        self.seats.iter().position(|s| {
            s.person && !self.over() && s.code.as_deref().is_some_and(|c| codes::matches(c, typed))
        })
    }

    /// The table's file as it should be now (`None` before its save exists: a table that
    /// decided nothing has nothing to rebuild).
    fn record(&self) -> Option<TableRecord> {
        let save = self.table.save_file()?;
        let save = save.file_name()?.to_str()?.to_string();
        Some(TableRecord {
            format: store::FORMAT.into(),
            version: store::VERSION,
            id: self.id,
            save,
            seats: self
                .seats
                .iter()
                .map(|s| SeatRecord {
                    name: s.name.clone(),
                    person: s.person,
                    owner: s.owner.clone(),
                    code: s.code.clone(),
                })
                .collect(),
        })
    }

    /// Writes the table's file when what it holds changed (a finished game's is removed: there
    /// is nothing to offer again).
    fn keep_record(&mut self) {
        let Some(dir) = &self.record_dir else {
            return;
        };
        if self.over() {
            if self.written.take().is_some() {
                let _ = std::fs::remove_file(store::path_of(dir, self.id));
            }
            return;
        }
        let record = self.record();
        if record.is_none() || record == self.written {
            return;
        }
        if let Some(record) = record {
            match store::write(dir, &record) {
                Ok(()) => {
                    self.written = Some(record);
                    self.record_problem = None;
                }
                Err(why) => {
                    if self.record_problem.as_ref() != Some(&why) {
                        eprintln!("table {}: {why}", self.id);
                    }
                    self.record_problem = Some(why);
                }
            }
        }
    }

    /// Takes the mirrors' choices, lets the table's time pass (its bots), and tells every
    /// mirror what was decided and who is awaited.
    fn step(&mut self, now: Instant) {
        let mut gone = Vec::new();
        // The fewest decisions kept by an undo taken in this step.
        let mut rewound: Option<usize> = None;
        for (i, link) in self.links.iter().enumerate() {
            loop {
                match link.from_mirror.try_recv() {
                    Ok(submitted) => {
                        let ruled = if !self.started {
                            Err("the table waits for its players".to_string())
                        } else if link.seat != Some(submitted.seat) {
                            Err("that is not your seat".to_string())
                        } else {
                            match &submitted.request {
                                Request::Choose(choice) => {
                                    self.table.decide_for(submitted.seat, &**choice)
                                }
                                Request::Undo => self.table.undo_for(submitted.seat).map(|keep| {
                                    rewound = Some(rewound.map_or(keep, |k: usize| k.min(keep)));
                                }),
                            }
                        };
                        if let Err(why) = ruled {
                            let _ = link.to_mirror.send(Ruling::Refused(why));
                        }
                    }
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => {
                        gone.push(i);
                        break;
                    }
                }
            }
        }
        // Every mirror that was sent more than was kept is told to rewind; what was decided
        // after the undo is sent again below.
        if let Some(keep) = rewound {
            for link in &mut self.links {
                if link.sent > keep {
                    let _ = link.to_mirror.send(Ruling::Rewound(keep));
                    link.sent = keep;
                }
            }
        }
        for i in gone.into_iter().rev() {
            let link = self.links.remove(i);
            if let Some(seat) = link.seat.and_then(|s| self.seats.get_mut(s)) {
                seat.connected = false;
            }
        }
        // A rebuilt table's AI seats wait for its people: nobody should come back to a game
        // the bots played on alone.
        if self.started && !self.held {
            let _ = self.table.tick(now);
        }
        self.keep_record();
        self.tell_mirrors();
    }

    /// Sends each mirror the decisions it has not had, and who the table waits for when that
    /// changed.
    fn tell_mirrors(&mut self) {
        let made = self.table.decisions();
        let waiting = self.waiting_for();
        // The opener is told the codes to pass on while seats are free.
        let codes = self.free_codes();
        let to_opener = match (&waiting, codes.is_empty()) {
            (Some(w), false) => Some(format!("{w} — join codes: {}", codes.join(", "))),
            _ => waiting.clone(),
        };
        let opener = self.opener;
        for link in &mut self.links {
            let waiting = if link.seat == Some(opener) {
                &to_opener
            } else {
                &waiting
            };
            while link.sent < made {
                let Some(choice) = self.table.decision(link.sent) else {
                    break;
                };
                if link.to_mirror.send(Ruling::Made(choice)).is_err() {
                    break;
                }
                link.sent += 1;
            }
            if link.waiting != *waiting {
                link.waiting = waiting.clone();
                let _ = link.to_mirror.send(Ruling::Waiting(waiting.clone()));
            }
        }
    }
}

/// The server's tables, shared by every connection's lobby.
pub struct Tables {
    list: Mutex<Vec<Arc<Mutex<Referee>>>>,
    next_id: AtomicU64,
    /// Whether a free seat goes to any connection that asks (else only to its join code).
    pub free_seats_open: bool,
    /// Where the tables' files are kept (`None`: not kept).
    record_dir: Option<PathBuf>,
}

/// Locks a mutex, taking it even if a thread panicked holding it (a table's state stays
/// usable: every change to it is one assignment or one push).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Tables {
    /// No tables yet; their files are kept in `record_dir`.
    pub fn new(record_dir: Option<PathBuf>, free_seats_open: bool) -> Tables {
        Tables {
            list: Mutex::default(),
            next_id: AtomicU64::new(0),
            free_seats_open,
            record_dir,
        }
    }

    /// The tables now, the finished ones nobody plays any more dropped.
    pub fn list(&self) -> Vec<Arc<Mutex<Referee>>> {
        let mut list = lock(&self.list);
        list.retain(|t| {
            let t = lock(t);
            !(t.over() && t.links.is_empty())
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
        let referee = Arc::new(Mutex::new(Referee {
            id,
            game: game.to_string(),
            table,
            seats,
            links: Vec::new(),
            started: false,
            free_seats_open: self.free_seats_open,
            opener: first,
            held: false,
            record_dir: self.record_dir.clone(),
            written: None,
            record_problem: None,
        }));
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
        let Some(dir) = self.record_dir.clone() else {
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
        let opener = seats.iter().position(|s| s.person).unwrap_or(0);
        Ok(Some(Arc::new(Mutex::new(Referee {
            id: record.id,
            game: game.to_string(),
            table,
            started: seats.iter().all(|s| !s.person || s.taken()),
            seats,
            links: Vec::new(),
            free_seats_open: self.free_seats_open,
            opener,
            held: true,
            record_dir: self.record_dir.clone(),
            written: Some(record),
            record_problem: None,
        }))))
    }
}

/// A table's referee at work, until its game is over and nobody plays it any more.
fn referee_loop(tables: &Tables, referee: &Arc<Mutex<Referee>>) {
    loop {
        {
            let mut r = lock(referee);
            r.step(Instant::now());
            if r.over() && r.links.is_empty() {
                break;
            }
        }
        std::thread::sleep(STEP);
    }
    let _ = tables.list();
}
