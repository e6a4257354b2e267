//! Game records and problem files whose moves are faulty, through the binary: a game (KIF, KI2,
//! CSA from 平手 or a handicap) is solved after its last move, with the hands as played; a
//! problem's faulty solution does not stop `solve` or `verify` from answering its diagram, and
//! `check` reports it as a line that fails (不詰).

use crate::support::cli::{json_of, tsume};
use serde_json::Value;
use std::path::{Path, PathBuf};
use tsume::notation::csa::parse_csa;
use tsume::notation::japanese::line_to_japanese;
use tsume::notation::sfen::parse_sfen;
use tsume::search::bounded::{Bounded, BoundedSearch};

const RECORDS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/records");

/// A game of 40 plies from 平手 (random legal moves), written by another program in Shift-JIS
/// KIF and in CSA; after it Black, to move, mates in 3.
const GAME_END: &str = "lns1k1B2/r1g2gs2/ppppp1+Np1/5pp2/1PP4nl/P7P/3PPPPPL/LB1RK4/1NSGS2G1 b p 41";

fn fixture(name: &str) -> String {
    format!("{RECORDS}/{name}")
}

/// A fresh directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("game-records-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// The same game as KI2 (UTF-8), its moves in 日本式 one a line after `手合割：平手`.
fn ki2_of_the_game(dir: &Path) -> PathBuf {
    let csa = std::fs::read_to_string(fixture("game-hirate.csa")).unwrap();
    let record = parse_csa(&csa).unwrap().remove(0);
    let moves = line_to_japanese(&record.start, &record.moves);
    let path = dir.join("game.ki2u");
    std::fs::write(&path, format!("手合割：平手\n{}\n", moves.join("\n"))).unwrap();
    path
}

