"""Micro-benchmarks of the engine's hot paths.

Each benchmark is a function taking a time budget in seconds and returning
named figures (``dict[str, float]``); :data:`BENCHMARKS` lists them by name
and :func:`main` runs some or all of them and prints the figures.  A new
benchmark (whole games, move generation, ...) is one more function and one
more entry in :data:`BENCHMARKS`.

Run it as ``python -m princes_of_florence.bench [--seconds S] [NAME ...]``.
"""

from __future__ import annotations

import argparse
import contextlib
import inspect
import random
import time
from collections.abc import Callable
from typing import Any

from princes_of_florence import games
from princes_of_florence.config import GameConfig
from princes_of_florence.encoding import action_mask
from princes_of_florence.engine import apply, is_terminal, legal_moves, new_game, outcome
from princes_of_florence.errors import SerializationError
from princes_of_florence.games import DEFAULT, AnyGame
from princes_of_florence.games import get as get_game
from princes_of_florence.games import names as registered_games
from princes_of_florence.geometry import USABLE_MASK, placements_avoiding, popcount
from princes_of_florence.ids import Building, Landscape
from princes_of_florence.learning import observation_vector
from princes_of_florence.moves import Move
from princes_of_florence.observation import PlayerView, determinize, observe
from princes_of_florence.protocol_bench import seconds_budget
from princes_of_florence.rules.common import catalog
from princes_of_florence.rules.cooperative import reverse_side, shared_placements
from princes_of_florence.rules.placement import has_legal_placement, legal_placements
from princes_of_florence.serialization import (
    GameRecord,
    dumps,
    json_backend,
    load_state,
    record_to_text,
)
from princes_of_florence.state import GameState, Principality

__all__ = [
    "BENCHMARKS",
    "SETTINGS",
    "bench_determinize",
    "CONFIGURATIONS",
    "bench_configurations",
    "bench_games",
    "bench_json",
    "bench_learning",
    "bench_openspiel",
    "bench_pettingzoo",
    "bench_placements",
    "bench_rl",
    "bench_shared_placements",
    "half_full_principality",
    "half_full_shared_map",
    "main",
]

_TILES: tuple[Building | Landscape, ...] = (*Building, *Landscape)


def half_full_principality(seed: int = 26, cells: int = 21) -> Principality:
    """A fixed principality with ``cells`` of its 43 usable cells covered.

    Random tiles, each with a random number of builders (0 to 3), are laid at
    random legal places drawn from a :class:`random.Random` seeded with
    ``seed``; a tile that would overshoot ``cells`` is skipped.  The result
    depends only on the arguments.

    >>> board = half_full_principality()
    >>> board.empty_cells
    22
    >>> board == half_full_principality()
    True
    """
    rng = random.Random(seed)
    board = Principality()
    covered = 0
    for _ in range(10_000):
        if covered == cells:
            break
        tile = rng.choice(_TILES)
        options = legal_placements(board, tile, rng.randint(0, 3))
        if not options:
            continue
        mask = rng.choice(options).mask
        if covered + popcount(mask) <= cells:
            board = board.with_tile(tile, mask)
            covered += popcount(mask)
    return board


def bench_placements(seconds: float = 2.0) -> dict[str, float]:
    """Speed of :func:`legal_placements` on a half-full board.

    One *round* enumerates every legal placement of each of the 13 tile types
    for 0 and for 2 builders (26 enumerations) on
    :func:`half_full_principality`.  Rounds repeat for ``seconds``; then the
    same 26 queries go to :func:`has_legal_placement` for a quarter of that
    time.

    Returns:
        ``enumerations_per_second``, ``microseconds_per_enumeration``,
        ``placements_per_enumeration`` (mean number of legal placements
        found), ``placements_per_second``, ``has_legal_per_second``,
        ``covered_cells`` and ``tiles_on_board``.
    """
    board = half_full_principality()
    queries = [(tile, builders) for tile in _TILES for builders in (0, 2)]
    for tile, builders in queries:  # build the per-tile tables before timing
        legal_placements(board, tile, builders)

    rounds = 0
    found = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        for tile, builders in queries:
            found += len(legal_placements(board, tile, builders))
        rounds += 1
        if clock() >= deadline:
            break
    spent = clock() - start

    checks = 0
    check_start = clock()
    check_deadline = check_start + seconds / 4
    while True:
        for tile, builders in queries:
            has_legal_placement(board, tile, builders)
        checks += 1
        if clock() >= check_deadline:
            break
    check_spent = clock() - check_start

    enumerations = rounds * len(queries)
    return {
        "enumerations_per_second": enumerations / spent,
        "microseconds_per_enumeration": 1e6 * spent / enumerations,
        "placements_per_enumeration": found / enumerations,
        "placements_per_second": found / spent,
        "has_legal_per_second": checks * len(queries) / check_spent,
        "covered_cells": float(popcount(board.occupied & USABLE_MASK)),
        "tiles_on_board": float(len(board.tiles)),
    }


