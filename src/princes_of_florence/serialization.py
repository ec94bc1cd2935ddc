"""JSON for every value a front end exchanges, text records, and replay.

This is the only module that imports cattrs, and it does so on first use, so
that importing the package does not load it.  One converter turns
:class:`~princes_of_florence.GameState`, :class:`~princes_of_florence.observation.PlayerView`,
every move, every event, :class:`~princes_of_florence.GameConfig` and :class:`GameRecord` into
JSON and back.

Every document is an envelope naming the schema version and what it holds::

    {"schema":"1.1","kind":"move","data":{"type":"bid","amount":300}}

* ``kind`` is one of ``state``, ``view``, ``move``, ``event``, ``events``,
  ``config`` and ``record``.
* Moves, events and pending decisions are tagged unions: an object whose
  ``"type"`` is the class name in snake case (``bid``, ``return_person``,
  ``card_kept``, ``card_choice``), followed by the fields in declaration
  order.
* Enums are their values (``"poet"``, ``"B07"``, ``"auction"``); tuples are
  arrays; ``None`` is ``null``.  Tile masks are the integers of
  :mod:`princes_of_florence.geometry`.
* Output is compact (no spaces) and deterministic: the same value gives the
  same bytes in every process, whatever ``PYTHONHASHSEED`` says.
* A reader of schema 1.x reads every 1.x document whose fields it knows; a
  document of another major version is rejected.
* A record names its game in the envelope, ``"game":"princes"`` (the
  library holds several games, :mod:`princes_of_florence.games`).  A
  document that names another game is refused with the game it names; a
  document without the field (every record written before it existed) is
  The Princes of Florence's.

Loading validates at the edge and never returns a half-built object: a
malformed document, a wrong type, a missing or unknown field, an unknown
tag or enum value raises :class:`~princes_of_florence.SerializationError` naming the JSON path of
each bad field; a state must also pass
:func:`~princes_of_florence.rules.invariants.state_problems`, and a view must
be one that some state shows.

>>> from princes_of_florence.moves import Bid
>>> dumps(Bid(300))
'{"schema":"1.1","kind":"move","data":{"type":"bid","amount":300}}'
>>> load_move('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":"300"}}')
Traceback (most recent call last):
...
princes_of_florence.errors.SerializationError: invalid move document: ... @ $.data.amount

A :class:`GameRecord` is a configuration and its moves, optionally with the
outcome; it also has a text form (:func:`~princes_of_florence.record_to_text`) of header lines
and one move per line in notation, and :func:`~princes_of_florence.replay` rebuilds every state.
"""

from __future__ import annotations

import contextlib
import functools
import json
import operator
import random
import re
import types
from collections.abc import Callable, Iterator, Sequence
from enum import Enum, StrEnum
from typing import TYPE_CHECKING, Any, TypeVar, Union, cast, get_args, get_origin, get_type_hints

import attrs

from princes_of_florence.config import GameConfig, default_names
from princes_of_florence.engine import (
    _has_legal_move,
    apply,
    apply_with_events,
    is_terminal,
    new_game,
    outcome,
)
from princes_of_florence.errors import (
    ConfigError,
    IllegalMoveError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.events import Event
from princes_of_florence.frozen import share_copies
from princes_of_florence.geometry import FULL_MASK
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
)
from princes_of_florence.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_ERRORS,
    MAX_ITEMS,
    MAX_MONEY,
    MAX_NOTATION_CHARS,
    MAX_NUMBER_DIGITS,
    MAX_PRESTIGE,
    shorten,
)
from princes_of_florence.moves import Move, parse_move
from princes_of_florence.observation import (
    PlayerView,
    PublicPlayer,
    ViewPending,
    determinize,
    observe,
)
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    GameState,
    Pending,
    Principality,
    TurnState,
)

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "GAME_NAME",
    "SCHEMA_VERSION",
    "Comment",
    "GameRecord",
    "MAX_COMMENT_CHARS",
    "ReplayStep",
    "dumps",
    "json_backend",
    "load_config",
    "load_event",
    "load_events",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "record_from_text",
    "record_to_text",
    "record_problems",
    "replay",
    "replay_events",
]

GAME_NAME = "princes"
"""The name this game's records carry (``"game"`` in the envelope), as registered."""

SCHEMA_VERSION = "1.1"
"""The schema written; documents of the same major version are read.

1.1 added the Merchant's choice and the Professor offered at once (the moves
``merchant_free``, ``merchant_pay``, ``professor_later``, the pending
``merchant_offer`` and ``professor_offer``, and the characters'
``face_down``), and the name of the game in a record's envelope (``game``);
every 1.0 document reads as before, ``face_down`` empty, a record without
``game`` The Princes of Florence's."""

_MAJOR = int(SCHEMA_VERSION.split(".")[0])
_TAG = "type"


@attrs.frozen
class Comment:
    """A remark kept with a record, after one of its moves.

    Attributes:
        move: the number of the move it follows, counted from 1.
        text: the remark, one line of at most
            :data:`~princes_of_florence.serialization.MAX_COMMENT_CHARS` characters.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move
        >>> note = Comment(move=1, text="A bold start.")
        >>> moves = (parse_move("return architect"),)
        >>> record = GameRecord(GameConfig(players=3, seed=1), moves, comments=(note,))
        >>> record_to_text(record).splitlines()[-1]
        '; A bold start.'
    """

    move: int
    text: str


MAX_COMMENT_CHARS = 500
"""The longest comment a record holds."""


@attrs.frozen
class GameRecord:
    """A whole game as data: the configuration and every move, in order, with what people keep.

    The players' names are the configuration's
    (:attr:`~princes_of_florence.GameConfig.names`).
    Records written before ``date``, ``engine`` and ``comments`` existed
    load with those empty.

    Attributes:
        config: the configuration, seed and names included; with the moves it
            fixes every state of the game.
        moves: the moves in the order they were played.
        outcome: the final result, if the record claims one; :func:`~princes_of_florence.replay`
            checks it.
        date: when the game was played, an ISO 8601 date (``2026-11-25``)
            or date and time, or ``None``.
        engine: the version of this package that played it, or ``None``.
        comments: remarks after moves, in move order.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move
        >>> record = GameRecord(
        ...     config=GameConfig(players=3, seed=1, names=("Anna", "Ben", "Carla")),
        ...     moves=(parse_move("return architect"),),
        ...     comments=(Comment(1, "Anna keeps the painter."),),
        ... )
        >>> print(record_to_text(record))
        # schema 1.1
        # players 3
        # seed 1
        # start_player 0
        # hidden_money false
        # names Anna | Ben | Carla
        return architect
        ; Anna keeps the painter.
    """

    config: GameConfig
    moves: tuple[Move, ...] = ()
    outcome: Outcome | None = None
    date: str | None = None
    engine: str | None = None
    comments: tuple[Comment, ...] = ()


@attrs.frozen
class ReplayStep:
    """One move of a replayed record: see :func:`replay_events`.

    Attributes:
        number: the move's number, counted from 1.
        move: the move.
        before: the state it was played in.
        events: what happened, in order.
        after: the state it left.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move, describe
        >>> record = GameRecord(GameConfig(players=3, seed=1), (parse_move("return architect"),))
        >>> step = next(replay_events(record))
        >>> step.number, str(step.move), [describe(event, step.after) for event in step.events]
        (1, 'return architect', ['Player 1 returns the architect.'])
    """

    number: int
    move: Move
    before: GameState
    events: tuple[Event, ...]
    after: GameState


# --------------------------------------------------------------------------
# The converter


class _Invalid(ValueError):
    """A bad value found while structuring; its text is the whole message."""


def _kind_of(value: object) -> str:
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if type(value) in names:
        return names[type(value)]
    return "a number"


def _snake(name: str) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def _members(union: Any) -> tuple[Any, ...] | None:
    """The members of a union type, or ``None`` for any other type."""
    if get_origin(union) in (Union, types.UnionType):
        return get_args(union)
    return None


_LARGEST = 2**64
"""No integer in a document is this large, or as large negated (seeds are below it)."""


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise _Invalid(f"expected an integer, not {shorten(value)}")
    if not -_LARGEST < value < _LARGEST:
        raise _Invalid(f"{shorten(value)} is out of range")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise _Invalid(f"expected true or false, not {shorten(value)}")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise _Invalid(f"expected a string, not {_kind_of(value)}")
    return value


def _is_tuple(kind: Any) -> bool:
    origin: Any = get_origin(kind)
    return origin is tuple


def _is_enum(cls: Any) -> bool:
    return isinstance(cls, type) and issubclass(cls, Enum)


def _structure_enum(value: object, cls: type[Enum]) -> Enum:
    try:
        return cls(value)
    except (ValueError, TypeError):  # TypeError: an unhashable value
        raise _Invalid(f"{shorten(value)} is not a {cls.__name__}") from None


def _choose_enum(value: object, kinds: Sequence[type[Enum]], what: str) -> Enum:
    for kind in kinds:
        try:
            return kind(value)
        except (ValueError, TypeError):  # TypeError: an unhashable value
            continue
    raise _Invalid(f"{shorten(value)} is not a {what}")


_CARD_KINDS: tuple[type[Enum], ...] = (PersonId, BonusCardId, PrestigeCardId)
_TILE_KINDS: tuple[type[Enum], ...] = (Building, Landscape)
_DEAL_KINDS: tuple[type[Enum], ...] = (*_CARD_KINDS, Freedom)
"""What chance deals: a card or a freedom tile (:class:`~princes_of_florence.moves.Deal`)."""


def _is_enum_union(union: Any, kinds: Sequence[type[Enum]]) -> bool:
    members = _members(union)
    return members is not None and set(members) - {type(None)} == set(kinds)


