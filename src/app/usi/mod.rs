//! `tsume usi`: a USI mate engine for shogi GUIs.
//!
//! The engine reads commands from its input line by line and answers on its output, one whole
//! line at a time, flushed at once. The reader never waits for a search: a `go mate` runs on its
//! own thread, so every command is read as soon as it comes.
//!
//! - `usi`: `id name tsume <version>`, `id author …`, the `option` lines, `usiok`.
//! - `isready`: `readyok`, always and at once, also while a search runs.
//! - `setoption name <id> value <x>`: sets an option for the next `go mate`; an unknown option or
//!   a bad value is reported by `info string` and changes nothing.
//! - `usinewgame`, `gameover …`, `ponderhit`: nothing.
//! - `position sfen … [moves …]`, `position startpos [moves …]`: the position of the next `go
//!   mate`. A malformed one is reported by `info string error: …` and leaves no position.
//! - `go mate <ms>` / `go mate infinite`: exactly one `checkmate` line per `go mate`:
//!   `checkmate <moves…>` (the mate line, after it has passed the replay check),
//!   `checkmate nomate` (only when the search proved there is no mate), or `checkmate timeout`
//!   (the time ran out, `stop`, a missing position, or any other reason no answer was proven).
//!   About once a second a running search prints `info time <ms> nodes <n> nps <n> hashfull
//!   <permille>`. A `go mate` while a search runs stops that search first (its `checkmate
//!   timeout` comes before the new search starts).
//! - `go` without `mate`: `info string …` and `bestmove resign` (a mate engine plays no games).
//! - `stop`: a running search stops and prints its `checkmate` line (`timeout`, unless its answer
//!   was already known). With no search running, nothing.
//! - `quit`, or the end of the input: a running search goes on within its own limits (`go mate
//!   <ms>`, `--time`, `--nodes`; with none, one second) and prints its `checkmate` line, then the
//!   engine returns. A GUI that wants the search ended at once sends `stop` first.
//! - Anything else: `info string` naming the unknown command.

mod command;
mod job;
mod options;
mod output;

use options::EngineOptions;

use super::exit::Exit;
use crate::notation::sfen::parse_sfen_record;
use crate::search::futile::Capturer;
use crate::search::Options;
use crate::shogi::{fill_defender_hand, Position};
use command::{Command, MateTime};
use job::{Job, Task, TIMEOUT};
use output::Output;
use std::io::{BufRead, Write};
use std::time::Duration;

/// How long `quit` (or the end of the input) lets a search with no limit at all run before it
/// stops it.
const QUIT_GRACE: Duration = Duration::from_secs(1);

/// How long `quit` waits for a stopped search to print its last line.
const QUIT_PATIENCE: Duration = Duration::from_secs(5);

/// Runs the engine on `input` and `output` until `quit` or the end of the input. An error
/// reading the input ends the engine like `quit` and is returned. `defaults` gives the defaults
/// of `USI_Hash` and `Rules`, and the node and time limits of every search; `futile` the default
/// of `FutileCapture`.
/// Ctrl-C ends the process with exit code [`Exit::Interrupted`], between two output lines.
pub fn run(
    mut input: impl BufRead,
    output: impl Write + Send + 'static,
    defaults: &Options,
    futile: Capturer,
) -> std::io::Result<()> {
    let out = Output::new(output);
    let on_interrupt = out.clone();
    let _ = ctrlc::set_handler(move || on_interrupt.exit(Exit::Interrupted));
    let mut engine = Engine::new(out, EngineOptions::from_command_line(defaults, futile));
    let mut buf = Vec::new();
    let result = loop {
        buf.clear();
        match input.read_until(b'\n', &mut buf) {
            Ok(0) => break Ok(()),
            Ok(_) => {
                if !engine.handle(String::from_utf8_lossy(&buf).trim()) {
                    break Ok(());
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => break Err(e),
        }
    };
    engine.shut_down();
    result
}

/// The engine's state between commands.
struct Engine {
    out: Output,
    /// The options as the command line set them, declared as the defaults.
    defaults: EngineOptions,
    options: EngineOptions,
    /// The position of the last `position` command, or why there is none.
    position: Result<Position, String>,
    /// The last `go mate`, running or finished.
    job: Option<Job>,
}

impl Engine {
    fn new(out: Output, defaults: EngineOptions) -> Engine {
        Engine {
            out,
            options: defaults.clone(),
            defaults,
            position: Err("no position command has been received".to_string()),
            job: None,
        }
    }

    /// Handles one line; `false` when the engine should end.
    fn handle(&mut self, line: &str) -> bool {
        match command::parse(line) {
            Command::Usi => {
                let mut lines = vec![
                    format!("id name tsume {}", env!("CARGO_PKG_VERSION")),
                    "id author the tsume developers".to_string(),
                ];
                lines.extend(self.defaults.declarations());
                lines.push("usiok".to_string());
                self.out.lines(&lines);
            }
            Command::IsReady => self.out.line("readyok"),
            Command::SetOption { name, value } => {
                if let Err(why) = self.options.set(&name, value.as_deref()) {
                    self.info(&why);
                }
            }
            Command::UsiNewGame | Command::Ignored | Command::Empty => {}
            Command::Position(text) => {
                self.position = parse_sfen_record(&text)
                    .map(|record| record.end_position())
                    .map_err(|e| format!("the last position command was refused ({e})"));
                if let Err(why) = &self.position {
                    self.info(&format!("error: {why}"));
                }
            }
            Command::GoMate(time) => self.go_mate(time),
            Command::Go => self.out.lines(&[
                "info string tsume is a mate engine: use go mate",
                "bestmove resign",
            ]),
            Command::Stop => {
                if let Some(job) = self.job.as_ref().filter(|j| j.is_running()) {
                    job.stop();
                }
            }
            Command::Quit => return false,
            Command::Unknown(word) => self.info(&format!("unknown command '{word}' (ignored)")),
        }
        true
    }

    fn info(&self, text: &str) {
        self.out.line(&format!("info string {text}"));
    }

    /// Starts the answer to a `go mate`: a search, or at once a `checkmate timeout` when there
    /// is no position or the time is malformed. A running search is stopped first, and its
    /// `checkmate` line comes before the new answer.
    fn go_mate(&mut self, time: MateTime) {
        let task = match (&self.position, time) {
            (_, MateTime::Bad(word)) => Task::Answer(vec![
                format!(
                    "info string error: go mate takes a time in milliseconds or 'infinite', \
                     not '{word}'"
                ),
                TIMEOUT.to_string(),
            ]),
            (Err(why), _) => Task::Answer(vec![
                format!("info string error: no position to search: {why}"),
                TIMEOUT.to_string(),
            ]),
            (Ok(pos), time) => Task::Search {
                pos: Box::new(if self.options.defender_has_rest {
                    fill_defender_hand(pos)
                } else {
                    pos.clone()
                }),
                options: self.options.search_options(match time {
                    MateTime::Limit(t) => Some(t),
                    _ => None,
                }),
            },
        };
        self.job = Job::start(task, &self.out, self.job.take());
    }

    /// Lets a running search end within its own limits (or stops it after [`QUIT_GRACE`] when
    /// it has none) and waits for its last line ([`Job::finish_on_quit`]).
    fn shut_down(&mut self) {
        if let Some(job) = self.job.take() {
            job.finish_on_quit(QUIT_GRACE, QUIT_PATIENCE);
        }
    }
}
