"""What happened: the events :func:`~princes_of_florence.firenze.engine.apply_with_events`
reports, frozen data only.

Every card enters a hand face up and the deck's order is never reported, so
every event may be shown to every player (ruling ZR41).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from princes_of_florence.firenze.ids import Colour, Title
from princes_of_florence.firenze.moves import Move
from princes_of_florence.firenze.state import Bricks

__all__ = [
    "BellTowerDelivered",
    "BonusGained",
    "BricksReturned",
    "CardRevealed",
    "CardTaken",
    "CardsReshuffled",
    "EVENT_TYPES",
    "CommissionFulfilled",
    "Event",
    "GameEnded",
    "MovePlayed",
    "TowerDemolished",
    "TurnStarted",
]


@attrs.frozen
class MovePlayed:
    """``player`` made ``move``."""

    player: int
    move: Move


@attrs.frozen
class CardTaken:
    """``player`` took ``title`` from the row with ``bricks``; ``to`` says where it went
    (``hand``, ``buildings``, ``church``, ``discard``, ``event``, or ``hand of N`` for Denkmal)."""

    player: int
    title: Title
    bricks: Bricks
    to: str


@attrs.frozen
class CardRevealed:
    """``title`` was revealed onto row slot ``slot`` with ``bricks`` drawn from the bag."""

    slot: int
    title: Title
    bricks: Bricks


@attrs.frozen
class CardsReshuffled:
    """The discard pile (with the draw pile, for Renaissance) became a new draw pile of ``size``."""

    size: int


@attrs.frozen
class BricksReturned:
    """``player`` put ``bricks`` into the bag, for ``reason``."""

    player: int
    bricks: Bricks
    reason: str


@attrs.frozen
class TowerDemolished:
    """``player``'s tower of ``colour`` and ``height`` came down: ``to_bag`` bricks to the
    bag, ``to_supply`` to the supply, for ``reason``."""

    player: int
    colour: Colour
    height: int
    to_bag: int
    to_supply: int
    reason: str


@attrs.frozen
class CommissionFulfilled:
    """``player`` fulfilled ``colour``'s ``floors``-floor commission for ``prestige``
    (``balcony`` names the tile, if any)."""

    player: int
    colour: Colour
    floors: int
    prestige: int
    balcony: str


@attrs.frozen
class BellTowerDelivered:
    """``player`` delivered a bell tower; ``released`` when Campanile then left (Z103)."""

    player: int
    released: bool


@attrs.frozen
class BonusGained:
    """``player`` gained ``prestige`` from ``source`` (a level tile, a privilege, the end tile)."""

    player: int
    source: str
    prestige: int


@attrs.frozen
class TurnStarted:
    """``player``'s turn began."""

    player: int


@attrs.frozen
class GameEnded:
    """The game ended; ``truncated`` by the turn limit (ZR44)."""

    truncated: bool


Event: TypeAlias = (
    MovePlayed
    | CardTaken
    | CardRevealed
    | CardsReshuffled
    | BricksReturned
    | TowerDemolished
    | CommissionFulfilled
    | BellTowerDelivered
    | BonusGained
    | TurnStarted
    | GameEnded
)
"""Every Firenze event."""

EVENT_TYPES: tuple[type, ...] = (
    MovePlayed,
    CardTaken,
    CardRevealed,
    CardsReshuffled,
    BricksReturned,
    TowerDemolished,
    CommissionFulfilled,
    BellTowerDelivered,
    BonusGained,
    TurnStarted,
    GameEnded,
)
"""The event classes, in the order of the union."""
