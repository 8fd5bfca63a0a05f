//! Drawing the game screen from its state: the board with the selection's pattern and
//! preview, the players and tasks, the hand, the decision (prompt, details, options) and the log.

use super::interaction::{Focus, Stage, choices_at, targets};
use super::layout::layout_for;
use super::look::SquareLook;
use super::narrate::piece_words;
use super::widgets::board::{BoardModel, BoardWidget, PatternOverlay};
use super::widgets::hand::HandPanel;
use super::widgets::players::{PlayersPanel, TasksPanel};
use super::words::describe;
use super::{ArenaScreen, seat};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{TableView, seat_title};
use crate::shell::tui::widgets::decision::DecisionPanel;
use crate::shell::tui::widgets::log::LogPanel;
use crate::tashkalar::engine::bitboard::Bitboard;
use crate::tashkalar::engine::board::{Piece, arena};
use crate::tashkalar::engine::{Choice, DecisionKind, Mode, Square};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

/// The summoning shown at the cursor, if the selection is a card and the cursor on one of its squares.
pub fn shown_summon(s: &ArenaScreen) -> Option<(Choice, usize, usize)> {
    let stage = s.ui.shown_stage(&s.items);
    let Stage::Card(_) = stage else {
        return None;
    };
    let here = choices_at(&s.model, stage, s.ui.cursor);
    if here.is_empty() {
        return None;
    }
    let i = s.ui.cycle % here.len();
    Some((here[i], i, here.len()))
}

fn overlay(s: &ArenaScreen, v: &TableView<'_, ArenaScreen>) -> Option<PatternOverlay> {
    let (choice, ..) = shown_summon(s)?;
    let Choice::Summon {
        card,
        target,
        placement,
        borrow,
    } = choice
    else {
        return None;
    };
    let st = &v.game;
    let c = st.db.get(card)?;
    let pattern = c.pattern.as_ref()?;
    let p = pattern.placements.get(placement as usize)?;
    if let crate::tashkalar::engine::pattern::TargetRule::Detached(_) = pattern.target {
        // The pattern is somewhere else on the board: only where the being lands is shown.
        return Some(PatternOverlay {
            target,
            piece: Piece {
                colour: st.colour_of(s.model.decision.seat),
                rank: c.rank,
            },
            cells: Bitboard::EMPTY,
            borrow: None,
            marks: Vec::new(),
            arrows: Vec::new(),
        });
    }
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
            colour: st.colour_of(s.model.decision.seat),
            rank: c.rank,
        },
        cells,
        borrow,
        marks,
        arrows: p.arrows.clone(),
    })
}

/// The board's model from the game screen's state.
pub fn board_model<'a>(s: &'a ArenaScreen, v: &TableView<'_, ArenaScreen>) -> BoardModel<'a> {
    let human = v.human_turn;
    let stage = s.ui.shown_stage(&s.items);
    let placing = matches!(s.model.decision.kind, DecisionKind::Action) && stage == Stage::Idle;
    BoardModel {
        board: &s.view.board,
        cursor: human.then_some(s.ui.cursor),
        targets: if human && !placing {
            targets(&s.model, stage)
        } else {
            Default::default()
        },
        recent: v.narrator.recent,
        origin: match stage {
            Stage::MoveFrom(f) if human => Some(f),
            _ => None,
        },
        overlay: if human { overlay(s, v) } else { None },
        // In live play, what the others did since the viewer's last decision stays marked.
        changes: match v.viewer {
            Some(seat) if v.replay.is_none() => {
                v.narrator.since.get(seat).copied().unwrap_or_default()
            }
            _ => Default::default(),
        },
        preview: if human { s.preview } else { None },
        gateways: Bitboard::from_squares(s.view.gateways.iter().flatten().copied()),
    }
}

