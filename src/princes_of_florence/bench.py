"""Micro-benchmarks of the engine's hot paths.

Each benchmark is a function taking a time budget in seconds and returning
named figures (``dict[str, float]``); :data:`BENCHMARKS` lists them by name
and :func:`main` runs some or all of them and prints the figures.  A new
benchmark (whole games, move generation, ...) is one more function and one
more entry in :data:`BENCHMARKS`.

Run it as ``python -m princes_of_florence.bench [--seconds S] [NAME ...]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply, is_terminal, legal_moves, new_game, outcome
from princes_of_florence.geometry import USABLE_MASK, popcount
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.moves import Move
from princes_of_florence.observation import determinize, observe
from princes_of_florence.rules.placement import has_legal_placement, legal_placements
from princes_of_florence.serialization import GameRecord, dumps, load_state, record_to_text
from princes_of_florence.state import GameState, Principality

__all__ = [
    "BENCHMARKS",
    "bench_determinize",
    "bench_games",
    "bench_json",
    "bench_placements",
    "half_full_principality",
    "main",
]

_TILES: tuple[Building | Landscape, ...] = (*Building, *Landscape)


def half_full_principality(seed: int = 26, cells: int = 21) -> Principality:
    """A fixed principality with ``cells`` of its 43 usable cells covered.

    Random tiles, each with a random number of builders (0 to 3), are laid at
    random legal places drawn from a :class:`random.Random` seeded with
    ``seed``; a tile that would overshoot ``cells`` is skipped.  The result
    depends only on the arguments.

    >>> board = half_full_principality()
    >>> board.empty_cells
    22
    >>> board == half_full_principality()
    True
    """
    rng = random.Random(seed)
    board = Principality()
    covered = 0
    for _ in range(10_000):
        if covered == cells:
            break
        tile = rng.choice(_TILES)
        options = legal_placements(board, tile, rng.randint(0, 3))
        if not options:
            continue
        mask = rng.choice(options).mask
        if covered + popcount(mask) <= cells:
            board = board.with_tile(tile, mask)
            covered += popcount(mask)
    return board


def bench_placements(seconds: float = 2.0) -> dict[str, float]:
    """Speed of :func:`legal_placements` on a half-full board.

    One *round* enumerates every legal placement of each of the 13 tile types
    for 0 and for 2 builders (26 enumerations) on
    :func:`half_full_principality`.  Rounds repeat for ``seconds``; then the
    same 26 queries go to :func:`has_legal_placement` for a quarter of that
    time.

    Returns:
        ``enumerations_per_second``, ``microseconds_per_enumeration``,
        ``placements_per_enumeration`` (mean number of legal placements
        found), ``placements_per_second``, ``has_legal_per_second``,
        ``covered_cells`` and ``tiles_on_board``.
    """
    board = half_full_principality()
    queries = [(tile, builders) for tile in _TILES for builders in (0, 2)]
    for tile, builders in queries:  # build the per-tile tables before timing
        legal_placements(board, tile, builders)

    rounds = 0
    found = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        for tile, builders in queries:
            found += len(legal_placements(board, tile, builders))
        rounds += 1
        if clock() >= deadline:
            break
    spent = clock() - start

    checks = 0
    check_start = clock()
    check_deadline = check_start + seconds / 4
    while True:
        for tile, builders in queries:
            has_legal_placement(board, tile, builders)
        checks += 1
        if clock() >= check_deadline:
            break
    check_spent = clock() - check_start

    enumerations = rounds * len(queries)
    return {
        "enumerations_per_second": enumerations / spent,
        "microseconds_per_enumeration": 1e6 * spent / enumerations,
        "placements_per_enumeration": found / enumerations,
        "placements_per_second": found / spent,
        "has_legal_per_second": checks * len(queries) / check_spent,
        "covered_cells": float(popcount(board.occupied & USABLE_MASK)),
        "tiles_on_board": float(len(board.tiles)),
    }


def _pick(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """A uniformly random one of ``moves``, as the benchmark chooses.

    ``int(random() * n)`` rather than ``randrange(n)``: the same distribution
    (to within 2**-53) at a fraction of the cost, so the figures measure the
    engine rather than the dice.
    """
    return moves[int(rng.random() * len(moves))]


def bench_games(seconds: float = 2.0, players: int = 4) -> dict[str, float]:
    """Play seeded random games for about ``seconds``; count steps and games.

    A step is one :func:`~princes_of_florence.engine.legal_moves` call and one
    :func:`~princes_of_florence.engine.apply` of a uniformly random move from
    it; game *k* uses seed *k* and ``random.Random(k)`` for the choices
    (:func:`_pick`), so the work done is the same on every run.  Only whole
    games are counted.
    """
    steps = games = offered = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        rng = random.Random(games)
        state = new_game(GameConfig(players=players, seed=games))
        while not is_terminal(state):
            moves = legal_moves(state)
            offered += len(moves)
            state = apply(state, _pick(rng, moves))
            steps += 1
        games += 1
        elapsed = time.perf_counter() - start
    return {
        "players": float(players),
        "games": float(games),
        "steps_per_second": steps / elapsed,
        "games_per_second": games / elapsed,
        "steps_per_game": steps / games,
        "mean_legal_moves": offered / steps,
    }


def _random_game(seed: int, players: int = 4) -> tuple[GameState, list[Move]]:
    """The end state and moves of seeded game ``seed`` as :func:`bench_games` plays it."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed))
    moves: list[Move] = []
    while not is_terminal(state):
        moves.append(_pick(rng, legal_moves(state)))
        state = apply(state, moves[-1])
    return state, moves


