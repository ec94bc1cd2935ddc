"""Observation vectors, information states and returns for learning and search.

Three things learning and search libraries ask of a game, built on the
player's view (:func:`~princes_of_florence.observe`) and the
redacted events (:func:`~princes_of_florence.events_for`):

* :func:`~princes_of_florence.observation_vector`: a view as a flat tuple of small floats, of the
  same length :data:`~princes_of_florence.OBSERVATION_LENGTH` in every configuration, laid out as
  :data:`~princes_of_florence.OBSERVATION_LAYOUT` says;
* :class:`~princes_of_florence.InformationState`: what one player knows of a game's history, their
  first view and every event as they saw it, as a string and as a tuple of
  integers;
* :func:`~princes_of_florence.returns` and
  :func:`~princes_of_florence.rank_returns`: one number per player at the end.

>>> from princes_of_florence import GameConfig, new_game, observe
>>> state = new_game(GameConfig(players=3, seed=1))
>>> len(observation_vector(observe(state, 0))) == OBSERVATION_LENGTH
True
"""

from __future__ import annotations

import array
import enum
import operator
import struct
from collections.abc import Callable, Iterable, Iterator, MutableSequence, Sequence
from typing import Any, TypeVar, get_args

import attrs

from princes_of_florence.config import GameConfig
from princes_of_florence.engine import apply_with_events, is_terminal, new_game, outcome
from princes_of_florence.errors import ArgumentError, PrincesOfFlorenceError
from princes_of_florence.events import Event, MoneyReason, PrestigeReason
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Deck,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
)
from princes_of_florence.limits import shorten
from princes_of_florence.memo import IdentityMemo, TextMemo
from princes_of_florence.observation import (
    HiddenCardChoice,
    PlayerView,
    PublicPlayer,
    SetupView,
    ViewPending,
    check_player,
    events_for,
    hidden_choice,
    observe,
    setup_view,
    source_state,
)
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.serialization import GameRecord, dumps
from princes_of_florence.state import (
    AuctionState,
    CardChoice,
    CharacterState,
    Conversion,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    Placing,
    PlayerState,
    Principality,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    TurnState,
    Working,
)

__all__ = [
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LENGTH",
    "InformationState",
    "information_state",
    "information_state_string",
    "observation_vector",
    "observation_vector_into",
    "rank_returns",
    "seat_vector_into",
    "returns",
]

_Buffer = TypeVar("_Buffer")
"""The type of the buffer :func:`~princes_of_florence.observation_vector_into` fills and returns."""

_SEATS = 5
"""Seats in every vector: the most players a game has."""
_CELLS = 49
_MONEY = 1000.0
"""Florins are divided by this: 3500 florins are 3.5."""
_PRESTIGE = 100.0
_COUNT = 10.0
_MEMO_SIZE = 4096
"""Entries each table of parts of the fast path holds before it is emptied."""
"""Counts that can pass 10 (deck sizes, supplies, work values) are divided by this."""

_PERSONS = tuple(PersonId)
_BONUS = tuple(BonusCardId)
_PRESTIGE_CARDS = tuple(PrestigeCardId)
_BUILDINGS = tuple(Building)
_LANDSCAPES = tuple(Landscape)
_TILES: tuple[Building | Landscape, ...] = (*_BUILDINGS, *_LANDSCAPES)
_PENDING_KINDS: tuple[type, ...] = (
    Placing,
    CardChoice,
    HiddenCardChoice,
    RecruitOffer,
    Working,
    Conversion,
    LandscapeChoice,
    Proposal,
    OpenBuild,
    MerchantOffer,
    ProfessorOffer,
)
_CARDS = len(_PERSONS) + len(_BONUS) + len(_PRESTIGE_CARDS)

_PLAYER_SIZE = (
    1  # present
    + 3  # money, money known, prestige
    + 2  # jesters, builders
    + len(Freedom)
    + len(_PERSONS)  # persons face up
    + 5  # recruiting face up, persons, recruiting, bonus and prestige cards in hand
    + 1  # best work of the round
    + len(_BUILDINGS)
    + len(_LANDSCAPES)
    + 1  # shared buildings
    + 2 * _CELLS  # covered cells, building cells
    + len(_PRESTIGE_CARDS)  # prestige cards shown at the end
)

OBSERVATION_LAYOUT: tuple[tuple[str, int], ...] = (
    ("config", 4 + 5),
    ("game", 1 + len(Phase) + 1 + _SEATS + _SEATS),
    ("players", _SEATS * _PLAYER_SIZE),
    ("hand", _CARDS),
    ("table", 3 + len(_BUILDINGS) + len(_LANDSCAPES) + len(Freedom) + 3 + len(_BONUS)),
    ("setup", 2 + len(_PERSONS)),
    ("auction", 1 + _SEATS + len(AuctionObject) + _SEATS + len(AuctionObject) + 1 + 2 * _SEATS),
    ("turn", 8),
    (
        "pending",
        len(_PENDING_KINDS)
        + len(_TILES)  # the tile to place
        + len(Deck) + 2 + _CARDS  # cards shown
        + len(_PERSONS) + len(_BONUS)  # a work
        + 1  # a payout
        + 2 * _SEATS + 2 + len(_BUILDINGS) + 3  # a proposal
        + 1  # an open build
        + len(AuctionObject) + 1,  # the Merchant's choice: the stack and the price
    ),
    (
        "characters",
        1 + 2 * len(Character) * _SEATS + len(Character) + _SEATS + 3 + _SEATS + len(Character),
    ),
)  # fmt: skip
"""The sections of :func:`~princes_of_florence.observation_vector`, in order: ``(name, length)``.

See the *Learning and search* page of the documentation for what each
section holds.
"""

OBSERVATION_LENGTH: int = sum(size for _, size in OBSERVATION_LAYOUT)
"""The length of every observation vector, whatever the configuration."""


def _one_hot(size: int, index: int | None) -> list[float]:
    out = [0.0] * size
    if index is not None:
        out[index] = 1.0
    return out


_FREEDOMS = tuple(Freedom)
_OBJECTS = tuple(AuctionObject)
_DECKS = tuple(Deck)
_PHASES = tuple(Phase)


def _positions(members: Sequence[enum.Enum]) -> dict[int, int]:
    """Each member's place in ``members``, by identity: an enum member is one object
    for the life of the process, and its identity hashes in C, unlike the member."""
    return {id(member): index for index, member in enumerate(members)}


_POSITIONS: dict[int, dict[int, int]] = {
    id(members): _positions(members)
    for members in (_PERSONS, _BONUS, _PRESTIGE_CARDS, _BUILDINGS, _TILES, _FREEDOMS, _OBJECTS)
}
_PHASE_INDEX = _positions(_PHASES)
_DECK_INDEX = _positions(_DECKS)


def _bits(members: Sequence[enum.Enum], present: Iterable[enum.Enum]) -> list[float]:
    """How often each of ``members`` (one of the tuples above) is in ``present``."""
    out = [0.0] * len(members)
    where = _POSITIONS[id(members)]
    for member in present:
        out[where[id(member)]] += 1.0
    return out


_bits_kept: dict[int, dict[int, tuple[tuple[enum.Enum, ...], list[float]]]] = {}
"""The bits of recent tuples, by the identity of the members' tuple and of the tuple:
a player's freedoms and persons stay the same tuples from state to state."""


def _kept_bits(members: Sequence[enum.Enum], present: tuple[enum.Enum, ...]) -> list[float]:
    """:func:`_bits` of ``present``, kept while it is among the recent tuples; the
    caller must not change the list."""
    kept = _bits_kept.get(id(members))
    if kept is None:
        kept = _bits_kept[id(members)] = {}
    known = kept.get(id(present))
    if known is not None and known[0] is present:
        return known[1]
    if len(kept) >= _MEMO_SIZE:
        kept.clear()
    bits = _bits(members, present)
    kept[id(present)] = (present, bits)
    return bits


