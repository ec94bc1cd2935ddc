"""The moves of Florenz: a closed union of frozen classes.

Members on the board are named by their location and their position in its
queue (0 = the head).  Crests are named by path index (Cosimo's escorts) or
by location (Contessina's spies, Giovanni's doormen).
"""

from __future__ import annotations

from typing import TypeAlias

import attrs

from princes_of_florence.florenz.ids import Medici, ScandalKind

__all__ = [
    "Accept",
    "Boast",
    "BonusSwap",
    "BonusTime",
    "BonusVP",
    "Chance",
    "ChooseColour",
    "Decline",
    "Discard",
    "Gift",
    "Hurry",
    "Move",
    "MoveMember",
    "Pass",
    "Place",
    "PlayScandal",
    "Promote",
    "Second",
    "Send",
    "Step",
    "Stop",
]


@attrs.frozen
class Place:
    """D1: put the first debutant on an empty queue before round 1 (F31)."""

    location: int


@attrs.frozen
class Pass:
    """D2: pass and put the ring on ``location``; 0 for the last family to
    pass, which places no ring (F52, F53)."""

    location: int = 0


@attrs.frozen
class Send:
    """D2: send a debutant from the family board to ``location`` (F55)."""

    location: int


@attrs.frozen
class Promote:
    """D2: promote the own member at ``location``, ``position`` (F56)."""

    location: int
    position: int


@attrs.frozen
class MoveMember:
    """D2: move the own member at ``location``, ``position`` along a path to ``to`` (F57)."""

    location: int
    position: int
    to: int


@attrs.frozen
class Hurry:
    """D2: start a Hurry with the first step of the member at ``location``,
    ``position`` to ``to`` (F59, rulings FR13, FR64)."""

    location: int
    position: int
    to: int


@attrs.frozen
class Step:
    """D3: the next step of the piece on its way, to ``to`` (FR13, FR29, FR64)."""

    to: int


@attrs.frozen
class Second:
    """D3: the piece on its way stops where it is (if it has moved), and the
    member at ``location``, ``position`` takes its first step to ``to``
    (F59, F85, FR64)."""

    location: int
    position: int
    to: int


@attrs.frozen
class Stop:
    """D3, travel card: the piece on its way stops where it is; between two
    members: the card ends (F85, FR64)."""


@attrs.frozen
class Boast:
    """D2: boast with the tile at ``location`` (F60-F62)."""

    location: int


@attrs.frozen
class Gift:
    """D2: give ``medici`` a gift and put a guard on its crest ``crest``
    (-1: no free crest or no guard, ruling FR17) (F66-F70)."""

    medici: Medici
    crest: int


@attrs.frozen
class PlayScandal:
    """D2: play a scandal card of ``kind`` with its parameters (F71, F83-F94).

    The parameters by kind (locations, queue positions, crests, Medici):

    - FIG_GUARD: (crest kind, crest)
    - FIG_TELEPORT: (location, position, to)
    - FIG_TRAVEL: (location, position, to): the first step of the walk
    - FIG_DEBUTANT: (location,)
    - CAR_GIFT: (medici, crest)
    - CAR_SWAP: (location, position, other location, other position)
    - CAR_PROMOTE, CAR_ADVANCE, MES_RETIRE: (location, position)
    - MES_CUP, MES_BOAST: (location,)
    - MES_SWAP: (location, position, other position)
    """

    kind: ScandalKind
    args: tuple[int, ...]


@attrs.frozen
class Discard:
    """Free at any own decision: discard a card of ``kind`` for 1 time (F72, FR20)."""

    kind: ScandalKind


@attrs.frozen
class BonusSwap:
    """D4: at the ring, swap the two petitioners at ``position`` and the one
    behind it, one of them the family's own (F54, ruling FR8)."""

    position: int


@attrs.frozen
class BonusTime:
    """D4: gain 1 time (F54)."""


@attrs.frozen
class BonusVP:
    """D4: gain 1 VP (F54)."""


@attrs.frozen
class ChooseColour:
    """D7, solo: the colour of Strozzi's piece for card 5 on a tie: 1 orange,
    2 blue (F145, ruling FR51)."""

    colour: int


@attrs.frozen
class Chance:
    """With explicit chance: the outcome ``value`` of the chance node (what it
    deals: a family, plan card, boast tile, location, time value, scandal
    card kind or Strozzi card number, see :class:`ChanceKind`)."""

    value: int


@attrs.frozen
class Accept:
    """D5: pay Giovanni's reward and score it (F109)."""


@attrs.frozen
class Decline:
    """D5: decline Giovanni's reward; out of this scoring (F110)."""


Move: TypeAlias = (
    Place
    | Pass
    | Send
    | Promote
    | MoveMember
    | Hurry
    | Step
    | Second
    | Stop
    | Boast
    | Gift
    | PlayScandal
    | Discard
    | BonusSwap
    | BonusTime
    | BonusVP
    | Accept
    | Decline
    | ChooseColour
    | Chance
)
"""Every move of Florenz."""
