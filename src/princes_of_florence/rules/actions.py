"""Phase B: the action phase (rulings R17-R23).

From the start player clockwise, each player takes a turn of up to two
actions.  A compound action is split into consecutive decisions of the same
player: ``build`` then ``place``; ``work`` then ``play`` (any number) then
``finish`` then ``convert``; ``buy person`` or ``buy bonus`` then ``choose``.
An action counts against the limits of ruling R18 as soon as it is chosen.

When a player has used every action and cannot recruit, the turn ends by
itself; otherwise ``end`` ends it.  When the last player's turn ends,
``current_player`` becomes ``None`` and the phases module scores the best
work (R20).
"""

from __future__ import annotations

import attrs

from princes_of_florence.events import (
    BonusPlayed,
    BuildingChosen,
    Event,
    FreedomIntroduced,
    MoneyReason,
    PayoutKept,
    PrestigeReason,
    TilePlaced,
    TurnEnded,
    WorkDone,
    WorkStarted,
)
from princes_of_florence.ids import BonusCardId, Building, Character, PersonId
from princes_of_florence.moves import (
    Build,
    BuyBonus,
    BuyPerson,
    Convert,
    EndTurn,
    FinishWork,
    IntroduceFreedom,
    Move,
    PlayBonus,
    Propose,
    Recruit,
    Work,
)
from princes_of_florence.rules.cards import draw_to_choose, recruit_moves, recruit_problem
from princes_of_florence.rules.common import (
    catalog,
    gained,
    holder,
    means,
    next_seat,
    paid,
    payment_problem,
    receive,
    with_player,
)
from princes_of_florence.rules.cooperative import (
    alone_blocked,
    proposal_buildings,
    proposal_partners,
)
from princes_of_florence.rules.placement import buildings_with_room, has_legal_placement
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.rules.work_value import (
    bonus_value,
    max_work_value,
    minimum_work,
    reachable_persons,
    work_breakdown,
)
from princes_of_florence.state import (
    BUILDINGS,
    FREEDOMS,
    Conversion,
    Deck,
    GameState,
    Placing,
    PlayerState,
    Proposal,
    TurnState,
    Working,
    replace,
)

__all__ = [
    "ACTIONS_PER_TURN",
    "BASE_LIMITS",
    "CARDINAL_LIMITS",
    "TurnLimits",
    "action_moves",
    "action_problem",
    "apply_action",
    "begin_actions",
    "bonus_moves",
    "build_cost",
    "can_act",
    "count_action",
    "convert",
    "finish_work",
    "muse_bonus",
    "pay_work",
    "place_building",
    "play_bonus",
    "propose_moves",
    "propose_problem",
    "settle_turn",
    "turn_limits",
    "work_minimum",
    "work_problem",
]


@attrs.frozen
class TurnLimits:
    """How much one turn allows (rulings R17, R18).

    The field names match :class:`~princes_of_florence.TurnState`.
    """

    actions: int = 2
    works: int = 2
    builds: int = 2
    persons: int = 1
    freedoms: int = 1
    bonuses: int = 2


BASE_LIMITS = TurnLimits()
"""The base game's limits, two actions; at most one person and one freedom."""

ACTIONS_PER_TURN = BASE_LIMITS.actions
"""Actions per turn in the base game (ruling R17)."""

_LIMITS = {
    name: getattr(BASE_LIMITS, name)
    for name in ("works", "builds", "persons", "freedoms", "bonuses")
}
"""Per-turn limits of ruling R18, by :class:`~princes_of_florence.TurnState` field."""


CARDINAL_LIMITS = TurnLimits(actions=3, works=3, builds=3, persons=1, freedoms=1, bonuses=3)
"""The limits with the Cardinal, three actions, still one person and one freedom (R18, R26)."""


def turn_limits(state: GameState) -> TurnLimits:
    """The limits of the current turn.

    :data:`BASE_LIMITS`, or :data:`CARDINAL_LIMITS` for the holder of the
    Cardinal (Muse & Princess, ruling R26): the one per-round effect on them.
    While a partner answers a proposal (Cooperative Building, R32), the
    turn is still the proposer's, and so are its limits.
    """
    pending = state.pending
    seat = pending.proposer if isinstance(pending, Proposal) else state.current_player
    if seat is not None and holder(state, Character.CARDINAL) == seat:
        return CARDINAL_LIMITS
    return BASE_LIMITS


