//! The moment a bot must stop thinking about one decision, read inside its loops.
//!
//! A card set may make one action long (a run of twelve leaps anywhere is legal), so a bot cannot
//! only look at the clock between whole choices: every loop that may run long (greedy's completion
//! of an action, mcts's root plan and playouts) asks [`Deadline::reached`] and answers with what it
//! has found so far. Until the deadline is reached nothing changes, so seeded bots choose as before.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When a decision's thinking ends: after a time limit, or when the caller cancels.
#[derive(Clone, Copy, Debug)]
pub struct Deadline<'a> {
    /// `None` for no time limit (or one too far to represent).
    end: Option<Instant>,
    cancel: Option<&'a AtomicBool>,
}

impl<'a> Deadline<'a> {
    /// No deadline: think until done.
    pub fn never() -> Deadline<'static> {
        Deadline {
            end: None,
            cancel: None,
        }
    }

    /// `limit` from now, or earlier if `cancel` is set (a zero `limit` is reached at once).
    pub fn after(limit: Duration, cancel: &'a AtomicBool) -> Deadline<'a> {
        Deadline {
            end: Instant::now().checked_add(limit),
            cancel: Some(cancel),
        }
    }

    /// Whether thinking should stop now.
    pub fn reached(&self) -> bool {
        self.cancel.is_some_and(|c| c.load(Ordering::Relaxed))
            || self.end.is_some_and(|end| Instant::now() >= end)
    }
}
