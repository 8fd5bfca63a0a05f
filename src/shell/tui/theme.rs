//! Colours and text styles: one [`Theme`] per palette, and every style that carries meaning comes
//! from here, so tests can assert on it and a monochrome terminal still shows everything.
//!
//! The table has four player colours (blue, red, green, yellow), used by every game for its
//! seats, and four board tints. Boards draw their own background and foreground everywhere
//! (256-colour indexed), so they read the same on light and dark terminals; panels use the
//! terminal's own colours plus badges that set both foreground and background.

use ratatui::style::{Color, Modifier, Style};
use std::fmt;
use std::str::FromStr;

/// Which palette to draw with.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum PaletteKind {
    /// Blue, red, green and yellow pieces on a dark stone board.
    #[default]
    Standard,
    /// Okabe-Ito colours that stay distinct with the common colour-vision deficiencies.
    ColourBlind,
    /// No colour at all: meaning is carried by letters, markers and text attributes.
    Mono,
}

impl PaletteKind {
    /// Every palette, in the order the menu cycles through them.
    pub const ALL: [PaletteKind; 3] = [
        PaletteKind::Standard,
        PaletteKind::ColourBlind,
        PaletteKind::Mono,
    ];

    /// The name used on the command line and in the menu.
    pub fn name(self) -> &'static str {
        match self {
            PaletteKind::Standard => "standard",
            PaletteKind::ColourBlind => "colour-blind",
            PaletteKind::Mono => "mono",
        }
    }

    /// The palette after this one (menu cycling).
    pub fn next(self) -> PaletteKind {
        let i = Self::ALL.iter().position(|p| *p == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }

    /// The palette to use when none was asked for: `NO_COLOR` (any non-empty value) means mono.
    pub fn from_env() -> PaletteKind {
        Self::from_env_value(std::env::var("NO_COLOR").ok().as_deref())
    }

    /// [`PaletteKind::from_env`] for a given value of `NO_COLOR`.
    pub fn from_env_value(no_color: Option<&str>) -> PaletteKind {
        match no_color {
            Some(v) if !v.is_empty() => PaletteKind::Mono,
            _ => PaletteKind::Standard,
        }
    }
}

impl fmt::Display for PaletteKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for PaletteKind {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "standard" | "default" => Ok(PaletteKind::Standard),
            "colour-blind" | "color-blind" | "cb" => Ok(PaletteKind::ColourBlind),
            "mono" | "none" | "no-color" | "no-colour" => Ok(PaletteKind::Mono),
            _ => Err(format!(
                "unknown palette `{s}` (standard, colour-blind or mono)"
            )),
        }
    }
}

/// The tints a board square can have (a game maps its kinds of squares onto them).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Tint {
    Plain,
    Light,
    Warm,
    Cool,
}

/// Names of the player colours, the same in every palette so the log reads the same.
pub const COLOUR_NAMES: [&str; 4] = ["Blue", "Red", "Green", "Yellow"];
/// The letter of each player colour (for boards drawn without colour).
pub const COLOUR_LETTERS: [char; 4] = ['b', 'r', 'g', 'y'];

/// All styles of one palette.
#[derive(Clone, Debug)]
pub struct Theme {
    pub kind: PaletteKind,
    disc_bg: [Color; 4],
    disc_fg: [Color; 4],
    /// Per [`Tint`].
    square_bg: [Color; 4],
    square_fg: [Color; 4],
    target_bg: Color,
    pattern_bg: Color,
    recent_bg: Color,
    origin_bg: Color,
    accent: Color,
    warn: Color,
}

