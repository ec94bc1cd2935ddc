"""Firenze values as JSON documents, and back, validated, on the generic part of
:mod:`princes_of_florence.serialization`.

Every document is the library's envelope
(:class:`~princes_of_florence.serialization.envelope.Envelope`) naming the
schema, the kind and the game; a move or an event is tagged by its class name
in snake case (``"type":"place_brick"``), an enum is its value (a colour its
rank, ``1`` for yellow; a card its title), a tuple is an array::

    {"schema":"1.0","kind":"move","game":"firenze","data":{"type":"place_brick","tower":null,"colour":1}}

Loading checks the envelope, the JSON text (bounded, no key twice, no ``NaN``)
and every field's exact type, and for states every invariant the engine relies
on, so a malformed or tampered document raises
:class:`~princes_of_florence.firenze.errors.SerializationError` naming what is
wrong, with its path.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game
>>> state = new_game(FirenzeConfig(players=2, seed=5))
>>> load_state(dumps(state)) == state
True
>>> envelope = '{"schema":"1.0","kind":"move","game":"firenze","data":%s}'
>>> load_move(envelope % '{"type":"place_brick","tower":null,"colour":1}')
PlaceBrick(tower=None, colour=<Colour.Y: 1>)
>>> load_move(envelope % '{"type":"place_brick","tower":null,"colour":"Y"}')
Traceback (most recent call last):
...
princes_of_florence.firenze.errors.SerializationError: invalid move document: \
'Y' is not a Colour @ $.data.colour
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any, get_args

import attrs

from princes_of_florence.firenze import engine
from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.errors import (
    IllegalMoveError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.firenze.events import EVENT_TYPES, Event
from princes_of_florence.firenze.moves import EndPhase, Move
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import State
from princes_of_florence.serialization import converter, quick, records
from princes_of_florence.serialization.converter import TaggedUnion, Unions, union_members
from princes_of_florence.serialization.envelope import Envelope

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "ENVELOPE",
    "GAME_NAME",
    "MAX_DOCUMENT_CHARS",
    "MAX_RECORD_MOVES",
    "SCHEMA_VERSION",
    "UNIONS",
    "FirenzeRecord",
    "dumps",
    "load_config",
    "load_event",
    "load_events",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "replay",
]

GAME_NAME = "firenze"
"""The name every document carries (``"game"`` in the envelope), so that no other
game's document is read as Firenze's."""

SCHEMA_VERSION = "1.0"
"""The schema written; documents of the same major version are read."""

MAX_RECORD_MOVES = 50_000
"""The most moves a record read holds.

