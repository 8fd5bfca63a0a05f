//! The log of a game of Res Arcana: each choice in words, the cards drawn (only to the seat
//! drawing them), choices made in secret (a mage, a draft pick, a Collect step) told to the
//! others only once they are revealed, rounds, points and the end.

use super::words::{describe, essences_text, single_payment};
use crate::resarcana::card::CardId;
use crate::resarcana::decision::Choice;
use crate::resarcana::state::{Ask, Phase, ResArcana, Task, Variant};
use crate::shell::seats::Seats;
use crate::shell::tui::ui::{LineKind, LogLine};

/// Res Arcana's narrator. It keeps nothing between choices: each is told from the positions
/// before and after it.
#[derive(Clone, Default, Debug)]
pub struct Narrator;

fn line(g: &ResArcana, seat: Option<usize>, kind: LineKind, text: String) -> LogLine {
    LogLine {
        turn: g.turn + 1,
        seat,
        kind,
        text,
    }
}

/// Cards in `after` not in `before`, counted with repeats (what a hand gained).
fn gained(before: &[CardId], after: &[CardId]) -> Vec<CardId> {
    let mut rest = before.to_vec();
    let mut out = Vec::new();
    for c in after {
        match rest.iter().position(|x| x == c) {
            Some(i) => {
                rest.swap_remove(i);
            }
            None => out.push(*c),
        }
    }
    out
}

/// Whether the mages picked are still to be revealed.
fn mages_hidden(g: &ResArcana) -> bool {
    g.tasks.contains(&Task::RevealMages)
}

impl crate::shell::tui::ui::Narrator<ResArcana> for Narrator {
    fn opening(&mut self, game: &ResArcana, _seats: &Seats, seed: Option<u64>) -> Vec<LogLine> {
        let variant = match game.variant {
            Variant::Standard => "Res Arcana",
            Variant::FirstGame => "Res Arcana, first game",
            Variant::Draft => "Res Arcana with a draft",
        };
        let seed = seed.map_or_else(String::new, |s| format!(" (seed {s})"));
        // A game set up from a position file past its setup says where it begins: the log
        // would otherwise read as a dealt game whose first rounds went untold.
        let from = match game.phase {
            Phase::Setup if game.round <= 1 => String::new(),
            Phase::Setup => format!(", from a position in round {}'s setup", game.round),
            Phase::Collect => format!(", from a position: round {}, the Collect step", game.round),
            Phase::Actions => format!(", from a position: round {}, actions", game.round),
            Phase::Over => ", from a position: the game is over".to_string(),
        };
        vec![line(
            game,
            None,
            LineKind::Important,
            format!("{variant} for {} players{seed}{from}", game.players()),
        )]
    }