impl Theme {
    /// The theme of a palette.
    pub fn new(kind: PaletteKind) -> Theme {
        use Color::Indexed as I;
        match kind {
            PaletteKind::Standard => Theme {
                kind,
                disc_bg: [I(27), I(160), I(28), I(220)],
                disc_fg: [I(231), I(231), I(231), I(16)],
                // plain, light, warm, cool
                square_bg: [I(236), I(239), I(52), I(22)],
                square_fg: [I(245), I(250), I(210), I(114)],
                target_bg: I(136),
                pattern_bg: I(97),
                recent_bg: I(24),
                origin_bg: I(130),
                accent: Color::Cyan,
                warn: Color::Red,
            },
            PaletteKind::ColourBlind => Theme {
                kind,
                // Okabe-Ito: blue, vermillion, bluish green, yellow.
                disc_bg: [I(25), I(166), I(36), I(221)],
                disc_fg: [I(231), I(16), I(16), I(16)],
                // Warm squares become reddish purple and cool ones sky blue, which stay apart
                // from each other and from the pieces.
                square_bg: [I(236), I(239), I(90), I(31)],
                square_fg: [I(245), I(250), I(219), I(159)],
                target_bg: I(172),
                pattern_bg: I(60),
                recent_bg: I(241),
                origin_bg: I(94),
                accent: Color::Cyan,
                warn: Color::Yellow,
            },
            PaletteKind::Mono => Theme {
                kind,
                disc_bg: [Color::Reset; 4],
                disc_fg: [Color::Reset; 4],
                square_bg: [Color::Reset; 4],
                square_fg: [Color::Reset; 4],
                target_bg: Color::Reset,
                pattern_bg: Color::Reset,
                recent_bg: Color::Reset,
                origin_bg: Color::Reset,
                accent: Color::Reset,
                warn: Color::Reset,
            },
        }
    }

    /// Whether this palette uses colour at all.
    pub fn has_colour(&self) -> bool {
        self.kind != PaletteKind::Mono
    }

    /// A piece of player colour `colour` (0-3): the colour as background.
    pub fn player(&self, colour: impl Into<usize>) -> Style {
        let i = colour.into() % 4;
        Style::new().bg(self.disc_bg[i]).fg(self.disc_fg[i])
    }

    /// A board square with nothing special on it.
    pub fn square(&self, tint: Tint) -> Style {
        let i = tint as usize;
        Style::new().bg(self.square_bg[i]).fg(self.square_fg[i])
    }

    /// A square where the pending decision can be taken (legal target).
    pub fn target(&self) -> Style {
        match self.kind {
            PaletteKind::Mono => Style::new().add_modifier(Modifier::UNDERLINED),
            _ => Style::new().bg(self.target_bg).fg(Color::Indexed(16)),
        }
    }

    /// A square of the summoning pattern overlaid on the board.
    pub fn pattern(&self) -> Style {
        match self.kind {
            PaletteKind::Mono => Style::new().add_modifier(Modifier::BOLD),
            _ => Style::new().bg(self.pattern_bg).fg(Color::Indexed(231)),
        }
    }

    /// Squares changed by the last choice (so a move can be followed).
    pub fn recent(&self) -> Style {
        match self.kind {
            PaletteKind::Mono => Style::new().add_modifier(Modifier::ITALIC),
            _ => Style::new().bg(self.recent_bg).fg(Color::Indexed(231)),
        }
    }

    /// The piece chosen to move, waiting for its destination.
    pub fn origin(&self) -> Style {
        match self.kind {
            PaletteKind::Mono => Style::new().add_modifier(Modifier::BOLD | Modifier::UNDERLINED),
            _ => Style::new().bg(self.origin_bg).fg(Color::Indexed(231)),
        }
    }

    /// The board cursor: reversed, so it shows on any terminal, coloured or not.
    pub fn cursor(&self) -> Modifier {
        Modifier::REVERSED
    }

    /// Coordinates around the board.
    pub fn coords(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// A player colour's name as a badge (readable on light and dark terminals: both colours
    /// are set).
    pub fn badge(&self, colour: impl Into<usize>) -> Style {
        match self.kind {
            PaletteKind::Mono => Style::new().add_modifier(Modifier::BOLD),
            _ => self.player(colour).add_modifier(Modifier::BOLD),
        }
    }

    /// Panel titles and headings.
    pub fn title(&self) -> Style {
        Style::new().fg(self.accent).add_modifier(Modifier::BOLD)
    }

    /// Secondary text.
    pub fn muted(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }

    /// Warnings and refusals (illegal picks).
    pub fn warn(&self) -> Style {
        Style::new().fg(self.warn).add_modifier(Modifier::BOLD)
    }

    /// The selected line of a list or menu.
    pub fn selected(&self) -> Style {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD)
    }

