"""The registry of the library's games: each by a short name, loaded on first use."""

from __future__ import annotations

import importlib

from princes_of_florence.errors import ConfigError
from princes_of_florence.games.protocol import AnyGame

__all__ = ["DEFAULT", "get", "names"]

DEFAULT = "princes"
"""The game that commands and functions play when none is named."""

# Where each game's protocol object lives, as "module:attribute"; imported on
# first use, so that asking for one game never loads the others.
_GAMES: dict[str, str] = {
    "firenze": "princes_of_florence.firenze.game:GAME",
    "florenz": "princes_of_florence.florenz.game:GAME",
    "princes": "princes_of_florence.game:GAME",
}
_LOADED: dict[str, AnyGame] = {}


def names() -> tuple[str, ...]:
    """The registered games' short names, sorted.

    >>> "princes" in names()
    True
    """
    return tuple(sorted(_GAMES))


def get(name: str = DEFAULT) -> AnyGame:
    """The game registered under ``name``.

    Raises:
        ConfigError: no game has that name; the message lists the names.

    >>> get("princes").title
    'The Princes of Florence'
    >>> get("chess")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.ConfigError: no game is called 'chess'; the games are: firenze, ...
    """
    game = _LOADED.get(name) if isinstance(name, str) else None
    if game is not None:
        return game
    where = _GAMES.get(name) if isinstance(name, str) else None
    if where is None:
        known = ", ".join(names())
        raise ConfigError(f"no game is called {name!r}; the games are: {known}")
    module, _, attribute = where.partition(":")
    loaded: AnyGame = getattr(importlib.import_module(module), attribute)
    _LOADED[name] = loaded
    return loaded
