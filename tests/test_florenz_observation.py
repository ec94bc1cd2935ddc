"""Florenz views: what each family sees, redacted events, determinization."""

from __future__ import annotations

import random

import attrs
import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import (
    apply,
    apply_with_events,
    is_terminal,
    legal_moves,
    new_game,
)
from princes_of_florence.florenz.events import CardDrawn, Scored
from princes_of_florence.florenz.ids import Medici, ScandalKind
from princes_of_florence.florenz.observation import determinize, events_for, observe, view_moves
from princes_of_florence.florenz.state import GameState


def _played(seed: int, steps: int, players: int = 3) -> GameState:
    state = new_game(GameConfig(players=players, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        if is_terminal(state):
            break
        state = apply(state, rng.choice(legal_moves(state)))
    return state


def _with_hand(state: GameState, family: int, hand: tuple[ScandalKind, ...]) -> GameState:
    families = list(state.families)
    families[family] = attrs.evolve(families[family], hand=hand)
    return attrs.evolve(state, families=tuple(families))


def test_twin_states_differing_in_hidden_information_look_the_same() -> None:
    """Hand faces (same backs), plan card, deck order and future tiles of
    family 1 are invisible to family 0."""
    state = _played(4, 60)
    one = _with_hand(state, 1, (ScandalKind.FIG_GUARD, ScandalKind.CAR_SWAP))
    two = _with_hand(state, 1, (ScandalKind.FIG_TRAVEL, ScandalKind.CAR_ADVANCE))
    families = list(two.families)
    families[1] = attrs.evolve(families[1], plan=(families[1].plan + 1) % 6)
    two = attrs.evolve(
        two,
        families=tuple(families),
        decks=tuple(tuple(reversed(d)) for d in two.decks),
        time_tiles=(*two.time_tiles[: two.round], *reversed(two.time_tiles[two.round :])),
    )
    assert one != two
    assert observe(one, 0) == observe(two, 0)
    assert observe(one, 2) == observe(two, 2)
    assert observe(one, 1) != observe(two, 1)


def test_own_hand_and_plan_are_seen() -> None:
    """A family sees its own hand faces and plan card."""
    state = _with_hand(_played(2, 10), 0, (ScandalKind.MES_CUP,))
    view = observe(state, 0)
    assert view.state.families[0].hand == (ScandalKind.MES_CUP,)
    assert view.state.families[0].plan == state.families[0].plan
    assert view.state.families[1].plan == -1
    assert view.hands[0] == (Medici.GIOVANNI,)  # the reference deck of the Messere cards


def test_plans_are_revealed_at_the_end() -> None:
    """F120: at the final scoring every plan card is shown."""
    state = _played(3, 5000)
    assert is_terminal(state)
    view = observe(state, 0)
    assert [f.plan for f in view.state.families] == [f.plan for f in state.families]


def test_drawn_card_faces_are_redacted_for_the_others() -> None:
    """FR26: only the new owner sees the face of a drawn card."""
    events = (CardDrawn(1, Medici.COSIMO, ScandalKind.FIG_GUARD),)
    assert events_for(events, 1) == events
    assert events_for(events, 0) == (CardDrawn(1, Medici.COSIMO, None),)


@pytest.mark.parametrize("seed", range(6))
def test_determinized_states_match_the_view_and_play_on(seed: int) -> None:
    """determinize deals only what the view hides; the game plays on from it."""
    state = _played(seed, 40 + 30 * seed, players=2 + seed % 4)
    for player in range(len(state.families)):
        view = observe(state, player)
        guess = determinize(view, random.Random(seed))
        assert observe(guess, player) == view
        assert sorted(guess.time_tiles) == sorted(state.time_tiles)
        assert sorted(guess.location_tiles) == sorted(state.location_tiles)
        assert sum(map(len, guess.decks)) == sum(map(len, state.decks))
        if not is_terminal(guess):
            rng = random.Random(seed)
            for _ in range(50):
                if is_terminal(guess):
                    break
                guess = apply(guess, rng.choice(legal_moves(guess)))


def test_view_moves_are_the_deciders_only() -> None:
    """The view of the family to decide lists the state's moves; others none."""
    state = _played(5, 30)
    assert view_moves(observe(state, state.player)) == legal_moves(state)
    other = (state.player + 1) % len(state.families)
    assert view_moves(observe(state, other)) == ()


def test_events_sum_to_the_vp() -> None:
    """Every VP gained is reported by a Scored event."""
    state = new_game(GameConfig(players=4, seed=9))
    rng = random.Random(9)
    totals = [0] * 4
    while not is_terminal(state):
        state, events = apply_with_events(state, rng.choice(legal_moves(state)))
        for event in events:
            if isinstance(event, Scored):
                totals[event.player] += event.vp
    assert tuple(totals) == tuple(f.vp for f in state.families)
