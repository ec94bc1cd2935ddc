"""The learning surface of Florenz: action ids, action masks and a
fixed-length observation vector.

Every move that can ever be legal has one action id: the table is built once
from the board (paths, locations, queue positions), so ``encode_move`` and
``decode_move`` are a bijection on the legal moves of every state.

>>> ACTION_COUNT > 1000
True
>>> decode_move_id(encode_move(Send(4)))
Send(location=4)
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import attrs

from princes_of_florence.florenz.engine import legal_moves
from princes_of_florence.florenz.errors import IllegalMoveError, InvalidMoveError
from princes_of_florence.florenz.ids import LOCATIONS, Medici, ScandalKind, Stage
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusSwap,
    BonusTime,
    BonusVP,
    Chance,
    ChooseColour,
    Decline,
    Discard,
    Gift,
    Hurry,
    Move,
    MoveMember,
    Pass,
    Place,
    PlayScandal,
    Promote,
    Second,
    Send,
    Step,
    Stop,
)
from princes_of_florence.florenz.observation import PlayerView, view_moves
from princes_of_florence.florenz.rules.common import CATALOG, GRID_NEIGHBOURS
from princes_of_florence.florenz.state import GameState

__all__ = [
    "ACTION_COUNT",
    "CHANCE_OUTCOMES",
    "LONGEST_GAME",
    "OBSERVATION_LENGTH",
    "action_mask",
    "chance_outcome_id",
    "chance_outcome_move",
    "decode_move",
    "decode_move_id",
    "encode_move",
    "observation_vector",
]

_SPACES = range(7)
_STEPS = [(a, b) for a, b in CATALOG.paths] + [(b, a) for a, b in CATALOG.paths]
_MEMBERS = [(loc, pos) for loc in LOCATIONS for pos in _SPACES]


def _crests(medici: Medici) -> list[int]:
    return list(range(len(CATALOG.paths))) if medici is Medici.COSIMO else list(LOCATIONS)


def _card_args(kind: ScandalKind) -> list[tuple[int, ...]]:
    walks: list[tuple[int, ...]] = [(a, p, b) for a, b in _STEPS for p in _SPACES]
    match kind:
        case ScandalKind.FIG_GUARD:
            return [(m, c) for m in Medici for c in _crests(m)]
        case ScandalKind.FIG_TELEPORT:
            return [(a, p, b) for a, p in _MEMBERS for b in LOCATIONS if b != a]
        case ScandalKind.FIG_TRAVEL:
            return walks
        case ScandalKind.FIG_DEBUTANT | ScandalKind.MES_CUP | ScandalKind.MES_BOAST:
            return [(loc,) for loc in LOCATIONS]
        case ScandalKind.CAR_GIFT:
            return [(m, c) for m in Medici for c in (-1, *_crests(m))]
        case ScandalKind.CAR_SWAP:
            return [(a, p, b, q) for a, p in _MEMBERS for b in GRID_NEIGHBOURS[a] for q in _SPACES]
        case ScandalKind.CAR_PROMOTE | ScandalKind.CAR_ADVANCE | ScandalKind.MES_RETIRE:
            return list(_MEMBERS)
        case ScandalKind.MES_SWAP:
            return [(loc, a, b) for loc in LOCATIONS for a in _SPACES for b in _SPACES if a < b]


def _table() -> tuple[Move, ...]:
    moves: list[Move] = []
    moves += [Place(loc) for loc in LOCATIONS]
    moves += [Pass(loc) for loc in (0, *LOCATIONS)]
    moves += [Send(loc) for loc in LOCATIONS]
    moves += [Promote(a, p) for a, p in _MEMBERS]
    moves += [MoveMember(a, p, b) for a, b in _STEPS for p in _SPACES]
    moves += [Hurry(a, p, b) for a, b in _STEPS for p in _SPACES]
    moves += [Step(loc) for loc in LOCATIONS]
    moves += [Second(a, p, b) for a, b in _STEPS for p in _SPACES]
    moves += [Stop()]
    moves += [Boast(loc) for loc in LOCATIONS]
    moves += [Gift(m, c) for m in Medici for c in (-1, *_crests(m))]
    for kind in ScandalKind:
        moves += [PlayScandal(kind, args) for args in _card_args(kind)]
    moves += [Discard(kind) for kind in ScandalKind]
    moves += [BonusSwap(p) for p in range(6)]
    moves += [BonusTime(), BonusVP(), Accept(), Decline(), ChooseColour(1), ChooseColour(2)]
    moves += [Chance(value) for value in range(12)]
    return tuple(moves)


_MOVES = _table()
_IDS = {move: index for index, move in enumerate(_MOVES)}


def _fields_of(kind: type) -> Callable[[Move], object]:
    """A key of a move of class ``kind``: its fields as read in C (hashing a move runs the
    Python hash attrs writes), equal for two moves exactly when the moves are."""
    names = [field.name for field in attrs.fields(kind)]
    if not names:
        return lambda move: ()
    return operator.attrgetter(*names)


def _ids_by_class() -> dict[type, tuple[Callable[[Move], object], dict[object, int]]]:
    table: dict[type, tuple[Callable[[Move], object], dict[object, int]]] = {}
    for index, move in enumerate(_MOVES):
        kind = move.__class__
        if kind not in table:
            table[kind] = (_fields_of(kind), {})
        key, ids = table[kind]
        ids[key(move)] = index
    return table


_IDS_BY_CLASS = _ids_by_class()
"""The action ids of each move class, by :func:`_fields_of`'s key."""
ACTION_COUNT = len(_MOVES)
"""The number of action ids."""


