//! A corpus of malformed inputs run through the binary: SFEN on the command line and in `.sfen`
//! files, KIF (Shift-JIS `.kif`, UTF-8 `.kifu`), KI2, CSA, and collections. The small inputs are
//! the files of `tests/fixtures/malformed/`; binary garbage and the megabyte lines are built
//! here. The parsers' own tables (`tests/kif/malformed.rs`, `tests/csa.rs`, `tests/sfen_cli.rs`)
//! test the readers; this corpus tests what reaches the user.
//!
//! `tsume solve INPUT` must exit with code 2 within a deadline, print nothing on stdout, never
//! panic, and print one line on stderr naming the file, the line and column where they apply and
//! the fault. A problem file whose diagram is sound but whose solution has a move that cannot
//! be read or played is answered instead (the diagram solved), with that fault as the one line
//! of warning. `tsume verify COLLECTION` must report each bad row as an error row with its line,
//! column and fault while the other rows run, or refuse a file it cannot read at all with exit
//! code 2.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/malformed");

/// How long one run may take before it counts as a hang.
const DEADLINE: Duration = Duration::from_secs(20);

/// The longest message a fault may give, in bytes: a message quotes at most a short excerpt.
const LONGEST_MESSAGE: usize = 400;

/// An empty board but for the kings and a pawn: White's king on 5a, Black's pawn on 5c.
const MATE1: &str = "4k4/9/4P4/9/9/9/9/9/9 b G 1";

