"""The largest numbers and sizes the engine accepts from outside.

Moves, move text and JSON documents may come from anyone.  Every number and
every size in them is checked against these limits before the engine does
any work with it, so that no input it accepts makes a call slow: the longest
list of moves the engine can then build (the prestige sales of
:func:`~princes_of_florence.free_moves`, the conversions of a payout)
has about a thousand entries.  Each limit is far above what a game reaches
(in random play a player holds under 4,000 florins and 40 prestige points).

>>> MAX_MONEY, MAX_PRESTIGE
(100000, 1000)
"""

from __future__ import annotations

__all__ = [
    "MAX_DOCUMENT_CHARS",
    "MAX_ERRORS",
    "MAX_ITEMS",
    "MAX_MONEY",
    "MAX_NAME_CHARS",
    "MAX_NOTATION_CHARS",
    "MAX_NUMBER_DIGITS",
    "MAX_PRESTIGE",
    "MAX_SEED",
    "shorten",
]

MAX_MONEY = 100_000
"""The most florins a player may hold, bid, or receive as one payout."""

MAX_PRESTIGE = 1_000
"""The most prestige points a player may hold, convert or sell at once."""

MAX_SEED = 2**64 - 1
"""The largest seed of a :class:`~princes_of_florence.config.GameConfig`."""

MAX_NUMBER_DIGITS = 20
"""The most digits of a number in move text, a record header or a JSON document."""

MAX_NOTATION_CHARS = 64
"""The longest move text :func:`~princes_of_florence.parse_move` reads."""

MAX_NAME_CHARS = 40
"""The longest player name a configuration accepts."""

MAX_ITEMS = 1_000
"""The longest array in a JSON document (a record's moves included)."""

MAX_DOCUMENT_CHARS = 100_000
"""The longest JSON document, and the longest text record, in characters."""

MAX_ERRORS = 5
"""The most problems one error message lists; the rest are counted."""


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
