//! The log in words: each choice becomes a sentence such as "Red moved its large pyramid from the
//! 7 (1,1) to the 5 (0,1), killing Blue's large pyramid" or "Blue rolled HOP".
//!
//! An action made of several choices (a move step by step, a HOP and its attack, a DIG and its
//! place, discards and the draw or stop) is told in one sentence when it ends, also when it ends
//! by itself (the only step, the only hop): every move is told and marked. Discards are kept per
//! seat and turn, so those of one turn are never told with another's. The narrator also keeps,
//! for each seat, what its last turn touched, so the board can mark it.

use super::words::{
    a_level, attack_effect, card_name, cards_count, face_name, level_words, owned_pyramid,
    pyramid_list, riders, side_name, side_word, size_name, territory,
};
use crate::highground::card::Card;
use crate::highground::decision::Choice;
use crate::highground::pos::Pos;
use crate::highground::pyramid::PieceId;
use crate::highground::state::{HighGround, Pending, QUIET_ROUNDS};
use crate::shell::seats::Seats;
use crate::shell::tui::ui::{self, LineKind, LogLine};

/// What one seat's last turn did: where, and in a few words.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LastTurn {
    /// The turn it was (0: the setup).
    pub turn: u32,
    /// The territories it touched (where pyramids left and arrived, cards went, kills were).
    pub at: Vec<Pos>,
    /// Short words for the info panel ("moved L 1,1>0,1", "killed Blue's L").
    pub words: Vec<String>,
}

/// Turns choices into log lines, remembering the parts of an action in progress.
#[derive(Clone, Debug, Default)]
pub struct Narrator {
    /// A move under way: the pyramid and where it set out.
    moving: Option<(PieceId, Pos)>,
    /// A HOP waiting for its attack: the pyramid, from and to.
    hop: Option<(PieceId, Pos, Pos)>,
    /// Cards discarded in the action under way, and whose action it is (seat, turn): discards
    /// of another turn are never told with these.
    discarded: Vec<Card>,
    discarding: Option<(usize, u32)>,
    /// Per seat, its last turn.
    pub last: Vec<LastTurn>,
}

/// "Blue moved its large pyramid from A to B": how every step of a pyramid across the board is
/// told (`verb`: moved, hopped), so a move, a hop and a forced step read alike.
fn travelled(who: &str, verb: &str, p: PieceId, from: String, to: String) -> String {
    format!(
        "{who} {verb} its {} pyramid from {from} to {to}",
        size_name(p.size())
    )
}

impl Narrator {
    /// The last turn of `seat`, if it has had one.
    pub fn last_turn(&self, seat: usize) -> Option<&LastTurn> {
        self.last
            .get(seat)
            .filter(|t| !t.at.is_empty() || !t.words.is_empty())
    }

    /// Notes that `seat` acts in `turn`: a new turn forgets what its previous one did.
    fn acting(&mut self, seat: usize, turn: u32) -> &mut LastTurn {
        if self.last.len() <= seat {
            self.last.resize(seat + 1, LastTurn::default());
        }
        let t = &mut self.last[seat];
        if t.turn != turn {
            *t = LastTurn {
                turn,
                ..LastTurn::default()
            };
        }
        t
    }

    /// A HOP with a single destination is made by itself as the die is read: remembered for
    /// its attack when it landed among enemies (which tells it), or, when the turn ended there,
    /// marked and returned (the pyramid, from, to) to be told.
    fn forced_hop(
        &mut self,
        before: &HighGround,
        after: &HighGround,
        seat: usize,
        turn: u32,
    ) -> Option<(PieceId, Pos, Pos)> {
        let (p, from, to) = moved_alone(before, after, seat)?;
        if matches!(after.pending(), Pending::HopAttack(q) if *q == p) {
            self.mark(seat, turn, &[from, to], None);
            self.hop = Some((p, from, to));
            return None;
        }
        self.mark(
            seat,
            turn,
            &[from, to],
            Some(format!("hopped {} {from}>{to}", p.size().letter())),
        );
        Some((p, from, to))
    }

    /// The cards `seat` discarded in `turn`'s action, which is being told now (none from
    /// another turn or seat).
    fn take_discards(&mut self, seat: usize, turn: u32) -> Vec<Card> {
        let cards = std::mem::take(&mut self.discarded);
        match self.discarding.take() {
            Some(owner) if owner == (seat, turn) => cards,
            _ => Vec::new(),
        }
    }

