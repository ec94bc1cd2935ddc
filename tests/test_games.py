"""The game protocol and the registry: every registered game meets the contract."""

from __future__ import annotations

import random

import pytest

from princes_of_florence import games
from princes_of_florence.errors import ConfigError, PrincesOfFlorenceError


def test_default_game_is_registered() -> None:
    """The default name is a registered game."""
    assert games.DEFAULT in games.names()
    assert games.get().name == games.DEFAULT


def test_unknown_game_is_refused_with_the_names() -> None:
    """An unknown name raises ConfigError listing the registered games."""
    with pytest.raises(ConfigError, match=r"the games are: .*princes"):
        games.get("chess")


def test_wrong_kind_of_name_is_refused() -> None:
    """A name that is not a string raises ConfigError, not a lookup error."""
    with pytest.raises(ConfigError):
        games.get(3)  # type: ignore[arg-type]  # the refusal of a wrong kind is the test


@pytest.mark.parametrize("name", games.names())
def test_registered_name_is_the_games_own(name: str) -> None:
    """Each game knows the name it is registered under."""
    assert games.get(name).name == name


@pytest.mark.parametrize("name", games.names())
def test_random_game_through_the_protocol(name: str) -> None:
    """A random game played through the protocol alone ends with a consistent result."""
    game = games.get(name)
    players = game.player_counts[0]
    config = game.make_config(players, 7, {})
    state = game.new_game(config)
    rng = random.Random(7)
    moves = []
    while not game.is_terminal(state):
        player = game.current_player(state)
        moves_now = game.legal_moves(state)
        assert moves_now, "a state that is not over offers a move"
        if player is not None:
            view = game.observe(state, player)
            assert game.legal_moves(view) == moves_now
            assert game.current_player(view) == player
        move = rng.choice(moves_now)
        assert game.parse_move(game.format_move(move)) == move
        state = game.apply(state, move)
        moves.append(move)
    result = game.result(state)
    assert len(result.scores) == players == len(result.places)
    assert all(result.places[p] == 1 for p in result.winners)
    assert sum(game.returns(state)) == pytest.approx(1.0)
    record = game.make_record(config, moves, state)
    again = game.load_record(game.dumps(record))
    assert game.replay(again)[-1] == state


def test_unknown_option_is_refused() -> None:
    """make_config refuses an option the configuration does not have, naming it."""
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        games.get("princes").make_config(3, 1, {"colour": "red"})


def test_record_of_another_kind_is_refused() -> None:
    """The game's record functions refuse what is not one of its records."""
    with pytest.raises(PrincesOfFlorenceError, match="expected a record"):
        games.get("princes").replay("not a record")
