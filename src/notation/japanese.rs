//! 日本式 move text, the JSA 棋譜表記: `▲７六歩`, `△同　玉`, `▲５二金左`, `▲２二角不成`,
//! `▲２二金打`.
//!
//! A move is written, in this order, as:
//! 1. `▲` for Black, `△` for White;
//! 2. the destination, a full-width file digit and a kanji rank (`７六`), or `同` when the move goes
//!    to the previous move's destination; after `同` a one-character piece name is padded with a
//!    full-width space (`同　玉`), a two-character one is not (`同成銀`);
//! 3. the piece as it stands before the move: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍;
//! 4. only when two or more pieces of the same kind and colour can legally reach the destination,
//!    the fewest words that single the mover out, seen from the mover's side (mirrored for White),
//!    in the JSA order of preference:
//!    - `上`/`寄`/`引` alone: the move goes forward / along the rank / back;
//!    - else `右`/`左`/`直` alone: gold-likes and silvers by where they stand against the
//!      destination's file, `直` for a step straight forward; every other kind by where it stands
//!      against the other piece, so horses and dragons are `右` or `左`, never `直`;
//!    - else both, side first: `左上`, `右寄`, `右引`;
//! 5. `成` or `不成` whenever the move could promote (also when promotion is forced, and for a move
//!    out of the zone), or for a drop `打` only when a board piece of the dropped kind could also
//!    legally move to the square.
//!
//! Ref: <https://www.shogi.or.jp/faq/kihuhyouki.html>

use crate::shogi::movegen::legal_move_list;
use crate::shogi::{Color, Move, PieceKind, Position, Square};
use std::cmp::Ordering;

/// Full-width file digits, file 1 first.
const FILE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
/// Kanji numerals one to nine: the rank names, and the digits of counts.
pub(crate) const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// `▲` for Black, `△` for White.
pub const fn side_mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// A square as full-width file digit and kanji rank: `７六`.
pub fn square_to_japanese(sq: Square) -> String {
    let mut s = String::with_capacity(6);
    s.push(FILE_DIGITS[sq.file() as usize - 1]);
    s.push(KANJI_DIGITS[sq.rank() as usize - 1]);
    s
}

/// The name of a kind in move text: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍.
pub const fn kind_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// The 日本式 text of `m`, a legal move of `pos` (the position before it). `previous_to` is the
/// destination of the move before, for `同`.
///
/// # Panics
/// If `m` is a board move whose origin is empty in `pos`.
pub fn move_to_japanese(pos: &Position, m: Move, previous_to: Option<Square>) -> String {
    let color = pos.side_to_move();
    let to = m.to();
    let kind = match m.from() {
        Some(from) => {
            pos.piece_at(from)
                .expect("a board move starts on a piece")
                .kind
        }
        None => m.drop_kind().expect("a move without origin is a drop"),
    };
    let name = kind_name(kind);
    let mut s = String::new();
    s.push(side_mark(color));
    if previous_to == Some(to) {
        s.push('同');
        if name.chars().count() == 1 {
            s.push('　');
        }
    } else {
        s.push_str(&square_to_japanese(to));
    }
    s.push_str(name);
    let reaching = board_pieces_reaching(pos, kind, to);
    match m.from() {
        Some(from) => {
            s.push_str(&disambiguation(color, kind, from, to, &reaching));
            if could_promote(color, kind, from, to) {
                s.push_str(if m.is_promotion() { "成" } else { "不成" });
            }
        }
        None => {
            if !reaching.is_empty() {
                s.push('打');
            }
        }
    }
    s
}

/// The 日本式 texts of `moves`, a legal line from `start`, with `同` where a move goes to the
/// square the move before went to.
pub fn line_to_japanese(start: &Position, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut previous_to = None;
    moves
        .iter()
        .map(|&m| {
            let text = move_to_japanese(&pos, m, previous_to);
            pos.make_move(m);
            previous_to = Some(m.to());
            text
        })
        .collect()
}

/// Whether a board move of a `kind` piece of `color` from `from` to `to` may promote: the kind can
/// promote and the move starts or ends in the zone.
pub(crate) fn could_promote(color: Color, kind: PieceKind, from: Square, to: Square) -> bool {
    kind.can_promote() && (from.in_promotion_zone(color) || to.in_promotion_zone(color))
}

