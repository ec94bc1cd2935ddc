"""Payments and bids covered by prestige (revised ruling R4)."""

from __future__ import annotations

import attrs

from helpers import action_phase, after_draft, play
from princes_of_florence import Bid, BuyPerson, Pass, legal_moves, move_problem
from princes_of_florence.events import (
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PrestigeLost,
    PrestigeReason,
)
from princes_of_florence.rules.common import means, paid, with_player
from princes_of_florence.state import GameState, PlayerState


def _holding(state: GameState, seat: int, money: int, prestige: int) -> GameState:
    return with_player(
        state, seat, attrs.evolve(state.players[seat], money=money, prestige=prestige)
    )


def test_a_bid_may_be_covered_by_prestige() -> None:
    """With 200 florins and 2 points a player may raise to 400, not to 500 (R4)."""
    state = _holding(after_draft(3), 1, 200, 2)
    assert 400 == means(state, 1)
    state, _ = play(state, "open jester", "bid 300", "pass", "bid 400")
    assert 1 == state.current_player
    assert (Pass(),) == legal_moves(state)
    assert "cannot raise 500" in (move_problem(state, Bid(500)) or "")


def test_only_the_winner_pays_and_sells_exactly_the_missing_points() -> None:
    """Bids cost nothing until won; the winner short of cash sells just enough (R4)."""
    state = _holding(after_draft(3), 1, 200, 5)
    state, events = play(state, "open jester", "bid 300", "pass", "bid 400", "bid 500")
    assert not [e for e in events if isinstance(e, MoneyPaid)]
    state, events = play(state, "pass")  # seat 0 leaves: seat 1 wins at 500
    assert [
        PrestigeLost(1, 3, PrestigeReason.SALE),
        MoneyReceived(1, 300, MoneyReason.SALE),
        MoneyPaid(1, 500, MoneyReason.AUCTION),
    ] == [e for e in events if isinstance(e, PrestigeLost | MoneyReceived | MoneyPaid)]
    assert (0, 2) == (state.players[1].money, state.players[1].prestige)


def test_a_payment_in_cash_sells_nothing() -> None:
    """Who has the cash pays in cash and keeps every prestige point (R4)."""
    state = _holding(after_draft(3), 0, 1000, 4)
    state, events = play(state, "open jester", "pass", "pass")
    assert not [e for e in events if isinstance(e, PrestigeLost)]
    assert (800, 4) == (state.players[0].money, state.players[0].prestige)


def test_an_action_may_be_paid_with_prestige() -> None:
    """A person bought with 100 florins and 2 points sells 2 points at payment (R4, R22)."""
    state = action_phase(3)
    seat = state.current_player
    assert seat is not None
    state = _holding(state, seat, 100, 2)
    assert BuyPerson() in legal_moves(state)
    state, events = play(state, "buy person")
    assert [
        PrestigeLost(seat, 2, PrestigeReason.SALE),
        MoneyReceived(seat, 200, MoneyReason.SALE),
        MoneyPaid(seat, 300, MoneyReason.PERSON),
    ] == [e for e in events if isinstance(e, PrestigeLost | MoneyReceived | MoneyPaid)]
    assert (0, 0) == (state.players[seat].money, state.players[seat].prestige)


def test_an_action_beyond_cash_and_prestige_is_refused() -> None:
    """100 florins and 1 point cannot raise 300 (R4)."""
    state = action_phase(3)
    seat = state.current_player
    assert seat is not None
    state = _holding(state, seat, 100, 1)
    assert BuyPerson() not in legal_moves(state)
    assert "cannot raise 300" in (move_problem(state, BuyPerson()) or "")


def test_a_payment_one_florin_short_sells_one_point() -> None:
    """Short by a single florin, exactly one point is sold first (revised R4)."""
    events: list[Event] = []
    player = paid(PlayerState(money=299, prestige=2), 1, 300, MoneyReason.AUCTION, events)
    assert PlayerState(money=99, prestige=1) == player
    assert [
        PrestigeLost(1, 1, PrestigeReason.SALE),
        MoneyReceived(1, 100, MoneyReason.SALE),
        MoneyPaid(1, 300, MoneyReason.AUCTION),
    ] == events
