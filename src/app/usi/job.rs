//! One `go mate`: the search on its own thread, progress once a second, and exactly one
//! `checkmate` line at the end.

use super::output::Output;
use crate::app::problem::defender_king_fault;
use crate::notation::sfen::to_sfen;
use crate::notation::usi::usi_line;
use crate::search::replay::verify_mate_line;
use crate::search::table::Table;
use crate::search::{solve, MateLine, Options, Outcome, Progress, Report, LINE_AFTER_LIMIT_NODES};
use crate::shogi::movegen::is_legal;
use crate::shogi::Position;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How often a running search reports its progress.
const PROGRESS_EVERY: Duration = Duration::from_secs(1);
/// The answer when no mate was proven and no mate was disproven.
pub const TIMEOUT: &str = "checkmate timeout";

/// What a `go mate` does.
pub enum Task {
    /// Search `pos`; the side to move attacks.
    Search {
        /// The position, as the options make it (hands filled or not).
        pos: Box<Position>,
        /// Rules, table size and time limit.
        options: Options,
    },
    /// Print these lines, the `checkmate` line last: the answer is known without a search.
    Answer(Vec<String>),
}

/// A running (or finished) `go mate`.
pub struct Job {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
    /// How the job ends by itself.
    end: OwnEnd,
}

/// How a job ends if nothing stops it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OwnEnd {
    /// At the latest when its search's time runs out, about this instant.
    By(Instant),
    /// When its search reaches its node limit, or at once (an answer known without a search).
    Bounded,
    /// Only with its answer: `go mate infinite` with no limit from the command line.
    Unbounded,
}

impl OwnEnd {
    fn of(task: &Task) -> OwnEnd {
        match task {
            Task::Search { options, .. } => match (options.limits.time, options.limits.nodes) {
                (Some(t), _) => Instant::now()
                    .checked_add(t)
                    .map_or(OwnEnd::Unbounded, OwnEnd::By),
                (None, Some(_)) => OwnEnd::Bounded,
                (None, None) => OwnEnd::Unbounded,
            },
            Task::Answer(_) => OwnEnd::Bounded,
        }
    }
}

impl Job {
    /// Starts `task` on its own thread, once `previous` (asked to stop here) has printed its
    /// last line, so the answers come in the order of the `go mate` commands and the caller
    /// never waits. The job prints `info` lines while it runs and, when it ends for whatever
    /// reason, exactly one `checkmate` line. If no thread can be started, that line is printed
    /// here and there is no job.
    pub fn start(task: Task, out: &Output, previous: Option<Job>) -> Option<Job> {
        if let Some(previous) = &previous {
            previous.stop();
        }
        let end = OwnEnd::of(&task);
        let stop = Arc::new(AtomicBool::new(false));
        let job_out = out.clone();
        let job_stop = stop.clone();
        let spawned = std::thread::Builder::new()
            .name("tsume-usi-go".into())
            .spawn(move || {
                if let Some(previous) = previous {
                    previous.finish();
                }
                // Whatever happens, the `go mate` gets its one `checkmate` line.
                let lines = std::panic::catch_unwind(AssertUnwindSafe(|| match task {
                    Task::Search { pos, mut options } => {
                        options.limits.stop = Some(job_stop);
                        search(&pos, options, &job_out)
                    }
                    Task::Answer(lines) => lines,
                }))
                .unwrap_or_else(|_| {
                    vec![
                        "info string internal error, please report it: the search failed"
                            .to_string(),
                        TIMEOUT.to_string(),
                    ]
                });
                job_out.lines(&lines);
            });
        match spawned {
            Ok(handle) => Some(Job { stop, handle, end }),
            Err(e) => {
                out.lines(&[
                    format!("info string error: cannot start the search ({e})"),
                    TIMEOUT.to_string(),
                ]);
                None
            }
        }
    }

    /// Whether the job is still running (its `checkmate` line not yet printed).
    pub fn is_running(&self) -> bool {
        !self.handle.is_finished()
    }

