"""Cooperative Building in phase B: proposing, answering, building across a border.

Rulings R31-R33 as moves.  With Cooperative Building the active player may
use a build action to propose a shared building to a neighbour, in small
steps like the other compound decisions:

========================================  ===============================  ==================
pending                                   moves                            who decides
========================================  ===============================  ==================
none (phase B's choice)                   ``propose <seat>``               the active player
:class:`~princes_of_florence.Proposal`,   ``share <building>``             the active player
no building yet
no cells yet                              ``across <cells>/<cells>``       the active player
no payment yet                            ``ask <florins>``                the active player
payment named                             ``accept``, ``reject``           the partner
:class:`~princes_of_florence.OpenBuild`   ``propose``, ``build``,          the active player
                                          ``give up``
========================================  ===============================  ==================

The first ``propose`` of a build action uses the action (R17, R18), as
``build`` does; a rejection leaves it open (:class:`~princes_of_florence.OpenBuild`), where the
player proposes again (at most 3 proposals per build action, R32), builds
alone (``build``, the action already counted) or gives it up.  The
partner's answer is no turn of theirs and uses none of their actions
(R32): :attr:`princes_of_florence.GameState.current_player` is the partner only until they
answer.  A shared building is one :class:`~princes_of_florence.SharedBuilding` record, held by
its part in each partner's principality (R33).

Which neighbours, buildings and placements are offered is
:mod:`~princes_of_florence.rules.cooperative`'s; every list here is short and
finite, so every game ends.
"""

from __future__ import annotations

from princes_of_florence.events import (
    BuildGivenUp,
    BuildingChosen,
    Event,
    MoneyReason,
    MoneyReceived,
    PrestigeReason,
    ProposalAnswered,
    ProposalDrafted,
    ProposalMade,
    SharedBuildingPlaced,
)
from princes_of_florence.geometry import StraddlingPlacement
from princes_of_florence.ids import Building
from princes_of_florence.moves import (
    Accept,
    AskPayment,
    Build,
    GiveUp,
    Move,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Reject,
)
from princes_of_florence.rules.actions import (
    build_cost,
    can_act,
    count_action,
    propose_moves,
    propose_problem,
    settle_turn,
)
from princes_of_florence.rules.common import catalog, gained, means, paid, players_with
from princes_of_florence.rules.cooperative import (
    alone_blocked,
    parse_shared_placement,
    payment_offers,
    proposal_buildings,
    proposal_placements,
)
from princes_of_florence.rules.placement import buildings_with_room
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import (
    BUILDINGS,
    GameState,
    OpenBuild,
    Placing,
    Proposal,
    SharedBuilding,
    replace,
)

__all__ = [
    "alone_builds",
    "apply_negotiation",
    "negotiation_moves",
    "negotiation_problem",
]

_ACCEPT = Accept()
_REJECT = Reject()
_GIVE_UP = GiveUp()


def alone_builds(state: GameState, seat: int) -> tuple[Building, ...]:
    """The buildings ``seat`` may build alone now, the action aside (R21, R30).

    In :class:`~princes_of_florence.Building` order: in the supply, not in the principality,
    affordable, with a legal place for a building laid alone.
    """
    player = state.players[seat]
    if means(state, seat) < build_cost(player):
        return ()
    blocked = alone_blocked(state, seat, player.builders)
    room = buildings_with_room(player.principality, player.builders, blocked)
    return tuple(
        building
        for building, left in zip(BUILDINGS, state.building_supply, strict=True)
        if left and building in room
    )


