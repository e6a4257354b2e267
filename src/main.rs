//! The `tsume` binary: parse flags, run the command, map the outcome to an exit code.

mod cli;

use clap::Parser;
use cli::{Cli, Command, FormatArg, FutileArg, RulesArg, SearchArgs};
use std::process::ExitCode;
use tsume::app::bench::BenchRequest;
use tsume::app::check::command::CheckRequest;
use tsume::app::check::CheckSettings;
use tsume::app::exit::{AppError, Exit};
use tsume::app::perft::PerftRequest;
use tsume::app::selfcheck::SelfcheckRequest;
use tsume::app::solve::{OutputFormat, SolveRequest};
use tsume::app::verify::VerifyRequest;
use tsume::search::futile::Capturer;
use tsume::search::table::Table;
use tsume::search::{Limits, Options, Rules};
use tsume::shogi::PieceCounts;

fn input_error(e: impl std::fmt::Display) -> ExitCode {
    eprintln!("tsume: error: {e}");
    ExitCode::from(Exit::InputError)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli.command).unwrap_or_else(|code| code)
}

/// Runs one command; `Err` carries the exit code of flags that were refused.
fn run(command: Command) -> Result<ExitCode, ExitCode> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    Ok(match command {
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
            let req = PerftRequest {
                position,
                depth,
                divide,
                limit,
            };
            finish(tsume::app::perft::run(&req, &mut out))
        }
        Command::Solve {
            problem,
            literal_hands,
            search,
            format,
            json,
            kif,
            threads,
        } => {
            let options = Options {
                threads: threads as usize,
                ..search_options(&search)?
            };
            let format = match (json, format) {
                (true, _) | (_, FormatArg::Json) => OutputFormat::Json,
                (_, FormatArg::Text) => OutputFormat::Text,
                (_, FormatArg::Usi) => OutputFormat::Usi,
                (_, FormatArg::Ja) => OutputFormat::Ja,
                (_, FormatArg::Kif) => OutputFormat::Kif,
            };
            let req = SolveRequest {
                problem,
                literal_hands,
                options,
                format,
                kif,
            };
            finish(tsume::app::solve::run(&req, &mut out))
        }
        Command::Verify {
            paths,
            jobs,
            search,
            length_column,
            report,
            quiet,
        } => {
            let options = search_options(&search)?;
            let req = VerifyRequest {
                paths,
                jobs: jobs.map(|j| j as usize),
                options,
                length_column,
                report,
                quiet,
            };
            finish(tsume::app::verify::run(&req, &mut out))
        }
        Command::Check {
            problems,
            literal_hands,
            jobs,
            search,
            total_nodes,
            total_time,
            json,
            report,
            quiet,
        } => {
            let req = CheckRequest {
                problems,
                literal_hands,
                settings: CheckSettings {
                    options: search_options(&search)?,
                    total_nodes,
                    total_time,
                    progress: None,
                },
                jobs: jobs.map(|j| j as usize),
                json,
                report,
                quiet,
            };
            finish(tsume::app::check::command::run(&req, &mut out))
        }
        Command::Bench {
            paths,
            search,
            length_column,
            threads,
        } => {
            let options = Options {
                threads: threads as usize,
                ..search_options(&search)?
            };
            let req = BenchRequest {
                paths,
                options,
                length_column,
            };
            finish(tsume::app::bench::run(&req, &mut out))
        }
        Command::Selfcheck {
            random,
            seed,
            jobs,
            nodes,
            time,
            hash,
            bounded_nodes,
            json,
            quiet,
        } => {
            let req = SelfcheckRequest {
                count: random,
                seed,
                jobs: jobs.map(|j| j as usize),
                nodes,
                time,
                hash_mb: check_hash(hash)?,
                bounded_nodes,
                json,
                quiet,
            };
            finish(tsume::app::selfcheck::run(&req, &mut out))
        }
        Command::Usi { search } => {
            // The engine writes from its search threads too: release this thread's lock.
            drop(out);
            let defaults = search_options(&search)?;
            match tsume::app::usi::run(std::io::stdin().lock(), std::io::stdout(), &defaults) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("tsume: error: reading standard input: {e}");
                    ExitCode::FAILURE
                }
            }
        }
    })
}

/// The exit code of a command's outcome; an error is printed on standard error first.
fn finish(result: Result<Exit, AppError>) -> ExitCode {
    match result {
        Ok(exit) => exit.into(),
        Err(e) => {
            eprintln!("tsume: error: {e}");
            e.exit().into()
        }
    }
}

/// Refuses a `--hash` the machine cannot give a table (exit 2), before any search would end
/// the process trying.
fn check_hash(hash: u64) -> Result<usize, ExitCode> {
    let mb = usize::try_from(hash).unwrap_or(usize::MAX);
    if Table::can_map(mb) {
        Ok(mb)
    } else {
        Err(input_error(format_args!(
            "--hash {mb}: this machine cannot give a table of {mb} MB"
        )))
    }
}

/// The search settings the flags ask for; `Err` (exit 2 after a message) for a table that
/// cannot be had.
fn search_options(args: &SearchArgs) -> Result<Options, ExitCode> {
    let hash_mb = check_hash(args.hash)?;
    Ok(Options {
        rules: match args.rules {
            RulesArg::Game => Rules::Game,
            RulesArg::Tsume => Rules::Tsume,
        },
        futile: match args.futile {
            FutileArg::Checker => Capturer::Checker,
            FutileArg::Any => Capturer::Any,
        },
        hash_mb,
        threads: 1,
        limits: Limits {
            nodes: args.nodes,
            time: args.time,
            ..Limits::default()
        },
    })
}