_BYTE_BITS: tuple[tuple[float, ...], ...] = tuple(
    tuple(float((byte >> bit) & 1) for bit in range(8)) for byte in range(256)
)
"""The eight bits of each byte, lowest first, as floats."""


def _mask_bits(mask: int) -> list[float]:
    """Cell ``i`` of ``mask`` (bit ``i``) as the ``i``-th float, for the 49 cells."""
    out: list[float] = []
    for byte in mask.to_bytes(7, "little"):
        out += _BYTE_BITS[byte]
    return out[:_CELLS]


class _Seats:
    """Seat numbers seen from the viewer: the viewer is 0, the next player 1..."""

    def __init__(self, viewer: int, count: int) -> None:
        self.viewer = viewer
        self.count = count

    def rel(self, seat: int | None) -> int | None:
        return None if seat is None else (seat - self.viewer) % self.count

    def rel_of(self, seat: int) -> int:
        """The relative seat of a seat that is there (:meth:`rel` without ``None``)."""
        return (seat - self.viewer) % self.count

    def one_hot(self, seat: int | None) -> list[float]:
        return _one_hot(_SEATS, self.rel(seat))

    def flags(self, per_seat: Sequence[bool]) -> list[float]:
        out = [0.0] * _SEATS
        for seat, flag in enumerate(per_seat):
            out[(seat - self.viewer) % self.count] = float(flag)
        return out

    def order(self) -> Iterator[int]:
        """The real seats in vector order: the viewer first, then clockwise."""
        return ((self.viewer + offset) % self.count for offset in range(self.count))


def _config_section(config: GameConfig) -> list[float]:
    return [
        *_one_hot(4, config.players - 2),
        float(config.hidden_money),
        float(config.choose_returned_order),
        float(config.hard_freedoms),
        float(config.muse_and_princess),
        float(config.cooperative_building),
    ]


def _game_section(
    round_number: int, phase: Phase, current: int | None, start: int, seats: _Seats
) -> list[float]:
    return [
        round_number / 7.0,
        *_one_hot(len(Phase), _PHASE_INDEX[id(phase)]),
        float(current == seats.viewer),
        *seats.one_hot(current),
        *seats.one_hot(start),
    ]


def _player_block(view: PlayerView, seat: int) -> list[float]:
    player = view.players[seat]
    final = view.final_prestige_cards
    best = view.round_best[seat] if seat < len(view.round_best) else 0
    return [
        *_player_head(player, best),
        *_board_part(player.principality),
        *_bits(_PRESTIGE_CARDS, final[seat] if final is not None else ()),
    ]


def _player_head(player: PublicPlayer, best: int) -> list[float]:
    """The first floats of a player block: everything but the principality and the end."""
    return _head_floats(
        player.money,
        player.prestige,
        player.jesters,
        player.builders,
        player.freedoms,
        player.table_persons,
        player.table_recruiting,
        player.hand_person_count,
        player.hand_recruiting,
        player.hand_bonus_count,
        player.prestige_card_count,
        best,
    )


def _head_floats(
    money: int | None,
    prestige: int,
    jesters: int,
    builders: int,
    freedoms: tuple[Freedom, ...],
    table_persons: tuple[PersonId, ...],
    table_recruiting: int,
    hand_persons: int,
    hand_recruiting: int,
    hand_bonus: int,
    prestige_cards: int,
    best: int,
) -> list[float]:
    """:func:`_player_head` of what a :class:`PublicPlayer` holds (``money`` ``None``
    where it is hidden)."""
    return [
        1.0,
        (money or 0) / _MONEY,
        float(money is not None),
        prestige / _PRESTIGE,
        float(jesters),
        float(builders),
        *_kept_bits(_FREEDOMS, freedoms),
        *_kept_bits(_PERSONS, table_persons),
        float(table_recruiting),
        float(hand_persons),
        float(hand_recruiting),
        float(hand_bonus),
        float(prestige_cards),
        best / _COUNT,
    ]


def _board_floats(board: Principality) -> list[float]:
    """The principality's floats of a player block: buildings, landscapes, cells."""
    buildings = [t for t in board.tiles if isinstance(t.tile, Building)]
    building_cells = 0
    for tile in buildings:
        building_cells |= tile.mask
    return [
        *_bits(_BUILDINGS, (t.tile for t in buildings)),
        *(float(board.landscape_count(landscape)) for landscape in _LANDSCAPES),
        float(sum(1 for t in buildings if t.shared is not None)),
        *_mask_bits(board.occupied),
        *_mask_bits(building_cells),
    ]


_board_parts: IdentityMemo[Principality, tuple[float, ...]] = IdentityMemo(_MEMO_SIZE)
"""The floats of each live principality (a move changes one at most)."""


def _board_part(board: Principality) -> tuple[float, ...]:
    part = _board_parts.get(board)
    if part is None:
        part = tuple(_board_floats(board))
        _board_parts.put(board, part)
    return part


def _players_section(view: PlayerView, seats: _Seats) -> list[float]:
    out: list[float] = []
    for seat in seats.order():
        out += _player_block(view, seat)
    out += [0.0] * ((_SEATS - seats.count) * _PLAYER_SIZE)
    return out


def _hand_section(
    persons: Sequence[PersonId], bonus: Sequence[BonusCardId], prestige: Sequence[PrestigeCardId]
) -> list[float]:
    return [
        *_bits(_PERSONS, persons),
        *_bits(_BONUS, bonus),
        *_bits(_PRESTIGE_CARDS, prestige),
    ]


_Table = tuple[
    int,
    int,
    int,
    tuple[int, ...],
    tuple[int, ...],
    tuple[int, ...],
    int,
    int,
    int,
    tuple[BonusCardId, ...],
]
"""What the table section shows: the sizes of the person, bonus and prestige decks; the
building, landscape and freedom supplies; the jesters, builders and recruiting cards
left; the bonus discard."""


def _table_section(table: _Table) -> list[float]:
    persons, bonus, prestige, buildings, landscapes, freedoms, jesters, builders, recruiting = (
        table[:9]
    )
    return [
        persons / _COUNT,
        bonus / _COUNT,
        prestige / _COUNT,
        *map(float, buildings),
        *map(float, landscapes),
        *map(float, freedoms),
        jesters / _COUNT,
        float(builders),
        float(recruiting),
        *_bits(_BONUS, table[9]),
    ]


def _setup_section(setup: SetupView | None) -> list[float]:
    if setup is None:
        return [0.0] * (2 + len(_PERSONS))
    own = None if setup.own is None else _POSITIONS[id(_PERSONS)][id(setup.own)]
    return [1.0, setup.returned / _SEATS, *_one_hot(len(_PERSONS), own)]


_AUCTION_SIZE = 1 + _SEATS + len(_OBJECTS) + _SEATS + len(_OBJECTS) + 1 + 2 * _SEATS


def _auction_section(auction: AuctionState | None, seats: _Seats) -> list[float]:
    """Whether an auction is on; who is done; the objects taken; the opener; the stack;
    the high bid and bidder; who bids: written into zeros in that order."""
    return _in_zeros(_AUCTION_SIZE, _write_auction, auction, seats)


def _in_zeros(
    size: int,
    write: Callable[[MutableSequence[float], int, Any, int, int], None],
    value: object,
    seats: _Seats,
) -> list[float]:
    """``size`` zeros, into which ``write`` puts the values of ``value`` unless it is ``None``."""
    out = [0.0] * size
    if value is not None:
        write(out, 0, value, seats.viewer, seats.count)
    return out


