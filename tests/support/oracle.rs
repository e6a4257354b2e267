//! The independent oracle: `shogi_legality_lite` (over `shogi_core`), used only by tests.

use shogi_core::{
    Color as OColor, PartialPosition, Piece as OPiece, PieceKind as OKind, Square as OSquare, ToUsi,
};
use std::collections::BTreeSet;
use tsume::shogi::{Color, PieceKind, Position, Square};

fn kind(k: PieceKind) -> OKind {
    use PieceKind::*;
    match k {
        Pawn => OKind::Pawn,
        Lance => OKind::Lance,
        Knight => OKind::Knight,
        Silver => OKind::Silver,
        Gold => OKind::Gold,
        Bishop => OKind::Bishop,
        Rook => OKind::Rook,
        King => OKind::King,
        ProPawn => OKind::ProPawn,
        ProLance => OKind::ProLance,
        ProKnight => OKind::ProKnight,
        ProSilver => OKind::ProSilver,
        Horse => OKind::ProBishop,
        Dragon => OKind::ProRook,
    }
}

fn color(c: Color) -> OColor {
    match c {
        Color::Black => OColor::Black,
        Color::White => OColor::White,
    }
}

/// The same position in `shogi_core`'s representation.
pub fn to_oracle(pos: &Position) -> PartialPosition {
    let mut p = PartialPosition::empty();
    for sq in Square::all() {
        if let Some(pc) = pos.piece_at(sq) {
            let osq = OSquare::new(sq.file(), sq.rank()).unwrap();
            p.piece_set(osq, Some(OPiece::new(kind(pc.kind), color(pc.color))));
        }
    }
    for c in Color::ALL {
        let h = p.hand_of_a_player_mut(color(c));
        for (k, n) in pos.hand(c).iter() {
            for _ in 0..n {
                *h = h.added(kind(k)).unwrap();
            }
        }
    }
    p.side_to_move_set(color(pos.side_to_move()));
    p
}

/// The oracle's legal moves, as USI strings.
pub fn oracle_legal_moves(pos: &Position) -> BTreeSet<String> {
    shogi_legality_lite::all_legal_moves_partial(&to_oracle(pos))
        .into_iter()
        .map(|m| m.to_usi_owned())
        .collect()
}
