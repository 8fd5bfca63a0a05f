//! Lines read from the other side of the bot protocol in bounded memory.
//!
//! Both sides of the protocol read JSON lines from a program they do not control: a line of
//! 500 MB, a line that is not UTF-8 or an endless stream of blank lines must cost neither side
//! more than a fixed amount of memory, and must be told apart from the end of the input (which
//! `BufRead::lines` does not do for a line that is not UTF-8: it stops there).

use std::io::{self, BufRead};

/// The longest line either side of the protocol reads, in bytes (without its newline). A
/// Tash-Kalar `decide` is a few kilobytes and an answer a few dozen bytes: a line longer than
/// this is not a message.
pub const MAX_LINE: usize = 1 << 20;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A whole line, without its `\n` (or `\r\n`).
    Text(String),
    /// A line that is not UTF-8 (read whole and dropped).
    NotUtf8,
    /// A line longer than the limit: what came before the limit was dropped and, when asked,
    /// the rest skipped up to the next newline, so that the next read starts at the next line.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `input`, holding at most `max` bytes of it. An incomplete last line
/// (no newline before the end) is a line like any other. A line longer than `max` is
/// [`Line::TooLong`] as soon as the limit is passed, unless `skip_rest`: then the rest of it is
/// read (and dropped) first, however long it goes on, so that reading can go on after it.
pub fn read_line(input: &mut impl BufRead, max: usize, skip_rest: bool) -> io::Result<Line> {
    let mut line: Vec<u8> = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(available) => available,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !any {
                return Ok(Line::End);
            }
            break;
        }
        any = true;
        let (part, used, ended) = match available.iter().position(|&b| b == b'\n') {
            Some(end) => (&available[..end], end + 1, true),
            None => (available, available.len(), false),
        };
        if !too_long {
            if line.len() + part.len() > max {
                // Dropped now, so the memory held stays bounded however long the line goes on.
                too_long = true;
                line = Vec::new();
                if !skip_rest {
                    input.consume(used);
                    return Ok(Line::TooLong);
                }
            } else {
                line.extend_from_slice(part);
            }
        }
        input.consume(used);
        if ended {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Ok(match String::from_utf8(line) {
        Ok(text) => Line::Text(text),
        Err(_) => Line::NotUtf8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn all(input: &[u8], max: usize, buffer: usize) -> Vec<Line> {
        let mut reader = BufReader::with_capacity(buffer, Cursor::new(input.to_vec()));
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut reader, max, true).expect("a cursor reads");
            if line == Line::End {
                return out;
            }
            out.push(line);
        }
    }

    #[test]
    fn lines_too_long_or_not_utf8_are_told_and_reading_goes_on() {
        let text = |t: &str| Line::Text(t.to_string());
        let mut input = b"one\r\n\n".to_vec();
        input.extend_from_slice(&[b'x'; 100]);
        input.extend_from_slice(b"\n\xff\xfe\ntwo\nend");
        // Whatever the buffer's size, the same lines (a long line spans many fills).
        for buffer in [1, 3, 16, 4096] {
            assert_eq!(
                all(&input, 10, buffer),
                vec![
                    text("one"),
                    text(""),
                    Line::TooLong,
                    Line::NotUtf8,
                    text("two"),
                    text("end"),
                ],
                "buffer {buffer}"
            );
        }
        // A line of exactly the limit is a line.
        assert_eq!(all(b"0123456789\n", 10, 4), vec![text("0123456789")]);
        assert_eq!(all(b"", 10, 4), vec![]);
        // Without skipping, a long line is told at its limit (the rest is left unread).
        let mut reader = BufReader::with_capacity(4, Cursor::new(b"0123456789ab\n".to_vec()));
        assert_eq!(read_line(&mut reader, 10, false).ok(), Some(Line::TooLong));
    }
}
