"""Tests for the generic data-file loader: every bad value is named by its path."""

from __future__ import annotations

import re
from enum import Enum, IntEnum, StrEnum
from pathlib import Path
from typing import Annotated, Any

import attrs
import pytest

from princes_of_florence.datafile import (
    BY_NAME,
    DataProblem,
    at_least,
    between,
    entry_name,
    load_toml,
    non_empty,
    one_of,
    read_text,
    structure,
)
from princes_of_florence.errors import CatalogError


class GameDataError(ValueError):
    """A game's own error class, as a game other than this one would pass."""


class Suit(StrEnum):
    """A string enum read from its value."""

    CUPS = "cups"
    COINS = "coins"


class Rank(Enum):
    """An enum of integers."""

    ONE = 1
    TWO = 2


@attrs.frozen
class Cost:
    """A table nested in an entry."""

    coins: int = attrs.field(validator=at_least(0))
    note: str = ""


@attrs.frozen
class Card:
    """An entry of an array of tables, with a string id."""

    id: str = attrs.field(validator=non_empty())
    suit: Suit
    points: int = attrs.field(validator=between(1, 10))
    costs: tuple[Cost, ...] = ()
    rank: Rank | None = None


@attrs.frozen
class Step:
    """An entry without an id."""

    name: str
    weight: float


@attrs.frozen
class Box:
    """A whole document."""

    title: str
    cards: tuple[Card, ...]
    steps: tuple[Step, ...] = ()
    counts: dict[Suit, int] = attrs.field(factory=dict)
    rolls: tuple[int, ...] = attrs.field(default=(), validator=at_least(1))
    suits: tuple[Suit, ...] = ()
    flag: bool = False


GOOD = """
title = "box"
counts = { cups = 2 }
rolls = [1, 2]
suits = ["coins"]

[[cards]]
id = "ace"
suit = "cups"
points = 10
costs = [{ coins = 3, note = "x" }]
rank = 1

[[cards]]
id = "two"
suit = "coins"
points = 2

[[steps]]
name = "deal"
weight = 1
"""


def load(text: str) -> Box:
    """Load ``text`` as a Box from the source ``box.toml``."""
    return load_toml(Box, text, source="box.toml", error=GameDataError, root="box")


def problems(text: str) -> list[str]:
    """The lines of the error that loading ``text`` raises."""
    with pytest.raises(GameDataError) as caught:
        load(text)
    return str(caught.value).splitlines()


def test_a_good_document_is_structured() -> None:
    """Tables, arrays, enums, optional keys and free-key tables become the classes' values."""
    expected = Box(
        title="box",
        cards=(
            Card("ace", Suit.CUPS, 10, (Cost(3, "x"),), Rank.ONE),
            Card("two", Suit.COINS, 2),
        ),
        steps=(Step("deal", 1.0),),
        counts={Suit.CUPS: 2},
        rolls=(1, 2),
        suits=(Suit.COINS,),
    )
    assert expected == load(GOOD)


