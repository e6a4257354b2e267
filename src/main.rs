//! The `tsume` binary: parse flags, run the command, map the outcome to an exit code.

mod cli;

use clap::Parser;
use cli::{Cli, Command};
use std::process::ExitCode;
use tsume::shogi::PieceCounts;

/// Exit code for malformed input.
const EXIT_INPUT_ERROR: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    match cli.command {
        Command::Perft {
            position,
            depth,
            divide,
            any_counts,
        } => {
            let limit = if any_counts {
                PieceCounts::Extended
            } else {
                PieceCounts::Standard
            };
            match tsume::app::perft::run(&position, depth, divide, limit, &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tsume: error: invalid position: {e}");
                    ExitCode::from(EXIT_INPUT_ERROR)
                }
            }
        }
    }
}
