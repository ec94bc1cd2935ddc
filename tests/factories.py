"""Builders of players and principalities for tests, with real tile placements.

Every principality built here holds tiles at real placements from
:func:`~princes_of_florence.geometry.placements_of` that do not overlap each
other or the palazzo, found by a small backtracking search, so the counts a
test reads (buildings, landscapes, empty cells) are the counts of a position
that can occur on the board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import cache

import attrs

from princes_of_florence.geometry import USABLE_MASK, Placement, placements_of
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
)
from princes_of_florence.rules.common import catalog
from princes_of_florence.state import Card, GameState, PlayerState, Principality, replace

__all__ = [
    "RULEBOOK_BUILDINGS",
    "RULEBOOK_LANDSCAPES",
    "RULEBOOK_WORKER",
    "full_principality",
    "handed",
    "housed",
    "placements",
    "principality_of",
    "rulebook_bonus_player",
    "rulebook_prestige_player",
    "with_tiles",
]

Tile = Building | Landscape

RULEBOOK_BUILDINGS: tuple[Building, ...] = (
    Building.UNIVERSITY,
    Building.WORKSHOP,
    Building.OPERA,
    Building.TOWER,
    Building.CHAPEL,
)
"""The buildings of the rulebook's card examples (two large, one medium, two small)."""

RULEBOOK_LANDSCAPES: tuple[Landscape, ...] = (Landscape.FOREST, Landscape.FOREST, Landscape.LAKE)
"""The landscapes of the rulebook's card examples: 2 forests, 1 lake, no park."""

RULEBOOK_WORKER = PersonId.MATHEMATICIAN
"""The person working in the bonus card examples (university, forest, opinion)."""


def placements(tile: Tile) -> tuple[Placement, ...]:
    """Every placement of ``tile`` on an empty grid, from the shipped catalog."""
    return placements_of(catalog().tile(tile).cells)


@cache
def _place(tiles: tuple[Tile, ...]) -> Principality:
    """The tiles, in order, at the first non-overlapping placements found."""

    def search(index: int, principality: Principality) -> Principality | None:
        if index == len(tiles):
            return principality
        for placement in placements(tiles[index]):
            if not placement.mask & principality.occupied:
                found = search(index + 1, principality.with_tile(tiles[index], placement.mask))
                if found is not None:
                    return found
        return None

    result = search(0, Principality())
    if result is None:
        raise AssertionError(f"no room for {tiles} in one principality")
    return result


def principality_of(*tiles: Tile) -> Principality:
    """A principality holding ``tiles``, placed in order without overlap.

    Tiles may touch each other and the palazzo (as with two builders, R21).

    >>> from princes_of_florence.ids import Building, Landscape
    >>> p = principality_of(Building.TOWER, Landscape.PARK)
    >>> (len(p.tiles), p.empty_cells)
    (2, 38)
    """
    return _place(tiles)


@cache
def full_principality(tiles: tuple[Tile, ...]) -> Principality:
    """A principality whose 43 usable cells are all covered, by exactly ``tiles``.

    Fills the lowest empty cell first, trying each tile left; the tiles' cell
    counts must add up to 43.
    """
    counts: dict[Tile, int] = {}
    for tile in tiles:
        counts[tile] = counts.get(tile, 0) + 1

    def search(principality: Principality) -> Principality | None:
        empty = USABLE_MASK & ~principality.occupied
        if not empty:
            return principality
        lowest = empty & -empty
        for tile, left in counts.items():
            if not left:
                continue
            for placement in placements(tile):
                if placement.mask & lowest and not placement.mask & principality.occupied:
                    counts[tile] -= 1
                    found = search(principality.with_tile(tile, placement.mask))
                    counts[tile] += 1
                    if found is not None:
                        return found
        return None

    result = search(Principality())
    if result is None:
        raise AssertionError(f"{tiles} do not cover the principality exactly")
    return result


def _rulebook_principality(extra: Iterable[Tile] = ()) -> Principality:
    return principality_of(*RULEBOOK_BUILDINGS, *RULEBOOK_LANDSCAPES, *extra)


def rulebook_bonus_player(*, worker_in_hand: bool = False) -> PlayerState:
    """The player of the rulebook's bonus card examples, as :data:`RULEBOOK_WORKER` works.

    2 forests, 1 lake, 0 parks, 0 jesters, 2 builders, 1 prestige card,
    2 freedoms, University, Workshop, Opera, Tower, Chapel; 3 person cards on
    the table including the worker; 1 person and 1 recruiting card in hand.

    Args:
        worker_in_hand: leave the worker in hand (not yet laid out); the
            counts must not change, since a working person counts on the
            table wherever it lies.
    """
    table: tuple[PersonId, ...] = (PersonId.PAINTER, PersonId.COMPOSER)
    hand: tuple[PersonId, ...] = (PersonId.POET,)
    if worker_in_hand:
        hand = (*hand, RULEBOOK_WORKER)
    else:
        table = (*table, RULEBOOK_WORKER)
    return PlayerState(
        money=0,
        principality=_rulebook_principality(),
        builders=2,
        freedoms=(Freedom.TRAVEL, Freedom.RELIGION),
        hand_persons=hand,
        hand_recruiting=1,
        prestige_cards=(PrestigeCardId.P09,),
        table_persons=table,
    )


