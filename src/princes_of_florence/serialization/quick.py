"""Quick readers and writers of any game's attrs classes, as exact as the converter.

This module is generic: it knows no game, only the game's
:class:`~princes_of_florence.serialization.converter.Unions`.

Servers load a state on every request, and almost every document they load
is valid.  :func:`reader` writes out, from the same annotations the converter
reads, one function per class that accepts only what the converter accepts
and builds the same value, several times faster; on anything it does not
accept it gives up (raises :class:`GiveUp`) and the converter reads the
document again, to name every problem with its path.  A type it has no
reader for makes it return ``None``: the converter then reads every such
document.

:func:`writer`, the other half of a server's round trip, builds the JSON
value of an instance the same way: a field that JSON writes as it is (an
integer, a text enum member, a tuple of them) is passed through, the rest
through their own writers.  The text is the converter's, byte for byte.  A
writer checks the type of every field as it goes and raises :class:`Wrong`
on a value of another type; the caller then names it with
:func:`~princes_of_florence.serialization.converter.value_problems`.

Writing the functions out costs a noticeable part of a second, so a game
asks for them on first use (The Princes of Florence keeps them by class in
:mod:`princes_of_florence.serialization.princes`):

>>> import attrs
>>> from princes_of_florence.serialization.converter import Unions
>>> @attrs.frozen
... class Roll:
...     dice: tuple[int, ...]
...     kept: bool = False
>>> read = reader(Roll, Unions())
>>> read({"dice": [3, 6]})
Roll(dice=(3, 6), kept=False)
>>> read({"dice": [3, "6"]})
Traceback (most recent call last):
...
princes_of_florence.serialization.quick.GiveUp
>>> writer(Roll, Unions())(Roll((3, 6)))
{'dice': (3, 6), 'kept': False}
"""

from __future__ import annotations

import types
from collections.abc import Callable, Collection, Sequence
from enum import Enum, IntEnum
from typing import TYPE_CHECKING, Any, Union, cast, get_args, get_type_hints

import attrs

from princes_of_florence.errors import SerializationError
from princes_of_florence.limits import MAX_ITEMS
from princes_of_florence.serialization.converter import (
    LARGEST,
    Unions,
    is_enum,
    is_tuple,
    refuse_wrong_types,
    snake,
    structure,
    union_members,
)

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "BUILT_MAX",
    "CHECKED_MAX",
    "GiveUp",
    "Reader",
    "Wrong",
    "Writer",
    "Writers",
    "read",
    "reader",
    "writer",
]


class GiveUp(Exception):
    """The quick reader does not accept the document; the converter reads it."""


Reader = Callable[[Any], Any]
"""A quick reader, which takes a JSON value and builds the value or raises :class:`GiveUp`."""

Writer = Callable[[Any], Any]
"""A quick writer, which takes a value and gives its JSON value or raises :class:`Wrong`."""


def read(
    data: object,
    cls: Any,
    kind: str,
    quick_reader: Reader | None,
    converter: Callable[[], cattrs.Converter],
    error: type[SerializationError] = SerializationError,
) -> Any:
    """``data`` (a document's ``data``) as ``cls``: by ``quick_reader`` where it
    accepts it, else by the game's converter, which names what is wrong.

    Args:
        data: the JSON value.
        cls: the type to build.
        kind: the kind of document, as a refusal names it.
        quick_reader: the game's quick reader of ``cls`` (``None``: the converter reads).
        converter: the function giving the game's converter (built on first use).
        error: the game's :class:`~princes_of_florence.SerializationError`.
    """
    if quick_reader is not None:
        try:
            return quick_reader(data)
        except GiveUp:
            pass  # the converter reads it again and names what is wrong
    return structure(converter(), data, cls, kind, error)


# --------------------------------------------------------------------------
# Readers


def _quick_scalar(kind: Any) -> Reader | None:
    if kind is int:

        def read_int(value: Any) -> int:
            if type(value) is int and -LARGEST < value < LARGEST:
                return value
            raise GiveUp

        return read_int
    if kind is bool or kind is str:

        def read_exact(value: Any) -> Any:
            if type(value) is kind:
                return value
            raise GiveUp

        return read_exact
    return None


