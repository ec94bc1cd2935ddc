"""The 7x7 principality grid as bitmasks, and every placement of a shape.

Cells are named as on a chessboard: files ``a`` to ``g`` from left to right,
ranks ``1`` to ``7`` from bottom to top, so ``a1`` is the bottom-left cell.
Internally a cell is the index ``rank * 7 + file`` (``a1`` = 0, ``g7`` = 48)
and a set of cells is an ``int`` with bit *i* set for cell *i*.

A shape is a tuple of ``(x, y)`` cells (``x`` = file, ``y`` = rank, ``y``
growing upward).  :func:`placements_of` precomputes, once per shape, every
distinct placement of every rotation and reflection that lies inside the grid
and off the palazzo, each with its edge-neighbour mask (the *halo*), so that
the legality tests of ruling R21 are two integer ``and`` operations.

>>> parse_cell("a1"), parse_cell("g7")
(0, 48)
>>> cells_notation(parse_cells("d3-c4-d2"))
'c4-d2-d3'
>>> len(orientations(((0, 0), (1, 0), (2, 0))))
2
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

import attrs

from princes_of_florence.errors import GeometryError

__all__ = [
    "CELL_NAMES",
    "FULL_MASK",
    "GRID_SIZE",
    "PALAZZO_MASK",
    "USABLE_MASK",
    "Placement",
    "cell_name",
    "cells_notation",
    "is_connected",
    "mask_cells",
    "neighbour_mask",
    "orientations",
    "parse_cell",
    "parse_cells",
    "placements_of",
    "popcount",
]

GRID_SIZE = 7
"""Width and height of a principality."""

_FILES = "abcdefg"

CELL_NAMES: tuple[str, ...] = tuple(
    f"{_FILES[i % GRID_SIZE]}{i // GRID_SIZE + 1}" for i in range(GRID_SIZE * GRID_SIZE)
)
"""Name of every cell, indexed by cell number."""

_CELL_INDEX = {name: i for i, name in enumerate(CELL_NAMES)}

FULL_MASK = (1 << (GRID_SIZE * GRID_SIZE)) - 1
"""Every cell of the grid."""

PALAZZO_MASK = sum(1 << _CELL_INDEX[c] for c in ("a1", "b1", "c1", "a2", "b2", "c2"))
"""The palazzo: a1 b1 c1 a2 b2 c2 (components.md)."""

USABLE_MASK = FULL_MASK & ~PALAZZO_MASK
"""The 43 cells a tile may cover."""

Shape = tuple[tuple[int, int], ...]


def popcount(mask: int) -> int:
    """Number of cells in ``mask``.

    >>> popcount(PALAZZO_MASK)
    6
    """
    return mask.bit_count()


def cell_name(index: int) -> str:
    """Name of the cell with the given index (0 = ``a1``)."""
    if not 0 <= index < GRID_SIZE * GRID_SIZE:
        raise GeometryError(f"cell index {index} is outside the 7x7 grid")
    return CELL_NAMES[index]


def parse_cell(name: str) -> int:
    """Index of a cell given by name, such as ``"c4"``.

    Raises:
        GeometryError: ``name`` is not a cell of the grid.
    """
    try:
        return _CELL_INDEX[name]
    except KeyError:
        raise GeometryError(f"{name!r} is not a cell name (a1 to g7)") from None


def mask_cells(mask: int) -> tuple[int, ...]:
    """Indexes of the cells in ``mask``, ascending."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def cells_notation(mask: int) -> str:
    """A cell set as its sorted cell names joined by ``-`` (``c4-d2-d3``)."""
    return "-".join(sorted(CELL_NAMES[i] for i in mask_cells(mask)))


def parse_cells(text: str) -> int:
    """Parse ``-``-separated cell names into a mask.

    Raises:
        GeometryError: a name is not a cell, or a cell is repeated.
    """
    mask = 0
    for name in text.split("-"):
        bit = 1 << parse_cell(name)
        if mask & bit:
            raise GeometryError(f"cell {name} is named twice in {text!r}")
        mask |= bit
    return mask


def neighbour_mask(mask: int) -> int:
    """Cells outside ``mask`` that share an edge with a cell of ``mask``."""
    out = 0
    for i in mask_cells(mask):
        x, y = i % GRID_SIZE, i // GRID_SIZE
        if x > 0:
            out |= 1 << (i - 1)
        if x < GRID_SIZE - 1:
            out |= 1 << (i + 1)
        if y > 0:
            out |= 1 << (i - GRID_SIZE)
        if y < GRID_SIZE - 1:
            out |= 1 << (i + GRID_SIZE)
    return out & ~mask


def is_connected(cells: Iterable[tuple[int, int]]) -> bool:
    """Whether ``cells`` form one edge-connected piece (an empty set does not).

    >>> is_connected([(0, 0), (1, 1)])
    False
    """
    todo = set(cells)
    if not todo:
        return False
    stack = [todo.pop()]
    while stack:
        x, y = stack.pop()
        for step in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if step in todo:
                todo.remove(step)
                stack.append(step)
    return not todo


def _normalise(cells: Iterable[tuple[int, int]]) -> Shape:
    pts = list(cells)
    min_x = min(x for x, _ in pts)
    min_y = min(y for _, y in pts)
    return tuple(sorted((x - min_x, y - min_y) for x, y in pts))


def orientations(shape: Shape) -> tuple[Shape, ...]:
    """Every distinct rotation and reflection of ``shape``, normalised, sorted."""
    seen: set[Shape] = set()
    for flip in (False, True):
        pts = [(-x, y) if flip else (x, y) for x, y in shape]
        for _ in range(4):
            pts = [(y, -x) for x, y in pts]
            seen.add(_normalise(pts))
    return tuple(sorted(seen))


@attrs.frozen
class Placement:
    """One way to lay a tile on the grid.

    Attributes:
        mask: the cells the tile covers.
        halo: the cells outside the tile that share an edge with it.
        notation: the cells as sorted names joined by ``-``.
    """

    mask: int
    halo: int
    notation: str = attrs.field(
        default=attrs.Factory(lambda self: cells_notation(self.mask), takes_self=True),
        eq=False,
        repr=False,
    )

    def __str__(self) -> str:
        return self.notation


@cache
def placements_of(shape: Shape) -> tuple[Placement, ...]:
    """Every placement of ``shape`` inside the grid and off the palazzo.

    All rotations and reflections are included, each distinct cell set once.
    The order is fixed: ascending by notation (the sorted cell names joined
    with ``-``, compared as strings), which is the order in which
    ``legal_placements`` lists them.

    >>> [str(p) for p in placements_of(((0, 0), (1, 0)))][:3]
    ['a3-a4', 'a3-b3', 'a4-a5']
    """
    masks: set[int] = set()
    for form in orientations(shape):
        width = max(x for x, _ in form) + 1
        height = max(y for _, y in form) + 1
        for dy in range(GRID_SIZE - height + 1):
            for dx in range(GRID_SIZE - width + 1):
                mask = 0
                for x, y in form:
                    mask |= 1 << ((y + dy) * GRID_SIZE + x + dx)
                if not mask & PALAZZO_MASK:
                    masks.add(mask)
    placed = [Placement(mask=m, halo=neighbour_mask(m)) for m in masks]
    placed.sort(key=str)
    return tuple(placed)
