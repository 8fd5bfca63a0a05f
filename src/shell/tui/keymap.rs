//! The keymap tables: they decide what a key does in each context, and they are also what the
//! key-hint bar and the help screen are generated from, so they never drift from behaviour.
//!
//! The shell has one table ([`KEYMAP`], its own [`Action`]s); each game's screen brings one more
//! for the game context (its own action type). In the game context the game's keys come first,
//! then the shell's: one key may be bound in both (Space turns a pattern, or lets the AI go on),
//! and the first binding whose action is available wins.

use super::action::Action;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where the player is: each context has its own keys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Context {
    /// Which game to play (shown when the table has more than one).
    Games,
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
            Context::Games => "Choosing a game",
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
    pub const ALL: [Context; 13] = [
        Context::Game,
        Context::PassTo,
        Context::Popup,
        Context::GameOver,
        Context::Replay,
        Context::Saves,
        Context::Games,
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
    /// Any of these letters: the n-th gives the action with digit n (1 for the first), as
    /// [`WithDigit`] makes it (a game's hot keys for the things on its screen).
    Letters(&'static str),
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
            Key::Letters(letters) => {
                let mut chars = letters.chars();
                match (chars.next(), chars.next_back()) {
                    (Some(first), Some(last)) => format!("{first}…{last}"),
                    (Some(one), None) => one.to_string(),
                    _ => String::new(),
                }
            }
        }
    }

    /// The action this key gives for an event, if it matches. `digit` makes the action of a
    /// digit key (the bound action stands for all of them).
    fn matches<A: Copy>(
        self,
        event: &KeyEvent,
        action: A,
        digit: impl Fn(A, u8) -> A,
    ) -> Option<A> {
        let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
        match (self, event.code) {
            (Key::Code(want), code) if want == code && !ctrl => Some(action),
            (Key::Char(want), KeyCode::Char(c)) if want == c && !ctrl => Some(action),
            (Key::Ctrl(want), KeyCode::Char(c)) if ctrl && want.eq_ignore_ascii_case(&c) => {
                Some(action)
            }
            (Key::Options, KeyCode::Char(c @ '1'..='9')) if !ctrl => {
                Some(digit(action, c as u8 - b'0'))
            }
            (Key::Digits, KeyCode::Char(c @ '0'..='9')) if !ctrl => {
                Some(digit(action, c as u8 - b'0'))
            }
            (Key::Letters(letters), KeyCode::Char(c)) if !ctrl => letters
                .chars()
                .position(|l| l == c)
                .map(|i| digit(action, i as u8 + 1)),
            _ => None,
        }
    }
}

/// An action that carries a digit (option 1-9, a typed digit): how a digit key makes it.
pub trait WithDigit: Copy {
    /// This action with digit `d` (actions that carry none ignore it).
    fn with_digit(self, d: u8) -> Self;
}

impl WithDigit for Action {
    fn with_digit(self, d: u8) -> Action {
        match self {
            Action::Option(_) => Action::Option(d),
            Action::Digit(_) => Action::Digit(d),
            other => other,
        }
    }
}

/// One line of a keymap, for actions of type `A`.
#[derive(Clone, Copy, Debug)]
pub struct Binding<A: 'static> {
    pub keys: &'static [Key],
    pub action: A,
    pub contexts: &'static [Context],
    /// Short label for the hint bar.
    pub hint: &'static str,
    /// Bindings sharing a group are shown as one entry in the hint bar ("←↓↑→/hjkl move").
    pub group: Option<&'static str>,
    /// Sentence for the help screen.
    pub help: &'static str,
    /// Whether the hint bar shows it (rarely used keys only appear in the help screen).
    pub in_bar: bool,
    /// A refinement the bar drops first when it is short of room (autoplay's speed, say), so
    /// that the keys a screen cannot be used or left without stay.
    pub minor: bool,
}

impl<A: WithDigit> Binding<A> {
    /// Whether the bar offers this binding now: its action is available, or, for letters that
    /// each stand for one thing on the screen, any of them is (the thing of the first letter
    /// may be gone: a card played from the first place of a hand).
    fn offered(&self, available: &impl Fn(A) -> bool) -> bool {
        let letters = self
            .keys
            .iter()
            .map(|k| match k {
                Key::Letters(letters) => letters.chars().count(),
                _ => 0,
            })
            .max()
            .unwrap_or(0);
        available(self.action)
            || (2..=letters.min(u8::MAX as usize) as u8)
                .any(|d| available(self.action.with_digit(d)))
    }
}

