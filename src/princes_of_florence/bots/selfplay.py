"""Many seeded games between bots, written as JSON lines in shards, resumable.

:func:`play_many` plays games numbered from 0 as a tournament does (game
``g`` is deal ``g // players`` with the bots rotated ``g % players`` places,
every bot seeded by the seed, the game's number and its index), so its games
are a tournament's games with the same seed, and they do not depend on where
they are played: one process, ``workers`` processes or any
:class:`concurrent.futures.Executor` (a Dask cluster's: see
:mod:`princes_of_florence.bots.scale`).

The games are written in game order to ``DIRECTORY/games-00000.jsonl``,
``games-00001.jsonl``..., ``shard`` games a file, one game a line::

    {"game": 0, "bots": ["mcts", "random", "random"], "record": {...}}

``bots`` names the bot of each player (by player, not by index of the bots
given) and ``record`` is the game's record document (the game's ``dumps``
of its ``make_record``; read it back with the game's ``load_record``).
``DIRECTORY/play-many.json`` keeps the run's game, bots, seed, shard size
and configuration.  Run again into the same directory, :func:`play_many`
plays only the games not yet written (a line cut short by an ended run is
dropped and its game played again), and refuses a directory that holds
another run's games.  Asking for more games than were played extends the run.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import IO, Any

import attrs

from princes_of_florence.bots.base import resolve_game
from princes_of_florence.bots.scale import run_in_order
from princes_of_florence.bots.tournament import (
    BOT_KINDS,
    check_workers,
    executor_for,
    make_bot,
    play_numbered,
)
from princes_of_florence.errors import ConfigError
from princes_of_florence.games import AnyGame

__all__ = ["MANIFEST", "PlayManyResult", "play_many", "play_many_main", "shard_path"]

MANIFEST = "play-many.json"
"""The file of a run's directory that says what the run plays."""


def shard_path(directory: str | os.PathLike[str], index: int) -> Path:
    """The file of shard ``index`` in ``directory``.

    >>> shard_path("out", 3).name
    'games-00003.jsonl'
    """
    return Path(directory) / f"games-{index:05d}.jsonl"


@attrs.frozen
class PlayManyResult:
    """What :func:`play_many` did.

    Attributes:
        directory: where the games are.
        games: the games the directory now holds for the run (numbered from 0).
        played: the games played by this call.
        shards: the shard files holding the games, in order.
    """

    directory: Path
    games: int
    played: int
    shards: tuple[Path, ...]


def _line(name: str, specs: tuple[str, ...], config: Any, seed: int, game: int) -> str:
    """Play game number ``game`` and return its line (without the newline)."""
    played = resolve_game(name)
    players = played.config_players(config)
    dealt, moves, final, rotation = play_numbered(played, specs, config, seed, game)
    by_player = [specs[(player - rotation) % players] for player in range(players)]
    record = played.dumps(played.make_record(dealt, moves, final))
    return f'{{"game":{game},"bots":{json.dumps(by_player)},"record":{record}}}'


def _manifest(played: AnyGame, specs: tuple[str, ...], config: Any, seed: int, shard: int) -> str:
    """The manifest's text for a run."""
    return json.dumps(
        {
            "game": played.name,
            "bots": list(specs),
            "seed": seed,
            "shard": shard,
            "config": json.loads(played.dumps(config)),
        },
        indent=1,
    )


def _check_manifest(path: Path, text: str) -> None:
    """Refuse a directory whose manifest describes another run (a different field named)."""
    try:
        old = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ConfigError(f"{path} cannot be read as a run's description: {error}") from None
    new = json.loads(text)
    if not isinstance(old, dict):
        raise ConfigError(f"{path} is not a run's description (not a JSON object)")
    for key, value in new.items():
        if old.get(key) != value:
            raise ConfigError(
                f"{path.parent} holds the games of another run ({key} {old.get(key)!r} there, "
                f"{value!r} here): name another directory"
            )


def _written(directory: Path, shard: int) -> int:
    """How many games, from game 0, the shards in ``directory`` hold whole.

    The shard of the first game missing is cut back to its last whole line
    (a line cut short, or one that is not the next game, ends the count).
    """
    index = 0
    while True:
        path = shard_path(directory, index)
        if not path.exists():
            return index * shard
        data = path.read_bytes()
        good = 0
        count = 0
        while count < shard:
            end = data.find(b"\n", good)
            if end < 0:
                break
            try:
                line = json.loads(data[good:end])
            except (UnicodeDecodeError, json.JSONDecodeError):
                break
            if not isinstance(line, dict) or line.get("game") != index * shard + count:
                break
            count += 1
            good = end + 1
        if count < shard or good < len(data):
            with path.open("r+b") as handle:
                handle.truncate(good)
            return index * shard + count
        index += 1


