//! The positions on the search path, for repetitions.
//!
//! A node whose board (and side to move) recurs on the path with the attacker holding no more
//! in hand than at the earlier visit is a failure for the attacker on this path: the position is
//! the same, or one no better for the attacker (hand superiority), reached with fewer plies left.
//! A mate from it would mate from the earlier visit sooner, so the shortest mate from there never
//! passes through it. An exact repetition (perpetual check) is the case of equal hands.

use crate::shogi::Hand;

/// Slots of [`Path::seen`] (a power of two).
const SEEN_SLOTS: usize = 1 << 16;

/// The slot of [`Path::seen`] for board key `board`.
#[inline]
fn seen_slot(board: u64) -> usize {
    (board >> 48) as usize & (SEEN_SLOTS - 1)
}

/// The path from the root to the node being searched.
#[derive(Clone)]
pub(crate) struct Path {
    /// For each slot, how many of the path's positions have a board key in it: a board whose
    /// slot counts none is not on the path, so most nodes never scan the path. A count never
    /// overflows: each ply of the path uses one ply of a `u16` depth bound.
    seen: Box<[u16]>,
    /// The path's positions in order: board key, attacker's hand, ply.
    stack: Vec<(u64, Hand, u32)>,
}

impl Default for Path {
    fn default() -> Path {
        Path {
            seen: vec![0; SEEN_SLOTS].into_boxed_slice(),
            stack: Vec::new(),
        }
    }
}

impl Path {
    /// The ply of the nearest position on the path with board key `board` and an attacker's
    /// hand covering `hand`, if any.
    #[inline]
    pub fn repeated(&self, board: u64, hand: Hand) -> Option<u32> {
        if self.seen[seen_slot(board)] == 0 {
            return None;
        }
        self.stack
            .iter()
            .rev()
            .find(|&&(b, h, _)| b == board && h.covers(hand))
            .map(|&(_, _, ply)| ply)
    }

    /// Puts a position on the path, at `ply`.
    #[inline]
    pub fn push(&mut self, board: u64, hand: Hand, ply: u32) {
        self.seen[seen_slot(board)] += 1;
        self.stack.push((board, hand, ply));
    }

    /// Takes the last position pushed off the path.
    #[inline]
    pub fn pop(&mut self) {
        let (board, _, _) = self.stack.pop().expect("a position on the path");
        self.seen[seen_slot(board)] -= 1;
    }

    /// Empties the path.
    pub fn clear(&mut self) {
        while !self.stack.is_empty() {
            self.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shogi::PieceKind;

    #[test]
    fn a_board_repeats_when_the_attacker_holds_no_more() {
        let g = Hand::EMPTY.plus(PieceKind::Gold);
        let gs = g.plus(PieceKind::Silver);
        let mut path = Path::default();
        path.push(7, g, 0);
        path.push(8, gs, 1);
        assert_eq!(path.repeated(7, g), Some(0));
        assert_eq!(path.repeated(7, Hand::EMPTY), Some(0));
        assert_eq!(path.repeated(7, gs), None);
        assert_eq!(path.repeated(9, Hand::EMPTY), None);
        path.push(7, gs, 2);
        assert_eq!(path.repeated(7, g), Some(2));
        path.pop();
        assert_eq!(path.repeated(7, gs), None);
        path.pop();
        path.pop();
        assert_eq!(path.repeated(7, Hand::EMPTY), None);
    }
}
