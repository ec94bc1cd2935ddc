"""The command line for any registered game: ``--game`` plays through the protocol only.

The second game here is The Princes of Florence under another name (``twin``):
the command line cannot tell, so it takes the protocol's path, the one every
other game takes.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from princes_of_florence import GameConfig, default_catalog, games, load_record
from princes_of_florence.cli import main
from princes_of_florence.game import PrincesOfFlorence
from princes_of_florence.games import registry

TWIN = PrincesOfFlorence(name="twin", title="The Twin of Florence")


@pytest.fixture(autouse=True)
def twin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register ``twin`` for the test (the monkeypatch undoes it after)."""
    monkeypatch.setitem(registry._GAMES, "twin", "test_cli_games:TWIN")
    monkeypatch.setitem(registry._LOADED, "twin", TWIN)


_MOVE = re.compile(r"^ *(\d+)\. (.+)$")


def test_play_another_game_through_the_protocol(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Every move is its game's sentence, the table and the scores follow; the record replays."""
    path = tmp_path / "twin.json"
    assert 0 == main(
        ["play", "--game", "twin", "--players", "3", "--seed", "5", "--save", str(path)]
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "The Twin of Florence: 3 players, seed 5, random bots."
    record = TWIN.load_record(path.read_text())
    states = TWIN.replay(record)
    moves = TWIN.record_moves(record)
    numbered = [m for m in map(_MOVE.match, lines[1:]) if m is not None][: len(moves)]
    assert [int(m[1]) for m in numbered] == list(range(1, len(moves) + 1))
    described = [TWIN.describe(move, state) for move, state in zip(moves, states, strict=False)]
    assert described == [m[2] for m in numbered]
    assert lines[-1] == f"Saved to {path}."
    table = lines.index("Final scores:")
    result = TWIN.result(states[-1])
    scores = lines[table + 1 : table + 4]
    assert sorted(int(line.rsplit(": ", 1)[1]) for line in scores) == sorted(result.scores)
    assert sum("(winner)" in line for line in scores) == len(result.winners)
    assert TWIN.render_text(states[-1]).splitlines()[0] in lines


def test_replay_another_game_as_one_player(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``replay --game`` prints the record; for one player, others' moves only as seen."""
    path = tmp_path / "twin.json"
    assert 0 == main(
        ["play", "--game", "twin", "--players", "3", "--seed", "2", "--save", str(path)]
    )
    played = capsys.readouterr().out.splitlines()
    assert 0 == main(["replay", "--game", "twin", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert played[1:-1] == lines[1:]
    assert 0 == main(["replay", "--game", "twin", str(path), "--player", "0"])
    seen = capsys.readouterr().out
    record = TWIN.load_record(path.read_text())
    others = sum(
        1 for state in TWIN.replay(record)[:-1] if TWIN.current_player(state) not in (0, None)
    )
    assert others == len(re.findall(r"(?m)^ *\d+\. Player \d moves\.$", seen))
    assert others > 10


def test_replay_finds_the_game_a_record_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Without ``--game``, replay plays the game the record names; the wrong loader refuses it."""
    path = tmp_path / "game.json"
    assert 0 == main(["play", "--players", "2", "--seed", "3", "--save", str(path)])
    capsys.readouterr()
    document = json.loads(path.read_text())
    assert "princes" == document["game"]
    document["game"] = "twin"
    other = tmp_path / "other.json"
    other.write_text(json.dumps(document))
    with pytest.raises(SystemExit) as stop:
        main(["replay", str(other)])  # twin's loader is the Princes loader: it refuses the name
    assert 2 == stop.value.code
    assert "a record of the game 'twin', not of The Princes of Florence" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "flag"),
    [
        (["play", "--cooperative-building"], "--cooperative-building"),
        (["play", "--names", "A,B,C,D"], "--names"),
        (
            ["tournament", "--bots", "random,random", "--games", "2", "--hidden-money"],
            "--hidden-money",
        ),
    ],
)
def test_princes_options_are_refused_for_another_game(
    capsys: pytest.CaptureFixture[str], args: list[str], flag: str
) -> None:
    """A Princes-only flag with another game exits with status 2, naming the flag."""
    with pytest.raises(SystemExit) as stop:
        main([args[0], "--game", "twin", *args[1:]])
    assert 2 == stop.value.code
    err = capsys.readouterr().err
    assert f"error: {flag} is an option of The Princes of Florence, not of The Twin" in err
    assert "--option KEY=VALUE" in err


def test_options_are_passed_to_the_configuration(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``--option KEY=VALUE`` sets a configuration field, for The Princes of Florence too."""
    path = tmp_path / "game.json"
    assert 0 == main(
        [
            "play",
            "--players",
            "3",
            "--seed",
            "4",
            "--option",
            "hidden_money=true",
            "--save",
            str(path),
        ]
    )
    capsys.readouterr()
    assert GameConfig(players=3, seed=4, hidden_money=True) == load_record(path.read_text()).config
    with pytest.raises(SystemExit):
        main(["play", "--game", "twin", "--option", "colour=red"])
    assert "unknown option 'colour'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["play", "--option", "colour"])
    assert "--option takes KEY=VALUE, not 'colour'" in capsys.readouterr().err


def test_tournament_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The tournament plays the game named; its table speaks of score and tie-break."""
    assert 0 == main(
        [
            "tournament",
            "--game",
            "twin",
            "--bots",
            "random,mcts:iterations=2:rollout=2",
            "--games",
            "2",
        ]
    )
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("# tournament: 2 games of 2 players, seed 0")
    assert "score" in lines[1]
    assert "tie-break" in lines[1]
    assert lines[2].startswith("0:random")
    assert any(line.startswith("winning score:") for line in lines)


def test_bench_of_another_game(capsys: pytest.CaptureFixture[str]) -> None:
    """``bench --game`` runs the protocol's benchmarks of that game."""
    assert 0 == main(["bench", "--game", "twin", "--seconds", "0.05", "games", "json"])
    out = capsys.readouterr().out
    assert "games (0.05 s, twin)" in out
    assert "json (0.05 s, twin)" in out
    assert "determinize" not in out


def test_catalog_of_another_game_goes_through_the_protocol(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``catalog --game`` prints the game's component_data: twin's is The Princes of Florence's."""
    assert 0 == main(["catalog"])
    princes = capsys.readouterr().out
    assert 0 == main(["catalog", "--game", "twin"])
    assert capsys.readouterr().out == princes


def test_catalog_of_the_princes_of_florence_is_unchanged(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without ``--game`` or with ``--game princes``: the catalog's edition, then each
    reconstructed entry as ``reconstructed: KIND ID NOTE``, as before the protocol."""
    catalog = default_catalog()
    expected = [f"# component catalog, edition {catalog.edition}"]
    expected += [
        f"reconstructed: {kind} {id_} {note}" for kind, id_, note in catalog.reconstructed()
    ]
    for argv in (["catalog"], ["catalog", "--game", "princes"]):
        assert 0 == main(argv)
        assert capsys.readouterr().out == "\n".join(expected) + "\n"


def _catalog_lines(capsys: pytest.CaptureFixture[str], name: str) -> list[str]:
    assert 0 == main(["catalog", "--game", name])
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out.splitlines()


def test_catalog_of_florenz(capsys: pytest.CaptureFixture[str]) -> None:
    """Florenz: every reconstructed entry with its source; stated and derived ones are left out."""
    lines = _catalog_lines(capsys, "florenz")
    assert lines[0] == "# component catalog, edition reference"
    data = games.get("florenz").component_data()
    assert lines[1:] == [
        f"reconstructed: {e.kind} {e.name} {e.source}" for e in data.reconstructed()
    ]
    assert "reconstructed: disc 4 §6 reconstruction" in lines
    assert any(line.startswith("reconstructed: queues queues §4.5: 7 spaces [S]") for line in lines)
    assert not any(line.startswith("reconstructed: strozzi 6 ") for line in lines)  # stated
    assert not any(line.startswith("reconstructed: board board ") for line in lines)  # derived


def test_catalog_of_firenze(capsys: pytest.CaptureFixture[str]) -> None:
    """Firenze: its file names no edition; each entry with a part marked R, with its note."""
    lines = _catalog_lines(capsys, "firenze")
    assert lines[0] == "# component catalog"
    data = games.get("firenze").component_data()
    assert len(lines) == 1 + len(data.reconstructed())
    assert "reconstructed: commission V8 R weak: components.md 2.2 (floors 3-8 R strong, 2.1)" in (
        lines
    )
    assert "reconstructed: brick W S Z3; rank R strong (order of the component list)" in lines
    assert all(line.startswith("reconstructed: ") for line in lines[1:])


def test_unknown_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """``--game`` takes a registered name only."""
    with pytest.raises(SystemExit) as stop:
        main(["play", "--game", "chess"])
    assert 2 == stop.value.code
    assert "invalid choice: 'chess'" in capsys.readouterr().err


def test_every_registered_game_is_a_choice() -> None:
    """The registry's names are what ``--game`` offers (twin registered by the fixture)."""
    assert "twin" in games.names()


def test_play_another_game_as_a_person(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--human`` with another game asks through the protocol: the table, the question, moves."""
    answers = ["99", "no such move", *(["1"] * 400)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    assert 0 == main(["play", "--game", "twin", "--players", "2", "--seed", "2", "--human", "1"])
    out = capsys.readouterr().out
    assert "bots random, you." in out
    assert "## Player 2 (you): " in out
    assert "not understood: " in out
    assert "round 1 of 7, the draft of starting persons; Player 2 to decide" in out  # the table
    assert "Final scores:" in out
