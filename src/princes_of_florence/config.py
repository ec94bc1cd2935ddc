"""Game configuration: player count, seed and rule options.

>>> GameConfig(players=4, seed=7).players
4
>>> GameConfig(players=3, hard_freedoms=True)
Traceback (most recent call last):
...
princes_of_florence.errors.ConfigError: hard_freedoms is the 2-player option (ruling R9); ...
"""

from __future__ import annotations

import attrs

from princes_of_florence.errors import ConfigError
from princes_of_florence.frozen import share_copies
from princes_of_florence.limits import MAX_NAME_CHARS, MAX_SEED, shorten

__all__ = ["GameConfig", "default_names"]


def _check_players(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"players must be an integer, not {shorten(value)}")
    if not 2 <= value <= 5:
        raise ConfigError(f"players must be 2, 3, 4 or 5, not {shorten(value)}")


def _check_seed(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_SEED:
        raise ConfigError(f"seed must be an integer from 0 to 2**64 - 1, not {shorten(value)}")


def _check_start(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"start_player must be an integer, not {shorten(value)}")
    if not 0 <= value < instance.players:
        raise ConfigError(
            f"start_player must be a player from 0 to {instance.players - 1}, not {shorten(value)}"
        )


def _check_bool(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
    if not isinstance(value, bool):
        raise ConfigError(f"{attribute.name} must be true or false, not {shorten(value)}")


def _check_hard(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
    _check_bool(instance, attribute, value)
    if value and instance.players != 2:
        raise ConfigError(
            "hard_freedoms is the 2-player option (ruling R9); "
            f"it cannot be used with {instance.players} players"
        )


def default_names(players: int) -> tuple[str, ...]:
    """The names of ``players`` players when none are given: "Player 1" to "Player N".

    >>> default_names(3)
    ('Player 1', 'Player 2', 'Player 3')
    """
    return tuple(f"Player {number}" for number in range(1, players + 1))


def _names_default(instance: GameConfig) -> tuple[str, ...]:
    players = instance.players  # not validated yet: attrs makes defaults first
    valid = type(players) is int and 2 <= players <= 5
    return default_names(players) if valid else ()


def _check_names(
    instance: GameConfig, attribute: attrs.Attribute[tuple[str, ...]], value: tuple[str, ...]
) -> None:
    if not isinstance(value, tuple):
        raise ConfigError(f"names must be a tuple of strings, not {shorten(value)}")
    if len(value) != instance.players:
        raise ConfigError(
            f"names must give one name per player ({instance.players}), not {len(value)}"
        )
    for index, name in enumerate(value):
        if not isinstance(name, str):
            raise ConfigError(f"the name of player {index} must be a string, not {shorten(name)}")
        if not name or name != name.strip() or len(name) > MAX_NAME_CHARS:
            raise ConfigError(
                f"the name of player {index} must have 1 to {MAX_NAME_CHARS} characters and"
                f" no space at either end, not {shorten(name)}"
            )
        if not name.isprintable() or "|" in name:
            raise ConfigError(
                f"the name of player {index} has a control character or a '|': {shorten(name)}"
            )
    if len(set(value)) != len(value):
        raise ConfigError(f"the players' names must differ: {shorten(value)}")


@attrs.frozen
class GameConfig:
    """Everything that fixes a game before the first move.

    Attributes:
        players: number of players, 2 to 5 (2: the 2-player rules, R9-R12).
        seed: the only source of randomness; the same seed and moves always
            give the same game.
        start_player: the player that starts round 1 (ruling R7).
        hidden_money: whether players' money is hidden from the others
            (ruling R5); it only changes what :func:`observe` shows.
        choose_returned_order: whether the player who kept one of the cards
            shown decides, one card at a time, the order in which the others
            go under the deck (ruling R6); otherwise they go in drawn order.
        hard_freedoms: the harder 2-player option, four freedom tiles
            instead of five (ruling R9); only with 2 players.
        muse_and_princess: the Muse & Princess expansion (rulings R25-R28):
            phase A2 and the six character cards, and no selling of prestige.
        cooperative_building: the Cooperative Building expansion (rulings
            R29-R34): the principalities lie on one shared map, and
            neighbours may build across their border.
        explicit_chance: whether the random events are decisions of chance
            instead of the seed's: the deal of every deck one card at a time,
            the 2-player freedom tiles and the reshuffle after the draft
            (:func:`~princes_of_florence.is_chance_node`).  The seed
            then decides nothing.
        names: the players' names, in player order, as descriptions and logs
            show them (:func:`~princes_of_florence.describe`); by default
            "Player 1" to "Player N".  Each has 1 to 40 printable characters
            (no ``|``, which separates the names in a text record), and no
            two are the same.

    Raises:
        ConfigError: an impossible or unsupported combination.

    Example:
        >>> config = GameConfig(players=4, seed=7, muse_and_princess=True)
        >>> config.players, config.names
        (4, ('Player 1', 'Player 2', 'Player 3', 'Player 4'))
        >>> GameConfig(players=2, hard_freedoms=True).hard_freedoms
        True
    """

    players: int = attrs.field(default=4, validator=_check_players)
    seed: int = attrs.field(default=0, validator=_check_seed)
    start_player: int = attrs.field(default=0, validator=_check_start)
    hidden_money: bool = attrs.field(default=False, validator=_check_bool)
    choose_returned_order: bool = attrs.field(default=False, validator=_check_bool)
    hard_freedoms: bool = attrs.field(default=False, validator=_check_hard)
    muse_and_princess: bool = attrs.field(default=False, validator=_check_bool)
    cooperative_building: bool = attrs.field(default=False, validator=_check_bool)
    explicit_chance: bool = attrs.field(default=False, validator=_check_bool)
    names: tuple[str, ...] = attrs.field(
        default=attrs.Factory(_names_default, takes_self=True), validator=_check_names
    )


share_copies(GameConfig)
