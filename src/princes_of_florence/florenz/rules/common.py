"""What every rules module shares: a mutable working copy of a state, the
queues (rules F46-F50, F78), control (F48, FR7), achievements (F153-F161),
scandal draws (F80-F82) and escorts (F75)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from typing import Generic, TypeVar, cast

import attrs

from princes_of_florence.florenz.components import Catalog, default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.events import CardDrawn, Event, Scored
from princes_of_florence.florenz.ids import BoastKind, ChanceKind, Medici, Rank, ScandalKind, Stage
from princes_of_florence.florenz.state import (
    ChanceStep,
    Family,
    GameState,
    Offer,
    Piece,
    Strozzi,
    Walk,
)

__all__ = [
    "CATALOG",
    "GRID_NEIGHBOURS",
    "Rows",
    "STROZZI",
    "Families",
    "FamilyWork",
    "StrozziWork",
    "Work",
    "achievement",
    "boast_field",
    "control_order",
    "insertion_index",
    "reserved_cards",
    "totals",
]

CATALOG: Catalog = default_catalog()
# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global.
_CHANCE = Stage.CHANCE
_COSTS = CATALOG.raw.costs
_FAMILY = CATALOG.raw.family
_ROWS = {loc: row for row in CATALOG.raw.board.rows for loc in row}
_COLUMNS = {loc: col for col in CATALOG.raw.board.columns for loc in col}
_TILES = {kind: CATALOG.raw.boast_tiles[i] for i, kind in enumerate(CATALOG.boast_kinds)}


def _grid_neighbours(location: int) -> tuple[int, ...]:
    row, column = divmod(location - 1, 3)
    found = []
    for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + dr, column + dc
        if 0 <= r < 3 and 0 <= c < 3:
            found.append(r * 3 + c + 1)
    return tuple(found)


T = TypeVar("T")

GRID_NEIGHBOURS: tuple[tuple[int, ...], ...] = (
    (),
    *(_grid_neighbours(loc) for loc in range(1, 10)),
)
"""By location, its orthogonal neighbours on the grid (never 1-5; the cards F87)."""


@attrs.define
class FamilyWork:
    """A family's board while a move is applied (see :class:`Family`)."""

    time: int
    vp: int
    debutants: int
    ladies: int
    maestros: int
    retired: int
    guards: int
    cups: int
    gifts: int
    given: list[int]
    hand: list[ScandalKind]
    plan: int
    passed: bool
    ring: int
    actions: int

    def gain_time(self, amount: int) -> None:
        """Gain time, capped at the clock's maximum (F39)."""
        self.time = min(_FAMILY.time_max, self.time + amount)

    def supply(self, rank: int) -> int:
        """Members of ``rank`` on the family board."""
        return (0, self.debutants, self.ladies, self.maestros)[rank]

    def take(self, rank: int, amount: int = 1) -> None:
        """Take members of ``rank`` from (negative: return to) the family board."""
        if rank == Rank.DEBUTANT:
            self.debutants -= amount
        elif rank == Rank.LADY:
            self.ladies -= amount
        else:
            self.maestros -= amount


def _family_work(family: Family) -> FamilyWork:
    return FamilyWork(
        family.time,
        family.vp,
        family.debutants,
        family.ladies,
        family.maestros,
        family.retired,
        family.guards,
        family.cups,
        family.gifts,
        list(family.given),
        list(family.hand),
        family.plan,
        family.passed,
        family.ring,
        family.actions,
    )


def _family(work: FamilyWork) -> Family:
    given = work.given
    return Family(  # positional, in field order: quicker than keywords
        work.time,
        work.vp,
        work.debutants,
        work.ladies,
        work.maestros,
        work.retired,
        work.guards,
        work.cups,
        work.gifts,
        (given[0], given[1], given[2]),
        tuple(sorted(work.hand)),
        work.plan,
        work.passed,
        work.ring,
        work.actions,
    )


STROZZI = 1
"""Strozzi's family index in a solo game (he is second in turn order, F130); he
is one family for every purpose (ruling FR42)."""


