"""Ready-made players that see only their player's view, and a game loop."""

from princes_of_florence.bots.base import Bot, play_game, seat_of, view_moves
from princes_of_florence.bots.heuristic import HeuristicBot, HeuristicParams, heuristic_move
from princes_of_florence.bots.random_bot import RandomBot

__all__ = [
    "Bot",
    "HeuristicBot",
    "HeuristicParams",
    "RandomBot",
    "heuristic_move",
    "play_game",
    "seat_of",
    "view_moves",
]
