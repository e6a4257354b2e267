//! Pieces in hand, packed into one word.

use super::PieceKind;
use std::fmt;

/// The pieces one side holds in hand, packed: each hand kind has a bit field wide enough for the
/// whole set, followed by one guard bit that is always zero. The guard bits make
/// [`Hand::covers`] one subtraction.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hand(u32);

/// Bit offset of each hand kind's field, in [`PieceKind::HAND`] order (P L N S B R G).
const SHIFT: [u32; 7] = [0, 6, 10, 14, 18, 21, 24];
/// Width of each field (18 pawns need 5 bits, 4 golds 3 bits, 2 rooks 2 bits).
const WIDTH: [u32; 7] = [5, 3, 3, 3, 2, 2, 3];

const fn guard_bits() -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < 7 {
        m |= 1 << (SHIFT[i] + WIDTH[i]);
        i += 1;
    }
    m
}
const GUARDS: u32 = guard_bits();

/// The bits of each hand kind's field, in [`PieceKind::HAND`] order.
const FIELDS: [u32; 7] = {
    let mut m = [0; 7];
    let mut i = 0;
    while i < 7 {
        m[i] = ((1 << WIDTH[i]) - 1) << SHIFT[i];
        i += 1;
    }
    m
};

impl Hand {
    /// An empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// The packed value (stable within one build; used in keys and tables).
    #[inline]
    pub const fn raw(self) -> u32 {
        self.0
    }

    /// The hand whose [`Hand::raw`] value is `raw` (guard bits cleared).
    #[inline]
    pub const fn from_raw(raw: u32) -> Hand {
        Hand(raw & !GUARDS)
    }

    /// How many pieces of hand kind `kind` are held. `kind` must be one of [`PieceKind::HAND`].
    #[inline]
    pub const fn count(self, kind: PieceKind) -> u8 {
        let i = kind as usize;
        ((self.0 >> SHIFT[i]) & ((1 << WIDTH[i]) - 1)) as u8
    }

    /// Whether at least one piece of `kind` is held.
    #[inline]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.0 & FIELDS[kind as usize] != 0
    }

    /// Whether the hand is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The largest count of `kind` the packed field can hold (at least the set's total).
    #[inline]
    pub const fn capacity(kind: PieceKind) -> u8 {
        ((1u32 << WIDTH[kind as usize]) - 1) as u8
    }

    /// The hand with one more `kind`. The count must stay within [`Hand::capacity`].
    #[inline]
    pub const fn plus(self, kind: PieceKind) -> Hand {
        debug_assert!(self.count(kind) < Hand::capacity(kind));
        Hand(self.0 + (1 << SHIFT[kind as usize]))
    }

    /// The hand with one `kind` fewer. At least one must be held.
    #[inline]
    pub const fn minus(self, kind: PieceKind) -> Hand {
        debug_assert!(self.count(kind) > 0);
        Hand(self.0 - (1 << SHIFT[kind as usize]))
    }

    /// The hand with exactly `n` of `kind`; `None` if `n` exceeds [`Hand::capacity`].
    pub const fn with_count(self, kind: PieceKind, n: u8) -> Option<Hand> {
        if n > Hand::capacity(kind) {
            return None;
        }
        let i = kind as usize;
        let mask = ((1u32 << WIDTH[i]) - 1) << SHIFT[i];
        Some(Hand((self.0 & !mask) | ((n as u32) << SHIFT[i])))
    }

    /// Whether this hand holds at least as many of every kind as `other` (hand superiority).
    #[inline]
    pub const fn covers(self, other: Hand) -> bool {
        self.0.wrapping_sub(other.0) & GUARDS == 0
    }

    /// The hand holding, of each kind, the larger count of the two.
    pub fn max_each(self, other: Hand) -> Hand {
        Hand(
            FIELDS
                .iter()
                .fold(0, |h, &f| h | (self.0 & f).max(other.0 & f)),
        )
    }

    /// The hand holding, of each kind, the smaller count of the two.
    pub fn min_each(self, other: Hand) -> Hand {
        Hand(
            FIELDS
                .iter()
                .fold(0, |h, &f| h | (self.0 & f).min(other.0 & f)),
        )
    }

    /// Every kind at full [`Hand::capacity`].
    pub fn full() -> Hand {
        PieceKind::HAND.iter().fold(Hand::EMPTY, |h, &k| {
            h.with_count(k, Hand::capacity(k)).expect("within capacity")
        })
    }

    /// Total number of pieces held.
    pub fn total(self) -> u32 {
        PieceKind::HAND.iter().map(|&k| self.count(k) as u32).sum()
    }

    /// The kinds held, with counts, in [`PieceKind::HAND`] order.
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Hand(")?;
        for (k, n) in self.iter() {
            write!(f, "{}{}", n, k.sfen_letter())?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_independent() {
        let mut h = Hand::EMPTY;
        for k in PieceKind::HAND {
            for _ in 0..k.max_count() {
                h = h.plus(k);
            }
        }
        for k in PieceKind::HAND {
            assert_eq!(h.count(k), k.max_count());
        }
        assert_eq!(h.total(), 38);
        assert_eq!(h.raw() & GUARDS, 0);
    }

    #[test]
    fn covers_is_per_kind_superiority() {
        let a = Hand::EMPTY.plus(PieceKind::Gold).plus(PieceKind::Pawn);
        let b = Hand::EMPTY.plus(PieceKind::Gold);
        let c = Hand::EMPTY.plus(PieceKind::Silver);
        assert!(a.covers(b) && !b.covers(a));
        assert!(!a.covers(c) && !c.covers(a));
        assert!(a.covers(a) && a.covers(Hand::EMPTY));
        let many_pawns = Hand::EMPTY.with_count(PieceKind::Pawn, 18).unwrap();
        assert!(!many_pawns.covers(b) && !b.covers(many_pawns));
    }
}