def _write_auction(
    out: MutableSequence[float], at: int, auction: AuctionState, viewer: int, count: int
) -> None:
    """The values of :func:`_auction_section` of an auction, written into zeros at ``at``."""
    where = _POSITIONS[id(_OBJECTS)]
    out[at] = 1.0
    at += 1
    for seat, flag in enumerate(auction.done):  # seats.flags
        out[at + (seat - viewer) % count] = float(flag)
    at += _SEATS
    for taken in auction.taken:  # _bits
        out[at + where[id(taken)]] += 1.0
    at += len(_OBJECTS)
    if auction.opener is not None:
        out[at + (auction.opener - viewer) % count] = 1.0
    at += _SEATS
    if auction.stack is not None:
        out[at + where[id(auction.stack)]] = 1.0
    at += len(_OBJECTS)
    out[at] = auction.high_bid / _MONEY
    at += 1
    if auction.high_bidder is not None:
        out[at + (auction.high_bidder - viewer) % count] = 1.0
    at += _SEATS
    for seat in auction.bidders:  # seats.members
        out[at + (seat - viewer) % count] = 1.0


def _turn_section(turn: TurnState | None) -> list[float]:
    if turn is None:
        return [0.0] * 8
    return [
        1.0,
        float(turn.actions),
        float(turn.works),
        float(turn.builds),
        float(turn.persons),
        float(turn.freedoms),
        float(turn.bonuses),
        float(turn.turns_done),
    ]


_PENDING_TILE = len(_PENDING_KINDS)
"""Where the pending section's parts start: the kind, the tile to place, the cards shown..."""
_PENDING_CHOICE = _PENDING_TILE + len(_TILES)
_PENDING_CARDS = _PENDING_CHOICE + len(_DECKS) + 2
_PENDING_WORK = _PENDING_CARDS + _CARDS
_PENDING_PAYOUT = _PENDING_WORK + len(_PERSONS) + len(_BONUS)
_PENDING_PROPOSAL = _PENDING_PAYOUT + 1
_PENDING_OPEN = _PENDING_PROPOSAL + 2 * _SEATS + 2 + len(_BUILDINGS) + 3
_PENDING_MERCHANT = _PENDING_OPEN + 1
_PENDING_SIZE = _PENDING_MERCHANT + len(_OBJECTS) + 1
_PENDING_KIND_INDEX = {kind: index for index, kind in enumerate(_PENDING_KINDS)}
_CARD_PLACES: dict[int, int] = {
    **{id(card): index for index, card in enumerate(_PERSONS)},
    **{id(card): len(_PERSONS) + index for index, card in enumerate(_BONUS)},
    **{id(card): len(_PERSONS) + len(_BONUS) + i for i, card in enumerate(_PRESTIGE_CARDS)},
}
"""Each card's place among the card counts of a section (persons, bonus, prestige cards)."""


def _pending_section(pending: ViewPending | None, seats: _Seats) -> list[float]:
    """The pending decision: its kind, then each kind's details (zeros where another kind
    is pending), written into zeros at the places above."""
    return _in_zeros(_PENDING_SIZE, _write_pending, pending, seats)


def _write_pending(
    out: MutableSequence[float], at: int, pending: ViewPending, viewer: int, count: int
) -> None:
    """The values of :func:`_pending_section` of a decision, written into zeros at ``at``."""
    out[at + _PENDING_KIND_INDEX[type(pending)]] = 1.0
    if isinstance(pending, Placing):
        if pending.tile is not None:
            out[at + _PENDING_TILE + _POSITIONS[id(_TILES)][id(pending.tile)]] = 1.0
    elif isinstance(pending, CardChoice | HiddenCardChoice):
        out[at + _PENDING_CHOICE + _DECK_INDEX[id(pending.deck)]] = 1.0
        out[at + _PENDING_CARDS - 2] = float(pending.returning)
        if isinstance(pending, CardChoice):
            out[at + _PENDING_CARDS - 1] = len(pending.shown) / 5.0
            for card in pending.shown:
                out[at + _PENDING_CARDS + _CARD_PLACES[id(card)]] += 1.0
        else:
            out[at + _PENDING_CARDS - 1] = pending.count / 5.0
    elif isinstance(pending, Working):
        out[at + _PENDING_WORK + _POSITIONS[id(_PERSONS)][id(pending.person)]] = 1.0
        bonus = _POSITIONS[id(_BONUS)]
        for card in pending.bonus:
            out[at + _PENDING_WORK + len(_PERSONS) + bonus[id(card)]] += 1.0
    elif isinstance(pending, Conversion):
        out[at + _PENDING_PAYOUT] = pending.payout / _MONEY
    elif isinstance(pending, Proposal):
        place = at + _PENDING_PROPOSAL
        out[place + (pending.proposer - viewer) % count] = 1.0
        out[place + _SEATS + (pending.partner - viewer) % count] = 1.0
        out[place + 2 * _SEATS] = pending.number / 3.0
        out[place + 2 * _SEATS + 1] = pending.limit / _MONEY
        place += 2 * _SEATS + 2
        if pending.building is not None:
            out[place + _POSITIONS[id(_BUILDINGS)][id(pending.building)]] = 1.0
        place += len(_BUILDINGS)
        out[place] = float(pending.cells is not None)
        out[place + 1] = float(pending.payment is not None)
        out[place + 2] = (pending.payment or 0) / _MONEY
    elif isinstance(pending, OpenBuild):
        out[at + _PENDING_OPEN] = pending.proposals / 3.0
    elif isinstance(pending, MerchantOffer):
        out[at + _PENDING_MERCHANT + _POSITIONS[id(_OBJECTS)][id(pending.stack)]] = 1.0
        out[at + _PENDING_MERCHANT + len(_OBJECTS)] = pending.price / _MONEY


def _characters_section(characters: CharacterState | None, seats: _Seats) -> list[float]:
    size = 1 + 2 * len(Character) * _SEATS + len(Character) + _SEATS + 3 + _SEATS + len(Character)
    if characters is None:
        return [0.0] * size
    taken = characters.banker_taken
    return [
        1.0,
        *(x for holder in characters.holders for x in seats.one_hot(holder)),
        *(x for token in characters.tokens for x in seats.one_hot(token)),
        *(bid / _MONEY for bid in characters.bids),
        *seats.flags(characters.done),
        characters.banker_money / _MONEY,
        float(taken is not None),
        0.0 if taken is None else taken[0] / 7.0,
        *seats.one_hot(None if taken is None else taken[1]),
        *(float(character in characters.face_down) for character in Character),
    ]


_SUPPLY_FIELDS = (
    "building_supply",
    "landscape_supply",
    "freedom_supply",
    "jesters",
    "builders",
    "recruiting",
    "bonus_discard",
)
"""The fields of the table section that a state and a view share (the decks' sizes are
the others)."""
_TABLE_FIELDS = ("person_deck_size", "bonus_deck_size", "prestige_deck_size", *_SUPPLY_FIELDS)
"""The fields of a view the table section shows, in :data:`_Table`'s order."""
_table_of: Callable[[PlayerView], _Table] = operator.attrgetter(*_TABLE_FIELDS)


def _sections(view: PlayerView) -> list[list[float]]:
    seats = _Seats(view.player, len(view.players))
    return [
        _config_section(view.config),
        _game_section(view.round, view.phase, view.current_player, view.start_player, seats),
        _players_section(view, seats),
        _hand_section(view.hand_persons, view.hand_bonus, view.prestige_cards),
        _table_section(_table_of(view)),
        _setup_section(view.setup),
        _auction_section(view.auction, seats),
        _turn_section(view.turn),
        _pending_section(view.pending, seats),
        _characters_section(view.characters, seats),
    ]


# ---------------------------------------------------------------------------
# The vector from cached parts
# ---------------------------------------------------------------------------
#
# The sections above define the vector.  observation_vector builds the same
# floats from parts kept between calls: states are immutable and share every
# part a move leaves alone (a principality, the auction, the supplies), and
# observe shares each unchanged player's public part, so from one step to the
# next nearly every part is found again by identity.  The tables by identity
# forget an entry when its object is freed (memo.IdentityMemo), so they keep no
# old state alive; the others are keyed by a few small values.  Every table is
# emptied when it grows past _MEMO_SIZE.

