"""Tests of the grid geometry: cell names, masks, orientations and placements."""

from __future__ import annotations

from collections.abc import Callable

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
    Border,
    Placement,
    border_builders_needed,
    cell_name,
    cells_notation,
    grow,
    is_connected,
    mask_cells,
    neighbour_mask,
    orientations,
    parse_cell,
    parse_cells,
    parse_run,
    part_builders_needed,
    placements_avoiding,
    placements_of,
    popcount,
    straddling_placements,
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


# --------------------------------------------------------------------------
# The shared map (ruling R29)
# --------------------------------------------------------------------------

EAST_WEST = Border.between("g1..g7", "a1..a7")
"""File g of one principality against file a of the next, rank to rank (R29)."""

REVERSE_PALAZZO = parse_cells("c1-d1-e1-c2-d2-e2")


def test_parse_run_lists_cells_in_order() -> None:
    """A run lists its cells from the first named to the last."""
    expected = ["a7", "b7", "c7"]
    assert expected == [CELL_NAMES[c] for c in parse_run("a7..c7")]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("g1", "must be written first..last"),
        ("g1..g2..g3", "must be written first..last"),
        ("g1..h1", "'h1' is not a cell name"),
        ("a1..a1", "must hold at least 2 cells"),
        ("a1..b2", "is not a straight line"),
        ("b2..b5", "does not lie along an edge"),
        ("a3..g3", "does not lie along an edge"),
    ],
)
def test_parse_run_rejects(text: str, message: str) -> None:
    """A run that is not a straight line of edge cells raises GeometryError."""
    with pytest.raises(GeometryError, match=message):
        parse_run(text)


def test_border_pairs_rank_to_rank() -> None:
    """g4 shares an edge with a4 across the border, and nothing else does (R29)."""
    expected = (parse_cells("a4"), 0, parse_cells("g4"))
    actual = (
        EAST_WEST.across(parse_cells("g4")),
        EAST_WEST.across(parse_cells("f4-a4")),
        EAST_WEST.flipped().across(parse_cells("a4-b4")),
    )
    assert expected == actual


def test_border_flipped_twice_is_the_border() -> None:
    """Seen from the far side and back, a border is unchanged."""
    assert EAST_WEST == EAST_WEST.flipped().flipped()


def test_turned_board_lies_rotated() -> None:
    """North edge against north edge: the far board is turned half round."""
    border = Border.between("a7..g7", "g7..a7")
    expected = (-1, 0, 0, -1)
    assert expected == border.far_frame[:4]


@pytest.mark.parametrize(
    ("near", "far", "message"),
    [
        ("g1..g7", "a1..a6", "must hold as many cells"),
        ("g1..g7", "a7..a1", "would need a board turned over"),
        ("a7..g7", "g1..a1", "would need a board turned over"),
        ("g2..g7", "a2..a7", "leaves out g1 and a1"),
    ],
)
def test_border_between_rejects(near: str, far: str, message: str) -> None:
    """Runs that cannot be two boards laid edge to edge raise GeometryError."""
    with pytest.raises(GeometryError, match=message):
        Border.between(near, far)


def test_border_builders_needed_reads_only_the_cells_across() -> None:
    """A wall across from the building needs 2; a wall further along needs 1 (R30)."""
    tower = parse_cells("g3-g4-g5")
    expected = [0, 1, 1, 2, 2]
    actual = [
        border_builders_needed(parse_cells("e3-e4-e5"), EAST_WEST, parse_cells("a4")),
        border_builders_needed(tower, EAST_WEST, 0),
        border_builders_needed(tower, EAST_WEST, parse_cells("a6-b4")),
        border_builders_needed(tower, EAST_WEST, parse_cells("a3")),
        border_builders_needed(tower, EAST_WEST, parse_cells("a5")),
    ]
    assert expected == actual


def test_straddling_placements_have_a_part_on_each_side() -> None:
    """Every placement across the border has cells on both sides, in the shape (R31)."""
    for tile in (*Building, *Landscape):
        shape = default_catalog().tile(tile).cells
        for placement in straddling_placements(shape, EAST_WEST, REVERSE_PALAZZO, REVERSE_PALAZZO):
            assert placement.near
            assert placement.far
            assert not placement.near & REVERSE_PALAZZO
            assert not placement.far & REVERSE_PALAZZO
            assert EAST_WEST.across(placement.near) & placement.far
            assert len(shape) == popcount(placement.near) + popcount(placement.far)


def test_straddling_placements_are_sorted_and_distinct() -> None:
    """The placements are listed once each, ascending by notation."""
    shape = default_catalog().tile(Building.UNIVERSITY).cells
    found = [str(p) for p in straddling_placements(shape, EAST_WEST)]
    assert sorted(set(found)) == found


def test_straddling_placement_halos_stay_on_their_side() -> None:
    """Halos are the neighbours in the part's own grid; the across masks the other grid's."""
    tower = default_catalog().tile(Building.TOWER).cells
    placement = next(p for p in straddling_placements(tower, EAST_WEST) if str(p) == "g4/a4-b4")
    expected = ("f4-g3-g5", "a3-a5-b3-b5-c4", "", "")
    actual = tuple(
        cells_notation(mask)
        for mask in (
            placement.near_halo,
            placement.far_halo,
            placement.near_across,
            placement.far_across,
        )
    )
    assert expected == actual


def test_straddling_chapel_across_masks() -> None:
    """An L across the border touches the far cell beside its far part."""
    chapel = default_catalog().tile(Building.CHAPEL).cells
    placement = next(p for p in straddling_placements(chapel, EAST_WEST) if str(p) == "g4-g5/a4")
    expected = ("a5", "")
    assert expected == (cells_notation(placement.near_across), cells_notation(placement.far_across))


