"""Tests of ruling R21 (where a tile may be laid) in rules.placement.

The module's bitmask tables are cross-checked against a deliberately naive
reference written here with sets of ``(x, y)`` cells, explicit rotations and
reflections, and explicit edge-adjacency tests.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from factories import principality_of
from princes_of_florence.config import GameConfig
from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import USABLE_MASK, Placement, parse_cells
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.moves import PlaceTile
from princes_of_florence.rules import placement as placement_module
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.placement import (
    buildings_with_room,
    has_legal_placement,
    is_legal_placement,
    is_tile_shape,
    landscapes_with_room,
    legal_placements,
    parse_placement,
    place_moves,
    placeable,
    placement_problem,
    tile_placements,
)
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import Principality
from strategies import TILES, builder_counts, grown_principalities, tiles

Tile = Building | Landscape
Cell = tuple[int, int]

BOUNDED = settings(max_examples=200, deadline=None)

# --------------------------------------------------------------------------
# The naive reference.
# --------------------------------------------------------------------------

SIZE = 7
PALAZZO: frozenset[Cell] = frozenset({(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)})


def cells_of(mask: int) -> frozenset[Cell]:
    """The (file, rank) cells of a bit mask, one bit at a time."""
    return frozenset((i % SIZE, i // SIZE) for i in range(SIZE * SIZE) if mask >> i & 1)


def name_of(cell: Cell) -> str:
    """The chessboard name of a cell: (0, 0) is a1."""
    return "abcdefg"[cell[0]] + str(cell[1] + 1)


def notation_of(cells: frozenset[Cell]) -> str:
    """Sorted cell names joined with dashes."""
    return "-".join(sorted(name_of(c) for c in cells))


def normalised(cells: list[Cell]) -> frozenset[Cell]:
    """The cells moved so that the smallest x and the smallest y are 0."""
    low_x = min(x for x, _ in cells)
    low_y = min(y for _, y in cells)
    return frozenset((x - low_x, y - low_y) for x, y in cells)


def all_forms(shape: frozenset[Cell]) -> set[frozenset[Cell]]:
    """The four rotations of the shape and of its mirror image."""
    forms: set[frozenset[Cell]] = set()
    for mirrored in (False, True):
        cells = [(-x, y) if mirrored else (x, y) for x, y in shape]
        for _ in range(4):
            cells = [(-y, x) for x, y in cells]  # a quarter turn
            forms.add(normalised(cells))
    return forms


def all_positions(tile: Tile) -> set[frozenset[Cell]]:
    """Every cell set of the tile's shape lying fully inside the 7x7 grid."""
    found: set[frozenset[Cell]] = set()
    for form in all_forms(frozenset(catalog().tile(tile).cells)):
        for dx in range(SIZE):
            for dy in range(SIZE):
                moved = frozenset((x + dx, y + dy) for x, y in form)
                if all(0 <= x < SIZE and 0 <= y < SIZE for x, y in moved):
                    found.add(moved)
    return found


def touches(a: frozenset[Cell], b: frozenset[Cell]) -> bool:
    """Whether a cell of ``a`` and a cell of ``b`` share an edge."""
    return any(abs(ax - bx) + abs(ay - by) == 1 for ax, ay in a for bx, by in b)


def reference_legal(principality: Principality, tile: Tile, builders: int) -> set[frozenset[Cell]]:
    """Ruling R21 spelled out over coordinates."""
    taken = set(cells_of(principality.palazzo))
    walls = set(taken)
    for placed in principality.tiles:
        cells = cells_of(placed.mask)
        taken |= cells
        if isinstance(placed.tile, Building):
            walls |= cells
    is_building = isinstance(tile, Building)
    if is_building and any(placed.tile == tile for placed in principality.tiles):
        return set()
    legal: set[frozenset[Cell]] = set()
    for cells in all_positions(tile):
        if cells & taken:
            continue
        if is_building and builders < 2 and touches(cells, frozenset(walls)):
            continue
        legal.add(cells)
    return legal


