//! Hints: the `normal` search bot, asked from the human seat's own view, names the choice it
//! would make. It runs on its own thread (the same search the AI seats use, so it never sees a
//! hidden card) and is dropped, and so cancelled, as soon as the position changes.

use crate::shell::ai::mcts::{Level, MctsBot};
use crate::tashkalar::engine::{Choice, GameState, Seat};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// A hint being searched for.
pub struct HintSearch {
    answer: Receiver<Option<Choice>>,
    cancel: Arc<AtomicBool>,
    /// The position it is for (its state hash): an answer for another position is dropped.
    pub position: u64,
}

/// What polling a hint found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintPoll {
    Thinking,
    Found(Choice),
    /// The search ended without a choice (no legal choice, or its thread died).
    Failed,
}

impl HintSearch {
    /// Starts searching for `seat`'s choice in `state`, seeing only what that seat may see.
    pub fn start(state: &GameState, seat: Seat, seed: u64) -> HintSearch {
        let observation = state.observation(seat);
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("tashkalar-hint".into())
            .spawn(move || {
                let mut bot = MctsBot::new(Level::Normal, seed);
                let found = bot.search(&observation, &flag).choice;
                // The screen may have moved on and dropped the receiver: nothing to do then.
                let _ = tx.send(found);
            });
        if spawned.is_err() {
            cancel.store(true, Ordering::Relaxed);
        }
        HintSearch {
            answer: rx,
            cancel,
            position: state.hash64(),
        }
    }

    pub fn poll(&self) -> HintPoll {
        match self.answer.try_recv() {
            Ok(Some(c)) => HintPoll::Found(c),
            Ok(None) | Err(TryRecvError::Disconnected) => HintPoll::Failed,
            Err(TryRecvError::Empty) => HintPoll::Thinking,
        }
    }

    /// Waits for the answer (tests and scripted play).
    pub fn wait(&self, timeout: std::time::Duration) -> HintPoll {
        match self.answer.recv_timeout(timeout) {
            Ok(Some(c)) => HintPoll::Found(c),
            Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => HintPoll::Failed,
            Err(mpsc::RecvTimeoutError::Timeout) => HintPoll::Thinking,
        }
    }
}

impl Drop for HintSearch {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The square a choice is about, where the cursor goes to show it.
pub fn focus_square(choice: &Choice) -> Option<crate::tashkalar::engine::Square> {
    match *choice {
        Choice::Place(sq)
        | Choice::Square(sq)
        | Choice::PlaceAs(sq, _)
        | Choice::StartSquare(sq)
        | Choice::Pickup(sq) => Some(sq),
        Choice::Summon { target, .. } => Some(target),
        Choice::Move { from, .. } => Some(from),
        _ => None,
    }
}
