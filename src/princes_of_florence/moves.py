"""Moves: a closed union of frozen classes, each with a short text notation.

A move never names the player: it is always made by the state's
``current_player``.  ``str(move)`` gives the notation and :func:`~princes_of_florence.parse_move`
reads it back:

>>> str(Bid(700))
'bid 700'
>>> parse_move("place c4-d4")
PlaceTile(cells='c4-d4')
>>> parse_move("open jester") == Open(AuctionObject.JESTER)
True

Grammar (one move per line, words separated by single spaces):

=============================  =================================================
notation                       move
=============================  =================================================
``return <person>``            :class:`ReturnPerson` (setup, ruling R8)
``open <stack>``               :class:`Open` an auction at the base price (R13)
``decline``                    :class:`Decline` to open; out of this phase (R13)
``bid <florins>``              :class:`Bid`: raise by exactly 100 (R13)
``pass``                       :class:`Pass`: leave the running auction (R13)
``take <stack>``               :class:`Take`: the last player's purchase (R14)
``place <cells>``              :class:`PlaceTile`: lay the pending tile (R21)
``landscape <landscape>``      :class:`ChooseLandscape` won with 2 players (R11)
``choose <card>``              :class:`ChooseCard`: keep a card shown (R6)
``under <card>``               :class:`ReturnCard`: put a card shown under (R6)
``recruit <player> <person>``  :class:`Recruit` a person from another table (R23)
``keep``                       :class:`KeepRecruiting`: keep the card won (R16)
``build <building>``           :class:`Build`: choose a building to buy (R21)
``work <person>``              :class:`Work`: start a work with a person (R19)
``play <bonus>``               :class:`PlayBonus`: add a bonus card to the work
``finish``                     :class:`FinishWork`: complete the work (R19)
``convert <points>``           :class:`Convert` florins from the payout (R19)
``buy person``                 :class:`BuyPerson`: pay 300, draw five (R22)
``buy bonus``                  :class:`BuyBonus`: pay 300, draw five (R22)
``freedom <freedom>``          :class:`IntroduceFreedom` (R22)
``end``                        :class:`EndTurn`: end the turn in phase B (R17)
``sell <points>``              :class:`SellPrestige` for 100 each (R3)
``token <character> <bid>``    :class:`PlaceToken` on a character card (R25)
``no character``               :class:`DeclineCharacter`: out of phase A2 (R25)
``princess``                   :class:`PrincessWork`: a work with no person (R28)
``merchant``                   :class:`UseMerchant`: prestige by rank (R26)
``professor <deck>``           :class:`UseProfessor`: a free card (R26)
``merchant free``              :class:`MerchantFree`: the object won, free (R26)
``merchant pay``               :class:`MerchantPay`: pay, gain prestige by rank (R26)
``professor later``            :class:`ProfessorLater`: keep the Professor for later (R26)
``propose <player>``           :class:`Propose` a shared building to a neighbour (R31)
``share <building>``           :class:`ProposeBuilding`: the building proposed (R31)
``across <cells>/<cells>``     :class:`ProposePlacement`: the cells on each side (R31)
``ask <florins>``              :class:`AskPayment` of the partner (R31)
``accept``                     :class:`Accept` the proposal (the partner, R32)
``reject``                     :class:`Reject` the proposal (the partner, R32)
``give up``                    :class:`GiveUp` the open build action (R32)
=============================  =================================================
"""

from __future__ import annotations

import types
from collections.abc import Callable
from enum import Enum, StrEnum
from typing import Any, TypeAlias, TypeVar, Union, get_args, get_origin, get_type_hints

import attrs

from princes_of_florence.errors import InvalidMoveError
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Freedom,
    Landscape,
    PersonId,
    PrestigeCardId,
    ProfessorDeck,
)
from princes_of_florence.limits import (
    MAX_MONEY,
    MAX_NOTATION_CHARS,
    MAX_NUMBER_DIGITS,
    MAX_PRESTIGE,
)

