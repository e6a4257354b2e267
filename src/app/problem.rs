//! The problem input: a problem given on the command line (SFEN text, a file holding an SFEN
//! line, a record file (KIF, KI2, CSA) chosen by its extension, a BOD diagram or record told by
//! its content, or standard input), and the position the solver takes from it (the tsume hand
//! convention).

use crate::notation::csa::parse_csa;
use crate::notation::encoding::decode_record;
use crate::notation::ki2::parse_ki2;
use crate::notation::kif::parse_kif;
use crate::notation::record::{is_opening, Record, RecordError};
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
    /// The SFEN is malformed or illegal: `file:line:column: fault`, or `column N: fault` for
    /// command-line text.
    #[error("{}{}", place_in(origin, error.column), error.fault)]
    Sfen {
        /// `file:line: ` or empty for command-line text.
        origin: String,
        /// The fault.
        error: SfenError,
    },
    /// A record file (KIF, KI2, CSA) that is malformed or illegal.
    #[error("{}", error.placed(path))]
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
    /// A word that names a file (a path, or no SFEN), and no such file exists.
    #[error("no such file: {0}")]
    NoSuchFile(String),
    /// A collection given where one problem is wanted.
    #[error(
        "{0}: a collection, and solve takes one problem; use `tsume verify {0}` (or `tsume check \
         {0}`)"
    )]
    Collection(String),
    /// Several words given for one problem that do not form an SFEN.
    #[error(
        "{0} arguments where one problem is wanted; quote an SFEN (tsume solve \"4k4/9/… b G 1\"), \
         and give several files to `tsume verify` or `tsume check`"
    )]
    SeveralWords(usize),
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

impl InputError {
    /// Where the fault is and what it is: the 1-based line and column when the input places it
    /// (SFEN text given directly is line 1), and the fault without its place.
    pub fn place(&self) -> (Option<usize>, Option<usize>, String) {
        match self {
            InputError::Sfen { origin, error } => {
                // `origin` is empty for text, `file:line: ` for a file's line.
                let line = match origin.trim_end().trim_end_matches(':').rsplit_once(':') {
                    Some((_, n)) => n.parse().ok(),
                    None => Some(1),
                };
                (line, Some(error.column), error.fault.to_string())
            }
            InputError::Record { error, .. } => {
                (Some(error.line), Some(error.column), error.message.clone())
            }
            InputError::NotUtf8 {
                line,
                column,
                message,
                ..
            } => (Some(*line), Some(*column), message.clone()),
            other => (None, None, other.to_string()),
        }
    }
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

/// Reads `arg`: `-`, standard input; a record file by its extension ([`RecordFormat`]);
/// another file holding a record by its content (a BOD diagram in a `.bod` or `.txt` file), or
/// else whose first line that is not blank or a `#` comment is the SFEN; record text (a pasted
/// BOD diagram); or else SFEN text. A word that names no file and is not SFEN is refused as
/// `no such file`, and a collection (a directory, `.tsv`, a `.sfen` list) as not one problem.
///
/// The problem is the record's start position and the moves after it are its intended solution;
/// for SFEN, `… moves …` are played and the position reached is the problem.
pub fn read_problem(arg: &str) -> Result<Record, InputError> {
    if arg == STDIN {
        return read_stdin_problem();
    }
    if is_missing_file(arg) {
        return Err(InputError::NoSuchFile(arg.to_string()));
    }
    if is_collection(Path::new(arg)) {
        return Err(InputError::Collection(arg.to_string()));
    }
    if let Some(record) = read_record_problem(arg) {
        return record;
    }
    if let Some(record) = read_record_by_content(arg) {
        return record;
    }
    let (text, origin) = problem_text(arg)?;
    sfen_problem(&text, &origin)
}

/// The argument that stands for standard input.
pub const STDIN: &str = "-";

/// The problem on standard input: SFEN, or a KIF, KI2, CSA or BOD text, told apart by content.
fn read_stdin_problem() -> Result<Record, InputError> {
    const NAME: &str = "<stdin>";
    let mut bytes = Vec::new();
    std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes).map_err(|source| {
        InputError::Io {
            path: NAME.to_string(),
            source,
        }
    })?;
    let text = decode_record(&bytes, false).map_err(|error| InputError::Record {
        path: NAME.to_string(),
        error,
    })?;
    read_problem_text(&text, NAME)
}

