"""Firenze views: twin states that differ only in what a player may not see give that
player identical views; determinization is consistent with the view (ruling ZR41)."""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from firenze_positions import edit, game
from princes_of_florence.firenze import FirenzeConfig, apply, legal_moves, new_game
from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.engine import apply_with_events
from princes_of_florence.firenze.ids import Title
from princes_of_florence.firenze.observation import determinize, events_for, observe, view_state
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.state import State


def _played(config: FirenzeConfig, moves: int, seed: int) -> State:
    state = new_game(config)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_deck_order_is_hidden_from_everyone() -> None:
    """Two states whose draw piles differ only in order look the same to every player."""
    state = game(3)
    twin = attrs.evolve(state, deck=tuple(reversed(state.deck)))
    for player in range(3):
        assert observe(state, player) == observe(twin, player)


def test_seed_is_hidden() -> None:
    """The seed would reveal the deck and the bag's future: views show 0."""
    a = new_game(FirenzeConfig(players=2, seed=1))
    b = attrs.evolve(a, config=attrs.evolve(a.config, seed=2))
    assert observe(a, 0) == observe(b, 0)


def test_hands_shown_by_default() -> None:
    """Hands are open by default: every card enters a hand face up (ruling ZR41)."""
    state = edit(game(), 1, hand=[Title.RUHM])
    assert observe(state, 0).players[1].hand == (Title.RUHM,)


def test_hidden_hands_under_counts_are_twins() -> None:
    """Under hands="counts" a card swapped between a hand and the deck changes no other view."""
    state = edit(game(3, hands="counts"), 1, hand=[Title.MAURER])
    deck = list(state.deck)
    k = deck.index(next(t for t in deck if t is not Title.MAURER))
    other = deck[k]
    deck[k] = Title.MAURER
    twin = edit(attrs.evolve(state, deck=tuple(deck)), 1, hand=[other])
    assert observe(state, 0) == observe(twin, 0)
    assert observe(state, 2) == observe(twin, 2)
    assert observe(state, 1) != observe(twin, 1)
    assert observe(state, 0).hand_sizes == (0, 1, 0)


@settings(max_examples=20)
@given(
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 300),
    hands=st.sampled_from(["open", "counts"]),
    players=st.sampled_from([2, 3, 4]),
)
def test_determinize_agrees_with_the_view(seed: int, moves: int, hands: str, players: int) -> None:
    """A determinized state looks the same to the player and is a sound state."""
    state = _played(FirenzeConfig(players=players, seed=seed, hands=hands), moves, seed)
    for player in range(players):
        view = observe(state, player)
        guess = determinize(view, random.Random(seed))
        assert observe(guess, player) == view
        assert not state_problems(guess)
        start = {spec.id for spec in default_catalog().cards if spec.start_copies}
        assert all(t in start for t in guess.deck[: state.start_on_top])


@pytest.mark.parametrize("hands", ["open", "counts"])
def test_view_lists_the_same_moves_as_the_state(hands: str) -> None:
    """The player to decide sees exactly the state's legal moves in their view."""
    state = _played(FirenzeConfig(players=3, seed=3, hands=hands), 40, 3)
    view = observe(state, state.decider)
    assert legal_moves(view_state(view)) == legal_moves(state)


def test_events_are_public() -> None:
    """Every event may be shown to every player."""
    state = game()
    _, events = apply_with_events(state, legal_moves(state)[0])
    assert events_for(events, 1) == events
