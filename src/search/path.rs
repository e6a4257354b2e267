//! The positions on the search path, for repetitions.
//!
//! A node whose board (and side to move) recurs on the path with the attacker holding no more
//! in hand than at the earlier visit is a failure for the attacker on this path: the position is
//! the same, or one no better for the attacker (hand superiority), reached with fewer plies left.
//! A mate from it would mate from the earlier visit sooner, so the shortest mate from there never
//! passes through it. An exact repetition (perpetual check) is the case of equal hands.

use crate::shogi::Hand;
use hashbrown::HashMap;

/// The path from the root to the node being searched.
#[derive(Default)]
pub(crate) struct Path {
    /// Each board key on the path, with how many of the path's positions have it.
    boards: HashMap<u64, u32>,
    /// The path's positions in order: board key, attacker's hand, ply.
    stack: Vec<(u64, Hand, u32)>,
}

impl Path {
    /// The ply of the nearest position on the path with board key `board` and an attacker's
    /// hand covering `hand`, if any.
    pub fn repeated(&self, board: u64, hand: Hand) -> Option<u32> {
        if !self.boards.contains_key(&board) {
            return None;
        }
        self.stack
            .iter()
            .rev()
            .find(|&&(b, h, _)| b == board && h.covers(hand))
            .map(|&(_, _, ply)| ply)
    }

    /// Puts a position on the path, at `ply`.
    pub fn push(&mut self, board: u64, hand: Hand, ply: u32) {
        *self.boards.entry(board).or_insert(0) += 1;
        self.stack.push((board, hand, ply));
    }

    /// Takes the last position pushed off the path.
    pub fn pop(&mut self) {
        let (board, _, _) = self.stack.pop().expect("a position on the path");
        match self.boards.get_mut(&board) {
            Some(n) if *n > 1 => *n -= 1,
            _ => {
                self.boards.remove(&board);
            }
        }
    }

    /// Empties the path.
    pub fn clear(&mut self) {
        self.boards.clear();
        self.stack.clear();
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
