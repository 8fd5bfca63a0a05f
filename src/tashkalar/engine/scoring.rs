//! Scores: Deathmatch destruction points (duel and melee), High Form tasks and the task queue, the
//! end trigger, and the final standings with tiebreaks.

use super::bitboard::Bitboard;
use super::board::{Colour, RankSet, arena};
use super::cards::tasks::{TaskCond, TaskId, TaskType};
use super::decision::Choice;
use super::state::{Event, GameState, Mode, Phase, Seat};

/// High Form ends at this many points, Deathmatch duel at 18, melee at 12 (3 players) or 10 (4).
pub const HIGH_FORM_TARGET: i32 = 9;
pub const DUEL_TARGET: i32 = 18;

/// The outcome of a finished game (or the standing of one in progress).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standings {
    /// Final score per seat (melee: the lowest colour score).
    pub scores: Vec<i32>,
    /// Ranking key per seat, compared lexicographically: score, then the tiebreaks.
    pub keys: Vec<Vec<i32>>,
    /// Seats with the best key (several when the tie stands); after a resignation, the seats of
    /// the other side.
    pub winners: Vec<Seat>,
    /// The seat that resigned for its side, if the game ended that way.
    pub resigned: Option<Seat>,
}

impl GameState {
    /// Deathmatch for three or four sides, scored per colour (a team game is a duel of two sides).
    pub fn is_melee(&self) -> bool {
        self.config.mode == Mode::Deathmatch && self.colours() > 2
    }

    /// Two sides play: a duel, or two teams of two (either form). Only they may resign.
    pub fn is_two_sided(&self) -> bool {
        self.colours() == 2
    }

    /// Points toward the end trigger and the final score, per seat.
    pub fn score(&self, seat: Seat) -> i32 {
        match self.config.mode {
            Mode::HighForm => self.high_form_points(seat) - self.causality_penalty(seat),
            Mode::Deathmatch if self.is_melee() => {
                self.colour_scores(seat).into_iter().min().unwrap_or(0)
            }
            // Teammates score for their side together; a being still pending costs its side.
            Mode::Deathmatch => {
                let points: i32 = self
                    .seat_ids()
                    .filter(|s| self.allies(*s, seat))
                    .flat_map(|s| self.seat(s).score.by_colour)
                    .map(i32::from)
                    .sum();
                points - self.causality_penalty(seat)
            }
        }
    }

    /// Etherweave: a being still pending costs its side 2 points (in every colour in a melee),
    /// counted in the score whenever it is read, so also for the end trigger and the final
    /// standings (Board Game Arena's "causality" penalty). Team game: per seat of the side.
    pub fn causality_penalty(&self, seat: Seat) -> i32 {
        let colour = self.colour_of(seat);
        2 * self
            .seat_ids()
            .filter(|s| self.colour_of(*s) == colour && self.seat(*s).pending.is_some())
            .count() as i32
    }

    /// Melee: the seat's score in each opposing colour.
    pub fn colour_scores(&self, seat: Seat) -> Vec<i32> {
        let me = self.colour_of(seat);
        let penalty = self.causality_penalty(seat);
        self.colour_ids()
            .filter(|c| *c != me)
            .map(|c| self.seat(seat).score.by_colour[c.index()] as i32 - penalty)
            .collect()
    }

    /// High Form: tasks claimed by the seat's side plus one per legendary piece of its colour.
    pub fn high_form_points(&self, seat: Seat) -> i32 {
        let colour = self.colour_of(seat);
        let tasks: i32 = self
            .seat_ids()
            .filter(|s| self.colour_of(*s) == colour)
            .map(|s| self.seat(s).score.tasks as i32)
            .sum();
        tasks + self.board.count(colour, RankSet::LEGENDARY) as i32
    }

    /// Whether a score reached the end trigger.
    pub(crate) fn score_trigger(&self) -> bool {
        match self.config.mode {
            Mode::HighForm => self.seat_ids().any(|s| self.score(s) >= HIGH_FORM_TARGET),
            Mode::Deathmatch if self.is_melee() => {
                let target = if self.players() == 3 { 12 } else { 10 };
                self.seat_ids()
                    .any(|s| self.colour_scores(s).into_iter().any(|v| v >= target))
            }
            Mode::Deathmatch => self.seat_ids().any(|s| self.score(s) >= DUEL_TARGET),
        }
    }

