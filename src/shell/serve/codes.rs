//! Per-table join codes: each person's seat of a served table gets a short code, which its
//! opener passes to a friend; typing it in the lobby takes that seat. A code is 6 characters of
//! an alphabet without the letters read alike (no I, O, 0, 1), drawn from the system's
//! cryptographic generator: 32^6 (about 10^9) codes, and a connection may try only a few.

use rand::Rng as _;

/// The characters of a code: capitals and digits, none of them easily misread as another.
const ALPHABET: &[u8; 32] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/// The length of a code.
pub const LENGTH: usize = 6;
/// Wrong codes a connection may type before it is told to connect again: guessing a code at
/// 5 tries a connection (and at most 8 connections an address) is hopeless.
pub const TRIES: usize = 5;

/// A fresh code.
pub fn fresh() -> String {
    let mut rng = rand::rng();
    (0..LENGTH)
        .map(|_| char::from(ALPHABET[(rng.next_u32() % 32) as usize]))
        .collect()
}

/// A code as typed, made comparable: spaces and dashes dropped, letters in capitals.
pub fn normalized(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// Whether a typed character may be part of a code (the lobby takes no other while one is
/// typed).
pub fn typable(c: char) -> bool {
    c.is_ascii_alphanumeric()
}

/// Whether `typed` is `code` (compared whole, in time independent of where they differ).
pub fn matches(code: &str, typed: &str) -> bool {
    let typed = normalized(typed);
    code.len() == typed.len()
        && code
            .bytes()
            .zip(typed.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_of_the_alphabet_and_typed_loosely() {
        let code = fresh();
        assert_eq!(code.len(), LENGTH);
        assert!(code.bytes().all(|b| ALPHABET.contains(&b)), "{code}");
        let typed = format!("{} {}", &code[..3], &code[3..]).to_lowercase();
        assert!(matches(&code, &typed));
        assert!(!matches(&code, &code[..5]));
        assert!(!matches(&code, ""));
        assert_ne!(fresh(), fresh());
    }
}
