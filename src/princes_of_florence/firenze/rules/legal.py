"""Legal moves, in one documented order, and the reason a move is refused.

Order: the decision's own moves first, in the order of each step's list below,
then the persons playable at any point of the turn (ruling ZR21): Alchemist,
Schmuggler, Saboteur, Patrizier's discard.

* CHOOSE: ``PlayGrosshaendler`` by slot, ``ChooseCard`` by slot (without, then
  with Fürstin).
* PAY_CARD, PAY_EXCHANGE, PAY_BUILD: ``PayBrick`` by colour.
* PATRIZIER: ``CancelEvent(True)``, ``CancelEvent(False)``.
* EVENT_TOWER: ``ChooseTower`` by tower.  EVENT_TOWERS_PAID: ``PayTower``.
* EVENT_BRICKS, DISCARD_BRICKS: ``DiscardBrick`` by colour.
* EXCHANGE: ``Exchange`` by slot and colour, ``PlayGrosshaendler``, ``EndPhase``.
* BUILD: ``PlaceBrick`` on each tower, then new towers by colour, ``PlayMaurer``,
  ``EndPhase``.
* FULFIL: ``Fulfil`` by tower (architect 0, +1, -1), ``DeliverBellTower``, ``EndPhase``.
* LIMITS: ``EndPhase``.  DISCARD_CARDS: ``DiscardCard`` by title.
* CHANCE (explicit chance): ``DealCard`` by title or ``DrawBrick`` by colour.
"""

from __future__ import annotations

from princes_of_florence.firenze.components import Catalog, default_catalog
from princes_of_florence.firenze.ids import COLOURS, CardKind, Colour, Step, Title
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
    PlayGrosshaendler,
    PlayMaurer,
    PlayPatrizier,
    PlaySaboteur,
    PlaySchmuggler,
)
from princes_of_florence.firenze.rules.chance import chance_outcomes
from princes_of_florence.firenze.rules.commissions import is_bound, next_balcony
from princes_of_florence.firenze.state import OPEN, State

__all__ = ["FREE_STEPS", "balcony_commissions", "build_cost", "legal_moves", "refusal"]

FREE_STEPS = (Step.CHOOSE, Step.EXCHANGE, Step.BUILD, Step.FULFIL, Step.LIMITS)
"""The decisions at which Alchemist, Schmuggler, Saboteur and Patrizier's discard may be
played: not while an effect is resolving or being paid for (ruling ZR21)."""

_END = EndPhase()
_PAY = tuple(PayBrick(c) for c in COLOURS)
_DISCARD = tuple(DiscardBrick(c) for c in COLOURS)
_YES_NO = (CancelEvent(True), CancelEvent(False))
_PLAY_MAURER = PlayMaurer()


_BALCONY_COMMISSIONS: list[tuple[Catalog, dict[str, int]]] = []
"""The last catalogs asked about, each with its answer (found by identity: a catalog
hashes slowly, and it is asked at every commission phase)."""


def balcony_commissions(catalog: Catalog) -> dict[str, int]:
    """Each balcony tile's commission index."""
    for known, found in _BALCONY_COMMISSIONS:
        if known is catalog:
            return found
    found = {
        spec.id: catalog.commission_index(spec.colour, spec.floors) for spec in catalog.balconies
    }
    if len(_BALCONY_COMMISSIONS) == 4:
        del _BALCONY_COMMISSIONS[0]
    _BALCONY_COMMISSIONS.append((catalog, found))
    return found


# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global, and the listing
# below runs at every decision.
_BUILD = Step.BUILD
_CHANCE = Step.CHANCE
_CHOOSE = Step.CHOOSE
_DISCARD_BRICKS = Step.DISCARD_BRICKS
_DISCARD_CARDS = Step.DISCARD_CARDS
_EVENT_BRICKS = Step.EVENT_BRICKS
_EVENT_TOWER = Step.EVENT_TOWER
_EVENT_TOWERS_PAID = Step.EVENT_TOWERS_PAID
_EXCHANGE = Step.EXCHANGE
_FULFIL = Step.FULFIL
_LIMITS = Step.LIMITS
_PATRIZIER_STEP = Step.PATRIZIER
_PAY_BUILD = Step.PAY_BUILD
_PAY_CARD = Step.PAY_CARD
_PAY_EXCHANGE = Step.PAY_EXCHANGE
_ALCHEMIST = Title.ALCHEMIST
_ARCHITEKT = Title.ARCHITEKT
_BRUECKE = Title.BRUECKE
_FUERSTIN = Title.FUERSTIN
_GROSSHAENDLER = Title.GROSSHAENDLER
_LUXUSSTEUER = Title.LUXUSSTEUER
_MAURER = Title.MAURER
_PATRIZIER = Title.PATRIZIER
_SABOTEUR = Title.SABOTEUR
_SCHMUGGLER = Title.SCHMUGGLER
_TRIBUT = Title.TRIBUT
_WERKSTATT = Title.WERKSTATT


