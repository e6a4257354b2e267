//! `tsume verify`: solve every problem of some collections in parallel and compare each answer
//! with the expected one.

use super::collection::{load_all, CollectionError, Expected, LoadOptions, Problem, Row};
use super::interrupt::{stop_on_ctrl_c, EXIT_INTERRUPTED};
use super::solve::prepare_problem;
use crate::notation::sfen::to_sfen;
use crate::search::futile::Capturer;
use crate::search::replay::verify_mate_line;
use crate::search::{solve, Options, Outcome, Rules};
use crate::shogi::Position;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use thiserror::Error;

use crate::search::SEARCH_STACK;

/// What `verify` was asked.
#[derive(Clone, Debug)]
pub struct VerifyRequest {
    /// Collection files or directories of them.
    pub paths: Vec<PathBuf>,
    /// Problems solved at once, each on its own thread with its own table (default: the number
    /// of cores).
    pub jobs: Option<usize>,
    /// Rules (which also choose the TSV length column), table size per problem and limits of
    /// each search.
    pub options: Options,
    /// A TSV length column to use instead of the one the rules choose.
    pub length_column: Option<String>,
    /// Where to write the JSON report.
    pub report: Option<PathBuf>,
    /// No progress bar, and only the totals in the summary.
    pub quiet: bool,
}

/// How one problem came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The answer is the expected one.
    Ok,
    /// A different answer was proven.
    Mismatch,
    /// A limit stopped the search.
    Unknown,
    /// The row is not a problem, or the solver contradicted itself.
    Error,
}

/// One problem of the JSON report.
#[derive(Clone, Debug, Serialize)]
pub struct ProblemRecord {
    /// The id.
    pub id: String,
    /// `FILE:LINE`.
    pub source: String,
    /// The problem text as written.
    pub sfen: String,
    /// The expected result in the `.sfen` trailer syntax (`mate=69`, `mate`, `nomate`,
    /// `nomate-within=5`), or null when none is stated.
    pub expected: Option<String>,
    /// `mate`, `nomate` or `unknown`; null when the problem was not solved.
    pub result: Option<&'static str>,
    /// The minimax length of a mate, in plies.
    pub length: Option<usize>,
    /// The main line of a mate in USI, checked by replaying it.
    pub line: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Search time in milliseconds (to the microsecond).
    pub ms: f64,
    /// Permille of the transposition table in use at the end.
    pub hash_permille: u32,
    /// `ok`, `mismatch`, `unknown` or `error`.
    pub status: Status,
    /// What went wrong, or what a limit left open.
    pub message: Option<String>,
    /// The solver contradicted itself (its line failed the replay check).
    #[serde(skip)]
    pub internal: bool,
}

/// The counts of a run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    /// Rows in the collections.
    pub problems: usize,
    /// Rows with an answer (all of them unless the run was interrupted).
    pub finished: usize,
    /// Answers as expected.
    pub ok: usize,
    /// Different answers proven.
    pub mismatch: usize,
    /// Stopped by a limit.
    pub unknown: usize,
    /// Rows that are not problems, and internal errors.
    pub error: usize,
    /// Nodes searched, over all problems.
    pub nodes: u64,
}

impl Totals {
    fn add(&mut self, r: &ProblemRecord) {
        self.finished += 1;
        self.nodes += r.nodes;
        match r.status {
            Status::Ok => self.ok += 1,
            Status::Mismatch => self.mismatch += 1,
            Status::Unknown => self.unknown += 1,
            Status::Error => self.error += 1,
        }
    }

    fn counts(&self) -> String {
        format!(
            "ok {} mismatch {} unknown {} error {}",
            self.ok, self.mismatch, self.unknown, self.error
        )
    }
}

