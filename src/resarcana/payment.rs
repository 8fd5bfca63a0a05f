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

    /// Every distinct payment `pool` can make, in a fixed order.
    pub fn payments(&self, pool: &Essences) -> Vec<Essences> {
        let mut out = Vec::new();
        let base = self.base_total();
        bounded(pool, base, &mut |p| {
            if self.pays_base(p) {
                out.push(*p);
            }
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
        all.sort_by(|a, b| b.cmp(a));
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
        let mut found = false;
        bounded(pool, self.base_total(), &mut |p| {
            found = found || self.pays_base(p);
        });
        found
            && self
                .identical
                .is_none_or(|(min, except)| min == 0 || except.others().any(|e| pool.get(e) >= min))
    }
}

/// Calls `f` with every count of `n` essences that `pool` holds.
fn bounded(pool: &Essences, n: u32, f: &mut dyn FnMut(&Essences)) {
    fn rec(i: usize, left: u32, pool: &Essences, cur: &mut Essences, f: &mut dyn FnMut(&Essences)) {
        if i == 5 {
            if left == 0 {
                f(cur);
            }
            return;
        }
        let most = (pool.0[i] as u32).min(left);
        for take in (0..=most).rev() {
            cur.0[i] = take as u8;
            rec(i + 1, left - take, pool, cur, f);
        }
        cur.0[i] = 0;
    }
    if pool.total() < n {
        return;
    }
    let mut cur = Essences::ZERO;
    rec(0, n, pool, &mut cur, f);
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
