//! Problem collections: files of problems with their expected results, read row by row so that
//! one malformed row does not stop the others.
//!
//! Two formats are read, each by its own reader chosen by the file's extension (see [`READERS`]):
//!
//! - `.sfen`: one problem a line in any SFEN form; blank lines and lines starting with `#` are
//!   skipped. A `#` after the position starts a trailer of words: `id=NAME`, `mate=N` (a mate in
//!   exactly N plies), `mate` (a mate of any length), `nomate`, `nomate-within=N` (no mate in N
//!   plies or fewer), `hands=literal` (the hands as written: the defender gets nothing more). For
//!   example `… b 2P 1 # id=zuko-001 mate=69`.
//! - `.tsv`: tab-separated with a header naming at least `sfen`; optional `id`, an expected length
//!   column (see [`LoadOptions`]), `expect` (`mate`, `nomate`, `nomate-within-N`) and `hands` (a
//!   value starting with `literal` means literal hands); for `check`, `line` (the intended
//!   solution in USI moves). Other columns are ignored.
//!
//! Record files are read too, one problem a record: `.kif`, `.kifu`, `.ki2`,
//! `.ki2u`, `.csa`.
//!
//! A directory stands for every file inside it (recursively) that has a reader.

pub mod tsv;

use super::problem::{
    read_record_file, side_line_warning, solve_warning, text_lines, utf8_line, InputError,
    RecordFormat, RECORD_EXTENSIONS,
};
use crate::notation::excerpt::excerpt;
use crate::notation::record::Record;
use crate::notation::sfen::{
    board_column, parse_sfen_record, parse_sfen_with_unchecked_moves, to_sfen, SfenError,
};
use crate::notation::usi::parse_usi_moves_syntax;
use crate::search::Rules;
use crate::shogi::{Move, Position};
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// What a problem is expected to give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expected {
    /// A mate in exactly this many plies.
    Mate(usize),
    /// A mate, of a length not given.
    AnyMate,
    /// No mate.
    NoMate,
    /// No mate in this many plies or fewer: no mate at all, or a longer one.
    NoMateWithin(usize),
    /// Nothing stated: any proven answer is accepted.
    Unspecified,
}

impl Expected {
    /// An expectation in the words of the `.sfen` trailer, [`Expected`]'s `Display`: `mate`,
    /// `mate=N` (N odd), `nomate`, `nomate-within=N`; `None` for a word of another kind.
    pub fn parse_word(word: &str) -> Option<Result<Expected, String>> {
        let number = |v: &str| {
            v.parse::<usize>()
                .map_err(|_| format!("'{}' is not a number of plies", excerpt(v)))
        };
        Some(match word.split_once('=') {
            None if word == "mate" => Ok(Expected::AnyMate),
            None if word == "nomate" => Ok(Expected::NoMate),
            Some(("mate", v)) => parse_length(v).map(Expected::Mate),
            Some(("nomate-within", v)) => number(v).map(Expected::NoMateWithin),
            _ => return None,
        })
    }

    /// A mate in exactly `n` plies, refused unless `n` is odd (the attacker moves first and
    /// last).
    pub fn mate_in(n: usize) -> Result<Expected, String> {
        parse_length(&n.to_string()).map(Expected::Mate)
    }
}

impl fmt::Display for Expected {
    /// The `.sfen` trailer syntax: `mate=69`, `mate`, `nomate`, `nomate-within=5`; `-` when
    /// nothing is stated.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Expected::Mate(n) => write!(f, "mate={n}"),
            Expected::AnyMate => write!(f, "mate"),
            Expected::NoMate => write!(f, "nomate"),
            Expected::NoMateWithin(n) => write!(f, "nomate-within={n}"),
            Expected::Unspecified => write!(f, "-"),
        }
    }
}

/// Where a row comes from: the file and the 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The file, as reached from the path given.
    pub file: PathBuf,
    /// The 1-based line.
    pub line: usize,
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file.display(), self.line)
    }
}

