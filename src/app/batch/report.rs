//! The JSON report of a batch (`verify --report`, `check --report` and `check --json` of
//! collections).

use super::tally::Totals;
use super::BatchRecord;
use crate::search::futile::Capturer;
use crate::search::{Options, Rules};
use serde::Serialize;
use std::time::Duration;

/// The JSON report of a run: its settings, the counts and one record per finished problem.
#[derive(Debug, Serialize)]
pub struct BatchReport<R: BatchRecord, M> {
    /// The version of tsume that wrote it.
    pub version: &'static str,
    /// `game` or `tsume`.
    pub rules: Rules,
    /// Tsume rules: who may capture a futile interposition, `any` or `checker` (null under game
    /// rules).
    pub futile: Option<Capturer>,
    /// Problems run at once.
    pub jobs: usize,
    /// Table size per problem in megabytes.
    pub hash_mb: usize,
    /// Node limit of each search.
    pub node_limit: Option<u64>,
    /// Time limit of each search in seconds.
    pub time_limit_s: Option<f64>,
    /// The command's further settings, as fields of this object.
    #[serde(flatten)]
    pub more: M,
    /// Stopped by Ctrl-C: `problems` holds only what finished.
    pub interrupted: bool,
    /// Wall time of the run in milliseconds.
    pub wall_ms: u64,
    /// The counts.
    pub totals: Totals<R>,
    /// One record per finished problem, in collection order.
    pub problems: Vec<R>,
}

impl<R: BatchRecord, M> BatchReport<R, M> {
    /// The report of a run with the searches' `options` on `jobs` threads.
    pub fn new(
        options: &Options,
        jobs: usize,
        more: M,
        interrupted: bool,
        wall: Duration,
        totals: Totals<R>,
        problems: Vec<R>,
    ) -> BatchReport<R, M> {
        BatchReport {
            version: crate::VERSION,
            rules: options.rules,
            futile: options.rules.futile(),
            jobs,
            hash_mb: options.hash_mb,
            node_limit: options.limits.nodes,
            time_limit_s: options.limits.time.map(|t| t.as_secs_f64()),
            more,
            interrupted,
            wall_ms: wall.as_millis() as u64,
            totals,
            problems,
        }
    }
}
