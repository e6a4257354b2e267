//! The single writer of the engine's output: whole lines, each flushed at once.

use crate::app::exit::Exit;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Standard output (or any writer) shared by the reader loop and the search threads. Lines
/// written by one call never interleave with another's.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Wraps `w`.
    pub fn new(w: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(w))))
    }

    /// Writes `lines` together, flushing after each. A write error (the GUI has gone) is
    /// ignored: the end of the input will end the engine.
    pub fn lines<S: AsRef<str>>(&self, lines: &[S]) {
        let mut w = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        for line in lines {
            let _ = writeln!(w, "{}", line.as_ref());
            let _ = w.flush();
        }
    }

    /// Writes one line.
    pub fn line(&self, line: &str) {
        self.lines(&[line]);
    }

    /// Ends the process with `exit` between two lines (the GUI never reads half a line).
    pub fn exit(&self, exit: Exit) -> ! {
        let mut w = self
            .0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let _ = w.flush();
        std::process::exit(i32::from(exit.code()))
    }
}
