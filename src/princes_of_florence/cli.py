"""Command line: ``python -m princes_of_florence {play,replay,tournament,play-many,bench,catalog}``.

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
``play-many --bots mcts,random,random --games 10000 --out games/ --shard 1000``
writes seeded games as JSON lines, a file per thousand games, and plays only
the games not yet written when run again
(see :mod:`princes_of_florence.bots.selfplay`).  Both play on a Dask cluster
with ``--scheduler tcp://HOST:PORT`` or ``--local-cluster N`` (the
``distributed`` extra; see :mod:`princes_of_florence.bots.scale`).
``bench [--seconds S] [NAME ...]`` runs the benchmarks of
:mod:`princes_of_florence.bench` (all of them by default) and prints their
figures; ``bench rl`` gives learners' figures for every registered game.
``catalog`` lists the component data that could not be verified: the
reconstructed entries of the game's ``component_data`` (through the protocol,
for every game), each with the data file's note on its source.

Every command takes ``--game NAME``, a game of the registry
(:mod:`princes_of_florence.games`); The Princes of Florence (``princes``) by
default, so every command reads as it always did.  For another game,
``play``, ``replay``, ``tournament`` and ``bench`` go through the game
protocol alone: moves and events are told by the game's ``describe``, the
table drawn by its ``render_text``, and the game's own options are given as
``--option KEY=VALUE`` (the value read as JSON when it can be, ``true``,
``3``...; ``--option`` works for The Princes of Florence too).  The Princes of
Florence's own flags (``--cooperative-building``, ``--names``,
``--hidden-money``...) are refused for another game with a message naming
the flag; ``--human`` plays through the protocol too (the view as
``render_text`` draws it, the question as ``decision_text`` asks it, the moves
in notation).  ``replay`` without ``--game`` plays the game the record names.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import json
import os
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import attrs

from princes_of_florence import (
    AuctionOpened,
    Bid,
    BidMade,
    BonusPlayed,
    Build,
    BuildingChosen,
    CardKept,
    CardReturned,
    ChooseCard,
    ChooseLandscape,
    ConfigError,
    Convert,
    Decline,
    Declined,
    EndTurn,
    Event,
    FreedomIntroduced,
    GameConfig,
    GameRecord,
    GameState,
    IntroduceFreedom,
    KeepRecruiting,
    LandscapeChosen,
    Move,
    Open,
    Pass,
    Passed,
    PayoutKept,
    PersonRecruited,
    PersonReturned,
    PhaseStarted,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    PrestigeGained,
    PrestigeLost,
    PrincesOfFlorenceError,
    Recruit,
    RecruitingKept,
    ReturnCard,
    ReturnPerson,
    SerializationError,
    TilePlaced,
    TokenPlaced,
    TurnEnded,
    Work,
    WorkStarted,
    apply_with_events,
    describe,
    dumps,
    events_for,
    is_terminal,
    load_record,
    new_game,
    observe,
    outcome,
    prestige_card_scores,
    record_from_text,
    record_to_text,
    replay_events,
)
from princes_of_florence import games as registry
from princes_of_florence._version import __version__
from princes_of_florence.bots import Bot, view_moves
from princes_of_florence.bots.human import HumanBot
from princes_of_florence.bots.selfplay import play_many_main
from princes_of_florence.bots.tournament import make_bot, tournament_main
from princes_of_florence.games import AnyGame
from princes_of_florence.limits import MAX_DOCUMENT_CHARS
from princes_of_florence.render import render_shared_map_text

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


class _Refused(Exception):
    """A command's input refused before any work is done; its text is the whole reason."""


def _player_name(config: GameConfig, player: int) -> str:
    """The name of ``player`` in ``config``, or ``player N`` for a number outside the game."""
    names = config.names
    return names[player] if 0 <= player < len(names) else f"player {player}"


def _player_bots(
    players: int, seed: int, specs: str | None, human: int | None
) -> tuple[list[Bot], str]:
    """The bot of every player for ``play``, and how the header names them."""
    names = specs.split(",") if specs is not None else ["random"] * players
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
    label = "random bots" if specs is None and human is None else "bots " + ", ".join(names)
    return bots, label


def _bot_specs(specs: str) -> list[str]:
    """The bot specs of ``--bots``, each named (an empty one is refused)."""
    names = specs.split(",")
    for number, name in enumerate(names, start=1):
        if not name.strip():
            raise _Refused(
                f"--bots: bot {number} of {len(names)} is not named; name one bot per player,"
                " comma separated: random, heuristic, mcts[:key=value...]"
            )
    return names