def muse_bonus(state: GameState, seat: int) -> int:
    """What the Muse adds to each work of ``seat`` this round: the round number (R26).

    0 for anyone who does not hold the Muse (and in a game without it).
    """
    return state.round if holder(state, Character.MUSE) == seat else 0


def work_minimum(state: GameState, seat: int) -> int:
    """The value a work of ``seat`` must reach before the Muse's part (R19, R26)."""
    return minimum_work(state.round) - muse_bonus(state, seat)


_BONUS_ORDER = {card: i for i, card in enumerate(BonusCardId)}
_BUILD = {building: Build(building) for building in BUILDINGS}
_WORK = {person: Work(person) for person in PersonId}
_FREEDOM = {freedom: IntroduceFreedom(freedom) for freedom in FREEDOMS}
_BUY_PERSON = BuyPerson()
_BUY_BONUS = BuyBonus()
_END_TURN = EndTurn()


def begin_actions(state: GameState) -> GameState:
    """Start phase B: the start player takes the first turn (R17).

    The round's best works are already zero: a new game starts with them so,
    and closing a round sets them back (R20).
    """
    return replace(state, turn=TurnState(), current_player=state.start_player)


def build_cost(player: PlayerState) -> int:
    """What a building costs this player: 700, 300 with 1-2 builders, 0 with 3 (R21)."""
    return catalog().rules.build_cost[player.builders]


def _can_act(state: GameState, limit: str) -> bool:
    limits = turn_limits(state)
    turn = state.turn
    assert turn is not None
    return turn.actions < limits.actions and getattr(turn, limit) < getattr(limits, limit)


def work_problem(state: GameState, person: PersonId) -> str | None:
    """Why the current player cannot start a work with ``person`` (R18, R19)."""
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    player = state.players[seat]
    if not _can_act(state, "works"):
        return _limit_reason(state, "works", "work")
    if person not in player.hand_persons:
        return f"{person} is not in the player's hand"
    best = max_work_value(player, person)
    needed = work_minimum(state, seat)
    if best < needed:
        return (
            f"{person} can reach a work value of at most {best}, below the round's "
            f"minimum of {needed} (ruling R19)"
        )
    return None


def _limit_reason(state: GameState, limit: str, what: str) -> str:
    limits = turn_limits(state)
    turn = state.turn
    assert turn is not None
    if turn.actions >= limits.actions:
        return f"the player has used all {limits.actions} actions this turn (ruling R17)"
    return f"the limit of {getattr(limits, limit)} {what} per turn is reached (ruling R18)"


def _build_problem(state: GameState, building: Building) -> str | None:
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    player = state.players[seat]
    if not _can_act(state, "builds"):
        return _limit_reason(state, "builds", "build")
    if state.building_supply[BUILDINGS.index(building)] == 0:
        return f"no {building} is left in the supply"
    if player.principality.has_building(building):
        return f"the principality already has a {building} (ruling R21)"
    cost = build_cost(player)
    if (problem := payment_problem(state, seat, cost)) is not None:
        return problem
    blocked = alone_blocked(state, seat, player.builders)
    if not has_legal_placement(player.principality, building, player.builders, blocked):
        if blocked:
            return f"there is no legal place for a {building} built alone (rulings R21, R30)"
        return f"there is no legal place for a {building} (ruling R21)"
    return None


_PROPOSE = {seat: Propose(seat) for seat in range(5)}


def propose_moves(state: GameState, seat: int) -> tuple[Propose, ...]:
    """``propose`` to each neighbour a building could be shared with now (R31).

    Only where the ruleset allows proposals (Cooperative Building), ``seat``
    can pay the build cost (R4) and a building of the supply fits across
    the border; by seat, ascending.  The turn's limits are the caller's.
    """
    if not ruleset(state.config).proposals_per_build:
        return ()
    if means(state, seat) < build_cost(state.players[seat]):
        return ()
    return tuple(_PROPOSE[partner] for partner in proposal_partners(state, seat))


def propose_problem(state: GameState, seat: int, partner: int) -> str | None:
    """Why ``seat`` may not propose a shared building to ``partner`` now, or ``None`` (R31).

    The turn's limits are the caller's to check.
    """
    neighbours = [other for other, _, _ in ruleset(state.config).borders[seat]]
    if partner not in neighbours:
        if not neighbours:
            return "buildings are shared only with Cooperative Building (ruling R31)"
        return f"player {partner} is not a neighbour of player {seat} (ruling R29)"
    cost = build_cost(state.players[seat])
    if (problem := payment_problem(state, seat, cost)) is not None:
        return problem
    if not proposal_buildings(state, seat, partner):
        return f"no building of the supply fits across the border with player {partner} (R31)"
    return None


