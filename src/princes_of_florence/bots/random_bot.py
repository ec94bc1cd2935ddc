"""A bot that plays a random legal move, and now and then a free move, for any game."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from princes_of_florence.bots.base import resolve_game
from princes_of_florence.games import Game
from princes_of_florence.games.protocol import MoveT

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the decision's legal moves; sometimes makes a free move first.

    With probability ``sell_chance``, when free moves are offered (in The
    Princes of Florence: selling prestige, ruling R3; a sale does not end the
    decision, so the bot is asked again), it picks one of them at random.
    Otherwise it picks uniformly among the moves that are not free.

    A bid or payment beyond its cash is covered by prestige sold at payment
    (revised R4).

    Args:
        seed: seeds the bot's own generator; the same seed gives the same
            choices for the same views.
        sell_chance: how often it makes a free move, from 0 (never) to 1.
        game: the game it plays (or its registered name); The Princes of
            Florence by default.

    >>> from princes_of_florence import GameConfig
    >>> from princes_of_florence.bots import play_game
    >>> record = play_game(GameConfig(players=3, seed=5), [RandomBot(s) for s in range(3)])
    >>> record == play_game(GameConfig(players=3, seed=5), [RandomBot(s) for s in range(3)])
    True
    """

    def __init__(
        self,
        seed: int | str = 0,
        sell_chance: float = 0.02,
        game: Game[Any, Any, Any, Any, Any] | str | None = None,
    ) -> None:
        if not 0.0 <= sell_chance <= 1.0:
            raise ValueError(f"sell_chance must be from 0 to 1, not {sell_chance!r}")
        self._rng = random.Random(seed)
        self.sell_chance = sell_chance
        self._free = resolve_game(game).is_free_move

    def choose(self, view: Any, moves: Sequence[MoveT]) -> MoveT:
        """A random move of ``moves``; a free move with probability ``sell_chance``."""
        rng = self._rng
        count = len(moves)
        plain = count
        free = self._free
        while plain and free(moves[plain - 1]):
            plain -= 1  # free moves come last
        if plain < count and (plain == 0 or rng.random() < self.sell_chance):
            return moves[plain + rng.randrange(count - plain)]
        return moves[rng.randrange(plain)]
