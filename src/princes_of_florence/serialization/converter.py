"""A strict cattrs converter for any game's attrs classes, and the checks of values written.

This module is generic: it knows no game.  A game describes the few types
that JSON cannot tell apart by themselves, its :class:`Unions`:

* a union of attrs classes (the moves, the events) is a :class:`TaggedUnion`:
  each member is written as an object whose tag (``"type"``) is the class
  name in snake case (``return_person``), followed by its fields in
  declaration order;
* a union of enums read as one type (a card of any deck) is an
  :class:`EnumUnion`: a value is the member of the first enum that has it;
* a union of tuples of one enum each (the cards shown, all of one deck) is
  an :class:`EnumTuples`.

:func:`make_converter` builds the converter from them.  It reads strictly:
an integer is an ``int`` (not a ``bool``, a float or a text) of less than 64
bits, a text is a ``str``, an enum member is one of its values, an object
has exactly its class's fields (those with a default may be left out), an
array of more than :data:`~princes_of_florence.limits.MAX_ITEMS` items (or
the game's :attr:`Unions.max_items`) is refused before its items are read.
Every bad value is named with its path by :func:`structure`.  cattrs is imported on first use only.

:func:`value_problems` is the other direction: it walks a value about to be
written and names every field that does not hold its declared type, so that
no document is written that no loader would read.

>>> import attrs
>>> @attrs.frozen
... class Roll:
...     die: int
>>> @attrs.frozen
... class Keep:
...     dice: tuple[int, ...]
>>> unions = Unions(tagged=(TaggedUnion((Roll, Keep), "move"),))
>>> conv = make_converter(unions)
>>> conv.unstructure(Keep((6, 6)))
{'type': 'keep', 'dice': [6, 6]}
>>> structure(conv, {"type": "roll", "die": "6"}, Roll | Keep, "move")
Traceback (most recent call last):
...
princes_of_florence.errors.SerializationError: invalid move document: \
expected an integer, not '6' @ $.data.die

A game adopting it builds its converter once, on first use, with
:func:`checked_converter` (as The Princes of Florence's
:mod:`princes_of_florence.serialization.princes` does), tries its quick reader
(:mod:`princes_of_florence.serialization.quick`) first and calls
:func:`structure` when that gives up.
"""

from __future__ import annotations

import functools
import operator
import re
import types
from collections.abc import Callable, Sequence
from enum import Enum, IntEnum, StrEnum
from typing import TYPE_CHECKING, Any, Union, cast, get_args, get_origin, get_type_hints

import attrs

from princes_of_florence.errors import ConfigError, SerializationError
from princes_of_florence.limits import MAX_ERRORS, MAX_ITEMS, shorten
from princes_of_florence.serialization.envelope import Invalid, kind_of, listed

if TYPE_CHECKING:
    import cattrs

__all__ = [
    "LARGEST",
    "EnumTuples",
    "EnumUnion",
    "TaggedUnion",
    "Unions",
    "checked_converter",
    "is_enum",
    "is_tuple",
    "make_converter",
    "refuse_wrong_types",
    "snake",
    "structure",
    "union_members",
    "value_problems",
]

LARGEST = 2**64
"""No integer in a document is this large, or as large negated (seeds are below it)."""


@attrs.frozen
class TaggedUnion:
    """A union of attrs classes, each written as an object with a tag naming its class.

    Attributes:
        members: the classes of the union, as ``typing.get_args`` gives them.
        what: what a message calls a value of the union (``"move"``).

    Example:
        >>> import attrs
        >>> @attrs.frozen
        ... class Pass:
        ...     pass
        >>> TaggedUnion((Pass,), "move").what
        'move'
    """

    members: tuple[type, ...]
    what: str


@attrs.frozen
class EnumUnion:
    """A union of enums read as one type: a value is the first enum's member that has it.

    Attributes:
        kinds: the enums, in the order they are tried.
        what: what a message calls a value of the union (``"card"``).

    Example:
        >>> from enum import StrEnum
        >>> class Suit(StrEnum):
        ...     HEARTS = "hearts"
        >>> EnumUnion((Suit,), "card").kinds
        (<enum 'Suit'>,)
    """

    kinds: tuple[type[Enum], ...]
    what: str


