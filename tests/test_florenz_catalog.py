"""The Florenz component catalog: the shipped data and the checks on bad data."""

from __future__ import annotations

from importlib import resources

import pytest

from princes_of_florence.florenz.components import default_catalog, parse_catalog
from princes_of_florence.florenz.errors import CatalogError
from princes_of_florence.florenz.ids import Medici, Provenance, ScandalKind

TEXT = (
    resources.files("princes_of_florence.florenz.components")
    .joinpath("florenz.toml")
    .read_text(encoding="utf-8")
)


def test_route_is_one_cycle_through_all_locations() -> None:
    """F16: every location has one successor; nine steps return to the start."""
    catalog = default_catalog()
    location = 1
    seen = []
    for _ in range(9):
        location = catalog.successor[location]
        seen.append(location)
    assert sorted(seen) == list(range(1, 10))
    assert location == 1


def test_paths_are_the_twelve_grid_edges_without_the_park() -> None:
    """§4.2: 12 paths, the park diagonal 1-5 is not one of them (F15)."""
    paths = default_catalog().paths
    assert len(paths) == 12
    assert (1, 5) not in paths


def test_stated_values_of_the_disc() -> None:
    """§6: round 1 head 1 and 11/7/4/2; Contessina 13/9; Giovanni 4→20, 2→12; gifts 2 and 1."""
    disc = default_catalog().raw.disc
    assert disc[0].head_vp == 1
    assert disc[0].queue_vp[:4] == (11, 7, 4, 2)
    assert disc[1].queue_vp[:2] == (13, 9)
    assert disc[2].rewards[:2] == ((4, 20), (2, 12))
    assert (disc[2].gifts, disc[5].gifts) == (2, 1)


def test_every_entry_has_provenance() -> None:
    """Reconstructed values are marked as such."""
    raw = default_catalog().raw
    assert raw.plans.provenance is Provenance.RECONSTRUCTED
    assert raw.queues.provenance is Provenance.RECONSTRUCTED
    assert all(path.provenance in Provenance for path in raw.board.paths)
    assert [p.provenance for p in raw.board.paths if p.locations == (5, 8)] == [
        Provenance.RECONSTRUCTED
    ]


def test_scandal_decks_hold_four_effects_each() -> None:
    """F7: three decks of 4 effects x 3 copies."""
    owners = default_catalog().scandal_medici
    for medici in Medici:
        assert sum(1 for kind in ScandalKind if owners[kind] is medici) == 4