# --------------------------------------------------------------------------
# Cross-checks against the reference.
# --------------------------------------------------------------------------


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts())
def test_legal_placements_match_the_reference(
    principality: Principality, tile: Tile, builders: int
) -> None:
    """legal_placements finds exactly the cell sets the naive reference finds."""
    found = legal_placements(principality, tile, builders)
    expected = reference_legal(principality, tile, builders)
    assert expected == {cells_of(p.mask) for p in found}
    assert len(expected) == len(found)
    assert set(found) <= set(tile_placements(tile))


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts())
def test_legal_placements_are_sorted_by_notation(
    principality: Principality, tile: Tile, builders: int
) -> None:
    """The placements come ascending by notation, as documented."""
    names = [str(p) for p in legal_placements(principality, tile, builders)]
    assert sorted(names) == names


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts())
def test_legal_placements_stay_inside_and_free(
    principality: Principality, tile: Tile, builders: int
) -> None:
    """Every placement found lies on usable cells and covers nothing already covered."""
    for placement in legal_placements(principality, tile, builders):
        assert 0 == placement.mask & ~USABLE_MASK
        assert 0 == placement.mask & principality.occupied
        assert len(catalog().tile(tile).cells) == placement.mask.bit_count()


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts())
def test_has_legal_placement_agrees(principality: Principality, tile: Tile, builders: int) -> None:
    """has_legal_placement is true exactly when legal_placements finds something."""
    expected = bool(legal_placements(principality, tile, builders))
    assert expected == has_legal_placement(principality, tile, builders)


@BOUNDED
@given(grown_principalities(), builder_counts())
def test_placeable_agrees(principality: Principality, builders: int) -> None:
    """placeable lists exactly the tiles with a legal placement, in the order given."""
    expected = tuple(t for t in TILES if legal_placements(principality, t, builders))
    assert expected == placeable(principality, TILES, builders)
    buildings = {t for t in expected if isinstance(t, Building)}
    assert buildings == buildings_with_room(principality, builders)
    landscapes = {t for t in expected if isinstance(t, Landscape)}
    assert landscapes == landscapes_with_room(principality)


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts())
def test_problem_is_none_exactly_for_legal_placements(
    principality: Principality, tile: Tile, builders: int
) -> None:
    """placement_problem accepts every legal placement and names a reason for the others."""
    legal = {p.mask for p in legal_placements(principality, tile, builders)}
    for placement in tile_placements(tile):
        problem = placement_problem(principality, tile, builders, placement.mask)
        assert (placement.mask in legal) == (problem is None), problem


@BOUNDED
@given(grown_principalities(), tiles(), builder_counts(), st.integers(1, (1 << 49) - 1))
def test_problem_rejects_arbitrary_cell_sets(
    principality: Principality, tile: Tile, builders: int, mask: int
) -> None:
    """A random cell set is accepted only if it is one of the legal placements."""
    legal = {p.mask for p in legal_placements(principality, tile, builders)}
    expected = mask in legal
    assert expected == (placement_problem(principality, tile, builders, mask) is None)


@BOUNDED
@given(grown_principalities(), tiles())
def test_more_builders_never_lose_placements(principality: Principality, tile: Tile) -> None:
    """0 and 1 builders allow the same places, 2 and 3 the same, and more is never less."""
    by_builders = [{p.mask for p in legal_placements(principality, tile, b)} for b in range(4)]
    assert by_builders[0] == by_builders[1]
    assert by_builders[2] == by_builders[3]
    assert by_builders[1] <= by_builders[2]


# --------------------------------------------------------------------------
# Every placement of every tile, and parsing.
# --------------------------------------------------------------------------


@pytest.mark.parametrize("tile", TILES)
def test_tile_placements_match_the_reference(tile: Tile) -> None:
    """tile_placements are the reference's positions that avoid the palazzo, sorted."""
    expected = sorted(notation_of(c) for c in all_positions(tile) if not c & PALAZZO)
    assert expected == [str(p) for p in tile_placements(tile)]


@pytest.mark.parametrize("tile", TILES)
def test_parse_and_format_round_trip(tile: Tile) -> None:
    """Every placement parses back from its notation, in any cell order."""
    for placement in tile_placements(tile):
        text = str(placement)
        assert placement == parse_placement(tile, text)
        assert placement == parse_placement(tile, "-".join(reversed(text.split("-"))))


