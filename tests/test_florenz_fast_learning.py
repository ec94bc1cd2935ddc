"""Florenz's observation vector, built from cached sections, against its earlier definition.

``tests/reference_florenz_learning.py`` keeps the function as it was before its
sections were kept by the identity of what they read.  Random games of every
table (2 to 5 families, the solo game and its variants, explicit chance) are
compared for every family's view of every state, in play order as a learner meets
them, then again with the sections' tables emptied and the views in a scrambled
order.
"""

from __future__ import annotations

import random
from typing import Any

import attrs
import pytest

import reference_florenz_learning
from princes_of_florence import games
from princes_of_florence.florenz import learning
from princes_of_florence.florenz.observation import PlayerView, observe

GAME = games.get("florenz")

CONFIGURATIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"explicit_chance": True}),
    (4, {"contessina_head_debutants": True}),
    (5, {}),
    (2, {"solo": True}),
    (2, {"solo": True, "easier": True, "explicit_chance": True}),
    (2, {"solo": True, "harder_plan": True, "harder_escorts": True}),
]


def _views(players: int, options: dict[str, Any], seed: int, moves: int) -> list[PlayerView]:
    """Every family's view of every state of a random game, in play order."""
    rng = random.Random(seed)
    state = GAME.new_game(GAME.make_config(players, seed, options))
    views: list[PlayerView] = []
    for _ in range(moves):
        views += [observe(state, player) for player in range(players)]
        if GAME.is_terminal(state):
            break
        legal = GAME.legal_moves(state)
        state = GAME.apply(state, legal[rng.randrange(len(legal))])
    return views


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_the_vector_is_the_earlier_definition_s(players: int, options: dict[str, Any]) -> None:
    """In play order, then emptied and scrambled: every vector equals the reference's."""
    views = _views(players, options, seed=players * 7 + len(options), moves=400)
    expected = [reference_florenz_learning.observation_vector(view) for view in views]
    for view, vector in zip(views, expected, strict=True):
        assert learning.observation_vector(view) == vector
    learning._PARTS.clear()
    learning._BOARDS.clear()
    order = list(range(len(views)))
    random.Random(5).shuffle(order)
    for index in order:
        assert learning.observation_vector(views[index]) == expected[index]
    assert all(len(vector) == learning.OBSERVATION_LENGTH for vector in expected)


def test_the_mask_s_keys_give_every_move_its_own_id() -> None:
    """The action mask finds ids by the moves' fields read in C: every move of the table,
    and an equal copy of it, finds its own id there."""
    for index, move in enumerate(learning._MOVES):
        key, ids = learning._IDS_BY_CLASS[type(move)]
        copy = attrs.evolve(move)
        assert ids[key(move)] == index == ids[key(copy)] == learning.encode_move(copy)
