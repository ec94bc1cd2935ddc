"""Firenze's moves: one frozen class per decision (ruling ZR45).

Colours are :class:`~princes_of_florence.firenze.ids.Colour`; towers are
indices into the mover's site (oldest first, ruling ZR16); row slots are
indices into the card row, leftmost 0.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from princes_of_florence.firenze.ids import Colour, Title

__all__ = [
    "MOVE_TYPES",
    "CancelEvent",
    "ChooseCard",
    "ChooseTower",
    "DealCard",
    "DeliverBellTower",
    "DiscardBrick",
    "DiscardCard",
    "DrawBrick",
    "EndPhase",
    "Exchange",
    "Fulfil",
    "Move",
    "PayBrick",
    "PayTower",
    "PlaceBrick",
    "PlayAlchemist",
    "PlayGrosshaendler",
    "PlayMaurer",
    "PlayPatrizier",
    "PlaySaboteur",
    "PlaySchmuggler",
]


@attrs.frozen
class ChooseCard:
    """Phase 1: take the row card at ``slot``; ``fuerstin`` plays a Fürstin with it (Z27, ZR25)."""

    slot: int
    fuerstin: bool = False


@attrs.frozen
class PayBrick:
    """Pay one brick of ``colour``: card cost (ZR10), exchange (Z37) or building cost (Z44)."""

    colour: Colour


@attrs.frozen
class CancelEvent:
    """Phase 1: cancel the chosen event with a Patrizier (``True``) or let it act (Z32, ZR32)."""

    cancel: bool


@attrs.frozen
class ChooseTower:
    """Phase 1: the own tower Einsturz demolishes or Pfusch takes a brick from (ZR27, ZR33)."""

    tower: int


@attrs.frozen
class DiscardBrick:
    """Return one supply brick of ``colour`` to the bag: Lagerbrand (ZR30), the supply
    limit (Z63), or an event under the printed discard (Z100)."""

    colour: Colour


@attrs.frozen
class PayTower:
    """Printed discard (Z100): pay for ``tower`` under Tribut or Luxussteuer."""

    tower: int


@attrs.frozen
class Exchange:
    """Phase 2: take a ``colour`` brick from the row card at ``slot``; payment follows (ZR14)."""

    slot: int
    colour: Colour


@attrs.frozen
class PlaceBrick:
    """Phase 3: put a brick of ``colour`` on tower ``tower``, or start a tower (``None``) (ZR15)."""

    tower: int | None
    colour: Colour


@attrs.frozen
class Fulfil:
    """Phase 5: fulfil the commission of ``tower``'s colour and height + ``architect`` (ZR17, ZR22).

    ``architect`` is 0, or +1 or -1 with an Architekt played.
    """

    tower: int
    architect: int = 0


@attrs.frozen
class DeliverBellTower:
    """Phase 5: deliver white 3-tower ``tower`` as Campanile's bell tower (Z102, ZR37)."""

    tower: int


@attrs.frozen
class DiscardCard:
    """Phase 6: discard a person or building of ``title`` for the card limit (Z64)."""

    title: Title


@attrs.frozen
class EndPhase:
    """End an optional phase (2, 3, 5) or the window of phase 6 (ruling ZR45)."""


@attrs.frozen
class PlayGrosshaendler:
    """Phase 1 before the choice or phase 2: redraw the bricks of the row card at ``slot`` (Z84)."""

    slot: int


@attrs.frozen
class PlayMaurer:
    """Phase 3 before payment: building cost -3 this turn (Z89)."""


@attrs.frozen
class PlayAlchemist:
    """Any point of your turn: swap a supply brick of ``give`` for a bag brick of ``take`` (Z74)."""

    give: Colour
    take: Colour


@attrs.frozen
class PlaySchmuggler:
    """Any point of your turn: swap your ``give`` for a ``take`` of ``player``'s supply (Z95)."""

    player: int
    give: Colour
    take: Colour


@attrs.frozen
class PlaySaboteur:
    """Any point of your turn: return a brick of ``player``'s tower ``tower`` to the bag (Z94)."""

    player: int
    tower: int


@attrs.frozen
class DealCard:
    """Chance: the next card of the draw pile is ``title`` (option ``explicit_chance``)."""

    title: Title


@attrs.frozen
class DrawBrick:
    """Chance: the next brick drawn from the bag is ``colour`` (option ``explicit_chance``)."""

    colour: Colour


@attrs.frozen
class PlayPatrizier:
    """Any point of your turn: discard the hand card ``title`` with a Patrizier (Z90 b)."""

    title: Title


Move: TypeAlias = (
    ChooseCard
    | PayBrick
    | CancelEvent
    | ChooseTower
    | DiscardBrick
    | PayTower
    | Exchange
    | PlaceBrick
    | Fulfil
    | DeliverBellTower
    | DiscardCard
    | EndPhase
    | PlayGrosshaendler
    | PlayMaurer
    | PlayAlchemist
    | PlaySchmuggler
    | PlaySaboteur
    | PlayPatrizier
    | DealCard
    | DrawBrick
)
"""Every Firenze move (the last two are chance's, with explicit chance)."""

MOVE_TYPES: tuple[type, ...] = (
    ChooseCard,
    PayBrick,
    CancelEvent,
    ChooseTower,
    DiscardBrick,
    PayTower,
    Exchange,
    PlaceBrick,
    Fulfil,
    DeliverBellTower,
    DiscardCard,
    EndPhase,
    PlayGrosshaendler,
    PlayMaurer,
    PlayAlchemist,
    PlaySchmuggler,
    PlaySaboteur,
    PlayPatrizier,
    DealCard,
    DrawBrick,
)
"""The move classes, in the order of the union."""
