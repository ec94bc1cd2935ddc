"""Ready-made players that see only their player's view, a game loop and tournaments.

:class:`Bot`, :class:`RandomBot`, :class:`MCTSBot`, :func:`play_game`,
:func:`tournament` and :func:`make_bot` serve every registered game through
the game protocol (:mod:`princes_of_florence.games`), The Princes of Florence
by default.  The Princes of Florence's own bots and helpers
(:class:`HeuristicBot`, :class:`HumanBot`, :func:`view_moves`) are
re-exported here, where they were first published.
"""

from princes_of_florence.bots.base import Bot, play_game
from princes_of_florence.bots.human import HumanBot
from princes_of_florence.bots.mcts import MCTSBot, MCTSParams
from princes_of_florence.bots.random_bot import RandomBot
from princes_of_florence.bots.tournament import TournamentResult, make_bot, tournament
from princes_of_florence.heuristic import HeuristicBot, HeuristicParams, heuristic_move
from princes_of_florence.observation import view_moves

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
