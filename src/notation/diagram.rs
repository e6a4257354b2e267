//! The text diagram of a position in the BOD style of KIF files (Kifu for Windows, ShogiHome):
//!
//! ```text
//! 後手の持駒：なし
//!   ９ ８ ７ ６ ５ ４ ３ ２ １
//! +---------------------------+
//! |v香v桂v銀v金v玉v金v銀v桂v香|一
//! | ・v飛 ・ ・ ・ ・ ・v角 ・|二
//! …
//! +---------------------------+
//! 先手の持駒：なし
//! ```
//!
//! Each cell is a marker (` ` for Black, `v` for White) and a one-character piece name, or ` ・`
//! when empty. Promoted lance, knight and silver take the BOD names 杏, 圭, 全. A line `後手番`
//! follows when White is to move.

use super::japanese::KANJI_DIGITS;
use crate::shogi::{Color, Hand, PieceKind, Position, Square};

/// The hand kinds in the order a diagram lists them.
const HAND_ORDER: [PieceKind; 7] = [
    PieceKind::Rook,
    PieceKind::Bishop,
    PieceKind::Gold,
    PieceKind::Silver,
    PieceKind::Knight,
    PieceKind::Lance,
    PieceKind::Pawn,
];

const FILE_HEADER: &str = "  ９ ８ ７ ６ ５ ４ ３ ２ １";
const BORDER: &str = "+---------------------------+";

/// The one-character name of a kind on a diagram: 歩 香 桂 銀 金 角 飛 玉 と 杏 圭 全 馬 龍.
pub const fn board_name(kind: PieceKind) -> char {
    match kind {
        PieceKind::Pawn => '歩',
        PieceKind::Lance => '香',
        PieceKind::Knight => '桂',
        PieceKind::Silver => '銀',
        PieceKind::Gold => '金',
        PieceKind::Bishop => '角',
        PieceKind::Rook => '飛',
        PieceKind::King => '玉',
        PieceKind::ProPawn => 'と',
        PieceKind::ProLance => '杏',
        PieceKind::ProKnight => '圭',
        PieceKind::ProSilver => '全',
        PieceKind::Horse => '馬',
        PieceKind::Dragon => '龍',
    }
}

/// A count of two or more in kanji (`二`, `十`, `十七`); empty for one.
pub(crate) fn count_kanji(n: u8) -> String {
    let mut s = String::new();
    if n < 2 {
        return s;
    }
    let (tens, ones) = (n / 10, n % 10);
    if tens > 1 {
        s.push(KANJI_DIGITS[tens as usize - 1]);
    }
    if tens > 0 {
        s.push('十');
    }
    if ones > 0 {
        s.push(KANJI_DIGITS[ones as usize - 1]);
    }
    s
}

/// A hand as a diagram writes it: kinds in the order 飛 角 金 銀 桂 香 歩, each followed by its
/// count in kanji when more than one, separated by full-width spaces (`飛　金四　歩十七`);
/// `なし` when empty.
pub fn hand_to_japanese(hand: Hand) -> String {
    let parts: Vec<String> = HAND_ORDER
        .iter()
        .filter(|&&kind| hand.has(kind))
        .map(|&kind| format!("{}{}", board_name(kind), count_kanji(hand.count(kind))))
        .collect();
    if parts.is_empty() {
        "なし".to_string()
    } else {
        parts.join("　")
    }
}

/// The BOD diagram of `pos`: White's hand, the board, Black's hand, and `後手番` when White is to
/// move. Every line ends with a newline.
pub fn diagram(pos: &Position) -> String {
    let mut s = String::new();
    s.push_str("後手の持駒：");
    s.push_str(&hand_to_japanese(pos.hand(Color::White)));
    s.push('\n');
    s.push_str(FILE_HEADER);
    s.push('\n');
    s.push_str(BORDER);
    s.push('\n');
    for rank in 1..=9u8 {
        s.push('|');
        for file in (1..=9u8).rev() {
            let sq = Square::new(file, rank).expect("on the board");
            match pos.piece_at(sq) {
                None => s.push_str(" ・"),
                Some(p) => {
                    s.push(match p.color {
                        Color::Black => ' ',
                        Color::White => 'v',
                    });
                    s.push(board_name(p.kind));
                }
            }
        }
        s.push('|');
        s.push(KANJI_DIGITS[rank as usize - 1]);
        s.push('\n');
    }
    s.push_str(BORDER);
    s.push('\n');
    s.push_str("先手の持駒：");
    s.push_str(&hand_to_japanese(pos.hand(Color::Black)));
    s.push('\n');
    if pos.side_to_move() == Color::White {
        s.push_str("後手番\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::sfen::{parse_sfen, startpos};

    #[test]
    fn start_position() {
        let expected = "\
後手の持駒：なし
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v桂v銀v金v玉v金v銀v桂v香|一
| ・v飛 ・ ・ ・ ・ ・v角 ・|二
|v歩v歩v歩v歩v歩v歩v歩v歩v歩|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 歩 歩 歩 歩 歩 歩 歩 歩 歩|七
| ・ 角 ・ ・ ・ ・ ・ 飛 ・|八
| 香 桂 銀 金 玉 金 銀 桂 香|九
+---------------------------+
先手の持駒：なし
";
        assert_eq!(diagram(&startpos()), expected);
    }

    #[test]
    fn hands_promoted_pieces_and_white_to_move() {
        let pos = parse_sfen("l+n2k4/9/2+S1+P4/9/4+b4/9/+L8/7+r1/4K4 w S2Pg2n10p 1").unwrap();
        let expected = "\
後手の持駒：金　桂二　歩十
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
|v香v圭 ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ 全 ・ と ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・v馬 ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| 杏 ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・v龍 ・|八
| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九
+---------------------------+
先手の持駒：銀　歩二
後手番
";
        assert_eq!(diagram(&pos), expected);
    }

    #[test]
    fn hands_list_kinds_in_order_with_kanji_counts() {
        use PieceKind::*;
        assert_eq!(hand_to_japanese(Hand::EMPTY), "なし");
        let mut hand = Hand::EMPTY;
        for (kind, n) in [
            (Pawn, 17),
            (Lance, 4),
            (Knight, 3),
            (Silver, 4),
            (Gold, 4),
            (Bishop, 1),
            (Rook, 1),
        ] {
            hand = hand.with_count(kind, n).unwrap();
        }
        assert_eq!(
            hand_to_japanese(hand),
            "飛　角　金四　銀四　桂三　香四　歩十七"
        );
        let pawns = |n| hand_to_japanese(Hand::EMPTY.with_count(Pawn, n).unwrap());
        assert_eq!(
            [
                pawns(1),
                pawns(2),
                pawns(9),
                pawns(10),
                pawns(11),
                pawns(18)
            ],
            ["歩", "歩二", "歩九", "歩十", "歩十一", "歩十八"]
        );
        assert_eq!(pawns(21), "歩二十一");
    }
}
