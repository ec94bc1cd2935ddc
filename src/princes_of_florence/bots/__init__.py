"""Ready-made players that use only the public API."""

from princes_of_florence.bots.base import Bot, play_game
from princes_of_florence.bots.random_bot import RandomBot

__all__ = ["Bot", "RandomBot", "play_game"]