/// One problem of a collection.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The id given in the file, or `STEM:LINE` when none is.
    pub id: String,
    /// Where it was read.
    pub source: Source,
    /// The SFEN text as written.
    pub text: String,
    /// The position the text describes, before the tsume hand convention: after its moves, or
    /// under [`LoadOptions::solution_moves`] before them.
    pub position: Position,
    /// Under [`LoadOptions::solution_moves`], the intended solution: the moves after the SFEN or
    /// the TSV `line` column, read for their syntax only; `None` when the row gives none.
    pub line: Option<Vec<Move>>,
    /// A record's move (after `line`, under [`LoadOptions::solution_moves`]) that could not be
    /// read or played, in words, placed in its file: the intended line is faulty there, and a
    /// solve of the diagram warns of it.
    pub line_fault: Option<String>,
    /// The expected result.
    pub expected: Expected,
    /// Take the hands as written: the defender gets no remaining pieces.
    pub literal_hands: bool,
    /// The 1-based column of the board in its line (1 for a record file), where a position
    /// that is not a problem (no defender king) is reported.
    pub board_column: usize,
    /// What the reader should be told of the row, placed in its file: a record's move that
    /// cannot be played where the diagram is solved without them, a faulty side line.
    pub warnings: Vec<String>,
}

/// A row that is not a problem: where, what the text was, and why.
#[derive(Clone, Debug)]
pub struct RowError {
    /// Where the row is.
    pub source: Source,
    /// The id, if the row names one.
    pub id: Option<String>,
    /// The problem text of the row, as far as it could be told apart.
    pub text: String,
    /// The fault, with the column where one applies.
    pub message: String,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.source, self.message)
    }
}

impl std::error::Error for RowError {}

/// A row of a collection: a problem, or why it is not one.
pub type Row = Result<Problem, RowError>;

/// Why a collection could not be read at all.
#[derive(Debug, Error)]
pub enum CollectionError {
    /// The file or directory could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// A file whose extension has no reader.
    #[error("{}: unknown collection type (expected {})", path.display(), known_extensions())]
    UnknownType {
        /// The file.
        path: PathBuf,
    },
    /// A TSV file whose header lacks a required column.
    #[error("{}:1: the header has no '{column}' column", path.display())]
    MissingColumn {
        /// The file.
        path: PathBuf,
        /// The column.
        column: String,
    },
    /// A line of a file's header that is not UTF-8.
    #[error("{}:{line}:{column}: {message}", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// The 1-based line.
        line: usize,
        /// The 1-based column of the first bad byte.
        column: usize,
        /// The bytes, in words.
        message: String,
    },
    /// No problem in any of the paths.
    #[error("no problems found in {0}")]
    NoProblems(String),
}

/// Choices made while reading a collection.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// The rules the lengths are to be counted under; they choose the TSV length column: under
    /// game rules the first present of `game_length`, `length`, `plies`; under tsume conventions
    /// the first of `tsume_length`, `published_length`, `length`, `plies`.
    pub rules: Rules,
    /// A TSV length column to use instead (every TSV file must have it).
    pub length_column: Option<String>,
    /// The rows give intended solutions (`check`): the moves after a row's SFEN are its solution,
    /// read for their syntax only and not played, and a TSV `line` column gives one too.
    /// Otherwise the moves after an SFEN are played and a `line` column is ignored.
    pub solution_moves: bool,
}

impl LoadOptions {
    fn length_columns(&self) -> Vec<&str> {
        match (&self.length_column, self.rules) {
            (Some(name), _) => vec![name.as_str()],
            (None, Rules::Game) => vec!["game_length", "length", "plies"],
            (None, Rules::Tsume { .. }) => {
                vec!["tsume_length", "published_length", "length", "plies"]
            }
        }
    }
}

/// A line of a collection file: its text, or the column and the bytes where it is not UTF-8.
type Line<'a> = Result<&'a str, (usize, String)>;

/// A reader of one file format: the path (for sources), the file's lines, the options.
type Reader = fn(&Path, &[Line], &LoadOptions) -> Result<Vec<Row>, CollectionError>;

/// The readers, by file extension. A new format is a new entry here.
pub const READERS: &[(&str, Reader)] = &[("sfen", read_sfen_list), ("tsv", read_tsv)];

