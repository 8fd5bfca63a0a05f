//! The arena screen's actions and the one table of keys that drives them, the key bar and the
//! help (the shell adds help, quit, undo, hints, the log and AI steps).

use crate::shell::tui::keymap::{Binding, Key, WithDigit};
use ratatui::crossterm::event::KeyCode;

/// What the player asks of the arena screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ArenaAction {
    Up,
    Down,
    Left,
    Right,
    /// Enter: take the thing under the cursor or the highlighted entry.
    Select,
    /// Esc: cancel the current selection.
    Back,
    FocusNext,
    FocusPrev,
    /// Next summoning orientation at the cursor.
    Cycle,
    /// Previous summoning orientation at the cursor.
    CycleBack,
    /// Skip an optional step (or stop returning cards, claim no task).
    Skip,
    EndTurn,
    /// Select the highlighted being card for discarding (Enter then confirms).
    Discard,
    /// Pick option 1-9 of the decision panel.
    Option(u8),
    /// The hot key of the n-th hand entry (1 for the first): take that card (summon it, play
    /// it, thaw it), or show its next summoning when it is already taken.
    Card(u8),
    /// Play the warp effect of the highlighted card.
    Warp,
    /// Show the highlighted card in full (its whole text), or close it.
    View,
    /// Show the discard piles and the decks' counts, or close them.
    Piles,
    /// Show the whole score board, or close it.
    Score,
}

/// The hot keys of the hand entries, in order (letters no other key of the game screen uses).
pub const HAND_KEYS: &str = "abdfgmnoyz";

/// The hot key of hand entry `i`, if it has one.
pub fn hand_key(i: usize) -> Option<char> {
    HAND_KEYS.chars().nth(i)
}

impl WithDigit for ArenaAction {
    fn with_digit(self, d: u8) -> ArenaAction {
        match self {
            ArenaAction::Option(_) => ArenaAction::Option(d),
            ArenaAction::Card(_) => ArenaAction::Card(d),
            other => other,
        }
    }
}

use ArenaAction as A;
use KeyCode as K;

/// The arena screen's keys (the shell adds help, quit, undo, hints, the log and AI steps).
pub const KEYS: &[Binding<ArenaAction>] = &[
    Binding::game(
        &[Key::Code(K::Left), Key::Char('h')],
        A::Left,
        "left",
        Some("move"),
        "Move the cursor left (board), or through your hand and the options.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Down), Key::Char('j')],
        A::Down,
        "down",
        Some("move"),
        "Move the cursor down.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Up), Key::Char('k')],
        A::Up,
        "up",
        Some("move"),
        "Move the cursor up.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Right), Key::Char('l')],
        A::Right,
        "right",
        Some("move"),
        "Move the cursor right.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Enter)],
        A::Select,
        "choose",
        None,
        "Take the highlighted square, card or option (place, summon, pick, confirm).",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Tab)],
        A::FocusNext,
        "panels",
        None,
        "Move between the board, your hand and the options of the decision.",
        true,
    ),
    Binding::game(
        &[Key::Code(K::BackTab)],
        A::FocusPrev,
        "back",
        None,
        "Move between the panels in the other direction.",
        false,
    ),
    Binding::game(
        &[Key::Letters(HAND_KEYS)],
        A::Card(1),
        "card",
        None,
        "Take the hand card with this letter (a flare waits for Enter); again: its next summoning.",
        true,
    ),
    Binding::game(
        &[Key::Char(' '), Key::Char('r')],
        A::Cycle,
        "next way",
        None,
        "Summoning: the next way (another orientation here, then the next lit square).",
        true,
    ),
    Binding::game(
        &[Key::Char('R')],
        A::CycleBack,
        "previous",
        None,
        "Summoning: the previous way to summon the card.",
        false,
    ),
    Binding::game(
        &[Key::Char('w')],
        A::Warp,
        "warp",
        None,
        "Play the highlighted card's warp effect (free; the card then waits as your pending being).",
        true,
    ),
    Binding::game(
        &[Key::Char('v')],
        A::View,
        "view card",
        None,
        "Show the highlighted card in full (or close it); ← → show the other cards.",
        true,
    ),
    Binding::game(
        &[Key::Char('t')],
        A::Score,
        "score",
        None,
        "Show the whole score board (points to come, counts for the flares, tasks), or close it.",
        false,
    ),
    Binding::game(
        &[Key::Char('p')],
        A::Piles,
        "piles",
        None,
        "Show every discard pile and how many cards each deck has left (or close it).",
        false,
    ),
    Binding::game(
        &[Key::Char('s')],
        A::Skip,
        "skip",
        None,
        "Skip an optional step (\"may\", \"up to\"), stop returning cards, or claim no task.",
        true,
    ),
    Binding::game(
        &[Key::Char('e')],
        A::EndTurn,
        "end turn",
        None,
        "End the turn (when no action is left, or none can be used).",
        true,
    ),
    Binding::game(
        &[Key::Options],
        A::Option(1),
        "option",
        None,
        "Take option 1-9 of the decision panel.",
        true,
    ),
    Binding::game(
        &[Key::Char('x')],
        A::Discard,
        "discard",
        None,
        "Select the highlighted being to discard, Enter confirms (once a turn; uses an action).",
        true,
    ),
    Binding::game(
        &[Key::Code(K::Esc)],
        A::Back,
        "cancel",
        None,
        "Cancel the current selection.",
        true,
    ),
];
