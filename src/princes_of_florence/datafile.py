"""Component data files: TOML structured into attrs classes, every bad value named by its path.

A game keeps its printed values (tiles, cards, constants) in a TOML file and
declares the file's shape as frozen attrs classes: the keys are the fields,
their types are the annotations, ranges and non-empty arrays are attrs
validators (:func:`at_least`, :func:`between`, :func:`non_empty`), and an
optional key is a field with a default.  :func:`load_toml` parses the text and
structures it with a cattrs converter that forbids unknown keys and reports
every problem it finds, each as a line naming the path of the bad value::

    catalog.toml: persons[3] (botanist): number must be an integer, got a string ('4')

A path is the chain of keys and array indexes from the top of the document
(``shared_map.layouts[0].borders[1]``); an entry of an array of tables that
has a string ``id`` is followed by that id in parentheses.  What is left to a
game is its own rules of consistency over the structured classes (counts,
uniqueness, cross references), for which :func:`entry_name` names an entry
the same way.

The types a field may have are ``int``, ``float``, ``bool``, ``str``, an
enum (read from its value, or from its member's name when the field is
``Annotated[E, BY_NAME]``, see :data:`BY_NAME`), ``X | None`` (absent key: give the
field the default ``None``), ``tuple[X, ...]`` (an array), ``tuple[X, Y]`` (an
array of exactly one value per type, such as a pair), ``dict[K, V]`` (a
table with free keys, ``K`` a string or an enum) and another attrs class (a
table).  TOML has no null, so ``None`` only ever comes from a default.  An
integer is never a boolean, and a float field takes an integer.  A bad
entry of an array of arrays is named by its index (``rewards[1] must be an
array of 2 integers, got ...``); an entry of the wrong type in an array of
numbers or strings is named with the whole array.

cattrs is imported on the first load, not with this module.

Example:
    >>> import attrs
    >>> from enum import StrEnum
    >>> class Colour(StrEnum):
    ...     RED = "red"
    ...     BLUE = "blue"
    >>> @attrs.frozen
    ... class Card:
    ...     id: str = attrs.field(validator=non_empty())
    ...     colour: Colour
    ...     points: int = attrs.field(validator=at_least(1))
    >>> @attrs.frozen
    ... class Deck:
    ...     cards: tuple[Card, ...]
    >>> text = '''
    ... [[cards]]
    ... id = "ace"
    ... colour = "red"
    ... points = 11
    ... [[cards]]
    ... id = "two"
    ... colour = "green"
    ... points = "2"
    ... '''
    >>> load_toml(Deck, text.replace("green", "blue").replace('"2"', "2"), source="deck.toml",
    ...           error=ValueError)
    Deck(cards=(Card(id='ace', colour=<Colour.RED: 'red'>, points=11), \
Card(id='two', colour=<Colour.BLUE: 'blue'>, points=2)))
    >>> load_toml(Deck, text, source="deck.toml", error=ValueError)
    Traceback (most recent call last):
    ...
    ValueError: deck.toml: cards[1] (two): unknown colour 'green' (expected one of: red, blue)
    deck.toml: cards[1] (two): points must be an integer, got a string ('2')
"""

import enum
import functools
import os
import tomllib
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import attrs

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "BY_NAME",
    "DataProblem",
    "at_least",
    "between",
    "entry_name",
    "load_toml",
    "non_empty",
    "one_of",
    "read_text",
    "structure",
]

T = TypeVar("T")
"""The attrs class of a whole document, and what the loader returns."""

Validator = Callable[[Any, "attrs.Attribute[Any]", Any], None]
"""An attrs validator: called with the instance, the attribute and the value."""

Segment = str | int
"""One step of a path: a key of a table or an index of an array."""