CHANCE_OUTCOMES = 12
"""Chance outcome ids: a chance node deals a value from 0 to 11 (a family, plan
card, boast tile, location, time value, scandal card kind or Strozzi card)."""

_FAMILY = CATALOG.raw.family
LONGEST_GAME = (
    _FAMILY.rounds * (_FAMILY.max_families * (60 * 8 + _FAMILY.max_families * 60 + 8) + 60 * 4)
    + 200
)
"""No game with the default action cap (60, ruling FR59) lasts more moves: per
round and family at most 60 actions of at most 8 moves each, a bonus after
every other family's action, Giovanni's offer and its discards; per round at
most 240 cards drawn (chance moves) or discarded; and the setup."""


def chance_outcome_id(move: Move) -> int:
    """The chance outcome id of the chance move ``move``."""
    if not isinstance(move, Chance) or not 0 <= move.value < CHANCE_OUTCOMES:
        raise InvalidMoveError(f"{move!r} is not a chance move of Florenz")
    return move.value


def chance_outcome_move(outcome: int) -> Move:
    """The chance move with id ``outcome``."""
    if not 0 <= outcome < CHANCE_OUTCOMES:
        raise InvalidMoveError(f"chance outcome {outcome} is not 0-{CHANCE_OUTCOMES - 1}")
    return Chance(outcome)


def encode_move(move: Move) -> int:
    """The action id of ``move``.

    Raises:
        InvalidMoveError: no move of the game looks like this.
    """
    try:
        return _IDS[move]
    except (KeyError, TypeError):
        raise InvalidMoveError(f"{move!r} is not a move of Florenz") from None


def decode_move_id(action: int) -> Move:
    """The move with id ``action``, legal or not."""
    if not 0 <= action < ACTION_COUNT:
        raise InvalidMoveError(f"action {action} is not 0-{ACTION_COUNT - 1}")
    return _MOVES[action]


def _legal(state_or_view: GameState | PlayerView) -> tuple[Move, ...]:
    if isinstance(state_or_view, PlayerView):
        return view_moves(state_or_view)
    return legal_moves(state_or_view)


def decode_move(state_or_view: GameState | PlayerView, action: int) -> Move:
    """The legal move with id ``action``.

    Raises:
        IllegalMoveError: the move with that id is not legal here.
    """
    move = decode_move_id(action)
    if move not in _legal(state_or_view):
        raise IllegalMoveError(f"action {action} ({move!r}) is not legal here")
    return move


def action_mask(state_or_view: GameState | PlayerView) -> bytes:
    """One byte per action id: 1 where the action is legal."""
    mask = bytearray(ACTION_COUNT)
    by_class = _IDS_BY_CLASS
    for move in _legal(state_or_view):
        key, ids = by_class[move.__class__]
        mask[ids[key(move)]] = 1
    return bytes(mask)


_PER_FAMILY = 14
_FAMILIES = 5
OBSERVATION_LENGTH = (
    9 * 7 * (_FAMILIES + 1)  # queues: family (relative to the viewer) and rank by space
    + 9 * 3 * _FAMILIES  # cups
    + (len(CATALOG.paths) + 18) * _FAMILIES  # escorts, spies, doormen
    + 9 * 9  # boast tiles
    + 3 * 9
    + 3 * 10  # carriages, targets
    + 9
    + len(Stage)  # round, stage
    + 9 * 9  # visible location tiles by round
    + _FAMILIES * _PER_FAMILY
    + len(ScandalKind)
    + 6  # own hand, own plan
    + 3  # deck sizes
    + 2  # solo: whether it is the solo game, Strozzi's cards drawn this round
)
"""The length of every observation vector."""


_Part = tuple[float, ...]

_PARTS: dict[tuple[object, ...], _Part] = {}
"""Each section of a vector lately made, by section, the part of the state it reads (by
value: the engine makes its tables anew each move, equal more often than not), the
viewer and the family count."""

_PARTS_SIZE = 8192
"""Entries :data:`_PARTS` holds before it is emptied."""


def _family_hot(family: int, me: int, n: int) -> list[float]:
    hot = [0.0] * _FAMILIES
    if family != -1:
        hot[(family - me) % n] = 1.0
    return hot


_PIECES: dict[tuple[int, int, int, int], _Part] = {}
"""The six floats of a petitioner in a queue, by its family, its rank, the viewer and the
family count: its family relative to the viewer, then its rank."""

