"""Firenze's text notation: one short line per move, and back.

Colours are letters (W Y G R B V), towers and row slots are numbers from 0, titles
are written as printed.

>>> from princes_of_florence.firenze.moves import PlaceBrick, Fulfil
>>> from princes_of_florence.firenze.ids import Colour
>>> format_move(PlaceBrick(None, Colour.Y)), format_move(Fulfil(2, -1))
('place Y new', 'fulfil 2 -1')
>>> parse_move("schmuggler 1 W V")
PlaySchmuggler(player=1, give=<Colour.W: 0>, take=<Colour.V: 5>)
>>> parse_move("choose x")
Traceback (most recent call last):
...
princes_of_florence.firenze.errors.InvalidMoveError: move 'choose x': 'x' is not a number;
expected 'choose <slot> [fuerstin]'
"""

from __future__ import annotations

from typing import assert_never

from princes_of_florence.firenze.errors import ArgumentError, InvalidMoveError
from princes_of_florence.firenze.ids import Colour, Title
from princes_of_florence.firenze.moves import (
    MOVE_TYPES,
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

__all__ = ["SHAPES", "format_move", "parse_move"]

SHAPES = {
    "choose": "choose <slot> [fuerstin]",
    "pay": "pay <colour>",
    "cancel": "cancel yes|no",
    "tower": "tower <tower>",
    "discard": "discard <colour>",
    "paytower": "paytower <tower>",
    "exchange": "exchange <slot> <colour>",
    "place": "place <colour> <tower>|new",
    "fulfil": "fulfil <tower> [+1|-1]",
    "bell": "bell <tower>",
    "drop": "drop <title>",
    "end": "end",
    "grosshaendler": "grosshaendler <slot>",
    "maurer": "maurer",
    "alchemist": "alchemist <give> <take>",
    "schmuggler": "schmuggler <player> <give> <take>",
    "saboteur": "saboteur <player> <tower>",
    "patrizier": "patrizier <title>",
    "deal": "deal <title>",
    "draw": "draw <colour>",
}
"""The shape of each move's notation, by its first word."""


def format_move(move: Move) -> str:
    """``move`` in the notation.

    Raises:
        ArgumentError: ``move`` is not a Firenze move.
    """
    if not isinstance(move, MOVE_TYPES):
        raise ArgumentError.wrong_kind("format_move", "a Firenze move", move)
    match move:
        case ChooseCard(slot=slot, fuerstin=fuerstin):
            return f"choose {slot}" + (" fuerstin" if fuerstin else "")
        case PayBrick(colour=colour):
            return f"pay {colour.name}"
        case CancelEvent(cancel=cancel):
            return "cancel yes" if cancel else "cancel no"
        case ChooseTower(tower=tower):
            return f"tower {tower}"
        case DiscardBrick(colour=colour):
            return f"discard {colour.name}"
        case PayTower(tower=tower):
            return f"paytower {tower}"
        case Exchange(slot=slot, colour=colour):
            return f"exchange {slot} {colour.name}"
        case PlaceBrick(tower=tower, colour=colour):
            return f"place {colour.name} {'new' if tower is None else tower}"
        case Fulfil(tower=tower, architect=architect):
            return f"fulfil {tower}" + (f" {architect:+d}" if architect else "")
        case DeliverBellTower(tower=tower):
            return f"bell {tower}"
        case DiscardCard(title=title):
            return f"drop {title.value}"
        case EndPhase():
            return "end"
        case PlayGrosshaendler(slot=slot):
            return f"grosshaendler {slot}"
        case PlayMaurer():
            return "maurer"
        case PlayAlchemist(give=give, take=take):
            return f"alchemist {give.name} {take.name}"
        case PlaySchmuggler(player=player, give=give, take=take):
            return f"schmuggler {player} {give.name} {take.name}"
        case PlaySaboteur(player=player, tower=tower):
            return f"saboteur {player} {tower}"
        case PlayPatrizier(title=title):
            return f"patrizier {title.value}"
        case DealCard(title=title):
            return f"deal {title.value}"
        case DrawBrick(colour=colour):
            return f"draw {colour.name}"
        case _:
            assert_never(move)


class _Words:
    def __init__(self, text: str) -> None:
        self.text = text
        self.words = text.split()
        self.shape = SHAPES.get(self.words[0], "") if self.words else ""

    def fail(self, why: str) -> InvalidMoveError:
        return InvalidMoveError(f"move {self.text!r}: {why}; expected {self.shape!r}")

    def count(self, *allowed: int) -> None:
        if len(self.words) not in allowed:
            raise self.fail(f"{len(self.words)} words")

    def number(self, i: int) -> int:
        word = self.words[i]
        if not word.lstrip("+-").isdigit():
            raise self.fail(f"{word!r} is not a number")
        return int(word)

    def colour(self, i: int) -> Colour:
        word = self.words[i]
        if word not in Colour.__members__:
            raise self.fail(f"{word!r} is not a colour (W, Y, G, R, B, V)")
        return Colour[word]

    def title(self) -> Title:
        name = " ".join(self.words[1:])
        try:
            return Title(name)
        except ValueError:
            raise self.fail(f"{name!r} is not a card title") from None


def parse_move(text: str) -> Move:
    """The move written as ``text``.

    Raises:
        InvalidMoveError: the text is no move of the notation (the message gives the shape).
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"move notation must be text, not {text!r}")
    w = _Words(text)
    if not w.shape:
        known = ", ".join(sorted(SHAPES))
        raise InvalidMoveError(f"move {text!r} starts with no known word; the moves: {known}")
    head = w.words[0]
    if head == "choose":
        w.count(2, 3)
        if len(w.words) == 3 and w.words[2] != "fuerstin":
            raise w.fail(f"{w.words[2]!r} is not 'fuerstin'")
        return ChooseCard(w.number(1), len(w.words) == 3)
    if head in ("pay", "discard"):
        w.count(2)
        return PayBrick(w.colour(1)) if head == "pay" else DiscardBrick(w.colour(1))
    if head == "cancel":
        w.count(2)
        if w.words[1] not in ("yes", "no"):
            raise w.fail(f"{w.words[1]!r} is not yes or no")
        return CancelEvent(w.words[1] == "yes")
    if head in ("tower", "paytower", "bell", "grosshaendler"):
        w.count(2)
        kinds: dict[str, type[ChooseTower | PayTower | DeliverBellTower | PlayGrosshaendler]]
        kinds = {
            "tower": ChooseTower,
            "paytower": PayTower,
            "bell": DeliverBellTower,
            "grosshaendler": PlayGrosshaendler,
        }
        return kinds[head](w.number(1))
    if head == "exchange":
        w.count(3)
        return Exchange(w.number(1), w.colour(2))
    if head == "place":
        w.count(3)
        return PlaceBrick(None if w.words[2] == "new" else w.number(2), w.colour(1))
    if head == "fulfil":
        w.count(2, 3)
        return Fulfil(w.number(1), w.number(2) if len(w.words) == 3 else 0)
    if head in ("drop", "patrizier", "deal"):
        if len(w.words) < 2:
            raise w.fail("no title")
        if head == "deal":
            return DealCard(w.title())
        return DiscardCard(w.title()) if head == "drop" else PlayPatrizier(w.title())
    if head == "draw":
        w.count(2)
        return DrawBrick(w.colour(1))
    if head in ("end", "maurer"):
        w.count(1)
        return EndPhase() if head == "end" else PlayMaurer()
    if head == "alchemist":
        w.count(3)
        return PlayAlchemist(w.colour(1), w.colour(2))
    if head == "schmuggler":
        w.count(4)
        return PlaySchmuggler(w.number(1), w.colour(2), w.colour(3))
    w.count(3)
    return PlaySaboteur(w.number(1), w.number(2))
