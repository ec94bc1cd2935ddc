"""The OpenSpiel adapter: the random-simulation test, IS-MCTS, chance and information states."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from princes_of_florence import (
    OBSERVATION_LENGTH,
    ConfigError,
    GameConfig,
    GameRecord,
    information_state_string,
    observation_vector,
    observe,
    returns,
)
from princes_of_florence.adapters.openspiel import SEED_BYTES, PrincesOfFlorenceState
from princes_of_florence.encoding import ACTION_COUNT, action_move

NAME = "python_princes_of_florence"


def _load(**params: object) -> Any:
    return pyspiel.load_game(NAME, params)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "hard_freedoms": True},
        {"players": 3, "muse_and_princess": True, "hidden_money": True},
        {"players": 4, "cooperative_building": True, "reward": "rank"},
        {"players": 5, "muse_and_princess": True, "cooperative_building": True},
    ],
    ids=str,
)
def test_openspiel_random_simulation_test_passes(params: dict[str, object]) -> None:
    """pyspiel.random_sim_test plays whole games, serializing and reloading states."""
    pyspiel.random_sim_test(_load(**params), num_sims=1, serialize=True, verbose=False)


def _play_random(params: dict[str, object], seed: int) -> tuple[PrincesOfFlorenceState, list[int]]:
    game = pyspiel.load_game(NAME, params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert 256 == len(outcomes)
            assert all(probability == 1 / 256 for _, probability in outcomes)
            action = rng.randrange(256)
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return state, actions


def test_the_seed_is_drawn_by_chance_and_the_game_matches_the_engine() -> None:
    """Four chance bytes make the seed; then every step is the engine's, with its returns."""
    state, actions = _play_random({"players": 3}, 2)
    seed = int.from_bytes(bytes(actions[:SEED_BYTES]), "big")
    config = GameConfig(players=3, seed=seed)
    assert state.game_state is not None
    assert seed == state.game_state.config.seed
    record = GameRecord(config, tuple(action_move(a) for a in actions[SEED_BYTES:]))
    assert list(returns(state.game_state)) == state.returns()
    for player in range(3):
        assert information_state_string(record, player) == state.information_state_string(player)
        vector = observation_vector(observe(state.game_state, player))
        assert list(np.asarray(vector, np.float32)) == list(state.observation_tensor(player))
    assert 1.0 == sum(state.returns())


def test_no_player_sees_the_seed() -> None:
    """Different seed bytes that deal a player the same cards give it the same strings."""
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert "dealing" in state.information_state_string(0)
    for action in (1, 2, 3, 4):
        state.apply_action(action)
    other = state.resample_from_infostate(0, None)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert list(state.observation_tensor(0)) == list(other.observation_tensor(0))
    assert list(state.legal_actions()) == list(other.legal_actions())
    assert state.game_state.config.seed != 0
    assert str(state.game_state.config.seed) not in state.information_state_string(0)


def test_ismcts_searches_a_two_player_game() -> None:
    """OpenSpiel's IS-MCTS bot picks legal actions, searching resampled states."""
    game = pyspiel.load_game(NAME, {"players": 2})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while decisions < 4:
        if state.is_chance_node():
            state.apply_action(int(rng.randint(256)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert not state.is_terminal()


def test_the_game_describes_itself() -> None:
    """Game type, sizes and parameters are what OpenSpiel algorithms read."""
    game = _load(players=5, muse_and_princess=True)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert 5 == game.num_players()
    assert ACTION_COUNT == game.num_distinct_actions()
    assert [OBSERVATION_LENGTH] == game.observation_tensor_shape()
    assert 256 == game.max_chance_outcomes()
    assert 2.5 == _load(players=5, reward="rank").utility_sum()


def test_bad_parameters_raise_config_errors() -> None:
    """An impossible configuration or an unknown reward is the package's ConfigError."""
    with pytest.raises(ConfigError, match="reward"):
        _load(players=3, reward="score")
    with pytest.raises(ConfigError, match="hard_freedoms"):
        _load(players=3, hard_freedoms=True)
