//! SFEN: reading every common form (`board side hands [n]`, `sfen …`, `position sfen … moves …`,
//! `position startpos …`) and writing the canonical one.

use super::excerpt::{excerpt, printable};
use super::fault::fault_square;
use super::usi::{parse_usi_move, parse_usi_moves_syntax, UsiMoveError};
use crate::shogi::{
    Color, Hand, Move, Piece, PieceCounts, PieceKind, Position, PositionError, Square,
};
use std::fmt::Write;
use thiserror::Error;

/// The starting position of a game.
pub const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// A fault in SFEN text, with the 1-based column (in characters) where it was found.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: {fault}")]
pub struct SfenError {
    /// 1-based character column of the fault.
    pub column: usize,
    /// What is wrong.
    pub fault: SfenFault,
}

/// What is wrong with SFEN text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SfenFault {
    /// Nothing but white space.
    #[error("empty input: expected an SFEN position")]
    Empty,
    /// A field is missing.
    #[error("missing {0}")]
    Missing(&'static str),
    /// A character that does not belong where it stands.
    #[error("unexpected '{}' in the {field}", printable(*.found))]
    BadChar {
        /// The character.
        found: char,
        /// The field it is in.
        field: &'static str,
    },
    /// A rank that does not cover exactly nine files.
    #[error("rank {rank} covers {files} files, expected 9")]
    RankWidth {
        /// The rank, 1..=9.
        rank: usize,
        /// How many files it covers.
        files: usize,
    },
    /// The board does not have nine ranks.
    #[error("the board has {0} ranks, expected 9")]
    RankCount(usize),
    /// `+` before a piece that cannot promote, or at the end of a rank.
    #[error("'+' must be followed by P, L, N, S, B or R")]
    BadPromotion,
    /// The side to move is not `b` or `w`.
    #[error("side to move must be 'b' or 'w', found '{}'", excerpt(.0))]
    BadSide(String),
    /// A hand count that is zero, has more than two digits, or exceeds what a hand can hold.
    #[error("bad count {} in the hands", excerpt(.0))]
    BadCount(String),
    /// A hand kind listed twice.
    #[error("{0} listed twice in the hands")]
    RepeatedHandPiece(char),
    /// The move number is not a positive integer.
    #[error("move number must be a positive integer, found '{}'", excerpt(.0))]
    BadMoveNumber(String),
    /// Text after the position that is not a move list.
    #[error("unexpected '{}' after the position (expected 'moves …')", excerpt(.0))]
    Trailing(String),
    /// A move in the `moves` list that is malformed or illegal.
    #[error("move {index}: {error}")]
    BadMove {
        /// 1-based index in the move list.
        index: usize,
        /// Why it was rejected.
        error: UsiMoveError,
    },
    /// Well-formed text describing an illegal position.
    #[error("{0}")]
    Illegal(PositionError),
}

/// A position read from text, and the moves that followed it (`… moves 7g7f …`).
#[derive(Clone, Debug)]
pub struct SfenRecord {
    /// The position as written, before the moves.
    pub start: Position,
    /// The moves, each checked legal in turn.
    pub moves: Vec<Move>,
}

impl SfenRecord {
    /// The position after all the moves.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.make_move(m);
        }
        pos
    }
}

/// A white-space separated word and the 1-based column of its first character.
struct Token<'a> {
    text: &'a str,
    column: usize,
}

fn tokenize(s: &str) -> Vec<Token<'_>> {
    let mut tokens = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (i, c)) in s.char_indices().enumerate() {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some((i, col + 1)),
            (true, Some((b, column))) => {
                tokens.push(Token {
                    text: &s[b..i],
                    column,
                });
                start = None;
            }
            _ => {}
        }
    }
    if let Some((b, column)) = start {
        tokens.push(Token {
            text: &s[b..],
            column,
        });
    }
    tokens
}

fn err(column: usize, fault: SfenFault) -> SfenError {
    SfenError { column, fault }
}

/// The 1-based column of the board field of SFEN text (after `position` and `sfen` when they are
/// there; `startpos` stands for the board), or 1 when the text holds no word.
pub fn board_column(s: &str) -> usize {
    tokenize(s)
        .iter()
        .find(|t| t.text != "position" && t.text != "sfen")
        .map_or(1, |t| t.column)
}

/// Reads a position in any accepted form and returns it after its moves.
pub fn parse_sfen(s: &str) -> Result<Position, SfenError> {
    Ok(parse_sfen_record(s)?.end_position())
}

