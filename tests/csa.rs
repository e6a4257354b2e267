//! The CSA reader on the files of `tests/fixtures/csa/` and on a table of malformed inputs, each
//! fault checked for its line, column and message.

use tsume::notation::csa::parse_csa;
use tsume::notation::record::Record;
use tsume::notation::sfen::to_sfen;
use tsume::shogi::movegen::legal_move_list;

const FIXTURES: [&str; 4] = ["zuko-036.csa", "game-v3.csa", "multi.csa", "handicap.csa"];

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/csa/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(name: &str) -> Vec<Record> {
    parse_csa(&fixture(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn usi(r: &Record) -> Vec<String> {
    r.moves.iter().map(|m| m.to_string()).collect()
}

fn headers(r: &Record) -> Vec<(&str, &str)> {
    r.headers
        .iter()
        .map(|(n, v)| (n.as_str(), v.as_str()))
        .collect()
}

/// The side to move after the record's moves is in check with no legal move.
fn ends_in_mate(r: &Record) -> bool {
    let end = r.end_position();
    end.in_check() && legal_move_list(&end).is_empty()
}

#[test]
fn tsume_problem_with_rows_hands_and_all_remaining() {
    let records = read("zuko-036.csa");
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(
        to_sfen(&r.start),
        "9/6nS1/4s4/4r1P1g/5Sk1B/5+pbR1/4Nsp2/9/4N4 b 3Gn4l15p 1"
    );
    assert_eq!(
        usi(r),
        [
            "G*2e", "3f2e", "4e3f", "2e3f", "G*2e", "3f2e", "2f3f", "4g3f+", "5i4g", "3f4g",
            "G*2f", "3e3d", "1e3c+"
        ]
    );
    assert_eq!(r.stated_length, Some(13));
    assert_eq!(
        headers(r),
        [("N+", "伊藤看寿"), ("EVENT", "将棋図巧 第36番")]
    );
    assert!(ends_in_mate(r));
}

#[test]
fn v3_game_from_the_start_position_with_times() {
    let records = read("game-v3.csa");
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(
        to_sfen(&r.start),
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
    );
    assert_eq!(usi(r), ["7g7f", "3c3d", "8h2b+", "3a2b", "B*4e"]);
    assert_eq!(r.stated_length, None);
    assert_eq!(
        headers(r),
        [
            ("N+", "Sente"),
            ("N-", "Gote"),
            ("EVENT", "Test Cup, round 1"),
            ("SITE", "Tokyo"),
            ("START_TIME", "2024/05/14 10:00:00"),
            ("TIME", "600+10+0"),
            ("OPENING", "YAGURA"),
            ("END_TIME", "2024/05/14 10:05:00"),
        ]
    );
}

#[test]
fn three_records_separated_by_slashes() {
    let records = read("multi.csa");
    assert_eq!(records.len(), 3);
    let sfens: Vec<String> = records.iter().map(|r| to_sfen(&r.start)).collect();
    assert_eq!(
        sfens,
        [
            "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "7+P1/5R1s1/6ks1/9/5L1p1/9/9/9/9 b R2b4g2s4n3l16p 1",
        ]
    );
    let lines: Vec<Vec<String>> = records.iter().map(usi).collect();
    assert_eq!(
        lines,
        [
            vec!["G*5b"],
            vec!["2g2f", "8c8d"],
            vec!["R*3d", "3c3d", "4b4d+"]
        ]
    );
    let stated: Vec<Option<usize>> = records.iter().map(|r| r.stated_length).collect();
    assert_eq!(stated, [Some(1), None, Some(3)]);
    assert_eq!(headers(&records[0]), [("N+", "First"), ("N-", "Second")]);
    assert_eq!(headers(&records[1]), [("EVENT", "Second record")]);
    assert!(headers(&records[2]).is_empty());
    assert!(ends_in_mate(&records[0]) && ends_in_mate(&records[2]));
}

#[test]
fn handicap_removes_the_named_pieces() {
    let records = read("handicap.csa");
    assert_eq!(records.len(), 1);
    let r = &records[0];
    assert_eq!(
        to_sfen(&r.start),
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
    );
    assert_eq!(usi(r), ["5a4b", "7g7f", "6a5b"]);
    assert_eq!(
        headers(r),
        [("N+", "Shitate"), ("N-", "Uwate"), ("EVENT", "二枚落ち")]
    );
}

/// Malformed inputs: name, text, the line and column of the fault, a part of the message.
#[rustfmt::skip]
const FAULTS: &[(&str, &str, usize, usize, &str)] = &[
    ("empty text", " \n\n", 1, 1, "empty text"),
    ("no position", "V2.2\nN+a\n", 2, 1, "no position"),
    ("bad version", "V4\nPI\n+\n", 1, 1, "unknown version 'V4'"),
    ("version not first", "N+a\nV2.2\nPI\n+\n", 2, 1, "must come first"),
    ("bad piece code", "P-51OU\nP+53XX\n+\n", 2, 5, "unknown piece code 'XX' (expected FU"),
    ("bad code in a row", "P1-KY-KE-GI-KI-OU-KI-GI-KE-KX\n", 1, 28, "'KX'"),
    ("short row", "P1-KY-KE-GI-KI-OU-KI-GI-KE\n", 1, 27, "P1 has 8 cells, expected 9"),
    ("long row", "P1 *  *  *  *  *  *  *  *  * -FU\n", 1, 30, "more than 9 cells"),
    ("bad cell", "P1 *  *  x\n", 1, 10, "unexpected 'x' in P1"),
    ("rows out of order", "P2 *  *  *  *  *  *  *  *  * \n", 1, 2, "P2 where P1"),
    ("missing turn", "PI\n", 1, 3, "no turn line ('+' or '-')"),
    ("move before turn", "PI\n+7776FU\n", 2, 1, "before the turn line"),
    ("move before position", "+7776FU\n", 1, 1, "before the position"),
    ("turn before position", "V2.2\n+\n", 2, 1, "'+' before the position"),
    ("unknown statement", "PI\n+\nX\n", 3, 1, "unknown statement 'X'"),
    ("unknown position line", "PX\n", 1, 1, "unknown position line 'PX'"),
    ("illegal move", "PI\n+\n+7775FU\n", 3, 1, "move 1 '+7775FU': not legal: the piece on 77"),
    ("illegal drop", "P-51OU\nP+57FU\nP+00FU\n+\n+0055FU\n", 5, 1, "FU cannot be dropped on 55"),
    ("must promote", "P-51OU\nP+12FU\n+\n+1211FU\n", 4, 6, "the piece must promote"),
    ("cannot promote", "PI\n+\n+7776TO\n", 3, 6, "the piece cannot promote"),
    ("wrong sign", "PI\n+\n-3334FU\n", 3, 1, "White's move, but Black is to move"),
    ("no piece there", "PI\n+\n+7776FU\n-5554FU\n", 4, 2, "move 2 '-5554FU': no White piece on 55"),
    ("wrong code", "PI\n+\n+7776KI\n", 3, 6, "the piece on 77 is FU: expected FU, or TO"),
    ("no piece in hand", "PI\n+\n+0055KI\n", 3, 2, "Black has no KI in hand"),
    ("truncated move", "PI\n+\n+7776F\n", 3, 1, "truncated"),
    ("00 as destination", "PI\n+\n+7700FU\n", 3, 4, "square 00 is only for hands"),
    ("00 in PI", "PI00FU\n+\n", 1, 3, "square 00 is only for hands"),
    ("bad square", "P+50FU\n+\n", 1, 3, "bad square '50'"),
    ("PI removes a missing piece", "PI82KA\n-\n", 1, 3, "no KA on 82"),
    ("too many pawns", "PI\nP+00FU\n+\n", 2, 3, "too many FU: the set holds 18"),
    ("too many rooks", "P+00HI00HI\nP-00HI\n-\n", 2, 3, "too many HI"),
    ("promoted piece in hand", "P+00TO\n+\n", 1, 5, "not TO"),
    ("truncated entry", "P+55KI00K\n+\n", 1, 7, "truncated entry '00K'"),
    ("AL on a square", "P-55AL\n+\n", 1, 3, "00AL"),
    ("two pieces on a square", "P+55FU\nP-55FU\n+\n", 2, 3, "two pieces on 55"),
    ("two kings of a side", "P+59OU\nP+58OU\n+\n", 2, 3, "Black has a second king"),
    ("二歩", "P-51OU\nP+57FU53FU\n+\n", 2, 3, "二歩"),
    ("dead piece", "P-51OU\nP+11KY\n+\n", 2, 3, "KY on 11 could never move"),
    ("side not to move in check", "P-51OU\nP+52KI\n+\n", 3, 1, "White is in check"),
    ("second turn line", "PI\n+\n-\n", 3, 1, "after the turn line"),
    ("position after moves", "PI\n+\n+7776FU\nP+00FU\n", 4, 1, "after the turn line"),
    ("text after %TORYO", "PI\n+\n+7776FU\n%TORYO\n-3334FU\n", 5, 1, "after %TORYO"),
    ("unknown special move", "PI\n+\n%FOO\n", 3, 1, "unknown special move '%FOO'"),
    ("bad time", "PI\n+\n+7776FU,T1x\n", 3, 9, "bad time 'T1x'"),
    ("bad header", "$EVENT\nPI\n+\n", 1, 1, "$KEY:value"),
    ("empty record between slashes", "PI\n+\n/\n/\nPI\n+\n", 4, 1, "no position"),
    ("fault in the second record", "PI\n+\n/\nPI\n+\n+7776FU,-3334FU,+2726XX\n", 6, 22, "'XX'"),
];

#[test]
fn malformed_inputs_name_line_and_column() {
    for &(name, text, line, column, part) in FAULTS {
        // A move that cannot be read or played is kept as the record's fault, the position read.
        let e = match parse_csa(text) {
            Ok(records) => records
                .into_iter()
                .find_map(|r| r.move_fault)
                .unwrap_or_else(|| panic!("{name}: accepted")),
            Err(e) => e,
        };
        assert_eq!((e.line, e.column), (line, column), "{name}: {e}");
        assert!(e.message.contains(part), "{name}: {e}");
    }
}

/// Every fault of a damaged fixture (cut short, or one character dropped) points inside the text.
#[test]
fn damaged_files_give_faults_inside_the_text() {
    for name in FIXTURES {
        let text = fixture(name);
        let cuts = text.char_indices().map(|(i, _)| i);
        let damaged = cuts.flat_map(|i| {
            let next = text[i..].chars().next().map_or(i, |c| i + c.len_utf8());
            [
                text[..i].to_string(),
                format!("{}{}", &text[..i], &text[next..]),
            ]
        });
        for t in damaged {
            if let Err(e) = parse_csa(&t) {
                let lines: Vec<&str> = t.lines().collect();
                let width = lines.get(e.line - 1).map_or(0, |l| l.chars().count());
                assert!(e.line <= lines.len().max(1), "{name}: {e}\n{t}");
                assert!((1..=width + 1).contains(&e.column), "{name}: {e}\n{t}");
            }
        }
    }
}

#[test]
fn lone_cr_line_endings_read_as_lf_ones() {
    let same = |a: &Record, b: &Record| {
        assert_eq!(to_sfen(&a.start), to_sfen(&b.start));
        assert_eq!(headers(a), headers(b));
        assert_eq!(usi(a), usi(b));
        assert_eq!(a.variations, b.variations);
        assert_eq!(a.stated_length, b.stated_length);
        assert_eq!(a.position_line, b.position_line);
    };
    let lf = parse_csa("PI\n+\n+7776FU\n").unwrap();
    let cr = parse_csa("PI\r+\r+7776FU\r").unwrap();
    assert_eq!(cr.len(), 1);
    same(&lf[0], &cr[0]);
    assert_eq!(usi(&cr[0]), ["7g7f"]);
    for name in FIXTURES {
        let text = fixture(name).replace("\r\n", "\n");
        let lf = parse_csa(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let cr = parse_csa(&text.replace('\n', "\r")).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(lf.len(), cr.len(), "{name}");
        for (a, b) in lf.iter().zip(&cr) {
            same(a, b);
        }
    }
}
