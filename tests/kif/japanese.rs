//! 日本式 move text read back: every disambiguating word for both sides, lenient forms, the
//! errors, and every written move of many positions.

use crate::support::random::{generate, Kind, Rng};
use tsume::notation::japanese::move_to_japanese;
use tsume::notation::japanese_parse::parse_japanese_move;
use tsume::notation::sfen::{parse_sfen, to_sfen};
use tsume::notation::usi::parse_usi_move;
use tsume::shogi::movegen::legal_move_list;
use tsume::shogi::{Color, Move, Piece, PieceKind, Position, Square};

/// A position from pieces such as `G6e +s4d k5a` (SFEN letter, then the square in USI form), the
/// side to move and the hands in SFEN (`b G`).
fn position(pieces: &str, side_and_hands: &str) -> Position {
    let rest = parse_sfen(&format!("9/9/9/9/9/9/9/9/9 {side_and_hands} 1")).unwrap();
    let mut board = [None; 81];
    for token in pieces.split_whitespace() {
        let (piece, sq) = token.split_at(token.len() - 2);
        let letter = piece.chars().last().unwrap();
        let base = PieceKind::from_sfen_letter(letter).unwrap();
        let kind = if piece.starts_with('+') {
            base.promoted()
        } else {
            base
        };
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let b = sq.as_bytes();
        let sq = Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap();
        board[sq.index()] = Some(Piece::new(color, kind));
    }
    Position::new(board, rest.hands(), rest.side_to_move(), 1).unwrap()
}

fn flip_square(sq: Square) -> Square {
    Square::new(10 - sq.file(), 10 - sq.rank()).unwrap()
}

/// The position turned half around with the colours swapped: White plays Black's part.
fn flip(pos: &Position) -> Position {
    let mut board = [None; 81];
    for sq in Square::all() {
        if let Some(p) = pos.piece_at(sq) {
            board[flip_square(sq).index()] = Some(Piece::new(!p.color, p.kind));
        }
    }
    let [black, white] = pos.hands();
    Position::new(board, [white, black], !pos.side_to_move(), 1).unwrap()
}

fn flip_move(m: Move) -> Move {
    match (m.from(), m.drop_kind()) {
        (Some(from), _) => Move::normal(flip_square(from), flip_square(m.to()), m.is_promotion()),
        (None, Some(kind)) => Move::drop(kind, flip_square(m.to())),
        (None, None) => unreachable!("a move is a board move or a drop"),
    }
}

/// A 日本式 text with ▲ made △ and the destination (full-width file, kanji rank) turned around.
fn flip_text(text: &str) -> String {
    const FILES: &str = "１２３４５６７８９";
    const RANKS: &str = "一二三四五六七八九";
    text.chars()
        .map(|c| match (c, FILES.chars().position(|f| f == c)) {
            ('▲', _) => '△',
            ('△', _) => '▲',
            (_, Some(i)) => FILES.chars().nth(8 - i).unwrap(),
            _ => match RANKS.chars().position(|r| r == c) {
                Some(i) => RANKS.chars().nth(8 - i).unwrap(),
                None => c,
            },
        })
        .collect()
}

/// Each text read in `pos` gives the USI move, and the same for White in the flipped position;
/// `previous` is the previous move's destination (USI), for 同.
fn assert_reads(
    pieces: &str,
    side_and_hands: &str,
    previous: Option<&str>,
    cases: &[(&str, &str)],
) {
    let pos = position(pieces, side_and_hands);
    let previous = previous.map(|p| {
        let b = p.as_bytes();
        Square::new(b[0] - b'0', b[1] - b'a' + 1).unwrap()
    });
    for &(text, expected) in cases {
        let m = parse_japanese_move(&pos, text, previous);
        assert_eq!(m.map(|m| m.to_string()), Ok(expected.to_string()), "{text}");
        let white = flip_text(text);
        let m = parse_japanese_move(&flip(&pos), &white, previous.map(flip_square));
        let flipped = flip_move(parse_usi_move(&pos, expected).unwrap());
        assert_eq!(m, Ok(flipped), "{white}");
    }
}

