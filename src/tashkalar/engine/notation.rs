//! Text notation for choices, used by saves, tests and the CLI: one short line per choice.
//!
//! ```text
//! place e5                      summon Gun Tower e5 2          summon Knight d4 0 borrow c3
//! discard Knight                flare Ember 2                  thaw Ice Queen
//! warp Paradox Worm
//! end                           pickup e5                      return Titan
//! keep Ice Queen                claim Destruction              colour 2
//! start c5                      pick e5                        place e5 heroic
//! move e5 e6                    dir ne                         branch 1
//! card Knight                   yes                            skip
//! handover                      resign
//! ```
//! Seats and colours are written 1-4. A summon's number is the index of the pattern placement.

use super::board::{Colour, Rank};
use super::cards::CardDb;
use super::decision::Choice;
use super::square::{Dir, Square};
use super::state::Seat;

/// Writes a choice in notation.
pub fn write(choice: &Choice, db: &CardDb) -> String {
    let name = |id: super::cards::CardId| {
        db.get(id)
            .map_or_else(|| format!("#{}", id.0), |c| c.name.clone())
    };
    match *choice {
        Choice::Place(sq) => format!("place {sq}"),
        Choice::Summon {
            card,
            target,
            placement,
            borrow,
        } => match borrow {
            Some(b) => format!("summon {} {target} {placement} borrow {b}", name(card)),
            None => format!("summon {} {target} {placement}", name(card)),
        },
        Choice::Discard(c) => format!("discard {}", name(c)),
        Choice::Flare { card, against } => format!("flare {} {against}", name(card)),
        Choice::Thaw(c) => format!("thaw {}", name(c)),
        Choice::Warp(c) => format!("warp {}", name(c)),
        Choice::EndTurn => "end".into(),
        Choice::Pickup(sq) => format!("pickup {sq}"),
        Choice::Return(c) => format!("return {}", name(c)),
        Choice::Keep(c) => format!("keep {}", name(c)),
        Choice::Claim(t) => format!(
            "claim {}",
            db.tasks.get(t.0 as usize).map_or("?", |t| t.name.as_str())
        ),
        Choice::Colour(c) => format!("colour {}", c.0 + 1),
        Choice::StartSquare(sq) => format!("start {sq}"),
        Choice::Square(sq) => format!("pick {sq}"),
        Choice::PlaceAs(sq, r) => format!("place {sq} {r}"),
        Choice::Move { from, to } => format!("move {from} {to}"),
        Choice::Dir(d) => format!("dir {d}"),
        Choice::Branch(i) => format!("branch {i}"),
        Choice::Card(c) => format!("card {}", name(c)),
        Choice::Yes => "yes".into(),
        Choice::Skip => "skip".into(),
        Choice::HandOver => "handover".into(),
        Choice::Resign => "resign".into(),
    }
}