def _purchase_problem(state: GameState, limit: str, what: str, deck_empty: bool) -> str | None:
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    if not _can_act(state, limit):
        return _limit_reason(state, limit, what)
    if deck_empty:
        return f"the {what} deck is empty (ruling R6)"
    cost = catalog().rules.person_cost if limit == "persons" else catalog().rules.bonus_cost
    if (problem := payment_problem(state, seat, cost)) is not None:
        return problem
    return None


def _freedom_problem(state: GameState, move: IntroduceFreedom) -> str | None:
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    player = state.players[seat]
    if not _can_act(state, "freedoms"):
        return _limit_reason(state, "freedoms", "freedom")
    if move.freedom in player.freedoms:
        return f"{move.freedom} is already introduced in this principality (ruling R22)"
    if state.freedom_supply[FREEDOMS.index(move.freedom)] == 0:
        return f"no {move.freedom} tile is left (ruling R9)"
    cost = catalog().rules.freedom_cost
    if (problem := payment_problem(state, seat, cost)) is not None:
        return problem
    return None


def action_moves(state: GameState) -> tuple[Move, ...]:
    """The current player's choices at the start of an action.

    Order: ``work`` (persons in hand order), ``build`` (in :class:`~princes_of_florence.Building`
    order), ``propose`` (by seat, Cooperative Building only), ``buy
    person``, ``freedom`` (in :class:`~princes_of_florence.Freedom` order), ``buy bonus``,
    ``recruit``, then ``end``.  The conditions are those of
    :func:`action_problem`, checked once for all moves of a kind.
    """
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    player = state.players[seat]
    moves: list[Move] = []
    limits = turn_limits(state)
    if turn.actions < limits.actions:
        # Affordability is compared directly here: payment_problem's test (R4).
        money = means(state, seat)
        rules = catalog().rules
        if turn.works < limits.works and player.hand_persons:
            reachable = reachable_persons(player, work_minimum(state, seat))
            moves.extend(map(_WORK.__getitem__, reachable))
        if turn.builds < limits.builds and money >= rules.build_cost[player.builders]:
            blocked = alone_blocked(state, seat, player.builders)  # ruling R30
            room = buildings_with_room(player.principality, player.builders, blocked)
            moves.extend(
                [
                    _BUILD[building]
                    for building, left in zip(BUILDINGS, state.building_supply, strict=True)
                    if left and building in room
                ]
            )
            moves.extend(propose_moves(state, seat))  # ruling R31
        if turn.persons < limits.persons and state.person_deck and money >= rules.person_cost:
            moves.append(_BUY_PERSON)
        if turn.freedoms < limits.freedoms and money >= rules.freedom_cost:
            introduced = player.freedoms
            moves.extend(
                [
                    _FREEDOM[freedom]
                    for freedom, left in zip(FREEDOMS, state.freedom_supply, strict=True)
                    if left and freedom not in introduced
                ]
            )
        if turn.bonuses < limits.bonuses and state.bonus_deck and money >= rules.bonus_cost:
            moves.append(_BUY_BONUS)
    if player.hand_recruiting:
        moves.extend(recruit_moves(state))
    moves.append(_END_TURN)
    return tuple(moves)


