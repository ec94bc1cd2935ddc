"""Every kind of illegal move, at every kind of decision, with the exact reason given.

Each row of :data:`REFUSALS` is a position reached deterministically (see
``tests/positions.py``), a move, and the reason the player is told.  The test
applies the move and checks the whole message of the :class:`IllegalMoveError`,
that :func:`move_problem` gives the same reason, and that the state is
unchanged.  Together the rows reach every reason the engine and the rules
modules can give (R3, R4, R6, R8, R13-R23).
"""

from __future__ import annotations

import attrs
import pytest

from factories import handed, housed, principality_of
from helpers import action_phase, after_draft
from positions import (
    FULL,
    Position,
    after,
    bidding,
    bidding_without_room,
    chose_twice,
    coop_asked,
    coop_hemmed,
    coop_narrow,
    coop_rejected,
    coop_towers_elsewhere,
    coop_turn,
    coop_walled_partner,
    draft,
    finished,
    forest_won,
    forests_gone,
    jester_taken,
    landscape_won,
    last_after_jester,
    last_in_phase,
    merchant_won,
    no_jester_left,
    opening,
    payout,
    poet_at_work,
    prestige_won,
    prestigious,
    professor_offered,
    recruiting_won,
    returning,
    reverse_board,
    towers_elsewhere,
    travel_elsewhere,
    turn,
    two_players,
)
from princes_of_florence import (
    BonusCardId,
    Building,
    Freedom,
    GameConfig,
    IllegalMoveError,
    Landscape,
    Move,
    Pass,
    PersonId,
    PlaceTile,
    ReturnCard,
    apply,
    free_moves,
    is_legal,
    legal_moves,
    move_problem,
    outcome,
    parse_move,
)
from princes_of_florence.geometry import parse_cells
from princes_of_florence.rules import actions, common, invariants, phases
from princes_of_florence.rules.actions import TurnLimits
from princes_of_florence.rules.invariants import state_problems
from princes_of_florence.rules.placement import placement_problem
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import Principality

# --- The table ----------------------------------------------------------------------


@attrs.frozen
class Refusal:
    """A position, an illegal move and the reason given for it."""

    position: Position
    move: str | Move
    reason: str
    player: int | None = None

    def parsed(self) -> Move:
        return parse_move(self.move) if isinstance(self.move, str) else self.move


def row(
    name: str, position: Position, move: str | Move, reason: str, player: int | None = None
) -> object:
    return pytest.param(Refusal(position, move, reason, player), id=name)


def _r4(money: int, price: int, prestige: int = 0) -> str:
    """The reason of revised R4: cash and prestige together fall short of the price."""
    return (
        f"the player has {money} florins and {prestige} prestige points and cannot raise"
        f" {price} (ruling R4)"
    )


ALL_ACTIONS = "the player has used all 2 actions this turn (ruling R17)"