@attrs.define
class StrozziWork:
    """Strozzi's part of a solo game while a move is applied (see :class:`Strozzi`)."""

    deck: list[int]
    discards: list[int]
    drawn: int
    colours: list[list[int]]
    supply: list[list[int]]
    cups: list[int]
    player_first: bool
    card: int

    @classmethod
    def of(cls, strozzi: Strozzi) -> StrozziWork:
        """A working copy of ``strozzi``."""
        return cls(
            list(strozzi.deck),
            list(strozzi.discards),
            strozzi.drawn,
            [list(c) for c in strozzi.colours],
            [list(pair) for pair in strozzi.supply],
            list(strozzi.cups),
            strozzi.player_first,
            strozzi.card,
        )

    def freeze(self) -> Strozzi:
        """The frozen value."""
        d, la, m = self.supply
        return Strozzi(
            deck=tuple(self.deck),
            discards=tuple(self.discards),
            drawn=self.drawn,
            colours=tuple(tuple(c) for c in self.colours),
            supply=((d[0], d[1]), (la[0], la[1]), (m[0], m[1])),
            cups=(self.cups[0], self.cups[1]),
            player_first=self.player_first,
            card=self.card,
        )


class Rows(Generic[T]):
    """Rows of a frozen table (queues, cups, decks, discard piles) while a
    move is applied: a row becomes a list to change when a rule first reaches
    for it by index; the rows a move never reaches stay the frozen tuples
    they were, shared with the state before."""

    __slots__ = ("_reached", "_rows", "_source")

    def __init__(self, rows: tuple[tuple[T, ...], ...]) -> None:
        self._source = rows
        self._rows: list[tuple[T, ...] | list[T]] = list(rows)
        self._reached: list[int] = []

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: int) -> list[T]:
        row = self._rows[index]
        if isinstance(row, tuple):
            row = self._rows[index] = list(row)
            self._reached.append(index)
        return row

    def __setitem__(self, index: int, row: list[T]) -> None:
        self._rows[index] = row
        self._reached.append(index)

    def __iter__(self) -> Iterator[Sequence[T]]:
        """The rows, to read only."""
        return iter(self._rows)

    def freeze(self) -> tuple[tuple[T, ...], ...]:
        """The frozen rows; a row never reached is the tuple it was."""
        reached = self._reached
        if not reached:
            return self._source
        rows = self._rows
        frozen = list(self._source)
        for index in reached:
            frozen[index] = tuple(rows[index])
        return tuple(frozen)


class Families:
    """The family boards of a :class:`Work`, each copied into a
    :class:`FamilyWork` only when a rule first reaches for it; the boards a
    move never touches stay the frozen values they were."""

    __slots__ = ("_items", "_reached", "_source")

    def __init__(self, families: tuple[Family, ...]) -> None:
        self._source = families
        self._items: list[Family | FamilyWork] = list(families)
        self._reached: list[int] = []

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> FamilyWork:
        item = self._items[index]
        if isinstance(item, Family):
            item = self._items[index] = _family_work(item)
            self._reached.append(index)
        return item

    def __iter__(self) -> Iterator[FamilyWork]:
        return (self[index] for index in range(len(self._items)))

    def passed(self, index: int) -> bool:
        """Whether family ``index`` has passed, touching no board."""
        return self._items[index].passed

    def all_passed(self) -> bool:
        """Whether every family has passed, touching no board."""
        return all(f.passed for f in self._items)

    def freeze(self) -> tuple[Family, ...]:
        """The frozen boards; a board never reached is the value it was."""
        reached = self._reached
        if not reached:
            return self._source
        items = self._items
        frozen = list(self._source)
        for index in reached:
            item = items[index]
            assert isinstance(item, FamilyWork)
            frozen[index] = _family(item)
        return tuple(frozen)