def half_full_shared_map(seed: int = 26, cells: int = 14) -> tuple[Principality, ...]:
    """Three reverse-side principalities (ruling R29), each with ``cells`` covered.

    Random tiles are laid at random places where a player without builders
    may lay them (ruling R21 around the reverse side's palazzo; the borders
    are not looked at), from :class:`random.Random` seeded with ``seed``,
    ``seed + 1`` and ``seed + 2``; a tile that would overshoot ``cells`` is
    skipped.  The result depends only on the arguments.

    >>> [board.empty_cells for board in half_full_shared_map()]
    [29, 29, 29]
    """
    boards: list[Principality] = []
    for offset in range(3):
        rng = random.Random(seed + offset)
        board = reverse_side()
        covered = 0
        for _ in range(10_000):
            if covered == cells:
                break
            tile = rng.choice(_TILES)
            options = [
                p
                for p in placements_avoiding(catalog().tile(tile).cells, board.occupied)
                if not (isinstance(tile, Building) and board.has_building(tile))
                and not (isinstance(tile, Building) and p.halo & board.walls)
            ]
            if not options:
                continue
            mask = rng.choice(options).mask
            if covered + popcount(mask) <= cells:
                board = board.with_tile(tile, mask)
                covered += popcount(mask)
        boards.append(board)
    return tuple(boards)


def bench_shared_placements(seconds: float = 2.0) -> dict[str, float]:
    """Speed of :func:`~princes_of_florence.rules.cooperative.shared_placements`.

    One *round* lists the legal placements across the border of every
    building, for each of the 6 ordered pairs of neighbours of a 3-player
    shared map (:func:`half_full_shared_map`), with 0 and with 2 builders on
    both sides: 120 enumerations (ruling R31).  Rounds repeat for
    ``seconds``.

    Returns:
        ``enumerations_per_second``, ``microseconds_per_enumeration``,
        ``placements_per_enumeration`` (mean number of legal placements
        found) and ``placements_per_second``.
    """
    boards = half_full_shared_map()
    pairs = [(p, q) for p in range(3) for q in range(3) if p != q]
    queries = [
        (player, partner, building, builders)
        for player, partner in pairs
        for building in Building
        for builders in (0, 2)
    ]
    for player, partner, building, builders in queries:  # build the tables before timing
        shared_placements(boards, player, partner, building, builders, builders)
    rounds = found = 0
    clock = time.perf_counter
    start = clock()
    deadline = start + seconds
    while True:
        for player, partner, building, builders in queries:
            found += len(shared_placements(boards, player, partner, building, builders, builders))
        rounds += 1
        if clock() >= deadline:
            break
    spent = clock() - start
    enumerations = rounds * len(queries)
    return {
        "enumerations_per_second": enumerations / spent,
        "microseconds_per_enumeration": 1e6 * spent / enumerations,
        "placements_per_enumeration": found / enumerations,
        "placements_per_second": found / spent,
    }


def _pick(rng: random.Random, moves: tuple[Move, ...]) -> Move:
    """A uniformly random one of ``moves``, as the benchmark chooses.

    ``int(random() * n)`` rather than ``randrange(n)``: the same distribution
    (to within 2**-53) at a fraction of the cost, so the figures measure the
    engine rather than the dice.
    """
    return moves[int(rng.random() * len(moves))]


