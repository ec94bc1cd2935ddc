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
from typing import Generic, TypeVar

__all__ = ["IdentityMemo"]

_K = TypeVar("_K")
"""The type of the objects values are kept for (each must accept weak references)."""
_V = TypeVar("_V")
"""The type of the values kept."""


class IdentityMemo(Generic[_K, _V]):
    """Values by the identity of the live object each was computed from.

    Args:
        limit: entries held before the memo is emptied, so that a burst of
            live objects cannot make it grow without bound.
    """

    __slots__ = ("_entries", "_limit")

    def __init__(self, limit: int) -> None:
        self._entries: dict[int, tuple[weakref.ref[_K], _V]] = {}
        self._limit = limit

    def get(self, key: _K) -> _V | None:
        """The value kept for ``key`` (this very object), or ``None``."""
        entry = self._entries.get(id(key))
        if entry is not None and entry[0]() is key:
            return entry[1]
        return None

    def put(self, key: _K, value: _V) -> None:
        """Keep ``value`` for ``key`` until ``key`` is freed (or the memo is emptied)."""
        entries = self._entries
        if len(entries) >= self._limit:
            entries.clear()
        ident = id(key)

        def forget(ref: weakref.ref[_K]) -> None:
            entry = entries.get(ident)
            if entry is not None and entry[0] is ref:
                del entries[ident]

        entries[ident] = (weakref.ref(key, forget), value)

    def clear(self) -> None:
        """Forget every value."""
        self._entries.clear()

    def __len__(self) -> int:
        """How many values are kept."""
        return len(self._entries)
