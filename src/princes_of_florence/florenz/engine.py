"""The Florenz engine: set up, list the legal moves, apply a move, tell the end.

>>> from princes_of_florence.florenz.config import GameConfig
>>> state = new_game(GameConfig(players=3, seed=1))
>>> state.stage.name, state.round
('SETUP', 1)
>>> len(legal_moves(state))
9
"""

from __future__ import annotations

from itertools import repeat
from operator import is_

import attrs

from princes_of_florence.florenz.config import GameConfig
from princes_of_florence.florenz.errors import IllegalMoveError
from princes_of_florence.florenz.events import Event
from princes_of_florence.florenz.ids import Stage
from princes_of_florence.florenz.moves import Chance, Move
from princes_of_florence.florenz.rules import actions, dealing, phases
from princes_of_florence.florenz.state import GameState

__all__ = [
    "Outcome",
    "apply",
    "apply_with_events",
    "chance_outcomes",
    "current_player",
    "is_chance_node",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
    "problem",
]


# Enum members read once: Python 3.11 reads a member from its class through
# EnumType.__getattr__, several times slower than a module global.
_OVER, _CHANCE = Stage.OVER, Stage.CHANCE


def new_game(config: GameConfig) -> GameState:
    """The game ``config`` describes, set up; the first decision is D1 (F31)."""
    return phases.new_game(config)


_LAST: tuple[GameState | None, tuple[Move, ...]] = (None, ())
"""The state :func:`legal_moves` listed last and its moves: a caller that
lists the moves and then applies one of them has them listed once, and the
move it picked needs no second check (states never change)."""


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of the family to decide, free discards last (FR20)."""
    global _LAST
    last, moves = _LAST
    if last is not state:
        moves = actions.legal_moves(state)
        _LAST = (state, moves)
    return moves


def problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is illegal now, naming the rule; ``None`` if it is legal."""
    return actions.problem(state, move)


def current_player(state: GameState) -> int | None:
    """The family to decide, ``None`` at the end and at a chance node."""
    stage = state.stage
    return None if stage is _OVER or stage is _CHANCE else state.player


def is_chance_node(state: GameState) -> bool:
    """Whether chance deals next (only with explicit chance configured)."""
    return state.stage is Stage.CHANCE


def chance_outcomes(state: GameState) -> tuple[tuple[Move, float], ...]:
    """The chance moves with their probabilities; ``()`` where chance does not deal."""
    return tuple((Chance(value), p) for value, p in dealing.outcomes(state))


def apply(state: GameState, move: Move, player: int | None = None) -> GameState:
    """The state after ``move``.

    Args:
        state: the state, unchanged.
        move: the move.
        player: if given, the move is refused unless this family decides.

    Raises:
        IllegalMoveError: the move is not legal now; the message names the
            move, the family and the rule.
    """
    return apply_with_events(state, move, player)[0]


def apply_with_events(
    state: GameState, move: Move, player: int | None = None
) -> tuple[GameState, tuple[Event, ...]]:
    """:func:`apply`, with what happened as events (the move first).

    Raises:
        IllegalMoveError: as :func:`apply`.
    """
    if player is not None and player != current_player(state):
        raise IllegalMoveError(
            f"illegal move {move!r} by family {player}: it is family "
            f"{current_player(state)}'s decision"
        )
    last, moves = _LAST
    if last is state and any(map(is_, moves, repeat(move))):
        return actions.apply_move(state, move)  # one of the moves just listed
    reason = actions.problem(state, move)
    if reason is not None:
        who = "chance" if state.stage is Stage.CHANCE else f"family {state.player}"
        raise IllegalMoveError(f"illegal move {move!r} by {who}: {reason}")
    return actions.apply_move(state, move)


def is_terminal(state: GameState) -> bool:
    """Whether the game is over (after round 9, F118)."""
    return state.stage is _OVER


@attrs.frozen
class Outcome:
    """The final result (F121, F122, ruling FR40; solo: F142).

    Attributes:
        vp: each family's final VP.
        petitioners: each family's members on the board (the first tie-break).
        gifts: each family's gifts given (the second tie-break).
        places: each family's place, 1 for the best, shared after every tie-break.
        winners: the families in first place.
    """

    vp: tuple[int, ...]
    petitioners: tuple[int, ...]
    gifts: tuple[int, ...]
    places: tuple[int, ...]
    winners: tuple[int, ...]


def outcome(state: GameState) -> Outcome:
    """The ranking of a finished game (F121, F122, FR40).

    Raises:
        IllegalMoveError: the game is not over.
    """
    if not is_terminal(state):
        raise IllegalMoveError("the game is not over: it has no outcome yet (rule F118)")
    n = len(state.families)
    vp = tuple(f.vp for f in state.families)
    petitioners = tuple(sum(1 for q in state.queues for f, _ in q if f == i) for i in range(n))
    gifts = tuple(sum(f.given) for f in state.families)
    if state.config.solo:  # rule F142: only more VP than Strozzi win; a tie is a loss
        places: tuple[int, ...] = (1, 2) if vp[0] > vp[1] else (2, 1)
        return Outcome(vp, petitioners, gifts, places, (0,) if places[0] == 1 else (1,))
    keys = [(vp[i], petitioners[i], gifts[i]) for i in range(n)]
    places = tuple(1 + sum(1 for other in keys if other > keys[i]) for i in range(n))
    winners = tuple(i for i in range(n) if places[i] == 1)
    return Outcome(vp, petitioners, gifts, places, winners)
