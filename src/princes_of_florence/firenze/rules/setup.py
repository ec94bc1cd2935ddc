"""Setting up a game (rules Z12-Z23, rulings ZR3-ZR8, ZR47, ZR51)."""

from __future__ import annotations

import random

from princes_of_florence.firenze.components import BalconySpec, Catalog, default_catalog
from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.errors import ConfigError
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.rules.table import NO_BRICKS, Table, bricks
from princes_of_florence.firenze.state import (
    NEUTRAL,
    NO_PLAYER,
    OPEN,
    Pending,
    PlayerState,
    State,
)

__all__ = ["commission_name", "new_state", "parse_commission"]


def commission_name(catalog: Catalog, index: int) -> str:
    """The name of commission ``index``: colour letter and floors, such as ``"Y4"``.

    >>> commission_name(default_catalog(), 6)
    'Y3'
    """
    spec = catalog.commissions[index]
    return f"{spec.colour.name}{spec.floors}"


def parse_commission(catalog: Catalog, name: str) -> int:
    """The index of the commission called ``name``; an unknown name raises ConfigError."""
    if len(name) >= 2 and name[0] in Colour.__members__ and name[1:].isdigit():
        floors = int(name[1:])
        c = catalog.constants
        if c.min_floors <= floors <= c.max_floors:
            return catalog.commission_index(Colour[name[0]], floors)
    raise ConfigError(f"no commission is called {name!r} (a colour letter and 3 to 8, like 'Y4')")


def _balconies(catalog: Catalog, config: FirenzeConfig, rng: random.Random) -> tuple[str, ...]:
    if config.balconies == "explicit":  # ruling ZR51
        tiles = config.balcony_tiles
        if len(tiles) != 4:
            raise ConfigError(f"balcony_tiles must name 4 tiles, not {len(tiles)}")
        specs = [catalog.balcony(tile) if _known(catalog, tile) else None for tile in tiles]
        covered: set[tuple[Colour, int]] = set()
        for numeral, (tile, spec) in enumerate(zip(tiles, specs, strict=True), start=1):
            if spec is None:
                raise ConfigError(f"balcony_tiles names {tile!r}, which is no balcony tile")
            if spec.numeral != numeral:
                raise ConfigError(f"balcony_tiles[{numeral - 1}] {tile!r} is not numeral {numeral}")
            if (spec.colour, spec.floors) in covered:
                raise ConfigError(f"balcony_tiles: {tile!r} covers a commission already covered")
            covered.add((spec.colour, spec.floors))
        return tiles
    chosen: list[BalconySpec] = []
    for numeral in (1, 2, 3, 4):  # ruling ZR3
        left = [spec for spec in catalog.balconies if spec.numeral == numeral]
        while True:
            if not left:
                raise ConfigError(f"the catalog's balconies of numeral {numeral} all collide")
            spec = left.pop(rng.randrange(len(left)))
            if all((spec.colour, spec.floors) != (b.colour, b.floors) for b in chosen):
                chosen.append(spec)
                break
    return tuple(spec.id for spec in chosen)


def _known(catalog: Catalog, tile: str) -> bool:
    return any(spec.id == tile for spec in catalog.balconies)


def _neutral(
    catalog: Catalog, config: FirenzeConfig, balconies: tuple[str, ...], rng: random.Random
) -> tuple[int, ...]:
    covered = {
        catalog.commission_index(catalog.balcony(t).colour, catalog.balcony(t).floors)
        for t in balconies
    }
    free = [i for i in range(len(catalog.commissions)) if i not in covered]
    used = catalog.constants.neutral_seals_used
    if config.neutral_seals == "explicit":  # ruling ZR51
        names = config.neutral_seal_commissions
        indices = [parse_commission(catalog, name) for name in names]
        if len(indices) != used or len(set(indices)) != used:
            raise ConfigError(f"neutral_seal_commissions must name {used} distinct commissions")
        for name, index in zip(names, indices, strict=True):
            if index in covered:
                raise ConfigError(f"neutral_seal_commissions: {name} carries a balcony (ZR51)")
        return tuple(sorted(indices))
    if config.neutral_seals == "free_random":
        return tuple(sorted(rng.sample(free, used)))
    per_tower = catalog.floors_per_tower
    balconies_on = [0] * 6
    for index in covered:
        balconies_on[index // per_tower] += 1
    low = catalog.constants.min_floors + 1
    while True:  # ruling ZR4: rejection sampling, capacity is always at least 8
        pick = rng.sample(free, used)
        lows = sum(1 for i in pick if catalog.commissions[i].floors <= low)
        if not 2 <= lows <= 3:
            continue
        on = [0] * 6
        for i in pick:
            on[i // per_tower] += 1
        if all(on[t] <= max(0, 2 - balconies_on[t]) for t in range(6)):
            return tuple(sorted(pick))


def _deck(catalog: Catalog, config: FirenzeConfig, rng: random.Random) -> tuple[list[Title], int]:
    start: list[Title] = []
    rest: list[Title] = []
    for spec in catalog.deck_titles(config.anerkennung):
        if spec.id is Title.CAMPANILE and not config.campanile:
            continue  # ruling ZR6
        start += [spec.id] * spec.start_copies
        rest += [spec.id] * (spec.copies - spec.start_copies)
    start.sort()
    rest.sort()
    if not config.explicit_chance:  # with explicit chance each card is dealt by chance
        rng.shuffle(start)  # Z21: the start cards, shuffled, on top
        rng.shuffle(rest)
    return start + rest, len(start)


def new_state(config: FirenzeConfig) -> State:
    """The state before the start player's first decision (setup order Z23, RNG order ZR8)."""
    catalog = default_catalog()
    c = catalog.constants
    n = config.players
    # Seeds and draws: balconies, neutral seals, deck, then one draw per row card.
    balcony_rng = random.Random(f"firenze/{config.seed}/setup/balconies")
    balconies = _balconies(catalog, config, balcony_rng)
    neutral = _neutral(
        catalog, config, balconies, random.Random(f"firenze/{config.seed}/setup/neutral")
    )
    deck, start_on_top = _deck(catalog, config, random.Random(f"firenze/{config.seed}/setup/deck"))
    seals = [OPEN] * len(catalog.commissions)
    for index in neutral:
        seals[index] = NEUTRAL
    bag = list(catalog.brick_counts)
    players = []
    for seat in range(n):
        white = c.start_white[(seat - config.start_seat) % n]  # Z19
        bag[Colour.W] -= white
        players.append(
            PlayerState(
                supply=(white, 0, 0, 0, 0, 0),
                towers=(),
                hand=(),
                buildings=(),
                seals=c.seals_by_players[n - 2],  # Z17
                prestige=0,  # ruling ZR47
                earned=(0, 0, 0, 0, 0),
            )
        )
    state = State(
        config=config,
        players=tuple(players),
        bag=bricks(bag),
        row=(),
        deck=tuple(deck),
        start_on_top=start_on_top,
        discard=(),
        seals=tuple(seals),
        balconies=balconies,
        level_tiles=tuple(spec.floors for spec in catalog.level_tiles),
        church=(),
        bell=(),
        end_holder=NO_PLAYER,
        active=config.start_seat,
        step=Step.CHOOSE,
        pending=Pending(),
        turns=0,
        draws=0,
        played=(),
        exchanged=False,
        placed=0,
        card_bricks=NO_BRICKS,
        truncated=False,
    )
    table = Table(state)
    table.refill(Step.CHOOSE)  # Z22: the first row, 4 bricks each (ZR7: nothing triggers)
    return table.freeze()
