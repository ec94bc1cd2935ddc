"""Tests for the component catalog: the shipped data and every validation rule."""

from __future__ import annotations

import copy
import json
import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeGuard

import attrs
import pytest

from princes_of_florence.components import (
    BonusTerm,
    Catalog,
    PrestigeKind,
    PrestigeRequirement,
    Provenance,
    TileKind,
    default_catalog,
    load_catalog,
    parse_catalog,
)
from princes_of_florence.errors import CatalogError
from princes_of_florence.geometry import parse_cells
from princes_of_florence.ids import (
    BonusCardId,
    Building,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    Quantity,
    SizeClass,
)

Data = dict[str, Any]
Mutation = Callable[[Data], None]
Key = str | int


# --------------------------------------------------------------------------
# Helpers: the shipped file as data, and a small TOML writer for corrupted copies
# --------------------------------------------------------------------------


def shipped_text() -> str:
    """The text of the shipped catalog file."""
    resource = resources.files("princes_of_florence.components").joinpath("catalog.toml")
    return resource.read_text(encoding="utf-8")


def shipped_data() -> Data:
    """The shipped catalog file, parsed into plain Python data."""
    return tomllib.loads(shipped_text())


def _toml_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        pairs = ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items())
        return "{ " + pairs + " }"
    raise TypeError(f"cannot write {value!r} as TOML")


def _is_table_array(value: object) -> TypeGuard[list[dict[str, object]]]:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def _write_table(lines: list[str], name: str, table: Mapping[str, object]) -> None:
    lines.append(f"[{name}]")
    nested = {k: v for k, v in table.items() if isinstance(v, dict)}
    lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in table.items() if k not in nested)
    for key, sub in nested.items():
        _write_table(lines, f"{name}.{_toml_key(key)}", sub)


