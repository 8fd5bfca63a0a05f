//! How Tash-Kalar's things look in the table's theme: the kinds of arena squares, and pieces as
//! letters in their owner's colour.

use crate::shell::tui::theme::{COLOUR_LETTERS, Theme, Tint};
use crate::tashkalar::engine::Square;
use crate::tashkalar::engine::board::{Colour, Rank, arena};
use ratatui::style::{Modifier, Style};

/// Kinds of arena squares as the board draws them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SquareLook {
    Plain,
    Central,
    Red,
    Green,
}

impl SquareLook {
    /// The kind of an arena square.
    pub fn of(sq: Square) -> SquareLook {
        if arena::RED.contains(sq) {
            SquareLook::Red
        } else if arena::GREEN.contains(sq) {
            SquareLook::Green
        } else if arena::CENTRAL.contains(sq) {
            SquareLook::Central
        } else {
            SquareLook::Plain
        }
    }

    /// The theme's tint for the kind.
    pub fn tint(self) -> Tint {
        match self {
            SquareLook::Plain => Tint::Plain,
            SquareLook::Central => Tint::Light,
            SquareLook::Red => Tint::Warm,
            SquareLook::Green => Tint::Cool,
        }
    }

    /// The symbol of an empty square of this kind (so that it reads without colour).
    pub fn symbol(self) -> char {
        match self {
            SquareLook::Plain => '·',
            SquareLook::Central => '+',
            SquareLook::Red => '◆',
            SquareLook::Green => '●',
        }
    }
}

/// A piece disc: its colour as background; upper ranks bold.
pub fn piece_style(theme: &Theme, colour: Colour, rank: Rank) -> Style {
    let style = theme.player(colour);
    match rank {
        Rank::Common => style,
        Rank::Heroic | Rank::Legendary => style.add_modifier(Modifier::BOLD),
    }
}

/// The board letter of a piece: the colour's letter, upper case for heroic and legendary.
pub fn piece_letter(colour: Colour, rank: Rank) -> char {
    let c = COLOUR_LETTERS[colour.index() % 4];
    match rank {
        Rank::Common => c,
        Rank::Heroic | Rank::Legendary => c.to_ascii_uppercase(),
    }
}