/// Reads a position in any accepted form, keeping the moves apart:
/// `BOARD SIDE HANDS [N]`, `sfen BOARD SIDE HANDS [N]`, `position sfen … [moves …]`,
/// `position startpos [moves …]`, `startpos [moves …]`.
pub fn parse_sfen_record(s: &str) -> Result<SfenRecord, SfenError> {
    parse_sfen_record_with(s, PieceCounts::Standard)
}

/// [`parse_sfen_record`] with a choice of how many pieces of a kind are allowed.
pub fn parse_sfen_record_with(s: &str, limit: PieceCounts) -> Result<SfenRecord, SfenError> {
    let tokens = tokenize(s);
    let mut i = 0;
    let end_column = s.chars().count() + 1;
    if tokens.is_empty() {
        return Err(err(1, SfenFault::Empty));
    }
    if tokens[i].text == "position" {
        i += 1;
    }
    let start = match tokens.get(i).map(|t| t.text) {
        Some("startpos") => {
            i += 1;
            parse_sfen_fields(&tokenize(STARTPOS), 0, end_column, limit)?.0
        }
        Some("sfen") => {
            let (pos, used) = parse_sfen_fields(&tokens, i + 1, end_column, limit)?;
            i += 1 + used;
            pos
        }
        Some(_) => {
            let (pos, used) = parse_sfen_fields(&tokens, i, end_column, limit)?;
            i += used;
            pos
        }
        None => {
            return Err(err(
                end_column,
                SfenFault::Missing("the position after 'position'"),
            ))
        }
    };
    let mut moves = Vec::new();
    if let Some(t) = tokens.get(i) {
        if t.text != "moves" {
            return Err(err(t.column, SfenFault::Trailing(t.text.to_string())));
        }
        let mut pos = start.clone();
        for (n, t) in tokens[i + 1..].iter().enumerate() {
            let m = parse_usi_move(&pos, t.text).map_err(|error| {
                err(
                    t.column,
                    SfenFault::BadMove {
                        index: n + 1,
                        error,
                    },
                )
            })?;
            pos.make_move(m);
            moves.push(m);
        }
    }
    Ok(SfenRecord { start, moves })
}

/// Reads a position in any accepted form, with the moves after it (`… moves G*5b …`) read for
/// their syntax only, not played: a composed problem's intended solution, which is replayed
/// later (after the tsume hand convention has given the defender its pieces), so that an illegal
/// move is a fault of the solution, not of the text.
pub fn parse_sfen_with_unchecked_moves(s: &str) -> Result<(Position, Vec<Move>), SfenError> {
    let tokens = tokenize(s);
    let Some(at) = tokens.iter().position(|t| t.text == "moves") else {
        return Ok((parse_sfen_record(s)?.start, Vec::new()));
    };
    let offset = |t: &Token<'_>| t.text.as_ptr() as usize - s.as_ptr() as usize;
    let start = parse_sfen_record(&s[..offset(&tokens[at])])?.start;
    let tail = &s[offset(&tokens[at]) + "moves".len()..];
    let moves = parse_usi_moves_syntax(tail).map_err(|e| {
        err(
            tokens[at].column + "moves".len() + e.column - 1,
            SfenFault::BadMove {
                index: e.index,
                error: e.error,
            },
        )
    })?;
    Ok((start, moves))
}

/// Reads board, side, hands and an optional move number starting at `tokens[i]`. Returns the
/// position and how many tokens were used.
fn parse_sfen_fields(
    tokens: &[Token<'_>],
    i: usize,
    end_column: usize,
    limit: PieceCounts,
) -> Result<(Position, usize), SfenError> {
    let board_tok = tokens
        .get(i)
        .ok_or_else(|| err(end_column, SfenFault::Missing("the board")))?;
    let (board, columns) = parse_board(board_tok)?;
    let side_tok = tokens
        .get(i + 1)
        .ok_or_else(|| err(end_column, SfenFault::Missing("the side to move")))?;
    let side = match side_tok.text {
        "b" => Color::Black,
        "w" => Color::White,
        other => return Err(err(side_tok.column, SfenFault::BadSide(other.to_string()))),
    };
    let hand_tok = tokens
        .get(i + 2)
        .ok_or_else(|| err(end_column, SfenFault::Missing("the hands ('-' for none)")))?;
    let hands = parse_hands(hand_tok)?;
    let mut used = 3;
    let mut ply = 1;
    if let Some(t) = tokens.get(i + 3) {
        if t.text.starts_with(|c: char| c.is_ascii_digit()) {
            ply = t
                .text
                .parse::<u32>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| err(t.column, SfenFault::BadMoveNumber(t.text.to_string())))?;
            used = 4;
        }
    }
    let pos = Position::new_with_counts(board, hands, side, ply, limit).map_err(|e| {
        let column = match &e {
            PositionError::DeadPiece { .. }
            | PositionError::DoublePawn { .. }
            | PositionError::TooManyKings { .. } => {
                fault_square(&e, &board).map_or(board_tok.column, |s| columns[s.index()])
            }
            // Point at the hands when they hold the kind, else at the board.
            PositionError::TooManyPieces { kind, .. } => {
                if hands.iter().any(|h| h.has(*kind)) {
                    hand_tok.column
                } else {
                    board_tok.column
                }
            }
            PositionError::OpponentInCheck { .. } => side_tok.column,
        };
        err(column, SfenFault::Illegal(e))
    })?;
    Ok((pos, used))
}

