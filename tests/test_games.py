"""The game protocol and the registry: every registered game meets the contract."""

from __future__ import annotations

import json
import random
import re
import tomllib
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


@pytest.mark.parametrize("name", games.names())
def test_every_game_gives_its_component_data_with_provenance(name: str) -> None:
    """component_data: entries named once each, with values, a provenance and a source."""
    data = games.get(name).component_data()
    assert isinstance(data, games.ComponentData)
    assert data.entries
    assert len({(e.kind, e.name) for e in data.entries}) == len(data.entries)
    for entry in data.entries:
        assert entry.kind
        assert entry.name
        assert entry.source
        assert entry.provenance in ("stated", "derived", "reconstructed")
        assert entry.reconstructed == (entry.provenance == "reconstructed")
        assert entry.values
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in entry.values)
    assert data.reconstructed() == tuple(e for e in data.entries if e.reconstructed)
    assert data.reconstructed(), "every game of the library has reconstructed data"
    assert games.get(name).component_data() == data


def _provenance_tables(table: object) -> list[dict[str, object]]:
    """Every table of a parsed TOML data file that carries a provenance, in file order."""
    found: list[dict[str, object]] = []
    if isinstance(table, dict):
        if "provenance" in table:
            found.append(table)
        for value in table.values():
            found += _provenance_tables(value)
    elif isinstance(table, list):
        for item in table:
            found += _provenance_tables(item)
    return found


def _data_file(package: str, file: str) -> list[dict[str, object]]:
    text = (Path(__file__).parent.parent / "src" / package / file).read_text(encoding="utf-8")
    return _provenance_tables(tomllib.loads(text))


def _value_text(value: object) -> str:
    """A TOML value as component_data writes it (integers, strings and lists of them)."""
    if isinstance(value, list):
        return "[" + ", ".join(map(_value_text, value)) + "]"
    return str(value)


def _assert_values_are_the_files(
    tables: list[dict[str, object]], entries: tuple[games.ComponentEntry, ...]
) -> None:
    """Each entry holds its table's values, every plain one written as the file has it."""
    assert len(tables) == len(entries)
    checked = 0
    for table, entry in zip(tables, entries, strict=True):
        values = dict(entry.values)
        for key, value in table.items():
            if key in values and isinstance(value, int | str | list):
                if isinstance(value, list) and any(isinstance(v, dict) for v in value):
                    continue
                assert values[key] == _value_text(value), (entry.kind, entry.name, key)
                checked += 1
    assert checked > len(entries)


def test_florenz_component_data_is_its_data_files_marks() -> None:
    """Florenz: every marked table of florenz.toml, in order, its mark and source as written."""
    tables = _data_file("princes_of_florence/florenz/components", "florenz.toml")
    data = games.get("florenz").component_data()
    marks = {"S": "stated", "S-derived": "derived", "R": "reconstructed"}
    assert [(marks[str(t["provenance"])], t["source"]) for t in tables] == [
        (e.provenance, e.source) for e in data.entries
    ]
    assert {"stated", "derived", "reconstructed"} == {e.provenance for e in data.entries}
    assert data.edition == "reference"
    _assert_values_are_the_files(tables, data.entries)
    sector = next(e for e in data.entries if (e.kind, e.name) == ("disc", "4"))
    assert sector.reconstructed
    assert sector.source == "§6 reconstruction"


def test_firenze_component_data_is_its_data_files_notes() -> None:
    """Firenze: every entry of catalog.toml, its note as written; a part marked R makes it
    reconstructed, whatever the confidence."""
    tables = _data_file("princes_of_florence/firenze/components", "catalog.toml")
    data = games.get("firenze").component_data()
    assert [t["provenance"] for t in tables] == [e.source for e in data.entries]
    assert data.edition is None
    _assert_values_are_the_files(tables, data.entries)
    by_name = {(e.kind, e.name): e for e in data.entries}
    brick = by_name["brick", "W"]
    assert brick.source.startswith("S Z3")
    assert brick.reconstructed
    assert by_name["commission", "V8"].source.startswith("R weak")
    assert ("majority", "V") in by_name
    assert ("card", "Werkstatt") in by_name


def test_princes_component_data_is_the_catalogs() -> None:
    """The Princes of Florence: the reconstructed entries are the catalog's own list."""
    from princes_of_florence import default_catalog

    catalog = default_catalog()
    data = games.get("princes").component_data()
    assert data.edition == catalog.edition
    assert [(e.kind, e.name, e.source) for e in data.reconstructed()] == list(
        catalog.reconstructed()
    )
    stated = [e for e in data.entries if not e.reconstructed]
    assert stated
    assert all(e.provenance == "stated" for e in stated)
    tile = next(e for e in data.entries if (e.kind, e.name) == ("tile", "park"))
    spec = next(t for t in catalog.tiles if str(t.id) == "park")
    assert dict(tile.values)["supply"] == str(spec.supply)
