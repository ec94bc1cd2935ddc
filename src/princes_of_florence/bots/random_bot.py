"""A bot that plays a uniformly random legal move."""

from __future__ import annotations

import random

from princes_of_florence.engine import legal_moves
from princes_of_florence.moves import Move
from princes_of_florence.state import GameState

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among :func:`legal_moves`.

    It never sells prestige as a move of its own; a bid or payment it makes
    beyond its cash is covered by prestige sold at payment (revised R4).

    Args:
        rng: the bot's own generator; the same generator state gives the
            same choices.
    """

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, state: GameState) -> Move:
        """A random legal move for the player to decide."""
        moves = legal_moves(state)
        return moves[self._rng.randrange(len(moves))]