impl<A: 'static> Binding<A> {
    /// A key of a game's own screen (it acts in the game context only), as each game's table of
    /// keys lists them.
    pub const fn game(
        keys: &'static [Key],
        action: A,
        hint: &'static str,
        group: Option<&'static str>,
        help: &'static str,
        in_bar: bool,
    ) -> Binding<A> {
        Binding {
            keys,
            action,
            contexts: &[Context::Game],
            hint,
            group,
            help,
            in_bar,
            minor: false,
        }
    }
}

use Context as C;
use KeyCode as K;

const LIST_CONTEXTS: &[Context] = &[
    C::Games,
    C::Menu,
    C::Form,
    C::Popup,
    C::Rules,
    C::Help,
    C::Saves,
];
const EVERYWHERE_BUT_HELP: &[Context] = &[
    C::Game,
    C::Games,
    C::Menu,
    C::Form,
    C::Rules,
    C::PassTo,
    C::GameOver,
    C::Popup,
    C::Replay,
    C::Saves,
];

/// A binding of the shell's table (for brevity below).
const fn bind(
    keys: &'static [Key],
    action: Action,
    contexts: &'static [Context],
    hint: &'static str,
    help: &'static str,
) -> Binding<Action> {
    Binding {
        keys,
        action,
        contexts,
        hint,
        group: None,
        help,
        in_bar: true,
        minor: false,
    }
}

