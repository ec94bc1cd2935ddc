"""Counting a player's holdings, bonus card values and the value of a work.

Every bonus and prestige card is data in the component catalog: a list of
terms over a :class:`~princes_of_florence.ids.Quantity`.  This module is the
one place that knows how to count each quantity for a player, so the cards
themselves need no code.

The value of a work follows ruling R19: +4 for the person's building, +3 for
their landscape, +3 for their freedom, +2 per jester, +1 per person and
recruiting card, plus the bonus cards played with it.  It comes back as a
:class:`WorkBreakdown`, so a front end can explain the number.

>>> from princes_of_florence.geometry import parse_cells
>>> from princes_of_florence.ids import Building, Freedom, PersonId
>>> from princes_of_florence.state import PlayerState, Principality
>>> poet = PersonId.POET  # theater, lake, travel
>>> theater = parse_cells("e3-e4-e5-e6-d5")
>>> player = PlayerState(
...     money=0,
...     principality=Principality().with_tile(Building.THEATER, theater),
...     freedoms=(Freedom.TRAVEL,),
...     jesters=2,
...     hand_persons=(poet,),
...     hand_recruiting=1,
...     table_persons=(PersonId.BOTANIST, PersonId.ACTOR),
... )
>>> work_breakdown(player, poet).parts()
(('building', 4), ('landscape', 0), ('freedom', 3), ('jesters', 4), ('persons', 4))
>>> work_breakdown(player, poet).total
15
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache

import attrs

from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    Quantity,
    SizeClass,
)
from princes_of_florence.rules.common import PrincipalityMemo, catalog
from princes_of_florence.state import PlayerState, Principality

__all__ = [
    "WorkBreakdown",
    "bonus_value",
    "highest_work_value",
    "max_work_value",
    "minimum_work",
    "quantities",
    "quantity",
    "work_breakdown",
]


@cache
def _size_classes() -> dict[Building, SizeClass]:
    """The size class of every building, read once from the catalog."""
    sizes: dict[Building, SizeClass] = {}
    for building in Building:
        size = catalog().tile(building).size
        assert size is not None, "the catalog gives every building a size class"
        sizes[building] = size
    return sizes


@cache
def _person_needs() -> dict[PersonId, tuple[Building, Landscape, Freedom]]:
    """Every person's building, landscape and freedom, read once from the catalog."""
    return {p.id: (p.building, p.landscape, p.freedom) for p in catalog().persons}


_QUANTITIES: tuple[Quantity, ...] = tuple(Quantity)
_INDEX = {q: i for i, q in enumerate(_QUANTITIES)}


@cache
def _bonus_terms() -> dict[BonusCardId, tuple[tuple[int, int], ...]]:
    """Every bonus card's terms as ``(quantity index, points per unit)``, read once."""
    return {
        c.id: tuple((_INDEX[t.quantity], t.per) for t in c.terms) for c in catalog().bonus_cards
    }


def _card_value(card: BonusCardId, counts: tuple[int, ...]) -> int:
    """What bonus card ``card`` adds, given the player's :func:`_counts`."""
    value = 0
    for index, per in _bonus_terms()[card]:
        value += per * counts[index]
    return value


def quantities(player: PlayerState, working: PersonId | None = None) -> Mapping[Quantity, int]:
    """Every :class:`~princes_of_florence.Quantity` of ``player``, in one pass over the tiles.

    Cheaper than several :func:`quantity` calls when a card has several terms.

    Args:
        player: the player to count for.
        working: a person now working (see :func:`quantity`).

    Returns:
        A count for every quantity.
    """
    return dict(zip(_QUANTITIES, _counts(player, working), strict=True))


_Tally = tuple[frozenset[Building | Landscape], int, int, int, int, int, int]
"""A principality's tile kinds, then its large, medium and small buildings,
forests, lakes and parks."""

_TALLIES: PrincipalityMemo[_Tally] = PrincipalityMemo()
"""Memo of :func:`_tally`, by principality."""


