"""The Florenz component catalog: the TOML data file, checked and structured.

The rules read every number from :func:`default_catalog`.  The file
``florenz.toml`` marks each value stated (``S``), forced by the text
(``S-derived``) or reconstructed (``R``); printed values can replace the
reconstructed ones without a change of code.

The shape of the file (its keys, their types and ranges) is declared below as
attrs classes and read by the library's generic loader
:mod:`princes_of_florence.datafile`, which names every bad value by its path
(``florenz.toml: disc[2]: rewards[1] must be an array of 2 integers, ...``);
this module adds Florenz's rules of consistency between the values (a route
through every location, paths between neighbours, one sector per round...).

>>> catalog = default_catalog()
>>> catalog.route
(1, 5, 2, 3, 6, 9, 8, 7, 4)
>>> catalog.raw.disc[0].queue_vp[:4]
(11, 7, 4, 2)
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import NoReturn

import attrs

from princes_of_florence import datafile
from princes_of_florence.datafile import at_least, between, non_empty
from princes_of_florence.florenz.errors import CatalogError
from princes_of_florence.florenz.ids import LOCATIONS, BoastKind, Medici, Provenance, ScandalKind

__all__ = [
    "BoastTileSpec",
    "Board",
    "Catalog",
    "Costs",
    "FamilySpec",
    "PathSpec",
    "Plans",
    "Queues",
    "ScandalCardSpec",
    "ScandalSpec",
    "SectorSpec",
    "StrozziCardSpec",
    "TimeTiles",
    "default_catalog",
    "parse_catalog",
]

_LOCATION = between(LOCATIONS[0], LOCATIONS[-1])
"""A location number, or every location number of an array (F14)."""


@attrs.frozen
class FamilySpec:
    """One family's pieces and limits (rules F5, F17-F19, F39, F81)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    colours: tuple[str, ...] = attrs.field(validator=non_empty())
    time_start: int = attrs.field(validator=at_least(0))
    time_max: int = attrs.field(validator=at_least(1))
    debutants: int = attrs.field(validator=at_least(0))
    ladies: int = attrs.field(validator=at_least(0))
    maestros: int = attrs.field(validator=at_least(0))
    guards: int = attrs.field(validator=at_least(0))
    cups: int = attrs.field(validator=at_least(0))
    gifts_start: int = attrs.field(validator=at_least(0))
    hand_limit: int = attrs.field(validator=at_least(1))
    min_families: int = attrs.field(validator=at_least(1))
    max_families: int = attrs.field(validator=at_least(1))
    rounds: int = attrs.field(validator=at_least(1))


@attrs.frozen
class Costs:
    """Time costs and gains of the actions (§13 of the reference)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    send: int = attrs.field(validator=at_least(0))
    promote: int = attrs.field(validator=at_least(0))
    move: int = attrs.field(validator=at_least(0))
    hurry: int = attrs.field(validator=at_least(0))
    boast: int = attrs.field(validator=at_least(0))
    gift_base: int = attrs.field(validator=at_least(0))
    first_pass_time: int = attrs.field(validator=at_least(0))
    pass_bonus_time: int = attrs.field(validator=at_least(0))
    pass_bonus_vp: int = attrs.field(validator=at_least(0))
    escort_own_time: int = attrs.field(validator=at_least(0))
    escort_other_vp: int = attrs.field(validator=at_least(0))
    discard_time: int = attrs.field(validator=at_least(0))
    time_per_final_vp: int = attrs.field(validator=at_least(1))


@attrs.frozen
class PathSpec:
    """A path between two orthogonally adjacent locations, with one escort crest."""

    locations: tuple[int, int] = attrs.field(validator=_LOCATION)
    provenance: Provenance
    source: str = attrs.field(validator=non_empty())


@attrs.frozen
class Board:
    """The 3x3 board: rows, columns, the Medici route and the paths (F14-F16)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    route: tuple[int, ...] = attrs.field(validator=_LOCATION)
    paths: tuple[PathSpec, ...] = attrs.field(validator=non_empty())


