//! KIF and KI2 files, and 日本式 move text, read through the library: the fixtures in
//! `tests/fixtures/kif/` (a 図巧 problem as Shift-JIS KIF, UTF-8 `.kifu` and UTF-8 KIF that says
//! so; a game with nested side lines; a KI2 game), write-then-read round trips over many
//! positions and lines, and the forms of the diagram, headers and terminal words. The 日本式 parser
//! is tested in `kif/japanese.rs`, malformed files in `kif/malformed.rs`.

#[path = "kif/japanese.rs"]
mod japanese;
#[path = "kif/malformed.rs"]
mod malformed;

use crate::support::random::{generate, Kind, Rng};
use crate::support::tsv::rows;
use tsume::notation::encoding::decode_record;
use tsume::notation::ki2::parse_ki2;
use tsume::notation::kif::{parse_kif, write_kif};
use tsume::notation::record::{Record, Variation};
use tsume::notation::sfen::{parse_sfen, to_sfen};
use tsume::notation::usi::parse_usi_move;
use tsume::shogi::movegen::legal_move_list;
use tsume::shogi::{Color, Move, Position};

const ZUKO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv");
const ZUKO_LINES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko-lines.tsv");
const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const ZUKO_82: &str = "2+P1l4/3pg2R1/pl3+PB2/1B1+rk4/3l5/1pP6/9/2L6/9 b 3g4s4n12p 1";
const ZUKO_82_LINE: &str = "3c4d+ 5d6c 2b5b+ 6c7d 5b6c 6b6c 8d7c+ 7d7c 4d6b 7c7d G*7e 6d7e 7f7e \
                            7d6d 6b7c 6d7c R*7d 7c8b 7d7b+ 8b9a 7b8a";

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/tests/fixtures/kif/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn usi(moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// The moves of a USI line played from `start`.
fn line(start: &Position, text: &str) -> Vec<Move> {
    let mut pos = start.clone();
    text.split_whitespace()
        .map(|u| {
            let m = parse_usi_move(&pos, u).unwrap_or_else(|e| panic!("{u}: {e}"));
            pos.make_move(m);
            m
        })
        .collect()
}

type Summary = (
    String,
    Vec<(String, String)>,
    Vec<String>,
    Vec<(usize, Vec<String>)>,
    Option<usize>,
);

/// The SFEN of `pos` without the move number, which a diagram does not show.
fn position_sfen(pos: &Position) -> String {
    let sfen = to_sfen(pos);
    sfen.rsplit_once(' ')
        .map_or(sfen.clone(), |(p, _)| p.to_string())
}

/// What a reader fills in a record, in comparable form.
fn summary(r: &Record) -> Summary {
    let variations = r.variations.iter().map(|v| (v.ply, usi(&v.moves)));
    (
        position_sfen(&r.start),
        r.headers.clone(),
        usi(&r.moves),
        variations.collect(),
        r.stated_length,
    )
}

fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
}

#[test]
fn shift_jis_kif_of_a_tsume_problem() {
    let text = decode_record(&fixture("zuko082.kif"), false).unwrap();
    let r = parse_kif(&text).unwrap();
    assert_eq!(
        to_sfen(&r.start),
        ZUKO_82,
        "後手の持駒：残り全部 is every other piece"
    );
    assert_eq!(usi(&r.moves), usi(&line(&r.start, ZUKO_82_LINE)));
    assert_eq!(
        r.headers,
        headers(&[
            ("作品名", "将棋図巧 第82番"),
            ("作者", "伊藤看寿"),
            ("発表誌", "将棋図巧"),
            ("手数", "21"),
            ("手合割", "平手"),
            ("先手", ""),
            ("後手", ""),
        ])
    );
    assert_eq!(r.stated_length, Some(21));
    assert!(r.variations.is_empty());
    let end = r.end_position();
    assert!(end.in_check() && legal_move_list(&end).is_empty());
}