/// Reads the board field; also returns, for each square, the column of its letter.
fn parse_board(tok: &Token<'_>) -> Result<([Option<Piece>; 81], [usize; 81]), SfenError> {
    const FIELD: &str = "board";
    let mut board = [None; 81];
    let mut columns = [tok.column; 81];
    let mut rank = 1usize;
    let mut file = 9usize; // next file to fill, counting down; 0 when the rank is full
    let mut promoted = false;
    let mut width = 0usize;
    for (k, c) in tok.text.chars().enumerate() {
        let col = tok.column + k;
        match c {
            '/' => {
                if promoted {
                    return Err(err(col, SfenFault::BadPromotion));
                }
                if width != 9 {
                    return Err(err(col, SfenFault::RankWidth { rank, files: width }));
                }
                rank += 1;
                if rank > 9 {
                    return Err(err(col, SfenFault::RankCount(rank)));
                }
                file = 9;
                width = 0;
            }
            '1'..='9' => {
                if promoted {
                    return Err(err(col, SfenFault::BadPromotion));
                }
                let n = c as usize - '0' as usize;
                width += n;
                if width > 9 {
                    return Err(err(col, SfenFault::RankWidth { rank, files: width }));
                }
                file -= n;
            }
            '+' => {
                if promoted {
                    return Err(err(col, SfenFault::BadPromotion));
                }
                promoted = true;
            }
            _ => {
                let kind = PieceKind::from_sfen_letter(c).ok_or(err(
                    col,
                    SfenFault::BadChar {
                        found: c,
                        field: FIELD,
                    },
                ))?;
                if promoted && !kind.can_promote() {
                    return Err(err(col, SfenFault::BadPromotion));
                }
                width += 1;
                if width > 9 {
                    return Err(err(col, SfenFault::RankWidth { rank, files: width }));
                }
                let color = if c.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                let kind = if promoted { kind.promoted() } else { kind };
                let sq = Square::new(file as u8, rank as u8).expect("file and rank in range");
                board[sq.index()] = Some(Piece::new(color, kind));
                columns[sq.index()] = col;
                file -= 1;
                promoted = false;
            }
        }
    }
    let end = tok.column + tok.text.chars().count();
    if promoted {
        return Err(err(end, SfenFault::BadPromotion));
    }
    if width != 9 {
        return Err(err(end, SfenFault::RankWidth { rank, files: width }));
    }
    if rank != 9 {
        return Err(err(end, SfenFault::RankCount(rank)));
    }
    Ok((board, columns))
}

fn parse_hands(tok: &Token<'_>) -> Result<[Hand; 2], SfenError> {
    const FIELD: &str = "hands";
    let mut hands = [Hand::EMPTY; 2];
    if tok.text == "-" {
        return Ok(hands);
    }
    let mut count: Option<(String, usize)> = None;
    let mut seen = [[false; 7]; 2];
    for (k, c) in tok.text.chars().enumerate() {
        let col = tok.column + k;
        if c.is_ascii_digit() {
            let (digits, start) = count.get_or_insert((String::new(), col));
            digits.push(c);
            if digits.len() > 2 {
                let bad = digits.clone();
                return Err(err(*start, SfenFault::BadCount(bad)));
            }
            continue;
        }
        let kind = PieceKind::from_sfen_letter(c)
            .filter(|&k| k != PieceKind::King)
            .ok_or(err(
                col,
                SfenFault::BadChar {
                    found: c,
                    field: FIELD,
                },
            ))?;
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let n = match count.take() {
            None => 1,
            Some((digits, start)) => {
                let n: u8 = digits.parse().expect("one or two digits");
                if n < 1 {
                    return Err(err(start, SfenFault::BadCount(digits)));
                }
                n
            }
        };
        if std::mem::replace(&mut seen[color.index()][kind.index()], true) {
            return Err(err(col, SfenFault::RepeatedHandPiece(c)));
        }
        hands[color.index()] = hands[color.index()]
            .with_count(kind, n)
            .ok_or_else(|| err(col, SfenFault::BadCount(n.to_string())))?;
    }
    if let Some((digits, start)) = count {
        return Err(err(start, SfenFault::BadCount(digits)));
    }
    Ok(hands)
}

