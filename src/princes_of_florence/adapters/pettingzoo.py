"""Every game of the library as a PettingZoo ``AECEnv``.

``pip install "princes-of-florence[pettingzoo]"`` installs what it needs.

>>> from princes_of_florence.adapters.pettingzoo import env
>>> game = env(players=3, muse_and_princess=True)
>>> game.reset(seed=1)
>>> game.agent_selection
'player_0'
>>> observation, reward, terminated, truncated, info = game.last()
>>> observation["observation"].shape, int(observation["action_mask"].sum())
((1249,), 4)

``env(game=NAME, players=N, **options)`` (or ``raw_env``, the same) makes an
environment of any game :func:`princes_of_florence.games.names` lists, The
Princes of Florence (``princes``) by default; ``options`` are the game's own
configuration options (:meth:`~princes_of_florence.games.Game.options`, for
this game the fields of :class:`~princes_of_florence.GameConfig`).  The
environment reaches its game only through the game protocol
(:class:`princes_of_florence.games.Game`), so a game registered tomorrow has
its environment today.  Without ``players``, a game that seats 4 has 4, any
other its largest number.

Agents are ``player_0`` to ``player_N-1``, one per seat.  The player to decide
is ``agent_selection``; in Cooperative Building the
partner of a proposal answers out of turn, so the order of agents follows the
game, not a fixed cycle.  Each agent observes a dictionary:

* ``observation``: the game's observation vector
  (:meth:`~princes_of_florence.games.Game.observation_vector`; for this game
  :func:`~princes_of_florence.observation_vector`) of the agent's view, as
  ``float32`` within the game's
  :attr:`~princes_of_florence.games.Game.observation_bounds` (``[0, 100]``
  here);
* ``action_mask``: the game's action mask
  (:func:`~princes_of_florence.encoding.action_mask` here) of the agent's
  view as ``int8`` (all zeros when another agent is to decide).

The action space is ``Discrete(action_count)``, the game's stable action ids
(:mod:`princes_of_florence.encoding` here).  An action is a Python ``int`` or
a numpy integer (``numpy.int64``...); anything else (a ``bool``, a float such
as ``5.0`` or ``inf``, text, bytes) raises
:class:`~princes_of_florence.InvalidMoveError`, as does an integer that is
not an action id; an illegal action raises the game's ``IllegalMoveError``
(:class:`~princes_of_florence.IllegalMoveError` here), and ``step`` before
``reset`` or once every agent is done raises
:class:`~princes_of_florence.IllegalMoveError`.  ``observe`` of an agent that
is not one of ``possible_agents`` raises
:class:`~princes_of_florence.ArgumentError`.  A refused step changes
nothing.  Rewards are 0 until the end, then the game's returns (the winners
share 1) or, with ``reward="rank"``, its rank returns (for this game
:func:`~princes_of_florence.returns` and
:func:`~princes_of_florence.rank_returns`).  The game seed comes from the
seed given to ``reset``; with ``explicit_chance=True`` (a game that offers it)
the environment plays chance's moves itself, drawn from that seed too, so
agents only see decisions.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Literal, overload

import gymnasium
import numpy as np
from numpy.typing import NDArray
from pettingzoo import AECEnv

from princes_of_florence import games
from princes_of_florence.adapters._common import default_players, shorten
from princes_of_florence.errors import (
    ArgumentError,
    ConfigError,
    IllegalMoveError,
    InvalidMoveError,
)
from princes_of_florence.games._arrays import write_vector

__all__ = ["OBSERVATION_HIGH", "GameEnv", "PrincesOfFlorenceEnv", "env", "raw_env"]

ENV_NAMES: Mapping[str, str] = {"princes": "princes_of_florence_v0"}
"""The environment names (``metadata["name"]``) that are not ``<game>_v0``."""

OBSERVATION_HIGH = 100.0
"""The upper bound of the observation box of The Princes of Florence, whose vectors
hold values in ``[0, 100]`` (another game's bounds are its
:attr:`~princes_of_florence.games.Game.observation_bounds`)."""

Observation = dict[str, NDArray[Any]]

_Last = tuple[Observation, float, bool, bool, dict[str, Any]]
"""What ``last()`` gives: the observation, the reward, terminated, truncated and the info."""

_LastUnobserved = tuple[None, float, bool, bool, dict[str, Any]]
"""What ``last(observe=False)`` gives: no observation, then as :data:`_Last`."""


class GameEnv(AECEnv):  # type: ignore[misc]  # pettingzoo has no type hints
    """A PettingZoo AEC environment of one game and configuration: see the module's docstring.

    Args:
        game: the registered name of the game (:func:`princes_of_florence.games.names`).
        players: how many players; ``None`` for 4 where the game seats 4,
            else the most it seats.
        reward: ``"win"`` for the game's returns, ``"rank"`` for its rank returns.
        render_mode: ``"ansi"`` (``render`` returns the table as text),
            ``"human"`` (it prints it) or ``None``.
        **options: the game's own configuration options, but the seed
            (``muse_and_princess=True``, ``hidden_money=True``...).

    Raises:
        ConfigError: an unknown game, an impossible configuration, a seed
            among the options, or an unknown reward or render mode.
    """

    metadata = {  # noqa: RUF012  # the attribute PettingZoo reads; each instance names its game
        "name": "florence_game_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = games.DEFAULT,
        players: int | None = None,
        reward: Literal["win", "rank"] = "win",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = games.get(game)
        if "seed" in options:
            raise ConfigError("the seed comes from reset(seed=...), not from the configuration")
        if reward not in ("win", "rank"):
            raise ConfigError(f"reward must be 'win' or 'rank', not {shorten(reward)}")
        if render_mode not in (None, "ansi", "human"):
            raise ConfigError(
                f"render_mode must be 'ansi', 'human' or None, not {shorten(render_mode)}"
            )
        if players is None:
            players = default_players(self.game)
        self.options = dict(options)
        self.config = self.game.make_config(players, 0, self.options)
        self.metadata = {**self.metadata, "name": ENV_NAMES.get(game, f"{game}_v0")}
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._players = players
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._action_count = self.game.action_count
        low, high = self.game.observation_bounds
        self._action_space = gymnasium.spaces.Discrete(self._action_count)
        self._observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(
                    low, high, (self.game.observation_length,), np.float32
                ),
                "action_mask": gymnasium.spaces.Box(0, 1, (self._action_count,), np.int8),
            }
        )
        self._seeds = random.Random()
        self._started = False
        self.state: Any = self.game.new_game(self.config)
        self.agents: list[str] = []
        # The game's buffer forms where it offers them: the vector and the mask are
        # written into the arrays of ``_made`` without a tuple or bytes between.
        self._buffers: games.LearningBuffers[Any, Any] | None = (
            self.game if isinstance(self.game, games.LearningBuffers) else None
        )
        self._no_mask: NDArray[np.int8] = np.zeros(self._action_count, np.int8)
        # Per seat, where a game offers action_mask_into: the bytes its mask is written
        # into and the array that reads them (``observe`` hands out copies).
        self._mask_bytes = [bytearray(self._action_count) for _ in range(players)]
        self._masks: list[NDArray[np.int8]] = [
            np.frombuffer(raw, np.int8) for raw in self._mask_bytes
        ]
        # Per seat, the array its vectors are written into (``observe`` hands out copies).
        self._vectors: list[NDArray[np.float32]] = [
            np.empty(self.game.observation_length, np.float32) for _ in range(players)
        ]
        # Per seat: the state last observed and the arrays made of it, so that
        # ``last()`` and ``observe()`` of one state work them out once.
        self._made: list[tuple[Any, NDArray[np.float32], NDArray[np.int8]] | None] = [
            None
        ] * players
        self._zero_rewards = dict.fromkeys(self.possible_agents, 0.0)

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The same dictionary space for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """``Discrete(action_count)`` for every agent."""
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; its seed is drawn from ``seed`` (or at random)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        config = self.game.make_config(self._players, self._seeds.getrandbits(63), self.options)
        self.state = self.game.new_game(config)
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
        while self.game.is_chance_node(self.state):
            outcomes = self.game.chance_outcomes(self.state)
            moves = [move for move, _ in outcomes]
            weights = [probability for _, probability in outcomes]
            if len(set(weights)) == 1:  # equally likely: the draw The Princes of Florence pins
                move = self._chance.choice(moves)
            else:
                move = self._chance.choices(moves, weights)[0]
            self.state = self.game.apply(self.state, move)

    def _select(self) -> None:
        seat = self.game.current_player(self.state)
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> Observation:
        """The agent's observation vector and action mask, as new arrays.

        Raises:
            ArgumentError: ``agent`` is not one of ``possible_agents``.
            IllegalMoveError: no game was started (``reset``).
        """
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise ArgumentError(
                f"{shorten(agent)} is not an agent of this environment"
                f" ({self.possible_agents[0]} to {self.possible_agents[-1]})"
            )
        if not self._started:
            raise IllegalMoveError("no game is under way to observe: call reset()")
        state = self.state
        made = self._made[seat]
        if made is None or made[0] is not state:
            self._made[seat] = None  # its vector array is about to be rewritten
            made = self._made[seat] = self._arrays(state, seat)
        # Copies: an agent may keep (or change) what it was given.
        return {"observation": made[1].copy(), "action_mask": made[2].copy()}

    @overload
    def last(self, observe: Literal[True] = True) -> _Last: ...

    @overload
    def last(self, observe: Literal[False]) -> _LastUnobserved: ...

    def last(self, observe: bool = True) -> _Last | _LastUnobserved:
        """The selected agent's observation, reward, ends and info (PettingZoo's ``last``).

        Raises:
            IllegalMoveError: no game was started (``reset``).
        """
        if not self._started:
            raise IllegalMoveError("no game is under way to look at: call reset()")
        last: _Last | _LastUnobserved = super().last(observe)  # PettingZoo's own, untyped
        return last

    def _arrays(self, state: Any, seat: int) -> tuple[Any, NDArray[np.float32], NDArray[np.int8]]:
        """``state``, the vector of ``seat``'s view of it and ``seat``'s mask, as arrays."""
        game = self.game
        # The mask of the true state is the mask of the view of the player to
        # decide (and cheaper); the others have no legal action.
        decides = seat == game.current_player(state)
        buffers = self._buffers
        if buffers is not None:  # the vector of the seat's view, without the view
            vector = buffers.seat_vector_into(state, seat, self._vectors[seat])
        else:
            vector = write_vector(
                game.observation_vector(game.observe(state, seat)), self._vectors[seat]
            )
        if not decides:
            return state, vector, self._no_mask
        if buffers is None:  # the mask's bytes read in place (``observe`` hands out copies)
            return state, vector, np.frombuffer(game.action_mask(state), dtype=np.int8)
        buffers.action_mask_into(state, self._mask_bytes[seat])
        return state, vector, self._masks[seat]

    def step(self, action: int | None) -> None:
        """Play ``action`` for the selected agent (``None`` once it is done).

        Raises:
            InvalidMoveError: ``action`` is not an integer (Python or numpy),
                or not an action id; or it is ``None`` for an agent to decide.
            IllegalMoveError: the action is not legal now (the game's error),
                the agent is done and ``action`` is not ``None``, no game was
                started (``reset``), or every agent is done.
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
        game = self.game
        move = game.decode_move(self.state, _action_id(action, self._action_count))
        self.state = game.apply(self.state, move)
        self._deal()
        self._cumulative_rewards[agent] = 0.0
        if game.is_terminal(self.state):
            win = self.reward_kind == "win"
            values = game.returns(self.state) if win else game.rank_returns(self.state)
            self.rewards = {agent: values[self._seats[agent]] for agent in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._select()
            self._accumulate_rewards()
        else:  # no reward before the end: nothing to add up
            if self.rewards != self._zero_rewards:
                self.rewards = dict.fromkeys(self.agents, 0.0)
            self._select()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as text (``"ansi"``), printed too with ``"human"``."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'human'")
            return None
        text = self.game.render_text(self.state)
        if self.render_mode == "human":
            print(text)
        return text

    def close(self) -> None:
        """Nothing to release."""


class PrincesOfFlorenceEnv(GameEnv):
    """The environment of The Princes of Florence (``env(players, ...)`` makes one).

    Args:
        players: 2 to 5.
        reward: ``"win"`` for :func:`~princes_of_florence.returns`,
            ``"rank"`` for :func:`~princes_of_florence.rank_returns`.
        render_mode: ``"ansi"``, ``"human"`` or ``None``.
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
        super().__init__("princes", players, reward, render_mode, **config)


def _action_id(action: object, count: int) -> int:
    """``action`` as a Python int: an int or a numpy integer, not a bool, below ``count``.

    Raises:
        InvalidMoveError: anything else (a float, even ``5.0``; text; bytes),
            or an integer that is not an action id.
    """
    if type(action) is int or (
        isinstance(action, int | np.integer) and not isinstance(action, bool)
    ):
        number = int(action)
        if 0 <= number < count:
            return number
        raise InvalidMoveError(f"action {shorten(number)} is not an action id (0 to {count - 1})")
    raise InvalidMoveError(
        f"action {shorten(action)} ({type(action).__name__}) is not an action id:"
        f" an action is an int or a numpy integer from 0 to {count - 1}"
    )


def env(players: int | None = None, *, game: str = games.DEFAULT, **options: Any) -> GameEnv:
    """A new environment of ``game`` for ``players`` and the game's ``options``.

    ``reward`` and ``render_mode`` are passed to :class:`GameEnv`.  The
    environment of The Princes of Florence (the default) is a
    :class:`PrincesOfFlorenceEnv`, 4 players unless told.

    >>> env(game="princes", players=2).metadata["name"]
    'princes_of_florence_v0'
    """
    if game == "princes":
        return PrincesOfFlorenceEnv(4 if players is None else players, **options)
    return GameEnv(game, players, **options)


raw_env = env
"""The same as :func:`env`: the environment has no wrappers (PettingZoo's
order-enforcing wrapper would replace its typed refusals with its own)."""