def _enum_union_hook(kinds: Sequence[type[Enum]], what: str) -> Callable[[Any], Any]:
    def factory(union: Any) -> Callable[[object, Any], Any]:
        optional = type(None) in get_args(union)

        def hook(value: object, _: Any) -> Enum | None:
            if value is None and optional:
                return None
            return _choose_enum(value, kinds, what)

        return hook

    return factory


def _is_card_tuples(union: Any) -> bool:
    """``tuple[PersonId, ...] | tuple[BonusCardId, ...] | tuple[PrestigeCardId, ...]``."""
    members = _members(union)
    if members is None:
        return False
    shown = {m for m in members if m is not type(None)}
    return shown == {tuple[kind, ...] for kind in _CARD_KINDS}  # type: ignore[valid-type]


def _structure_items(
    value: object, kinds: Sequence[Any], whole: Any, conv: cattrs.Converter
) -> list[Any]:
    """Structure the items of a JSON array, each path noted for error messages."""
    from cattrs.errors import IterableValidationError, IterableValidationNote

    if not isinstance(value, list):
        raise _Invalid(f"expected an array, not {_kind_of(value)}")
    if len(value) > MAX_ITEMS:
        raise _Invalid(f"an array of {len(value)} items; at most {MAX_ITEMS}")
    errors: list[Exception] = []
    result = []
    for index, (item, kind) in enumerate(zip(value, kinds, strict=False)):
        try:
            result.append(conv.get_structure_hook(kind)(item, kind))
        except Exception as error:
            note = IterableValidationNote(f"Structuring {whole} @ index {index}", index, kind)
            error.__notes__ = [*getattr(error, "__notes__", []), note]
            errors.append(error)
            if len(errors) == MAX_ERRORS:  # enough to say what is wrong
                break
    if errors:
        raise IterableValidationError(f"While structuring {whole!r}", errors, whole)
    return result


def _card_tuples_hook(conv: cattrs.Converter) -> Callable[[Any], Any]:
    card = PersonId | BonusCardId | PrestigeCardId

    def factory(union: Any) -> Callable[[object, Any], Any]:
        optional = type(None) in get_args(union)

        def hook(value: object, _: Any) -> tuple[Enum, ...] | None:
            if value is None and optional:
                return None
            kinds = [card] * (len(value) if isinstance(value, list) else 0)
            cards = _structure_items(value, kinds, union, conv)
            if len({type(c) for c in cards}) > 1:
                raise _Invalid("the cards shown must all come from one deck")
            return tuple(cards)

        return hook

    return factory


def _tuple_hook(conv: cattrs.Converter) -> Callable[[Any], Any]:
    def factory(whole: Any) -> Callable[[object, Any], tuple[Any, ...]]:
        args = get_args(whole)
        if len(args) == 2 and args[1] is Ellipsis:

            def homogeneous(value: object, _: Any) -> tuple[Any, ...]:
                kinds = [args[0]] * (len(value) if isinstance(value, list) else 0)
                return tuple(_structure_items(value, kinds, whole, conv))

            return homogeneous

        def fixed(value: object, _: Any) -> tuple[Any, ...]:
            if isinstance(value, list) and len(value) != len(args):
                raise _Invalid(f"expected an array of {len(args)} items, not {len(value)}")
            return tuple(_structure_items(value, args, whole, conv))

        return fixed

    return factory


def _attrs_hook(conv: cattrs.Converter) -> Callable[[Any], Any]:
    from cattrs.gen import make_dict_structure_fn

    def factory(cls: Any) -> Callable[[object, Any], Any]:
        generated: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, conv)
        names = frozenset(field.name for field in attrs.fields(cls))

        def hook(value: object, _: Any) -> Any:
            if not isinstance(value, dict):
                raise _Invalid(f"expected an object, not {_kind_of(value)}")
            if len(value) > len(names):  # said briefly, however many there are
                extra = sorted(key for key in value if key not in names)
                shown = ", ".join(key[:40] for key in extra[:MAX_ERRORS])
                more = f" and {len(extra) - MAX_ERRORS} more" if len(extra) > MAX_ERRORS else ""
                raise _Invalid(f"extra fields found ({shown}{more})")
            return generated(value, cls)

        return hook

    return factory


_OLD_NAMES = {("recruit", "seat"): "from_player", ("person_recruited", "seat"): "from_player"}
"""Fields renamed since schema 1.0 was first written: ``(tag, old name): new name``."""


def _renamed(tag: str, key: str, value: dict[str, Any]) -> str:
    """The current name of field ``key`` of a ``tag`` object, read from older documents."""
    new = _OLD_NAMES.get((tag, key))
    return key if new is None or new in value else new


def _tagged_hooks(conv: cattrs.Converter, members: tuple[type, ...], what: str) -> None:
    """Structure and unstructure the union of ``members`` with a ``"type"`` tag."""
    from cattrs.gen import make_dict_unstructure_fn

    by_tag: dict[str, type] = {}
    for cls in members:
        tag = _snake(cls.__name__)
        by_tag[tag] = cls
        generated: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv)

        def unstructure(obj: Any, _tag: str = tag, _gen: Any = generated) -> dict[str, Any]:
            return {_TAG: _tag, **_gen(obj)}

        conv.register_unstructure_hook(cls, unstructure)
    known = ", ".join(sorted(by_tag))
    a_what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}"

    def is_it(union: Any) -> bool:
        found = _members(union)
        return found is not None and set(found) - {type(None)} == set(members)

    def factory(union: Any) -> Callable[[object, Any], Any]:
        optional = type(None) in get_args(union)

        def hook(value: object, _: Any) -> Any:
            if value is None and optional:
                return None
            if not isinstance(value, dict):
                raise _Invalid(
                    f"expected {a_what} (an object with a {_TAG!r} tag), not {_kind_of(value)}"
                )
            tag = value.get(_TAG)
            if tag is None:
                raise _Invalid(f"{a_what} needs a {_TAG!r} tag (one of {known})")
            cls = by_tag.get(tag) if isinstance(tag, str) else None
            if cls is None:
                raise _Invalid(f"unknown {what} tag {shorten(tag)}; expected one of {known}")
            body = {_renamed(tag, key, value): item for key, item in value.items() if key != _TAG}
            return conv.get_structure_hook(cls)(body, cls)

        return hook

    conv.register_structure_hook_factory(is_it, factory)


def _make_converter() -> cattrs.Converter:
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    # Class hooks dispatch on the MRO: StrEnum comes before str in the MRO of
    # PersonId, so registering StrEnum as well keeps string enums strict.
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(StrEnum, _structure_enum)
    conv.register_structure_hook(Enum, _structure_enum)
    conv.register_unstructure_hook_func(_is_enum, lambda member: member.value)
    conv.register_structure_hook_factory(_is_tuple, _tuple_hook(conv))
    conv.register_structure_hook_factory(attrs.has, _attrs_hook(conv))
    conv.register_structure_hook_factory(
        lambda t: _is_enum_union(t, _CARD_KINDS), _enum_union_hook(_CARD_KINDS, "card")
    )
    conv.register_structure_hook_factory(
        lambda t: _is_enum_union(t, _TILE_KINDS), _enum_union_hook(_TILE_KINDS, "tile")
    )
    conv.register_structure_hook_factory(
        lambda t: _is_enum_union(t, _DEAL_KINDS),
        _enum_union_hook(_DEAL_KINDS, "card or freedom"),
    )
    conv.register_structure_hook_factory(_is_card_tuples, _card_tuples_hook(conv))
    _tagged_hooks(conv, get_args(Move), "move")
    _tagged_hooks(conv, get_args(Event), "event")
    _tagged_hooks(conv, get_args(Pending), "pending decision")
    _tagged_hooks(conv, get_args(ViewPending), "pending decision")
    return conv


def _dependency_error(error: Exception) -> ImportError:
    """An :class:`ImportError` saying the installed cattrs or attrs cannot read documents."""
    installed = ", ".join(f"{name} {_installed_version(name)}" for name in ("attrs", "cattrs"))
    wanted = ", ".join(_declared_requirements()) or "the versions in pyproject.toml"
    return ImportError(
        f"the installed {installed} cannot read or write documents "
        f"(princes-of-florence needs {wanted}): {type(error).__name__}: {error}"
    )


def _installed_version(name: str) -> str:
    from importlib import metadata

    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "(not installed)"


def _declared_requirements() -> list[str]:
    from importlib import metadata

    try:
        requirements = metadata.requires("princes-of-florence") or []
    except metadata.PackageNotFoundError:  # run from a source tree
        return []
    return [r for r in requirements if "extra ==" not in r]


@functools.cache
def _converter() -> cattrs.Converter:
    """The converter, built on first use so that importing the package leaves cattrs unloaded.

    It reads one small document before it is handed out: a cattrs or attrs too
    old (or too new) for these hooks then fails here, with an :class:`ImportError`
    naming the installed versions, instead of every document being reported
    as invalid.
    """
    from princes_of_florence.moves import Bid

    try:
        conv = _make_converter()
        union: Any = Move  # mypy takes a union for a value, not a type
        if conv.structure(conv.unstructure(Bid(300)), union) != Bid(300):
            raise ValueError("a bid of 300 did not survive a round trip")
    except Exception as error:
        raise _dependency_error(error) from error
    return conv


# --------------------------------------------------------------------------
# A quick reader for valid documents
#
# Servers load a state on every request, and almost every document they load
# is valid.  _quick() builds, from the same annotations the converter reads, a
# reader that accepts only what the converter accepts and builds the same
# value, several times faster; on anything it does not accept it gives up
# (raises _GiveUp) and the converter reads the document again, to name every
# problem with its path.  A type it has no reader for makes it return None:
# the converter then reads every such document.


class _GiveUp(Exception):
    """The quick reader does not accept the document; the converter reads it."""


_Reader = Callable[[Any], Any]