def negotiation_moves(state: GameState) -> tuple[Move, ...]:
    """The moves of a proposal or of a build action left open (see the module's table).

    Order: ``share`` in :class:`~princes_of_florence.Building` order; ``across`` ascending by
    notation; ``ask`` from 0 up in hundreds; ``accept`` then ``reject``;
    after a rejection ``propose`` by seat, ``build`` in :class:`~princes_of_florence.Building`
    order, then ``give up``.
    """
    pending = state.pending
    if isinstance(pending, OpenBuild):
        seat = state.current_player
        assert seat is not None
        moves: list[Move] = []
        if pending.proposals < ruleset(state.config).proposals_per_build:  # ruling R32
            moves.extend(propose_moves(state, seat))
        moves.extend(Build(building) for building in alone_builds(state, seat))
        moves.append(_GIVE_UP)
        return tuple(moves)
    assert isinstance(pending, Proposal)
    if pending.building is None:
        buildings = proposal_buildings(state, pending.proposer, pending.partner)
        return tuple(ProposeBuilding(b) for b in buildings)
    if pending.cells is None:
        placements = proposal_placements(state, pending.proposer, pending.partner, pending.building)
        return tuple(ProposePlacement(p.notation) for p in placements)
    if pending.payment is None:
        # ruling R31: 0 up to what the partner can raise, in hundreds
        return tuple(AskPayment(a) for a in payment_offers(pending.limit))
    return (_ACCEPT, _REJECT)


