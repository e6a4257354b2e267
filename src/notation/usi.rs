//! USI move text: `7g7f`, `8h2b+`, `P*5e`.

use super::excerpt::excerpt;
use crate::shogi::movegen::is_legal;
use crate::shogi::rules::{board_move_fault, drop_fault, DropFault};
use crate::shogi::{Move, PieceKind, Position, Square};
use thiserror::Error;

/// Why a USI move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UsiMoveError {
    /// Not of the form `7g7f`, `7g7f+` or `P*7f`.
    #[error("'{}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)", excerpt(.0))]
    Syntax(String),
    /// A board move, well formed but not legal in the position, and why in words.
    #[error("'{}' is not legal in this position: {}", excerpt(.0), .1)]
    Illegal(String, String),
    /// A drop that breaks a rule of drops.
    #[error("'{}' is not legal in this position: {}", excerpt(.0), .1)]
    IllegalDrop(String, DropFault),
}

fn square(file: u8, rank: u8) -> Option<Square> {
    if !(b'1'..=b'9').contains(&file) || !(b'a'..=b'i').contains(&rank) {
        return None;
    }
    Square::new(file - b'0', rank - b'a' + 1)
}

/// Reads a USI move without checking it against a position.
pub fn parse_usi_move_syntax(text: &str) -> Option<Move> {
    let b = text.as_bytes();
    match b {
        [p, b'*', f, r] => {
            let kind = PieceKind::from_sfen_letter(*p as char)?;
            if !p.is_ascii_uppercase() || kind == PieceKind::King {
                return None;
            }
            Some(Move::drop(kind, square(*f, *r)?))
        }
        [f1, r1, f2, r2] => Some(Move::normal(square(*f1, *r1)?, square(*f2, *r2)?, false)),
        [f1, r1, f2, r2, b'+'] => Some(Move::normal(square(*f1, *r1)?, square(*f2, *r2)?, true)),
        _ => None,
    }
}

/// Reads a USI move and checks that it is legal in `pos`.
pub fn parse_usi_move(pos: &Position, text: &str) -> Result<Move, UsiMoveError> {
    let m = parse_usi_move_syntax(text).ok_or_else(|| UsiMoveError::Syntax(text.to_string()))?;
    if is_legal(pos, m) {
        return Ok(m);
    }
    let (Some(from), text) = (m.from(), text.to_string()) else {
        let kind = m.drop_kind().expect("a drop");
        return Err(UsiMoveError::IllegalDrop(
            text.to_string(),
            drop_fault(pos, kind, m.to()),
        ));
    };
    let why = match pos.piece_at(from) {
        None => format!("no piece on {from}"),
        Some(p) if p.color != pos.side_to_move() => {
            format!("the piece on {from} belongs to the side not to move")
        }
        Some(_) => {
            board_move_fault(pos, from, m.to(), m.is_promotion()).describe(|s| s.to_string())
        }
    };
    Err(UsiMoveError::Illegal(text, why))
}

/// A malformed move in a line of USI moves, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("column {column}: move {index}: {error}")]
pub struct UsiLineError {
    /// 1-based character column of the move in the text.
    pub column: usize,
    /// 1-based index of the move in the line.
    pub index: usize,
    /// The fault (always [`UsiMoveError::Syntax`]).
    pub error: UsiMoveError,
}

/// Reads white-space separated USI moves for their syntax only, without a position: a line whose
/// legality is judged later, by replaying it.
pub fn parse_usi_moves_syntax(text: &str) -> Result<Vec<Move>, UsiLineError> {
    let mut moves = Vec::new();
    let mut column = 0;
    let mut word: Option<(usize, usize)> = None;
    let finish = |start: usize, end: usize, col: usize, moves: &mut Vec<Move>| {
        let t = &text[start..end];
        let m = parse_usi_move_syntax(t).ok_or_else(|| UsiLineError {
            column: col,
            index: moves.len() + 1,
            error: UsiMoveError::Syntax(t.to_string()),
        })?;
        moves.push(m);
        Ok::<(), UsiLineError>(())
    };
    for (i, c) in text.char_indices() {
        column += 1;
        match (c.is_whitespace(), word) {
            (false, None) => word = Some((i, column)),
            (true, Some((start, col))) => {
                finish(start, i, col, &mut moves)?;
                word = None;
            }
            _ => {}
        }
    }
    if let Some((start, col)) = word {
        finish(start, text.len(), col, &mut moves)?;
    }
    Ok(moves)
}

/// Moves in USI on one line, separated by single spaces (empty for no moves).
pub fn usi_line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax() {
        assert_eq!(parse_usi_move_syntax("7g7f").unwrap().to_string(), "7g7f");
        assert_eq!(parse_usi_move_syntax("8h2b+").unwrap().to_string(), "8h2b+");
        assert_eq!(parse_usi_move_syntax("P*5e").unwrap().to_string(), "P*5e");
        for bad in ["", "7g", "7j7f", "K*5e", "p*5e", "0a1a", "7g7f=", "P*5j"] {
            assert!(parse_usi_move_syntax(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn a_line_is_read_for_its_syntax_and_a_bad_move_is_placed() {
        let moves = parse_usi_moves_syntax("  G*5b 4a5b\t8h2b+ ").unwrap();
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(text, ["G*5b", "4a5b", "8h2b+"]);
        let e = parse_usi_moves_syntax("G*5b 4a5x 1a1b").unwrap_err();
        assert_eq!((e.column, e.index), (6, 2));
        assert_eq!(e.error, UsiMoveError::Syntax("4a5x".to_string()));
        assert_eq!(parse_usi_moves_syntax(""), Ok(vec![]));
    }
}
