"""Invariants every reachable state satisfies.

:func:`state_problems` lists what is wrong with a state; a state reached by
legal play has none.  Loading a state from JSON checks it, and the property
tests check it after every move.  Each problem ends with ``@`` and the field
(or fields) at fault, written as attribute paths from the state, such as
``players[1].money`` or ``auction.high_bid``; the JSON of a state has the
same structure, so the JSON loader names the same path inside the document.

>>> from princes_of_florence import GameConfig, new_game
>>> state_problems(new_game(GameConfig(players=3)))
()
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from princes_of_florence.components import Catalog
from princes_of_florence.errors import GeometryError
from princes_of_florence.geometry import cells_notation, neighbour_mask
from princes_of_florence.ids import AuctionObject, Building, Character, Landscape, Phase
from princes_of_florence.limits import shorten
from princes_of_florence.rules.actions import build_cost, turn_limits
from princes_of_florence.rules.auction import stack_problem_in_bidding
from princes_of_florence.rules.common import catalog, holder, means
from princes_of_florence.rules.cooperative import parse_shared_placement
from princes_of_florence.rules.placement import is_tile_shape
from princes_of_florence.rules.setup import dealing
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import highest_work_value, minimum_work
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    LANDSCAPES,
    AuctionState,
    CardChoice,
    CharacterState,
    Conversion,
    Deck,
    GameState,
    LandscapeChoice,
    MerchantOffer,
    OpenBuild,
    Placing,
    Principality,
    ProfessorOffer,
    Proposal,
    RecruitOffer,
    SharedBuilding,
    TurnState,
    Working,
)

__all__ = [
    "character_problems",
    "control_problems",
    "principality_problems",
    "round_best_problems",
    "shared_problems",
    "state_problems",
]


def _exactly_once(
    what: str,
    groups: Iterable[tuple[str, Sequence[object]]],
    expected: Iterable[object],
    home: str,
) -> list[str]:
    """Each ``expected`` card at exactly one place among ``groups``.

    A group is a path and the cards lying there (``("person_deck", deck)``);
    a card's place is the path and its index.  The paths are written out only
    when something is wrong.
    """
    groups = list(groups)
    expected = list(expected)
    cards = [card for _, found in groups for card in found]
    if len(cards) == len(expected) and set(cards) == set(expected):
        return []  # a permutation of the catalog: nothing to name
    places: dict[object, list[str]] = {}
    for path, found in groups:
        for index, card in enumerate(found):
            places.setdefault(card, []).append(f"{path}[{index}]")
    problems = [
        f"{what} {card} is in {len(paths)} places @ {', '.join(paths)}"
        for card, paths in places.items()
        if len(paths) > 1
    ]
    missing = [card for card in expected if card not in places]
    problems += [f"{what} {card} is nowhere @ {home}" for card in missing]
    expected_set = set(expected)
    problems += [
        f"{what} {card} is not in the catalog @ {', '.join(paths)}"
        for card, paths in places.items()
        if card not in expected_set
    ]
    return problems


def principality_problems(principality: Principality) -> list[str]:
    """What is inconsistent in one principality's tiles and masks.

    A shared building's part is checked against the other partner's by
    :func:`shared_problems`.
    """
    problems = []
    palazzo = principality.palazzo
    occupied = palazzo
    walls = palazzo
    seen: set[Building] = set()
    for placed in principality.tiles:
        if placed.mask & occupied:
            problems.append(f"the {placed.tile} overlaps another tile or the palazzo")
        if placed.shared is None and not is_tile_shape(placed.tile, placed.mask, palazzo):
            problems.append(f"the {placed.tile}'s cells are not a placement of its shape")
        occupied |= placed.mask
        if isinstance(placed.tile, Building):
            if placed.tile in seen:
                problems.append(f"the {placed.tile} stands twice (ruling R21)")
            seen.add(placed.tile)
            walls |= placed.mask
    if occupied != principality.occupied:
        problems.append("the occupied mask does not match the tiles")
    if walls != principality.walls:
        problems.append("the walls mask does not match the buildings")
    return problems


def shared_problems(state: GameState) -> list[str]:
    """Whether every shared building is one building of two neighbours (rulings R29-R33).

    Each record is held by exactly its two partners' principalities, who
    are neighbours on the shared map, with the part it names for each; its
    cells are a placement of the building across their border; and each
    part obeys its owner's wall rule with that owner's builders (R31): a
    part sharing an edge with a building laid before it, or the palazzo,
    needs 2 builders of the owner (builders are never lost, so the owner
    holds them still).
    """
    problems: list[str] = []
    variant = ruleset(state.config)
    holders: dict[SharedBuilding, list[int]] = {}
    for seat, player in enumerate(state.players):
        principality = player.principality
        walls = principality.palazzo
        for index, placed in enumerate(principality.tiles):
            record = placed.shared
            if record is not None:
                at = f"players[{seat}].principality.tiles[{index}]"
                holders.setdefault(record, []).append(seat)
                if seat not in record.players or record.building is not placed.tile:
                    problems.append(
                        f"player {seat}'s {placed.tile} names a shared building of players "
                        f"{record.players} ({record.building}) @ {at}"
                    )
                elif record.part(seat) != placed.mask:
                    problems.append(
                        f"player {seat}'s part of the shared {placed.tile} is not the part "
                        f"its record names @ {at}"
                    )
                elif neighbour_mask(placed.mask) & walls and player.builders < 2:
                    problems.append(
                        f"player {seat}'s part of the shared {placed.tile} shares an edge with "
                        f"a building or the palazzo and the player has fewer than 2 builders "
                        f"(ruling R31) @ {at}"
                    )
            if isinstance(placed.tile, Building):
                walls |= placed.mask
    for record, seats in holders.items():
        first, second = record.players
        where = ", ".join(f"players[{seat}].principality" for seat in seats)
        if sorted(seats) != sorted(record.players) or first == second:
            problems.append(
                f"the shared {record.building} of players {record.players} lies in the "
                f"principalities of players {tuple(seats)} (ruling R33) @ {where}"
            )
            continue
        neighbours = [other for other, _, _ in variant.borders[first]]
        if second not in neighbours:
            problems.append(
                f"the shared {record.building} joins players {first} and {second}, who "
                f"are not neighbours (ruling R29) @ {where}"
            )
            continue
        try:
            placement = parse_shared_placement(
                len(state.players), first, second, record.building, record.cells
            )
        except GeometryError as error:
            problems.append(f"the shared {record.building}: {error} @ {where}")
            continue
        if (placement.near, placement.far) != record.masks:
            problems.append(
                f"the shared {record.building}'s parts {cells_notation(record.masks[0])} and "
                f"{cells_notation(record.masks[1])} are not its cells {record.cells} @ {where}"
            )
    return problems


def _auction_problems(state: GameState, auction: AuctionState) -> list[str]:
    """Whether phase A's record and its decider agree (rulings R13, R14, R16)."""
    n = len(state.players)
    rules = catalog().rules
    problems: list[str] = []
    seat = state.current_player
    if len(auction.done) != n:
        problems.append(f"the auction records {len(auction.done)} seats, not {n} @ auction.done")
        return problems
    if not 0 <= auction.opener < n:
        problems.append(f"the auction's opener {auction.opener} is not a seat @ auction.opener")
        return problems
    if len(set(auction.taken)) != len(auction.taken):
        problems.append("an object was taken twice from one stack (ruling R13) @ auction.taken")
    if len(auction.taken) > sum(auction.done):
        problems.append("more objects taken than players done (ruling R13) @ auction.taken")
    if state.pending is not None and auction.stack is not None:
        problems.append("an object is settled while an auction runs @ auction.stack, pending")
        return problems
    if auction.stack is None:
        if auction.bidders or auction.high_bidder is not None or auction.high_bid:
            problems.append(
                "bids are recorded but no auction runs"
                " @ auction.bidders, auction.high_bidder, auction.high_bid"
            )
        # ruling R26: the opener may draw the Professor's card before opening
        professor = (
            isinstance(state.pending, CardChoice)
            and state.characters is not None
            and seat is not None
            and not auction.done[seat]
        )
        if state.pending is not None and not professor:
            if seat is not None and not auction.done[seat]:
                problems.append(
                    f"player {seat} settles an object without having won one @ auction.done"
                )
            return problems
        left = [(auction.opener + i) % n for i in range(n)]
        left = [s for s in left if not auction.done[s]]
        if seat != (left[0] if left else None):
            problems.append(
                f"player {seat} opens, not the next player in the phase (ruling R13)"
                " @ current_player"
            )
        return problems
    if auction.stack in auction.taken:
        problems.append(
            f"the {auction.stack} stack is auctioned a second time (ruling R13) @ auction.stack"
        )
    if len(auction.bidders) < 2 or len(set(auction.bidders)) != len(auction.bidders):
        problems.append(f"an auction runs with the bidders {auction.bidders} @ auction.bidders")
    if any(not 0 <= s < n or auction.done[s] for s in auction.bidders):
        problems.append("a bidder is not a seat still in the phase (ruling R13) @ auction.bidders")
    if auction.high_bidder not in auction.bidders:
        problems.append(
            f"the high bidder {auction.high_bidder} is not bidding @ auction.high_bidder"
        )
    base = ruleset(state.config).base_price  # ruling R12
    if auction.high_bid < base or (auction.high_bid - base) % (rules.raise_step):
        problems.append(f"a high bid of {auction.high_bid} (ruling R12) @ auction.high_bid")
    elif (
        auction.high_bidder is not None
        and 0 <= auction.high_bidder < n
        and means(state, auction.high_bidder) < auction.high_bid
    ):
        problems.append("the high bidder cannot pay the high bid (ruling R4) @ auction.high_bid")
    elif auction.high_bidder is not None and 0 <= auction.high_bidder < n:
        # ruling R15: nobody bids for an object they could not use, so the winner
        # always has a move (a landscape won must have a place)
        unusable = stack_problem_in_bidding(
            state, auction.high_bidder, auction.stack, auction.high_bid
        )
        if unusable is not None:
            problems.append(
                f"the high bidder {auction.high_bidder} could not use the {auction.stack}:"
                f" {unusable} (ruling R15) @ auction.high_bidder"
            )
    if seat not in auction.bidders or seat == auction.high_bidder:
        problems.append(
            f"player {seat} bids, but is not a bidder facing a higher bid @ current_player"
        )
    return problems


