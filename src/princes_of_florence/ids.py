"""Identifiers for every kind of game component, as string enums.

The values are short, readable and stable: they appear in move notation, in
JSON and in the component data file.  This module imports nothing from the
package, so every other layer may use it.
"""

from __future__ import annotations

from enum import Enum, StrEnum

__all__ = [
    "AuctionObject",
    "BonusCardId",
    "Building",
    "Character",
    "Deck",
    "Freedom",
    "Landscape",
    "Phase",
    "PersonId",
    "PrestigeCardId",
    "ProfessorDeck",
    "Quantity",
    "SizeClass",
    "TileId",
]


class Building(StrEnum):
    """The ten building types; each exists three times in the supply.

    Example:
        >>> Building("tower")
        <Building.TOWER: 'tower'>
        >>> [str(building) for building in Building][:3]
        ['university', 'laboratory', 'workshop']
    """

    UNIVERSITY = "university"
    LABORATORY = "laboratory"
    WORKSHOP = "workshop"
    LIBRARY = "library"
    OPERA = "opera"
    STUDIO = "studio"
    HOSPITAL = "hospital"
    THEATER = "theater"
    TOWER = "tower"
    CHAPEL = "chapel"


class Landscape(StrEnum):
    """The three landscape types, bought in the auction.

    Example:
        >>> [str(landscape) for landscape in Landscape]
        ['forest', 'lake', 'park']
    """

    FOREST = "forest"
    LAKE = "lake"
    PARK = "park"


TileId = Building | Landscape
"""A tile that covers cells of a principality, a building or a landscape."""


class Freedom(StrEnum):
    """The three freedoms that can be introduced in a principality.

    Example:
        >>> [str(freedom) for freedom in Freedom]
        ['travel', 'religion', 'opinion']
    """

    TRAVEL = "travel"
    RELIGION = "religion"
    OPINION = "opinion"


class SizeClass(StrEnum):
    """Size class of a building; the palazzo belongs to none.

    Example:
        >>> [str(size) for size in SizeClass]
        ['large', 'medium', 'small']
    """

    LARGE = "large"
    MEDIUM = "medium"
    SMALL = "small"


class PersonId(StrEnum):
    """The 21 person cards (artists and scholars), in card-number order.

    Example:
        >>> PersonId("bell_founder")
        <PersonId.BELL_FOUNDER: 'bell_founder'>
        >>> len(PersonId)
        21
    """

    MATHEMATICIAN = "mathematician"
    PHILOSOPHER = "philosopher"
    HISTORIAN = "historian"
    BOTANIST = "botanist"
    ALCHEMIST = "alchemist"
    BELL_FOUNDER = "bell_founder"
    GOLDSMITH = "goldsmith"
    MAP_MAKER = "map_maker"
    LAWYER = "lawyer"
    COMPOSER = "composer"
    SINGER = "singer"
    PAINTER = "painter"
    SCULPTOR = "sculptor"
    DOCTOR = "doctor"
    PHARMACIST = "pharmacist"
    ACTOR = "actor"
    ASTRONOMER = "astronomer"
    PHYSICIST = "physicist"
    POET = "poet"
    ORGAN_BUILDER = "organ_builder"
    ARCHITECT = "architect"


class BonusCardId(StrEnum):
    """The 20 bonus cards, B01 to B20 as listed in the component data.

    Example:
        >>> BonusCardId("B07")
        <BonusCardId.B07: 'B07'>
        >>> len(BonusCardId)
        20
    """

    B01 = "B01"
    B02 = "B02"
    B03 = "B03"
    B04 = "B04"
    B05 = "B05"
    B06 = "B06"
    B07 = "B07"
    B08 = "B08"
    B09 = "B09"
    B10 = "B10"
    B11 = "B11"
    B12 = "B12"
    B13 = "B13"
    B14 = "B14"
    B15 = "B15"
    B16 = "B16"
    B17 = "B17"
    B18 = "B18"
    B19 = "B19"
    B20 = "B20"