    /// A finished move: marked on the board, and the sentence that tells it ("Blue moved its
    /// large pyramid from ... to ...").
    fn moved(
        &mut self,
        seat: usize,
        turn: u32,
        p: PieceId,
        [from, to]: [Pos; 2],
        after: &HighGround,
        seats: &Seats,
    ) -> String {
        self.mark(
            seat,
            turn,
            &[from, to],
            Some(format!("moved {} {from}>{to}", p.size().letter())),
        );
        travelled(
            seats.name(seat),
            "moved",
            p,
            territory(after, seats, from),
            territory(after, seats, to),
        )
    }

    /// A HOP of `p` to `to`, from `before` (where it stood) to `after`: marked, and told now
    /// unless it landed among enemies (then its attack or stay tells it).
    fn hopped(
        &mut self,
        before: &HighGround,
        after: &HighGround,
        seats: &Seats,
        p: PieceId,
        to: Pos,
    ) -> Option<String> {
        let (seat, turn) = (before.seat_to_move(), before.turn_number());
        let from = before.pyramids().pos_of(p)?;
        // Landed among enemies: its attack or stay says "hopped" (once).
        if matches!(after.pending(), Pending::HopAttack(q) if *q == p) {
            self.mark(seat, turn, &[from, to], None);
            self.hop = Some((p, from, to));
            return None;
        }
        self.mark(
            seat,
            turn,
            &[from, to],
            Some(format!("hopped {} {from}>{to}", p.size().letter())),
        );
        Some(travelled(
            seats.name(seat),
            "hopped",
            p,
            territory(after, seats, from),
            territory(after, seats, to),
        ))
    }

    /// A SWAP of `p` with `q`, marked, and the sentence that tells it.
    fn swapped(
        &mut self,
        before: &HighGround,
        after: &HighGround,
        seats: &Seats,
        p: PieceId,
        q: PieceId,
    ) -> Option<String> {
        let (seat, turn) = (before.seat_to_move(), before.turn_number());
        let (a, b) = (before.pyramids().pos_of(p)?, before.pyramids().pos_of(q)?);
        self.mark(
            seat,
            turn,
            &[a, b],
            Some(format!(
                "swapped {} with {}",
                p.size().letter(),
                short(seats, seat, q)
            )),
        );
        Some(format!(
            "{} swapped its {} pyramid on {} with {} on {}",
            seats.name(seat),
            size_name(p.size()),
            territory(after, seats, a),
            whose(seats, seat, q),
            territory(after, seats, b)
        ))
    }

    fn mark(&mut self, seat: usize, turn: u32, at: &[Pos], words: Option<String>) {
        let t = self.acting(seat, turn);
        for p in at {
            if !t.at.contains(p) {
                t.at.push(*p);
            }
        }
        t.words.extend(words);
    }
}

/// Pyramids killed by the step from `before` to `after`.
fn killed(before: &HighGround, after: &HighGround) -> Vec<PieceId> {
    after
        .removed()
        .iter()
        .filter(|p| !before.removed().contains(p))
        .copied()
        .collect()
}

/// The territories whose top card changed (or that are new), with their new top card.
fn cards_changed(before: &HighGround, after: &HighGround) -> Vec<(Pos, Card)> {
    after
        .board()
        .territories()
        .iter()
        .filter(|t| {
            before
                .board()
                .get(t.pos)
                .is_none_or(|b| b.top() != t.top() || b.depth() != t.depth())
        })
        .map(|t| (t.pos, t.top()))
        .collect()
}

/// The one pyramid of `seat` a choice moved by itself (a HOP with a single destination): it,
/// where it was and where it is.
fn moved_alone(
    before: &HighGround,
    after: &HighGround,
    seat: usize,
) -> Option<(PieceId, Pos, Pos)> {
    let mut moved = before.variant().pieces_of(seat as u8).filter_map(|p| {
        let (from, to) = (before.pyramids().pos_of(p)?, after.pyramids().pos_of(p)?);
        (from != to).then_some((p, from, to))
    });
    let first = moved.next();
    // Several at once is a move carrying riders, told by its own choice.
    if moved.next().is_some() { None } else { first }
}

