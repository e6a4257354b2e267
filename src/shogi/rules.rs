//! The rules that restrict otherwise possible moves, each one named predicate.

use super::attacks::{attacks, between, king_attacks, line};
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

/// The rule a board move of the side to move breaks, with the square that shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFault {
    /// The piece does not move that way, whatever stands on the board.
    OutOfReach,
    /// The piece moves that way, but a piece stands on this square between.
    Blocked(Square),
    /// The destination holds a piece of the side to move.
    OwnPiece,
    /// It does not promote where it could never move again ([`is_dead_piece`]).
    MustPromote,
    /// It promotes, but the piece cannot, or neither square is in the promotion zone.
    CannotPromote,
    /// The king steps where the piece on this square attacks it.
    KingIntoCheck(Square),
    /// The king is in check from the piece on this square, and the move does not answer it.
    LeavesCheck(Square),
    /// The piece is pinned: moving it opens a line to its king from the piece on this square.
    Pinned(Square),
}

impl MoveFault {
    /// In words, each square written by `square`.
    pub fn describe(self, square: impl Fn(Square) -> String) -> String {
        match self {
            MoveFault::OutOfReach => "the piece does not move that way".to_string(),
            MoveFault::Blocked(s) => format!("the way is blocked on {}", square(s)),
            MoveFault::OwnPiece => "the destination holds a piece of its own side".to_string(),
            MoveFault::MustPromote => {
                "it must promote there, where it could never move again".to_string()
            }
            MoveFault::CannotPromote => "it cannot promote on this move".to_string(),
            MoveFault::KingIntoCheck(s) => {
                format!("the king would be in check from the piece on {}", square(s))
            }
            MoveFault::LeavesCheck(s) => format!(
                "the king is in check from the piece on {} and the move does not answer it",
                square(s)
            ),
            MoveFault::Pinned(s) => format!(
                "the piece is pinned: moving it leaves its king in check from the piece on {}",
                square(s)
            ),
        }
    }
}

/// The rule the board move from `from` to `to` (promoting or not) breaks for the side to move,
/// whose piece stands on `from`. The caller has found the move illegal (it is not among the
/// legal moves); the rules are tried in the order of [`MoveFault`]'s variants.
pub fn board_move_fault(pos: &Position, from: Square, to: Square, promote: bool) -> MoveFault {
    let us = pos.side_to_move();
    let piece = pos
        .piece_at(from)
        .filter(|p| p.color == us)
        .expect("a piece of the side to move on the origin");
    debug_assert!(!is_legal(pos, Move::normal(from, to, promote)));
    let kind = piece.kind;
    if !attacks(us, kind, from, Bitboard::EMPTY).contains(to) {
        return MoveFault::OutOfReach;
    }
    if let Some(block) = (between(from, to) & pos.occupied())
        .min_by_key(|s| from.file().abs_diff(s.file()) + from.rank().abs_diff(s.rank()))
    {
        return MoveFault::Blocked(block);
    }
    if pos.piece_at(to).is_some_and(|p| p.color == us) {
        return MoveFault::OwnPiece;
    }
    let zone = from.in_promotion_zone(us) || to.in_promotion_zone(us);
    if promote && !(kind.can_promote() && zone) {
        return MoveFault::CannotPromote;
    }
    if !promote && is_dead_piece(us, kind, to) {
        return MoveFault::MustPromote;
    }
    let mut after = pos.clone();
    after.make_move(Move::normal(from, to, promote));
    let king = after
        .king(us)
        .expect("the side to move has a king when a move is illegal");
    let attackers = after.attackers_to(!us, king, after.occupied());
    let by = attackers
        .first()
        .expect("an illegal move that breaks no other rule leaves the king in check");
    if kind == PieceKind::King {
        MoveFault::KingIntoCheck(by)
    } else if let Some(checker) = (attackers & pos.checkers()).first() {
        MoveFault::LeavesCheck(checker)
    } else {
        MoveFault::Pinned(by)
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
