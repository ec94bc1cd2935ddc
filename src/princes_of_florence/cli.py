"""Command line: ``python -m princes_of_florence {play,bench,catalog}``.

``play`` plays a seeded game between random bots and prints every move in
notation, each work's breakdown, and the final scores with their sources.
``bench [--seconds S] [NAME ...]`` runs the benchmarks of
:mod:`princes_of_florence.bench` (all of them by default) and prints their
figures.  ``catalog`` lists the component data that could not be verified.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from collections import defaultdict
from collections.abc import Sequence

from princes_of_florence.bots import RandomBot
from princes_of_florence.components import default_catalog
from princes_of_florence.config import GameConfig
from princes_of_florence.engine import (
    apply_with_events,
    is_terminal,
    new_game,
    outcome,
    prestige_card_scores,
)
from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.events import PhaseStarted, PrestigeGained, PrestigeLost, WorkDone

__all__ = ["main"]


_SWITCHES = {
    "hard_freedoms": "the harder 2-player option: four freedom tiles (R9)",
    "choose_returned_order": "the player orders the cards not kept (R6)",
    "muse_and_princess": "the Muse & Princess expansion (R25-R28)",
}
"""The :class:`GameConfig` switches ``play`` takes as ``--option-name`` flags."""


def _play(config: GameConfig) -> int:
    players, seed = config.players, config.seed
    bots = [RandomBot(random.Random(f"bot:{seed}:{seat}")) for seat in range(players)]
    state = new_game(config)
    sources: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
    options = [name.replace("_", " ") for name in _SWITCHES if getattr(config, name)]
    extra = "".join(f", {option}" for option in options)
    print(f"# Princes of Florence: {players} players, seed {seed}{extra}, random bots")
    number = 0
    while not is_terminal(state):
        seat = state.current_player
        assert seat is not None
        move = bots[seat].choose(state)
        state, events = apply_with_events(state, move)
        number += 1
        note = ""
        for event in events:
            if isinstance(event, WorkDone):
                parts = ", ".join(f"{k} {v}" for k, v in event.parts if v)
                note = f"  (work {event.value}: {parts})"
            elif isinstance(event, PrestigeGained):
                sources[event.player][event.reason.value] += event.points
            elif isinstance(event, PrestigeLost):
                sources[event.player][event.reason.value] -= event.points
        print(f"{number:4d}  p{seat}  {move}{note}")
        for event in events:
            if isinstance(event, PhaseStarted):
                print(
                    f"# round {event.round}, {event.phase.value}, "
                    f"start player p{event.start_player}"
                )
    result = outcome(state)
    cards = prestige_card_scores(state)
    print("# final scores")
    for seat in result.ranking:
        detail = ", ".join(f"{k} {v}" for k, v in sorted(sources[seat].items()))
        held = ", ".join(f"{c} {p}" for c, p in cards[seat]) or "none"
        crown = " (winner)" if seat in result.winners else ""
        print(
            f"p{seat}{crown}: {result.prestige[seat]} prestige, {result.money[seat]} florins"
            f"  [{detail}]  prestige cards: {held}"
        )
    return 0


def _catalog() -> int:
    cat = default_catalog()
    print(f"# component catalog, edition {cat.edition}")
    for entry in cat.reconstructed():
        print("reconstructed:", *entry)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="princes-of-florence")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a seeded game between random bots and print it")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=1)
    for name, text in _SWITCHES.items():
        play.add_argument(f"--{name.replace('_', '-')}", action="store_true", help=text)
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    sub.add_parser("catalog", help="list the reconstructed component data")
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            switches = {name: getattr(args, name) for name in _SWITCHES}
            return _play(GameConfig(players=args.players, seed=args.seed, **switches))
        if args.command == "bench":
            from princes_of_florence import bench as bench_module

            return bench_module.main(
                ["--seconds", str(args.seconds), *args.names],
                prog=f"{parser.prog} bench",
            )
        return _catalog()
    except PrincesOfFlorenceError as error:
        parser.exit(2, f"error: {error}\n")
    except BrokenPipeError:
        # The reader stopped early (``| head``): say nothing more, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
