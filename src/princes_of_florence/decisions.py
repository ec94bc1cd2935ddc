"""What is being asked now: the decision of a state or a view, as one small value.

A front end shows the player to decide what the question is ("raise to 500
or pass on the builder?", "place the forest", "keep one of these five
cards") before it lists the legal moves.  :func:`~princes_of_florence.decision` answers that from
a :class:`~princes_of_florence.state.GameState` or a
:class:`~princes_of_florence.observation.PlayerView` alike, so a client holding only its
view can show the same question a server would:

>>> from princes_of_florence import GameConfig, new_game, observe
>>> state = new_game(GameConfig(players=3, seed=1))
>>> decision(state)
Decision(player=0, kind=<DecisionKind.RETURN_PERSON: 'return_person'>, ...)
>>> decision(observe(state, 2)) == decision(state)
True

The numbers a client shows beside the question have their own functions:
:func:`~princes_of_florence.round_minimum` (the work value a work must reach
this round), :func:`~princes_of_florence.build_cost` (what a building costs a
player), :func:`~princes_of_florence.base_price` (the opening bid of an auction)
and :func:`~princes_of_florence.is_last_player_take` (whether the player to
decide is the last of the auction phase, who may buy at the base price
without bidding, ruling R14).

How a decision is classified lives in two tables: by the pending
sub-decision's class (:data:`PENDING_KINDS`) and, with nothing pending, by
phase (:data:`PHASE_KINDS`).  A new phase or pending class (the proposals of
Cooperative Building) adds its :class:`DecisionKind` members and a row to a
table; nothing else changes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from enum import Enum
from typing import Any, TypeAlias

import attrs

from princes_of_florence.engine import work_preview
from princes_of_florence.errors import ArgumentError, PrincesOfFlorenceError
from princes_of_florence.frozen import share_copies
from princes_of_florence.ids import AuctionObject, Building, Deck, Landscape, Phase
from princes_of_florence.limits import shorten
from princes_of_florence.observation import (
    HiddenCardChoice,
    PlayerView,
    determinize,
    is_complete,
)
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import WorkBreakdown, minimum_work
from princes_of_florence.state import (
    CardChoice,
    Conversion,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    Placing,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    Working,
)

__all__ = [
    "PENDING_KINDS",
    "PHASE_KINDS",
    "Decision",
    "DecisionKind",
    "StateOrView",
    "base_price",
    "build_cost",
    "decision",
    "is_last_player_take",
    "question",
    "round_minimum",
]

StateOrView: TypeAlias = GameState | PlayerView
"""Anything :func:`~princes_of_florence.decision` and the accessors read.

