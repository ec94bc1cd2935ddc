"""The generic part of the serialization package, on a small game of its own.

The envelope, the converter, the quick readers and writers and the records
know no game: these tests give them a dice game (tagged moves, enums read as
one, tuples of one enum, a renamed field) and its own error class, as another
game of the library would.
"""

from __future__ import annotations

import json
from enum import IntEnum, StrEnum
from typing import Any, cast

import attrs
import pytest

from princes_of_florence.errors import IllegalMoveError, InvalidMoveError, SerializationError
from princes_of_florence.serialization import converter, quick, records
from princes_of_florence.serialization.converter import (
    EnumTuples,
    EnumUnion,
    TaggedUnion,
    Unions,
)
from princes_of_florence.serialization.envelope import ENCODER, Envelope


class DiceError(SerializationError):
    """The dice game's own serialization error."""


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"
    BOTH = "both"


class Shape(StrEnum):
    CIRCLE = "circle"
    BOTH = "both"  # also a colour: read as the colour, the first enum


@attrs.frozen
class Roll:
    dice: int


@attrs.frozen
class Keep:
    dice: tuple[int, ...]
    player: int = 0


@attrs.frozen
class Stop:
    pass


DiceMove = Roll | Keep | Stop
MOVE: Any = DiceMove  # mypy takes a union for a value, not a type


@attrs.frozen
class Seat:
    score: int
    name: str
    hand: tuple[int, ...] = ()


@attrs.frozen
class Table:
    round: int
    seats: tuple[Seat, ...]
    last: DiceMove | None
    marker: Colour | Shape
    shown: tuple[Colour, ...] | tuple[Shape, ...]
    open: bool = True


UNIONS = Unions(
    tagged=(TaggedUnion((Roll, Keep, Stop), "move"),),
    enums=(EnumUnion((Colour, Shape), "token"),),
    enum_tuples=(EnumTuples((Colour, Shape), "the tokens must be all colours or all shapes"),),
    renamed=(("keep", "who", "player"),),
)
ENVELOPE = Envelope(game="dice", title="Dice", schema="2.1", error=DiceError)
STRICT = Envelope(
    game="dice",
    title="Dice",
    schema="2.1",
    named=frozenset({"table", "move"}),
    name_required=True,
    error=DiceError,
)
CONVERTER = converter.checked_converter(UNIONS, Keep((6, 6), 1), DiceMove)

TABLE = Table(
    round=3,
    seats=(Seat(12, "Ann", (1, 6)), Seat(0, "Bo")),
    last=Keep((6,), 1),
    marker=Shape.CIRCLE,
    shown=(Colour.RED, Colour.BOTH),
)


def _load_table(data: object) -> Table:
    """The table as the quick reader reads it, else as the converter does."""
    read = quick.reader(Table, UNIONS)
    assert read is not None
    try:
        result: Table = read(data)
    except quick.GiveUp:
        result = converter.structure(CONVERTER, data, Table, "table", DiceError)
    return result


def _answer(call: Any) -> tuple[str, str]:
    try:
        return "value", repr(call())
    except Exception as error:
        return type(error).__name__, str(error)


# --------------------------------------------------------------------------
# The envelope


def test_a_document_names_its_game_where_the_game_says() -> None:
    """Only the kinds named write the game; every document holds schema, kind and data."""
    assert ENVELOPE.write("move", 1) == '{"schema":"2.1","kind":"move","data":1}'
    assert ENVELOPE.write("record", []) == (
        '{"schema":"2.1","kind":"record","game":"dice","data":[]}'
    )
    assert STRICT.write("table", {}) == '{"schema":"2.1","kind":"table","game":"dice","data":{}}'


def test_the_envelope_reads_its_own_documents_back() -> None:
    """Any minor version of the same major version is read; the data comes back."""
    assert ENVELOPE.read('{"schema":"2.9","kind":"move","data":[1]}', "move") == [1]
    assert ENVELOPE.read(b'{"schema":"2.0","kind":"move","game":"dice","data":2}', "move") == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"schema":"3.0","kind":"move","data":1}', "this version reads schema 2.x"),
        ('{"schema":"2.0","kind":"move","game":"chess","data":1}', r"not of Dice \('dice'\)"),
        ('{"schema":"2.0","kind":"table","data":1}', r"expected a move document"),
        ('{"schema":"2.0","kind":"move"}', "no data field"),
        ('{"schema":"2.0","kind":"move","data":1,"x":0}', "unknown fields in the document: x"),
        ('{"schema":"2.0","kind":"move","data":1,"data":2}', "appears twice"),
        ("[1]", "not an array"),
    ],
)
def test_the_envelope_refuses_with_the_game_s_error(text: str, message: str) -> None:
    """Each refusal is the game's own error class, naming what is wrong."""
    with pytest.raises(DiceError, match=message):
        ENVELOPE.read(text, "move")