@pytest.mark.parametrize(
    "text", ["", "a4", "a4-b4", "a4-b4-b4", "a4-b4-h4", "a4 b4 c4", "A4-B4-C4", "a4--b4-c4"]
)
def test_parse_placement_rejects_malformed_text(text: str) -> None:
    """Text that is not three distinct tower cells in a row is refused, naming the tile."""
    with pytest.raises(GeometryError, match="tower"):
        parse_placement(Building.TOWER, text)


def test_parse_placement_rejects_a_wrong_shape() -> None:
    """Cells that are valid names but not the tile's shape are refused."""
    with pytest.raises(GeometryError, match="chapel: the cells are not in its shape"):
        parse_placement(Building.CHAPEL, "d4-e4-f4")


def test_parse_placement_rejects_the_palazzo() -> None:
    """A tower shape covering the palazzo is not a placement."""
    with pytest.raises(GeometryError, match="tower: it covers the palazzo"):
        parse_placement(Building.TOWER, "c1-d1-e1")


# --------------------------------------------------------------------------
# Hand-made cases.
# --------------------------------------------------------------------------


def masks(principality: Principality, tile: Tile, builders: int) -> set[int]:
    """The cell masks of the legal placements."""
    return {p.mask for p in legal_placements(principality, tile, builders)}


def test_empty_board_counts() -> None:
    """On an empty board the tower has 58 places, 10 of them touching the palazzo."""
    assert 58 == len(tile_placements(Building.TOWER))
    assert 48 == len(legal_placements(Principality(), Building.TOWER, 0))
    assert 58 == len(legal_placements(Principality(), Building.TOWER, 2))
    assert 72 == len(legal_placements(Principality(), Landscape.PARK, 0))


@pytest.mark.parametrize(("builders", "legal"), [(0, False), (1, False), (2, True), (3, True)])
def test_building_next_to_the_palazzo_needs_two_builders(builders: int, legal: bool) -> None:
    """A tower sharing an edge with the palazzo is legal only with 2 or more builders."""
    tower = parse_cells("d1-e1-f1")
    assert legal == (tower in masks(Principality(), Building.TOWER, builders))
    problem = placement_problem(Principality(), Building.TOWER, builders, tower)
    assert legal == (problem is None)
    if not legal:
        assert problem is not None
        assert "fewer than 2 builders" in problem


def test_building_next_to_a_building_needs_two_builders() -> None:
    """A chapel sharing an edge with a tower is illegal with 1 builder, legal with 2."""
    board = Principality().with_tile(Building.TOWER, parse_cells("d5-e5-f5"))
    chapel = parse_cells("d6-d7-e7")
    assert chapel not in masks(board, Building.CHAPEL, 1)
    assert chapel in masks(board, Building.CHAPEL, 2)


def test_corners_may_touch() -> None:
    """Buildings touching the palazzo or each other only at a corner are legal with 0 builders."""
    board = Principality()
    tower = parse_cells("d3-e3-f3")  # d3 meets the palazzo's c2 at a corner
    assert tower in masks(board, Building.TOWER, 0)
    board = board.with_tile(Building.TOWER, tower)
    chapel = parse_cells("g4-g5-f5")  # g4 meets the tower's f3 at a corner
    assert chapel in masks(board, Building.CHAPEL, 0)
    assert placement_problem(board, Building.CHAPEL, 0, chapel) is None


def test_landscapes_may_touch_anything() -> None:
    """A landscape may share edges with the palazzo and with buildings, with 0 builders."""
    board = Principality().with_tile(Building.TOWER, parse_cells("d3-e3-f3"))
    park = parse_cells("d1-d2")  # next to the palazzo (c1, c2) and the tower (d3)
    assert park in masks(board, Landscape.PARK, 0)
    assert placement_problem(board, Landscape.PARK, 0, park) is None


def test_buildings_may_touch_landscapes() -> None:
    """A building may share an edge with a landscape, with 0 builders."""
    board = Principality().with_tile(Landscape.FOREST, parse_cells("d4-d5-e4-e5"))
    tower = parse_cells("f4-f5-f6")
    assert tower in masks(board, Building.TOWER, 0)