class DataProblem(ValueError):
    """A bad value, raised by a structure hook or a validator; the loader adds its path.

    While loading, the loader turns every one into a line of the game's error,
    so a caller of :func:`load_toml` never sees it; a document class built
    directly, without the loader, raises it as it is from its validators.  A
    validator of a game's own may raise it too.

    Args:
        text: what is wrong.  ``{key}`` stands for the name of the value's key,
            filled in by the loader (``"{key} must be an integer, got ..."``);
            text without it concerns the table the path leads to.
        label: what ``{key}`` becomes when the value has no key of its own,
            such as a key of a table with free keys.
        kind: ``"type"`` for a value of the wrong TOML type, ``"value"`` for a
            value of the right type that is not allowed.

    >>> DataProblem("{key} must be even, got 3").text_for("count")
    'count must be even, got 3'
    """

    def __init__(self, text: str, *, label: str = "value", kind: str = "value") -> None:
        super().__init__(text)
        self.text = text
        self.label = label
        self.kind = kind

    def text_for(self, key: str | None) -> str:
        """The text with ``{key}`` replaced by ``key`` (by the label if ``None``)."""
        return self.text.replace("{key}", self.label if key is None else key)

    @property
    def about_key(self) -> bool:
        """Whether the problem is about the value of a key (else about a whole table)."""
        return "{key}" in self.text


class _ByName:
    """The mark of an enum field read from its members' names; see :data:`BY_NAME`."""

    def __repr__(self) -> str:
        return "BY_NAME"


BY_NAME = _ByName()
"""Mark an enum field to be read from its members' names, not their values.

An enum whose values are not what the file writes (an ``IntEnum`` of ranks
whose members are named by letters, say) is declared
``Annotated[E, BY_NAME]``; the structured value is the member itself.

>>> from enum import IntEnum
>>> from typing import Annotated
>>> class Colour(IntEnum):
...     W = 0
...     Y = 1
>>> @attrs.frozen
... class Brick:
...     colour: Annotated[Colour, BY_NAME]
>>> load_toml(Brick, 'colour = "Y"', source="b.toml", error=ValueError)
Brick(colour=<Colour.Y: 1>)
>>> load_toml(Brick, 'colour = "X"', source="b.toml", error=ValueError)
Traceback (most recent call last):
...
ValueError: b.toml: document: unknown colour 'X' (expected one of: W, Y)
"""


# --------------------------------------------------------------------------
# Validators
# --------------------------------------------------------------------------


def at_least(minimum: int) -> Validator:
    """An attrs validator: a number, or every number of an array, is at least ``minimum``.

    ``None`` (an absent optional key) passes.

    >>> @attrs.frozen
    ... class Pot:
    ...     coins: int = attrs.field(validator=at_least(0))
    ...     rolls: tuple[int, ...] = attrs.field(validator=at_least(1))
    >>> Pot(coins=-5, rolls=(1,))
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: coins must be at least 0, got -5
    >>> Pot(coins=5, rolls=(1, 0))
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: rolls entries must be at least 1, got 0
    """

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if isinstance(value, tuple):
            for item in value:
                if item < minimum:
                    raise DataProblem(
                        f"{attribute.name} entries must be at least {minimum}, got {item}"
                    )
        elif value is not None and value < minimum:
            raise DataProblem(f"{attribute.name} must be at least {minimum}, got {value}")

    return check


def between(low: int, high: int) -> Validator:
    """An attrs validator: a number, or every number of an array, is from ``low`` to ``high``.

    Both bounds are included; ``None`` (an absent optional key) passes.

    >>> @attrs.frozen
    ... class Table:
    ...     players: int = attrs.field(validator=between(2, 5))
    ...     seats: tuple[int, int] = attrs.field(default=(1, 2), validator=between(1, 5))
    >>> Table(players=6)
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: players must be from 2 to 5, got 6
    >>> Table(players=3, seats=(1, 9))
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: seats entries must be from 1 to 5, got 9
    """

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if isinstance(value, tuple):
            for item in value:
                if not low <= item <= high:
                    raise DataProblem(
                        f"{attribute.name} entries must be from {low} to {high}, got {item}"
                    )
        elif value is not None and not low <= value <= high:
            raise DataProblem(f"{attribute.name} must be from {low} to {high}, got {value}")

    return check


def non_empty() -> Validator:
    """An attrs validator: a string or an array is not empty (``None`` passes).

    >>> @attrs.frozen
    ... class Edition:
    ...     name: str = attrs.field(validator=non_empty())
    >>> Edition(name="")
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: name must not be empty
    """

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if value is not None and not value:
            raise DataProblem(f"{attribute.name} must not be empty")

    return check