The true state or one player's view.
"""


class DecisionKind(Enum):
    """The kinds of question the game asks a player.

    Example:
        >>> DecisionKind("place_tile")
        <DecisionKind.PLACE_TILE: 'place_tile'>
        >>> len(DecisionKind)
        20
    """

    RETURN_PERSON = "return_person"
    """Return one of the four starting persons, in the setup (ruling R8)."""
    OPEN_OR_DECLINE = "open_or_decline"
    """Open an auction on a stack at the base price, or decline, in phase A (R13)."""
    RAISE_OR_PASS = "raise_or_pass"
    """Raise the running auction by 100, or pass, in phase A (R13)."""
    LAST_PLAYER_TAKE = "last_player_take"
    """As the last player of phase A, buy at the base price without bidding, or decline (R14)."""
    CHOOSE_LANDSCAPE = "choose_landscape"
    """Choose the landscape the landscape stack gives, with 2 players (R11)."""
    PLACE_TILE = "place_tile"
    """Lay the landscape won or the building bought in the principality (R16, R21)."""
    CHOOSE_CARD = "choose_card"
    """Keep one of the cards shown (R6)."""
    CHOOSE_RETURNED_ORDER = "choose_returned_order"
    """Put the cards shown and not kept under the deck, one at a time (R6)."""
    RECRUIT = "recruit"
    """Use the recruiting card just won on a person of another table, or keep it (R16, R23)."""
    CHOOSE_ACTION = "choose_action"
    """Choose the next action, or end the turn, in phase B (R17, R18)."""
    ADD_BONUS_OR_FINISH = "add_bonus_or_finish"
    """Add a bonus card to the work in progress, or finish it (R19)."""
    CONVERT = "convert"
    """Decide how much of a work's payout becomes prestige (R19)."""
    BID_FOR_CHARACTER = "bid_for_character"
    """Put the token on a character card, or pass, in phase A2 of Muse & Princess (R25)."""
    CHOOSE_SHARED_BUILDING = "choose_shared_building"
    """Name the building proposed to the partner, in Cooperative Building (R31)."""
    PLACE_SHARED_BUILDING = "place_shared_building"
    """Name the proposal's cells on both sides of the border, in Cooperative Building (R31)."""
    ASK_PAYMENT = "ask_payment"
    """Name the florins the partner is asked to pay, in Cooperative Building (R31)."""
    ANSWER_PROPOSAL = "answer_proposal"
    """Accept or reject a proposal, as the partner, out of turn (Cooperative Building, R32)."""
    CONTINUE_BUILD = "continue_build"
    """Propose again, build alone or give up after a rejection (Cooperative Building, R32)."""
    MERCHANT_CHOICE = "merchant_choice"
    """Holding the Merchant, take the object just won free, or pay for it and gain
    prestige by rank (Muse & Princess, R26)."""
    PROFESSOR_NOW = "professor_now"
    """Draw with the Professor just taken, at once, or keep it for later; out of turn in
    phase A2 (Muse & Princess, R26)."""


@attrs.frozen
class Decision:
    """The question put to ``player`` now, and what it is about.

    Only the attributes that concern the kind are set; the others are
    ``None``.

    Attributes:
        player: the player to decide.
        kind: the kind of question.
        stack: the stack under the hammer (``RAISE_OR_PASS``), or the one
            the object won comes from (``MERCHANT_CHOICE``).
        price: the bid to beat (``RAISE_OR_PASS``), the price to open or
            take at (``OPEN_OR_DECLINE``, ``LAST_PLAYER_TAKE``), or the price
            of the object won (``MERCHANT_CHOICE``).
        tile: the tile to place (``PLACE_TILE``).
        deck: the deck the cards come from (``CHOOSE_CARD``,
            ``CHOOSE_RETURNED_ORDER``).
        cards: how many cards are shown or still to go under the deck.
        work: the work so far: its person and the bonus cards played
            (``ADD_BONUS_OR_FINISH``).
        work_value: the value of the work so far, part by part (``None`` in a
            spectator's view, :func:`~princes_of_florence.observation.public_view`).
        minimum: the round's minimum work value (``ADD_BONUS_OR_FINISH``,
            ``CHOOSE_ACTION``).
        payout: the payout to convert (``CONVERT``).
        proposal: the proposal so far (``CHOOSE_SHARED_BUILDING``,
            ``PLACE_SHARED_BUILDING``, ``ASK_PAYMENT``, ``ANSWER_PROPOSAL``).
        proposals: how many proposals of the build action were rejected
            (``CONTINUE_BUILD``).

    Example:
        >>> from princes_of_florence import GameConfig, new_game
        >>> asked = decision(new_game(GameConfig(players=3, seed=1)))
        >>> asked.player, asked.kind
        (0, <DecisionKind.RETURN_PERSON: 'return_person'>)
    """

    player: int
    kind: DecisionKind
    stack: AuctionObject | None = None
    price: int | None = None
    tile: Building | Landscape | None = None
    deck: Deck | None = None
    cards: int | None = None
    work: Working | None = None
    work_value: WorkBreakdown | None = None
    minimum: int | None = None
    payout: int | None = None
    proposal: Proposal | None = None
    proposals: int | None = None