def _turn_problems(state: GameState, turn: TurnState) -> list[str]:
    """Whether phase B's record and its decider agree (rulings R17, R18)."""
    n = len(state.players)
    problems: list[str] = []
    pending = state.pending
    # ruling R32: a partner answers a proposal during the proposer's turn
    owner = pending.proposer if isinstance(pending, Proposal) else state.current_player
    if not 0 <= turn.turns_done < n:
        problems.append(f"{turn.turns_done} turns done of {n} @ turn.turns_done")
    elif owner != (state.start_player + turn.turns_done) % n:
        problems.append(f"player {owner} plays out of turn (ruling R17) @ current_player")
    limits = turn_limits(state)
    for name in ("actions", "works", "builds", "persons", "freedoms", "bonuses"):
        used, limit = getattr(turn, name), getattr(limits, name)
        if not 0 <= used <= limit:
            problems.append(
                f"{used} {name} this turn, the limit is {limit} (ruling R18) @ turn.{name}"
            )
    kinds = turn.works + turn.builds + turn.persons + turn.freedoms + turn.bonuses
    if kinds != turn.actions:
        problems.append(f"{turn.actions} actions but {kinds} of them by kind @ turn.actions")
    return problems


def _pending_problems(state: GameState) -> list[str]:
    """Whether the pending decision can arise in this phase (R16, R19, R21, R23)."""
    pending = state.pending
    if pending is None:
        return []
    seat = state.current_player
    if seat is None:
        return [f"a pending {type(pending).__name__} with nobody to decide @ pending"]
    player = state.players[seat]
    auction = state.phase is Phase.AUCTION
    if state.phase is Phase.CHARACTERS:
        return _professor_problems(state, seat)
    allowed = {
        Placing: (Landscape if auction else Building) is type(getattr(pending, "tile", None)),
        CardChoice: isinstance(pending, CardChoice)
        and (
            (pending.deck is Deck.PRESTIGE) == auction
            # ruling R26: the Professor draws a bonus or prestige card in either phase
            or (state.characters is not None and pending.deck is not Deck.PERSONS)
        )
        and 1 <= len(pending.shown) <= 5
        and (
            not pending.returning  # ruling R6: only where the player orders the rest
            or (ruleset(state.config).chooses_returned_order and 2 <= len(pending.shown) <= 4)
        ),
        RecruitOffer: auction and player.hand_recruiting > 0,
        LandscapeChoice: auction and AuctionObject.LANDSCAPE in ruleset(state.config).stacks,
        Working: not auction and getattr(pending, "person", None) in player.table_persons,
        Conversion: not auction and 0 < getattr(pending, "payout", 0) <= player.money,
        Proposal: not auction and isinstance(pending, Proposal) and _proposal_fits(state, seat),
        OpenBuild: not auction
        and 1 <= getattr(pending, "proposals", 0) <= ruleset(state.config).proposals_per_build,
        MerchantOffer: auction
        and isinstance(pending, MerchantOffer)
        and _merchant_fits(state, seat),
        ProfessorOffer: False,
    }
    if state.phase not in (Phase.AUCTION, Phase.ACTIONS) or not allowed[type(pending)]:
        return [
            f"the pending {pending!r} cannot arise for player {seat} in {state.phase.value}"
            " @ pending"
        ]
    if isinstance(pending, Working):
        hand = list(player.hand_bonus)
        for card in pending.bonus:
            if card not in hand:
                return [f"the work plays {card}, which is not in the player's hand @ pending.bonus"]
            hand.remove(card)
    if isinstance(pending, Placing) and not auction and means(state, seat) < build_cost(player):
        return [
            f"player {seat} cannot pay for the {pending.tile} waiting to be built (R4)"
            f" @ pending, players[{seat}].money"
        ]
    if isinstance(pending, Conversion) and pending.payout % 100:
        return [f"a payout of {pending.payout} (ruling R19) @ pending.payout"]
    if isinstance(pending, Conversion) and len(state.round_best) == len(state.players):
        best = state.round_best[seat]  # ruling R20: the work just paid counts among them
        if pending.payout > 100 * best:
            return [
                f"a payout of {pending.payout} for a work, and player {seat}'s best work of the"
                f" round is {best} (ruling R19) @ pending.payout, round_best[{seat}]"
            ]
    if isinstance(pending, Proposal):
        proposer = pending.proposer
        if means(state, proposer) < build_cost(state.players[proposer]):
            return [
                f"player {proposer} cannot pay the build cost of the proposal (R4, R31)"
                f" @ pending, players[{proposer}].money"
            ]
        if pending.limit % 100 or not 0 <= pending.limit <= means(state, pending.partner):
            return [
                f"player {pending.partner} cannot raise the {pending.limit} the proposal"
                f" names (R31) @ pending.limit, players[{pending.partner}].money"
            ]
        if pending.payment is not None and (
            pending.payment % 100 or not 0 <= pending.payment <= pending.limit
        ):
            return [
                f"a payment of {pending.payment} asked, of at most {pending.limit}"
                " (R31) @ pending.payment"
            ]
    return []


