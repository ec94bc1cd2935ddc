"""What both adapters share: the default number of players and short error texts."""

from __future__ import annotations

from princes_of_florence.games import AnyGame

__all__ = ["default_players", "shorten"]


def default_players(game: AnyGame) -> int:
    """How many players an adapter of ``game`` seats unless told: 4 where the game
    seats 4, else the most it seats.

    >>> from princes_of_florence import games
    >>> default_players(games.get("princes"))
    4
    """
    counts = game.player_counts
    return 4 if 4 in counts else max(counts)


def shorten(value: object, most: int = 40) -> str:
    """The ``repr`` of ``value`` cut to ``most`` characters, for an error message.

    Safe for any value: an integer too long to print is described by its size.

    >>> shorten("x" * 100, most=12)
    "'xxxxxxxx..."
    >>> shorten(10**5000)
    'an integer of 16610 bits'
    """
    if type(value) is int and value.bit_length() > 64:
        return f"an integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr fails is still named
        return f"a {type(value).__name__}"
    return text if len(text) <= most else text[: most - 3] + "..."
