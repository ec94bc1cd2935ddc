"""The Florenz rules one by one: actions, walks, scandal cards, bonuses, draws."""

from __future__ import annotations

from typing import Any

import attrs
import pytest

from princes_of_florence.florenz.components import default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, legal_moves, new_game, outcome, problem
from princes_of_florence.florenz.ids import Medici, Rank, ScandalKind, Stage
from princes_of_florence.florenz.moves import (
    BonusSwap,
    BonusTime,
    BonusVP,
    Decline,
    Discard,
    Hurry,
    MoveMember,
    Pass,
    PlayScandal,
    Promote,
    Second,
    Send,
    Step,
    Stop,
)
from princes_of_florence.florenz.rules.common import Work
from princes_of_florence.florenz.rules.medici import move_medici
from princes_of_florence.florenz.state import GameState

CATALOG = default_catalog()
D, L, M = int(Rank.DEBUTANT), int(Rank.LADY), int(Rank.MAESTRO)
K = ScandalKind


def _path(a: int, b: int) -> int:
    return CATALOG.path_index[(a, b)]


def _state(
    queues: dict[int, list[tuple[int, int]]],
    players: int = 3,
    **family0: Any,
) -> GameState:
    """Family 0 to act in round 1 with the given queues; family 0's board changed."""
    state = new_game(GameConfig(players=players, seed=11))
    full = [tuple(queues.get(loc, ())) for loc in range(10)]
    families = list(state.families)
    for index in range(players):
        on_board = [r for q in full for f, r in q if f == index]
        families[index] = attrs.evolve(
            families[index],
            debutants=5 - on_board.count(D),
            ladies=3 - on_board.count(L),
            maestros=1 - on_board.count(M),
        )
    families[0] = attrs.evolve(families[0], **family0)
    return attrs.evolve(
        state,
        stage=Stage.ACTION,
        player=0,
        start=0,
        setup_order=(),
        queues=tuple(full),
        families=tuple(families),
        carriages=(1, 4, 7),
        targets=(6, 8, 9),
        location_tiles=(6, 8, 9, 2, 3, 5, 1, 4, 7),
    )


def test_move_over_own_escort_returns_the_time_and_another_family_pays_vp() -> None:
    """F75: own escort +1 time after the move; another family's escort +2 VP to its owner."""
    state = _state({4: [(0, D)]}, time=5)
    escorts = list(state.escorts)
    escorts[_path(4, 5)] = (0,)
    escorts[_path(1, 4)] = (1,)
    state = attrs.evolve(state, escorts=tuple(escorts))
    after = apply(state, MoveMember(4, 0, 5))
    assert after.families[0].time == 5
    after = apply(state, MoveMember(4, 0, 1))
    assert after.families[0].time == 4
    assert after.families[1].vp == 2


def test_promote_puts_the_lady_in_front_and_sends_the_debutant_home() -> None:
    """F56, FR10, FR11: the replaced debutant returns to the family board."""
    state = _state({2: [(1, L), (1, D), (0, D)]})
    after = apply(state, Promote(2, 2))
    assert after.queues[2] == ((1, L), (0, L), (1, D))
    assert (after.families[0].debutants, after.families[0].ladies) == (5, 2)


def test_send_refused_at_a_full_queue() -> None:
    """F50: a full queue takes nobody; capacity 4 at two families."""
    state = _state({3: [(1, D)] * 4}, players=2)
    assert "F50" in (problem(state, Send(3)) or "")


def test_hurry_one_member_twice_may_pass_a_full_queue() -> None:
    """F59: the middle location needs no free space; the piece cannot stop there."""
    state = _state({1: [(0, D)], 2: [(1, D)] * 4}, players=2, time=6)
    state = apply(state, Hurry(1, 0, 2))
    assert state.stage is Stage.HURRY
    assert state.families[0].time == 3
    assert not any(isinstance(m, Second) for m in legal_moves(state))
    assert Step(3) in legal_moves(state)
    state = apply(state, Step(3))
    assert state.queues[3] == ((0, D),)
    assert state.stage is Stage.ACTION
    assert state.player == 1


