"""Tests of the Cooperative Building rules (rulings R29-R32), before the engine plays them.

The reference enumeration here works on plain sets of ``(player, file, rank)``
cells: the principalities of two neighbours lie side by side in one plane
(file g of the first next to file a of the second, R29), shapes are turned
and mirrored by coordinates, and the wall rule is read straight off the
plane.  It shares no code with the engine's bitmasks.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from princes_of_florence import GameConfig, new_game
from princes_of_florence.components import BorderSpec, SharedMapLayout, default_catalog
from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import (
    GRID_SIZE,
    Border,
    StraddlingPlacement,
    cells_notation,
    mask_cells,
    parse_cells,
    placements_avoiding,
    straddling_placements,
)
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.rules import cooperative
from princes_of_florence.rules.cooperative import (
    PROPOSALS_PER_BUILD,
    SharedBuildPayments,
    alone_blocked,
    alone_border_problem,
    alone_builders_needed,
    alone_placements,
    border,
    neighbours,
    parse_shared_placement,
    payment_offers,
    proposal_buildings,
    render_shared_map,
    reverse_side,
    shareable_buildings,
    shared_build_payments,
    shared_placement_problem,
    shared_placements,
    shared_tile_placements,
)
from princes_of_florence.state import Principality, replace
from strategies import builder_counts, grown_principalities, play_random

Cell = tuple[int, int, int]
"""A cell of the shared map: ``(player, file, rank)``, file and rank from 0."""

PALAZZO = {(x, y) for x in (2, 3, 4) for y in (0, 1)}
"""The reverse side's palazzo, c1 d1 e1 c2 d2 e2, as ``(file, rank)`` (R29)."""


# --------------------------------------------------------------------------
# The reference: two principalities side by side, by coordinates
# --------------------------------------------------------------------------


def _forms(cells: Iterable[tuple[int, int]]) -> set[frozenset[tuple[int, int]]]:
    """Every rotation and reflection of a shape, moved to start at (0, 0)."""
    forms: set[frozenset[tuple[int, int]]] = set()
    points = list(cells)
    for _ in range(4):
        points = [(-y, x) for x, y in points]
        for shown in (points, [(-x, y) for x, y in points]):
            left = min(x for x, _ in shown)
            bottom = min(y for _, y in shown)
            forms.add(frozenset((x - left, y - bottom) for x, y in shown))
    return forms


