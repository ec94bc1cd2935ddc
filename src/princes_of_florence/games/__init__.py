"""One contract for every game of the library: the protocol and the registry.

Generic code (bots, tournaments, adapters, records, the command line) imports
this module and the public API of the games, never a game's rules, state or
components modules.

>>> from princes_of_florence import games
>>> game = games.get("princes")
>>> state = game.new_game(game.make_config(3, 1, {}))
>>> game.current_player(state), len(game.legal_moves(state)) > 0
(0, True)
"""

from princes_of_florence.games.protocol import (
    AnyGame,
    CardText,
    ComponentData,
    ComponentEntry,
    Game,
    GameResult,
    LearningBuffers,
)
from princes_of_florence.games.registry import DEFAULT, get, names

__all__ = [
    "DEFAULT",
    "AnyGame",
    "CardText",
    "ComponentData",
    "ComponentEntry",
    "Game",
    "GameResult",
    "LearningBuffers",
    "get",
    "names",
]