/// What a case runs on.
enum Input {
    /// A file of the corpus, by its path under `tests/fixtures/malformed/`.
    Fixture(&'static str),
    /// Text given on the command line.
    Arg(String),
    /// A file written by the test: its name and bytes.
    Built(&'static str, Vec<u8>),
}

/// One malformed input and the fault it must give.
struct Case {
    name: &'static str,
    input: Input,
    /// The 1-based line of the fault, if one applies.
    line: Option<usize>,
    /// The 1-based column of the fault, if one applies.
    column: Option<usize>,
    /// A part of the message naming the fault.
    fault: &'static str,
    /// A faulty move of a problem file: `solve` answers the diagram, with the fault as a
    /// warning, instead of refusing the file.
    warning: bool,
}

impl Case {
    /// The case of a move that cannot be read or played in a problem file's solution.
    fn warned(self) -> Case {
        Case {
            warning: true,
            ..self
        }
    }
}

/// A fixture whose solution has a faulty move: answered with a warning ([`Case::warning`]).
fn move_fault(name: &'static str, line: usize, column: usize, fault: &'static str) -> Case {
    fixture(name, line, column, fault).warned()
}

fn fixture(name: &'static str, line: usize, column: usize, fault: &'static str) -> Case {
    Case {
        name,
        input: Input::Fixture(name),
        line: Some(line),
        column: Some(column),
        fault,
        warning: false,
    }
}

/// A fixture whose fault is the whole file's: no line applies.
fn whole_file(name: &'static str, fault: &'static str) -> Case {
    Case {
        name,
        input: Input::Fixture(name),
        line: None,
        column: None,
        fault,
        warning: false,
    }
}

fn arg(name: &'static str, text: impl Into<String>, column: usize, fault: &'static str) -> Case {
    Case {
        name,
        input: Input::Arg(text.into()),
        line: None,
        column: Some(column),
        fault,
        warning: false,
    }
}

fn built(
    name: &'static str,
    bytes: Vec<u8>,
    line: usize,
    column: usize,
    fault: &'static str,
) -> Case {
    Case {
        name,
        input: Input::Built(name, bytes),
        line: Some(line),
        column: Some(column),
        fault,
        warning: false,
    }
}

#[rustfmt::skip]
fn fixture_cases() -> Vec<Case> {
    vec![
        // SFEN files: the first line that is not blank or a comment is the problem.
        whole_file("sfen/empty.sfen", "no position found"),
        whole_file("sfen/whitespace.sfen", "no position found"),
        whole_file("sfen/comments-only.sfen", "no position found"),
        fixture("sfen/truncated-board.sfen", 2, 20, "rank 9 covers 4 files"),
        fixture("sfen/truncated-hands.sfen", 1, 24, "missing the hands"),
        fixture("sfen/bad-char.sfen", 3, 22, "unexpected 'Q' in the board"),
        fixture("sfen/fullwidth-digit.sfen", 1, 13, "unexpected '９' in the board"),
        fixture("sfen/control-char.sfen", 1, 14, "unexpected '\\u{7}' in the board"),
        fixture("sfen/hand-count.sfen", 1, 28, "G listed twice in the hands"),
        fixture("sfen/19-pawns.sfen", 1, 39, "too many Pawn pieces: 19"),
        fixture("sfen/3-kings.sfen", 1, 12, "White has 2 kings"),
        fixture("sfen/2-black-kings.sfen", 1, 21, "Black has 2 kings"),
        fixture("sfen/no-defender-king.sfen", 1, 1, "the defender (White, the side not to move) has no king"),
        fixture("sfen/nifu.sfen", 1, 20, "二歩: two Black pawns on file 9"),
        fixture("sfen/dead-pawn.sfen", 1, 19, "Pawn on 9i can never move"),
        fixture("sfen/dead-lance.sfen", 1, 1, "Lance on 9a can never move"),
        fixture("sfen/dead-knight.sfen", 1, 18, "Knight on 2h can never move"),
        fixture("sfen/side-not-to-move-in-check.sfen", 1, 24, "the side not to move (Black) is in check"),
        fixture("sfen/illegal-move.sfen", 1, 40, "move 1: '5c5a' is not legal"),
        fixture("sfen/wrong-side-move.sfen", 1, 35, "move 1: '5a4b' is not legal"),
        fixture("sfen/drop-not-in-hand.sfen", 1, 35, "'S*5b' is not legal in this position: no such piece in hand"),
        fixture("sfen/pawn-drop-mate.sfen", 1, 51, "'P*1b' is not legal in this position: 打ち歩詰め"),
        fixture("sfen/bad-usi-move.sfen", 1, 40, "move 2: '5x5y' is not a USI move"),
        fixture("sfen/crlf.sfen", 2, 40, "move 2: '5a5b' is not legal in this position"),
        fixture("sfen/invalid-utf8.sfen", 2, 31, "byte 0x8B is not UTF-8"),
        // KIF in Shift-JIS.
        fixture("kif/empty.kif", 1, 1, "no position"),
        fixture("kif/whitespace.kif", 1, 1, "no position"),
        fixture("kif/headers-only.kif", 1, 1, "no position"),
        fixture("kif/bad-piece.kif", 8, 9, "unknown piece '象' in row 5"),
        fixture("kif/crlf.kif", 10, 19, "unknown piece '象' in row 7"),
        fixture("kif/truncated-board.kif", 9, 8, "row 6 of the board has no closing '|'"),
        move_fault("kif/truncated-move.kif", 16, 6, "neither an origin such as (77) nor 打"),
        fixture("kif/19-pawns.kif", 14, 7, "too many Pawn pieces: 19"),
        fixture("kif/3-kings.kif", 12, 13, "Black has 2 kings"),
        fixture("kif/2-black-kings.kif", 12, 11, "Black has 2 kings"),
        fixture("kif/no-defender-king.kif", 3, 1, "the defender (White, the side not to move) has no king"),
        fixture("kif/nifu.kif", 10, 11, "二歩: two Black pawns on file 5"),
        fixture("kif/dead-knight.kif", 5, 3, "Knight on 9b can never move"),
        fixture("kif/dead-lance.kif", 12, 19, "Lance on 1i can never move"),
        fixture("kif/side-not-to-move-in-check.kif", 4, 11, "the side not to move (White) is in check"),
        move_fault("kif/illegal-move.kif", 17, 6, "move 2 '５一玉(52)': the piece on ５二 is ▲'s"),
        move_fault("kif/wrong-side-move.kif", 16, 6, "the piece on ５一 is △'s"),
        move_fault("kif/drop-not-in-hand.kif", 16, 6, "▲ has no 飛 in hand"),
        move_fault("kif/pawn-drop-mate.kif", 16, 6, "'１二歩打' is illegal: 打ち歩詰め"),
        fixture("kif/encoding-says-utf8.kif", 2, 1, "byte 0x8C is not UTF-8"),
        fixture("kif/encoding-says-sjis.kif", 2, 7, "bytes 0x81 0xE9 are not Shift_JIS"),
        fixture("kif/encoding-unknown.kif", 1, 27, "unknown encoding 'EBCDIC-JP'"),
        fixture("kif/bad-shift-jis.kif", 14, 7, "byte 0x85 is neither UTF-8 nor Shift-JIS"),
        // KIF in UTF-8.
        fixture("kifu/invalid-utf8.kifu", 14, 7, "byte 0x8B is not UTF-8"),
        fixture("kifu/shift-jis-bytes.kifu", 1, 1, "byte 0x8C is not UTF-8"),
        fixture("kifu/cut-in-a-character.kifu", 17, 7, "bytes 0xE3 0x81 are not UTF-8"),
        fixture("kifu/bom-then-garbage.kifu", 1, 1, "unexpected line 'これは棋譜ではない'"),
        fixture("kifu/row-of-10.kifu", 7, 22, "row 4 of the board has 10 cells"),
        fixture("kifu/19-pawns-in-hand.kifu", 14, 7, "too many Pawn pieces: 19"),
        fixture("kifu/dead-pawn.kifu", 4, 19, "Pawn on 1a can never move"),
        fixture("kifu/side-not-to-move-in-check.kifu", 15, 1, "the side not to move (Black) is in check"),
        move_fault("kifu/move-after-mate.kifu", 18, 6, "move 2 after the line ended"),
        // KI2.
        move_fault("ki2/illegal-move.ki2", 15, 1, "no legal move ▲５五歩"),
        move_fault("ki2/pawn-drop-mate.ki2", 15, 1, "no legal move ▲１二歩打: 打ち歩詰め"),
        fixture("ki2/nifu.ki2", 9, 11, "二歩: two Black pawns on file 5"),
        move_fault("ki2/drop-not-in-hand.ki2u", 15, 1, "▲ has no 銀 in hand"),
        move_fault("ki2/wrong-side.ki2u", 15, 7, "▲ is marked, but △ is to move"),
        move_fault("ki2/truncated-move.ki2u", 15, 1, "move 1 '▲５'"),
        move_fault("ki2/bad-char.ki2u", 15, 1, "unknown piece 'Ｘ'"),
        fixture("ki2/invalid-utf8.ki2u", 15, 1, "byte 0x81 is not UTF-8"),
        // CSA.
        fixture("csa/empty.csa", 1, 1, "empty text"),
        fixture("csa/whitespace.csa", 1, 1, "empty text"),
        fixture("csa/truncated-row.csa", 6, 11, "P5 has 3 cells, expected 9"),
        move_fault("csa/truncated-move.csa", 15, 1, "move 2 '-51': truncated"),
        fixture("csa/bad-piece.csa", 4, 16, "unknown piece code 'FX'"),
        fixture("csa/19-pawns.csa", 11, 7, "too many FU"),
        fixture("csa/3-kings.csa", 10, 18, "Black has a second king"),
        fixture("csa/2-white-kings.csa", 2, 27, "White has a second king"),
        fixture("csa/no-defender-king.csa", 2, 1, "the defender (White, the side not to move) has no king"),
        fixture("csa/nifu-white.csa", 6, 15, "二歩: two unpromoted White FU on file 5"),
        fixture("csa/dead-knight.csa", 3, 6, "KE on 82 could never move"),
        fixture("csa/side-not-to-move-in-check.csa", 13, 1, "Black is in check but White is to move"),
        move_fault("csa/illegal-move.csa", 15, 1, "move 2 '-5142OU': not legal"),
        move_fault("csa/piece-of-the-other-side.csa", 14, 2, "no Black piece on 51"),
        move_fault("csa/drop-not-in-hand.csa", 14, 2, "Black has no HI in hand"),
        move_fault("csa/pawn-drop-mate.csa", 14, 1, "FU cannot be dropped on 12 (打ち歩詰め"),
        whole_file("csa/two-records.csa", "holds 2 records"),
    ]
}

/// Bytes that are no text: a PNG signature and then bytes from a fixed pseudo-random sequence.
fn garbage(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    while bytes.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        bytes.push((x >> 24) as u8);
    }
    bytes
}

/// `n` plies of the two kings stepping to and fro: from 5i and 5a, back there every 4 plies.
fn king_shuffle(n: usize) -> impl Iterator<Item = &'static str> {
    ["5i4h", "5a4b", "4h5i", "4b5a"].into_iter().cycle().take(n)
}

