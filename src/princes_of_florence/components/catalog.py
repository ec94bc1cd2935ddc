"""The component catalog: every printed value of the game, loaded from data.

The tiles, person cards, bonus and prestige cards, character cards and the
numeric constants of the rules live in ``catalog.toml`` next to this module,
not in code.  :func:`load_catalog` reads such a file, checks it thoroughly and
returns an immutable :class:`Catalog`; :func:`default_catalog` does this once
for the shipped reference edition.  Each entry carries a :class:`Provenance`:
values the rulebooks state are *sourced*, values chosen only to fit the rules
are *reconstructed* (see ``docs/components.rst``).

Every problem found while loading raises :class:`~princes_of_florence.errors.CatalogError`
with a message that names the entry, such as ``persons[3] (botanist)``, and
what is wrong with it.  The shape of the file (its keys, types, ranges and
choices) is declared below as attrs classes and read by the generic loader
:mod:`princes_of_florence.datafile`; this module adds the game's rules of
consistency between the values.

>>> from princes_of_florence.ids import PersonId
>>> default_catalog().person(PersonId.POET).building
<Building.THEATER: 'theater'>
>>> default_catalog().rules.minimum_work
(7, 10, 12, 14, 15, 16, 17)
"""

import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import Any, NoReturn

import attrs

from princes_of_florence import datafile
from princes_of_florence.datafile import at_least, between, non_empty
from princes_of_florence.errors import CatalogError, GeometryError
from princes_of_florence.geometry import (
    CELL_NAMES,
    GRID_SIZE,
    PALAZZO_MASK,
    Border,
    is_connected,
    mask_cells,
    parse_cell,
)
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    Quantity,
    SizeClass,
    TileId,
)

__all__ = [
    "BonusCardSpec",
    "BonusTerm",
    "BorderSpec",
    "Catalog",
    "CharacterSpec",
    "PersonSpec",
    "PrestigeCardSpec",
    "PrestigeKind",
    "PrestigeRequirement",
    "Provenance",
    "RulesConstants",
    "SharedMapLayout",
    "SharedMapSpec",
    "TileKind",
    "TileSpec",
    "default_catalog",
    "load_catalog",
    "parse_catalog",
]


class Provenance(StrEnum):
    """How well an entry of the catalog is known."""

    SOURCED = "S"
    """Stated by the rulebooks or by two or more independent public sources."""
    RECONSTRUCTED = "R"
    """Chosen to fit every rule, but not checked against the printed component."""


class TileKind(StrEnum):
    """Whether a tile is a building or a landscape."""

    BUILDING = "building"
    LANDSCAPE = "landscape"


class PrestigeKind(StrEnum):
    """How a prestige card is scored at the end of the game."""

    MOST = "most"
    """Full points for the sole highest count, tie points for a shared one."""
    FEWEST = "fewest"
    """Full points for the sole lowest count, tie points for a shared one."""
    THRESHOLD = "threshold"
    """Points if every requirement is met, whatever the other players have."""


Cell = tuple[int, int]
"""A cell of a shape as ``(x, y)``: ``x`` grows rightward, ``y`` upward."""


@attrs.frozen
class TileSpec:
    """A building or landscape tile as printed.

    Attributes:
        id: the building or landscape this tile is.
        name_de: the German name printed on the tile.
        kind: building or landscape.
        size: the size class of a building; ``None`` for a landscape.
        supply: how many copies of the tile the game holds.
        cells: the covered cells in the drawn orientation, as ``(x, y)`` with
            ``y`` growing upward, shifted so that the smallest ``x`` and ``y``
            are 0, sorted.
        provenance: whether the whole entry is sourced.
        provenance_note: which parts are sourced and which reconstructed.
    """

    id: TileId
    name_de: str
    kind: TileKind
    size: SizeClass | None
    supply: int
    cells: tuple[Cell, ...]
    provenance: Provenance
    provenance_note: str

    @property
    def is_building(self) -> bool:
        """Whether the tile is a building (and so has a size class)."""
        return self.kind is TileKind.BUILDING


@attrs.frozen
class PersonSpec:
    """A person card: the building, landscape and freedom its works profit from.

    Attributes:
        number: the card number, 1 to 21.
        id: the person.
        name_de: the German name where one is known, else an empty string.
        building: the building that adds to this person's works.
        landscape: the landscape that adds to this person's works.
        freedom: the freedom that adds to this person's works.
        provenance: whether the whole card is sourced.
        provenance_note: which parts are sourced and which reconstructed.
    """

    number: int
    id: PersonId
    name_de: str
    building: Building
    landscape: Landscape
    freedom: Freedom
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class BonusTerm:
    """One term of a bonus card: ``per`` points for each unit of ``quantity``.

    Attributes:
        quantity: what is counted for the working player.
        per: the points added per unit counted.
    """

    quantity: Quantity
    per: int


@attrs.frozen
class BonusCardSpec:
    """A bonus card, which adds the sum of its terms to one work.

    Attributes:
        id: the card.
        text: what the card does, in one line of English.
        terms: the terms summed when the card is played.
        example: the value the rulebook's worked example gives for this card.
        provenance: whether the card is sourced.
        provenance_note: the provenance mark of the entry.
    """

    id: BonusCardId
    text: str
    terms: tuple[BonusTerm, ...]
    example: int
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class PrestigeRequirement:
    """One condition of a threshold prestige card.

    Attributes:
        quantity: what is counted for the owner.
        at_least: the smallest count that meets the condition.
    """

    quantity: Quantity
    at_least: int


