"""Firenze (Andreas Steding, Pegasus 2010), as played on Yucata.de: the rules engine.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game, legal_moves
>>> state = new_game(FirenzeConfig(players=2, seed=3))
>>> len(legal_moves(state)) > 0
True
"""

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.engine import (
    apply,
    apply_with_events,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
)
from princes_of_florence.firenze.state import State

__all__ = [
    "FirenzeConfig",
    "State",
    "apply",
    "apply_with_events",
    "current_player",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
]
