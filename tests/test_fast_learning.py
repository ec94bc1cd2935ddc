"""The fast observation vector and action mask against their earlier definitions.

``tests/reference_learning.py`` and ``tests/reference_encoding.py`` keep the
definitions the package had before observation vectors were built from cached
parts and masks from per-class tables.  Every state of random games of every
configuration (2 to 5 players, Muse & Princess, Cooperative Building, hard
freedoms, the returned order chosen, explicit chance, hidden money) is
compared, in play order as a learner meets them, so that the caches are
exercised as they are in play; then again with the caches emptied and with
views met in a scrambled order.
"""

from __future__ import annotations

import array
import gc
import importlib
import importlib.util
import random
import weakref
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference_encoding
import reference_learning
from princes_of_florence import GameConfig, games, learning, new_game, observe
from princes_of_florence.encoding import (
    ACTION_COUNT,
    action_mask,
    action_mask_into,
    decode_move,
    legal_actions,
)
from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.learning import (
    OBSERVATION_LAYOUT,
    OBSERVATION_LENGTH,
    observation_vector,
    observation_vector_into,
    seat_vector_into,
)
from princes_of_florence.observation import PlayerView, determinize
from princes_of_florence.serialization import dumps, load_view
from princes_of_florence.state import GameState
from strategies import PlayedGame, play_random, played_games

# Without numpy the plain paths are compared all the same; numpy's buffers are not.
numpy: Any = importlib.import_module("numpy") if importlib.util.find_spec("numpy") else None

needs_numpy = pytest.mark.skipif(numpy is None, reason="numpy's buffers need numpy")


def _check_vector(view: PlayerView, state: GameState | None = None) -> None:
    """The vector of ``view`` by every path; with ``state``, the state ``view`` was taken
    from, by :func:`seat_vector_into` too."""
    expected = reference_learning.observation_vector(view)
    assert expected == observation_vector(view)
    if state is not None:
        seat_doubles = array.array("d", bytes(8 * OBSERVATION_LENGTH))
        assert expected == tuple(seat_vector_into(state, view.player, seat_doubles))
    doubles = array.array("d", bytes(8 * OBSERVATION_LENGTH))
    assert expected == tuple(observation_vector_into(view, doubles))
    if numpy is not None:
        rows = numpy.empty(OBSERVATION_LENGTH, dtype=numpy.float64)
        assert expected == tuple(observation_vector_into(view, rows).tolist())
        singles = numpy.empty(OBSERVATION_LENGTH, dtype=numpy.float32)
        observation_vector_into(view, singles)
        assert numpy.array_equal(numpy.array(expected, dtype=numpy.float32), singles)


def _check_mask(state_or_view: GameState | PlayerView) -> None:
    expected = reference_encoding.action_mask(state_or_view)
    assert expected == action_mask(state_or_view)
    assert reference_encoding.legal_actions(state_or_view) == legal_actions(state_or_view)
    # written over ones: every byte is written, not only the legal actions'
    assert expected == bytes(action_mask_into(state_or_view, bytearray(b"\x01" * ACTION_COUNT)))
    ids = reference_encoding.legal_actions(state_or_view)
    buffers = games.get("princes")
    assert isinstance(buffers, games.LearningBuffers)
    assert ids == buffers.legal_actions(state_or_view)  # the protocol's
    for action, move in reference_encoding.legal_by_id(state_or_view).items():
        assert move == decode_move(state_or_view, action)


def _check_game(game: PlayedGame, every: int = 1) -> None:
    for number, state in enumerate(game.states):
        if number % every:
            continue
        _check_mask(state)
        for player in range(game.config.players):
            view = observe(state, player)
            _check_vector(view, state)
            if player == state.current_player or number % 7 == 0:
                _check_mask(view)


@settings(max_examples=12, deadline=None)
@given(played_games())
def test_fast_paths_equal_the_definitions_in_play_order(game: PlayedGame) -> None:
    """Every view and every state of a random game: the same vector, mask and moves."""
    _check_game(game)


CONFIGURATIONS = [
    GameConfig(players=2, seed=1, hard_freedoms=True),
    GameConfig(players=2, seed=2, muse_and_princess=True, explicit_chance=True),
    GameConfig(players=3, seed=3, choose_returned_order=True, hidden_money=True),
    GameConfig(players=4, seed=4, cooperative_building=True),
    GameConfig(players=5, seed=5, muse_and_princess=True, cooperative_building=True),
    GameConfig(players=4, seed=6, explicit_chance=True, choose_returned_order=True),
]


@pytest.mark.parametrize("config", CONFIGURATIONS, ids=lambda c: f"{c.players}p-{c.seed}")
def test_fast_paths_equal_the_definitions_in_each_configuration(config: GameConfig) -> None:
    """A whole game of each configuration, every third state, sales included."""
    _check_game(play_random(config, config.seed, sell_chance=0.2), every=3)


