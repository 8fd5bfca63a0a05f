//! The lines of the screen's panels, drawn from what the one looking may see: each seat's
//! tableau and pool, the centre of the table, the hand, a card's details.

use super::words::{self, cost_spans, essence_spans};
use crate::resarcana::card::CardId;
use crate::resarcana::card::language::Kind;
use crate::resarcana::state::{Ask, Phase, ResArcana, Task};
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
    /// name, points and pool, then its tableau with names shortened to the width.
    pub compact: bool,
    /// The columns a seat's line has (0: not known, nothing is shortened).
    pub width: u16,
}

/// Names shortened until their line fits `budget` columns. First the longest name of several
/// words gives its first whole word up for an initial ("Dwarven Pickaxe" → "D.Pickaxe"), then
/// the longest name loses its end ("Nightingale" → "Nighting."), none below 4 letters and a
/// dot: every component keeps a readable start rather than the last ones being cut off.
pub fn shorten(names: &mut [String], budget: usize) {
    let width = |ns: &[String]| ns.iter().map(|n| n.chars().count()).sum::<usize>();
    let longest = |ns: &[String], ok: &dyn Fn(&str) -> bool| {
        (0..ns.len())
            .filter(|&i| ok(&ns[i]))
            .max_by_key(|&i| (ns[i].chars().count(), usize::MAX - i))
    };
    // A word is split at a plain or a non-breaking space (names are kept whole with those).
    let is_space = |c: char| c == ' ' || c == '\u{a0}';
    let first_word = |n: &str| {
        n.char_indices()
            .find(|&(_, c)| is_space(c))
            .map(|(i, c)| (i, c.len_utf8()))
    };
    while width(names) > budget {
        let Some(i) = longest(names, &|n: &str| {
            first_word(n)
                .is_some_and(|(i, _)| n[..i].trim_start_matches(TURNED).chars().count() > 2)
        }) else {
            break;
        };
        let n = names[i].clone();
        let Some((at, space)) = first_word(&n) else {
            break;
        };
        let head = &n[..at];
        let mark = if head.starts_with(TURNED) { TURNED } else { "" };
        let initial: String = head.trim_start_matches(TURNED).chars().take(1).collect();
        names[i] = format!("{mark}{initial}.{}", &n[at + space..]);
    }
    while width(names) > budget {
        let Some(i) = longest(names, &|n: &str| {
            n.trim_end_matches('.').chars().count() > 4
        }) else {
            return;
        };
        let letters: Vec<char> = names[i].trim_end_matches('.').chars().collect();
        let mut cut: String = letters[..letters.len() - 1].iter().collect();
        cut = cut.trim_end_matches(is_space).to_string();
        cut.push('.');
        names[i] = cut;
    }
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

/// The cards being looked at, if they came off the monument deck (`Some(true)`) or the deck of
/// the seat deciding (`Some(false)`).
fn looked_at(g: &ResArcana) -> Option<(bool, usize)> {
    match g.pending?.ask {
        Ask::ScryOrder { monuments } if !g.looking.is_empty() => Some((monuments, g.looking.len())),
        _ => None,
    }
}

/// The monument deck's size as the table sees it: the cards a seat is looking at are still
/// the deck's (they go back on top), so the count does not drop while a Hawk looks.
pub fn monument_deck_count(g: &ResArcana) -> usize {
    g.monument_deck.len()
        + match looked_at(g) {
            Some((true, n)) => n,
            _ => 0,
        }
}

/// A seat's deck size as the table sees it, the cards it is looking at on top still counted.
pub fn deck_count(g: &ResArcana, seat: usize) -> usize {
    let looking = match (looked_at(g), g.pending) {
        (Some((false, n)), Some(d)) if d.seat as usize == seat => n,
        _ => 0,
    };
    g.seats[seat].deck.len() + looking
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
    // A column of the seats side by side: short marks, the card counts on a line of their own.
    let narrow = detail.wide && detail.width > 0 && detail.width < 50;
    let mut head = vec![Span::styled(
        format!(" {} ", seats.name(seat)),
        theme.badge(seat),
    )];
    // The status line says who decides; at 80 columns the seat's line keeps to its own.
    if detail.wide && !narrow && you == Some(seat) {
        head.push(Span::styled(" (you)", theme.muted()));
    }
    if detail.wide && decider == Some(seat) {
        head.push(Span::styled(
            if narrow { " ◆" } else { " ◆deciding" },
            theme.key(),
        ));
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
        head.push(Span::styled(
            if detail.compact || narrow {
                " ★"
            } else {
                " ★first"
            },
            theme.key(),
        ));
    }
    if s.passed {
        head.push(Span::styled(" passed", theme.warn()));
    }
    let cards = if detail.wide {
        format!(
            " · hand {} deck {} discard {}",
            s.hand.len(),
            deck_count(g, seat),
            s.discard.len()
        )
    } else if detail.compact {
        format!(" h{} d{}", s.hand.len(), deck_count(g, seat))
    } else {
        format!(" · hand {} deck {}", s.hand.len(), deck_count(g, seat))
    };
    head.push(Span::styled(cards, theme.muted()));
    let mut lines = Vec::new();
    if detail.compact {
        // The pool on the name's line (the kinds it has: zeros take room it lacks); the cards
        // counted after it.
        let cards = head.pop();
        head.push(Span::raw(" "));
        head.extend(essence_spans(&s.pool, theme, false));
        head.extend(cards);
        lines.push(Line::from(head));
    } else {
        // In a narrow column (seats side by side) the card counts get a line of their own
        // rather than wrapping the name's line at any word.
        // Always so in a column, so that the columns' rows line up.
        let own_line = narrow
            || (detail.width > 0 && Line::from(head.clone()).width() > detail.width as usize);
        let cards = if own_line { head.pop() } else { None };
        lines.push(Line::from(head));
        if let Some(c) = cards {
            lines.push(Line::styled(
                format!("  {}", c.content.trim_start_matches(" · ")),
                theme.muted(),
            ));
        }
        let mut pool = vec![Span::raw(if detail.wide { "  Pool " } else { "  " })];
        pool.extend(essence_spans(&s.pool, theme, true));
        if detail.wide {
            let total = Span::styled(
                format!(
                    "  ({} {})",
                    s.pool.total(),
                    words::plural(s.pool.total(), "essence")
                ),
                theme.muted(),
            );
            // In a narrow column (seats side by side) the total gives way to the pool itself.
            let room = detail.width == 0
                || Line::from(pool.clone()).width() + total.width() <= detail.width as usize;
            if room {
                pool.push(total);
            }
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
    if detail.compact && detail.width > 0 {
        // Each component's name shortened alike so that all of them show, with their marks.
        let seps = 2 + 3 * parts.len().saturating_sub(1);
        let fixed: usize = parts
            .iter()
            .map(|p| p.iter().skip(1).map(|sp| sp.width()).sum::<usize>())
            .sum();
        let mut names: Vec<String> = parts
            .iter()
            .map(|p| {
                p.first()
                    .map(|sp| sp.content.to_string())
                    .unwrap_or_default()
            })
            .collect();
        shorten(
            &mut names,
            (detail.width as usize).saturating_sub(seps + fixed),
        );
        for (p, n) in parts.iter_mut().zip(names) {
            if let Some(first) = p.first_mut() {
                first.content = n.into();
            }
        }
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
                // The dot holds on to the name before it, so that a wrapped tableau never
                // starts its next line with a dot.
                l.push(Span::styled("\u{a0}· ", theme.muted()));
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
            format!("  deck: {} face down", monument_deck_count(g)),
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
            Span::styled(format!(" · deck {}", monument_deck_count(g)), theme.muted()),
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