def test_hurry_two_members_once_each() -> None:
    """F59: the second member moves once after the first stopped."""
    state = _state({1: [(0, D)], 9: [(0, L)]}, time=6)
    state = apply(state, Hurry(1, 0, 2))
    state = apply(state, Second(9, 0, 8))
    assert state.queues[2] == ((0, D),)
    assert state.queues[8] == ((0, L),)
    assert state.player == 1
    assert state.families[0].actions == 1


def test_hurry_may_end_where_it_started() -> None:
    """FR12, FR13: with every queue around full, the piece can still return."""
    state = _state({1: [(0, D)], 2: [(1, D)] * 4, 3: [(1, D)] * 4, 5: [(1, D)] * 4}, players=2)
    state = apply(state, Hurry(1, 0, 2))
    assert [m for m in legal_moves(state) if not isinstance(m, Discard)] == [Step(1)]
    state = apply(state, Step(1))
    assert state.queues[1] == ((0, D),)


def test_travel_step_offered_only_with_a_completion() -> None:
    """FR64: a step after which the walk could not end on a free space is not offered."""
    full = [(1, D)] * 4
    state = _state(
        {1: [(0, D)], 2: full, 3: full, 5: full, 6: full, 8: full},
        players=2,
        time=5,
        hand=(K.FIG_TRAVEL,),
    )
    state = apply(state, PlayScandal(K.FIG_TRAVEL, (1, 0, 2)))
    assert Step(3) not in legal_moves(state)
    assert "FR64" in (problem(state, Step(3)) or "")
    assert Step(1) in legal_moves(state)


def test_pass_first_gains_two_time_and_the_bonus_follows() -> None:
    """F52, F54: the first to pass gains 2 time; then a bonus each time its turn comes."""
    state = _state({}, time=3)
    state = apply(state, Pass(4))
    assert state.families[0].time == 5
    assert state.families[0].ring == 4
    state = apply(state, Send(1))
    state = apply(state, Send(2))
    assert state.stage is Stage.BONUS
    assert state.player == 0
    assert apply(state, BonusVP()).families[0].vp == 1
    assert apply(state, BonusTime()).families[0].time == 6


def test_bonus_swap_only_with_another_family_of_the_same_rank() -> None:
    """F54, FR8: swap with the petitioner directly in front of or behind, same rank."""
    state = _state({5: [(1, L), (2, D), (0, D), (0, D)]})
    families = list(state.families)
    families[0] = attrs.evolve(families[0], passed=True, ring=5)
    state = attrs.evolve(state, families=tuple(families), stage=Stage.BONUS)
    swaps = [m for m in legal_moves(state) if isinstance(m, BonusSwap)]
    assert swaps == [BonusSwap(1)]
    assert apply(state, BonusSwap(1)).queues[5] == ((1, L), (0, D), (2, D), (0, D))


def test_discard_for_time_keeps_the_decision() -> None:
    """F72, FR20: a free move that does not end the decision."""
    state = _state({}, time=2, hand=(K.MES_CUP, K.MES_CUP))
    after = apply(state, Discard(K.MES_CUP))
    assert after.families[0].time == 3
    assert after.player == 0
    assert after.stage is Stage.ACTION
    assert after.families[0].hand == (K.MES_CUP,)
    assert after.discards[Medici.GIOVANNI] == (K.MES_CUP,)


def test_action_cap_leaves_only_pass() -> None:
    """FR59: at the cap only Pass (and discards) are legal."""
    state = _state({1: [(0, D)]}, actions=60, hand=(K.MES_CUP,))
    kinds = {type(m) for m in legal_moves(state)}
    assert kinds == {Pass, Discard}


def test_hand_limit_gives_time_and_leaves_the_card() -> None:
    """F81, FR24: beyond 5 cards, 1 time instead; the card stays on the deck."""
    state = _state({}, time=4, hand=(K.FIG_GUARD,) * 5)
    work = Work.of(state)
    deck = list(work.decks[Medici.COSIMO])
    work.draw(0, Medici.COSIMO)
    assert work.families[0].time == 5
    assert work.decks[Medici.COSIMO] == deck


