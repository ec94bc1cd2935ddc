"""The game's invariants, checked by the tests after every move.

:func:`state_problems` returns a sentence for each broken invariant; an empty
tuple means the state is sound.
"""

from __future__ import annotations

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.ids import Step, Title
from princes_of_florence.firenze.state import NEUTRAL, State

__all__ = ["state_problems"]


def state_problems(state: State) -> tuple[str, ...]:
    """Every broken invariant of ``state``, in words."""
    catalog = default_catalog()
    c = catalog.constants
    problems: list[str] = []
    for colour in range(6):  # Z3: all 88 bricks are somewhere, each colour its own count
        total = state.bag[colour] + sum(card.bricks[colour] for card in state.row)
        for p in state.players:
            total += p.supply[colour]
            total += sum(t.height for t in p.towers if t.colour == colour)
        if total != catalog.bricks[colour].count:
            problems.append(
                f"colour {colour} has {total} bricks, not {catalog.bricks[colour].count}"
            )
    if any(x < 0 for x in state.bag):
        problems.append("the bag holds a negative count")
    n = len(state.players)
    seals = c.seals_by_players[n - 2]
    for player, p in enumerate(state.players):  # Z7, Z17: every seal in exactly one place
        placed = sum(1 for owner in state.seals if owner == player)
        if placed + p.seals != seals:
            problems.append(f"player {player} has {placed} + {p.seals} seals, not {seals}")
        if any(x < 0 for x in p.supply):
            problems.append(f"player {player}'s supply holds a negative count")
        if any(t.height < 1 for t in p.towers):
            problems.append(f"player {player} has an empty tower")
        if p.prestige != sum(p.earned):
            problems.append(f"player {player}'s prestige is not the sum of its sources")
        if len(set(p.buildings)) != len(p.buildings):
            problems.append(f"player {player} owns two identical buildings (Z72)")
    if sum(1 for owner in state.seals if owner == NEUTRAL) != c.neutral_seals_used:
        problems.append("the board does not hold 5 neutral seals")
    cards = len(state.deck) + len(state.discard) + len(state.row) + len(state.church)
    cards += sum(len(p.hand) + len(p.buildings) for p in state.players)
    expected = sum(spec.copies for spec in catalog.deck_titles(state.config.anerkennung))
    if not state.config.campanile:
        expected -= 1
    pending = state.pending.title
    if pending is not None and state.step in (
        Step.PATRIZIER,
        Step.EVENT_TOWER,
        Step.EVENT_BRICKS,
        Step.EVENT_TOWERS_PAID,
    ):
        cards += 1  # the event being resolved is in no pile
    if cards != expected:
        problems.append(f"{cards} cards are somewhere, not {expected}")
    if bool(state.bell) != (Title.CAMPANILE in state.church):
        problems.append("Campanile's small seals and the card disagree")
    if state.placed > c.max_bricks_per_turn:
        problems.append("more than 6 bricks placed this turn (Z43)")
    if len(state.row) > len(c.row_costs):
        problems.append("the row holds too many cards")
    return tuple(problems)
