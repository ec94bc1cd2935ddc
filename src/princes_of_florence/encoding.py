"""Moves as integers: a stable action space for learning and search.

Every move has an *action id*, an integer from 0 to :data:`ACTION_COUNT` - 1,
and one id means the same move in every state: ``bid 700`` has one id, the
placement ``place a3-a4-b3`` has one id whatever tile is pending, and every
prestige sale has its own id.  The space is built from a table of blocks, one
per kind of move, laid end to end in the order of :data:`BLOCKS`; a new kind
of move joins by adding a block at the end, which leaves every earlier id as
it was.

>>> from princes_of_florence import Bid, GameConfig, new_game
>>> encode_move(Bid(700)) == encode_move(Bid(700))
True
>>> action_move(encode_move(Bid(700)))
Bid(amount=700)
>>> state = new_game(GameConfig(players=3, seed=1))
>>> [str(decode_move(state, a)) for a in legal_actions(state)]
['return painter', 'return physicist', 'return organ_builder', 'return architect']

The bounds the space rests on (the largest bid, the largest conversion and
the largest prestige sale) and two more that learners ask for (the most
legal moves at one decision and the longest game in moves) are constants
here, each derived from the catalog by an argument written out in its
function and on the documentation page *Action encoding*.
"""

from __future__ import annotations

import enum
import operator
import random
import sys
from collections.abc import Callable, Sequence
from types import MappingProxyType
from typing import Generic, TypeVar

import attrs

from princes_of_florence import engine
from princes_of_florence.components import Catalog, default_catalog
from princes_of_florence.engine import _sellable, legal_moves
from princes_of_florence.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from princes_of_florence.geometry import PALAZZO_MASK
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    ProfessorDeck,
    Quantity,
    SizeClass,
)
from princes_of_florence.limits import shorten
from princes_of_florence.memo import IdentityMemo
from princes_of_florence.moves import (
    Accept,
    AskPayment,
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    ChooseCard,
    ChooseLandscape,
    Convert,
    Deal,
    Decline,
    DeclineCharacter,
    EndTurn,
    FinishWork,
    GiveUp,
    IntroduceFreedom,
    KeepRecruiting,
    MerchantFree,
    MerchantPay,
    Move,
    Open,
    Pass,
    PlaceTile,
    PlaceToken,
    PlayBonus,
    PrincessWork,
    ProfessorLater,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Recruit,
    Reject,
    ReturnCard,
    ReturnPerson,
    SellPrestige,
    Take,
    UseMerchant,
    UseProfessor,
    Work,
    move_shape_problem,
)
from princes_of_florence.observation import PlayerView, determinize, source_state
from princes_of_florence.rules.cooperative import shared_tile_placements
from princes_of_florence.rules.placement import tile_placements
from princes_of_florence.state import GameState

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "LONGEST_GAME",
    "MAX_BID",
    "MAX_CONVERSION",
    "MAX_LEGAL_MOVES",
    "MAX_PLAYERS",
    "MAX_PRESTIGE_SALE",
    "MAX_WORK_VALUE",
    "PLACEMENT_CELLS",
    "REVERSE_PLACEMENT_CELLS",
    "SHARED_PLACEMENT_CELLS",
    "Block",
    "action_mask",
    "action_mask_into",
    "action_move",
    "decode_move",
    "encode_move",
    "legal_actions",
]

MAX_PLAYERS = 5
"""The most seats a game has; a recruit names one of them."""


# ---------------------------------------------------------------------------
# Bounds
# ---------------------------------------------------------------------------


def _quantity_maxima(cat: Catalog) -> dict[Quantity, int]:
    """The most any one player can count of each quantity at any time.

    Each entry is a cap from the components or the rules, not a guess:
    """
    sizes = {size: sum(1 for t in cat.tiles if t.size is size) for size in SizeClass}
    rules = cat.rules
    persons = len(cat.persons) + rules.recruiting_cards
    # One object per player per auction phase (R13), so at most one landscape
    # tile a round.
    landscapes = rules.rounds
    return {
        # R21: at most one building of each type per principality.
        Quantity.BUILDINGS: len(Building),
        Quantity.LARGE_BUILDINGS: sizes[SizeClass.LARGE],
        Quantity.MEDIUM_BUILDINGS: sizes[SizeClass.MEDIUM],
        Quantity.SMALL_BUILDINGS: sizes[SizeClass.SMALL],
        Quantity.SIZE_CLASSES: len(SizeClass),
        Quantity.LANDSCAPES: landscapes,
        Quantity.FORESTS: landscapes,
        Quantity.LAKES: landscapes,
        Quantity.PARKS: landscapes,
        Quantity.LANDSCAPE_TYPES: len(Landscape),
        Quantity.FREEDOMS: len(Freedom),
        Quantity.JESTERS: rules.jesters,
        Quantity.BUILDERS: rules.max_builders,
        Quantity.PRESTIGE_CARDS: len(cat.prestige_cards),
        Quantity.CATEGORIES: 7,  # the seven categories the quantity names
        Quantity.HAND_PERSONS: persons,
        Quantity.WORKS: persons,
        Quantity.EMPTY_CELLS: rules.usable_cells,
    }