    fn narrate(
        &mut self,
        before: &ResArcana,
        choice: &Choice,
        after: &mut ResArcana,
        seats: &Seats,
    ) -> Vec<LogLine> {
        let mut out = Vec::new();
        let Some(d) = before.pending else {
            return out;
        };
        let seat = d.seat as usize;
        let who = seats.name(seat).to_string();
        // The choice: told to everyone, or to its seat only while it is a secret (and to the
        // others as a secret choice made).
        let public = describe(before, seats, None, choice);
        let own = describe(before, seats, Some(seat), choice);
        if public == own {
            out.push(line(
                before,
                Some(seat),
                LineKind::Normal,
                format!("{who}: {own}"),
            ));
        } else {
            out.push(line(
                before,
                Some(seat),
                LineKind::Private(seat),
                format!("{who} (secret): {own}"),
            ));
            // Collect choices are many: the others hear of the step once, when it is over.
            if before.phase != Phase::Collect {
                out.push(line(
                    before,
                    Some(seat),
                    LineKind::Others(seat),
                    format!("{who}: {public}"),
                ));
            }
        }
        // A payment made without a question (one way to pay) is still told.
        let asked_to_pay = matches!(
            after.pending,
            Some(d) if d.seat as usize == seat && matches!(d.ask, Ask::Pay(..))
        );
        if let Some(paid) = single_payment(before, choice).filter(|_| !asked_to_pay) {
            out.push(line(
                before,
                Some(seat),
                LineKind::Normal,
                format!("{who} paid {}", essences_text(&paid)),
            ));
        }
        // Mages revealed all at once.
        if mages_hidden(before) && !mages_hidden(after) {
            for (i, s) in after.seats.iter().enumerate() {
                if let Some(m) = s.mage {
                    out.push(line(
                        after,
                        Some(i),
                        LineKind::Normal,
                        format!("{}'s mage is {}", seats.name(i), after.db.name(m)),
                    ));
                }
            }
        }
        // The Collect step over: what each seat has now.
        if before.phase == Phase::Collect && after.phase != Phase::Collect {
            for (i, s) in after.seats.iter().enumerate() {
                let was = before.collect_start.get(i).map(|(p, _)| *p);
                let text = match was {
                    Some(p) if p == s.pool => format!("{} collected nothing", seats.name(i)),
                    _ => format!(
                        "{} collected; pool now {}",
                        seats.name(i),
                        essences_text(&s.pool)
                    ),
                };
                out.push(line(after, Some(i), LineKind::Normal, text));
            }
        }
        // Cards drawn: named to their seat, counted to the others.
        for (i, (b, a)) in before.seats.iter().zip(after.seats.iter()).enumerate() {
            let new = gained(&b.hand, &a.hand);
            if new.is_empty() {
                continue;
            }
            let names: Vec<&str> = new.iter().map(|&c| after.db.name(c)).collect();
            out.push(line(
                after,
                Some(i),
                LineKind::Private(i),
                format!("{} drew {}", seats.name(i), names.join(", ")),
            ));
            out.push(line(
                after,
                Some(i),
                LineKind::Others(i),
                format!(
                    "{} drew {} card{}",
                    seats.name(i),
                    new.len(),
                    if new.len() == 1 { "" } else { "s" }
                ),
            ));
        }
        // A new monument face up.
        for m in gained(&before.monuments, &after.monuments) {
            out.push(line(
                after,
                None,
                LineKind::Normal,
                format!("{} is turned face up", after.db.name(m)),
            ));
        }
        // The First Player token changing hands.
        if after.token != before.token && after.phase != Phase::Setup {
            out.push(line(
                after,
                Some(after.token as usize),
                LineKind::Normal,
                format!(
                    "{} takes the First Player token",
                    seats.name(after.token as usize)
                ),
            ));
        }
        // Points changed (the mages' reveal and the token count too).
        if before.phase != Phase::Setup || after.phase != Phase::Setup {
            for i in 0..after.players() {
                let (p0, p1) = (before.points(i), after.points(i));
                if p0 != p1 && before.phase != Phase::Setup {
                    out.push(line(
                        after,
                        Some(i),
                        LineKind::Score,
                        // A point lost (the token handed on) is said as a loss: "Blue has
                        // 0 points" read like news of nothing.
                        format!(
                            "{} {} {p1} point{}",
                            seats.name(i),
                            if p1 < p0 { "is down to" } else { "has" },
                            if p1 == 1 { "" } else { "s" }
                        ),
                    ));
                }
            }
        }
        if after.round > before.round && !after.is_over() {
            out.push(line(
                after,
                None,
                LineKind::Turn,
                format!("Round {}", after.round),
            ));
        }
        if let Some(o) = &after.outcome
            && before.outcome.is_none()
        {
            let names: Vec<&str> = o.winners.iter().map(|&w| seats.name(w as usize)).collect();
            // The winners' points first, then each other seat's by name: a bare "4-10" in seat
            // order reads as the winner's 4.
            let best = o.winners.first().map_or(0, |&w| o.points[w as usize]);
            let others: Vec<String> = (0..o.points.len())
                .filter(|i| !o.winners.contains(&(*i as u8)))
                .map(|i| format!("{} {}", seats.name(i), o.points[i]))
                .collect();
            let others = if others.is_empty() {
                String::new()
            } else {
                format!("; {}", others.join(", "))
            };
            out.push(line(
                after,
                None,
                LineKind::Important,
                format!(
                    "Game over: {} {} with {best} points{others}",
                    names.join(" and "),
                    if names.len() == 1 {
                        "wins"
                    } else {
                        "share the victory"
                    },
                ),
            ));
        }
        out
    }
}
