"""Shared by the tests of the Python module: the repository, its problems, and the command line
(a release build of this tree) whose answers the module must give."""

import csv
import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBLEMS = ROOT / "problems"


def read_tsv(path):
    with open(path, encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t"))


def sfen_list(path):
    """The rows of a `.sfen` list: (id, sfen, expected length) for each `# id=… mate=N` line."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        sfen, _, trailer = line.partition("#")
        words = dict(w.split("=", 1) for w in trailer.split() if "=" in w)
        rows.append((words.get("id"), sfen.strip(), int(words["mate"]) if "mate" in words else None))
    return rows


@pytest.fixture(scope="session")
def cli():
    """The `tsume` binary of this tree (TSUME_BIN, else target/release/tsume under
    CARGO_TARGET_DIR or the repository), built if it is not there."""
    given = os.environ.get("TSUME_BIN")
    if given:
        return Path(given)
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    binary = target / "release" / "tsume"
    subprocess.run(["cargo", "build", "--release", "--bin", "tsume"], cwd=ROOT, check=True)
    assert binary.exists(), binary
    return binary


def run_cli(cli, *args, ok=(0, 1, 3)):
    """Runs the binary; a `solve` without `--threads` searches on one thread, as the module does."""
    env = {**os.environ, "TSUME_THREADS": "1"}
    done = subprocess.run(
        [str(cli), *map(str, args)], cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL, env=env
    )
    assert done.returncode in ok, (args, done.returncode, done.stderr)
    return done


def cli_json(cli, *args):
    return json.loads(run_cli(cli, *args).stdout)


# Fields that measure time, which differs from one run to the next.
TIMED = {"time_ms", "nodes_per_second", "ms"}


def untimed(value):
    """A JSON value without its timings (at any depth)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMED}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value
