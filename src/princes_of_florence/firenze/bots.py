"""A Firenze heuristic bot, and the rollout policy and evaluation search bots use.

The heuristic bot sees only its player's view.  It keeps its towers standing
(every tower gets a brick), aims each tower at an open commission of its colour,
fulfils the most valuable commission it can, takes the row card whose bricks are
worth most for their cost, and pays and discards with the colours it does not
build, cheapest first.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game, legal_moves
>>> from princes_of_florence.firenze.observation import observe
>>> state = new_game(FirenzeConfig(players=2, seed=1))
>>> HeuristicBot(0).choose(observe(state, 0), legal_moves(state)) in legal_moves(state)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.ids import CardKind, Step, Title
from princes_of_florence.firenze.moves import (
    CancelEvent,
    ChooseCard,
    ChooseTower,
    DeliverBellTower,
    DiscardBrick,
    DiscardCard,
    EndPhase,
    Fulfil,
    Move,
    PayBrick,
    PayTower,
    PlaceBrick,
    PlayAlchemist,
    PlayMaurer,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.rules.legal import balcony_commissions, legal_moves
from princes_of_florence.firenze.state import OPEN, PlayerState, State

__all__ = ["HeuristicBot", "estimates", "evaluate", "rollout_move", "search_moves"]

_CARD_WORTH = {
    Title.WERKSTATT: 3.0,
    Title.LAGERHAUS: 2.0,
    Title.BRUECKE: 1.0,
    Title.MAURER: 1.5,
    Title.ARCHITEKT: 1.5,
    Title.FUERSTIN: 1.0,
    Title.RUHM: 3.0,
    Title.DENKMAL: 1.0,
    Title.ANERKENNUNG: 2.0,
    Title.ANERKENNUNG3: 1.0,
    Title.ANERKENNUNG4: 1.0,
    Title.BLAMAGE: -2.0,
    Title.SKANDAL: -3.0,
    Title.EINSTURZ: -2.0,
    Title.LAGERBRAND: -2.0,
    Title.PFUSCH: -1.0,
    Title.TRIBUT: -1.0,
    Title.LUXUSSTEUER: -1.0,
    Title.HOCHWASSER: -1.0,
}

Where = State | PlayerView


def _value(where: Where, colour: int, floors: int) -> float:
    """The prestige of fulfilling ``colour``'s ``floors`` commission now, 0 if closed."""
    catalog = default_catalog()
    c = catalog.constants
    if not c.min_floors <= floors <= c.max_floors:
        return 0.0
    index = colour * catalog.floors_per_tower + floors - c.min_floors
    if where.seals[index] != OPEN:
        return 0.0
    balconies = balcony_commissions(catalog)
    for tile in where.balconies:
        if balconies[tile] == index:
            nxt = next(
                (balconies[t] for t in where.balconies if where.seals[balconies[t]] == OPEN), None
            )
            return float(catalog.balcony(tile).prestige) if nxt == index else 0.0
    bonus = next(
        (
            t.prestige
            for t in catalog.level_tiles
            if t.floors == floors and floors in where.level_tiles
        ),
        0,
    )
    return float(catalog.commission_prestige(index) + bonus)


def _target(where: Where, colour: int, height: int) -> int | None:
    """The lowest open commission of ``colour`` at least ``height`` floors, if any."""
    c = default_catalog().constants
    for floors in range(max(height, c.min_floors), c.max_floors + 1):
        if _value(where, colour, floors) > 0:
            return floors
    return None


def _discard_key(me: PlayerState) -> list[int]:
    built = {t.colour for t in me.towers}
    return sorted(range(6), key=lambda c: (c in built, c))


