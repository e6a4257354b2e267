//! `tsume perft`: count the leaves of the legal move tree.

use std::io::Write;
use std::time::Instant;
use tsume::app::exit::{AppError, Exit};
use tsume::notation::sfen::parse_sfen_record_with;
use tsume::shogi::movegen::{perft, perft_divide};
use tsume::shogi::PieceCounts;

/// What `perft` was asked.
#[derive(Clone, Debug)]
pub struct PerftRequest {
    /// The position: any SFEN form, or `startpos`.
    pub position: String,
    /// Depth in plies.
    pub depth: u32,
    /// Print the count under each first move.
    pub divide: bool,
    /// How many pieces of a kind the position may hold.
    pub limit: PieceCounts,
}

/// Counts legal-move-tree leaves of the position to the depth, printing one line per first
/// move when asked; a position that cannot be read is an input error.
pub fn run(req: &PerftRequest, out: &mut impl Write) -> Result<Exit, AppError> {
    let (depth, divide) = (req.depth, req.divide);
    let mut pos = parse_sfen_record_with(&req.position, req.limit)
        .map_err(AppError::Position)?
        .end_position();
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
    Ok(Exit::Yes)
}
