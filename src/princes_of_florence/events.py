"""Events: what happened while a move was applied, in order.

``apply_with_events`` returns these beside the new state, for a front end to
animate or log.  Every movement of money is a :class:`MoneyPaid` or
:class:`MoneyReceived` with a :class:`MoneyReason`, so the ledger of ruling R1
(money = starting money + received - paid) can be checked from events alone;
likewise every prestige change is a :class:`PrestigeGained` or
:class:`PrestigeLost` with a :class:`PrestigeReason`.

Every move yields at least one event that says what the move did, so a
front end can animate and log a game from events alone: a move that only
starts a compound action (:class:`BuildingChosen`, :class:`WorkStarted`) or
settles a choice without changing money or prestige (:class:`RecruitingKept`,
:class:`PayoutKept`) has an event of its own.  Dealing the starting persons
is part of ``new_game``, which returns no events; the dealt hand is in the
state (and in each player's view).

Some events reveal hidden cards (:class:`CardsShown`, :class:`CardKept`,
:class:`CardReturned`, :class:`PersonReturned`); :func:`princes_of_florence.events_for`
redacts them for the players who may not see them.
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeAlias, get_args

import attrs

from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import (
    AuctionObject,
    BonusCardId,
    Building,
    Character,
    Deck,
    Freedom,
    Landscape,
    PersonId,
    Phase,
    PrestigeCardId,
)

__all__ = [
    "AuctionOpened",
    "BestWork",
    "BidMade",
    "BonusPlayed",
    "BuildGivenUp",
    "BuildingChosen",
    "CardKept",
    "CardReturned",
    "CardsShown",
    "CharacterReturned",
    "CharacterTaken",
    "CharacterUsed",
    "Dealt",
    "Declined",
    "Event",
    "FreedomIntroduced",
    "GameEnded",
    "LandscapeChosen",
    "MoneyPaid",
    "MoneyReason",
    "MoneyReceived",
    "ObjectWon",
    "Passed",
    "PayoutKept",
    "PersonRecruited",
    "PersonReturned",
    "PhaseStarted",
    "PrestigeCardScored",
    "PrestigeGained",
    "PrestigeLost",
    "PrestigeReason",
    "ProposalAnswered",
    "ProposalDrafted",
    "ProposalMade",
    "RecruitingKept",
    "SharedBuildingPlaced",
    "TilePlaced",
    "TokenPlaced",
    "TurnEnded",
    "WorkDone",
    "WorkStarted",
]


class MoneyReason(StrEnum):
    """Why money moved between a player and the bank (ruling R1).

    Example:
        >>> MoneyReason("build")
        <MoneyReason.BUILD: 'build'>
        >>> str(MoneyReason.SALE)
        'sale'
    """

    AUCTION = "auction"
    BUILD = "build"
    PERSON = "person"
    FREEDOM = "freedom"
    BONUS = "bonus"
    WORK = "work"
    CONVERSION = "conversion"
    SALE = "sale"
    CHARACTER = "character"
    """A character card taken in phase A2 (R25)."""
    BANKER = "banker"
    """The Banker (R26); received, the money lying on it; paid, the money
    its holder after round 7 turns into prestige."""
    PARTNER = "partner"
    """A shared building's agreed payment (R32), paid by the partner,
    received by the player who proposed it; the bank takes no part."""


class PrestigeReason(StrEnum):
    """Why a player's prestige changed.

    Example:
        >>> PrestigeReason("best_work")
        <PrestigeReason.BEST_WORK: 'best_work'>
        >>> str(PrestigeReason.BUILDING)
        'building'
    """

    LANDSCAPE = "landscape"
    """A second or further landscape of one type (R16)."""
    BUILDER = "builder"
    """The second and third builder (R16)."""
    BUILDING = "building"
    """A building built (R21)."""
    CONVERSION = "conversion"
    """Florins of a work's payout converted (R19)."""
    BEST_WORK = "best_work"
    """The round's best work (R20)."""
    PRESTIGE_CARD = "prestige_card"
    """A prestige card scored at the end (R24)."""
    SALE = "sale"
    """Prestige sold for money (R3)."""
    MERCHANT = "merchant"
    """The Merchant, prestige equal to the rank on the track (R26)."""
    BANKER = "banker"
    """The Banker's holder after round 7, money into prestige (R26)."""


