"""A search bot for any game: information-set Monte Carlo tree search over determinized states.

:class:`MCTSBot` searches one tree for the decision in front of it, whose
nodes are sequences of moves from the view it was given (single-observer
information-set MCTS).  It knows no game's rules: everything goes through the
game protocol (:mod:`princes_of_florence.games`).  Each iteration:

1. **Determinize**: the game's ``determinize`` deals what the view hides at
   random, giving one complete state consistent with the view (a new one
   every iteration).
2. **Select**: from the root, while every move the search tries in this state
   has been tried at the node, follow the child with the highest UCT score
   ``mean + c * sqrt(ln(available) / visits)``, where *mean* is the child's
   average reward for the player who made its move and *available* counts the
   iterations in which its move was legal (a move may be legal in some
   determinizations only).  Chance moves (with explicit chance) are drawn by
   their probabilities and are not nodes of the tree.
3. **Expand** one untried move.  The moves tried are the game's
   ``search_moves``: the decision's moves without free moves, less what the
   game says a search need not try (in The Princes of Florence, bids and
   purchases beyond the player's cash, :func:`~princes_of_florence.search.within_cash`;
   in Florenz, all but the heuristic's best few).  When the game offers a
   single move at the root, that move is the answer and the search stops
   after its first determinization.  A move the game offers alone below the
   root is no decision: the iteration expands it and goes on below it, so a
   game whose search leaves a turn's small decisions to one move (as
   Firenze's leaves payments to its heuristic) spends no iterations on them.
4. **Roll out** with the game's cheap policy (``rollout_move``) to the end of
   the game, or for at most ``rollout_moves`` moves and then score the
   position: the game's ``estimates`` of the final scores made shares of 1 by
   a softmax with the ``temperature``, or else its ``evaluate``; a game that
   offers neither is played to the end.
5. **Back up** the reward of each player through the nodes on the path; at
   the end of the game the rewards are the game's ``returns``.

The answer is the most visited move at the root; where the game's search
tries one move there (in the first determinization), that move is the answer
with no search.  Free moves (prestige sales, R3) are left out of the search:
they are never better than waiting for a payment to sell exactly the missing
points (revised R4).  With a budget
in iterations the bot is deterministic for a given seed; with a budget in
seconds it depends on the machine's speed.

>>> from princes_of_florence import GameConfig
>>> from princes_of_florence.bots import RandomBot, play_game
>>> bot = MCTSBot(seed=1, params=MCTSParams(iterations=20, rollout_moves=10))
>>> record = play_game(GameConfig(players=3, seed=1), [bot, RandomBot(1), RandomBot(2)])
>>> record.outcome is not None
True
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Sequence
from typing import Any

import attrs

from princes_of_florence.bots.base import resolve_game
from princes_of_florence.games import Game
from princes_of_florence.games.protocol import MoveT

__all__ = ["MCTSBot", "MCTSParams", "SearchStats", "softmax"]

_MOVED = frozenset(("estimate", "evaluate", "rollout_move", "within_cash"))
"""The Princes of Florence's search knowledge, now in :mod:`princes_of_florence.search`."""


def __getattr__(name: str) -> object:
    """The names of :data:`_MOVED`, where they were first published.

    They are The Princes of Florence's, and live in
    :mod:`princes_of_florence.search`; this keeps the old import path
    ``princes_of_florence.bots.mcts.evaluate`` working without the generic
    search depending on the game.
    """
    if name in _MOVED:
        return getattr(importlib.import_module("princes_of_florence.search"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
            scored from the game's estimates; ``None`` plays to the end.
        temperature: points of the game's score (prestige in The Princes of
            Florence) that make one player's reward at a cut-off ``e`` times
            another's (see :func:`~princes_of_florence.bots.mcts.softmax`).
        guided: expand the untried move the game's rollout policy
            (``rollout_move``) picks among the untried ones, instead of one
            at random, so that the first visit of a decision plays what the
            game's policy would.  Off by default.
        from_root: count ``rollout_moves`` from the root, not from the end
            of the iteration's path through the tree, so that every
            iteration's position is scored as far into the game (a deep
            path is rolled out less).  Off by default.
        rollout_explore: the share of rollout moves (and of guided
            expansions) the search draws at random from the moves offered,
            instead of asking the game's ``rollout_move``; 0 by default, which
            leaves every move to the game's policy (a game whose policy explores
            on its own, as Florenz's does, still does).  Where the game's
            policy is its heuristic bot's move and the opponents are that bot,
            0 makes rollouts predict them.

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
    guided: bool = False
    from_root: bool = False
    rollout_explore: float = 0.0

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
        if not 0 <= self.rollout_explore <= 1:
            raise ValueError(
                f"rollout_explore must be a share from 0 to 1, not {self.rollout_explore}"
            )


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


