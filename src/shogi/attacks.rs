//! Attack tables, built at compile time, and the attack sets of every piece.

use super::{Bitboard, Color, PieceKind, Square};

/// The eight directions as (file step, rank step). A rank step of -1 is "up" (Black's forward).
/// Directions `d` and `d ^ 1` are opposite.
const DIRS: [(i8, i8); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, 1),
    (1, 1),
    (-1, -1),
];
/// Whether walking in the direction increases the square index.
const POSITIVE: [bool; 8] = {
    let mut p = [false; 8];
    let mut d = 0;
    while d < 8 {
        p[d] = DIRS[d].0 as i32 * 9 + DIRS[d].1 as i32 > 0;
        d += 1;
    }
    p
};
const UP: usize = 0;
const DOWN: usize = 1;
const ROOK_DIRS: [usize; 4] = [0, 1, 2, 3];
const BISHOP_DIRS: [usize; 4] = [4, 5, 6, 7];

const fn bit(f: i8, r: i8) -> u128 {
    if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
        1u128 << ((f - 1) * 9 + r - 1)
    } else {
        0
    }
}

const fn build_rays() -> [[u128; 81]; 8] {
    let mut t = [[0u128; 81]; 8];
    let mut d = 0;
    while d < 8 {
        let mut s = 0;
        while s < 81 {
            let (mut f, mut r) = ((s / 9 + 1) as i8, (s % 9 + 1) as i8);
            loop {
                f += DIRS[d].0;
                r += DIRS[d].1;
                let b = bit(f, r);
                if b == 0 {
                    break;
                }
                t[d][s] |= b;
            }
            s += 1;
        }
        d += 1;
    }
    t
}

/// `RAYS[d][s]`: the squares from `s` in direction `d` to the edge, `s` excluded.
static RAYS: [[u128; 81]; 8] = build_rays();

/// Step offsets for Black; White's are mirrored in rank.
const PAWN_STEPS: &[(i8, i8)] = &[(0, -1)];
const KNIGHT_STEPS: &[(i8, i8)] = &[(1, -2), (-1, -2)];
const SILVER_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 1), (-1, 1)];
const GOLD_STEPS: &[(i8, i8)] = &[(0, -1), (1, -1), (-1, -1), (1, 0), (-1, 0), (0, 1)];
const KING_STEPS: &[(i8, i8)] = &[
    (0, -1),
    (1, -1),
    (-1, -1),
    (1, 0),
    (-1, 0),
    (0, 1),
    (1, 1),
    (-1, 1),
];

const fn build_steps(steps: &[(i8, i8)]) -> [[u128; 81]; 2] {
    let mut t = [[0u128; 81]; 2];
    let mut c = 0;
    while c < 2 {
        let mut s = 0;
        while s < 81 {
            let (f, r) = ((s / 9 + 1) as i8, (s % 9 + 1) as i8);
            let mut i = 0;
            while i < steps.len() {
                let dr = if c == 0 { steps[i].1 } else { -steps[i].1 };
                t[c][s] |= bit(f + steps[i].0, r + dr);
                i += 1;
            }
            s += 1;
        }
        c += 1;
    }
    t
}

/// The step tables, by [`STEP_TABLE`] index: pawn, knight, silver, gold, king, and none (for
/// a piece that only ranges).
static STEPS: [[[u128; 81]; 2]; 6] = [
    build_steps(PAWN_STEPS),
    build_steps(KNIGHT_STEPS),
    build_steps(SILVER_STEPS),
    build_steps(GOLD_STEPS),
    build_steps(KING_STEPS),
    [[0; 81]; 2],
];
const PAWN: usize = 0;
const KNIGHT: usize = 1;
const SILVER: usize = 2;
const GOLD: usize = 3;
const KING: usize = 4;
const NONE: usize = 5;

/// For every kind, the step table of its one-square moves (a horse's and a dragon's are the
/// king's), by kind index.
const STEP_TABLE: [usize; PieceKind::NUM] = {
    let mut t = [NONE; PieceKind::NUM];
    let mut i = 0;
    while i < PieceKind::NUM {
        let kind = PieceKind::ALL[i];
        t[i] = match kind {
            PieceKind::Pawn => PAWN,
            PieceKind::Knight => KNIGHT,
            PieceKind::Silver => SILVER,
            PieceKind::King | PieceKind::Horse | PieceKind::Dragon => KING,
            _ if kind.is_gold_like() => GOLD,
            _ => NONE,
        };
        i += 1;
    }
    t
};