def action_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` cannot start an action (or recruit) now, or ``None`` (R17-R23)."""
    if isinstance(move, Recruit):
        return recruit_problem(state, move)
    if isinstance(move, Work):
        return work_problem(state, move.person)
    if isinstance(move, Build):
        return _build_problem(state, move.building)
    if isinstance(move, Propose):
        if not _can_act(state, "builds"):
            return _limit_reason(state, "builds", "build")
        seat = state.current_player
        assert seat is not None
        return propose_problem(state, seat, move.partner)
    if isinstance(move, BuyPerson):
        return _purchase_problem(state, "persons", "person", not state.person_deck)
    if isinstance(move, BuyBonus):
        return _purchase_problem(state, "bonuses", "bonus", not state.bonus_deck)
    if isinstance(move, IntroduceFreedom):
        return _freedom_problem(state, move)
    if isinstance(move, EndTurn):
        return None
    return "in phase B the player chooses an action, recruits, or ends the turn (ruling R17)"


def count_action(state: GameState, limit: str) -> TurnState:
    """The turn with one more action, counted against ``limit`` (R17, R18)."""
    return _counted(state, limit)


def can_act(state: GameState, limit: str) -> bool:
    """Whether the current player has an action left within ``limit`` (R17, R18)."""
    return _can_act(state, limit)


def _counted(state: GameState, limit: str) -> TurnState:
    """The turn with one more action, counted against ``limit`` (R17, R18)."""
    turn = state.turn
    assert turn is not None
    changes = {"actions": turn.actions + 1, limit: getattr(turn, limit) + 1}
    return replace(turn, **changes)


def apply_action(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply a legal action choice (not a pending step, not a recruiting)."""
    seat = state.current_player
    assert seat is not None
    rules = catalog().rules
    if isinstance(move, EndTurn):
        return _end_turn(state, events)
    player = state.players[seat]
    if isinstance(move, Work):
        hand = list(player.hand_persons)
        hand.remove(move.person)
        # The card lies face up from the start of the work (rulebook, "Ein Werk
        # vollbringen", step 1), so B20 counts it on the table.
        player = replace(
            player,
            hand_persons=tuple(hand),
            table_persons=(*player.table_persons, move.person),
        )
        events.append(WorkStarted(seat, move.person))
        turn = _counted(state, "works")
        return with_player(state, seat, player, turn=turn, pending=Working(move.person))
    if isinstance(move, Build):
        # Payment, tile and prestige come with the placement (place_building).
        events.append(BuildingChosen(seat, move.building))
        return replace(state, turn=_counted(state, "builds"), pending=Placing(move.building))
    if isinstance(move, BuyPerson):
        player = paid(player, seat, rules.person_cost, MoneyReason.PERSON, events)
        state = with_player(state, seat, player, turn=_counted(state, "persons"))
        return draw_to_choose(state, Deck.PERSONS, events)
    if isinstance(move, BuyBonus):
        player = paid(player, seat, rules.bonus_cost, MoneyReason.BONUS, events)
        state = with_player(state, seat, player, turn=_counted(state, "bonuses"))
        return draw_to_choose(state, Deck.BONUS, events)
    assert isinstance(move, IntroduceFreedom)
    player = paid(player, seat, rules.freedom_cost, MoneyReason.FREEDOM, events)
    freedoms = tuple(f for f in FREEDOMS if f in player.freedoms or f is move.freedom)
    player = replace(player, freedoms=freedoms)
    events.append(FreedomIntroduced(seat, move.freedom))
    supply = list(state.freedom_supply)
    supply[FREEDOMS.index(move.freedom)] -= 1
    turn = _counted(state, "freedoms")
    state = with_player(state, seat, player, turn=turn, freedom_supply=tuple(supply))
    return settle_turn(state, events)


def place_building(
    state: GameState, building: Building, mask: int, cells: str, events: list[Event]
) -> GameState:
    """Pay for and lay a building, and gain its prestige (R21)."""
    seat = state.current_player
    assert seat is not None
    player = state.players[seat]
    player = paid(player, seat, build_cost(player), MoneyReason.BUILD, events)
    player = replace(player, principality=player.principality.with_tile(building, mask))
    events.append(TilePlaced(seat, building, cells))
    points = catalog().rules.building_prestige
    player = gained(player, seat, points, PrestigeReason.BUILDING, events)
    supply = list(state.building_supply)
    supply[BUILDINGS.index(building)] -= 1
    state = with_player(state, seat, player, building_supply=tuple(supply), pending=None)
    return settle_turn(state, events)


def _work_values(state: GameState) -> tuple[Working, PlayerState, int, int]:
    seat = state.current_player
    work = state.pending
    assert seat is not None and isinstance(work, Working)
    player = state.players[seat]
    value = work_breakdown(player, work.person, work.bonus).total
    return work, player, value, work_minimum(state, seat)


def bonus_moves(state: GameState) -> tuple[Move, ...]:
    """The steps of a work in progress: ``play`` cards, then ``finish``.

    Bonus cards are added in catalog order (B01 before B02 ...): the order
    in which cards join a work never changes its value, so this loses no
    choice and keeps every set of cards reachable by exactly one sequence.
    A card is offered only if the round's minimum stays reachable after it;
    ``finish`` only once the minimum is reached (R19).
    """
    work, player, value, needed = _work_values(state)
    last = _BONUS_ORDER[work.bonus[-1]] if work.bonus else -1
    later = sorted(
        (c for c in player.hand_bonus if _BONUS_ORDER[c] > last), key=_BONUS_ORDER.__getitem__
    )
    values = [bonus_value(c, player, work.person) for c in later]
    moves: list[Move] = []
    tail = sum(values)
    for card, card_value in zip(later, values, strict=True):
        if value + tail >= needed:
            moves.append(PlayBonus(card))
        tail -= card_value
    if value >= needed:
        moves.append(FinishWork())
    return tuple(moves)


def play_bonus(state: GameState, move: PlayBonus, events: list[Event]) -> GameState:
    """Add a bonus card to the work in progress (R19)."""
    seat = state.current_player
    work = state.pending
    assert seat is not None and isinstance(work, Working)
    player = state.players[seat]
    events.append(BonusPlayed(seat, move.card, bonus_value(move.card, player, work.person)))
    return replace(state, pending=Working(work.person, (*work.bonus, move.card)))


def finish_work(state: GameState, events: list[Event]) -> GameState:
    """Complete the work: bonus cards leave the game, the bank pays (R19)."""
    seat = state.current_player
    work = state.pending
    assert seat is not None and isinstance(work, Working)
    player = state.players[seat]
    breakdown = work_breakdown(player, work.person, work.bonus)
    muse = muse_bonus(state, seat)
    if muse:  # ruling R26: the Muse adds the round number to every work
        breakdown = attrs.evolve(breakdown, extra=(*breakdown.extra, ("muse", muse)))
    hand = list(player.hand_bonus)
    for card in work.bonus:
        hand.remove(card)
    state = with_player(
        state,
        seat,
        replace(player, hand_bonus=tuple(hand)),
        bonus_discard=(*state.bonus_discard, *work.bonus),
    )
    return pay_work(state, seat, work.person, breakdown.parts(), events)


def pay_work(
    state: GameState,
    seat: int,
    person: PersonId | None,
    parts: tuple[tuple[str, int], ...],
    events: list[Event],
) -> GameState:
    """A work worth the sum of ``parts`` is done: best work, payout, conversion next (R19, R20).

    ``person`` is ``None`` for a Princess work (R28).
    """
    value = sum(points for _, points in parts)
    best = list(state.round_best)
    best[seat] = max(best[seat], value)
    events.append(WorkDone(seat, person, value, parts))
    payout = value * 100
    state = receive(replace(state, round_best=tuple(best)), seat, payout, MoneyReason.WORK, events)
    return replace(state, pending=Conversion(payout))


def convert_moves(state: GameState) -> tuple[Move, ...]:
    """``convert 0`` up to the most the payout allows, ascending (R19)."""
    conversion = state.pending
    assert isinstance(conversion, Conversion)
    rate = catalog().rules.florins_per_converted_prestige
    return tuple(Convert(points) for points in range(conversion.payout // rate + 1))


def convert(state: GameState, move: Convert, events: list[Event]) -> GameState:
    """Turn part of the payout just received into prestige (R19).

    ``convert 0`` moves no money and no prestige; its event is
    :class:`~princes_of_florence.PayoutKept`.
    """
    seat = state.current_player
    assert seat is not None
    if move.points == 0:
        events.append(PayoutKept(seat))
    florins = move.points * catalog().rules.florins_per_converted_prestige
    player = paid(state.players[seat], seat, florins, MoneyReason.CONVERSION, events)
    player = gained(player, seat, move.points, PrestigeReason.CONVERSION, events)
    return settle_turn(with_player(state, seat, player, pending=None), events)


def settle_turn(state: GameState, events: list[Event]) -> GameState:
    """End the turn by itself once no action is left and nobody can be recruited."""
    turn = state.turn
    assert turn is not None
    if (
        state.pending is None
        and turn.actions >= turn_limits(state).actions
        and not recruit_moves(state)
    ):
        return _end_turn(state, events)
    return state


def _end_turn(state: GameState, events: list[Event]) -> GameState:
    seat = state.current_player
    turn = state.turn
    assert seat is not None and turn is not None
    events.append(TurnEnded(seat))
    done = turn.turns_done + 1
    if done == len(state.players):  # phase B is over: the round closes (phases.advance)
        return replace(state, current_player=None)
    return replace(state, turn=TurnState(turns_done=done), current_player=next_seat(state, seat))