def _quick_scalar(kind: Any) -> _Reader | None:
    if kind is int:

        def read_int(value: Any) -> int:
            if type(value) is int and -_LARGEST < value < _LARGEST:
                return value
            raise _GiveUp

        return read_int
    if kind is bool or kind is str:

        def read_exact(value: Any) -> Any:
            if type(value) is kind:
                return value
            raise _GiveUp

        return read_exact
    return None


def _enum_table(kinds: Sequence[Any]) -> dict[str, Enum] | None:
    """The members of ``kinds`` by value, the first kind first, as the converter tries them.

    Only text values: a JSON value found in this table is exactly such a text
    (no number or ``true`` equals a text).
    """
    table: dict[str, Enum] = {}
    for kind in kinds:
        if not _is_enum(kind) or not all(type(m.value) is str for m in kind):
            return None
        for member in kind:
            table.setdefault(member.value, member)
    return table


def _enum_table_of(kind: Any) -> dict[str, Enum] | None:
    """The table of :func:`_enum_table` for an enum, or a union of enums read as one."""
    if _is_enum(kind):
        return _enum_table([kind])
    members = _members(kind)
    if members is None:
        return None
    for kinds in (_CARD_KINDS, _TILE_KINDS, _DEAL_KINDS):
        if set(members) == set(kinds):
            return _enum_table(kinds)
    return None


def _quick_enums(kinds: Sequence[Any]) -> _Reader | None:
    """A reader of members of ``kinds``, tried in order as the converter does."""
    table = _enum_table(kinds)
    if table is None:
        return None
    find = table.__getitem__

    def read_enum(value: Any) -> Any:
        try:
            return find(value)
        except (KeyError, TypeError):  # TypeError: an array or object
            raise _GiveUp from None

    return read_enum


def _quick_enum_tuple(kinds: Sequence[Any]) -> _Reader | None:
    """A reader of an array of members of ``kinds``, each looked up in C."""
    table = _enum_table(kinds)
    if table is None:
        return None
    find = table.__getitem__

    def read_enums(value: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) > MAX_ITEMS:
            raise _GiveUp
        try:
            return tuple(map(find, value))
        except (KeyError, TypeError):
            raise _GiveUp from None

    return read_enums


_BUILT_MAX = 64
"""How many validated instances (configurations) a quick reader keeps to reuse."""

_MISSING = object()
"""What a quick reader finds for a field the document leaves out."""


def _quick_attrs(cls: Any, tagged: bool = False) -> _Reader | None:
    """A reader of the attrs class ``cls``, written out as one function.

    The function checks and reads every field in turn, integers and enum
    members in line, other fields through their own readers, then builds the
    instance.  With ``tagged``, the object also holds the union's tag, which
    the caller has already looked up.
    """
    hints = get_type_hints(cls)
    fields = attrs.fields(cls)
    # A field whose default is made by a factory (GameConfig.names) is passed
    # to the class only when the document has it, so the class makes the default.
    made = {f.name for f in fields if isinstance(f.default, attrs.Factory)}  # type: ignore[arg-type]
    known = frozenset(f.name for f in fields) | ({_TAG} if tagged else set())
    scope: dict[str, Any] = {
        "_GiveUp": _GiveUp,
        "cls": cls,
        "known": known,
        "MISSING": _MISSING,
        "LARGEST": _LARGEST,
        "MAX_ITEMS": MAX_ITEMS,
        "new": object.__new__,
        "put": object.__setattr__,
    }
    lines = [
        "def read(value):",
        "    if type(value) is not dict or not value.keys() <= known:",
        "        raise _GiveUp",
        "    try:",
    ]
    for index, field in enumerate(fields):
        kind = hints[field.name]
        name = f"v{index}"
        if field.default is attrs.NOTHING:  # a missing key: the KeyError gives up
            lines.append(f"        {name} = value[{field.name!r}]")
            indent = "        "
        else:  # a missing key: MISSING (a default made by the class), or the default
            scope[f"default{index}"] = _MISSING if field.name in made else field.default
            lines += [
                "        try:",
                f"            {name} = value[{field.name!r}]",
                "        except KeyError:",
                f"            {name} = default{index}",
                "        else:",
            ]
            indent = "            "
        members = _members(kind)
        if members is not None and type(None) in members:  # optional: None as it is
            present = tuple(m for m in members if m is not type(None))
            lines.append(f"{indent}if {name} is not None:")
            indent += "    "
            kind = present[0] if len(present) == 1 else Union[present]  # noqa: UP007
        table = _enum_table_of(kind)
        items = get_args(kind)
        if kind is int:
            lines += [
                f"{indent}if type({name}) is not int or not -LARGEST < {name} < LARGEST:",
                f"{indent}    raise _GiveUp",
            ]
        elif kind is bool or kind is str:
            lines += [
                f"{indent}if type({name}) is not {kind.__name__}:",
                f"{indent}    raise _GiveUp",
            ]
        elif table is not None:  # a KeyError or TypeError (an array, an object) gives up
            scope[f"find{index}"] = table.__getitem__
            lines.append(f"{indent}{name} = find{index}({name})")
        elif _is_tuple(kind) and len(items) == 2 and items[1] is Ellipsis and items[0] is int:
            lines += [
                f"{indent}if type({name}) is not list or len({name}) > MAX_ITEMS:",
                f"{indent}    raise _GiveUp",
                f"{indent}for item in {name}:",
                f"{indent}    if type(item) is not int or not -LARGEST < item < LARGEST:",
                f"{indent}        raise _GiveUp",
                f"{indent}{name} = tuple({name})",
            ]
        elif (
            _is_tuple(kind)
            and len(items) == 2
            and items[1] is Ellipsis
            and _is_enum(items[0])
            and (table := _enum_table([items[0]])) is not None
        ):
            scope[f"find{index}"] = table.__getitem__
            lines += [
                f"{indent}if type({name}) is not list or len({name}) > MAX_ITEMS:",
                f"{indent}    raise _GiveUp",
                f"{indent}{name} = tuple(map(find{index}, {name}))",
            ]
        else:
            reader = _quick(kind)
            if reader is None:
                return None
            scope[f"read{index}"] = reader
            lines.append(f"{indent}{name} = read{index}({name})")
    if not fields:
        lines.append("        pass")
    lines += ["    except (KeyError, TypeError):", "        raise _GiveUp from None"]
    plain = (
        not made
        and "__slots__" not in vars(cls)
        and all(f.validator is None and f.converter is None and f.init for f in fields)
    )
    slotted = (
        not made
        and not plain
        and all(f.validator is None and f.converter is None and f.init for f in fields)
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "__attrs_pre_init__")
        and all(
            type(vars(cls).get(name)) is types.MemberDescriptorType
            for name in (*(f.name for f in fields), *getattr(cls, "__slots__", ()))
            if name != "__weakref__"
        )
    )
    if plain:  # as state.replace() does: the instance dictionary, set whole
        items_text = ", ".join(f"{f.name!r}: v{i}" for i, f in enumerate(fields))
        lines += [
            "    instance = new(cls)",
            f"    put(instance, '__dict__', {{{items_text}}})",
            "    return instance",
        ]
    elif slotted:  # each slot set through its descriptor, as __init__ would
        lines.append("    instance = new(cls)")
        for index, field in enumerate(fields):
            scope[f"set{index}"] = vars(cls)[field.name].__set__
            lines.append(f"    set{index}(instance, v{index})")
        lines.append("    return instance")
    else:
        if not all(f.init for f in fields):
            return None
        # Values of exact scalar types (checked above) make a key that equals
        # only the same values: a class whose validators see nothing else is
        # built once per key (a configuration repeats in every state).
        scalars = (int, bool, str, tuple[str, ...])
        if all(hints[f.name] in scalars for f in fields):
            key = ", ".join(f"v{i}" for i in range(len(fields)))
            built: dict[tuple[Any, ...], Any] | None = {}
            scope["built"] = built
            scope["BUILT_MAX"] = _BUILT_MAX
            lines += [
                f"    key = ({key},)",
                "    instance = built.get(key)",
                "    if instance is not None:",
                "        return instance",
            ]
        else:
            built = None
        arguments = ", ".join(f"{f.alias!r}: v{i}" for i, f in enumerate(fields))
        lines.append(f"    arguments = {{{arguments}}}")
        lines += [
            f"    if v{i} is MISSING:\n        del arguments[{f.alias!r}]"
            for i, f in enumerate(fields)
            if f.name in made
        ]
        lines += [
            "    try:",
            "        instance = cls(**arguments)",
            "    except Exception:  # a validator's error: the converter names it",
            "        raise _GiveUp from None",
        ]
        if built is not None:
            lines += ["    if len(built) < BUILT_MAX:", "        built[key] = instance"]
        lines.append("    return instance")
    exec("\n".join(lines), scope)  # source built above from the class's fields
    read: _Reader = scope["read"]
    return read


def _quick_tagged(members: Sequence[Any]) -> _Reader | None:
    readers: dict[str, _Reader] = {}
    for cls in members:
        reader = _quick_attrs(cls, tagged=True)
        if reader is None:
            return None
        readers[_snake(cls.__name__)] = reader

    def read_tagged(value: Any) -> Any:
        if type(value) is not dict:
            raise _GiveUp
        reader = readers.get(value.get(_TAG))  # type: ignore[arg-type]  # any JSON value
        if reader is None:
            raise _GiveUp
        return reader(value)  # the tag is known to the member's reader

    return read_tagged


_TAGGED_UNIONS: tuple[tuple[Any, ...], ...] = (
    get_args(Move),
    get_args(Event),
    get_args(Pending),
    get_args(ViewPending),
)