def _tally(principality: Principality) -> _Tally:
    """What lies in ``principality``, counted once per principality."""
    kept = _TALLIES.get(principality)
    if kept is not None:
        return kept
    sizes = _size_classes()
    large = medium = small = 0
    forests = lakes = parks = 0
    kinds: set[Building | Landscape] = set()
    for placed in principality.tiles:
        tile = placed.tile
        kinds.add(tile)
        if isinstance(tile, Building):
            size = sizes[tile]
            if size is SizeClass.LARGE:
                large += 1
            elif size is SizeClass.MEDIUM:
                medium += 1
            else:
                small += 1
        elif tile is Landscape.FOREST:
            forests += 1
        elif tile is Landscape.LAKE:
            lakes += 1
        else:
            parks += 1
    return _TALLIES.put(
        principality, (frozenset(kinds), large, medium, small, forests, lakes, parks)
    )


def _counts(player: PlayerState, working: PersonId | None) -> tuple[int, ...]:
    """What :func:`quantities` returns, as a tuple in ``Quantity`` order."""
    _, large, medium, small, forests, lakes, parks = _tally(player.principality)
    hand, table = _person_split(player, working)
    freedoms = len(player.freedoms)
    present = (forests, lakes, parks, player.jesters, player.builders)
    return (
        large + medium + small,  # BUILDINGS: the palazzo never counts
        large,
        medium,
        small,
        (large > 0) + (medium > 0) + (small > 0),  # SIZE_CLASSES
        forests + lakes + parks,  # LANDSCAPES
        forests,
        lakes,
        parks,
        (forests > 0) + (lakes > 0) + (parks > 0),  # LANDSCAPE_TYPES
        freedoms,
        player.jesters,
        player.builders,
        len(player.prestige_cards),
        sum(n > 0 for n in present)
        + (len(player.prestige_cards) > 0)
        + (freedoms > 0),  # CATEGORIES
        hand,  # HAND_PERSONS
        table,  # WORKS
        player.principality.empty_cells,  # 43 minus covered cells
    )


def _person_split(player: PlayerState, working: PersonId | None) -> tuple[int, int]:
    """Person and recruiting cards ``(in hand, on the table)``.

    A working person counts on the table, wherever it lies: taken out of the
    hand if it is there, added to the table if it lies nowhere yet.
    """
    hand = len(player.hand_persons) + player.hand_recruiting
    table = len(player.table_persons) + player.table_recruiting
    if working is not None and working not in player.table_persons:
        table += 1
        if working in player.hand_persons:
            hand -= 1
    return hand, table


def quantity(player: PlayerState, q: Quantity, working: PersonId | None = None) -> int:
    """How much of ``q`` the player has.

    Conventions (components.md): buildings never include the palazzo; every
    landscape tile counts for :attr:`princes_of_florence.Quantity.LANDSCAPES`; size classes,
    landscape types and categories count what is present at all; empty cells
    are the 43 usable cells minus the covered ones.

    Args:
        player: the player to count for.
        q: what to count.
        working: a person now working; it counts as face up on the table
            wherever it lies (in hand, on the table, or not yet anywhere), so
            it is not in :attr:`princes_of_florence.Quantity.HAND_PERSONS` and is in
            :attr:`princes_of_florence.Quantity.WORKS` (bonus cards B19 and B20).

    Returns:
        The count, never negative.

    >>> from princes_of_florence.ids import PersonId
    >>> from princes_of_florence.state import PlayerState
    >>> player = PlayerState(money=0, hand_persons=(PersonId.POET,), hand_recruiting=1)
    >>> quantity(player, Quantity.HAND_PERSONS), quantity(player, Quantity.WORKS)
    (2, 0)
    >>> quantity(player, Quantity.HAND_PERSONS, PersonId.POET)
    1
    >>> quantity(player, Quantity.WORKS, PersonId.POET)
    1
    >>> quantity(player, Quantity.EMPTY_CELLS)
    43
    """
    return quantities(player, working)[q]


def bonus_value(card: BonusCardId, player: PlayerState, working: PersonId | None = None) -> int:
    """What the bonus card ``card`` adds to a work of ``player`` now.

    The value is read from the card's terms in the catalog, counted at the
    moment the card is played (ruling R19).

    Args:
        card: the bonus card.
        player: its holder.
        working: the person doing the work (see :func:`quantity`).

    Returns:
        The sum of ``per x count`` over the card's terms.

    >>> from princes_of_florence.ids import BonusCardId
    >>> from princes_of_florence.state import PlayerState
    >>> bonus_value(BonusCardId.B13, PlayerState(money=0, builders=3))
    6
    """
    counts = _counts(player, working)
    return _card_value(card, counts)


