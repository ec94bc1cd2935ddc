"""The command line: ``play`` and ``replay`` print described games; ``bench``, ``catalog`` run."""

from __future__ import annotations

import datetime
import io
import os
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
    cli,
    describe,
    load_record,
    outcome,
    record_from_text,
    record_to_text,
    replay,
)
from princes_of_florence.cli import main
from princes_of_florence.limits import MAX_DOCUMENT_CHARS
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


def _refused(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[str, str]:
    """Run the command line, which must exit with status 2; its output and its error."""
    with pytest.raises(SystemExit) as exit_:
        main(list(argv))
    assert 2 == exit_.value.code
    captured = capsys.readouterr()
    return captured.out, captured.err


def _one_line_error(err: str) -> str:
    """The error of a refusal: exactly one line, ``error: ...``, no traceback."""
    assert err.endswith("\n"), err
    assert err.count("\n") == 1, err
    assert err.startswith("error: ")
    assert "Traceback" not in err
    return err.removeprefix("error: ").strip()


def test_replay_of_a_file_that_is_not_utf8_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record file of other bytes than UTF-8 text is named, with status 2, no traceback."""
    path = tmp_path / "latin1.txt"
    path.write_bytes("# players 3\n# seed 1\n# names Åsa | Bo | Cé\n".encode("latin-1"))
    _out, err = _refused(capsys, "replay", str(path))
    assert f"cannot read {path}: not UTF-8 text" in _one_line_error(err)


def test_replay_reads_at_most_the_size_limit(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file longer than a record may be is refused after reading one character more
    than the limit: /dev/zero (read whole, it never ends) answers at once."""
    read: list[int] = []
    real_open = open

    def spying_open(*args: Any, **kwargs: Any) -> Any:
        file = real_open(*args, **kwargs)
        real_read = file.read

        def counted(size: int = -1) -> Any:
            text = real_read(size)
            read.append(len(text))
            return text

        file.read = counted
        return file

    monkeypatch.setattr(cli, "open", spying_open, raising=False)
    path = tmp_path / "long.txt"
    path.write_text("# players 3\n# seed 1\n" + "pass\n" * 100_000)
    _out, err = _refused(capsys, "replay", str(path))
    assert "a record has at most 100000 characters" in _one_line_error(err)
    assert [MAX_DOCUMENT_CHARS + 1] == read
    if Path("/dev/zero").exists():
        _out, err = _refused(capsys, "replay", "/dev/zero")
        assert "cannot read /dev/zero: a record has at most" in _one_line_error(err)
        assert [MAX_DOCUMENT_CHARS + 1] * 2 == read


def test_replay_refuses_a_path_python_cannot_open(capsys: pytest.CaptureFixture[str]) -> None:
    """A path with a NUL character is refused as unreadable, not met as a ValueError."""
    _out, err = _refused(capsys, "replay", "game\x00.json")
    assert "cannot read 'game\\x00.json'" in _one_line_error(err)


@pytest.mark.parametrize("player", ["3", "99", "-1"])
def test_replay_as_a_player_not_in_the_game_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, player: str
) -> None:
    """``replay --player`` names a player of the recorded game, or is refused."""
    path = tmp_path / "game.txt"
    path.write_text("# players 3\n# seed 1\n")
    out, err = _refused(capsys, "replay", str(path), "--player", player)
    assert f"--player must be a player of the game, 0 to 2, not {player}" == _one_line_error(err)
    assert "" == out


def _save_paths(tmp_path: Path) -> list[tuple[str, str]]:
    """Paths ``play --save`` cannot write, with the reason named."""
    blocker = tmp_path / "a_file"
    blocker.write_text("")
    paths = [
        (str(tmp_path / "missing" / "game.json"), "No such file or directory"),
        (str(tmp_path), "is a directory, not a file"),
        (str(blocker / "game.json"), "Not a directory"),
        (str(tmp_path / "nul\x00.json"), "embedded null byte"),
    ]
    if os.geteuid() != 0:  # root writes through file permissions
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        paths.append((str(locked / "game.json"), "Permission denied"))
    return paths


