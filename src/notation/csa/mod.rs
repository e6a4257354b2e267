//! CSA record files (standard V2, V2.1, V2.2 and V3.0): headers, the start position, the moves.
//!
//! A record is, in order: a version line (`V2.2`), headers (`N+name`, `N-name`, `$KEY:value`),
//! the position (`PI` with the pieces a handicap removes, or rows `P1`…`P9`, then `P+`/`P-`
//! lines placing pieces, `00` for a hand and `00AL` for every piece not yet placed), the turn
//! line (`+` or `-`), then moves (`+7776FU`, the code after the move, `00` origin for a drop),
//! times (`T12`) and at most one special move (`%TORYO`, `%TSUMI`, …) that ends them. Lines
//! starting with `'` are comments; other lines may hold several statements separated by `,`.
//! Records are separated by lines holding only `/`.

use super::excerpt::excerpt;
use super::record::{split_lines, Record, RecordError};
use crate::shogi::movegen::is_legal;
use crate::shogi::rules::{board_move_fault, drop_fault};
use crate::shogi::{Color, Move, PieceKind, Position, Square};

/// The CSA code of every kind, in [`PieceKind`] index order.
const CODES: [&str; PieceKind::NUM] = [
    "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The versions read. All share one syntax; V3.0 adds fractional times and `%MAX_MOVES`.
const VERSIONS: [&str; 4] = ["V2", "V2.1", "V2.2", "V3.0"];

/// The special moves, each of which ends a record's moves.
#[rustfmt::skip]
const SPECIAL_MOVES: [&str; 15] = [
    "%TORYO", "%TSUMI", "%CHUDAN", "%SENNICHITE", "%JISHOGI", "%KACHI", "%HIKIWAKE", "%TIME_UP",
    "%ILLEGAL_MOVE", "%+ILLEGAL_ACTION", "%-ILLEGAL_ACTION", "%MATTA", "%FUZUMI", "%ERROR",
    "%MAX_MOVES",
];

/// What a record's position is made of.
const POSITION_LINES: &str = "PI, P1 to P9 or P+/P- lines, then '+' or '-'";

/// Returns the fault `at` characters into a statement, the message written as by `format!`.
macro_rules! fail {
    ($stmt:expr, $at:expr, $($message:tt)+) => {
        return Err($stmt.err($at, format!($($message)+)))
    };
}

mod setup;

use setup::{Form, Setup};

/// Reads a CSA file's text (V2, V2.2, V3): one record, or several separated by `/` lines.
pub fn parse_csa(text: &str) -> Result<Vec<Record>, RecordError> {
    let lines = split_lines(text);
    if lines.iter().all(|line| line.trim().is_empty()) {
        return Err(RecordError::new(1, 1, "empty text: expected a CSA record"));
    }
    let mut records = Vec::new();
    let mut reader = Reader::default();
    let mut last_line = 1;
    for (i, line) in lines.into_iter().enumerate() {
        last_line = i + 1;
        let line = line.trim_end();
        if line == "/" {
            records.push(std::mem::take(&mut reader).finish(last_line)?);
            continue;
        }
        for stmt in statements(line, last_line) {
            reader.statement(&stmt)?;
        }
    }
    // A `/` with nothing but comments after it closes the last record.
    if reader.seen || records.is_empty() {
        records.push(reader.finish(last_line)?);
    }
    Ok(records)
}

/// One statement: its text and the 1-based line and character column where it starts.
struct Stmt<'a> {
    text: &'a str,
    line: usize,
    column: usize,
}

impl Stmt<'_> {
    /// A fault `at` characters into the statement.
    fn err(&self, at: usize, message: impl Into<String>) -> RecordError {
        RecordError::new(self.line, self.column + at, message)
    }

    fn chars(&self) -> Vec<char> {
        self.text.chars().collect()
    }
}

