//! `tsume serve`: the workbench's server run as a user runs it, spoken to over a socket. Its
//! answers are the command line's; it answers only its own origin; bad requests get a JSON
//! error with their status; one search runs at a time, and Stop, a dropped connection and
//! Ctrl-C each end it.

use crate::support::http::{read_until, Answer, Serve};
use crate::support::tsv::sfen_of;
use serde_json::{json, Value};
use std::process::Command;
use std::time::{Duration, Instant};

const KOBA: &str = "3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1";
const COOKED: &str = "3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1";
const COOKED_LINE: &str = "G*5a 6a5a 2d5a+ 4a5a G*5b";

/// 図巧 No. 1: a search of many seconds.
fn long_problem() -> String {
    sfen_of("problems/zuko.tsv", "zuko-001")
}

/// The command line's output, searched on one thread as the server started by
/// [`Serve::start`] searches.
fn tsume(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .env("TSUME_THREADS", "1")
        .output()
        .expect("run tsume");
    String::from_utf8(out.stdout).expect("UTF-8")
}

/// `value` without the fields that time a search.
fn untimed(mut value: Value) -> Value {
    if let Some(object) = value.as_object_mut() {
        for key in ["time_ms", "nodes_per_second"] {
            object.remove(key);
        }
        for v in object.values_mut() {
            *v = untimed(v.take());
        }
    } else if let Some(items) = value.as_array_mut() {
        for v in items {
            *v = untimed(v.take());
        }
    }
    value
}

fn error_message(answer: &Answer) -> String {
    answer.json()["error"]["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no error message: {answer:?}"))
        .to_string()
}

