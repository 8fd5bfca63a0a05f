//! What the other seats did since a seat's last decision, for that seat: the squares they
//! changed ([`Marks`], drawn on the board until the seat acts) and a short recap in words
//! ("Red placed d3; summoned Knight on e5, destroying your common piece on e4"). The narrator
//! (`narrate.rs`) collects them as events come.

use super::narrate::{Told, card_name, piece_words, story};
use crate::shell::seats::Seats;
use crate::shell::tui::theme::colour_name;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Colour, Piece};
use crate::tashkalar::engine::state::Event;
use crate::tashkalar::engine::{CardId, Choice, GameState, Seat, Square};

/// Squares other seats changed since a seat's last decision, by what happened to them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// A piece arrived: placed, summoned, moved or leapt there.
    pub arrived: Bitboard,
    /// The piece there was destroyed (or removed from the game).
    pub destroyed: Bitboard,
    /// A piece left: moved away, taken back, or taken onto a card.
    pub left: Bitboard,
    /// The piece there changed: converted, upgraded or downgraded.
    pub changed: Bitboard,
}

impl Marks {
    /// Every marked square.
    pub fn all(&self) -> Bitboard {
        self.arrived | self.destroyed | self.left | self.changed
    }

    /// Whether nothing is marked.
    pub fn is_empty(&self) -> bool {
        !self.all().any()
    }

    pub(super) fn add(&mut self, event: &Event) {
        match *event {
            Event::Placed { square, .. } | Event::Summoned { square, .. } => {
                self.arrived.insert(square)
            }
            Event::Destroyed { square, .. } | Event::Removed { square, .. } => {
                self.destroyed.insert(square)
            }
            Event::PickedUp { square, .. } => self.left.insert(square),
            Event::Moved { from, to, .. } => {
                self.left.insert(from);
                self.arrived.insert(to);
            }
            Event::Upgraded { square, .. }
            | Event::Downgraded { square, .. }
            | Event::Converted { square, .. } => self.changed.insert(square),
            _ => {}
        }
    }
}

/// One thing another seat did, told to one seat ("summoned Knight on e5").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecapItem {
    /// Who did it.
    pub seat: Seat,
    pub text: String,
    /// For a plain move of one piece, so that the next moves of the same piece join it ("from
    /// c1 to e4 in 3 moves").
    pub moved: Option<PieceMove>,
}

/// One piece moved from a square to another, the piece in the viewer's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceMove {
    pub what: String,
    pub from: Square,
    pub to: Square,
}

/// At most this many parts of one seat's sentence; the rest is counted ("and 5 more: see the
/// log"), so that a long effect does not fill the decision panel.
const RECAP_PARTS: usize = 6;

/// What the other seats did since a seat's last decision, as one sentence per seat that acted
/// ("Red placed d3; summoned Knight on e5, destroying your common piece on e4"). Moves that
/// carry one piece on join into one part.
pub fn recap_text(items: &[RecapItem], seats: &Seats) -> Vec<String> {
    /// A part of a sentence; a move chain keeps its piece, start, end and length.
    struct Part {
        text: String,
        chain: Option<(String, Square, Square, u32)>,
    }
    let mut out: Vec<(Seat, Vec<Part>)> = Vec::new();
    for item in items {
        if out.last().is_none_or(|(seat, _)| *seat != item.seat) {
            out.push((item.seat, Vec::new()));
        }
        let Some((_, parts)) = out.last_mut() else {
            continue;
        };
        if let (Some(PieceMove { what, from, to }), Some(last)) = (&item.moved, parts.last_mut())
            && let Some((chain_what, start, end, steps)) = &mut last.chain
            && chain_what == what
            && end == from
        {
            *end = *to;
            *steps += 1;
            last.text = if start == end {
                format!("moved {what} around {start} and back in {steps} moves")
            } else {
                format!("moved {what} from {start} to {end} in {steps} moves")
            };
            continue;
        }
        parts.push(Part {
            text: item.text.clone(),
            chain: item.moved.clone().map(|m| (m.what, m.from, m.to, 1)),
        });
    }
    out.into_iter()
        .map(|(seat, parts)| {
            let mut words: Vec<String> = parts
                .iter()
                .take(RECAP_PARTS)
                .map(|p| p.text.clone())
                .collect();
            if parts.len() > RECAP_PARTS {
                words.push(format!(
                    "and {} more (see the log)",
                    parts.len() - RECAP_PARTS
                ));
            }
            format!("{} {}", seats.name(seat), words.join("; "))
        })
        .collect()
}

