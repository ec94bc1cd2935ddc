"""Command line: ``python -m princes_of_florence {play,tournament,bench,catalog}``.

``play`` plays a seeded game and prints every move in notation, each work's
breakdown, and the final scores with their sources (with
``--cooperative-building``, then the shared map as text); every seat is a random
bot unless ``--bots random,heuristic,mcts`` names one bot per player, and
``--human PLAYER`` lets a person play that player at the terminal.
``tournament --bots heuristic,random,random,random --games 200 --workers 2``
plays seeded games with every seating rotated and prints the result table
(see :mod:`princes_of_florence.bots.tournament`).
``bench [--seconds S] [NAME ...]`` runs the benchmarks of
:mod:`princes_of_florence.bench` (all of them by default) and prints their
figures.  ``catalog`` lists the component data that could not be verified.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import defaultdict
from collections.abc import Sequence

from princes_of_florence.bots import Bot, view_moves
from princes_of_florence.bots.human import HumanBot
from princes_of_florence.bots.tournament import make_bot, tournament_main
from princes_of_florence.components import default_catalog
from princes_of_florence.config import GameConfig
from princes_of_florence.engine import (
    apply_with_events,
    is_terminal,
    new_game,
    outcome,
    prestige_card_scores,
)
from princes_of_florence.errors import ConfigError, PrincesOfFlorenceError
from princes_of_florence.events import PhaseStarted, PrestigeGained, PrestigeLost, WorkDone
from princes_of_florence.observation import observe
from princes_of_florence.rules.cooperative import render_shared_map

__all__ = ["main"]


_SWITCHES = {
    "hard_freedoms": "the harder 2-player option: four freedom tiles (R9)",
    "choose_returned_order": "the player orders the cards not kept (R6)",
    "muse_and_princess": "the Muse & Princess expansion (R25-R28)",
    "cooperative_building": "the Cooperative Building expansion: one shared map (R29-R34)",
}
"""The :class:`GameConfig` switches ``play`` takes as ``--option-name`` flags."""


def _seat_bots(
    players: int, seed: int, specs: str | None, human: int | None
) -> tuple[list[Bot], str]:
    """The bot of every seat for ``play``, and how the header names them."""
    names = specs.split(",") if specs else ["random"] * players
    if len(names) != players:
        raise ConfigError(f"--bots names {len(names)} bots for {players} players")
    if human is not None and not 0 <= human < players:
        raise ConfigError(f"--human must be a player from 0 to {players - 1}, not {human}")
    try:
        bots: list[Bot] = [make_bot(name, f"bot:{seed}:{seat}") for seat, name in enumerate(names)]
    except ValueError as error:
        raise ConfigError(str(error)) from None
    if human is not None:
        bots[human] = HumanBot()
        names[human] = "you"
    label = "random bots" if not specs and human is None else "seats " + ", ".join(names)
    return bots, label


def _play(config: GameConfig, specs: str | None = None, human: int | None = None) -> int:
    players, seed = config.players, config.seed
    bots, label = _seat_bots(players, seed, specs, human)
    state = new_game(config)
    sources: list[dict[str, int]] = [defaultdict(int) for _ in range(players)]
    options = [name.replace("_", " ") for name in _SWITCHES if getattr(config, name)]
    extra = "".join(f", {option}" for option in options)
    print(f"# Princes of Florence: {players} players, seed {seed}{extra}, {label}")
    number = 0
    while not is_terminal(state):
        seat = state.current_player
        assert seat is not None
        view = observe(state, seat)
        move = bots[seat].choose(view, view_moves(view))
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
    if config.cooperative_building:  # ruling R29: the principalities side by side
        print("# shared map (a shared building shows its letter on both sides of a border)")
        print(render_shared_map([p.principality for p in state.players]))
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
    play.add_argument(
        "--bots", help="one bot per player, comma separated: random, heuristic, mcts[:key=value...]"
    )
    play.add_argument("--human", type=int, metavar="PLAYER", help="play this player yourself")
    tour = sub.add_parser("tournament", help="play bots against each other, seats rotated")
    tour.add_argument("--bots", required=True, help="one bot spec per seat, comma separated")
    tour.add_argument("--games", type=int, default=100, help="a multiple of the player count")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--workers", type=int, default=1, help="processes to play in")
    tour.add_argument("--hidden-money", action="store_true", help="hide other players' money")
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--seconds", type=float, default=3.0)
    bench.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    sub.add_parser("catalog", help="list the reconstructed component data")
    args = parser.parse_args(argv)
    try:
        if args.command == "play":
            switches = {name: getattr(args, name) for name in _SWITCHES}
            players = len(args.bots.split(",")) if args.bots else args.players
            config = GameConfig(players=players, seed=args.seed, **switches)
            return _play(config, args.bots, args.human)
        if args.command == "tournament":
            return tournament_main(
                args.bots, args.games, args.seed, args.workers, args.hidden_money
            )
        if args.command == "bench":
            from princes_of_florence import bench as bench_module

            return bench_module.main(
                ["--seconds", str(args.seconds), *args.names],
                prog=f"{parser.prog} bench",
            )
        return _catalog()
    except PrincesOfFlorenceError as error:
        parser.exit(2, f"error: {error}\n")
    except EOFError:
        parser.exit(1, "\nerror: the input ended before the game did\n")
    except BrokenPipeError:
        # The reader stopped early (``| head``): say nothing more, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