@attrs.frozen
class EnumTuples:
    """A union of tuples of one enum each (``tuple[A, ...] | tuple[B, ...]``).

    Each item of an array is read as the :class:`EnumUnion` of the same
    enums (which the game declares too, for its name in messages); the items
    must all come from one enum.

    Attributes:
        kinds: the enums, in the order they are tried.
        mixed: the message when the items of an array come from several.

    Example:
        >>> from enum import StrEnum
        >>> class Suit(StrEnum):
        ...     HEARTS = "hearts"
        >>> EnumTuples((Suit,), "the cards must be of one suit").mixed
        'the cards must be of one suit'
    """

    kinds: tuple[type[Enum], ...]
    mixed: str


@attrs.frozen
class Unions:
    """The unions of one game's documents, and how they are written.

    Attributes:
        tagged: the unions of attrs classes (moves, events, ...), in order.
        enums: the unions of enums read as one type.
        enum_tuples: the unions of tuples of one enum each.
        renamed: fields renamed since documents were first written:
            ``(tag, old name, new name)``; a document with the old name reads
            as if it had the new.
        tag: the key naming a tagged object's class.
        int_members: whether a value written may hold a member of an enum of
            integers where an ``int`` is declared (a game whose engine builds
            such values): it is written as its integer, which reads back as
            an ``int`` equal to it.
        max_items: the longest array read, refused before its items are
            read (a game whose records hold more moves than
            :data:`~princes_of_florence.limits.MAX_ITEMS` sets more).

    Example:
        >>> Unions().tag
        'type'
    """

    tagged: tuple[TaggedUnion, ...] = ()
    enums: tuple[EnumUnion, ...] = ()
    enum_tuples: tuple[EnumTuples, ...] = ()
    renamed: tuple[tuple[str, str, str], ...] = ()
    tag: str = "type"
    int_members: bool = False
    max_items: int = MAX_ITEMS


# --------------------------------------------------------------------------
# Types


