"""What happened when a move was applied: frozen events.

Every event is public except the face of a drawn scandal card, which only
its new owner sees (ruling FR26); :func:`~princes_of_florence.florenz.observation.events_for`
redacts it for everyone else.
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from princes_of_florence.florenz.ids import Medici, ScandalKind
from princes_of_florence.florenz.moves import Move

__all__ = [
    "CardDrawn",
    "Event",
    "GameEnded",
    "MediciMoved",
    "MoveMade",
    "PlanRevealed",
    "RoundBegan",
    "Scored",
]


@attrs.frozen
class MoveMade:
    """``player`` made ``move``."""

    player: int
    move: Move


@attrs.frozen
class Scored:
    """``player`` gained ``vp`` victory points from ``source`` (head, queue,
    giovanni, boast, escort, bonus, time, plan)."""

    player: int
    vp: int
    source: str


@attrs.frozen
class CardDrawn:
    """``player`` received a scandal card of ``medici``; ``kind`` is ``None``
    where the face is hidden (F80, ruling FR26)."""

    player: int
    medici: Medici
    kind: ScandalKind | None


@attrs.frozen
class MediciMoved:
    """``medici`` travelled through ``locations``, the last its destination (F96)."""

    medici: Medici
    locations: tuple[int, ...]


@attrs.frozen
class RoundBegan:
    """Round ``round`` began; every family gained ``time`` (F32)."""

    round: int
    time: int


@attrs.frozen
class PlanRevealed:
    """At the final scoring, ``player``'s plan card ``plan`` is shown (F120)."""

    player: int
    plan: int


@attrs.frozen
class GameEnded:
    """The game ended with these final VP (F118)."""

    vp: tuple[int, ...]


Event: TypeAlias = (
    MoveMade | Scored | CardDrawn | MediciMoved | RoundBegan | PlanRevealed | GameEnded
)
"""Every event of Florenz."""