def bench_games(seconds: float = 2.0, players: int = 4) -> dict[str, float]:
    """Play seeded random games for about ``seconds``; count steps and games.

    A step is one :func:`~princes_of_florence.engine.legal_moves` call and one
    :func:`~princes_of_florence.engine.apply` of a uniformly random move from
    it; game *k* uses seed *k* and ``random.Random(k)`` for the choices
    (:func:`_pick`), so the work done is the same on every run.  Only whole
    games are counted.
    """
    steps, games, offered, elapsed = _play_games(seconds, {"players": players})
    return {
        "players": float(players),
        "games": float(games),
        "steps_per_second": steps / elapsed,
        "games_per_second": games / elapsed,
        "steps_per_game": steps / games,
        "mean_legal_moves": offered / steps,
    }


def _play_games(seconds: float, options: dict[str, Any]) -> tuple[int, int, int, float]:
    """Steps, whole games, moves offered and seconds of :func:`bench_games`'s loop.

    ``options`` are the :class:`GameConfig` fields other than the seed.
    """
    steps = games = offered = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds or games == 0:
        rng = random.Random(games)
        state = new_game(GameConfig(seed=games, **options))
        while not is_terminal(state):
            moves = legal_moves(state)
            offered += len(moves)
            state = apply(state, _pick(rng, moves))
            steps += 1
        games += 1
        elapsed = time.perf_counter() - start
    return steps, games, offered, elapsed


CONFIGURATIONS: dict[str, dict[str, Any]] = {
    "2p": {"players": 2},
    "2p_hard": {"players": 2, "hard_freedoms": True},
    "3p": {"players": 3},
    "4p": {"players": 4},
    "5p": {"players": 5},
    "4p_ordered": {"players": 4, "choose_returned_order": True},
    "2p_muse": {"players": 2, "muse_and_princess": True},
    "4p_muse": {"players": 4, "muse_and_princess": True},
    "4p_coop": {"players": 4, "cooperative_building": True},
    "4p_coop_muse": {"players": 4, "cooperative_building": True, "muse_and_princess": True},
}
"""The configurations :func:`bench_configurations` plays, by name."""


def bench_configurations(seconds: float = 2.0) -> dict[str, float]:
    """Steps per second of random games in each of :data:`CONFIGURATIONS`.

    The games are those of :func:`bench_games` (seeds 0, 1, ...), with the
    time budget shared equally among the configurations; one figure per
    configuration.  One game of each is played first, untimed, so that the
    tables a configuration builds on first use (the reverse side's
    placements, those across each border) are not counted against it.
    """
    share = seconds / len(CONFIGURATIONS)
    figures: dict[str, float] = {}
    for name, options in CONFIGURATIONS.items():
        _play_games(0.0, options)  # warm-up: one game
        steps, _, _, elapsed = _play_games(share, options)
        figures[f"{name}_steps_per_second"] = steps / elapsed
    return figures


