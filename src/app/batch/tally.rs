//! How the records of a batch count: their grades, the totals, the totals' lines and the exit
//! code of the run.

use super::BatchRecord;
use crate::app::exit::Exit;
use serde::ser::{Serialize, SerializeStruct, Serializer};
use std::io::Write;
use std::marker::PhantomData;
use std::time::Duration;

/// How a record counts, whatever its command calls it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grade {
    /// As hoped: an answer as expected, a sound problem.
    Good,
    /// The other answer, proven: a mismatch, a flaw.
    Bad,
    /// A limit stopped some search before it proved an answer.
    Unknown,
    /// The row is not a problem, or the program contradicted itself.
    Error,
}

/// Serialises a record's grade as its word ([`BatchRecord::word`]), for `serialize_with`.
pub fn grade_word<R: BatchRecord, S: Serializer>(grade: &Grade, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(R::word(*grade))
}

/// The counts of a run; in JSON the grades are named by the record type
/// ([`BatchRecord::GRADES`]).
#[derive(Clone, Debug)]
pub struct Totals<R> {
    /// Rows in the collections.
    pub problems: usize,
    /// Rows with a record (all of them unless the run was interrupted).
    pub finished: usize,
    /// Records by grade: good, bad, unknown, error.
    pub by_grade: [usize; 4],
    /// Nodes searched, over all records.
    pub nodes: u64,
    record: PhantomData<fn() -> R>,
}

impl<R: BatchRecord> Totals<R> {
    /// No record yet of `problems` rows.
    pub fn new(problems: usize) -> Totals<R> {
        Totals {
            problems,
            finished: 0,
            by_grade: [0; 4],
            nodes: 0,
            record: PhantomData,
        }
    }

    /// Counts `r`.
    pub fn add(&mut self, r: &R) {
        self.finished += 1;
        self.nodes += r.nodes();
        self.by_grade[r.grade() as usize] += 1;
    }

    /// The counts in a few words, for the progress bar: `ok 3 mismatch 0 unknown 1 error 0`.
    pub fn counts(&self) -> String {
        let [good, bad, unknown] = R::GRADES;
        let [g, b, u, e] = self.by_grade;
        format!("{good} {g} {bad} {b} {unknown} {u} error {e}")
    }

    /// The summary's last lines: how far an interrupted run got, then the counts, the wall time
    /// (and the rate, when the record type gives it) and the nodes.
    pub fn print(&self, out: &mut impl Write, wall: Duration, interrupted: bool) {
        if interrupted {
            let _ = writeln!(
                out,
                "interrupted: {} of {} finished",
                self.finished,
                crate::app::line_text::count(self.problems, "problem", "problems")
            );
        }
        let [good, bad, unknown] = R::GRADES;
        let [g, b, u, e] = self.by_grade;
        let secs = wall.as_secs_f64();
        let rate = if R::RATE {
            format!(" ({:.2} problems/s)", self.finished as f64 / secs.max(1e-9))
        } else {
            String::new()
        };
        let _ = writeln!(
            out,
            "{}: {g} {good}, {b} {bad}, {u} {unknown}, {e} error; wall time {secs:.2} s{rate}, {} nodes",
            crate::app::line_text::count(self.finished, "problem", "problems"),
            self.nodes
        );
    }
}

impl<R: BatchRecord> Serialize for Totals<R> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let [good, bad, unknown] = R::GRADES;
        let [g, b, u, e] = self.by_grade;
        let mut s = serializer.serialize_struct("Totals", 7)?;
        s.serialize_field("problems", &self.problems)?;
        s.serialize_field("finished", &self.finished)?;
        s.serialize_field(good, &g)?;
        s.serialize_field(bad, &b)?;
        s.serialize_field(unknown, &u)?;
        s.serialize_field("error", &e)?;
        s.serialize_field("nodes", &self.nodes)?;
        s.end()
    }
}

/// The exit code of a run: interrupted, else an internal error, else a bad record or a row that
/// is not a problem ([`Exit::No`]), else an unknown one, else [`Exit::Yes`].
pub fn exit_of<R: BatchRecord>(records: &[R], interrupted: bool) -> Exit {
    let any = |f: &dyn Fn(&R) -> bool| records.iter().any(f);
    if interrupted {
        Exit::Interrupted
    } else if any(&|r| r.internal()) {
        Exit::Internal
    } else if any(&|r| matches!(r.grade(), Grade::Bad | Grade::Error)) {
        Exit::No
    } else if any(&|r| r.grade() == Grade::Unknown) {
        Exit::Unknown
    } else {
        Exit::Yes
    }
}
