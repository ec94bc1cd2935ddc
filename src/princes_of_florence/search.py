"""What The Princes of Florence tells a search bot: moves worth searching, rollouts, estimates.

The generic :class:`~princes_of_florence.bots.MCTSBot` knows no game; it asks
the game, through the protocol (:mod:`princes_of_florence.games`), which moves
to search, how a rollout plays and what a position cut off before the end is
worth.  For this game the answers are here:

* :func:`search_moves`: the decision's moves (prestige sales left out, R3)
  without the bids and purchases the player's cash does not cover
  (:func:`within_cash`);
* :func:`rollout_move`: a cheap random policy with a few obvious preferences;
* :func:`estimate` and :func:`estimates`: each player's expected final
  prestige, which :func:`evaluate` turns into shares of 1.

>>> from princes_of_florence import GameConfig, new_game
>>> state = new_game(GameConfig(players=3, seed=1))
>>> [str(move) for move in search_moves(state)][:2]
['return architect', 'return physicist']
>>> round(sum(evaluate(state)), 9)
1.0
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from princes_of_florence.engine import is_terminal, legal_moves, outcome
from princes_of_florence.heuristic import future_work_pay
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
    Take,
    Work,
)
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import GameState

__all__ = [
    "estimate",
    "estimates",
    "evaluate",
    "rollout_move",
    "search_moves",
    "within_cash",
]


def estimate(state: GameState, player: int) -> float:
    """A player's expected final prestige, judged from the table.

    Prestige held, plus 3 points for every prestige card held (about what a
    card scores, R24), plus the money and what the works still to come should
    pay (:func:`~princes_of_florence.heuristic.future_work_pay`) at
    ``100 + 30 * round`` florins a point: dear early, when money still buys
    what raises the works, and near a conversion's 200 at the end.  Objects
    bought thus count through the works they raise.
    """
    seen = state.players[player]
    florins = seen.money + future_work_pay(state, player)
    rate = 100.0 + 30.0 * state.round
    return seen.prestige + 3.0 * len(seen.prestige_cards) + florins / rate


def estimates(state: GameState) -> tuple[float, ...]:
    """Every player's :func:`estimate`, by player."""
    return tuple(estimate(state, player) for player in range(len(state.players)))


def _softmax(values: Sequence[float], temperature: float) -> tuple[float, ...]:
    """``values`` as shares of 1, as :func:`princes_of_florence.bots.mcts.softmax` makes them."""
    top = max(values)
    weights = [math.exp((value - top) / temperature) for value in values]
    total = sum(weights)
    return tuple(weight / total for weight in weights)


def evaluate(state: GameState, temperature: float = 4.0) -> tuple[float, ...]:
    """Each player's reward for ``state``, from 0 to 1, summing to 1.

    At the end of the game the winners share 1 (R24).  Before the end each
    player's :func:`estimate` ``e`` is turned into a share by a softmax:
    ``exp(e / temperature)`` over the sum for all players, so a lead of
    ``temperature`` points makes a player's share ``e`` (2.718) times another's.
    """
    count = len(state.players)
    if is_terminal(state):
        winners = outcome(state).winners
        share = 1.0 / len(winners)
        return tuple(share if player in winners else 0.0 for player in range(count))
    return _softmax(estimates(state), temperature)


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


def search_moves(state: GameState) -> Sequence[Move]:
    """The moves a search tries in ``state``: :func:`within_cash` of the decision's moves.

    Prestige sales (R3) are left out: they are never better than waiting for
    a payment to sell exactly the missing points (revised R4).
    """
    return within_cash(state, legal_moves(state))


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