@attrs.frozen
class MoneyPaid:
    """``player`` paid ``amount`` florins to the bank.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = MoneyPaid(player=1, amount=200, reason=MoneyReason.AUCTION)
        >>> describe(event, GameConfig(players=3))
        'Player 2 pays 200 florins at auction.'
    """

    player: int
    amount: int
    reason: MoneyReason


@attrs.frozen
class MoneyReceived:
    """``player`` received ``amount`` florins from the bank.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = MoneyReceived(player=0, amount=100, reason=MoneyReason.SALE)
        >>> describe(event, GameConfig(players=3))
        'Player 1 receives 100 florins for prestige sold.'
    """

    player: int
    amount: int
    reason: MoneyReason


@attrs.frozen
class PrestigeGained:
    """``player`` moved ``points`` forward on the prestige track.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PrestigeGained(player=0, points=3, reason=PrestigeReason.BUILDING)
        >>> describe(event, GameConfig(players=3))
        'Player 1 gains 3 prestige for the building.'
    """

    player: int
    points: int
    reason: PrestigeReason


@attrs.frozen
class PrestigeLost:
    """``player`` moved ``points`` back on the prestige track.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PrestigeLost(player=0, points=1, reason=PrestigeReason.SALE)
        >>> describe(event, GameConfig(players=3))
        'Player 1 loses 1 prestige sold.'
    """

    player: int
    points: int
    reason: PrestigeReason


@attrs.frozen
class PhaseStarted:
    """A phase of ``round`` began; ``start_player`` starts it.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PhaseStarted(round=1, phase=Phase.AUCTION, start_player=0)
        >>> describe(event, GameConfig(players=3))
        'Round 1: phase A (auction) starts with Player 1.'
    """

    round: int
    phase: Phase
    start_player: int


@attrs.frozen
class PersonReturned:
    """``player`` returned a starting person to the deck (R8); hidden from others.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PersonReturned(player=0, person=PersonId.PHARMACIST)
        >>> describe(event, GameConfig(players=3))
        'Player 1 returns the pharmacist.'
    """

    player: int
    person: PersonId | None


@attrs.frozen
class AuctionOpened:
    """``player`` opened an auction for ``stack`` at ``price``.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = AuctionOpened(player=1, stack=AuctionObject.RECRUITING, price=200)
        >>> describe(event, GameConfig(players=3))
        'Player 2 opens an auction for a recruiting card at 200 florins.'
    """

    player: int
    stack: AuctionObject
    price: int


@attrs.frozen
class Declined:
    """``player`` takes no object this phase.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = Declined(player=0)
        >>> describe(event, GameConfig(players=3))
        'Player 1 declines.'
    """

    player: int


@attrs.frozen
class BidMade:
    """``player`` raised the running auction to ``amount``.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = BidMade(player=0, amount=300)
        >>> describe(event, GameConfig(players=3))
        'Player 1 bids 300 florins.'
    """

    player: int
    amount: int


@attrs.frozen
class Passed:
    """``player`` left the running auction.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = Passed(player=2)
        >>> describe(event, GameConfig(players=3))
        'Player 3 passes.'
    """

    player: int


@attrs.frozen
class ObjectWon:
    """``player`` took an object from ``stack`` for ``price`` (auction or R14).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = ObjectWon(player=1, stack=AuctionObject.RECRUITING, price=200)
        >>> describe(event, GameConfig(players=3))
        'Player 2 wins a recruiting card for 200 florins.'
    """

    player: int
    stack: AuctionObject
    price: int


@attrs.frozen
class LandscapeChosen:
    """``player`` took ``landscape`` for the landscape stack won (2 players, R11).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = LandscapeChosen(player=0, landscape=Landscape.LAKE)
        >>> describe(event, GameConfig(players=2))
        'Player 1 chooses a lake.'
    """

    player: int
    landscape: Landscape


