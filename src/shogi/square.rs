//! Board squares.

use super::Color;
use std::fmt;

/// One of the 81 squares. Files 1–9 run right to left (from Black's view), ranks 1–9 (a–i) top
/// to bottom. The index is `(file - 1) * 9 + (rank - 1)`, so a file is 9 consecutive bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const NUM: usize = 81;

    /// The square on `file` and `rank`, both 1-based; `None` off the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + rank - 1))
        } else {
            None
        }
    }

    /// The square with index `i` (0..81).
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < 81 {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// Caller guarantees `i < 81`.
    #[inline]
    pub(crate) const fn from_index_unchecked(i: usize) -> Square {
        debug_assert!(i < 81);
        Square(i as u8)
    }

    /// The index 0..81.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1..=9.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1..=9 (a..i).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The rank counted from `color`'s far side: 1 is the last rank `color` moves towards.
    #[inline]
    pub const fn relative_rank(self, color: Color) -> u8 {
        match color {
            Color::Black => self.rank(),
            Color::White => 10 - self.rank(),
        }
    }

    /// Whether the square lies in `color`'s promotion zone (the far three ranks).
    #[inline]
    pub const fn in_promotion_zone(self, color: Color) -> bool {
        self.relative_rank(color) <= 3
    }

    /// The square `df` files and `dr` ranks away, if on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
            Square::new(f as u8, r as u8)
        } else {
            None
        }
    }

    /// The square one step forward for `color` (towards its far side).
    #[inline]
    pub const fn forward(self, color: Color) -> Option<Square> {
        match color {
            Color::Black => self.offset(0, -1),
            Color::White => self.offset(0, 1),
        }
    }

    /// All squares in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..81u8).map(Square)
    }
}

/// USI notation: file digit then rank letter, e.g. `7g`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), (b'a' + self.rank() - 1) as char)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
        }
        assert_eq!(Square::new(7, 7).unwrap().to_string(), "7g");
        assert!(Square::new(0, 1).is_none() && Square::new(1, 10).is_none());
    }

    #[test]
    fn promotion_zone_is_the_far_three_ranks() {
        let c3 = Square::new(5, 3).unwrap();
        let g7 = Square::new(5, 7).unwrap();
        assert!(c3.in_promotion_zone(Color::Black) && !c3.in_promotion_zone(Color::White));
        assert!(g7.in_promotion_zone(Color::White) && !g7.in_promotion_zone(Color::Black));
    }
}
