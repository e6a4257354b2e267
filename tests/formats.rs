//! Record files through the commands: `solve` reads KIF, KI2 and CSA by extension and prints
//! USI, 日本式, KIF or JSON; `--kif` writes a KIF that reads back to the same problem and line;
//! `verify` reads record files and directories of them, a bad file being one row's error.

use crate::support::cli::tsume;
use serde::Deserialize;
use std::path::PathBuf;
use std::process::Output;
use tsume::notation::encoding::decode_record;
use tsume::notation::kif::parse_kif;
use tsume::notation::sfen::to_sfen;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures");

fn fixture(path: &str) -> String {
    format!("{FIXTURES}/{path}")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("UTF-8 output")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A fresh directory under the system's temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tsume-formats-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a temporary directory");
        TempDir(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The part of `solve --json` these tests read.
#[derive(Deserialize)]
struct Solved {
    sfen: String,
    result: String,
    length: Option<usize>,
    line: Vec<String>,
    line_ja: Vec<String>,
}

/// The ids of the problems of a `verify --report` file, in order.
fn report_ids(report: &std::path::Path) -> Vec<String> {
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(report).unwrap()).unwrap();
    json["problems"]
        .as_array()
        .expect("a list of problems")
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect()
}

fn solve_json(problem: &str, extra: &[&str]) -> Solved {
    let out = tsume(&[&["solve", problem, "--format", "json"], extra].concat());
    assert_eq!(out.status.code(), Some(0), "{problem}: {}", stderr(&out));
    serde_json::from_str(&stdout(&out)).expect("the solve JSON")
}

#[test]
fn a_csa_problem_is_solved_in_its_stated_length() {
    let csa = fixture("csa/zuko-036.csa");
    let json = solve_json(&csa, &[]);
    assert_eq!((json.result.as_str(), json.length), ("mate", Some(13)));
    // P-00AL gave the defender every piece not on the board or in Black's hand.
    assert!(json.sfen.ends_with(" b 3Gn4l15p 1"), "{}", json.sfen);

    let usi = tsume(&["solve", &csa, "--format", "usi"]);
    assert_eq!(usi.status.code(), Some(0));
    assert_eq!(stdout(&usi), format!("{}\n", json.line.join(" ")));

    let ja = tsume(&["solve", &csa, "--format", "ja"]);
    assert_eq!(
        stdout(&ja),
        format!("{}\nまで13手詰\n", json.line_ja.join(" "))
    );
}

#[test]
fn kif_ki2_and_csa_files_are_read_by_extension() {
    for file in [
        "kif/zuko082.kif",
        "kif/zuko082.kifu",
        "kif/zuko082-utf8.kif",
    ] {
        let json = solve_json(&fixture(file), &["--rules", "game"]);
        assert_eq!(
            (json.result.as_str(), json.length),
            ("mate", Some(19)),
            "{file}"
        );
    }
    // A game record's problem is its start position: from the start of a game Black has no
    // check at all, a proven no-mate.
    let out = tsume(&["solve", &fixture("kif/game.ki2"), "--format", "usi"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout(&out), "nomate\n  no_check\n");
}

#[test]
fn the_kif_written_reads_back_to_the_problem_and_its_line() {
    let dir = TempDir::new("kif-out");
    let kif = dir.path("out.kif");
    let csa = fixture("csa/zuko-036.csa");
    let json = solve_json(&csa, &["--kif", kif.to_str().unwrap()]);
    let text = decode_record(&std::fs::read(&kif).unwrap(), false).unwrap();
    assert!(text.starts_with("#KIF version=2.0 encoding=UTF-8\n"));
    assert!(text.contains("まで13手で詰み"), "{text}");
    let record = parse_kif(&text).unwrap();
    assert_eq!(to_sfen(&record.start), json.sfen);
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, json.line);
    assert_eq!(record.stated_length, Some(13));
    // CSA headers are written under their KIF names.
    assert_eq!(record.header("先手"), Some("伊藤看寿"));
    assert_eq!(record.header("棋戦"), Some("将棋図巧 第36番"));
    // Only the temporary file's final name is left behind.
    let names: Vec<_> = std::fs::read_dir(&dir.0).unwrap().collect();
    assert_eq!(names.len(), 1);

    // The KIF printed by --format kif is the same text.
    let printed = tsume(&["solve", &csa, "--format", "kif"]);
    assert_eq!(stdout(&printed), text);
    // And it is itself a problem file: solving it gives the same line.
    assert_eq!(solve_json(kif.to_str().unwrap(), &[]).line, json.line);
}

#[test]
fn a_proven_no_mate_prints_nomate_and_its_refutation_in_usi_and_ja() {
    let sfen = "4k4/9/9/9/9/9/9/9/9 b P 1";
    // nomate, then the same tree in USI, with how each reply holds in the JSON's words.
    let usi = tsume(&["solve", sfen, "--format", "usi", "--literal-hands"]);
    assert_eq!(
        (usi.status.code(), stdout(&usi).as_str()),
        (
            Some(1),
            "nomate\n  P*5b 5a4a no_mate\n    5b5a+ 4a3a no_mate\n"
        )
    );
    // 不詰, then the refutation in 日本式: the one check, its holding reply, and below it the
    // next check and its reply.
    let ja = tsume(&["solve", sfen, "--format", "ja", "--literal-hands"]);
    assert_eq!(
        (ja.status.code(), stdout(&ja).as_str()),
        (
            Some(1),
            "不詰\n  ▲５二歩 △４一玉：以下不詰（証明済み）、続いて\n    ▲５一歩成 △３一玉：以下不詰（証明済み）\n"
        )
    );
}

#[test]
fn a_malformed_record_names_file_line_and_column_and_exits_2() {
    let dir = TempDir::new("bad");
    let bad = dir.path("bad.kifu");
    let good = std::fs::read_to_string(fixture("kif/zuko082.kifu")).unwrap();
    let (n, line) = good
        .lines()
        .enumerate()
        .find(|(_, l)| l.starts_with('|'))
        .expect("a board row");
    std::fs::write(
        &bad,
        good.replacen(line, &line.replacen(" ・", " 象", 1), 1),
    )
    .unwrap();
    let out = tsume(&["solve", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains(&format!("bad.kifu:{}:", n + 1)) && err.contains('象'),
        "{err}"
    );

    let multi = tsume(&["solve", &fixture("csa/multi.csa")]);
    assert_eq!(multi.status.code(), Some(2));
    assert!(
        stderr(&multi).contains("holds 3 records"),
        "{}",
        stderr(&multi)
    );

    let missing = tsume(&["solve", "no/such/file.kif"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(stderr(&missing).contains("no/such/file.kif"));
}

#[test]
fn verify_reads_a_directory_of_records_and_reports_a_bad_one_as_its_row() {
    let dir = TempDir::new("verify");
    let copy = |from: &str, to: &str| std::fs::copy(fixture(from), dir.path(to)).unwrap();
    copy("csa/zuko-036.csa", "a.csa");
    let csa = tsume(&["solve", &fixture("csa/zuko-036.csa"), "--format", "kif"]);
    std::fs::write(dir.path("b.kif"), csa.stdout).unwrap();
    std::fs::write(dir.path("c.kifu"), "後手の持駒：なし\n").unwrap();
    std::fs::write(dir.path("notes.txt"), "not a collection\n").unwrap();
    let report = dir.path("report.json");
    let out = tsume(&[
        "verify",
        dir.0.to_str().unwrap(),
        "--report",
        report.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}{}", stderr(&out));
    assert!(
        text.contains("3 problems: 2 ok, 0 mismatch, 0 unknown, 1 error"),
        "{text}"
    );
    assert!(text.contains("c.kifu"), "{text}");
    let ids = report_ids(&report);
    assert_eq!(ids, ["a", "b", "c"]);
}

#[test]
fn every_record_of_a_multi_record_csa_is_a_problem_of_verify() {
    let dir = TempDir::new("multi");
    let report = dir.path("report.json");
    let out = tsume(&[
        "verify",
        &fixture("csa/multi.csa"),
        "--report",
        report.to_str().unwrap(),
    ]);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("3 problems: 3 ok"), "{text}");
    let ids = report_ids(&report);
    assert_eq!(ids, ["multi#1", "multi#2", "multi#3"]);
}

#[test]
fn check_takes_a_record_files_moves_as_the_intended_solution() {
    let csa = fixture("csa/zuko-036.csa");
    let out = tsume(&["check", &csa, "--time", "20"]);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("verdict: sound"), "{}", stdout(&out));

    // The same problem as a KIF whose last move is cut off: the line ends with a reply.
    let dir = TempDir::new("check");
    let kif = tsume(&["solve", &csa, "--format", "kif"]);
    let cut: String = stdout(&kif)
        .lines()
        .filter(|l| !l.starts_with("  13 ") && !l.starts_with("まで"))
        .map(|l| format!("{l}\n"))
        .collect();
    let path = dir.path("cut.kifu");
    std::fs::write(&path, cut).unwrap();
    let out = tsume(&["check", path.to_str().unwrap(), "--time", "20"]);
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    assert!(stdout(&out).contains("不詰"), "{}", stdout(&out));
}

/// The README's example: its line has ▲２三桂不成.
const KNIGHT_NOT_PROMOTING: &str = "6kp1/8n/5R1L1/4+b2sB/6N2/9/6L2/9/9 b r4g3s2n2l17p 1";

#[test]
fn the_kif_writes_a_move_that_could_promote_and_does_not_without_funari() {
    let out = tsume(&["solve", KNIGHT_NOT_PROMOTING, "--format", "kif"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    // As the GUIs' readers want it: they do not take 不成 after a piece.
    assert!(text.contains("   9 ２三桂(35)"), "{text}");
    assert!(!text.contains("不成"), "{text}");
    // A move that cannot promote takes neither word.
    assert!(text.contains("   2 同　玉(31)"), "{text}");
    let record = parse_kif(&text).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, solve_json(KNIGHT_NOT_PROMOTING, &[]).line);
}

/// `short.tsv`'s `futile-drops-60`: ▲３二龍 mates in 1, every reply a futile interposition.
const FUTILE_END: &str = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";

#[test]
fn every_format_says_a_line_ends_in_futile_interpositions() {
    let ja = tsume(&["solve", FUTILE_END, "--format", "ja"]);
    assert_eq!(
        stdout(&ja),
        "▲３二龍\n以下無駄合（△２二香 ▲同　龍 など、数えない）\nまで1手詰\n"
    );
    let kif = stdout(&tsume(&["solve", FUTILE_END, "--format", "kif"]));
    assert!(
        kif.ends_with(
            "   1 ３二龍(42)   ( 0:00/00:00:00)\n*以下無駄合（△２二香 ▲同　龍 など、数えない）\nまで1手で詰み\n"
        ),
        "{kif}"
    );
    let record = parse_kif(&kif).unwrap();
    assert_eq!(record.stated_length, Some(1));
    assert_eq!(record.moves.len(), 1);
    let text = stdout(&tsume(&["solve", FUTILE_END]));
    assert!(
        text.contains(
            "then every reply is a futile interposition, not counted: e.g. △２二香 ▲同　龍"
        ),
        "{text}"
    );
    let usi = stdout(&tsume(&["solve", FUTILE_END, "--format", "usi"]));
    assert_eq!(usi, "4b3b\n  futile_end L*2b 3b2b\n");
    // Under the rules of the game the drop is a move like any other.
    let game = stdout(&tsume(&[
        "solve", FUTILE_END, "--format", "usi", "--rules", "game",
    ]));
    assert_eq!(game, "4b3b L*2b 3a2b+\n");
}

/// 図巧 No. 50 with these limits: a mate of at most 19 plies found, its line of 17, not proven
/// shortest.
const ZUKO_050: &str = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";
const ZUKO_050_LIMITS: [&str; 6] = ["--nodes", "200000", "--hash", "64", "--threads", "1"];

#[test]
fn every_format_shows_a_mate_found_but_not_proven_shortest_as_such() {
    let run = |format: &str| {
        let out = tsume(
            &[
                &["solve", ZUKO_050, "--format", format],
                &ZUKO_050_LIMITS[..],
            ]
            .concat(),
        );
        assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
        stdout(&out)
    };
    let json: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    assert_eq!(json["result"], "unknown");
    assert_eq!(json["mate_at_most"], 19);
    let line: Vec<String> = json["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect();
    let line_ja: Vec<&str> = json["line_ja"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert_eq!(line.len(), 17);

    assert_eq!(
        run("usi"),
        format!("unknown mate_at_most 19 {}\n", line.join(" "))
    );
    assert_eq!(
        run("ja"),
        format!(
            "{}\nまで17手詰（最短未証明、19手以内）\n",
            line_ja.join(" ")
        )
    );
    let kif = run("kif");
    assert!(kif.contains("\n*最短未証明"), "{kif}");
    assert!(kif.ends_with("まで17手で中断\n"), "{kif}");
    assert!(!kif.contains("手数："), "{kif}");
    let record = parse_kif(&kif).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, line);
    assert_eq!(record.stated_length, None);
}

/// 図巧 No. 20: 37 plies counted, 39 played (△５七歩 ▲同　馬 futile at plies 10 and 11).
const ZUKO_020: &str = "4ng2+r/5+r1+L1/4P1k1G/4l2P1/3spS1p+p/9/3N1L+p2/3+b5/1+B7 b 2g2s2nl12p 1";

#[test]
fn a_kif_with_a_futile_interposition_numbers_moves_as_played_beside_the_counted_length() {
    let json = solve_json(ZUKO_020, &[]);
    assert_eq!((json.length, json.line.len()), (Some(37), 39));
    let kif = stdout(&tsume(&["solve", ZUKO_020, "--format", "kif"]));
    assert!(kif.contains("\n手数：37\n"), "{kif}");
    // Every move played is numbered, 1 to 39, and まで names the last number.
    let numbers: Vec<usize> = kif
        .lines()
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect();
    assert_eq!(numbers, (1..=39).collect::<Vec<_>>());
    assert!(
        kif.contains("  11 同　馬(79)   ( 0:00/00:00:00)\n*無駄合（△５七歩 ▲同　馬、数えない）\n"),
        "{kif}"
    );
    assert!(
        kif.ends_with("*指し手39手のうち無駄合2手を除き37手\nまで39手で詰み\n"),
        "{kif}"
    );
    // Read back: the same moves, the counted length stated.
    let record = parse_kif(&kif).unwrap();
    let moves: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, json.line);
    assert_eq!(record.stated_length, Some(37));
}
