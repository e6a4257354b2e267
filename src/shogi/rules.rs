//! The rules that restrict otherwise possible moves, each one named predicate.

use super::attacks::{king_attacks, line};
use super::movegen::is_legal;
use super::{Bitboard, Color, Move, PieceKind, Position, Square};
use thiserror::Error;

/// Dead piece (行き所のない駒): a pawn or lance on its last rank, or a knight on its last two,
/// can never move again. Such a piece may not be dropped there, and a move that ends there must
/// promote.
#[inline]
pub const fn is_dead_piece(color: Color, kind: PieceKind, sq: Square) -> bool {
    let r = sq.relative_rank(color);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r == 1,
        PieceKind::Knight => r <= 2,
        _ => false,
    }
}

/// 二歩: a pawn may not be dropped on a file that already holds an unpromoted pawn of the same
/// side. Returns the files (as a square set) where `color` may not drop a pawn.
#[inline]
pub fn double_pawn_files(pos: &Position, color: Color) -> Bitboard {
    let mut files = Bitboard::EMPTY;
    for sq in pos.pieces_of(color, PieceKind::Pawn) {
        files |= Bitboard::file(sq.file());
    }
    files
}

/// 打ち歩詰め: a pawn drop that gives check is illegal if the defender then has no legal reply.
///
/// `to` is the square where the side to move drops a pawn; the caller has established that the
/// pawn there checks the opponent's king (it stands directly in front of it). Replies: a piece
/// other than the king captures the pawn (not when pinned, judged with the pawn on the board);
/// the king captures the pawn or steps to any square, where the square must not be attacked
/// once the king has left its own square. Interposition is impossible: the pawn is adjacent.
pub fn is_pawn_drop_mate(pos: &Position, to: Square) -> bool {
    let us = pos.side_to_move();
    let them = !us;
    let Some(ek) = pos.king(them) else {
        return false;
    };
    debug_assert_eq!(to.forward(us), Some(ek));
    let occ = pos.occupied().with(to);
    let occ_without_king = occ.without(ek);
    // The king's replies first, taking the pawn first (an unsupported pawn drop is never mate):
    // a free square ends the test soonest. The dropped pawn attacks only the king's square, so
    // it adds no attacker on these.
    if !pos.is_attacked_by(us, to, occ_without_king) {
        return false;
    }
    for s in (king_attacks(ek) & !pos.pieces(them)).without(to) {
        if !pos.is_attacked_by(us, s, occ_without_king) {
            return false;
        }
    }
    let capturers = pos.attackers_to(them, to, occ).without(ek);
    if capturers.is_any() {
        let pinned = pos.slider_blockers(ek, us, occ) & pos.pieces(them);
        for from in capturers {
            if !pinned.contains(from) || line(ek, from).contains(to) {
                return false;
            }
        }
    }
    true
}

/// The rule a drop breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum DropFault {
    /// The side to move holds no piece of the kind.
    #[error("no such piece in hand")]
    NotInHand,
    /// The square holds a piece.
    #[error("the square is occupied")]
    Occupied,
    /// The piece could never move from there ([`is_dead_piece`]).
    #[error("the piece could never move from there")]
    DeadPiece,
    /// 二歩 ([`double_pawn_files`]).
    #[error("二歩: an unpromoted pawn of the side is on that file")]
    DoublePawn,
    /// 打ち歩詰め ([`is_pawn_drop_mate`]).
    #[error("打ち歩詰め: a pawn drop may not give mate")]
    PawnDropMate,
    /// The side to move is in check and the drop does not block it.
    #[error("the king is left in check")]
    LeavesKingInCheck,
}

/// The rule that dropping `kind` on `to` breaks for the side to move. The caller has found the
/// drop illegal (it is not among the legal moves); the rules are tried in the order of
/// [`DropFault`]'s variants, so a pawn drop that blocks a check and mates is
/// [`DropFault::PawnDropMate`], and a drop that breaks none of the others is
/// [`DropFault::LeavesKingInCheck`].
pub fn drop_fault(pos: &Position, kind: PieceKind, to: Square) -> DropFault {
    let us = pos.side_to_move();
    debug_assert!(!is_legal(pos, Move::drop(kind, to)));
    if !pos.hand(us).has(kind) {
        DropFault::NotInHand
    } else if pos.piece_at(to).is_some() {
        DropFault::Occupied
    } else if is_dead_piece(us, kind, to) {
        DropFault::DeadPiece
    } else if kind == PieceKind::Pawn && double_pawn_files(pos, us).contains(to) {
        DropFault::DoublePawn
    } else if kind == PieceKind::Pawn
        && pos.king(!us).is_some_and(|k| to.forward(us) == Some(k))
        && is_pawn_drop_mate(pos, to)
    {
        DropFault::PawnDropMate
    } else {
        DropFault::LeavesKingInCheck
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dead_piece_ranks_depend_on_colour() {
        let a1 = Square::new(1, 1).unwrap();
        let b1 = Square::new(1, 2).unwrap();
        let i1 = Square::new(1, 9).unwrap();
        assert!(is_dead_piece(Color::Black, PieceKind::Pawn, a1));
        assert!(is_dead_piece(Color::Black, PieceKind::Knight, b1));
        assert!(!is_dead_piece(Color::Black, PieceKind::Lance, b1));
        assert!(is_dead_piece(Color::White, PieceKind::Lance, i1));
        assert!(!is_dead_piece(Color::White, PieceKind::Pawn, a1));
        assert!(!is_dead_piece(Color::Black, PieceKind::Silver, a1));
    }
}