class HeuristicBot:
    """A bot that plays by the rules of thumb in the module docstring."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Where, moves: Sequence[Move]) -> Move:
        """One of ``moves``, the legal moves of ``view``."""
        return _heuristic(view, moves, self.rng)


def _heuristic(where: Where, moves: Sequence[Move], rng: random.Random) -> Move:
    me = where.players[where.decider]
    step = where.step
    fulfils = [m for m in moves if isinstance(m, Fulfil)]
    if fulfils:

        def worth(m: Fulfil) -> float:
            t = me.towers[m.tower]
            return _value(where, t.colour, t.height + m.architect) - (1.0 if m.architect else 0.0)

        return max(fulfils, key=worth)
    bells = [m for m in moves if isinstance(m, DeliverBellTower)]
    if bells:
        return bells[0]
    order = _discard_key(me)
    if step in (Step.PAY_CARD, Step.PAY_EXCHANGE, Step.PAY_BUILD):
        pays = {int(m.colour): m for m in moves if isinstance(m, PayBrick)}
        return pays[next(c for c in order if c in pays)]
    if step in (Step.DISCARD_BRICKS, Step.EVENT_BRICKS):
        drops = {int(m.colour): m for m in moves if isinstance(m, DiscardBrick)}
        return drops[next(c for c in order if c in drops)]
    if step is Step.PATRIZIER:
        return CancelEvent(bool(me.towers) or sum(me.supply) > 3)
    if step is Step.EVENT_TOWER:
        towers = [m for m in moves if isinstance(m, ChooseTower)]
        return min(towers, key=lambda m: me.towers[m.tower].height)
    if step is Step.EVENT_TOWERS_PAID:
        paid = [m for m in moves if isinstance(m, PayTower)]
        return max(paid, key=lambda m: me.towers[m.tower].height)
    if step is Step.DISCARD_CARDS:
        cards = [m for m in moves if isinstance(m, DiscardCard)]
        return min(cards, key=lambda m: _CARD_WORTH.get(m.title, 0.5))
    if step is Step.CHOOSE:
        return _choose_card(where, me, moves)
    if step is Step.BUILD:
        return _build(where, me, moves)
    if step is Step.LIMITS:
        for m in moves:
            if isinstance(m, PlayPatrizier) and _CARD_WORTH.get(m.title, 0) < 0:
                return m
    return next((m for m in moves if isinstance(m, EndPhase)), rng.choice(list(moves)))


def _choose_card(where: Where, me: PlayerState, moves: Sequence[Move]) -> Move:
    catalog = default_catalog()
    best: Move | None = None
    best_score = -1e9
    for m in moves:
        if not isinstance(m, ChooseCard):
            continue
        card = where.row[m.slot]
        cost = 0 if m.fuerstin else catalog.constants.row_costs[m.slot]
        score = sum(card.bricks) - cost + _CARD_WORTH.get(card.title, 0.3)
        if m.fuerstin:
            score -= 1.0
        spec = catalog.card(card.title)
        if spec.kind is CardKind.BUILDING and card.title in me.buildings:
            score -= _CARD_WORTH.get(card.title, 0.3)
        if score > best_score:
            best, best_score = m, score
    assert best is not None  # the leftmost card is always affordable (ruling ZR10)
    return best


def _build(where: Where, me: PlayerState, moves: Sequence[Move]) -> Move:
    places = [m for m in moves if isinstance(m, PlaceBrick)]
    placed = where.placed
    # keep every standing tower: one brick each, first
    for m in places:
        if m.tower is not None:
            t = me.towers[m.tower]
            if t.at_turn_start and not t.raised:
                return m
    if PlayMaurer() in moves and placed >= 2 and places:
        return PlayMaurer()
    if placed >= 3 and Title.MAURER not in where.played:
        return EndPhase()
    # raise a tower toward an open commission it has not reached
    good = []
    for m in places:
        if m.tower is None:
            continue
        t = me.towers[m.tower]
        goal = _target(where, t.colour, t.height + 1)
        if goal is not None:
            good.append((goal - t.height, -_value(where, t.colour, goal), m))
    if good:
        return min(good, key=lambda g: (g[0], g[1]))[2]
    new = [m for m in places if m.tower is None and _target(where, m.colour, 1) is not None]
    if new and len(me.towers) < 4:
        return max(new, key=lambda m: me.supply[m.colour])
    return EndPhase()


def rollout_move(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """A search bot's playout move: fulfil when possible, build with purpose, else at random."""
    if rng.random() < 0.8:
        for m in moves:
            if isinstance(m, Fulfil | DeliverBellTower):
                return m
        places = [m for m in moves if isinstance(m, PlaceBrick)]
        if places and rng.random() < 0.9:
            raised = [m for m in places if m.tower is not None]
            return rng.choice(raised if raised and rng.random() < 0.8 else places)
    return rng.choice(list(moves))


_FREE = (PlayAlchemist, PlaySchmuggler, PlaySaboteur, PlayPatrizier)


def search_moves(state: State) -> tuple[Move, ...]:
    """The moves a search tries: the decision's own moves, without the persons played at
    any point of the turn (ruling ZR21), which the legal order lists last."""
    moves = legal_moves(state)
    end = len(moves)
    while end and isinstance(moves[end - 1], _FREE):
        end -= 1
    return moves[:end] if end < len(moves) else moves


def estimates(state: State) -> tuple[float, ...]:
    """Each player's expected final prestige: prestige so far, half a point a floor of the
    towers in progress and a fifth of a point a brick in the supply."""
    return tuple(
        p.prestige + 0.5 * sum(t.height for t in p.towers) + 0.2 * sum(p.supply)
        for p in state.players
    )


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's chance to win, from :func:`estimates`: a lead of 4 points doubles it."""
    scores = estimates(state)
    best = max(scores)
    weights = [2.0 ** ((s - best) / 4) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