fn known_extensions() -> String {
    READERS
        .iter()
        .map(|(ext, _)| *ext)
        .chain(RECORD_EXTENSIONS.iter().copied())
        .map(|ext| format!(".{ext}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn reader_for(path: &Path) -> Option<Reader> {
    let ext = path.extension()?.to_str()?.to_ascii_lowercase();
    READERS.iter().find(|(e, _)| *e == ext).map(|(_, r)| *r)
}

/// Reads every path in turn (files, or directories of files); a file-level fault stops the
/// whole load, a row-level fault is kept as that row's error.
pub fn load_all(paths: &[PathBuf], options: &LoadOptions) -> Result<Vec<Row>, CollectionError> {
    let mut rows = Vec::new();
    for path in paths {
        rows.extend(load(path, options)?);
    }
    if rows.is_empty() {
        let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
        return Err(CollectionError::NoProblems(names.join(", ")));
    }
    Ok(rows)
}

/// Reads one collection file, or every collection file under a directory (in name order; files
/// of other types in a directory are passed over).
pub fn load(path: &Path, options: &LoadOptions) -> Result<Vec<Row>, CollectionError> {
    let io = |source| CollectionError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io)?;
    if meta.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map_err(io)?
            .map(|e| e.map(|e| e.path()))
            .collect::<Result<_, _>>()
            .map_err(io)?;
        entries.sort();
        let mut rows = Vec::new();
        for entry in entries {
            if entry.is_dir() || reader_for(&entry).is_some() || RecordFormat::of(&entry).is_some()
            {
                rows.extend(load(&entry, options)?);
            }
        }
        return Ok(rows);
    }
    if let Some((format, utf8)) = RecordFormat::of(path) {
        return Ok(record_rows(path, format, utf8, options));
    }
    let reader = reader_for(path).ok_or_else(|| CollectionError::UnknownType {
        path: path.to_path_buf(),
    })?;
    let bytes = std::fs::read(path).map_err(io)?;
    let lines: Vec<Line> = text_lines(&bytes).map(utf8_line).collect();
    reader(path, &lines, options)
}

/// The problems of a record file (KIF, KI2, CSA), one a record; a file that cannot be read is
/// one row's error. The expected result is the length the record states (`手数`, `まで N手で詰み`,
/// CSA `%TSUMI`), a published length: under tsume rules a mate of exactly that length, under
/// game rules a mate of any length. A record stating none expects nothing. The record's moves
/// are the intended solution under [`LoadOptions::solution_moves`].
fn record_rows(
    path: &Path,
    format: RecordFormat,
    utf8_by_name: bool,
    options: &LoadOptions,
) -> Vec<Row> {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let records = match read_record_file(path, format, utf8_by_name) {
        Ok(records) => records,
        Err(e) => {
            let (line, message) = match e {
                InputError::Record { error, .. } => (
                    error.line,
                    format!("column {}: {}", error.column, error.message),
                ),
                e => (1, e.to_string()),
            };
            return vec![Err(RowError {
                source: Source {
                    file: path.to_path_buf(),
                    line,
                },
                id: Some(stem),
                text: String::new(),
                message,
            })];
        }
    };
    let several = records.len() > 1;
    records
        .into_iter()
        .enumerate()
        .map(|(i, record)| {
            let id = if several {
                format!("{stem}#{}", i + 1)
            } else {
                stem.clone()
            };
            let source = Source {
                file: path.to_path_buf(),
                line: record.position_line,
            };
            if record.is_game() {
                return game_row(record, id, source);
            }
            let expected = match (record.stated_length, options.rules) {
                (Some(n), Rules::Tsume { .. }) => Expected::Mate(n),
                (Some(_), Rules::Game) => Expected::AnyMate,
                (None, _) => Expected::Unspecified,
            };
            let line_fault = record
                .move_fault
                .as_ref()
                .map(|e| e.placed(&path.display().to_string()));
            let solution = options.solution_moves;
            let name = path.display().to_string();
            let mut warnings = Vec::new();
            if let (Some(fault), false) = (&record.move_fault, solution) {
                warnings.push(solve_warning(fault, &name));
            }
            for fault in record.side_faults.iter().filter(|_| solution) {
                warnings.push(side_line_warning(fault, &name));
            }
            Ok(Problem {
                id,
                source,
                text: to_sfen(&record.start),
                line: (solution && (!record.moves.is_empty() || line_fault.is_some()))
                    .then_some(record.moves),
                line_fault,
                position: record.start,
                expected,
                literal_hands: false,
                board_column: 1,
                warnings,
            })
        })
        .collect()
}

