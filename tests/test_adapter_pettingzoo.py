"""The PettingZoo adapter: PettingZoo's own API and seed tests, rewards, refusals."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")

import numpy as np
from pettingzoo.test import api_test, seed_test

from princes_of_florence import (
    ArgumentError,
    ConfigError,
    IllegalMoveError,
    InvalidMoveError,
    PrincesOfFlorenceError,
    games,
    is_terminal,
    outcome,
    render_table_text,
)
from princes_of_florence.adapters.pettingzoo import OBSERVATION_HIGH, PrincesOfFlorenceEnv, env
from princes_of_florence.encoding import ACTION_COUNT, legal_actions

CONFIGURATIONS = [
    {"players": players, "muse_and_princess": muse, "cooperative_building": coop}
    for players, muse, coop in itertools.product((2, 3, 4, 5), (False, True), (False, True))
]


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=str)
def test_pettingzoo_api_and_seed_tests_pass(config: dict[str, Any]) -> None:
    """PettingZoo's api_test (a whole game) and seed_test pass for every configuration."""
    api_test(env(**config), num_cycles=1000)
    seed_test(lambda: env(**config), num_cycles=30)


def _play(game: PrincesOfFlorenceEnv, seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _agent in game.agent_iter():
        observation, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        game.step(int(rng.choice(legal)))


@pytest.mark.parametrize("reward", ["win", "rank"])
def test_rewards_at_the_end_are_the_returns(reward: str) -> None:
    """A whole game: rewards are 0 until the end, then the winners share 1 (or by rank)."""
    game = env(players=3, reward=reward, hidden_money=True)
    game.reset(seed=5)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = np.random.default_rng(1)
    for agent in game.agent_iter():
        observation, _, terminated, _, _ = game.last()
        for name in game.agents:
            totals[name] += game.rewards[name]
        if terminated:
            game.step(None)
            continue
        assert agent == f"player_{game.state.current_player}"
        vector, mask = observation["observation"], observation["action_mask"]
        assert vector.dtype == np.float32
        assert mask.dtype == np.int8
        assert 0.0 <= vector.min()
        assert vector.max() <= OBSERVATION_HIGH
        assert tuple(np.flatnonzero(mask)) == legal_actions(game.state)
        game.step(int(rng.choice(np.flatnonzero(mask))))
    assert is_terminal(game.state)
    result = outcome(game.state)
    if reward == "win":
        winners = {f"player_{seat}" for seat in result.winners}
        assert {a: (1.0 / len(winners) if a in winners else 0.0) for a in totals} == totals
    else:
        assert pytest.approx(1.5) == sum(totals.values())
        assert 1.0 == totals[f"player_{result.ranking[0]}"] or len(result.winners) > 1
    assert [] == game.agents


def test_others_have_an_empty_mask() -> None:
    """An agent not to decide observes its vector and a mask with no legal action."""
    game = env(players=4)
    game.reset(seed=3)
    waiting = next(a for a in game.possible_agents if a != game.agent_selection)
    observation = game.observe(waiting)
    assert 0 == observation["action_mask"].sum()
    assert (ACTION_COUNT,) == observation["action_mask"].shape


def test_an_illegal_action_raises_and_changes_nothing() -> None:
    """An action not in the mask raises IllegalMoveError; the game is as it was."""
    game = env(players=2)
    game.reset(seed=1)
    before = game.state
    illegal = next(a for a in range(ACTION_COUNT) if a not in legal_actions(before))
    with pytest.raises(IllegalMoveError):
        game.step(illegal)
    assert game.state is before


def test_the_same_seed_plays_the_same_game() -> None:
    """reset(seed=...) fixes the deal; the same actions give the same final state."""
    finals = []
    for _ in range(2):
        game = env(players=3, muse_and_princess=True)
        game.reset(seed=11)
        _play(game, 4)
        finals.append(game.state)
    assert finals[0] == finals[1]


def test_bad_arguments_raise_config_errors() -> None:
    """A seed in the configuration, an unknown reward or render mode: ConfigError."""
    with pytest.raises(ConfigError, match="reset"):
        env(players=3, seed=4)
    with pytest.raises(ConfigError, match="reward"):
        env(players=3, reward="score")
    with pytest.raises(ConfigError, match="render_mode"):
        env(players=3, render_mode="rgb_array")
    with pytest.raises(ConfigError, match="players"):
        env(players=6)


def test_render_shows_the_table() -> None:
    """With render_mode 'ansi', render returns the table as text."""
    game = env(players=2, render_mode="ansi")
    game.reset(seed=2)
    assert render_table_text(game.state) == game.render()
    assert env(players=2).render() is None


def test_explicit_chance_is_played_by_the_environment() -> None:
    """With explicit chance, agents only meet decisions; the seed fixes the deals."""
    api_test(env(players=2, explicit_chance=True), num_cycles=1000)
    seed_test(lambda: env(players=3, explicit_chance=True), num_cycles=30)
    game = env(players=2, explicit_chance=True)
    game.reset(seed=4)
    assert game.state.current_player is not None
    assert game.state.config.explicit_chance


@pytest.mark.parametrize(
    "action",
    [
        5.7,
        2.0,
        "5",
        b"5",
        True,
        False,
        np.float64(2.0),
        float("inf"),
        float("nan"),
        np.bool_(True),
        np.array(2),
        [2],
        None,
    ],
    ids=repr,
)
def test_step_refuses_anything_but_an_integer(action: Any) -> None:
    """Floats (inf too), text, bytes, booleans and arrays are InvalidMoveErrors, never
    played and never an OverflowError; the game is as it was."""
    game = env(players=2)
    game.reset(seed=1)
    before, agent = game.state, game.agent_selection
    with pytest.raises(InvalidMoveError):
        game.step(action)
    assert game.state is before
    assert agent == game.agent_selection


@pytest.mark.parametrize("kind", [int, np.int64, np.int32, np.uint16, np.intp])
def test_step_takes_python_and_numpy_integers(kind: Any) -> None:
    """An action id as a Python int or any numpy integer type is played."""
    game = env(players=2)
    game.reset(seed=1)
    action = legal_actions(game.state)[0]
    before = game.state
    game.step(kind(action))
    assert game.state != before
    assert 1 == len(game.state.setup.returned if game.state.setup else ())


@pytest.mark.parametrize("action", [-1, ACTION_COUNT, 2**64, np.uint64(2**64 - 1)], ids=repr)
def test_an_integer_that_is_not_an_id_is_refused(action: Any) -> None:
    """An integer outside 0 to ACTION_COUNT - 1 is an InvalidMoveError."""
    game = env(players=2)
    game.reset(seed=1)
    with pytest.raises(InvalidMoveError, match="is not an action id"):
        game.step(action)


def test_observe_of_an_unknown_agent_is_refused() -> None:
    """An agent that is not one of possible_agents is an ArgumentError, not a KeyError."""
    game = env(players=3)
    game.reset(seed=1)
    for agent in ("player_3", "player_-1", "", None, 0):
        with pytest.raises(ArgumentError, match="is not an agent of this environment"):
            game.observe(agent)  # type: ignore[arg-type]  # any value, on purpose


def test_step_before_reset_and_after_the_end_is_refused() -> None:
    """Before reset, and once every agent is done, step is an IllegalMoveError saying to
    reset (before reset, last and observe too); a done agent's only action is None."""
    game = env(players=2)
    with pytest.raises(IllegalMoveError, match=r"call reset\(\)"):
        game.step(0)
    with pytest.raises(IllegalMoveError, match=r"to look at: call reset\(\)"):
        game.last()
    with pytest.raises(IllegalMoveError, match=r"to observe: call reset\(\)"):
        game.observe("player_0")
    game.reset(seed=3)
    rng = np.random.default_rng(0)
    while not is_terminal(game.state):
        game.step(int(rng.choice(legal_actions(game.state))))
    with pytest.raises(IllegalMoveError, match="its only action is None"):
        game.step(0)
    while game.agents:
        game.step(None)
    for action in (None, 0):
        with pytest.raises(IllegalMoveError, match=r"every agent is done: call reset\(\)"):
            game.step(action)
    game.reset(seed=3)
    assert game.agents == game.possible_agents


# ---------------------------------------------------------------------------
# Every registered game: the same conformance tests, through the protocol only.


def _settings(name: str) -> list[dict[str, Any]]:
    """The configurations each game's environment is tested in: the default, and
    explicit chance where the game offers it."""
    chance = games.get(name).chance_outcome_count > 0
    return [{}, {"explicit_chance": True}] if chance else [{}]


GAME_SETTINGS = [(name, options) for name in games.names() for options in _settings(name)]


@pytest.mark.parametrize(("name", "options"), GAME_SETTINGS, ids=str)
def test_every_game_passes_the_api_and_seed_tests(name: str, options: dict[str, Any]) -> None:
    """PettingZoo's api_test (a whole game) and seed_test pass for each registered game."""
    api_test(env(game=name, **options), num_cycles=1000)
    seed_test(lambda: env(game=name, **options), num_cycles=30)


@pytest.mark.parametrize("name", games.names())
def test_every_game_plays_to_its_returns(name: str) -> None:
    """A whole game of each registered game: masks are the legal moves of the player to
    decide, observations lie within the game's bounds, and the rewards at the end
    are the game's returns (or rank returns)."""
    game = games.get(name)
    low, high = game.observation_bounds
    for reward in ("win", "rank"):
        environment = env(game=name, reward=reward)
        environment.reset(seed=7)
        expected = "princes_of_florence_v0" if name == "princes" else f"{name}_v0"
        assert expected == environment.metadata["name"]
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        rng = np.random.default_rng(2)
        for agent in environment.agent_iter():
            observation, _, terminated, truncated, _ = environment.last()
            for other in environment.agents:
                totals[other] += environment.rewards[other]
            if terminated or truncated:
                environment.step(None)
                continue
            assert agent == f"player_{game.current_player(environment.state)}"
            vector, mask = observation["observation"], observation["action_mask"]
            assert (game.observation_length,) == vector.shape
            assert low <= vector.min()
            assert vector.max() <= high
            legal = {game.encode_move(move) for move in game.legal_moves(environment.state)}
            assert legal == set(np.flatnonzero(mask).tolist())
            environment.step(int(rng.choice(np.flatnonzero(mask))))
        assert game.is_terminal(environment.state)
        values = (game.returns if reward == "win" else game.rank_returns)(environment.state)
        assert {f"player_{seat}": value for seat, value in enumerate(values)} == totals


@pytest.mark.parametrize("name", games.names())
def test_every_game_refuses_what_is_not_an_action(name: str) -> None:
    """For each registered game: a step before reset, a float, a bool, an integer
    outside the action ids and an illegal action are refused, and nothing changes."""
    environment = env(game=name)
    with pytest.raises(IllegalMoveError, match=r"call reset\(\)"):
        environment.step(0)
    environment.reset(seed=1)
    before = environment.state
    count = games.get(name).action_count
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    refusals: list[tuple[Any, type[Exception]]] = [
        (2.0, InvalidMoveError),
        (True, InvalidMoveError),
        (-1, InvalidMoveError),
        (count, InvalidMoveError),
        (illegal, PrincesOfFlorenceError),
    ]
    for action, error in refusals:
        with pytest.raises(error):
            environment.step(action)
        assert before is environment.state


def test_an_unknown_game_is_refused() -> None:
    """A game that is not registered is a ConfigError that lists the games."""
    with pytest.raises(ConfigError, match="no game is called 'chess'"):
        env(game="chess")


@pytest.mark.parametrize("name", games.names())
def test_every_observation_is_the_games_vector_and_mask_in_new_arrays(name: str) -> None:
    """Through a whole game, every agent's observation (asked twice, and again after a
    change to what was returned) is exactly the game's vector of its view and the mask
    of the state (zeros for the agents not to decide), in arrays of its own."""
    game = games.get(name)
    environment = env(game=name)
    environment.reset(seed=4)
    rng = np.random.default_rng(4)
    for steps, agent in enumerate(environment.agent_iter()):
        if steps == 300:
            break
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        state = environment.state
        for seat, other in enumerate(environment.possible_agents):
            first = environment.observe(other)
            vector = np.asarray(game.observation_vector(game.observe(state, seat)), np.float32)
            decides = seat == game.current_player(state)
            mask = (
                np.frombuffer(game.action_mask(state), np.int8)
                if decides
                else 0 * first["action_mask"]
            )
            for seen in (first, environment.observe(other)):
                assert np.array_equal(vector, seen["observation"])
                assert np.array_equal(mask, seen["action_mask"])
            first["observation"][:] = -1.0
            first["action_mask"][:] = 7
            again = environment.observe(other)
            assert np.array_equal(vector, again["observation"])
            assert np.array_equal(mask, again["action_mask"])
        assert np.array_equal(observation["action_mask"], environment.observe(agent)["action_mask"])
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