def test_play_checks_the_save_path_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A --save path that cannot be written is refused before a move is played, in one
    line with status 2; nothing is left behind by the check."""
    for path, reason in _save_paths(tmp_path):
        out, err = _refused(capsys, "play", "--players", "3", "--save", path)
        assert "" == out  # not a move played
        message = _one_line_error(err)
        assert message.startswith("--save: "), message
        assert reason in message, message
    existing = tmp_path / "kept.json"
    existing.write_text("kept")
    assert 0 == main(["play", "--players", "3", "--seed", "1", "--save", str(existing)])
    capsys.readouterr()
    assert existing.read_text().startswith('{"schema"')
    assert not (tmp_path / "missing").exists()


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
def test_play_to_a_full_device_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """A device that fills up when the record is written is named, with status 2."""
    out, err = _refused(capsys, "play", "--players", "3", "--save", "/dev/full")
    assert "Final scores:" in out
    assert "--save: cannot write /dev/full: No space left on device" == _one_line_error(err)


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_a_human_player_with_standard_input_closed_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str | None
) -> None:
    """``play --human`` with no standard input is refused before the game, in one line."""
    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr("sys.stdin", closed if stdin else None)
    out, err = _refused(capsys, "play", "--players", "3", "--human", "0")
    assert "--human reads the moves from standard input, which is closed" == _one_line_error(err)
    assert "" == out


@pytest.mark.parametrize("answer", ["²", "9" * 4_301, "٣"])
def test_a_human_answer_of_digits_that_are_no_move_is_asked_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, answer: str
) -> None:
    """An answer of 4,301 digits or of digits int() reads but the list does not ('²'
    made int() fail) is refused with a reason and asked again; when the input ends,
    the game stops with one line and status 2."""
    monkeypatch.setattr("sys.stdin", io.StringIO(f"{answer}\n"))
    out, err = _refused(capsys, "play", "--players", "3", "--seed", "2", "--human", "0")
    assert "there is no move '" in out
    assert ": answer 1 to 4" in out
    assert "the input ended before the game did" == _one_line_error(err)


def test_a_human_answer_that_is_not_utf8_stops_the_game_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bytes that are not UTF-8 on a strict standard input end the game with status 2."""
    strict = io.TextIOWrapper(io.BytesIO(b"\xff\n1\n"), encoding="utf-8", errors="strict")
    monkeypatch.setattr("sys.stdin", strict)
    _out, err = _refused(capsys, "play", "--players", "3", "--human", "0")
    assert "the input is not UTF-8 text: invalid start byte" == _one_line_error(err)


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (
            ["play", "--bots", "mcts:seconds=nan,random,random"],
            "bad bot spec 'mcts:seconds=nan': seconds must be a positive number, not nan",
        ),
        (
            ["play", "--bots", "mcts:seconds=1e999,random,random"],
            "seconds must be a positive number, not inf",
        ),
        (["play", "--bots", "random,mcts:c=nan,random"], "exploration must be a number from 0"),
        (["play", "--bots", ""], "--bots: bot 1 of 1 is not named; name one bot per player"),
        (["play", "--bots", "random,,heuristic"], "--bots: bot 2 of 3 is not named"),
        (["tournament", "--bots", "", "--games", "3"], "--bots names 1 bot(s) with no spec"),
    ],
)
def test_bot_specs_that_never_finish_or_name_nothing_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> None:
    """A NaN or infinite time budget (the search never stopped) and an empty spec (taken
    for the default bots) are refused with the reason, status 2."""
    out, err = _refused(capsys, *argv)
    assert reason in _one_line_error(err)
    assert "" == out


@pytest.mark.parametrize("seconds", ["nan", "inf", "-1", "1e999", "soon"])
def test_bench_refuses_a_time_budget_that_is_no_number_of_seconds(
    capsys: pytest.CaptureFixture[str], seconds: str
) -> None:
    """``bench --seconds`` takes a number from 0: NaN or infinity never ended."""
    out, err = _refused(capsys, "bench", "--seconds", seconds, "json")
    assert (
        f"bench: error: argument --seconds: the time budget must be a number of seconds"
        f" from 0, not {seconds!r}"
    ) in err
    assert "" == out
