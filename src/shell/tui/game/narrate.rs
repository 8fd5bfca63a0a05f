//! The event log in words: engine events become sentences such as
//! "Knight (Blue) destroyed Red's heroic piece on e5".
//!
//! Events do not say who caused them, so the narrator remembers the card whose effect is running
//! (set from the choice being applied and from `Summoned`/`FlarePlayed`/`Thawed` events).

use super::seats::Seats;
use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::board::Piece;
use crate::tashkalar::engine::cards::CardKind;
use crate::tashkalar::engine::state::{Event, Phase};
use crate::tashkalar::engine::{CardId, Choice, GameState, Seat, Square};

/// What kind of line it is (the log widget styles them differently).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineKind {
    /// "Turn 3: Blue".
    Turn,
    Normal,
    /// Points and tasks.
    Score,
    /// End of the game approaching, game over.
    Important,
}

/// One line of the log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct LogLine {
    pub turn: u16,
    /// The seat the line is mostly about (its colour badge is shown).
    pub seat: Option<Seat>,
    pub kind: LineKind,
    pub text: String,
}

/// Turns events into lines, remembering whose effect is running.
#[derive(Clone, Debug, Default)]
pub struct Narrator {
    source: Option<(CardId, Seat)>,
    /// The summoned piece's own `Placed` event, which `Summoned` already tells.
    skip_place: Option<Square>,
    /// The choice places start pieces (before the first turn): nobody "placed" them as an action.
    setup: bool,
    /// The seat whose turn the events belong to (the state after the choice may be a new turn).
    acting: Seat,
    /// Where the summoned being of the running effect stands (its moves read "Knight moved").
    being: Option<Square>,
}

impl Narrator {
    /// Call before applying `choice` to `state`.
    pub fn begin(&mut self, state: &GameState, choice: &Choice) {
        let seat = state.turn.seat;
        self.acting = seat;
        self.skip_place = None;
        self.setup = matches!(choice, Choice::StartSquare(_));
        match *choice {
            Choice::Summon { card, target, .. } => {
                self.source = Some((card, seat));
                self.skip_place = Some(target);
            }
            Choice::Pickup(_) => {
                if let Phase::SummonPickup(p) = state.phase {
                    self.source = Some((p.card, seat));
                    self.skip_place = Some(p.target);
                } else {
                    self.source = None;
                }
            }
            Choice::Flare { card, .. } | Choice::Thaw(card) => self.source = Some((card, seat)),
            _ => {
                self.source = state.effect.as_ref().map(|run| (run.card, seat));
            }
        }
    }

    /// The words for a batch of events (after the choice was applied).
    pub fn lines(&mut self, state: &GameState, seats: &Seats, events: &[Event]) -> Vec<LogLine> {
        // The engine logs what a thing did before the thing itself (a landing's destruction before
        // the summoning, a flare's point before the flare, a move's victim before the move);
        // tell them in the order people think of them.
        let mut ordered: Vec<&Event> = events.iter().collect();
        if let Some(i) = ordered
            .iter()
            .position(|e| matches!(e, Event::Summoned { .. }))
        {
            let summoned = ordered.remove(i);
            let first = ordered[..i]
                .iter()
                .position(|e| matches!(e, Event::Destroyed { .. } | Event::Placed { .. }))
                .unwrap_or(i);
            ordered.insert(first, summoned);
        }
        if let Some(i) = ordered
            .iter()
            .position(|e| matches!(e, Event::FlarePlayed { .. } | Event::Thawed { .. }))
        {
            let head = ordered.remove(i);
            ordered.insert(0, head);
        }
        let mut out = Vec::new();
        let mut i = 0;
        while i < ordered.len() {
            // A move onto an occupied square: one line for the move and what it destroyed.
            if let (
                Event::Destroyed {
                    piece: victim,
                    square,
                },
                Some(Event::Moved { piece, from, to }),
            ) = (ordered[i], ordered.get(i + 1).copied())
                && square == to
            {
                let line = self.move_line(state, seats, *piece, *from, *to, Some(*victim));
                out.push(line);
                i += 2;
                continue;
            }
            if let Some(line) = self.line(state, seats, ordered[i]) {
                out.push(line);
            }
            i += 1;
        }
        out
    }

