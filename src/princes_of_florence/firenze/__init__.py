"""Firenze (Andreas Steding, Pegasus 2010), as played on Yucata.de: the rules engine.

The front of the package: configurations, the engine's functions, views, the move
notation and the names of colours, cards and steps.  The game protocol's object is
:data:`princes_of_florence.firenze.game.GAME` (registered as ``firenze``).

>>> from princes_of_florence.firenze import FirenzeConfig, new_game, legal_moves, format_move
>>> state = new_game(FirenzeConfig(players=2, seed=3))
>>> format_move(legal_moves(state)[0])
'choose 0'
"""

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.engine import (
    apply,
    apply_with_events,
    chance_outcomes,
    current_player,
    is_chance_node,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
)
from princes_of_florence.firenze.errors import (
    ArgumentError,
    CatalogError,
    ConfigError,
    IllegalMoveError,
    InvalidMoveError,
    SerializationError,
)
from princes_of_florence.firenze.ids import CardKind, Colour, Step, Title
from princes_of_florence.firenze.notation import format_move, parse_move
from princes_of_florence.firenze.observation import PlayerView, determinize, observe
from princes_of_florence.firenze.state import State

__all__ = [
    "ArgumentError",
    "CardKind",
    "CatalogError",
    "Colour",
    "ConfigError",
    "FirenzeConfig",
    "IllegalMoveError",
    "InvalidMoveError",
    "PlayerView",
    "SerializationError",
    "State",
    "Step",
    "Title",
    "apply",
    "apply_with_events",
    "chance_outcomes",
    "current_player",
    "determinize",
    "format_move",
    "is_chance_node",
    "is_terminal",
    "legal_moves",
    "new_game",
    "observe",
    "outcome",
    "parse_move",
]