Random play runs to the turn limit (1,000 player turns, ruling ZR44) with about
12 moves a turn, some 12,000 moves; this is four times that, while reading stays
bounded."""

MAX_DOCUMENT_CHARS = 2_000_000
"""The longest document read, in characters: a record of :data:`MAX_RECORD_MOVES`
moves of 40 characters each (the library's limit,
:data:`~princes_of_florence.limits.MAX_DOCUMENT_CHARS`, is The Princes of Florence's)."""


@attrs.frozen
class FirenzeRecord:
    """A played game: its configuration and moves, with the result when it ended.

    Attributes:
        game: always ``"firenze"``.
        config: the configuration (with its seed: a record replays exactly).
        moves: every move, in order.
        scores: each player's final prestige, when the game ended.
        winners: the winners, when the game ended.
        truncated: whether the turn limit ended it (ruling ZR44).
    """

    config: FirenzeConfig
    moves: tuple[Move, ...]
    scores: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None
    truncated: bool | None = None
    game: str = GAME_NAME


_KINDS: tuple[tuple[str, Any], ...] = (
    ("state", State),
    ("view", PlayerView),
    ("config", FirenzeConfig),
    ("record", FirenzeRecord),
    ("move", Move),
    ("event", Event),
)
"""The kinds of document, each with the type it holds (``events``: a list of events)."""

ENVELOPE = Envelope(
    game=GAME_NAME,
    title="Firenze",
    schema=SCHEMA_VERSION,
    named=frozenset({*(kind for kind, _ in _KINDS), "events"}),
    name_required=True,
    error=SerializationError,
    max_chars=MAX_DOCUMENT_CHARS,
)
"""The envelope of Firenze's documents: every document names the game, and one
that does not is refused."""

UNIONS = Unions(
    tagged=(TaggedUnion(get_args(Move), "move"), TaggedUnion(get_args(Event), "event")),
    max_items=MAX_RECORD_MOVES,
)
"""How Firenze's moves and events are written: tagged by class (``"type":"place_brick"``)."""


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter, built and checked on first use (importing this module leaves
    cattrs unloaded)."""
    union: Any = Move  # mypy takes a union for a value, not a type
    return converter.checked_converter(UNIONS, EndPhase(), union)


@functools.cache
def _quick_reader(cls: Any) -> quick.Reader | None:
    """The quick reader of ``cls``, written out on first use (``None``: the converter reads)."""
    return quick.reader(cls, UNIONS)


_WRITERS = quick.Writers(_KINDS, UNIONS, (State, PlayerView, *get_args(Event)))
"""The quick writers of the kinds of document, written out on first use (a move or an
event with its tag); states, views and events are new for every move, checked in full."""


def _kind_and_data(obj: object) -> tuple[str, Any]:
    quickly = _WRITERS.data(obj)
    if quickly is not None:
        return quickly
    if isinstance(obj, tuple | list) and all(isinstance(e, EVENT_TYPES) for e in obj):
        return "events", _WRITERS.events_data(tuple(obj), Event, _converter, SerializationError)
    for kind, cls in _KINDS:  # the converter names what is wrong, or writes it
        if isinstance(obj, union_members(cls) or cls):
            converter.refuse_wrong_types(kind, obj, cls, UNIONS, SerializationError)
            return kind, _converter().unstructure(obj)
    raise SerializationError(f"cannot write a {type(obj).__name__} as a Firenze document")


def dumps(obj: object) -> str:
    """``obj`` (a configuration, state, view, move, event, list of events or record)
    as a JSON document.

    The text is compact and the same for the same value in every process.

    Raises:
        SerializationError: ``obj`` is none of these, or holds a value of a
            type its field does not declare (every such field named by its path).

    >>> dumps(EndPhase())
    '{"schema":"1.0","kind":"move","game":"firenze","data":{"type":"end_phase"}}'
    """
    kind, data = _kind_and_data(obj)
    return ENVELOPE.write(kind, data)


def unstructure(obj: object) -> Any:
    """``obj`` as JSON-ready data: the ``data`` that :func:`dumps` puts in the envelope.

    >>> unstructure(EndPhase())
    {'type': 'end_phase'}
    """
    return _kind_and_data(obj)[1]


def _load(text: str | bytes, kind: str, cls: Any) -> Any:
    data = ENVELOPE.read(text, kind)
    return quick.read(data, cls, kind, _quick_reader(cls), _converter, SerializationError)


def load_config(text: str | bytes) -> FirenzeConfig:
    """A configuration from its JSON document.

    Raises:
        SerializationError: not a valid Firenze configuration document (the
            reason of a :class:`~princes_of_florence.firenze.errors.ConfigError` included).
    """
    config: FirenzeConfig = _load(text, "config", FirenzeConfig)
    return config


def load_move(text: str | bytes) -> Move:
    """A move from its JSON document.

    Raises:
        SerializationError: not a valid Firenze move document.
    """
    move: Move = _load(text, "move", Move)
    return move


def load_event(text: str | bytes) -> Event:
    """An event from its JSON document.

    Raises:
        SerializationError: not a valid Firenze event document.
    """
    event: Event = _load(text, "event", Event)
    return event


def load_events(text: str | bytes) -> tuple[Event, ...]:
    """The events of a document of ``events`` (what a player saw of one move).

    Raises:
        SerializationError: not a valid Firenze events document.
    """
    events: tuple[Event, ...] = _load(text, "events", tuple[Event, ...])
    return events


def load_state(text: str | bytes) -> State:
    """A state from its JSON document, checked: only states the engine can play on.

    Raises:
        SerializationError: malformed JSON, a wrong shape, or a state that breaks an
            invariant (bricks, seals, cards), with the problem named.
    """
    state: State = _load(text, "state", State)
    problems = list(state_problems(state))
    n = state.config.players
    if len(state.players) != n:
        problems.append(f"{len(state.players)} players for a configuration of {n}")
    if not 0 <= state.active < n:
        problems.append(f"active player {state.active} is no seat")
    if problems:
        raise SerializationError("state: " + "; ".join(problems))
    return state


def load_view(text: str | bytes) -> PlayerView:
    """A view from its JSON document.

    Raises:
        SerializationError: not a valid Firenze view document, or the view of no seat.
    """
    view: PlayerView = _load(text, "view", PlayerView)
    if not 0 <= view.player < view.config.players:
        raise SerializationError(f"view: player {view.player} is no seat")
    return view


def load_record(text: str | bytes) -> FirenzeRecord:
    """A record from its JSON document; another game's record is refused.

    Raises:
        SerializationError: not a valid Firenze record document (a document
            that names another game, or none, is refused at ``$.game``).
    """
    record: FirenzeRecord = _load(text, "record", FirenzeRecord)
    if record.game != GAME_NAME:
        raise SerializationError(
            f"record: a Firenze record names the game {GAME_NAME!r}, not {record.game!r}"
            " @ $.data.game"
        )
    return record


# --------------------------------------------------------------------------
# Replay


@attrs.frozen
class _Claim:
    """What a record says of the game's end; a field it leaves out is ``None``."""

    scores: tuple[int, ...] | None
    winners: tuple[int, ...] | None
    truncated: bool | None

    def __str__(self) -> str:
        parts = [
            f"{name} {value}" for name, value in attrs.asdict(self).items() if value is not None
        ]
        return ", ".join(parts)


@attrs.frozen
class _Rules:
    """Firenze's engine as :func:`~princes_of_florence.serialization.records.replay` plays
    it, with the outcome told as ``claim`` tells it (only the fields the record gives)."""

    claim: _Claim

    def new_game(self, config: FirenzeConfig, /) -> State:
        return engine.new_game(config)

    def apply(self, state: State, move: Move, /) -> State:
        return engine.apply(state, move)

    def apply_with_events(self, state: State, move: Move, /) -> tuple[State, tuple[Event, ...]]:
        return engine.apply_with_events(state, move)

    def is_terminal(self, state: State, /) -> bool:
        return engine.is_terminal(state)

    def outcome(self, state: State, /) -> _Claim:
        result = engine.outcome(state)
        return _Claim(
            scores=None if self.claim.scores is None else result.totals,
            winners=None if self.claim.winners is None else result.winners,
            truncated=None if self.claim.truncated is None else result.truncated,
        )


def replay(record: FirenzeRecord) -> tuple[State, ...]:
    """Every state of the recorded game, the initial state first, each move checked.

    The moves are played by the library's generic
    :func:`~princes_of_florence.serialization.records.replay`; a result the
    record gives (scores, winners, whether the turn limit ended it) must be
    the replayed game's.

    Args:
        record: a configuration and its moves, with or without the result.

    Returns:
        ``len(record.moves) + 1`` states.

    Raises:
        SerializationError: ``record`` is no Firenze record; a move is illegal
            where it stands (the message gives its number, counted from 1, and
            the reason); or the record gives a result and the replayed game is
            not over, or ends otherwise.

    >>> from princes_of_florence.firenze import FirenzeConfig
    >>> record = FirenzeRecord(FirenzeConfig(players=2, seed=5), (EndPhase(),))
    >>> replay(record)
    Traceback (most recent call last):
    ...
    princes_of_florence.firenze.errors.SerializationError: move 1 of the record is illegal: \
illegal move EndPhase() by player 0: ...
    >>> len(replay(attrs.evolve(record, moves=())))
    1
    """
    if not isinstance(record, FirenzeRecord):
        raise SerializationError(f"expected a Firenze record, not {type(record).__name__}")
    claim = _Claim(record.scores, record.winners, record.truncated)
    claimed = None if claim == _Claim(None, None, None) else claim
    return records.replay(
        _Rules(claim),
        record.config,
        record.moves,
        claimed,
        error=SerializationError,
        illegal=(IllegalMoveError, InvalidMoveError),
    )