def test_a_float_field_takes_an_integer_as_a_float() -> None:
    """TOML's 1 for a float field is read as 1.0, a float."""
    weight = load(GOOD).steps[0].weight
    assert (1.0, float) == (weight, type(weight))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            "points = 2",
            'points = "2"',
            "box.toml: cards[1] (two): points must be an integer, got a string ('2')",
            id="string-for-integer",
        ),
        pytest.param(
            "points = 2",
            "points = true",
            "box.toml: cards[1] (two): points must be an integer, got a boolean (True)",
            id="boolean-for-integer",
        ),
        pytest.param(
            "points = 2",
            "points = 2.5",
            "box.toml: cards[1] (two): points must be an integer, got a float (2.5)",
            id="float-for-integer",
        ),
        pytest.param(
            'title = "box"',
            "title = 3",
            "box.toml: box: title must be a string, got an integer (3)",
            id="integer-for-string-at-the-top",
        ),
        pytest.param(
            'name = "deal"',
            "name = [1]",
            "box.toml: steps[0]: name must be a string, got an array ([1])",
            id="array-for-string-without-id",
        ),
        pytest.param(
            "weight = 1",
            'weight = "1"',
            "box.toml: steps[0]: weight must be a float, got a string ('1')",
            id="string-for-float",
        ),
        pytest.param(
            'title = "box"',
            'title = "box"\nflag = 1',
            "box.toml: box: flag must be a boolean, got an integer (1)",
            id="integer-for-boolean",
        ),
        pytest.param(
            "rolls = [1, 2]",
            'rolls = [1, "2"]',
            "box.toml: box: rolls must be an array of integers, got an array ([1, '2'])",
            id="string-in-array-of-integers",
        ),
        pytest.param(
            "rolls = [1, 2]",
            "rolls = 1",
            "box.toml: box: rolls must be an array of integers, got an integer (1)",
            id="integer-for-array",
        ),
        pytest.param(
            'suits = ["coins"]',
            "suits = {}",
            "box.toml: box: suits must be an array of strings, got a table ({})",
            id="table-for-array-of-enums",
        ),
        pytest.param(
            "rank = 1",
            'rank = "one"',
            "box.toml: cards[0] (ace): rank must be an integer, got a string ('one')",
            id="string-for-integer-enum",
        ),
    ],
)
def test_wrong_types_are_named_with_their_path(old: str, new: str, message: str) -> None:
    """A value of the wrong TOML type is named by its path, expected type and value."""
    assert [message] == problems(GOOD.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            'suit = "coins"',
            'suit = "swords"',
            "box.toml: cards[1] (two): unknown suit 'swords' (expected one of: cups, coins)",
            id="enum-field",
        ),
        pytest.param(
            "rank = 1",
            "rank = 3",
            "box.toml: cards[0] (ace): unknown rank 3 (expected one of: 1, 2)",
            id="integer-enum-field",
        ),
        pytest.param(
            'suits = ["coins"]',
            'suits = ["coins", "clubs"]',
            "box.toml: box: unknown suits[1] 'clubs' (expected one of: cups, coins)",
            id="enum-in-array",
        ),
        pytest.param(
            "counts = { cups = 2 }",
            "counts = { cups = 2, clubs = 1 }",
            "box.toml: counts: unknown suit 'clubs' (expected one of: cups, coins)",
            id="enum-key-of-free-table",
        ),
    ],
)
def test_unknown_choices_list_the_known_ones(old: str, new: str, message: str) -> None:
    """A value that is no member of its enum is named with every allowed value."""
    assert [message] == problems(GOOD.replace(old, new, 1))


def test_missing_keys_are_named_all_at_once() -> None:
    """Every missing key of a table is named, in declaration order, in one problem."""
    text = GOOD.replace('id = "two"\nsuit = "coins"\n', "")
    assert ["box.toml: cards[1]: missing keys 'id', 'suit'"] == problems(text)


def test_one_missing_key() -> None:
    """A single missing key is named in the singular."""
    text = GOOD.replace('suit = "coins"\n', "")
    assert ["box.toml: cards[1] (two): missing key 'suit'"] == problems(text)


def test_unknown_keys_are_named() -> None:
    """Keys the class does not declare are refused, sorted, in the singular or plural."""
    text = GOOD.replace("points = 2\n", "points = 2\nzeta = 1\nalpha = 2\n")
    assert ["box.toml: cards[1] (two): unknown keys 'alpha', 'zeta'"] == problems(text)
    extra = GOOD.replace('title = "box"', 'title = "box"\ncolour = "red"')
    assert ["box.toml: box: unknown key 'colour'"] == problems(extra)


def test_a_value_of_a_free_table_is_named_by_its_key() -> None:
    """A bad value in a table with free keys is named by the table and its key."""
    text = GOOD.replace("counts = { cups = 2 }", 'counts = { cups = "2" }')
    assert ["box.toml: counts: cups must be an integer, got a string ('2')"] == problems(text)


@attrs.frozen
class Shelf:
    """A document whose free-key table holds tables."""

    boxes: dict[str, Cost]


def test_a_table_in_a_free_table_is_named_by_its_key() -> None:
    """A problem inside a table held by a free-key table names that key in the path."""
    data = {"boxes": {"red": {"coins": 1}, "blue": {"note": "x"}, "green": {"coins": "2"}}}
    with pytest.raises(GameDataError) as caught:
        structure(Shelf, data, source="s", error=GameDataError, root="shelf")
    expected = [
        "s: boxes.blue: missing key 'coins'",
        "s: boxes.green: coins must be an integer, got a string ('2')",
    ]
    assert expected == str(caught.value).splitlines()