@attrs.frozen
class WorkBreakdown:
    """The value of one work, part by part (ruling R19).

    Attributes:
        person: the person doing the work.
        building: 4 if the person's building stands in the principality, else 0.
        landscape: 3 if at least one tile of the person's landscape lies there.
        freedom: 3 if the person's freedom is introduced.
        jesters: 2 per jester.
        persons: 1 per person and recruiting card in hand or on the table,
            the working person included.
        bonus: each bonus card played with its value, in the order played.
        extra: further named parts added by expansions (for example the
            Muse's round number), in order.

    Example:
        >>> value = WorkBreakdown(
        ...     person=PersonId.POET, building=4, landscape=3, freedom=0, jesters=2, persons=2,
        ...     bonus=((BonusCardId.B03, 2),),
        ... )
        >>> value.total
        13
    """

    person: PersonId
    building: int
    landscape: int
    freedom: int
    jesters: int
    persons: int
    bonus: tuple[tuple[BonusCardId, int], ...] = ()
    extra: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The work value, the sum of every part."""
        return (
            self.building
            + self.landscape
            + self.freedom
            + self.jesters
            + self.persons
            + sum(value for _, value in self.bonus)
            + sum(value for _, value in self.extra)
        )

    def parts(self) -> tuple[tuple[str, int], ...]:
        """Every part as ``(name, value)``: the five base parts, bonus cards, extras.

        >>> from princes_of_florence.ids import BonusCardId, PersonId
        >>> WorkBreakdown(
        ...     PersonId.POET, 4, 0, 3, 4, 4, bonus=((BonusCardId.B07, 2),)
        ... ).parts()[-2:]
        (('persons', 4), ('B07', 2))
        """
        return (
            ("building", self.building),
            ("landscape", self.landscape),
            ("freedom", self.freedom),
            ("jesters", self.jesters),
            ("persons", self.persons),
            *((card.value, value) for card, value in self.bonus),
            *self.extra,
        )


def work_breakdown(
    player: PlayerState, person: PersonId, bonus: Sequence[BonusCardId] = ()
) -> WorkBreakdown:
    """The value of a work by ``person`` for ``player``, with ``bonus`` played (R19).

    The person may still lie in the player's hand or already lie on the
    table: either way it is counted once among the persons.  Bonus cards are
    counted with the person on the table (components.md, B19 and B20).

    Args:
        player: the player doing the work.
        person: the person working.
        bonus: the bonus cards played with the work, in order.

    Returns:
        The breakdown; its :attr:`princes_of_florence.WorkBreakdown.total` is the work value.
    """
    cat = catalog()
    rules = cat.rules
    spec = cat.person(person)
    principality = player.principality
    hand, table = _person_split(player, person)
    if bonus:
        counts = _counts(player, person)
        values = tuple((card, _card_value(card, counts)) for card in bonus)
    else:
        values = ()
    return WorkBreakdown(
        person=person,
        # ruling R19: building +4, landscape +3, freedom +3
        building=rules.work_building if principality.has_building(spec.building) else 0,
        landscape=rules.work_landscape if principality.landscape_count(spec.landscape) else 0,
        freedom=rules.work_freedom if spec.freedom in player.freedoms else 0,
        # ruling R19: +2 per jester, +1 per person and recruiting card
        jesters=rules.work_per_jester * player.jesters,
        persons=rules.work_per_person * (hand + table),
        bonus=values,
    )


def max_work_value(player: PlayerState, person: PersonId) -> int:
    """The highest value a work by ``person`` can reach now: every bonus card played.

    Used to decide whether ``person`` can reach the round's minimum (R19).
    Bonus values are never negative, so playing all of them is the best.
    """
    return work_breakdown(player, person, player.hand_bonus).total


@cache
def highest_work_value() -> int:
    """A value no work of any game exceeds: every part at the most the components allow.

    A person's work (R19) counts its building, landscape and freedom, every
    jester, every person and recruiting card and every bonus card, each
    quantity a card counts at the most one principality can hold; a
    Princess work (R28) every landscape tile, builder, building and person;
    either gains at most the last round's number from the Muse (R26).  No
    game reaches it, and no legal move raises a best work of the round
    beyond it, so a state whose best work does cannot be reached.

    >>> 17 <= highest_work_value() < 1000
    True
    """
    cat = catalog()
    rules = cat.rules
    sizes = _size_classes()
    landscapes = {landscape: cat.tile(landscape).supply for landscape in Landscape}
    persons = len(cat.persons) + rules.recruiting_cards
    most = {  # ruling R21: each building at most once in a principality
        Quantity.BUILDINGS: len(Building),
        Quantity.LARGE_BUILDINGS: sum(s is SizeClass.LARGE for s in sizes.values()),
        Quantity.MEDIUM_BUILDINGS: sum(s is SizeClass.MEDIUM for s in sizes.values()),
        Quantity.SMALL_BUILDINGS: sum(s is SizeClass.SMALL for s in sizes.values()),
        Quantity.SIZE_CLASSES: len(SizeClass),
        Quantity.LANDSCAPES: sum(landscapes.values()),
        Quantity.FORESTS: landscapes[Landscape.FOREST],
        Quantity.LAKES: landscapes[Landscape.LAKE],
        Quantity.PARKS: landscapes[Landscape.PARK],
        Quantity.LANDSCAPE_TYPES: len(Landscape),
        Quantity.FREEDOMS: len(Freedom),
        Quantity.JESTERS: rules.jesters,
        Quantity.BUILDERS: rules.max_builders,
        Quantity.PRESTIGE_CARDS: len(cat.prestige_cards),
        Quantity.CATEGORIES: 7,  # forests, lakes, parks, jesters, builders, prestige, freedoms
        Quantity.HAND_PERSONS: persons,
        Quantity.WORKS: persons,
        Quantity.EMPTY_CELLS: rules.usable_cells,
    }
    bonus = sum(max(term.per, 0) * most[term.quantity] for c in cat.bonus_cards for term in c.terms)
    person_work = (
        rules.work_building
        + rules.work_landscape
        + rules.work_freedom
        + rules.work_per_jester * rules.jesters
        + rules.work_per_person * persons
        + bonus
    )
    princess_work = 3 * most[Quantity.LANDSCAPES] + 2 * rules.max_builders + 2 * len(Building)
    princess_work += persons  # ruling R28, as princess_parts counts
    return max(person_work, princess_work) + rules.rounds  # ruling R26: the Muse


def reachable_persons(player: PlayerState, needed: int) -> tuple[PersonId, ...]:
    """The persons in hand, in hand order, whose work can reach ``needed`` (R19).

    Same answer as comparing :func:`max_work_value` for each person, computed
    faster: with the working person taken from the hand, every person in hand
    leaves the same counts behind, so the bonus cards are valued once.
    """
    hand = player.hand_persons
    if not hand:
        return ()
    cat = catalog()
    rules = cat.rules
    built = _tally(player.principality)[0]
    common = rules.work_per_jester * player.jesters + rules.work_per_person * player.person_count
    values = []
    needs = _person_needs()
    freedoms = player.freedoms
    for person in hand:
        building, landscape, freedom = needs[person]
        value = common
        if building in built:
            value += rules.work_building
        if landscape in built:
            value += rules.work_landscape
        if freedom in freedoms:
            value += rules.work_freedom
        values.append(value)
    if min(values) < needed and player.hand_bonus:
        # Only now are the bonus cards worth valuing (never negative).
        counts = _counts(player, hand[0])
        for card in player.hand_bonus:
            needed -= _card_value(card, counts)
    if min(values) >= needed:
        return hand
    return tuple([person for person, value in zip(hand, values, strict=True) if value >= needed])


def minimum_work(round: int) -> int:
    """The minimum work value of ``round`` (components.md, ruling R19).

    Args:
        round: the round, 1 to 7.

    Returns:
        The lowest value a work may have in that round.

    Raises:
        PrincesOfFlorenceError: ``round`` is not a round of the game.

    >>> minimum_work(1), minimum_work(3), minimum_work(7)
    (7, 12, 17)
    """
    table = catalog().rules.minimum_work
    if not 1 <= round <= len(table):
        raise PrincesOfFlorenceError(f"round {round} is not a round of the game (1 to 7)")
    return table[round - 1]  # ruling R19: the work must reach this value


share_copies(WorkBreakdown)
