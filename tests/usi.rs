//! `tsume usi`: scripted sessions with the real binary, as a shogi GUI would hold them. Every
//! read has a deadline, so an engine that hangs fails the test instead of blocking it.

use crate::support::engine::{Engine, AT_ONCE};
use crate::support::oracle::oracle_legal_moves;
use crate::support::tsv::{row, sfen_of};
use std::time::{Duration, Instant};
use tsume::notation::sfen::parse_sfen;
use tsume::notation::usi::parse_usi_move_syntax;

const SHORT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/short.tsv");
const ZUKO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/problems/zuko.tsv");

/// Time allowed for an answer that needs a short search (generous for a loaded machine).
const ANSWER: Duration = Duration::from_secs(60);

/// The one-move mate of the library example: G*5b.
const MATE_IN_ONE: &str = "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1";

/// 図巧 No. 1 (69 plies): minutes of search, so any short session stops it first.
fn hard_problem() -> String {
    format!("position sfen {}", sfen_of(ZUKO, "zuko-001"))
}

/// The moves of a `checkmate <moves…>` line.
fn mate_moves(answer: &str) -> Vec<String> {
    let moves = answer
        .strip_prefix("checkmate ")
        .unwrap_or_else(|| panic!("not a checkmate line: {answer:?}"));
    assert!(
        !["nomate", "timeout", "notimplemented"].contains(&moves),
        "{answer:?}"
    );
    moves.split(' ').map(str::to_string).collect()
}

/// Plays `moves` from `sfen`, each checked legal by the independent oracle, the attacker's
/// every move a check, and the end a checkmate.
fn assert_mates(sfen: &str, moves: &[String]) {
    let mut pos = parse_sfen(sfen).expect("sfen");
    for (i, text) in moves.iter().enumerate() {
        assert!(
            oracle_legal_moves(&pos).contains(text),
            "{sfen}: ply {} {text} is not legal",
            i + 1
        );
        pos.make_move(parse_usi_move_syntax(text).expect("USI move"));
        if i % 2 == 0 {
            assert!(pos.in_check(), "{sfen}: ply {} {text} is no check", i + 1);
        }
    }
    assert!(moves.len() % 2 == 1, "{sfen}: the attacker moves last");
    assert!(
        pos.in_check() && oracle_legal_moves(&pos).is_empty(),
        "{sfen}: {moves:?} does not end in checkmate"
    );
}

#[test]
fn usi_lists_the_engine_and_its_options() {
    let mut e = Engine::start();
    e.send("usi");
    let expected = [
        format!("id name tsume {}", env!("CARGO_PKG_VERSION")),
        "id author the tsume developers".to_string(),
        "option name USI_Hash type spin default 256 min 1 max 65536".to_string(),
        "option name Threads type spin default 1 min 1 max 256".to_string(),
        "option name Rules type combo default Tsume var Tsume var Game".to_string(),
        "option name FutileCapture type combo default Any var Any var Checker".to_string(),
        "option name DefenderHasRest type check default false".to_string(),
        "usiok".to_string(),
    ];
    for line in expected {
        assert_eq!(e.line(AT_ONCE), line);
    }
    e.ready();
    // Windows GUIs end lines with CR LF.
    e.send("isready\r");
    assert_eq!(e.line(AT_ONCE), "readyok");
    e.send("quit");
    assert!(e.exit_status(AT_ONCE).success());
}

#[test]
fn a_mate_in_one_with_the_position_as_sent_and_with_the_defender_holding_the_rest() {
    let mut e = Engine::start();
    e.send_all(&["usi", "isready"]);
    while e.line(AT_ONCE) != "readyok" {}
    e.send_all(&["usinewgame", MATE_IN_ONE, "go mate 10000"]);
    assert_eq!(e.answer(ANSWER), "checkmate G*5b");
    e.send_all(&[
        "setoption name DefenderHasRest value true",
        MATE_IN_ONE,
        "go mate 10000",
    ]);
    assert_eq!(e.answer(ANSWER), "checkmate G*5b");
    e.send("gameover win");
    e.ready();
}