def _check(state_or_view: object) -> None:
    if not isinstance(state_or_view, GameState | PlayerView):
        raise ArgumentError(
            f"expected a GameState or a PlayerView, not {type(state_or_view).__name__}"
        )


def round_minimum(state_or_view: StateOrView) -> int:
    """The least value a work may have this round (ruling R19).

    >>> from princes_of_florence import GameConfig, new_game
    >>> round_minimum(new_game(GameConfig(players=3)))
    7
    """
    _check(state_or_view)
    return minimum_work(state_or_view.round)


def build_cost(state_or_view: StateOrView, player: int) -> int:
    """What a building costs ``player`` now: 700, 300 with one or two builders, 0 with three (R21).

    >>> from princes_of_florence import GameConfig, new_game
    >>> build_cost(new_game(GameConfig(players=3)), 0)
    700
    """
    _check(state_or_view)
    players = state_or_view.players
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(players):
        raise PrincesOfFlorenceError(
            f"player must be a player number from 0 to {len(players) - 1}, not {shorten(player)}"
        )
    return catalog().rules.build_cost[players[player].builders]


def base_price(state_or_view: StateOrView) -> int:
    """The opening bid of an auction: 200, or 300 with 2 players (ruling R12).

    >>> from princes_of_florence import GameConfig, new_game
    >>> base_price(new_game(GameConfig(players=2))), base_price(new_game(GameConfig(players=5)))
    (300, 200)
    """
    _check(state_or_view)
    return ruleset(state_or_view.config).base_price


def is_last_player_take(state_or_view: StateOrView) -> bool:
    """Whether the player to decide is the last of the auction phase (ruling R14).

    The last player still in phase A opens no auction: they buy an object at
    the base price (``take``) or decline.

    Example:
        >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves, parse_move
        >>> state = new_game(GameConfig(players=2, seed=1))
        >>> for _ in range(2):
        ...     state = apply(state, legal_moves(state)[0])
        >>> is_last_player_take(state)
        False
        >>> state = apply(state, parse_move("decline"))
        >>> is_last_player_take(state), [str(move) for move in legal_moves(state)][:2]
        (True, ['take landscape', 'take jester'])
    """
    _check(state_or_view)
    auction = state_or_view.auction
    return (
        state_or_view.phase is Phase.AUCTION
        and state_or_view.current_player is not None
        and state_or_view.pending is None
        and auction is not None
        and auction.stack is None
        and auction.done.count(False) == 1
    )


def _work_value(state_or_view: StateOrView) -> WorkBreakdown | None:
    if isinstance(state_or_view, PlayerView) and not is_complete(state_or_view):
        return None  # a spectator's view: no state completes it
    if isinstance(state_or_view, PlayerView):
        # A work is public (the person lies face up, bonus cards are played
        # open), so any state showing this view values it the same way.
        return work_preview(determinize(state_or_view, random.Random(0)))
    return work_preview(state_or_view)


def _setup(s: StateOrView, player: int) -> Decision:
    return Decision(player, DecisionKind.RETURN_PERSON)


def _auction(s: StateOrView, player: int) -> Decision:
    auction = s.auction
    assert auction is not None
    if auction.stack is not None:
        return Decision(
            player, DecisionKind.RAISE_OR_PASS, stack=auction.stack, price=auction.high_bid
        )
    kind = DecisionKind.LAST_PLAYER_TAKE if is_last_player_take(s) else DecisionKind.OPEN_OR_DECLINE
    return Decision(player, kind, price=base_price(s))


def _characters(s: StateOrView, player: int) -> Decision:
    return Decision(player, DecisionKind.BID_FOR_CHARACTER)


def _actions(s: StateOrView, player: int) -> Decision:
    return Decision(player, DecisionKind.CHOOSE_ACTION, minimum=round_minimum(s))


