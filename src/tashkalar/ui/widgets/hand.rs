//! The deciding seat's hand: every card with its pattern grid and rules text. Large screens show
//! the cards side by side; smaller ones a list plus the highlighted card in full.

use super::card::{PATTERN_CELL_W, pattern_lines, text_lines, title_line};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::widgets::log::wrap_words;
use crate::tashkalar::engine::board::Colour;
use crate::tashkalar::engine::cards::{Card, CardDb, CardKind};
use crate::tashkalar::ui::interaction::HandItem;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

/// How the hand panel's inside is divided.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum HandLayout {
    /// One line per card, and the highlighted card in full.
    List { list: Rect, detail: Rect },
    /// Every card in full, one box each.
    Grid(Vec<Rect>),
}

/// Smallest card box of the grid layout.
const CARD_W: u16 = 28;
const CARD_H: u16 = 10;
/// Tallest card box: room for the longest texts (a frozen or warp effect under the main one)
/// without stretching a few cards over a whole large screen.
const CARD_MAX_H: u16 = 20;

/// The last row of a card text that does not fit: the full-card view shows all of it.
pub const MORE: &str = "… more: v";

/// The longest card name among `items`, in characters: the list is made wide enough for it.
pub fn longest_name(items: &[HandItem], db: &CardDb) -> usize {
    items
        .iter()
        .filter_map(|i| db.get(i.card))
        .map(|c| c.name.chars().count())
        .max()
        .unwrap_or(0)
}

/// Lays out `n` entries inside `inner` (the panel without its border), the longest of their
/// names `longest` characters.
pub fn hand_layout(inner: Rect, n: usize, longest: usize) -> HandLayout {
    let n16 = n.max(1) as u16;
    let cols = (inner.width / CARD_W).max(1);
    let rows = n16.div_ceil(cols);
    if n > 0 && inner.width >= CARD_W * 2 && inner.height / rows >= CARD_H {
        let w = inner.width / cols.min(n16);
        let h = (inner.height / rows).min(CARD_MAX_H);
        let boxes = (0..n as u16)
            .map(|i| Rect::new(inner.x + (i % cols) * w, inner.y + (i / cols) * h, w, h))
            .collect();
        return HandLayout::Grid(boxes);
    }
    let list_h = (n16).min(inner.height.saturating_sub(4)).max(1);
    if inner.width >= 46 && inner.height < 14 {
        // Wide enough for the longest name after its key, marker and kind (6 cells), as long as
        // the card beside it keeps half the panel.
        let list_w = (longest as u16 + 6).clamp(20, 30).min(inner.width / 2);
        HandLayout::List {
            list: Rect::new(inner.x, inner.y, list_w, inner.height),
            detail: Rect::new(
                inner.x + list_w + 1,
                inner.y,
                inner.width.saturating_sub(list_w + 1),
                inner.height,
            ),
        }
    } else {
        HandLayout::List {
            list: Rect::new(inner.x, inner.y, inner.width, list_h),
            detail: Rect::new(
                inner.x,
                inner.y + list_h + 1,
                inner.width,
                inner.height.saturating_sub(list_h + 1),
            ),
        }
    }
}

/// First list entry shown so that `selected` stays visible.
pub fn list_offset(selected: usize, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        0
    } else {
        selected.saturating_sub(height - 1).min(len - height)
    }
}

/// Which entry is at a screen position.
pub fn item_at(layout: &HandLayout, n: usize, selected: usize, x: u16, y: u16) -> Option<usize> {
    match layout {
        HandLayout::Grid(boxes) => boxes
            .iter()
            .position(|r| r.contains(ratatui::layout::Position::new(x, y))),
        HandLayout::List { list, .. } => {
            if !list.contains(ratatui::layout::Position::new(x, y)) {
                return None;
            }
            let i = list_offset(selected, n, list.height as usize) + (y - list.y) as usize;
            (i < n).then_some(i)
        }
    }
}

/// `name` in exactly `width` cells: cut with an ellipsis when too long, padded when short.
fn fit(name: &str, width: usize) -> String {
    let n = name.chars().count();
    let mut out: String = if n > width && width > 0 {
        name.chars().take(width - 1).chain(['…']).collect()
    } else {
        name.chars().take(width).collect()
    };
    while out.chars().count() < width {
        out.push(' ');
    }
    out
}

