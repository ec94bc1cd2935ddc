"""Values worked out from an immutable object, kept while the object lives.

States, views and their parts are immutable, so anything computed from one of
them (a player's public part, a section of an observation vector, the legal
actions of a state) stays true for as long as the object exists.
:class:`IdentityMemo` keeps such values by the identity of the object they
were computed from, and forgets each when its object is freed: it never keeps
an object alive, so a learner's loop does not accumulate old states for the
garbage collector to walk through.

>>> class Board:
...     pass
>>> memo: IdentityMemo[Board, int] = IdentityMemo(limit=8)
>>> board = Board()
>>> memo.get(board) is None
True
>>> memo.put(board, 42)
>>> memo.get(board), len(memo)
(42, 1)
>>> del board
>>> len(memo)
0
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any, Generic, TypeVar, cast

import attrs

__all__ = ["IdentityMemo", "TextMemo", "typed_key"]

_K = TypeVar("_K")
"""The type of the objects values are kept for (each must accept weak references)."""
_V = TypeVar("_V")
"""The type of the values kept."""


class _Entry(weakref.ref):  # type: ignore[type-arg]  # holds any key; the memo types it
    """A weak reference to a key that carries the key's identity and its value: one object
    per entry, so that a full memo gives the garbage collector little to walk through."""

    __slots__ = ("ident", "value")

    ident: int
    value: Any


class IdentityMemo(Generic[_K, _V]):
    """Values by the identity of the live object each was computed from.

    Args:
        limit: entries held before the memo is emptied, so that a burst of
            live objects cannot make it grow without bound.
    """

    __slots__ = ("_entries", "_forget", "_limit")

    def __init__(self, limit: int) -> None:
        entries: dict[int, _Entry] = {}

        def forget(entry: _Entry) -> None:  # the key was freed
            if entries.get(entry.ident) is entry:
                del entries[entry.ident]

        self._entries = entries
        self._forget = forget
        self._limit = limit

    def get(self, key: _K) -> _V | None:
        """The value kept for ``key`` (this very object), or ``None``."""
        entry = self._entries.get(id(key))
        if entry is not None and entry() is key:
            value: _V = entry.value
            return value
        return None

    def put(self, key: _K, value: _V) -> None:
        """Keep ``value`` for ``key`` until ``key`` is freed (or the memo is emptied)."""
        entries = self._entries
        if len(entries) >= self._limit:
            entries.clear()
        entry = _Entry(key, self._forget)
        entry.ident = ident = id(key)
        entry.value = value
        entries[ident] = entry

    def clear(self) -> None:
        """Forget every value."""
        self._entries.clear()

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._entries)


def typed_key(value: object) -> object:
    """A key equal for two values exactly when they are equal with the same types all
    through: ``1`` and ``True`` (equal in Python) give different keys, as do ``0.0``
    and ``-0.0``, so that a text written from one value is the text of any value of
    the same key.

    For tuples and attrs instances (the parts of states and events), other values
    as they are.

    >>> typed_key((1, True)) == typed_key((1, 1)), typed_key((1, 2)) == typed_key((1, 2))
    (False, True)
    """
    kind = value.__class__
    if kind is tuple:
        return (kind, tuple([typed_key(item) for item in cast("tuple[object, ...]", value)]))
    if kind is float:
        return (kind, cast("float", value).hex())
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = (
            tuple(field.name for field in attrs.fields(kind)) if attrs.has(kind) else ()
        )
    if names:
        return (kind, tuple([typed_key(getattr(value, name)) for name in names]))
    return (kind, value)


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}
"""The field names of each attrs class :func:`typed_key` met (empty for any other class)."""


class TextMemo(Generic[_K]):
    """The texts ``write`` makes of immutable values, found again by identity or by value.

    ``write`` must depend on its argument's value alone (as a JSON writer does);
    a value it refuses (raising) leaves nothing kept.  The values must accept weak
    references (as attrs classes do).  A value met again is found
    by its identity (one dictionary look-up) or, for another object of the same
    value (:func:`typed_key`), by value.

    Args:
        write: makes the text of a value.
        limit: entries of each table before it is emptied.

    >>> @attrs.frozen
    ... class Pair:
    ...     left: int
    ...     right: int
    >>> texts: TextMemo[Pair] = TextMemo(repr, limit=8)
    >>> texts.text(Pair(1, 2)), texts.text(Pair(1, True)), texts.text(Pair(1, 2))
    ('Pair(left=1, right=2)', 'Pair(left=1, right=True)', 'Pair(left=1, right=2)')
    """

    __slots__ = ("_by_identity", "_by_value", "_limit", "_write")

    def __init__(self, write: Callable[[_K], str], limit: int) -> None:
        self._write = write
        self._limit = limit
        self._by_identity: IdentityMemo[_K, str] = IdentityMemo(limit)
        self._by_value: dict[object, str] = {}

    def text(self, value: _K) -> str:
        """``write(value)``, written once per value."""
        text = self._by_identity.get(value)
        if text is None:
            key = typed_key(value)
            try:
                text = self._by_value.get(key)
            except TypeError:  # a part that cannot be hashed (a list...): written anew
                return self._write(value)
            if text is None:
                text = self._write(value)
                if len(self._by_value) >= self._limit:
                    self._by_value.clear()
                self._by_value[key] = text
            self._by_identity.put(value, text)
        return text
