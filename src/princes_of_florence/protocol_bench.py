"""Benchmarks of any registered game, through the game protocol only.

The Princes of Florence has its own, finer benchmarks
(``python -m princes_of_florence bench``); these measure what generic code pays for
any game of :mod:`princes_of_florence.games`: whole random games
(``legal_moves`` and ``apply``), ``determinize`` as a search bot calls it, and
JSON round trips of a mid-game state.  ``python -m princes_of_florence bench
--game NAME`` runs them for a game other than The Princes of Florence.

>>> figures = bench_games(0.05, "princes")
>>> figures["steps"] > 0 and figures["steps_per_second"] > 0
True
>>> sorted(figures)
['games', 'steps', 'steps_per_cpu_second', 'steps_per_second']
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable
from typing import Any

from princes_of_florence import games as registry
from princes_of_florence.games import AnyGame

__all__ = [
    "BENCHMARKS",
    "bench_determinize",
    "bench_games",
    "bench_json",
    "main",
    "seconds_budget",
]


def _random_move(game: AnyGame, state: Any, rng: random.Random) -> Any:
    """A uniformly random legal move, a chance move by its probability."""
    if game.current_player(state) is None:
        outcomes = game.chance_outcomes(state)
        return rng.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
    moves = game.legal_moves(state)
    return moves[rng.randrange(len(moves))]


def _positions(game: AnyGame, seed: int) -> list[Any]:
    """Every state of seeded random game ``seed`` of ``game``, with most players."""
    config = game.make_config(game.player_counts[-1], seed, {})
    state = game.new_game(config)
    rng = random.Random(seed)
    states = [state]
    while not game.is_terminal(state):
        state = game.apply(state, _random_move(game, state, rng))
        states.append(state)
    return states


def bench_games(seconds: float, name: str = registry.DEFAULT) -> dict[str, float]:
    """Seeded random games of the game called ``name`` for about ``seconds``.

    A step is one uniformly random legal move (a chance move by its
    probability) and its ``apply``, at the most players the game allows; game
    *k* uses seed *k*.  ``steps_per_second`` is by the clock;
    ``steps_per_cpu_second`` by the process's CPU time
    (``time.process_time``), which other work on a shared machine disturbs
    much less.
    """
    game = registry.get(name)
    players = game.player_counts[-1]
    steps = finished = 0
    seed = 0
    cpu_start = time.process_time()
    start = time.perf_counter()
    spent = 0.0
    while spent < seconds:
        state = game.new_game(game.make_config(players, seed, {}))
        rng = random.Random(seed)
        while not game.is_terminal(state) and spent < seconds:
            state = game.apply(state, _random_move(game, state, rng))
            steps += 1
            if steps % 64 == 0:
                spent = time.perf_counter() - start
        finished += game.is_terminal(state)
        seed += 1
        spent = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "steps": float(steps),
        "games": float(finished),
        "steps_per_second": steps / spent if spent > 0 else 0.0,
        "steps_per_cpu_second": steps / cpu if cpu > 0 else 0.0,
    }


def bench_determinize(seconds: float, name: str = registry.DEFAULT) -> dict[str, float]:
    """``determinize`` of the views of a random game's decisions, as a search bot calls it."""
    game = registry.get(name)
    views = []
    for state in _positions(game, 1):
        player = game.current_player(state)
        if player is not None:
            views.append(game.observe(state, player))
    rng = random.Random(0)
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for view in views:
            game.determinize(view, rng)
        done += len(views)
    spent = time.perf_counter() - start
    return {"determinizations": float(done), "per_second": done / spent if spent > 0 else 0.0}


def bench_json(seconds: float, name: str = registry.DEFAULT) -> dict[str, float]:
    """JSON round trips (``dumps`` then ``load_state``) of a random game's middle state."""
    game = registry.get(name)
    states = _positions(game, 2)
    middle = states[len(states) // 2]
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game.load_state(game.dumps(middle))
        done += 1
    spent = time.perf_counter() - start
    return {
        "round_trips": float(done),
        "per_second": done / spent if spent > 0 else 0.0,
        "state_bytes": float(len(game.dumps(middle).encode())),
    }


BENCHMARKS: dict[str, Callable[[float, str], dict[str, float]]] = {
    "games": bench_games,
    "determinize": bench_determinize,
    "json": bench_json,
}
"""Every benchmark by name; each takes a time budget in seconds and the game's name."""


def _format(value: float) -> str:
    """A figure with thousands separators, and two decimals unless it is large."""
    if value.is_integer() or abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def seconds_budget(text: str) -> float:
    """A time budget read from the command line: a number from 0, not NaN or infinite.

    >>> seconds_budget("0.5")
    0.5
    >>> seconds_budget("nan")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: the time budget must be a number of seconds from 0, not 'nan'
    """
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 <= seconds < math.inf:
        raise argparse.ArgumentTypeError(
            f"the time budget must be a number of seconds from 0, not {text[:20]!r}"
        )
    return seconds


def main(
    argv: list[str] | None = None,
    game: str = registry.DEFAULT,
    prog: str = "python -m princes_of_florence.protocol_bench",
) -> int:
    """Run benchmarks of the game called ``game`` and print their figures; the exit status.

    Args:
        argv: ``[--seconds S] [NAME ...]``, by default every benchmark for 2
            seconds each.
        game: the registered name of the game.
        prog: the command's name in usage and error messages.
    """
    played = registry.get(game)
    parser = argparse.ArgumentParser(
        prog=prog, description=f"Measure {played.title} through the game protocol."
    )
    parser.add_argument(
        "--seconds", type=seconds_budget, default=2.0, help="budget of each (default: 2)"
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
        print(f"{name} ({args.seconds:g} s, {played.name})")
        figures = BENCHMARKS[name](args.seconds, played.name)
        width = max(len(key) for key in figures)
        for key, value in figures.items():
            print(f"  {key.replace('_', ' '):<{width}}  {_format(value):>14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
