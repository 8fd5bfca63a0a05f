//! What the player asks for, independent of the key or click that asked for it.
//!
//! The event loop turns keys into actions through the keymap (`keymap.rs`) and clicks into actions
//! through the screen layout; the app only ever handles actions.

/// One request from the player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    Up,
    Down,
    Left,
    Right,
    /// Enter: take the thing under the cursor or the highlighted entry.
    Select,
    /// Esc: cancel the current selection or leave the screen.
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
    /// Discard the highlighted being card.
    Discard,
    /// Open the list of every legal choice.
    Choices,
    /// Pick option 1-9 of the decision panel or popup.
    Option(u8),
    /// A digit typed into a text field (seed).
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
    /// Ask the AI which choice it would make here (from your own view).
    Hint,
}
