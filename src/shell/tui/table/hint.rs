//! Hints: the `normal` search bot, asked from the human seat's own view, names the choice it
//! would make. It runs on its own thread (the same search the AI seats use, so it never sees a
//! hidden card) and is dropped, and so cancelled, as soon as the position changes.

use crate::shell::ai::mcts::{Level, MctsBot};
use crate::shell::game::Heuristics;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};

/// A hint being searched for.
pub struct HintSearch<C> {
    answer: Receiver<Option<C>>,
    cancel: Arc<AtomicBool>,
    /// The position it is for (its state hash): an answer for another position is dropped.
    pub position: u64,
}

/// What polling a hint found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HintPoll<C> {
    Thinking,
    Found(C),
    /// The search ended without a choice (no legal choice, or its thread died).
    Failed,
}

impl<C: Copy + Send + 'static> HintSearch<C> {
    /// Starts searching for `seat`'s choice in `game`, seeing only what that seat may see.
    pub fn start<G: Heuristics<Choice = C>>(game: &G, seat: usize, seed: u64) -> HintSearch<C> {
        let observation = game.observation(seat);
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let spawned = std::thread::Builder::new()
            .name("table-hint".into())
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
            position: game.state_hash(),
        }
    }

    pub fn poll(&self) -> HintPoll<C> {
        match self.answer.try_recv() {
            Ok(Some(c)) => HintPoll::Found(c),
            Ok(None) | Err(TryRecvError::Disconnected) => HintPoll::Failed,
            Err(TryRecvError::Empty) => HintPoll::Thinking,
        }
    }

    /// Waits for the answer (tests and scripted play).
    pub fn wait(&self, timeout: std::time::Duration) -> HintPoll<C> {
        match self.answer.recv_timeout(timeout) {
            Ok(Some(c)) => HintPoll::Found(c),
            Ok(None) | Err(mpsc::RecvTimeoutError::Disconnected) => HintPoll::Failed,
            Err(mpsc::RecvTimeoutError::Timeout) => HintPoll::Thinking,
        }
    }
}

impl<C> Drop for HintSearch<C> {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