def _max_bonus_values(cat: Catalog) -> tuple[int, int]:
    """The most one bonus card can add to a work, and all bonus cards together."""
    top = _quantity_maxima(cat)
    values = [
        sum(max(term.per, 0) * top[term.quantity] for term in c.terms) for c in cat.bonus_cards
    ]
    return max(values), sum(values)


def _max_work_value(cat: Catalog) -> int:
    """The largest value one work can have (ruling R19).

    The person's building, landscape and freedom, every jester, every person
    and recruiting card in the game, and every bonus card, each at its most;
    with Muse & Princess the Muse's round number (R26).  A Princess work
    (R28) is worth less: 3 per landscape tile, 2 per builder and building,
    1 per person and recruiting card.
    """
    rules = cat.rules
    top = _quantity_maxima(cat)
    base = (
        rules.work_building
        + rules.work_landscape
        + rules.work_freedom
        + rules.work_per_jester * top[Quantity.JESTERS]
        + rules.work_per_person * top[Quantity.HAND_PERSONS]
        + rules.rounds  # the Muse (R26)
    )
    return base + _max_bonus_values(cat)[1]


def _max_works(cat: Catalog) -> int:
    """The most works one player does in a game: 2 a turn (R18), one turn a round.

    With Muse & Princess, 3 a turn with the Cardinal (R26), one of them
    perhaps a Princess work (R28).
    """
    return 3 * cat.rules.rounds


def _max_free_prestige(cat: Catalog) -> int:
    """Prestige a player can gain during play without paying florins for it.

    Buildings (3 each, at most one of each type, R21), the 2nd and 3rd builder
    (R16), every landscape after the first of its type (R16; at most one
    landscape a round, and the first of each type gives nothing), the best
    work of each round (R20), the Merchant once a round at most the rank of
    the last of five (R26).  Prestige cards and the Banker's conversion
    score only after the last move.
    """
    rules = cat.rules
    landscapes = rules.rounds
    return (
        rules.building_prestige * len(Building)
        + sum(rules.builder_prestige)
        + rules.landscape_repeat_prestige * max(landscapes - 1, 0)
        + rules.best_work_prestige * rules.rounds
        + MAX_PLAYERS * rules.rounds
    )


def _max_total_work_values(cat: Catalog) -> int:
    """The sum of the values of all works of one player in a game.

    Each work counts its building, landscape, freedom, jesters and persons
    at their most; a bonus card leaves the hand when its work finishes, so
    every bonus card counts once in the whole game.
    """
    return (
        _max_works(cat) * (_max_work_value(cat) - _max_bonus_values(cat)[1])
        + (_max_bonus_values(cat)[1])
    )


def _max_wealth(cat: Catalog) -> int:
    """The most a player can ever raise: cash plus 100 per prestige point (R4).

    Call ``money + 100 * prestige`` a player's wealth.  It starts at the
    starting money (R10).  A work's payout adds ``value * 100`` (R19), free
    prestige adds 100 a point; converting (200 florins for a point) lowers it,
    selling (a point for 100 florins, R3) leaves it as it is, every payment
    lowers it.  So wealth never exceeds the starting money plus 100 times the
    total of all work values and all free prestige.
    """
    rules = cat.rules
    start = max(rules.starting_money, rules.starting_money_two_players)
    step = rules.florins_per_sold_prestige
    # Muse & Princess: the Banker pays at most 600 + 100 per earlier round, each round
    banker = rules.rounds * (rules.banker_start_money + rules.banker_growth * (rules.rounds - 1))
    return start + banker + step * (_max_total_work_values(cat) + _max_free_prestige(cat))


def _max_prestige(cat: Catalog) -> int:
    """The most prestige a player can hold while the game runs.

    Free prestige (see :func:`_max_free_prestige`) plus what conversions buy:
    at most each payout divided by 200 (R19).
    """
    rules = cat.rules
    bought = _max_total_work_values(cat) * 100 // rules.florins_per_converted_prestige
    return _max_free_prestige(cat) + bought


