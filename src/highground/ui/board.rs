//! The board of cards: where each grid place goes on screen (columns and rows of territories
//! get full cells, those with only blank spaces thin ones; the window follows the cursor when the
//! board outgrows the screen), and drawing each territory as a card with its value, orientation
//! and stacks of pyramids.
//!
//! A stack is written bottom first: the owner's letter (`b` Blue, `r` Red, `g` Green, `y` Yellow)
//! then each pyramid's size, `S` `M` `L`, on the owner's colour. A trapped pyramid is written in
//! lower case and dimmed, a hobbled one underlined: Blue's starting tree is `bLMS` (large and
//! medium hobbled), its nest `bsmL` (small and medium trapped inside the large).

use crate::highground::card::level_name;
use crate::highground::pos::{Orientation, Pos};
use crate::highground::pyramid::{PieceId, Stack, Status};
use crate::highground::state::HighGround;
use crate::shell::seats::Seats;
use crate::shell::tui::theme::{COLOUR_LETTERS, Theme, Tint};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};

/// How big a grid place is drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellSize {
    /// Width and height of a place in a column / row that holds a territory.
    pub w: u16,
    pub h: u16,
    /// Width of a column, height of a row, with only blank spaces.
    pub narrow: u16,
    pub short: u16,
    /// Cards are drawn as boxes (else as tinted blocks).
    pub boxed: bool,
    /// Upright cards are drawn taller and narrower than sideways ones.
    pub shaped: bool,
}

/// 80x24: tinted blocks, two lines each (value and orientation, then the stacks). A board too
/// wide for boxes gets taller or wider blocks when the room allows (`layout`).
pub const SMALL: CellSize = CellSize {
    w: 9,
    h: 2,
    narrow: 3,
    short: 1,
    boxed: false,
    shaped: false,
};
/// From about 110x34: boxes with the value on the top edge and two lines of stacks.
pub const MEDIUM: CellSize = CellSize {
    w: 13,
    h: 4,
    narrow: 5,
    short: 2,
    boxed: true,
    shaped: false,
};
/// From about 160x50: bigger boxes, shaped by orientation, a stack per line.
pub const LARGE: CellSize = CellSize {
    w: 19,
    h: 7,
    narrow: 7,
    short: 3,
    boxed: true,
    shaped: true,
};

/// The grid places the board spans: every territory and blank space.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extent {
    pub west: i8,
    pub east: i8,
    pub south: i8,
    pub north: i8,
    /// Per column west to east: whether it holds a territory.
    wide: Vec<bool>,
    /// Per row north to south: whether it holds a territory.
    tall: Vec<bool>,
}

impl Extent {
    pub fn of(g: &HighGround) -> Extent {
        let places: Vec<Pos> = g
            .board()
            .territories()
            .iter()
            .map(|t| t.pos)
            .chain(g.board().blank_spaces().iter().copied())
            .collect();
        let (mut west, mut east, mut south, mut north) = (-1, 1, -1, 1);
        if let Some(first) = places.first() {
            (west, east, south, north) = (first.x, first.x, first.y, first.y);
            for p in &places {
                west = west.min(p.x);
                east = east.max(p.x);
                south = south.min(p.y);
                north = north.max(p.y);
            }
        }
        let wide = (west..=east)
            .map(|x| g.board().territories().iter().any(|t| t.pos.x == x))
            .collect();
        let tall = (south..=north)
            .rev()
            .map(|y| g.board().territories().iter().any(|t| t.pos.y == y))
            .collect();
        Extent {
            west,
            east,
            south,
            north,
            wide,
            tall,
        }
    }

    /// (west, east, south, north), for keeping the cursor on the board.
    pub fn bounds(&self) -> (i8, i8, i8, i8) {
        (self.west, self.east, self.south, self.north)
    }

    /// The columns, west to east: (x, width).
    fn columns(&self, size: CellSize) -> Vec<(i8, u16)> {
        (self.west..=self.east)
            .zip(&self.wide)
            .map(|(x, wide)| (x, if *wide { size.w } else { size.narrow }))
            .collect()
    }

    /// The rows, north to south: (y, height).
    fn rows(&self, size: CellSize) -> Vec<(i8, u16)> {
        (self.south..=self.north)
            .rev()
            .zip(&self.tall)
            .map(|(y, tall)| (y, if *tall { size.h } else { size.short }))
            .collect()
    }

    /// The room the whole board takes at this size.
    pub fn natural(&self, size: CellSize) -> (u16, u16) {
        (
            self.columns(size).iter().map(|(_, w)| w).sum(),
            self.rows(size).iter().map(|(_, h)| h).sum(),
        )
    }
}

