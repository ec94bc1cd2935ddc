"""Tournaments: seeded games between bots with every seating rotated, and a result table.

A tournament plays *deals*: each deal is one configuration seed, played once
for every rotation of the bots round the table, so every bot sits in every
seat of every deal.  ``games`` must therefore be a multiple of the number of
players.  Every game's configuration and every bot's seed follow from the
tournament's seed and the game's number alone, so the result is the same
whether the games run in one process, in several (``workers``) or on any
:class:`concurrent.futures.Executor` (``executor``, such as a Dask cluster's:
see :mod:`princes_of_florence.bots.scale`); the results are taken in game
order, never in the order the games finish.

Bots are named by a *spec*: ``random`` and ``mcts`` for every game, and the
game's own bots (``heuristic`` for The Princes of Florence), optionally
with settings after a colon, such as ``mcts:iterations=200:rollout=10`` or
``mcts:seconds=1`` (see :func:`~princes_of_florence.bots.make_bot`).  Any
registered game can be played (``game="princes"`` by default); everything
goes through the game protocol (:mod:`princes_of_florence.games`).

>>> result = tournament(["heuristic", "random", "random"], games=3, seed=1)
>>> [row.name for row in result.rows]
['heuristic', 'random', 'random']
>>> result.rows[0].games
3
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import math
import statistics
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

import attrs

from princes_of_florence.bots.base import Bot, play_to_end, resolve_game
from princes_of_florence.bots.mcts import MCTSBot, MCTSParams
from princes_of_florence.bots.random_bot import RandomBot
from princes_of_florence.bots.scale import dask_executor, run_in_order
from princes_of_florence.errors import ConfigError
from princes_of_florence.games import DEFAULT, AnyGame

__all__ = [
    "BOT_KINDS",
    "BotResult",
    "Estimate",
    "PlayerResult",
    "TournamentResult",
    "make_bot",
    "tournament",
    "tournament_main",
]

BOT_KINDS = ("random", "heuristic", "mcts")
"""The bot kinds a spec may name for The Princes of Florence (see :func:`bot_kinds`)."""

GENERIC_KINDS = ("random", "mcts")
"""The bot kinds of every game; a game adds its own (its ``bots()``)."""


def bot_kinds(game: AnyGame | str | None = None) -> tuple[str, ...]:
    """The bot kinds a spec may name for ``game``: ``random``, the game's own, ``mcts``.

    >>> bot_kinds("princes")
    ('random', 'heuristic', 'mcts')
    """
    own = tuple(kind for kind in resolve_game(game).bots() if kind not in GENERIC_KINDS)
    return (GENERIC_KINDS[0], *own, *GENERIC_KINDS[1:])


def _flag(value: str) -> bool:
    """A setting that is on (``1``) or off (``0``)."""
    if value not in ("0", "1"):
        raise ValueError(f"a setting that is on or off is 1 or 0, not {value!r}")
    return value == "1"


_MCTS_KEYS: dict[str, tuple[str, Callable[[str], object]]] = {
    "iterations": ("iterations", int),
    "seconds": ("seconds", float),
    "rollout": ("rollout_moves", int),
    "c": ("exploration", float),
    "temperature": ("temperature", float),
    "guided": ("guided", _flag),
    "from_root": ("from_root", _flag),
    "explore": ("rollout_explore", float),
}


def make_bot(spec: str, seed: int | str = 0, game: AnyGame | str | None = None) -> Bot:
    """A bot from its spec.

    ``random`` (setting ``sell``: the chance of a free move, such as a sale
    of prestige), ``mcts`` (settings ``iterations``, ``seconds``, ``rollout``
    for the rollout cut-off, ``c`` for the exploration constant,
    ``temperature`` for the softmax of the estimates, ``explore`` for the
    share of random rollout moves, ``guided``
    and ``from_root`` set to 1 or 0 for the flags of
    :class:`~princes_of_florence.bots.MCTSParams`), and the
    game's own bots (``heuristic`` for The Princes of Florence, without
    settings), settings written ``kind:key=value:key=value`` (commas separate
    the bots of a table).

    Args:
        spec: the bot's spec.
        seed: the bot's seed (the heuristic bot needs none).
        game: the game the bot plays (or its registered name); The Princes
            of Florence by default.

    Raises:
        ValueError: an unknown kind or setting, or a bad value.

    >>> make_bot("mcts:iterations=50:rollout=8").params.iterations
    50
    >>> make_bot("genius")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'genius': choose from random, heuristic, mcts
    """
    if not spec.strip():
        raise ValueError(
            f"a bot spec is empty: name a bot, one of {', '.join(BOT_KINDS)}"
            " (commas separate the bots of a table)"
        )
    played = resolve_game(game)
    kind, _, settings = spec.partition(":")
    pairs: dict[str, str] = {}
    for item in settings.split(":") if settings else ():
        key, equals, value = item.partition("=")
        if not equals:
            raise ValueError(f"bot setting {item!r} in {spec!r} is not key=value")
        pairs[key] = value
    own = played.bots()
    try:
        if kind == "random":
            unknown = set(pairs) - {"sell"}
            if not unknown:
                return RandomBot(seed, float(pairs.get("sell", 0.02)), played)
        elif kind == "mcts":
            unknown = set(pairs) - set(_MCTS_KEYS)
            if not unknown:
                fields: dict[str, Any] = {}  # each value converted by its key's type
                for key, value in pairs.items():
                    name, kind_of = _MCTS_KEYS[key]
                    fields[name] = kind_of(value)
                return MCTSBot(seed, attrs.evolve(MCTSParams(), **fields), played)
        elif kind in own:
            unknown = set(pairs)
            if not unknown:
                made: Bot = own[kind](_seed_number(seed))
                return made
        else:
            kinds = ", ".join(bot_kinds(played))
            raise ValueError(f"unknown bot {kind!r}: choose from {kinds}")
    except (TypeError, ValueError) as error:
        if str(error).startswith("unknown bot"):
            raise
        raise ValueError(f"bad bot spec {spec!r}: {error}") from None
    raise ValueError(f"bot {kind!r} has no setting {', '.join(sorted(unknown))} (in {spec!r})")


def _seed_number(seed: int | str) -> int:
    """A whole number from a bot's seed, for a game's own bots (which take one)."""
    if isinstance(seed, int):
        return seed
    return int.from_bytes(hashlib.sha256(seed.encode()).digest()[:8], "big")


@attrs.frozen
class Estimate:
    """A mean with its 95% confidence interval (normal approximation).

    Attributes:
        mean: the sample mean.
        low: the lower end of the interval.
        high: the upper end.
    """

    mean: float
    low: float
    high: float

    @classmethod
    def share(cls, values: Sequence[float]) -> Estimate:
        """The mean of shares from 0 to 1 with its Wilson score interval.

        Better than the normal approximation near 0 and 1, where a bot that
        won every game would otherwise get an interval of width 0.

        >>> Estimate.share([1.0] * 20).format(3)
        '1.000 [0.839, 1.000]'
        """
        count = len(values)
        if not count:
            return cls(math.nan, math.nan, math.nan)
        p = statistics.fmean(values)
        z = 1.96
        centre = (p + z * z / (2 * count)) / (1 + z * z / count)
        half = (
            z * math.sqrt(p * (1 - p) / count + z * z / (4 * count * count)) / (1 + z * z / count)
        )
        return cls(p, max(0.0, centre - half), min(1.0, centre + half))

    @classmethod
    def of(cls, values: Sequence[float]) -> Estimate:
        """The mean of ``values`` with ``mean +- 1.96 * sd / sqrt(n)``.

        >>> Estimate.of([10.0, 12.0, 14.0]).format(2)
        '12.00 [9.74, 14.26]'
        """
        if not values:
            return cls(math.nan, math.nan, math.nan)
        mean = statistics.fmean(values)
        if len(values) < 2:
            return cls(mean, mean, mean)
        half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
        return cls(mean, mean - half, mean + half)

    def format(self, digits: int = 1) -> str:
        """``mean [low, high]`` with ``digits`` decimals."""
        return f"{self.mean:.{digits}f} [{self.low:.{digits}f}, {self.high:.{digits}f}]"


@attrs.frozen
class PlayerResult:
    """One bot's results when playing as one player (one place at the table).

    Attributes:
        player: the player the bot played as.
        games: games played as that player.
        wins: the mean win share (a shared win counts 1 / winners).
        prestige: the mean final prestige.
    """

    player: int
    games: int
    wins: float
    prestige: float


@attrs.frozen
class BotResult:
    """One bot's results over the whole tournament.

    Attributes:
        name: the bot's spec.
        games: games played.
        wins: win share per game (a shared win counts 1 / winners), with a
            Wilson interval.
        prestige: final prestige.
        money: final money.
        rank: final rank, 1 best (players tied on prestige and money share
            the better rank).
        as_player: the results per player the bot played as.
    """

    name: str
    games: int
    wins: Estimate
    prestige: Estimate
    money: Estimate
    rank: Estimate
    as_player: tuple[PlayerResult, ...]


@attrs.frozen
class TournamentResult:
    """What :func:`~princes_of_florence.bots.tournament` returns.

    Attributes:
        config: the configuration of every game (its seed varies by deal).
        games: games played.
        seed: the tournament's seed.
        rows: one result per bot, in the order the bots were given.
        winning_prestige: the winner's prestige (the game's score) in each
            game, in game order.
        game: the registered name of the game played.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> result = tournament(["random", "random"], games=2, config=GameConfig(players=2))
        >>> result.games, len(result.rows), len(result.winning_prestige)
        (2, 2, 2)
    """

    config: Any
    games: int
    seed: int
    rows: tuple[BotResult, ...]
    winning_prestige: tuple[int, ...]
    game: str = DEFAULT

    def table(self) -> str:
        """The results as a plain text table, per bot and then per player.

        The Princes of Florence's columns say prestige and money; another
        game's say score and tie-break.
        """
        score, tiebreak = ("prestige", "money") if self.game == DEFAULT else ("score", "tie-break")
        head = f"{'bot':<28} {'games':>5}  {'wins':<20} {score:<20} {tiebreak:<24} rank"
        lines = [head]
        for index, row in enumerate(self.rows):
            name = f"{index}:{row.name}"
            lines.append(
                f"{name:<28} {row.games:>5}  {row.wins.format(3):<20} "
                f"{row.prestige.format(1):<20} {row.money.format(0):<24} {row.rank.format(2)}"
            )
        lines.append("")
        lines.append(f"as each player (wins / mean {score}):")
        for index, row in enumerate(self.rows):
            cells = "  ".join(
                f"p{s.player}: {s.wins:.3f} / {s.prestige:.1f}" for s in row.as_player
            )
            lines.append(f"{index}:{row.name:<26} {cells}")
        best = Estimate.of([float(p) for p in self.winning_prestige])
        spread = statistics.pstdev(self.winning_prestige) if self.winning_prestige else 0.0
        lines.append("")
        lines.append(
            f"winning {score}: {best.format(1)}, sd {spread:.1f}, "
            f"range {min(self.winning_prestige, default=0)}-{max(self.winning_prestige, default=0)}"
        )
        return "\n".join(lines)


def _game_config(played: AnyGame, config: Any, seed: int, game: int) -> Any:
    deal = game // played.config_players(config)
    return played.reseed(config, seed * 1_000_003 + deal)


_Played = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]
"""A game's number, then per player: score, tie-break; the winners; the rotation; places."""


