"""play_many: seeded games as JSON lines in shards, the same wherever played, resumable."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from princes_of_florence import games
from princes_of_florence.bots import tournament
from princes_of_florence.bots.scale import dask_executor
from princes_of_florence.bots.selfplay import MANIFEST, play_many, shard_path
from princes_of_florence.cli import main
from princes_of_florence.errors import ConfigError

SPECS = ["random", "random", "random"]


def _lines(result_dir: Path) -> list[dict[str, object]]:
    return [
        json.loads(line)
        for path in sorted(result_dir.glob("games-*.jsonl"))
        for line in path.read_text(encoding="utf-8").splitlines()
    ]


def test_games_are_written_in_shards_of_n(tmp_path: Path) -> None:
    """Seven games in shards of three: files of 3, 3 and 1 lines, numbered in order."""
    result = play_many(SPECS, 7, tmp_path, shard=3)
    assert (7, 7) == (result.games, result.played)
    assert [shard_path(tmp_path, index) for index in range(3)] == list(result.shards)
    sizes = [len(path.read_text(encoding="utf-8").splitlines()) for path in result.shards]
    assert [3, 3, 1] == sizes
    assert list(range(7)) == [line["game"] for line in _lines(tmp_path)]
    assert (tmp_path / MANIFEST).exists()


def test_a_line_holds_the_bots_by_player_and_the_record(tmp_path: Path) -> None:
    """Each line names the bot of each player and holds a record the game reads back."""
    play_many(["heuristic", "random", "random"], 3, tmp_path, seed=4)
    game = games.get("princes")
    line = _lines(tmp_path)[1]
    assert ["random", "heuristic", "random"] == line["bots"]  # game 1: rotated one place
    record = game.load_record(json.dumps(line["record"]))
    assert len(game.replay(record)) == len(game.record_moves(record)) + 1


def test_the_games_are_the_tournaments_games(tmp_path: Path) -> None:
    """play_many plays a tournament's games: the same winning scores, game by game."""
    play_many(SPECS, 6, tmp_path, seed=7)
    game = games.get("princes")
    best = []
    for line in _lines(tmp_path):
        record = game.load_record(json.dumps(line["record"]))
        best.append(max(game.result(game.replay(record)[-1]).scores))
    assert tournament(SPECS, 6, seed=7).winning_prestige == tuple(best)


def test_the_same_bytes_on_any_executor(tmp_path: Path) -> None:
    """One process, two processes and a thread pool write the same files."""
    one = play_many(SPECS, 5, tmp_path / "one", shard=2)
    two = play_many(SPECS, 5, tmp_path / "two", shard=2, workers=2)
    with ThreadPoolExecutor(2) as pool:
        threads = play_many(SPECS, 5, tmp_path / "threads", shard=2, executor=pool)
    for mine, *theirs in zip(one.shards, two.shards, threads.shards, strict=True):
        assert all(mine.read_bytes() == other.read_bytes() for other in theirs)


def test_a_run_resumes_where_it_stopped(tmp_path: Path) -> None:
    """Run to 4 games, then to 7: only 3 are played, and the files are a 7-game run's."""
    whole = play_many(SPECS, 7, tmp_path / "whole", shard=3)
    first = play_many(SPECS, 4, tmp_path / "parts", shard=3)
    second = play_many(SPECS, 7, tmp_path / "parts", shard=3)
    again = play_many(SPECS, 7, tmp_path / "parts", shard=3)
    assert (4, 3, 0) == (first.played, second.played, again.played)
    for mine, theirs in zip(whole.shards, again.shards, strict=True):
        assert mine.read_bytes() == theirs.read_bytes()


def test_a_line_cut_short_is_played_again(tmp_path: Path) -> None:
    """A shard ending in half a line (a run ended mid-write) is cut back and completed."""
    whole = play_many(SPECS, 5, tmp_path / "whole", shard=3)
    out = tmp_path / "cut"
    play_many(SPECS, 5, out, shard=3)
    last = shard_path(out, 1)
    text = last.read_bytes()
    end_of_game_3 = text.index(b"\n") + 1
    last.write_bytes(text[: end_of_game_3 + 40])  # game 3 whole, game 4 cut
    resumed = play_many(SPECS, 5, out, shard=3)
    assert 1 == resumed.played
    assert shard_path(tmp_path / "whole", 1).read_bytes() == last.read_bytes()
    assert whole.games == resumed.games


def test_another_runs_directory_is_refused(tmp_path: Path) -> None:
    """A directory holding games of another seed or shard size is refused, nothing written."""
    play_many(SPECS, 2, tmp_path, seed=1, shard=2)
    before = shard_path(tmp_path, 0).read_bytes()
    with pytest.raises(ConfigError, match=r"another run \(seed 1 there, 2 here\)"):
        play_many(SPECS, 4, tmp_path, seed=2, shard=2)
    with pytest.raises(ConfigError, match=r"another run \(shard 2 there, 3 here\)"):
        play_many(SPECS, 4, tmp_path, seed=1, shard=3)
    assert before == shard_path(tmp_path, 0).read_bytes()
    assert not shard_path(tmp_path, 1).exists()


