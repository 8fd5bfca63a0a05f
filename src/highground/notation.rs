//! The text of a choice: short, readable, and read back exactly (saves, tests, the CLI).
//!
//! Positions are `x,y` (`0,0` the centre, x east, y north); pyramids are named like `1Lt` (seat,
//! size, trio); cards by rank (`A` ... `K`, `joker`); die faces and King sides in lower case.
//!
//! | choice | text |
//! |---|---|
//! | lay the turned card | `lay 0,1` |
//! | a Joker's level | `level 9` (`level A`, `level J`, `level Q`) |
//! | place your King | `king n` (`e`, `s`, `w`; Mini: `ne`, `se`, `sw`, `nw`) |
//! | start moving a pyramid | `move 1Lt` |
//! | step | `to -1,0` |
//! | attack | `attack 2Sn` |
//! | end a move, the cards played, a HOP | `stop` |
//! | play a card | `play 7 1,-2`, `play joker 2,0` |
//! | discard | `discard Q` |
//! | draw up to the maximum | `draw` |
//! | roll the die | `roll` |
//! | HOP: the pyramid, then where | `hop 1St`, then `to 0,1` |
//! | SWAP: your pyramid, then the other | `swap 1St`, then `with 2Mn` |
//! | TIP | `tip 1Lt` |
//! | AIM | `aim 1Sn` |
//! | DIG | `dig`, then `place 2,1` |
//! | WILD | `wild tip` |
//! | leave the die unused | `pass` |
//!
//! Saves made before rules 3 wrote a HOP and a SWAP in one text (`hop 1St 0,1`, `swap 1St
//! 2Mn`): those still read, as [`Choice::OldHop`] and [`Choice::OldSwap`], and play as the two
//! steps they stand for.

use super::card::{Card, level_name, parse_level};
use super::decision::Choice;
use super::die::Face;
use super::pos::{Pos, Side};
use super::pyramid::PieceId;
use std::fmt;

/// A text that is not a choice.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotationError {
    /// The text read.
    pub text: String,
    /// What is wrong with it.
    pub why: &'static str,
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {}", self.text, self.why)
    }
}

impl std::error::Error for NotationError {}

/// The text of a choice.
pub fn write(choice: &Choice) -> String {
    match *choice {
        Choice::Lay(p) => format!("lay {p}"),
        Choice::Level(l) => format!("level {}", level_name(l)),
        Choice::King(s) => format!("king {}", s.name()),
        Choice::Move(p) => format!("move {p}"),
        Choice::Step(p) => format!("to {p}"),
        Choice::Attack(v) => format!("attack {v}"),
        Choice::Stop => "stop".into(),
        Choice::Play(c, p) => format!("play {c} {p}"),
        Choice::Discard(c) => format!("discard {c}"),
        Choice::Draw => "draw".into(),
        Choice::Roll => "roll".into(),
        Choice::Hop(p) => format!("hop {p}"),
        Choice::Swap(p) => format!("swap {p}"),
        Choice::With(q) => format!("with {q}"),
        Choice::OldHop(p, to) => format!("hop {p} {to}"),
        Choice::OldSwap(p, q) => format!("swap {p} {q}"),
        Choice::Tip(p) => format!("tip {p}"),
        Choice::Aim(p) => format!("aim {p}"),
        Choice::Dig => "dig".into(),
        Choice::Face(f) => format!("wild {}", f.name()),
        Choice::Place(p) => format!("place {p}"),
        Choice::Pass => "pass".into(),
    }
}

/// Reads the text of a choice (whether it is legal now is for `apply` to say).
pub fn parse(text: &str) -> Result<Choice, NotationError> {
    let fail = |why| NotationError {
        text: text.to_string(),
        why,
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let pos = |w: &str| Pos::parse(w).ok_or(fail("expected a position like 0,-1"));
    let piece = |w: &str| PieceId::parse(w).ok_or(fail("expected a pyramid like 1Lt"));
    let card = |w: &str| Card::parse(w).ok_or(fail("expected a card: A, 2-10, J, Q, K, joker"));
    let choice = match words[..] {
        ["lay", p] => Choice::Lay(pos(p)?),
        ["level", l] => Choice::Level(
            parse_level(l)
                .filter(|l| *l <= 12)
                .ok_or(fail("a Joker's level is A to Q (1-12)"))?,
        ),
        ["king", s] => {
            Choice::King(Side::parse(s).ok_or(fail("expected a side: n, e, s, w, ne, se, sw, nw"))?)
        }
        ["move", p] => Choice::Move(piece(p)?),
        ["to", p] => Choice::Step(pos(p)?),
        ["attack", v] => Choice::Attack(piece(v)?),
        ["stop"] => Choice::Stop,
        ["play", c, p] => Choice::Play(card(c)?, pos(p)?),
        ["discard", c] => Choice::Discard(card(c)?),
        ["draw"] => Choice::Draw,
        ["roll"] => Choice::Roll,
        ["hop", p] => Choice::Hop(piece(p)?),
        ["swap", p] => Choice::Swap(piece(p)?),
        ["with", q] => Choice::With(piece(q)?),
        ["hop", p, to] => Choice::OldHop(piece(p)?, pos(to)?),
        ["swap", p, q] => Choice::OldSwap(piece(p)?, piece(q)?),
        ["tip", p] => Choice::Tip(piece(p)?),
        ["aim", p] => Choice::Aim(piece(p)?),
        ["dig"] => Choice::Dig,
        ["wild", f] => Choice::Face(
            Face::parse(f)
                .filter(|f| *f != Face::Wild)
                .ok_or(fail("expected a face: hop, swap, tip, aim, dig"))?,
        ),
        ["place", p] => Choice::Place(pos(p)?),
        ["pass"] => Choice::Pass,
        _ => {
            return Err(fail(
                "not a choice (see docs/high-ground.md for the notation)",
            ));
        }
    };
    Ok(choice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_choice_reads_back() {
        let p = PieceId::parse("2Mn").unwrap();
        let q = PieceId::parse("1St").unwrap();
        let at = Pos::new(-3, 12);
        let all = [
            Choice::Lay(at),
            Choice::Level(1),
            Choice::Level(12),
            Choice::King(Side::SouthWest),
            Choice::Move(p),
            Choice::Step(at),
            Choice::Attack(q),
            Choice::Stop,
            Choice::Play(Card::JOKER, at),
            Choice::Play(Card::of_level(10).unwrap(), at),
            Choice::Discard(Card::ACE),
            Choice::Draw,
            Choice::Roll,
            Choice::Hop(p),
            Choice::Swap(p),
            Choice::With(q),
            Choice::OldHop(p, at),
            Choice::OldSwap(p, q),
            Choice::Tip(p),
            Choice::Aim(p),
            Choice::Dig,
            Choice::Face(Face::Tip),
            Choice::Place(at),
            Choice::Pass,
        ];
        for c in all {
            assert_eq!(parse(&write(&c)), Ok(c), "{}", write(&c));
        }
        assert!(parse("level K").is_err());
        assert!(parse("wild wild").is_err());
        assert!(parse("move").is_err());
        assert!(parse("").is_err());
    }
}
