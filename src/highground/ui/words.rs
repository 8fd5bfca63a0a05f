//! Plain words for High Ground: cards, territories, pyramids, the pending decision and each
//! choice. The log (`narrate`), the prompt, the options and the popups all speak this way, so a
//! player reads "the 7 (1,1)" and "Red's large pyramid" everywhere.

use crate::highground::card::Card;
use crate::highground::decision::Choice;
use crate::highground::die::Face;
use crate::highground::pos::{Pos, Side};
use crate::highground::pyramid::{PieceId, Size, Status};
use crate::highground::state::{HighGround, Outcome, Pending, Victory};
use crate::shell::seats::Seats;

/// A card's name in prose: "Ace", "7", "Jack", "Queen", "King", "Joker".
pub fn card_name(card: Card) -> &'static str {
    match card.level() {
        Some(1) => "Ace",
        Some(11) => "Jack",
        Some(12) => "Queen",
        Some(13) => "King",
        None => "Joker",
        Some(_) => card.name(),
    }
}

/// A level in prose ("9", "Jack").
pub fn level_words(level: u8) -> &'static str {
    Card::of_level(level).map_or("?", card_name)
}

/// A level with its article, as said aloud: "an Ace", "an 8", "a 9", "a Queen".
pub fn a_level(level: u8) -> String {
    let words = level_words(level);
    let article = if matches!(level, 1 | 8) { "an" } else { "a" };
    format!("{article} {words}")
}

/// "1 card", "3 cards".
pub fn cards_count(n: usize) -> String {
    format!("{n} card{}", if n == 1 { "" } else { "s" })
}

/// What a King's place is called: a side of the square, or in Mini a corner.
pub fn side_word(side: Side) -> &'static str {
    if Side::CORNERS.contains(&side) {
        "corner"
    } else {
        "side"
    }
}

/// What the Kings' places are called in `g`'s variant.
fn sides_word(g: &HighGround) -> &'static str {
    match g.variant() {
        crate::highground::Variant::Normal => "side",
        crate::highground::Variant::Mini => "corner",
    }
}

/// A card's short label on the board: `A`, `2` ... `10`, `J`, `Q`, `K`, and `*` for a Joker.
pub fn card_short(card: Card) -> &'static str {
    if card.is_joker() { "*" } else { card.name() }
}

/// A pyramid's size in prose.
pub fn size_name(size: Size) -> &'static str {
    match size {
        Size::Small => "small",
        Size::Medium => "medium",
        Size::Large => "large",
    }
}

/// A die face as the die reads: `HOP`, `SWAP`, `TIP`, `AIM`, `DIG`, `WILD`.
pub fn face_name(face: Face) -> &'static str {
    match face {
        Face::Hop => "HOP",
        Face::Swap => "SWAP",
        Face::Tip => "TIP",
        Face::Aim => "AIM",
        Face::Dig => "DIG",
        Face::Wild => "WILD",
    }
}

/// What a face lets the roller do, in a few words.
pub fn face_help(face: Face) -> &'static str {
    match face {
        Face::Hop => "move a free pyramid to any neighbouring territory, even a higher one",
        Face::Swap => "a pyramid of yours trades places with one on a neighbouring territory",
        Face::Tip => "tip everything off one of your hobbled pyramids",
        Face::Aim => "a pyramid of yours kills the pyramid right under it",
        Face::Dig => "draw a card and play it at once",
        Face::Wild => "use the die as any other face",
    }
}

/// A King's side in prose.
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::North => "north",
        Side::East => "east",
        Side::South => "south",
        Side::West => "west",
        Side::NorthEast => "north-east",
        Side::SouthEast => "south-east",
        Side::SouthWest => "south-west",
        Side::NorthWest => "north-west",
    }
}

/// A status in prose.
pub fn status_name(status: Status) -> &'static str {
    match status {
        Status::Free => "free",
        Status::Hobbled => "hobbled",
        Status::Trapped => "trapped",
    }
}

