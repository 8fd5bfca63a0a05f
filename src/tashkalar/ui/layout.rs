//! The game screen's geometry: where each panel goes for the terminal's size, and which
//! thing a mouse position falls on. Drawing the panels is `render`'s.

use super::ArenaScreen;
use super::widgets::board::BoardGeometry;
use super::widgets::hand::{hand_layout, item_at, longest_name};
use super::words::describe;
use crate::shell::tui::ui::TableView;
use crate::shell::tui::widgets::decision::option_rows;
use crate::tashkalar::engine::board::arena;
use crate::tashkalar::engine::{GameState, Mode, Square};
use ratatui::layout::{Position, Rect};
use ratatui::widgets::Block;

/// Smallest terminal width the screens are laid out for.
pub const MIN_WIDTH: u16 = 80;
/// Smallest terminal height the screens are laid out for.
pub const MIN_HEIGHT: u16 = 24;

/// Where every panel of the game screen goes (the key bar's row is not included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLayout {
    pub status: Rect,
    pub board_block: Rect,
    pub board: BoardGeometry,
    pub players: Rect,
    pub tasks: Option<Rect>,
    pub hand: Rect,
    pub decision: Rect,
    pub log: Rect,
}

/// Lays out the game screen in `area` (everything above the key bar) for a game of `sides`
/// sides (colours). `None`: too small.
pub fn game_layout(area: Rect, sides: usize, high_form: bool) -> Option<GameLayout> {
    if area.width < MIN_WIDTH || area.height + 1 < MIN_HEIGHT {
        return None;
    }
    let w = area.width;
    let status = Rect::new(area.x, area.y, w, 1);
    let body = Rect::new(area.x, area.y + 1, w, area.height - 1);
    // Squares grow with the screen: the largest board needs about 230x64.
    let (cw, ch) = if w >= 230 && body.height >= 63 {
        (9, 4)
    } else if w >= 150 && body.height >= 44 {
        (7, 3)
    } else if w >= 110 && body.height >= 33 {
        (5, 2)
    } else {
        (3, 1)
    };
    let (gw, gh) = BoardGeometry::size(cw, ch);
    let (bw, bh) = (gw + 2, gh + 2);
    let board_block = Rect::new(body.x, body.y, bw, bh);
    let board = BoardGeometry::within(Rect::new(body.x + 1, body.y + 1, gw, gh), cw, ch);
    let right = Rect::new(body.x + bw, body.y, w - bw, bh);
    let bottom = Rect::new(body.x, body.y + bh, w, body.height - bh);
    // The score board: a line per side when space is short; otherwise room for its counts and
    // cards lines too and the decks' line, as long as the hand keeps ten rows.
    let players_h = if cw == 3 {
        sides as u16 + 2
    } else {
        (sides as u16 * 3 + 3)
            .min(right.height.saturating_sub(10))
            .max(sides as u16 * 2 + 2)
    };
    if cw >= 7 {
        // Large: players and tasks beside the board with the log; decision and hand below.
        let info_w = (right.width / 2).clamp(40, 60);
        let info = Rect::new(right.x, right.y, info_w, right.height);
        let log = Rect::new(
            right.x + info_w,
            right.y,
            right.width - info_w,
            right.height,
        );
        // Room for every line of the score board (with tasks below it in High Form).
        let players_h = if high_form {
            (sides as u16 * 4 + 3).min(info.height / 2)
        } else {
            info.height
        };
        let players_r = Rect::new(info.x, info.y, info.width, players_h);
        let tasks = high_form.then(|| {
            Rect::new(
                info.x,
                info.y + players_h,
                info.width,
                info.height - players_h,
            )
        });
        let decision = Rect::new(bottom.x, bottom.y, bw, bottom.height);
        let hand = Rect::new(bottom.x + bw, bottom.y, bottom.width - bw, bottom.height);
        return Some(GameLayout {
            status,
            board_block,
            board,
            players: players_r,
            tasks,
            hand,
            decision,
            log,
        });
    }
    let players_r = Rect::new(right.x, right.y, right.width, players_h.min(right.height));
    let hand = Rect::new(
        right.x,
        right.y + players_r.height,
        right.width,
        right.height - players_r.height,
    );
    let decision_w = (w / 2).max(bw);
    let decision = Rect::new(bottom.x, bottom.y, decision_w, bottom.height);
    let mut log = Rect::new(
        bottom.x + decision_w,
        bottom.y,
        w - decision_w,
        bottom.height,
    );
    let tasks = if high_form {
        // The tasks' conditions are read whole when there is room (two rows each for the four
        // shown, at 120x40); the log keeps the rest.
        let th = (log.height * 2 / 3).max(6).min(log.height);
        let t = Rect::new(log.x, log.y, log.width, th);
        log = Rect::new(log.x, log.y + th, log.width, log.height - th);
        Some(t)
    } else {
        None
    };
    Some(GameLayout {
        status,
        board_block,
        board,
        players: players_r,
        tasks,
        hand,
        decision,
        log,
    })
}

/// The layout for a game screen in `area`.
pub fn layout_for(state: &GameState, area: Rect) -> Option<GameLayout> {
    game_layout(area, state.colours(), state.config.mode == Mode::HighForm)
}

/// What a mouse position on the game screen points at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameHit {
    Square(Square),
    Hand(usize),
    Option(usize),
    Log,
}

/// Which thing of the game screen is at a position.
pub fn hit(
    s: &ArenaScreen,
    v: &TableView<'_, ArenaScreen>,
    area: Rect,
    x: u16,
    y: u16,
) -> Option<GameHit> {
    let layout = layout_for(v.game, area)?;
    if layout.board_block.contains(Position::new(x, y)) {
        return layout
            .board
            .square_at(x, y)
            .filter(|s| arena::is_playable(*s))
            .map(GameHit::Square);
    }
    let hand_inner = Block::bordered().inner(layout.hand);
    if hand_inner.contains(Position::new(x, y)) {
        let hl = hand_layout(
            hand_inner,
            s.items.len(),
            longest_name(&s.items, &v.game.db),
        );
        return item_at(&hl, s.items.len(), s.ui.hand_index, x, y).map(GameHit::Hand);
    }
    let dec_inner = Block::bordered().inner(layout.decision);
    let texts: Vec<String> = s
        .model
        .options
        .iter()
        .map(|c| describe(v.game, v.seats, &s.model.decision, c))
        .collect();
    let (opts, rows) = option_rows(dec_inner, &texts, s.ui.option_index);
    if v.human_turn && opts.contains(Position::new(x, y)) {
        let row = (y - opts.y) as usize;
        return rows.get(row).map(|(i, _)| GameHit::Option(*i));
    }
    if layout.log.contains(Position::new(x, y)) {
        return Some(GameHit::Log);
    }
    None
}
