"""What a configuration changes in the rules, as data.

A :class:`Ruleset` is worked out once per :class:`~princes_of_florence.GameConfig` and read by the
rules modules wherever a variant differs from the base game: whether
prestige may be sold (rulings R3, R4, R27), the starting money (R10), the
base price (R12), the auction's stacks (R11), the freedom supply (R9), the
board the principalities start from and which of them border which (R29),
and how many proposals of a cooperative build one build action allows
(R32: none without Cooperative Building).  A
rules module asks the ruleset; it does not test the
configuration's switches itself, so variants combine without a chain of
``if`` in every function.

>>> from princes_of_florence.config import GameConfig
>>> ruleset(GameConfig(players=4)).sells_prestige
True
>>> ruleset(GameConfig(players=4)).base_price
200
>>> ruleset(GameConfig(players=2)).base_price
300
>>> [str(stack) for stack in ruleset(GameConfig(players=2)).stacks]
['landscape', 'jester', 'builder', 'prestige', 'recruiting']
>>> [[n for n, _, _ in seat] for seat in ruleset(GameConfig(players=3)).borders]
[[], [], []]
>>> coop = ruleset(GameConfig(players=3, cooperative_building=True))
>>> [[n for n, _, _ in seat] for seat in coop.borders], coop.proposals_per_build
([[1, 2], [0, 2], [0, 1]], 3)
"""

from __future__ import annotations

import attrs

from princes_of_florence.components import default_catalog
from princes_of_florence.config import GameConfig
from princes_of_florence.geometry import Border
from princes_of_florence.ids import AuctionObject, Phase
from princes_of_florence.state import Principality

__all__ = ["Borders", "Ruleset", "ruleset"]


Borders = tuple[tuple[tuple[int, Border, Border], ...], ...]
"""Per seat, each neighbour with the border seen from the seat and from the neighbour."""


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
        stacks: the auction's stacks, in the order they are offered (R11).
        freedoms_each: tiles of each freedom in the supply (R9).
        extra_freedoms: further tiles, each of a different freedom drawn at
            random from the seed (R9, 2 players).
        round_phases: the phases of one round, in order (phase A2 of Muse &
            Princess after the auction, R25).
        characters: whether the character cards of Muse & Princess are
            played (R25-R28).
        board: the empty principality every player starts with: the front
            side of the board, or its reverse side on the shared map (R29).
        borders: per seat, each neighbour across a border of the shared
            map with that border seen from the seat and from the neighbour,
            ascending by neighbour (R29); empty for every seat without
            Cooperative Building.
        proposals_per_build: how many cooperative builds one build action
            may propose (R32); 0 where nobody shares a border.
    """

    sells_prestige: bool
    starting_money: int
    base_price: int
    chooses_returned_order: bool
    stacks: tuple[AuctionObject, ...]
    freedoms_each: int
    extra_freedoms: int
    round_phases: tuple[Phase, ...]
    characters: bool
    board: Principality
    borders: Borders
    proposals_per_build: int


_RULE_FIELDS = tuple(
    field.name for field in attrs.fields(GameConfig) if field.name not in ("seed", "names")
)
"""The fields of a configuration that may select rules: all but the seed and the names."""

_cache: dict[tuple[object, ...], Ruleset] = {}
_last: tuple[GameConfig, Ruleset] | None = None


def ruleset(config: GameConfig) -> Ruleset:
    """The rules ``config`` selects (remembered per choice of rules).

    Configurations that differ only in their seed or names share one entry, so
    that a program playing games of ever new seeds does not grow the memo.
    """
    global _last
    last = _last
    if last is not None and last[0] is config:
        return last[1]
    key = tuple([getattr(config, name) for name in _RULE_FIELDS])
    found = _cache.get(key)
    if found is None:
        found = _cache[key] = _make(config)
    _last = (config, found)
    return found


_SEVEN_STACKS = tuple(s for s in AuctionObject if s is not AuctionObject.LANDSCAPE)
_TWO_PLAYER_STACKS = (
    AuctionObject.LANDSCAPE,
    AuctionObject.JESTER,
    AuctionObject.BUILDER,
    AuctionObject.PRESTIGE,
    AuctionObject.RECRUITING,
)


_BASE_PHASES = (Phase.AUCTION, Phase.ACTIONS)
_WITH_CHARACTERS = (Phase.AUCTION, Phase.CHARACTERS, Phase.ACTIONS)  # ruling R25


_PROPOSALS_PER_BUILD = 3
"""Proposals one build action allows with Cooperative Building (ruling R32)."""


def _shared_map(config: GameConfig) -> tuple[Principality, Borders]:
    """The board and the borders of each seat (ruling R29), from the catalog's data."""
    players = config.players
    if not config.cooperative_building:
        return Principality(), ((),) * players
    shared = default_catalog().shared_map
    palazzo = shared.palazzo_mask
    layout = shared.layout(players)
    borders = []
    for seat in range(players):
        mine = []
        for other in layout.neighbours(seat):
            outward, inward = layout.border(seat, other), layout.border(other, seat)
            assert outward is not None and inward is not None, "neighbours share a border"
            mine.append((other, outward, inward))
        borders.append(tuple(mine))
    board = Principality(occupied=palazzo, walls=palazzo, palazzo=palazzo)
    return board, tuple(borders)


def _make(config: GameConfig) -> Ruleset:
    rules = default_catalog().rules
    two = config.players == 2
    board, borders = _shared_map(config)
    return Ruleset(
        sells_prestige=not config.muse_and_princess,  # rulings R3, R27
        # ruling R10: 3500 florins, 2500 with 2 players
        starting_money=rules.starting_money_two_players if two else rules.starting_money,
        # ruling R12: 200 florins, 300 with 2 players
        base_price=rules.base_price_two_players if two else rules.base_price,
        chooses_returned_order=config.choose_returned_order,  # ruling R6
        stacks=_TWO_PLAYER_STACKS if two else _SEVEN_STACKS,  # ruling R11
        # ruling R9: players - 1 of each; 2 players: one of each and two more
        # tiles of two different freedoms (one more with the hard option)
        freedoms_each=1 if two else config.players - 1,
        extra_freedoms=(1 if config.hard_freedoms else 2) if two else 0,
        round_phases=_WITH_CHARACTERS if config.muse_and_princess else _BASE_PHASES,
        characters=config.muse_and_princess,  # rulings R25-R28
        board=board,  # ruling R29: the reverse side on the shared map
        borders=borders,  # ruling R29
        proposals_per_build=_PROPOSALS_PER_BUILD if config.cooperative_building else 0,  # R32
    )