    /// Standings now (final once the game is over).
    pub fn standings(&self) -> Standings {
        let keys: Vec<Vec<i32>> = self
            .seat_ids()
            .map(|seat| {
                let colour = self.colour_of(seat);
                let mut key = if self.is_melee() {
                    let mut v = self.colour_scores(seat);
                    v.sort();
                    v
                } else {
                    vec![self.score(seat)]
                };
                key.push(self.board.count(colour, RankSet::UPGRADED) as i32);
                key.push(self.board.count(colour, RankSet::ALL) as i32);
                key
            })
            .collect();
        let best = keys.iter().max().cloned().unwrap_or_default();
        let winners = match self.resigned {
            Some(gave_up) => self
                .seat_ids()
                .filter(|s| !self.allies(*s, gave_up))
                .collect(),
            None => self
                .seat_ids()
                .filter(|s| keys[s.index()] == best)
                .collect(),
        };
        Standings {
            scores: self.seat_ids().map(|s| self.score(s)).collect(),
            keys,
            winners,
            resigned: self.resigned,
        }
    }

    // ----- Deathmatch -----

    /// Scores the acting seat's destruction of this turn at the end of the turn: legendary 2,
    /// heroic 1, one per pair of commons of one colour. Nothing waits for a later turn: an unpaired
    /// common scores nothing, except in melee, where two or three of different colours score one
    /// point together (the player picks the colour). True if a colour choice is pending.
    pub(crate) fn score_destruction(&mut self) -> bool {
        let seat = self.turn.seat;
        let me = self.me();
        let tally = self.turn.tally;
        for c in self.colour_ids().filter(|c| *c != me) {
            let [common, heroic, legendary] = tally.destroyed[c.index()];
            let points = 2 * legendary as i16 + heroic as i16 + common as i16 / 2;
            let book = &mut self.seat_mut(seat).score;
            book.by_colour[c.index()] += points;
            book.destroyed += points;
            if points > 0 {
                self.log(Event::Scored {
                    seat,
                    points,
                    colour: c,
                    why: "destruction",
                });
            }
        }
        if self.is_melee() {
            self.turn.tally.legend_points_pending = tally.legends_summoned;
            if self.leftover_colours().len() >= 2 {
                self.phase = Phase::CommonColour;
                return true;
            }
            return self.next_legend_choice();
        }
        if tally.legends_summoned > 0
            && let Some(opp) = self.colour_ids().find(|c| *c != me)
        {
            let points = tally.legends_summoned as i16;
            let book = &mut self.seat_mut(seat).score;
            book.by_colour[opp.index()] += points;
            book.legends += points;
            self.log(Event::Scored {
                seat,
                points,
                colour: opp,
                why: "legend summoned",
            });
        }
        false
    }

    /// What the acting side's destruction so far this turn will score at the end of the turn
    /// (all colours together; in melee with the unpaired commons' point when it applies), and how
    /// many destroyed commons will score nothing unless a partner is destroyed this turn too.
    pub fn turn_destruction_points(&self) -> (i32, u32) {
        let me = self.me();
        let mut points = 0;
        let mut unpaired = 0;
        for c in self.colour_ids().filter(|c| *c != me) {
            let [common, heroic, legendary] = self.turn.tally.destroyed[c.index()];
            points += 2 * legendary as i32 + heroic as i32 + common as i32 / 2;
            unpaired += (common % 2) as u32;
        }
        if self.is_melee() && unpaired >= 2 {
            (points + 1, 0)
        } else {
            (points, unpaired)
        }
    }

    /// Melee: the enemy colours of which this turn destroyed an odd number of commons (one is
    /// left without a partner).
    fn leftover_colours(&self) -> Vec<Colour> {
        let me = self.me();
        self.colour_ids()
            .filter(|c| *c != me && self.turn.tally.destroyed[c.index()][0] % 2 == 1)
            .collect()
    }

    /// Melee: asks for the colour of the next legend point, if any. True if one is pending.
    fn next_legend_choice(&mut self) -> bool {
        if self.turn.tally.legend_points_pending > 0 {
            self.phase = Phase::LegendColour;
            true
        } else {
            false
        }
    }

    pub(crate) fn scoring_colour_choices(&self, out: &mut Vec<Choice>) {
        match self.phase {
            Phase::CommonColour => {
                out.extend(self.leftover_colours().into_iter().map(Choice::Colour))
            }
            Phase::LegendColour => {
                let me = self.me();
                out.extend(self.colour_ids().filter(|c| *c != me).map(Choice::Colour));
            }
            _ => {}
        }
    }

