"""The game protocol and the registry: every registered game meets the contract."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from princes_of_florence import games, serialization
from princes_of_florence.errors import ConfigError, PrincesOfFlorenceError, SerializationError
from princes_of_florence.games import Game


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


@pytest.mark.parametrize("name", games.names())
def test_record_names_its_game(name: str) -> None:
    """The JSON of a record carries the name its game is registered under."""
    game = games.get(name)
    config = game.make_config(game.player_counts[0], 3, {})
    document = json.loads(game.dumps(game.make_record(config, ())))
    assert name == document["game"]


@pytest.mark.parametrize("name", games.names())
def test_record_of_another_game_is_refused_by_name(name: str) -> None:
    """A record naming another game is refused with a SerializationError naming that game."""
    game = games.get(name)
    config = game.make_config(game.player_counts[0], 3, {})
    document = json.loads(game.dumps(game.make_record(config, ())))
    document["game"] = "backgammon"
    with pytest.raises(SerializationError, match=r"game 'backgammon'.* @ \$\.game"):
        game.load_record(json.dumps(document))


def test_princes_record_written_before_records_named_their_game_loads() -> None:
    """A record without the game's name is The Princes of Florence's, as every old record is."""
    text = (Path(__file__).parent / "data" / "legacy" / "record-before-game-name.json").read_text()
    assert "game" not in json.loads(text)
    game = games.get("princes")
    record = game.load_record(text)
    assert 202 == game.config_seed(game.record_config(record))
    assert game.is_terminal(game.replay(record)[-1])


def test_princes_record_name_is_the_registered_name() -> None:
    """The name written into The Princes of Florence's records is its registered name."""
    assert games.get("princes").name == serialization.GAME_NAME


def _table_functions() -> set[str]:
    """The names in the first column of the protocol's table on docs/games.rst."""
    page = (Path(__file__).parent.parent / "docs" / "games.rst").read_text(encoding="utf-8")
    table = page[page.index(".. list-table::") :]
    table = table[: table.index("\n\n", table.index("* - function"))]
    rows = table.split("\n   * - ")[2:]  # the options, then the header row
    assert rows, "the protocol's table has rows"
    return {name for row in rows for name in re.findall(r"``(\w+)``", row.split("\n     - ")[0])}


def test_the_docs_table_names_every_member_of_the_protocol() -> None:
    """docs/games.rst's table lists every member of Game in its first column, and no other."""
    members = {name for name in vars(Game) if not name.startswith("_")}
    assert len(members) > 60
    assert members == _table_functions()
