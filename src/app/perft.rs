//! `tsume perft`: count the leaves of the legal move tree.

use crate::notation::sfen::{parse_sfen_record_with, SfenError};
use crate::shogi::movegen::{perft, perft_divide};
use crate::shogi::PieceCounts;
use std::io::Write;
use std::time::Instant;

/// Counts legal-move-tree leaves of `position` (any SFEN form, or `startpos`) to `depth`,
/// printing one line per first move when `divide` is set.
pub fn run(
    position: &str,
    depth: u32,
    divide: bool,
    limit: PieceCounts,
    out: &mut impl Write,
) -> Result<(), SfenError> {
    let mut pos = parse_sfen_record_with(position, limit)?.end_position();
    let start = Instant::now();
    let total = if divide {
        let rows = perft_divide(&mut pos, depth);
        for (m, n) in &rows {
            let _ = writeln!(out, "{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft(&mut pos, depth)
    };
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(
        out,
        "perft {depth}: {total} nodes in {secs:.3} s ({:.1} M nodes/s)",
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}
