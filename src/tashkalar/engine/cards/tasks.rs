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

/// A condition a colour may meet at the end of its turn.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub enum TaskCond {
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
        squares: Squares,
        at_least: u8,
        #[serde(default)]
        upgraded: u8,
        #[serde(default)]
        legendary: u8,
    },
    /// More upgraded pieces on the squares than every opponent.
    MoreUpgradedOn(Squares),
    /// Summoned at least `at_least` beings this turn; `on_squares` of them on the squares (if any),
    /// `legends` of them legends.
    Summoned {
        at_least: u8,
        #[serde(default)]
        on: Option<Squares>,
        #[serde(default)]
        on_count: u8,
        #[serde(default)]
        legends: u8,
    },
    /// On one of these lines, at least `lead` more own pieces than the opponents have.
    LineLead {
        lines: Vec<Squares>,
        lead: u8,
    },
    /// Two opposite groups of edge squares connected by a king-move chain of own pieces.
    Chain {
        pairs: Vec<(Squares, Squares)>,
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
    All(Vec<TaskCond>),
    AnyOf(Vec<TaskCond>),
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
    pub condition: TaskCond,
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
    pub fn resolve(&self) -> Result<Bitboard, String> {
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

impl TaskCond {
    fn check(&self) -> Result<(), String> {
        match self {
            TaskCond::PiecesOn { squares, .. } | TaskCond::MoreUpgradedOn(squares) => {
                squares.resolve().map(|_| ())
            }
            TaskCond::Summoned { on: Some(s), .. } => s.resolve().map(|_| ()),
            TaskCond::LineLead { lines, .. } => {
                lines.iter().try_for_each(|l| l.resolve().map(|_| ()))
            }
            TaskCond::Chain { pairs } => pairs
                .iter()
                .try_for_each(|(a, b)| a.resolve().and_then(|_| b.resolve()).map(|_| ())),
            TaskCond::All(cs) | TaskCond::AnyOf(cs) => cs.iter().try_for_each(|c| c.check()),
            _ => Ok(()),
        }
    }
}

impl Task {
    pub fn from_def(def: &TaskDef, index: usize) -> Result<Task, String> {
        def.condition.check()?;
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
            condition: def.condition.clone(),
        })
    }
}
