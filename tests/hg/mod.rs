//! Helpers for High Ground rules scenarios: a position from RON, choices played in notation, and
//! the stacks read back as text (`"0,-1: 1Lt 2Sn"`, bottom first).
#![allow(dead_code)]

use table::highground::{HighGround, PieceId, Pos, Status, notation};

/// The board most scenarios use: the 3x3 with its levels, and the four Kings.
///
/// ```text
///              0,2  K
///   -1,1  5    0,1  6    1,1  7
///   -1,0  4    0,0  9    1,0  3     2,0 K
///  -1,-1  8   0,-1  9   1,-1  2
///             0,-2  K                 (and -2,0 K)
/// ```
pub const BOARD: &str = r#"board: [
    "0,2: K",
    "-1,1: 5", "0,1: 6", "1,1: 7",
    "-2,0: K", "-1,0: 4", "0,0: 9", "1,0: 3", "2,0: K",
    "-1,-1: 8", "0,-1: 9", "1,-1: 2",
    "0,-2: K",
]"#;

/// A position from complete RON text (see `docs/high-ground.md`).
pub fn position(ron: &str) -> HighGround {
    HighGround::from_position(ron).unwrap_or_else(|e| panic!("the position is refused: {e}"))
}

/// A two-player position on [`BOARD`]: seat 1's King south (0,-2), seat 2's north (0,2);
/// `rest` adds fields (stacks, hands, ...).
pub fn duel(rest: &str) -> HighGround {
    position(&format!(r#"({BOARD}, kings: ["0,-2", "0,2"], {rest})"#))
}

/// Plays choices written in notation, one after another.
pub fn play(g: &mut HighGround, moves: &[&str]) {
    for m in moves {
        let choice = notation::parse(m).unwrap_or_else(|e| panic!("{e}"));
        if let Err(e) = g.apply(choice) {
            panic!("`{m}` refused: {e}\nchoices: {:?}", texts(g));
        }
    }
}

/// The legal choices in notation.
pub fn texts(g: &HighGround) -> Vec<String> {
    g.choices().iter().map(notation::write).collect()
}

/// Whether a choice (in notation) is legal now.
pub fn legal(g: &HighGround, m: &str) -> bool {
    texts(g).iter().any(|t| t == m)
}

/// The legal choices that start with `prefix` (`"to "`, `"attack "`, ...).
pub fn texts_starting(g: &HighGround, prefix: &str) -> Vec<String> {
    texts(g)
        .into_iter()
        .filter(|t| t.starts_with(prefix))
        .collect()
}

/// Every stack, as positions write them, in canonical order.
pub fn stacks(g: &HighGround) -> Vec<String> {
    g.stacks_text()
}

/// The stacks on one territory.
pub fn stacks_at(g: &HighGround, at: &str) -> Vec<String> {
    let prefix = format!("{at}: ");
    g.stacks_text()
        .into_iter()
        .filter(|s| s.starts_with(&prefix))
        .collect()
}

pub fn piece(name: &str) -> PieceId {
    PieceId::parse(name).unwrap_or_else(|| panic!("no pyramid {name}"))
}

pub fn at(text: &str) -> Pos {
    Pos::parse(text).unwrap_or_else(|| panic!("no position {text}"))
}

pub fn status(g: &HighGround, name: &str) -> Status {
    g.pyramids()
        .status(piece(name))
        .unwrap_or_else(|| panic!("{name} is not on the board"))
}

/// The name of the pending decision (`action`, `moving`, `die`, `over`, ...).
pub fn pending(g: &HighGround) -> &'static str {
    g.pending().name()
}

/// The seat to decide, 1-based as the notation writes seats.
pub fn seat(g: &HighGround) -> usize {
    g.seat_to_move() + 1
}

/// The level of the territory at `at`.
pub fn level(g: &HighGround, at_text: &str) -> u8 {
    g.board()
        .level(at(at_text))
        .unwrap_or_else(|| panic!("no territory at {at_text}"))
}
