"""The Florenz component catalog: the TOML data file, checked and structured.

The rules read every number from :func:`default_catalog`.  The file
``florenz.toml`` marks each value stated (``S``), forced by the text
(``S-derived``) or reconstructed (``R``); printed values can replace the
reconstructed ones without a change of code.

>>> catalog = default_catalog()
>>> catalog.route
(1, 5, 2, 3, 6, 9, 8, 7, 4)
>>> catalog.raw.disc[0].queue_vp[:4]
(11, 7, 4, 2)
"""

from __future__ import annotations

import tomllib
from importlib import resources
from typing import Any

import attrs
import cattrs
from cattrs.errors import ClassValidationError

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


@attrs.frozen
class FamilySpec:
    """One family's pieces and limits (rules F5, F17-F19, F39, F81)."""

    provenance: Provenance
    source: str
    colours: tuple[str, ...]
    time_start: int
    time_max: int
    debutants: int
    ladies: int
    maestros: int
    guards: int
    cups: int
    gifts_start: int
    hand_limit: int
    min_families: int
    max_families: int
    rounds: int


@attrs.frozen
class Costs:
    """Time costs and gains of the actions (§13 of the reference)."""

    provenance: Provenance
    source: str
    send: int
    promote: int
    move: int
    hurry: int
    boast: int
    gift_base: int
    first_pass_time: int
    pass_bonus_time: int
    pass_bonus_vp: int
    escort_own_time: int
    escort_other_vp: int
    discard_time: int
    time_per_final_vp: int


@attrs.frozen
class PathSpec:
    """A path between two orthogonally adjacent locations, with one escort crest."""

    locations: tuple[int, int]
    provenance: Provenance
    source: str


@attrs.frozen
class Board:
    """The 3x3 board: rows, columns, the Medici route and the paths (F14-F16)."""

    provenance: Provenance
    source: str
    rows: tuple[tuple[int, ...], ...]
    columns: tuple[tuple[int, ...], ...]
    route: tuple[int, ...]
    paths: tuple[PathSpec, ...]


@attrs.frozen
class Queues:
    """The numbers printed on the queue spaces, head first (F12, F29)."""

    provenance: Provenance
    source: str
    space_numbers: tuple[int, ...]


@attrs.frozen
class SectorSpec:
    """One sector of the Medici disc (§6): the scoring of one round."""

    round: int
    medici: str
    head_vp: int
    queue_vp: tuple[int, ...]
    rewards: tuple[tuple[int, int], ...]
    gifts: int
    provenance: Provenance
    source: str


@attrs.frozen
class TimeTiles:
    """The time of round 1 and the eight time tiles (F41)."""

    provenance: Provenance
    source: str
    round_one: int
    values: tuple[int, ...]


@attrs.frozen
class BoastTileSpec:
    """One boast tile (F153-F161) and the least VP of its three fields (F63)."""

    kind: str
    name: str
    per_item: int
    field_minimums: tuple[int, int, int]
    provenance: Provenance
    source: str


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

    copies: int
    provenance: Provenance
    source: str
    decks: dict[str, str]
    cards: tuple[ScandalCardSpec, ...]


@attrs.frozen
class Plans:
    """The six plan cards and their VP table (F120)."""

    provenance: Provenance
    source: str
    cards: tuple[tuple[int, ...], ...]
    table: tuple[int, ...]


@attrs.frozen
class StrozziCardSpec:
    """One Strozzi card of the solo game (F143-F149)."""

    number: int
    action: str
    cost: int
    medici: str
    colour: str
    provenance: Provenance
    source: str


@attrs.frozen
class RawCatalog:
    """The data file as written, before the derived tables are built."""

    edition: str
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


def _converter() -> cattrs.Converter:
    converter = cattrs.Converter(forbid_extra_keys=True)
    converter.register_structure_hook(Provenance, lambda value, _: Provenance(value))
    return converter


def _fail(where: str, message: str) -> CatalogError:
    return CatalogError(f"{where}: {message}")


