"""Firenze's observation vector, with its player blocks, seals and row kept, against its
earlier definition.

``tests/reference_firenze_learning.py`` keeps the function as it was before.  Random
games of 2, 3 and 4 players, hands open and counted, are compared for every player's
view of every state, in play order as a learner meets them, then again with the kept
parts emptied and the views in a scrambled order.
"""

from __future__ import annotations

from typing import Any

import pytest

import reference_firenze_learning
from helpers import check_kept_vectors, views_in_play
from princes_of_florence.firenze import learning

CONFIGURATIONS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {"hands": "counts"}),
    (4, {"explicit_chance": True}),
    (4, {"hands": "counts", "campanile": False}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGURATIONS)
def test_the_vector_is_the_earlier_definition_s(players: int, options: dict[str, Any]) -> None:
    """In play order, then emptied and scrambled: every vector equals the reference's."""
    views = views_in_play("firenze", players, options, moves=600)
    reference = reference_firenze_learning.observation_vector

    def forget() -> None:
        learning._PARTS.clear()

    check_kept_vectors(views, learning.observation_vector, reference, forget)
    assert all(len(reference(view)) == learning.OBSERVATION_LENGTH for view in views[::50])
