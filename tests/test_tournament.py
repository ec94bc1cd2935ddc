"""Tournaments: every seating rotated, the same result whatever the number of workers."""

from __future__ import annotations

import io

import pytest

from princes_of_florence import GameConfig
from princes_of_florence.bots import HeuristicBot, MCTSBot, RandomBot, make_bot, tournament
from princes_of_florence.bots.tournament import Estimate
from princes_of_florence.cli import main

SPECS = ["heuristic", "random:sell=0.1", "random"]


def test_every_bot_plays_every_seat_equally_often() -> None:
    """With 3 players and 6 games each bot sits twice in each seat."""
    result = tournament(SPECS, games=6, seed=4)
    for row in result.rows:
        assert [2, 2, 2] == [seat.games for seat in row.as_player]
        assert 6 == row.games
    assert 6 == len(result.winning_prestige)
    total_wins = sum(row.wins.mean for row in result.rows) * 6
    assert total_wins == pytest.approx(6)  # shared wins are split


def test_workers_do_not_change_the_result() -> None:
    """The same seed gives the same table in one process or two."""
    one = tournament(SPECS, games=6, seed=9)
    two = tournament(SPECS, games=6, seed=9, workers=2)
    assert one == two


def test_the_seed_changes_the_games() -> None:
    """Another seed deals other games."""
    assert tournament(SPECS, 3, seed=1) != tournament(SPECS, 3, seed=2)


def test_games_must_rotate_every_seating() -> None:
    """A game count that is not a multiple of the players is a ValueError."""
    with pytest.raises(ValueError, match="multiple of 3"):
        tournament(SPECS, games=4)
    with pytest.raises(ValueError, match="3 players need 3 bots"):
        tournament(SPECS, games=3, config=GameConfig(players=3), seed=0) and tournament(
            ["random"] * 2, games=3, config=GameConfig(players=3)
        )


def test_bot_specs() -> None:
    """Specs name a kind and its settings; anything else is a ValueError naming it."""
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    bot = make_bot("mcts:seconds=0.5:rollout=4:c=1.2")
    assert isinstance(bot, MCTSBot)
    assert (0.5, 4, 1.2) == (bot.params.seconds, bot.params.rollout_moves, bot.params.exploration)
    with pytest.raises(ValueError, match="has no setting depth"):
        make_bot("mcts:depth=3")
    with pytest.raises(ValueError, match="not key=value"):
        make_bot("mcts:fast")
    with pytest.raises(ValueError, match="bad bot spec"):
        make_bot("mcts:iterations=many")


def test_estimates_have_95_percent_intervals() -> None:
    """Means carry a normal interval; win shares a Wilson interval inside 0..1."""
    mean = Estimate.of([10.0, 12.0, 14.0])
    assert 12.0 == mean.mean
    assert pytest.approx(12.0 - 1.96 * 2 / 3**0.5) == mean.low
    share = Estimate.share([0.0] * 10)
    assert (0.0, 0.0) == (share.mean, share.low)
    assert 0.0 < share.high < 0.35


def test_tournament_command_prints_progress_and_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The command prints progress (to stderr) and the table with every bot."""
    assert 0 == main(["tournament", "--bots", "heuristic,random,random", "--games", "3"])
    captured = capsys.readouterr()
    assert "3/3 games" in captured.err
    lines = captured.out.splitlines()
    assert lines[0].startswith("# tournament: 3 games of 3 players, seed 0")
    assert lines[2].startswith("0:heuristic")
    assert any(line.startswith("winning prestige:") for line in lines)


def test_tournament_command_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad spec or game count exits with status 2 and a message."""
    for args in (
        ["--bots", "random,genius,random", "--games", "3"],
        ["--bots", "random,random,random", "--games", "4"],
    ):
        with pytest.raises(SystemExit) as stop:
            main(["tournament", *args])
        assert 2 == stop.value.code
    err = capsys.readouterr().err
    assert "unknown bot 'genius'" in err
    assert "multiple of 3" in err


def test_play_with_named_bots(capsys: pytest.CaptureFixture[str]) -> None:
    """``play --bots`` gives each player the bot named, and plays to the end."""
    assert 0 == main(
        ["play", "--bots", "mcts:iterations=4:rollout=2,heuristic,random", "--seed", "3"]
    )
    out = capsys.readouterr().out.splitlines()
    bots = "bots mcts:iterations=4:rollout=2, heuristic, random"
    names = "Player 1, Player 2, Player 3"
    assert out[0] == f"Princes of Florence: 3 players ({names}), seed 3, {bots}."
    assert "Final scores:" in out


def test_play_a_player_through_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``play --human 1`` asks for player 1's moves on standard input, by number or notation."""
    answers = ["99", "sell 100", "decline", *(["1"] * 400)]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(answers) + "\n"))
    assert 0 == main(["play", "--players", "3", "--seed", "2", "--human", "1"])
    out = capsys.readouterr().out
    assert "## Player 2 (you), round 1: return a starting person" in out
    assert "is not one of the moves offered" in out or "not understood" in out
    assert "Final scores:" in out


def test_play_stops_when_standard_input_ends(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """With no more input the game stops with status 2 and says why, in one line."""
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    with pytest.raises(SystemExit) as stop:
        main(["play", "--players", "3", "--seed", "2", "--human", "0"])
    assert 2 == stop.value.code
    assert "error: the input ended before the game did\n" == capsys.readouterr().err
