//! Proof and disproof hands: how far a result proven with one attacker hand generalises.
//!
//! A proof hand is the least the attacker must hold for the proof to stand; a disproof hand the
//! most it may hold for the disproof to stand. Because the defender holds every piece the
//! attacker does not, a smaller attacker hand means a larger defender hand: a proof hand must
//! keep, of every kind the defender lacks, all that the attacker holds whenever the defender
//! could use such a piece to interpose.

use crate::shogi::attacks::between;
use crate::shogi::{Color, Hand, Move, PieceKind, Position};

/// The proof hand of an attacker node proven by `m`, from the proof hand of the child.
pub fn proof_hand_before(pos: &Position, m: Move, child: Hand) -> Hand {
    match (m.drop_kind(), pos.piece_at(m.to())) {
        (Some(kind), _) => saturating_plus(child, kind),
        (None, Some(captured)) => saturating_minus(child, captured.kind.unpromoted()),
        (None, None) => child,
    }
}

/// The disproof hand of an attacker node, from the disproof hand of the child reached by `m`.
pub fn disproof_hand_before(pos: &Position, m: Move, child: Hand) -> Hand {
    proof_hand_before(pos, m, child)
}

/// The disproof hand of an attacker node with no (more) checks to try: any count of a kind the
/// attacker holds gives no new checks, but a kind it lacks would.
pub fn no_check_disproof_hand(attacker_hand: Hand) -> Hand {
    let mut h = Hand::EMPTY;
    for kind in PieceKind::HAND {
        if attacker_hand.has(kind) {
            h = h
                .with_count(kind, Hand::capacity(kind))
                .expect("within capacity");
        }
    }
    h
}

/// The proof hand of a defender node whose replies are all proven with the union `children` of
/// their proof hands (empty when there are no replies: mate). If the defender could interpose
/// (a single check along a line with empty squares between), every kind the defender lacks keeps
/// the attacker's full count, so that the defender still lacks it.
pub fn defender_proof_hand(pos: &Position, attacker: Color, children: Hand) -> Hand {
    let defender = !attacker;
    let Some(king) = pos.king(defender) else {
        return children;
    };
    let checkers = pos.checkers();
    let can_interpose = !checkers.has_more_than_one()
        && checkers.first().is_some_and(|c| between(king, c).is_any());
    if !can_interpose {
        return children;
    }
    let attacker_hand = pos.hand(attacker);
    let defender_hand = pos.hand(defender);
    let mut h = children;
    for kind in PieceKind::HAND {
        if !defender_hand.has(kind) {
            h = h
                .with_count(kind, attacker_hand.count(kind))
                .expect("within capacity");
        }
    }
    h
}

/// The disproof hand of a defender node that escapes by `m`, from the disproof hand `child` of
/// the position it reaches. A board move does not depend on the hands; a drop needs the defender
/// to keep a piece of its kind, so the attacker may hold at most all but one of those the two
/// hands share.
pub fn defender_disproof_hand(pos: &Position, attacker: Color, m: Move, child: Hand) -> Hand {
    match m.drop_kind() {
        None => child,
        Some(kind) => {
            let shared = pos.hand(attacker).count(kind) + pos.hand(!attacker).count(kind);
            let most = child.count(kind).min(shared.saturating_sub(1));
            child.with_count(kind, most).expect("within capacity")
        }
    }
}

/// The disproof hand of a defender node that is not mated now (it has `replies`): any hand
/// when a board move escapes, else the hands that leave the defender the first drop's piece.
pub fn not_mated_disproof_hand(pos: &Position, attacker: Color, replies: &[Move]) -> Hand {
    match replies.iter().find(|m| !m.is_drop()).or(replies.first()) {
        Some(&m) => defender_disproof_hand(pos, attacker, m, Hand::full()),
        None => Hand::full(),
    }
}

fn saturating_plus(h: Hand, kind: PieceKind) -> Hand {
    if h.count(kind) < Hand::capacity(kind) {
        h.plus(kind)
    } else {
        h
    }
}

fn saturating_minus(h: Hand, kind: PieceKind) -> Hand {
    if h.has(kind) {
        h.minus(kind)
    } else {
        h
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::parse_sfen;
    use crate::shogi::Square;

    #[test]
    fn an_escape_by_drop_keeps_the_defender_its_piece() {
        // White (defender) is in check from the rook on 5i and holds one gold; Black holds two.
        let pos = parse_sfen("4k4/9/9/9/9/9/9/9/4R4 w 2Gg 1").unwrap();
        let b5 = Square::new(5, 2).unwrap();
        let drop = Move::drop(PieceKind::Gold, b5);
        let h = defender_disproof_hand(&pos, Color::Black, drop, Hand::full());
        // With a third gold the attacker would leave the defender none to drop.
        assert_eq!(h.count(PieceKind::Gold), 2);
        assert_eq!(
            h.count(PieceKind::Silver),
            Hand::capacity(PieceKind::Silver)
        );
        // Only a drop escapes, so "not mated now" is limited in the same way.
        let replies = [drop];
        let h = not_mated_disproof_hand(&pos, Color::Black, &replies);
        assert_eq!(h.count(PieceKind::Gold), 2);
        // A board move escapes whatever the hands.
        let step = Move::normal(
            Square::new(5, 1).unwrap(),
            Square::new(4, 1).unwrap(),
            false,
        );
        assert_eq!(
            not_mated_disproof_hand(&pos, Color::Black, &[drop, step]),
            Hand::full()
        );
    }
}
