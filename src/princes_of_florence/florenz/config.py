"""The configuration of a Florenz game: families, seed and options."""

from __future__ import annotations

import attrs

from princes_of_florence.florenz.errors import ConfigError

__all__ = ["GameConfig"]


def _check_players(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 5:
        raise ConfigError(f"players must be 2, 3, 4 or 5, not {value!r} (rule F3, ruling FR1)")


def _check_int(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise ConfigError(f"{attribute.name} must be an integer, not {value!r}")


def _check_cap(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(f"action_cap must be a positive integer, not {value!r} (ruling FR59)")


def _check_bool(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise ConfigError(f"{attribute.name} must be true or false, not {value!r}")


@attrs.frozen
class GameConfig:
    """A Florenz game to set up.

    Attributes:
        players: the number of families, 2 to 5 (rule F3, ruling FR1).
        seed: every random step is drawn from it (ruling FR3).
        action_cap: actions a family may take in one action phase; once
            reached, only Pass is legal (ruling FR59).
        contessina_head_debutants: the other reading of ruling FR60: Contessina
            pays head VP to a debutant at the head too (default: she does not).
        solo: the solo game against Strozzi (rules F123-F152); not
            implemented yet.

    >>> GameConfig(players=6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.ConfigError: players must be 2, 3, 4 or 5, not 6 ...
    """

    players: int = attrs.field(default=4, validator=_check_players)
    seed: int = attrs.field(default=0, validator=_check_int)
    action_cap: int = attrs.field(default=60, validator=_check_cap)
    contessina_head_debutants: bool = attrs.field(default=False, validator=_check_bool)
    solo: bool = attrs.field(default=False, validator=_check_bool)