REFUSALS = [
    # Whose decision it is, and the end of the game (R5).
    row("wrong player", draft, "return singer", "it is player 0's decision, not player 2's", 2),
    row("not a seat", draft, "return singer", "there is no player 3 in a game of 3", 3),
    row("negative seat", draft, "pass", "there is no player -1 in a game of 3", -1),
    row("game over", finished, "pass", "the game is over"),
    row("game over, from a seat", finished, "end", "the game is over", 1),
    # Selling prestige (R3).
    row(
        "sell, none held",
        draft,
        "sell 1",
        "the player has no prestige point to sell now (ruling R3)",
    ),
    row(
        "sell too much",
        prestigious,
        "sell 3",
        "the player can sell 1 to 2 prestige points, not 3 (ruling R3)",
    ),
    # The draft (R8).
    row(
        "draft: not a return",
        draft,
        "pass",
        "every player must first return one of the four starting persons",
    ),
    row("draft: not in hand", draft, "return poet", "poet is not in the player's hand"),
    # Phase A, waiting for an opener (R12-R15, R4).
    row(
        "open: not an auction move",
        after_draft,
        "end",
        "the player must open an auction or decline (ruling R13)",
    ),
    row("open: cannot pay 200", lambda: opening(money=100), "open jester", _r4(100, 200)),
    row(
        "open: no cash, prestige short",
        lambda: opening(money=0, prestige=1),
        "open jester",
        _r4(0, 200, 1),
    ),
    row(
        "open: stack taken",
        jester_taken,
        "open jester",
        "an object was already taken from the jester stack this phase",
    ),
    row("open: stack empty", no_jester_left, "open jester", "the jester stack is empty"),
    row(
        "open: a fourth builder",
        lambda: opening(builders=3),
        "open builder",
        "the player already has 3 builders",
    ),
    row(
        "open: no room for the landscape",
        lambda: housed(after_draft(players=3), 0, FULL),
        "open forest",
        "the player has no legal place for a forest",
    ),
    row(
        "open: the last player takes",
        last_in_phase,
        "open park",
        "the last player in the phase takes an object without an auction (R14)",
    ),
    row(
        "take: not the last player",
        after_draft,
        "take park",
        "only the last player in the phase may take without an auction (R14)",
    ),
    row("take: cannot pay 200", lambda: last_in_phase(money=100), "take park", _r4(100, 200)),
    row(
        "take: stack taken",
        last_after_jester,
        "take jester",
        "an object was already taken from the jester stack this phase",
    ),
    row(
        "open: no such stack with 3 players",
        after_draft,
        "open landscape",
        "there is no landscape stack in this game (ruling R11)",
    ),
    row(
        "open: no such stack with 2 players",
        two_players,
        "open forest",
        "there is no forest stack in this game (ruling R11)",
    ),
    row(
        "open: no room for any landscape",
        lambda: housed(two_players(), 0, FULL),
        "open landscape",
        "the player has no legal place for any landscape left",
    ),
    row(
        "landscape stack won: none chosen",
        landscape_won,
        "pass",
        "the player must first choose the landscape won (ruling R11)",
    ),
    row(
        "landscape stack won: none of that landscape left",
        forests_gone,
        "landscape forest",
        "no forest is left, or it has no legal place (ruling R15)",
    ),
    # Phase A, bidding (R12, R13, R15, R4).
    row(
        "bid: not a bidding move",
        lambda: bidding("jester"),
        "decline",
        "an auction for the jester stack is running: bid or pass (ruling R13)",
    ),
    row(
        "bid: not a raise of 100",
        lambda: bidding("jester"),
        "bid 500",
        "a raise must be exactly 100 more than 200: bid 300",
    ),
    row("bid: cannot pay", lambda: bidding("jester", money=200), "bid 300", _r4(200, 300)),
    row(
        "bid: cash and prestige short",
        lambda: bidding("jester", money=100, prestige=1),
        "bid 300",
        _r4(100, 300, 1),
    ),
    row(
        "bid: a fourth builder",
        lambda: bidding("builder", builders=3),
        "bid 300",
        "the player already has 3 builders",
    ),
    row(
        "bid: no room for the landscape",
        bidding_without_room,
        "bid 300",
        "the player has no legal place for a forest",
    ),
    # Objects won (R16, R21, R6, R23).
    row(
        "landscape: not placed",
        forest_won,
        "decline",
        "the player must first place the forest (ruling R16/R21)",
    ),
    row(
        "landscape: not a cell",
        forest_won,
        PlaceTile("d4-d5-e4-g8"),
        "'d4-d5-e4-g8' is not a placement of the forest: 'g8' is not a cell name (a1 to g7)",
    ),
    row(
        "landscape: not the shape",
        forest_won,
        "place d4-d5-d6-d7",
        "'d4-d5-d6-d7' is not a placement of the forest: the cells are not in its shape",
    ),
    row(
        "landscape: on the palazzo",
        forest_won,
        "place b2-b3-c2-c3",
        "'b2-b3-c2-c3' is not a placement of the forest: it covers the palazzo",
    ),
    row(
        "landscape: cells unsorted",
        forest_won,
        PlaceTile("e5-d4-d5-e4"),
        "cells must be written sorted: place d4-d5-e4-e5",
    ),
    row(
        "prestige card: none chosen",
        prestige_won,
        "pass",
        "the player must first choose one of the cards shown (ruling R6)",
    ),
    row("prestige card: not shown", prestige_won, "choose P01", "P01 is not among the cards shown"),
    row(
        "cards not kept: none returned",
        returning,
        "end",
        "the player must first put the cards not kept under the deck (ruling R6)",
    ),
    row(
        "cards not kept: the one kept",
        returning,
        ReturnCard(BonusCardId.B14),
        "B14 is not among the cards waiting to go under the deck",
    ),
    row(
        "cards not kept: chosen again",
        returning,
        "choose B12",
        "the player must first put the cards not kept under the deck (ruling R6)",
    ),
    row(
        "recruiting: neither used nor kept",
        recruiting_won,
        "pass",
        "the player must first use the recruiting card won or keep it (ruling R16)",
    ),
    row(
        "recruiting: own table",
        recruiting_won,
        "recruit 0 poet",
        "a player cannot recruit from their own table (ruling R23)",
    ),
    row("recruiting: no such player", recruiting_won, "recruit 3 poet", "there is no player 3"),
    row(
        "recruiting: not on that table",
        recruiting_won,
        "recruit 1 actor",
        "actor does not lie face up in front of player 1",
    ),
    row(
        "recruiting: on another table",
        recruiting_won,
        "recruit 2 poet",
        "poet does not lie face up in front of player 2",
    ),
    # Phase B (R17-R23, R4).
    row(
        "action: not a phase B move",
        action_phase,
        "decline",
        "in phase B the player chooses an action, recruits, or ends the turn (ruling R17)",
    ),
    row("recruit: no card", turn, "recruit 1 poet", "the player holds no recruiting card"),
    row(
        "recruit: own table",
        lambda: turn(0, recruiting=1, table=(PersonId.POET,)),
        "recruit 0 poet",
        "a player cannot recruit from their own table (ruling R23)",
    ),
    row("work: not in hand", turn, "work poet", "poet is not in the player's hand"),
    row(
        "work: below the minimum",
        turn,
        "work organ_builder",
        "organ_builder can reach a work value of at most 3, below the round's minimum of 7"
        " (ruling R19)",
    ),
    row("build: none left", towers_elsewhere, "build tower", "no tower is left in the supply"),
    row(
        "build: one of each",
        lambda: housed(turn(), 0, principality_of(Building.TOWER)),
        "build tower",
        "the principality already has a tower (ruling R21)",
    ),
    row("build: cannot pay 700", lambda: turn(0, money=600), "build tower", _r4(600, 700)),
    row(
        "build: cash and prestige short of 700",
        lambda: turn(0, money=300, prestige=3),
        "build tower",
        _r4(300, 700, 3),
    ),
    row(
        "build: cannot pay 300",
        lambda: turn(0, money=200, builders=1),
        "build tower",
        _r4(200, 300),
    ),
    row(
        "build: no room",
        lambda: housed(turn(), 0, FULL),
        "build theater",
        "there is no legal place for a theater (ruling R21)",
    ),
    row(
        "buy person: deck empty",
        lambda: turn(0, hand=turn().person_deck),
        "buy person",
        "the person deck is empty (ruling R6)",
    ),
    row("buy person: cannot pay", lambda: turn(0, money=200), "buy person", _r4(200, 300)),
    row(
        "buy person: cash and prestige short",
        lambda: turn(0, money=100, prestige=1),
        "buy person",
        _r4(100, 300, 1),
    ),
    row(
        "buy person: one per turn",
        after(turn(), "buy person", "choose"),
        "buy person",
        "the limit of 1 person per turn is reached (ruling R18)",
    ),
    row(
        "buy bonus: deck empty",
        lambda: turn(0, hand=turn().bonus_deck),
        "buy bonus",
        "the bonus deck is empty (ruling R6)",
    ),
    row("buy bonus: cannot pay", lambda: turn(0, money=200), "buy bonus", _r4(200, 300)),
    row(
        "freedom: already introduced",
        lambda: turn(0, freedoms=(Freedom.TRAVEL,)),
        "freedom travel",
        "travel is already introduced in this principality (ruling R22)",
    ),
    row(
        "freedom: none left",
        travel_elsewhere,
        "freedom travel",
        "no travel tile is left (ruling R9)",
    ),
    row("freedom: cannot pay", lambda: turn(0, money=200), "freedom opinion", _r4(200, 300)),
    row(
        "freedom: one per turn",
        after(turn(), "freedom travel"),
        "freedom opinion",
        "the limit of 1 freedom per turn is reached (ruling R18)",
    ),
    row("work: no action left", chose_twice, "work organ_builder", ALL_ACTIONS),
    row("build: no action left", chose_twice, "build tower", ALL_ACTIONS),
    row("buy person: no action left", chose_twice, "buy person", ALL_ACTIONS),
    row("buy bonus: no action left", chose_twice, "buy bonus", ALL_ACTIONS),
    row("freedom: no action left", chose_twice, "freedom religion", ALL_ACTIONS),
    # A building bought (R21).
    row(
        "building: not placed",
        after(turn(), "build tower"),
        "end",
        "the player must first place the tower (ruling R16/R21)",
    ),
    row(
        "building: next to the palazzo",
        after(turn(), "build tower"),
        "place d1-e1-f1",
        "d1-e1-f1 is not a legal place for the tower (ruling R21)",
    ),
    row(
        "building: over a tile",
        after(housed(turn(0, builders=2), 0, principality_of(Landscape.PARK)), "build tower"),
        "place a4-a5-a6",  # the park lies on a3-a4
        "a4-a5-a6 is not a legal place for the tower (ruling R21)",
    ),
    # A bonus or person card bought (R6).
    row(
        "bonus card: none chosen",
        after(turn(), "buy bonus"),
        "end",
        "the player must first choose one of the cards shown (ruling R6)",
    ),
    row(
        "person card: not shown",
        after(turn(), "buy person"),
        "choose poet",
        "poet is not among the cards shown",
    ),
    # A work (R19).
    row(
        "work: not finished",
        poet_at_work,
        "end",
        "the player must first finish the work in progress (ruling R19)",
    ),
    row(
        "work: below the minimum at finish",
        poet_at_work,
        "finish",
        "the work has not reached the round's minimum value yet (ruling R19)",
    ),
    row(
        "work: bonus card out of order",
        after(poet_at_work(), "play B11"),
        "play B01",
        "B01 is not in hand, was played already, comes before a card already played"
        " (cards are added in catalog order), or would leave the round's minimum out of reach",
    ),
    row(
        "work: bonus card not in hand",
        poet_at_work,
        "play B02",
        "B02 is not in hand, was played already, comes before a card already played"
        " (cards are added in catalog order), or would leave the round's minimum out of reach",
    ),
    # Cooperative Building: proposing (R29, R31).
    row(
        "propose: no shared map",
        turn,
        "propose 1",
        "buildings are shared only with Cooperative Building (ruling R31)",
    ),
    row(
        "propose: not a neighbour",
        lambda: coop_turn(players=4),
        "propose 2",
        "player 2 is not a neighbour of player 0 (ruling R29)",
    ),
    row(
        "propose: the build cost out of reach", lambda: coop_turn(money=0), "propose 1", _r4(0, 700)
    ),
    row(
        "propose: nothing crosses the border",
        coop_walled_partner,
        "propose 1",
        "no building of the supply fits across the border with player 1 (R31)",
    ),
    row(
        "proposal: the building first",
        after(coop_turn(), "propose 1"),
        "end",
        "the player must first name the building of the proposal (ruling R31)",
    ),
    row(
        "proposal: none left",
        after(coop_towers_elsewhere(), "propose 1"),
        "share tower",
        "no tower is left in the supply",
    ),
    row(
        "proposal: the partner has it",
        after(housed(coop_turn(), 1, reverse_board((Building.TOWER, "d5-d6-d7"))), "propose 1"),
        "share tower",
        "the principality of player 1 already has a tower (R21, R31)",
    ),
    row(
        "proposal: it does not fit across",
        after(coop_narrow(), "propose 1"),
        "share university",
        "no placement of the university across the border is legal (R31)",
    ),
    row(
        "proposal: the cells first",
        after(coop_turn(), "propose 1", "share tower"),
        "ask 0",
        "the player must first name the cells of the proposal (ruling R31)",
    ),
    row(
        "proposal: cells not across the border",
        after(coop_turn(), "propose 1", "share tower"),
        "across e4-f4/g4",
        "e4-f4/g4 is not a legal place for the tower across the border (ruling R31)",
    ),
    row(
        "proposal: the payment first",
        after(coop_turn(), "propose 1", "share tower", "across f4-g4/a4"),
        "accept",
        "the player must first name the payment asked of the partner (ruling R31)",
    ),
    row(
        "proposal: more than the partner can raise",
        after(coop_turn(), "propose 1", "share tower", "across f4-g4/a4"),
        "ask 3600",
        "the payment must be a multiple of 100 from 0 to 3500, what player 1 can raise,"
        " not 3600 (ruling R31)",
    ),
    # Cooperative Building: answering, and the build action left open (R32).
    row(
        "answer: not an answer",
        coop_asked,
        "end",
        "player 1 must first accept or reject the proposal (R32)",
    ),
    row(
        "answer: by the proposer",
        coop_asked,
        "accept",
        "it is player 1's decision, not player 0's",
        0,
    ),
    row(
        "open build: a fourth proposal",
        lambda: coop_rejected(3),
        "propose 2",
        "all 3 proposals of this build action were made (ruling R32)",
    ),
    row(
        "propose: no action left",
        after(
            handed(coop_turn(0, recruiting=1), 1, table=(PersonId.POET,)),
            "freedom travel",
            "buy bonus",
            "choose",
        ),
        "propose 1",
        ALL_ACTIONS,
    ),
    row(
        "place alone: on the palazzo of the reverse side",
        after(coop_turn(0, builders=2), "build tower"),
        "place e1-f1-g1",
        "'e1-f1-g1' is not a placement of the tower: it covers the palazzo",
    ),
    row(
        "open build: proposing to oneself",
        coop_rejected,
        "propose 0",
        "player 0 is not a neighbour of player 0 (ruling R29)",
    ),
    row(
        "open build: another action",
        coop_rejected,
        "end",
        "after a rejected proposal the player proposes again, builds alone or gives the build"
        " action up (ruling R32)",
    ),
    row(
        "open build: no room alone",
        after(coop_narrow(), "propose 1", "share tower", "across f4-g4/a4", "ask 0", "reject"),
        "build chapel",
        "the player cannot build the chapel alone now (R21, R30)",
    ),
    # Cooperative Building: building alone next to a border (R30).
    row(
        "build alone: only at the border, with no builder",
        coop_hemmed,
        "build tower",
        "there is no legal place for a tower built alone (rulings R21, R30)",
    ),
    row(
        "place alone: at the border with no builder",
        after(coop_turn(), "build tower"),
        "place g4-g5-g6",
        "g4-g5-g6 shares an edge with the border of player 1 and the player has no builder"
        " (ruling R30)",
    ),
    row(
        "place alone: wall to wall across the border with 1 builder",
        after(
            housed(coop_turn(0, builders=1), 1, reverse_board((Building.CHAPEL, "a3-b3-b4"))),
            "build tower",
        ),
        "place g1-g2-g3",
        "g1-g2-g3 shares an edge across the border with a building or the palazzo of player 1"
        " (at a3) and the player has fewer than 2 builders (ruling R30)",
    ),
    # Muse & Princess: the Merchant's choice on winning, the Professor at once (R26).
    row(
        "merchant: the choice comes first",
        merchant_won,
        "decline",
        "the player won the jester holding the Merchant and must first choose: "
        "merchant free or merchant pay (ruling R26)",
    ),
    row(
        "merchant: the choice is the winner's",
        merchant_won,
        "merchant free",
        "it is player 0's decision, not player 1's",
        1,
    ),
    row(
        "merchant: no choice without a win",
        after(merchant_won(), "merchant free"),
        "merchant pay",
        "the player must open an auction or decline (ruling R13)",
    ),
    row(
        "professor: the offer comes first",
        professor_offered,
        "no character",
        "the player just took the Professor and must first draw with it now or keep it "
        "for later (ruling R26)",
    ),
    row(
        "professor: an empty deck at once",
        lambda: attrs.evolve(
            professor_offered(),
            bonus_deck=(),
            bonus_discard=professor_offered().bonus_deck,
        ),
        "professor bonus",
        "the bonus deck is empty (ruling R6)",
    ),
    row(
        "professor: later only when offered",
        after(professor_offered(), "professor later"),
        "professor later",
        "in phase B the player chooses an action, recruits, or ends the turn (ruling R17)",
    ),
    row(
        "payout: not converted",
        payout,
        "end",
        "the player must first say how much of the payout to convert (ruling R19)",
    ),
    row(
        "payout: too much converted",
        payout,
        "convert 5",
        "only the payout of 800 florins may be converted, at 200 per point (ruling R19)",
    ),
]


