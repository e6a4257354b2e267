//! Reading a problem given on the command line: an SFEN text, or a file holding one.

use crate::notation::sfen::{parse_sfen_record, SfenError, SfenRecord};
use std::path::Path;
use thiserror::Error;

/// Why a problem could not be read.
#[derive(Debug, Error)]
pub enum InputError {
    /// The file could not be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// The error.
        source: std::io::Error,
    },
    /// The SFEN is malformed or illegal.
    #[error("{origin}{error}")]
    Sfen {
        /// `file:line: ` or empty for command-line text.
        origin: String,
        /// The fault.
        error: SfenError,
    },
    /// A file with no position in it.
    #[error("{0}: no position found (expected a line holding an SFEN)")]
    Empty(String),
    /// A position that is not a mate problem.
    #[error("{0}")]
    NotAProblem(String),
}

/// Reads `arg`: a file (its first line that is not blank or a `#` comment is the SFEN), or else
/// SFEN text. SFEN always has spaces, so a single word with a `/` or a `.` in it is a path.
pub fn read_problem(arg: &str) -> Result<SfenRecord, InputError> {
    let (text, origin) = problem_text(arg)?;
    parse_sfen_record(&text).map_err(|error| InputError::Sfen { origin, error })
}

/// The SFEN text `arg` stands for, as [`read_problem`] finds it, and its origin for messages
/// (`file:line: `, or empty for command-line text).
pub fn problem_text(arg: &str) -> Result<(String, String), InputError> {
    let path = Path::new(arg);
    let one_word = !arg.contains(char::is_whitespace);
    if one_word && (path.is_file() || arg.contains(['/', '\\', '.'])) {
        let text = std::fs::read_to_string(path).map_err(|source| InputError::Io {
            path: arg.to_string(),
            source,
        })?;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            return Ok((line.to_string(), format!("{arg}:{}: ", i + 1)));
        }
        return Err(InputError::Empty(arg.to_string()));
    }
    Ok((arg.to_string(), String::new()))
}
