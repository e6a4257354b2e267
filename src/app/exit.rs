//! The exit-code contract of every command, and the one error type the commands return.
//!
//! Each code is written here once; the commands answer an [`Exit`] or an [`AppError`], and the
//! binary turns either into the process's exit code.

use super::collection::CollectionError;
use super::problem::InputError;
use crate::notation::sfen::SfenError;
use std::path::PathBuf;
use thiserror::Error;

/// How a command ended, which is the process's exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: the answer hoped for: a mate (`solve`), a sound problem (`check`), every problem as
    /// expected (`verify`, `bench`), every answer agreeing (`selfcheck`), the end of the input
    /// (`usi`).
    Yes,
    /// 1: the other answer, proven: no mate, a flaw, a mismatch or a row that is not a problem,
    /// a disagreement; for `usi`, an input that could not be read.
    No,
    /// 2: malformed input or flags that cannot be served; nothing was answered.
    InputError,
    /// 3: no contrary answer, but a limit stopped some search before it proved one.
    Unknown,
    /// 4: the program contradicted itself (e.g. a line failed its replay check), or could not
    /// start its threads.
    Internal,
    /// 130 (128 + SIGINT, as shells report it): stopped by Ctrl-C; what was known is reported.
    Interrupted,
}

impl Exit {
    /// The process exit code.
    pub fn code(self) -> u8 {
        match self {
            Exit::Yes => 0,
            Exit::No => 1,
            Exit::InputError => 2,
            Exit::Unknown => 3,
            Exit::Internal => 4,
            Exit::Interrupted => 130,
        }
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        std::process::ExitCode::from(exit.code())
    }
}

/// Why a command could not give an answer; printed as `tsume: error: …` before the process ends
/// with [`AppError::exit`].
#[derive(Debug, Error)]
pub enum AppError {
    /// The problem is malformed or not a problem.
    #[error(transparent)]
    Input(#[from] InputError),
    /// A collection could not be read.
    #[error(transparent)]
    Collection(#[from] CollectionError),
    /// The position given to `perft` is malformed or illegal.
    #[error("invalid position: {0}")]
    Position(SfenError),
    /// Flags that do not go together, or that the machine cannot serve.
    #[error("{0}")]
    Usage(String),
    /// The report file could not be written.
    #[error("report {}: {source}", path.display())]
    Report {
        /// The report path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The worker threads could not be started.
    #[error("cannot start the worker threads: {0}")]
    Threads(String),
    /// The program contradicted itself, e.g. a solution failed its replay check.
    #[error("internal error, please report it: {0}")]
    Internal(String),
    /// The USI engine's standard input could not be read.
    #[error("reading standard input: {0}")]
    Stdin(std::io::Error),
}

impl AppError {
    /// How the process ends after this error.
    pub fn exit(&self) -> Exit {
        match self {
            AppError::Input(_)
            | AppError::Collection(_)
            | AppError::Position(_)
            | AppError::Usage(_)
            | AppError::Report { .. } => Exit::InputError,
            AppError::Threads(_) | AppError::Internal(_) => Exit::Internal,
            AppError::Stdin(_) => Exit::No,
        }
    }
}