/// The row of a game record ([`Record::is_game`]): the position after its last move, hands as
/// played; its moves are not a solution, so nothing is expected of it. A move that cannot be
/// read or played leaves the position unknown: the row is an error.
fn game_row(record: Record, id: String, source: Source) -> Row {
    if let Some(e) = &record.move_fault {
        return Err(RowError {
            source: Source {
                line: e.line,
                ..source
            },
            id: Some(id),
            text: String::new(),
            message: format!("column {}: {}", e.column, e.message),
        });
    }
    let position = record.end_position();
    Ok(Problem {
        id,
        source,
        text: to_sfen(&position),
        line: None,
        line_fault: None,
        position,
        expected: Expected::Unspecified,
        literal_hands: true,
        board_column: 1,
        warnings: Vec::new(),
    })
}

/// The id of a row that names none: the file stem and the line.
fn default_id(path: &Path, line: usize) -> String {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    format!("{stem}:{line}")
}

/// Reads the position of a row, and under `solution_moves` the moves after it apart (`None`
/// when there are none), and the column of its board; `column` is the 1-based column of the
/// text in its line, so the fault is reported where it stands in the file.
fn parse_position(
    text: &str,
    column: usize,
    solution_moves: bool,
) -> Result<(Position, Option<Vec<Move>>, usize), String> {
    let parsed = if solution_moves {
        parse_sfen_with_unchecked_moves(text)
            .map(|(start, moves)| (start, Some(moves).filter(|m| !m.is_empty())))
    } else {
        parse_sfen_record(text).map(|r| (r.end_position(), None))
    };
    let (position, line) = parsed
        .map_err(|SfenError { column: c, fault }| format!("column {}: {fault}", column + c - 1))?;
    Ok((position, line, column + board_column(text) - 1))
}

/// A mate length: a positive odd number of plies (the attacker moves first and last).
fn parse_length(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n % 2 == 1 => Ok(n),
        Ok(n) => Err(format!(
            "a mate length is an odd number of plies, found {n}"
        )),
        Err(_) => Err(format!("'{}' is not a number of plies", excerpt(text))),
    }
}

fn read_sfen_list(
    path: &Path,
    lines: &[Line],
    options: &LoadOptions,
) -> Result<Vec<Row>, CollectionError> {
    Ok(collect_rows(
        path,
        lines.iter().enumerate(),
        |line, source| {
            let trimmed = line.trim();
            let skip = trimmed.is_empty() || trimmed.starts_with('#');
            (!skip).then(|| sfen_row(line, source, options.solution_moves))
        },
    ))
}

/// The rows of `lines` (numbered from 0), each read by `row`, which passes over a line by
/// answering `None`; a line that is not UTF-8 is that row's error.
fn collect_rows<'a>(
    path: &Path,
    lines: impl Iterator<Item = (usize, &'a Line<'a>)>,
    mut row: impl FnMut(&str, Source) -> Option<Row>,
) -> Vec<Row> {
    let mut rows = Vec::new();
    for (i, line) in lines {
        let source = Source {
            file: path.to_path_buf(),
            line: i + 1,
        };
        match line {
            Ok(line) => rows.extend(row(line, source)),
            Err((column, message)) => rows.push(Err(not_utf8(source, *column, message))),
        }
    }
    rows
}

/// The error of a row with bytes that are not UTF-8.
fn not_utf8(source: Source, column: usize, message: &str) -> RowError {
    RowError {
        source,
        id: None,
        text: String::new(),
        message: format!("column {column}: {message}"),
    }
}

