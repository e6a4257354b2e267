//! The batch runner of the collection commands (`verify`, `check` of collections, and in part
//! `bench` and `selfcheck`) and of the Python module's `verify`: the rows of some collections
//! become jobs, a pool of worker threads runs them in order while a face watches them finish
//! ([`Watch`]: a progress bar, a Python iterator), and the records come back in collection order
//! with their totals, a JSON report and the exit code.
//!
//! A command brings its record type ([`BatchRecord`]) and the work of one job; everything else is
//! shared.

mod pool;
mod report;
mod rows;
mod tally;

pub use pool::{run_jobs, worker_pool};
pub use report::BatchReport;
pub use rows::{split_rows, Job, RowFault};
pub use tally::{exit_of, grade_word, Grade, Totals};

use super::collection::Row;
use super::exit::{AppError, Exit};
use super::output_file::ReportFile;
use crate::search::Options;
use serde::Serialize;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// What one job of a batch gives: a record of the run, in the JSON report as it is serialised
/// (its grade by [`grade_word`], in its own words).
pub trait BatchRecord: Serialize + Send + Sized {
    /// The names of the good, bad and unknown grades in the counts, the summary line and the
    /// JSON totals (`ok mismatch unknown` or `sound flawed undecided`); errors are `error`.
    const GRADES: [&'static str; 3];
    /// The summary line gives the problems solved per second too.
    const RATE: bool;
    /// What a panic of the work of one job is called in the record it leaves.
    const PANIC: &'static str;

    /// The name of `grade` in this record's words: one of [`Self::GRADES`], or `error`.
    fn word(grade: Grade) -> &'static str {
        match grade {
            Grade::Good => Self::GRADES[0],
            Grade::Bad => Self::GRADES[1],
            Grade::Unknown => Self::GRADES[2],
            Grade::Error => "error",
        }
    }

    /// The record of a row that is not a problem, or of a job that failed.
    fn fault(fault: RowFault) -> Self;
    /// How it counts.
    fn grade(&self) -> Grade;
    /// The nodes its searches took.
    fn nodes(&self) -> u64;
    /// The program contradicted itself on it.
    fn internal(&self) -> bool;
    /// One line on a record that is not good, printed above the progress bar as soon as it is
    /// known.
    fn line(&self) -> String;
    /// The summary's listing of the records that are not good (at least one).
    fn list(out: &mut dyn Write, not_good: &[&Self]);
}

/// How a batch is run.
pub struct Batch<'a> {
    /// Jobs run at once (default: the number of cores).
    pub jobs: Option<usize>,
    /// Where to write the JSON report (the file is created before the run starts).
    pub report: Option<&'a Path>,
    /// Set by Ctrl-C: no job is started after it, and a record it cut short (unknown) is left
    /// out.
    pub stop: &'a AtomicBool,
}

/// A finished batch.
pub struct Ran<R: BatchRecord> {
    /// The records of the rows finished, in collection order.
    pub records: Vec<R>,
    /// Their counts.
    pub totals: Totals<R>,
    /// Wall time of the run.
    pub wall: Duration,
    /// Ctrl-C stopped the run.
    pub interrupted: bool,
    /// Worker threads.
    pub threads: usize,
    /// Why the report's journal was given up, if it was (the report is still written).
    pub journal_fault: Option<String>,
    /// The report file, created and waiting for the report.
    report: Option<ReportFile>,
}

/// Who follows a batch as it runs: told of each record once it is known (the rows that are
/// no problem first, then the jobs as they finish), with the totals that count it.
pub trait Watch<R> {
    /// `record` is known; `totals` count it.
    fn record(&mut self, record: &R, totals: &Totals<R>);
}

