//! `tsume verify`: solve every problem of some collections in parallel and compare each answer
//! with the expected one.

use super::answer::MateFoundJson;
use super::batch::{grade_word, record_line, BatchRecord, Grade, Job, RowFault};
use super::collection::Expected;
use super::line_text::usi_moves;
use super::settings::{SearchSettings, SettingError};
use crate::notation::sfen::to_sfen;
use crate::search::replay::verify_mate_line;
use crate::search::{solve, Options, Outcome, Report};
use serde::Serialize;
use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

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
    /// For `unknown`: a mate was found of at most this many plies but not proven shortest.
    pub mate_at_most: Option<u16>,
    /// The main line of a mate in USI, checked by replaying it; for `unknown`, the line of the
    /// mate found (not proven shortest), when there is one and it replays as a mate.
    pub line: Vec<String>,
    /// 1-based plies of `line` that are futile interpositions, each followed by its capture;
    /// neither is counted in `length`.
    pub futile_plies: Vec<usize>,
    /// The first mate the search proved (an upper bound on the shortest), when it proved one:
    /// its length, and the nodes and milliseconds it took.
    pub first_mate: Option<MateFoundJson>,
    /// Nodes searched.
    pub nodes: u64,
    /// Search time in milliseconds (to the microsecond).
    pub ms: f64,
    /// Permille of the transposition table in use at the end.
    pub hash_permille: u32,
    /// How it came out: `ok` (as expected), `mismatch` (a different answer proven), `unknown`
    /// (a limit stopped the search) or `error` (the row is not a problem, or the solver
    /// contradicted itself).
    #[serde(serialize_with = "grade_word::<ProblemRecord, _>")]
    pub status: Grade,
    /// What went wrong, or what a limit left open.
    pub message: Option<String>,
    /// A record whose solution has a move that cannot be read or played: the fault, placed in
    /// its file (the diagram is solved without the moves); null otherwise.
    pub warning: Option<String>,
    /// The solver contradicted itself (its line failed the replay check).
    #[serde(skip)]
    pub internal: bool,
}

/// The report of `verify` states no settings beyond the searches'.
#[derive(Serialize)]
pub struct NoMore {}