def _merchant_fits(state: GameState, seat: int) -> bool:
    """Whether the pending :class:`MerchantOffer` can be this state's (R12, R13, R26).

    Its holder won the object last taken, at a price an auction can reach.
    """
    pending = state.pending
    auction = state.auction
    assert isinstance(pending, MerchantOffer) and auction is not None  # the caller asks only then
    base = ruleset(state.config).base_price
    return (
        holder(state, Character.MERCHANT) == seat
        and auction.done[seat]
        and bool(auction.taken)
        and auction.taken[-1] is pending.stack
        and pending.price >= base
        and (pending.price - base) % catalog().rules.raise_step == 0
    )


def _professor_problems(state: GameState, seat: int) -> list[str]:
    """Whether the decision pending in phase A2 is the Professor's, used at once (R26).

    Its holder, out of phase A2, is offered it
    (:class:`ProfessorOffer`), or chooses among the cards it drew
    (:class:`CardChoice`, the Professor lying face down).
    """
    pending = state.pending
    characters = state.characters
    fits = characters is not None and 0 <= seat < len(characters.done) and characters.done[seat]
    if isinstance(pending, ProfessorOffer):
        fits = fits and holder(state, Character.PROFESSOR) == seat
        fits = fits and bool(state.bonus_deck or state.prestige_deck)
    elif isinstance(pending, CardChoice):
        fits = (
            fits
            and characters is not None
            and Character.PROFESSOR in characters.face_down
            and pending.deck is not Deck.PERSONS
            and 1 <= len(pending.shown) <= 5
            and (
                not pending.returning  # ruling R6: only where the player orders the rest
                or (ruleset(state.config).chooses_returned_order and 2 <= len(pending.shown) <= 4)
            )
        )
    else:
        fits = False
    if not fits:
        return [f"the pending {pending!r} cannot arise for player {seat} in characters @ pending"]
    return []


