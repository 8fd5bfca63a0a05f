//! A served table's referee: each a live table exactly as in local play (its save written after
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
use crate::shell::tui::table::TableScreen;
use crate::shell::tui::table::remote::{RefereeLink, Request, Ruling, Submitted};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Mutex, MutexGuard};
use std::time::Instant;

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

/// The server's rules for a table's seats, and where its file is kept.
#[derive(Clone, Debug)]
pub struct SeatRules {
    /// Whether a free seat goes to any connection that asks (else only to its join code).
    pub free_seats_open: bool,
    /// Where the tables' files are kept (`None`: not kept).
    pub record_dir: Option<PathBuf>,
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
    /// A table for the server: `seats` as dealt (or as kept, `kept` being the table's file it
    /// was rebuilt from, whose AI seats then wait for every person to be back).
    pub(super) fn new(
        id: u64,
        game: &str,
        table: Box<dyn TableScreen>,
        seats: Vec<Seat>,
        rules: SeatRules,
        kept: Option<TableRecord>,
    ) -> Referee {
        let opener = seats.iter().position(|s| s.person).unwrap_or(0);
        Referee {
            id,
            game: game.to_string(),
            table,
            started: seats.iter().all(|s| !s.person || s.taken()),
            seats,
            links: Vec::new(),
            free_seats_open: rules.free_seats_open,
            opener,
            held: kept.is_some(),
            record_dir: rules.record_dir,
            written: kept,
            record_problem: None,
        }
    }

    /// Whether someone plays or watches the table now.
    pub fn in_use(&self) -> bool {
        !self.links.is_empty()
    }

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
    pub(super) fn step(&mut self, now: Instant) {
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

/// Locks a mutex, taking it even if a thread panicked holding it (a table's state stays
/// usable: every change to it is one assignment or one push).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}