/// The JSON report of `verify --report`.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    /// `game` or `tsume`.
    pub rules: Rules,
    /// Tsume rules: who may capture a futile interposition, `any` or `checker` (null under game
    /// rules).
    pub futile: Option<Capturer>,
    /// Problems solved at once.
    pub jobs: usize,
    /// Table size per problem in megabytes.
    pub hash_mb: usize,
    /// Node limit per problem.
    pub node_limit: Option<u64>,
    /// Time limit per problem in seconds.
    pub time_limit_s: Option<f64>,
    /// Stopped by Ctrl-C: `problems` holds only what finished.
    pub interrupted: bool,
    /// Wall time of the run in milliseconds.
    pub wall_ms: u64,
    /// The counts.
    pub totals: Totals,
    /// One record per finished problem, in collection order.
    pub problems: Vec<ProblemRecord>,
}

/// How a run ended, which is also the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyExit {
    /// Every problem as expected (0).
    AllOk = 0,
    /// A mismatch or a row that is not a problem (1).
    Mismatch = 1,
    /// No mismatch, but a limit stopped some search (3).
    Unknown = 3,
    /// The solver contradicted itself (4).
    Internal = 4,
    /// Stopped by Ctrl-C (130): the running searches answer "unknown" and are left out.
    Interrupted = EXIT_INTERRUPTED as isize,
}

/// Why a run could not start, or its report could not be written (exit code 2).
#[derive(Debug, Error)]
pub enum VerifyError {
    /// A collection could not be read.
    #[error(transparent)]
    Collection(#[from] CollectionError),
    /// The report file could not be written.
    #[error("report {}: {source}", path.display())]
    Report {
        /// The report path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
}

impl VerifyError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            VerifyError::Threads(_) => 4,
            _ => 2,
        }
    }
}

/// A problem ready to search.
pub(super) struct Job {
    /// Its index among the rows.
    pub row: usize,
    /// The problem as read.
    pub problem: Problem,
    /// The position to search (the tsume hand convention applied).
    pub position: Position,
}

/// Verifies the collections: solves every problem, prints the summary to `out`, writes the
/// report if asked.
pub fn run(req: &VerifyRequest, out: &mut impl Write) -> Result<VerifyExit, VerifyError> {
    // First of all, so that a Ctrl-C at any time ends the run as an interrupted one.
    let stop = stop_on_ctrl_c();
    let options = LoadOptions {
        rules: req.options.rules,
        length_column: req.length_column.clone(),
        solution_moves: false,
    };
    let rows = load_all(&req.paths, &options)?;
    let (pool, threads) = worker_pool(req.jobs)?;
    let report_file = req.report.as_deref().map(ReportFile::create).transpose()?;

    let (mut records, jobs) = split_rows(rows, error_record);
    let bar = progress_bar(records.len(), req.quiet);
    let mut totals = Totals {
        problems: records.len(),
        ..Totals::default()
    };
    for r in records.iter().flatten() {
        totals.add(r);
        announce(&bar, r);
    }
    bar.set_position(totals.finished as u64);
    bar.set_message(totals.counts());

    let start = Instant::now();
    let mut search = req.options.clone();
    search.limits.stop = Some(stop.clone());
    let work = |job: &Job| {
        let record = verify_guarded(job, &search);
        // A search that Ctrl-C cut short is left out.
        (!(record.status == Status::Unknown && stop.load(Ordering::Relaxed))).then_some(record)
    };
    run_jobs(&pool, &jobs, &stop, work, |row, record| {
        totals.add(&record);
        announce(&bar, &record);
        bar.set_position(totals.finished as u64);
        bar.set_message(totals.counts());
        records[row] = Some(record);
    });
    bar.finish_and_clear();
    let wall = start.elapsed();
    let interrupted = stop.load(Ordering::Relaxed);

    let records: Vec<ProblemRecord> = records.into_iter().flatten().collect();
    print_summary(out, &records, &totals, wall, interrupted, req.quiet);
    let exit = exit_of(&records, interrupted);
    if let Some(file) = report_file {
        let report = VerifyReport {
            rules: req.options.rules,
            futile: (req.options.rules == Rules::Tsume).then_some(req.options.futile),
            jobs: threads,
            hash_mb: req.options.hash_mb,
            node_limit: req.options.limits.nodes,
            time_limit_s: req.options.limits.time.map(|t| t.as_secs_f64()),
            interrupted,
            wall_ms: wall.as_millis() as u64,
            totals,
            problems: records,
        };
        file.write(&report)?;
    }
    Ok(exit)
}

