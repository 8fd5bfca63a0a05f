//! What the player asks the shell for, independent of the key or click that asked for it.
//!
//! A game's screen has actions of its own (its `GameUi::Action`); these are the ones every
//! screen of the table shares: moving through lists, menus, help, quitting, undo, hints, replay.

/// One request from the player to the shell.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Enter: take the highlighted entry.
    Select,
    /// Esc: close the window or go back.
    Back,
    /// Pick entry 1-9 of a menu or list.
    Option(u8),
    /// A digit typed into a text field (seed, turn number).
    Digit(u8),
    /// Backspace in a text field.
    Erase,
    Help,
    Quit,
    Yes,
    No,
    /// Scroll the event log (or a long text) up a page.
    PageUp,
    /// Scroll the event log (or a long text) down a page.
    PageDown,
    /// Let the next AI step happen now instead of waiting.
    Continue,
    /// Switch to the next colour palette.
    Palette,
    /// Take back the last decision (live play).
    Undo,
    /// Ask the AI which choice it would make here (from your own view).
    Hint,
    /// Open the list of every legal choice, in words.
    Choices,
    /// Give the game up (two-sided games; asks first).
    Resign,
    /// Replay: go to the start of the game.
    ToStart,
    /// Replay: go to the end of the record.
    ToEnd,
    /// Replay: start or stop playing the decisions by themselves.
    Autoplay,
    /// Replay: autoplay faster.
    Faster,
    /// Replay: autoplay slower.
    Slower,
    /// Replay: watch through the next seat's eyes (or everyone's, once the game is over).
    Perspective,
    /// Saves list: delete the highlighted save (asks first).
    Delete,
}
