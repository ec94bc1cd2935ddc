"""The game as a PettingZoo ``AECEnv`` (``pip install "princes-of-florence[pettingzoo]"``).

>>> from princes_of_florence.adapters.pettingzoo import env
>>> game = env(players=3, muse_and_princess=True)
>>> game.reset(seed=1)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((1249,), 4)

Agents are ``player_0`` to ``player_N-1``, one per seat.  The player to decide
is ``agent_selection``; in Cooperative Building the
partner of a proposal answers out of turn, so the order of agents follows the
game, not a fixed cycle.  Each agent observes a dictionary:

* ``observation``: :func:`~princes_of_florence.observation_vector` of
  the agent's view, as ``float32`` in ``[0, 100]``;
* ``action_mask``: :func:`~princes_of_florence.encoding.action_mask` of the
  agent's view as ``int8`` (all zeros when another agent is to decide).

The action space is ``Discrete(ACTION_COUNT)``, the stable action ids of
:mod:`princes_of_florence.encoding`.  An action is a Python ``int`` or a
numpy integer (``numpy.int64``...); anything else (a ``bool``, a float such
as ``5.0`` or ``inf``, text, bytes) raises
:class:`~princes_of_florence.InvalidMoveError`, as does an integer that is
not an action id; an illegal action raises
:class:`~princes_of_florence.IllegalMoveError`, and so does ``step`` before
``reset`` or once every agent is done.  ``observe`` of an agent that is not
one of ``possible_agents`` raises :class:`~princes_of_florence.ArgumentError`.
A refused step changes nothing.  Rewards
are 0 until the end, then :func:`~princes_of_florence.returns` (the
winners share 1) or, with ``reward="rank"``,
:func:`~princes_of_florence.rank_returns`.  The game seed comes from
the seed given to ``reset``; with ``explicit_chance=True`` the environment
plays chance's deals itself, drawn from that seed too, so agents only see
decisions.
"""

from __future__ import annotations

import random
from typing import Any, Literal

import attrs
import gymnasium
import numpy as np
from numpy.typing import NDArray
from pettingzoo import AECEnv

from princes_of_florence import (
    OBSERVATION_LENGTH,
    ArgumentError,
    ConfigError,
    GameConfig,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    apply,
    chance_outcomes,
    is_chance_node,
    is_terminal,
    new_game,
    observation_vector,
    observe,
    rank_returns,
    render_table_text,
    returns,
)
from princes_of_florence.encoding import ACTION_COUNT, action_mask, decode_move
from princes_of_florence.limits import shorten

__all__ = ["OBSERVATION_HIGH", "PrincesOfFlorenceEnv", "env"]

OBSERVATION_HIGH = 100.0
"""The upper bound of the observation box; every value of a vector lies in ``[0, 100]``."""

Observation = dict[str, NDArray[Any]]
_NO_ACTIONS = bytes(ACTION_COUNT)


class PrincesOfFlorenceEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """A PettingZoo AEC environment for one configuration: see the module's docstring.

    Args:
        players: 2 to 5.
        reward: ``"win"`` for :func:`~princes_of_florence.returns`,
            ``"rank"`` for :func:`~princes_of_florence.rank_returns`.
        render_mode: ``"ansi"`` (``render`` returns the table as text),
            ``"human"`` (it prints it) or ``None``.
        **config: any other field of :class:`~princes_of_florence.GameConfig`
            but the seed (``muse_and_princess=True``, ``hidden_money=True``...).

    Raises:
        ConfigError: an impossible configuration or an unknown reward or
            render mode.
    """

    metadata = {  # noqa: RUF012  # the attribute PettingZoo reads
        "name": "princes_of_florence_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int = 4,
        reward: Literal["win", "rank"] = "win",
        render_mode: str | None = None,
        **config: Any,
    ) -> None:
        super().__init__()
        if "seed" in config:
            raise ConfigError("the seed comes from reset(seed=...), not from the configuration")
        if reward not in ("win", "rank"):
            raise ConfigError(f"reward must be 'win' or 'rank', not {reward!r}")
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(f"render_mode must be 'ansi', 'human' or None, not {render_mode!r}")
        self.config = GameConfig(players=players, **config)
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_space = gymnasium.spaces.Discrete(ACTION_COUNT)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    0.0, OBSERVATION_HIGH, (OBSERVATION_LENGTH,), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
            }
        )
        self._seeds = random.Random()
        self._started = False
        self.state: GameState = new_game(self.config)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same dictionary space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(ACTION_COUNT)`` for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; its seed is drawn from ``seed`` (or at random)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self.state = new_game(attrs.evolve(self.config, seed=self._seeds.getrandbits(63)))
        self._chance = random.Random(self._seeds.getrandbits(63))
        self._deal()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._started = True
        self._select()

    def _deal(self) -> None:
        """With explicit chance, play chance's moves (drawn from the reset's seed)."""
        while is_chance_node(self.state):
            moves = [move for move, _ in chance_outcomes(self.state)]  # all equally likely
            self.state = apply(self.state, self._chance.choice(moves))

    def _select(self) -> None:
        seat = self.state.current_player
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and action mask.

        Raises:
            ArgumentError: ``agent`` is not one of ``possible_agents``.
        """
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ArgumentError(
                f"{shorten(agent)} is not an agent of this environment"
                f" ({self.possible_agents[0]} to {self.possible_agents[-1]})"
            )
        view = observe(self.state, seat)
        # The mask of the true state is the mask of the view of the player to
        # decide (and cheaper); the others have no legal action.
        mask = action_mask(self.state) if seat == self.state.current_player else _NO_ACTIONS
        return {
            "observation": np.asarray(observation_vector(view), dtype=np.float32),
            "action_mask": np.frombuffer(mask, dtype=np.int8).copy(),
        }

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done).

        Raises:
            InvalidMoveError: ``action`` is not an integer (Python or numpy),
                or not an action id; or it is ``None`` for an agent to decide.
            IllegalMoveError: the action is not legal now, the agent is done
                and ``action`` is not ``None``, no game was started
                (``reset``), or every agent is done.
        """
        if not self.agents:
            started = "every agent is done: call reset()" if self._started else "call reset()"
            raise IllegalMoveError(f"no game is under way to step: {started}")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise IllegalMoveError(f"{agent} is done: its only action is None")
            self._was_dead_step(action)
            self._select()
            return
        if action is None:
            raise InvalidMoveError(f"{agent} is to decide: None is only for an agent that is done")
        move = decode_move(self.state, _action_id(action))
        self.state = apply(self.state, move)
        self._deal()
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if is_terminal(self.state):
            values = returns(self.state) if self.reward_kind == "win" else rank_returns(self.state)
            self.rewards = {agent: values[self._seats[agent]] for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed too with ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'human'")
            return None
        text = render_table_text(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        """Nothing to release."""


def _action_id(action: object) -> int:
    """``action`` as a Python int: it must be an int or a numpy integer, not a bool.

    Raises:
        InvalidMoveError: anything else (a float, even ``5.0``; text; bytes).
    """
    if isinstance(action, int | np.integer) and not isinstance(action, bool):
        return int(action)
    raise InvalidMoveError(
        f"action {shorten(action)} ({type(action).__name__}) is not an action id:"
        f" an action is an int or a numpy integer from 0 to {ACTION_COUNT - 1}"
    )


def env(players: int = 4, **config: Any) -> PrincesOfFlorenceEnv:
    """A new environment: ``players`` seats and the other configuration fields.

    ``reward`` and ``render_mode`` are passed to :class:`PrincesOfFlorenceEnv`.
    """
    return PrincesOfFlorenceEnv(players=players, **config)
