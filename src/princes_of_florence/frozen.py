"""Copies of immutable values: ``copy.copy`` and ``copy.deepcopy`` give the value itself.

Every class the package hands out for a game (states, views, moves, events,
configurations, records) is frozen and holds only immutable values, so a
copy could never differ from the original.  :func:`share_copies` tells the
:mod:`copy` module so: copying a state for a search tree, or deep-copying an
environment that holds one, costs nothing.

>>> import copy
>>> import attrs
>>> @attrs.frozen
... class Point:
...     x: int
>>> share_copies(Point)
>>> point = Point(1)
>>> copy.copy(point) is point, copy.deepcopy([point])[0] is point
(True, True)
"""

from __future__ import annotations

from typing import Any

__all__ = ["share_copies"]


def _copy(self: object) -> object:
    return self


def _deepcopy(self: object, memo: dict[int, Any]) -> object:
    return self


def share_copies(*classes: type) -> None:
    """Make ``copy.copy`` and ``copy.deepcopy`` of instances of ``classes`` the instance.

    Only for frozen classes whose fields hold immutable values: a copy of
    such a value could never be told from the original.
    """
    for cls in classes:
        type.__setattr__(cls, "__copy__", _copy)
        type.__setattr__(cls, "__deepcopy__", _deepcopy)