_Part = tuple[float, ...]

_config_parts: dict[tuple[object, ...], _Part] = {}
_game_parts: dict[tuple[object, ...], _Part] = {}
_player_parts: IdentityMemo[PublicPlayer, tuple[int, _Part, _Part]] = IdentityMemo(_MEMO_SIZE)
"""The best work, the head and the principality's part of each live public player's
block (the head, the principality and the prestige cards shown at the end are parts of
their own, so that a change of a player's money makes a part of a few floats anew, not
the whole block)."""
_Hand = tuple[tuple[PersonId, ...], tuple[BonusCardId, ...], tuple[PrestigeCardId, ...]]
_hand_parts: dict[tuple[int, int, int], tuple[_Hand, _Part]] = {}
_table_parts: dict[tuple[object, ...], tuple[tuple[BonusCardId, ...], _Part]] = {}
_seat_parts: IdentityMemo[object, dict[tuple[int, int], _Part]] = IdentityMemo(_MEMO_SIZE)
"""Auction, turn, pending and character parts of each live value, by the viewer and the
player count (their seats are counted from the viewer)."""

_MEMOS: tuple[dict[Any, Any] | IdentityMemo[Any, Any], ...] = (
    _board_parts,
    _config_parts,
    _game_parts,
    _player_parts,
    _hand_parts,
    _table_parts,
    _seat_parts,
)

_SIZES = dict(OBSERVATION_LAYOUT)
_NO_FINAL: _Part = (0.0,) * len(_PRESTIGE_CARDS)
_NO_SETUP: _Part = (0.0,) * _SIZES["setup"]
_NO_AUCTION: _Part = (0.0,) * _SIZES["auction"]
_NO_TURN: _Part = (0.0,) * _SIZES["turn"]
_NO_PENDING: _Part = (0.0,) * _SIZES["pending"]
_NO_CHARACTERS: _Part = (0.0,) * _SIZES["characters"]
_ABSENT: tuple[_Part, ...] = tuple((0.0,) * ((_SEATS - n) * _PLAYER_SIZE) for n in range(6))
"""The zeros of the player blocks of absent seats, by player count."""


def _tidy(memo: dict[Any, Any]) -> None:
    if len(memo) >= _MEMO_SIZE:
        memo.clear()


def _config_part(config: GameConfig) -> _Part:
    key = (
        config.players,
        config.hidden_money,
        config.choose_returned_order,
        config.hard_freedoms,
        config.muse_and_princess,
        config.cooperative_building,
    )
    part = _config_parts.get(key)
    if part is None:
        _tidy(_config_parts)
        part = _config_parts[key] = tuple(_config_section(config))
    return part


def _game_part(
    round_number: int, phase: Phase, current: int | None, start: int, viewer: int, count: int
) -> _Part:
    key = (
        round_number,
        phase,
        current == viewer,
        None if current is None else (current - viewer) % count,
        (start - viewer) % count,
    )
    part = _game_parts.get(key)
    if part is None:
        _tidy(_game_parts)
        seats = _Seats(viewer, count)
        part = _game_parts[key] = tuple(_game_section(round_number, phase, current, start, seats))
    return part


def _head_part(player: PublicPlayer, best: int) -> tuple[int, _Part, _Part]:
    """The head of a player block (:func:`_player_head`) and the part of the player's
    principality, kept while ``player`` lives, with the best work they were built for."""
    known = _player_parts.get(player)
    if known is not None and known[0] == best:
        return known
    known = (best, tuple(_player_head(player, best)), _board_part(player.principality))
    _player_parts.put(player, known)
    return known


def _hand_part(
    persons: tuple[PersonId, ...],
    bonus: tuple[BonusCardId, ...],
    prestige: tuple[PrestigeCardId, ...],
) -> _Part:
    key = (id(persons), id(bonus), id(prestige))
    known = _hand_parts.get(key)
    if known is not None:
        kept_persons, kept_bonus, kept_prestige = known[0]
        if kept_persons is persons and kept_bonus is bonus and kept_prestige is prestige:
            return known[1]
    _tidy(_hand_parts)
    part = tuple(_hand_section(persons, bonus, prestige))
    _hand_parts[key] = ((persons, bonus, prestige), part)
    return part


def _table_part(table: _Table) -> _Part:
    discard = table[9]
    key = (*table[:9], id(discard))
    known = _table_parts.get(key)
    if known is not None and known[0] is discard:
        return known[1]
    _tidy(_table_parts)
    part = tuple(_table_section(table))
    _table_parts[key] = (discard, part)
    return part


def _turn_part(turn: TurnState, seats: _Seats) -> list[float]:
    return _turn_section(turn)


_V = TypeVar("_V")


def _seat_part(
    viewer: int, count: int, value: _V, section: Callable[[_V, _Seats], list[float]]
) -> _Part:
    key = (viewer, count)
    known = _seat_parts.get(value)
    if known is None:
        known = {}
        _seat_parts.put(value, known)
    part = known.get(key)
    if part is None:
        part = known[key] = tuple(section(value, _Seats(viewer, count)))
    return part


def _setup_of(setup: SetupView | None, viewer: int, count: int) -> _Part:
    """The part of the setup section."""
    return _NO_SETUP if setup is None else tuple(_setup_section(setup))


def _auction_of(auction: AuctionState | None, viewer: int, count: int) -> _Part:
    """The part of the auction section."""
    return _NO_AUCTION if auction is None else _seat_part(viewer, count, auction, _auction_section)


def _turn_of(turn: TurnState | None, viewer: int, count: int) -> _Part:
    """The part of the turn section."""
    return _NO_TURN if turn is None else _seat_part(viewer, count, turn, _turn_part)


def _pending_of(pending: ViewPending | None, viewer: int, count: int) -> _Part:
    """The part of the pending section."""
    return _NO_PENDING if pending is None else _seat_part(viewer, count, pending, _pending_section)


def _characters_of(characters: CharacterState | None, viewer: int, count: int) -> _Part:
    """The part of the characters section."""
    if characters is None:
        return _NO_CHARACTERS
    return _seat_part(viewer, count, characters, _characters_section)


def _phase_parts(view: PlayerView, count: int) -> tuple[_Part, _Part, _Part, _Part, _Part]:
    """The parts of the setup, auction, turn, pending and characters sections."""
    viewer = view.player
    return (
        _setup_of(view.setup, viewer, count),
        _auction_of(view.auction, viewer, count),
        _turn_of(view.turn, viewer, count),
        _pending_of(view.pending, viewer, count),
        _characters_of(view.characters, viewer, count),
    )


def _parts(view: PlayerView) -> list[_Part]:
    """The vector of ``view`` in parts: :func:`_sections`, each a tuple, most of them cached."""
    count = len(view.players)
    viewer = view.player
    parts = [
        _config_part(view.config),
        _game_part(view.round, view.phase, view.current_player, view.start_player, viewer, count),
    ]
    players, bests, final = view.players, view.round_best, view.final_prestige_cards
    for offset in range(count):  # each block: head, principality, prestige cards shown
        seat = (viewer + offset) % count
        player = players[seat]
        best = bests[seat] if seat < len(bests) else 0
        known = _player_parts.get(player)  # _head_part, its usual answer inline
        if known is None or known[0] != best:
            known = _head_part(player, best)
        parts.append(known[1])
        parts.append(known[2])
        parts.append(_NO_FINAL if final is None else tuple(_bits(_PRESTIGE_CARDS, final[seat])))
    parts.append(_ABSENT[count])
    parts.append(_hand_part(view.hand_persons, view.hand_bonus, view.prestige_cards))
    parts.append(_table_part(_table_of(view)))
    parts.extend(_phase_parts(view, count))
    return parts


