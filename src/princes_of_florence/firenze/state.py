"""The state of a Firenze game: frozen data only.

A multiset of bricks is a tuple of six counts, one per
:class:`~princes_of_florence.firenze.ids.Colour`, cheapest first.  Commissions
are numbered by :meth:`~princes_of_florence.firenze.components.Catalog.commission_index`;
``State.seals`` holds, for each, :data:`OPEN`, :data:`NEUTRAL` or the player
whose seal covers it.
"""

from __future__ import annotations

import attrs

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.ids import Colour, Step, Title
from princes_of_florence.firenze.moves import Move

__all__ = [
    "NEUTRAL",
    "NO_PLAYER",
    "OPEN",
    "Bricks",
    "Pending",
    "PlayerState",
    "RowCard",
    "State",
    "Tower",
]

Bricks = tuple[int, int, int, int, int, int]
"""Six brick counts, white to violet."""

OPEN = -1
"""A commission nobody has fulfilled yet."""
NEUTRAL = -2
"""A commission under a neutral seal, out of play (Z15)."""
NO_PLAYER = -1
"""No player (no end-tile holder yet)."""


@attrs.frozen
class Tower:
    """A tower on a construction site (ruling ZR16).

    Attributes:
        colour: the colour of all its bricks (Z41).
        height: its floors, at least 1.
        at_turn_start: it stood on the site when its owner's turn began.
        raised: it got a brick in phase 3 of its owner's current turn.
    """

    colour: Colour
    height: int
    at_turn_start: bool
    raised: bool


@attrs.frozen
class PlayerState:
    """One player's belongings.

    Attributes:
        supply: the bricks of the supply (Lager).
        towers: the construction site, oldest tower first (ZR16).
        hand: persons and keep cards in hand, sorted.
        buildings: buildings in front of the player, sorted.
        seals: seals not yet on the board (Z17).
        prestige: prestige so far (the sum of ``earned``).
        earned: prestige by source: commissions, balconies, level tiles,
            privileges, end bonus (ruling ZR40).
    """

    supply: Bricks
    towers: tuple[Tower, ...]
    hand: tuple[Title, ...]
    buildings: tuple[Title, ...]
    seals: int
    prestige: int
    earned: tuple[int, int, int, int, int]


@attrs.frozen
class RowCard:
    """A card of the row with the bricks on it."""

    title: Title
    bricks: Bricks


@attrs.frozen
class Pending:
    """What the step being decided is about (empty at the free decisions).

    Attributes:
        title: the card being resolved (event steps, Patrizier).
        slot: the row slot chosen (card cost, exchange).
        colour: the colour wanted in an exchange, or the colour a printed
            Tribut choice is about.
        count: bricks or towers still to pay, discard or choose.
        decider: the player deciding (differs from the active player only
            under the printed discard).
        queue: the players still to resolve after ``decider`` (printed discard).
        chosen: towers chosen to be paid for (printed discard).
        resume: under explicit chance, the step to return to once the row is
            filled or a Großhändler's bricks are drawn.
    """

    title: Title | None = None
    slot: int = 0
    colour: Colour = Colour.W
    count: int = 0
    decider: int = 0
    queue: tuple[int, ...] = ()
    chosen: tuple[int, ...] = ()
    resume: Step | None = None


@attrs.frozen
class State:
    """A whole game at one decision.

    Attributes:
        config: the configuration.
        players: every player's belongings, by seat.
        bag: the bricks in the bag.
        row: the card row, leftmost first (cost = position, Z5, ZR13).
        deck: the draw pile, top first (hidden order).
        start_on_top: how many cards on top of the deck are start cards still
            in their own shuffled block (Z21; 0 after a reshuffle).
        discard: the discard pile, oldest first.
        seals: the seal on each commission: OPEN, NEUTRAL or a player.
        balconies: the 4 balcony tile ids on the board, numerals I to IV.
        level_tiles: the floor counts of the level tiles still on the board.
        church: the church cards on the church spaces, in order placed.
        bell: with Campanile on a church space, whether each player's small
            seal lies on it; empty otherwise (Z101-Z103).
        end_holder: the holder of the end tile, or NO_PLAYER (Z104).
        active: the player whose turn it is.
        step: the decision awaited.
        pending: details of a payment or resolution in progress.
        turns: player turns completed.
        draws: random draws made so far (each seeds from the config's seed).
        played: persons played this turn (Z70: never two of one title).
        exchanged: whether this turn's exchange is done (Z37).
        placed: bricks placed this turn (Z43).
        card_bricks: the bricks taken with this turn's card (ruling ZR11).
        truncated: the game was ended by the turn limit (ruling ZR44).
    """

    config: FirenzeConfig
    players: tuple[PlayerState, ...]
    bag: Bricks
    row: tuple[RowCard, ...]
    deck: tuple[Title, ...]
    start_on_top: int
    discard: tuple[Title, ...]
    seals: tuple[int, ...]
    balconies: tuple[str, ...]
    level_tiles: tuple[int, ...]
    church: tuple[Title, ...]
    bell: tuple[bool, ...]
    end_holder: int
    active: int
    step: Step
    pending: Pending
    turns: int
    draws: int
    played: tuple[Title, ...]
    exchanged: bool
    placed: int
    card_bricks: Bricks
    truncated: bool
    memo_moves: tuple[Move, ...] | None = attrs.field(
        default=None, init=False, eq=False, repr=False
    )
    """The legal moves, once listed (a cache: not part of the value, never serialized)."""

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        return self.step is Step.OVER

    @property
    def is_chance(self) -> bool:
        """Whether chance moves next (explicit chance only)."""
        return self.step is Step.CHANCE

    @property
    def decider(self) -> int:
        """The player to decide (the active player but for printed-discard choices)."""
        if self.step in (Step.EVENT_BRICKS, Step.EVENT_TOWERS_PAID):
            return self.pending.decider
        return self.active