/// The origins of the legal board moves of the side to move that bring a piece of exactly `kind`
/// (a promoted kind is another kind) to `to`, each once.
pub(crate) fn board_pieces_reaching(pos: &Position, kind: PieceKind, to: Square) -> Vec<Square> {
    let mut origins: Vec<Square> = legal_move_list(pos)
        .iter()
        .filter(|mv| mv.to() == to)
        .filter_map(|mv| mv.from())
        .filter(|&from| pos.piece_at(from).is_some_and(|p| p.kind == kind))
        .collect();
    origins.sort_unstable();
    origins.dedup();
    origins
}

/// The movement's rank direction, from the mover's side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Motion {
    /// 上: one or more ranks forward.
    Up,
    /// 寄: along the rank.
    Sideways,
    /// 引: one or more ranks back.
    Back,
}

impl Motion {
    fn of(color: Color, from: Square, to: Square) -> Motion {
        // Relative rank 1 is the far side: going forward lowers it.
        match from.relative_rank(color).cmp(&to.relative_rank(color)) {
            Ordering::Greater => Motion::Up,
            Ordering::Equal => Motion::Sideways,
            Ordering::Less => Motion::Back,
        }
    }

    fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Back => '引',
        }
    }
}

/// Where the mover stood, seen from its side.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Side {
    /// 右: on the mover's right.
    Right,
    /// 左: on the mover's left.
    Left,
    /// 直: straight behind the destination, moving one step forward (gold-likes and silvers).
    Straight,
}

impl Side {
    fn kanji(self) -> char {
        match self {
            Side::Right => '右',
            Side::Left => '左',
            Side::Straight => '直',
        }
    }
}

/// The file counted from the mover's right: 1 is the file on its right edge.
fn relative_file(color: Color, sq: Square) -> u8 {
    match color {
        Color::Black => sq.file(),
        Color::White => 10 - sq.file(),
    }
}

/// The side of the piece on `from` among `reaching` (all pieces of its kind that can reach `to`).
///
/// Gold-likes and silvers are placed against the destination: right of its file, left of it, or
/// 直 when stepping straight forward (a gold stepping straight back has no side; 引 always singles
/// it out). Every other kind, at most two of which can reach one square in a game, is placed
/// against the other pieces: the rightmost is 右, the leftmost 左. So a horse or dragon on the
/// destination's file is 右 or 左, never 直.
fn side_of(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    reaching: &[Square],
) -> Option<Side> {
    let f = relative_file(color, from);
    if kind.is_gold_like() || kind == PieceKind::Silver {
        return match f.cmp(&relative_file(color, to)) {
            Ordering::Less => Some(Side::Right),
            Ordering::Greater => Some(Side::Left),
            Ordering::Equal => {
                (Motion::of(color, from, to) == Motion::Up).then_some(Side::Straight)
            }
        };
    }
    let mut others = reaching
        .iter()
        .filter(|&&c| c != from)
        .map(|&c| relative_file(color, c));
    if others.clone().all(|o| f < o) {
        Some(Side::Right)
    } else if others.all(|o| f > o) {
        Some(Side::Left)
    } else {
        None
    }
}

/// Whether `word` (one of 上 寄 引 右 左 直) is true of the move of the `kind` piece of `color`
/// from `from` to `to`, among `reaching` (the origins of every piece of its kind and colour that
/// can reach `to`), in the sense the written words have: [`Motion`] for 上/寄/引, [`side_of`] for
/// 右/左/直.
pub(crate) fn word_fits(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    reaching: &[Square],
    word: char,
) -> bool {
    match word {
        '上' | '寄' | '引' => Motion::of(color, from, to).kanji() == word,
        '右' | '左' | '直' => {
            side_of(color, kind, from, to, reaching).map(Side::kanji) == Some(word)
        }
        _ => false,
    }
}

