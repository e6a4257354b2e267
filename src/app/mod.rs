//! The commands, each a file, built on the layers below.

pub mod bench;
pub mod check;
pub mod collection;
pub mod input;
pub mod interrupt;
pub mod perft;
pub mod selfcheck;
pub mod solve;
pub mod usi;
pub mod verify;

use thiserror::Error;

/// Why a command could not give an answer.
#[derive(Debug, Error)]
pub enum AppError {
    /// The input is malformed or not a problem (exit code 2).
    #[error(transparent)]
    Input(#[from] input::InputError),
    /// The program contradicted itself, e.g. a solution failed its replay check (exit code 4).
    #[error("internal error, please report it: {0}")]
    Internal(String),
}

impl AppError {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            AppError::Input(_) => 2,
            AppError::Internal(_) => 4,
        }
    }
}
