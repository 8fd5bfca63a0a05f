//! A connection's terminal, seen from the app: a ratatui backend that writes to the SSH channel
//! and takes its size from the client's pty, and an [`EventSource`] that reads the client's
//! bytes as keys. The app and its event loop are those of local play, unchanged.

use super::keys;
use crate::shell::tui::EventSource;
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Size};
use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The widest and tallest screen drawn: a client saying 10,000 columns gets this many (a
/// frame's buffer is width × height cells, and the client chooses them).
pub const MAX_COLS: u16 = 500;
pub const MAX_ROWS: u16 = 200;

/// A client's terminal size, clamped: 0 is 1 (the app then shows its "too small" screen), and
/// no side beyond [`MAX_COLS`] × [`MAX_ROWS`].
pub fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    let side = |v: u32, max: u16| v.clamp(1, u32::from(max)) as u16;
    (side(cols, MAX_COLS), side(rows, MAX_ROWS))
}

/// The size the client said last, shared between the SSH side (which hears it) and the
/// connection's thread (which draws at it).
pub type SharedSize = Arc<Mutex<(u16, u16)>>;

/// What the SSH side hands a connection's thread.
pub enum Input {
    /// Bytes the client typed.
    Bytes(Vec<u8>),
    /// The client's window changed size (already in the shared size).
    Resized,
}

/// Bytes for the client, gathered until a flush and then sent as one message (a frame).
pub struct ChannelWriter {
    out: tokio::sync::mpsc::Sender<Vec<u8>>,
    pending: Vec<u8>,
}

impl ChannelWriter {
    pub fn new(out: tokio::sync::mpsc::Sender<Vec<u8>>) -> Self {
        ChannelWriter {
            out,
            pending: Vec::new(),
        }
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    /// Waits while the channel's queue is full: a client that reads slowly slows its own
    /// screen only (each connection draws on a thread of its own).
    fn flush(&mut self) -> std::io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let bytes = std::mem::take(&mut self.pending);
        self.out
            .blocking_send(bytes)
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "client gone"))
    }
}

/// crossterm's backend writing to the channel, with the size the client gave (crossterm's own
/// would ask the server's terminal).
pub struct RemoteBackend {
    inner: CrosstermBackend<ChannelWriter>,
    size: SharedSize,
    cursor: Position,
}

impl RemoteBackend {
    pub fn new(writer: ChannelWriter, size: SharedSize) -> Self {
        RemoteBackend {
            inner: CrosstermBackend::new(writer),
            size,
            cursor: Position::ORIGIN,
        }
    }

    /// Writes raw bytes (entering and leaving the alternate screen).
    pub fn write_raw(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.inner.write_all(bytes)?;
        Write::flush(&mut self.inner)
    }

    fn current(&self) -> (u16, u16) {
        self.size.lock().map(|s| *s).unwrap_or((80, 24))
    }
}

impl Backend for RemoteBackend {
    type Error = std::io::Error;

    fn draw<'a, I>(&mut self, content: I) -> std::io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> std::io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> std::io::Result<()> {
        self.inner.show_cursor()
    }

    /// Where the cursor was put last: asking the client would mean reading its reply among
    /// its keys.
    fn get_cursor_position(&mut self) -> std::io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> std::io::Result<()> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> std::io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> std::io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> std::io::Result<Size> {
        let (width, height) = self.current();
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> std::io::Result<WindowSize> {
        let (width, height) = self.current();
        Ok(WindowSize {
            columns_rows: Size { width, height },
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// The client's keys and mouse, as the event loop reads them. When the client goes, the app is
/// asked to stop (as by a signal locally), which a mirror table takes as nothing to save.
pub struct RemoteEvents {
    input: Receiver<Input>,
    queued: VecDeque<Event>,
    gone: bool,
}

impl RemoteEvents {
    pub fn new(input: Receiver<Input>) -> Self {
        RemoteEvents {
            input,
            queued: VecDeque::new(),
            gone: false,
        }
    }

    /// Whether the client has gone (its connection closed).
    pub fn gone(&self) -> bool {
        self.gone
    }
}

impl EventSource for RemoteEvents {
    fn next(&mut self, timeout: Duration) -> std::io::Result<Option<Event>> {
        if let Some(event) = self.queued.pop_front() {
            return Ok(Some(event));
        }
        if self.gone {
            return Ok(None);
        }
        match self.input.recv_timeout(timeout) {
            Ok(Input::Bytes(bytes)) => {
                self.queued.extend(keys::parse(&bytes));
                Ok(self.queued.pop_front())
            }
            Ok(Input::Resized) => Ok(Some(Event::Resize(0, 0))),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => {
                self.gone = true;
                Ok(None)
            }
        }
    }

    fn stop_requested(&self) -> Option<&'static str> {
        self.gone.then_some("the connection closed")
    }
}
