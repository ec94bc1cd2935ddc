"""A Florenz heuristic bot: one move of look-ahead on what it sees, valued by
VP, time and the scorings it can foresee; and what it tells a search bot.

:func:`value` rates a state for one family; :func:`ratings` rates each move
of a decision by the state it leads to.  :class:`HeuristicBot` plays the best
rated move.  A search bot (:class:`~princes_of_florence.bots.mcts.MCTSBot`
through :data:`princes_of_florence.florenz.game.GAME`) tries only the
:func:`candidates`, the few best rated moves, rolls out with
:func:`rollout_move` and scores a position cut off by :func:`shares`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from princes_of_florence.florenz.engine import apply
from princes_of_florence.florenz.engine import legal_moves as engine_legal_moves
from princes_of_florence.florenz.ids import Medici, Rank, Stage
from princes_of_florence.florenz.moves import Accept, BonusTime, BonusVP, Discard, Gift, Move, Pass
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG, control_order
from princes_of_florence.florenz.state import GameState

__all__ = [
    "CANDIDATES",
    "MARGIN",
    "TEMPERATURE",
    "HeuristicBot",
    "candidates",
    "ratings",
    "rollout_move",
    "shares",
    "value",
]

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


def ratings(state: GameState, moves: Sequence[Move]) -> tuple[float, ...]:
    """The :func:`value` for the deciding family of the state each move leads to.

    A pass bonus of time or VP gets a hundredth more, so that it wins a tie
    with a swap that changes nothing.
    """
    me = state.player
    rated = []
    for move in moves:
        score = value(apply(state, move), me)
        if isinstance(move, BonusVP | BonusTime):
            score += 0.01
        rated.append(score)
    return tuple(rated)


CANDIDATES = 3
"""The most moves :func:`candidates` offers a search."""
MARGIN = 3.0
"""Points of :func:`value` below the best rated move beyond which a move is not searched."""
TEMPERATURE = 12.0
"""Points of :func:`value` that make one family's share in :func:`shares` ``e`` times another's."""

_RATED: tuple[GameState | None, dict[Move, float]] = (None, {})
"""The ratings of the last state :func:`candidates` rated, for :func:`rollout_move`."""


def candidates(state: GameState) -> tuple[Move, ...]:
    """The moves worth searching at a decision, in their legal order.

    The decision's moves (no free discard, one ring of Pass, one crest of a
    gift to each Medici) rated by :func:`ratings`: the best
    :data:`CANDIDATES` of those within :data:`MARGIN` of the best, so a
    clear decision offers one move.  Giovanni's offer (D5) offers both
    answers; a chance node or the end, every legal move.

    >>> from princes_of_florence.florenz.config import GameConfig
    >>> from princes_of_florence.florenz.engine import legal_moves, new_game
    >>> state = new_game(GameConfig(players=4, seed=2))
    >>> 1 <= len(candidates(state)) <= CANDIDATES < len(legal_moves(state))
    True
    """
    global _RATED
    moves = engine_legal_moves(state)
    if state.stage in (Stage.OVER, Stage.CHANCE):
        return moves
    plain: list[Move] = []
    alike: set[object] = set()
    for move in moves:
        # value() reads neither the rings nor the guards: every ring of a Pass (rule
        # F54) rates alike, as every crest of a gift to one Medici (F70); the first
        # stands for them all, as it does for the heuristic bot, which keeps the first
        # of equals.  A free discard (FR20) is never searched.
        match move:
            case Discard():
                continue
            case Pass():
                key: object = Pass
            case Gift(medici, _):
                key = medici
            case _:
                key = None
        if key is not None:
            if key in alike:
                continue
            alike.add(key)
        plain.append(move)
    if len(plain) <= 1:
        return tuple(plain) or moves
    rated = dict(zip(plain, ratings(state, plain), strict=True))
    _RATED = (state, rated)
    if state.stage is Stage.GIOVANNI:
        return tuple(plain)
    best = sorted(range(len(plain)), key=lambda index: -rated[plain[index]])[:CANDIDATES]
    floor = rated[plain[best[0]]] - MARGIN
    return tuple(plain[index] for index in sorted(best) if rated[plain[index]] >= floor)


def rollout_move(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    """A rollout's move among ``moves``: the best rated, or one at random a tenth of the time.

    The ratings are those :func:`candidates` made of ``state``; for a state
    it did not rate the move is drawn at random.
    """
    rated_state, rated = _RATED
    if rated_state is not state or rng.random() < 0.1:
        return moves[int(rng.random() * len(moves))]
    return max(moves, key=lambda move: rated.get(move, -math.inf))


def shares(state: GameState) -> tuple[float, ...]:
    """Each family's share of 1 at a position cut off: :func:`value` by a
    softmax with a temperature of :data:`TEMPERATURE` points.

    >>> from princes_of_florence.florenz.config import GameConfig
    >>> from princes_of_florence.florenz.engine import new_game
    >>> round(sum(shares(new_game(GameConfig(players=3, seed=1)))), 9)
    1.0
    """
    values = [value(state, family) for family in range(len(state.families))]
    top = max(values)
    weights = [math.exp((v - top) / TEMPERATURE) for v in values]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


class HeuristicBot:
    """Picks the move whose result :func:`value` rates best, on its own view."""

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """One of ``moves``, the legal moves of ``view``."""
        state = view.state
        if state.stage is Stage.GIOVANNI:
            if Accept() in moves:
                return Accept()
            discards = [m for m in moves if isinstance(m, Discard)]
            return discards[0] if discards else moves[0]
        choices = [m for m in moves if not isinstance(m, Discard)]
        rated = ratings(state, choices)
        best = max(range(len(choices)), key=rated.__getitem__)  # the first of equals
        return choices[best]
