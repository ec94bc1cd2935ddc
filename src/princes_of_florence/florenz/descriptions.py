"""Florenz in plain words: what a family is asked, and what a move or event did."""

from __future__ import annotations

from typing import Any, assert_never

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.events import (
    CardDrawn,
    Event,
    GameEnded,
    MediciMoved,
    MoveMade,
    PlanRevealed,
    RoundBegan,
    Scored,
)
from princes_of_florence.florenz.ids import Stage
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusSwap,
    BonusTime,
    BonusVP,
    Chance,
    ChooseColour,
    Decline,
    Discard,
    Gift,
    Hurry,
    Move,
    MoveMember,
    Pass,
    Place,
    PlayScandal,
    Promote,
    Second,
    Send,
    Step,
    Stop,
)
from princes_of_florence.florenz.observation import PlayerView
from princes_of_florence.florenz.rules.common import CATALOG
from princes_of_florence.florenz.state import GameState
from princes_of_florence.games.protocol import CardText

__all__ = [
    "CARD_TEXTS",
    "colour",
    "decision_data",
    "decision_text",
    "describe",
    "describe_event",
    "describe_move",
    "hand",
]

_ASKED = {
    Stage.SETUP: "place your first debutant on an empty queue",
    Stage.ACTION: "take an action, or pass",
    Stage.HURRY: "take the next step of your Hurry",
    Stage.TRAVEL: "take the next step of the travel card",
    Stage.BONUS: "take a bonus for having passed",
    Stage.GIOVANNI: "accept or decline Giovanni's reward",
    Stage.COLOUR: "choose the colour of Strozzi's piece",
}
"""What each decision asks, after "Blue: " or "You: ", spoken to the family."""


def colour(family: int) -> str:
    """The family's colour, by seat (F10).

    >>> colour(0), colour(4)
    ('Blue', 'Black')
    """
    return CATALOG.raw.family.colours[family].capitalize()


def _state(state_or_view: GameState | PlayerView) -> GameState:
    return state_or_view.state if isinstance(state_or_view, PlayerView) else state_or_view


def decision_data(state_or_view: GameState | PlayerView) -> dict[str, Any] | None:
    """What the family to decide is asked, as JSON-ready data; ``None`` at the end."""
    state = _state(state_or_view)
    if state.stage in (Stage.OVER, Stage.CHANCE):
        return None
    data: dict[str, Any] = {
        "kind": state.stage.name.lower(),
        "player": state.player,
        "round": state.round,
    }
    if state.offer is not None and state.stage is Stage.GIOVANNI:
        cost, vp = CATALOG.raw.disc[state.round - 1].rewards[state.offer.reward]
        data.update(cost=cost, vp=vp)
    return data


def decision_text(state_or_view: GameState | PlayerView, viewer: int | None = None) -> str | None:
    """What the family to decide is asked, as a sentence; ``None`` at the end.

    Args:
        state_or_view: the true state, or any family's view of it.
        viewer: the family the sentence is addressed to; their question
            reads "You: ..." and any other names the family by its colour.

    >>> from princes_of_florence.florenz.engine import new_game
    >>> state = new_game(GameConfig(players=3, seed=1))
    >>> decision_text(state)
    'Round 1. Green: place your first debutant on an empty queue.'
    >>> decision_text(state, viewer=state.player)
    'Round 1. You: place your first debutant on an empty queue.'
    """
    state = _state(state_or_view)
    if state.stage in (Stage.OVER, Stage.CHANCE):
        return None
    who = "You" if viewer == state.player else colour(state.player)
    text = f"Round {state.round}. {who}: {_ASKED[state.stage]}"
    data = decision_data(state)
    if data is not None and "cost" in data:
        text += f" of {data['vp']} VP for {data['cost']} time"
    return text + "."


def _medici(index: int) -> str:
    return ("Cosimo", "Contessina", "Giovanni")[index]


def _crest(medici: int, crest: int) -> str:
    if crest == -1:
        return "no guard"
    if medici == 0:
        a, b = CATALOG.paths[crest]
        return f"an escort on the path {a}-{b}"
    return f"a {'spy' if medici == 1 else 'doorman'} at location {crest}"