@attrs.frozen
class Queues:
    """The numbers printed on the queue spaces, head first (F12, F29)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    space_numbers: tuple[int, ...] = attrs.field(validator=at_least(0))


@attrs.frozen
class SectorSpec:
    """One sector of the Medici disc (§6): the scoring of one round."""

    round: int = attrs.field(validator=at_least(1))
    medici: str = attrs.field(validator=non_empty())
    head_vp: int = attrs.field(validator=at_least(0))
    queue_vp: tuple[int, ...] = attrs.field(validator=at_least(0))
    rewards: tuple[tuple[int, int], ...]
    gifts: int = attrs.field(validator=at_least(0))
    provenance: Provenance
    source: str = attrs.field(validator=non_empty())


@attrs.frozen
class TimeTiles:
    """The time of round 1 and the eight time tiles (F41)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    round_one: int = attrs.field(validator=at_least(0))
    values: tuple[int, ...] = attrs.field(validator=at_least(0))


@attrs.frozen
class BoastTileSpec:
    """One boast tile (F153-F161) and the least VP of its three fields (F63)."""

    kind: str
    name: str = attrs.field(validator=non_empty())
    per_item: int = attrs.field(validator=at_least(0))
    field_minimums: tuple[int, int, int] = attrs.field(validator=at_least(0))
    provenance: Provenance
    source: str = attrs.field(validator=non_empty())


@attrs.frozen
class ScandalCardSpec:
    """One scandal-card effect (F83-F94); ``cost`` is the time it costs
    (negative: it gives time)."""

    kind: str
    salutation: str
    cost: int


@attrs.frozen
class ScandalSpec:
    """The scandal cards and which Medici's deck each salutation is (§10)."""

    copies: int = attrs.field(validator=at_least(1))
    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    decks: dict[str, str]
    cards: tuple[ScandalCardSpec, ...]


@attrs.frozen
class Plans:
    """The six plan cards and their VP table (F120)."""

    provenance: Provenance
    source: str = attrs.field(validator=non_empty())
    cards: tuple[tuple[int, ...], ...] = attrs.field(validator=non_empty())
    table: tuple[int, ...] = attrs.field(validator=at_least(0))


@attrs.frozen
class StrozziCardSpec:
    """One Strozzi card of the solo game (F143-F149)."""

    number: int = attrs.field(validator=at_least(1))
    action: str = attrs.field(validator=non_empty())
    cost: int = attrs.field(validator=at_least(0))
    medici: str
    colour: str
    provenance: Provenance
    source: str = attrs.field(validator=non_empty())


@attrs.frozen
class RawCatalog:
    """The data file as written, before the derived tables are built."""

    edition: str = attrs.field(validator=non_empty())
    family: FamilySpec
    costs: Costs
    board: Board
    queues: Queues
    disc: tuple[SectorSpec, ...]
    time_tiles: TimeTiles
    boast_tiles: tuple[BoastTileSpec, ...]
    scandal: ScandalSpec
    plans: Plans
    strozzi: tuple[StrozziCardSpec, ...]


@attrs.frozen
class Catalog:
    """Everything the rules read, with tables derived once on load.

    Attributes:
        raw: the data file as written, with provenance.
        route: the Medici route, a cycle through all nine locations (F16).
        successor: the next location on the route, by location (index 0 unused).
        paths: the paths as location pairs; a path's index is its escort crest.
        neighbours: by location, the (neighbour, path index) pairs (F57).
        path_index: by (a, b) with a < b, the path's index.
        medici_of_round: the Medici of each round's sector, round 1 first (F37).
        scandal_medici: by scandal kind, the Medici whose deck holds it (§10).
        scandal_cost: by scandal kind, its time cost.
        boast_kinds: the boast tiles' kinds in file order.
    """

    raw: RawCatalog
    route: tuple[int, ...]
    successor: tuple[int, ...]
    paths: tuple[tuple[int, int], ...]
    neighbours: tuple[tuple[tuple[int, int], ...], ...]
    path_index: dict[tuple[int, int], int]
    medici_of_round: tuple[Medici, ...]
    scandal_medici: tuple[Medici, ...]
    scandal_cost: tuple[int, ...]
    boast_kinds: tuple[BoastKind, ...]


# --------------------------------------------------------------------------
# Rules of consistency: each names the table and the key (or entry) it concerns
# --------------------------------------------------------------------------


