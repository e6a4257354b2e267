"""The worked example of docs/python.md runs: a collection verified over processes."""

import subprocess
import sys

from conftest import PROBLEMS, ROOT


def test_verify_parallel_over_two_processes():
    done = subprocess.run(
        [sys.executable, str(ROOT / "python/examples/verify_parallel.py"), str(PROBLEMS / "short.tsv"), "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = sum(1 for line in (PROBLEMS / "short.tsv").read_text(encoding="utf-8").splitlines()[1:] if line.strip())
    assert done.stdout.splitlines()[-1].startswith(f"{rows} problems, 0 not as expected")
