//! The commands, each a file, built on the layers below, and the parts they share: the problem
//! input, the batch runner of the collection commands, the whole-or-nothing output file, and the
//! exit-code contract.

pub mod answer;
pub mod batch;
pub mod bench;
pub mod board;
pub mod check;
pub mod collection;
pub mod engine;
pub mod exit;
pub mod interrupt;
pub mod line_text;
pub mod output_file;
pub mod perft;
pub mod problem;
pub mod refutation_text;
pub mod selfcheck;
pub mod settings;
pub mod solution_kif;
pub mod solve;
pub mod stats_text;
pub mod usi;
pub mod verify;
pub mod workbench;

use exit::{AppError, Exit};

/// A command and what it was asked, as the command line gives it.
#[derive(Clone, Debug)]
pub enum Request {
    /// Count the leaves of the legal move tree.
    Perft(perft::PerftRequest),
    /// Solve one problem.
    Solve(solve::SolveRequest),
    /// Solve collections and compare each answer with the expected one.
    Verify(verify::VerifyRequest),
    /// Prove a problem sound or find its flaws, or those of collections.
    Check(check::command::CheckRequest),
    /// Solve collections one problem after another and print what each search cost.
    Bench(bench::BenchRequest),
    /// Compare df-pn with a plain bounded search on random positions.
    Selfcheck(selfcheck::SelfcheckRequest),
    /// Run as a USI mate engine, with these defaults of its searches and of `FutileCapture`.
    Usi(settings::SearchSettings),
}

impl Request {
    /// Runs the command, its answer on standard output; the exit code follows the contract of
    /// [`Exit`].
    pub fn run(self) -> Result<Exit, AppError> {
        let stdout = std::io::stdout();
        let mut out = stdout.lock();
        match self {
            Request::Perft(req) => perft::run(&req, &mut out),
            Request::Solve(req) => solve::run(&req, &mut out),
            Request::Verify(req) => verify::run(&req, &mut out),
            Request::Check(req) => check::command::run(&req, &mut out),
            Request::Bench(req) => bench::run(&req, &mut out),
            Request::Selfcheck(req) => selfcheck::run(&req, &mut out),
            Request::Usi(settings) => {
                let defaults = settings.command_options()?;
                // The engine writes from its search threads too: release this thread's lock.
                drop(out);
                usi::run(std::io::stdin().lock(), stdout, &defaults, settings.futile)
                    .map_err(AppError::Stdin)?;
                Ok(Exit::Yes)
            }
        }
    }
}
