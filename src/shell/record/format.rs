//! The save file: its fields, the format name and version, the state hash written as text, and the
//! integrity check that makes any damage to the file show (see `docs/saves.md`).

use crate::shell::game::Game;
use crate::shell::hash::StableHasher;
use crate::shell::seats::Seats;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;
use std::hash::Hasher;

/// The version of the save format this build writes. Version 2 adds the `history` check over
/// the choices and records [`Game::state_hash`]; version 1 saves are still read and verified
/// exactly as before.
pub const FORMAT_VERSION: u32 = 2;

/// Every save format version this build reads.
pub const READ_VERSIONS: &[u32] = &[1, 2];

/// The program that wrote a save (informational: loading checks the choices and the hash, not this).
pub const PROGRAM: &str = concat!("tashkalar ", env!("CARGO_PKG_VERSION"));

/// What records need from a game beyond [`Game`]: how it is set up from its saved description,
/// who sits at its seats, and when undo must stop.
pub trait Recordable: Game {
    /// Everything that defines a game before the first choice, saved as the `game` section.
    type Spec: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Send + Sync + 'static;
    /// What setting a game up needs besides the spec (Tash-Kalar: the card database).
    type Context: Send + Sync + 'static;
    /// Why a spec describes no game that can be set up.
    type SetupError: std::error::Error + Send + Sync + 'static;
    /// The `format` name written into every save of this game (`tashkalar-save`).
    const FORMAT: &'static str;
    /// The game's name as players know it ("Tash-Kalar").
    const TITLE: &'static str;

    /// The game before its first choice.
    fn start(spec: &Self::Spec, seed: u64, ctx: &Self::Context) -> Result<Self, Self::SetupError>;

    /// Whether the step from `before` to `after` is one undo must not take back: it brought
    /// hidden information into play (a card drawn, a deck shuffled, a die rolled) or passed the
    /// turn. Undo never crosses such a step, so it cannot show a card twice or let a player try
    /// again knowing what they did not know.
    fn undo_barrier(before: &Self, after: &Self) -> bool;

    /// Whether the decision made at `before` finishes something an earlier decision of the same
    /// seat began (a payment after the card it pays for), so that undo takes the whole back as
    /// one unit rather than leaving the player halfway. No decision does unless the game says.
    fn continues_action(before: &Self) -> bool {
        let _ = before;
        false
    }

    /// The seats of a saved game: their names and who plays them. (The shell makes a file's
    /// seats safe to play with [`Seats::from_file`] before any bot is started.)
    fn seats(spec: &Self::Spec) -> Seats;

    /// Records who plays each seat now (`seats` in seat order; names are kept as the spec has
    /// them): a resumed game whose seats changed is saved as it is played.
    fn set_players(spec: &mut Self::Spec, seats: &Seats);

    /// What a spec sets up, in a few words ("Deathmatch for 2 players").
    fn describe(spec: &Self::Spec) -> String;

    /// The hash a save of format version `version` records for this state. The current version
    /// records [`Game::state_hash`]; a game whose hash changed answers older versions with the
    /// older function, so that older saves still verify.
    fn record_hash(&self, version: u32) -> u64 {
        let _ = version;
        self.state_hash()
    }

    /// Reads back an observation written by [`Game::wire`] (the `bot` command's side of the bot
    /// protocol). Games not offered over the protocol refuse.
    fn from_wire(ctx: &Self::Context, wire: &serde_json::Value) -> Result<Self, String> {
        let _ = (ctx, wire);
        Err(format!(
            "{} is not offered over the bot protocol",
            Self::TITLE
        ))
    }

    /// When a save no longer replays (a choice refused, another end, another hash): if it was
    /// played under older rules than this build's, a short note naming the rules change that may
    /// explain it. `failed` is the text of the refused choice, if one was refused.
    fn older_rules_note(spec: &Self::Spec, failed: Option<&str>) -> Option<String> {
        let _ = (spec, failed);
        None
    }
}

/// A save file. Field order is the order in the file; `check` comes last on purpose (see
/// [`seal`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile<S> {
    /// Which game's save this is (`tashkalar-save`).
    pub format: String,
    /// The save format's version ([`FORMAT_VERSION`]).
    pub version: u32,
    /// The program and version that wrote the file.
    pub program: String,
    /// The game's setup.
    pub game: S,
    /// The seed everything left to chance is drawn from.
    pub seed: u64,
    /// Every choice made so far, in text notation, in order.
    pub choices: Vec<String>,
    /// Whether the game is over.
    pub finished: bool,
    /// The hash of the state the choices lead to ([`Recordable::record_hash`]), as 16
    /// lower-case hexadecimal digits.
    pub hash: String,
    /// Version 2: a running hash over the choices in order ([`history_hash`]), so that a
    /// changed history is noticed even when it ends in the same position and the `check` line
    /// was removed or recomputed. Version 1 saves have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<String>,
    /// Integrity check of the whole text ([`seal`]); optional so that a save written or edited by
    /// hand can leave it out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check: Option<String>,
}

