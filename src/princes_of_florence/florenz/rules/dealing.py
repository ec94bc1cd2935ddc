"""Explicit chance: the outcomes of each chance node and what dealing one
does (ruling FR3 with ``GameConfig.explicit_chance``).

The setup's random steps are dealt one at a time before the first decision;
scandal cards are dealt once the automatic steps that drew them are over (a
card's face changes none of them); a Strozzi card is dealt when his turn
needs it, and his turn goes on from there.
"""

from __future__ import annotations

from collections import Counter

import attrs

from princes_of_florence.florenz.events import CardDrawn
from princes_of_florence.florenz.ids import (
    LOCATIONS,
    BoastKind,
    ChanceKind,
    Medici,
    ScandalKind,
    Stage,
)
from princes_of_florence.florenz.rules import strozzi
from princes_of_florence.florenz.rules.common import CATALOG, STROZZI, Work, reserved_cards
from princes_of_florence.florenz.rules.phases import advance
from princes_of_florence.florenz.state import ChanceStep, GameState

__all__ = ["outcomes", "resolve"]

_WAITING = (
    ChanceKind.BOAST_TILE,
    ChanceKind.CARRIAGE,
    ChanceKind.LOCATION_TILE,
    ChanceKind.TIME_TILE,
)


def _pending(state: GameState, kind: ChanceKind) -> set[int]:
    return {s.target for s in state.chance if s.kind is kind}


def outcomes(state: GameState) -> tuple[tuple[int, float], ...]:
    """The outcomes of the chance node ``state`` waits at, with their
    probabilities, in increasing order; ``()`` when it waits at none."""
    if state.stage is not Stage.CHANCE or not state.chance:
        return ()
    step = state.chance[0]
    values: list[int]
    match step.kind:
        case ChanceKind.START:
            values = list(range(len(state.families)))
        case ChanceKind.PLAN:
            taken = {f.plan for f in state.families}
            values = [p for p in range(len(CATALOG.raw.plans.cards)) if p not in taken]
        case ChanceKind.BOAST_TILE:
            open_ = _pending(state, ChanceKind.BOAST_TILE)
            taken = {state.boast_tiles[loc] for loc in LOCATIONS if loc not in open_}
            values = [int(k) for k in BoastKind if k not in taken]
        case ChanceKind.CARRIAGE:
            values = [loc for loc in LOCATIONS if loc not in state.carriages]
        case ChanceKind.LOCATION_TILE:
            used = set(state.location_tiles)
            starts = set(state.carriages)
            values = [
                loc
                for loc in LOCATIONS
                if loc not in used and (loc in starts) == (step.target >= 7)
            ]  # rule F24: rounds 7-9 go to the carriages' start locations
        case ChanceKind.TIME_TILE:
            left = Counter(CATALOG.raw.time_tiles.values)
            left.subtract(v for v in state.time_tiles if v)
            values = list(left.elements())
        case ChanceKind.CARD:
            if step.pool:
                values = list(step.pool)
            else:
                values = list(state.decks[step.medici])
                for card in reserved_cards(state.chance, step.medici):
                    values.remove(card)
        case ChanceKind.STROZZI_CARD:
            assert state.strozzi is not None
            values = list(state.strozzi.deck)
            if step.target == 2:
                values.remove(6)  # ruling FR62: card 6 is set aside for this draw
    counts = Counter(values)
    total = sum(counts.values())
    return tuple((value, counts[value] / total) for value in sorted(counts))


def _setup_done(work: Work) -> None:
    """After the setup's chance nodes: the targets, then Strozzi's setup (F27, F129, F130)."""
    for medici in Medici:
        work.targets[medici] = work.location_tiles[
            medici
        ]  # rounds 1-3: Cosimo, Contessina, Giovanni
    if work.strozzi is not None:
        strozzi.setup(work)


def resolve(work: Work, value: int) -> None:
    """Deal ``value`` at the chance node the game waits at, and go on."""
    step = work.chance.pop(0)
    match step.kind:
        case ChanceKind.START:
            n = work.count
            work.start = value
            work.setup_order = tuple((value - k) % n for k in range(1, n + 1))  # rule F31
            work.resume = (Stage.SETUP, work.setup_order[0])
        case ChanceKind.PLAN:
            work.families[step.target].plan = value
        case ChanceKind.BOAST_TILE:
            boast_tiles = list(work.boast_tiles)
            boast_tiles[step.target] = BoastKind(value)
            work.boast_tiles = tuple(boast_tiles)
        case ChanceKind.CARRIAGE:
            work.carriages[step.target] = value
        case ChanceKind.LOCATION_TILE:
            tiles = list(work.location_tiles)
            tiles[step.target - 1] = value
            work.location_tiles = tuple(tiles)
        case ChanceKind.TIME_TILE:
            times = list(work.time_tiles)
            times[step.target - 2] = value
            work.time_tiles = tuple(times)
        case ChanceKind.CARD:
            kind = ScandalKind(value)
            if step.pool:
                work.chance = [
                    attrs.evolve(s, pool=_without(s.pool, value))
                    if s.kind is ChanceKind.CARD and s.pool == step.pool
                    else s
                    for s in work.chance
                ]
            work.decks[step.medici].remove(kind)
            if work.strozzi is not None and step.target == STROZZI:
                work.discards[step.medici].append(kind)  # rule F139, ruling FR48
            else:
                work.families[step.target].hand.append(kind)
                work.events.append(CardDrawn(step.target, Medici(step.medici), kind))
        case ChanceKind.STROZZI_CARD:
            _strozzi_card(work, step, value)
            return
    if not work.chance:
        if work.round == 1 and work.resume[0] is Stage.SETUP and not any(work.targets):
            _setup_done(work)
        work.stage, work.player = work.resume


def _without(pool: tuple[int, ...], value: int) -> tuple[int, ...]:
    rest = list(pool)
    rest.remove(value)
    return tuple(rest)


def _strozzi_card(work: Work, step: ChanceStep, value: int) -> None:
    """Strozzi's card dealt: card 6 first in a round is set aside and another
    dealt (F146, FR62); otherwise he plays it and the game goes on."""
    solo = work.strozzi
    assert solo is not None
    solo.drawn += 1
    assert solo.drawn <= 6, "Strozzi draws at most 6 cards a round (ruling FR49)"
    if value == 6 and step.target == 1:
        # rule F146, ruling FR62: ignored; card 6 stays in the deck, set
        # aside only for the new draw
        work.chance.insert(0, ChanceStep(ChanceKind.STROZZI_CARD, 2))
        return
    solo.deck.remove(value)
    work.stage, work.player = work.resume
    strozzi.play_card(work, value)
    if work.stage is not Stage.COLOUR:
        advance(work)