/// "the Queen and the 5".
fn card_list(cards: &[Card]) -> String {
    let names: Vec<String> = cards
        .iter()
        .map(|c| format!("the {}", card_name(*c)))
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn line(turn: u32, seat: Option<usize>, kind: LineKind, text: String) -> LogLine {
    LogLine {
        turn,
        seat,
        kind,
        text,
    }
}

/// "its large pyramid" for the actor's own, "Red's large pyramid" for another's.
fn whose(seats: &Seats, actor: usize, p: PieceId) -> String {
    if p.seat() as usize == actor {
        format!("its {} pyramid", size_name(p.size()))
    } else {
        owned_pyramid(seats, p)
    }
}

/// "S", "M" or "L" with the owner's name when it is not the actor's.
fn short(seats: &Seats, actor: usize, p: PieceId) -> String {
    if p.seat() as usize == actor {
        p.size().letter().to_string()
    } else {
        format!("{}'s {}", seats.name(p.seat() as usize), p.size().letter())
    }
}

impl ui::Narrator<HighGround> for Narrator {
    fn opening(&mut self, game: &HighGround, _seats: &Seats, seed: Option<u64>) -> Vec<LogLine> {
        let variant = match game.variant() {
            crate::highground::Variant::Normal => "High Ground",
            crate::highground::Variant::Mini => "Mini-High Ground",
        };
        let seed = seed.map_or_else(String::new, |s| format!(" (seed {s})"));
        let mut out = vec![line(
            game.turn_number(),
            None,
            LineKind::Important,
            format!("{variant} for {} players{seed}", game.players()),
        )];
        if game.in_setup() {
            out.push(line(
                0,
                None,
                LineKind::Normal,
                "The first card lies in the centre; each seat in turn lays the next one".into(),
            ));
        }
        out
    }

    fn narrate(
        &mut self,
        before: &HighGround,
        choice: &Choice,
        after: &mut HighGround,
        seats: &Seats,
    ) -> Vec<LogLine> {
        let seat = before.seat_to_move();
        let turn = before.turn_number();
        let who = seats.name(seat).to_string();
        let terr = |g: &HighGround, p: Pos| territory(g, seats, p);
        let mut out: Vec<LogLine> = Vec::new();
        let mut say = |kind: LineKind, text: String| out.push(line(turn, Some(seat), kind, text));
        let kills = killed(before, after);
        let mut kills_told = false;
        // Where a pyramid is, before or after the choice.
        let was = |p: PieceId| before.pyramids().pos_of(p);
        let now = |p: PieceId| after.pyramids().pos_of(p);
        self.acting(seat, turn);
        match *choice {
            Choice::Lay(pos) => {
                let card = match before.pending() {
                    Pending::Lay(c) => *c,
                    _ => Card::ACE,
                };
                let mut text = format!("{who} laid the {} at {pos}", card_name(card));
                // The last card of the setup goes on the last place by itself.
                let forced: Vec<String> = cards_changed(before, after)
                    .into_iter()
                    .filter(|(p, c)| *p != pos && !c.is_king())
                    .map(|(p, c)| format!("the {} went to {p}", card_name(c)))
                    .collect();
                if !forced.is_empty() {
                    text.push_str(&format!("; {}", forced.join(", ")));
                }
                self.mark(seat, turn, &[pos], Some(format!("laid {}", card.name())));
                say(LineKind::Normal, text);
            }
            Choice::King(side) => {
                self.mark(
                    seat,
                    turn,
                    &[side.pos()],
                    Some(format!("King {}", side.name())),
                );
                say(
                    LineKind::Normal,
                    format!(
                        "{who} put its King on the {} {} ({})",
                        side_name(side),
                        side_word(side),
                        side.pos()
                    ),
                );
                if !after.in_setup() {
                    say(
                        LineKind::Normal,
                        "The Kings nobody plays fill the free sides; each seat's pyramids stand on its King, and hands are dealt".into(),
                    );
                }
            }
            Choice::Level(level) => {
                if let Pending::Level { at, .. } = before.pending() {
                    say(
                        LineKind::Normal,
                        format!("{who} made the Joker at {at} {}", a_level(level)),
                    );
                    self.mark(
                        seat,
                        turn,
                        &[*at],
                        Some(format!("Joker={}", level_words(level))),
                    );
                }
            }
            Choice::Move(p) => {
                if let Some(from) = was(p) {
                    self.moving = Some((p, from));
                }
                // Its only way was taken for it, and there it could only stop: the move ended
                // by itself, and is told now.
                let still = matches!(after.pending(), Pending::Moving { piece: q, .. } if *q == p)
                    && after.seat_to_move() == seat;
                if !still && let (Some((_, from)), Some(to)) = (self.moving.take(), now(p)) {
                    let told = self.moved(seat, turn, p, [from, to], after, seats);
                    say(LineKind::Normal, format!("{told} (its only way)"));
                }
            }
            Choice::Step(to) if matches!(before.pending(), Pending::Hopping(_)) => {
                if let Pending::Hopping(p) = before.pending()
                    && let Some(text) = self.hopped(before, after, seats, *p, to)
                {
                    say(LineKind::Normal, text);
                }
            }
            Choice::Step(to) => {
                let piece = self.moving.map(|(p, _)| p);
                self.mark(seat, turn, &[to], None);
                let still = matches!(after.pending(), Pending::Moving { piece: q, .. } if Some(*q) == piece)
                    && after.seat_to_move() == seat;
                if !still && let Some((p, from)) = self.moving.take() {
                    // Steps taken by themselves after this one end elsewhere.
                    let end = now(p).unwrap_or(to);
                    let told = self.moved(seat, turn, p, [from, end], after, seats);
                    say(LineKind::Normal, told);
                }
            }
            Choice::Stop => match before.pending() {
                Pending::Moving { piece, .. } => {
                    if let (Some((p, from)), Some(to)) = (self.moving.take(), was(*piece)) {
                        let told = self.moved(seat, turn, p, [from, to], after, seats);
                        say(LineKind::Normal, told);
                    }
                }
                Pending::HopAttack(_) => {
                    if let Some((p, from, to)) = self.hop.take() {
                        self.mark(
                            seat,
                            turn,
                            &[],
                            Some(format!("hopped {} {from}>{to}", p.size().letter())),
                        );
                        say(
                            LineKind::Normal,
                            travelled(&who, "hopped", p, terr(after, from), terr(after, to)),
                        );
                    }
                }
                Pending::Discarding => {
                    let cards = self.take_discards(seat, turn);
                    say(
                        LineKind::Normal,
                        format!("{who} discarded {} and drew nothing", card_list(&cards)),
                    );
                }
                _ => {}
            },
            Choice::Attack(v) => {
                let attacker = match before.pending() {
                    Pending::Moving { piece, .. } | Pending::HopAttack(piece) => Some(*piece),
                    _ => None,
                };
                let at = was(v);
                let effect = match attacker {
                    Some(a) => match attack_effect(a, v) {
                        "kills it" => format!("killing {}", owned_pyramid(seats, v)),
                        "traps it" => format!("trapping {}", owned_pyramid(seats, v)),
                        _ => format!("hobbling {}", owned_pyramid(seats, v)),
                    },
                    None => format!("attacking {}", owned_pyramid(seats, v)),
                };
                // An attack on a hobbled pyramid tips what sat on it off first: told too.
                let tipped = riders(before, v);
                let effect = if tipped.is_empty() {
                    effect
                } else {
                    format!(
                        "{effect} (after tipping {} off it)",
                        pyramid_list(seats, &tipped)
                    )
                };
                kills_told = true;
                // Where the attacker came from, marked with the rest of the turn.
                let mut origin = None;
                let how = match (before.pending(), attacker) {
                    (Pending::HopAttack(_), Some(a)) => match self.hop.take() {
                        Some((_, from, to)) => {
                            origin = Some(from);
                            self.mark(
                                seat,
                                turn,
                                &[],
                                Some(format!("hopped {} {from}>{to}", a.size().letter())),
                            );
                            format!(
                                "{}, {effect}",
                                travelled(&who, "hopped", a, terr(after, from), terr(after, to))
                            )
                        }
                        None => {
                            format!("{who}'s {} pyramid attacked, {effect}", size_name(a.size()))
                        }
                    },
                    (_, Some(a)) => match self.moving.take() {
                        Some((_, from)) if Some(from) != at => {
                            origin = Some(from);
                            if let Some(to) = at {
                                self.mark(
                                    seat,
                                    turn,
                                    &[],
                                    Some(format!("moved {} {from}>{to}", a.size().letter())),
                                );
                            }
                            format!(
                                "{}, {effect}",
                                travelled(
                                    &who,
                                    "moved",
                                    a,
                                    terr(after, from),
                                    at.map_or_else(String::new, |p| terr(after, p))
                                )
                            )
                        }
                        _ => format!(
                            "{who}'s {} pyramid attacked on {}, {effect}",
                            size_name(a.size()),
                            at.map_or_else(String::new, |p| terr(after, p))
                        ),
                    },
                    _ => format!("{who} attacked, {effect}"),
                };
                let mut marks: Vec<Pos> = origin.into_iter().chain(at).collect();
                marks.extend(attacker.and_then(now).filter(|p| !marks.contains(p)));
                self.mark(
                    seat,
                    turn,
                    &marks,
                    Some(format!(
                        "{} {}",
                        attacker.map_or("attacked", |a| match attack_effect(a, v) {
                            "kills it" => "killed",
                            "traps it" => "trapped",
                            _ => "hobbled",
                        }),
                        short(seats, seat, v)
                    )),
                );
                say(
                    if kills.is_empty() {
                        LineKind::Normal
                    } else {
                        LineKind::Score
                    },
                    how,
                );
            }
            Choice::Play(card, pos) => {
                let was_blank = !before.board().has(pos);
                let onto = if was_blank {
                    format!("into the blank space ({pos})")
                } else {
                    format!("on {}", terr(before, pos))
                };
                self.mark(seat, turn, &[pos], Some(format!("played {}", card.name())));
                say(
                    LineKind::Normal,
                    format!("{who} played the {} {onto}", card_name(card)),
                );
            }
            Choice::Discard(card) => {
                if self.discarding != Some((seat, turn)) {
                    self.discarded.clear();
                    self.discarding = Some((seat, turn));
                }
                self.discarded.push(card);
                self.mark(seat, turn, &[], Some(format!("discarded {}", card.name())));
                // The action ended by itself with this discard (nothing left to decide): told now.
                if after.seat_to_move() != seat || after.turn_number() != turn {
                    let drawn =
                        (after.hand(seat).len() + 1).saturating_sub(before.hand(seat).len());
                    let cards = self.take_discards(seat, turn);
                    let drew = match drawn {
                        0 => "drew nothing".to_string(),
                        n => format!("drew {}", cards_count(n)),
                    };
                    if drawn > 0 {
                        self.mark(seat, turn, &[], Some(format!("drew {drawn}")));
                    }
                    say(
                        LineKind::Normal,
                        format!("{who} discarded {} and {drew}", card_list(&cards)),
                    );
                }
            }
            Choice::Draw => {
                let drawn = after
                    .hand(seat)
                    .len()
                    .saturating_sub(before.hand(seat).len());
                let cards = cards_count(drawn);
                let discarded = self.take_discards(seat, turn);
                let text = if discarded.is_empty() {
                    format!("{who} drew {cards}")
                } else {
                    format!("{who} discarded {} and drew {cards}", card_list(&discarded))
                };
                self.mark(seat, turn, &[], Some(format!("drew {drawn}")));
                say(LineKind::Normal, text);
            }
            Choice::Roll => {
                let face = after.die_face();
                let name = face.map_or("?", face_name);
                let hopped = self.forced_hop(before, after, seat, turn);
                let useless = hopped.is_none()
                    && !matches!(
                        after.pending(),
                        Pending::Die(_)
                            | Pending::Dug(_)
                            | Pending::Hopping(_)
                            | Pending::Swapping(_)
                            | Pending::HopAttack(_)
                    )
                    && after.turn_number() != turn;
                self.mark(seat, turn, &[], Some(format!("rolled {name}")));
                say(
                    LineKind::Normal,
                    if useless {
                        format!("{who} rolled {name}, which has no use now")
                    } else {
                        format!("{who} rolled {name}")
                    },
                );
                if let Some((p, from, to)) = hopped {
                    say(
                        LineKind::Normal,
                        format!(
                            "{} (its only hop)",
                            travelled(&who, "hopped", p, terr(after, from), terr(after, to))
                        ),
                    );
                }
            }
            Choice::Face(face) => {
                say(
                    LineKind::Normal,
                    format!("{who} uses the WILD as {}", face_name(face)),
                );
                if let Some((p, from, to)) = self.forced_hop(before, after, seat, turn) {
                    say(
                        LineKind::Normal,
                        format!(
                            "{} (its only hop)",
                            travelled(&who, "hopped", p, terr(after, from), terr(after, to))
                        ),
                    );
                }
            }
            Choice::Pass => {
                if let Pending::Die(face) = before.pending() {
                    say(
                        LineKind::Normal,
                        format!("{who} left the {} unused", face_name(*face)),
                    );
                }
            }
            Choice::Hop(p) => {
                // Picked; where it goes is told with the step, unless that was its only way.
                if !matches!(after.pending(), Pending::Hopping(q) if *q == p)
                    && let Some((p, from, to)) = self.forced_hop(before, after, seat, turn)
                {
                    say(
                        LineKind::Normal,
                        format!(
                            "{} (its only hop)",
                            travelled(&who, "hopped", p, terr(after, from), terr(after, to))
                        ),
                    );
                }
            }
            Choice::OldHop(p, to) => {
                if let Some(text) = self.hopped(before, after, seats, p, to) {
                    say(LineKind::Normal, text);
                }
            }
            Choice::Swap(p) => {
                // Picked; the trade is told with its partner, unless that was its only one.
                let partners = before.swap_partners(p);
                if let [q] = partners[..]
                    && !matches!(after.pending(), Pending::Swapping(_))
                    && let Some(text) = self.swapped(before, after, seats, p, q)
                {
                    say(LineKind::Normal, format!("{text} (its only swap)"));
                }
            }
            Choice::With(q) => {
                if let Pending::Swapping(p) = before.pending()
                    && let Some(text) = self.swapped(before, after, seats, *p, q)
                {
                    say(LineKind::Normal, text);
                }
            }
            Choice::OldSwap(p, q) => {
                if let Some(text) = self.swapped(before, after, seats, p, q) {
                    say(LineKind::Normal, text);
                }
            }
            Choice::Tip(p) => {
                if let Some(at) = was(p) {
                    self.mark(
                        seat,
                        turn,
                        &[at],
                        Some(format!("tipped off {}", p.size().letter())),
                    );
                    say(
                        LineKind::Normal,
                        format!(
                            "{who} tipped everything off its {} pyramid on {}",
                            size_name(p.size()),
                            terr(after, at)
                        ),
                    );
                }
            }
            Choice::Aim(p) => {
                if let (Some(at), Some(v)) = (was(p), before.pyramids().below(p)) {
                    kills_told = true;
                    self.mark(
                        seat,
                        turn,
                        &[at],
                        Some(format!("aimed: killed {}", short(seats, seat, v))),
                    );
                    say(
                        LineKind::Score,
                        format!(
                            "{who}'s {} pyramid aimed at {} under it on {} and killed it",
                            size_name(p.size()),
                            owned_pyramid(seats, v),
                            terr(after, at)
                        ),
                    );
                }
            }
            Choice::Dig => {
                // The dug card is public: it is played at once (by itself when it has one place).
                match after.pending() {
                    Pending::Dug(card) => {
                        self.mark(seat, turn, &[], Some(format!("dug {}", card.name())));
                        say(
                            LineKind::Normal,
                            format!("{who} dug the {}", card_name(*card)),
                        );
                    }
                    _ => {
                        for (pos, card) in cards_changed(before, after) {
                            self.mark(seat, turn, &[pos], Some(format!("dug {}", card.name())));
                            say(
                                LineKind::Normal,
                                format!("{who} dug the {} and played it at {pos}", card_name(card)),
                            );
                        }
                    }
                }
            }
            Choice::Place(pos) => {
                let card = match before.pending() {
                    Pending::Dug(c) => *c,
                    _ => Card::ACE,
                };
                let onto = if before.board().has(pos) {
                    format!("on {}", terr(before, pos))
                } else {
                    format!("into the blank space ({pos})")
                };
                self.mark(seat, turn, &[pos], Some(format!("played {}", card.name())));
                say(
                    LineKind::Normal,
                    format!("{who} played the dug {} {onto}", card_name(card)),
                );
            }
        }
        if !kills.is_empty() && !kills_told {
            let names: Vec<String> = kills.iter().map(|p| owned_pyramid(seats, *p)).collect();
            out.push(line(
                turn,
                Some(seat),
                LineKind::Score,
                format!("{} killed", names.join(" and ")),
            ));
        }
        if let Some(o) = after.outcome()
            && !before.is_over()
        {
            let winner = match o {
                crate::highground::Outcome::Won { seat, .. } => Some(seat as usize),
                crate::highground::Outcome::Drawn => None,
            };
            out.push(line(
                after.turn_number(),
                winner,
                LineKind::Important,
                super::words::outcome(seats, o),
            ));
        } else if after.turn_number() != turn && !after.in_setup() {
            let next = after.seat_to_move();
            out.push(line(
                after.turn_number(),
                Some(next),
                LineKind::Turn,
                format!("Turn {}: {}", after.turn_number(), seats.name(next)),
            ));
            // A warning a few rounds before the game is drawn for want of a kill.
            let left = after.quiet_limit().saturating_sub(after.quiet_turns());
            let seats_in = after.quiet_limit() / QUIET_ROUNDS.max(1);
            if seats_in > 0 && left == 5 * seats_in {
                out.push(line(
                    after.turn_number(),
                    None,
                    LineKind::Important,
                    "Five rounds without a kill left before the game is drawn".into(),
                ));
            }
        }
        out
    }
}
