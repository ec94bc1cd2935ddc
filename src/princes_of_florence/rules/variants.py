"""What a configuration changes in the rules, as data.

A :class:`Ruleset` is worked out once per :class:`GameConfig` and read by the
rules modules wherever a variant differs from the base game: whether
prestige may be sold (rulings R3, R4, R27), the starting money (R10), the
base price (R12).  A rules module asks the ruleset; it does not test the
configuration's switches itself, so variants combine without a chain of
``if`` in every function.

>>> from princes_of_florence.config import GameConfig
>>> ruleset(GameConfig(players=4)).sells_prestige
True
>>> ruleset(GameConfig(players=4)).base_price
200
"""

from __future__ import annotations

import attrs

from princes_of_florence.components import default_catalog
from princes_of_florence.config import GameConfig

__all__ = ["Ruleset", "ruleset"]


@attrs.frozen
class Ruleset:
    """The rules a configuration selects.

    Attributes:
        sells_prestige: whether a player may sell prestige (R3) and cover a
            payment or bid with prestige (revised R4).
        starting_money: florins each player starts with (R10).
        base_price: the opening bid of an auction (R12).
        chooses_returned_order: whether the cards not kept go under the
            deck in an order the player decides (R6).
    """

    sells_prestige: bool
    starting_money: int
    base_price: int
    chooses_returned_order: bool


_cache: dict[GameConfig, Ruleset] = {}
_last: tuple[GameConfig, Ruleset] | None = None


def ruleset(config: GameConfig) -> Ruleset:
    """The rules ``config`` selects (remembered per configuration)."""
    global _last
    last = _last
    if last is not None and last[0] is config:
        return last[1]
    found = _cache.get(config)
    if found is None:
        found = _cache[config] = _make(config)
    _last = (config, found)
    return found


def _make(config: GameConfig) -> Ruleset:
    rules = default_catalog().rules
    return Ruleset(
        sells_prestige=not config.muse_and_princess,  # rulings R3, R27
        starting_money=rules.starting_money,  # ruling R10
        base_price=rules.base_price,  # ruling R12
        chooses_returned_order=config.choose_returned_order,  # ruling R6
    )
