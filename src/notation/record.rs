//! A problem read from a record file (KIF, KI2, CSA): the position, the file's headers, and the
//! moves written after the position.

use crate::shogi::{Move, Position, Square};
use thiserror::Error;

/// A fault in a record file, with the 1-based line and character column where it was found.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {message}")]
pub struct RecordError {
    /// 1-based line number in the file.
    pub line: usize,
    /// 1-based character column in that line (1 when the fault is the whole line).
    pub column: usize,
    /// What is wrong, in words.
    pub message: String,
}

impl RecordError {
    /// A fault at `line`, `column` (both 1-based).
    pub fn new(line: usize, column: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            column,
            message: message.into(),
        }
    }

    /// The fault placed in `file`, as messages give it: `file:line:column: message`.
    pub fn placed(&self, file: &str) -> String {
        format!("{file}:{}:{}: {}", self.line, self.column, self.message)
    }
}

/// One problem or game of a record file.
#[derive(Clone, Debug)]
pub struct Record {
    /// The position before the first move.
    pub start: Position,
    /// The header lines in file order, name and value: KIF `作品名：…`, `作者：…`, `手数：…`;
    /// CSA `N+…` (as `N+`), `$EVENT:…` (as `EVENT`).
    pub headers: Vec<(String, String)>,
    /// The main line: the moves after the position, each checked legal in turn.
    pub moves: Vec<Move>,
    /// Side lines kept from the file (KIF `変化：N手`), each a whole line from `start`.
    pub variations: Vec<Variation>,
    /// The solution length the file states, if any: the `手数` header or `まで N手で詰み`.
    pub stated_length: Option<usize>,
    /// The 1-based line where the position is stated: a KIF board's top border or its 手合割
    /// line, the first CSA position line; 1 when the position is implied or not from a file.
    pub position_line: usize,
    /// The first move of the main line that could not be read or played (ambiguous, illegal,
    /// malformed): the moves stop before it and nothing after it is read. The position stands;
    /// whether the record is still of use is the reader's to say ([`Record::is_game`]).
    pub move_fault: Option<RecordError>,
    /// The comments (KIF and KI2 `*` lines), in file order.
    pub comments: Vec<Comment>,
    /// For each side line with a move that could not be read or played, that move's fault: the
    /// side line stops before it (the rest of its block is not read) and the main line and the
    /// other side lines stand.
    pub side_faults: Vec<RecordError>,
}

/// A comment of a record, with the move it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Comment {
    /// The line it stands in: `None` the main line, `Some(k)` the side line `variations[k]`.
    pub line: Option<usize>,
    /// The moves of that line before it, counted from the start (0: on the start position).
    pub after: usize,
    /// The text after the `*`.
    pub text: String,
}

/// A side line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    /// The 1-based ply where it leaves the line it branches from.
    pub ply: usize,
    /// The whole line from the record's start: the moves it shares with the line it branches
    /// from, then its own.
    pub moves: Vec<Move>,
}

impl Record {
    /// A record of a bare position with no headers and no moves.
    pub fn new(start: Position) -> Record {
        Record {
            start,
            headers: Vec::new(),
            moves: Vec::new(),
            variations: Vec::new(),
            stated_length: None,
            position_line: 1,
            move_fault: None,
            comments: Vec::new(),
            side_faults: Vec::new(),
        }
    }

    /// The line that writes the last move of `prefix` (moves from the start), as
    /// [`Comment::line`] names it: `None` for the main line if it plays the prefix, else the
    /// first side line that plays it from its branch on (also `None` when no line plays it).
    pub fn line_playing(&self, prefix: &[Move]) -> Option<usize> {
        if self.moves.starts_with(prefix) {
            return None;
        }
        self.variations
            .iter()
            .position(|v| v.ply <= prefix.len() && v.moves.starts_with(prefix))
    }

    /// Whether the record is a game rather than a problem: it starts from the opening position
    /// of 平手 or of a handicap (the start position with some of White's pieces removed, nothing
    /// in hand), whatever way the file wrote it (a 手合割, a diagram, CSA `PI`), and has moves. A
    /// problem's diagram is never such a position; a game's moves lead to the position of
    /// interest, where a problem's moves are its solution. A game whose first move is faulty is
    /// still one.
    pub fn is_game(&self) -> bool {
        (!self.moves.is_empty() || self.move_fault.is_some()) && is_opening(&self.start)
    }

    /// The value of the first header named `name`.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }
}

/// Whether `pos` is the opening position of 平手 or of a handicap: every piece on its square of
/// the start position, Black's all there, and nothing in either hand. Its hands are as played
/// (empty): the pieces a handicap removes are in no hand.
pub fn is_opening(pos: &Position) -> bool {
    let start = crate::notation::sfen::startpos();
    let board = pos.board();
    pos.hands().iter().all(|h| h.is_empty())
        && Square::all().all(|s| {
            let (now, at_start) = (board[s.index()], start.board()[s.index()]);
            match at_start {
                Some(p) if p.color == crate::shogi::Color::Black => now == Some(p),
                Some(p) => now.is_none() || now == Some(p),
                None => now.is_none(),
            }
        })
}

/// The lines of a record file's text, without a leading BOM. A line ends at CR LF, LF or a lone
/// CR (as in files from old Macintosh editors), so no line read holds a line break.
pub(crate) fn split_lines(text: &str) -> Vec<&str> {
    let mut rest = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = Vec::new();
    while !rest.is_empty() {
        let Some(end) = rest.find(['\r', '\n']) else {
            lines.push(rest);
            break;
        };
        lines.push(&rest[..end]);
        let width = if rest[end..].starts_with("\r\n") {
            2
        } else {
            1
        };
        rest = &rest[end + width..];
    }
    lines
}
