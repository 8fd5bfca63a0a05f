//! The one keymap table: it decides what a key does in each context, and it is also what the
//! key-hint bar and the help screen are generated from, so they never drift from behaviour.

use super::action::Action;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where the player is: each context has its own keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Context {
    Menu,
    Form,
    Rules,
    Game,
    PassTo,
    GameOver,
    Popup,
    Confirm,
    Notice,
    Help,
    /// The replay viewer.
    Replay,
    /// The list of saved games (load, replay).
    Saves,
}

impl Context {
    /// Heading of the context in the help screen.
    pub fn title(self) -> &'static str {
        match self {
            Context::Menu => "Main menu",
            Context::Form => "New game",
            Context::Rules => "Rules",
            Context::Game => "Playing",
            Context::PassTo => "Passing the keyboard",
            Context::GameOver => "Game over",
            Context::Popup => "Choice lists",
            Context::Confirm => "Questions",
            Context::Notice => "Messages",
            Context::Help => "This help",
            Context::Replay => "Replaying a saved game",
            Context::Saves => "Saved games",
        }
    }

    /// The order of the help screen.
    pub const ALL: [Context; 12] = [
        Context::Game,
        Context::PassTo,
        Context::Popup,
        Context::GameOver,
        Context::Replay,
        Context::Saves,
        Context::Menu,
        Context::Form,
        Context::Rules,
        Context::Confirm,
        Context::Notice,
        Context::Help,
    ];
}

/// A key as the table writes it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Key {
    Code(KeyCode),
    Char(char),
    Ctrl(char),
    /// Any of 1-9 (gives [`Action::Option`]).
    Options,
    /// Any of 0-9 (gives [`Action::Digit`]).
    Digits,
}

impl Key {
    /// How the key is written in the hint bar and help.
    pub fn name(self) -> String {
        match self {
            Key::Code(code) => match code {
                KeyCode::Up => "↑".into(),
                KeyCode::Down => "↓".into(),
                KeyCode::Left => "←".into(),
                KeyCode::Right => "→".into(),
                KeyCode::Enter => "Enter".into(),
                KeyCode::Esc => "Esc".into(),
                KeyCode::Tab => "Tab".into(),
                KeyCode::BackTab => "S-Tab".into(),
                KeyCode::Backspace => "Bksp".into(),
                KeyCode::PageUp => "PgUp".into(),
                KeyCode::PageDown => "PgDn".into(),
                other => format!("{other}"),
            },
            Key::Char(' ') => "Space".into(),
            Key::Char(c) => c.to_string(),
            Key::Ctrl(c) => format!("^{}", c.to_ascii_uppercase()),
            Key::Options => "1-9".into(),
            Key::Digits => "0-9".into(),
        }
    }

    /// The action this key gives for an event, if it matches.
    fn matches(self, event: &KeyEvent, action: Action) -> Option<Action> {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        match (self, event.code) {
            (Key::Code(want), code) if want == code && !ctrl => Some(action),
            (Key::Char(want), KeyCode::Char(c)) if want == c && !ctrl => Some(action),
            (Key::Ctrl(want), KeyCode::Char(c)) if ctrl && want.eq_ignore_ascii_case(&c) => {
                Some(action)
            }
            (Key::Options, KeyCode::Char(c @ '1'..='9')) if !ctrl => {
                Some(Action::Option(c as u8 - b'0'))
            }
            (Key::Digits, KeyCode::Char(c @ '0'..='9')) if !ctrl => {
                Some(Action::Digit(c as u8 - b'0'))
            }
            _ => None,
        }
    }
}

/// One line of the keymap.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub keys: &'static [Key],
    pub action: Action,
    pub contexts: &'static [Context],
    /// Short label for the hint bar.
    pub hint: &'static str,
    /// Bindings sharing a group are shown as one entry in the hint bar ("←↓↑→/hjkl move").
    pub group: Option<&'static str>,
    /// Sentence for the help screen.
    pub help: &'static str,
    /// Whether the hint bar shows it (rarely used keys only appear in the help screen).
    pub in_bar: bool,
}

use Context as C;
use KeyCode as K;

