"""Hypothesis strategies shared by the tests.

Boards are grown the way a game grows them: tiles are laid one after another,
each at a placement that is legal under ruling R21 for the builders the owner
held at that moment.  Legality is checked here directly on the placement's
``mask`` and ``halo`` (no shortcut through the rules module under test).
"""

from __future__ import annotations

from hypothesis import strategies as st

from princes_of_florence.geometry import Placement, placements_of
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.rules.common import catalog
from princes_of_florence.state import Principality

__all__ = [
    "TILES",
    "builder_counts",
    "grown_principalities",
    "tiles",
]

Tile = Building | Landscape

TILES: tuple[Tile, ...] = (*Building, *Landscape)
"""Every tile type: the ten buildings, then the three landscapes."""


def tiles() -> st.SearchStrategy[Tile]:
    """Any of the 13 tile types."""
    return st.sampled_from(TILES)


def builder_counts() -> st.SearchStrategy[int]:
    """A number of builders a player may hold: 0 to 3."""
    return st.integers(min_value=0, max_value=3)


def _fits(principality: Principality, tile: Tile, builders: int, placement: Placement) -> bool:
    """Ruling R21 for one placement, straight from the definitions."""
    if placement.mask & principality.occupied:
        return False
    if isinstance(tile, Building):
        if principality.has_building(tile):
            return False
        if builders < 2 and placement.halo & principality.walls:
            return False
    return True


@st.composite
def grown_principalities(draw: st.DrawFn, max_steps: int = 16) -> Principality:
    """A principality after up to ``max_steps`` attempts to lay a random tile legally.

    Each step draws a tile type and a builder count (0 to 3); if the tile has
    no legal place the step is skipped, else one legal placement is drawn.
    """
    principality = Principality()
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    for _ in range(steps):
        tile = draw(tiles())
        builders = draw(builder_counts())
        options = [
            p
            for p in placements_of(catalog().tile(tile).cells)
            if _fits(principality, tile, builders, p)
        ]
        if options:
            chosen = draw(st.sampled_from(options))
            principality = principality.with_tile(tile, chosen.mask)
    return principality