def snake(name: str) -> str:
    """A class name in snake case, as a tag writes it.

    >>> snake("ReturnPerson")
    'return_person'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def union_members(union: Any) -> tuple[Any, ...] | None:
    """The members of a union type, or ``None`` for any other type.

    >>> union_members(int | None), union_members(int)
    ((<class 'int'>, <class 'NoneType'>), None)
    """
    if get_origin(union) in (Union, types.UnionType):
        return get_args(union)
    return None


def is_tuple(kind: Any) -> bool:
    """Whether ``kind`` is a tuple type (``tuple[int, ...]``, ``tuple[int, int]``).

    >>> is_tuple(tuple[int, ...]), is_tuple(list[int])
    (True, False)
    """
    origin: Any = get_origin(kind)
    return origin is tuple


def is_enum(cls: Any) -> bool:
    """Whether ``cls`` is an enum class.

    >>> from enum import Enum
    >>> is_enum(Enum("Side", "LEFT RIGHT")), is_enum(int)
    (True, False)
    """
    return isinstance(cls, type) and issubclass(cls, Enum)


# --------------------------------------------------------------------------
# Hooks


def _structure_int(value: object, _: type) -> int:
    if type(value) is not int:
        raise Invalid(f"expected an integer, not {shorten(value)}")
    if not -LARGEST < value < LARGEST:
        raise Invalid(f"{shorten(value)} is out of range")
    return value


def _structure_bool(value: object, _: type) -> bool:
    if type(value) is not bool:
        raise Invalid(f"expected true or false, not {shorten(value)}")
    return value


def _structure_str(value: object, _: type) -> str:
    if type(value) is not str:
        raise Invalid(f"expected a string, not {kind_of(value)}")
    return value


def _member(value: object, cls: type[Enum]) -> Enum | None:
    """The member of ``cls`` whose value is exactly ``value``, or ``None``.

    Exactly: ``True`` and ``1.0`` equal ``1``, yet name no member of an enum
    of integers, as ``"1"`` names none.

    >>> from enum import IntEnum
    >>> class Die(IntEnum):
    ...     ONE = 1
    >>> _member(1, Die), _member(True, Die), _member(1.0, Die)
    (<Die.ONE: 1>, None, None)
    """
    try:
        member = cls(value)
    except (ValueError, TypeError):  # TypeError: an unhashable value
        return None
    return None if isinstance(value, bool | float) else member


def _structure_enum(value: object, cls: type[Enum]) -> Enum:
    member = _member(value, cls)
    if member is None:
        raise Invalid(f"{shorten(value)} is not a {cls.__name__}")
    return member


def _choose_enum(value: object, kinds: Sequence[type[Enum]], what: str) -> Enum:
    for kind in kinds:
        member = _member(value, kind)
        if member is not None:
            return member
    raise Invalid(f"{shorten(value)} is not a {what}")


def _is_enum_union(union: Any, kinds: Sequence[type[Enum]]) -> bool:
    members = union_members(union)
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


def _is_enum_tuples(union: Any, kinds: Sequence[type[Enum]]) -> bool:
    """``tuple[A, ...] | tuple[B, ...] | ...`` for the enums ``kinds``, ``None`` allowed."""
    members = union_members(union)
    if members is None:
        return False
    shown = {m for m in members if m is not type(None)}
    return shown == {tuple[kind, ...] for kind in kinds}  # type: ignore[valid-type]


def _structure_items(
    value: object, kinds: Sequence[Any], whole: Any, conv: cattrs.Converter, max_items: int
) -> list[Any]:
    """Structure the items of a JSON array, each path noted for error messages."""
    from cattrs.errors import IterableValidationError, IterableValidationNote

    if not isinstance(value, list):
        raise Invalid(f"expected an array, not {kind_of(value)}")
    if len(value) > max_items:
        raise Invalid(f"an array of {len(value)} items; at most {max_items}")
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


def _enum_tuples_hook(
    conv: cattrs.Converter, spec: EnumTuples, max_items: int
) -> Callable[[Any], Any]:
    item: Any = functools.reduce(operator.or_, spec.kinds)  # the enums read as one, in order

    def factory(union: Any) -> Callable[[object, Any], Any]:
        optional = type(None) in get_args(union)

        def hook(value: object, _: Any) -> tuple[Enum, ...] | None:
            if value is None and optional:
                return None
            kinds = [item] * (len(value) if isinstance(value, list) else 0)
            found = _structure_items(value, kinds, union, conv, max_items)
            if len({type(member) for member in found}) > 1:
                raise Invalid(spec.mixed)
            return tuple(found)

        return hook

    return factory


def _tuple_hook(conv: cattrs.Converter, max_items: int) -> Callable[[Any], Any]:
    def factory(whole: Any) -> Callable[[object, Any], tuple[Any, ...]]:
        args = get_args(whole)
        if len(args) == 2 and args[1] is Ellipsis:

            def homogeneous(value: object, _: Any) -> tuple[Any, ...]:
                kinds = [args[0]] * (len(value) if isinstance(value, list) else 0)
                return tuple(_structure_items(value, kinds, whole, conv, max_items))

            return homogeneous

        def fixed(value: object, _: Any) -> tuple[Any, ...]:
            if isinstance(value, list) and len(value) != len(args):
                raise Invalid(f"expected an array of {len(args)} items, not {len(value)}")
            return tuple(_structure_items(value, args, whole, conv, max_items))

        return fixed

    return factory


def _attrs_hook(conv: cattrs.Converter) -> Callable[[Any], Any]:
    from cattrs.gen import make_dict_structure_fn

    def factory(cls: Any) -> Callable[[object, Any], Any]:
        generated: Callable[[Any, Any], Any] = make_dict_structure_fn(cls, conv)
        names = frozenset(field.name for field in attrs.fields(cls))

        def hook(value: object, _: Any) -> Any:
            if not isinstance(value, dict):
                raise Invalid(f"expected an object, not {kind_of(value)}")
            if len(value) > len(names):  # said briefly, however many there are
                extra = sorted(key for key in value if key not in names)
                shown = ", ".join(key[:40] for key in extra[:MAX_ERRORS])
                more = f" and {len(extra) - MAX_ERRORS} more" if len(extra) > MAX_ERRORS else ""
                raise Invalid(f"extra fields found ({shown}{more})")
            return generated(value, cls)

        return hook

    return factory


def _tagged_hooks(conv: cattrs.Converter, spec: TaggedUnion, unions: Unions) -> None:
    """Structure and unstructure the union ``spec`` with a tag (``"type"``)."""
    from cattrs.gen import make_dict_unstructure_fn

    tag_key = unions.tag
    old_names = {(tag, old): new for tag, old, new in unions.renamed}
    by_tag: dict[str, type] = {}
    for cls in spec.members:
        tag = snake(cls.__name__)
        by_tag[tag] = cls
        generated: Callable[[Any], dict[str, Any]] = make_dict_unstructure_fn(cls, conv)

        def unstructure(obj: Any, _tag: str = tag, _gen: Any = generated) -> dict[str, Any]:
            return {tag_key: _tag, **_gen(obj)}

        conv.register_unstructure_hook(cls, unstructure)
    known = ", ".join(sorted(by_tag))
    what = spec.what
    a_what = f"{'an' if what[0] in 'aeiou' else 'a'} {what}"

    def renamed(tag: str, key: str, value: dict[str, Any]) -> str:
        """The current name of field ``key`` of a ``tag`` object, read from older documents."""
        new = old_names.get((tag, key))
        return key if new is None or new in value else new

    def is_it(union: Any) -> bool:
        found = union_members(union)
        return found is not None and set(found) - {type(None)} == set(spec.members)

    def factory(union: Any) -> Callable[[object, Any], Any]:
        optional = type(None) in get_args(union)

        def hook(value: object, _: Any) -> Any:
            if value is None and optional:
                return None
            if not isinstance(value, dict):
                raise Invalid(
                    f"expected {a_what} (an object with a {tag_key!r} tag), not {kind_of(value)}"
                )
            tag = value.get(tag_key)
            if tag is None:
                raise Invalid(f"{a_what} needs a {tag_key!r} tag (one of {known})")
            cls = by_tag.get(tag) if isinstance(tag, str) else None
            if cls is None:
                raise Invalid(f"unknown {what} tag {shorten(tag)}; expected one of {known}")
            body = {renamed(tag, key, value): item for key, item in value.items() if key != tag_key}
            return conv.get_structure_hook(cls)(body, cls)

        return hook

    conv.register_structure_hook_factory(is_it, factory)


def make_converter(unions: Unions) -> cattrs.Converter:
    """A strict converter of attrs classes, enums, tuples and the game's ``unions``.

    Example:
        >>> from enum import StrEnum
        >>> class Suit(StrEnum):
        ...     HEARTS = "hearts"
        >>> class Rank(StrEnum):
        ...     ACE = "ace"
        >>> conv = make_converter(Unions(enums=(EnumUnion((Suit, Rank), "card"),)))
        >>> conv.structure("ace", Suit | Rank)
        <Rank.ACE: 'ace'>
    """
    import cattrs

    conv = cattrs.Converter(forbid_extra_keys=True, detailed_validation=True)
    # Class hooks dispatch on the MRO: StrEnum comes before str in the MRO of
    # a string enum, IntEnum before int in that of an integer enum, so
    # registering them as well reads their members rather than plain values.
    conv.register_structure_hook(int, _structure_int)
    conv.register_structure_hook(bool, _structure_bool)
    conv.register_structure_hook(str, _structure_str)
    conv.register_structure_hook(StrEnum, _structure_enum)
    conv.register_structure_hook(IntEnum, _structure_enum)
    conv.register_structure_hook(Enum, _structure_enum)
    conv.register_unstructure_hook_func(is_enum, lambda member: member.value)
    conv.register_structure_hook_factory(is_tuple, _tuple_hook(conv, unions.max_items))
    conv.register_structure_hook_factory(attrs.has, _attrs_hook(conv))
    for enums in unions.enums:
        conv.register_structure_hook_factory(
            functools.partial(_is_enum_union, kinds=enums.kinds),
            _enum_union_hook(enums.kinds, enums.what),
        )
    for spec in unions.enum_tuples:
        conv.register_structure_hook_factory(
            functools.partial(_is_enum_tuples, kinds=spec.kinds),
            _enum_tuples_hook(conv, spec, unions.max_items),
        )
    for tagged in unions.tagged:
        _tagged_hooks(conv, tagged, unions)
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


def checked_converter(unions: Unions, sample: object, kind: Any) -> cattrs.Converter:
    """:func:`make_converter`, checked on one small value before it is handed out.

    A cattrs or attrs too old (or too new) for these hooks then fails here,
    with an :class:`ImportError` naming the installed versions, instead of
    every document being reported as invalid.

    Args:
        unions: the game's unions.
        sample: a value that must survive a round trip (a move).
        kind: its type, as the loader asks for it (the union of moves).

    Raises:
        ImportError: the round trip failed or gave another value.

    Example:
        >>> conv = checked_converter(Unions(), (1, 2), tuple[int, ...])
        >>> conv.structure([3], tuple[int, ...])
        (3,)
    """
    try:
        conv = make_converter(unions)
        if conv.structure(conv.unstructure(sample), kind) != sample:
            raise ValueError(f"{sample!r} did not survive a round trip")
    except Exception as error:
        raise _dependency_error(error) from error
    return conv


# --------------------------------------------------------------------------
# Reading with every problem named


_MAX_REASON = 400
"""The most characters of one reason a hook or a validator gives (a validator may quote
a whole value)."""


def _format(error: BaseException, kind: type | None) -> str:
    if isinstance(error, Invalid | ConfigError):  # ConfigError: a configuration's validators
        reason = str(error)
        return reason if len(reason) <= _MAX_REASON else f"{reason[:_MAX_REASON]}..."
    from cattrs.v import format_exception

    return format_exception(error, kind)


def _not_the_documents_fault(error: BaseException) -> BaseException | None:
    """The first error under ``error`` that no document can cause, if any.

    A document's faults reach the converter's caller as the errors the hooks
    raise (:class:`~princes_of_florence.serialization.envelope.Invalid`, a
    validator's :class:`~princes_of_florence.ConfigError`) or as the
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


def structure(
    conv: cattrs.Converter,
    data: object,
    cls: Any,
    kind: str,
    error: type[SerializationError] = SerializationError,
) -> Any:
    """``data`` (a document's ``data``) structured as ``cls`` by ``conv``.

    Args:
        conv: the game's converter.
        data: the JSON value.
        cls: the type to build.
        kind: the kind of document, as the message names it.
        error: the error raised, the game's own
            :class:`~princes_of_florence.SerializationError`.

    Raises:
        SerializationError: ``data`` is not a valid ``cls``; every bad value
            is named with its path (at most
            :data:`~princes_of_florence.limits.MAX_ERRORS` of them).

    Any other error (a fault of the code or of an installed dependency, not
    of the document) is raised as it is.

    Example:
        >>> structure(make_converter(Unions()), [1, True], tuple[int, ...], "dice")
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.SerializationError: invalid dice document: \
expected an integer, not True @ $.data[1]
    """
    import cattrs
    from cattrs.errors import ClassValidationError, IterableValidationError

    try:
        return conv.structure(data, cls)
    except Exception as problem:  # every failure of the document becomes a SerializationError
        broken = _not_the_documents_fault(problem)
        if broken is problem:  # a fault of the code or a dependency: shown as it is
            raise
        if broken is not None:
            raise broken from problem
        if isinstance(problem, ClassValidationError | IterableValidationError | Invalid):
            messages = cattrs.transform_error(problem, "$.data", _format)
        else:
            messages = [f"{type(problem).__name__}: {str(problem)[:200]} @ $.data"]
        raise error(f"invalid {kind} document: {listed(messages)}") from None


# --------------------------------------------------------------------------
# Checking values before they are written

_MISSING = object()
"""What :func:`value_problems` finds for a field an instance lacks."""


def _type_name(kind: Any, unions: Unions) -> str:
    """How a message names the type ``kind``."""
    names = {int: "an integer", bool: "true or false", str: "text", type(None): "None"}
    if kind in names:
        return names[kind]
    members = union_members(kind)
    if members is not None:
        present = set(members) - {type(None)}
        union = next(
            (
                f"{'an' if spec.what[0] in 'aeiou' else 'a'} {spec.what}"
                for spec in unions.tagged
                if present == set(spec.members)
            ),
            None,
        )
        named = (
            [union] if union else [_type_name(m, unions) for m in members if m is not type(None)]
        )
        return " or ".join(named + (["None"] if len(present) < len(members) else []))
    if is_tuple(kind):
        return "a tuple"
    name = getattr(kind, "__name__", str(kind))
    return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"


def _value_name(value: object) -> str:
    """How a message names a value of the wrong type: its type and a short ``repr``."""
    return "None" if value is None else f"{type(value).__name__} {shorten(value)}"


def _fits(value: object, kind: Any, unions: Unions) -> bool:
    """Whether ``value`` is of the outer type of ``kind`` (its items are checked later)."""
    if kind is int and unions.int_members and isinstance(value, IntEnum):
        return True  # written as its integer
    if kind is type(None):
        return value is None
    if is_tuple(kind):
        return type(value) is tuple
    return type(value) is kind


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    """The resolved annotations of the attrs class ``cls``, worked out once per class (a
    class's annotations do not change; resolving them is most of a check's cost).  The
    caller must not change the dictionary."""
    return get_type_hints(cls)


def value_problems(
    value: object, kind: Any, path: str, problems: list[str], unions: Unions
) -> None:
    """Add to ``problems`` every part of ``value`` that is not of its declared type ``kind``.

    Types are exact, as the loaders read them: an ``int`` (within the range of
    a document's integers) and not a ``bool`` or a ``float``, a member of the
    enum, a ``tuple`` and not a ``list``, an instance of the very class.  At
    most :data:`~princes_of_florence.limits.MAX_ERRORS` problems are added.

    >>> import attrs
    >>> @attrs.frozen
    ... class Bet:
    ...     amount: int
    ...     on: tuple[int, ...]
    >>> found: list[str] = []
    >>> value_problems(Bet(300.0, [1]), Bet, "$.data", found, Unions())
    >>> found
    ['expected an integer, not float 300.0 @ $.data.amount', \
'expected a tuple, not list [1] @ $.data.on']
    """
    if len(problems) >= MAX_ERRORS:
        return
    members = union_members(kind)
    if members is not None:
        fitting = [member for member in members if _fits(value, member, unions)]
        if not fitting:
            problems.append(
                f"expected {_type_name(kind, unions)}, not {type(value).__name__} "
                f"{shorten(value)} @ {path}"
            )
            return
        found: list[str] = []
        for member in fitting:  # several fit only for tuples of one enum or another's
            found = []
            value_problems(value, member, path, found, unions)
            if not found:
                return
        problems += found
        return
    if not _fits(value, kind, unions):
        problems.append(f"expected {_type_name(kind, unions)}, not {_value_name(value)} @ {path}")
    elif kind is int and not -LARGEST < cast("int", value) < LARGEST:
        problems.append(f"{shorten(value)} is out of range @ {path}")
    elif is_tuple(kind):
        args = get_args(kind)
        items = cast("tuple[Any, ...]", value)
        if len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],) * len(items)
        elif len(items) != len(args):
            problems.append(f"expected {len(args)} items, not {len(items)} @ {path}")
            return
        for index, (item, arg) in enumerate(zip(items, args, strict=True)):
            value_problems(item, arg, f"{path}[{index}]", problems, unions)
    elif attrs.has(kind):
        hints = _field_types(kind)
        for field in attrs.fields(kind):
            item = getattr(value, field.name, _MISSING)
            if item is _MISSING:
                problems.append(f"the field is missing @ {path}.{field.name}")
            else:
                value_problems(item, hints[field.name], f"{path}.{field.name}", problems, unions)


def refuse_wrong_types(
    kind: str,
    value: object,
    cls: Any,
    unions: Unions,
    error: type[SerializationError] = SerializationError,
) -> None:
    """Raise ``error`` naming each part of ``value`` that is not of its declared type.

    ``kind`` is the kind of document being written, as the message names it.

    >>> refuse_wrong_types("dice", (1, "2"), tuple[int, ...], Unions())
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: cannot write the dice: \
expected an integer, not str '2' @ $.data[1]
    """
    problems: list[str] = []
    value_problems(value, cls, "$.data", problems, unions)
    if problems:
        raise error(f"cannot write the {kind}: {listed(problems)}")
