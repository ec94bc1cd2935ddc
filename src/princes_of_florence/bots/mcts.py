"""A search bot: information-set Monte Carlo tree search over determinized states.

:class:`MCTSBot` searches one tree for the decision in front of it, whose
nodes are sequences of moves from the view it was given (single-observer
information-set MCTS).  Each iteration:

1. **Determinize**: :func:`~princes_of_florence.determinize` deals the cards
   the view hides at random, giving one complete state consistent with the
   view (a new one every iteration).
2. **Select**: from the root, while every move legal in this state has been
   tried at the node, follow the child with the highest UCT score
   ``mean + c * sqrt(ln(available) / visits)``, where *mean* is the child's
   average reward for the player who made its move and *available* counts the
   iterations in which its move was legal (a move may be legal in some
   determinizations only).
3. **Expand** one untried legal move.
   Bids and purchases beyond the player's cash are left out
   (:func:`within_cash`).
4. **Roll out** with a cheap policy (:func:`rollout_move`) to the end of the
   game, or for at most ``rollout_moves`` moves and then score the position
   with :func:`~princes_of_florence.bots.mcts.evaluate`.
5. **Back up** the reward of each player through the nodes on the path.

The answer is the most visited move at the root.  Prestige sales (R3) are
left out of the search: they are never better than waiting for a payment to
sell exactly the missing points (revised R4).  With a budget in iterations the
bot is deterministic for a given seed; with a budget in seconds it depends on
the machine's speed.

>>> from princes_of_florence import GameConfig
>>> from princes_of_florence.bots import RandomBot, play_game
>>> bot = MCTSBot(seed=1, params=MCTSParams(iterations=20, rollout_moves=10))
>>> record = play_game(GameConfig(players=3, seed=1), [bot, RandomBot(1), RandomBot(2)])
>>> record.outcome is not None
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

import attrs

from princes_of_florence.bots.heuristic import future_work_pay
from princes_of_florence.engine import apply, is_terminal, legal_moves, outcome
from princes_of_florence.moves import (
    Bid,
    Build,
    BuyBonus,
    BuyPerson,
    Convert,
    FinishWork,
    IntroduceFreedom,
    Move,
    Open,
    SellPrestige,
    Take,
    Work,
)
from princes_of_florence.observation import PlayerView, determinize
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import GameState

__all__ = [
    "MCTSBot",
    "MCTSParams",
    "SearchStats",
    "estimate",
    "evaluate",
    "rollout_move",
    "within_cash",
]


@attrs.frozen
class MCTSParams:
    """How :class:`MCTSBot` searches.

    Attributes:
        iterations: iterations per decision (the budget when ``seconds`` is
            ``None``).
        seconds: a time budget per decision instead of ``iterations``, in
            seconds of the process's CPU time (on a busy machine a search
            takes longer than this by the clock, but searches as much).
        exploration: the UCT constant ``c``.
        rollout_moves: the most moves a rollout plays before the position is
            scored by :func:`~princes_of_florence.bots.mcts.evaluate`; ``None`` plays to the end.
        temperature: prestige points that make one player's reward at a
            cut-off ``e`` times another's (see :func:`~princes_of_florence.bots.mcts.evaluate`).

    Example:
        >>> MCTSParams(iterations=200).iterations, MCTSParams().exploration
        (200, 0.7)
        >>> MCTSParams(seconds=0.5).seconds
        0.5
    """

    iterations: int = 400
    seconds: float | None = None
    exploration: float = 0.7
    rollout_moves: int | None = 30
    temperature: float = 4.0

    def __attrs_post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"iterations must be at least 1, not {self.iterations}")
        # a NaN fails every comparison and an infinite budget never runs out
        if self.seconds is not None and not 0 < self.seconds < math.inf:
            raise ValueError(f"seconds must be a positive number, not {self.seconds}")
        if self.rollout_moves is not None and self.rollout_moves < 0:
            raise ValueError(f"rollout_moves must not be negative, not {self.rollout_moves}")
        if not 0 <= self.exploration < math.inf:
            raise ValueError(f"exploration must be a number from 0, not {self.exploration}")
        if not 0 < self.temperature < math.inf:
            raise ValueError(f"temperature must be a positive number, not {self.temperature}")


@attrs.frozen
class SearchStats:
    """What the last search did.

    Attributes:
        iterations: iterations run.
        seconds: CPU time spent searching.
        root_moves: moves tried at the root.
    """

    iterations: int
    seconds: float
    root_moves: int

    @property
    def per_second(self) -> float:
        """Iterations per second of CPU time."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