#[test]
fn short_problems_are_answered_with_a_legal_mate_of_their_length() {
    let mut e = Engine::start();
    e.send("setoption name Rules value Game");
    for (id, threads) in [
        ("mate3-01", 1),
        ("mate5-01", 1),
        ("mate5-02", 1),
        ("mate5-01", 2),
    ] {
        e.send(&format!("setoption name Threads value {threads}"));
        let row = row(SHORT, id);
        let length: usize = row["game_length"].parse().expect("a length");
        e.send(&format!("position sfen {}", row["sfen"]));
        e.send("go mate 60000");
        let moves = mate_moves(&e.answer(ANSWER));
        assert_eq!(moves.len(), length, "{id}: {moves:?}");
        assert_mates(&row["sfen"], &moves);
    }
    e.ready();
}

#[test]
fn a_position_with_moves_is_searched_where_the_moves_end() {
    let mut e = Engine::start();
    // White drops its rook without check; then Black, with a king of its own, mates.
    e.send_all(&[
        "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 w Gr 1 moves R*1h",
        "go mate 10000",
    ]);
    assert_eq!(e.answer(ANSWER), "checkmate G*5b");
    // After 7g7f White has no check at all.
    e.send_all(&["position startpos moves 7g7f", "go mate 10000"]);
    assert_eq!(e.answer(ANSWER), "checkmate nomate");
    e.ready();
}

#[test]
fn an_attacker_in_check_answers_it_with_a_check() {
    // White's bishop on 1e checks Black's king; the lance takes it with check and mates in 5.
    let sfen = "8k/9/7G1/9/8b/9/9/9/4K3L b - 1";
    let mut e = Engine::start();
    e.send_all(&[&format!("position sfen {sfen}"), "go mate 10000"]);
    let moves = mate_moves(&e.answer(ANSWER));
    assert_eq!(moves.len(), 5, "{moves:?}");
    assert_eq!(moves[0], "1i1e");
    assert_mates(sfen, &moves);
    assert!(
        e.infos.iter().any(|l| l.contains("in check")),
        "{:?}",
        e.infos
    );
    e.ready();
}

#[test]
fn the_rules_option_chooses_how_futile_interpositions_count() {
    // short.tsv futile-drops-60: ▲３二龍; every reply is a drop on 2b that the dragon takes.
    let position = format!("position sfen {}", sfen_of(SHORT, "futile-drops-60"));
    let mut e = Engine::start();
    e.send_all(&[&position, "go mate 10000"]);
    assert_eq!(e.answer(ANSWER), "checkmate 4b3b");
    assert!(
        e.infos
            .iter()
            .any(|l| l.starts_with("info string")
                && l.contains("every reply is a futile interposition")),
        "{:?}",
        e.infos
    );
    e.send_all(&[
        "setoption name Rules value Game",
        &position,
        "go mate 10000",
    ]);
    let moves = mate_moves(&e.answer(ANSWER));
    assert_eq!(moves.len(), 3, "{moves:?}");
    assert_eq!(moves[0], "4b3b");
    assert_mates(&sfen_of(SHORT, "futile-drops-60"), &moves);
    // FutileCapture is accepted silently.
    e.send("setoption name FutileCapture value Checker");
    e.ready();
}

#[test]
fn defender_has_rest_gives_the_defender_the_remaining_pieces() {
    // With nothing in hand the defender is mated in 5; holding every remaining piece, it is not.
    let sfen = "7nk/9/7P1/9/9/9/9/9/9 b R 1";
    let position = format!("position sfen {sfen}");
    let mut e = Engine::start();
    e.send_all(&[&position, "go mate 10000"]);
    let moves = mate_moves(&e.answer(ANSWER));
    assert_eq!(moves.len(), 5, "{moves:?}");
    assert_mates(sfen, &moves);
    e.send_all(&[
        "setoption name DefenderHasRest value true",
        &position,
        "go mate 10000",
    ]);
    assert_eq!(e.answer(ANSWER), "checkmate nomate");
    e.ready();
}

#[test]
fn proven_no_mates_answer_nomate() {
    let mut e = Engine::start();
    for position in [
        "position startpos".to_string(),
        // Perpetual check is no mate.
        format!("position sfen {}", sfen_of(SHORT, "repetition-nomate")),
        // No king to mate.
        "position sfen 9/9/9/9/9/9/9/9/4K4 b G 1".to_string(),
    ] {
        e.send_all(&[&position, "go mate 10000"]);
        assert_eq!(e.answer(ANSWER), "checkmate nomate", "{position}");
    }
    e.ready();
}

