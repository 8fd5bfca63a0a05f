//! Checks on component data beyond what RON's types say: names unique, fields that make sense
//! for the kind of component, effects only where the engine can carry them out. Each problem
//! names the file, the card and the field.

use super::LoadError;
use super::language::{CardDef, Collect, Effect, Kind, Power, Side, Trigger};

/// Checks every card; `origin[i]` is the file card `i` came from.
pub fn all(cards: &[CardDef], origin: &[String]) -> Result<(), LoadError> {
    if cards.len() > 250 {
        return Err(LoadError::Invalid {
            file: origin.last().cloned().unwrap_or_default(),
            card: cards[250].name.clone(),
            field: "name".into(),
            why: "at most 250 components in all".into(),
        });
    }
    for (i, card) in cards.iter().enumerate() {
        let fail = |field: &str, why: &str| LoadError::Invalid {
            file: origin[i].clone(),
            card: card.name.clone(),
            field: field.to_string(),
            why: why.to_string(),
        };
        if card.name.trim().is_empty() {
            return Err(fail("name", "is empty"));
        }
        if card.name.trim() != card.name || card.name.contains(',') {
            return Err(fail(
                "name",
                "has spaces around it or a comma (notation reads names)",
            ));
        }
        if card.name.chars().last().is_some_and(|c| c.is_ascii_digit()) {
            return Err(fail(
                "name",
                "ends in a digit (notation reads power numbers after names)",
            ));
        }
        if cards[..i]
            .iter()
            .any(|c| c.name.eq_ignore_ascii_case(&card.name))
        {
            return Err(fail("name", "another component has this name"));
        }
        if card.text.trim().is_empty() {
            return Err(fail("text", "is empty"));
        }
        check_kind(card).map_err(|(field, why)| fail(field, &why))?;
        for (n, c) in card.collect.iter().enumerate() {
            check_collect(c).map_err(|why| fail(&format!("collect[{n}]"), &why))?;
        }
        for d in &card.discounts {
            if d.amount == 0 {
                return Err(fail("discounts", "a discount of 0"));
            }
        }
        for (n, p) in card.powers.iter().enumerate() {
            check_power(p).map_err(|why| fail(&format!("powers[{}]", n + 1), &why))?;
        }
        for e in &card.on_claim {
            if !matches!(
                e,
                Effect::Gain(_) | Effect::GainAny { .. } | Effect::Store(_) | Effect::Draw(_)
            ) {
                return Err(fail(
                    "on_claim",
                    "only Gain, GainAny, Store and Draw happen on claiming",
                ));
            }
        }
        if let Some((n, side)) = card.place_card {
            let other = match side {
                Side::A => Side::B,
                Side::B => Side::A,
            };
            let twins = cards
                .iter()
                .filter(|c| c.place_card == Some((n, side)))
                .count();
            if twins != 1 {
                return Err(fail(
                    "place_card",
                    "two Places of Power are this side of one card",
                ));
            }
            if !cards.iter().any(|c| c.place_card == Some((n, other))) {
                return Err(fail("place_card", "the other side of this card is missing"));
            }
        }
    }
    Ok(())
}