def _proposal_fits(state: GameState, seat: int) -> bool:
    """Whether the pending :class:`Proposal` can be this state's (R29, R31, R32)."""
    pending = state.pending
    assert isinstance(pending, Proposal)  # the caller asks only then
    variant = ruleset(state.config)
    n = len(state.players)
    if not 0 <= pending.proposer < n or not 1 <= pending.number <= variant.proposals_per_build:
        return False
    if pending.partner not in [other for other, _, _ in variant.borders[pending.proposer]]:
        return False
    if (pending.building is None and pending.cells is not None) or (
        pending.cells is None and pending.payment is not None
    ):
        return False  # ruling R31: the steps come in order
    return seat == (pending.proposer if pending.payment is None else pending.partner)


def control_problems(state: GameState) -> list[str]:
    """Whether the decider is the one the phase's record calls for (R8, R13, R17).

    Checked: the setup draft goes clockwise from the start player; in phase A
    the opener is the next player in the phase and a bidder faces a higher bid
    from another bidder; in phase B the player is the start player plus the
    turns done; a pending decision is one the phase can raise for that player.
    """
    n = len(state.players)
    problems: list[str] = []
    if dealing(state):  # chance deals before and after the draft
        if state.setup is not None and state.setup.returned:
            problems.append("chance deals during the draft @ setup.returned")
        if state.pending is not None:
            problems.append("chance deals while a decision is pending @ pending")
    elif state.setup is not None:
        returned = len(state.setup.returned)
        if not 0 <= returned < n:
            problems.append(f"{returned} starting persons returned by {n} players @ setup.returned")
        elif state.current_player != (state.start_player + returned) % n:
            problems.append(
                f"player {state.current_player} drafts out of turn (ruling R8) @ current_player"
            )
    if state.auction is not None:
        problems += _auction_problems(state, state.auction)
    if state.turn is not None:
        problems += _turn_problems(state, state.turn)
    problems += _pending_problems(state)
    problems += round_best_problems(state)
    return problems


