"""Move notation: every malformed text is an InvalidMoveError that says what is wrong."""

from __future__ import annotations

import pytest

from princes_of_florence import InvalidMoveError, parse_move
from princes_of_florence.ids import PersonId
from princes_of_florence.moves import Bid, PlaceTile, Recruit, SellPrestige


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "unknown move ''"),
        ("teleport", "unknown move 'teleport'"),
        ("bid", "has 1 words; expected 'bid <florins>'"),
        ("bid 300 400", "has 3 words"),
        ("bid  300", "has 3 words"),
        ("Bid 300", "unknown move"),
        ("bid three", "'three' is not a whole number"),
        ("bid -100", "'-100' is not a whole number"),
        ("bid 0300", "'0300' is not a whole number"),
        ("bid \uff13\uff10\uff10", "is not a whole number"),
        ("bid 3e2", "'3e2' is not a whole number"),
        ("recruit x poet", "'x' is not a whole number"),
        ("recruit 1 baker", "'baker' is not a PersonId"),
        ("open castle", "'castle' is not a AuctionObject"),
        ("build forest", "'forest' is not a Building"),
        ("choose B99", "'B99' is not a card"),
        ("place zz9", "'zz9' is not a cell"),
        ("place a0-a1", "'a0' is not a cell"),
        ("place h1", "'h1' is not a cell"),
        ("place c4--c5", "'' is not a cell"),
        ("place C4", "'C4' is not a cell"),
        ("place c4-c4", "names a cell twice"),
    ],
)
def test_malformed_notation_is_rejected(text: str, message: str) -> None:
    """Each bad text raises InvalidMoveError naming the fault."""
    with pytest.raises(InvalidMoveError, match=message):
        parse_move(text)


def test_non_text_is_rejected() -> None:
    """Only strings are parsed."""
    with pytest.raises(InvalidMoveError, match="a move must be text, not int"):
        parse_move(300)  # type: ignore[arg-type]


def test_cells_are_sorted_and_numbers_have_one_spelling() -> None:
    """Cells in any order read as the sorted notation; numbers as written."""
    assert PlaceTile("c4-d2-d3-d4-d5") == parse_move("place d5-c4-d3-d2-d4")
    assert Bid(0) == parse_move("bid 0")
    assert Bid(1200) == parse_move("bid 1200")
    assert Recruit(0, PersonId.POET) == parse_move("recruit 0 poet")
    assert SellPrestige(3) == parse_move("sell 3")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("bid " + "1" * 4301, "move text of 4305 characters"),
        ("sell " + "9" * 25, "a number of 25 digits"),
        ("bid 100100", r"Bid.amount must be 0 to 100000"),
        ("recruit 5 poet", r"Recruit.from_player must be 0 to 4"),
        ("convert 1001", r"Convert.points must be 0 to 1000"),
    ],
)
def test_huge_numbers_in_notation_are_invalid_moves(text: str, message: str) -> None:
    """A number of any size in move text is an InvalidMoveError, never a plain ValueError."""
    with pytest.raises(InvalidMoveError, match=message):
        parse_move(text)
