//! The `tsume` binary: parse the flags, run the command, end with its exit code.

mod cli;
mod serve;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let command = cli::Cli::parse().command;
    let ran = command.into_run().and_then(|run| match run {
        cli::Run::App(request) => request.run(),
        cli::Run::Serve(request) => serve::run(&request),
        cli::Run::Print(text) => {
            use std::io::Write;
            // A closed pipe (`tsume man | head`) is no error of ours.
            let _ = std::io::stdout().write_all(&text);
            Ok(tsume::app::exit::Exit::Yes)
        }
    });
    match ran {
        Ok(exit) => exit.into(),
        Err(e) => {
            eprintln!("tsume: error: {e}");
            e.exit().into()
        }
    }
}