def refusal(old: str, new: str) -> str:
    """The message of the CatalogError raised by the shipped file with ``old`` replaced."""
    assert old in TEXT
    with pytest.raises(CatalogError) as caught:
        parse_catalog(TEXT.replace(old, new, 1), source="florenz.toml")
    return str(caught.value)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "route = [1, 5, 2, 3, 6, 9, 8, 7, 4]",
            "route = [1, 5, 2]",
            "board: route must visit each of the locations 1-9 once (F16)",
        ),
        (
            "locations = [5, 8]",
            "locations = [5, 9]",
            "board.paths[8]: locations 5-9 are not orthogonal neighbours (F15)",
        ),
        (
            "space_numbers = [0, 0, 0, 0, 3, 3, 4]",
            "space_numbers = [0, 3]",
            "queues: space_numbers must list 7 spaces, got 2",
        ),
        (
            "head_vp = 1\nqueue_vp = [11",
            "head_vp = -1\nqueue_vp = [11",
            "disc[0]: head_vp must be at least 0, got -1",
        ),
        (
            "time_start = 12",
            'time_start = "twelve"',
            "family: time_start must be an integer, got a string ('twelve')",
        ),
        (
            "cards = [[1, 2, 4, 5]",
            "cards = [[1, 1, 4, 5]",
            "plans: cards[0] must name 4 different locations, got [1, 1, 4, 5]",
        ),
        (
            'figliolo = "cosimo"',
            'figliolo = "lorenzo"',
            "scandal.decks: figliolo names no Medici: 'lorenzo'",
        ),
        (
            "locations = [5, 8]",
            "locations = [8, 5]",
            "board.paths[8]: locations must name the lower location first, got [8, 5]",
        ),
        (
            "locations = [5, 8]",
            "locations = [4, 5]",
            "board.paths[8]: the path 4-5 is listed twice",
        ),
        (
            'medici = "contessina"',
            'medici = "giovanni"',
            "disc[1]: medici must be contessina, got 'giovanni'",
        ),
        (
            "rewards = [[4, 20], [2, 12], [1, 6]]",
            "rewards = [[4, 20], [2, 12], [0, 6]]",
            "disc[2]: rewards[2] must be a positive cost and VP not negative, got [0, 6]",
        ),
        (
            "field_minimums = [0, 7, 13]",
            "field_minimums = [0, 13, 7]",
            "boast_tiles[0]: field_minimums must be 0 < middle < top, got [0, 13, 7]",
        ),
        (
            "time_start = 12",
            "time_start = 13",
            "family: time_start 13 is above time_max 12",
        ),
        (
            "rows = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]",
            "rows = [[1, 2, 3], [4, 5, 6], [7, 8, 8]]",
            "board: rows must be 3 lines holding each of the locations 1-9 once",
        ),
        (
            "table = [0, 0, 0, 0, 10",
            "table = [0, 0, 0, 1, 10",
            "plans: table must score 0 for fewer than 4 members (F120), got [0, 0, 0, 1]",
        ),
        (
            "number = 10",
            "number = 11",
            "strozzi: cards must be numbered 1-10 in order, got [1, 2, 3, 4, 5, 6, 7, 8, 9, 11]",
        ),
    ],
)
def test_bad_values_are_refused_with_their_path(old: str, new: str, message: str) -> None:
    """A bad value raises CatalogError naming the file, the path of the value and what is wrong."""
    assert f"florenz.toml: {message}" == refusal(old, new)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            "rewards = [[4, 20], [2, 12], [1, 6]]",
            'rewards = [[4, 20], [2, "12"], [1, 6]]',
            "disc[2]: rewards[1] must be an array of 2 integers, got an array ([2, '12'])",
        ),
        (
            'kind = "car_swap"\nsalutation = "carissima"\ncost = 3',
            'kind = "car_swap"\nsalutation = "carissima"\ncost = "3"',
            "scandal.cards[5]: cost must be an integer, got a string ('3')",
        ),
        (
            'provenance = "R"\nsource = "F155',
            'provenance = "X"\nsource = "F155',
            "boast_tiles[2]: unknown provenance 'X' (expected one of: S, S-derived, R)",
        ),
        (
            "locations = [5, 8]",
            "locations = [5, 10]",
            "board.paths[8]: locations entries must be from 1 to 9, got 10",
        ),
        (
            "field_minimums = [0, 7, 13]",
            "field_minimums = [0, 7]",
            "boast_tiles[0]: field_minimums must be an array of 3 integers, got an array ([0, 7])",
        ),
    ],
)
def test_a_bad_value_deep_in_the_file_is_named_by_the_generic_loader(
    old: str, new: str, message: str
) -> None:
    """The generic loader (princes_of_florence.datafile) names a bad value inside an array
    of tables, or inside an array of arrays, by its whole path."""
    assert f"florenz.toml: {message}" == refusal(old, new)


def test_every_bad_shape_is_named_at_once() -> None:
    """Values of the wrong type or range are all reported, one line each, in file order."""
    text = TEXT.replace("hand_limit = 5", "hand_limit = 0", 1).replace(
        "round_one = 12", 'round_one = "12"', 1
    )
    with pytest.raises(CatalogError) as caught:
        parse_catalog(text, source="florenz.toml")
    expected = [
        "florenz.toml: family: hand_limit must be at least 1, got 0",
        "florenz.toml: time_tiles: round_one must be an integer, got a string ('12')",
    ]
    assert expected == str(caught.value).splitlines()


def test_unknown_key_and_bad_toml_are_refused() -> None:
    """Extra keys and malformed TOML are refused, named by their table or as not TOML."""
    assert "florenz.toml: family: unknown key 'wings'" == refusal("[family]", "[family]\nwings = 2")
    with pytest.raises(CatalogError, match=r"^<catalog>: not valid TOML: "):
        parse_catalog("[family")