def test_bad_input_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    """A bad count, shard size, bot or bot count is a ValueError; no directory is made."""
    out = tmp_path / "out"
    with pytest.raises(ValueError, match="games must be at least 1, not 0"):
        play_many(SPECS, 0, out)
    with pytest.raises(ValueError, match="a shard holds at least 1 game, not 0"):
        play_many(SPECS, 3, out, shard=0)
    with pytest.raises(ValueError, match="workers must be at least 1, not 0"):
        play_many(SPECS, 3, out, workers=0)
    with pytest.raises(ValueError, match="3 players need 3 bots, not 2"):
        play_many(["random", "random"], 3, out, config=games.get("princes").make_config(3, 0, {}))
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        play_many(["random", "genius", "random"], 3, out)
    assert not out.exists()


def test_the_play_many_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """play-many writes the shards and says what it played; run again it plays nothing."""
    args = ["play-many", "--bots", "random,random", "--games", "3", "--shard", "2"]
    assert 0 == main([*args, "--out", str(tmp_path)])
    assert "3 games of princes" in capsys.readouterr().out
    assert 0 == main([*args, "--out", str(tmp_path)])
    out = capsys.readouterr().out
    assert "(0 played now, 3 written before), 2 shard(s) of up to 2 games" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "--games must be at least 1, not 0"),
        (["--shard", "0"], "--shard must be at least 1, not 0"),
        (["--workers", "2", "--local-cluster", "2"], "--workers 2 and --local-cluster"),
        (["--local-cluster", "0"], "--local-cluster must be at least 1, not 0"),
        (["--scheduler", "127.0.0.1:8786"], "names its protocol, such as tcp://HOST:PORT"),
    ],
)
def test_the_play_many_command_refuses_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    """Bad counts and clusters are refused with the flag named, before any game is played."""
    base = ["play-many", "--bots", "random,random", "--games", "2", "--out", str(tmp_path / "o")]
    with pytest.raises(SystemExit) as stopped:
        main([*base, *args])
    assert 2 == stopped.value.code
    assert message in capsys.readouterr().err
    assert not (tmp_path / "o").exists()


def test_the_tournament_command_refuses_two_places_to_play(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--workers above 1 with a cluster, or both cluster flags, are refused."""
    base = ["tournament", "--bots", "random,random", "--games", "2"]
    with pytest.raises(SystemExit):
        main([*base, "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"])
    assert "--workers 2 and --scheduler both say where to play" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*base, "--scheduler", "tcp://127.0.0.1:1", "--local-cluster", "2"])
    assert "not allowed with argument" in capsys.readouterr().err


class CancelsOnce(Executor):
    """Plays calls in this thread; the first call for game 2 is cancelled, as a restart does."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.submitted += 1
        future: Future[Any] = Future()
        if args[-1] == 2 and self.submitted <= 3:
            future.cancel()
        else:
            future.set_result(fn(*args, **kwargs))
        return future


def test_a_cancelled_game_is_played_again(tmp_path: Path) -> None:
    """A game whose future is cancelled is handed out again; the result is unchanged."""
    executor = CancelsOnce()
    result = tournament(SPECS, 6, seed=3, executor=executor)
    assert tournament(SPECS, 6, seed=3) == result
    assert executor.submitted > 6


@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_is_written_and_read_back(tmp_path: Path, name: str) -> None:
    """play_many serves every game of the registry: two processes write one process's bytes.

    Each line's record is the game's, read back and replayed to its end.
    """
    game = games.get(name)
    one = play_many(["random", "random"], 2, tmp_path / "one", shard=1, game=name)
    two = play_many(["random", "random"], 2, tmp_path / "two", shard=1, workers=2, game=name)
    assert (2, 2) == (two.played, len(two.shards))
    for mine, theirs in zip(one.shards, two.shards, strict=True):
        assert mine.read_bytes() == theirs.read_bytes()
    for line in _lines(tmp_path / "two"):
        record = game.load_record(json.dumps(line["record"]))
        assert game.is_terminal(game.replay(record)[-1])


def test_a_cluster_without_the_distributed_extra_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without Dask installed, dask_executor is a ConfigError saying which extra to install."""
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
    with (
        pytest.raises(ConfigError, match=r"pip install 'princes-of-florence\[distributed\]'"),
        dask_executor(local_cluster=2),
    ):
        pass


@pytest.mark.parametrize(
    ("where", "message"),
    [
        ({}, "name either a Dask scheduler's address or a local cluster's size"),
        (
            {"scheduler": "tcp://127.0.0.1:1", "local_cluster": 2},
            "name either a Dask scheduler's address or a local cluster's size",
        ),
        ({"local_cluster": 0}, "a local cluster needs at least 1 worker, not 0"),
        ({"scheduler": "127.0.0.1:8786"}, "names its protocol, such as tcp://HOST:PORT"),
    ],
)
def test_dask_executor_refuses_a_cluster_named_wrong(where: dict[str, Any], message: str) -> None:
    """Neither or both of scheduler and local_cluster, a count below 1, no scheme: refused."""
    with pytest.raises(ConfigError, match=re.escape(message)), dask_executor(**where):
        pass