/// The column where the text after `prefix` and the moves of `king_shuffle(n)` starts.
fn after_shuffle(prefix: &str, n: usize) -> usize {
    prefix.chars().count() + n * 5 + 1
}

fn built_cases() -> Vec<Case> {
    let five_mb = 5 << 20;
    let kings = "4k4/9/9/9/9/9/9/9/4K4 b - 1 moves ";
    // 100,000 plies: a 500 kB SFEN whose last move, 5i5e, is out of the king's reach.
    let long_sfen = format!(
        "{kings}{} 5i5e\n",
        king_shuffle(100_000).collect::<Vec<_>>().join(" ")
    );
    // 20,000 plies on the command line (100 kB, under the 128 kB a single argument may hold).
    let long_arg = format!(
        "{kings}{} 5i5e",
        king_shuffle(20_000).collect::<Vec<_>>().join(" ")
    );
    vec![
        built("binary.sfen", garbage(4096), 1, 1, "byte 0x89 is not UTF-8"),
        built("binary.kifu", garbage(4096), 1, 1, "byte 0x89 is not UTF-8"),
        // Not UTF-8, so read as Shift-JIS: the first byte that is not is on the third line.
        built(
            "binary.kif",
            garbage(4096),
            3,
            11,
            "byte 0xE5 is neither UTF-8 nor Shift-JIS",
        ),
        built(
            "binary.ki2",
            garbage(4096),
            3,
            11,
            "byte 0xE5 is neither UTF-8 nor Shift-JIS",
        ),
        built(
            "binary.csa",
            garbage(4096),
            3,
            11,
            "byte 0xE5 is neither UTF-8 nor Shift-JIS",
        ),
        built(
            "nul.sfen",
            b"4k4/9/4P4/9/9\0/9/9/9/9 b G 1\n".to_vec(),
            1,
            14,
            "'\\0'",
        ),
        built(
            "huge-line.sfen",
            format!("{MATE1} {}", "x".repeat(five_mb)).into_bytes(),
            1,
            29,
            "unexpected 'xxxxxxxx",
        ),
        built(
            "huge-line.kif",
            "a".repeat(five_mb).into_bytes(),
            1,
            1,
            "unexpected line 'aaaa",
        ),
        built(
            "huge-line.kifu",
            "歩".repeat(five_mb / 3).into_bytes(),
            1,
            1,
            "unexpected line '歩歩歩",
        ),
        built(
            "huge-move-number.kif",
            format!("   {} ５二金打\n", "9".repeat(five_mb)).into_bytes(),
            1,
            4,
            "move 1: expected number 1, found 99999",
        ),
        built(
            "huge-row.csa",
            format!("P1{}", " * ".repeat(five_mb / 3)).into_bytes(),
            1,
            31,
            "P1 has more than 9 cells",
        ),
        built(
            "long-sfen.sfen",
            long_sfen.into_bytes(),
            1,
            after_shuffle(kings, 100_000),
            "move 100001: '5i5e' is not legal",
        ),
        built(
            "long-game.kifu",
            long_kif_game(100_000).into_bytes(),
            100_015,
            8,
            "move 100001 '５五玉(59)' is illegal",
        )
        .warned(),
        built(
            "long-game.csa",
            long_csa_game(100_000).into_bytes(),
            100_012,
            1,
            "move 100001 '+5955OU': not legal",
        )
        .warned(),
        arg(
            "a 100 kB SFEN on the command line",
            long_arg,
            after_shuffle(kings, 20_000),
            "move 20001: '5i5e' is not legal",
        ),
    ]
}

