//! The game screen: where each panel goes for the terminal's size, drawing them, and which
//! panel a mouse position falls in.
//!
//! Left: the seats' tableaux, the centre of the table, the decision. Right: the viewer's hand,
//! the card highlighted, the log. At 80x24 every tableau is one line of names; from about
//! 120x36 costs and points are given and, when the height allows, a component a line.

use super::panels::{self, Detail};
use super::words::{self, essence_spans};
use super::{Focus, RaScreen};
use crate::resarcana::decision::Choice;
use crate::resarcana::state::{Phase, ResArcana, Variant};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::TableView;
use crate::shell::tui::widgets::decision::option_rows;
use crate::shell::tui::widgets::log::LogPanel;
use crate::shell::tui::widgets::panel;
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// Where every panel of the game screen goes (the key bar's row is not included).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RaLayout {
    /// The status line.
    pub status: Rect,
    /// Every seat's tableau.
    pub seats: Rect,
    /// Places of Power, monuments, magic items.
    pub centre: Rect,
    /// The decision and its choices.
    pub decision: Rect,
    /// The viewer's hand.
    pub hand: Rect,
    /// The highlighted card's details.
    pub card: Rect,
    /// The log.
    pub log: Rect,
    /// How much the panels say.
    pub detail: Detail,
    /// The seats side by side (one column each) when the screen is wide enough, else 1.
    pub seat_columns: u16,
}

/// Rows a list of lines takes in `width` columns, wrapped.
pub(super) fn rows(lines: &[Line], width: u16) -> u16 {
    let w = width.max(1) as usize;
    lines
        .iter()
        .map(|l| {
            let n = l.width();
            n.div_ceil(w).max(1) as u16
        })
        .sum()
}

/// One seat's lines.
fn one_seat(
    s: &RaScreen,
    v: &TableView<'_, RaScreen>,
    seat: usize,
    detail: Detail,
    theme: &Theme,
) -> Vec<Line<'static>> {
    panels::seat_lines(
        &s.seen,
        v.seats,
        seat,
        v.viewer,
        v.player(),
        v.decider(),
        detail,
        theme,
    )
}

/// The seats' lines, each seat's after the one before.
fn all_seats(
    s: &RaScreen,
    v: &TableView<'_, RaScreen>,
    detail: Detail,
    theme: &Theme,
) -> Vec<Line<'static>> {
    (0..s.seen.players())
        .flat_map(|i| one_seat(s, v, i, detail, theme))
        .collect()
}

/// The seats' columns inside the seats panel's inner area: one per seat, side by side.
fn seat_columns(inner: Rect, n: u16) -> Vec<Rect> {
    let n = n.max(1);
    let w = inner.width / n;
    (0..n)
        .map(|i| {
            let x = inner.x + i * w;
            // The last column takes what the division leaves.
            let width = if i + 1 == n { inner.right() - x } else { w };
            Rect::new(x, inner.y, width, inner.height)
        })
        .collect()
}

