"""Firenze's observation vector, with its player blocks, seals and row kept, against its
earlier definition.

``tests/reference_firenze_learning.py`` keeps the function as it was before.  Random
games of 2, 3 and 4 players, hands open and counted, are compared for every player's
view of every state, in play order as a learner meets them, then again with the kept
parts emptied and the views in a scrambled order.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import reference_firenze_learning
from princes_of_florence import games
from princes_of_florence.firenze import learning
from princes_of_florence.firenze.observation import PlayerView, observe

GAME = games.get("firenze")

CONFIGURATIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"hands": "counts"}),
    (4, {"explicit_chance": True}),
    (4, {"hands": "counts", "campanile": False}),
]


def _views(players: int, options: dict[str, Any], seed: int, moves: int) -> list[PlayerView]:
    """Every player's view of every state of a random game, in play order."""
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
    views = _views(players, options, seed=players * 5 + len(options), moves=600)
    expected = [reference_firenze_learning.observation_vector(view) for view in views]
    for view, vector in zip(views, expected, strict=True):
        assert learning.observation_vector(view) == vector
    learning._PARTS.clear()
    order = list(range(len(views)))
    random.Random(5).shuffle(order)
    for index in order:
        assert learning.observation_vector(views[index]) == expected[index]
    assert all(len(vector) == learning.OBSERVATION_LENGTH for vector in expected)