@attrs.define
class Work:
    """A mutable copy of a :class:`GameState`, for applying one move."""

    config: GameConfig
    round: int
    stage: Stage
    player: int
    start: int
    families: Families
    queues: Rows[Piece]
    capacity: int
    boast_tiles: tuple[BoastKind, ...]
    cups: Rows[int]
    escorts: list[tuple[int, ...]]
    spies: list[tuple[int, ...]]
    doormen: list[tuple[int, ...]]
    carriages: list[int]
    targets: list[int]
    location_tiles: tuple[int, ...]
    time_tiles: tuple[int, ...]
    decks: Rows[ScandalKind]
    discards: Rows[ScandalKind]
    shuffles: int
    someone_passed: bool
    setup_order: tuple[int, ...]
    walk: Walk | None
    offer: Offer | None
    strozzi: StrozziWork | None = None
    chance: list[ChanceStep] = attrs.Factory(list)
    resume: tuple[Stage, int] = (Stage.ACTION, 0)
    events: list[Event] = attrs.Factory(list)

    @classmethod
    def of(cls, state: GameState) -> Work:
        """A working copy of ``state``."""
        return cls(
            state.config,
            state.round,
            state.stage,
            state.player,
            state.start,
            Families(state.families),
            Rows(state.queues),
            state.capacity,
            state.boast_tiles,
            Rows(state.cups),
            list(state.escorts),
            list(state.spies),
            list(state.doormen),
            list(state.carriages),
            list(state.targets),
            state.location_tiles,
            state.time_tiles,
            Rows(state.decks),
            Rows(state.discards),
            state.shuffles,
            state.someone_passed,
            state.setup_order,
            state.walk,
            state.offer,
            None if state.strozzi is None else StrozziWork.of(state.strozzi),
            list(state.chance),
            state.resume,
        )

    def freeze(self) -> GameState:
        """The state this working copy now describes."""
        c0, c1, c2 = self.carriages
        t0, t1, t2 = self.targets
        return GameState(  # positional, in field order: quicker than keywords
            self.config,
            self.round,
            self.stage,
            self.player,
            self.start,
            self.families.freeze(),
            self.queues.freeze(),
            self.capacity,
            self.boast_tiles,
            cast("tuple[tuple[int, int, int], ...]", self.cups.freeze()),  # rows of 3 fields
            tuple(self.escorts),
            tuple(self.spies),
            tuple(self.doormen),
            (c0, c1, c2),
            (t0, t1, t2),
            self.location_tiles,
            self.time_tiles,
            self.decks.freeze(),
            self.discards.freeze(),
            self.shuffles,
            self.someone_passed,
            self.setup_order,
            self.walk,
            self.offer,
            None if self.strozzi is None else self.strozzi.freeze(),
            tuple(self.chance),
            self.resume,
        )

    @property
    def count(self) -> int:
        """The number of families."""
        return len(self.families)

    def free(self, location: int) -> int:
        """Free spaces of the queue at ``location`` (F50)."""
        return self.capacity - len(self.queues[location])

    def insert(
        self, location: int, family: int, rank: int, front: bool = False, colour: int = 0
    ) -> int:
        """Line ``family``'s newcomer of ``rank`` up at ``location``; its position.

        ``front``: in front of its own rank regardless of doormen (the Strozzi
        placement F143); ``colour``: the colour of a Strozzi piece (1 orange,
        2 blue).  The caller checks the free space (F50).
        """
        queue = self.queues[location]
        ahead = family in self.doormen[location] or front  # rule F78
        index = insertion_index(queue, rank, ahead)
        queue.insert(index, (family, rank))
        if self.strozzi is not None:
            self.strozzi.colours[location].insert(index, colour)
        return index

    def remove(self, location: int, position: int) -> Piece:
        """Take the petitioner at ``position`` out of its queue; the gap closes (F46)."""
        if self.strozzi is not None:
            self.removed_colour = self.strozzi.colours[location].pop(position)
        return self.queues[location].pop(position)

    removed_colour: int = 0
    """The colour of the piece :meth:`remove` took last (solo)."""

    def swap(self, location: int, a: int, b: int) -> None:
        """Exchange the petitioners at positions ``a`` and ``b`` (not entering, FR65)."""
        queue = self.queues[location]
        queue[a], queue[b] = queue[b], queue[a]
        if self.strozzi is not None:
            colours = self.strozzi.colours[location]
            colours[a], colours[b] = colours[b], colours[a]

    def colour(self, location: int, position: int) -> int:
        """The colour of the piece at (location, position): 0 unless Strozzi's."""
        return 0 if self.strozzi is None else self.strozzi.colours[location][position]

    def cross(self, family: int, path: int) -> None:
        """``family`` moves a member over ``path``: its escorts act (F75, FR21)."""
        for owner in self.escorts[path]:
            if owner == family:
                self.families[owner].gain_time(_COSTS.escort_own_time)
                if self.strozzi is not None:
                    self.score(owner, 1, "escort")  # rule F138
            else:
                self.score(owner, _COSTS.escort_other_vp, "escort")

    def score(self, family: int, vp: int, source: str) -> None:
        """``family`` gains ``vp`` from ``source``; VP never decrease."""
        if vp:
            self.families[family].vp += vp
            self.events.append(Scored(family, vp, source))

    def draw(self, family: int, medici: Medici, boast: bool = False) -> None:
        """``family`` receives a scandal card of ``medici`` (F76, F80-F82, FR24, FR25, FR63).

        Strozzi discards the card and gains 1 time instead (F139, FR48); in
        the easier variant not for a boast (F151, FR57).
        """
        board = self.families[family]
        strozzi = self.strozzi is not None and family == STROZZI
        if strozzi and boast and self.config.easier:
            return  # ruling FR57
        if not strozzi and len(board.hand) >= _FAMILY.hand_limit:
            board.gain_time(_COSTS.discard_time)  # rule F81, ruling FR24
            return
        deck = self.decks[medici]
        if self.config.explicit_chance:
            self._draw_by_chance(family, medici, strozzi)
            return
        if not deck:
            pile = self.discards[medici]
            if not pile:
                return  # ruling FR25
            rng = random.Random(f"{self.config.seed}:shuffle:{self.shuffles}")  # ruling FR3
            self.shuffles += 1
            pile.sort()
            rng.shuffle(pile)
            deck.extend(pile)  # rule F82, ruling FR63
            pile.clear()
        kind = deck.pop(0)
        if strozzi:
            self.discards[medici].append(kind)  # ruling FR48
            board.gain_time(1)  # rule F139
            return
        board.hand.append(kind)
        self.events.append(CardDrawn(family, medici, kind))

    def _draw_by_chance(self, family: int, medici: Medici, strozzi: bool) -> None:
        """The draw of :meth:`draw` with explicit chance: the card is dealt by a
        chance node once the automatic steps are over (its face changes none
        of them); counts include the draws still waiting."""
        waiting = [s for s in self.chance if s.kind is ChanceKind.CARD]
        if (
            not strozzi
            and len(self.families[family].hand) + sum(1 for s in waiting if s.target == family)
            >= _FAMILY.hand_limit
        ):
            self.families[family].gain_time(_COSTS.discard_time)  # rule F81, ruling FR24
            return
        deck = self.decks[medici]
        reserved = reserved_cards(self.chance, medici)
        free = len(deck) - len(reserved)
        if free <= sum(1 for s in waiting if s.medici == medici and not s.pool):
            pile = self.discards[medici]
            if not pile:
                return  # ruling FR25
            # the draws already waiting take the old deck's cards (their pool)
            rest: list[int] = list(deck)
            for card in reserved:
                rest.remove(card)
            old = tuple(sorted(rest))
            self.chance = [
                attrs.evolve(s, pool=old)
                if s.kind is ChanceKind.CARD and s.medici == medici and not s.pool
                else s
                for s in self.chance
            ]
            deck.extend(pile)  # rule F82, ruling FR63: without an order
            deck.sort()
            pile.clear()
        self.chance.append(ChanceStep(ChanceKind.CARD, family, medici))
        if strozzi:
            self.families[family].gain_time(1)  # rule F139

    def waiting_for_strozzi(self) -> bool:
        """Whether Strozzi's turn waits for the chance node of his card."""
        return bool(self.chance) and self.chance[-1].kind is ChanceKind.STROZZI_CARD

    def settle(self) -> None:
        """With random steps waiting, the game waits at a chance node; the
        decision it was at comes back once they are dealt."""
        if self.chance and self.stage is not _CHANCE:
            self.resume = (self.stage, self.player)
            self.stage = Stage.CHANCE
            self.player = -1

    def discard(self, family: int, kind: ScandalKind) -> None:
        """Put ``family``'s card of ``kind`` on its Medici's discard pile."""
        self.families[family].hand.remove(kind)
        self.discards[CATALOG.scandal_medici[kind]].append(kind)

    def has_member(self, family: int, location: int) -> bool:
        """Whether ``family`` has a member at ``location``."""
        return any(f == family for f, _ in self.queues[location])


