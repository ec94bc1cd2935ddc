"""The Firenze catalog: every number of the game, loaded from ``catalog.toml``.

The shape of the file (its keys, types and ranges) is declared below as frozen
attrs classes and read by the library's generic loader
:mod:`princes_of_florence.datafile`, which names every bad value by its path,
such as ``catalog.toml: card[3] (Architekt): copies must be at least 1, got -1``.
This module adds only the game's rules of consistency over the whole (88
bricks, 36 commissions, one commission per colour and floor count, balconies
on existing commissions, every numeral present, and so on), each named the
same way.  Every problem raises
:class:`~princes_of_florence.firenze.errors.CatalogError`.

Every entry has a ``provenance``: ``S`` stated in the source, ``R``
reconstructed (``components.md`` in the rules folder gives the reasoning).

>>> catalog = default_catalog()
>>> catalog.commission_prestige(catalog.commission_index(Colour.V, 8))
21
>>> sum(spec.copies for spec in catalog.deck_titles("both"))
52
"""

from __future__ import annotations

import os
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, NoReturn

import attrs

from princes_of_florence import datafile
from princes_of_florence.datafile import BY_NAME, DataProblem, at_least, between, non_empty, one_of
from princes_of_florence.firenze.errors import CatalogError
from princes_of_florence.firenze.ids import CardKind, Colour, Title

__all__ = [
    "BalconySpec",
    "BrickSpec",
    "CardSpec",
    "Catalog",
    "CommissionSpec",
    "Constants",
    "LevelTileSpec",
    "MajoritySpec",
    "default_catalog",
    "load_catalog",
    "parse_catalog",
]

_nonnegative = at_least(0)
_positive = at_least(1)

_Letter = Annotated[Colour, BY_NAME]
"""A colour as the file writes it: its letter (``"W"`` to ``"V"``, ``components.md`` §1)."""


