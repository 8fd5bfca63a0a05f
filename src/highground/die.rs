//! The Treehouse die: six faces, each an action carried out at once.

use crate::shell::rng::Rng;
use serde::{Deserialize, Serialize};

/// A face of the Treehouse die.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Face {
    /// Move a free pyramid to any adjacent territory, higher ones included; it may attack there.
    Hop,
    /// A pyramid of yours trades places with a pyramid on an adjacent territory.
    Swap,
    /// Tip the pyramids sitting on one of yours off it.
    Tip,
    /// A pyramid of yours kills the pyramid directly under it, whatever the sizes.
    Aim,
    /// Draw a card and play it at once.
    Dig,
    /// Pick any of the other five.
    Wild,
}

impl Face {
    /// The six faces in the order the die is read.
    pub const ALL: [Face; 6] = [
        Face::Hop,
        Face::Swap,
        Face::Tip,
        Face::Aim,
        Face::Dig,
        Face::Wild,
    ];

    /// The faces a WILD may stand for.
    pub const CHOOSABLE: [Face; 5] = [Face::Hop, Face::Swap, Face::Tip, Face::Aim, Face::Dig];

    /// Lower-case name used in notation: `hop`, `swap`, `tip`, `aim`, `dig`, `wild`.
    pub fn name(self) -> &'static str {
        match self {
            Face::Hop => "hop",
            Face::Swap => "swap",
            Face::Tip => "tip",
            Face::Aim => "aim",
            Face::Dig => "dig",
            Face::Wild => "wild",
        }
    }

    /// Reads a lower-case name.
    pub fn parse(text: &str) -> Option<Face> {
        Face::ALL.into_iter().find(|f| f.name() == text)
    }

    /// Rolls the die: each face equally likely.
    pub fn roll(rng: &mut Rng) -> Face {
        Face::ALL[rng.below(6) as usize]
    }
}