/// Where each visible grid place is on screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    pub size: CellSize,
    /// Visible columns west to east: (x, screen column, width).
    pub cols: Vec<(i8, u16, u16)>,
    /// Visible rows north to south: (y, screen row, height).
    pub rows: Vec<(i8, u16, u16)>,
    /// Parts of the board out of the window: west, east, south, north.
    pub more: [bool; 4],
}

/// The run of `items` (sizes) that fits in `room` and holds `focus`, as (first, count): as many
/// as fit, spread round the focus.
fn window(items: &[(i8, u16)], focus: usize, room: u16) -> (usize, usize) {
    let total: u16 = items.iter().map(|(_, w)| w).sum();
    if total <= room || items.is_empty() {
        return (0, items.len());
    }
    let focus = focus.min(items.len() - 1);
    let (mut lo, mut hi) = (focus, focus + 1);
    let mut used = items[focus].1;
    loop {
        let mut grew = false;
        if hi < items.len() && used + items[hi].1 <= room {
            used += items[hi].1;
            hi += 1;
            grew = true;
        }
        if lo > 0 && used + items[lo - 1].1 <= room {
            lo -= 1;
            used += items[lo].1;
            grew = true;
        }
        if !grew {
            break;
        }
    }
    (lo, hi - lo)
}

/// Lays `list` (sizes) out from `start`, centred in `room` when it fits.
fn place(list: &[(i8, u16)], start: u16, room: u16) -> Vec<(i8, u16, u16)> {
    let total: u16 = list.iter().map(|(_, w)| w).sum();
    let mut at = start + room.saturating_sub(total) / 2;
    list.iter()
        .map(|&(k, w)| {
            let out = (k, at, w);
            at += w;
            out
        })
        .collect()
}

impl BoardGeometry {
    /// The board of `g` at `size` in `area`, the window showing `focus` when it cannot all show.
    pub fn new(area: Rect, extent: &Extent, size: CellSize, focus: Pos) -> BoardGeometry {
        let cols = extent.columns(size);
        let rows = extent.rows(size);
        let fx = cols.iter().position(|(x, _)| *x == focus.x).unwrap_or(0);
        let fy = rows.iter().position(|(y, _)| *y == focus.y).unwrap_or(0);
        let (c0, cn) = window(&cols, fx, area.width);
        let (r0, rn) = window(&rows, fy, area.height);
        BoardGeometry {
            size,
            cols: place(&cols[c0..c0 + cn], area.x, area.width),
            rows: place(&rows[r0..r0 + rn], area.y, area.height),
            more: [c0 > 0, c0 + cn < cols.len(), r0 + rn < rows.len(), r0 > 0],
        }
    }

    /// The screen cell of a grid place, if it is in the window.
    pub fn cell(&self, pos: Pos) -> Option<Rect> {
        let (_, x, w) = self.cols.iter().find(|c| c.0 == pos.x)?;
        let (_, y, h) = self.rows.iter().find(|r| r.0 == pos.y)?;
        Some(Rect::new(*x, *y, *w, *h))
    }

    /// The grid place under a screen position.
    pub fn pos_at(&self, x: u16, y: u16) -> Option<Pos> {
        let (px, ..) = self.cols.iter().find(|c| x >= c.1 && x < c.1 + c.2)?;
        let (py, ..) = self.rows.iter().find(|r| y >= r.1 && y < r.1 + r.2)?;
        Some(Pos::new(*px, *py))
    }
}

/// What the board shows besides the position.
pub struct BoardModel<'a> {
    pub game: &'a HighGround,
    pub seats: &'a Seats,
    pub cursor: Option<Pos>,
    /// Places where the pending decision can be taken (highlighted).
    pub targets: &'a [Pos],
    /// A pyramid picked (to move, hop or swap): drawn marked.
    pub picked: Option<PieceId>,
    /// Where other seats' last turns acted: (place, seat).
    pub marks: &'a [(Pos, usize)],
}

/// The letter of a seat's colour.
pub fn seat_letter(seat: usize) -> char {
    COLOUR_LETTERS[seat % 4]
}

/// One stack as styled text, bottom first (see the module's documentation).
pub fn stack_spans(stack: &Stack, theme: &Theme, picked: Option<PieceId>) -> Vec<Span<'static>> {
    let mut out = Vec::new();
    let mut last_seat = None;
    for (h, p) in stack.pieces().iter().enumerate() {
        let seat = p.seat() as usize;
        let base = theme.player(seat);
        if last_seat != Some(seat) {
            out.push(Span::styled(seat_letter(seat).to_string(), base));
            last_seat = Some(seat);
        }
        let status = stack.status_at(h);
        let mut letter = p.size().letter();
        let mut style = if picked == Some(*p) {
            theme.origin().add_modifier(Modifier::BOLD)
        } else {
            base
        };
        match status {
            Status::Trapped => {
                letter = letter.to_ascii_lowercase();
                style = style.add_modifier(Modifier::DIM);
            }
            Status::Hobbled => style = style.add_modifier(Modifier::UNDERLINED),
            Status::Free => {}
        }
        out.push(Span::styled(letter.to_string(), style));
    }
    out
}

