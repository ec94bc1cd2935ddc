"""Firenze's observation vector as the package defined it before its player blocks, seals
and row were kept, kept to check it.

``tests/test_firenze_fast_learning.py`` compares the two on random games of every
table; the code below is the earlier function's, unchanged but for its imports.
"""

from __future__ import annotations

from princes_of_florence.firenze.ids import Step
from princes_of_florence.firenze.learning import _PLAYERS, _SLOTS, _TITLE, MAX_TOWERS, TITLES
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.state import NEUTRAL, OPEN

_PER_PLAYER = 6 + MAX_TOWERS * 4 + 2 * len(TITLES) + 3
_BOARD = 36 * 7 + 4 + len(TITLES) + 1
_ROW = _SLOTS * (len(TITLES) + 6)
_REST = 6 + 1 + len(TITLES) + len(Step) + 6 + _PLAYERS * 3 + 3 + len(TITLES) + 6
OBSERVATION_LENGTH = _PLAYERS * _PER_PLAYER + _BOARD + _ROW + _REST
"""The length of every observation vector."""


def observation_vector(view: PlayerView) -> tuple[float, ...]:
    """The fixed-length vector of ``view``, seats turned so that the viewer comes first.

    Counts are scaled to about 0..1; absent players and towers are zeros.
    """
    n = len(view.players)
    me = view.player

    def rel(seat: int) -> int:
        return (seat - me) % n

    out: list[float] = []
    for k in range(_PLAYERS):
        if k >= n:
            out.extend([0.0] * _PER_PLAYER)
            continue
        seat = (me + k) % n
        p = view.players[seat]
        out.extend(x / 10 for x in p.supply)
        for i in range(MAX_TOWERS):
            if i < len(p.towers):
                t = p.towers[i]
                out.extend(
                    ((1 + t.colour) / 6, t.height / 10, float(t.at_turn_start), float(t.raised))
                )
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
        out.extend((p.seals / 9, p.prestige / 100, view.hand_sizes[seat] / 10))
    for owner in view.seals:
        cell = [0.0] * 7
        if owner == OPEN:
            cell[0] = 1.0
        elif owner == NEUTRAL:
            cell[1] = 1.0
        else:
            cell[2 + rel(owner)] = 1.0
        out.extend(cell)
    out.extend(1.0 if f in view.level_tiles else 0.0 for f in (5, 6, 7, 8))
    church = [0.0] * len(TITLES)
    for title in view.church:
        church[_TITLE[title]] = 1.0
    out.extend(church)
    out.append(float(bool(view.bell)))
    for slot in range(_SLOTS):
        cell = [0.0] * (len(TITLES) + 6)
        if slot < len(view.row):
            card = view.row[slot]
            cell[_TITLE[card.title]] = 1.0
            for colour in range(6):
                cell[len(TITLES) + colour] = card.bricks[colour] / 4
        out.extend(cell)
    out.extend(x / 25 for x in view.bag)
    out.append(view.deck_size / 52)
    discard = [0.0] * len(TITLES)
    for title in view.discard:
        discard[_TITLE[title]] += 0.25
    out.extend(discard)
    out.extend(1.0 if view.step is step else 0.0 for step in Step)
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
    out.extend(x / 4 for x in view.card_bricks)
    return tuple(out)