/// The shell's table. Order matters twice: the first match wins, and the hint bar follows it.
pub const KEYMAP: &[Binding<Action>] = &[
    Binding {
        group: Some("step"),
        ..bind(
            &[Key::Code(K::Left), Key::Char('h')],
            Action::Left,
            &[C::Replay],
            "back",
            "Back one decision.",
        )
    },
    Binding {
        group: Some("step"),
        ..bind(
            &[Key::Code(K::Right), Key::Char('l')],
            Action::Right,
            &[C::Replay],
            "forward",
            "On one decision.",
        )
    },
    Binding {
        group: Some("turn"),
        ..bind(
            &[Key::Code(K::Up), Key::Char('k')],
            Action::Up,
            &[C::Replay],
            "previous turn",
            "Back to the start of this turn (or of the one before, when already there).",
        )
    },
    Binding {
        group: Some("turn"),
        ..bind(
            &[Key::Code(K::Down), Key::Char('j')],
            Action::Down,
            &[C::Replay],
            "next turn",
            "On to the start of the next turn.",
        )
    },
    Binding {
        minor: true,
        ..bind(
            &[Key::Code(K::Home), Key::Char('g')],
            Action::ToStart,
            &[C::Replay],
            "start",
            "Jump to the start of the game.",
        )
    },
    Binding {
        minor: true,
        ..bind(
            &[Key::Code(K::End), Key::Char('G')],
            Action::ToEnd,
            &[C::Replay],
            "end",
            "Jump to the end of the record.",
        )
    },
    Binding {
        minor: true,
        ..bind(
            &[Key::Digits],
            Action::Digit(0),
            &[C::Replay],
            "turn no.",
            "Type a turn number (then Enter jumps to the start of that turn).",
        )
    },
    Binding {
        minor: true,
        ..bind(
            &[Key::Code(K::Enter)],
            Action::Select,
            &[C::Replay],
            "jump",
            "Jump to the turn typed.",
        )
    },
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Code(K::Backspace)],
            Action::Erase,
            &[C::Replay],
            "erase",
            "Erase the last digit of the turn number.",
        )
    },
    bind(
        &[Key::Char(' '), Key::Char('a')],
        Action::Autoplay,
        &[C::Replay],
        "autoplay",
        "Start or stop playing the decisions one after another by themselves.",
    ),
    Binding {
        minor: true,
        ..bind(
            &[Key::Char('+'), Key::Char('=')],
            Action::Faster,
            &[C::Replay],
            "faster",
            "Autoplay faster.",
        )
    },
    Binding {
        minor: true,
        ..bind(
            &[Key::Char('-')],
            Action::Slower,
            &[C::Replay],
            "slower",
            "Autoplay slower.",
        )
    },
    bind(
        &[Key::Char('v'), Key::Code(K::Tab)],
        Action::Perspective,
        &[C::Replay],
        "view",
        "Watch as another seat (its hand only), or every hand; no hand while a game is unfinished.",
    ),
    Binding {
        group: Some("move"),
        ..bind(
            &[Key::Code(K::Left), Key::Char('h')],
            Action::Left,
            &[C::Form, C::Rules],
            "left",
            "Change a setting (new game), or the previous page.",
        )
    },
    Binding {
        group: Some("move"),
        ..bind(
            &[Key::Code(K::Down), Key::Char('j')],
            Action::Down,
            LIST_CONTEXTS,
            "down",
            "Move the highlighted line down.",
        )
    },
    Binding {
        group: Some("move"),
        ..bind(
            &[Key::Code(K::Up), Key::Char('k')],
            Action::Up,
            LIST_CONTEXTS,
            "up",
            "Move the highlighted line up.",
        )
    },
    Binding {
        group: Some("move"),
        ..bind(
            &[Key::Code(K::Right), Key::Char('l')],
            Action::Right,
            &[C::Form, C::Rules],
            "right",
            "Change a setting (new game), or the next page.",
        )
    },
    bind(
        &[Key::Code(K::Enter)],
        Action::Select,
        &[
            C::Games,
            C::Menu,
            C::Form,
            C::PassTo,
            C::GameOver,
            C::Popup,
            C::Notice,
            C::Saves,
        ],
        "choose",
        "Take the highlighted entry, or confirm.",
    ),
    bind(
        &[Key::Char(' ')],
        Action::Continue,
        &[C::Game],
        "next AI step",
        "While the AI plays: show its next step now instead of waiting.",
    ),
    bind(
        &[Key::Options],
        Action::Option(1),
        &[C::Popup, C::Menu, C::Games],
        "option",
        "Take entry 1-9 of a list.",
    ),
    bind(
        &[Key::Char('u')],
        Action::Undo,
        &[C::Game],
        "undo",
        "Take back your last decision this turn (never past a card drawn or shuffled).",
    ),
    bind(
        &[Key::Char('c')],
        Action::Choices,
        &[C::Game],
        "list all",
        "List every legal choice of the pending decision, in words, and take one.",
    ),
    bind(
        &[Key::Char('i')],
        Action::Hint,
        &[C::Game],
        "hint",
        "Ask the AI (it sees only what you see) for a hint; the screen selects its choice.",
    ),
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Ctrl('r')],
            Action::Resign,
            &[C::Game],
            "resign",
            "Resign the game (two-sided games only; asks first): the other side wins.",
        )
    },
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Code(K::PageUp)],
            Action::PageUp,
            &[C::Game, C::Rules, C::Help, C::Replay],
            "log up",
            "Scroll the event log (or the text) back.",
        )
    },
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Code(K::PageDown)],
            Action::PageDown,
            &[C::Game, C::Rules, C::Help, C::Replay],
            "log down",
            "Scroll the event log (or the text) forward.",
        )
    },
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Digits],
            Action::Digit(0),
            &[C::Form],
            "type seed",
            "Type the seed (on the seed line; empty means a random game).",
        )
    },
    Binding {
        in_bar: false,
        ..bind(
            &[Key::Code(K::Backspace)],
            Action::Erase,
            &[C::Form],
            "erase",
            "Erase the last digit of the seed.",
        )
    },
    bind(
        &[Key::Char('d'), Key::Code(K::Delete)],
        Action::Delete,
        &[C::Saves],
        "delete",
        "Delete the highlighted save (asks first; not a game open in another copy).",
    ),
    bind(
        &[Key::Char('p')],
        Action::Palette,
        &[C::Games, C::Menu, C::Form],
        "palette",
        "Switch the colours: standard, colour-blind safe, or none.",
    ),
    bind(
        &[Key::Char('y')],
        Action::Yes,
        &[C::Confirm],
        "yes",
        "Answer yes.",
    ),
    bind(
        &[Key::Char('n')],
        Action::No,
        &[C::Confirm],
        "no",
        "Answer no.",
    ),
    bind(
        &[Key::Code(K::Esc)],
        Action::Back,
        &[
            C::Menu,
            C::Form,
            C::Rules,
            C::Popup,
            C::Confirm,
            C::Notice,
            C::Help,
            C::Replay,
            C::Saves,
        ],
        "back",
        "Close the window, or go back.",
    ),
    bind(
        &[Key::Char('?'), Key::Char('q')],
        Action::Back,
        &[C::Help],
        "close",
        "Close the help.",
    ),
    bind(
        &[Key::Char('?')],
        Action::Help,
        EVERYWHERE_BUT_HELP,
        "help",
        "Show this help: every key there is.",
    ),
    bind(
        &[Key::Char('q'), Key::Ctrl('c')],
        Action::Quit,
        EVERYWHERE_BUT_HELP,
        "quit",
        "Quit (asks first while a game is in progress).",
    ),
];

/// The action a key gives among `bindings` in `context`. A key bound twice (Space turns a
/// pattern, or lets the AI go on) gives the first action that is `available` now, else the first
/// match.
pub fn action_for<A: WithDigit>(
    bindings: &[Binding<A>],
    context: Context,
    event: &KeyEvent,
    available: impl Fn(A) -> bool,
) -> Option<A> {
    let mut matches = bindings
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .filter_map(|b| {
            b.keys
                .iter()
                .find_map(|k| k.matches(event, b.action, A::with_digit))
        });
    let first = matches.next()?;
    if available(first) {
        return Some(first);
    }
    Some(matches.find(|a| available(*a)).unwrap_or(first))
}