def test_nested_paths_go_through_every_table_and_array() -> None:
    """A problem deep in the document names each key and index on its way, with ids."""
    text = GOOD.replace("coins = 3", "coins = -3")
    expected = ["box.toml: cards[0] (ace).costs[0]: coins must be at least 0, got -3"]
    assert expected == problems(text)
    typed = GOOD.replace("coins = 3", 'coins = "3"')
    expected = ["box.toml: cards[0] (ace).costs[0]: coins must be an integer, got a string ('3')"]
    assert expected == problems(typed)


def test_a_table_that_is_not_a_table() -> None:
    """An entry of an array of tables, or a nested table, of another type is named."""
    text = GOOD.replace('costs = [{ coins = 3, note = "x" }]', "costs = [3]")
    assert ["box.toml: cards[0] (ace).costs[0]: must be a table, got an integer (3)"] == (
        problems(text)
    )
    flat = 'title = "box"\ncards = {}\n'
    assert ["box.toml: box: cards must be an array of tables, got a table ({})"] == problems(flat)


def test_validators_name_the_key_and_the_rule() -> None:
    """at_least, between and non_empty name the key, the bound and the value.

    A table's validators run once all its values are read, so a bad entry in
    ``cards`` hides a broken rule of the document's own keys.
    """
    text = GOOD.replace("rolls = [1, 2]", "rolls = [1, 0]")
    assert ["box.toml: box: rolls entries must be at least 1, got 0"] == problems(text)
    cards = GOOD.replace("points = 10", "points = 11").replace('id = "two"', 'id = ""')
    expected = [
        "box.toml: cards[0] (ace): points must be from 1 to 10, got 11",
        "box.toml: cards[1] (): id must not be empty",
    ]
    assert expected == problems(cards)


def test_every_bad_value_gets_a_line() -> None:
    """Several problems in one document are all reported, one line each, in order."""
    text = GOOD.replace('title = "box"', "title = 1").replace("points = 2", 'points = "2"')
    text = text.replace("weight = 1", "weight = true")
    expected = [
        "box.toml: box: title must be a string, got an integer (1)",
        "box.toml: cards[1] (two): points must be an integer, got a string ('2')",
        "box.toml: steps[0]: weight must be a float, got a boolean (True)",
    ]
    assert expected == problems(text)


def test_the_document_must_be_a_table() -> None:
    """Structuring data that is no table names the whole document."""
    with pytest.raises(GameDataError, match=re.escape("src: box: must be a table, got an array")):
        structure(Box, [], source="src", error=GameDataError, root="box")


def test_the_root_is_called_document_unless_named() -> None:
    """Without ``root`` a top-level problem is named at ``document``."""
    with pytest.raises(GameDataError) as caught:
        load_toml(Box, "title = 1\ncards = []", source="s", error=GameDataError)
    assert "s: document: title must be a string, got an integer (1)" == str(caught.value)


def test_the_game_error_class_is_raised() -> None:
    """The error raised is the class given, such as the catalog's CatalogError."""
    with pytest.raises(CatalogError, match=re.escape("x.toml: not valid TOML")):
        load_toml(Box, "title = ", source="x.toml", error=CatalogError)


def test_a_fault_of_the_classes_is_not_reported_as_bad_data() -> None:
    """An error a validator raises that is not a DataProblem propagates as it is."""

    def broken(instance: Any, attribute: Any, value: Any) -> None:
        raise RuntimeError("bug in a validator")

    @attrs.frozen
    class Broken:
        value: int = attrs.field(validator=broken)

    with pytest.raises(RuntimeError, match="bug in a validator"):
        structure(Broken, {"value": 1}, source="s", error=GameDataError)


def test_a_game_validator_may_raise_a_data_problem() -> None:
    """A DataProblem from a game's own validator is reported with the path of its table."""

    def even(instance: Any, attribute: Any, value: Any) -> None:
        if value % 2:
            raise DataProblem(f"{attribute.name} must be even, got {value}")

    @attrs.frozen
    class Pair:
        size: int = attrs.field(validator=even)

    with pytest.raises(GameDataError) as caught:
        structure(Pair, {"size": 3}, source="s", error=GameDataError, root="pair")
    assert "s: pair: size must be even, got 3" == str(caught.value)


class Tint(IntEnum):
    """An enum of ranks whose file writes its members' names."""

    WHITE = 0
    RED = 1


