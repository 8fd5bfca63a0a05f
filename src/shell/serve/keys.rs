//! The bytes a terminal sends for keys and the mouse, read into events: what crossterm does
//! for a local terminal, done here for a terminal at the other end of an SSH channel. Only the
//! common keys are read (letters, Enter, Backspace, Tab, Esc, arrows, Home/End, Page Up/Down,
//! Delete, Ctrl-letters), and the mouse's reports in the SGR form the server asks for
//! ([`MOUSE_ON`]); any other sequence is dropped whole, so that a client sending garbage
//! produces, at worst, keys the screen ignores.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

const ESC: u8 = 0x1b;

/// Asks the client's terminal to report the mouse's buttons and wheel (no motion without a
/// button), in the SGR form (`ESC [ < b ; x ; y M`), which has no limit on the columns.
pub const MOUSE_ON: &[u8] = b"\x1b[?1000h\x1b[?1002h\x1b[?1006h";
/// Puts the client's terminal back as it was: no mouse reports.
pub const MOUSE_OFF: &[u8] = b"\x1b[?1006l\x1b[?1002l\x1b[?1000l";

/// Reads `bytes` (one packet of the client's input) into events: keys and the mouse.
///
/// An Esc alone is one that ends the packet or is not followed by `[` or `O`: terminals send a
/// key's sequence in one write, and an SSH packet carries it whole.
pub fn parse(bytes: &[u8]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        i += 1;
        let key = match b {
            ESC => match bytes.get(i) {
                Some(b'[') if bytes.get(i + 1) == Some(&b'<') => {
                    let (mouse, used) = sgr_mouse(&bytes[i + 2..]);
                    i += 2 + used;
                    events.extend(mouse.map(Event::Mouse));
                    continue;
                }
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
        events.extend(key.map(Event::Key));
    }
    events
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

/// A mouse report after `ESC [ <`: `b ; x ; y` then `M` (pressed) or `m` (released), `x` and `y`
/// counted from 1. Its event (if it is one the screens use) and how many bytes it took; a
/// report cut short takes the rest.
fn sgr_mouse(rest: &[u8]) -> (Option<MouseEvent>, usize) {
    let (Some((text, last)), used) = sequence(rest) else {
        return (None, rest.len());
    };
    let numbers: Vec<u16> = text.split(';').filter_map(|n| n.parse().ok()).collect();
    let &[b, x, y] = numbers.as_slice() else {
        return (None, used);
    };
    let (Some(column), Some(row)) = (x.checked_sub(1), y.checked_sub(1)) else {
        return (None, used);
    };
    let button = match b & 0b11 {
        0 => Some(MouseButton::Left),
        1 => Some(MouseButton::Middle),
        2 => Some(MouseButton::Right),
        _ => None,
    };
    let kind = match (b & 64 != 0, b & 32 != 0, last, button) {
        (true, _, b'M', _) if b & 0b11 == 0 => MouseEventKind::ScrollUp,
        (true, _, b'M', _) if b & 0b11 == 1 => MouseEventKind::ScrollDown,
        (true, ..) => return (None, used),
        (false, true, b'M', Some(button)) => MouseEventKind::Drag(button),
        (false, true, b'M', None) => MouseEventKind::Moved,
        (false, false, b'M', Some(button)) => MouseEventKind::Down(button),
        (false, false, b'm', Some(button)) => MouseEventKind::Up(button),
        _ => return (None, used),
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (4, KeyModifiers::SHIFT),
        (8, KeyModifiers::ALT),
        (16, KeyModifiers::CONTROL),
    ] {
        if b & bit != 0 {
            modifiers |= modifier;
        }
    }
    let event = MouseEvent {
        kind,
        column,
        row,
        modifiers,
    };
    (Some(event), used)
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

/// The parameters (digits and `;`) and final byte of a sequence, and how many bytes they took;
/// `None` for a run cut short before its final byte.
fn sequence(rest: &[u8]) -> (Option<(&str, u8)>, usize) {
    let params = rest
        .iter()
        .take_while(|b| b.is_ascii_digit() || **b == b';')
        .count();
    let Some(&last) = rest.get(params) else {
        return (None, rest.len());
    };
    let text = std::str::from_utf8(&rest[..params]).unwrap_or("");
    (Some((text, last)), params + 1)
}

/// A control sequence after `ESC [`: its key (if known) and how many bytes it took. A sequence
/// is parameter bytes (digits, `;`) and one final byte; a run cut short takes the rest.
fn csi(rest: &[u8]) -> (Option<KeyEvent>, usize) {
    let (Some((text, last)), used) = sequence(rest) else {
        return (None, rest.len());
    };
    // Final bytes are 0x40..=0x7e; anything else was not a sequence: dropped with it.
    if !(0x40..=0x7e).contains(&last) {
        return (None, used);
    }
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
        parse(bytes)
            .into_iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some(k.code),
                _ => None,
            })
            .collect()
    }

    fn keys(bytes: &[u8]) -> Vec<KeyEvent> {
        parse(bytes)
            .into_iter()
            .filter_map(|e| match e {
                Event::Key(k) => Some(k),
                _ => None,
            })
            .collect()
    }

    fn mice(bytes: &[u8]) -> Vec<(MouseEventKind, u16, u16)> {
        parse(bytes)
            .into_iter()
            .filter_map(|e| match e {
                Event::Mouse(m) => Some((m.kind, m.column, m.row)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn mouse_reports_in_the_sgr_form() {
        // A left click at column 10, row 5 (counted from 1), pressed then released.
        assert_eq!(
            mice(b"\x1b[<0;10;5M\x1b[<0;10;5m"),
            vec![
                (MouseEventKind::Down(MouseButton::Left), 9, 4),
                (MouseEventKind::Up(MouseButton::Left), 9, 4)
            ]
        );
        assert_eq!(
            mice(b"\x1b[<64;1;1M\x1b[<65;300;200M"),
            vec![
                (MouseEventKind::ScrollUp, 0, 0),
                (MouseEventKind::ScrollDown, 299, 199)
            ]
        );
        assert_eq!(
            mice(b"\x1b[<32;3;4M"),
            vec![(MouseEventKind::Drag(MouseButton::Left), 2, 3)]
        );
        // A click with Ctrl held; keys around it are read as keys.
        let events = parse(b"a\x1b[<16;2;2Mb");
        assert!(matches!(
            events.as_slice(),
            [Event::Key(_), Event::Mouse(m), Event::Key(_)] if m.modifiers == KeyModifiers::CONTROL
        ));
        // Broken reports are dropped whole, and nothing of them reads as a key.
        assert_eq!(codes(b"\x1b[<0;0;5M\x1b[<0;5Mx"), vec![KeyCode::Char('x')]);
        assert_eq!(mice(b"\x1b[<0;99999;1M\x1b[<0;1"), vec![]);
        assert_eq!(codes(b"\x1b[<0;1"), vec![]);
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
        let ctrl_c = keys(b"\x03");
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