def build_cost(state: State, placed: int) -> int:
    """The active player's building cost of ``placed`` bricks, discounts applied (Z44, Z45)."""
    if placed == 0:
        return 0
    c = default_catalog().constants
    discount = 0
    if _WERKSTATT in state.players[state.active].buildings:
        discount += c.werkstatt_discount
    if _MAURER in state.played:
        discount += c.maurer_discount
    return max(0, c.build_cost[placed - 1] - discount)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide (order: the module docstring).

    The list is kept on the state (which never changes), so asking again is free.
    """
    memo = state.memo_moves
    if memo is not None:
        return memo
    moves = _legal_moves(state)
    object.__setattr__(state, "memo_moves", moves)
    return moves


def _legal_moves(state: State) -> tuple[Move, ...]:
    step = state.step
    me = state.players[state.active]
    catalog = default_catalog()
    moves: list[Move] = []
    if step is _CHOOSE:
        _grosshaendler(state, moves)
        size = sum(me.supply)
        costs = catalog.constants.row_costs
        for slot in range(len(state.row)):
            if costs[slot] <= size:  # ruling ZR10
                moves.append(ChooseCard(slot))
        if _FUERSTIN in me.hand:  # ruling ZR25
            moves.extend(ChooseCard(slot, True) for slot in range(1, len(state.row)))
    elif step is _PAY_EXCHANGE or step is _PAY_CARD or step is _PAY_BUILD:
        supply = me.supply
        return tuple([_PAY[c] for c in range(6) if supply[c]])
    elif step is _PATRIZIER_STEP:
        return _YES_NO
    elif step is _EVENT_TOWER:
        return tuple(ChooseTower(i) for i in range(len(me.towers)))
    elif step is _EVENT_TOWERS_PAID:
        return _towers_paid(state)
    elif step is _EVENT_BRICKS:
        return _event_bricks(state)
    elif step is _EXCHANGE:
        cost = (
            catalog.constants.exchange_cost_bruecke
            if _BRUECKE in me.buildings
            else catalog.constants.exchange_cost
        )
        if not state.exchanged and sum(me.supply) >= cost:  # Z37, ruling ZR14
            for slot, card in enumerate(state.row):
                moves.extend(Exchange(slot, COLOURS[c]) for c in range(6) if card.bricks[c])
        _grosshaendler(state, moves)
        moves.append(_END)
    elif step is _BUILD:
        _build(state, moves)
    elif step is _FULFIL:
        _fulfil(state, catalog, moves)
    elif step is _LIMITS:
        moves.append(_END)
    elif step is _DISCARD_BRICKS:
        return tuple(_DISCARD[c] for c in range(6) if me.supply[c])
    elif step is _CHANCE:
        return tuple(move for move, _ in chance_outcomes(state))
    elif step is _DISCARD_CARDS:
        titles = sorted(set(me.buildings) | {t for t in me.hand if _is_person(catalog, t)})
        return tuple(DiscardCard(t) for t in titles)
    else:
        return ()
    if step in FREE_STEPS and me.hand:
        _free(state, moves)
    return tuple(moves)


def _is_person(catalog: Catalog, title: Title) -> bool:
    return catalog.card(title).kind is CardKind.PERSON


def _grosshaendler(state: State, moves: list[Move]) -> None:
    me = state.players[state.active]
    if _GROSSHAENDLER in me.hand and _GROSSHAENDLER not in state.played:  # Z70, Z84
        moves.extend(
            PlayGrosshaendler(slot) for slot, card in enumerate(state.row) if any(card.bricks)
        )  # ruling ZR29: the card holds a brick


def _build(state: State, moves: list[Move]) -> None:
    me = state.players[state.active]
    placed = state.placed
    c = default_catalog().constants
    if placed < c.max_bricks_per_turn and sum(me.supply) - 1 >= build_cost(state, placed + 1):
        # ruling ZR15: the supply can still pay after the brick is placed
        supply = me.supply
        for i, tower in enumerate(me.towers):
            if supply[tower.colour]:
                moves.append(PlaceBrick(i, tower.colour))
        moves.extend(PlaceBrick(None, COLOURS[k]) for k in range(6) if supply[k])
    if _MAURER in me.hand and _MAURER not in state.played:
        moves.append(_PLAY_MAURER)
    moves.append(_END)


def _fulfil(state: State, catalog: Catalog, moves: list[Move]) -> None:
    me = state.players[state.active]
    bound = is_bound(state.bell, state.active)
    if me.seals and not bound:  # ruling ZR17, Z61
        lo = catalog.constants.min_floors
        hi = catalog.constants.max_floors
        per = catalog.floors_per_tower
        balconies = balcony_commissions(catalog)
        locked = {balconies[tile] for tile in state.balconies}
        following = next_balcony(state, balconies)
        if following is not None:
            locked.discard(following)  # Z53, Z58: only the lowest open numeral
        architect = _ARCHITEKT in me.hand and _ARCHITEKT not in state.played
        seals = state.seals
        for i, tower in enumerate(me.towers):
            for extra in (0, 1, -1) if architect else (0,):
                floors = tower.height + extra
                if lo <= floors <= hi:
                    index = tower.colour * per + floors - lo
                    if seals[index] == OPEN and index not in locked:
                        moves.append(Fulfil(i, extra))
    if bound:
        height = catalog.constants.bell_tower_height
        moves.extend(
            DeliverBellTower(i)
            for i, tower in enumerate(me.towers)
            if tower.colour is Colour.W and tower.height == height
        )  # ruling ZR37.2
    moves.append(_END)


def _towers_paid(state: State) -> tuple[Move, ...]:
    pending = state.pending
    towers = state.players[pending.decider].towers
    least = default_catalog().constants.luxury_tax_min_height
    if pending.title is _TRIBUT:
        fits = [i for i, t in enumerate(towers) if t.colour == pending.colour]
    else:
        fits = [i for i, t in enumerate(towers) if t.height >= least]
    return tuple(PayTower(i) for i in fits if i not in pending.chosen)


def _event_bricks(state: State) -> tuple[Move, ...]:
    pending = state.pending
    supply = state.players[pending.decider].supply
    if pending.title is _LUXUSSTEUER:
        return tuple(_DISCARD[c] for c in range(6) if supply[c])  # ruling ZR48
    if pending.decider == state.active:  # ruling ZR11: the card's bricks are protected
        protected = state.card_bricks
        return tuple(_DISCARD[c] for c in range(6) if supply[c] > protected[c])
    return tuple(_DISCARD[c] for c in range(6) if supply[c])


def _free(state: State, moves: list[Move]) -> None:
    """The persons playable at any point of the turn (ruling ZR21)."""
    me = state.players[state.active]
    hand = me.hand
    played = state.played
    supply = me.supply
    if _ALCHEMIST in hand and _ALCHEMIST not in played:  # Z74, ruling ZR24
        bag = state.bag
        for give in range(6):
            if supply[give]:
                moves.extend(
                    PlayAlchemist(COLOURS[give], COLOURS[take])
                    for take in range(6)
                    if take != give and bag[take]
                )
    n = len(state.players)
    if _SCHMUGGLER in hand and _SCHMUGGLER not in played:  # Z95, ruling ZR35
        for k in range(1, n):
            other = (state.active + k) % n
            theirs = state.players[other].supply
            for give in range(6):
                if supply[give]:
                    moves.extend(
                        PlaySchmuggler(other, COLOURS[give], COLOURS[take])
                        for take in range(6)
                        if take != give and theirs[take]
                    )
    if _SABOTEUR in hand and _SABOTEUR not in played:  # Z94, ruling ZR34
        for k in range(1, n):
            other = (state.active + k) % n
            moves.extend(PlaySaboteur(other, i) for i in range(len(state.players[other].towers)))
    if _PATRIZIER in hand and _PATRIZIER not in played:  # Z90 b, ruling ZR32
        others = list(hand)
        others.remove(_PATRIZIER)
        moves.extend(PlayPatrizier(t) for t in sorted(set(others)))


def refusal(state: State, move: Move, player: int) -> str:
    """Why ``move`` by ``player`` is not legal in ``state``, naming the rule."""
    step = state.step
    if step is Step.OVER:
        return "the game is over"
    if step is Step.CHANCE:
        return "chance moves now: the move must be one of its outcomes (ruling ZR42)"
    me = state.players[state.active]
    if isinstance(move, PlayAlchemist | PlaySchmuggler | PlaySaboteur | PlayPatrizier):
        title = {
            PlayAlchemist: Title.ALCHEMIST,
            PlaySchmuggler: Title.SCHMUGGLER,
            PlaySaboteur: Title.SABOTEUR,
            PlayPatrizier: Title.PATRIZIER,
        }[type(move)]
        if step not in FREE_STEPS:
            return (
                f"no person may be played while an effect is resolving (ruling ZR21, {step.name})"
            )
        return _person_refusal(state, title, move)
    if isinstance(move, ChooseCard):
        if step is not Step.CHOOSE:
            return f"a card is chosen only in phase 1 (rule Z27); the turn is at {step.name}"
        if not 0 <= move.slot < len(state.row):
            return f"the row has no card at slot {move.slot} (rule Z27)"
        if move.fuerstin:
            if Title.FUERSTIN not in me.hand:
                return "no Fürstin in hand (ruling ZR25)"
            return "the leftmost card is free: a Fürstin would waive nothing (ruling ZX2)"
        cost = default_catalog().constants.row_costs[move.slot]
        return f"the card costs {cost} bricks and the supply holds {sum(me.supply)} (ruling ZR10)"
    if isinstance(move, PayBrick):
        if step not in (Step.PAY_CARD, Step.PAY_EXCHANGE, Step.PAY_BUILD):
            return f"nothing is being paid now (ruling ZR45); the turn is at {step.name}"
        return f"the supply holds no {move.colour.english} brick (rule Z29)"
    if isinstance(move, Exchange):
        if step is not Step.EXCHANGE:
            return f"an exchange is made only in phase 2 (rule Z37); the turn is at {step.name}"
        if state.exchanged:
            return "only one exchange a turn (rule Z37)"
        if not 0 <= move.slot < len(state.row):
            return f"the row has no card at slot {move.slot} (rule Z37)"
        if not state.row[move.slot].bricks[move.colour]:
            return f"no {move.colour.english} brick lies on that card (ruling ZR14)"
        return "the supply cannot pay the exchange (ruling ZR14)"
    if isinstance(move, PlaceBrick):
        if step is not Step.BUILD:
            return f"bricks are placed only in phase 3 (rule Z40); the turn is at {step.name}"
        return _place_refusal(state, move)
    if isinstance(move, Fulfil):
        if step is not Step.FULFIL:
            return (
                f"commissions are fulfilled only in phase 5 (rule Z52); the turn is at {step.name}"
            )
        return _fulfil_refusal(state, move)
    if isinstance(move, PlayMaurer):
        if step is not Step.BUILD:
            return "a Maurer is played only in phase 3, before payment (ruling ZR15)"
        return _person_refusal(state, Title.MAURER, move)
    if isinstance(move, PlayGrosshaendler):
        if step not in (Step.CHOOSE, Step.EXCHANGE):
            return (
                "a Großhändler is played only in phase 1 before the choice "
                "or in phase 2 (ruling ZR29)"
            )
        if Title.GROSSHAENDLER in me.hand and Title.GROSSHAENDLER not in state.played:
            return f"the row has no card with bricks at slot {move.slot} (ruling ZR29)"
        return _person_refusal(state, Title.GROSSHAENDLER, move)
    if isinstance(move, EndPhase):
        return f"{step.name} is not an optional phase that can be ended (ruling ZR45)"
    return f"{type(move).__name__} is not a decision of {step.name} (ruling ZR45)"


def _person_refusal(state: State, title: Title, move: Move) -> str:
    me = state.players[state.active]
    if title in state.played:
        return f"a {title.value} was already played this turn (rule Z70)"
    if title not in me.hand:
        return f"no {title.value} in hand (rule Z70)"
    if isinstance(move, PlayAlchemist):
        return "the swap must give a supply brick for a different colour in the bag (ruling ZR24)"
    if isinstance(move, PlaySchmuggler):
        return (
            "the swap must give a supply brick for a different colour "
            "of another player's supply (ruling ZR35)"
        )
    if isinstance(move, PlaySaboteur):
        return "the Saboteur needs a tower of another player (ruling ZR34)"
    if isinstance(move, PlayPatrizier):
        return "the Patrizier discards another card of your hand (ruling ZR32)"
    return f"the {title.value} cannot be played now (ruling ZR21)"


def _place_refusal(state: State, move: PlaceBrick) -> str:
    me = state.players[state.active]
    c = default_catalog().constants
    if state.placed >= c.max_bricks_per_turn:
        return f"at most {c.max_bricks_per_turn} bricks a turn (rule Z43)"
    if move.tower is not None:
        if not 0 <= move.tower < len(me.towers):
            return f"the site has no tower {move.tower} (ruling ZR16)"
        if me.towers[move.tower].colour is not move.colour:
            return "each tower has one colour (rule Z41)"
    if not me.supply[move.colour]:
        return f"the supply holds no {move.colour.english} brick (rule Z40)"
    return "the supply could not pay the building cost afterwards (ruling ZR15)"


def _fulfil_refusal(state: State, move: Fulfil) -> str:
    me = state.players[state.active]
    catalog = default_catalog()
    if is_bound(state.bell, state.active):
        return "Campanile's bell tower must be delivered first (rule Z61)"
    if not me.seals:
        return "no seal left (ruling ZR17)"
    if not 0 <= move.tower < len(me.towers):
        return f"the site has no tower {move.tower} (ruling ZR16)"
    if move.architect not in (0, 1, -1):
        return "an Architekt counts one floor more or less (rule Z76)"
    if move.architect and (Title.ARCHITEKT not in me.hand or Title.ARCHITEKT in state.played):
        return "no Architekt to play (ruling ZR22)"
    tower = me.towers[move.tower]
    floors = tower.height + move.architect
    c = catalog.constants
    if not c.min_floors <= floors <= c.max_floors:
        return f"no commission needs {floors} floors (rule Z55)"
    index = catalog.commission_index(tower.colour, floors)
    if state.seals[index] != OPEN:
        return "that commission is covered by a seal (rule Z53)"
    return "a balcony may be fulfilled only when every lower numeral is (rule Z58)"