def softmax(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """``values`` as shares of 1: ``exp(value / temperature)`` over the sum for all.

    A lead of ``temperature`` makes one share ``e`` (2.718) times another.

    >>> softmax([3.0, 3.0], 4.0)
    (0.5, 0.5)
    >>> [round(share, 3) for share in softmax([4.0, 0.0], 4.0)]
    [0.731, 0.269]
    """
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


class _Node:
    """A node of the search tree: the moves from here, and the rewards seen."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0  # total reward of the player who made the move into this node


class MCTSBot:
    """Information-set MCTS from the player's view (see the module).

    Args:
        seed: seeds the bot's generator (determinizations and rollouts).
        params: the search settings; :class:`MCTSParams` by default.
        game: the game it plays (or its registered name); The Princes of
            Florence by default.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, observe
        >>> from princes_of_florence.bots import view_moves
        >>> view = observe(new_game(GameConfig(players=3, seed=1)), 0)
        >>> bot = MCTSBot(seed=1, params=MCTSParams(iterations=20))
        >>> bot.choose(view, view_moves(view)) in view_moves(view)
        True
    """

    def __init__(
        self,
        seed: int | str = 0,
        params: MCTSParams | None = None,
        game: Game[Any, Any, Any, Any, Any] | str | None = None,
    ) -> None:
        self.params = params or MCTSParams()
        self.game = resolve_game(game)
        self._rng = random.Random(seed)
        self.last: SearchStats | None = None

    def choose(self, view: Any, moves: Sequence[MoveT]) -> MoveT:
        """The most visited move of a search from ``view``."""
        free = self.game.is_free_move
        plain = [m for m in moves if not free(m)]
        if len(plain) == 1:
            self.last = SearchStats(0, 0.0, 1)
            return plain[0]
        root = self.search(view)
        best: MoveT | None = None
        best_visits = -1
        for move in plain:  # moves the search need not try were never searched: -1 visits
            child = root.children.get(move)
            visits = child.visits if child is not None else -1
            if visits > best_visits:
                best, best_visits = move, visits
        assert best is not None, "the search tried none of the moves offered"
        return best

    def _chance(self, state: Any, rng: random.Random) -> Any:
        """A chance move of ``state``, drawn by its probability."""
        outcomes = self.game.chance_outcomes(state)
        point = rng.random()
        for move, probability in outcomes:
            point -= probability
            if point < 0:
                return move
        return outcomes[-1][0]

    def _cut_off(self, state: Any) -> tuple[float, ...] | None:
        """The rewards of a rollout stopped before the end, or ``None`` if the game offers none."""
        game = self.game
        values = game.estimates(state)
        if values is not None:
            return softmax(values, self.params.temperature)
        return game.evaluate(state)

    def search(self, view: Any) -> _Node:
        """Run one search from ``view`` and return its root."""
        params = self.params
        game = self.game
        determinize = game.determinize
        current = game.current_player
        is_chance = game.is_chance_node
        search_moves = game.search_moves
        game_policy = game.rollout_move
        explore = params.rollout_explore
        rng = self._rng

        def exploring(state: Any, moves: Sequence[Any], rng: random.Random) -> Any:
            """The game's rollout move, or a share ``explore`` of the time one at random."""
            if rng.random() < explore:
                return moves[int(rng.random() * len(moves))]
            return game_policy(state, moves, rng)

        rollout_move = exploring if explore else game_policy

        apply = game.apply
        root = _Node()
        c = params.exploration
        guided = params.guided
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
            if iterations == 1 and current(state) is not None:
                first = search_moves(state)
                if len(first) == 1:  # one move to try: nothing to search
                    root.children[first[0]] = _Node()
                    break
            node = root
            path: list[tuple[_Node, int]] = []
            depth = 0  # moves from the root
            # Selection and expansion.
            while True:
                seat = current(state)
                if seat is None:
                    if not is_chance(state):
                        break
                    state = apply(state, self._chance(state, rng))
                    depth += 1
                    continue
                legal = search_moves(state)
                children = node.children
                untried = [m for m in legal if m not in children]
                if untried:
                    if guided:
                        move = rollout_move(state, untried, rng)
                    else:
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
                    depth += 1
                    path.append((child, seat))
                    if len(legal) == 1:  # a forced move is no decision: expand on below it
                        node = child
                        continue
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
                depth += 1
                path.append((best_child, seat))
                node = best_child
            # Rollout.
            limit = params.rollout_moves
            steps = depth if params.from_root else 0
            rewards: tuple[float, ...] | None = None
            while True:
                if current(state) is None:
                    if not is_chance(state):
                        break
                    state = apply(state, self._chance(state, rng))
                    steps += 1
                    continue
                if limit is not None and steps >= limit:
                    rewards = self._cut_off(state)
                    if rewards is not None:
                        break
                    limit = None  # the game offers no estimate: play on to the end
                state = apply(state, rollout_move(state, search_moves(state), rng))
                steps += 1
            if rewards is None:
                rewards = game.returns(state)
            root.visits += 1
            for child, mover in path:
                child.visits += 1
                child.reward += rewards[mover]
        self.last = SearchStats(iterations, clock() - start, len(root.children))
        return root
