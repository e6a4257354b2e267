//! Reading 日本式 move text (the JSA 棋譜表記 that [`super::japanese`] writes) back into a move:
//! `▲２二金打`, `△同　玉`, `５八金左`, `２二角成`.
//!
//! The text is read leniently in its form: the side mark (`▲` `☗` Black, `△` `☖` `▽` White) may
//! be left out; the file and the rank may each be an ASCII, full-width or kanji digit; `同` may be
//! followed by spaces or not; 竜 is 龍, 王 is 玉, and the one-character names 杏 圭 全 are 成香
//! 成桂 成銀. The legal move whose canonical text ([`move_to_japanese`]) says the same is taken.
//! When none does, the text is read by what it says, and taken only when exactly one legal move
//! fits:
//! - without 成 or 不成, the move does not promote (a missing 不成);
//! - without 打, it may be a drop or a board move (打 is written only when both are possible);
//! - with 打, it is a drop (also where no board piece could have gone);
//! - each of 右 左 直 上 寄 引, in any number and order, must be true of the move, as the writer
//!   means it.

use super::excerpt::printable;
use super::japanese::{
    board_pieces_reaching, could_promote, kind_name, move_to_japanese, side_mark,
    square_to_japanese, word_fits, KANJI_DIGITS,
};
use crate::shogi::attacks::attacks;
use crate::shogi::movegen::legal_move_list;
use crate::shogi::rules::{board_move_fault, drop_fault, DropFault};
use crate::shogi::{Bitboard, Color, Move, PieceKind, Position, Square};

/// A place in one line of text: the rest of it and the 1-based character column.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    text: &'a str,
    at: usize,
    column: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `text`, whose first character is in `column`.
    pub(crate) fn new(text: &'a str, column: usize) -> Cursor<'a> {
        Cursor {
            text,
            at: 0,
            column,
        }
    }

    /// The 1-based column of the next character.
    pub(crate) fn column(&self) -> usize {
        self.column
    }

    /// The text not read yet.
    pub(crate) fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// The text read since `earlier`, a copy of this cursor taken before.
    pub(crate) fn since(&self, earlier: &Cursor<'a>) -> &'a str {
        &self.text[earlier.at.min(self.at)..self.at]
    }

    /// The next character, not read.
    pub(crate) fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    /// Reads one character.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        self.column += 1;
        Some(c)
    }

    /// Reads `c` if it comes next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        let next = self.peek() == Some(c);
        if next {
            self.bump();
        }
        next
    }

    /// Reads `s` if it comes next.
    pub(crate) fn eat_str(&mut self, s: &str) -> bool {
        let next = self.rest().starts_with(s);
        if next {
            for _ in s.chars() {
                self.bump();
            }
        }
        next
    }

    /// Reads white space, ASCII and full-width.
    pub(crate) fn skip_spaces(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.bump();
        }
    }
}

/// The value 1–9 of a digit written in ASCII (`7`), full width (`７`) or kanji (`七`).
pub(crate) fn digit_value(c: char) -> Option<u8> {
    let n = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '０' as u32,
        _ => KANJI_DIGITS.iter().position(|&k| k == c)? as u32 + 1,
    };
    Some(n as u8)
}

/// Reads a square, its file then its rank, each a digit in any form [`digit_value`] knows.
pub(crate) fn read_square(cur: &mut Cursor) -> Option<Square> {
    let mut c = *cur;
    let file = digit_value(c.bump()?)?;
    let rank = digit_value(c.bump()?)?;
    *cur = c;
    Square::new(file, rank)
}

/// The kind a one-character piece name stands for: 歩 香 桂 銀 金 角 飛 玉 王 と 杏 圭 全 馬 龍 竜.
pub(crate) fn piece_from_char(c: char) -> Option<PieceKind> {
    use PieceKind::*;
    Some(match c {
        '歩' => Pawn,
        '香' => Lance,
        '桂' => Knight,
        '銀' => Silver,
        '金' => Gold,
        '角' => Bishop,
        '飛' => Rook,
        '玉' | '王' => King,
        'と' => ProPawn,
        '杏' => ProLance,
        '圭' => ProKnight,
        '全' => ProSilver,
        '馬' => Horse,
        '龍' | '竜' => Dragon,
        _ => return None,
    })
}