/// Runs `work` on every problem of `rows` on a pool of worker threads, telling `watch` of each
/// record. A panic of `work` becomes an internal error of that problem, so the others still
/// run. The worker threads and the report file are made before any work, so a run that cannot
/// have them does not start.
pub fn run<R: BatchRecord>(
    rows: Vec<Row>,
    batch: &Batch,
    work: impl Fn(&Job) -> R + Sync,
    watch: &mut impl Watch<R>,
) -> Result<Ran<R>, AppError> {
    let (pool, threads) = worker_pool(batch.jobs)?;
    let mut report = batch.report.map(ReportFile::create).transpose()?;
    let (mut records, jobs) = split_rows(rows, R::fault);
    let mut totals = Totals::new(records.len());
    let mut journal_fault = None;
    let mut count = |record: &R| {
        if let Some(Err(fault)) = report.as_mut().map(|r| r.journal(record)) {
            journal_fault = Some(fault);
        }
        totals.add(record);
        watch.record(record, &totals);
    };
    records.iter().flatten().for_each(&mut count);
    let start = Instant::now();
    let stop = batch.stop;
    let guarded = |job: &Job| {
        let record = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| work(job)))
            .unwrap_or_else(|_| R::fault(RowFault::internal(job, R::PANIC)));
        // A job that Ctrl-C cut short is left out.
        (!(record.grade() == Grade::Unknown && stop.load(Ordering::Relaxed))).then_some(record)
    };
    run_jobs(&pool, &jobs, stop, guarded, |row, record| {
        count(&record);
        records[row] = Some(record);
    });
    Ok(Ran {
        records: records.into_iter().flatten().collect(),
        totals,
        wall: start.elapsed(),
        interrupted: stop.load(Ordering::Relaxed),
        threads,
        journal_fault,
        report,
    })
}

impl<R: BatchRecord> Ran<R> {
    /// Ends the run: its report, with `options` (the searches' settings) and `more` (any
    /// further settings the report states), and its exit code. The report file, if one was
    /// asked for, is written by [`Finished::write_report`].
    pub fn finish<M: Serialize>(self, options: &Options, more: M) -> Finished<R, M> {
        let exit = exit_of(&self.records, self.interrupted);
        let report = BatchReport::new(
            options,
            self.threads,
            more,
            self.interrupted,
            self.wall,
            self.totals,
            self.records,
        );
        Finished {
            report,
            exit,
            wall: self.wall,
            journal_fault: self.journal_fault,
            file: self.report,
        }
    }
}

/// A finished batch: its report and its exit code.
pub struct Finished<R: BatchRecord, M> {
    /// The report: settings, totals and every record.
    pub report: BatchReport<R, M>,
    /// The exit code the records and Ctrl-C give.
    pub exit: Exit,
    /// Wall time of the run.
    pub wall: Duration,
    /// Why the report's journal was given up, if it was.
    pub journal_fault: Option<String>,
    /// The report file, created and waiting for the report.
    file: Option<ReportFile>,
}

impl<R: BatchRecord, M: Serialize> Finished<R, M> {
    /// Writes the report file, if one was asked for.
    pub fn write_report(self) -> Result<Exit, AppError> {
        if let Some(file) = self.file {
            file.write(&self.report)?;
        }
        Ok(self.exit)
    }

    /// The summary: the records that are not good (unless `quiet`), then the totals and the
    /// wall time.
    pub fn summary(&self, out: &mut impl Write, quiet: bool) {
        let not_good: Vec<&R> = self
            .report
            .problems
            .iter()
            .filter(|r| r.grade() != Grade::Good)
            .collect();
        if !quiet && !not_good.is_empty() {
            R::list(out, &not_good);
        }
        self.report
            .totals
            .print(out, self.wall, self.report.interrupted);
    }
}

/// A record in one line, `STATUS ID (SOURCE): MESSAGE`, the status padded to `width`.
pub fn record_line(
    status: &str,
    width: usize,
    id: &str,
    source: &str,
    message: Option<&str>,
) -> String {
    format!(
        "{status:<width$} {id} ({source}): {}",
        message.unwrap_or("")
    )
}