/// The statements of a line. Header lines (`N…`, `$…`) are one statement each; other lines are
/// split at `,`, except that a comment (`'…`) runs to the end of the line.
fn statements(line: &str, number: usize) -> Vec<Stmt<'_>> {
    let stmt = |text, column| Stmt {
        text,
        line: number,
        column,
    };
    if line.starts_with(['N', '$']) {
        return vec![stmt(line, 1)];
    }
    let mut out = Vec::new();
    let (mut rest, mut column) = (line, 1);
    while !rest.is_empty() {
        let (part, tail) = match rest.split_once(',') {
            Some((part, tail)) if !rest.starts_with('\'') => (part, tail),
            _ => (rest, ""),
        };
        if !part.is_empty() {
            out.push(stmt(part, column));
        }
        column += part.chars().count() + 1;
        rest = tail;
    }
    out
}

/// The kind a two-letter CSA code names.
fn kind_of(code: &str) -> Option<PieceKind> {
    let index = CODES.iter().position(|&c| c == code)?;
    PieceKind::from_index(index)
}

fn code(kind: PieceKind) -> &'static str {
    CODES[kind.index()]
}

/// The kind named by the two characters at `at`.
fn read_kind(stmt: &Stmt, chars: &[char], at: usize) -> Result<PieceKind, RecordError> {
    let text: String = chars.iter().skip(at).take(2).collect();
    match kind_of(&text) {
        Some(kind) => Ok(kind),
        None => fail!(
            stmt,
            at,
            "unknown piece code '{}' (expected {})",
            excerpt(&text),
            CODES.join(", ")
        ),
    }
}

/// The square at `at` in a statement, file digit then rank digit: `None` for `00` (a hand).
fn square_at(stmt: &Stmt, chars: &[char], at: usize) -> Result<Option<Square>, RecordError> {
    let digits: String = chars.iter().skip(at).take(2).collect();
    let mut pair = digits.chars().map(|c| c.to_digit(10));
    match (pair.next().flatten(), pair.next().flatten()) {
        (Some(0), Some(0)) => Ok(None),
        (Some(f @ 1..=9), Some(r @ 1..=9)) => Ok(Square::new(f as u8, r as u8)),
        _ => fail!(
            stmt,
            at,
            "bad square '{}' (expected 11 to 99, or 00 for a hand)",
            excerpt(&digits)
        ),
    }
}

/// A square as CSA writes it: file digit then rank digit.
fn csa_square(sq: Square) -> String {
    format!("{}{}", sq.file(), sq.rank())
}

/// The colour a `+` or `-` sign stands for.
fn color_of(sign: char) -> Option<Color> {
    match sign {
        '+' => Some(Color::Black),
        '-' => Some(Color::White),
        _ => None,
    }
}

/// The start position and the position after the moves read so far.
struct Game {
    start: Position,
    now: Position,
}

/// Reads one record's statements.
#[derive(Default)]
struct Reader {
    headers: Vec<(String, String)>,
    setup: Setup,
    /// Set by the turn line.
    game: Option<Game>,
    moves: Vec<Move>,
    /// The special move that ended the moves.
    ended: Option<&'static str>,
    stated_length: Option<usize>,
    /// Whether any statement other than a comment has been read.
    seen: bool,
    /// The first move that could not be read or played: the moves, specials and times after it
    /// are passed over ([`Record::move_fault`]).
    move_fault: Option<RecordError>,
}

impl Reader {
    fn statement(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let first = stmt.text.chars().next().unwrap_or(' ');
        if first == '\'' {
            return Ok(());
        }
        let seen = std::mem::replace(&mut self.seen, true);
        if self.move_fault.is_some() && matches!(first, '+' | '-' | '%' | 'T') {
            return Ok(());
        }
        let started = self.game.is_some();
        let playing = started && self.ended.is_none();
        let turn = stmt.text.len() == 1;
        match first {
            'V' => version(stmt, seen),
            'N' | '$' => self.header(stmt),
            'P' if !started => self.setup.statement(stmt),
            '+' | '-' if turn && !started && self.setup.form != Form::Empty => self.turn(stmt),
            '+' | '-' if !turn && playing => {
                // A move that cannot be read or played ends the moves; the position stands.
                if let Err(fault) = self.play(stmt) {
                    self.move_fault = Some(fault);
                }
                Ok(())
            }
            '%' if playing => self.special(stmt),
            'T' if started => time(stmt),
            'P' | '+' | '-' | '%' | 'T' => Err(self.out_of_place(stmt)),
            _ => fail!(
                stmt,
                0,
                "unknown statement '{}' (expected a version, N+, N-, $KEY:value, a P line, '+' or \
                 '-', a move, T, a % special move or a ' comment)",
                excerpt(stmt.text)
            ),
        }
    }

