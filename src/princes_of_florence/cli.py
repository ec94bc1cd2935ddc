"""Command line: ``python -m princes_of_florence {play,replay,tournament,bench,catalog}``.

``play`` plays a seeded game and prints it as sentences (every move, what it
cost and earned, each work's value) and the final scores with their sources;
every player is a random bot unless ``--bots random,heuristic,mcts`` names
one bot per player, ``--human PLAYER`` lets a person play that player at the
terminal (the log then shows only what that player sees), ``--names
Anna,Ben,Carla`` names the players, and ``--save game.json`` writes the
record (with the date and the engine version).  ``replay game.json``
prints a saved game the same way, with its comments; ``--player N`` shows
only what player ``N`` saw.  With ``--cooperative-building`` the end shows
the shared map as text.
``tournament --bots heuristic,random,random,random --games 200 --workers 2``
plays seeded games with every seating rotated and prints the result table
(see :mod:`princes_of_florence.bots.tournament`).
``bench [--seconds S] [NAME ...]`` runs the benchmarks of
:mod:`princes_of_florence.bench` (all of them by default) and prints their
figures; ``bench rl`` gives learners' figures for every registered game.
``catalog`` lists the component data that could not be verified.
"""

from __future__ import annotations

import argparse
import datetime
import os
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence

import attrs

from princes_of_florence._version import __version__
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
from princes_of_florence.errors import ConfigError, PrincesOfFlorenceError, SerializationError
from princes_of_florence.events import (
    AuctionOpened,
    BidMade,
    BonusPlayed,
    BuildingChosen,
    CardKept,
    CardReturned,
    Declined,
    Event,
    FreedomIntroduced,
    LandscapeChosen,
    Passed,
    PayoutKept,
    PersonRecruited,
    PersonReturned,
    PhaseStarted,
    PrestigeGained,
    PrestigeLost,
    RecruitingKept,
    TilePlaced,
    TokenPlaced,
    TurnEnded,
    WorkStarted,
)
from princes_of_florence.moves import (
    Bid,
    Build,
    ChooseCard,
    ChooseLandscape,
    Convert,
    Decline,
    EndTurn,
    IntroduceFreedom,
    KeepRecruiting,
    Move,
    Open,
    Pass,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    Recruit,
    ReturnCard,
    ReturnPerson,
    Work,
)
from princes_of_florence.narration import describe, player_name
from princes_of_florence.observation import events_for, observe
from princes_of_florence.rules.cooperative import render_shared_map
from princes_of_florence.serialization import (
    GameRecord,
    dumps,
    load_record,
    record_from_text,
    record_to_text,
    replay_events,
)
from princes_of_florence.state import GameState

__all__ = ["main"]


_SWITCHES = {
    "hard_freedoms": "the harder 2-player option: four freedom tiles (R9)",
    "choose_returned_order": "the player orders the cards not kept (R6)",
    "muse_and_princess": "the Muse & Princess expansion (R25-R28)",
    "cooperative_building": "the Cooperative Building expansion: one shared map (R29-R34)",
}
"""The :class:`GameConfig` switches ``play`` takes as ``--option-name`` flags."""

_ECHOES: dict[type, type] = {
    ReturnPerson: PersonReturned,
    Open: AuctionOpened,
    Decline: Declined,
    Bid: BidMade,
    Pass: Passed,
    PlaceTile: TilePlaced,
    ChooseLandscape: LandscapeChosen,
    ChooseCard: CardKept,
    ReturnCard: CardReturned,
    Recruit: PersonRecruited,
    KeepRecruiting: RecruitingKept,
    Build: BuildingChosen,
    Work: WorkStarted,
    PlayBonus: BonusPlayed,
    Convert: PayoutKept,
    IntroduceFreedom: FreedomIntroduced,
    EndTurn: TurnEnded,
    PlaceToken: TokenPlaced,
}
"""Per move class: the event that only restates it; the log leaves that event out."""


def _echo(move: Move, event: Event) -> bool:
    kind = _ECHOES.get(type(move))
    return kind is not None and isinstance(event, kind)


_HIDDEN_MOVES = (ChooseCard, ReturnCard, ReturnPerson)
"""Moves that name a card the other players do not see (ruling R5)."""


def _player_bots(
    players: int, seed: int, specs: str | None, human: int | None
) -> tuple[list[Bot], str]:
    """The bot of every player for ``play``, and how the header names them."""
    names = specs.split(",") if specs else ["random"] * players
    if len(names) != players:
        raise ConfigError(f"--bots names {len(names)} bots for {players} players")
    if human is not None and not 0 <= human < players:
        raise ConfigError(f"--human must be a player from 0 to {players - 1}, not {human}")
    try:
        bots: list[Bot] = [
            make_bot(name, f"bot:{seed}:{player}") for player, name in enumerate(names)
        ]
    except ValueError as error:
        raise ConfigError(str(error)) from None
    if human is not None:
        bots[human] = HumanBot()
        names[human] = "you"
    label = "random bots" if not specs and human is None else "bots " + ", ".join(names)
    return bots, label