/// The canonical SFEN of `pos`: board, side, hands in R B G S N L P order (Black's first), move
/// number.
pub fn to_sfen(pos: &Position) -> String {
    let mut s = String::new();
    for rank in 1..=9 {
        let mut empty = 0;
        for file in (1..=9).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write!(s, "{empty}").expect("write to string");
                        empty = 0;
                    }
                    if p.kind.is_promoted() {
                        s.push('+');
                    }
                    s.push(letter(p.color, p.kind));
                }
            }
        }
        if empty > 0 {
            write!(s, "{empty}").expect("write to string");
        }
        if rank < 9 {
            s.push('/');
        }
    }
    s.push_str(match pos.side_to_move() {
        Color::Black => " b ",
        Color::White => " w ",
    });
    let hands = hands_to_sfen(pos.hands());
    s.push_str(&hands);
    write!(s, " {}", pos.ply()).expect("write to string");
    s
}

fn letter(color: Color, kind: PieceKind) -> char {
    let c = kind.sfen_letter();
    match color {
        Color::Black => c,
        Color::White => c.to_ascii_lowercase(),
    }
}

/// The hands field of SFEN (`-` when both are empty).
pub fn hands_to_sfen(hands: [Hand; 2]) -> String {
    use PieceKind::*;
    let mut s = String::new();
    for color in Color::ALL {
        for kind in [Rook, Bishop, Gold, Silver, Knight, Lance, Pawn] {
            let n = hands[color.index()].count(kind);
            if n > 1 {
                write!(s, "{n}").expect("write to string");
            }
            if n > 0 {
                s.push(letter(color, kind));
            }
        }
    }
    if s.is_empty() {
        s.push('-');
    }
    s
}

/// The start position of a game.
pub fn startpos() -> Position {
    parse_sfen(STARTPOS).expect("the start position is legal")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn startpos_round_trips() {
        assert_eq!(to_sfen(&startpos()), STARTPOS);
    }

    #[test]
    fn every_form_is_accepted() {
        let a = parse_sfen("position startpos moves 7g7f 3c3d").unwrap();
        let b = parse_sfen(&format!("sfen {STARTPOS} moves 7g7f 3c3d")).unwrap();
        let c = parse_sfen(&format!("position sfen {STARTPOS} moves 7g7f 3c3d")).unwrap();
        let d = parse_sfen("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b -")
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_eq!(d.ply(), 1);
    }

    #[test]
    fn unchecked_moves_are_kept_apart_and_not_played() {
        // The defender's drop would be illegal as written (its hand is empty): only the syntax
        // is read.
        let (pos, moves) =
            parse_sfen_with_unchecked_moves("4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*4b P*5b").unwrap();
        assert_eq!(pos, parse_sfen("4k4/9/4P4/9/9/9/9/9/9 b G 1").unwrap());
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(text, ["G*4b", "P*5b"]);
        let e = parse_sfen_with_unchecked_moves("4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*4b xx")
            .unwrap_err();
        assert_eq!(e.column, 40);
        assert!(matches!(e.fault, SfenFault::BadMove { index: 2, .. }));
        let (_, none) = parse_sfen_with_unchecked_moves("4k4/9/4P4/9/9/9/9/9/9 b G").unwrap();
        assert!(none.is_empty());
    }

    #[test]
    fn errors_name_the_column() {
        let e = parse_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1")
            .unwrap_err();
        assert_eq!(e.column, 57);
        assert!(matches!(e.fault, SfenFault::BadChar { found: 'X', .. }));
        let e = parse_sfen("").unwrap_err();
        assert_eq!(e.fault, SfenFault::Empty);
    }
}