_NO_PIECES: tuple[_Part, ...] = tuple(
    (0.0,) * ((len(_SPACES) - taken) * (_FAMILIES + 1)) for taken in range(len(_SPACES) + 1)
)
"""The zeros of a queue's empty spaces, by the number of spaces taken."""


def _queues_part(queues: Any, me: int, n: int) -> list[float]:
    out: list[float] = []
    pieces = _PIECES
    for loc in LOCATIONS:
        queue = queues[loc][: len(_SPACES)]
        for family, rank in queue:
            cell = pieces.get((family, rank, me, n))
            if cell is None:
                cell = pieces[family, rank, me, n] = (*_family_hot(family, me, n), rank / 3)
            out += cell
        out += _NO_PIECES[len(queue)]
    return out


def _cups_part(cups: Any, me: int, n: int) -> list[float]:
    out: list[float] = []
    for loc in LOCATIONS:
        for owner in cups[loc]:
            out += _family_hot(owner, me, n)
    return out


def _crests_part(crests: Any, me: int, n: int) -> list[float]:
    out: list[float] = []
    for crest in crests:
        hot = [0.0] * _FAMILIES
        for owner in crest:
            hot[(owner - me) % n] = 1.0
        out += hot
    return out


def _by_location_part(crests: Any, me: int, n: int) -> list[float]:
    """:func:`_crests_part` of a table by location (its index 0 unused)."""
    return _crests_part(crests[1:], me, n)


def _board_part(board: Any, me: int, n: int) -> list[float]:
    """The boast tiles, carriages, targets, round, stage and location tiles (the tuple of
    these of :func:`observation_vector`); no seat is read."""
    boast_tiles, carriages, targets, round_number, stage, location_tiles = board
    out: list[float] = []
    for loc in LOCATIONS:
        hot = [0.0] * 9
        hot[boast_tiles[loc]] = 1.0
        out += hot
    for medici in Medici:
        hot = [0.0] * 9
        if carriages[medici]:  # 0 while explicit chance deals the setup
            hot[carriages[medici] - 1] = 1.0
        out += hot
    for medici in Medici:
        hot = [0.0] * 10
        hot[targets[medici]] = 1.0
        out += hot
    out += [1.0 if round_number == r else 0.0 for r in range(1, 10)]
    out += [1.0 if stage is s else 0.0 for s in Stage]
    for index in range(9):
        hot = [0.0] * 9
        if location_tiles[index]:
            hot[location_tiles[index] - 1] = 1.0
        out += hot
    return out


def _part(
    section: int, source: Any, me: int, n: int, build: Callable[[Any, int, int], list[float]]
) -> _Part:
    """``build(source, me, n)`` as a tuple, kept in :data:`_PARTS` while it is recent."""
    key = (section, source, me, n)
    part = _PARTS.get(key)
    if part is None:
        part = tuple(build(source, me, n))
        if len(_PARTS) >= _PARTS_SIZE:
            _PARTS.clear()
        _PARTS[key] = part
    return part


_SCANDAL_KINDS = tuple(ScandalKind)
"""The scandal kinds in order (iterating over the enum runs Python code for each)."""


def observation_vector(view: PlayerView) -> tuple[float, ...]:
    """What the view's family sees, as a fixed-length vector of numbers in [0, 1];
    families are ordered from the viewer clockwise.

    Each section is kept by the value of the part of the state it reads, so a
    vector costs little more than the sections a move changed.
    """
    state = view.state
    n = len(state.families)
    me = view.player
    out: list[float] = []
    out += _part(0, state.queues, me, n, _queues_part)
    out += _part(1, state.cups, me, n, _cups_part)
    out += _part(2, state.escorts, me, n, _crests_part)
    out += _part(3, state.spies, me, n, _by_location_part)
    out += _part(4, state.doormen, me, n, _by_location_part)
    board = (
        state.boast_tiles,
        state.carriages,
        state.targets,
        state.round,
        state.stage,
        state.location_tiles,
    )
    out += _part(5, board, 0, 0, _board_part)  # the same for every viewer
    for offset in range(_FAMILIES):
        if offset < n:
            index = (me + offset) % n
            f = state.families[index]
            k = 2 if state.strozzi is not None and index == 1 else 1  # Strozzi's two colours
            out += [
                f.time / 12,
                min(f.vp, 300) / 300,
                f.debutants / (5 * k),
                f.ladies / (3 * k),
                f.maestros / k,
                f.retired / 9,
                f.guards / (6 * k),
                f.cups / (6 * k),
                f.gifts / 6,
                *[g / 6 for g in f.given],
                len(view.hands[index]) / 5,
                1.0 if f.passed else 0.0,
            ]
        else:
            out += [0.0] * _PER_FAMILY
    own = state.families[me]
    out += [own.hand.count(kind) / 3 for kind in _SCANDAL_KINDS]
    out += [1.0 if own.plan == p else 0.0 for p in range(6)]
    out += [size / 12 for size in view.deck_sizes]
    solo = state.strozzi
    out += [0.0, 0.0] if solo is None else [1.0, solo.drawn / 6]
    return tuple(out)