def _plain(principality: Principality) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The covered cells and the wall cells of a principality, as ``(file, rank)``."""
    covered = set(PALAZZO)
    walls = set(PALAZZO)
    for placed in principality.tiles:
        cells = {(c % GRID_SIZE, c // GRID_SIZE) for c in mask_cells(placed.mask)}
        covered |= cells
        if isinstance(placed.tile, Building):
            walls |= cells
    return covered, walls


def reference_placements(
    players: int,
    building: Building,
    player: int,
    partner: int,
    boards: tuple[Principality, Principality],
    builders: tuple[int, int],
) -> set[frozenset[Cell]]:
    """Every legal placement of ``building`` across the border of ``player`` and ``partner``.

    ``player``'s board lies at x = 0..6 and ``partner``'s at x = 7..13 when
    ``player``'s file g borders ``partner``'s file a; the other way round
    when it is ``partner``'s file g.  Ruling R31: cells in both, nothing
    covered, each cell of a side whose owner has fewer than 2 builders is not
    next to a wall (of either principality) outside the building.
    """
    # R29: file g of each player borders file a of the next; the ring closes with 3 to 5.
    east_of_player = partner == player + 1 or (
        players > 2 and (player, partner) == (players - 1, 0)
    )
    owners = (player, partner) if east_of_player else (partner, player)
    board_of = {player: boards[0], partner: boards[1]}
    held = {player: builders[0], partner: builders[1]}
    covered: set[tuple[int, int]] = set()
    walls: set[tuple[int, int]] = set()
    for offset, owner in zip((0, GRID_SIZE), owners, strict=True):
        own_covered, own_walls = _plain(board_of[owner])
        covered |= {(x + offset, y) for x, y in own_covered}
        walls |= {(x + offset, y) for x, y in own_walls}
    if any(b.has_building(building) for b in boards):
        return set()
    found: set[frozenset[Cell]] = set()
    for form in _forms(default_catalog().tile(building).cells):
        for dx in range(2 * GRID_SIZE):
            for dy in range(GRID_SIZE):
                cells = {(x + dx, y + dy) for x, y in form}
                if any(x >= 2 * GRID_SIZE or y >= GRID_SIZE for x, y in cells):
                    continue
                if cells & covered:
                    continue
                sides = {owners[x // GRID_SIZE] for x, _ in cells}
                if len(sides) != 2:
                    continue
                touching = False
                for x, y in cells:
                    if held[owners[x // GRID_SIZE]] >= 2:
                        continue
                    around = {(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)}
                    if (around - cells) & walls:
                        touching = True
                found_cells = frozenset(
                    (owners[x // GRID_SIZE], x % GRID_SIZE, y) for x, y in cells
                )
                if not touching:
                    found.add(found_cells)
    return found


def engine_cells(placement: StraddlingPlacement, player: int, partner: int) -> frozenset[Cell]:
    """The engine's placement as ``(player, file, rank)`` cells."""
    return frozenset(
        (owner, cell % GRID_SIZE, cell // GRID_SIZE)
        for owner, mask in ((player, placement.near), (partner, placement.far))
        for cell in mask_cells(mask)
    )


def borders_of(players: int) -> list[tuple[int, int]]:
    """Every ordered pair of neighbours with ``players`` players."""
    return [(p, q) for p in range(players) for q in neighbours(players, p)]


# --------------------------------------------------------------------------
# The shared map (R29)
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (2, [(1,), (0,)]),
        (3, [(1, 2), (0, 2), (0, 1)]),
        (4, [(1, 3), (0, 2), (1, 3), (0, 2)]),
        (5, [(1, 4), (0, 2), (1, 3), (2, 4), (0, 3)]),
    ],
)
def test_neighbours(players: int, expected: list[tuple[int, ...]]) -> None:
    """Neighbours are the seats either side in a ring; one each with 2 players (R29)."""
    assert expected == [neighbours(players, p) for p in range(players)]


def test_border_of_non_neighbours_raises() -> None:
    """Players 0 and 2 of 4 share no border."""
    with pytest.raises(GeometryError, match="players 0 and 2 do not share a border"):
        border(4, 0, 2)


def test_border_runs_from_file_g_to_file_a() -> None:
    """Seen from player 0 the border with player 1 is 0's file g; with player 4 it is file a."""
    expected = (parse_cells("g1-g2-g3-g4-g5-g6-g7"), parse_cells("a1-a2-a3-a4-a5-a6-a7"))
    assert expected == (border(5, 0, 1).near, border(5, 0, 4).near)


def test_reverse_side_has_the_central_palazzo() -> None:
    """The reverse side is empty but for c1 d1 e1 c2 d2 e2, 43 cells free (R29)."""
    side = reverse_side()
    expected = (parse_cells("c1-d1-e1-c2-d2-e2"), (), 43)
    assert expected == (side.walls, side.tiles, side.empty_cells)


# --------------------------------------------------------------------------
# The reference enumeration on an empty shared map (R31)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("builders", [(0, 0), (2, 2), (1, 3)])
def test_empty_map_placements_equal_the_reference(players: int, builders: tuple[int, int]) -> None:
    """On an empty map the engine lists exactly the reference's placements, once each."""
    empty = reverse_side()
    boards = (empty,) * players
    for player, partner in borders_of(players):
        for building in Building:
            listed = shared_placements(boards, player, partner, building, *builders)
            actual = [engine_cells(p, player, partner) for p in listed]
            expected = reference_placements(
                players, building, player, partner, (empty, empty), builders
            )
            assert len(set(actual)) == len(actual)
            assert expected == set(actual), (player, partner, building)


def test_empty_map_placement_counts() -> None:
    """How many ways each building crosses an empty border, without and with 2 builders.

    By hand for the tower: lying across the border on any of the 7 ranks,
    with 2 cells on either side, 14 ways; without 2 builders the 4 on ranks 1
    and 2 whose 2-cell side reaches file f or b touch the palazzo at e or c.
    The chapel fills three cells of a 2 x 2 square across the border: 6
    squares, 4 ways each, and file b and f stay clear of the palazzo.
    """
    boards = (reverse_side(),) * 3
    expected = {
        "university": (28, 40),
        "laboratory": (58, 74),
        "workshop": (24, 40),
        "library": (54, 68),
        "opera": (30, 40),
        "studio": (58, 74),
        "hospital": (26, 34),
        "theater": (62, 76),
        "tower": (10, 14),
        "chapel": (24, 24),
    }
    actual = {
        str(b): (
            len(shared_placements(boards, 0, 1, b, 0, 0)),
            len(shared_placements(boards, 0, 1, b, 2, 2)),
        )
        for b in Building
    }
    assert expected == actual