def observation_vector(view: PlayerView) -> tuple[float, ...]:
    """The view as :data:`~princes_of_florence.OBSERVATION_LENGTH` floats, the viewer's seat first.

    The sections follow :data:`~princes_of_florence.OBSERVATION_LAYOUT`.  Seats are counted from
    the viewer: the viewer's block comes first among the players, then the
    player on their left, and so on; seat features (who is to decide, the
    high bidder...) are one-hot over these relative seats.  Absent players
    and features of an expansion not played are zeros, and the configuration
    flags say which is which.  Money is in thousands of florins, prestige in
    hundreds of points; every value is small.

    Only the view is read, so states that show the player the same view give
    the same vector.  The parts a move leaves alone are kept between calls,
    so a vector costs little more than its changes;
    :func:`observation_vector_into` writes it into a buffer of the caller's.

    Raises:
        ArgumentError: ``view`` is not a :class:`PlayerView`.

    >>> from princes_of_florence import GameConfig, new_game, observe
    >>> vector = observation_vector(observe(new_game(GameConfig(players=2)), 1))
    >>> len(vector) == OBSERVATION_LENGTH, max(vector) <= 10
    (True, True)
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError.wrong_kind("observation_vector", "a PlayerView", view)
    out: list[float] = []
    for part in _parts(view):
        out += part
    return tuple(out)


_SEEN_FIELDS = (
    "round",
    "phase",
    "current_player",
    "start_player",
    "players",
    "round_best",
    "final_prestige_cards",
    "hand_persons",
    "hand_bonus",
    "prestige_cards",
    *_TABLE_FIELDS,
    "setup",
    "auction",
    "turn",
    "pending",
    "characters",
)
"""The fields of a view the parts of its vector depend on, but the player and the
configuration (the same for every view a :class:`_Written` follows)."""

_seen = operator.attrgetter(*_SEEN_FIELDS)
"""A view's :data:`_SEEN_FIELDS` as a tuple: what a :class:`_Written` remembers of the
view, which it must not keep (the view keeps its state, and the state the key of
:data:`_written_by_config`, alive)."""


@attrs.define
class _Written:
    """The vector last written for one viewer of one game, as doubles, with the fields of
    the view and the parts it was made of: the next vector of that viewer looks up again
    only the parts whose fields changed, and rewrites only the parts that are not the
    very same objects (a move leaves most of them alone)."""

    doubles: array.array[float]
    seen: tuple[Any, ...] | None = None
    parts: list[_Part] = attrs.Factory(list)


_GAMES_FOLLOWED = 512
"""Games whose vectors :data:`_written_by_config` keeps before it is emptied: more than a
batch of 256 games at once, and a bound on the memory (a few tens of kilobytes a viewer)
should the configurations outlive their games."""

_written_by_config: IdentityMemo[GameConfig, dict[int, _Written]] = IdentityMemo(_GAMES_FOLLOWED)
"""The written vectors of the views of each live game, by the configuration of the
states they were taken from (one object for a whole game) and by viewer; private, so
that no caller's change to the buffer it was given can make them wrong.  Nothing kept
refers to that configuration, so a game's vectors go with it."""

_doubles: dict[int, tuple[_Part, array.array[float]]] = {}
"""Each recent part as doubles, by the identity of the part."""

_NOTHING: _Part = ()

_PACKERS: dict[int, struct.Struct] = {}
"""A packer of native doubles for each length of part (a few lengths in all)."""


def _as_doubles(values: Sequence[float]) -> array.array[float]:
    """``values`` as an array of doubles, packed by :mod:`struct`: several times quicker
    than ``array.array("d", values)``, which parses each item on its own; the same doubles."""
    packer = _PACKERS.get(len(values))
    if packer is None:
        packer = _PACKERS[len(values)] = struct.Struct(f"{len(values)}d")
    return array.array("d", packer.pack(*values))


def _doubles_of(part: _Part) -> array.array[float]:
    """``part`` as doubles, kept in :data:`_doubles` while it is among the recent parts."""
    known = _doubles.get(id(part))
    if known is None or known[0] is not part:
        if len(_doubles) >= _MEMO_SIZE:
            _doubles.clear()
        known = _doubles[id(part)] = (part, _as_doubles(part))
    return known[1]


def _written(view: PlayerView) -> array.array[float]:
    """The vector of ``view`` as doubles, kept for the next call of the same viewer and
    configuration: the caller copies it and must not change it."""
    source = source_state(view)
    if source is None:  # a view loaded or built by hand: no game to follow
        return _as_doubles(observation_vector(view))
    config = source.config
    mine = _written_by_config.get(config)
    if mine is None:
        mine = {}
        _written_by_config.put(config, mine)
    written = mine.get(view.player)
    if written is None:
        written = mine[view.player] = _Written(array.array("d", bytes(8 * OBSERVATION_LENGTH)))
    before = written.parts
    old = written.seen
    seen = _seen(view)
    parts = _parts(view) if old is None else _parts_after(view, seen, old, before)
    if len(before) != len(parts):
        before = [_NOTHING] * len(parts)  # nothing written yet: every part is new
    # Forgotten while the doubles change: an error half-way leaves nothing trusted.
    written.seen = None
    written.parts = []
    doubles = written.doubles
    start = 0
    for part, old_part in zip(parts, before, strict=True):
        end = start + len(part)
        if part is not old_part:
            doubles[start:end] = _doubles_of(part)
        start = end
    assert start == OBSERVATION_LENGTH, f"the parts hold {start} values"
    written.seen = seen
    written.parts = parts
    return doubles


def _parts_after(
    view: PlayerView, seen: tuple[Any, ...], old: tuple[Any, ...], before: list[_Part]
) -> list[_Part]:
    """:func:`_parts` of ``view``, given ``before``, the parts of an earlier view of the same
    player and configuration, and ``seen`` and ``old``, the :data:`_SEEN_FIELDS` of the
    two views.  Each part depends on a few fields only; a part whose fields are equal
    (most often the very same objects) in both views is kept."""
    parts = before.copy()
    count = len(view.players)
    # round, phase, current_player, start_player
    viewer = view.player
    if seen[0] != old[0] or seen[1] is not old[1] or seen[2] != old[2] or seen[3] != old[3]:
        parts[1] = _game_part(seen[0], seen[1], seen[2], seen[3], viewer, count)
    players, bests, final = seen[4], seen[5], seen[6]
    old_players = old[4]
    same_bests = bests == old[5]
    same_final = final is old[6]
    index = 2
    for offset in range(count):  # each block: head, principality, prestige cards shown
        seat = (viewer + offset) % count
        player = players[seat]
        if player is not old_players[seat] or not same_bests:
            best = bests[seat] if seat < len(bests) else 0
            known = _player_parts.get(player)  # _head_part, its usual answer inline
            if known is None or known[0] != best:
                known = _head_part(player, best)
            parts[index] = known[1]
            parts[index + 1] = known[2]
        if not same_final:
            parts[index + 2] = (
                _NO_FINAL if final is None else tuple(_bits(_PRESTIGE_CARDS, final[seat]))
            )
        index += 3
    index += 1  # the absent seats
    if seen[7:10] != old[7:10]:  # the hand
        parts[index] = _hand_part(seen[7], seen[8], seen[9])
    if seen[10:20] != old[10:20]:  # decks, supplies, discards
        parts[index + 1] = _table_part(seen[10:20])
    # The phase parts (:func:`_phase_parts`), each looked up again only if its own field
    # changed: a move most often changes one or two of them.
    setup, auction, turn, pending, characters = seen[20:25]
    if setup != old[20]:
        parts[index + 2] = _setup_of(setup, viewer, count)
    if auction is not old[21]:
        parts[index + 3] = _auction_of(auction, viewer, count)
    if turn is not old[22]:
        parts[index + 4] = _turn_of(turn, viewer, count)
    if pending is not old[23]:
        parts[index + 5] = _pending_of(pending, viewer, count)
    if characters is not old[24]:
        parts[index + 6] = _characters_of(characters, viewer, count)
    return parts


