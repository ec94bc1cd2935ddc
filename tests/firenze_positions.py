"""Positions for the Firenze tests: a fixed board and edits that keep all 88 bricks somewhere.

Every number is read from the catalog, so printed values can replace the
reconstructed ones without a change to the tests.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import attrs

from princes_of_florence.firenze import FirenzeConfig, apply, new_game
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import Move
from princes_of_florence.firenze.state import Pending, RowCard, State, Tower

CATALOG = default_catalog()
BOARD = {
    "balconies": "explicit",
    "balcony_tiles": ("BI-Y", "BII-G", "BIII-R", "BIV-B"),
    "neutral_seals": "explicit",
    "neutral_seal_commissions": ("W3", "W8", "G3", "V4", "V8"),
}


def game(players: int = 2, **options: Any) -> State:
    """A new game on the fixed board."""
    return new_game(FirenzeConfig.from_options(players, 11, {**BOARD, **options}))


def counts(**by_letter: int) -> tuple[int, int, int, int, int, int]:
    """Six brick counts from letters: counts(W=2, Y=1)."""
    values = [by_letter.get(colour.name, 0) for colour in Colour]
    return (values[0], values[1], values[2], values[3], values[4], values[5])


def tower(colour: Colour, height: int, *, new: bool = False) -> Tower:
    """A tower that stood at the turn's start (or one started this turn)."""
    return Tower(colour, height, at_turn_start=not new, raised=new)


def edit(
    state: State,
    seat: int,
    *,
    supply: tuple[int, ...] | None = None,
    towers: Iterable[Tower] | None = None,
    hand: Iterable[Title] | None = None,
    buildings: Iterable[Title] | None = None,
) -> State:
    """``state`` with player ``seat`` changed; bricks come from and go to the bag."""
    p = state.players[seat]
    bag = list(state.bag)
    changes: dict[str, Any] = {}
    if supply is not None:
        for c in range(6):
            bag[c] += p.supply[c] - supply[c]
        changes["supply"] = supply
    if towers is not None:
        towers = tuple(towers)
        for t in p.towers:
            bag[t.colour] += t.height
        for t in towers:
            bag[t.colour] -= t.height
        changes["towers"] = towers
    if hand is not None:
        changes["hand"] = tuple(sorted(hand))
    if buildings is not None:
        changes["buildings"] = tuple(sorted(buildings))
    assert min(bag) >= 0, "the bag cannot give these bricks"
    players = list(state.players)
    players[seat] = attrs.evolve(p, **changes)
    b = (bag[0], bag[1], bag[2], bag[3], bag[4], bag[5])
    return attrs.evolve(state, players=tuple(players), bag=b)


def set_row(state: State, slot: int, title: Title, bricks: tuple[int, ...]) -> State:
    """``state`` with ``title`` and ``bricks`` at row ``slot`` (bricks from the bag)."""
    old = state.row[slot]
    bag = [state.bag[c] + old.bricks[c] - bricks[c] for c in range(6)]
    row = list(state.row)
    b = (bricks[0], bricks[1], bricks[2], bricks[3], bricks[4], bricks[5])
    row[slot] = RowCard(title, b)
    return attrs.evolve(state, row=tuple(row), bag=(bag[0], bag[1], bag[2], bag[3], bag[4], bag[5]))


def bare_row(state: State) -> State:
    """``state`` with every row card's bricks back in the bag, so that the bag can give more."""
    for slot, card in enumerate(state.row):
        state = set_row(state, slot, card.title, counts())
    return state


def play(state: State, *moves: Move) -> State:
    """``state`` after ``moves``, each checked for legality."""
    for move in moves:
        state = apply(state, move)
    return state


def building(state: State, supply: tuple[int, ...], **kw: Any) -> State:
    """Player 0 at phase 3 with ``supply``."""
    state = edit(bare_row(state), 0, supply=supply, **kw)
    return attrs.evolve(state, step=Step.BUILD, pending=Pending())


def fulfil_phase(towers: list[Tower], hand: Iterable[Title] = ()) -> State:
    """Player 0 of a 2-player game at phase 5 with ``towers`` and ``hand``."""
    state = edit(bare_row(game()), 0, towers=towers, hand=hand)
    return attrs.evolve(state, step=Step.FULFIL, pending=Pending())


def at_step(state: State, step: Step) -> State:
    """``state`` waiting for ``step`` of the active player, with nothing pending."""
    return attrs.evolve(state, step=step, pending=Pending())
