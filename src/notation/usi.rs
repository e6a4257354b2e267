//! USI move text: `7g7f`, `8h2b+`, `P*5e`.

use crate::shogi::movegen::is_legal;
use crate::shogi::{Move, PieceKind, Position, Square};
use thiserror::Error;

/// Why a USI move text was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UsiMoveError {
    /// Not of the form `7g7f`, `7g7f+` or `P*7f`.
    #[error("'{0}' is not a USI move (expected e.g. 7g7f, 8h2b+ or P*5e)")]
    Syntax(String),
    /// Well formed but not legal in the position.
    #[error("'{0}' is not legal in this position")]
    Illegal(String),
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
        Ok(m)
    } else {
        Err(UsiMoveError::Illegal(text.to_string()))
    }
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
}