/// Lays out the game screen in `area` (everything above the key bar). `None`: too small.
///
/// Narrow (under 110 columns or 34 rows): the seats and the decision on the left; the hand,
/// the centre, the card highlighted (when there is room) and the log on the right. Wide: the
/// seats, the centre and the decision on the left; the hand, the card and the log on the right.
pub fn layout(
    s: &RaScreen,
    v: &TableView<'_, RaScreen>,
    area: Rect,
    theme: &Theme,
) -> Option<RaLayout> {
    if area.width < 80 || area.height < 23 {
        return None;
    }
    let w = area.width;
    let status = Rect::new(area.x, area.y, w, 1);
    let body = Rect::new(area.x, area.y + 1, w, area.height - 1);
    let wide = w >= 110 && area.height >= 34;
    let left_w = if wide { w * 3 / 5 } else { 47 };
    let right_w = w - left_w;
    let (lx, rx) = (body.x, body.x + left_w);
    let mut detail = Detail {
        wide,
        tall: wide,
        compact: false,
        width: left_w - 2,
    };
    let hand_h = (s.hand.len().max(1) as u16 + 2).min(body.height / 3).max(3);
    if !wide {
        // Left: the seats as they fit, the decision at least 10 rows.
        let mut seats_h = rows(&all_seats(s, v, detail, theme), left_w - 2) + 2;
        // Three or four seats keep to two lines each (names shortened, never cut off): the
        // choices need the rows more than the tableaux need a third line.
        if seats_h + 10 > body.height || s.seen.players() >= 3 {
            detail.compact = true;
            seats_h = 2 * s.seen.players() as u16 + 2;
        }
        let seats_h = seats_h.min(body.height.saturating_sub(10));
        let seats = Rect::new(lx, body.y, left_w, seats_h);
        let decision = Rect::new(lx, body.y + seats_h, left_w, body.height - seats_h);
        // Right: hand, centre, card (when 4 rows of log stay), log.
        let centre_h = (rows(&panels::centre_lines(&s.seen, detail, theme), right_w - 2) + 2)
            .min(body.height.saturating_sub(hand_h + 4));
        let left = body.height.saturating_sub(hand_h + centre_h);
        let card_h = if left >= 6 + 6 { 6 } else { 0 };
        let hand = Rect::new(rx, body.y, right_w, hand_h);
        let centre = Rect::new(rx, body.y + hand_h, right_w, centre_h);
        let card = Rect::new(rx, centre.bottom(), right_w, card_h);
        let log = Rect::new(rx, card.bottom(), right_w, left - card_h);
        return Some(RaLayout {
            status,
            seats,
            centre,
            decision,
            hand,
            card,
            log,
            detail,
            seat_columns: 1,
        });
    }
    let inner_w = left_w - 2;
    // The decision keeps at least 14 rows; the centre its lines; the seats the rest, laid a
    // component a line when that fits.
    let dec_min = 14;
    let centre_of = |d: Detail| rows(&panels::centre_lines(&s.seen, d, theme), inner_w) + 2;
    // From 160x48 the seats sit side by side, each tableau whole in its column (at 200x60
    // four seats get 29 columns each): the rows a stack of them would take go to the decision.
    let players = s.seen.players() as u16;
    let columns = if w >= 160 && area.height >= 48 && players > 1 {
        players
    } else {
        1
    };
    let seats_rows = |d: Detail| {
        if columns > 1 {
            let col_w = inner_w / columns;
            let d = Detail {
                width: col_w.saturating_sub(1),
                ..d
            };
            (0..s.seen.players())
                .map(|i| rows(&one_seat(s, v, i, d, theme), col_w.saturating_sub(1)))
                .max()
                .unwrap_or(1)
                + 2
        } else {
            rows(&all_seats(s, v, d, theme), inner_w) + 2
        }
    };
    let mut seats_h = seats_rows(detail);
    if seats_h + centre_of(detail) + dec_min > body.height {
        detail.tall = false;
        seats_h = seats_rows(detail);
    }
    let centre_h = centre_of(detail);
    let room = body.height.saturating_sub(dec_min);
    let seats_h = seats_h
        .min(room.saturating_sub(centre_h.min(room / 3)))
        .max(3);
    let centre_h = centre_h.min(room.saturating_sub(seats_h)).max(3);
    let dec_h = body.height.saturating_sub(seats_h + centre_h);
    let seats = Rect::new(lx, body.y, left_w, seats_h);
    let centre = Rect::new(lx, seats.bottom(), left_w, centre_h);
    let decision = Rect::new(lx, centre.bottom(), left_w, dec_h);
    let card_h = 8;
    let hand = Rect::new(rx, body.y, right_w, hand_h);
    let card = Rect::new(rx, hand.bottom(), right_w, card_h);
    let log = Rect::new(
        rx,
        card.bottom(),
        right_w,
        body.height.saturating_sub(hand_h + card_h),
    );
    Some(RaLayout {
        status,
        seats,
        centre,
        decision,
        hand,
        card,
        log,
        detail,
        seat_columns: columns,
    })
}

/// What a mouse position on the game screen points at.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Hit {
    /// A choice of the list.
    Option(usize),
    /// A card of the hand.
    Hand(usize),
    /// The log.
    Log,
}

/// The options' texts as the list shows them (payments as badges: "pay 2E 1G").
pub(super) fn option_texts(s: &RaScreen, v: &TableView<'_, RaScreen>) -> Vec<String> {
    s.options
        .iter()
        .map(|c| option_text(v.game, v, c))
        .collect()
}