def _quick(kind: Any) -> _Reader | None:
    """A reader of ``kind`` that gives up on anything the converter would refuse."""
    scalar = _quick_scalar(kind)
    if scalar is not None:
        return scalar
    if _is_enum(kind):
        return _quick_enums([kind])
    members = _members(kind)
    if members is not None:
        optional = type(None) in members
        present = tuple(m for m in members if m is not type(None))
        inner = _quick_union(present)
        if inner is None:
            return None
        if not optional:
            return inner

        def read_optional(value: Any) -> Any:
            return None if value is None else inner(value)

        return read_optional
    if _is_tuple(kind):
        args = get_args(kind)
        if Ellipsis not in args:  # a fixed length, such as tuple[int, int]
            fixed = [_quick(arg) for arg in args]
            if any(reader is None for reader in fixed):
                return None
            readers = tuple(reader for reader in fixed if reader is not None)

            def read_fixed(value: Any) -> tuple[Any, ...]:
                if type(value) is not list or len(value) != len(readers):
                    raise _GiveUp
                return tuple([read(v) for read, v in zip(readers, value, strict=True)])

            return read_fixed
        if len(args) != 2 or args[1] is not Ellipsis:
            return None
        if _is_enum(args[0]):
            return _quick_enum_tuple([args[0]])
        item = _quick(args[0])
        if item is None:
            return None

        def read_tuple(value: Any) -> tuple[Any, ...]:
            if type(value) is not list or len(value) > MAX_ITEMS:
                raise _GiveUp
            return tuple([item(v) for v in value])

        return read_tuple
    if attrs.has(kind):
        return _quick_attrs(kind)
    return None


def _quick_union(members: tuple[Any, ...]) -> _Reader | None:
    if len(members) == 1:
        return _quick(members[0])
    if set(members) == set(_CARD_KINDS):
        return _quick_enums(_CARD_KINDS)
    if set(members) == set(_TILE_KINDS):
        return _quick_enums(_TILE_KINDS)
    if set(members) == set(_DEAL_KINDS):
        return _quick_enums(_DEAL_KINDS)
    for union in _TAGGED_UNIONS:
        if set(members) == set(union):
            return _quick_tagged(union)
    if set(members) == {tuple[kind, ...] for kind in _CARD_KINDS}:  # type: ignore[valid-type]
        read_any = _quick_enum_tuple(_CARD_KINDS)
        assert read_any is not None

        def read_cards(value: Any) -> tuple[Any, ...]:
            cards: tuple[Any, ...] = read_any(value)
            if len({type(c) for c in cards}) > 1:
                raise _GiveUp
            return cards

        return read_cards
    return None


_QUICK_KINDS = (GameState, PlayerView, GameConfig, GameRecord)
"""The kinds of document that have a quick reader."""


@functools.cache
def _quick_reader(cls: Any) -> _Reader | None:
    """The quick reader of documents of ``cls``, written out on first use.

    Writing the readers out costs a noticeable part of a second, so it waits
    for the first document rather than slowing down ``import``.
    """
    return _quick(cls) if cls in _QUICK_KINDS else None


# --------------------------------------------------------------------------
# A quick writer
#
# dumps() of a state or view, the other half of a server's round trip, builds
# the JSON value with a writer per class written out from the same annotations
# the converter reads: a field that JSON writes as it is (an integer, a text
# enum member, a tuple of them) is passed through, the rest through their own
# writers.  The text is the converter's, byte for byte (the tests compare them).


class _NoWriter(Exception):
    """A type the quick writer does not handle; the converter writes the document."""


_Writer = Callable[[Any], Any]


def _as_is(kind: Any) -> bool:
    """Whether JSON writes every value of ``kind`` as the converter writes it."""
    if kind in (int, bool, str, type(None)):
        return True
    if _is_enum(kind):  # a text enum member is written as its text
        return issubclass(kind, str) and all(member == member.value for member in kind)
    members = _members(kind)
    if members is not None:
        return all(_as_is(member) for member in members)
    if _is_tuple(kind):  # JSON writes a tuple as an array
        return all(_as_is(arg) for arg in get_args(kind) if arg is not Ellipsis)
    return False


class _Wrong(Exception):
    """A value of a type its field does not declare, met by a quick writer.

    :func:`dumps` then walks the value with :func:`_value_problems` to name it.
    """


def _quick_writer(kind: Any) -> _Writer | None:
    """A writer of ``kind``, or ``None`` where the value is written as it is.

    Every writer checks the type of what it writes (its own class, a tuple, an
    enum member) and raises :class:`_Wrong` on anything else; a field written
    as it is is checked by its class's writer (see :func:`_check_of`).
    """
    if _as_is(kind):
        return None
    if _is_enum(kind):  # a plain enum: its value, as the converter writes it
        if not all(type(member.value) in (str, int) for member in kind):
            raise _NoWriter(kind)

        def write_enum(member: Any) -> Any:
            if type(member) is not kind:
                raise _Wrong
            return member.value

        return write_enum
    members = _members(kind)
    if members is not None:
        present = tuple(m for m in members if m is not type(None))
        if len(present) == 1:
            inner = _quick_writer(present[0])
            assert inner is not None  # else the union is written as it is

            def write_optional(value: Any) -> Any:
                return None if value is None else inner(value)

            return write_optional if len(present) < len(members) else inner
        union = next((u for u in _TAGGED_UNIONS if set(present) == set(u)), None)
        if union is None:
            raise _NoWriter(kind)
        writers = {cls: _attrs_writer(cls, _snake(cls.__name__)) for cls in union}
        optional = len(present) < len(members)

        def write_tagged(value: Any) -> Any:
            if value is None and optional:
                return None
            writer = writers.get(type(value))
            if writer is None:
                raise _Wrong
            return writer(value)

        return write_tagged
    if _is_tuple(kind):
        args = get_args(kind)
        if len(args) != 2 or args[1] is not Ellipsis:
            raise _NoWriter(kind)
        item = _quick_writer(args[0])
        assert item is not None  # else the tuple is written as it is

        def write_items(value: Any) -> list[Any]:
            if type(value) is not tuple:
                raise _Wrong
            return [item(v) for v in value]

        return write_items
    if attrs.has(kind):
        return _attrs_writer(kind)
    raise _NoWriter(kind)


def _check_of(kind: Any, name: str, scope: dict[str, Any]) -> str:
    """Python source that is true when ``name`` holds a value of ``kind`` written as it is.

    Integers are checked to lie in the range of a document's integers.
    Constants it needs (enum classes, sets of them) are put in ``scope``.
    """
    if kind is int:
        return f"(type({name}) is int and -LARGEST < {name} < LARGEST)"
    if kind in (bool, str):
        return f"type({name}) is {kind.__name__}"
    if kind is type(None):
        return f"{name} is None"
    if _is_enum(kind):
        constant = f"k{len(scope)}"
        scope[constant] = kind
        return f"type({name}) is {constant}"
    members = _members(kind)
    if members is not None:
        enums = [m for m in members if _is_enum(m)]
        parts = [_check_of(m, name, scope) for m in members if not _is_enum(m)]
        if enums:
            constant = f"k{len(scope)}"
            scope[constant] = frozenset(enums)
            parts.append(f"type({name}) in {constant}")
        return "(" + " or ".join(parts) + ")"
    args = get_args(kind)
    if len(args) == 2 and args[1] is Ellipsis and (args[0] in (int, bool) or _is_enum(args[0])):
        # the item types checked in C, and the range of integers by the extremes
        constant = f"k{len(scope)}"
        scope[constant] = frozenset([args[0]])
        check = f"(type({name}) is tuple and {constant}.issuperset(map(type, {name}))"
        if args[0] is int:
            check += f" and (not {name} or (-LARGEST < min({name}) and max({name}) < LARGEST))"
        return check + ")"
    if len(args) == 2 and args[1] is Ellipsis:
        item = f"i{len(scope)}"
        scope[item] = None  # a name of its own for the generator's variable
        each = _check_of(args[0], item, scope)
        return f"(type({name}) is tuple and all({each} for {item} in {name}))"
    checks = " and ".join(_check_of(arg, f"{name}[{i}]", scope) for i, arg in enumerate(args))
    return f"(type({name}) is tuple and len({name}) == {len(args)} and {checks})"


_CHECKED_MAX = 4096
"""How many instances of one class a quick writer remembers as checked.

The values are frozen, and a state shares most of them with the state
before it (the players who did not move, their principalities, the
configuration): each is checked once, not on every :func:`dumps`.  The
instance itself is kept with its ``id``, so the ``id`` of a value gone is
never taken for another's.
"""


def _attrs_writer(cls: Any, tag: str | None = None) -> _Writer:
    """A writer of the attrs class ``cls``, its fields in order, after ``tag`` if given.

    It writes only an instance of exactly ``cls`` whose fields hold their
    declared types, and raises :class:`_Wrong` otherwise.
    """
    hints = get_type_hints(cls)
    checked: dict[int, Any] = {}
    scope: dict[str, Any] = {
        "cls": cls,
        "_Wrong": _Wrong,
        "LARGEST": _LARGEST,
        "checked": checked,
        "CHECKED_MAX": _CHECKED_MAX,
    }
    parts = [f"{_TAG!r}: {tag!r}"] if tag is not None else []
    lines = ["def write(value):", "    if type(value) is not cls:", "        raise _Wrong"]
    checks = []
    for index, field in enumerate(attrs.fields(cls)):
        kind = hints[field.name]
        lines.append(f"    f{index} = value.{field.name}")
        writer = _quick_writer(kind)
        if writer is None:
            checks.append(_check_of(kind, f"f{index}", scope))
            parts.append(f"{field.name!r}: f{index}")
        else:
            scope[f"write{index}"] = writer
            parts.append(f"{field.name!r}: write{index}(f{index})")
    if checks and cls in (GameState, PlayerView):  # made anew for every move: always checked
        lines += [f"    if not ({' and '.join(checks)}):", "        raise _Wrong"]
    elif checks:  # frozen values shared by many states: each instance checked once
        lines += [
            "    if checked.get(id(value)) is not value:",
            f"        if not ({' and '.join(checks)}):",
            "            raise _Wrong",
            "        if len(checked) >= CHECKED_MAX:",
            "            checked.clear()",
            "        checked[id(value)] = value",
        ]
    lines.append(f"    return {{{', '.join(parts)}}}")
    exec("\n".join(lines), scope)  # source built above from the class's fields
    write: _Writer = scope["write"]
    return write