def _enum_table(kinds: Sequence[Any]) -> dict[Any, Enum] | None:
    """The members of ``kinds`` by value, the first kind first, as the converter tries them.

    Only text values, or only integers: a JSON value found in a table of texts
    is exactly such a text (no number or ``true`` equals a text); a table of
    integers is looked up through :func:`_finder`, which first refuses
    ``true`` and ``1.0`` (equal to ``1``, yet no member's value).
    """
    table: dict[Any, Enum] = {}
    for kind in kinds:
        if not is_enum(kind):
            return None
        for member in kind:
            table.setdefault(member.value, member)
    if all(type(value) is str for value in table) or all(type(value) is int for value in table):
        return table
    return None


def _finder(table: dict[Any, Enum]) -> Callable[[Any], Enum]:
    """The look-up of a value in ``table``: a ``KeyError`` or ``TypeError`` if it has none.

    >>> from enum import IntEnum
    >>> class Die(IntEnum):
    ...     ONE = 1
    >>> find = _finder({1: Die.ONE})
    >>> find(1)
    <Die.ONE: 1>
    >>> find(True)
    Traceback (most recent call last):
    ...
    KeyError: True
    """
    find = table.__getitem__
    if all(type(value) is str for value in table):
        return find  # in C

    def find_integer(value: Any) -> Enum:
        if type(value) is not int:
            raise KeyError(value)
        return find(value)

    return find_integer


def _enum_table_of(kind: Any, unions: Unions) -> dict[Any, Enum] | None:
    """The table of :func:`_enum_table` for an enum, or a union of enums read as one."""
    if is_enum(kind):
        return _enum_table([kind])
    members = union_members(kind)
    if members is None:
        return None
    for spec in unions.enums:
        if set(members) == set(spec.kinds):
            return _enum_table(spec.kinds)
    return None


def _quick_enums(kinds: Sequence[Any]) -> Reader | None:
    """A reader of members of ``kinds``, tried in order as the converter does."""
    table = _enum_table(kinds)
    if table is None:
        return None
    find = _finder(table)

    def read_enum(value: Any) -> Any:
        try:
            return find(value)
        except (KeyError, TypeError):  # TypeError: an array or object
            raise GiveUp from None

    return read_enum


def _quick_enum_tuple(kinds: Sequence[Any]) -> Reader | None:
    """A reader of an array of members of ``kinds``, each looked up in C."""
    table = _enum_table(kinds)
    if table is None:
        return None
    find = _finder(table)

    def read_enums(value: Any) -> tuple[Any, ...]:
        if type(value) is not list or len(value) > MAX_ITEMS:
            raise GiveUp
        try:
            return tuple(map(find, value))
        except (KeyError, TypeError):
            raise GiveUp from None

    return read_enums


BUILT_MAX = 64
"""How many validated instances (configurations) a quick reader keeps to reuse."""

_MISSING = object()
"""What a quick reader finds for a field the document leaves out."""