/// The pool of `jobs` worker threads (default: one per core), each with a deep stack for the
/// search; and how many there are.
pub(super) fn worker_pool(jobs: Option<usize>) -> Result<(rayon::ThreadPool, usize), VerifyError> {
    let threads = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(SEARCH_STACK)
        .thread_name(|i| format!("worker-{i}"))
        .build()
        .map_err(|e| VerifyError::Threads(e.to_string()))?;
    Ok((pool, threads))
}

/// Runs `work` on the jobs on the pool's threads, taking them in order, and hands each record to
/// `done` (on the calling thread) as it comes; `work` answers `None` for a record to leave out.
/// After `stop` is set no job is started.
pub(super) fn run_jobs<R: Send>(
    pool: &rayon::ThreadPool,
    jobs: &[Job],
    stop: &AtomicBool,
    work: impl Fn(&Job) -> Option<R> + Sync,
    mut done: impl FnMut(usize, R),
) {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, R)>();
    std::thread::scope(|s| {
        s.spawn(|| {
            pool.broadcast(|_| {
                let tx = tx.clone();
                while !stop.load(Ordering::Relaxed) {
                    let Some(job) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) else {
                        break;
                    };
                    if let Some(record) = work(job) {
                        let _ = tx.send((job.row, record));
                    }
                }
            });
            drop(tx);
        });
        for (row, record) in rx {
            done(row, record);
        }
    });
}

/// [`verify_one`], with a panic of the search turned into an internal error of that problem
/// (the panic message has gone to standard error), so the other problems still run.
fn verify_guarded(job: &Job, search: &Options) -> ProblemRecord {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| verify_one(job, search)))
        .unwrap_or_else(|_| {
            let mut r = error_record(RowFault::of(
                job,
                format!(
                    "internal error, please report it: the search panicked; position {}",
                    to_sfen(&job.position)
                ),
            ));
            r.internal = true;
            r
        })
}

/// A row that is not a problem (or a job that failed), as a record shows it.
pub(super) struct RowFault {
    /// The id.
    pub id: String,
    /// `FILE:LINE`.
    pub source: String,
    /// The problem text as written.
    pub text: String,
    /// The expected result, when the row could be read that far.
    pub expected: Option<Expected>,
    /// What is wrong.
    pub message: String,
}

impl RowFault {
    /// The fault `message` of a job.
    pub fn of(job: &Job, message: String) -> RowFault {
        let p = &job.problem;
        RowFault {
            id: p.id.clone(),
            source: p.source.to_string(),
            text: p.text.clone(),
            expected: Some(p.expected),
            message,
        }
    }
}

/// The rows that are not problems become records at once, through `fault`; the others become
/// jobs.
pub(super) fn split_rows<R>(
    rows: Vec<Row>,
    fault: impl Fn(RowFault) -> R,
) -> (Vec<Option<R>>, Vec<Job>) {
    let mut records = Vec::with_capacity(rows.len());
    let mut jobs = Vec::new();
    for (row, r) in rows.into_iter().enumerate() {
        match r {
            Ok(problem) => match prepare_problem(&problem.position, problem.literal_hands) {
                Ok(position) => {
                    records.push(None);
                    jobs.push(Job {
                        row,
                        problem,
                        position,
                    });
                }
                Err(e) => records.push(Some(fault(RowFault {
                    id: problem.id,
                    source: problem.source.to_string(),
                    text: problem.text,
                    expected: Some(problem.expected),
                    message: format!("column {}: {e}", problem.board_column),
                }))),
            },
            Err(e) => records.push(Some(fault(RowFault {
                id: e.id.unwrap_or_default(),
                source: e.source.to_string(),
                text: e.text,
                expected: None,
                message: e.message,
            }))),
        }
    }
    (records, jobs)
}

