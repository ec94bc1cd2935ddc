"""Firenze values as JSON documents, and back, validated.

Every value (configuration, state, view, move, event, record) becomes a JSON
object; moves and events carry their class in ``kind``.  Loading checks the
structure and, for states, every invariant the engine relies on, so a tampered
document raises :class:`~princes_of_florence.firenze.errors.SerializationError`.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game
>>> state = new_game(FirenzeConfig(players=2, seed=5))
>>> load_state(dumps(state)) == state
True
>>> load_move('{"kind": "PlaceBrick", "tower": null, "colour": "Y"}')
PlaceBrick(tower=None, colour=<Colour.Y: 1>)
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import attrs
import cattrs
from cattrs.strategies import configure_tagged_union
from cattrs.v import format_exception

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.errors import ConfigError, SerializationError
from princes_of_florence.firenze.events import EVENT_TYPES, Event
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import MOVE_TYPES, Move
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import State
from princes_of_florence.limits import shorten

__all__ = [
    "GAME_NAME",
    "FirenzeRecord",
    "dumps",
    "load_config",
    "load_event",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
]

GAME_NAME = "firenze"
"""The name a record carries, so that no other game's record is read as Firenze's."""

T = TypeVar("T")


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


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_unstructure_hook(Colour, lambda colour: colour.name)
    converter.register_structure_hook(Colour, lambda value, _: _colour(value))
    converter.register_unstructure_hook(Step, lambda step: step.name)
    converter.register_structure_hook(Step, lambda value, _: _step(value))
    converter.register_unstructure_hook(Title, lambda title: title.value)
    converter.register_structure_hook(Title, lambda value, _: Title(value))
    converter.register_structure_hook(int, _int)
    converter.register_structure_hook(bool, _bool)
    converter.register_structure_hook(str, _str)
    configure_tagged_union(Move, converter, tag_name="kind", tag_generator=lambda c: c.__name__)
    configure_tagged_union(Event, converter, tag_name="kind", tag_generator=lambda c: c.__name__)
    return converter


def _int(value: object, _: object) -> int:
    if type(value) is not int:
        raise ValueError(f"expected an integer, not {value!r}")
    return value


def _bool(value: object, _: object) -> bool:
    if type(value) is not bool:
        raise ValueError(f"expected true or false, not {value!r}")
    return value


def _str(value: object, _: object) -> str:
    if type(value) is not str:
        raise ValueError(f"expected a string, not {value!r}")
    return value


def _colour(value: object) -> Colour:
    if not isinstance(value, str) or value not in Colour.__members__:
        raise ValueError(f"{value!r} is not a colour letter")
    return Colour[value]


def _step(value: object) -> Step:
    if not isinstance(value, str) or value not in Step.__members__:
        raise ValueError(f"{value!r} is not a step")
    return Step[value]


_CONVERTER = _converter()


def _format(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


def dumps(obj: object) -> str:
    """``obj`` (any Firenze value) as a JSON document."""
    return json.dumps(unstructure(obj), ensure_ascii=False, separators=(",", ":"))


def _load(text: str | bytes, kind: type[T], what: str) -> T:
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError(f"{what}: not a JSON document ({error})") from None
    try:
        return _CONVERTER.structure(data, kind)
    except ConfigError as error:
        raise SerializationError(f"{what}: {error}") from None
    except Exception as error:  # cattrs gathers every problem in one group
        problems = cattrs.transform_error(error, path=what, format_exception=_format)
        raise SerializationError("; ".join(problems)) from None


def _load_union(text: str | bytes, union: Any, members: tuple[type, ...], what: str) -> Any:
    """:func:`_load` for a union of classes, tagged by ``kind``."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError(f"{what}: not a JSON document ({error})") from None
    names = [member.__name__ for member in members]
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in names:
        raise SerializationError(
            f"{what}: kind {kind!r} is none of the {what}s ({', '.join(names)})"
        )
    return _load(text, union, what)


def load_config(text: str | bytes) -> FirenzeConfig:
    """A configuration from its JSON document."""
    return _load(text, FirenzeConfig, "config")


def load_move(text: str | bytes) -> Move:
    """A move from its JSON document."""
    move: Move = _load_union(text, Move, MOVE_TYPES, "move")
    return move


def load_event(text: str | bytes) -> Event:
    """An event from its JSON document."""
    event: Event = _load_union(text, Event, EVENT_TYPES, "event")
    return event


def load_state(text: str | bytes) -> State:
    """A state from its JSON document, checked: only states the engine can play on.

    Raises:
        SerializationError: malformed JSON, a wrong shape, or a state that breaks an
            invariant (bricks, seals, cards), with the problem named.
    """
    state = _load(text, State, "state")
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
    """A view from its JSON document."""
    view = _load(text, PlayerView, "view")
    if not 0 <= view.player < view.config.players:
        raise SerializationError(f"view: player {view.player} is no seat")
    return view


def load_record(text: str | bytes) -> FirenzeRecord:
    """A record from its JSON document; another game's record is refused."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as error:
        raise SerializationError(f"record: not a JSON document ({error})") from None
    if not isinstance(data, dict):
        raise SerializationError(f"record: expected a JSON object, not {type(data).__name__} @ $")
    if "game" not in data:
        raise SerializationError(
            f"record: a Firenze record names its game ({GAME_NAME!r}); this one names none @ $.game"
        )
    game = data["game"]
    if game != GAME_NAME:
        raise SerializationError(
            f"record: this is a record of the game {shorten(game)}, not of Firenze "
            f"({GAME_NAME!r}): load it with that game's load_record @ $.game"
        )
    return _load(text, FirenzeRecord, "record")


def unstructure(obj: object) -> Any:
    """``obj`` as JSON-ready data (what :func:`dumps` writes); a move or an event
    carries its class in ``kind``."""
    if isinstance(obj, MOVE_TYPES):
        return _CONVERTER.unstructure(obj, unstructure_as=Move)
    if isinstance(obj, EVENT_TYPES):
        return _CONVERTER.unstructure(obj, unstructure_as=Event)
    return _CONVERTER.unstructure(obj)