__all__ = [
    "Accept",
    "AskPayment",
    "Bid",
    "Build",
    "BuyBonus",
    "BuyPerson",
    "ChooseCard",
    "ChooseLandscape",
    "Convert",
    "Deal",
    "Decline",
    "DeclineCharacter",
    "EndTurn",
    "FinishWork",
    "GiveUp",
    "IntroduceFreedom",
    "KeepRecruiting",
    "MerchantFree",
    "MerchantPay",
    "Move",
    "Open",
    "Pass",
    "PlaceTile",
    "PlaceToken",
    "PlayBonus",
    "PrincessWork",
    "ProfessorLater",
    "Propose",
    "ProposeBuilding",
    "ProposePlacement",
    "Recruit",
    "Reject",
    "ReturnCard",
    "ReturnPerson",
    "SellPrestige",
    "Take",
    "UseMerchant",
    "UseProfessor",
    "Work",
    "move_shape_problem",
    "parse_move",
]


@attrs.frozen
class ReturnPerson:
    """Return one of the four dealt persons to the deck (setup, ruling R8).

    Example:
        >>> move = ReturnPerson(person=PersonId.PHARMACIST)
        >>> str(move)
        'return pharmacist'
        >>> parse_move('return pharmacist') == move
        True
    """

    person: PersonId

    def __str__(self) -> str:
        return f"return {self.person}"


@attrs.frozen
class Open:
    """Open an auction for ``stack`` at the base price (ruling R13).

    Example:
        >>> move = Open(stack=AuctionObject.RECRUITING)
        >>> str(move)
        'open recruiting'
        >>> parse_move('open recruiting') == move
        True
    """

    stack: AuctionObject

    def __str__(self) -> str:
        return f"open {self.stack}"


@attrs.frozen
class Decline:
    """Open no auction and take nothing this phase (ruling R13), or decline
    the last player's purchase (R14).

    Example:
        >>> move = Decline()
        >>> str(move)
        'decline'
        >>> parse_move('decline') == move
        True
    """

    def __str__(self) -> str:
        return "decline"


@attrs.frozen
class Bid:
    """Raise the running auction to ``amount``: exactly 100 more (R13).

    Example:
        >>> move = Bid(amount=300)
        >>> str(move)
        'bid 300'
        >>> parse_move('bid 300') == move
        True
    """

    amount: int = attrs.field(metadata={"max": MAX_MONEY})

    def __str__(self) -> str:
        return f"bid {self.amount}"


@attrs.frozen
class Pass:
    """Leave the running auction (ruling R13).

    Example:
        >>> move = Pass()
        >>> str(move)
        'pass'
        >>> parse_move('pass') == move
        True
    """

    def __str__(self) -> str:
        return "pass"


@attrs.frozen
class Take:
    """As the last player in the phase, take from ``stack`` at base price (R14).

    Example:
        >>> move = Take(stack=AuctionObject.LAKE)
        >>> str(move)
        'take lake'
        >>> parse_move('take lake') == move
        True
    """

    stack: AuctionObject

    def __str__(self) -> str:
        return f"take {self.stack}"


@attrs.frozen
class PlaceTile:
    """Lay the pending tile on ``cells`` (sorted cell names joined by ``-``).

    Example:
        >>> move = PlaceTile(cells="c4-c5-d4")
        >>> str(move)
        'place c4-c5-d4'
        >>> parse_move('place c4-c5-d4') == move
        True
    """

    cells: str = attrs.field(metadata={"max": MAX_NOTATION_CHARS})

    def __str__(self) -> str:
        return f"place {self.cells}"


@attrs.frozen
class ChooseLandscape:
    """Take ``landscape`` for the landscape stack won (2 players, ruling R11).

    Example:
        >>> move = ChooseLandscape(landscape=Landscape.LAKE)
        >>> str(move)
        'landscape lake'
        >>> parse_move('landscape lake') == move
        True
    """

    landscape: Landscape

    def __str__(self) -> str:
        return f"landscape {self.landscape}"