def round_best_problems(state: GameState) -> list[str]:
    """Whether the round's best works are works this phase B has seen (R19, R20).

    One entry per player, each 0 (no work yet) or a value from the round's
    minimum up to :func:`~.work_value.highest_work_value`; only in phase B
    (the round's close sets them back to 0), and only for players whose turn
    has come in it.
    """
    n = len(state.players)
    best = state.round_best
    most = highest_work_value()
    if len(best) != n:
        return [f"the round's best works {best} do not fit {n} players @ round_best"]
    outside = [
        f"player {seat}'s best work {shorten(value)} is not 0 to {most} @ round_best[{seat}]"
        for seat, value in enumerate(best)
        if not 0 <= value <= most
    ]
    if outside:
        return outside
    worked = [seat for seat, value in enumerate(best) if value]
    if not worked:
        return []
    turn = state.turn
    if state.phase is not Phase.ACTIONS or turn is None:
        return [
            f"player {seat}'s best work {best[seat]} outside phase B (ruling R20)"
            f" @ round_best[{seat}]"
            for seat in worked
        ]
    least = minimum_work(state.round)  # the caller checked the round
    problems = [
        f"player {seat}'s best work {best[seat]} is below the round's minimum {least}"
        f" (ruling R19) @ round_best[{seat}]"
        for seat in worked
        if best[seat] < least
    ]
    problems += [  # ruling R17: a player works only in their own turn
        f"player {seat} has a best work before their turn came (R17) @ round_best[{seat}]"
        for seat in worked
        if (seat - state.start_player) % n > turn.turns_done
    ]
    return problems


_CHARACTERS = tuple(Character)
_BANKER = _CHARACTERS.index(Character.BANKER)
_PHASE_B_CARDS = frozenset(
    _CHARACTERS.index(card) for card in (Character.MUSE, Character.CARDINAL, Character.PRINCESS)
)
"""The cards that go back when phase B ends (ruling R26)."""


def character_problems(state: GameState) -> list[str]:
    """Whether the character cards lie as phases A2 and B leave them (rulings R25-R27).

    Checked: the record exists exactly in a game of Muse & Princess; a card
    is held by a player of the game, at most one per player, taken in the
    last phase A2 (the Banker never: it is used at once; the Muse, the
    Cardinal and the Princess only until phase B ends); tokens and bids lie
    on the cards only during phase A2, one token per player still in it, on
    a card not taken, each bid a field of its card and payable in cash by
    the token's player (R27); the Banker's money is what the rounds since it
    was last taken made it (R26).
    """
    characters = state.characters
    if characters is None:
        if ruleset(state.config).characters:
            return ["a game of Muse & Princess has no character cards @ characters"]
        return []
    if not ruleset(state.config).characters:
        return ["character cards belong to the Muse & Princess expansion (R25) @ characters"]
    n = len(state.players)
    count = len(_CHARACTERS)
    shape = [
        f"{name} has {len(values)} entries, not {size} @ characters.{name}"
        for name, values, size in (
            ("holders", characters.holders, count),
            ("tokens", characters.tokens, count),
            ("bids", characters.bids, count),
            ("done", characters.done, n),
        )
        if len(values) != size
    ]
    named = [
        *((seat, f"holders[{index}]") for index, seat in enumerate(characters.holders)),
        *((seat, f"tokens[{index}]") for index, seat in enumerate(characters.tokens)),
    ]
    if characters.banker_taken is not None:
        named.append((characters.banker_taken[1], "banker_taken[1]"))
    shape += [
        f"{seat} is not a player of the game @ characters.{path}"
        for seat, path in named
        if seat is not None and not 0 <= seat < n
    ]
    if shape:
        return shape
    return _holding_problems(state, characters) + _bidding_problems(state, characters)


def _last_characters_round(state: GameState) -> int:
    """The round of the last phase A2 begun (0: none yet)."""
    begun = state.phase in (Phase.CHARACTERS, Phase.ACTIONS, Phase.GAME_OVER)
    return state.round if begun else state.round - 1