def play_many(
    bots: Sequence[str],
    games: int,
    directory: str | os.PathLike[str],
    *,
    config: Any = None,
    seed: int = 0,
    shard: int = 1000,
    workers: int = 1,
    executor: Executor | None = None,
    game: AnyGame | str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> PlayManyResult:
    """Play games 0 to ``games - 1`` between ``bots`` into ``directory``, skipping those written.

    Args:
        bots: one bot spec per player (see :func:`~princes_of_florence.bots.make_bot`).
        games: how many games the directory should hold.
        directory: where the shards go (made if missing).
        config: the configuration (its seed is replaced per deal); by
            default the game's for as many players as there are bots.
        seed: the run's seed.
        shard: games per file.
        workers: processes to play in; the games do not depend on it.
        executor: any :class:`concurrent.futures.Executor` to play on
            instead; the games do not depend on it.
        game: the game (or its registered name); The Princes of Florence by default.
        progress: called with ``(games written, games)`` after each game.

    Returns:
        What was played and where it is.

    Raises:
        ValueError: a bad spec, a bot count that is not the player count, a
            count of games or a shard size below 1.
        ConfigError: ``directory`` holds another run's games.

    Example:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as out:
        ...     first = play_many(["random", "random"], 3, out, shard=2)
        ...     again = play_many(["random", "random"], 3, out, shard=2)
        >>> (first.played, again.played, [path.name for path in first.shards])
        (3, 0, ['games-00000.jsonl', 'games-00001.jsonl'])
    """
    played = resolve_game(game)
    specs = tuple(bots)
    if config is None:
        config = played.make_config(len(specs), 0, {})
    players = played.config_players(config)
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(specs)}")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    if shard < 1:
        raise ValueError(f"a shard holds at least 1 game, not {shard}")
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    for spec in specs:
        make_bot(spec, 0, played)  # a bad spec fails here, before any game is handed out
    where = Path(directory)
    where.mkdir(parents=True, exist_ok=True)
    manifest = _manifest(played, specs, config, seed, shard)
    if (where / MANIFEST).exists():
        _check_manifest(where / MANIFEST, manifest)
    else:
        (where / MANIFEST).write_text(manifest + "\n", encoding="utf-8")
    done = _written(where, shard)
    calls = [(played.name, specs, config, seed, number) for number in range(done, games)]
    if executor is None and workers > 1 and calls:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            _write(where, shard, done, games, run_in_order(_line, calls, pool), progress)
    else:
        _write(where, shard, done, games, run_in_order(_line, calls, executor), progress)
    held = max(done, games)
    shards = tuple(shard_path(where, index) for index in range(-(-held // shard)))
    return PlayManyResult(where, held, len(calls), shards)


def _write(
    directory: Path,
    shard: int,
    first: int,
    games: int,
    lines: Any,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Write ``lines`` (games ``first`` on, in order) to their shards, each line flushed."""
    handle: IO[str] | None = None
    try:
        for number, line in enumerate(lines, first):
            if handle is None or number % shard == 0:
                if handle is not None:
                    handle.close()
                mode = "a" if number % shard else "w"  # a shard cut back is continued
                handle = shard_path(directory, number // shard).open(mode, encoding="utf-8")
            handle.write(line + "\n")
            handle.flush()
            if progress is not None:
                progress(number + 1, games)
    finally:
        if handle is not None:
            handle.close()


def play_many_main(
    bots: str,
    games: int,
    directory: str,
    *,
    seed: int = 0,
    shard: int = 1000,
    workers: int = 1,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    scheduler: str | None = None,
    local_cluster: int | None = None,
) -> int:
    """The ``play-many`` command: :func:`play_many`, then one line saying what it did.

    Args:
        bots: the bot specs, comma separated.
        games: how many games the directory should hold.
        directory: where the shards go.
        seed: the run's seed.
        shard: games per file.
        workers: processes to play in.
        game: the registered name of the game; The Princes of Florence by default.
        options: the game's configuration options by name.
        scheduler: play on the Dask cluster of the scheduler at this address.
        local_cluster: play on a Dask ``LocalCluster`` of this many workers.

    Raises:
        ConfigError: an unknown game or option, a bad bot spec, count or
            directory, or a cluster that cannot be used.
    """
    played = resolve_game(game)
    specs = [spec.strip() for spec in bots.split(",")]
    if not all(specs):
        raise ConfigError(
            f"--bots names {specs.count('')} bot(s) with no spec: name one bot per player,"
            f" comma separated: {', '.join(BOT_KINDS)}"
        )
    check_workers(workers, scheduler, local_cluster)
    if games < 1:
        raise ConfigError(f"--games must be at least 1, not {games}")
    if shard < 1:
        raise ConfigError(f"--shard must be at least 1, not {shard}")
    step = max(1, games // 10)

    def report(done: int, total: int) -> None:
        if done % step == 0 or done == total:
            print(f"# {done}/{total} games", file=sys.stderr, flush=True)

    try:
        config = played.make_config(len(specs), 0, dict(options or {}))
        for spec in specs:
            make_bot(spec, 0, played)  # a bad spec fails before a cluster starts
        with executor_for(scheduler, local_cluster) as executor:
            result = play_many(
                specs,
                games,
                directory,
                config=config,
                seed=seed,
                shard=shard,
                workers=workers,
                executor=executor,
                game=played,
                progress=report,
            )
    except OSError as error:
        raise ConfigError(f"cannot write the games to {directory}: {error}") from None
    except ValueError as error:
        if isinstance(error, ConfigError):
            raise
        raise ConfigError(str(error)) from None
    print(
        f"# play-many: {result.games} games of {played.name} in {result.directory} "
        f"({result.played} played now, {result.games - result.played} written before), "
        f"{len(result.shards)} shard(s) of up to {shard} games"
    )
    return 0
