"""Exceptions raised by the engine.

Every exception is a :class:`PrincesOfFlorenceError` and also a
:class:`ValueError`, so callers may catch either::

    ValueError
     └── PrincesOfFlorenceError
          ├── ArgumentError         an argument a function cannot take (also a TypeError)
          ├── IllegalMoveError      a well-formed move that the rules forbid now
          ├── InvalidMoveError      move notation that cannot be parsed, a malformed move
          ├── ConfigError           an impossible or unsupported game configuration
          ├── CatalogError          a malformed or inconsistent component data file
          ├── GeometryError         a cell or placement that does not exist
          └── SerializationError    malformed, tampered or incompatible JSON

An operation that raises leaves every value it was given unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

__all__ = [
    "ArgumentError",
    "CatalogError",
    "ConfigError",
    "GeometryError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PrincesOfFlorenceError",
    "SerializationError",
]


class PrincesOfFlorenceError(ValueError):
    """Base class of every error raised by this package.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> try:
        ...     GameConfig(players=6)
        ... except PrincesOfFlorenceError as error:
        ...     print(type(error).__name__, "-", error)
        ConfigError - players must be 2, 3, 4 or 5, not 6
    """


class ArgumentError(PrincesOfFlorenceError, TypeError):
    """An argument a function cannot take: ``None`` or a string where a state is due.

    Raised by the functions of the package's surface that take a state, a
    view, a principality, an event or an action id, when given another kind
    of object, or a value built by hand that no game produces (an event
    ``GameEnded`` with no winner, an SVG title holding a character XML cannot
    hold); the message names what was expected and what came.  It is also a
    :class:`TypeError`, as Python's own functions raise for an argument of
    the wrong type, besides a :class:`ValueError` like every error here.

    Example:
        >>> from princes_of_florence import legal_moves
        >>> legal_moves(None)
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.ArgumentError: legal_moves needs a GameState or a PlayerView, ...
    """

    @classmethod
    def wrong_kind(cls, function: str, expected: str, value: object) -> ArgumentError:
        """The error for ``value`` given to ``function`` where ``expected`` is due.

        >>> ArgumentError.wrong_kind("render_text", "a Principality", "a1")
        ArgumentError('render_text needs a Principality, not a str')
        """
        kind = type(value).__name__
        parts = type(value).__module__.split(".")
        if len(parts) > 2 and parts[0] == "princes_of_florence" and parts[1] in _OTHER_GAMES:
            kind = f"{_OTHER_GAMES[parts[1]]} {kind}"  # another game's GameState, say
        got = "None" if value is None else f"{'an' if kind[0] in 'aeiouAEIOU' else 'a'} {kind}"
        return cls(f"{function} needs {expected}, not {got}")

    @classmethod
    def checked_items(
        cls, function: str, values: object, kinds: tuple[type, ...], what: str
    ) -> tuple[Any, ...]:
        """``values`` as a tuple, each one of ``kinds`` (``what`` names one in a refusal).

        A single item, text or anything not iterable is refused, and so is
        any item of another kind.

        >>> ArgumentError.checked_items("events_for", [1, 2], (int,), "number")
        (1, 2)
        >>> ArgumentError.checked_items("events_for", [1, "x"], (int,), "number")
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.ArgumentError: events_for needs a number, not a str
        """
        if isinstance(values, (*kinds, str)) or not isinstance(values, Iterable):
            raise cls.wrong_kind(function, f"an iterable of {what}s", values)
        found = tuple(values)
        article = "an" if what[0] in "aeiouAEIOU" else "a"
        for value in found:
            if not isinstance(value, kinds):
                raise cls.wrong_kind(function, f"{article} {what}", value)
        return found


_OTHER_GAMES = {"florenz": "Florenz", "firenze": "Firenze"}
"""The games whose packages live inside this one, as :meth:`ArgumentError.wrong_kind` names
the objects of each (their classes share names such as ``GameState``)."""


class IllegalMoveError(PrincesOfFlorenceError):
    """A move that is well formed but not legal in the given state.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, parse_move
        >>> state = new_game(GameConfig(players=3, seed=1))
        >>> apply(state, parse_move("open forest"))
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.IllegalMoveError: illegal move 'open forest' by player 0:
        every player must first return one of the four starting persons
    """


class InvalidMoveError(PrincesOfFlorenceError):
    """Move notation that does not parse, or a move object that is not well formed.

    A well-formed move is an instance of exactly one move class whose fields
    hold values of exactly their declared types, within the limits of
    :mod:`princes_of_florence.limits`
    (see :func:`~princes_of_florence.moves.move_shape_problem`).

    Example:
        >>> from princes_of_florence import parse_move
        >>> parse_move("bid seven hundred")
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.InvalidMoveError: move 'bid seven hundred' has 3 words;
        expected 'bid <florins>'
    """


class ConfigError(PrincesOfFlorenceError):
    """A game configuration that is impossible or not supported yet.

    Example:
        >>> from princes_of_florence import GameConfig
        >>> GameConfig(players=6)
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.ConfigError: players must be 2, 3, 4 or 5, not 6
    """


class CatalogError(PrincesOfFlorenceError):
    """A component data file that is malformed or inconsistent.

    Example:
        >>> from princes_of_florence.components.catalog import parse_catalog
        >>> parse_catalog("[rules]")
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.CatalogError: <catalog>: catalog: missing keys
        'bonus_cards', 'bonus_example', 'characters', 'edition', 'persons',
        'prestige_cards', 'shared_map', 'tiles'
    """


class GeometryError(PrincesOfFlorenceError):
    """A cell name, shape or placement that does not exist.

    Example:
        >>> from princes_of_florence import parse_cell
        >>> parse_cell("h9")
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.GeometryError: 'h9' is not a cell name (a1 to g7)
    """


class SerializationError(PrincesOfFlorenceError):
    """JSON that is malformed, tampered with, or of another schema version.

    Example:
        >>> from princes_of_florence import load_move
        >>> load_move('{"kind": "fly"}')
        Traceback (most recent call last):
        ...
        princes_of_florence.errors.SerializationError: the document has no schema field @
        $.schema
    """
