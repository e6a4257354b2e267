//! A `tsume usi` process driven line by line, as a shogi GUI would: every read has a deadline,
//! so an engine that hangs fails the test instead of blocking it, and dropping the driver ends
//! the process.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Time allowed for an answer that must come at once, even while a search runs.
pub const AT_ONCE: Duration = Duration::from_secs(5);

/// A running `tsume usi` process with a line reader that never blocks the test.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Everything exchanged so far, for failure messages.
    transcript: Vec<String>,
    /// The `info` lines that [`Engine::answer`] passed over.
    pub infos: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// `tsume usi` with the command-line flags `args`.
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tsume"))
            .arg("usi")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tsume usi");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            transcript: Vec::new(),
            infos: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("write to the engine");
        stdin.flush().expect("flush");
    }

    pub fn fail(&self, what: &str) -> ! {
        panic!("{what}; session so far:\n{}", self.transcript.join("\n"))
    }

    /// The next line, whatever it is.
    pub fn line(&mut self, within: Duration) -> String {
        match self.lines.recv_timeout(within) {
            Ok(line) => {
                self.transcript.push(format!("< {line}"));
                line
            }
            Err(RecvTimeoutError::Timeout) => self.fail(&format!("no line within {within:?}")),
            Err(RecvTimeoutError::Disconnected) => self.fail("the engine's output ended"),
        }
    }

    /// The next line that is not an `info` line (those are kept in `infos`).
    pub fn answer(&mut self, within: Duration) -> String {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.line(left);
            if line.starts_with("info ") {
                self.infos.push(line);
            } else {
                return line;
            }
        }
    }

    /// The lines up to the first that starts with `prefix`, that one included.
    pub fn until(&mut self, prefix: &str, within: Duration) -> Vec<String> {
        let deadline = Instant::now() + within;
        let mut seen = Vec::new();
        loop {
            let line = self.line(deadline.saturating_duration_since(Instant::now()));
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The process id of the engine.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `isready` and expects `readyok` as the very next line (no answer left pending).
    pub fn ready(&mut self) {
        self.send("isready");
        let line = self.line(AT_ONCE);
        if line != "readyok" {
            self.fail(&format!("expected readyok, got {line:?}"));
        }
    }

    /// Sends `lines` one after another.
    pub fn send_all(&mut self, lines: &[&str]) {
        for line in lines {
            self.send(line);
        }
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.transcript.push("> (end of input)".to_string());
        self.stdin = None;
    }

    /// Waits for the process to end.
    pub fn exit_status(&mut self, within: Duration) -> ExitStatus {
        let deadline = Instant::now() + within;
        loop {
            if let Some(status) = self.child.try_wait().expect("wait for tsume") {
                return status;
            }
            if Instant::now() > deadline {
                self.fail(&format!("the engine did not exit within {within:?}"));
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
