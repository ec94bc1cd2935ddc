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
what is wrong with it.

>>> from princes_of_florence.ids import PersonId
>>> default_catalog().person(PersonId.POET).building
<Building.THEATER: 'theater'>
>>> default_catalog().rules.minimum_work
(7, 10, 12, 14, 15, 16, 17)
"""

from __future__ import annotations

import os
import tomllib
from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from enum import StrEnum
from functools import cache
from importlib import resources
from itertools import pairwise
from pathlib import Path
from types import MappingProxyType
from typing import NoReturn, TypeVar

import attrs

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


def _tile_index(catalog: Catalog) -> Mapping[TileId, TileSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.tiles})


def _person_index(catalog: Catalog) -> Mapping[PersonId, PersonSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.persons})


def _bonus_index(catalog: Catalog) -> Mapping[BonusCardId, BonusCardSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.bonus_cards})


def _prestige_index(catalog: Catalog) -> Mapping[PrestigeCardId, PrestigeCardSpec]:
    return MappingProxyType({spec.id: spec for spec in catalog.prestige_cards})


def _character_index(catalog: Catalog) -> Mapping[str, CharacterSpec]:
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
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CatalogError(f"{file}: no such catalog file") from None
    except UnicodeDecodeError as exc:
        raise CatalogError(f"{file}: not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise CatalogError(f"{file}: cannot read the catalog file ({exc.strerror})") from None
    return parse_catalog(text, source=str(file))


def parse_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Check and return the catalog given as TOML text.

    Args:
        text: the TOML document.
        source: where the text came from, used to start error messages.

    Returns:
        The checked catalog.

    Raises:
        CatalogError: the text is not valid TOML, or its data is incomplete
            or inconsistent.
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML: {exc}") from None
    try:
        return _build(_Table(document, ""))
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
# Validation helpers
# --------------------------------------------------------------------------

_E = TypeVar("_E", bound=StrEnum)

_TYPE_NAMES: Mapping[type, str] = {
    bool: "a boolean",
    int: "an integer",
    float: "a float",
    str: "a string",
    list: "an array",
    dict: "a table",
}


def _describe(value: object) -> str:
    """The TOML type of ``value`` and a short repr, for error messages."""
    name = _TYPE_NAMES.get(type(value), type(value).__name__)
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{name} ({shown})"


def _quoted(names: Iterable[str]) -> str:
    return ", ".join(repr(name) for name in names)


def _entry_name(section: str, index: int, item: object) -> str:
    """``section[index]``, followed by the entry's id when it has a textual one."""
    name = f"{section}[{index}]"
    if isinstance(item, dict):
        ident = item.get("id")
        if isinstance(ident, str):
            name += f" ({ident})"
    return name


