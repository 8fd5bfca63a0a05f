//! The event log in words: engine events become sentences such as
//! "Knight (Blue) destroyed Red's heroic piece on e5".
//!
//! Events do not say who caused them, so the narrator remembers the card whose effect is running
//! (set from the choice being applied and from `Summoned`/`FlarePlayed`/`Thawed` events).
//!
//! It also keeps, for every seat, what the other seats did since that seat's last decision
//! (`recap.rs`): the squares they changed, drawn on the board until the seat acts, and a short
//! recap in words.

use super::recap::{Marks, RecapItem, recap_items};
use crate::shell::seats::Seats;
use crate::shell::tui::theme::colour_name;
use crate::shell::tui::ui::{self, LineKind, LogLine};
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Colour, Piece};
use crate::tashkalar::engine::cards::CardKind;
use crate::tashkalar::engine::decision::EffectStep;
use crate::tashkalar::engine::state::{Event, Phase};
use crate::tashkalar::engine::{CardId, Choice, DecisionKind, GameState, Mode, Seat, Square};

/// Turns events into lines, remembering whose effect is running.
#[derive(Clone, Debug, Default)]
pub struct Narrator {
    source: Option<(CardId, Seat)>,
    /// The summoned piece's own `Placed` event, which `Summoned` already tells.
    skip_place: Option<Square>,
    /// The choice places start pieces (before the first turn): nobody "placed" them as an action.
    setup: bool,
    /// The seat whose choice the events follow from (the teammate after a hand-over).
    acting: Seat,
    /// Where the summoned being of the running effect stands (its moves read "Knight moved").
    being: Option<Square>,
    /// The enemy piece a summoning being told uses as the summoner's own (improvised, melee).
    borrowed: Option<(Square, Colour)>,
    /// Squares the last choice changed, so the board can show what just happened.
    pub recent: Bitboard,
    /// Per seat: squares the other seats changed since that seat's last decision.
    pub since: [Marks; Seat::MAX],
    /// Per seat: what the other seats did since that seat's last decision.
    pub recap: [Vec<RecapItem>; Seat::MAX],
}

