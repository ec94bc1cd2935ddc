"""Explicit chance: every random step a chance node whose outcome the caller chooses."""

from __future__ import annotations

import random

import attrs
import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import (
    apply,
    chance_outcomes,
    current_player,
    is_chance_node,
    is_terminal,
    legal_moves,
    new_game,
)
from princes_of_florence.florenz.errors import IllegalMoveError
from princes_of_florence.florenz.ids import ChanceKind, Medici, ScandalKind, Stage
from princes_of_florence.florenz.moves import Chance
from princes_of_florence.florenz.observation import determinize, observe
from princes_of_florence.florenz.rules.common import Work
from princes_of_florence.florenz.rules.dealing import outcomes
from princes_of_florence.florenz.serialization import dumps, load_state
from princes_of_florence.florenz.state import GameState


def _play(state: GameState, rng: random.Random, steps: int) -> GameState:
    for _ in range(steps):
        if is_terminal(state):
            break
        if is_chance_node(state):
            moves, weights = zip(*chance_outcomes(state), strict=True)
            state = apply(state, rng.choices(moves, weights)[0])
        else:
            state = apply(state, rng.choice(legal_moves(state)))
    return state


def test_setup_is_dealt_by_chance_in_the_rulebook_order() -> None:
    """F20-F30: start family, plans, boast tiles, carriages, location and time tiles."""
    state = new_game(GameConfig(players=3, seed=1, explicit_chance=True))
    assert is_chance_node(state)
    assert current_player(state) is None
    kinds = [step.kind for step in state.chance]
    assert kinds[0] is ChanceKind.START
    assert kinds.count(ChanceKind.PLAN) == 3
    assert kinds.count(ChanceKind.BOAST_TILE) == 9
    assert kinds.count(ChanceKind.LOCATION_TILE) == 9
    assert chance_outcomes(state) == tuple((Chance(f), 1 / 3) for f in range(3))
    with pytest.raises(IllegalMoveError, match="by chance"):
        apply(state, Chance(3))
    state = apply(state, Chance(2))
    assert state.start == 2
    assert state.setup_order == (1, 0, 2)


def test_setup_deals_each_value_once_and_the_carriage_rule() -> None:
    """F24: rounds 7-9 get the carriages' start locations; each tile is dealt once."""
    rng = random.Random(3)
    state = new_game(GameConfig(players=4, seed=3, explicit_chance=True))
    while state.stage is Stage.CHANCE:
        state = _play(state, rng, 1)
    assert state.stage is Stage.SETUP
    assert sorted(state.location_tiles) == list(range(1, 10))
    assert set(state.location_tiles[6:]) == set(state.carriages)
    assert sorted(state.time_tiles) == list(range(2, 10))
    assert state.targets == state.location_tiles[:3]
    assert len({f.plan for f in state.families}) == 4


def test_cards_are_dealt_after_the_medici_moved_and_states_round_trip() -> None:
    """Scandal cards drawn on the way are dealt by chance; every state reads back."""
    rng = random.Random(5)
    state = new_game(GameConfig(players=3, seed=5, explicit_chance=True))
    seen_card = False
    while not is_terminal(state):
        if state.chance and state.chance[0].kind is ChanceKind.CARD:
            seen_card = True
            total = sum(p for _, p in chance_outcomes(state))
            assert total == pytest.approx(1.0)
        assert load_state(dumps(state)) == state
        if state.stage is not Stage.CHANCE and state.stage is not Stage.OVER:
            view = observe(state, state.player)
            assert observe(determinize(view, rng), state.player) == view
        state = _play(state, rng, 1)
    assert seen_card


def test_draws_waiting_before_a_reshuffle_take_the_old_cards() -> None:
    """F82, FR63: the draws already waiting take the old deck's cards."""
    state = new_game(GameConfig(players=3, seed=2, explicit_chance=True))
    rng = random.Random(2)
    while state.stage is Stage.CHANCE:
        state = _play(state, rng, 1)
    decks = list(state.decks)
    decks[Medici.COSIMO] = (ScandalKind.FIG_GUARD,)
    discards = list(state.discards)
    discards[Medici.COSIMO] = (ScandalKind.FIG_TRAVEL, ScandalKind.FIG_TRAVEL)
    work = Work.of(attrs.evolve(state, decks=tuple(decks), discards=tuple(discards)))
    work.draw(0, Medici.COSIMO)
    work.draw(1, Medici.COSIMO)
    work.settle()
    waiting = work.freeze()
    assert outcomes(waiting) == ((int(ScandalKind.FIG_GUARD), 1.0),)
    after = apply(waiting, Chance(int(ScandalKind.FIG_GUARD)))
    assert after.families[0].hand == (ScandalKind.FIG_GUARD,)
    assert outcomes(after) == ((int(ScandalKind.FIG_TRAVEL), 1.0),)
    after = apply(after, Chance(int(ScandalKind.FIG_TRAVEL)))
    assert after.families[1].hand == (ScandalKind.FIG_TRAVEL,)
    assert after.stage is not Stage.CHANCE


def test_solo_strozzi_cards_are_dealt_by_chance() -> None:
    """F133, F146: Strozzi's cards come from chance nodes; card 6 first is set aside."""
    rng = random.Random(7)
    state = new_game(GameConfig(players=2, seed=7, solo=True, explicit_chance=True))
    kinds = set()
    while not is_terminal(state):
        if state.chance:
            kinds.add(state.chance[0].kind)
            if state.chance[0].kind is ChanceKind.STROZZI_CARD and state.chance[0].target == 2:
                assert 6 not in {value for value, _ in outcomes(state)} or (
                    state.strozzi is not None and state.strozzi.deck.count(6) > 1
                )
        state = _play(state, rng, 1)
    assert ChanceKind.STROZZI_CARD in kinds


def test_pictures_words_and_vectors_at_chance_nodes() -> None:
    """Every service answers at a chance node of the setup and of the game."""
    from princes_of_florence.florenz.game import GAME
    from princes_of_florence.florenz.learning import OBSERVATION_LENGTH

    rng = random.Random(8)
    state = new_game(GameConfig(players=3, seed=8, explicit_chance=True))
    for _ in range(40):
        if is_chance_node(state):
            assert GAME.decision_text(state) is None
            assert GAME.current_player(state) is None
            view = GAME.observe(state, 0)
            assert GAME.legal_moves(view) == ()
            assert len(GAME.observation_vector(view)) == OBSERVATION_LENGTH
            assert GAME.render_text(state)
            assert GAME.render_svg(view).startswith("<svg")
            move = GAME.chance_outcomes(state)[0][0]
            assert GAME.describe(move, state).startswith("Chance")
            assert GAME.parse_move(GAME.format_move(move)) == move
            assert GAME.action_mask(state)[GAME.encode_move(move)] == 1
        state = _play(state, rng, 1)