/// The problem of a whole text, never a file name (what a program or a web page passes): a KIF,
/// KI2, CSA or BOD text told by its content, or else an SFEN on its first line that is not blank
/// or a `#` comment; `name` places the faults (`<stdin>:3:12: …`).
pub fn read_problem_text(text: &str, name: &str) -> Result<Record, InputError> {
    match record_text(text, name)? {
        TextProblem::Record(record) => Ok(*record),
        TextProblem::Sfen { line, origin } => sfen_problem(line, &origin),
    }
}

/// A problem's text, told by its content.
pub enum TextProblem<'a> {
    /// A record (KIF, KI2, CSA, BOD), read.
    Record(Box<Record>),
    /// An SFEN line, not yet read, and its place for messages (`name:line: `).
    Sfen {
        /// The line.
        line: &'a str,
        /// `name:line: `.
        origin: String,
    },
}

/// What a whole text holds: a record, read, or the line holding an SFEN.
pub fn record_text<'a>(text: &'a str, name: &str) -> Result<TextProblem<'a>, InputError> {
    if let Some(format) = record_format_of_text(text) {
        return parse_record_text(text, format, name).map(|r| TextProblem::Record(Box::new(r)));
    }
    let found = text.lines().enumerate().find(|(_, l)| {
        let t = l.trim();
        !t.is_empty() && !t.starts_with('#')
    });
    match found {
        Some((i, line)) => Ok(TextProblem::Sfen {
            line,
            origin: format!("{name}:{}: ", i + 1),
        }),
        None => Err(InputError::Empty(name.to_string())),
    }
}

/// The problem an SFEN line gives, `origin` placing it for messages (`file:line: ` or empty).
fn sfen_problem(text: &str, origin: &str) -> Result<Record, InputError> {
    let sfen = parse_sfen_record(text).map_err(|error| InputError::Sfen {
        origin: origin.to_string(),
        error,
    })?;
    let pos = sfen.end_position();
    require_defender_king(&pos, &place_in(origin, board_column(text)))?;
    Ok(Record::new(pos))
}

/// Where a fault of an SFEN line stands, as every message places a fault: `file:line:column: `
/// when the line is a file's (`origin` is `file:line: `), `column N: ` for command-line text
/// (`origin` empty).
pub fn place_in(origin: &str, column: usize) -> String {
    match origin.strip_suffix(": ") {
        Some(file_line) => format!("{file_line}:{column}: "),
        None => format!("{origin}column {column}: "),
    }
}

/// The record format a text is in, told by its content: CSA by its `V2`, `PI` or `P1` lines;
/// KIF or KI2 by a BOD diagram (`…の持駒`, a `+---` border), `手合割` or a `手数----` line, and
/// KI2 when its moves start with ▲ or △ and none is numbered. `None`: not a record (SFEN).
pub fn record_format_of_text(text: &str) -> Option<RecordFormat> {
    let lines = || text.lines().map(str::trim);
    let csa_line = |l: &str| {
        l.starts_with("V2")
            || l.starts_with("V3")
            || l == "PI"
            || (l.starts_with("P1") && l[2..].starts_with([' ', '+', '-']))
    };
    if lines().any(csa_line) {
        return Some(RecordFormat::Csa);
    }
    let kif_like = lines().any(|l| {
        l.contains("の持駒")
            || l.starts_with("+---")
            || l.starts_with("手合割")
            || l.starts_with("手数-")
    });
    if !kif_like {
        return None;
    }
    let numbered = lines().any(|l| {
        l.starts_with("手数-")
            || l.split_whitespace().next().is_some_and(|w| {
                w.trim_end_matches('+').parse::<u32>().is_ok()
                    && l.split_whitespace().nth(1).is_some()
            })
    });
    let ki2 = lines().any(|l| l.starts_with(['▲', '△', '☗', '☖']));
    Some(if ki2 && !numbered {
        RecordFormat::Ki2
    } else {
        RecordFormat::Kif
    })
}

