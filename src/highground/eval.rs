//! A heuristic estimate of each seat's share of the result, for bots' cut-offs and greedy play.
//!
//! A seat's strength is its material (pips of its pyramids on the board, less for hobbled and
//! much less for trapped ones), the height of the territories they stand on (high ground: more
//! places to go downhill, fewer enemies able to reach it), a little for cards in hand, and its
//! threats to opponents' Kings: free pyramids next to one (a HOP away), pyramids on one, and most
//! of all standing alone on one, which wins at the start of its next turn. Strengths become win
//! chances with a softmax (see [`Weights::scale`]), so they sum to 1 like the rewards of a
//! finished game and what counts is the lead, not the size of the armies.
//!
//! Two sets of weights: `greedy` judges by [`Weights::REFERENCE`], fixed so that it stays a
//! yardstick; the search levels by [`Weights::SEARCH`].
//!
//! A roll made in an observation (whose generator is not the game's) is judged as the average
//! over the six faces of the best use of each, carried to the end of the action: the face the
//! observation happens to show predicts nothing, and bots that judged the roll by it would
//! believe in one face.

use super::die::Face;
use super::pos::Pos;
use super::pyramid::{PieceId, Status};
use super::state::{HighGround, Outcome, Pending};
use crate::shell::game::Heuristics;

/// The weights of a strength (see the module's documentation): each per pip, per pyramid, per
/// card or per King as named.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// Per pip of a free pyramid.
    pub free: f64,
    /// Per pip of a hobbled pyramid.
    pub hobbled: f64,
    /// Per pip of a trapped pyramid.
    pub trapped: f64,
    /// Per pyramid, times its territory's level over 13.
    pub height: f64,
    /// Per card in hand.
    pub card: f64,
    /// Per pyramid on an opponent's King shared with other colours.
    pub on_king: f64,
    /// For standing alone on an opponent's King.
    pub holds_king: f64,
    /// Per free pyramid next to an opponent's King (a HOP away from it).
    pub threat: f64,
    /// For the seat to move at the start of its turn, per pip of the best kill in its reach
    /// ([`strike`]): a capture it can make now is nearly made, and one the opponent could
    /// retake at once is then seen as lost before a playout finds the walk down the path.
    pub strike: f64,
    /// The lead in strength worth e (2.7) times the win chance of the one behind: at 2.5, a
    /// large pyramid killed (3 pips) turns an even game into about 76% to 24%. Proportional
    /// shares were so flat (a kill moved them by a few hundredths) that the search's cut-offs
    /// hardly told a good position from a bad one.
    pub scale: f64,
}

impl Weights {
    /// `greedy`'s estimate, a fixed reference for measuring the others.
    pub const REFERENCE: Weights = Weights {
        free: 1.0,
        hobbled: 0.8,
        trapped: 0.35,
        height: 0.6,
        card: 0.15,
        on_king: 0.6,
        holds_king: 6.0,
        threat: 0.5,
        strike: 0.0,
        scale: 2.5,
    };

    /// The search's estimate: the reference without height or cards, and twice the weight on
    /// pyramids a HOP away from an opponent's King. Height and cards paid for waiting: a
    /// pyramid on its own King (level 13) stands as high as any, and drawing cards is a turn
    /// that risks nothing. Between two search levels that judged by the reference, about half
    /// the games ended in the no-kill draw without one pyramid lost (a draw is half a win to
    /// each, so the stronger level could not show its strength); judged by this one, they
    /// fight, and the stronger wins more (`docs/ai.md`, High Ground).
    pub const SEARCH: Weights = Weights {
        height: 0.0,
        card: 0.0,
        threat: 1.0,
        strike: 0.5,
        ..Weights::REFERENCE
    };
}

/// The rewards of a finished game, or the estimated shares of one in progress, by `greedy`'s
/// reference weights.
pub fn estimate(g: &HighGround) -> Vec<f64> {
    estimate_with(g, &Weights::REFERENCE)
}

/// [`estimate`] by the search's weights.
pub fn search_estimate(g: &HighGround) -> Vec<f64> {
    estimate_with(g, &Weights::SEARCH)
}

/// The rewards of a finished game, or the estimated shares of one in progress, by `weights`.
pub fn estimate_with(g: &HighGround, weights: &Weights) -> Vec<f64> {
    if let Some(outcome) = g.outcome() {
        return rewards(g, outcome);
    }
    if g.unseen_roll() {
        return expected_roll(g, weights);
    }
    strengths(g, weights)
}

