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

from collections.abc import Iterable, Sequence
from functools import cache

import attrs

from princes_of_florence.errors import ArgumentError, GeometryError
from princes_of_florence.limits import shorten

__all__ = [
    "CELL_NAMES",
    "FULL_MASK",
    "GRID_SIZE",
    "PALAZZO_MASK",
    "USABLE_MASK",
    "Border",
    "Placement",
    "StraddlingPlacement",
    "border_builders_needed",
    "cell_name",
    "cells_notation",
    "grow",
    "is_connected",
    "mask_cells",
    "neighbour_mask",
    "orientations",
    "parse_cell",
    "parse_cells",
    "parse_run",
    "part_builders_needed",
    "placements_avoiding",
    "placements_of",
    "popcount",
    "straddling_placements",
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
"""The palazzo's cells, a1 b1 c1 a2 b2 c2 (components.md)."""

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
    """Name of the cell with the given index (0 = ``a1``).

    Example:
        >>> cell_name(0), cell_name(parse_cell("d4"))
        ('a1', 'd4')
    """
    if type(index) is not int:
        raise ArgumentError.wrong_kind("cell_name", "a cell index (an int)", index)
    if not 0 <= index < GRID_SIZE * GRID_SIZE:
        raise GeometryError(f"cell index {_number(index)} is outside the 7x7 grid (0 to 48)")
    return CELL_NAMES[index]


def _number(value: int) -> str:
    """``value`` for an error message: its digits, or its size when it has too many."""
    return str(value) if abs(value) < 10**20 else f"of {value.bit_length()} bits"


def _check_mask(function: str, mask: object) -> None:
    """Refuse anything but a set of cells of the grid: an int from 0 to :data:`FULL_MASK`."""
    if type(mask) is not int:
        raise ArgumentError.wrong_kind(function, "a cell mask (an int)", mask)
    if not 0 <= mask <= FULL_MASK:
        raise GeometryError(
            f"mask {_number(mask)} is not a set of cells of the 7x7 grid (0 to 2**49 - 1)"
        )


def parse_cell(name: str) -> int:
    """Index of a cell given by name, such as ``"c4"``.

    Raises:
        GeometryError: ``name`` is not a cell of the grid.

    Example:
        >>> parse_cell("a1"), parse_cell("b1"), parse_cell("a2")
        (0, 1, 7)
    """
    if type(name) is not str:
        raise ArgumentError.wrong_kind("parse_cell", "a cell name (a str)", name)
    try:
        return _CELL_INDEX[name]
    except KeyError:
        raise GeometryError(f"{shorten(name)} is not a cell name (a1 to g7)") from None


def mask_cells(mask: int) -> tuple[int, ...]:
    """Indexes of the cells in ``mask``, ascending.

    Raises:
        ArgumentError: ``mask`` is not an int.
        GeometryError: ``mask`` is negative or holds a bit past the grid's 49 cells.

    Example:
        >>> [cell_name(cell) for cell in mask_cells(parse_cells("c4-d4-c5"))]
        ['c4', 'd4', 'c5']
        >>> mask_cells(-1)
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.GeometryError: mask -1 is not a set of cells of the 7x7 grid
        (0 to 2**49 - 1)
    """
    _check_mask("mask_cells", mask)
    return _mask_cells(mask)


def _mask_cells(mask: int) -> tuple[int, ...]:
    """:func:`mask_cells` of a mask known to be valid."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


def cells_notation(mask: int) -> str:
    """A cell set as its sorted cell names joined by ``-`` (``c4-d2-d3``).

    Raises:
        ArgumentError: ``mask`` is not an int.
        GeometryError: ``mask`` is negative or holds a bit past the grid's 49 cells.

    Example:
        >>> cells_notation(parse_cells("d5-c4"))
        'c4-d5'
        >>> cells_notation(0)
        ''
    """
    _check_mask("cells_notation", mask)
    return "-".join(sorted(CELL_NAMES[i] for i in _mask_cells(mask)))


def parse_cells(text: str) -> int:
    """Parse ``-``-separated cell names into a mask.

    Raises:
        GeometryError: a name is not a cell, or a cell is repeated.

    Example:
        >>> mask = parse_cells("c4-d4-c5")
        >>> bin(mask).count("1"), cells_notation(mask)
        (3, 'c4-c5-d4')
    """
    if type(text) is not str:
        raise ArgumentError.wrong_kind("parse_cells", "cell names (a str)", text)
    mask = 0
    for name in text.split("-"):
        bit = 1 << parse_cell(name)
        if mask & bit:
            raise GeometryError(f"cell {name} is named twice in {shorten(text)}")
        mask |= bit
    return mask


def neighbour_mask(mask: int) -> int:
    """Cells outside ``mask`` that share an edge with a cell of ``mask``."""
    out = 0
    for i in _mask_cells(mask):
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


_NOT_FILE_A = sum(1 << i for i in range(GRID_SIZE * GRID_SIZE) if i % GRID_SIZE != 0)
_NOT_FILE_G = sum(1 << i for i in range(GRID_SIZE * GRID_SIZE) if i % GRID_SIZE != GRID_SIZE - 1)


def grow(mask: int) -> int:
    """``mask`` and every cell of the grid sharing an edge with one of its cells.

    The same cells as ``mask | neighbour_mask(mask)``, by shifts: a step east
    or west must not wrap from one rank into the next.

    >>> cells_notation(grow(parse_cells("a1")))
    'a1-a2-b1'
    """
    return (
        mask
        | (mask << 1) & _NOT_FILE_A
        | (mask >> 1) & _NOT_FILE_G
        | (mask << GRID_SIZE) & FULL_MASK
        | mask >> GRID_SIZE
    )


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
    return placements_avoiding(shape, PALAZZO_MASK)


# --------------------------------------------------------------------------
# The shared map of the Cooperative Building expansion (ruling R29)
# --------------------------------------------------------------------------

_MIN_RUN = 2
"""Cells a border run needs at least, so that its direction is known."""

Vector = tuple[int, int]


def _xy(cell: int) -> Vector:
    return cell % GRID_SIZE, cell // GRID_SIZE


def _dot(u: Vector, v: Vector) -> int:
    return u[0] * v[0] + u[1] * v[1]


def parse_run(text: str) -> tuple[int, ...]:
    """The cells of a border run such as ``"g1..g7"``, from the first to the last.

    A run is a straight line of at least two cells along one edge of the
    grid: on file ``a`` or ``g``, or on rank ``1`` or ``7``.  It may go either
    way (``"g7..g1"`` lists the same cells top first).

    Raises:
        GeometryError: ``text`` is not ``first..last``, names a cell that does
            not exist, or the cells are not a straight line of at least two
            cells along an edge of the grid.

    >>> [CELL_NAMES[cell] for cell in parse_run("g3..g1")]
    ['g3', 'g2', 'g1']
    >>> parse_run("a4..g4")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.GeometryError: run 'a4..g4' does not lie along an edge ...
    """
    ends = text.split("..")
    if len(ends) != 2:
        raise GeometryError(f"run {text!r} must be written first..last, such as 'g1..g7'")
    first, last = (_xy(parse_cell(end)) for end in ends)
    if first == last:
        raise GeometryError(f"run {text!r} must hold at least {_MIN_RUN} cells")
    if first[0] == last[0]:
        edge = first[0] in (0, GRID_SIZE - 1)
        step = (0, 1 if last[1] > first[1] else -1)
    elif first[1] == last[1]:
        edge = first[1] in (0, GRID_SIZE - 1)
        step = (1 if last[0] > first[0] else -1, 0)
    else:
        raise GeometryError(f"run {text!r} is not a straight line of cells")
    if not edge:
        raise GeometryError(
            f"run {text!r} does not lie along an edge of the grid (file a or g, rank 1 or 7)"
        )
    length = max(abs(last[0] - first[0]), abs(last[1] - first[1])) + 1
    return tuple(
        (first[1] + i * step[1]) * GRID_SIZE + first[0] + i * step[0] for i in range(length)
    )


def _run_geometry(run: Sequence[int]) -> tuple[Vector, Vector]:
    """The unit direction of a run and the outward normal of the edge it lies on."""
    (x0, y0), (x1, y1) = _xy(run[0]), _xy(run[1])
    direction = (x1 - x0, y1 - y0)
    if direction[0] == 0:
        normal = (-1, 0) if x0 == 0 else (1, 0)
    else:
        normal = (0, -1) if y0 == 0 else (0, 1)
    return direction, normal


@attrs.frozen(cache_hash=True)
class Border:
    """Where one principality (the *near* one) meets another (the *far* one).

    Each pair is a near cell and a far cell that share an edge across the
    border.  The far grid lies next to the near one as a turned board (never
    a board turned over): its cell ``(x, y)`` sits at
    ``(x * xx + y * yx + tx, x * xy + y * yy + ty)`` in the near grid's frame,
    with ``(xx, xy, yx, yy, tx, ty) = far_frame``.  Make one with
    :meth:`between`, which works all of this out and checks it.

    Attributes:
        pairs: ``(near cell, far cell)`` indexes in the order of the runs.
        near: the near cells on the border.
        far: the far cells on the border.
        near_normal: the outward direction of the near grid's edge, such as
            ``(1, 0)`` for file ``g``.
        far_normal: the same for the far grid.
        far_frame: where the far grid lies in the near grid's frame.
        across_cell: for each near cell index, the far cells sharing an edge
            with it across the border (0 for a cell off the border).

    >>> border = Border.between("g1..g7", "a1..a7")
    >>> cells_notation(border.across(parse_cells("f4-g4-g5")))
    'a4-a5'
    >>> cells_notation(border.flipped().across(parse_cells("a1-b1")))
    'g1'
    """

    pairs: tuple[tuple[int, int], ...]
    near: int
    far: int
    near_normal: Vector
    far_normal: Vector
    far_frame: tuple[int, int, int, int, int, int]
    across_cell: tuple[int, ...] = attrs.field(eq=False, repr=False)

    @classmethod
    def between(cls, near_run: str, far_run: str) -> Border:
        """The border pairing the run ``near_run`` of one grid with ``far_run`` of another.

        The *n*-th cell of one run shares an edge with the *n*-th of the
        other (see :func:`parse_run`).

        Raises:
            GeometryError: a run is not valid, the runs differ in length,
                the pairing would need the far board turned over, or the two
                grids laid this way would share an edge the runs do not pair.
        """
        near_cells, far_cells = parse_run(near_run), parse_run(far_run)
        if len(near_cells) != len(far_cells):
            raise GeometryError(
                f"runs {near_run!r} and {far_run!r} must hold as many cells as each other "
                f"({len(near_cells)} and {len(far_cells)})"
            )
        return cls._from_runs(near_cells, far_cells, f"{near_run!r} and {far_run!r}")

    @classmethod
    def _from_runs(cls, near_cells: Sequence[int], far_cells: Sequence[int], name: str) -> Border:
        d_near, n_near = _run_geometry(near_cells)
        d_far, n_far = _run_geometry(far_cells)
        # The turn maps the far run's direction onto the near one's and the
        # far edge's outward normal onto the near edge's inward normal.
        xx, xy = _turn(d_far, n_far, d_near, n_near, (1, 0))
        yx, yy = _turn(d_far, n_far, d_near, n_near, (0, 1))
        if xx * yy - xy * yx != 1:
            raise GeometryError(f"the border between {name} would need a board turned over")
        bx, by = _xy(far_cells[0])
        ax, ay = _xy(near_cells[0])
        tx = ax + n_near[0] - (bx * xx + by * yx)
        ty = ay + n_near[1] - (bx * xy + by * yy)
        frame = (xx, xy, yx, yy, tx, ty)
        pairs = tuple(zip(near_cells, far_cells, strict=True))
        # Laid this way, every near cell on that edge line whose outer
        # neighbour is a far cell shares an edge with it: the runs must pair it.
        far_at: dict[Vector, int] = {}
        for cell in range(GRID_SIZE * GRID_SIZE):
            far_at[_place(frame, _xy(cell))] = cell
        paired = set(pairs)
        for cell in range(GRID_SIZE * GRID_SIZE):
            x, y = _xy(cell)
            other = far_at.get((x + n_near[0], y + n_near[1]))
            if other is not None and (cell, other) not in paired:
                raise GeometryError(
                    f"the border between {name} leaves out {CELL_NAMES[cell]} and "
                    f"{CELL_NAMES[other]}, which would share an edge"
                )
        across = [0] * (GRID_SIZE * GRID_SIZE)
        for near_cell, far_cell in pairs:
            across[near_cell] |= 1 << far_cell
        return cls(
            pairs=pairs,
            near=sum(1 << a for a, _ in pairs),
            far=sum(1 << b for _, b in pairs),
            near_normal=n_near,
            far_normal=n_far,
            far_frame=frame,
            across_cell=tuple(across),
        )

    def flipped(self) -> Border:
        """The same border seen from the far principality."""
        return _flipped(self)

    def across(self, mask: int) -> int:
        """The far cells that share an edge, across the border, with a cell of ``mask``."""
        mask &= self.near
        out = 0
        table = self.across_cell
        while mask:
            low = mask & -mask
            out |= table[low.bit_length() - 1]
            mask ^= low
        return out


def _turn(d_from: Vector, n_from: Vector, d_to: Vector, n_to: Vector, v: Vector) -> Vector:
    """``v`` turned so that ``d_from`` becomes ``d_to`` and ``n_from`` becomes ``-n_to``."""
    along, out = _dot(d_from, v), _dot(n_from, v)
    return (along * d_to[0] - out * n_to[0], along * d_to[1] - out * n_to[1])


def _place(frame: tuple[int, int, int, int, int, int], cell: Vector) -> Vector:
    xx, xy, yx, yy, tx, ty = frame
    x, y = cell
    return (x * xx + y * yx + tx, x * xy + y * yy + ty)


@cache
def _flipped(border: Border) -> Border:
    near = tuple(b for _, b in border.pairs)
    far = tuple(a for a, _ in border.pairs)
    return Border._from_runs(near, far, "the flipped border")


def border_builders_needed(mask: int, border: Border, far_walls: int) -> int:
    """Builders needed to build alone on ``mask`` next to ``border`` (ruling R30).

    Args:
        mask: the cells of the building, in the near principality.
        border: a border of the near principality.
        far_walls: the cells of the far principality holding a building or
            a part of its palazzo.

    Returns:
        0 if the building does not touch the border, 1 if the far cells
        across from it are empty or hold only landscapes, 2 if one of them
        is a wall.

    >>> border = Border.between("g1..g7", "a1..a7")
    >>> tower = parse_cells("g3-g4-g5")
    >>> border_builders_needed(parse_cells("d5-d6-d7"), border, 0)
    0
    >>> border_builders_needed(tower, border, 0)
    1
    >>> border_builders_needed(tower, border, parse_cells("a5-b5"))
    2
    """
    if not mask & border.near:
        return 0
    return 2 if border.across(mask) & far_walls else 1  # ruling R30


@attrs.frozen
class StraddlingPlacement:
    """One way to lay a tile across a border, with a part in each principality.

    Attributes:
        near: the cells the tile covers in the near principality.
        far: the cells it covers in the far principality.
        near_halo: the near cells outside the tile sharing an edge with its
            near part.
        far_halo: the far cells outside the tile sharing an edge with its far
            part.
        near_across: the far cells outside the tile sharing an edge, across
            the border, with its near part.
        far_across: the near cells outside the tile sharing an edge, across
            the border, with its far part.
        notation: the near part's notation, ``/``, the far part's, such as
            ``f4-g4-g5/a4-a5``.
    """

    near: int
    far: int
    near_halo: int
    far_halo: int
    near_across: int
    far_across: int
    notation: str = attrs.field(eq=False, repr=False)

    def __str__(self) -> str:
        return self.notation


def part_builders_needed(
    placement: StraddlingPlacement, near_walls: int, far_walls: int
) -> tuple[int, int]:
    """Builders each partner needs for their part of ``placement`` (ruling R31).

    Each part obeys the wall rule of ruling R21 in its own principality with
    its owner's builders: a part sharing an edge with a building or the
    palazzo there needs 2.  A part sharing an edge across the border with a
    wall of the other principality needs 2 of its owner's builders too, as a
    building alone there would (ruling R30; decision D16).  The border itself
    asks nothing more of a tile that crosses it.

    Args:
        placement: the tile across the border.
        near_walls: the walls (buildings and palazzo) of the near principality.
        far_walls: the walls of the far principality.

    Returns:
        ``(near partner, far partner)``, each 0 or 2.

    >>> border = Border.between("g1..g7", "a1..a7")
    >>> tower = next(p for p in straddling_placements(((0, 0), (1, 0), (2, 0)), border)
    ...              if str(p) == "f4-g4/a4")
    >>> part_builders_needed(tower, parse_cells("e4"), 0)
    (2, 0)
    >>> part_builders_needed(tower, 0, parse_cells("b4"))
    (0, 2)
    """
    near = (
        2 if placement.near_halo & near_walls or placement.near_across & far_walls else 0
    )  # ruling R31
    far = 2 if placement.far_halo & far_walls or placement.far_across & near_walls else 0
    return near, far


@cache
def straddling_placements(
    shape: Shape, border: Border, near_blocked: int = 0, far_blocked: int = 0
) -> tuple[StraddlingPlacement, ...]:
    """Every placement of ``shape`` across ``border``, with cells on both sides.

    The far grid is laid next to the near one as :class:`Border` says; a
    placement is any rotation or reflection of the shape, moved anywhere,
    whose every cell is a cell of one of the two grids and not blocked there,
    with at least one cell in each.  Being connected, such a tile always
    crosses the border through one of its pairs.  Computed once per
    argument set; ascending by notation.

    Args:
        shape: the tile's cells as ``(x, y)``.
        border: the border, seen from the near principality.
        near_blocked: near cells no tile may cover (the palazzo).
        far_blocked: far cells no tile may cover.

    >>> border = Border.between("g1..g7", "a1..a7")
    >>> tower = ((0, 0), (1, 0), (2, 0))
    >>> [str(p) for p in straddling_placements(tower, border)][:3]
    ['f1-g1/a1', 'f2-g2/a2', 'f3-g3/a3']
    >>> len(straddling_placements(tower, border))
    14
    """
    region: dict[Vector, tuple[int, int]] = {}
    for cell in range(GRID_SIZE * GRID_SIZE):
        if not far_blocked >> cell & 1:
            region[_place(border.far_frame, _xy(cell))] = (1, cell)
        if not near_blocked >> cell & 1:
            region[_xy(cell)] = (0, cell)
    xs = [x for x, _ in region]
    ys = [y for _, y in region]
    found: dict[tuple[int, int], None] = {}
    for form in orientations(shape):
        width = max(x for x, _ in form) + 1
        height = max(y for _, y in form) + 1
        for dy in range(min(ys), max(ys) - height + 2):
            for dx in range(min(xs), max(xs) - width + 2):
                parts = [0, 0]
                for x, y in form:
                    spot = region.get((x + dx, y + dy))
                    if spot is None:
                        break
                    parts[spot[0]] |= 1 << spot[1]
                else:
                    if parts[0] and parts[1]:
                        found[parts[0], parts[1]] = None
    flipped = border.flipped()
    placed = []
    for near, far in found:
        assert border.across(near) & far, "a connected tile crosses the border"
        placed.append(
            StraddlingPlacement(
                near=near,
                far=far,
                near_halo=neighbour_mask(near),
                far_halo=neighbour_mask(far),
                near_across=border.across(near) & ~far,
                far_across=flipped.across(far) & ~near,
                notation=f"{cells_notation(near)}/{cells_notation(far)}",
            )
        )
    placed.sort(key=str)
    return tuple(placed)


@cache
def placements_avoiding(shape: Shape, blocked: int) -> tuple[Placement, ...]:
    """Every placement of ``shape`` inside the grid and off the cells ``blocked``.

    :func:`placements_of` with another palazzo, such as the one on the
    reverse side of the boards (ruling R29); ascending by notation.

    >>> len(placements_avoiding(((0, 0), (1, 0)), parse_cells("c1-d1-e1-c2-d2-e2")))
    70
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
                if not mask & blocked:
                    masks.add(mask)
    placed = [Placement(mask=m, halo=neighbour_mask(m)) for m in masks]
    placed.sort(key=str)
    return tuple(placed)