def _check_save_path(save: str) -> None:
    """Refuse a ``--save`` path that cannot be written, before the game is played.

    The file is opened for appending (which leaves one that exists as it is)
    and closed again, and removed if it was made for the check.  A named pipe
    with no reader is refused rather than waited on.
    """
    if os.path.isdir(save):
        raise _Refused(f"--save: {save} is a directory, not a file")
    existed = os.path.lexists(save)
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NONBLOCK", 0)
    try:
        os.close(os.open(save, flags, 0o666))
    except (OSError, ValueError) as error:  # ValueError: a NUL character in the path
        reason = error.strerror if isinstance(error, OSError) else str(error)
        raise _Refused(f"--save: cannot write {save}: {reason}") from None
    if not existed:
        with contextlib.suppress(OSError):
            os.remove(save)


def _write_record(save: str, text: str) -> None:
    """Write the record; a device that is full or fails is a one-line refusal."""
    try:
        with open(save, "w", encoding="utf-8") as file:
            file.write(text)
    except OSError as error:
        raise _Refused(f"--save: cannot write {save}: {error.strerror}") from None


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
        who = _player_name(before.config, mover if mover is not None else -1)
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
            f"{rank:4d}. {_player_name(config, player)}{crown}: {result.prestige[player]} prestige,"
            f" {result.money[player]} florins; from {detail or 'nothing'}; prestige cards: {held}"
        )
    if config.cooperative_building:  # ruling R29: the principalities side by side
        write("Shared map (a shared building shows its letter on both sides of a border):")
        write(render_shared_map_text([p.principality for p in state.players]))


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
    if human is not None and (sys.stdin is None or sys.stdin.closed):
        raise _Refused("--human reads the moves from standard input, which is closed")
    if save is not None:
        _check_save_path(save)
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
        _write_record(save, text)
        print(f"Saved to {save}.")
    return 0


def _read_record_file(path: str) -> str:
    """The text of the record file ``path``: at most the size limit is read.

    One character more than :data:`~princes_of_florence.limits.MAX_DOCUMENT_CHARS`
    is read, so that a longer file (``/dev/zero``) is refused without being read.
    """
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read(MAX_DOCUMENT_CHARS + 1)
    except OSError as error:
        raise SerializationError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise SerializationError(f"cannot read {path}: not UTF-8 text ({error.reason})") from None
    except ValueError as error:  # a NUL character in the path
        raise SerializationError(f"cannot read {path!r}: {error}") from None
    if len(text) > MAX_DOCUMENT_CHARS:
        raise SerializationError(
            f"cannot read {path}: a record has at most {MAX_DOCUMENT_CHARS} characters"
        )
    return text


def _replay(text: str, reader: int | None) -> int:
    record = load_record(text) if text.lstrip().startswith("{") else record_from_text(text)
    config = record.config
    if reader is not None and not 0 <= reader < config.players:
        raise _Refused(
            f"--player must be a player of the game, 0 to {config.players - 1}, not {reader}"
        )
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


def _one_line(text: str) -> str:
    """``text`` as one printable line: line breaks and control characters escaped.

    >>> _one_line("a\\nb\\x1b[2J")
    'a\\\\nb\\\\x1b[2J'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _catalog(game: AnyGame) -> int:
    """Print the reconstructed entries of ``game``'s component data, with their sources."""
    data = game.component_data()
    edition = "" if data.edition is None else f", edition {_one_line(data.edition)}"
    print(f"# component catalog{edition}")
    for entry in data.reconstructed():
        print("reconstructed:", *map(_one_line, (entry.kind, entry.name, entry.source)))
    return 0


class _Parser(argparse.ArgumentParser):
    """An argument parser whose refusals stay on one line, whatever the arguments hold."""

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {_one_line(message)}\n")


# --------------------------------------------------------------------------
# Any game, through the protocol


def _options(pairs: Sequence[str]) -> dict[str, Any]:
    """``--option KEY=VALUE`` pairs as configuration options; a value is read as JSON if it can be.

    >>> _options(["hidden_money=true", "names=Anna"])
    {'hidden_money': True, 'names': 'Anna'}
    """
    options: dict[str, Any] = {}
    for pair in pairs:
        key, equals, text = pair.partition("=")
        if not equals or not key:
            raise ConfigError(f"--option takes KEY=VALUE, not {pair!r}")
        try:
            value: Any = json.loads(text)
        except ValueError:
            value = text
        options[key.strip()] = value
    return options


