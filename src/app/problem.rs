//! The problem input: a problem given on the command line (SFEN text, a file holding an SFEN
//! line, or a record file (KIF, KI2, CSA) chosen by its extension), and the position the solver
//! takes from it (the tsume hand convention).

use crate::notation::csa::parse_csa;
use crate::notation::encoding::decode_record;
use crate::notation::ki2::parse_ki2;
use crate::notation::kif::parse_kif;
use crate::notation::record::{Record, RecordError};
use crate::notation::sfen::{board_column, parse_sfen_record, SfenError};
use crate::shogi::{fill_defender_hand, Position};
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
    /// A position that is not a mate problem, with where it was read.
    #[error("{0}")]
    NotAProblem(String),
    /// A text file with bytes that are not UTF-8.
    #[error("{path}:{line}:{column}: {message}")]
    NotUtf8 {
        /// The file.
        path: String,
        /// The 1-based line.
        line: usize,
        /// The 1-based column of the first bad byte.
        column: usize,
        /// The bytes, in words.
        message: String,
    },
}

/// The record file formats, by extension: `.kif` (UTF-8 if marked so or valid as UTF-8, else
/// Shift-JIS), `.kifu` (UTF-8), `.ki2` (as `.kif`), `.ki2u` (UTF-8), `.csa` (as `.kif`).
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
    let sfen = parse_sfen_record(&text).map_err(|error| InputError::Sfen {
        origin: origin.clone(),
        error,
    })?;
    let pos = sfen.end_position();
    require_defender_king(&pos, &format!("{origin}column {}: ", board_column(&text)))?;
    Ok(Record::new(pos))
}

/// The problem as the solver takes it: the tsume hand convention applies unless the hands are
/// literal, the SFEN lists a defender hand, or every piece is already accounted for.
pub fn prepare_problem(pos: &Position, literal_hands: bool) -> Result<Position, InputError> {
    require_defender_king(pos, "")?;
    let defender = !pos.side_to_move();
    if literal_hands || !pos.hand(defender).is_empty() {
        Ok(pos.clone())
    } else {
        Ok(fill_defender_hand(pos))
    }
}

/// Why `pos` cannot be a mate problem, if it cannot: the defender (the side not to move) has no
/// king to mate.
pub fn defender_king_fault(pos: &Position) -> Option<String> {
    let defender = !pos.side_to_move();
    pos.king(defender)
        .is_none()
        .then(|| format!("the defender ({defender:?}, the side not to move) has no king"))
}

/// [`defender_king_fault`] as an error, placed by `at` (`file:line:column: ` or `column N: `).
pub fn require_defender_king(pos: &Position, at: &str) -> Result<(), InputError> {
    match defender_king_fault(pos) {
        Some(fault) => Err(InputError::NotAProblem(format!("{at}{fault}"))),
        None => Ok(()),
    }
}

/// The one record of `arg` when it names a record file (by its extension), `None` otherwise.
pub fn read_record_problem(arg: &str) -> Option<Result<Record, InputError>> {
    let path = Path::new(arg);
    let (format, utf8) = RecordFormat::of(path)?;
    Some(
        read_record_file(path, format, utf8).and_then(|mut records| match records.len() {
            1 => {
                let record = records.remove(0);
                let at = format!("{arg}:{}:1: ", record.position_line);
                require_defender_king(&record.start, &at).map(|()| record)
            }
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
/// SFEN always has spaces, so a single word with a `/` or a `.` in it is a path, unless no such
/// file exists and the word is made of board letters (an SFEN board cut short).
pub fn problem_text(arg: &str) -> Result<(String, String), InputError> {
    let path = Path::new(arg);
    let one_word = !arg.contains(char::is_whitespace);
    let cut_board = looks_like_board(arg) && !path.exists();
    if one_word && !cut_board && (path.is_file() || arg.contains(['/', '\\', '.'])) {
        let bytes = std::fs::read(path).map_err(|source| InputError::Io {
            path: arg.to_string(),
            source,
        })?;
        for (i, line) in text_lines(&bytes).enumerate() {
            let line = utf8_line(line).map_err(|(column, message)| InputError::NotUtf8 {
                path: arg.to_string(),
                line: i + 1,
                column,
                message,
            })?;
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

/// A word of SFEN board letters with a `/` in it.
fn looks_like_board(word: &str) -> bool {
    word.contains('/')
        && word
            .chars()
            .all(|c| "123456789plnsgbrkPLNSGBRK+/".contains(c))
}

/// The lines of a text file's bytes, without a leading UTF-8 BOM and without their line ends
/// (`\n` or `\r\n`).
pub fn text_lines(bytes: &[u8]) -> impl Iterator<Item = &[u8]> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes
        .split(|&b| b == b'\n')
        .map(|l| l.strip_suffix(b"\r").unwrap_or(l))
        .filter(move |_| !bytes.is_empty())
}

/// A line as UTF-8 text, or the 1-based column of the first byte that is not UTF-8 and those
/// bytes in words.
pub fn utf8_line(line: &[u8]) -> Result<&str, (usize, String)> {
    std::str::from_utf8(line).map_err(|e| {
        let good = e.valid_up_to();
        let before = std::str::from_utf8(&line[..good]).expect("valid up to here");
        let len = e.error_len().unwrap_or(line.len() - good);
        let hex: Vec<String> = line[good..good + len]
            .iter()
            .map(|b| format!("0x{b:02X}"))
            .collect();
        let (noun, verb) = if len == 1 {
            ("byte", "is")
        } else {
            ("bytes", "are")
        };
        let message = format!("{noun} {} {verb} not UTF-8", hex.join(" "));
        (before.chars().count() + 1, message)
    })
}
