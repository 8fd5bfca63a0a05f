//! The server's tables: each a live table exactly as in local play (its save written after
//! every decision, its AI seats run by it), refereed on a thread of its own. People play it
//! through mirrors (see `tui::table::remote`): the referee takes a mirror's choice only for the
//! mirror's own seat, on its turn, when legal, and sends every decision made to every mirror
//! in order.

use crate::shell::tui::table::TableScreen;
use crate::shell::tui::table::remote::{RefereeLink, Ruling, Submitted};
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
    /// Whether someone has taken it (once taken, it stays theirs to come back to).
    pub taken: bool,
    /// Whether a connection plays it now.
    pub connected: bool,
}

/// One mirror's link, as the referee holds it.
struct Link {
    seat: usize,
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

    /// A mirror for a person taking `seat` (free, or theirs from before and not played by a
    /// connection now).
    pub fn join(&mut self, seat: usize) -> Result<Box<dyn TableScreen>, String> {
        let Some(s) = self.seats.get(seat) else {
            return Err("no such seat".into());
        };
        if !s.person {
            return Err("an AI plays that seat".into());
        }
        if s.connected {
            return Err(format!("someone plays {} already", s.name));
        }
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
        self.seats[seat].taken = true;
        self.seats[seat].connected = true;
        self.links.push(Link {
            seat,
            to_mirror,
            from_mirror,
            sent: self.table.decisions(),
            waiting: None,
        });
        self.started |= self.seats.iter().all(|s| !s.person || s.taken);
        self.tell_mirrors();
        Ok(mirror)
    }

    /// Takes the mirrors' choices, lets the table's time pass (its bots), and tells every
    /// mirror what was decided and who is awaited.
    fn step(&mut self, now: Instant) {
        let mut gone = Vec::new();
        for (i, link) in self.links.iter().enumerate() {
            loop {
                match link.from_mirror.try_recv() {
                    Ok(submitted) => {
                        let ruled = if !self.started {
                            Err("the table waits for its players".to_string())
                        } else if submitted.seat != link.seat {
                            Err("that is not your seat".to_string())
                        } else {
                            self.table.decide_for(link.seat, &*submitted.choice)
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
        for i in gone.into_iter().rev() {
            let link = self.links.remove(i);
            if let Some(seat) = self.seats.get_mut(link.seat) {
                seat.connected = false;
            }
        }
        if self.started {
            let _ = self.table.tick(now);
        }
        self.tell_mirrors();
    }

    /// Sends each mirror the decisions it has not had, and who the table waits for when that
    /// changed.
    fn tell_mirrors(&mut self) {
        let made = self.table.decisions();
        let waiting = self.waiting_for();
        for link in &mut self.links {
            while link.sent < made {
                let Some(choice) = self.table.decision(link.sent) else {
                    break;
                };
                if link.to_mirror.send(Ruling::Made(choice)).is_err() {
                    break;
                }
                link.sent += 1;
            }
            if link.waiting != waiting {
                link.waiting = waiting.clone();
                let _ = link.to_mirror.send(Ruling::Waiting(waiting.clone()));
            }
        }
    }
}

/// The server's tables, shared by every connection's lobby.
#[derive(Default)]
pub struct Tables {
    list: Mutex<Vec<Arc<Mutex<Referee>>>>,
    next_id: AtomicU64,
}

/// Locks a mutex, taking it even if a thread panicked holding it (a table's state stays
/// usable: every change to it is one assignment or one push).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Tables {
    /// The tables now, the finished ones nobody plays any more dropped.
    pub fn list(&self) -> Vec<Arc<Mutex<Referee>>> {
        let mut list = lock(&self.list);
        list.retain(|t| {
            let t = lock(t);
            !(t.over() && t.links.is_empty())
        });
        list.clone()
    }

    /// Puts a table dealt for the server on it, refereed from now on, and gives the person who
    /// opened it the first person's seat.
    pub fn open(
        self: &Arc<Self>,
        game: &str,
        table: Box<dyn TableScreen>,
    ) -> Result<Box<dyn TableScreen>, String> {
        let seats: Vec<Seat> = table
            .seat_names()
            .into_iter()
            .map(|(name, person)| Seat {
                name,
                person,
                taken: false,
                connected: false,
            })
            .collect();
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
        }));
        let mirror = lock(&referee).join(first)?;
        let tables = Arc::clone(self);
        let held = Arc::clone(&referee);
        std::thread::Builder::new()
            .name(format!("referee-{id}"))
            .spawn(move || referee_loop(&tables, &held))
            .map_err(|e| format!("cannot start the table: {e}"))?;
        lock(&self.list).push(referee);
        Ok(mirror)
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