def one_of(*choices: object) -> Validator:
    """An attrs validator: a value is one of ``choices`` (``None`` passes).

    >>> @attrs.frozen
    ... class Option:
    ...     mode: str = attrs.field(validator=one_of("", "both", "split"))
    >>> Option(mode="half")
    Traceback (most recent call last):
    ...
    princes_of_florence.datafile.DataProblem: mode must be one of '', 'both', 'split', got 'half'
    """
    allowed = ", ".join(repr(choice) for choice in choices)

    def check(instance: Any, attribute: "attrs.Attribute[Any]", value: Any) -> None:
        if value is not None and value not in choices:
            raise DataProblem(f"{attribute.name} must be one of {allowed}, got {value!r}")

    return check


# --------------------------------------------------------------------------
# Describing values and naming paths
# --------------------------------------------------------------------------

_TYPE_NAMES: Mapping[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    str: "a string",
    list: "an array",
    dict: "a table",
}

_PLURALS: Mapping[type, str] = {
    bool: "booleans",
    int: "integers",
    float: "floats",
    str: "strings",
}


def describe(value: object) -> str:
    """The TOML type of ``value`` and a short repr, for error messages.

    >>> describe("4")
    "a string ('4')"
    >>> describe(["x" * 50])
    "an array (['xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...)"
    """
    name = _TYPE_NAMES.get(type(value), type(value).__name__)
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{name} ({shown})"


def entry_name(section: str, index: int, entry: object) -> str:
    """``section[index]``, followed by the entry's ``id`` in parentheses when it is a string.

    ``entry`` is a table as read (a ``dict``) or the attrs instance made from it.

    >>> entry_name("persons", 3, {"id": "botanist"})
    'persons[3] (botanist)'
    >>> entry_name("shared_map.layouts", 0, {"players": 2})
    'shared_map.layouts[0]'
    """
    name = f"{section}[{index}]"
    ident = entry.get("id") if isinstance(entry, dict) else getattr(entry, "id", None)
    if isinstance(ident, str):
        name += f" ({ident})"
    return name


def _path_name(data: object, path: Sequence[Segment], root: str) -> str:
    """The path as text, with ids after array entries, walking the data read."""
    name = ""
    node: object = data
    for segment in path:
        if isinstance(segment, int):
            node = node[segment] if isinstance(node, list) and segment < len(node) else None
            name = entry_name(name, segment, node)
        else:
            node = node.get(segment) if isinstance(node, dict) else None
            name = f"{name}.{segment}" if name else segment
    return name or root


def _label(cls: type) -> str:
    """An enum class's name in lower-case words: ``SizeClass`` gives ``size class``."""
    words: list[str] = []
    for char in cls.__name__:
        if char.isupper() and words:
            words.append(" ")
        words.append(char.lower())
    return "".join(words)


# --------------------------------------------------------------------------
# The converter
# --------------------------------------------------------------------------


def _scalar_hook(expected: Any) -> Callable[[Any, Any], Any]:
    name = _TYPE_NAMES[expected]

    def hook(value: Any, _: Any) -> Any:
        if type(value) is expected or (expected is float and type(value) is int):
            return expected(value)
        raise DataProblem(f"{{key}} must be {name}, got {describe(value)}", kind="type")

    return hook


def _member_hook(
    cls: type[enum.Enum], members: Mapping[Any, enum.Enum]
) -> Callable[[Any, Any], Any]:
    """A hook that reads a member of ``cls`` by its key in ``members`` (all of one type)."""
    choices = ", ".join(str(key) for key in members)
    value_type = type(next(iter(members)))
    value_name = _TYPE_NAMES.get(value_type, value_type.__name__)

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not value_type:
            raise DataProblem(f"{{key}} must be {value_name}, got {describe(value)}", kind="type")
        try:
            return members[value]
        except KeyError:
            raise DataProblem(
                f"unknown {{key}} {value!r} (expected one of: {choices})", label=_label(cls)
            ) from None

    return hook


