"""Games played on any executor, gathered in order; Dask clusters as executors.

Tournaments (:func:`~princes_of_florence.bots.tournament`) and
:func:`~princes_of_florence.bots.selfplay.play_many` hand each game to a
:class:`concurrent.futures.Executor` as one call of a module-level function
whose arguments name everything the game depends on (the game's registered
name, the bots' specs, the configuration, the seed and the game's number).
The results are taken in game order, never in the order the games finish,
so the outcome is the same on one process, on a pool of processes and on a
Dask cluster.

A game whose future is cancelled (a Dask cluster restarted with
``client.restart()`` cancels every task it held) is handed to the executor
again, and so is every game still waiting: the game is played from the same
arguments, so nothing changes but the time taken.  A worker process that
ends is the cluster's business: Dask's scheduler gives its tasks to another
worker.

Dask (``pip install princes-of-florence[distributed]``) is imported on first
use only, by :func:`dask_executor`.  Give a cluster you connected yourself as
``DaskExecutor(client)``: the executor of ``client.get_executor()`` can leave
a future unsettled when a restart comes while a result is being fetched, so
that a run waits for ever.

>>> list(run_in_order(pow, [(2, 3), (3, 2)]))
[8, 9]
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import CancelledError, Executor, Future
from typing import Any, TypeVar

from princes_of_florence.errors import ConfigError

__all__ = ["RETRIES", "WINDOW", "DaskExecutor", "dask_executor", "run_in_order"]

R = TypeVar("R")

WINDOW = 512
"""How many games are handed to an executor before the first of them is taken."""

RETRIES = 3
"""How many times one game is handed out again after its future was cancelled."""


def run_in_order(
    function: Callable[..., R],
    calls: Sequence[tuple[Any, ...]],
    executor: Executor | None = None,
    *,
    window: int = WINDOW,
    retries: int = RETRIES,
) -> Iterator[R]:
    """``function(*call)`` for each call, in the order of ``calls``.

    Args:
        function: a module-level function (an executor in other processes
            pickles it by name).
        calls: the arguments of each call.
        executor: where the calls run; in this process, one after the other,
            without one.
        window: at most this many calls are handed to the executor ahead of
            the one taken next.
        retries: a call whose future is cancelled is handed out again, at
            most this many times; then its ``CancelledError`` is raised.

    Yields:
        Each call's result, in the order of ``calls``.

    Raises:
        concurrent.futures.CancelledError: a call was cancelled more than
            ``retries`` times.
        Exception: whatever a call raised, as it raised it.
    """
    if executor is None:
        for call in calls:
            yield function(*call)
        return
    pending: dict[int, Future[R]] = {}
    lost = [0] * len(calls)
    handed = 0
    try:
        for index in range(len(calls)):
            while handed < len(calls) and handed < index + max(1, window):
                pending[handed] = executor.submit(function, *calls[handed])
                handed += 1
            while True:
                try:
                    result = pending[index].result()
                except CancelledError:
                    lost[index] += 1
                    if lost[index] > retries:
                        raise
                    _hand_out_again(function, calls, executor, pending)
                    continue
                break
            del pending[index]
            yield result
    finally:
        for future in pending.values():  # an error, or the caller stopped early
            future.cancel()


def _hand_out_again(
    function: Callable[..., R],
    calls: Sequence[tuple[Any, ...]],
    executor: Executor,
    pending: dict[int, Future[R]],
) -> None:
    """Hand out again every pending call that has not finished.

    A restart cancels every task at once, but the futures learn of it one
    by one; every call not yet finished is handed out again at once, so that
    the games after the first cancelled one are not played one at a time.
    A call that finished (with its result or its error) is kept.
    """
    for index, future in pending.items():
        if future.cancelled() or not future.done():
            future.cancel()
            pending[index] = executor.submit(function, *calls[index])


class DaskExecutor(Executor):
    """A :class:`concurrent.futures.Executor` over a ``distributed.Client``.

    Each call is a task of its own (``pure=False``: the same game handed
    out twice is two tasks).  A task cancelled by the cluster (a restart)
    cancels its future, even when the restart comes while the result is
    being fetched; a task's error is its future's error.

    Args:
        client: a connected ``distributed.Client``.
    """

    def __init__(self, client: Any) -> None:
        self.client = client

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        """Hand ``fn(*args, **kwargs)`` to the cluster; its future here."""
        done: Future[R] = Future()
        task = self.client.submit(fn, *args, pure=False, **kwargs)

        def settle(finished: Any) -> None:  # in a thread of the client's, once the task is done
            try:
                value = finished.result()
            except (CancelledError, asyncio.CancelledError):
                done.cancel()
                done.set_running_or_notify_cancel()
            except BaseException as error:  # the game's own error, for result() to raise
                done.set_exception(error)
            else:
                done.set_result(value)

        def release(future: Future[R]) -> None:  # the task lives as long as its future here
            if future.cancelled():
                task.cancel()

        task.add_done_callback(settle)
        done.add_done_callback(release)
        return done


def _distributed() -> Any:
    """The ``distributed`` module, or a :class:`ConfigError` saying how to install it."""
    try:
        return importlib.import_module("distributed")
    except ImportError as error:
        raise ConfigError(
            "running on a Dask cluster needs the distributed extra: "
            f"pip install 'princes-of-florence[distributed]' ({error.name} is missing)"
        ) from None


@contextlib.contextmanager
def dask_executor(
    scheduler: str | None = None, local_cluster: int | None = None, *, timeout: float = 10.0
) -> Iterator[Executor]:
    """An executor over a Dask cluster: a running scheduler's, or a local one started here.

    Args:
        scheduler: the address of a running Dask scheduler, such as
            ``tcp://10.0.0.5:8786``; its workers must have this package installed.
        local_cluster: instead, start a ``distributed.LocalCluster`` of this
            many worker processes (one thread each), scheduler and workers
            listening on 127.0.0.1 only, without a dashboard; it is closed on exit.
        timeout: seconds to wait for the scheduler to answer.

    Yields:
        A :class:`DaskExecutor` over the cluster, for ``executor=`` of
        :func:`~princes_of_florence.bots.tournament` and
        :func:`~princes_of_florence.bots.selfplay.play_many`.

    Raises:
        ConfigError: both or neither of ``scheduler`` and ``local_cluster``,
            a count below 1, an address without a scheme (``tcp://``), a
            scheduler that cannot be reached, or the ``distributed`` extra missing.
    """
    if (scheduler is None) == (local_cluster is None):
        raise ConfigError("name either a Dask scheduler's address or a local cluster's size")
    if local_cluster is not None and local_cluster < 1:
        raise ConfigError(f"a local cluster needs at least 1 worker, not {local_cluster}")
    if scheduler is not None and "://" not in scheduler:
        raise ConfigError(
            f"a Dask scheduler's address names its protocol, such as tcp://HOST:PORT, "
            f"not {scheduler!r}"
        )
    distributed = _distributed()
    with contextlib.ExitStack() as stack:
        if local_cluster is not None:
            cluster = stack.enter_context(
                distributed.LocalCluster(
                    n_workers=local_cluster,
                    threads_per_worker=1,
                    processes=True,
                    host="127.0.0.1",
                    dashboard_address=None,
                    # the scheduler's HTTP routes (health, metrics) on a free loopback port
                    scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
                )
            )
            client = stack.enter_context(distributed.Client(cluster))
        else:
            try:
                client = stack.enter_context(distributed.Client(scheduler, timeout=f"{timeout}s"))
            except (OSError, TimeoutError) as error:
                raise ConfigError(
                    f"cannot reach the Dask scheduler at {scheduler}: {error}"
                ) from None
        yield DaskExecutor(client)
