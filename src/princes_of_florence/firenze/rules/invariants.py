"""The game's invariants, checked by the tests after every move.

:func:`state_problems` returns a sentence for each broken invariant; an empty
tuple means the state is sound.
"""

from __future__ import annotations

from collections import Counter

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.ids import CardKind, Step, Title
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
    cards: Counter[Title] = Counter(state.deck)
    cards.update(state.discard)
    cards.update(card.title for card in state.row)
    cards.update(state.church)
    for p in state.players:
        cards.update(p.hand)
        cards.update(p.buildings)
    pending = state.pending.title
    if pending is not None and state.step in (
        Step.PATRIZIER,
        Step.EVENT_TOWER,
        Step.EVENT_BRICKS,
        Step.EVENT_TOWERS_PAID,
    ):
        cards[pending] += 1  # the event being resolved is in no pile
    expected: Counter[Title] = Counter()
    for spec in catalog.deck_titles(state.config.anerkennung):
        if spec.id is not Title.CAMPANILE or state.config.campanile:
            expected[spec.id] += spec.copies
    if cards != expected:
        problems.append(
            f"{sum(cards.values())} cards are somewhere, not {sum(expected.values())}"
            + ("" if sum(cards.values()) != sum(expected.values()) else " of the right titles")
        )
    if bool(state.bell) != (Title.CAMPANILE in state.church):
        problems.append("Campanile's small seals and the card disagree")
    if state.placed > c.max_bricks_per_turn:
        problems.append("more than 6 bricks placed this turn (Z43)")
    if len(state.row) > len(c.row_costs):
        problems.append("the row holds too many cards")
    problems.extend(_shape_problems(state))
    return tuple(problems)


def _shape_problems(state: State) -> list[str]:
    """Values out of range that the engine would trip over (a tampered document)."""
    catalog = default_catalog()
    n = len(state.players)
    problems = []
    if len(state.seals) != len(catalog.commissions):
        problems.append(f"{len(state.seals)} commissions, not {len(catalog.commissions)}")
    if any(not NEUTRAL <= owner < n for owner in state.seals):
        problems.append("a seal belongs to no player")
    if len(state.balconies) != 4 or not all(
        any(spec.id == tile and spec.numeral == k for spec in catalog.balconies)
        for k, tile in enumerate(state.balconies, start=1)
    ):
        problems.append("the balconies are not one tile of each numeral I-IV")
    floors = {spec.floors for spec in catalog.level_tiles}
    if not set(state.level_tiles) <= floors or len(set(state.level_tiles)) != len(
        state.level_tiles
    ):
        problems.append("a level tile the catalog does not have")
    if state.bell and len(state.bell) != n:
        problems.append("Campanile's small seals are not one per player")
    if not -1 <= state.end_holder < n:
        problems.append("the end tile is held by no player")
    if not 0 <= state.start_on_top <= len(state.deck):
        problems.append("more start cards on top than cards in the draw pile")
    if state.turns > state.config.max_turns or state.turns < 0:
        problems.append("the turn count is outside the turn limit")
    pending = state.pending
    step = state.step
    if pending.count < 0 or not 0 <= pending.decider < n:
        problems.append("the pending decision names no player or a negative count")
    if any(q not in range(n) for q in pending.queue):
        problems.append("the pending decision queues no player")
    if step in (Step.PAY_CARD, Step.PAY_EXCHANGE) and not 0 <= pending.slot < len(state.row):
        problems.append("the pending payment names no row card")
    if step is Step.PAY_CARD and not pending.count < pending.slot:
        problems.append("the card payment is already complete")
    if step in (Step.PATRIZIER, Step.EVENT_TOWER, Step.EVENT_BRICKS, Step.EVENT_TOWERS_PAID):
        if pending.title is None or catalog.card(pending.title).kind is not CardKind.EVENT:
            problems.append("the pending event is no event")
        if step is not Step.PATRIZIER and pending.count < 1 and step is not Step.EVENT_TOWER:
            problems.append("the pending event has nothing left to decide")
    me = state.players[state.active] if 0 <= state.active < n else None
    if (
        step is Step.PATRIZIER
        and me is not None
        and (Title.PATRIZIER not in me.hand or Title.PATRIZIER in state.played)
    ):  # ruling ZR32 (a): the question is asked of a player holding an unplayed Patrizier
        problems.append("a Patrizier is offered to a player who holds none to play")
    if (
        step is Step.DISCARD_CARDS
        and me is not None
        and not me.buildings
        and not any(catalog.card(t).kind is CardKind.PERSON for t in me.hand)
    ):  # Z65: only persons and buildings are discarded for the card limit
        problems.append("a card discard is due from a player with no person or building")
    towers = len(state.players[pending.decider].towers) if 0 <= pending.decider < n else 0
    if any(not 0 <= i < towers for i in pending.chosen):
        problems.append("the pending decision names a tower that does not exist")
    if step is Step.CHANCE:
        if not state.config.explicit_chance:
            problems.append("a chance step without explicit chance")
        elif pending.resume is None:
            problems.append("a chance step that returns nowhere")
        elif pending.count and not 0 <= pending.slot < len(state.row):
            problems.append("chance draws bricks for no row card")
    if step in (Step.PAY_BUILD, Step.PAY_EXCHANGE, Step.DISCARD_BRICKS) and not any(
        state.players[state.active].supply
    ):
        problems.append("a payment is due from an empty supply")
    return problems
