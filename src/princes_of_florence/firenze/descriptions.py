"""Firenze in words: the decision asked, and moves and events as plain sentences.

>>> from princes_of_florence.firenze import FirenzeConfig, new_game
>>> state = new_game(FirenzeConfig(players=2, seed=1))
>>> decision_text(state)
'Player 0: choose a card from the row (phase 1).'
"""

from __future__ import annotations

from typing import Any

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.events import (
    BellTowerDelivered,
    BonusGained,
    BricksReturned,
    CardRevealed,
    CardsReshuffled,
    CardTaken,
    CommissionFulfilled,
    Event,
    GameEnded,
    MovePlayed,
    TowerDemolished,
    TurnStarted,
)
from princes_of_florence.firenze.ids import Colour, Step
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
from princes_of_florence.firenze.observation import PlayerView
from princes_of_florence.firenze.state import Bricks, State

__all__ = ["bricks_text", "decision_data", "decision_text", "describe"]

_ASKED = {
    Step.CHOOSE: ("choose_card", "choose a card from the row (phase 1)"),
    Step.PAY_CARD: ("pay_card", "pay a brick of the card cost (phase 1)"),
    Step.PATRIZIER: ("patrizier", "cancel the event with a Patrizier, or not (phase 1)"),
    Step.EVENT_TOWER: ("event_tower", "choose one of your towers for the event (phase 1)"),
    Step.EVENT_BRICKS: ("event_bricks", "choose a brick to return to the bag (phase 1)"),
    Step.EVENT_TOWERS_PAID: ("event_towers", "choose a tower to pay for (phase 1)"),
    Step.EXCHANGE: ("exchange", "exchange a brick, or end phase 2"),
    Step.PAY_EXCHANGE: ("pay_exchange", "pay a brick of the exchange (phase 2)"),
    Step.BUILD: ("build", "place a brick, or end phase 3"),
    Step.PAY_BUILD: ("pay_building", "pay a brick of the building cost (phase 3)"),
    Step.FULFIL: ("fulfil", "fulfil a commission, or end phase 5"),
    Step.LIMITS: ("limits", "play a person before the limits, or go on (phase 6)"),
    Step.DISCARD_BRICKS: ("supply_limit", "return a brick beyond the supply limit (phase 6)"),
    Step.DISCARD_CARDS: ("card_limit", "discard a person or building for the card limit (phase 6)"),
}


def bricks_text(bricks: Bricks | tuple[int, ...]) -> str:
    """A brick multiset as ``W2 Y1``; ``none`` when empty.

    >>> bricks_text((2, 1, 0, 0, 0, 0))
    'W2 Y1'
    """
    parts = [f"{colour.name}{count}" for colour, count in zip(Colour, bricks, strict=True) if count]
    return " ".join(parts) if parts else "none"


def decision_text(where: State | PlayerView) -> str | None:
    """What the player to decide is asked, as a sentence; ``None`` at a chance node and
    once the game is over."""
    if where.step in (Step.OVER, Step.CHANCE):
        return None
    return f"Player {where.decider}: {_ASKED[where.step][1]}."


def decision_data(where: State | PlayerView) -> dict[str, Any] | None:
    """What the player to decide is asked, as JSON-ready data."""
    if where.step in (Step.OVER, Step.CHANCE):
        return None
    data: dict[str, Any] = {
        "player": where.decider,
        "kind": _ASKED[where.step][0],
        "phase": where.step.phase,
    }
    if where.pending.count:
        data["count"] = where.pending.count
    if where.pending.title is not None:
        data["card"] = where.pending.title.value
    return data


def _who(player: int, viewer: int | None) -> str:
    return "you" if player == viewer else f"player {player}"


