//! The compact move and a fixed-capacity move list.

use super::{PieceKind, Square};
use std::fmt;
use std::mem::MaybeUninit;

/// A move in 16 bits: destination in bits 0–6, origin in bits 7–13 (a square index, or
/// 81 + hand kind for a drop), promotion in bit 14.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u16);

const DROP_BASE: u16 = 81;
const PROMOTE: u16 = 1 << 14;

impl Move {
    /// A board move from `from` to `to`, promoting if `promote`.
    #[inline]
    pub const fn normal(from: Square, to: Square, promote: bool) -> Move {
        Move(to.index() as u16 | (from.index() as u16) << 7 | if promote { PROMOTE } else { 0 })
    }

    /// A drop of hand kind `kind` on `to`.
    #[inline]
    pub const fn drop(kind: PieceKind, to: Square) -> Move {
        Move(to.index() as u16 | (DROP_BASE + kind as u16) << 7)
    }

    /// The destination.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index_unchecked((self.0 & 0x7f) as usize)
    }

    /// The origin square; `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        let f = (self.0 >> 7) & 0x7f;
        if f < DROP_BASE {
            Some(Square::from_index_unchecked(f as usize))
        } else {
            None
        }
    }

    /// Whether this is a drop.
    #[inline]
    pub const fn is_drop(self) -> bool {
        (self.0 >> 7) & 0x7f >= DROP_BASE
    }

    /// The dropped kind; `None` for a board move.
    #[inline]
    pub const fn drop_kind(self) -> Option<PieceKind> {
        let f = (self.0 >> 7) & 0x7f;
        if f >= DROP_BASE {
            PieceKind::from_index((f - DROP_BASE) as usize)
        } else {
            None
        }
    }

    /// Whether the move promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMOTE != 0
    }

    /// The raw 16 bits (never zero for a real move: a move's origin and destination differ).
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }
}

/// USI notation: `7g7f`, `8h2b+`, `P*5e`.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.from(), self.drop_kind()) {
            (Some(from), _) => {
                write!(f, "{}{}", from, self.to())?;
                if self.is_promotion() {
                    f.write_str("+")?;
                }
                Ok(())
            }
            (None, Some(k)) => write!(f, "{}*{}", k.sfen_letter(), self.to()),
            (None, None) => f.write_str("????"),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The most legal moves any shogi position has is 593.
pub const MAX_MOVES: usize = 600;

/// A list of moves on the stack. Its storage is not initialised beyond `len`, so a new list
/// costs nothing.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. Panics past [`MAX_MOVES`], which no legal position reaches.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len].write(m);
        self.len += 1;
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        // SAFETY: `push` is the only writer and it initialises `moves[len]` before `len` grows,
        // so the first `len` elements are initialised; `MaybeUninit<Move>` has `Move`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

const _: () = assert!(std::mem::size_of::<Option<Move>>() == 4);
const _: () = assert!(std::mem::size_of::<Move>() == 2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        let a = Square::new(7, 7).unwrap();
        let b = Square::new(7, 6).unwrap();
        let m = Move::normal(a, b, true);
        assert_eq!(
            (m.from(), m.to(), m.is_promotion(), m.is_drop()),
            (Some(a), b, true, false)
        );
        assert_eq!(m.to_string(), "7g7f+");
        let d = Move::drop(PieceKind::Gold, b);
        assert_eq!(
            (d.from(), d.drop_kind(), d.to()),
            (None, Some(PieceKind::Gold), b)
        );
        assert_eq!(d.to_string(), "G*7f");
    }
}
