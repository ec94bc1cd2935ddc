"""Exceptions raised by the Florenz engine.

Every exception is a :class:`FlorenzError`, which is a
:class:`princes_of_florence.errors.PrincesOfFlorenceError` and so also a
:class:`ValueError`::

    ValueError
     └── PrincesOfFlorenceError
          └── FlorenzError
               ├── IllegalMoveError    a well-formed move the rules forbid now
               ├── InvalidMoveError    notation that cannot be parsed
               ├── ConfigError         an impossible or unsupported configuration
               ├── CatalogError        a malformed or inconsistent component data file
               └── SerializationError  malformed or incompatible JSON

Each is also the library's error of the same name
(:mod:`princes_of_florence.errors`), so generic code catches Florenz's errors
as it catches every game's.  An operation that raises leaves every value it
was given unchanged.
"""

from __future__ import annotations

from princes_of_florence import errors as _library
from princes_of_florence.errors import PrincesOfFlorenceError

__all__ = [
    "ArgumentError",
    "CatalogError",
    "ConfigError",
    "FlorenzError",
    "IllegalMoveError",
    "InvalidMoveError",
    "SerializationError",
]


class FlorenzError(PrincesOfFlorenceError):
    """Base class of every error of the Florenz engine."""


class ArgumentError(FlorenzError, _library.ArgumentError):
    """An argument of the wrong kind: ``None``, another game's state, or a view
    where a state is due; the message names what was expected and what came.

    >>> from princes_of_florence.florenz.game import GAME
    >>> GAME.legal_moves(None)
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.ArgumentError: legal_moves needs a Florenz GameState ...
    """


class IllegalMoveError(FlorenzError, _library.IllegalMoveError):
    """A well-formed move that is not legal now; the message names the move,
    the player and the rule."""


class InvalidMoveError(FlorenzError, _library.InvalidMoveError):
    """Move notation that does not parse."""


class ConfigError(FlorenzError, _library.ConfigError):
    """A configuration that is impossible or not supported yet."""


class CatalogError(FlorenzError, _library.CatalogError):
    """A component data file that is malformed or inconsistent; the message
    names the path of the bad value."""


class SerializationError(FlorenzError, _library.SerializationError):
    """A JSON document that is malformed or not of this game."""