@given(
    st.sampled_from([2, 3, 4, 5]).flatmap(
        lambda n: st.tuples(st.just(n), st.sampled_from(borders_of(n)))
    ),
    st.tuples(
        grown_principalities(max_steps=10, reverse=True),
        grown_principalities(max_steps=10, reverse=True),
    ),
    st.tuples(builder_counts(), builder_counts()),
    st.sampled_from(list(Building)),
)
def test_grown_map_placements_equal_the_reference(
    game: tuple[int, tuple[int, int]],
    boards: tuple[Principality, Principality],
    builders: tuple[int, int],
    building: Building,
) -> None:
    """On boards with tiles the engine still lists exactly the reference's placements."""
    players, (player, partner) = game
    every = [reverse_side()] * players
    every[player], every[partner] = boards
    listed = shared_placements(every, player, partner, building, *builders)
    expected = reference_placements(players, building, player, partner, boards, builders)
    assert expected == {engine_cells(p, player, partner) for p in listed}
    # The per-part check agrees with the list, placement by placement.
    legal = set(listed)
    for placement in shared_tile_placements(players, player, partner, building):
        problem = shared_placement_problem(
            every, player, partner, building, *builders, placement=placement
        )
        assert (problem is None) == (placement in legal)
    # shareable_buildings, which asks all ten buildings at once, agrees with the lists.
    shareable = shareable_buildings(every, player, partner, *builders)
    assert (building in shareable) == bool(
        shared_placements(every, player, partner, building, *builders)
    )


def test_placements_are_seen_from_the_proposer() -> None:
    """Player 1 proposing to player 0 sees the same placements with the parts swapped."""
    boards = (reverse_side(),) * 2
    forward = {(p.near, p.far) for p in shared_placements(boards, 0, 1, Building.OPERA, 0, 0)}
    backward = {(p.far, p.near) for p in shared_placements(boards, 1, 0, Building.OPERA, 0, 0)}
    assert forward == backward


def test_a_building_either_partner_has_cannot_be_shared() -> None:
    """Neither partner may already have the building (R21, R31)."""
    side = reverse_side()
    with_tower = side.with_tile(Building.TOWER, parse_cells("a5-a6-a7"))
    boards = (side, with_tower, side)
    expected = ((), (), 14)
    actual = (
        shared_placements(boards, 0, 1, Building.TOWER, 3, 3),
        shared_placements(boards, 1, 2, Building.TOWER, 3, 3),
        len(shared_placements(boards, 2, 0, Building.TOWER, 3, 3)),
    )
    assert expected == actual
    problem = shared_placement_problem(
        boards, 0, 1, Building.TOWER, 3, 3, shared_tile_placements(3, 0, 1, Building.TOWER)[0]
    )
    assert problem == "the principality of player 1 already has the tower"


# --------------------------------------------------------------------------
# The rulebook's examples
# --------------------------------------------------------------------------


def _red_and_green() -> tuple[Principality, Principality]:
    """Red (player 0) has a tower at f6-f7-g7, Green (player 1) a chapel at a6-a7-b7."""
    side = reverse_side()
    red = side.with_tile(Building.TOWER, parse_cells("f6-f7-g7"))
    green = side.with_tile(Building.CHAPEL, parse_cells("a6-a7-b7"))
    return red, green


AROUND_PALAZZO = "b1-b2-c3-d3-e3-f1-f2"
"""The cells sharing an edge with the reverse side's palazzo."""