def _princes_only(game: AnyGame, args: argparse.Namespace, flags: Sequence[str]) -> None:
    """Refuse The Princes of Florence's own flags for another game, naming the first given."""
    for flag in flags:
        value = getattr(args, flag.lstrip("-").replace("-", "_"), None)
        if value is not None and value is not False:  # --human 0 is given
            raise ConfigError(
                f"{flag} is an option of The Princes of Florence, not of {game.title}; "
                f"give {game.name}'s options as --option KEY=VALUE"
            )


def _results(game: AnyGame, state: Any, write: Callable[[str], None]) -> None:
    """The final table of any game: each player's score, best first."""
    result = game.result(state)
    write("Final scores:")
    names = game.player_names(state)
    order = sorted(range(len(result.scores)), key=lambda player: result.places[player])
    for player in order:
        crown = " (winner)" if player in result.winners else ""
        write(f"{result.places[player]:4d}. {names[player]}{crown}: {result.scores[player]}")


def _log_any(
    game: AnyGame,
    number: int,
    move: Any,
    before: Any,
    events: Sequence[Any],
    reader: int | None,
) -> None:
    """One move of any game and what followed, as ``reader`` may see it (``None``: everything).

    For a reader, another player's move is told only through the events the
    reader sees (a move may name what the reader may not know).
    """
    mover = game.current_player(before)
    if reader is None or mover == reader:
        print(f"{number:4d}. {game.describe(move, before, reader)}")
        seen = tuple(events) if reader is None else game.events_for(events, reader)
    else:
        who = "Chance" if mover is None else game.player_names(before)[mover]
        print(f"{number:4d}. {who} moves.")
        seen = game.events_for(events, reader)
    for event in seen:
        print(f"        {game.describe(event, before, reader)}")


class _TerminalPlayer:
    """A person at the terminal playing any game: shown the table and the moves, asked for one.

    What they see comes from the protocol alone: the view drawn by
    ``render_text``, the question by ``decision_text``, each move in notation
    and in a sentence.  They answer by the number shown or in notation; an
    answer that is not a move offered is refused with a reason and asked again.
    """

    def __init__(
        self,
        game: AnyGame,
        read: Callable[[str], str] = input,
        write: Callable[[str], None] = print,
    ) -> None:
        self._game = game
        self._read = read
        self._write = write

    def choose(self, view: Any, moves: Sequence[Any]) -> Any:
        """Show ``view`` and ``moves``; return the move the person picks."""
        game, write = self._game, self._write
        player = game.view_player(view)
        write(game.render_text(view))
        asked = game.decision_text(view) or "a move"
        write(f"## {game.player_names(view)[player]} (you): {asked}")
        for number, move in enumerate(moves, 1):
            write(
                f"  {number:3d}  {game.format_move(move):<24} {game.describe(move, view, player)}"
            )
        while True:
            answer = self._read("your move: ").strip()
            if answer.isdigit() and 1 <= int(answer) <= len(moves):
                return moves[int(answer) - 1]
            try:
                chosen = game.parse_move(answer)
            except ValueError as error:
                write(f"not understood: {error}")
                continue
            if chosen in moves:
                return chosen
            write(f"{answer!r} is not one of the moves offered")