/// One line of a `.sfen` list: the position, then an optional `# word word…` trailer.
fn sfen_row(line: &str, source: Source, solution_moves: bool) -> Row {
    let (sfen, trailer) = match line.find('#') {
        Some(at) => (
            &line[..at],
            Some((&line[at + 1..], line[..=at].chars().count())),
        ),
        None => (line, None),
    };
    let mut id = None;
    let mut expected = Expected::Unspecified;
    let mut literal_hands = false;
    let mut fault = None;
    if let Some((trailer, hash_column)) = trailer {
        for (column, word) in words(trailer) {
            let column = hash_column + column;
            let (key, value) = match word.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None => (word, None),
            };
            let expectation = Expected::parse_word(word);
            let parsed = match (key, value, expectation) {
                (_, _, Some(e)) => e.map(Word::Expect),
                ("id", Some(v), _) if !v.is_empty() => Ok(Word::Id(v.to_string())),
                ("hands", Some("literal"), _) => Ok(Word::LiteralHands(true)),
                ("hands", Some("complete"), _) => Ok(Word::LiteralHands(false)),
                _ => Err(format!(
                    "unknown trailer word '{}' (expected id=NAME, mate=N, mate, nomate, \
                     nomate-within=N or hands=literal)",
                    excerpt(word)
                )),
            };
            match parsed {
                Ok(Word::Id(v)) => id = Some(v),
                Ok(Word::Expect(e)) => expected = e,
                Ok(Word::LiteralHands(l)) => literal_hands = l,
                Err(e) => {
                    fault = Some(format!("column {column}: {e}"));
                    break;
                }
            }
        }
    }
    let position = match fault {
        Some(message) => Err(message),
        None => parse_position(sfen, 1, solution_moves),
    };
    match position {
        Ok((position, line, board_column)) => Ok(Problem {
            line_fault: None,
            id: id.unwrap_or_else(|| default_id(&source.file, source.line)),
            source,
            text: sfen.trim().to_string(),
            position,
            line,
            expected,
            literal_hands,
            board_column,
            warnings: Vec::new(),
        }),
        Err(message) => Err(RowError {
            source,
            id,
            text: sfen.trim().to_string(),
            message,
        }),
    }
}

/// A row given as text rather than read from a file (a program's own list of problems): the
/// SFEN `text` in any form (its moves played), with its `id`, what it is `expected` to give and
/// where it comes from (`source`, for messages). A fault is the row's error, placed by column.
pub fn text_row(
    id: String,
    text: &str,
    expected: Expected,
    literal_hands: bool,
    source: Source,
) -> Row {
    match parse_position(text, 1, false) {
        Ok((position, _, board_column)) => Ok(Problem {
            id,
            source,
            text: text.trim().to_string(),
            position,
            line: None,
            line_fault: None,
            expected,
            literal_hands,
            board_column,
            warnings: Vec::new(),
        }),
        Err(message) => Err(RowError {
            source,
            id: Some(id),
            text: text.trim().to_string(),
            message,
        }),
    }
}

/// A word of a `.sfen` trailer.
enum Word {
    Id(String),
    Expect(Expected),
    LiteralHands(bool),
}

/// The white-space separated words of `s`, each with the 1-based column of its first character.
fn words(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    let mut column = 0;
    for (i, c) in s.char_indices() {
        column += 1;
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, column)),
            (true, Some((b, col))) => {
                out.push((col, &s[b..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &s[b..]));
    }
    out
}

/// The columns of a TSV file that a problem is read from.
struct TsvColumns {
    width: usize,
    sfen: usize,
    id: Option<usize>,
    length: Option<usize>,
    expect: Option<usize>,
    hands: Option<usize>,
    /// The intended solution (read only under [`LoadOptions::solution_moves`]).
    line: Option<usize>,
    /// [`LoadOptions::solution_moves`].
    solution_moves: bool,
}

fn read_tsv(
    path: &Path,
    lines: &[Line],
    options: &LoadOptions,
) -> Result<Vec<Row>, CollectionError> {
    let mut lines = lines.iter().enumerate();
    let header: Vec<&str> = loop {
        match lines.next() {
            Some((_, Ok(l))) if tsv::is_skipped(l) => continue,
            Some((_, Ok(l))) => break tsv::header(l),
            Some((i, Err((column, message)))) => {
                return Err(CollectionError::NotUtf8 {
                    path: path.to_path_buf(),
                    line: i + 1,
                    column: *column,
                    message: message.clone(),
                })
            }
            None => return Ok(Vec::new()),
        }
    };
    let find = |name: &str| header.iter().position(|h| *h == name);
    let missing = |column: &str| CollectionError::MissingColumn {
        path: path.to_path_buf(),
        column: column.to_string(),
    };
    let length = match &options.length_column {
        Some(name) => Some(find(name).ok_or_else(|| missing(name))?),
        None => options.length_columns().into_iter().find_map(find),
    };
    let columns = TsvColumns {
        width: header.len(),
        sfen: find("sfen").ok_or_else(|| missing("sfen"))?,
        id: find("id"),
        length,
        expect: find("expect"),
        hands: find("hands"),
        line: find("line").filter(|_| options.solution_moves),
        solution_moves: options.solution_moves,
    };
    Ok(collect_rows(path, lines, |line, source| {
        (!tsv::is_skipped(line)).then(|| tsv_row(line, source, &columns))
    }))
}