@attrs.frozen
class ChooseCard:
    """Keep ``card`` from the cards shown (ruling R6).

    Example:
        >>> move = ChooseCard(card=PersonId.DOCTOR)
        >>> str(move)
        'choose doctor'
        >>> parse_move('choose doctor') == move
        True
    """

    card: PersonId | BonusCardId | PrestigeCardId

    def __str__(self) -> str:
        return f"choose {self.card}"


@attrs.frozen
class ReturnCard:
    """Put ``card``, shown and not kept, under its deck next (ruling R6).

    Only with :attr:`GameConfig.choose_returned_order`.

    Example:
        >>> move = ReturnCard(card=BonusCardId.B05)
        >>> str(move)
        'under B05'
        >>> parse_move('under B05') == move
        True
    """

    card: PersonId | BonusCardId | PrestigeCardId

    def __str__(self) -> str:
        return f"under {self.card}"


@attrs.frozen
class Recruit:
    """Use a recruiting card on ``person``, face up in front of player ``from_player`` (R23).

    Example:
        >>> move = Recruit(from_player=2, person=PersonId.BOTANIST)
        >>> str(move)
        'recruit 2 botanist'
        >>> parse_move('recruit 2 botanist') == move
        True
    """

    from_player: int = attrs.field(metadata={"max": 4})  # players 0 to 4
    person: PersonId

    def __str__(self) -> str:
        return f"recruit {self.from_player} {self.person}"


@attrs.frozen
class KeepRecruiting:
    """Keep the recruiting card just won in hand (ruling R16).

    Example:
        >>> move = KeepRecruiting()
        >>> str(move)
        'keep'
        >>> parse_move('keep') == move
        True
    """

    def __str__(self) -> str:
        return "keep"


@attrs.frozen
class Build:
    """Buy ``building``; its placement is the next decision (ruling R21).

    Example:
        >>> move = Build(building=Building.LIBRARY)
        >>> str(move)
        'build library'
        >>> parse_move('build library') == move
        True
    """

    building: Building

    def __str__(self) -> str:
        return f"build {self.building}"


@attrs.frozen
class Work:
    """Start a work with ``person`` from hand (ruling R19).

    Example:
        >>> move = Work(person=PersonId.BOTANIST)
        >>> str(move)
        'work botanist'
        >>> parse_move('work botanist') == move
        True
    """

    person: PersonId

    def __str__(self) -> str:
        return f"work {self.person}"


@attrs.frozen
class PlayBonus:
    """Add a bonus card from hand to the work in progress (ruling R19).

    Example:
        >>> move = PlayBonus(card=BonusCardId.B18)
        >>> str(move)
        'play B18'
        >>> parse_move('play B18') == move
        True
    """

    card: BonusCardId

    def __str__(self) -> str:
        return f"play {self.card}"


@attrs.frozen
class FinishWork:
    """Complete the work in progress and receive its payout (ruling R19).

    Example:
        >>> move = FinishWork()
        >>> str(move)
        'finish'
        >>> parse_move('finish') == move
        True
    """

    def __str__(self) -> str:
        return "finish"


@attrs.frozen
class Convert:
    """Turn ``points`` x 200 florins of the payout just received into prestige.

    Example:
        >>> move = Convert(points=4)
        >>> str(move)
        'convert 4'
        >>> parse_move('convert 4') == move
        True
    """

    points: int = attrs.field(metadata={"max": MAX_PRESTIGE})

    def __str__(self) -> str:
        return f"convert {self.points}"


@attrs.frozen
class BuyPerson:
    """Pay 300 and draw five person cards to choose from (ruling R22).

    Example:
        >>> move = BuyPerson()
        >>> str(move)
        'buy person'
        >>> parse_move('buy person') == move
        True
    """

    def __str__(self) -> str:
        return "buy person"


@attrs.frozen
class BuyBonus:
    """Pay 300 and draw five bonus cards to choose from (ruling R22).

    Example:
        >>> move = BuyBonus()
        >>> str(move)
        'buy bonus'
        >>> parse_move('buy bonus') == move
        True
    """

    def __str__(self) -> str:
        return "buy bonus"


