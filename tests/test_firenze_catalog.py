"""The Firenze catalog: the shipped data loads and meets the reference's checks, and bad
data is refused with the path of the bad value (components.md §13, §14)."""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from princes_of_florence.firenze.components import default_catalog, load_catalog, parse_catalog
from princes_of_florence.firenze.errors import CatalogError
from princes_of_florence.firenze.ids import CardKind, Colour, Title


def _text() -> str:
    return (
        resources.files("princes_of_florence.firenze.components")
        .joinpath("catalog.toml")
        .read_text(encoding="utf-8")
    )


def _data() -> dict[str, Any]:
    return tomllib.loads(_text())


def test_bricks_are_88_in_six_colours() -> None:
    """Z3: 25, 18, 15, 12, 10, 8 bricks, cheapest first."""
    assert default_catalog().brick_counts == (25, 18, 15, 12, 10, 8)


def test_example_11_every_tower_has_floors_3_to_8() -> None:
    """Worked example 11: 36 commissions, one per colour and floor count 3-8."""
    catalog = default_catalog()
    keys = {(spec.colour, spec.floors) for spec in catalog.commissions}
    assert len(catalog.commissions) == 36 == len(keys)
    assert keys == {(colour, floors) for colour in Colour for floors in range(3, 9)}


def test_example_16_values_never_fall_from_white_to_violet() -> None:
    """Worked example 16: at equal height a dearer colour is worth no less; rows rise."""
    catalog = default_catalog()
    for floors in range(3, 9):
        values = [catalog.commission_prestige(catalog.commission_index(c, floors)) for c in Colour]
        assert values == sorted(values)
    for colour in Colour:
        row = [
            catalog.commission_prestige(catalog.commission_index(colour, f)) for f in range(3, 9)
        ]
        assert all(a < b for a, b in pairwise(row))
    flags = [spec.bonus for spec in catalog.majorities]
    assert flags == sorted(flags)


def test_example_13_balconies_worth_more_than_the_commission_they_cover() -> None:
    """Worked example 13: 19 tiles, every numeral, each worth more than its commission."""
    catalog = default_catalog()
    assert len(catalog.balconies) == 19
    assert {spec.numeral for spec in catalog.balconies} == {1, 2, 3, 4}
    for spec in catalog.balconies:
        index = catalog.commission_index(spec.colour, spec.floors)
        assert spec.prestige > catalog.commission_prestige(index)
    # no two numerals share a commission, so the redraw of ZR3 never happens
    by_numeral: dict[int, set[tuple[Colour, int]]] = {}
    for spec in catalog.balconies:
        by_numeral.setdefault(spec.numeral, set()).add((spec.colour, spec.floors))
    for a in range(1, 5):
        for b in range(a + 1, 5):
            assert not by_numeral[a] & by_numeral[b]


def test_example_14_level_tiles_are_distinct_existing_floors() -> None:
    """Worked example 14: 4 level tiles at distinct floor counts that every tower has."""
    tiles = default_catalog().level_tiles
    assert len(tiles) == 4
    assert len({t.floors for t in tiles}) == 4
    assert all(3 <= t.floors <= 8 for t in tiles)


def test_example_15_trigger_heights_exist() -> None:
    """Worked example 15: privileges need 5, 6, 7; Anerkennung counts 3 and 4."""
    catalog = default_catalog()
    assert catalog.card(Title.KLEINES_PRIVILEG).floors == (5,)
    assert catalog.card(Title.MITTLERES_PRIVILEG).floors == (6,)
    assert catalog.card(Title.GROSSES_PRIVILEG).floors == (7,)
    assert catalog.card(Title.ANERKENNUNG).floors == (3, 4)
    c = catalog.constants
    assert c.min_floors <= c.luxury_tax_min_height <= c.max_floors
    assert c.min_floors <= c.bell_tower_height <= c.max_floors


@pytest.mark.parametrize("mode", ["both", "split"])
def test_example_17_the_deck(mode: str) -> None:
    """Worked example 17: 52 cards, kinds 9/21/10/8/4, 10 start cards, Campanile not one."""
    titles = default_catalog().deck_titles(mode)
    assert sum(spec.copies for spec in titles) == 52
    kinds: Counter[CardKind] = Counter()
    for spec in titles:
        kinds[spec.kind] += spec.copies
    assert kinds == {
        CardKind.EVENT: 9,
        CardKind.PERSON: 21,
        CardKind.KEEP: 10,
        CardKind.BUILDING: 8,
        CardKind.CHURCH: 4,
    }
    assert sum(spec.start_copies for spec in titles) == 10
    assert default_catalog().card(Title.CAMPANILE).start_copies == 0
    for title in (Title.TRIBUT, Title.LUXUSSTEUER, Title.HOCHWASSER):
        assert default_catalog().card(title).kind is CardKind.EVENT


def test_example_18_fixed_bonuses() -> None:
    """Worked example 18: end bonus 5, keep cards +3/+3/-2/-3."""
    catalog = default_catalog()
    assert catalog.constants.end_bonus == 5
    values = {
        t: catalog.card(t).value for t in (Title.RUHM, Title.DENKMAL, Title.BLAMAGE, Title.SKANDAL)
    }
    assert values == {Title.RUHM: 3, Title.DENKMAL: 3, Title.BLAMAGE: -2, Title.SKANDAL: -3}


