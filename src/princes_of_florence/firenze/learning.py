"""Firenze's learning surface: action ids, the action mask, a fixed-length observation
vector, and returns.

Action ids are a bijection between the moves and ``range(ACTION_COUNT)``, in
blocks by move class (:data:`BLOCKS`).  Towers are numbered below
:data:`MAX_TOWERS`: a site holds at most 6 towers after phase 4, and during
phase 3 at most 6 more begun that turn.

>>> from princes_of_florence.firenze.moves import PlaceBrick
>>> from princes_of_florence.firenze.ids import Colour
>>> decode(encode(PlaceBrick(None, Colour.V))) == PlaceBrick(None, Colour.V)
True
>>> ACTION_COUNT
541
"""

from __future__ import annotations

from typing import assert_never

from princes_of_florence.firenze.engine import legal_moves
from princes_of_florence.firenze.errors import IllegalMoveError, InvalidMoveError
from princes_of_florence.firenze.ids import COLOURS, Step, Title
from princes_of_florence.firenze.moves import (
    CancelEvent,
    ChooseCard,
    ChooseTower,
    DealCard,
    DeliverBellTower,
    DiscardBrick,
    DiscardCard,
    DrawBrick,
    EndPhase,
    Exchange,
    Fulfil,
    Move,
    PayBrick,
    PayTower,
    PlaceBrick,
    PlayAlchemist,
    PlayGrosshaendler,
    PlayMaurer,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.rules.scoring import outcome
from princes_of_florence.firenze.state import NEUTRAL, OPEN, PlayerState, RowCard, State

__all__ = [
    "ACTION_COUNT",
    "BLOCKS",
    "CHANCE_OUTCOMES",
    "MAX_TOWERS",
    "MOVES_PER_TURN",
    "OBSERVATION_LENGTH",
    "action_mask",
    "chance_outcome_id",
    "chance_outcome_move",
    "decode",
    "encode",
    "observation_vector",
    "returns",
]

MAX_TOWERS = 12
"""Tower numbers an action can name."""
TITLES: tuple[Title, ...] = tuple(Title)
_TITLE = {title: i for i, title in enumerate(TITLES)}
_SLOTS = 6
_PLAYERS = 4

BLOCKS: tuple[tuple[str, int], ...] = (
    ("ChooseCard", _SLOTS * 2),
    ("PayBrick", 6),
    ("CancelEvent", 2),
    ("ChooseTower", MAX_TOWERS),
    ("DiscardBrick", 6),
    ("PayTower", MAX_TOWERS),
    ("Exchange", _SLOTS * 6),
    ("PlaceBrick", (MAX_TOWERS + 1) * 6),
    ("Fulfil", MAX_TOWERS * 3),
    ("DeliverBellTower", MAX_TOWERS),
    ("DiscardCard", len(TITLES)),
    ("EndPhase", 1),
    ("PlayGrosshaendler", _SLOTS),
    ("PlayMaurer", 1),
    ("PlayAlchemist", 36),
    ("PlaySchmuggler", _PLAYERS * 36),
    ("PlaySaboteur", _PLAYERS * MAX_TOWERS),
    ("PlayPatrizier", len(TITLES)),
    ("DealCard", len(TITLES)),
    ("DrawBrick", 6),
)
"""Each move class and the number of ids it takes, in id order."""

_START: dict[str, int] = {}
_total = 0
for _name, _size in BLOCKS:
    _START[_name] = _total
    _total += _size
ACTION_COUNT = _total
"""The number of action ids."""

CHANCE_OUTCOMES = len(TITLES) + len(COLOURS)
"""Chance outcome ids: a card dealt by its title, then a brick drawn by its colour."""

MOVES_PER_TURN = 1000
"""More moves than one player turn can hold (ruling ZX6).

A turn plays at most every card of the game (52), places, pays and draws at
most every brick (88 each) and answers a few questions per event for each
player: a few hundred moves at the very most, where random play takes at most
53 (measured over random games of every option).
"""


def chance_outcome_id(move: Move) -> int:
    """The chance outcome id of a chance move: its place among the chance moves' ids."""
    if not isinstance(move, DealCard | DrawBrick):
        raise InvalidMoveError(f"{move!r} is not a chance move")
    return encode(move) - _START["DealCard"]


def chance_outcome_move(outcome: int) -> Move:
    """The chance move of a chance outcome id."""
    if isinstance(outcome, bool) or not isinstance(outcome, int):
        raise InvalidMoveError(f"a chance outcome is a whole number, not {outcome!r}")
    if not 0 <= outcome < CHANCE_OUTCOMES:
        raise InvalidMoveError(f"chance outcome {outcome} is not 0 to {CHANCE_OUTCOMES - 1}")
    return decode(_START["DealCard"] + outcome)


def _tower(index: int, move: Move) -> int:
    if not 0 <= index < MAX_TOWERS:
        raise InvalidMoveError(f"{move!r} names tower {index}; ids cover towers 0-{MAX_TOWERS - 1}")
    return index


def encode(move: Move) -> int:
    """The action id of ``move``."""
    s = _START[type(move).__name__]
    match move:
        case ChooseCard(slot=slot, fuerstin=fuerstin):
            return s + slot * 2 + int(fuerstin)
        case PayBrick(colour=colour) | DiscardBrick(colour=colour) | DrawBrick(colour=colour):
            return s + colour
        case CancelEvent(cancel=cancel):
            return s + int(cancel)
        case ChooseTower(tower=tower) | PayTower(tower=tower) | DeliverBellTower(tower=tower):
            return s + _tower(tower, move)
        case Exchange(slot=slot, colour=colour):
            return s + slot * 6 + colour
        case PlaceBrick(tower=tower, colour=colour):
            where = MAX_TOWERS if tower is None else _tower(tower, move)
            return s + where * 6 + colour
        case Fulfil(tower=tower, architect=architect):
            return s + _tower(tower, move) * 3 + architect + 1
        case DiscardCard(title=title) | PlayPatrizier(title=title) | DealCard(title=title):
            return s + _TITLE[title]
        case EndPhase() | PlayMaurer():
            return s
        case PlayGrosshaendler(slot=slot):
            return s + slot
        case PlayAlchemist(give=give, take=take):
            return s + give * 6 + take
        case PlaySchmuggler(player=player, give=give, take=take):
            return s + player * 36 + give * 6 + take
        case PlaySaboteur(player=player, tower=tower):
            return s + player * MAX_TOWERS + _tower(tower, move)
        case _:
            assert_never(move)


def decode(action: int) -> Move:
    """The move with action id ``action``."""
    if not 0 <= action < ACTION_COUNT:
        raise InvalidMoveError(f"action {action} is not below {ACTION_COUNT}")
    for name, size in BLOCKS:
        s = _START[name]
        if action < s + size:
            return _decode(name, action - s)
    raise AssertionError("unreachable: the blocks cover every id")  # pragma: no cover


def _decode(name: str, k: int) -> Move:
    c = COLOURS
    if name == "ChooseCard":
        return ChooseCard(k // 2, bool(k % 2))
    if name == "PayBrick":
        return PayBrick(c[k])
    if name == "CancelEvent":
        return CancelEvent(bool(k))
    if name == "ChooseTower":
        return ChooseTower(k)
    if name == "DiscardBrick":
        return DiscardBrick(c[k])
    if name == "PayTower":
        return PayTower(k)
    if name == "Exchange":
        return Exchange(k // 6, c[k % 6])
    if name == "PlaceBrick":
        where = k // 6
        return PlaceBrick(None if where == MAX_TOWERS else where, c[k % 6])
    if name == "Fulfil":
        return Fulfil(k // 3, k % 3 - 1)
    if name == "DeliverBellTower":
        return DeliverBellTower(k)
    if name == "DiscardCard":
        return DiscardCard(TITLES[k])
    if name == "EndPhase":
        return EndPhase()
    if name == "PlayGrosshaendler":
        return PlayGrosshaendler(k)
    if name == "PlayMaurer":
        return PlayMaurer()
    if name == "DealCard":
        return DealCard(TITLES[k])
    if name == "DrawBrick":
        return DrawBrick(c[k])
    if name == "PlayAlchemist":
        return PlayAlchemist(c[k // 6], c[k % 6])
    if name == "PlaySchmuggler":
        return PlaySchmuggler(k // 36, c[k % 36 // 6], c[k % 6])
    if name == "PlaySaboteur":
        return PlaySaboteur(k // MAX_TOWERS, k % MAX_TOWERS)
    return PlayPatrizier(TITLES[k])


def action_mask(state: State) -> bytes:
    """One byte per action id: 1 where the move is legal in ``state``."""
    mask = bytearray(ACTION_COUNT)
    for move in legal_moves(state):
        mask[encode(move)] = 1
    return bytes(mask)


def decode_legal(state: State, action: int) -> Move:
    """The legal move of ``state`` with id ``action``; an id of no legal move is refused."""
    move = decode(action)
    if move not in legal_moves(state):
        raise IllegalMoveError(f"action {action} ({move!r}) is not legal now")
    return move


_PER_PLAYER = 6 + MAX_TOWERS * 4 + 2 * len(TITLES) + 3
_BOARD = 36 * 7 + 4 + len(TITLES) + 1
_ROW = _SLOTS * (len(TITLES) + 6)
_REST = 6 + 1 + len(TITLES) + len(Step) + 6 + _PLAYERS * 3 + 3 + len(TITLES) + 6
OBSERVATION_LENGTH = _PLAYERS * _PER_PLAYER + _BOARD + _ROW + _REST
"""The length of every observation vector."""
_NO_PLAYER = (0.0,) * _PER_PLAYER
_STEP_HOT: dict[Step, tuple[float, ...]] = {
    step: tuple(1.0 if other is step else 0.0 for other in Step) for step in Step
}
"""The one-hot part of each step."""


_Part = tuple[float, ...]

_PARTS: dict[tuple[object, ...], tuple[object, _Part]] = {}
"""The parts of vectors lately made: a player's block by the player's identity and hand
size, the seals by their value and the viewer, the row by its identity; each kept with
what it was made from, so that no other object takes its identity while it lasts."""

_PARTS_SIZE = 8192
"""Entries :data:`_PARTS` holds before it is emptied."""


def _kept(key: tuple[object, ...], source: object) -> _Part | None:
    known = _PARTS.get(key)
    return known[1] if known is not None and known[0] is source else None


def _keep(key: tuple[object, ...], source: object, part: list[float]) -> _Part:
    if len(_PARTS) >= _PARTS_SIZE:
        _PARTS.clear()
    kept = tuple(part)
    _PARTS[key] = (source, kept)
    return kept


def _player_part(p: PlayerState, hand_size: int) -> list[float]:
    """A player's block: supply, towers, hand, buildings, seals, prestige, hand size."""
    out: list[float] = [x / 10 for x in p.supply]
    for i in range(MAX_TOWERS):
        if i < len(p.towers):
            t = p.towers[i]
            out.extend(((1 + t.colour) / 6, t.height / 10, float(t.at_turn_start), float(t.raised)))
        else:
            out.extend((0.0, 0.0, 0.0, 0.0))
    hand = [0.0] * len(TITLES)
    for title in p.hand:
        hand[_TITLE[title]] += 1
    out.extend(hand)
    built = [0.0] * len(TITLES)
    for title in p.buildings:
        built[_TITLE[title]] += 1
    out.extend(built)
    out.extend((p.seals / 9, p.prestige / 100, hand_size / 10))
    return out


def _seals_part(seals: tuple[int, ...], me: int, n: int) -> list[float]:
    out: list[float] = []
    for owner in seals:
        cell = [0.0] * 7
        if owner == OPEN:
            cell[0] = 1.0
        elif owner == NEUTRAL:
            cell[1] = 1.0
        else:
            cell[2 + (owner - me) % n] = 1.0
        out.extend(cell)
    return out


def _row_part(row: tuple[RowCard, ...]) -> list[float]:
    out: list[float] = []
    for slot in range(_SLOTS):
        cell = [0.0] * (len(TITLES) + 6)
        if slot < len(row):
            card = row[slot]
            cell[_TITLE[card.title]] = 1.0
            for colour in range(6):
                cell[len(TITLES) + colour] = card.bricks[colour] / 4
        out.extend(cell)
    return out


def observation_vector(view: PlayerView) -> tuple[float, ...]:
    """The fixed-length vector of ``view``, seats turned so that the viewer comes first.

    Counts are scaled to about 0..1; absent players and towers are zeros.  A
    player's block, the seals and the row are kept from vectors lately made, so a
    vector costs little more than what a move changed.
    """
    n = len(view.players)
    me = view.player

    def rel(seat: int) -> int:
        return (seat - me) % n

    out: list[float] = []
    for k in range(_PLAYERS):
        if k >= n:
            out.extend(_NO_PLAYER)
            continue
        seat = (me + k) % n
        p = view.players[seat]
        hand_size = view.hand_sizes[seat]
        key: tuple[object, ...] = (0, id(p), hand_size)
        part = _kept(key, p)
        if part is None:
            part = _keep(key, p, _player_part(p, hand_size))
        out += part
    key = (1, view.seals, me, n)  # by value: kept with no object to check
    part = _kept(key, None)
    if part is None:
        part = _keep(key, None, _seals_part(view.seals, me, n))
    out += part
    out += [1.0 if f in view.level_tiles else 0.0 for f in (5, 6, 7, 8)]
    church = [0.0] * len(TITLES)
    for title in view.church:
        church[_TITLE[title]] = 1.0
    out.extend(church)
    out.append(float(bool(view.bell)))
    key = (2, id(view.row))
    part = _kept(key, view.row)
    if part is None:
        part = _keep(key, view.row, _row_part(view.row))
    out += part
    out += [x / 25 for x in view.bag]
    out.append(view.deck_size / 52)
    discard = [0.0] * len(TITLES)
    for title in view.discard:
        discard[_TITLE[title]] += 0.25
    out.extend(discard)
    out += _STEP_HOT[view.step]
    pending = view.pending
    out.extend(
        (
            pending.slot / 6,
            (1 + pending.colour) / 6,
            pending.count / 10,
            rel(pending.decider) / 4,
            len(pending.chosen) / 6,
            float(pending.title is not None),
        )
    )
    for k in range(_PLAYERS):
        seat = (me + k) % n
        out.append(1.0 if k < n and seat == view.active else 0.0)
        out.append(1.0 if k < n and seat == view.end_holder else 0.0)
        out.append(1.0 if k < n and view.bell and view.bell[seat] else 0.0)
    out.extend((view.turns / 1000, view.placed / 6, float(view.exchanged)))
    played = [0.0] * len(TITLES)
    for title in view.played:
        played[_TITLE[title]] = 1.0
    out.extend(played)
    out += [x / 4 for x in view.card_bricks]
    return tuple(out)


def returns(state: State) -> tuple[float, ...]:
    """One number per player at the end: the winners share 1, the others get 0 (Z108)."""
    if not state.is_over:
        raise IllegalMoveError("the game is not over: no returns yet")
    winners = outcome(state).winners
    share = 1.0 / len(winners)
    return tuple(share if seat in winners else 0.0 for seat in range(len(state.players)))