PHASE_KINDS: dict[Phase, Callable[[StateOrView, int], Decision]] = {
    Phase.SETUP: _setup,
    Phase.AUCTION: _auction,
    Phase.CHARACTERS: _characters,
    Phase.ACTIONS: _actions,
}
"""The decision of the player to decide when nothing is pending, by phase."""


def _placing(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.PLACE_TILE, tile=pending.tile)


def _card_choice(s: StateOrView, player: int, pending: Any) -> Decision:
    kind = DecisionKind.CHOOSE_RETURNED_ORDER if pending.returning else DecisionKind.CHOOSE_CARD
    count = pending.count if isinstance(pending, HiddenCardChoice) else len(pending.shown)
    return Decision(player, kind, deck=pending.deck, cards=count)


def _landscape(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.CHOOSE_LANDSCAPE)


def _recruit(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.RECRUIT)


def _working(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(
        player,
        DecisionKind.ADD_BONUS_OR_FINISH,
        work=pending,
        work_value=_work_value(s),
        minimum=round_minimum(s),
    )


def _conversion(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.CONVERT, payout=pending.payout)


def _proposal(s: StateOrView, player: int, pending: Any) -> Decision:
    if pending.building is None:
        kind = DecisionKind.CHOOSE_SHARED_BUILDING
    elif pending.cells is None:
        kind = DecisionKind.PLACE_SHARED_BUILDING
    elif pending.payment is None:
        kind = DecisionKind.ASK_PAYMENT
    else:
        kind = DecisionKind.ANSWER_PROPOSAL
    return Decision(player, kind, proposal=pending)


def _open_build(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.CONTINUE_BUILD, proposals=pending.proposals)


def _merchant(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.MERCHANT_CHOICE, stack=pending.stack, price=pending.price)


def _professor(s: StateOrView, player: int, pending: Any) -> Decision:
    return Decision(player, DecisionKind.PROFESSOR_NOW)


PENDING_KINDS: dict[type, Callable[[StateOrView, int, Any], Decision]] = {
    Placing: _placing,
    CardChoice: _card_choice,
    HiddenCardChoice: _card_choice,
    LandscapeChoice: _landscape,
    RecruitOffer: _recruit,
    Working: _working,
    Conversion: _conversion,
    Proposal: _proposal,
    OpenBuild: _open_build,
    MerchantOffer: _merchant,
    ProfessorOffer: _professor,
}
"""The decision a pending sub-decision puts to the player to decide, by its class."""


def decision(state_or_view: StateOrView) -> Decision | None:
    """The question put to the player to decide; ``None`` once the game is over or
    while chance deals (:func:`~princes_of_florence.is_chance_node`).

    Args:
        state_or_view: the true state, or any player's view of it; a view
            gives the same answer as its state, except that the cards shown
            to another player are counted, not named (they never are).

    Raises:
        PrincesOfFlorenceError: ``state_or_view`` is neither a state nor a view.

    >>> from princes_of_florence import GameConfig, new_game, apply, legal_moves
    >>> state = new_game(GameConfig(players=3, seed=1))
    >>> while state.phase is Phase.SETUP:
    ...     state = apply(state, legal_moves(state)[0])
    >>> found = decision(state)
    >>> found.kind, found.price
    (<DecisionKind.OPEN_OR_DECLINE: 'open_or_decline'>, 200)
    """
    _check(state_or_view)
    player = state_or_view.current_player
    if player is None:
        return None
    pending = state_or_view.pending
    if pending is not None:
        return PENDING_KINDS[type(pending)](state_or_view, player, pending)
    return PHASE_KINDS[state_or_view.phase](state_or_view, player)


_STACK_WORDS = {
    AuctionObject.FOREST: "a forest",
    AuctionObject.LAKE: "a lake",
    AuctionObject.PARK: "a park",
    AuctionObject.JESTER: "a jester",
    AuctionObject.BUILDER: "a builder",
    AuctionObject.PRESTIGE: "a prestige card",
    AuctionObject.RECRUITING: "a recruiting card",
    AuctionObject.LANDSCAPE: "a landscape",
}
_DECK_WORDS = {Deck.PERSONS: "person", Deck.BONUS: "bonus", Deck.PRESTIGE: "prestige"}


def _asked(asked: Decision) -> str:
    """What ``asked`` asks, after "X, ...": a clause without its subject."""
    words = {
        DecisionKind.RETURN_PERSON: "return one of your four starting persons",
        DecisionKind.OPEN_OR_DECLINE: (
            f"open an auction at {asked.price} florins, or decline and leave the auction phase"
        ),
        DecisionKind.LAST_PLAYER_TAKE: (
            f"take an object for {asked.price} florins as the last player, or decline"
        ),
        DecisionKind.CHOOSE_LANDSCAPE: "choose the landscape the stack gives",
        DecisionKind.RECRUIT: "recruit a person from another table, or keep the recruiting card",
        DecisionKind.CHOOSE_ACTION: (
            f"choose an action or end the turn (a work must be worth {asked.minimum} this round)"
        ),
        DecisionKind.BID_FOR_CHARACTER: "put a token on a character card, or pass",
        DecisionKind.CHOOSE_SHARED_BUILDING: "name the building to propose to the partner",
        DecisionKind.PLACE_SHARED_BUILDING: "place the proposed building across the border",
        DecisionKind.ASK_PAYMENT: "name the florins the partner is asked to pay",
        DecisionKind.ANSWER_PROPOSAL: "accept or reject the proposal",
        DecisionKind.CONTINUE_BUILD: "propose again, build alone or give up the build",
        DecisionKind.PROFESSOR_NOW: "draw with the Professor now, or keep it for later",
    }
    match asked.kind:
        case DecisionKind.RAISE_OR_PASS:
            stack = _STACK_WORDS[asked.stack] if asked.stack is not None else "the object"
            return f"raise the bid of {asked.price} florins for {stack}, or pass"
        case DecisionKind.PLACE_TILE:
            tile = str(asked.tile).replace("_", " ")
            return f"place the {tile} in the principality"
        case DecisionKind.CHOOSE_CARD:
            deck = _DECK_WORDS[asked.deck] + " " if asked.deck is not None else ""
            return f"keep one of the {asked.cards} {deck}cards shown"
        case DecisionKind.CHOOSE_RETURNED_ORDER:
            return f"put the {asked.cards} cards not kept under the deck, one at a time"
        case DecisionKind.ADD_BONUS_OR_FINISH:
            value = asked.work_value.total if asked.work_value is not None else None
            worth = (
                f" (worth {value}, at least {asked.minimum} needed)" if value is not None else ""
            )
            return f"add a bonus card to the work{worth}, or finish it"
        case DecisionKind.MERCHANT_CHOICE:
            stack = _STACK_WORDS[asked.stack] if asked.stack is not None else "the object"
            return (
                f"with the Merchant, take {stack} free, or pay {asked.price} florins for it"
                " and gain prestige"
            )
        case DecisionKind.CONVERT:
            return f"choose how much of the payout of {asked.payout} florins becomes prestige"
        case _:
            return words[asked.kind]


def question(state_or_view: StateOrView, viewer: int | None = None) -> str | None:
    """What the player to decide is asked, as one sentence; ``None`` when nobody is.

    Args:
        state_or_view: the true state, or any player's view of it.
        viewer: the player the sentence is addressed to; their question
            reads "You: ..." and anybody else's names the player.

    >>> from princes_of_florence import GameConfig, new_game
    >>> state = new_game(GameConfig(players=3, seed=1, names=("Anna", "Ben", "Carla")))
    >>> question(state)
    'Anna: return one of your four starting persons.'
    >>> question(state, viewer=0)
    'You: return one of your four starting persons.'
    """
    asked = decision(state_or_view)
    if asked is None:
        return None
    names = state_or_view.config.names
    who = "You" if viewer == asked.player else names[asked.player]
    return f"{who}: {_asked(asked)}."


share_copies(Decision)