impl<S> SaveFile<S> {
    /// A save of `game` after `choices`, made from `spec` and `seed`.
    pub fn new<G>(spec: S, seed: u64, choices: Vec<String>, now: &G) -> SaveFile<S>
    where
        G: Recordable<Spec = S>,
    {
        let history = Some(hex(history_hash(&choices)));
        SaveFile {
            format: G::FORMAT.to_string(),
            version: FORMAT_VERSION,
            program: PROGRAM.to_string(),
            game: spec,
            seed,
            choices,
            finished: now.is_over(),
            hash: hex(now.record_hash(FORMAT_VERSION)),
            history,
            check: None,
        }
    }
}

/// Only the fields needed to tell what kind of file this is; everything else is skipped, so that a
/// file of another format or version can be named as such rather than as a syntax error.
#[derive(Deserialize)]
#[serde(rename = "SaveFile")]
pub struct Header {
    /// The `format` field, if any.
    #[serde(default)]
    pub format: Option<String>,
    /// The `version` field, if any.
    #[serde(default)]
    pub version: Option<u32>,
}

/// A hash as saves write it: 16 lower-case hexadecimal digits.
pub fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Reads a hash written by [`hex`]. Anything else (other lengths, upper case, signs) is refused, so
/// that every change to the digits is noticed.
pub fn parse_hex(text: &str) -> Option<u64> {
    let ok = text.len() == 16
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if ok {
        u64::from_str_radix(text, 16).ok()
    } else {
        None
    }
}

/// The history check of version 2 saves: FNV-1a (64 bit) run over every choice in order, each
/// as its length (4 bytes, little-endian) and then its text. Changing, adding, removing or
/// reordering choices changes it; it depends on the notation only, not on the engine, so it stays
/// valid however the rules engine changes inside.
pub fn history_hash(choices: &[String]) -> u64 {
    let mut h = StableHasher::new();
    for text in choices {
        h.write_u32(text.len() as u32);
        h.write(text.as_bytes());
    }
    h.finish()
}

/// The digits a check is computed with in place of its own value.
pub(crate) const CHECK_PLACEHOLDER: &str = "0000000000000000";

/// FNV-1a, 64 bit, over `bytes` (the table's one stable hash: this detects damage, it is not a
/// signature).
pub(crate) fn fnv64(bytes: &[u8]) -> u64 {
    let mut h = StableHasher::new();
    h.write(bytes);
    h.finish()
}

/// Where the digits of the check value `value` are in `text`: the last quoted occurrence (the
/// check is the last field written).
pub(crate) fn check_digits_at(text: &str, value: &str) -> Option<usize> {
    text.rfind(&format!("\"{value}\"")).map(|i| i + 1)
}

/// The check of a text whose check digits start at `at`: FNV-1a over the whole text with those
/// digits replaced by zeros. Covering every byte (spaces and line ends included) means any
/// changed byte, even one that leaves the RON meaning alike, changes the check.
pub(crate) fn check_of(text: &str, at: usize) -> u64 {
    let bytes = text.as_bytes();
    let end = (at + CHECK_PLACEHOLDER.len()).min(bytes.len());
    let mut sealed = Vec::with_capacity(bytes.len());
    sealed.extend_from_slice(&bytes[..at.min(bytes.len())]);
    sealed.extend_from_slice(&CHECK_PLACEHOLDER.as_bytes()[..end.saturating_sub(at)]);
    sealed.extend_from_slice(&bytes[end..]);
    fnv64(&sealed)
}

/// Fills in the check of a text written with `check: "0000000000000000"` as its last field.
pub(crate) fn seal(mut text: String) -> String {
    if let Some(at) = check_digits_at(&text, CHECK_PLACEHOLDER) {
        let digits = hex(check_of(&text, at));
        text.replace_range(at..at + CHECK_PLACEHOLDER.len(), &digits);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_read_back_only_in_their_own_spelling() {
        assert_eq!(parse_hex(&hex(0xdead_beef)), Some(0xdead_beef));
        assert_eq!(parse_hex("00000000DEADBEEF"), None);
        assert_eq!(parse_hex("deadbeef"), None);
        assert_eq!(parse_hex("+000000000000001"), None);
    }

    #[test]
    fn the_history_check_notices_any_change_to_the_choices() {
        let list = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let played = history_hash(&list(&["place e5", "place d4", "end"]));
        assert_eq!(
            played,
            history_hash(&list(&["place e5", "place d4", "end"]))
        );
        for other in [
            list(&["place d4", "place e5", "end"]),
            list(&["place e5", "place d4"]),
            list(&["place e5", "place d4", "end", "end"]),
            list(&["place e5place d4", "", "end"]),
            list(&[]),
        ] {
            assert_ne!(history_hash(&other), played, "{other:?}");
        }
    }

    #[test]
    fn a_sealed_text_checks_and_any_changed_byte_is_noticed() {
        let text = seal("(a: \"x\",\n check: \"0000000000000000\",\n)\n".to_string());
        let value = &text[text.find("check: \"").unwrap() + 8..][..16];
        let at = check_digits_at(&text, value).unwrap();
        assert_eq!(hex(check_of(&text, at)), value);
        let mut changed = text.clone().into_bytes();
        changed[1] ^= 1;
        let changed = String::from_utf8(changed).unwrap();
        assert_ne!(hex(check_of(&changed, at)), value);
    }
}