/// The one problem of a record text in `format`, `name` placing its faults.
fn parse_record_text(text: &str, format: RecordFormat, name: &str) -> Result<Record, InputError> {
    let records = match format {
        RecordFormat::Kif => parse_kif(text).map(|r| vec![r]),
        RecordFormat::Ki2 => parse_ki2(text).map(|r| vec![r]),
        RecordFormat::Csa => parse_csa(text),
    }
    .map_err(|error| InputError::Record {
        path: name.to_string(),
        error,
    })?;
    one_record(records, name)
}

/// The record `arg` holds when it is not a record file by its extension but a record by its
/// content: a file of another extension (`.bod`, `.txt`) or text given as the argument (a
/// pasted BOD diagram). `None` when it is neither, so it is read as SFEN.
fn read_record_by_content(arg: &str) -> Option<Result<Record, InputError>> {
    let path = Path::new(arg);
    if path.is_file() {
        let text = decode_record(&std::fs::read(path).ok()?, false).ok()?;
        let format = record_format_of_text(&text)?;
        return Some(parse_record_text(&text, format, arg));
    }
    let format = record_format_of_text(arg)?;
    Some(parse_record_text(arg, format, "<argument>"))
}

/// A single word that is not SFEN (or a name with a record or collection extension) naming a
/// file that does not exist: the user meant a file, so the fault is its absence, not its text.
fn is_missing_file(arg: &str) -> bool {
    let path = Path::new(arg);
    let word = arg.trim();
    if word.is_empty() || path.exists() {
        return false;
    }
    let file_extension = path.extension().and_then(|e| e.to_str()).is_some_and(|e| {
        RECORD_EXTENSIONS
            .iter()
            .chain(&["sfen", "tsv", "bod", "txt"])
            .any(|x| x.eq_ignore_ascii_case(e))
    });
    file_extension
        || (!word.contains(char::is_whitespace)
            && !looks_like_board(word)
            && parse_sfen_record(word).is_err())
}

/// A directory, a `.tsv` collection, or a `.sfen` list of more than one SFEN (each line with
/// or without its `# id=… mate=…` trailer): what `verify` and
/// `check` read, not one problem. A `.sfen` file of one SFEN, or whose lines do not read as SFEN,
/// is read as one problem, so its faults are placed as usual.
fn is_collection(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str());
    if path.is_dir() || ext.is_some_and(|e| e.eq_ignore_ascii_case("tsv")) {
        return true;
    }
    if !ext.is_some_and(|e| e.eq_ignore_ascii_case("sfen")) {
        return false;
    }
    let Ok(bytes) = std::fs::read(path) else {
        return false;
    };
    /// Longer lines are not SFEN of a real position, and are not read here.
    const LONGEST_SFEN: usize = 1000;
    let sfen_lines = text_lines(&bytes)
        .filter(|l| l.len() <= LONGEST_SFEN)
        .filter_map(|l| std::str::from_utf8(l).ok())
        .filter(|l| parse_sfen_record(l.split('#').next().unwrap_or_default()).is_ok())
        .take(2)
        .count();
    sfen_lines > 1
}

/// The one problem that several command-line words give: the words joined when the first is an
/// SFEN board or keyword (an SFEN typed without quotes), refused otherwise, so that several file
/// names are never read as one problem.
pub fn join_problem_words(words: &[String]) -> Result<String, InputError> {
    match words {
        [one] => Ok(one.clone()),
        [first, ..] if starts_sfen(first) => Ok(words.join(" ")),
        _ => Err(InputError::SeveralWords(words.len())),
    }
}

/// `check`'s words: one SFEN typed without quotes (its first word a board or an SFEN keyword
/// that names no file) joined into one problem; other words as they are, each a problem or a
/// collection.
pub fn join_sfen_words(words: Vec<String>) -> Vec<String> {
    match words.first() {
        Some(first) if words.len() > 1 && starts_sfen(first) && !Path::new(first).exists() => {
            vec![words.join(" ")]
        }
        _ => words,
    }
}

