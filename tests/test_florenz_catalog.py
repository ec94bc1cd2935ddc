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


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("route = [1, 5, 2, 3, 6, 9, 8, 7, 4]", "route = [1, 5, 2]", "board.route"),
        ("locations = [5, 8]", "locations = [5, 9]", r"board.paths\[8\]"),
        ("space_numbers = [0, 0, 0, 0, 3, 3, 4]", "space_numbers = [0, 3]", "space_numbers"),
        ("head_vp = 1\nqueue_vp = [11", "head_vp = -1\nqueue_vp = [11", r"disc\[0\]"),
        ("time_start = 12", 'time_start = "twelve"', r"\$\.family\.time_start"),
        ("cards = [[1, 2, 4, 5]", "cards = [[1, 1, 4, 5]", r"plans.cards\[0\]"),
        ('figliolo = "cosimo"', 'figliolo = "lorenzo"', "scandal"),
    ],
)
def test_bad_values_are_refused_with_their_path(old: str, new: str, message: str) -> None:
    """A bad value raises CatalogError naming where it is."""
    assert old in TEXT
    with pytest.raises(CatalogError, match=message):
        parse_catalog(TEXT.replace(old, new, 1))


def test_unknown_key_and_bad_toml_are_refused() -> None:
    """Extra keys and malformed TOML are refused."""
    with pytest.raises(CatalogError, match="extra fields"):
        parse_catalog(TEXT.replace("[family]", "[family]\nwings = 2", 1))
    with pytest.raises(CatalogError, match="not TOML"):
        parse_catalog("[family")