pub(super) fn error_record(f: RowFault) -> ProblemRecord {
    ProblemRecord {
        id: f.id,
        source: f.source,
        sfen: f.text,
        expected: f.expected.and_then(expected_text),
        result: None,
        length: None,
        line: vec![],
        nodes: 0,
        ms: 0.0,
        hash_permille: 0,
        status: Status::Error,
        message: Some(f.message),
        internal: false,
    }
}

fn expected_text(e: Expected) -> Option<String> {
    (e != Expected::Unspecified).then(|| e.to_string())
}

/// Solves one problem and judges the answer.
pub(super) fn verify_one(job: &Job, options: &Options) -> ProblemRecord {
    let p = &job.problem;
    let report = solve(&job.position, options);
    let mut record = ProblemRecord {
        id: p.id.clone(),
        source: p.source.to_string(),
        sfen: p.text.clone(),
        expected: expected_text(p.expected),
        result: None,
        length: None,
        line: vec![],
        nodes: report.nodes,
        ms: (report.elapsed.as_micros() as f64) / 1000.0,
        hash_permille: report.hash_permille,
        status: Status::Unknown,
        message: None,
        internal: false,
    };
    match &report.outcome {
        Outcome::Mate { line, .. } => {
            record.result = Some("mate");
            record.length = Some(line.length());
            record.line = line.moves.iter().map(|m| m.to_string()).collect();
            if let Err(fault) = verify_mate_line(&job.position, line) {
                record.status = Status::Error;
                record.internal = true;
                record.message = Some(format!(
                    "internal error, please report it: the solver's line failed the replay \
                     check ({fault}); position {}",
                    to_sfen(&job.position)
                ));
                return record;
            }
        }
        Outcome::NoMate => record.result = Some("nomate"),
        Outcome::Unknown { mate_at_most, .. } => {
            record.result = Some("unknown");
            record.message = Some(match mate_at_most {
                Some(n) => format!("a limit stopped the search after a mate in at most {n}"),
                None => "a limit stopped the search".to_string(),
            });
            return record;
        }
    }
    record.status = judge(p.expected, &report.outcome);
    if record.status == Status::Mismatch {
        let mut message = format!("expected {}, got {}", p.expected, got(&record));
        if let Outcome::Mate { line, .. } = &report.outcome {
            if line.choice_cut {
                message.push_str(CHOICE_CUT_NOTE);
            }
        }
        record.message = Some(message);
    }
    record
}

/// Added to a mismatch whose line was chosen with the comparison cut short.
const CHOICE_CUT_NOTE: &str = " (the choice among equally long lines ran out of its budget: the \
     line the conventions prefer may differ)";

/// Compares a proven answer with the expected one.
fn judge(expected: Expected, outcome: &Outcome) -> Status {
    let ok = match (expected, outcome) {
        (_, Outcome::Unknown { .. }) => return Status::Unknown,
        (Expected::Unspecified, _) => true,
        (Expected::Mate(n), Outcome::Mate { line, .. }) => line.length() == n,
        (Expected::AnyMate, Outcome::Mate { .. }) => true,
        (Expected::NoMate, Outcome::NoMate) => true,
        (Expected::NoMateWithin(_), Outcome::NoMate) => true,
        (Expected::NoMateWithin(n), Outcome::Mate { minimax, .. }) => *minimax > n,
        _ => false,
    };
    if ok {
        Status::Ok
    } else {
        Status::Mismatch
    }
}

/// The answer in a few words: `mate 15`, `nomate`, `unknown`, `-`.
pub(super) fn got(r: &ProblemRecord) -> String {
    match (r.result, r.length) {
        (Some("mate"), Some(n)) => format!("mate {n}"),
        (Some(result), _) => result.to_string(),
        (None, _) => "-".to_string(),
    }
}