@settings(max_examples=8, deadline=None)
@given(played_games(), st.integers(min_value=0, max_value=2**32))
def test_fast_paths_hold_with_caches_emptied_and_views_scrambled(
    game: PlayedGame, seed: int
) -> None:
    """Cold caches, views in a random order, determinized and reloaded views: no difference."""
    rng = random.Random(seed)
    states = list(game.states)
    rng.shuffle(states)
    for state in states[:25]:
        for memo in learning._MEMOS:
            memo.clear()
        player = rng.randrange(game.config.players)
        view = observe(state, player)
        _check_vector(view, state)
        determinized = determinize(view, rng)
        _check_vector(observe(determinized, player), determinized)
        reloaded = load_view(dumps(view))  # no state of its own: the mask determinizes
        _check_vector(reloaded)
        _check_mask(reloaded)
        _check_mask(view)


@needs_numpy
def test_a_buffer_changed_between_calls_is_filled_whole() -> None:
    """The vector of each step rewrites only what changed in a private copy, so a buffer
    the caller spoiled, or shared between games played in turns, still gets it all."""
    games = [
        play_random(GameConfig(players=players, seed=players, hidden_money=True), players)
        for players in (2, 4)
    ]
    out = numpy.empty(OBSERVATION_LENGTH, dtype=numpy.float32)
    for number in range(max(len(game.states) for game in games)):
        for game in games:
            state = game.states[min(number, len(game.states) - 1)]
            for player in range(game.config.players):
                out[:] = -1.0  # the caller's own use of its buffer
                view = observe(state, player)
                expected = numpy.array(reference_learning.observation_vector(view), numpy.float32)
                assert numpy.array_equal(expected, observation_vector_into(view, out))


@needs_numpy
def test_seat_vectors_in_the_order_an_environment_asks_equal_the_definition() -> None:
    """The player to decide at each step, into one float32 array per seat, as the
    PettingZoo environment asks: each seat's vector is the reference vector of its view,
    in games of each configuration played in turns (so each seat's vector follows many
    moves at once), whatever the caller did to the buffer in between."""
    games = [play_random(config, config.seed, sell_chance=0.2) for config in CONFIGURATIONS]
    buffers = {
        (number, seat): numpy.empty(OBSERVATION_LENGTH, dtype=numpy.float32)
        for number, game in enumerate(games)
        for seat in range(game.config.players)
    }
    for step in range(max(len(game.states) for game in games)):
        for number, game in enumerate(games):
            state = game.states[min(step, len(game.states) - 1)]
            seat = state.current_player if state.current_player is not None else step % 2
            out = buffers[number, seat]
            if step % 5 == 0:
                out[:] = -1.0  # the caller's own use of its buffer
            expected = reference_learning.observation_vector(observe(state, seat))
            assert numpy.array_equal(
                numpy.array(expected, dtype=numpy.float32), seat_vector_into(state, seat, out)
            )


@pytest.mark.parametrize(
    ("state", "player", "error"),
    [
        ("state", 0, "seat_vector_into needs a GameState"),
        (None, 0, "seat_vector_into needs a GameState"),
        (new_game(GameConfig(players=3)), 3, "player must be a player number from 0 to 2"),
        (new_game(GameConfig(players=3)), -1, "player must be a player number from 0 to 2"),
        (new_game(GameConfig(players=3)), True, "player must be a player number from 0 to 2"),
        (new_game(GameConfig(players=3)), "0", "player must be a player number from 0 to 2"),
    ],
    ids=["text", "none", "seat 3 of 3", "seat -1", "bool", "text seat"],
)
def test_seat_vector_into_refuses_what_is_not_a_state_and_seat(
    state: object, player: object, error: str
) -> None:
    """The package's error names what was wrong, and the buffer is left as it was."""
    out = array.array("d", [7.0] * OBSERVATION_LENGTH)
    with pytest.raises(PrincesOfFlorenceError, match=error):
        seat_vector_into(state, player, out)  # type: ignore[arg-type]
    assert array.array("d", [7.0] * OBSERVATION_LENGTH) == out


@needs_numpy
def test_the_vectors_kept_keep_no_state_or_view_alive() -> None:
    """What the vectors of a game keep refers to no state or view: they go with the game."""

    def play(seed: int) -> list[weakref.ref[Any]]:
        game = play_random(GameConfig(players=3, seed=seed), seed, limit=60)
        out = numpy.empty(OBSERVATION_LENGTH, dtype=numpy.float32)
        views = []
        for state in game.states:
            views = [observe(state, player) for player in range(3)]
            for view in views:
                observation_vector_into(view, out)
                seat_vector_into(state, view.player, out)
        return [weakref.ref(game.states[-1]), *(weakref.ref(view) for view in views)]

    gone = [ref for seed in (11, 12) for ref in play(seed)]
    legal_actions(new_game(GameConfig(players=2, seed=1)))  # the engine's last state
    gc.collect()
    assert [ref() for ref in gone] == [None] * len(gone)


