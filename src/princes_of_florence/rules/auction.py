"""Phase A: the auction (rulings R11-R16).

The auction is a small state machine kept in :class:`~princes_of_florence.AuctionState`:

* **waiting for an opener** (``stack is None``): the first seat clockwise
  from ``opener`` that is not done opens a stack at the base price or
  declines; when exactly one player is left in the phase, that player instead
  takes an object at base price without an auction, or declines (R14);
* **bidding** (``stack`` set): the seats in ``bidders`` other than the high
  bidder raise by exactly 100 or pass, clockwise; when one bidder is left, it
  pays and takes an object (R13);
* **taking** (``pending`` set): a landscape is placed, a prestige card chosen
  from five, a recruiting card used or kept (R16); with 2 players the
  winner of the landscape stack first chooses which landscape (R11); the
  holder of the Merchant first chooses between the object free and paying
  for prestige (R26, :mod:`~princes_of_florence.rules.characters`).

The stacks and the base price come from the configuration's
:class:`~princes_of_florence.rules.variants.Ruleset`.

When every player is done, ``current_player`` becomes ``None`` and the
phases module moves on to phase B.
"""

from __future__ import annotations

from typing import Any

from princes_of_florence.events import (
    AuctionOpened,
    BidMade,
    Declined,
    Event,
    LandscapeChosen,
    MoneyReason,
    ObjectWon,
    Passed,
    PrestigeReason,
    TilePlaced,
)
from princes_of_florence.ids import AuctionObject, Character, Landscape
from princes_of_florence.moves import Bid, ChooseLandscape, Decline, Move, Open, Pass, Take
from princes_of_florence.rules.cards import draw_to_choose, recruit_moves
from princes_of_florence.rules.common import (
    catalog,
    gained,
    holder,
    means,
    paid,
    payment_problem,
    players_with,
    seats_from,
    with_player,
)
from princes_of_florence.rules.placement import has_legal_placement, landscapes_with_room
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import (
    LANDSCAPES,
    AuctionState,
    Deck,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    Placing,
    PlayerState,
    RecruitOffer,
    replace,
)

__all__ = [
    "apply_auction",
    "auction_moves",
    "auction_problem",
    "begin_auction",
    "choose_landscape",
    "continue_auction",
    "hand_over",
    "landscape_choices",
    "landscape_moves",
    "landscape_problem",
    "place_landscape",
    "stack_problem",
]

_STACKS: tuple[AuctionObject, ...] = tuple(AuctionObject)
_INDEX = {stack: i for i, stack in enumerate(_STACKS)}
_OPEN = {stack: Open(stack) for stack in _STACKS}
_TAKE = {stack: Take(stack) for stack in _STACKS}
_CHOOSE_LANDSCAPE = {landscape: ChooseLandscape(landscape) for landscape in LANDSCAPES}
_DECLINE = Decline()
_PASS = Pass()
_LANDSCAPE_OF = {
    AuctionObject.FOREST: Landscape.FOREST,
    AuctionObject.LAKE: Landscape.LAKE,
    AuctionObject.PARK: Landscape.PARK,
}


def begin_auction(state: GameState) -> GameState:
    """Start phase A: the start player opens (ruling R13)."""
    n = len(state.players)
    auction = AuctionState(done=(False,) * n, opener=state.start_player)
    return replace(state, auction=auction, current_player=state.start_player)


def _exhausted(state: GameState, stack: AuctionObject) -> bool:
    """Whether no object is left in ``stack`` (R6 for the prestige deck)."""
    return _stock(state)[_INDEX[stack]] == 0


def _unusable(state: GameState, player: PlayerState, stack: AuctionObject) -> str | None:
    """Why ``player`` could not use an object of ``stack`` (ruling R15)."""
    if stack is AuctionObject.BUILDER and player.builders >= catalog().rules.max_builders:
        return "the player already has 3 builders"
    if stack is AuctionObject.LANDSCAPE and not landscape_choices(state, player):
        return "the player has no legal place for any landscape left"
    landscape = _LANDSCAPE_OF.get(stack)
    if landscape is not None and not has_legal_placement(
        player.principality, landscape, player.builders
    ):
        return f"the player has no legal place for a {landscape}"
    return None