def test_same_building_twice_is_refused() -> None:
    """A principality holds at most one building of each type, whatever the builders."""
    board = Principality().with_tile(Building.TOWER, parse_cells("d5-e5-f5"))
    for builders in range(4):
        assert () == legal_placements(board, Building.TOWER, builders)
        assert not has_legal_placement(board, Building.TOWER, builders)
    expected = "the principality already has a tower"
    assert expected == placement_problem(board, Building.TOWER, 3, parse_cells("a7-b7-c7"))


def test_same_landscape_twice_is_allowed() -> None:
    """Landscapes of one type may be laid again and again."""
    board = Principality().with_tile(Landscape.PARK, parse_cells("d5-e5"))
    assert has_legal_placement(board, Landscape.PARK, 0)


def test_overlap_is_reported() -> None:
    """Covering another tile or the palazzo is named in the problem."""
    board = Principality().with_tile(Landscape.PARK, parse_cells("e4-e5"))
    expected = "cells e4 overlap another tile"
    assert expected == placement_problem(board, Building.TOWER, 2, parse_cells("c4-d4-e4"))
    expected = "cells c1 overlap the palazzo"
    assert expected == placement_problem(board, Building.TOWER, 2, parse_cells("c1-d1-e1"))


def test_wrong_shape_is_reported() -> None:
    """A cell set in another shape is named as such."""
    expected = "d4-e5-f6 is not a shape of tower"
    assert expected == placement_problem(Principality(), Building.TOWER, 0, parse_cells("d4-e5-f6"))
    expected = "0x0 is not a set of cells of the 7x7 grid"
    assert expected == placement_problem(Principality(), Building.TOWER, 0, 0)


def test_full_board_has_no_place() -> None:
    """When every usable cell is covered, nothing fits."""
    board = Principality(occupied=USABLE_MASK | Principality().occupied)
    for tile in TILES:
        assert not has_legal_placement(board, tile, 3)
        assert () == legal_placements(board, tile, 3)


def test_a_single_free_gap_fits_only_tiles_of_its_shape() -> None:
    """A board whose only free cells are d4 and e4 fits a park and nothing else."""
    board = Principality(occupied=(USABLE_MASK | Principality().occupied) & ~parse_cells("d4-e4"))
    assert [("d4-e4")] == [str(p) for p in legal_placements(board, Landscape.PARK, 0)]
    assert [Landscape.PARK] == [t for t in TILES if has_legal_placement(board, t, 3)]


# --- The precomputed tables, built afresh -------------------------------------------


def _covering(placements: tuple[Placement, ...], cells: int) -> int:
    """The bitset of the indexes of the placements covering any of ``cells``."""
    return sum(1 << i for i, p in enumerate(placements) if p.mask & cells)


def test_the_octet_tables_pick_the_items_of_each_byte() -> None:
    """Entry ``byte`` of octet table ``k`` lists items ``8k + i`` for each set bit ``i``."""
    items = tuple(f"item {i}" for i in range(19))
    octets = placement_module._octet_tables(items)
    assert 3 == len(octets)
    for k, table in enumerate(octets):
        expected = [
            tuple(items[8 * k + i] for i in range(8) if byte >> i & 1 and 8 * k + i < len(items))
            for byte in range(256)
        ]
        assert expected == list(table)


def test_the_rank_tables_give_the_placements_covering_each_pattern() -> None:
    """Entry ``pattern`` of rank ``r`` is every placement covering a cell of it on rank r."""
    placements = tile_placements(Building.CHAPEL)
    ranks = placement_module._rank_tables(placements)
    assert 7 == len(ranks)
    for rank, table in enumerate(ranks):
        expected = [_covering(placements, pattern << (7 * rank)) for pattern in range(128)]
        assert expected == list(table[:128])