/// Reads a choice written in notation.
pub fn parse(text: &str, db: &CardDb) -> Result<Choice, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let Some((&verb, args)) = words.split_first() else {
        return Err("empty choice".into());
    };
    let square = |s: &str| s.parse::<Square>().map_err(|e| e.to_string());
    let card = |words: &[&str]| {
        let name = words.join(" ");
        db.by_name(&name)
            .ok_or_else(|| format!("no card named `{name}`"))
    };
    let number = |s: &str| {
        s.parse::<u8>()
            .map_err(|_| format!("`{s}` is not a number"))
    };
    let one = |args: &[&str]| match args {
        [a] => Ok(a.to_string()),
        _ => Err(format!("`{verb}` takes one argument")),
    };
    Ok(match verb {
        "place" => match args {
            [sq] => Choice::Place(square(sq)?),
            [sq, rank] => Choice::PlaceAs(square(sq)?, parse_rank(rank)?),
            _ => return Err("`place` takes a square and optionally a rank".into()),
        },
        "summon" => {
            let (rest, borrow) = match args {
                [rest @ .., "borrow", b] => (rest, Some(square(b)?)),
                _ => (args, None),
            };
            let [name @ .., target, placement] = rest else {
                return Err("`summon` takes a card, a square and a placement number".into());
            };
            if name.is_empty() {
                return Err("`summon` needs a card name".into());
            }
            Choice::Summon {
                card: card(name)?,
                target: square(target)?,
                placement: number(placement)?,
                borrow,
            }
        }
        "discard" => Choice::Discard(card(args)?),
        "flare" => {
            let [name @ .., seat] = args else {
                return Err("`flare` takes a card and a seat".into());
            };
            let seat = number(seat)?;
            if seat == 0 {
                return Err("seats are numbered from 1".into());
            }
            Choice::Flare {
                card: card(name)?,
                against: Seat(seat - 1),
            }
        }
        "thaw" => Choice::Thaw(card(args)?),
        "warp" => Choice::Warp(card(args)?),
        "end" => Choice::EndTurn,
        "pickup" => Choice::Pickup(square(&one(args)?)?),
        "return" => Choice::Return(card(args)?),
        "keep" => Choice::Keep(card(args)?),
        "claim" => {
            let name = args.join(" ");
            Choice::Claim(
                db.task_by_name(&name)
                    .ok_or_else(|| format!("no task named `{name}`"))?,
            )
        }
        "colour" | "color" => {
            let c = number(&one(args)?)?;
            if c == 0 {
                return Err("colours are numbered from 1".into());
            }
            Choice::Colour(Colour(c - 1))
        }
        "start" => Choice::StartSquare(square(&one(args)?)?),
        "pick" => Choice::Square(square(&one(args)?)?),
        "move" => match args {
            [a, b] => Choice::Move {
                from: square(a)?,
                to: square(b)?,
            },
            _ => return Err("`move` takes two squares".into()),
        },
        "dir" => {
            let d = one(args)?;
            Choice::Dir(
                Dir::from_name(&d)
                    .ok_or_else(|| format!("`{d}` is not a direction (n ne e se s sw w nw)"))?,
            )
        }
        "branch" => Choice::Branch(number(&one(args)?)?),
        "card" => Choice::Card(card(args)?),
        "yes" => Choice::Yes,
        "skip" => Choice::Skip,
        "handover" => Choice::HandOver,
        "resign" => Choice::Resign,
        _ => return Err(format!("unknown choice `{verb}`")),
    })
}

fn parse_rank(s: &str) -> Result<Rank, String> {
    match s {
        "common" => Ok(Rank::Common),
        "heroic" => Ok(Rank::Heroic),
        "legendary" => Ok(Rank::Legendary),
        _ => Err(format!("`{s}` is not a rank (common, heroic, legendary)")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let db = CardDb::builtin().expect("cards");
        let knight = db.by_name("Knight").expect("knight");
        let tower = db.by_name("Gun Tower").expect("tower");
        let e5: Square = "e5".parse().unwrap();
        let d4: Square = "d4".parse().unwrap();
        for c in [
            Choice::Place(e5),
            Choice::Summon {
                card: tower,
                target: e5,
                placement: 3,
                borrow: None,
            },
            Choice::Summon {
                card: knight,
                target: e5,
                placement: 0,
                borrow: Some(d4),
            },
            Choice::Discard(knight),
            Choice::Warp(knight),
            Choice::Flare {
                card: db.by_name("Ember").unwrap(),
                against: Seat(1),
            },
            Choice::EndTurn,
            Choice::Move { from: e5, to: d4 },
            Choice::PlaceAs(e5, Rank::Heroic),
            Choice::Dir(Dir::SW),
            Choice::Colour(Colour(2)),
            Choice::Skip,
            Choice::HandOver,
            Choice::Resign,
        ] {
            let text = write(&c, &db);
            assert_eq!(parse(&text, &db), Ok(c), "{text}");
        }
        assert!(parse("summon Nobody e5 0", &db).is_err());
        assert!(parse("move e5", &db).is_err());
        assert!(parse("", &db).is_err());
        assert!(parse("colour 0", &db).is_err());
    }
}
