//! What comes before the moves in a KIF or KI2 file: header lines, and the start position as a
//! BOD diagram or a 手合割.
//!
//! - A header is `名前：値` (also `名前:値` and `名前＝値`); `手数：69` (or `69手`) states the
//!   length.
//! - The diagram is `後手の持駒：…` (or `上手の持駒`), the file numbers, a border line, nine rows
//!   such as `|v香v桂 ・ ・ ・ ・ ・ ・ ・|一`, a border line, `先手の持駒：…` (or `下手の持駒`), and
//!   `後手番`/`上手番` when White is to move (`先手番`/`下手番` for Black, the default).
//! - A hand is kinds with kanji counts (`飛　角二　歩十八`), `なし`, or `残り全部`/`残り駒全部`:
//!   every piece that is neither on the board nor in the other hand (kings excluded).
//! - Without a diagram, `手合割：平手` or a common handicap gives the position; with neither, the
//!   start position is implied (and the file must then have moves).
//! - Lines starting with `#`, `*` or `&` are comments.

use super::super::diagram::count_kanji;
use super::super::excerpt::{excerpt, printable};
use super::super::fault::fault_square;
use super::super::japanese::KANJI_DIGITS;
use super::super::japanese_parse::{digit_value, piece_from_char, Cursor};
use super::super::record::RecordError;
use super::super::sfen::{parse_sfen, startpos};
use super::trim_with_column;
use crate::shogi::{
    remaining_pieces, Color, Hand, Piece, PieceKind, Position, PositionError, Square,
};

/// The headers and start position of a record, and where its moves begin.
pub(crate) struct Preamble {
    /// The header lines, name and value, in file order.
    pub headers: Vec<(String, String)>,
    /// The comment lines (`*…`, without the `*`), on the start position.
    pub comments: Vec<String>,
    /// The start position.
    pub start: Position,
    /// The `手数` header's number.
    pub stated_length: Option<usize>,
    /// Whether a diagram or a 手合割 gave the position (else the start position is implied).
    pub stated_position: bool,
    /// The index of the first line after the preamble.
    pub next_line: usize,
    /// The 1-based line of the board's top border or of the 手合割 line; 1 when implied.
    pub position_line: usize,
}

/// A hand as written.
#[derive(Clone, Copy)]
enum HandText {
    Pieces(Hand),
    /// `残り全部`: the pieces left over.
    Rest,
}

/// The diagram as read so far.
#[derive(Default)]
struct Diagram {
    rows: Vec<[Option<Piece>; 9]>,
    /// For each row, its line and the column of each cell's piece.
    cells: Vec<(usize, [usize; 9])>,
    /// The line and column of each side's hand (after `：`), Black first.
    hand_at: [Option<(usize, usize)>; 2],
    /// The line and column of the `後手番` line.
    side_at: Option<(usize, usize)>,
    /// The lines of the top and bottom borders.
    top: Option<usize>,
    bottom: Option<usize>,
    hands: [Option<HandText>; 2],
    side: Option<Color>,
    /// The first and the last line of the diagram.
    first: Option<usize>,
    last: usize,
}

/// Reads the preamble of `lines` (a KIF or KI2 file split into lines).
pub(crate) fn read_preamble(lines: &[&str]) -> Result<Preamble, RecordError> {
    let mut headers = Vec::new();
    let mut stated_length = None;
    let mut handicap: Option<(usize, usize, String)> = None;
    let mut diagram = Diagram::default();
    let mut next_line = lines.len();
    let mut comments = Vec::new();
    for (i, &line) in lines.iter().enumerate() {
        let n = i + 1;
        let (t, column) = trim_with_column(line);
        if let Some(text) = t.strip_prefix('*') {
            comments.push(text.to_string());
            continue;
        }
        if t.is_empty() || t.starts_with(['#', '&']) {
            continue;
        }
        if let Some((color, rest, at)) = hand_line(t) {
            let hand = read_hand(rest, n, column + at)?;
            diagram.hand_at[color.index()] = Some((n, column + at));
            if diagram.hands[color.index()].replace(hand).is_some() {
                return Err(RecordError::new(
                    n,
                    column,
                    "a second hand line for one side",
                ));
            }
            diagram.note(n);
        } else if t.starts_with('+') {
            diagram.border(n, column)?;
        } else if t.starts_with('|') {
            if diagram.top.is_none() || diagram.bottom.is_some() {
                return Err(RecordError::new(
                    n,
                    column,
                    "a board row outside the border lines",
                ));
            }
            if diagram.rows.len() == 9 {
                return Err(RecordError::new(
                    n,
                    column,
                    "the board has more than 9 rows",
                ));
            }
            let (row, columns) = read_row(t, diagram.rows.len() + 1, n, column)?;
            diagram.rows.push(row);
            diagram.cells.push((n, columns));
            diagram.note(n);
        } else if is_file_numbers(t) {
            diagram.note(n);
        } else if let Some(color) = side_line(t) {
            diagram.side = Some(color);
            diagram.side_at = Some((n, column));
            diagram.note(n);
        } else if let Some((name, value, at)) = header_line(t) {
            if name == "手数" && stated_length.is_none() {
                stated_length = length(value);
            }
            if name == "手合割" {
                handicap = Some((n, column + at, value.to_string()));
            }
            headers.push((name.to_string(), value.to_string()));
        } else {
            next_line = i;
            break;
        }
    }
    let (start, stated_position, position_line) = match (diagram.first, handicap) {
        (Some(first), _) => (diagram.position()?, true, diagram.top.unwrap_or(first)),
        (None, Some((n, column, name))) => (handicap_position(&name, n, column)?, true, n),
        (None, None) => (startpos(), false, 1),
    };
    Ok(Preamble {
        headers,
        comments,
        start,
        stated_length,
        stated_position,
        next_line,
        position_line,
    })
}