    /// The fault of a statement that does not belong where it stands.
    fn out_of_place(&self, stmt: &Stmt) -> RecordError {
        let text = excerpt(stmt.text);
        let message = match (self.ended, &self.game) {
            (Some(special), _) => format!(
                "'{text}' after {special}: the moves end there (expected '/' before another record)"
            ),
            (None, Some(_)) => format!("'{text}' after the turn line (expected moves)"),
            (None, None) if self.setup.form == Form::Empty => {
                format!("'{text}' before the position (expected {})", POSITION_LINES)
            }
            (None, None) => format!("'{text}' before the turn line ('+' or '-')"),
        };
        stmt.err(0, message)
    }

    /// `N+name`, `N-name` (kept as `N+`, `N-`) and `$KEY:value` (kept as `KEY`), anywhere.
    fn header(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let text = stmt.text;
        let (name, value) = if let Some(rest) = text.strip_prefix('$') {
            match rest.split_once(':') {
                Some((key, value)) if !key.is_empty() => (key, value),
                _ => fail!(stmt, 0, "'{}' is not of the form $KEY:value", excerpt(text)),
            }
        } else if text.starts_with("N+") || text.starts_with("N-") {
            text.split_at(2)
        } else {
            fail!(
                stmt,
                0,
                "unknown statement '{}' (expected N+name or N-name)",
                excerpt(text)
            )
        };
        self.headers.push((name.to_string(), value.to_string()));
        Ok(())
    }

    /// The turn line `+` or `-` ends the position.
    fn turn(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let side = if stmt.text == "-" {
            Color::White
        } else {
            Color::Black
        };
        let start = self.setup.finish(side, stmt)?;
        let now = start.clone();
        self.game = Some(Game { start, now });
        Ok(())
    }

    fn play(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let Some(game) = &mut self.game else {
            return Err(self.out_of_place(stmt));
        };
        let number = self.moves.len() + 1;
        let m = read_move(&game.now, stmt).map_err(|e| RecordError {
            message: format!("move {number} '{}': {}", excerpt(stmt.text), e.message),
            ..e
        })?;
        game.now.make_move(m);
        self.moves.push(m);
        Ok(())
    }

    /// A special move ends the moves; `%TSUMI` states the mate length.
    fn special(&mut self, stmt: &Stmt) -> Result<(), RecordError> {
        let Some(&special) = SPECIAL_MOVES.iter().find(|&&s| s == stmt.text) else {
            fail!(
                stmt,
                0,
                "unknown special move '{}' (expected one of {})",
                excerpt(stmt.text),
                SPECIAL_MOVES.join(", ")
            );
        };
        if special == "%TSUMI" {
            self.stated_length = Some(self.moves.len());
        }
        self.ended = Some(special);
        Ok(())
    }

    /// The record, at the end of the text or at the `/` on line `end`.
    fn finish(self, end: usize) -> Result<Record, RecordError> {
        let Some(Game { start, .. }) = self.game else {
            let ((line, column), what) = match self.setup.form {
                Form::Empty => (
                    (end, 1),
                    format!("the record has no position (expected {POSITION_LINES})"),
                ),
                _ => (
                    self.setup.last,
                    "the position has no turn line ('+' or '-')".to_string(),
                ),
            };
            return Err(RecordError::new(line, column, what));
        };
        Ok(Record {
            headers: self.headers,
            moves: self.moves,
            stated_length: self.stated_length,
            position_line: self.setup.first.unwrap_or(1),
            move_fault: self.move_fault,
            ..Record::new(start)
        })
    }
}

/// A version line, which must be the first statement of its record.
fn version(stmt: &Stmt, seen: bool) -> Result<(), RecordError> {
    if !VERSIONS.contains(&stmt.text) {
        fail!(
            stmt,
            0,
            "unknown version '{}' (expected V2, V2.1, V2.2 or V3.0)",
            excerpt(stmt.text)
        );
    }
    if seen {
        fail!(stmt, 0, "the version line must come first");
    }
    Ok(())
}