    /// "Knight (Blue) moved from e5 to e6, destroying Red's heroic piece".
    fn move_line(
        &mut self,
        state: &GameState,
        seats: &Seats,
        piece: Piece,
        from: Square,
        to: Square,
        victim: Option<Piece>,
    ) -> LogLine {
        let actor = self.actor(state, seats);
        // The summoned being moving itself is "it", not "Blue's heroic piece".
        let what = if self.being == Some(from) {
            self.being = Some(to);
            String::new()
        } else {
            format!(" {}", piece_words(piece))
        };
        let destroying = match victim {
            Some(v) => format!(", destroying {}", piece_words(v)),
            None => String::new(),
        };
        LogLine {
            turn: state.turn.number,
            seat: Some(self.acting),
            kind: LineKind::Normal,
            text: format!("{actor} moved{what} from {from} to {to}{destroying}"),
        }
    }

    fn actor(&self, state: &GameState, seats: &Seats) -> String {
        match self.source {
            Some((card, seat)) => format!("{} ({})", card_name(state, card), seats.name(seat)),
            None => seats.name(self.acting).to_string(),
        }
    }

    fn line(&mut self, state: &GameState, seats: &Seats, event: &Event) -> Option<LogLine> {
        let turn = state.turn.number;
        let acting = Some(self.acting);
        let normal = |text: String| LogLine {
            turn,
            seat: acting,
            kind: LineKind::Normal,
            text,
        };
        Some(match event {
            Event::TurnStarted {
                seat,
                number,
                actions,
            } => {
                self.source = None;
                self.being = None;
                self.acting = *seat;
                let plural = if *actions == 1 { "" } else { "s" };
                LogLine {
                    turn: *number,
                    seat: Some(*seat),
                    kind: LineKind::Turn,
                    text: format!(
                        "Turn {number}: {} ({actions} action{plural})",
                        seats.name(*seat)
                    ),
                }
            }
            Event::Placed {
                seat,
                piece,
                square,
            } => {
                if self.skip_place == Some(*square) {
                    self.skip_place = None;
                    return None;
                }
                if self.setup {
                    return Some(LogLine {
                        turn,
                        seat: None,
                        kind: LineKind::Normal,
                        text: format!("{}'s start piece is on {square}", colour_name(piece.colour)),
                    });
                }
                let who = match self.source {
                    Some(_) => self.actor(state, seats),
                    None => seats.name(*seat).to_string(),
                };
                let whose = if state.colour_of(*seat) == piece.colour {
                    String::new()
                } else {
                    format!("{} ", colour_name(piece.colour))
                };
                normal(format!(
                    "{who} placed a {} {whose}piece on {square}",
                    piece.rank
                ))
            }
            Event::Summoned { seat, card, square } => {
                self.source = Some((*card, *seat));
                self.being = Some(*square);
                let what = if state.db.card(*card).is_legend() {
                    "the legend "
                } else {
                    ""
                };
                normal(format!(
                    "{} summoned {what}{} on {square}",
                    seats.name(*seat),
                    card_name(state, *card)
                ))
            }
            Event::Destroyed { piece, square } => normal(format!(
                "{} destroyed {} on {square}",
                self.actor(state, seats),
                piece_words(*piece)
            )),
            Event::Removed { piece, square } => normal(format!(
                "{} removed {} on {square} from the game",
                self.actor(state, seats),
                piece_words(*piece)
            )),
            Event::PickedUp { piece, square } => normal(format!(
                "{} took its {} piece on {square} back (supply empty)",
                seats.name(self.acting),
                piece.rank
            )),
            Event::Moved { piece, from, to } => {
                self.move_line(state, seats, *piece, *from, *to, None)
            }
            Event::Upgraded { piece, square } => normal(format!(
                "{} upgraded the piece on {square}: now {}",
                self.actor(state, seats),
                piece_words(*piece)
            )),
            Event::Downgraded { piece, square } => normal(format!(
                "{} downgraded the piece on {square}: now {}",
                self.actor(state, seats),
                piece_words(*piece)
            )),
            Event::Converted { from, to, square } => normal(format!(
                "{} converted {} on {square} into {}",
                self.actor(state, seats),
                piece_words(*from),
                piece_words(*to)
            )),
            Event::Discarded { seat, card } => LogLine {
                seat: Some(*seat),
                ..normal(format!(
                    "{} discarded {}",
                    seats.name(*seat),
                    card_name(state, *card)
                ))
            },
            Event::Returned { seat, card } => {
                // The card itself stays secret: only its kind shows (which deck it goes under).
                let kind = match state.db.card(*card).kind {
                    CardKind::Being(_) => "being",
                    CardKind::Legend => "legend",
                    CardKind::Flare => "flare",
                };
                LogLine {
                    seat: Some(*seat),
                    ..normal(format!(
                        "{} returned a {kind} card to the bottom of its deck",
                        seats.name(*seat)
                    ))
                }
            }
            Event::FlarePlayed {
                seat,
                card,
                upper,
                lower,
            } => {
                self.source = Some((*card, *seat));
                let halves = match (upper, lower) {
                    (true, true) => "both halves",
                    (true, false) => "upper half",
                    _ => "lower half",
                };
                LogLine {
                    seat: Some(*seat),
                    ..normal(format!(
                        "{} played the flare {} ({halves})",
                        seats.name(*seat),
                        card_name(state, *card)
                    ))
                }
            }
            Event::Frozen { seat, card } => LogLine {
                seat: Some(*seat),
                ..normal(format!(
                    "{} keeps the frozen effect of {}",
                    seats.name(*seat),
                    card_name(state, *card)
                ))
            },
            Event::Thawed { seat, card } => {
                self.source = Some((*card, *seat));
                LogLine {
                    seat: Some(*seat),
                    ..normal(format!(
                        "{} thawed the frozen effect of {}",
                        seats.name(*seat),
                        card_name(state, *card)
                    ))
                }
            }
            Event::ActionsGained { seat, count } => {
                let plural = if *count == 1 { "" } else { "s" };
                LogLine {
                    seat: Some(*seat),
                    ..normal(format!(
                        "{} gains {count} action{plural}",
                        seats.name(*seat)
                    ))
                }
            }
            Event::Scored {
                seat,
                points,
                colour,
                why,
            } => {
                let plural = if *points == 1 { "" } else { "s" };
                let against = if state.colour_of(*seat) == *colour {
                    String::new()
                } else {
                    format!(" against {}", colour_name(*colour))
                };
                LogLine {
                    turn,
                    seat: Some(*seat),
                    kind: LineKind::Score,
                    text: format!(
                        "{} scores {points} point{plural}{against} ({why})",
                        seats.name(*seat)
                    ),
                }
            }
            Event::TaskClaimed { seat, task } => {
                let (name, points) = state
                    .db
                    .tasks
                    .get(task.0 as usize)
                    .map_or(("a task".to_string(), 0), |t| (t.name.clone(), t.points));
                LogLine {
                    turn,
                    seat: Some(*seat),
                    kind: LineKind::Score,
                    text: format!("{} claimed the task {name} (+{points})", seats.name(*seat)),
                }
            }
            Event::Drew { seat, count } => {
                let plural = if *count == 1 { "" } else { "s" };
                LogLine {
                    seat: Some(*seat),
                    ..normal(format!("{} drew {count} card{plural}", seats.name(*seat)))
                }
            }
            Event::EndTriggered { seat } => LogLine {
                turn,
                seat: Some(*seat),
                kind: LineKind::Important,
                text: format!(
                    "{} triggered the end: everyone plays one more turn",
                    seats.name(*seat)
                ),
            },
            Event::GameOver => LogLine {
                turn,
                seat: None,
                kind: LineKind::Important,
                text: "Game over".into(),
            },
        })
    }
}

/// A card's name (or a placeholder for an unknown id).
pub fn card_name(state: &GameState, card: CardId) -> String {
    state
        .db
        .get(card)
        .map_or_else(|| format!("card #{}", card.0), |c| c.name.clone())
}

/// "Red's heroic piece".
pub fn piece_words(piece: Piece) -> String {
    format!("{}'s {} piece", colour_name(piece.colour), piece.rank)
}
