"""The worked examples of the Florenz rulebook, replayed by the engine
(components.md §16 of the rules reference)."""

from __future__ import annotations

import attrs
import pytest

from princes_of_florence.florenz.components import default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import apply, legal_moves, new_game
from princes_of_florence.florenz.ids import BoastKind, Medici, Rank, Stage
from princes_of_florence.florenz.moves import (
    Accept,
    Boast,
    BonusTime,
    Gift,
    Move,
    MoveMember,
    Pass,
    Place,
    Promote,
    Send,
)
from princes_of_florence.florenz.rules.common import (
    Work,
    achievement,
    boast_field,
    control_order,
)
from princes_of_florence.florenz.rules.medici import move_medici, score_queue
from princes_of_florence.florenz.rules.phases import plan_vp
from princes_of_florence.florenz.state import GameState

CATALOG = default_catalog()
BLUE, ORANGE, VIOLET = 0, 1, 2
D, L, M = Rank.DEBUTANT, Rank.LADY, Rank.MAESTRO


def _path(a: int, b: int) -> int:
    return CATALOG.path_index[(a, b)]


def _round_example_start() -> GameState:
    """Three families, Blue (start), Orange, Violet; Cosimo's carriage at 1,
    his target 6, Contessina's 8, Giovanni's 9; "Herrscher der Straße" at 5."""
    state = new_game(GameConfig(players=3, seed=0))
    tiles = [t for t in BoastKind if t is not BoastKind.RULER_OF_THE_STREET]
    boast_tiles = (tiles[0], *tiles[:4], BoastKind.RULER_OF_THE_STREET, *tiles[4:])
    return attrs.evolve(
        state,
        start=BLUE,
        player=VIOLET,
        setup_order=(VIOLET, ORANGE, BLUE),
        carriages=(1, 4, 7),
        targets=(6, 8, 9),
        location_tiles=(6, 8, 9, 2, 3, 5, 1, 4, 7),
        boast_tiles=boast_tiles,
    )


def _times(state: GameState) -> tuple[int, ...]:
    return tuple(f.time for f in state.families)


def test_round_example_time_after_each_turn_and_final_scores() -> None:
    """p. 15: time 10/8/8, 7/4/3, 6/3/5, 2/3/6 after each turn of the three
    families, and Blue 2, Orange 14, Violet 19 VP after round 1."""
    state = _round_example_start()
    for move in (Place(6), Place(5), Place(1)):  # Violet, Orange, Blue (F31)
        state = apply(state, move)
    assert state.stage is Stage.ACTION
    assert state.player == BLUE
    assert _times(state) == (12, 12, 12)
    turns: list[tuple[Move, ...]] = [
        (Gift(Medici.COSIMO, _path(4, 5)), Send(6), Send(6)),
        (Gift(Medici.COSIMO, _path(5, 6)), Send(4), Promote(6, 2)),
        (MoveMember(1, 0, 2), Boast(5), Pass(6)),
        (Send(3), Pass(5), BonusTime()),
    ]
    expected = [(10, 8, 8), (7, 4, 3), (6, 3, 5), (2, 3, 6)]
    for moves, times in zip(turns, expected, strict=True):
        for action in moves:
            state = apply(state, action)
        assert _times(state) == times
    assert state.queues[6] == ((VIOLET, L), (VIOLET, D), (ORANGE, D))
    assert state.cups[5] == (-1, ORANGE, -1)  # 9 VP: the middle field "7-12"
    assert tuple(f.vp for f in state.families) == (0, 9, 0)
    state = apply(state, Pass())  # Blue passes last: the phase ends at once (F53)
    assert tuple(f.vp for f in state.families) == (2, 14, 19)
    assert state.families[ORANGE].hand
    assert all(CATALOG.scandal_medici[k] is Medici.COSIMO for k in state.families[ORANGE].hand)
    assert len(state.families[ORANGE].hand) == 1
    assert state.carriages[Medici.COSIMO] == 6
    assert state.round == 2
    assert state.start == ORANGE
    assert state.targets[Medici.COSIMO] == CATALOG_LOCATION_ROUND_4
    assert tuple(f.given[Medici.COSIMO] for f in state.families) == (2, 0, 0)
    assert state.escorts[_path(4, 5)] == (BLUE,)
    assert state.escorts[_path(5, 6)] == (BLUE,)


CATALOG_LOCATION_ROUND_4 = 2
"""The location tile the round example's start puts in sector 4."""