@pytest.mark.parametrize("kind", [Building, Landscape])
def test_a_kind_table_built_afresh_beside_the_reverse_palazzo(
    kind: type[Building] | type[Landscape], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Built with no table cached, the table of a kind holds each tile's placements in turn."""
    palazzo = catalog().shared_map.palazzo_mask
    monkeypatch.setattr(placement_module, "_KIND_TABLES", {})
    table = placement_module._kind_table(kind, palazzo)
    own = [tile_placements(tile, palazzo) for tile in kind]
    every = tuple(p for placements in own for p in placements)
    starts = [sum(len(placements) for placements in own[:i]) for i in range(len(own))]
    expected_spans = tuple(
        (tile, ((1 << len(own[i])) - 1) << starts[i]) for i, tile in enumerate(kind)
    )
    assert (1 << len(every)) - 1 == table.every
    assert expected_spans == table.spans
    assert placement_module._rank_tables(every) == table.ranks
    assert table is placement_module._kind_table(kind, palazzo)


def test_the_reverse_side_is_queried_with_its_own_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the reverse side (R29) a1 is free and the palazzo lies elsewhere: with no table
    built yet, each query builds the table of that palazzo, and the defaults block no cell."""
    from collections import defaultdict

    from princes_of_florence.rules.cooperative import reverse_side

    board = reverse_side()
    warm = {t: legal_placements(board, t, 2) for t in TILES}
    assert any(p.mask & parse_cells("a1") for found in warm.values() for p in found)
    for tile, found in warm.items():
        assert found
        assert all(not p.mask & board.palazzo for p in found)
        assert all(placement_problem(board, tile, 2, p.mask) is None for p in found)
    monkeypatch.setattr(placement_module, "_BY_PALAZZO", defaultdict(dict))
    assert warm == {t: legal_placements(board, t, 2) for t in TILES}


HEMMED_CELLS = "a1-a2-a3-a4-b1-b2-b3"
"""Where a laboratory still fits in :func:`_hemmed_reverse_side`: over a1."""


def _hemmed_reverse_side() -> Principality:
    """The reverse side of the board (palazzo c1-e2, R29), full but for the laboratory's
    place at a1, a cell the front side's palazzo covers."""
    board = ruleset(GameConfig(players=3, cooperative_building=True)).board
    for tile, cells in (
        (Building.UNIVERSITY, "a5-a6-a7-b5-b6-b7-c6"),
        (Building.LIBRARY, "b4-c3-c4-d3-d4"),
        (Landscape.LAKE, "c5-d5-d6"),
        (Landscape.LAKE, "d7-e6-e7"),
        (Landscape.LAKE, "e3-e4-f3"),
        (Landscape.LAKE, "e5-f4-f5"),
        (Landscape.LAKE, "f1-f2-g1"),
        (Landscape.LAKE, "f6-f7-g6"),
        (Building.TOWER, "g2-g3-g4"),
    ):
        board = board.with_tile(tile, parse_cells(cells))
    return board


def test_nothing_is_blocked_by_default_even_a1() -> None:
    """Without ``blocked`` every free cell may be covered, a1 included on the reverse side."""
    hemmed = _hemmed_reverse_side()
    lab = Building.LABORATORY
    mask = parse_cells(HEMMED_CELLS)
    assert has_legal_placement(hemmed, lab, 2)
    assert not has_legal_placement(hemmed, lab, 2, blocked=parse_cells("a1"))
    assert [HEMMED_CELLS] == [str(p) for p in legal_placements(hemmed, lab, 2)]
    assert is_legal_placement(hemmed, lab, 2, HEMMED_CELLS)
    assert placement_problem(hemmed, lab, 2, mask) is None
    assert (PlaceTile(HEMMED_CELLS),) == place_moves(hemmed, lab, 2)
    assert not has_legal_placement(hemmed, lab, 1)  # it would touch the university (R21)


def test_a_placement_over_a_closed_cell_names_only_the_cells_it_covers() -> None:
    """Of the closed cells a1 and g7, the laboratory at a1 covers only a1 (R30)."""
    problem = placement_problem(
        _hemmed_reverse_side(),
        Building.LABORATORY,
        2,
        parse_cells(HEMMED_CELLS),
        blocked=parse_cells("a1-g7"),
    )
    assert f"{HEMMED_CELLS} covers a1, closed at a border (R30)" == problem


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table and memo of the placement module empty, as in a process just started."""
    from collections import defaultdict

    from princes_of_florence.geometry import PALAZZO_MASK
    from princes_of_florence.rules.common import PrincipalityMemo

    front: dict[Tile, object] = {}
    monkeypatch.setattr(placement_module, "_TABLES", front)
    monkeypatch.setattr(placement_module, "_BY_PALAZZO", defaultdict(dict, {PALAZZO_MASK: front}))
    monkeypatch.setattr(placement_module, "_KIND_TABLES", {})
    monkeypatch.setattr(placement_module, "_BUILDING_ROOM", PrincipalityMemo())
    monkeypatch.setattr(placement_module, "_LANDSCAPE_ROOM", PrincipalityMemo())
    placement_module._near_walls.cache_clear()


def _samples() -> tuple[Principality, ...]:
    """Principalities of both sides of the board, from empty to nearly full."""
    from princes_of_florence.rules.cooperative import reverse_side

    return (
        reverse_side(),
        _hemmed_reverse_side(),
        Principality(),
        principality_of(Building.TOWER, Landscape.PARK),
        principality_of(Building.UNIVERSITY, Building.OPERA, Landscape.LAKE, Building.CHAPEL),
    )


def _cases() -> list[tuple[Principality, Tile, int, set[frozenset[Cell]]]]:
    """Each sample, tile and builder count with the reference's legal cell sets (R21)."""
    return [
        (p, tile, builders, reference_legal(p, tile, builders))
        for p in _samples()
        for builders in range(4)
        for tile in TILES
    ]


def _cold_legal_placements(
    p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]
) -> bool:
    return legal == {cells_of(found.mask) for found in legal_placements(p, tile, b)}


