//! `tsume check` as a command: one problem (SFEN text, a file holding one, or a KIF/KI2/CSA
//! record file), or collections checked in parallel with the machinery of `verify`.
//!
//! For `check`, the moves after an SFEN (`… moves G*5b …`) are the intended solution, not moves
//! to play before solving; a TSV collection may give it in a `line` column instead, and a record
//! file gives it as its moves.

use super::render::{print_text, to_json, verdict_words, CheckJson};
use super::{check_problem, CheckProgress, CheckReport, CheckSettings, Class, Verdict};
use crate::app::collection::{load_all, LoadOptions, READERS};
use crate::app::input::{problem_text, read_record_problem, require_defender_king, InputError};
use crate::app::interrupt::{stop_on_ctrl_c, EXIT_INTERRUPTED};
use crate::app::solve::prepare_problem;
use crate::app::verify::{
    progress_bar, run_jobs, split_rows, worker_pool, Job, ReportFile, RowFault, VerifyError,
};
use crate::notation::sfen::{board_column, parse_sfen_with_unchecked_moves, to_sfen};
use crate::search::futile::Capturer;
use crate::search::{Rules, SEARCH_STACK};
use crate::shogi::{Move, Position};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use thiserror::Error;

/// What `check` was asked.
#[derive(Clone, Debug)]
pub struct CheckRequest {
    /// One problem (SFEN text or a file holding one), or collection files and directories.
    pub problems: Vec<String>,
    /// Take the hands as written: the defender gets no remaining pieces.
    pub literal_hands: bool,
    /// The searches' rules, table and limits, and the overall limits of each problem.
    pub settings: CheckSettings,
    /// Collections: problems checked at once (default: the number of cores).
    pub jobs: Option<usize>,
    /// Print JSON instead of text.
    pub json: bool,
    /// Collections: where to write the JSON report.
    pub report: Option<PathBuf>,
    /// No progress display; a collection's summary gives only the totals.
    pub quiet: bool,
}

/// Why `check` could not give a verdict.
#[derive(Debug, Error)]
pub enum CheckError {
    /// The problem is malformed or not a problem (exit 2).
    #[error(transparent)]
    Input(#[from] InputError),
    /// A collection run could not start, or its report could not be written.
    #[error(transparent)]
    Run(#[from] VerifyError),
    /// Flags that do not go together (exit 2).
    #[error("{0}")]
    Usage(String),
    /// The program contradicted itself (exit 4).
    #[error("internal error, please report it: {0}")]
    Internal(String),
}

impl CheckError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            CheckError::Input(_) | CheckError::Usage(_) => 2,
            CheckError::Run(e) => e.exit_code(),
            CheckError::Internal(_) => 4,
        }
    }
}

/// Exit code of a collection run that something contradicted itself in.
const EXIT_INTERNAL: u8 = 4;

/// Runs the check and prints the outcome; the exit code is the verdict's (0 sound, 1 flawed,
/// 3 undecided), for collections the worst of them.
pub fn run(req: &CheckRequest, out: &mut impl Write) -> Result<u8, CheckError> {
    // First of all, so that a Ctrl-C at any time ends the run as an interrupted one.
    let stop = stop_on_ctrl_c();
    let collection =
        req.problems.len() > 1 || req.problems.iter().any(|p| is_collection(Path::new(p)));
    if collection {
        return run_collections(req, stop, out);
    }
    if req.report.is_some() {
        return Err(CheckError::Usage(
            "--report is for collections; use --json for one problem".to_string(),
        ));
    }
    run_one(req, &req.problems[0], stop, out)
}

/// A directory, or a file of a type some collection reader reads (a record file is one problem).
fn is_collection(path: &Path) -> bool {
    path.is_dir()
        || path
            .extension()
            .and_then(|e| e.to_str())
            .is_some_and(|e| READERS.iter().any(|(x, _)| x.eq_ignore_ascii_case(e)))
}

