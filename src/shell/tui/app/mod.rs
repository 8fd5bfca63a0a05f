//! The front end's state and its routing: which screen is shown, which window is over it, and
//! where each key, click and tick goes. Each screen's own handling is small and lives with the
//! screen; a game on the table handles itself ([`TableScreen`]). Drawing, the mouse and the
//! list of saves are `App`'s too, each in a module of its own.

mod mouse;
mod render;
mod saves_list;

use super::action::Action;
use super::catalog::{Catalog, GameEntry};
use super::keymap::{self, Context, Hint};
use super::screens::form::{self, FormState, Row};
use super::screens::menu::{self, MenuItem, MenuState};
use super::screens::overlays::{self, HelpSection};
use super::screens::rules::RulesState;
use super::screens::saves::{SavesList, SavesPurpose};
use super::table::Table;
use super::table::{Go, TableEnv, TableScreen};
use super::theme::{PaletteKind, Theme};
use super::ui::GameUi;
use ratatui::crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::layout::Rect;
use std::path::PathBuf;
use std::time::Instant;

/// The smallest terminal the shell's own screens are laid out for.
pub const MIN_SIZE: (u16, u16) = (80, 24);

/// The screen being shown.
pub enum Screen {
    /// Which game to play (first, when the table has more than one).
    Games,
    /// The menu of the chosen game.
    Menu,
    NewGame(Box<FormState>),
    Rules(RulesState),
    /// The saved games, to load or to watch.
    Saves(SavesList),
    /// A game on the table: played, or watched in the replay viewer.
    Table(Box<dyn TableScreen>),
}

/// A window over the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// The key help, scrolled this far.
    Help(u16),
    ConfirmQuit,
    /// "Delete <name>?" about this save of the saves list.
    ConfirmDelete(PathBuf),
    Notice(String),
}

/// Where saves are written, and where else they are looked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveDirs {
    /// New games are saved here (`None`: this session keeps no saves, as in tests that do not
    /// ask for them).
    pub write: Option<PathBuf>,
    /// Older places whose saves `--continue` and the lists still find.
    pub also: Vec<PathBuf>,
}

impl SaveDirs {
    /// Saves go to (and are found in) `dir` only.
    pub fn only(dir: PathBuf) -> SaveDirs {
        SaveDirs {
            write: Some(dir),
            also: Vec::new(),
        }
    }

    /// Every directory saves are looked for in.
    pub fn all(&self) -> Vec<PathBuf> {
        let mut all: Vec<PathBuf> = self.write.iter().cloned().collect();
        all.extend(
            self.also
                .iter()
                .filter(|d| !all.contains(d))
                .cloned()
                .collect::<Vec<_>>(),
        );
        all
    }
}

/// The whole front end's state.
pub struct App {
    pub catalog: Catalog,
    pub theme: Theme,
    pub screen: Screen,
    pub overlay: Option<Overlay>,
    /// The game the menu is for (index into the catalog).
    pub game: usize,
    pub menu: MenuState,
    /// The highlighted entry of the list of games.
    pub games_index: usize,
    pub quit: bool,
    /// A problem that ends the program; reported once the terminal is restored.
    pub fatal: Option<String>,
    pub saves: SaveDirs,
    /// How tables are set up (the pause between AI steps).
    pub env: TableEnv,
    /// The time of the last tick (drawing animates from it).
    pub now: Instant,
    /// The game on the table was started from the menu (a new game, a save, Continue): quitting
    /// it goes back to the menu rather than out of the program.
    pub from_menu: bool,
    /// Set when the app is a connection's screen of `tashkalar serve`: a game dealt from the
    /// new-game form goes to the server (which referees it and gives back this person's
    /// mirror), and leaving the form or the table ends the app (back to the server's lobby)
    /// rather than opening the menu, whose saves are the server's.
    pub host: Option<Box<TableHost>>,
}