/// `CHECK_SOURCES[class][c][k]`: the squares from which a piece of colour `c` of a stepping
/// class (pawn, knight, silver, gold-like, by [`STEP_TABLE`] index) can step to a square from
/// which it, or the gold it may promote to, attacks a king on `k`: the only squares such a piece
/// can give a direct check from. The promotion zone is not looked at, so the set may be larger
/// than the squares a check really comes from, never smaller.
static CHECK_SOURCES: [[[u128; 81]; 2]; 4] = {
    let steps = [
        build_steps(PAWN_STEPS),
        build_steps(KNIGHT_STEPS),
        build_steps(SILVER_STEPS),
        build_steps(GOLD_STEPS),
    ];
    let mut t = [[[0u128; 81]; 2]; 4];
    let mut class = 0;
    while class < 4 {
        let mut c = 0;
        while c < 2 {
            let mut k = 0;
            while k < 81 {
                // The squares from which a piece of this class (or a gold) of colour c attacks k:
                // those the same steps of the other colour reach from k.
                let targets = steps[class][1 - c][k] | steps[GOLD][1 - c][k];
                let mut from = 0;
                while from < 81 {
                    if steps[class][c][from] & targets != 0 {
                        t[class][c][k] |= 1u128 << from;
                    }
                    from += 1;
                }
                k += 1;
            }
            c += 1;
        }
        class += 1;
    }
    t
};

/// The squares from which a stepping piece of `color` and `kind` (a pawn, knight, silver or
/// gold-like piece) can give a direct check to a king on `king` in one move, with or without
/// promotion; possibly more (see `CHECK_SOURCES`). Empty for any other kind.
#[inline]
pub fn step_check_sources(color: Color, kind: PieceKind, king: Square) -> Bitboard {
    let class = STEP_TABLE[kind.index()];
    if class > GOLD {
        return Bitboard::EMPTY;
    }
    Bitboard(CHECK_SOURCES[class][color.index()][king.index()])
}