_MEMOS += (_written_by_config,)

_FLOAT_FORMATS = frozenset({"f", "d"})


def observation_vector_into(view: PlayerView, out: _Buffer) -> _Buffer:
    """:func:`observation_vector` written into ``out``, which is returned.

    ``out`` is a numpy array of :data:`~princes_of_florence.OBSERVATION_LENGTH`
    numbers (``float32``, ``float64``...; a row of a batch will do) or an
    ``array.array`` of ``"f"`` or ``"d"`` of that length.  The vector is
    copied from one kept privately for each viewer of each game, in which a
    call rewrites only the parts that changed since that viewer's last
    vector (a move leaves most of them alone), so a numpy array or an
    ``array.array`` of ``"d"`` is filled without making a float object per
    value: the fastest way to feed a learner.  What the caller does with
    ``out`` between calls never matters.

    Raises:
        ArgumentError: ``view`` is not a :class:`PlayerView`, or ``out`` is
            none of these (a read-only array, an array of integers...) or of
            another length; ``out`` is then left as it was.

    >>> import array
    >>> from princes_of_florence import GameConfig, new_game, observe
    >>> view = observe(new_game(GameConfig(players=2)), 1)
    >>> buffer = array.array("d", bytes(8 * OBSERVATION_LENGTH))
    >>> tuple(observation_vector_into(view, buffer)) == observation_vector(view)
    True
    """
    if not isinstance(view, PlayerView):
        raise ArgumentError.wrong_kind("observation_vector_into", "a PlayerView", view)
    numpy_out = _vector_buffer(out, "observation_vector_into")
    return _fill(_written(view), out, numpy_out)


def _vector_buffer(out: object, caller: str) -> bool:
    """Whether ``out`` is a numpy array (else an ``array.array``) a vector can be written
    into, checked before anything is written.

    Raises:
        ArgumentError: it is neither, or not writable, or not of floats, or of
            another length (``caller`` is named).
    """
    shape = getattr(out, "shape", None)
    if shape is not None and hasattr(out, "dtype"):  # a numpy array
        if shape != (OBSERVATION_LENGTH,):
            raise ArgumentError(
                f"{caller} needs an array of shape ({OBSERVATION_LENGTH},), not {shape}"
            )
        target: Any = out  # a numpy array: it has a shape and a dtype
        if target.dtype.kind != "f" or not target.flags.writeable:
            raise ArgumentError(
                f"{caller} needs a writable array of floats, "
                f"not a {'read-only ' if not target.flags.writeable else ''}array of {target.dtype}"
            )
        return True
    if not isinstance(out, array.array) or out.typecode not in _FLOAT_FORMATS:
        raise ArgumentError(
            f"{caller} needs a numpy array or an array.array of 'f' or 'd', not {shorten(out)}"
        )
    if len(out) != OBSERVATION_LENGTH:
        raise ArgumentError(f"{caller} needs {OBSERVATION_LENGTH} items, not {len(out)}")
    return False


_frombuffer: Callable[[array.array[float]], Any] | None = None
"""``numpy.frombuffer``, once :func:`_numpy_frombuffer` has imported numpy: an import
statement costs more than the copy it would serve."""


def _numpy_frombuffer() -> Callable[[array.array[float]], Any]:
    global _frombuffer
    import numpy

    _frombuffer = numpy.frombuffer
    return _frombuffer


def _fill(doubles: array.array[float], out: _Buffer, numpy_out: bool) -> _Buffer:
    """``doubles`` copied into ``out``, checked by :func:`_vector_buffer`."""
    target: Any = out
    if numpy_out:
        # Floats to floats: the assignment casts as numpy.copyto(casting="same_kind").
        target[:] = (_frombuffer or _numpy_frombuffer())(doubles)
    else:
        target[:] = doubles if target.typecode == "d" else array.array(target.typecode, doubles)
    return out


# ---------------------------------------------------------------------------
# The vector of a seat, straight from the state
# ---------------------------------------------------------------------------
#
# A learner's environment wants the vector of the player to decide, not the
# view: seat_vector_into builds the vector observe() and observation_vector
# would, from the state's own fields, without making the view.  Each part is
# made by the same functions as above from what the view would hold (the
# public part of each player by observation's own memo, a card choice hidden
# as the view hides it), and only the parts whose sources changed since the
# seat's last vector are written again.

_OFFSETS = dict(
    zip(
        (name for name, _ in OBSERVATION_LAYOUT),
        (sum(size for _, size in OBSERVATION_LAYOUT[:index]) for index in range(11)),
        strict=False,
    )
)
_GAME_AT = _OFFSETS["game"]
_PLAYERS_AT = _OFFSETS["players"]
_HAND_AT = _OFFSETS["hand"]
_TABLE_AT = _OFFSETS["table"]
_SETUP_AT = _OFFSETS["setup"]
_AUCTION_AT = _OFFSETS["auction"]
_TURN_AT = _OFFSETS["turn"]
_PENDING_AT = _OFFSETS["pending"]
_CHARACTERS_AT = _OFFSETS["characters"]
_BOARD_SIZE = len(_BUILDINGS) + len(_LANDSCAPES) + 1 + 2 * _CELLS
_HEAD_SIZE = _PLAYER_SIZE - _BOARD_SIZE - len(_PRESTIGE_CARDS)
_FINAL_AT = _HEAD_SIZE + _BOARD_SIZE
"""Where the prestige cards shown at the end start in a player block."""
_table_getter = operator.attrgetter("person_deck", "bonus_deck", "prestige_deck", *_SUPPLY_FIELDS)
"""A state's sources of the table section: the decks themselves, then :data:`_SUPPLY_FIELDS`."""
_UNSEEN: Any = object()
"""What a :class:`_SeatWritten` remembers before its first vector: the same as nothing."""

_ZEROS: dict[int, array.array[float]] = {
    size: array.array("d", bytes(8 * size))
    for size in {_SIZES["auction"], _SIZES["pending"], len(_PRESTIGE_CARDS)}
}


@attrs.define
class _SeatWritten:
    """The vector last written for one seat of one game from its state, as doubles, with
    the fields of the state each part was made from (none of which refers to the state
    or its configuration), per player block the head and principality written."""

    doubles: array.array[float]
    game: tuple[Any, ...] = _UNSEEN
    players: tuple[Any, ...] = _UNSEEN
    bests: tuple[int, ...] = _UNSEEN
    heads: list[Any] = attrs.Factory(lambda: [_UNSEEN] * _SEATS)
    boards: list[Any] = attrs.Factory(lambda: [_UNSEEN] * _SEATS)
    final: bool = False
    hand: tuple[Any, ...] = _UNSEEN
    table: tuple[Any, ...] = _UNSEEN
    setup: Any = _UNSEEN
    auction: Any = _UNSEEN
    turn: Any = _UNSEEN
    pending: Any = _UNSEEN
    hidden: bool = False
    characters: Any = _UNSEEN


_seat_written_by_config: IdentityMemo[GameConfig, dict[int, _SeatWritten]] = IdentityMemo(
    _GAMES_FOLLOWED
)
"""The vectors written by :func:`seat_vector_into` for each seat of each live game, by
the game's configuration, as :data:`_written_by_config` keeps those of views."""

_state_heads: IdentityMemo[PlayerState, dict[int, array.array[float]]] = IdentityMemo(_MEMO_SIZE)
"""The head of each live player state's block as doubles, by the best work of the round
and whether the money is shown (``2 * best + shown``)."""
_hidden_choices: IdentityMemo[CardChoice, HiddenCardChoice] = IdentityMemo(_MEMO_SIZE)
"""The card choice of each live state as the players not choosing see it (rule R5)."""