def describe_move(move: Move, who: str) -> str:
    """``move`` as a sentence with ``who`` as its subject.

    >>> describe_move(MoveMember(1, 0, 2), "Blue")
    'Blue moves the member at 1 (position 0) to 2.'
    """
    match move:
        case Place(location):
            text = f"places the first debutant at {location}"
        case Pass(location):
            text = f"passes, the ring at {location}" if location else "passes last"
        case Send(location):
            text = f"sends a debutant to {location}"
        case Promote(location, position):
            text = f"promotes the member at {location} (position {position})"
        case MoveMember(location, position, to):
            text = f"moves the member at {location} (position {position}) to {to}"
        case Hurry(location, position, to):
            text = f"hurries: the member at {location} (position {position}) steps to {to}"
        case Step(to):
            text = f"steps on to {to}"
        case Second(location, position, to):
            text = f"moves a second member, at {location} (position {position}), to {to}"
        case Stop():
            text = "stops there"
        case Boast(location):
            text = f"boasts at {location}"
        case Gift(medici, crest):
            text = f"gives {_medici(medici)} a gift and places {_crest(medici, crest)}"
        case PlayScandal(kind, args):
            numbers = ", ".join(map(str, args))
            text = f"plays the scandal card {kind.name.lower()} ({numbers})"
        case Discard(kind):
            text = f"discards the scandal card {kind.name.lower()} for 1 time"
        case BonusSwap(position):
            text = f"swaps the petitioners at positions {position} and {position + 1} at the ring"
        case BonusTime():
            text = "takes 1 time as the bonus"
        case BonusVP():
            text = "takes 1 VP as the bonus"
        case Accept():
            text = "accepts Giovanni's reward"
        case Decline():
            text = "declines Giovanni's reward"
        case Chance(value):
            text = f"deals {value}"
        case ChooseColour(colour):
            text = f"chooses {'orange' if colour == 1 else 'blue'} for Strozzi's piece"
        case _:
            assert_never(move)
    return f"{who} {text}."


def describe_event(event: Event, viewer: int | None = None) -> str:
    """``event`` as a sentence, addressed to ``viewer`` as "you"."""

    def who(family: int) -> str:
        return "You" if family == viewer else colour(family)

    match event:
        case MoveMade(player, move):
            return describe_move(move, who(player))
        case Scored(player, vp, source):
            return f"{who(player)} gain{'' if player == viewer else 's'} {vp} VP ({source})."
        case CardDrawn(player, medici, kind):
            face = f" ({kind.name.lower()})" if kind is not None else ""
            verb = "receive" if player == viewer else "receives"
            return f"{who(player)} {verb} a scandal card of {_medici(medici)}{face}."
        case MediciMoved(medici, locations):
            return f"{_medici(medici)} travels through {', '.join(map(str, locations))}."
        case RoundBegan(round_, time):
            return f"Round {round_} begins: every family gains {time} time."
        case PlanRevealed(player, plan):
            places = ", ".join(map(str, CATALOG.raw.plans.cards[plan]))
            return f"{who(player)} show{'' if player == viewer else 's'} the plan card of {places}."
        case GameEnded(vp):
            return (
                "The game ends: " + ", ".join(f"{colour(i)} {v}" for i, v in enumerate(vp)) + " VP."
            )
        case _:
            assert_never(event)


CARD_TEXTS = {
    "fig_guard": "Put 1 of your guards on any crest, even beside another family's guard.",
    "fig_teleport": "Move 1 of your members to any location, ignoring escorts.",
    "fig_travel": "Move 1-2 of your members 1-3 locations each; escorts apply.",
    "fig_debutant": "Put 1 debutant where you have a lady or the maestro.",
    "car_gift": "Give any Medici a gift at the usual cost, without being at the carriage.",
    "car_swap": "Swap 1 of your members with a lower petitioner at an adjacent location.",
    "car_promote": "Promote 1 of your debutants to a lady.",
    "car_advance": "Move 1 of your members to the front of its rank in its queue.",
    "mes_cup": "Take 1 of your boast cups back; you keep its VP.",
    "mes_swap": "Swap 2 petitioners of one rank in one queue.",
    "mes_retire": "Remove 1 of your members for good and gain 3 time.",
    "mes_boast": "Boast with any tile, without a member there.",
}
"""What each scandal card does, in one line (rules F83-F94)."""


def hand(view: PlayerView) -> tuple[CardText, ...]:
    """The cards only the view's family sees: its scandal cards and its plan card."""
    family = view.state.families[view.player] if view.player >= 0 else None
    if family is None:
        return ()
    cards = [
        CardText(
            f"{kind.name.lower()} ({_medici(CATALOG.scandal_medici[kind])})",
            f"{CARD_TEXTS[kind.name.lower()]} Costs {CATALOG.scandal_cost[kind]} time."
            if CATALOG.scandal_cost[kind] >= 0
            else CARD_TEXTS[kind.name.lower()],
        )
        for kind in family.hand
    ]
    if family.plan >= 0:
        places = ", ".join(map(str, CATALOG.raw.plans.cards[family.plan]))
        cards.append(
            CardText(
                f"plan card {family.plan + 1}",
                f"4 or more of your members at {places} at the end score its table (F120).",
            )
        )
    return tuple(cards)


def describe(
    item: Move | Event, where: GameState | PlayerView | GameConfig, viewer: int | None = None
) -> str:
    """A move (made by the family deciding in ``where``) or an event, in a sentence."""
    if isinstance(
        item, (MoveMade, Scored, CardDrawn, MediciMoved, RoundBegan, PlanRevealed, GameEnded)
    ):
        return describe_event(item, viewer)
    player = _state(where).player if not isinstance(where, GameConfig) else -1
    if isinstance(item, Chance):
        return describe_move(item, "Chance")
    subject = (
        "You" if player == viewer and player >= 0 else colour(player) if player >= 0 else "A family"
    )
    return describe_move(item, subject)