    /// A key name in the hint bar and help.
    pub fn key(&self) -> Style {
        Style::new().fg(self.accent).add_modifier(Modifier::BOLD)
    }

    /// The border of the focused panel.
    pub fn focus_border(&self) -> Style {
        Style::new().fg(self.accent).add_modifier(Modifier::BOLD)
    }

    /// A colour a game named ([`NamedColour`]): as a badge (both colours set, so it reads on
    /// light and dark terminals); bold without colour, where its letter carries the meaning.
    pub fn named(&self, colour: &NamedColour) -> Style {
        let (bg, fg) = match self.kind {
            PaletteKind::Standard => colour.standard,
            PaletteKind::ColourBlind => colour.colour_blind,
            PaletteKind::Mono => return Style::new().add_modifier(Modifier::BOLD),
        };
        Style::new()
            .bg(Color::Indexed(bg))
            .fg(Color::Indexed(fg))
            .add_modifier(Modifier::BOLD)
    }

    /// Borders of unfocused panels.
    pub fn border(&self) -> Style {
        Style::new().add_modifier(Modifier::DIM)
    }
}

/// A colour a game names for its own things (Res Arcana's essences, say): how each palette
/// draws it, and the letter that carries its meaning where there is no colour. Games declare
/// theirs as constants and draw them with [`Theme::named`] beside their letter, so every palette
/// keeps them apart and the shell needs to know nothing of them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NamedColour {
    /// The name a player reads ("Elan").
    pub name: &'static str,
    /// The letter shown beside a count, in every palette (the only mark in the mono one).
    pub letter: char,
    /// Background and foreground (256-colour indexed) in the standard palette.
    pub standard: (u8, u8),
    /// The same in the colour-blind palette.
    pub colour_blind: (u8, u8),
}

/// The name of a player colour (0-3).
pub fn colour_name(colour: impl Into<usize>) -> &'static str {
    COLOUR_NAMES[colour.into() % 4]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn palettes_parse_and_cycle() {
        for p in PaletteKind::ALL {
            assert_eq!(p.name().parse::<PaletteKind>(), Ok(p));
        }
        assert!("plaid".parse::<PaletteKind>().is_err());
        assert_eq!(PaletteKind::Mono.next(), PaletteKind::Standard);
    }

    #[test]
    fn named_colours_are_badges_in_colour_and_bold_letters_without() {
        let gold = NamedColour {
            name: "Gold",
            letter: 'G',
            standard: (220, 16),
            colour_blind: (221, 16),
        };
        let standard = Theme::new(PaletteKind::Standard).named(&gold);
        assert_eq!(standard.bg, Some(Color::Indexed(220)));
        assert_eq!(standard.fg, Some(Color::Indexed(16)));
        let cb = Theme::new(PaletteKind::ColourBlind).named(&gold);
        assert_eq!(cb.bg, Some(Color::Indexed(221)));
        let mono = Theme::new(PaletteKind::Mono).named(&gold);
        assert_eq!(mono.bg, None);
        assert!(mono.add_modifier.contains(Modifier::BOLD));
    }

    #[test]
    fn seat_colours_differ_in_colour_palettes() {
        for kind in [PaletteKind::Standard, PaletteKind::ColourBlind] {
            let t = Theme::new(kind);
            let bgs: Vec<_> = (0..4usize).map(|c| t.player(c).bg).collect();
            for i in 0..4 {
                for j in i + 1..4 {
                    assert_ne!(bgs[i], bgs[j], "{kind}: seats {i} and {j}");
                }
            }
        }
    }
}