def _writer_of(cls: type) -> _Writer | None:
    try:
        return _quick_writer(cls)
    except _NoWriter:
        return None


_WRITERS: dict[type, _Writer | None] = {}
"""The quick writers written out so far, by class (see :func:`_quick_writer_of`)."""


def _quick_writer_of(cls: type) -> _Writer | None:
    """The quick writer of states or views, written out on first use (see :func:`_quick_reader`)."""
    try:
        return _WRITERS[cls]
    except KeyError:
        writer = _WRITERS[cls] = _writer_of(cls) if cls in (GameState, PlayerView) else None
        return writer


# --------------------------------------------------------------------------
# Documents

_EVENT_CLASSES: tuple[type, ...] = get_args(Event)
_MOVE_CLASSES: tuple[type, ...] = get_args(Move)


def _kind_and_data(obj: object) -> tuple[str, Any]:
    write = _quick_writer_of(type(obj))
    if write is not None:
        kind = "state" if type(obj) is GameState else "view"
        try:
            return kind, write(obj)
        except Exception:  # _Wrong, or what a value of another type raised
            _refuse_to_write(kind, obj, type(obj))
            raise  # the walk found nothing wrong: a fault of the writer itself
    conv = _converter()
    kinds: tuple[tuple[str, Any], ...] = (
        ("state", GameState),
        ("view", PlayerView),
        ("record", GameRecord),
        ("config", GameConfig),
        ("move", Move),
        ("event", Event),
    )
    for kind, cls in kinds:
        if isinstance(obj, _members(cls) or cls):
            _refuse_to_write(kind, obj, cls)
            return kind, conv.unstructure(obj)
    if isinstance(obj, tuple | list) and all(isinstance(e, _EVENT_CLASSES) for e in obj):
        _refuse_to_write("events", tuple(obj), tuple[Event, ...])
        return "events", [conv.unstructure(e) for e in obj]
    raise TypeError(f"cannot serialize {type(obj).__name__}")


def _refuse_to_write(kind: str, value: object, cls: Any) -> None:
    """Raise :class:`SerializationError` naming each field of ``value`` of a wrong type."""
    problems: list[str] = []
    _value_problems(value, cls, "$.data", problems)
    if problems:
        raise SerializationError(f"cannot write the {kind}: {_listed(problems)}")


def _type_name(kind: Any) -> str:
    """How a message names the type ``kind``."""
    names = {int: "an integer", bool: "true or false", str: "text", type(None): "None"}
    if kind in names:
        return names[kind]
    members = _members(kind)
    if members is not None:
        present = set(members) - {type(None)}
        unions = (
            ("a move", Move),
            ("an event", Event),
            ("a pending decision", Pending),
            ("a pending decision", ViewPending),
        )
        union = next((name for name, u in unions if present == set(get_args(u))), None)
        named = [union] if union else [_type_name(m) for m in members if m is not type(None)]
        return " or ".join(named + (["None"] if len(present) < len(members) else []))
    if _is_tuple(kind):
        return "a tuple"
    name = getattr(kind, "__name__", str(kind))
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _value_name(value: object) -> str:
    """How a message names a value of the wrong type: its type and a short ``repr``."""
    return "None" if value is None else f"{type(value).__name__} {shorten(value)}"


def _fits(value: object, kind: Any) -> bool:
    """Whether ``value`` is of the outer type of ``kind`` (its items are checked later)."""
    if kind is type(None):
        return value is None
    if _is_tuple(kind):
        return type(value) is tuple
    return type(value) is kind


def _value_problems(value: object, kind: Any, path: str, problems: list[str]) -> None:
    """Add to ``problems`` every part of ``value`` that is not of its declared type ``kind``.

    Types are exact, as the loaders read them: an ``int`` (within the range of
    a document's integers) and not a ``bool`` or a ``float``, a member of the
    enum, a ``tuple`` and not a ``list``, an instance of the very class.

    >>> from princes_of_florence.moves import Bid
    >>> found: list[str] = []
    >>> _value_problems(Bid(300.0), Move, "$.data", found)
    >>> found
    ['expected an integer, not float 300.0 @ $.data.amount']
    """
    if len(problems) >= MAX_ERRORS:
        return
    members = _members(kind)
    if members is not None:
        fitting = [member for member in members if _fits(value, member)]
        if not fitting:
            problems.append(
                f"expected {_type_name(kind)}, not {type(value).__name__} {shorten(value)} @ {path}"
            )
            return
        found: list[str] = []
        for member in fitting:  # several fit only for tuples of one deck's cards or another's
            found = []
            _value_problems(value, member, path, found)
            if not found:
                return
        problems += found
        return
    if not _fits(value, kind):
        problems.append(f"expected {_type_name(kind)}, not {_value_name(value)} @ {path}")
    elif kind is int and not -_LARGEST < cast("int", value) < _LARGEST:
        problems.append(f"{shorten(value)} is out of range @ {path}")
    elif _is_tuple(kind):
        args = get_args(kind)
        items = cast("tuple[Any, ...]", value)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(items)
        elif len(items) != len(args):
            problems.append(f"expected {len(args)} items, not {len(items)} @ {path}")
            return
        for index, (item, arg) in enumerate(zip(items, args, strict=True)):
            _value_problems(item, arg, f"{path}[{index}]", problems)
    elif attrs.has(kind):
        hints = get_type_hints(kind)
        for field in attrs.fields(kind):
            item = getattr(value, field.name, _MISSING)
            if item is _MISSING:
                problems.append(f"the field is missing @ {path}.{field.name}")
            else:
                _value_problems(item, hints[field.name], f"{path}.{field.name}", problems)


def dumps(obj: object) -> str:
    """The JSON document of a state, view, move, event, events, config or record.

    Args:
        obj: a :class:`~princes_of_florence.GameState`, a :class:`PlayerView`, a move, an event, a
            tuple or list of events, a :class:`~princes_of_florence.GameConfig` or a
            :class:`GameRecord`.

    Returns:
        Compact JSON, ``{"schema": ..., "kind": ..., "data": ...}``; the same
        value always gives the same text.

    Raises:
        TypeError: ``obj`` is none of these.
        SerializationError: ``obj`` holds a value of a type its field does not
            declare (a ``str`` or a ``float`` for an integer, a ``list`` for a
            tuple, ...) or an integer of 64 bits or more, which no loader
            would read back: every such field is named by its path.

    >>> from princes_of_florence import GameConfig
    >>> dumps(GameConfig(players=3, seed=9))
    '{"schema":"1.1","kind":"config","data":{"players":3,"seed":9,"start_player":0,\
"hidden_money":false,"choose_returned_order":false,"hard_freedoms":false,\
"muse_and_princess":false,"cooperative_building":false,"explicit_chance":false,\
"names":["Player 1","Player 2","Player 3"]}}'
    """
    kind, data = _kind_and_data(obj)
    if kind == "record":  # a record names its game
        return _encode({"schema": SCHEMA_VERSION, "kind": kind, "game": GAME_NAME, "data": data})
    return _encode({"schema": SCHEMA_VERSION, "kind": kind, "data": data})


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
"""The standard library's encoder of :func:`dumps`, built once rather than on every call."""


def json_backend() -> str:
    """The JSON library that :func:`dumps` and the loaders use first: ``"orjson"`` or ``"json"``.

    Installing the extra ``princes-of-florence[fast]`` adds `orjson
    <https://github.com/ijl/orjson>`_, which writes a state about six times
    faster than the standard library.  The documents are the same text
    either way, and every loader accepts and refuses exactly the same
    documents with the same messages: orjson's reading is kept only when
    writing back what it read gives the very same text (which a document
    naming a key twice never does); any other document, and any value
    orjson cannot write, goes to the standard library.  orjson is imported
    on first use, like cattrs.

    >>> json_backend() in ("orjson", "json")
    True
    """
    return "json" if _orjson() is None else "orjson"


@functools.cache
def _orjson() -> types.ModuleType | None:
    """The orjson module if the extra ``fast`` is installed, else ``None``."""
    try:
        import orjson
    except ImportError:  # without the extra, the standard library does it all
        return None
    return orjson


def _encode(document: Any) -> str:
    """``document`` as compact JSON: orjson's text if it is installed, else the standard's."""
    fast = _orjson()
    if fast is not None:
        with contextlib.suppress(fast.JSONEncodeError):  # an integer beyond 64 bits
            return cast("bytes", fast.dumps(document)).decode()
    return _ENCODER.encode(document)


def _decode(text: str) -> Any:
    """The value of the JSON ``text``; refusals are :data:`_DECODER`'s.

    orjson's value is taken only when ``text`` is exactly orjson's writing
    of it: then no key was repeated (orjson keeps the last of a repeated key,
    and no writing repeats one), and the standard library would have read
    the same value.  Everything else, malformed or not, is read by
    :data:`_DECODER`, which refuses repeated keys, ``NaN`` and ``Infinity``.
    """
    fast = _orjson()
    if fast is not None:
        try:
            raw = text.encode()
            value = fast.loads(raw)
            if fast.dumps(value) == raw:
                return value
        except (UnicodeEncodeError, fast.JSONDecodeError, fast.JSONEncodeError):
            pass  # not orjson's own text: the standard library decides
    return _DECODER.decode(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):  # a key given twice: name the first repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Invalid(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return result


def _no_constants(name: str) -> object:
    raise _Invalid(f"{name} is not a number JSON allows")


_DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
"""The one decoder of documents: repeated keys and ``NaN``/``Infinity`` refused."""


