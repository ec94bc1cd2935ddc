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
from typing import Any, Generic, TypeVar

__all__ = ["IdentityMemo"]

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