#[test]
fn the_page_and_its_assets_come_from_the_binary() {
    let serve = Serve::start();
    let page = serve.get("/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    let policy = page.header("content-security-policy").unwrap();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert!(String::from_utf8_lossy(&page.body).contains("/assets/app.js"));
    assert_eq!(serve.get("/assets/app.js").status, 200);
    assert_eq!(serve.get("/assets/app.css").status, 200);
    assert_eq!(serve.get("/assets/../Cargo.toml").status, 404);
    assert_eq!(serve.get("/etc/passwd").status, 404);
    let info = serve.get("/api/info").json();
    assert_eq!(info["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(info["defaults"]["rules"], "tsume");
}

#[test]
fn a_foreign_host_or_origin_is_refused() {
    let serve = Serve::start();
    let port = serve.host.rsplit(':').next().unwrap().to_string();
    let own = format!("http://{}", serve.host);
    let refused = [
        vec![("Host", "evil.example".to_string())],
        vec![("Host", format!("evil.example:{port}"))],
        vec![(
            "Host",
            format!("127.0.0.1:{}", port.parse::<u32>().unwrap() + 1),
        )],
        vec![("Origin", "http://evil.example".to_string())],
        vec![("Origin", format!("http://127.0.0.1:{port}.evil.example"))],
        vec![("Origin", "null".to_string())],
    ];
    for headers in refused {
        let mut all: Vec<(&str, &str)> = headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
        all.push(("Content-Type", "application/json"));
        for (method, path, body) in [
            ("GET", "/", ""),
            ("GET", "/api/info", ""),
            ("POST", "/api/stop", ""),
            (
                "POST",
                "/api/solve",
                r#"{"problem":"4k4/9/4P4/9/9/9/9/9/9 b G 1"}"#,
            ),
        ] {
            let answer = serve.request(method, path, &all, body.as_bytes());
            assert_eq!(answer.status, 403, "{method} {path} with {headers:?}");
            assert!(error_message(&answer).contains("refused"), "{answer:?}");
        }
    }
    for host in [
        format!("localhost:{port}"),
        format!("LOCALHOST:{port}"),
        serve.host.clone(),
    ] {
        let answer = serve.request(
            "GET",
            "/api/info",
            &[("Host", &host), ("Origin", &own)],
            b"",
        );
        assert_eq!(answer.status, 200, "{host}");
    }
}

#[test]
fn every_endpoint_refuses_bad_requests_with_a_json_error() {
    let serve = Serve::start();
    let cases: &[(&str, Value, u16, &str)] = &[
        (
            "/api/position",
            json!({"problem": "4k4/4P4/4P4/9/9/9/9/9/9 b G 1"}),
            400,
            "二歩",
        ),
        (
            "/api/position",
            json!({"problem": "4k4/9 b G 1"}),
            400,
            "<problem>:1:6: ",
        ),
        ("/api/position", json!({"problem": "/etc/passwd"}), 400, ""),
        (
            "/api/position",
            json!({"problem": "9/9/9/9/9/9/9/9/9 b - 1"}),
            400,
            "no king",
        ),
        (
            "/api/position",
            json!({"problem": "x", "extra": 1}),
            400,
            "unknown field `extra`",
        ),
        ("/api/position", json!({}), 400, "missing field `problem`"),
        ("/api/position", json!({"problem": 5}), 400, "invalid type"),
        (
            "/api/line",
            json!({"sfen": KOBA, "moves": ["G*5a", "zz"]}),
            400,
            "move 2 'zz'",
        ),
        (
            "/api/line",
            json!({"sfen": KOBA, "moves": ["G*5a", "5a5b"]}),
            400,
            "move 2 '5a5b'",
        ),
        ("/api/line", json!({"sfen": "9/9 b - 1"}), 400, "sfen:"),
        (
            "/api/line",
            json!({"sfen": KOBA, "moves": ["G*5a"], "futile_plies": [1]}),
            400,
            "futile",
        ),
        (
            "/api/kif",
            json!({"sfen": KOBA, "moves": ["1a1b"]}),
            400,
            "move 1 '1a1b'",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "time": -1}),
            400,
            "time=-1",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "time": 1e20}),
            400,
            "time=",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "nodes": 0}),
            400,
            "nodes=0",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "hash_mb": 0}),
            400,
            "hash_mb=0",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "hash_mb": 100000}),
            400,
            "hash_mb=100000",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "rules": "chess"}),
            400,
            "unknown variant `chess`",
        ),
        (
            "/api/solve",
            json!({"problem": KOBA, "futile": "all"}),
            400,
            "unknown variant `all`",
        ),
        (
            "/api/solve",
            json!({"problem": "4k4/4P4/4P4/9/9/9/9/9/9 b G 1"}),
            400,
            "二歩",
        ),
        (
            "/api/check",
            json!({"problem": KOBA, "line": "G*5a z9"}),
            400,
            "line: move 2 'z9'",
        ),
        (
            "/api/check",
            json!({"problem": KOBA, "total_time": 0}),
            400,
            "total_time=0",
        ),
        (
            "/api/check",
            json!({"problem": KOBA, "total_nodes": 0}),
            400,
            "total_nodes=0",
        ),
    ];
    for (path, body, status, words) in cases {
        let answer = serve.post(path, body);
        assert_eq!(answer.status, *status, "{path} {body}: {answer:?}");
        assert_eq!(answer.header("content-type"), Some("application/json"));
        let message = error_message(&answer);
        assert!(message.contains(words), "{path} {body}: {message}");
    }
    // An input fault is placed: line, column and the fault apart.
    let answer = serve.post(
        "/api/position",
        &json!({"problem": "4k4/4P4/4P4/9/9/9/9/9/9 b G 1"}),
    );
    let error = &answer.json()["error"];
    assert_eq!(
        (error["line"].as_u64(), error["column"].as_u64()),
        (Some(1), Some(10))
    );
    assert!(error["fault"].as_str().unwrap().starts_with("二歩"));
    // Not JSON, malformed JSON, the wrong method, no such endpoint.
    let origin = format!("http://{}", serve.host);
    let plain = serve.request(
        "POST",
        "/api/position",
        &[("Content-Type", "text/plain"), ("Origin", &origin)],
        b"{}",
    );
    assert_eq!(plain.status, 415);
    let broken = serve.request(
        "POST",
        "/api/position",
        &[("Content-Type", "application/json")],
        b"{\"problem\": ",
    );
    assert_eq!(broken.status, 400);
    assert!(error_message(&broken).starts_with("request: "));
    assert_eq!(serve.get("/api/solve").status, 405);
    assert_eq!(serve.get("/api/nothing").status, 404);
    assert!(error_message(&serve.get("/api/nothing")).contains("no such"));
}