def _random_game(seed: int, players: int = 4) -> tuple[GameState, list[Move]]:
    """The end state and moves of seeded game ``seed`` as :func:`bench_games` plays it."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed))
    moves: list[Move] = []
    while not is_terminal(state):
        moves.append(_pick(rng, legal_moves(state)))
        state = apply(state, moves[-1])
    return state, moves


def bench_json(seconds: float = 2.0) -> dict[str, float]:
    """JSON round trips of a mid-game state, and the size of a whole game's record.

    The state is the one after half the moves of seeded four-player game 1
    (see :func:`bench_games`).  A round trip is :func:`dumps` then
    :func:`load_state`, which validates the state before returning it; the
    two halves are also timed apart.  Round trips run in batches of
    :data:`_BATCH`; ``fastest_round_trip_microseconds`` is the mean of the
    quickest batch, the figure least disturbed by other work on a shared
    machine.  ``refusal_microseconds`` is the time :func:`load_state` takes
    to refuse a document of 200 KB holding 100,000 wrong items.  The record
    of the whole game is sized as JSON and as text.  The figures depend on
    the JSON library (:func:`~princes_of_florence.serialization.json_backend`),
    which the command prints beside the benchmark's name.
    """
    end, moves = _random_game(1)
    state = new_game(GameConfig(players=4, seed=1))
    for move in moves[: len(moves) // 2]:
        state = apply(state, move)
    text = dumps(state)
    assert load_state(text) == state
    clock = time.perf_counter
    dumps_time = load_time = 0.0
    trips = 0
    fastest = float("inf")
    start = clock()
    while trips == 0 or clock() - start < seconds:
        batch = 0.0
        for _ in range(_BATCH):
            a = clock()
            text = dumps(state)
            b = clock()
            load_state(text)
            c = clock()
            dumps_time += b - a
            load_time += c - b
            batch += c - a
        trips += _BATCH
        fastest = min(fastest, batch / _BATCH)
    hostile = text.replace('"person_deck":[', '"person_deck":[' + "1," * 100_000, 1)
    a = clock()
    with contextlib.suppress(SerializationError):  # refused, as it must be
        load_state(hostile)
    refusal = clock() - a
    record = GameRecord(end.config, tuple(moves), outcome(end))
    return {
        "round_trips": float(trips),
        "round_trip_microseconds": 1e6 * (dumps_time + load_time) / trips,
        "dumps_microseconds": 1e6 * dumps_time / trips,
        "load_microseconds": 1e6 * load_time / trips,
        "fastest_round_trip_microseconds": 1e6 * fastest,
        "refusal_microseconds": 1e6 * refusal,
        "state_bytes": float(len(text.encode())),
        "record_moves": float(len(moves)),
        "record_json_bytes": float(len(dumps(record).encode())),
        "record_text_bytes": float(len(record_to_text(record).encode())),
    }


_BATCH = 20
"""Round trips per timed batch in :func:`bench_json`."""


def bench_determinize(seconds: float = 2.0) -> dict[str, float]:
    """The cost of :func:`~princes_of_florence.determinize`, as a search bot pays it.

    The views are those of the player to decide after every tenth move of
    seeded four-player game 1 (see :func:`bench_games`); they are
    determinized in turn, each with its own seeded generator, for about
    ``seconds``.
    """
    _, moves = _random_game(1)
    state = new_game(GameConfig(players=4, seed=1))
    views = []
    for number, move in enumerate(moves):
        if number % 10 == 0 and state.current_player is not None:
            views.append(observe(state, state.current_player))
        state = apply(state, move)
    calls = 0
    clock = time.perf_counter
    start = clock()
    while calls == 0 or clock() - start < seconds:
        for view in views:
            determinize(view, random.Random(calls))
            calls += 1
    elapsed = clock() - start
    return {
        "views": float(len(views)),
        "determinizations per second": calls / elapsed,
        "microseconds per determinization": 1e6 * elapsed / calls,
    }


def _decision_views(seed: int = 1) -> list[PlayerView]:
    """The view of the player to decide before every move of seeded 4-player game ``seed``."""
    _, moves = _random_game(seed)
    state = new_game(GameConfig(players=4, seed=seed))
    views = []
    for move in moves:
        assert state.current_player is not None
        views.append(observe(state, state.current_player))
        state = apply(state, move)
    return views


def bench_learning(seconds: float = 2.0) -> dict[str, float]:
    """The cost of :func:`~princes_of_florence.learning.observation_vector` and
    :func:`~princes_of_florence.encoding.action_mask` per call.

    Both read the view of the player to decide before every move of seeded
    four-player game 1, in turn, for about ``seconds`` each (half the budget
    each).  The mask of a view is read from the state the view was observed
    from (:func:`~princes_of_florence.observation.source_state`).  From the
    second pass on, every part of these views is found in the caches the
    vector and the mask keep; :func:`bench_rl` times both as met in play, on
    new games.
    """
    views = _decision_views()
    clock = time.perf_counter
    figures: dict[str, float] = {"views": float(len(views))}
    for name, function in (
        ("observation_vector", observation_vector),
        ("action_mask", action_mask),
    ):
        calls = 0
        start = clock()
        while calls == 0 or clock() - start < seconds / 2:
            for view in views:
                function(view)
            calls += len(views)
        figures[f"{name} microseconds"] = 1e6 * (clock() - start) / calls
    return figures


def _steps_per_second(seconds: float, play: Callable[[int], int]) -> dict[str, float]:
    """Whole games through ``play`` (seed to steps) for about ``seconds``."""
    clock = time.perf_counter
    games = steps = 0
    start = clock()
    while games == 0 or clock() - start < seconds:
        steps += play(games + 1)
        games += 1
    elapsed = clock() - start
    return {"games": float(games), "steps per second": steps / elapsed}


def bench_pettingzoo(seconds: float = 2.0) -> dict[str, float]:
    """Steps per second through the PettingZoo environment, 4 players.

    Each step reads the agent's observation (vector and action mask) with
    ``last()`` and plays a random legal action.  Without the pettingzoo
    extra, a note is printed and there are no figures.
    """
    try:
        from princes_of_florence.adapters.pettingzoo import env
    except ImportError:
        print("  skipped: the pettingzoo extra is not installed")
        return {}
    game = env(players=4)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        game.reset(seed=seed)
        steps = 0
        for _ in game.agent_iter():
            observation, _, terminated, _, _ = game.last()
            if terminated:
                game.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            game.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps

    return _steps_per_second(seconds, play)


def bench_openspiel(seconds: float = 2.0) -> dict[str, float]:
    """Steps per second through the OpenSpiel game, 4 players.

    Each step reads the legal actions, the observation tensor and the
    information-state string of the player to decide, then plays a random
    legal action.  Without the openspiel extra, a note is printed and there
    are no figures.
    """
    try:
        import pyspiel

        import princes_of_florence.adapters.openspiel  # noqa: F401  # registers the game
    except ImportError:
        print("  skipped: the openspiel extra is not installed")
        return {}
    game = pyspiel.load_game("python_princes_of_florence", {"players": 4})

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < RL_GAME_STEPS:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.observation_tensor()
            state.information_state_string()
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return int(steps)

    return _steps_per_second(seconds, play)


# ---------------------------------------------------------------------------
# Learners' steps, for every registered game
# ---------------------------------------------------------------------------

RL_PLAYERS = 4
"""Players of the games :func:`bench_rl` plays (the nearest count a game allows)."""

RL_SIZES = (1, 16, 256)
"""The numbers of games :func:`bench_rl` steps at once in the vector environment."""


def _rl_players(game: AnyGame) -> int:
    return min(game.player_counts, key=lambda count: abs(count - RL_PLAYERS))


def _cpu_rate(seconds: float, play: Callable[[int], int]) -> float:
    """Steps per CPU second of ``play`` (round number to steps), for about ``seconds``."""
    clock = time.process_time
    rounds = steps = 0
    start = clock()
    while rounds == 0 or clock() - start < seconds:
        steps += play(rounds)
        rounds += 1
    return steps / max(clock() - start, 1e-9)


RL_GAME_STEPS = 1000
"""The most steps ``bench rl`` plays of one game before it starts the next.

