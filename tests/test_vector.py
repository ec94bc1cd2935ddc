"""The vector environment: stacked arrays equal to the protocol's, seeds, ends and refusals."""

from __future__ import annotations

from typing import Any

import pytest

from princes_of_florence import games
from princes_of_florence.errors import ConfigError, IllegalMoveError

np = pytest.importorskip("numpy", reason="the vector environment needs numpy")

from princes_of_florence.vector import VectorEnv  # noqa: E402  # needs numpy, checked above


def _random_actions(masks: Any, rng: Any) -> Any:
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks])


def _check_rows(env: VectorEnv, observations: dict[str, Any], infos: dict[str, Any]) -> None:
    """Each row is the game's own vector and mask of the row's state, for the row's player."""
    game = env.game
    for row, state in enumerate(env.states):
        seat = game.current_player(state)
        assert seat is not None
        assert seat == infos["player"][row]
        if env.player is not None:
            assert env.player == seat
        vector = game.observation_vector(game.observe(state, seat))
        assert np.array_equal(
            np.asarray(vector, dtype=np.float32), observations["observation"][row]
        )
        mask = np.frombuffer(game.action_mask(state), dtype=np.uint8)
        assert np.array_equal(mask, observations["action_mask"][row])


@pytest.mark.parametrize("name", games.names())
def test_rows_are_the_games_vectors_and_masks(name: str) -> None:
    """Observations and masks are stacked exactly as the protocol gives them, step after step."""
    env = VectorEnv(name, num_envs=3, players=max(env_players(name)))
    observations, infos = env.reset(seed=5)
    assert (3, env.game.observation_length) == observations["observation"].shape
    assert np.float32 == observations["observation"].dtype
    assert (3, env.game.action_count) == observations["action_mask"].shape
    assert np.uint8 == observations["action_mask"].dtype
    rng = np.random.default_rng(5)
    for _ in range(40):
        _check_rows(env, observations, infos)
        observations, rewards, terminated, truncated, infos = env.step(
            _random_actions(observations["action_mask"], rng)
        )
        assert (3,) == rewards.shape == terminated.shape == truncated.shape


def env_players(name: str) -> tuple[int, ...]:
    return games.get(name).player_counts


def _play(env: VectorEnv, seed: int, steps: int) -> list[Any]:
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [observations["observation"].copy()]
    for _ in range(steps):
        observations, *_ = env.step(_random_actions(observations["action_mask"], rng))
        seen.append(observations["observation"].copy())
    return seen


def test_a_seed_gives_the_same_games_whatever_the_number_of_rows() -> None:
    """Row 0 of a seed is the same game alone and beside others, and again with the seed;
    another seed deals another game."""
    options = {"muse_and_princess": True}
    alone = VectorEnv(num_envs=1, players=3, options=options)
    many = VectorEnv(num_envs=4, players=3, options=options)
    first, _ = alone.reset(seed=11)
    beside, _ = many.reset(seed=11)
    rng = np.random.default_rng(11)
    for _ in range(30):
        assert np.array_equal(first["observation"][0], beside["observation"][0])
        assert np.array_equal(first["action_mask"][0], beside["action_mask"][0])
        actions = _random_actions(beside["action_mask"], rng)
        first, *_ = alone.step(actions[:1])
        beside, *_ = many.step(actions)
    assert [a.tolist() for a in _play(alone, 11, 30)] == [a.tolist() for a in _play(alone, 11, 30)]
    alone.reset(seed=11)
    state = alone.states[0]
    alone.reset(seed=12)
    assert state != alone.states[0]