/// Every action a key gives among `bindings` in `context`, in table order.
pub fn matching<A: WithDigit>(
    bindings: &[Binding<A>],
    context: Context,
    event: &KeyEvent,
) -> Vec<A> {
    bindings
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .filter_map(|b| {
            b.keys
                .iter()
                .find_map(|k| k.matches(event, b.action, A::with_digit))
        })
        .collect()
}

/// The shell's action of a key in a context.
pub fn shell_action(
    context: Context,
    event: &KeyEvent,
    available: impl Fn(Action) -> bool,
) -> Option<Action> {
    action_for(KEYMAP, context, event, available)
}

/// Every binding of a context in a table, in table order.
pub fn bindings<A>(
    table: &'static [Binding<A>],
    context: Context,
) -> impl Iterator<Item = &'static Binding<A>> {
    table.iter().filter(move |b| b.contexts.contains(&context))
}

/// The keys of a binding as written in the help ("↑ k").
pub fn keys_text<A>(binding: &Binding<A>) -> String {
    binding
        .keys
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One line of the help screen: the keys and what they do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpLine {
    pub keys: String,
    pub help: &'static str,
}

/// The help lines of a context in a table.
pub fn help_lines<A>(table: &'static [Binding<A>], context: Context) -> Vec<HelpLine> {
    bindings(table, context)
        .map(|b| HelpLine {
            keys: keys_text(b),
            help: b.help,
        })
        .collect()
}

/// One entry of the hint bar: keys and label.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub keys: String,
    pub label: String,
    /// Dropped first when the bar is short of room ([`Binding::minor`]).
    pub minor: bool,
}

/// Collects hint-bar entries: bindings shown in the bar whose action is available, with grouped
/// bindings merged ("←↓↑→/hjkl move"). Feed it one table after another with [`HintBar::add`].
#[derive(Default)]
pub struct HintBar {
    out: Vec<Hint>,
    group: Option<(&'static str, Vec<String>, Vec<String>)>,
}

impl HintBar {
    /// Adds the bar entries of `table` in `context`.
    pub fn add<A: WithDigit>(
        mut self,
        table: &'static [Binding<A>],
        context: Context,
        available: impl Fn(A) -> bool,
    ) -> HintBar {
        for b in bindings(table, context).filter(|b| b.in_bar && b.offered(&available)) {
            match b.group {
                Some(g) => {
                    if self.group.as_ref().is_some_and(|(name, ..)| *name != g) {
                        self.flush();
                    }
                    let entry = self.group.get_or_insert((g, Vec::new(), Vec::new()));
                    if let Some(k) = b.keys.first() {
                        entry.1.push(k.name());
                    }
                    if let Some(k) = b.keys.get(1) {
                        entry.2.push(k.name());
                    }
                }
                None => {
                    self.flush();
                    // The first key is enough for the bar; the help lists every key.
                    let keys = b.keys.first().map(|k| k.name()).unwrap_or_default();
                    // The same label twice (Space turns the pattern and continues) shows once.
                    if !self.out.iter().any(|h| h.label == b.hint) {
                        self.out.push(Hint {
                            keys,
                            label: b.hint.to_string(),
                            minor: b.minor,
                        });
                    }
                }
            }
        }
        self.flush();
        self
    }

    fn flush(&mut self) {
        if let Some((label, first, second)) = self.group.take() {
            let mut keys = first.concat();
            if !second.is_empty() {
                keys.push('/');
                keys.push_str(&second.concat());
            }
            self.out.push(Hint {
                keys,
                label: label.to_string(),
                minor: false,
            });
        }
    }

    /// The entries collected.
    pub fn finish(mut self) -> Vec<Hint> {
        self.flush();
        self.out
    }
}

/// The hint bar of a shell context: its bindings whose action `available` accepts.
pub fn hints(context: Context, available: impl Fn(Action) -> bool) -> Vec<Hint> {
    HintBar::default().add(KEYMAP, context, available).finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn action(context: Context, event: &KeyEvent) -> Option<Action> {
        shell_action(context, event, |_| true)
    }

    #[test]
    fn keys_map_to_actions_by_context() {
        assert_eq!(
            action(Context::Menu, &key(KeyCode::Char('j'))),
            Some(Action::Down)
        );
        assert_eq!(
            action(Context::Popup, &key(KeyCode::Char('3'))),
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
        let bar = hints(Context::Menu, |_| true);
        assert_eq!(bar[0].keys, "↓↑/jk");
        assert_eq!(bar[0].label, "move");
        let none = hints(Context::Menu, |a| a == Action::Help);
        assert_eq!(none.len(), 1);
    }
}