A whole game of The Princes of Florence or Florenz takes a few hundred steps;
uniformly random play rarely ends a game of Firenze before its limit of 1,000
turns (over 10,000 steps), and OpenSpiel's information-state string grows with
every step, so each game is cut here and the rates are of the first steps.
"""


def _raw_rate(game: AnyGame, players: int, seconds: float) -> float:
    """Whole random games through the protocol's ``legal_moves`` and ``apply`` alone."""

    def play(number: int) -> int:
        rng = random.Random(number)
        state = game.new_game(game.make_config(players, number, {}))
        steps = 0
        while not game.is_terminal(state) and steps < RL_GAME_STEPS:
            moves = game.legal_moves(state)
            state = game.apply(state, _pick(rng, moves))
            steps += 1
        return steps

    return _cpu_rate(seconds, play)


def _pettingzoo_rate(name: str, players: int, seconds: float) -> float | None:
    """AEC steps (``last()`` with the observation and mask, then ``step``) of random games,
    or ``None`` without the extra or an environment for the game."""
    try:
        from princes_of_florence.adapters import pettingzoo
    except ImportError:
        return None
    options: dict[str, Any] = {"players": players}
    if "game" in inspect.signature(pettingzoo.env).parameters:
        options["game"] = name
    elif name != DEFAULT:
        return None  # the adapter plays only the default game
    env = pettingzoo.env(**options)

    def play(number: int) -> int:
        rng = random.Random(number)
        env.reset(seed=number)
        steps = 0
        for _agent in env.agent_iter():
            if steps == RL_GAME_STEPS:
                break
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = observation["action_mask"].nonzero()[0]
            env.step(int(legal[int(rng.random() * len(legal))]))
            steps += 1
        return steps

    return _cpu_rate(seconds, play)


