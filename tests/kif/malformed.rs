//! Malformed files: the exact line and column of each fault, and files edited at random, which
//! are read or refused but never make a reader panic.

use super::*;

#[test]
fn the_good_kif_reads() {
    let r = parse_kif(GOOD_KIF).unwrap();
    assert_eq!(
        to_sfen(&r.start),
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"
    );
    assert_eq!(usi(&r.moves), ["G*5b"]);
    assert_eq!(r.stated_length, Some(1));
}

#[test]
fn malformed_files_name_line_and_column() {
    let kif = |n, text: &str| parse_kif(&with_line(n, text));
    let cases: Vec<(&str, Result<Record, _>, usize, usize, &str)> = vec![
        (
            "bad piece",
            kif(5, "| ・ ・ ・ ・v象 ・ ・ ・ ・|一"),
            5,
            11,
            "unknown piece '象'",
        ),
        (
            "short row",
            kif(6, "| ・ ・ ・ ・ ・ ・ ・ ・|二"),
            6,
            18,
            "row 2 of the board has 8 cells, expected 9",
        ),
        (
            "8 rows",
            kif(13, ""),
            13,
            1,
            "the board has 8 rows, expected 9",
        ),
        (
            "bad marker",
            kif(7, "| ・ ・ ・ ・x歩 ・ ・ ・ ・|三"),
            7,
            10,
            "'x' where",
        ),
        (
            "bad hand count",
            kif(15, "先手の持駒：金二十"),
            15,
            8,
            "bad hand count '二十'",
        ),
        (
            "king in hand",
            kif(15, "先手の持駒：玉"),
            15,
            7,
            "a hand cannot hold 玉",
        ),
        (
            "19 pawns",
            kif(15, "先手の持駒：金　歩十八"),
            15,
            7,
            "too many Pawn",
        ),
        (
            "二歩",
            kif(8, "| ・ ・ ・ ・ 歩 ・ ・ ・ ・|四"),
            8,
            11,
            "二歩",
        ),
        (
            "two kings",
            kif(12, "| ・ ・ ・ 玉 玉 ・ ・ ・ ・|八"),
            12,
            11,
            "Black has 2 kings",
        ),
        (
            "move number",
            kif(17, "   2 ５二金打"),
            17,
            4,
            "move 1: expected number 1, found 2",
        ),
        (
            "illegal",
            kif(17, "   1 ５四歩(53)"),
            17,
            6,
            "move 1 '５四歩(53)' is illegal: the 歩",
        ),
        (
            "occupied",
            kif(17, "   1 ５一金打"),
            17,
            6,
            "is illegal: ５一 is occupied",
        ),
        (
            "no piece",
            kif(17, "   1 ５二金(61)"),
            17,
            6,
            "move 1 '５二金(61)': no piece on ６一",
        ),
        (
            "wrong piece",
            kif(17, "   1 ５二金(53)"),
            17,
            6,
            "the piece on ５三 is 歩, not 金",
        ),
        (
            "同 first",
            kif(17, "   1 同　金打"),
            17,
            6,
            "'同　金打': 同 with no previous move",
        ),
        (
            "unknown move piece",
            kif(17, "   1 ５二象打"),
            17,
            6,
            "unknown piece '象'",
        ),
        (
            "no origin",
            kif(17, "   1 ５二歩"),
            17,
            6,
            "neither an origin",
        ),
        (
            "truncated",
            kif(17, "   1 ５二金打     ( 0:00/00:"),
            17,
            15,
            "no closing ')'",
        ),
        (
            "garbage after",
            kif(17, "   1 ５二金打 xyz"),
            17,
            11,
            "unexpected 'x'",
        ),
        (
            "truncated row",
            kif(9, "| ・ ・ ・"),
            9,
            8,
            "row 5 of the board has no closing '|'",
        ),
        (
            "stray line",
            kif(18, "まるで詰み"),
            18,
            1,
            "unexpected line",
        ),
        (
            "branch too far",
            kif(18, "変化：3手"),
            18,
            1,
            "none reaches move 2",
        ),
        (
            "after the end",
            parse_kif(&format!("{GOOD_KIF}   2 同　玉(51)\n")),
            19,
            6,
            "after the line ended",
        ),
        (
            "unknown 手合割",
            parse_kif("手合割：魔法落ち\n   1 ７六歩(77)\n"),
            1,
            5,
            "unknown 手合割 '魔法落ち'",
        ),
        ("empty", parse_kif(""), 1, 1, "no position"),
        (
            "only headers",
            parse_kif("作者：誰か\n"),
            1,
            1,
            "no position",
        ),
        (
            "wrong side mark",
            parse_ki2("手合割：平手\n△３四歩\n"),
            2,
            1,
            "move 1 '△３四歩': △ is marked, but ▲ is to move",
        ),
        (
            "ambiguous",
            parse_ki2("手合割：平手\n▲７六歩 △３四歩 ▲５八金\n"),
            2,
            11,
            "ambiguous: ▲５八金 could be ▲５八金右 or ▲５八金左",
        ),
        (
            "ki2 同 first",
            parse_ki2("手合割：平手\n▲同　歩\n"),
            2,
            1,
            "同 with no previous move",
        ),
        (
            "ki2 stray",
            parse_ki2("手合割：平手\n７六歩\n"),
            2,
            1,
            "unexpected line '７六歩'",
        ),
        (
            "ki2 board",
            parse_ki2(&with_line(5, "|v玉")),
            5,
            4,
            "no closing '|'",
        ),
    ];
    for (what, result, line, column, message) in cases {
        // A move that cannot be read or played is kept as the record's fault, the position read.
        let e = match result {
            Ok(r) => r
                .move_fault
                .unwrap_or_else(|| panic!("{what}: read without error")),
            Err(e) => e,
        };
        assert!(e.message.contains(message), "{what}: {e}");
        assert_eq!((e.line, e.column), (line, column), "{what}: {e}");
    }
}

