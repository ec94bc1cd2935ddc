"""Exceptions raised by the engine.

Every exception is a :class:`PrincesOfFlorenceError` and also a
:class:`ValueError`, so callers may catch either::

    ValueError
     └── PrincesOfFlorenceError
          ├── IllegalMoveError      a well-formed move that the rules forbid now
          ├── InvalidMoveError      move notation that cannot be parsed, a malformed move
          ├── ConfigError           an impossible or unsupported game configuration
          ├── CatalogError          a malformed or inconsistent component data file
          ├── GeometryError         a cell or placement that does not exist
          └── SerializationError    malformed, tampered or incompatible JSON

An operation that raises leaves every value it was given unchanged.
"""

from __future__ import annotations

__all__ = [
    "CatalogError",
    "ConfigError",
    "GeometryError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PrincesOfFlorenceError",
    "SerializationError",
]


class PrincesOfFlorenceError(ValueError):
    """Base class of every error raised by this package."""


class IllegalMoveError(PrincesOfFlorenceError):
    """A move that is well formed but not legal in the given state."""


class InvalidMoveError(PrincesOfFlorenceError):
    """Move notation that does not parse, or a move object that is not well formed.

    A well-formed move is an instance of exactly one move class whose fields
    hold values of exactly their declared types, within the limits of
    :mod:`princes_of_florence.limits`
    (see :func:`~princes_of_florence.moves.move_shape_problem`).
    """


class ConfigError(PrincesOfFlorenceError):
    """A game configuration that is impossible or not supported yet."""


class CatalogError(PrincesOfFlorenceError):
    """A component data file that is malformed or inconsistent."""


class GeometryError(PrincesOfFlorenceError):
    """A cell name, shape or placement that does not exist."""


class SerializationError(PrincesOfFlorenceError):
    """JSON that is malformed, tampered with, or of another schema version."""
