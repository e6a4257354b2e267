"""Verify a large collection in parallel from Python, one process a core, each with one Solver.

    python python/examples/verify_parallel.py COLLECTION.tsv [WORKERS] [CHUNKSIZE]

The rows are read here (a TSV with `id`, `sfen` and a length column, as the bundled ones), sent
to a pool of processes in chunks, and solved there by a Solver made once per process, so each
process keeps one table for all its problems. Prints each row that is not as expected, then the
totals and the rate.
"""

import csv
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import tsume

_solver = None


def _start(rules, hash_mb):
    """Runs once in each worker process: its one Solver."""
    global _solver
    _solver = tsume.Solver(rules=rules, hash_mb=hash_mb)


def solve_row(row):
    """One problem, in a worker: (id, expected, result, length, nodes, seconds, error)."""
    ident, sfen, expected = row
    try:
        r = _solver.solve(sfen, time=60)
    except tsume.InputError as e:
        return ident, expected, "error", None, 0, 0.0, str(e)
    return ident, expected, r.result, r.length, r.nodes, r.seconds, None


def read_rows(path, column):
    with open(path, encoding="utf-8", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            length = row.get(column) or None
            yield row["id"], row["sfen"], int(length) if length else None


def main():
    path = sys.argv[1]
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else os.cpu_count()
    chunksize = int(sys.argv[3]) if len(sys.argv) > 3 else 16
    rows = list(read_rows(path, "tsume_length"))
    start = time.perf_counter()
    bad = 0
    with ProcessPoolExecutor(workers, initializer=_start, initargs=("tsume", 256)) as pool:
        for ident, expected, result, length, nodes, seconds, error in pool.map(
            solve_row, rows, chunksize=chunksize
        ):
            if error or (expected is not None and length != expected):
                bad += 1
                print(ident, expected, result, length, error or "")
    wall = time.perf_counter() - start
    print(f"{len(rows)} problems, {bad} not as expected; {wall:.2f} s, {len(rows) / wall:,.0f} problems/s")


if __name__ == "__main__":
    main()
