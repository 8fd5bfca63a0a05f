//! What the other seats did since a seat's last decision, for that seat: the squares they
//! changed ([`Marks`], drawn on the board until the seat acts) and a short recap in words
//! ("Red placed d3; summoned Knight on e5, destroying your common piece on e4"). The narrator
//! (`narrate.rs`) collects them as events come.

use super::narrate::{card_name, piece_words};
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
/// its own pieces.
pub(super) fn recap_items(
    state: &GameState,
    seats: &Seats,
    acting: Seat,
    choice: &Choice,
    events: &[Event],
    viewer: Colour,
) -> Vec<(String, Option<PieceMove>)> {
    let whose = |p: Piece| {
        if p.colour == viewer {
            format!("your {} piece", p.rank)
        } else {
            piece_words(p)
        }
    };
    let name = |c: CardId| card_name(state, c);
    let mut out: Vec<String> = Vec::new();
    let mut landed: Option<Square> = None;
    let mut moved_to: Option<Square> = None;
    let mut setup = false;
    // The engine clears a being's square and puts its piece down before it says `Summoned`:
    // those are told with the summon ("summoned Knight on e5, destroying your common piece").
    let summoned: Vec<Square> = events
        .iter()
        .filter_map(|e| match e {
            Event::Summoned { square, .. } => Some(*square),
            _ => None,
        })
        .collect();
    let mut under: Vec<String> = Vec::new();
    // Which parts are plain moves (by index into `out`), so that a chain of them can join.
    let mut moves: Vec<(usize, PieceMove)> = Vec::new();
    if *choice == Choice::HandOver {
        out.push(format!(
            "handed the rest of the turn to {}",
            seats.name(state.teammate(acting))
        ));
    }
    for e in events {
        match *e {
            Event::Placed { piece, square, .. } => {
                if landed == Some(square) || summoned.contains(&square) {
                    continue;
                }
                if matches!(choice, Choice::StartSquare(_)) {
                    setup = true;
                    if piece.colour == viewer {
                        // The viewer's own start piece is on the board and in the log; told
                        // after "Red ..." it would read as if Red had put it there.
                        continue;
                    }
                    let whose = if piece.colour == state.colour_of(acting) {
                        "its".to_string()
                    } else {
                        format!("{}'s", colour_name(piece.colour))
                    };
                    out.push(format!("put {whose} start piece on {square}"));
                } else if matches!(choice, Choice::Place(_)) {
                    out.push(format!("placed {square}"));
                } else if piece.colour == state.colour_of(acting) {
                    out.push(format!("placed a {} piece on {square}", piece.rank));
                } else {
                    out.push(format!("placed {} on {square}", whose(piece)));
                }
            }
            Event::Summoned { card, square, .. } => {
                landed = Some(square);
                let mut text = format!("summoned {} on {square}", name(card));
                for what in under.drain(..) {
                    text.push_str(&format!(", {what}"));
                }
                out.push(text);
            }
            Event::Destroyed { piece, square } | Event::Removed { piece, square } => {
                let how = if matches!(e, Event::Removed { .. }) {
                    "removing"
                } else {
                    "destroying"
                };
                if summoned.contains(&square) && landed != Some(square) {
                    // As the log says it: a summoner's own piece under its being is replaced.
                    if piece.colour == state.colour_of(acting) {
                        under.push(format!("replacing its own {} piece", piece.rank));
                    } else {
                        under.push(format!("{how} {}", whose(piece)));
                    }
                    continue;
                }
                let last_index = out.len().wrapping_sub(1);
                match out.last_mut() {
                    Some(last) if landed == Some(square) || moved_to == Some(square) => {
                        last.push_str(&format!(", {how} {}", whose(piece)));
                        // A move that destroyed is a story of its own, not part of a chain.
                        moves.retain(|(i, _)| *i != last_index);
                    }
                    _ => out.push(format!(
                        "{} {} on {square}",
                        if how == "removing" {
                            "removed"
                        } else {
                            "destroyed"
                        },
                        whose(piece)
                    )),
                }
            }
            Event::Moved { piece, from, to } => {
                moved_to = Some(to);
                moves.push((
                    out.len(),
                    PieceMove {
                        what: whose(piece),
                        from,
                        to,
                    },
                ));
                out.push(format!("moved {} from {from} to {to}", whose(piece)));
            }
            Event::Converted { from, square, .. } => {
                out.push(format!("converted {} on {square}", whose(from)))
            }
            Event::Upgraded { square, .. } => out.push(format!("upgraded the piece on {square}")),
            Event::Downgraded { square, .. } => {
                out.push(format!("downgraded the piece on {square}"))
            }
            Event::Discarded { card, .. } => out.push(format!("discarded {}", name(card))),
            Event::FlarePlayed { card, .. } => out.push(format!("played the flare {}", name(card))),
            Event::Thawed { card, .. } => out.push(format!("thawed {}", name(card))),
            Event::WarpPlayed { card, .. } => {
                out.push(format!("played the warp effect of {}", name(card)))
            }
            Event::Scored { seat, points, .. } if seat == acting => out.push(format!(
                "scored {points} point{}",
                if points == 1 { "" } else { "s" }
            )),
            Event::TaskClaimed { task, .. } => {
                if let Some(t) = state.db.tasks.get(task.0 as usize) {
                    out.push(format!("claimed {} (+{})", t.name, t.points));
                }
            }
            Event::Gateway { seat, square, held } if seat == acting => {
                out.push(match (square, held) {
                    (Some(sq), _) => format!("made the piece on {sq} its Gateway"),
                    (None, true) => "has its Gateway held on a card".to_string(),
                    (None, false) => "lost its Gateway".to_string(),
                })
            }
            Event::EndTriggered { .. } => out.push("triggered the end of the game".into()),
            Event::Resigned { .. } => out.push("resigned".into()),
            _ => {}
        }
    }
    if setup {
        // Start squares are their own story ("Red started on c5").
        out.retain(|t| t.starts_with("put "));
        return out.into_iter().map(|t| (t, None)).collect();
    }
    out.into_iter()
        .enumerate()
        .map(|(i, t)| {
            let chain = moves.iter().find(|(j, _)| *j == i).map(|(_, m)| m.clone());
            (t, chain)
        })
        .collect()
}