def play_numbered(
    played: AnyGame, specs: Sequence[str], config: Any, seed: int, game: int
) -> tuple[Any, list[Any], Any, int]:
    """Play game number ``game`` of a tournament (or of ``play_many``) seeded ``seed``.

    The game is deal ``game // players`` with the bots rotated ``game %
    players`` places, each bot seeded by ``seed``, ``game`` and its index.

    Returns:
        The game's configuration, its moves, its final state and the rotation.
    """
    rotation = game % played.config_players(config)
    bots = [make_bot(spec, f"{seed}:{game}:{index}", played) for index, spec in enumerate(specs)]
    dealt = _game_config(played, config, seed, game)
    moves, final = play_to_end(played, dealt, bots, rotation)
    return dealt, moves, final, rotation


def _play_one(name: str, specs: tuple[str, ...], config: Any, seed: int, game: int) -> _Played:
    """Play game number ``game`` of the game called ``name``."""
    played = resolve_game(name)
    players = played.config_players(config)
    _dealt, _moves, final, rotation = play_numbered(played, specs, config, seed, game)
    result = played.result(final)
    tiebreaks = result.tiebreaks or (0,) * players
    return game, result.scores, tiebreaks, result.winners, rotation, result.places


def _run(
    name: str,
    specs: tuple[str, ...],
    config: Any,
    seed: int,
    games: int,
    workers: int,
    executor: Executor | None,
) -> Iterator[_Played]:
    """Every game's result in game order, on ``executor`` or on ``workers`` processes."""
    calls = [(name, specs, config, seed, game) for game in range(games)]
    if executor is not None or workers <= 1:
        yield from run_in_order(_play_one, calls, executor)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from run_in_order(_play_one, calls, pool)