def reserved_cards(chance: list[ChanceStep] | tuple[ChanceStep, ...], medici: int) -> list[int]:
    """The cards of ``medici``'s deck that draws waiting since a reshuffle
    will take (their pools, each group once)."""
    pools = {s.pool for s in chance if s.kind is ChanceKind.CARD and s.medici == medici and s.pool}
    return [card for pool in pools for card in pool]


def totals(config: GameConfig, family: int) -> tuple[int, int, int]:
    """The members, boast cups and guards ``family`` owns in all (F5; Strozzi: F126).

    >>> totals(GameConfig(players=2, solo=True), 1)
    (18, 12, 12)
    """
    members = _FAMILY.debutants + _FAMILY.ladies + _FAMILY.maestros
    factor = 2 if config.solo and family == STROZZI else 1
    return factor * members, factor * _FAMILY.cups, factor * _FAMILY.guards


def insertion_index(queue: list[Piece] | tuple[Piece, ...], rank: int, ahead: bool) -> int:
    """Where a newcomer of ``rank`` lines up: behind every higher rank, and
    behind (``ahead``: in front of) its own rank (F47, F78).

    >>> insertion_index([(0, 3), (1, 2), (2, 1)], 2, False)
    2
    >>> insertion_index([(0, 3), (1, 2), (2, 1)], 2, True)
    1
    """
    index = 0
    for _, other in queue:
        if other > rank or (other == rank and not ahead):
            index += 1
        else:
            break
    return index