def test_round_example_bonus_refused_after_the_last_pass() -> None:
    """p. 15: after Blue, the last family, passes, Orange and Violet take no
    further bonus: the next decision is the next round's first action."""
    state = _round_example_start()
    for move in (Place(6), Place(5), Place(1), Pass(2), Pass(3), Pass()):
        state = apply(state, move)
    assert state.round == 2
    assert state.stage is Stage.ACTION


def test_setup_order_is_counter_clockwise_from_the_right_of_the_start() -> None:
    """p. 5: Blue (start), Green, Orange: Orange places first, then Green, then Blue."""
    state = attrs.evolve(new_game(GameConfig(players=3, seed=5)), start=0)
    order = tuple((state.start - k) % 3 for k in range(1, 4))
    assert order == (2, 1, 0)
    assert new_game(GameConfig(players=3, seed=5)).setup_order == tuple(
        (new_game(GameConfig(players=3, seed=5)).start - k) % 3 for k in range(1, 4)
    )


def _work(queues: dict[int, list[tuple[int, int]]], players: int = 4) -> Work:
    state = new_game(GameConfig(players=players, seed=3))
    full = [tuple(queues.get(loc, ())) for loc in range(10)]
    return Work.of(attrs.evolve(state, queues=tuple(full)))


def test_queue_newcomer_joins_behind_its_rank() -> None:
    """p. 7: a violet debutant joins at the back; a blue maestro lines up
    behind the violet maestro and before everyone else (F47)."""
    work = _work({4: [(3, M), (1, D), (0, D)]})
    work.insert(4, 3, D)
    assert work.queues[4] == [(3, M), (1, D), (0, D), (3, D)]
    work.insert(4, 0, M)
    assert work.queues[4] == [(3, M), (0, M), (1, D), (0, D), (3, D)]


def test_doorman_puts_the_newcomer_in_front_of_its_rank() -> None:
    """F78: with a doorman, the newcomer lines up before its own rank."""
    work = _work({4: [(3, M), (1, D), (0, D)]})
    work.doormen[4] = (2,)
    work.insert(4, 2, D)
    assert work.queues[4] == [(3, M), (2, D), (1, D), (0, D)]


def test_gap_closes_when_the_head_leaves() -> None:
    """p. 7: Blue leaves, Orange moves up to the head (F46)."""
    work = _work({2: [(0, D), (1, D)]})
    work.remove(2, 0)
    assert work.queues[2] == [(1, D)]


def test_control_by_members_then_front() -> None:
    """p. 7: Blue controls with more members; 2 against 2, the one further
    forward controls; Orange's promotion to the head takes control (F48, FR7)."""
    assert control_order([(1, D), (0, D), (0, D)]) == [0, 1]
    assert control_order([(0, D), (1, D), (1, D), (0, D)]) == [0, 1]
    work = _work({3: [(0, D), (1, D), (1, D), (0, D)]})
    work.remove(3, 1)
    work.insert(3, 1, L)
    assert control_order(work.queues[3]) == [1, 0]


def test_boast_example_omnipresent() -> None:
    """p. 8: Orange at 5 locations gains 10 VP and takes "7-12"; Blue gains
    8 and takes "0-6" because "7-12" is taken (F61, F62, FR14)."""
    orange, blue = 1, 0
    work = _work(
        {
            1: [(orange, D), (blue, D)],
            2: [(orange, D), (blue, D)],
            3: [(orange, D), (blue, D)],
            4: [(orange, D), (blue, D)],
            5: [(orange, D)],
        }
    )
    work.boast_tiles = (BoastKind.OMNIPRESENT,) * 10
    assert achievement(work, orange, 1) == 10
    assert boast_field(work, 1, 10) == 1
    work.cups[1][1] = orange
    assert achievement(work, blue, 1) == 8
    assert boast_field(work, 1, 8) == 0


def test_rows_and_columns_of_the_boast_tiles() -> None:
    """p. 14: row 7-8-9 and column 1-4-7 (F157, F158)."""
    work = _work({1: [(0, D)], 4: [(0, D)], 7: [(0, D)], 8: [(0, D)], 9: [(0, D)]})
    work.boast_tiles = (BoastKind.RULER_OF_THE_STREET,) * 10
    assert achievement(work, 0, 8) == 9
    work.boast_tiles = (BoastKind.UP_AND_COMING,) * 10
    assert achievement(work, 0, 4) == 9


def test_third_gift_to_one_medici_costs_four() -> None:
    """p. 9: the 3rd gift to the same Medici costs 4 time (F68)."""
    state = _round_example_start()
    for move in (Place(6), Place(5), Place(1)):
        state = apply(state, move)
    families = list(state.families)
    families[BLUE] = attrs.evolve(families[BLUE], given=(2, 0, 0))
    state = attrs.evolve(state, families=tuple(families))
    after = apply(state, Gift(Medici.COSIMO, _path(4, 5)))
    assert after.families[BLUE].time == 12 - 4


