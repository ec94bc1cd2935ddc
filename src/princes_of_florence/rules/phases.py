"""Rounds and phases: what follows when a phase is complete (R7, R20, R24).

A round is the sequence of phases in :data:`ROUND_PHASES`.  Each phase module
signals completion by leaving ``current_player`` at ``None``; :func:`advance`
then starts the next phase, closes the round, or ends the game.  A new phase
(such as the character phase of Muse & Princess) slots in by extending the
sequence and the three tables below: how the phase begins, the moves of its
decisions, and why a move is not one of them.  The engine reads the tables.
"""

from __future__ import annotations

from collections.abc import Callable

from princes_of_florence.events import (
    BestWork,
    Event,
    GameEnded,
    PhaseStarted,
    PrestigeCardScored,
    PrestigeReason,
)
from princes_of_florence.ids import Phase
from princes_of_florence.moves import Move
from princes_of_florence.rules.actions import action_moves, action_problem, begin_actions
from princes_of_florence.rules.auction import auction_moves, auction_problem, begin_auction
from princes_of_florence.rules.characters import (
    USE_MOVES,
    begin_characters,
    character_moves,
    character_problem,
    close_characters,
    convert_for_banker,
    use_moves,
    use_problem,
)
from princes_of_florence.rules.common import catalog, gain_prestige, next_seat
from princes_of_florence.rules.scoring import best_work, end_scores, outcome_of
from princes_of_florence.rules.setup import setup_moves, setup_problem
from princes_of_florence.rules.variants import ruleset
from princes_of_florence.state import GameState, replace

__all__ = [
    "PHASE_MOVES",
    "PHASE_PROBLEMS",
    "ROUND_PHASES",
    "advance",
    "decision_moves",
    "decision_problem",
]

ROUND_PHASES: tuple[Phase, ...] = (Phase.AUCTION, Phase.ACTIONS)
"""The phases of one round in the base game; a configuration's own are
:attr:`Ruleset.round_phases <.rules.variants.Ruleset.round_phases>`."""

_BEGIN: dict[Phase, Callable[[GameState, list[Event]], GameState]] = {
    Phase.AUCTION: lambda state, events: begin_auction(state),
    Phase.CHARACTERS: begin_characters,
    Phase.ACTIONS: lambda state, events: begin_actions(state),
}

_END: dict[Phase, Callable[[GameState, list[Event]], GameState]] = {
    Phase.ACTIONS: close_characters,
}
"""What happens when each phase ends (a no-op where the game has no such effect)."""

PHASE_MOVES: dict[Phase, Callable[[GameState], tuple[Move, ...]]] = {
    Phase.SETUP: setup_moves,
    Phase.AUCTION: auction_moves,
    Phase.CHARACTERS: character_moves,
    Phase.ACTIONS: action_moves,
}
"""For each phase, the legal moves of its own decisions (nothing pending), in order."""

PHASE_PROBLEMS: dict[Phase, Callable[[GameState, Move], str | None]] = {
    Phase.SETUP: setup_problem,
    Phase.AUCTION: auction_problem,
    Phase.CHARACTERS: character_problem,
    Phase.ACTIONS: action_problem,
}
"""For each phase, why a move is not legal at one of its own decisions, or ``None``."""


def decision_moves(state: GameState) -> tuple[Move, ...]:
    """The legal moves of the current player with nothing pending, in order.

    The phase's own moves (:data:`PHASE_MOVES`), then the uses of character
    cards the player holds where their window is open (Muse & Princess;
    none in other games).
    """
    moves = PHASE_MOVES[state.phase](state)
    uses = use_moves(state)
    return moves + uses if uses else moves


def decision_problem(state: GameState, move: Move) -> str | None:
    """Why ``move`` is not legal with nothing pending, or ``None``."""
    if isinstance(move, USE_MOVES):
        return use_problem(state, move)
    return PHASE_PROBLEMS[state.phase](state, move)


def _start(state: GameState, phase: Phase, events: list[Event]) -> GameState:
    events.append(PhaseStarted(state.round, phase, state.start_player))
    return _BEGIN[phase](replace(state, phase=phase), events)


def advance(state: GameState, events: list[Event]) -> GameState:
    """Move past every completed phase until someone has a decision or the game ends."""
    while state.current_player is None and state.phase is not Phase.GAME_OVER:
        phases = ruleset(state.config).round_phases
        if state.phase is Phase.SETUP:
            state = _start(state, phases[0], events)
        else:
            end = _END.get(state.phase)
            if end is not None:
                state = end(state, events)
            index = phases.index(state.phase)
            if index + 1 < len(phases):
                # The auction's record ends with phase A; phase B, the one phase
                # with a turn record, is always the last of the round.
                state = _start(replace(state, auction=None), phases[index + 1], events)
            else:
                state = _close_round(state, events)
    return state


def _close_round(state: GameState, events: list[Event]) -> GameState:
    """Score the best work (R20), then start the next round (R7) or end the game."""
    value, seats = best_work(state.round_best)
    if seats:
        events.append(BestWork(state.round, value, seats))
        points = catalog().rules.best_work_prestige
        for seat in seats:
            state = gain_prestige(state, seat, points, PrestigeReason.BEST_WORK, events)
    state = replace(state, turn=None, round_best=(0,) * len(state.players))  # R20
    if state.round >= catalog().rules.rounds:
        return _end_game(state, events)
    state = replace(state, round=state.round + 1, start_player=next_seat(state, state.start_player))
    return _start(state, ruleset(state.config).round_phases[0], events)


def _end_game(state: GameState, events: list[Event]) -> GameState:
    """The Banker's conversion, the prestige cards scored, the winners (R24, R26)."""
    state = convert_for_banker(state, events)
    for seat, cards in enumerate(end_scores(state.players)):
        for card, points in cards:
            events.append(PrestigeCardScored(seat, card, points))
            state = gain_prestige(state, seat, points, PrestigeReason.PRESTIGE_CARD, events)
    state = replace(state, phase=Phase.GAME_OVER, current_player=None)
    events.append(GameEnded(outcome_of(state.players).winners))
    return state
