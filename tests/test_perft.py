"""Perft counts from fixed positions in every phase, kept as data in ``tests/data/perft``.

Each position is a seed and a move list; its counts pin how many move
sequences ``legal_moves`` allows to each depth (see ``tests/perft.py``).  The
counts come from the engine and guard against unintended change; the
``hand_counts`` of some positions were worked out from the rulings alone.
"""

from __future__ import annotations

import pytest

from perft import Position, count_all, divide_report, load_positions, perft, position_state
from princes_of_florence import legal_moves
from princes_of_florence.state import CardChoice, Conversion, Placing, RecruitOffer, Working

POSITIONS: list[Position] = [position for _, position in load_positions()]


def _name(position: Position) -> str:
    name: str = position["name"]
    return name


def test_positions_cover_every_phase_and_sub_decision() -> None:
    """There are positions in the draft, the auction, the actions and each pending decision."""
    states = [position_state(p) for p in POSITIONS]
    phases = {state.phase.value for state in states}
    pending = {type(state.pending) for state in states}
    assert {"setup", "auction", "actions"} <= phases
    assert {Placing, CardChoice, RecruitOffer, Working, Conversion} <= pending


@pytest.mark.parametrize("position", POSITIONS, ids=_name)
def test_perft_counts_match(position: Position) -> None:
    """The move sequences to each depth number as recorded; a mismatch shows the divide."""
    state = position_state(position)
    assert position["phase"] == state.phase.value
    counts, split = count_all(state, position["depth"])
    if counts != position["counts"]:
        pytest.fail(
            f"perft of {position['name']}: expected {position['counts']}, got {counts}\n"
            f"first moves whose sub-counts differ at depth {position['depth']}:\n"
            + divide_report(position["divide"], split),
            pytrace=False,
        )
    assert list(position["divide"].items()) == list(split.items())


@pytest.mark.parametrize("position", POSITIONS, ids=_name)
def test_divide_lists_the_legal_moves_in_order(position: Position) -> None:
    """The divide of a position has one entry per legal move, in legal-move order."""
    state = position_state(position)
    assert [str(move) for move in legal_moves(state)] == list(position["divide"])
    assert position["counts"][-1] == sum(position["divide"].values())


@pytest.mark.parametrize("position", [p for p in POSITIONS if "hand_counts" in p], ids=_name)
def test_hand_counts_agree_with_the_engine(position: Position) -> None:
    """Counts worked out by hand from the rulings equal the engine's (see verified_by_hand)."""
    assert position["verified_by_hand"]
    state = position_state(position)
    for depth, expected in position["hand_counts"].items():
        assert (int(depth), expected) == (int(depth), perft(state, int(depth)))


def test_at_least_three_positions_are_verified_by_hand() -> None:
    """At least three positions carry counts worked out by hand."""
    assert len([p for p in POSITIONS if "hand_counts" in p]) >= 3


def test_divide_report_names_the_diverging_first_moves() -> None:
    """A mismatch is reported per first move: differing, missing and extra moves."""
    expected = {"open jester": 2, "decline": 8, "open lake": 2}
    actual = {"open jester": 2, "decline": 9, "open park": 2}
    assert (
        "  decline: expected 8, got 9\n"
        "  open lake: expected 2, got None\n"
        "  open park: expected None, got 2"
    ) == divide_report(expected, actual)
