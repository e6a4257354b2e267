"""The examples in the docstrings run as written."""

import doctest

import pytest
import tsume

DOCUMENTED = [tsume, tsume.solve, tsume.check, tsume.verify, tsume.Solver, tsume.SolveResult]


@pytest.mark.parametrize("obj", DOCUMENTED, ids=lambda o: o.__name__)
def test_docstring_examples(obj):
    assert obj.__doc__ and ">>>" in obj.__doc__
    test = doctest.DocTestParser().get_doctest(obj.__doc__, {"tsume": tsume}, obj.__name__, None, 0)
    runner = doctest.DocTestRunner()
    runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_every_public_name_is_documented():
    for name in ["solve", "check", "verify", "Solver", "SolveResult", "CheckResult", "VerifyResult", "InputError"]:
        assert getattr(tsume, name).__doc__, name


def test_the_type_stubs_match_the_module():
    pytest.importorskip("mypy")
    import subprocess
    import sys
    from pathlib import Path

    # maturin's package re-exports the extension module `tsume.tsume`, which needs no stub.
    allowlist = Path(__file__).with_name("stubtest-allowlist.txt")
    done = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "tsume", "--allowlist", str(allowlist)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
