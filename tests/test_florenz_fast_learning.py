"""Florenz's observation vector, built from cached sections, against its earlier definition.

``tests/reference_florenz_learning.py`` keeps the function as it was before its
sections were kept by the identity of what they read.  Random games of every
table (2 to 5 families, the solo game and its variants, explicit chance) are
compared for every family's view of every state, in play order as a learner meets
them, then again with the sections' tables emptied and the views in a scrambled
order.
"""

from __future__ import annotations

from typing import Any

import attrs
import pytest

import reference_florenz_learning
from helpers import check_kept_vectors, views_in_play
from princes_of_florence.florenz import learning

CONFIGURATIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"explicit_chance": True}),
    (4, {"contessina_head_debutants": True}),
    (5, {}),
    (2, {"solo": True}),
    (2, {"solo": True, "easier": True, "explicit_chance": True}),
    (2, {"solo": True, "harder_plan": True, "harder_escorts": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_the_vector_is_the_earlier_definition_s(players: int, options: dict[str, Any]) -> None:
    """In play order, then emptied and scrambled: every vector equals the reference's."""
    views = views_in_play("florenz", players, options, moves=400)
    reference = reference_florenz_learning.observation_vector

    def forget() -> None:
        learning._PARTS.clear()

    check_kept_vectors(views, learning.observation_vector, reference, forget)
    assert all(len(reference(view)) == learning.OBSERVATION_LENGTH for view in views[::50])


def test_the_mask_s_keys_give_every_move_its_own_id() -> None:
    """The action mask finds ids by the moves' fields read in C: every move of the table,
    and an equal copy of it, finds its own id there."""
    for index, move in enumerate(learning._MOVES):
        key, ids = learning._IDS_BY_CLASS[type(move)]
        copy = attrs.evolve(move)
        assert ids[key(move)] == index == ids[key(copy)] == learning.encode_move(copy)