impl Diagram {
    fn note(&mut self, line: usize) {
        self.first.get_or_insert(line);
        self.last = line;
    }

    /// A border line: the first opens the board, the second closes it after nine rows.
    fn border(&mut self, n: usize, column: usize) -> Result<(), RecordError> {
        match (self.top, self.bottom) {
            (None, _) => self.top = Some(n),
            (Some(_), None) if self.rows.len() == 9 => self.bottom = Some(n),
            (Some(_), None) => {
                let message = format!("the board has {} rows, expected 9", self.rows.len());
                return Err(RecordError::new(n, column, message));
            }
            (Some(_), Some(_)) => return Err(RecordError::new(n, column, "a second board")),
        }
        self.note(n);
        Ok(())
    }

    /// The position the diagram shows, checked by [`Position::new`]; a fault is placed at the
    /// piece it names ([`fault_square`]), at the hand holding a kind the set has too few of, at
    /// the `後手番` line or else at the king in check when the side not to move is in check, and
    /// at the diagram's last line otherwise.
    fn position(&self) -> Result<Position, RecordError> {
        let at_end = |message: String| RecordError::new(self.last, 1, message);
        if self.top.is_none() || self.bottom.is_none() {
            return Err(at_end("the diagram has no complete board".to_string()));
        }
        let mut board = [None; 81];
        for (r, row) in self.rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                let sq = Square::new(9 - c as u8, r as u8 + 1).expect("on the board");
                board[sq.index()] = cell;
            }
        }
        let written = |h: Option<HandText>| match h {
            Some(HandText::Pieces(hand)) => hand,
            _ => Hand::EMPTY,
        };
        let hands = [written(self.hands[0]), written(self.hands[1])];
        let side = self.side.unwrap_or(Color::Black);
        let pos = Position::new(board, hands, side, 1).map_err(|e| {
            let cell = |sq: Square| {
                let (line, columns) = self.cells[sq.rank() as usize - 1];
                (line, columns[9 - sq.file() as usize])
            };
            let king = |color| {
                Square::all().find(|s| board[s.index()] == Some(Piece::new(color, PieceKind::King)))
            };
            let (line, column) = match e {
                PositionError::TooManyPieces { kind, .. } => Color::ALL
                    .into_iter()
                    .find(|c| hands[c.index()].has(kind))
                    .and_then(|c| self.hand_at[c.index()]),
                PositionError::OpponentInCheck { color } => {
                    self.side_at.or_else(|| king(color).map(cell))
                }
                _ => fault_square(&e, &board).map(cell),
            }
            .unwrap_or((self.last, 1));
            RecordError::new(line, column, format!("illegal position: {e}"))
        })?;
        let rest: Vec<Color> = Color::ALL
            .into_iter()
            .filter(|c| matches!(self.hands[c.index()], Some(HandText::Rest)))
            .collect();
        match rest[..] {
            [] => Ok(pos),
            [color] => Ok(pos.with_hand(color, remaining_pieces(&pos))),
            _ => Err(at_end("both hands are 残り全部".to_string())),
        }
    }
}

/// A hand line: the side, the text after the separator, and that text's offset in characters.
fn hand_line(t: &str) -> Option<(Color, &str, usize)> {
    const NAMES: [(&str, Color); 4] = [
        ("後手の持駒", Color::White),
        ("上手の持駒", Color::White),
        ("先手の持駒", Color::Black),
        ("下手の持駒", Color::Black),
    ];
    let (rest, color) = NAMES
        .iter()
        .find_map(|&(name, color)| Some((t.strip_prefix(name)?, color)))?;
    let rest = rest.strip_prefix(['：', ':'])?;
    Some((color, rest, t.chars().count() - rest.chars().count()))
}