/// The words after the piece name that single out the piece on `from` among `reaching`, the
/// origins of every piece of its kind and colour that can legally reach `to`. The JSA order of
/// preference:
/// 1. nothing, when it is the only one;
/// 2. 上/寄/引 alone, when no other piece moves in the same rank direction;
/// 3. 右/左/直 alone, when no other piece stands on the same side ([`side_of`]);
/// 4. both, side first (`左上`, `右寄`, `左引`).
///
/// When even both leave a tie (only possible with more pieces of a kind than a set holds), both
/// are written all the same.
fn disambiguation(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    reaching: &[Square],
) -> String {
    if reaching.len() < 2 {
        return String::new();
    }
    let motion = Motion::of(color, from, to);
    let same_motion = reaching
        .iter()
        .filter(|&&c| Motion::of(color, c, to) == motion)
        .count();
    if same_motion == 1 {
        return motion.kanji().to_string();
    }
    let Some(side) = side_of(color, kind, from, to, reaching) else {
        return motion.kanji().to_string();
    };
    let same_side = reaching
        .iter()
        .filter(|&&c| side_of(color, kind, c, to, reaching) == Some(side))
        .count();
    if same_side == 1 {
        side.kanji().to_string()
    } else {
        [side.kanji(), motion.kanji()].iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::{parse_sfen, startpos};
    use crate::notation::usi::parse_usi_move;

    /// A position from a list of pieces such as `G6e +s4d k5a` (SFEN letter, then the square in
    /// USI form) and the rest of an SFEN (`b G -`… side and hands).
    fn position(pieces: &str, rest: &str) -> Position {
        let mut board = [[None::<&str>; 9]; 9];
        for token in pieces.split_whitespace() {
            let (piece, sq) = token.split_at(token.len() - 2);
            let b = sq.as_bytes();
            let (file, rank) = ((b[0] - b'1') as usize, (b[1] - b'a') as usize);
            board[rank][8 - file] = Some(piece);
        }
        let ranks: Vec<String> = board
            .iter()
            .map(|row| {
                let (mut s, mut empty) = (String::new(), 0);
                for cell in row {
                    match cell {
                        None => empty += 1,
                        Some(p) => {
                            if empty > 0 {
                                s.push_str(&empty.to_string());
                                empty = 0;
                            }
                            s.push_str(p);
                        }
                    }
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                }
                s
            })
            .collect();
        let sfen = format!("{} {rest}", ranks.join("/"));
        parse_sfen(&sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"))
    }

    /// The text of each USI move, each played from `pos` itself (not a line).
    fn texts(pos: &Position, usi: &[&str]) -> Vec<String> {
        usi.iter()
            .map(|u| move_to_japanese(pos, parse_usi_move(pos, u).unwrap(), None))
            .collect()
    }

    fn line(pos: &Position, usi: &[&str]) -> Vec<String> {
        let mut p = pos.clone();
        let moves: Vec<Move> = usi
            .iter()
            .map(|u| {
                let m = parse_usi_move(&p, u).unwrap();
                p.make_move(m);
                m
            })
            .collect();
        line_to_japanese(pos, &moves)
    }

    /// Every legal move of `pos` has its own text: the notation identifies the move.
    fn assert_texts_distinct(pos: &Position) {
        let mut all: Vec<String> = legal_move_list(pos)
            .iter()
            .map(|&m| move_to_japanese(pos, m, None))
            .collect();
        let n = all.len();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), n, "two moves share a text: {all:?}");
    }

    #[test]
    fn plain_moves_promotion_and_same_square() {
        let start = startpos();
        assert_eq!(
            line(&start, &["7g7f", "3c3d", "8h2b+", "3a2b"]),
            ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]
        );
        assert_eq!(line(&start, &["7g7f", "3c3d", "8h2b"])[2], "▲２二角不成");
        // Both Black golds can step to 5八, from the right and from the left, going up.
        assert_eq!(texts(&start, &["6i5h", "4i5h"]), ["▲５八金左", "▲５八金右"]);
        assert_texts_distinct(&start);
    }

    #[test]
    fn same_square_pads_one_character_names_only() {
        let pos = position("k1a K9i", "b G");
        assert_eq!(line(&pos, &["G*2b", "1a2b"]), ["▲２二金", "△同　玉"]);
        let pos = position("k5a p5e +S5g K9i", "w -");
        assert_eq!(line(&pos, &["5e5f", "5g5f"]), ["△５六歩", "▲同成銀"]);
        // The words that single the piece out follow 同 as usual.
        let pos = parse_sfen(
            "ln1gk3l/1r4g2/p1ppssnpp/4p1p2/1p3P3/2P1SgPRP/PPBPP1N2/2SK5/LN1G4L b B2P 1 moves 4e4d",
        )
        .unwrap();
        let d = Some(Square::new(4, 4).unwrap());
        let text = |u| move_to_japanese(&pos, parse_usi_move(&pos, u).unwrap(), d);
        assert_eq!(text("5c4d"), "△同　銀右");
        assert_eq!(text("4c4d"), "△同　銀直");
    }

    #[test]
    fn drop_is_marked_only_when_a_board_piece_of_the_kind_could_move_there() {
        let pos = position("G3b k1a K9i", "b G");
        assert_eq!(texts(&pos, &["G*2b", "3b2b"]), ["▲２二金打", "▲２二金"]);
        // A promoted silver is another kind: a silver drop needs no 打.
        let pos = position("+S3d k5a K9i", "b S");
        assert_eq!(texts(&pos, &["S*3c", "3d3c"]), ["▲３三銀", "▲３三成銀"]);
        // Only the mover's own pieces count.
        let pos = position("g5d k5a K9i", "b G");
        assert_eq!(texts(&pos, &["G*5e"]), ["▲５五金"]);
        let pos = position("s5d k5a K5i", "w s");
        assert_eq!(texts(&pos, &["S*5e", "5d5e"]), ["△５五銀打", "△５五銀"]);
        // Drops into the zone never take 成/不成.
        let pos = position("k5a K5i", "b P");
        assert_eq!(texts(&pos, &["P*3c"]), ["▲３三歩"]);
    }

    #[test]
    fn golds_use_motion_first_then_side_then_both() {
        let pos = position("G6e G6f G5f G5d k1a K9i", "b -");
        assert_eq!(
            texts(&pos, &["6e5e", "6f5e", "5f5e", "5d5e"]),
            ["▲５五金寄", "▲５五金左上", "▲５五金直", "▲５五金引"]
        );
        assert_texts_distinct(&pos);
        // Three golds abreast going up: the side alone is enough, no 上.
        let pos = position("G6c G5c G4c G5a k9e K5i", "b -");
        assert_eq!(
            texts(&pos, &["6c5b", "5c5b", "4c5b", "5a5b"]),
            ["▲５二金左", "▲５二金直", "▲５二金右", "▲５二金引"]
        );
        assert_texts_distinct(&pos);
        let pos = position("G6e G4e G6f G4f k1a K9i", "b -");
        assert_eq!(
            texts(&pos, &["6e5e", "4e5e", "6f5e", "4f5e"]),
            ["▲５五金左寄", "▲５五金右寄", "▲５五金左上", "▲５五金右上"]
        );
        assert_texts_distinct(&pos);
    }

    #[test]
    fn promoted_pieces_are_their_own_kind() {
        // A gold and a tokin reaching one square need no words; two tokins do.
        let pos = position("G5f +P4f k1a K9i", "b -");
        assert_eq!(texts(&pos, &["5f5e", "4f5e"]), ["▲５五金", "▲５五と"]);
        let pos = position("+P6f +P4f +S6e +S5d k1a K9i", "b -");
        assert_eq!(
            texts(&pos, &["6f5e", "4f5e", "6e5e", "5d5e"]),
            ["▲５五と左", "▲５五と右", "▲５五成銀寄", "▲５五成銀引"]
        );
        assert_texts_distinct(&pos);
    }

    #[test]
    fn silvers_combine_side_with_up_and_back() {
        let pos = position("S6d S4d S6f S5f k1a K9i", "b -");
        assert_eq!(
            texts(&pos, &["6d5e", "4d5e", "6f5e", "5f5e"]),
            ["▲５五銀左引", "▲５五銀右", "▲５五銀左上", "▲５五銀直"]
        );
        assert_texts_distinct(&pos);
        // The same seen from White, whose right is Black's left.
        let pos = position("s4f s6f s4d s5d k9a K1i", "w -");
        assert_eq!(
            texts(&pos, &["4f5e", "6f5e", "4d5e", "5d5e"]),
            ["△５五銀左引", "△５五銀右", "△５五銀左上", "△５五銀直"]
        );
        assert_texts_distinct(&pos);
        // Out of the zone: 成/不成 after the words.
        let pos = position("S4c S6c S4e k9a K1i", "b -");
        assert_eq!(
            texts(&pos, &["4c5d", "4c5d+", "6c5d+", "4e5d"]),
            [
                "▲５四銀右引不成",
                "▲５四銀右引成",
                "▲５四銀左成",
                "▲５四銀上"
            ]
        );
        assert_texts_distinct(&pos);
    }

    #[test]
    fn knights_rooks_and_bishops_use_right_and_left() {
        let pos = position("N6e N4e k9a K1i", "b -");
        assert_eq!(
            texts(&pos, &["4e5c+", "6e5c"]),
            ["▲５三桂右成", "▲５三桂左不成"]
        );
        let pos = position("R8h R2h k9a K1i", "b -");
        assert_eq!(texts(&pos, &["8h5h", "2h5h"]), ["▲５八飛左", "▲５八飛右"]);
        let pos = position("R5i R2h k9a K1i", "b -");
        assert_eq!(texts(&pos, &["5i5h", "2h5h"]), ["▲５八飛上", "▲５八飛寄"]);
        let pos = position("B9i B1i k5a K5h", "b -");
        assert_eq!(texts(&pos, &["9i5e", "1i5e"]), ["▲５五角左", "▲５五角右"]);
        for p in ["N6e N4e k9a K1i", "R8h R2h k9a K1i", "B9i B1i k5a K5h"] {
            assert_texts_distinct(&position(p, "b -"));
        }
    }

    #[test]
    fn horses_and_dragons_never_use_straight() {
        // Both pull back: the one on the left is 左, the other 右.
        let pos = position("+R2b +R1c k9a K9i", "b -");
        assert_eq!(texts(&pos, &["2b2d", "1c2d"]), ["▲２四龍左", "▲２四龍右"]);
        // The motion comes first when it tells them apart.
        let pos = position("+R2b +R1e k9a K9i", "b -");
        assert_eq!(texts(&pos, &["2b2d", "1e2d"]), ["▲２四龍引", "▲２四龍上"]);
        // The piece on the destination's file is placed against the other piece: 右 or 左.
        let pos = position("+B9a +B8a k1e K5i", "b -");
        assert_eq!(texts(&pos, &["9a8b", "8a8b"]), ["▲８二馬左", "▲８二馬右"]);
        let pos = position("+B5d +B4d k9a K1i", "b -");
        assert_eq!(texts(&pos, &["5d5c", "4d5c"]), ["▲５三馬左", "▲５三馬右"]);
        let pos = position("+R5f +R4f k9a K1i", "b -");
        assert_eq!(texts(&pos, &["5f5e", "4f5e"]), ["▲５五龍左", "▲５五龍右"]);
        // White's right is Black's left.
        let pos = position("+r8h +r9g k1a K1i", "w -");
        assert_eq!(texts(&pos, &["8h8f", "9g8f"]), ["△８六龍左", "△８六龍右"]);
        // A rook and a dragon are different kinds.
        let pos = position("R5i +R4e k9a K1i", "b -");
        assert_eq!(texts(&pos, &["5i5e", "4e5e"]), ["▲５五飛", "▲５五龍"]);
        for (p, side) in [
            ("+R2b +R1c k9a K9i", "b -"),
            ("+B9a +B8a k1e K5i", "b -"),
            ("+r8h +r9g k1a K1i", "w -"),
        ] {
            assert_texts_distinct(&position(p, side));
        }
    }

    #[test]
    fn texts_identify_the_move_in_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..12 {
            let mut pos = startpos();
            for _ in 0..150 {
                let moves = legal_move_list(&pos);
                if moves.is_empty() {
                    break;
                }
                assert_texts_distinct(&pos);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
    }

    #[test]
    fn promotion_is_written_whenever_it_was_possible() {
        let pos = position("S3c k9a K9i", "b -");
        assert_eq!(
            texts(&pos, &["3c4d+", "3c4d"]),
            ["▲４四銀成", "▲４四銀不成"]
        );
        // Forced promotion is still written.
        let pos = position("P2b L1e k9a K9i", "b -");
        assert_eq!(
            texts(&pos, &["2b2a+", "1e1a+", "1e1b", "1e1c+"]),
            ["▲２一歩成", "▲１一香成", "▲１二香不成", "▲１三香成"]
        );
        // Pieces that cannot promote: gold, king, promoted pieces, even inside the zone.
        let pos = position("G5d +P4c K2c k9i", "b -");
        assert_eq!(
            texts(&pos, &["5d5c", "4c4b", "2c2b"]),
            ["▲５三金", "▲４二と", "▲２二玉"]
        );
        let pos = position("p3f n2e k5a K9i", "w -");
        assert_eq!(
            texts(&pos, &["3f3g+", "3f3g", "2e1g+", "2e1g"]),
            ["△３七歩成", "△３七歩不成", "△１七桂成", "△１七桂不成"]
        );
        assert_texts_distinct(&pos);
    }
}
