//! Seeded random tsume positions: Black attacks (and is to move), White's king stands mostly on
//! or near an edge of Black's promotion zone, a few pieces of each side stand near it, Black
//! holds a few pieces and White every other one (the tsume hand convention).
//!
//! Position `i` of a run with seed `s` comes from its own generator seeded by `s` and `i`, so a
//! run's positions do not depend on how many threads share the work.

use crate::shogi::attacks::{attacks, king_attacks};
use crate::shogi::movegen::legal_move_list;
use crate::shogi::rules::is_dead_piece;
use crate::shogi::{fill_defender_hand, Bitboard, Color, Hand, Piece, PieceKind, Position, Square};

/// SplitMix64 (Steele, Lea and Flood): a tiny, well-mixed generator whose sequences are fixed
/// for all time, so a seed names the same positions in every build.
pub struct Rng(u64);

impl Rng {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The generator of position `index` of the run with `seed`.
    pub fn for_position(seed: u64, index: u64) -> Rng {
        let mut outer = Rng(seed);
        let base = outer.next_u64();
        let mut inner = Rng(base ^ index.wrapping_mul(0xd1b5_4a32_d192_ed03));
        Rng(inner.next_u64())
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`; `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "an empty range");
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One element of a non-empty slice.
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }

    /// A square, uniform over the board.
    pub fn square(&mut self) -> Square {
        Square::from_index(self.below(Square::NUM)).expect("on the board")
    }
}

/// Position `index` of the run with `seed`: a legal position, Black to move with at least one
/// legal check, White's king on the board and not in check, at most one king a side, no 二歩,
/// no piece that can never move, and every piece of the set on the board or in a hand.
pub fn random_problem(seed: u64, index: u64) -> Position {
    let mut rng = Rng::for_position(seed, index);
    loop {
        if let Some(pos) = try_problem(&mut rng) {
            if has_check(&pos) {
                return pos;
            }
        }
    }
}

/// Whether the side to move has a legal move that gives check (found through the legal moves,
/// not the solver's check generator).
fn has_check(pos: &Position) -> bool {
    legal_move_list(pos).iter().any(|&m| {
        let mut after = pos.clone();
        after.make_move(m);
        after.in_check()
    })
}

/// Where White's king goes: mostly on Black's last rank, half the time on an edge file.
fn king_square(rng: &mut Rng) -> Square {
    let rank = match rng.below(10) {
        0..=5 => 1,
        6..=8 => 2,
        _ => 3,
    };
    let file = if rng.chance(50) {
        rng.pick(&[1, 2, 8, 9])
    } else {
        rng.range(1, 9)
    };
    Square::new(file as u8, rank as u8).expect("on the board")
}

/// A square next to `king`, or `None` off the board (or on the king).
fn beside(rng: &mut Rng, king: Square) -> Option<Square> {
    let df = rng.range(0, 2) as i8 - 1;
    let dr = rng.range(0, 2) as i8 - 1;
    king.offset(df, dr).filter(|&s| s != king)
}

/// A square within two files of `king`, on its rank or up to two ranks below it (the side Black
/// attacks from), or `None` off the board.
fn near(rng: &mut Rng, king: Square) -> Option<Square> {
    let df = rng.range(0, 4) as i8 - 2;
    let dr = rng.range(0, 2) as i8;
    king.offset(df, dr)
}

/// The pieces of each kind (promoted counted with their base) already used.
struct Counts([u8; 7]);

impl Counts {
    fn left(&self, kind: PieceKind) -> u8 {
        kind.max_count() - self.0[kind.unpromoted().index()]
    }

    fn take(&mut self, kind: PieceKind, n: u8) {
        self.0[kind.unpromoted().index()] += n;
    }
}

/// Puts `piece` on `sq` if the square is free, the piece could move from there and it makes no
/// 二歩; returns whether it did.
fn place(board: &mut [Option<Piece>; 81], counts: &mut Counts, piece: Piece, sq: Square) -> bool {
    if board[sq.index()].is_some() || counts.left(piece.kind) == 0 {
        return false;
    }
    let dead = is_dead_piece(piece.color, piece.kind, sq);
    let double_pawn = piece.kind == PieceKind::Pawn
        && (1..=9).any(|rank| {
            board[Square::new(sq.file(), rank).expect("on the board").index()] == Some(piece)
        });
    if dead || double_pawn {
        return false;
    }
    board[sq.index()] = Some(piece);
    counts.take(piece.kind, 1);
    true
}

/// Places `n` pieces of `color`, each of a kind picked from `kinds` (promoted `promote_percent`
/// of the time when it can be), on squares picked by `square`; gives up after `8 n` tries.
#[allow(clippy::too_many_arguments)]
fn scatter(
    rng: &mut Rng,
    board: &mut [Option<Piece>; 81],
    counts: &mut Counts,
    n: usize,
    color: Color,
    kinds: &[PieceKind],
    promote_percent: usize,
    square: impl Fn(&mut Rng) -> Option<Square>,
) {
    let mut placed = 0;
    for _ in 0..8 * n {
        if placed == n {
            break;
        }
        let base = rng.pick(kinds);
        let kind = if base.can_promote() && rng.chance(promote_percent) {
            base.promoted()
        } else {
            base
        };
        if let Some(sq) = square(rng) {
            placed += usize::from(place(board, counts, Piece::new(color, kind), sq));
        }
    }
}

