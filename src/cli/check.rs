//! `tsume check` on the command line: one problem, its verdict printed with a progress line on
//! the terminal, or collections checked in parallel by the app's batch runner.
//!
//! For `check`, the moves after an SFEN (`… moves G*5b …`) are the intended solution, not moves
//! to play before solving; a TSV collection may give it in a `line` column instead, and a record
//! file gives it as its moves.

use super::batch::{print_finished, warn_rows, BarWatch};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tsume::app::batch::{self, Batch};
use tsume::app::check::collections::{checker, collection_rows, finish_collections};
use tsume::app::check::kif::findings_kif;
use tsume::app::check::problem::{pose_check, CheckProblem};
use tsume::app::check::render::{print_text_about, to_json, About};
use tsume::app::check::{CheckReport, CheckSettings};
use tsume::app::collection::READERS;
use tsume::app::engine::{Engine, Waited};
use tsume::app::exit::{AppError, Exit};
use tsume::app::interrupt::stop_on_ctrl_c;
use tsume::app::output_file::OutputFile;
use tsume::app::problem::InputError;

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
    /// One problem: where to write the main line and the findings' evidence as a KIF.
    pub kif: Option<PathBuf>,
    /// No progress display; a collection's summary gives only the totals.
    pub quiet: bool,
}

/// Runs the check and prints the outcome; the exit is the verdict's ([`super::Verdict::exit`]),
/// for collections the worst of them.
pub fn run(req: &CheckRequest, out: &mut impl Write) -> Result<Exit, AppError> {
    // First of all, so that a Ctrl-C at any time ends the run as an interrupted one.
    let stop = stop_on_ctrl_c();
    let collection =
        req.problems.len() > 1 || req.problems.iter().any(|p| is_collection(Path::new(p)));
    if collection {
        if let Some(path) = &req.kif {
            return Err(AppError::Input(InputError::Io {
                path: path.display().to_string(),
                source: std::io::Error::other(
                    "--kif writes the KIF of one problem; check a collection with --report",
                ),
            }));
        }
        return run_collections(req, stop, out);
    }
    if req.report.is_some() {
        return Err(AppError::Usage(
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
) -> Result<Exit, AppError> {
    let mut problem = pose_check(arg, req.literal_hands)?;
    for warning in &problem.side_faults {
        eprintln!("tsume: warning: {warning}");
    }
    let (pos, game_moves) = (problem.position.clone(), problem.game_moves);
    let (record, side_faults) = (
        problem.record.take(),
        std::mem::take(&mut problem.side_faults),
    );
    // Created before the check, so that a path that cannot be written loses no answer.
    let kif_file = req
        .kif
        .as_deref()
        .map(|path| {
            OutputFile::create(path).map_err(|source| InputError::Io {
                path: path.display().to_string(),
                source,
            })
        })
        .transpose()?;
    if let Some(n) = game_moves {
        eprintln!(
            "tsume: {arg}: a game record: checking the position after its last move ({n}), \
             with no intended line"
        );
    }
    let report = check_with_progress(problem, &req.settings, stop, req.quiet)?;
    let rules = req.settings.rules();
    if let (Some(file), false) = (kif_file, report.interrupted) {
        let path = file.path().display().to_string();
        file.write(&findings_kif(&pos, &report, record.as_ref()))
            .map_err(|source| InputError::Io { path, source })?;
    }
    let about = About::of(record.as_ref(), &side_faults);
    if req.json {
        let mut json = to_json(&pos, &report, rules);
        about.put_in(&mut json);
        let text = serde_json::to_string_pretty(&json).expect("serialise");
        let _ = writeln!(out, "{text}");
    } else {
        print_text_about(&pos, &report, rules, &about, out);
    }
    Ok(if report.interrupted {
        Exit::Interrupted
    } else {
        report.verdict.exit()
    })
}

/// Checks one problem on an engine's thread, showing how far it has got on the terminal once it
/// has run for a second.
fn check_with_progress(
    problem: CheckProblem,
    settings: &CheckSettings,
    stop: Arc<AtomicBool>,
    quiet: bool,
) -> Result<CheckReport, AppError> {
    let engine = Engine::new()
        .map_err(|e| AppError::Internal(format!("cannot start the search thread: {e}")))?;
    let running = engine.check(problem, settings, Some(stop));
    let progress = running.progress();
    let start = Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let answer = loop {
        match running.wait(Duration::from_millis(50)) {
            Waited::Done(answer) => break answer.map_err(|e| AppError::Internal(e.0)),
            Waited::Failed(words) => break Err(AppError::Internal(words)),
            Waited::Running => {}
        }
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
    };
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    answer
}

/// Checks the collections of `req.problems`; the exit is the worst of the records'.
fn run_collections(
    req: &CheckRequest,
    stop: Arc<AtomicBool>,
    out: &mut impl Write,
) -> Result<Exit, AppError> {
    let rows = collection_rows(&req.problems, req.literal_hands, &req.settings)?;
    warn_rows(&rows);
    let batch = Batch {
        jobs: req.jobs,
        report: req.report.as_deref(),
        stop: &stop,
    };
    let ran = {
        let mut watch = BarWatch::new(rows.len(), req.quiet || req.json);
        batch::run(
            rows,
            &batch,
            checker(&req.settings, stop.clone()),
            &mut watch,
        )?
    };
    print_finished(
        finish_collections(ran, &req.settings),
        req.json,
        req.quiet,
        out,
    )
}