def _cold_has_legal_placement(
    p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]
) -> bool:
    return bool(legal) is has_legal_placement(p, tile, b)


def _cold_place_moves(p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]) -> bool:
    return legal == {cells_of(parse_cells(move.cells)) for move in place_moves(p, tile, b)}


def _mask_of(cells: frozenset[Cell]) -> int:
    return sum(1 << (y * SIZE + x) for x, y in cells)


def _off_palazzo(p: Principality, tile: Tile) -> list[frozenset[Cell]]:
    """Every cell set of the tile's shape inside the grid and off the palazzo (no table)."""
    palazzo = cells_of(p.palazzo)
    return [cells for cells in all_positions(tile) if not cells & palazzo]


def _cold_is_legal_placement(
    p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]
) -> bool:
    every = _off_palazzo(p, tile)
    return legal == {c for c in every if is_legal_placement(p, tile, b, notation_of(c))}


def _cold_placement_problem(
    p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]
) -> bool:
    every = _off_palazzo(p, tile)
    return legal == {c for c in every if placement_problem(p, tile, b, _mask_of(c)) is None}


def _cold_parse_placement(p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]) -> bool:
    return all(
        cells_of(parse_placement(tile, notation_of(cells), p.palazzo).mask) == cells
        for cells in legal
    )


def _cold_is_tile_shape(p: Principality, tile: Tile, b: int, legal: set[frozenset[Cell]]) -> bool:
    shapes = all(is_tile_shape(tile, _mask_of(c), p.palazzo) for c in _off_palazzo(p, tile))
    return shapes and not is_tile_shape(tile, p.palazzo, p.palazzo)


COLD_QUERIES = (
    _cold_legal_placements,
    _cold_has_legal_placement,
    _cold_place_moves,
    _cold_is_legal_placement,
    _cold_placement_problem,
    _cold_parse_placement,
    _cold_is_tile_shape,
)
"""Each query of a single tile, as a check against the reference's legal cell sets."""


@pytest.mark.usefixtures("cold")
@pytest.mark.parametrize("query", COLD_QUERIES, ids=lambda q: q.__name__.removeprefix("_cold_"))
def test_each_query_answered_from_cold_tables_matches_the_reference(
    query: Callable[[Principality, Tile, int, set[frozenset[Cell]]], bool],
) -> None:
    """With nothing cached, the query's first call builds each table itself (the reverse side
    first), and every answer is still the one R21 gives."""
    for principality, tile, builders, legal in _cases():
        assert query(principality, tile, builders, legal), (tile, builders)


@pytest.mark.usefixtures("cold")
def test_the_room_queries_answered_from_cold_tables_match_the_reference() -> None:
    """placeable and the two room sets, each table built by their own first call."""
    for principality in _samples():
        for builders in range(4):
            with_room = [tile for tile in TILES if reference_legal(principality, tile, builders)]
            assert tuple(with_room) == placeable(principality, TILES, builders)
            buildings = {t for t in with_room if isinstance(t, Building)}
            assert buildings == buildings_with_room(principality, builders)
            landscapes = {t for t in with_room if isinstance(t, Landscape)}
            assert landscapes == landscapes_with_room(principality)
