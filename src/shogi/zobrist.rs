//! Zobrist keys, generated at compile time.

use super::{Color, PieceKind};

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (s, z ^ (z >> 31))
}

const fn build_board() -> [[[u64; 81]; 14]; 2] {
    let mut t = [[[0u64; 81]; 14]; 2];
    let mut state = 0x7473_756d_6500_0001u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 14 {
            let mut s = 0;
            while s < 81 {
                let (ns, v) = splitmix64(state);
                state = ns;
                // Bit 0 is reserved for the side to move.
                t[c][k][s] = v & !1;
                s += 1;
            }
            k += 1;
        }
        c += 1;
    }
    t
}

const fn build_hand() -> [[u64; 7]; 2] {
    let mut t = [[0u64; 7]; 2];
    let mut state = 0x6861_6e64_0000_0002u64;
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 7 {
            let (ns, v) = splitmix64(state);
            state = ns;
            t[c][k] = v;
            k += 1;
        }
        c += 1;
    }
    t
}

static BOARD: [[[u64; 81]; 14]; 2] = build_board();
static HAND: [[u64; 7]; 2] = build_hand();

/// XORed into the board key when White is to move. Piece keys have bit 0 clear, so bit 0 of the
/// board key is the side to move.
pub const SIDE: u64 = 1;

/// The key of a piece of `color` and `kind` on square index `sq`.
#[inline]
pub fn piece(color: Color, kind: PieceKind, sq: usize) -> u64 {
    BOARD[color.index()][kind.index()][sq]
}

/// The amount one piece of hand kind `kind` held by `color` adds to the hand key (hand keys
/// are sums, so a count of n adds n times this).
#[inline]
pub fn hand(color: Color, kind: PieceKind) -> u64 {
    HAND[color.index()][kind.index()]
}