@attrs.frozen
class IntroduceFreedom:
    """Pay 300 and introduce ``freedom`` (ruling R22).

    Example:
        >>> move = IntroduceFreedom(freedom=Freedom.OPINION)
        >>> str(move)
        'freedom opinion'
        >>> parse_move('freedom opinion') == move
        True
    """

    freedom: Freedom

    def __str__(self) -> str:
        return f"freedom {self.freedom}"


@attrs.frozen
class EndTurn:
    """End the turn in phase B (ruling R17).

    Example:
        >>> move = EndTurn()
        >>> str(move)
        'end'
        >>> parse_move('end') == move
        True
    """

    def __str__(self) -> str:
        return "end"


@attrs.frozen
class SellPrestige:
    """Step back ``points`` on the prestige track for 100 florins each (R3).

    Example:
        >>> move = SellPrestige(points=1)
        >>> str(move)
        'sell 1'
        >>> parse_move('sell 1') == move
        True
    """

    points: int = attrs.field(metadata={"max": MAX_PRESTIGE})

    def __str__(self) -> str:
        return f"sell {self.points}"


@attrs.frozen
class PlaceToken:
    """Put the player's token on ``character``'s bid field ``amount`` (R25).

    On a card holding another player's token, the field must be higher;
    that token goes back to its owner.

    Example:
        >>> move = PlaceToken(character=Character.PROFESSOR, amount=1200)
        >>> str(move)
        'token professor 1200'
        >>> parse_move('token professor 1200') == move
        True
    """

    character: Character
    amount: int = attrs.field(metadata={"max": MAX_MONEY})

    def __str__(self) -> str:
        return f"token {self.character} {self.amount}"


@attrs.frozen
class DeclineCharacter:
    """Pass in phase A2: take no character card this round (R25).

    Example:
        >>> move = DeclineCharacter()
        >>> str(move)
        'no character'
        >>> parse_move('no character') == move
        True
    """

    def __str__(self) -> str:
        return "no character"


@attrs.frozen
class PrincessWork:
    """Use the Princess: a work with no person card, for an action (R28).

    Example:
        >>> move = PrincessWork()
        >>> str(move)
        'princess'
        >>> parse_move('princess') == move
        True
    """

    def __str__(self) -> str:
        return "princess"


@attrs.frozen
class UseMerchant:
    """Use the Merchant for prestige equal to the player's rank on the track (R26).

    Example:
        >>> move = UseMerchant()
        >>> str(move)
        'merchant'
        >>> parse_move('merchant') == move
        True
    """

    def __str__(self) -> str:
        return "merchant"


@attrs.frozen
class UseProfessor:
    """Use the Professor: draw five of ``deck`` (bonus or prestige), keep one, free (R26).

    Example:
        >>> move = UseProfessor(deck=ProfessorDeck.BONUS)
        >>> str(move)
        'professor bonus'
        >>> parse_move('professor bonus') == move
        True
    """

    deck: ProfessorDeck

    def __str__(self) -> str:
        return f"professor {self.deck}"


@attrs.frozen
class MerchantFree:
    """Take the object just won free, using the Merchant (R26).

    The holder of the Merchant who wins an object in the auction chooses
    this or :class:`MerchantPay`.

    Example:
        >>> move = MerchantFree()
        >>> str(move)
        'merchant free'
        >>> parse_move('merchant free') == move
        True
    """

    def __str__(self) -> str:
        return "merchant free"


@attrs.frozen
class MerchantPay:
    """Pay for the object just won and gain prestige by rank, using the Merchant (R26).

    The prestige is the player's rank on the track, as for
    :class:`UseMerchant`: 1st, 2nd, 2nd, 4th.

    Example:
        >>> move = MerchantPay()
        >>> str(move)
        'merchant pay'
        >>> parse_move('merchant pay') == move
        True
    """

    def __str__(self) -> str:
        return "merchant pay"


