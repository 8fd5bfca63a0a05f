//! What one seat may know, and dealing what it cannot see again (the bots' determinizations).
//!
//! Hidden from a seat: the other seats' hands and decks, the mages dealt to others and not
//! revealed, its picks before all mages are revealed, the cards out of the game, the order of
//! every deck (its own included, and the monument deck), the cards another seat is looking at,
//! what the others took or left in a Collect step not yet over, and the generator's future. Everything else is on the table.

use super::card::CardId;
use super::card::language::Kind;
use super::state::{Ask, Decision, PayFor, Phase, ResArcana, Task, shuffle};
use crate::shell::rng::Rng;

impl ResArcana {
    /// The game as `observer` knows it, hidden cards dealt back in a canonical order: two games
    /// that look the same to `observer` give the same observation.
    pub fn observation(&self, observer: usize) -> ResArcana {
        self.redeal(observer as u8, None)
    }

    /// The game with everything `observer` cannot see dealt again at random, consistently with
    /// what it sees, and the generator reseeded.
    pub fn determinize(&self, observer: usize, seed: u64) -> ResArcana {
        self.redeal(observer as u8, Some(seed))
    }

    fn redeal(&self, obs: u8, seed: Option<u64>) -> ResArcana {
        let mut g = self.clone();
        let mut rng = Rng::seeded(seed.unwrap_or(0));
        let revealed = !g.tasks.contains(&Task::RevealMages);
        let others_looking = !g.looking.is_empty() && g.pending.is_some_and(|d| d.seat != obs);
        // A card another seat is paying to place from its hand is being shown: it stays there.
        let shown = match g.pending {
            Some(Decision {
                seat,
                ask: Ask::Pay(_, PayFor::Place(c)),
            }) if seat != obs && g.seats[seat as usize].hand.contains(&c) => Some((seat, c)),
            _ => None,
        };
        let looking_monuments = matches!(
            g.pending.map(|d| d.ask),
            Some(Ask::ScryOrder { monuments: true })
        );

        // Artifacts: others' hands and decks, the boxed ones, another seat's look at its deck.
        let mut artifacts: Vec<CardId> = Vec::new();
        let boxed_artifacts: Vec<CardId> = g
            .boxed
            .iter()
            .copied()
            .filter(|&c| g.db.get(c).kind == Kind::Artifact)
            .collect();
        let of_kind = |k: Kind| -> Vec<CardId> {
            g.boxed
                .iter()
                .copied()
                .filter(|&c| g.db.get(c).kind == k)
                .collect()
        };
        let mut boxed_mages = of_kind(Kind::Mage);
        let boxed_monuments = of_kind(Kind::Monument);
        let box_mage_len = boxed_mages.len();
        artifacts.extend(&boxed_artifacts);
        let mut mages: Vec<CardId> = Vec::new();
        mages.append(&mut boxed_mages);
        let own_unseen = g.seats[obs as usize].deck_unseen;
        // The top cards a seat has looked at stay where it saw them.
        let own_known = g.seats[obs as usize].known_top.len();
        let mon_known = g.seats[obs as usize].known_monuments.len();
        for (i, s) in g.seats.iter_mut().enumerate() {
            if i as u8 == obs {
                // The first game's own deck is dealt unseen.
                if own_unseen {
                    let rest = s.deck.len().saturating_sub(own_known);
                    artifacts.extend(s.deck[..rest].iter().copied());
                }
                continue;
            }
            artifacts.extend(
                s.hand
                    .iter()
                    .copied()
                    .filter(|&c| shown != Some((i as u8, c))),
            );
            artifacts.extend(s.deck.iter().copied());
            artifacts.extend(s.packet.iter().copied());
            artifacts.extend(s.drafted.iter().copied());
            for &m in &s.mages_dealt {
                if !(revealed && s.mage == Some(m)) {
                    mages.push(m);
                }
            }
        }
        let mon_rest = g.monument_deck.len().saturating_sub(mon_known);
        let mon_top: Vec<CardId> = g.monument_deck[mon_rest..].to_vec();
        let mut monument_pool = g.monument_deck[..mon_rest].to_vec();
        monument_pool.extend(&boxed_monuments);
        if others_looking {
            if looking_monuments {
                monument_pool.extend(g.looking.iter().copied());
            } else {
                artifacts.extend(g.looking.iter().copied());
            }
        }
        artifacts.sort();
        mages.sort();
        monument_pool.sort();
        if seed.is_some() {
            shuffle(&mut artifacts, &mut rng);
            shuffle(&mut mages, &mut rng);
            shuffle(&mut monument_pool, &mut rng);
        }
        let deal = |pool: &mut Vec<CardId>, n: usize| -> Vec<CardId> {
            let k = pool.len().saturating_sub(n);
            pool.split_off(k)
        };
        let obs_seat = obs as usize;
        let box_art_len = boxed_artifacts.len();
        for i in 0..g.seats.len() {
            if i == obs_seat {
                let deck = &g.seats[i].deck;
                let rest = deck.len().saturating_sub(own_known);
                let top: Vec<CardId> = deck[rest..].to_vec();
                let mut own = if own_unseen {
                    deal(&mut artifacts, rest)
                } else {
                    deck[..rest].to_vec()
                };
                own.sort();
                if seed.is_some() {
                    shuffle(&mut own, &mut rng);
                }
                own.extend(top);
                g.seats[i].deck = own;
                g.seats[i].hand.sort();
                g.seats[i].packet.sort();
                continue;
            }
            let (hand_len, deck_len) = (g.seats[i].hand.len(), g.seats[i].deck.len());
            let (packet_len, drafted_len) = (g.seats[i].packet.len(), g.seats[i].drafted.len());
            let mut packet = deal(&mut artifacts, packet_len);
            packet.sort();
            g.seats[i].packet = packet;
            g.seats[i].drafted = deal(&mut artifacts, drafted_len);
            let kept = shown.filter(|&(s, _)| s as usize == i).map(|(_, c)| c);
            let mut hand = deal(&mut artifacts, hand_len - kept.iter().count());
            hand.extend(kept);
            hand.sort();
            g.seats[i].hand = hand;
            g.seats[i].deck = deal(&mut artifacts, deck_len);
            let s = &mut g.seats[i];
            // What another seat knows of its deck's top is that many of the cards dealt there.
            let k = s.known_top.len().min(s.deck.len());
            s.known_top = s.deck[s.deck.len() - k..].to_vec();
            let keep: Vec<CardId> = if revealed {
                s.mage.into_iter().collect()
            } else {
                Vec::new()
            };
            let hidden = s.mages_dealt.len() - keep.len();
            let mut dealt = keep;
            dealt.extend(deal(&mut mages, hidden));
            if !revealed && s.mage.is_some() {
                s.mage = dealt.first().copied();
            }
            dealt.sort();
            s.mages_dealt = dealt;
        }
        if others_looking {
            let n = g.looking.len();
            g.looking = if looking_monuments {
                deal(&mut monument_pool, n)
            } else {
                deal(&mut artifacts, n)
            };
        }
        let mut boxed = deal(&mut monument_pool, boxed_monuments.len());
        monument_pool.extend(mon_top);
        g.monument_deck = monument_pool;
        for (i, s) in g.seats.iter_mut().enumerate() {
            if i != obs_seat {
                let len = g.monument_deck.len();
                let k = s.known_monuments.len().min(len);
                s.known_monuments = g.monument_deck[len - k..].to_vec();
            }
        }
        boxed.extend(deal(&mut artifacts, box_art_len));
        boxed.extend(deal(&mut mages, box_mage_len));
        boxed.sort();
        g.boxed = boxed;
        // What others took or left in a Collect still going on is not known yet.
        if g.phase == Phase::Collect && g.collect_start.len() == g.seats.len() {
            for (i, s) in g.seats.iter_mut().enumerate() {
                if i != obs_seat {
                    let (pool, play) = &g.collect_start[i];
                    s.pool = *pool;
                    s.play = play.clone();
                }
            }
        }
        g.rng = rng;
        g
    }
}