def landscape_choices(state: GameState, player: PlayerState) -> tuple[Landscape, ...]:
    """The landscapes ``player`` could take from the landscape stack (R11, R15).

    Those left in the supply for which the player's principality has room.
    """
    room = landscapes_with_room(player.principality)
    return tuple(
        [
            landscape
            for landscape, left in zip(LANDSCAPES, state.landscape_supply, strict=True)
            if left and landscape in room
        ]
    )


def _openable(state: GameState, seat: int, price: int) -> list[AuctionObject]:
    """The stacks ``seat`` may open or take at ``price``: what :func:`stack_problem`
    accepts, with the landscape check done once for all three (R13-R15)."""
    auction = state.auction
    assert auction is not None
    player = state.players[seat]
    if means(state, seat) < price:  # payment_problem's test (revised R4)
        return []
    taken = auction.taken
    room = landscapes_with_room(player.principality)
    full = player.builders >= catalog().rules.max_builders
    stock = _stock(state)
    return [
        stack
        for stack in ruleset(state.config).stacks
        if stock[_INDEX[stack]]
        and stack not in taken
        and (stack not in _LANDSCAPE_OF or _LANDSCAPE_OF[stack] in room)
        and not (full and stack is AuctionObject.BUILDER)
        and (stack is not AuctionObject.LANDSCAPE or bool(landscape_choices(state, player)))
    ]


def _stock(state: GameState) -> tuple[int, ...]:
    """What is left in each stack, in :class:`~princes_of_florence.AuctionObject` order."""
    forest, lake, park = state.landscape_supply
    return (
        forest,
        lake,
        park,
        state.jesters,
        state.builders,
        len(state.prestige_deck),
        state.recruiting,
        forest + lake + park,
    )


def stack_problem(state: GameState, seat: int, stack: AuctionObject, price: int) -> str | None:
    """Why ``seat`` may not bid ``price`` on ``stack`` now, or ``None`` (R13-R15)."""
    auction = state.auction
    assert auction is not None
    if stack not in ruleset(state.config).stacks:
        return f"there is no {stack} stack in this game (ruling R11)"
    if stack in auction.taken:
        return f"an object was already taken from the {stack} stack this phase"
    if _exhausted(state, stack):
        return f"the {stack} stack is empty"
    if (problem := payment_problem(state, seat, price)) is not None:
        return problem
    return _unusable(state, state.players[seat], stack)


def _next_opener(state: GameState, auction: AuctionState) -> int | None:
    """The first seat still in the phase, clockwise from the opener, if any."""
    done = auction.done
    for seat in seats_from(state, auction.opener):
        if not done[seat]:
            return seat
    return None


def continue_auction(state: GameState, **changes: Any) -> GameState:
    """Make ``changes`` and hand the decision to the next opener, or end the phase.

    One copy of the state (rulings R13, R14); the next opener is read from
    the auction in ``changes`` if there is one.
    """
    auction = changes.get("auction", state.auction)
    assert auction is not None
    return replace(state, current_player=_next_opener(state, auction), **changes)


def auction_moves(state: GameState) -> tuple[Move, ...]:
    """The moves of the current player in phase A, outside a pending choice.

    Order: stacks in the order of the ruleset's stacks (:class:`~princes_of_florence.AuctionObject`
    order, the 2-player landscape stack first), then ``decline``; while
    bidding, ``bid`` then ``pass``.
    """
    auction = state.auction
    seat = state.current_player
    assert auction is not None and seat is not None
    base = ruleset(state.config).base_price  # ruling R12: 200, 300 with 2 players
    if auction.stack is None:
        stacks = _openable(state, seat, base)
        if auction.done.count(False) == 1:
            return (*map(_TAKE.__getitem__, stacks), _DECLINE)
        return (*map(_OPEN.__getitem__, stacks), _DECLINE)
    amount = auction.high_bid + catalog().rules.raise_step  # ruling R12: exactly +100
    if stack_problem_in_bidding(state, seat, auction.stack, amount) is None:
        return (Bid(amount), _PASS)
    return (_PASS,)