def test_a_game_may_require_its_name() -> None:
    """With name_required, a document without the game is refused, not taken for the game's."""
    with pytest.raises(DiceError, match=r"does not name its game \('dice'\) @ \$\.game"):
        STRICT.read('{"schema":"2.0","kind":"move","data":1}', "move")
    assert STRICT.read('{"schema":"2.0","kind":"move","game":"dice","data":1}', "move") == 1
    assert ENVELOPE.read('{"schema":"2.0","kind":"move","data":1}', "move") == 1


# --------------------------------------------------------------------------
# The converter


def test_tagged_moves_are_written_with_their_tag_first() -> None:
    """A member of a tagged union is its snake-case tag, then its fields in order."""
    assert CONVERTER.unstructure(Keep((6, 5), 1)) == {"type": "keep", "dice": [6, 5], "player": 1}
    assert CONVERTER.unstructure(Stop()) == {"type": "stop"}
    assert CONVERTER.structure({"type": "roll", "dice": 3}, MOVE) == Roll(3)


def test_a_renamed_field_reads_under_its_old_name() -> None:
    """An older document's field name reads as the new one; the new name wins if both are there."""
    assert CONVERTER.structure({"type": "keep", "dice": [], "who": 2}, MOVE) == Keep((), 2)


def test_enums_read_as_one_take_the_first_enum_that_has_the_value() -> None:
    """A value two enums share is the first enum's member; anything else names the union."""
    token: Any = Colour | Shape  # mypy takes a union for a value, not a type
    assert CONVERTER.structure("both", token) is Colour.BOTH
    assert CONVERTER.structure("circle", token) is Shape.CIRCLE
    with pytest.raises(DiceError, match=r"'square' is not a token @ \$\.data$"):
        converter.structure(CONVERTER, "square", token, "token", DiceError)


def test_a_table_round_trips_through_the_converter() -> None:
    """Every kind of field comes back equal, with exact types."""
    data = CONVERTER.unstructure(TABLE)
    assert CONVERTER.structure(json.loads(json.dumps(data)), Table) == TABLE


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"round": True}, r"expected an integer, not True @ \$\.data\.round"),
        ({"round": 2**64}, r"is out of range @ \$\.data\.round"),
        ({"last": {"type": "jump"}}, r"unknown move tag 'jump'; expected one of keep, roll, stop"),
        ({"last": {"dice": 1}}, r"a move needs a 'type' tag"),
        ({"shown": ["red", "circle"]}, r"all colours or all shapes @ \$\.data\.shown"),
        ({"seats": [{"score": 1, "name": 2}]}, r"not a number @ \$\.data\.seats\[0\]\.name"),
        ({"seats": [{"score": 1, "name": "A", "age": 3}]}, r"extra fields found \(age\)"),
    ],
)
def test_the_converter_names_every_bad_value_by_its_path(
    change: dict[str, Any], message: str
) -> None:
    """A bad document raises the game's error with the value's path; the quick reader gives up."""
    data = {**CONVERTER.unstructure(TABLE), **change}
    with pytest.raises(DiceError, match=message):
        _load_table(data)


def test_a_converter_that_cannot_round_trip_its_sample_is_an_import_error() -> None:
    """checked_converter names the installed dependencies when its sample does not survive."""
    with pytest.raises(ImportError, match="cannot read or write documents"):
        converter.checked_converter(UNIONS, 1.5, int)


def test_values_of_the_wrong_type_are_named_before_writing() -> None:
    """refuse_wrong_types names each field that does not hold its declared type."""
    text: Any = "3"  # values of the wrong types, as a program may make them
    number: Any = 7
    listed: Any = [Colour.RED]
    bad = attrs.evolve(TABLE, round=text, last=number, shown=listed)
    with pytest.raises(DiceError) as caught:
        converter.refuse_wrong_types("table", bad, Table, UNIONS, DiceError)
    assert str(caught.value) == (
        "cannot write the table: expected an integer, not str '3' @ $.data.round; "
        "expected a move or None, not int 7 @ $.data.last; "
        "expected a tuple or a tuple, not list [<Colour.RED: 'red'>] @ $.data.shown"
    )
    converter.refuse_wrong_types("table", TABLE, Table, UNIONS, DiceError)  # nothing wrong


# --------------------------------------------------------------------------
# Quick readers and writers