impl BatchRecord for ProblemRecord {
    const GRADES: [&'static str; 3] = ["ok", "mismatch", "unknown"];
    const RATE: bool = true;
    const PANIC: &'static str = "the search panicked";

    fn fault(f: RowFault) -> ProblemRecord {
        ProblemRecord {
            id: f.id,
            source: f.source,
            sfen: f.text,
            expected: f.expected.and_then(expected_text),
            result: None,
            length: None,
            mate_at_most: None,
            line: vec![],
            futile_plies: vec![],
            first_mate: None,
            nodes: 0,
            ms: 0.0,
            hash_permille: 0,
            status: Grade::Error,
            message: Some(f.message),
            warning: None,
            internal: f.internal,
        }
    }

    fn grade(&self) -> Grade {
        self.status
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }

    fn internal(&self) -> bool {
        self.internal
    }

    fn line(&self) -> String {
        let word = ProblemRecord::word(self.status);
        record_line(word, 8, &self.id, &self.source, self.message.as_deref())
    }

    /// A table: status, id, source, expected, got and message.
    fn list(out: &mut dyn Write, not_ok: &[&ProblemRecord]) {
        let rows: Vec<[String; 6]> = not_ok
            .iter()
            .map(|r| {
                [
                    ProblemRecord::word(r.status).to_string(),
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
}

fn expected_text(e: Expected) -> Option<String> {
    (e != Expected::Unspecified).then(|| e.to_string())
}

/// The verification of one job after another as `settings` say, each value checked first,
/// every search stopped by `stop`.
pub fn verifier(
    settings: &SearchSettings,
    stop: Arc<AtomicBool>,
) -> Result<impl Fn(&Job) -> ProblemRecord + Send + Sync, SettingError> {
    let mut options = settings.options()?;
    options.limits.stop = Some(stop);
    Ok(move |job: &Job| verify_one(job, &options))
}

/// Solves one problem and judges the answer, as `verify` does for each row.
pub fn verify_one(job: &Job, options: &Options) -> ProblemRecord {
    record_of(job, &solve(&job.position, options))
}

/// The record of one problem solved with `report`, the answer judged as `verify` judges it.
pub fn record_of(job: &Job, report: &Report) -> ProblemRecord {
    let p = &job.problem;
    let mut record = ProblemRecord {
        id: p.id.clone(),
        source: p.source.to_string(),
        sfen: p.text.clone(),
        expected: expected_text(p.expected),
        result: None,
        length: None,
        mate_at_most: None,
        line: vec![],
        futile_plies: vec![],
        first_mate: report.mates_found.first().map(MateFoundJson::from),
        nodes: report.nodes,
        ms: (report.elapsed.as_micros() as f64) / 1000.0,
        hash_permille: report.hash_permille,
        status: Grade::Unknown,
        message: None,
        warning: p.line_fault.clone(),
        internal: false,
    };
    match &report.outcome {
        Outcome::Mate { line, .. } => {
            record.result = Some("mate");
            record.length = Some(line.length());
            record.line = usi_moves(&line.moves);
            record.futile_plies = line.futile.iter().map(|i| i + 1).collect();
            if let Err(fault) = verify_mate_line(&job.position, line) {
                record.status = Grade::Error;
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
        Outcome::Unknown {
            mate_at_most,
            found,
        } => {
            record.result = Some("unknown");
            record.mate_at_most = *mate_at_most;
            // The line of a mate not proven shortest is given only if it replays as a mate.
            if let Some(line) = found {
                if verify_mate_line(&job.position, line).is_ok() {
                    record.line = usi_moves(&line.moves);
                    record.futile_plies = line.futile.iter().map(|i| i + 1).collect();
                }
            }
            record.message = Some(match mate_at_most {
                Some(n) => format!("a limit stopped the search after a mate in at most {n}"),
                None => "a limit stopped the search".to_string(),
            });
            return record;
        }
    }
    record.status = judge(p.expected, &report.outcome);
    if record.status == Grade::Bad {
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
fn judge(expected: Expected, outcome: &Outcome) -> Grade {
    let ok = match (expected, outcome) {
        (_, Outcome::Unknown { .. }) => return Grade::Unknown,
        (Expected::Unspecified, _) => true,
        (Expected::Mate(n), Outcome::Mate { line, .. }) => line.length() == n,
        (Expected::AnyMate, Outcome::Mate { .. }) => true,
        (Expected::NoMate, Outcome::NoMate) => true,
        (Expected::NoMateWithin(_), Outcome::NoMate) => true,
        (Expected::NoMateWithin(n), Outcome::Mate { minimax, .. }) => *minimax > n,
        _ => false,
    };
    if ok {
        Grade::Good
    } else {
        Grade::Bad
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
            (Mate(3), mate(3), Grade::Good),
            (Mate(3), mate(5), Grade::Bad),
            (Mate(3), Outcome::NoMate, Grade::Bad),
            (Mate(3), unknown.clone(), Grade::Unknown),
            (AnyMate, mate(9), Grade::Good),
            (AnyMate, Outcome::NoMate, Grade::Bad),
            (NoMate, Outcome::NoMate, Grade::Good),
            (NoMate, mate(1), Grade::Bad),
            (NoMateWithin(5), Outcome::NoMate, Grade::Good),
            (NoMateWithin(5), mate(7), Grade::Good),
            (NoMateWithin(5), mate(5), Grade::Bad),
            (Unspecified, mate(1), Grade::Good),
            (Unspecified, Outcome::NoMate, Grade::Good),
            (Unspecified, unknown, Grade::Unknown),
        ] {
            assert_eq!(judge(expected, &outcome), status, "{expected} {outcome:?}");
        }
    }
}
