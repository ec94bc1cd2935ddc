"""Card draws: the order in which the cards not kept go under the deck (ruling R6)."""

from __future__ import annotations

import random

import pytest

from helpers import action_phase, after_draft, play
from princes_of_florence import ReturnCard, legal_moves, move_problem, parse_move
from princes_of_florence.events import CardReturned
from princes_of_florence.ids import BonusCardId
from princes_of_florence.observation import HiddenCardChoice, determinize, events_for, observe
from princes_of_florence.rules.common import with_player
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.state import CardChoice, Deck, replace


def test_the_player_orders_the_cards_one_at_a_time() -> None:
    """With the option, the four cards not kept wait; the player puts them under one by one."""
    state = action_phase(3, choose_returned_order=True)
    deck = state.bonus_deck
    top = deck[:5]
    state, _ = play(state, "buy bonus", f"choose {top[1]}")
    rest = (top[0], *top[2:])
    assert CardChoice(Deck.BONUS, rest, True) == state.pending
    assert deck[5:] == state.bonus_deck  # nothing went under yet
    assert tuple(ReturnCard(c) for c in rest) == legal_moves(state)
    assert "choose" not in str(legal_moves(state))
    order = (top[4], top[0], top[3], top[2])
    state, events = play(state, *(f"under {c}" for c in order[:3]))
    assert None is state.pending  # the last card followed by itself (D15)
    assert (*deck[5:], *order) == state.bonus_deck
    assert [CardReturned(0, Deck.BONUS, c) for c in order] == events[: len(order)]
    assert state.turn is not None
    assert (0, 1) == (state.current_player, state.turn.actions)


@pytest.mark.parametrize(("left", "waiting"), [(3, 2), (2, 0)])
def test_the_order_is_asked_only_for_two_cards_or_more(left: int, waiting: int) -> None:
    """From a deck of 3, two cards wait to be ordered; from a deck of 2, one just goes under."""
    state = action_phase(3, choose_returned_order=True)
    deck = state.bonus_deck
    state = replace(state, bonus_deck=deck[:left])
    state = with_player(state, 1, replace(state.players[1], hand_bonus=deck[left:]))
    assert () == state_problems(state)
    state, _ = play(state, "buy bonus", f"choose {deck[0]}")
    if waiting:
        assert CardChoice(Deck.BONUS, deck[1:left], True) == state.pending
        assert () == state.bonus_deck
    else:
        assert None is state.pending
        assert deck[1:left] == state.bonus_deck


def test_without_the_option_the_cards_go_under_in_drawn_order() -> None:
    """By default nothing is asked: the rest go under as drawn (R6, D9)."""
    state = action_phase(3)
    top = state.bonus_deck[:5]
    state, events = play(state, "buy bonus", f"choose {top[0]}")
    assert None is state.pending
    assert top[1:] == state.bonus_deck[-4:]
    assert not [e for e in events if isinstance(e, CardReturned)]


def test_a_card_not_waiting_cannot_go_under() -> None:
    """Only the cards waiting may go under; the choice must be settled first (R6)."""
    state = action_phase(3, choose_returned_order=True)
    top = state.bonus_deck[:5]
    state, _ = play(state, "buy bonus")
    assert "choose one of the cards shown" in (move_problem(state, ReturnCard(top[0])) or "")
    state, _ = play(state, f"choose {top[0]}")
    assert "not among the cards waiting" in (move_problem(state, ReturnCard(top[0])) or "")
    assert "put the cards not kept under" in (move_problem(state, parse_move("end")) or "")


def test_the_order_is_hidden_from_the_others() -> None:
    """Others see how many cards wait, never which, and redacted events (R5, R6)."""
    state = after_draft(3, choose_returned_order=True)
    state, _ = play(state, "open prestige", "pass", "pass")
    assert isinstance(state.pending, CardChoice)
    top = state.pending.shown
    state, _ = play(state, f"choose {top[0]}")
    assert HiddenCardChoice(Deck.PRESTIGE, 4, True) == observe(state, 1).pending
    assert observe(state, 0).pending == state.pending
    after, events = play(state, f"under {top[3]}")
    assert [CardReturned(0, Deck.PRESTIGE, None)] == list(events_for(events, 1))[:1]
    assert HiddenCardChoice(Deck.PRESTIGE, 3, True) == observe(after, 2).pending
    for position in (state, after):
        for viewer in range(3):
            view = observe(position, viewer)
            assert view == observe(determinize(view, random.Random(viewer)), viewer)


def test_notation_round_trips() -> None:
    """``under <card>`` names any card."""
    assert ReturnCard(BonusCardId.B03) == parse_move("under B03")
    assert "under B03" == str(ReturnCard(BonusCardId.B03))