def _quick_attrs(cls: Any, unions: Unions, tagged: bool = False) -> Reader | None:
    """A reader of the attrs class ``cls``, written out as one function.

    The function checks and reads every field in turn, integers and enum
    members in line, other fields through their own readers, then builds the
    instance.  With ``tagged``, the object also holds the union's tag, which
    the caller has already looked up.
    """
    hints = get_type_hints(cls)
    # A field not set on construction (a cache) is the class's to set, and no
    # document holds it, as the converter reads.
    fields = [f for f in attrs.fields(cls) if f.init]
    unset = len(fields) < len(attrs.fields(cls))
    # A field whose default is made by a factory (a configuration's names) is
    # passed to the class only when the document has it, so the class makes the default.
    made = {f.name for f in fields if isinstance(f.default, attrs.Factory)}  # type: ignore[arg-type]
    known = frozenset(f.name for f in fields) | ({unions.tag} if tagged else set())
    scope: dict[str, Any] = {
        "GiveUp": GiveUp,
        "cls": cls,
        "known": known,
        "MISSING": _MISSING,
        "LARGEST": LARGEST,
        "MAX_ITEMS": MAX_ITEMS,
        "new": object.__new__,
        "put": object.__setattr__,
    }
    lines = [
        "def read(value):",
        "    if type(value) is not dict or not value.keys() <= known:",
        "        raise GiveUp",
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
        members = union_members(kind)
        if members is not None and type(None) in members:  # optional: None as it is
            present = tuple(m for m in members if m is not type(None))
            lines.append(f"{indent}if {name} is not None:")
            indent += "    "
            kind = present[0] if len(present) == 1 else Union[present]  # noqa: UP007
        table = _enum_table_of(kind, unions)
        items = get_args(kind)
        if kind is int:
            lines += [
                f"{indent}if type({name}) is not int or not -LARGEST < {name} < LARGEST:",
                f"{indent}    raise GiveUp",
            ]
        elif kind is bool or kind is str:
            lines += [
                f"{indent}if type({name}) is not {kind.__name__}:",
                f"{indent}    raise GiveUp",
            ]
        elif table is not None:  # a KeyError or TypeError (an array, an object) gives up
            scope[f"find{index}"] = _finder(table)
            lines.append(f"{indent}{name} = find{index}({name})")
        elif is_tuple(kind) and len(items) == 2 and items[1] is Ellipsis and items[0] is int:
            lines += [
                f"{indent}if type({name}) is not list or len({name}) > MAX_ITEMS:",
                f"{indent}    raise GiveUp",
                f"{indent}for item in {name}:",
                f"{indent}    if type(item) is not int or not -LARGEST < item < LARGEST:",
                f"{indent}        raise GiveUp",
                f"{indent}{name} = tuple({name})",
            ]
        elif (
            is_tuple(kind)
            and len(items) == 2
            and items[1] is Ellipsis
            and is_enum(items[0])
            and (table := _enum_table([items[0]])) is not None
        ):
            scope[f"find{index}"] = _finder(table)
            lines += [
                f"{indent}if type({name}) is not list or len({name}) > MAX_ITEMS:",
                f"{indent}    raise GiveUp",
                f"{indent}{name} = tuple(map(find{index}, {name}))",
            ]
        else:
            read_field = reader(kind, unions)
            if read_field is None:
                return None
            scope[f"read{index}"] = read_field
            lines.append(f"{indent}{name} = read{index}({name})")
    if not fields:
        lines.append("        pass")
    lines += ["    except (KeyError, TypeError):", "        raise GiveUp from None"]
    plain = (
        not made
        and not unset
        and "__slots__" not in vars(cls)
        and all(f.validator is None and f.converter is None and f.init for f in fields)
    )
    slotted = (
        not made
        and not unset
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
    if plain:  # as a state's replace() does: the instance dictionary, set whole
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
            scope["BUILT_MAX"] = BUILT_MAX
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
            "        raise GiveUp from None",
        ]
        if built is not None:
            lines += ["    if len(built) < BUILT_MAX:", "        built[key] = instance"]
        lines.append("    return instance")
    exec("\n".join(lines), scope)  # source built above from the class's fields
    read: Reader = scope["read"]
    return read


def _quick_tagged(members: Sequence[Any], unions: Unions) -> Reader | None:
    readers: dict[str, Reader] = {}
    for cls in members:
        read_member = _quick_attrs(cls, unions, tagged=True)
        if read_member is None:
            return None
        readers[snake(cls.__name__)] = read_member
    tag = unions.tag

    def read_tagged(value: Any) -> Any:
        if type(value) is not dict:
            raise GiveUp
        found = value.get(tag)
        read_member = readers.get(found) if type(found) is str else None  # an array is no key
        if read_member is None:
            raise GiveUp
        return read_member(value)  # the tag is known to the member's reader

    return read_tagged


def reader(kind: Any, unions: Unions) -> Reader | None:
    """A reader of ``kind`` that gives up on anything the converter would refuse.

    Args:
        kind: the type read: an attrs class, a union, a tuple, an enum, a scalar.
        unions: the game's unions, as its converter was made with.

    Returns:
        The reader, or ``None`` if some part of ``kind`` has none (the
        converter then reads every such document).

    Example:
        >>> read = reader(tuple[int, ...], Unions())
        >>> read([1, 2])
        (1, 2)
        >>> reader(list[int], Unions()) is None
        True
    """
    scalar = _quick_scalar(kind)
    if scalar is not None:
        return scalar
    if is_enum(kind):
        return _quick_enums([kind])
    members = union_members(kind)
    if members is not None:
        optional = type(None) in members
        present = tuple(m for m in members if m is not type(None))
        inner = _quick_union(present, unions)
        if inner is None:
            return None
        if not optional:
            return inner

        def read_optional(value: Any) -> Any:
            return None if value is None else inner(value)

        return read_optional
    if is_tuple(kind):
        args = get_args(kind)
        if Ellipsis not in args:  # a fixed length, such as tuple[int, int]
            fixed = [reader(arg, unions) for arg in args]
            if any(read is None for read in fixed):
                return None
            readers = tuple(read for read in fixed if read is not None)

            def read_fixed(value: Any) -> tuple[Any, ...]:
                if type(value) is not list or len(value) != len(readers):
                    raise GiveUp
                return tuple([read(v) for read, v in zip(readers, value, strict=True)])

            return read_fixed
        if len(args) != 2 or args[1] is not Ellipsis:
            return None
        if is_enum(args[0]):
            return _quick_enum_tuple([args[0]])
        item = reader(args[0], unions)
        if item is None:
            return None

        def read_tuple(value: Any) -> tuple[Any, ...]:
            if type(value) is not list or len(value) > MAX_ITEMS:
                raise GiveUp
            return tuple([item(v) for v in value])

        return read_tuple
    if attrs.has(kind):
        return _quick_attrs(kind, unions)
    return None


def _quick_union(members: tuple[Any, ...], unions: Unions) -> Reader | None:
    if len(members) == 1:
        return reader(members[0], unions)
    for enums in unions.enums:
        if set(members) == set(enums.kinds):
            return _quick_enums(enums.kinds)
    for tagged in unions.tagged:
        if set(members) == set(tagged.members):
            return _quick_tagged(tagged.members, unions)
    for spec in unions.enum_tuples:
        if set(members) == {tuple[kind, ...] for kind in spec.kinds}:  # type: ignore[valid-type]
            read_any = _quick_enum_tuple(spec.kinds)
            if read_any is None:
                return None
            return _one_enum(read_any)
    return None


def _one_enum(read_any: Reader) -> Reader:
    """A reader of an array of enum members, all of one enum, from ``read_any``."""

    def read_one_enum(value: Any) -> tuple[Any, ...]:
        found: tuple[Any, ...] = read_any(value)
        if len({type(member) for member in found}) > 1:
            raise GiveUp
        return found

    return read_one_enum


# --------------------------------------------------------------------------
# Writers


class _NoWriter(Exception):
    """A type the quick writer does not handle; the converter writes the document."""


class Wrong(Exception):
    """A value of a type its field does not declare, met by a quick writer.

    The caller then walks the value with
    :func:`~princes_of_florence.serialization.converter.value_problems` to name it.
    """


def _as_is(kind: Any) -> bool:
    """Whether JSON writes every value of ``kind`` as the converter writes it."""
    if kind in (int, bool, str, type(None)):
        return True
    if is_enum(kind):  # a text enum member is written as its text
        return issubclass(kind, str) and all(member == member.value for member in kind)
    members = union_members(kind)
    if members is not None:
        return all(_as_is(member) for member in members)
    if is_tuple(kind):  # JSON writes a tuple as an array
        return all(_as_is(arg) for arg in get_args(kind) if arg is not Ellipsis)
    return False


def _values_by_identity(kind: type[Enum]) -> dict[int, Any]:
    """The value of each member of ``kind`` by the member's ``id``: reading ``.value``, or
    hashing a member, runs Python code each time."""
    return {id(member): member.value for member in kind}


def _quick_writer(kind: Any, unions: Unions, fresh: Collection[type]) -> Writer | None:
    """A writer of ``kind``, or ``None`` where the value is written as it is.

    Every writer checks the type of what it writes (its own class, a tuple, an
    enum member) and raises :class:`Wrong` on anything else; a field written
    as it is is checked by its class's writer (see :func:`_check_of`).
    """
    if _as_is(kind):
        return None
    if is_enum(kind):  # a plain enum: its value, as the converter writes it
        if not all(type(member.value) in (str, int) for member in kind):
            raise _NoWriter(kind)
        values = _values_by_identity(kind)

        def write_enum(member: Any) -> Any:
            if type(member) is not kind:
                raise Wrong
            return values[id(member)]

        return write_enum
    members = union_members(kind)
    if members is not None:
        present = tuple(m for m in members if m is not type(None))
        if len(present) == 1:
            inner = _quick_writer(present[0], unions, fresh)
            assert inner is not None  # else the union is written as it is

            def write_optional(value: Any) -> Any:
                return None if value is None else inner(value)

            return write_optional if len(present) < len(members) else inner
        union = next((u for u in unions.tagged if set(present) == set(u.members)), None)
        if union is None:
            raise _NoWriter(kind)
        writers = {
            cls: _attrs_writer(cls, unions, fresh, snake(cls.__name__)) for cls in union.members
        }
        optional = len(present) < len(members)

        def write_tagged(value: Any) -> Any:
            if value is None and optional:
                return None
            write_member = writers.get(type(value))
            if write_member is None:
                raise Wrong
            return write_member(value)

        return write_tagged
    if is_tuple(kind):
        args = get_args(kind)
        if len(args) != 2 or args[1] is not Ellipsis:
            return _fixed_tuple_writer(args, unions, fresh)
        item = _quick_writer(args[0], unions, fresh)
        assert item is not None  # else the tuple is written as it is
        if is_enum(args[0]):  # the members' types checked in C, their values by identity
            kinds = frozenset([args[0]])
            values = _values_by_identity(args[0])

            def write_enums(value: Any) -> list[Any]:
                if type(value) is not tuple or not kinds.issuperset(map(type, value)):
                    raise Wrong
                return [values[id(member)] for member in value]

            return write_enums

        def write_items(value: Any) -> list[Any]:
            if type(value) is not tuple:
                raise Wrong
            return [item(v) for v in value]

        return write_items
    if attrs.has(kind):
        return _attrs_writer(kind, unions, fresh)
    raise _NoWriter(kind)


def _fixed_tuple_writer(args: Sequence[Any], unions: Unions, fresh: Collection[type]) -> Writer:
    """A writer of a tuple of ``len(args)`` items, each of its own type (``tuple[Stage, int]``).

    An item that JSON writes as it is is checked, the others written by their writers.
    """
    items: list[tuple[Writer | None, Callable[[Any], bool]]] = []
    for arg in args:
        write_item = _quick_writer(arg, unions, fresh)
        scope = _check_scope(unions)
        exec(f"def check(v):\n    return {_check_of(arg, 'v', scope)}", scope)  # built above
        items.append((write_item, scope["check"]))
    count = len(items)

    def write_fixed(value: Any) -> list[Any]:
        if type(value) is not tuple or len(value) != count:
            raise Wrong
        written = []
        for (write_item, check), item in zip(items, value, strict=True):
            if write_item is not None:
                written.append(write_item(item))
            elif check(item):
                written.append(item)
            else:
                raise Wrong
        return written

    return write_fixed


def _check_scope(unions: Unions) -> dict[str, Any]:
    """The names the checks of :func:`_check_of` use, for a game of ``unions``."""
    return {"LARGEST": LARGEST, "IntEnum": IntEnum, "INT_MEMBERS": unions.int_members}


def _check_of(kind: Any, name: str, scope: dict[str, Any]) -> str:
    """Python source that is true when ``name`` holds a value of ``kind`` written as it is.

    Integers are checked to lie in the range of a document's integers; a
    member of an enum of integers is one where the game's unions allow it
    (:attr:`~princes_of_florence.serialization.converter.Unions.int_members`,
    in ``scope`` as made by :func:`_check_scope`).  Constants it needs (enum
    classes, sets of them) are put in ``scope``.
    """
    int_members = scope["INT_MEMBERS"]
    if kind is int and int_members:
        return (
            f"((type({name}) is int or isinstance({name}, IntEnum))"
            f" and -LARGEST < {name} < LARGEST)"
        )
    if kind is int:
        return f"(type({name}) is int and -LARGEST < {name} < LARGEST)"
    if kind in (bool, str):
        return f"type({name}) is {kind.__name__}"
    if kind is type(None):
        return f"{name} is None"
    if is_enum(kind):
        constant = f"k{len(scope)}"
        scope[constant] = kind
        return f"type({name}) is {constant}"
    members = union_members(kind)
    if members is not None:
        enums = [m for m in members if is_enum(m)]
        parts = [_check_of(m, name, scope) for m in members if not is_enum(m)]
        if enums:
            constant = f"k{len(scope)}"
            scope[constant] = frozenset(enums)
            parts.append(f"type({name}) in {constant}")
        return "(" + " or ".join(parts) + ")"
    args = get_args(kind)
    exact = args[0] in (int, bool) and not (args[0] is int and int_members) if args else False
    if len(args) == 2 and args[1] is Ellipsis and (exact or is_enum(args[0])):
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


CHECKED_MAX = 4096
"""How many instances of one class a quick writer remembers as checked.

The values are frozen, and a state shares most of them with the state
before it (the players who did not move, their principalities, the
configuration): each is checked once, not on every write.  The
instance itself is kept with its ``id``, so the ``id`` of a value gone is
never taken for another's.
"""


def _attrs_writer(
    cls: Any, unions: Unions, fresh: Collection[type], tag: str | None = None
) -> Writer:
    """A writer of the attrs class ``cls``, its fields in order, after ``tag`` if given.

    It writes only an instance of exactly ``cls`` whose fields hold their
    declared types, and raises :class:`Wrong` otherwise.
    """
    hints = get_type_hints(cls)
    checked: dict[int, Any] = {}
    scope = _check_scope(unions)
    scope.update(cls=cls, Wrong=Wrong, checked=checked, CHECKED_MAX=CHECKED_MAX)
    parts = [f"{unions.tag!r}: {tag!r}"] if tag is not None else []
    lines = ["def write(value):", "    if type(value) is not cls:", "        raise Wrong"]
    checks = []
    written = [field for field in attrs.fields(cls) if field.init]  # as the converter writes
    for index, field in enumerate(written):
        kind = hints[field.name]
        lines.append(f"    f{index} = value.{field.name}")
        write_field = _quick_writer(kind, unions, fresh)
        if write_field is None:
            checks.append(_check_of(kind, f"f{index}", scope))
            parts.append(f"{field.name!r}: f{index}")
        else:
            scope[f"write{index}"] = write_field
            parts.append(f"{field.name!r}: write{index}(f{index})")
    if checks and cls in fresh:  # made anew for every move: always checked
        lines += [f"    if not ({' and '.join(checks)}):", "        raise Wrong"]
    elif checks:  # frozen values shared by many states: each instance checked once
        lines += [
            "    if checked.get(id(value)) is not value:",
            f"        if not ({' and '.join(checks)}):",
            "            raise Wrong",
            "        if len(checked) >= CHECKED_MAX:",
            "            checked.clear()",
            "        checked[id(value)] = value",
        ]
    lines.append(f"    return {{{', '.join(parts)}}}")
    exec("\n".join(lines), scope)  # source built above from the class's fields
    write: Writer = scope["write"]
    return write


def writer(kind: Any, unions: Unions, fresh: Collection[type] = ()) -> Writer | None:
    """A writer of ``kind``, or ``None`` if some part of it has none (or JSON writes it as it is).

    Args:
        kind: the type written, an attrs class.
        unions: the game's unions, as its converter was made with.
        fresh: the classes whose instances are new in every value written
            (a state): their fields are checked every time; the fields of an
            instance of another class are checked once per instance (the last
            :data:`CHECKED_MAX` of them are remembered).

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Score:
        ...     points: int
        >>> write = writer(Score, Unions())
        >>> write(Score(7))
        {'points': 7}
        >>> write(Score("7"))
        Traceback (most recent call last):
        ...
        princes_of_florence.serialization.quick.Wrong
    """
    try:
        return _quick_writer(kind, unions, fresh)
    except _NoWriter:
        return None


class Writers:
    """A game's quick writers of its documents, each written out on first use.

    Args:
        kinds: each kind of document with the type it holds; a value of a
            member of a tagged union (a move, an event) is written with its
            tag, by the writer of its union.
        unions: the game's unions, as its converter was made with.
        fresh: as for :func:`writer`.

    Example:
        >>> import attrs
        >>> from princes_of_florence.serialization.converter import TaggedUnion
        >>> @attrs.frozen
        ... class Roll:
        ...     dice: int
        >>> @attrs.frozen
        ... class Stop:
        ...     pass
        >>> unions = Unions(tagged=(TaggedUnion((Roll, Stop), "move"),))
        >>> writers = Writers((("move", Roll | Stop),), unions)
        >>> writers.data(Roll(3))
        ('move', {'type': 'roll', 'dice': 3})
        >>> writers.data(Roll("3")) is None  # the caller names the wrong value
        True
    """

    __slots__ = ("_fresh", "_kind_of", "_unions", "_writers")

    def __init__(
        self,
        kinds: Sequence[tuple[str, Any]],
        unions: Unions,
        fresh: Collection[type] = (),
    ) -> None:
        self._kind_of: dict[type, tuple[str, Any]] = {}
        for kind, cls in kinds:
            for member in union_members(cls) or (cls,):
                self._kind_of.setdefault(member, (kind, cls))
        self._unions = unions
        self._fresh = fresh
        self._writers: dict[Any, Writer | None] = {}

    def __len__(self) -> int:
        """How many writers are written out so far."""
        return len(self._writers)

    def data(self, value: object) -> tuple[str, Any] | None:
        """The kind of document and the data of ``value``, or ``None``: no writer
        for its class, or a part of it of a type its field does not declare
        (the caller walks it with
        :func:`~princes_of_florence.serialization.converter.value_problems`)."""
        found = self._kind_of.get(type(value))
        if found is None:
            return None
        kind, cls = found
        data = self.data_as(cls, value)
        return None if data is None else (kind, data)

    def events_data(
        self,
        events: tuple[Any, ...],
        event: Any,
        make_converter: Callable[[], cattrs.Converter],
        error: type[SerializationError] = SerializationError,
    ) -> list[Any]:
        """The data of a list of events, each with its tag: written by the quick writer
        of ``tuple[event, ...]`` (``event`` the union of the game's events), else, once
        :func:`~princes_of_florence.serialization.converter.refuse_wrong_types` has
        found nothing of a wrong type (else it raises ``error``), by the converter."""
        kind = tuple[event, ...]
        data = self.data_as(kind, events)
        if data is None:
            refuse_wrong_types("events", events, kind, self._unions, error)
            converter = make_converter()
            data = [converter.unstructure(item) for item in events]
        return cast("list[Any]", data)

    def data_as(self, kind: Any, value: object) -> Any:
        """The data of ``value`` written as a ``kind``, or ``None`` where :meth:`data` gives
        ``None`` (no writer of ``kind``, or a value of the wrong type)."""
        try:
            write = self._writers[kind]
        except KeyError:
            write = self._writers[kind] = writer(kind, self._unions, self._fresh)
        if write is None:
            return None
        try:
            return write(value)
        except Exception:  # Wrong, or what a value of another type raised
            return None