fn run_one(
    req: &CheckRequest,
    arg: &str,
    stop: Arc<AtomicBool>,
    out: &mut impl Write,
) -> Result<u8, CheckError> {
    let (start, moves) = match read_record_problem(arg) {
        Some(record) => {
            let record = record?;
            (record.start, record.moves)
        }
        None => {
            let (text, origin) = problem_text(arg)?;
            let (start, moves) =
                parse_sfen_with_unchecked_moves(&text).map_err(|error| InputError::Sfen {
                    origin: origin.clone(),
                    error,
                })?;
            let at = format!("{origin}column {}: ", board_column(&text));
            require_defender_king(&start, &at)?;
            (start, moves)
        }
    };
    let pos = prepare_problem(&start, req.literal_hands)?;
    let intended = (!moves.is_empty()).then_some(moves);
    let mut settings = req.settings.clone();
    settings.options.limits.stop = Some(stop);
    let report =
        check_with_progress(&pos, intended, &settings, req.quiet).map_err(CheckError::Internal)?;
    let (rules, by) = (req.settings.options.rules, req.settings.options.futile);
    if req.json {
        let json = to_json(&pos, &report, rules, by);
        let text = serde_json::to_string_pretty(&json).expect("serialise");
        let _ = writeln!(out, "{text}");
    } else {
        print_text(&pos, &report, rules, by, out);
    }
    Ok(if report.interrupted {
        EXIT_INTERRUPTED
    } else {
        report.verdict as u8
    })
}

/// Checks one problem on a thread with a deep stack, showing how far it has got on the terminal
/// once it has run for a second.
fn check_with_progress(
    pos: &Position,
    intended: Option<Vec<Move>>,
    settings: &CheckSettings,
    quiet: bool,
) -> Result<CheckReport, String> {
    let progress = Arc::new(CheckProgress::default());
    let mut settings = settings.clone();
    settings.progress = Some(progress.clone());
    let pos = pos.clone();
    let handle = std::thread::Builder::new()
        .stack_size(SEARCH_STACK)
        .spawn(move || check_problem(&pos, intended.as_deref(), &settings))
        .expect("spawn the check thread");
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !handle.is_finished() {
        std::thread::sleep(Duration::from_millis(50));
        if quiet || start.elapsed() < Duration::from_secs(1) {
            continue;
        }
        let bar = bar.get_or_insert_with(|| {
            let b = ProgressBar::new_spinner();
            b.set_style(ProgressStyle::with_template("{spinner} {elapsed} {msg}").expect("style"));
            b
        });
        bar.set_message(format!(
            "ply {}/{}, {} searches, {} nodes",
            progress.ply.load(Ordering::Relaxed),
            progress.plies.load(Ordering::Relaxed),
            progress.searches.load(Ordering::Relaxed),
            progress.nodes.load(Ordering::Relaxed),
        ));
        bar.tick();
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let result = handle.join().expect("the check thread does not panic");
    result.map_err(|e| e.0)
}

/// How one problem of a collection came out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Every branch decided, no flaw.
    Sound,
    /// Some flaw proven.
    Flawed,
    /// No flaw proven, some branch undecided.
    Undecided,
    /// The row is not a problem, or the program contradicted itself.
    Error,
}

/// One problem of a collection run.
#[derive(Clone, Debug, Serialize)]
pub struct CheckRecord {
    /// The id.
    pub id: String,
    /// `FILE:LINE`.
    pub source: String,
    /// The problem text as written.
    pub sfen: String,
    /// `sound`, `flawed`, `undecided` or `error`.
    pub status: Status,
    /// The flaws (or what was left undecided) in a few words, or the fault of an error row;
    /// null when sound.
    pub message: Option<String>,
    /// The check (as `check --json` prints it for one problem); null for an error row.
    pub check: Option<CheckJson>,
    /// The program contradicted itself.
    #[serde(skip)]
    pub internal: bool,
}

/// The counts of a collection run.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Totals {
    /// Rows in the collections.
    pub problems: usize,
    /// Rows with a verdict (all unless the run was interrupted).
    pub finished: usize,
    /// Sound.
    pub sound: usize,
    /// Flawed.
    pub flawed: usize,
    /// Undecided.
    pub undecided: usize,
    /// Rows that are not problems, and internal errors.
    pub error: usize,
    /// Nodes over all problems.
    pub nodes: u64,
}

