"""The benchmark command runs and reports consistent figures (speed itself is not tested)."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable

import pytest

from princes_of_florence.bench import (
    BENCHMARKS,
    CONFIGURATIONS,
    bench_configurations,
    bench_games,
    bench_json,
    bench_learning,
    bench_openspiel,
    bench_pettingzoo,
    bench_shared_placements,
    main,
)
from princes_of_florence.serialization import json_backend


def test_games_benchmark_counts_whole_games() -> None:
    figures = bench_games(0.0)
    assert 1 == figures["games"]  # at least one whole game, however short the budget
    assert figures["steps_per_game"] > 100
    assert figures["mean_legal_moves"] >= 1


def test_configurations_benchmark_gives_a_figure_per_configuration() -> None:
    figures = bench_configurations(0.0)
    assert [f"{name}_steps_per_second" for name in CONFIGURATIONS] == list(figures)
    assert all(value > 0 for value in figures.values())


def test_json_benchmark_sizes_the_game_the_games_benchmark_plays() -> None:
    figures = bench_json(0.0)
    assert 20 == figures["round_trips"]  # one batch
    assert (
        0 < figures["fastest_round_trip_microseconds"] <= 1.01 * figures["round_trip_microseconds"]
    )
    assert figures["refusal_microseconds"] > 0
    assert figures["state_bytes"] > 1000
    assert figures["record_json_bytes"] > figures["record_text_bytes"] > figures["record_moves"]
    assert figures["round_trip_microseconds"] == pytest.approx(
        figures["dumps_microseconds"] + figures["load_microseconds"]
    )


def test_main_prints_every_named_benchmark(capsys: pytest.CaptureFixture[str]) -> None:
    assert 0 == main(["--seconds", "0", *BENCHMARKS])
    out = capsys.readouterr().out
    for name in BENCHMARKS:
        assert f"{name} (0 s" in out
    assert f"json (0 s, JSON library: {json_backend()})" in out
    assert "round trip microseconds" in out


def test_unknown_benchmark_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["nonsense"])
    assert "unknown benchmark 'nonsense'" in capsys.readouterr().err


def test_shared_placements_benchmark_finds_placements() -> None:
    """The benchmark across borders finds placements and its rates agree."""
    figures = bench_shared_placements(0.0)
    assert figures["placements_per_enumeration"] > 1
    assert figures["placements_per_second"] == pytest.approx(
        figures["placements_per_enumeration"] * figures["enumerations_per_second"]
    )


def test_learning_benchmark_times_both_calls() -> None:
    """The vector and the mask are timed per call over the views of one game."""
    figures = bench_learning(0.0)
    assert figures["views"] > 100
    assert figures["observation_vector microseconds"] > 0
    assert figures["action_mask microseconds"] > 0


@pytest.mark.parametrize("bench", [bench_pettingzoo, bench_openspiel])
def test_adapter_benchmarks_play_whole_games(bench: Callable[[float], dict[str, float]]) -> None:
    """Each adapter benchmark plays at least one whole game where its extra is installed."""
    pytest.importorskip("numpy", reason="the adapters' extras are not installed")
    figures = bench(0.0)
    if not figures:
        pytest.skip("the adapter's extra is not installed")
    assert 1 == figures["games"]
    assert figures["steps per second"] > 0


def test_rl_benchmark_reports_every_registered_game() -> None:
    """For each game: the player count, the raw, vector and (with the extras) adapter rates,
    and the cost of one observation and one mask (and of their buffer forms where the
    game offers them), all positive."""
    from princes_of_florence import games
    from princes_of_florence.bench import RL_SIZES, bench_rl

    figures = bench_rl(0.0)
    for name in games.names():
        assert figures[f"{name} players"] in games.get(name).player_counts
        wanted = [
            f"{name} raw steps per second",
            f"{name} observation_vector microseconds",
            f"{name} action_mask microseconds",
        ]
        if importlib.util.find_spec("numpy") is not None:
            wanted += [f"{name} vector N={size} steps per second" for size in RL_SIZES]
            if isinstance(games.get(name), games.LearningBuffers):
                wanted += [
                    f"{name} seat_vector_into microseconds",
                    f"{name} action_mask_into microseconds",
                ]
        for key in wanted:
            assert figures[key] > 0, key
    assert all(value > 0 for value in figures.values())
