"""Every example in examples/ runs to the end, as a reader would run it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from princes_of_florence import GameConfig, dumps, load_record
from princes_of_florence.bots import RandomBot, play_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
RECORD = Path(__file__).resolve().parent / "data" / "game-101.json"


def _run(name: str, *args: str, given: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``examples/<name>`` with ``args`` and ``given`` on standard input."""
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        input=given,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _random_game() -> None:
    done = _run("random_game.py")
    assert 0 == done.returncode, done.stderr
    assert "winners:" in done.stdout


def _terminal_client() -> None:
    # A person who first types nonsense, a number too large and 'table', then
    # always takes the first move offered, plays a whole game.
    answers = ["hello", "99", "table", "hand", *(["1"] * 2000)]
    done = _run(
        "terminal_client.py", "--players", "3", "--seed", "7", "--name", "Anna",
        given="\n".join(answers) + "\n",
    )  # fmt: skip
    assert 0 == done.returncode, done.stderr
    out = done.stdout
    assert "Not understood (unknown move 'hello')" in out
    assert "There is no move 99" in out
    assert "-- You: return one of your four starting persons." in out  # asked in person
    assert "Anna: 3500 florins; 0 prestige" in out  # the table names the players
    assert "The map maker: Works gain from a library" in out  # the hand, readable
    assert "You return the" in out  # and told in person
    assert "Anna returns" not in out
    assert "Bot 2 returns a person card." in out  # another player's card stays hidden
    assert "The game is over:" in out
    scores = [line for line in out.splitlines() if " prestige, " in line and ":" in line]
    assert {line.split(":")[0] for line in scores[-3:]} == {"Anna", "Bot 2", "Bot 3"}


def _terminal_client_stops_when_input_ends() -> None:
    done = _run("terminal_client.py", "--players", "3", given="1\n")
    assert 1 == done.returncode
    assert "The input ended before the game did." in done.stdout


def _jsonl_server() -> None:
    # Every player in turn sends the first move offered, as JSON once, then in notation.
    requests = [json.dumps({"player": 0})]
    done = _run("jsonl_server.py", "--players", "3", "--seed", "4", given="\n".join(requests))
    first = json.loads(done.stdout.splitlines()[0])
    assert first["ok"]
    assert "return_person" == first["decision"]["kind"]
    assert "You: return one of your four starting persons." == first["question"]
    assert 4 == len(first["moves"]) == len(first["hand"])
    assert first["svg"].startswith("<svg")
    assert first["picture"].startswith("round 1 of 7")
    assert 0 == first["view"]["player"]
    lines = [
        json.dumps({"player": 0, "move": {"type": "return_person", "person": "nobody"}}),
        json.dumps({"player": 1, "move": first["moves"][0]}),
        json.dumps({"player": 0, "move": first["moves"][0]}),
        "not json",
        json.dumps({"player": 1}),
    ]
    done = _run("jsonl_server.py", "--players", "3", "--seed", "4", given="\n".join(lines))
    assert 0 == done.returncode, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [False, False, True, False, True] == [answer["ok"] for answer in answers]
    assert "it is player 0's decision, not player 1's" in answers[1]["error"]
    assert ["Player 1 returns a person card."] == answers[4]["events"]


def _replay_viewer(tmp: Path) -> None:
    done = _run("replay_viewer.py", str(RECORD), "--player", "1", "--pictures")
    assert 0 == done.returncode, done.stderr
    record = load_record(RECORD.read_text())
    assert f"seed 101, {len(record.moves)} moves" in done.stdout
    assert "round 7 of 7" in done.stdout
    made = play_game(GameConfig(players=3, seed=9), [RandomBot(s) for s in range(3)])
    path = tmp / "made.json"
    path.write_text(dumps(made))
    done = _run("replay_viewer.py", str(path))
    assert 0 == done.returncode, done.stderr
    assert f"{len(made.moves):4d}. " in done.stdout


def test_every_example_has_a_run_here() -> None:
    """A new example file fails this test until it is run below."""
    assert {
        "random_game",
        "terminal_client",
        "jsonl_server",
        "replay_viewer",
        "pettingzoo_random",
        "openspiel_ismcts",
    } == {path.stem for path in EXAMPLES.glob("*.py")}


@pytest.mark.parametrize(
    "run",
    [_random_game, _terminal_client, _terminal_client_stops_when_input_ends, _jsonl_server],
    ids=lambda run: run.__name__.strip("_"),
)
def test_the_example_runs(run: object) -> None:
    """The example exits cleanly and prints what it promises."""
    assert callable(run)
    run()


def test_the_replay_viewer_runs(tmp_path: Path) -> None:
    """The viewer shows a stored record as one player saw it, and a record just made."""
    _replay_viewer(tmp_path)


def test_the_pettingzoo_example_runs() -> None:
    """Random agents play two short PettingZoo games and the totals are printed."""
    pytest.importorskip("pettingzoo", reason="the pettingzoo extra is not installed")
    done = _run("pettingzoo_random.py", "--players", "2", "--games", "2")
    assert 0 == done.returncode, done.stderr
    assert "game 2: " in done.stdout
    totals = done.stdout.splitlines()[-1]
    assert totals.startswith("total rewards: {'player_0': ")


def test_the_openspiel_example_runs() -> None:
    """OpenSpiel's IS-MCTS plays a whole 2-player game with a few simulations a move."""
    pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")
    done = _run("openspiel_ismcts.py", "--players", "2", "--simulations", "2")
    assert 0 == done.returncode, done.stderr
    returns = done.stdout.splitlines()[-1]
    assert returns.startswith("returns: [")
    assert 1.0 == sum(float(x) for x in returns.split("[")[1].rstrip("]").split(","))
