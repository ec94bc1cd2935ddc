"""Tests of the grid geometry: cell names, masks, orientations and placements."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from princes_of_florence.components import default_catalog
from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import (
    CELL_NAMES,
    FULL_MASK,
    PALAZZO_MASK,
    USABLE_MASK,
    Placement,
    cell_name,
    cells_notation,
    is_connected,
    mask_cells,
    neighbour_mask,
    orientations,
    parse_cell,
    parse_cells,
    placements_of,
    popcount,
)
from princes_of_florence.ids import Building, Landscape

Tile = Building | Landscape
Shape = tuple[tuple[int, int], ...]

BOUNDED = settings(max_examples=200, deadline=None)

ORIENTATIONS: dict[Tile, int] = {
    # 3x3 less two corners, mirror-symmetric about its vertical axis: 8 / 2.
    Building.UNIVERSITY: 4,
    # 4-over-3 staircase block: no symmetry at all.
    Building.LABORATORY: 8,
    # C shape, mirror-symmetric top to bottom.
    Building.WORKSHOP: 4,
    # P pentomino: no symmetry.
    Building.LIBRARY: 8,
    # T pentomino: one mirror axis.
    Building.OPERA: 4,
    # L pentomino: no symmetry.
    Building.STUDIO: 8,
    # U pentomino: one mirror axis.
    Building.HOSPITAL: 4,
    # Y pentomino: no symmetry.
    Building.THEATER: 8,
    # Straight tromino: lying or standing.
    Building.TOWER: 2,
    # L tromino: one diagonal mirror axis.
    Building.CHAPEL: 4,
    # 2x2 square: every turn and flip gives the same cells.
    Landscape.FOREST: 1,
    # L tromino, as the chapel.
    Landscape.LAKE: 4,
    # Domino: lying or standing.
    Landscape.PARK: 2,
}

PLACEMENTS_ON_EMPTY_GRID: dict[Tile, int] = {
    # Lying: 5 starts on each of 7 ranks, only d and e on ranks 1-2: 35 - 6.
    # Standing: 5 starts on each of 7 files, only ranks 3-5 on files a-c: 35 - 6.
    Building.TOWER: 58,
    # Lying: 6 per rank, only d, e, f on ranks 1-2: 42 - 6; standing likewise: 42 - 6.
    Landscape.PARK: 72,
    # 6 x 6 corner positions, less the 3 x 2 that reach into the palazzo.
    Landscape.FOREST: 30,
}


def shape_of(tile: Tile) -> Shape:
    """The tile's cells from the shipped catalog."""
    return default_catalog().tile(tile).cells


def xy_of(index: int) -> tuple[int, int]:
    """The (file, rank) of a cell index, both from 0."""
    return index % 7, index // 7


@pytest.mark.parametrize(("tile", "expected"), ORIENTATIONS.items())
def test_orientation_counts(tile: Tile, expected: int) -> None:
    """Each catalog shape has the number of distinct orientations counted by hand."""
    assert expected == len(orientations(shape_of(tile)))


@pytest.mark.parametrize(("tile", "expected"), PLACEMENTS_ON_EMPTY_GRID.items())
def test_placement_counts(tile: Tile, expected: int) -> None:
    """Small shapes have the number of placements counted by hand."""
    assert expected == len(placements_of(shape_of(tile)))


@pytest.mark.parametrize("tile", ORIENTATIONS)
def test_placements_stay_on_usable_cells(tile: Tile) -> None:
    """No placement leaves the grid or covers the palazzo, and each has the shape's size."""
    for placement in placements_of(shape_of(tile)):
        assert 0 == placement.mask & ~USABLE_MASK
        assert len(shape_of(tile)) == popcount(placement.mask)


@pytest.mark.parametrize("tile", ORIENTATIONS)
def test_placements_are_distinct_and_sorted(tile: Tile) -> None:
    """Each cell set appears once, and the placements are ascending by notation."""
    names = [str(p) for p in placements_of(shape_of(tile))]
    assert sorted(set(names)) == names


@pytest.mark.parametrize("tile", ORIENTATIONS)
def test_placements_are_in_the_shape(tile: Tile) -> None:
    """Every placement, moved to the origin, is one of the shape's orientations."""
    forms = set(orientations(shape_of(tile)))
    for placement in placements_of(shape_of(tile)):
        cells = [xy_of(i) for i in mask_cells(placement.mask)]
        low_x = min(x for x, _ in cells)
        low_y = min(y for _, y in cells)
        assert tuple(sorted((x - low_x, y - low_y) for x, y in cells)) in forms


