"""Problems a second: the Python API with one reused Solver against `tsume verify --jobs 1`.

    python python/examples/throughput.py TSUME_BIN [REPEAT] [ROUNDS]

Both solve the rows of problems/mate357.sfen repeated REPEAT times (default 40), under the
rules of the game (every row then as expected: the API's lengths are checked) and under the tsume
conventions, one problem at a time on one thread, with 256 MB tables; the two run in turn,
ROUNDS times each (default 3), in the same minutes. The command line's time is its wall time,
process start included; the API's is the loop's, after import.
"""

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tsume

ROOT = Path(__file__).resolve().parents[2]


def rows_of(path):
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            sfen, _, trailer = line.partition("#")
            words = dict(w.split("=", 1) for w in trailer.split() if "=" in w)
            rows.append((sfen.strip(), int(words["mate"])))
    return rows


def main():
    binary = sys.argv[1]
    repeat = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    source = ROOT / "problems" / "mate357.sfen"
    rows = rows_of(source) * repeat
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "mate357-repeated.sfen"
        big.write_text((source.read_text(encoding="utf-8") + "\n") * repeat, encoding="utf-8")
        for rules in ["game", "tsume"]:
            cli, api = [], []
            for _ in range(rounds):
                start = time.perf_counter()
                subprocess.run(
                    [binary, "verify", str(big), "--jobs", "1", "--rules", rules, "--quiet"],
                    stdout=subprocess.DEVNULL,
                )
                cli.append(len(rows) / (time.perf_counter() - start))

                start = time.perf_counter()
                solver = tsume.Solver(rules=rules, hash_mb=256)
                for sfen, length in rows:
                    r = solver.solve(sfen)
                    assert r.result == "mate" and (rules != "game" or r.length == length)
                api.append(len(rows) / (time.perf_counter() - start))
            print(f"--rules {rules}: {len(rows)} problems ({len(rows) // repeat} rows x {repeat}), {rounds} runs each, in turn")
            for name, rates in [("tsume verify --jobs 1", cli), ("Python Solver", api)]:
                runs = ", ".join(f"{r:,.0f}" for r in rates)
                print(f"  {name:22} mean {statistics.mean(rates):,.0f} problems/s ({runs})")


if __name__ == "__main__":
    main()