/// The hand panel.
pub struct HandPanel<'a> {
    pub items: &'a [HandItem],
    /// What each entry can do now ("summon", "play", "thaw", "warp", "pending"), empty if
    /// nothing.
    pub tags: &'a [String],
    /// Whether the entries' hot keys work now (they are shown either way).
    pub keys: bool,
    pub selected: usize,
    pub focused: bool,
    pub db: &'a CardDb,
    pub colour: Colour,
    pub theme: &'a Theme,
    pub title: String,
    /// Shown instead of the cards when the hand must stay hidden.
    pub hidden: Option<String>,
}

impl HandPanel<'_> {
    fn block(&self) -> Block<'static> {
        crate::shell::tui::widgets::panel(
            Line::from(Span::styled(self.title.clone(), self.theme.title())),
            self.focused,
            self.theme,
        )
    }

    /// The entry's hot key, as it is shown.
    fn key_span(&self, i: usize) -> Span<'static> {
        let key = self
            .items
            .get(i)
            .and_then(|item| crate::tashkalar::ui::hand_key(item.slot))
            .unwrap_or(' ');
        let style = if self.keys {
            self.theme.key()
        } else {
            self.theme.muted()
        };
        Span::styled(key.to_string(), style)
    }

    fn entry_line(&self, i: usize, width: usize) -> Line<'static> {
        let Some(item) = self.items.get(i) else {
            return Line::default();
        };
        let Some(card) = self.db.get(item.card) else {
            return Line::default();
        };
        let kind = if item.frozen {
            "❄"
        } else {
            match card.kind {
                CardKind::Being(_) => {
                    if card.rank == crate::tashkalar::engine::board::Rank::Heroic {
                        "H"
                    } else {
                        "c"
                    }
                }
                CardKind::Legend => "L",
                CardKind::Flare => "F",
            }
        };
        let tag = self.tags.get(i).map_or("", |t| t.as_str());
        let marker = if i == self.selected { "▸" } else { " " };
        // What a card can do now is shown at every width: on a narrow list its first word
        // only ("summon"), and the name gives way before the tag does (the card beside or
        // below shows the name in full).
        let tag = if width >= 24 + tag.chars().count() {
            tag.to_string()
        } else {
            tag.split(" · ").next().unwrap_or("").to_string()
        };
        let name_w = width.saturating_sub(4 + tag.chars().count() + 1);
        let name = fit(&card.name, name_w);
        let tag = tag.as_str();
        let usable = self.tags.get(i).is_some_and(|t| !t.is_empty());
        let mut style = if usable {
            Style::new()
        } else {
            self.theme.muted()
        };
        if i == self.selected && self.focused {
            style = self.theme.selected();
        } else if i == self.selected {
            style = style.add_modifier(Modifier::BOLD);
        }
        let tag_style = if tag.is_empty() {
            self.theme.muted()
        } else {
            self.theme.key()
        };
        Line::from(vec![
            self.key_span(i),
            Span::styled(format!("{marker}{kind} "), style),
            Span::styled(name, style),
            Span::styled(format!(" {tag}"), tag_style),
        ])
    }

    /// The card's rules text in `area`. Text that needs more rows than there are is not cut
    /// silently: the last row says where to read all of it (the full-card view).
    fn render_text(&self, card: &Card, area: Rect, buf: &mut Buffer) {
        let lines = text_lines(card, self.theme);
        let width = area.width as usize;
        let need: usize = lines
            .iter()
            .map(|l| {
                let words: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
                wrap_words(words.trim(), width).len()
            })
            .sum();
        if need <= area.height as usize || area.height < 2 {
            Paragraph::new(lines)
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        }
        let body = Rect {
            height: area.height - 1,
            ..area
        };
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .render(body, buf);
        buf.set_line(
            area.x,
            body.bottom(),
            &Line::styled(MORE, self.theme.key()),
            area.width,
        );
    }

    fn render_card(&self, i: usize, area: Rect, buf: &mut Buffer, boxed: bool, heading: bool) {
        let Some(item) = self.items.get(i) else {
            return;
        };
        let Some(card) = self.db.get(item.card) else {
            return;
        };
        let inner = if boxed {
            let style = if i == self.selected {
                if self.focused {
                    self.theme.focus_border()
                } else {
                    Style::new().add_modifier(Modifier::BOLD)
                }
            } else {
                self.theme.border()
            };
            let tag = self.tags.get(i).map_or("", |t| t.as_str());
            let mut block = Block::bordered().border_style(style).title(Line::from(vec![
                Span::raw(" "),
                self.key_span(i),
                Span::raw(" "),
            ]));
            if !tag.is_empty() {
                block = block.title_bottom(Span::styled(format!(" {tag} "), self.theme.key()));
            }
            let inner = block.inner(area);
            block.render(area, buf);
            inner
        } else {
            area
        };
        let mut lines = Vec::new();
        if heading {
            lines.push(title_line(card, self.theme));
        }
        let tag = self.tags.get(i).map_or("", |t| t.as_str());
        if !boxed && !tag.is_empty() {
            // Beside the list this line sits level with its first entry: it names its card so
            // that it is never read as that entry's.
            let text = if heading {
                format!("now: {tag}")
            } else {
                let key = crate::tashkalar::ui::hand_key(item.slot).unwrap_or(' ');
                format!("{key} {}: now {tag}", card.name)
            };
            lines.push(Line::styled(text, self.theme.key()));
        }
        if item.frozen {
            lines.push(Line::styled(
                "frozen effect in play: thaw it with Enter",
                self.theme.muted(),
            ));
        }
        let pattern = pattern_lines(card, self.colour, self.theme);
        let pattern_w = pattern.first().map_or(0, |l| l.width()).max(PATTERN_CELL_W);
        // Pattern on the left and text on the right when there is room; otherwise stacked.
        if !pattern.is_empty() && inner.width as usize >= pattern_w + 16 && !item.frozen {
            let head_h = lines.len() as u16;
            let head = Rect::new(inner.x, inner.y, inner.width, head_h.min(inner.height));
            Paragraph::new(lines).render(head, buf);
            let body_y = inner.y + head.height;
            let body_h = inner.height.saturating_sub(head.height);
            let grid = Rect::new(inner.x, body_y, pattern_w as u16, body_h);
            Paragraph::new(pattern).render(grid, buf);
            let text = Rect::new(
                inner.x + pattern_w as u16 + 1,
                body_y,
                inner.width.saturating_sub(pattern_w as u16 + 1),
                body_h,
            );
            self.render_text(card, text, buf);
        } else {
            // Stacked: heading, the grid as drawn (never re-wrapped), then the text.
            let grid_h = if item.frozen { 0 } else { pattern.len() as u16 };
            let head_h = lines.len() as u16;
            Paragraph::new(lines).render(
                Rect::new(inner.x, inner.y, inner.width, head_h.min(inner.height)),
                buf,
            );
            let y = inner.y + head_h;
            let grid = Rect::new(
                inner.x,
                y,
                inner.width,
                grid_h.min(inner.bottom().saturating_sub(y)),
            );
            if !item.frozen {
                Paragraph::new(pattern).render(grid, buf);
            }
            let ty = grid.bottom();
            let text = Rect::new(inner.x, ty, inner.width, inner.bottom().saturating_sub(ty));
            self.render_text(card, text, buf);
        }
    }
}

