"""Many games stepped at once, for batch learners (needs numpy).

:class:`VectorEnv` holds ``num_envs`` games of any game of the library (by
its registered name, ``princes_of_florence.games.get``) and steps them
together, gymnasium-style: :meth:`~VectorEnv.reset` and
:meth:`~VectorEnv.step` return stacked numpy arrays, one row per game.  It
reads the games only through the game protocol
(``princes_of_florence.games.Game``), so every registered game gets it.

>>> import numpy as np
>>> from princes_of_florence.vector import VectorEnv
>>> env = VectorEnv("princes", num_envs=3, players=4)
>>> observations, infos = env.reset(seed=7)
>>> observations["observation"].shape, observations["action_mask"].shape[0]
((3, 1249), 3)
>>> rng = np.random.default_rng(7)
>>> actions = [rng.choice(np.flatnonzero(row)) for row in observations["action_mask"]]
>>> observations, rewards, terminated, truncated, infos = env.step(actions)
>>> rewards.shape, terminated.dtype, infos["player"].shape
((3,), dtype('bool'), (3,))

**Who decides.** With ``player=None`` (the default) the learner decides for
every seat: each row's observation is the view of the player to decide in
that game (``infos["player"]``), so one policy plays all seats (self-play).
With ``player=k`` the learner decides only for seat ``k``; the other seats
play uniformly random legal moves drawn from the game's own generator, and a
row's observation is always seat ``k``'s view, at seat ``k``'s decisions.
Chance (a game configured with explicit chance) is played by the
environment, each outcome with its probability, from the same generator.

**Arrays.** ``observations["observation"]`` is ``float32`` of shape
``(num_envs, observation_length)``: each row exactly
``princes_of_florence.games.Game.observation_vector`` of the row's
view; ``observations["action_mask"]`` is ``uint8`` of shape ``(num_envs,
action_count)``: each row exactly
``princes_of_florence.games.Game.action_mask`` (1 for a legal action
id).  Both arrays are the environment's own, refilled in place by every
call: copy them to keep them.  ``rewards`` (``float32``) is 0 until a game
ends; then it is the game's return
(``princes_of_florence.games.Game.returns``, the winners share 1) for
the player who made the row's action (``player=None``) or for seat ``k``.

**Ends.** A game that ends is started again at once (same-step reset): its
row of ``terminated`` (or ``truncated``, when it reached ``max_steps``
decisions of the learner) is ``True``, its observation is the first of the
new game, and ``infos["returns"]`` holds every player's return of the game
that ended (zeros in the rows that did not end, ``NaN`` in the rows of a
truncated game).

**Seeds.** Game ``i`` draws its configurations' seeds and its random moves
from its own generator, made from the seed given to :meth:`~VectorEnv.reset`
and ``i``: the same seed and actions give the same games, whatever
``num_envs`` is.

Where a game offers ``princes_of_florence.games.LearningBuffers`` (as
The Princes of Florence does), the vectors and masks are written straight
into the arrays; otherwise they are copied from the protocol's tuples and
bytes (the same values, slower).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from princes_of_florence import games
from princes_of_florence.errors import ConfigError, IllegalMoveError
from princes_of_florence.games._arrays import write_vector
from princes_of_florence.limits import shorten

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` games of one game of the library, stepped together: see the module.

    Args:
        game: the registered name of the game (``"princes"``...).
        num_envs: how many games run side by side, 1 or more.
        players: players per game; by default the fewest the game allows.
        player: the seat the learner plays, or ``None`` for every seat.
        options: the game's own options (``{"muse_and_princess": True}``...),
            as ``princes_of_florence.games.Game.make_config`` takes them.
        max_steps: truncate a game after this many of the learner's
            decisions; ``None`` for no limit (every game of the library ends).

    Raises:
        ConfigError: an unknown game, an impossible configuration, or a
            count, seat or limit out of range.
    """

    def __init__(
        self,
        game: str = games.DEFAULT,
        num_envs: int = 1,
        players: int | None = None,
        player: int | None = None,
        options: Mapping[str, Any] | None = None,
        max_steps: int | None = None,
    ) -> None:
        self.game = games.get(game)
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ConfigError(f"num_envs must be a whole number of 1 or more, not {num_envs!r}")
        counts = self.game.player_counts
        self.players = counts[0] if players is None else players
        if self.players not in counts:
            known = ", ".join(map(str, counts))
            raise ConfigError(f"{self.game.name} is played by {known} players, not {players!r}")
        if player is not None and (
            isinstance(player, bool)
            or not isinstance(player, int)
            or not 0 <= player < self.players
        ):
            raise ConfigError(
                f"player must be None or a seat from 0 to {self.players - 1}, not {player!r}"
            )
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise ConfigError(f"max_steps must be None or 1 or more, not {max_steps!r}")
        self.num_envs = num_envs
        self.player = player
        self.options = dict(options or {})
        self.max_steps = max_steps
        self.game.make_config(self.players, 0, self.options)  # refuse bad options now
        self._buffers: games.LearningBuffers[Any, Any] | None = (
            self.game if isinstance(self.game, games.LearningBuffers) else None
        )
        length, count = self.game.observation_length, self.game.action_count
        self._observations: NDArray[np.float32] = np.zeros((num_envs, length), np.float32)
        self._masks: NDArray[np.uint8] = np.zeros((num_envs, count), np.uint8)
        self._rows = np.arange(num_envs)
        self._rngs = [random.Random() for _ in range(num_envs)]
        self._states: list[Any] = [None] * num_envs
        self._steps = [0] * num_envs
        self._seeded = False

    # -- the gymnasium-style interface ------------------------------------------

    def reset(
        self, seed: int | None = None, options: Mapping[str, Any] | None = None
    ) -> tuple[dict[str, NDArray[Any]], dict[str, NDArray[Any]]]:
        """Start a new game in every row.

        Args:
            seed: makes the games and the environment's random moves
                reproducible; ``None`` draws one at random (the first time)
                or goes on from the generators of the last reset.
            options: accepted for gymnasium's signature; must be empty.

        Returns:
            ``observations`` (``"observation"`` and ``"action_mask"``) and
            ``infos`` (``"player"``: the seat each row's observation belongs
            to).
        """
        if options:
            raise ConfigError("reset takes no options: give the game's options to VectorEnv")
        if seed is not None or not self._seeded:
            base = random.SystemRandom().getrandbits(63) if seed is None else seed
            self._rngs = [random.Random(f"{base}:{row}") for row in range(self.num_envs)]
            self._seeded = True
        for row in range(self.num_envs):
            self._start(row)
        return self._output(), {"player": self._players()}

    def step(
        self, actions: Sequence[int] | NDArray[Any]
    ) -> tuple[
        dict[str, NDArray[Any]],
        NDArray[np.float32],
        NDArray[np.bool_],
        NDArray[np.bool_],
        dict[str, NDArray[Any]],
    ]:
        """Play one action in every row, then the environment's moves up to the learner's
        next decision (a new game where one ended).

        Args:
            actions: one action id per row, legal in the row's mask.

        Returns:
            ``observations``, ``rewards``, ``terminated``, ``truncated`` and
            ``infos`` (``"player"`` as for :meth:`reset`, and ``"returns"``:
            every player's return in the rows whose game ended).

        Raises:
            IllegalMoveError: an action is not legal in its row (named with
                its row); no game is changed.
            ConfigError: :meth:`reset` was not called, or ``actions`` has not
                one whole number per row.
        """
        if not self._seeded:
            raise ConfigError("call reset before step")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or chosen.dtype.kind not in "iu":
            raise ConfigError(
                f"step needs {self.num_envs} action ids, one per row, not {shorten(actions)}"
            )
        count = self.game.action_count
        inside = (chosen >= 0) & (chosen < count)
        legal = inside.copy()
        legal[inside] = self._masks[self._rows[inside], chosen[inside]] == 1
        if not legal.all():
            row = int(np.flatnonzero(~legal)[0])
            raise IllegalMoveError(f"action {int(chosen[row])} is not legal in row {row}")
        rewards = np.zeros(self.num_envs, np.float32)
        terminated = np.zeros(self.num_envs, np.bool_)
        truncated = np.zeros(self.num_envs, np.bool_)
        returns = np.zeros((self.num_envs, self.players), np.float64)
        game = self.game
        for row, action in enumerate(chosen.tolist()):
            state = self._states[row]
            mover = game.current_player(state) if self.player is None else self.player
            assert mover is not None, "a row's game waits for the learner"
            state = game.apply(state, game.decode_move(state, action))
            state = self._advance(row, state)
            self._steps[row] += 1
            if game.is_terminal(state):
                values = game.returns(state)
                returns[row] = values
                rewards[row] = values[mover]
                terminated[row] = True
                self._start(row)
            elif self.max_steps is not None and self._steps[row] >= self.max_steps:
                returns[row] = math.nan
                truncated[row] = True
                self._start(row)
            else:
                self._states[row] = state
                self._write(row)
        infos = {"player": self._players(), "returns": returns}
        return self._output(), rewards, terminated, truncated, infos

    def close(self) -> None:
        """Nothing to release."""

    # -- the games ---------------------------------------------------------------

    @property
    def states(self) -> tuple[Any, ...]:
        """The state of each row's game, at the learner's decision."""
        return tuple(self._states)

    def _start(self, row: int) -> None:
        rng = self._rngs[row]
        config = self.game.make_config(self.players, rng.getrandbits(63), self.options)
        self._states[row] = self._advance(row, self.game.new_game(config))
        self._steps[row] = 0
        self._write(row)

    def _advance(self, row: int, state: Any) -> Any:
        """Play chance and the random seats until the learner decides or the game ends."""
        game, rng, learner = self.game, self._rngs[row], self.player
        while not game.is_terminal(state):
            seat = game.current_player(state)
            if seat is None:  # chance: each outcome with its probability
                outcomes = game.chance_outcomes(state)
                pick = rng.random()
                move = outcomes[-1][0]
                for outcome, probability in outcomes:
                    pick -= probability
                    if pick < 0:
                        move = outcome
                        break
            elif learner is None or seat == learner:
                return state
            else:
                moves = game.legal_moves(state)
                move = moves[int(rng.random() * len(moves))]
            state = game.apply(state, move)
        return state

    def _write(self, row: int) -> None:
        """Fill the row's observation and mask from its state."""
        game, state = self.game, self._states[row]
        seat = game.current_player(state)
        assert seat is not None, "a row's game waits for the learner"
        buffers = self._buffers
        if buffers is not None:
            buffers.seat_vector_into(state, seat, self._observations[row])
            buffers.action_mask_into(state, self._masks[row])
        else:
            vector = game.observation_vector(game.observe(state, seat))
            write_vector(vector, self._observations[row])
            self._masks[row] = np.frombuffer(game.action_mask(state), dtype=np.uint8)

    def _players(self) -> NDArray[np.int64]:
        return np.fromiter(
            (self.game.current_player(state) for state in self._states),
            dtype=np.int64,
            count=self.num_envs,
        )

    def _output(self) -> dict[str, NDArray[Any]]:
        return {"observation": self._observations, "action_mask": self._masks}
