"""Small helpers for driving games in tests."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType
from typing import Any

from princes_of_florence import GameConfig, GameState, apply, legal_moves, new_game, parse_move
from princes_of_florence.engine import apply_with_events
from princes_of_florence.events import Event
from princes_of_florence.ids import Phase


def after_draft(players: int = 4, seed: int = 0, **options: Any) -> GameState:
    """A new game with the draft done: everyone returned their first card.

    ``options`` are further switches of :class:`GameConfig`.
    """
    state = new_game(GameConfig(players=players, seed=seed, **options))
    while state.phase is Phase.SETUP:
        state = apply(state, legal_moves(state)[0])
    return state


def play(state: GameState, *moves: str) -> tuple[GameState, list[Event]]:
    """Apply moves given in notation; return the state and all their events."""
    events: list[Event] = []
    for text in moves:
        state, new = apply_with_events(state, parse_move(text))
        events.extend(new)
    return state, events


def first_placement(state: GameState) -> str:
    """The notation of the first legal ``place`` move."""
    return str(legal_moves(state)[0])


def action_phase(players: int = 4, seed: int = 0, **options: bool) -> GameState:
    """Round 1, phase B, seat 0 to act: everyone declined in the auction."""
    state = after_draft(players, seed, **options)
    while state.phase is Phase.AUCTION:
        state = apply(state, parse_move("decline"))
    return state


def load_script(name: str, path: Path) -> ModuleType:
    """The module of the script at ``path`` (one not on the import path), run as ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def views_in_play(name: str, players: int, options: dict[str, Any], moves: int) -> list[Any]:
    """Every player's view of every state of a random game of the registered game
    ``name`` (seeded by its table), in play order, for at most ``moves`` moves."""
    import random

    from princes_of_florence import games

    game = games.get(name)
    seed = players * 7 + len(options)
    rng = random.Random(seed)
    state = game.new_game(game.make_config(players, seed, options))
    views: list[Any] = []
    for _ in range(moves):
        views += [game.observe(state, player) for player in range(players)]
        if game.is_terminal(state):
            break
        legal = game.legal_moves(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    return views


def check_kept_vectors(
    views: list[Any], fast: Any, reference: Any, forget: Any, shuffled: int = 5
) -> None:
    """``fast(view)`` equals ``reference(view)`` for every view, in play order, then again
    after ``forget()`` empties what ``fast`` keeps, the views in a scrambled order."""
    import random

    expected = [reference(view) for view in views]
    for view, vector in zip(views, expected, strict=True):
        assert fast(view) == vector
    forget()
    order = list(range(len(views)))
    random.Random(shuffled).shuffle(order)
    for index in order:
        assert fast(views[index]) == expected[index]
