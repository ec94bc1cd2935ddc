"""Public functions with their default arguments, and the cached tables built cold.

The rules keep tables built on first use (every placement of a tile, the
tables of each tile kind, the catalog's person needs).  The test suite warms
them at once, so the branch that builds a table on a query is checked here in
a fresh interpreter, where each query below is the first to need its table.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import princes_of_florence
from factories import placements, principality_of
from helpers import action_phase, play
from positions import FULL, finished, poet_at_work
from princes_of_florence import (
    Building,
    GameConfig,
    Landscape,
    PersonId,
    Principality,
    apply,
    apply_with_events,
    is_legal,
    legal_moves,
    new_game,
    prestige_card_scores,
    work_preview,
)
from princes_of_florence.events import (
    Event,
    MoneyPaid,
    MoneyReason,
    MoneyReceived,
    PrestigeGained,
    PrestigeLost,
    PrestigeReason,
)
from princes_of_florence.geometry import FULL_MASK
from princes_of_florence.rules import actions, common, placement, variants
from princes_of_florence.rules.common import PrincipalityMemo
from princes_of_florence.rules.work_value import work_breakdown
from princes_of_florence.state import Working


def test_new_game_without_a_config_is_four_players_seed_zero() -> None:
    """new_game() plays the default configuration: four players, seed 0, seat 0 first."""
    state = new_game()
    assert GameConfig() == state.config
    assert (4, 0, 0) == (len(state.players), state.config.seed, state.current_player)
    assert new_game(GameConfig(players=4, seed=0)) == state


def test_work_preview_shows_the_work_in_progress() -> None:
    """work_preview is the breakdown of the pending work, and None when there is none."""
    state = poet_at_work()
    assert isinstance(state.pending, Working)
    preview = work_preview(state)
    assert preview is not None
    assert work_breakdown(state.players[0], PersonId.POET) == preview
    assert 6 == preview.total
    played, _ = play(state, "play B11")
    after = work_preview(played)
    assert after is not None
    assert 8 == after.total
    assert work_preview(action_phase()) is None
    assert work_preview(finished()) is None


def test_prestige_card_scores_per_seat() -> None:
    """Per seat, each prestige card held with its score; nothing before any is held."""
    assert ((), (), (), ()) == prestige_card_scores(new_game())
    final = finished()
    scores = prestige_card_scores(final)
    assert 3 == len(scores)
    for seat, cards in enumerate(scores):
        assert final.players[seat].prestige_cards == tuple(card for card, _ in cards)


def test_the_player_argument_defaults_to_whoever_decides() -> None:
    """is_legal, apply and apply_with_events without a player act for the one to decide."""
    state = new_game(GameConfig(players=3))
    move = legal_moves(state)[1]
    assert is_legal(state, move)
    assert apply(state, move) == apply(state, move, 0)
    assert apply_with_events(state, move) == apply_with_events(state, move, 0)


def test_the_turn_limits_of_the_base_game() -> None:
    """Two actions, two works, two builds, one person, one freedom, two bonus cards (R17, R18)."""
    limits = actions.turn_limits(action_phase())
    assert actions.BASE_LIMITS is limits
    assert (2, 2, 2, 1, 1, 2) == (
        limits.actions,
        limits.works,
        limits.builds,
        limits.persons,
        limits.freedoms,
        limits.bonuses,
    )
    assert 2 == actions.ACTIONS_PER_TURN


def test_the_ledger_helpers() -> None:
    """pay, receive, gain_prestige and lose_prestige move one amount and say so (R1)."""
    state = action_phase(players=3)
    events: list[Event] = []
    assert state is common.pay(state, 1, 0, MoneyReason.BUILD, events)
    assert state is common.receive(state, 1, 0, MoneyReason.WORK, events)
    assert state is common.gain_prestige(state, 1, 0, PrestigeReason.BUILDING, events)
    assert [] == events
    state = common.pay(state, 1, 300, MoneyReason.BUILD, events)
    state = common.receive(state, 2, 500, MoneyReason.WORK, events)
    state = common.gain_prestige(state, 0, 4, PrestigeReason.BUILDING, events)
    state = common.lose_prestige(state, 0, 3, PrestigeReason.SALE, events)
    assert [
        MoneyPaid(1, 300, MoneyReason.BUILD),
        MoneyReceived(2, 500, MoneyReason.WORK),
        PrestigeGained(0, 4, PrestigeReason.BUILDING),
        PrestigeLost(0, 3, PrestigeReason.SALE),
    ] == events
    assert [3500, 3200, 4000] == [p.money for p in state.players]
    assert [1, 0, 0] == [p.prestige for p in state.players]
    assert (1, 2, 0) == common.seats_from(state, 1)
    assert (0, 1) == (common.next_seat(state, 2), common.next_seat(state, 0))


def test_a_memo_starts_over_after_its_default_size() -> None:
    """A PrincipalityMemo keeps 4,096 entries, then forgets them all and starts over."""
    memo: PrincipalityMemo[int] = PrincipalityMemo()
    kept = [Principality() for _ in range(4097)]
    for i, principality in enumerate(kept[:4096]):
        memo.put(principality, i)
    assert (0, 4095) == (memo.get(kept[0]), memo.get(kept[4095]))
    assert memo.get(kept[0], variant=1) is None
    memo.put(kept[4096], 4096)
    assert (None, None, 4096) == (memo.get(kept[0]), memo.get(kept[4095]), memo.get(kept[4096]))


COLD_QUERIES = [
    "is_legal_placement(Principality(), Building.TOWER, 0, 'd4-d5-d6')",
    "is_legal_placement(Principality(), Building.LIBRARY, 0, 'd4-e4-f4-g4-a1')",
    "str(parse_placement(Building.CHAPEL, 'e7-d7-d6'))",
    "str(place_moves(Principality(), Landscape.LAKE, 0)[0])",
    "has_legal_placement(Principality(), Landscape.PARK, 0)",
    "len(legal_placements(Principality(), Landscape.FOREST, 0))",
    "len(tile_placements(Building.OPERA))",
    "placement_problem(Principality(), Building.STUDIO, 0, 1 << 48)",
    "placeable(Principality(), (Building.UNIVERSITY, Landscape.LAKE), 0)",
    "sorted(buildings_with_room(Principality(), 2))",
    "sorted(landscapes_with_room(Principality()))",
    "work_breakdown(PlayerState(money=0, hand_persons=(PersonId.POET,)), PersonId.POET).total",
    "legal_moves(new_game())[0]",
]
"""Queries each of which is the first, in a fresh interpreter, to need its table."""

COLD_SCRIPT = """
import json
from princes_of_florence import Building, Landscape, PersonId, Principality, legal_moves, new_game
from princes_of_florence.rules.placement import (
    buildings_with_room, has_legal_placement, is_legal_placement, landscapes_with_room,
    legal_placements, parse_placement, place_moves, placeable, placement_problem,
    tile_placements,
)
from princes_of_florence.rules.work_value import work_breakdown
from princes_of_florence.state import PlayerState
print(json.dumps([repr(eval(query)) for query in QUERIES]))
"""


def test_cached_tables_built_cold_give_the_same_answers() -> None:
    """Each query answers the same in a fresh interpreter, where it builds its table itself."""
    from princes_of_florence.rules.placement import (
        buildings_with_room,
        has_legal_placement,
        is_legal_placement,
        landscapes_with_room,
        legal_placements,
        parse_placement,
        place_moves,
        placeable,
        placement_problem,
        tile_placements,
    )
    from princes_of_florence.state import PlayerState

    names = {
        **{n: getattr(princes_of_florence, n) for n in ("Building", "Landscape", "PersonId")},
        "Principality": Principality,
        "PlayerState": PlayerState,
        "legal_moves": legal_moves,
        "new_game": new_game,
        "work_breakdown": work_breakdown,
        "buildings_with_room": buildings_with_room,
        "has_legal_placement": has_legal_placement,
        "is_legal_placement": is_legal_placement,
        "landscapes_with_room": landscapes_with_room,
        "legal_placements": legal_placements,
        "parse_placement": parse_placement,
        "place_moves": place_moves,
        "placeable": placeable,
        "placement_problem": placement_problem,
        "tile_placements": tile_placements,
    }
    warm = [repr(eval(query, names)) for query in COLD_QUERIES]
    # The fresh interpreter imports the package from where this process found it
    # (and keeps the environment), so it runs the very code under test.
    source = str(Path(princes_of_florence.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([source, os.environ.get("PYTHONPATH", "")]))
    script = f"QUERIES = {COLD_QUERIES!r}\n{COLD_SCRIPT}"
    run = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert warm == json.loads(run.stdout)
    assert [
        "True",
        "False",
        "'d6-d7-e7'",
        "'place a3-a4-b3'",
        "True",
        "30",
    ] == warm[:6]
    assert "'g7 is not a shape of studio'" == warm[7]
    assert "(<Building.UNIVERSITY: 'university'>, <Landscape.LAKE: 'lake'>)" == warm[8]
    assert "ReturnPerson(person=<PersonId.SINGER: 'singer'>)" == warm[12]


def without(principality: Principality, tile: Building | Landscape) -> Principality:
    """``principality`` without its (first) ``tile``: a hole only some tiles fit in."""
    kept = list(principality.tiles)
    kept.remove(next(t for t in kept if t.tile is tile))
    board = Principality()
    for placed in kept:
        board = board.with_tile(placed.tile, placed.mask)
    return board


BOARDS = [
    Principality(),
    principality_of(Building.TOWER, Landscape.PARK, Building.UNIVERSITY),
    FULL,
    *(without(FULL, tile) for tile in (Building.TOWER, Building.LIBRARY, Landscape.FOREST)),
    # Every cell covered but those of one tile's first placement (the masks alone).
    *(
        Principality(occupied=FULL_MASK & ~placements(tile)[0].mask)
        for tile in (Building.CHAPEL, Building.THEATER, Landscape.LAKE, Landscape.PARK)
    ),
]
"""Principalities with room for every tile, for none, and for some only."""


def _placement_answers(query: str) -> list[object]:
    """Every answer of one placement query, over a few principalities, tiles and builders."""
    answers: list[object] = []
    for board in BOARDS:
        for builders in (0, 2):
            if query == "buildings_with_room":
                answers.append(sorted(placement.buildings_with_room(board, builders)))
            elif query == "landscapes_with_room":
                answers.append(sorted(placement.landscapes_with_room(board)))
            elif query == "placeable":
                answers.append(placement.placeable(board, (*Building, *Landscape), builders))
            for tile in (*Building, *Landscape):
                if query == "legal_placements":
                    answers.append(placement.legal_placements(board, tile, builders))
                elif query == "place_moves":
                    answers.append(placement.place_moves(board, tile, builders))
                elif query == "has_legal_placement":
                    answers.append(placement.has_legal_placement(board, tile, builders))
                elif query == "is_legal_placement":
                    answers.extend(
                        placement.is_legal_placement(board, tile, builders, str(p))
                        for p in placement.tile_placements(tile)[::7]
                    )
                elif query == "parse_placement":
                    answers.extend(
                        placement.parse_placement(tile, "-".join(reversed(str(p).split("-"))))
                        for p in placement.tile_placements(tile)[::5]
                    )
                elif query == "placement_problem":
                    answers.extend(
                        placement.placement_problem(board, tile, builders, p.mask)
                        for p in placement.tile_placements(tile)[::3]
                    )
    return answers


PLACEMENT_QUERIES = [
    "legal_placements",
    "place_moves",
    "has_legal_placement",
    "is_legal_placement",
    "parse_placement",
    "placement_problem",
    "buildings_with_room",
    "landscapes_with_room",
    "placeable",
]


@pytest.mark.parametrize("query", PLACEMENT_QUERIES)
def test_placement_tables_rebuilt_in_process_agree(
    query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With every placement table and memo emptied, each query rebuilds them and agrees."""
    warm = _placement_answers(query)
    monkeypatch.setattr(placement, "_TABLES", {})
    monkeypatch.setattr(placement, "_KIND_TABLES", {})
    monkeypatch.setattr(placement, "_BUILDING_ROOM", PrincipalityMemo())
    monkeypatch.setattr(placement, "_LANDSCAPE_ROOM", PrincipalityMemo())
    assert warm == _placement_answers(query)
    assert set(Building) | set(Landscape) >= set(placement._TABLES)
    assert warm == _placement_answers(query)  # and once more, from the tables rebuilt
    # The answers also agree with placement_problem, which reads no rank or kind table,
    # so a table built wrong is caught even where the warm answers came from it too.
    for board in BOARDS:
        for builders in (0, 2):
            open_ = {
                tile: tuple(
                    p
                    for p in placement.tile_placements(tile)
                    if placement.placement_problem(board, tile, builders, p.mask) is None
                )
                for tile in (*Building, *Landscape)
            }
            roomy = {tile for tile, found in open_.items() if found}
            assert roomy & set(Building) == placement.buildings_with_room(board, builders)
            assert roomy & set(Landscape) == placement.landscapes_with_room(board)
            assert tuple(t for t in open_ if t in roomy) == placement.placeable(
                board, tuple(open_), builders
            )
            for tile, found in open_.items():
                assert found == placement.legal_placements(board, tile, builders)


def test_rulesets_rebuilt_in_process_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """With the memo of rulesets emptied, each configuration's ruleset is worked out again."""
    monkeypatch.setattr(variants, "_cache", {})
    monkeypatch.setattr(variants, "_last", None)
    three, four = GameConfig(players=3), GameConfig(players=4)
    base = variants.ruleset(three)
    assert (True, 3500, 200, False, 0) == (
        base.sells_prestige,
        base.starting_money,
        base.base_price,
        base.chooses_returned_order,
        base.proposals_per_build,  # no proposal without Cooperative Building (R32)
    )
    assert variants.ruleset(three) is variants.ruleset(three)
    assert variants.ruleset(four) is variants.ruleset(GameConfig(players=4))
    assert variants.ruleset(three) is variants.ruleset(GameConfig(players=3))
    assert len(variants._cache) == 2
    for seed in range(50):  # new seeds and names select no new rules: the memo stays small
        names = tuple(f"p{seed}-{i}" for i in range(3))
        assert variants.ruleset(GameConfig(players=3, seed=seed, names=names)) is base
    assert len(variants._cache) == 2
    hard = variants.ruleset(GameConfig(players=3, seed=7, muse_and_princess=True))
    assert hard is not base
    assert len(variants._cache) == 3
