//! The game screen: where each panel goes for the terminal's size (the board's cards grow with
//! the room: tinted blocks at 80x24, boxes from about 110x34, bigger shaped boxes from about
//! 160x50), drawing them, and which panel a mouse position falls in.

use super::HgScreen;
use super::board::{
    BoardGeometry, BoardModel, BoardWidget, CellSize, Extent, LARGE, MEDIUM, SMALL,
};
use super::interaction::{Focus, Stage, playable, targets};
use super::panels::{HandPanel, InfoPanel, card_rects};
use super::words::{self, card_name, face_name};
use crate::highground::state::{HighGround, Pending};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{TableView, seat_title};
use crate::shell::tui::widgets::decision::{DecisionPanel, option_rows};
use crate::shell::tui::widgets::log::LogPanel;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

/// Smallest terminal the screen is laid out for.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// Where every panel of the game screen goes (the key bar's row is not included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HgLayout {
    pub status: Rect,
    pub board_block: Rect,
    pub board: BoardGeometry,
    pub info: Rect,
    pub hand: Rect,
    pub decision: Rect,
    pub log: Rect,
}

/// The room the right-hand column needs at each card size, and the decision panel's least
/// height.
fn needs(size: CellSize) -> (u16, u16) {
    if size.boxed { (40, 10) } else { (26, 8) }
}

/// The least height of the log when the decision panel shares the right-hand column with it.
const LOG_MIN: u16 = 4;

/// The heights of the players' panel and the hand at a card size, in a column of `height`.
fn right_heights(size: CellSize, players: u16, height: u16) -> (u16, u16) {
    let wide = size.boxed;
    let info = (2 + players + 2 + if wide { players } else { 0 }).min(height / 2);
    (info, if wide { 6 } else { 3 })
}

/// Where the decision panel goes: under the board, or (for a board too tall for that) in the
/// right-hand column between the hand and the log.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DecisionAt {
    Below,
    Right,
}

/// The unboxed cards tried when no boxes fit, biggest first: taller ones give a crowded card
/// more lines for its stacks, wider ones more letters per line, so stacks are not cut while
/// the room is there. The last is [`SMALL`] itself.
const UNBOXED: [(u16, u16); 6] = [(11, 4), (9, 4), (11, 3), (9, 3), (11, 2), (9, 2)];

/// The biggest cards with which the whole board fits, and where the decision panel goes then:
/// under the board when there is room, else beside it, so that a tall board keeps its cards
/// rather than falling back to the smallest ones; else unboxed cards as big as fit (the wide
/// board of 120x40); else the smallest cards, in a window.
fn plan(extent: &Extent, players: u16, w: u16, h: u16) -> (CellSize, DecisionAt) {
    for size in [LARGE, MEDIUM] {
        let (nw, nh) = extent.natural(size);
        let (right, decision) = needs(size);
        if nw + 2 + right > w {
            continue;
        }
        if nh + 2 + decision <= h {
            return (size, DecisionAt::Below);
        }
        let (info, hand) = right_heights(size, players, h);
        if nh + 2 <= h && info + hand + decision + LOG_MIN <= h {
            return (size, DecisionAt::Right);
        }
    }
    let (right, decision) = needs(SMALL);
    UNBOXED
        .into_iter()
        .map(|(cw, ch)| CellSize {
            w: cw,
            h: ch,
            ..SMALL
        })
        .find(|size| {
            let (nw, nh) = extent.natural(*size);
            nw + 2 + right <= w && nh + 2 + decision <= h
        })
        .map_or((SMALL, DecisionAt::Below), |size| (size, DecisionAt::Below))
}

