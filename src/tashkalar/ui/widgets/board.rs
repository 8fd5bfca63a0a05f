//! The arena: 9x9 grid with coordinates, coloured squares, pieces as letter discs, and the
//! highlights of the pending decision (targets, the cursor, a summoning pattern laid over it).
//!
//! Every mark that carries meaning has a character as well as a colour, so the board reads on a
//! monochrome terminal: `b` common, `B` heroic, `*B*` legendary; `( )` legal target, `[ ]`
//! pattern square, `> <` where the summoned piece lands, digits for marked squares (in the
//! cell's corner, or after the glyph on the smallest board: `[b1`); `‹ ›` a
//! piece another seat placed, moved or changed since your last decision, `×` a piece of yours
//! or theirs they destroyed, `∘` a square a piece left; `=` a seat's Gateway; what a highlighted
//! option would do: `×` destroyed, `~` converted, `•` moved (`!` first when the piece is yours).

use super::super::look::{SquareLook, piece_letter, piece_style};
use super::super::recap::Marks;
use crate::shell::tui::theme::Theme;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Board, Colour, Piece, Rank, arena};
use crate::tashkalar::engine::{Dir, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// Where the board's cells are on screen; shared by drawing and mouse hit-testing.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BoardGeometry {
    /// Top-left of the a9 cell.
    pub x: u16,
    pub y: u16,
    pub cell_w: u16,
    pub cell_h: u16,
}

impl BoardGeometry {
    /// Columns taken by the rank labels on the left.
    pub const LABEL_W: u16 = 2;

    /// Width and height the grid needs with its labels (no border).
    pub fn size(cell_w: u16, cell_h: u16) -> (u16, u16) {
        (Self::LABEL_W + 9 * cell_w, 9 * cell_h + 1)
    }

    /// The geometry of a board drawn in `area` (labels included), centred.
    pub fn within(area: Rect, cell_w: u16, cell_h: u16) -> BoardGeometry {
        let (w, h) = Self::size(cell_w, cell_h);
        let x = area.x + area.width.saturating_sub(w) / 2 + Self::LABEL_W;
        let y = area.y + area.height.saturating_sub(h) / 2;
        BoardGeometry {
            x,
            y,
            cell_w,
            cell_h,
        }
    }

    /// The cell of a square.
    pub fn cell(&self, sq: Square) -> Rect {
        let col = sq.file() as u16;
        let row = 8 - sq.rank() as u16;
        Rect::new(
            self.x + col * self.cell_w,
            self.y + row * self.cell_h,
            self.cell_w,
            self.cell_h,
        )
    }

    /// The square under a screen position, if any.
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        if x < self.x || y < self.y {
            return None;
        }
        let col = (x - self.x) / self.cell_w.max(1);
        let row = (y - self.y) / self.cell_h.max(1);
        if col > 8 || row > 8 {
            return None;
        }
        Square::new(col as i8, 8 - row as i8)
    }
}

/// A summoning shown on the board before it is chosen.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PatternOverlay {
    /// Where the summoned piece lands.
    pub target: Square,
    /// The piece it will be.
    pub piece: Piece,
    /// Your pieces the pattern uses.
    pub cells: Bitboard,
    /// An enemy piece used as your own (improvised summoning).
    pub borrow: Option<Square>,
    /// Marked squares and their numbers.
    pub marks: Vec<(Square, u8)>,
    /// Printed arrows, from the target.
    pub arrows: Vec<Dir>,
}

/// Everything the board shows; built from a seat's view and the selection.
#[derive(Clone, Debug)]
pub struct BoardModel<'a> {
    pub board: &'a Board,
    pub cursor: Option<Square>,
    pub targets: Bitboard,
    pub recent: Bitboard,
    /// A piece picked to move, waiting for its destination.
    pub origin: Option<Square>,
    pub overlay: Option<PatternOverlay>,
    /// What the other seats changed since the viewer's last decision.
    pub changes: Marks,
    /// What the highlighted choice would do, and which of the squares it touches hold the
    /// deciding seat's own pieces.
    pub preview: Option<(Marks, Bitboard)>,
    /// Squares holding a seat's Gateway.
    pub gateways: Bitboard,
}