def _checked(
    played: AnyGame, bots: Sequence[str], config: Any, games: int
) -> tuple[tuple[str, ...], Any]:
    """The bots' specs and the configuration (the game's default when ``None``), checked.

    Raises:
        ValueError: a bad spec, a bot count that is not the player count, or
            a game count that is not a positive multiple of it.
    """
    specs = tuple(bots)
    if config is None:
        config = played.make_config(len(specs), 0, {})
    players = played.config_players(config)
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} bots, not {len(specs)}")
    if games < 1 or games % players:
        raise ValueError(
            f"games must be a positive multiple of {players} (every seating of each deal), "
            f"not {games}"
        )
    for spec in specs:
        make_bot(spec, 0, played)  # a bad spec fails here, before any game is handed out
    return specs, config


def tournament(
    bots: Sequence[str],
    games: int,
    config: Any = None,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
    *,
    game: AnyGame | str | None = None,
    executor: Executor | None = None,
) -> TournamentResult:
    """Play ``games`` seeded games between ``bots`` with every seating rotated.

    Game ``g`` is deal ``g // players`` (a configuration seed drawn from
    ``seed`` and the deal) with the bots rotated ``g % players`` seats, so each
    deal is played from every seating.  Each bot gets its own seed per game.

    Args:
        bots: one bot spec per seat (see :func:`~princes_of_florence.bots.make_bot`).
        games: how many games, a multiple of the number of players.
        config: the configuration (its seed is replaced per deal); by
            default the game's for as many players as there are bots.
        seed: the tournament's seed.
        workers: processes to play in; the result does not depend on it.
        progress: called with ``(games done, games)`` after each game, in
            game order.
        game: the game to play (or its registered name), registered under
            its name (workers find it by name); The Princes of Florence by default.
        executor: any :class:`concurrent.futures.Executor` to play the games
            on instead of ``workers`` (a Dask cluster's, see
            :func:`~princes_of_florence.bots.scale.dask_executor`); the
            result does not depend on it.  A game whose future is cancelled
            is played again (see :mod:`~princes_of_florence.bots.scale`).

    Returns:
        The result table.

    Raises:
        ValueError: a bad spec, a bot count that is not the player count, or
            a game count that is not a positive multiple of it.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> result = tournament(["random", "heuristic"], games=2, config=GameConfig(players=2))
        >>> result.games, [row.name for row in result.rows]
        (2, ['random', 'heuristic'])
    """
    played = resolve_game(game)
    specs, config = _checked(played, bots, config, games)
    players = played.config_players(config)
    wins: list[list[float]] = [[] for _ in specs]
    prestige: list[list[float]] = [[] for _ in specs]
    money: list[list[float]] = [[] for _ in specs]
    rank: list[list[float]] = [[] for _ in specs]
    seat_games = [[0] * players for _ in specs]
    seat_wins = [[0.0] * players for _ in specs]
    seat_prestige = [[0.0] * players for _ in specs]
    best: list[int] = []
    results = _run(played.name, specs, config, seed, games, workers, executor)
    for done, (_game, score, cash, winners, rotation, ranks) in enumerate(results, 1):
        best.append(max(score))
        for index in range(players):
            seat = (index + rotation) % players
            share = 1.0 / len(winners) if seat in winners else 0.0
            wins[index].append(share)
            prestige[index].append(score[seat])
            money[index].append(cash[seat])
            rank[index].append(ranks[seat])
            seat_games[index][seat] += 1
            seat_wins[index][seat] += share
            seat_prestige[index][seat] += score[seat]
        if progress is not None:
            progress(done, games)
    rows = tuple(
        BotResult(
            name=spec,
            games=games,
            wins=Estimate.share(wins[index]),
            prestige=Estimate.of(prestige[index]),
            money=Estimate.of(money[index]),
            rank=Estimate.of(rank[index]),
            as_player=tuple(
                PlayerResult(
                    seat,
                    seat_games[index][seat],
                    seat_wins[index][seat] / max(1, seat_games[index][seat]),
                    seat_prestige[index][seat] / max(1, seat_games[index][seat]),
                )
                for seat in range(players)
            ),
        )
        for index, spec in enumerate(specs)
    )
    return TournamentResult(config, games, seed, rows, tuple(best), played.name)


