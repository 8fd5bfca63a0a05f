//! Playing through the screens: new-game forms, opening tables from the lobby, taking legal
//! choices the way a person does, and reading panels of a screen.

use super::{DOWN, LEFT, PATIENCE, Person, Server};
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// The line of a new-game form that sets `label` (e.g. "Seat 2").
pub fn form_line(shown: &str, label: &str) -> String {
    shown
        .lines()
        .find(|l| l.contains(label))
        .unwrap_or("")
        .to_string()
}

/// In a new-game form, moves down to the row `label` (the row being changed is drawn with
/// ‹ ›) and presses ← or → until its line shows `value`.
pub async fn set_form_row(person: &Person, label: &str, value: &str, key: &[u8]) {
    for _ in 0..20 {
        if form_line(&person.text(), label).contains('‹') {
            break;
        }
        person.keys(DOWN).await;
    }
    for _ in 0..40 {
        if form_line(&person.text(), label).contains(value) {
            return;
        }
        person.keys(key).await;
    }
    panic!(
        "the form's {label} never showed {value:?}:\n{}",
        person.shown()
    );
}

/// Opens a table of `title` from `person`'s lobby with the second seat a person's, after
/// `prepare` has set what else the form needs, and waits for the table's screen.
pub async fn open_for_two(person: &Person, title: &str) {
    person
        .take_lobby_row(&format!("Open a new table: {title}"))
        .await;
    person.wait_for(&format!("New game of {title}")).await;
    set_form_row(person, "Seat 2", "person", LEFT).await;
    start_form(person).await;
}

/// Presses Enter on a new-game form until the table's screen shows (Enter goes down a row,
/// and starts the game on the last). A game is dealt in a moment, but a loaded machine may
/// take longer: after each press the screen is given time to change before the next.
pub async fn start_form(person: &Person) {
    for _ in 0..15 {
        person.send(b"\r").await;
        let pressed = Instant::now();
        let before = person.text();
        while person.text() == before && pressed.elapsed() < Duration::from_secs(2) {
            person.next_change(Duration::from_millis(100)).await;
        }
        // A frame comes in pieces: a moment for the rest of it.
        tokio::time::sleep(Duration::from_millis(50)).await;
        if person.text().contains("(you)") {
            return;
        }
    }
    person.wait_for("(you)").await;
}

/// Whether the screen offers its person a decision: the hint bar lists `c` (every legal
/// choice) only on this seat's turn, once no choice of its own awaits the referee's ruling.
pub fn my_turn(shown: &str) -> bool {
    shown
        .lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.contains("c list all"))
}

/// The highlighted entry and the length of an open "Every legal choice" list ("3 of 12").
pub fn list_position(shown: &str) -> Option<(usize, usize)> {
    let line = shown.lines().find(|l| l.contains(" · Enter: take it"))?;
    let before = line.split(" · Enter: take it").next()?;
    let mut words = before.rsplit(|c: char| c == '│' || c.is_whitespace());
    let total = words.next()?.parse().ok()?;
    let of = words.next()?;
    let at = words.next()?.parse().ok()?;
    (of == "of").then_some((at, total))
}

/// A small generator for the choices a test makes (reproducible from its seed).
pub struct Picks(u64);

impl Picks {
    pub fn new(seed: u64) -> Picks {
        Picks(seed.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1))
    }

    /// A number below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Makes one decision the way a person can: `c` lists every legal choice, ↓ moves to the
/// `picks`' entry and Enter takes it. Returns once the list is gone (the choice went to the
/// referee), with how long `c` and Enter each took to bring bytes back.
pub async fn decide(person: &Person, picks: &mut Picks) -> [Duration; 2] {
    let listed = person.press(b"c").await;
    let shown = person
        .wait_until("the list of every legal choice", |s| {
            list_position(s).is_some()
        })
        .await;
    let (_, total) = list_position(&shown).expect("a list");
    let k = picks.below(total);
    person.arrows(DOWN, k).await;
    person
        .wait_until(&format!("entry {} of {total} highlighted", k + 1), |s| {
            list_position(s) == Some((k + 1, total))
        })
        .await;
    let taken = person.press(b"\r").await;
    person
        .wait_until("the list to close", |s| list_position(s).is_none())
        .await;
    [listed, taken]
}

/// What [`play_seat`] did: its decisions, and each key's time to its first bytes back.
#[derive(Default)]
pub struct Played {
    pub made: usize,
    pub latencies: Vec<Duration>,
}

