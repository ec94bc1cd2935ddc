"""Game configuration: player count, seed and rule options.

>>> GameConfig(players=4, seed=7).players
4
>>> GameConfig(players=2)
Traceback (most recent call last):
...
princes_of_florence.errors.ConfigError: the 2-player rules are not implemented yet; ...
"""

from __future__ import annotations

import attrs

from princes_of_florence.errors import ConfigError

__all__ = ["GameConfig"]


def _check_players(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"players must be an integer, not {value!r}")
    if value == 2:
        raise ConfigError("the 2-player rules are not implemented yet; players must be 3, 4 or 5")
    if not 3 <= value <= 5:
        raise ConfigError(f"players must be 3, 4 or 5, not {value}")


def _check_seed(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ConfigError(f"seed must be a non-negative integer, not {value!r}")


def _check_start(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"start_player must be an integer, not {value!r}")
    if not 0 <= value < instance.players:
        raise ConfigError(
            f"start_player must be a seat from 0 to {instance.players - 1}, not {value}"
        )


def _reject(name: str) -> attrs._ValidatorType[bool]:
    def check(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
        if not isinstance(value, bool):
            raise ConfigError(f"{attribute.name} must be true or false, not {value!r}")
        if value:
            raise ConfigError(f"the {name} is not implemented yet")

    return check


def _check_bool(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, not {value!r}")


@attrs.frozen
class GameConfig:
    """Everything that fixes a game before the first move.

    Attributes:
        players: number of players, 3 to 5 (the 2-player rules come later).
        seed: the only source of randomness; the same seed and moves always
            give the same game.
        start_player: the seat that starts round 1 (ruling R7).
        hidden_money: whether players' money is hidden from the others
            (ruling R5); it only changes what :func:`observe` shows.
        choose_returned_order: whether the player who kept one of the cards
            shown decides, one card at a time, the order in which the others
            go under the deck (ruling R6); otherwise they go in drawn order.
        muse_and_princess: the Muse & Princess expansion (not implemented
            yet: setting it raises :class:`ConfigError`).
        cooperative_building: the Cooperative Building expansion (not
            implemented yet: setting it raises :class:`ConfigError`).

    Raises:
        ConfigError: an impossible or unsupported combination.
    """

    players: int = attrs.field(default=4, validator=_check_players)
    seed: int = attrs.field(default=0, validator=_check_seed)
    start_player: int = attrs.field(default=0, validator=_check_start)
    hidden_money: bool = attrs.field(default=False, validator=_check_bool)
    choose_returned_order: bool = attrs.field(default=False, validator=_check_bool)
    muse_and_princess: bool = attrs.field(
        default=False, validator=_reject("Muse & Princess expansion")
    )
    cooperative_building: bool = attrs.field(
        default=False, validator=_reject("Cooperative Building expansion")
    )
