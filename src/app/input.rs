//! Reading a problem given on the command line: SFEN text, a file holding an SFEN line, or a
//! record file (KIF, KI2, CSA) chosen by its extension.

use crate::notation::csa::parse_csa;
use crate::notation::encoding::decode_record;
use crate::notation::ki2::parse_ki2;
use crate::notation::kif::parse_kif;
use crate::notation::record::{Record, RecordError};
use crate::notation::sfen::{parse_sfen_record, SfenError};
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
    /// A record file (KIF, KI2, CSA) that is malformed or illegal.
    #[error("{path}:{}:{}: {}", error.line, error.column, error.message)]
    Record {
        /// The file.
        path: String,
        /// The fault, with its line and column.
        error: RecordError,
    },
    /// A file with no position in it.
    #[error("{0}: no position found (expected a line holding an SFEN)")]
    Empty(String),
    /// A record file holding several records where one problem is wanted.
    #[error("{path}: holds {count} records; one problem is read here (verify reads them all)")]
    SeveralRecords {
        /// The file.
        path: String,
        /// How many records it holds.
        count: usize,
    },
    /// A position that is not a mate problem.
    #[error("{0}")]
    NotAProblem(String),
}

/// The record file formats, by extension: `.kif` (Shift-JIS unless marked UTF-8), `.kifu`
/// (UTF-8), `.ki2`, `.ki2u` (UTF-8), `.csa`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Kakinoki's KIF: a board diagram and numbered moves with their origins.
    Kif,
    /// KI2: a board diagram and 日本式 moves.
    Ki2,
    /// CSA V2.2 or V3: one record, or several separated by `/`.
    Csa,
}

/// The extensions of record files, for messages.
pub const RECORD_EXTENSIONS: &[&str] = &["kif", "kifu", "ki2", "ki2u", "csa"];

impl RecordFormat {
    /// The format a file's extension names, and whether the name says UTF-8.
    pub fn of(path: &Path) -> Option<(RecordFormat, bool)> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        match ext.as_str() {
            "kif" => Some((RecordFormat::Kif, false)),
            "kifu" => Some((RecordFormat::Kif, true)),
            "ki2" => Some((RecordFormat::Ki2, false)),
            "ki2u" => Some((RecordFormat::Ki2, true)),
            "csa" => Some((RecordFormat::Csa, false)),
            _ => None,
        }
    }
}

/// Reads the records of a record file: KIF and KI2 hold one, CSA one or more.
pub fn read_record_file(
    path: &Path,
    format: RecordFormat,
    utf8_by_name: bool,
) -> Result<Vec<Record>, InputError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| InputError::Io {
        path: name.clone(),
        source,
    })?;
    let fault = |error| InputError::Record {
        path: name.clone(),
        error,
    };
    let text = decode_record(&bytes, utf8_by_name).map_err(fault)?;
    match format {
        RecordFormat::Kif => parse_kif(&text).map(|r| vec![r]),
        RecordFormat::Ki2 => parse_ki2(&text).map(|r| vec![r]),
        RecordFormat::Csa => parse_csa(&text),
    }
    .map_err(fault)
}

/// Reads `arg`: a record file by its extension ([`RecordFormat`]); another file, whose first
/// line that is not blank or a `#` comment is the SFEN; or else SFEN text.
///
/// The problem is the record's start position and the moves after it are its intended solution;
/// for SFEN, `… moves …` are played and the position reached is the problem.
pub fn read_problem(arg: &str) -> Result<Record, InputError> {
    if let Some(record) = read_record_problem(arg) {
        return record;
    }
    let (text, origin) = problem_text(arg)?;
    let sfen = parse_sfen_record(&text).map_err(|error| InputError::Sfen { origin, error })?;
    Ok(Record::new(sfen.end_position()))
}

/// The one record of `arg` when it names a record file (by its extension), `None` otherwise.
pub fn read_record_problem(arg: &str) -> Option<Result<Record, InputError>> {
    let path = Path::new(arg);
    let (format, utf8) = RecordFormat::of(path)?;
    Some(
        read_record_file(path, format, utf8).and_then(|mut records| match records.len() {
            1 => Ok(records.remove(0)),
            0 => Err(InputError::Empty(arg.to_string())),
            count => Err(InputError::SeveralRecords {
                path: arg.to_string(),
                count,
            }),
        }),
    )
}

/// The SFEN text `arg` stands for and its origin for messages (`file:line: `, or empty for
/// command-line text): a file's first line that is not blank or a `#` comment, or `arg` itself.
/// SFEN always has spaces, so a single word with a `/` or a `.` in it is a path.
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
