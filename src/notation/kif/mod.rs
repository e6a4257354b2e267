//! KIF, the Kakinoki record format (Kifu for Windows, ShogiHome): reading and writing.
//!
//! ```text
//! #KIF version=2.0 encoding=UTF-8
//! 作品名：…
//! 後手の持駒：残り全部
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! | ・ ・ ・ ・ ・ ・ ・v桂v香|一
//! …
//! +---------------------------+
//! 先手の持駒：金
//! 手数----指手---------消費時間--
//!    1 ２二金打     ( 0:00/00:00:00)
//!    2 同　玉(13)   ( 0:00/00:00:00)
//! まで2手で詰み
//!
//! 変化：2手
//!    2 …
//! ```
//!
//! Before the moves (shared with KI2):
//! - headers `名前：値` (also `:` and `＝`), kept in file order; `手数：69` states the length;
//! - the BOD diagram: `後手の持駒：…` (or `上手の持駒`), the file numbers, a border, nine rows of
//!   nine cells (` ・` empty, ` 歩` Black, `v歩` White; 杏 圭 全 for the promoted lance, knight
//!   and silver), a border, `先手の持駒：…` (or `下手の持駒`), and `後手番` (or `上手番`) when White
//!   is to move. A hand is kinds with kanji counts (`飛　角二　歩十八`), `なし`, or `残り全部` /
//!   `残り駒全部`: every piece neither on the board nor in the other hand (kings excluded). The
//!   position must be legal; the move number is not part of a diagram, so it is 1;
//! - without a diagram, `手合割：平手` or a handicap (香落ち, 右香落ち, 角落ち, 飛車落ち, 飛香落ち,
//!   二枚落ち, 四枚落ち, 六枚落ち, 八枚落ち, 十枚落ち; White to move); with neither, the start
//!   position, and then the file must have moves;
//! - lines starting with `#`, `*` or `&` are comments, anywhere; the `*` ones are kept
//!   ([`Record::comments`]), each with the move it follows (before the first move: on the start
//!   position).
//!
//! A move line is the move number (which must be the next ply; a `+` after it or at the end of
//! the line, marking a move with a side line, is allowed), the destination (`２二`, or `同` and an
//! optional space), the piece as it stands before the move (歩 香 桂 銀 金 角 飛 玉 王 と 成香 杏
//! 成桂 圭 成銀 全 馬 龍 竜), `成` or `不成`, `打` for a drop, the origin `(77)` for a board move,
//! and an optional time in parentheses. The move must be legal; the first move line of the main
//! line that cannot be read or played ends the reading, and the record keeps the moves before it
//! and the fault ([`Record::move_fault`]); one of a side line ends that side line only, whose
//! moves before it stand ([`Record::side_faults`]). A terminal word (`投了`, `詰み`,
//! `中断`, …) in place of the move ends the line; `まで69手で詰み` ends the main line and, when it
//! says 詰み and no `手数` header did, states the length.
//!
//! A `変化：N手` block holds moves numbered from N that replace move N of the line it branches
//! from: the most recently read line that reaches move N − 1 (files list side lines depth first,
//! the latest branch first, so that is the right line). Each becomes a [`Variation`] holding its
//! whole line; one without a move of its own (only a terminal word) is dropped.
//!
//! [`Variation`]: super::record::Variation
//! [`Record::move_fault`]: super::record::Record::move_fault
//! [`Record::side_faults`]: super::record::Record::side_faults
//! [`Record::comments`]: super::record::Record::comments

mod lines;
pub(crate) mod preamble;
mod write;

pub use write::{write_kif, write_kif_with, KifNotes};

use super::excerpt::{excerpt, printable};
use super::japanese::{kind_name, side_mark, square_to_japanese};
use super::japanese_parse::{read_piece, read_square, Cursor};
use super::record::{split_lines, Record, RecordError};
use crate::shogi::movegen::is_legal;
use crate::shogi::rules::{board_move_fault, drop_fault, DropFault, MoveFault};
use crate::shogi::{Move, PieceKind, Position, Square};
pub(crate) use lines::{branch_ply, summary, terminal_word, LineReader};
use preamble::read_preamble;

/// The column of the first character of `line` that is not white space, and that character on.
pub(crate) fn trim_with_column(line: &str) -> (&str, usize) {
    let t = line.trim_start();
    (
        t.trim_end(),
        line[..line.len() - t.len()].chars().count() + 1,
    )
}

/// The record a KIF text holds.
pub fn parse_kif(text: &str) -> Result<Record, RecordError> {
    parse_record(
        text,
        |t| t.starts_with(|c: char| c.is_ascii_digit()),
        read_move_line,
    )
}

/// A line reader of a format's move lines: the reader, the trimmed line, its number and column.
pub(crate) type MoveLineReader = fn(&mut LineReader, &str, usize, usize) -> Result<(), RecordError>;