def _play_any(
    game: AnyGame,
    players: int,
    seed: int,
    options: dict[str, Any],
    specs: str | None,
    save: str | None,
    human: int | None = None,
) -> int:
    """``play`` for any game, through the protocol only."""
    config = game.make_config(players, seed, options)
    names = _bot_specs(specs) if specs is not None else ["random"] * players
    if len(names) != players:
        raise ConfigError(f"--bots names {len(names)} bots for {players} players")
    if human is not None and not 0 <= human < players:
        raise ConfigError(f"--human must be a player from 0 to {players - 1}, not {human}")
    if save is not None and save.endswith(".txt"):
        raise ConfigError(
            f"the text form of records is The Princes of Florence's; save {game.name} as JSON"
        )
    try:
        bots: list[Bot] = [make_bot(name, f"bot:{seed}:{p}", game) for p, name in enumerate(names)]
    except ValueError as error:
        raise ConfigError(str(error)) from None
    if human is not None and (sys.stdin is None or sys.stdin.closed):
        raise _Refused("--human reads the moves from standard input, which is closed")
    if save is not None:
        _check_save_path(save)
    if human is not None:
        bots[human] = _TerminalPlayer(game)
        names[human] = "you"
    label = "random bots" if not specs and human is None else "bots " + ", ".join(names)
    settings = "".join(f", {key} {value}" for key, value in sorted(options.items()))
    print(f"{game.title}: {players} players, seed {seed}{settings}, {label}.")
    state = game.new_game(config)
    chance = random.Random(seed)
    moves: list[Any] = []
    while not game.is_terminal(state):
        player = game.current_player(state)
        if player is None:  # chance moves next: drawn by their probabilities
            outcomes = game.chance_outcomes(state)
            move = chance.choices([m for m, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            view = game.observe(state, player)
            move = bots[player].choose(view, game.legal_moves(view))
        after, events = game.apply_with_events(state, move)
        moves.append(move)
        _log_any(game, len(moves), move, state, events, human)
        state = after
    print(game.render_text(state if human is None else game.observe(state, human)))
    _results(game, state, print)
    if save is not None:
        _write_record(save, game.dumps(game.make_record(config, moves, state)) + "\n")
        print(f"Saved to {save}.")
    return 0


def _replay_any(game: AnyGame, text: str, reader: int | None) -> int:
    """``replay`` for any game, through the protocol only."""
    record = game.load_record(text)
    config = game.record_config(record)
    moves = game.record_moves(record)
    players = game.config_players(config)
    if reader is not None and not 0 <= reader < players:
        raise ConfigError(f"--player must be a player from 0 to {players - 1}, not {reader}")
    print(
        f"{game.title}: {players} players, seed {game.config_seed(config)}, "
        f"a record of {len(moves)} moves."
    )
    states = game.replay(record)
    for number, (move, before) in enumerate(zip(moves, states, strict=False), start=1):
        _after, events = game.apply_with_events(before, move)
        _log_any(game, number, move, before, events, reader)
    final = states[-1]
    if game.is_terminal(final):
        shown = final if reader is None else game.observe(final, reader)
        print(game.render_text(shown))
        _results(game, final, print)
    else:
        print("The record stops before the end of the game.")
    return 0


def _record_game(text: str) -> str:
    """The name of the game a record's text names; The Princes of Florence's when it names none."""
    if not text.lstrip().startswith("{"):
        return registry.DEFAULT  # the text form of records is The Princes of Florence's
    try:
        document = json.loads(text)
    except ValueError:
        return registry.DEFAULT  # the game's loader says what is wrong
    name = document.get("game") if isinstance(document, dict) else None
    return name if isinstance(name, str) and name in registry.names() else registry.DEFAULT


_GAME_HELP = "the game, by its registered name (default: %(default)s)"
_PLAY_PRINCES_ONLY = (
    "--hard-freedoms",
    "--choose-returned-order",
    "--muse-and-princess",
    "--cooperative-building",
    "--names",
)


def _cluster_flags(command: argparse.ArgumentParser) -> None:
    """``--scheduler`` and ``--local-cluster``: play on a Dask cluster (the distributed extra)."""
    where = command.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler", metavar="tcp://HOST:PORT", help="play on a running Dask scheduler's workers"
    )
    where.add_argument(
        "--local-cluster",
        type=int,
        metavar="N",
        help="play on a Dask LocalCluster of N worker processes on 127.0.0.1",
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    names = registry.names()
    parser = _Parser(prog="princes-of-florence")
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a seeded game between random bots and print it")
    play.add_argument("--game", choices=names, default=registry.DEFAULT, help=_GAME_HELP)
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=1)
    for name, text in _SWITCHES.items():
        play.add_argument(f"--{name.replace('_', '-')}", action="store_true", help=text)
    play.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an option of the game's configuration (repeatable; VALUE read as JSON if it can be)",
    )
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
        "--game", choices=names, help="the game (default: the one the record names, else princes)"
    )
    again.add_argument(
        "--player", type=int, metavar="PLAYER", help="show only what this player saw"
    )
    tour = sub.add_parser("tournament", help="play bots against each other, seats rotated")
    tour.add_argument("--game", choices=names, default=registry.DEFAULT, help=_GAME_HELP)
    tour.add_argument("--bots", required=True, help="one bot spec per seat, comma separated")
    tour.add_argument("--games", type=int, default=100, help="a multiple of the player count")
    tour.add_argument("--seed", type=int, default=0)
    tour.add_argument("--workers", type=int, default=1, help="processes to play in")
    tour.add_argument("--hidden-money", action="store_true", help="hide other players' money")
    tour.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="as for play"
    )
    _cluster_flags(tour)
    many = sub.add_parser("play-many", help="play seeded games into JSON-lines shards, resumable")
    many.add_argument("--game", choices=names, default=registry.DEFAULT, help=_GAME_HELP)
    many.add_argument("--bots", required=True, help="one bot spec per player, comma separated")
    many.add_argument("--games", type=int, required=True, help="how many games the output holds")
    many.add_argument("--out", required=True, metavar="DIR", help="the directory of the shards")
    many.add_argument("--shard", type=int, default=1000, metavar="N", help="games per file")
    many.add_argument("--seed", type=int, default=0)
    many.add_argument("--workers", type=int, default=1, help="processes to play in")
    many.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE", help="as for play"
    )
    _cluster_flags(many)
    bench = sub.add_parser("bench", help="measure the engine's speed")
    bench.add_argument("--game", choices=names, default=registry.DEFAULT, help=_GAME_HELP)
    bench.add_argument("--seconds", default="3", help="the time budget of each benchmark")
    bench.add_argument("names", nargs="*", metavar="NAME", help="benchmarks to run (default: all)")
    listing = sub.add_parser("catalog", help="list the reconstructed component data")
    listing.add_argument("--game", choices=names, default=registry.DEFAULT, help=_GAME_HELP)
    web = sub.add_parser("serve", help="serve games to play in the browser (the web extra)")
    web.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    web.add_argument("--port", type=int, default=8000)
    web.add_argument("--db", default="games.sqlite3", help="the SQLite file the games are kept in")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            try:
                from princes_of_florence.web import serve
            except ImportError as error:
                parser.exit(2, f"error: serve needs the web extra ({error.name} is missing)\n")
            return serve(args.host, args.port, args.db)
        if args.command == "replay":
            text = _read_record_file(args.record)
            game = registry.get(args.game or _record_game(text))
            if game.name != registry.DEFAULT:
                return _replay_any(game, text, args.player)
            return _replay(text, args.player)
        game = registry.get(args.game)
        princes = game.name == registry.DEFAULT
        if args.command == "play":
            options = _options(args.option)
            players = len(_bot_specs(args.bots)) if args.bots is not None else args.players
            if not princes:
                _princes_only(game, args, _PLAY_PRINCES_ONLY)
                return _play_any(
                    game, players, args.seed, options, args.bots, args.save, args.human
                )
            switches = {name: getattr(args, name) for name in _SWITCHES}
            config = game.make_config(players, args.seed, {**switches, **options})
            if args.names:
                config = attrs.evolve(config, names=tuple(args.names.split(",")))
            return _play(config, args.bots, args.human, args.save)
        if args.command == "tournament":
            if not princes:
                _princes_only(game, args, ("--hidden-money",))
            return tournament_main(
                args.bots,
                args.games,
                args.seed,
                args.workers,
                args.hidden_money,
                game=game.name,
                options=_options(args.option),
                scheduler=args.scheduler,
                local_cluster=args.local_cluster,
            )
        if args.command == "play-many":
            return play_many_main(
                args.bots,
                args.games,
                args.out,
                seed=args.seed,
                shard=args.shard,
                workers=args.workers,
                game=game.name,
                options=_options(args.option),
                scheduler=args.scheduler,
                local_cluster=args.local_cluster,
            )
        if args.command == "bench":
            if not princes:
                from princes_of_florence import protocol_bench

                return protocol_bench.main(
                    ["--seconds", str(args.seconds), *args.names],
                    game=game.name,
                    prog=f"{parser.prog} bench --game {game.name}",
                )
            from princes_of_florence import bench as bench_module

            return bench_module.main(
                ["--seconds", args.seconds, *args.names],
                prog=f"{parser.prog} bench",
                parser_class=_Parser,
            )
        return _catalog(game)
    except (PrincesOfFlorenceError, _Refused) as error:
        parser.exit(2, f"error: {_one_line(str(error))}\n")
    except EOFError:
        print()  # the question asked stays on a line of its own
        parser.exit(2, "error: the input ended before the game did\n")
    except UnicodeDecodeError as error:  # what the person typed (a file's is read above)
        print()
        parser.exit(2, f"error: the input is not UTF-8 text: {error.reason}\n")
    except BrokenPipeError:
        # The reader stopped early (``| head``): say nothing more, as other tools do.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