def _progress_printer(games: int) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """A progress report: a tqdm bar when tqdm is installed, else plain lines.

    tqdm is the optional extra ``progress`` (``pip install
    princes-of-florence[progress]``); without it a line is printed to
    standard error at every tenth of the games.
    """
    try:
        tqdm_module: Any = importlib.import_module("tqdm")
    except ImportError:
        step = max(1, games // 10)

        def line(done: int, total: int) -> None:
            if done % step == 0 or done == total:
                print(f"# {done}/{total} games", file=sys.stderr, flush=True)

        return line, lambda: None
    bar = tqdm_module.tqdm(total=games, unit="game", file=sys.stderr)

    def advance(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return advance, bar.close


def check_workers(workers: int, scheduler: str | None, local_cluster: int | None) -> None:
    """Refuse a count of workers below 1, or processes and a cluster both named.

    Raises:
        ConfigError: naming the flag that was wrong.
    """
    if workers < 1:
        raise ConfigError(f"--workers must be at least 1, not {workers}")
    if scheduler is not None and local_cluster is not None:
        raise ConfigError("--scheduler and --local-cluster name two clusters: choose one")
    if workers > 1 and (scheduler is not None or local_cluster is not None):
        flag = "--scheduler" if scheduler is not None else "--local-cluster"
        raise ConfigError(f"--workers {workers} and {flag} both say where to play: choose one")
    if local_cluster is not None and local_cluster < 1:
        raise ConfigError(f"--local-cluster must be at least 1, not {local_cluster}")


def executor_for(
    scheduler: str | None, local_cluster: int | None
) -> contextlib.AbstractContextManager[Executor | None]:
    """The Dask executor named by ``--scheduler`` or ``--local-cluster``, else ``None``."""
    if scheduler is None and local_cluster is None:
        return contextlib.nullcontext()
    return dask_executor(scheduler, local_cluster)


def tournament_main(
    bots: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    hidden_money: bool = False,
    *,
    game: str | None = None,
    options: Mapping[str, Any] | None = None,
    scheduler: str | None = None,
    local_cluster: int | None = None,
) -> int:
    """The ``tournament`` command: play :func:`~princes_of_florence.bots.tournament`, print it.

    Args:
        bots: the bot specs, comma separated.
        games: how many games.
        seed: the tournament's seed.
        workers: processes to play in.
        hidden_money: The Princes of Florence's option that hides other
            players' money (an option of the configuration, as in ``options``).
        game: the registered name of the game; The Princes of Florence by default.
        options: the game's configuration options by name.
        scheduler: play on the Dask cluster of the scheduler at this address
            (``tcp://HOST:PORT``) instead of ``workers`` processes.
        local_cluster: play on a Dask ``LocalCluster`` of this many worker
            processes started for the tournament.

    Raises:
        ConfigError: an unknown game or option, a bad bot spec, count of
            games or of workers, both a cluster and ``workers`` above 1, or a
            cluster that cannot be used (see
            :func:`~princes_of_florence.bots.scale.dask_executor`).
    """
    played = resolve_game(game)
    specs = [spec.strip() for spec in bots.split(",")]
    if not all(specs):
        raise ConfigError(
            f"--bots names {specs.count('')} bot(s) with no spec: name one bot per seat,"
            f" comma separated: {', '.join(BOT_KINDS)}"
        )
    check_workers(workers, scheduler, local_cluster)
    settings = dict(options or {})
    if hidden_money:
        settings["hidden_money"] = True
    try:
        config = played.make_config(len(specs), 0, settings)
        _checked(played, specs, config, games)  # bad input fails before a cluster starts
        with executor_for(scheduler, local_cluster) as executor:
            progress, close = _progress_printer(games)
            try:
                result = tournament(
                    specs, games, config, seed, workers, progress, game=played, executor=executor
                )
            finally:
                close()
    except ValueError as error:
        if isinstance(error, ConfigError):
            raise
        raise ConfigError(str(error)) from None
    players = played.config_players(config)
    print(
        f"# tournament: {games} games of {players} players, seed {seed}, "
        f"seats rotated; 95% confidence intervals"
    )
    print(result.table())
    return 0