@attrs.frozen
class ProfessorLater:
    """Keep the Professor just taken for a later decision, rather than draw at once (R26).

    Example:
        >>> move = ProfessorLater()
        >>> str(move)
        'professor later'
        >>> parse_move('professor later') == move
        True
    """

    def __str__(self) -> str:
        return "professor later"


@attrs.frozen
class Propose:
    """Propose a building across the border with the neighbour ``partner`` (R31).

    The first step of a proposal; the building, the placement and the
    payment follow as moves of their own.  The first proposal of a build
    action uses the action (R17, R18).

    Example:
        >>> move = Propose(partner=2)
        >>> str(move)
        'propose 2'
        >>> parse_move('propose 2') == move
        True
    """

    partner: int = attrs.field(metadata={"max": 4})  # seats 0 to 4

    def __str__(self) -> str:
        return f"propose {self.partner}"


@attrs.frozen
class ProposeBuilding:
    """Name the building of the proposal (ruling R31).

    Example:
        >>> move = ProposeBuilding(building=Building.LIBRARY)
        >>> str(move)
        'share library'
        >>> parse_move('share library') == move
        True
    """

    building: Building

    def __str__(self) -> str:
        return f"share {self.building}"


@attrs.frozen
class ProposePlacement:
    """Name the cells of the proposal: the proposer's, ``/``, the partner's (R31).

    Each side's cells are sorted and joined by ``-``, as in ``f4-g4/a4``.

    Example:
        >>> move = ProposePlacement(cells="a3-a4/g3-g4-g5")
        >>> str(move)
        'across a3-a4/g3-g4-g5'
        >>> parse_move('across a3-a4/g3-g4-g5') == move
        True
    """

    cells: str = attrs.field(metadata={"max": MAX_NOTATION_CHARS})

    def __str__(self) -> str:
        return f"across {self.cells}"


@attrs.frozen
class AskPayment:
    """Ask the partner to pay ``amount`` florins to the proposer (R31); the partner answers.

    Example:
        >>> move = AskPayment(amount=600)
        >>> str(move)
        'ask 600'
        >>> parse_move('ask 600') == move
        True
    """

    amount: int = attrs.field(metadata={"max": MAX_MONEY})

    def __str__(self) -> str:
        return f"ask {self.amount}"


@attrs.frozen
class Accept:
    """The partner accepts the proposal: it is built (R32); not a turn of theirs.

    Example:
        >>> move = Accept()
        >>> str(move)
        'accept'
        >>> parse_move('accept') == move
        True
    """

    def __str__(self) -> str:
        return "accept"


@attrs.frozen
class Reject:
    """The partner rejects the proposal; the build action stays open (R32).

    Example:
        >>> move = Reject()
        >>> str(move)
        'reject'
        >>> parse_move('reject') == move
        True
    """

    def __str__(self) -> str:
        return "reject"


@attrs.frozen
class GiveUp:
    """Give the build action up after a rejected proposal: nothing is built (R32).

    Example:
        >>> move = GiveUp()
        >>> str(move)
        'give up'
        >>> parse_move('give up') == move
        True
    """

    def __str__(self) -> str:
        return "give up"


@attrs.frozen
class Deal:
    """Chance deals ``item``: the next card of a deck, or a 2-player freedom tile.

    Only with :attr:`~princes_of_florence.GameConfig.explicit_chance`,
    at a chance node (:func:`~princes_of_florence.is_chance_node`).

    Example:
        >>> move = Deal(item=PersonId.POET)
        >>> str(move)
        'deal poet'
        >>> parse_move('deal poet') == move
        True
    """

    item: PersonId | BonusCardId | PrestigeCardId | Freedom

    def __str__(self) -> str:
        return f"deal {self.item}"