_CAT = default_catalog()

MAX_WORK_VALUE: int = _max_work_value(_CAT)
"""No work has a larger value (ruling R19); see ``_max_work_value`` in the source."""

MAX_BID: int = _max_wealth(_CAT)
"""No bid exceeds this many florins, since a bid must be one the bidder could raise
in cash and prestige (R4), and wealth is bounded (see the encoding page)."""

MAX_CONVERSION: int = MAX_WORK_VALUE * 100 // _CAT.rules.florins_per_converted_prestige
"""No :class:`~princes_of_florence.moves.Convert` turns more points than this:
one payout of the largest work, 200 florins a point (R19)."""

MAX_PRESTIGE_SALE: int = _max_prestige(_CAT)
"""The largest :class:`~princes_of_florence.moves.SellPrestige`: a player
sells at most the prestige they hold (R3), which never exceeds this."""


# ---------------------------------------------------------------------------
# The blocks
# ---------------------------------------------------------------------------

_M = TypeVar("_M")
"""The type of the values a :class:`Block` numbers (moves, or the parts of one)."""

_Buffer = TypeVar("_Buffer")
"""The type of the buffer :func:`action_mask_into` fills and returns."""


@attrs.frozen
class Block(Generic[_M]):
    """The ids of one kind of move: ``size`` consecutive ids from ``start``.

    Attributes:
        kind: the move class.
        moves: the moves of the block, the move with id ``start + i`` at
            index ``i``.
        start: the first id of the block.
    """

    kind: type[_M]
    moves: tuple[_M, ...]
    start: int

    @property
    def size(self) -> int:
        """How many ids the block holds."""
        return len(self.moves)


def _placement_cells() -> tuple[str, ...]:
    """Every cell set any tile of the catalog can cover, ascending by notation."""
    cells: set[str] = set()
    for tile in (*Building, *Landscape):
        cells.update(p.notation for p in tile_placements(tile))
    return tuple(sorted(cells))


PLACEMENT_CELLS: tuple[str, ...] = _placement_cells()
"""The cell sets of the placement block, in id order (ascending by notation)."""


def _reverse_placement_cells() -> tuple[str, ...]:
    """The cell sets a tile can cover on the reverse side of the board only (R29)."""
    palazzo = _CAT.shared_map.palazzo_mask
    cells: set[str] = set()
    for tile in (*Building, *Landscape):
        cells.update(p.notation for p in tile_placements(tile, palazzo))
    return tuple(sorted(cells - set(PLACEMENT_CELLS)))


REVERSE_PLACEMENT_CELLS: tuple[str, ...] = _reverse_placement_cells()
"""The cell sets of the second placement block, those only the reverse side's
placements cover (Cooperative Building, R29), ascending by notation."""


def _shared_placement_cells() -> tuple[str, ...]:
    """Every placement across a border of any layout of the shared map, as notation (R31)."""
    cells: set[str] = set()
    for layout in _CAT.shared_map.layouts:
        for seat in range(layout.players):
            for other in layout.neighbours(seat):
                for building in Building:
                    placements = shared_tile_placements(layout.players, seat, other, building)
                    cells.update(p.notation for p in placements)
    return tuple(sorted(cells))


SHARED_PLACEMENT_CELLS: tuple[str, ...] = _shared_placement_cells()
"""The cells of the ``across`` block: every placement of a building across a
border of the shared map, seen from either side, ascending by notation."""

_CARDS: tuple[PersonId | BonusCardId | PrestigeCardId, ...] = (
    *PersonId,
    *BonusCardId,
    *PrestigeCardId,
)

_STEP = _CAT.rules.raise_step

