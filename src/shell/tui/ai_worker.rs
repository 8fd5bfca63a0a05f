//! Bots think on a worker thread so the screen stays responsive; requests and answers travel over
//! channels, and a cancel flag stops a search when the game is left.
//!
//! A bot is only ever given `state.observation(seat)`, never the real state.

use crate::shell::ai::{Bot, panic_text};
use crate::tashkalar::engine::{Choice, GameState, Seat};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

struct Job {
    ticket: u64,
    seat: Seat,
    observation: GameState,
}

/// A bot's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Chose(Choice),
    /// The bot found no choice (only happens when there is none).
    NoChoice,
    /// The bot panicked; the text says where.
    Crashed(String),
}

/// An answer to one request.
#[derive(Clone, Debug)]
pub struct Reply {
    pub ticket: u64,
    pub seat: Seat,
    pub answer: Answer,
    pub elapsed: Duration,
}

/// Bots of one game, running on their own thread.
pub struct AiWorker {
    jobs: Option<Sender<Job>>,
    replies: Receiver<Reply>,
    cancel: Arc<AtomicBool>,
    handle: Option<JoinHandle<()>>,
}

impl AiWorker {
    /// Starts the thread with one bot per AI seat (index = seat).
    pub fn start(mut bots: Vec<Option<Box<dyn Bot<GameState>>>>) -> AiWorker {
        let (job_tx, job_rx) = mpsc::channel::<Job>();
        let (reply_tx, reply_rx) = mpsc::channel::<Reply>();
        let cancel = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&cancel);
        let handle = std::thread::Builder::new()
            .name("tashkalar-ai".into())
            .spawn(move || {
                for job in job_rx {
                    let started = Instant::now();
                    let answer = match bots.get_mut(job.seat.index()).and_then(|b| b.as_mut()) {
                        None => Answer::Crashed(format!("no bot plays seat {}", job.seat)),
                        Some(bot) => {
                            match catch_unwind(AssertUnwindSafe(|| {
                                bot.choose(&job.observation, &flag)
                            })) {
                                Ok(Some(c)) => Answer::Chose(c),
                                Ok(None) => Answer::NoChoice,
                                Err(p) => Answer::Crashed(panic_text(&*p)),
                            }
                        }
                    };
                    let reply = Reply {
                        ticket: job.ticket,
                        seat: job.seat,
                        answer,
                        elapsed: started.elapsed(),
                    };
                    if reply_tx.send(reply).is_err() {
                        break;
                    }
                }
            })
            .ok();
        AiWorker {
            jobs: Some(job_tx),
            replies: reply_rx,
            cancel,
            handle,
        }
    }

    /// Asks the bot of `seat` to choose, showing it only what that seat may see.
    pub fn request(&self, ticket: u64, seat: Seat, state: &GameState) -> Result<(), String> {
        let job = Job {
            ticket,
            seat,
            observation: state.observation(seat),
        };
        match &self.jobs {
            Some(tx) if self.handle.is_some() => tx
                .send(job)
                .map_err(|_| "the AI thread has stopped".to_string()),
            _ => Err("the AI thread could not be started".into()),
        }
    }

    /// An answer, if one arrived.
    pub fn try_reply(&self) -> Result<Option<Reply>, String> {
        match self.replies.try_recv() {
            Ok(r) => Ok(Some(r)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err("the AI thread has stopped".into()),
        }
    }

    /// Waits up to `timeout` for an answer (tests and scripted play).
    pub fn wait_reply(&self, timeout: Duration) -> Result<Option<Reply>, String> {
        match self.replies.recv_timeout(timeout) {
            Ok(r) => Ok(Some(r)),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err("the AI thread has stopped".into()),
        }
    }
}

impl Drop for AiWorker {
    fn drop(&mut self) {
        // Stop any search in progress, close the queue, and let the thread finish.
        self.cancel.store(true, Ordering::Relaxed);
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