def rulebook_prestige_player(card: PrestigeCardId = PrestigeCardId.P01) -> PlayerState:
    """The player of the rulebook's prestige card examples, holding ``card``.

    2 forests, 1 lake, 0 parks, 0 jesters, 2 builders, 1 prestige card,
    2 freedoms, 3 persons and 1 recruiting card on the table, 1 person in
    hand, University, Workshop, Opera, Tower, Chapel.
    """
    return PlayerState(
        money=0,
        principality=_rulebook_principality(),
        builders=2,
        freedoms=(Freedom.TRAVEL, Freedom.RELIGION),
        hand_persons=(PersonId.POET,),
        prestige_cards=(card,),
        table_persons=(PersonId.MATHEMATICIAN, PersonId.PAINTER, PersonId.COMPOSER),
        table_recruiting=1,
    )


def with_tiles(player: PlayerState, *tiles: Tile) -> PlayerState:
    """``player`` with a principality holding ``tiles`` (placed as by :func:`principality_of`)."""
    return attrs.evolve(player, principality=principality_of(*tiles))


# --- Editing a state without breaking an invariant ------------------------------------


def _without_card(state: GameState, card: Card) -> GameState:
    """``state`` with ``card`` removed from wherever it lies (deck, hand, table, discard)."""
    decks = {
        name: tuple(c for c in getattr(state, name) if c is not card)
        for name in ("person_deck", "bonus_deck", "prestige_deck", "bonus_discard")
    }
    players = tuple(
        replace(
            p,
            **{
                name: tuple(c for c in getattr(p, name) if c is not card)
                for name in ("hand_persons", "table_persons", "hand_bonus", "prestige_cards")
            },
        )
        for p in state.players
    )
    return replace(state, players=players, **decks)


def handed(
    state: GameState,
    seat: int,
    *,
    hand: Iterable[Card] = (),
    table: Iterable[PersonId] = (),
    jesters: int = 0,
    builders: int = 0,
    recruiting: int = 0,
    freedoms: Iterable[Freedom] = (),
    money: int | None = None,
    prestige: int | None = None,
) -> GameState:
    """``state`` with more for the player in ``seat``, every invariant kept.

    Each card of ``hand`` (a person, bonus or prestige card) and ``table`` (a
    person laid face up) is taken from wherever it lies; ``jesters``,
    ``builders`` and ``recruiting`` cards (into the hand) come from the
    supply, and so do the ``freedoms`` introduced.  ``money`` and ``prestige``
    replace the player's florins and prestige points.
    """
    for card in (*hand, *table):
        state = _without_card(state, card)
    player = state.players[seat]
    persons = [c for c in hand if isinstance(c, PersonId)]
    bonus = [c for c in hand if isinstance(c, BonusCardId)]
    secret = [c for c in hand if isinstance(c, PrestigeCardId)]
    added = tuple(freedoms)
    player = replace(
        player,
        money=player.money if money is None else money,
        prestige=player.prestige if prestige is None else prestige,
        hand_persons=(*player.hand_persons, *persons),
        table_persons=(*player.table_persons, *table),
        hand_bonus=(*player.hand_bonus, *bonus),
        prestige_cards=(*player.prestige_cards, *secret),
        jesters=player.jesters + jesters,
        builders=player.builders + builders,
        hand_recruiting=player.hand_recruiting + recruiting,
        freedoms=tuple(f for f in Freedom if f in player.freedoms or f in added),
    )
    supply = tuple(
        left - (freedom in added)
        for freedom, left in zip(Freedom, state.freedom_supply, strict=True)
    )
    players = list(state.players)
    players[seat] = player
    return replace(
        state,
        players=tuple(players),
        jesters=state.jesters - jesters,
        builders=state.builders - builders,
        recruiting=state.recruiting - recruiting,
        freedom_supply=supply,
    )


def housed(state: GameState, seat: int, principality: Principality) -> GameState:
    """``state`` with ``principality`` for the player in ``seat``, its tiles from the supply."""
    before = Counter(t.tile for t in state.players[seat].principality.tiles)
    after = Counter(t.tile for t in principality.tiles)
    players = list(state.players)
    players[seat] = replace(players[seat], principality=principality)
    return replace(
        state,
        players=tuple(players),
        building_supply=tuple(
            left - after[b] + before[b]
            for b, left in zip(Building, state.building_supply, strict=True)
        ),
        landscape_supply=tuple(
            left - after[t] + before[t]
            for t, left in zip(Landscape, state.landscape_supply, strict=True)
        ),
    )
