//! Choices: what a seat can do, and the legal list of the pending decision (making one is
//! `resolve`).

use super::card::CardId;
use super::card::language::{Collect, Effect, Kind, Source, Tag, Trigger};
use super::essence::{Essence, Essences, Kinds};
use super::state::{Ask, Decision, ResArcana, Target};
use std::fmt;

/// One thing a seat can do at a decision.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Choice {
    /// Setup: this mage.
    Mage(CardId),
    /// Setup or passing: this magic item.
    Item(CardId),
    /// Action: place this artifact from hand.
    Place(CardId),
    /// Action: claim this face-up monument or Place of Power.
    Claim(CardId),
    /// Action: claim the monument deck's top card.
    ClaimBlind,
    /// Action: discard this card from hand for essences.
    Discard(CardId),
    /// Use power (or reaction) number `.1` of component `.0`.
    Use(CardId, u8),
    /// Action: pass.
    Pass,
    /// Pay exactly these essences.
    Pay(Essences),
    /// Take these essences.
    Gain(Essences),
    /// This card (the target of the step asked).
    Pick(CardId),
    /// This rival (seat index).
    Rival(u8),
    /// Collect: take the essences on the component.
    Take,
    /// Collect: leave them.
    Leave,
    /// Collect cost: turn the component instead of paying.
    Turn,
    /// Take the Life loss.
    Accept,
    /// Use the attack's own defence.
    Defend,
    /// Decline (to place a card, to react at a victory check).
    Done,
    /// Look at the monument deck (`true`) or your own.
    Deck(bool),
    /// Put the cards looked at back in this order (indices, top first; unused entries 0).
    Order([u8; 3]),
}

/// What a decision offers, as far as running on needs to know (see [`ResArcana::offer`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Offer {
    /// No choice: the decision is skipped.
    Nothing,
    /// One choice: it is made at once.
    Only(Choice),
    /// Two or more: a seat decides.
    Several,
}

/// Why a choice was not accepted.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum ApplyError {
    /// The game is over.
    Over,
    /// Not among the legal choices now.
    Illegal(String),
    /// The text does not read as a choice here.
    Unreadable(String),
}