_KIND_MOVES: tuple[tuple[type[Move], Callable[[], Sequence[Move]]], ...] = (
    (ReturnPerson, lambda: [ReturnPerson(p) for p in PersonId]),
    (Open, lambda: [Open(s) for s in AuctionObject]),
    (Decline, lambda: [Decline()]),
    (Bid, lambda: [Bid(a) for a in range(_STEP, MAX_BID + 1, _STEP)]),
    (Pass, lambda: [Pass()]),
    (Take, lambda: [Take(s) for s in AuctionObject]),
    (PlaceTile, lambda: [PlaceTile(c) for c in PLACEMENT_CELLS]),
    (ChooseCard, lambda: [ChooseCard(c) for c in _CARDS]),
    (
        Recruit,
        lambda: [Recruit(seat, p) for seat in range(MAX_PLAYERS) for p in PersonId],
    ),
    (KeepRecruiting, lambda: [KeepRecruiting()]),
    (Build, lambda: [Build(b) for b in Building]),
    (Work, lambda: [Work(p) for p in PersonId]),
    (PlayBonus, lambda: [PlayBonus(c) for c in BonusCardId]),
    (FinishWork, lambda: [FinishWork()]),
    (Convert, lambda: [Convert(p) for p in range(MAX_CONVERSION + 1)]),
    (BuyPerson, lambda: [BuyPerson()]),
    (BuyBonus, lambda: [BuyBonus()]),
    (IntroduceFreedom, lambda: [IntroduceFreedom(f) for f in Freedom]),
    (EndTurn, lambda: [EndTurn()]),
    (SellPrestige, lambda: [SellPrestige(p) for p in range(1, MAX_PRESTIGE_SALE + 1)]),
    (ReturnCard, lambda: [ReturnCard(c) for c in _CARDS]),
    (ChooseLandscape, lambda: [ChooseLandscape(landscape) for landscape in Landscape]),
    (
        PlaceToken,
        lambda: [PlaceToken(c, bid) for c in Character for bid in _CAT.character(c.value).bids],
    ),
    (DeclineCharacter, lambda: [DeclineCharacter()]),
    (PrincessWork, lambda: [PrincessWork()]),
    (UseMerchant, lambda: [UseMerchant()]),
    (UseProfessor, lambda: [UseProfessor(deck) for deck in ProfessorDeck]),
    (Propose, lambda: [Propose(seat) for seat in range(MAX_PLAYERS)]),
    (ProposeBuilding, lambda: [ProposeBuilding(b) for b in Building]),
    (ProposePlacement, lambda: [ProposePlacement(c) for c in SHARED_PLACEMENT_CELLS]),
    (AskPayment, lambda: [AskPayment(a) for a in range(0, MAX_BID + 1, _STEP)]),
    (Accept, lambda: [Accept()]),
    (Reject, lambda: [Reject()]),
    (GiveUp, lambda: [GiveUp()]),
    (PlaceTile, lambda: [PlaceTile(c) for c in REVERSE_PLACEMENT_CELLS]),
    (Deal, lambda: [*(Deal(c) for c in _CARDS), *(Deal(f) for f in Freedom)]),
    (MerchantFree, lambda: [MerchantFree()]),
    (MerchantPay, lambda: [MerchantPay()]),
    (ProfessorLater, lambda: [ProfessorLater()]),
)
"""One row per kind of move, in id order: the kind and every move of it.

A new kind of move joins by adding a row at the end; so do the placements
only the reverse side of the board has (R29), in a second ``place`` block."""


def _blocks() -> tuple[Block[Move], ...]:
    blocks: list[Block[Move]] = []
    start = 0
    for kind, make in _KIND_MOVES:
        moves = tuple(make())
        blocks.append(Block(kind, moves, start))
        start += len(moves)
    return tuple(blocks)


BLOCKS: tuple[Block[Move], ...] = _blocks()
"""The blocks of the action space, in id order."""

ACTION_COUNT: int = BLOCKS[-1].start + BLOCKS[-1].size
"""How many action ids there are; every id is in ``range(ACTION_COUNT)``."""

_MOVES: tuple[Move, ...] = tuple(m for block in BLOCKS for m in block.moves)
_FIELDS: MappingProxyType[type, tuple[str, ...]] = MappingProxyType(
    {block.kind: tuple(f.name for f in attrs.fields(block.kind)) for block in BLOCKS}
)
"""The field names of each kind of move, to compare a move's field types with its id's."""
_IDS: MappingProxyType[Move, int] = MappingProxyType({m: i for i, m in enumerate(_MOVES)})

assert len(_IDS) == ACTION_COUNT, "two action ids for one move"


# ---------------------------------------------------------------------------
# Published bounds on play
# ---------------------------------------------------------------------------