/// Draws a [`BoardModel`] with a theme.
pub struct BoardWidget<'a> {
    pub model: &'a BoardModel<'a>,
    pub theme: &'a Theme,
    pub geometry: BoardGeometry,
}

/// What one square looks like, before it is laid out in its cell.
struct Look {
    base: Style,
    /// Piece letter or the empty-square symbol.
    glyph: char,
    /// Style of the glyph (a piece's disc, or the base).
    glyph_style: Style,
    legendary: bool,
    /// The piece is a seat's Gateway.
    gateway: bool,
    /// Marker characters either side of the glyph.
    markers: Option<(char, char, Style)>,
    /// The number of a marked square of the summoning pattern, and its style. It never takes
    /// the place of a bracket: a cell two or more rows high shows it in its top-left corner, a
    /// one-row cell where its right marker goes (`[b1`).
    mark: Option<(u8, Style)>,
    cursor: bool,
}

impl BoardWidget<'_> {
    fn look(&self, sq: Square) -> Look {
        let m = self.model;
        let t = self.theme;
        let kind = SquareLook::of(sq);
        let mut base = t.square(kind.tint());
        if m.recent.contains(sq) || m.changes.all().contains(sq) {
            base = base.patch(t.recent());
        }
        let overlay = m.overlay.as_ref();
        let ghost = overlay.filter(|o| o.target == sq).map(|o| o.piece);
        let shown = ghost.or_else(|| m.board.get(sq));
        let (glyph, glyph_style, legendary) = match shown {
            Some(p) => {
                let mut s = piece_style(t, p.colour, p.rank);
                if ghost.is_some() {
                    s = s.add_modifier(Modifier::ITALIC);
                }
                (piece_letter(p.colour, p.rank), s, p.rank == Rank::Legendary)
            }
            // A square emptied since the viewer's last decision says how.
            None if m.changes.destroyed.contains(sq) => ('×', base, false),
            None if m.changes.left.contains(sq) => ('∘', base, false),
            None => (kind.symbol(), base, false),
        };
        let mark = overlay.and_then(|o| o.marks.iter().find(|(s, _)| *s == sq).map(|(_, n)| *n));
        let arrow = overlay.and_then(|o| {
            o.arrows
                .iter()
                .find(|d| o.target.step(**d) == Some(sq))
                .map(|d| crate::tashkalar::ui::words::dir_arrow(*d))
        });
        let markers = if ghost.is_some() {
            Some(('>', '<', t.pattern()))
        } else if overlay.is_some_and(|o| o.cells.contains(sq) || o.borrow == Some(sq)) {
            Some(('[', ']', t.pattern()))
        } else if mark.is_some() {
            // An empty or enemy marked square: its number (see `draw_cell`) is its marker.
            Some((' ', ' ', t.pattern()))
        } else if let Some(a) = arrow {
            Some((a.chars().next().unwrap_or(' '), ' ', t.pattern()))
        } else if m.origin == Some(sq) {
            Some(('>', '<', t.origin()))
        } else if let Some(marker) = preview_marker(m.preview.as_ref(), sq, t) {
            Some(marker)
        } else if m.targets.contains(sq) {
            Some(('(', ')', t.target()))
        } else if shown.is_some() && (m.changes.arrived | m.changes.changed).contains(sq) {
            Some(('‹', '›', t.recent()))
        } else {
            None
        };
        if let Some((_, _, s)) = markers
            && t.has_colour()
        {
            // A highlighted square takes the highlight colour all around its piece (if any).
            base = base.patch(s);
        }
        let glyph_style = if shown.is_none() { base } else { glyph_style };
        Look {
            base,
            glyph,
            glyph_style,
            legendary,
            gateway: m.gateways.contains(sq) && m.board.get(sq).is_some(),
            markers,
            mark: mark.map(|n| (n, t.pattern())),
            cursor: m.cursor == Some(sq),
        }
    }
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        let coords = self.theme.coords();
        for sq in Square::all() {
            let cell = g.cell(sq);
            if !area.contains(cell.as_position())
                || cell.right() > area.right()
                || cell.bottom() > area.bottom()
            {
                continue;
            }
            if !arena::is_playable(sq) {
                continue;
            }
            let look = self.look(sq);
            draw_cell(buf, cell, &look, self.theme);
        }
        // Rank labels on the left, file letters under the grid.
        for rank in 0..9u16 {
            let y = g.y + (8 - rank) * g.cell_h + g.cell_h / 2;
            if g.x >= BoardGeometry::LABEL_W && y < area.bottom() {
                let x = g.x - BoardGeometry::LABEL_W;
                if x >= area.x {
                    buf.set_string(x, y, format!("{}", rank + 1), coords);
                }
            }
        }
        let y = g.y + 9 * g.cell_h;
        if y < area.bottom() {
            for file in 0..9u16 {
                let x = g.x + file * g.cell_w + g.cell_w / 2;
                if x < area.right() {
                    buf.set_string(x, y, ((b'a' + file as u8) as char).to_string(), coords);
                }
            }
        }
    }
}

