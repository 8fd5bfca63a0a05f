//! The list of saves: moving in it, opening a save to play on or to watch, deleting one, and
//! playing on the last unfinished game.

use super::{App, Overlay, Screen, capitalised};
use crate::shell::tui::action::Action;
use crate::shell::tui::catalog::{Catalog, RecordsError};
use crate::shell::tui::screens::saves::{SavesList, SavesPurpose};
use std::path::Path;

impl App {
    pub(super) fn saves_action(&mut self, action: Action) {
        let Screen::Saves(list) = &mut self.screen else {
            return;
        };
        let n = list.entries.len().max(1);
        match action {
            Action::Up => list.index = (list.index + n - 1) % n,
            Action::Down => list.index = (list.index + 1) % n,
            Action::Select => self.open_selected_save(),
            Action::Delete => {
                if let Some(entry) = list.selected() {
                    self.overlay = Some(Overlay::ConfirmDelete(entry.path.clone()));
                }
            }
            Action::Back => self.screen = Screen::Menu,
            _ => {}
        }
    }

    /// Opens the highlighted save of the list: to play on, or to watch.
    pub(super) fn open_selected_save(&mut self) {
        let Screen::Saves(list) = &self.screen else {
            return;
        };
        let Some(entry) = list.selected() else {
            return;
        };
        let watch = list.purpose == SavesPurpose::Replay || !entry.unfinished;
        match self.catalog.open(&entry.path, watch, &self.env) {
            Ok(table) => self.show_from_menu(table),
            Err(e) => self.overlay = Some(Overlay::Notice(capitalised(&e))),
        }
    }

    /// Deletes a save of the list (asked first) with its lock file, unless another copy of the
    /// program plays it; says why when it is not deleted. The list stays, without it.
    pub(super) fn delete_save(&mut self, path: &Path) {
        let Screen::Saves(list) = &mut self.screen else {
            return;
        };
        match Catalog::delete(path) {
            Ok(()) => {
                list.entries.retain(|e| e.path != path);
                list.index = list.index.min(list.entries.len().saturating_sub(1));
                if list.entries.is_empty() {
                    self.screen = Screen::Menu;
                }
            }
            Err(e) => self.overlay = Some(Overlay::Notice(capitalised(&e))),
        }
    }

    /// Shows the list of saves, or says why there is none.
    pub(super) fn show_saves(&mut self, purpose: SavesPurpose) {
        let dirs = self.saves.all();
        if dirs.is_empty() {
            self.overlay = Some(Overlay::Notice(capitalised(&RecordsError::Off)));
            return;
        }
        match self.catalog.list(&dirs) {
            Ok(entries) if entries.is_empty() => {
                self.overlay = Some(Overlay::Notice(capitalised(&RecordsError::NoSaves(dirs))))
            }
            Ok(entries) => {
                self.screen = Screen::Saves(SavesList {
                    purpose,
                    dirs,
                    entries,
                    index: 0,
                })
            }
            Err(e) => self.overlay = Some(Overlay::Notice(capitalised(&e))),
        }
    }

    /// Plays on the last unfinished game of the save directories.
    pub fn continue_last(&mut self) -> Result<(), RecordsError> {
        let dirs = self.saves.all();
        if dirs.is_empty() {
            return Err(RecordsError::Off);
        }
        let table = self.catalog.continue_last(&dirs, &self.env)?;
        self.show_from_menu(table);
        Ok(())
    }
}