@attrs.frozen
class TilePlaced:
    """``player`` laid ``tile`` on ``cells`` (notation).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = TilePlaced(player=2, tile=Landscape.LAKE, cells="c4-c5-d4")
        >>> describe(event, GameConfig(players=3))
        'Player 3 places the lake on c4-c5-d4.'
    """

    player: int
    tile: Building | Landscape
    cells: str


@attrs.frozen
class CardsShown:
    """``player`` was shown ``cards`` from ``deck`` to choose one (R6).

    ``cards`` is ``None`` in a copy redacted for another player; ``count``
    always says how many were shown.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CardsShown(
        ...     player=2,
        ...     deck=Deck.PERSONS,
        ...     count=5,
        ...     cards=(
        ...         PersonId.DOCTOR,
        ...         PersonId.MATHEMATICIAN,
        ...         PersonId.ASTRONOMER,
        ...         PersonId.LAWYER,
        ...         PersonId.ALCHEMIST,
        ...     ),
        ... )
        >>> describe(event, GameConfig(players=3))
        'Player 3 is shown 5 person cards: the doctor, the mathematician, the astronomer,
        the lawyer and the alchemist.'
    """

    player: int
    deck: Deck
    count: int
    cards: tuple[PersonId, ...] | tuple[BonusCardId, ...] | tuple[PrestigeCardId, ...] | None


@attrs.frozen
class CardKept:
    """``player`` kept ``card`` from ``deck``; the rest went under the deck.

    ``card`` is ``None`` in a copy redacted for another player.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CardKept(player=2, deck=Deck.PERSONS, card=PersonId.DOCTOR)
        >>> describe(event, GameConfig(players=3))
        'Player 3 keeps the doctor.'
    """

    player: int
    deck: Deck
    card: PersonId | BonusCardId | PrestigeCardId | None


@attrs.frozen
class CardReturned:
    """``player`` put ``card``, shown and not kept, under ``deck`` (R6).

    Only when the player chooses the order
    (:attr:`~princes_of_florence.GameConfig.choose_returned_order`); ``card``
    is ``None`` in a copy redacted for another player.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CardReturned(player=1, deck=Deck.BONUS, card=BonusCardId.B05)
        >>> describe(event, GameConfig(players=3))
        'Player 2 puts bonus card B05 under the bonus deck.'
    """

    player: int
    deck: Deck
    card: PersonId | BonusCardId | PrestigeCardId | None


@attrs.frozen
class PersonRecruited:
    """``player`` took ``person`` from the table of ``from_player`` with a recruiting card.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PersonRecruited(player=0, from_player=2, person=PersonId.BOTANIST)
        >>> describe(event, GameConfig(players=3))
        "Player 1 recruits the botanist from Player 3's table."
    """

    player: int
    from_player: int
    person: PersonId


@attrs.frozen
class RecruitingKept:
    """``player`` kept the recruiting card just won in hand, unused for now (R16).

    Recruiting cards are all alike, so this names no card and hides nothing.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = RecruitingKept(player=0)
        >>> describe(event, GameConfig(players=3))
        'Player 1 keeps the recruiting card for later.'
    """

    player: int


@attrs.frozen
class BuildingChosen:
    """``player`` chose to build ``building`` (R21).

    The payment and the :class:`TilePlaced` follow with the placement.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = BuildingChosen(player=0, building=Building.LIBRARY)
        >>> describe(event, GameConfig(players=3))
        'Player 1 chooses a library to build.'
    """

    player: int
    building: Building


@attrs.frozen
class FreedomIntroduced:
    """``player`` introduced ``freedom``.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = FreedomIntroduced(player=2, freedom=Freedom.OPINION)
        >>> describe(event, GameConfig(players=3))
        'Player 3 introduces freedom of opinion.'
    """

    player: int
    freedom: Freedom


@attrs.frozen
class WorkStarted:
    """``player`` laid ``person`` face up from hand to start a work (R19).

    Bonus cards (:class:`BonusPlayed`) and the payout (:class:`WorkDone`)
    follow in later moves.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = WorkStarted(player=2, person=PersonId.BOTANIST)
        >>> describe(event, GameConfig(players=3))
        'Player 3 starts a work with the botanist.'
    """

    player: int
    person: PersonId


