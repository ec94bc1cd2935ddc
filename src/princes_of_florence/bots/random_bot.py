"""A bot that plays a random legal move, and now and then sells prestige."""

from __future__ import annotations

import random
from collections.abc import Sequence

from princes_of_florence.moves import Move, SellPrestige
from princes_of_florence.observation import PlayerView

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the decision's legal moves; sometimes sells prestige first.

    With probability ``sell_chance``, when the player holds prestige, it
    sells a random number of points (ruling R3; a sale does not end the
    decision, so the bot is asked again).  Otherwise it picks uniformly among
    the moves that are not sales.

    A bid or payment beyond its cash is covered by prestige sold at payment
    (revised R4).

    Args:
        seed: seeds the bot's own generator; the same seed gives the same
            choices for the same views.
        sell_chance: how often it sells, from 0 (never) to 1.

    >>> from princes_of_florence import GameConfig
    >>> from princes_of_florence.bots import play_game
    >>> record = play_game(GameConfig(players=3, seed=5), [RandomBot(s) for s in range(3)])
    >>> record == play_game(GameConfig(players=3, seed=5), [RandomBot(s) for s in range(3)])
    True
    """

    def __init__(self, seed: int | str = 0, sell_chance: float = 0.02) -> None:
        if not 0.0 <= sell_chance <= 1.0:
            raise ValueError(f"sell_chance must be from 0 to 1, not {sell_chance!r}")
        self._rng = random.Random(seed)
        self.sell_chance = sell_chance

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """A random move of ``moves``; a sale with probability ``sell_chance``."""
        rng = self._rng
        count = len(moves)
        plain = count
        while plain and isinstance(moves[plain - 1], SellPrestige):
            plain -= 1  # sales come last
        if plain < count and (plain == 0 or rng.random() < self.sell_chance):
            return moves[plain + rng.randrange(count - plain)]
        return moves[rng.randrange(plain)]