/// The first word of an SFEN: a board, or `sfen`, `position`, `startpos`.
fn starts_sfen(word: &str) -> bool {
    looks_like_board(word) || ["sfen", "position", "startpos"].contains(&word)
}

/// The problem as the solver takes it: the tsume hand convention applies unless the hands are
/// literal, the SFEN lists a defender hand, every piece is already accounted for, or the
/// position is the opening of 平手 or of a handicap (whose removed pieces are in no hand).
pub fn prepare_problem(pos: &Position, literal_hands: bool) -> Result<Position, InputError> {
    require_defender_king(pos, "")?;
    let defender = !pos.side_to_move();
    if literal_hands || !pos.hand(defender).is_empty() || is_opening(pos) {
        Ok(pos.clone())
    } else {
        Ok(fill_defender_hand(pos))
    }
}

/// The position a record poses and what the reader should be told of it.
#[derive(Clone, Debug)]
pub struct Posed {
    /// The position to solve: a game's after its last move (hands as played), a problem's
    /// diagram under the hand convention.
    pub position: Position,
    /// For a game record: how many of its moves were played to reach [`Posed::position`].
    pub game_moves: Option<usize>,
    /// For a problem whose moves (its solution) have a fault: the fault, placed in the file,
    /// and that the diagram is solved without them.
    pub warning: Option<String>,
}

/// The warning of a solve of a record whose moves have `fault`, placed in the file `name`:
/// its diagram is solved without them.
pub fn solve_warning(fault: &RecordError, name: &str) -> String {
    format!(
        "{}; the diagram is solved without the record's moves",
        fault.placed(name)
    )
}

/// The warning of a record's side line that has `fault`, placed in the file `name`: the side
/// line ends before it, the main line stands.
pub fn side_line_warning(fault: &RecordError, name: &str) -> String {
    format!("{} (in a side line: it ends there)", fault.placed(name))
}

/// What `record`, read from `name`, poses. A game record ([`Record::is_game`]) poses the
/// position after its last move, with the hands as played, and a move of it that cannot be read
/// or played is an error: without it the position is unknown. A problem poses its diagram (the
/// hand convention applies unless `literal_hands`), and a faulty move of its solution is only a
/// warning, since solving does not use the moves.
pub fn pose_record(record: &Record, name: &str, literal_hands: bool) -> Result<Posed, InputError> {
    if record.is_game() {
        if let Some(error) = &record.move_fault {
            return Err(InputError::Record {
                path: name.to_string(),
                error: error.clone(),
            });
        }
        let position = record.end_position();
        let at = format!("{name}: after move {} of the game, ", record.moves.len());
        require_defender_king(&position, &at)?;
        return Ok(Posed {
            position,
            game_moves: Some(record.moves.len()),
            warning: None,
        });
    }
    let warning = record.move_fault.as_ref().map(|e| solve_warning(e, name));
    Ok(Posed {
        position: prepare_problem(&record.start, literal_hands)?,
        game_moves: None,
        warning,
    })
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
    if !path.exists() {
        return Some(Err(InputError::NoSuchFile(arg.to_string())));
    }
    Some(read_record_file(path, format, utf8).and_then(|records| one_record(records, arg)))
}

/// The one record of the records read from `name`, which must be a problem.
fn one_record(mut records: Vec<Record>, name: &str) -> Result<Record, InputError> {
    match records.len() {
        1 => {
            let record = records.remove(0);
            let at = format!("{name}:{}:1: ", record.position_line);
            require_defender_king(&record.start, &at).map(|()| record)
        }
        0 => Err(InputError::Empty(name.to_string())),
        count => Err(InputError::SeveralRecords {
            path: name.to_string(),
            count,
        }),
    }
}

/// The SFEN text `arg` stands for and its origin for messages (`file:line: `, or empty for
/// command-line text): a file's first line that is not blank or a `#` comment, or `arg` itself.
/// SFEN always has spaces, so a single word with a `/` or a `.` in it is a path, unless no such
/// file exists and the word is made of board letters (an SFEN board cut short).
pub fn problem_text(arg: &str) -> Result<(String, String), InputError> {
    if is_missing_file(arg) {
        return Err(InputError::NoSuchFile(arg.to_string()));
    }
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
