//! Where a text shows the fault of an illegal position: one rule for the readers of SFEN, KIF
//! diagrams and CSA, which point at the square their text wrote it in.

use crate::shogi::{Piece, PieceKind, PositionError, Square};

/// The square where the fault of an illegal position is best shown: the piece that could never
/// move, or the later (in reading order: rank by rank from the top, each from file 9 to 1) of
/// two pawns on a file or of two kings; `None` for a fault of the position as a whole.
pub(crate) fn fault_square(e: &PositionError, board: &[Option<Piece>; 81]) -> Option<Square> {
    let last_of = |piece: Piece, file: Option<u8>| {
        Square::all()
            .filter(|s| board[s.index()] == Some(piece) && file.is_none_or(|f| s.file() == f))
            .max_by_key(|s| (s.rank(), 9 - s.file()))
    };
    match *e {
        PositionError::DeadPiece { square, .. } => Some(square),
        PositionError::DoublePawn { color, file } => {
            last_of(Piece::new(color, PieceKind::Pawn), Some(file))
        }
        PositionError::TooManyKings { color, .. } => {
            last_of(Piece::new(color, PieceKind::King), None)
        }
        PositionError::TooManyPieces { .. } | PositionError::OpponentInCheck { .. } => None,
    }
}
