//! Where a click or the wheel goes: a notice closes, the help scrolls, and each screen finds
//! the line or square under the pointer.

use super::{App, Overlay, Screen, body_area};
use crate::shell::tui::action::Action;
use crate::shell::tui::screens::form::{self, Row};
use crate::shell::tui::screens::{games, menu, rules, saves};
use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

impl App {
    /// A mouse event; `area` is the whole terminal.
    pub fn handle_mouse(&mut self, event: MouseEvent, area: Rect) {
        let body = body_area(area);
        let (x, y) = (event.column, event.row);
        let click = matches!(event.kind, MouseEventKind::Down(MouseButton::Left));
        let wheel = match event.kind {
            MouseEventKind::ScrollUp => Some(Action::Up),
            MouseEventKind::ScrollDown => Some(Action::Down),
            _ => None,
        };
        if let Some(overlay) = &self.overlay {
            match overlay {
                Overlay::Notice(_) if click => self.overlay = None,
                Overlay::Help(_) => {
                    if let Some(a) = wheel {
                        self.handle_action(a);
                    }
                }
                _ => {}
            }
            return;
        }
        match &mut self.screen {
            Screen::Table(t) => {
                let go = t.mouse(&event, body);
                self.go(go);
            }
            Screen::Games => {
                let n = self.catalog.games.len();
                if click && let Some(i) = games::game_at(body, n, x, y) {
                    self.choose_game(i);
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::Menu => {
                let n = self.menu_entries().len();
                if click && let Some(i) = menu::item_at(body, n, x, y) {
                    self.menu.index = i;
                    self.activate_menu(i);
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::NewGame(form) => {
                if click && let Some(i) = form::row_at(body, form, x, y) {
                    form.index = i;
                    if form.row() == Row::Start {
                        self.start_from_form();
                    } else {
                        form.change(1);
                    }
                }
            }
            Screen::Rules(r) => {
                if click && let Some(i) = rules::tab_at(body, r, x, y) {
                    r.go_to(i);
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
            Screen::Saves(list) => {
                if click && let Some(i) = saves::entry_at(body, list, x, y) {
                    list.index = i;
                    self.open_selected_save();
                } else if let Some(a) = wheel {
                    self.handle_action(a);
                }
            }
        }
    }
}
