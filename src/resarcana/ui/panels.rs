//! The lines of the screen's panels, drawn from what the one looking may see: each seat's
//! tableau and pool, the centre of the table, the hand, a card's details.

use super::words::{self, cost_spans, essence_spans};
use crate::resarcana::card::CardId;
use crate::resarcana::card::language::Kind;
use crate::resarcana::state::{Phase, ResArcana, Task};
use crate::shell::seats::Seats;
use crate::shell::tui::theme::Theme;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

/// How much the panels say: `wide` names essences in full, gives costs and points, and lays
/// each tableau out one component a line when there is room.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detail {
    /// Room for costs, points and the legend.
    pub wide: bool,
    /// Room for one component a line.
    pub tall: bool,
    /// So little room (three or four seats at 80x24) that each seat keeps to two lines: its
    /// name, points and pool, then its tableau cut to the width.
    pub compact: bool,
}

/// A line cut to `width` columns, "…" marking the cut.
pub fn fit(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width || width == 0 {
        return line;
    }
    let mut left = width - 1;
    let mut spans = Vec::new();
    for span in line.spans {
        if left == 0 {
            break;
        }
        let text: String = span.content.chars().take(left).collect();
        left -= text.chars().count();
        spans.push(Span::styled(text, span.style));
    }
    spans.push(Span::raw("…"));
    Line::from(spans)
}

/// A name that the panels' wrapping keeps on one line (its spaces do not break).
pub fn whole(name: &str) -> String {
    name.replace(' ', "\u{a0}")
}

/// The marker of a turned component (text, so it reads without colour).
pub const TURNED: &str = "↷";

/// A component in play: its name (dimmed and marked when turned) and what lies on it.
fn component(
    g: &ResArcana,
    card: CardId,
    turned: bool,
    stored: &crate::resarcana::Essences,
    theme: &Theme,
) -> Vec<Span<'static>> {
    let mut style = ratatui::style::Style::new();
    if turned {
        style = style.add_modifier(Modifier::DIM | Modifier::ITALIC);
    }
    let mut out = vec![Span::styled(
        format!(
            "{}{}",
            if turned { TURNED } else { "" },
            whole(g.db.name(card))
        ),
        style,
    )];
    if !stored.is_zero() {
        out.push(Span::raw("["));
        out.extend(essence_spans(stored, theme, false));
        out.push(Span::raw("]"));
    }
    out
}

/// Whether the mages picked are public yet.
fn mages_revealed(g: &ResArcana) -> bool {
    !g.tasks.contains(&Task::RevealMages)
}

/// One seat's lines: name, points, First Player token, passed, cards; its pool; its tableau.
/// `viewer` is whose hidden mage may be shown, `you` the seat played from (none in a replay).
#[allow(clippy::too_many_arguments)]
pub fn seat_lines(
    g: &ResArcana,
    seats: &Seats,
    seat: usize,
    viewer: Option<usize>,
    you: Option<usize>,
    decider: Option<usize>,
    detail: Detail,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let s = &g.seats[seat];
    let mut head = vec![Span::styled(
        format!(" {} ", seats.name(seat)),
        theme.badge(seat),
    )];
    // The status line says who decides; at 80 columns the seat's line keeps to its own.
    if detail.wide && you == Some(seat) {
        head.push(Span::styled(" (you)", theme.muted()));
    }
    if detail.wide && decider == Some(seat) {
        head.push(Span::styled(" ◆deciding", theme.key()));
    }
    let points = if g.phase == Phase::Setup {
        0
    } else {
        g.points(seat)
    };
    head.push(Span::raw(format!(
        " {points} pt{}",
        if points == 1 { "" } else { "s" }
    )));
    if g.token as usize == seat && g.phase != Phase::Setup {
        head.push(Span::styled(" ★first", theme.key()));
    }
    if s.passed {
        head.push(Span::styled(" passed", theme.warn()));
    }
    let cards = if detail.wide {
        format!(
            " · hand {} deck {} discard {}",
            s.hand.len(),
            s.deck.len(),
            s.discard.len()
        )
    } else if detail.compact {
        format!(" h{} d{}", s.hand.len(), s.deck.len())
    } else {
        format!(" · hand {} deck {}", s.hand.len(), s.deck.len())
    };
    head.push(Span::styled(cards, theme.muted()));
    let mut lines = Vec::new();
    if detail.compact {
        // The pool on the name's line; the cards counted after it.
        let cards = head.pop();
        head.push(Span::raw(" "));
        head.extend(essence_spans(&s.pool, theme, true));
        head.extend(cards);
        lines.push(Line::from(head));
    } else {
        lines.push(Line::from(head));
        let mut pool = vec![Span::raw(if detail.wide { "  Pool " } else { "  " })];
        pool.extend(essence_spans(&s.pool, theme, true));
        if detail.wide {
            pool.push(Span::styled(
                format!("  ({} essences)", s.pool.total()),
                theme.muted(),
            ));
        }
        lines.push(Line::from(pool));
    }
    // The tableau: the mage (once revealed, or to its own seat), the magic item, the rest.
    let mut parts: Vec<Vec<Span<'static>>> = Vec::new();
    let shown_mage = if mages_revealed(g) || viewer == Some(seat) {
        s.mage
    } else {
        None
    };
    let in_play_mage = s.play.iter().any(|p| Some(p.card) == s.mage);
    if let Some(m) = shown_mage
        && !in_play_mage
    {
        let mut v = vec![Span::raw(format!("Mage {}", g.db.name(m)))];
        if !mages_revealed(g) {
            v.push(Span::styled(" (hidden from the others)", theme.muted()));
        }
        parts.push(v);
    } else if !in_play_mage && g.phase == Phase::Setup {
        parts.push(vec![Span::styled(
            if s.mage.is_some() {
                "mage picked"
            } else {
                "no mage yet"
            },
            theme.muted(),
        )]);
    }
    let order = |k: Kind| match k {
        Kind::Mage => 0,
        Kind::MagicItem => 1,
        Kind::Artifact => 2,
        Kind::Monument => 3,
        Kind::Place => 4,
    };
    let mut play: Vec<_> = s.play.iter().collect();
    play.sort_by_key(|p| order(g.db.get(p.card).kind));
    for p in play {
        let mut v = Vec::new();
        if detail.tall {
            let kind = match g.db.get(p.card).kind {
                Kind::Mage => "Mage ",
                Kind::MagicItem => "Item ",
                Kind::Monument => "Monument ",
                Kind::Place => "Place ",
                Kind::Artifact => "",
            };
            v.push(Span::styled(kind, theme.muted()));
        }
        v.extend(component(g, p.card, p.turned, &p.stored, theme));
        parts.push(v);
    }
    if detail.tall {
        for p in parts {
            let mut l = vec![Span::raw("    ")];
            l.extend(p);
            lines.push(Line::from(l));
        }
    } else {
        let mut l = vec![Span::raw("  ")];
        for (i, p) in parts.into_iter().enumerate() {
            if i > 0 {
                l.push(Span::styled(" · ", theme.muted()));
            }
            l.extend(p);
        }
        lines.push(Line::from(l));
    }
    lines
}

