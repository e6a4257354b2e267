//! The command line's side of a batch: the warnings of the rows read, the progress display,
//! and the end of the run as it prints it.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use std::io::{IsTerminal, Write};
use std::time::Duration;
use tsume::app::batch::{BatchRecord, Finished, Grade, Totals, Watch};
use tsume::app::collection::Row;
use tsume::app::exit::{AppError, Exit};

/// Writes the warnings of the rows read to standard error, before any is solved.
pub fn warn_rows(rows: &[Row]) {
    for warning in rows.iter().flatten().flat_map(|p| &p.warnings) {
        eprintln!("tsume: warning: {warning}");
    }
}

/// The progress bar on standard error; hidden when that is not a terminal, or when asked.
pub fn progress_bar(len: usize, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(len as u64), ProgressDrawTarget::stderr());
    bar.set_style(
        ProgressStyle::with_template("{pos}/{len} {msg} [{wide_bar}] {elapsed_precise} ETA {eta}")
            .expect("a valid template")
            .progress_chars("=> "),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// A batch watched on a progress bar: the records counted on it, those not good printed above
/// it as soon as they are known.
pub struct BarWatch {
    bar: ProgressBar,
}

impl BarWatch {
    /// A bar for `len` rows (hidden when `quiet` or not on a terminal).
    pub fn new(len: usize, quiet: bool) -> BarWatch {
        BarWatch {
            bar: progress_bar(len, quiet),
        }
    }
}

impl<R: BatchRecord> Watch<R> for BarWatch {
    fn record(&mut self, record: &R, totals: &Totals<R>) {
        if record.grade() != Grade::Good {
            self.bar.println(record.line());
        }
        self.bar.set_position(totals.finished as u64);
        self.bar.set_message(totals.counts());
    }
}

impl Drop for BarWatch {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

/// Prints a finished batch, its JSON report (`json`) or its summary (only the totals when
/// `quiet`), then writes the report file if one was asked for; the exit code.
pub fn print_finished<R: BatchRecord, M: Serialize>(
    finished: Finished<R, M>,
    json: bool,
    quiet: bool,
    out: &mut impl Write,
) -> Result<Exit, AppError> {
    if let Some(fault) = &finished.journal_fault {
        eprintln!("tsume: warning: {fault}");
    }
    if json {
        let text = serde_json::to_string_pretty(&finished.report).expect("serialise");
        let _ = writeln!(out, "{text}");
    } else {
        finished.summary(out, quiet);
    }
    finished.write_report()
}
