//! `tsume verify` on the command line: collections solved in parallel, each answer compared
//! with the expected one, their progress on a bar, the summary and the report.

use super::batch::{print_finished, warn_rows, BarWatch};
use std::io::Write;
use std::path::PathBuf;
use tsume::app::batch::{self, Batch};
use tsume::app::collection::{load_all, LoadOptions};
use tsume::app::exit::{AppError, Exit};
use tsume::app::interrupt::stop_on_ctrl_c;
use tsume::app::settings::SearchSettings;
use tsume::app::verify::{verifier, NoMore};

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
    pub search: SearchSettings,
    /// A TSV length column to use instead of the one the rules choose.
    pub length_column: Option<String>,
    /// Where to write the JSON report.
    pub report: Option<PathBuf>,
    /// No progress bar, and only the totals in the summary.
    pub quiet: bool,
}

/// Verifies the collections: solves every problem, prints the summary to `out`, writes the
/// report if asked.
pub fn run(req: &VerifyRequest, out: &mut impl Write) -> Result<Exit, AppError> {
    // First of all, so that a Ctrl-C at any time ends the run as an interrupted one.
    let stop = stop_on_ctrl_c();
    let options = req.search.command_options()?;
    let load = LoadOptions {
        rules: req.search.search_rules(),
        length_column: req.length_column.clone(),
        solution_moves: false,
    };
    let rows = load_all(&req.paths, &load)?;
    warn_rows(&rows);
    let batch = Batch {
        jobs: req.jobs,
        report: req.report.as_deref(),
        stop: &stop,
    };
    let work =
        verifier(&req.search, stop.clone()).map_err(|e| AppError::Usage(e.for_command_line()))?;
    let ran = {
        let mut watch = BarWatch::new(rows.len(), req.quiet);
        batch::run(rows, &batch, work, &mut watch)?
    };
    print_finished(ran.finish(&options, NoMore {}), false, req.quiet, out)
}