def test_the_quick_reader_builds_what_the_converter_builds() -> None:
    """On a valid document the two readers give equal values."""
    read = quick.reader(Table, UNIONS)
    assert read is not None
    for table in (TABLE, attrs.evolve(TABLE, last=None, shown=(Shape.BOTH,), open=False)):
        data = json.loads(json.dumps(CONVERTER.unstructure(table)))
        assert read(data) == CONVERTER.structure(data, Table) == table


@pytest.mark.parametrize(
    "change",
    [
        {"round": "3"},
        {"round": 1.0},
        {"seats": [{"score": 1}]},
        {"last": {"type": "hop"}},
        {"marker": "square"},
        {"shown": ["red", "circle"]},
        {"extra": 1},
    ],
)
def test_the_quick_reader_gives_up_where_the_converter_refuses(change: dict[str, Any]) -> None:
    """Whatever the converter refuses, the quick reader does not accept."""
    read = quick.reader(Table, UNIONS)
    assert read is not None
    data = {**CONVERTER.unstructure(TABLE), **change}
    with pytest.raises(quick.GiveUp):
        read(data)
    with pytest.raises(DiceError):
        converter.structure(CONVERTER, data, Table, "table", DiceError)


def test_a_type_without_a_quick_reader_is_left_to_the_converter() -> None:
    """reader gives None for a type it cannot read quickly (a list field)."""

    @attrs.frozen
    class Bag:
        items: list[int]

    assert quick.reader(Bag, UNIONS) is None


@pytest.mark.parametrize("fresh", [(), (Table,)])
def test_the_quick_writer_writes_the_converter_s_text(fresh: tuple[type, ...]) -> None:
    """The same bytes as the converter's value, whether fields are checked once or every time."""
    write = quick.writer(Table, UNIONS, fresh)
    assert write is not None
    for table in (TABLE, attrs.evolve(TABLE, last=Stop(), marker=Colour.BLUE)):
        assert ENCODER.encode(write(table)) == ENCODER.encode(CONVERTER.unstructure(table))


def test_the_quick_writer_refuses_a_value_of_another_type() -> None:
    """A field of the wrong type raises Wrong; the caller then names it."""
    write = quick.writer(Table, UNIONS, (Table,))
    assert write is not None
    wrong: list[dict[str, Any]] = [
        {"round": True},
        {"round": 2**64},
        {"seats": list(TABLE.seats)},
        {"last": Roll(cast("int", "1"))},
        {"shown": ("red",)},
    ]
    for change in wrong:
        bad = attrs.evolve(TABLE, **change)
        with pytest.raises(quick.Wrong):
            write(bad)


class Pip(IntEnum):
    ONE = 1
    TWO = 2


class Face(IntEnum):
    ONE = 1


@attrs.frozen
class Throw:
    best: Pip
    pips: tuple[Pip, ...]


def test_the_quick_writer_writes_integer_enums_by_value_and_refuses_others() -> None:
    """An integer enum is written as its value, alone or in a tuple; an integer, or a
    member of another enum equal to one of its members, is refused."""
    write = quick.writer(Throw, Unions(), (Throw,))
    assert write is not None
    throw = Throw(Pip.TWO, (Pip.ONE, Pip.TWO, Pip.ONE))
    assert write(throw) == {"best": 2, "pips": [1, 2, 1]} == CONVERTER.unstructure(throw)
    for bad in (
        Throw(cast("Pip", 2), ()),
        Throw(cast("Pip", Face.ONE), ()),
        Throw(Pip.ONE, cast("tuple[Pip, ...]", (Pip.ONE, 2))),
        Throw(Pip.ONE, cast("tuple[Pip, ...]", (Face.ONE,))),
        Throw(Pip.ONE, cast("tuple[Pip, ...]", [Pip.ONE])),
    ):
        with pytest.raises(quick.Wrong):
            write(bad)


# --------------------------------------------------------------------------
# Records


@attrs.frozen
class Race:
    """Rules of a race to 10: each move adds its dice; going past 10 is illegal."""

    def new_game(self, config: int, /) -> int:
        return config

    def apply(self, state: int, move: Roll, /) -> int:
        return self.apply_with_events(state, move)[0]

    def apply_with_events(self, state: int, move: Roll, /) -> tuple[int, tuple[str, ...]]:
        if state + move.dice > 10:
            raise IllegalMoveError(f"{state} + {move.dice} passes 10")
        return state + move.dice, (f"+{move.dice}",)

    def is_terminal(self, state: int, /) -> bool:
        return state == 10

    def outcome(self, state: int, /) -> object:
        return f"reached {state}"