pub(super) fn exit_of(records: &[ProblemRecord], interrupted: bool) -> VerifyExit {
    let any = |f: &dyn Fn(&ProblemRecord) -> bool| records.iter().any(f);
    if interrupted {
        VerifyExit::Interrupted
    } else if any(&|r| r.internal) {
        VerifyExit::Internal
    } else if any(&|r| matches!(r.status, Status::Mismatch | Status::Error)) {
        VerifyExit::Mismatch
    } else if any(&|r| r.status == Status::Unknown) {
        VerifyExit::Unknown
    } else {
        VerifyExit::AllOk
    }
}

/// The progress bar on standard error; hidden when that is not a terminal, or when asked.
pub(super) fn progress_bar(len: usize, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{pos}/{len} {msg} [{wide_bar}] {elapsed_precise} ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Prints a problem that is not ok above the progress bar as soon as it is known.
fn announce(bar: &ProgressBar, r: &ProblemRecord) {
    if r.status != Status::Ok {
        bar.println(format!(
            "{:<8} {} ({}): {}",
            status_name(r.status),
            r.id,
            r.source,
            r.message.as_deref().unwrap_or("")
        ));
    }
}

pub(super) fn status_name(s: Status) -> &'static str {
    match s {
        Status::Ok => "ok",
        Status::Mismatch => "mismatch",
        Status::Unknown => "unknown",
        Status::Error => "error",
    }
}

/// The summary: one line per problem that is not ok, then the totals and the wall time.
fn print_summary(
    out: &mut impl Write,
    records: &[ProblemRecord],
    totals: &Totals,
    wall: Duration,
    interrupted: bool,
    quiet: bool,
) {
    let not_ok: Vec<&ProblemRecord> = records.iter().filter(|r| r.status != Status::Ok).collect();
    if !quiet && !not_ok.is_empty() {
        let rows: Vec<[String; 6]> = not_ok
            .iter()
            .map(|r| {
                [
                    status_name(r.status).to_string(),
                    r.id.clone(),
                    r.source.clone(),
                    r.expected.clone().unwrap_or_else(|| "-".to_string()),
                    got(r),
                    r.message.clone().unwrap_or_default(),
                ]
            })
            .collect();
        let header = ["status", "id", "source", "expected", "got", "message"].map(String::from);
        let mut width = [0usize; 5];
        for row in std::iter::once(&header).chain(&rows) {
            for (w, cell) in width.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        for row in std::iter::once(&header).chain(&rows) {
            let mut line = String::new();
            for (w, cell) in width.iter().zip(row) {
                line.push_str(&format!("{cell:<w$}  "));
            }
            line.push_str(&row[5]);
            let _ = writeln!(out, "{}", line.trim_end());
        }
    }
    if interrupted {
        let _ = writeln!(
            out,
            "interrupted: {} of {} problems finished",
            totals.finished, totals.problems
        );
    }
    let secs = wall.as_secs_f64();
    let _ = writeln!(
        out,
        "{} problems: {} ok, {} mismatch, {} unknown, {} error; wall time {:.2} s ({:.2} problems/s), {} nodes",
        totals.finished,
        totals.ok,
        totals.mismatch,
        totals.unknown,
        totals.error,
        secs,
        totals.finished as f64 / secs.max(1e-9),
        totals.nodes
    );
}

/// A file that appears whole or not at all: written to a hidden temporary file beside its final
/// path (named by the process, so two runs do not collide and no file of the user's is touched),
/// synced, and renamed into place.
struct WholeFile {
    path: PathBuf,
    temp: PathBuf,
    file: File,
}

impl Drop for WholeFile {
    /// A file not written (an error, a panic) leaves no temporary file behind; once written, the
    /// temporary file has been renamed and there is nothing to remove.
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.temp);
    }
}