@pytest.mark.parametrize("refusal", REFUSALS)
def test_an_illegal_move_is_refused_with_its_reason(refusal: Refusal) -> None:
    """The move is refused with exactly this reason, and the position is unchanged."""
    state = refusal.position()
    assert () == state_problems(state)  # a position that can occur
    move = refusal.parsed()
    before = repr(state)
    seat = state.current_player if refusal.player is None else refusal.player
    who = "nobody" if seat is None else f"player {seat}"
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move, refusal.player)
    assert f"illegal move {str(move)!r} by {who}: {refusal.reason}" == str(caught.value)
    assert refusal.reason == move_problem(state, move, refusal.player)
    assert not is_legal(state, move, refusal.player)
    if refusal.player is None:
        assert move not in legal_moves(state)
    # Once the legal moves of this very state are known, the check is the same.
    legal_moves(state)
    with pytest.raises(IllegalMoveError) as again:
        apply(state, move, refusal.player)
    assert str(caught.value) == str(again.value)
    assert before == repr(state)


def test_a_player_that_is_not_a_number_is_named() -> None:
    """A seat given as text is refused, before anything else."""
    assert "a player is a number from 0 to 2, not a str" == move_problem(
        draft(),
        Pass(),
        player="0",  # type: ignore[arg-type]
    )