def _max_legal_moves(cat: Catalog) -> int:
    """The most legal moves at one decision, prestige sales included.

    The largest of: a tile's placements on an empty grid; phase B's choice
    (a work for each person in hand, a building of each type, a person, a
    freedom of each kind, a bonus card, a recruit of each face-up person of
    another player, the end of the turn); the bonus cards to play and
    ``finish``; the conversions of one payout; a recruit of each face-up
    person and ``keep``; the cards shown; an auction's openings and
    ``decline``; ``bid`` and ``pass``; the tokens of phase A2 and ``no
    character``; with Cooperative Building the placements of a building
    across a border and the payments that may be asked (0 up to what the
    partner can raise, at most :data:`MAX_BID`).  Then every prestige sale
    on top.
    """
    persons = len(cat.persons) + cat.rules.recruiting_cards
    palazzos = (PALAZZO_MASK, cat.shared_map.palazzo_mask)
    shared = max(
        len(shared_tile_placements(layout.players, seat, other, building))
        for layout in cat.shared_map.layouts
        for seat in range(layout.players)
        for other in layout.neighbours(seat)
        for building in Building
    )
    choices = (
        max(len(tile_placements(t, p)) for t in (*Building, *Landscape) for p in palazzos),
        shared,
        MAX_BID // cat.rules.raise_step + 1,
        persons + len(Building) + 1 + len(Freedom) + 1 + len(cat.persons) + 1,
        len(cat.bonus_cards) + 1,
        MAX_CONVERSION + 1,
        len(cat.persons) + 1,
        cat.rules.draw_size,
        len(AuctionObject) + 1,
        2,
        sum(len(c.bids) for c in cat.characters) + 1,
    )
    return max(choices) + MAX_PRESTIGE_SALE


def _longest_game(cat: Catalog) -> int:
    """The most moves a game can last, for the largest table.

    The draft: one return per player.  Each round's auction: each auction
    gives one object to one player, so at most ``players`` auctions; each has
    an opening, at most one bid per 100 florins up to :data:`MAX_BID`, a pass
    per other player, the declines of the others, a placement, card choice or
    recruiting decision, and after a card choice the cards put under the deck
    one at a time where the player orders them (R6: all shown but the kept
    one and the last).  Each turn in phase B: two actions, each at most a
    work with every bonus card, ``finish`` and a conversion; then ``end``.
    The five recruiting cards are used at most once each.  Prestige sales:
    each sells at least one point, so no more than all the prestige a player
    can hold, per player.  With explicit chance, every card is dealt once,
    the person cards a second time after the draft, and the 2-player freedom
    tiles.
    """
    players = MAX_PLAYERS
    rules = cat.rules
    bids = MAX_BID // rules.raise_step
    auction = 1 + bids + (players - 1) + players + 1 + (rules.draw_size - 2)
    per_round_a = players * auction
    work = 1 + len(cat.bonus_cards) + 1 + 1
    per_round_b = players * (2 * work + 1)
    # Muse & Princess: phase A2 (every token raises a card's bid, and a pass
    # or a card per player), the Cardinal's third action, and the uses of the
    # Merchant (one move: ``merchant``, or its choice on winning) and the
    # Professor (a draw, a choice, three put under; before them, offered at
    # once when taken, ``professor later``)
    tokens = sum(len(c.bids) for c in cat.characters) + players
    per_round_b += players * work + 1 + 1 + 1 + (rules.draw_size - 2)
    per_round_a += tokens + 1
    # Cooperative Building: each of the (at most 3) build actions of a turn
    # may hold 3 proposals of 5 moves (partner, building, cells, payment,
    # answer) and then a ``give up`` (a ``build`` alone is counted above)
    per_round_b += players * 3 * (3 * 5 + 1)
    recruits = rules.recruiting_cards
    sales = players * MAX_PRESTIGE_SALE
    # Explicit chance: every card dealt, the person deck dealt again after
    # the draft, and the extra freedom tiles of 2 players
    deals = len(cat.persons) + len(cat.bonus_cards) + len(cat.prestige_cards)
    deals += len(cat.persons) + len(Freedom)
    return players + rules.rounds * (per_round_a + per_round_b) + recruits + sales + deals


MAX_LEGAL_MOVES: int = _max_legal_moves(_CAT)
"""No decision offers more legal moves (sales included) than this."""

LONGEST_GAME: int = _longest_game(_CAT)
"""No game lasts more moves than this (sales included)."""


# ---------------------------------------------------------------------------
# Encoding and decoding
# ---------------------------------------------------------------------------


def encode_move(move: Move) -> int:
    """The action id of ``move``, the same in every state.

    Raises:
        InvalidMoveError: ``move`` is not a well-formed move (a field of the
            wrong type, such as ``Bid(300.0)``: see
            :func:`~princes_of_florence.moves.move_shape_problem`), or not a
            move of the action space (a bid that is not a multiple of 100,
            cells no tile can cover, a sale larger than :data:`MAX_PRESTIGE_SALE`...).

    >>> from princes_of_florence import Decline, SellPrestige
    >>> encode_move(SellPrestige(2)) == encode_move(SellPrestige(1)) + 1
    True
    >>> encode_move(SellPrestige(0))
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.InvalidMoveError: move SellPrestige(points=0) has no action id
    """
    try:
        action = _IDS[move]
    except (KeyError, TypeError):  # TypeError: a field that cannot be hashed
        raise InvalidMoveError(f"move {shorten(move, 80)} has no action id") from None
    known = _MOVES[action]
    # Bid(300.0) == Bid(300), and hashes alike: the fields' types must be the move's too.
    if move is not known and any(
        type(getattr(move, name)) is not type(getattr(known, name)) for name in _FIELDS[type(known)]
    ):
        raise InvalidMoveError(f"a malformed move: {move_shape_problem(move)}")
    return action