#[test]
fn bytes_that_are_neither_utf8_nor_shift_jis() {
    let (mut bytes, _, _) = encoding_rs::SHIFT_JIS.encode("作品名：頭金\n作者：");
    bytes.to_mut().extend_from_slice(b"\xff\xfe\n");
    let e = decode_record(&bytes, false).unwrap_err();
    assert_eq!((e.line, e.column), (2, 4), "{e}");
    assert!(
        e.message.contains("0xFF is neither UTF-8 nor Shift-JIS"),
        "{e}"
    );
    let e = decode_record("作品名：頭金\n".as_bytes(), false).map(|t| parse_kif(&t));
    assert!(matches!(e, Ok(Err(_))), "decodes, but holds no position");
    let e = decode_record(b"#KIF version=2.0 encoding=UTF-8\n\x82\xa0", false).unwrap_err();
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert!(e.message.contains("is not UTF-8"), "{e}");
}

/// Small edits of the fixtures and of `GOOD_KIF`: a reader either reads the text or names a
/// place in it; it never panics.
#[test]
fn edited_files_never_panic() {
    let texts: Vec<String> = ["zuko082.kifu", "hirate-variations.kif", "game.ki2"]
        .iter()
        .map(|name| decode_record(&fixture(name), name.ends_with('u')).unwrap())
        .chain([GOOD_KIF.to_string()])
        .collect();
    let inserts: Vec<char> = "0１9九同　 (|)+-v・歩成不打金玉変化：手まで▲△\n"
        .chars()
        .collect();
    let mut rng = Rng::new(0x7a7a);
    for text in &texts {
        let chars: Vec<char> = text.chars().collect();
        for _ in 0..600 {
            let mut edited = chars.clone();
            for _ in 0..rng.range(1, 3) {
                if edited.is_empty() {
                    break;
                }
                let at = rng.below(edited.len());
                match rng.below(3) {
                    0 => {
                        edited.remove(at);
                    }
                    1 => edited.insert(at, rng.pick(&inserts)),
                    _ => edited.truncate(at),
                }
            }
            let edited: String = edited.into_iter().collect();
            let lines = edited.lines().count();
            for result in [parse_kif(&edited), parse_ki2(&edited)] {
                if let Err(e) = result {
                    assert!(e.line >= 1 && e.line <= lines + 1, "{e}\n{edited}");
                    assert!(e.column >= 1, "{e}");
                }
            }
            let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&edited);
            let mut bytes = bytes.into_owned();
            let at = rng.below(bytes.len() + 1);
            bytes.insert(at, rng.next_u64() as u8);
            let _ = decode_record(&bytes, false).map(|t| parse_kif(&t));
        }
    }
}

