"""Phase 5: fulfil commissions (Z52-Z61), level tiles (Z59), privileges (Z83),
Campanile's bell tower (Z101-Z103) and the end trigger (Z104)."""

from __future__ import annotations

from princes_of_florence.firenze.events import (
    BellTowerDelivered,
    BonusGained,
    CommissionFulfilled,
)
from princes_of_florence.firenze.ids import Colour, Title
from princes_of_florence.firenze.rules.table import Table
from princes_of_florence.firenze.state import NO_PLAYER, OPEN, State

__all__ = ["deliver_bell_tower", "fulfil", "is_bound", "next_balcony"]

COMMISSIONS, BALCONIES, LEVEL_TILES, PRIVILEGES, END_BONUS = range(5)
"""The indices of :attr:`~princes_of_florence.firenze.state.PlayerState.earned`."""


def next_balcony(state: State | Table, commission_of: dict[str, int]) -> int | None:
    """The commission of the open balcony with the lowest numeral, or ``None`` (Z53, Z58)."""
    for tile in state.balconies:
        index = commission_of[tile]
        if state.seals[index] == OPEN:
            return index
    return None


def is_bound(bell: tuple[bool, ...] | list[bool], player: int) -> bool:
    """Whether ``player`` owes Campanile a bell tower (Z101, ZR37)."""
    return bool(bell) and not bell[player]


def fulfil(t: Table, tower: int, architect: int) -> None:
    """Fulfil a commission with ``tower``, counted ``architect`` floors higher (Z56, ZR17, ZR22)."""
    me = t.me
    catalog = t.catalog
    if architect:
        me.hand.remove(Title.ARCHITEKT)
        t.played = [*t.played, Title.ARCHITEKT]
        t.discard_card(Title.ARCHITEKT)
    colour, height = me.towers[tower].colour, me.towers[tower].height
    floors = height + architect
    index = catalog.commission_index(Colour(colour), floors)
    balcony = ""
    for tile in t.balconies:
        spec = catalog.balcony(tile)
        if spec.colour == colour and spec.floors == floors:
            balcony = tile
            prestige = spec.prestige  # ruling ZR18: the tile's total
            me.earned[BALCONIES] += prestige
            break
    else:
        prestige = catalog.commission_prestige(index)
        me.earned[COMMISSIONS] += prestige
    t.seal(index, t.active)  # Z56 c
    me.seals -= 1
    t.remove_tower(t.active, tower, "")  # Z56 d: every brick to the bag
    t.emit(CommissionFulfilled(t.active, Colour(colour), floors, prestige, balcony))
    if floors in t.level_tiles:  # Z59, ruling ZR19: the commission's floor count
        tiles = list(t.level_tiles)
        tiles.remove(floors)
        t.level_tiles = tiles
        bonus = next(spec.prestige for spec in catalog.level_tiles if spec.floors == floors)
        me.earned[LEVEL_TILES] += bonus
        t.emit(BonusGained(t.active, f"level tile {floors}", bonus))
    church = t.church = list(t.church)
    for title in list(church):  # Z83, ruling ZR28
        card = catalog.card(title)
        if title is not Title.CAMPANILE and floors in card.floors:
            church.remove(title)
            t.discard_card(title)
            me.earned[PRIVILEGES] += card.value
            t.emit(BonusGained(t.active, title.value, card.value))
    if me.seals == 0 and t.end_holder == NO_PLAYER:  # Z104, ruling ZR38
        t.end_holder = t.active
        bonus = catalog.constants.end_bonus
        me.earned[END_BONUS] += bonus
        t.emit(BonusGained(t.active, "end tile", bonus))


def deliver_bell_tower(t: Table, tower: int) -> None:
    """Deliver a white 3-tower to Campanile; release the card once all have (Z102, Z103)."""
    t.remove_tower(t.active, tower, "")
    bell = t.bell = list(t.bell)
    bell[t.active] = True
    released = all(bell)
    if released:
        t.bell = []
        church = t.church = list(t.church)
        church.remove(Title.CAMPANILE)
        t.discard_card(Title.CAMPANILE)
    t.emit(BellTowerDelivered(t.active, released))