#[test]
fn a_body_over_the_limit_is_refused() {
    let serve = Serve::start();
    let big = format!("{{\"problem\": \"{}\"}}", "a".repeat(2 << 20));
    let answer = serve.request(
        "POST",
        "/api/position",
        &[("Content-Type", "application/json")],
        big.as_bytes(),
    );
    assert_eq!(answer.status, 413);
    assert!(error_message(&answer).contains("limit"));
    // Just under the limit is read (and refused only for what it says).
    let under = format!("{{\"problem\": \"{}\"}}", "9/".repeat(300_000));
    let answer = serve.request(
        "POST",
        "/api/position",
        &[("Content-Type", "application/json")],
        under.as_bytes(),
    );
    assert_eq!(answer.status, 400);
}

#[test]
fn solve_answers_as_the_command_line_does() {
    let serve = Serve::start();
    let answer = serve.post("/api/solve", &json!({"problem": KOBA, "time": null}));
    assert_eq!(answer.status, 200);
    assert_eq!(answer.header("content-type"), Some("application/x-ndjson"));
    let lines = answer.lines();
    assert_eq!(lines[0]["event"], "started");
    assert!(lines
        .iter()
        .any(|l| l["event"] == "mate_found" && l["plies"] == 5));
    let last = lines.last().unwrap();
    assert_eq!(last["event"], "result");
    let cli: Value = serde_json::from_str(&tsume(&["solve", "--json", KOBA])).unwrap();
    assert_eq!(untimed(last["answer"].clone()), untimed(cli));
    assert_eq!(last["kif"], tsume(&["solve", "--format", "kif", KOBA]));
    // A proven no mate comes with its refutation, as on the command line.
    let nomate = "4k4/9/9/9/9/9/9/9/9 b G 1";
    let lines = serve
        .post("/api/solve", &json!({"problem": nomate}))
        .lines();
    let last = lines.last().unwrap();
    assert_eq!(last["answer"]["result"], "nomate");
    let cli: Value = serde_json::from_str(&tsume(&["solve", "--json", nomate])).unwrap();
    assert_eq!(last["answer"]["refutation"], cli["refutation"]);
}

#[test]
fn a_futile_ending_comes_named_in_japanese_as_solve_names_it() {
    let serve = Serve::start();
    // A mate in one whose every reply is a futile interposition.
    let problem = "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1";
    let lines = serve
        .post("/api/solve", &json!({"problem": problem}))
        .lines();
    let last = lines.last().unwrap();
    assert_eq!(last["answer"]["futile_end"], json!(["L*2b", "3b2b"]));
    assert_eq!(last["futile_end_ja"], json!(["△２二香", "▲同　龍"]));
    let ja = tsume(&["solve", "--format", "ja", problem]);
    assert!(ja.contains("以下無駄合（△２二香 ▲同　龍 など"), "{ja}");
    // Without one, null.
    let lines = serve.post("/api/solve", &json!({"problem": KOBA})).lines();
    assert_eq!(lines.last().unwrap()["futile_end_ja"], Value::Null);
}

#[test]
fn a_server_of_several_threads_solves_to_the_same_length() {
    let serve = Serve::start_with(&["--threads", "2"]);
    let zuko_012 = sfen_of("problems/zuko.tsv", "zuko-012");
    for problem in [KOBA, zuko_012.as_str()] {
        let lines = serve
            .post("/api/solve", &json!({"problem": problem, "hash_mb": 64}))
            .lines();
        let answer = &lines.last().unwrap()["answer"];
        let cli: Value = serde_json::from_str(&tsume(&["solve", "--json", problem])).unwrap();
        assert_eq!(answer["result"], "mate", "{answer}");
        assert_eq!(answer["length"], cli["length"], "{answer}");
        assert_eq!(answer["proven_shortest"], true, "{answer}");
    }
}