def test_empty_deck_reshuffles_the_discards_and_nothing_when_all_are_in_hands() -> None:
    """F82, FR25, FR63: reshuffle on demand; nothing when deck and discards are empty."""
    work = Work.of(_state({}))
    work.decks[0] = []
    work.discards[0] = [K.FIG_GUARD, K.FIG_TRAVEL]
    work.draw(0, Medici.COSIMO)
    assert len(work.families[0].hand) == 1
    assert len(work.decks[0]) == 1
    assert work.discards[0] == []
    assert work.shuffles == 1
    work.decks[0] = []
    work.draw(1, Medici.COSIMO)
    assert work.families[1].hand == []
    assert work.families[1].time == 12


def test_spies_draw_at_every_location_reached_but_not_the_start() -> None:
    """F76, FR23: spies act where the Medici passes and stops, not where it starts."""
    work = Work.of(_state({}))
    work.spies[1] = (1,)
    work.spies[5] = (2,)
    work.spies[6] = (0,)
    move_medici(work)  # Cosimo 1 -> 5 -> 2 -> 3 -> 6
    assert [len(f.hand) for f in work.families] == [1, 0, 1]


def test_contessina_head_vp_by_the_option_of_ruling_fr60() -> None:
    """FR60: no head VP to a debutant by default; the option pays it."""
    for option, vp in ((False, 0), (True, 1)):
        state = _state({2: [(1, D)]})
        state = attrs.evolve(
            state, config=attrs.evolve(state.config, contessina_head_debutants=option)
        )
        work = Work.of(state)
        work.round = 2
        work.carriages[Medici.CONTESSINA] = 5
        work.targets[Medici.CONTESSINA] = 3
        move_medici(work)
        assert work.families[1].vp == vp


def test_giovanni_decline_moves_the_reward_on() -> None:
    """F110: a family that declines is out; the next family is offered the same reward."""
    state = _state({9: [(1, D), (1, D), (0, D)]})
    state = attrs.evolve(state, round=3, carriages=(1, 4, 8))
    for passing in (Pass(1), Pass(2), Pass(0)):
        state = apply(state, passing)
    assert state.stage is Stage.GIOVANNI
    assert state.player == 1
    state = apply(state, Decline())
    assert state.player == 0
    assert state.offer is not None
    assert state.offer.reward == 0


@pytest.mark.parametrize(
    ("kind", "args", "queues", "check"),
    [
        (K.FIG_TELEPORT, (1, 0, 9), {1: [(0, D)]}, lambda s: s.queues[9] == ((0, D),)),
        (K.FIG_DEBUTANT, (2,), {2: [(0, L)]}, lambda s: s.queues[2] == ((0, L), (0, D))),
        (
            K.CAR_SWAP,
            (2, 0, 3, 0),
            {2: [(0, L)], 3: [(1, D)]},
            lambda s: s.queues[2] == ((1, D),) and s.queues[3] == ((0, L),),
        ),
        (
            K.CAR_PROMOTE,
            (2, 1),
            {2: [(1, D), (0, D)]},
            lambda s: s.queues[2] == ((0, L), (1, D)),
        ),
        (
            K.CAR_ADVANCE,
            (2, 2),
            {2: [(1, D), (2, D), (0, D)]},
            lambda s: s.queues[2] == ((0, D), (1, D), (2, D)),
        ),
        (
            K.MES_SWAP,
            (2, 0, 2),
            {2: [(1, D), (2, D), (0, D)]},
            lambda s: s.queues[2] == ((0, D), (2, D), (1, D)),
        ),
        (
            K.MES_RETIRE,
            (2, 0),
            {2: [(0, D)]},
            lambda s: s.queues[2] == () and s.families[0].retired == 1,
        ),
        (K.FIG_GUARD, (2, 4), {}, lambda s: s.doormen[4] == (0,)),
    ],
)
def test_scandal_card_effects(
    kind: ScandalKind, args: tuple[int, ...], queues: dict[int, list[tuple[int, int]]], check: Any
) -> None:
    """F83-F94: each card does what it says and is discarded."""
    state = _state(queues, time=5, hand=(kind,))
    move = PlayScandal(kind, args)
    assert move in legal_moves(state), problem(state, move)
    after = apply(state, move)
    assert check(after)
    assert after.families[0].hand == ()
    assert after.discards[CATALOG.scandal_medici[kind]] == (kind,)
    cost = CATALOG.scandal_cost[kind]
    assert after.families[0].time == min(12, 5 - cost)