def _fail(where: str, problem: str) -> NoReturn:
    raise CatalogError(f"{where}: {problem}")


def _neighbours(a: int, b: int) -> bool:
    """Whether locations ``a`` and ``b`` share a side of the 3x3 grid (F14)."""
    (ra, ca), (rb, cb) = divmod(a - 1, 3), divmod(b - 1, 3)
    return abs(ra - rb) + abs(ca - cb) == 1


def _check_family(family: FamilySpec) -> None:
    if family.min_families != 2 or family.max_families != len(family.colours):
        _fail("family", "families must run from 2 (min_families) to the number of colours")
    if family.time_start > family.time_max:
        _fail("family", f"time_start {family.time_start} is above time_max {family.time_max}")


def _check_board(board: Board) -> None:
    for key, lines in (("rows", board.rows), ("columns", board.columns)):
        if len(lines) != 3 or sorted(loc for line in lines for loc in line) != list(LOCATIONS):
            _fail("board", f"{key} must be 3 lines holding each of the locations 1-9 once")
    if sorted(board.route) != list(LOCATIONS):
        _fail("board", "route must visit each of the locations 1-9 once (F16)")
    seen: set[tuple[int, int]] = set()
    for index, path in enumerate(board.paths):
        where = datafile.entry_name("board.paths", index, path)
        a, b = path.locations
        if not a < b:
            _fail(where, f"locations must name the lower location first, got {[a, b]}")
        if not _neighbours(a, b):
            _fail(where, f"locations {a}-{b} are not orthogonal neighbours (F15)")
        if path.locations in seen:
            _fail(where, f"the path {a}-{b} is listed twice")
        seen.add(path.locations)


def _check_queues(queues: Queues) -> None:
    numbers = queues.space_numbers
    if len(numbers) != 7:
        _fail("queues", f"space_numbers must list 7 spaces, got {len(numbers)}")
    if list(numbers) != sorted(numbers):
        _fail(
            "queues",
            f"space_numbers must not fall (blocked spaces at the tail, F46), got {list(numbers)}",
        )


def _check_disc(disc: tuple[SectorSpec, ...], rounds: int) -> None:
    if [sector.round for sector in disc] != list(range(1, rounds + 1)):
        _fail("disc", f"must hold the sectors of rounds 1-{rounds} in order")
    for index, sector in enumerate(disc):
        where = datafile.entry_name("disc", index, sector)
        expected = Medici(index % 3)  # F37: Cosimo, Contessina, Giovanni in turn
        if sector.medici.upper() != expected.name:
            _fail(where, f"medici must be {expected.name.lower()}, got {sector.medici!r}")
        if expected is Medici.GIOVANNI:
            if sector.queue_vp or not sector.rewards:
                _fail(where, "Giovanni's sector has rewards and no queue_vp")
        elif len(sector.queue_vp) != 7 or sector.rewards:
            _fail(where, "queue_vp must list 7 values, and rewards none")
        for number, (cost, vp) in enumerate(sector.rewards):
            if cost <= 0 or vp < 0:
                _fail(
                    where,
                    f"rewards[{number}] must be a positive cost and VP not negative,"
                    f" got {[cost, vp]}",
                )


def _check_boast_tiles(tiles: tuple[BoastTileSpec, ...]) -> None:
    if sorted(tile.kind for tile in tiles) != sorted(kind.name.lower() for kind in BoastKind):
        _fail("boast_tiles", "must hold each of the nine boast tiles once")
    for index, tile in enumerate(tiles):
        low, middle, top = tile.field_minimums
        if not 0 == low < middle < top:
            _fail(
                datafile.entry_name("boast_tiles", index, tile),
                f"field_minimums must be 0 < middle < top, got {list(tile.field_minimums)}",
            )


def _check_scandal(scandal: ScandalSpec) -> None:
    for salutation, owner in scandal.decks.items():
        if owner.upper() not in Medici.__members__:
            _fail("scandal.decks", f"{salutation} names no Medici: {owner!r}")
    if sorted(scandal.decks.values()) != sorted(medici.name.lower() for medici in Medici):
        _fail("scandal", "decks must give each Medici one salutation")
    if [card.kind for card in scandal.cards] != [kind.name.lower() for kind in ScandalKind]:
        _fail("scandal", "cards must list the twelve effects in the order of ScandalKind")
    for index, card in enumerate(scandal.cards):
        if card.salutation not in scandal.decks:
            _fail(
                datafile.entry_name("scandal.cards", index, card),
                f"salutation {card.salutation!r} has no deck",
            )