impl Totals {
    fn add(&mut self, r: &CheckRecord) {
        self.finished += 1;
        self.nodes += r.check.as_ref().map_or(0, |c| c.nodes);
        match r.status {
            Status::Sound => self.sound += 1,
            Status::Flawed => self.flawed += 1,
            Status::Undecided => self.undecided += 1,
            Status::Error => self.error += 1,
        }
    }

    fn counts(&self) -> String {
        format!(
            "sound {} flawed {} undecided {} error {}",
            self.sound, self.flawed, self.undecided, self.error
        )
    }
}

/// The JSON report of a collection run (`--report`, or `--json`).
#[derive(Debug, Serialize)]
pub struct CheckRunReport {
    /// `game` or `tsume`.
    pub rules: Rules,
    /// Tsume rules: who may capture a futile interposition (null under game rules).
    pub futile: Option<Capturer>,
    /// Problems checked at once.
    pub jobs: usize,
    /// Table size per problem in megabytes.
    pub hash_mb: usize,
    /// Node limit of each search.
    pub node_limit: Option<u64>,
    /// Time limit of each search in seconds.
    pub time_limit_s: Option<f64>,
    /// Node limit of each problem's whole check.
    pub total_node_limit: Option<u64>,
    /// Time limit of each problem's whole check in seconds.
    pub total_time_limit_s: Option<f64>,
    /// Stopped by Ctrl-C: `problems` holds only what finished.
    pub interrupted: bool,
    /// Wall time of the run in milliseconds.
    pub wall_ms: u64,
    /// The counts.
    pub totals: Totals,
    /// One record per finished problem, in collection order.
    pub problems: Vec<CheckRecord>,
}

fn run_collections(
    req: &CheckRequest,
    stop: Arc<AtomicBool>,
    out: &mut impl Write,
) -> Result<u8, CheckError> {
    let options = &req.settings.options;
    let load = LoadOptions {
        rules: options.rules,
        length_column: None,
        solution_moves: true,
    };
    let paths: Vec<PathBuf> = req.problems.iter().map(PathBuf::from).collect();
    let rows = load_all(&paths, &load).map_err(VerifyError::from)?;
    let rows = rows
        .into_iter()
        .map(|r| {
            r.map(|mut p| {
                p.literal_hands |= req.literal_hands;
                p
            })
        })
        .collect();
    let (pool, threads) = worker_pool(req.jobs)?;
    let report_file = req.report.as_deref().map(ReportFile::create).transpose()?;
    let (mut records, jobs) = split_rows(rows, error_record);
    let bar = progress_bar(records.len(), req.quiet || req.json);
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
    let mut settings = req.settings.clone();
    settings.options.limits.stop = Some(stop.clone());
    let work = |job: &Job| {
        let record = check_guarded(job, &settings);
        // A check that Ctrl-C cut short is left out.
        (!(record.status == Status::Undecided && stop.load(Ordering::Relaxed))).then_some(record)
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
    let records: Vec<CheckRecord> = records.into_iter().flatten().collect();
    let exit = exit_of(&records, interrupted);
    let report = CheckRunReport {
        rules: options.rules,
        futile: (options.rules == Rules::Tsume).then_some(options.futile),
        jobs: threads,
        hash_mb: options.hash_mb,
        node_limit: options.limits.nodes,
        time_limit_s: options.limits.time.map(|t| t.as_secs_f64()),
        total_node_limit: req.settings.total_nodes,
        total_time_limit_s: req.settings.total_time.map(|t| t.as_secs_f64()),
        interrupted,
        wall_ms: wall.as_millis() as u64,
        totals,
        problems: records,
    };
    if req.json {
        let text = serde_json::to_string_pretty(&report).expect("serialise");
        let _ = writeln!(out, "{text}");
    } else {
        print_summary(out, &report, req.quiet);
    }
    if let Some(file) = report_file {
        file.write(&report)?;
    }
    Ok(exit)
}

fn error_record(f: RowFault) -> CheckRecord {
    CheckRecord {
        id: f.id,
        source: f.source,
        sfen: f.text,
        status: Status::Error,
        message: Some(f.message),
        check: None,
        internal: false,
    }
}

/// Checks one job; a panic or a line that failed its replay check becomes an internal error of
/// that problem, so the others still run.
fn check_guarded(job: &Job, settings: &CheckSettings) -> CheckRecord {
    let p = &job.problem;
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        check_problem(&job.position, p.line.as_deref(), settings)
    }));
    let internal = |what: String| {
        let mut r = error_record(RowFault::of(
            job,
            format!(
                "internal error, please report it: {what}; position {}",
                to_sfen(&job.position)
            ),
        ));
        r.internal = true;
        r
    };
    match result {
        Ok(Ok(report)) => {
            let (rules, by) = (settings.options.rules, settings.options.futile);
            let json = to_json(&job.position, &report, rules, by);
            let status = match report.verdict {
                Verdict::Sound => Status::Sound,
                Verdict::Flawed => Status::Flawed,
                Verdict::Undecided => Status::Undecided,
            };
            CheckRecord {
                id: p.id.clone(),
                source: p.source.to_string(),
                sfen: p.text.clone(),
                status,
                message: summary(&json),
                check: Some(json),
                internal: false,
            }
        }
        Ok(Err(e)) => internal(e.0),
        Err(_) => internal("the check panicked".to_string()),
    }
}