def _check(raw: RawCatalog, where: str) -> None:
    family = raw.family
    if family.min_families != 2 or family.max_families != len(family.colours):
        raise _fail(where, "family: families must run from 2 to the number of colours")
    if sorted(raw.board.route) != list(LOCATIONS):
        raise _fail(where, "board.route: must visit each of the locations 1-9 once")
    for i, path in enumerate(raw.board.paths):
        a, b = path.locations
        if not (a in LOCATIONS and b in LOCATIONS and a < b):
            raise _fail(where, f"board.paths[{i}].locations: {a}, {b} are not two locations a < b")
        ra, ca, rb, cb = (a - 1) // 3, (a - 1) % 3, (b - 1) // 3, (b - 1) % 3
        if abs(ra - rb) + abs(ca - cb) != 1:
            raise _fail(where, f"board.paths[{i}].locations: {a}-{b} are not orthogonal neighbours")
    if len({p.locations for p in raw.board.paths}) != len(raw.board.paths):
        raise _fail(where, "board.paths: a path is listed twice")
    if len(raw.queues.space_numbers) != 7:
        raise _fail(where, "queues.space_numbers: must list 7 spaces")
    if list(raw.queues.space_numbers) != sorted(raw.queues.space_numbers):
        raise _fail(where, "queues.space_numbers: blocked spaces must be at the tail (F46)")
    if [s.round for s in raw.disc] != list(range(1, family.rounds + 1)):
        raise _fail(where, f"disc: must hold sectors 1-{family.rounds} in order")
    for i, sector in enumerate(raw.disc):
        try:
            medici = Medici[sector.medici.upper()]
        except KeyError:
            raise _fail(where, f"disc[{i}].medici: unknown Medici {sector.medici!r}") from None
        if medici != Medici(i % 3):
            raise _fail(where, f"disc[{i}].medici: round {i + 1} is {Medici(i % 3).name.lower()}'s")
        if medici is Medici.GIOVANNI:
            if sector.queue_vp or not sector.rewards:
                raise _fail(where, f"disc[{i}]: Giovanni's sector has rewards, no queue_vp")
        elif len(sector.queue_vp) != 7 or sector.rewards:
            raise _fail(where, f"disc[{i}].queue_vp: must list 7 values and no rewards")
        if sector.head_vp < 0 or any(v < 0 for v in sector.queue_vp):
            raise _fail(where, f"disc[{i}]: VP must not be negative")
        for j, (cost, vp) in enumerate(sector.rewards):
            if cost <= 0 or vp < 0:
                raise _fail(
                    where, f"disc[{i}].rewards[{j}]: cost must be positive, VP not negative"
                )
    if len(raw.time_tiles.values) != family.rounds - 1:
        raise _fail(where, f"time_tiles.values: must hold {family.rounds - 1} tiles")
    kinds = [t.kind for t in raw.boast_tiles]
    if sorted(kinds) != sorted(k.name.lower() for k in BoastKind):
        raise _fail(where, "boast_tiles: must hold each of the nine boast tiles once")
    for i, tile in enumerate(raw.boast_tiles):
        low, mid, top = tile.field_minimums
        if not 0 == low < mid < top:
            raise _fail(where, f"boast_tiles[{i}].field_minimums: must be 0 < middle < top")
    cards = [c.kind for c in raw.scandal.cards]
    if cards != [k.name.lower() for k in ScandalKind]:
        raise _fail(
            where, "scandal.cards: must list the twelve effects in the order of ScandalKind"
        )
    for i, card in enumerate(raw.scandal.cards):
        owner = raw.scandal.decks.get(card.salutation)
        if owner is None or owner.upper() not in Medici.__members__:
            raise _fail(where, f"scandal.cards[{i}].salutation: {card.salutation!r} has no deck")
    if sorted(raw.scandal.decks.values()) != sorted(m.name.lower() for m in Medici):
        raise _fail(where, "scandal.decks: each Medici must own one salutation")
    for i, plan in enumerate(raw.plans.cards):
        if len(set(plan)) != 4 or not set(plan) <= set(LOCATIONS):
            raise _fail(where, f"plans.cards[{i}]: must name 4 different locations")
    if len(set(raw.plans.cards)) != len(raw.plans.cards):
        raise _fail(where, "plans.cards: the plan cards must all differ (F8)")
    if any(v < 0 for v in raw.plans.table) or any(raw.plans.table[:4]):
        raise _fail(where, "plans.table: fewer than 4 members score 0 (F120), no VP negative")


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

    Args:
        text: the TOML document.
        source: where the text came from, to start error messages.

    Returns:
        The checked catalog, with its derived tables.

    Raises:
        CatalogError: the text is not TOML, or a value is missing, of the
            wrong type or inconsistent; the message names its path.

    >>> parse_catalog("edition = 'x'")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.CatalogError: <catalog>: required field missing @ $.family...
    """
    try:
        data: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise CatalogError(f"{source}: not TOML: {error}") from None
    try:
        raw = _converter().structure(data, RawCatalog)
    except ClassValidationError as error:
        problems = "; ".join(cattrs.transform_error(error))
        raise CatalogError(f"{source}: {problems}") from None
    _check(raw, source)
    return _build(raw)


_DEFAULT: list[Catalog] = []


def default_catalog() -> Catalog:
    """The shipped reference edition, loaded and checked on first use.

    >>> default_catalog() is default_catalog()
    True
    """
    if not _DEFAULT:
        data = resources.files("princes_of_florence.florenz.components").joinpath("florenz.toml")
        _DEFAULT.append(parse_catalog(data.read_text(encoding="utf-8"), "florenz.toml"))
    return _DEFAULT[0]