    /// Asks the search to stop; it then prints `checkmate timeout`, unless its answer was
    /// already known. Returns at once.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Stops the search and waits until its `checkmate` line is printed.
    fn finish(self) {
        self.stop();
        let _ = self.handle.join();
    }

    /// Lets the search end by itself within its own limits, then prints nothing more: with a
    /// time limit it runs until that time (and `patience` more for its last line) at most; with
    /// a node limit alone, until it ends; with no limit at all, `grace` long. After that it is
    /// stopped, and its `checkmate` line (the best proven answer) awaited `patience` long at
    /// most. So a script that sends `go mate` and `quit` (or ends its input) at once gets the
    /// answer the search proves within its time, never a `timeout` for want of waiting.
    pub fn finish_on_quit(self, grace: Duration, patience: Duration) {
        let until = match self.end {
            OwnEnd::By(end) => Some(end + patience),
            OwnEnd::Bounded => None,
            OwnEnd::Unbounded => Some(Instant::now() + grace),
        };
        while self.is_running() && until.is_none_or(|u| Instant::now() < u) {
            std::thread::sleep(Duration::from_millis(5));
        }
        self.stop();
        let deadline = Instant::now() + patience;
        while self.is_running() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

/// The closing lines of a search of `pos`, the `checkmate` line last. A position without the
/// defender's king is answered `nomate` at once (no king, no check: that is a proof).
fn search(pos: &Position, options: Options, out: &Output) -> Vec<String> {
    if let Some(fault) = defender_king_fault(pos) {
        return vec![
            format!("info string {fault}, so there is no check and no mate"),
            "checkmate nomate".to_string(),
        ];
    }
    if pos.in_check() {
        out.line("info string the side to move is in check: only checks that answer it are tried");
    }
    solve_with_progress(pos, options, out)
}

/// Runs the solver on a thread with a deep stack (the search recurses once per ply), prints
/// progress while waiting for it, and returns the closing lines, the `checkmate` line last.
fn solve_with_progress(pos: &Position, mut options: Options, out: &Output) -> Vec<String> {
    if !Table::can_map(options.hash_mb) {
        return vec![
            format!(
                "info string error: cannot allocate {} MB for the hash table; lower USI_Hash",
                options.hash_mb
            ),
            TIMEOUT.to_string(),
        ];
    }
    let progress = Arc::new(Progress::default());
    options.limits.progress = Some(progress.clone());
    let (tx, rx) = mpsc::channel();
    let solver = {
        let pos = pos.clone();
        std::thread::Builder::new()
            .name("tsume-usi-search".into())
            .stack_size(crate::search::SEARCH_STACK)
            .spawn(move || {
                let _ = tx.send(solve(&pos, &options));
            })
    };
    let solver = match solver {
        Ok(handle) => handle,
        Err(e) => {
            return vec![
                format!("info string error: cannot start the search thread ({e})"),
                TIMEOUT.to_string(),
            ]
        }
    };
    let start = Instant::now();
    let mut mates_shown = 0;
    let report = loop {
        match rx.recv_timeout(PROGRESS_EVERY) {
            Ok(report) => break Some(report),
            Err(RecvTimeoutError::Timeout) => {
                let mates = progress.mates_found();
                for m in &mates[mates_shown..] {
                    out.line(&format!(
                        "info string a mate in at most {} plies found after {} ms; proving it \
                         shortest",
                        m.plies,
                        m.elapsed.as_millis()
                    ));
                }
                mates_shown = mates.len();
                out.line(&info_line(
                    start.elapsed(),
                    progress.nodes.load(Ordering::Relaxed),
                    progress.hash_permille.load(Ordering::Relaxed),
                ))
            }
            Err(RecvTimeoutError::Disconnected) => break None,
        }
    };
    let _ = solver.join();
    match report {
        Some(report) => answer(pos, &report),
        None => vec![
            "info string internal error, please report it: the search thread failed".to_string(),
            TIMEOUT.to_string(),
        ],
    }
}

/// `info time <ms> nodes <n> nps <n> hashfull <permille>`.
fn info_line(elapsed: Duration, nodes: u64, hash_permille: u32) -> String {
    let ms = elapsed.as_millis();
    let nps = u128::from(nodes) * 1_000_000 / elapsed.as_micros().max(1);
    format!("info time {ms} nodes {nodes} nps {nps} hashfull {hash_permille}")
}

/// The closing lines for a finished search: its statistics, notes, and the `checkmate` line.
/// A mate line is printed only after it has passed the replay check; `nomate` only when the
/// search proved it.
fn answer(pos: &Position, report: &Report) -> Vec<String> {
    let mut lines = vec![info_line(
        report.elapsed,
        report.nodes,
        report.hash_permille,
    )];
    match &report.outcome {
        Outcome::Mate { line, .. } => match verify_mate_line(pos, line) {
            Ok(()) => {
                lines.extend(notes(pos, line));
                lines.push(format!("checkmate {}", usi_line(&line.moves)));
            }
            Err(fault) => {
                lines.push(format!(
                    "info string internal error, please report it: the solver's line failed its \
                     replay check ({fault}); position {}, line {}",
                    to_sfen(pos),
                    usi_line(&line.moves)
                ));
                lines.push(TIMEOUT.to_string());
            }
        },
        Outcome::NoMate => lines.push("checkmate nomate".to_string()),
        Outcome::Unknown {
            mate_at_most,
            found,
        } => {
            if let Some(n) = mate_at_most {
                lines.push(format!(
                    "info string a mate in at most {n} plies was found but not proven shortest"
                ));
            }
            // Its line, only if it replays as a mate.
            match found.as_ref().map(|l| (l, verify_mate_line(pos, l))) {
                Some((line, Ok(_))) => lines.push(format!(
                    "info string the mate found ({} plies, not proven shortest): {}",
                    line.length(),
                    usi_line(&line.moves)
                )),
                // Its moves are not shown: they are no mate.
                Some((_, Err(_))) => lines.push(format!(
                    "info string internal error, please report it: the mate found failed its \
                     replay check; position {}",
                    to_sfen(pos)
                )),
                None if mate_at_most.is_some() => lines.push(format!(
                    "info string its line is not shown: it was not had within \
                     {LINE_AFTER_LIMIT_NODES} nodes after the search stopped"
                )),
                None => {}
            }
            lines.push(TIMEOUT.to_string());
        }
    }
    lines
}

/// `info string` lines that say how the line is counted, where the tsume rules make that
/// differ from the plies played.
fn notes(pos: &Position, line: &MateLine) -> Vec<String> {
    let mut notes = vec![format!("info string mate in {}", line.length())];
    if !line.futile.is_empty() {
        let plies: Vec<String> = line.futile.iter().map(|i| (i + 1).to_string()).collect();
        notes.push(format!(
            "info string plies {} are futile interpositions, each with its capture not counted",
            plies.join(", ")
        ));
        if let Some((ply, mv)) = first_illegal_over_the_board(pos, &line.moves) {
            notes.push(format!(
                "info string over the board, where the captured interpositions stay with the \
                 attacker, ply {ply} ({mv}) is not legal"
            ));
        }
    }
    if line.futile_end {
        let example = line
            .futile_end_example(&line.end_position(pos))
            .map(|f| format!(", e.g. {} {}", f.drop, f.capture))
            .unwrap_or_default();
        notes.push(format!(
            "info string the line ends at a check whose every reply is a futile interposition, \
             not counted{example}"
        ));
    }
    notes
}

/// The first ply of `moves` that is not legal when played from `pos` as they stand (a futile
/// interposition's piece not given back), 1-based.
fn first_illegal_over_the_board(
    pos: &Position,
    moves: &[crate::shogi::Move],
) -> Option<(usize, crate::shogi::Move)> {
    let mut pos = pos.clone();
    for (i, &m) in moves.iter().enumerate() {
        if !is_legal(&pos, m) {
            return Some((i + 1, m));
        }
        pos.make_move(m);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::notation::usi::parse_usi_move;
    use crate::search::futile::Capturer;

    fn report(outcome: Outcome) -> Report {
        Report {
            outcome,
            mates_found: vec![],
            nodes: 1500,
            elapsed: Duration::from_millis(500),
            hash_permille: 7,
            hash_bytes: 1 << 20,
            stats: vec![],
        }
    }

    #[test]
    fn the_info_line() {
        assert_eq!(
            info_line(Duration::from_millis(500), 1500, 7),
            "info time 500 nodes 1500 nps 3000 hashfull 7"
        );
        assert_eq!(
            info_line(Duration::from_micros(400), 10, 0),
            "info time 0 nodes 10 nps 25000 hashfull 0"
        );
    }

    #[test]
    fn a_position_without_the_defenders_king_is_answered_nomate_at_once() {
        let pos = parse_sfen("9/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
        let out = Output::new(std::io::sink());
        let lines = search(&pos, Options::default(), &out);
        assert_eq!(
            lines,
            [
                "info string the defender (White, the side not to move) has no king, so there is \
                 no check and no mate",
                "checkmate nomate",
            ]
        );
    }

    #[test]
    fn unknown_and_no_mate_answers() {
        let pos = parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let lines = answer(&pos, &report(Outcome::NoMate));
        assert_eq!(lines.last().unwrap(), "checkmate nomate");
        let lines = answer(
            &pos,
            &report(Outcome::Unknown {
                mate_at_most: Some(9),
                found: None,
            }),
        );
        assert_eq!(lines.last().unwrap(), TIMEOUT);
        assert!(lines[1].contains("at most 9"), "{lines:?}");
        assert!(lines[2].contains("its line is not shown"), "{lines:?}");
    }

    #[test]
    fn the_line_of_a_mate_not_proven_shortest_is_shown_only_if_it_replays() {
        let pos = parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        let unknown = |m: &str| Outcome::Unknown {
            mate_at_most: Some(1),
            found: Some(MateLine::plain(vec![parse_usi_move(&pos, m).unwrap()])),
        };
        let lines = answer(&pos, &report(unknown("G*5b")));
        assert_eq!(lines.last().unwrap(), TIMEOUT);
        assert!(
            lines.contains(
                &"info string the mate found (1 plies, not proven shortest): G*5b".to_string()
            ),
            "{lines:?}"
        );
        // G*3b is legal but no check.
        let lines = answer(&pos, &report(unknown("G*3b")));
        assert_eq!(lines.last().unwrap(), TIMEOUT);
        assert!(!lines.iter().any(|l| l.contains("G*3b")), "{lines:?}");
    }

    #[test]
    fn a_line_that_fails_the_replay_check_is_not_printed() {
        let pos = parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap();
        // G*3b is legal but no check.
        let line = MateLine::plain(vec![parse_usi_move(&pos, "G*3b").unwrap()]);
        let lines = answer(
            &pos,
            &report(Outcome::Mate {
                line: line.clone(),
                minimax: 1,
            }),
        );
        assert_eq!(lines.len(), 3, "{lines:?}");
        assert!(
            lines[1].starts_with("info string internal error"),
            "{lines:?}"
        );
        assert_eq!(lines[2], TIMEOUT);
    }

    #[test]
    fn a_futile_end_is_noted() {
        // short.tsv futile-drops-60: ▲３二龍, then every reply is a futile drop on 2b.
        let pos = parse_sfen("6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1").unwrap();
        let line = MateLine {
            moves: vec![parse_usi_move(&pos, "4b3b").unwrap()],
            futile: vec![],
            futile_end: true,
            capturer: Capturer::Any,
            ..MateLine::default()
        };
        let lines = answer(&pos, &report(Outcome::Mate { line, minimax: 3 }));
        assert_eq!(lines.last().unwrap(), "checkmate 4b3b");
        assert!(
            lines.iter().any(|l| l.contains("every reply is a futile")),
            "{lines:?}"
        );
    }
}
