"""The Firenze catalog: every number of the game, loaded from ``catalog.toml``.

The file is structured by cattrs into frozen attrs classes; attrs validators
check each value and the loader checks the whole (88 bricks, 36 commissions,
one commission per colour and floor count, balconies on existing commissions,
every numeral present, and so on).  Each problem raises
:class:`~princes_of_florence.firenze.errors.CatalogError` naming the path of the
bad value, such as ``catalog.card[3].copies``.

Every entry has a ``provenance``: ``S`` stated in the source, ``R``
reconstructed (``components.md`` in the rules folder gives the reasoning).

>>> catalog = default_catalog()
>>> catalog.commission_prestige(catalog.commission_index(Colour.V, 8))
21
>>> sum(spec.copies for spec in catalog.deck_titles("both"))
52
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import cattrs
from cattrs.v import format_exception

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


class _BadField(ValueError):
    """A validator's refusal, naming the field it checked."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _at_least(minimum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
        if type(value) is not int or value < minimum:
            raise _BadField(
                attribute.name, f"must be an integer of at least {minimum}, not {value!r}"
            )

    return check


_nonnegative = _at_least(0)
_positive = _at_least(1)


def _provenance(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if not value.startswith(("S", "R")):
        raise _BadField(
            attribute.name, f"must start with 'S' (stated) or 'R' (reconstructed), not {value!r}"
        )


def _ints(minimum: int) -> Any:
    def check(instance: object, attribute: attrs.Attribute[tuple[int, ...]], value: object) -> None:
        if not isinstance(value, tuple) or any(type(v) is not int or v < minimum for v in value):
            raise _BadField(
                attribute.name, f"must list integers of at least {minimum}, not {value!r}"
            )

    return check


def _numeral(instance: object, attribute: attrs.Attribute[int], value: int) -> None:
    if value not in (1, 2, 3, 4):
        raise _BadField(attribute.name, f"must be 1 to 4 (I to IV), not {value!r}")


def _anerkennung(instance: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in ("", "both", "split"):
        raise _BadField(attribute.name, f"must be empty, 'both' or 'split', not {value!r}")


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

    row_costs: tuple[int, ...] = attrs.field(validator=_ints(0))
    bricks_per_new_card: int = attrs.field(validator=_positive)
    build_cost: tuple[int, ...] = attrs.field(validator=_ints(0))
    max_bricks_per_turn: int = attrs.field(validator=_positive)
    werkstatt_discount: int = attrs.field(validator=_nonnegative)
    maurer_discount: int = attrs.field(validator=_nonnegative)
    exchange_cost: int = attrs.field(validator=_positive)
    exchange_cost_bruecke: int = attrs.field(validator=_positive)
    supply_limit: int = attrs.field(validator=_nonnegative)
    supply_limit_lagerhaus: int = attrs.field(validator=_nonnegative)
    card_limit: int = attrs.field(validator=_nonnegative)
    seals_by_players: tuple[int, ...] = attrs.field(validator=_ints(1))
    neutral_seals_used: int = attrs.field(validator=_nonnegative)
    start_white: tuple[int, ...] = attrs.field(validator=_ints(0))
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

    colour: Colour
    count: int = attrs.field(validator=_positive)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class CommissionSpec:
    """A commission: a floor of a board tower and its prestige (Z2)."""

    colour: Colour
    floors: int = attrs.field(validator=_positive)
    prestige: int = attrs.field(validator=_nonnegative)
    provenance: str = attrs.field(validator=_provenance)


@attrs.frozen
class MajoritySpec:
    """The majority bonus on a board tower's flag (Z106)."""

    colour: Colour
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

    id: str = attrs.field(validator=attrs.validators.min_len(1))
    numeral: int = attrs.field(validator=_numeral)
    colour: Colour
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
    floors: tuple[int, ...] = attrs.field(default=(), validator=_ints(1))
    anerkennung: str = attrs.field(default="", validator=_anerkennung)

    @start_copies.validator
    def _start_within_copies(self, attribute: attrs.Attribute[int], value: int) -> None:
        if value > self.copies:
            raise _BadField(attribute.name, f"must not exceed copies {self.copies}, not {value}")


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


_FIELD_PROBLEM = re.compile(r"^bad field (\w+): (.*) @ (\S+)$")


def _format(exc: BaseException, type_: type | None) -> str:
    if isinstance(exc, _BadField):
        return f"bad field {exc.field}: {exc}"
    if isinstance(exc, ValueError) and not isinstance(exc, cattrs.BaseValidationError):
        return f"invalid value ({exc})"
    return format_exception(exc, type_)


def _with_field(problem: str) -> str:
    """``bad field copies: must ... @ catalog.card[3]`` as ``catalog.card[3].copies must ...``."""
    match = _FIELD_PROBLEM.match(problem)
    if match is None:
        return problem
    field, rest, path = match.groups()
    return f"{path}.{field} {rest}"


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(Colour, lambda value, _: _colour(value))
    converter.register_structure_hook(Title, lambda value, _: Title(value))
    converter.register_structure_hook(CardKind, lambda value, _: CardKind(value))
    return converter


def _colour(value: object) -> Colour:
    if not isinstance(value, str) or value not in Colour.__members__:
        raise ValueError(f"{value!r} is not a colour letter (W, Y, G, R, B, V)")
    return Colour[value]


def parse_catalog(data: dict[str, Any]) -> Catalog:
    """A checked catalog from the parsed TOML ``data``.

    Raises:
        CatalogError: a value is malformed or the whole breaks a rule; the
            message names the path (``catalog.card[3].copies``).
    """
    try:
        raw = _converter().structure(data, _CatalogFile)
    except Exception as error:  # cattrs gathers every problem in one group
        problems = cattrs.transform_error(error, path="catalog", format_exception=_format)
        raise CatalogError("; ".join(_with_field(p) for p in problems)) from None
    _check(raw)
    return Catalog(
        constants=raw.constants,
        bricks=raw.brick,
        commissions=tuple(sorted(raw.commission, key=lambda spec: (spec.colour, spec.floors))),
        majorities=tuple(sorted(raw.majority, key=lambda spec: spec.colour)),
        level_tiles=tuple(sorted(raw.level_tile, key=lambda spec: spec.floors)),
        balconies=raw.balcony,
        cards=raw.card,
    )


def _check(raw: _CatalogFile) -> None:
    c = raw.constants
    colours = tuple(Colour)
    if len(c.row_costs) < 1:
        raise CatalogError("catalog.constants.row_costs must name at least one space")
    if len(c.build_cost) != c.max_bricks_per_turn:
        raise CatalogError(
            f"catalog.constants.build_cost has {len(c.build_cost)} entries; "
            f"expected max_bricks_per_turn = {c.max_bricks_per_turn}"
        )
    if len(c.seals_by_players) != 3:
        raise CatalogError("catalog.constants.seals_by_players must list 2, 3 and 4 players")
    if len(c.start_white) != 4:
        raise CatalogError("catalog.constants.start_white must list 4 seats")
    if c.min_floors > c.max_floors:
        raise CatalogError("catalog.constants.min_floors exceeds max_floors")
    if tuple(spec.colour for spec in raw.brick) != colours:
        raise CatalogError("catalog.brick must list each colour once, W Y G R B V in order")
    if c.start_white[-1] + sum(c.start_white[:-1]) > raw.brick[0].count:
        raise CatalogError("catalog.constants.start_white deals more white bricks than exist")
    seen: dict[tuple[Colour, int], int] = {}
    for i, commission in enumerate(raw.commission):
        key = (commission.colour, commission.floors)
        if not c.min_floors <= commission.floors <= c.max_floors:
            raise CatalogError(
                f"catalog.commission[{i}].floors is {commission.floors}; "
                f"expected {c.min_floors} to {c.max_floors}"
            )
        if key in seen:
            raise CatalogError(
                f"catalog.commission[{i}] repeats {commission.colour.name}{commission.floors} "
                f"(first at commission[{seen[key]}])"
            )
        seen[key] = i
    expected = len(colours) * (c.max_floors - c.min_floors + 1)
    if len(seen) != expected:
        raise CatalogError(
            f"catalog.commission has {len(seen)} entries; expected {expected} "
            "(every colour, every floor count)"
        )
    if sorted(spec.colour for spec in raw.majority) != list(colours):
        raise CatalogError("catalog.majority must give each colour once")
    floors = [spec.floors for spec in raw.level_tile]
    if len(set(floors)) != len(floors) or any(
        not c.min_floors <= f <= c.max_floors for f in floors
    ):
        raise CatalogError("catalog.level_tile floors must be distinct commission floor counts")
    ids: set[str] = set()
    for i, balcony in enumerate(raw.balcony):
        if balcony.id in ids:
            raise CatalogError(f"catalog.balcony[{i}].id repeats {balcony.id!r}")
        ids.add(balcony.id)
        if (balcony.colour, balcony.floors) not in seen:
            raise CatalogError(
                f"catalog.balcony[{i}] ({balcony.id}) covers "
                f"{balcony.colour.name}{balcony.floors}, which is no commission"
            )
    numerals = {balcony.numeral for balcony in raw.balcony}
    if numerals != {1, 2, 3, 4}:
        raise CatalogError("catalog.balcony must hold at least one tile of each numeral I-IV")
    titles: set[Title] = set()
    for i, card in enumerate(raw.card):
        if card.id in titles:
            raise CatalogError(f"catalog.card[{i}].id repeats {card.id.value!r}")
        titles.add(card.id)
        if card.kind is CardKind.CHURCH and card.id is not Title.CAMPANILE and not card.floors:
            raise CatalogError(f"catalog.card[{i}] ({card.id.value}) is a privilege without floors")
    missing = set(Title) - titles
    if missing:
        names = ", ".join(sorted(title.value for title in missing))
        raise CatalogError(f"catalog.card lacks the titles {names}")
    for mode in ("both", "split"):
        kinds = Counter(card.kind for card in raw.card if card.anerkennung in ("", mode))
        if kinds[CardKind.CHURCH] > c.church_spaces:
            raise CatalogError(
                f"catalog.card has {kinds[CardKind.CHURCH]} church cards for "
                f"{c.church_spaces} church spaces"
            )
        start = sum(card.start_copies for card in raw.card if card.anerkennung in ("", mode))
        total = sum(card.copies for card in raw.card if card.anerkennung in ("", mode))
        if start > total:
            raise CatalogError("catalog.card has more start copies than cards")
    campanile = next(card for card in raw.card if card.id is Title.CAMPANILE)
    if campanile.start_copies:
        raise CatalogError("catalog.card Campanile cannot be a start card (ruling ZR6)")


def load_catalog(path: str | Path) -> Catalog:
    """A checked catalog read from the TOML file at ``path``.

    Raises:
        CatalogError: the file is not TOML, or a value is wrong (the path is named).
    """
    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise CatalogError(f"cannot read the catalog {path}: {error}") from None
    return parse_catalog(data)


@cache
def default_catalog() -> Catalog:
    """The shipped catalog (``catalog.toml``), loaded once."""
    text = resources.files(__package__).joinpath("catalog.toml").read_text(encoding="utf-8")
    return parse_catalog(tomllib.loads(text))
