"""The command line: ``play`` and ``replay`` print described games; ``bench``, ``catalog`` run."""

from __future__ import annotations

import datetime
import re
from pathlib import Path
from typing import Any

import attrs
import pytest

from princes_of_florence import (
    ChooseCard,
    Comment,
    GameConfig,
    GameRecord,
    ReturnPerson,
    describe,
    load_record,
    outcome,
    record_from_text,
    record_to_text,
    replay,
)
from princes_of_florence.cli import main
from princes_of_florence.rules.cooperative import render_shared_map

_MOVE_LINE = re.compile(r"^ *(\d+)\. (.+)$")
_SCORE_LINE = re.compile(
    r"^ *(\d+)\. (.+?)( \(winner\))?: (\d+) prestige, (\d+) florins; from (.*);"
)


def _played(capsys: pytest.CaptureFixture[str], players: int, seed: int, *flags: str) -> list[str]:
    assert 0 == main(["play", "--players", str(players), "--seed", str(seed), *flags])
    return capsys.readouterr().out.splitlines()


def _check_log(lines: list[str], record: GameRecord) -> None:
    """One numbered sentence per move, each the move described, then the final table."""
    config = record.config
    table = lines.index("Final scores:")
    numbered = [m for m in map(_MOVE_LINE.match, lines[1:table]) if m is not None]
    assert [int(m[1]) for m in numbered] == list(range(1, len(record.moves) + 1))
    states = replay(record)
    for match, move, state in zip(numbered, record.moves, states, strict=False):
        assert match[2] == describe(move, state)
    result = outcome(states[-1])
    scores = [_SCORE_LINE.match(line) for line in lines[table + 1 : table + 1 + config.players]]
    for rank, score in enumerate(scores):
        assert score is not None
        player = result.ranking[rank]
        assert score[2] == config.names[player]
        assert (score[3] is not None) == (player in result.winners)
        assert int(score[4]) == result.prestige[player]
        assert int(score[5]) == result.money[player]
        sources = [int(part.rsplit(" ", 1)[1]) for part in score[6].split(", ") if part]
        assert sum(sources) == result.prestige[player]  # the breakdown adds up
    assert not any(re.search(r"\bp\d\b|None|<", line) for line in lines)  # no legend needed


@pytest.mark.parametrize(
    ("players", "seed", "switches"),
    [
        (3, 5, ()),
        (5, 2, ()),
        (4, 3, ("choose_returned_order",)),
        (2, 4, ()),
        (2, 6, ("hard_freedoms",)),
        (4, 8, ("muse_and_princess",)),
        (3, 4, ("cooperative_building",)),
        (2, 9, ("muse_and_princess", "cooperative_building")),
    ],
)
def test_play_prints_a_described_game_and_saves_a_record_that_replays(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    players: int,
    seed: int,
    switches: tuple[str, ...],
) -> None:
    """Every move is printed as its sentence, the scores as replayed; the saved record loads."""
    flags = [f"--{name.replace('_', '-')}" for name in switches]
    path = tmp_path / "game.json"
    lines = _played(capsys, players, seed, *flags, "--save", str(path))
    named = "".join(f", {name.replace('_', ' ')}" for name in switches)
    names = ", ".join(f"Player {n}" for n in range(1, players + 1))
    assert lines[0] == (
        f"Princes of Florence: {players} players ({names}), seed {seed}{named}, random bots."
    )
    assert lines[-1] == f"Saved to {path}."
    record = load_record(path.read_text())
    assert record.date == datetime.date.today().isoformat()
    assert record.engine
    options: dict[str, Any] = dict.fromkeys(switches, True)
    assert GameConfig(players=players, seed=seed, **options) == record.config
    _check_log(lines[:-1], record)


def test_replay_prints_the_saved_game_as_play_did(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``replay`` prints the moves and the table ``play`` printed, with the record's comments."""
    path = tmp_path / "game.txt"
    played = _played(capsys, 3, 4, "--names", "Anna,Ben,Carla", "--save", str(path))
    record = record_from_text(path.read_text())
    assert ("Anna", "Ben", "Carla") == record.config.names
    commented = attrs.evolve(record, comments=(Comment(2, "a careful start"),))
    path.write_text(record_to_text(commented))
    assert 0 == main(["replay", str(path)])
    lines = capsys.readouterr().out.splitlines()
    assert "        (a careful start)" == lines[3]
    del lines[3]
    assert played[1:-1] == lines[1:]
    _check_log(lines, record)


def test_replay_as_one_player_hides_the_others_cards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``replay --player 0`` names only player 0's kept cards and returned person."""
    path = tmp_path / "game.json"
    _played(capsys, 3, 5, "--save", str(path))
    record = load_record(path.read_text())
    assert 0 == main(["replay", str(path), "--player", "0"])
    lines = capsys.readouterr().out.splitlines()
    states = replay(record)
    hidden = 0
    for number, (move, state) in enumerate(zip(record.moves, states, strict=False), start=1):
        if isinstance(move, ChooseCard | ReturnPerson) and state.current_player != 0:
            line = next(line for line in lines if line.startswith(f"{number:4d}. "))
            assert str(move).split()[-1] not in line, line
            hidden += 1
    assert hidden > 3


def test_replay_names_a_file_it_cannot_read(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A missing file or a broken record is an error with status 2, not a traceback."""
    with pytest.raises(SystemExit) as exit_:
        main(["replay", str(tmp_path / "missing.json")])
    assert 2 == exit_.value.code
    assert "cannot read" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"schema":"1.0","kind":"record","data":{}}')
    with pytest.raises(SystemExit):
        main(["replay", str(tmp_path / "bad.json")])
    assert "invalid record document" in capsys.readouterr().err


def test_play_prints_the_shared_map_at_the_end(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """With --cooperative-building the end shows each principality, borders marked (R29)."""
    path = tmp_path / "game.json"
    lines = _played(capsys, 3, 4, "--cooperative-building", "--save", str(path))
    start = next(i for i, line in enumerate(lines) if line.startswith("Shared map"))
    final = replay(load_record(path.read_text()))[-1]
    principalities = [p.principality for p in final.players]
    drawn = render_shared_map(principalities).splitlines()
    assert drawn == lines[start + 1 : start + 1 + len(drawn)]
    assert lines[start + 1] == "player 0: borders player 1 (right), player 2 (left)"
    shared = [t for p in principalities for t in p.tiles if t.shared is not None]
    assert shared  # this game shows a building across a border


def test_play_is_the_same_game_every_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert _played(capsys, 4, 7) == _played(capsys, 4, 7)
    assert _played(capsys, 4, 7) != _played(capsys, 4, 8)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "6"], "players must be 2, 3, 4 or 5, not 6"),
        (["--players", "3", "--hard-freedoms"], "hard_freedoms is the 2-player option"),
    ],
)
def test_play_refuses_a_configuration_that_does_not_exist(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["play", *args])
    assert exit_.value.code == 2
    assert f"error: {message}" in capsys.readouterr().err


def test_bench_runs_the_benchmarks_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["bench", "--seconds", "0", "json"])
    out = capsys.readouterr().out
    assert "json (0 s, JSON library: " in out
    assert "games (0 s)" not in out


def test_bench_names_itself_in_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["bench", "nonsense"])
    assert "princes-of-florence bench: error: unknown benchmark 'nonsense'" in (
        capsys.readouterr().err
    )


def test_catalog_lists_the_reconstructed_data(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["catalog"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("# component catalog, edition ")
    assert len(lines) > 1
    assert all(line.startswith("reconstructed: ") for line in lines[1:])
