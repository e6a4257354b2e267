//! A deliberately simple, slow reference move generator, written without `movegen`: every pseudo
//! move is made on a clone of the position and kept if the mover's king is not attacked
//! afterwards. Only the attack sets of single pieces (`attacks::attacks`), `make_move` and
//! `is_in_check` come from the library.
//!
//! - Board moves: every square each piece of the side to move attacks, unless it holds one of
//!   its own pieces; the promotion when the move starts or ends in the far three ranks and the
//!   piece can promote; the non-promotion unless the piece could never move again.
//! - Drops: every empty square, except where the piece could never move again, and for a pawn
//!   except on a file holding an unpromoted pawn of the same side (二歩).
//! - 打ち歩詰め: a pawn drop that gives check is removed if the opponent then has no legal reply,
//!   found by the same brute force (recursively).

use tsume::shogi::attacks::attacks;
use tsume::shogi::{Bitboard, Color, Move, Piece, PieceKind, Position, Square};

/// The rank of `sq` counted from `color`'s far side (1 = the last rank it moves towards).
fn relative_rank(color: Color, sq: Square) -> u8 {
    match color {
        Color::Black => sq.rank(),
        Color::White => 10 - sq.rank(),
    }
}

/// Whether a `kind` of `color` on `sq` could still move (pawn and lance not on the last rank,
/// knight not on the last two).
fn can_move_again(color: Color, kind: PieceKind, sq: Square) -> bool {
    let r = relative_rank(color, sq);
    match kind {
        PieceKind::Pawn | PieceKind::Lance => r >= 2,
        PieceKind::Knight => r >= 3,
        _ => true,
    }
}

/// The occupied squares, collected square by square.
fn occupancy(pos: &Position) -> Bitboard {
    Square::all()
        .filter(|&s| pos.piece_at(s).is_some())
        .fold(Bitboard::EMPTY, |b, s| b.with(s))
}

/// Whether `by` attacks `target`, by trying every piece of `by`.
pub fn is_attacked(pos: &Position, target: Square, by: Color) -> bool {
    let occ = occupancy(pos);
    Square::all().any(|s| match pos.piece_at(s) {
        Some(p) if p.color == by => attacks(by, p.kind, s, occ).contains(target),
        _ => false,
    })
}

/// Whether `color`'s king is attacked, found by trying every enemy piece (false without a king).
pub fn king_attacked(pos: &Position, color: Color) -> bool {
    Square::all()
        .find(|&s| pos.piece_at(s) == Some(Piece::new(color, PieceKind::King)))
        .is_some_and(|k| is_attacked(pos, k, !color))
}

/// Every pseudo move of the side to move: legal except that it may leave its own king attacked
/// and that 打ち歩詰め is not considered.
pub fn pseudo_moves(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    let occ = occupancy(pos);
    let mut moves = Vec::new();
    for from in Square::all() {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.color != us {
            continue;
        }
        for to in attacks(us, p.kind, from, occ) {
            if pos.piece_at(to).is_some_and(|q| q.color == us) {
                continue;
            }
            let zone = relative_rank(us, from) <= 3 || relative_rank(us, to) <= 3;
            if p.kind.can_promote() && zone {
                moves.push(Move::normal(from, to, true));
            }
            if can_move_again(us, p.kind, to) {
                moves.push(Move::normal(from, to, false));
            }
        }
    }
    let hand = pos.hand(us);
    for kind in PieceKind::HAND {
        if hand.count(kind) == 0 {
            continue;
        }
        for to in Square::all() {
            if pos.piece_at(to).is_some() || !can_move_again(us, kind, to) {
                continue;
            }
            if kind == PieceKind::Pawn
                && (1..=9).any(|rank| {
                    let s = Square::new(to.file(), rank).unwrap();
                    pos.piece_at(s) == Some(Piece::new(us, PieceKind::Pawn))
                })
            {
                continue;
            }
            moves.push(Move::drop(kind, to));
        }
    }
    moves
}

/// What the reference knows about one legal move.
#[derive(Clone, Copy, Debug)]
pub struct RefMove {
    /// The move.
    pub mv: Move,
    /// Whether it attacks the opponent's king afterwards.
    pub gives_check: bool,
}

/// Visits the legal moves of the side to move until `visit` returns false. Returns false if it
/// was stopped.
fn for_each_legal(pos: &Position, mut visit: impl FnMut(RefMove) -> bool) -> bool {
    let us = pos.side_to_move();
    for m in pseudo_moves(pos) {
        let mut next = pos.clone();
        next.make_move(m);
        if next.is_in_check(us) {
            continue;
        }
        let gives_check = next.is_in_check(!us);
        if m.drop_kind() == Some(PieceKind::Pawn) && gives_check && !has_legal_move(&next) {
            continue; // 打ち歩詰め
        }
        if !visit(RefMove { mv: m, gives_check }) {
            return false;
        }
    }
    true
}

/// Whether the side to move has any legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    !for_each_legal(pos, |_| false)
}

/// Every legal move of the side to move, with whether it gives check.
pub fn legal_moves(pos: &Position) -> Vec<RefMove> {
    let mut out = Vec::new();
    for_each_legal(pos, |m| {
        out.push(m);
        true
    });
    out
}

/// The pawn drops that pass every other rule but are 打ち歩詰め.
pub fn pawn_drop_mates(pos: &Position) -> Vec<Move> {
    let us = pos.side_to_move();
    pseudo_moves(pos)
        .into_iter()
        .filter(|m| m.drop_kind() == Some(PieceKind::Pawn))
        .filter(|&m| {
            let mut next = pos.clone();
            next.make_move(m);
            !next.is_in_check(us) && next.is_in_check(!us) && !has_legal_move(&next)
        })
        .collect()
}

/// Whether `m` attacks the opponent's king once made.
pub fn gives_check(pos: &Position, m: Move) -> bool {
    let mut next = pos.clone();
    next.make_move(m);
    next.is_in_check(!pos.side_to_move())
}
