"""Bad input raises `tsume.InputError` with its place; nothing panics across the boundary."""

import pytest
import tsume
from conftest import ROOT, run_cli


@pytest.mark.parametrize(
    "text",
    [
        "4k4/9/4P4/9/9/9/9/9/9 b X 1",
        "4k4/9/4P4/9/9/9/9/9 b G 1",
        "4k4/9/4P4/9/9/9/9/9/9 x G 1",
        "sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves 9i9h",
        "",
    ],
)
def test_malformed_sfen_is_an_input_error_placed_as_the_command_line_places_it(cli, text):
    with pytest.raises(tsume.InputError) as caught:
        tsume.solve(text)
    e = caught.value
    assert isinstance(e, ValueError)
    assert e.fault and e.fault in str(e)
    done = run_cli(cli, "solve", text, ok=(2,))
    assert str(e) in done.stderr
    if e.column is not None:
        assert e.line == 1
        assert f"column {e.column}: {e.fault}" == str(e)


def test_a_faulty_record_file_gives_its_line_and_column(cli):
    path = ROOT / "tests/fixtures/malformed/kif/bad-piece.kif"
    with pytest.raises(tsume.InputError) as caught:
        tsume.solve(str(path))
    e = caught.value
    assert (e.line, e.column) == (8, 9)
    assert e.fault.startswith("unknown piece '象' in row 5")
    assert str(e) in run_cli(cli, "solve", path, ok=(2,)).stderr


def test_a_position_without_a_defender_king_is_refused():
    with pytest.raises(tsume.InputError, match="no king"):
        tsume.solve("9/9/4P4/9/9/9/9/9/9 b G 1")


def test_a_faulty_intended_line_is_placed():
    with pytest.raises(tsume.InputError) as caught:
        tsume.check("3g1ks2/6gR1/4S4/7B1/9/9/9/9/9 b G 1", line="G*5a 6a5z")
    assert caught.value.column == 6


def test_a_missing_file_and_bad_arguments():
    with pytest.raises(tsume.InputError, match="no such file"):
        tsume.solve("no/such/problem.kif")
    with pytest.raises(ValueError, match="rules"):
        tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", rules="chess")
    with pytest.raises(ValueError, match="futile"):
        tsume.Solver(futile="some")
    with pytest.raises(ValueError, match="time"):
        tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", time=-1)
    with pytest.raises(ValueError, match="hash_mb"):
        tsume.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1", hash_mb=0)
    with pytest.raises(TypeError, match="position"):
        tsume.solve(42)
    with pytest.raises(tsume.InputError):
        list(tsume.verify(ROOT / "no-such-collection.tsv"))


def test_the_solver_works_after_bad_input():
    solver = tsume.Solver(hash_mb=16)
    with pytest.raises(tsume.InputError):
        solver.solve("4k4/9/4P4/9/9/9/9/9/9 b X 1")
    assert solver.solve("4k4/9/4P4/9/9/9/9/9/9 b G 1").line == ["G*5b"]