/// The record of a KIF or KI2 text: the preamble, then the moves. Blank lines, `#` and `&`
/// lines and the `手数----` heading are passed over; `*` comments are kept in
/// [`Record::comments`] on the move before them; `変化：N手` starts a side line and
/// `まで…` ends the main line (stating its length when it says 詰み); a line `is_move_line`
/// accepts is read by `read_moves`; any other line is an error.
pub(crate) fn parse_record(
    text: &str,
    is_move_line: fn(&str) -> bool,
    read_moves: MoveLineReader,
) -> Result<Record, RecordError> {
    let lines = split_lines(text);
    let pre = read_preamble(&lines)?;
    let mut reader = LineReader::new(pre.start.clone());
    let mut stated_length = pre.stated_length;
    let mut move_fault = None;
    let mut side_faults = Vec::new();
    for text in &pre.comments {
        reader.comment(text);
    }
    for (i, line) in lines.iter().enumerate().skip(pre.next_line) {
        let n = i + 1;
        let (t, column) = trim_with_column(line);
        if let Some(text) = t.strip_prefix('*') {
            reader.comment(text);
            continue;
        }
        if t.is_empty() || t.starts_with(['#', '&']) || t.starts_with("手数-") {
            continue;
        }
        if let Some(ply) = branch_ply(t) {
            let ply = ply.ok_or_else(|| RecordError::new(n, column, "expected 変化：N手"))?;
            reader
                .branch(ply)
                .map_err(|e| RecordError::new(n, column, e))?;
        } else if let Some((length, mate)) = summary(t) {
            if reader.in_main_line() {
                reader.end("まで");
                if mate && stated_length.is_none() {
                    stated_length = length;
                }
            }
        } else if is_move_line(t) {
            if reader.is_cut() {
                continue;
            }
            // A move of the main line that cannot be read or played ends the reading, the
            // position standing; one of a side line ends that side line.
            if let Err(fault) = read_moves(&mut reader, t, n, column) {
                if reader.in_main_line() {
                    move_fault = Some(fault);
                    break;
                }
                side_faults.push(fault);
                reader.cut_side_line();
            }
        } else {
            let message = format!("unexpected line '{}' among the moves", excerpt(t));
            return Err(RecordError::new(n, column, message));
        }
    }
    let (moves, variations, comments) = reader.finish();
    if !pre.stated_position && moves.is_empty() && variations.is_empty() {
        // No diagram and no move read: the position is the move's fault, if there was one.
        if let Some(fault) = move_fault {
            return Err(fault);
        }
        return Err(RecordError::new(
            1,
            1,
            "no position: expected a board diagram, a 手合割 line or moves",
        ));
    }
    Ok(Record {
        start: pre.start,
        headers: pre.headers,
        moves,
        variations,
        stated_length,
        position_line: pre.position_line,
        move_fault,
        comments,
        side_faults,
    })
}

/// Reads the move line `t` (line `n`, starting in `column`) and plays its move.
fn read_move_line(
    reader: &mut LineReader,
    t: &str,
    n: usize,
    column: usize,
) -> Result<(), RecordError> {
    let mut cur = Cursor::new(t, column);
    let number_start = cur;
    while cur.peek().is_some_and(|c| c.is_ascii_digit()) {
        cur.bump();
    }
    let ply = reader.next_ply();
    let number = cur.since(&number_start);
    if number.parse::<usize>().ok() != Some(ply) {
        let message = format!(
            "move {ply}: expected number {ply}, found {}",
            excerpt(number)
        );
        return Err(RecordError::new(n, column, message));
    }
    cur.skip_spaces();
    cur.eat('+');
    cur.skip_spaces();
    let at = cur.column();
    if let Some(word) = reader.ended() {
        let message = format!("move {ply} after the line ended ({word})");
        return Err(RecordError::new(n, at, message));
    }
    if let Some(word) = terminal_word(cur.rest()) {
        cur.eat_str(word);
        reader.end(word);
    } else {
        let text = move_token(cur.rest());
        let fault =
            |m: String| RecordError::new(n, at, format!("move {ply} '{}': {m}", excerpt(text)));
        let written = read_move(&mut cur, reader.previous_to()).map_err(fault)?;
        let m = resolve(reader.position(), &written).map_err(|e| match e {
            Fault::Illegal(why) => RecordError::new(
                n,
                at,
                format!("move {ply} '{}' is illegal: {why}", excerpt(text)),
            ),
            Fault::Other(why) => fault(why),
        })?;
        reader.push(m);
    }
    read_time_and_mark(&mut cur, n)
}

/// The move at the start of `rest`, for messages: up to the first space not after 同.
fn move_token(rest: &str) -> &str {
    let skip = rest
        .strip_prefix('同')
        .map(|r| rest.len() - r.trim_start().len())
        .unwrap_or(0);
    let end = rest[skip..]
        .find(char::is_whitespace)
        .map_or(rest.len(), |i| skip + i);
    &rest[..end]
}

