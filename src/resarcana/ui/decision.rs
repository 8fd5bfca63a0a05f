//! The decision panel of the game screen: the question, the Collect step in one place (with
//! what `a` would end with), what the others did since the viewer's last decision, and the
//! choices.

use super::layout::{RaLayout, option_texts, rows};
use super::words::{self, essence_spans};
use super::{Focus, RaScreen};
use crate::resarcana::state::{Ask, PayFor, Phase, Target};
use crate::shell::tui::theme::Theme;
use crate::shell::tui::ui::{LogLine, TableView, seat_title};
use crate::shell::tui::widgets::decision::{DecisionPanel, option_rows};
use crate::shell::tui::widgets::log::wrap_words;
use ratatui::text::{Line, Span};
use ratatui::widgets::Block;

/// The log lines since the viewer's last decision (what the others did meanwhile), newest
/// last, as the viewer may read them.
fn since_last(v: &TableView<'_, RaScreen>) -> Vec<String> {
    let Some(me) = v.player() else {
        return Vec::new();
    };
    let filter = v.log_filter();
    // The viewer's own choices are the lines the narrator starts with its name and a colon.
    let name = v.seats.name(me);
    let (plain, secret) = (format!("{name}: "), format!("{name} (secret): "));
    let own = |l: &&LogLine| {
        l.seat == Some(me) && (l.text.starts_with(&plain) || l.text.starts_with(&secret))
    };
    let mut out: Vec<&LogLine> = v
        .log
        .iter()
        .rev()
        .take_while(|l| !own(l))
        .filter(|l| filter.shows(l) && l.seat.is_some())
        .collect();
    out.reverse();
    // What the own choice led to (what it paid, drew, scored) is no news to the viewer.
    let mine = out.iter().take_while(|l| l.seat == Some(me)).count();
    out.into_iter().skip(mine).map(|l| l.text.clone()).collect()
}