def test_red_with_one_builder_may_not_build_wall_to_wall_on_his_side() -> None:
    """Red (1 builder) and Green (3) build a workshop: Red's part avoids his walls (rulebook)."""
    red, green = _red_and_green()
    boards = (red, green)
    listed = shared_placements(boards, 0, 1, Building.WORKSHOP, 1, 3)
    red_walls_near = parse_cells(f"e6-e7-f5-g6-{AROUND_PALAZZO}")
    assert listed
    assert all(not p.near & red_walls_near for p in listed)
    # With 2 builders Red may: some placement then touches his tower.
    touching = shared_placements(boards, 0, 1, Building.WORKSHOP, 2, 3)
    assert any(p.near & red_walls_near for p in touching)
    wall_to_wall = next(p for p in touching if p.near & red_walls_near)
    expected = (
        "the part of player 0 shares an edge with a building or the palazzo "
        "and player 0 has fewer than 2 builders (ruling R31)"
    )
    assert expected == shared_placement_problem(boards, 0, 1, Building.WORKSHOP, 1, 3, wall_to_wall)


def test_green_with_three_builders_may_build_wall_to_wall_on_her_side() -> None:
    """Green (3 builders) may put her part of the workshop against her chapel (rulebook)."""
    red, green = _red_and_green()
    listed = shared_placements((red, green), 0, 1, Building.WORKSHOP, 1, 3)
    green_walls_near = parse_cells(f"a5-b6-c7-{AROUND_PALAZZO}")
    assert any(p.far & green_walls_near for p in listed)
    # Had Green fewer than 2 builders, none would touch her walls.
    few = shared_placements((red, green), 0, 1, Building.WORKSHOP, 1, 1)
    assert few
    assert all(not p.far & green_walls_near for p in few)
    assert set(few) < set(listed)


def test_building_alone_at_a_border_needs_one_builder() -> None:
    """Next to an empty border a building alone needs 1 builder (rulebook, R30)."""
    boards = (reverse_side(),) * 3
    tower = parse_cells("g4-g5-g6")
    expected = (1, 1, None)
    actual = (
        alone_builders_needed(boards, 0, tower),
        alone_builders_needed(boards, 1, parse_cells("a4-a5-a6")),
        alone_border_problem(boards, 0, tower, 1),
    )
    assert expected == actual
    assert alone_border_problem(boards, 0, tower, 0) == (
        "g4-g5-g6 shares an edge with the border of player 1 and the player has no builder "
        "(ruling R30)"
    )


def test_building_alone_at_a_built_border_needs_two_builders() -> None:
    """Across from a building a building alone needs 2 builders (rulebook, R30)."""
    side = reverse_side()
    boards = (side, side.with_tile(Building.CHAPEL, parse_cells("a5-a6-b6")), side)
    tower = parse_cells("g4-g5-g6")
    expected = (2, None)
    assert expected == (
        alone_builders_needed(boards, 0, tower),
        alone_border_problem(boards, 0, tower, 2),
    )
    assert alone_border_problem(boards, 0, tower, 1) == (
        "g4-g5-g6 shares an edge across the border with a building or the palazzo of "
        "player 1 (at a5-a6) and the player has fewer than 2 builders (ruling R30)"
    )


def test_a_landscape_across_the_border_needs_only_one_builder() -> None:
    """Landscapes across the border do not count as built (R30)."""
    side = reverse_side()
    across = side.with_tile(Building.CHAPEL, parse_cells("c5-c6-d6"))
    boards = (side, across.with_tile(Landscape.LAKE, parse_cells("a5-a6-b6")), side)
    expected = 1
    assert expected == alone_builders_needed(boards, 0, parse_cells("g4-g5-g6"))


def test_away_from_the_border_no_builder_is_needed() -> None:
    """A building that does not touch a border asks nothing of R30."""
    boards = (reverse_side(),) * 2
    expected = (0, None)
    mask = parse_cells("f4-f5-f6")
    assert expected == (
        alone_builders_needed(boards, 0, mask),
        alone_border_problem(boards, 0, mask, 0),
    )


def test_with_two_players_file_a_of_player_0_is_no_border() -> None:
    """With 2 players there is one border only: player 0's file a is open (R29)."""
    boards = (reverse_side(),) * 2
    expected = (0, 1)
    assert expected == (
        alone_builders_needed(boards, 0, parse_cells("a4-a5-a6")),
        alone_builders_needed(boards, 1, parse_cells("a4-a5-a6")),
    )


def test_the_payment_example() -> None:
    """Red (1 builder) and Green build a workshop; Green pays 500, Red 300 to the bank (R32)."""
    payments = shared_build_payments(builders=1, payment=500)
    expected = (SharedBuildPayments(build_cost=300, partner_payment=500), 200)
    assert expected == (payments, payments.active_gain)