Move: TypeAlias = (
    ReturnPerson
    | Open
    | Decline
    | Bid
    | Pass
    | Take
    | PlaceTile
    | ChooseCard
    | ReturnCard
    | ChooseLandscape
    | Recruit
    | KeepRecruiting
    | Build
    | Work
    | PlayBonus
    | FinishWork
    | Convert
    | BuyPerson
    | BuyBonus
    | IntroduceFreedom
    | EndTurn
    | SellPrestige
    | PlaceToken
    | DeclineCharacter
    | PrincessWork
    | UseMerchant
    | UseProfessor
    | MerchantFree
    | MerchantPay
    | ProfessorLater
    | Propose
    | ProposeBuilding
    | ProposePlacement
    | AskPayment
    | Accept
    | Reject
    | GiveUp
    | Deal
)
"""Every kind of move."""


# --------------------------------------------------------------------------
# The shape of a move: exact classes and bounded values

_Check = Callable[[object], "str | None"]
"""A check of one field's value: why it is wrong, or ``None``."""


def _show(value: object) -> str:
    """A short description of ``value`` for an error message, whatever it is."""
    kind = type(value).__name__
    if type(value) in (int, str, float, bool) or value is None:
        if type(value) is int and value.bit_length() > 64:  # repr() may refuse it
            return f"an int of {value.bit_length()} bits"
        text = repr(value)
        return f"{kind} {text[:40]}{'...' if len(text) > 40 else ''}"
    return kind


def _exact(kinds: tuple[type, ...]) -> _Check:
    """A value of exactly one of ``kinds`` (no subclass, no look-alike such as a string)."""
    names = " or ".join(kind.__name__ for kind in kinds)  # "of type PersonId or BonusCardId"

    def check(value: object) -> str | None:
        if type(value) in kinds:
            return None
        return f"must be of type {names}, not {_show(value)}"

    return check


def _bounded_int(most: int) -> _Check:
    def check(value: object) -> str | None:
        if type(value) is not int:
            return f"must be of type int, not {_show(value)}"
        if not 0 <= value <= most:
            return f"must be 0 to {most}, not {_show(value)}"
        return None

    return check


def _bounded_str(most: int) -> _Check:
    def check(value: object) -> str | None:
        if type(value) is not str:
            return f"must be of type str, not {_show(value)}"
        if len(value) > most:
            return f"must be at most {most} characters, not {len(value)}"
        return None

    return check


def _field_check(cls: type, field: attrs.Attribute[Any], kind: Any) -> _Check:
    """The check of one field, read from its annotation and its ``max`` metadata.

    Enums and unions of enums must be members of exactly those enums; ``int``
    and ``str`` fields must say in their metadata how large they may be.
    """
    members = get_args(kind) if get_origin(kind) in (Union, types.UnionType) else (kind,)
    if all(isinstance(m, type) and issubclass(m, Enum) for m in members):
        return _exact(members)
    most = field.metadata.get("max")
    if kind is int and type(most) is int:
        return _bounded_int(most)
    if kind is str and type(most) is int:
        return _bounded_str(most)
    raise TypeError(f"{cls.__name__}.{field.name}: declare an enum, or int or str with a max")


def _shapes() -> dict[type, tuple[tuple[str, _Check], ...]]:
    """For every move class, the check of each of its fields."""
    shapes = {}
    for cls in get_args(Move):
        hints = get_type_hints(cls)
        shapes[cls] = tuple(
            (field.name, _field_check(cls, field, hints[field.name])) for field in attrs.fields(cls)
        )
    return shapes


_SHAPES = _shapes()


def move_shape_problem(move: object) -> str | None:
    """Why ``move`` is not a well-formed move, or ``None`` when it is.

    A well-formed move is an instance of exactly one of the classes of
    :data:`~princes_of_florence.Move` (not a subclass) whose every field holds a value of exactly
    its declared type (an enum member, not its text; an ``int``, not a
    ``float`` or a ``bool``) within the bounds of :mod:`~princes_of_florence.limits`.
    Legality is another question, answered by
    :func:`~princes_of_florence.move_problem`.

    >>> move_shape_problem(Bid(300)) is None
    True
    >>> move_shape_problem(Bid(300.0))  # type: ignore[arg-type]
    'Bid.amount must be of type int, not float 300.0'
    >>> move_shape_problem(Build("university"))  # type: ignore[arg-type]
    "Build.building must be of type Building, not str 'university'"
    """
    checks = _SHAPES.get(type(move))
    if checks is None:
        return f"{_show(move)} is not a move (one of the classes of Move, exactly)"
    for name, check in checks:
        problem = check(getattr(move, name, None))
        if problem is not None:
            return f"{type(move).__name__}.{name} {problem}"
    return None