def _holding_problems(state: GameState, characters: CharacterState) -> list[str]:
    """Who holds which card, who took the Banker, and its money (R25, R26)."""
    problems: list[str] = []
    rules = catalog().rules
    last = _last_characters_round(state)
    phase = state.phase
    in_a2 = phase is Phase.CHARACTERS
    holders = characters.holders
    held = [seat for seat in holders if seat is not None]
    if len(set(held)) != len(held):
        problems.append("a player holds two character cards (ruling R25) @ characters.holders")
    for index, seat in enumerate(holders):
        if seat is None:
            continue
        card = _CHARACTERS[index]
        at = f"characters.holders[{index}]"
        if index == _BANKER or last == 0:
            problems.append(f"player {seat} holds the {card}, which cannot be held now @ {at}")
        elif index in _PHASE_B_CARDS and phase not in (Phase.CHARACTERS, Phase.ACTIONS):
            problems.append(f"player {seat} holds the {card} after phase B (ruling R26) @ {at}")
        elif in_a2 and not characters.done[seat]:
            problems.append(
                f"player {seat} holds the {card} and is still in phase A2 (ruling R25) @ {at}"
            )
    start, growth = rules.banker_start_money, rules.banker_growth
    money = characters.banker_money
    taken = characters.banker_taken
    if taken is not None:
        when, seat = taken
        if not 1 <= when <= last:
            problems.append(
                f"the Banker was taken in round {when}, not a round of phase A2 so far"
                " @ characters.banker_taken[0]"
            )
            return problems
        if when == last and seat in held:
            problems.append(
                f"player {seat} took the Banker and another card in one phase A2 (ruling R25)"
                " @ characters.banker_taken, characters.holders"
            )
        if in_a2 and when == state.round and not characters.done[seat]:
            problems.append(
                f"player {seat} took the Banker and is still in phase A2 (ruling R25)"
                " @ characters.banker_taken"
            )
    # ruling R26: 600 again the round after it was taken, 100 more after a round it was not
    if last == 0:
        low = high = start
    elif taken is None:
        low = high = start + growth * (last - 1)
    elif taken[0] < last:
        low = high = start + growth * (last - taken[0] - 1)
    else:  # taken in this phase A2: it lay there since the take before, if any
        low, high = start, start + growth * (last - 1)
    if not low <= money <= high or (growth and money % growth):
        expected = f"{low}" if low == high else f"{low} to {high}"
        problems.append(
            f"the Banker holds {money} florins, not {expected} (ruling R26)"
            " @ characters.banker_money"
        )
    if last and phase is not Phase.CHARACTERS:
        finished = all(characters.done)  # every phase A2 ends with every player done
        if not finished:
            problems.append("a player is still in the last phase A2 (R25) @ characters.done")
    elif last == 0 and any(characters.done):
        problems.append("a player is done with a phase A2 not yet begun @ characters.done")
    return problems


def _bidding_problems(state: GameState, characters: CharacterState) -> list[str]:
    """The tokens and bids of phase A2, and who is to decide in it (R25, R27)."""
    tokens, bids = characters.tokens, characters.bids
    if state.phase is not Phase.CHARACTERS:
        if any(token is not None for token in tokens) or any(bids):
            return ["tokens or bids lie on the cards outside phase A2 @ characters.tokens"]
        return []
    problems: list[str] = []
    placed = [seat for seat in tokens if seat is not None]
    if len(set(placed)) != len(placed):
        problems.append("a player has two tokens on the cards (ruling R25) @ characters.tokens")
    taken = characters.banker_taken
    for index, (seat, bid) in enumerate(zip(tokens, bids, strict=True)):
        card = _CHARACTERS[index]
        at = f"characters.tokens[{index}], characters.bids[{index}]"
        if seat is None:
            if bid:
                problems.append(f"a bid of {bid} on the {card} with no token @ {at}")
            continue
        taken_now = (
            taken is not None and taken[0] == state.round
            if index == _BANKER
            else characters.holders[index] is not None
        )
        if taken_now:
            problems.append(f"a token lies on the {card}, taken in this phase (R25) @ {at}")
        if characters.done[seat]:
            problems.append(f"player {seat} is done with phase A2 and has a token @ {at}")
        fields = catalog().character(card.value).bids
        if bid not in fields:
            problems.append(
                f"a bid of {bid} on the {card}, whose fields are {fields[0]} to {fields[-1]}"
                f" (ruling R25) @ {at}"
            )
        elif bid > state.players[seat].money:
            problems.append(
                f"player {seat} bids {bid} on the {card} with {state.players[seat].money}"
                f" florins in cash (R27) @ {at}, players[{seat}].money"
            )
    seat = state.current_player
    if seat is None or state.pending is not None:
        # ruling R26: a decision pending in phase A2 is the Professor's, used at once by its
        # holder out of phase A2 (_professor_problems checks it)
        return problems
    if characters.done[seat]:
        problems.append(
            f"player {seat} decides in phase A2 but is done with it (ruling R25)"
            f" @ current_player, characters.done[{seat}]"
        )
    elif seat in placed:
        problems.append(
            f"player {seat} decides in phase A2 but has a token on a card (ruling R25)"
            f" @ current_player, characters.tokens[{tokens.index(seat)}]"
        )
    return problems


_RECORD = {Phase.SETUP: "setup", Phase.AUCTION: "auction", Phase.ACTIONS: "turn"}
"""The field of :class:`GameState` that records each phase in progress."""


