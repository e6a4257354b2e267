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
