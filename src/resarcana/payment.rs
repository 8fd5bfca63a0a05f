//! Paying a cost: every distinct way a pool can pay a cost, after discounts. A payment is one
//! choice (a count of each essence), so over- and under-payment cannot be chosen.

use super::essence::{Essence, Essences, Kinds};

/// What is to be paid: fixed essences, `any` more of kinds not in `except`, less discounts
/// (`disc_gold` may take Gold off the cost, `disc_other` may not), and optionally X identical
/// essences of one kind (X at least `identical.0`, kinds in `identical.1` not allowed).
#[derive(
    Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize,
)]
pub struct Price {
    /// Essences of given kinds.
    pub fixed: Essences,
    /// How many more of any kind not in `except`.
    pub any: u8,
    /// Kinds the `any` part may not take.
    pub except: Kinds,
    /// Discount that may take Gold off.
    pub disc_gold: u8,
    /// Discount that may not.
    pub disc_other: u8,
    /// X identical essences: the least X, and the kinds X may not be of.
    pub identical: Option<(u8, Kinds)>,
}

impl Price {
    /// How much of the discounts the cost can use: all of it, unless the cost is smaller.
    fn discount_used(&self) -> u32 {
        let gold = self.fixed.get(Essence::Gold) as u32;
        let rest = self.fixed.total() - gold + self.any as u32;
        let reducible = rest + gold.min(self.disc_gold as u32);
        (self.disc_gold as u32 + self.disc_other as u32).min(reducible)
    }

    /// How many essences the base part (without X identical) takes once discounted.
    pub fn base_total(&self) -> u32 {
        self.fixed.total() + self.any as u32 - self.discount_used()
    }

    /// The most of each kind a payment of the base part can hold: its fixed count, and for the
    /// kinds the `any` part may take, `any` more (what is paid beyond a kind's fixed count comes
    /// out of `any`, less discounts, plus what other kinds are short, which discounts bound).
    fn base_caps(&self) -> Essences {
        let mut caps = Essences::ZERO;
        for (i, e) in Essence::ALL.into_iter().enumerate() {
            let extra = if self.except.has(e) { 0 } else { self.any };
            caps.0[i] = self.fixed.get(e).saturating_add(extra);
        }
        caps
    }

    /// The fewest of each kind a payment of the base part can hold: its fixed count less what
    /// the discount can take off it (Gold: only the Gold discount). Without a discount, every
    /// fixed count is paid in full, and the search need not try fewer.
    fn base_floors(&self) -> Essences {
        let used = self.discount_used();
        let mut floors = Essences::ZERO;
        for (i, e) in Essence::ALL.into_iter().enumerate() {
            let asked = self.fixed.0[i] as u32;
            let off = if e == Essence::Gold {
                used.min(self.disc_gold as u32)
            } else {
                used
            };
            floors.0[i] = asked.saturating_sub(off) as u8;
        }
        floors
    }

    /// Whether `p` pays the base part exactly.
    pub fn pays_base(&self, p: &Essences) -> bool {
        if p.total() != self.base_total() {
            return false;
        }
        let mut deficit = 0u32;
        for e in Essence::ALL {
            let (paid, asked) = (p.get(e), self.fixed.get(e));
            // Kinds the `any` part may not take are paid only as fixed essences.
            if self.except.has(e) && paid > asked {
                return false;
            }
            let short = asked.saturating_sub(paid) as u32;
            if e == Essence::Gold && short > self.disc_gold as u32 {
                return false;
            }
            deficit += short;
        }
        deficit <= self.discount_used()
    }

    /// Calls `f` with every distinct payment of the base part (without X identical) `pool` can
    /// make, in the order of [`Price::payments`], until `f` says stop (`false`).
    pub fn each_payment(&self, pool: &Essences, f: &mut impl FnMut(&Essences) -> bool) {
        bounded(
            pool,
            &self.base_floors(),
            &self.base_caps(),
            self.base_total(),
            &mut |p| !self.pays_base(p) || f(p),
        );
    }

    /// Every distinct payment `pool` can make, in a fixed order.
    pub fn payments(&self, pool: &Essences) -> Vec<Essences> {
        let mut out = Vec::new();
        self.each_payment(pool, &mut |p| {
            out.push(*p);
            true
        });
        let Some((min, except)) = self.identical else {
            return out;
        };
        let mut all = Vec::new();
        for p in out {
            let left = pool.minus(&p);
            for e in except.others() {
                for x in min..=left.get(e) {
                    let mut total = p;
                    total.set(e, p.get(e) + x);
                    all.push(total);
                }
            }
            if min == 0 {
                all.push(p);
            }
        }
        // Equal payments are the same value: an unstable sort orders them as a stable one.
        all.sort_unstable_by(|a, b| b.cmp(a));
        all.dedup();
        all
    }