@functools.lru_cache(maxsize=64)
def _player_paths(name: str, players: int) -> tuple[str, ...]:
    """The path of each player's field ``name``: ``players[0].name``, ``players[1].name``..."""
    return tuple([f"players[{seat}].{name}" for seat in range(players)])


class _Counts(NamedTuple):
    """What :func:`state_problems` counts against, read from one catalog."""

    person_ids: tuple[object, ...]
    bonus_ids: tuple[object, ...]
    prestige_ids: tuple[object, ...]
    building_supplies: tuple[int, ...]  # in Building order
    landscape_supplies: tuple[int, ...]  # in Landscape order


_counts: tuple[Catalog, _Counts] | None = None
"""The counts of the catalog last asked for (a catalog is hashed by value: slow)."""


def _catalog_counts(cat: Catalog) -> _Counts:
    """Every card id and tile supply of ``cat``, remembered for the same catalog object."""
    global _counts
    last = _counts
    if last is not None and last[0] is cat:
        return last[1]
    counts = _Counts(
        tuple([s.id for s in cat.persons]),
        tuple([s.id for s in cat.bonus_cards]),
        tuple([s.id for s in cat.prestige_cards]),
        tuple([cat.tile(building).supply for building in BUILDINGS]),
        tuple([cat.tile(landscape).supply for landscape in LANDSCAPES]),
    )
    _counts = (cat, counts)
    return counts