/// What the highlighted choice would do to a square: `×` destroyed, `~` converted or changed,
/// `•` moved away; a piece of the deciding seat's own gets `!` first and the warning colour.
fn preview_marker(
    preview: Option<&(Marks, Bitboard)>,
    sq: Square,
    t: &Theme,
) -> Option<(char, char, Style)> {
    let (marks, own) = preview?;
    let kind = if marks.destroyed.contains(sq) {
        '×'
    } else if marks.changed.contains(sq) {
        '~'
    } else if marks.left.contains(sq) {
        '•'
    } else {
        return None;
    };
    Some(if own.contains(sq) {
        ('!', kind, t.warn())
    } else {
        (kind, kind, t.pattern())
    })
}

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(c) = buf.cell_mut((x, y)) {
        c.set_char(ch);
        c.set_style(style);
    }
}

fn draw_cell(buf: &mut Buffer, cell: Rect, look: &Look, theme: &Theme) {
    let with_cursor = |s: Style| {
        if look.cursor {
            s.add_modifier(theme.cursor())
        } else {
            s
        }
    };
    for y in cell.top()..cell.bottom() {
        for x in cell.left()..cell.right() {
            put(buf, x, y, ' ', with_cursor(look.base));
        }
    }
    let cy = cell.y + cell.height / 2;
    let cx = cell.x + cell.width / 2;
    let wide = cell.width >= 5;
    // The glyph, as a 1-wide (narrow cells) or 3-wide disc.
    let disc = look.glyph_style;
    if wide {
        let (l, r) = if look.legendary {
            ('*', '*')
        } else if look.gateway {
            ('=', '=')
        } else {
            (' ', ' ')
        };
        let disc_style = if look.glyph_style == look.base {
            look.base
        } else {
            disc
        };
        put(buf, cx - 1, cy, l, with_cursor(disc_style));
        put(buf, cx + 1, cy, r, with_cursor(disc_style));
    }
    put(buf, cx, cy, look.glyph, with_cursor(disc));
    let (ml, mr) = if wide {
        (cx - 2, cx + 2)
    } else {
        (cx - 1, cx + 1)
    };
    if !wide && look.legendary {
        put(buf, ml, cy, '*', with_cursor(disc));
        put(buf, mr, cy, '*', with_cursor(disc));
    } else if !wide && look.gateway && look.markers.is_none() {
        put(buf, ml, cy, '=', with_cursor(disc));
        put(buf, mr, cy, '=', with_cursor(disc));
    } else if let Some((l, r, style)) = look.markers {
        let style = with_cursor(look.base.patch(style));
        put(buf, ml, cy, l, style);
        put(buf, mr, cy, r, style);
    }
    // A marked square's number: in the corner of a tall cell, else where the right marker goes
    // (the left one, a bracket or `*`, still says what the square is).
    if let Some((n, style)) = look.mark {
        let digit = char::from(b'0' + n % 10);
        let style = with_cursor(look.base.patch(style));
        if cell.height >= 2 {
            put(buf, cell.x, cell.y, digit, style);
        } else {
            put(buf, mr, cy, digit, style);
        }
    }
}

/// The colour and rank of the piece a card summons for a colour.
pub fn summoned_piece(colour: Colour, rank: Rank) -> Piece {
    Piece { colour, rank }
}
