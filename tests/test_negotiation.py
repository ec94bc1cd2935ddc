"""Cooperative Building through the engine: proposals, answers, shared buildings (R29-R34)."""

from __future__ import annotations

import random

import pytest

from factories import handed, housed
from helpers import action_phase, play
from positions import (
    coop_asked,
    coop_rejected,
    coop_shared,
    coop_turn,
    reverse_board,
)
from princes_of_florence import (
    Accept,
    AskPayment,
    Build,
    Building,
    Character,
    GameConfig,
    GameRecord,
    GiveUp,
    Propose,
    ProposeBuilding,
    ProposePlacement,
    Reject,
    apply,
    determinize,
    dumps,
    events_for,
    is_terminal,
    legal_moves,
    load_record,
    load_state,
    load_view,
    new_game,
    observe,
    replay,
    view_legal_moves,
)
from princes_of_florence.engine import apply_with_events
from princes_of_florence.events import (
    BuildGivenUp,
    BuildingChosen,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PrestigeGained,
    PrestigeReason,
    ProposalAnswered,
    ProposalDrafted,
    ProposalMade,
    SharedBuildingPlaced,
)
from princes_of_florence.geometry import GRID_SIZE, mask_cells, parse_cells
from princes_of_florence.ids import Phase
from princes_of_florence.moves import PlaceTile
from princes_of_florence.rules.actions import CARDINAL_LIMITS, propose_moves, turn_limits
from princes_of_florence.rules.characters import princess_parts
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.rules.negotiation import alone_builds
from princes_of_florence.state import (
    CharacterState,
    GameState,
    OpenBuild,
    Proposal,
    SharedBuilding,
    replace,
)
from test_cooperative import reference_placements

WORKSHOP_SEATS = (0, 1)
"""Red, the active player, and Green, the neighbour on Red's file g (2 players, R29)."""


def _red_and_green(red_builders: int, green_builders: int) -> GameState:
    """2 players on the shared map: Red (player 0) acts, Green (player 1) borders file g.

    Red has a tower at e7-f7-g7 and Green a chapel at a6-a7-b7 (as in the
    rulebook's picture, walls near the border on both sides).
    """
    state = action_phase(players=2, cooperative_building=True)
    state = handed(state, 0, builders=red_builders)
    state = handed(state, 1, builders=green_builders)
    state = housed(state, 0, reverse_board((Building.TOWER, "e7-f7-g7")))
    return housed(state, 1, reverse_board((Building.CHAPEL, "a6-a7-b7")))


def _across(state: GameState) -> list[str]:
    return [m.cells for m in legal_moves(state) if isinstance(m, ProposePlacement)]


# --------------------------------------------------------------------------
# The rulebook's examples
# --------------------------------------------------------------------------


def test_each_step_of_a_proposal_and_of_an_open_build_has_its_event() -> None:
    """Each step names the proposer, the partner, the proposal's number and what is named;
    the partner's rejection, then proposing again, building alone and giving up have theirs."""
    state = coop_turn()
    steps = []
    for step in (Propose(1), ProposeBuilding(Building.TOWER), ProposePlacement("f4-g4/a4")):
        state, events = apply_with_events(state, step)
        steps.append(events)
    steps.append(apply_with_events(coop_asked(), Reject())[1])
    rejected = coop_rejected()
    for again in (Propose(2), Build(Building.TOWER), GiveUp()):
        steps.append(apply_with_events(rejected, again)[1])
    assert [
        (ProposalDrafted(0, 1, 1),),
        (ProposalDrafted(0, 1, 1, Building.TOWER),),
        (ProposalDrafted(0, 1, 1, Building.TOWER, "f4-g4/a4"),),
        (ProposalAnswered(1, 0, accepted=False),),
        (ProposalDrafted(0, 2, 2),),
        (BuildingChosen(0, Building.TOWER),),
        (BuildGivenUp(0),),
    ] == steps


def test_building_alone_needs_the_build_cost_exactly() -> None:
    """With no builder a building costs 700: 700 florins, or 600 and a point, are enough."""
    enough = [handed(coop_turn(), 0, money=700), handed(coop_turn(), 0, money=600, prestige=1)]
    assert [list(Building), list(Building)] == [list(alone_builds(s, 0)) for s in enough]
    assert () == alone_builds(handed(coop_turn(), 0, money=600), 0)