/// Lays out the game screen for `g` in `area` (everything above the key bar), the board's
/// window following `cursor`. `None`: too small.
pub fn layout(area: Rect, g: &HighGround, cursor: crate::highground::Pos) -> Option<HgLayout> {
    if area.width < MIN_WIDTH || area.height + 1 < MIN_HEIGHT {
        return None;
    }
    let w = area.width;
    let status = Rect::new(area.x, area.y, w, 1);
    let body = Rect::new(area.x, area.y + 1, w, area.height - 1);
    let extent = Extent::of(g);
    let players = g.players() as u16;
    let (size, at) = plan(&extent, players, w, body.height);
    let (nw, nh) = extent.natural(size);
    let (right_min, decision_min) = needs(size);
    let left_w = (nw + 2).max(w * 45 / 100).min(w - right_min);
    let board_h = match at {
        DecisionAt::Below => (nh + 2).min(body.height - decision_min),
        DecisionAt::Right => body.height,
    };
    let board_block = Rect::new(body.x, body.y, left_w, board_h);
    let board = BoardGeometry::new(Block::bordered().inner(board_block), &extent, size, cursor);
    let right = Rect::new(body.x + left_w, body.y, w - left_w, body.height);
    let (info_h, hand_h) = right_heights(size, players, right.height);
    let info = Rect::new(right.x, right.y, right.width, info_h);
    let hand = Rect::new(right.x, right.y + info_h, right.width, hand_h);
    let below = right.y + info_h + hand_h;
    let rest = right.height.saturating_sub(info_h + hand_h);
    let (decision, log) = match at {
        DecisionAt::Below => (
            Rect::new(body.x, body.y + board_h, left_w, body.height - board_h),
            Rect::new(right.x, below, right.width, rest),
        ),
        DecisionAt::Right => {
            // The decision (prompt, the place under the cursor, options) takes three fifths of
            // what is left, the log the rest.
            let decision_h = (rest * 3 / 5)
                .max(decision_min)
                .min(rest.saturating_sub(LOG_MIN));
            (
                Rect::new(right.x, below, right.width, decision_h),
                Rect::new(right.x, below + decision_h, right.width, rest - decision_h),
            )
        }
    };
    Some(HgLayout {
        status,
        board_block,
        board,
        info,
        hand,
        decision,
        log,
    })
}

/// What a mouse position on the game screen points at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameHit {
    Place(crate::highground::Pos),
    Hand(usize),
    Option(usize),
    Log,
}

/// Which thing of the game screen is at a position.
pub fn hit(
    s: &HgScreen,
    v: &TableView<'_, HgScreen>,
    area: Rect,
    x: u16,
    y: u16,
) -> Option<GameHit> {
    let l = layout(area, v.game, s.ui.cursor)?;
    let at = Position::new(x, y);
    if l.board_block.contains(at) {
        return l.board.pos_at(x, y).map(GameHit::Place);
    }
    let hand_inner = Block::bordered().inner(l.hand);
    if hand_inner.contains(at) {
        return card_rects(hand_inner, s.hand.len())
            .iter()
            .position(|r| r.contains(at))
            .map(GameHit::Hand);
    }
    let dec_inner = Block::bordered().inner(l.decision);
    let texts: Vec<String> = s
        .model
        .options
        .iter()
        .map(|c| words::describe(v.game, v.seats, c))
        .collect();
    // The same rows the panel draws (options may wrap), so a click lands on what it shows.
    let (opts, rows) = option_rows(dec_inner, &texts, s.ui.option_index);
    if v.human_turn && opts.contains(at) {
        let row = (y - opts.y) as usize;
        return rows.get(row).map(|(i, _)| GameHit::Option(*i));
    }
    if l.log.contains(at) {
        return Some(GameHit::Log);
    }
    None
}

/// The stage shown: a picked stage, or the highlighted hand card while the hand has the focus.
pub fn shown_stage(s: &HgScreen) -> Stage {
    if s.ui.stage == Stage::Idle
        && s.ui.focus == Focus::Hand
        && let Some(card) = s.hand.get(s.ui.hand_index)
        && playable(&s.model, *card)
    {
        return Stage::Card(*card);
    }
    s.ui.stage
}