/// A KIF game of `n` king steps to and fro, then a king move out of reach (`５五玉(59)`).
fn long_kif_game(n: usize) -> String {
    let empty = "| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n";
    let mut text = format!(
        "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n\
         | ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n{}| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n\
         +---------------------------+\n先手の持駒：なし\n",
        empty.repeat(7)
    );
    let steps = ["４八玉(59)", "４二玉(51)", "５九玉(48)", "５一玉(42)"];
    for i in 0..n {
        text.push_str(&format!("{:6} {}\n", i + 1, steps[i % 4]));
    }
    text.push_str(&format!("{:6} ５五玉(59)\n", n + 1));
    text
}

/// A CSA game of `n` king steps to and fro, then a king move out of reach (`+5955OU`).
fn long_csa_game(n: usize) -> String {
    let mut text = "V2.2\nP1 *  *  *  * -OU *  *  *  * \n".to_string();
    for rank in 2..=8 {
        text.push_str(&format!("P{rank}{}\n", " * ".repeat(9)));
    }
    text.push_str("P9 *  *  *  * +OU *  *  *  * \n+\n");
    let steps = ["+5948OU", "-5142OU", "+4859OU", "-4251OU"];
    for step in steps.iter().cycle().take(n) {
        text.push_str(step);
        text.push('\n');
    }
    text.push_str("+5955OU\n");
    text
}