def test_there_is_no_outcome_before_the_end() -> None:
    """Asking for the outcome of a game in progress is refused (R24)."""
    with pytest.raises(IllegalMoveError) as caught:
        outcome(after_draft())
    assert "the game is not over yet: there is no outcome" == str(caught.value)
    assert 3 == len(outcome(finished()).prestige)


def test_a_move_no_rule_explains_gets_the_general_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where no phase gives a reason, the engine still refuses, saying the move is not legal."""
    state = after_draft()
    monkeypatch.setitem(phases.PHASE_PROBLEMS, state.phase, lambda state, move: None)
    assert "it is not one of the legal moves now" == move_problem(state, Pass())
    with pytest.raises(IllegalMoveError, match="by player 0: it is not one of the legal moves now"):
        apply(state, Pass())


THREE_ACTIONS = TurnLimits(actions=3)
"""Limits with a third action, as the Cardinal will give (ruling R26): the per-kind
limits of R18 then bind before the action count does."""


@pytest.fixture
def three_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every turn allows three actions."""
    monkeypatch.setattr(actions, "turn_limits", lambda state: THREE_ACTIONS)
    monkeypatch.setattr(invariants, "turn_limits", lambda state: THREE_ACTIONS)


@pytest.mark.usefixtures("three_actions")
@pytest.mark.parametrize(
    ("moves", "move", "reason"),
    [
        (
            ("build tower", "place d4-d5-d6", "build chapel", "place f4-f5-g5"),
            "build library",
            "the limit of 2 build per turn is reached (ruling R18)",
        ),
        (
            ("buy bonus", "choose", "buy bonus", "choose"),
            "buy bonus",
            "the limit of 2 bonus per turn is reached (ruling R18)",
        ),
        (
            ("work poet", "finish", "convert 0", "work actor", "finish", "convert 0"),
            "work painter",
            "the limit of 2 work per turn is reached (ruling R18)",
        ),
    ],
)
def test_the_limits_per_kind_hold_with_a_third_action(
    moves: tuple[str, ...], move: str, reason: str
) -> None:
    """With three actions, a third build, bonus card or work is refused by its own limit (R18)."""
    state = handed(
        turn(),
        0,
        hand=(PersonId.POET, PersonId.ACTOR, PersonId.PAINTER),
        jesters=4,
    )
    state = after(state, *moves)()
    assert () == state_problems(state)
    assert 0 == state.current_player
    assert reason == move_problem(state, parse_move(move))
    assert parse_move(move) not in legal_moves(state)