const MOVE_CONTEXTS: &[Context] = &[
    C::Game,
    C::Menu,
    C::Form,
    C::Popup,
    C::Rules,
    C::Help,
    C::Saves,
];
const EVERYWHERE_BUT_HELP: &[Context] = &[
    C::Game,
    C::Menu,
    C::Form,
    C::Rules,
    C::PassTo,
    C::GameOver,
    C::Popup,
    C::Replay,
    C::Saves,
];

/// The table. Order matters twice: the first match wins, and the hint bar follows it.
pub const KEYMAP: &[Binding] = &[
    Binding {
        keys: &[Key::Code(K::Left), Key::Char('h')],
        action: Action::Left,
        contexts: &[C::Replay],
        hint: "back",
        group: Some("step"),
        help: "Back one decision.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Right), Key::Char('l')],
        action: Action::Right,
        contexts: &[C::Replay],
        hint: "forward",
        group: Some("step"),
        help: "On one decision.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Up), Key::Char('k')],
        action: Action::Up,
        contexts: &[C::Replay],
        hint: "previous turn",
        group: Some("turn"),
        help: "Back to the start of this turn (or of the one before, when already there).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Down), Key::Char('j')],
        action: Action::Down,
        contexts: &[C::Replay],
        hint: "next turn",
        group: Some("turn"),
        help: "On to the start of the next turn.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Home), Key::Char('g')],
        action: Action::ToStart,
        contexts: &[C::Replay],
        hint: "start",
        group: None,
        help: "Jump to the start of the game.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::End), Key::Char('G')],
        action: Action::ToEnd,
        contexts: &[C::Replay],
        hint: "end",
        group: None,
        help: "Jump to the end of the record.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Digits],
        action: Action::Digit(0),
        contexts: &[C::Replay],
        hint: "turn no.",
        group: None,
        help: "Type a turn number (then Enter jumps to the start of that turn).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Enter)],
        action: Action::Select,
        contexts: &[C::Replay],
        hint: "jump",
        group: None,
        help: "Jump to the turn typed.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Backspace)],
        action: Action::Erase,
        contexts: &[C::Replay],
        hint: "erase",
        group: None,
        help: "Erase the last digit of the turn number.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Char(' '), Key::Char('a')],
        action: Action::Autoplay,
        contexts: &[C::Replay],
        hint: "autoplay",
        group: None,
        help: "Start or stop playing the decisions one after another by themselves.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('+'), Key::Char('=')],
        action: Action::Faster,
        contexts: &[C::Replay],
        hint: "faster",
        group: None,
        help: "Autoplay faster.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('-')],
        action: Action::Slower,
        contexts: &[C::Replay],
        hint: "slower",
        group: None,
        help: "Autoplay slower.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('v'), Key::Code(K::Tab)],
        action: Action::Perspective,
        contexts: &[C::Replay],
        hint: "view",
        group: None,
        help: "Watch as the next seat (its hand only), or see every hand once the game is over.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Left), Key::Char('h')],
        action: Action::Left,
        contexts: &[C::Game, C::Form, C::Rules],
        hint: "left",
        group: Some("move"),
        help: "Move the cursor left (board), or change a setting (new game), or the previous page.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Down), Key::Char('j')],
        action: Action::Down,
        contexts: MOVE_CONTEXTS,
        hint: "down",
        group: Some("move"),
        help: "Move the cursor or the highlighted line down.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Up), Key::Char('k')],
        action: Action::Up,
        contexts: MOVE_CONTEXTS,
        hint: "up",
        group: Some("move"),
        help: "Move the cursor or the highlighted line up.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Right), Key::Char('l')],
        action: Action::Right,
        contexts: &[C::Game, C::Form, C::Rules],
        hint: "right",
        group: Some("move"),
        help: "Move the cursor right (board), or change a setting (new game), or the next page.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Enter)],
        action: Action::Select,
        contexts: &[
            C::Game,
            C::Menu,
            C::Form,
            C::PassTo,
            C::GameOver,
            C::Popup,
            C::Notice,
            C::Saves,
        ],
        hint: "choose",
        group: None,
        help: "Take the highlighted square, card or option (place, summon, pick, confirm).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Tab)],
        action: Action::FocusNext,
        contexts: &[C::Game],
        hint: "panels",
        group: None,
        help: "Move between the board, your hand and the options of the decision.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::BackTab)],
        action: Action::FocusPrev,
        contexts: &[C::Game],
        hint: "back",
        group: None,
        help: "Move between the panels in the other direction.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Char(' '), Key::Char('r')],
        action: Action::Cycle,
        contexts: &[C::Game],
        hint: "turn pattern",
        group: None,
        help: "Summoning: show the next orientation of the pattern on the square under the cursor.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('R')],
        action: Action::CycleBack,
        contexts: &[C::Game],
        hint: "previous",
        group: None,
        help: "Summoning: show the previous orientation of the pattern.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Char(' ')],
        action: Action::Continue,
        contexts: &[C::Game],
        hint: "next AI step",
        group: None,
        help: "While the AI plays: show its next step now instead of waiting.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('s')],
        action: Action::Skip,
        contexts: &[C::Game],
        hint: "skip",
        group: None,
        help: "Skip an optional step (\"may\", \"up to\"), stop returning cards, or claim no task.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('e')],
        action: Action::EndTurn,
        contexts: &[C::Game],
        hint: "end turn",
        group: None,
        help: "End the turn (when no action is left, or none can be used).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Options],
        action: Action::Option(1),
        contexts: &[C::Game, C::Popup, C::Menu],
        hint: "option",
        group: None,
        help: "Take option 1-9 of the decision panel (or of a list).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('u')],
        action: Action::Undo,
        contexts: &[C::Game],
        hint: "undo",
        group: None,
        help: "Take back your last decision this turn (never past a card drawn or shuffled).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('x')],
        action: Action::Discard,
        contexts: &[C::Game],
        hint: "discard",
        group: None,
        help: "Discard the highlighted being card (one discard per turn; it uses an action).",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('c')],
        action: Action::Choices,
        contexts: &[C::Game],
        hint: "list all",
        group: None,
        help: "List every legal choice of the pending decision, in words, and take one.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('i')],
        action: Action::Hint,
        contexts: &[C::Game],
        hint: "hint",
        group: None,
        help: "Ask the AI (it sees only what you see) for a hint; the cursor goes to its choice.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::PageUp)],
        action: Action::PageUp,
        contexts: &[C::Game, C::Rules, C::Help, C::Replay],
        hint: "log up",
        group: None,
        help: "Scroll the event log (or the text) back.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Code(K::PageDown)],
        action: Action::PageDown,
        contexts: &[C::Game, C::Rules, C::Help, C::Replay],
        hint: "log down",
        group: None,
        help: "Scroll the event log (or the text) forward.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Digits],
        action: Action::Digit(0),
        contexts: &[C::Form],
        hint: "type seed",
        group: None,
        help: "Type the seed (on the seed line; empty means a random game).",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Code(K::Backspace)],
        action: Action::Erase,
        contexts: &[C::Form],
        hint: "erase",
        group: None,
        help: "Erase the last digit of the seed.",
        in_bar: false,
    },
    Binding {
        keys: &[Key::Char('p')],
        action: Action::Palette,
        contexts: &[C::Menu, C::Form],
        hint: "palette",
        group: None,
        help: "Switch the colours: standard, colour-blind safe, or none.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('y')],
        action: Action::Yes,
        contexts: &[C::Confirm],
        hint: "yes",
        group: None,
        help: "Answer yes.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('n')],
        action: Action::No,
        contexts: &[C::Confirm],
        hint: "no",
        group: None,
        help: "Answer no.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Code(K::Esc)],
        action: Action::Back,
        contexts: &[
            C::Game,
            C::Form,
            C::Rules,
            C::Popup,
            C::Confirm,
            C::Notice,
            C::Help,
            C::Replay,
            C::Saves,
        ],
        hint: "back",
        group: None,
        help: "Cancel the current selection, close the window, or go back.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('?'), Key::Char('q')],
        action: Action::Back,
        contexts: &[C::Help],
        hint: "close",
        group: None,
        help: "Close the help.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('?')],
        action: Action::Help,
        contexts: EVERYWHERE_BUT_HELP,
        hint: "help",
        group: None,
        help: "Show this help: every key, generated from the same table as the hint bar.",
        in_bar: true,
    },
    Binding {
        keys: &[Key::Char('q'), Key::Ctrl('c')],
        action: Action::Quit,
        contexts: EVERYWHERE_BUT_HELP,
        hint: "quit",
        group: None,
        help: "Quit (asks first while a game is in progress).",
        in_bar: true,
    },
];