def _openspiel_rate(name: str, players: int, seconds: float) -> float | None:
    """OpenSpiel steps of random games with explicit chance: legal actions, the observation
    tensor and the information-state string of the player to decide, then the action.
    ``None`` without the extra or an OpenSpiel game for the game."""
    try:
        import pyspiel

        import princes_of_florence.adapters.openspiel  # noqa: F401  # registers the game
    except ImportError:
        return None
    short = "python_princes_of_florence" if name == DEFAULT else f"python_{name}"
    if short not in pyspiel.registered_names():
        return None
    spiel = pyspiel.load_game(short, {"players": players})

    def play(number: int) -> int:
        rng = random.Random(number)
        state = spiel.new_initial_state()
        steps = 0
        while not state.is_terminal() and steps < RL_GAME_STEPS:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                continue
            state.observation_tensor()
            state.information_state_string()
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
        return int(steps)

    return _cpu_rate(seconds, play)


def _vector_rate(name: str, players: int, size: int, seconds: float) -> float | None:
    """Game steps (rows times ``step`` calls) of the vector environment, self-play with
    random legal actions; ``None`` without numpy."""
    try:
        import numpy

        from princes_of_florence.vector import VectorEnv
    except ImportError:
        return None
    env = VectorEnv(name, num_envs=size, players=players)
    observations, _ = env.reset(seed=size)
    rng = random.Random(size)
    masks = observations["action_mask"]
    actions = numpy.zeros(size, dtype=numpy.int64)

    def play(number: int) -> int:
        # a uniformly random legal action per row, picked as the PettingZoo figure picks
        for row in range(size):
            legal = numpy.flatnonzero(masks[row])
            actions[row] = legal[int(rng.random() * len(legal))]
        env.step(actions)
        return size

    return _cpu_rate(seconds, play)


def _decisions(game: AnyGame, players: int, seed: int) -> tuple[list[Any], list[Any]]:
    """The states of a seeded random game where a player decides, and each one's view of
    that player, in play order."""
    rng = random.Random(seed)
    state = game.new_game(game.make_config(players, 1000 + seed, {}))
    states: list[Any] = []
    views: list[Any] = []
    while not game.is_terminal(state) and len(states) < RL_GAME_STEPS:
        seat = game.current_player(state)
        if seat is not None:
            states.append(state)
            views.append(game.observe(state, seat))
        state = game.apply(state, _pick(rng, game.legal_moves(state)))
    return states, views


def _decision_costs(game: AnyGame, players: int, seconds: float) -> dict[str, float]:
    """Microseconds of CPU per ``observation_vector`` and per ``action_mask``, as in play;
    with numpy, for a game that offers
    :class:`~princes_of_florence.games.LearningBuffers`, also per ``seat_vector_into``
    and ``action_mask_into`` into numpy arrays (what the environments call).

    Each round plays a new seeded random game (untimed) and then times the
    calls on its decisions in order: the vector of the view of the player to
    decide, and the mask of the state; the buffer forms are timed on another
    new game, so that each call meets its game's states for the first time.
    New games meet the caches a game keeps between calls as a learner's games do.
    """
    clock = time.process_time
    buffers = game if isinstance(game, games.LearningBuffers) else None
    try:
        import numpy
    except ImportError:
        buffers = None
    spent: dict[str, float] = {}
    calls: dict[str, int] = {}

    def timed(name: str, call: Callable[..., object], arguments: list[tuple[Any, ...]]) -> None:
        start = clock()
        for each in arguments:
            call(*each)
        spent[name] = spent.get(name, 0.0) + clock() - start
        calls[name] = calls.get(name, 0) + len(arguments)

    rounds = 0
    while rounds == 0 or sum(spent.values()) < seconds:
        states, views = _decisions(game, players, 2 * rounds)
        timed("observation_vector", game.observation_vector, [(view,) for view in views])
        timed("action_mask", game.action_mask, [(state,) for state in states])
        if buffers is not None:
            states, _ = _decisions(game, players, 2 * rounds + 1)
            vector = numpy.empty(game.observation_length, numpy.float32)
            mask = numpy.empty(game.action_count, numpy.int8)
            seats = [(state, game.current_player(state), vector) for state in states]
            timed("seat_vector_into", buffers.seat_vector_into, seats)
            timed("action_mask_into", buffers.action_mask_into, [(s, mask) for s in states])
        rounds += 1
    return {name: 1e6 * spent[name] / max(calls[name], 1) for name in spent}


