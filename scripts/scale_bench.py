"""Measure the table of the docs page "Running at scale" (docs/scale.rst).

Games per second of one tournament (``GAMES`` games between three random
bots, seed 1: the cheapest games there are, so that the overhead shows) in
one process, on two processes (``workers=2``) and on a two-worker Dask
``LocalCluster`` started beforehand (scheduler and workers on 127.0.0.1, as
``--local-cluster 2`` starts it); then the overhead of a call handed out as
a game is, with calls that do nothing: ``CALLS`` calls in order through
:func:`~princes_of_florence.bots.scale.run_in_order` on the cluster and on
a pool of two processes, and one call at a time on the cluster.  Wall-clock
times (the cluster's work is in other processes); the load average is printed
with them, since a shared machine slows every row.  Needs the distributed
extra; takes well under a minute on an idle 2-core machine.

    .venv/bin/python scripts/scale_bench.py [GAMES] [CALLS]
"""

from __future__ import annotations

import os
import platform
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from importlib.metadata import version
from typing import Any

from princes_of_florence.bots import tournament
from princes_of_florence.bots.scale import dask_executor, run_in_order

SPECS = ("random", "random", "random")


def _seconds(work: Callable[[], Any]) -> float:
    """The wall-clock seconds ``work()`` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main(games: int = 60, calls: int = 200) -> None:
    """Print games per second on 1 process, 2 processes, a 2-worker LocalCluster, and overheads."""
    print(f"# Python {platform.python_version()}, distributed {version('distributed')}")
    print(f"# {os.cpu_count()} cores; load average before: {os.getloadavg()[0]:.1f}")
    print(f"# tournament of {games} games between {', '.join(SPECS)}, seed 1")
    results: list[Any] = []
    took = _seconds(lambda: results.append(tournament(SPECS, games, seed=1)))
    print(f"1 process:                     {games / took:6.1f} games/s")
    took = _seconds(lambda: tournament(SPECS, games, seed=1, workers=2))
    print(f"2 local workers (--workers 2): {games / took:6.1f} games/s")
    started = time.perf_counter()
    with dask_executor(local_cluster=2) as cluster:
        start = time.perf_counter() - started
        took = _seconds(lambda: results.append(tournament(SPECS, games, seed=1, executor=cluster)))
        assert results[0] == results[1], "the cluster's tournament is not one process's"
        print(
            f"2-worker LocalCluster:         {games / took:6.1f} games/s (started in {start:.1f} s)"
        )
        nothing = [(0,)] * calls
        list(run_in_order(abs, nothing[:10], cluster))  # the workers warmed up
        took = _seconds(lambda: list(run_in_order(abs, nothing, cluster)))
        print(f"# overhead a call, {calls} in order on the cluster: {took / calls * 1e3:.2f} ms")
        took = _seconds(lambda: [list(run_in_order(abs, [(0,)], cluster)) for _ in range(20)])
        print(f"# one call at a time on the cluster: {took / 20 * 1e3:.2f} ms")
    with ProcessPoolExecutor(2) as pool:
        list(run_in_order(abs, nothing[:10], pool))
        took = _seconds(lambda: list(run_in_order(abs, nothing, pool)))
        print(f"# overhead a call, {calls} in order on 2 processes: {took / calls * 1e3:.2f} ms")
    print(f"# load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main(*(int(argument) for argument in sys.argv[1:3]))
