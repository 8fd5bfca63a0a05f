//! The five essences, counts of them, and sets of kinds (as "any but Gold" needs).

use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::OnceLock;

/// One kind of essence. The order is the order every count is written in.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
pub enum Essence {
    /// Red.
    Elan,
    /// Green.
    Life,
    /// Blue.
    Calm,
    /// Black.
    Death,
    /// Gold: counts double in a tie.
    Gold,
}

impl Essence {
    /// All five, in order.
    pub const ALL: [Essence; 5] = [
        Essence::Elan,
        Essence::Life,
        Essence::Calm,
        Essence::Death,
        Essence::Gold,
    ];

    /// Lower-case name, as notation writes it.
    pub fn name(self) -> &'static str {
        match self {
            Essence::Elan => "elan",
            Essence::Life => "life",
            Essence::Calm => "calm",
            Essence::Death => "death",
            Essence::Gold => "gold",
        }
    }

    /// Reads a name (any case).
    pub fn parse(text: &str) -> Option<Essence> {
        let lower = text.to_ascii_lowercase();
        Essence::ALL.into_iter().find(|e| e.name() == lower)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// A set of essence kinds (the kinds an "any" may not be paid or taken in, for instance).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, Serialize, Deserialize)]
pub struct Kinds(u8);

impl Kinds {
    /// No kind.
    pub const NONE: Kinds = Kinds(0);

    /// The kinds listed.
    pub fn of(list: &[Essence]) -> Kinds {
        Kinds(list.iter().fold(0, |m, e| m | 1 << e.index()))
    }

    /// Whether `e` is in the set.
    pub fn has(self, e: Essence) -> bool {
        self.0 & (1 << e.index()) != 0
    }

    /// The kinds not in the set.
    pub fn others(self) -> impl Iterator<Item = Essence> {
        Essence::ALL.into_iter().filter(move |e| !self.has(*e))
    }

    /// This set with `e` added.
    pub fn with(self, e: Essence) -> Kinds {
        Kinds(self.0 | 1 << e.index())
    }
}

/// How many essences at most the kept lists of [`Essences::combination_list`] take.
pub const KEPT: usize = 8;

/// The kept lists, by number of essences and set of kinds left out (5 kinds: 32 sets).
static KEPT_LISTS: [OnceLock<Box<[Essences]>>; (KEPT + 1) * 32] =
    [const { OnceLock::new() }; (KEPT + 1) * 32];

/// A count of each essence: a pool, a cost paid, what lies on a component.
#[derive(
    Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default, Serialize, Deserialize,
)]
pub struct Essences(pub [u8; 5]);

impl Essences {
    /// Nothing.
    pub const ZERO: Essences = Essences([0; 5]);

    /// `n` of one kind.
    pub fn of(e: Essence, n: u8) -> Essences {
        let mut x = Essences::ZERO;
        x.0[e.index()] = n;
        x
    }

    /// How many of `e`.
    pub fn get(&self, e: Essence) -> u8 {
        self.0[e.index()]
    }

    /// Sets how many of `e`.
    pub fn set(&mut self, e: Essence, n: u8) {
        self.0[e.index()] = n;
    }

    /// The total of all kinds.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Whether there is nothing.
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Whether every count is at least the other's.
    pub fn covers(&self, other: &Essences) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// The sum (saturating at 255 per kind: the supply is unlimited, a count is not).
    pub fn plus(&self, other: &Essences) -> Essences {
        let mut x = *self;
        for i in 0..5 {
            x.0[i] = x.0[i].saturating_add(other.0[i]);
        }
        x
    }

    /// The difference, never below 0 per kind.
    pub fn minus(&self, other: &Essences) -> Essences {
        let mut x = *self;
        for i in 0..5 {
            x.0[i] = x.0[i].saturating_sub(other.0[i]);
        }
        x
    }

