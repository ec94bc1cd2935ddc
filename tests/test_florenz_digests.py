"""Seeded random Florenz games replay exactly: every legal-move list, every
event and every state's JSON is hashed along the game, and the digest must
equal the one recorded from the engine before its speed-ups.

A changed digest means the engine behaves differently (another legal-move
order, another state after some move, another event), not merely faster.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.engine import (
    apply,
    apply_with_events,
    chance_outcomes,
    is_chance_node,
    is_terminal,
    legal_moves,
    new_game,
)
from princes_of_florence.florenz.errors import IllegalMoveError
from princes_of_florence.florenz.moves import BonusTime, Place
from princes_of_florence.florenz.serialization import dumps

_CONFIGS: dict[str, dict[str, Any]] = {
    "2p": {"players": 2},
    "3p": {"players": 3},
    "4p": {"players": 4},
    "5p": {"players": 5},
    "solo": {"players": 2, "solo": True},
    "solo_variants": {
        "players": 2,
        "solo": True,
        "harder_plan": True,
        "harder_escorts": True,
        "harder_more_time": True,
        "easier": True,
    },
    "3p_chance": {"players": 3, "explicit_chance": True},
    "solo_chance": {"players": 2, "solo": True, "explicit_chance": True},
    "4p_capped": {"players": 4, "action_cap": 3, "contessina_head_debutants": True},
}

# recorded from the engine as it was before the speed-ups (commit 35bdee3), and
# hashed again, the same games, when the states' JSON took the library's envelope
# (schema 1.0, moves and events tagged in snake case)
_DIGESTS: dict[tuple[str, int], str] = {
    ("2p", 1): "643fdb8579976c9b",
    ("2p", 2): "edd59ef193698dea",
    ("3p", 1): "3824b7e8e1d452a4",
    ("3p", 2): "3560cb0080d9bbb7",
    ("4p", 1): "d8ba6f024e47aaab",
    ("4p", 2): "3a220cee1e1d0700",
    ("5p", 1): "d05cb9df521c3b16",
    ("5p", 2): "cbefe2981f4e7394",
    ("solo", 1): "bfe9726f79b1e2e0",
    ("solo", 2): "9466466f5411b9f0",
    ("solo_variants", 1): "97af39c8419a941c",
    ("solo_variants", 2): "fa46f6060abfc060",
    ("3p_chance", 1): "af0189f489511829",
    ("3p_chance", 2): "e289d8c01b898a4a",
    ("solo_chance", 1): "a6a32c9397217d76",
    ("solo_chance", 2): "01fa6bd08eb9b091",
    ("4p_capped", 1): "90f042a3e1d8d696",
    ("4p_capped", 2): "a51c0ddd04932e62",
}


def _digest(seed: int, options: dict[str, Any]) -> str:
    """The digest of seeded random game ``seed``: its first state's JSON, then
    for every step the moves offered, the events and the new state's JSON."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seed=seed, **options))
    digest = hashlib.sha256(dumps(state).encode())
    while not is_terminal(state):
        if is_chance_node(state):
            moves = tuple(move for move, _ in chance_outcomes(state))
        else:
            moves = legal_moves(state)
        digest.update(repr(moves).encode())
        move = moves[int(rng.random() * len(moves))]
        state, events = apply_with_events(state, move)
        digest.update(repr(events).encode())
        digest.update(dumps(state).encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("name", "seed"), sorted(_DIGESTS))
def test_seeded_game_replays_exactly(name: str, seed: int) -> None:
    assert _digest(seed, _CONFIGS[name]) == _DIGESTS[name, seed]


def test_listed_moves_skip_no_refusal() -> None:
    """A state whose moves were just listed still refuses an illegal move and
    the wrong family, and takes an equal move that is not the listed object."""
    state = new_game(GameConfig(players=3, seed=4))
    moves = legal_moves(state)
    assert legal_moves(state) is moves  # listed once
    taken = next(m for m in moves if isinstance(m, Place))
    with pytest.raises(IllegalMoveError, match="rule F31"):
        apply(apply(state, taken), taken)  # its queue is no longer empty
    legal_moves(state)
    with pytest.raises(IllegalMoveError, match="decision"):
        apply(state, taken, player=(state.player + 1) % 3)
    with pytest.raises(IllegalMoveError, match="engine contract"):
        apply(state, BonusTime())
    assert apply(state, Place(taken.location)) == apply(state, taken)