def test_every_entry_has_a_provenance() -> None:
    """Every entry says whether it is stated or reconstructed."""
    catalog = default_catalog()
    entries: list[Any] = [
        catalog.constants,
        *catalog.bricks,
        *catalog.commissions,
        *catalog.majorities,
        *catalog.level_tiles,
        *catalog.balconies,
        *catalog.cards,
    ]
    assert all(entry.provenance[0] in "SR" for entry in entries)


def test_the_file_loads_from_a_path(tmp_path: Path) -> None:
    """load_catalog reads a file and gives the shipped catalog back."""
    path = tmp_path / "catalog.toml"
    path.write_text(_text(), encoding="utf-8")
    assert load_catalog(path) == default_catalog()


def test_unreadable_file_is_refused(tmp_path: Path) -> None:
    """A file that is not TOML, or no file, raises CatalogError naming the file."""
    path = tmp_path / "bad.toml"
    path.write_text("[[card]\n", encoding="utf-8")
    with pytest.raises(CatalogError, match=f"^{re.escape(str(path))}: not valid TOML"):
        load_catalog(path)
    missing = tmp_path / "missing.toml"
    with pytest.raises(CatalogError, match=f"^{re.escape(str(missing))}: no such catalog file$"):
        load_catalog(missing)


def test_bad_values_deep_in_the_file_are_named_by_their_path(tmp_path: Path) -> None:
    """The generic loader names every bad value of the file at once, each by its path."""
    text = _text()
    assert text.count("floors = [5]") == 1
    assert text.count('id = "BI-G"\nnumeral = 1\ncolour = "G"') == 1
    broken = text.replace("floors = [5]", "floors = [5, 0]").replace(
        'id = "BI-G"\nnumeral = 1\ncolour = "G"', 'id = "BI-G"\nnumeral = 1\ncolour = 2'
    )
    path = tmp_path / "catalog.toml"
    path.write_text(broken, encoding="utf-8")
    with pytest.raises(CatalogError) as caught:
        load_catalog(path)
    (balcony, card) = str(caught.value).splitlines()
    assert f"{path}: balcony[2] (BI-G): colour must be a string, got an integer (2)" == balcony
    assert card.startswith(f"{path}: card[")
    assert card.endswith(" (Kleines Privileg): floors entries must be at least 1, got 0")


def _broken(change: Any) -> dict[str, Any]:
    data = _data()
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["card"][3].update(copies=-1),
            r"^<catalog>: card\[3\] \(\w+\): copies must be at least 1, got -1$",
        ),
        (
            lambda d: d["commission"][0].update(colour="X"),
            r"^<catalog>: commission\[0\]: unknown colour 'X' "
            r"\(expected one of: W, Y, G, R, B, V\)$",
        ),
        (
            lambda d: d["balcony"][2].update(provenance="guess"),
            r"^<catalog>: balcony\[2\] \(BI-G\): provenance must start with 'S' \(stated\) "
            r"or 'R' \(reconstructed\), got 'guess'$",
        ),
        (
            lambda d: d["card"][0].update(colour="W"),
            r"^<catalog>: card\[0\] \(Alchemist\): unknown key 'colour'$",
        ),
        (
            lambda d: d["constants"].pop("card_limit"),
            r"^<catalog>: constants: missing key 'card_limit'$",
        ),
        (lambda d: d["commission"].pop(), r"^<catalog>: commission: has 35 entries; expected 36"),
        (
            lambda d: d["commission"][1].update(floors=3),
            r"^<catalog>: commission\[1\]: repeats W3 \(first at commission\[0\]\)$",
        ),
        (
            lambda d: d["balcony"][0].update(floors=9),
            r"^<catalog>: balcony\[0\] \(BI-W\): covers W9, which is no commission$",
        ),
        (
            lambda d: d["card"][7].update(start_copies=1),
            r"^<catalog>: card\[7\] \(Campanile\): cannot be a start card \(ruling ZR6\)$",
        ),
        (
            lambda d: d["card"][0].update(start_copies=9),
            r"^<catalog>: card\[0\] \(Alchemist\): start_copies must not exceed copies "
            r"\(4\), got 9$",
        ),
        (lambda d: d["brick"].reverse(), r"^<catalog>: brick: must list each colour once"),
        (
            lambda d: d["constants"].update(build_cost=[0, 1]),
            r"^<catalog>: constants: build_cost has 2 entries; expected max_bricks_per_turn = 6$",
        ),
        (lambda d: d["card"].pop(), r"^<catalog>: card: lacks the titles Werkstatt$"),
        (
            lambda d: d["balcony"][1].update(numeral=5),
            r"^<catalog>: balcony\[1\] \(\S+\): numeral must be from 1 to 4, got 5$",
        ),
        (
            lambda d: d["card"][1].update(anerkennung="half"),
            r"^<catalog>: card\[1\] \(\w+\): anerkennung must be one of '', 'both', 'split', "
            r"got 'half'$",
        ),
    ],
)
def test_bad_data_is_refused_naming_the_path(change: Any, message: str) -> None:
    """Each bad value raises CatalogError naming where it is and what is wrong."""
    with pytest.raises(CatalogError, match=message):
        parse_catalog(_broken(change))


def test_the_source_starts_the_message() -> None:
    """parse_catalog names the source it is given."""
    with pytest.raises(CatalogError, match=r"^mine\.toml: constants: missing key 'card_limit'$"):
        parse_catalog(_broken(lambda d: d["constants"].pop("card_limit")), source="mine.toml")