def test_placement_problem_names_each_rule_of_r21() -> None:
    """placement_problem gives the first rule of R21 that a set of cells breaks."""
    park = principality_of(Landscape.PARK)  # on a3-a4
    tower = Building.TOWER
    cases = [
        (Principality(), 0, "0x0 is not a set of cells of the 7x7 grid"),
        (Principality(), 1 << 49, "0x2000000000000 is not a set of cells of the 7x7 grid"),
        (principality_of(tower), parse_cells("d4-d5-d6"), "the principality already has a tower"),
        (Principality(), parse_cells("d4-d5-e5"), "d4-d5-e5 is not a shape of tower"),
        (Principality(), 1, "a1 is not a shape of tower"),
        (Principality(), parse_cells("c1-d1-e1"), "cells c1 overlap the palazzo"),
        (park, parse_cells("a4-a5-a6"), "cells a4 overlap another tile"),
        (
            park,
            parse_cells("b3-b4-b5"),
            "b3-b4-b5 shares an edge with a building or the palazzo (at b2)"
            " and the player has fewer than 2 builders",
        ),
    ]
    for principality, mask, reason in cases:
        assert reason == placement_problem(principality, tower, 0, mask)
    assert placement_problem(park, Landscape.PARK, 0, parse_cells("b3-b4")) is None
    assert "the principality already has an opera" == placement_problem(
        principality_of(Building.OPERA), Building.OPERA, 3, parse_cells("d4-d5-d6-e4-e5")
    )