@attrs.frozen
class BonusPlayed:
    """``player`` added ``card`` worth ``value`` to the work in progress.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = BonusPlayed(player=2, card=BonusCardId.B18, value=3)
        >>> describe(event, GameConfig(players=3))
        'Player 3 plays bonus card B18, worth 3.'
    """

    player: int
    card: BonusCardId
    value: int


@attrs.frozen
class WorkDone:
    """``player``'s ``person`` completed a work worth ``value`` (R19).

    ``parts`` is the breakdown as ``(label, points)`` pairs, such as
    ``("building", 4)`` or ``("B07", 4)``.  ``person`` is ``None`` for a
    Princess work (R28).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = WorkDone(
        ...     player=2,
        ...     person=PersonId.BOTANIST,
        ...     value=10,
        ...     parts=(
        ...         ("building", 0),
        ...         ("landscape", 3),
        ...         ("freedom", 0),
        ...         ("jesters", 0),
        ...         ("persons", 4),
        ...         ("B18", 3),
        ...     ),
        ... )
        >>> describe(event, GameConfig(players=3))
        "Player 3's work by the botanist is worth 10: landscape 3, persons 4, B18 3."
    """

    player: int
    person: PersonId | None
    value: int
    parts: tuple[tuple[str, int], ...]


@attrs.frozen
class PayoutKept:
    """``player`` kept all of the work's payout in florins, converting none (R19).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PayoutKept(player=0)
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        'Player 1 keeps the whole payout in florins.'
    """

    player: int


@attrs.frozen
class TurnEnded:
    """``player`` ended their turn in phase B.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = TurnEnded(player=0)
        >>> describe(event, GameConfig(players=3))
        'Player 1 ends the turn.'
    """

    player: int


@attrs.frozen
class BestWork:
    """The round's best work was ``value``; ``players`` each gained 3 prestige (R20).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = BestWork(round=2, value=10, players=(2,))
        >>> describe(event, GameConfig(players=3))
        'The best work of round 2 is worth 10: Player 3.'
    """

    round: int
    value: int
    players: tuple[int, ...]


@attrs.frozen
class PrestigeCardScored:
    """``player``'s prestige ``card`` scored ``points`` at the end (R24).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = PrestigeCardScored(player=2, card=PrestigeCardId.P07, points=3)
        >>> describe(event, GameConfig(players=3))
        "Player 3's prestige card P07 scores 3 prestige."
    """

    player: int
    card: PrestigeCardId
    points: int


@attrs.frozen
class TokenPlaced:
    """``player`` put their token on ``character`` at ``amount`` (R25).

    ``returned`` is the seat whose token went back, if any.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = TokenPlaced(
        ...     player=0, character=Character.PROFESSOR, amount=1200, returned=None
        ... )
        >>> describe(event, GameConfig(players=3, muse_and_princess=True))
        'Player 1 puts a token on the Professor at 1200 florins.'
    """

    player: int
    character: Character
    amount: int
    returned: int | None = None


@attrs.frozen
class CharacterTaken:
    """``player`` paid ``price`` and took ``character`` (R25).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CharacterTaken(player=0, character=Character.PROFESSOR, price=1200)
        >>> describe(event, GameConfig(players=3, muse_and_princess=True))
        'Player 1 takes the Professor for 1200 florins.'
    """

    player: int
    character: Character
    price: int


@attrs.frozen
class CharacterUsed:
    """``player`` used ``character``; it goes back beside the board (R26).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CharacterUsed(player=0, character=Character.PROFESSOR)
        >>> describe(event, GameConfig(players=3, muse_and_princess=True))
        'Player 1 uses the Professor.'
    """

    player: int
    character: Character


@attrs.frozen
class CharacterReturned:
    """``player`` gave ``character`` back unused (R26).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = CharacterReturned(player=2, character=Character.PRINCESS)
        >>> describe(event, GameConfig(players=3, muse_and_princess=True))
        'Player 3 gives the Princess back unused.'
    """

    player: int
    character: Character


@attrs.frozen
class GameEnded:
    """The game is over; ``winners`` share the victory (R24).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = GameEnded(winners=(2,))
        >>> describe(event, GameConfig(players=3))
        'The game is over: Player 3 wins.'
    """

    winners: tuple[int, ...]