/// `T` and the seconds the last move took (V3.0: with a fraction, `T12.345`).
fn time(stmt: &Stmt) -> Result<(), RecordError> {
    let secs = stmt.text.get(1..).unwrap_or("");
    let (whole, fraction) = secs.split_once('.').unwrap_or((secs, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(fraction) {
        fail!(
            stmt,
            0,
            "bad time '{}' (expected T and the seconds, e.g. T12)",
            excerpt(stmt.text)
        );
    }
    Ok(())
}

/// A move `+7776FU`: sign, origin (`00` for a drop), destination, the piece's code after the
/// move (a promoted code for a promotion). It must be legal in `pos`.
fn read_move(pos: &Position, stmt: &Stmt) -> Result<Move, RecordError> {
    let chars = stmt.chars();
    let us = pos.side_to_move();
    if chars.len() != 7 {
        let how = if chars.len() < 7 {
            "truncated"
        } else {
            "too long"
        };
        fail!(
            stmt,
            0,
            "{how}: expected a sign, two squares and a code, e.g. +7776FU"
        );
    }
    if chars.first().copied().and_then(color_of) != Some(us) {
        fail!(stmt, 0, "{:?}'s move, but {us:?} is to move", !us);
    }
    let from = square_at(stmt, &chars, 1)?;
    let Some(to) = square_at(stmt, &chars, 3)? else {
        fail!(stmt, 3, "square 00 is only for hands");
    };
    let kind = read_kind(stmt, &chars, 5)?;
    let m = match from {
        None if kind.is_promoted() || kind == PieceKind::King => {
            fail!(stmt, 5, "cannot drop {}", code(kind))
        }
        None if !pos.hand(us).has(kind) => fail!(stmt, 1, "{us:?} has no {} in hand", code(kind)),
        None => Move::drop(kind, to),
        Some(from) => {
            let Some(p) = pos.piece_at(from).filter(|p| p.color == us) else {
                fail!(stmt, 1, "no {us:?} piece on {}", csa_square(from));
            };
            let promote = kind != p.kind;
            if promote && (!p.kind.can_promote() || kind != p.kind.promoted()) {
                let (was, then) = (code(p.kind), code(p.kind.promoted()));
                let or = if p.kind.can_promote() {
                    format!(", or {then} when it promotes")
                } else {
                    String::new()
                };
                fail!(
                    stmt,
                    5,
                    "the piece on {} is {was}: expected {was}{or}",
                    csa_square(from)
                );
            }
            Move::normal(from, to, promote)
        }
    };
    if is_legal(pos, m) {
        return Ok(m);
    }
    let to = csa_square(to);
    let Some(from) = m.from() else {
        let why = drop_fault(pos, kind, m.to());
        fail!(
            stmt,
            0,
            "not legal: {} cannot be dropped on {to} ({why})",
            code(kind)
        );
    };
    let other = Move::normal(from, m.to(), !m.is_promotion());
    match is_legal(pos, other) {
        true if other.is_promotion() => fail!(stmt, 5, "not legal: the piece must promote"),
        true => fail!(stmt, 5, "not legal: the piece cannot promote on this move"),
        false => {
            let why = board_move_fault(pos, from, m.to(), m.is_promotion()).describe(csa_square);
            fail!(
                stmt,
                0,
                "not legal: the piece on {} cannot go to {to} ({why})",
                csa_square(from)
            )
        }
    }
}

/// The KIF header name of a CSA header (`N+` → 先手, `$EVENT` → 棋戦, …), for writing a record
/// read from CSA as KIF.
pub fn kif_header_name(csa: &str) -> Option<&'static str> {
    Some(match csa {
        "N+" => "先手",
        "N-" => "後手",
        "EVENT" => "棋戦",
        "SITE" => "場所",
        "START_TIME" => "開始日時",
        "END_TIME" => "終了日時",
        "TIME_LIMIT" => "持ち時間",
        "OPENING" => "戦型",
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