@pytest.mark.parametrize(("builders", "cost"), [(0, 700), (1, 300), (2, 300), (3, 0)])
def test_build_cost_is_set_by_the_active_player_builders(builders: int, cost: int) -> None:
    """The active player pays 700 / 300 / 300 / 0 by their own builders (R32)."""
    assert cost == shared_build_payments(builders, 0).build_cost


def test_payment_offers_go_in_hundreds_up_to_what_the_partner_can_raise() -> None:
    """From 0 up to what the partner can raise, in steps of 100 (R31)."""
    expected = ((0,), (0, 100, 200), tuple(range(0, 3501, 100)))
    assert expected == (payment_offers(0), payment_offers(299), payment_offers(3500))


def test_three_proposals_per_build() -> None:
    """At most three proposals per build action (R32)."""
    assert PROPOSALS_PER_BUILD == 3


# --------------------------------------------------------------------------
# Notation and text
# --------------------------------------------------------------------------


def test_parse_shared_placement_round_trips() -> None:
    """Every placement's notation parses back to it."""
    for placement in shared_tile_placements(4, 3, 0, Building.LIBRARY):
        assert placement == parse_shared_placement(4, 3, 0, Building.LIBRARY, str(placement))


def test_parse_shared_placement_rejects_other_cells() -> None:
    """A notation that is no placement across that border raises GeometryError."""
    with pytest.raises(GeometryError, match="'a4/g4' is not a placement of the tower"):
        parse_shared_placement(2, 0, 1, Building.TOWER, "a4/g4")


def test_render_shows_a_shared_building_on_both_sides() -> None:
    """A tower across the border shows its letter in both blocks, by the border."""
    side = reverse_side()
    placement = parse_shared_placement(2, 0, 1, Building.TOWER, "f4-g4/a4")
    boards = (
        side.with_tile(Building.TOWER, placement.near),
        side.with_tile(Building.TOWER, placement.far),
    )
    text = render_shared_map(boards)
    assert "  4 . . . . . R R | 1" in text.splitlines()
    assert "  4 0 | R . . . . . ." in text.splitlines()


def test_render_draws_borders_above_and_below() -> None:
    """A layout with boards head to head draws the border over the top rank."""
    turned = Border.between("a7..g7", "g7..a7")
    layout = default_catalog().shared_map.layout(2)
    head_to_head = SharedMapLayout(
        players=2,
        borders=(BorderSpec(0, "a7..g7", 1, "g7..a7", turned),),
    )
    assert layout != head_to_head
    lines = render_shared_map((reverse_side(),) * 2, head_to_head).splitlines()
    expected = [
        "player 0: borders player 1 (top)",
        "    1 1 1 1 1 1 1",
        "    - - - - - - -",
        "    a b c d e f g",
    ]
    assert expected == lines[:4]


def test_render_draws_a_part_of_a_border_below_and_one_on_the_left() -> None:
    """Borders along part of an edge: the numbers and rule stand under those cells only."""
    specs = [(0, "g1..e1", 1, "e1..g1"), (0, "a7..a5", 2, "a5..a7")]
    layout = SharedMapLayout(
        players=3,
        borders=tuple(BorderSpec(p, a, q, b, Border.between(a, b)) for p, a, q, b in specs),
    )
    blocks = render_shared_map((reverse_side(),) * 3, layout).split("\n\n")
    expected = [
        "player 0: borders player 1 (bottom), player 2 (left)",
        "        a b c d e f g",
        "  7 2 | . . . . . . .",
        "  6 2 | . . . . . . .",
        "  5 2 | . . . . . . .",
        "  4     . . . . . . .",
        "  3     . . . . . . .",
        "  2     . . # # # . .",
        "  1     . . # # # . .",
        "                - - -",
        "                1 1 1",
    ]
    assert expected == blocks[0].splitlines()
    assert ["            - - -", "            0 0 0"] == blocks[1].splitlines()[-2:]


