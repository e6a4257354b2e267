//! The `tsume` binary: parse the flags, run the command, end with its exit code.

mod cli;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = cli::Cli::parse().command;
    match command.into_request().and_then(|request| request.run()) {
        Ok(exit) => exit.into(),
        Err(e) => {
            eprintln!("tsume: error: {e}");
            e.exit().into()
        }
    }
}