def _state_head(player: PlayerState, shown: bool, best: int) -> array.array[float]:
    """The head of ``player``'s block (:func:`_player_head` of its public part)."""
    known = _state_heads.get(player)
    if known is None:
        known = {}
        _state_heads.put(player, known)
    key = best + best + shown  # (best, shown) as one int
    head = known.get(key)
    if head is None:
        head = known[key] = _as_doubles(
            _head_floats(
                player.money if shown else None,  # observation.public_player
                player.prestige,
                player.jesters,
                player.builders,
                player.freedoms,
                player.table_persons,
                player.table_recruiting,
                len(player.hand_persons),
                player.hand_recruiting,
                len(player.hand_bonus),
                len(player.prestige_cards),
                best,
            )
        )
    return head


def _write_players(
    written: _SeatWritten, players: tuple[PlayerState, ...], state: GameState, seat: int
) -> None:
    """The player blocks of ``seat``'s vector: each player's head and principality where
    they changed, and the prestige cards shown at the end."""
    doubles = written.doubles
    bests = state.round_best
    final = state.phase is Phase.GAME_OVER
    count = len(players)
    heads, boards = written.heads, written.boards
    shown = not state.config.hidden_money
    old = written.players if bests == written.bests else _UNSEEN
    at = _PLAYERS_AT
    for offset in range(count):  # the viewer's block first, then clockwise
        other = (seat + offset) % count
        player = players[other]
        if old is _UNSEEN or player is not old[other]:
            best = bests[other] if other < len(bests) else 0
            head = _state_head(player, shown or other == seat, best)
        else:
            head = heads[offset]
        if head is not heads[offset]:
            doubles[at : at + _HEAD_SIZE] = head
            heads[offset] = head
            board = player.principality
            if board is not boards[offset]:
                doubles[at + _HEAD_SIZE : at + _FINAL_AT] = _doubles_of(_board_part(board))
                boards[offset] = board
        if final:
            cards = _bits(_PRESTIGE_CARDS, player.prestige_cards)
            doubles[at + _FINAL_AT : at + _PLAYER_SIZE] = _as_doubles(cards)
        elif written.final:
            doubles[at + _FINAL_AT : at + _PLAYER_SIZE] = _ZEROS[len(_PRESTIGE_CARDS)]
        at += _PLAYER_SIZE
    written.final = final
    own = players[seat]
    hand = (own.hand_persons, own.hand_bonus, own.prestige_cards)
    if hand != written.hand:
        doubles[_HAND_AT:_TABLE_AT] = _as_doubles(_hand_part(*hand))
        written.hand = hand


def _seat_doubles(state: GameState, seat: int) -> array.array[float]:
    """The vector of ``observe(state, seat)`` as doubles, kept for the seat's next call:
    the caller copies it and must not change it."""
    config = state.config
    mine = _seat_written_by_config.get(config)
    if mine is None:
        mine = {}
        _seat_written_by_config.put(config, mine)
    players = state.players
    count = len(players)
    # Out of the table while its doubles change: an error half-way leaves nothing trusted.
    written = mine.pop(seat, None)
    if written is None:
        written = _SeatWritten(array.array("d", bytes(8 * OBSERVATION_LENGTH)))
        written.doubles[0:_GAME_AT] = _as_doubles(_config_part(config))
    doubles = written.doubles
    game = (state.round, state.phase, state.current_player, state.start_player)
    if game != written.game:
        round_number, phase, current, start = game
        part = _game_part(round_number, phase, current, start, seat, count)
        doubles[_GAME_AT:_PLAYERS_AT] = _doubles_of(part)
        written.game = game
    bests = state.round_best
    if (
        players is not written.players
        or bests != written.bests
        or (state.phase is Phase.GAME_OVER) != written.final
    ):
        _write_players(written, players, state, seat)
        written.players = players
        written.bests = bests
    table = _table_getter(state)
    if table != written.table:
        sizes = (len(table[0]), len(table[1]), len(table[2]))
        doubles[_TABLE_AT:_SETUP_AT] = _doubles_of(_table_part((*sizes, *table[3:])))
        written.table = table
    setup = state.setup
    if setup is not written.setup:
        part = _setup_of(setup_view(state, seat), seat, count)
        doubles[_SETUP_AT:_AUCTION_AT] = _doubles_of(part)
        written.setup = setup
    auction = state.auction
    if auction is not written.auction:
        doubles[_AUCTION_AT:_TURN_AT] = _ZEROS[_SIZES["auction"]]
        if auction is not None:
            _write_auction(doubles, _AUCTION_AT, auction, seat, count)
        written.auction = auction
    turn = state.turn
    if turn is not written.turn:
        doubles[_TURN_AT:_PENDING_AT] = _doubles_of(_turn_of(turn, seat, count))
        written.turn = turn
    pending = state.pending
    hidden = isinstance(pending, CardChoice) and state.current_player != seat  # R5
    if pending is not written.pending or hidden != written.hidden:
        doubles[_PENDING_AT:_CHARACTERS_AT] = _ZEROS[_SIZES["pending"]]
        if pending is not None:
            seen = _hidden_choice(pending) if hidden else pending  # type: ignore[arg-type]
            _write_pending(doubles, _PENDING_AT, seen, seat, count)
        written.pending = pending
        written.hidden = hidden
    characters = state.characters
    if characters is not written.characters:
        part = _characters_of(characters, seat, count)
        doubles[_CHARACTERS_AT:OBSERVATION_LENGTH] = _doubles_of(part)
        written.characters = characters
    mine[seat] = written
    return doubles


def _hidden_choice(choice: CardChoice) -> HiddenCardChoice:
    hidden = _hidden_choices.get(choice)
    if hidden is None:
        hidden = hidden_choice(choice)
        _hidden_choices.put(choice, hidden)
    return hidden


_MEMOS += (
    _seat_written_by_config,
    _state_heads,
    _hidden_choices,
    _bits_kept,
)


def seat_vector_into(state: GameState, player: int, out: _Buffer) -> _Buffer:
    """``observation_vector(observe(state, player))`` written into ``out``, which is returned.

    The same values as :func:`observation_vector_into` of the view, made
    straight from the state without the view: the quickest way for an
    environment to feed the vector of a seat to a learner.  As there, ``out``
    is a numpy array of :data:`~princes_of_florence.OBSERVATION_LENGTH` floats
    or an ``array.array`` of ``"f"`` or ``"d"``, and only the parts that
    changed since the seat's last vector in that game are worked out again.

    Raises:
        ArgumentError: ``state`` is not a :class:`~princes_of_florence.GameState`,
            or ``out`` is not a buffer :func:`observation_vector_into` takes;
            ``out`` is then left as it was.
        PrincesOfFlorenceError: ``player`` is not a player of the game.

    >>> import array
    >>> from princes_of_florence import GameConfig, new_game, observe
    >>> state = new_game(GameConfig(players=3, seed=1))
    >>> buffer = array.array("d", bytes(8 * OBSERVATION_LENGTH))
    >>> tuple(seat_vector_into(state, 2, buffer)) == observation_vector(observe(state, 2))
    True
    """
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind("seat_vector_into", "a GameState", state)
    check_player(player, len(state.players))
    numpy_out = _vector_buffer(out, "seat_vector_into")
    return _fill(_seat_doubles(state, player), out, numpy_out)


# ---------------------------------------------------------------------------
# Information states
# ---------------------------------------------------------------------------

_ENUMS: tuple[type[enum.Enum], ...] = (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Deck,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
    MoneyReason,
    PrestigeReason,
)


def _enum_codes() -> dict[tuple[type, str], int]:
    # Keyed by class and name: members of string enums equal their values,
    # so Landscape.FOREST and AuctionObject.FOREST would share a key.
    codes: dict[tuple[type, str], int] = {}
    for kind in _ENUMS:
        for member in kind:
            codes[kind, member.name] = len(codes)
    return codes