const fn build_between_and_line() -> ([[u128; 81]; 81], [[u128; 81]; 81]) {
    let rays = build_rays();
    let mut between = [[0u128; 81]; 81];
    let mut line = [[0u128; 81]; 81];
    let mut a = 0;
    while a < 81 {
        let mut d = 0;
        while d < 8 {
            let opposite = d ^ 1;
            let full = rays[d][a] | rays[opposite][a] | 1u128 << a;
            let mut b = 0;
            while b < 81 {
                if rays[d][a] >> b & 1 != 0 {
                    between[a][b] = rays[d][a] & !rays[d][b] & !(1u128 << b);
                    line[a][b] = full;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_AND_LINE: ([[u128; 81]; 81], [[u128; 81]; 81]) = build_between_and_line();

/// The squares strictly between `a` and `b` if they share a rank, file or diagonal; else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.0[a.index()][b.index()])
}

/// The whole line through `a` and `b` (both included) if they are aligned; else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN_AND_LINE.1[a.index()][b.index()])
}

#[inline]
fn ray(d: usize, s: Square, occ: Bitboard) -> u128 {
    let r = RAYS[d][s.index()];
    let blockers = r & occ.0;
    if blockers == 0 {
        return r;
    }
    let first = if POSITIVE[d] {
        blockers.trailing_zeros()
    } else {
        127 - blockers.leading_zeros()
    };
    r ^ RAYS[d][first as usize]
}

const fn build_pseudo(dirs: [usize; 4]) -> [u128; 81] {
    let rays = build_rays();
    let mut t = [0u128; 81];
    let mut s = 0;
    while s < 81 {
        let mut i = 0;
        while i < 4 {
            t[s] |= rays[dirs[i]][s];
            i += 1;
        }
        s += 1;
    }
    t
}

static BISHOP_PSEUDO: [u128; 81] = build_pseudo(BISHOP_DIRS);
static ROOK_PSEUDO: [u128; 81] = build_pseudo(ROOK_DIRS);

/// Squares a bishop on `s` would attack on an empty board.
#[inline]
pub fn bishop_pseudo_attacks(s: Square) -> Bitboard {
    Bitboard(BISHOP_PSEUDO[s.index()])
}

/// Squares a rook on `s` would attack on an empty board.
#[inline]
pub fn rook_pseudo_attacks(s: Square) -> Bitboard {
    Bitboard(ROOK_PSEUDO[s.index()])
}

/// Squares a lance of `color` on `s` attacks, given the occupancy.
#[inline]
pub fn lance_attacks(color: Color, s: Square, occ: Bitboard) -> Bitboard {
    Bitboard(ray(if color == Color::Black { UP } else { DOWN }, s, occ))
}

/// Squares a bishop on `s` attacks, given the occupancy.
#[inline]
pub fn bishop_attacks(s: Square, occ: Bitboard) -> Bitboard {
    Bitboard(BISHOP_DIRS.iter().fold(0, |a, &d| a | ray(d, s, occ)))
}

/// Squares a rook on `s` attacks, given the occupancy: its file and its rank, each read from a
/// table by the occupancy of the seven inner squares of the line.
#[inline]
pub fn rook_attacks(s: Square, occ: Bitboard) -> Bitboard {
    let (file, rank) = (s.index() / 9, s.index() % 9);
    let column = (occ.0 >> (9 * file + 1)) as usize & 0x7f;
    let vertical = (FILE_ATTACKS[rank][column] as u128) << (9 * file);
    let row = ((occ.0 >> rank) as u64 & RANK_INNER).wrapping_mul(RANK_GATHER) >> 57;
    let horizontal = RANK_ATTACKS[file][row as usize] << rank;
    Bitboard(vertical | horizontal)
}

/// The squares of a file (bit `r` for rank index `r`) that a rook on rank index `rank` of it
/// attacks, by the occupancy of the file's rank indices 1 to 7 (bit 0 for index 1).
static FILE_ATTACKS: [[u16; 128]; 9] = {
    let mut t = [[0u16; 128]; 9];
    let mut rank = 0;
    while rank < 9 {
        let mut inner = 0;
        while inner < 128 {
            t[rank][inner] = line_attacks(rank, (inner as u16) << 1);
            inner += 1;
        }
        rank += 1;
    }
    t
};

/// The squares of rank index 0 that a rook on file index `file` of it attacks, by the occupancy
/// of file indices 1 to 7 (bit 0 for index 1); shifted by a rank index, those of that rank. A
/// rank is a line of nine squares as a file is: [`FILE_ATTACKS`] with each bit spread to its
/// file.
static RANK_ATTACKS: [[u128; 128]; 9] = {
    let mut t = [[0u128; 128]; 9];
    let mut i = 0;
    while i < 9 * 128 {
        let (file, inner) = (i / 128, i % 128);
        let files = FILE_ATTACKS[file][inner];
        let mut f = 0;
        while f < 9 {
            t[file][inner] |= ((files >> f & 1) as u128) << (9 * f);
            f += 1;
        }
        i += 1;
    }
    t
};

/// The squares of rank index 0 on file indices 1 to 7 (of a board shifted down by a rank index).
const RANK_INNER: u64 = {
    let mut m = 0u64;
    let mut f = 1;
    while f < 8 {
        m |= 1 << (9 * f);
        f += 1;
    }
    m
};

/// Multiplied with squares of [`RANK_INNER`], moves the square of file index `f` to bit 56 + f,
/// every partial product landing on its own bit (so no carry mixes them).
const RANK_GATHER: u64 = {
    let mut m = 0u64;
    let mut f = 1;
    while f < 8 {
        m |= 1 << (56 - 8 * f);
        f += 1;
    }
    m
};

/// On a line of nine squares, those a ranging piece on square `at` attacks in both directions
/// given the occupied squares `occ` (bit `i` for square `i`).
const fn line_attacks(at: usize, occ: u16) -> u16 {
    let mut attacked = 0u16;
    let mut i = at + 1;
    while i < 9 {
        attacked |= 1 << i;
        if occ >> i & 1 != 0 {
            break;
        }
        i += 1;
    }
    let mut i = at;
    while i > 0 {
        i -= 1;
        attacked |= 1 << i;
        if occ >> i & 1 != 0 {
            break;
        }
    }
    attacked
}

/// Squares a king on `s` attacks.
#[inline]
pub fn king_attacks(s: Square) -> Bitboard {
    Bitboard(STEPS[KING][0][s.index()])
}

/// Squares a gold of `color` on `s` attacks.
#[inline]
pub fn gold_attacks(color: Color, s: Square) -> Bitboard {
    Bitboard(STEPS[GOLD][color.index()][s.index()])
}

/// Squares a silver of `color` on `s` attacks.
#[inline]
pub fn silver_attacks(color: Color, s: Square) -> Bitboard {
    Bitboard(STEPS[SILVER][color.index()][s.index()])
}

/// Squares a knight of `color` on `s` attacks.
#[inline]
pub fn knight_attacks(color: Color, s: Square) -> Bitboard {
    Bitboard(STEPS[KNIGHT][color.index()][s.index()])
}

/// The square a pawn of `color` on `s` attacks (empty on the last rank).
#[inline]
pub fn pawn_attacks(color: Color, s: Square) -> Bitboard {
    Bitboard(STEPS[PAWN][color.index()][s.index()])
}

/// Squares a piece of `color` and `kind` on `s` attacks, given the occupancy. The one-square
/// moves come from one table lookup; only a ranging piece goes on to the ranging tables.
#[inline(always)]
pub fn attacks(color: Color, kind: PieceKind, s: Square, occ: Bitboard) -> Bitboard {
    let steps = Bitboard(STEPS[STEP_TABLE[kind.index()]][color.index()][s.index()]);
    if kind.is_ranging() {
        steps | ranging_attacks(color, kind, s, occ)
    } else {
        steps
    }
}

/// The ranging part of the attacks of a lance, bishop, rook, horse or dragon.
#[inline(never)]
fn ranging_attacks(color: Color, kind: PieceKind, s: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Lance => lance_attacks(color, s, occ),
        PieceKind::Bishop | PieceKind::Horse => bishop_attacks(s, occ),
        PieceKind::Rook | PieceKind::Dragon => rook_attacks(s, occ),
        _ => Bitboard::EMPTY,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(f: u8, r: u8) -> Square {
        Square::new(f, r).unwrap()
    }

    #[test]
    fn step_pieces_attack_forward_for_their_colour() {
        assert_eq!(pawn_attacks(Color::Black, sq(5, 5)).first(), Some(sq(5, 4)));
        assert_eq!(pawn_attacks(Color::White, sq(5, 5)).first(), Some(sq(5, 6)));
        assert!(pawn_attacks(Color::Black, sq(5, 1)).is_empty());
        let n: Vec<Square> = knight_attacks(Color::Black, sq(5, 5)).collect();
        assert_eq!(n, vec![sq(4, 3), sq(6, 3)]);
        assert_eq!(gold_attacks(Color::Black, sq(5, 5)).count(), 6);
        assert_eq!(silver_attacks(Color::White, sq(5, 5)).count(), 5);
        assert_eq!(king_attacks(sq(1, 1)).count(), 3);
    }

    #[test]
    fn sliders_stop_at_the_first_blocker() {
        let occ = Bitboard::from_square(sq(5, 3)).with(sq(2, 5));
        let r = rook_attacks(sq(5, 5), occ);
        assert!(r.contains(sq(5, 3)) && !r.contains(sq(5, 2)));
        assert!(r.contains(sq(2, 5)) && !r.contains(sq(1, 5)));
        assert_eq!(r.count(), 2 + 4 + 3 + 4);
        let l = lance_attacks(Color::White, sq(5, 1), occ);
        assert_eq!(l.count(), 2);
        assert_eq!(bishop_attacks(sq(5, 5), Bitboard::EMPTY).count(), 16);
    }

    #[test]
    fn rook_attacks_from_tables_match_the_rays() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..20_000 {
            // Sparse and dense boards alike: one to four random words ANDed together.
            let mut occ = !0u128;
            for _ in 0..(round % 4 + 1) {
                occ &= (next() as u128) << 64 | next() as u128;
            }
            let occ = Bitboard(occ & Bitboard::FULL.0);
            for i in 0..81 {
                let s = Square::from_index_unchecked(i);
                let rays = ROOK_DIRS.iter().fold(0, |a, &d| a | ray(d, s, occ));
                assert_eq!(
                    rook_attacks(s, occ).0,
                    rays,
                    "square {i}, occupancy {:#x}",
                    occ.0
                );
            }
        }
    }

    #[test]
    fn between_and_line_follow_the_eight_directions() {
        assert_eq!(between(sq(5, 1), sq(5, 5)).count(), 3);
        assert_eq!(between(sq(1, 1), sq(9, 9)).count(), 7);
        assert!(between(sq(1, 1), sq(2, 3)).is_empty());
        assert!(line(sq(1, 1), sq(2, 3)).is_empty());
        assert_eq!(line(sq(5, 5), sq(5, 7)).count(), 9);
        assert_eq!(line(sq(5, 5), sq(4, 4)), line(sq(1, 1), sq(9, 9)));
    }
}
