"""Phase A, the auction (rulings R11-R16)."""

from __future__ import annotations

import attrs
import pytest

from helpers import after_draft, first_placement, play
from princes_of_florence import (
    AuctionObject,
    Bid,
    Decline,
    IllegalMoveError,
    Open,
    Pass,
    Take,
    apply,
    legal_moves,
    move_problem,
)
from princes_of_florence.events import MoneyPaid, MoneyReason, ObjectWon
from princes_of_florence.ids import Landscape, Phase
from princes_of_florence.rules.common import with_player
from princes_of_florence.state import Placing


def test_rulebook_four_player_auction() -> None:
    """The rulebook's example: park 200, jester 700, forest 600, builder 200 (R13, R14)."""
    state = after_draft(4)
    assert (Phase.AUCTION, 0) == (state.phase, state.current_player)
    state, events = play(state, "open park", "pass", "pass", "pass")
    assert isinstance(state.pending, Placing)
    state, more = play(state, first_placement(state))
    events += more
    assert 1 == state.current_player  # the next player opens after the opener won
    state, more = play(
        state,
        "open jester",
        "bid 300",
        "bid 400",
        "bid 500",
        "bid 600",
        "bid 700",
        "pass",
        "pass",
    )
    events += more
    assert 1 == state.current_player  # the opener lost: B opens again
    state, more = play(state, "open forest", "bid 300", "bid 400", "bid 500", "bid 600", "pass")
    events += more
    state, more = play(state, first_placement(state))
    events += more
    assert 2 == state.current_player
    assert (Take(AuctionObject.BUILDER) in legal_moves(state)) is True
    state, more = play(state, "take builder")
    events += more
    won = [(e.player, e.stack, e.price) for e in events if isinstance(e, ObjectWon)]
    assert [
        (0, AuctionObject.PARK, 200),
        (3, AuctionObject.JESTER, 700),
        (1, AuctionObject.FOREST, 600),
        (2, AuctionObject.BUILDER, 200),
    ] == won
    paid = [(e.player, e.amount) for e in events if isinstance(e, MoneyPaid)]
    assert [(0, 200), (3, 700), (1, 600), (2, 200)] == paid
    assert all(e.reason is MoneyReason.AUCTION for e in events if isinstance(e, MoneyPaid))
    assert Phase.ACTIONS == state.phase
    assert [3300, 2900, 3300, 2800] == [p.money for p in state.players]
    assert [1, 0, 0, 0] == [p.principality.landscape_count(Landscape.PARK) for p in state.players]
    assert [0, 0, 0, 1] == [p.jesters for p in state.players]


def test_raise_must_be_exactly_100() -> None:
    """A bid other than the high bid + 100 is illegal and names the right amount (R12, R13)."""
    state, _ = play(after_draft(4), "open jester")
    with pytest.raises(IllegalMoveError, match="bid 300"):
        apply(state, Bid(400))
    assert (Bid(300), Pass()) == legal_moves(state)


def test_taken_stack_is_closed_for_the_phase() -> None:
    """After a stack was taken, nobody can open it again this phase (R13)."""
    state, _ = play(after_draft(4), "open jester", "pass", "pass", "pass")
    assert Open(AuctionObject.JESTER) not in legal_moves(state)
    assert "already taken" in (move_problem(state, Open(AuctionObject.JESTER)) or "")


def test_decline_leaves_the_phase() -> None:
    """A player who declines takes nothing and the next player opens (R13)."""
    state, _ = play(after_draft(3), "decline")
    assert 1 == state.current_player
    assert (True, False, False) == state.auction.done  # type: ignore[union-attr]


def test_last_player_takes_without_auction() -> None:
    """With one player left, only take or decline are offered (R14)."""
    state, _ = play(after_draft(3), "decline", "decline")
    moves = legal_moves(state)
    assert Decline() == moves[-1]
    assert all(isinstance(m, Take) for m in moves[:-1])


def test_second_and_third_builder_give_prestige() -> None:
    """The 2nd and 3rd builder each give 3 prestige at once, the 1st none (R16)."""
    state = after_draft(3)
    gained = []
    for count in range(3):
        player = attrs.evolve(state.players[0], builders=count, prestige=0)
        start = with_player(state, 0, player)
        after, _ = play(start, "open builder", "pass", "pass")
        gained.append(after.players[0].prestige)
    assert [0, 3, 3] == gained


def test_three_builders_is_the_cap() -> None:
    """A player with 3 builders cannot open or bid on builders (R15)."""
    state = after_draft(3)
    state = with_player(state, 0, attrs.evolve(state.players[0], builders=3))
    assert Open(AuctionObject.BUILDER) not in legal_moves(state)
    assert "3 builders" in (move_problem(state, Open(AuctionObject.BUILDER)) or "")
    state = with_player(state, 0, attrs.evolve(state.players[0], builders=0))
    state = with_player(state, 1, attrs.evolve(state.players[1], builders=3))
    state, _ = play(state, "open builder")
    assert (Pass(),) == legal_moves(state)


def test_bidder_who_cannot_pay_may_only_pass() -> None:
    """A bid must be payable in cash (R4, R15)."""
    state = after_draft(3)
    state = with_player(state, 1, attrs.evolve(state.players[1], money=200))
    state, _ = play(state, "open jester")
    assert (Pass(),) == legal_moves(state)
    assert "cannot pay 300" in (move_problem(state, Bid(300)) or "")