#[rustfmt::skip]
fn arg_cases() -> Vec<Case> {
    vec![
        arg("empty argument", "", 1, "empty input"),
        arg("board cut short", "4k4/9/9/9/9/9/9/9/4", 20, "rank 9 covers 4 files"),
        arg("board alone", "4k4/9/4P4/9/9/9/9/9/9", 22, "missing the side to move"),
        arg("three kings", "4k4/9/4k4/9/9/9/9/9/4K4 b G 1", 8, "White has 2 kings"),
        arg("no defender king", "sfen 9/9/4P4/9/9/9/9/9/4K4 b G 1", 6, "the defender (White, the side not to move) has no king"),
        arg("escape character", "4k4/9/4P4/9/9/9/9/9/9 b G\u{1b} 1", 26, "unexpected '\\u{1b}' in the hands"),
        arg("wrong side moves", format!("{MATE1} moves 5a5b"), 35, "move 1: '5a5b' is not legal"),
        arg("drop not in hand", format!("{MATE1} moves R*5b"), 35, "'R*5b' is not legal in this position: no such piece in hand"),
        arg("dead drop", "4k4/9/4P4/9/9/9/9/9/9 b GP 1 moves P*4a", 36, "'P*4a' is not legal in this position: the piece could never move from there"),
    ]
}

/// What a run printed and how it ended.
struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// A fresh directory for one test's files.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("malformed-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create a scratch directory");
    dir
}

/// Runs `tsume args…`, killing it at the deadline (`Err` then). The output goes to files, so a
/// run that writes megabytes cannot block on a pipe.
fn run(args: &[&str], out_dir: &Path) -> Result<Run, String> {
    let stdout_path = out_dir.join("stdout");
    let stderr_path = out_dir.join("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tsume"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(File::create(&stdout_path).expect("stdout file"))
        .stderr(File::create(&stderr_path).expect("stderr file"))
        .spawn()
        .expect("run tsume");
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for tsume") {
            break status;
        }
        if start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {DEADLINE:?}"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let read = |p: &Path| String::from_utf8_lossy(&std::fs::read(p).expect("output")).into_owned();
    Ok(Run {
        code: status.code(),
        stdout: read(&stdout_path),
        stderr: read(&stderr_path),
    })
}

/// The number at the start of `s`, and the text after it.
fn number(s: &str) -> Option<(usize, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    s[..digits].parse().ok().map(|n| (n, &s[digits..]))
}

/// `column N: ` at the start of `s`: N and the text after it.
fn column(s: &str) -> Option<(usize, &str)> {
    let (c, rest) = number(s.strip_prefix("column ")?)?;
    Some((c, rest.strip_prefix(": ")?))
}