def bench_json(seconds: float = 2.0) -> dict[str, float]:
    """JSON round trips of a mid-game state, and the size of a whole game's record.

    The state is the one after half the moves of seeded four-player game 1
    (see :func:`bench_games`).  A round trip is :func:`dumps` then
    :func:`load_state`, which validates the state before returning it; the
    two halves are also timed apart.  The record of the whole game is sized
    as JSON and as text.
    """
    end, moves = _random_game(1)
    state = new_game(GameConfig(players=4, seed=1))
    for move in moves[: len(moves) // 2]:
        state = apply(state, move)
    text = dumps(state)
    assert load_state(text) == state
    clock = time.perf_counter
    dumps_time = load_time = 0.0
    trips = 0
    start = clock()
    while trips == 0 or clock() - start < seconds:
        a = clock()
        text = dumps(state)
        b = clock()
        load_state(text)
        c = clock()
        dumps_time += b - a
        load_time += c - b
        trips += 1
    record = GameRecord(end.config, tuple(moves), outcome(end))
    return {
        "round_trips": float(trips),
        "round_trip_microseconds": 1e6 * (dumps_time + load_time) / trips,
        "dumps_microseconds": 1e6 * dumps_time / trips,
        "load_microseconds": 1e6 * load_time / trips,
        "state_bytes": float(len(text.encode())),
        "record_moves": float(len(moves)),
        "record_json_bytes": float(len(dumps(record).encode())),
        "record_text_bytes": float(len(record_to_text(record).encode())),
    }


def bench_determinize(seconds: float = 2.0) -> dict[str, float]:
    """The cost of :func:`~princes_of_florence.determinize`, as a search bot pays it.

    The views are those of the player to decide after every tenth move of
    seeded four-player game 1 (see :func:`bench_games`); they are
    determinized in turn, each with its own seeded generator, for about
    ``seconds``.
    """
    _, moves = _random_game(1)
    state = new_game(GameConfig(players=4, seed=1))
    views = []
    for number, move in enumerate(moves):
        if number % 10 == 0 and state.current_player is not None:
            views.append(observe(state, state.current_player))
        state = apply(state, move)
    calls = 0
    clock = time.perf_counter
    start = clock()
    while calls == 0 or clock() - start < seconds:
        for view in views:
            determinize(view, random.Random(calls))
            calls += 1
    elapsed = clock() - start
    return {
        "views": float(len(views)),
        "determinizations per second": calls / elapsed,
        "microseconds per determinization": 1e6 * elapsed / calls,
    }


BENCHMARKS: dict[str, Callable[[float], dict[str, float]]] = {
    "determinize": bench_determinize,
    "games": bench_games,
    "json": bench_json,
    "placements": bench_placements,
}
"""Every benchmark by name; each takes a time budget in seconds."""


def _format(value: float) -> str:
    """A figure with thousands separators, and two decimals unless it is large."""
    if value.is_integer() or abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def main(argv: list[str] | None = None, prog: str = "python -m princes_of_florence.bench") -> int:
    """Run benchmarks and print their figures; returns the exit status.

    Args:
        argv: command-line arguments (``sys.argv[1:]`` when ``None``):
            ``[--seconds S] [NAME ...]``, by default every benchmark for 2
            seconds each.
        prog: the command's name in usage and error messages.
    """
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Measure the speed of the engine's hot paths.",
    )
    parser.add_argument(
        "--seconds",
        type=float,
        default=2.0,
        help="time budget of each benchmark (default: 2)",
    )
    parser.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"benchmarks to run (default: all): {', '.join(BENCHMARKS)}",
    )
    args = parser.parse_args(argv)
    names: list[str] = args.names or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r} (known: {', '.join(BENCHMARKS)})")
    for name in names:
        figures = BENCHMARKS[name](args.seconds)
        print(f"{name} ({args.seconds:g} s)")
        width = max(len(key) for key in figures)
        for key, value in figures.items():
            print(f"  {key.replace('_', ' '):<{width}}  {_format(value):>14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
