//! Drawing the front end: the screen shown, the window over it, and the key bar.

use super::{App, MIN_SIZE, Overlay, Screen, body_area};
use crate::shell::tui::screens::{form, games, menu, overlays, rules, saves};
use crate::shell::tui::widgets::keybar::KeyBar;
use ratatui::Frame;
use ratatui::layout::Rect;

impl App {
    /// Draws everything.
    pub fn render(&self, frame: &mut Frame) {
        let area = frame.area();
        let need = self.table_screen().map_or(MIN_SIZE, |t| t.min_size());
        if area.width < need.0 || area.height < need.1 {
            overlays::render_too_small(frame, area, need, &self.theme);
            return;
        }
        let body = body_area(area);
        let theme = &self.theme;
        match &self.screen {
            Screen::Games => {
                let list: Vec<(&str, &str)> = self
                    .catalog
                    .games
                    .iter()
                    .map(|g| (g.title(), g.blurb()))
                    .collect();
                games::render(frame, body, &list, self.games_index, theme);
            }
            Screen::Menu => {
                let (banner, blurb) = self
                    .entry()
                    .map_or((&[][..], ""), |e| (e.banner(), e.blurb()));
                menu::render(
                    frame,
                    body,
                    &self.menu,
                    &self.menu_entries(),
                    (banner, blurb),
                    theme,
                );
            }
            Screen::NewGame(form) => form::render(frame, body, form, theme),
            Screen::Rules(r) => rules::render(frame, body, r, theme),
            Screen::Saves(list) => saves::render(frame, body, list, theme),
            Screen::Table(t) => t.render(frame, body, theme),
        }
        match &self.overlay {
            Some(Overlay::Help(scroll)) => {
                overlays::render_help(frame, body, &self.help(), *scroll, theme)
            }
            Some(Overlay::ConfirmQuit) => {
                let saved = self.table_screen().is_some_and(|t| t.saved());
                // A game nobody has decided anything in keeps no save (nothing to lose either).
                let fresh = self.table_screen().is_some_and(|t| !t.decided());
                overlays::render_confirm(
                    frame,
                    body,
                    match (saved, self.from_menu) {
                        _ if fresh && self.from_menu => {
                            "Back to the menu? Nothing is decided yet: no save is kept."
                        }
                        _ if fresh => "Quit? Nothing is decided yet: no save is kept.",
                        (true, true) => {
                            "Back to the menu? The game is saved: pick it up later with Continue."
                        }
                        (true, false) => {
                            "Quit? The game is saved: pick it up later with Continue in the menu \
                             (or tashkalar play --continue)."
                        }
                        (false, true) => "Back to the menu? The game in progress will be lost.",
                        (false, false) => "Quit? The game in progress will be lost.",
                    },
                    theme,
                )
            }
            Some(Overlay::ConfirmDelete(path)) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                overlays::render_confirm(frame, body, &format!("Delete {name}? y/n"), theme)
            }
            Some(Overlay::Notice(text)) => overlays::render_notice(frame, body, text, theme),
            None => {}
        }
        let bar = Rect::new(area.x, area.bottom() - 1, area.width, 1);
        frame.render_widget(
            KeyBar {
                hints: self.hints(),
                theme,
            },
            bar,
        );
    }
}