def test_a_part_against_a_wall_across_the_border_needs_its_owner_builders() -> None:
    """Red's part next to Green's tower across the border needs 2 of Red's builders (D16)."""
    side = reverse_side()
    boards = (side, side.with_tile(Building.TOWER, parse_cells("a5-a6-a7")))
    chapel = parse_shared_placement(2, 0, 1, Building.CHAPEL, "g4-g5/a4")
    expected = (False, True)
    assert expected == (
        chapel in shared_placements(boards, 0, 1, Building.CHAPEL, 1, 3),
        chapel in shared_placements(boards, 0, 1, Building.CHAPEL, 2, 3),
    )
    assert shared_placement_problem(boards, 0, 1, Building.CHAPEL, 1, 3, chapel) == (
        "the part of player 0 shares an edge with a building or the palazzo "
        "and player 0 has fewer than 2 builders (ruling R31)"
    )
    # Green's own part a4 touches her tower at a5: her 3 builders allow it, 1 would not.
    assert chapel not in shared_placements(boards, 0, 1, Building.CHAPEL, 2, 1)


# --------------------------------------------------------------------------
# Building alone on the shared map (R21 with R30)
# --------------------------------------------------------------------------


@given(
    st.sampled_from([2, 3, 4, 5]).flatmap(
        lambda n: st.tuples(st.just(n), st.integers(min_value=0, max_value=n - 1))
    ),
    st.lists(grown_principalities(max_steps=8, reverse=True), min_size=5, max_size=5),
    builder_counts(),
    st.sampled_from([*Building, *Landscape]),
)
def test_alone_placements_are_r21_and_r30_placement_by_placement(
    game: tuple[int, int],
    grown: list[Principality],
    builders: int,
    tile: Building | Landscape,
) -> None:
    """alone_placements keeps exactly the placements R21 and R30 allow, one by one."""
    players, player = game
    boards = grown[:players]
    own = boards[player]
    palazzo = default_catalog().shared_map.palazzo_mask
    listed = set(alone_placements(boards, player, tile, builders))
    for placement in placements_avoiding(default_catalog().tile(tile).cells, palazzo):
        legal = not placement.mask & own.occupied
        if isinstance(tile, Building):
            legal = legal and not own.has_building(tile)
            legal = legal and (builders >= 2 or not placement.halo & own.walls)
            legal = legal and alone_border_problem(boards, player, placement.mask, builders) is None
        assert legal == (placement in listed), str(placement)


def test_alone_placements_by_builders_beside_a_tower_and_a_lake() -> None:
    """The count of chapels laid alone grows with the builders up to 2 (R21, R30).

    Player 0 has a tower on a5-a6-a7 and a lake on d5-d6-e6: no chapel ever
    covers the lake; only 2 builders or more let it touch the tower (b5-b6-c6).
    """
    side = reverse_side()
    own = side.with_tile(Building.TOWER, parse_cells("a5-a6-a7"))
    own = own.with_tile(Landscape.LAKE, parse_cells("d5-d6-e6"))
    lake = parse_cells("d5-d6-e6")
    listed = [alone_placements((own, side), 0, Building.CHAPEL, n) for n in range(4)]
    assert [14, 31, 76, 76] == [len(placements) for placements in listed]
    assert [False, False, True, True] == [
        "b5-b6-c6" in {str(p) for p in placements} for placements in listed
    ]
    assert not any(p.mask & lake for placements in listed for p in placements)


def test_a_shared_placement_on_covered_cells_names_them() -> None:
    """The first part found covered is named with exactly its covered cells (R21, R31)."""
    side = reverse_side()
    chapel = parse_shared_placement(2, 0, 1, Building.CHAPEL, "g4-g5/a4")
    partner = side.with_tile(Landscape.LAKE, parse_cells("a3-a4-b4"))
    own = side.with_tile(Landscape.LAKE, parse_cells("f5-g5-g6"))
    expected = (
        "cells a4 of player 1 are covered already",
        "cells g5 of player 0 are covered already",
    )
    assert expected == (
        shared_placement_problem((side, partner), 0, 1, Building.CHAPEL, 3, 3, chapel),
        shared_placement_problem((own, partner), 0, 1, Building.CHAPEL, 3, 3, chapel),
    )


def test_alone_landscape_may_touch_a_built_border() -> None:
    """A landscape is no building: R30 does not apply to it."""
    side = reverse_side()
    boards = (side, side.with_tile(Building.TOWER, parse_cells("a3-a4-a5")))
    lakes = {str(p) for p in alone_placements(boards, 0, Landscape.LAKE, 0)}
    towers = {str(p) for p in alone_placements(boards, 0, Building.TOWER, 1)}
    expected = (True, False, True)
    assert expected == ("f4-g4-g5" in lakes, "g2-g3-g4" in towers, "e7-f7-g7" in towers)