    pub(crate) fn apply_scoring_colour(&mut self, choice: Choice) {
        let Choice::Colour(c) = choice else { return };
        let seat = self.turn.seat;
        if self.phase == Phase::CommonColour {
            // The leftover commons (two or three colours) make one point together, in the
            // chosen colour; nothing is kept for a later turn.
            let book = &mut self.seat_mut(seat).score;
            book.by_colour[c.index()] += 1;
            book.destroyed += 1;
            self.log(Event::Scored {
                seat,
                points: 1,
                colour: c,
                why: "unpaired commons",
            });
        } else {
            let book = &mut self.seat_mut(seat).score;
            book.by_colour[c.index()] += 1;
            book.legends += 1;
            self.turn.tally.legend_points_pending -= 1;
            self.log(Event::Scored {
                seat,
                points: 1,
                colour: c,
                why: "legend summoned",
            });
        }
        if !self.next_legend_choice() {
            self.end_turn_finish();
        }
    }

    // ----- High Form -----

    /// Deals the task queue: three current tasks (no advanced task, never three of one type) and the
    /// face-up next task (redrawn while three of the four share a type).
    pub(crate) fn setup_tasks(&mut self) {
        self.tasks.deck.shuffle(&mut self.rng);
        let mut set_aside = Vec::new();
        let mut filled = 0;
        while filled < 3 {
            let Some(t) = self.tasks.deck.pop() else {
                break;
            };
            let task = &self.db.tasks[t.0 as usize];
            let same = self.tasks.current[..filled]
                .iter()
                .flatten()
                .filter(|c| self.task_type(**c) == task.kind)
                .count();
            if task.advanced || same >= 2 {
                set_aside.push(t);
            } else {
                self.tasks.current[filled] = Some(t);
                filled += 1;
            }
        }
        for t in set_aside {
            self.tasks.deck.push(t);
        }
        self.tasks.deck.shuffle(&mut self.rng);
        self.turn_up_next_task();
    }

    fn task_type(&self, t: TaskId) -> TaskType {
        self.db.tasks[t.0 as usize].kind
    }

    /// Turns up the next task, sending it to the bottom while three of the four face-up tasks share a type.
    fn turn_up_next_task(&mut self) {
        self.tasks.next = None;
        for _ in 0..=self.tasks.deck.len {
            let Some(t) = self.tasks.deck.pop() else {
                return;
            };
            let kind = self.task_type(t);
            let same = self
                .tasks
                .current
                .iter()
                .flatten()
                .filter(|c| self.task_type(**c) == kind)
                .count();
            if same >= 2 && self.tasks.deck.len > 0 {
                self.tasks.deck.push_bottom(t);
                continue;
            }
            self.tasks.next = Some(t);
            return;
        }
    }

