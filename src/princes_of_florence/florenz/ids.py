"""Enumerations of the Florenz components: ranks, Medici, boast tiles, scandal cards."""

from __future__ import annotations

import enum

__all__ = [
    "LOCATIONS",
    "BoastKind",
    "ChanceKind",
    "CrestKind",
    "Medici",
    "Provenance",
    "Rank",
    "ScandalKind",
    "Stage",
]

LOCATIONS: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9)
"""The nine locations, numbered row by row on the 3x3 board (rule F14)."""


class Provenance(enum.Enum):
    """Where a component value comes from."""

    STATED = "S"
    """Stated by the rulebook text."""
    DERIVED = "S-derived"
    """Forced by stated text."""
    RECONSTRUCTED = "R"
    """Printed only in a picture; chosen so that every rule and example holds."""


class Rank(enum.IntEnum):
    """A family member's rank (rule F43); higher ranks stand further forward (F47)."""

    DEBUTANT = 1
    LADY = 2
    MAESTRO = 3


class Medici(enum.IntEnum):
    """The three Medici (rule F9), in the order they move (F37)."""

    COSIMO = 0
    CONTESSINA = 1
    GIOVANNI = 2


class CrestKind(enum.IntEnum):
    """Where a guard stands, named by the Medici whose crest it is (F75-F78)."""

    ESCORT = 0
    """Cosimo's crest on a path."""
    SPY = 1
    """Contessina's crest on a boast tile."""
    DOORMAN = 2
    """Giovanni's crest beside a queue."""


class BoastKind(enum.IntEnum):
    """The nine boast tiles (rules F153-F161)."""

    GREAT_INFLUENCE = 0
    UNMISSABLE = 1
    SCANDALMONGER = 2
    SHARP_ELBOWS = 3
    RULER_OF_THE_STREET = 4
    UP_AND_COMING = 5
    STRONGLY_REPRESENTED = 6
    GENEROUS = 7
    OMNIPRESENT = 8


class ScandalKind(enum.IntEnum):
    """The twelve scandal-card effects (rules F83-F94).

    The prefix is the card's salutation: Figliolo, Carissima or Messere.
    """

    FIG_GUARD = 0
    FIG_TELEPORT = 1
    FIG_TRAVEL = 2
    FIG_DEBUTANT = 3
    CAR_GIFT = 4
    CAR_SWAP = 5
    CAR_PROMOTE = 6
    CAR_ADVANCE = 7
    MES_CUP = 8
    MES_SWAP = 9
    MES_RETIRE = 10
    MES_BOAST = 11


class Stage(enum.IntEnum):
    """What the game waits for (the decision kinds of the engine contract)."""

    SETUP = 0
    """D1: a family places its first debutant on an empty queue (F31)."""
    ACTION = 1
    """D2: the family on turn takes an action (F51)."""
    HURRY = 2
    """D3: the next step of a Hurry (FR13, FR64)."""
    TRAVEL = 3
    """D3: the next step of the travel card (F85, FR29, FR64)."""
    BONUS = 4
    """D4: a family that has passed takes its bonus (F54)."""
    GIOVANNI = 5
    """D5: a family is offered Giovanni's reward (F109-F111, FR38)."""
    OVER = 6
    """The game has ended (F118)."""
    COLOUR = 7
    """D7, solo: the player chooses the colour of Strozzi's card 5 on a tie (F145)."""
    CHANCE = 8
    """With explicit chance: chance deals what the seed would (ruling FR3)."""


class ChanceKind(enum.IntEnum):
    """What a chance node deals (explicit chance; the random steps of the contract)."""

    START = 0
    """The start family (F30); the outcome is a family."""
    PLAN = 1
    """A family's plan card (F20); the outcome is a plan card."""
    BOAST_TILE = 2
    """A location's boast tile (F21); the outcome is a boast tile."""
    CARRIAGE = 3
    """A Medici's carriage location (F23); the outcome is a location."""
    LOCATION_TILE = 4
    """A round's location tile (F24, F26, F115); the outcome is a location."""
    TIME_TILE = 5
    """A round's time tile (F25, F26, F115); the outcome is a time value."""
    CARD = 6
    """A scandal card drawn from a Medici's deck (F76, F100); the outcome is its kind."""
    STROZZI_CARD = 7
    """A Strozzi card drawn (F133, F146); the outcome is its number."""
