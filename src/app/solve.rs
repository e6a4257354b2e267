//! `tsume solve`: the shortest mate of one problem, replayed and checked before it is printed.

use super::input::{read_problem, InputError};
use super::AppError;
use crate::notation::diagram::diagram;
use crate::notation::japanese::line_to_japanese;
use crate::notation::sfen::to_sfen;
use crate::search::verify::verify_mate_line;
use crate::search::{solve, Options, Outcome, Progress, Report};
use crate::shogi::{fill_defender_hand, Position};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// What `solve` was asked.
#[derive(Clone, Debug)]
pub struct SolveRequest {
    /// SFEN text or a file holding one.
    pub problem: String,
    /// Take the hands exactly as written (the defender gets nothing more).
    pub literal_hands: bool,
    /// Rules, table size and limits of the search.
    pub options: Options,
    /// Print JSON instead of text.
    pub json: bool,
}

/// The verdict, which is also the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A mate, proven shortest (exit 0).
    Mate = 0,
    /// No mate, proven (exit 1).
    NoMate = 1,
    /// A limit stopped the search (exit 3).
    Unknown = 3,
}

/// The `--json` output of `solve`.
#[derive(Serialize, Debug)]
pub struct SolveJson {
    /// The problem as solved (after the tsume hand convention), canonical SFEN.
    pub sfen: String,
    /// `mate`, `nomate` or `unknown`.
    pub result: &'static str,
    /// The minimax length in plies, for a mate.
    pub length: Option<usize>,
    /// For `unknown`: a mate was found of at most this many plies but not proven shortest.
    pub mate_at_most: Option<u16>,
    /// The main line in USI.
    pub line: Vec<String>,
    /// The main line in 日本式 (JSA) notation.
    pub line_ja: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time in milliseconds.
    pub time_ms: u64,
    /// Nodes per second.
    pub nodes_per_second: u64,
    /// Permille of the transposition table in use.
    pub hash_permille: u32,
    /// Size of the transposition table in megabytes.
    pub hash_mb: usize,
}

/// The problem as the solver takes it: the tsume hand convention applies unless the hands are
/// literal, the SFEN lists a defender hand, or every piece is already accounted for.
pub fn prepare_problem(pos: &Position, literal_hands: bool) -> Result<Position, InputError> {
    let defender = !pos.side_to_move();
    if pos.king(defender).is_none() {
        return Err(InputError::NotAProblem(format!(
            "the defender ({defender:?}, the side not to move) has no king"
        )));
    }
    if literal_hands || !pos.hand(defender).is_empty() {
        Ok(pos.clone())
    } else {
        Ok(fill_defender_hand(pos))
    }
}

/// Runs the search on a thread with a deep stack (the search recurses once per ply), showing a
/// progress line on the terminal once it has run for a second.
pub fn solve_with_progress(pos: &Position, options: &Options) -> Report {
    let progress = Arc::new(Progress::default());
    let mut options = options.clone();
    options.limits.progress = Some(progress.clone());
    let pos = pos.clone();
    let handle = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(move || solve(&pos, &options))
        .expect("spawn the search thread");
    let start = std::time::Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !handle.is_finished() {
        std::thread::sleep(Duration::from_millis(50));
        let secs = start.elapsed().as_secs_f64();
        if secs < 1.0 {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("style"));
            b
        });
        let nodes = progress.nodes.load(Ordering::Relaxed);
        bar.set_message(format!(
            "{} nodes, {:.2} M nodes/s, hash {:.1}%",
            nodes,
            nodes as f64 / secs / 1e6,
            progress.hash_permille.load(Ordering::Relaxed) as f64 / 10.0
        ));
        bar.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    handle.join().expect("the search thread does not panic")
}

/// Solves the requested problem and prints the answer.
pub fn run(req: &SolveRequest, out: &mut impl Write) -> Result<Verdict, AppError> {
    let record = read_problem(&req.problem)?;
    let pos = prepare_problem(&record.end_position(), req.literal_hands)?;
    let report = solve_with_progress(&pos, &req.options);
    if let Outcome::Mate { line } = &report.outcome {
        if let Err(fault) = verify_mate_line(&pos, line) {
            return Err(AppError::Internal(format!(
                "the solver's line failed the replay check ({fault}); position {}, line {}",
                to_sfen(&pos),
                line.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            )));
        }
    }
    let verdict = match report.outcome {
        Outcome::Mate { .. } => Verdict::Mate,
        Outcome::NoMate => Verdict::NoMate,
        Outcome::Unknown { .. } => Verdict::Unknown,
    };
    if req.json {
        let json = to_json(&pos, &report);
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json).expect("serialise")
        );
    } else {
        print_text(&pos, &report, out);
    }
    Ok(verdict)
}

fn to_json(pos: &Position, report: &Report) -> SolveJson {
    let (result, length, mate_at_most, line, line_ja) = match &report.outcome {
        Outcome::Mate { line } => (
            "mate",
            Some(line.len()),
            None,
            line.iter().map(|m| m.to_string()).collect(),
            line_to_japanese(pos, line),
        ),
        Outcome::NoMate => ("nomate", None, None, vec![], vec![]),
        Outcome::Unknown { mate_at_most } => ("unknown", None, *mate_at_most, vec![], vec![]),
    };
    let ms = report.elapsed.as_millis() as u64;
    SolveJson {
        sfen: to_sfen(pos),
        result,
        length,
        mate_at_most,
        line,
        line_ja,
        nodes: report.nodes,
        time_ms: ms,
        nodes_per_second: (report.nodes as f64 / report.elapsed.as_secs_f64().max(1e-9)) as u64,
        hash_permille: report.hash_permille,
        hash_mb: report.hash_bytes >> 20,
    }
}

fn print_text(pos: &Position, report: &Report, out: &mut impl Write) {
    let _ = write!(out, "{}", diagram(pos));
    let _ = writeln!(out, "sfen: {}", to_sfen(pos));
    match &report.outcome {
        Outcome::Mate { line } => {
            let _ = writeln!(out, "mate in {}", line.len());
            let usi: Vec<String> = line.iter().map(|m| m.to_string()).collect();
            let _ = writeln!(out, "usi: {}", usi.join(" "));
            let _ = writeln!(out, "日本式: {}", line_to_japanese(pos, line).join(" "));
        }
        Outcome::NoMate => {
            let _ = writeln!(out, "no mate");
        }
        Outcome::Unknown { mate_at_most } => {
            let _ = match mate_at_most {
                Some(n) => writeln!(
                    out,
                    "unknown: a limit was reached (a mate in {n} was found, not proven shortest)"
                ),
                None => writeln!(
                    out,
                    "unknown: a limit was reached before an answer was proven"
                ),
            };
        }
    }
    let secs = report.elapsed.as_secs_f64();
    let _ = writeln!(
        out,
        "nodes {}  time {:.3} s  {:.2} M nodes/s  hash {:.1}% of {} MB",
        report.nodes,
        secs,
        report.nodes as f64 / secs.max(1e-9) / 1e6,
        report.hash_permille as f64 / 10.0,
        report.hash_bytes >> 20
    );
}