impl Widget for HandPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let block = self.block();
        let inner = block.inner(area);
        block.render(area, buf);
        if let Some(text) = &self.hidden {
            Paragraph::new(Line::styled(text.clone(), self.theme.muted()))
                .wrap(Wrap { trim: true })
                .render(inner, buf);
            return;
        }
        if self.items.is_empty() {
            Paragraph::new(Line::styled("no cards", self.theme.muted())).render(inner, buf);
            return;
        }
        match hand_layout(inner, self.items.len(), longest_name(self.items, self.db)) {
            HandLayout::Grid(boxes) => {
                for (i, r) in boxes.iter().enumerate() {
                    self.render_card(i, *r, buf, true, true);
                }
            }
            HandLayout::List { list, detail } => {
                let offset = list_offset(self.selected, self.items.len(), list.height as usize);
                for row in 0..list.height as usize {
                    let i = offset + row;
                    if i >= self.items.len() {
                        break;
                    }
                    let line = self.entry_line(i, list.width as usize);
                    buf.set_line(list.x, list.y + row as u16, &line, list.width);
                }
                if detail.height > 0 {
                    // Beside the list the card's name is already visible: no heading needed.
                    let beside = detail.y == list.y;
                    self.render_card(self.selected, detail, buf, false, !beside);
                }
            }
        }
    }
}