def test_shareable_buildings_leave_out_what_cannot_be_shared() -> None:
    """A building either partner has, or one that fits nowhere across, is not offered (R31)."""
    side = reverse_side()
    # Player 1's file a holds landscapes from a3 up; with no builders the far
    # part must lie in a1-a2 (b1 and b2 touch the palazzo), which some shapes
    # cannot do; player 1 already has the tower.
    crowded = side.with_tile(Landscape.FOREST, parse_cells("a3-a4-b3-b4")).with_tile(
        Landscape.FOREST, parse_cells("a5-a6-b5-b6")
    )
    crowded = crowded.with_tile(Landscape.PARK, parse_cells("a7-b7"))
    crowded = crowded.with_tile(Building.TOWER, parse_cells("e5-e6-e7"))
    boards = (side, crowded)
    offered = shareable_buildings(boards, 0, 1, 0, 0)
    expected = [b for b in Building if shared_placements(boards, 0, 1, b, 0, 0)]
    assert expected == list(offered)
    assert Building.TOWER not in offered
    assert len(offered) < len(shareable_buildings((side, side), 0, 1, 0, 0)) == len(Building)


def test_the_rank_tables_give_the_keys_covering_each_pattern() -> None:
    """Entry ``pattern`` of rank ``r`` (of the 14 ranks of two boards) is every key covering
    a cell of it on rank r; built directly, as the cached tables of a pair are not."""
    keys = [
        p.near | p.far << (GRID_SIZE * GRID_SIZE)
        for p in shared_tile_placements(2, 0, 1, Building.CHAPEL)
    ]
    keys += [1 << 5 | 1 << 60, 1 << 97]
    ranks = cooperative._rank_tables(keys)
    assert 2 * GRID_SIZE == len(ranks)
    for rank, table in enumerate(ranks):
        cells = [pattern << (GRID_SIZE * rank) for pattern in range(1 << GRID_SIZE)]
        expected = [sum(1 << i for i, key in enumerate(keys) if key & c) for c in cells]
        assert expected == list(table[: 1 << GRID_SIZE])


def test_the_memo_of_shareable_buildings_tells_the_builders_apart() -> None:
    """Asked again for the same principalities with other builders, the answer follows them.

    The memo of :func:`proposal_buildings` keeps one answer per pair of
    principality objects and whether each partner has 2 builders (R31): each
    answer must equal the one computed afresh.
    """
    game = play_random(GameConfig(players=2, seed=0, cooperative_building=True), 0)
    differ = 0
    for state in game.states[::10]:
        boards = tuple(p.principality for p in state.players)
        answers = set()
        for player, partner in ((0, 1), (1, 0)):
            for builders in ((1, 1), (2, 1), (1, 2), (2, 2), (3, 3), (0, 0), (1, 1), (2, 2)):
                players = tuple(
                    attrs.evolve(p, builders=b)
                    for p, b in zip(state.players, builders, strict=True)
                )
                asked = replace(state, players=players)
                fresh = shareable_buildings(
                    boards, player, partner, builders[player], builders[partner]
                )
                supply = dict(zip(Building, asked.building_supply, strict=True))
                expected = tuple(b for b in fresh if supply[b])
                assert proposal_buildings(asked, player, partner) == expected
                answers.add((player, expected))
        differ += len(answers) > 2
    assert differ  # some position where the builders change the answer


def test_two_builders_or_more_close_no_cell() -> None:
    """With 2 builders a building laid alone may touch any border (R30): nothing is closed."""
    state = new_game(GameConfig(players=2, cooperative_building=True))
    assert (0, 0) == (alone_blocked(state, 0, 2), alone_blocked(state, 1, 3))
    assert 0 != alone_blocked(state, 0, 0)