/// Reads a piece name: 成香 成桂 成銀, or a name [`piece_from_char`] knows.
pub(crate) fn read_piece(cur: &mut Cursor) -> Option<PieceKind> {
    for (name, kind) in [
        ("成香", PieceKind::ProLance),
        ("成桂", PieceKind::ProKnight),
        ("成銀", PieceKind::ProSilver),
    ] {
        if cur.eat_str(name) {
            return Some(kind);
        }
    }
    let kind = piece_from_char(cur.peek()?)?;
    cur.bump();
    Some(kind)
}

/// The side a move mark stands for: `▲` `☗` Black, `△` `☖` `▽` White.
pub(crate) fn mark_color(c: char) -> Option<Color> {
    match c {
        '▲' | '☗' => Some(Color::Black),
        '△' | '☖' | '▽' => Some(Color::White),
        _ => None,
    }
}

/// The words that may follow a piece name to single it out.
const WORDS: [char; 6] = ['右', '左', '直', '上', '寄', '引'];

/// What a move text says, its destination resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Said {
    to: Square,
    kind: PieceKind,
    /// 右 左 直 上 寄 引, in the order written.
    words: Vec<char>,
    /// `Some(true)` for 成, `Some(false)` for 不成.
    promotion: Option<bool>,
    /// 打.
    drop: bool,
}

/// Reads a move text: the side mark if any, and what it says.
fn read_said(text: &str, previous_to: Option<Square>) -> Result<(Option<Color>, Said), String> {
    let mut cur = Cursor::new(text, 1);
    cur.skip_spaces();
    let mark = cur.peek().and_then(mark_color);
    if mark.is_some() {
        cur.bump();
    }
    let to = if cur.eat('同') {
        cur.skip_spaces();
        previous_to.ok_or("同 with no previous move")?
    } else {
        match cur.peek() {
            None => return Err("empty move text".to_string()),
            Some(c) => read_square(&mut cur).ok_or_else(|| {
                format!(
                    "'{}' does not start a square such as ７六 or 同",
                    printable(c)
                )
            })?,
        }
    };
    let kind = match cur.peek() {
        None => return Err("no piece name after the square".to_string()),
        Some(c) => {
            read_piece(&mut cur).ok_or_else(|| format!("unknown piece '{}'", printable(c)))?
        }
    };
    let mut words = Vec::new();
    while let Some(c) = cur.peek().filter(|c| WORDS.contains(c)) {
        words.push(c);
        cur.bump();
    }
    let mut promotion = None;
    let mut drop = false;
    if cur.eat_str("不成") {
        promotion = Some(false);
    } else if cur.eat('成') {
        promotion = Some(true);
    } else if cur.eat('打') {
        drop = true;
    }
    cur.skip_spaces();
    if let Some(c) = cur.peek() {
        return Err(format!("unexpected '{}' after the piece", printable(c)));
    }
    let said = Said {
        to,
        kind,
        words,
        promotion,
        drop,
    };
    Ok((mark, said))
}

/// The kind that moves in `m`: the piece on its origin, or the dropped kind.
fn mover_kind(pos: &Position, m: Move) -> Option<PieceKind> {
    match m.from() {
        Some(from) => pos.piece_at(from).map(|p| p.kind),
        None => m.drop_kind(),
    }
}

/// Whether `said` is true of `m`, read by what it says (see the module doc). `reaching` holds the
/// origins of every board piece of the kind that can reach the destination.
fn fits(pos: &Position, m: Move, said: &Said, reaching: &[Square]) -> bool {
    let Some(from) = m.from() else {
        return said.words.is_empty() && said.promotion.is_none();
    };
    let color = pos.side_to_move();
    let promotes = match said.promotion {
        Some(true) => m.is_promotion(),
        Some(false) => !m.is_promotion() && could_promote(color, said.kind, from, m.to()),
        None => !m.is_promotion(),
    };
    !said.drop
        && promotes
        && said
            .words
            .iter()
            .all(|&w| word_fits(color, said.kind, from, m.to(), reaching, w))
}