fn square_words(s: &ArenaScreen, sq: Square) -> String {
    let kind = match SquareLook::of(sq) {
        SquareLook::Red => " (red square)",
        SquareLook::Green => " (green square)",
        SquareLook::Central if sq == Square::new(4, 4).unwrap_or(sq) => " (centre)",
        SquareLook::Central => " (central)",
        SquareLook::Plain => "",
    };
    match s.view.board.get(sq) {
        Some(p) => format!("{sq}{kind}: {}", piece_words(p)),
        None => format!("{sq}{kind}: empty"),
    }
}

/// The prompt while a selection is under way (a card picked, a piece picked to move).
fn stage_prompt(s: &ArenaScreen, v: &TableView<'_, ArenaScreen>) -> Option<String> {
    let st = &v.game;
    let skip = if s.model.prompt.can_skip {
        " — or skip (s)"
    } else {
        ""
    };
    match s.ui.stage {
        Stage::Card(card) => {
            let name = crate::tashkalar::ui::narrate::card_name(st, card);
            let n = targets(&s.model, s.ui.stage).count();
            Some(format!(
                "Summon {name}: {n} highlighted square{} where it fits. Move there (Space: next \
                 way) and press Enter; Esc cancels",
                if n == 1 { "" } else { "s" }
            ))
        }
        Stage::MoveFrom(from) => {
            let n = targets(&s.model, s.ui.stage).count();
            let who = match s.model.decision.kind {
                DecisionKind::Effect { card, .. } => {
                    format!("{}: ", crate::tashkalar::ui::narrate::card_name(st, card))
                }
                _ => String::new(),
            };
            let kind = crate::tashkalar::ui::words::move_kind(st, Some(from));
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

/// The log of the last turn played by another seat than the viewer's: its heading ("Last turn
/// of Red (turn 4):") and its lines, only those the viewer may see.
fn last_turn_of_another(v: &TableView<'_, ArenaScreen>) -> Vec<String> {
    use crate::shell::tui::ui::LineKind;
    let Some(viewer) = v.viewer else {
        return Vec::new();
    };
    let filter = v.log_filter();
    let Some(start) = v
        .log
        .iter()
        .rposition(|l| l.kind == LineKind::Turn && l.seat.is_some_and(|s| s != viewer))
    else {
        return Vec::new();
    };
    let Some(seat_index) = v.log[start].seat else {
        return Vec::new();
    };
    let mut out = vec![format!(
        "Last turn of {} (turn {}):",
        v.seats.name(seat(seat_index)),
        v.log[start].turn
    )];
    out.extend(
        v.log[start + 1..]
            .iter()
            .take_while(|l| l.kind != LineKind::Turn)
            .filter(|l| filter.shows(l))
            .map(|l| l.text.clone()),
    );
    if out.len() == 1 {
        return Vec::new();
    }
    out
}

/// The prompt while a costly choice waits for confirmation: what it is and what it costs.
fn confirm_prompt(s: &ArenaScreen, v: &TableView<'_, ArenaScreen>, choice: &Choice) -> String {
    let what = describe(v.game, v.seats, &s.model.decision, choice);
    let cost = match choice {
        Choice::Discard(_) => match v.game.turn.actions_left {
            1 => " (uses your last action)".to_string(),
            n => format!(" (uses 1 of your {n} actions)"),
        },
        _ => String::new(),
    };
    format!("{what}{cost}? Enter confirms, Esc cancels")
}

/// What the highlighted choice would do, in words ("destroys 2 pieces, 1 of them yours").
fn preview_words(s: &ArenaScreen, p: &(crate::tashkalar::ui::recap::Marks, Bitboard)) -> String {
    let (marks, own) = p;
    let mut parts = Vec::new();
    for (bb, what) in [
        (marks.destroyed, "destroys"),
        (marks.changed, "changes"),
        (marks.left, "moves"),
    ] {
        let n = bb.count();
        if n == 0 {
            continue;
        }
        let mine = (bb & *own).count();
        let yours = if mine > 0 {
            format!(" ({mine} of yours!)")
        } else {
            String::new()
        };
        let squares: Vec<String> = bb.iter().map(|q| q.to_string()).collect();
        parts.push(format!(
            "{what} the piece{} on {}{yours}",
            if n == 1 { "" } else { "s" },
            squares.join(", ")
        ));
    }
    let what = match s.ui.focus {
        Focus::Options => "This option",
        _ => "This choice",
    };
    format!("{what} {}", parts.join("; "))
}

/// Draws the game screen (without the key bar).
pub fn render(
    frame: &mut Frame,
    area: Rect,
    s: &ArenaScreen,
    v: &TableView<'_, ArenaScreen>,
    theme: &Theme,
) {
    let Some(layout) = layout_for(v.game, area) else {
        return;
    };
    let st = &v.game;
    let seats = &v.seats;
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
        let seat = s.model.decision.seat;
        status.push(Span::styled(
            format!(" {} ", seats.name(seat)),
            theme.badge(st.colour_of(seat)),
        ));
        if matches!(
            s.model.decision.kind,
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
            let n = st.ending.turns_left;
            let turns = if n == 1 { "turn" } else { "turns" };
            status.push(Span::styled(
                format!(" · end triggered: {n} more {turns}"),
                theme.warn(),
            ));
            // At 80 columns the line is too long for it: the end is said shorter, then without
            // the game's name (the screen is plainly Tash-Kalar's), never cut ("end trigg").
            let width = layout.status.width as usize;
            let wide = |s: &[Span]| s.iter().map(|x| x.width()).sum::<usize>() > width;
            if wide(&status)
                && let Some(last) = status.last_mut()
            {
                *last = Span::styled(format!(" · ends in {n} {turns}"), theme.warn());
            }
            if wide(&status) {
                status[0] = Span::raw("");
                status[1] = Span::raw(format!(" {mode} · turn {} · ", st.turn.number));
            }
        }
    }
    // The replay's place in the record comes before the seed: the seed is in the log's first
    // line, and each is shown whole or not at all (cut, a number reads as another one).
    let width = layout.status.width as usize;
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
    buf.set_line(
        layout.status.x,
        layout.status.y,
        &Line::from(status),
        layout.status.width,
    );

    // Board.
    let focus = s.ui.focus;
    let human = v.human_turn;
    let block = crate::shell::tui::widgets::panel(
        Line::from(Span::styled("Arena", theme.title())),
        human && focus == Focus::Board,
        theme,
    );
    frame.render_widget(block, layout.board_block);
    let model = board_model(s, v);
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
            view: &s.view,
            seats,
            theme,
            viewer: v.player().map(seat),
            to_move: v.decider().map(seat),
        },
        layout.players,
    );
    if let Some(t) = layout.tasks {
        let claimable = s
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
                view: &s.view,
                theme,
                claimable,
            },
            t,
        );
    }

    // Hand.
    let hidden = match (v.viewer.map(seat), v.ai.map(|a| seat(a.seat))) {
        (Some(_), _) => None,
        (None, Some(seat)) => Some(format!(
            "{} (AI) is playing. Hands stay hidden while the keyboard may be changing hands.",
            seats.name(seat)
        )),
        (None, None) => Some("Hands are hidden.".to_string()),
    };
    let hand_title = match v.viewer.map(seat) {
        Some(seat) => format!("Hand of {}", seats.name(seat)),
        None => "Hand".to_string(),
    };
    frame.render_widget(
        HandPanel {
            items: &s.items,
            tags: &s.tags,
            selected: s.ui.hand_index,
            focused: human && focus == Focus::Hand,
            db: &st.db,
            colour: st.colour_of(v.viewer.map(seat).unwrap_or(s.model.decision.seat)),
            theme,
            title: hand_title,
            hidden,
            keys: human,
        },
        layout.hand,
    );

    // Decision.
    let decider = s.model.decision.seat;
    let mut details: Vec<Line> = Vec::new();
    // Where the recap of the others' steps is among the details (shortened when it does not fit).
    let mut recap_lines = 0..0;
    let title;
    let mut options = Vec::new();
    if let Some(r) = &v.replay {
        title = Line::styled(" Replay ", theme.title());
        let first = details.len();
        details.extend(r.details(st.turn.number, st.is_over(), theme));
        // Under where the record is: a small panel cuts its last lines (autoplay, which the key
        // bar also tells), never the file's name.
        details.insert((first + 1).min(details.len()), r.file_line(theme));
    } else if st.is_over() {
        title = Line::styled(" Game over ", theme.warn());
        for line in crate::tashkalar::ui::words::breakdown(st, seats) {
            details.push(Line::from(line));
        }
        details.push(Line::styled(
            "Enter: back to the menu · q: quit",
            theme.muted(),
        ));
    } else if let Some(ai) = v.ai {
        let seat = seat(ai.seat);
        title = seat_title(
            seats.name(seat),
            theme.badge(st.colour_of(seat)),
            "AI playing",
        );
        details.extend(ai.details(v.last_ai_step, theme));
    } else {
        title = seat_title(
            seats.name(decider),
            theme.badge(st.colour_of(decider)),
            "to decide",
        );
        if let Some((choice, i, n)) = shown_summon(s)
            && let Choice::Summon {
                card,
                target,
                borrow,
                ..
            } = choice
        {
            let name = crate::tashkalar::ui::narrate::card_name(st, card);
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
            // Marked squares in words too: a small board has no room for their digits.
            if let Some(o) = overlay(s, v)
                && !o.marks.is_empty()
            {
                // One entry a digit ("1 = c1, c3; 2 = d4"): Titan marks several squares 1.
                let mut by_digit: std::collections::BTreeMap<_, Vec<String>> = Default::default();
                for (sq, n) in &o.marks {
                    by_digit.entry(*n).or_default().push(sq.to_string());
                }
                let marks: Vec<String> = by_digit
                    .iter()
                    .map(|(n, squares)| format!("{n} = {}", squares.join(", ")))
                    .collect();
                details.push(Line::styled(
                    format!("marked squares: {}", marks.join("; ")),
                    theme.muted(),
                ));
            }
        } else if let Some(hint) = s.ui.hint {
            details.push(Line::styled(
                format!("Enter: {}", describe(st, seats, &s.model.decision, &hint)),
                theme.key(),
            ));
        }
        if let Some(p) = &s.preview {
            details.push(Line::styled(preview_words(s, p), theme.key()));
        }
        details.push(Line::styled(square_words(s, s.ui.cursor), theme.muted()));
        // What the others did since this seat's last decision (also marked on the board).
        let recap = v
            .viewer
            .and_then(|seat| v.narrator.recap.get(seat))
            .filter(|r| !r.is_empty());
        match recap {
            Some(items) => {
                let from = details.len();
                for text in crate::tashkalar::ui::recap::recap_text(items, seats) {
                    details.push(Line::styled(
                        format!("Since your last decision: {text}"),
                        theme.muted(),
                    ));
                }
                recap_lines = from..details.len();
            }
            // Once the seat on screen has acted, the AI's last step is old news (the log has
            // it); it is told only where no recap is kept for a seat.
            None if v.viewer.is_none() => {
                if let Some(last) = &v.last_ai_step {
                    details.push(Line::styled(
                        format!("AI's last step: {last}"),
                        theme.muted(),
                    ));
                }
            }
            None => {}
        }
        // Another seat's options name what its hand holds (the cards it may return, its
        // flares): a served screen on another person's turn lists none of them.
        let own = v.viewer.is_none_or(|w| w == decider.index());
        options = s
            .model
            .options
            .iter()
            .filter(|_| own)
            .map(|c| match c {
                // The prompt says where returned cards go: the option names the card only, so
                // that it fits a small panel.
                Choice::Return(card) => {
                    format!(
                        "Return {}",
                        crate::tashkalar::ui::narrate::card_name(st, *card)
                    )
                }
                c => describe(st, seats, &s.model.decision, c),
            })
            .collect();
    }
    let prompt = if let (true, Some(c)) = (human, s.ui.confirm) {
        confirm_prompt(s, v, &c)
    } else if human {
        stage_prompt(s, v).unwrap_or_else(|| s.model.prompt.text.clone())
    } else if v.ai.map(|a| seat(a.seat)).is_some() || (v.replay.is_some() && !st.is_over()) {
        crate::tashkalar::ui::words::watching(st, seats)
    } else {
        s.model.prompt.text.clone()
    };
    // A tall panel's empty rows tell the last turn of another seat in full, as the log told
    // it (the recap above sums it up).
    if human && v.replay.is_none() && !st.is_over() {
        let inner = Block::bordered().inner(layout.decision);
        let (opts, _) =
            crate::shell::tui::widgets::decision::option_rows(inner, &options, s.ui.option_index);
        let width = inner.width.max(1) as usize;
        let rows = |l: &Line| {
            let text: String = l.spans.iter().map(|s| s.content.as_ref()).collect();
            crate::shell::tui::widgets::log::wrap_words(text.trim(), width)
                .len()
                .max(1)
        };
        let mut used: usize = crate::shell::tui::widgets::log::wrap_words(&prompt, width).len()
            + usize::from(v.note.is_some()) * 2
            + details.iter().map(rows).sum::<usize>();
        // A recap cut by the options would read as a whole sentence saying less ("Red
        // summoned", at 80x24): where it does not fit, it only says where to read it, or
        // where even that does not fit, it is left to the log beside the panel.
        let room = inner.height.saturating_sub(opts.height) as usize;
        if used > room && !recap_lines.is_empty() {
            let long: usize = details[recap_lines.clone()].iter().map(rows).sum();
            let short = Line::styled("Since your last decision: see the log", theme.muted());
            let fits = used - long + rows(&short) <= room;
            used = used - long + if fits { rows(&short) } else { 0 };
            let with: Vec<Line> = if fits { vec![short] } else { Vec::new() };
            details.splice(recap_lines.clone(), with);
        }
        let free = (inner.height.saturating_sub(opts.height) as usize).saturating_sub(used + 1);
        let last = last_turn_of_another(v);
        if free >= 4 && !last.is_empty() {
            details.push(Line::default());
            let mut left = free - 1;
            for (i, text) in last.into_iter().enumerate() {
                let line = if i == 0 {
                    Line::styled(text, theme.title())
                } else {
                    Line::styled(format!("  {text}"), theme.muted())
                };
                let n = rows(&line);
                if n > left {
                    break;
                }
                left -= n;
                details.push(line);
            }
        }
    }
    // While an effect resolves, its card is no longer in hand: show the text being resolved
    // (the frozen effect when thawed, the warp effect when warped).
    if let DecisionKind::Effect { card, .. } = s.model.decision.kind
        && let Some(c) = st.db.get(card)
    {
        use crate::tashkalar::engine::effect::run::Source;
        let source = v.game.effect.as_ref().map(|r| r.source);
        let halves = v.game.effect.as_ref().map_or(3, |r| r.flare_halves);
        let (what, text) = match (&c.flare, &c.frozen, &c.warp, source) {
            // Only the half (or halves) that apply: the other one is not being resolved.
            (Some(f), ..) => match halves {
                1 => (" (upper half)", f.upper_text.clone()),
                2 => (" (lower half)", f.lower_text.clone()),
                _ => ("", format!("{} / {}", f.upper_text, f.lower_text)),
            },
            (_, Some(fz), _, Some(Source::Thaw)) => (" (frozen effect)", fz.text.clone()),
            (_, _, Some(w), Some(Source::Warp)) => (" (warp effect)", w.text.clone()),
            _ => ("", c.text.clone()),
        };
        details.insert(
            0,
            Line::styled(format!("{}{what}: {text}", c.name), theme.muted()),
        );
    }
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
        layout.decision,
    );

    frame.render_widget(
        LogPanel {
            lines: v.log,
            colours: &(0..st.players())
                .map(|i| st.colour_of(seat(i)).index())
                .collect::<Vec<_>>(),
            theme,
            scroll: v.log_scroll,
            filter: v.log_filter(),
        },
        layout.log,
    );

    if let Some(window) = s.window {
        super::window::render(frame, area, s, v, theme, window);
    }
}