/// The action of a key in a context. A key bound twice in one context (Space turns the pattern,
/// or lets the AI go on) gives the first action that is `available` now, else the first match.
pub fn action_for(
    context: Context,
    event: &KeyEvent,
    available: impl Fn(Action) -> bool,
) -> Option<Action> {
    let mut matches = KEYMAP
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .filter_map(|b| b.keys.iter().find_map(|k| k.matches(event, b.action)));
    let first = matches.next()?;
    if available(first) {
        return Some(first);
    }
    Some(matches.find(|a| available(*a)).unwrap_or(first))
}

/// Every binding of a context, in table order.
pub fn bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    KEYMAP.iter().filter(move |b| b.contexts.contains(&context))
}

/// The keys of a binding as written in the help ("↑ k").
pub fn keys_text(binding: &Binding) -> String {
    binding
        .keys
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One entry of the hint bar: keys and label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub keys: String,
    pub label: String,
}

/// The hint bar of a context: bindings shown in the bar whose action `available` accepts, with
/// grouped bindings merged ("←↓↑→/hjkl move").
pub fn hints(context: Context, available: impl Fn(Action) -> bool) -> Vec<Hint> {
    let mut out: Vec<Hint> = Vec::new();
    let mut group: Option<(&str, Vec<String>, Vec<String>)> = None;
    let flush = |group: &mut Option<(&str, Vec<String>, Vec<String>)>, out: &mut Vec<Hint>| {
        if let Some((label, first, second)) = group.take() {
            let mut keys = first.concat();
            if !second.is_empty() {
                keys.push('/');
                keys.push_str(&second.concat());
            }
            out.push(Hint {
                keys,
                label: label.to_string(),
            });
        }
    };
    for b in bindings(context).filter(|b| b.in_bar && available(b.action)) {
        match b.group {
            Some(g) => {
                if group.as_ref().is_some_and(|(name, ..)| *name != g) {
                    flush(&mut group, &mut out);
                }
                let entry = group.get_or_insert((g, Vec::new(), Vec::new()));
                if let Some(k) = b.keys.first() {
                    entry.1.push(k.name());
                }
                if let Some(k) = b.keys.get(1) {
                    entry.2.push(k.name());
                }
            }
            None => {
                flush(&mut group, &mut out);
                // The first key is enough for the bar; the help lists every key.
                let keys = b.keys.first().map(|k| k.name()).unwrap_or_default();
                // The same action bound twice in one context (Space cycles and continues) shows once.
                if !out.iter().any(|h| h.label == b.hint) {
                    out.push(Hint {
                        keys,
                        label: b.hint.to_string(),
                    });
                }
            }
        }
    }
    flush(&mut group, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn action(context: Context, event: &KeyEvent) -> Option<Action> {
        action_for(context, event, |_| true)
    }

    #[test]
    fn shared_keys_follow_availability() {
        let space = key(KeyCode::Char(' '));
        assert_eq!(action(Context::Game, &space), Some(Action::Cycle));
        assert_eq!(
            action_for(Context::Game, &space, |a| a == Action::Continue),
            Some(Action::Continue)
        );
        assert_eq!(
            action_for(Context::Game, &space, |_| false),
            Some(Action::Cycle)
        );
    }

    #[test]
    fn keys_map_to_actions_by_context() {
        assert_eq!(
            action(Context::Game, &key(KeyCode::Char('j'))),
            Some(Action::Down)
        );
        assert_eq!(
            action(Context::Game, &key(KeyCode::Char('3'))),
            Some(Action::Option(3))
        );
        assert_eq!(
            action(Context::Form, &key(KeyCode::Char('0'))),
            Some(Action::Digit(0))
        );
        assert_eq!(
            action(Context::Help, &key(KeyCode::Char('q'))),
            Some(Action::Back)
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(action(Context::Game, &ctrl_c), Some(Action::Quit));
        assert_eq!(
            action(Context::Game, &key(KeyCode::Char('c'))),
            Some(Action::Choices)
        );
    }

    #[test]
    fn movement_keys_merge_in_the_bar() {
        let bar = hints(Context::Game, |_| true);
        assert_eq!(bar[0].keys, "←↓↑→/hjkl");
        assert_eq!(bar[0].label, "move");
        let none = hints(Context::Game, |a| a == Action::Help);
        assert_eq!(none.len(), 1);
    }
}