def _parse(text: str | bytes, kind: str) -> object:
    """The ``data`` of a document of ``kind``, after checking the envelope."""
    if isinstance(text, bytes | str) and len(text) > MAX_DOCUMENT_CHARS:
        raise SerializationError(
            f"the document has {len(text)} characters; at most {MAX_DOCUMENT_CHARS} are read"
        )
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as error:
            raise SerializationError(f"the document is not UTF-8: {error}") from None
    if not isinstance(text, str):
        raise SerializationError(f"a document must be text, not {type(text).__name__}")
    try:
        document = _decode(text)
    except json.JSONDecodeError as error:
        raise SerializationError(
            f"malformed JSON at line {error.lineno}, column {error.colno}: {error.msg}"
        ) from None
    except (_Invalid, RecursionError) as error:
        raise SerializationError(f"malformed JSON: {error}") from None
    except ValueError:  # the only other: an integer of more digits than Python reads
        raise SerializationError(
            f"malformed JSON: a number has too many digits (at most {MAX_NUMBER_DIGITS})"
        ) from None
    if not isinstance(document, dict):
        raise SerializationError(
            f"a document must be an object with schema, kind and data, not {_kind_of(document)}"
        )
    schema = document.get("schema")
    if schema is None:
        raise SerializationError("the document has no schema field @ $.schema")
    match = re.fullmatch(r"(\d{1,9})\.(\d{1,9})", schema) if isinstance(schema, str) else None
    if match is None:
        raise SerializationError(
            f"schema must be text like '1.0', not {shorten(schema)} @ $.schema"
        )
    if int(match.group(1)) != _MAJOR:
        raise SerializationError(
            f"schema {schema} is not supported: this version reads schema {_MAJOR}.x "
            f"(it writes {SCHEMA_VERSION}) @ $.schema"
        )
    extra = sorted(set(document) - {"schema", "kind", "game", "data"})
    if extra:
        raise SerializationError(f"unknown fields in the document: {', '.join(extra)} @ $")
    game = document.get("game", GAME_NAME)  # no name: written before records named their game
    if game != GAME_NAME:
        if not isinstance(game, str):
            raise SerializationError(f"game must be a game's name, not {shorten(game)} @ $.game")
        raise SerializationError(
            f"this is a {kind} of the game {shorten(game)}, not of The Princes of Florence "
            f"({GAME_NAME!r}): load it with that game's load_{kind} @ $.game"
        )
    if document.get("kind") != kind:
        raise SerializationError(
            f"expected a {kind} document, not kind {shorten(document.get('kind'))} @ $.kind"
        )
    if "data" not in document:
        raise SerializationError("the document has no data field @ $.data")
    return document["data"]


def _format(error: BaseException, kind: type | None) -> str:
    if isinstance(error, _Invalid | ConfigError):  # ConfigError: GameConfig's validators
        return str(error)
    from cattrs.v import format_exception

    return format_exception(error, kind)


_T = TypeVar("_T")


def _structure(data: object, cls: Any, kind: str) -> Any:
    quick = _quick_reader(cls)
    if quick is not None:
        try:
            return quick(data)
        except _GiveUp:
            pass  # the converter reads it again and names what is wrong
    import cattrs
    from cattrs.errors import ClassValidationError, IterableValidationError

    conv = _converter()
    try:
        return conv.structure(data, cls)
    except Exception as error:  # every failure of the document becomes a SerializationError
        broken = _not_the_documents_fault(error)
        if broken is error:  # a fault of the code or a dependency: shown as it is
            raise
        if broken is not None:
            raise broken from error
        if isinstance(error, ClassValidationError | IterableValidationError | _Invalid):
            messages = cattrs.transform_error(error, "$.data", _format)
        else:
            messages = [f"{type(error).__name__}: {str(error)[:200]} @ $.data"]
        raise SerializationError(f"invalid {kind} document: {_listed(messages)}") from None


def _not_the_documents_fault(error: BaseException) -> BaseException | None:
    """The first error under ``error`` that no document can cause, if any.

    A document's faults reach the converter's caller as the errors the hooks
    raise (:class:`_Invalid`, a validator's :class:`ConfigError`) or as the
    ``ValueError``, ``TypeError`` and ``KeyError`` of cattrs' own checks, all
    gathered in exception groups.  Anything else (an ``AttributeError`` of a
    changed cattrs API, say) is a bug or a broken install, and is raised as
    it is rather than reported as an invalid document.
    """
    from cattrs.errors import ForbiddenExtraKeysError

    if isinstance(error, BaseExceptionGroup):
        for inner in error.exceptions:
            found = _not_the_documents_fault(inner)
            if found is not None:
                return found
        return None
    expected = ValueError | TypeError | KeyError | ForbiddenExtraKeysError | RecursionError
    return None if isinstance(error, expected) else error


def _listed(problems: Sequence[str]) -> str:
    """The first :data:`~princes_of_florence.limits.MAX_ERRORS` problems, and how many more."""
    shown = "; ".join(problems[:MAX_ERRORS])
    if len(problems) > MAX_ERRORS:
        shown += f"; and {len(problems) - MAX_ERRORS} more"
    return shown


def _load(text: str | bytes, kind: str, cls: type[_T]) -> _T:
    result: _T = _structure(_parse(text, kind), cls, kind)
    return result


def load_move(text: str | bytes) -> Move:
    """Read a move document.

    Raises:
        SerializationError: the document is not a valid move of schema 1.x.

    Example:
        >>> from princes_of_florence import Bid
        >>> dumps(Bid(700))
        '{"schema":"1.1","kind":"move","data":{"type":"bid","amount":700}}'
        >>> load_move(dumps(Bid(700)))
        Bid(amount=700)
    """
    move: Move = _structure(_parse(text, "move"), Move, "move")
    problem = _notation_problem(move)
    if problem is not None:
        raise SerializationError(f"invalid move document: {problem} @ $.data")
    return move


def _notation_problem(move: Move) -> str | None:
    """Why ``move`` has no notation that parses back to it, or ``None``.

    A move read from JSON must be one that :func:`parse_move` can produce
    (no negative amounts or seats, cells named and sorted as the notation
    writes them), so that a record's JSON and text forms hold the same moves.
    """
    try:
        again = parse_move(str(move))
    except InvalidMoveError as error:
        return str(error)
    if again != move:
        return f"{move!r} is written {str(move)!r}, which reads back as {again!r}"
    return None


def load_event(text: str | bytes) -> Event:
    """Read an event document.

    Raises:
        SerializationError: the document is not a valid event of schema 1.x.

    Example:
        >>> from princes_of_florence import BidMade
        >>> load_event(dumps(BidMade(player=1, amount=500)))
        BidMade(player=1, amount=500)
    """
    event: Event = _structure(_parse(text, "event"), Event, "event")
    return event


def load_events(text: str | bytes) -> tuple[Event, ...]:
    """Read a document holding a list of events.

    Raises:
        SerializationError: the document is not a valid event list of schema 1.x.

    Example:
        >>> from princes_of_florence import BidMade, Passed
        >>> events = (BidMade(player=1, amount=500), Passed(player=2))
        >>> load_events(dumps(events)) == events
        True
    """
    events: tuple[Event, ...] = _structure(_parse(text, "events"), tuple[Event, ...], "events")
    return events


def load_config(text: str | bytes) -> GameConfig:
    """Read a configuration document.

    Raises:
        SerializationError: the document is not a valid configuration (the
            reason of a :class:`ConfigError` included).

    Example:
        >>> from princes_of_florence import GameConfig
        >>> text = '{"schema": "1.0", "kind": "config", "data": {"players": 3, "seed": 9}}'
        >>> load_config(text) == GameConfig(players=3, seed=9)
        True
        >>> load_config(dumps(GameConfig(players=4, seed=9))).players
        4
    """
    return _load(text, "config", GameConfig)


def load_record(text: str | bytes) -> GameRecord:
    """Read a record document; :func:`~princes_of_florence.replay` checks its moves, not this.

    Raises:
        SerializationError: the document is not a valid record of schema 1.x.

    Example:
        >>> from princes_of_florence import GameConfig, parse_move
        >>> record = GameRecord(GameConfig(players=3, seed=1), (parse_move("return architect"),))
        >>> load_record(dumps(record)) == record
        True
        >>> len(replay(load_record(dumps(record))))
        2
    """
    record = _load(text, "record", GameRecord)
    for number, move in enumerate(record.moves, start=1):
        problem = _notation_problem(move)
        if problem is not None:
            raise SerializationError(
                f"invalid record document: move {number}: {problem} @ $.data.moves[{number - 1}]"
            )
    problems = record_problems(record)
    if problems:
        raise SerializationError(f"invalid record document: {_listed(problems)}")
    return record


_DATE = re.compile(r"\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]{1,30})?")


def record_problems(record: GameRecord) -> list[str]:
    """What is wrong with a record's date, engine version and comments (``[]``: nothing).

    The moves are checked by :func:`~princes_of_florence.replay`.

    >>> record_problems(GameRecord(GameConfig(players=3), date="yesterday"))
    ["date must be an ISO 8601 date such as 2026-11-25, not 'yesterday' @ $.data.date"]
    """
    problems = []
    if record.date is not None and not _DATE.fullmatch(record.date):
        problems.append(
            f"date must be an ISO 8601 date such as 2026-11-25, not {shorten(record.date)}"
            " @ $.data.date"
        )
    if record.engine is not None and not (
        0 < len(record.engine) <= MAX_NOTATION_CHARS and record.engine.isprintable()
    ):
        problems.append(f"engine must be a version such as 0.1.0, not {shorten(record.engine)}")
    last = 0
    for index, comment in enumerate(record.comments):
        at = f" @ $.data.comments[{index}]"
        if not last <= comment.move <= len(record.moves) or comment.move < 1:
            problems.append(
                f"a comment follows move {comment.move}: not a move of the record after the"
                f" comment before it (1 to {len(record.moves)}){at}"
            )
        elif not 0 < len(comment.text) <= MAX_COMMENT_CHARS or not comment.text.isprintable():
            problems.append(
                f"a comment is one printable line of 1 to {MAX_COMMENT_CHARS} characters,"
                f" not {shorten(comment.text)}{at}"
            )
        last = max(last, comment.move)
    return problems