def _provenance(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not value.startswith(("S", "R")):
        raise DataProblem(
            f"{attribute.name} must start with 'S' (stated) or 'R' (reconstructed), got {value!r}"
        )


@attrs.frozen
class Constants:
    """The rule constants (``components.md`` §3), each stated in the source.

    Attributes:
        row_costs: the card cost of each row space, leftmost first (Z5).
        bricks_per_new_card: bricks drawn onto each new row card (Z33).
        build_cost: the building cost of 1..6 bricks placed in one turn (Z44).
        max_bricks_per_turn: the most bricks placed in one turn (Z43).
        werkstatt_discount: Werkstatt's discount (Z98).
        maurer_discount: Maurer's discount (Z89).
        exchange_cost: bricks paid for one in phase 2 (Z37).
        exchange_cost_bruecke: the same with a Brücke (Z78).
        supply_limit: the supply limit of phase 6 (Z63).
        supply_limit_lagerhaus: the same with a Lagerhaus (Z87).
        card_limit: the card limit of phase 6 (Z64).
        seals_by_players: seals per player with 2, 3, 4 players (Z17).
        neutral_seals_used: neutral seals placed at setup (Z15).
        start_white: white bricks by seat from the start player (Z19).
        end_bonus: the bonus for the first to place their last seal (Z104).
        luxury_tax_min_height: the lowest tower Luxussteuer taxes (Z88).
        luxury_tax_bricks: bricks paid per taxed tower (Z88).
        lagerbrand_bricks: bricks Lagerbrand takes (Z86).
        bell_tower_height: white bricks of Campanile's bell tower (Z101).
        min_floors: the lowest commission's floor count.
        max_floors: the highest commission's floor count.
        church_spaces: church spaces on the board (Z6).
        provenance: where the constants come from.
    """

    row_costs: tuple[int, ...] = attrs.field(validator=_nonnegative)
    bricks_per_new_card: int = attrs.field(validator=_positive)
    build_cost: tuple[int, ...] = attrs.field(validator=_nonnegative)
    max_bricks_per_turn: int = attrs.field(validator=_positive)
    werkstatt_discount: int = attrs.field(validator=_nonnegative)
    maurer_discount: int = attrs.field(validator=_nonnegative)
    exchange_cost: int = attrs.field(validator=_positive)
    exchange_cost_bruecke: int = attrs.field(validator=_positive)
    supply_limit: int = attrs.field(validator=_nonnegative)
    supply_limit_lagerhaus: int = attrs.field(validator=_nonnegative)
    card_limit: int = attrs.field(validator=_nonnegative)
    seals_by_players: tuple[int, ...] = attrs.field(validator=_positive)
    neutral_seals_used: int = attrs.field(validator=_nonnegative)
    start_white: tuple[int, ...] = attrs.field(validator=_nonnegative)
    end_bonus: int = attrs.field(validator=_nonnegative)
    luxury_tax_min_height: int = attrs.field(validator=_positive)
    luxury_tax_bricks: int = attrs.field(validator=_positive)
    lagerbrand_bricks: int = attrs.field(validator=_positive)
    bell_tower_height: int = attrs.field(validator=_positive)
    min_floors: int = attrs.field(validator=_positive)
    max_floors: int = attrs.field(validator=_positive)
    church_spaces: int = attrs.field(validator=_positive)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class BrickSpec:
    """How many bricks of one colour the game holds (Z3)."""

    colour: _Letter
    count: int = attrs.field(validator=_positive)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class CommissionSpec:
    """A commission: a floor of a board tower and its prestige (Z2)."""

    colour: _Letter
    floors: int = attrs.field(validator=_positive)
    prestige: int = attrs.field(validator=_nonnegative)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class MajoritySpec:
    """The majority bonus on a board tower's flag (Z106)."""

    colour: _Letter
    bonus: int = attrs.field(validator=_nonnegative)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class LevelTileSpec:
    """A level tile: a bonus for the first fulfilment of its floor count (Z59)."""

    floors: int = attrs.field(validator=_positive)
    prestige: int = attrs.field(validator=_nonnegative)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class BalconySpec:
    """A balcony tile: the commission it covers and the total it scores (Z58, ZR18)."""

    id: str = attrs.field(validator=non_empty())
    numeral: int = attrs.field(validator=between(1, 4))  # I to IV
    colour: _Letter
    floors: int = attrs.field(validator=_positive)
    prestige: int = attrs.field(validator=_nonnegative)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class CardSpec:
    """A title of action card (``components.md`` §8).

    Attributes:
        id: the title.
        copies: copies in the deck.
        kind: event, person, keep, building or church.
        start_copies: copies with the start symbol (Z21).
        text: the effect in one line of English.
        provenance: what is stated and what reconstructed.
        value: prestige at final scoring (keep cards; per commission for
            Anerkennung) or at once (privileges); 0 otherwise.
        floors: the floor counts that trigger a privilege or that
            Anerkennung counts.
        anerkennung: ``"both"`` or ``"split"`` for the entries used only
            under that setting of option ``anerkennung`` (ZR46); empty for
            every other card.
    """

    id: Title
    copies: int = attrs.field(validator=_positive)
    kind: CardKind
    start_copies: int = attrs.field(validator=_nonnegative)
    text: str
    provenance: str = attrs.field(validator=_provenance)
    value: int = 0
    floors: tuple[int, ...] = attrs.field(default=(), validator=_positive)
    anerkennung: str = attrs.field(default="", validator=one_of("", "both", "split"))

    @start_copies.validator
    def _start_within_copies(self, attribute: attrs.Attribute[int], value: int) -> None:
        if value > self.copies:
            raise DataProblem(
                f"{attribute.name} must not exceed copies ({self.copies}), got {value}"
            )


@attrs.frozen
class _CatalogFile:
    constants: Constants
    brick: tuple[BrickSpec, ...]
    commission: tuple[CommissionSpec, ...]
    majority: tuple[MajoritySpec, ...]
    level_tile: tuple[LevelTileSpec, ...]
    balcony: tuple[BalconySpec, ...]
    card: tuple[CardSpec, ...]


@attrs.frozen
class Catalog:
    """Every number of the game, checked, with tables the engine reads fast.

    Commissions are numbered ``colour * floors_per_tower + (floors - min_floors)``
    (:meth:`commission_index`).

    Attributes:
        constants: the rule constants.
        bricks: the bricks by colour, cheapest first.
        commissions: the 36 commissions by index.
        majorities: the majority bonus by colour.
        level_tiles: the level tiles, lowest floor count first.
        balconies: every balcony tile.
        cards: every card title, by title.
    """

    constants: Constants
    bricks: tuple[BrickSpec, ...]
    commissions: tuple[CommissionSpec, ...]
    majorities: tuple[MajoritySpec, ...]
    level_tiles: tuple[LevelTileSpec, ...]
    balconies: tuple[BalconySpec, ...]
    cards: tuple[CardSpec, ...]
    _card_index: dict[Title, CardSpec] = attrs.field(init=False, eq=False, repr=False)
    _balcony_index: dict[str, BalconySpec] = attrs.field(init=False, eq=False, repr=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "_card_index", {spec.id: spec for spec in self.cards})
        object.__setattr__(self, "_balcony_index", {spec.id: spec for spec in self.balconies})

    @property
    def floors_per_tower(self) -> int:
        """How many commissions each board tower has (6: floors 3 to 8)."""
        return self.constants.max_floors - self.constants.min_floors + 1

    @property
    def brick_counts(self) -> tuple[int, ...]:
        """The number of bricks of each colour, cheapest first (25, 18, 15, 12, 10, 8)."""
        return tuple(spec.count for spec in self.bricks)

    def commission_index(self, colour: Colour, floors: int) -> int:
        """The index of the commission of ``colour`` needing ``floors`` floors.

        >>> default_catalog().commission_index(Colour.Y, 3)
        6
        """
        return int(colour) * self.floors_per_tower + floors - self.constants.min_floors

    def commission_prestige(self, index: int) -> int:
        """The board prestige of commission ``index`` (Z56 b)."""
        return self.commissions[index].prestige

    def card(self, title: Title) -> CardSpec:
        """The spec of ``title``; a title not in the catalog raises CatalogError."""
        spec = self._card_index.get(title)
        if spec is None:
            raise CatalogError(f"the catalog has no card {title.value!r}")
        return spec

    def balcony(self, tile: str) -> BalconySpec:
        """The balcony tile ``tile``; an unknown id raises CatalogError."""
        spec = self._balcony_index.get(tile)
        if spec is None:
            raise CatalogError(f"the catalog has no balcony tile {tile!r}")
        return spec

    def deck_titles(self, anerkennung: str) -> tuple[CardSpec, ...]:
        """The card titles of the deck under option ``anerkennung`` (ZR46)."""
        return tuple(spec for spec in self.cards if spec.anerkennung in ("", anerkennung))


def parse_catalog(data: dict[str, Any], source: str = "<catalog>") -> Catalog:
    """A checked catalog from the parsed TOML ``data``.

    The shape of the data (its keys, types and ranges) is checked by
    :func:`~princes_of_florence.datafile.structure`, which names every bad
    value at once; the game's rules of consistency are checked after it, and
    the first one broken is named.

    Args:
        data: the parsed document (what ``tomllib.loads`` returns).
        source: where the data came from, starting every line of a message.

    Raises:
        CatalogError: a value is malformed or the whole breaks a rule; the
            message names the path (``<catalog>: card[3] (Architekt): copies ...``).

    >>> parse_catalog({"constants": {}})
    Traceback (most recent call last):
    ...
    princes_of_florence.firenze.errors.CatalogError: <catalog>: catalog: missing keys 'balcony', ...
    """
    raw = datafile.structure(_CatalogFile, data, source=source, error=CatalogError, root="catalog")
    return _catalog(raw, source)


def _parse_text(text: str, source: str) -> Catalog:
    """A checked catalog from TOML text, read by :func:`~princes_of_florence.datafile.load_toml`."""
    raw = datafile.load_toml(_CatalogFile, text, source=source, error=CatalogError, root="catalog")
    return _catalog(raw, source)


def _catalog(raw: _CatalogFile, source: str) -> Catalog:
    """The catalog of a structured file that keeps every rule of consistency."""
    try:
        _check(raw)
    except CatalogError as exc:
        raise CatalogError(f"{source}: {exc}") from None
    return Catalog(
        constants=raw.constants,
        bricks=raw.brick,
        commissions=tuple(sorted(raw.commission, key=lambda spec: (spec.colour, spec.floors))),
        majorities=tuple(sorted(raw.majority, key=lambda spec: spec.colour)),
        level_tiles=tuple(sorted(raw.level_tile, key=lambda spec: spec.floors)),
        balconies=raw.balcony,
        cards=raw.card,
    )


def _fail(where: str, problem: str) -> NoReturn:
    raise CatalogError(f"{where}: {problem}")


def _check(raw: _CatalogFile) -> None:
    """Fail at the first rule of consistency the structured file breaks."""
    c = raw.constants
    colours = tuple(Colour)
    if len(c.row_costs) < 1:
        _fail("constants", "row_costs must name at least one space")
    if len(c.build_cost) != c.max_bricks_per_turn:
        _fail(
            "constants",
            f"build_cost has {len(c.build_cost)} entries; "
            f"expected max_bricks_per_turn = {c.max_bricks_per_turn}",
        )
    if len(c.seals_by_players) != 3:
        _fail("constants", "seals_by_players must list 2, 3 and 4 players")
    if len(c.start_white) != 4:
        _fail("constants", "start_white must list 4 seats")
    if c.min_floors > c.max_floors:
        _fail("constants", "min_floors exceeds max_floors")
    if tuple(spec.colour for spec in raw.brick) != colours:
        _fail("brick", "must list each colour once, W Y G R B V in order")
    if c.start_white[-1] + sum(c.start_white[:-1]) > raw.brick[0].count:
        _fail("constants", "start_white deals more white bricks than exist")
    seen: dict[tuple[Colour, int], str] = {}
    for index, commission in enumerate(raw.commission):
        where = datafile.entry_name("commission", index, commission)
        key = (commission.colour, commission.floors)
        if not c.min_floors <= commission.floors <= c.max_floors:
            _fail(
                where,
                f"floors is {commission.floors}; expected {c.min_floors} to {c.max_floors}",
            )
        if key in seen:
            _fail(
                where,
                f"repeats {commission.colour.name}{commission.floors} (first at {seen[key]})",
            )
        seen[key] = where
    expected = len(colours) * (c.max_floors - c.min_floors + 1)
    if len(seen) != expected:
        _fail(
            "commission",
            f"has {len(seen)} entries; expected {expected} (every colour, every floor count)",
        )
    if sorted(spec.colour for spec in raw.majority) != list(colours):
        _fail("majority", "must give each colour once")
    floors = [spec.floors for spec in raw.level_tile]
    if len(set(floors)) != len(floors) or any(
        not c.min_floors <= f <= c.max_floors for f in floors
    ):
        _fail("level_tile", "floors must be distinct commission floor counts")
    ids: set[str] = set()
    for index, balcony in enumerate(raw.balcony):
        where = datafile.entry_name("balcony", index, balcony)
        if balcony.id in ids:
            _fail(where, f"id repeats {balcony.id!r}")
        ids.add(balcony.id)
        if (balcony.colour, balcony.floors) not in seen:
            _fail(where, f"covers {balcony.colour.name}{balcony.floors}, which is no commission")
    if {balcony.numeral for balcony in raw.balcony} != {1, 2, 3, 4}:
        _fail("balcony", "must hold at least one tile of each numeral I-IV")
    titles: set[Title] = set()
    for index, card in enumerate(raw.card):
        where = datafile.entry_name("card", index, card)
        if card.id in titles:
            _fail(where, f"id repeats {card.id.value!r}")
        titles.add(card.id)
        if card.kind is CardKind.CHURCH and card.id is not Title.CAMPANILE and not card.floors:
            _fail(where, "is a privilege without floors")
    missing = set(Title) - titles
    if missing:
        names = ", ".join(sorted(title.value for title in missing))
        _fail("card", f"lacks the titles {names}")
    for mode in ("both", "split"):
        deck = [card for card in raw.card if card.anerkennung in ("", mode)]
        kinds = Counter(card.kind for card in deck)
        if kinds[CardKind.CHURCH] > c.church_spaces:
            _fail(
                "card",
                f"has {kinds[CardKind.CHURCH]} church cards for {c.church_spaces} church spaces",
            )
        if sum(card.start_copies for card in deck) > sum(card.copies for card in deck):
            _fail("card", "has more start copies than cards")
    for index, card in enumerate(raw.card):
        if card.id is Title.CAMPANILE and card.start_copies:
            where = datafile.entry_name("card", index, card)
            _fail(where, "cannot be a start card (ruling ZR6)")


def load_catalog(path: str | os.PathLike[str]) -> Catalog:
    """A checked catalog read from the TOML file at ``path``.

    Raises:
        CatalogError: the file is missing or unreadable, is not TOML, or a
            value is wrong (its path is named).
    """
    text = datafile.read_text(path, error=CatalogError, what="catalog")
    return _parse_text(text, source=str(Path(path)))


@cache
def default_catalog() -> Catalog:
    """The shipped catalog (``catalog.toml``), loaded once."""
    text = resources.files(__package__).joinpath("catalog.toml").read_text(encoding="utf-8")
    return _parse_text(text, source="catalog.toml")