/// Plays `person`'s seat until `over` holds for its screen, deciding on each of its turns,
/// at most `limit` decisions, and shows `observe` each screen it looks at. Returns the
/// decisions it made. Fails if the screen stays the same for twice [`PATIENCE`] (nobody
/// decides: the table is stuck).
pub async fn play_seat(
    person: &Person,
    mut picks: Picks,
    over: impl Fn(&str) -> bool,
    limit: usize,
    mut observe: impl FnMut(&str),
) -> Played {
    let mut played = Played::default();
    let mut last = String::new();
    let mut since = Instant::now();
    loop {
        let shown = person.text();
        if shown != last {
            observe(&shown);
        }
        if over(&shown) || played.made >= limit {
            return played;
        }
        if my_turn(&shown) {
            played.latencies.extend(decide(person, &mut picks).await);
            played.made += 1;
            since = Instant::now();
            continue;
        }
        if shown != last {
            last = shown;
            since = Instant::now();
        }
        assert!(
            since.elapsed() < 2 * PATIENCE,
            "the table stood still after {} decisions of this seat; the screen shows:\n{}",
            played.made,
            person.shown()
        );
        person.next_change(Duration::from_millis(200)).await;
    }
}

/// The lines inside the panel titled `title` (the box whose top border holds it), read
/// between its side borders, down to its bottom border.
pub fn panel_lines(shown: &str, title: &str) -> Vec<String> {
    let rows: Vec<Vec<char>> = shown.lines().map(|l| l.chars().collect()).collect();
    let Some((top, at)) = rows.iter().enumerate().find_map(|(i, r)| {
        let line: String = r.iter().collect();
        let byte = line.find(title)?;
        Some((i, line[..byte].chars().count()))
    }) else {
        return Vec::new();
    };
    // The box's left corner is the last '┌' or '┏' before the title.
    let Some(left) = rows[top][..at].iter().rposition(|c| matches!(c, '┌' | '┏')) else {
        return Vec::new();
    };
    let mut lines = Vec::new();
    for row in &rows[top + 1..] {
        if !matches!(row.get(left), Some('│' | '┃')) {
            break;
        }
        let inside = row[left + 1..]
            .iter()
            .take_while(|c| !matches!(c, '│' | '┃'))
            .collect();
        lines.push(inside);
    }
    lines
}

/// Opens `n` tables of High Ground for two, one after another (so that the one free seat in
/// the lobby is the new table's), on terminals of 140 × 50 (the lobby scrolls past its 50
/// lines): the opener connects from loopback address `from(2i)`, the joiner from
/// `from(2i + 1)`. Returns each table's two people, both at the table.
pub async fn open_tables(
    server: &Server,
    n: usize,
    from: impl Fn(usize) -> IpAddr,
) -> Vec<(Person, Person)> {
    let mut tables = Vec::new();
    // Wide screens: the key bar (how `my_turn` knows its seat decides) keeps `c` with every
    // other key it lists.
    for i in 0..n {
        let blue = Person::connect_from(from(2 * i), server.address, 140, 50).await;
        open_for_two(&blue, "High Ground").await;
        let red = Person::connect_from(from(2 * i + 1), server.address, 140, 50).await;
        red.take_lobby_row("take the free seat Red").await;
        red.wait_for("Hand of Red").await;
        tables.push((blue, red));
    }
    tables
}

/// How many entries the log panel shows (each starts with "▌ "); both seats of a table see
/// the same log, so both can stop at the same count.
pub fn log_entries(shown: &str) -> usize {
    panel_lines(shown, "Log─")
        .iter()
        .filter(|l| l.starts_with("▌ "))
        .count()
}

/// Runs the futures together on this task (the runtime's threads serve the connections
/// meanwhile) and gives their results in order.
pub async fn join_all<F: std::future::Future>(all: Vec<F>) -> Vec<F::Output> {
    let mut pending: Vec<_> = all.into_iter().map(Box::pin).collect();
    let mut done: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut waiting = false;
        for (fut, slot) in pending.iter_mut().zip(done.iter_mut()) {
            if slot.is_none() {
                match fut.as_mut().poll(cx) {
                    std::task::Poll::Ready(v) => *slot = Some(v),
                    std::task::Poll::Pending => waiting = true,
                }
            }
        }
        if waiting {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    done.into_iter().flatten().collect()
}

/// The names of the cards in a Tash-Kalar hand panel ("a▸H Hypnotist   ·  ·  b  May ...").
pub fn hand_names(screen: &str, seat: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_hand = false;
    for line in screen.lines() {
        if line.contains(&format!("Hand of {seat}")) {
            in_hand = true;
            continue;
        }
        if !in_hand {
            continue;
        }
        if line.contains('└') && !line.contains("│") {
            break;
        }
        for part in line.split('│') {
            let chars: Vec<char> = part.chars().collect();
            if chars.len() > 4
                && chars[0].is_ascii_lowercase()
                && matches!(chars[1], '▸' | ' ')
                && matches!(chars[2], 'H' | 'L' | 'F' | 'c')
                && chars[3] == ' '
            {
                let rest: String = chars[4..].iter().collect();
                if let Some(name) = rest.split("  ").next() {
                    names.push(name.trim().to_string());
                }
            }
        }
    }
    names
}
