"""Phases 2 to 4: exchange a brick (Z37-Z39), build towers (Z40-Z48), demolish
abandoned towers (Z49-Z51)."""

from __future__ import annotations

from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.rules.table import Site, Table, payment

__all__ = [
    "build_cost",
    "end_building",
    "exchange",
    "exchange_cost",
    "pay_build_brick",
    "pay_exchange_brick",
    "place_brick",
    "play_maurer",
]


def exchange_cost(t: Table) -> int:
    """Bricks paid for one in phase 2: 3, or 2 with a Brücke (Z37, Z78)."""
    c = t.catalog.constants
    return c.exchange_cost_bruecke if Title.BRUECKE in t.me.buildings else c.exchange_cost


def exchange(t: Table, slot: int, colour: Colour) -> None:
    """Start the exchange for a brick of ``colour`` on the card at ``slot`` (Z37, ZR14)."""
    t.go(Step.PAY_EXCHANGE, payment(slot, colour, exchange_cost(t)))


def pay_exchange_brick(t: Table, colour: Colour) -> None:
    """Pay one brick onto the exchanged card; after the last, take the wanted brick."""
    pending = t.pending
    t.me.supply[colour] -= 1
    card = t.row[pending.slot].bricks
    card[colour] += 1
    if pending.count > 1:
        t.go(Step.PAY_EXCHANGE, payment(pending.slot, pending.colour, pending.count - 1))
        return
    card[pending.colour] -= 1
    t.me.supply[pending.colour] += 1
    t.exchanged = True  # Z37: once a turn
    t.go(Step.EXCHANGE)  # ruling ZR50: the exchange does not end phase 2


def build_cost(t: Table, placed: int) -> int:
    """The building cost of ``placed`` bricks this turn, discounts applied (Z44, Z45)."""
    if placed == 0:
        return 0
    c = t.catalog.constants
    discount = 0
    if Title.WERKSTATT in t.me.buildings:
        discount += c.werkstatt_discount
    if Title.MAURER in t.played:
        discount += c.maurer_discount
    return max(0, c.build_cost[placed - 1] - discount)


def place_brick(t: Table, tower: int | None, colour: Colour) -> None:
    """Raise ``tower`` or start a new one with a brick of ``colour`` (Z40-Z43, ZR15, ZR16)."""
    me = t.me
    me.supply[colour] -= 1
    if tower is None:
        me.towers.append(Site(colour, 1, False, True))
    else:
        me.towers[tower].height += 1
        me.towers[tower].raised = True
    t.placed += 1


def play_maurer(t: Table) -> None:
    """Play a Maurer: building cost -3 from now on this turn (Z89, ZR15)."""
    t.me.hand.remove(Title.MAURER)
    t.played = [*t.played, Title.MAURER]
    t.discard_card(Title.MAURER)


def end_building(t: Table) -> None:
    """End phase 3: pay the cost, or with nothing to pay go on (ZR15)."""
    cost = build_cost(t, t.placed)
    if cost:
        t.go(Step.PAY_BUILD, payment(0, Colour.W, cost))
    else:
        _phase_four(t)


def pay_build_brick(t: Table, colour: Colour) -> None:
    """Pay one brick of the building cost into the bag (Z44)."""
    counts = [0] * 6
    counts[colour] = 1
    t.to_bag(t.active, counts, "building cost")
    if t.pending.count > 1:
        t.go(Step.PAY_BUILD, payment(0, Colour.W, t.pending.count - 1))
    else:
        _phase_four(t)


def _phase_four(t: Table) -> None:
    """Demolish every tower that stood at the turn's start and was not raised (Z49-Z51)."""
    towers = t.me.towers
    for i in range(len(towers) - 1, -1, -1):
        if towers[i].at_turn_start and not towers[i].raised:
            t.demolish(t.active, i, "abandoned")
    t.go(Step.FULFIL)