def test_part_builders_needed_per_partner() -> None:
    """Each part needs 2 of its owner's builders only if it touches a wall (R31, D16)."""
    chapel = default_catalog().tile(Building.CHAPEL).cells
    placement = next(p for p in straddling_placements(chapel, EAST_WEST) if str(p) == "g4-g5/a4")
    expected = [(0, 0), (2, 0), (0, 2), (2, 2), (2, 2)]
    actual = [
        part_builders_needed(placement, parse_cells("e4"), parse_cells("c4")),
        part_builders_needed(placement, parse_cells("f5"), 0),
        part_builders_needed(placement, 0, parse_cells("b4")),
        part_builders_needed(placement, 0, parse_cells("a5")),
        part_builders_needed(placement, parse_cells("g3"), parse_cells("a3")),
    ]
    assert expected == actual


def test_placements_avoiding_the_front_palazzo_are_placements_of() -> None:
    """placements_of is placements_avoiding with the front palazzo."""
    shape = default_catalog().tile(Building.STUDIO).cells
    assert placements_of(shape) == placements_avoiding(shape, PALAZZO_MASK)


def test_placements_avoiding_the_reverse_palazzo() -> None:
    """On the reverse side a1 is free and d1 is covered."""
    shape = default_catalog().tile(Landscape.PARK).cells
    found = placements_avoiding(shape, REVERSE_PALAZZO)
    expected = (True, False)
    actual = (
        any(p.mask & parse_cells("a1") for p in found),
        any(p.mask & parse_cells("d1") for p in found),
    )
    assert expected == actual


@BOUNDED
@given(st.integers(min_value=0, max_value=FULL_MASK))
def test_grow_is_the_mask_and_its_neighbours(mask: int) -> None:
    """grow(mask) is mask with every cell sharing an edge with it, inside the grid."""
    assert mask | neighbour_mask(mask) == grow(mask)


FarPlace = Callable[[int, int], tuple[int, int]]
"""Where a far cell ``(x, y)`` lies in the near grid's frame."""

LAID_BORDERS: list[tuple[str, str, FarPlace]] = [
    # Side by side, file g against file a (the reference layout).
    ("g1..g7", "a1..a7", lambda x, y: (x + 7, y)),
    # Head to head: the far board turned half round above the near one.
    ("a7..g7", "g7..a7", lambda x, y: (6 - x, 13 - y)),
    # The far board turned a quarter, its rank 1 against the near file g.
    ("g1..g7", "g1..a1", lambda x, y: (7 + y, 6 - x)),
    # Offset by three ranks: only g4..g7 meet a1..a4.
    ("g4..g7", "a1..a4", lambda x, y: (x + 7, y + 3)),
]


@pytest.mark.parametrize(("near_run", "far_run", "place"), LAID_BORDERS)
def test_straddling_placements_match_boards_laid_by_hand(
    near_run: str, far_run: str, place: FarPlace
) -> None:
    """Across turned and offset borders the placements are those of the boards laid in a plane."""
    border = Border.between(near_run, far_run)
    plane: dict[tuple[int, int], tuple[int, int]] = {}
    for cell in range(49):
        x, y = cell % 7, cell // 7
        plane[(x, y)] = (0, cell)
        plane[place(x, y)] = (1, cell)
    for tile in (Building.LABORATORY, Building.THEATER, Landscape.LAKE):
        shape = default_catalog().tile(tile).cells
        expected: set[tuple[int, int]] = set()
        for form in orientations(shape):
            for dx in range(-8, 16):
                for dy in range(-8, 16):
                    spots = [plane.get((x + dx, y + dy)) for x, y in form]
                    if None in spots:
                        continue
                    parts = [0, 0]
                    for spot in spots:
                        assert spot is not None
                        parts[spot[0]] |= 1 << spot[1]
                    if parts[0] and parts[1]:
                        expected.add((parts[0], parts[1]))
        actual = {(p.near, p.far) for p in straddling_placements(shape, border)}
        assert expected == actual, (near_run, far_run, tile)
        assert actual


@pytest.mark.parametrize(("near_run", "far_run", "place"), LAID_BORDERS)
def test_border_pairs_cells_that_touch_in_the_plane(
    near_run: str, far_run: str, place: FarPlace
) -> None:
    """A border pairs exactly the near and far cells that share an edge when laid out."""
    border = Border.between(near_run, far_run)
    expected = set()
    for a in range(49):
        for b in range(49):
            ax, ay = a % 7, a // 7
            bx, by = place(b % 7, b // 7)
            if abs(ax - bx) + abs(ay - by) == 1:
                expected.add((a, b))
    assert expected == set(border.pairs)


@pytest.mark.parametrize("mask", [-1, -(2**60), 1 << 49, FULL_MASK + 1, 2**200])
def test_a_mask_outside_the_grid_is_refused_at_once(mask: int) -> None:
    """A negative mask (which has no end of cells) or one past the 49 cells: GeometryError."""
    with pytest.raises(GeometryError, match="is not a set of cells of the 7x7 grid"):
        mask_cells(mask)
    with pytest.raises(GeometryError, match="is not a set of cells of the 7x7 grid"):
        cells_notation(mask)


@pytest.mark.parametrize("index", [-1, 49, 2**70])
def test_a_cell_index_outside_the_grid_is_refused(index: int) -> None:
    """cell_name takes 0 to 48 only."""
    with pytest.raises(GeometryError, match="outside the 7x7 grid"):
        cell_name(index)


def test_the_whole_grid_is_a_mask() -> None:
    """The largest mask, every cell, is still read."""
    assert tuple(range(49)) == mask_cells(FULL_MASK)
    assert 49 == len(cells_notation(FULL_MASK).split("-"))