/// How many columns some spans take.
fn spans_width(spans: &[Span]) -> usize {
    spans.iter().map(|s| s.content.chars().count()).sum()
}

/// Joins stacks with spaces into lines of at most `width` columns, `lines` lines at most (each
/// stack on its own line when `one_per_line` and there is room); what does not fit ends in `…`.
fn stack_lines(
    stacks: &[Vec<Span<'static>>],
    width: usize,
    lines: usize,
    one_per_line: bool,
) -> Vec<Line<'static>> {
    let mut out: Vec<Vec<Span<'static>>> = Vec::new();
    for s in stacks {
        let room = out.len() < lines;
        match out.last_mut() {
            Some(last)
                if !(room && (one_per_line || spans_width(last) + 1 + spans_width(s) > width)) =>
            {
                last.push(Span::raw(" "));
                last.extend(s.iter().cloned());
            }
            _ => out.push(s.clone()),
        }
    }
    out.into_iter()
        .map(|spans| {
            // Cut what overflows, ending in an ellipsis.
            if spans_width(&spans) <= width {
                return Line::from(spans);
            }
            let mut kept = Vec::new();
            let mut used = 0;
            for s in spans {
                let n = s.content.chars().count();
                if used + n + 1 > width {
                    let room = width.saturating_sub(used + 1);
                    let head: String = s.content.chars().take(room).collect();
                    kept.push(Span::styled(head, s.style));
                    break;
                }
                used += n;
                kept.push(s);
            }
            kept.push(Span::raw("…"));
            Line::from(kept)
        })
        .collect()
}

/// The board widget.
pub struct BoardWidget<'a> {
    pub model: &'a BoardModel<'a>,
    pub geometry: &'a BoardGeometry,
    pub theme: &'a Theme,
}