@attrs.frozen
class PrestigeCardSpec:
    """A prestige card, scored once at the end of the game.

    Attributes:
        id: the card.
        text: the condition, in one line of English.
        kind: most, fewest or threshold.
        quantity: what is compared between players (most and fewest cards);
            ``None`` for a threshold card.
        points: the points for meeting the condition alone.
        tie_points: the points for sharing the most or fewest; 0 for a
            threshold card.
        requires: every condition of a threshold card; empty otherwise.
        provenance: whether the card is sourced.
        provenance_note: the provenance mark of the entry.
    """

    id: PrestigeCardId
    text: str
    kind: PrestigeKind
    quantity: Quantity | None
    points: int
    tie_points: int
    requires: tuple[PrestigeRequirement, ...]
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class CharacterSpec:
    """A character card of the Muse & Princess expansion.

    Attributes:
        id: a short name such as ``"muse"``.
        name_de: the German name printed on the card.
        min_bid: the lowest bid field, in florins.
        max_bid: the highest bid field, in florins.
        step: the distance between two bid fields, in florins.
        text: what the card does, in one line of English.
        provenance: whether the card is sourced.
        provenance_note: the provenance mark of the entry.
    """

    id: str
    name_de: str
    min_bid: int
    max_bid: int
    step: int
    text: str
    provenance: Provenance
    provenance_note: str

    @property
    def bids(self) -> tuple[int, ...]:
        """Every bid field of the card, lowest first.

        >>> default_catalog().character("banker").bids
        (0, 100, 200, 300, 400, 500)
        """
        return tuple(range(self.min_bid, self.max_bid + 1, self.step))


@attrs.frozen
class RulesConstants:
    """The numbers of the rules, read from the ``[rules]`` table.

    Money is in florins, prestige in points.

    Attributes:
        grid_size: width and height of a principality.
        palazzo: the cells of the palazzo, by name (``"a1"`` ...).
        palazzo_provenance: whether the palazzo's position is sourced.
        palazzo_provenance_note: which parts of it are sourced.
        usable_cells: the cells a tile may cover.
        starting_money: money of each player at the start (3 to 5 players).
        starting_money_two_players: the same with 2 players.
        base_price: opening bid of an auction (3 to 5 players).
        base_price_two_players: the same with 2 players.
        raise_step: the amount of every raise in an auction.
        build_cost: the cost of a building, indexed by builders held.
        person_cost: the cost of taking a person card.
        freedom_cost: the cost of introducing a freedom.
        bonus_cost: the cost of buying a bonus card.
        building_prestige: prestige for every building built.
        landscape_repeat_prestige: prestige for a second or later landscape
            of the same type.
        builder_prestige: prestige for the 1st, 2nd and 3rd builder taken.
        max_builders: the most builders one player may hold.
        best_work_prestige: prestige for the best work of a round.
        florins_per_converted_prestige: florins per prestige point when
            converting a work or money (the banker) into prestige.
        florins_per_sold_prestige: florins received per prestige point sold.
        draw_size: cards shown when drawing to choose one.
        setup_persons_dealt: person cards dealt to each player at setup.
        setup_persons_returned: of those, how many each player returns.
        rounds: rounds in a game.
        minimum_work: the minimum work value of each round, round 1 first.
        work_building: work value for the person's building.
        work_landscape: work value for the person's landscape.
        work_freedom: work value for the person's freedom.
        work_per_jester: work value for each jester.
        work_per_person: work value for each person and recruiting card.
        jesters: jesters in the supply.
        builders: builders in the supply.
        freedoms_each: tiles of each freedom in the box.
        recruiting_cards: recruiting cards in the game.
        banker_start_money: money put on the banker card (expansion).
        banker_growth: money added to the banker each round nobody takes it.
    """

    grid_size: int
    palazzo: tuple[str, ...]
    palazzo_provenance: Provenance
    palazzo_provenance_note: str
    usable_cells: int
    starting_money: int
    starting_money_two_players: int
    base_price: int
    base_price_two_players: int
    raise_step: int
    build_cost: tuple[int, ...]
    person_cost: int
    freedom_cost: int
    bonus_cost: int
    building_prestige: int
    landscape_repeat_prestige: int
    builder_prestige: tuple[int, ...]
    max_builders: int
    best_work_prestige: int
    florins_per_converted_prestige: int
    florins_per_sold_prestige: int
    draw_size: int
    setup_persons_dealt: int
    setup_persons_returned: int
    rounds: int
    minimum_work: tuple[int, ...]
    work_building: int
    work_landscape: int
    work_freedom: int
    work_per_jester: int
    work_per_person: int
    jesters: int
    builders: int
    freedoms_each: int
    recruiting_cards: int
    banker_start_money: int
    banker_growth: int


@attrs.frozen
class BorderSpec:
    """One border of the shared map (ruling R29), as the data file gives it.

    The *n*-th cell of ``cells`` in ``player``'s principality shares an edge
    with the *n*-th cell of ``neighbour_cells`` in ``neighbour``'s.

    Attributes:
        player: the player (seat index) on one side.
        cells: that player's cells along the border, as a run such as
            ``"g1..g7"`` (see :func:`~princes_of_florence.geometry.parse_run`).
        neighbour: the player on the other side.
        neighbour_cells: the neighbour's cells along the border, in the
            matching order, such as ``"a1..a7"``.
        border: the border seen from ``player``'s principality, checked.
    """

    player: int
    cells: str
    neighbour: int
    neighbour_cells: str
    border: Border = attrs.field(eq=False, repr=False)


@attrs.frozen
class SharedMapLayout:
    """How the principalities of one player count lie on the shared map.

    Attributes:
        players: the number of players this layout is for.
        borders: every border, in file order; two players share at most one.
    """

    players: int
    borders: tuple[BorderSpec, ...]

    def neighbours(self, player: int) -> tuple[int, ...]:
        """The players across ``player``'s borders, ascending.

        >>> default_catalog().shared_map.layout(4).neighbours(0)
        (1, 3)
        """
        found = {b.neighbour for b in self.borders if b.player == player}
        found.update(b.player for b in self.borders if b.neighbour == player)
        return tuple(sorted(found))

    def border(self, player: int, neighbour: int) -> Border | None:
        """The border between two players, seen from ``player``; ``None`` if they do not meet.

        >>> from princes_of_florence.geometry import cells_notation
        >>> cells_notation(default_catalog().shared_map.layout(3).border(0, 2).near)
        'a1-a2-a3-a4-a5-a6-a7'
        """
        for spec in self.borders:
            if (spec.player, spec.neighbour) == (player, neighbour):
                return spec.border
            if (spec.neighbour, spec.player) == (player, neighbour):
                return spec.border.flipped()
        return None