/// One choice as the list shows it: essences paid or taken as count and letter, so that the
/// row can be coloured in place.
fn option_text(g: &ResArcana, v: &TableView<'_, RaScreen>, c: &Choice) -> String {
    match (words::choice_essences(c), c) {
        (Some(es), Choice::Pay(_)) => format!("pay {}", badge_text(&es)),
        (Some(es), _) => format!("take {}", badge_text(&es)),
        _ => words::describe(g, v.seats, v.viewer, c),
    }
}

/// Essences as the badges write them ("2E 1G"; "nothing").
fn badge_text(es: &crate::resarcana::Essences) -> String {
    let t: String = essence_spans(
        es,
        &Theme::new(crate::shell::tui::theme::PaletteKind::Mono),
        false,
    )
    .iter()
    .map(|s| s.content.to_string())
    .collect();
    t
}

/// Which thing of the game screen is at a position.
pub fn hit(s: &RaScreen, v: &TableView<'_, RaScreen>, area: Rect, x: u16, y: u16) -> Option<Hit> {
    let theme = Theme::new(crate::shell::tui::theme::PaletteKind::Mono);
    let l = layout(s, v, area, &theme)?;
    let at = Position::new(x, y);
    let dec_inner = Block::bordered().inner(l.decision);
    let (opts, rows) = option_rows(dec_inner, &option_texts(s, v), s.selected);
    if opts.contains(at) {
        return rows
            .get((y - opts.y) as usize)
            .map(|(i, _)| Hit::Option(*i));
    }
    let hand_inner = Block::bordered().inner(l.hand);
    if hand_inner.contains(at) {
        let i = (y - hand_inner.y) as usize;
        return (i < s.hand.len()).then_some(Hit::Hand(i));
    }
    l.log.contains(at).then_some(Hit::Log)
}