/// The count after a kind in a hand: 一 to 九, 十, 十一 to 十九.
fn kanji_count(s: &str) -> Option<u8> {
    let digits: Vec<u8> = s.chars().map(kanji_value).collect::<Option<_>>()?;
    match digits[..] {
        [] => Some(1),
        [d] => Some(d),
        [10, d] if d < 10 => Some(10 + d),
        _ => None,
    }
}

/// 一 to 九 and 十.
fn kanji_value(c: char) -> Option<u8> {
    match c {
        '十' => Some(10),
        _ => KANJI_DIGITS
            .iter()
            .position(|&k| k == c)
            .map(|i| i as u8 + 1),
    }
}

/// Reads a hand (`飛　角二　歩十八`, `なし`, `残り全部`) that starts in `column` of line `n`.
fn read_hand(text: &str, n: usize, column: usize) -> Result<HandText, RecordError> {
    let t = text.trim();
    if t.is_empty() || t == "なし" {
        return Ok(HandText::Pieces(Hand::EMPTY));
    }
    if t == "残り全部" || t == "残り駒全部" {
        return Ok(HandText::Rest);
    }
    let mut hand = Hand::EMPTY;
    let mut cur = Cursor::new(text, column);
    loop {
        cur.skip_spaces();
        let at = cur.column();
        let Some(c) = cur.bump() else {
            return Ok(HandText::Pieces(hand));
        };
        let kind = piece_from_char(c).ok_or_else(|| {
            RecordError::new(n, at, format!("unknown piece '{}' in a hand", printable(c)))
        })?;
        if !PieceKind::HAND.contains(&kind) {
            return Err(RecordError::new(n, at, format!("a hand cannot hold {c}")));
        }
        let count_at = cur.column();
        if let Some(hint) = arabic_count(&cur, c) {
            let message = format!("a hand count is written in kanji: {hint}");
            return Err(RecordError::new(n, count_at, message));
        }
        let start = cur;
        while cur.peek().and_then(kanji_value).is_some() {
            cur.bump();
        }
        let digits = cur.since(&start);
        let bad = || RecordError::new(n, count_at, format!("bad hand count '{}'", excerpt(digits)));
        let count = kanji_count(digits).ok_or_else(bad)?;
        hand = hand
            .with_count(kind, hand.count(kind).saturating_add(count))
            .ok_or_else(bad)?;
    }
}

/// A count in digits (`2`, `１８`) at `cur` after the piece `piece` in a hand: the words that
/// say how to write it (`'歩2' is 歩二`), or `None` when none is there.
fn arabic_count(cur: &Cursor, piece: char) -> Option<String> {
    let arabic = |d: char| d.is_ascii_digit() || ('０'..='９').contains(&d);
    let mut c = *cur;
    let mut written = String::new();
    let mut value = 0u32;
    while let Some(d) = c.peek().filter(|&d| arabic(d)) {
        let digit = if d == '0' || d == '０' {
            0
        } else {
            u32::from(digit_value(d)?)
        };
        written.push(d);
        value = value.saturating_mul(10).saturating_add(digit);
        c.bump();
    }
    if written.is_empty() {
        return None;
    }
    Some(match u8::try_from(value) {
        Ok(v @ 1..=18) => format!("'{piece}{written}' is {piece}{}", count_kanji(v)),
        _ => format!("'{piece}{written}': a count is 二 to 十八 (歩十八), one is left out"),
    })
}

/// Reads board row `rank` (`|v香v桂 ・ … ・|一`), the trimmed line `t` starting in `column`.
fn read_row(
    t: &str,
    rank: usize,
    n: usize,
    column: usize,
) -> Result<([Option<Piece>; 9], [usize; 9]), RecordError> {
    let mut cur = Cursor::new(t, column);
    cur.bump();
    let mut cells = Vec::with_capacity(9);
    let mut columns = [column; 9];
    loop {
        let at = cur.column();
        let marker = match cur.bump() {
            Some('|') => break,
            None => {
                let message = format!("row {rank} of the board has no closing '|'");
                return Err(RecordError::new(n, at, message));
            }
            Some(c) => c,
        };
        let color = match marker {
            ' ' => Color::Black,
            'v' | 'V' => Color::White,
            c => {
                let message = format!(
                    "row {rank}: '{}' where ' ' or 'v' was expected",
                    printable(c)
                );
                return Err(RecordError::new(n, at, message));
            }
        };
        let at = cur.column();
        let cell = match cur.bump() {
            Some('・') if color == Color::Black => None,
            Some(c) => match piece_from_char(c) {
                Some(kind) => Some(Piece::new(color, kind)),
                None => {
                    let message = format!(
                        "unknown piece '{}' in row {rank} of the board",
                        printable(c)
                    );
                    return Err(RecordError::new(n, at, message));
                }
            },
            None => {
                let message = format!("row {rank} of the board ends inside a cell");
                return Err(RecordError::new(n, at, message));
            }
        };
        if let Some(c) = columns.get_mut(cells.len()) {
            *c = at;
        }
        cells.push(cell);
    }
    let cells = <[Option<Piece>; 9]>::try_from(cells).map_err(|cells| {
        let message = format!(
            "row {rank} of the board has {} cells, expected 9",
            cells.len()
        );
        RecordError::new(n, cur.column() - 1, message)
    })?;
    Ok((cells, columns))
}