def negotiation_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal in a proposal or an open build action (R31, R32)."""
    pending = state.pending
    seat = state.current_player
    assert seat is not None
    if isinstance(pending, OpenBuild):
        if isinstance(move, Propose):
            most = ruleset(state.config).proposals_per_build
            if pending.proposals >= most:
                return f"all {most} proposals of this build action were made (ruling R32)"
            return propose_problem(state, seat, move.partner)
        if isinstance(move, Build):
            if move.building not in alone_builds(state, seat):
                return f"the player cannot build the {move.building} alone now (R21, R30)"
            return None
        if isinstance(move, GiveUp):
            return None
        return (
            "after a rejected proposal the player proposes again, builds alone or gives "
            "the build action up (ruling R32)"
        )
    assert isinstance(pending, Proposal)
    if pending.payment is not None:
        if not isinstance(move, Accept | Reject):
            return f"player {pending.partner} must first accept or reject the proposal (R32)"
        return None
    if pending.building is None:
        if not isinstance(move, ProposeBuilding):
            return "the player must first name the building of the proposal (ruling R31)"
        return _building_problem(state, pending, move.building)
    if pending.cells is None:
        if not isinstance(move, ProposePlacement):
            return "the player must first name the cells of the proposal (ruling R31)"
        return _placement_problem(state, pending, pending.building, move.cells)
    if not isinstance(move, AskPayment):
        return "the player must first name the payment asked of the partner (ruling R31)"
    return (
        f"the payment must be a multiple of 100 from 0 to {pending.limit}, what "
        f"player {pending.partner} can raise, not {move.amount} (ruling R31)"
    )


def _building_problem(state: GameState, pending: Proposal, building: Building) -> str | None:
    if building in proposal_buildings(state, pending.proposer, pending.partner):
        return None
    if not state.building_supply[BUILDINGS.index(building)]:
        return f"no {building} is left in the supply"
    for who in (pending.proposer, pending.partner):
        if state.players[who].principality.has_building(building):
            return f"the principality of player {who} already has a {building} (R21, R31)"
    return f"no placement of the {building} across the border is legal (R31)"


def _placement_problem(
    state: GameState, pending: Proposal, building: Building, cells: str
) -> str | None:
    for placement in proposal_placements(state, pending.proposer, pending.partner, building):
        if placement.notation == cells:
            return None
    return f"{cells} is not a legal place for the {building} across the border (ruling R31)"


def apply_negotiation(state: GameState, move: Move, events: list[Event]) -> GameState:
    """Apply a legal step of a proposal, an answer, or the choice after a rejection."""
    seat = state.current_player
    assert seat is not None
    pending = state.pending
    if isinstance(move, Propose):
        if isinstance(pending, OpenBuild):
            number = pending.proposals + 1
            turn = state.turn
        else:  # ruling R31: the first proposal uses the build action
            assert pending is None and can_act(state, "builds")
            number = 1
            turn = count_action(state, "builds")
        events.append(ProposalDrafted(seat, move.partner, number))
        most = means(state, move.partner)
        limit = most - most % catalog().rules.raise_step  # ruling R31: in hundreds
        proposal = Proposal(seat, move.partner, number, limit)
        return replace(state, turn=turn, pending=proposal)
    if isinstance(move, Build):  # alone, after a rejection: the action is counted already
        events.append(BuildingChosen(seat, move.building))
        return replace(state, pending=Placing(move.building))
    if isinstance(move, GiveUp):
        events.append(BuildGivenUp(seat))
        return settle_turn(replace(state, pending=None), events)
    assert isinstance(pending, Proposal)
    if isinstance(move, ProposeBuilding):
        proposal = replace(pending, building=move.building)
        events.append(ProposalDrafted(seat, pending.partner, pending.number, move.building))
        return replace(state, pending=proposal)
    if isinstance(move, ProposePlacement):
        proposal = replace(pending, cells=move.cells)
        events.append(
            ProposalDrafted(seat, pending.partner, pending.number, pending.building, move.cells)
        )
        return replace(state, pending=proposal)
    if isinstance(move, AskPayment):
        assert pending.building is not None and pending.cells is not None
        events.append(
            ProposalMade(
                seat, pending.partner, pending.number, pending.building, pending.cells, move.amount
            )
        )
        # ruling R32: the partner answers out of turn
        return replace(
            state, pending=replace(pending, payment=move.amount), current_player=pending.partner
        )
    if isinstance(move, Reject):
        events.append(ProposalAnswered(seat, pending.proposer, accepted=False))
        # ruling R32: the build action stays open
        return replace(state, pending=OpenBuild(pending.number), current_player=pending.proposer)
    assert isinstance(move, Accept)
    events.append(ProposalAnswered(seat, pending.proposer, accepted=True))
    return _build_shared(state, pending, events)


def _build_shared(state: GameState, proposal: Proposal, events: list[Event]) -> GameState:
    """The accepted proposal is built: payments, the tile, prestige (rulings R32, R33)."""
    proposer, partner = proposal.proposer, proposal.partner
    building, cells, payment = proposal.building, proposal.cells, proposal.payment
    assert building is not None and cells is not None and payment is not None
    placement: StraddlingPlacement = parse_shared_placement(
        len(state.players), proposer, partner, building, cells
    )
    shared = SharedBuilding(building, (proposer, partner), (placement.near, placement.far), cells)
    active = state.players[proposer]
    other = state.players[partner]
    # ruling R32: the proposer pays the bank by their own builders ...
    active = paid(active, proposer, build_cost(active), MoneyReason.BUILD, events)
    if payment:  # ... and the partner pays the proposer what was agreed
        other = paid(other, partner, payment, MoneyReason.PARTNER, events)
        events.append(MoneyReceived(proposer, payment, MoneyReason.PARTNER))
        active = replace(active, money=active.money + payment)
    active = replace(
        active, principality=active.principality.with_tile(building, placement.near, shared)
    )
    other = replace(
        other, principality=other.principality.with_tile(building, placement.far, shared)
    )
    events.append(SharedBuildingPlaced(proposer, partner, building, cells))
    points = catalog().rules.building_prestige  # ruling R32: 3 prestige each, at once
    active = gained(active, proposer, points, PrestigeReason.BUILDING, events)
    other = gained(other, partner, points, PrestigeReason.BUILDING, events)
    supply = list(state.building_supply)
    supply[BUILDINGS.index(building)] -= 1
    players = players_with(state, proposer, active)
    players = (*players[:partner], other, *players[partner + 1 :])
    state = replace(
        state,
        players=players,
        building_supply=tuple(supply),
        pending=None,
        current_player=proposer,
    )
    return settle_turn(state, events)