/// The territory (or empty place) at `pos`: "the 7 (1,1)", "Red's King (0,2)", "the spare King
/// (2,0)", "the Joker as 9 (1,0)", "the blank space (2,1)".
pub fn territory(g: &HighGround, seats: &Seats, pos: Pos) -> String {
    let Some(t) = g.board().get(pos) else {
        return if g.board().blank_spaces().contains(&pos) {
            format!("the blank space ({pos})")
        } else {
            format!("the empty place ({pos})")
        };
    };
    let top = t.top();
    if top.is_king() {
        return match t.owner {
            Some(o) => format!("{}'s King ({pos})", seats.name(o as usize)),
            None => format!("the spare King ({pos})"),
        };
    }
    if top.is_joker() {
        return match t.joker {
            0 => format!("the Joker ({pos})"),
            l => format!("the Joker as {} ({pos})", level_words(l)),
        };
    }
    format!("the {} ({pos})", card_name(top))
}

/// A pyramid as `seat` speaks of it: "the large pyramid" for its own, "Red's large pyramid".
pub fn pyramid(seats: &Seats, seat: usize, p: PieceId) -> String {
    if p.seat() as usize == seat {
        format!("the {} pyramid", size_name(p.size()))
    } else {
        format!(
            "{}'s {} pyramid",
            seats.name(p.seat() as usize),
            size_name(p.size())
        )
    }
}

/// [`pyramid`], told apart from another of the same seat and size on the same territory by
/// what it stands on ("the small pyramid (on the large one)", "... (standing alone)"), and by its
/// notation when even that is the same: two choices never read alike.
pub fn distinct_pyramid(g: &HighGround, seats: &Seats, seat: usize, p: PieceId) -> String {
    let name = pyramid(seats, seat, p);
    let at = g.pyramids().pos_of(p);
    let twin = |q: PieceId| q != p && q.seat() == p.seat() && q.size() == p.size();
    let twins: Vec<PieceId> = g
        .pyramids()
        .all()
        .filter(|(q, pos, _)| twin(*q) && Some(*pos) == at)
        .map(|(q, _, _)| q)
        .collect();
    if twins.is_empty() {
        return name;
    }
    let carries = |q: PieceId| {
        g.pyramids()
            .stack_of(q)
            .is_some_and(|st| st.pieces().last() != Some(&q))
    };
    let on = |q: PieceId| match g.pyramids().below(q) {
        Some(b) if b.seat() == q.seat() => format!("on the {} one", size_name(b.size())),
        Some(b) => format!("on {}", owned_pyramid(seats, b)),
        None if carries(q) => "at the bottom of its stack".to_string(),
        None => "standing alone".to_string(),
    };
    let mine = on(p);
    if twins.iter().any(|q| on(*q) == mine) {
        format!("{name} ({mine}, {p})")
    } else {
        format!("{name} ({mine})")
    }
}

/// A pyramid with its owner always named: "Red's large pyramid".
pub fn owned_pyramid(seats: &Seats, p: PieceId) -> String {
    format!(
        "{}'s {} pyramid",
        seats.name(p.seat() as usize),
        size_name(p.size())
    )
}

/// What an attack of `attacker` on `victim` does: "kills it", "traps it", "hobbles it".
pub fn attack_effect(attacker: PieceId, victim: PieceId) -> &'static str {
    match attacker.size().cmp(&victim.size()) {
        std::cmp::Ordering::Equal => "kills it",
        std::cmp::Ordering::Greater => "traps it",
        std::cmp::Ordering::Less => "hobbles it",
    }
}

/// Whether the die's roll is being carried out now (its face, a HOP's or a SWAP's second
/// step, a HOP's attack, a dug card), so that its face is shown as this turn's, not dimmed as
/// the last roll.
pub fn die_in_use(g: &HighGround) -> bool {
    matches!(
        g.pending(),
        Pending::Die(_)
            | Pending::Hopping(_)
            | Pending::Swapping(_)
            | Pending::HopAttack(_)
            | Pending::Dug(_)
    )
}

/// The pyramid moving or hopping now, if any.
pub fn mover(g: &HighGround) -> Option<PieceId> {
    match g.pending() {
        Pending::Moving { piece, .. }
        | Pending::HopAttack(piece)
        | Pending::Hopping(piece)
        | Pending::Swapping(piece) => Some(*piece),
        _ => None,
    }
}