def action_move(action: int) -> Move:
    """The move an action id stands for, in any state.

    Raises:
        InvalidMoveError: ``action`` is not an id from 0 to ``ACTION_COUNT - 1``.
    """
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < ACTION_COUNT:
        raise InvalidMoveError(
            f"action {shorten(action)} is not an action id (0 to {ACTION_COUNT - 1})"
        )
    return _MOVES[action]


def _state_of(view: PlayerView) -> GameState:
    """The state ``view`` was observed from, or one that shows the same view."""
    source = source_state(view)
    return source if source is not None else _determinized(view)


_last_view: list[tuple[PlayerView, GameState]] = []


def _determinized(view: PlayerView) -> GameState:
    """A state showing ``view``; the last one is kept for the next call.

    A view decides everything its viewer may do, so any state that shows the
    same view offers the viewer the same moves.
    """
    if _last_view and _last_view[0][0] == view:
        return _last_view[0][1]
    state = determinize(view, random.Random(0))
    _last_view[:] = [(view, state)]
    return state


def _field_keys(kind: type[Move], moves: Sequence[Move]) -> Callable[[Move], object]:
    """How :data:`_FAST_IDS` keys a move of ``kind``: its fields, enum members by identity.

    Enum members hash in Python code, their identity in C; each member is
    one object for the life of the process, so its identity names it.
    """
    names = [field.name for field in attrs.fields(kind)]
    by_identity = [
        all(isinstance(getattr(move, name), enum.Enum) for move in moves) for name in names
    ]
    getters = [operator.attrgetter(name) for name in names]
    if not names:
        return lambda move: None
    if len(names) == 1:
        get = getters[0]
        return (lambda move: id(get(move))) if by_identity[0] else get
    if not any(by_identity):
        return operator.attrgetter(*names)  # the fields as a tuple, read in C
    if len(names) == 2:  # (tile, cells), (object, index)...: a key without a generator
        first, second = getters
        if by_identity[0] and by_identity[1]:
            return lambda move: (id(first(move)), id(second(move)))
        if by_identity[0]:
            return lambda move: (id(first(move)), second(move))
        return lambda move: (first(move), id(second(move)))
    return lambda move: tuple(
        id(get(move)) if identity else get(move)
        for get, identity in zip(getters, by_identity, strict=True)
    )


def _fast_ids() -> dict[type, tuple[Callable[[Move], object], dict[object, int]]]:
    table: dict[type, tuple[Callable[[Move], object], dict[object, int]]] = {}
    for block in BLOCKS:
        key, ids = table.get(block.kind) or (_field_keys(block.kind, block.moves), {})
        for offset, move in enumerate(block.moves):
            ids[key(move)] = block.start + offset
        table[block.kind] = (key, ids)
    return table


_FAST_IDS = _fast_ids()
"""Per move class: the key of a move and the action ids by key, for the moves the
engine offers (:func:`encode_move` stays the reference, and the fallback)."""

_SALES = next(block for block in BLOCKS if block.kind is SellPrestige)
_SALE_START = _SALES.start
"""The id of ``sell 1``; ``sell p`` is ``_SALE_START + p - 1``."""
_ONES = b"\x01" * _SALES.size
_ZEROS = bytes(ACTION_COUNT)


_MET: dict[int, tuple[Move, int]] = {}
"""The action id of each move lately offered, by the move's identity: the move is kept
with its id, so that no other object can take its identity while the entry lasts."""
_MET_SIZE = 8192
"""Entries :data:`_MET` holds before it is emptied: more than the placements of every
tile (the moves met most)."""
_MADE_ANEW: set[type] = set()
"""The move classes whose moves the engine makes anew for each state (bids, card
choices...): kept out of :data:`_MET`, where they would only wait, never met again,
for the next emptying, long enough for the garbage collector to count them among its
old objects and walk through them all more often."""
_ANEW_EVIDENCE = 64
"""Moves of a class :func:`_empty_met` must find to judge the class."""


