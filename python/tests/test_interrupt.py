"""Ctrl-C (SIGINT) stops a search: KeyboardInterrupt in Python, the search stopped."""

import os
import signal
import threading
import time

import pytest
import tsume
from conftest import PROBLEMS, read_tsv

# 図巧 No. 21: many seconds of search, far more than the delay below.
HARD = next(r for r in read_tsv(PROBLEMS / "zuko.tsv") if r["id"] == "zuko-021")["sfen"]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")


def interrupt_after(seconds):
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer


def stopped_within(call, limit=2.5):
    timer = interrupt_after(0.5)
    start = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            call()
    finally:
        timer.cancel()
    elapsed = time.monotonic() - start
    assert elapsed < limit, elapsed
    return elapsed


def test_ctrl_c_stops_solve():
    # The time limit only keeps a broken interruption from hanging the suite.
    stopped_within(lambda: tsume.solve(HARD, hash_mb=64, time=60))


def test_ctrl_c_stops_a_solver_which_then_solves_on():
    solver = tsume.Solver(hash_mb=64)
    stopped_within(lambda: solver.solve(HARD, time=60))
    assert solver.solve("3g1ks2/6g2/4S4/7B1/9/9/9/9/9 b G 1").length == 5


def test_ctrl_c_stops_check():
    stopped_within(lambda: tsume.check(HARD, hash_mb=64, time=60))


def test_ctrl_c_stops_verify():
    rows = [(f"hard-{i}", HARD, None) for i in range(4)]
    stopped_within(lambda: list(tsume.verify(rows, jobs=2, hash_mb=64, time=60)))


def test_other_threads_run_while_a_search_waits():
    # The search releases the GIL: a Python thread keeps counting meanwhile.
    counted = []
    done = threading.Event()

    def count():
        n = 0
        while not done.is_set():
            n += 1
        counted.append(n)

    t = threading.Thread(target=count)
    t.start()
    try:
        result = tsume.solve(HARD, hash_mb=64, time=1.0)
    finally:
        done.set()
        t.join()
    assert result.result == "unknown"
    assert counted[0] > 100_000