def stack_problem_in_bidding(
    state: GameState, seat: int, stack: AuctionObject, amount: int
) -> str | None:
    """Why ``seat`` may not raise the running auction to ``amount`` (R15)."""
    if (problem := payment_problem(state, seat, amount)) is not None:
        return problem
    return _unusable(state, state.players[seat], stack)


def auction_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal now in phase A, or ``None``."""
    auction = state.auction
    seat = state.current_player
    assert auction is not None and seat is not None
    rules = catalog().rules
    base = ruleset(state.config).base_price  # ruling R12
    if auction.stack is None:
        last = auction.done.count(False) == 1
        if isinstance(move, Decline):
            return None
        if isinstance(move, Open):
            if last:
                return "the last player in the phase takes an object without an auction (R14)"
            return stack_problem(state, seat, move.stack, base)
        if isinstance(move, Take):
            if not last:
                return "only the last player in the phase may take without an auction (R14)"
            return stack_problem(state, seat, move.stack, base)
        return "the player must open an auction or decline (ruling R13)"
    if isinstance(move, Pass):
        return None
    if isinstance(move, Bid):
        wanted = auction.high_bid + rules.raise_step
        if move.amount != wanted:
            return f"a raise must be exactly 100 more than {auction.high_bid}: bid {wanted}"
        return stack_problem_in_bidding(state, seat, auction.stack, move.amount)
    return f"an auction for the {auction.stack} stack is running: bid or pass (ruling R13)"


def apply_auction(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply a legal auction move (not a pending choice)."""
    auction = state.auction
    seat = state.current_player
    assert auction is not None and seat is not None
    base = ruleset(state.config).base_price  # ruling R12
    if isinstance(move, Decline):
        events.append(Declined(seat))
        done = (*auction.done[:seat], True, *auction.done[seat + 1 :])
        return continue_auction(state, auction=replace(auction, done=done))
    if isinstance(move, Take):
        return _award(state, seat, move.stack, base, events)
    if isinstance(move, Open):
        events.append(AuctionOpened(seat, move.stack, base))
        bidders = tuple([s for s in seats_from(state, seat) if not auction.done[s]])
        auction = replace(
            auction, stack=move.stack, high_bid=base, high_bidder=seat, bidders=bidders
        )
        return replace(state, auction=auction, current_player=_next_bidder(auction, seat))
    if isinstance(move, Bid):
        events.append(BidMade(seat, move.amount))
        auction = replace(auction, high_bid=move.amount, high_bidder=seat)
        return replace(state, auction=auction, current_player=_next_bidder(auction, seat))
    assert isinstance(move, Pass)
    events.append(Passed(seat))
    bidders = tuple([s for s in auction.bidders if s != seat])
    if len(bidders) == 1:
        # The auction ends; _award starts the next one from the done flags.
        assert auction.stack is not None and auction.high_bidder == bidders[0]
        return _award(state, bidders[0], auction.stack, auction.high_bid, events)
    auction = replace(auction, bidders=bidders)
    return replace(state, auction=auction, current_player=_next_bidder(auction, seat))


def _next_bidder(auction: AuctionState, seat: int) -> int:
    """The bidder clockwise after ``seat`` who is not the high bidder (R13)."""
    order = auction.bidders
    n = len(auction.done)
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if candidate in order and candidate != auction.high_bidder:
            return candidate
    raise AssertionError("an auction with two bidders always has a next bidder")


def _award(
    state: GameState, seat: int, stack: AuctionObject, price: int, events: list[Event]
) -> GameState:
    """``seat`` wins an object from ``stack`` at ``price`` (R13, R14, R16).

    The player is out of the phase and the stack taken.  The holder of the
    Merchant first chooses between the object free and paying for prestige
    (R26): a :class:`~princes_of_florence.MerchantOffer` waits for that
    choice, and :func:`hand_over` follows it.
    """
    auction = state.auction
    assert auction is not None
    done = (*auction.done[:seat], True, *auction.done[seat + 1 :])
    auction = AuctionState(done=done, taken=(*auction.taken, stack), opener=auction.opener)
    if holder(state, Character.MERCHANT) == seat:  # ruling R26: the holder chooses now
        offer = MerchantOffer(stack, price)
        return replace(state, auction=auction, current_player=seat, pending=offer)
    return hand_over(state, seat, stack, price, auction, events)