def control_order(queue: list[Piece] | tuple[Piece, ...]) -> list[int]:
    """The families at a location, strongest first: most members, then the
    frontmost member (F48, ruling FR7).

    >>> control_order([(1, 2), (0, 1), (0, 1), (2, 1), (1, 1)])
    [1, 0, 2]
    """
    counts: dict[int, int] = {}
    front: dict[int, int] = {}
    for position, (family, _) in enumerate(queue):
        counts[family] = counts.get(family, 0) + 1
        front.setdefault(family, position)
    return sorted(counts, key=lambda f: (-counts[f], front[f]))


def achievement(work: Work | GameState, family: int, location: int) -> int:
    """The VP ``family`` would gain by boasting with the tile at ``location``
    now (rules F153-F161, ruling FR15)."""
    kind = work.boast_tiles[location]
    per = _TILES[kind].per_item
    queues = work.queues
    if kind is BoastKind.GREAT_INFLUENCE:
        items = sum(1 for q in queues for f, r in q if f == family and r >= Rank.LADY)
    elif kind is BoastKind.UNMISSABLE:
        items = 1 + sum(1 for c in work.cups for f in c if f == family)
    elif kind is BoastKind.SCANDALMONGER:
        items = len(work.families[family].hand)
    elif kind is BoastKind.SHARP_ELBOWS:
        items = sum(1 for q in queues if q and q[0][0] == family)
    elif kind is BoastKind.RULER_OF_THE_STREET:
        items = sum(1 for loc in _ROWS[location] for f, _ in queues[loc] if f == family)
    elif kind is BoastKind.UP_AND_COMING:
        items = sum(1 for loc in _COLUMNS[location] for f, _ in queues[loc] if f == family)
    elif kind is BoastKind.STRONGLY_REPRESENTED:
        items = sum(1 for q in queues if sum(1 for f, _ in q if f == family) >= 2)
    elif kind is BoastKind.GENEROUS:
        items = sum(work.families[family].given)
    else:
        items = sum(1 for q in queues if any(f == family for f, _ in q))
    return per * items


def boast_field(work: Work | GameState, location: int, vp: int) -> int:
    """The field a cup for ``vp`` lands on at ``location``: the matching
    field, else the highest free one below it; -1 if none is free (F61, F62,
    ruling FR14)."""
    minimums = _TILES[work.boast_tiles[location]].field_minimums
    field = 2 if vp >= minimums[2] else 1 if vp >= minimums[1] else 0
    cups = work.cups[location]
    while field >= 0 and cups[field] != -1:
        field -= 1
    return field