/// Draws the game screen (without the key bar).
pub fn render(
    frame: &mut Frame,
    area: Rect,
    s: &RaScreen,
    v: &TableView<'_, RaScreen>,
    theme: &Theme,
) {
    let Some(l) = layout(s, v, area, theme) else {
        return;
    };
    let g = &s.seen;
    let seats = v.seats;
    let human = v.human_turn;

    // Status line.
    let title = match g.variant {
        Variant::Standard => " Res Arcana ",
        Variant::FirstGame => " Res Arcana, first game ",
        Variant::Draft => " Res Arcana, draft ",
    };
    let mut status = vec![Span::styled(title, theme.title())];
    status.push(Span::raw(match g.phase {
        Phase::Setup => "· setting up · ".to_string(),
        Phase::Collect => format!("· round {} · Collect · ", g.round),
        Phase::Actions => format!("· round {} · actions · ", g.round),
        Phase::Over => "· ".to_string(),
    }));
    match v.decider() {
        None => status.push(Span::styled("game over", theme.warn())),
        Some(seat) => {
            status.push(Span::styled(
                format!(" {} ", seats.name(seat)),
                theme.badge(seat),
            ));
            status.push(Span::raw(" to decide"));
        }
    }
    let passed: Vec<&str> = (0..g.players())
        .filter(|&i| g.seats[i].passed)
        .map(|i| seats.name(i))
        .collect();
    if !passed.is_empty() {
        status.push(Span::raw(format!(" · passed: {}", passed.join(", "))));
    }
    if let Some(seed) = v.seed {
        status.push(Span::styled(format!(" · seed {seed}"), theme.muted()));
    }
    if let Some(r) = &v.replay {
        status.push(Span::styled(
            // The count before the file name, which is long and may be cut at the edge.
            format!(" · replay: decision {}/{} · {}", r.step, r.steps, r.file),
            theme.key(),
        ));
    }
    frame
        .buffer_mut()
        .set_line(l.status.x, l.status.y, &Line::from(status), l.status.width);

    // The seats.
    let mut block = panel(Line::styled(" Mages ", theme.title()), false, theme);
    if l.detail.wide {
        block = block.title_bottom(panels::legend(theme));
    }
    let inner = block.inner(l.seats);
    frame.render_widget(block, l.seats);
    if l.seat_columns > 1 {
        // Side by side: each seat in its column, a column's last cell left as a gap.
        for (i, col) in seat_columns(inner, l.seat_columns).into_iter().enumerate() {
            let col = Rect::new(col.x, col.y, col.width.saturating_sub(1), col.height);
            let d = Detail {
                width: col.width,
                ..l.detail
            };
            frame.render_widget(
                Paragraph::new(one_seat(s, v, i, d, theme)).wrap(Wrap { trim: false }),
                col,
            );
        }
    }
    let lines = if l.seat_columns > 1 {
        Vec::new()
    } else {
        all_seats(s, v, l.detail, theme)
    };
    let paragraph = if l.detail.compact {
        let width = inner.width as usize;
        Paragraph::new(
            lines
                .into_iter()
                .map(|line| panels::fit(line, width))
                .collect::<Vec<_>>(),
        )
    } else {
        Paragraph::new(lines).wrap(Wrap { trim: false })
    };
    frame.render_widget(paragraph, inner);

    // The centre.
    let block = panel(Line::styled(" Centre ", theme.title()), false, theme);
    let inner = block.inner(l.centre);
    frame.render_widget(block, l.centre);
    frame.render_widget(
        Paragraph::new(panels::centre_lines(g, l.detail, theme)).wrap(Wrap { trim: false }),
        inner,
    );

    // The hand: only the viewer's.
    let hand_focus = human && s.focus == Focus::Hand;
    let title = match v.viewer {
        Some(seat) => format!(" Hand of {} ", seats.name(seat)),
        None => " Hand ".to_string(),
    };
    let block = panel(Line::styled(title, theme.title()), hand_focus, theme);
    let inner = block.inner(l.hand);
    frame.render_widget(block, l.hand);
    let hand_lines = if v.viewer.is_none() {
        vec![Line::styled("Hands are hidden.", theme.muted())]
    } else if s.hand.is_empty() {
        vec![Line::styled("(empty)", theme.muted())]
    } else {
        panels::hand_lines(
            g,
            &s.hand,
            (s.focus == Focus::Hand).then_some(s.hand_index),
            theme,
        )
    };
    let offset = crate::shell::tui::widgets::list_offset(
        s.hand_index,
        hand_lines.len(),
        inner.height as usize,
    );
    frame.render_widget(
        Paragraph::new(hand_lines.into_iter().skip(offset).collect::<Vec<_>>()),
        inner,
    );

    // The card highlighted.
    if l.card.height >= 3 {
        let block = panel(Line::styled(" Card ", theme.title()), false, theme);
        let inner = block.inner(l.card);
        frame.render_widget(block, l.card);
        let lines = match s.card_shown() {
            Some(c) => panels::card_lines(g, c, theme),
            None if human => vec![Line::styled(
                "The card of the highlighted choice is told here.",
                theme.muted(),
            )],
            None => Vec::new(),
        };
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: true }), inner);
    }

    // The decision.
    let decision = super::decision::render_decision(s, v, l, theme);
    let dec_inner = Block::bordered().inner(l.decision);
    let texts = decision.options.clone();
    let selected = decision.selected;
    let focused = decision.focused;
    frame.render_widget(decision, l.decision);
    // Payments and gains again, their essences in colour (the same characters, restyled).
    let (opts, rows) = option_rows(dec_inner, &texts, selected);
    let mut previous = None;
    for (row, (i, text)) in rows.iter().enumerate() {
        let first = previous != Some(*i);
        previous = Some(*i);
        let Some(es) = s.options.get(*i).and_then(words::choice_essences) else {
            continue;
        };
        if !first || !text.ends_with(&badge_text(&es)) {
            continue;
        }
        let key = if *i < 9 {
            format!("{} ", i + 1)
        } else {
            "  ".into()
        };
        let word = if matches!(s.options[*i], Choice::Pay(_)) {
            "pay "
        } else {
            "take "
        };
        let mut spans = vec![Span::styled(key, theme.key())];
        let sel = *i == selected && focused;
        spans.push(Span::styled(
            word,
            if sel {
                theme.selected()
            } else {
                Default::default()
            },
        ));
        spans.extend(essence_spans(&es, theme, false));
        if sel {
            spans.push(Span::styled(" ◂", theme.key()));
        }
        frame
            .buffer_mut()
            .set_line(opts.x, opts.y + row as u16, &Line::from(spans), opts.width);
    }

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