def _enum_hook(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    """Read a member of ``cls`` from its value."""
    return _member_hook(cls, {member.value: member for member in cls})


def _by_name_hook(cls: type[enum.Enum]) -> Callable[[Any, Any], Any]:
    """Read a member of ``cls`` from its name (a field ``Annotated[cls, BY_NAME]``)."""
    return _member_hook(cls, dict(cls.__members__))


def _is_by_name(cls: Any) -> bool:
    """Whether ``cls`` is ``Annotated[E, BY_NAME]`` for an enum ``E``."""
    if typing.get_origin(cls) is not typing.Annotated:
        return False
    (inner, *marks) = typing.get_args(cls)
    return BY_NAME in marks and isinstance(inner, type) and issubclass(inner, enum.Enum)


@functools.cache
def _scalar_hook_of(cls: type) -> Callable[[Any, Any], Any]:
    return _enum_hook(cls) if issubclass(cls, enum.Enum) else _scalar_hook(cls)


def _scalar(value: Any, cls: type) -> Any:
    """Structure a boolean, integer, float, string or enum, strictly."""
    return _scalar_hook_of(cls)(value, cls)


def _element_plural(element: Any) -> str:
    if _is_by_name(element):
        return "strings"
    if isinstance(element, type):
        if attrs.has(element):
            return "tables"
        if issubclass(element, enum.Enum):
            return _PLURALS.get(type(next(iter(element)).value), "values")
        if element in _PLURALS:
            return _PLURALS[element]
    return "arrays" if typing.get_origin(element) is tuple else "values"


def _array_wanted(cls: Any) -> str:
    """What an array field holds, for messages (``an array of 2 integers``)."""
    args = typing.get_args(cls)
    if _is_homogeneous_tuple(cls):
        return f"an array of {_element_plural(args[0])}"
    kinds = {_element_plural(arg) for arg in args}
    return f"an array of {len(args)} {kinds.pop() if len(kinds) == 1 else 'values'}"


def _tuple_hook(conv: "cattrs.Converter", cls: Any) -> Callable[[Any, Any], Any]:
    """An array: of any length (``tuple[X, ...]``) or of one entry per type (``tuple[X, Y]``)."""
    from cattrs.errors import IterableValidationError, IterableValidationNote

    args = typing.get_args(cls)
    length = None if _is_homogeneous_tuple(cls) else len(args)
    # per position: the entry's type, its hook, and whether it is a table or an array
    entries = [
        (
            element,
            conv.get_structure_hook(element),
            isinstance(element, type) and attrs.has(element),
        )
        for element in (args[:1] if length is None else args)
    ]
    wanted = _array_wanted(cls)

    def hook(value: Any, _: Any) -> tuple[Any, ...]:
        if type(value) is not list or (length is not None and len(value) != length):
            raise DataProblem(f"{{key}} must be {wanted}, got {describe(value)}", kind="type")
        items: list[Any] = []
        errors: list[Exception] = []
        for index, item in enumerate(value):
            element, element_hook, tables = entries[0 if length is None else index]
            try:
                items.append(element_hook(item, element))
            except DataProblem as problem:
                if tables:
                    errors.append(_noted(problem, IterableValidationNote, index, element))
                    continue
                if problem.kind == "type" and typing.get_origin(element) is not tuple:
                    raise DataProblem(
                        f"{{key}} must be {wanted}, got {describe(value)}", kind="type"
                    ) from None
                # a scalar entry of the right type, or an array entry: named by the key and index
                raise DataProblem(problem.text.replace("{key}", f"{{key}}[{index}]")) from None
            except Exception as error:  # a table's group of problems
                errors.append(_noted(error, IterableValidationNote, index, element))
        if errors:
            raise IterableValidationError(f"While structuring {cls!r}", errors, cls)
        return tuple(items)

    return hook


def _noted(error: Exception, note: Any, step: Segment, element: Any) -> Exception:
    """``error`` with a cattrs note of the key or index ``step`` where it happened."""
    error.__notes__ = [*getattr(error, "__notes__", []), note(f"@ {step!r}", step, element)]
    return error


def _dict_hook(conv: "cattrs.Converter", cls: Any) -> Callable[[Any, Any], Any]:
    from cattrs.errors import AttributeValidationNote, ClassValidationError

    key_type, value_type = typing.get_args(cls)
    key_hook = conv.get_structure_hook(key_type)
    value_hook = conv.get_structure_hook(value_type)

    def hook(value: Any, _: Any) -> dict[Any, Any]:
        if type(value) is not dict:
            raise DataProblem(f"{{key}} must be a table, got {describe(value)}", kind="type")
        result: dict[Any, Any] = {}
        errors: list[Exception] = []
        for raw_key, raw_value in value.items():
            try:
                key = key_hook(raw_key, key_type)
            except DataProblem as problem:  # a problem of the table: it has a key it must not
                errors.append(DataProblem(problem.text_for(None)))
                continue
            try:
                result[key] = value_hook(raw_value, value_type)
            except Exception as error:  # named by the table's key, as a field is
                errors.append(_noted(error, AttributeValidationNote, raw_key, value_type))
        if errors:
            raise ClassValidationError(f"While structuring {cls!r}", errors, dict)
        return result

    return hook


def _table_hook(conv: "cattrs.Converter", cls: type) -> Callable[[Any, Any], Any]:
    """Check the table's keys, then let cattrs structure its fields."""
    from cattrs.gen import make_dict_structure_fn

    inner: Callable[[Any, Any], Any] = make_dict_structure_fn(
        cls, conv, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=True
    )
    fields = attrs.fields(cls)
    required = [f.name for f in fields if f.default is attrs.NOTHING and f.init]
    known = {f.name for f in fields if f.init}

    def hook(value: Any, _: Any) -> Any:
        if type(value) is not dict:
            raise DataProblem(f"must be a table, got {describe(value)}", kind="type")
        missing = sorted(name for name in required if name not in value)
        if missing:
            keys = ", ".join(repr(name) for name in missing)
            raise DataProblem(f"missing key{'s' if len(missing) > 1 else ''} {keys}")
        extra = sorted(set(value) - known)
        if extra:
            keys = ", ".join(repr(name) for name in extra)
            raise DataProblem(f"unknown key{'s' if len(extra) > 1 else ''} {keys}")
        return inner(value, cls)

    return hook


def _is_homogeneous_tuple(cls: Any) -> bool:
    args = typing.get_args(cls)
    return typing.get_origin(cls) is tuple and len(args) == 2 and args[1] is Ellipsis


def _is_array(cls: Any) -> bool:
    """An array type: ``tuple[X, ...]``, or a fixed ``tuple[X, Y]`` (not ``tuple[()]``)."""
    args = typing.get_args(cls)
    return (
        typing.get_origin(cls) is tuple
        and bool(args)
        and (_is_homogeneous_tuple(cls) or Ellipsis not in args)
    )


def _is_dict(cls: Any) -> bool:
    origin: Any = typing.get_origin(cls)
    return origin is dict


def _is_optional(cls: Any) -> bool:
    return typing.get_origin(cls) in (typing.Union, types.UnionType) and type(None) in (
        typing.get_args(cls)
    )


def _optional_hook(conv: "cattrs.Converter", cls: Any) -> Callable[[Any, Any], Any]:
    (inner_type,) = [arg for arg in typing.get_args(cls) if arg is not type(None)]
    inner = conv.get_structure_hook(inner_type)
    return lambda value, _: None if value is None else inner(value, inner_type)


@functools.cache
def _converter() -> "cattrs.Converter":
    """The converter of every data file, built on the first load."""
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    # cattrs looks these classes up by their method resolution order, before any
    # factory, and an enum of strings is also a str: one hook tells them apart.
    for scalar in (bool, int, float, str, enum.Enum, enum.IntEnum, enum.StrEnum):
        conv.register_structure_hook(scalar, _scalar)
    conv.register_structure_hook_factory(_is_optional, lambda cls: _optional_hook(conv, cls))
    conv.register_structure_hook_factory(_is_array, lambda cls: _tuple_hook(conv, cls))
    conv.register_structure_hook_factory(_is_dict, lambda cls: _dict_hook(conv, cls))
    conv.register_structure_hook_factory(attrs.has, lambda cls: _table_hook(conv, cls))
    conv.register_structure_hook_factory(
        _is_by_name, lambda cls: _by_name_hook(typing.get_args(cls)[0])
    )
    return conv


# --------------------------------------------------------------------------
# Problems with their paths
# --------------------------------------------------------------------------


def _problems(
    error: BaseException, path: tuple[Segment, ...]
) -> Iterator[tuple[tuple[Segment, ...], BaseException]]:
    """Every leaf problem of a cattrs error group, with the path that leads to it."""
    from cattrs.errors import AttributeValidationNote, IterableValidationNote

    if isinstance(error, BaseExceptionGroup):
        for sub in error.exceptions:
            step = path
            for note in getattr(sub, "__notes__", ()):
                if isinstance(note, AttributeValidationNote):
                    step = (*step, note.name)
                elif isinstance(note, IterableValidationNote):
                    step = (*step, note.index)
            yield from _problems(sub, step)
    else:
        yield path, error


def _message(data: object, path: tuple[Segment, ...], error: BaseException, root: str) -> str:
    if not isinstance(error, DataProblem):
        raise error  # a fault of the document's classes, not of the data
    key: str | None = None
    if error.about_key and path and isinstance(path[-1], str):
        key, path = path[-1], path[:-1]
    return f"{_path_name(data, path, root)}: {error.text_for(key)}"


def structure(
    document: type[T],
    data: object,
    *,
    source: str,
    error: Callable[[str], Exception],
    root: str = "document",
) -> T:
    """Structure already parsed data (such as ``tomllib.loads`` returns) into ``document``.

    Args:
        document: the attrs class of the whole document.
        data: the parsed document.
        source: where the data came from; it starts every line of a message.
        error: the game's error class, called with the message.
        root: the name of the whole document in a message about its top-level table.

    Returns:
        The structured document.

    Raises:
        Exception: ``error`` with one line per bad value, each
            ``source: path: problem``.

    >>> @attrs.frozen
    ... class Counts:
    ...     red: int
    >>> structure(Counts, {"red": 1, "blue": 2}, source="x", error=ValueError, root="counts")
    Traceback (most recent call last):
    ...
    ValueError: x: counts: unknown key 'blue'
    """
    try:
        return _converter().structure(data, document)
    except DataProblem as problem:
        lines = [_message(data, (), problem, root)]
    except Exception as group:
        if not isinstance(group, BaseExceptionGroup):
            raise
        lines = [_message(data, path, leaf, root) for path, leaf in _problems(group, ())]
    raise error("\n".join(f"{source}: {line}" for line in lines)) from None


def load_toml(
    document: type[T],
    text: str,
    *,
    source: str,
    error: Callable[[str], Exception],
    root: str = "document",
) -> T:
    """Parse TOML text and structure it into ``document``.

    Args:
        document: the attrs class of the whole document.
        text: the TOML text.
        source: where the text came from (a file name); it starts every line of a message.
        error: the game's error class, called with the message.
        root: the name of the whole document in a message about its top-level table.

    Returns:
        The structured document.

    Raises:
        Exception: ``error``, if the text is not TOML or a value is bad (one
            line per bad value, each ``source: path: problem``).

    >>> @attrs.frozen
    ... class Pair:
    ...     left: int
    ...     right: tuple[int, ...]
    >>> load_toml(Pair, "left = 1\\nright = [2, 3]", source="pair.toml", error=ValueError)
    Pair(left=1, right=(2, 3))
    >>> load_toml(Pair, "left = 'one'\\nright = [2, true]", source="pair.toml", error=ValueError)
    Traceback (most recent call last):
    ...
    ValueError: pair.toml: document: left must be an integer, got a string ('one')
    pair.toml: document: right must be an array of integers, got an array ([2, True])
    >>> load_toml(Pair, "left = ", source="pair.toml", error=ValueError)
    Traceback (most recent call last):
    ...
    ValueError: pair.toml: not valid TOML: Invalid value (at end of document)
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{source}: not valid TOML: {exc}") from None
    return structure(document, data, source=source, error=error, root=root)


def read_text(
    path: str | os.PathLike[str], *, error: Callable[[str], Exception], what: str = "data"
) -> str:
    """The UTF-8 text of a data file, or ``error`` naming the file and why it cannot be read.

    Args:
        path: the file.
        error: the game's error class, called with the message.
        what: what the file holds, for the message (``"no such catalog file"``).

    >>> read_text("/nonexistent/cards.toml", error=ValueError, what="card")
    Traceback (most recent call last):
    ...
    ValueError: /nonexistent/cards.toml: no such card file
    """
    file = Path(path)
    try:
        return file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise error(f"{file}: no such {what} file") from None
    except UnicodeDecodeError as exc:
        raise error(f"{file}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise error(f"{file}: cannot read the {what} file ({exc.strerror})") from None