def test_replay_gives_every_state_and_checks_the_outcome() -> None:
    """Every state from the configuration on; a claimed outcome must be the replayed one."""
    moves = [Roll(4), Roll(6)]
    assert records.replay(Race(), 0, moves, "reached 10") == (0, 4, 10)
    steps = list(records.replay_steps(Race(), 0, moves))
    assert steps == [(1, Roll(4), 0, ("+4",), 4), (2, Roll(6), 4, ("+6",), 10)]
    with pytest.raises(DiceError, match="claims the outcome reached 9, but the replay gives"):
        records.replay(Race(), 0, moves, "reached 9", error=DiceError)
    with pytest.raises(SerializationError, match="not over after its 1 moves"):
        records.replay(Race(), 0, moves[:1], "reached 10")


def test_replay_names_the_first_illegal_move() -> None:
    """An illegal move is the record's fault: the game's error, with the move's number."""
    with pytest.raises(DiceError, match=r"^move 2 of the record is illegal: 7 \+ 4 passes 10$"):
        records.replay(Race(), 0, [Roll(7), Roll(4)], error=DiceError)
    steps = records.replay_steps(Race(), 7, [Roll(3), Roll(1)], error=DiceError)
    assert next(steps)[4] == 10
    with pytest.raises(DiceError, match="move 2 of the record is illegal"):
        next(steps)


def _header(name: str, words: list[str], line: int) -> int:
    return records.header_number(words[0], name, line, error=DiceError)


def _parse_roll(text: str) -> Roll:
    if not text.startswith("roll ") or not text[5:].isdigit():
        raise InvalidMoveError(f"{text!r} is not a roll")
    return Roll(int(text[5:]))


def test_a_text_record_round_trips() -> None:
    """write_text then read_text gives back the headers, the moves and the comments."""
    comments = [records.Comment(1, "Bold."), records.Comment(2, "Done.")]
    text = records.write_text("2.1", [("start", "0")], ["roll 4", "roll 6"], comments)
    assert text == "# schema 2.1\n# start 0\nroll 4\n; Bold.\nroll 6\n; Done.\n"
    found = records.read_text(text, 2, ("start",), _header, _parse_roll, error=DiceError)
    assert found == ({"start": 0}, [Roll(4), Roll(6)], comments)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("# schema 3.0\n", "line 1: schema '3.0' is not supported; this version reads schema 2.x"),
        ("# start 0\n# start 1\n", "line 2: header # start appears twice"),
        ("# finish 0\n", "line 1: unknown header 'finish'; expected one of schema, start"),
        ("; early\n", "line 1: a comment must follow a move"),
        ("roll 1\n# start 0\n", "line 2: headers must come before the moves"),
        ("\nroll x\n", "line 2: 'roll x' is not a roll"),
        ("# start -1\n", "line 1: '-1' is not a whole number in # start"),
    ],
)
def test_a_bad_text_record_is_refused_with_its_line(text: str, message: str) -> None:
    """Each refusal is the game's error and names the line."""
    with pytest.raises(DiceError) as caught:
        records.read_text(text, 2, ("start",), _header, _parse_roll, error=DiceError)
    assert str(caught.value) == message


def test_the_notes_of_a_record_are_checked_alike_for_every_game() -> None:
    """A date, an engine version and comments that follow their moves."""
    good = [records.Comment(1, "a"), records.Comment(1, "b"), records.Comment(2, "c")]
    assert records.annotation_problems(2, "2026-11-25", "0.1.0", good) == []
    assert records.annotation_problems(
        2, "2026-11-25T10:00Z", None, [records.Comment(2, "x"), records.Comment(1, "y")]
    ) == [
        "a comment follows move 1: not a move of the record after the comment before it"
        " (1 to 2) @ $.data.comments[1]"
    ]
    assert records.annotation_problems(1, None, "", [records.Comment(1, "\n")]) == [
        "engine must be a version such as 0.1.0, not ''",
        "a comment is one printable line of 1 to 500 characters, not '\\n' @ $.data.comments[0]",
    ]


def test_the_generic_readers_refuse_alike_with_either_path() -> None:
    """Loading through the quick reader or the converter alone gives the same answers."""
    base = CONVERTER.unstructure(TABLE)
    for change in ({}, {"round": "x"}, {"marker": "both"}, {"last": None}):
        data = {**base, **change}
        slow = _answer(lambda d=data: converter.structure(CONVERTER, d, Table, "table"))
        quick_or_slow = _answer(lambda d=data: _load_table(d))
        assert slow[0] in ("value", "SerializationError")
        assert quick_or_slow[1] == slow[1]