def test_whole_games_end_are_rewarded_and_start_again() -> None:
    """Self-play to the end: rewards are the mover's return, returns add to 1, a new game starts."""
    env = VectorEnv(num_envs=2, players=2)
    observations, infos = env.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(2000):
        movers = infos["player"].copy()
        observations, rewards, terminated, truncated, infos = env.step(
            _random_actions(observations["action_mask"], rng)
        )
        assert not truncated.any()
        for row in np.flatnonzero(terminated):
            ended += 1
            assert sum(infos["returns"][row]) == pytest.approx(1.0)
            assert rewards[row] == infos["returns"][row][movers[row]]
        assert all(value == 0 for value in rewards[~terminated])
        assert not infos["returns"][~terminated].any()
        if ended >= 2:
            break
    assert ended >= 2
    _check_rows(env, observations, infos)


def test_one_seat_against_random_players_with_chance() -> None:
    """With player=1 every observation is seat 1's; chance and the others move themselves."""
    env = VectorEnv(num_envs=2, players=3, player=1, options={"explicit_chance": True})
    observations, infos = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        assert (infos["player"] == 1).all()
        _check_rows(env, observations, infos)
        observations, _, _, _, infos = env.step(_random_actions(observations["action_mask"], rng))


def test_games_are_truncated_at_max_steps() -> None:
    """After max_steps decisions a game is truncated, its returns NaN, and started again."""
    env = VectorEnv(num_envs=2, players=4, max_steps=5)
    observations, _ = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for step in range(1, 6):
        observations, _, terminated, truncated, infos = env.step(
            _random_actions(observations["action_mask"], rng)
        )
        assert truncated.all() == (step == 5)
    assert np.isnan(infos["returns"]).all()
    assert not terminated.any()


def test_the_copy_path_gives_the_same_arrays() -> None:
    """A game without buffers is copied from the protocol's tuples: the same arrays."""
    fast = VectorEnv(num_envs=2, players=4, options={"cooperative_building": True})
    slow = VectorEnv(num_envs=2, players=4, options={"cooperative_building": True})
    slow._buffers = None  # as for a game that does not offer LearningBuffers
    assert [a.tolist() for a in _play(fast, 4, 25)] == [a.tolist() for a in _play(slow, 4, 25)]


def test_an_illegal_action_is_refused_and_nothing_moves() -> None:
    """One illegal action in any row: IllegalMoveError naming the row, no game changed."""
    env = VectorEnv(num_envs=3, players=2)
    observations, _ = env.reset(seed=9)
    before = env.states
    masks = observations["action_mask"].copy()
    actions = _random_actions(masks, np.random.default_rng(9))
    actions[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(IllegalMoveError, match="row 2"):
        env.step(actions)
    actions[2] = env.game.action_count
    with pytest.raises(IllegalMoveError, match="row 2"):
        env.step(actions)
    assert all(a is b for a, b in zip(before, env.states, strict=True))
    assert np.array_equal(masks, observations["action_mask"])


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"game": "chess"}, "no game is called"),
        ({"num_envs": 0}, "num_envs"),
        ({"num_envs": True}, "num_envs"),
        ({"players": 6}, "players"),
        ({"players": 4, "player": 4}, "player must be"),
        ({"player": True}, "player must be"),
        ({"max_steps": 0}, "max_steps"),
        ({"options": {"colour": "red"}}, "unknown option"),
    ],
)
def test_a_bad_environment_is_refused(arguments: dict[str, Any], message: str) -> None:
    """Each bad argument raises ConfigError naming it."""
    with pytest.raises(ConfigError, match=message):
        VectorEnv(**arguments)


def test_steps_need_a_reset_and_one_action_per_row() -> None:
    """step before reset, or with the wrong number or kind of actions, is refused."""
    env = VectorEnv(num_envs=2)
    with pytest.raises(ConfigError, match="reset"):
        env.step([0, 0])
    env.reset(seed=1)
    bad: list[Any] = [[0], [0, 0, 0], [0.5, 1.5], [[0, 1]]]
    for actions in bad:
        with pytest.raises(ConfigError, match="one per row"):
            env.step(actions)
    with pytest.raises(ConfigError, match="no options"):
        env.reset(options={"players": 3})
