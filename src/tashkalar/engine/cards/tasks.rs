//! High Form task cards: their data and the small set of predicates their conditions are made of.
//!
//! A condition is data over board and turn facts (pieces on squares, destroyed and summoned this
//! turn, chains, lines, surroundings); `scoring.rs` evaluates it for a colour.

use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{SquareKind, arena};
use crate::tashkalar::engine::square::Square;
use serde::Deserialize;

/// Index of a task in the database.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, serde::Serialize, serde::Deserialize,
)]
pub struct TaskId(pub u8);

/// The five task types; three current tasks may never share one.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Deserialize)]
pub enum TaskType {
    Destruction,
    Coloured,
    Summoning,
    Pattern,
    Enemy,
}

/// A set of squares named in task data.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum Squares {
    Kind(SquareKind),
    /// Squares by name, e.g. `["d5", "e5"]`.
    List(Vec<String>),
    /// Red and green squares together.
    RedAndGreen,
}

/// A condition a colour may meet at the end of its turn, over square sets `S`: as the data names
/// them ([`Squares`], in [`TaskDef`]), or resolved to bitboards once at load ([`Task`]), so that
/// checking a condition, which the search does at every High Form leaf, parses nothing.
#[derive(Clone, Debug, Deserialize, PartialEq)]
#[serde(bound(deserialize = "S: Deserialize<'de>"))]
pub enum TaskCond<S = Bitboard> {
    /// Destroyed at least `at_least` enemy pieces this turn, `upgraded` of them heroic or legendary.
    Destroyed {
        at_least: u8,
        #[serde(default)]
        upgraded: u8,
    },
    /// Destroyed at least `legendary` legendary or `heroic` heroic enemy pieces this turn.
    DestroyedEither {
        legendary: u8,
        heroic: u8,
    },
    /// At least `at_least` own pieces on the squares, `upgraded` of them upgraded, `legendary` legendary.
    PiecesOn {
        squares: S,
        at_least: u8,
        #[serde(default)]
        upgraded: u8,
        #[serde(default)]
        legendary: u8,
    },
    /// More upgraded pieces on the squares than every opponent.
    MoreUpgradedOn(S),
    /// Summoned at least `at_least` beings this turn; `on_squares` of them on the squares (if any),
    /// `legends` of them legends.
    Summoned {
        at_least: u8,
        #[serde(default)]
        on: Option<S>,
        #[serde(default)]
        on_count: u8,
        #[serde(default)]
        legends: u8,
    },
    /// On one of these lines, at least `lead` more own pieces than the opponents have.
    LineLead {
        lines: Vec<S>,
        lead: u8,
    },
    /// Two opposite groups of edge squares connected by a king-move chain of own pieces.
    Chain {
        pairs: Vec<(S, S)>,
    },
    /// At least `at_least` own pieces on the neighbours of a single enemy piece.
    Surround {
        at_least: u8,
    },
    /// An enemy piece within distance 2 of another enemy piece that cannot get next to any enemy
    /// piece in `moves` or fewer moves through empty squares.
    Isolated {
        moves: u8,
    },
    All(Vec<TaskCond<S>>),
    AnyOf(Vec<TaskCond<S>>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaskDef {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: TaskType,
    #[serde(default)]
    pub advanced: bool,
    pub points: u8,
    pub text: String,
    pub condition: TaskCond<Squares>,
}

/// A task, checked and with its square sets resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    pub id: TaskId,
    pub name: String,
    pub kind: TaskType,
    pub advanced: bool,
    pub points: u8,
    pub text: String,
    pub condition: TaskCond,
}

impl Squares {
    /// The squares named, or why a name is not a square of the arena (at load only: a [`Task`]
    /// holds them resolved).
    fn resolve(&self) -> Result<Bitboard, String> {
        Ok(match self {
            Squares::Kind(k) => k.squares(),
            Squares::RedAndGreen => arena::RED | arena::GREEN,
            Squares::List(names) => {
                let mut bb = Bitboard::EMPTY;
                for n in names {
                    let sq: Square = n
                        .parse()
                        .map_err(|e: crate::tashkalar::engine::square::BadSquare| e.to_string())?;
                    if !arena::is_playable(sq) {
                        return Err(format!("{sq} is not in the arena"));
                    }
                    bb.insert(sq);
                }
                bb
            }
        })
    }
}

impl TaskCond<Squares> {
    /// The condition with every square set resolved, or the first set that names no square of
    /// the arena.
    fn resolve(&self) -> Result<TaskCond, String> {
        let list = |sets: &[Squares]| -> Result<Vec<Bitboard>, String> {
            sets.iter().map(Squares::resolve).collect()
        };
        let conds = |cs: &[TaskCond<Squares>]| -> Result<Vec<TaskCond>, String> {
            cs.iter().map(TaskCond::resolve).collect()
        };
        Ok(match self {
            TaskCond::Destroyed { at_least, upgraded } => TaskCond::Destroyed {
                at_least: *at_least,
                upgraded: *upgraded,
            },
            TaskCond::DestroyedEither { legendary, heroic } => TaskCond::DestroyedEither {
                legendary: *legendary,
                heroic: *heroic,
            },
            TaskCond::PiecesOn {
                squares,
                at_least,
                upgraded,
                legendary,
            } => TaskCond::PiecesOn {
                squares: squares.resolve()?,
                at_least: *at_least,
                upgraded: *upgraded,
                legendary: *legendary,
            },
            TaskCond::MoreUpgradedOn(squares) => TaskCond::MoreUpgradedOn(squares.resolve()?),
            TaskCond::Summoned {
                at_least,
                on,
                on_count,
                legends,
            } => TaskCond::Summoned {
                at_least: *at_least,
                on: on.as_ref().map(Squares::resolve).transpose()?,
                on_count: *on_count,
                legends: *legends,
            },
            TaskCond::LineLead { lines, lead } => TaskCond::LineLead {
                lines: list(lines)?,
                lead: *lead,
            },
            TaskCond::Chain { pairs } => TaskCond::Chain {
                pairs: pairs
                    .iter()
                    .map(|(a, b)| Ok((a.resolve()?, b.resolve()?)))
                    .collect::<Result<_, String>>()?,
            },
            TaskCond::Surround { at_least } => TaskCond::Surround {
                at_least: *at_least,
            },
            TaskCond::Isolated { moves } => TaskCond::Isolated { moves: *moves },
            TaskCond::All(cs) => TaskCond::All(conds(cs)?),
            TaskCond::AnyOf(cs) => TaskCond::AnyOf(conds(cs)?),
        })
    }
}

impl Task {
    pub fn from_def(def: &TaskDef, index: usize) -> Result<Task, String> {
        let condition = def.condition.resolve()?;
        let id = u8::try_from(index)
            .map(TaskId)
            .map_err(|_| "too many tasks".to_string())?;
        Ok(Task {
            id,
            name: def.name.clone(),
            kind: def.kind,
            advanced: def.advanced,
            points: def.points,
            text: def.text.clone(),
            condition,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(condition: &str) -> TaskDef {
        let text =
            format!("(name: \"T\", type: Pattern, points: 1, text: \"t\", condition: {condition})");
        ron::from_str(&text).expect("the test's task parses")
    }

    #[test]
    fn a_task_holds_its_squares_resolved() {
        let task = Task::from_def(
            &def(r#"AnyOf([PiecesOn(squares: List(["e4", "e5"]), at_least: 2)])"#),
            0,
        )
        .expect("a valid task");
        let mut expected = Bitboard::EMPTY;
        for name in ["e4", "e5"] {
            expected.insert(name.parse().expect("a square"));
        }
        let TaskCond::AnyOf(conds) = &task.condition else {
            panic!("the condition keeps its shape: {:?}", task.condition);
        };
        assert_eq!(
            conds[0],
            TaskCond::PiecesOn {
                squares: expected,
                at_least: 2,
                upgraded: 0,
                legendary: 0
            }
        );
    }

    #[test]
    fn a_square_outside_the_arena_is_refused_at_load() {
        let err = Task::from_def(&def(r#"LineLead(lines: [List(["e4", "a1"])], lead: 2)"#), 0)
            .expect_err("a1 is a cut corner");
        assert_eq!(err, "a1 is not in the arena");
    }
}
