"""Ready-made players that see only their player's view, a game loop and tournaments."""

from princes_of_florence.bots.base import Bot, play_game, view_moves
from princes_of_florence.bots.heuristic import HeuristicBot, HeuristicParams, heuristic_move
from princes_of_florence.bots.human import HumanBot
from princes_of_florence.bots.mcts import MCTSBot, MCTSParams
from princes_of_florence.bots.random_bot import RandomBot
from princes_of_florence.bots.tournament import TournamentResult, make_bot, tournament

__all__ = [
    "Bot",
    "HeuristicBot",
    "HeuristicParams",
    "HumanBot",
    "MCTSBot",
    "MCTSParams",
    "RandomBot",
    "TournamentResult",
    "heuristic_move",
    "make_bot",
    "play_game",
    "tournament",
    "view_moves",
]
