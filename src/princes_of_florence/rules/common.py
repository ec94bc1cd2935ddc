"""Small state transformations shared by the phases: the ledger and the seats.

Every change of money or prestige goes through :func:`pay`, :func:`receive`,
:func:`gain_prestige` or :func:`lose_prestige` (or :func:`paid` and
:func:`gained`, their forms on one player, for a move that changes several
things at once), which append the matching event, so the ledger identity of
ruling R1 holds by construction.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from princes_of_florence.components import Catalog, default_catalog
from princes_of_florence.events import (
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PrestigeGained,
    PrestigeLost,
    PrestigeReason,
)
from princes_of_florence.state import GameState, PlayerState, replace

__all__ = [
    "catalog",
    "gain_prestige",
    "gained",
    "lose_prestige",
    "next_seat",
    "paid",
    "pay",
    "payment_problem",
    "players_with",
    "receive",
    "seats_from",
    "with_player",
]


@cache
def catalog() -> Catalog:
    """The component catalog the rules read (the shipped reference edition)."""
    return default_catalog()


def with_player(state: GameState, seat: int, player: PlayerState, **changes: Any) -> GameState:
    """``state`` with the player in ``seat`` replaced, and ``changes`` made in one copy."""
    return replace(state, players=players_with(state, seat, player), **changes)


def players_with(state: GameState, seat: int, player: PlayerState) -> tuple[PlayerState, ...]:
    """The players of ``state`` with the one in ``seat`` replaced by ``player``."""
    players = list(state.players)
    players[seat] = player
    return tuple(players)


def paid(
    player: PlayerState, seat: int, amount: int, reason: MoneyReason, events: list[Event]
) -> PlayerState:
    """``player``, in ``seat``, after paying ``amount`` to the bank (rulings R1, R4)."""
    if amount == 0:
        return player
    assert player.money >= amount, "callers check affordability first (ruling R4)"
    events.append(MoneyPaid(seat, amount, reason))
    return replace(player, money=player.money - amount)


def gained(
    player: PlayerState, seat: int, points: int, reason: PrestigeReason, events: list[Event]
) -> PlayerState:
    """``player``, in ``seat``, after moving ``points`` forward on the prestige track."""
    if points == 0:
        return player
    events.append(PrestigeGained(seat, points, reason))
    return replace(player, prestige=player.prestige + points)


def pay(
    state: GameState, seat: int, amount: int, reason: MoneyReason, events: list[Event]
) -> GameState:
    """The player in ``seat`` pays ``amount`` to the bank (rulings R1, R4)."""
    if amount == 0:
        return state
    return with_player(state, seat, paid(state.players[seat], seat, amount, reason, events))


def receive(
    state: GameState, seat: int, amount: int, reason: MoneyReason, events: list[Event]
) -> GameState:
    """The bank pays ``amount`` to the player in ``seat`` (ruling R1)."""
    if amount == 0:
        return state
    player = state.players[seat]
    events.append(MoneyReceived(seat, amount, reason))
    return with_player(state, seat, replace(player, money=player.money + amount))


def gain_prestige(
    state: GameState, seat: int, points: int, reason: PrestigeReason, events: list[Event]
) -> GameState:
    """The player in ``seat`` moves ``points`` forward on the prestige track."""
    if points == 0:
        return state
    return with_player(state, seat, gained(state.players[seat], seat, points, reason, events))


def lose_prestige(
    state: GameState, seat: int, points: int, reason: PrestigeReason, events: list[Event]
) -> GameState:
    """The player in ``seat`` moves ``points`` back (never below 0, ruling R3)."""
    player = state.players[seat]
    assert 0 < points <= player.prestige
    events.append(PrestigeLost(seat, points, reason))
    return with_player(state, seat, replace(player, prestige=player.prestige - points))


def payment_problem(money: int, price: int) -> str | None:
    """Why a player holding ``money`` cannot pay ``price`` in cash (ruling R4), or ``None``."""
    if money < price:
        return f"the player has {money} florins and cannot pay {price} (ruling R4)"
    return None


def next_seat(state: GameState, seat: int) -> int:
    """The seat clockwise after ``seat``."""
    return (seat + 1) % len(state.players)


def seats_from(state: GameState, seat: int) -> tuple[int, ...]:
    """Every seat, clockwise, starting with ``seat``."""
    return _SEATS_FROM[len(state.players)][seat]


_SEATS_FROM: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((seat + i) % n for i in range(n)) for seat in range(n)) for n in range(1, 9)
}
"""Per player count, per seat: every seat clockwise from it."""
