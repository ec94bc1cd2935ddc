"""Small state transformations shared by the phases: the ledger and the seats.

Every change of money or prestige goes through :func:`pay`, :func:`receive`,
:func:`gain_prestige` or :func:`lose_prestige` (or :func:`paid` and
:func:`gained`, their forms on one player, for a move that changes several
things at once), which append the matching event, so the ledger identity of
ruling R1 holds by construction.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Generic, TypeVar

from princes_of_florence.components import Catalog, default_catalog
from princes_of_florence.events import (
    CharacterUsed,
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PrestigeGained,
    PrestigeLost,
    PrestigeReason,
)
from princes_of_florence.ids import Character
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import GameState, PlayerState, Principality, replace

__all__ = [
    "PrincipalityMemo",
    "catalog",
    "gain_prestige",
    "gained",
    "holder",
    "lose_prestige",
    "means",
    "next_seat",
    "paid",
    "pay",
    "payment_problem",
    "players_with",
    "receive",
    "seats_from",
    "use_character",
    "with_player",
]


_V = TypeVar("_V")
"""The type of the values a :class:`PrincipalityMemo` keeps."""


class PrincipalityMemo(Generic[_V]):
    """Values worked out from a principality alone, remembered per principality.

    A principality is replaced only when a tile is laid, and its owner's
    decisions ask about it many times in between.  An entry holds the
    principality object itself and is found only for that object, so an id
    is never reused while it is remembered.  After ``size`` entries the memo
    starts over.  A ``variant`` (0 or 1) keeps two answers per principality.

    >>> from princes_of_florence.state import Principality
    >>> memo: PrincipalityMemo[str] = PrincipalityMemo(size=2)
    >>> home, other = Principality(), Principality()
    >>> memo.put(home, "open", variant=1)
    'open'
    >>> memo.get(home, variant=1), memo.get(home), memo.get(other, variant=1)
    ('open', None, None)
    >>> _ = memo.put(other, "full"), memo.put(other, "closed", variant=1)
    >>> memo.get(home, variant=1), memo.get(other, variant=1)
    (None, 'closed')
    """

    __slots__ = ("_entries", "_size")

    def __init__(self, size: int = 4096) -> None:
        self._entries: dict[int, tuple[Principality, _V]] = {}
        self._size = size

    def get(self, principality: Principality, variant: int = 0) -> _V | None:
        """The value remembered for this very ``principality``, or ``None``."""
        kept = self._entries.get(id(principality) << 1 | variant)
        if kept is not None and kept[0] is principality:
            return kept[1]
        return None

    def put(self, principality: Principality, value: _V, variant: int = 0) -> _V:
        """Remember ``value`` for ``principality``; returns ``value``."""
        entries = self._entries
        if len(entries) >= self._size:
            entries.clear()
        entries[id(principality) << 1 | variant] = (principality, value)
        return value


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
    """``player``, in ``seat``, after paying ``amount`` to the bank (rulings R1, R4).

    When cash is short, exactly the missing prestige points are sold first,
    at 100 florins each (revised ruling R4): a
    :class:`~princes_of_florence.PrestigeLost` and a
    :class:`~princes_of_florence.MoneyReceived`, both for
    :attr:`princes_of_florence.PrestigeReason.SALE`, come before the payment.
    Callers check with :func:`payment_problem` that the payment may be raised
    so; where selling does not exist (R27) that check asks for
    cash, and no sale ever happens here.
    """
    if amount == 0:
        return player
    short = amount - player.money
    if short > 0:
        rate = catalog().rules.florins_per_sold_prestige
        points = -(-short // rate)
        assert points <= player.prestige, "callers check affordability first (ruling R4)"
        events.append(PrestigeLost(seat, points, PrestigeReason.SALE))
        events.append(MoneyReceived(seat, points * rate, MoneyReason.SALE))
        player = replace(
            player, prestige=player.prestige - points, money=player.money + points * rate
        )
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


def means(state: GameState, seat: int) -> int:
    """The most the player in ``seat`` can raise for a payment or a bid (revised R4).

    Their cash, plus 100 florins per prestige point where prestige may be
    sold (R3); with Muse & Princess, cash alone (R27).
    """
    player = state.players[seat]
    if ruleset(state.config).sells_prestige:
        return player.money + player.prestige * catalog().rules.florins_per_sold_prestige
    return player.money


def payment_problem(state: GameState, seat: int, price: int) -> str | None:
    """Why the player in ``seat`` cannot raise ``price`` (revised ruling R4), or ``None``."""
    if means(state, seat) < price:
        player = state.players[seat]
        if ruleset(state.config).sells_prestige:
            return (
                f"the player has {player.money} florins and {player.prestige} prestige "
                f"points and cannot raise {price} (ruling R4)"
            )
        return f"the player has {player.money} florins and cannot pay {price} in cash (R4, R27)"
    return None


_CHARACTER_INDEX = {character: i for i, character in enumerate(Character)}


def holder(state: GameState, character: Character) -> int | None:
    """The seat holding ``character`` now, or ``None`` (Muse & Princess, R26).

    Always ``None`` in a game without the expansion.
    """
    characters = state.characters
    if characters is None:
        return None
    return characters.holders[_CHARACTER_INDEX[character]]


def use_character(
    state: GameState, seat: int, character: Character, events: list[Event]
) -> GameState:
    """``seat`` uses ``character``: it goes back beside the board (R26)."""
    characters = state.characters
    assert characters is not None and holder(state, character) == seat
    holders = list(characters.holders)
    holders[_CHARACTER_INDEX[character]] = None
    events.append(CharacterUsed(seat, character))
    return replace(state, characters=replace(characters, holders=tuple(holders)))


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