#[test]
fn an_illegal_move_says_which_rule_it_breaks_in_every_notation() {
    use tsume::notation::csa::parse_csa;
    use tsume::notation::japanese_parse::parse_japanese_move;
    use tsume::notation::usi::parse_usi_move;
    // The silver on ５八 is pinned by the lance on ５一; a rook on ４一 guards the file 4.
    let pos = parse_sfen("k3lr3/9/9/9/9/9/9/4S4/4K4 b - 1").unwrap();
    let kif = |line: &str| {
        let text = format!("{}   1 {line}\n", write_kif(&Record::new(pos.clone())));
        parse_kif(&text).unwrap().move_fault.unwrap().message
    };
    let pinned = "the piece is pinned: moving it leaves its king in check from the piece on";
    let m = kif("４七銀(58)");
    assert!(
        m.contains(&format!(
            "is illegal: the 銀 on ５八 cannot move to ４七: {pinned} ５一"
        )),
        "{m}"
    );
    let m = kif("４九玉(59)");
    assert!(
        m.contains("the king would be in check from the piece on ４一"),
        "{m}"
    );
    let m = kif("５五銀(58)");
    assert!(m.contains("the piece does not move that way"), "{m}");
    let e = parse_usi_move(&pos, "5h4g").unwrap_err().to_string();
    assert!(e.ends_with(&format!("{pinned} 5a")), "{e}");
    let e = parse_japanese_move(&pos, "▲４七銀", None).unwrap_err();
    assert!(e.contains(&format!("{pinned} ５一")), "{e}");
    let empty = " * ";
    let row = |cells: &[&str]| cells.concat();
    let mut csa = String::from("V2.2\n");
    csa += &format!(
        "P1{}\n",
        row(&["-OU", empty, empty, empty, "-KY", "-HI", empty, empty, empty])
    );
    for r in 2..=7 {
        csa += &format!("P{r}{}\n", empty.repeat(9));
    }
    csa += &format!("P8{}{}{}\n", empty.repeat(4), "+GI", empty.repeat(4));
    csa += &format!("P9{}{}{}\n", empty.repeat(4), "+OU", empty.repeat(4));
    csa += "+\n+5847GI\n";
    let record = parse_csa(&csa).unwrap().remove(0);
    let m = record.move_fault.unwrap().message;
    assert!(m.contains(&format!("{pinned} 51")), "{m}");
}

#[test]
fn a_hand_count_in_digits_is_refused_with_its_spelling_in_kanji() {
    for (hand, column, words) in [
        (
            "先手の持駒：金　歩2",
            10,
            "a hand count is written in kanji: '歩2' is 歩二",
        ),
        (
            "先手の持駒：歩１８",
            8,
            "a hand count is written in kanji: '歩１８' is 歩十八",
        ),
        ("後手の持駒：金1", 8, "'金1' is 金"),
        ("先手の持駒：歩20", 8, "'歩20': a count is 二 to 十八"),
    ] {
        let line = if hand.starts_with('先') { 15 } else { 2 };
        let e = parse_kif(&with_line(line, hand)).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{hand}: {e}");
        assert!(e.message.contains(words), "{hand}: {e}");
    }
}