/// The decision panel: the question, the Collect step in one place, what the others did
/// since, and the choices.
pub fn render_decision<'a>(
    s: &RaScreen,
    v: &TableView<'a, RaScreen>,
    l: RaLayout,
    theme: &'a Theme,
) -> DecisionPanel<'a> {
    let g = v.game;
    let seats = v.seats;
    let human = v.human_turn;
    let mut details: Vec<Line<'static>> = Vec::new();
    let title;
    let mut options = Vec::new();
    let prompt;
    if let Some(r) = &v.replay {
        title = Line::styled(" Replay ", theme.title());
        details.extend(r.details(format!("{}", g.turn + 1), g.is_over(), theme));
        prompt = words::waiting(g, seats);
    } else if let Some(o) = &g.outcome {
        title = Line::styled(" Game over ", theme.warn());
        let names: Vec<&str> = o.winners.iter().map(|&w| seats.name(w as usize)).collect();
        prompt = format!(
            "{} {}.",
            names.join(" and "),
            if names.len() == 1 {
                "wins"
            } else {
                "share the victory"
            }
        );
        // Each seat's points and where they come from, the winners first: the tableaux above
        // may be cut short on a small screen.
        let mut order: Vec<usize> = (0..o.points.len()).collect();
        order.sort_by_key(|&i| {
            (
                !o.winners.contains(&(i as u8)),
                std::cmp::Reverse(o.points[i]),
            )
        });
        for i in order {
            let p = o.points[i];
            let s = if p == 1 { "" } else { "s" };
            let mut from: Vec<String> = (0..g.seats[i].play.len())
                .filter_map(|k| {
                    let n = g.component_points(i, k);
                    (n > 0).then(|| format!("{} {n}", g.db.name(g.seats[i].play[k].card)))
                })
                .collect();
            if g.token as usize == i {
                from.push("First Player 1".into());
            }
            let from = if from.is_empty() {
                String::new()
            } else {
                format!(" ({})", from.join(", "))
            };
            details.push(Line::from(format!("{}: {p} point{s}{from}", seats.name(i))));
        }
        details.push(Line::styled(
            "Enter: back to the menu · q: quit",
            theme.muted(),
        ));
    } else if let Some(ai) = v.ai {
        title = seat_title(seats.name(ai.seat), theme.badge(ai.seat), "AI playing");
        prompt = words::waiting(g, seats);
        details.extend(ai.details(v.last_ai_step, theme));
    } else {
        let decider = g.seat_to_move();
        title = seat_title(seats.name(decider), theme.badge(decider), "to decide");
        if human {
            prompt = words::prompt(g, seats);
            // The Collect step in one place: the pool as it began and as it is now.
            if g.phase == Phase::Collect
                && let Some((start, _)) = g.collect_start.get(decider)
            {
                let mut line = vec![Span::raw("Collect: pool was ")];
                line.extend(essence_spans(start, theme, false));
                line.push(Span::raw(" → now "));
                line.extend(essence_spans(&g.seats[decider].pool, theme, false));
                details.push(Line::from(line));
                let from: Vec<&str> = g.seats[decider]
                    .play
                    .iter()
                    .filter(|p| {
                        let def = g.db.get(p.card);
                        !def.collect.is_empty() || def.collect_cost.is_some() || !p.stored.is_zero()
                    })
                    .map(|p| g.db.name(p.card))
                    .collect();
                if !from.is_empty() {
                    details.push(Line::styled(
                        format!("Collecting from: {}", from.join(", ")),
                        theme.muted(),
                    ));
                }
                // What `a` would end with: the highlighted choice, then the first of each
                // later question (the seat's own pool, which it may see).
                let rest = s
                    .options
                    .get(s.selected)
                    .map(|&c| super::collect_rest(g, c))
                    .unwrap_or_default();
                // One question left: `a` is Enter, nothing to preview.
                if rest.len() > 1 {
                    let mut after = g.clone();
                    for c in &rest {
                        if after.apply(*c).is_err() {
                            break;
                        }
                    }
                    let mut line = vec![Span::styled("a", theme.key())];
                    line.push(Span::raw(format!(
                        " answers the {} questions left (the rest as each list would highlight) → pool ",
                        rest.len()
                    )));
                    line.extend(essence_spans(&after.seats[decider].pool, theme, false));
                    details.push(Line::from(line));
                }
            }
            // A step of an action begun (its payment, its target): one flow, stepped back by u.
            // (An answer to an attack is not: it is another seat's step, out of turn.)
            let answer = matches!(
                g.pending.map(|d| d.ask),
                Some(
                    Ask::LifeLoss(_)
                        | Ask::Swap
                        | Ask::Pay(_, PayFor::Loss)
                        | Ask::Target(Target::DefenceDiscard(_) | Target::DefenceDestroy(_))
                )
            );
            if crate::shell::game::Heuristics::mid_action(g) && g.phase == Phase::Actions && !answer
            {
                details.push(Line::styled(
                    "A step of the action begun (u steps back).",
                    theme.muted(),
                ));
            }
            if l.card.height == 0
                && let Some(c) = s.card_shown()
            {
                details.extend(super::panels::card_lines(&s.seen, c, theme));
            }
            options = option_texts(s, v);
            // What the others did, in the rows the choices (as wrapped), the question and the
            // card leave: a heading with no line under it would promise news it does not show.
            let inner = Block::bordered().inner(l.decision);
            let width = inner.width;
            let (opts, _) = option_rows(inner, &options, s.selected);
            let used = opts.height as usize
                + rows(&[Line::from(prompt.clone())], width) as usize
                + usize::from(v.note.is_some())
                + rows(&details, width) as usize;
            let room = (inner.height as usize).saturating_sub(used + 1);
            let since = since_last(v);
            if !since.is_empty() && room > 0 {
                // The newest lines, as many whole ones as fit once wrapped.
                let mut kept: Vec<Vec<String>> = Vec::new();
                let mut left = room;
                for t in since.iter().rev() {
                    let wrapped = wrap_words(&format!("· {t}"), width as usize);
                    if wrapped.len() > left {
                        break;
                    }
                    left -= wrapped.len();
                    kept.push(wrapped);
                }
                // Lines left out are said to be in the log, so a cut recap never reads as all
                // the news.
                let heading = match kept.len() {
                    0 => "Since your last decision: see the log",
                    n if n < since.len() => "Since your last decision (earlier: the log):",
                    _ => "Since your last decision:",
                };
                if !kept.is_empty() || room >= 1 {
                    details.push(Line::styled(heading, theme.muted()));
                }
                for row in kept.into_iter().rev().flatten() {
                    details.push(Line::styled(row, theme.muted()));
                }
            }
        } else {
            prompt = words::waiting(g, seats);
        }
    }
    DecisionPanel {
        title,
        prompt,
        note: if human { v.note } else { None },
        details,
        options,
        selected: s.selected,
        focused: human && s.focus == Focus::Choices,
        theme,
    }
}
