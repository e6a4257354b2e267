//! `tsume selfcheck` on the command line: each disagreement printed above a progress bar as it
//! is found, then the summary.

use super::batch::progress_bar;
use std::io::Write;
use tsume::app::exit::{AppError, Exit};
use tsume::app::selfcheck::{compare_all, Agreement, SelfcheckRequest, Summary};

/// Runs the comparison on `req.count` positions and prints each disagreement and the summary;
/// [`Exit::Yes`] when every compared answer agrees, [`Exit::No`] when some position's answers
/// differ or a df-pn line failed its replay.
pub fn run(req: &SelfcheckRequest, out: &mut impl Write) -> Result<Exit, AppError> {
    let bar = progress_bar(usize::try_from(req.count).unwrap_or(usize::MAX), req.quiet);
    let compared = compare_all(req, |case| {
        if case.agreement() == Agreement::Disagree {
            bar.println(format!(
                "disagreement: position {}: {}",
                case.index, case.sfen
            ));
        }
        bar.inc(1);
    });
    bar.finish_and_clear();
    let (cases, threads, elapsed) = compared?;
    let summary = Summary::of(req, threads, &cases, elapsed);
    if req.json {
        let _ = writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&summary).expect("serialise")
        );
    } else {
        summary.print(out);
    }
    Ok(if summary.disagreements.is_empty() {
        Exit::Yes
    } else {
        Exit::No
    })
}
