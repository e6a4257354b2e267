//! The tsume hand convention: the defender holds every piece that is neither on the board nor in
//! the attacker's hand (kings excluded).

use super::{Color, Hand, PieceKind, Position};

/// The pieces of the set that are neither on the board nor in either hand (kings excluded).
pub fn remaining_pieces(pos: &Position) -> Hand {
    let mut used = [0u8; 7];
    for p in pos.board().iter().flatten() {
        if p.kind != PieceKind::King {
            used[p.kind.unpromoted().index()] += 1;
        }
    }
    for color in Color::ALL {
        for (kind, n) in pos.hand(color).iter() {
            used[kind.index()] += n;
        }
    }
    let mut rest = Hand::EMPTY;
    for kind in PieceKind::HAND {
        let n = kind.max_count().saturating_sub(used[kind.index()]);
        rest = rest.with_count(kind, n).expect("within the set");
    }
    rest
}

/// The position with every remaining piece added to the hand of the side not to move (the
/// defender, when the side to move is the attacker).
pub fn fill_defender_hand(pos: &Position) -> Position {
    let defender = !pos.side_to_move();
    let rest = remaining_pieces(pos);
    let mut hand = pos.hand(defender);
    for (kind, n) in rest.iter() {
        let total = hand.count(kind) + n;
        hand = hand.with_count(kind, total).expect("within the set");
    }
    pos.with_hand(defender, hand)
}