_E = TypeVar("_E", bound=StrEnum)

_CARD_ENUMS: tuple[type[PersonId] | type[BonusCardId] | type[PrestigeCardId], ...] = (
    PersonId,
    BonusCardId,
    PrestigeCardId,
)


def _enum(kind: type[_E], word: str, text: str) -> _E:
    try:
        return kind(word)
    except ValueError:
        raise InvalidMoveError(f"{word!r} is not a {kind.__name__} in move {text!r}") from None


def _int(word: str, text: str) -> int:
    # ASCII digits only, and no leading zero: every number has one spelling.
    if not (word.isascii() and word.isdigit()) or (word[0] == "0" and word != "0"):
        raise InvalidMoveError(f"{word!r} is not a whole number in move {text!r}")
    if len(word) > MAX_NUMBER_DIGITS:
        raise InvalidMoveError(f"a number of {len(word)} digits in move {text!r}")
    return int(word)


_CELL_NAMES = frozenset(f + r for f in "abcdefg" for r in "1234567")


def _cells(word: str, text: str) -> str:
    """The cells of a ``place`` move, checked and sorted as the notation writes them."""
    names = word.split("-")
    for name in names:
        if name not in _CELL_NAMES:
            raise InvalidMoveError(f"{name!r} is not a cell (a1 to g7) in move {text!r}")
    if len(set(names)) != len(names):
        raise InvalidMoveError(f"move {text!r} names a cell twice")
    return "-".join(sorted(names))


def _shared_cells(word: str, text: str) -> str:
    """The cells of an ``across`` move: two sides, each checked and sorted."""
    sides = word.split("/")
    if len(sides) != 2:
        raise InvalidMoveError(
            f"move {text!r} must name the cells on each side of the border, split by '/'"
        )
    return "/".join(_cells(side, text) for side in sides)


def _card(word: str, text: str) -> PersonId | BonusCardId | PrestigeCardId:
    for kind in _CARD_ENUMS:
        try:
            return kind(word)
        except ValueError:
            continue
    raise InvalidMoveError(f"{word!r} is not a card in move {text!r}")


def _deal_item(word: str, text: str) -> PersonId | BonusCardId | PrestigeCardId | Freedom:
    try:
        return Freedom(word)
    except ValueError:
        pass
    try:
        return _card(word, text)
    except InvalidMoveError:
        raise InvalidMoveError(f"{word!r} is not a card or a freedom in move {text!r}") from None


_NULLARY: dict[str, Move] = {
    "decline": Decline(),
    "pass": Pass(),
    "keep": KeepRecruiting(),
    "finish": FinishWork(),
    "end": EndTurn(),
    "no character": DeclineCharacter(),
    "princess": PrincessWork(),
    "merchant": UseMerchant(),
    "merchant free": MerchantFree(),
    "merchant pay": MerchantPay(),
    "professor later": ProfessorLater(),
    "buy person": BuyPerson(),
    "buy bonus": BuyBonus(),
    "accept": Accept(),
    "reject": Reject(),
    "give up": GiveUp(),
}


