"""JSON documents of Florenz: states, views, moves, events, configurations and
game records, on the generic part of :mod:`princes_of_florence.serialization`.

Every document is the library's envelope
(:class:`~princes_of_florence.serialization.envelope.Envelope`) naming the
schema, the kind and the game; moves and events are tagged by their class
name in snake case, enums are their values, tuples are arrays::

    {"schema":"1.0","kind":"move","game":"florenz","data":{"type":"send","location":4}}

Reading is bounded and strict, as for every game of the library: a document
too long, not UTF-8, nested too deeply, naming a key twice, holding ``NaN``,
a wrong type, an unknown field, or of another game or kind is refused with
this game's :class:`~princes_of_florence.florenz.errors.SerializationError`
naming the path of what is wrong; a state must also be one the engine can
play on (:func:`state_problems`).

>>> from princes_of_florence.florenz.engine import new_game
>>> state = new_game(GameConfig(players=3, seed=4))
>>> load_state(dumps(state)) == state
True
>>> envelope = '{"schema":"1.0","kind":"move","game":"florenz","data":%s}'
>>> load_move(envelope % '{"type":"send","location":4}')
Send(location=4)
>>> load_move(envelope % '{"type":"send","location":true}')
Traceback (most recent call last):
...
princes_of_florence.florenz.errors.SerializationError: invalid move document: \
expected an integer, not True @ $.data.location
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, get_args

import attrs

from princes_of_florence.florenz import engine
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import Outcome
from princes_of_florence.florenz.errors import FlorenzError, SerializationError
from princes_of_florence.florenz.events import Event
from princes_of_florence.florenz.ids import LOCATIONS, ChanceKind, Stage
from princes_of_florence.florenz.moves import Move, Send
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG, STROZZI, totals
from princes_of_florence.florenz.state import GameState
from princes_of_florence.serialization import converter, quick, records
from princes_of_florence.serialization.converter import TaggedUnion, Unions, union_members
from princes_of_florence.serialization.envelope import Envelope

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "ENVELOPE",
    "GAME_NAME",
    "SCHEMA_VERSION",
    "UNIONS",
    "GameRecord",
    "dumps",
    "load_config",
    "load_event",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "replay",
    "state_problems",
]

GAME_NAME = "florenz"
"""The name every document carries (``"game"`` in the envelope), as registered."""

SCHEMA_VERSION = "1.0"
"""The schema written; documents of the same major version are read."""


@attrs.frozen
class GameRecord:
    """A Florenz game: its configuration, its moves and, once over, its outcome."""

    config: GameConfig
    moves: tuple[Move, ...]
    outcome: Outcome | None = None
    game: str = GAME_NAME


_KINDS: tuple[tuple[str, Any], ...] = (
    ("state", GameState),
    ("view", PlayerView),
    ("config", GameConfig),
    ("record", GameRecord),
    ("move", Move),
    ("event", Event),
)
"""The kinds of document, each with the type it holds."""

ENVELOPE = Envelope(
    game=GAME_NAME,
    title="Florenz",
    schema=SCHEMA_VERSION,
    named=frozenset(kind for kind, _ in _KINDS),
    name_required=True,
    error=SerializationError,
)
"""The envelope of Florenz's documents: every document names the game, and
one that does not is refused."""

UNIONS = Unions(
    tagged=(TaggedUnion(get_args(Move), "move"), TaggedUnion(get_args(Event), "event")),
    int_members=True,  # a scandal card's arguments may hold a Medici for its number
)
"""How Florenz's moves and events are written: tagged by class (``"type":"send"``)."""


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter, built and checked on first use (importing this module leaves
    cattrs unloaded)."""
    union: Any = Move  # mypy takes a union for a value, not a type
    return converter.checked_converter(UNIONS, Send(4), union)


@functools.cache
def _quick_reader(cls: Any) -> quick.Reader | None:
    """The quick reader of ``cls``, written out on first use (``None``: the converter reads)."""
    return quick.reader(cls, UNIONS)


_WRITERS = quick.Writers(_KINDS, UNIONS, (GameState, PlayerView, *get_args(Event)))
"""The quick writers of the kinds of document, written out on first use (a move or an
event with its tag); states, views and events are new for every move, checked in full."""


def _kind_and_data(obj: object) -> tuple[str, Any]:
    quickly = _WRITERS.data(obj)
    if quickly is not None:
        return quickly
    for kind, cls in _KINDS:  # the converter names what is wrong, or writes it
        if isinstance(obj, union_members(cls) or cls):
            converter.refuse_wrong_types(kind, obj, cls, UNIONS, SerializationError)
            return kind, _converter().unstructure(obj)
    raise SerializationError(f"cannot write a {type(obj).__name__} as a Florenz document")


def dumps(obj: object) -> str:
    """``obj`` (a state, view, move, event, configuration or record) as a JSON document.

    The text is compact and the same for the same value in every process.

    Raises:
        SerializationError: ``obj`` is none of these, or holds a value of a
            type its field does not declare (every such field named by its path).

    >>> dumps(GameConfig(players=2, seed=1))[:64]
    '{"schema":"1.0","kind":"config","game":"florenz","data":{"player'
    """
    kind, data = _kind_and_data(obj)
    return ENVELOPE.write(kind, data)


def _load(text: str | bytes, kind: str, cls: Any) -> Any:
    data = ENVELOPE.read(text, kind)
    return quick.read(data, cls, kind, _quick_reader(cls), _converter, SerializationError)


def load_config(text: str | bytes) -> GameConfig:
    """A configuration from its document.

    Raises:
        SerializationError: not a valid Florenz configuration document (the
            reason of a :class:`~princes_of_florence.florenz.errors.ConfigError` included).
    """
    config: GameConfig = _load(text, "config", GameConfig)
    return config


def load_move(text: str | bytes) -> Move:
    """A move from its document.

    Raises:
        SerializationError: not a valid Florenz move document.
    """
    move: Move = _load(text, "move", Move)
    return move


def load_event(text: str | bytes) -> Event:
    """An event from its document.

    Raises:
        SerializationError: not a valid Florenz event document.
    """
    event: Event = _load(text, "event", Event)
    return event


def state_problems(state: GameState) -> list[str]:
    """What makes ``state`` one the engine cannot play on (empty if none)."""
    found: list[str] = []
    n = state.config.players
    family = CATALOG.raw.family
    if len(state.families) != n:
        found.append(f"families: {len(state.families)} for {n} players")
        return found
    if not 1 <= state.round <= family.rounds:
        found.append(f"round: {state.round} is not 1-{family.rounds}")
    by_location = (state.queues, state.cups, state.boast_tiles, state.spies, state.doormen)
    if any(len(entries) != 10 for entries in by_location):
        found.append(
            "queues, cups, boast_tiles, spies and doormen hold 10 entries (index 0 unused)"
        )
        return found
    if state.queues[0] or state.cups[0] != (-1, -1, -1) or state.spies[0] or state.doormen[0]:
        found.append("index 0 of queues, cups, spies and doormen is no location: it stays empty")
    if len(state.escorts) != len(CATALOG.paths):
        found.append(f"escorts: {len(state.escorts)} paths, not {len(CATALOG.paths)}")
        return found
    if state.stage not in (Stage.OVER, Stage.CHANCE) and not 0 <= state.player < n:
        found.append(f"player: {state.player} is no family")
    if not 0 <= state.start < n:
        found.append(f"start: {state.start} is no family")
    walking = [0] * n
    if state.walk is not None and not state.walk.between and 0 <= state.player < n:
        walking[state.player] = 1
    dealing = any(
        step.kind is not ChanceKind.CARD and step.kind is not ChanceKind.STROZZI_CARD
        for step in state.chance
    )  # explicit chance still deals the setup
    for index, board in enumerate(state.families):
        all_members, all_cups, all_guards = totals(state.config, index)
        pieces = [r for q in state.queues for f, r in q if f == index]
        members = len(pieces) + board.debutants + board.ladies + board.maestros
        if members + board.retired + walking[index] != all_members:
            found.append(f"families[{index}]: members do not add up to {all_members}")
        if min(board.debutants, board.ladies, board.maestros, board.retired) < 0:
            found.append(f"families[{index}]: a negative count of members")
        if not 0 <= board.time <= family.time_max:
            found.append(f"families[{index}].time: {board.time} is not 0-12")
        cups = sum(1 for c in state.cups for f in c if f == index)
        if board.cups + cups != all_cups:
            found.append(f"families[{index}].cups: cups do not add up to {all_cups}")
        guards = sum(
            1
            for crests in (state.escorts, state.spies, state.doormen)
            for crest in crests
            for f in crest
            if f == index
        )
        if board.guards + guards != all_guards:
            found.append(f"families[{index}].guards: guards do not add up to {all_guards}")
        planless = state.config.solo and index == STROZZI and not state.config.harder_plan
        if planless and board.plan != -1:
            found.append(f"families[{index}].plan: Strozzi has no plan card (rule F142)")
        elif not planless and not dealing and not 0 <= board.plan < len(CATALOG.raw.plans.cards):
            found.append(f"families[{index}].plan: no plan card {board.plan}")
        if len(board.hand) > family.hand_limit:
            found.append(f"families[{index}].hand: more than {family.hand_limit} cards")
    for location in LOCATIONS:
        queue = state.queues[location]
        if len(queue) > state.capacity:
            found.append(f"queues[{location}]: more petitioners than spaces")
        if any(not 0 <= f < n or r not in (1, 2, 3) for f, r in queue):
            found.append(f"queues[{location}]: a petitioner of no family or rank")
        elif [r for _, r in queue] != sorted((r for _, r in queue), reverse=True):
            found.append(f"queues[{location}]: not in rank order (rule F47)")
    if state.chance and not state.config.explicit_chance:
        found.append("chance: random steps wait only with explicit chance")
    if not dealing:
        if sorted(state.location_tiles) != list(LOCATIONS):
            found.append("location_tiles: not the nine locations")
        if sorted(state.time_tiles) != sorted(CATALOG.raw.time_tiles.values):
            found.append("time_tiles: not the eight time tiles")
        if len(set(state.carriages)) != 3 or not set(state.carriages) <= set(LOCATIONS):
            found.append("carriages: three different locations")
    cards = sum(map(len, state.decks)) + sum(map(len, state.discards))
    if cards + sum(len(f.hand) for f in state.families) != 36:
        found.append("scandal cards: do not add up to 36")
    if (state.stage is Stage.CHANCE) != bool(state.chance):
        found.append("chance: a chance node waits exactly when random steps wait")
    if state.stage is Stage.GIOVANNI and state.offer is None:
        found.append("offer: missing at Giovanni's decision")
    if state.stage in (Stage.HURRY, Stage.TRAVEL) and state.walk is None:
        found.append("walk: missing at a walk's decision")
    solo = state.strozzi
    if state.config.solo != (solo is not None):
        found.append("strozzi: present exactly in the solo game")
    elif solo is not None:
        if sorted(solo.deck + solo.discards) != list(range(1, 11)):
            found.append("strozzi: the deck and discards are not the ten cards")
        if len(solo.colours) != 10 or any(
            len(solo.colours[loc]) != len(state.queues[loc]) for loc in range(10)
        ):
            found.append("strozzi.colours: not one colour per queue piece")
        if state.stage is Stage.COLOUR and solo.card == -1:
            found.append("strozzi.card: missing at the colour decision")
    return found


def load_state(text: str | bytes) -> GameState:
    """A state from its document, checked: only states the engine can play on.

    Raises:
        SerializationError: malformed, or not a playable state (the problems named).
    """
    state: GameState = _load(text, "state", GameState)
    problems = state_problems(state)
    if problems:
        raise SerializationError("not a playable state: " + "; ".join(problems))
    return state


def load_view(text: str | bytes) -> PlayerView:
    """A view from its document.

    Raises:
        SerializationError: not a valid Florenz view document, or the view of no family.
    """
    view: PlayerView = _load(text, "view", PlayerView)
    if not -1 <= view.player < len(view.state.families):  # -1: a spectator
        raise SerializationError(f"view of no family: {view.player}")
    return view


def load_record(text: str | bytes) -> GameRecord:
    """A record from its document; a record of another game is refused.

    Raises:
        SerializationError: not a valid Florenz record document.
    """
    record: GameRecord = _load(text, "record", GameRecord)
    if record.game != GAME_NAME:
        raise SerializationError(f"expected a record of {GAME_NAME}, not {record.game!r}")
    return record


def replay(record: GameRecord, moves: Sequence[Move] | None = None) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial state first, each move checked.

    The generic :func:`~princes_of_florence.serialization.records.replay` plays
    the moves with this game's engine.

    Args:
        record: the record: its configuration and the outcome it claims, if any.
        moves: the moves to play instead of the record's own.

    Returns:
        One state more than there are moves.

    Raises:
        SerializationError: a move is illegal where it stands (the message gives
            its number, counted from 1, and the rule), or the record claims an
            outcome that the replayed game does not reach.

    >>> config = GameConfig(players=2, seed=3)
    >>> replay(GameRecord(config, (Send(1),)))
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.SerializationError: move 1 of the record is illegal: ...
    """
    played = record.moves if moves is None else moves
    return records.replay(
        engine,
        record.config,
        played,
        record.outcome,
        error=SerializationError,
        illegal=FlorenzError,
    )
