//! Piece kinds and coloured pieces.

use super::Color;

/// A kind of piece. The seven kinds that can be held in hand come first (in SFEN hand order
/// reversed: P L N S B R G), then the king, then the promoted kinds, each 8 above its base.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// 歩
    Pawn = 0,
    /// 香
    Lance = 1,
    /// 桂
    Knight = 2,
    /// 銀
    Silver = 3,
    /// 角
    Bishop = 4,
    /// 飛
    Rook = 5,
    /// 金
    Gold = 6,
    /// 玉
    King = 7,
    /// と (promoted pawn)
    ProPawn = 8,
    /// 成香
    ProLance = 9,
    /// 成桂
    ProKnight = 10,
    /// 成銀
    ProSilver = 11,
    /// 馬 (promoted bishop)
    Horse = 12,
    /// 龍 (promoted rook)
    Dragon = 13,
}

impl PieceKind {
    /// Number of kinds.
    pub const NUM: usize = 14;

    /// Every kind, in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The kinds a hand can hold, in hand-index order.
    pub const HAND: [PieceKind; 7] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Gold,
    ];

    /// The kinds that move any distance in some direction.
    pub const RANGING: [PieceKind; 5] = [
        PieceKind::Lance,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The index 0..14.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `i`, if any.
    #[inline]
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 14 {
            Some(Self::ALL[i])
        } else {
            None
        }
    }

    /// Whether this kind may promote (pawn, lance, knight, silver, bishop, rook).
    #[inline]
    pub const fn can_promote(self) -> bool {
        (self as u8) < 6
    }

    /// Whether this kind is one of [`PieceKind::RANGING`].
    #[inline]
    pub const fn is_ranging(self) -> bool {
        const MASK: u32 = {
            let mut m = 0;
            let mut i = 0;
            while i < PieceKind::RANGING.len() {
                m |= 1 << PieceKind::RANGING[i] as u32;
                i += 1;
            }
            m
        };
        MASK >> self as u32 & 1 != 0
    }

    /// Whether this is a promoted kind.
    #[inline]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// The promoted kind; itself when it cannot promote.
    #[inline]
    pub const fn promoted(self) -> PieceKind {
        if self.can_promote() {
            Self::ALL[self as usize + 8]
        } else {
            self
        }
    }

    /// The unpromoted kind: what a capture puts in hand.
    #[inline]
    pub const fn unpromoted(self) -> PieceKind {
        if self.is_promoted() {
            Self::ALL[self as usize - 8]
        } else {
            self
        }
    }

    /// How many pieces of this unpromoted kind a set holds (promoted kinds count with their base).
    #[inline]
    pub const fn max_count(self) -> u8 {
        match self.unpromoted() {
            PieceKind::Pawn => 18,
            PieceKind::Lance | PieceKind::Knight | PieceKind::Silver | PieceKind::Gold => 4,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 0,
        }
    }

    /// The SFEN letter of the unpromoted base, uppercase (`P`, `L`, …, `K`).
    pub const fn sfen_letter(self) -> char {
        match self.unpromoted() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            PieceKind::Gold => 'G',
            _ => 'K',
        }
    }

    /// The unpromoted kind for an SFEN letter, either case.
    pub const fn from_sfen_letter(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'P' => PieceKind::Pawn,
            'L' => PieceKind::Lance,
            'N' => PieceKind::Knight,
            'S' => PieceKind::Silver,
            'B' => PieceKind::Bishop,
            'R' => PieceKind::Rook,
            'G' => PieceKind::Gold,
            'K' => PieceKind::King,
            _ => return None,
        })
    }

    /// Whether a piece of this kind moves and attacks like a gold (gold and the four small
    /// promoted kinds).
    #[inline]
    pub const fn is_gold_like(self) -> bool {
        matches!(
            self,
            PieceKind::Gold
                | PieceKind::ProPawn
                | PieceKind::ProLance
                | PieceKind::ProKnight
                | PieceKind::ProSilver
        )
    }
}

/// A piece of one colour.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its owner.
    pub color: Color,
    /// Its kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A piece of `color` and `kind`.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }
}

const _: () = assert!(std::mem::size_of::<Option<Piece>>() == 2);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_pairs_are_eight_apart() {
        for k in PieceKind::ALL {
            if k.can_promote() {
                assert_eq!(k.promoted().unpromoted(), k);
                assert!(k.promoted().is_promoted());
            } else {
                assert_eq!(k.promoted(), k);
            }
        }
        assert_eq!(PieceKind::Bishop.promoted(), PieceKind::Horse);
        assert_eq!(PieceKind::Rook.promoted(), PieceKind::Dragon);
        assert!(!PieceKind::Gold.can_promote() && !PieceKind::King.can_promote());
    }

    #[test]
    fn a_full_set_holds_forty_pieces() {
        let total: u32 = PieceKind::HAND
            .iter()
            .map(|k| k.max_count() as u32)
            .sum::<u32>()
            + PieceKind::King.max_count() as u32;
        assert_eq!(total, 40);
    }
}
