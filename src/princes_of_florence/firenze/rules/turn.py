"""Applying one move: the dispatch over the move union and the automatic steps.

A decision whose only legal move is ``EndPhase`` is taken by the engine at once
(ruling ZX1), so every decision offered has a real choice; phase 4 and the
turn's passing are automatic (Z51, Z24).
"""

from __future__ import annotations

from typing import assert_never

from princes_of_florence.firenze.events import Event, MovePlayed
from princes_of_florence.firenze.ids import Step
from princes_of_florence.firenze.moves import (
    CancelEvent,
    ChooseCard,
    ChooseTower,
    DealCard,
    DeliverBellTower,
    DiscardBrick,
    DiscardCard,
    DrawBrick,
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
from princes_of_florence.firenze.rules import building, cards, chance, commissions, limits
from princes_of_florence.firenze.rules.legal import legal_moves
from princes_of_florence.firenze.rules.table import Table
from princes_of_florence.firenze.state import State

__all__ = ["play", "settle"]

# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global.
_EXCHANGE, _BUILD, _FULFIL, _LIMITS = Step.EXCHANGE, Step.BUILD, Step.FULFIL, Step.LIMITS
_PAY_CARD, _PAY_EXCHANGE = Step.PAY_CARD, Step.PAY_EXCHANGE
_OPTIONAL = (_EXCHANGE, _BUILD, _FULFIL, _LIMITS)  # a tuple: an enum hashes slowly
_END = EndPhase()


def play(state: State, move: Move, log: list[Event] | None = None) -> State:
    """The state after the legal ``move`` (legality is checked by the caller)."""
    if log is not None:
        log.append(MovePlayed(-1 if state.is_chance else state.decider, move))
    t = Table(state, log)
    _dispatch(t, move)
    after = t.freeze()
    # ruling ZX1; the table stays valid after freezing (freeze copies), so it goes on
    while after.step in _OPTIONAL and legal_moves(after) == (_END,):
        _dispatch(t, _END)
        after = t.freeze()
    return after


def settle(state: State, log: list[Event] | None = None) -> State:
    """Take every decision that has no choice: an optional step whose only move is
    ``EndPhase`` (ruling ZX1)."""
    while state.step in _OPTIONAL and legal_moves(state) == (_END,):
        t = Table(state, log)
        _dispatch(t, _END)
        state = t.freeze()
    return state


def _dispatch(t: Table, move: Move) -> None:
    match move:
        # the most frequent moves first (a class pattern is tried after another)
        case PayBrick(colour=colour):
            if t.step is _PAY_CARD:
                cards.pay_card_brick(t, colour)
            elif t.step is _PAY_EXCHANGE:
                building.pay_exchange_brick(t, colour)
            else:
                building.pay_build_brick(t, colour)
        case PlaceBrick(tower=tower, colour=colour):
            building.place_brick(t, tower, colour)
        case EndPhase():
            _end_phase(t)
        case ChooseCard(slot=slot, fuerstin=fuerstin):
            cards.choose_card(t, slot, fuerstin)
        case Exchange(slot=slot, colour=colour):
            building.exchange(t, slot, colour)
        case CancelEvent(cancel=cancel):
            cards.resolve_patrizier(t, cancel)
        case ChooseTower(tower=tower):
            cards.choose_tower(t, tower)
        case DiscardBrick(colour=colour):
            if t.step is Step.DISCARD_BRICKS:
                limits.discard_limit_brick(t, colour)
            else:
                cards.discard_event_brick(t, colour)
        case PayTower(tower=tower):
            cards.pay_tower(t, tower)
        case Fulfil(tower=tower, architect=architect):
            commissions.fulfil(t, tower, architect)
        case DeliverBellTower(tower=tower):
            commissions.deliver_bell_tower(t, tower)
        case DiscardCard(title=title):
            limits.discard_for_limit(t, title)
        case PlayGrosshaendler(slot=slot):
            cards.play_grosshaendler(t, slot)
        case PlayMaurer():
            building.play_maurer(t)
        case PlayAlchemist(give=give, take=take):
            cards.play_alchemist(t, give, take)
        case PlaySchmuggler(player=player, give=give, take=take):
            cards.play_schmuggler(t, player, give, take)
        case PlaySaboteur(player=player, tower=tower):
            cards.play_saboteur(t, player, tower)
        case PlayPatrizier(title=title):
            cards.play_patrizier(t, title)
        case DealCard(title=title):
            chance.deal_card(t, title)
        case DrawBrick(colour=colour):
            chance.draw_brick(t, colour)
        case _:
            assert_never(move)


def _end_phase(t: Table) -> None:
    step = t.step
    if step is _EXCHANGE:
        t.go(_BUILD)
    elif step is _BUILD:
        building.end_building(t)
    elif step is _FULFIL:
        t.go(_LIMITS)
    else:
        limits.end_window(t)
