"""The working copy a move is applied to, and the mechanisms every phase shares.

:class:`Table` copies a frozen :class:`~princes_of_florence.firenze.state.State`
into lists, the rules change the lists, and :meth:`Table.freeze` makes the next
frozen state; the state given is never changed.  Shared mechanisms live here:
random bag draws and shuffles (ruling ZR42), the refill of the row (Z33, Z34,
ZR13), demolition (Z49), discarding cards (Z68).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from princes_of_florence.firenze.components import Catalog, default_catalog
from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.events import (
    BricksReturned,
    CardRevealed,
    CardsReshuffled,
    Event,
    TowerDemolished,
)
from princes_of_florence.firenze.ids import CardKind, Colour, Step, Title
from princes_of_florence.firenze.state import (
    Bricks,
    Pending,
    PlayerState,
    RowCard,
    State,
    Tower,
)

__all__ = [
    "NO_BRICKS",
    "Player",
    "Players",
    "Row",
    "Site",
    "Slot",
    "Table",
    "bricks",
    "payment",
    "rng_for",
]

NO_BRICKS: Bricks = (0, 0, 0, 0, 0, 0)


def bricks(counts: list[int]) -> Bricks:
    """Six counts as a frozen brick multiset."""
    a, b, c, d, e, f = counts
    return (a, b, c, d, e, f)


@cache
def payment(slot: int, colour: Colour, count: int) -> Pending:
    """The :class:`Pending` of a payment under way: ``count`` bricks still to pay, for
    the card at ``slot`` and (an exchange) a brick of ``colour``.

    Payments are made one brick a move, each with its own pending value; values never
    change, so each is made once.

    >>> payment(2, Colour.R, 3) is payment(2, Colour.R, 3)
    True
    """
    return Pending(slot=slot, colour=colour, count=count)


def rng_for(seed: int, draws: int) -> random.Random:
    """The random source of the ``draws``-th random step of the game of ``seed`` (ZR42)."""
    return random.Random(f"firenze/{seed}/{draws}")


class Site:
    """A tower as mutable fields, while a move is applied."""

    __slots__ = ("at_turn_start", "colour", "height", "raised")

    def __init__(self, colour: Colour, height: int, at_turn_start: bool, raised: bool) -> None:
        self.colour = colour
        self.height = height
        self.at_turn_start = at_turn_start
        self.raised = raised


class Slot:
    """A row card and its bricks, while a move is applied."""

    __slots__ = ("bricks", "title")

    def __init__(self, title: Title, counts: list[int]) -> None:
        self.title = title
        self.bricks = counts


class Row:
    """The card row while a move is applied: a card becomes a mutable :class:`Slot`
    when a rule first reaches for it; the cards no rule reaches stay the frozen
    values they were."""

    __slots__ = ("_items",)

    def __init__(self, cards: tuple[RowCard, ...]) -> None:
        self._items: list[RowCard | Slot] = list(cards)

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: int) -> Slot:
        item = self._items[index]
        if isinstance(item, RowCard):
            item = self._items[index] = Slot(item.title, list(item.bricks))
        return item

    def pop(self, index: int) -> Slot:
        """Take the card at ``index`` out of the row."""
        slot = self[index]
        del self._items[index]
        return slot

    def append(self, slot: Slot) -> None:
        """Put a card at the right end of the row."""
        self._items.append(slot)

    def freeze(self) -> tuple[RowCard, ...]:
        """The frozen row."""
        return tuple(
            item if isinstance(item, RowCard) else RowCard(item.title, bricks(item.bricks))
            for item in self._items
        )


class Player:
    """A player's belongings as lists, while a move is applied.

    The towers are turned into mutable :class:`Site` records only when asked for, so
    that a move that touches no tower rebuilds none.
    """

    __slots__ = ("_sites", "_towers", "buildings", "earned", "hand", "seals", "supply")

    def __init__(self, state: PlayerState) -> None:
        self.supply = list(state.supply)
        self._towers = state.towers
        self._sites: list[Site] | None = None
        self.hand = list(state.hand)
        self.buildings = list(state.buildings)
        self.seals = state.seals
        self.earned = list(state.earned)

    @property
    def towers(self) -> list[Site]:
        """The site, oldest tower first, as mutable records."""
        sites = self._sites
        if sites is None:
            sites = self._sites = [
                Site(t.colour, t.height, t.at_turn_start, t.raised) for t in self._towers
            ]
        return sites

    def freeze(self) -> PlayerState:
        """The frozen player."""
        a, b, c, d, e = self.earned
        sites = self._sites
        towers = (
            self._towers
            if sites is None
            else tuple(Tower(t.colour, t.height, t.at_turn_start, t.raised) for t in sites)
        )
        return PlayerState(
            supply=bricks(self.supply),
            towers=towers,
            hand=tuple(sorted(self.hand)),
            buildings=tuple(sorted(self.buildings)),
            seals=self.seals,
            prestige=a + b + c + d + e,
            earned=(a, b, c, d, e),
        )


class Players:
    """The players of a :class:`Table`, each copied into a :class:`Player` only when
    first asked for; the others are frozen again unchanged."""

    __slots__ = ("frozen", "live", "reached")

    def __init__(self, frozen: tuple[PlayerState, ...]) -> None:
        self.frozen = frozen
        self.live: list[Player | None] = [None] * len(frozen)
        self.reached: list[int] = []

    def __getitem__(self, index: int) -> Player:
        player = self.live[index]
        if player is None:
            player = self.live[index] = Player(self.frozen[index])
            self.reached.append(index)
        return player

    def __len__(self) -> int:
        return len(self.frozen)

    def __iter__(self) -> Iterator[Player]:
        return (self[i] for i in range(len(self.frozen)))

    def freeze(self) -> tuple[PlayerState, ...]:
        """The frozen players; a player never reached is the value it was."""
        if not self.reached:
            return self.frozen
        players = list(self.frozen)
        live = self.live
        for index in self.reached:
            player = live[index]
            assert player is not None
            players[index] = player.freeze()
        return tuple(players)


class Table:
    """A mutable working copy of a state (see the module docstring)."""

    __slots__ = (
        "_row",
        "_slots",
        "active",
        "bag",
        "balconies",
        "bell",
        "card_bricks",
        "catalog",
        "church",
        "config",
        "deck",
        "discard",
        "draws",
        "end_holder",
        "exchanged",
        "level_tiles",
        "log",
        "pending",
        "placed",
        "played",
        "players",
        "seals",
        "start_on_top",
        "step",
        "truncated",
        "turns",
    )

    def __init__(self, state: State, log: list[Event] | None = None) -> None:
        self.catalog: Catalog = default_catalog()
        self.config: FirenzeConfig = state.config
        self.players = Players(state.players)
        self.bag = list(state.bag)
        self._row = state.row
        self._slots: Row | None = None
        # copied on first change: most moves change neither pile nor the seals
        self.deck: list[Title] | tuple[Title, ...] = state.deck
        self.start_on_top = state.start_on_top
        self.discard: list[Title] | tuple[Title, ...] = state.discard
        self.seals: list[int] | tuple[int, ...] = state.seals
        self.balconies = state.balconies
        # copied on first change too (the rules replace them by lists): most moves
        # change none of them
        self.level_tiles: list[int] | tuple[int, ...] = state.level_tiles
        self.church: list[Title] | tuple[Title, ...] = state.church
        self.bell: list[bool] | tuple[bool, ...] = state.bell
        self.end_holder = state.end_holder
        self.active = state.active
        self.step = state.step
        self.pending = state.pending
        self.turns = state.turns
        self.draws = state.draws
        self.played: list[Title] | tuple[Title, ...] = state.played
        self.exchanged = state.exchanged
        self.placed = state.placed
        self.card_bricks = state.card_bricks
        self.truncated = state.truncated
        self.log = log

    def freeze(self) -> State:
        """The frozen state the changes lead to."""
        return State(  # positional, in field order: quicker than keywords
            self.config,
            self.players.freeze(),
            bricks(self.bag),
            self._row if self._slots is None else self._slots.freeze(),
            tuple(self.deck) if isinstance(self.deck, list) else self.deck,
            self.start_on_top,
            tuple(self.discard) if isinstance(self.discard, list) else self.discard,
            tuple(self.seals) if isinstance(self.seals, list) else self.seals,
            self.balconies,
            tuple(self.level_tiles),
            tuple(self.church),
            tuple(self.bell),
            self.end_holder,
            self.active,
            self.step,
            self.pending,
            self.turns,
            self.draws,
            tuple(sorted(self.played)),
            self.exchanged,
            self.placed,
            self.card_bricks,
            self.truncated,
        )

    # -- small helpers -------------------------------------------------------

    @property
    def row(self) -> Row:
        """The card row, each card a mutable record once reached (made on first use)."""
        slots = self._slots
        if slots is None:
            slots = self._slots = Row(self._row)
        return slots

    @property
    def me(self) -> Player:
        """The active player."""
        return self.players[self.active]

    def emit(self, event: Event) -> None:
        """Record ``event`` when events are asked for."""
        if self.log is not None:
            self.log.append(event)

    def go(self, step: Step, pending: Pending | None = None) -> None:
        """Wait for ``step`` next, about ``pending``."""
        self.step = step
        self.pending = pending if pending is not None else _NOTHING

    def kind(self, title: Title) -> CardKind:
        """The kind of card ``title``."""
        return self.catalog.card(title).kind

    def seat_order(self) -> list[int]:
        """Every player in seat order from the active player (ruling ZR43)."""
        n = len(self.players)
        return [(self.active + i) % n for i in range(n)]

    # -- chance (ruling ZR42) ------------------------------------------------

    def rng(self) -> random.Random:
        """A fresh random source for the next random step."""
        source = rng_for(self.config.seed, self.draws)
        self.draws += 1
        return source

    def draw_bricks(self, count: int, source: random.Random) -> list[int]:
        """Draw ``count`` bricks (all if fewer remain) uniformly from the bag (Z34)."""
        drawn = [0] * 6
        bag = self.bag
        total = sum(bag)
        for _ in range(min(count, total)):
            pick = source.randrange(total)
            colour = 0
            while pick >= bag[colour]:
                pick -= bag[colour]
                colour += 1
            bag[colour] -= 1
            drawn[colour] += 1
            total -= 1
        return drawn

    def to_bag(self, player: int, counts: list[int], reason: str) -> None:
        """Move ``counts`` from ``player``'s supply to the bag."""
        supply = self.players[player].supply
        for colour in range(6):
            supply[colour] -= counts[colour]
            self.bag[colour] += counts[colour]
        if any(counts):
            self.emit(BricksReturned(player, bricks(counts), reason))

    # -- cards ------------------------------------------------------------------

    def discard_card(self, title: Title) -> None:
        """Put ``title`` on the discard pile (Z68)."""
        if isinstance(self.discard, tuple):
            self.discard = list(self.discard)
        self.discard.append(title)

    def reshuffle(self, with_deck: bool) -> None:
        """Shuffle the discard pile (with the deck, for Renaissance) into a new deck (Z35, Z92).

        Under explicit chance the deck has no order (each card is dealt by chance), so
        the cards are only gathered.
        """
        cards = list(self.discard) + (list(self.deck) if with_deck else [])
        cards.sort()
        if not self.config.explicit_chance:
            self.rng().shuffle(cards)
        self.deck = cards
        self.discard = []
        self.start_on_top = 0
        self.emit(CardsReshuffled(len(cards)))

    def refill(self, resume: Step) -> None:
        """Fill every empty row space, left to right, while cards remain (Z33, Z34, ZR13),
        then wait for ``resume``; under explicit chance, wait for chance to deal first."""
        size = len(self.catalog.constants.row_costs)
        while len(self.row) < size:
            if not self.deck and self.discard:
                self.reshuffle(with_deck=False)  # ruling ZR13
            if not self.deck:
                break
            if self.config.explicit_chance:
                self.go(Step.CHANCE, Pending(resume=resume))
                return
            if isinstance(self.deck, tuple):
                self.deck = list(self.deck)
            title = self.deck.pop(0)
            if self.start_on_top:
                self.start_on_top -= 1
            drawn = self.draw_bricks(self.catalog.constants.bricks_per_new_card, self.rng())
            self.row.append(Slot(title, drawn))
            self.emit(CardRevealed(len(self.row) - 1, title, bricks(drawn)))
            if not self.deck and self.discard:
                self.reshuffle(with_deck=False)  # ruling ZR13: "Sobald" the deck is used up
        self.go(resume)

    def seal(self, index: int, owner: int) -> None:
        """Cover commission ``index`` with ``owner``'s seal (Z56 c)."""
        if isinstance(self.seals, tuple):
            self.seals = list(self.seals)
        self.seals[index] = owner

    # -- towers -------------------------------------------------------------------

    def demolish(self, player: int, index: int, reason: str) -> None:
        """Tear down ``player``'s tower ``index``: half rounded up to the bag, the rest
        to the supply (Z49)."""
        tower = self.players[player].towers.pop(index)
        colour, height = tower.colour, tower.height
        to_supply = height // 2
        self.bag[colour] += height - to_supply
        self.players[player].supply[colour] += to_supply
        self.emit(
            TowerDemolished(player, Colour(colour), height, height - to_supply, to_supply, reason)
        )

    def remove_tower(self, player: int, index: int, reason: str) -> None:
        """Put every brick of ``player``'s tower ``index`` into the bag (Z56 d, Z81, Z102)."""
        tower = self.players[player].towers.pop(index)
        colour, height = tower.colour, tower.height
        self.bag[colour] += height
        if reason:
            self.emit(TowerDemolished(player, Colour(colour), height, height, 0, reason))

    def take_brick(self, player: int, index: int) -> None:
        """Put one brick of ``player``'s tower ``index`` into the bag; a tower left with
        none leaves the site (Pfusch, Saboteur; ruling ZR16)."""
        tower = self.players[player].towers[index]
        tower.height -= 1
        self.bag[tower.colour] += 1
        if tower.height == 0:
            del self.players[player].towers[index]


_NOTHING = Pending()