/// A roll just made in an observation: the average over the faces of the roller's best use of
/// each (a WILD is the best of the other five).
fn expected_roll(g: &HighGround, weights: &Weights) -> Vec<f64> {
    let seat = g.seat_to_move();
    let per_face: Vec<Vec<f64>> = Face::CHOOSABLE
        .into_iter()
        .map(|face| {
            let mut shown = g.clone();
            shown.unseen_roll = false;
            shown.pending = Pending::Die(face);
            best_use(shown, seat, weights)
        })
        .collect();
    let share = |v: &Vec<f64>| v.get(seat).copied().unwrap_or(0.0);
    let wild = per_face
        .iter()
        .fold(None::<&Vec<f64>>, |best, v| match best {
            Some(b) if share(b) >= share(v) => Some(b),
            _ => Some(v),
        })
        .cloned()
        .unwrap_or_else(|| vec![0.0; g.players()]);
    let mut total = vec![0.0; g.players()];
    for v in per_face.iter().chain(std::iter::once(&wild)) {
        for (t, x) in total.iter_mut().zip(v) {
            *t += x / Face::ALL.len() as f64;
        }
    }
    total
}

/// The estimate after `seat` carries the action in progress through, each step the best by the
/// estimate (as the greedy bot would).
fn best_use(mut g: HighGround, seat: usize, weights: &Weights) -> Vec<f64> {
    let mut buffer = Vec::new();
    // A face's use has at most a few steps (a HOP and its attack, a DIG and its place and a
    // Joker's level); the bound only guards against a rules bug.
    for _ in 0..8 {
        if g.is_over() || g.seat_to_move() != seat || !g.mid_action() {
            break;
        }
        g.legal(&mut buffer);
        let mut best: Option<(f64, HighGround)> = None;
        for &choice in &buffer {
            let mut next = g.clone();
            next.apply_listed(choice);
            let value = estimate_with(&next, weights)
                .get(seat)
                .copied()
                .unwrap_or(0.0);
            if best.as_ref().is_none_or(|(b, _)| value > *b + 1e-9) {
                best = Some((value, next));
            }
        }
        match best {
            Some((_, next)) => g = next,
            None => break,
        }
    }
    estimate_with(&g, weights)
}

