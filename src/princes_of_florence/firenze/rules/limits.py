"""Phase 6: check the limits (Z62-Z66, ruling ZR20), and the passing of the turn
(Z24, Z104, Z105, ZR44)."""

from __future__ import annotations

from princes_of_florence.firenze.events import GameEnded, TurnStarted
from princes_of_florence.firenze.ids import CardKind, Colour, Step, Title
from princes_of_florence.firenze.rules.table import NO_BRICKS, Table
from princes_of_florence.firenze.state import NO_PLAYER

__all__ = [
    "card_count",
    "discard_for_limit",
    "discard_limit_brick",
    "end_window",
    "supply_limit",
]


def supply_limit(t: Table) -> int:
    """The active player's supply limit: 10, or 15 with a Lagerhaus (Z63, Z87)."""
    c = t.catalog.constants
    return c.supply_limit_lagerhaus if Title.LAGERHAUS in t.me.buildings else c.supply_limit


def card_count(t: Table) -> int:
    """The active player's cards for the limit: hand and buildings (Z64)."""
    return len(t.me.hand) + len(t.me.buildings)


def _over_card_limit(t: Table) -> bool:
    if Title.LAGERHAUS in t.me.buildings:  # Z66: no card limit
        return False
    if card_count(t) <= t.catalog.constants.card_limit:
        return False
    # Z65: keep cards are never discarded; persons and buildings are.
    return bool(t.me.buildings) or any(t.kind(title) is CardKind.PERSON for title in t.me.hand)


def end_window(t: Table) -> None:
    """Close the window of phase 6 and check the supply limit, then the card limit (ZR20)."""
    if sum(t.me.supply) > supply_limit(t):
        t.go(Step.DISCARD_BRICKS)
    else:
        _cards(t)


def discard_limit_brick(t: Table, colour: Colour) -> None:
    """Return one brick beyond the supply limit, colour chosen by the player (Z63)."""
    counts = [0] * 6
    counts[colour] = 1
    t.to_bag(t.active, counts, "supply limit")
    if sum(t.me.supply) <= supply_limit(t):
        _cards(t)


def _cards(t: Table) -> None:
    if _over_card_limit(t):
        t.go(Step.DISCARD_CARDS)
    else:
        _end_turn(t)


def discard_for_limit(t: Table, title: Title) -> None:
    """Discard a person or building for the card limit (Z64, Z65)."""
    if title in t.me.buildings:
        t.me.buildings.remove(title)
    else:
        t.me.hand.remove(title)
    t.discard_card(title)
    _cards(t)


def _end_turn(t: Table) -> None:
    """Pass the turn clockwise, or end the game (Z24, Z105, ruling ZR44)."""
    n = len(t.players)
    t.turns += 1
    if t.end_holder != NO_PLAYER and t.active == (t.end_holder - 1) % n:  # Z105
        t.go(Step.OVER)
        t.emit(GameEnded(False))
        return
    if t.turns >= t.config.max_turns:  # ruling ZR44
        t.truncated = True
        t.go(Step.OVER)
        t.emit(GameEnded(True))
        return
    t.active = (t.active + 1) % n
    for tower in t.me.towers:  # ruling ZR16: the flags of the new turn
        tower.at_turn_start = True
        tower.raised = False
    t.played = []
    t.exchanged = False
    t.placed = 0
    t.card_bricks = NO_BRICKS
    t.emit(TurnStarted(t.active))
    t.go(Step.CHOOSE if t.row else Step.EXCHANGE)  # ruling ZR13: an empty row skips phase 1