@needs_numpy
def test_buffers_of_every_kind_are_filled() -> None:
    """numpy arrays of several types, array.array and bytearray take the same values."""
    game = play_random(GameConfig(players=3, seed=8, muse_and_princess=True), 2, limit=90)
    state = game.states[-1]
    player = state.current_player
    assert player is not None
    view = observe(state, player)
    vector = reference_learning.observation_vector(view)
    for dtype in (numpy.float32, numpy.float64):
        filled = observation_vector_into(view, numpy.full(OBSERVATION_LENGTH, 9, dtype=dtype))
        assert numpy.array_equal(numpy.asarray(vector, dtype=dtype), filled)
    for code in "fd":
        filled_array = observation_vector_into(view, array.array(code, [9.0] * OBSERVATION_LENGTH))
        assert array.array(code, vector) == filled_array
    mask = reference_encoding.action_mask(state)
    for kind in (numpy.uint8, numpy.int8, numpy.bool_, numpy.float32, numpy.int64):
        out = action_mask_into(view, numpy.full(ACTION_COUNT, 1, dtype=kind))
        assert numpy.array_equal(numpy.frombuffer(mask, dtype=numpy.uint8).astype(kind), out)
    assert mask == bytes(action_mask_into(state, array.array("B", bytes(ACTION_COUNT))))


@pytest.mark.parametrize(
    "out",
    [
        bytearray(ACTION_COUNT - 1),
        bytes(ACTION_COUNT),
        [0] * ACTION_COUNT,
        array.array("i", [0] * ACTION_COUNT),
        "mask",
    ],
    ids=["short", "read-only", "list", "wide items", "text"],
)
def test_a_bad_mask_buffer_is_refused_and_left_alone(out: object) -> None:
    """A buffer of the wrong length, kind or item size is refused with the package's error."""
    before = repr(out)
    state = play_random(GameConfig(players=2, seed=3), 1, limit=5).states[-1]
    with pytest.raises(PrincesOfFlorenceError, match="action_mask_into needs"):
        action_mask_into(state, out)
    assert before == repr(out)


def _read_only(values: Any) -> Any:
    values.setflags(write=False)
    return values


@pytest.mark.parametrize(
    "make",
    [
        lambda: numpy.zeros(OBSERVATION_LENGTH - 1),
        lambda: numpy.zeros((2, OBSERVATION_LENGTH)),
        lambda: array.array("i", [0] * OBSERVATION_LENGTH),
        lambda: array.array("d", [0.0] * 3),
        lambda: [0.0] * OBSERVATION_LENGTH,
        lambda: bytearray(OBSERVATION_LENGTH),
        lambda: numpy.zeros(OBSERVATION_LENGTH, dtype=numpy.int32),
        lambda: _read_only(numpy.zeros(OBSERVATION_LENGTH)),
    ],
    ids=["short", "two rows", "int array", "short array", "list", "bytes", "ints", "read-only"],
)
def test_a_bad_vector_buffer_is_refused_and_left_alone(make: Callable[[], Any]) -> None:
    """An array of the wrong shape or type, a list or bytes are refused; nothing is written."""
    try:
        out = make()
    except AttributeError:  # numpy is None
        pytest.skip("numpy's arrays need numpy")
    view = observe(play_random(GameConfig(players=2, seed=3), 1, limit=5).states[-1], 0)
    before = repr(out)
    with pytest.raises(PrincesOfFlorenceError, match="observation_vector_into needs"):
        observation_vector_into(view, out)
    assert before == repr(out)
    with pytest.raises(PrincesOfFlorenceError, match="seat_vector_into needs"):
        seat_vector_into(play_random(GameConfig(players=2, seed=3), 1, limit=5).states[-1], 0, out)
    assert before == repr(out)


def test_the_layout_is_the_definitions() -> None:
    """The published layout and length are those of the earlier definition."""
    assert reference_learning.OBSERVATION_LAYOUT == OBSERVATION_LAYOUT
    assert reference_learning.OBSERVATION_LENGTH == OBSERVATION_LENGTH


def test_a_decoded_move_is_applied_without_a_second_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """decode_move's object is recognised by apply even after masks of other states (as
    when many games are stepped at once): the legality check is not run again."""
    from princes_of_florence import apply, engine

    first = play_random(GameConfig(players=3, seed=4), 1, limit=30).states[-1]
    second = play_random(GameConfig(players=4, seed=5), 2, limit=40).states[-1]
    action = legal_actions(first)[0]
    action_mask(first)
    action_mask(second)
    move = decode_move(first, action)
    checked: list[object] = []
    original = engine.move_problem

    def counting(*arguments: Any) -> str | None:
        checked.append(arguments[1])
        return original(*arguments)

    monkeypatch.setattr(engine, "move_problem", counting)
    after = apply(first, move)
    assert [] == checked
    rebuilt = attrs.evolve(move)  # equal, another object: checked as any move is
    assert rebuilt is not move
    assert after == apply(first, rebuilt)
    assert [rebuilt] == checked
