"""The Cooperative Building expansion: the shared map and building across a border.

Rulings R29-R32 as pure functions over principalities, and the questions
the engine asks of a state (:func:`alone_blocked`, :func:`proposal_partners`,
:func:`proposal_buildings`, :func:`proposal_placements`).  The negotiation's
moves are applied by :mod:`~princes_of_florence.rules.negotiation`.

* **R29, the shared map.**  Every principality is the reverse side of its
  board (:func:`reverse_side`); the catalog's layout for the number of
  players says which principalities border which (:func:`neighbours`,
  :func:`border`).  The layout is a reconstruction (see the catalog).
* **R30, building alone next to a border.**  A building that shares an edge
  with a border needs 1 builder, or 2 if a cell across the border next to it
  holds a building or part of a palazzo (:func:`alone_builders_needed`,
  :func:`alone_border_problem`); :func:`alone_placements` lists the legal
  placements on the reverse side with R21 and R30 together.
* **R31, proposing.**  The buildings two neighbours could share
  (:func:`shareable_buildings`), the legal placements of one laid across
  their border (:func:`shared_placements`, :func:`shared_placement_problem`)
  and the partner's payment steps (:func:`payment_offers`).
* **R32, accepting.**  What is paid when the partner accepts
  (:func:`shared_build_payments`), and how many proposals one build action
  allows (:data:`PROPOSALS_PER_BUILD`).

:func:`render_shared_map` draws the map as text.  Every principality passed to
these functions must be a reverse side: start from :func:`reverse_side` and
lay tiles with :meth:`~princes_of_florence.Principality.with_tile`.

>>> from princes_of_florence.ids import Building
>>> neighbours(4, 0)
(1, 3)
>>> empty = (reverse_side(),) * 4
>>> [str(p) for p in shared_placements(empty, 0, 1, Building.TOWER, 0, 0)][:3]
['f3-g3/a3', 'f4-g4/a4', 'f5-g5/a5']
>>> shared_build_payments(builders=1, payment=500).active_gain
200
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

import attrs

from princes_of_florence.components import SharedMapLayout
from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import (
    CELL_NAMES,
    GRID_SIZE,
    Border,
    Placement,
    StraddlingPlacement,
    border_builders_needed,
    cells_notation,
    grow,
    part_builders_needed,
    placements_avoiding,
    straddling_placements,
)
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import BUILDINGS, GameState, Principality

__all__ = [
    "PROPOSALS_PER_BUILD",
    "SharedBuildPayments",
    "alone_blocked",
    "alone_border_problem",
    "alone_builders_needed",
    "alone_placements",
    "border",
    "layout",
    "neighbours",
    "parse_shared_placement",
    "payment_offers",
    "proposal_buildings",
    "proposal_partners",
    "proposal_placements",
    "render_shared_map",
    "reverse_side",
    "shareable_buildings",
    "shared_build_payments",
    "shared_placement_problem",
    "shared_placements",
    "shared_tile_placements",
]

PROPOSALS_PER_BUILD = 3
"""Proposals one build action allows; after the third rejection only building
alone or giving the action up remains (ruling R32)."""

_MIN_BUILDERS_TO_TOUCH = 2
"""Builders a player needs before a building may share an edge with a wall (R21)."""

_CELLS = GRID_SIZE * GRID_SIZE

_RANK_BITS = (1 << GRID_SIZE) - 1
"""The cells of one rank, shifted down to bits 0-6."""


# --------------------------------------------------------------------------
# The shared map (ruling R29)
# --------------------------------------------------------------------------


@cache
def reverse_side() -> Principality:
    """An empty principality on the reverse side of a board: only its palazzo (R29).

    >>> cells_notation(reverse_side().occupied)
    'c1-c2-d1-d2-e1-e2'
    """
    palazzo = catalog().shared_map.palazzo_mask
    return Principality(occupied=palazzo, walls=palazzo, palazzo=palazzo)


def layout(players: int) -> SharedMapLayout:
    """The catalog's layout of the shared map for ``players`` players (ruling R29).

    Raises:
        KeyError: the catalog has no layout for that many players.
    """
    return catalog().shared_map.layout(players)


def neighbours(players: int, player: int) -> tuple[int, ...]:
    """The players whose principalities border ``player``'s, ascending (ruling R29).

    >>> neighbours(2, 0), neighbours(5, 4)
    ((1,), (0, 3))
    """
    return layout(players).neighbours(player)


def border(players: int, player: int, neighbour: int) -> Border:
    """The border between two players' principalities, seen from ``player``'s (R29).

    Raises:
        GeometryError: the two principalities do not share a border.
    """
    found = layout(players).border(player, neighbour)
    if found is None:
        raise GeometryError(
            f"with {players} players, the principalities of players {player} and {neighbour} "
            "do not share a border"
        )
    return found


# --------------------------------------------------------------------------
# Building alone next to a border (ruling R30)
# --------------------------------------------------------------------------


def alone_builders_needed(principalities: Sequence[Principality], player: int, mask: int) -> int:
    """Builders ``player`` needs to build alone on ``mask`` because of the borders (R30).

    Args:
        principalities: every player's principality, by player.
        player: the builder.
        mask: the building's cells in the builder's principality.

    Returns:
        0 if the building shares an edge with no border, 1 if every cell
        across from it is empty or a landscape, 2 if one holds a building or
        part of a palazzo.  The wall rule inside the principality (R21) is
        not counted here.

    >>> from princes_of_florence.geometry import parse_cells
    >>> empty = (reverse_side(),) * 3
    >>> alone_builders_needed(empty, 0, parse_cells("g3-g4-g5"))
    1
    >>> alone_builders_needed(empty, 0, parse_cells("a3-a4-a5"))
    1
    >>> alone_builders_needed(empty, 0, parse_cells("d4-d5-d6"))
    0
    """
    players = len(principalities)
    needed = 0
    for other in neighbours(players, player):
        near = border(players, player, other)
        needed = max(needed, border_builders_needed(mask, near, principalities[other].walls))
    return needed


def alone_border_problem(
    principalities: Sequence[Principality], player: int, mask: int, builders: int
) -> str | None:
    """Why ``player`` with ``builders`` may not build alone on ``mask`` at a border, or ``None``.

    Only ruling R30 is checked: the placement inside the principality (R21)
    is :func:`~princes_of_florence.rules.placement.placement_problem`'s.

    >>> from princes_of_florence.geometry import parse_cells
    >>> empty = (reverse_side(),) * 2
    >>> print(alone_border_problem(empty, 0, parse_cells("g3-g4-g5"), 0))
    g3-g4-g5 shares an edge with the border of player 1 and the player has no builder (ruling R30)
    """
    players = len(principalities)
    notation = cells_notation(mask)
    for other in neighbours(players, player):
        near = border(players, player, other)
        walls = principalities[other].walls
        needed = border_builders_needed(mask, near, walls)
        if needed > builders:
            if needed == 1:
                return (
                    f"{notation} shares an edge with the border of player {other} and the "
                    "player has no builder (ruling R30)"
                )
            return (
                f"{notation} shares an edge across the border with a building or the palazzo "
                f"of player {other} (at {cells_notation(near.across(mask) & walls)}) and the "
                "player has fewer than 2 builders (ruling R30)"
            )
    return None


def alone_placements(
    principalities: Sequence[Principality], player: int, tile: Building | Landscape, builders: int
) -> tuple[Placement, ...]:
    """Where ``player`` may lay ``tile`` alone in their principality on the shared map.

    Ruling R21 on the reverse side of the board (no overlap with a tile or
    the palazzo; a building not twice, and not against a wall without 2
    builders), and for a building ruling R30: with no builder it may not
    touch a border, and with fewer than 2 it may not share an edge across a
    border with a building or part of a palazzo.  A landscape obeys only the
    first rule.

    Args:
        principalities: every player's principality, by player.
        player: the builder.
        tile: the building or landscape.
        builders: the builder's builders.

    Returns:
        The legal placements, ascending by notation.

    With 2 players, player 0's file g borders player 1 and file a borders
    nobody:

    >>> empty = (reverse_side(),) * 2
    >>> towers = [str(p) for p in alone_placements(empty, 0, Building.TOWER, 0)]
    >>> "g4-g5-g6" in towers, "a4-a5-a6" in towers
    (False, True)
    >>> "g4-g5-g6" in [str(p) for p in alone_placements(empty, 0, Building.TOWER, 1)]
    True
    """
    own = principalities[player]
    palazzo = catalog().shared_map.palazzo_mask
    placements = placements_avoiding(catalog().tile(tile).cells, palazzo)
    forbidden = own.occupied  # ruling R21: no overlap
    if isinstance(tile, Building):
        if own.has_building(tile):
            return ()  # ruling R21: each building once
        if builders < _MIN_BUILDERS_TO_TOUCH:
            forbidden |= grow(own.walls)  # ruling R21: no shared edge with a wall
            for other in neighbours(len(principalities), player):
                pair = _pair(len(principalities), player, other)
                # ruling R30: 2 builders to touch a wall across the border ...
                forbidden |= pair.inward.across(principalities[other].walls)
                if builders == 0:
                    forbidden |= pair.outward.near  # ... and 1 to touch the border at all
    return tuple(p for p in placements if not p.mask & forbidden)


def alone_blocked(state: GameState, player: int, builders: int) -> int:
    """The cells of ``player``'s principality closed to a building laid alone (R30).

    With no builder, every cell on a border; with fewer than 2, every cell
    sharing an edge across a border with a building or part of a palazzo of
    the neighbour.  0 without Cooperative Building, where no seat has a
    border (the ruleset's data), and with 2 builders or more.  The wall
    rule inside the principality (R21) is the placement module's.

    >>> from princes_of_florence import GameConfig, new_game
    >>> state = new_game(GameConfig(players=2, cooperative_building=True))
    >>> cells_notation(alone_blocked(state, 0, 0))
    'g1-g2-g3-g4-g5-g6-g7'
    >>> alone_blocked(state, 0, 1), alone_blocked(new_game(), 0, 0)
    (0, 0)
    """
    if builders >= _MIN_BUILDERS_TO_TOUCH:
        return 0
    blocked = 0
    players = state.players
    for other, outward, inward in ruleset(state.config).borders[player]:
        # ruling R30: 2 builders to share an edge with a wall across the border ...
        blocked |= inward.across(players[other].principality.walls)
        if builders == 0:
            blocked |= outward.near  # ... and 1 to touch the border at all
    return blocked


# --------------------------------------------------------------------------
# Building across a border (ruling R31)
# --------------------------------------------------------------------------


@attrs.frozen(eq=False)
class _SharedTable:
    """The placements of one tile across one border, with their cells as one key.

    The two grids are read as one grid of 14 ranks: the near grid's ranks 1-7,
    then the far grid's, so that a placement's cells are one 98-bit key
    (near cells in bits 0-48, far cells in bits 49-97).

    Attributes:
        placements: every placement across the border, ascending by notation.
        every: the bitset of all placement indexes.
        ranks: per rank of the 14, a 128-entry table from that rank's cells
            (bit *f* = file *f*) to the bitset of the indexes of the
            placements covering at least one of them.
        by_notation: the placements by notation.
    """

    placements: tuple[StraddlingPlacement, ...]
    every: int
    ranks: tuple[tuple[int, ...], ...]
    by_notation: dict[str, StraddlingPlacement]


def _rank_tables(keys: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The ``ranks`` of a :class:`_SharedTable` whose placements have these keys."""
    ranks: list[tuple[int, ...]] = []
    for rank in range(2 * GRID_SIZE):
        single = [0] * GRID_SIZE  # the placements covering each file of this rank
        for index, key in enumerate(keys):
            row = key >> (rank * GRID_SIZE) & _RANK_BITS
            for file in range(GRID_SIZE):
                if row >> file & 1:
                    single[file] |= 1 << index
        table = [0] * (1 << GRID_SIZE)
        for pattern in range(1, 1 << GRID_SIZE):
            rest = pattern & (pattern - 1)  # a pattern blocks what its lowest cell and the rest do
            table[pattern] = table[rest] | single[(pattern ^ rest).bit_length() - 1]
        ranks.append(tuple(table))
    return tuple(ranks)


@attrs.frozen(eq=False)
class _Pair:
    """What queries about two neighbours need, worked out once per pair.

    Attributes:
        outward: the border seen from the first player.
        inward: the same border seen from the second.
        tables: the table of each tile across this border, built on first use.
        buildings: the placements of every building across this border as
            one table, the first building's indexes lowest, with each
            building's span of indexes, built on first use
            (:func:`shareable_buildings` asks it once for all ten).
    """

    outward: Border
    inward: Border
    tables: dict[Building | Landscape, _SharedTable] = attrs.Factory(dict)
    buildings: list[tuple[tuple[tuple[int, ...], ...], tuple[tuple[Building, int], ...]]] = (
        attrs.Factory(list)
    )


_PAIRS: dict[tuple[int, int, int], _Pair] = {}
"""Every pair of neighbours asked about, by ``(players, player, partner)``."""


def _pair(players: int, player: int, partner: int) -> _Pair:
    """The :class:`_Pair` of two neighbours, from a small dictionary after the first call."""
    found = _PAIRS.get((players, player, partner))
    if found is None:
        outward = border(players, player, partner)
        found = _PAIRS[players, player, partner] = _Pair(outward, outward.flipped())
    return found


def _shared_table(tile: Building | Landscape, pair: _Pair) -> _SharedTable:
    """The table of ``tile`` across the border of ``pair``, built on first use."""
    table = pair.tables.get(tile)
    if table is None:
        palazzo = catalog().shared_map.palazzo_mask
        shape = catalog().tile(tile).cells
        placements = straddling_placements(shape, pair.outward, palazzo, palazzo)
        table = pair.tables[tile] = _SharedTable(
            placements=placements,
            every=(1 << len(placements)) - 1,
            ranks=_rank_tables([p.near | p.far << _CELLS for p in placements]),
            by_notation={p.notation: p for p in placements},
        )
    return table


def shared_tile_placements(
    players: int, player: int, partner: int, tile: Building | Landscape
) -> tuple[StraddlingPlacement, ...]:
    """Every placement of ``tile`` across the border of two players, on empty boards.

    Seen from ``player``'s principality (the *near* part is ``player``'s),
    off both palazzos, ascending by notation; computed once per border.

    Raises:
        GeometryError: the two principalities do not share a border.

    >>> len(shared_tile_placements(3, 0, 1, Building.TOWER))
    14
    """
    return _shared_table(tile, _pair(players, player, partner)).placements


@lru_cache(maxsize=1 << 14)
def _near_walls(own_walls: int, other_walls: int, inward: Border) -> int:
    """The cells of a principality next to its walls or, across ``inward``, to the other's.

    Memoised: walls change only when a building is laid.
    """
    return grow(own_walls) | inward.across(other_walls)


def _forbidden(own: Principality, other: Principality, builders: int, inward: Border) -> int:
    """The cells of ``own`` that a part of a shared building may not cover (R21, R31).

    ``inward`` is the border seen from ``other``'s principality, so that it
    finds ``own``'s cells across from ``other``'s walls.
    """
    forbidden = own.occupied  # ruling R21: no overlap
    if builders < _MIN_BUILDERS_TO_TOUCH:
        # ruling R31: the part obeys R21's wall rule with its owner's builders;
        # decision D16: across the border too, as building alone would (R30).
        forbidden |= _near_walls(own.walls, other.walls, inward)
    return forbidden


def shared_placements(
    principalities: Sequence[Principality],
    player: int,
    partner: int,
    building: Building,
    builders: int,
    partner_builders: int,
) -> tuple[StraddlingPlacement, ...]:
    """Where ``player`` may propose to build ``building`` with ``partner`` (ruling R31).

    A placement is legal when it has cells in both principalities, covers
    no tile and no palazzo cell, and each part obeys the wall rule with its
    own owner's builders: fewer than 2 builders and the part may not share an
    edge with a building or the palazzo in its owner's principality, nor
    across the border with one in the other principality (decision D16).
    Whether the supply still has the building, and whether ``player`` can
    pay for it, is for the caller to ask.

    Args:
        principalities: every player's principality, by player.
        player: the active player, who proposes.
        partner: the neighbour asked to build with them.
        building: the building proposed.
        builders: the active player's builders.
        partner_builders: the partner's builders.

    Returns:
        The legal placements, seen from ``player`` (the near part is
        ``player``'s), ascending by notation; empty if either principality
        already has the building (R21: each type once) or nothing fits.

    Raises:
        GeometryError: the two principalities do not share a border.
    """
    pair = _pair(len(principalities), player, partner)
    own, other = principalities[player], principalities[partner]
    for placed in (*own.tiles, *other.tiles):
        if placed.tile is building:
            return ()  # ruling R31: a building neither partner has
    table = _shared_table(building, pair)
    n = _forbidden(own, other, builders, pair.inward)
    f = _forbidden(other, own, partner_builders, pair.outward)
    # Fourteen look-ups find every placement covering a forbidden cell at once.
    r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13 = table.ranks
    blocked = (
        r0[n & 127]
        | r1[n >> 7 & 127]
        | r2[n >> 14 & 127]
        | r3[n >> 21 & 127]
        | r4[n >> 28 & 127]
        | r5[n >> 35 & 127]
        | r6[n >> 42 & 127]
        | r7[f & 127]
        | r8[f >> 7 & 127]
        | r9[f >> 14 & 127]
        | r10[f >> 21 & 127]
        | r11[f >> 28 & 127]
        | r12[f >> 35 & 127]
        | r13[f >> 42 & 127]
    )
    free = table.every & ~blocked
    found: list[StraddlingPlacement] = []
    placements = table.placements
    while free:
        low = free & -free
        found.append(placements[low.bit_length() - 1])
        free ^= low
    return tuple(found)


def shareable_buildings(
    principalities: Sequence[Principality],
    player: int,
    partner: int,
    builders: int,
    partner_builders: int,
) -> tuple[Building, ...]:
    """The buildings ``player`` could propose to build with ``partner`` (ruling R31).

    Those with at least one of :func:`shared_placements`, in
    :class:`~princes_of_florence.ids.Building` order.  Whether the supply
    still has them is for the caller to ask.

    >>> empty = (reverse_side(),) * 2
    >>> len(shareable_buildings(empty, 0, 1, 0, 0))
    10
    """
    pair = _pair(len(principalities), player, partner)
    own, other = principalities[player], principalities[partner]
    if not pair.buildings:
        keys: list[int] = []
        building_spans: list[tuple[Building, int]] = []
        for building in Building:
            placements = _shared_table(building, pair).placements
            building_spans.append((building, ((1 << len(placements)) - 1) << len(keys)))
            keys.extend(p.near | p.far << _CELLS for p in placements)
        pair.buildings.append((_rank_tables(keys), tuple(building_spans)))
    ranks, spans = pair.buildings[0]
    n = _forbidden(own, other, builders, pair.inward)
    f = _forbidden(other, own, partner_builders, pair.outward)
    # Fourteen look-ups find every blocked placement of every building at once.
    blocked = 0
    for rank in range(GRID_SIZE):
        shift = rank * GRID_SIZE
        blocked |= ranks[rank][n >> shift & 127] | ranks[GRID_SIZE + rank][f >> shift & 127]
    have = {placed.tile for placed in (*own.tiles, *other.tiles)}  # R31: neither has it
    return tuple(building for building, span in spans if span & ~blocked and building not in have)


def shared_placement_problem(
    principalities: Sequence[Principality],
    player: int,
    partner: int,
    building: Building,
    builders: int,
    partner_builders: int,
    placement: StraddlingPlacement,
) -> str | None:
    """Why ``placement`` is not among :func:`shared_placements`, or ``None`` if it is.

    The checks of ruling R31 one by one, each part on its own; the first
    failure is reported.

    Raises:
        GeometryError: the two principalities do not share a border.
    """
    pair = _pair(len(principalities), player, partner)
    own, other = principalities[player], principalities[partner]
    for who, principality in ((player, own), (partner, other)):
        if principality.has_building(building):  # ruling R31
            return f"the principality of player {who} already has the {building}"
    if placement.notation not in _shared_table(building, pair).by_notation:
        return f"{placement} is not a placement of the {building} across this border"
    for who, cells, occupied in (
        (player, placement.near, own.occupied),
        (partner, placement.far, other.occupied),
    ):
        if cells & occupied:  # ruling R21
            return f"cells {cells_notation(cells & occupied)} of player {who} are covered already"
    needed = part_builders_needed(placement, own.walls, other.walls)  # ruling R31
    for who, need, held in ((player, needed[0], builders), (partner, needed[1], partner_builders)):
        if held < need:
            return (
                f"the part of player {who} shares an edge with a building or the palazzo "
                f"and player {who} has fewer than {need} builders (ruling R31)"
            )
    return None


_ShareableKey = tuple[int, int, int, int, bool, bool]
_SHAREABLE: dict[_ShareableKey, tuple[Principality, Principality, frozenset[Building]]] = {}
"""Memo of :func:`_shareable`, by the two principalities' ids, players and wall rules."""


def _shareable(state: GameState, player: int, partner: int) -> frozenset[Building]:
    """The buildings two neighbours could share now, supply aside (R31), memoised.

    The answer depends on the two principalities and on whether each
    partner has 2 builders.  An entry is keyed by the principalities' ids and
    holds both objects, so neither id can be reused by another object while
    the entry exists: a key found is always for these very principalities.
    """
    own = state.players[player]
    other = state.players[partner]
    touch, other_touch = own.builders >= 2, other.builders >= 2
    key = (id(own.principality), id(other.principality), player, partner, touch, other_touch)
    kept = _SHAREABLE.get(key)
    if kept is not None:
        return kept[2]
    principalities = tuple(p.principality for p in state.players)
    found = frozenset(
        shareable_buildings(principalities, player, partner, own.builders, other.builders)
    )
    if len(_SHAREABLE) >= 4096:
        _SHAREABLE.clear()
    _SHAREABLE[key] = (own.principality, other.principality, found)
    return found


def proposal_buildings(state: GameState, player: int, partner: int) -> tuple[Building, ...]:
    """The buildings ``player`` may propose to share with ``partner`` now (R31).

    Those the supply still has, that neither of the two has, and that fit
    across their border with each part obeying its owner's wall rule; in
    :class:`~princes_of_florence.ids.Building` order.  Whether ``player``
    can pay the build cost is for the caller to ask.
    """
    room = _shareable(state, player, partner)
    if not room:
        return ()
    return tuple(
        building
        for building, left in zip(BUILDINGS, state.building_supply, strict=True)
        if left and building in room
    )


def proposal_partners(state: GameState, player: int) -> tuple[int, ...]:
    """The neighbours ``player`` could propose a shared building to now (R29, R31).

    Ascending; those with at least one of :func:`proposal_buildings`.  Empty
    without Cooperative Building.
    """
    return tuple(
        other
        for other, _, _ in ruleset(state.config).borders[player]
        if proposal_buildings(state, player, other)
    )


def proposal_placements(
    state: GameState, player: int, partner: int, building: Building
) -> tuple[StraddlingPlacement, ...]:
    """Where ``player`` may propose to lay ``building`` across the border with ``partner`` (R31).

    :func:`shared_placements` with the two players' builders, ascending by
    notation.
    """
    principalities = tuple(p.principality for p in state.players)
    return shared_placements(
        principalities,
        player,
        partner,
        building,
        state.players[player].builders,
        state.players[partner].builders,
    )


def parse_shared_placement(
    players: int, player: int, partner: int, building: Building, text: str
) -> StraddlingPlacement:
    """The placement across the border named ``text``, such as ``"f4-g4/a4"``.

    The notation is the one :func:`shared_placements` prints: ``player``'s
    cells, ``/``, ``partner``'s cells, each sorted.  Only the shape is checked,
    not whether the cells are free.

    Raises:
        GeometryError: the principalities do not share a border, or ``text``
            is no placement of the building across it.

    >>> str(parse_shared_placement(3, 1, 0, Building.TOWER, "a4-b4/g4"))
    'a4-b4/g4'
    """
    found = _shared_table(building, _pair(players, player, partner)).by_notation.get(text)
    if found is None:
        raise GeometryError(
            f"{text!r} is not a placement of the {building} across the border of players "
            f"{player} and {partner}"
        )
    return found


# --------------------------------------------------------------------------
# Payments (rulings R31, R32)
# --------------------------------------------------------------------------


@attrs.frozen
class SharedBuildPayments:
    """The money that moves when a partner accepts a shared building (ruling R32).

    Attributes:
        build_cost: what the active player pays the bank, by their own
            builders (700, 300, 300 or 0).
        partner_payment: what the partner pays the active player, as agreed.
    """

    build_cost: int
    partner_payment: int

    @property
    def active_gain(self) -> int:
        """The active player's money after the build minus before (may be negative)."""
        return self.partner_payment - self.build_cost


def shared_build_payments(builders: int, payment: int) -> SharedBuildPayments:
    """The payments on acceptance (ruling R32).

    Args:
        builders: the active player's builders, which alone set the cost.
        payment: the amount the partner agreed to pay the active player.

    Returns:
        The build cost the active player pays the bank and the partner's
        payment to them.

    >>> shared_build_payments(builders=0, payment=0)
    SharedBuildPayments(build_cost=700, partner_payment=0)
    >>> shared_build_payments(builders=3, payment=200).active_gain
    200
    """
    return SharedBuildPayments(catalog().rules.build_cost[builders], payment)


def payment_offers(can_raise: int) -> tuple[int, ...]:
    """Every payment the partner may be asked for: 0 up to ``can_raise`` in hundreds (R31).

    Args:
        can_raise: the most the partner can raise (ruling R4: cash, plus 100
            per prestige point where prestige may be sold; see
            :func:`~princes_of_florence.rules.common.means`).

    >>> payment_offers(350)
    (0, 100, 200, 300)
    """
    step = catalog().rules.raise_step
    return tuple(range(0, max(can_raise, 0) + 1, step))


# --------------------------------------------------------------------------
# Text
# --------------------------------------------------------------------------

_LETTERS: dict[Building | Landscape, str] = {
    Building.UNIVERSITY: "U",
    Building.LABORATORY: "L",
    Building.WORKSHOP: "W",
    Building.LIBRARY: "B",
    Building.OPERA: "O",
    Building.STUDIO: "S",
    Building.HOSPITAL: "H",
    Building.THEATER: "T",
    Building.TOWER: "R",
    Building.CHAPEL: "C",
    Landscape.FOREST: "f",
    Landscape.LAKE: "l",
    Landscape.PARK: "p",
}
"""The letter a tile's cells show in :func:`render_shared_map`."""

_SIDES = {(0, 1): "top", (0, -1): "bottom", (-1, 0): "left", (1, 0): "right"}


def _cell_letters(principality: Principality) -> list[str]:
    palazzo = catalog().shared_map.palazzo_mask
    letters = ["#" if palazzo >> cell & 1 else "." for cell in range(_CELLS)]
    for placed in principality.tiles:
        for cell in range(_CELLS):
            if placed.mask >> cell & 1:
                letters[cell] = _LETTERS[placed.tile]
    return letters


def render_shared_map(
    principalities: Sequence[Principality], shared: SharedMapLayout | None = None
) -> str:
    """The shared map as text: one block per principality, borders drawn (R29).

    Args:
        principalities: every player's principality, by player.
        shared: the layout to draw; the catalog's for this many players when
            ``None``.

    Each block is headed by the player and their neighbours and shows the
    grid with rank 7 on top: ``#`` is the palazzo, ``.`` an empty cell,
    upper-case letters buildings (University, Laboratory, Workshop, liBrary,
    Opera, Studio, Hospital, Theater, toweR, Chapel) and lower-case letters
    landscapes (forest, lake, park).  Beside each cell on a border stands the
    neighbour's number, with ``|`` (or ``-`` above and below) marking the
    border, so that a tile laid across it shows its letter in both blocks.

    >>> print(render_shared_map((reverse_side(),) * 2))
    player 0: borders player 1 (right)
        a b c d e f g
      7 . . . . . . . | 1
      6 . . . . . . . | 1
      5 . . . . . . . | 1
      4 . . . . . . . | 1
      3 . . . . . . . | 1
      2 . . # # # . . | 1
      1 . . # # # . . | 1
    <BLANKLINE>
    player 1: borders player 0 (left)
        a b c d e f g
      7 0 | . . . . . . .
      6 0 | . . . . . . .
      5 0 | . . . . . . .
      4 0 | . . . . . . .
      3 0 | . . . . . . .
      2 0 | . . # # # . .
      1 0 | . . # # # . .
    """
    if shared is None:
        shared = layout(len(principalities))
    blocks: list[str] = []
    for player, principality in enumerate(principalities):
        # marks[side][cell]: the neighbour across that side of the cell.
        marks: dict[str, dict[int, int]] = {side: {} for side in _SIDES.values()}
        heads: list[str] = []
        for other in shared.neighbours(player):
            near = shared.border(player, other)
            assert near is not None, "a neighbour shares a border"
            side = _SIDES[near.near_normal]
            heads.append(f"player {other} ({side})")
            for cell, _ in near.pairs:
                marks[side][cell] = other
        letters = _cell_letters(principality)
        left = "    " if marks["left"] else ""
        lines = [f"player {player}: borders {', '.join(heads)}"]
        lines.extend(_edge_row(marks["top"], left, "-", top=True))
        lines.append(f"    {left}{' '.join('abcdefg')}")
        for rank in reversed(range(GRID_SIZE)):
            row = range(rank * GRID_SIZE, (rank + 1) * GRID_SIZE)
            west, east = row[0], row[-1]
            start = f"{marks['left'][west]} | " if west in marks["left"] else left
            end = f" | {marks['right'][east]}" if east in marks["right"] else ""
            cells = " ".join(letters[cell] for cell in row)
            lines.append(f"  {CELL_NAMES[west][1]} {start}{cells}{end}".rstrip())
        lines.extend(_edge_row(marks["bottom"], left, "-", top=False))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _edge_row(marks: dict[int, int], left: str, line: str, top: bool) -> list[str]:
    """The two lines drawing a border above (``top``) or below the grid, if any."""
    if not marks:
        return []
    rank = GRID_SIZE - 1 if top else 0
    cells = range(rank * GRID_SIZE, (rank + 1) * GRID_SIZE)
    numbers = " ".join(str(marks[c]) if c in marks else " " for c in cells).rstrip()
    rule = " ".join(line if c in marks else " " for c in cells).rstrip()
    pair = [f"    {left}{numbers}", f"    {left}{rule}"]
    return pair if top else pair[::-1]