impl fmt::Display for ApplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApplyError::Over => f.write_str("the game is over"),
            ApplyError::Illegal(what) => write!(f, "{what} is not a legal choice now"),
            ApplyError::Unreadable(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for ApplyError {}

impl ResArcana {
    /// The pending decision, if any.
    pub fn decision(&self) -> Option<Decision> {
        self.pending
    }

    /// The legal choices now, in a deterministic order (empty once the game is over).
    pub fn legal(&self, out: &mut Vec<Choice>) {
        out.clear();
        let Some(d) = self.pending else { return };
        if self.outcome.is_some() {
            return;
        }
        self.choices_for(d.seat, d.ask, out);
    }

    /// How many choices decision `d` offers, as far as [`ResArcana::run`] needs to know: none,
    /// only one (which), or several. `run` asks it at every decision and the caller then lists
    /// the choices again, so it stops as soon as two are certain: an action with a card in hand
    /// offers its discard and passing, whatever is affordable; a payment stops at its second.
    pub(crate) fn offer(&self, d: Decision, scratch: &mut Vec<Choice>) -> Offer {
        let s = &self.seats[d.seat as usize];
        // How many kinds `n` essences may be taken in: two kinds or more give several ways.
        let kinds = |except: Kinds| except.others().count();
        match d.ask {
            Ask::Action if !s.hand.is_empty() => return Offer::Several,
            Ask::Stored(_) | Ask::DiscardGain => return Offer::Several,
            Ask::Gain { n, except, .. } if n > 0 && kinds(except) >= 2 => return Offer::Several,
            Ask::Convert { .. } => return Offer::Several,
            Ask::ScryOrder { .. } if self.looking.len() >= 2 => return Offer::Several,
            Ask::Pay(price, _) => {
                let mut found = 0;
                let mut first = Essences::ZERO;
                price.each_payment(&s.pool, &mut |p| {
                    if found == 0 {
                        first = *p;
                    }
                    found += 1;
                    found < 2
                });
                match (price.identical, found) {
                    (None, 0) => return Offer::Nothing,
                    (None, 1) => return Offer::Only(Choice::Pay(first)),
                    (None, _) => return Offer::Several,
                    // X may be 0: each base payment is a payment of its own.
                    (Some((0, _)), 2) => return Offer::Several,
                    _ => {}
                }
            }
            Ask::CollectPick(card, i, j) => match self.collect_at(card, i, j) {
                Some(Collect::Any { n, except }) if *n > 0 && kinds(Kinds::of(except)) >= 2 => {
                    return Offer::Several;
                }
                // The list is deduplicated where neighbours are equal.
                Some(Collect::Either(list)) if list.windows(2).any(|w| w[0] != w[1]) => {
                    return Offer::Several;
                }
                _ => {}
            },
            _ => {}
        }
        self.legal(scratch);
        match scratch.as_slice() {
            [] => Offer::Nothing,
            [only] => Offer::Only(*only),
            _ => Offer::Several,
        }
    }

    /// The legal choices as a new list.
    pub fn legal_list(&self) -> Vec<Choice> {
        let mut out = Vec::new();
        self.legal(&mut out);
        out
    }

    fn choices_for(&self, seat: u8, ask: Ask, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        match ask {
            Ask::Mage => out.extend(s.mages_dealt.iter().map(|&c| Choice::Mage(c))),
            Ask::Item | Ask::Swap => out.extend(self.items.iter().map(|&c| Choice::Item(c))),
            Ask::Draft => {
                let mut packet = s.packet.clone();
                packet.sort();
                out.extend(packet.into_iter().map(Choice::Pick));
            }
            Ask::Stored(_) => out.extend([Choice::Take, Choice::Leave]),
            Ask::CollectPick(card, i, j) => {
                match self.collect_at(card, i, j) {
                    Some(Collect::Either(list)) => {
                        out.extend(list.iter().map(|&e| Choice::Gain(e.into())))
                    }
                    Some(Collect::Any { n, except }) => push_gains(*n, Kinds::of(except), out),
                    _ => {}
                }
                out.dedup();
            }
            Ask::CollectCost(card) => {
                if let Some(cost) = &self.db.get(card).collect_cost {
                    let pay: Essences = cost.pay.into();
                    if s.pool.covers(&pay) {
                        out.push(Choice::Pay(pay));
                    }
                    if cost.or_turn {
                        out.push(Choice::Turn);
                    }
                }
            }
            Ask::Action => self.actions(seat, out),
            Ask::DiscardGain => {
                out.push(Choice::Gain(Essences::of(Essence::Gold, 1)));
                push_gains(2, Kinds::of(&[Essence::Gold]), out);
            }
            // Without X identical the base payments are the list, distinct and in order already.
            Ask::Pay(price, _) if price.identical.is_none() => {
                price.each_payment(&s.pool, &mut |p| {
                    out.push(Choice::Pay(*p));
                    true
                })
            }
            Ask::Pay(price, _) => out.extend(price.payments(&s.pool).into_iter().map(Choice::Pay)),
            Ask::Gain { n, except, .. } => push_gains(n, except, out),
            Ask::Convert { x, not } => {
                for e in Essence::ALL {
                    if e != Essence::Gold && Some(e) != not {
                        out.push(Choice::Gain(Essences::of(e, x)));
                    }
                }
            }
            Ask::Target(t) => self.targets(seat, t, out),
            Ask::Rival { .. } => {
                out.extend(
                    (0..self.players() as u8)
                        .filter(|&r| r != seat)
                        .map(Choice::Rival),
                );
            }
            Ask::LifeLoss(attack) => {
                let dragon = self.db.get(attack.card).has_tag(Tag::Dragon);
                // As `attack_triggers` lists them, without a list.
                let triggers: &[Trigger] = if dragon {
                    &[Trigger::LifeLoss, Trigger::DragonAttack]
                } else {
                    &[Trigger::LifeLoss]
                };
                self.each_reaction(seat, triggers, &mut |c, n| out.push(Choice::Use(c, n)));
                if self.defence(seat, &attack).is_some() {
                    out.push(Choice::Defend);
                }
                out.push(Choice::Accept);
            }
            Ask::ScryDeck { monuments, .. } => {
                if !s.deck.is_empty() || !s.discard.is_empty() {
                    out.push(Choice::Deck(false));
                }
                if monuments && !self.monument_deck.is_empty() {
                    out.push(Choice::Deck(true));
                }
            }
            Ask::ScryOrder { .. } => {
                for perm in permutations(self.looking.len()) {
                    out.push(Choice::Order(perm));
                }
            }
            Ask::Victory => {
                self.each_reaction(seat, &[Trigger::VictoryCheck], &mut |c, n| {
                    out.push(Choice::Use(c, n))
                });
                out.push(Choice::Done);
            }
        }
    }

    /// The choices of the action decision.
    fn actions(&self, seat: u8, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        // The hand in id order, each card once: a set of ids rather than a sorted copy, as
        // this list is made at every action.
        let hand = CardSet::of(&s.hand);
        // Without a discount in play, an artifact's price is its printed cost: the components'
        // discounts are then not looked through again for every card in hand.
        let discounts = s
            .play
            .iter()
            .any(|p| !self.db.get(p.card).discounts.is_empty());
        for c in hand.iter() {
            if self.db.get(c).kind == Kind::Artifact {
                let price = if discounts {
                    self.price(seat, c, 0, true)
                } else {
                    self.db.price(c)
                };
                if price.affordable(&s.pool) {
                    out.push(Choice::Place(c));
                }
            }
        }
        // Discounts apply to artifacts only: a monument or Place costs what it says.
        let claim_price = |c: CardId| {
            if self.db.get(c).kind == Kind::Artifact {
                self.price(seat, c, 0, true)
            } else {
                self.db.price(c)
            }
        };
        for &c in self.monuments.iter().chain(self.places.iter()) {
            if claim_price(c).affordable(&s.pool) {
                out.push(Choice::Claim(c));
            }
        }
        if let Some(&top) = self.monument_deck.last()
            && claim_price(top).affordable(&s.pool)
        {
            out.push(Choice::ClaimBlind);
        }
        out.extend(hand.iter().map(Choice::Discard));
        for comp in &s.play {
            let powers = &self.db.get(comp.card).powers;
            match self.db.action_powers(comp.card, comp.turned) {
                // Only the powers that can be actions now (reactions never are; on a turned
                // component, only those usable turned), in order.
                Some(mut bits) => {
                    while bits != 0 {
                        let i = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let n = i as u8 + 1;
                        if self.usable(seat, comp, &powers[i], n) {
                            out.push(Choice::Use(comp.card, n));
                        }
                    }
                }
                None => {
                    for (i, power) in powers.iter().enumerate() {
                        let n = i as u8 + 1;
                        if self.usable(seat, comp, power, n) {
                            out.push(Choice::Use(comp.card, n));
                        }
                    }
                }
            }
        }
        out.push(Choice::Pass);
    }

    /// The cards a target step may pick.
    fn targets(&self, seat: u8, t: Target, out: &mut Vec<Choice>) {
        let s = &self.seats[seat as usize];
        let mut picks: Vec<CardId> = match t {
            Target::Destroy(card, n) => match self.db.get(card).power(n) {
                Some(p) => match &p.cost.destroy {
                    Some(v) => self.victims(seat, card, v),
                    None => vec![],
                },
                None => vec![],
            },
            Target::DiscardCost(..) | Target::DiscardDown(_) | Target::DefenceDiscard(_) => {
                s.hand.clone()
            }
            Target::TurnOther(card, n) => match self.db.get(card).power(n) {
                Some(p) => match &p.cost.turn_other {
                    Some(f) => self.turnable(seat, card, f),
                    None => vec![],
                },
                None => vec![],
            },
            Target::Straighten(card, n, e) => match self.effect_at(card, n, e) {
                Some(Effect::Straighten(f)) => self.straightenable(seat, card, f),
                _ => vec![],
            },
            Target::StoreOn(_) => s.play.iter().map(|p| p.card).collect(),
            Target::Place(card, n, e) => self.placeable(seat, card, n, e),
            Target::DefenceDestroy(_) => s
                .play
                .iter()
                .map(|p| p.card)
                .filter(|&c| self.db.get(c).kind == Kind::Artifact)
                .collect(),
        };
        // Card ids are plain values: unstable order is the same order.
        picks.sort_unstable();
        picks.dedup();
        out.extend(picks.into_iter().map(Choice::Pick));
        if matches!(t, Target::Place(..)) {
            out.push(Choice::Done);
        }
    }

    /// The cards effect `e` of power `n` of `card` may place for `seat` (affordable ones).
    fn placeable(&self, seat: u8, card: CardId, n: u8, e: u8) -> Vec<CardId> {
        let Some(Effect::Place {
            from,
            filter,
            discount,
            gold,
            free,
        }) = self.effect_at(card, n, e)
        else {
            return vec![];
        };
        let s = &self.seats[seat as usize];
        let pool: Vec<CardId> = match from {
            Source::Hand => s.hand.clone(),
            Source::OwnDiscard => s.discard.clone(),
            Source::AnyDiscard => self
                .seats
                .iter()
                .flat_map(|x| x.discard.iter().copied())
                .collect(),
        };
        pool.into_iter()
            .filter(|&c| {
                let def = self.db.get(c);
                def.kind == Kind::Artifact
                    && def.matches(filter)
                    && (*free || self.price(seat, c, *discount, *gold).affordable(&s.pool))
            })
            .collect()
    }
}

/// Every way to gain `n` essences of kinds not in `except`, as choices, in a fixed order.
fn push_gains(n: u8, except: Kinds, out: &mut Vec<Choice>) {
    match Essences::combination_list(n, except) {
        Some(list) => out.extend(list.iter().map(|&e| Choice::Gain(e))),
        None => Essences::each_combination(n, except, &mut |e| out.push(Choice::Gain(e))),
    }
}

/// A set of card ids (every id is below 256), read back in id order.
#[derive(Clone, Copy, Default)]
struct CardSet([u64; 4]);

impl CardSet {
    /// The ids of `cards`, each once.
    fn of(cards: &[CardId]) -> CardSet {
        let mut set = CardSet::default();
        for c in cards {
            set.0[(c.0 >> 6) as usize] |= 1 << (c.0 & 63);
        }
        set
    }

    /// The ids in order.
    fn iter(self) -> impl Iterator<Item = CardId> {
        self.0.into_iter().enumerate().flat_map(|(w, word)| {
            let mut left = word;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let bit = left.trailing_zeros();
                    left &= left - 1;
                    CardId((w as u32 * 64 + bit) as u8)
                })
            })
        })
    }
}

/// Every order of `n` cards (n at most 3), as index lists, in lexicographic order.
fn permutations(n: usize) -> Vec<[u8; 3]> {
    fn extend(prefix: &mut Vec<u8>, n: u8, out: &mut Vec<[u8; 3]>) {
        if prefix.len() == n as usize {
            let mut p = [0u8; 3];
            p[..prefix.len()].copy_from_slice(prefix);
            out.push(p);
            return;
        }
        for i in 0..n {
            if !prefix.contains(&i) {
                prefix.push(i);
                extend(prefix, n, out);
                prefix.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(&mut Vec::new(), n.min(3) as u8, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::permutations;

    #[test]
    fn orders_of_up_to_three_cards() {
        assert_eq!(permutations(0), vec![[0, 0, 0]]);
        assert_eq!(permutations(2), vec![[0, 1, 0], [1, 0, 0]]);
        let three = permutations(3);
        assert_eq!(three.len(), 6);
        assert_eq!(three[0], [0, 1, 2]);
        assert_eq!(three[5], [2, 1, 0]);
    }
}