def _cell_masks(principality: Principality) -> Iterator[tuple[int, str | int, int | None]]:
    """Every cell mask of ``principality`` and where it lies: a field's name, or a
    tile's index and, for a building shared with a neighbour, the side."""
    for name in ("palazzo", "occupied", "walls"):
        yield getattr(principality, name), name, None
    for index, placed in enumerate(principality.tiles):
        yield placed.mask, index, None
        if placed.shared is not None:
            for side, mask in enumerate(placed.shared.masks):
                yield mask, index, side


def _masks_inside(principality: Principality) -> bool:
    """Whether every cell mask of ``principality`` lies in the 7x7 grid.

    They all do exactly when their union does (a negative mask makes it
    negative, a mask beyond the grid a cell beyond it): one union, no walk.
    """
    union = principality.palazzo | principality.occupied | principality.walls
    for placed in principality.tiles:
        union |= placed.mask
        if placed.shared is not None:
            for mask in placed.shared.masks:
                union |= mask
    return 0 <= union <= FULL_MASK


def _mask_problems(principality: Principality, at: str) -> list[str]:
    """Each cell mask outside the 7x7 grid, by its path under ``at`` (a negative one
    would never run out of cells)."""
    problems = []
    for mask, where, side in _cell_masks(principality):
        if not 0 <= mask <= FULL_MASK:
            if isinstance(where, str):
                path = where
            elif side is None:
                path = f"tiles[{where}].mask"
            else:
                path = f"tiles[{where}].shared.masks[{side}]"
            problems.append(f"the mask {mask} names cells outside the 7x7 grid @ {at}.{path}")
    return problems


_turn_counts = operator.attrgetter(*(field.name for field in attrs.fields(TurnState)))
"""The counts of a turn, every one at least 0, as a tuple."""

_SUPPLY_SIZES = (
    ("building_supply", len(BUILDINGS)),
    ("landscape_supply", len(LANDSCAPES)),
    ("freedom_supply", len(FREEDOMS)),
)


def _shape_problems(state: GameState) -> list[str]:
    """Sizes and signs that :func:`state_problems` relies on.

    This runs on every state loaded: a principality's masks are tested by
    their union and walked for their paths only when it lies outside.
    """
    count = len(state.players)
    problems = []
    auction = state.auction
    sizes = [(name, getattr(state, name), size) for name, size in _SUPPLY_SIZES]
    sizes.append(("round_best", state.round_best, count))
    if auction is not None:
        sizes.append(("auction.done", auction.done, count))
    for name, values, size in sizes:
        if len(values) != size:
            problems.append(f"{name} has {len(values)} entries, not {size} @ $.data.{name}")
    counts = [
        ("building_supply", state.building_supply),
        ("landscape_supply", state.landscape_supply),
        ("freedom_supply", state.freedom_supply),
        ("jesters", (state.jesters,)),
        ("builders", (state.builders,)),
        ("recruiting", (state.recruiting,)),
    ]
    if state.turn is not None:
        counts.append(("turn", _turn_counts(state.turn)))
    for name, values in counts:
        if values and min(values) < 0:
            problems.append(f"{name} holds a negative count @ $.data.{name}")
    for seat, player in enumerate(state.players):
        if not _masks_inside(player.principality):
            at = f"$.data.players[{seat}].principality"
            problems += _mask_problems(player.principality, at)
    for seat, player in enumerate(state.players):  # limits.py: bounded work on any state
        if player.money > MAX_MONEY:
            problems.append(
                f"player {seat} has {player.money} florins; at most {MAX_MONEY}"
                f" @ $.data.players[{seat}].money"
            )
        if player.prestige > MAX_PRESTIGE:
            problems.append(
                f"player {seat} has {player.prestige} prestige; at most {MAX_PRESTIGE}"
                f" @ $.data.players[{seat}].prestige"
            )
    payout = getattr(state.pending, "payout", 0)
    if payout > MAX_MONEY:
        problems.append(f"a payout of {payout}; at most {MAX_MONEY} @ $.data.pending.payout")
    if state.auction is not None:
        seats = [*state.auction.bidders, state.auction.opener]
        if state.auction.high_bidder is not None:
            seats.append(state.auction.high_bidder)
        if any(not 0 <= s < count for s in seats):
            problems.append("the auction names a seat that does not exist @ $.data.auction")
    return problems


def _playable_problems(state: GameState, decider_known: bool = True) -> list[str]:
    """Why the engine could not play on from ``state``; empty when it can.

    The one check behind :func:`load_state` and :func:`load_view` (which
    runs it on a state dealt from the view): sizes, signs and limits first
    (:func:`_shape_problems`), then every invariant of the game
    (:func:`~princes_of_florence.rules.invariants.state_problems`, which
    include that the pending decision fits the players' holdings), then that
    the player to decide has a legal move unless the game is over.  The last
    is skipped unless ``decider_known``: a state dealt from a view guesses the
    hidden hand of a player to decide other than the viewer, and the guess
    may leave them no move where the true hand has one.
    """
    problems = _shape_problems(state)
    if problems:
        return problems
    try:
        problems = [_in_document(problem) for problem in state_problems(state)]
        if not problems and decider_known and not is_terminal(state) and not _has_legal_move(state):
            problems = [
                f"player {state.current_player} has no legal move, yet the game is not"
                " over @ $.data"
            ]
    except Exception as error:  # a state no game reaches; never let it through
        problems = [f"the state cannot be checked ({type(error).__name__}) @ $.data"]
    return problems


def load_state(text: str | bytes) -> GameState:
    """Read a state document and check every invariant of the game.

    Raises:
        SerializationError: the document is not a valid state of schema 1.x,
            or the state breaks an invariant (every problem is named).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> load_state(dumps(state)) == state
        True
    """
    state = _load(text, "state", GameState)
    problems = _playable_problems(state)
    if problems:
        raise SerializationError(f"the state is not a valid game state: {_listed(problems)}")
    return state


def _in_document(problem: str) -> str:
    """A :func:`state_problems` sentence with its fields named inside the document.

    >>> _in_document("round 9 is outside 1 to 7 @ round")
    'round 9 is outside 1 to 7 @ $.data.round'
    """
    sentence, at, paths = problem.rpartition(" @ ")
    if not at:
        return f"{problem} @ $.data"
    return f"{sentence} @ " + ", ".join(f"$.data.{path}" for path in paths.split(", "))


_VIEW_FIELDS = frozenset(field.name for field in attrs.fields(PlayerView))
_PUBLIC_FIELDS = frozenset(field.name for field in attrs.fields(PublicPlayer))


def _in_view(problem: str) -> str:
    """A problem of the state dealt from a view, with its path kept where the view has it.

    >>> _in_view("building_supply has 11 entries, not 10 @ $.data.building_supply")
    'building_supply has 11 entries, not 10 @ $.data.building_supply'
    >>> _in_view("player 1 has 5 builders (at most 3) @ $.data.players[1].builders")
    'player 1 has 5 builders (at most 3) @ $.data.players[1].builders'
    >>> _in_view("player 1 has 9 persons in hand @ $.data.players[1].hand_persons")
    'player 1 has 9 persons in hand @ $.data'
    """
    sentence, _, paths = problem.rpartition(" @ ")
    for path in paths.split(", "):
        parts = re.split(r"[.\[\]]+", path.removeprefix("$.data."))
        public = parts[0] == "players" and len(parts) > 2  # a field of one player
        if not (parts[2] in _PUBLIC_FIELDS if public else parts[0] in _VIEW_FIELDS):
            return f"{sentence or problem} @ $.data"
    return problem


def load_view(text: str | bytes) -> PlayerView:
    """Read a view document and check that some valid state shows it.

    A state is dealt from the view (:func:`determinize`) and must pass every
    check of :func:`load_state`: the same limits and invariants, and a legal
    move for the player to decide.

    Raises:
        SerializationError: the document is not a valid view of schema 1.x,
            or no valid state shows this view to its viewer.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, observe
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 2)
        >>> load_view(dumps(view)) == view
        True
    """
    view = _load(text, "view", PlayerView)
    count = view.config.players
    if len(view.players) != count or not 0 <= view.player < count:
        raise SerializationError(
            f"the view has {len(view.players)} players and is player {view.player}'s "
            f"for a game of {count} players @ $.data.players"
        )
    if view.config.seed != 0:
        raise SerializationError("a view never shows the seed: it must be 0 @ $.data.config.seed")
    try:
        state = determinize(view, random.Random(0))
        own_move = view.current_player == view.player
        problems = [_in_view(problem) for problem in _playable_problems(state, own_move)]
        if not problems:
            again = observe(state, view.player)
            problems = [
                f"{field.name} cannot be seen this way @ $.data.{field.name}"
                for field in attrs.fields(PlayerView)
                if getattr(again, field.name) != getattr(view, field.name)
            ]
    except Exception as error:  # an inconsistent view; never let it through
        problems = [f"{type(error).__name__}: {str(error)[:200]} @ $.data"]
    if problems:
        raise SerializationError(f"no valid state shows this view: {_listed(problems)}")
    return view


# --------------------------------------------------------------------------
# Text records

_CONFIG_HEADERS = ("players", "seed", "start_player", "hidden_money")
_EXPANSION_HEADERS = (
    "choose_returned_order",
    "hard_freedoms",
    "muse_and_princess",
    "cooperative_building",
    "explicit_chance",
)
"""Switches written only when set (an option or an expansion)."""
_OUTCOME_HEADERS = ("final_prestige", "final_money", "winners")
_TEXT_HEADERS = ("date", "engine")


