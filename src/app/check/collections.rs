//! `check` of collections: every problem checked in parallel by the batch runner, one record
//! each, with a summary or a JSON report.

use super::render::{to_json, CheckJson};
use super::{check_problem, CheckSettings, Class, Verdict};
use crate::app::batch::{
    grade_word, record_line, BatchRecord, Finished, Grade, Job, Ran, RowFault,
};
use crate::app::collection::{load_all, LoadOptions, Row};
use crate::app::exit::AppError;
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// One problem of a collection run.
#[derive(Clone, Debug, Serialize)]
pub struct CheckRecord {
    /// The id.
    pub id: String,
    /// `FILE:LINE`.
    pub source: String,
    /// The problem text as written.
    pub sfen: String,
    /// `sound` (every branch decided, no flaw), `flawed` (some flaw proven), `undecided` (no
    /// flaw proven, some branch undecided) or `error` (the row is not a problem, or the program
    /// contradicted itself).
    #[serde(serialize_with = "grade_word::<CheckRecord, _>")]
    pub status: Grade,
    /// The flaws (or what was left undecided) in a few words, or the fault of an error row;
    /// null when sound.
    pub message: Option<String>,
    /// The check (as `check --json` prints it for one problem); null for an error row.
    pub check: Option<CheckJson>,
    /// The program contradicted itself.
    #[serde(skip)]
    pub internal: bool,
}

impl BatchRecord for CheckRecord {
    const GRADES: [&'static str; 3] = ["sound", "flawed", "undecided"];
    const RATE: bool = false;
    const PANIC: &'static str = "the check panicked";

    fn fault(f: RowFault) -> CheckRecord {
        CheckRecord {
            id: f.id,
            source: f.source,
            sfen: f.text,
            status: Grade::Error,
            message: Some(f.message),
            check: None,
            internal: f.internal,
        }
    }

    fn grade(&self) -> Grade {
        self.status
    }

    fn nodes(&self) -> u64 {
        self.check.as_ref().map_or(0, |c| c.nodes)
    }

    fn internal(&self) -> bool {
        self.internal
    }

    fn line(&self) -> String {
        let word = CheckRecord::word(self.status);
        record_line(word, 9, &self.id, &self.source, self.message.as_deref())
    }

    /// One line each.
    fn list(out: &mut dyn Write, not_sound: &[&CheckRecord]) {
        for r in not_sound {
            let _ = writeln!(out, "{}", r.line());
        }
    }
}

/// The settings a collection run's report states beyond the searches'.
#[derive(Debug, Serialize)]
pub struct WholeCheckLimits {
    /// Node limit of each problem's whole check.
    total_node_limit: Option<u64>,
    /// Time limit of each problem's whole check in seconds.
    total_time_limit_s: Option<f64>,
}

/// The rows of the collections `problems`, with literal hands for all of them if asked.
pub fn collection_rows(
    problems: &[String],
    literal_hands: bool,
    settings: &CheckSettings,
) -> Result<Vec<Row>, AppError> {
    let load = LoadOptions {
        rules: settings.options.rules,
        length_column: None,
        solution_moves: true,
    };
    let paths: Vec<PathBuf> = problems.iter().map(PathBuf::from).collect();
    Ok(load_all(&paths, &load)?
        .into_iter()
        .map(|r| {
            r.map(|mut p| {
                p.literal_hands |= literal_hands;
                p
            })
        })
        .collect())
}

/// The check of one job after another under `settings`, every search stopped by `stop`.
pub fn checker(
    settings: &CheckSettings,
    stop: Arc<AtomicBool>,
) -> impl Fn(&Job) -> CheckRecord + Sync {
    let mut settings = settings.clone();
    settings.options.limits.stop = Some(stop);
    move |job: &Job| check_one(job, &settings)
}

/// The end of a collection run checked under `settings`: its report and exit code.
pub fn finish_collections(
    ran: Ran<CheckRecord>,
    settings: &CheckSettings,
) -> Finished<CheckRecord, WholeCheckLimits> {
    let more = WholeCheckLimits {
        total_node_limit: settings.total_nodes,
        total_time_limit_s: settings.total_time.map(|t| t.as_secs_f64()),
    };
    ran.finish(&settings.options, more)
}

/// Checks one job; a line that failed its replay check becomes an internal error of that
/// problem.
fn check_one(job: &Job, settings: &CheckSettings) -> CheckRecord {
    let p = &job.problem;
    match check_problem(
        &job.position,
        p.line.as_deref(),
        p.line_fault.as_deref(),
        settings,
    ) {
        Ok(report) => {
            let json = to_json(&job.position, &report, settings.options.rules);
            let status = match report.verdict {
                Verdict::Sound => Grade::Good,
                Verdict::Flawed => Grade::Bad,
                Verdict::Undecided => Grade::Unknown,
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
        Err(e) => CheckRecord::fault(RowFault::internal(job, &e.0)),
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
            // As in the text of one problem: plies as played, the counted one beside where
            // they differ; the move in 日本式.
            let at = match (f.ply, f.counted_ply) {
                (Some(p), Some(c)) if c != p => format!(" at ply {p} (counted: {c})"),
                (Some(p), _) => format!(" at ply {p}"),
                (None, _) => String::new(),
            };
            let first = f
                .line_ja
                .first()
                .or(f.line.first())
                .map_or(String::new(), |m| format!(" ({m})"));
            format!("{}{at}{first}", f.name)
        })
        .collect();
    if shown.len() > MOST {
        words.push(format!("and {} more", shown.len() - MOST));
    }
    Some(words.join("; "))
}
