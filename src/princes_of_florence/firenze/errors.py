"""Exceptions raised by the Firenze engine.

Each is a :class:`~princes_of_florence.errors.PrincesOfFlorenceError` and a
:class:`ValueError`, and also the library's error of the same name, so that
generic code that catches, say, :class:`princes_of_florence.errors.IllegalMoveError`
catches Firenze's too::

    ValueError
     └── PrincesOfFlorenceError
          ├── ArgumentError         an argument of the wrong kind (also a TypeError)
          ├── IllegalMoveError      a well-formed move that the rules forbid now
          ├── InvalidMoveError      notation that cannot be parsed, a malformed move
          ├── ConfigError           an impossible configuration
          ├── CatalogError          a malformed or inconsistent component data file
          └── SerializationError    malformed or incompatible JSON

An operation that raises leaves every value it was given unchanged.
"""

from __future__ import annotations

from princes_of_florence import errors as _base

__all__ = [
    "ArgumentError",
    "CatalogError",
    "ConfigError",
    "IllegalMoveError",
    "InvalidMoveError",
    "SerializationError",
]


class ArgumentError(_base.ArgumentError):
    """An argument of the wrong kind: ``None`` or a view where a state is due.

    >>> from princes_of_florence.firenze import legal_moves
    >>> legal_moves(None)
    Traceback (most recent call last):
    ...
    princes_of_florence.firenze.errors.ArgumentError: legal_moves needs a Firenze State, not None
    """


class IllegalMoveError(_base.IllegalMoveError):
    """A move that is well formed but not legal in the given state.

    The message names the move, the player and the rule that forbids it.
    """


class InvalidMoveError(_base.InvalidMoveError):
    """Move notation that does not parse, or a move object that is not well formed."""


class ConfigError(_base.ConfigError):
    """A Firenze configuration that is impossible (a bad option or value)."""


class CatalogError(_base.CatalogError):
    """A component data file that is malformed or breaks a rule; the message names the path."""


class SerializationError(_base.SerializationError):
    """A JSON document that is malformed or does not describe a valid Firenze value."""