def _empty_met() -> None:
    """Empty :data:`_MET`, first adding to :data:`_MADE_ANEW` each class of which it held
    many moves, hardly any held by anything else (CPython's reference counts tell;
    elsewhere no class is added).  A few may be: the moves of the live states' answers."""
    count = getattr(sys, "getrefcount", None)
    if count is not None:
        found: dict[type, list[int]] = {}
        for move, _ in _MET.values():
            tally = found.get(move.__class__)
            if tally is None:
                tally = found[move.__class__] = [0, 0]
            tally[0] += 1
            if count(move) > 3:  # more than the entry, this loop's name and the argument
                tally[1] += 1
        _MADE_ANEW.update(
            kind
            for kind, (moves, held) in found.items()
            if moves >= _ANEW_EVIDENCE and 8 * held < moves
        )
    _MET.clear()


class _Actions:
    """The legal actions of one state, each part worked out when first asked for."""

    __slots__ = ("_mask", "ids", "moves", "sales")

    def __init__(self, state: GameState) -> None:
        # No reference to the state: the memo keeps this only while the state lives.
        self.moves = moves = legal_moves(state)
        ids: list[int] = []
        fast = _FAST_IDS
        met = _MET
        for move in moves:
            # The id of a move met before (the engine offers many of its moves, such as
            # its placements, as the same objects again and again); else the table's id,
            # else encode_move's.
            entry = met.get(id(move))
            if entry is not None and entry[0] is move:
                ids.append(entry[1])
                continue
            kind = move.__class__
            known = fast.get(kind)
            action = None if known is None else known[1].get(known[0](move))
            if action is None:
                action = encode_move(move)
            ids.append(action)
            if kind not in _MADE_ANEW:
                if len(met) >= _MET_SIZE:
                    _empty_met()
                met[id(move)] = (move, action)
        self.ids = ids
        self.sales = _sellable(state)  # free_moves(state): sell 1 to sell ``sales`` (R3)
        self._mask: bytes | None = None

    def mark(self, raw: bytearray) -> None:
        """Set the byte of each legal action in ``raw``, a mask of zeros."""
        for action in self.ids:
            raw[action] = 1
        if self.sales:
            raw[_SALE_START : _SALE_START + self.sales] = _ONES[: self.sales]

    def mask(self) -> bytes:
        if self._mask is None:
            mask = bytearray(_ZEROS)
            self.mark(mask)
            self._mask = bytes(mask)
        return self._mask

    def move(self, action: int) -> Move | None:
        """The legal move with id ``action``, or ``None``."""
        if 0 < action - _SALE_START + 1 <= self.sales:
            return _MOVES[action]
        try:  # a scan in C: quicker than a dictionary made for the look-up or two of a state
            return self.moves[self.ids.index(action)]
        except ValueError:
            return None

    def sorted_ids(self) -> tuple[int, ...]:
        sales = range(_SALE_START, _SALE_START + self.sales)
        return tuple(sorted((*self.ids, *sales)))


_recent_actions: IdentityMemo[GameState, _Actions] = IdentityMemo(limit=4096)
"""The legal actions of each live state asked about: a learner asks for a state's mask
and then decodes its action in it, with other games' states between when it steps
many games at once."""


def _actions(state_or_view: GameState | PlayerView, function: str) -> _Actions | None:
    """The legal actions of the player to decide (of the viewer, for a view); ``None``
    for a view whose player is not to decide.  Kept for the next calls while the state lives.

    Raises:
        ArgumentError: ``state_or_view`` is neither a state nor a view
            (``function`` is named in the message).
    """
    if isinstance(state_or_view, GameState):
        state = state_or_view
    elif isinstance(state_or_view, PlayerView):
        if state_or_view.current_player != state_or_view.player:
            return None
        state = _state_of(state_or_view)
    else:
        raise ArgumentError.wrong_kind(function, "a GameState or a PlayerView", state_or_view)
    actions = _recent_actions.get(state)
    if actions is None:
        actions = _Actions(state)
        _recent_actions.put(state, actions)
    return actions


def legal_actions(state_or_view: GameState | PlayerView) -> tuple[int, ...]:
    """The action ids of every legal move, prestige sales included, ascending.

    For a view, the viewer's legal actions, or ``()`` when another player is
    to decide (the same as for the true state when the viewer decides).

    Raises:
        ArgumentError: ``state_or_view`` is neither a state nor a view.
        PrincesOfFlorenceError: the view is inconsistent (see
            :func:`~princes_of_florence.determinize`).
    """
    actions = _actions(state_or_view, "legal_actions")
    return () if actions is None else actions.sorted_ids()


