"""Every game's protocol object refuses what is not its own with a package error.

Generic code (bots, tournaments, adapters, the web server, the command line) and
users reach each game through its protocol object (``games.get(name)``); given
``None``, a number, text, another game's state or view, or a view relabelled as
another player's, each function answers with a
:class:`~princes_of_florence.errors.PrincesOfFlorenceError` (a ``ValueError``)
that names what it needed, never an ``AttributeError``, a ``KeyError``, a failed
assertion or a silent wrong answer, and changes nothing it was given.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from princes_of_florence import games
from princes_of_florence.errors import PrincesOfFlorenceError

NAMES = games.names()


def _positions(name: str) -> list[Any]:
    """States along one seeded random game of ``name``: the start, the middle and the end."""
    game = games.get(name)
    state = game.new_game(game.make_config(game.player_counts[-1], 5, {}))
    rng = random.Random(5)
    played = [state]
    while not game.is_terminal(state) and len(played) < 3000:
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        played.append(state)
    return [played[0], played[len(played) // 2], played[-1]]


@pytest.fixture(scope="module")
def positions() -> dict[str, list[Any]]:
    return {name: _positions(name) for name in NAMES}


def _strangers(name: str, positions: dict[str, list[Any]]) -> list[Any]:
    """What a function of game ``name`` may be handed by mistake."""
    values: list[Any] = [None, 0, -1, 1.5, True, "x", b"x", [], {}, object()]
    for other in NAMES:
        if other != name:
            state = positions[other][1]
            game = games.get(other)
            values += [state, game.observe(state, 0), game.legal_moves(state)[0]]
    return values


def _entries(game: Any) -> dict[str, Callable[[Any], object]]:
    """The protocol's functions of a state, a view or a move, each of one hostile value."""
    return {
        "current_player": game.current_player,
        "legal_moves": game.legal_moves,
        "is_terminal": game.is_terminal,
        "outcome": game.outcome,
        "result": game.result,
        "returns": game.returns,
        "rank_returns": game.rank_returns,
        "observe": lambda value: game.observe(value, 0),
        "view_player": game.view_player,
        "determinize": lambda value: game.determinize(value, random.Random(0)),
        "is_chance_node": game.is_chance_node,
        "chance_outcomes": game.chance_outcomes,
        "public_view": game.public_view,
        "decision_text": game.decision_text,
        "decision_data": game.decision_data,
        "render_text": game.render_text,
        "render_svg": game.render_svg,
        "player_names": game.player_names,
        "hand": game.hand,
        "action_mask": game.action_mask,
        "decode_move": lambda value: game.decode_move(value, 0),
        "observation_vector": game.observation_vector,
        "information_state_start": lambda value: game.information_state_start(value, 0),
        "format_move": game.format_move,
        "encode_move": game.encode_move,
        "is_free_move": game.is_free_move,
        "chance_outcome_id": game.chance_outcome_id,
        "dumps": game.dumps,
        "record_config": game.record_config,
        "record_moves": game.record_moves,
        "replay": game.replay,
        "action_move": game.action_move,
        "chance_outcome_move": game.chance_outcome_move,
    }


def _refused_or_answered(function: Callable[[Any], object], value: Any, what: str) -> None:
    """``function(value)`` answers, or raises a package error with a short message."""
    refusal: PrincesOfFlorenceError | None = None
    try:
        function(value)
    except PrincesOfFlorenceError as error:
        refusal = error
    except Exception as error:  # anything else is a leak of the game's insides
        raise AssertionError(f"{what} raised {type(error).__name__}: {error}") from None
    if refusal is not None:
        assert isinstance(refusal, ValueError)
        assert 0 < len(str(refusal)) <= 400, (what, str(refusal))


@pytest.mark.parametrize("name", NAMES)
def test_every_function_refuses_what_is_not_its_own(
    name: str, positions: dict[str, list[Any]]
) -> None:
    game = games.get(name)
    for value in _strangers(name, positions):
        before = repr(value)
        for entry, function in _entries(game).items():
            _refused_or_answered(function, value, f"{name}.{entry}({before[:60]})")
        assert repr(value) == before


@pytest.mark.parametrize("name", NAMES)
def test_a_state_with_a_stranger_beside_it_is_refused(
    name: str, positions: dict[str, list[Any]]
) -> None:
    """The second argument too: moves, players, actions and marks of the wrong kind."""
    game = games.get(name)
    state = positions[name][1]
    move = game.legal_moves(state)[0]
    player = game.current_player(state)
    calls: dict[str, Callable[[Any], object]] = {
        "apply": lambda value: game.apply(state, value),
        "apply(player)": lambda value: game.apply(state, move, value),
        "apply_with_events": lambda value: game.apply_with_events(state, value),
        "observe": lambda value: game.observe(state, value),
        "decode_move": lambda value: game.decode_move(state, value),
        "move_cells": lambda value: game.move_cells(state, value),
        "describe": lambda value: game.describe(value, player),
        "events_for": lambda value: game.events_for(value, 0),
        "information_state_start": lambda value: game.information_state_start(state, value),
    }
    for value in _strangers(name, positions):
        for entry, call in calls.items():
            _refused_or_answered(call, value, f"{name}.{entry} with {repr(value)[:60]}")
    assert game.legal_moves(state)[0] == move


@pytest.mark.parametrize("name", NAMES)
def test_observe_takes_a_seat_of_the_game_only(name: str, positions: dict[str, list[Any]]) -> None:
    game = games.get(name)
    state = positions[name][0]
    seats = len(game.player_names(state))
    assert game.observe(state, seats - 1) is not None
    strangers: tuple[Any, ...] = (-1, seats, "0", 0.0, True, None)
    for player in strangers:
        with pytest.raises(PrincesOfFlorenceError):
            game.observe(state, player)


@pytest.mark.parametrize("name", NAMES)
def test_a_view_relabelled_as_another_players_is_refused_or_answered(
    name: str, positions: dict[str, list[Any]]
) -> None:
    """A view whose player was changed by hand: no failed assertion, no other error."""
    game = games.get(name)
    for state in positions[name]:
        view = game.observe(state, 0)
        if "player" not in attrs.fields_dict(type(view)):
            continue
        relabelled = attrs.evolve(view, player=1)
        for entry, function in _entries(game).items():
            _refused_or_answered(function, relabelled, f"{name}.{entry}(relabelled)")


@pytest.mark.parametrize("name", NAMES)
def test_make_config_refuses_with_a_short_message(name: str) -> None:
    """An impossible player count, seed or option gets the game's ConfigError, briefly.

    Every game takes seeds from 0 to 2**64 - 1, as The Princes of Florence does, and
    names a refused value shortened (an integer too long to print by its size).
    """
    game = games.get(name)
    players = game.player_counts[0]
    assert game.config_seed(game.make_config(players, 2**64 - 1, {})) == 2**64 - 1
    hostile: list[tuple[Any, Any, dict[str, Any]]] = [
        (10**5000, 0, {}),
        ("x" * 1000, 0, {}),
        (players, 10**5000, {}),
        (players, -1, {}),
        (players, 2**64, {}),
        (players, [1] * 500, {}),
        (players, 0, {"y" * 1000: 1}),
    ]
    for count, seed, options in hostile:
        with pytest.raises(PrincesOfFlorenceError) as raised:
            game.make_config(count, seed, options)
        assert len(str(raised.value)) < 300, str(raised.value)[:300]
