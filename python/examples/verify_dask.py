"""Verify a large collection over many machines with Dask: one Solver a worker, many rows a task.

    python python/examples/verify_dask.py COLLECTION.tsv [SCHEDULER_ADDRESS] [CHUNK]

With a scheduler's address (`host:8786`) the tasks go to its workers, each of which needs the
module (`pip install ./python`); without one, a local cluster of one single-threaded worker per
core runs them. Prints each row that is not as expected, then the totals and the rate.
"""

import os
import sys
import time

import tsume
from dask.distributed import Client, LocalCluster, as_completed, get_worker

from verify_parallel import read_rows


def solve_chunk(rows, rules="tsume", hash_mb=256):
    """A task: some rows, solved by the worker's one Solver (made by its first task)."""
    worker = get_worker()
    solver = getattr(worker, "tsume_solver", None)
    if solver is None:
        solver = worker.tsume_solver = tsume.Solver(rules=rules, hash_mb=hash_mb)
    out = []
    for ident, sfen, expected in rows:
        try:
            r = solver.solve(sfen, time=60)
            out.append((ident, expected, r.result, r.length, None))
        except tsume.InputError as e:
            out.append((ident, expected, "error", None, str(e)))
    return out


def main():
    rows = list(read_rows(sys.argv[1], "tsume_length"))
    address = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] != "local" else None
    chunk = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    if address:
        client = Client(address)
    else:
        cluster = LocalCluster(n_workers=os.cpu_count(), threads_per_worker=1, processes=True)
        client = Client(cluster)
    chunks = [rows[i : i + chunk] for i in range(0, len(rows), chunk)]
    start = time.perf_counter()
    bad = 0
    for _, answers in as_completed(client.map(solve_chunk, chunks), with_results=True):
        for ident, expected, result, length, error in answers:
            if error or (expected is not None and length != expected):
                bad += 1
                print(ident, expected, result, length, error or "")
    wall = time.perf_counter() - start
    print(f"{len(rows)} problems, {bad} not as expected; {wall:.2f} s, {len(rows) / wall:,.0f} problems/s")
    client.close()


if __name__ == "__main__":
    main()