def hand_over(
    state: GameState,
    seat: int,
    stack: AuctionObject,
    price: int,
    auction: AuctionState,
    events: list[Event],
) -> GameState:
    """``seat`` pays ``price`` and takes the object won from ``stack`` (R13, R14, R16).

    ``auction`` is the auction's record counting the object as won; it
    replaces the state's in the same copy.  Nothing is pending.  A
    landscape waits to be placed, a prestige card to be chosen, a
    recruiting card to be used or kept; otherwise the auction goes on.
    """
    player = paid(state.players[seat], seat, price, MoneyReason.AUCTION, events)
    events.append(ObjectWon(seat, stack, price))
    if stack is AuctionObject.LANDSCAPE:  # ruling R11: the winner chooses the landscape
        return with_player(
            state, seat, player, auction=auction, current_player=seat, pending=LandscapeChoice()
        )
    landscape = _LANDSCAPE_OF.get(stack)
    if landscape is not None:
        supply = list(state.landscape_supply)
        supply[LANDSCAPES.index(landscape)] -= 1
        return with_player(
            state,
            seat,
            player,
            auction=auction,
            current_player=seat,
            landscape_supply=tuple(supply),
            pending=Placing(landscape),
        )
    if stack is AuctionObject.JESTER:
        player = replace(player, jesters=player.jesters + 1)
        players = players_with(state, seat, player)
        return continue_auction(state, players=players, auction=auction, jesters=state.jesters - 1)
    if stack is AuctionObject.BUILDER:
        count = player.builders + 1
        player = replace(player, builders=count)
        bonus = catalog().rules.builder_prestige[count - 1]  # ruling R16: 2nd and 3rd builder
        player = gained(player, seat, bonus, PrestigeReason.BUILDER, events)
        players = players_with(state, seat, player)
        return continue_auction(
            state, players=players, auction=auction, builders=state.builders - 1
        )
    if stack is AuctionObject.PRESTIGE:
        state = with_player(state, seat, player, auction=auction, current_player=seat)
        return draw_to_choose(state, Deck.PRESTIGE, events)
    player = replace(player, hand_recruiting=player.hand_recruiting + 1)
    state = with_player(
        state, seat, player, auction=auction, current_player=seat, recruiting=state.recruiting - 1
    )
    if recruit_moves(state):
        return replace(state, pending=RecruitOffer())
    return continue_auction(state)


def landscape_moves(state: GameState) -> tuple[Move, ...]:
    """The landscapes the winner of the landscape stack may choose.

    In :class:`~princes_of_florence.Landscape` order.
    """
    seat = state.current_player
    assert seat is not None
    return tuple(map(_CHOOSE_LANDSCAPE.__getitem__, landscape_choices(state, state.players[seat])))


def landscape_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` does not settle the landscape choice (R11), or ``None``."""
    if not isinstance(move, ChooseLandscape):
        return "the player must first choose the landscape won (ruling R11)"
    seat = state.current_player
    assert seat is not None
    if move.landscape not in landscape_choices(state, state.players[seat]):
        return f"no {move.landscape} is left, or it has no legal place (ruling R15)"
    return None


def choose_landscape(state: GameState, move: ChooseLandscape, events: list[Event]) -> GameState:
    """Take the chosen landscape from the supply; its placement follows (R11, R16)."""
    seat = state.current_player
    assert seat is not None
    events.append(LandscapeChosen(seat, move.landscape))
    supply = list(state.landscape_supply)
    supply[LANDSCAPES.index(move.landscape)] -= 1
    return replace(state, landscape_supply=tuple(supply), pending=Placing(move.landscape))


def place_landscape(
    state: GameState, landscape: Landscape, mask: int, cells: str, events: list[Event]
) -> GameState:
    """Lay a landscape won at auction; a repeated type gives prestige (R16)."""
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    principality = player.principality.with_tile(landscape, mask)
    player = replace(player, principality=principality)
    events.append(TilePlaced(seat, landscape, cells))
    if principality.landscape_count(landscape) >= 2:  # ruling R16
        points = catalog().rules.landscape_repeat_prestige
        player = gained(player, seat, points, PrestigeReason.LANDSCAPE, events)
    return continue_auction(state, players=players_with(state, seat, player), pending=None)