class PrestigeCardId(StrEnum):
    """The 14 prestige cards, P01 to P14 as listed in the component data.

    Example:
        >>> PrestigeCardId("P03")
        <PrestigeCardId.P03: 'P03'>
        >>> len(PrestigeCardId)
        14
    """

    P01 = "P01"
    P02 = "P02"
    P03 = "P03"
    P04 = "P04"
    P05 = "P05"
    P06 = "P06"
    P07 = "P07"
    P08 = "P08"
    P09 = "P09"
    P10 = "P10"
    P11 = "P11"
    P12 = "P12"
    P13 = "P13"
    P14 = "P14"


class AuctionObject(StrEnum):
    """The stacks offered in phase A (ruling R11).

    ``LANDSCAPE`` is the single landscape stack of the 2-player game, whose
    winner chooses the landscape; with 3 to 5 players the three landscapes
    are stacks of their own.

    Example:
        >>> AuctionObject("builder")
        <AuctionObject.BUILDER: 'builder'>
        >>> str(AuctionObject.PRESTIGE)
        'prestige'
    """

    FOREST = "forest"
    LAKE = "lake"
    PARK = "park"
    JESTER = "jester"
    BUILDER = "builder"
    PRESTIGE = "prestige"
    RECRUITING = "recruiting"
    LANDSCAPE = "landscape"


class Phase(Enum):
    """Where the game stands.  ``SETUP`` is the starting-person draft (R8).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> new_game(GameConfig(players=3)).phase
        <Phase.SETUP: 'setup'>
    """

    # Members are singletons compared by identity; hashing them the same way
    # keeps the engine's per-move table look-ups in C.
    __hash__ = object.__hash__

    SETUP = "setup"
    AUCTION = "auction"
    CHARACTERS = "characters"
    """Phase A2 of Muse & Princess, bidding for the character cards (R25)."""
    ACTIONS = "actions"
    GAME_OVER = "game_over"


class ProfessorDeck(StrEnum):
    """The decks the Professor draws a free card from (R26).

    Example:
        >>> [str(deck) for deck in ProfessorDeck]
        ['bonus', 'prestige']
    """

    BONUS = "bonus"
    PRESTIGE = "prestige"


class Character(StrEnum):
    """The six character cards of the Muse & Princess expansion (R25, R26).

    Example:
        >>> [str(character) for character in Character]
        ['muse', 'cardinal', 'princess', 'merchant', 'professor', 'banker']
    """

    MUSE = "muse"
    CARDINAL = "cardinal"
    PRINCESS = "princess"
    MERCHANT = "merchant"
    PROFESSOR = "professor"
    BANKER = "banker"


class Quantity(StrEnum):
    """Something countable about one player, used by bonus and prestige cards.

    The component catalog describes each bonus and prestige card as terms over
    these quantities, so card texts are data and the rules only know how to
    count.

    Example:
        >>> Quantity("forests")
        <Quantity.FORESTS: 'forests'>
    """

    BUILDINGS = "buildings"
    LARGE_BUILDINGS = "large_buildings"
    MEDIUM_BUILDINGS = "medium_buildings"
    SMALL_BUILDINGS = "small_buildings"
    SIZE_CLASSES = "size_classes"
    """How many building size classes are present (large, medium, small), 0 to 3."""
    LANDSCAPES = "landscapes"
    """Landscape tiles, every tile counted."""
    FORESTS = "forests"
    LAKES = "lakes"
    PARKS = "parks"
    LANDSCAPE_TYPES = "landscape_types"
    """How many landscape types are present (forest, lake, park), 0 to 3."""
    FREEDOMS = "freedoms"
    JESTERS = "jesters"
    BUILDERS = "builders"
    PRESTIGE_CARDS = "prestige_cards"
    CATEGORIES = "categories"
    """Categories present among forest, lake, park, jester, builder, prestige card, freedom."""
    HAND_PERSONS = "hand_persons"
    """Person and recruiting cards in hand, not counting a person now working."""
    WORKS = "works"
    """Own person and recruiting cards face up on the table (counting a person now working)."""
    EMPTY_CELLS = "empty_cells"
    """Empty cells of the principality (43 minus covered cells)."""


class Deck(Enum):
    """The three card decks.

    Example:
        >>> Deck("persons")
        <Deck.PERSONS: 'persons'>
        >>> [deck.value for deck in Deck]
        ['persons', 'bonus', 'prestige']
    """

    __hash__ = object.__hash__  # identity, like equality: looked up in C

    PERSONS = "persons"
    BONUS = "bonus"
    PRESTIGE = "prestige"