fn tsv_row(line: &str, source: Source, columns: &TsvColumns) -> Row {
    let fields = tsv::fields(line);
    let field = |c: Option<usize>| c.and_then(|c| fields.get(c)).map_or("", |f| f.trim());
    let id = Some(field(columns.id)).filter(|s| !s.is_empty());
    let text = field(Some(columns.sfen));
    let fail = |message: String| RowError {
        source: source.clone(),
        id: id.map(str::to_string),
        text: text.to_string(),
        message,
    };
    let column_of = |c: usize| {
        1 + fields[..c.min(fields.len())]
            .iter()
            .map(|f| f.chars().count() + 1)
            .sum::<usize>()
    };
    if fields.len() > columns.width {
        return Err(fail(format!(
            "column {}: {} fields, the header names {}",
            column_of(columns.width),
            fields.len(),
            columns.width
        )));
    }
    let raw = |c: usize| fields.get(c).copied().unwrap_or("");
    let (position, mut line, board_column) = parse_position(
        raw(columns.sfen),
        column_of(columns.sfen),
        columns.solution_moves,
    )
    .map_err(fail)?;
    if let Some(c) = columns.line.filter(|&c| !raw(c).trim().is_empty()) {
        if line.is_some() {
            return Err(fail(
                "both the moves after the SFEN and the line column give a solution".to_string(),
            ));
        }
        let moves = parse_usi_moves_syntax(raw(c)).map_err(|e| {
            fail(format!(
                "column {}: {}",
                column_of(c) + e.column - 1,
                e.error
            ))
        })?;
        line = Some(moves);
    }
    let expected = tsv_expected(field(columns.expect), field(columns.length)).map_err(|e| {
        // A length that is not one is the length's fault, any other the expect field's.
        let length = field(columns.length);
        let at = match (columns.length, columns.expect) {
            (Some(c), _) if !length.is_empty() && parse_length(length).is_err() => column_of(c),
            (_, Some(c)) | (Some(c), None) => column_of(c),
            (None, None) => 1,
        };
        fail(format!("column {at}: {e}"))
    })?;
    Ok(Problem {
        line_fault: None,
        id: id.map_or_else(|| default_id(&source.file, source.line), str::to_string),
        source: source.clone(),
        text: text.to_string(),
        position,
        line,
        expected,
        literal_hands: field(columns.hands).starts_with("literal"),
        board_column,
        warnings: Vec::new(),
    })
}

/// The expected result from the `expect` and length fields (either may be empty).
fn tsv_expected(expect: &str, length: &str) -> Result<Expected, String> {
    let length = match length {
        "" => None,
        l => Some(parse_length(l)?),
    };
    match (expect, length) {
        ("" | "mate", Some(n)) => Ok(Expected::Mate(n)),
        ("mate", None) => Ok(Expected::AnyMate),
        ("", None) => Ok(Expected::Unspecified),
        ("nomate", None) => Ok(Expected::NoMate),
        (e, None) if e.starts_with("nomate-within-") => e["nomate-within-".len()..]
            .parse()
            .map(Expected::NoMateWithin)
            .map_err(|_| format!("'{}': expected nomate-within-N", excerpt(e))),
        ("nomate", Some(n)) => Err(format!("expect is nomate but the length is {n}")),
        (e, Some(n)) if e.starts_with("nomate-within-") => {
            Err(format!("expect is {} but the length is {n}", excerpt(e)))
        }
        (e, _) => Err(format!(
            "unknown expect '{}' (expected mate, nomate or nomate-within-N)",
            excerpt(e)
        )),
    }
}

#[cfg(test)]
mod tests;