def estimate(state: GameState, player: int) -> float:
    """A player's expected final prestige, judged from the table.

    Prestige held, plus 3 points for every prestige card held (about what a
    card scores, R24), plus the money and what the works still to come should
    pay (:func:`~princes_of_florence.bots.heuristic.future_work_pay`) at
    ``100 + 30 * round`` florins a point: dear early, when money still buys
    what raises the works, and near a conversion's 200 at the end.  Objects
    bought thus count through the works they raise.
    """
    seen = state.players[player]
    florins = seen.money + future_work_pay(state, player)
    rate = 100.0 + 30.0 * state.round
    return seen.prestige + 3.0 * len(seen.prestige_cards) + florins / rate


def evaluate(state: GameState, temperature: float = 4.0) -> tuple[float, ...]:
    """Each seat's reward for ``state``, from 0 to 1, summing to 1.

    At the end of the game the winners share 1 (R24).  Before the end each
    seat's :func:`estimate` ``e`` is turned into a share by a softmax:
    ``exp(e / temperature)`` over the sum for all seats, so a lead of
    ``temperature`` points makes a seat's share ``e`` (2.718) times another's.
    """
    count = len(state.players)
    if is_terminal(state):
        winners = outcome(state).winners
        share = 1.0 / len(winners)
        return tuple(share if seat in winners else 0.0 for seat in range(count))
    values = [estimate(state, seat) for seat in range(count)]
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


_DEAREST = max(
    catalog().rules.build_cost[0],
    catalog().rules.base_price,
    catalog().rules.base_price_two_players,
    catalog().rules.person_cost,
    catalog().rules.bonus_cost,
    catalog().rules.freedom_cost,
)
"""The highest price of anything but a bid."""


def within_cash(state: GameState, moves: Sequence[Move]) -> Sequence[Move]:
    """``moves`` without the bids and purchases the player's cash does not cover.

    Revised R4 lets a player pay with prestige sold at 100 florins a point;
    a search that cuts its rollouts off early sees the object bought but not
    what it cost, so it is kept to cash.  All of ``moves`` if none is left.
    """
    seat = state.current_player
    if seat is None:
        return moves
    cash = state.players[seat].money
    if cash >= _DEAREST:  # only a bid (offered first, before pass) can cost more
        first = moves[0] if moves else None
        if isinstance(first, Bid) and first.amount > cash:
            return moves[1:]
        return moves
    rules = catalog().rules
    kept: list[Move] = []
    for move in moves:
        if isinstance(move, Bid):
            price = move.amount
        elif isinstance(move, (Open, Take)):
            price = ruleset(state.config).base_price  # ruling R12
        elif isinstance(move, Build):
            price = rules.build_cost[state.players[seat].builders]
        elif isinstance(move, BuyPerson):
            price = rules.person_cost
        elif isinstance(move, BuyBonus):
            price = rules.bonus_cost
        elif isinstance(move, IntroduceFreedom):
            price = rules.freedom_cost
        else:
            price = 0
        if price <= cash:
            kept.append(move)
    return kept or moves


