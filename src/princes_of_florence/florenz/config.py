"""The configuration of a Florenz game: families, seed and options."""

from __future__ import annotations

import attrs

from princes_of_florence.florenz.errors import ConfigError
from princes_of_florence.limits import MAX_SEED, shorten

__all__ = ["GameConfig"]


def _check_players(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 2 <= value <= 5:
        raise ConfigError(
            f"players must be 2, 3, 4 or 5, not {shorten(value)} (rule F3, ruling FR1)"
        )


def _check_int(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int:
        raise ConfigError(f"{attribute.name} must be an integer, not {shorten(value)}")


def _check_cap(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or value < 1:
        raise ConfigError(
            f"action_cap must be a positive integer, not {shorten(value)} (ruling FR59)"
        )


def _check_seed(instance: GameConfig, attribute: attrs.Attribute[int], value: int) -> None:
    if type(value) is not int or not 0 <= value <= MAX_SEED:
        raise ConfigError(f"seed must be an integer from 0 to 2**64 - 1, not {shorten(value)}")


def _check_bool(instance: GameConfig, attribute: attrs.Attribute[bool], value: bool) -> None:
    if type(value) is not bool:
        raise ConfigError(f"{attribute.name} must be true or false, not {shorten(value)}")


@attrs.frozen
class GameConfig:
    """A Florenz game to set up.

    Attributes:
        players: the number of families, 2 to 5 (rule F3, ruling FR1).
        seed: every random step is drawn from it (ruling FR3); 0 to 2**64 - 1.
        action_cap: actions a family may take in one action phase; once
            reached, only Pass is legal (ruling FR59).
        contessina_head_debutants: the other reading of ruling FR60: Contessina
            pays head VP to a debutant at the head too (default: she does not).
        explicit_chance: every random step is a chance node whose outcome the
            caller chooses (``Chance`` moves), instead of being drawn from the
            seed; decks are then kept without an order.
        solo: the solo game against Strozzi (rules F123-F152): two
            families, the player (family 0) and Strozzi (family 1), who
            never decides.
        strozzi_boast_vp: ruling FR61: 0 (default) for Strozzi's boast cards
            scoring the boast tile's per-item VP, multiplied; any other value
            is a base VP printed on the card instead (the draft's 3).
        easier: the easier solo variant (F151, ruling FR57).
        harder_no_pass_bonus: harder: the player gets no pass bonus after
            passing first (F152).
        harder_celebration_vp: harder: card 6 gives Strozzi 2 VP per time spent.
        harder_more_time: harder: Strozzi gains 1 more time a round, at most 9 (FR58).
        harder_first_pass_time: harder: Strozzi gains 2 time when he passes first.
        harder_plan: harder: Strozzi has a hidden plan card, scored normally.
        harder_escorts: harder: the player may not move over a path with a
            Strozzi guard.

    >>> GameConfig(players=6)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.ConfigError: players must be 2, 3, 4 or 5, not 6 ...
    """

    players: int = attrs.field(default=4, validator=_check_players)
    seed: int = attrs.field(default=0, validator=_check_seed)
    action_cap: int = attrs.field(default=60, validator=_check_cap)
    contessina_head_debutants: bool = attrs.field(default=False, validator=_check_bool)
    solo: bool = attrs.field(default=False, validator=_check_bool)
    explicit_chance: bool = attrs.field(default=False, validator=_check_bool)
    strozzi_boast_vp: int = attrs.field(default=0, validator=_check_int)
    easier: bool = attrs.field(default=False, validator=_check_bool)
    harder_no_pass_bonus: bool = attrs.field(default=False, validator=_check_bool)
    harder_celebration_vp: bool = attrs.field(default=False, validator=_check_bool)
    harder_more_time: bool = attrs.field(default=False, validator=_check_bool)
    harder_first_pass_time: bool = attrs.field(default=False, validator=_check_bool)
    harder_plan: bool = attrs.field(default=False, validator=_check_bool)
    harder_escorts: bool = attrs.field(default=False, validator=_check_bool)

    def __attrs_post_init__(self) -> None:
        solo_only = (
            self.strozzi_boast_vp
            or self.easier
            or self.harder_no_pass_bonus
            or self.harder_celebration_vp
            or self.harder_more_time
            or self.harder_first_pass_time
            or self.harder_plan
            or self.harder_escorts
        )
        if self.solo and self.players != 2:
            raise ConfigError(
                f"the solo game has 2 families, the player and Strozzi, not {self.players} "
                "(rule F123, ruling FR41)"
            )
        if solo_only and not self.solo:
            raise ConfigError("the Strozzi options belong to the solo game (rules F151, F152)")
        if self.strozzi_boast_vp < 0:
            raise ConfigError("strozzi_boast_vp must not be negative (ruling FR61)")