#[test]
fn japanese_words_for_golds_and_silvers() {
    let golds = "G6e G6f G5f G5d k1a K9i";
    assert_reads(
        golds,
        "b -",
        None,
        &[
            ("▲５五金寄", "6e5e"),
            ("▲５五金左上", "6f5e"),
            ("▲５五金上左", "6f5e"),
            ("▲５五金直", "5f5e"),
            ("▲５五金引", "5d5e"),
            ("▲５五金左寄", "6e5e"),
        ],
    );
    assert_reads(
        "G6c G5c G4c G5a k9e K5i",
        "b -",
        None,
        &[
            ("▲５二金左", "6c5b"),
            ("▲５二金直", "5c5b"),
            ("▲５二金右", "4c5b"),
            ("▲５二金引", "5a5b"),
        ],
    );
    assert_reads(
        "G6e G4e G6f G4f k1a K9i",
        "b -",
        None,
        &[
            ("▲５五金左寄", "6e5e"),
            ("▲５五金右寄", "4e5e"),
            ("▲５五金寄右", "4e5e"),
            ("▲５五金左上", "6f5e"),
            ("▲５五金右上", "4f5e"),
        ],
    );
    assert_reads(
        "S6d S4d S6f S5f k1a K9i",
        "b -",
        None,
        &[
            ("▲５五銀左引", "6d5e"),
            ("▲５五銀右", "4d5e"),
            ("▲５五銀右引", "4d5e"),
            ("▲５五銀左上", "6f5e"),
            ("▲５五銀直", "5f5e"),
        ],
    );
    // Out of the zone a silver still may promote; without 不成 it does not.
    assert_reads(
        "S4c S6c S4e k9a K1i",
        "b -",
        None,
        &[
            ("▲５四銀右引不成", "4c5d"),
            ("▲５四銀右引", "4c5d"),
            ("▲５四銀引右成", "4c5d+"),
            ("▲５四銀左成", "6c5d+"),
            ("▲５四銀上", "4e5d"),
        ],
    );
    // Promoted pieces are their own kinds, under either name.
    assert_reads(
        "+P6f +P4f +S6e +S5d k1a K9i",
        "b -",
        None,
        &[
            ("▲５五と左", "6f5e"),
            ("▲５五と右", "4f5e"),
            ("▲５五成銀寄", "6e5e"),
            ("▲５五全寄", "6e5e"),
            ("▲５五成銀引", "5d5e"),
        ],
    );
}

#[test]
fn japanese_words_for_ranging_pieces_drops_and_promotion() {
    assert_reads(
        "N6e N4e k9a K1i",
        "b -",
        None,
        &[
            ("▲５三桂右成", "4e5c+"),
            ("▲５三桂左不成", "6e5c"),
            ("▲５三桂左", "6e5c"),
        ],
    );
    assert_reads(
        "R8h R2h k9a K1i",
        "b -",
        None,
        &[("▲５八飛左", "8h5h"), ("▲５八飛右", "2h5h")],
    );
    assert_reads(
        "R5i R2h k9a K1i",
        "b -",
        None,
        &[("▲５八飛上", "5i5h"), ("▲５八飛寄", "2h5h")],
    );
    assert_reads(
        "B9i B1i k5a K5h",
        "b -",
        None,
        &[("▲５五角左", "9i5e"), ("▲５五角右", "1i5e")],
    );
    assert_reads(
        "+R2b +R1c k9a K9i",
        "b -",
        None,
        &[("▲２四龍左", "2b2d"), ("▲２四竜右", "1c2d")],
    );
    assert_reads(
        "+B9a +B8a k1e K5i",
        "b -",
        None,
        &[("▲８二馬左", "9a8b"), ("▲８二馬右", "8a8b")],
    );
    assert_reads(
        "G3b k1a K9i",
        "b G",
        None,
        &[("▲２二金打", "G*2b"), ("▲２二金", "3b2b")],
    );
    assert_reads(
        "k5a K9i",
        "b G",
        None,
        &[("▲５五金", "G*5e"), ("▲５五金打", "G*5e"), ("55金", "G*5e")],
    );
    assert_reads(
        "S3c k9a K9i",
        "b -",
        None,
        &[
            ("▲４四銀成", "3c4d+"),
            ("▲４四銀不成", "3c4d"),
            ("▲４四銀", "3c4d"),
        ],
    );
    assert_reads("P2b k9a K9i", "b -", None, &[("▲２一歩成", "2b2a+")]);
    assert_reads(
        "G2b k1a K9i",
        "w -",
        Some("2b"),
        &[
            ("△同　玉", "1a2b"),
            ("△同玉", "1a2b"),
            ("同 玉", "1a2b"),
            ("△２二玉", "1a2b"),
        ],
    );
}