/// A progress line: `info time <ms> nodes <n> nps <n> hashfull <permille>`.
fn is_progress(line: &str) -> bool {
    let w: Vec<&str> = line.split(' ').collect();
    w.len() == 9
        && [w[0], w[1], w[3], w[5], w[7]] == ["info", "time", "nodes", "nps", "hashfull"]
        && [w[2], w[4], w[6]].iter().all(|n| n.parse::<u64>().is_ok())
        && w[8].parse::<u32>().is_ok_and(|p| p <= 1000)
}

#[test]
fn a_long_search_answers_isready_at_once_reports_progress_and_stops_on_stop() {
    let mut e = Engine::start();
    e.send_all(&[&hard_problem(), "go mate infinite"]);
    std::thread::sleep(Duration::from_millis(2500));
    e.send("isready");
    assert_eq!(e.answer(AT_ONCE), "readyok");
    assert!(
        e.infos.iter().any(|l| is_progress(l)),
        "no progress line: {:?}",
        e.infos
    );
    e.send("stop");
    assert_eq!(e.answer(ANSWER), "checkmate timeout");
    e.ready();
    // Nothing more is pending: stop without a search is ignored.
    e.send("stop");
    e.ready();
    e.send("quit");
    assert!(e.exit_status(AT_ONCE).success());
}

#[test]
fn a_time_limit_answers_timeout_by_itself() {
    let mut e = Engine::start();
    e.send_all(&[&hard_problem(), "go mate 300"]);
    let asked = Instant::now();
    assert_eq!(e.answer(ANSWER), "checkmate timeout");
    assert!(asked.elapsed() >= Duration::from_millis(300));
    e.ready();
}

#[test]
fn a_new_go_mate_stops_the_running_search_first() {
    let mut e = Engine::start();
    e.send_all(&[&hard_problem(), "go mate infinite"]);
    std::thread::sleep(Duration::from_millis(500));
    e.send_all(&[MATE_IN_ONE, "go mate 10000"]);
    assert_eq!(e.answer(ANSWER), "checkmate timeout");
    assert_eq!(e.answer(ANSWER), "checkmate G*5b");
    e.ready();
}

#[test]
fn go_without_mate_resigns() {
    let mut e = Engine::start();
    e.send_all(&["position startpos", "go btime 0 wtime 0 byoyomi 1000"]);
    assert_eq!(
        e.line(AT_ONCE),
        "info string tsume is a mate engine: use go mate"
    );
    assert_eq!(e.line(AT_ONCE), "bestmove resign");
    e.ready();
}

/// Sends `sent` and expects the next line to be an `info string` that names `needle`.
fn expect_info(e: &mut Engine, sent: &str, needle: &str) {
    e.send(sent);
    let line = e.line(AT_ONCE);
    if !(line.starts_with("info string ") && line.contains(needle)) {
        e.fail(&format!(
            "expected an info string naming {needle:?}, got {line:?}"
        ));
    }
}

#[test]
fn bad_input_is_reported_and_ignored() {
    let mut e = Engine::start();
    expect_info(&mut e, "position sfen garbage", "error");
    // No position: never a claim of no mate.
    expect_info(&mut e, "go mate 1000", "no position");
    assert_eq!(e.line(AT_ONCE), "checkmate timeout");
    expect_info(&mut e, "setoption name Nope value 1", "Nope");
    expect_info(&mut e, "setoption name USI_Hash value lots", "USI_Hash");
    expect_info(&mut e, "setoption name Rules value Chess", "Rules");
    expect_info(&mut e, "setoption name Threads value 0", "Threads");
    expect_info(&mut e, "frobnicate now", "frobnicate");
    expect_info(&mut e, "position startpos moves 7g7f 7g7f", "error");
    e.send("");
    e.ready();
    e.send(MATE_IN_ONE);
    expect_info(&mut e, "go mate soon", "soon");
    assert_eq!(e.line(AT_ONCE), "checkmate timeout");
    // The engine still works, with its options unchanged.
    e.send("go mate 10000");
    assert_eq!(e.answer(ANSWER), "checkmate G*5b");
    e.ready();
}

#[test]
fn end_of_input_ends_the_engine() {
    let mut e = Engine::start();
    e.ready();
    e.close_input();
    assert!(e.exit_status(AT_ONCE).success());
}

/// A whole session written at once, as a script pipes it (a here-doc): the answers up to the
/// engine's exit, which must come within `within`.
fn piped_session(lines: &[&str], within: Duration) -> Vec<String> {
    let mut e = Engine::start();
    e.send_all(lines);
    e.close_input();
    let answers = e.until("checkmate", within);
    assert!(e.exit_status(within).success());
    answers
}