_ENUM_CODES = _enum_codes()
_EVENT_CODES: dict[type, int] = {}


def _event_code(cls: type) -> int:
    """A stable number for an event class: its place in the Event union."""
    if not _EVENT_CODES:
        for index, member in enumerate(get_args(Event)):
            _EVENT_CODES[member] = index
    return _EVENT_CODES[cls]


def _ints(value: Any, out: list[int]) -> None:
    """Append ``value`` as integers, so that different values give different lists.

    Enum members have one code across every enum, ``None`` is -1 and other
    values are length-prefixed, so that the whole is read back unambiguously.
    """
    if value is None:
        out.append(-1)
    elif isinstance(value, enum.Enum):
        out.append(_ENUM_CODES[type(value), value.name])
    elif isinstance(value, bool):
        out.append(int(value))
    elif isinstance(value, int):
        out.append(value)
    elif isinstance(value, str):
        out.append(len(value))
        out.extend(ord(char) for char in value)
    elif isinstance(value, tuple):
        out.append(len(value))
        for item in value:
            _ints(item, out)
    else:
        assert attrs.has(type(value)), f"no integer form for {value!r}"
        for field in attrs.fields(type(value)):
            _ints(getattr(value, field.name), out)


@attrs.frozen
class InformationState:
    """What one player knows of a game's history, with perfect recall.

    The player's first view (the configuration without its seed, their
    starting hand, the freedom tiles) and every event since, as
    :func:`~princes_of_florence.events_for` shows it to them.
    Two histories the player can tell apart give different information
    states; two that differ only in cards the player never saw (the deck
    order, the seed, other hands) give equal ones.

    Build one with :func:`~princes_of_florence.information_state` from a record, or follow a game
    with :meth:`start` and :meth:`extended`.

    Attributes:
        player: the player whose knowledge it is.
        first: the player's view of the new game.
        events: every event since, redacted for the player.

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> info = InformationState.start(new_game(GameConfig(players=3, seed=1)), 0)
        >>> info.player, info.events
        (0, ())
    """

    player: int
    first: PlayerView
    events: tuple[Event, ...] = ()

    @classmethod
    def start(cls, state: GameState, player: int) -> InformationState:
        """The information state of ``player`` at ``state``, taken as the start.

        >>> from princes_of_florence import GameConfig, new_game
        >>> InformationState.start(new_game(GameConfig(players=3)), 2).events
        ()
        """
        return cls(player, observe(state, player))

    def extended(self, events: Iterable[Event]) -> InformationState:
        """This information state after ``events`` happened (redacted here)."""
        return InformationState(
            self.player, self.first, (*self.events, *events_for(events, self.player))
        )

    def lines(self) -> tuple[str, ...]:
        """The text form, one line per item: the player, the first view, each event.

        Each line is JSON (:func:`~princes_of_florence.dumps`)
        but the first, ``player N``.
        """
        return (f"player {self.player}", dumps(self.first), *map(event_line, self.events))

    def __str__(self) -> str:
        """The lines of :meth:`lines` joined by newlines."""
        return "\n".join(self.lines())

    def compact(self) -> tuple[int, ...]:
        """The information state as integers, for hashing and learning.

        The player, the first view's fields, then per event the number of
        its class in the :data:`~princes_of_florence.Event` union and
        its fields.  Enum members have one code each across the package's
        enums, ``None`` is -1, and tuples and strings are prefixed with
        their length, so different information states give different
        tuples.
        """
        out: list[int] = [self.player]
        _ints(self.first, out)
        for event in self.events:
            out.append(_event_code(type(event)))
            _ints(event, out)
        return tuple(out)


_EVENT_LINES: TextMemo[Event] = TextMemo(dumps, _MEMO_SIZE)
"""The JSON line of each event met: the same event (an event no player's view
redacts is one object for every player) or an equal one is written once."""


def event_line(event: Event) -> str:
    """``dumps(event)``: an event's line of an information state, written once per event.

    Raises:
        SerializationError: ``event`` holds a value of a type its field does not declare.

    >>> from princes_of_florence.events import Declined
    >>> event_line(Declined(2)) == dumps(Declined(2))
    True
    """
    return _EVENT_LINES.text(event)


def information_state(record: GameRecord, player: int) -> InformationState:
    """The information state of ``player`` after every move of ``record``.

    Raises:
        PrincesOfFlorenceError: ``player`` is not a player of the game.
        IllegalMoveError: a move of the record is illegal.

    >>> from princes_of_florence import GameConfig, GameRecord, ReturnPerson, PersonId
    >>> config = GameConfig(players=3, seed=1)
    >>> record = GameRecord(config, (ReturnPerson(PersonId.PAINTER),))
    >>> [type(e).__name__ for e in information_state(record, 1).events]
    ['PersonReturned']
    >>> information_state(record, 1).events[0].person is None
    True
    """
    state = new_game(record.config)
    info = InformationState.start(state, player)
    seen: list[Event] = []
    for move in record.moves:
        state, events = apply_with_events(state, move)
        seen += events
    return info.extended(seen)


def information_state_string(record: GameRecord, player: int) -> str:
    """The text form of :func:`~princes_of_florence.information_state`.

    See :meth:`InformationState.lines`.

    >>> from princes_of_florence import GameConfig, GameRecord
    >>> record = GameRecord(GameConfig(players=3, seed=1))
    >>> information_state_string(record, 0) == information_state_string(record, 0)
    True
    >>> information_state_string(record, 0) == information_state_string(record, 1)
    False
    """
    return str(information_state(record, player))


# ---------------------------------------------------------------------------
# Returns
# ---------------------------------------------------------------------------


def returns(state: GameState) -> tuple[float, ...]:
    """One number per player at the end: the winners share 1, the others get 0.

    With ``k`` winners (a shared win, ruling R24) each winner gets ``1/k``;
    the numbers always add up to 1.

    Raises:
        PrincesOfFlorenceError: the game is not over.

    >>> from princes_of_florence import GameConfig, new_game
    >>> returns(new_game(GameConfig(players=2)))
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.PrincesOfFlorenceError: the game is not over: no returns yet
    """
    winners = _finished(state, "returns").winners
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(len(state.players)))


def rank_returns(state: GameState) -> tuple[float, ...]:
    """One number per player at the end, by rank: 1 for the first, 0 for the last.

    With ``n`` players, rank ``r`` (0 for the best) is worth
    ``(n - 1 - r) / (n - 1)``.  Players tied on prestige and money (R24)
    share the ranks they hold: each gets the mean of their values, so the
    numbers always add up to ``n / 2``.

    >>> import random
    >>> from princes_of_florence import GameConfig, apply, is_terminal, legal_moves, new_game
    >>> state, rng = new_game(GameConfig(players=3, seed=1)), random.Random(1)
    >>> while not is_terminal(state):
    ...     state = apply(state, rng.choice(legal_moves(state)))
    >>> sum(rank_returns(state))
    1.5

    Raises:
        PrincesOfFlorenceError: the game is not over.
    """
    result = _finished(state, "rank_returns")
    count = len(result.prestige)
    keys = [(result.prestige[seat], result.money[seat]) for seat in range(count)]
    values = [0.0] * count
    for seat in range(count):
        better = sum(1 for key in keys if key > keys[seat])
        tied = sum(1 for key in keys if key == keys[seat])
        points = sum(count - 1 - rank for rank in range(better, better + tied))
        values[seat] = points / ((count - 1) * tied)
    return tuple(values)


def _finished(state: GameState, function: str) -> Outcome:
    if not isinstance(state, GameState):
        raise ArgumentError.wrong_kind(function, "a GameState", state)
    if not is_terminal(state):
        raise PrincesOfFlorenceError("the game is not over: no returns yet")
    return outcome(state)


share_copies(InformationState)