def dump_toml(data: Mapping[str, object]) -> str:
    """Write ``data`` as TOML: top-level values first, then tables, then arrays of tables."""
    lines: list[str] = []
    for key, value in data.items():
        if not isinstance(value, dict) and not _is_table_array(value):
            lines.append(f"{_toml_key(key)} = {_toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            _write_table(lines, _toml_key(key), value)
    for key, value in data.items():
        if _is_table_array(value):
            for entry in value:
                lines.append(f"[[{_toml_key(key)}]]")
                lines.extend(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in entry.items())
    return "\n".join(lines) + "\n"


def _walk(data: Data, path: tuple[Key, ...]) -> Any:
    node: Any = data
    for key in path:
        node = node[key]
    return node


def put(*path: Key, value: object) -> Mutation:
    """A mutation that sets the value at ``path`` (adding the key if needed)."""

    def mutate(data: Data) -> None:
        _walk(data, path[:-1])[path[-1]] = value

    return mutate


def drop(*path: Key) -> Mutation:
    """A mutation that removes the key or array entry at ``path``."""

    def mutate(data: Data) -> None:
        del _walk(data, path[:-1])[path[-1]]

    return mutate


def both(*mutations: Mutation) -> Mutation:
    """A mutation that applies several mutations in order."""

    def mutate(data: Data) -> None:
        for mutation in mutations:
            mutation(data)

    return mutate


def append_copy(section: str, index: int) -> Mutation:
    """A mutation that appends a copy of ``section[index]`` to the section."""

    def mutate(data: Data) -> None:
        data[section].append(copy.deepcopy(data[section][index]))

    return mutate


def write_corrupted(tmp_path: Path, mutation: Mutation) -> Path:
    """Write the shipped data, changed by ``mutation``, to a file; return its path."""
    data = shipped_data()
    mutation(data)
    path = tmp_path / "catalog.toml"
    path.write_text(dump_toml(data), encoding="utf-8")
    return path


# --------------------------------------------------------------------------
# The shipped catalog
# --------------------------------------------------------------------------


def test_default_catalog_loads() -> None:
    """The shipped reference edition loads and validates."""
    expected = "reference"
    assert expected == default_catalog().edition


def test_default_catalog_is_loaded_once() -> None:
    """default_catalog returns the same object on every call."""
    assert default_catalog() is default_catalog()


def test_load_catalog_of_shipped_file_equals_default(tmp_path: Path) -> None:
    """Loading a copy of the shipped file from a path gives an equal catalog."""
    path = tmp_path / "copy.toml"
    path.write_text(shipped_text(), encoding="utf-8")
    assert default_catalog() == load_catalog(path)
    assert default_catalog() == load_catalog(str(path))


def test_test_writer_round_trips_the_shipped_data() -> None:
    """The TOML writer used by these tests reproduces the shipped catalog exactly."""
    assert default_catalog() == parse_catalog(dump_toml(shipped_data()))


def test_counts() -> None:
    """The catalog holds 10 buildings, 3 landscapes and every card once."""
    catalog = default_catalog()
    expected_kinds = {TileKind.BUILDING: 10, TileKind.LANDSCAPE: 3}
    assert expected_kinds == Counter(tile.kind for tile in catalog.tiles)
    assert set(Building) | set(Landscape) == {tile.id for tile in catalog.tiles}
    assert list(PersonId) == [person.id for person in catalog.persons]
    assert list(range(1, 22)) == [person.number for person in catalog.persons]
    assert list(BonusCardId) == sorted(card.id for card in catalog.bonus_cards)
    assert list(PrestigeCardId) == sorted(card.id for card in catalog.prestige_cards)
    expected_characters = ["muse", "cardinal", "princess", "merchant", "professor", "banker"]
    assert expected_characters == [character.id for character in catalog.characters]


def test_person_landscape_split() -> None:
    """Nine persons prefer forest, seven lake and five park."""
    expected = {Landscape.FOREST: 9, Landscape.LAKE: 7, Landscape.PARK: 5}
    assert expected == Counter(person.landscape for person in default_catalog().persons)


def test_every_building_is_named_by_a_person() -> None:
    """Each building is the building of at least one person card."""
    assert set(Building) == {person.building for person in default_catalog().persons}


def test_tile_supply_cells_and_sizes() -> None:
    """Supply, cell counts and size classes are those of components.md."""
    expected = {
        Building.UNIVERSITY: (3, 7, SizeClass.LARGE),
        Building.LABORATORY: (3, 7, SizeClass.LARGE),
        Building.WORKSHOP: (3, 7, SizeClass.LARGE),
        Building.LIBRARY: (3, 5, SizeClass.MEDIUM),
        Building.OPERA: (3, 5, SizeClass.MEDIUM),
        Building.STUDIO: (3, 5, SizeClass.MEDIUM),
        Building.HOSPITAL: (3, 5, SizeClass.MEDIUM),
        Building.THEATER: (3, 5, SizeClass.MEDIUM),
        Building.TOWER: (3, 3, SizeClass.SMALL),
        Building.CHAPEL: (3, 3, SizeClass.SMALL),
        Landscape.FOREST: (6, 4, None),
        Landscape.LAKE: (6, 3, None),
        Landscape.PARK: (6, 2, None),
    }
    actual = {
        tile.id: (tile.supply, len(tile.cells), tile.size) for tile in default_catalog().tiles
    }
    assert expected == actual


def test_tile_cells_are_normalised() -> None:
    """Every shape starts at x = 0 and y = 0 and lists its cells sorted."""
    origin = (0, 0)
    for tile in default_catalog().tiles:
        assert origin == (min(x for x, _ in tile.cells), min(y for _, y in tile.cells))
        assert tuple(sorted(tile.cells)) == tile.cells


def test_first_shape_row_is_the_top_row() -> None:
    """The studio's foot, drawn in its last row, lies at y = 0."""
    expected = ((0, 0), (0, 1), (0, 2), (0, 3), (1, 0))
    assert expected == default_catalog().tile(Building.STUDIO).cells


def test_is_building() -> None:
    """Buildings report is_building and landscapes do not."""
    catalog = default_catalog()
    expected: dict[Building | Landscape, bool] = {Building.CHAPEL: True, Landscape.LAKE: False}
    assert expected == {tile: catalog.tile(tile).is_building for tile in expected}


def test_person_lookup() -> None:
    """The poet, card 19, works with the theater, lakes and travel."""
    poet = default_catalog().person(PersonId.POET)
    expected = (19, "Dichter", Building.THEATER, Landscape.LAKE, Freedom.TRAVEL, Provenance.SOURCED)
    actual = (
        poet.number,
        poet.name_de,
        poet.building,
        poet.landscape,
        poet.freedom,
        poet.provenance,
    )
    assert expected == actual


def test_bonus_card_examples() -> None:
    """B01 to B20 record the rulebook's example values."""
    expected = {
        "B01": 5, "B02": 4, "B03": 3, "B04": 5, "B05": 6, "B06": 3, "B07": 4,
        "B08": 2, "B09": 0, "B10": 4, "B11": 0, "B12": 2, "B13": 4, "B14": 3,
        "B15": 2, "B16": 3, "B17": 4, "B18": 5, "B19": 2, "B20": 3,
    }  # fmt: skip
    actual = {str(card.id): card.example for card in default_catalog().bonus_cards}
    assert expected == actual


def test_bonus_card_terms() -> None:
    """Each bonus card counts the quantities listed in components.md."""
    q = Quantity
    expected = {
        "B01": ((q.BUILDINGS, 1),),
        "B02": ((q.LARGE_BUILDINGS, 2),),
        "B03": ((q.MEDIUM_BUILDINGS, 1), (q.FORESTS, 1)),
        "B04": ((q.SMALL_BUILDINGS, 1), (q.LANDSCAPES, 1)),
        "B05": ((q.SIZE_CLASSES, 2),),
        "B06": ((q.LANDSCAPES, 1),),
        "B07": ((q.FORESTS, 2),),
        "B08": ((q.LAKES, 2),),
        "B09": ((q.PARKS, 2),),
        "B10": ((q.FREEDOMS, 2),),
        "B11": ((q.JESTERS, 2),),
        "B12": ((q.JESTERS, 1), (q.FREEDOMS, 1)),
        "B13": ((q.BUILDERS, 2),),
        "B14": ((q.BUILDERS, 1), (q.LAKES, 1)),
        "B15": ((q.PRESTIGE_CARDS, 2),),
        "B16": ((q.PRESTIGE_CARDS, 1), (q.FREEDOMS, 1)),
        "B17": ((q.LANDSCAPE_TYPES, 2),),
        "B18": ((q.CATEGORIES, 1),),
        "B19": ((q.HAND_PERSONS, 1),),
        "B20": ((q.WORKS, 1),),
    }
    actual = {
        str(card.id): tuple((term.quantity, term.per) for term in card.terms)
        for card in default_catalog().bonus_cards
    }
    assert expected == actual


def test_bonus_terms_reproduce_the_examples() -> None:
    """Summing each card's terms over the example player gives its example value."""
    catalog = default_catalog()
    counts = dict(catalog.bonus_example)
    for card in catalog.bonus_cards:
        assert card.example == sum(term.per * counts[term.quantity] for term in card.terms)


def test_bonus_card_lookup() -> None:
    """bonus_card finds a card's terms by id."""
    card = default_catalog().bonus_card(BonusCardId.B14)
    expected = (BonusTerm(Quantity.BUILDERS, 1), BonusTerm(Quantity.LAKES, 1))
    assert expected == card.terms


@pytest.mark.parametrize(
    ("card", "kind", "quantity", "points", "tie_points"),
    [
        (PrestigeCardId.P01, PrestigeKind.MOST, Quantity.BUILDINGS, 6, 3),
        (PrestigeCardId.P03, PrestigeKind.FEWEST, Quantity.EMPTY_CELLS, 8, 4),
        (PrestigeCardId.P05, PrestigeKind.MOST, Quantity.LANDSCAPES, 7, 4),
        (PrestigeCardId.P06, PrestigeKind.MOST, Quantity.FORESTS, 7, 4),
        (PrestigeCardId.P07, PrestigeKind.MOST, Quantity.LAKES, 6, 3),
        (PrestigeCardId.P10, PrestigeKind.MOST, Quantity.JESTERS, 6, 3),
        (PrestigeCardId.P11, PrestigeKind.MOST, Quantity.BUILDERS, 6, 3),
        (PrestigeCardId.P12, PrestigeKind.MOST, Quantity.PARKS, 5, 3),
        (PrestigeCardId.P14, PrestigeKind.MOST, Quantity.WORKS, 7, 4),
    ],
)
def test_most_and_fewest_prestige_cards(
    card: PrestigeCardId, kind: PrestigeKind, quantity: Quantity, points: int, tie_points: int
) -> None:
    """Most and fewest prestige cards compare one quantity, with tie points."""
    spec = default_catalog().prestige_card(card)
    assert (kind, quantity, points, tie_points, ()) == (
        spec.kind,
        spec.quantity,
        spec.points,
        spec.tie_points,
        spec.requires,
    )


@pytest.mark.parametrize(
    ("card", "requires", "points"),
    [
        (PrestigeCardId.P02, {Quantity.LARGE_BUILDINGS: 2}, 5),
        (PrestigeCardId.P04, {Quantity.LANDSCAPE_TYPES: 3}, 8),
        (PrestigeCardId.P08, {Quantity.FREEDOMS: 3}, 8),
        (PrestigeCardId.P09, {Quantity.BUILDINGS: 4, Quantity.FREEDOMS: 2, Quantity.WORKS: 4}, 6),
        (
            PrestigeCardId.P13,
            {Quantity.BUILDERS: 1, Quantity.JESTERS: 1, Quantity.LANDSCAPES: 2},
            7,
        ),
    ],
)
def test_threshold_prestige_cards(
    card: PrestigeCardId, requires: dict[Quantity, int], points: int
) -> None:
    """Threshold prestige cards list their requirements and have no tie points."""
    spec = default_catalog().prestige_card(card)
    expected = (
        PrestigeKind.THRESHOLD,
        None,
        points,
        0,
        tuple(PrestigeRequirement(q, n) for q, n in requires.items()),
    )
    assert expected == (spec.kind, spec.quantity, spec.points, spec.tie_points, spec.requires)


def test_rules_constants() -> None:
    """The [rules] table is read into typed constants."""
    expected: dict[str, object] = {
        "grid_size": 7,
        "palazzo": ("a1", "b1", "c1", "a2", "b2", "c2"),
        "usable_cells": 43,
        "starting_money": 3500,
        "starting_money_two_players": 2500,
        "base_price": 200,
        "base_price_two_players": 300,
        "raise_step": 100,
        "build_cost": (700, 300, 300, 0),
        "person_cost": 300,
        "freedom_cost": 300,
        "bonus_cost": 300,
        "building_prestige": 3,
        "landscape_repeat_prestige": 3,
        "builder_prestige": (0, 3, 3),
        "max_builders": 3,
        "best_work_prestige": 3,
        "florins_per_converted_prestige": 200,
        "florins_per_sold_prestige": 100,
        "draw_size": 5,
        "setup_persons_dealt": 4,
        "setup_persons_returned": 1,
        "rounds": 7,
        "minimum_work": (7, 10, 12, 14, 15, 16, 17),
        "work_building": 4,
        "work_landscape": 3,
        "work_freedom": 3,
        "work_per_jester": 2,
        "work_per_person": 1,
        "jesters": 7,
        "builders": 6,
        "freedoms_each": 4,
        "recruiting_cards": 5,
        "banker_start_money": 600,
        "banker_growth": 100,
    }
    rules = attrs.asdict(default_catalog().rules)
    assert expected == {key: rules[key] for key in expected}


def test_character_bids() -> None:
    """Characters bid 300 to 1500 in steps of 100, the banker 0 to 500."""
    catalog = default_catalog()
    assert tuple(range(300, 1501, 100)) == catalog.character("muse").bids
    expected = ((0, 100, 200, 300, 400, 500), "Bankier")
    banker = catalog.character("banker")
    assert expected == (banker.bids, banker.name_de)


def test_reconstructed_reports_every_r_entry() -> None:
    """reconstructed() lists exactly the entries marked R, with their notes."""
    catalog = default_catalog()
    marked = [
        *(("tile", str(t.id), t.provenance_note, t.provenance) for t in catalog.tiles),
        *(("person", str(p.id), p.provenance_note, p.provenance) for p in catalog.persons),
        *(("bonus_card", str(c.id), c.provenance_note, c.provenance) for c in catalog.bonus_cards),
        *(
            ("prestige_card", str(c.id), c.provenance_note, c.provenance)
            for c in catalog.prestige_cards
        ),
        *(("character", c.id, c.provenance_note, c.provenance) for c in catalog.characters),
        ("shared_map", "shared_map", catalog.shared_map.provenance_note, Provenance.RECONSTRUCTED),
    ]
    expected = [("rules", "palazzo", "[S] size and corner, [R] orientation")] + [
        (kind, ident, note)
        for kind, ident, note, mark in marked
        if mark is Provenance.RECONSTRUCTED
    ]
    assert expected == list(catalog.reconstructed())


def test_sourced_palazzo_is_not_reported(tmp_path: Path) -> None:
    """With the palazzo marked S, reconstructed() starts with the first R tile."""
    path = write_corrupted(tmp_path, put("rules", "palazzo_provenance", value="S"))
    expected = ("tile", "university", "[S] cells, [R] shape")
    assert expected == load_catalog(path).reconstructed()[0]


def test_reconstructed_matches_components_md() -> None:
    """Every tile and all persons but four fully sourced ones are reconstructed."""
    reported = default_catalog().reconstructed()
    sourced_persons = {PersonId.BOTANIST, PersonId.ALCHEMIST, PersonId.BELL_FOUNDER, PersonId.POET}
    expected_persons = [str(p) for p in PersonId if p not in sourced_persons]
    assert [str(t) for t in (*Building, *Landscape)] == [i for k, i, _ in reported if k == "tile"]
    assert expected_persons == [ident for kind, ident, _ in reported if kind == "person"]
    assert {"rules", "tile", "person", "shared_map"} == {kind for kind, _, _ in reported}


def test_reconstructed_notes_follow_the_marks() -> None:
    """Every reported note mentions [R]; sourced notes never do."""
    catalog = default_catalog()
    assert all("[R]" in note for _, _, note in catalog.reconstructed())
    expected = ["[S]"] * 4
    assert expected == [
        p.provenance_note for p in catalog.persons if p.provenance is Provenance.SOURCED
    ]


# --------------------------------------------------------------------------
# Validation: every corrupted copy is rejected with a precise message
# --------------------------------------------------------------------------

_SHAPE = ("tiles", 0, "shape")
_WORK = ("rules", "minimum_work")
_MONEY_KEYS = (
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
"""Every florin amount of [rules] besides build_cost (ruling R2)."""

CORRUPTIONS = [
    # Missing, extra and wrongly typed keys.
    pytest.param(
        drop("persons", 3, "freedom"),
        "persons[3] (botanist): missing key 'freedom'",
        id="person-missing-key",
    ),
    pytest.param(
        put("persons", 3, "colour", value="green"),
        "persons[3] (botanist): unknown key 'colour'",
        id="person-extra-key",
    ),
    pytest.param(drop("characters"), "catalog: missing key 'characters'", id="missing-section"),
    pytest.param(
        put("extras", value={"a": 1}), "catalog: unknown key 'extras'", id="extra-section"
    ),
    pytest.param(drop("rules", "rounds"), "rules: missing key 'rounds'", id="rules-missing-key"),
    pytest.param(
        put("rules", "round_count", value=7),
        "rules: unknown key 'round_count'",
        id="rules-extra-key",
    ),
    pytest.param(
        drop("rules", "work_value", "per_jester"),
        "rules.work_value: missing key 'per_jester'",
        id="work-value-missing-key",
    ),
    pytest.param(drop("edition", "name"), "edition: missing key 'name'", id="edition-missing-key"),
    pytest.param(
        drop("tiles", 0, "provenance"),
        "tiles[0] (university): missing key 'provenance'",
        id="tile-missing-provenance",
    ),
    pytest.param(
        drop("bonus_cards", 2, "terms", 0, "per"),
        "bonus_cards[2] (B03).terms[0]: missing key 'per'",
        id="bonus-term-missing-key",
    ),
    pytest.param(
        put("prestige_cards", 0, "requires", value=[]),
        "prestige_cards[0] (P01): unknown key 'requires'",
        id="most-card-with-requires",
    ),
    pytest.param(
        put("prestige_cards", 1, "tie_points", value=2),
        "prestige_cards[1] (P02): unknown key 'tie_points'",
        id="threshold-card-with-tie-points",
    ),
    pytest.param(
        drop("prestige_cards", 1, "requires"),
        "prestige_cards[1] (P02): missing key 'requires'",
        id="threshold-card-without-requires",
    ),
    pytest.param(
        drop("prestige_cards", 2, "quantity"),
        "prestige_cards[2] (P03): missing key 'quantity'",
        id="fewest-card-without-quantity",
    ),
    pytest.param(
        put("characters", 0, "colour", value="red"),
        "characters[0] (muse): unknown key 'colour'",
        id="character-extra-key",
    ),
    pytest.param(
        put("persons", 3, "number", value="4"),
        "persons[3] (botanist): number must be an integer, got a string ('4')",
        id="number-as-string",
    ),
    pytest.param(
        put("tiles", 0, "supply", value=True),
        "tiles[0] (university): supply must be an integer, got a boolean (True)",
        id="supply-as-boolean",
    ),
    pytest.param(
        put(*_SHAPE, value="###"),
        "tiles[0] (university): shape must be an array of strings, got a string",
        id="shape-as-string",
    ),
    pytest.param(
        put(*_WORK, value=[7, "10", 12, 14, 15, 16, 17]),
        "rules: minimum_work must be an array of integers",
        id="minimum-work-with-string",
    ),
    pytest.param(
        put(*_WORK, value=7),
        "rules: minimum_work must be an array of integers, got an integer (7)",
        id="minimum-work-as-integer",
    ),
    pytest.param(
        put("rules", "palazzo", value=["a1", 2]),
        "rules: palazzo must be an array of strings, got an array (['a1', 2])",
        id="palazzo-with-integer",
    ),
    pytest.param(
        put("persons", 3, "name_de", value=["x" * 50]),
        "persons[3] (botanist): name_de must be a string, got an array (['" + "x" * 35 + "...)",
        id="long-value-shortened",
    ),
    pytest.param(
        put("persons", value={"number": 1}),
        "catalog: persons must be an array of tables, got a table",
        id="persons-as-table",
    ),
    pytest.param(
        put("tiles", value=["university"]),
        "tiles[0]: must be a table, got a string ('university')",
        id="tile-as-string",
    ),
    pytest.param(
        put("bonus_cards", 0, "terms", value="buildings"),
        "bonus_cards[0] (B01): terms must be an array of tables, got a string",
        id="terms-as-string",
    ),
    pytest.param(
        put("rules", "work_value", value=4),
        "rules.work_value: must be a table, got an integer (4)",
        id="work-value-as-integer",
    ),
    pytest.param(
        put("edition", "name", value=1.5),
        "edition: name must be a string, got a float (1.5)",
        id="edition-name-as-float",
    ),
    pytest.param(put("edition", "name", value=""), "edition: name must not be empty", id="no-name"),
    # Unknown enum values.
    pytest.param(
        put("persons", 3, "building", value="observatory"),
        "persons[3] (botanist): unknown building 'observatory' (expected one of: university,",
        id="unknown-building",
    ),
    pytest.param(
        put("persons", 3, "landscape", value="desert"),
        "persons[3] (botanist): unknown landscape 'desert'",
        id="unknown-landscape",
    ),
    pytest.param(
        put("persons", 3, "freedom", value="speech"),
        "persons[3] (botanist): unknown freedom 'speech'",
        id="unknown-freedom",
    ),
    pytest.param(
        put("persons", 3, "id", value="gardener"),
        "persons[3] (gardener): unknown id 'gardener'",
        id="unknown-person",
    ),
    pytest.param(
        put("persons", 3, "provenance", value="X"),
        "persons[3] (botanist): unknown provenance 'X' (expected one of: S, R)",
        id="unknown-provenance",
    ),
    pytest.param(
        put("tiles", 0, "size", value="huge"),
        "tiles[0] (university): unknown size 'huge'",
        id="unknown-size",
    ),
    pytest.param(
        put("tiles", 0, "kind", value="castle"),
        "tiles[0] (university): unknown kind 'castle' (expected one of: building, landscape)",
        id="unknown-tile-kind",
    ),
    pytest.param(
        put("tiles", 0, "id", value="castle"),
        "tiles[0] (castle): unknown building id 'castle'",
        id="unknown-tile-id",
    ),
    pytest.param(
        both(put("tiles", 10, "kind", value="building"), put("tiles", 10, "size", value="large")),
        "tiles[10] (forest): unknown building id 'forest'",
        id="landscape-as-building",
    ),
    pytest.param(
        put("bonus_cards", 0, "terms", 0, "quantity", value="gold"),
        "bonus_cards[0] (B01).terms[0]: unknown quantity 'gold'",
        id="unknown-bonus-quantity",
    ),
    pytest.param(
        put("bonus_cards", 0, "id", value="B21"),
        "bonus_cards[0] (B21): unknown id 'B21'",
        id="unknown-bonus-id",
    ),
    pytest.param(
        put("bonus_example", "gold", value=1),
        "bonus_example: unknown quantity 'gold'",
        id="unknown-example-quantity",
    ),
    pytest.param(
        put("prestige_cards", 0, "kind", value="average"),
        "prestige_cards[0] (P01): unknown kind 'average' "
        "(expected one of: most, fewest, threshold)",
        id="unknown-prestige-kind",
    ),
    pytest.param(
        put("prestige_cards", 0, "quantity", value="gold"),
        "prestige_cards[0] (P01): unknown quantity 'gold'",
        id="unknown-prestige-quantity",
    ),
    pytest.param(
        put("prestige_cards", 1, "requires", 0, "quantity", value="castles"),
        "prestige_cards[1] (P02).requires[0]: unknown quantity 'castles'",
        id="unknown-requirement-quantity",
    ),
    pytest.param(
        put("prestige_cards", 0, "id", value="P15"),
        "prestige_cards[0] (P15): unknown id 'P15'",
        id="unknown-prestige-id",
    ),
    # Wrong counts and duplicates.
    pytest.param(
        drop("tiles", 12), "tiles: expected 13 entries, got 12; missing park", id="tile-missing"
    ),
    pytest.param(append_copy("tiles", 0), "tiles: expected 13 entries, got 14", id="tile-extra"),
    pytest.param(
        put("tiles", 12, "id", value="lake"),
        "tiles[12] (lake): duplicate id 'lake', already used by tiles[11] (lake)",
        id="tile-duplicate",
    ),
    pytest.param(
        drop("persons", 20),
        "persons: expected 21 entries, got 20; missing architect",
        id="person-missing",
    ),
    pytest.param(
        append_copy("persons", 0), "persons: expected 21 entries, got 22", id="person-extra"
    ),
    pytest.param(
        put("persons", 20, "number", value=22),
        "persons[20] (architect): number is 22, but entry 20 must be card 21",
        id="person-number",
    ),
    pytest.param(
        put("persons", 20, "id", value="poet"),
        "persons[20] (poet): duplicate id 'poet', already used by persons[18] (poet)",
        id="person-duplicate",
    ),
    pytest.param(
        drop("bonus_cards", 19),
        "bonus_cards: expected 20 entries, got 19; missing B20",
        id="bonus-missing",
    ),
    pytest.param(
        put("bonus_cards", 19, "id", value="B19"),
        "bonus_cards[19] (B19): duplicate id 'B19', already used by bonus_cards[18] (B19)",
        id="bonus-duplicate",
    ),
    pytest.param(
        drop("prestige_cards", 13),
        "prestige_cards: expected 14 entries, got 13; missing P14",
        id="prestige-missing",
    ),
    pytest.param(
        put("prestige_cards", 13, "id", value="P01"),
        "prestige_cards[13] (P01): duplicate id 'P01', already used by prestige_cards[0] (P01)",
        id="prestige-duplicate",
    ),
    pytest.param(
        drop("characters", 5), "characters: expected 6 entries, got 5", id="character-missing"
    ),
    pytest.param(
        put("characters", 5, "id", value="muse"),
        "characters[5] (muse): duplicate id 'muse', already used by characters[0] (muse)",
        id="character-duplicate",
    ),
    pytest.param(
        put("characters", 5, "id", value=""),
        "characters[5] (): id must not be empty",
        id="character-empty-id",
    ),
    # Person card consistency.
    pytest.param(
        put("persons", 0, "landscape", value="park"),
        "persons: landscape split is forest 8, lake 7, park 6; "
        "the rulebook gives forest 9, lake 7, park 5",
        id="landscape-split",
    ),
    pytest.param(
        both(
            put("persons", 19, "building", value="tower"),
            put("persons", 20, "building", value="tower"),
        ),
        "persons: no person card names the building chapel",
        id="building-unnamed",
    ),
    # Shapes.
    pytest.param(
        put(*_SHAPE, value=["###", "##", ".#."]),
        "tiles[0] (university): shape rows must have equal length: row 1 '##' has 2 characters, "
        "row 0 has 3",
        id="shape-ragged",
    ),
    pytest.param(
        put(*_SHAPE, value=["###", "#x#", ".#."]),
        "tiles[0] (university): shape row 1 '#x#' may hold only '#' and '.', not 'x'",
        id="shape-bad-character",
    ),
    pytest.param(
        put(*_SHAPE, value=["###", "###", "..."]),
        "tiles[0] (university): shape covers 6 cells, but cells is 7",
        id="shape-too-few-cells",
    ),
    pytest.param(
        put("tiles", 0, "cells", value=8),
        "tiles[0] (university): shape covers 7 cells, but cells is 8",
        id="cells-count-differs",
    ),
    pytest.param(
        put("tiles", 12, "shape", value=["#.", ".#"]),
        "tiles[12] (park): shape is not connected",
        id="shape-diagonal",
    ),
    pytest.param(
        put("tiles", 8, "shape", value=["#.#", "#.."]),
        "tiles[8] (tower): shape is not connected",
        id="shape-split",
    ),
    pytest.param(put(*_SHAPE, value=[]), "tiles[0] (university): shape has no rows", id="no-rows"),
    pytest.param(
        put("tiles", 0, "supply", value=0),
        "tiles[0] (university): supply must be at least 1, got 0",
        id="supply-zero",
    ),
    # Size classes.
    pytest.param(
        put("tiles", 10, "size", value="large"),
        "tiles[10] (forest): a landscape has no size class",
        id="landscape-with-size",
    ),
    pytest.param(
        drop("tiles", 0, "size"),
        "tiles[0] (university): missing key 'size': a building needs a size class",
        id="building-without-size",
    ),
    # Rules constants.
    pytest.param(
        put(*_WORK, value=[7, 10, 12, 14, 15, 16]),
        "rules: minimum_work must have 7 entries (one per round), got 6",
        id="minimum-work-short",
    ),
    pytest.param(
        put(*_WORK, value=[7, 10, 12, 14, 15, 16, 17, 18]),
        "rules: minimum_work must have 7 entries (one per round), got 8",
        id="minimum-work-long",
    ),
    pytest.param(
        put(*_WORK, value=[7, 10, 9, 14, 15, 16, 17]),
        "rules: minimum_work must not decrease, but 9 follows 10",
        id="minimum-work-decreasing",
    ),
    pytest.param(
        put(*_WORK, value=[0, 10, 12, 14, 15, 16, 17]),
        "rules: minimum_work entries must be at least 1, got 0",
        id="minimum-work-zero",
    ),
    pytest.param(
        put(*_WORK, value=[-7, 10, 12, 14, 15, 16, 17]),
        "rules: minimum_work entries must be at least 1, got -7",
        id="minimum-work-negative",
    ),
    pytest.param(
        put("rules", "build_cost", value=[700, 300, 300]),
        "rules: build_cost must have 4 entries (for 0 to 3 builders held), got 3",
        id="build-cost-short",
    ),
    pytest.param(
        put("rules", "build_cost", value=[700, 300, 300, 0, 0]),
        "rules: build_cost must have 4 entries (for 0 to 3 builders held), got 5",
        id="build-cost-long",
    ),
    pytest.param(
        put("rules", "builder_prestige", value=[3, 3]),
        "rules: builder_prestige must have 3 entries (one per builder), got 2",
        id="builder-prestige-short",
    ),
    pytest.param(
        put("rules", "palazzo", value=["a1", "b1", "c1", "a2", "b2", "h2"]),
        "rules: palazzo names 'h2', which is not a cell (a1 to g7)",
        id="palazzo-off-grid",
    ),
    pytest.param(
        put("rules", "palazzo", value=["a1", "b1", "c1", "a2", "b2", "C2"]),
        "rules: palazzo names 'C2', which is not a cell (a1 to g7)",
        id="palazzo-bad-name",
    ),
    pytest.param(
        put("rules", "palazzo", value=["a1", "b1", "c1", "a2", "b2", "a1"]),
        "rules: palazzo names 'a1' more than once",
        id="palazzo-repeated",
    ),
    pytest.param(
        put("rules", "usable_cells", value=44),
        "rules: usable_cells is 44, but a 7x7 grid without the 6 palazzo cells has 43",
        id="usable-cells",
    ),
    pytest.param(
        put("rules", "grid_size", value=8),
        "rules: grid_size must be 7, the grid the engine implements; got 8",
        id="grid-size",
    ),
    pytest.param(
        put("rules", "raise_step", value=0),
        "rules: raise_step must be at least 1, got 0",
        id="raise-step-zero",
    ),
    pytest.param(
        put("rules", "starting_money", value=-100),
        "rules: starting_money must be at least 0, got -100",
        id="negative-money",
    ),
    pytest.param(
        put("rules", "setup_persons_returned", value=4),
        "rules: setup_persons_returned must be less than setup_persons_dealt",
        id="setup-returns-all",
    ),
    pytest.param(
        put("rules", "setup_persons_returned", value=2),
        "rules: setup_persons_returned must be 1, the number the engine's draft implements "
        "(ruling R8); got 2",
        id="setup-returns-two",
    ),
    pytest.param(
        put("rules", "setup_persons_dealt", value=5),
        "rules: setup_persons_dealt is 5, but dealing 5 to each of 5 players takes 25 person "
        "cards and the deck has 21",
        id="setup-deals-too-many",
    ),
    pytest.param(
        put("rules", "freedoms_each", value=3),
        "rules: freedoms_each is 3, but setup puts 4 tiles of each freedom in the supply "
        "with 5 players (ruling R9)",
        id="freedoms-too-few",
    ),
    pytest.param(
        put("rules", "palazzo", value=["a1", "b1", "a2", "b2", "a3", "b3"]),
        "rules: palazzo is a1 b1 a2 b2 a3 b3, but the engine supports only the palazzo "
        "a1 b1 c1 a2 b2 c2",
        id="palazzo-unsupported",
    ),
    pytest.param(
        both(
            put("rules", "palazzo", value=["a1", "b1", "c1", "a2", "b2"]),
            put("rules", "usable_cells", value=44),
        ),
        "rules: palazzo is a1 b1 c1 a2 b2, but the engine supports only the palazzo "
        "a1 b1 c1 a2 b2 c2",
        id="palazzo-smaller",
    ),
    *(
        pytest.param(
            put("rules", key, value=250),
            f"rules: {key} must be a multiple of 100 florins (ruling R2), got 250",
            id=f"money-{key.replace('_', '-')}",
        )
        for key in _MONEY_KEYS
    ),
    pytest.param(
        put("rules", "build_cost", value=[700, 350, 300, 0]),
        "rules: build_cost[1] must be a multiple of 100 florins (ruling R2), got 350",
        id="money-build-cost",
    ),
    pytest.param(
        put("characters", 0, "step", value=50),
        "characters[0] (muse): step must be a multiple of 100 florins (ruling R2), got 50",
        id="money-character-step",
    ),
    pytest.param(
        both(put("characters", 5, "min_bid", value=50), put("characters", 5, "max_bid", value=550)),
        "characters[5] (banker): min_bid must be a multiple of 100 florins (ruling R2), got 50",
        id="money-character-bids",
    ),
    # Bonus cards.
    pytest.param(
        put("bonus_cards", 2, "example", value=4),
        "bonus_cards[2] (B03): terms give 3 for the rulebook's example player (bonus_example), "
        "but example is 4",
        id="bonus-example-mismatch",
    ),
    pytest.param(
        put("bonus_cards", 6, "terms", 0, "per", value=3),
        "bonus_cards[6] (B07): terms give 6 for the rulebook's example player (bonus_example), "
        "but example is 4",
        id="bonus-term-mismatch",
    ),
    pytest.param(
        drop("bonus_example", "works"),
        "bonus_cards[19] (B20): bonus_example has no count for 'works', used in terms",
        id="bonus-example-missing-count",
    ),
    pytest.param(
        put("bonus_cards", 0, "terms", value=[]),
        "bonus_cards[0] (B01): terms must not be empty",
        id="bonus-no-terms",
    ),
    pytest.param(
        put("bonus_cards", 0, "terms", 0, "per", value=0),
        "bonus_cards[0] (B01).terms[0]: per must be at least 1, got 0",
        id="bonus-per-zero",
    ),
    # Prestige cards.
    pytest.param(
        put("prestige_cards", 0, "tie_points", value=7),
        "prestige_cards[0] (P01): tie_points (7) must not exceed points (6)",
        id="tie-points-too-high",
    ),
    pytest.param(
        put("prestige_cards", 1, "requires", value=[]),
        "prestige_cards[1] (P02): requires must not be empty",
        id="threshold-no-requirements",
    ),
    pytest.param(
        put("prestige_cards", 1, "points", value=0),
        "prestige_cards[1] (P02): points must be at least 1, got 0",
        id="prestige-zero-points",
    ),
    pytest.param(
        put("prestige_cards", 1, "requires", 0, "at_least", value=0),
        "prestige_cards[1] (P02).requires[0]: at_least must be at least 1, got 0",
        id="requirement-zero",
    ),
    # Characters.
    pytest.param(
        put("characters", 5, "max_bid", value=-100),
        "characters[5] (banker): max_bid must be at least 0, got -100",
        id="negative-bid",
    ),
    pytest.param(
        put("characters", 0, "max_bid", value=200),
        "characters[0] (muse): max_bid (200) is below min_bid (300)",
        id="bids-reversed",
    ),
    pytest.param(
        put("characters", 0, "max_bid", value=1550),
        "characters[0] (muse): max_bid - min_bid (1250) is not a multiple of step (100)",
        id="bids-off-step",
    ),
    pytest.param(
        put("characters", 0, "step", value=0),
        "characters[0] (muse): step must be at least 1, got 0",
        id="step-zero",
    ),
]


@pytest.mark.parametrize(("mutation", "message"), CORRUPTIONS)
def test_corrupted_catalog_is_rejected(tmp_path: Path, mutation: Mutation, message: str) -> None:
    """A corrupted copy of the shipped catalog raises CatalogError naming entry and problem."""
    path = write_corrupted(tmp_path, mutation)
    with pytest.raises(CatalogError, match=re.escape(message)):
        load_catalog(path)


def test_palazzo_cells_may_be_listed_in_any_order(tmp_path: Path) -> None:
    """The palazzo check compares cells, not their order in the file."""
    cells = ["c2", "b2", "a2", "c1", "b1", "a1"]
    path = write_corrupted(tmp_path, put("rules", "palazzo", value=cells))
    assert tuple(cells) == load_catalog(path).rules.palazzo


def test_error_message_starts_with_the_file(tmp_path: Path) -> None:
    """Validation errors from load_catalog begin with the file's path."""
    path = write_corrupted(tmp_path, drop("persons", 3, "freedom"))
    with pytest.raises(CatalogError) as caught:
        load_catalog(path)
    assert f"{path}: persons[3] (botanist): missing key 'freedom'" == str(caught.value)


def test_every_value_of_the_wrong_shape_is_named(tmp_path: Path) -> None:
    """Problems of shape in several entries are all named, one line each, in file order."""
    mutation = both(
        put("persons", 3, "number", value="4"),
        put("bonus_cards", 0, "terms", 0, "per", value=0),
        drop("characters", 1, "text"),
    )
    path = write_corrupted(tmp_path, mutation)
    with pytest.raises(CatalogError) as caught:
        load_catalog(path)
    expected = [
        f"{path}: persons[3] (botanist): number must be an integer, got a string ('4')",
        f"{path}: bonus_cards[0] (B01).terms[0]: per must be at least 1, got 0",
        f"{path}: characters[1] (cardinal): missing key 'text'",
    ]
    assert expected == str(caught.value).splitlines()


def test_invalid_toml_is_rejected(tmp_path: Path) -> None:
    """A file that is not valid TOML raises CatalogError, not TOMLDecodeError."""
    path = tmp_path / "catalog.toml"
    path.write_text(shipped_text() + "\n[[persons]\nnumber = \n", encoding="utf-8")
    with pytest.raises(CatalogError, match=re.escape(f"{path}: not valid TOML")):
        load_catalog(path)


def test_parse_catalog_rejects_invalid_toml() -> None:
    """parse_catalog names its source when the text is not TOML."""
    with pytest.raises(CatalogError, match=re.escape("edition-x: not valid TOML")):
        parse_catalog("name = ", source="edition-x")


def test_missing_file_is_rejected(tmp_path: Path) -> None:
    """A path that does not exist raises CatalogError."""
    path = tmp_path / "absent.toml"
    with pytest.raises(CatalogError, match=re.escape(f"{path}: no such catalog file")):
        load_catalog(path)


def test_directory_is_rejected(tmp_path: Path) -> None:
    """A path that cannot be read as a file raises CatalogError."""
    with pytest.raises(CatalogError, match=re.escape(f"{tmp_path}: cannot read the catalog file")):
        load_catalog(tmp_path)


def test_non_utf8_file_is_rejected(tmp_path: Path) -> None:
    """A file that is not UTF-8 text raises CatalogError."""
    path = tmp_path / "catalog.toml"
    path.write_bytes(shipped_text().encode("latin-1"))
    with pytest.raises(CatalogError, match=re.escape(f"{path}: not UTF-8 text")):
        load_catalog(path)


def test_catalog_errors_are_value_errors(tmp_path: Path) -> None:
    """CatalogError can be caught as ValueError, as every error of the package."""
    path = write_corrupted(tmp_path, drop("characters"))
    with pytest.raises(ValueError, match="missing key 'characters'"):
        load_catalog(path)


def test_catalog_built_directly_has_lookups() -> None:
    """A Catalog made with its constructor indexes its entries too."""
    base = default_catalog()
    rebuilt = Catalog(
        edition="copy",
        edition_note="",
        rules=base.rules,
        tiles=base.tiles,
        persons=base.persons[:1],
        bonus_cards=base.bonus_cards,
        prestige_cards=base.prestige_cards,
        characters=base.characters,
        shared_map=base.shared_map,
        bonus_example=base.bonus_example,
    )
    assert base.person(PersonId.MATHEMATICIAN) == rebuilt.person(PersonId.MATHEMATICIAN)
    with pytest.raises(KeyError):
        rebuilt.person(PersonId.POET)


# --------------------------------------------------------------------------
# The shared map of the Cooperative Building expansion (ruling R29)
# --------------------------------------------------------------------------


def _border(layout: int, border: int, key: str, value: object) -> Mutation:
    return put("shared_map", "layouts", layout, "borders", border, key, value=value)


def _border_entry(layout: int, border: int, **entry: object) -> Mutation:
    return put("shared_map", "layouts", layout, "borders", border, value=entry)


def test_shared_map_reverse_palazzo() -> None:
    """The reverse side's palazzo is c1 d1 e1 c2 d2 e2, reconstructed (ruling R29)."""
    shared = default_catalog().shared_map
    expected = (("c1", "d1", "e1", "c2", "d2", "e2"), Provenance.RECONSTRUCTED)
    assert expected == (shared.palazzo, shared.provenance)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_shared_map_layouts_put_players_side_by_side(players: int) -> None:
    """File g of each player borders file a of the next; 3 to 5 players close a ring (R29)."""
    layout = default_catalog().shared_map.layout(players)
    ring = range(players) if players > 2 else range(1)
    expected = [(p, "g1..g7", (p + 1) % players, "a1..a7") for p in ring]
    actual = [(b.player, b.cells, b.neighbour, b.neighbour_cells) for b in layout.borders]
    assert expected == actual


def test_shared_map_neighbours() -> None:
    """Every player has two neighbours, one with 2 players (the rulebook)."""
    shared = default_catalog().shared_map
    expected = {2: [(1,), (0,)], 3: [(1, 2), (0, 2), (0, 1)], 5: [(1, 4), (0, 2), (1, 3)]}
    actual = {n: [shared.layout(n).neighbours(p) for p in range(min(n, 3))] for n in expected}
    assert expected == actual


def test_shared_map_border_lookup_is_oriented() -> None:
    """border(p, q) is seen from p: its near cells are p's, its far cells q's."""
    layout = default_catalog().shared_map.layout(4)
    forward, backward = layout.border(0, 1), layout.border(1, 0)
    assert forward is not None
    assert backward is not None
    expected = (forward.near, forward.far)
    assert expected == (backward.far, backward.near)
    assert layout.border(0, 2) is None


def test_shared_map_without_layout_raises_key_error() -> None:
    """layout() of a player count the map does not hold raises KeyError."""
    with pytest.raises(KeyError):
        default_catalog().shared_map.layout(6)


def test_shared_map_may_turn_boards_and_cover_part_of_an_edge(tmp_path: Path) -> None:
    """A layout with a turned board and a border along part of an edge loads."""
    mutation = both(
        _border_entry(0, 0, player=0, cells="a7..g7", neighbour=1, neighbour_cells="g7..a7"),
        _border_entry(1, 0, player=0, cells="g4..g7", neighbour=1, neighbour_cells="a1..a4"),
    )
    shared = load_catalog(write_corrupted(tmp_path, mutation)).shared_map
    turned, offset = shared.layout(2).border(0, 1), shared.layout(3).border(0, 1)
    assert turned is not None
    assert offset is not None
    # Turned half round, player 1's g7 lies above player 0's a7.
    expected = (parse_cells("g7"), parse_cells("a1-a2-a3-a4"))
    assert expected == (turned.across(parse_cells("a7")), offset.far)


def append_copy_nested(path: tuple[Key, ...], index: int) -> Mutation:
    """A mutation that appends a copy of entry ``index`` of the array at ``path``."""

    def mutate(data: Data) -> None:
        entries = _walk(data, path)
        entries.append(copy.deepcopy(entries[index]))

    return mutate


_MAP = ("shared_map",)
_LAYOUTS = ("shared_map", "layouts")

SHARED_MAP_CORRUPTIONS = [
    pytest.param(drop("shared_map"), "catalog: missing key 'shared_map'", id="no-shared-map"),
    pytest.param(
        put(*_MAP, "palazzo", value=["c1", "d1", "e1", "c2", "d2", "h2"]),
        "shared_map: palazzo names 'h2', which is not a cell (a1 to g7)",
        id="palazzo-unknown-cell",
    ),
    pytest.param(
        put(*_MAP, "palazzo", value=["c1", "d1", "e1", "c2", "d2", "c1"]),
        "shared_map: palazzo names 'c1' more than once",
        id="palazzo-repeated-cell",
    ),
    pytest.param(
        put(*_MAP, "palazzo", value=["c1", "d1", "e1", "c2", "d2"]),
        "shared_map: palazzo has 5 cells, but the palazzo on the front of the boards has 6",
        id="palazzo-too-small",
    ),
    pytest.param(
        put(*_MAP, "palazzo", value=["a1", "b1", "c1", "e1", "f1", "g1"]),
        "shared_map: palazzo is not connected",
        id="palazzo-in-two-pieces",
    ),
    pytest.param(
        drop(*_MAP, "provenance"),
        "shared_map: missing key 'provenance'",
        id="no-provenance",
    ),
    pytest.param(
        put(*_LAYOUTS, value={"players": 2}),
        "shared_map: layouts must be an array of tables, got a table",
        id="layouts-as-table",
    ),
    pytest.param(
        put(*_LAYOUTS, 3, "players", value=6),
        "shared_map.layouts[3]: players must be from 2 to 5, got 6",
        id="six-players",
    ),
    pytest.param(
        put(*_LAYOUTS, 0, "players", value="2"),
        "shared_map.layouts[0]: players must be an integer, got a string ('2')",
        id="players-as-string",
    ),
    pytest.param(
        append_copy_nested(_LAYOUTS, 0),
        "shared_map.layouts[4]: a second layout for 2 players (see shared_map.layouts[0])",
        id="layout-twice",
    ),
    pytest.param(
        drop(*_LAYOUTS, 3),
        "shared_map: layouts has no layout for 5 players",
        id="layout-missing",
    ),
    pytest.param(
        _border(0, 0, "colour", "red"),
        "shared_map.layouts[0].borders[0]: unknown key 'colour'",
        id="border-extra-key",
    ),
    pytest.param(
        _border(0, 0, "cells", "g1-g7"),
        "shared_map.layouts[0].borders[0]: run 'g1-g7' must be written first..last",
        id="run-notation",
    ),
    pytest.param(
        _border(0, 0, "cells", "g1..g8"),
        "shared_map.layouts[0].borders[0]: 'g8' is not a cell name (a1 to g7)",
        id="run-unknown-cell",
    ),
    pytest.param(
        _border(0, 0, "cells", "g4..g4"),
        "shared_map.layouts[0].borders[0]: run 'g4..g4' must hold at least 2 cells",
        id="run-of-one-cell",
    ),
    pytest.param(
        _border(0, 0, "cells", "a1..g7"),
        "shared_map.layouts[0].borders[0]: run 'a1..g7' is not a straight line of cells",
        id="run-diagonal",
    ),
    pytest.param(
        _border(0, 0, "cells", "d1..d7"),
        "shared_map.layouts[0].borders[0]: run 'd1..d7' does not lie along an edge of the grid",
        id="run-inside-the-grid",
    ),
    pytest.param(
        _border(0, 0, "cells", "g1..g6"),
        "runs 'g1..g6' and 'a1..a7' must hold as many cells as each other (6 and 7)",
        id="runs-of-different-length",
    ),
    pytest.param(
        _border(0, 0, "neighbour_cells", "a7..a1"),
        "the border between 'g1..g7' and 'a7..a1' would need a board turned over",
        id="board-turned-over",
    ),
    pytest.param(
        both(_border(0, 0, "cells", "g1..g6"), _border(0, 0, "neighbour_cells", "a1..a6")),
        "the border between 'g1..g6' and 'a1..a6' leaves out g7 and a7, which would share an edge",
        id="border-leaves-out-a-pair",
    ),
    pytest.param(
        _border(0, 0, "neighbour", 2),
        "shared_map.layouts[0].borders[0]: neighbour must be a player from 0 to 1, got 2",
        id="neighbour-not-a-player",
    ),
    pytest.param(
        _border(0, 0, "neighbour", 0),
        "shared_map.layouts[0].borders[0]: player 0 cannot border their own principality",
        id="own-border",
    ),
    pytest.param(
        _border_entry(1, 2, player=2, cells="g1..g7", neighbour=1, neighbour_cells="a1..a7"),
        "shared_map.layouts[1].borders[2]: players 2 and 1 already share a border "
        "(shared_map.layouts[1].borders[1])",
        id="two-borders-between-two-players",
    ),
    pytest.param(
        _border(2, 3, "neighbour", 1),
        "shared_map.layouts[2].borders[3]: the edge of player 1's cell a1 already borders "
        "another principality (shared_map.layouts[2].borders[0])",
        id="edge-used-twice",
    ),
    pytest.param(
        drop(*_LAYOUTS, 2, "borders", 3),
        "shared_map.layouts[2]: player 0 has 1 neighbour, but with 4 players every player "
        "has 2 (ruling R29)",
        id="ring-not-closed",
    ),
    pytest.param(
        put(*_LAYOUTS, 0, "borders", value=[]),
        "shared_map.layouts[0]: player 0 has 0 neighbours, but with 2 players every player has 1",
        id="two-players-apart",
    ),
]


@pytest.mark.parametrize(("mutation", "message"), SHARED_MAP_CORRUPTIONS)
def test_corrupted_shared_map_is_rejected(tmp_path: Path, mutation: Mutation, message: str) -> None:
    """A broken shared map raises CatalogError naming the entry and the problem (R29)."""
    path = write_corrupted(tmp_path, mutation)
    with pytest.raises(CatalogError, match=re.escape(message)):
        load_catalog(path)
