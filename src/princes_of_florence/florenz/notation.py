"""The text notation of Florenz moves: one short line per move.

>>> format_move(MoveMember(1, 0, 2))
'move 1.0-2'
>>> parse_move("gift cosimo 4")
Gift(medici=<Medici.COSIMO: 0>, crest=4)
>>> parse_move(format_move(PlayScandal(ScandalKind.CAR_GIFT, (1, -1))))
PlayScandal(kind=<ScandalKind.CAR_GIFT: 4>, args=(1, -1))
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import assert_never

from princes_of_florence.florenz.errors import InvalidMoveError
from princes_of_florence.florenz.ids import Medici, ScandalKind
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

__all__ = ["format_move", "parse_move"]

_FORMS = {
    "place": "place <location>",
    "pass": "pass [<location>]",
    "send": "send <location>",
    "promote": "promote <location>.<position>",
    "move": "move <location>.<position>-<location>",
    "hurry": "hurry <location>.<position>-<location>",
    "step": "step <location>",
    "second": "second <location>.<position>-<location>",
    "stop": "stop",
    "boast": "boast <location>",
    "gift": "gift <medici> <crest or ->",
    "play": "play <card> <number>...",
    "discard": "discard <card>",
    "swap": "swap <position>",
    "bonus": "bonus time|vp",
    "accept": "accept",
    "decline": "decline",
    "colour": "colour orange|blue",
    "chance": "chance <number>",
}
_MEMBER = re.compile(r"^(\d{1,3})\.(\d{1,3})$", re.ASCII)
_WALK = re.compile(r"^(\d{1,3})\.(\d{1,3})-(\d{1,3})$", re.ASCII)
_NUMBER = re.compile(r"^-?\d{1,3}$", re.ASCII)
_DIGITS = re.compile(r"^\d{1,3}$", re.ASCII)


def format_move(move: Move) -> str:
    """``move`` in the text notation."""
    match move:
        case Place(location):
            return f"place {location}"
        case Pass(location):
            return f"pass {location}" if location else "pass"
        case Send(location):
            return f"send {location}"
        case Promote(location, position):
            return f"promote {location}.{position}"
        case MoveMember(location, position, to):
            return f"move {location}.{position}-{to}"
        case Hurry(location, position, to):
            return f"hurry {location}.{position}-{to}"
        case Step(to):
            return f"step {to}"
        case Second(location, position, to):
            return f"second {location}.{position}-{to}"
        case Stop():
            return "stop"
        case Boast(location):
            return f"boast {location}"
        case Gift(medici, crest):
            return f"gift {medici.name.lower()} {'-' if crest == -1 else crest}"
        case PlayScandal(kind, args):
            return " ".join(("play", kind.name.lower(), *map(str, args)))
        case Discard(kind):
            return f"discard {kind.name.lower()}"
        case BonusSwap(position):
            return f"swap {position}"
        case BonusTime():
            return "bonus time"
        case BonusVP():
            return "bonus vp"
        case Accept():
            return "accept"
        case Decline():
            return "decline"
        case Chance(value):
            return f"chance {value}"
        case ChooseColour(colour):
            return f"colour {'orange' if colour == 1 else 'blue' if colour == 2 else colour}"
        case _:
            assert_never(move)


def _bad(text: str, word: str) -> InvalidMoveError:
    return InvalidMoveError(f"move {text!r} does not parse; expected {_FORMS[word]!r}")


def _card(text: str, word: str, name: str) -> ScandalKind:
    try:
        return ScandalKind[name.upper()]
    except KeyError:
        raise _bad(text, word) from None


def parse_move(text: str) -> Move:
    """The move written as ``text``.

    Raises:
        InvalidMoveError: the text is not a move; the message gives the form.

    >>> parse_move("hurry 1.x-2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    princes_of_florence.florenz.errors.InvalidMoveError: move 'hurry 1.x-2' does not parse; ...
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is written as text, not {type(text).__name__}")
    words = text.split()
    if not words or words[0] not in _FORMS:
        raise InvalidMoveError(
            f"move {text!r} does not parse; a move starts with one of: {', '.join(_FORMS)}"
        )
    word, rest = words[0], words[1:]
    plain: dict[str, Move] = {"stop": Stop(), "accept": Accept(), "decline": Decline()}
    if word in plain and not rest:
        return plain[word]
    if word == "pass" and not rest:
        return Pass()
    if word == "bonus" and rest in (["time"], ["vp"]):
        return BonusTime() if rest == ["time"] else BonusVP()
    single: dict[str, Callable[[int], Move]] = {
        "chance": Chance,
        "place": Place,
        "pass": Pass,
        "send": Send,
        "step": Step,
        "boast": Boast,
        "swap": BonusSwap,
    }
    if word in single and len(rest) == 1 and _DIGITS.match(rest[0]):
        return single[word](int(rest[0]))
    if word == "promote" and len(rest) == 1 and (found := _MEMBER.match(rest[0])):
        return Promote(int(found[1]), int(found[2]))
    walks: dict[str, Callable[[int, int, int], Move]] = {
        "move": MoveMember,
        "hurry": Hurry,
        "second": Second,
    }
    if word in walks and len(rest) == 1 and (found := _WALK.match(rest[0])):
        return walks[word](int(found[1]), int(found[2]), int(found[3]))
    if (
        word == "gift"
        and len(rest) == 2
        and rest[0].upper() in Medici.__members__
        and (rest[1] == "-" or _DIGITS.match(rest[1]))
    ):
        return Gift(Medici[rest[0].upper()], -1 if rest[1] == "-" else int(rest[1]))
    if word == "play" and rest and all(_NUMBER.match(w) for w in rest[1:]):
        return PlayScandal(_card(text, word, rest[0]), tuple(int(w) for w in rest[1:]))
    if word == "colour" and rest in (["orange"], ["blue"]):
        return ChooseColour(1 if rest == ["orange"] else 2)
    if word == "discard" and len(rest) == 1:
        return Discard(_card(text, word, rest[0]))
    raise _bad(text, word)