/// Takes a table dealt from the new-game form and gives back the screen to show for it.
/// It is given the game's title with the table.
pub type TableHost =
    dyn FnMut(&'static str, Box<dyn TableScreen>) -> Result<Box<dyn TableScreen>, String> + Send;

impl App {
    /// The app at its first screen: the list of games when there are several, else the menu.
    pub fn new(catalog: Catalog, palette: PaletteKind) -> App {
        let screen = if catalog.games.len() > 1 {
            Screen::Games
        } else {
            Screen::Menu
        };
        App {
            catalog,
            theme: Theme::new(palette),
            screen,
            overlay: None,
            game: 0,
            menu: MenuState::default(),
            games_index: 0,
            quit: false,
            fatal: None,
            saves: SaveDirs::default(),
            env: TableEnv::default(),
            now: Instant::now(),
            from_menu: false,
            host: None,
        }
    }

    /// A signal asks the program to end (`why` says which): the game on the table is saved
    /// first, and where it is saved is reported once the terminal is restored.
    pub fn stop(&mut self, why: &str) {
        let saved = match &mut self.screen {
            Screen::Table(t) => t.save_now(),
            _ => None,
        };
        self.fatal = Some(match saved {
            Some(saved) => format!("{why}; {saved}"),
            None => why.to_string(),
        });
        self.quit = true;
    }

    /// The game the menu is for.
    pub fn entry(&self) -> Option<&dyn GameEntry> {
        self.catalog.games.get(self.game).map(|g| g.as_ref())
    }

    /// Puts a game on the table.
    pub fn show(&mut self, table: Box<dyn TableScreen>) {
        self.screen = Screen::Table(table);
        self.overlay = None;
        self.from_menu = false;
    }

    /// Puts a game chosen in the menu on the table: leaving it returns to the menu.
    fn show_from_menu(&mut self, table: Box<dyn TableScreen>) {
        self.show(table);
        self.from_menu = true;
    }

    /// Leaves the game on the table: back to the menu it was started from, or out of the
    /// program.
    fn leave_table(&mut self) {
        if self.from_menu && matches!(self.screen, Screen::Table(_)) {
            self.from_menu = false;
            self.to_menu();
        } else {
            self.quit = true;
        }
    }

    /// The table on screen, if any.
    pub fn table_screen(&self) -> Option<&dyn TableScreen> {
        match &self.screen {
            Screen::Table(t) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// The table on screen, as the game's own type (for tests and tools that know the game).
    pub fn table<U: GameUi>(&self) -> Option<&Table<U>> {
        self.table_screen()?.as_any().downcast_ref()
    }

    /// The table on screen, as the game's own type, to act on.
    pub fn table_mut<U: GameUi>(&mut self) -> Option<&mut Table<U>> {
        match &mut self.screen {
            Screen::Table(t) => t.as_any_mut().downcast_mut(),
            _ => None,
        }
    }

    /// Leaves whatever is on screen for the menu (the table, its bots and its save go).
    pub fn to_menu(&mut self) {
        if self.host.is_some() {
            self.quit = true;
            return;
        }
        self.screen = Screen::Menu;
    }

    /// The keymap context of what is on screen.
    pub fn context(&self) -> Context {
        if let Some(o) = &self.overlay {
            return match o {
                Overlay::Help(_) => Context::Help,
                Overlay::ConfirmQuit | Overlay::ConfirmDelete(_) => Context::Confirm,
                Overlay::Notice(_) => Context::Notice,
            };
        }
        match &self.screen {
            Screen::Games => Context::Games,
            Screen::Menu => Context::Menu,
            Screen::NewGame(_) => Context::Form,
            Screen::Rules(_) => Context::Rules,
            Screen::Saves(_) => Context::Saves,
            Screen::Table(t) => t.context(),
        }
    }

    /// Whether something moves on screen by itself (the loop then wakes up sooner).
    pub fn animating(&self) -> bool {
        self.table_screen().is_some_and(|t| t.animating())
    }

    /// A key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if key.kind != KeyEventKind::Press {
            return;
        }
        let context = self.context();
        if self.overlay.is_none()
            && let Screen::Table(t) = &mut self.screen
        {
            let go = t.key(&key);
            self.go(go);
            return;
        }
        if let Some(action) = keymap::shell_action(context, &key, |_| true) {
            self.handle_action(action);
        }
    }

    /// Carries out what a table asked for.
    fn go(&mut self, go: Go) {
        match go {
            Go::Stay => {}
            Go::Menu => self.to_menu(),
            Go::Help => self.overlay = Some(Overlay::Help(0)),
            Go::Quit => self.ask_quit(),
            Go::Fatal(problem) => {
                self.fatal = Some(problem);
                self.quit = true;
            }
        }
    }

    fn ask_quit(&mut self) {
        if self.table_screen().is_some_and(|t| t.in_progress()) {
            self.overlay = Some(Overlay::ConfirmQuit);
        } else {
            self.leave_table();
        }
    }

    /// Does what a shell action asks on the screen shown (not a table: tables handle theirs).
    pub fn handle_action(&mut self, action: Action) {
        if let Some(overlay) = self.overlay.take() {
            self.overlay_action(overlay, action);
            return;
        }
        match action {
            Action::Help => {
                self.overlay = Some(Overlay::Help(0));
                return;
            }
            Action::Quit => {
                self.ask_quit();
                return;
            }
            Action::Palette => {
                self.theme = Theme::new(self.theme.kind.next());
                return;
            }
            _ => {}
        }
        match &mut self.screen {
            Screen::Games => self.games_action(action),
            Screen::Menu => self.menu_action(action),
            Screen::NewGame(_) => self.form_action(action),
            Screen::Rules(r) => match action {
                Action::Left => r.prev_page(),
                Action::Right => r.next_page(),
                Action::Up => r.scroll = r.scroll.saturating_sub(1),
                Action::Down => r.scroll = r.scroll.saturating_add(1).min(60),
                Action::PageUp => r.scroll = r.scroll.saturating_sub(10),
                Action::PageDown => r.scroll = r.scroll.saturating_add(10).min(60),
                Action::Back => self.screen = Screen::Menu,
                _ => {}
            },
            Screen::Saves(_) => self.saves_action(action),
            Screen::Table(_) => {}
        }
    }

    fn overlay_action(&mut self, overlay: Overlay, action: Action) {
        match overlay {
            Overlay::Help(scroll) => {
                let keep = match action {
                    Action::Up => Some(scroll.saturating_sub(1)),
                    Action::Down => Some(scroll.saturating_add(1).min(300)),
                    Action::PageUp => Some(scroll.saturating_sub(10)),
                    Action::PageDown => Some(scroll.saturating_add(10).min(300)),
                    _ => None,
                };
                self.overlay = keep.map(Overlay::Help);
            }
            Overlay::ConfirmQuit => match action {
                Action::Yes => {
                    // The turn's last step shown as made is made, and saved, before leaving.
                    if let Screen::Table(t) = &mut self.screen {
                        t.save_now();
                    }
                    self.leave_table();
                }
                Action::No | Action::Back => {}
                _ => self.overlay = Some(Overlay::ConfirmQuit),
            },
            Overlay::ConfirmDelete(path) => match action {
                Action::Yes => self.delete_save(&path),
                Action::No | Action::Back => {}
                _ => self.overlay = Some(Overlay::ConfirmDelete(path)),
            },
            Overlay::Notice(text) => {
                if !matches!(action, Action::Select | Action::Back) {
                    self.overlay = Some(Overlay::Notice(text));
                }
            }
        }
    }

    fn games_action(&mut self, action: Action) {
        let n = self.catalog.games.len().max(1);
        match action {
            Action::Up => self.games_index = (self.games_index + n - 1) % n,
            Action::Down => self.games_index = (self.games_index + 1) % n,
            Action::Select => self.choose_game(self.games_index),
            Action::Option(k) if (1..=n).contains(&(k as usize)) => {
                self.choose_game(k as usize - 1)
            }
            _ => {}
        }
    }

    /// The menu of a game of the catalog.
    pub fn choose_game(&mut self, index: usize) {
        if index < self.catalog.games.len() {
            self.game = index;
            self.games_index = index;
            self.menu = MenuState::default();
            self.screen = Screen::Menu;
        }
    }

    fn menu_entries(&self) -> Vec<(MenuItem, String, String)> {
        let title = self.entry().map_or("", |e| e.title());
        menu::entries(title, self.catalog.games.len() > 1)
    }

    fn menu_action(&mut self, action: Action) {
        let n = self.menu_entries().len();
        match action {
            Action::Up => self.menu.index = (self.menu.index + n - 1) % n,
            Action::Down => self.menu.index = (self.menu.index + 1) % n,
            Action::Select => self.activate_menu(self.menu.index),
            Action::Option(k) if (1..=n).contains(&(k as usize)) => {
                self.menu.index = k as usize - 1;
                self.activate_menu(self.menu.index);
            }
            Action::Back if self.catalog.games.len() > 1 => self.screen = Screen::Games,
            _ => {}
        }
    }

    fn activate_menu(&mut self, index: usize) {
        let Some((item, ..)) = self.menu_entries().get(index).cloned() else {
            return;
        };
        match item {
            MenuItem::NewGame => self.new_game_form(),
            MenuItem::Continue => {
                if let Err(e) = self.continue_last() {
                    self.overlay = Some(Overlay::Notice(capitalised(&e)));
                }
            }
            MenuItem::Load => self.show_saves(SavesPurpose::Load),
            MenuItem::Replay => self.show_saves(SavesPurpose::Replay),
            MenuItem::Rules => {
                if let Some(e) = self.entry() {
                    self.screen = Screen::Rules(RulesState::new(e.title(), e.rules()));
                }
            }
            MenuItem::OtherGame => self.screen = Screen::Games,
            MenuItem::Quit => self.quit = true,
        }
    }

    /// Shows the new-game form of the chosen game.
    pub fn new_game_form(&mut self) {
        let Some(e) = self.entry() else {
            return;
        };
        match e.setup() {
            Ok(setup) => {
                let mut form = FormState::new(e.title(), setup);
                if self.host.is_some() {
                    form.person = crate::shell::tui::screens::form::PERSON_SERVED;
                }
                self.screen = Screen::NewGame(Box::new(form));
            }
            // The game's data does not load: said, and the other games stay playable.
            Err(why) => self.overlay = Some(Overlay::Notice(why)),
        }
    }

    fn form_action(&mut self, action: Action) {
        let Screen::NewGame(form) = &mut self.screen else {
            return;
        };
        match action {
            Action::Up => form.up(),
            Action::Down => form.down(),
            Action::Left => form.change(-1),
            Action::Right => form.change(1),
            Action::Digit(d) => form.digit(d),
            Action::Erase => form.erase(),
            Action::Back => self.to_menu(),
            Action::Select => {
                if form.row() == Row::Start {
                    self.start_from_form();
                } else {
                    form.down();
                }
            }
            _ => {}
        }
    }

    /// Deals the game the form describes and puts it on the table.
    pub fn start_from_form(&mut self) {
        let Screen::NewGame(form) = &mut self.screen else {
            return;
        };
        let started = form.seed().and_then(|seed| {
            let seed = seed.unwrap_or_else(form::fresh_seed);
            form.setup
                .start(&form.seats(), seed, self.saves.write.as_deref(), &self.env)
        });
        let started = match (started, self.host.as_mut()) {
            (Ok(table), Some(host)) => {
                let title = self.catalog.games.get(self.game).map_or("", |g| g.title());
                host(title, table)
            }
            (started, _) => started,
        };
        match started {
            Ok(table) => self.show_from_menu(table),
            Err(e) => form.note = Some(e),
        }
    }

    /// Time passes: the table's bots, autoplay and hints.
    pub fn tick(&mut self, now: Instant) {
        self.now = now;
        if let Screen::Table(t) = &mut self.screen {
            let go = t.tick(now);
            self.go(go);
        }
    }

    /// The key bar now.
    pub fn hints(&self) -> Vec<Hint> {
        let context = self.context();
        match (&self.overlay, &self.screen) {
            (None, Screen::Table(t)) => t.hints(),
            _ => keymap::hints(context, |a| self.available(a)),
        }
    }

    /// Whether a shell action does something on the screen shown (outside tables).
    fn available(&self, action: Action) -> bool {
        match (&self.screen, action) {
            (Screen::Menu, Action::Back) => self.catalog.games.len() > 1,
            _ => true,
        }
    }

    /// The help's sections: the shell's keys, with the keys of the game on the table.
    pub fn help(&self) -> Vec<HelpSection> {
        overlays::shell_help(
            self.table_screen()
                .map(|t| t.game_keys())
                .unwrap_or_default(),
        )
    }

    /// The palette in use.
    pub fn palette(&self) -> PaletteKind {
        self.theme.kind
    }
}

/// Everything above the key bar.
pub fn body_area(area: Rect) -> Rect {
    Rect::new(area.x, area.y, area.width, area.height.saturating_sub(1))
}

/// Shows the key bar's entries (for tests and the docs).
pub fn hint_text(app: &App) -> String {
    app.hints()
        .iter()
        .map(|h| format!("{} {}", h.keys, h.label))
        .collect::<Vec<_>>()
        .join("  ")
}

/// An error as a sentence on its own (notices start with a capital).
pub fn capitalised(e: &impl std::fmt::Display) -> String {
    let text = e.to_string();
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => text,
    }
}
