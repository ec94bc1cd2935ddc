"""Legal actions and action masks as version 0 of the package defined them, kept to check
the fast path.

Before the fast path, the mask of a view was that of a state from
:func:`~princes_of_florence.determinize` of the view, and every legal move
(prestige sales included) was looked up in the table of every move's id.
``tests/test_encoding.py`` compares the two on random games of every
configuration.
"""

from __future__ import annotations

import random

from princes_of_florence.encoding import ACTION_COUNT, encode_move
from princes_of_florence.engine import free_moves, legal_moves
from princes_of_florence.moves import Move
from princes_of_florence.observation import PlayerView, determinize
from princes_of_florence.state import GameState

__all__ = ["action_mask", "legal_actions", "legal_by_id"]


def legal_by_id(state_or_view: GameState | PlayerView) -> dict[int, Move]:
    """The legal moves by action id: none for a view whose player is not to decide."""
    if isinstance(state_or_view, PlayerView) and (
        state_or_view.current_player != state_or_view.player
    ):
        return {}
    state = (
        state_or_view
        if isinstance(state_or_view, GameState)
        else determinize(state_or_view, random.Random(0))
    )
    return {encode_move(m): m for m in (*legal_moves(state), *free_moves(state))}


def legal_actions(state_or_view: GameState | PlayerView) -> tuple[int, ...]:
    """The action ids of every legal move, ascending."""
    return tuple(sorted(legal_by_id(state_or_view)))


def action_mask(state_or_view: GameState | PlayerView) -> bytes:
    """One byte per action id: 1 for a legal action, 0 otherwise."""
    mask = bytearray(ACTION_COUNT)
    for action in legal_by_id(state_or_view):
        mask[action] = 1
    return bytes(mask)