def test_proposing_needs_the_build_cost_exactly() -> None:
    """The proposer must be able to pay its share of the build cost: 700 florins will do (R31)."""
    assert (Propose(1), Propose(2)) == propose_moves(handed(coop_turn(), 0, money=700), 0)
    assert () == propose_moves(handed(coop_turn(), 0, money=699), 0)


def test_red_and_green_build_a_workshop_green_paying_500() -> None:
    """Red (1 builder) pays 300 to the bank, Green pays Red 500: Red gains 200 (rulebook)."""
    state = _red_and_green(red_builders=1, green_builders=3)
    before = [p.money for p in state.players]
    prestige = [p.prestige for p in state.players]
    state, _ = play(state, "propose 1", "share workshop")
    cells = _across(state)[0]
    state, asked = play(state, f"across {cells}", "ask 500")
    assert 1 == state.current_player  # Green answers
    state, events = apply_with_events(state, Accept())
    assert [before[0] - 300 + 500, before[1] - 500] == [p.money for p in state.players]
    assert [p + 3 for p in prestige] == [p.prestige for p in state.players]
    assert [ProposalMade(0, 1, 1, Building.WORKSHOP, cells, 500)] == asked[-1:]
    assert (
        ProposalAnswered(1, 0, accepted=True),
        MoneyPaid(0, 300, MoneyReason.BUILD),
        MoneyPaid(1, 500, MoneyReason.PARTNER),
        MoneyReceived(0, 500, MoneyReason.PARTNER),
        SharedBuildingPlaced(0, 1, Building.WORKSHOP, cells),
        PrestigeGained(0, 3, PrestigeReason.BUILDING),
        PrestigeGained(1, 3, PrestigeReason.BUILDING),
    ) == events
    red, green = (p.principality for p in state.players)
    assert red.has_building(Building.WORKSHOP)
    assert green.has_building(Building.WORKSHOP)
    assert red.tiles[-1].shared is green.tiles[-1].shared
    assert () == state_problems(state)


def test_red_may_not_build_wall_to_wall_on_his_side_green_may() -> None:
    """With Red's 1 builder his part keeps off his walls; Green's 3 let hers touch (rulebook)."""
    state = play(_red_and_green(red_builders=1, green_builders=3), "propose 1", "share workshop")[0]
    red_walls = state.players[0].principality.walls
    green_walls = state.players[1].principality.walls
    near_red = near_green = 0
    for cells in _across(state):
        red_cells, green_cells = (parse_cells(side) for side in cells.split("/"))
        assert not _touches(red_cells, red_walls), cells
        near_green += _touches(green_cells, green_walls)
        near_red += 1
    assert near_green > 0  # some of Green's parts are wall to wall with her chapel
    assert near_red == len(_across(state))


def _touches(cells: int, walls: int) -> bool:
    """Whether a cell of ``cells`` shares an edge with one of ``walls``, within one grid."""
    for cell in mask_cells(cells):
        x, y = cell % GRID_SIZE, cell // GRID_SIZE
        for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= nx < GRID_SIZE and 0 <= ny < GRID_SIZE and walls >> (ny * GRID_SIZE + nx) & 1:
                return True
    return False


@pytest.mark.parametrize(("builders", "allowed"), [(0, False), (1, True)])
def test_building_alone_at_an_empty_border_needs_one_builder(builders: int, allowed: bool) -> None:
    """A tower on file g, next to player 1's empty file a, needs 1 builder (rulebook, R30)."""
    state = play(coop_turn(0, builders=builders), "build tower")[0]
    assert allowed == (PlaceTile("g4-g5-g6") in legal_moves(state))
    assert PlaceTile("d5-d6-d7") in legal_moves(state)  # away from the border: no builder


@pytest.mark.parametrize(("builders", "allowed"), [(1, False), (2, True)])
def test_building_alone_at_a_built_border_needs_two_builders(builders: int, allowed: bool) -> None:
    """Next to a building across the border, a tower alone needs 2 builders (rulebook, R30)."""
    state = housed(coop_turn(0, builders=builders), 1, reverse_board((Building.CHAPEL, "a3-b3-b4")))
    state = play(state, "build tower")[0]
    assert allowed == (PlaceTile("g1-g2-g3") in legal_moves(state))
    assert PlaceTile("g5-g6-g7") in legal_moves(state)  # across from empty cells: 1 builder