impl BoardWidget<'_> {
    /// The card's label: value and orientation (`7 |`, `K -`, `*9 |` for a Joker as 9).
    fn label(&self, pos: Pos) -> String {
        let g = self.model.game;
        let Some(t) = g.board().get(pos) else {
            return String::new();
        };
        let value = if t.top().is_joker() {
            match t.joker {
                0 => "*".to_string(),
                l => format!("*{}", level_name(l)),
            }
        } else {
            t.top().name().to_string()
        };
        let orient = pos.orientation().symbol();
        if self.geometry.size.boxed {
            format!("{value} {orient}")
        } else {
            format!("{value}{orient}")
        }
    }

    fn marks_at(&self, pos: Pos) -> Vec<usize> {
        let mut seats: Vec<usize> = self
            .model
            .marks
            .iter()
            .filter(|(p, _)| *p == pos)
            .map(|(_, s)| *s)
            .collect();
        seats.sort();
        seats.dedup();
        seats
    }

    fn stacks(&self, pos: Pos) -> Vec<Vec<Span<'static>>> {
        self.model
            .game
            .pyramids()
            .stacks_at(pos)
            .map(|s| stack_spans(s, self.theme, self.model.picked))
            .collect()
    }

    fn card_small(&self, pos: Pos, rect: Rect, base: Style, buf: &mut Buffer) {
        let g = self.model.game;
        let t = self.theme;
        buf.set_style(rect, base);
        // The label starts one column in, so that the marks at the end of the card to the west
        // never run into it.
        let mut head = vec![
            Span::styled(" ", base),
            Span::styled(self.label(pos), base.add_modifier(Modifier::BOLD)),
        ];
        if let Some(owner) = g.board().get(pos).and_then(|t| t.owner) {
            head.push(Span::styled(" ", base));
            head.push(Span::styled(
                seat_letter(owner as usize).to_string(),
                t.badge(owner as usize),
            ));
        }
        buf.set_line(rect.x, rect.y, &Line::from(head), rect.width);
        let marks = self.marks_at(pos);
        for (i, seat) in marks.iter().rev().enumerate() {
            let x = rect.x + rect.width.saturating_sub(1 + i as u16);
            if x > rect.x + 3 {
                buf.set_string(x, rect.y, seat_letter(*seat).to_string(), t.badge(*seat));
            }
        }
        let lines = stack_lines(
            &self.stacks(pos),
            rect.width as usize,
            rect.height.saturating_sub(1) as usize,
            false,
        );
        for (i, line) in lines.iter().enumerate() {
            buf.set_line(rect.x, rect.y + 1 + i as u16, line, rect.width);
        }
    }

    fn card_boxed(&self, pos: Pos, cell: Rect, base: Style, buf: &mut Buffer) {
        let g = self.model.game;
        let t = self.theme;
        let size = self.geometry.size;
        // The card's own shape: upright cards stand taller and narrower.
        let rect = if size.shaped {
            match pos.orientation() {
                Orientation::Upright => Rect::new(cell.x + 2, cell.y, cell.width - 4, cell.height),
                Orientation::Sideways => Rect::new(
                    cell.x,
                    cell.y + 1,
                    cell.width,
                    cell.height.saturating_sub(2),
                ),
            }
        } else {
            cell
        };
        let Some(territory) = g.board().get(pos) else {
            return;
        };
        let mut title = vec![Span::styled(
            format!(" {} ", self.label(pos)),
            base.add_modifier(Modifier::BOLD),
        )];
        if let Some(owner) = territory.owner {
            let name = self.model.seats.name(owner as usize);
            let name = if rect.width >= 14 {
                name.to_string()
            } else {
                seat_letter(owner as usize).to_string()
            };
            title.push(Span::styled(name, t.badge(owner as usize)));
        }
        let mut block = Block::bordered()
            .border_style(base)
            .style(base)
            .title(Line::from(title));
        let marks = self.marks_at(pos);
        if !marks.is_empty() {
            let mut spans = Vec::new();
            for seat in marks {
                spans.push(Span::styled(seat_letter(seat).to_string(), t.badge(seat)));
            }
            block = block.title_bottom(Line::from(spans).right_aligned());
        }
        let inner = block.inner(rect);
        block.render(rect, buf);
        let depth = territory.depth();
        let stacks = self.stacks(pos);
        let mut rows = inner.height as usize;
        // Large cards say how many cards lie here, when there is room.
        let show_depth = size.shaped && depth > 1 && stacks.len() < rows;
        if show_depth {
            rows -= 1;
        }
        let lines = stack_lines(&stacks, inner.width as usize, rows, size.shaped);
        for (i, line) in lines.iter().enumerate() {
            buf.set_line(inner.x, inner.y + i as u16, line, inner.width);
        }
        if show_depth {
            buf.set_string(
                inner.x,
                inner.y + inner.height - 1,
                format!("{depth} cards"),
                base.add_modifier(Modifier::DIM),
            );
        }
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let geo = self.geometry;
        let m = self.model;
        let g = m.game;
        let t = self.theme;
        for &(y, sy, h) in &geo.rows {
            for &(x, sx, w) in &geo.cols {
                let pos = Pos::new(x, y);
                let cell = Rect::new(sx, sy, w, h).intersection(area);
                if cell.is_empty() {
                    continue;
                }
                let target = m.targets.contains(&pos);
                if g.board().has(pos) {
                    let tint = match pos.orientation() {
                        Orientation::Upright => Tint::Light,
                        Orientation::Sideways => Tint::Plain,
                    };
                    let base = if target { t.target() } else { t.square(tint) };
                    if geo.size.boxed {
                        self.card_boxed(pos, cell, base, buf);
                    } else {
                        self.card_small(pos, cell, base, buf);
                    }
                } else if g.board().blank_spaces().contains(&pos) {
                    let (mark, style) = if target {
                        ("+", t.target())
                    } else {
                        ("·", t.coords())
                    };
                    if target {
                        buf.set_style(cell, style);
                    }
                    buf.set_string(
                        cell.x + cell.width / 2,
                        cell.y + cell.height.saturating_sub(1) / 2,
                        mark,
                        style,
                    );
                }
                if m.cursor == Some(pos) {
                    buf.set_style(cell, Style::new().add_modifier(t.cursor()));
                }
            }
        }
        // Arrows on the edges where the board goes on out of the window.
        let arrows = [
            (geo.more[0], area.x, area.y + area.height / 2, "◂"),
            (
                geo.more[1],
                area.x + area.width.saturating_sub(1),
                area.y + area.height / 2,
                "▸",
            ),
            (
                geo.more[2],
                area.x + area.width / 2,
                area.y + area.height.saturating_sub(1),
                "▾",
            ),
            (geo.more[3], area.x + area.width / 2, area.y, "▴"),
        ];
        for (shown, x, y, arrow) in arrows {
            if shown && area.width > 0 && area.height > 0 {
                buf.set_string(x, y, arrow, t.key());
            }
        }
    }
}