/// The line and column a message gives after its file name: `L:C: …` (record files), `L: column
/// C: …` (SFEN files), `column C: …` (SFEN text) or none (`: …`, a fault of the whole file), and
/// the rest of the message.
fn location(rest: &str) -> (Option<usize>, Option<usize>, &str) {
    if let Some((c, r)) = column(rest) {
        return (None, Some(c), r);
    }
    let Some((line, r)) = number(rest) else {
        return (None, None, rest.trim_start_matches(": "));
    };
    let r = r.strip_prefix(':').unwrap_or(r);
    if let Some((c, r)) = number(r) {
        return (Some(line), Some(c), r.trim_start_matches(": "));
    }
    match column(r.trim_start()) {
        Some((c, r)) => (Some(line), Some(c), r),
        None => (Some(line), None, r.trim_start()),
    }
}

/// Runs `tsume solve` on the case; `Err` says what is wrong.
fn check_solve(case: &Case, dir: &Path) -> Result<(), String> {
    let (path, text) = match &case.input {
        Input::Fixture(name) => (Some(format!("{FIXTURES}/{name}")), None),
        Input::Built(name, bytes) => {
            let path = dir.join(name);
            std::fs::write(&path, bytes).expect("write the input");
            (Some(path.display().to_string()), None)
        }
        Input::Arg(text) => (None, Some(text.clone())),
    };
    let arg = path.clone().or(text).expect("an input");
    let r = run(&["solve", &arg], dir)?;
    if r.stderr.contains("panicked") {
        return Err(format!("panicked: {}", r.stderr));
    }
    // A faulty move of a problem's solution: the diagram is answered (mate or no mate) and
    // the fault is a warning; anything else is refused with exit code 2 and no answer.
    let answered = matches!(r.code, Some(0 | 1)) && !r.stdout.is_empty();
    if case.warning && !answered {
        return Err(format!("exit code {:?}, no answer: {}", r.code, r.stderr));
    }
    if !case.warning && r.code != Some(2) {
        return Err(format!("exit code {:?}, expected 2: {}", r.code, r.stderr));
    }
    if !case.warning && !r.stdout.is_empty() {
        return Err(format!("printed on stdout: {}", r.stdout));
    }
    if r.stderr.len() > LONGEST_MESSAGE {
        return Err(format!("a message of {} bytes", r.stderr.len()));
    }
    let message = r
        .stderr
        .strip_suffix('\n')
        .filter(|m| !m.contains('\n'))
        .ok_or_else(|| format!("not one line: {:?}", r.stderr))?;
    let (prefix, suffix) = if case.warning {
        (
            "tsume: warning: ",
            "; the diagram is solved without the record's moves",
        )
    } else {
        ("tsume: error: ", "")
    };
    let rest = message
        .strip_prefix(prefix)
        .and_then(|m| m.strip_suffix(suffix))
        .ok_or_else(|| format!("not '{prefix}…{suffix}': {message}"))?;
    let rest = match &path {
        Some(p) => rest
            .strip_prefix(p.as_str())
            .and_then(|r| r.strip_prefix(':'))
            .ok_or_else(|| format!("does not start with the file name: {message}"))?,
        None => rest,
    };
    let (line, column, fault) = location(rest);
    if (line, column) != (case.line, case.column) {
        return Err(format!(
            "at line {line:?}, column {column:?}, expected {:?}, {:?}: {message}",
            case.line, case.column
        ));
    }
    if !fault.contains(case.fault) {
        return Err(format!("expected {:?}: {message}", case.fault));
    }
    Ok(())
}