#[test]
fn utf8_versions_read_the_same_as_shift_jis() {
    let sjis = parse_kif(&decode_record(&fixture("zuko082.kif"), false).unwrap()).unwrap();
    let kifu = parse_kif(&decode_record(&fixture("zuko082.kifu"), true).unwrap()).unwrap();
    let declared = fixture("zuko082-utf8.kif");
    assert!(declared.starts_with(b"#KIF version=2.0 encoding=UTF-8"));
    let declared = parse_kif(&decode_record(&declared, false).unwrap()).unwrap();
    assert_eq!(summary(&kifu), summary(&sjis));
    assert_eq!(summary(&declared), summary(&sjis));
    // Taken as Shift-JIS, the UTF-8 text is not the same; the name or the first line decides.
    let utf8 = fixture("zuko082.kifu");
    let misread = encoding_rs::SHIFT_JIS.decode(&utf8).0;
    assert!(parse_kif(&misread).is_err());
}

#[test]
fn start_position_game_with_nested_side_lines() {
    let r = parse_kif(&decode_record(&fixture("hirate-variations.kif"), false).unwrap()).unwrap();
    assert_eq!(to_sfen(&r.start), STARTPOS);
    assert_eq!(
        r.headers,
        headers(&[
            ("開始日時", "2024/01/02 10:00:00"),
            ("手合割", "平手"),
            ("先手", "先手の人"),
            ("後手", "後手の人"),
        ])
    );
    assert_eq!(usi(&r.moves), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    let v = |ply, moves: &str| (ply, moves.split(' ').map(String::from).collect());
    assert_eq!(
        summary(&r).3,
        [
            v(5, "7g7f 3c3d 8h2b+ 3a2b 7i8h"),
            v(3, "7g7f 3c3d 6g6f 8c8d 7i6h"),
            v(4, "7g7f 3c3d 6g6f 4a3b 7i7h"),
        ]
    );
    assert_eq!(r.stated_length, None, "まで5手で中断 states no length");
    let again = parse_kif(&write_kif(&r)).unwrap();
    assert_eq!(summary(&again), summary(&r));
}

#[test]
fn ki2_game_with_same_square_and_sides() {
    let r = parse_ki2(&decode_record(&fixture("game.ki2"), false).unwrap()).unwrap();
    assert_eq!(to_sfen(&r.start), STARTPOS);
    assert_eq!(
        r.headers,
        headers(&[
            ("開始日時", "2024/01/03"),
            ("手合割", "平手"),
            ("先手", "甲"),
            ("後手", "乙"),
        ])
    );
    assert_eq!(
        usi(&r.moves),
        ["7g7f", "3c3d", "8h2b+", "3a2b", "4i5h", "4a5b", "B*4e", "7a6b"]
    );
    assert_eq!(
        summary(&r).3,
        [(5, usi(&line(&r.start, "7g7f 3c3d 8h2b+ 3a2b 6i5h 6a5b")))]
    );
    assert_eq!(r.stated_length, None);
}

/// A record of `start` with a random legal line of up to `plies` moves and, sometimes, side lines
/// (some branching from side lines), in random order.
fn random_record(rng: &mut Rng, start: Position, plies: usize) -> Record {
    let mut r = Record::new(start);
    r.moves = random_line(rng, &r.start, &[], plies);
    let mut lines = vec![r.moves.clone()];
    for _ in 0..rng.below(4) {
        let parent = lines[rng.below(lines.len())].clone();
        if parent.is_empty() {
            continue;
        }
        let ply = rng.range(1, parent.len());
        let plies = rng.range(1, 6);
        let moves = random_line(rng, &r.start, &parent[..ply - 1], plies);
        if moves.len() >= ply && moves[ply - 1] != parent[ply - 1] {
            r.variations.push(Variation {
                ply,
                moves: moves.clone(),
            });
            lines.push(moves);
        }
    }
    r
}

/// `prefix` followed by up to `plies` random legal moves.
fn random_line(rng: &mut Rng, start: &Position, prefix: &[Move], plies: usize) -> Vec<Move> {
    let mut pos = start.clone();
    for &m in prefix {
        pos.make_move(m);
    }
    let mut moves = prefix.to_vec();
    for _ in 0..plies {
        let list = legal_move_list(&pos);
        if list.is_empty() {
            break;
        }
        let m = rng.pick(&list);
        pos.make_move(m);
        moves.push(m);
    }
    moves
}

/// `summary` with the side lines sorted: the writer may list them in another order.
fn sorted(mut s: Summary) -> Summary {
    s.3.sort();
    s
}

#[test]
fn write_then_read_gives_the_record_back() {
    let mut rng = Rng::new(0x4b49_4621);
    let mut starts: Vec<Position> = rows(ZUKO)
        .iter()
        .map(|row| parse_sfen(&row["sfen"]).unwrap())
        .collect();
    for kind in Kind::ALL {
        starts.extend((0..40).map(|_| generate(&mut rng, kind)));
    }
    for start in starts {
        let mut r = random_record(&mut rng, start, 30);
        r.headers = headers(&[("作品名", "試験"), ("作者", "")]);
        let text = write_kif(&r);
        let back = parse_kif(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.start, r.start, "{text}");
        assert_eq!(position_sfen(&back.start), position_sfen(&r.start));
        let (mut a, mut b) = (sorted(summary(&back)), sorted(summary(&r)));
        // The まで line states the length of a main line that ends in mate.
        (a.4, b.4) = (None, None);
        assert_eq!(a, b, "{text}");
        // What was read is written in its own order.
        assert_eq!(
            summary(&parse_kif(&write_kif(&back)).unwrap()),
            summary(&back)
        );
    }
}

#[test]
fn published_solutions_write_and_read_back() {
    for row in rows(ZUKO_LINES) {
        let mut r = Record::new(parse_sfen(&row["sfen"]).unwrap());
        r.moves = line(&r.start, &row["line"]);
        r.headers = headers(&[("作品名", &row["id"]), ("手数", &row["plies"])]);
        let back = parse_kif(&write_kif(&r)).unwrap();
        assert_eq!(summary(&back).0, summary(&r).0);
        assert_eq!(usi(&back.moves), usi(&r.moves), "{}", row["id"]);
        assert_eq!(back.stated_length, Some(r.moves.len()), "{}", row["id"]);
        let mated = write_kif(&r).ends_with(&format!("まで{}手で詰み\n", r.moves.len()));
        assert_eq!(mated, row["note"] == "OK(mate)", "{}", row["id"]);
    }
}

#[test]
fn writer_layout() {
    let start = parse_sfen("4k4/9/9/9/9/9/9/9/9 b S2r2b4g3s4n4l18p 1").unwrap();
    let mut r = Record::new(start);
    r.moves = line(&r.start, "S*5b 5a5b");
    r.variations.push(Variation {
        ply: 2,
        moves: line(&r.start, "S*5b 5a6b"),
    });
    r.headers = headers(&[("作品名", "銀")]);
    let expected = "\
#KIF version=2.0 encoding=UTF-8
作品名：銀
後手の持駒：飛二　角二　金四　銀三　桂四　香四　歩十八
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ ・ ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：銀
手数----指手---------消費時間--
   1 ５二銀打     ( 0:00/00:00:00)
   2 同　玉(51)   ( 0:00/00:00:00)+
まで2手で中断

変化：2手
   2 ６二玉(51)   ( 0:00/00:00:00)
";
    assert_eq!(write_kif(&r), expected);
}

#[test]
fn kif_moves_say_nari_when_they_promote_and_nothing_when_they_do_not() {
    // The silver on ４三 may promote on ５四 or not; KIF writes `成`, or nothing as the GUIs'
    // readers want (they do not take `不成` after a piece), and reads both back.
    let start = parse_sfen("k8/9/5S3/9/9/9/9/9/8K b - 1").unwrap();
    for (played, text) in [("4c5d+", "５四銀成(43)"), ("4c5d", "５四銀(43)")] {
        let mut r = Record::new(start.clone());
        r.moves = line(&r.start, played);
        let kif = write_kif(&r);
        assert!(kif.contains(&format!("   1 {text}")), "{kif}");
        assert!(!kif.contains("不成"), "{kif}");
        assert_eq!(usi(&parse_kif(&kif).unwrap().moves), [played]);
    }
    // `不成`, as Kifu for Windows writes it, is still read.
    let mut r = Record::new(start.clone());
    r.moves = line(&r.start, "4c5d");
    let kif = write_kif(&r).replace("５四銀(43)", "５四銀不成(43)");
    assert_eq!(usi(&parse_kif(&kif).unwrap().moves), ["4c5d"]);
    // A move that cannot promote takes neither word.
    let mut r = Record::new(start.clone());
    r.moves = line(&r.start, "1i1h");
    assert!(write_kif(&r).contains("   1 １八玉(19)"));
}

/// The head-gold mate: a KIF in which each malformed case changes one line.
const GOOD_KIF: &str = "\
作品名：頭金
後手の持駒：残り全部
  ９ ８ ７ ６ ５ ４ ３ ２ １
+---------------------------+
| ・ ・ ・ ・v玉 ・ ・ ・ ・|一
| ・ ・ ・ ・ ・ ・ ・ ・ ・|二
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三
| ・ ・ ・ ・ ・ ・ ・ ・ ・|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九
+---------------------------+
先手の持駒：金
手数----指手---------消費時間--
   1 ５二金打     ( 0:00/00:00:00)
まで1手で詰み
";

/// `GOOD_KIF` with line `n` (1-based) replaced by `text`, or removed when `text` is empty.
fn with_line(n: usize, text: &str) -> String {
    let mut lines: Vec<&str> = GOOD_KIF.lines().collect();
    if text.is_empty() {
        lines.remove(n - 1);
    } else {
        lines[n - 1] = text;
    }
    lines.join("\n")
}

#[test]
fn handicaps_and_the_implied_start_position() {
    let sfen = |text: &str| to_sfen(&parse_kif(text).unwrap().start);
    assert_eq!(sfen("   1 ７六歩(77)\n"), STARTPOS);
    assert_eq!(sfen("手合割：平手\n"), STARTPOS);
    let white = |first_rank: &str, second_rank: &str| {
        format!("{first_rank}/{second_rank}/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
    };
    for (name, first, second) in [
        ("香落ち", "lnsgkgsn1", "1r5b1"),
        ("右香落ち", "1nsgkgsnl", "1r5b1"),
        ("角落ち", "lnsgkgsnl", "1r7"),
        ("飛車落ち", "lnsgkgsnl", "7b1"),
        ("飛香落ち", "lnsgkgsn1", "7b1"),
        ("二枚落ち", "lnsgkgsnl", "9"),
        ("四枚落ち", "1nsgkgsn1", "9"),
        ("六枚落ち", "2sgkgs2", "9"),
    ] {
        assert_eq!(
            sfen(&format!("手合割：{name}\n")),
            white(first, second),
            "{name}"
        );
    }
    // The stronger side moves first.
    let r = parse_kif("手合割：二枚落ち\n   1 ６二銀(71)\n").unwrap();
    assert_eq!(usi(&r.moves), ["7a6b"]);
}

#[test]
fn diagram_and_header_variants() {
    let text = "\
手数＝3
上手の持駒：残り駒全部
  9  8  7  6  5  4  3  2  1
+---------------------------+
| ・ ・ ・ ・ ・ ・ ・v桂v香|一
| ・ ・ ・ ・ ・ ・v飛v玉 ・|二
| ・ ・ ・ ・ ・ ・ ・v歩 ・|三
| ・ ・ ・ ・ ・ ・ 全 ・ 竜|四
| ・ ・ ・ ・ ・ ・ ・ ・ ・|五
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六
| ・ ・ ・ ・ ・ ・ ・ ・ ・|七
| ・ ・ ・ ・ ・ ・ ・ ・ ・|八
| ・ ・ ・ ・ ・ ・ ・ ・ 王|九
+---------------------------+
下手の持駒：金 歩十 桂
下手番
   1 ３三成銀(34)
まで5手で詰み
";
    let r = parse_kif(text).unwrap();
    assert_eq!(
        to_sfen(&r.start),
        "7nl/6rk1/7p1/6+S1+R/9/9/9/9/8K b GN10P2b3g3s2n3l7p 1"
    );
    assert_eq!(usi(&r.moves), ["3d3c"], "成銀 is the piece that moves");
    assert_eq!(r.stated_length, Some(3), "the 手数 header wins over まで");
    assert_eq!(r.headers, headers(&[("手数", "3")]));
    // White to move, by 後手番 or 上手番; the ASCII colon; 同 with an ASCII space.
    let text = GOOD_KIF
        .replace("先手の持駒：金\n", "先手の持駒:金\n後手番\n")
        .replace("まで1手で詰み\n", "   2 同 金打\n");
    // A move that cannot be played is kept as the record's fault, the diagram read.
    let e = parse_kif(&text).unwrap().move_fault.unwrap();
    assert_eq!((e.line, e.column), (19, 6), "{e}");
    assert!(
        e.message
            .contains("move 2 '同 金打' is illegal: ５二 is occupied"),
        "{e}"
    );
    let r = parse_kif(&text.replace("   2 同 金打\n", "   2 同 歩(53)\n")).unwrap();
    assert_eq!(r.start.side_to_move(), Color::White);
    assert_eq!(usi(&r.moves), ["G*5b", "5c5b"]);
    assert_eq!(r.stated_length, None);
}

#[test]
fn terminal_words_end_a_line() {
    for word in [
        "投了",
        "詰み",
        "中断",
        "不詰",
        "千日手",
        "持将棋",
        "切れ負け",
        "反則勝ち",
        "反則負け",
        "入玉勝ち",
        "封じ手",
    ] {
        let text = format!("手合割：平手\n   1 ７六歩(77)\n   2 {word}   ( 0:00/00:00:00)\n");
        let r = parse_kif(&text).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert_eq!(usi(&r.moves), ["7g7f"], "{word}");
        let r = parse_kif(&format!("{text}   2 ２六歩(27)\n")).unwrap();
        let e = r.move_fault.unwrap();
        assert_eq!((e.line, e.column), (4, 6), "{word}: {e}");
        let r = parse_ki2(&format!("手合割：平手\n▲７六歩 △{word}\n")).unwrap();
        assert_eq!(usi(&r.moves), ["7g7f"], "{word}");
    }
    // A side line that only ends (resigns instead of move 2) has no move of its own: dropped.
    let r = parse_kif("   1 ７六歩(77)\n   2 ３四歩(33)\n\n変化：2手\n   2 投了\n").unwrap();
    assert!(r.variations.is_empty());
}

#[test]
fn a_side_lines_faulty_move_ends_that_side_line_only_and_is_kept_with_its_place() {
    let text = String::from_utf8(fixture("side-line-illegal.kifu")).unwrap();
    let r = parse_kif(&text).unwrap();
    // The main line and the side line's moves before its fault stand.
    assert!(r.move_fault.is_none(), "{:?}", r.move_fault);
    assert_eq!(usi(&r.moves), ["G*5b"]);
    assert_eq!(r.variations.len(), 1);
    assert_eq!(usi(&r.variations[0].moves), ["G*4b"]);
    assert_eq!(r.side_faults.len(), 1);
    let fault = &r.side_faults[0];
    assert_eq!((fault.line, fault.column), (21, 6));
    assert!(
        fault.message.contains("move 2 '５二玉(51)' is illegal"),
        "{fault:?}"
    );
    // A side line after the faulty one is read.
    let more = format!("{text}\n変化：1手\n   1 ６二金打\n");
    let r = parse_kif(&more).unwrap();
    assert_eq!(r.variations.len(), 2);
    assert_eq!(usi(&r.variations[1].moves), ["G*6b"]);
    assert_eq!(r.side_faults.len(), 1);
}

#[test]
fn comments_are_kept_with_the_move_they_follow_and_written_back() {
    let text = String::from_utf8(fixture("composer-cook.kif")).unwrap();
    let r = parse_kif(&text).unwrap();
    let comments: Vec<(Option<usize>, usize, &str)> = r
        .comments
        .iter()
        .map(|c| (c.line, c.after, c.text.as_str()))
        .collect();
    assert_eq!(
        comments,
        [
            (None, 0, "作意：金を捨てて角を成る"),
            (None, 1, "捨て駒"),
            (Some(0), 3, "紛れ：銀成は同金で続かない"),
        ]
    );
    // Written and read again: the same comments where they were.
    let again = parse_kif(&write_kif(&r)).unwrap();
    assert_eq!(again.comments, r.comments);
    assert_eq!(again.variations, r.variations);
    assert_eq!(again.headers, r.headers);
}