def test_medici_route_head_scoring_and_boast_card() -> None:
    """p. 10: Cosimo from 7 to 2 passes 4, 1 and 5; head VP once to Orange
    (5), twice to Blue (1, 2); at 2 Orange's higher cup draws a Cosimo card."""
    orange, blue = 1, 0
    work = _work({5: [(orange, D)], 1: [(blue, D)], 2: [(blue, D), (orange, D)]})
    work.carriages[Medici.COSIMO] = 7
    work.targets[Medici.COSIMO] = 2
    work.cups[2] = [blue, orange, -1]
    move_medici(work)
    assert work.carriages[Medici.COSIMO] == 2
    assert (work.families[orange].vp, work.families[blue].vp) == (1, 2)
    assert len(work.families[orange].hand) == 1
    assert not work.families[blue].hand


def test_cosimo_round_one_queue_scoring() -> None:
    """p. 10-11: Orange 1st and 3rd, Blue 2nd and 4th: 11+4 = 15 and 7+2 = 9 (F107)."""
    orange, blue = 1, 0
    work = _work({2: [(orange, D), (blue, D), (orange, D), (blue, D)]})
    work.targets[Medici.COSIMO] = 2
    score_queue(work)
    assert (work.families[orange].vp, work.families[blue].vp) == (15, 9)


def test_contessina_round_two_ignores_debutants() -> None:
    """p. 11: Black maestro 1st, lady 2nd, Orange debutant 3rd: 22 and 0 (F108)."""
    black, orange = 4, 2
    work = _work({5: [(black, M), (black, L), (orange, D)]}, players=5)
    work.round = 2
    work.targets[Medici.CONTESSINA] = 5
    score_queue(work)
    assert (work.families[black].vp, work.families[orange].vp) == (22, 0)


def test_giovanni_round_three_offers_in_control_order() -> None:
    """p. 11: Orange (two spaces) pays 4 for 20, then Blue (one) pays 2 for 12 (F109, FR38)."""
    orange, blue = 1, 0
    state = _round_example_start()
    for move in (Place(6), Place(5), Place(1)):
        state = apply(state, move)
    queues = list(state.queues)
    queues[3] = ((orange, D), (orange, D), (blue, D))
    state = attrs.evolve(
        state,
        round=3,
        queues=tuple(queues),
        carriages=(6, 8, 9),
        targets=(2, 5, 3),
    )
    for passing in (Pass(1), Pass(2), Pass(0)):
        state = apply(state, passing)
    assert state.stage is Stage.GIOVANNI
    assert state.player == orange
    before = (state.families[orange].vp, state.families[blue].vp)
    time = (state.families[orange].time, state.families[blue].time)
    state = apply(state, Accept())
    assert state.stage is Stage.GIOVANNI
    assert state.player == blue
    state = apply(state, Accept())
    assert state.families[orange].vp - before[0] == 20
    assert state.families[blue].vp - before[1] == 12
    assert state.round == 4
    gain = state.time_tiles[2]
    assert state.families[orange].time == min(12, time[0] - 4 + gain)
    assert state.families[blue].time == min(12, time[1] - 2 + gain)


def test_final_time_and_plan_card() -> None:
    """p. 12: 3 time give 1 VP (F119); a plan card scores with 4 members (F120)."""
    assert 3 // CATALOG.raw.costs.time_per_final_vp == 1
    work = _work({1: [(0, D), (0, D)], 2: [(0, D)], 4: [(0, L)], 9: [(0, D)]})
    work.families[0].plan = 0  # locations 1, 2, 4, 5
    assert plan_vp(work, 0) == 10
    work.queues[4].pop()
    assert plan_vp(work, 0) == 0


def test_the_example_round_offers_what_the_families_did() -> None:
    """Every move of the round example is among the legal moves when it is made."""
    state = _round_example_start()
    moves = [Place(6), Place(5), Place(1), Gift(Medici.COSIMO, _path(4, 5)), Send(6), Send(6)]
    for move in moves:
        assert move in legal_moves(state)
        state = apply(state, move)


@pytest.mark.parametrize(("players", "capacity"), [(2, 4), (3, 6), (4, 7), (5, 7)])
def test_blocked_spaces_by_family_count(players: int, capacity: int) -> None:
    """F29 with the reconstructed space numbers: 27 tiles at 2 families, 9 at 3."""
    assert new_game(GameConfig(players=players, seed=1)).capacity == capacity
