"""Tournaments and play_many on a real Dask cluster: the same games as in one process.

One ``distributed.LocalCluster`` (two worker processes, one thread each,
scheduler and workers on 127.0.0.1, no dashboard) serves the module; the
games are random bots' (a few hundredths of a second each), so the module
runs in seconds, most of them the cluster's start.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from princes_of_florence import games
from princes_of_florence.bots import tournament
from princes_of_florence.bots.scale import DaskExecutor, dask_executor
from princes_of_florence.bots.selfplay import play_many
from princes_of_florence.cli import main

distributed = pytest.importorskip(
    "distributed",
    reason="the distributed extra is not installed: pip install 'princes-of-florence[distributed]'",
)

SPECS = ["random", "random", "random"]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """A client of a two-worker LocalCluster on the loopback interface."""
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
            # the scheduler's HTTP routes (health, metrics) on a free loopback port
            scheduler_kwargs={"dashboard": False, "dashboard_address": "127.0.0.1:0"},
        ) as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


def test_the_cluster_listens_on_loopback_only(client: Any) -> None:
    """The scheduler and both workers have 127.0.0.1 addresses."""
    info = client.scheduler_info()
    addresses = [info["address"], *info["workers"]]
    assert len(addresses) == 3
    assert all(address.startswith("tcp://127.0.0.1:") for address in addresses)


def test_a_tournament_on_the_cluster_equals_one_in_one_process(client: Any) -> None:
    """The same seed gives the same result table on the cluster as in this process."""
    on_cluster = tournament(SPECS, 9, seed=5, executor=DaskExecutor(client))
    assert tournament(SPECS, 9, seed=5) == on_cluster


@pytest.mark.parametrize("name", [name for name in games.names() if name != "princes"])
def test_every_registered_game_plays_on_the_cluster(client: Any, tmp_path: Path, name: str) -> None:
    """Another registered game's tournament and play_many on the cluster equal one process's."""
    on_cluster = tournament(
        ["random", "random"], 4, seed=1, game=name, executor=DaskExecutor(client)
    )
    assert tournament(["random", "random"], 4, seed=1, game=name) == on_cluster
    here = play_many(["random", "random"], 2, tmp_path / "here", shard=1, game=name)
    there = play_many(
        ["random", "random"],
        2,
        tmp_path / "there",
        shard=1,
        game=name,
        executor=DaskExecutor(client),
    )
    assert 2 == len(there.shards)
    for mine, theirs in zip(here.shards, there.shards, strict=True):
        assert mine.read_bytes() == theirs.read_bytes()


def test_play_many_on_the_cluster_writes_what_one_process_writes(
    client: Any, tmp_path: Path
) -> None:
    """Shards written on the cluster are byte for byte those written in this process."""
    here = play_many(["random", "random"], 5, tmp_path / "here", shard=2)
    there = play_many(
        ["random", "random"], 5, tmp_path / "there", shard=2, executor=DaskExecutor(client)
    )
    assert [path.name for path in here.shards] == [path.name for path in there.shards]
    for mine, theirs in zip(here.shards, there.shards, strict=True):
        assert mine.read_bytes() == theirs.read_bytes()


def test_play_many_resumes_on_the_cluster(client: Any, tmp_path: Path) -> None:
    """A run of 4 games extended to 6 on the cluster plays 2 and holds a 6-game run's files."""
    expected = play_many(SPECS, 6, tmp_path / "expected", shard=4)
    out = tmp_path / "out"
    first = play_many(SPECS, 4, out, shard=4, executor=DaskExecutor(client))
    second = play_many(SPECS, 6, out, shard=4, executor=DaskExecutor(client))
    assert (4, 2) == (first.played, second.played)
    for mine, theirs in zip(expected.shards, second.shards, strict=True):
        assert mine.read_bytes() == theirs.read_bytes()


def test_the_commands_play_on_a_running_scheduler(
    client: Any, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--scheduler ADDRESS plays tournament and play-many on that scheduler's workers."""
    address = client.scheduler_info()["address"]
    bots = ["--bots", "random,random,random"]
    assert 0 == main(["tournament", *bots, "--games", "6", "--scheduler", address])
    on_cluster = capsys.readouterr().out
    assert 0 == main(["tournament", *bots, "--games", "6"])
    assert capsys.readouterr().out == on_cluster
    out = tmp_path / "games"
    assert 0 == main(
        ["play-many", *bots, "--games", "3", "--out", str(out), "--scheduler", address]
    )
    assert "3 games of princes" in capsys.readouterr().out
    assert 3 == len((out / "games-00000.jsonl").read_text(encoding="utf-8").splitlines())


def test_the_commands_start_a_local_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    """--local-cluster 1 starts a cluster for the run and gives the one-process table."""
    bots = ["--bots", "random,random", "--games", "2", "--seed", "3"]
    assert 0 == main(["tournament", *bots, "--local-cluster", "1"])
    on_cluster = capsys.readouterr().out
    assert 0 == main(["tournament", *bots])
    assert capsys.readouterr().out == on_cluster


def test_a_scheduler_that_is_not_there_is_refused() -> None:
    """An address where no scheduler listens is a ConfigError naming the address."""
    with (
        pytest.raises(ValueError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"),
        dask_executor(scheduler="tcp://127.0.0.1:9", timeout=1),
    ):
        pass


class CountingExecutor(DaskExecutor):
    """A :class:`DaskExecutor` that counts the calls handed to it."""

    def __init__(self, client: Any) -> None:
        super().__init__(client)
        self.submitted = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.submitted += 1
        return super().submit(fn, *args, **kwargs)


def test_a_restart_mid_run_loses_no_game(client: Any) -> None:
    """client.restart() with games on the workers: they are handed out again, same result.

    The restart cancels every task the cluster holds; the games still
    waiting are handed out again, so more calls are made than there are games.
    """
    restarted: list[int] = []

    def restart_once(done: int, games: int) -> None:
        if not restarted and any(client.processing().values()):
            client.restart()
            restarted.append(done)

    executor = CountingExecutor(client)
    result = tournament(SPECS, 60, seed=2, executor=executor, progress=restart_once)
    assert 1 == len(restarted)
    assert executor.submitted > 60
    assert tournament(SPECS, 60, seed=2) == result


def test_a_worker_process_killed_mid_run_loses_no_game(client: Any) -> None:
    """A worker ended with SIGKILL while it plays: its games go to the other, same result.

    The worker is killed at the first game taken while it has games in hand
    (``client.processing``), so games are lost with it.  The last test of the
    module that uses the cluster: the worker's nanny starts a new one in its
    own time.
    """
    client.wait_for_workers(2)
    pids = client.run(os.getpid)
    assert len(pids) == 2
    address, victim = min(pids.items(), key=lambda item: item[1])
    killed: list[int] = []

    def kill_once(done: int, games: int) -> None:
        if not killed and client.processing([address])[address]:
            os.kill(victim, signal.SIGKILL)
            killed.append(done)

    result = tournament(SPECS, 60, seed=2, executor=DaskExecutor(client), progress=kill_once)
    assert 1 == len(killed)
    assert killed[0] < 60
    assert tournament(SPECS, 60, seed=2) == result