/// The centre: Places of Power, monuments face up and the deck, magic items in the supply.
pub fn centre_lines(g: &ResArcana, detail: Detail, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let name = |c: CardId| g.db.name(c).to_string();
    let heading = |t: &str| Span::styled(t.to_string(), theme.title());
    if detail.tall {
        // Each claimable card with its cost and points, Places of Power then monuments.
        for (title, cards) in [("Places of Power", &g.places), ("Monuments", &g.monuments)] {
            lines.push(Line::from(heading(title)));
            for &c in cards {
                let def = g.db.get(c);
                let mut l = vec![Span::raw(format!("  {} ", name(c)))];
                l.extend(cost_spans(&def.cost, theme));
                if def.points > 0 {
                    l.push(Span::styled(
                        format!(
                            " · {} pt{}",
                            def.points,
                            if def.points == 1 { "" } else { "s" }
                        ),
                        theme.muted(),
                    ));
                }
                lines.push(Line::from(l));
            }
        }
        lines.push(Line::styled(
            format!("  deck: {} face down", g.monument_deck.len()),
            theme.muted(),
        ));
        let items: Vec<String> = g.items.iter().map(|&c| whole(&name(c))).collect();
        lines.push(Line::from(vec![
            heading("Magic items "),
            Span::raw(items.join(" · ")),
        ]));
    } else {
        let items: Vec<String> = g.items.iter().map(|&c| whole(&name(c))).collect();
        let places: Vec<String> = g.places.iter().map(|&c| whole(&name(c))).collect();
        lines.push(Line::from(vec![
            heading("Places "),
            Span::raw(places.join(" · ")),
        ]));
        let monuments: Vec<String> = g.monuments.iter().map(|&c| whole(&name(c))).collect();
        lines.push(Line::from(vec![
            heading("Monuments "),
            Span::raw(monuments.join(" · ")),
            Span::styled(format!(" · deck {}", g.monument_deck.len()), theme.muted()),
        ]));
        lines.push(Line::from(vec![
            heading("Items "),
            Span::raw(items.join(" · ")),
        ]));
    }
    lines
}

/// A card's details: kind, cost, points and its rules text.
pub fn card_lines(g: &ResArcana, card: CardId, theme: &Theme) -> Vec<Line<'static>> {
    let def = g.db.get(card);
    let kind = match def.kind {
        Kind::Mage => "mage",
        Kind::MagicItem => "magic item",
        Kind::Artifact => "artifact",
        Kind::Monument => "monument",
        Kind::Place => "Place of Power",
    };
    let mut head = vec![
        Span::styled(def.name.clone(), theme.title()),
        Span::styled(format!(" ({kind}) "), theme.muted()),
    ];
    if matches!(def.kind, Kind::Artifact | Kind::Monument | Kind::Place) {
        head.extend(cost_spans(&def.cost, theme));
    }
    vec![Line::from(head), Line::raw(def.text.clone())]
}

/// The hand's lines: each card with its cost; the highlighted one marked when the hand has the
/// keys.
pub fn hand_lines(
    g: &ResArcana,
    hand: &[CardId],
    selected: Option<usize>,
    theme: &Theme,
) -> Vec<Line<'static>> {
    hand.iter()
        .enumerate()
        .map(|(i, &c)| {
            let mark = if selected == Some(i) { "▸" } else { " " };
            let style = if selected == Some(i) {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            let mut l = vec![
                Span::styled(mark, theme.key()),
                Span::styled(g.db.name(c).to_string(), style),
                Span::raw(" "),
            ];
            l.extend(cost_spans(&g.db.get(c).cost, theme));
            Line::from(l)
        })
        .collect()
}

/// The legend of the essences' letters.
pub fn legend(theme: &Theme) -> Line<'static> {
    let mut out = Vec::new();
    for c in &words::ESSENCE_COLOURS {
        if !out.is_empty() {
            out.push(Span::raw(" "));
        }
        out.push(Span::styled(c.letter.to_string(), theme.named(c)));
        out.push(Span::raw(format!(" {}", c.name)));
    }
    out.push(Span::styled(format!("  {TURNED}turned"), theme.muted()));
    Line::from(out)
}
