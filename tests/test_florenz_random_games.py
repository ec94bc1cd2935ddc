"""Random Florenz games of every family count and option, with the game's
invariants checked after every move."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from princes_of_florence.florenz.components import default_catalog
from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import (
    apply,
    chance_outcomes,
    is_chance_node,
    is_terminal,
    legal_moves,
    new_game,
    outcome,
)
from princes_of_florence.florenz.ids import Rank, Stage
from princes_of_florence.florenz.moves import Discard
from princes_of_florence.florenz.rules.actions import legal_moves_by_check
from princes_of_florence.florenz.rules.common import totals
from princes_of_florence.florenz.state import GameState

CATALOG = default_catalog()
FAMILY = CATALOG.raw.family
EXAMPLES = max(3, settings().max_examples // 4)
_COUNTS: dict[str, list[int]] = {}


def _route_distance(start: int, end: int) -> int:
    steps = 0
    while start != end:
        start = CATALOG.successor[start]
        steps += 1
    return steps


def _check(before: GameState, after: GameState) -> None:
    """The invariants of the issue, between two consecutive states."""
    for index, family in enumerate(after.families):
        members, all_cups, all_guards = totals(after.config, index)
        on_board = [r for q in after.queues for f, r in q if f == index]
        walking = 1 if after.walk is not None and after.player == index and _walking(after) else 0
        ranks = (
            sum(1 for r in on_board if r == Rank.DEBUTANT) + family.debutants,
            sum(1 for r in on_board if r == Rank.LADY) + family.ladies,
            sum(1 for r in on_board if r == Rank.MAESTRO) + family.maestros,
        )
        # every member is in exactly one place: board, family board, on its way, retired
        assert sum(ranks) + family.retired + walking == members
        assert 0 <= family.time <= FAMILY.time_max
        assert family.vp >= before.families[index].vp
        assert family.actions <= after.config.action_cap
        cups_out = sum(1 for c in after.cups for f in c if f == index)
        assert family.cups + cups_out == all_cups
        guards_out = sum(
            1
            for crests in (after.escorts, after.spies, after.doormen)
            for c in crests
            for f in c
            if f == index
        )
        assert family.guards + guards_out == all_guards
        assert len(family.hand) <= FAMILY.hand_limit
    for queue in after.queues:
        assert len(queue) <= after.capacity
        assert [r for _, r in queue] == sorted((r for _, r in queue), reverse=True)
    dealt = 0 not in after.carriages  # explicit chance deals the carriages first
    assert not dealt or len(set(after.carriages)) == 3
    for medici in range(3):
        if (
            dealt
            and 0 not in before.carriages
            and after.carriages[medici] != before.carriages[medici]
        ):
            assert 1 <= _route_distance(before.carriages[medici], after.carriages[medici]) <= 8
    assert 1 <= after.round <= FAMILY.rounds
    cards = sum(len(d) for d in after.decks) + sum(len(d) for d in after.discards)
    cards += sum(len(f.hand) for f in after.families)
    assert cards == 36
    solo = after.strozzi
    if solo is not None:
        assert solo.drawn <= 6  # ruling FR49
        assert sorted(solo.deck + solo.discards) == list(range(1, 11))
        assert after.stage in (Stage.OVER, Stage.CHANCE) or after.player == 0  # never Strozzi
        for loc in range(1, 10):
            assert len(solo.colours[loc]) == len(after.queues[loc])
            for (family_, _), colour in zip(after.queues[loc], solo.colours[loc], strict=True):
                assert (colour == 0) == (family_ == 0)


def _walking(state: GameState) -> bool:
    walk = state.walk
    return walk is not None and not walk.between


HARDER = {
    "harder_no_pass_bonus": True,
    "harder_celebration_vp": True,
    "harder_more_time": True,
    "harder_first_pass_time": True,
    "harder_plan": True,
    "harder_escorts": True,
}
CONFIGURATIONS: dict[str, dict[str, object]] = {
    "2 families": {"players": 2},
    "3 families": {"players": 3},
    "4 families": {"players": 4},
    "5 families": {"players": 5},
    "3 families, FR60 other reading": {"players": 3, "contessina_head_debutants": True},
    "5 families, FR60 other reading": {"players": 5, "contessina_head_debutants": True},
    "solo": {"players": 2, "solo": True},
    "solo, easier": {"players": 2, "solo": True, "easier": True},
    "solo, harder": {"players": 2, "solo": True, **HARDER},
    "solo, FR61 other reading": {"players": 2, "solo": True, "strozzi_boast_vp": 3},
    "3 families, explicit chance": {"players": 3, "explicit_chance": True},
    "solo, harder, explicit chance": {
        "players": 2,
        "solo": True,
        "explicit_chance": True,
        **HARDER,
    },
}


@pytest.mark.parametrize("key", list(CONFIGURATIONS))
@settings(max_examples=EXAMPLES)
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_random_games_keep_the_invariants(key: str, seed: int, choices: int) -> None:
    """A random game ends after round 9 with every invariant kept after every move."""
    config = GameConfig(seed=seed, **CONFIGURATIONS[key])  # type: ignore[arg-type]  # each value has its option's type
    state = new_game(config)
    rng = random.Random(choices)
    moves = 0
    while not is_terminal(state):
        legal = legal_moves(state)
        assert legal
        if moves % 5 == 0:  # the fast listing against the rules' checks
            assert legal == legal_moves_by_check(state)
        if is_chance_node(state):
            outcomes = chance_outcomes(state)
            assert [m for m, _ in outcomes] == list(legal)
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            move = rng.choices(legal, [p for _, p in outcomes])[0]
        else:
            move = rng.choice(legal)
        after = apply(state, move)
        _check(state, after)
        if not isinstance(move, Discard) and after.stage is not Stage.OVER:
            assert after.round >= state.round
        state = after
        moves += 1
    assert state.round == FAMILY.rounds
    assert state.stage is Stage.OVER
    assert len(outcome(state).places) == len(state.families)
    counts = _COUNTS.setdefault(key, [0, 0])
    counts[0] += 1
    counts[1] += moves


def test_report_counts(summary_lines: list[str]) -> None:
    """Report the games and moves the random test checked, per configuration."""
    for key, (games, moves) in sorted(_COUNTS.items()):
        summary_lines.append(f"florenz random games: {key}: {games} games, {moves} moves")
