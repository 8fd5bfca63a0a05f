//! A game's rules, page by page, in the project's own short words.

use crate::shell::tui::catalog::RulesPage;
use crate::shell::tui::theme::Theme;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// The rules screen: a game's pages and the position in them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesState {
    pub title: String,
    pub pages: Vec<RulesPage>,
    pub page: usize,
    pub scroll: u16,
}

impl RulesState {
    /// The first page of a game's rules.
    pub fn new(title: &str, pages: Vec<RulesPage>) -> RulesState {
        RulesState {
            title: title.to_string(),
            pages,
            page: 0,
            scroll: 0,
        }
    }

    /// The next page (wrapping around).
    pub fn next_page(&mut self) {
        self.page = (self.page + 1) % self.pages.len().max(1);
        self.scroll = 0;
    }

    /// The previous page (wrapping around).
    pub fn prev_page(&mut self) {
        let n = self.pages.len().max(1);
        self.page = (self.page + n - 1) % n;
        self.scroll = 0;
    }

    /// Goes to a page.
    pub fn go_to(&mut self, page: usize) {
        if page < self.pages.len() {
            self.page = page;
            self.scroll = 0;
        }
    }
}

fn page_rect(area: Rect) -> Rect {
    let w = area.width.min(100);
    Rect::new(area.x + (area.width - w) / 2, area.y, w, area.height)
}

/// The tab (page) under a position: the tabs are the first line inside the frame.
pub fn tab_at(area: Rect, state: &RulesState, x: u16, y: u16) -> Option<usize> {
    let inner = Block::bordered().inner(page_rect(area));
    if y != inner.y || !inner.contains(Position::new(x, y)) {
        return None;
    }
    let mut left = inner.x;
    for (i, p) in state.pages.iter().enumerate() {
        let w = p.title.chars().count() as u16 + 3;
        if x >= left && x < left + w - 1 {
            return Some(i);
        }
        left += w;
    }
    None
}

/// Draws one page.
pub fn render(frame: &mut Frame, area: Rect, state: &RulesState, theme: &Theme) {
    let Some(page) = state.pages.get(state.page) else {
        return;
    };
    let tabs: Vec<Span> = state
        .pages
        .iter()
        .enumerate()
        .flat_map(|(i, p)| {
            let t = p.title;
            let style = if i == state.page {
                theme.selected()
            } else {
                theme.muted()
            };
            [Span::styled(format!(" {t} "), style), Span::raw(" ")]
        })
        .collect();
    let mut lines = vec![Line::from(tabs), Line::default()];
    for p in &page.paragraphs {
        lines.push(Line::from(p.clone()));
        lines.push(Line::default());
    }
    lines.push(Line::styled(
        "←→ or click a tab: pages · ↑↓ scroll · Esc back",
        theme.muted(),
    ));
    let r = page_rect(area);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .scroll((state.scroll, 0))
            .block(
                Block::bordered()
                    .border_style(theme.focus_border())
                    .title(Span::styled(
                        format!("{}: {}", state.title, page.title),
                        theme.title(),
                    )),
            ),
        r,
    );
}