def _check_plans(plans: Plans) -> None:
    for index, plan in enumerate(plans.cards):
        if len(set(plan)) != 4 or not set(plan) <= set(LOCATIONS):
            _fail("plans", f"cards[{index}] must name 4 different locations, got {list(plan)}")
    if len(set(plans.cards)) != len(plans.cards):
        _fail("plans", "cards must all differ (F8)")
    if any(plans.table[:4]):
        _fail(
            "plans",
            f"table must score 0 for fewer than 4 members (F120), got {list(plans.table[:4])}",
        )


def _check_strozzi(cards: tuple[StrozziCardSpec, ...]) -> None:
    numbers = [card.number for card in cards]
    if numbers != list(range(1, len(cards) + 1)):
        _fail("strozzi", f"cards must be numbered 1-{len(cards)} in order, got {numbers}")


def _check(raw: RawCatalog) -> None:
    """Raise :class:`CatalogError` at the first rule of consistency ``raw`` breaks."""
    _check_family(raw.family)
    _check_board(raw.board)
    _check_queues(raw.queues)
    _check_disc(raw.disc, raw.family.rounds)
    if len(raw.time_tiles.values) != raw.family.rounds - 1:
        _fail(
            "time_tiles",
            f"values must hold {raw.family.rounds - 1} tiles, one per round after the first",
        )
    _check_boast_tiles(raw.boast_tiles)
    _check_scandal(raw.scandal)
    _check_plans(raw.plans)
    _check_strozzi(raw.strozzi)


def _build(raw: RawCatalog) -> Catalog:
    successor = [0] * 10
    route = raw.board.route
    for i, location in enumerate(route):
        successor[location] = route[(i + 1) % len(route)]
    paths = tuple(p.locations for p in raw.board.paths)
    neighbours: list[list[tuple[int, int]]] = [[] for _ in range(10)]
    for index, (a, b) in enumerate(paths):
        neighbours[a].append((b, index))
        neighbours[b].append((a, index))
    decks = raw.scandal.decks
    return Catalog(
        raw=raw,
        route=route,
        successor=tuple(successor),
        paths=paths,
        neighbours=tuple(tuple(sorted(n)) for n in neighbours),
        path_index={pair: index for index, pair in enumerate(paths)},
        medici_of_round=tuple(Medici[s.medici.upper()] for s in raw.disc),
        scandal_medici=tuple(Medici[decks[c.salutation].upper()] for c in raw.scandal.cards),
        scandal_cost=tuple(c.cost for c in raw.scandal.cards),
        boast_kinds=tuple(BoastKind[t.kind.upper()] for t in raw.boast_tiles),
    )


def parse_catalog(text: str, source: str = "<catalog>") -> Catalog:
    """Check and return the catalog given as TOML text.

    The shape of the document is checked by
    :func:`~princes_of_florence.datafile.load_toml`, which names every bad
    value at once; the rules of consistency between values are checked after
    it, and the first one broken is named.

    Args:
        text: the TOML document.
        source: where the text came from, to start error messages.

    Returns:
        The checked catalog, with its derived tables.

    Raises:
        CatalogError: the text is not TOML, or a value is missing, of the
            wrong type or inconsistent; the message names its path.

    >>> parse_catalog("edition = 'x'", source="mine.toml")
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.CatalogError: mine.toml: catalog: missing keys 'board', ...
    """
    raw = datafile.load_toml(RawCatalog, text, source=source, error=CatalogError, root="catalog")
    try:
        _check(raw)
    except CatalogError as problem:
        raise CatalogError(f"{source}: {problem}") from None
    return _build(raw)


@functools.cache
def default_catalog() -> Catalog:
    """The shipped reference edition, loaded and checked on first use.

    >>> default_catalog() is default_catalog()
    True
    """
    data = resources.files("princes_of_florence.florenz.components").joinpath("florenz.toml")
    return parse_catalog(data.read_text(encoding="utf-8"), "florenz.toml")
