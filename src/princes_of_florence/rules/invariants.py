"""Invariants every reachable state satisfies.

:func:`state_problems` lists what is wrong with a state; a state reached by
legal play has none.  Loading a state from JSON checks it, and the property
tests check it after every move.

>>> from princes_of_florence import GameConfig, new_game
>>> state_problems(new_game(GameConfig(players=3)))
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from princes_of_florence.geometry import PALAZZO_MASK
from princes_of_florence.ids import Building, Landscape, Phase
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.placement import tile_placements
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    CardChoice,
    Deck,
    GameState,
    Placing,
    Principality,
)

__all__ = ["principality_problems", "state_problems"]


def _exactly_once(what: str, found: Iterable[object], expected: Iterable[object]) -> list[str]:
    counts = Counter(found)
    problems = [f"{what} {card} is in {n} places" for card, n in counts.items() if n > 1]
    missing = [card for card in expected if card not in counts]
    problems += [f"{what} {card} is nowhere" for card in missing]
    expected_set = set(expected)
    problems += [
        f"{what} {card} is not in the catalog" for card in counts if card not in expected_set
    ]
    return problems


def principality_problems(principality: Principality) -> list[str]:
    """What is inconsistent in one principality's tiles and masks."""
    problems = []
    occupied = PALAZZO_MASK
    walls = PALAZZO_MASK
    seen: set[Building] = set()
    for placed in principality.tiles:
        if placed.mask & occupied:
            problems.append(f"the {placed.tile} overlaps another tile or the palazzo")
        if placed.mask not in {p.mask for p in tile_placements(placed.tile)}:
            problems.append(f"the {placed.tile}'s cells are not a placement of its shape")
        occupied |= placed.mask
        if isinstance(placed.tile, Building):
            if placed.tile in seen:
                problems.append(f"the {placed.tile} stands twice (ruling R21)")
            seen.add(placed.tile)
            walls |= placed.mask
    if occupied != principality.occupied:
        problems.append("the occupied mask does not match the tiles")
    if walls != principality.walls:
        problems.append("the walls mask does not match the buildings")
    return problems


def state_problems(state: GameState) -> tuple[str, ...]:
    """Every invariant the state breaks, as readable sentences (empty if none)."""
    cat = catalog()
    rules = cat.rules
    problems: list[str] = []
    n = len(state.players)
    if n != state.config.players:
        problems.append(f"{n} players but the config says {state.config.players}")
    if not 1 <= state.round <= rules.rounds:
        problems.append(f"round {state.round} is outside 1 to {rules.rounds}")
    if (state.current_player is None) != (state.phase is Phase.GAME_OVER):
        problems.append("a decision is owed exactly when the game is not over")
    if state.current_player is not None and not 0 <= state.current_player < n:
        problems.append(f"current player {state.current_player} is not a seat")
    if not 0 <= state.start_player < n:
        problems.append(f"start player {state.start_player} is not a seat")
    phase_part = {
        Phase.SETUP: state.setup,
        Phase.AUCTION: state.auction,
        Phase.ACTIONS: state.turn,
    }
    for phase, part in phase_part.items():
        if (part is not None) != (state.phase is phase):
            problems.append(f"the {phase.value} record must exist exactly during that phase")
    for seat, p in enumerate(state.players):
        who = f"player {seat}"
        if p.money < 0 or p.money % 100:
            problems.append(f"{who} has {p.money} florins (ruling R2)")
        if p.prestige < 0:
            problems.append(f"{who} has {p.prestige} prestige (ruling R2)")
        if not 0 <= p.builders <= rules.max_builders:
            problems.append(f"{who} has {p.builders} builders (at most 3)")
        if p.jesters < 0 or p.hand_recruiting < 0 or p.table_recruiting < 0:
            problems.append(f"{who} has a negative count")
        if list(p.freedoms) != [f for f in FREEDOMS if f in p.freedoms]:
            problems.append(f"{who}'s freedoms repeat or are out of order")
        problems += [f"{who}: {text}" for text in principality_problems(p.principality)]

    shown = state.pending.shown if isinstance(state.pending, CardChoice) else ()
    shown_deck = state.pending.deck if isinstance(state.pending, CardChoice) else None
    setup_hands = state.setup.returned if state.setup is not None else ()
    persons = [
        *state.person_deck,
        *(c for p in state.players for c in (*p.hand_persons, *p.table_persons)),
        *(shown if shown_deck is Deck.PERSONS else ()),
    ]
    if state.setup is not None:
        persons += list(setup_hands)
    problems += _exactly_once("person", persons, [s.id for s in cat.persons])
    bonus = [
        *state.bonus_deck,
        *state.bonus_discard,
        *(c for p in state.players for c in p.hand_bonus),
        *(shown if shown_deck is Deck.BONUS else ()),
    ]
    problems += _exactly_once("bonus card", bonus, [s.id for s in cat.bonus_cards])
    prestige = [
        *state.prestige_deck,
        *(c for p in state.players for c in p.prestige_cards),
        *(shown if shown_deck is Deck.PRESTIGE else ()),
    ]
    problems += _exactly_once("prestige card", prestige, [s.id for s in cat.prestige_cards])

    def total(count: int, name: str, expected: int) -> None:
        if count != expected:
            problems.append(f"{count} {name} in play, expected {expected}")

    total(
        state.recruiting + sum(p.hand_recruiting + p.table_recruiting for p in state.players),
        "recruiting cards",
        rules.recruiting_cards,
    )
    total(state.jesters + sum(p.jesters for p in state.players), "jesters", rules.jesters)
    total(state.builders + sum(p.builders for p in state.players), "builders", rules.builders)
    for i, freedom in enumerate(FREEDOMS):
        owners = sum(1 for p in state.players if freedom in p.freedoms)
        total(state.freedom_supply[i] + owners, f"{freedom} tiles", n - 1)  # ruling R9
    placed = Counter(t.tile for p in state.players for t in p.principality.tiles)
    pending_tile = state.pending.tile if isinstance(state.pending, Placing) else None
    for i, building in enumerate(BUILDINGS):
        total(
            state.building_supply[i] + placed[building],
            f"{building} tiles",
            cat.tile(building).supply,
        )
    for i, landscape in enumerate(LANDSCAPES):
        in_hand = 1 if pending_tile is landscape else 0
        total(
            state.landscape_supply[i] + placed[landscape] + in_hand,
            f"{landscape} tiles",
            cat.tile(landscape).supply,
        )
    if isinstance(pending_tile, Landscape) and state.phase is not Phase.AUCTION:
        problems.append("a landscape waits to be placed outside the auction")
    return tuple(problems)