@attrs.frozen
class Brick:
    """A table with enums read by name, alone, in an array and optional."""

    tint: Annotated[Tint, BY_NAME]
    mix: tuple[Annotated[Tint, BY_NAME], ...] = ()
    trim: Annotated[Tint, BY_NAME] | None = None
    rank: Tint | None = None
    finish: str = attrs.field(default="", validator=one_of("", "matt", "gloss"))


def load_brick(text: str) -> Brick:
    """Load ``text`` as a Brick from the source ``brick.toml``."""
    return load_toml(Brick, text, source="brick.toml", error=GameDataError, root="brick")


def test_an_enum_marked_by_name_is_read_from_its_members_names() -> None:
    """BY_NAME reads members by name, in arrays and optional keys; others stay by value."""
    expected = Brick(Tint.RED, (Tint.WHITE, Tint.RED), Tint.WHITE, Tint.RED, "matt")
    text = 'tint = "RED"\nmix = ["WHITE", "RED"]\ntrim = "WHITE"\nrank = 1\nfinish = "matt"'
    assert expected == load_brick(text)
    assert Brick(Tint.WHITE) == load_brick('tint = "WHITE"')


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('tint = "PINK"', "brick.toml: brick: unknown tint 'PINK' (expected one of: WHITE, RED)"),
        ("tint = 1", "brick.toml: brick: tint must be a string, got an integer (1)"),
        (
            'tint = "RED"\nmix = ["RED", 0]',
            ("brick.toml: brick: mix must be an array of strings, got an array (['RED', 0])"),
        ),
        (
            'tint = "RED"\nmix = ["BLUE"]',
            ("brick.toml: brick: unknown mix[0] 'BLUE' (expected one of: WHITE, RED)"),
        ),
        (
            'tint = "RED"\nrank = "RED"',
            "brick.toml: brick: rank must be an integer, got a string ('RED')",
        ),
    ],
)
def test_an_enum_marked_by_name_refuses_what_is_no_name(text: str, message: str) -> None:
    """A name that is no member's, or a value that is no string, is named with its key."""
    with pytest.raises(GameDataError) as caught:
        load_brick(text)
    assert message == str(caught.value)


def test_one_of_names_the_allowed_choices() -> None:
    """one_of refuses a value outside its choices, listing them."""
    with pytest.raises(GameDataError) as caught:
        load_brick('tint = "RED"\nfinish = "satin"')
    expected = "brick.toml: brick: finish must be one of '', 'matt', 'gloss', got 'satin'"
    assert expected == str(caught.value)


def test_entry_name_uses_a_string_id_only() -> None:
    """entry_name adds a string id, from a table or an instance, and ignores any other."""
    expected = ["cards[0] (ace)", "steps[2]", "cards[1] (two)", "rolls[0]"]
    actual = [
        entry_name("cards", 0, {"id": "ace"}),
        entry_name("steps", 2, Step("x", 1.0)),
        entry_name("cards", 1, Card("two", Suit.CUPS, 1)),
        entry_name("rolls", 0, {"id": 7}),
    ]
    assert expected == actual


def test_read_text_names_the_file_and_the_reason(tmp_path: Path) -> None:
    """A missing, unreadable or non-UTF-8 file raises the game's error naming it."""
    missing = tmp_path / "absent.toml"
    with pytest.raises(GameDataError, match=re.escape(f"{missing}: no such card file")):
        read_text(missing, error=GameDataError, what="card")
    with pytest.raises(GameDataError, match=re.escape(f"{tmp_path}: cannot read the data file")):
        read_text(tmp_path, error=GameDataError)
    latin = tmp_path / "latin.toml"
    latin.write_bytes("name = 'caf\u00e9'".encode("latin-1"))
    with pytest.raises(GameDataError, match=re.escape(f"{latin}: not UTF-8 text")):
        read_text(latin, error=GameDataError)
    good = tmp_path / "good.toml"
    good.write_text(GOOD, encoding="utf-8")
    assert GOOD == read_text(good, error=GameDataError)


@attrs.frozen
class Grid:
    """A document of fixed-length arrays and arrays of arrays."""

    corner: tuple[int, int] = attrs.field(validator=at_least(0))
    rows: tuple[tuple[int, ...], ...]
    prizes: tuple[tuple[int, int], ...] = ()
    label: tuple[Suit, int] | None = None