@attrs.frozen
class ProposalDrafted:
    """``player`` is drafting proposal ``number`` of a build action to ``partner`` (R31).

    One event per step: the partner named, then the ``building``, then the
    ``cells`` (``None`` until named).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = ProposalDrafted(player=0, partner=2, number=1, building=None, cells=None)
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        'Player 1 drafts proposal 1 to Player 3: a building.'
    """

    player: int
    partner: int
    number: int
    building: Building | None = None
    cells: str | None = None


@attrs.frozen
class ProposalMade:
    """``player`` proposed to ``partner`` to share ``building`` on ``cells``,
    the partner paying ``payment`` (R31); the partner answers next.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = ProposalMade(
        ...     player=0,
        ...     partner=2,
        ...     number=1,
        ...     building=Building.LIBRARY,
        ...     cells="a3-a4/g3-g4-g5",
        ...     payment=600,
        ... )
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        'Player 1 proposes to Player 3 to share the library on a3-a4 and g3-g4-g5 across the
        border, Player 3 paying 600 florins (proposal 1).'
    """

    player: int
    partner: int
    number: int
    building: Building
    cells: str
    payment: int


@attrs.frozen
class ProposalAnswered:
    """``player``, the partner, accepted or rejected ``proposer``'s proposal (R32).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = ProposalAnswered(player=2, proposer=0, accepted=False)
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        "Player 3 rejects Player 1's proposal."
    """

    player: int
    proposer: int
    accepted: bool


@attrs.frozen
class SharedBuildingPlaced:
    """``player`` and ``partner`` built ``building`` across their border on ``cells`` (R32).

    ``cells`` is seen from ``player``'s side: their cells, ``/``, the
    partner's.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = SharedBuildingPlaced(
        ...     player=2, partner=0, building=Building.THEATER, cells="e7-f6-f7-g7/a7"
        ... )
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        'Player 3 and Player 1 build the theater on e7-f6-f7-g7 and a7 across the border.'
    """

    player: int
    partner: int
    building: Building
    cells: str


@attrs.frozen
class BuildGivenUp:
    """``player`` gave up the build action after a rejected proposal (R32).

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> event = BuildGivenUp(player=2)
        >>> describe(event, GameConfig(players=3, cooperative_building=True))
        'Player 3 gives up the build action.'
    """

    player: int


@attrs.frozen
class Dealt:
    """Chance dealt ``item`` (:class:`~princes_of_florence.Deal`).

    ``player`` is the player whose hand the card joins, or ``None`` for a
    card laid on its deck or a freedom tile added to the supply.  Only the
    receiving player sees the card (:func:`~princes_of_florence.events_for`
    makes ``item`` ``None`` for the others, and for everybody when it joins a
    deck); a freedom tile is seen by all.

    Example:
        >>> from princes_of_florence import GameConfig, describe
        >>> from princes_of_florence.ids import PersonId
        >>> describe(Dealt(player=0, item=PersonId.POET), GameConfig(players=3))
        'Chance deals the poet to Player 1.'
    """

    player: int | None
    item: PersonId | BonusCardId | PrestigeCardId | Freedom | None


Event: TypeAlias = (
    MoneyPaid
    | MoneyReceived
    | PrestigeGained
    | PrestigeLost
    | PhaseStarted
    | PersonReturned
    | AuctionOpened
    | Declined
    | BidMade
    | Passed
    | ObjectWon
    | LandscapeChosen
    | TilePlaced
    | CardsShown
    | CardKept
    | CardReturned
    | PersonRecruited
    | RecruitingKept
    | BuildingChosen
    | FreedomIntroduced
    | WorkStarted
    | BonusPlayed
    | WorkDone
    | PayoutKept
    | TurnEnded
    | BestWork
    | PrestigeCardScored
    | GameEnded
    | TokenPlaced
    | CharacterTaken
    | CharacterUsed
    | CharacterReturned
    | ProposalDrafted
    | ProposalMade
    | ProposalAnswered
    | SharedBuildingPlaced
    | BuildGivenUp
    | Dealt
)
"""Every kind of event."""

share_copies(*get_args(Event))