# --------------------------------------------------------------------------
# The engine's placements against an independent enumeration (R31)
# --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("building", list(Building))
def test_the_engine_offers_exactly_the_reference_placements(
    players: int, building: Building
) -> None:
    """On an empty shared map the ``across`` moves are the reference enumeration (R29, R31)."""
    state = coop_turn(players=players)
    partner = 1
    state = play(state, f"propose {partner}", f"share {building}")[0]
    offered = set()
    for cells in _across(state):
        near, far = (parse_cells(side) for side in cells.split("/"))
        offered.add(
            frozenset(
                (owner, cell % GRID_SIZE, cell // GRID_SIZE)
                for owner, mask in ((0, near), (partner, far))
                for cell in mask_cells(mask)
            )
        )
    boards = (state.players[0].principality, state.players[partner].principality)
    assert reference_placements(players, building, 0, partner, boards, (0, 0)) == offered


# --------------------------------------------------------------------------
# The negotiation (R31, R32)
# --------------------------------------------------------------------------


def test_a_proposal_is_made_in_steps_and_uses_one_action() -> None:
    """propose, share, across, ask: one build action, counted at the first step (R31)."""
    state = coop_turn()
    assert {Propose(1), Propose(2)} <= set(legal_moves(state))
    state = play(state, "propose 1")[0]
    assert state.turn is not None
    assert (1, 1) == (state.turn.actions, state.turn.builds)
    assert all(isinstance(m, ProposeBuilding) for m in legal_moves(state))
    state = play(state, "share tower")[0]
    assert all(isinstance(m, ProposePlacement) for m in legal_moves(state))
    state = play(state, "across f4-g4/a4")[0]
    asks = legal_moves(state)
    assert [AskPayment(a) for a in range(0, 3600, 100)] == list(asks)


def test_the_answer_is_no_turn_of_the_partner() -> None:
    """The partner decides out of turn and uses no action; the turn stays the proposer's (R32)."""
    state = coop_asked()
    assert 1 == state.current_player
    assert (Accept(), Reject()) == legal_moves(state)
    assert state.turn is not None
    assert 1 == state.turn.actions
    for answer in ("accept", "reject"):
        after = play(state, answer)[0]
        assert 0 == after.current_player
        assert after.turn == state.turn


def test_after_a_rejection_the_action_stays_open() -> None:
    """Propose again, build alone or give up; the action is not counted again (R32)."""
    state = coop_rejected()
    assert OpenBuild(1) == state.pending
    moves = legal_moves(state)
    assert Propose(1) in moves
    assert Propose(2) in moves
    assert Build(Building.TOWER) in moves
    assert GiveUp() == moves[-1]
    built = play(state, "build tower", "place d5-d6-d7")[0]
    assert built.turn is not None
    assert (1, 1) == (built.turn.actions, built.turn.builds)
    given_up = play(state, "give up")[0]
    assert given_up.pending is None
    assert given_up.turn is not None
    assert (1, 1) == (given_up.turn.actions, given_up.turn.builds)


def test_at_most_three_proposals_per_build_action() -> None:
    """After the third rejection only building alone or giving up remains (R32)."""
    state = coop_rejected(3)
    kinds = {type(m) for m in legal_moves(state)}
    assert {Build, GiveUp} == kinds


def test_the_partner_can_be_asked_up_to_what_they_can_raise() -> None:
    """The payments go in hundreds up to the partner's cash and prestige (R4, R31)."""
    state = handed(coop_turn(), 1, money=1250, prestige=2)
    state = play(state, "propose 1", "share tower", "across f4-g4/a4")[0]
    assert AskPayment(1400) == legal_moves(state)[-1]
    assert isinstance(state.pending, Proposal)
    assert 1400 == state.pending.limit


def test_a_partner_short_of_cash_sells_prestige_to_pay() -> None:
    """Accepting, a partner pays the agreed amount with prestige where cash falls short (R4)."""
    state = handed(coop_turn(), 1, money=200, prestige=3)
    state = play(state, "propose 1", "share tower", "across f4-g4/a4", "ask 500")[0]
    state, events = apply_with_events(state, Accept())
    assert MoneyPaid(1, 500, MoneyReason.PARTNER) in events
    assert (0, 3) == (state.players[1].money, state.players[1].prestige)


# --------------------------------------------------------------------------
# Using a shared building (R33)
# --------------------------------------------------------------------------


def test_a_shared_building_counts_for_both_partners() -> None:
    """Each partner has the tower: once per type, the wall rule, empty cells (R33)."""
    state = coop_shared()
    red, green = (p.principality for p in state.players[:2])
    record = red.tiles[-1].shared
    assert record == SharedBuilding(
        Building.TOWER, (0, 1), (parse_cells("f4-g4"), parse_cells("a4")), "f4-g4/a4"
    )
    assert (41, 42) == (red.empty_cells, green.empty_cells)
    assert red.walls & parse_cells("f4-g4")
    assert green.walls & parse_cells("a4")
    state = play(state, "end")[0]  # player 1 may not build a second tower
    assert Build(Building.TOWER) not in legal_moves(state)


def test_the_princess_counts_a_shared_building_for_each_partner() -> None:
    """Muse & Princess: a Princess work counts the shared tower as a building of each (R34)."""
    state = coop_shared()
    for seat in (0, 1):
        parts = dict(princess_parts(state.players[seat]))
        assert 2 == parts["buildings"]


def test_the_cardinal_may_propose_with_a_third_action() -> None:
    """Muse & Princess: the Cardinal's extra action may be a cooperative build (R34)."""
    state = coop_turn(players=3)
    holders = tuple(0 if c is Character.CARDINAL else None for c in Character)
    config = GameConfig(players=3, cooperative_building=True, muse_and_princess=True)
    characters = CharacterState(holders=holders, done=(True, True, True))
    state = replace(state, config=config, characters=characters)
    assert () == state_problems(state)  # player 0 holds the Cardinal in phase B
    state = play(state, "build tower", "place d5-d6-d7", "build chapel")[0]
    state = play(state, str(legal_moves(state)[0]))[0]
    assert Propose(1) in legal_moves(state)
    asked = play(state, "propose 1", "share opera", _first(state, "opera"), "ask 0")[0]
    assert CARDINAL_LIMITS == turn_limits(asked)  # the proposer's limits while 1 answers


def _first(state: GameState, building: str) -> str:
    after = play(state, "propose 1", f"share {building}")[0]
    return str(legal_moves(after)[0])


# --------------------------------------------------------------------------
# Views, events, JSON, replay
# --------------------------------------------------------------------------


def test_proposals_and_shared_buildings_are_public() -> None:
    """Every seat sees the proposal, the answer, the payment and the shared map (R31, R32)."""
    asked = coop_asked()
    for seat in range(3):
        view = observe(asked, seat)
        assert asked.pending == view.pending
        assert view.players[1].principality == asked.players[1].principality
    state, events = apply_with_events(asked, Accept())
    for seat in range(3):
        assert events == events_for(events, seat)
        assert observe(state, seat).players[0].principality.tiles[-1].shared is not None


@pytest.mark.parametrize("position", [coop_asked, coop_rejected, coop_shared])
def test_states_and_views_with_shared_buildings_round_trip(position: object) -> None:
    """States and views of the negotiation round-trip through JSON (R31-R33)."""
    assert callable(position)
    state = position()
    assert state == load_state(dumps(state))
    for seat in range(len(state.players)):
        view = observe(state, seat)
        assert view == load_view(dumps(view))
        dealt = determinize(view, random.Random(seat))
        assert () == state_problems(dealt)
        assert view == observe(dealt, seat)
        if seat == state.current_player:
            assert view_legal_moves(view) == legal_moves(state)


@pytest.mark.parametrize(
    "config",
    [
        GameConfig(players=2, seed=3, cooperative_building=True),
        GameConfig(players=4, seed=8, cooperative_building=True, muse_and_princess=True),
        GameConfig(players=5, seed=5, cooperative_building=True, hidden_money=True),
    ],
)
def test_a_cooperative_game_replays_exactly(config: GameConfig) -> None:
    """A whole random game with shared buildings replays from its record, in JSON and text."""
    rng = random.Random(config.seed)
    state = new_game(config)
    moves = []
    while not is_terminal(state):
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply(state, move)
    assert state.phase is Phase.GAME_OVER
    record = GameRecord(config, tuple(moves))
    assert record == load_record(dumps(record))
    assert state == replay(record)[-1]
