//! Writing a command's results to standard output, the way command-line tools are expected to:
//! when the reader has gone (`tashkalar sim | head -1`, a closed pipe) the program ends quietly,
//! and any other failure to write (a full disk) is one line on standard error and a non-zero
//! exit, never a panic.
//!
//! The exit status of a closed pipe is 0 (as `ripgrep` and `fd` do): the reader took what it
//! wanted, nothing went wrong on our side. A full disk or any other write error exits with 1.

use std::fmt;
use std::io::{self, Write};

/// Why the output stopped.
#[derive(Debug)]
pub enum Stop {
    /// The reader closed its end (a broken pipe): end quietly.
    Closed,
    /// Writing failed otherwise (no space left, an I/O error).
    Failed(io::Error),
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stop::Closed => f.write_str("standard output was closed"),
            Stop::Failed(e) => write!(f, "cannot write to standard output: {e}"),
        }
    }
}

impl From<io::Error> for Stop {
    fn from(e: io::Error) -> Self {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Stop::Closed
        } else {
            Stop::Failed(e)
        }
    }
}

/// Writes `text` to `to` and flushes it (so that a full disk is noticed now, not lost in the
/// flush at exit).
pub fn write_to(to: &mut impl Write, text: &str) -> Result<(), Stop> {
    to.write_all(text.as_bytes())?;
    to.flush()?;
    Ok(())
}

/// Writes `text` to standard output.
pub fn print(text: &str) -> Result<(), Stop> {
    write_to(&mut io::stdout().lock(), text)
}

/// Writes `text` and a line end to standard output.
pub fn println(text: &str) -> Result<(), Stop> {
    let mut out = io::stdout().lock();
    write_to(&mut out, text)?;
    write_to(&mut out, "\n")
}

/// Writes one line to standard error; a failure there is ignored (there is nowhere left to say
/// it).
pub fn eprintln(text: &str) {
    let mut err = io::stderr().lock();
    let _ = writeln!(err, "{text}");
    let _ = err.flush();
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Broken(io::ErrorKind);

    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(self.0))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_broken_pipe_is_a_quiet_stop_and_other_errors_are_failures() {
        assert!(matches!(
            write_to(&mut Broken(io::ErrorKind::BrokenPipe), "x"),
            Err(Stop::Closed)
        ));
        let full = write_to(&mut Broken(io::ErrorKind::StorageFull), "x");
        assert!(matches!(full, Err(Stop::Failed(_))));
        assert!(
            full.unwrap_err()
                .to_string()
                .starts_with("cannot write to standard output")
        );
        let mut fine = Vec::new();
        write_to(&mut fine, "ok").unwrap();
        assert_eq!(fine, b"ok");
    }
}
