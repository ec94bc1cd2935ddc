"""The Firenze engine: new games, legal moves, applying moves, the end.

>>> from princes_of_florence.firenze.config import FirenzeConfig
>>> state = new_game(FirenzeConfig(players=3, seed=1))
>>> state.active, len(state.row), sum(state.bag)
(0, 6, 55)
>>> is_terminal(state)
False
"""

from __future__ import annotations

from itertools import repeat
from operator import is_

from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.errors import ArgumentError, IllegalMoveError, InvalidMoveError
from princes_of_florence.firenze.events import Event
from princes_of_florence.firenze.moves import MOVE_TYPES, Move
from princes_of_florence.firenze.rules import chance, legal, turn
from princes_of_florence.firenze.rules.scoring import Outcome
from princes_of_florence.firenze.rules.scoring import outcome as _outcome
from princes_of_florence.firenze.rules.setup import new_state
from princes_of_florence.firenze.state import State
from princes_of_florence.limits import shorten

__all__ = [
    "apply",
    "apply_with_events",
    "chance_outcomes",
    "current_player",
    "is_chance_node",
    "is_terminal",
    "legal_moves",
    "new_game",
    "outcome",
]


def new_game(config: FirenzeConfig) -> State:
    """The initial state of the game ``config`` describes (setup, rules Z12-Z23).

    With ``explicit_chance`` it is a chance node: chance deals the first row.
    """
    if not isinstance(config, FirenzeConfig):
        raise ArgumentError.wrong_kind("new_game", "a FirenzeConfig", config)
    return turn.settle(new_state(config))


def _state(function: str, state: object) -> None:
    if not isinstance(state, State):
        raise ArgumentError.wrong_kind(function, "a Firenze State", state)


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move of the player to decide; empty only when the game is over (ZR45)."""
    if type(state) is not State:
        _state("legal_moves", state)
    return legal.legal_moves(state)


def current_player(state: State) -> int | None:
    """The player to decide, or ``None`` at a chance node or when the game is over."""
    _state("current_player", state)
    return None if state.is_over or state.is_chance else state.decider


def _check(state: State, move: Move, player: int | None) -> None:
    if type(state) is not State:
        _state("apply", state)
    listed = state.memo_moves
    if listed is not None and player is None and any(map(is_, listed, repeat(move))):
        return  # the very move legal_moves listed for this state (states never change)
    if not isinstance(move, MOVE_TYPES):
        raise InvalidMoveError(f"{shorten(move)} is not a Firenze move")
    if player is not None and type(player) is not int:
        raise ArgumentError.wrong_kind("apply", "a seat (an int) or None", player)
    if state.is_over:
        raise IllegalMoveError(f"illegal move {move!r}: the game is over")
    decider = state.decider
    if state.is_chance and player is not None:
        raise IllegalMoveError(f"illegal move {move!r} by player {player}: chance moves now")
    if player is not None and player != decider:
        raise IllegalMoveError(
            f"illegal move {move!r} by player {player}: player {decider} decides now (rule Z24)"
        )
    if move not in legal.legal_moves(state):
        reason = legal.refusal(state, move, decider)
        raise IllegalMoveError(f"illegal move {move!r} by player {decider}: {reason}")


def apply(state: State, move: Move, player: int | None = None) -> State:
    """The state after ``move``; ``state`` is never changed.

    Raises:
        IllegalMoveError: the move is not legal now (the message names the move,
            the player and the rule), or ``player`` is not the one to decide.
        InvalidMoveError: ``move`` is no Firenze move.
    """
    _check(state, move, player)
    return turn.play(state, move)


def apply_with_events(
    state: State, move: Move, player: int | None = None
) -> tuple[State, tuple[Event, ...]]:
    """:func:`apply`, with what happened as events."""
    _check(state, move, player)
    log: list[Event] = []
    after = turn.play(state, move, log)
    return after, tuple(log)


def is_chance_node(state: State) -> bool:
    """Whether chance moves next (only with option ``explicit_chance``)."""
    _state("is_chance_node", state)
    return state.is_chance


def chance_outcomes(state: State) -> tuple[tuple[Move, float], ...]:
    """The chance moves with their probabilities; ``()`` where chance does not move."""
    _state("chance_outcomes", state)
    return chance.chance_outcomes(state)


def is_terminal(state: State) -> bool:
    """Whether the game is over (Z105, or the turn limit of ruling ZR44)."""
    _state("is_terminal", state)
    return state.is_over


def outcome(state: State) -> Outcome:
    """The final scores and winners of a finished game (Z106-Z108, ZR40).

    Raises:
        IllegalMoveError: the game is not over.
    """
    _state("outcome", state)
    if not state.is_over:
        raise IllegalMoveError("the game is not over: there is no outcome yet")
    return _outcome(state)