/// Puts a Black piece where it attacks `target` (within two squares of it), if one of a few
/// tries finds such a square.
fn support(rng: &mut Rng, board: &mut [Option<Piece>; 81], counts: &mut Counts, target: Square) {
    use PieceKind::*;
    let occupied = Square::all()
        .filter(|s| board[s.index()].is_some())
        .fold(Bitboard::EMPTY, |b, s| b.with(s));
    for _ in 0..16 {
        let kind = rng.pick(&[Gold, Silver, Knight, Lance, Rook, Bishop]);
        let Some(sq) = target.offset(rng.range(0, 4) as i8 - 2, rng.range(0, 4) as i8 - 2) else {
            continue;
        };
        if attacks(Color::Black, kind, sq, occupied).contains(target)
            && place(board, counts, Piece::new(Color::Black, kind), sq)
        {
            return;
        }
    }
}

fn try_problem(rng: &mut Rng) -> Option<Position> {
    use PieceKind::*;
    let (attacker, defender) = (Color::Black, Color::White);
    let mut board: [Option<Piece>; 81] = [None; 81];
    let mut counts = Counts([0; 7]);
    let mut hand = Hand::EMPTY;
    let king = king_square(rng);
    board[king.index()] = Some(Piece::new(defender, King));
    // Black's king: absent half the time, else mostly far from the action.
    if rng.chance(50) {
        let sq = if rng.chance(80) {
            Square::new(rng.range(1, 9) as u8, rng.range(6, 9) as u8).expect("on the board")
        } else {
            rng.square()
        };
        if board[sq.index()].is_some() {
            return None;
        }
        board[sq.index()] = Some(Piece::new(attacker, King));
    }
    // Now and then a pawn drop in front of the king that a Black piece supports, most of the
    // king's other neighbours taken by its own pieces: a scene for 打ち歩詰め.
    if rng.chance(20) && counts.left(Pawn) > 0 {
        if let Some(front) = king.forward(defender) {
            for sq in king_attacks(king).without(front) {
                if rng.chance(80) {
                    let kind = rng.pick(&[Pawn, Lance, Knight, Silver, Gold]);
                    place(&mut board, &mut counts, Piece::new(defender, kind), sq);
                }
            }
            support(rng, &mut board, &mut counts, front);
            counts.take(Pawn, 1);
            hand = hand.plus(Pawn);
        }
    }
    // Black's pieces near the king, a quarter of them promoted.
    let n = rng.range(1, 3);
    let kinds = [
        Pawn, Lance, Knight, Silver, Silver, Gold, Gold, Bishop, Rook,
    ];
    scatter(rng, &mut board, &mut counts, n, attacker, &kinds, 25, |r| {
        near(r, king)
    });
    // Now and then a long-range piece from afar, whose checks can be interposed.
    if rng.chance(25) {
        let kinds = [Lance, Bishop, Rook];
        scatter(rng, &mut board, &mut counts, 1, attacker, &kinds, 30, |r| {
            Some(r.square())
        });
    }
    // White's guards beside the king.
    let n = rng.range(1, 3);
    let kinds = [Pawn, Pawn, Lance, Knight, Silver, Gold, Gold, Bishop, Rook];
    scatter(rng, &mut board, &mut counts, n, defender, &kinds, 10, |r| {
        beside(r, king)
    });
    // Now and then a long-range piece in hand, whose checks from afar can be interposed.
    if rng.chance(10) {
        let kind = rng.pick(&[Rook, Bishop, Lance]);
        if counts.left(kind) > 0 {
            hand = hand.plus(kind);
            counts.take(kind, 1);
        }
    }
    // Black's hand: one to three pieces, golds and silvers most often, a rook rarely.
    for _ in 0..rng.range(1, 3) {
        let kind = rng.pick(&[
            Gold, Gold, Gold, Silver, Silver, Silver, Pawn, Pawn, Knight, Knight, Lance, Lance,
            Bishop, Rook,
        ]);
        if counts.left(kind) > 0 {
            hand = hand.plus(kind);
            counts.take(kind, 1);
        }
    }
    let mut hands = [Hand::EMPTY; 2];
    hands[attacker.index()] = hand;
    let pos = Position::new(board, hands, attacker, 1).ok()?;
    Some(fill_defender_hand(&pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::to_sfen;
    use crate::shogi::remaining_pieces;

    #[test]
    fn a_seed_and_an_index_name_one_position() {
        for i in 0..20 {
            assert_eq!(
                to_sfen(&random_problem(7, i)),
                to_sfen(&random_problem(7, i))
            );
        }
        assert_ne!(
            to_sfen(&random_problem(7, 0)),
            to_sfen(&random_problem(8, 0))
        );
        assert_ne!(
            to_sfen(&random_problem(7, 0)),
            to_sfen(&random_problem(7, 1))
        );
    }

    #[test]
    fn generated_positions_are_tsume_problems() {
        for i in 0..300 {
            let pos = random_problem(1, i);
            let sfen = to_sfen(&pos);
            assert_eq!(pos.side_to_move(), Color::Black, "{sfen}");
            assert!(pos.king(Color::White).is_some(), "{sfen}");
            assert!(!pos.is_in_check(Color::White), "{sfen}");
            assert_eq!(remaining_pieces(&pos), Hand::EMPTY, "{sfen}");
            // The SFEN reads back as the same legal position.
            let back = crate::notation::sfen::parse_sfen(&sfen).expect(&sfen);
            assert_eq!(back, pos);
        }
    }
}