/// The file numbers above the board: only digits and spaces.
fn is_file_numbers(t: &str) -> bool {
    t.chars()
        .all(|c| c.is_whitespace() || digit_value(c).is_some())
        && t.chars().any(|c| matches!(c, '1'..='9' | '１'..='９'))
}

/// `後手番`/`上手番` (White to move) or `先手番`/`下手番`.
fn side_line(t: &str) -> Option<Color> {
    match t {
        "後手番" | "上手番" => Some(Color::White),
        "先手番" | "下手番" => Some(Color::Black),
        _ => None,
    }
}

/// A header line `名前：値` (also `:` or `＝`): the name, the value, and the value's offset in
/// characters. A name has no spaces and does not start with a digit; `変化` is not a header.
fn header_line(t: &str) -> Option<(&str, &str, usize)> {
    let sep = t.find(['：', ':', '＝'])?;
    let name = t[..sep].trim();
    let after = &t[sep..];
    let rest = after.strip_prefix(['：', ':', '＝'])?;
    let valid = !name.is_empty()
        && !name.contains(char::is_whitespace)
        && !name.starts_with(|c: char| c.is_ascii_digit() || ('０'..='９').contains(&c))
        && name != "変化";
    let value = rest.trim();
    let offset = t.chars().count() - rest.trim_start().chars().count();
    valid.then_some((name, value, offset))
}

/// The value of a `手数` header when it is a length: a number, perhaps followed by 手 (not the
/// `手数＝36  ▲７六歩  まで` of a diagram taken from a game).
fn length(value: &str) -> Option<usize> {
    let digits = value.trim_end_matches('手').trim();
    leading_number(digits).filter(|_| {
        digits
            .chars()
            .all(|c| c.is_ascii_digit() || ('０'..='９').contains(&c))
    })
}

/// The number at the start of `s` (`69`, `６９手`), if any.
pub(crate) fn leading_number(s: &str) -> Option<usize> {
    let mut n: usize = 0;
    let mut any = false;
    for c in s.trim().chars() {
        let d = match c {
            '0'..='9' => c as u32 - '0' as u32,
            '０'..='９' => c as u32 - '０' as u32,
            _ => break,
        };
        n = n.checked_mul(10)?.checked_add(d as usize)?;
        any = true;
    }
    any.then_some(n)
}

/// The position a 手合割 names: 平手, or a handicap (White, the stronger side, to move).
fn handicap_position(name: &str, n: usize, column: usize) -> Result<Position, RecordError> {
    // White's first two ranks; the rest is as in the start position.
    const HANDICAPS: [(&str, &str); 10] = [
        ("香落ち", "lnsgkgsn1/1r5b1"),
        ("右香落ち", "1nsgkgsnl/1r5b1"),
        ("角落ち", "lnsgkgsnl/1r7"),
        ("飛車落ち", "lnsgkgsnl/7b1"),
        ("飛香落ち", "lnsgkgsn1/7b1"),
        ("二枚落ち", "lnsgkgsnl/9"),
        ("四枚落ち", "1nsgkgsn1/9"),
        ("六枚落ち", "2sgkgs2/9"),
        ("八枚落ち", "3gkg3/9"),
        ("十枚落ち", "4k4/9"),
    ];
    let key: String = name.chars().filter(|c| !c.is_whitespace()).collect();
    if key == "平手" {
        return Ok(startpos());
    }
    let (_, ranks) = HANDICAPS.iter().find(|(h, _)| *h == key).ok_or_else(|| {
        let message = format!(
            "unknown 手合割 '{}' (without a board diagram, expected 平手 or a common \
             handicap such as 香落ち or 二枚落ち)",
            excerpt(name)
        );
        RecordError::new(n, column, message)
    })?;
    let sfen = format!("{ranks}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -");
    Ok(parse_sfen(&sfen).expect("a handicap position is legal"))
}
