"""What a bot is, and a loop that plays a whole game between bots."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply, is_terminal, new_game
from princes_of_florence.moves import Move
from princes_of_florence.state import GameState

__all__ = ["Bot", "play_game"]


class Bot(Protocol):
    """Anything that picks a move for the player to decide."""

    def choose(self, state: GameState) -> Move:
        """Return a legal move for ``state.current_player``."""
        ...


def play_game(config: GameConfig, bots: Sequence[Bot]) -> tuple[GameState, tuple[Move, ...]]:
    """Play a game from ``config`` to the end, one bot per seat.

    Args:
        config: the game to play.
        bots: one bot per seat.

    Returns:
        The final state and the moves played, in order.

    >>> from princes_of_florence.bots import RandomBot
    >>> import random
    >>> final, moves = play_game(GameConfig(players=3, seed=2),
    ...                          [RandomBot(random.Random(s)) for s in range(3)])
    >>> final.round, final.current_player
    (7, None)
    """
    if len(bots) != config.players:
        raise ValueError(f"{config.players} players need {config.players} bots, not {len(bots)}")
    state = new_game(config)
    moves: list[Move] = []
    while not is_terminal(state):
        assert state.current_player is not None
        move = bots[state.current_player].choose(state)
        state = apply(state, move)
        moves.append(move)
    return state, tuple(moves)