#[test]
fn a_piped_session_gets_the_mate_before_quit_or_the_end_of_input() {
    for end in [Some("quit"), None] {
        // Five times each: the search has just started when the session ends.
        for _ in 0..5 {
            let mut lines = vec!["usi", "isready", MATE_IN_ONE, "go mate 5000"];
            lines.extend(end);
            let answers = piped_session(&lines, ANSWER);
            assert_eq!(answers.last().unwrap(), "checkmate G*5b", "{answers:?}");
        }
    }
}

#[test]
fn quit_lets_a_search_prove_its_mate_within_its_time() {
    // 図巧 No. 15 under the rules of the game: a mate in 33, some 240,000 nodes to prove.
    let position = format!("position sfen {}", sfen_of(ZUKO, "zuko-015"));
    let lines = [
        "setoption name Rules value Game",
        &position,
        "go mate 60000",
        "quit",
    ];
    let answers = piped_session(&lines, ANSWER);
    assert!(
        answers.contains(&"info string mate in 33".to_string()),
        "{answers:?}"
    );
    let sfen = sfen_of(ZUKO, "zuko-015");
    assert_mates(&sfen, &mate_moves(answers.last().unwrap()));
}

#[test]
fn quit_stops_a_search_at_its_own_time_limit_with_its_answer() {
    let position = hard_problem();
    let asked = Instant::now();
    let answers = piped_session(&[&position, "go mate 700", "quit"], ANSWER);
    assert_eq!(answers.last().unwrap(), "checkmate timeout");
    assert!(asked.elapsed() >= Duration::from_millis(700));
}

#[test]
fn quit_stops_a_search_with_no_limit_after_a_second() {
    let position = hard_problem();
    let asked = Instant::now();
    let answers = piped_session(&[&position, "go mate infinite", "quit"], AT_ONCE);
    assert_eq!(answers.last().unwrap(), "checkmate timeout");
    assert!(asked.elapsed() >= Duration::from_millis(1000));
}

#[test]
fn after_stop_the_mate_found_is_named_with_its_bound_and_its_line_or_why_not() {
    // 図巧 No. 21 under the rules of the game: a mate in at most 25 within a second, proven
    // shortest only after minutes.
    let mut e = Engine::start();
    let position = format!("position sfen {}", sfen_of(ZUKO, "zuko-021"));
    e.send_all(&[
        "setoption name Rules value Game",
        &position,
        "go mate infinite",
    ]);
    e.until("info string a mate in at most 25 plies found", ANSWER);
    e.send("stop");
    let lines = e.until("checkmate", ANSWER);
    assert_eq!(lines.last().unwrap(), "checkmate timeout", "{lines:?}");
    let said = |text: &str| lines.iter().any(|l| l.starts_with(text));
    assert!(
        said("info string a mate in at most 25 plies was found but not proven shortest"),
        "{lines:?}"
    );
    let line = lines.iter().find_map(|l| {
        l.strip_prefix("info string the mate found (25 plies, not proven shortest): ")
    });
    match line {
        Some(moves) => {
            let moves: Vec<String> = moves.split(' ').map(str::to_string).collect();
            assert_mates(&sfen_of(ZUKO, "zuko-021"), &moves);
        }
        None => assert!(said("info string its line is not shown"), "{lines:?}"),
    }
    e.ready();
}

/// The session of a shell script, a here-doc with no pause, through `sh`.
#[cfg(unix)]
#[test]
fn a_here_doc_session_in_a_shell_gets_the_mate() {
    let script = format!(
        "'{}' usi <<'EOF'\nusi\nisready\n{MATE_IN_ONE}\ngo mate 5000\nquit\nEOF\n",
        env!("CARGO_BIN_EXE_tsume")
    );
    let out = std::process::Command::new("sh")
        .args(["-c", &script])
        .output()
        .expect("run sh");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.lines().last(), Some("checkmate G*5b"), "{text}");
}

#[test]
fn end_of_input_during_a_search_ends_the_engine() {
    let mut e = Engine::start();
    e.send_all(&[&hard_problem(), "go mate infinite"]);
    std::thread::sleep(Duration::from_millis(300));
    e.close_input();
    assert!(e.exit_status(AT_ONCE).success());
}