def _move(move: Move, player: int, viewer: int | None) -> str:
    who = _who(player, viewer)
    match move:
        case ChooseCard(slot=slot, fuerstin=fuerstin):
            extra = ", with a Fürstin" if fuerstin else ""
            return f"{who} chose the card at slot {slot}{extra}"
        case PayBrick(colour=colour):
            return f"{who} paid a {colour.english} brick"
        case CancelEvent(cancel=cancel):
            return (
                f"{who} {'cancelled the event with a Patrizier' if cancel else 'let the event act'}"
            )
        case ChooseTower(tower=tower):
            return f"{who} chose tower {tower}"
        case DiscardBrick(colour=colour):
            return f"{who} returned a {colour.english} brick to the bag"
        case PayTower(tower=tower):
            return f"{who} paid for tower {tower}"
        case Exchange(slot=slot, colour=colour):
            return f"{who} exchanged for a {colour.english} brick of the card at slot {slot}"
        case PlaceBrick(tower=tower, colour=colour):
            where = "a new tower" if tower is None else f"tower {tower}"
            return f"{who} placed a {colour.english} brick on {where}"
        case Fulfil(tower=tower, architect=architect):
            extra = f", counted {architect:+d} with an Architekt" if architect else ""
            return f"{who} fulfilled a commission with tower {tower}{extra}"
        case DeliverBellTower(tower=tower):
            return f"{who} delivered tower {tower} as the bell tower"
        case DiscardCard(title=title):
            return f"{who} discarded {title.value} for the card limit"
        case EndPhase():
            return f"{who} ended the phase"
        case PlayGrosshaendler(slot=slot):
            return f"{who} played a Großhändler on the card at slot {slot}"
        case PlayMaurer():
            return f"{who} played a Maurer"
        case PlayAlchemist(give=give, take=take):
            return f"{who} played an Alchemist: {give.english} for {take.english} from the bag"
        case PlaySchmuggler(player=other, give=give, take=take):
            return (
                f"{who} played a Schmuggler: {give.english} for "
                f"{_who(other, viewer)}'s {take.english}"
            )
        case PlaySaboteur(player=other, tower=tower):
            return f"{who} played a Saboteur on {_who(other, viewer)}'s tower {tower}"
        case PlayPatrizier(title=title):
            return f"{who} played a Patrizier to discard {title.value}"
        case DealCard(title=title):
            return f"chance dealt {title.value}"
        case DrawBrick(colour=colour):
            return f"chance drew a {colour.english} brick"
    raise AssertionError(f"unknown move {move!r}")  # pragma: no cover


def _event(event: Event, viewer: int | None) -> str:
    match event:
        case MovePlayed(player=player, move=move):
            return _move(move, player, viewer)
        case CardTaken(player=player, title=title, bricks=bricks, to=to):
            return f"{_who(player, viewer)} took {title.value} with {bricks_text(bricks)} ({to})"
        case CardRevealed(slot=slot, title=title, bricks=bricks):
            return f"{title.value} was revealed at slot {slot} with {bricks_text(bricks)}"
        case CardsReshuffled(size=size):
            return f"the draw pile was reshuffled: {size} cards"
        case BricksReturned(player=player, bricks=bricks, reason=reason):
            return f"{_who(player, viewer)} returned {bricks_text(bricks)} to the bag ({reason})"
        case TowerDemolished(
            player=p, colour=colour, height=h, to_bag=bag, to_supply=kept, reason=r
        ):
            return (
                f"{_who(p, viewer)}'s {colour.english} tower of {h} came down ({r}): "
                f"{bag} to the bag, {kept} to the supply"
            )
        case CommissionFulfilled(player=p, colour=colour, floors=floors, prestige=pp, balcony=b):
            what = f"balcony {b}" if b else f"the {colour.english} {floors}-floor commission"
            return f"{_who(p, viewer)} fulfilled {what} for {pp} prestige"
        case BellTowerDelivered(player=player, released=released):
            tail = "; Campanile is released" if released else ""
            return f"{_who(player, viewer)} delivered a bell tower{tail}"
        case BonusGained(player=player, source=source, prestige=prestige):
            return f"{_who(player, viewer)} gained {prestige} prestige ({source})"
        case TurnStarted(player=player):
            return f"{_who(player, viewer)} began a turn"
        case GameEnded(truncated=truncated):
            return "the game ended by the turn limit" if truncated else "the game ended"
    raise AssertionError(f"unknown event {event!r}")  # pragma: no cover


def describe(
    item: Move | Event, where: State | PlayerView | FirenzeConfig, viewer: int | None = None
) -> str:
    """``item`` (a move, by the player to decide in ``where``, or an event) as a sentence,
    addressed to ``viewer`` as "you".

    >>> from princes_of_florence.firenze import FirenzeConfig, new_game
    >>> from princes_of_florence.firenze.moves import ChooseCard
    >>> describe(ChooseCard(2), new_game(FirenzeConfig(players=2)), viewer=0)
    'You chose the card at slot 2.'
    """
    if isinstance(
        item,
        MovePlayed
        | CardTaken
        | CardRevealed
        | CardsReshuffled
        | BricksReturned
        | TowerDemolished
        | CommissionFulfilled
        | BellTowerDelivered
        | BonusGained
        | TurnStarted
        | GameEnded,
    ):
        text = _event(item, viewer)
    else:
        player = where.decider if isinstance(where, State | PlayerView) else 0
        text = _move(item, player, viewer)
    return text[0].upper() + text[1:] + "."
