"""`tsume.solve` and `tsume.Solver` give the command line's answers."""

import pytest
import tsume
from conftest import PROBLEMS, cli_json, read_tsv, sfen_list, untimed

SHORT = read_tsv(PROBLEMS / "short.tsv")
# The 図巧 problems of at most 21 plies.
ZUKO_SMALL = read_tsv(PROBLEMS / "zuko-short.tsv")


def literal(row):
    return row.get("hands", "").startswith("literal")


def solve_args(row):
    return ["solve", "--json", row["sfen"]] + (["--literal-hands"] if literal(row) else [])


@pytest.mark.parametrize("row", SHORT, ids=[r["id"] for r in SHORT])
def test_short_rows_equal_the_command_line(cli, row):
    expected = cli_json(cli, *solve_args(row))
    got = tsume.solve(row["sfen"], literal_hands=literal(row))
    assert untimed(got.to_dict()) == untimed(expected)
    assert got.result == expected["result"]
    assert got.length == expected["length"]
    assert got.line == expected["line"]
    assert got.line_ja == expected["line_ja"]
    assert got.pieces_left == expected["pieces_left"]
    assert got.proven_shortest == expected["proven_shortest"]
    assert got.nodes == expected["nodes"]


@pytest.mark.parametrize("row", ZUKO_SMALL, ids=[r["id"] for r in ZUKO_SMALL])
def test_small_zuko_rows_equal_the_command_line(cli, row):
    expected = cli_json(cli, *solve_args(row))
    got = tsume.solve(row["sfen"])
    assert untimed(got.to_dict()) == untimed(expected)
    assert got.result == "mate" and got.proven_shortest
    if row["tsume_length"]:
        assert got.length == int(row["tsume_length"])


def test_game_rules_and_checker_futile_are_passed_on(cli):
    row = next(r for r in SHORT if r["id"] == "futile-drops-60")
    for rules, futile in [("game", "any"), ("tsume", "checker")]:
        expected = cli_json(cli, "solve", "--json", row["sfen"], "--rules", rules, "--futile", futile)
        got = tsume.solve(row["sfen"], rules=rules, futile=futile)
        assert untimed(got.to_dict()) == untimed(expected)
    assert tsume.solve(row["sfen"], rules="game").length == int(row["game_length"])
    assert tsume.solve(row["sfen"]).length == int(row["tsume_length"])


def test_a_node_limit_answers_unknown_as_the_command_line_does(cli):
    row = next(r for r in ZUKO_SMALL if r["tsume_length"] == "21")
    expected = cli_json(cli, "solve", "--json", row["sfen"], "--nodes", "2000")
    got = tsume.solve(row["sfen"], nodes=2000)
    assert got.result == "unknown" == expected["result"]
    assert not got.proven_shortest
    assert untimed(got.to_dict()) == untimed(expected)


def test_a_cshogi_board_is_accepted():
    cshogi = pytest.importorskip("cshogi")
    for row in SHORT[:20]:
        if literal(row):
            continue
        board = cshogi.Board(row["sfen"])
        from_board = tsume.solve(board)
        from_text = tsume.solve(row["sfen"])
        assert untimed(from_board.to_dict()) == untimed(from_text.to_dict()), row["id"]


def test_a_problem_file_is_read_as_the_command_line_reads_it(cli, tmp_path):
    path = tmp_path / "p.sfen"
    path.write_text("# a comment\n3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1\n", encoding="utf-8")
    expected = cli_json(cli, "solve", "--json", path)
    assert untimed(tsume.solve(str(path)).to_dict()) == untimed(expected)
    assert untimed(tsume.solve(path).to_dict()) == untimed(expected)


def test_a_solver_reused_over_a_thousand_problems_answers_as_fresh_solves():
    rows = sfen_list(PROBLEMS / "mate357.sfen")
    assert len(rows) >= 30
    # Both sides attack among these rows: the solver keeps a table for each.
    assert {sfen.split()[1] for _, sfen, _ in rows} == {"b", "w"}
    for rules in ["tsume", "game"]:
        fresh = {sfen: untimed(tsume.solve(sfen, rules=rules, hash_mb=64).to_dict()) for _, sfen, _ in rows}
        solver = tsume.Solver(rules=rules, hash_mb=64)
        count = 0
        while count < 1000:
            for _, sfen, expected in rows:
                got = solver.solve(sfen)
                assert untimed(got.to_dict()) == fresh[sfen]
                if rules == "game" and expected is not None:
                    assert got.length == expected
                count += 1
            if rules == "game":
                break


def test_limits_apply_per_solve_on_a_solver():
    row = next(r for r in ZUKO_SMALL if r["tsume_length"] == "21")
    solver = tsume.Solver(hash_mb=64)
    assert solver.solve(row["sfen"], nodes=1000).result == "unknown"
    assert solver.solve(row["sfen"]).length == 21