#[test]
fn japanese_text_that_fits_no_move_or_several() {
    let cases = [
        (
            "G6e G6f G5f G5d k1a K9i",
            "b -",
            "▲５五金",
            "ambiguous: ▲５五金 could be ▲５五金",
        ),
        (
            "G6e G6f G5f G5d k1a K9i",
            "b -",
            "▲５五金上",
            "ambiguous: ▲５五金上 could be",
        ),
        (
            "G6e G6f G5f G5d k1a K9i",
            "b -",
            "▲５五金右",
            "no legal move ▲５五金右: the 金 moves",
        ),
        (
            "+B9a +B8a k1e K5i",
            "b -",
            "▲８二馬直",
            "no legal move ▲８二馬直",
        ),
        (
            "P2b k9a K9i",
            "b -",
            "▲２一歩",
            "the 歩 moves to ２一 are ▲２一歩成",
        ),
        (
            "G5f k1a K9i",
            "b -",
            "▲５五金打",
            "the 金 moves to ５五 are ▲５五金",
        ),
        (
            "G5f k1a K9i",
            "b -",
            "▲５五銀",
            "no legal move ▲５五銀: no ▲銀 can reach ５五",
        ),
        (
            "G5f k1a K9i",
            "b -",
            "▲５五金成",
            "the 金 moves to ５五 are ▲５五金",
        ),
        ("G5f k1a K9i", "b -", "▲５五象", "unknown piece '象'"),
        ("G5f k1a K9i", "b -", "▲５五金右上左", "no legal move"),
        (
            "G5f k1a K9i",
            "b -",
            "▲５五金X",
            "unexpected 'X' after the piece",
        ),
        (
            "G5f k1a K9i",
            "b -",
            "▲０五金",
            "'０' does not start a square",
        ),
        ("G5f k1a K9i", "b -", "▲同　金", "同 with no previous move"),
        (
            "G5f k1a K9i",
            "b -",
            "△５五金",
            "△ is marked, but ▲ is to move",
        ),
    ];
    for (pieces, rest, text, expected) in cases {
        let pos = position(pieces, rest);
        match parse_japanese_move(&pos, text, None) {
            Ok(m) => panic!("{text}: read as {m}"),
            Err(e) => assert!(e.contains(expected), "{text}: {e}"),
        }
    }
}

#[test]
fn every_written_move_reads_back() {
    let mut rng = Rng::new(0x6a70_6e21);
    for i in 0..240 {
        let pos = generate(&mut rng, Kind::ALL[i % Kind::ALL.len()]);
        for &m in legal_move_list(&pos).iter() {
            for previous in [None, Some(m.to())] {
                let text = move_to_japanese(&pos, m, previous);
                let back = parse_japanese_move(&pos, &text, previous);
                assert_eq!(back, Ok(m), "{text} in {}", to_sfen(&pos));
            }
        }
    }
}
