"""Perft counts from fixed positions in every phase, kept as data in ``tests/data/perft``.

Each position is a seed and a move list; its counts pin how many move
sequences ``legal_moves`` allows to each depth (see ``tests/perft.py``).  The
counts come from the engine and guard against unintended change; the
``hand_counts`` of some positions were worked out from the rulings alone.
"""

from __future__ import annotations

import pytest

from perft import Position, count_all, divide_report, load_positions, perft, position_state
from princes_of_florence import Phase, apply, legal_moves
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


def test_setup_positions_cover_every_player_count_and_a_draft_under_way() -> None:
    """The draft is pinned for 3, 4 and 5 players, and once with persons already returned (R8)."""
    drafts = [position_state(p) for p in POSITIONS if p["phase"] == "setup"]
    assert {3, 4, 5} == {len(state.players) for state in drafts}
    assert any(state.setup is not None and state.setup.returned for state in drafts)


@pytest.mark.parametrize("position", [p for p in POSITIONS if p["phase"] == "setup"], ids=_name)
def test_draft_counts_are_powers_of_four_then_the_auction_opens(position: Position) -> None:
    """Each player left returns one of 4 distinct persons, then the start player opens (R8, R13).

    The 21 person cards are all different, so no two returns of a hand
    coincide; after the last return, one of the 7 stacks is opened or the
    opener declines: 8 moves from every end of the draft.
    """
    state = position_state(position)
    assert state.setup is not None
    left = len(state.players) - len(state.setup.returned)
    assert position["depth"] > left, "the position should reach the auction"
    expected = [4**d for d in range(1, left + 1)] + [4**left * 8]
    assert expected == position["counts"][: left + 1]
    for _ in range(left):
        state = apply(state, legal_moves(state)[0])
    assert (Phase.AUCTION, state.start_player) == (state.phase, state.current_player)


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
