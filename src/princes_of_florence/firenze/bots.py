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
from functools import cache

import attrs

from princes_of_florence.firenze.components import default_catalog
from princes_of_florence.firenze.engine import apply
from princes_of_florence.firenze.ids import CardKind, Colour, Step, Title
from princes_of_florence.firenze.moves import (
    CancelEvent,
    ChooseCard,
    ChooseTower,
    DeliverBellTower,
    DiscardBrick,
    DiscardCard,
    EndPhase,
    Exchange,
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
from princes_of_florence.firenze.rules.scoring import final_scores
from princes_of_florence.firenze.state import OPEN, PlayerState, State

__all__ = [
    "WIDTH",
    "HeuristicBot",
    "estimates",
    "evaluate",
    "rollout_move",
    "search_moves",
]

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


@attrs.frozen
class _Tables:
    """The catalog's numbers :func:`_value` reads, looked up once."""

    min_floors: int
    max_floors: int
    per_tower: int
    prestige: tuple[int, ...]  # by commission index
    balcony_index: dict[str, int]  # by tile
    balcony_prestige: dict[str, int]  # by tile
    level_bonus: dict[int, int]  # by floor count


@cache
def _tables() -> _Tables:
    catalog = default_catalog()
    c = catalog.constants
    count = 6 * catalog.floors_per_tower
    return _Tables(
        min_floors=c.min_floors,
        max_floors=c.max_floors,
        per_tower=catalog.floors_per_tower,
        prestige=tuple(catalog.commission_prestige(index) for index in range(count)),
        balcony_index=dict(balcony_commissions(catalog)),
        balcony_prestige={spec.id: spec.prestige for spec in catalog.balconies},
        level_bonus={tile.floors: tile.prestige for tile in reversed(catalog.level_tiles)},
    )


def _value(where: Where, colour: int, floors: int) -> float:
    """The prestige of fulfilling ``colour``'s ``floors`` commission now, 0 if closed."""
    t = _tables()
    if not t.min_floors <= floors <= t.max_floors:
        return 0.0
    index = colour * t.per_tower + floors - t.min_floors
    seals = where.seals
    if seals[index] != OPEN:
        return 0.0
    balconies = t.balcony_index
    for tile in where.balconies:
        if balconies[tile] == index:
            nxt = next((balconies[b] for b in where.balconies if seals[balconies[b]] == OPEN), None)
            return float(t.balcony_prestige[tile]) if nxt == index else 0.0
    bonus = t.level_bonus.get(floors, 0) if floors in where.level_tiles else 0
    return float(t.prestige[index] + bonus)


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


def _heuristic(where: Where, moves: Sequence[Move], rng: random.Random | None) -> Move:
    """The heuristic bot's move; without ``rng`` its last resort is the first move."""
    me = where.players[where.decider]
    step = where.step
    fulfils = [m for m in moves if isinstance(m, Fulfil)]
    if fulfils:
        return max(fulfils, key=lambda m: _fulfil_worth(where, me, m))
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
    # the bot draws its last resort even when it ends the phase (kept: it fixes the bot's games)
    fallback = moves[0] if rng is None else rng.choice(list(moves))
    return next((m for m in moves if isinstance(m, EndPhase)), fallback)


def _card_score(where: Where, me: PlayerState, m: ChooseCard) -> float:
    """What taking the row card of ``m`` is worth: its bricks less its cost, and the card."""
    catalog = default_catalog()
    card = where.row[m.slot]
    cost = 0 if m.fuerstin else catalog.constants.row_costs[m.slot]
    score = sum(card.bricks) - cost + _CARD_WORTH.get(card.title, 0.3)
    if m.fuerstin:
        score -= 1.0
    spec = catalog.card(card.title)
    if spec.kind is CardKind.BUILDING and card.title in me.buildings:
        score -= _CARD_WORTH.get(card.title, 0.3)
    return score


def _choose_card(where: Where, me: PlayerState, moves: Sequence[Move]) -> Move:
    best: Move | None = None
    best_score = -1e9
    for m in moves:
        if not isinstance(m, ChooseCard):
            continue
        score = _card_score(where, me, m)
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


_FREE = (PlayAlchemist, PlaySchmuggler, PlaySaboteur, PlayPatrizier)

WIDTH = 3
"""The most row cards, and the most commissions, a search tries at one decision."""

TOWER_SHARE = 0.8
"""What :func:`estimates` counts of the commission a tower grows toward, when it stands
at the commission's height (less, in proportion, below it)."""


def _plain(state: State) -> tuple[Move, ...]:
    """The decision's own moves: the legal moves without the persons played at any point
    of the turn (ruling ZR21), which the legal order lists last."""
    moves = legal_moves(state)
    end = len(moves)
    while end and isinstance(moves[end - 1], _FREE):
        end -= 1
    return moves[:end] if end < len(moves) else moves


def search_moves(state: State) -> tuple[Move, ...]:
    """The moves a search tries: the heuristic's move, and alternatives only where a
    decision shapes the turn.

    The persons played at any point of the turn (ruling ZR21) are left out.  Payments,
    discards, events and the limits are left to the heuristic (its move alone), so that
    a search spends its iterations on what a turn achieves:

    * choosing a card: the :data:`WIDTH` cards the heuristic values most, and the card
      with the most bricks for the own towers that grow toward an open commission;
    * the exchange: ending the phase (the heuristic's move), or taking a brick of the
      colour of the own tower closest to an open commission;
    * building: the heuristic's brick, ending the phase, raising the tower closest to an
      open commission, starting a tower toward one;
    * fulfilling: the :data:`WIDTH` most valuable commissions, delivering a bell tower,
      and waiting to build higher (ending the phase).

    >>> from princes_of_florence.firenze import FirenzeConfig, new_game
    >>> state = new_game(FirenzeConfig(players=4, seed=1))
    >>> len(search_moves(state))
    3
    """
    plain = _plain(state)
    if len(plain) == 1:
        return plain
    step = state.step
    me = state.players[state.decider]
    keep: set[Move]
    if step is Step.CHOOSE:
        cards = [m for m in plain if isinstance(m, ChooseCard)]
        cards.sort(key=lambda m: -_card_score(state, me, m))  # stable: ties in legal order
        keep = set(cards[:WIDTH])
        wanted = {me.towers[index].colour for _, _, index in _closest(state, me)}
        if wanted:
            keep.add(max(cards, key=lambda m: _wanted_bricks(state, m, wanted)))
    elif step is Step.EXCHANGE:
        keep = {_END}
        exchange = _useful_exchange(state, me, plain)
        if exchange is not None:
            keep.add(exchange)
    elif step is Step.BUILD:
        keep = {_policy(state)}
        if _END in plain:
            keep.add(_END)
        keep.update(_build_alternatives(state, me, plain))
    elif step is Step.FULFIL:
        fulfils = [m for m in plain if isinstance(m, Fulfil)]
        fulfils.sort(key=lambda m: -_fulfil_worth(state, me, m))
        keep = set(fulfils[:WIDTH])
        keep.update(m for m in plain if isinstance(m, DeliverBellTower | EndPhase))
    else:
        return (_policy(state),)
    return tuple(m for m in plain if m in keep)


_END = EndPhase()

_last: list[tuple[State, Move]] = []
"""The last state :func:`_policy` answered, with its answer: a rollout asks twice a move."""


def _policy(state: State) -> Move:
    """The heuristic bot's move in ``state``, among the decision's own moves."""
    last = _last[0] if _last else None  # read once: another thread may replace it
    if last is not None and last[0] is state:  # the same object, kept alive here
        return last[1]
    move = _heuristic(state, _plain(state), None)
    _last[:] = [(state, move)]
    return move


def _fulfil_worth(where: Where, me: PlayerState, m: Fulfil) -> float:
    """The heuristic's worth of a fulfilment: its prestige, less 1 for an Architekt."""
    t = me.towers[m.tower]
    return _value(where, t.colour, t.height + m.architect) - (1.0 if m.architect else 0.0)


def _closest(where: Where, me: PlayerState) -> list[tuple[int, float, int]]:
    """The own towers with an open commission above them: floors missing, minus its
    prestige, tower; nearest first."""
    found = []
    for index, t in enumerate(me.towers):
        goal = _target(where, t.colour, t.height + 1)
        if goal is not None:
            found.append((goal - t.height, -_value(where, t.colour, goal), index))
    found.sort()
    return found


def _wanted_bricks(where: Where, m: ChooseCard, wanted: set[Colour]) -> int:
    """The bricks of the ``wanted`` colours on the row card of ``m``, less its cost."""
    bricks = where.row[m.slot].bricks
    cost = 0 if m.fuerstin else default_catalog().constants.row_costs[m.slot]
    return sum(bricks[colour] for colour in wanted) - cost


def _useful_exchange(where: Where, me: PlayerState, moves: Sequence[Move]) -> Move | None:
    """An exchange for a brick of the colour of the tower closest to an open commission."""
    for _, _, index in _closest(where, me):
        colour = me.towers[index].colour
        for m in moves:
            if isinstance(m, Exchange) and m.colour == colour:
                return m
    return None


def _build_alternatives(where: Where, me: PlayerState, moves: Sequence[Move]) -> list[Move]:
    """Besides the heuristic's brick: raising the tower closest to an open commission, and
    starting a tower of the colour the supply holds most of toward one."""
    found: list[Move] = []
    places = [m for m in moves if isinstance(m, PlaceBrick)]
    for _, _, index in _closest(where, me):
        raise_it = next((m for m in places if m.tower == index), None)
        if raise_it is not None:
            found.append(raise_it)
            break
    new = [m for m in places if m.tower is None and _target(where, m.colour, 1) is not None]
    if new:
        found.append(max(new, key=lambda m: me.supply[m.colour]))
    return found


def rollout_move(state: State, moves: Sequence[Move], rng: random.Random) -> Move:
    """A search bot's playout move: the heuristic bot's, and where ``moves`` (the search
    moves, or those a search has not yet tried) lack it, one of ``moves`` at random.

    The rollouts so predict heuristic opponents up to the hidden bag and deck; a share of
    random moves is the search's setting
    (:attr:`~princes_of_florence.bots.MCTSParams.rollout_explore`)."""
    move = _policy(state)
    return move if move in moves else moves[int(rng.random() * len(moves))]


_TURN_ENDS = frozenset((Step.CHOOSE, Step.OVER, Step.CHANCE))


def _turn_end(state: State) -> State:
    """``state`` with the turn under way played to its end by the heuristic (up to a
    chance move, with explicit chance); a turn not yet begun stays as it is."""
    while state.step not in _TURN_ENDS:  # a turn starts by choosing a card (Z25)
        state = apply(state, _policy(state))
    return state


def estimates(state: State) -> tuple[float, ...]:
    """Each player's expected final prestige, once the turn under way is played to its
    end by the heuristic (so that positions cut off in any phase compare alike).

    The final scoring as if the game ended now (prestige so far, the majorities, the
    keep cards: :func:`~princes_of_florence.firenze.rules.scoring.final_scores`), plus
    for each tower a share of the open commission it grows toward (the floors built
    over the floors needed, times :data:`TOWER_SHARE`), and a quarter of a point a brick
    in the supply.
    """
    state = _turn_end(state)
    totals = []
    for p, score in zip(state.players, final_scores(state), strict=True):
        value = score.total + 0.25 * sum(p.supply)
        for t in p.towers:
            goal = _target(state, t.colour, t.height)
            if goal is not None:
                value += TOWER_SHARE * _value(state, t.colour, goal) * t.height / goal
        totals.append(value)
    return tuple(totals)


def evaluate(state: State) -> tuple[float, ...]:
    """Each player's chance to win, from :func:`estimates`: a lead of 4 points doubles it."""
    scores = estimates(state)
    best = max(scores)
    weights = [2.0 ** ((s - best) / 4) for s in scores]
    total = sum(weights)
    return tuple(w / total for w in weights)