/// Runs every case, then fails naming each case that failed and why.
fn check_all(cases: &[Case], dir: &Path) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| {
            check_solve(c, dir)
                .err()
                .map(|e| format!("{}: {e}", c.name))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_fixture_is_refused_with_its_place_and_fault() {
    let cases = fixture_cases();
    // Every file of the corpus but the collections is in the table, once.
    let mut listed: Vec<&str> = cases
        .iter()
        .filter_map(|c| match c.input {
            Input::Fixture(name) => Some(name),
            _ => None,
        })
        .collect();
    listed.sort_unstable();
    let mut files = Vec::new();
    for dir in ["sfen", "kif", "kifu", "ki2", "csa"] {
        for entry in std::fs::read_dir(format!("{FIXTURES}/{dir}")).expect("the corpus") {
            let name = entry.expect("an entry").file_name();
            files.push(format!("{dir}/{}", name.to_string_lossy()));
        }
    }
    files.sort_unstable();
    assert_eq!(listed, files, "the table and the corpus differ");
    check_all(&cases, &scratch("fixtures"));
}

#[test]
fn binary_garbage_and_megabyte_lines_are_refused_quickly_with_a_short_message() {
    check_all(&built_cases(), &scratch("built"));
}

#[test]
fn sfen_on_the_command_line_is_refused_at_its_column() {
    check_all(&arg_cases(), &scratch("args"));
}

/// A collection run through `tsume verify`: the rows in error, each with its line, column and
/// fault, and the summary's counts; the other rows run.
struct Batch {
    name: &'static str,
    /// The files to write (name, bytes) and, when `None`, the fixture to run.
    files: Vec<(&'static str, Vec<u8>)>,
    fixture: Option<&'static str>,
    /// Every error row: the file (under the path run), line, column and a part of the fault.
    errors: Vec<(&'static str, usize, usize, &'static str)>,
    summary: &'static str,
}

fn batch(
    fixture: &'static str,
    errors: Vec<(&'static str, usize, usize, &'static str)>,
    summary: &'static str,
) -> Batch {
    Batch {
        name: fixture,
        files: Vec::new(),
        fixture: Some(fixture),
        errors,
        summary,
    }
}

/// The good KIF problem: 頭金, a mate in 1.
const GOOD_KIF: &str = "後手の持駒：残り全部\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n\
+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n\
| ・ ・ ・ ・ 歩 ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n\
| ・ ・ ・ ・ ・ ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：金\n\
   1 ５二金打\nまで1手で詰み\n";

#[rustfmt::skip]
fn batches() -> Vec<Batch> {
    let dead_knight = std::fs::read(format!("{FIXTURES}/kif/dead-knight.kif")).expect("fixture");
    let huge = format!("id\tsfen\nhuge\t{MATE1} {}\ngood\t{MATE1}\n", "x".repeat(5 << 20));
    vec![
        batch("collections/one-bad-row.tsv", vec![("", 3, 23, "二歩: two Black pawns on file 5")], "3 problems: 2 ok, 0 mismatch, 0 unknown, 1 error"),
        batch("collections/one-bad-row.sfen", vec![("", 3, 6, "Knight on 8b can never move")], "3 problems: 2 ok, 0 mismatch, 0 unknown, 1 error"),
        batch("collections/too-many-fields.tsv", vec![("", 3, 34, "3 fields, the header names 2")], "2 problems: 1 ok"),
        batch("collections/bad-length.tsv", vec![("", 3, 34, "a mate length is an odd number of plies, found 2")], "2 problems: 1 ok"),
        batch("collections/bad-trailer.sfen", vec![("", 2, 36, "'one' is not a number of plies")], "2 problems: 1 ok"),
        batch("collections/invalid-utf8-row.tsv", vec![("", 3, 35, "byte 0xFF is not UTF-8")], "3 problems: 2 ok, 0 mismatch, 0 unknown, 1 error"),
        batch("collections/no-defender-king.tsv", vec![("", 3, 8, "the defender (White, the side not to move) has no king")], "2 problems: 1 ok"),
        Batch {
            name: "a 5 MB row among good ones",
            files: vec![("huge.tsv", huge.into_bytes())],
            fixture: None,
            errors: vec![("huge.tsv", 2, 34, "unexpected 'xxxxxxxx")],
            summary: "2 problems: 1 ok, 0 mismatch, 0 unknown, 1 error",
        },
        Batch {
            name: "a directory of record files, one bad",
            files: vec![("good.kifu", GOOD_KIF.as_bytes().to_vec()), ("knight.kif", dead_knight)],
            fixture: None,
            errors: vec![("knight.kif", 5, 3, "illegal position: Knight on 9b can never move")],
            summary: "2 problems: 1 ok, 0 mismatch, 0 unknown, 1 error",
        },
    ]
}

/// Runs `tsume verify` on the batch, its files written in `dir/in`; `Err` says what is wrong.
fn check_batch(b: &Batch, out: &Path) -> Result<(), String> {
    let dir = &out.join("in");
    std::fs::create_dir_all(dir).expect("create a directory");
    for (name, bytes) in &b.files {
        std::fs::write(dir.join(name), bytes).expect("write the input");
    }
    let path = match b.fixture {
        Some(f) => format!("{FIXTURES}/{f}"),
        None if b.files.len() == 1 => dir.join(b.files[0].0).display().to_string(),
        None => dir.display().to_string(),
    };
    let r = run(&["verify", &path], out)?;
    if r.stderr.contains("panicked") {
        return Err(format!("panicked: {}", r.stderr));
    }
    if r.code != Some(1) {
        return Err(format!("exit code {:?}, expected 1: {}", r.code, r.stderr));
    }
    let error_rows: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.starts_with("error"))
        .collect();
    if error_rows.len() != b.errors.len() {
        return Err(format!(
            "{} error rows, expected {}: {}",
            error_rows.len(),
            b.errors.len(),
            r.stdout
        ));
    }
    for &(file, line, column, fault) in &b.errors {
        let source = match file {
            "" => format!("{path}:{line} "),
            f => format!("{}:{line} ", dir.join(f).display()),
        };
        let row = error_rows
            .iter()
            .find(|l| l.contains(&source))
            .ok_or_else(|| format!("no error row at {source}: {}", r.stdout))?;
        if row.len() > LONGEST_MESSAGE + source.len() + 40 {
            return Err(format!("an error row of {} bytes", row.len()));
        }
        if !row.contains(&format!("column {column}: {fault}")) {
            return Err(format!("expected column {column}: {fault:?}: {row}"));
        }
    }
    if !r.stdout.contains(b.summary) {
        return Err(format!("expected {:?}: {}", b.summary, r.stdout));
    }
    Ok(())
}

#[test]
fn a_collection_reports_each_bad_row_in_place_and_runs_the_rest() {
    let root = scratch("batches");
    let failures: Vec<String> = batches()
        .iter()
        .enumerate()
        .filter_map(|(i, b)| {
            let dir = root.join(i.to_string());
            std::fs::create_dir_all(&dir).expect("create a directory");
            check_batch(b, &dir)
                .err()
                .map(|e| format!("{}: {e}", b.name))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A collection that cannot be read at all: exit code 2 and one line naming the file, the place
/// where one applies, and the fault.
#[test]
fn an_unreadable_collection_is_refused_with_exit_code_2() {
    let dir = scratch("unreadable");
    let binary = dir.join("binary.tsv");
    std::fs::write(&binary, garbage(4096)).expect("write");
    let at = |path: String, fault: &str| (format!("{path}{fault}"), path);
    let empty = |path: String| (format!("no problems found in {path}"), path);
    let cases: Vec<(String, String)> = vec![
        at(binary.display().to_string(), ":1:1: byte 0x89 is not UTF-8"),
        at(
            format!("{FIXTURES}/collections/invalid-utf8-header.tsv"),
            ":1:6: byte 0xE9 is not UTF-8",
        ),
        empty(format!("{FIXTURES}/collections/empty.tsv")),
        empty(format!("{FIXTURES}/collections/header-only.tsv")),
        empty(format!("{FIXTURES}/collections/whitespace.sfen")),
    ];
    let mut failures = Vec::new();
    for (expected, path) in &cases {
        let outcome = run(&["verify", path, "--quiet"], &dir).and_then(|r| {
            let one_line = r.stderr.lines().count() == 1;
            match r.code {
                Some(2) if one_line && r.stderr.contains(expected.as_str()) => Ok(()),
                _ => Err(format!(
                    "exit code {:?}, expected 2 and {expected:?}: {}",
                    r.code, r.stderr
                )),
            }
        });
        if let Err(e) = outcome {
            failures.push(format!("{path}: {e}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