impl Narrator {
    /// Call before applying `choice` to `state`.
    pub fn begin(&mut self, state: &GameState, choice: &Choice) {
        let seat = state.turn.seat;
        // After a hand-over the teammate decides: what follows is theirs.
        self.acting = state.decider();
        self.skip_place = None;
        self.borrowed = None;
        self.setup = matches!(choice, Choice::StartSquare(_));
        match *choice {
            Choice::Summon {
                card,
                target,
                borrow,
                ..
            } => {
                self.source = Some((card, seat));
                self.skip_place = Some(target);
                self.borrowed = borrow.and_then(|b| state.board.get(b).map(|p| (b, p.colour)));
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
        let mut out = Vec::new();
        for told in story(events) {
            match told {
                // A summoning onto an occupied square: one line for the summoning and what it
                // replaced (its own piece is replaced, not "destroyed").
                Told::SummonedOnto {
                    seat,
                    card,
                    square,
                    under,
                } => {
                    let mut line = self.summoned_line(state, seats, seat, card, square);
                    if under.colour == state.colour_of(seat) {
                        line.text
                            .push_str(&format!(", replacing its own {} piece", under.rank));
                    } else {
                        line.text
                            .push_str(&format!(", destroying {}", piece_words(under)));
                    }
                    out.push(line);
                }
                // A move onto an occupied square: one line for the move and what it destroyed.
                Told::MovedOnto {
                    piece,
                    from,
                    to,
                    victim,
                } => out.push(self.move_line(state, seats, piece, from, to, Some(victim))),
                Told::One(event) => out.extend(self.line(state, seats, event)),
            }
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
            turn: state.turn.number.into(),
            seat: Some(self.acting.index()),
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

    /// "Blue summoned the legend Dragon on e5, using Red's piece on d4".
    fn summoned_line(
        &mut self,
        state: &GameState,
        seats: &Seats,
        seat: Seat,
        card: CardId,
        square: Square,
    ) -> LogLine {
        self.source = Some((card, seat));
        self.being = Some(square);
        let what = if state.db.card(card).is_legend() {
            "the legend "
        } else {
            ""
        };
        let borrowed = match self.borrowed.take() {
            Some((b, colour)) => {
                format!(", using {}'s piece on {b} as its own", colour_name(colour))
            }
            None => String::new(),
        };
        LogLine {
            turn: u32::from(state.turn.number),
            seat: Some(seat.index()),
            kind: LineKind::Normal,
            text: format!(
                "{} summoned {what}{} on {square}{borrowed}",
                seats.name(seat),
                card_name(state, card)
            ),
        }
    }

    fn line(&mut self, state: &GameState, seats: &Seats, event: &Event) -> Option<LogLine> {
        let turn = u32::from(state.turn.number);
        let acting = Some(self.acting.index());
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
                    turn: (*number).into(),
                    seat: Some(seat.index()),
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
                    None => seats.name(self.acting).to_string(),
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
                self.summoned_line(state, seats, *seat, *card, *square)
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
                seat: Some(seat.index()),
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
                    seat: Some(seat.index()),
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
                    seat: Some(seat.index()),
                    ..normal(format!(
                        "{} played the flare {} ({halves})",
                        seats.name(*seat),
                        card_name(state, *card)
                    ))
                }
            }
            Event::Frozen { seat, card } => LogLine {
                seat: Some(seat.index()),
                ..normal(format!(
                    "{} keeps the frozen effect of {}",
                    seats.name(*seat),
                    card_name(state, *card)
                ))
            },
            Event::Thawed { seat, card } => {
                self.source = Some((*card, *seat));
                LogLine {
                    seat: Some(seat.index()),
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
                    seat: Some(seat.index()),
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
                    seat: Some(seat.index()),
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
                    seat: Some(seat.index()),
                    kind: LineKind::Score,
                    text: format!("{} claimed the task {name} (+{points})", seats.name(*seat)),
                }
            }
            Event::Drew { seat, count } => {
                let plural = if *count == 1 { "" } else { "s" };
                LogLine {
                    seat: Some(seat.index()),
                    ..normal(format!("{} drew {count} card{plural}", seats.name(*seat)))
                }
            }
            Event::EndTriggered { seat } => LogLine {
                turn,
                seat: Some(seat.index()),
                kind: LineKind::Important,
                text: format!(
                    "{} triggered the end: everyone plays one more turn",
                    seats.name(*seat)
                ),
            },
            Event::Resigned { seat } => LogLine {
                turn,
                seat: Some(seat.index()),
                kind: LineKind::Important,
                text: format!("{} resigned", seats.name(*seat)),
            },
            Event::WarpPlayed { seat, card } => {
                self.source = Some((*card, *seat));
                LogLine {
                    seat: Some(seat.index()),
                    ..normal(format!(
                        "{} played the warp effect of {} (the card waits face up in the hand)",
                        seats.name(*seat),
                        card_name(state, *card)
                    ))
                }
            }
            Event::Gateway { seat, square, held } => LogLine {
                seat: Some(seat.index()),
                ..normal(match (square, held) {
                    (Some(sq), _) => {
                        format!("{}'s Gateway is now the piece on {sq}", seats.name(*seat))
                    }
                    (None, true) => format!(
                        "{}'s Gateway is held on a card (it is the Gateway again when it returns)",
                        seats.name(*seat)
                    ),
                    (None, false) => format!("{} lost its Gateway", seats.name(*seat)),
                })
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

impl ui::Narrator<GameState> for Narrator {
    fn prepare(&mut self, game: &mut GameState) {
        // Only the state on screen records events: bots' copies never pay for it.
        game.log_events = true;
        game.drain_events();
    }

    fn opening(&mut self, state: &GameState, seats: &Seats, seed: Option<u64>) -> Vec<LogLine> {
        let mode = match state.config.mode {
            Mode::HighForm => "High Form",
            Mode::Deathmatch => "Deathmatch",
        };
        let turn = u32::from(state.turn.number);
        let mut log = vec![LogLine {
            turn,
            seat: None,
            kind: LineKind::Important,
            text: match seed {
                Some(seed) => format!("{mode} for {} players (seed {seed})", state.players()),
                None => format!("{mode} for {} players", state.players()),
            },
        }];
        if matches!(state.decision().kind, DecisionKind::Action) {
            let seat = state.turn.seat;
            let n = state.turn.actions_left;
            log.push(LogLine {
                turn,
                seat: Some(seat.index()),
                kind: LineKind::Turn,
                text: format!(
                    "Turn {}: {} ({n} action{})",
                    state.turn.number,
                    seats.name(seat),
                    if n == 1 { "" } else { "s" }
                ),
            });
        }
        log
    }

    fn narrate(
        &mut self,
        before: &GameState,
        choice: &Choice,
        after: &mut GameState,
        seats: &Seats,
    ) -> Vec<LogLine> {
        self.begin(before, choice);
        let events = after.drain_events();
        self.recent = touched_squares(&events);
        self.remember(before, choice, after, seats, &events);
        let mut lines = Vec::new();
        let turn = u32::from(before.turn.number);
        let acting = before.decider();
        match (choice, before.decision().kind) {
            (Choice::HandOver, _) => lines.push(LogLine {
                turn,
                seat: Some(acting.index()),
                kind: LineKind::Normal,
                text: format!(
                    "{} handed the rest of the turn to {}",
                    seats.name(acting),
                    seats.name(before.teammate(acting))
                ),
            }),
            (
                Choice::Card(card),
                DecisionKind::Effect {
                    step: EffectStep::CopyWarp,
                    ..
                },
            ) => lines.push(LogLine {
                turn,
                seat: Some(acting.index()),
                kind: LineKind::Normal,
                text: format!(
                    "{} copies the warp effect of {}",
                    seats.name(acting),
                    card_name(before, *card)
                ),
            }),
            _ => {}
        }
        lines.extend(self.lines(after, seats, &events));
        lines
    }
}

impl Narrator {
    /// Keeps what this choice did for every other seat to see at its next decision, and forgets
    /// what the deciding seat has now seen.
    fn remember(
        &mut self,
        before: &GameState,
        choice: &Choice,
        after: &GameState,
        seats: &Seats,
        events: &[Event],
    ) {
        let acting = before.decider();
        let i = acting.index();
        if i < Seat::MAX {
            self.since[i] = Marks::default();
            self.recap[i].clear();
        }
        for seat in before.seat_ids().filter(|s| *s != acting) {
            let marks = &mut self.since[seat.index()];
            for e in events {
                marks.add(e);
            }
            let viewer = after.colour_of(seat);
            // The being of the effect running (summoned by an earlier choice of this action).
            let being = self
                .source
                .zip(self.being)
                .map(|((card, _), at)| (card, at));
            let told = recap_items(after, seats, acting, choice, events, viewer, being);
            for (text, moved) in told {
                self.recap[seat.index()].push(RecapItem {
                    seat: acting,
                    text,
                    moved,
                });
            }
        }
    }
}

/// A batch of events in the order people tell them. The engine reports what a thing did before
/// the thing itself (a landing's destruction before the summoning, a flare's point before the
/// flare, a move's victim before the move); the log and the recap both tell the summoning, then
/// the flare or thawed card, first, so that they tell one story.
pub(super) fn story_order(events: &[Event]) -> Vec<&Event> {
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
    ordered
}

/// One part of a batch's story: an event, or two events told as one.
pub(super) enum Told<'a> {
    /// A being summoned onto an occupied square, with the piece it replaced.
    SummonedOnto {
        seat: Seat,
        card: CardId,
        square: Square,
        under: Piece,
    },
    /// A piece moved onto an occupied square, with the piece it destroyed.
    MovedOnto {
        piece: Piece,
        from: Square,
        to: Square,
        victim: Piece,
    },
    One(&'a Event),
}

/// A batch of events as the log and the recap tell them: in [`story_order`], a summoning and
/// what it replaced, and a move and what it destroyed, each one part.
pub(super) fn story(events: &[Event]) -> Vec<Told<'_>> {
    let ordered = story_order(events);
    let mut out = Vec::new();
    let mut i = 0;
    while i < ordered.len() {
        let next = ordered.get(i + 1).copied();
        match (ordered[i], next) {
            (
                &Event::Summoned { seat, card, square },
                Some(
                    &Event::Destroyed { piece, square: at } | &Event::Removed { piece, square: at },
                ),
            ) if square == at => {
                out.push(Told::SummonedOnto {
                    seat,
                    card,
                    square,
                    under: piece,
                });
                i += 2;
            }
            (
                &Event::Destroyed {
                    piece: victim,
                    square,
                },
                Some(&Event::Moved { piece, from, to }),
            ) if square == to => {
                out.push(Told::MovedOnto {
                    piece,
                    from,
                    to,
                    victim,
                });
                i += 2;
            }
            (event, _) => {
                out.push(Told::One(event));
                i += 1;
            }
        }
    }
    out
}

/// Every square an event changed.
pub fn touched_squares(events: &[Event]) -> Bitboard {
    let mut bb = Bitboard::EMPTY;
    for e in events {
        match e {
            Event::Placed { square, .. }
            | Event::Summoned { square, .. }
            | Event::Destroyed { square, .. }
            | Event::Removed { square, .. }
            | Event::PickedUp { square, .. }
            | Event::Upgraded { square, .. }
            | Event::Downgraded { square, .. }
            | Event::Converted { square, .. } => bb.insert(*square),
            Event::Moved { from, to, .. } => {
                bb.insert(*from);
                bb.insert(*to);
            }
            _ => {}
        }
    }
    bb
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