/// The pyramids riding on `p` (they go with it when it moves, and an attack on it tips them
/// off first).
pub fn riders(g: &HighGround, p: PieceId) -> Vec<PieceId> {
    let Some(stack) = g.pyramids().stack_of(p) else {
        return Vec::new();
    };
    let pieces = stack.pieces();
    match pieces.iter().position(|q| *q == p) {
        Some(i) => pieces[i + 1..].to_vec(),
        None => Vec::new(),
    }
}

/// What an attack on `victim` tips off it first, if anything sits on it: "tips Blue's small
/// pyramid off it, then ".
fn tipping_first(g: &HighGround, seats: &Seats, victim: PieceId) -> String {
    let off = riders(g, victim);
    if off.is_empty() {
        return String::new();
    }
    format!("tips {} off it, then ", pyramid_list(seats, &off))
}

/// Pyramids with their owners, joined: "Blue's small pyramid and Red's medium pyramid".
pub fn pyramid_list(seats: &Seats, pieces: &[PieceId]) -> String {
    let names: Vec<String> = pieces.iter().map(|p| owned_pyramid(seats, *p)).collect();
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// Where a card played at `pos` goes: "on the 9 (0,0)" or "into the blank space (2,1)".
fn onto(g: &HighGround, seats: &Seats, pos: Pos) -> String {
    if g.board().has(pos) {
        format!("on {}", territory(g, seats, pos))
    } else {
        format!("into the blank space ({pos})")
    }
}

/// A choice of the pending decision in words, for the seat that decides it.
pub fn describe(g: &HighGround, seats: &Seats, choice: &Choice) -> String {
    let me = g.seat_to_move();
    let here = |p: PieceId| {
        g.pyramids()
            .pos_of(p)
            .map_or_else(String::new, |pos| territory(g, seats, pos))
    };
    match *choice {
        Choice::Lay(pos) => match g.pending() {
            Pending::Lay(card) => format!("Lay the {} at {pos}", card_name(*card)),
            _ => format!("Lay the card at {pos}"),
        },
        Choice::King(side) => format!(
            "Put the King on the {} {} ({})",
            side_name(side),
            side_word(side),
            side.pos()
        ),
        Choice::Level(l) => format!("Make the Joker {} (level {l})", a_level(l)),
        Choice::Move(p) => {
            let carried = riders(g, p);
            let carrying = if carried.is_empty() {
                String::new()
            } else {
                let names: Vec<String> = carried
                    .iter()
                    .map(|q| pyramid(seats, me, *q).replacen("the ", "", 1))
                    .collect();
                format!(" (carrying {})", names.join(" and "))
            };
            format!(
                "Move {}{carrying} from {}",
                distinct_pyramid(g, seats, me, p),
                here(p)
            )
        }
        Choice::Step(pos) => match g.pending() {
            Pending::Hopping(_) => format!("HOP to {}", territory(g, seats, pos)),
            _ => format!("Step to {}", territory(g, seats, pos)),
        },
        Choice::Attack(v) => match mover(g) {
            Some(a) => format!(
                "Attack {} with {} ({}{})",
                distinct_pyramid(g, seats, me, v),
                pyramid(seats, me, a),
                tipping_first(g, seats, v),
                attack_effect(a, v)
            ),
            None => format!("Attack {}", pyramid(seats, me, v)),
        },
        Choice::Stop => match g.pending() {
            Pending::Moving { .. } => "Stop here (the move ends)".into(),
            Pending::Playing => "Stop playing cards (the turn ends)".into(),
            Pending::HopAttack(_) => "Stay without attacking (the turn ends)".into(),
            Pending::Discarding => "Stop without drawing (the turn ends)".into(),
            _ => "Stop".into(),
        },
        Choice::Play(card, pos) => format!("Play the {} {}", card_name(card), onto(g, seats, pos)),
        Choice::Discard(card) => format!("Discard the {}", card_name(card)),
        Choice::Draw => {
            let n = g.variant().hand_max().saturating_sub(g.hand(me).len());
            match g.pending() {
                Pending::Discarding => format!(
                    "Draw {n} card{} (the turn ends)",
                    if n == 1 { "" } else { "s" }
                ),
                _ => format!(
                    "Draw {n} card{} to fill your hand (the turn ends)",
                    if n == 1 { "" } else { "s" }
                ),
            }
        }
        Choice::Roll => "Roll the die".into(),
        Choice::Hop(p) => format!(
            "HOP with {} from {} (then where)",
            distinct_pyramid(g, seats, me, p),
            here(p)
        ),
        Choice::Swap(p) => format!(
            "SWAP {} on {} (then with which)",
            distinct_pyramid(g, seats, me, p),
            here(p)
        ),
        Choice::With(q) => format!(
            "Trade places with {} on {}",
            distinct_pyramid(g, seats, me, q),
            here(q)
        ),
        Choice::OldHop(p, to) => format!(
            "HOP {} from {} to {}",
            pyramid(seats, me, p),
            here(p),
            territory(g, seats, to)
        ),
        Choice::OldSwap(p, q) => format!(
            "SWAP {} on {} with {} on {}",
            pyramid(seats, me, p),
            here(p),
            pyramid(seats, me, q),
            here(q)
        ),
        Choice::Tip(p) => format!(
            "TIP everything off {} on {}",
            distinct_pyramid(g, seats, me, p),
            here(p)
        ),
        Choice::Aim(p) => match g.pyramids().below(p) {
            Some(v) => format!(
                "AIM: {} kills {} under it on {}",
                distinct_pyramid(g, seats, me, p),
                pyramid(seats, me, v),
                here(p)
            ),
            None => format!("AIM with {}", pyramid(seats, me, p)),
        },
        Choice::Dig => "DIG: draw a card and play it at once".into(),
        Choice::Face(f) => format!("Use the WILD as {} ({})", face_name(f), face_help(f)),
        Choice::Place(pos) => match g.pending() {
            Pending::Dug(card) => {
                format!("Play the dug {} {}", card_name(*card), onto(g, seats, pos))
            }
            _ => format!("Play the dug card at {pos}"),
        },
        Choice::Pass => match g.pending() {
            Pending::Die(face) => format!("Leave the {} unused (the turn ends)", face_name(*face)),
            _ => "Pass".into(),
        },
    }
}

/// How a finished game ended, in words.
pub fn outcome(seats: &Seats, outcome: Outcome) -> String {
    match outcome {
        Outcome::Won {
            seat,
            by: Victory::King,
        } => format!(
            "{} wins: its pyramids stood alone on an opponent's King as its turn began",
            seats.name(seat as usize)
        ),
        Outcome::Won {
            seat,
            by: Victory::Annihilation,
        } => format!(
            "{} wins: every other pyramid has been killed",
            seats.name(seat as usize)
        ),
        Outcome::Drawn => "The game is drawn: 30 rounds went by without a kill".into(),
    }
}

/// The question the pending decision asks, in plain words (keys named where they help).
pub fn prompt(g: &HighGround, seats: &Seats) -> String {
    let who = seats.name(g.seat_to_move());
    let me = g.seat_to_move();
    match g.pending() {
        Pending::Over(o) => outcome(seats, *o),
        Pending::Lay(card) => format!(
            "{who}: lay the {} you turned over next to a card already laid (Enter on a highlighted place)",
            card_name(*card)
        ),
        Pending::King => {
            format!(
                "{who}: put your King on a free {} (Enter on a highlighted place, or its number)",
                sides_word(g)
            )
        }
        Pending::Level { at, .. } => {
            format!(
                "{who}: which level is the Joker at {at}? (Ace to Queen: arrows and Enter, or \
                 the number of one of the first nine)"
            )
        }
        Pending::Action => format!(
            "{who}: move a pyramid (Enter on it), play cards (Tab to your hand), r roll the die, d draw, x discard"
        ),
        Pending::Moving { piece, visited } => {
            let mut ways = vec!["step to a highlighted territory (never uphill)".to_string()];
            if g.choices().iter().any(|c| matches!(c, Choice::Attack(_))) {
                ways.push("attack here (an option)".into());
            }
            if visited.len() > 1 {
                ways.push("s to stop here".into());
            }
            format!(
                "{who}: move {} on: {}",
                pyramid(seats, me, *piece),
                ways.join(", or ")
            )
        }
        Pending::Playing => {
            format!("{who}: play another card (Tab to your hand), or s to stop")
        }
        Pending::Discarding => {
            format!(
                "{who}: discard more cards (x on a card), d to draw up to your hand's size, or s \
                 to stop without drawing"
            )
        }
        Pending::Die(face) if *face != Face::Wild && g.die_face() == Some(Face::Wild) => {
            format!(
                "{who} uses the WILD as {}: {}",
                face_name(*face),
                face_help(*face)
            )
        }
        Pending::Die(face) => {
            format!("{who} rolled {}: {}", face_name(*face), face_help(*face))
        }
        Pending::Dug(card) => format!(
            "{who} dug the {}: play it now (Enter on a highlighted place)",
            card_name(*card)
        ),
        Pending::Hopping(piece) => format!(
            "{who}: HOP {} to which territory? (Enter on a highlighted one; u takes the pick back)",
            pyramid(seats, me, *piece)
        ),
        Pending::Swapping(piece) => format!(
            "{who}: SWAP {} with which pyramid? (Enter on a highlighted territory; u takes the \
             pick back)",
            pyramid(seats, me, *piece)
        ),
        Pending::HopAttack(piece) => format!(
            "{who}: {} landed among enemies: attack one, or s to stay",
            pyramid(seats, me, *piece)
        ),
    }
}

/// What is being watched while someone else decides ("Red (AI) is moving a pyramid").
pub fn watching(g: &HighGround, seats: &Seats) -> String {
    let who = seats.name(g.seat_to_move());
    match g.pending() {
        Pending::Over(o) => outcome(seats, *o),
        Pending::Lay(card) => format!("{who} lays the {}", card_name(*card)),
        Pending::King => format!("{who} puts its King on a {}", sides_word(g)),
        Pending::Level { .. } => format!("{who} chooses the Joker's level"),
        Pending::Action => format!("{who} is choosing an action"),
        Pending::Moving { piece, .. } => {
            format!("{who} is moving its {} pyramid", size_name(piece.size()))
        }
        Pending::Playing => format!("{who} is playing cards"),
        Pending::Discarding => format!("{who} is discarding"),
        Pending::Die(face) => format!("{who} rolled {}", face_name(*face)),
        Pending::Dug(card) => format!("{who} dug the {}", card_name(*card)),
        Pending::Hopping(piece) => {
            format!(
                "{who} is hopping with its {} pyramid",
                size_name(piece.size())
            )
        }
        Pending::Swapping(piece) => {
            format!("{who} is swapping its {} pyramid", size_name(piece.size()))
        }
        Pending::HopAttack(_) => format!("{who} hopped among enemies"),
    }
}

/// Everything about one place, for the line under the prompt: the card, its level and
/// orientation, how many cards lie there, and every stack bottom first with each pyramid's
/// status ("the 7 (1,1), upright, level 7: Blue L hobbled, M hobbled, S free | Red S free").
pub fn place_detail(g: &HighGround, seats: &Seats, pos: Pos) -> String {
    let Some(t) = g.board().get(pos) else {
        return territory(g, seats, pos);
    };
    let orient = match pos.orientation() {
        crate::highground::pos::Orientation::Upright => "upright",
        crate::highground::pos::Orientation::Sideways => "sideways",
    };
    // A Joker put down a moment ago has no level until its player names one.
    let level = match t.level() {
        0 => "level not chosen yet".to_string(),
        l => format!("level {l}"),
    };
    let mut text = format!("{}, {orient}, {level}", territory(g, seats, pos));
    if t.depth() > 1 {
        text.push_str(&format!(", {} cards", t.depth()));
    }
    let stacks: Vec<String> = g
        .pyramids()
        .stacks_at(pos)
        .map(|s| {
            let mut words = Vec::new();
            let mut last = None;
            for (h, p) in s.pieces().iter().enumerate() {
                let who = if last != Some(p.seat()) {
                    last = Some(p.seat());
                    format!("{} ", seats.name(p.seat() as usize))
                } else {
                    String::new()
                };
                words.push(format!(
                    "{who}{} {}",
                    p.size().letter(),
                    status_name(s.status_at(h))
                ));
            }
            words.join(", ")
        })
        .collect();
    if stacks.is_empty() {
        text.push_str(": no pyramids");
    } else {
        text.push_str(&format!(" · stacks bottom up: {}", stacks.join(" | ")));
    }
    text
}