@pytest.mark.parametrize("tile", ORIENTATIONS)
def test_halo_is_exactly_the_edge_neighbours(tile: Tile) -> None:
    """A placement's halo is every cell outside it sharing an edge with it, nothing more."""
    for placement in placements_of(shape_of(tile)):
        covered = {xy_of(i) for i in mask_cells(placement.mask)}
        expected = {
            (x, y)
            for x in range(7)
            for y in range(7)
            if (x, y) not in covered and any(abs(x - cx) + abs(y - cy) == 1 for cx, cy in covered)
        }
        assert expected == {xy_of(i) for i in mask_cells(placement.halo)}


def test_placement_str_is_its_notation() -> None:
    """A placement prints as its sorted cell names."""
    assert "c4-d2-d3" == str(Placement(parse_cells("d3-d2-c4"), 0))


# --------------------------------------------------------------------------
# Cells and masks.
# --------------------------------------------------------------------------


def test_corner_cells() -> None:
    """a1 is cell 0, b1 cell 1, a2 cell 7 and g7 cell 48."""
    assert (0, 1, 7, 48) == tuple(parse_cell(n) for n in ("a1", "b1", "a2", "g7"))


def test_every_cell_name_round_trips() -> None:
    """Each of the 49 cells parses back from its name."""
    assert list(range(49)) == [parse_cell(cell_name(i)) for i in range(49)]
    assert 49 == len(set(CELL_NAMES))


def test_palazzo_and_usable_cells() -> None:
    """The palazzo is a1-c2 and leaves 43 usable cells."""
    assert "a1-a2-b1-b2-c1-c2" == cells_notation(PALAZZO_MASK)
    assert 43 == popcount(USABLE_MASK)
    assert FULL_MASK == PALAZZO_MASK | USABLE_MASK


@BOUNDED
@given(st.integers(min_value=1, max_value=FULL_MASK))
def test_notation_round_trips(mask: int) -> None:
    """Any non-empty cell set survives writing and parsing."""
    assert mask == parse_cells(cells_notation(mask))


@BOUNDED
@given(st.permutations(CELL_NAMES), st.integers(min_value=1, max_value=49))
def test_parse_cells_ignores_order(names: list[str], count: int) -> None:
    """The cell order of the text does not matter."""
    chosen = names[:count]
    assert parse_cells("-".join(sorted(chosen))) == parse_cells("-".join(chosen))


@BOUNDED
@given(st.integers(min_value=0, max_value=FULL_MASK))
def test_mask_cells_are_ascending(mask: int) -> None:
    """mask_cells lists the set bits in ascending order."""
    expected = [i for i in range(49) if mask >> i & 1]
    assert expected == list(mask_cells(mask))
    assert len(expected) == popcount(mask)


@pytest.mark.parametrize("name", ["", "a0", "a8", "h1", "A1", "a", "1", "a1 ", "aa1", "b-1"])
def test_parse_cell_rejects_non_cells(name: str) -> None:
    """Names outside a1 to g7 are refused."""
    with pytest.raises(GeometryError):
        parse_cell(name)


@pytest.mark.parametrize("text", ["", "a1-a1", "a1--b1", "a1,b1", "a1 b1", "-a1", "a1-"])
def test_parse_cells_rejects_bad_text(text: str) -> None:
    """Empty names, repeats and other separators are refused."""
    with pytest.raises(GeometryError):
        parse_cells(text)


@pytest.mark.parametrize("index", [-1, 49, 100])
def test_cell_name_rejects_outside_indexes(index: int) -> None:
    """Only 0 to 48 are cells."""
    with pytest.raises(GeometryError):
        cell_name(index)


@pytest.mark.parametrize(
    ("cell", "expected"),
    [
        ("a1", "a2-b1"),
        ("g7", "f7-g6"),
        ("d4", "c4-d3-d5-e4"),
        ("g3", "f3-g2-g4"),
        ("a5", "a4-a6-b5"),
    ],
)
def test_neighbours_of_one_cell(cell: str, expected: str) -> None:
    """Edge neighbours stop at the border and never wrap to the other side."""
    assert expected == cells_notation(neighbour_mask(parse_cells(cell)))


def test_neighbours_exclude_the_cells_themselves() -> None:
    """The neighbours of two adjacent cells are the six cells around them."""
    assert "c4-d3-d5-e3-e5-f4" == cells_notation(neighbour_mask(parse_cells("d4-e4")))


def test_is_connected() -> None:
    """Edge contact connects; corner contact does not."""
    assert is_connected([(0, 0), (0, 1), (1, 1)])
    assert not is_connected([(0, 0), (1, 1)])
    assert not is_connected([])


@pytest.mark.parametrize("tile", ORIENTATIONS)
def test_catalog_shapes_are_connected(tile: Tile) -> None:
    """Every catalog shape is one piece."""
    assert is_connected(shape_of(tile))