@pytest.fixture
def cold(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table and memo of the shared map empty, as in a process just started."""
    monkeypatch.setattr(cooperative, "_PAIRS", {})
    monkeypatch.setattr(cooperative, "_SHAREABLE", {})
    cooperative._near_walls.cache_clear()


@pytest.mark.usefixtures("cold")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_tables_of_a_border_built_cold_match_the_reference(players: int) -> None:
    """With nothing cached, each border's tables are built anew and answer as R29-R31 read:
    every placement across it, and the buildings that can be shared across it."""
    empty = reverse_side()
    boards = (empty,) * players
    for player, partner in borders_of(players):
        for builders in ((0, 0), (2, 2), (1, 3)):
            found = []
            for building in Building:
                listed = shared_placements(boards, player, partner, building, *builders)
                actual = [engine_cells(p, player, partner) for p in listed]
                expected = reference_placements(
                    players, building, player, partner, (empty, empty), builders
                )
                assert expected == set(actual), (player, partner, building, builders)
                if expected:
                    found.append(building)
            offered = shareable_buildings(boards, player, partner, *builders)
            assert found == list(offered), (player, partner, builders)
    assert len(cooperative._PAIRS) == len(borders_of(players))


@pytest.mark.usefixtures("cold")
def test_shareable_buildings_agree_with_the_placements_through_a_whole_game() -> None:
    """In every position of a seeded 2-player game, the buildings offered for sharing are
    those with a placement across the border: late in the game a building's only placement
    left is its first one (index 0 of the border's table)."""
    game = play_random(GameConfig(players=2, seed=29, cooperative_building=True), 29)
    for state in game.states:
        boards = tuple(p.principality for p in state.players)
        for player, partner in ((0, 1), (1, 0)):
            for builders in ((0, 0), (1, 1), (2, 2)):
                offered = shareable_buildings(boards, player, partner, *builders)
                expected = [
                    b for b in Building if shared_placements(boards, player, partner, b, *builders)
                ]
                assert expected == list(offered)


def _across_empty_boards() -> list[tuple[int, int, int, Building, set[frozenset[Cell]]]]:
    """Each border of 2 to 5 players, each building, and the reference's placements across
    it on empty boards with 2 builders each (then only the palazzos are in the way)."""
    empty = reverse_side()
    return [
        (
            players,
            player,
            partner,
            building,
            reference_placements(players, building, player, partner, (empty, empty), (2, 2)),
        )
        for players in (2, 3, 4, 5)
        for player, partner in borders_of(players)
        for building in Building
    ]


@pytest.mark.usefixtures("cold")
def test_shared_tile_placements_built_cold_are_the_reference() -> None:
    """Built by its own first call, each border's table holds every placement off both
    palazzos (R29), once."""
    for players, player, partner, building, expected in _across_empty_boards():
        listed = shared_tile_placements(players, player, partner, building)
        actual = [engine_cells(p, player, partner) for p in listed]
        assert len(set(actual)) == len(actual)
        assert expected == set(actual), (players, player, partner, building)


def _text(cells: frozenset[Cell], player: int) -> str:
    """The notation of a reference placement: the player's cells, ``/``, the partner's."""
    near = sum(1 << (y * GRID_SIZE + x) for owner, x, y in cells if owner == player)
    far = sum(1 << (y * GRID_SIZE + x) for owner, x, y in cells if owner != player)
    return f"{cells_notation(near)}/{cells_notation(far)}"


@pytest.mark.usefixtures("cold")
def test_parse_shared_placement_built_cold_reads_every_placement() -> None:
    """Built by its own first call, the table reads back each reference placement."""
    for players, player, partner, building, expected in _across_empty_boards():
        for cells in expected:
            parsed = parse_shared_placement(
                players, player, partner, building, _text(cells, player)
            )
            assert cells == engine_cells(parsed, player, partner)


@pytest.mark.usefixtures("cold")
def test_shared_placement_problem_built_cold_accepts_every_placement() -> None:
    """Built by its own first call, the table knows each placement found apart (R31), and
    one over the partner's palazzo is named as no placement across the border."""
    palazzo = reverse_side().palazzo
    empty = (reverse_side(),) * 2
    for building in (Building.LABORATORY, Building.THEATER):
        shape = default_catalog().tile(building).cells
        outward = border(2, 0, 1)
        every = straddling_placements(shape, outward)
        clear = set(straddling_placements(shape, outward, palazzo, palazzo))
        for placement in every:
            problem = shared_placement_problem(empty, 0, 1, building, 2, 2, placement)
            if placement in clear:
                assert problem is None, placement
            else:
                assert f"{placement} is not a placement of the {building} across" in (problem or "")
        assert len(clear) < len(every)