impl WholeFile {
    /// Creates the temporary file now.
    fn create(path: &Path) -> std::io::Result<WholeFile> {
        let name = path.file_name().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name")
        })?;
        let mut temp_name = std::ffi::OsString::from(".");
        temp_name.push(name);
        temp_name.push(format!(".{}.tmp", std::process::id()));
        let temp = path.with_file_name(temp_name);
        let file = File::create(&temp)?;
        Ok(WholeFile {
            path: path.to_path_buf(),
            temp,
            file,
        })
    }

    /// Writes the contents with `write`, then syncs the file and renames it into place.
    fn write(
        self,
        write: impl FnOnce(&mut BufWriter<&File>) -> std::io::Result<()>,
    ) -> std::io::Result<()> {
        let mut w = BufWriter::new(&self.file);
        write(&mut w)?;
        w.flush()?;
        drop(w);
        self.file.sync_all()?;
        std::fs::rename(&self.temp, &self.path)
    }
}

/// Writes `text` to `path` so that the file appears whole or not at all (see [`WholeFile`]).
pub(super) fn write_whole(path: &Path, text: &str) -> std::io::Result<()> {
    WholeFile::create(path)?.write(|w| w.write_all(text.as_bytes()))
}

/// The report, written as a [`WholeFile`].
pub(super) struct ReportFile(WholeFile);

impl ReportFile {
    /// Creates the temporary file now, so an unwritable report stops the run before it starts.
    pub fn create(path: &Path) -> Result<ReportFile, VerifyError> {
        WholeFile::create(path)
            .map(ReportFile)
            .map_err(|source| VerifyError::Report {
                path: path.to_path_buf(),
                source,
            })
    }

    pub fn write(self, report: &impl Serialize) -> Result<(), VerifyError> {
        let path = self.0.path.clone();
        self.0
            .write(|w| {
                serde_json::to_writer_pretty(&mut *w, report)?;
                writeln!(w)
            })
            .map_err(|source| VerifyError::Report { path, source })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::MateLine;
    use crate::shogi::{Move, PieceKind, Square};

    /// A mate of `n` plies (only the length matters to the judge).
    fn mate(n: usize) -> Outcome {
        let square = Square::new(5, 5).expect("5e");
        Outcome::Mate {
            line: MateLine::plain(vec![Move::drop(PieceKind::Pawn, square); n]),
            minimax: n,
        }
    }

    #[test]
    fn answers_are_judged_against_the_expected_result() {
        use Expected::*;
        let unknown = Outcome::Unknown {
            mate_at_most: None,
            found: None,
        };
        for (expected, outcome, status) in [
            (Mate(3), mate(3), Status::Ok),
            (Mate(3), mate(5), Status::Mismatch),
            (Mate(3), Outcome::NoMate, Status::Mismatch),
            (Mate(3), unknown.clone(), Status::Unknown),
            (AnyMate, mate(9), Status::Ok),
            (AnyMate, Outcome::NoMate, Status::Mismatch),
            (NoMate, Outcome::NoMate, Status::Ok),
            (NoMate, mate(1), Status::Mismatch),
            (NoMateWithin(5), Outcome::NoMate, Status::Ok),
            (NoMateWithin(5), mate(7), Status::Ok),
            (NoMateWithin(5), mate(5), Status::Mismatch),
            (Unspecified, mate(1), Status::Ok),
            (Unspecified, Outcome::NoMate, Status::Ok),
            (Unspecified, unknown, Status::Unknown),
        ] {
            assert_eq!(judge(expected, &outcome), status, "{expected} {outcome:?}");
        }
    }

    #[test]
    fn a_whole_file_replaces_its_path_and_leaves_nothing_else() {
        let dir = std::env::temp_dir().join(format!("tsume-whole-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.kif");
        // A file of the user's named like a temporary file is not touched.
        std::fs::write(dir.join("out.kif.tmp"), "mine").unwrap();
        write_whole(&path, "first").unwrap();
        write_whole(&path, "second").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "second");
        assert_eq!(
            std::fs::read_to_string(dir.join("out.kif.tmp")).unwrap(),
            "mine"
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        // A path that names no file is refused and leaves nothing.
        assert!(write_whole(&dir.join(".."), "x").is_err());
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