/// `a`, `a or b`, `a, b or c`.
fn alternatives(texts: &[String]) -> String {
    match texts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Why no piece of the side to move and of the kind `said` names reaches its square: each that
/// would on an empty board, with the rule its move breaks (pinned, blocked, its king left in
/// check, …), or that none would.
fn unreachable_why(pos: &Position, said: &Said) -> String {
    let us = pos.side_to_move();
    let piece = format!("{}{}", side_mark(us), kind_name(said.kind));
    let to = square_to_japanese(said.to);
    let promote = said.promotion == Some(true);
    let why: Vec<String> = pos
        .pieces_of(us, said.kind)
        .filter(|&from| attacks(us, said.kind, from, Bitboard::EMPTY).contains(said.to))
        .map(|from| {
            let fault = board_move_fault(pos, from, said.to, promote);
            format!(
                "the {piece} on {} cannot move there: {}",
                square_to_japanese(from),
                fault.describe(square_to_japanese)
            )
        })
        .collect();
    if why.is_empty() {
        format!("no {piece} can reach {to}")
    } else {
        why.join("; ")
    }
}

/// The legal move of `pos` that the 日本式 text names (`▲２二金打`, `△同　玉`, `５八金左`,
/// `２二角成`, …); `previous_to` is the previous move's destination, for 同. A side mark, when
/// written, must be the side to move's. The text is matched as the module doc says; the error
/// says why no move, or more than one, fits.
pub fn parse_japanese_move(
    pos: &Position,
    text: &str,
    previous_to: Option<Square>,
) -> Result<Move, String> {
    let (mark, said) = read_said(text, previous_to)?;
    let us = pos.side_to_move();
    if let Some(c) = mark.filter(|&c| c != us) {
        return Err(format!(
            "{} is marked, but {} is to move",
            side_mark(c),
            side_mark(us)
        ));
    }
    let shown = match mark {
        Some(_) => text.trim().to_string(),
        None => format!("{}{}", side_mark(us), text.trim()),
    };
    let candidates: Vec<Move> = legal_move_list(pos)
        .iter()
        .copied()
        .filter(|&m| m.to() == said.to && mover_kind(pos, m) == Some(said.kind))
        .collect();
    let canonical = |m: Move| move_to_japanese(pos, m, previous_to);
    let exact: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|&m| read_said(&canonical(m), previous_to).is_ok_and(|(_, c)| c == said))
        .collect();
    if let [m] = exact[..] {
        return Ok(m);
    }
    let reaching = board_pieces_reaching(pos, said.kind, said.to);
    let fitting: Vec<Move> = candidates
        .iter()
        .copied()
        .filter(|&m| fits(pos, m, &said, &reaching))
        .collect();
    match fitting[..] {
        [m] => Ok(m),
        [] if candidates.is_empty() => {
            let dropping = said.drop
                || (pos.hand(us).has(said.kind) && !pos.pieces_of(us, said.kind).is_any());
            let why = match dropping.then(|| drop_fault(pos, said.kind, said.to)) {
                Some(DropFault::NotInHand) => {
                    format!("{} has no {} in hand", side_mark(us), kind_name(said.kind))
                }
                Some(fault) => fault.to_string(),
                None => unreachable_why(pos, &said),
            };
            Err(format!("no legal move {shown}: {why}"))
        }
        [] => {
            let texts: Vec<String> = candidates.iter().map(|&m| canonical(m)).collect();
            Err(format!(
                "no legal move {shown}: the {} moves to {} are {}",
                kind_name(said.kind),
                square_to_japanese(said.to),
                alternatives(&texts)
            ))
        }
        _ => {
            let texts: Vec<String> = fitting.iter().map(|&m| canonical(m)).collect();
            Err(format!(
                "ambiguous: {shown} could be {}",
                alternatives(&texts)
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::startpos;

    #[test]
    fn forms_of_one_move() {
        let pos = startpos();
        for text in ["▲７六歩", "７六歩", "76歩", "７６歩", "七六歩", " ☗７六歩 "]
        {
            let m = parse_japanese_move(&pos, text, None);
            assert_eq!(m.map(|m| m.to_string()), Ok("7g7f".to_string()), "{text}");
        }
        let e = parse_japanese_move(&pos, "▲５八金", None).unwrap_err();
        assert_eq!(e, "ambiguous: ▲５八金 could be ▲５八金右 or ▲５八金左");
        let e = parse_japanese_move(&pos, "△３四歩", None).unwrap_err();
        assert_eq!(e, "△ is marked, but ▲ is to move");
        let e = parse_japanese_move(&pos, "▲５五金", None).unwrap_err();
        assert_eq!(e, "no legal move ▲５五金: no ▲金 can reach ５五");
        let e = parse_japanese_move(&pos, "▲同　歩", None).unwrap_err();
        assert_eq!(e, "同 with no previous move");
        assert!(parse_japanese_move(&pos, "▲７六象", None).is_err());
        assert!(parse_japanese_move(&pos, "", None).is_err());
    }
}