def record_to_text(record: GameRecord) -> str:
    """The text form of a record: header lines, then one move per line.

    The headers are ``# schema``, the configuration (``players``, ``seed``,
    ``start_player``, ``hidden_money``; an option or an expansion only when
    set), ``names`` when they are not the default ones (separated by ``|``),
    ``date`` and ``engine`` when the record has them and, if
    the record has an outcome, ``final_prestige``, ``final_money`` and
    ``winners`` (one number per seat, or per winner).

    >>> from princes_of_florence import GameConfig, parse_move
    >>> record = GameRecord(GameConfig(players=3, seed=5), (parse_move("return poet"),))
    >>> print(record_to_text(record), end="")
    # schema 1.1
    # players 3
    # seed 5
    # start_player 0
    # hidden_money false
    return poet
    """
    config = record.config
    lines = [f"# schema {SCHEMA_VERSION}"]
    for name in (*_CONFIG_HEADERS, *_EXPANSION_HEADERS):
        value = getattr(config, name)
        if name in _EXPANSION_HEADERS and not value:
            continue
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        lines.append(f"# {name} {text}")
    if config.names != default_names(config.players):
        lines.append("# names " + " | ".join(config.names))
    for name in _TEXT_HEADERS:
        value = getattr(record, name)
        if value is not None:
            lines.append(f"# {name} {value}")
    result = record.outcome
    if result is not None:
        lines.append("# final_prestige " + " ".join(map(str, result.prestige)))
        lines.append("# final_money " + " ".join(map(str, result.money)))
        lines.append("# winners " + " ".join(map(str, result.winners)))
    remarks: dict[int, list[str]] = {}
    for comment in record.comments:
        remarks.setdefault(comment.move, []).append(comment.text)
    for number, move in enumerate(record.moves, start=1):
        lines.append(str(move))
        lines.extend(f"; {text}" for text in remarks.get(number, ()))
    return "\n".join(lines) + "\n"


def _header_value(
    name: str, words: list[str], number: int
) -> int | bool | str | tuple[int, ...] | tuple[str, ...]:
    def whole(word: str) -> int:
        if not word.isdigit() or not word.isascii():
            raise SerializationError(
                f"line {number}: {shorten(word)} is not a whole number in # {name}"
            )
        if len(word) > MAX_NUMBER_DIGITS:
            raise SerializationError(
                f"line {number}: a number of {len(word)} digits in # {name};"
                f" at most {MAX_NUMBER_DIGITS}"
            )
        return int(word)

    if name in _OUTCOME_HEADERS:
        return tuple(whole(word) for word in words)
    if name == "names":
        return tuple(part.strip() for part in " ".join(words).split("|"))
    if name in _TEXT_HEADERS:
        return " ".join(words)
    if len(words) != 1:
        raise SerializationError(f"line {number}: # {name} takes one value, not {len(words)}")
    if name in ("hidden_money", *_EXPANSION_HEADERS):
        if words[0] not in ("true", "false"):
            raise SerializationError(
                f"line {number}: # {name} must be true or false, not {words[0]!r}"
            )
        return words[0] == "true"
    return whole(words[0])


def record_from_text(text: str) -> GameRecord:
    """Read the text form of a record (see :func:`~princes_of_florence.record_to_text`).

    Blank lines are skipped.  Header lines (``# name value``) come first; the
    ``players`` and ``seed`` headers are required.  The moves are parsed, not
    replayed: :func:`~princes_of_florence.replay` checks them.

    Raises:
        SerializationError: a line is not a known header or a move in
            notation, a header repeats or is missing, or the configuration is
            invalid; the message names the line.

    >>> record = record_from_text("# players 3\\n# seed 2\\nreturn poet\\n")
    >>> record.config.seed, [str(m) for m in record.moves]
    (2, ['return poet'])
    >>> record_from_text("# players 3\\n# seed 2\\nbid lots\\n")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: line 3: 'lots' is not a whole number ...
    """
    if not isinstance(text, str):
        raise SerializationError(f"a record must be text, not {type(text).__name__}")
    if len(text) > MAX_DOCUMENT_CHARS:
        raise SerializationError(
            f"the record has {len(text)} characters; at most {MAX_DOCUMENT_CHARS} are read"
        )
    headers: dict[str, int | bool | str | tuple[int, ...] | tuple[str, ...]] = {}
    comments: list[Comment] = []
    moves: list[Move] = []
    known = (
        "schema",
        *_CONFIG_HEADERS,
        *_EXPANSION_HEADERS,
        "names",
        *_TEXT_HEADERS,
        *_OUTCOME_HEADERS,
    )
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith(";"):
            if not moves:
                raise SerializationError(f"line {number}: a comment must follow a move")
            comments.append(Comment(len(moves), line[1:].strip()))
            continue
        if line.startswith("#"):
            words = line[1:].split()
            if moves:
                raise SerializationError(f"line {number}: headers must come before the moves")
            if not words or words[0] not in known:
                name = words[0] if words else ""
                raise SerializationError(
                    f"line {number}: unknown header {shorten(name)};"
                    f" expected one of {', '.join(known)}"
                )
            name = words[0]
            if name in headers:
                raise SerializationError(f"line {number}: header # {name} appears twice")
            if name == "schema":
                if len(words) != 2 or not re.fullmatch(rf"{_MAJOR}\.\d+", words[1]):
                    raise SerializationError(
                        f"line {number}: schema {' '.join(words[1:])!r} is not supported; "
                        f"this version reads schema {_MAJOR}.x"
                    )
                headers[name] = True
                continue
            headers[name] = _header_value(name, words[1:], number)
            continue
        if len(moves) == MAX_ITEMS:
            raise SerializationError(f"line {number}: a record holds at most {MAX_ITEMS} moves")
        try:
            moves.append(parse_move(line))
        except InvalidMoveError as error:
            raise SerializationError(f"line {number}: {error}") from None
    for required in ("players", "seed"):
        if required not in headers:
            raise SerializationError(f"the record has no # {required} header")
    fields = {
        name: headers[name]
        for name in (*_CONFIG_HEADERS, *_EXPANSION_HEADERS, "names")
        if name in headers
    }
    try:
        config = GameConfig(**fields)  # type: ignore[arg-type]
    except ConfigError as error:
        raise SerializationError(f"the headers give an invalid configuration: {error}") from None
    found = [name for name in _OUTCOME_HEADERS if name in headers]
    result = None
    if found:
        if len(found) != len(_OUTCOME_HEADERS):
            raise SerializationError(
                f"an outcome needs all of the headers {', '.join(_OUTCOME_HEADERS)}"
            )
        prestige, money, winners = (cast("tuple[int, ...]", headers[n]) for n in _OUTCOME_HEADERS)
        if len(prestige) != config.players or len(money) != config.players:
            raise SerializationError("final_prestige and final_money need one number per seat")
        if not winners or any(seat >= config.players for seat in winners):
            raise SerializationError("winners must name one or more seats of the game")
        result = Outcome(prestige=prestige, money=money, winners=winners)
    date, engine = (headers.get(name) for name in _TEXT_HEADERS)
    record = GameRecord(
        config=config,
        moves=tuple(moves),
        outcome=result,
        date=date if isinstance(date, str) else None,
        engine=engine if isinstance(engine, str) else None,
        comments=tuple(comments),
    )
    problems = record_problems(record)
    if problems:
        raise SerializationError(f"invalid text record: {_listed(problems)}")
    return record


def replay_events(record: GameRecord) -> Iterator[ReplayStep]:
    """Replay ``record`` one move at a time, with the events of each move.

    Yields a :class:`ReplayStep` per move; raises, like :func:`~princes_of_florence.replay`, at
    the first illegal move, and after the last move if the claimed outcome
    differs.  A viewer that shows the events of one player passes each
    step's events through :func:`~princes_of_florence.events_for`.

    >>> from princes_of_florence import GameConfig, legal_moves, new_game
    >>> config = GameConfig(players=3, seed=5)
    >>> record = GameRecord(config, (legal_moves(new_game(config))[0],))
    >>> [type(event).__name__ for step in replay_events(record) for event in step.events]
    ['PersonReturned']
    """
    state = new_game(record.config)
    for number, move in enumerate(record.moves, start=1):
        try:
            after, events = apply_with_events(state, move)
        except IllegalMoveError as error:
            raise SerializationError(f"move {number} of the record is illegal: {error}") from error
        yield ReplayStep(number, move, state, events, after)
        state = after
    _check_outcome(record, state)


def _check_outcome(record: GameRecord, state: GameState) -> None:
    if record.outcome is not None:
        if not is_terminal(state):
            raise SerializationError(
                f"the record claims an outcome, but the game is not over after its "
                f"{len(record.moves)} moves"
            )
        actual = outcome(state)
        if actual != record.outcome:
            raise SerializationError(
                f"the record claims the outcome {record.outcome}, but the replay gives {actual}"
            )


def replay(record: GameRecord) -> tuple[GameState, ...]:
    """Every state of the recorded game, the initial state first.

    Args:
        record: a configuration and its moves, with or without outcome.

    Returns:
        ``len(record.moves) + 1`` states.

    Raises:
        SerializationError: a move is illegal where it stands (the message
            gives its number, counted from 1, the move and the reason), or the
            record's outcome differs from the replayed one, or it claims an
            outcome for a game that is not over.

    >>> from princes_of_florence import GameConfig, parse_move
    >>> record = GameRecord(GameConfig(players=3, seed=5), (parse_move("bid 300"),))
    >>> replay(record)
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: move 1 of the record is illegal: \
illegal move 'bid 300' by player 0: every player must first return one of the four starting persons
    """
    state = new_game(record.config)
    states = [state]
    for number, move in enumerate(record.moves, start=1):
        try:
            state = apply(state, move)
        except IllegalMoveError as error:
            raise SerializationError(f"move {number} of the record is illegal: {error}") from error
        states.append(state)
    _check_outcome(record, state)
    return tuple(states)


share_copies(Comment, GameRecord, ReplayStep)
