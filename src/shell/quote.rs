//! Error messages that quote what a user wrote (a save, a scenario, a card file): the offending
//! text is quoted short (at most [`MAX_QUOTE`] characters) with control characters escaped, so
//! that a 100 KB value is not a 100 KB line and an escape sequence in a file never reaches the
//! terminal; the RON reader's words are put in ours, without its advice to library users.

/// The most characters of offending text an error message quotes.
pub const MAX_QUOTE: usize = 80;

/// The most characters of one error message (besides the file it names).
pub const MAX_MESSAGE: usize = 300;

/// A text as an error message quotes it: control characters escaped (`\n`, `\u{1b}`), and cut
/// to [`MAX_QUOTE`] characters with `…` when longer.
pub fn short(text: &str) -> String {
    cut(&escape(text), MAX_QUOTE)
}

/// Control characters (and the byte-order mark) written as escapes; everything else as it is.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() || c == '\u{feff}' => {
                out.push_str(&format!("\\u{{{:x}}}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

/// At most `max` characters of `text`, the last being `…` when it was cut.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// A whole error message made safe to print on one line: control characters escaped, every
/// quoted part (between backticks or double quotes) cut to [`MAX_QUOTE`] characters, and the
/// whole cut to [`MAX_MESSAGE`] characters.
pub fn message(text: &str) -> String {
    let mut out = String::with_capacity(text.len().min(4 * MAX_MESSAGE));
    let mut rest = text;
    while let Some(start) = rest.find(['`', '"']) {
        let delimiter = &rest[start..start + 1];
        out.push_str(&escape(&rest[..start]));
        let after = &rest[start + 1..];
        match after.find(delimiter) {
            Some(end) => {
                out.push_str(delimiter);
                out.push_str(&short(&after[..end]));
                out.push_str(delimiter);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(delimiter);
                rest = after;
            }
        }
        // Enough is known to cut the message already.
        if out.chars().count() > MAX_MESSAGE {
            break;
        }
    }
    if out.chars().count() <= MAX_MESSAGE {
        out.push_str(&escape(rest));
    }
    cut(&out, MAX_MESSAGE)
}

/// What the RON reader found wrong, in our words: its position (line, column) and a message
/// without advice meant for programmers using the library.
pub fn ron_error(e: &ron::error::SpannedError) -> (usize, usize, String) {
    use ron::error::Error;
    let text = match &e.code {
        Error::ExceededRecursionLimit => "nested too deeply".to_string(),
        Error::SuggestRawIdentifier(id) | Error::InvalidIdentifier(id) => {
            format!("invalid name `{}`", short(id))
        }
        Error::UnclosedLineComment => "unclosed line comment".to_string(),
        Error::ExpectedRawValue => "expected a value".to_string(),
        other => other.to_string(),
    };
    (e.span.start.line, e.span.start.col, message(&text))
}

/// The text of a file without a UTF-8 byte-order mark at its start (editors on some systems add
/// one; it is not part of the RON).
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// `bytes` as text, or where its first byte that is not UTF-8 stands: line and column, both
/// from 1, the column counted in characters (as the RON reader counts them), for a
/// `file:line:col` message.
pub fn utf8_text(bytes: &[u8]) -> Result<&str, (usize, usize)> {
    std::str::from_utf8(bytes).map_err(|e| {
        // Everything before the bad byte is text.
        let before = String::from_utf8_lossy(&bytes[..e.valid_up_to()]);
        let line = before.matches('\n').count() + 1;
        let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        (line, col)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_quotes_are_cut_and_control_characters_escaped() {
        let long = "x".repeat(100_000);
        let q = short(&long);
        assert_eq!(q.chars().count(), MAX_QUOTE);
        assert!(q.ends_with('…'));
        assert_eq!(short("a\u{1b}[31mb\n"), "a\\u{1b}[31mb\\n");
        let m = message(&format!("no card named `{long}` in \"{long}\""));
        assert!(m.chars().count() <= MAX_MESSAGE, "{}", m.len());
        assert!(m.starts_with("no card named `xxx"));
        assert!(!m.contains('\u{1b}'));
        let m = message("choice 3 \"\u{1b}]0;pwned\u{7}\" cannot be read");
        assert_eq!(m, "choice 3 \"\\u{1b}]0;pwned\\u{7}\" cannot be read");
        // An unbalanced quote does not let a long text through.
        let m = message(&format!("bad \"{long}"));
        assert!(m.chars().count() <= MAX_MESSAGE);
        assert_eq!(message("plain words"), "plain words");
    }

    #[test]
    fn the_first_byte_that_is_not_utf8_is_found_by_line_and_column() {
        assert_eq!(utf8_text(b"ok"), Ok("ok"));
        assert_eq!(utf8_text(b"\xff"), Err((1, 1)));
        assert_eq!(utf8_text("(\n  é: \"".as_bytes()).map(|_| ()), Ok(()));
        let mut bad = "(\n  é: \"".as_bytes().to_vec();
        bad.extend_from_slice(b"\xc3(\"");
        assert_eq!(utf8_text(&bad), Err((2, 7)));
    }

    #[test]
    fn the_ron_readers_advice_is_left_out() {
        let deep = "(".repeat(10_000);
        let e = ron::from_str::<ron::Value>(&deep).unwrap_err();
        let (_, _, m) = ron_error(&e);
        assert_eq!(m, "nested too deeply");
        assert_eq!(without_bom("\u{feff}(a: 1)"), "(a: 1)");
    }
}
