//! Questions the rules ask of a position: what a card costs a seat, whether a power can be used,
//! which reactions answer a trigger, how many points a seat has.

use super::card::CardId;
use super::card::language::{
    Collect, Defence, Effect, Filter, Kind, PointsPer, Power, Tag, Trigger, Victim,
};
use super::essence::{Essence, Essences, Kinds};
use super::payment::Price;
use super::state::{Attack, InPlay, Phase, ResArcana};

impl ResArcana {
    /// What `seat` pays to place or claim `card`, with the discounts of its components (on
    /// artifacts only) plus `extra` (a power's own discount; `extra_gold`: whether it may take
    /// Gold off).
    pub fn price(&self, seat: u8, card: CardId, extra: u8, extra_gold: bool) -> Price {
        let def = self.db.get(card);
        let mut price = self.db.price(card);
        if def.kind == Kind::Artifact {
            for p in &self.seats[seat as usize].play {
                for d in &self.db.get(p.card).discounts {
                    if def.matches(&d.on) {
                        add_discount(&mut price, d.amount, d.gold);
                    }
                }
            }
        }
        add_discount(&mut price, extra, extra_gold);
        price
    }

    /// The essence part of power `n`'s cost on `card`.
    pub fn power_price(&self, card: CardId, n: u8) -> Price {
        self.db.power_price(card, n)
    }

    /// Whether `seat` may use power `n` of its component `card` as an action now.
    pub fn power_usable(&self, seat: u8, card: CardId, n: u8) -> bool {
        let Some(comp) = self.in_play(seat, card) else {
            return false;
        };
        let Some(power) = self.db.get(card).power(n) else {
            return false;
        };
        self.usable(seat, comp, power, n)
    }

    /// [`ResArcana::power_usable`] for a component and power already found (the action list
    /// asks it of every power in play, at every action).
    pub(crate) fn usable(&self, seat: u8, comp: &InPlay, power: &Power, n: u8) -> bool {
        if power.react.is_some() || (comp.turned && !power.usable_turned) {
            return false;
        }
        let card = comp.card;
        let cost = &power.cost;
        let s = &self.seats[seat as usize];
        if !comp.stored.covers(&cost.remove.into())
            || (cost.discard && s.hand.is_empty())
            || !self.power_price(card, n).affordable(&s.pool)
        {
            return false;
        }
        // Whether a victim or another component to turn exists, without listing them.
        if let Some(victim) = &cost.destroy
            && !s.play.iter().any(|p| self.is_victim(p.card, card, victim))
        {
            return false;
        }
        if let Some(filter) = &cost.turn_other
            && !s.play.iter().any(|p| self.is_turnable(p, card, filter))
        {
            return false;
        }
        true
    }

    /// Whether a cost of `card` may destroy the artifact `c`.
    fn is_victim(&self, c: CardId, card: CardId, victim: &Victim) -> bool {
        let def = self.db.get(c);
        def.kind == Kind::Artifact
            && match victim {
                Victim::This => c == card,
                Victim::Own(filter) => def.matches(filter),
                Victim::Other => c != card,
            }
    }

    /// Whether a cost of `card` may turn the component `p`.
    fn is_turnable(&self, p: &InPlay, card: CardId, filter: &Filter) -> bool {
        !p.turned && p.card != card && self.db.get(p.card).matches(filter)
    }

    /// The artifacts of `seat` a cost of `card` may destroy.
    pub fn victims(&self, seat: u8, card: CardId, victim: &Victim) -> Vec<CardId> {
        self.seats[seat as usize]
            .play
            .iter()
            .map(|p| p.card)
            .filter(|&c| self.is_victim(c, card, victim))
            .collect()
    }

    /// The straightened components of `seat` other than `card` matching `filter`.
    pub fn turnable(&self, seat: u8, card: CardId, filter: &Filter) -> Vec<CardId> {
        self.seats[seat as usize]
            .play
            .iter()
            .filter(|p| self.is_turnable(p, card, filter))
            .map(|p| p.card)
            .collect()
    }

    /// The turned components of `seat` other than `card` matching `filter`.
    pub fn straightenable(&self, seat: u8, card: CardId, filter: &Filter) -> Vec<CardId> {
        self.seats[seat as usize]
            .play
            .iter()
            .filter(|p| p.turned && p.card != card && self.db.get(p.card).matches(filter))
            .map(|p| p.card)
            .collect()
    }

    /// The reactions of `seat` to `trigger` it can pay now: (component, power number). A
    /// reaction on a turned component may be used unless its cost turns it.
    pub fn reactions(&self, seat: u8, triggers: &[Trigger]) -> Vec<(CardId, u8)> {
        let mut out = Vec::new();
        self.each_reaction(seat, triggers, &mut |c, n| out.push((c, n)));
        out
    }

