//! `tsume check` as a command: one problem (SFEN text, a file holding one, or a KIF/KI2/CSA
//! record file), or collections checked in parallel by the batch runner.
//!
//! For `check`, the moves after an SFEN (`… moves G*5b …`) are the intended solution, not moves
//! to play before solving; a TSV collection may give it in a `line` column instead, and a record
//! file gives it as its moves.

use super::collections::run_collections;
use super::kif::findings_kif;
use super::render::{print_text_about, to_json, About};
use super::{CheckReport, CheckSettings};
use crate::app::collection::READERS;
use crate::app::engine::{Engine, Waited};
use crate::app::exit::{AppError, Exit};
use crate::app::interrupt::stop_on_ctrl_c;
use crate::app::output_file::OutputFile;
use crate::app::problem::{
    place_in, pose_record, prepare_problem, problem_text, read_record_problem, record_text,
    require_defender_king, InputError, TextProblem,
};
use crate::notation::record::Record;
use crate::notation::sfen::{board_column, parse_sfen_with_unchecked_moves};
use crate::shogi::{Move, Position};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

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

/// A problem as `check` poses it: the position (the hand convention applied), the intended
/// line, and what the reader should be told of it.
#[derive(Clone, Debug)]
pub struct CheckProblem {
    /// The position checked: a problem's diagram under the hand convention, a game's position
    /// after its last move.
    pub position: Position,
    /// The intended solution (the moves after an SFEN, a record's moves), read for their syntax
    /// only; `None` when none is given.
    pub intended: Option<Vec<Move>>,
    /// A record's move that could not be read, placed in its file (the line is wrong there).
    pub line_fault: Option<String>,
    /// For a game record: its moves, played to reach [`CheckProblem::position`] (no intended
    /// line then).
    pub game_moves: Option<usize>,
    /// The composer's record, when the problem is a record file's: its headers, comments and
    /// side lines, which `--kif` keeps, and the faults of its side lines, placed in its file
    /// ([`CheckProblem::side_faults`]).
    pub record: Option<Record>,
    /// The faults of the record's side lines, placed in its file: warnings, the main line stands.
    pub side_faults: Vec<String>,
}

impl CheckProblem {
    /// Checks `moves` instead of the line the problem was given with. A record's side lines,
    /// comments and their faults stand on its own moves, so they go unless the moves are the
    /// same; and a fault of the record's own line no longer applies.
    pub fn check_line_instead(&mut self, moves: Vec<Move>) {
        if let Some(record) = self.record.as_mut().filter(|r| r.moves != moves) {
            record.moves.clone_from(&moves);
            record.variations.clear();
            record.comments.clear();
            self.side_faults.clear();
        }
        self.intended = Some(moves);
        self.line_fault = None;
    }
}

/// Reads one problem for `check` from `arg` (SFEN text, a file holding one, or a record file):
/// the moves after an SFEN, or a record's moves, are its intended solution.
pub fn pose_check(arg: &str, literal_hands: bool) -> Result<CheckProblem, InputError> {
    match read_record_problem(arg) {
        Some(record) => pose_check_record(record?, arg, literal_hands),
        None => {
            let (text, origin) = problem_text(arg)?;
            pose_check_sfen(&text, &origin, literal_hands)
        }
    }
}

/// [`pose_check`] of a whole text, never a file name (what a program or a web page passes): a
/// record told by its content, or an SFEN line; `name` places the faults.
pub fn pose_check_text(
    text: &str,
    name: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    match record_text(text, name)? {
        TextProblem::Record(record) => pose_check_record(*record, name, literal_hands),
        TextProblem::Sfen { line, origin } => pose_check_sfen(line, &origin, literal_hands),
    }
}

/// A record's problem for `check`, read from `name`: a game's last position with no line, or a
/// problem's diagram with its moves as the intended line and the record kept.
fn pose_check_record(
    record: Record,
    name: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    if record.is_game() {
        // A game's moves are no solution: its last position is checked alone.
        let posed = pose_record(&record, name, true)?;
        return Ok(CheckProblem {
            position: posed.position,
            intended: None,
            line_fault: None,
            game_moves: posed.game_moves,
            record: None,
            side_faults: Vec::new(),
        });
    }
    let line_fault = record.move_fault.as_ref().map(|e| e.placed(name));
    let position = prepare_problem(&record.start, literal_hands)?;
    let intended = (!record.moves.is_empty() || line_fault.is_some()).then(|| record.moves.clone());
    let side_faults = record
        .side_faults
        .iter()
        .map(|e| format!("{} (in a side line: it ends there)", e.placed(name)))
        .collect();
    Ok(CheckProblem {
        position,
        intended,
        line_fault,
        game_moves: None,
        record: Some(record),
        side_faults,
    })
}

/// An SFEN's problem for `check`: the moves after it are the intended line, read for their
/// syntax only; `origin` places the faults (`file:line: `, or empty).
fn pose_check_sfen(
    text: &str,
    origin: &str,
    literal_hands: bool,
) -> Result<CheckProblem, InputError> {
    let (start, moves) =
        parse_sfen_with_unchecked_moves(text).map_err(|error| InputError::Sfen {
            origin: origin.to_string(),
            error,
        })?;
    let at = place_in(origin, board_column(text));
    require_defender_king(&start, &at)?;
    let position = prepare_problem(&start, literal_hands)?;
    Ok(CheckProblem {
        position,
        intended: (!moves.is_empty()).then_some(moves),
        line_fault: None,
        game_moves: None,
        record: None,
        side_faults: Vec::new(),
    })
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
    let mut settings = req.settings.clone();
    settings.options.limits.stop = Some(stop);
    let report = check_with_progress(problem, &settings, req.quiet)?;
    let rules = req.settings.options.rules;
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
    quiet: bool,
) -> Result<CheckReport, AppError> {
    let engine = Engine::new()
        .map_err(|e| AppError::Internal(format!("cannot start the search thread: {e}")))?;
    let running = engine.check(problem, settings, settings.options.limits.stop.clone());
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