/// The prompt while a selection is under way.
fn stage_prompt(s: &HgScreen, v: &TableView<'_, HgScreen>) -> Option<String> {
    let g = v.game;
    let n = targets(g, &s.model, s.ui.stage).len();
    let places = format!("{n} highlighted place{}", if n == 1 { "" } else { "s" });
    match s.ui.stage {
        Stage::Idle => None,
        Stage::Card(card) => Some(format!(
            "Play the {}: {places} (Space: next). Enter plays it there; Esc cancels",
            card_name(card)
        )),
    }
}

/// Draws the game screen (without the key bar).
pub fn render(
    frame: &mut Frame,
    area: Rect,
    s: &HgScreen,
    v: &TableView<'_, HgScreen>,
    theme: &Theme,
) {
    let g = v.game;
    let Some(l) = layout(area, g, s.ui.cursor) else {
        return;
    };
    let seats = v.seats;
    let human = v.human_turn;

    // Status line.
    let variant = match g.variant() {
        crate::highground::Variant::Normal => "High Ground",
        crate::highground::Variant::Mini => "Mini-High Ground",
    };
    let mut status = vec![
        Span::styled(format!(" {variant} "), theme.title()),
        Span::raw(if g.in_setup() {
            "· setting up · ".to_string()
        } else {
            format!("· turn {} · ", g.turn_number())
        }),
    ];
    match v.decider() {
        None => status.push(Span::styled("game over", theme.warn())),
        Some(seat) => {
            status.push(Span::styled(
                format!(" {} ", seats.name(seat)),
                theme.badge(seat),
            ));
            status.push(Span::raw(" to play"));
        }
    }
    if let Some(face) = g.die_face()
        && words::die_in_use(g)
    {
        status.push(Span::raw(" · rolled "));
        status.push(Span::styled(
            format!(" {} ", face_name(face)),
            theme
                .title()
                .add_modifier(ratatui::style::Modifier::REVERSED),
        ));
    }
    // As Tash-Kalar's header: the replay's place in the record first, then the seed, each
    // whole or not at all.
    let width = l.status.width as usize;
    let used: usize = status.iter().map(|s| s.width()).sum();
    let replay = v
        .replay
        .map(|r| r.status(width.saturating_sub(used)))
        .unwrap_or_default();
    if let Some(seed) = v.seed {
        let seed = format!(" · seed {seed}");
        if used + replay.chars().count() + seed.chars().count() <= width {
            status.push(Span::styled(seed, theme.muted()));
        }
    }
    if !replay.is_empty() {
        status.push(Span::styled(replay, theme.key()));
    }
    frame
        .buffer_mut()
        .set_line(l.status.x, l.status.y, &Line::from(status), l.status.width);

    // Board.
    let focus = s.ui.focus;
    // The panel with the keys is marked as Tash-Kalar marks it, not by colour alone.
    let mut block = crate::shell::tui::widgets::panel(
        Line::from(Span::styled("Board (north up)", theme.title())),
        human && focus == Focus::Board,
        theme,
    );
    if l.board.size.boxed {
        // The longest legend the border holds: at 80 columns the full one was cut mid-word.
        let room = l.board_block.width.saturating_sub(2) as usize;
        let legend = [
            " b r g y: owner · S M L: size · lower case: trapped · underlined: hobbled ",
            " brgy owner · SML size · lower: trapped · underlined: hobbled ",
            " lower: trapped · underlined: hobbled ",
        ]
        .into_iter()
        .find(|t| t.chars().count() <= room);
        if let Some(legend) = legend {
            block = block.title_bottom(Line::styled(legend, theme.muted()));
        }
    }
    frame.render_widget(block, l.board_block);
    let stage = shown_stage(s);
    let shown_targets = if human {
        targets(g, &s.model, stage)
    } else {
        Vec::new()
    };
    let picked = words::mover(g);
    let model = BoardModel {
        game: g,
        seats,
        cursor: human.then_some(s.ui.cursor),
        targets: &shown_targets,
        picked,
        marks: &s.marks,
    };
    frame.render_widget(
        BoardWidget {
            model: &model,
            geometry: &l.board,
            theme,
        },
        Block::bordered().inner(l.board_block),
    );

    // Players, piles, die.
    frame.render_widget(
        InfoPanel {
            game: g,
            seats,
            narrator: v.narrator,
            theme,
            viewer: v.player(),
            to_move: v.decider(),
            wide: l.board.size.boxed,
        },
        l.info,
    );

    // Hand.
    let hidden = match (v.viewer, v.ai.map(|a| a.seat)) {
        (Some(_), _) => None,
        (None, Some(seat)) => Some(format!(
            "{} (AI) is playing. Hands stay hidden while the keyboard may be changing hands.",
            seats.name(seat)
        )),
        (None, None) => Some("Hands are hidden.".to_string()),
    };
    let title = match v.viewer {
        Some(seat) => format!("Hand of {}", seats.name(seat)),
        None => "Hand".to_string(),
    };
    let playable_cards: Vec<bool> = s
        .hand
        .iter()
        .map(|c| human && playable(&s.model, *c))
        .collect();
    frame.render_widget(
        HandPanel {
            cards: &s.hand,
            selected: s.ui.hand_index,
            focused: human && focus == Focus::Hand,
            playable: &playable_cards,
            title,
            hidden,
            theme,
        },
        l.hand,
    );

    // Decision.
    let decider = s.model.seat;
    let mut details: Vec<Line> = Vec::new();
    let title;
    let mut options = Vec::new();
    if let Some(r) = &v.replay {
        title = Line::styled(" Replay ", theme.title());
        let first = details.len();
        details.extend(r.details(g.turn_number(), g.is_over(), theme));
        // Under where the record is: a small panel cuts its last lines (autoplay, which the key
        // bar also tells), never the file's name.
        details.insert((first + 1).min(details.len()), r.file_line(theme));
    } else if g.is_over() {
        title = Line::styled(" Game over ", theme.warn());
        details.push(Line::styled(
            "Enter: back to the menu · q: quit",
            theme.muted(),
        ));
    } else if let Some(ai) = v.ai {
        title = seat_title(seats.name(ai.seat), theme.badge(ai.seat), "AI playing");
        details.extend(ai.details(v.last_ai_step, theme));
    } else {
        title = seat_title(seats.name(decider), theme.badge(decider), "to decide");
        match g.pending() {
            Pending::Lay(card) => details.push(Line::styled(
                format!("Card to lay: the {}", card_name(*card)),
                theme.key(),
            )),
            Pending::Dug(card) => details.push(Line::styled(
                format!("Card dug: the {}", card_name(*card)),
                theme.key(),
            )),
            _ => {}
        }
        if human {
            details.push(Line::styled(
                words::place_detail(g, seats, s.ui.cursor),
                theme.muted(),
            ));
        }
        if let Some(last) = &v.last_ai_step {
            details.push(Line::styled(
                format!("AI's last step: {last}"),
                theme.muted(),
            ));
        }
        options = s
            .model
            .options
            .iter()
            .map(|c| words::describe(g, seats, c))
            .collect();
    }
    let prompt = if human {
        stage_prompt(s, v).unwrap_or_else(|| words::prompt(g, seats))
    } else if v.ai.is_some() || (v.replay.is_some() && !g.is_over()) {
        words::watching(g, seats)
    } else {
        words::prompt(g, seats)
    };
    frame.render_widget(
        DecisionPanel {
            title,
            prompt,
            note: if human { v.note } else { None },
            details,
            options,
            selected: s.ui.option_index,
            focused: human && focus == Focus::Options,
            theme,
        },
        l.decision,
    );

    frame.render_widget(
        LogPanel {
            lines: v.log,
            colours: &(0..g.players()).collect::<Vec<_>>(),
            theme,
            scroll: v.log_scroll,
            filter: v.log_filter(),
        },
        l.log,
    );
}
