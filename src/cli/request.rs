//! What the command line asks of the app, and where each command runs.

use super::batch::warn_rows;
use super::bench::{self, BenchRequest};
use super::check;
use super::check::CheckRequest;
use super::perft::{self, PerftRequest};
use super::selfcheck;
use super::solve::{self, SolveRequest};
use super::verify::{self, VerifyRequest};
use tsume::app::collection::load_all;
use tsume::app::exit::{AppError, Exit};
use tsume::app::selfcheck::SelfcheckRequest;
use tsume::app::settings::SearchSettings;
use tsume::app::usi;

/// A command and what it was asked, as the command line gives it.
#[derive(Clone, Debug)]
pub enum Request {
    /// Count the leaves of the legal move tree.
    Perft(PerftRequest),
    /// Solve one problem.
    Solve(SolveRequest),
    /// Solve collections and compare each answer with the expected one.
    Verify(VerifyRequest),
    /// Prove a problem sound or find its flaws, or those of collections.
    Check(CheckRequest),
    /// Solve collections one problem after another and print what each search cost.
    Bench(BenchRequest),
    /// Compare df-pn with a plain bounded search on random positions.
    Selfcheck(SelfcheckRequest),
    /// Run as a USI mate engine, with these defaults of its searches and of `FutileCapture`.
    Usi(SearchSettings),
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
            Request::Check(req) => check::run(&req, &mut out),
            Request::Bench(req) => {
                let rows = load_all(&req.paths, &bench::load_options(&req))?;
                warn_rows(&rows);
                bench::run(&req, rows, &mut out)
            }
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