    /// Splits a payment into its base part and its identical part (kind and X), the first way
    /// that fits in essence order. `None`: the essences do not pay this price.
    pub fn split(&self, paid: &Essences) -> Option<(Essences, Option<Essence>, u8)> {
        let Some((min, except)) = self.identical else {
            return self.pays_base(paid).then_some((*paid, None, 0));
        };
        let x = paid.total().checked_sub(self.base_total())?;
        let x = u8::try_from(x).ok()?;
        if x == 0 && min == 0 && self.pays_base(paid) {
            return Some((*paid, None, 0));
        }
        if x < min || x == 0 {
            return None;
        }
        for e in except.others() {
            if paid.get(e) >= x {
                let mut base = *paid;
                base.set(e, paid.get(e) - x);
                if self.pays_base(&base) {
                    return Some((base, Some(e), x));
                }
            }
        }
        None
    }

    /// Whether `pool` can pay at all.
    pub fn affordable(&self, pool: &Essences) -> bool {
        // Too few essences in all is the common answer (Places of Power, monuments), and the
        // quickest to give.
        let base = if self.disc_gold == 0 && self.disc_other == 0 {
            self.undiscounted_affordable(pool)
        } else {
            pool.total() >= self.base_total() && self.base_affordable(pool)
        };
        base && self
            .identical
            .is_none_or(|(min, except)| min == 0 || except.others().any(|e| pool.get(e) >= min))
    }
}

impl Price {
    /// [`Price::base_affordable`] without discounts, the case of every power and claim: each
    /// fixed count held, and what the kinds `any` may take hold beyond them covering `any`.
    fn undiscounted_affordable(&self, pool: &Essences) -> bool {
        // Many powers cost only their turning.
        if self.any == 0 && self.fixed.is_zero() {
            return true;
        }
        let mut spare = 0u32;
        for (i, e) in Essence::ALL.into_iter().enumerate() {
            let (have, asked) = (pool.0[i], self.fixed.0[i]);
            if have < asked {
                return false;
            }
            if !self.except.has(e) {
                spare += (have - asked) as u32;
            }
        }
        spare >= self.any as u32
    }

    /// Whether `pool` can pay the base part, worked out rather than searched (bots ask it for
    /// every card and power at every decision). A payment differs from the fixed essences by
    /// kinds paid short (at most the discount in all, Gold at most the Gold discount) and kinds
    /// paid over (only kinds `any` may take); overs less shorts make up `any` less the discount.
    /// Shorts forced by the pool come first; more shorts only help when the discount exceeds
    /// `any`, and then no kind need be paid over.
    fn base_affordable(&self, pool: &Essences) -> bool {
        let used = self.discount_used() as i64;
        let mut forced = 0i64;
        let mut over_room = 0i64;
        let mut short_room = 0i64;
        for e in Essence::ALL {
            let (have, asked) = (pool.get(e) as i64, self.fixed.get(e) as i64);
            let short = (asked - have).max(0);
            let paid = asked - short;
            if e == Essence::Gold {
                if short > self.disc_gold as i64 {
                    return false;
                }
                short_room += paid.min(self.disc_gold as i64 - short);
            } else {
                short_room += paid;
            }
            forced += short;
            if !self.except.has(e) {
                over_room += (have - asked).max(0);
            }
        }
        if forced > used {
            return false;
        }
        let overs = self.any as i64 - used + forced;
        if overs >= 0 {
            overs <= over_room
        } else {
            -overs <= short_room
        }
    }
}

