//! The bytes a terminal sends for keys, read into key events: what crossterm does for a local
//! terminal, done here for a terminal at the other end of an SSH channel. Only the common keys
//! are read (letters, Enter, Backspace, Tab, Esc, arrows, Home/End, Page Up/Down, Delete,
//! Ctrl-letters); any other sequence is dropped whole, so that a client sending garbage
//! produces, at worst, keys the screen ignores.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

const ESC: u8 = 0x1b;

/// Reads `bytes` (one packet of the client's input) into key events.
///
/// An Esc alone is one that ends the packet or is not followed by `[` or `O`: terminals send a
/// key's sequence in one write, and an SSH packet carries it whole.
pub fn parse(bytes: &[u8]) -> Vec<KeyEvent> {
    let mut keys = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        let key = match b {
            ESC => match bytes.get(i) {
                Some(b'[') => {
                    let (key, used) = csi(&bytes[i + 1..]);
                    i += 1 + used;
                    key
                }
                Some(b'O') => {
                    let key = bytes.get(i + 1).and_then(|&c| arrow(c));
                    i += 2.min(bytes.len() - i);
                    key.map(plain)
                }
                // Esc then a key: Alt with that key, which the screens do not use.
                Some(_) => {
                    i += 1;
                    None
                }
                None => Some(plain(KeyCode::Esc)),
            },
            b'\r' | b'\n' => Some(plain(KeyCode::Enter)),
            0x7f | 0x08 => Some(plain(KeyCode::Backspace)),
            b'\t' => Some(plain(KeyCode::Tab)),
            // Ctrl-A .. Ctrl-Z (those not read above).
            0x01..=0x1a => Some(KeyEvent::new(
                KeyCode::Char((b - 1 + b'a') as char),
                KeyModifiers::CONTROL,
            )),
            0x20..=0x7e => Some(plain(KeyCode::Char(b as char))),
            // UTF-8: a whole character is read; a broken one is dropped.
            0xc0..=0xf7 => {
                let len = match b {
                    0xc0..=0xdf => 2,
                    0xe0..=0xef => 3,
                    _ => 4,
                };
                let end = (i - 1 + len).min(bytes.len());
                let ch = std::str::from_utf8(&bytes[i - 1..end])
                    .ok()
                    .and_then(|s| s.chars().next());
                i = end;
                ch.map(|c| plain(KeyCode::Char(c)))
            }
            _ => None,
        };
        keys.extend(key);
    }
    keys
}

/// The first `room` bytes of `bytes` (a packet cut to the input budget), less an Esc the cut
/// left last: alone it would read as the Esc key, which leaves the lobby or a dialog, where the
/// client sent the start of an arrow or another key. (A sequence cut after its `[` or `O` is
/// dropped by [`parse`] already.)
pub fn cut(bytes: &[u8], room: usize) -> &[u8] {
    if bytes.len() <= room {
        return bytes;
    }
    let taken = &bytes[..room];
    match taken.split_last() {
        Some((&ESC, before)) => before,
        _ => taken,
    }
}

fn plain(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

fn arrow(c: u8) -> Option<KeyCode> {
    Some(match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        _ => return None,
    })
}

/// A control sequence after `ESC [`: its key (if known) and how many bytes it took. A sequence
/// is parameter bytes (digits, `;`) and one final byte; a run cut short takes the rest.
fn csi(rest: &[u8]) -> (Option<KeyEvent>, usize) {
    let params = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || **b == b';')
        .count();
    let Some(&last) = rest.get(params) else {
        return (None, rest.len());
    };
    let used = params + 1;
    // Final bytes are 0x40..=0x7e; anything else was not a sequence: dropped with it.
    if !(0x40..=0x7e).contains(&last) {
        return (None, used);
    }
    let text = std::str::from_utf8(&rest[..params]).unwrap_or("");
    let code = if last == b'~' {
        match text.split(';').next().unwrap_or("") {
            "1" | "7" => Some(KeyCode::Home),
            "4" | "8" => Some(KeyCode::End),
            "3" => Some(KeyCode::Delete),
            "5" => Some(KeyCode::PageUp),
            "6" => Some(KeyCode::PageDown),
            _ => None,
        }
    } else if last == b'Z' {
        Some(KeyCode::BackTab)
    } else {
        arrow(last)
    };
    (code.map(plain), used)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(bytes: &[u8]) -> Vec<KeyCode> {
        parse(bytes).into_iter().map(|k| k.code).collect()
    }

    #[test]
    fn printable_and_control_keys() {
        assert_eq!(
            codes(b"a1 \r\x7f\t"),
            vec![
                KeyCode::Char('a'),
                KeyCode::Char('1'),
                KeyCode::Char(' '),
                KeyCode::Enter,
                KeyCode::Backspace,
                KeyCode::Tab
            ]
        );
        let ctrl_c = parse(b"\x03");
        assert_eq!(ctrl_c[0].code, KeyCode::Char('c'));
        assert_eq!(ctrl_c[0].modifiers, KeyModifiers::CONTROL);
        assert_eq!(codes("é".as_bytes()), vec![KeyCode::Char('é')]);
    }

    #[test]
    fn a_packet_cut_to_the_budget_never_ends_in_a_lone_esc() {
        let arrows = b"\x1b[B\x1b[B";
        assert_eq!(cut(arrows, 6), arrows.as_slice());
        // Cut right after the second arrow's Esc: the Esc goes with the rest.
        assert_eq!(cut(arrows, 4), b"\x1b[B".as_slice());
        assert_eq!(codes(cut(arrows, 4)), vec![KeyCode::Down]);
        // Cut after its `[`: what is left of it reads as no key at all.
        assert_eq!(codes(cut(arrows, 5)), vec![KeyCode::Down]);
        // An Esc the client sent alone, whole, is still the Esc key.
        assert_eq!(cut(b"\x1b", 4), b"\x1b".as_slice());
    }

    #[test]
    fn escape_sequences() {
        assert_eq!(codes(b"\x1b"), vec![KeyCode::Esc]);
        assert_eq!(
            codes(b"\x1b[A\x1b[B\x1bOC\x1bOD"),
            vec![KeyCode::Up, KeyCode::Down, KeyCode::Right, KeyCode::Left]
        );
        assert_eq!(
            codes(b"\x1b[5~\x1b[6~\x1b[1~\x1b[4~\x1b[H\x1b[F\x1b[3~"),
            vec![
                KeyCode::PageUp,
                KeyCode::PageDown,
                KeyCode::Home,
                KeyCode::End,
                KeyCode::Home,
                KeyCode::End,
                KeyCode::Delete
            ]
        );
        // A modified arrow is the arrow.
        assert_eq!(codes(b"\x1b[1;5A"), vec![KeyCode::Up]);
    }

    #[test]
    fn unknown_and_broken_input_is_dropped() {
        assert_eq!(codes(b"\x1b[99~x"), vec![KeyCode::Char('x')]);
        assert_eq!(codes(b"\x1b[12"), vec![]);
        assert_eq!(codes(b"\x1bO"), vec![]);
        assert_eq!(codes(b"\x1bxq"), vec![KeyCode::Char('q')]);
        assert_eq!(codes(&[0xff, 0xe2, 0x82]), vec![]);
        assert_eq!(codes(b"\x00\x1c\x1d"), vec![]);
        // Whatever comes, parsing ends.
        let mut garbage = Vec::new();
        let mut x: u32 = 7;
        for _ in 0..10_000 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            garbage.push((x >> 16) as u8);
        }
        let _ = parse(&garbage);
    }
}