    /// The kinds present (count above 0).
    pub fn kinds(&self) -> impl Iterator<Item = Essence> + '_ {
        Essence::ALL.into_iter().filter(|e| self.get(*e) > 0)
    }

    /// The essences of kinds in `kinds` only.
    pub fn only(&self, kinds: Kinds) -> Essences {
        let mut x = Essences::ZERO;
        for e in Essence::ALL {
            if kinds.has(e) {
                x.set(e, self.get(e));
            }
        }
        x
    }

    /// Essences as notation writes them: `2 elan 1 gold`, `none` for nothing.
    pub fn text(&self) -> String {
        if self.is_zero() {
            return "none".into();
        }
        let parts: Vec<String> = self
            .kinds()
            .map(|e| format!("{} {}", self.get(e), e.name()))
            .collect();
        parts.join(" ")
    }

    /// Reads [`Essences::text`]: pairs of a count and a kind, or `none`.
    pub fn parse(text: &str) -> Option<Essences> {
        let words: Vec<&str> = text.split_whitespace().collect();
        if words == ["none"] {
            return Some(Essences::ZERO);
        }
        if words.is_empty() || !words.len().is_multiple_of(2) {
            return None;
        }
        let mut x = Essences::ZERO;
        let mut last: Option<Essence> = None;
        for pair in words.chunks(2) {
            let n: u8 = pair[0].parse().ok().filter(|&n| n > 0)?;
            let e = Essence::parse(pair[1])?;
            // One spelling only: kinds in order, each once.
            if last.is_some_and(|l| l >= e) {
                return None;
            }
            last = Some(e);
            x.set(e, n);
        }
        Some(x)
    }

    /// Every way to take `n` essences of the kinds not in `except`, in a fixed order.
    pub fn combinations(n: u8, except: Kinds) -> Vec<Essences> {
        let mut out = Vec::new();
        Essences::each_combination(n, except, &mut |e| out.push(e));
        out
    }

    /// [`Essences::combinations`] as a list made once for the whole program (for up to
    /// [`KEPT`] essences): decisions to gain essences offer the same few lists again and again.
    pub fn combination_list(n: u8, except: Kinds) -> Option<&'static [Essences]> {
        let i = n as usize * 32 + except.0 as usize;
        if n as usize > KEPT || except.0 >= 32 {
            return None;
        }
        Some(KEPT_LISTS[i].get_or_init(|| Essences::combinations(n, except).into_boxed_slice()))
    }

    /// Calls `f` with every way to take `n` essences of the kinds not in `except`, in the order
    /// of [`Essences::combinations`] (more of the earlier kinds first), building no list: legal
    /// lists offer these at many decisions.
    pub fn each_combination(n: u8, except: Kinds, f: &mut dyn FnMut(Essences)) {
        fn rec(kinds: &[Essence], n: u8, cur: &mut Essences, f: &mut dyn FnMut(Essences)) {
            match kinds.split_first() {
                None => {
                    if n == 0 {
                        f(*cur);
                    }
                }
                Some((&k, rest)) => {
                    // The last kind takes what is left: no other count of it completes `n`.
                    if rest.is_empty() {
                        cur.set(k, n);
                        f(*cur);
                        cur.set(k, 0);
                        return;
                    }
                    for take in (0..=n).rev() {
                        cur.set(k, take);
                        rec(rest, n - take, cur, f);
                    }
                    cur.set(k, 0);
                }
            }
        }
        let mut kinds = [Essence::Elan; 5];
        let mut k = 0;
        for e in except.others() {
            kinds[k] = e;
            k += 1;
        }
        let mut cur = Essences::ZERO;
        rec(&kinds[..k], n, &mut cur, f);
    }
}

impl fmt::Display for Essences {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

/// Essences as card files write them: `(elan: 2, gold: 1)`, missing kinds being 0.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EssenceSet {
    /// Elan.
    pub elan: u8,
    /// Life.
    pub life: u8,
    /// Calm.
    pub calm: u8,
    /// Death.
    pub death: u8,
    /// Gold.
    pub gold: u8,
}

impl From<EssenceSet> for Essences {
    fn from(s: EssenceSet) -> Essences {
        Essences([s.elan, s.life, s.calm, s.death, s.gold])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips_and_has_one_spelling() {
        let x = Essences([2, 0, 0, 1, 3]);
        assert_eq!(x.text(), "2 elan 1 death 3 gold");
        assert_eq!(Essences::parse(&x.text()), Some(x));
        assert_eq!(Essences::parse("none"), Some(Essences::ZERO));
        assert_eq!(Essences::parse("1 gold 1 elan"), None);
        assert_eq!(Essences::parse("0 gold"), None);
        assert_eq!(Essences::parse("gold"), None);
    }

    #[test]
    fn combinations_count_multisets() {
        // 2 essences of 4 kinds: C(5, 2) = 10.
        assert_eq!(
            Essences::combinations(2, Kinds::of(&[Essence::Gold])).len(),
            10
        );
        assert_eq!(Essences::combinations(0, Kinds::NONE), vec![Essences::ZERO]);
    }
}
