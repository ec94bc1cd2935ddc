"""The Princes of Florence's heuristic bot, where it was first published.

The bot belongs to the game, not to the generic bots: it lives in
:mod:`princes_of_florence.heuristic`, and The Princes of Florence offers it
through the protocol (``GAME.bots()["heuristic"]``).  This module keeps the
old import path working.
"""

from princes_of_florence.heuristic import (
    HeuristicBot,
    HeuristicParams,
    future_work_pay,
    heuristic_move,
)

__all__ = ["HeuristicBot", "HeuristicParams", "future_work_pay", "heuristic_move"]
