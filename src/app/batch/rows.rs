//! The rows of some collections as jobs, or as faults when they are not problems.

use crate::app::collection::{Expected, Problem, Row};
use crate::app::problem::prepare_problem;
use crate::notation::sfen::to_sfen;
use crate::shogi::Position;

/// A problem ready to search.
pub struct Job {
    /// Its index among the rows.
    pub row: usize,
    /// The problem as read.
    pub problem: Problem,
    /// The position to search (the tsume hand convention applied).
    pub position: Position,
}

/// A row that is not a problem (or a job that failed), as a record shows it.
pub struct RowFault {
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
    /// The program contradicted itself: not the row's fault.
    pub internal: bool,
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
            internal: false,
        }
    }

    /// The internal error `what` of a job, which names its position for the report.
    pub fn internal(job: &Job, what: &str) -> RowFault {
        RowFault {
            internal: true,
            ..RowFault::of(
                job,
                format!(
                    "internal error, please report it: {what}; position {}",
                    to_sfen(&job.position)
                ),
            )
        }
    }
}

/// The rows that are not problems become records at once, through `fault`; the others become
/// jobs.
pub fn split_rows<R>(rows: Vec<Row>, fault: impl Fn(RowFault) -> R) -> (Vec<Option<R>>, Vec<Job>) {
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
                    internal: false,
                }))),
            },
            Err(e) => records.push(Some(fault(RowFault {
                id: e.id.unwrap_or_default(),
                source: e.source.to_string(),
                text: e.text,
                expected: None,
                message: e.message,
                internal: false,
            }))),
        }
    }
    (records, jobs)
}
