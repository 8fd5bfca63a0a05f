//! The game screen: where each panel goes for the terminal's size, drawing them from the game
//! screen's state, and which panel a mouse position falls in.

use crate::shell::tui::game::GameScreen;
use crate::shell::tui::game::interaction::{Focus, Stage, choices_at, targets};
use crate::shell::tui::game::narrate::piece_words;
use crate::shell::tui::game::words::describe;
use crate::shell::tui::theme::{SquareLook, Theme};
use crate::shell::tui::widgets::board::{
    BoardGeometry, BoardModel, BoardWidget, PatternOverlay, square_look,
};
use crate::shell::tui::widgets::decision::{DecisionPanel, options_rect};
use crate::shell::tui::widgets::hand::{HandPanel, hand_layout, item_at};
use crate::shell::tui::widgets::log::LogPanel;
use crate::shell::tui::widgets::players::{PlayersPanel, TasksPanel};
use crate::tashkalar::engine::board::{Piece, arena};
use crate::tashkalar::engine::{Choice, DecisionKind, Mode, Square};
use ratatui::Frame;
use ratatui::layout::{Position, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use std::time::Instant;

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

/// Lays out the game screen in `area` (everything above the key bar). `None`: too small.
pub fn game_layout(area: Rect, players: usize, high_form: bool) -> Option<GameLayout> {
    if area.width < MIN_WIDTH || area.height + 1 < MIN_HEIGHT {
        return None;
    }
    let w = area.width;
    let status = Rect::new(area.x, area.y, w, 1);
    let body = Rect::new(area.x, area.y + 1, w, area.height - 1);
    let (cw, ch) = if w >= 150 && body.height >= 44 {
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
    let players_h = players as u16 + 2;
    if cw == 7 {
        // Large: players and tasks beside the board with the log; decision and hand below.
        let info_w = (right.width / 2).clamp(40, 60);
        let info = Rect::new(right.x, right.y, info_w, right.height);
        let log = Rect::new(
            right.x + info_w,
            right.y,
            right.width - info_w,
            right.height,
        );
        let players_h = (players as u16 * 2 + 2).min(info.height);
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
        let th = (log.height / 2).max(6).min(log.height);
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
pub fn layout_for(g: &GameScreen, area: Rect) -> Option<GameLayout> {
    let st = &g.session.state;
    game_layout(area, st.players(), st.config.mode == Mode::HighForm)
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
pub fn hit(g: &GameScreen, area: Rect, x: u16, y: u16) -> Option<GameHit> {
    let layout = layout_for(g, area)?;
    if layout.board_block.contains(Position::new(x, y)) {
        return layout
            .board
            .square_at(x, y)
            .filter(|s| arena::is_playable(*s))
            .map(GameHit::Square);
    }
    let hand_inner = Block::bordered().inner(layout.hand);
    if hand_inner.contains(Position::new(x, y)) {
        let hl = hand_layout(hand_inner, g.items.len());
        return item_at(&hl, g.items.len(), g.ui.hand_index, x, y).map(GameHit::Hand);
    }
    let dec_inner = Block::bordered().inner(layout.decision);
    let opts = options_rect(dec_inner, g.model.options.len());
    if g.human_turn() && opts.contains(Position::new(x, y)) {
        let offset = crate::shell::tui::widgets::hand::list_offset(
            g.ui.option_index,
            g.model.options.len(),
            opts.height as usize,
        );
        let i = offset + (y - opts.y) as usize;
        return (i < g.model.options.len()).then_some(GameHit::Option(i));
    }
    if layout.log.contains(Position::new(x, y)) {
        return Some(GameHit::Log);
    }
    None
}

/// The summoning shown at the cursor, if the selection is a card and the cursor on one of its squares.
pub fn shown_summon(g: &GameScreen) -> Option<(Choice, usize, usize)> {
    let stage = g.ui.shown_stage(&g.items);
    let Stage::Card(_) = stage else {
        return None;
    };
    let here = choices_at(&g.model, stage, g.ui.cursor);
    if here.is_empty() {
        return None;
    }
    let i = g.ui.cycle % here.len();
    Some((here[i], i, here.len()))
}

fn overlay(g: &GameScreen) -> Option<PatternOverlay> {
    let (choice, ..) = shown_summon(g)?;
    let Choice::Summon {
        card,
        target,
        placement,
        borrow,
    } = choice
    else {
        return None;
    };
    let st = &g.session.state;
    let c = st.db.get(card)?;
    let p = c.pattern.as_ref()?.placements.get(placement as usize)?;
    let marks = p
        .marks
        .iter()
        .filter_map(|m| target.offset(m.df, m.dr).map(|s| (s, m.kind)))
        .filter(|(s, _)| arena::is_playable(*s))
        .collect();
    let mut cells = p.cell_squares(target);
    if let Some(b) = borrow {
        cells.remove(b);
    }
    Some(PatternOverlay {
        target,
        piece: Piece {
            colour: st.colour_of(g.model.decision.seat),
            rank: c.rank,
        },
        cells,
        borrow,
        marks,
        arrows: p.arrows.clone(),
    })
}

/// The board's model from the game screen's state.
pub fn board_model(g: &GameScreen) -> BoardModel<'_> {
    let human = g.human_turn();
    let stage = g.ui.shown_stage(&g.items);
    let placing = matches!(g.model.decision.kind, DecisionKind::Action) && stage == Stage::Idle;
    BoardModel {
        board: &g.view.board,
        cursor: human.then_some(g.ui.cursor),
        targets: if human && !placing {
            targets(&g.model, stage)
        } else {
            Default::default()
        },
        recent: g.session.recent,
        origin: match stage {
            Stage::MoveFrom(f) if human => Some(f),
            _ => None,
        },
        overlay: if human { overlay(g) } else { None },
    }
}

const SPINNER: [&str; 8] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧"];

fn square_words(g: &GameScreen, sq: Square) -> String {
    let kind = match square_look(sq) {
        SquareLook::Red => " (red square)",
        SquareLook::Green => " (green square)",
        SquareLook::Central if sq == Square::new(4, 4).unwrap_or(sq) => " (centre)",
        SquareLook::Central => " (central)",
        SquareLook::Plain => "",
    };
    match g.view.board.get(sq) {
        Some(p) => format!("{sq}{kind}: {}", piece_words(p)),
        None => format!("{sq}{kind}: empty"),
    }
}

/// The prompt while a selection is under way (a card picked, a piece picked to move).
fn stage_prompt(g: &GameScreen) -> Option<String> {
    let st = &g.session.state;
    let skip = if g.model.prompt.can_skip {
        " — or skip (s)"
    } else {
        ""
    };
    match g.ui.stage {
        Stage::Card(card) => {
            let name = crate::shell::tui::game::narrate::card_name(st, card);
            let n = targets(&g.model, g.ui.stage).count();
            Some(format!(
                "Summon {name}: {n} highlighted square{} where it fits. Move there (Space: next \
                 way) and press Enter; Esc cancels",
                if n == 1 { "" } else { "s" }
            ))
        }
        Stage::MoveFrom(from) => {
            let n = targets(&g.model, g.ui.stage).count();
            let who = match g.model.decision.kind {
                DecisionKind::Effect { card, .. } => {
                    format!(
                        "{}: ",
                        crate::shell::tui::game::narrate::card_name(st, card)
                    )
                }
                _ => String::new(),
            };
            let kind = crate::shell::tui::game::words::move_kind(st);
            let being = st.effect.as_ref().and_then(|r| r.being) == Some(from);
            let what = if being {
                "where it moves".to_string()
            } else {
                format!("where the piece on {from} goes")
            };
            Some(format!(
                "{who}choose {what} ({kind}, {n} highlighted){skip}"
            ))
        }
        Stage::Idle => None,
    }
}

/// Draws the game screen (without the key bar).
pub fn render(frame: &mut Frame, area: Rect, g: &GameScreen, theme: &Theme, now: Instant) {
    let Some(layout) = layout_for(g, area) else {
        return;
    };
    let st = &g.session.state;
    let seats = &g.session.seats;
    let buf = frame.buffer_mut();

    // Status line.
    let mode = match st.config.mode {
        Mode::HighForm => "High Form",
        Mode::Deathmatch => "Deathmatch",
    };
    let mut status = vec![
        Span::styled(" Tash-Kalar ", theme.title()),
        Span::raw(format!("· {mode} · turn {} · ", st.turn.number)),
    ];
    if st.is_over() {
        status.push(Span::styled("game over", theme.warn()));
    } else {
        let seat = g.model.decision.seat;
        status.push(Span::styled(
            format!(" {} ", seats.name(seat)),
            theme.badge(st.colour_of(seat)),
        ));
        if matches!(
            g.model.decision.kind,
            DecisionKind::StartSquare | DecisionKind::MeleeStart
        ) {
            status.push(Span::raw(" sets up the board"));
        } else {
            let n = st.turn.actions_left;
            status.push(Span::raw(format!(
                " to play · {n} action{} left",
                if n == 1 { "" } else { "s" }
            )));
        }
        if st.ending.triggered {
            status.push(Span::styled(
                format!(" · end triggered: {} more turn(s)", st.ending.turns_left),
                theme.warn(),
            ));
        }
    }
    if let Some(seed) = g.session.seed {
        status.push(Span::styled(format!(" · seed {seed}"), theme.muted()));
    }
    if let Some(r) = &g.replay {
        status.push(Span::styled(
            format!(" · replay {} · decision {}/{}", r.file, r.step, r.steps),
            theme.key(),
        ));
    }
    buf.set_line(
        layout.status.x,
        layout.status.y,
        &Line::from(status),
        layout.status.width,
    );

    // Board.
    let focus = g.ui.focus;
    let human = g.human_turn();
    let board_border = if human && focus == Focus::Board {
        theme.focus_border()
    } else {
        theme.border()
    };
    let block = Block::bordered()
        .border_style(board_border)
        .title(Span::styled("Arena", theme.title()));
    frame.render_widget(block, layout.board_block);
    let model = board_model(g);
    frame.render_widget(
        BoardWidget {
            model: &model,
            theme,
            geometry: layout.board,
        },
        Block::bordered().inner(layout.board_block),
    );

    frame.render_widget(
        PlayersPanel {
            state: st,
            view: &g.view,
            seats,
            theme,
            // A replay is watched, not played: nobody on screen is "you".
            viewer: if g.replay.is_some() { None } else { g.viewer },
            to_move: g.decider(),
            wide: layout.players.height as usize >= st.players() * 2 + 2,
        },
        layout.players,
    );
    if let Some(t) = layout.tasks {
        let claimable = g
            .model
            .choices
            .iter()
            .filter_map(|c| match c {
                Choice::Claim(t) if human => Some(t.0),
                _ => None,
            })
            .collect();
        frame.render_widget(
            TasksPanel {
                state: st,
                view: &g.view,
                theme,
                claimable,
            },
            t,
        );
    }

    // Hand.
    let hidden = match (g.viewer, g.ai_turn()) {
        (Some(_), _) => None,
        (None, Some(seat)) => Some(format!(
            "{} (AI) is playing. Hands stay hidden while the keyboard may be changing hands.",
            seats.name(seat)
        )),
        (None, None) => Some("Hands are hidden.".to_string()),
    };
    let hand_title = match g.viewer {
        Some(seat) => format!("Hand of {}", seats.name(seat)),
        None => "Hand".to_string(),
    };
    frame.render_widget(
        HandPanel {
            items: &g.items,
            tags: &g.tags,
            selected: g.ui.hand_index,
            focused: human && focus == Focus::Hand,
            db: &st.db,
            colour: st.colour_of(g.viewer.unwrap_or(g.model.decision.seat)),
            theme,
            title: hand_title,
            hidden,
        },
        layout.hand,
    );

    // Decision.
    let decider = g.model.decision.seat;
    let mut details: Vec<Line> = Vec::new();
    let title;
    let mut options = Vec::new();
    if let Some(r) = &g.replay {
        title = Line::styled(" Replay ", theme.title());
        details.push(Line::from(format!(
            "Decision {} of {} · turn {}{}",
            r.step,
            r.steps,
            st.turn.number,
            if st.is_over() { " · game over" } else { "" }
        )));
        details.push(match &r.next {
            Some(next) => Line::styled(format!("Next: {next}"), theme.key()),
            None => Line::styled("End of the record", theme.warn()),
        });
        details.push(Line::styled(
            format!("Watching: {}", r.watch),
            theme.muted(),
        ));
        details.push(Line::styled(
            match &r.autoplay {
                Some(speed) => format!("Autoplay: {speed} (Space stops, + and - change speed)"),
                None => "Autoplay off (Space starts it)".to_string(),
            },
            theme.muted(),
        ));
        if !r.typed.is_empty() {
            details.push(Line::styled(
                format!("Jump to turn {}_ (Enter)", r.typed),
                theme.key(),
            ));
        }
    } else if st.is_over() {
        title = Line::styled(" Game over ", theme.warn());
        details.push(Line::styled(
            "Enter: back to the menu · q: quit",
            theme.muted(),
        ));
    } else if let Some(seat) = g.ai_turn() {
        title = Line::from(vec![
            Span::styled(
                format!(" {} ", seats.name(seat)),
                theme.badge(st.colour_of(seat)),
            ),
            Span::raw(" AI playing "),
        ]);
        match (g.ai.waiting, g.ai.since) {
            (Some(_), Some(since)) => {
                let t = now.saturating_duration_since(since);
                let frame_i = (t.as_millis() / 100) as usize % SPINNER.len();
                details.push(Line::styled(
                    format!("{} thinking {:.1}s", SPINNER[frame_i], t.as_secs_f32()),
                    theme.key(),
                ));
            }
            _ => details.push(Line::styled(
                "next step in a moment (Space: now)",
                theme.muted(),
            )),
        }
        if let Some(last) = &g.ai.last_step {
            details.push(Line::from(format!("last step: {last}")));
        }
    } else {
        title = Line::from(vec![
            Span::styled(
                format!(" {} ", seats.name(decider)),
                theme.badge(st.colour_of(decider)),
            ),
            Span::raw(" to decide "),
        ]);
        if let Some((choice, i, n)) = shown_summon(g)
            && let Choice::Summon {
                card,
                target,
                borrow,
                ..
            } = choice
        {
            let name = crate::shell::tui::game::narrate::card_name(st, card);
            let ways = if n > 1 {
                format!("way {} of {n} here (Space: next)", i + 1)
            } else {
                "the only way here".to_string()
            };
            let borrowed = match borrow.and_then(|b| st.board.get(b).map(|p| (b, p))) {
                Some((b, p)) => format!(
                    ", using {}'s piece on {b}",
                    crate::shell::tui::theme::colour_name(p.colour)
                ),
                None => String::new(),
            };
            details.push(Line::styled(
                format!("{name} on {target}: {ways}{borrowed}. Enter summons"),
                theme.key(),
            ));
        }
        details.push(Line::styled(square_words(g, g.ui.cursor), theme.muted()));
        if let Some(last) = &g.ai.last_step {
            details.push(Line::styled(
                format!("AI's last step: {last}"),
                theme.muted(),
            ));
        }
        options = g
            .model
            .options
            .iter()
            .map(|c| describe(st, seats, &g.model.decision, c))
            .collect();
    }
    let prompt = if human {
        stage_prompt(g).unwrap_or_else(|| g.model.prompt.text.clone())
    } else if g.ai_turn().is_some() || (g.replay.is_some() && !st.is_over()) {
        crate::shell::tui::game::words::watching(st, seats)
    } else {
        g.model.prompt.text.clone()
    };
    // While an effect resolves, its card is no longer in hand: show its text here.
    if let DecisionKind::Effect { card, .. } = g.model.decision.kind
        && let Some(c) = st.db.get(card)
    {
        let text = match &c.flare {
            Some(f) => format!("{} / {}", f.upper_text, f.lower_text),
            None => match (&c.frozen, g.session.state.effect.as_ref().map(|r| r.source)) {
                (Some(fz), Some(crate::tashkalar::engine::effect::run::Source::Thaw)) => {
                    fz.text.clone()
                }
                _ => c.text.clone(),
            },
        };
        details.insert(
            0,
            Line::styled(format!("{}: {text}", c.name), theme.muted()),
        );
    }
    frame.render_widget(
        DecisionPanel {
            title,
            prompt,
            note: if human { g.ui.note.as_ref() } else { None },
            details,
            options,
            selected: g.ui.option_index,
            focused: human && focus == Focus::Options,
            theme,
        },
        layout.decision,
    );

    frame.render_widget(
        LogPanel {
            lines: &g.session.log,
            state: st,
            theme,
            scroll: g.ui.log_scroll,
        },
        layout.log,
    );
}

/// The "pass to" screen: nothing private is drawn until the named player confirms.
pub fn render_pass(frame: &mut Frame, area: Rect, g: &GameScreen, theme: &Theme) {
    let Some(seat) = g.gate else {
        return;
    };
    let st = &g.session.state;
    let name = g.session.seats.name(seat);
    let last: Vec<Line> = g
        .session
        .log
        .iter()
        .rev()
        .take(6)
        .rev()
        .map(|l| Line::styled(format!("  {}", l.text), theme.muted()))
        .collect();
    let mut lines = vec![
        Line::default(),
        Line::from(vec![
            Span::raw("Pass the keyboard to "),
            Span::styled(format!(" {name} "), theme.badge(st.colour_of(seat))),
        ])
        .centered(),
        Line::default(),
        Line::from(format!(
            "{name}: press Enter when you are ready to see your hand."
        ))
        .centered(),
        Line::styled("Everyone else: please look away.", theme.muted()).centered(),
        Line::default(),
        Line::styled("Lately:", theme.title()),
    ];
    lines.extend(last);
    let w = area.width.min(76);
    let h = (lines.len() as u16 + 2).min(area.height);
    let r = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height.saturating_sub(h)) / 2,
        w,
        h,
    );
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::bordered()
                .border_style(theme.focus_border())
                .title(Span::styled("Hot seat", theme.title())),
        ),
        r,
    );
}