def test_without_prestige_sales_a_payment_is_cash_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where prestige may not be sold (R27, as Muse & Princess selects), only cash pays (R4)."""
    cash_only = attrs.evolve(ruleset(GameConfig(players=3)), sells_prestige=False)
    monkeypatch.setattr(common, "ruleset", lambda config: cash_only)
    state = turn(0, money=200, prestige=5)
    assert "the player has 200 florins and cannot pay 300 in cash (R4, R27)" == move_problem(
        state, parse_move("buy person")
    )
    assert parse_move("buy person") not in legal_moves(state)
    assert move_problem(turn(0, money=300), parse_move("buy person")) is None


@pytest.mark.parametrize(
    ("position", "move"),
    [
        pytest.param(
            lambda: turn(0, hand=(PersonId.POET,), jesters=1, recruiting=1),
            "work poet",
            id="a work reaching the minimum exactly",
        ),
        pytest.param(lambda: opening(money=200), "open jester", id="opening with 200"),
        pytest.param(
            lambda: opening(money=0, prestige=2), "open jester", id="opening with 2 prestige"
        ),
        pytest.param(lambda: last_in_phase(money=200), "take park", id="taking with 200"),
        pytest.param(lambda: bidding("jester", money=300), "bid 300", id="bidding 300 with 300"),
        pytest.param(
            lambda: bidding("jester", money=200, prestige=1), "bid 300", id="bidding with prestige"
        ),
        pytest.param(lambda: turn(0, money=700), "build tower", id="building with 700"),
        pytest.param(
            lambda: turn(0, money=0, builders=1, prestige=3),
            "build tower",
            id="building by prestige",
        ),
        pytest.param(lambda: turn(0, money=300), "buy person", id="a person with 300"),
        pytest.param(lambda: turn(0, money=300), "buy bonus", id="a bonus card with 300"),
        pytest.param(lambda: turn(0, money=300), "freedom travel", id="a freedom with 300"),
        pytest.param(prestigious, "sell 2", id="selling every prestige point"),
    ],
)
def test_a_move_at_the_limit_is_legal(position: Position, move: str) -> None:
    """A move that exactly reaches the minimum or exactly uses the means is legal (R4, R19)."""
    state = position()
    assert () == state_problems(state)
    assert move_problem(state, parse_move(move)) is None
    assert parse_move(move) in (*legal_moves(state), *free_moves(state))
    apply(state, parse_move(move))


def test_each_purchase_reads_its_own_price(monkeypatch: pytest.MonkeyPatch) -> None:
    """A person and a bonus card are priced by their own catalog entries (R4, R22).

    The shipped catalog prices both at 300; an edition pricing a person at 400
    shows that neither purchase reads the other's price.
    """
    shipped = common.catalog()
    dearer = attrs.evolve(shipped, rules=attrs.evolve(shipped.rules, person_cost=400))
    monkeypatch.setattr(actions, "catalog", lambda: dearer)
    state = turn(0, money=300)
    assert _r4(300, 400) == move_problem(state, parse_move("buy person"))
    assert move_problem(state, parse_move("buy bonus")) is None
    assert parse_move("buy person") not in legal_moves(state)
    assert parse_move("buy bonus") in legal_moves(state)


def test_a_player_sent_as_long_text_is_named_in_twenty_characters() -> None:
    """The error names a player sent as any value, cut to 20 characters of its repr."""
    with pytest.raises(IllegalMoveError) as caught:
        apply(draft(), Pass(), player="x" * 30)  # type: ignore[arg-type]  # a client's value
    assert (
        "illegal move 'pass' by player 'xxxxxxxxxxxxxxxx...: a player is a number"
        " from 0 to 2, not a str"
    ) == str(caught.value)


def test_a_bonus_card_is_refused_at_its_own_price(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused bonus card names the bonus card's price, not a person's (R4, R22)."""
    shipped = common.catalog()
    dearer = attrs.evolve(shipped, rules=attrs.evolve(shipped.rules, bonus_cost=400))
    monkeypatch.setattr(actions, "catalog", lambda: dearer)
    state = turn(0, money=300)
    assert _r4(300, 400) == move_problem(state, parse_move("buy bonus"))
    assert move_problem(state, parse_move("buy person")) is None


def test_a_work_reaching_the_minimum_exactly_has_no_problem() -> None:
    """work_problem accepts a person whose best work equals the round's minimum (R19)."""
    state = turn(0, hand=(PersonId.POET,), jesters=1, recruiting=1)
    assert actions.work_problem(state, PersonId.POET) is None
    short = turn(0, hand=(PersonId.POET,), jesters=1)
    assert (
        "poet can reach a work value of at most 6, below the round's minimum of 7 (ruling R19)"
    ) == actions.work_problem(short, PersonId.POET)