fn check_kind(card: &CardDef) -> Result<(), (&'static str, String)> {
    let has_cost = !card.cost.is_free();
    match card.kind {
        Kind::Mage | Kind::MagicItem if has_cost => {
            return Err(("cost", "mages and magic items cost nothing".into()));
        }
        Kind::Monument | Kind::Place if !has_cost => {
            return Err(("cost", "monuments and Places of Power have a cost".into()));
        }
        _ => {}
    }
    if (card.kind == Kind::Place) != card.place_card.is_some() {
        return Err((
            "place_card",
            "Places of Power, and only they, name their card and side".into(),
        ));
    }
    if let Some(set) = card.first_game {
        if !(1..=4).contains(&set) {
            return Err(("first_game", "the first game's sets are 1 to 4".into()));
        }
        if !matches!(card.kind, Kind::Mage | Kind::Artifact) {
            return Err((
                "first_game",
                "only mages and artifacts belong to sets".into(),
            ));
        }
    }
    if card.powers.len() > 9 {
        return Err(("powers", "at most 9 powers".into()));
    }
    // Steps are counted in bytes by the engine; real cards have a handful.
    let too_long = |n: usize| n > 16;
    let nested = card.collect.iter().any(|c| match c {
        Collect::IfLeft { then, .. } => too_long(then.len()),
        _ => false,
    });
    if too_long(card.collect.len()) || nested {
        return Err(("collect", "at most 16 abilities in a list".into()));
    }
    if too_long(card.on_claim.len()) {
        return Err(("on_claim", "at most 16 effects".into()));
    }
    if card.powers.iter().any(|p| too_long(p.effects.len())) {
        return Err(("powers", "at most 16 effects in a power".into()));
    }
    Ok(())
}

fn check_collect(c: &Collect) -> Result<(), String> {
    match c {
        Collect::Either(list) if list.len() < 2 => Err("Either needs two options or more".into()),
        Collect::Any { n: 0, .. } => Err("Any of 0".into()),
        Collect::Any { except, .. } if except.len() >= 5 => Err("excludes every kind".into()),
        Collect::IfLeft { then, .. } => then.iter().try_for_each(check_collect),
        _ => Ok(()),
    }
}

fn check_power(p: &Power) -> Result<(), String> {
    if p.effects.is_empty() {
        return Err("no effects".into());
    }
    let c = &p.cost;
    if p.usable_turned && c.turn {
        return Err("usable while turned, yet its cost turns it".into());
    }
    if c.pay.any_except.len() >= 5 {
        return Err("the `any` of the cost excludes every kind".into());
    }
    if let Some(trigger) = p.react {
        if c.identical.is_some() || c.destroy.is_some() || c.discard || c.turn_other.is_some() {
            return Err("a reaction's cost may only turn it and pay essences".into());
        }
        if c.pay.any > 0 {
            return Err("a reaction's cost pays fixed essences only".into());
        }
        for e in &p.effects {
            let fits = match e {
                Effect::Ignore => trigger != Trigger::VictoryCheck,
                Effect::TempPoints(_) => trigger == Trigger::VictoryCheck,
                Effect::Store(_) | Effect::Gain(_) => true,
                _ => false,
            };
            if !fits {
                return Err(format!("{e:?} cannot be part of this reaction"));
            }
        }
        // Answering a Life loss with a reaction is ignoring it: say so in the data.
        if trigger != Trigger::VictoryCheck && !p.effects.contains(&Effect::Ignore) {
            return Err("a reaction to Life loss must Ignore it".into());
        }
        return Ok(());
    }
    for e in &p.effects {
        match e {
            Effect::Ignore | Effect::TempPoints(_) => {
                return Err(format!("{e:?} belongs to reactions"));
            }
            Effect::StorePaid { .. } if c.pay.is_free() => {
                return Err("StorePaid with nothing paid".into());
            }
            Effect::ConvertIdentical { .. } if c.identical.is_none() => {
                return Err("ConvertIdentical without identical essences in the cost".into());
            }
            Effect::GainCostOf { .. } if c.destroy.is_none() && !c.discard => {
                return Err("GainCostOf without a card destroyed or discarded".into());
            }
            Effect::GainAny { n: 0, .. } | Effect::StoreAny { n: 0, .. } => {
                return Err("gains 0 essences".into());
            }
            Effect::GainAny { except, .. } | Effect::StoreAny { except, .. }
                if except.len() >= 5 =>
            {
                return Err("excludes every kind".into());
            }
            Effect::Scry { n, .. } if *n == 0 || *n > 5 => {
                return Err("looks at 1 to 5 cards".into());
            }
            Effect::DrawThenDiscard { draw, discard } if *draw > 5 || *discard > 5 => {
                return Err("draws and discards at most 5".into());
            }
            _ => {}
        }
    }
    Ok(())
}