def _log_step(
    number: int,
    move: Move,
    before: GameState,
    events: Sequence[Event],
    reader: int | None,
    write: Callable[[str], None] = print,
) -> None:
    """Print one move and what followed, as ``reader`` may see it (``None``: everything)."""
    mover = before.current_player
    seen = tuple(events) if reader is None else events_for(events, reader)
    hidden = reader is not None and mover != reader and isinstance(move, _HIDDEN_MOVES)
    if hidden:  # another player's card: the redacted event says it without naming it
        echo = next((e for e in seen if _echo(move, e)), None)
        who = player_name(before.config, mover if mover is not None else -1)
        line = describe(echo, before) if echo is not None else f"{who} chooses a card."
    else:
        line = describe(move, before)
    write(f"{number:4d}. {line}")
    for event in seen:
        if isinstance(event, PhaseStarted):
            write(describe(event, before))
        elif not _echo(move, event):
            write(f"        {describe(event, before)}")


def _final_table(state: GameState, events: Sequence[Event], write: Callable[[str], None]) -> None:
    """The final scores, best first, with where each player's prestige came from."""
    config = state.config
    result = outcome(state)
    sources: list[dict[str, int]] = [defaultdict(int) for _ in state.players]
    for event in events:
        if isinstance(event, PrestigeGained):
            sources[event.player][event.reason.value.replace("_", " ")] += event.points
        elif isinstance(event, PrestigeLost):
            sources[event.player][event.reason.value.replace("_", " ")] -= event.points
    cards = prestige_card_scores(state)
    write("Final scores:")
    for rank, player in enumerate(result.ranking, start=1):
        detail = ", ".join(f"{k} {v}" for k, v in sorted(sources[player].items()))
        held = ", ".join(f"{c} {p}" for c, p in cards[player]) or "none"
        crown = " (winner)" if player in result.winners else ""
        write(
            f"{rank:4d}. {player_name(config, player)}{crown}: {result.prestige[player]} prestige,"
            f" {result.money[player]} florins; from {detail or 'nothing'}; prestige cards: {held}"
        )
    if config.cooperative_building:  # ruling R29: the principalities side by side
        write("Shared map (a shared building shows its letter on both sides of a border):")
        write(render_shared_map([p.principality for p in state.players]))


def _header(config: GameConfig, label: str) -> str:
    options = [name.replace("_", " ") for name in _SWITCHES if getattr(config, name)]
    extra = "".join(f", {option}" for option in options)
    names = ", ".join(config.names)
    return (
        f"Princes of Florence: {config.players} players ({names}), seed {config.seed}"
        f"{extra}, {label}."
    )


def _play(
    config: GameConfig,
    specs: str | None = None,
    human: int | None = None,
    save: str | None = None,
) -> int:
    bots, label = _player_bots(config.players, config.seed, specs, human)
    state = new_game(config)
    print(_header(config, label))
    moves: list[Move] = []
    everything: list[Event] = []
    while not is_terminal(state):
        player = state.current_player
        assert player is not None
        view = observe(state, player)
        move = bots[player].choose(view, view_moves(view))
        after, events = apply_with_events(state, move)
        moves.append(move)
        everything.extend(events)
        _log_step(len(moves), move, state, events, human)
        state = after
    _final_table(state, everything, print)
    if save is not None:
        record = GameRecord(
            config,
            tuple(moves),
            outcome(state),
            date=datetime.date.today().isoformat(),
            engine=__version__,
        )
        text = record_to_text(record) if save.endswith(".txt") else dumps(record) + "\n"
        with open(save, "w", encoding="utf-8") as file:
            file.write(text)
        print(f"Saved to {save}.")
    return 0


def _replay(path: str, reader: int | None) -> int:
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except OSError as error:
        raise SerializationError(f"cannot read {path}: {error.strerror}") from None
    record = load_record(text) if text.lstrip().startswith("{") else record_from_text(text)
    config = record.config
    when = f", played {record.date}" if record.date else ""
    print(_header(config, f"a record of {len(record.moves)} moves{when}"))
    remarks: dict[int, list[str]] = defaultdict(list)
    for comment in record.comments:
        remarks[comment.move].append(comment.text)
    everything: list[Event] = []
    state = new_game(config)
    for step in replay_events(record):
        _log_step(step.number, step.move, step.before, step.events, reader)
        for text in remarks[step.number]:
            print(f"        ({text})")
        everything.extend(step.events)
        state = step.after
    if is_terminal(state):
        _final_table(state, everything, print)
    else:
        print(f"The record stops before the end of the game (round {state.round}).")
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
    play.add_argument("--names", help="the players' names, comma separated")
    play.add_argument(
        "--save", metavar="FILE", help="write the game's record (JSON; text if FILE ends in .txt)"
    )
    again = sub.add_parser("replay", help="print a saved game, move by move, and its scores")
    again.add_argument("record", metavar="FILE", help="a record in JSON or in the text form")
    again.add_argument(
        "--player", type=int, metavar="PLAYER", help="show only what this player saw"
    )
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
            if args.names:
                config = attrs.evolve(config, names=tuple(args.names.split(",")))
            return _play(config, args.bots, args.human, args.save)
        if args.command == "replay":
            return _replay(args.record, args.player)
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