class _Table:
    """A TOML table being read, with its name for error messages."""

    __slots__ = ("_data", "where")

    def __init__(self, data: object, where: str) -> None:
        if not isinstance(data, dict):
            raise CatalogError(f"{where}: must be a table, got {_describe(data)}")
        self._data: dict[str, object] = data
        self.where = where

    def fail(self, problem: str) -> NoReturn:
        raise CatalogError(f"{self.where or 'catalog'}: {problem}")

    def child(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def names(self) -> tuple[str, ...]:
        return tuple(self._data)

    def has(self, key: str) -> bool:
        return key in self._data

    def expect_keys(self, required: Collection[str], optional: Collection[str] = ()) -> None:
        present = set(self._data)
        missing = sorted(set(required) - present)
        if missing:
            self.fail(f"missing key{'s' if len(missing) > 1 else ''} {_quoted(missing)}")
        extra = sorted(present - set(required) - set(optional))
        if extra:
            self.fail(f"unknown key{'s' if len(extra) > 1 else ''} {_quoted(extra)}")

    def _get(self, key: str) -> object:
        if key not in self._data:
            self.fail(f"missing key {key!r}")
        return self._data[key]

    def _wrong(self, key: str, expected: str, value: object) -> NoReturn:
        self.fail(f"{key} must be {expected}, got {_describe(value)}")

    def str_(self, key: str) -> str:
        value = self._get(key)
        if not isinstance(value, str):
            self._wrong(key, "a string", value)
        return value

    def int_(self, key: str, minimum: int = 0) -> int:
        value = self._get(key)
        if isinstance(value, bool) or not isinstance(value, int):
            self._wrong(key, "an integer", value)
        if value < minimum:
            self.fail(f"{key} must be at least {minimum}, got {value}")
        return value

    def ints(self, key: str, minimum: int = 0) -> tuple[int, ...]:
        value = self._get(key)
        if not isinstance(value, list):
            self._wrong(key, "an array of integers", value)
        items: list[int] = []
        for item in value:
            if isinstance(item, bool) or not isinstance(item, int):
                self._wrong(key, "an array of integers", value)
            if item < minimum:
                self.fail(f"{key} entries must be at least {minimum}, got {item}")
            items.append(item)
        return tuple(items)

    def strs(self, key: str) -> tuple[str, ...]:
        value = self._get(key)
        if not isinstance(value, list):
            self._wrong(key, "an array of strings", value)
        items: list[str] = []
        for item in value:
            if not isinstance(item, str):
                self._wrong(key, "an array of strings", value)
            items.append(item)
        return tuple(items)

    def enum(self, key: str, cls: type[_E]) -> _E:
        value = self.str_(key)
        try:
            return cls(value)
        except ValueError:
            choices = ", ".join(member.value for member in cls)
            self.fail(f"unknown {key} {value!r} (expected one of: {choices})")

    def table(self, key: str) -> _Table:
        return _Table(self._get(key), self.child(key))

    def tables(self, key: str) -> list[_Table]:
        value = self._get(key)
        if not isinstance(value, list):
            self._wrong(key, "an array of tables", value)
        section = self.child(key)
        return [_Table(item, _entry_name(section, i, item)) for i, item in enumerate(value)]

    def peek_id(self) -> object:
        """The raw ``id`` value, unchecked (for messages about a whole section)."""
        return self._data.get("id")


def _check_count(section: str, entries: Sequence[_Table], expected: Sequence[str]) -> None:
    """Fail unless ``entries`` has one entry per id in ``expected``."""
    if len(entries) == len(expected):
        return
    present = {entry.peek_id() for entry in entries}
    missing = [ident for ident in expected if ident not in present]
    detail = f"; missing {', '.join(missing)}" if missing else ""
    raise CatalogError(f"{section}: expected {len(expected)} entries, got {len(entries)}{detail}")


def _check_unique(entries: Sequence[tuple[_Table, object]]) -> None:
    """Fail at the first entry whose id an earlier entry already has."""
    seen: dict[object, str] = {}
    for table, ident in entries:
        if ident in seen:
            table.fail(f"duplicate id {str(ident)!r}, already used by {seen[ident]}")
        seen[ident] = table.where


# --------------------------------------------------------------------------
# The sections
# --------------------------------------------------------------------------

_SECTIONS = (
    "edition",
    "rules",
    "tiles",
    "persons",
    "bonus_example",
    "bonus_cards",
    "prestige_cards",
    "characters",
    "shared_map",
)

_PERSON_LANDSCAPES: Mapping[Landscape, int] = {
    Landscape.FOREST: 9,
    Landscape.LAKE: 7,
    Landscape.PARK: 5,
}
"""Persons preferring each landscape; sourced, so every edition must match."""

_CHARACTER_COUNT = 6
"""Character cards in the Muse & Princess expansion."""

_MAX_PLAYERS = 5
"""The most players a game has (the rulebook: 2 to 5).

The catalog records no player count, and ``GameConfig``, which enforces the
same limit, sits above the components in the import layers, so the number is
repeated here.
"""

_MONEY_UNIT = 100
"""Every amount of money is a multiple of this many florins (ruling R2)."""

_ENGINE_PALAZZO = " ".join(CELL_NAMES[cell] for cell in mask_cells(PALAZZO_MASK))
"""The palazzo the geometry implements, as cell names in grid order."""

_PERSONS_RETURNED = 1
"""Starting persons each player returns in the draft the rules implement (R8)."""

_MARK_KEYS = ("provenance", "provenance_note")
_MARK_KEYS_PALAZZO = ("palazzo_provenance", "palazzo_provenance_note")


def _build(document: _Table) -> Catalog:
    document.expect_keys(_SECTIONS)
    edition = document.table("edition")
    edition.expect_keys(("name", "note"))
    name = edition.str_("name")
    if not name:
        edition.fail("name must not be empty")
    example = _parse_example(document.table("bonus_example"))
    rules_table = document.table("rules")
    rules = _parse_rules(rules_table)
    tiles = _parse_tiles(document.tables("tiles"))
    persons = _parse_persons(document.tables("persons"))
    _check_deal(rules_table, rules, len(persons))
    return Catalog(
        edition=name,
        edition_note=edition.str_("note"),
        rules=rules,
        tiles=tiles,
        persons=persons,
        bonus_cards=_parse_bonus_cards(document.tables("bonus_cards"), dict(example)),
        prestige_cards=_parse_prestige_cards(document.tables("prestige_cards")),
        characters=_parse_characters(document.tables("characters")),
        shared_map=_parse_shared_map(document.table("shared_map"), len(rules.palazzo)),
        bonus_example=example,
    )


def _check_deal(rules_table: _Table, rules: RulesConstants, deck: int) -> None:
    """Fail unless the person deck can deal the starting hands of the largest game."""
    dealt = rules.setup_persons_dealt
    needed = dealt * _MAX_PLAYERS
    if needed > deck:
        rules_table.fail(
            f"setup_persons_dealt is {dealt}, but dealing {dealt} to each of {_MAX_PLAYERS} "
            f"players takes {needed} person cards and the deck has {deck}"
        )


_RULE_INTS: Mapping[str, int] = {
    # name: smallest allowed value
    "grid_size": 1,
    "usable_cells": 1,
    "starting_money": 0,
    "starting_money_two_players": 0,
    "base_price": 0,
    "base_price_two_players": 0,
    "raise_step": 1,
    "person_cost": 0,
    "freedom_cost": 0,
    "bonus_cost": 0,
    "building_prestige": 0,
    "landscape_repeat_prestige": 0,
    "max_builders": 0,
    "best_work_prestige": 0,
    "florins_per_converted_prestige": 1,
    "florins_per_sold_prestige": 1,
    "draw_size": 1,
    "setup_persons_dealt": 1,
    "setup_persons_returned": 0,
    "rounds": 1,
    "jesters": 0,
    "builders": 0,
    "freedoms_each": 0,
    "recruiting_cards": 0,
    "banker_start_money": 0,
    "banker_growth": 0,
}

_RULE_LISTS = ("palazzo", "build_cost", "builder_prestige", "minimum_work")

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

_WORK_VALUE_KEYS = ("building", "landscape", "freedom", "per_jester", "per_person")


def _check_money(table: _Table, name: str, amount: int) -> None:
    """Fail unless ``amount``, the value called ``name``, is a whole number of 100 florins."""
    if amount % _MONEY_UNIT:  # ruling R2
        table.fail(f"{name} must be a multiple of {_MONEY_UNIT} florins (ruling R2), got {amount}")


def _parse_rules(rules: _Table) -> RulesConstants:
    rules.expect_keys((*_RULE_INTS, *_RULE_LISTS, *_MARK_KEYS_PALAZZO, "work_value"))
    ints = {key: rules.int_(key, minimum) for key, minimum in _RULE_INTS.items()}
    for key in _RULE_MONEY:
        _check_money(rules, key, ints[key])

    grid = ints["grid_size"]
    if grid != GRID_SIZE:
        rules.fail(f"grid_size must be {GRID_SIZE}, the grid the engine implements; got {grid}")
    palazzo = rules.strs("palazzo")
    palazzo_mask = 0
    for cell in palazzo:
        try:
            palazzo_mask |= 1 << parse_cell(cell)
        except GeometryError:
            rules.fail(f"palazzo names {cell!r}, which is not a cell (a1 to g7)")
    repeated = sorted(cell for cell, n in Counter(palazzo).items() if n > 1)
    if repeated:
        rules.fail(f"palazzo names {_quoted(repeated)} more than once")
    if palazzo_mask != PALAZZO_MASK:
        # The geometry precomputes every placement around this palazzo.
        rules.fail(
            f"palazzo is {' '.join(palazzo) or 'empty'}, but the engine supports only the "
            f"palazzo {_ENGINE_PALAZZO}"
        )
    usable = grid * grid - len(palazzo)
    if ints["usable_cells"] != usable:
        rules.fail(
            f"usable_cells is {ints['usable_cells']}, but a {grid}x{grid} grid without the "
            f"{len(palazzo)} palazzo cells has {usable}"
        )

    max_builders = ints["max_builders"]
    build_cost = rules.ints("build_cost")
    if len(build_cost) != max_builders + 1:
        rules.fail(
            f"build_cost must have {max_builders + 1} entries (for 0 to {max_builders} "
            f"builders held), got {len(build_cost)}"
        )
    for held, cost in enumerate(build_cost):
        _check_money(rules, f"build_cost[{held}]", cost)
    builder_prestige = rules.ints("builder_prestige")
    if len(builder_prestige) != max_builders:
        rules.fail(
            f"builder_prestige must have {max_builders} entries (one per builder), "
            f"got {len(builder_prestige)}"
        )

    rounds = ints["rounds"]
    minimum_work = rules.ints("minimum_work", minimum=1)
    if len(minimum_work) != rounds:
        rules.fail(
            f"minimum_work must have {rounds} entries (one per round), got {len(minimum_work)}"
        )
    for earlier, later in pairwise(minimum_work):
        if later < earlier:
            rules.fail(f"minimum_work must not decrease, but {later} follows {earlier}")

    if ints["setup_persons_returned"] >= ints["setup_persons_dealt"]:
        rules.fail("setup_persons_returned must be less than setup_persons_dealt")
    if ints["setup_persons_returned"] != _PERSONS_RETURNED:
        rules.fail(
            f"setup_persons_returned must be {_PERSONS_RETURNED}, the number the engine's "
            f"draft implements (ruling R8); got {ints['setup_persons_returned']}"
        )

    # Ruling R9: setup puts players - 1 tiles of each freedom in the supply.
    needed = _MAX_PLAYERS - 1
    if ints["freedoms_each"] < needed:
        rules.fail(
            f"freedoms_each is {ints['freedoms_each']}, but setup puts {needed} tiles of each "
            f"freedom in the supply with {_MAX_PLAYERS} players (ruling R9)"
        )

    work = rules.table("work_value")
    work.expect_keys(_WORK_VALUE_KEYS)
    return RulesConstants(
        palazzo=palazzo,
        palazzo_provenance=rules.enum("palazzo_provenance", Provenance),
        palazzo_provenance_note=rules.str_("palazzo_provenance_note"),
        build_cost=build_cost,
        builder_prestige=builder_prestige,
        minimum_work=minimum_work,
        work_building=work.int_("building"),
        work_landscape=work.int_("landscape"),
        work_freedom=work.int_("freedom"),
        work_per_jester=work.int_("per_jester"),
        work_per_person=work.int_("per_person"),
        **ints,
    )


def _marks(table: _Table) -> tuple[Provenance, str]:
    return table.enum("provenance", Provenance), table.str_("provenance_note")


# Tiles --------------------------------------------------------------------

_TILE_KEYS = ("id", "name_de", "kind", "supply", "cells", "shape", *_MARK_KEYS)


def _parse_tiles(entries: Sequence[_Table]) -> tuple[TileSpec, ...]:
    _check_count("tiles", entries, [*Building, *Landscape])
    specs = [_parse_tile(entry) for entry in entries]
    _check_unique([(entry, spec.id) for entry, spec in zip(entries, specs, strict=True)])
    return tuple(specs)


def _parse_tile(tile: _Table) -> TileSpec:
    tile.expect_keys(_TILE_KEYS, optional=("size",))
    kind = tile.enum("kind", TileKind)
    raw_id = tile.str_("id")
    ids: type[Building] | type[Landscape] = Building if kind is TileKind.BUILDING else Landscape
    try:
        ident: TileId = ids(raw_id)
    except ValueError:
        choices = ", ".join(member.value for member in ids)
        tile.fail(f"unknown {kind.value} id {raw_id!r} (expected one of: {choices})")
    size: SizeClass | None = None
    if kind is TileKind.BUILDING:
        if not tile.has("size"):
            tile.fail("missing key 'size': a building needs a size class (large, medium, small)")
        size = tile.enum("size", SizeClass)
    elif tile.has("size"):
        tile.fail("a landscape has no size class; remove the key 'size'")
    provenance, note = _marks(tile)
    return TileSpec(
        id=ident,
        name_de=tile.str_("name_de"),
        kind=kind,
        size=size,
        supply=tile.int_("supply", minimum=1),
        cells=_shape_cells(tile, tile.int_("cells", minimum=1)),
        provenance=provenance,
        provenance_note=note,
    )


def _shape_cells(tile: _Table, count: int) -> tuple[Cell, ...]:
    """The cells drawn by the ``shape`` rows, top row first, normalised and sorted."""
    rows = tile.strs("shape")
    if not rows:
        tile.fail("shape has no rows")
    width = len(rows[0])
    for number, row in enumerate(rows):
        if len(row) != width:
            tile.fail(
                f"shape rows must have equal length: row {number} {row!r} has {len(row)} "
                f"characters, row 0 has {width}"
            )
        strange = sorted(set(row) - {"#", "."})
        if strange:
            tile.fail(
                f"shape row {number} {row!r} may hold only '#' and '.', not {_quoted(strange)}"
            )
    top = len(rows) - 1
    cells = [
        (x, top - y) for y, row in enumerate(rows) for x, char in enumerate(row) if char == "#"
    ]
    if len(cells) != count:
        tile.fail(f"shape covers {len(cells)} cells, but cells is {count}")
    if not is_connected(cells):
        tile.fail("shape is not connected: its cells must form one edge-connected piece")
    left = min(x for x, _ in cells)
    bottom = min(y for _, y in cells)
    return tuple(sorted((x - left, y - bottom) for x, y in cells))


# Persons ------------------------------------------------------------------

_PERSON_KEYS = ("number", "id", "name_de", "building", "landscape", "freedom", *_MARK_KEYS)


def _parse_persons(entries: Sequence[_Table]) -> tuple[PersonSpec, ...]:
    _check_count("persons", entries, list(PersonId))
    specs: list[PersonSpec] = []
    for index, person in enumerate(entries):
        person.expect_keys(_PERSON_KEYS)
        number = person.int_("number", minimum=1)
        if number != index + 1:
            person.fail(
                f"number is {number}, but entry {index} must be card {index + 1} "
                "(cards are listed in number order)"
            )
        provenance, note = _marks(person)
        specs.append(
            PersonSpec(
                number=number,
                id=person.enum("id", PersonId),
                name_de=person.str_("name_de"),
                building=person.enum("building", Building),
                landscape=person.enum("landscape", Landscape),
                freedom=person.enum("freedom", Freedom),
                provenance=provenance,
                provenance_note=note,
            )
        )
    _check_unique([(entry, spec.id) for entry, spec in zip(entries, specs, strict=True)])

    split = Counter(spec.landscape for spec in specs)
    if split != Counter(_PERSON_LANDSCAPES):
        found = ", ".join(f"{land.value} {split[land]}" for land in Landscape)
        wanted = ", ".join(f"{land.value} {n}" for land, n in _PERSON_LANDSCAPES.items())
        raise CatalogError(f"persons: landscape split is {found}; the rulebook gives {wanted}")
    named = {spec.building for spec in specs}
    unnamed = [building.value for building in Building if building not in named]
    if unnamed:
        raise CatalogError(f"persons: no person card names the building {', '.join(unnamed)}")
    return tuple(specs)


# Bonus cards --------------------------------------------------------------

_BONUS_KEYS = ("id", "text", "terms", "example", *_MARK_KEYS)


def _parse_example(example: _Table) -> tuple[tuple[Quantity, int], ...]:
    counts: list[tuple[Quantity, int]] = []
    for key in example.names():
        try:
            quantity = Quantity(key)
        except ValueError:
            example.fail(f"unknown quantity {key!r}")
        counts.append((quantity, example.int_(key)))
    return tuple(counts)


def _parse_bonus_cards(
    entries: Sequence[_Table], example: Mapping[Quantity, int]
) -> tuple[BonusCardSpec, ...]:
    _check_count("bonus_cards", entries, list(BonusCardId))
    specs = [_parse_bonus_card(entry, example) for entry in entries]
    _check_unique([(entry, spec.id) for entry, spec in zip(entries, specs, strict=True)])
    return tuple(specs)


def _parse_bonus_card(card: _Table, example: Mapping[Quantity, int]) -> BonusCardSpec:
    card.expect_keys(_BONUS_KEYS)
    ident = card.enum("id", BonusCardId)
    terms: list[BonusTerm] = []
    for table in card.tables("terms"):
        table.expect_keys(("quantity", "per"))
        terms.append(BonusTerm(table.enum("quantity", Quantity), table.int_("per", minimum=1)))
    if not terms:
        card.fail("terms must not be empty")
    expected = card.int_("example")
    value = 0
    for term in terms:
        if term.quantity not in example:
            card.fail(f"bonus_example has no count for {term.quantity.value!r}, used in terms")
        value += term.per * example[term.quantity]
    if value != expected:
        card.fail(
            f"terms give {value} for the rulebook's example player (bonus_example), "
            f"but example is {expected}"
        )
    provenance, note = _marks(card)
    return BonusCardSpec(
        id=ident,
        text=card.str_("text"),
        terms=tuple(terms),
        example=expected,
        provenance=provenance,
        provenance_note=note,
    )


# Prestige cards -----------------------------------------------------------

_PRESTIGE_KEYS = ("id", "text", "kind", "points", *_MARK_KEYS)
_PRESTIGE_KIND_KEYS: Mapping[PrestigeKind, tuple[str, ...]] = {
    PrestigeKind.MOST: ("quantity", "tie_points"),
    PrestigeKind.FEWEST: ("quantity", "tie_points"),
    PrestigeKind.THRESHOLD: ("requires",),
}


def _parse_prestige_cards(entries: Sequence[_Table]) -> tuple[PrestigeCardSpec, ...]:
    _check_count("prestige_cards", entries, list(PrestigeCardId))
    specs = [_parse_prestige_card(entry) for entry in entries]
    _check_unique([(entry, spec.id) for entry, spec in zip(entries, specs, strict=True)])
    return tuple(specs)


def _parse_prestige_card(card: _Table) -> PrestigeCardSpec:
    every_kind_key = {key for keys in _PRESTIGE_KIND_KEYS.values() for key in keys}
    card.expect_keys(_PRESTIGE_KEYS, optional=every_kind_key)
    kind = card.enum("kind", PrestigeKind)
    card.expect_keys((*_PRESTIGE_KEYS, *_PRESTIGE_KIND_KEYS[kind]))
    points = card.int_("points", minimum=1)
    quantity: Quantity | None = None
    tie_points = 0
    requires: list[PrestigeRequirement] = []
    if kind is PrestigeKind.THRESHOLD:
        for requirement in card.tables("requires"):
            requirement.expect_keys(("quantity", "at_least"))
            requires.append(
                PrestigeRequirement(
                    requirement.enum("quantity", Quantity),
                    requirement.int_("at_least", minimum=1),
                )
            )
        if not requires:
            card.fail("requires must not be empty")
    else:
        quantity = card.enum("quantity", Quantity)
        tie_points = card.int_("tie_points")
        if tie_points > points:
            card.fail(f"tie_points ({tie_points}) must not exceed points ({points})")
    provenance, note = _marks(card)
    return PrestigeCardSpec(
        id=card.enum("id", PrestigeCardId),
        text=card.str_("text"),
        kind=kind,
        quantity=quantity,
        points=points,
        tie_points=tie_points,
        requires=tuple(requires),
        provenance=provenance,
        provenance_note=note,
    )


# Characters ---------------------------------------------------------------

_CHARACTER_KEYS = ("id", "name_de", "min_bid", "max_bid", "step", "text", *_MARK_KEYS)


def _parse_characters(entries: Sequence[_Table]) -> tuple[CharacterSpec, ...]:
    if len(entries) != _CHARACTER_COUNT:
        raise CatalogError(f"characters: expected {_CHARACTER_COUNT} entries, got {len(entries)}")
    specs = [_parse_character(entry) for entry in entries]
    _check_unique([(entry, spec.id) for entry, spec in zip(entries, specs, strict=True)])
    return tuple(specs)


def _parse_character(card: _Table) -> CharacterSpec:
    card.expect_keys(_CHARACTER_KEYS)
    ident = card.str_("id")
    if not ident:
        card.fail("id must not be empty")
    low = card.int_("min_bid")
    high = card.int_("max_bid")
    step = card.int_("step", minimum=1)
    if high < low:
        card.fail(f"max_bid ({high}) is below min_bid ({low})")
    if (high - low) % step:
        card.fail(f"max_bid - min_bid ({high - low}) is not a multiple of step ({step})")
    for key, amount in (("min_bid", low), ("max_bid", high), ("step", step)):
        _check_money(card, key, amount)
    provenance, note = _marks(card)
    return CharacterSpec(
        id=ident,
        name_de=card.str_("name_de"),
        min_bid=low,
        max_bid=high,
        step=step,
        text=card.str_("text"),
        provenance=provenance,
        provenance_note=note,
    )


# The shared map ----------------------------------------------------------

_SHARED_MAP_KEYS = ("palazzo", "layouts", *_MARK_KEYS)
_BORDER_KEYS = ("player", "cells", "neighbour", "neighbour_cells")
_MIN_PLAYERS = 2
"""The fewest players a game has (the rulebook: 2 to 5)."""


def _parse_shared_map(table: _Table, palazzo_size: int) -> SharedMapSpec:
    """The ``[shared_map]`` section: the reverse-side palazzo and a layout per player count."""
    table.expect_keys(_SHARED_MAP_KEYS)
    palazzo = table.strs("palazzo")
    mask = 0
    for cell in palazzo:
        try:
            bit = 1 << parse_cell(cell)
        except GeometryError:
            table.fail(f"palazzo names {cell!r}, which is not a cell (a1 to g7)")
        if mask & bit:
            table.fail(f"palazzo names {cell!r} more than once")
        mask |= bit
    if len(palazzo) != palazzo_size:
        table.fail(
            f"palazzo has {len(palazzo)} cells, but the palazzo on the front of the boards "
            f"has {palazzo_size}: both sides must leave the same number of cells to build on"
        )
    if not is_connected((cell % GRID_SIZE, cell // GRID_SIZE) for cell in mask_cells(mask)):
        table.fail("palazzo is not connected: its cells must form one edge-connected piece")
    entries = table.tables("layouts")
    layouts = [_parse_layout(entry) for entry in entries]
    seen: dict[int, str] = {}
    for entry, layout in zip(entries, layouts, strict=True):
        if layout.players in seen:
            entry.fail(f"a second layout for {layout.players} players (see {seen[layout.players]})")
        seen[layout.players] = entry.where
    missing = [n for n in range(_MIN_PLAYERS, _MAX_PLAYERS + 1) if n not in seen]
    if missing:
        table.fail(f"layouts has no layout for {', '.join(map(str, missing))} players")
    provenance, note = _marks(table)
    return SharedMapSpec(
        palazzo=palazzo,
        palazzo_mask=mask,
        layouts=tuple(layouts),
        provenance=provenance,
        provenance_note=note,
    )


def _parse_layout(layout: _Table) -> SharedMapLayout:
    """One layout: its borders checked one by one, then the neighbours of every player."""
    layout.expect_keys(("players", "borders"))
    players = layout.int_("players")
    if not _MIN_PLAYERS <= players <= _MAX_PLAYERS:
        layout.fail(f"players must be from {_MIN_PLAYERS} to {_MAX_PLAYERS}, got {players}")
    entries = layout.tables("borders")
    borders = tuple(_parse_border(entry, players) for entry in entries)
    met: dict[frozenset[int], str] = {}
    edges: dict[tuple[int, int, tuple[int, int]], str] = {}
    for entry, spec in zip(entries, borders, strict=True):
        pair = frozenset((spec.player, spec.neighbour))
        if pair in met:
            entry.fail(
                f"players {spec.player} and {spec.neighbour} already share a border ({met[pair]})"
            )
        met[pair] = entry.where
        sides = (
            (spec.player, spec.border.near, spec.border.near_normal),
            (spec.neighbour, spec.border.far, spec.border.far_normal),
        )
        for player, cells, normal in sides:
            for cell in mask_cells(cells):
                if (player, cell, normal) in edges:
                    entry.fail(
                        f"the edge of player {player}'s cell {CELL_NAMES[cell]} already "
                        f"borders another principality ({edges[player, cell, normal]})"
                    )
                edges[player, cell, normal] = entry.where
    result = SharedMapLayout(players=players, borders=borders)
    _check_neighbours(layout, result)
    return result


def _check_neighbours(table: _Table, layout: SharedMapLayout) -> None:
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
            table.fail(
                f"player {player} has {count} neighbour{'s' if count != 1 else ''}, but with "
                f"{layout.players} players every player has {wanted} (ruling R29)"
            )


def _parse_border(entry: _Table, players: int) -> BorderSpec:
    """One border: two players of the layout and two matching runs of edge cells."""
    entry.expect_keys(_BORDER_KEYS)
    player = entry.int_("player")
    neighbour = entry.int_("neighbour")
    for key, value in (("player", player), ("neighbour", neighbour)):
        if value >= players:
            entry.fail(f"{key} must be a player from 0 to {players - 1}, got {value}")
    if player == neighbour:
        entry.fail(f"player {player} cannot border their own principality")
    cells = entry.str_("cells")
    neighbour_cells = entry.str_("neighbour_cells")
    try:
        border = Border.between(cells, neighbour_cells)
    except GeometryError as exc:
        entry.fail(str(exc))
    return BorderSpec(
        player=player,
        cells=cells,
        neighbour=neighbour,
        neighbour_cells=neighbour_cells,
        border=border,
    )