/// Each seat's share of the strength on the board (see the module's documentation).
fn strengths(g: &HighGround, w: &Weights) -> Vec<f64> {
    let n = g.players();
    let mut strength = vec![0.0; n];
    for (p, pos, status) in g.pyramids().all() {
        let seat = p.seat() as usize;
        if seat >= n {
            continue;
        }
        let factor = match status {
            Status::Free => w.free,
            Status::Hobbled => w.hobbled,
            Status::Trapped => w.trapped,
        };
        let level = g.board().level(pos).unwrap_or(0) as f64;
        strength[seat] += p.size().pips() as f64 * factor + w.height * level / 13.0;
    }
    for t in g.board().territories() {
        let Some(owner) = t.owner else { continue };
        for next in g.board().adjacent(t.pos) {
            for st in g.pyramids().stacks_at(next) {
                let seat = st.top().seat();
                if seat != owner && (seat as usize) < n {
                    strength[seat as usize] += w.threat;
                }
            }
        }
        let mask = g.pyramids().seats_mask_at(t.pos) & !(1 << owner);
        if mask == 0 {
            continue;
        }
        for (seat, value) in strength.iter_mut().enumerate() {
            if mask & (1 << seat) == 0 {
                continue;
            }
            *value += if g.pyramids().seats_mask_at(t.pos) == 1 << seat {
                w.holds_king
            } else {
                let mine = g
                    .pyramids()
                    .stacks_at(t.pos)
                    .flat_map(|st| st.pieces())
                    .filter(|p| p.seat() as usize == seat)
                    .count();
                w.on_king * mine as f64
            };
        }
    }
    if w.strike > 0.0 && matches!(g.pending(), Pending::Action) {
        let mover = g.seat_to_move();
        if let Some(value) = strength.get_mut(mover) {
            *value += w.strike * strike(g, mover as u8);
        }
    }
    for (seat, value) in strength.iter_mut().enumerate() {
        if g.alive(seat as u8) || g.in_setup() {
            *value += w.card * g.hand(seat).len() as f64;
        } else {
            *value = 0.0;
        }
    }
    // Seats that are out have nothing and get nothing.
    let top = (0..n)
        .filter(|s| g.alive(*s as u8) || g.in_setup())
        .map(|s| strength[s])
        .fold(f64::MIN, f64::max);
    if top == f64::MIN {
        return vec![1.0 / n as f64; n];
    }
    let weights: Vec<f64> = (0..n)
        .map(|s| {
            if g.alive(s as u8) || g.in_setup() {
                ((strength[s] - top) / w.scale).exp()
            } else {
                0.0
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    weights.iter().map(|w| w / total).collect()
}

/// What the best kill `seat` can make this turn is worth, in pips: by a move (any of its
/// pyramids not trapped walks a path that never climbs and drops onto an enemy pyramid of its
/// size, not trapped, on the territory where it stops), or, a third as likely (an AIM or a WILD),
/// by aiming at the enemy pyramid it sits on. A kill that takes an opponent's last pyramid is worth
/// standing alone on a King, as it ends the game.
pub fn strike(g: &HighGround, seat: u8) -> f64 {
    let pyramids = g.pyramids();
    let worth = |victim: PieceId| -> f64 {
        if pyramids.count(victim.seat()) <= 1 {
            Weights::SEARCH.holds_king
        } else {
            f64::from(victim.size().pips())
        }
    };
    let mut best: f64 = 0.0;
    for (attacker, from, status) in pyramids.all() {
        if attacker.seat() != seat || status == Status::Trapped {
            continue;
        }
        if let Some(under) = pyramids.below(attacker).filter(|v| v.seat() != seat) {
            best = best.max(worth(under) / 3.0);
        }
        for pos in downhill(g, from) {
            for stack in pyramids.stacks_at(pos).filter(|st| !st.contains(attacker)) {
                for (height, &victim) in stack.pieces().iter().enumerate() {
                    if victim.seat() != seat
                        && victim.size() == attacker.size()
                        && stack.status_at(height) != Status::Trapped
                    {
                        best = best.max(worth(victim));
                    }
                }
            }
        }
    }
    best
}

/// The territories a move from `from` can end on: `from` itself and every one reached by steps
/// onto adjacent territories no higher than the one stood on.
fn downhill(g: &HighGround, from: Pos) -> Vec<Pos> {
    let board = g.board();
    let mut reached = vec![from];
    let mut next = 0;
    while let Some(&here) = reached.get(next) {
        next += 1;
        let level = board.level(here).unwrap_or(0);
        for n in board.adjacent(here) {
            if !reached.contains(&n) && board.level(n).is_some_and(|l| l <= level) {
                reached.push(n);
            }
        }
    }
    reached
}

/// Per seat in [0, 1] for a finished game: the winner 1; a drawn game shared by the seats still
/// in it.
pub fn rewards(g: &HighGround, outcome: Outcome) -> Vec<f64> {
    let n = g.players();
    match outcome {
        Outcome::Won { seat, .. } => (0..n).map(|s| (s == seat as usize) as u8 as f64).collect(),
        Outcome::Drawn => {
            let alive: Vec<bool> = (0..n).map(|s| g.alive(s as u8)).collect();
            let count = alive.iter().filter(|a| **a).count().max(1) as f64;
            alive
                .into_iter()
                .map(|a| if a { 1.0 / count } else { 0.0 })
                .collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::highground::decision::Choice;

    const POSITION: &str = r#"(
        board: [
            "0,2: K", "-1,1: 5", "0,1: 6", "1,1: 7",
            "-2,0: K", "-1,0: 4", "0,0: 9", "1,0: 3", "2,0: K",
            "-1,-1: 8", "0,-1: 9", "1,-1: 2", "0,-2: K",
        ],
        kings: ["0,-2", "0,2"],
        stacks: ["0,-2: 1Lt 1Mt 1St", "0,0: 1Ln", "0,2: 2Lt 2Mt 2St", "0,1: 2Ln 1Sn"],
        seed: 3,
    )"#;

    #[test]
    fn the_search_does_not_pay_for_standing_high_or_holding_cards() {
        // Seat 1's large pyramid on the centre: a 9 there, or a 3.
        let high = HighGround::from_position(POSITION).expect("position");
        let low =
            HighGround::from_position(&POSITION.replace("0,0: 9", "0,0: 3")).expect("position");
        assert!(estimate(&high)[0] > estimate(&low)[0], "greedy likes the 9");
        // (The 9 changes what seat 1's 1Ln can reach in one move, which the search prices:
        // the height alone is compared without it.)
        let unpriced = Weights {
            strike: 0.0,
            ..Weights::SEARCH
        };
        assert_eq!(
            estimate_with(&high, &unpriced),
            estimate_with(&low, &unpriced)
        );
        // The same position with seat 1's hand emptied.
        let mut empty = high.clone();
        empty.hands[0].clear();
        assert!(
            estimate(&high)[0] > estimate(&empty)[0],
            "greedy likes cards"
        );
        assert_eq!(search_estimate(&high), search_estimate(&empty));
        // Material counts for both: seat 1's small pyramid (on seat 2's large) gone.
        let fewer =
            HighGround::from_position(&POSITION.replace("2Ln 1Sn", "2Ln")).expect("position");
        assert!(search_estimate(&fewer)[0] < search_estimate(&high)[0]);
    }

    #[test]
    fn the_search_prices_the_kill_the_mover_can_make_this_turn() {
        const STACKS: &str =
            r#"stacks: ["0,-2: 1Lt 1Mt 1St", "0,0: 1Ln", "0,2: 2Lt 2Mt 2St", "0,1: 2Ln 1Sn"],"#;
        let with = |stacks: &str| {
            let text = POSITION.replace(STACKS, stacks);
            assert_ne!(text, POSITION, "the test's stacks are the position's");
            HighGround::from_position(&text).expect("position")
        };
        // Seat 1 moves first, with one pyramid left: 1Ln on the 9 at the centre (the Kings, 13,
        // are above it). Seat 2's 2Ln, alone on the 2, is a walk downhill away: the same size,
        // so the attack kills it (3 pips).
        let within = with(r#"stacks: ["0,0: 1Ln", "0,2: 2Lt 2Mt 2St", "1,-1: 2Ln"],"#);
        assert_eq!(strike(&within, 0), 3.0);
        // On a King (13) it is higher than the 9: out of reach.
        let higher = with(r#"stacks: ["0,0: 1Ln", "0,2: 2Lt 2Mt 2St", "2,0: 2Ln"],"#);
        assert_eq!(strike(&higher, 0), 0.0);
        // A medium would only be trapped, not killed.
        let other = with(r#"stacks: ["0,0: 1Ln", "0,2: 2Lt 2Mt 2St", "1,-1: 2Mn"],"#);
        assert_eq!(strike(&other, 0), 0.0);
        // The search's estimate counts it for the seat to move; `greedy`'s reference does not.
        let unpriced = Weights {
            strike: 0.0,
            ..Weights::SEARCH
        };
        assert!(search_estimate(&within)[0] > estimate_with(&within, &unpriced)[0]);
        assert_eq!(Weights::REFERENCE.strike, 0.0);
    }

    #[test]
    fn a_roll_in_an_observation_is_judged_the_same_whatever_face_it_shows() {
        let g = HighGround::from_position(POSITION).expect("position");
        let mut rolled = g.observation(0);
        rolled.apply(Choice::Roll).expect("roll");
        assert!(rolled.unseen_roll());
        assert!(!rolled.mid_action(), "greedy play stops at the roll");
        let Pending::Die(shown) = rolled.pending else {
            panic!("the die shows a face");
        };
        let estimate_shown = estimate(&rolled);
        for face in Face::ALL {
            let mut other = rolled.clone();
            other.pending = Pending::Die(face);
            assert_eq!(
                estimate(&other),
                estimate_shown,
                "{shown:?} against {face:?}"
            );
        }
        let total: f64 = estimate_shown.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "shares sum to 1: {total}");
        // A real roll, or one in a determinization (a deal the game could have), is a real face
        // to carry out.
        let mut real = g.clone();
        real.apply(Choice::Roll).expect("roll");
        assert!(!real.unseen_roll() && real.mid_action());
        let mut dealt = g.observation(0).determinize(0, 9);
        dealt.apply(Choice::Roll).expect("roll");
        assert!(!dealt.unseen_roll() && dealt.mid_action());
        // Whatever comes after the roll is judged as usual.
        let mut after = rolled.clone();
        let first = after.choices()[0];
        after.apply(first).expect("a use of the face");
        assert!(!after.unseen_roll());
    }
}
