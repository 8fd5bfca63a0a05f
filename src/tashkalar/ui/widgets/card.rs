//! One card: its summoning pattern drawn as a small grid (as printed) and its rules text.

use crate::shell::tui::theme::Theme;
use crate::tashkalar::engine::Dir;
use crate::tashkalar::engine::board::{Colour, Rank};
use crate::tashkalar::engine::cards::{Card, CardKind};
use crate::tashkalar::engine::pattern::TargetRule;
use crate::tashkalar::ui::look::{piece_letter, piece_style};
use crate::tashkalar::ui::words::dir_arrow;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// What one printed grid token means.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Token {
    /// Your piece of at least this rank.
    piece: Option<Rank>,
    /// The summoning square.
    target: bool,
    /// Marked-square number.
    mark: Option<u8>,
    arrow: Option<Dir>,
}

fn parse_token(tok: &str) -> Token {
    if let Some(d) = Dir::from_name(tok) {
        return Token {
            arrow: Some(d),
            ..Token::default()
        };
    }
    let mut t = Token::default();
    for ch in tok.chars() {
        match ch {
            'T' | 'X' => t.target = true,
            'c' => t.piece = Some(Rank::Common),
            'h' => t.piece = Some(Rank::Heroic),
            '0'..='9' => t.mark = Some(ch as u8 - b'0'),
            _ => {}
        }
    }
    // `Xh`: the target must hold your heroic piece.
    if t.target && tok.contains('h') {
        t.piece = Some(Rank::Heroic);
    } else if t.target && tok.starts_with('X') {
        t.piece = Some(Rank::Common);
    }
    t
}

/// Width of one grid cell in characters.
pub const PATTERN_CELL_W: usize = 3;

/// The pattern as lines, three characters per cell: `(B)` where the piece is summoned, `b`/`B`
/// your common/heroic pieces, digits for marked squares (raised beside the letter of a piece on
/// a marked square: `B²`), arrows as printed, `·` any square.
pub fn pattern_lines(card: &Card, colour: Colour, theme: &Theme) -> Vec<Line<'static>> {
    let Some(pattern) = card.pattern.as_ref() else {
        return Vec::new();
    };
    let own_target = matches!(pattern.target, TargetRule::OwnPiece(_));
    let mark_style = theme.pattern();
    pattern
        .grid
        .iter()
        .map(|row| {
            let spans: Vec<Span> = row
                .split_whitespace()
                .flat_map(|tok| {
                    let t = parse_token(tok);
                    if t.target {
                        let letter = piece_letter(colour, card.rank);
                        let style = piece_style(theme, colour, card.rank)
                            .add_modifier(Modifier::UNDERLINED);
                        let (l, r) = if own_target { ('[', ']') } else { ('(', ')') };
                        vec![Span::styled(format!("{l}{letter}{r}"), style)]
                    } else if let Some(rank) = t.piece {
                        let letter = piece_letter(colour, rank);
                        let piece = piece_style(theme, colour, rank);
                        match t.mark {
                            // A full digit there ran into the next cell ("B2 1" in Titan's
                            // pattern) and read as a number of its own.
                            Some(n) => vec![
                                Span::styled(format!(" {letter}"), piece),
                                Span::styled(superscript(n).to_string(), mark_style),
                            ],
                            None => vec![Span::styled(format!(" {letter} "), piece)],
                        }
                    } else if let Some(n) = t.mark {
                        vec![Span::styled(format!(" {n} "), mark_style)]
                    } else if let Some(d) = t.arrow {
                        vec![Span::styled(format!(" {} ", dir_arrow(d)), theme.title())]
                    } else {
                        vec![Span::styled(" · ", theme.muted())]
                    }
                })
                .collect();
            Line::from(spans)
        })
        .collect()
}

/// A marked square's number raised (one cell wide), to sit beside a piece's letter.
fn superscript(n: u8) -> char {
    const RAISED: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    RAISED.get(usize::from(n)).copied().unwrap_or('?')
}

/// What the digits of a pattern mean, for a card whose pattern has marked squares: said under
/// the diagram where there is room (the card's window).
pub fn marks_legend(card: &Card) -> Option<String> {
    let pattern = card.pattern.as_ref()?;
    let tokens = || pattern.grid.iter().flat_map(|r| r.split_whitespace());
    let marks: std::collections::BTreeSet<u8> =
        tokens().filter_map(|t| parse_token(t).mark).collect();
    if marks.is_empty() {
        return None;
    }
    let digits: Vec<String> = marks.iter().map(u8::to_string).collect();
    let on_piece = tokens()
        .map(parse_token)
        .find(|t| t.piece.is_some() && !t.target && t.mark.is_some())
        .and_then(|t| t.mark);
    let mut text = format!(
        "{}: the marked square{} the effect acts on",
        digits.join(" "),
        if marks.len() == 1 { "" } else { "s" }
    );
    if let Some(n) = on_piece {
        text.push_str(&format!(
            "; a raised {} beside a piece: that piece's square is marked {n} too",
            superscript(n)
        ));
    }
    Some(text)
}

/// A short description of the card kind: "heroic being", "legend", "flare". (A flare's two
/// conditions are told in words with its halves, never as a bare "3/6".)
pub fn kind_text(card: &Card) -> String {
    match card.kind {
        CardKind::Being(_) => format!("{} being", card.rank),
        CardKind::Legend => "legend".into(),
        CardKind::Flare => "flare".into(),
    }
}

/// The rules text as lines to wrap: the effect, the frozen effect, or a flare's two halves.
pub fn text_lines(card: &Card, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    match &card.flare {
        Some(f) => {
            lines.push(Line::from(vec![
                Span::styled(
                    format!("Upper ({} more upgraded): ", f.upper_needs),
                    theme.title(),
                ),
                Span::raw(f.upper_text.clone()),
            ]));
            lines.push(Line::from(vec![
                Span::styled(
                    format!("Lower ({} more pieces): ", f.lower_needs),
                    theme.title(),
                ),
                Span::raw(f.lower_text.clone()),
            ]));
        }
        None => lines.push(Line::from(card.text.clone())),
    }
    if let Some(frozen) = &card.frozen {
        lines.push(Line::from(vec![
            Span::styled("Frozen: ", theme.title()),
            Span::raw(frozen.text.clone()),
        ]));
    }
    if let Some(warp) = &card.warp {
        lines.push(Line::from(vec![
            Span::styled("Warp (w, from the hand, free): ", theme.title()),
            Span::raw(warp.text.clone()),
        ]));
    }
    lines
}

/// The card's heading: name and kind.
pub fn title_line(card: &Card, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(card.name.clone(), Style::new().add_modifier(Modifier::BOLD)),
        Span::styled(format!("  {}", kind_text(card)), theme.muted()),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        assert_eq!(parse_token("c1").piece, Some(Rank::Common));
        assert_eq!(parse_token("c1").mark, Some(1));
        assert!(parse_token("T1").target);
        assert_eq!(parse_token("Xh").piece, Some(Rank::Heroic));
        assert_eq!(parse_token("ne").arrow, Some(Dir::NE));
        assert_eq!(parse_token("."), Token::default());
    }

    #[test]
    fn raised_marks_are_one_cell_wide() {
        use ratatui::text::Line;
        for n in 0..10 {
            assert_eq!(Line::from(superscript(n).to_string()).width(), 1, "{n}");
        }
    }
}