GRID = """
corner = [0, 2]
rows = [[1, 2], [3]]
prizes = [[4, 20], [2, 12]]
label = ["cups", 3]
"""


def grid_problems(text: str) -> list[str]:
    """The lines of the error that loading ``text`` as a Grid raises."""
    with pytest.raises(GameDataError) as caught:
        load_toml(Grid, text, source="grid.toml", error=GameDataError, root="grid")
    return str(caught.value).splitlines()


def test_fixed_arrays_and_arrays_of_arrays_are_structured() -> None:
    """A fixed-length array becomes a tuple of its types; nested arrays become nested tuples."""
    expected = Grid((0, 2), ((1, 2), (3,)), ((4, 20), (2, 12)), (Suit.CUPS, 3))
    actual = load_toml(Grid, GRID, source="grid.toml", error=GameDataError)
    assert expected == actual
    assert (tuple, tuple) == (type(actual.rows[0]), type(actual.prizes[1]))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        pytest.param(
            "corner = [0, 2]",
            "corner = [0]",
            "grid.toml: grid: corner must be an array of 2 integers, got an array ([0])",
            id="fixed-array-too-short",
        ),
        pytest.param(
            "corner = [0, 2]",
            "corner = [0, 2, 4]",
            "grid.toml: grid: corner must be an array of 2 integers, got an array ([0, 2, 4])",
            id="fixed-array-too-long",
        ),
        pytest.param(
            "corner = [0, 2]",
            'corner = [0, "2"]',
            "grid.toml: grid: corner must be an array of 2 integers, got an array ([0, '2'])",
            id="fixed-array-wrong-type",
        ),
        pytest.param(
            "corner = [0, 2]",
            "corner = [0, -2]",
            "grid.toml: grid: corner entries must be at least 0, got -2",
            id="fixed-array-validator",
        ),
        pytest.param(
            'label = ["cups", 3]',
            'label = ["cups", "3"]',
            "grid.toml: grid: label must be an array of 2 values, got an array (['cups', '3'])",
            id="mixed-fixed-array",
        ),
        pytest.param(
            'label = ["cups", 3]',
            'label = ["clubs", 3]',
            "grid.toml: grid: unknown label[0] 'clubs' (expected one of: cups, coins)",
            id="enum-in-fixed-array",
        ),
        pytest.param(
            "rows = [[1, 2], [3]]",
            'rows = [[1, 2], [3, "x"]]',
            "grid.toml: grid: rows[1] must be an array of integers, got an array ([3, 'x'])",
            id="entry-of-array-of-arrays",
        ),
        pytest.param(
            "rows = [[1, 2], [3]]",
            "rows = [[1, 2], 3]",
            "grid.toml: grid: rows[1] must be an array of integers, got an integer (3)",
            id="scalar-in-array-of-arrays",
        ),
        pytest.param(
            "rows = [[1, 2], [3]]",
            "rows = 3",
            "grid.toml: grid: rows must be an array of arrays, got an integer (3)",
            id="array-of-arrays-not-an-array",
        ),
        pytest.param(
            "prizes = [[4, 20], [2, 12]]",
            "prizes = [[4, 20], [2]]",
            "grid.toml: grid: prizes[1] must be an array of 2 integers, got an array ([2])",
            id="fixed-array-in-array",
        ),
    ],
)
def test_bad_arrays_are_named_with_their_index(old: str, new: str, message: str) -> None:
    """A fixed-length array of the wrong length or types, and a bad array inside an
    array, are named by the key and, inside an array, the entry's index."""
    assert old in GRID
    assert [message] == grid_problems(GRID.replace(old, new, 1))


@attrs.frozen
class Seats:
    """A document whose array entries have a range."""

    seats: tuple[int, ...] = attrs.field(validator=between(1, 5))


def test_between_checks_every_entry_of_an_array() -> None:
    """between names the first entry of an array out of its range, with the bounds."""
    assert Seats((1, 5)) == load_toml(Seats, "seats = [1, 5]", source="s", error=GameDataError)
    with pytest.raises(GameDataError) as caught:
        load_toml(Seats, "seats = [1, 6, 0]", source="s", error=GameDataError, root="seats")
    assert "s: seats: seats entries must be from 1 to 5, got 6" == str(caught.value)