def state_problems(state: GameState) -> tuple[str, ...]:
    """Every invariant the state breaks, as readable sentences (empty if none).

    Each sentence ends with ``@`` and the path of the field or fields at fault.

    >>> from princes_of_florence import GameConfig, new_game
    >>> from princes_of_florence.state import replace
    >>> state = new_game(GameConfig(players=3))
    >>> state_problems(replace(state, round=9))
    ('round 9 is outside 1 to 7 @ round',)
    """
    cat = catalog()
    rules = cat.rules
    problems: list[str] = []
    n = len(state.players)
    if n != state.config.players:
        problems.append(f"{n} players but the config says {state.config.players} @ players")
    if not 1 <= state.round <= rules.rounds:
        problems.append(f"round {state.round} is outside 1 to {rules.rounds} @ round")
    chance = bool(dealing(state))  # chance deals: nobody decides, cards are undealt
    if (state.current_player is None) != (state.phase is Phase.GAME_OVER) and not chance:
        problems.append(
            "a decision is owed exactly when the game is not over @ current_player, phase"
        )
    if state.current_player is not None and not 0 <= state.current_player < n:
        problems.append(f"current player {state.current_player} is not a seat @ current_player")
    if not 0 <= state.start_player < n:
        problems.append(f"start player {state.start_player} is not a seat @ start_player")
    phase_part = {
        Phase.SETUP: state.setup,
        Phase.AUCTION: state.auction,
        Phase.ACTIONS: state.turn,
    }
    for phase, part in phase_part.items():
        if phase is Phase.SETUP and chance and part is None:
            continue  # chance deals the person deck again after the draft
        if (part is not None) != (state.phase is phase):
            problems.append(
                f"the {phase.value} record must exist exactly during that phase"
                f" @ {_RECORD[phase]}, phase"
            )
    for seat, p in enumerate(state.players):  # paths are written only for a problem found
        if p.money < 0 or p.money % 100:
            problems.append(
                f"player {seat} has {p.money} florins (ruling R2) @ players[{seat}].money"
            )
        if p.prestige < 0:
            problems.append(
                f"player {seat} has {p.prestige} prestige (ruling R2) @ players[{seat}].prestige"
            )
        if not 0 <= p.builders <= rules.max_builders:
            problems.append(
                f"player {seat} has {p.builders} builders (at most 3) @ players[{seat}].builders"
            )
        for name in ("jesters", "hand_recruiting", "table_recruiting"):
            if getattr(p, name) < 0:
                problems.append(f"player {seat} has a negative count @ players[{seat}].{name}")
        if list(p.freedoms) != [f for f in FREEDOMS if f in p.freedoms]:
            problems.append(
                f"player {seat}'s freedoms repeat or are out of order @ players[{seat}].freedoms"
            )
        problems += [
            f"player {seat}: {text} @ players[{seat}].principality"
            for text in principality_problems(p.principality)
        ]
    seats_ok = not problems

    shown = state.pending.shown if isinstance(state.pending, CardChoice) else ()
    shown_deck = state.pending.deck if isinstance(state.pending, CardChoice) else None
    setup_hands = state.setup.returned if state.setup is not None else ()

    def held(name: str) -> list[tuple[str, Sequence[object]]]:
        """Every player's cards in the hand or table field ``name``, with their paths."""
        paths = _player_paths(name, n)
        return [(paths[seat], getattr(p, name)) for seat, p in enumerate(state.players)]

    def shown_from(deck: Deck) -> list[tuple[str, Sequence[object]]]:
        return [("pending.shown", shown)] if shown_deck is deck else []

    def undealt(
        groups: list[tuple[str, Sequence[object]]], expected: Sequence[object]
    ) -> list[tuple[str, Sequence[object]]]:
        """While chance deals, the cards not dealt yet, as one more place."""
        if not chance:
            return groups
        present = {card for _, found in groups for card in found}
        return [*groups, ("undealt", [card for card in expected if card not in present])]

    persons = [
        ("person_deck", state.person_deck),
        *held("hand_persons"),
        *held("table_persons"),
        *shown_from(Deck.PERSONS),
        ("setup.returned", setup_hands),
    ]
    counts = _catalog_counts(cat)
    person_ids = counts.person_ids
    problems += _exactly_once("person", undealt(persons, person_ids), person_ids, "person_deck")
    bonus = [
        ("bonus_deck", state.bonus_deck),
        ("bonus_discard", state.bonus_discard),
        *held("hand_bonus"),
        *shown_from(Deck.BONUS),
    ]
    bonus_ids = counts.bonus_ids
    problems += _exactly_once("bonus card", undealt(bonus, bonus_ids), bonus_ids, "bonus_deck")
    prestige_ids = counts.prestige_ids
    prestige = [
        ("prestige_deck", state.prestige_deck),
        *held("prestige_cards"),
        *shown_from(Deck.PRESTIGE),
    ]
    problems += _exactly_once(
        "prestige card", undealt(prestige, prestige_ids), prestige_ids, "prestige_deck"
    )

    def total(count: int, name: str, expected: int, path: str) -> None:
        if count != expected:
            problems.append(f"{count} {name} in play, expected {expected} @ {path}")

    total(
        state.recruiting + sum(p.hand_recruiting + p.table_recruiting for p in state.players),
        "recruiting cards",
        rules.recruiting_cards,
        "recruiting",
    )
    total(
        state.jesters + sum(p.jesters for p in state.players), "jesters", rules.jesters, "jesters"
    )
    total(
        state.builders + sum(p.builders for p in state.players),
        "builders",
        rules.builders,
        "builders",
    )
    # ruling R9: players - 1 of each freedom; with 2 players one of each and
    # one more of some, drawn from the seed (which a state need not show)
    variant = ruleset(state.config)
    each, extra = variant.freedoms_each, variant.extra_freedoms
    in_play = 0
    for i, freedom in enumerate(FREEDOMS):
        count = state.freedom_supply[i] + sum(1 for p in state.players if freedom in p.freedoms)
        in_play += count
        if not each <= count <= each + min(extra, 1):
            problems.append(
                f"{count} {freedom} tiles in play, expected {each}"
                + (f" or {each + 1}" if extra else "")
                + f" (ruling R9) @ freedom_supply[{i}]"
            )
    if not (chance and len(FREEDOMS) * each <= in_play <= len(FREEDOMS) * each + extra):
        total(in_play, "freedom tiles", len(FREEDOMS) * each + extra, "freedom_supply")
    # ruling R33: a shared building is one tile, held by its proposer's side once
    placed = Counter(
        [
            t.tile
            for seat, p in enumerate(state.players)
            for t in p.principality.tiles
            if t.shared is None or t.shared.players[0] == seat
        ]
    )
    pending_tile = state.pending.tile if isinstance(state.pending, Placing) else None
    for i, building in enumerate(BUILDINGS):
        count, supply = state.building_supply[i] + placed[building], counts.building_supplies[i]
        if count != supply:
            total(count, f"{building} tiles", supply, f"building_supply[{i}]")
    for i, landscape in enumerate(LANDSCAPES):
        in_hand = 1 if pending_tile is landscape else 0
        count = state.landscape_supply[i] + placed[landscape] + in_hand
        supply = counts.landscape_supplies[i]
        if count != supply:
            total(count, f"{landscape} tiles", supply, f"landscape_supply[{i}]")
    if isinstance(pending_tile, Landscape) and state.phase is not Phase.AUCTION:
        problems.append("a landscape waits to be placed outside the auction @ pending")
    for seat, p in enumerate(state.players):
        if p.principality.palazzo != variant.board.palazzo:  # ruling R29
            side = "reverse" if state.config.cooperative_building else "front"
            problems.append(
                f"player {seat}'s palazzo lies on {cells_notation(p.principality.palazzo)},"
                f" not on the {side} side's cells @ players[{seat}].principality.palazzo"
            )
    if seats_ok:
        problems += shared_problems(state)
    if state.phase not in (Phase.SETUP, Phase.GAME_OVER, *variant.round_phases):
        problems.append(f"{state.phase.value} is not a phase of this game @ phase")
        seats_ok = False
    if seats_ok:
        cards = character_problems(state)
        problems += cards
        seats_ok = not cards  # the turn's limits read the cards held
    if seats_ok:  # who decides is checked only once the seats and phases are sound
        problems += control_problems(state)
    return tuple(problems)