def test_travel_card_walks_up_to_three_steps_then_a_second_member() -> None:
    """F85, FR29, FR64: step by step, stop, then a second member or the end."""
    state = _state({1: [(0, D)], 9: [(0, L)]}, time=5, hand=(K.FIG_TRAVEL,))
    state = apply(state, PlayScandal(K.FIG_TRAVEL, (1, 0, 2)))
    assert state.stage is Stage.TRAVEL
    state = apply(state, Step(3))
    state = apply(state, Step(6))  # third step: it stops
    assert state.queues[6] == ((0, D),)
    assert state.stage is Stage.TRAVEL
    assert state.walk is not None
    assert state.walk.between
    state = apply(state, Second(9, 0, 8))
    state = apply(state, Stop())
    assert state.queues[8] == ((0, L),)
    assert state.player == 1


def test_messere_cup_returns_the_cup_and_keeps_the_vp() -> None:
    """F91: the cup goes home, the VP stay."""
    state = _state({}, time=5, hand=(K.MES_CUP,), cups=5, vp=9)
    cups = list(state.cups)
    cups[5] = (-1, 0, -1)
    state = attrs.evolve(state, cups=tuple(cups))
    after = apply(state, PlayScandal(K.MES_CUP, (5,)))
    assert after.cups[5] == (-1, -1, -1)
    assert after.families[0].cups == 6
    assert after.families[0].vp == 9


def test_tie_breaks_petitioners_then_gifts_then_shared() -> None:
    """F122, FR40: a full ranking with shared places."""
    state = _state({1: [(0, D), (1, D), (2, D)], 2: [(0, D)]})
    families = [attrs.evolve(f, vp=30) for f in state.families]
    families[1] = attrs.evolve(families[1], given=(1, 0, 0))
    state = attrs.evolve(state, families=tuple(families), stage=Stage.OVER, player=-1)
    result = outcome(state)
    assert result.places == (1, 2, 3)
    families[2] = attrs.evolve(families[2], given=(0, 1, 0))
    result = outcome(attrs.evolve(state, families=tuple(families)))
    assert result.places == (1, 2, 2)
    assert result.winners == (0,)


def test_game_result_carries_the_petitioners_as_tie_break() -> None:
    """F122: a tie on VP settled by the petitioners on the board, through the protocol."""
    from princes_of_florence.florenz.game import GAME

    state = _state({1: [(1, L), (0, D), (1, D)], 4: [(0, D), (2, D)]})
    families = [attrs.evolve(f, vp=30 + (i == 2)) for i, f in enumerate(state.families)]
    state = attrs.evolve(state, families=tuple(families), stage=Stage.OVER, player=-1)
    result = GAME.result(state)
    assert result.scores == (30, 30, 31)
    assert result.tiebreaks == (2, 2, 1)  # family 2 wins on VP despite fewer petitioners
    assert result.winners == (2,)
    families[2] = attrs.evolve(families[2], vp=30)
    result = GAME.result(attrs.evolve(state, families=tuple(families)))
    assert result.tiebreaks == (2, 2, 1)
    assert result.places == (1, 1, 3)  # the tie-break settles third place; no gifts: shared first
    assert result.winners == (0, 1)
    families[1] = attrs.evolve(families[1], given=(0, 0, 1))
    result = GAME.result(attrs.evolve(state, families=tuple(families)))
    assert result.places == (2, 1, 3)  # the gift settles what the petitioners left tied
    assert result.winners == (1,)
    solo = new_game(GameConfig(players=2, seed=3, solo=True))
    solo = attrs.evolve(solo, stage=Stage.OVER, player=-1)
    assert GAME.result(solo).tiebreaks == ()  # F142: a tie with Strozzi is lost, no tie-break
