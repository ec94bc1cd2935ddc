"""Where a tile may be laid in a principality (ruling R21).

Ruling R21 allows a tile on a set of cells when:

* the cells are one rotation or reflection of the tile's shape, fully inside
  the 7x7 grid;
* none of them is covered already, by a tile or by the palazzo;
* for a building only: no cell shares an edge with another building or with
  the palazzo, unless the player holds 2 or more builders (touching at a
  corner is always fine, and buildings may touch landscapes);
* for a building only: the principality does not hold that building yet.

A landscape obeys the first two rules only (ruling R15 relies on
:func:`has_legal_placement` to decide whether a landscape can be bid for).

The palazzo is the principality's own (:attr:`princes_of_florence.Principality.palazzo`): the
front side's, or the reverse side's on the shared map of Cooperative
Building (ruling R29), and each palazzo has its own tables.  There, a
building laid alone must also keep off the cells ruling R30 closes to it
next to a border; the caller passes them as ``blocked`` (see
:func:`~princes_of_florence.rules.cooperative.alone_blocked`).

How it is fast
--------------
Everything per tile is computed once and cached: the tuple of placements
(from :func:`~princes_of_florence.geometry.placements_of`, ascending by
notation) and, for each of the 7 ranks, a table from the 128 possible
contents of that rank to the *set of placement indexes* that cover one of
those cells, stored as an ``int`` bitset.  A query first turns the state into
one *forbidden* cell mask: the occupied cells, plus, for a building whose
owner has fewer than 2 builders, every edge neighbour of a building or the
palazzo (a placement touches a wall exactly when it covers one of the wall's
neighbours).  Seven table look-ups then give every blocked placement at
once, and the legal ones are the remaining bits.  A few legal placements are
picked out bit by bit; many are read a byte of the bitset at a time from a
second per-tile table holding, for each of the 256 values of a byte, the
tuple of placements it stands for.  There is no loop over cells and none over
rejected placements.

>>> from princes_of_florence.ids import Building, Landscape
>>> from princes_of_florence.state import Principality
>>> empty = Principality()
>>> len(legal_placements(empty, Landscape.PARK, 0))
72
>>> [str(p) for p in legal_placements(empty, Building.TOWER, 0)][:3]
['a4-a5-a6', 'a4-b4-c4', 'a5-a6-a7']
>>> str(parse_placement(Building.TOWER, "c4-a4-b4"))
'a4-b4-c4'
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import chain
from operator import getitem
from typing import TypeVar

import attrs

from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import (
    FULL_MASK,
    GRID_SIZE,
    PALAZZO_MASK,
    Placement,
    cells_notation,
    orientations,
    parse_cells,
    placements_avoiding,
)
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.moves import PlaceTile
from princes_of_florence.rules.common import PrincipalityMemo, catalog
from princes_of_florence.state import Principality

__all__ = [
    "has_legal_placement",
    "is_legal_placement",
    "is_tile_shape",
    "legal_placements",
    "parse_placement",
    "buildings_with_room",
    "landscapes_with_room",
    "place_moves",
    "placeable",
    "placement_problem",
    "tile_placements",
]

Tile = Building | Landscape
_Item = TypeVar("_Item")

_RANK_BITS = (1 << GRID_SIZE) - 1
"""The cells of one rank, shifted down to bits 0-6."""

_NOT_FILE_A = sum(1 << i for i in range(GRID_SIZE * GRID_SIZE) if i % GRID_SIZE != 0)
_NOT_FILE_G = sum(1 << i for i in range(GRID_SIZE * GRID_SIZE) if i % GRID_SIZE != GRID_SIZE - 1)

_MIN_BUILDERS_TO_TOUCH = 2
"""Builders a player needs before a building may share an edge with a wall (R21)."""

_FEW = 6
"""Up to this many legal placements are picked out bit by bit, more by bytes."""


def _grow(mask: int) -> int:
    """``mask`` and every cell sharing an edge with it (bits past g7 may be set).

    A step east is ``<< 1`` and must not wrap from file g into file a of the
    next rank; a step west likewise.  Steps north and south are ``<< 7`` and
    ``>> 7``; bits pushed past the grid are ignored by every caller.
    """
    return (
        mask
        | (mask << 1) & _NOT_FILE_A
        | (mask >> 1) & _NOT_FILE_G
        | mask << GRID_SIZE
        | mask >> GRID_SIZE
    )


@attrs.frozen(eq=False)
class _TileTable:
    """Everything about one tile that queries need, computed once.

    Attributes:
        placements: every placement of the shape, ascending by notation.
        by_mask: the same placements, by cell mask.
        index_of: each placement's index, by its notation.
        every: the bitset of all placement indexes.
        ranks: per rank (``a1``-``g1`` first), a 128-entry table from that
            rank's cells (bit *f* = file *f*) to the bitset of the indexes of
            the placements covering at least one of them.
        octets: per group of 8 consecutive placement indexes, a 256-entry
            table from a byte of the index bitset to the tuple of placements
            its set bits stand for, ascending.
        moves: the ``place`` move of each placement, in the same order.
        move_octets: like ``octets``, for ``moves``.
    """

    placements: tuple[Placement, ...]
    by_mask: dict[int, Placement]
    index_of: dict[str, int]
    every: int
    ranks: tuple[tuple[int, ...], ...]
    octets: tuple[tuple[tuple[Placement, ...], ...], ...]
    moves: tuple[PlaceTile, ...]
    move_octets: tuple[tuple[tuple[PlaceTile, ...], ...], ...]


def _rank_tables(placements: tuple[Placement, ...]) -> tuple[tuple[int, ...], ...]:
    """The ``ranks`` field of :class:`_TileTable`."""
    ranks: list[tuple[int, ...]] = []
    for rank in range(GRID_SIZE):
        # single[f]: the placements covering the cell of file f on this rank.
        single = [0] * GRID_SIZE
        for index, placement in enumerate(placements):
            row = placement.mask >> (rank * GRID_SIZE) & _RANK_BITS
            for file in range(GRID_SIZE):
                if row >> file & 1:
                    single[file] |= 1 << index
        # A pattern blocks what its lowest cell blocks plus what the rest blocks.
        table = [0] * (1 << GRID_SIZE)
        for pattern in range(1, 1 << GRID_SIZE):
            rest = pattern & (pattern - 1)
            table[pattern] = table[rest] | single[(pattern ^ rest).bit_length() - 1]
        ranks.append(tuple(table))
    return tuple(ranks)


def _octet_tables(items: tuple[_Item, ...]) -> tuple[tuple[tuple[_Item, ...], ...], ...]:
    """The ``octets`` (or ``move_octets``) field of :class:`_TileTable`."""
    octets: list[tuple[tuple[_Item, ...], ...]] = []
    for base in range(0, len(items), 8):
        group = items[base : base + 8]
        table: list[tuple[_Item, ...]] = [()] * 256
        for byte in range(1, 256):
            top = byte.bit_length() - 1
            extra = (group[top],) if top < len(group) else ()
            table[byte] = table[byte ^ (1 << top)] + extra
        octets.append(tuple(table))
    return tuple(octets)


def _pick(
    free: int, items: tuple[_Item, ...], octets: tuple[tuple[tuple[_Item, ...], ...], ...]
) -> tuple[_Item, ...]:
    """The ``items`` whose indexes are the set bits of ``free``, in index order."""
    if free.bit_count() > _FEW:
        # Many: look them up a byte of the bitset at a time.
        size = (free.bit_length() + 7) >> 3
        return tuple(chain.from_iterable(map(getitem, octets, free.to_bytes(size, "little"))))
    # Few: pick them out one bit at a time.
    found: list[_Item] = []
    while free:
        low = free & -free
        found.append(items[low.bit_length() - 1])
        free ^= low
    return tuple(found)


_TABLES: dict[Tile, _TileTable] = {}
"""The tables of the front side of the board, by tile."""

_BY_PALAZZO: defaultdict[int, dict[Tile, _TileTable]] = defaultdict(dict, {PALAZZO_MASK: _TABLES})
"""The tables of every palazzo asked about, by its cells, then by tile."""


def _table(tile: Tile, palazzo: int = PALAZZO_MASK) -> _TileTable:
    """The precomputed table of ``tile`` beside ``palazzo``, built on first use."""
    tables = _BY_PALAZZO[palazzo]
    table = tables.get(tile)
    if table is None:
        placements = placements_avoiding(catalog().tile(tile).cells, palazzo)
        moves = tuple(PlaceTile(p.notation) for p in placements)
        table = _TileTable(
            placements=placements,
            by_mask={p.mask: p for p in placements},
            index_of={p.notation: i for i, p in enumerate(placements)},
            every=(1 << len(placements)) - 1,
            ranks=_rank_tables(placements),
            octets=_octet_tables(placements),
            moves=moves,
            move_octets=_octet_tables(moves),
        )
        tables[tile] = table
    return table


@lru_cache(maxsize=1 << 14)
def _near_walls(walls: int) -> int:
    """The walls and their edge neighbours, memoised: walls change rarely."""
    return _grow(walls)


def _free(
    principality: Principality, tile: Tile, builders: int, table: _TileTable, blocked: int
) -> int:
    """The bitset of the indexes of the legal placements of ``tile`` (rulings R21, R30)."""
    forbidden = principality.occupied  # ruling R21: no overlap with a tile or the palazzo
    if isinstance(tile, Building):
        forbidden |= blocked  # ruling R30: the border cells closed to a building alone
        for placed in principality.tiles:
            if placed.tile is tile:
                return 0  # ruling R21: at most one building of each type
        if builders < _MIN_BUILDERS_TO_TOUCH:
            # ruling R21: no shared edge with a building or the palazzo (corners may touch)
            forbidden |= _near_walls(principality.walls)
    return _open(table, forbidden)


def _open(table: _TileTable | _KindTable, forbidden: int) -> int:
    """The bitset of the placements in ``table`` that avoid every ``forbidden`` cell."""
    r0, r1, r2, r3, r4, r5, r6 = table.ranks
    blocked = (
        r0[forbidden & 127]
        | r1[forbidden >> 7 & 127]
        | r2[forbidden >> 14 & 127]
        | r3[forbidden >> 21 & 127]
        | r4[forbidden >> 28 & 127]
        | r5[forbidden >> 35 & 127]
        | r6[forbidden >> 42 & 127]
    )
    return table.every & ~blocked


def tile_placements(tile: Tile, palazzo: int = PALAZZO_MASK) -> tuple[Placement, ...]:
    """Every placement of ``tile``'s catalog shape on an empty grid.

    The placements lie inside the grid and off the palazzo (the front side's
    unless ``palazzo`` names other cells), in every rotation and reflection,
    ascending by notation.  Computed once per tile and palazzo.

    >>> len(tile_placements(Landscape.FOREST))
    30
    """
    return _table(tile, palazzo).placements


def is_tile_shape(tile: Tile, mask: int, palazzo: int = PALAZZO_MASK) -> bool:
    """Whether ``mask`` covers the cells of one of :func:`tile_placements` (a dict look-up).

    >>> is_tile_shape(Landscape.FOREST, tile_placements(Landscape.FOREST)[0].mask)
    True
    >>> is_tile_shape(Landscape.FOREST, 1)
    False
    """
    table = _BY_PALAZZO[palazzo].get(tile) or _table(tile, palazzo)
    return mask in table.by_mask


def legal_placements(
    principality: Principality, tile: Tile, builders: int, blocked: int = 0
) -> tuple[Placement, ...]:
    """Every legal placement of ``tile`` in ``principality`` (ruling R21).

    Args:
        principality: the grid the tile goes into.
        tile: the building or landscape to place.
        builders: builders held by the owner; with 2 or more a building may
            share edges with other buildings and the palazzo.
        blocked: cells a building may not cover besides those of R21 (the
            border cells ruling R30 closes on the shared map).

    Returns:
        The legal placements, in the order of :func:`tile_placements`
        (ascending by notation, e.g. ``a4-a5-a6`` before ``a4-b4-c4``); empty
        if the building already stands in the principality or nothing fits.
    """
    table = _BY_PALAZZO[principality.palazzo].get(tile) or _table(tile, principality.palazzo)
    free = _free(principality, tile, builders, table, blocked)
    return _pick(free, table.placements, table.octets)


def place_moves(
    principality: Principality, tile: Tile, builders: int, blocked: int = 0
) -> tuple[PlaceTile, ...]:
    """The ``place`` move of each of :func:`legal_placements`, in the same order.

    >>> from princes_of_florence.state import Principality
    >>> place_moves(Principality(), Landscape.LAKE, 0)[0]
    PlaceTile(cells='a3-a4-b3')
    """
    table = _BY_PALAZZO[principality.palazzo].get(tile) or _table(tile, principality.palazzo)
    free = _free(principality, tile, builders, table, blocked)
    return _pick(free, table.moves, table.move_octets)


def has_legal_placement(
    principality: Principality, tile: Tile, builders: int, blocked: int = 0
) -> bool:
    """Whether :func:`legal_placements` would find anything (constant time).

    >>> from princes_of_florence.state import Principality
    >>> has_legal_placement(Principality(), Building.UNIVERSITY, 0)
    True
    """
    table = _BY_PALAZZO[principality.palazzo].get(tile) or _table(tile, principality.palazzo)
    return _free(principality, tile, builders, table, blocked) != 0


def is_legal_placement(
    principality: Principality, tile: Tile, builders: int, cells: str, blocked: int = 0
) -> bool:
    """Whether ``cells`` (in notation) is among :func:`legal_placements` (constant time).

    Only the exact notation of a placement counts: its cells sorted and
    joined by ``-``, as :func:`legal_placements` prints them.

    >>> from princes_of_florence.state import Principality
    >>> is_legal_placement(Principality(), Landscape.LAKE, 0, "d5-d6-e5")
    True
    >>> is_legal_placement(Principality(), Landscape.LAKE, 0, "e5-d5-d6")
    False
    """
    table = _BY_PALAZZO[principality.palazzo].get(tile) or _table(tile, principality.palazzo)
    index = table.index_of.get(cells)
    if index is None:
        return False
    return _free(principality, tile, builders, table, blocked) >> index & 1 == 1


def placeable(principality: Principality, tiles: Iterable[Tile], builders: int) -> tuple[Tile, ...]:
    """The ``tiles`` (in the order given) that have a legal placement (ruling R21).

    The same answer as calling :func:`has_legal_placement` for each tile,
    with the forbidden cells worked out once for all of them.

    >>> from princes_of_florence.state import Principality
    >>> placeable(Principality(), (Building.TOWER, Landscape.PARK), 0)
    (<Building.TOWER: 'tower'>, <Landscape.PARK: 'park'>)
    """
    touch = builders >= _MIN_BUILDERS_TO_TOUCH
    buildings = landscapes = None
    found: list[Tile] = []
    for tile in tiles:
        if isinstance(tile, Building):
            if buildings is None:
                buildings = _room(_BUILDING_ROOM, principality, touch, Building)
            if tile in buildings:
                found.append(tile)
        else:
            if landscapes is None:
                landscapes = _room(_LANDSCAPE_ROOM, principality, False, Landscape)
            if tile in landscapes:
                found.append(tile)
    return tuple(found)


def buildings_with_room(
    principality: Principality, builders: int, blocked: int = 0
) -> frozenset[Tile]:
    """Every building with a legal placement in ``principality`` (rulings R21, R30).

    The same answer as :func:`placeable` over all buildings, as a set, with
    the cells ``blocked`` closed to buildings besides (see
    :func:`legal_placements`).

    >>> from princes_of_florence.state import Principality
    >>> len(buildings_with_room(Principality(), 0))
    10
    """
    touch = builders >= _MIN_BUILDERS_TO_TOUCH
    return _room(_BUILDING_ROOM, principality, touch, Building, blocked)


def landscapes_with_room(principality: Principality) -> frozenset[Tile]:
    """Every landscape with a legal placement in ``principality`` (ruling R21).

    The same answer as :func:`placeable` over the three landscapes, as a set.

    >>> from princes_of_florence.state import Principality
    >>> sorted(landscapes_with_room(Principality()))
    [<Landscape.FOREST: 'forest'>, <Landscape.LAKE: 'lake'>, <Landscape.PARK: 'park'>]
    """
    return _room(_LANDSCAPE_ROOM, principality, False, Landscape)


_Memo = PrincipalityMemo[frozenset[Tile]]

_BUILDING_ROOM: _Memo = PrincipalityMemo()
"""Memo of :func:`placeable`: the buildings with room, by principality and touch."""
_LANDSCAPE_ROOM: _Memo = PrincipalityMemo()
"""Memo of :func:`placeable`: the landscapes with room, by principality."""


@attrs.frozen(eq=False)
class _KindTable:
    """The placements of every tile of one kind as one bitset, for :func:`_room`.

    The placements of the first tile take the lowest indexes, those of the
    next tile follow, and so on in enum order.

    Attributes:
        ranks: like :attr:`_TileTable.ranks`, over the placements of all the
            tiles of the kind.
        every: the bitset of all their indexes.
        spans: each tile with the bitset of its own placements' indexes.
    """

    ranks: tuple[tuple[int, ...], ...]
    every: int
    spans: tuple[tuple[Tile, int], ...]


_KIND_TABLES: dict[tuple[type[Building] | type[Landscape], int], _KindTable] = {}


def _kind_table(kind: type[Building] | type[Landscape], palazzo: int) -> _KindTable:
    """The table of every tile of ``kind`` beside ``palazzo``, built on first use."""
    table = _KIND_TABLES.get((kind, palazzo))
    if table is None:
        placements: list[Placement] = []
        spans: list[tuple[Tile, int]] = []
        for tile in kind:
            own = _table(tile, palazzo).placements
            spans.append((tile, ((1 << len(own)) - 1) << len(placements)))
            placements.extend(own)
        table = _KindTable(
            ranks=_rank_tables(tuple(placements)),
            every=(1 << len(placements)) - 1,
            spans=tuple(spans),
        )
        _KIND_TABLES[kind, palazzo] = table
    return table


def _room(
    memo: _Memo,
    principality: Principality,
    touch: bool,
    kind: type[Building] | type[Landscape],
    blocked: int = 0,
) -> frozenset[Tile]:
    """The tiles of ``kind`` with a legal placement in ``principality`` (rulings R21, R30).

    Seven look-ups in the kind's table find the open placements of every
    tile of the kind at once.  Memoised by principality, with and without
    ``touch``, where no cell is ``blocked``.
    """
    if not blocked:
        kept = memo.get(principality, touch)
        if kept is not None:
            return kept
    forbidden = principality.occupied | blocked
    if kind is Building and not touch:
        # ruling R21: no shared edge with a building or the palazzo without 2 builders
        forbidden |= _near_walls(principality.walls)
    palazzo = principality.palazzo
    table = _KIND_TABLES.get((kind, palazzo)) or _kind_table(kind, palazzo)
    open_ = _open(table, forbidden)
    room = {tile for tile, span in table.spans if open_ & span}
    if kind is Building:
        room.difference_update(t.tile for t in principality.tiles)  # ruling R21: one of each
    if blocked:
        return frozenset(room)
    return memo.put(principality, frozenset(room), touch)


@cache
def _shape_masks(tile: Tile) -> frozenset[int]:
    """Every cell set inside the grid in the shape of ``tile``, palazzo or not."""
    masks: set[int] = set()
    for form in orientations(catalog().tile(tile).cells):
        width = 1 + max(x for x, _ in form)
        height = 1 + max(y for _, y in form)
        for dy in range(GRID_SIZE - height + 1):
            for dx in range(GRID_SIZE - width + 1):
                masks.add(sum(1 << ((y + dy) * GRID_SIZE + x + dx) for x, y in form))
    return frozenset(masks)


def _with_article(noun: str) -> str:
    return f"an {noun}" if noun[0] in "aeio" else f"a {noun}"


def placement_problem(
    principality: Principality, tile: Tile, builders: int, mask: int, blocked: int = 0
) -> str | None:
    """Why ``tile`` may not cover the cells ``mask``, or ``None`` if it may.

    The checks of ruling R21 in order: the cells inside the grid, the
    building not there yet, the cells in the tile's shape, no overlap, no
    shared edge with a wall (fewer than 2 builders); then, for a building,
    no cell ``blocked`` (ruling R30 at a border, whose reasons
    :func:`~princes_of_florence.rules.cooperative.alone_border_problem`
    gives).  The first failure is reported.

    >>> from princes_of_florence.geometry import parse_cells
    >>> from princes_of_florence.state import Principality
    >>> print(placement_problem(Principality(), Building.TOWER, 0, parse_cells("d1-e1-f1")))
    ... # doctest: +NORMALIZE_WHITESPACE
    d1-e1-f1 shares an edge with a building or the palazzo (at c1)
    and the player has fewer than 2 builders
    >>> placement_problem(Principality(), Building.TOWER, 2, parse_cells("d1-e1-f1")) is None
    True
    """
    if mask <= 0 or mask & ~FULL_MASK:
        return f"{mask:#x} is not a set of cells of the 7x7 grid"
    palazzo = principality.palazzo
    table = _table(tile, palazzo)
    if isinstance(tile, Building) and principality.has_building(tile):  # ruling R21
        return f"the principality already has {_with_article(tile)}"
    notation = cells_notation(mask)
    placement = table.by_mask.get(mask)
    if placement is None:
        if mask not in _shape_masks(tile):
            return f"{notation} is not a shape of {tile}"
        return f"cells {cells_notation(mask & palazzo)} overlap the palazzo"  # ruling R21
    overlap = mask & principality.occupied
    if overlap:  # ruling R21: no overlap with another tile
        return f"cells {cells_notation(overlap)} overlap another tile"
    touched = placement.halo & principality.walls
    # ruling R21: a building shares no edge with a wall unless the owner has 2 builders
    if isinstance(tile, Building) and builders < _MIN_BUILDERS_TO_TOUCH and touched:
        return (
            f"{notation} shares an edge with a building or the palazzo"
            f" (at {cells_notation(touched)}) and the player has fewer than 2 builders"
        )
    if isinstance(tile, Building) and mask & blocked:
        return f"{notation} covers {cells_notation(mask & blocked)}, closed at a border (R30)"
    return None


def parse_placement(tile: Tile, text: str, palazzo: int = PALAZZO_MASK) -> Placement:
    """The placement of ``tile`` on the cells named in ``text`` (any order).

    Only the shape is checked, not whether the cells are free; the
    placement keeps off ``palazzo`` (the front side's by default).

    Raises:
        GeometryError: ``text`` does not name distinct cells, or the cells
            are not a placement of the tile's shape inside the grid and off
            the palazzo; the message names the tile.

    >>> str(parse_placement(Landscape.LAKE, "e5-d5-d6"))
    'd5-d6-e5'
    >>> parse_placement(Landscape.LAKE, "d5-e5-f5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.GeometryError: 'd5-e5-f5' is not a placement of the lake: ...
    """
    table = _BY_PALAZZO[palazzo].get(tile) or _table(tile, palazzo)
    index = table.index_of.get(text)
    if index is not None:  # already in notation: no parsing needed
        return table.placements[index]
    try:
        mask = parse_cells(text)
    except GeometryError as error:
        raise GeometryError(f"{text!r} is not a placement of the {tile}: {error}") from None
    placement = table.by_mask.get(mask)
    if placement is None:
        reason = (
            "it covers the palazzo"
            if mask in _shape_masks(tile)
            else "the cells are not in its shape"
        )
        raise GeometryError(f"{text!r} is not a placement of the {tile}: {reason}")
    return placement