def bench_rl(seconds: float = 2.0) -> dict[str, float]:
    """What a learner's step costs, for every registered game, in CPU time.

    Per game, at :data:`RL_PLAYERS` players (or the nearest count it allows),
    random legal moves throughout: steps per CPU second of the raw engine
    (``legal_moves`` and ``apply`` alone), of the PettingZoo AEC environment
    (``last()`` with the observation and the action mask, then ``step``), of
    the OpenSpiel game (explicit chance; legal actions, observation tensor
    and information-state string each step) and of
    :class:`~princes_of_florence.vector.VectorEnv` with each of
    :data:`RL_SIZES` games at once; then the microseconds of one
    observation vector and one action mask, as met in play, and of their
    buffer forms where the game offers them (``seat_vector_into`` and
    ``action_mask_into`` into numpy arrays, as the environments write).  Figures
    missing an extra (pettingzoo, openspiel, numpy) or an adapter for the
    game are left out.  CPU time (``time.process_time``) rather than the
    clock, so that other work on a shared machine counts less.  The budget
    is shared equally among the games and their figures.
    """
    figures: dict[str, float] = {}
    names = registered_games()
    share = seconds / (len(names) * (4 + len(RL_SIZES)))
    for name in names:
        game = get_game(name)
        players = _rl_players(game)
        figures[f"{name} players"] = float(players)
        figures[f"{name} raw steps per second"] = _raw_rate(game, players, share)
        rates = {
            "pettingzoo": _pettingzoo_rate(name, players, share),
            "openspiel": _openspiel_rate(name, players, share),
            **{f"vector N={size}": _vector_rate(name, players, size, share) for size in RL_SIZES},
        }
        for label, rate in rates.items():
            if rate is not None:
                figures[f"{name} {label} steps per second"] = rate
        for call, cost in _decision_costs(game, players, 2 * share).items():
            figures[f"{name} {call} microseconds"] = cost
    return figures


BENCHMARKS: dict[str, Callable[[float], dict[str, float]]] = {
    "determinize": bench_determinize,
    "games": bench_games,
    "configurations": bench_configurations,
    "json": bench_json,
    "learning": bench_learning,
    "pettingzoo": bench_pettingzoo,
    "openspiel": bench_openspiel,
    "placements": bench_placements,
    "rl": bench_rl,
    "shared_placements": bench_shared_placements,
}
"""Every benchmark by name; each takes a time budget in seconds."""

SETTINGS: dict[str, Callable[[], str]] = {
    "json": lambda: f"JSON library: {json_backend()}",
}
"""What a benchmark's figures depend on besides the machine, printed beside its name."""


def _format(value: float) -> str:
    """A figure with thousands separators, and two decimals unless it is large."""
    if value.is_integer() or abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:,.2f}"


def main(
    argv: list[str] | None = None,
    prog: str = "python -m princes_of_florence.bench",
    parser_class: type[argparse.ArgumentParser] = argparse.ArgumentParser,
) -> int:
    """Run benchmarks and print their figures; returns the exit status.

    Args:
        argv: command-line arguments (``sys.argv[1:]`` when ``None``):
            ``[--seconds S] [NAME ...]``, by default every benchmark for 2
            seconds each.
        prog: the command's name in usage and error messages.
        parser_class: the argument parser to read them with (the command
            line passes its own, whose refusals stay on one line).
    """
    parser = parser_class(
        prog=prog,
        description="Measure the speed of the engine's hot paths.",
    )
    parser.add_argument(
        "--seconds",
        type=seconds_budget,
        default=2.0,
        help="time budget of each benchmark (default: 2)",
    )
    parser.add_argument(
        "names",
        nargs="*",
        metavar="NAME",
        help=f"benchmarks to run (default: all): {', '.join(BENCHMARKS)}",
    )
    args = parser.parse_args(argv)
    names: list[str] = args.names or list(BENCHMARKS)
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r} (known: {', '.join(BENCHMARKS)})")
    for name in names:
        setting = SETTINGS[name]() if name in SETTINGS else ""
        print(f"{name} ({args.seconds:g} s{', ' + setting if setting else ''})")
        figures = BENCHMARKS[name](args.seconds)
        if not figures:
            continue
        width = max(len(key) for key in figures)
        for key, value in figures.items():
            print(f"  {key.replace('_', ' '):<{width}}  {_format(value):>14}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
