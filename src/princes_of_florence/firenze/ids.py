"""The names of Firenze's things: brick colours, card titles and kinds, phases.

>>> Colour.V.rank, Colour.W.german
(5, 'Weiß')
>>> Title.WERKSTATT.value
'Werkstatt'
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

__all__ = ["COLOURS", "CardKind", "Colour", "Step", "Title"]


class Colour(IntEnum):
    """A brick colour, valued by its rank from cheapest (white) to dearest (violet).

    The rank orders the automatic discard (ruling ZR36); the letters are the
    catalog's ids (``components.md`` §1).
    """

    W = 0
    Y = 1
    G = 2
    R = 3
    B = 4
    V = 5

    @property
    def rank(self) -> int:
        """The colour's rank, 0 (white, cheapest) to 5 (violet, dearest)."""
        return int(self)

    @property
    def german(self) -> str:
        """The colour's German name."""
        return _GERMAN[self]

    @property
    def english(self) -> str:
        """The colour's English name."""
        return _ENGLISH[self]


_GERMAN = ("Weiß", "Gelb", "Grün", "Rotbraun", "Blau", "Violett")
_ENGLISH = ("white", "yellow", "green", "red-brown", "blue", "violet")

COLOURS: tuple[Colour, ...] = tuple(Colour)
"""The six colours, cheapest first."""


class CardKind(StrEnum):
    """The five kinds of action card (rule Z4)."""

    EVENT = "event"
    PERSON = "person"
    KEEP = "keep"
    BUILDING = "building"
    CHURCH = "church"


class Title(StrEnum):
    """A title of action card; copies of one title are interchangeable.

    Under option ``anerkennung = "split"`` (ruling ZR46) the two Anerkennung
    copies are the titles ``Anerkennung3`` and ``Anerkennung4``.
    """

    ALCHEMIST = "Alchemist"
    ANERKENNUNG = "Anerkennung"
    ANERKENNUNG3 = "Anerkennung3"
    ANERKENNUNG4 = "Anerkennung4"
    ARCHITEKT = "Architekt"
    BLAMAGE = "Blamage"
    BRUECKE = "Brücke"
    CAMPANILE = "Campanile"
    DENKMAL = "Denkmal"
    EINSTURZ = "Einsturz"
    FUERSTIN = "Fürstin"
    GROSSES_PRIVILEG = "Großes Privileg"
    GROSSHAENDLER = "Großhändler"
    HOCHWASSER = "Hochwasser"
    KLEINES_PRIVILEG = "Kleines Privileg"
    LAGERBRAND = "Lagerbrand"
    LAGERHAUS = "Lagerhaus"
    LUXUSSTEUER = "Luxussteuer"
    MAURER = "Maurer"
    MITTLERES_PRIVILEG = "Mittleres Privileg"
    PATRIZIER = "Patrizier"
    PFUSCH = "Pfusch"
    RENAISSANCE = "Renaissance"
    RUHM = "Ruhm"
    SABOTEUR = "Saboteur"
    SCHMUGGLER = "Schmuggler"
    SKANDAL = "Skandal"
    TRIBUT = "Tribut"
    WERKSTATT = "Werkstatt"


class Step(IntEnum):
    """Where a turn stands: the decision the engine waits for.

    Phases 1 to 6 are rule Z25; each payment or resolution inside a phase is a
    step of its own (ruling ZR45).
    """

    CHOOSE = 1
    """Phase 1: choose a row card (Großhändler may come first)."""
    PAY_CARD = 2
    """Phase 1: pay the card cost one brick at a time, leftmost skipped card first."""
    PATRIZIER = 3
    """Phase 1: cancel the event just chosen with a Patrizier, or not."""
    EVENT_TOWER = 4
    """Phase 1: Einsturz or Pfusch, choose one of your towers."""
    EVENT_BRICKS = 5
    """Phase 1: Lagerbrand, or an event under the printed discard, choose bricks."""
    EVENT_TOWERS_PAID = 6
    """Phase 1, printed discard: choose the towers paid for (Tribut, Luxussteuer)."""
    EXCHANGE = 7
    """Phase 2: exchange a brick, play Großhändler, or end the phase."""
    PAY_EXCHANGE = 8
    """Phase 2: pay the exchange one brick at a time."""
    BUILD = 9
    """Phase 3: place bricks, play Maurer, or end the phase."""
    PAY_BUILD = 10
    """Phase 3: pay the building cost one brick at a time."""
    FULFIL = 11
    """Phase 5: fulfil commissions, deliver a bell tower, or end the phase."""
    LIMITS = 12
    """Phase 6: the window for persons before the limits are checked."""
    DISCARD_BRICKS = 13
    """Phase 6: return bricks beyond the supply limit."""
    DISCARD_CARDS = 14
    """Phase 6: discard persons or buildings beyond the card limit."""
    OVER = 15
    """The game is over."""
    CHANCE = 16
    """Chance deals a card or draws a brick (only with option ``explicit_chance``)."""

    @property
    def phase(self) -> int:
        """The phase (1 to 6) the step belongs to; 0 once the game is over."""
        return _PHASE[self]


_PHASE = {
    Step.CHOOSE: 1,
    Step.PAY_CARD: 1,
    Step.PATRIZIER: 1,
    Step.EVENT_TOWER: 1,
    Step.EVENT_BRICKS: 1,
    Step.EVENT_TOWERS_PAID: 1,
    Step.EXCHANGE: 2,
    Step.PAY_EXCHANGE: 2,
    Step.BUILD: 3,
    Step.PAY_BUILD: 3,
    Step.FULFIL: 5,
    Step.LIMITS: 6,
    Step.DISCARD_BRICKS: 6,
    Step.DISCARD_CARDS: 6,
    Step.OVER: 0,
    Step.CHANCE: 1,
}