/// After the move: an optional time `( 0:01/00:00:01)`, an optional `+`, nothing else.
fn read_time_and_mark(cur: &mut Cursor, n: usize) -> Result<(), RecordError> {
    cur.skip_spaces();
    let open = cur.column();
    if cur.eat('(') {
        let closed = loop {
            match cur.bump() {
                Some(')') => break true,
                Some(_) => {}
                None => break false,
            }
        };
        if !closed {
            let message = "the time in parentheses has no closing ')'";
            return Err(RecordError::new(n, open, message));
        }
    }
    cur.skip_spaces();
    cur.eat('+');
    cur.skip_spaces();
    match cur.peek() {
        None => Ok(()),
        Some(c) => Err(RecordError::new(
            n,
            cur.column(),
            format!("unexpected '{}' after the move", printable(c)),
        )),
    }
}

/// A KIF move as written, its destination resolved.
struct Written {
    to: Square,
    kind: PieceKind,
    promote: bool,
    /// The origin; `None` for a drop.
    from: Option<Square>,
}

/// Reads `２二金打`, `同　玉(13)`, `３四銀成(43)`, `５五角不成(88)`.
fn read_move(cur: &mut Cursor, previous_to: Option<Square>) -> Result<Written, String> {
    let to = if cur.eat('同') {
        cur.skip_spaces();
        previous_to.ok_or("同 with no previous move")?
    } else {
        let c = cur.peek().unwrap_or(' ');
        read_square(cur).ok_or_else(|| {
            format!(
                "'{}' does not start a square such as ７六 or 同",
                printable(c)
            )
        })?
    };
    let c = cur.peek().unwrap_or(' ');
    let kind = read_piece(cur).ok_or_else(|| format!("unknown piece '{}'", printable(c)))?;
    let promote = !cur.eat_str("不成") && cur.eat('成');
    let drop = cur.eat('打');
    let mut from = None;
    let mut c = *cur;
    if c.eat('(') {
        let file = c.bump().and_then(|d| d.to_digit(10));
        let rank = c.bump().and_then(|d| d.to_digit(10));
        if let (Some(f), Some(r), true) = (file, rank, c.eat(')')) {
            from = Square::new(f as u8, r as u8);
            *cur = c;
        }
    }
    match (from, drop) {
        (None, false) => Err("neither an origin such as (77) nor 打".to_string()),
        (Some(_), true) => Err("both 打 and an origin".to_string()),
        _ => Ok(Written {
            to,
            kind,
            promote,
            from,
        }),
    }
}

/// Why a written move is not played.
enum Fault {
    /// It is well formed but not legal.
    Illegal(String),
    /// It does not match the position (no piece on the origin, another piece there).
    Other(String),
}

/// The legal move of `pos` that `w` writes.
fn resolve(pos: &Position, w: &Written) -> Result<Move, Fault> {
    let us = pos.side_to_move();
    let m = match w.from {
        None => {
            if !PieceKind::HAND.contains(&w.kind) {
                let name = kind_name(w.kind);
                return Err(Fault::Other(format!("{name} cannot be dropped")));
            }
            if w.promote {
                return Err(Fault::Other("a drop cannot promote".to_string()));
            }
            Move::drop(w.kind, w.to)
        }
        Some(from) => {
            let sq = square_to_japanese(from);
            let piece = pos
                .piece_at(from)
                .ok_or_else(|| Fault::Other(format!("no piece on {sq}")))?;
            if piece.color != us {
                let message = format!("the piece on {sq} is {}'s", side_mark(piece.color));
                return Err(Fault::Other(message));
            }
            if piece.kind != w.kind {
                let message = format!(
                    "the piece on {sq} is {}, not {}",
                    kind_name(piece.kind),
                    kind_name(w.kind)
                );
                return Err(Fault::Other(message));
            }
            Move::normal(from, w.to, w.promote)
        }
    };
    if is_legal(pos, m) {
        Ok(m)
    } else {
        Err(Fault::Illegal(why_illegal(pos, m, w.kind)))
    }
}

/// Why `m`, a move of a `kind` piece of the side to move that is not legal, is illegal.
fn why_illegal(pos: &Position, m: Move, kind: PieceKind) -> String {
    let us = pos.side_to_move();
    let to = m.to();
    let name = kind_name(kind);
    let sq = square_to_japanese(to);
    let Some(from) = m.from() else {
        return match drop_fault(pos, kind, to) {
            DropFault::NotInHand => format!("{} has no {name} in hand", side_mark(us)),
            DropFault::Occupied => format!("{sq} is occupied"),
            DropFault::DeadPiece => format!("a {name} on {sq} could never move"),
            fault => fault.to_string(),
        };
    };
    let origin = square_to_japanese(from);
    match board_move_fault(pos, from, to, m.is_promotion()) {
        MoveFault::CannotPromote if !kind.can_promote() => format!("{name} cannot promote"),
        MoveFault::CannotPromote => {
            format!("neither {origin} nor {sq} is in the promotion zone")
        }
        MoveFault::MustPromote => format!("the {name} must promote on {sq}"),
        fault => format!(
            "the {name} on {origin} cannot move to {sq}: {}",
            fault.describe(square_to_japanese)
        ),
    }
}
