"""Florenz's observation vector as the package defined it before it was built from
cached sections, kept to check it.

``tests/test_florenz_fast_learning.py`` compares the two on random games of every
configuration; the code below is the earlier function's, unchanged but for its
imports and the names of its constants.
"""

from __future__ import annotations

from princes_of_florence.florenz.ids import LOCATIONS, Medici, ScandalKind, Stage
from princes_of_florence.florenz.observation import PlayerView

_SPACES = range(7)
_PER_FAMILY = 14
_FAMILIES = 5


def observation_vector(view: PlayerView) -> tuple[float, ...]:
    """What the view's family sees, as a fixed-length vector of numbers in [0, 1];
    families are ordered from the viewer clockwise."""
    state = view.state
    n = len(state.families)
    me = view.player
    out: list[float] = []

    def family_hot(family: int) -> list[float]:
        hot = [0.0] * _FAMILIES
        if family != -1:
            hot[(family - me) % n] = 1.0
        return hot

    for loc in LOCATIONS:
        queue = state.queues[loc]
        for pos in _SPACES:
            if pos < len(queue):
                out += [*family_hot(queue[pos][0]), queue[pos][1] / 3]
            else:
                out += [0.0] * (_FAMILIES + 1)
    for loc in LOCATIONS:
        for owner in state.cups[loc]:
            out += family_hot(owner)
    for crests in (state.escorts, state.spies[1:], state.doormen[1:]):
        for crest in crests:
            hot = [0.0] * _FAMILIES
            for owner in crest:
                hot[(owner - me) % n] = 1.0
            out += hot
    for loc in LOCATIONS:
        hot = [0.0] * 9
        hot[state.boast_tiles[loc]] = 1.0
        out += hot
    for medici in Medici:
        hot = [0.0] * 9
        if state.carriages[medici]:  # 0 while explicit chance deals the setup
            hot[state.carriages[medici] - 1] = 1.0
        out += hot
    for medici in Medici:
        hot = [0.0] * 10
        hot[state.targets[medici]] = 1.0
        out += hot
    out += [1.0 if state.round == r else 0.0 for r in range(1, 10)]
    out += [1.0 if state.stage is s else 0.0 for s in Stage]
    for index in range(9):
        hot = [0.0] * 9
        if state.location_tiles[index]:
            hot[state.location_tiles[index] - 1] = 1.0
        out += hot
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
                *(g / 6 for g in f.given),
                len(view.hands[index]) / 5,
                1.0 if f.passed else 0.0,
            ]
        else:
            out += [0.0] * _PER_FAMILY
    own = state.families[me]
    out += [own.hand.count(kind) / 3 for kind in ScandalKind]
    out += [1.0 if own.plan == p else 0.0 for p in range(6)]
    out += [size / 12 for size in view.deck_sizes]
    solo = state.strozzi
    out += [0.0, 0.0] if solo is None else [1.0, solo.drawn / 6]
    return tuple(out)
