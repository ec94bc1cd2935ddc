"""The command line: ``play`` prints a game that replays, ``bench`` and ``catalog`` run."""

from __future__ import annotations

import re

import pytest

from princes_of_florence import GameConfig, apply, new_game, outcome, parse_move
from princes_of_florence.cli import main
from princes_of_florence.rules.cooperative import render_shared_map

_MOVE_LINE = re.compile(r"^ *(\d+)  p(\d)  (.+?)(?:  \(work (\d+): .*\))?$")
_SCORE_LINE = re.compile(r"^p(\d)( \(winner\))?: (\d+) prestige, (\d+) florins  \[(.*)\]")


def _played(capsys: pytest.CaptureFixture[str], players: int, seed: int, *flags: str) -> list[str]:
    assert 0 == main(["play", "--players", str(players), "--seed", str(seed), *flags])
    return capsys.readouterr().out.splitlines()


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
def test_play_prints_a_game_that_replays_to_the_scores_printed(
    capsys: pytest.CaptureFixture[str], players: int, seed: int, switches: tuple[str, ...]
) -> None:
    """Every printed move is legal in turn, by the seat printed, and ends in the scores shown."""
    flags = [f"--{name.replace('_', '-')}" for name in switches]
    lines = _played(capsys, players, seed, *flags)
    named = "".join(f", {name.replace('_', ' ')}" for name in switches)
    assert lines[0] == f"# Princes of Florence: {players} players, seed {seed}{named}, random bots"
    state = new_game(GameConfig(players=players, seed=seed, **dict.fromkeys(switches, True)))
    number = 0
    for line in lines[1 : lines.index("# final scores")]:
        if line.startswith("# round"):
            continue
        match = _MOVE_LINE.match(line)
        assert match is not None, line
        number += 1
        assert int(match[1]) == number
        assert int(match[2]) == state.current_player
        state = apply(state, parse_move(match[3]), player=int(match[2]))
    result = outcome(state)
    end = len(lines)
    if "cooperative_building" in switches:
        end = next(i for i, line in enumerate(lines) if line.startswith("# shared map"))
    scores = [_SCORE_LINE.match(line) for line in lines[lines.index("# final scores") + 1 : end]]
    assert len(scores) == players
    for rank, score in enumerate(scores):
        assert score is not None
        seat = int(score[1])
        assert seat == result.ranking[rank]
        assert (score[2] is not None) == (seat in result.winners)
        assert int(score[3]) == result.prestige[seat]
        assert int(score[4]) == result.money[seat]
        sources = [int(part.rsplit(" ", 1)[1]) for part in score[5].split(", ") if part]
        assert sum(sources) == result.prestige[seat]  # the breakdown adds up


def test_play_prints_the_shared_map_at_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    """With --cooperative-building the end shows each principality, borders marked (R29)."""
    lines = _played(capsys, 3, 4, "--cooperative-building")
    start = next(i for i, line in enumerate(lines) if line.startswith("# shared map"))
    state = new_game(GameConfig(players=3, seed=4, cooperative_building=True))
    for line in lines[1 : lines.index("# final scores")]:
        match = _MOVE_LINE.match(line)
        if match is not None:
            state = apply(state, parse_move(match[3]))
    principalities = [p.principality for p in state.players]
    assert render_shared_map(principalities).splitlines() == lines[start + 1 :]
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
    assert "json (0 s)" in out
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
