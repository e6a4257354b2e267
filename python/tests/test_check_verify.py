"""`tsume.check` and `tsume.verify` give the command line's answers."""

import json

import tsume
from conftest import PROBLEMS, ROOT, cli_json, read_tsv, run_cli, sfen_list, untimed

README_CHECK = "3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1"
README_LINE = "G*5a 6a5a 2d5a+ 4a5a G*5b"


def test_check_equals_the_command_line(cli):
    expected = cli_json(cli, "check", "--json", f"{README_CHECK} moves {README_LINE}")
    for line in [README_LINE, README_LINE.split()]:
        got = tsume.check(README_CHECK, line=line)
        assert untimed(got.to_dict()) == untimed(expected)
        assert got.verdict == "flawed" == expected["verdict"]
        assert [f["kind"] for f in got.findings] == ["cook"]
    # The moves after the SFEN are the intended line, as on the command line.
    got = tsume.check(f"{README_CHECK} moves {README_LINE}")
    assert untimed(got.to_dict()) == untimed(expected)


def test_check_without_a_line_checks_the_solver_line(cli):
    # The short rows with a tsume length: sound or not, the verdict and findings are the CLI's.
    rows = [r for r in read_tsv(PROBLEMS / "short.tsv") if r["tsume_length"] and r["hands"] == "complete"]
    for row in rows[:12]:
        expected = cli_json(cli, "check", "--json", row["sfen"])
        got = tsume.check(row["sfen"])
        assert got.line_source == "solver"
        assert untimed(got.to_dict()) == untimed(expected), row["id"]


def report_records(cli, tmp_path, *args):
    report = tmp_path / "report.json"
    run_cli(cli, "verify", "--quiet", "--report", report, *args)
    return json.loads(report.read_text(encoding="utf-8"))["problems"]


def test_verify_of_a_collection_equals_the_command_line_report(cli, tmp_path):
    for path in [PROBLEMS / "short.tsv", PROBLEMS / "zuko-short.tsv"]:
        expected = {r["id"]: untimed(r) for r in report_records(cli, tmp_path, path)}
        results = list(tsume.verify(str(path), jobs=2))
        got = {r.id: untimed(r.to_dict()) for r in results}
        assert got == expected
        assert all(r.status == "ok" for r in results)


def test_verify_of_rows_given_as_tuples_and_dicts(cli, tmp_path):
    rows = sfen_list(PROBLEMS / "mate357.sfen")
    expected = {r["id"]: r for r in report_records(cli, tmp_path, "--rules", "game", PROBLEMS / "mate357.sfen")}
    given = [(i, s, n) for i, s, n in rows[:10]] + [{"id": i, "sfen": s, "expected": n} for i, s, n in rows[10:]]
    given += ["4k4/9 b G 1", ("even", "4k4/9/4P4/9/9/9/9/9/9 b G 1", 2), ("m3", rows[0][1], "nomate")]
    verification = tsume.verify(given, jobs=2, rules="game", hash_mb=64)
    assert len(verification) == len(given)
    results = {r.id: r for r in verification}
    assert len(results) == len(given)
    for i, _, n in rows:
        r = results[i]
        assert (r.status, r.result, r.length, r.line) == (
            expected[i]["status"],
            expected[i]["result"],
            expected[i]["length"],
            expected[i]["line"],
        )
        assert r.status == "ok" and r.length == n
    bare = results[f"row-{len(rows) + 1}"]
    assert bare.status == "error" and "column" in bare.message
    assert results["even"].status == "error" and "odd" in results["even"].message
    assert results["m3"].status == "mismatch" and results["m3"].expected == "nomate"


def test_verify_of_a_path_object_and_a_directory():
    from pathlib import Path

    classics = list(tsume.verify([Path(ROOT / "problems" / "mate357.sfen")], rules="game", hash_mb=64))
    assert len(classics) == len(sfen_list(PROBLEMS / "mate357.sfen"))
    assert {r.status for r in classics} == {"ok"}