def parse_move(text: str) -> Move:
    """Parse move notation, the inverse of ``str(move)``.

    Args:
        text: one move in notation, such as ``"bid 300"``.

    Returns:
        The move.

    Raises:
        InvalidMoveError: the text is not a move in the notation.

    >>> parse_move("recruit 2 poet")
    Recruit(from_player=2, person=<PersonId.POET: 'poet'>)
    >>> parse_move("bid three hundred")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.InvalidMoveError: move 'bid three hundred' has 3 words; ...
    """
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move must be text, not {type(text).__name__}")
    if len(text) > MAX_NOTATION_CHARS:
        raise InvalidMoveError(
            f"move text of {len(text)} characters; a move has at most {MAX_NOTATION_CHARS}"
        )
    if text in _NULLARY:
        return _NULLARY[text]
    words = text.split(" ")
    verb = words[0]
    arity = {
        "return": 2,
        "open": 2,
        "bid": 2,
        "take": 2,
        "place": 2,
        "choose": 2,
        "under": 2,
        "landscape": 2,
        "recruit": 3,
        "build": 2,
        "work": 2,
        "play": 2,
        "convert": 2,
        "freedom": 2,
        "sell": 2,
        "token": 3,
        "professor": 2,
        "propose": 2,
        "share": 2,
        "across": 2,
        "ask": 2,
        "deal": 2,
    }
    if verb not in arity:
        raise InvalidMoveError(f"unknown move {text!r}")
    if len(words) != arity[verb]:
        usage = _USAGE[verb]
        raise InvalidMoveError(f"move {text!r} has {len(words)} words; expected {usage!r}")
    move = _read(verb, words, text)
    problem = move_shape_problem(move)
    if problem is not None:  # a number out of bounds
        raise InvalidMoveError(f"move {text!r}: {problem}")
    return move


def _read(verb: str, words: list[str], text: str) -> Move:
    """The move of ``verb`` with the right number of ``words``; its values not bounded yet."""
    arg = words[1]
    match verb:
        case "return":
            return ReturnPerson(_enum(PersonId, arg, text))
        case "open":
            return Open(_enum(AuctionObject, arg, text))
        case "take":
            return Take(_enum(AuctionObject, arg, text))
        case "bid":
            return Bid(_int(arg, text))
        case "place":
            return PlaceTile(_cells(arg, text))
        case "choose":
            return ChooseCard(_card(arg, text))
        case "under":
            return ReturnCard(_card(arg, text))
        case "landscape":
            return ChooseLandscape(_enum(Landscape, arg, text))
        case "recruit":
            return Recruit(_int(arg, text), _enum(PersonId, words[2], text))
        case "build":
            return Build(_enum(Building, arg, text))
        case "work":
            return Work(_enum(PersonId, arg, text))
        case "play":
            return PlayBonus(_enum(BonusCardId, arg, text))
        case "convert":
            return Convert(_int(arg, text))
        case "freedom":
            return IntroduceFreedom(_enum(Freedom, arg, text))
        case "token":
            return PlaceToken(_enum(Character, arg, text), _int(words[2], text))
        case "professor":
            return UseProfessor(_enum(ProfessorDeck, arg, text))
        case "propose":
            return Propose(_int(arg, text))
        case "share":
            return ProposeBuilding(_enum(Building, arg, text))
        case "across":
            return ProposePlacement(_shared_cells(arg, text))
        case "ask":
            return AskPayment(_int(arg, text))
        case "deal":
            return Deal(_deal_item(arg, text))
        case _:
            return SellPrestige(_int(arg, text))


_USAGE = {
    "return": "return <person>",
    "open": "open <stack>",
    "bid": "bid <florins>",
    "take": "take <stack>",
    "place": "place <cells>",
    "choose": "choose <card>",
    "under": "under <card>",
    "landscape": "landscape <landscape>",
    "recruit": "recruit <player> <person>",
    "build": "build <building>",
    "work": "work <person>",
    "play": "play <bonus>",
    "convert": "convert <points>",
    "freedom": "freedom <freedom>",
    "sell": "sell <points>",
    "token": "token <character> <bid>",
    "professor": "professor <deck>",
    "propose": "propose <seat>",
    "share": "share <building>",
    "across": "across <cells>/<cells>",
    "ask": "ask <florins>",
    "deal": "deal <card or freedom>",
}

share_copies(*get_args(Move))
