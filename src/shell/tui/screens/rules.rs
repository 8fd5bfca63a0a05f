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

/// Where the rules screen's parts go: drawing and clicks both read it, so a tab is clicked
/// where it is drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesLayout {
    /// The frame around the page.
    pub frame: Rect,
    /// One tab per page, in order, in rows at the top of the frame (a row is filled before the
    /// next one starts, so a narrow screen wraps them and never cuts one).
    pub tabs: Vec<Rect>,
    /// The page's text (it scrolls under the tabs, which stay in place).
    pub text: Rect,
}

/// A tab's label: the page's title with a space either side.
fn tab_label(title: &str) -> String {
    format!(" {title} ")
}

/// Lays out the rules screen in `area`.
pub fn layout(area: Rect, state: &RulesState) -> RulesLayout {
    let frame = page_rect(area);
    let inner = Block::bordered().inner(frame);
    let mut tabs = Vec::with_capacity(state.pages.len());
    let (mut x, mut y) = (inner.x, inner.y);
    for p in &state.pages {
        let w = (tab_label(p.title).chars().count() as u16).min(inner.width);
        if x > inner.x && x + w > inner.right() {
            x = inner.x;
            y += 1;
        }
        tabs.push(Rect::new(x, y, w, 1).intersection(inner));
        // One column between tabs.
        x += w + 1;
    }
    // The text starts after the last row of tabs and a blank row.
    let top = tabs.last().map_or(inner.y, |t| t.y + 2).min(inner.bottom());
    let text = Rect::new(inner.x, top, inner.width, inner.bottom() - top);
    RulesLayout { frame, tabs, text }
}

/// The tab (page) under a position.
pub fn tab_at(area: Rect, state: &RulesState, x: u16, y: u16) -> Option<usize> {
    layout(area, state)
        .tabs
        .iter()
        .position(|t| t.contains(Position::new(x, y)))
}

/// Draws one page.
pub fn render(frame: &mut Frame, area: Rect, state: &RulesState, theme: &Theme) {
    let Some(page) = state.pages.get(state.page) else {
        return;
    };
    let l = layout(area, state);
    frame.render_widget(
        Block::bordered()
            .border_style(theme.focus_border())
            .title(Span::styled(
                format!("{}: {}", state.title, page.title),
                theme.title(),
            )),
        l.frame,
    );
    let buf = frame.buffer_mut();
    for (i, (p, r)) in state.pages.iter().zip(&l.tabs).enumerate() {
        let style = if i == state.page {
            theme.selected()
        } else {
            theme.muted()
        };
        buf.set_span(r.x, r.y, &Span::styled(tab_label(p.title), style), r.width);
    }
    let mut lines = Vec::new();
    for p in &page.paragraphs {
        lines.push(Line::from(p.clone()));
        lines.push(Line::default());
    }
    lines.push(Line::styled(
        "←→ or click a tab: pages · ↑↓ scroll · Esc back",
        theme.muted(),
    ));
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .scroll((state.scroll, 0)),
        l.text,
    );
}