@attrs.frozen
class SharedMapSpec:
    """The shared map of the Cooperative Building expansion (ruling R29).

    Every principality is the reverse side of its board; the boards lie side
    by side so that neighbours' principalities share a border.

    Attributes:
        palazzo: the cells of the palazzo on the reverse side, by name.
        palazzo_mask: the same cells as a mask.
        layouts: one layout per player count, 2 to 5, in file order.
        provenance: whether the map is sourced.
        provenance_note: which parts are sourced and which reconstructed.
    """

    palazzo: tuple[str, ...]
    palazzo_mask: int
    layouts: tuple[SharedMapLayout, ...]
    provenance: Provenance
    provenance_note: str

    def layout(self, players: int) -> SharedMapLayout:
        """The layout for ``players`` players.

        Raises:
            KeyError: the catalog has no layout for that many players.
        """
        for layout in self.layouts:
            if layout.players == players:
                return layout
        raise KeyError(players)


_Marked = TileSpec | PersonSpec | BonusCardSpec | PrestigeCardSpec | CharacterSpec
"""Any catalog entry that carries a provenance mark."""


def _tile_index(catalog: "Catalog") -> Mapping[TileId, TileSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.tiles})


def _person_index(catalog: "Catalog") -> Mapping[PersonId, PersonSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.persons})


def _bonus_index(catalog: "Catalog") -> Mapping[BonusCardId, BonusCardSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.bonus_cards})


def _prestige_index(catalog: "Catalog") -> Mapping[PrestigeCardId, PrestigeCardSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.prestige_cards})


def _character_index(catalog: "Catalog") -> Mapping[str, CharacterSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.characters})


@attrs.frozen
class Catalog:
    """Every component of one edition of the game, checked and immutable.

    Build one with :func:`load_catalog` (or :func:`default_catalog`), which
    validates the data; the constructor itself checks nothing.  The lookup
    methods are dictionary look-ups built once, when the catalog is made.

    Attributes:
        edition: the edition's name, such as ``"reference"``.
        edition_note: a free-text description of the edition.
        rules: the numeric constants of the rules.
        tiles: every building and landscape tile, in file order.
        persons: the person cards, in card-number order.
        bonus_cards: the bonus cards, in file order (the unshuffled deck).
        prestige_cards: the prestige cards, in file order (the unshuffled deck).
        characters: the character cards of the Muse & Princess expansion.
        shared_map: the shared map of the Cooperative Building expansion.
        bonus_example: the counts of the rulebook's example player, used to
            check every bonus card's ``example``, as ``(quantity, count)``.

    >>> from princes_of_florence.ids import Building
    >>> default_catalog().tile(Building.TOWER).cells
    ((0, 0), (1, 0), (2, 0))
    """

    edition: str
    edition_note: str
    rules: RulesConstants
    tiles: tuple[TileSpec, ...]
    persons: tuple[PersonSpec, ...]
    bonus_cards: tuple[BonusCardSpec, ...]
    prestige_cards: tuple[PrestigeCardSpec, ...]
    characters: tuple[CharacterSpec, ...]
    shared_map: SharedMapSpec
    bonus_example: tuple[tuple[Quantity, int], ...]
    _tiles_by_id: Mapping[TileId, TileSpec] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_tile_index, takes_self=True)
    )
    _persons_by_id: Mapping[PersonId, PersonSpec] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_person_index, takes_self=True)
    )
    _bonus_by_id: Mapping[BonusCardId, BonusCardSpec] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_bonus_index, takes_self=True)
    )
    _prestige_by_id: Mapping[PrestigeCardId, PrestigeCardSpec] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_prestige_index, takes_self=True)
    )
    _characters_by_id: Mapping[str, CharacterSpec] = attrs.field(
        init=False, repr=False, eq=False, default=attrs.Factory(_character_index, takes_self=True)
    )

    def tile(self, tile: TileId) -> TileSpec:
        """The tile spec of a building or landscape.

        Args:
            tile: the building or landscape.

        Returns:
            Its spec.

        Raises:
            KeyError: the catalog has no such tile (only possible for a
                catalog built without :func:`load_catalog`).
        """
        return self._tiles_by_id[tile]

    def person(self, person: PersonId) -> PersonSpec:
        """The card of a person.

        Args:
            person: the person.

        Returns:
            Its card.

        Raises:
            KeyError: the catalog has no such person.
        """
        return self._persons_by_id[person]

    def bonus_card(self, card: BonusCardId) -> BonusCardSpec:
        """The spec of a bonus card.

        Args:
            card: the bonus card.

        Returns:
            Its spec.

        Raises:
            KeyError: the catalog has no such card.
        """
        return self._bonus_by_id[card]

    def prestige_card(self, card: PrestigeCardId) -> PrestigeCardSpec:
        """The spec of a prestige card.

        Args:
            card: the prestige card.

        Returns:
            Its spec.

        Raises:
            KeyError: the catalog has no such card.
        """
        return self._prestige_by_id[card]

    def character(self, character: str) -> CharacterSpec:
        """The spec of a character card of the Muse & Princess expansion.

        Args:
            character: its id, such as ``"banker"``.

        Returns:
            Its spec.

        Raises:
            KeyError: the catalog has no such character.
        """
        return self._characters_by_id[character]

    def reconstructed(self) -> tuple[tuple[str, str, str], ...]:
        """Every entry with a reconstructed part, in file order.

        Returns:
            One ``(kind, id, provenance_note)`` per entry marked ``R``, where
            ``kind`` is ``"rules"``, ``"tile"``, ``"person"``, ``"bonus_card"``,
            ``"prestige_card"``, ``"character"`` or ``"shared_map"``.

        >>> default_catalog().reconstructed()[0]
        ('rules', 'palazzo', '[S] size and corner, [R] orientation')
        """
        found: list[tuple[str, str, str]] = []
        if self.rules.palazzo_provenance is Provenance.RECONSTRUCTED:
            found.append(("rules", "palazzo", self.rules.palazzo_provenance_note))
        groups: tuple[tuple[str, Sequence[_Marked]], ...] = (
            ("tile", self.tiles),
            ("person", self.persons),
            ("bonus_card", self.bonus_cards),
            ("prestige_card", self.prestige_cards),
            ("character", self.characters),
        )
        for kind, specs in groups:
            found.extend(
                (kind, str(spec.id), spec.provenance_note)
                for spec in specs
                if spec.provenance is Provenance.RECONSTRUCTED
            )
        if self.shared_map.provenance is Provenance.RECONSTRUCTED:
            found.append(("shared_map", "shared_map", self.shared_map.provenance_note))
        return tuple(found)