#[test]
fn check_answers_as_the_command_line_does() {
    let serve = Serve::start();
    let answer = serve.post(
        "/api/check",
        &json!({"problem": COOKED, "line": COOKED_LINE, "total_time": null}),
    );
    let lines = answer.lines();
    let last = lines.last().unwrap();
    assert_eq!(last["event"], "result", "{lines:?}");
    assert_eq!(last["check"]["verdict"], "flawed");
    assert_eq!(last["check"]["findings"][0]["name"], "余詰");
    let problem = format!("{COOKED} moves {COOKED_LINE}");
    let dir = std::env::temp_dir().join(format!("tsume-serve-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let kif = dir.join("findings.kif");
    let cli: Value = serde_json::from_str(&tsume(&[
        "check",
        "--json",
        &problem,
        "--kif",
        kif.to_str().unwrap(),
    ]))
    .unwrap();
    assert_eq!(untimed(last["check"].clone()), untimed(cli));
    assert_eq!(last["kif"], std::fs::read_to_string(&kif).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
    // The line as a list, and the moves that came with an SFEN, give the same check.
    let as_list: Vec<&str> = COOKED_LINE.split(' ').collect();
    for body in [
        json!({"problem": COOKED, "line": as_list, "total_time": null}),
        json!({"problem": problem, "total_time": null}),
    ] {
        let again = serve.post("/api/check", &body).lines();
        assert_eq!(
            untimed(again.last().unwrap()["check"].clone()),
            untimed(last["check"].clone())
        );
    }
}

#[test]
fn position_and_line_describe_the_board() {
    let serve = Serve::start();
    let kif = "作品名：試作\n作者：某\n後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n\
               +---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n\
               | ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n\
               +---------------------------+\n先手の持駒：金\n\
               手数----指手---------消費時間--\n   1 ５二金打     ( 0:00/00:00:00)\n";
    let view = serve.post("/api/position", &json!({"problem": kif}));
    assert_eq!(view.status, 200, "{view:?}");
    let view = view.json();
    assert_eq!(view["format"], "kif");
    assert_eq!(view["header"][0], json!(["作品名", "試作"]));
    assert_eq!(view["line"][0]["usi"], "G*5b");
    assert_eq!(view["position"]["board"][0][4], "k");
    assert_eq!(view["written"]["hands"]["white"], json!({}));
    assert_eq!(view["position"]["hands"]["white"]["R"], 2);
    // The legal moves at the end of a line are the rules' own.
    let line = serve
        .post(
            "/api/line",
            &json!({"sfen": "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
                    "moves": ["7g7f", "3c3d"], "legal": true}),
        )
        .json();
    assert_eq!(line["steps"].as_array().unwrap().len(), 2);
    assert_eq!(line["steps"][1]["move"]["ja"], "△３四歩");
    let perft = tsume(&["perft", "position startpos moves 7g7f 3c3d", "1"]);
    let count: usize = perft.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert_eq!(line["legal"].as_array().unwrap().len(), count, "{perft}");
    let kif = serve
        .post(
            "/api/kif",
            &json!({"sfen": KOBA, "moves": ["G*5a"], "header": [["作者", "某"]]}),
        )
        .json();
    assert!(kif["kif"].as_str().unwrap().contains("作者：某"));
}

/// Sends a long solve and reads until it has started; the socket of its stream.
fn start_long(serve: &Serve) -> std::net::TcpStream {
    let origin = format!("http://{}", serve.host);
    let body = json!({"problem": long_problem(), "time": null}).to_string();
    let mut stream = serve.send(
        "POST",
        "/api/solve",
        &[("Content-Type", "application/json"), ("Origin", &origin)],
        body.as_bytes(),
    );
    read_until(&mut stream, "\"started\"", Duration::from_secs(20));
    stream
}

#[test]
fn a_second_search_is_refused_while_one_runs_and_stop_ends_it() {
    let serve = Serve::start();
    let mut stream = start_long(&serve);
    let second = serve.post("/api/solve", &json!({"problem": KOBA}));
    assert_eq!(second.status, 409);
    assert!(error_message(&second).contains("already running"));
    let check = serve.post("/api/check", &json!({"problem": KOBA}));
    assert_eq!(check.status, 409);
    // Reading the board is not a search, and goes on.
    assert_eq!(
        serve
            .post("/api/position", &json!({"problem": KOBA}))
            .status,
        200
    );
    let asked = Instant::now();
    assert_eq!(
        serve.post("/api/stop", &json!({})).json(),
        json!({"stopped": true})
    );
    let rest = read_until(&mut stream, "\"result\"", Duration::from_secs(5));
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    assert!(rest.contains("\"interrupted\":true"), "{rest}");
    assert!(rest.contains("\"result\":\"unknown\""), "{rest}");
    drop(stream);
    assert_eq!(
        serve.post("/api/stop", &json!({})).json(),
        json!({"stopped": false})
    );
    let after = serve.post("/api/solve", &json!({"problem": KOBA})).lines();
    assert_eq!(after.last().unwrap()["answer"]["length"], 5);
}

#[test]
fn a_dropped_connection_stops_its_search() {
    let serve = Serve::start();
    let stream = start_long(&serve);
    drop(stream);
    let dropped = Instant::now();
    loop {
        let answer = serve.post("/api/solve", &json!({"problem": KOBA}));
        if answer.status == 200 {
            assert_eq!(answer.lines().last().unwrap()["answer"]["length"], 5);
            break;
        }
        assert_eq!(answer.status, 409);
        assert!(
            dropped.elapsed() < Duration::from_secs(3),
            "the search of a closed connection still runs"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_search_and_the_server() {
    let mut serve = Serve::start();
    let mut stream = start_long(&serve);
    let sent = Instant::now();
    // SAFETY: kill(2) with a child's pid and SIGINT has no memory effects here.
    assert_eq!(unsafe { libc::kill(serve.pid() as i32, libc::SIGINT) }, 0);
    let rest = read_until(&mut stream, "\"result\"", Duration::from_secs(5));
    assert!(rest.contains("\"interrupted\":true"), "{rest}");
    let status = serve
        .wait_exit(Duration::from_secs(10))
        .expect("the server ends after Ctrl-C");
    assert_eq!(status.code(), Some(0));
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
}

#[test]
fn a_line_given_to_check_replaces_the_records_own_with_its_side_lines_and_comments() {
    let serve = Serve::start();
    let composer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/kif/composer-cook.kif"
    ))
    .unwrap();
    // The cook, given as the line: the composer's side line and comments stand on other moves.
    let answer = serve.post(
        "/api/check",
        &json!({"problem": composer, "line": "G*4b 3b4b 2b4b 4a5a G*4a", "total_time": null}),
    );
    let lines = answer.lines();
    let last = lines.last().unwrap();
    assert_eq!(last["event"], "result", "{lines:?}");
    let kif = last["kif"].as_str().unwrap();
    assert!(kif.contains("作品名：角成りの五手詰（余詰あり）"), "{kif}");
    assert!(kif.contains("   1 ４二金打"), "{kif}");
    for theirs in ["紛れ", "捨て駒"] {
        assert!(!kif.contains(theirs), "{theirs}:\n{kif}");
    }
}

/// A record written by tsshogi (ShogiHome) whose move 5 cannot be played.
const BAD_LINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/kif/bad-line.kif"
);

/// A record written by tsshogi whose side line (変化) has a move that cannot be played.
const BAD_SIDE_LINE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/fixtures/kif/bad-side-line.kif"
);

/// `value` with the file's path, as the command line names it, given as the server names a text.
fn as_text(value: Value, path: &str) -> Value {
    serde_json::from_str(&value.to_string().replace(path, "<problem>")).unwrap()
}

#[test]
fn a_records_faulty_move_is_placed_and_checked_as_the_command_line_checks_the_file() {
    let serve = Serve::start();
    let text = std::fs::read_to_string(BAD_LINE).unwrap();
    let view = serve.post("/api/position", &json!({"problem": text}));
    assert_eq!(view.status, 200, "{view:?}");
    let view = view.json();
    let usi: Vec<&str> = view["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["usi"].as_str().unwrap())
        .collect();
    assert_eq!(usi, ["G*5a", "6a5a", "2d5a+", "4a5a"]);
    let fault = &view["line_fault"];
    let why = "move 5 '９九銀(34)' is illegal: the 銀 on ３四 cannot move to ９九: the piece does \
               not move that way";
    assert_eq!(
        *fault,
        json!({"message": format!("<problem>:24:6: {why}"), "line": 24, "column": 6, "fault": why})
    );
    assert_eq!(view["warnings"], json!([]));
    // The command line's words for the file: solve warns, placing it in the same line and column.
    let cli: Value = serde_json::from_str(&tsume(&["solve", "--json", BAD_LINE])).unwrap();
    let warning = cli["warning"].as_str().unwrap();
    assert!(
        warning.starts_with(&format!("{BAD_LINE}:24:6: {why}")),
        "{warning}"
    );
    let lines = serve
        .post("/api/solve", &json!({"problem": text, "time": null}))
        .lines();
    let answer = &lines.last().unwrap()["answer"];
    assert_eq!(untimed(answer.clone()), untimed(as_text(cli, BAD_LINE)));
    // Checked, the record's own line fails at its faulty move, as `check FILE` finds: with the
    // line left out, or given again as the record has it.
    let cli: Value = serde_json::from_str(&tsume(&["check", "--json", BAD_LINE])).unwrap();
    assert_eq!(cli["findings"][0]["kind"], "wrong-line", "{cli}");
    assert_eq!(cli["findings"][0]["ply"], 5, "{cli}");
    for line in [Value::Null, json!(usi)] {
        let lines = serve
            .post(
                "/api/check",
                &json!({"problem": text, "line": line, "total_time": null}),
            )
            .lines();
        let last = lines.last().unwrap();
        assert_eq!(
            untimed(last["check"].clone()),
            untimed(as_text(cli.clone(), BAD_LINE)),
            "line {line}"
        );
    }
}

#[test]
fn a_side_lines_faulty_move_is_a_warning_with_the_command_lines_words() {
    let serve = Serve::start();
    let text = std::fs::read_to_string(BAD_SIDE_LINE).unwrap();
    let view = serve
        .post("/api/position", &json!({"problem": text}))
        .json();
    assert_eq!(view["line"].as_array().unwrap().len(), 5, "{view}");
    assert_eq!(view["line_fault"], Value::Null);
    let why =
        "move 2 '４二玉(41)' is illegal: the 玉 on ４一 cannot move to ４二: the king would be \
               in check from the piece on ２四";
    assert_eq!(
        view["warnings"],
        json!([{"message": format!("<problem>:27:6: {why} (in a side line: it ends there)"),
                "line": 27, "column": 6, "fault": why}])
    );
    // `check FILE` warns in the same words, and its JSON carries them.
    let cli: Value = serde_json::from_str(&tsume(&["check", "--json", BAD_SIDE_LINE])).unwrap();
    assert_eq!(cli["verdict"], "sound", "{cli}");
    assert_eq!(
        as_text(cli["warnings"].clone(), BAD_SIDE_LINE),
        json!([view["warnings"][0]["message"]])
    );
    let lines = serve
        .post("/api/check", &json!({"problem": text, "total_time": null}))
        .lines();
    let last = lines.last().unwrap();
    assert_eq!(
        untimed(last["check"].clone()),
        untimed(as_text(cli, BAD_SIDE_LINE))
    );
}
