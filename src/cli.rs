//! Command-line flags (clap derive types only).

use clap::{Parser, Subcommand};

/// A tsume-shogi (shogi mate problem) solver.
#[derive(Parser, Debug)]
#[command(name = "tsume", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve a mate problem: the shortest mate, proven, with its main line.
    ///
    /// Exit codes: 0 mate, 1 no mate (proven), 2 input error, 3 unknown (a limit was reached).
    Solve {
        /// The problem: SFEN (any form; the side to move attacks) or a file holding one.
        problem: String,
        /// Take the hands as written: the defender gets no remaining pieces.
        #[arg(long)]
        literal_hands: bool,
        /// Transposition table size in megabytes.
        #[arg(long, default_value_t = 256)]
        hash: usize,
        /// Stop after this many nodes (the answer is then "unknown").
        #[arg(long)]
        nodes: Option<u64>,
        /// Stop after this many seconds (the answer is then "unknown").
        #[arg(long)]
        time: Option<f64>,
        /// Print a JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Count the leaves of the legal move tree (move-generator check).
    Perft {
        /// The position: SFEN in any form (`sfen …`, `position sfen … moves …`) or `startpos`.
        position: String,
        /// Depth in plies.
        depth: u32,
        /// Print the count under each first move.
        #[arg(long)]
        divide: bool,
        /// Allow more pieces of a kind than the set holds (up to 3 rooks, 3 bishops, 7 of each
        /// small piece, 31 pawns), as some composed perft positions have.
        #[arg(long)]
        any_counts: bool,
    },
}