def action_mask(state_or_view: GameState | PlayerView) -> bytes:
    """One byte per action id: 1 for a legal action, 0 otherwise.

    ``numpy.frombuffer(mask, dtype=numpy.uint8)`` reads it without a copy;
    :func:`action_mask_into` writes it into a buffer of the caller's.

    Raises:
        ArgumentError: ``state_or_view`` is neither a state nor a view.
        PrincesOfFlorenceError: the view is inconsistent (see
            :func:`~princes_of_florence.determinize`).

    >>> from princes_of_florence import GameConfig, new_game
    >>> mask = action_mask(new_game(GameConfig(players=3)))
    >>> len(mask) == ACTION_COUNT, sum(mask)
    (True, 4)
    """
    actions = _actions(state_or_view, "action_mask")
    return _ZEROS if actions is None else actions.mask()


def action_mask_into(state_or_view: GameState | PlayerView, out: _Buffer) -> _Buffer:
    """:func:`action_mask` written into ``out``, which is returned.

    ``out`` is a writable buffer of :data:`ACTION_COUNT` one-byte items (a
    ``bytearray``, an ``array.array`` of ``"b"`` or ``"B"``, a numpy array of
    ``uint8``, ``int8`` or ``bool``) or a numpy array of another number type
    and that length; learners keep one and refill it every step.  A
    ``bytearray`` is the quickest: it is written in place (zeros, then the
    legal actions), where another buffer is given a copy of the state's mask
    (a numpy array can read a ``bytearray`` without a copy:
    ``numpy.frombuffer(buffer, numpy.int8)``).

    Raises:
        ArgumentError: ``state_or_view`` is neither a state nor a view, or
            ``out`` is none of these or of another length; ``out`` is then
            left as it was.

    >>> from princes_of_florence import GameConfig, new_game
    >>> buffer = bytearray(ACTION_COUNT)
    >>> action_mask_into(new_game(GameConfig(players=3)), buffer) is buffer, sum(buffer)
    (True, 4)
    """
    actions = _actions(state_or_view, "action_mask_into")
    if out.__class__ is bytearray and len(out) == ACTION_COUNT:  # type: ignore[arg-type]
        # written in place: quicker than making the state's mask to copy it
        raw: bytearray = out  # type: ignore[assignment]
        raw[:] = _ZEROS
        if actions is not None:
            actions.mark(raw)
        return out
    _write_bytes(_ZEROS if actions is None else actions.mask(), out, "action_mask_into")
    return out


def _write_bytes(data: bytes, out: _Buffer, caller: str) -> None:
    """Copy ``data`` into ``out``: a buffer of one-byte items, or a numpy array.

    Raises:
        ArgumentError: ``out`` is not writable, not contiguous or not of
            ``len(data)`` items.
    """
    try:
        target = memoryview(out)  # type: ignore[arg-type]  # checked here, at run time
    except TypeError:
        raise ArgumentError.wrong_kind(caller, "a writable buffer", out) from None
    with target:
        if target.readonly or not target.c_contiguous or target.ndim != 1:
            raise ArgumentError(f"{caller} needs a writable one-dimensional contiguous buffer")
        if len(target) != len(data):
            raise ArgumentError(f"{caller} needs a buffer of {len(data)} items, not {len(target)}")
        item = target.format
        if target.itemsize == 1 and item in _BYTE_FORMATS:
            with target.cast("B") as raw:
                raw[:] = data
            return
    if not hasattr(out, "dtype"):
        raise ArgumentError(
            f"{caller} needs one-byte items or a numpy array, not items of format {item!r}"
        )
    import numpy

    out[:] = numpy.frombuffer(data, dtype=numpy.uint8)  # type: ignore[index]  # a numpy array


_BYTE_FORMATS = frozenset({"B", "b", "?", "c"})


def decode_move(state_or_view: GameState | PlayerView, action: int) -> Move:
    """The legal move ``action`` stands for in this state.

    The move returned is the object the engine offered, so applying it skips
    the legality check (see :func:`~princes_of_florence.apply`).

    Raises:
        ArgumentError: ``state_or_view`` is neither a state nor a view.
        InvalidMoveError: ``action`` is not an action id.
        IllegalMoveError: the move is not legal now.
    """
    move = action_move(action)
    actions = _actions(state_or_view, "decode_move")
    legal = None if actions is None else actions.move(action)
    if legal is None:
        raise IllegalMoveError(f"action {action} ({move}) is not legal now")
    if actions is not None and isinstance(state_or_view, GameState):
        # The engine recognises the objects of its last legal_moves answer (see apply);
        # these are its answer for this state, kept since the mask was made, perhaps
        # with other states asked about in between (many games stepped at once).
        engine.remember_offered(state_or_view, actions.moves)
    return legal