#[test]
fn a_game_record_is_solved_after_its_last_move_and_says_so() {
    // The end position's mate in 3, by the plain bounded search (not the solver).
    let end = parse_sfen(GAME_END).unwrap();
    assert_eq!(
        BoundedSearch::new(5_000_000).shortest_mate(&end, 5),
        Bounded::Mate(3)
    );
    let dir = scratch("game");
    let ki2 = ki2_of_the_game(&dir);
    let files = [
        fixture("game-hirate.kif"),
        fixture("game-hirate.csa"),
        ki2.display().to_string(),
    ];
    for file in &files {
        let out = tsume(&["solve", file, "--rules", "game", "--json", "--hash", "16"]);
        let json = json_of(&out);
        assert_eq!(out.status.code(), Some(0), "{file}: {json}");
        assert_eq!(json["sfen"], GAME_END, "{file}");
        assert_eq!(json["game_moves"], 40, "{file}");
        assert_eq!(json["warning"], Value::Null, "{file}");
        assert_eq!(
            (json["result"].as_str(), json["length"].as_u64()),
            (Some("mate"), Some(3))
        );
        let text = tsume(&["solve", file, "--rules", "game", "--hash", "16"]);
        let text = String::from_utf8(text.stdout).unwrap();
        let first = text.lines().next().unwrap_or_default();
        assert_eq!(
            first,
            "a game record: solving the position after its last move, move 40 (△２五桂); the \
             side to move attacks",
            "{file}"
        );
    }
    // verify reads it the same way: the position after the moves, nothing expected of it.
    let out = tsume(&[
        "verify",
        &fixture("game-hirate.kif"),
        "--rules",
        "game",
        "--hash",
        "16",
    ]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

#[test]
fn a_handicap_record_starts_without_the_removed_pieces_in_either_hand() {
    // After the moves, as another program (cshogi) plays them from the handicap's position: the
    // removed pieces are nowhere, and the hands hold only what was captured.
    let cases = [
        (
            "kyo-ochi.kifu",
            "lnsgkg1n1/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL b Bb 6",
            5,
        ),
        (
            "nimai-ochi.kifu",
            "ln1gkgsnl/3s5/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3",
            2,
        ),
    ];
    for (name, sfen, moves) in cases {
        let out = tsume(&[
            "solve",
            &fixture(name),
            "--json",
            "--hash",
            "16",
            "--nodes",
            "100000",
        ]);
        let json = json_of(&out);
        assert_eq!(json["sfen"], sfen, "{name}");
        assert_eq!(json["game_moves"], moves, "{name}");
    }
}

#[test]
fn a_game_record_with_a_faulty_move_is_refused_where_the_move_is() {
    let dir = scratch("faulty-game");
    let kif = dir.join("faulty.kifu");
    std::fs::write(
        &kif,
        "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩(77)\n",
    )
    .unwrap();
    let out = tsume(&["solve", kif.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("faulty.kifu:5:6: move 3 '７五歩(77)'"),
        "{err}"
    );
}

#[test]
fn a_problem_whose_solution_is_faulty_still_has_its_diagram_solved_with_a_warning() {
    // An ambiguous KI2 move, an illegal CSA drop, an illegal KIF move.
    let cases = [
        (
            "ambiguous-solution.ki2u",
            ":15:1: move 1 '▲５二金': ambiguous",
        ),
        ("illegal-solution.csa", ":7:1: move 1 '+0023KI': not legal"),
    ];
    let kif = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/malformed/kif/illegal-move.kif"
    );
    let mut files: Vec<(String, &str)> = cases
        .iter()
        .map(|(name, fault)| (fixture(name), *fault))
        .collect();
    files.push((kif.to_string(), ":17:6: move 2 '５一玉(52)'"));
    for (file, fault) in &files {
        let out = tsume(&["solve", file, "--json", "--hash", "16"]);
        let json = json_of(&out);
        assert_eq!(
            (out.status.code(), json["length"].as_u64()),
            (Some(0), Some(1)),
            "{file}"
        );
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        // JSON carries the same warning as standard error.
        assert_eq!(
            Some(err.trim_end().trim_start_matches("tsume: warning: ")),
            json["warning"].as_str(),
            "{file}"
        );
        assert!(
            err.starts_with(&format!("tsume: warning: {file}{fault}")),
            "{err}"
        );
        assert!(err
            .trim_end()
            .ends_with("the diagram is solved without the record's moves"));
        // verify answers it too, with the same warning.
        let dir = scratch("faulty-solution-report");
        let report = dir.join("report.json");
        let out = tsume(&[
            "verify",
            file,
            "--hash",
            "16",
            "--report",
            report.to_str().unwrap(),
        ]);
        let json: Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
        let warning = json["problems"][0]["warning"].as_str().unwrap_or_default();
        assert!(warning.starts_with(&format!("{file}{fault}")), "{json}");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(String::from_utf8(out.stderr).unwrap().contains(fault));
        // check reports the intended line as failing at that move: 不詰, exit 1.
        let out = tsume(&["check", file, "--json", "--hash", "16"]);
        let json = json_of(&out);
        assert_eq!(out.status.code(), Some(1), "{json}");
        let text = json.to_string();
        assert!(
            text.contains("the record's move cannot be read") && text.contains(fault),
            "{text}"
        );
    }
}

#[test]
fn check_of_a_missing_record_file_says_no_such_file() {
    let out = tsume(&["check", "no-such-problem.kif"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr).trim_end(),
        "tsume: error: no such file: no-such-problem.kif"
    );
}

#[test]
fn a_handicap_opening_without_moves_has_the_removed_pieces_in_no_hand() {
    // The opening position itself, as a KIF 手合割 and a CSA PI line: 上手 (White) to move, the
    // removed pieces on no square and in neither hand (the hand convention does not apply).
    let dir = scratch("handicap-opening");
    let cases = [
        (
            "kyo.kifu",
            "手合割：香落ち\n",
            "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "nimai.kifu",
            "手合割：二枚落ち\n",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
        (
            "nimai.csa",
            "V2.2\nPI82HI22KA\n-\n",
            "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        ),
    ];
    for (name, text, sfen) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let file = path.to_str().unwrap();
        let out = tsume(&["solve", file, "--json", "--hash", "16", "--nodes", "1000"]);
        assert_eq!(json_of(&out)["sfen"], sfen, "{name}");
    }
}

#[test]
fn a_csa_handicap_game_is_played_from_the_handicap_position() {
    // 二枚落ち from CSA PI82HI22KA: White moves first (△３四歩 ▲７六歩); the hands stay empty.
    let dir = scratch("csa-handicap");
    let path = dir.join("nimai.csa");
    std::fs::write(&path, "V2.2\nPI82HI22KA\n-\n-3334FU\n+7776FU\n").unwrap();
    let out = tsume(&[
        "solve",
        path.to_str().unwrap(),
        "--json",
        "--hash",
        "16",
        "--nodes",
        "1000",
    ]);
    let json = json_of(&out);
    assert_eq!(
        json["sfen"],
        "lnsgkgsnl/9/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3"
    );
    assert_eq!(json["game_moves"], 2);
}

#[test]
fn check_of_a_game_record_checks_its_last_position_with_no_intended_line() {
    let file = fixture("game-hirate.kif");
    let out = tsume(&["check", &file, "--rules", "game", "--hash", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim_end(),
        format!(
            "tsume: {file}: a game record: checking the position after its last move (40), with \
             no intended line"
        )
    );
    assert!(text.contains(&format!("sfen: {GAME_END}")), "{text}");
    assert!(
        text.contains("no intended line given: the solver's line is checked, 3 plies"),
        "{text}"
    );
    // The game's moves are not taken for a solution that fails (不詰).
    assert!(!text.contains("不詰"), "{text}");
}