/// The flaws of a check in a few words (else what was left undecided); `None` when sound.
fn summary(json: &CheckJson) -> Option<String> {
    let of = |class: Class| {
        json.findings
            .iter()
            .filter(|f| f.class == class)
            .collect::<Vec<_>>()
    };
    let flaws = of(Class::Flaw);
    let shown = if flaws.is_empty() {
        of(Class::Undecided)
    } else {
        flaws
    };
    if shown.is_empty() {
        return None;
    }
    const MOST: usize = 4;
    let mut words: Vec<String> = shown
        .iter()
        .take(MOST)
        .map(|f| {
            let at = f.ply.map_or(String::new(), |p| format!(" at ply {p}"));
            let first = f.line.first().map_or(String::new(), |m| format!(" ({m})"));
            format!("{}{at}{first}", f.name)
        })
        .collect();
    if shown.len() > MOST {
        words.push(format!("and {} more", shown.len() - MOST));
    }
    Some(words.join("; "))
}

fn status_words(s: Status) -> &'static str {
    match s {
        Status::Sound => verdict_words(Verdict::Sound),
        Status::Flawed => verdict_words(Verdict::Flawed),
        Status::Undecided => verdict_words(Verdict::Undecided),
        Status::Error => "error",
    }
}

/// Prints a problem that is not sound above the progress bar as soon as it is known.
fn announce(bar: &ProgressBar, r: &CheckRecord) {
    if r.status != Status::Sound {
        bar.println(line_of(r));
    }
}

fn line_of(r: &CheckRecord) -> String {
    format!(
        "{:<9} {} ({}): {}",
        status_words(r.status),
        r.id,
        r.source,
        r.message.as_deref().unwrap_or("")
    )
}

fn print_summary(out: &mut impl Write, report: &CheckRunReport, quiet: bool) {
    if !quiet {
        for r in report.problems.iter().filter(|r| r.status != Status::Sound) {
            let _ = writeln!(out, "{}", line_of(r));
        }
    }
    let t = &report.totals;
    if report.interrupted {
        let _ = writeln!(
            out,
            "interrupted: {} of {} problems finished",
            t.finished, t.problems
        );
    }
    let secs = report.wall_ms as f64 / 1000.0;
    let _ = writeln!(
        out,
        "{} problems: {} sound, {} flawed, {} undecided, {} error; wall time {secs:.2} s, {} nodes",
        t.finished, t.sound, t.flawed, t.undecided, t.error, t.nodes
    );
}

/// The exit code of a run: 130 interrupted, 4 internal error, 1 a flawed problem or a row that
/// is not a problem, 3 an undecided one, else 0.
fn exit_of(records: &[CheckRecord], interrupted: bool) -> u8 {
    let any = |f: &dyn Fn(&CheckRecord) -> bool| records.iter().any(f);
    if interrupted {
        EXIT_INTERRUPTED
    } else if any(&|r| r.internal) {
        EXIT_INTERNAL
    } else if any(&|r| matches!(r.status, Status::Flawed | Status::Error)) {
        Verdict::Flawed as u8
    } else if any(&|r| r.status == Status::Undecided) {
        Verdict::Undecided as u8
    } else {
        Verdict::Sound as u8
    }
}