    /// Current tasks the acting seat meets now.
    pub fn claimable_tasks(&self) -> impl Iterator<Item = TaskId> + '_ {
        let colour = self.me();
        self.tasks.current.into_iter().flatten().filter(move |t| {
            let cond = &self.db.tasks[t.0 as usize].condition;
            self.task_met(colour, cond)
        })
    }

    pub(crate) fn apply_claim(&mut self, choice: Choice) {
        if let Choice::Claim(t) = choice {
            let seat = self.turn.seat;
            let points = self.db.tasks[t.0 as usize].points as i16;
            let st = self.seat_mut(seat);
            st.score.tasks += points;
            st.claimed.push(t);
            self.log(Event::TaskClaimed { seat, task: t });
            if let Some(slot) = self.tasks.current.iter_mut().find(|c| **c == Some(t)) {
                *slot = self.tasks.next;
            }
            self.turn_up_next_task();
        }
        self.end_turn_scoring();
    }

    /// Whether a colour meets a task condition (destruction and summoning facts are this turn's).
    pub fn task_met(&self, me: Colour, cond: &TaskCond) -> bool {
        let enemies: Vec<Colour> = self.colour_ids().filter(|c| *c != me).collect();
        let tally = &self.turn.tally;
        let destroyed = |rank: usize| {
            enemies
                .iter()
                .map(|c| tally.destroyed[c.index()][rank] as u32)
                .sum::<u32>()
        };
        let own = self.board.colour(me);
        let enemy_pieces = enemies
            .iter()
            .fold(Bitboard::EMPTY, |acc, c| acc | self.board.colour(*c));
        match cond {
            TaskCond::Destroyed { at_least, upgraded } => {
                let total = destroyed(0) + destroyed(1) + destroyed(2);
                total >= *at_least as u32 && destroyed(1) + destroyed(2) >= *upgraded as u32
            }
            TaskCond::DestroyedEither { legendary, heroic } => {
                destroyed(2) >= *legendary as u32 || destroyed(1) >= *heroic as u32
            }
            // The board's own tasks are met when nothing is missing for them.
            TaskCond::PiecesOn { .. }
            | TaskCond::MoreUpgradedOn(_)
            | TaskCond::LineLead { .. }
            | TaskCond::Surround { .. } => self.task_shortfall(me, cond) == Some(0),
            TaskCond::Summoned {
                at_least,
                on,
                on_count,
                legends,
            } => {
                let on_ok = match on {
                    Some(s) => {
                        let area = *s;
                        let n = tally
                            .summoned_at
                            .iter()
                            .flatten()
                            .filter(|sq| area.contains(**sq))
                            .count();
                        n >= *on_count as usize
                    }
                    None => true,
                };
                tally.summoned >= *at_least && on_ok && tally.legends_summoned >= *legends
            }
            TaskCond::Chain { pairs } => pairs.iter().any(|&(a, b)| {
                let mut reached = own & a;
                loop {
                    if (reached & b).any() {
                        return true;
                    }
                    let grown = (reached.grow() & own) | reached;
                    if grown == reached {
                        return false;
                    }
                    reached = grown;
                }
            }),
            TaskCond::Isolated { moves } => enemy_pieces
                .iter()
                .any(|p| self.isolated(p, enemy_pieces, *moves)),
            TaskCond::All(cs) => cs.iter().all(|c| self.task_met(me, c)),
            TaskCond::AnyOf(cs) => cs.iter().any(|c| self.task_met(me, c)),
        }
    }

    /// How many more own pieces (placed, or upgraded where rank counts) `me` would need on the
    /// board to meet `cond`, for the conditions the board alone decides; `None` for those that
    /// count what happens during a turn (destruction, summoning) or that no count measures
    /// (chains, isolation). [`GameState::task_met`] asks it whether those tasks are met, and the
    /// search's High Form estimate reads it as progress towards a task.
    pub fn task_shortfall(&self, me: Colour, cond: &TaskCond) -> Option<u32> {
        let own = self.board.colour(me);
        let enemies = || self.colour_ids().filter(move |c| *c != me);
        let short = |need: u8, have: u32| u32::from(need).saturating_sub(have);
        match cond {
            TaskCond::PiecesOn {
                squares: s,
                at_least,
                upgraded,
                legendary,
            } => {
                let on = own & *s;
                let up = (on & self.board.ranks(RankSet::UPGRADED)).count();
                let legend = (on & self.board.ranks(RankSet::LEGENDARY)).count();
                Some(
                    short(*at_least, on.count())
                        .max(short(*upgraded, up))
                        .max(short(*legendary, legend)),
                )
            }
            TaskCond::MoreUpgradedOn(s) => {
                let area = *s & self.board.ranks(RankSet::UPGRADED);
                let mine = (self.board.colour(me) & area).count();
                let most = enemies()
                    .map(|c| (self.board.colour(c) & area).count())
                    .max()
                    .unwrap_or(0);
                Some((most + 1).saturating_sub(mine))
            }
            TaskCond::LineLead { lines, lead } => lines
                .iter()
                .map(|l| {
                    let line = *l;
                    let mine = (own & line).count();
                    let most = enemies()
                        .map(|c| (self.board.colour(c) & line).count())
                        .max()
                        .unwrap_or(0);
                    (most + u32::from(*lead)).saturating_sub(mine)
                })
                .min(),
            TaskCond::Surround { at_least } => {
                let enemy = enemies().fold(Bitboard::EMPTY, |acc, c| acc | self.board.colour(c));
                enemy
                    .iter()
                    .map(|sq| short(*at_least, (Bitboard::from_square(sq).ring() & own).count()))
                    .min()
            }
            TaskCond::All(cs) => cs
                .iter()
                .map(|c| self.task_shortfall(me, c))
                .sum::<Option<u32>>(),
            TaskCond::AnyOf(cs) => cs.iter().filter_map(|c| self.task_shortfall(me, c)).min(),
            TaskCond::Destroyed { .. }
            | TaskCond::DestroyedEither { .. }
            | TaskCond::Summoned { .. }
            | TaskCond::Chain { .. }
            | TaskCond::Isolated { .. } => None,
        }
    }

    /// An enemy piece within distance 2 of another that cannot get next to any other enemy piece in
    /// `moves` moves through empty squares.
    fn isolated(&self, p: super::square::Square, enemies: Bitboard, moves: u8) -> bool {
        let start = Bitboard::from_square(p);
        let others = enemies - start;
        let mut near = start;
        for _ in 0..2 {
            near = near.grow();
        }
        if (near & others).is_empty() {
            return false;
        }
        let empty = self.board.empty_squares();
        let touching = others.ring();
        let mut reached = start;
        for _ in 0..=moves {
            if (reached & touching).any() {
                return false;
            }
            reached = reached | (reached.ring() & empty & arena::PLAYABLE);
        }
        true
    }
}
