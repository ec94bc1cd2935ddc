"""Steps per CPU second of this library's PettingZoo env beside PettingZoo's ``connect_four_v3``.

Both environments play whole games with uniformly random legal actions, the
way a learner's loop drives them: each step is ``env.last()`` (the
observation and its action mask) and ``env.step(action)``.  The
environments take turns in interleaved rounds, each for about ``--seconds``
of the process's CPU time, so that other work on a shared machine weighs on
both alike; the figure of each is the median over the rounds.  The raw
engine (``legal_moves`` and ``apply`` alone) is timed in the same rounds, as
the yardstick of what the environment adds.  A last run reads our mask as
booleans (``mask.view(bool)``) before looking for its ones, as a learner may:
numpy finds the ones of an ``int8`` array of thousands of actions about ten
times slower than those of a boolean array (``connect_four_v3``'s mask has 9).

    python scripts/compare_connect_four.py [--rounds 5] [--seconds 1] [--players 4]

``connect_four_v3`` imports ``pygame`` for drawing only; where pygame is not
installed an empty stand-in module takes its place, which is never used
because nothing is rendered.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import sys
import time
import types
from collections.abc import Callable
from typing import Any


def _connect_four() -> Any:
    """``connect_four_v3.env()``, with a stand-in pygame when it is not installed."""
    if importlib.util.find_spec("pygame") is None:
        sys.modules["pygame"] = types.ModuleType("pygame")  # drawing only: never called
    from pettingzoo.classic import connect_four_v3

    return connect_four_v3.env()


def _aec_steps(env: Any, seconds: float, seed: int, booleans: bool = False) -> tuple[int, float]:
    """Steps of whole random games through ``env`` for about ``seconds`` of CPU time.

    With ``booleans`` the learner reads the ``int8`` mask as booleans before
    looking for its ones (``mask.view(bool)``: numpy finds the ones of a boolean
    array about ten times faster, which counts for a mask of thousands of actions).
    """
    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        env.reset(seed=seed + games)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            legal = (mask.view(bool) if booleans else mask).nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        games += 1
    return steps, time.process_time() - start


def _raw_steps(players: int, seconds: float, seed: int) -> tuple[int, float]:
    """Steps of whole random games through ``legal_moves`` and ``apply`` alone."""
    from princes_of_florence import GameConfig, apply, is_terminal, legal_moves, new_game

    rng = random.Random(seed)
    steps = games = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        state = new_game(GameConfig(players=players, seed=seed + games))
        while not is_terminal(state):
            moves = legal_moves(state)
            state = apply(state, moves[int(rng.random() * len(moves))])
            steps += 1
        games += 1
    return steps, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    """Run the interleaved rounds and print each environment's rate and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--seconds", type=float, default=1.0, help="CPU seconds per environment and round"
    )
    parser.add_argument("--players", type=int, default=4, help="players of our game (default 4)")
    args = parser.parse_args(argv)

    from princes_of_florence.adapters.pettingzoo import env as princes_env

    ours = princes_env(players=args.players)
    theirs = _connect_four()
    runs: dict[str, Callable[[int], tuple[int, float]]] = {
        f"princes_of_florence PettingZoo env, {args.players} players": lambda seed: _aec_steps(
            ours, args.seconds, seed
        ),
        "pettingzoo connect_four_v3": lambda seed: _aec_steps(theirs, args.seconds, seed),
        f"princes_of_florence legal_moves + apply, {args.players} players": lambda seed: _raw_steps(
            args.players, args.seconds, seed
        ),
        "the same env, the mask read as booleans": lambda seed: _aec_steps(
            ours, args.seconds, seed, booleans=True
        ),
    }
    rates: dict[str, list[float]] = {name: [] for name in runs}
    for round_number in range(args.rounds):
        for name, run in runs.items():
            steps, spent = run(1000 * round_number)
            rates[name].append(steps / spent)
    width = max(len(name) for name in runs)
    print(f"{'environment':<{width}}  steps per CPU second (median of {args.rounds} rounds)")
    medians = {name: statistics.median(values) for name, values in rates.items()}
    for name, value in medians.items():
        spread = f"{min(rates[name]):,.0f} to {max(rates[name]):,.0f}"
        print(f"{name:<{width}}  {value:>10,.0f}   ({spread})")
    ours_name, theirs_name, raw_name, booleans_name = runs
    for label, mine, other in (
        ("ratio to connect_four_v3", ours_name, theirs_name),
        ("share of the raw engine's rate", ours_name, raw_name),
        ("the same, the mask read as booleans", booleans_name, theirs_name),
    ):
        # each round's own ratio too: the two rates of a round met the same load
        ratios = [ours / theirs for ours, theirs in zip(rates[mine], rates[other], strict=True)]
        print(
            f"{label}: {medians[mine] / medians[other]:.2f} (of the medians);"
            f" {statistics.median(ratios):.2f} (median of the rounds', {min(ratios):.2f}"
            f" to {max(ratios):.2f})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