/// The recap items one batch of events makes, told to a seat of colour `viewer`: "your" for
/// its own pieces. They tell the log's story (the same order, the same merges: a summoning with
/// what it replaced, a move with what it destroyed) in fewer words, the acting seat's name said
/// once per sentence by [`recap_text`].
pub(super) fn recap_items(
    state: &GameState,
    seats: &Seats,
    acting: Seat,
    choice: &Choice,
    events: &[Event],
    viewer: Colour,
    mut being: Option<(CardId, Square)>,
) -> Vec<(String, Option<PieceMove>)> {
    let whose = |p: Piece| {
        if p.colour == viewer {
            format!("your {} piece", p.rank)
        } else {
            piece_words(p)
        }
    };
    let name = |c: CardId| card_name(state, c);
    let own = state.colour_of(acting);
    let mut out: Vec<(String, Option<PieceMove>)> = Vec::new();
    let mut setup = false;
    // `being`: the being of the running effect and where it stands (this batch may summon it):
    // its own moves are told by its name (the log's "Knight (Red) moved"), other pieces by whose
    // they are.
    // The engine puts a being's piece down before it says `Summoned`: that placing is the
    // summoning, not a part of its own.
    let summoned: Vec<Square> = events
        .iter()
        .filter_map(|e| match e {
            Event::Summoned { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    if *choice == Choice::HandOver {
        out.push((
            format!(
                "handed the rest of the turn to {}",
                seats.name(state.teammate(acting))
            ),
            None,
        ));
    }
    for told in story(events) {
        let event = match told {
            // A summoning onto an occupied square: one part, with what it replaced.
            Told::SummonedOnto {
                card,
                square,
                under,
                ..
            } => {
                being = Some((card, square));
                let under = if under.colour == own {
                    format!("replacing its own {} piece", under.rank)
                } else {
                    format!("destroying {}", whose(under))
                };
                out.push((
                    format!("{}, {under}", summoned_words(state, card, square)),
                    None,
                ));
                continue;
            }
            // A move onto an occupied square: one part, with what it destroyed.
            Told::MovedOnto {
                piece,
                from,
                to,
                victim,
            } => {
                let what = mover_words(&mut being, piece, from, to, &name, &whose);
                out.push((
                    format!(
                        "moved {what} from {from} to {to}, destroying {}",
                        whose(victim)
                    ),
                    None,
                ));
                continue;
            }
            Told::One(event) => event,
        };
        match *event {
            Event::Placed { piece, square, .. } => {
                if summoned.contains(&square) {
                    continue;
                }
                if matches!(choice, Choice::StartSquare(_)) {
                    setup = true;
                    if piece.colour == viewer {
                        // The viewer's own start piece is on the board and in the log; told
                        // after "Red ..." it would read as if Red had put it there.
                        continue;
                    }
                    let whose = if piece.colour == own {
                        "its".to_string()
                    } else {
                        format!("{}'s", colour_name(piece.colour))
                    };
                    out.push((format!("put {whose} start piece on {square}"), None));
                } else if matches!(choice, Choice::Place(_)) {
                    out.push((format!("placed {square}"), None));
                } else if piece.colour == own {
                    out.push((format!("placed a {} piece on {square}", piece.rank), None));
                } else {
                    out.push((format!("placed {} on {square}", whose(piece)), None));
                }
            }
            Event::Summoned { card, square, .. } => {
                being = Some((card, square));
                out.push((summoned_words(state, card, square), None));
            }
            Event::Destroyed { piece, square } => {
                out.push((format!("destroyed {} on {square}", whose(piece)), None))
            }
            Event::Removed { piece, square } => out.push((
                format!("removed {} on {square} from the game", whose(piece)),
                None,
            )),
            Event::Moved { piece, from, to } => {
                let what = mover_words(&mut being, piece, from, to, &name, &whose);
                let text = format!("moved {what} from {from} to {to}");
                out.push((text, Some(PieceMove { what, from, to })));
            }
            Event::Converted { from, to, square } => out.push((
                format!("converted {} on {square} into {}", whose(from), whose(to)),
                None,
            )),
            Event::Upgraded { piece, square } => out.push((
                format!("upgraded the piece on {square}: now {}", whose(piece)),
                None,
            )),
            Event::Downgraded { piece, square } => out.push((
                format!("downgraded the piece on {square}: now {}", whose(piece)),
                None,
            )),
            Event::Discarded { card, .. } => out.push((format!("discarded {}", name(card)), None)),
            Event::FlarePlayed { card, .. } => {
                out.push((format!("played the flare {}", name(card)), None))
            }
            Event::Thawed { card, .. } => out.push((format!("thawed {}", name(card)), None)),
            Event::WarpPlayed { card, .. } => {
                out.push((format!("played the warp effect of {}", name(card)), None))
            }
            Event::Scored {
                seat, points, why, ..
            } if seat == acting => out.push((
                format!(
                    "scored {points} point{} ({why})",
                    if points == 1 { "" } else { "s" }
                ),
                None,
            )),
            Event::TaskClaimed { task, .. } => {
                if let Some(t) = state.db.tasks.get(task.0 as usize) {
                    out.push((format!("claimed {} (+{})", t.name, t.points), None));
                }
            }
            Event::Gateway { seat, square, held } if seat == acting => out.push((
                match (square, held) {
                    (Some(sq), _) => format!("made the piece on {sq} its Gateway"),
                    (None, true) => "has its Gateway held on a card".to_string(),
                    (None, false) => "lost its Gateway".to_string(),
                },
                None,
            )),
            Event::EndTriggered { .. } => out.push(("triggered the end of the game".into(), None)),
            Event::Resigned { .. } => out.push(("resigned".into(), None)),
            _ => {}
        }
    }
    if setup {
        // Start squares are their own story ("Red started on c5").
        out.retain(|(t, _)| t.starts_with("put "));
    }
    out
}

/// "summoned the legend Dragon on e5", as the log says it.
fn summoned_words(state: &GameState, card: CardId, square: Square) -> String {
    let legend = if state.db.card(card).is_legend() {
        "the legend "
    } else {
        ""
    };
    format!("summoned {legend}{} on {square}", card_name(state, card))
}

/// The words for a moving piece: the being summoned in this batch by its name (and it is
/// followed to its new square), any other piece by whose it is.
fn mover_words(
    being: &mut Option<(CardId, Square)>,
    piece: Piece,
    from: Square,
    to: Square,
    name: &dyn Fn(CardId) -> String,
    whose: &dyn Fn(Piece) -> String,
) -> String {
    match being {
        Some((card, at)) if *at == from => {
            *at = to;
            name(*card)
        }
        _ => whose(piece),
    }
}