# --------------------------------------------------------------------------
# Loading
# --------------------------------------------------------------------------


def load_catalog(path: str | os.PathLike[str]) -> Catalog:
    """Read, check and return the catalog in a TOML file.

    Use this to check and inspect another edition's data, written in the
    format of the shipped ``catalog.toml``.  The rules do not read the
    catalog it returns: they always play the shipped reference edition, from
    :func:`default_catalog`.

    Args:
        path: the TOML file.

    Returns:
        The checked catalog.

    Raises:
        CatalogError: the file is missing or unreadable, is not valid TOML, or
            its data is incomplete or inconsistent.

    Example:
        >>> from pathlib import Path
        >>> import princes_of_florence.components
        >>> shipped = Path(princes_of_florence.components.__file__).parent / "catalog.toml"
        >>> load_catalog(shipped) == default_catalog()
        True
        >>> load_catalog(shipped.with_name("missing.toml"))
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.CatalogError: ...missing.toml: no such catalog file
    """
    text = datafile.read_text(path, error=CatalogError, what="catalog")
    return parse_catalog(text, source=str(Path(path)))


def parse_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Check and return the catalog given as TOML text.

    The shape of the document (its keys, their types, ranges and choices) is
    checked by :func:`~princes_of_florence.datafile.load_toml`, which names
    every bad value at once; the rules of consistency between values are
    checked after it, and the first one broken is named.

    Args:
        text: the TOML document.
        source: where the text came from, used to start error messages.

    Returns:
        The checked catalog.

    Raises:
        CatalogError: the text is not valid TOML, or its data is incomplete
            or inconsistent.

    >>> parse_catalog("[edition]", source="x.toml")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.CatalogError: x.toml: catalog: missing keys 'rules', ...
    """
    document = datafile.load_toml(
        _Document, text, source=source, error=CatalogError, root="catalog"
    )
    try:
        return _build(document)
    except CatalogError as exc:
        raise CatalogError(f"{source}: {exc}") from None


@cache
def default_catalog() -> Catalog:
    """The shipped reference edition, loaded and checked on first use.

    Returns:
        The same :class:`Catalog` object on every call.

    >>> default_catalog().edition
    'reference'
    """
    data = resources.files("princes_of_florence.components").joinpath("catalog.toml")
    return parse_catalog(data.read_text(encoding="utf-8"), source="catalog.toml")


# --------------------------------------------------------------------------
# The shape of the file: one class per kind of table
# --------------------------------------------------------------------------


@attrs.frozen
class _Edition:
    name: str = attrs.field(validator=non_empty())
    note: str


@attrs.frozen
class _WorkValue:
    building: int = attrs.field(validator=at_least(0))
    landscape: int = attrs.field(validator=at_least(0))
    freedom: int = attrs.field(validator=at_least(0))
    per_jester: int = attrs.field(validator=at_least(0))
    per_person: int = attrs.field(validator=at_least(0))


@attrs.frozen
class _Rules:
    grid_size: int = attrs.field(validator=at_least(1))
    palazzo: tuple[str, ...]
    palazzo_provenance: Provenance
    palazzo_provenance_note: str
    usable_cells: int = attrs.field(validator=at_least(1))
    starting_money: int = attrs.field(validator=at_least(0))
    starting_money_two_players: int = attrs.field(validator=at_least(0))
    base_price: int = attrs.field(validator=at_least(0))
    base_price_two_players: int = attrs.field(validator=at_least(0))
    raise_step: int = attrs.field(validator=at_least(1))
    build_cost: tuple[int, ...] = attrs.field(validator=at_least(0))
    person_cost: int = attrs.field(validator=at_least(0))
    freedom_cost: int = attrs.field(validator=at_least(0))
    bonus_cost: int = attrs.field(validator=at_least(0))
    building_prestige: int = attrs.field(validator=at_least(0))
    landscape_repeat_prestige: int = attrs.field(validator=at_least(0))
    builder_prestige: tuple[int, ...] = attrs.field(validator=at_least(0))
    max_builders: int = attrs.field(validator=at_least(0))
    best_work_prestige: int = attrs.field(validator=at_least(0))
    florins_per_converted_prestige: int = attrs.field(validator=at_least(1))
    florins_per_sold_prestige: int = attrs.field(validator=at_least(1))
    draw_size: int = attrs.field(validator=at_least(1))
    setup_persons_dealt: int = attrs.field(validator=at_least(1))
    setup_persons_returned: int = attrs.field(validator=at_least(0))
    rounds: int = attrs.field(validator=at_least(1))
    minimum_work: tuple[int, ...] = attrs.field(validator=at_least(1))
    jesters: int = attrs.field(validator=at_least(0))
    builders: int = attrs.field(validator=at_least(0))
    freedoms_each: int = attrs.field(validator=at_least(0))
    recruiting_cards: int = attrs.field(validator=at_least(0))
    banker_start_money: int = attrs.field(validator=at_least(0))
    banker_growth: int = attrs.field(validator=at_least(0))
    work_value: _WorkValue


@attrs.frozen
class _Tile:
    id: str
    name_de: str
    kind: TileKind
    supply: int = attrs.field(validator=at_least(1))
    cells: int = attrs.field(validator=at_least(1))
    shape: tuple[str, ...]
    provenance: Provenance
    provenance_note: str
    size: SizeClass | None = None  # a building's only; checked in _tile


@attrs.frozen
class _Person:
    number: int = attrs.field(validator=at_least(1))
    id: PersonId
    name_de: str
    building: Building
    landscape: Landscape
    freedom: Freedom
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class _Term:
    quantity: Quantity
    per: int = attrs.field(validator=at_least(1))


@attrs.frozen
class _BonusCard:
    id: BonusCardId
    text: str
    terms: tuple[_Term, ...] = attrs.field(validator=non_empty())
    example: int = attrs.field(validator=at_least(0))
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class _Requirement:
    quantity: Quantity
    at_least: int = attrs.field(validator=at_least(1))


@attrs.frozen
class _PrestigeCard:
    """A prestige card; which optional keys it needs depends on its kind (_PRESTIGE_KIND_KEYS)."""

    id: PrestigeCardId
    text: str
    kind: PrestigeKind
    points: int = attrs.field(validator=at_least(1))
    provenance: Provenance
    provenance_note: str
    quantity: Quantity | None = None
    tie_points: int | None = attrs.field(default=None, validator=at_least(0))
    requires: tuple[_Requirement, ...] | None = None


@attrs.frozen
class _Character:
    id: str = attrs.field(validator=non_empty())
    name_de: str
    min_bid: int = attrs.field(validator=at_least(0))
    max_bid: int = attrs.field(validator=at_least(0))
    step: int = attrs.field(validator=at_least(1))
    text: str
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class _Border:
    player: int = attrs.field(validator=at_least(0))
    cells: str
    neighbour: int = attrs.field(validator=at_least(0))
    neighbour_cells: str


_MIN_PLAYERS = 2
"""The fewest players a game has (the rulebook: 2 to 5)."""

_MAX_PLAYERS = 5
"""The most players a game has (the rulebook: 2 to 5).