def rollout_move(state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
    """The cheap policy of the rollouts: random, with a few obvious preferences.

    It works whenever it can and finishes a work once it may; while bidding
    it passes half the time (bidding for everything drains money); it
    converts nothing before round 5 and everything in the last round; any
    other decision is uniform.
    """
    first = moves[0]
    if isinstance(first, Work):
        return first
    if isinstance(first, Bid) and len(moves) > 1 and rng.random() < 0.5:
        return moves[1]
    if isinstance(first, Convert):
        if state.round >= catalog().rules.rounds:
            return moves[-1]
        return first if state.round < 5 else moves[rng.randrange(len(moves))]
    last = moves[-1]
    if isinstance(last, FinishWork) and rng.random() < 0.5:
        return last
    return moves[int(rng.random() * len(moves))]


class _Node:
    """A node of the search tree: the moves from here, and the rewards seen."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # total reward of the player who made the move into this node


class MCTSBot:
    """Information-set MCTS from the player's view (see the module).

    Args:
        seed: seeds the bot's generator (determinizations and rollouts).
        params: the search settings; :class:`MCTSParams` by default.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, observe
        >>> from princes_of_florence.bots import view_moves
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 0)
        >>> bot = MCTSBot(seed=1, params=MCTSParams(iterations=20))
        >>> bot.choose(view, view_moves(view)) in view_moves(view)
        True
    """

    def __init__(self, seed: int | str = 0, params: MCTSParams | None = None) -> None:
        self.params = params or MCTSParams()
        self._rng = random.Random(seed)
        self.last: SearchStats | None = None

    def choose(self, view: PlayerView, moves: Sequence[Move]) -> Move:
        """The most visited move of a search from ``view``."""
        plain = [m for m in moves if not isinstance(m, SellPrestige)]
        if len(plain) == 1:
            self.last = SearchStats(0, 0.0, 1)
            return plain[0]
        root = self.search(view)
        best: Move | None = None
        best_visits = -1
        for move in plain:  # moves outside cash were never searched: -1 visits
            child = root.children.get(move)
            visits = child.visits if child is not None else -1
            if visits > best_visits:
                best, best_visits = move, visits
        assert best is not None
        return best

    def search(self, view: PlayerView) -> _Node:
        """Run one search from ``view`` and return its root."""
        params = self.params
        rng = self._rng
        root = _Node()
        c = params.exploration
        limit = params.rollout_moves
        temperature = params.temperature
        clock = time.process_time  # CPU time: other work on the machine does not count
        start = clock()
        deadline = None if params.seconds is None else start + params.seconds
        iterations = 0
        while True:
            if deadline is None:
                if iterations >= params.iterations:
                    break
            elif iterations and clock() >= deadline:
                break
            iterations += 1
            state = determinize(view, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            # Selection and expansion.
            while True:
                seat = state.current_player
                if seat is None:
                    break
                legal = within_cash(state, legal_moves(state))
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    move = untried[int(rng.random() * len(untried))]
                    child = _Node()
                    children[move] = child
                    child.available = 1
                    for other in legal:
                        if other is not move:
                            sibling = children.get(other)
                            if sibling is not None:
                                sibling.available += 1
                    state = apply(state, move)
                    path.append((child, seat))
                    break
                best_child = None
                best_move = legal[0]
                best_score = -1.0
                for move in legal:
                    child = children[move]
                    child.available += 1
                    score = child.reward / child.visits + c * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_score, best_child, best_move = score, child, move
                assert best_child is not None
                state = apply(state, best_move)
                path.append((best_child, seat))
                node = best_child
            # Rollout.
            steps = 0
            while state.current_player is not None and (limit is None or steps < limit):
                state = apply(
                    state, rollout_move(state, within_cash(state, legal_moves(state)), rng)
                )
                steps += 1
            rewards = evaluate(state, temperature)
            root.visits += 1
            for child, mover in path:
                child.visits += 1
                child.reward += rewards[mover]
        self.last = SearchStats(iterations, clock() - start, len(root.children))
        return root
