"""A Florenz heuristic bot: one move of look-ahead on what it sees, valued by
VP, time and the scorings it can foresee."""

from __future__ import annotations

from collections.abc import Sequence

from princes_of_florence.florenz.engine import apply
from princes_of_florence.florenz.ids import Medici, Rank, Stage
from princes_of_florence.florenz.moves import Accept, BonusTime, BonusVP, Discard, Move
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG, control_order
from princes_of_florence.florenz.state import GameState

__all__ = ["HeuristicBot", "value"]

_DISC = CATALOG.raw.disc
_PLANS = CATALOG.raw.plans


def _queue_value(state: GameState, me: int, round_: int, location: int, weight: float) -> float:
    sector = _DISC[round_ - 1]
    medici = CATALOG.medici_of_round[round_ - 1]
    queue = state.queues[location]
    if medici is Medici.GIOVANNI:
        order = control_order(queue)
        if me in order and order.index(me) < len(sector.rewards):
            cost, vp = sector.rewards[order.index(me)]
            return weight * (vp - cost)
        return 0.0
    total = 0.0
    for position, (family, rank) in enumerate(queue):
        if family == me and not (medici is Medici.CONTESSINA and rank == Rank.DEBUTANT):
            total += sector.queue_vp[position]
    return weight * total


def value(state: GameState, me: int) -> float:
    """How good ``state`` looks for family ``me`` (higher is better)."""
    family = state.families[me]
    if state.stage is Stage.OVER:
        return float(family.vp)
    score = family.vp + 0.4 * family.time + 0.3 * len(family.hand)
    for ahead, weight in ((0, 0.8), (1, 0.35), (2, 0.2)):
        round_ = state.round + ahead
        if round_ <= len(_DISC):
            target = state.location_tiles[round_ - 1]
            if target:
                score += _queue_value(state, me, round_, target, weight)
    medici = CATALOG.medici_of_round[state.round - 1]
    location, target = state.carriages[medici], state.targets[medici]
    head = _DISC[state.round - 1].head_vp
    while target and location != target:
        location = CATALOG.successor[location]
        queue = state.queues[location]
        if queue and queue[0][0] == me:
            score += head
    members = sum(1 for q in state.queues for f, _ in q if f == me)
    at_plan = (
        sum(1 for loc in _PLANS.cards[family.plan] for f, _ in state.queues[loc] if f == me)
        if family.plan >= 0
        else 0
    )
    table = _PLANS.table
    score += 1.2 * members + 0.5 * table[min(at_plan, len(table) - 1)] + 0.5 * at_plan
    return score


class HeuristicBot:
    """Picks the move whose result :func:`value` rates best, on its own view."""

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """One of ``moves``, the legal moves of ``view``."""
        state = view.state
        me = view.player
        if state.stage is Stage.GIOVANNI:
            if Accept() in moves:
                return Accept()
            discards = [m for m in moves if isinstance(m, Discard)]
            return discards[0] if discards else moves[0]
        if state.stage is Stage.BONUS:
            choices = [m for m in moves if not isinstance(m, Discard)]
        else:
            choices = [m for m in moves if not isinstance(m, Discard)]
        best, best_value = choices[0], float("-inf")
        for move in choices:
            after = apply(state, move)
            score = value(after, me)
            if isinstance(move, BonusVP | BonusTime):
                score += 0.01
            if score > best_value:
                best, best_value = move, score
        return best