/// Calls `f` with every count of `n` essences that `pool` holds, taking at least `floor` and at
/// most `cap` of each kind, in a fixed order (more of the earlier kinds first), until `f` says
/// stop (`false`). Whether it was stopped.
fn bounded<F: FnMut(&Essences) -> bool>(
    pool: &Essences,
    floor: &Essences,
    cap: &Essences,
    n: u32,
    f: &mut F,
) -> bool {
    // Counts are searched above the floors: `take` is what kind i holds beyond its floor.
    // Generic over `f` so that the payment test is compiled into the search.
    fn rec<F: FnMut(&Essences) -> bool>(
        i: usize,
        left: u32,
        floor: &Essences,
        most: &[u32; 5],
        room: &[u32; 5],
        cur: &mut Essences,
        f: &mut F,
    ) -> bool {
        if i == 5 {
            return left == 0 && !f(cur);
        }
        // What the later kinds can still take: a count this one leaves beyond it is no payment.
        let low = left.saturating_sub(room[i]);
        for take in (low..=most[i].min(left)).rev() {
            cur.0[i] = floor.0[i] + take as u8;
            if rec(i + 1, left - take, floor, most, room, cur, f) {
                return true;
            }
        }
        cur.0[i] = floor.0[i];
        false
    }
    let mut most = [0u32; 5];
    let mut floors = 0u32;
    for (i, m) in most.iter_mut().enumerate() {
        let (top, low) = ((pool.0[i] as u32).min(cap.0[i] as u32), floor.0[i] as u32);
        if top < low {
            return false;
        }
        *m = top - low;
        floors += low;
    }
    let Some(n) = n.checked_sub(floors) else {
        return false;
    };
    // room[i]: how many the kinds after i can take together.
    let mut room = [0u32; 5];
    for i in (0..4).rev() {
        room[i] = room[i + 1] + most[i + 1];
    }
    if room[0] + most[0] < n {
        return false;
    }
    let mut cur = *floor;
    rec(0, n, floor, &most, &room, &mut cur, f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_may_be_gold_and_payments_are_distinct() {
        let price = Price {
            fixed: Essences([1, 0, 0, 0, 0]),
            any: 1,
            ..Price::default()
        };
        let pool = Essences([2, 0, 0, 0, 1]);
        assert_eq!(
            price.payments(&pool),
            vec![Essences([2, 0, 0, 0, 0]), Essences([1, 0, 0, 0, 1])]
        );
    }

    #[test]
    fn a_gold_free_discount_never_takes_gold_off() {
        let price = Price {
            fixed: Essences([1, 0, 0, 0, 1]),
            disc_other: 2,
            ..Price::default()
        };
        assert_eq!(price.base_total(), 1);
        assert_eq!(
            price.payments(&Essences([5, 5, 5, 5, 5])),
            vec![Essences([0, 0, 0, 0, 1])]
        );
    }
}

#[cfg(test)]
mod enumeration_tests {
    use super::*;

    /// Every payment by brute force: each count up to the pool, in descending order.
    fn naive(price: &Price, pool: &Essences) -> Vec<Essences> {
        let mut out = Vec::new();
        let n = price.base_total();
        let mut p = Essences::ZERO;
        for a in 0..=pool.0[0] {
            for b in 0..=pool.0[1] {
                for c in 0..=pool.0[2] {
                    for d in 0..=pool.0[3] {
                        for e in 0..=pool.0[4] {
                            p.0 = [a, b, c, d, e];
                            if p.total() == n && price.pays_base(&p) {
                                out.push(p);
                            }
                        }
                    }
                }
            }
        }
        out.sort_by(|a, b| b.cmp(a));
        out
    }

    #[test]
    fn bounded_enumeration_finds_what_brute_force_finds_in_the_same_order() {
        let mut rng = crate::shell::rng::Rng::seeded(11);
        let mut small = |n: u32| rng.below(n) as u8;
        for _ in 0..3000 {
            let mut fixed = Essences::ZERO;
            for k in 0..5 {
                fixed.0[k] = if small(3) == 0 { small(4) } else { 0 };
            }
            let except = Kinds::of(
                &Essence::ALL
                    .into_iter()
                    .filter(|_| small(4) == 0)
                    .collect::<Vec<_>>(),
            );
            let price = Price {
                fixed,
                any: small(5),
                except,
                disc_gold: small(3),
                disc_other: small(3),
                identical: None,
            };
            let mut pool = Essences::ZERO;
            for k in 0..5 {
                pool.0[k] = small(7);
            }
            let want = naive(&price, &pool);
            assert_eq!(price.payments(&pool), want, "{price:?} from {pool}");
            assert_eq!(
                price.affordable(&pool),
                !want.is_empty(),
                "{price:?} {pool}"
            );
        }
    }
}

#[cfg(test)]
mod identical_tests {
    use super::*;

    fn stone() -> Price {
        Price {
            any: 2,
            identical: Some((0, Kinds::of(&[Essence::Gold]))),
            ..Price::default()
        }
    }

    #[test]
    fn identical_essences_are_split_off_the_base_part() {
        let paid = Essences([1, 1, 0, 3, 0]);
        assert_eq!(
            stone().split(&paid),
            Some((Essences([1, 1, 0, 0, 0]), Some(Essence::Death), 3))
        );
        // Nothing identical paid: X is 0.
        assert_eq!(
            stone().split(&Essences([2, 0, 0, 0, 0])),
            Some((Essences([2, 0, 0, 0, 0]), None, 0))
        );
        // Gold is never the X kind, and too few is no payment.
        assert_eq!(stone().split(&Essences([0, 0, 0, 0, 3])), None);
        assert_eq!(stone().split(&Essences([1, 0, 0, 0, 0])), None);
    }

    #[test]
    fn every_listed_payment_splits() {
        let pool = Essences([2, 1, 0, 3, 2]);
        let list = stone().payments(&pool);
        assert!(!list.is_empty());
        for p in &list {
            assert!(pool.covers(p));
            assert!(stone().split(p).is_some(), "{p}");
        }
        let mut sorted = list.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), list.len());
    }

    #[test]
    fn the_any_part_never_takes_excluded_kinds() {
        let mermaid = Price {
            any: 1,
            except: Kinds::of(&[Essence::Elan, Essence::Death]),
            ..Price::default()
        };
        assert_eq!(
            mermaid.payments(&Essences([3, 0, 1, 3, 1])),
            vec![Essences([0, 0, 1, 0, 0]), Essences([0, 0, 0, 0, 1])]
        );
        assert!(!mermaid.affordable(&Essences([3, 0, 0, 3, 0])));
    }
}