The catalog records no player count, and ``GameConfig``, which enforces the
same limit, sits above the components in the import layers, so the number is
repeated here.
"""


@attrs.frozen
class _Layout:
    players: int = attrs.field(validator=between(_MIN_PLAYERS, _MAX_PLAYERS))
    borders: tuple[_Border, ...]


@attrs.frozen
class _SharedMap:
    palazzo: tuple[str, ...]
    layouts: tuple[_Layout, ...]
    provenance: Provenance
    provenance_note: str


@attrs.frozen
class _Document:
    edition: _Edition
    rules: _Rules
    tiles: tuple[_Tile, ...]
    persons: tuple[_Person, ...]
    bonus_example: dict[Quantity, int]
    bonus_cards: tuple[_BonusCard, ...]
    prestige_cards: tuple[_PrestigeCard, ...]
    characters: tuple[_Character, ...]
    shared_map: _SharedMap


# --------------------------------------------------------------------------
# The rules of consistency
# --------------------------------------------------------------------------

_PERSON_LANDSCAPES: Mapping[Landscape, int] = {
    Landscape.FOREST: 9,
    Landscape.LAKE: 7,
    Landscape.PARK: 5,
}
"""Persons preferring each landscape; sourced, so every edition must match."""

_CHARACTER_COUNT = 6
"""Character cards in the Muse & Princess expansion."""

_MONEY_UNIT = 100
"""Every amount of money is a multiple of this many florins (ruling R2)."""

_ENGINE_PALAZZO = " ".join(CELL_NAMES[cell] for cell in mask_cells(PALAZZO_MASK))
"""The palazzo the geometry implements, as cell names in grid order."""

_PERSONS_RETURNED = 1
"""Starting persons each player returns in the draft the rules implement (R8)."""

_RULE_MONEY = (
    "starting_money",
    "starting_money_two_players",
    "base_price",
    "base_price_two_players",
    "raise_step",
    "person_cost",
    "freedom_cost",
    "bonus_cost",
    "florins_per_converted_prestige",
    "florins_per_sold_prestige",
    "banker_start_money",
    "banker_growth",
)
"""The integers of ``[rules]`` that are amounts of florins (with ``build_cost``)."""

_PRESTIGE_KIND_KEYS: Mapping[PrestigeKind, frozenset[str]] = {
    PrestigeKind.MOST: frozenset(("quantity", "tie_points")),
    PrestigeKind.FEWEST: frozenset(("quantity", "tie_points")),
    PrestigeKind.THRESHOLD: frozenset(("requires",)),
}
"""The optional keys of a prestige card that its kind needs (and allows)."""


def _fail(where: str, problem: str) -> NoReturn:
    raise CatalogError(f"{where}: {problem}")


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _check_count(section: str, entries: Sequence[Any], expected: Sequence[str]) -> None:
    """Fail unless ``entries`` has one entry per id in ``expected``."""
    if len(entries) == len(expected):
        return
    present = {entry.id for entry in entries}
    missing = [ident for ident in expected if ident not in present]
    detail = f"; missing {', '.join(missing)}" if missing else ""
    _fail(section, f"expected {len(expected)} entries, got {len(entries)}{detail}")


def _check_unique(section: str, specs: Sequence[Any]) -> None:
    """Fail at the first entry whose id an earlier entry already has."""
    seen: dict[object, str] = {}
    for index, spec in enumerate(specs):
        where = datafile.entry_name(section, index, spec)
        if spec.id in seen:
            _fail(where, f"duplicate id {str(spec.id)!r}, already used by {seen[spec.id]}")
        seen[spec.id] = where


def _check_money(where: str, name: str, amount: int) -> None:
    """Fail unless ``amount``, the value called ``name``, is a whole number of 100 florins."""
    if amount % _MONEY_UNIT:  # ruling R2
        _fail(
            where, f"{name} must be a multiple of {_MONEY_UNIT} florins (ruling R2), got {amount}"
        )


def _build(document: _Document) -> Catalog:
    example = _bonus_example(document.bonus_example)
    rules = _rules(document.rules)
    tiles = _tiles(document.tiles)
    persons = _persons(document.persons)
    _check_deal(rules, len(persons))
    return Catalog(
        edition=document.edition.name,
        edition_note=document.edition.note,
        rules=rules,
        tiles=tiles,
        persons=persons,
        bonus_cards=_bonus_cards(document.bonus_cards, dict(example)),
        prestige_cards=_prestige_cards(document.prestige_cards),
        characters=_characters(document.characters),
        shared_map=_shared_map(document.shared_map, len(rules.palazzo)),
        bonus_example=example,
    )


def _check_deal(rules: RulesConstants, deck: int) -> None:
    """Fail unless the person deck can deal the starting hands of the largest game."""
    dealt = rules.setup_persons_dealt
    needed = dealt * _MAX_PLAYERS
    if needed > deck:
        _fail(
            "rules",
            f"setup_persons_dealt is {dealt}, but dealing {dealt} to each of {_MAX_PLAYERS} "
            f"players takes {needed} person cards and the deck has {deck}",
        )


def _palazzo_mask(where: str, palazzo: Sequence[str]) -> int:
    """The cells named, as a mask; fail at a name that is no cell or a cell named twice."""
    mask = 0
    for cell in palazzo:
        try:
            bit = 1 << parse_cell(cell)
        except GeometryError:
            _fail(where, f"palazzo names {cell!r}, which is not a cell (a1 to g7)")
        if mask & bit:
            _fail(where, f"palazzo names {cell!r} more than once")
        mask |= bit
    return mask


def _rules(rules: _Rules) -> RulesConstants:
    for key in _RULE_MONEY:
        _check_money("rules", key, getattr(rules, key))
    grid = rules.grid_size
    if grid != GRID_SIZE:
        _fail("rules", f"grid_size must be {GRID_SIZE}, the grid the engine implements; got {grid}")
    palazzo = rules.palazzo
    if _palazzo_mask("rules", palazzo) != PALAZZO_MASK:
        # The geometry precomputes every placement around this palazzo.
        _fail(
            "rules",
            f"palazzo is {' '.join(palazzo) or 'empty'}, but the engine supports only the "
            f"palazzo {_ENGINE_PALAZZO}",
        )
    usable = grid * grid - len(palazzo)
    if rules.usable_cells != usable:
        _fail(
            "rules",
            f"usable_cells is {rules.usable_cells}, but a {grid}x{grid} grid without the "
            f"{len(palazzo)} palazzo cells has {usable}",
        )

    max_builders = rules.max_builders
    if len(rules.build_cost) != max_builders + 1:
        _fail(
            "rules",
            f"build_cost must have {max_builders + 1} entries (for 0 to {max_builders} "
            f"builders held), got {len(rules.build_cost)}",
        )
    for held, cost in enumerate(rules.build_cost):
        _check_money("rules", f"build_cost[{held}]", cost)
    if len(rules.builder_prestige) != max_builders:
        _fail(
            "rules",
            f"builder_prestige must have {max_builders} entries (one per builder), "
            f"got {len(rules.builder_prestige)}",
        )

    minimum_work = rules.minimum_work
    if len(minimum_work) != rules.rounds:
        _fail(
            "rules",
            f"minimum_work must have {rules.rounds} entries (one per round), "
            f"got {len(minimum_work)}",
        )
    for earlier, later in pairwise(minimum_work):
        if later < earlier:
            _fail("rules", f"minimum_work must not decrease, but {later} follows {earlier}")

    if rules.setup_persons_returned >= rules.setup_persons_dealt:
        _fail("rules", "setup_persons_returned must be less than setup_persons_dealt")
    if rules.setup_persons_returned != _PERSONS_RETURNED:
        _fail(
            "rules",
            f"setup_persons_returned must be {_PERSONS_RETURNED}, the number the engine's "
            f"draft implements (ruling R8); got {rules.setup_persons_returned}",
        )
    # Ruling R9: setup puts players - 1 tiles of each freedom in the supply.
    needed = _MAX_PLAYERS - 1
    if rules.freedoms_each < needed:
        _fail(
            "rules",
            f"freedoms_each is {rules.freedoms_each}, but setup puts {needed} tiles of each "
            f"freedom in the supply with {_MAX_PLAYERS} players (ruling R9)",
        )

    fields = attrs.asdict(rules, recurse=False, filter=lambda a, _: a.name != "work_value")
    work = rules.work_value
    return RulesConstants(
        **fields,
        work_building=work.building,
        work_landscape=work.landscape,
        work_freedom=work.freedom,
        work_per_jester=work.per_jester,
        work_per_person=work.per_person,
    )


# Tiles --------------------------------------------------------------------


def _tiles(entries: Sequence[_Tile]) -> tuple[TileSpec, ...]:
    _check_count("tiles", entries, [*Building, *Landscape])
    specs = tuple(
        _tile(datafile.entry_name("tiles", index, entry), entry)
        for index, entry in enumerate(entries)
    )
    _check_unique("tiles", specs)
    return specs


def _tile(where: str, tile: _Tile) -> TileSpec:
    ids: type[Building] | type[Landscape] = (
        Building if tile.kind is TileKind.BUILDING else Landscape
    )
    try:
        ident: TileId = ids(tile.id)
    except ValueError:
        choices = ", ".join(member.value for member in ids)
        _fail(where, f"unknown {tile.kind.value} id {tile.id!r} (expected one of: {choices})")
    if tile.kind is TileKind.BUILDING and tile.size is None:
        _fail(where, "missing key 'size': a building needs a size class (large, medium, small)")
    if tile.kind is TileKind.LANDSCAPE and tile.size is not None:
        _fail(where, "a landscape has no size class; remove the key 'size'")
    return TileSpec(
        id=ident,
        name_de=tile.name_de,
        kind=tile.kind,
        size=tile.size,
        supply=tile.supply,
        cells=_shape_cells(where, tile.shape, tile.cells),
        provenance=tile.provenance,
        provenance_note=tile.provenance_note,
    )


def _shape_cells(where: str, rows: Sequence[str], count: int) -> tuple[Cell, ...]:
    """The cells drawn by the ``shape`` rows, top row first, normalised and sorted."""
    if not rows:
        _fail(where, "shape has no rows")
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            _fail(
                where,
                f"shape rows must have equal length: row {number} {row!r} has {len(row)} "
                f"characters, row 0 has {width}",
            )
        strange = sorted(set(row) - {"#", "."})
        if strange:
            _fail(
                where,
                f"shape row {number} {row!r} may hold only '#' and '.', not {_quoted(strange)}",
            )
    top = len(rows) - 1
    cells = [
        (x, top - y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "#"
    ]
    if len(cells) != count:
        _fail(where, f"shape covers {len(cells)} cells, but cells is {count}")
    if not is_connected(cells):
        _fail(where, "shape is not connected: its cells must form one edge-connected piece")
    left = min(x for x, _ in cells)
    bottom = min(y for _, y in cells)
    return tuple(sorted((x - left, y - bottom) for x, y in cells))


# Persons ------------------------------------------------------------------


def _persons(entries: Sequence[_Person]) -> tuple[PersonSpec, ...]:
    _check_count("persons", entries, list(PersonId))
    for index, person in enumerate(entries):
        if person.number != index + 1:
            _fail(
                datafile.entry_name("persons", index, person),
                f"number is {person.number}, but entry {index} must be card {index + 1} "
                "(cards are listed in number order)",
            )
    specs = tuple(PersonSpec(**attrs.asdict(person, recurse=False)) for person in entries)
    _check_unique("persons", specs)

    split = Counter(spec.landscape for spec in specs)
    if split != Counter(_PERSON_LANDSCAPES):
        found = ", ".join(f"{land.value} {split[land]}" for land in Landscape)
        wanted = ", ".join(f"{land.value} {n}" for land, n in _PERSON_LANDSCAPES.items())
        _fail("persons", f"landscape split is {found}; the rulebook gives {wanted}")
    named = {spec.building for spec in specs}
    unnamed = [building.value for building in Building if building not in named]
    if unnamed:
        _fail("persons", f"no person card names the building {', '.join(unnamed)}")
    return specs


# Bonus cards --------------------------------------------------------------


def _bonus_example(example: Mapping[Quantity, int]) -> tuple[tuple[Quantity, int], ...]:
    for quantity, count in example.items():
        if count < 0:
            _fail("bonus_example", f"{quantity.value} must be at least 0, got {count}")
    return tuple(example.items())


def _bonus_cards(
    entries: Sequence[_BonusCard], example: Mapping[Quantity, int]
) -> tuple[BonusCardSpec, ...]:
    _check_count("bonus_cards", entries, list(BonusCardId))
    specs = tuple(
        _bonus_card(datafile.entry_name("bonus_cards", index, entry), entry, example)
        for index, entry in enumerate(entries)
    )
    _check_unique("bonus_cards", specs)
    return specs


def _bonus_card(where: str, card: _BonusCard, example: Mapping[Quantity, int]) -> BonusCardSpec:
    value = 0
    for term in card.terms:
        if term.quantity not in example:
            _fail(where, f"bonus_example has no count for {term.quantity.value!r}, used in terms")
        value += term.per * example[term.quantity]
    if value != card.example:
        _fail(
            where,
            f"terms give {value} for the rulebook's example player (bonus_example), "
            f"but example is {card.example}",
        )
    return BonusCardSpec(
        id=card.id,
        text=card.text,
        terms=tuple(BonusTerm(term.quantity, term.per) for term in card.terms),
        example=card.example,
        provenance=card.provenance,
        provenance_note=card.provenance_note,
    )


# Prestige cards -----------------------------------------------------------


def _prestige_cards(entries: Sequence[_PrestigeCard]) -> tuple[PrestigeCardSpec, ...]:
    _check_count("prestige_cards", entries, list(PrestigeCardId))
    specs = tuple(
        _prestige_card(datafile.entry_name("prestige_cards", index, entry), entry)
        for index, entry in enumerate(entries)
    )
    _check_unique("prestige_cards", specs)
    return specs


def _prestige_card(where: str, card: _PrestigeCard) -> PrestigeCardSpec:
    wanted = _PRESTIGE_KIND_KEYS[card.kind]
    optional = {key for keys in _PRESTIGE_KIND_KEYS.values() for key in keys}
    present = {key for key in optional if getattr(card, key) is not None}
    missing = sorted(wanted - present)
    if missing:
        _fail(where, f"missing key{'s' if len(missing) > 1 else ''} {_quoted(missing)}")
    extra = sorted(present - wanted)
    if extra:
        _fail(where, f"unknown key{'s' if len(extra) > 1 else ''} {_quoted(extra)}")
    if card.tie_points is not None and card.tie_points > card.points:
        _fail(where, f"tie_points ({card.tie_points}) must not exceed points ({card.points})")
    if card.requires == ():
        _fail(where, "requires must not be empty")
    return PrestigeCardSpec(
        id=card.id,
        text=card.text,
        kind=card.kind,
        quantity=card.quantity,
        points=card.points,
        tie_points=card.tie_points or 0,
        requires=tuple(
            PrestigeRequirement(item.quantity, item.at_least) for item in card.requires or ()
        ),
        provenance=card.provenance,
        provenance_note=card.provenance_note,
    )


# Characters ---------------------------------------------------------------


def _characters(entries: Sequence[_Character]) -> tuple[CharacterSpec, ...]:
    if len(entries) != _CHARACTER_COUNT:
        _fail("characters", f"expected {_CHARACTER_COUNT} entries, got {len(entries)}")
    for index, card in enumerate(entries):
        where = datafile.entry_name("characters", index, card)
        low, high, step = card.min_bid, card.max_bid, card.step
        if high < low:
            _fail(where, f"max_bid ({high}) is below min_bid ({low})")
        if (high - low) % step:
            _fail(where, f"max_bid - min_bid ({high - low}) is not a multiple of step ({step})")
        for key, amount in (("min_bid", low), ("max_bid", high), ("step", step)):
            _check_money(where, key, amount)
    specs = tuple(CharacterSpec(**attrs.asdict(card, recurse=False)) for card in entries)
    _check_unique("characters", specs)
    return specs


# The shared map ----------------------------------------------------------


def _shared_map(shared: _SharedMap, palazzo_size: int) -> SharedMapSpec:
    """The ``[shared_map]`` section: the reverse-side palazzo and a layout per player count."""
    mask = _palazzo_mask("shared_map", shared.palazzo)
    if len(shared.palazzo) != palazzo_size:
        _fail(
            "shared_map",
            f"palazzo has {len(shared.palazzo)} cells, but the palazzo on the front of the "
            f"boards has {palazzo_size}: both sides must leave the same number of cells to "
            "build on",
        )
    if not is_connected((cell % GRID_SIZE, cell // GRID_SIZE) for cell in mask_cells(mask)):
        _fail(
            "shared_map", "palazzo is not connected: its cells must form one edge-connected piece"
        )
    layouts: list[SharedMapLayout] = []
    seen: dict[int, str] = {}
    for index, entry in enumerate(shared.layouts):
        where = datafile.entry_name("shared_map.layouts", index, entry)
        layouts.append(_layout(where, entry))
        if entry.players in seen:
            _fail(where, f"a second layout for {entry.players} players (see {seen[entry.players]})")
        seen[entry.players] = where
    missing = [n for n in range(_MIN_PLAYERS, _MAX_PLAYERS + 1) if n not in seen]
    if missing:
        _fail("shared_map", f"layouts has no layout for {', '.join(map(str, missing))} players")
    return SharedMapSpec(
        palazzo=shared.palazzo,
        palazzo_mask=mask,
        layouts=tuple(layouts),
        provenance=shared.provenance,
        provenance_note=shared.provenance_note,
    )


def _layout(where: str, layout: _Layout) -> SharedMapLayout:
    """One layout: its borders checked one by one, then the neighbours of every player."""
    borders: list[BorderSpec] = []
    met: dict[frozenset[int], str] = {}
    edges: dict[tuple[int, int, tuple[int, int]], str] = {}
    for index, entry in enumerate(layout.borders):
        entry_where = datafile.entry_name(f"{where}.borders", index, entry)
        spec = _border(entry_where, entry, layout.players)
        borders.append(spec)
        pair = frozenset((spec.player, spec.neighbour))
        if pair in met:
            _fail(
                entry_where,
                f"players {spec.player} and {spec.neighbour} already share a border ({met[pair]})",
            )
        met[pair] = entry_where
        sides = (
            (spec.player, spec.border.near, spec.border.near_normal),
            (spec.neighbour, spec.border.far, spec.border.far_normal),
        )
        for player, cells, normal in sides:
            for cell in mask_cells(cells):
                if (player, cell, normal) in edges:
                    _fail(
                        entry_where,
                        f"the edge of player {player}'s cell {CELL_NAMES[cell]} already "
                        f"borders another principality ({edges[player, cell, normal]})",
                    )
                edges[player, cell, normal] = entry_where
    result = SharedMapLayout(players=layout.players, borders=tuple(borders))
    _check_neighbours(where, result)
    return result


def _check_neighbours(where: str, layout: SharedMapLayout) -> None:
    """Fail unless every player has the neighbours the rulebook gives them.

    The rulebook: apart from the 2-player game every player has two
    neighbours; with 2 players the two share one border.  As two players
    share at most one border, two neighbours each make rings of 3 or more
    players, and with at most 5 players that is a single ring: the map is in
    one piece.
    """
    wanted = 1 if layout.players == _MIN_PLAYERS else 2
    for player in range(layout.players):
        count = len(layout.neighbours(player))
        if count != wanted:
            _fail(
                where,
                f"player {player} has {count} neighbour{'s' if count != 1 else ''}, but with "
                f"{layout.players} players every player has {wanted} (ruling R29)",
            )


def _border(where: str, entry: _Border, players: int) -> BorderSpec:
    """One border: two players of the layout and two matching runs of edge cells."""
    for key, value in (("player", entry.player), ("neighbour", entry.neighbour)):
        if value >= players:
            _fail(where, f"{key} must be a player from 0 to {players - 1}, got {value}")
    if entry.player == entry.neighbour:
        _fail(where, f"player {entry.player} cannot border their own principality")
    try:
        border = Border.between(entry.cells, entry.neighbour_cells)
    except GeometryError as exc:
        _fail(where, str(exc))
    return BorderSpec(
        player=entry.player,
        cells=entry.cells,
        neighbour=entry.neighbour,
        neighbour_cells=entry.neighbour_cells,
        border=border,
    )