    /// Calls `f` with each of [`ResArcana::reactions`], in order, making no list (legal lists
    /// ask at every Life loss and victory check, where there is seldom any).
    pub fn each_reaction(&self, seat: u8, triggers: &[Trigger], f: &mut dyn FnMut(CardId, u8)) {
        let s = &self.seats[seat as usize];
        for comp in &s.play {
            for (i, p) in self.db.get(comp.card).powers.iter().enumerate() {
                let Some(t) = p.react else { continue };
                if triggers.contains(&t)
                    && !(p.cost.turn && comp.turned)
                    && s.pool.covers(&p.cost.pay.fixed())
                    && comp.stored.covers(&p.cost.remove.into())
                {
                    f(comp.card, i as u8 + 1);
                }
            }
        }
    }

    /// What an attack's own defence asks, and whether `seat` can give it.
    pub fn defence(&self, seat: u8, attack: &Attack) -> Option<Defence> {
        let effect = self
            .db
            .get(attack.card)
            .power(attack.power)?
            .effects
            .get(attack.effect as usize)?;
        let Effect::LifeLoss {
            defence: Some(d), ..
        } = effect
        else {
            return None;
        };
        let s = &self.seats[seat as usize];
        let possible = match d {
            Defence::Pay(e) => s.pool.covers(&(*e).into()),
            Defence::DiscardCard => !s.hand.is_empty(),
            Defence::DestroyArtifact => s
                .play
                .iter()
                .any(|p| self.db.get(p.card).kind == Kind::Artifact),
        };
        possible.then(|| d.clone())
    }

    /// The triggers an attack by `card` answers to.
    pub fn attack_triggers(&self, card: CardId) -> Vec<Trigger> {
        if self.db.get(card).has_tag(Tag::Dragon) {
            vec![Trigger::LifeLoss, Trigger::DragonAttack]
        } else {
            vec![Trigger::LifeLoss]
        }
    }

    /// The points the `i`-th component `seat` has in play is worth: printed, per essence on it,
    /// per own component of a type (the end screen tells a seat's points by component).
    pub fn component_points(&self, seat: usize, i: usize) -> u32 {
        let s = &self.seats[seat];
        let Some(comp) = s.play.get(i) else { return 0 };
        let def = self.db.get(comp.card);
        let mut total = def.points as u32;
        for per in &def.points_per {
            total += match *per {
                PointsPer::Stored(e, n) => n as u32 * comp.stored.get(e) as u32,
                PointsPer::Owned(tag, n) => {
                    n as u32
                        * s.play
                            .iter()
                            .filter(|p| self.db.get(p.card).has_tag(tag))
                            .count() as u32
                }
            };
        }
        total
    }

    /// A seat's points now: its components (fixed and per essence or type), the First Player
    /// token, and points for the check being made.
    pub fn points(&self, seat: usize) -> u32 {
        let s = &self.seats[seat];
        let mut total = s.temp_points as u32;
        for i in 0..s.play.len() {
            total += self.component_points(seat, i);
        }
        if self.token as usize == seat && self.phase != Phase::Setup {
            total += 1;
        }
        total
    }

    /// The tie-break: essences in the pool, Gold counting double.
    pub fn tiebreak(&self, seat: usize) -> u32 {
        let pool = &self.seats[seat].pool;
        pool.total() + pool.get(Essence::Gold) as u32
    }

    /// Effect `e` (from 0) of power `n` (from 1) of `card`.
    pub fn effect_at(&self, card: CardId, n: u8, e: u8) -> Option<&Effect> {
        self.db.get(card).power(n)?.effects.get(e as usize)
    }

    /// Collect ability `i` of `card` (`j` = 0), or ability `j - 1` nested in it.
    pub fn collect_at(&self, card: CardId, i: u8, j: u8) -> Option<&Collect> {
        let top = self.db.get(card).collect.get(i as usize)?;
        if j == 0 {
            return Some(top);
        }
        match top {
            Collect::IfLeft { then, .. } => then.get(j as usize - 1),
            _ => None,
        }
    }

    /// The magic item a seat holds.
    pub fn item_of(&self, seat: u8) -> Option<CardId> {
        self.seats[seat as usize]
            .play
            .iter()
            .map(|p| p.card)
            .find(|&c| self.db.get(c).kind == Kind::MagicItem)
    }
}

/// Adds a discount to a price.
fn add_discount(price: &mut Price, amount: u8, gold: bool) {
    if gold {
        price.disc_gold = price.disc_gold.saturating_add(amount);
    } else {
        price.disc_other = price.disc_other.saturating_add(amount);
    }
}

/// Essences of `n` kinds but those in `except`, every way.
pub fn gains(n: u8, except: Kinds) -> Vec<Essences> {
    Essences::combinations(n, except)
}
