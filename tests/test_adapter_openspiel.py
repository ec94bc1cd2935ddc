"""The OpenSpiel adapter: the random-simulation test, IS-MCTS, chance and information states."""

from __future__ import annotations

import base64
import json
import pickle
import random
from typing import Any

import pytest

pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from princes_of_florence import (
    OBSERVATION_LENGTH,
    ConfigError,
    Deal,
    GameConfig,
    GameRecord,
    InvalidMoveError,
    SerializationError,
    apply,
    dumps,
    games,
    information_state_string,
    is_chance_node,
    load_state,
    new_game,
    observation_vector,
    observe,
    returns,
)
from princes_of_florence.adapters.openspiel import PrincesOfFlorenceState, short_name
from princes_of_florence.encoding import ACTION_COUNT, BLOCKS, action_move

DEAL_BLOCK = next(block for block in BLOCKS if block.kind is Deal)
"""The action ids of chance's deals: a chance outcome is a place in this block."""

NAME = "python_princes_of_florence"


def _load(**params: object) -> Any:
    return pyspiel.load_game(NAME, params)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2, "hard_freedoms": True},
        {"players": 3, "muse_and_princess": True, "hidden_money": True},
        {"players": 4, "cooperative_building": True, "reward": "rank"},
        {"players": 5, "muse_and_princess": True, "cooperative_building": True},
    ],
    ids=str,
)
def test_openspiel_random_simulation_test_passes(params: dict[str, object]) -> None:
    """pyspiel.random_sim_test plays whole games, serializing and reloading states."""
    pyspiel.random_sim_test(_load(**params), num_sims=1, serialize=True, verbose=False)


def _play_random(params: dict[str, object], seed: int) -> tuple[PrincesOfFlorenceState, list[int]]:
    game = pyspiel.load_game(NAME, params)
    state = game.new_initial_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert all(probability == 1 / len(outcomes) for _, probability in outcomes)
            assert all(0 <= action < DEAL_BLOCK.size for action, _ in outcomes)
            action = rng.choice(outcomes)[0]
        else:
            action = rng.choice(state.legal_actions())
        actions.append(action)
        state.apply_action(action)
    return state, actions


def test_chance_deals_and_the_game_matches_the_engine() -> None:
    """Chance's actions are the engine's deals; the record of all moves replays the game,
    with the same information states, observations and returns."""
    state, actions = _play_random({"players": 3}, 2)
    config = GameConfig(players=3, explicit_chance=True)
    moves = []
    replayed = new_game(config)
    for action in actions:
        move = DEAL_BLOCK.moves[action] if is_chance_node(replayed) else action_move(action)
        moves.append(move)
        replayed = apply(replayed, move)
    assert replayed == state.game_state
    record = GameRecord(config, tuple(moves))
    assert list(returns(state.game_state)) == state.returns()
    for player in range(3):
        assert information_state_string(record, player) == state.information_state_string(player)
        vector = observation_vector(observe(state.game_state, player))
        assert list(np.asarray(vector, np.float32)) == list(state.observation_tensor(player))
    assert 1.0 == sum(state.returns())
    assert sum(1 for m in moves if isinstance(m, Deal)) > 21 + 20 + 14


def test_no_player_sees_the_cards_dealt_to_others() -> None:
    """A resampled state deals the hidden cards anew; the player's strings stay the same."""
    game = pyspiel.load_game(NAME, {"players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert 21 == len(state.chance_outcomes())
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    other = state.resample_from_infostate(0, None)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert list(state.observation_tensor(0)) == list(other.observation_tensor(0))
    assert list(state.legal_actions()) == list(other.legal_actions())
    hand = state.game_state.players[1].hand_persons
    assert all(f'"{person.value}"' not in state.information_state_string(0) for person in hand)


def test_ismcts_searches_a_two_player_game() -> None:
    """OpenSpiel's IS-MCTS bot picks legal actions, searching resampled states."""
    game = pyspiel.load_game(NAME, {"players": 2})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while decisions < 4:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert not state.is_terminal()


def test_the_game_describes_itself() -> None:
    """Game type, sizes and parameters are what OpenSpiel algorithms read."""
    game = _load(players=5, muse_and_princess=True)
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert 5 == game.num_players()
    assert ACTION_COUNT == game.num_distinct_actions()
    assert [OBSERVATION_LENGTH] == game.observation_tensor_shape()
    assert DEAL_BLOCK.size == game.max_chance_outcomes()
    assert 2.5 == _load(players=5, reward="rank").utility_sum()


def test_bad_parameters_raise_config_errors() -> None:
    """An impossible configuration or an unknown reward is the package's ConfigError."""
    with pytest.raises(ConfigError, match="reward"):
        _load(players=3, reward="score")
    with pytest.raises(ConfigError, match="hard_freedoms"):
        _load(players=3, hard_freedoms=True)


def _played(params: dict[str, object], seed: int, steps: int) -> Any:
    """A state after ``steps`` random actions (or the end)."""
    return _advance(_load(**params).new_initial_state(), random.Random(seed), steps)


def _advance(state: Any, rng: random.Random, steps: int) -> Any:
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_serialized_state_is_json_and_reads_back_the_same() -> None:
    """serialize writes the history and the state document; deserialize_state restores
    the state, its history and every information state."""
    state = _played({"players": 3, "muse_and_princess": True}, 4, 400)
    text = state.serialize()
    head, document = text.split("\n")
    assert json.loads(head)["history"] == state.history()
    assert load_state(document) == state.game_state
    copy = state.get_game().deserialize_state(text)
    assert state.game_state == copy.game_state
    assert state.history() == copy.history()
    for player in range(3):
        assert state.information_state_string(player) == copy.information_state_string(player)
    assert str(state) == str(copy)


def test_a_resampled_state_reads_back_the_same() -> None:
    """A state resampled for a player, then played on, round-trips; its guess is checked
    against what the player saw."""
    state = _played({"players": 2}, 5, 120)
    assert not state.is_terminal()
    other = _advance(state.resample_from_infostate(1, lambda: 0.25), random.Random(2), 30)
    text = other.serialize()
    copy = state.get_game().deserialize_state(text)
    assert other.game_state == copy.game_state
    for player in range(2):
        assert other.information_state_string(player) == copy.information_state_string(player)
    # The guess replaced by the true state of another player's seat: refused.
    lines = text.split("\n")
    lines[1] = dumps(state.game_state)
    head = json.loads(lines[0])
    head["resampled"] = [[head["resampled"][0][0], 0]]
    lines[0] = json.dumps(head)
    with pytest.raises(SerializationError):
        state.get_game().deserialize_state("\n".join(lines))


_UNPICKLED: list[str] = []
"""What a pickle of :class:`_Payload` has run: a call of :func:`_ran`, found by name."""


def _ran(word: str) -> None:
    _UNPICKLED.append(word)


class _Payload:
    """Unpickled, it calls :func:`_ran` (at module level, so that pickle finds it)."""

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (_ran, ("ran",))


def test_deserialize_state_never_unpickles() -> None:
    """OpenSpiel's generic form of a Python state (a pickle) is refused, and the pickle
    never runs."""
    payload = pickle.dumps({"game_state": _Payload()})
    pickle.loads(payload)  # the payload runs when unpickled
    assert ["ran"] == _UNPICKLED
    _UNPICKLED.clear()
    encoded = base64.b64encode(payload).decode()
    game = _load(players=3)
    with pytest.raises(SerializationError, match="not JSON"):
        game.deserialize_state(f"history=\nmove_number=0\n__dict__={encoded}")
    with pytest.raises(SerializationError, match="not JSON"):
        game.deserialize_state(payload.decode("latin-1"))
    assert [] == _UNPICKLED


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda h: {**h, "history": [*h["history"][:3], h["history"][3] + 1, *h["history"][4:]]},
            "of the history",
        ),
        (lambda h: {**h, "history": h["history"][:-1]}, "not the one its actions reach"),
        (lambda h: {**h, "history": [*h["history"], -5]}, "not a"),
        (lambda h: {**h, "history": [*h["history"], 1.0]}, "integers"),
        (lambda h: {**h, "history": [True, *h["history"][1:]]}, "integers"),
        (lambda h: {**h, "game": "chess"}, "game"),
        (lambda h: {**h, "resampled": [[10**6, 0]]}, "resampled"),
        (lambda h: {**h, "resampled": [[1, 0]]}, "state documents"),
        (lambda h: {"history": h["history"]}, "game, history and resampled"),
        (lambda h: [h], "game, history and resampled"),
    ],
    ids=[
        "another-action",
        "one-action-short",
        "negative",
        "float",
        "bool",
        "other-game",
        "resampled-late",
        "resampled-without-document",
        "missing-field",
        "not-an-object",
    ],
)
def test_a_tampered_history_is_refused(change: Any, message: str) -> None:
    """A history changed in any way, or a first line of another shape, is a
    SerializationError naming the problem."""
    state = _played({"players": 3}, 6, 80)
    head_text, document = state.serialize().split("\n")
    head = change(json.loads(head_text))
    with pytest.raises(SerializationError, match=message):
        state.get_game().deserialize_state(json.dumps(head) + "\n" + document)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "{}",
        "null\n{}",
        "[1]\n" * 3,
        '{"game": NaN}',
        '{"history": [], "history": [], "game": "python_princes_of_florence", "resampled": []}',
        '{"history": [' + "9" * 5_000 + "]}",
        "x" * 200_000,
        "[" * 10_000,
    ],
    ids=[
        "empty",
        "newline",
        "empty-object",
        "null",
        "lists",
        "nan",
        "repeated-key",
        "huge-number",
        "long",
        "deep",
    ],
)
def test_malformed_texts_are_refused(text: str) -> None:
    """Any text that is not a serialization is a SerializationError."""
    with pytest.raises(SerializationError):
        _load(players=2).deserialize_state(text)


def test_a_state_document_of_another_game_is_refused() -> None:
    """The state document must be the one the game's actions reach."""
    state = _played({"players": 3}, 7, 60)
    head, _ = state.serialize().split("\n")
    elsewhere = new_game(GameConfig(players=3, explicit_chance=True, seed=3))
    with pytest.raises(SerializationError, match="not the one its actions reach"):
        state.get_game().deserialize_state(head + "\n" + dumps(elsewhere))
    with pytest.raises(SerializationError):
        state.get_game().deserialize_state(head + "\n" + '{"schema":"1.0"}')


@pytest.mark.parametrize("outcome", [-2, -58, 58, 61, 2**40])
def test_a_chance_outcome_out_of_range_is_refused(outcome: int) -> None:
    """A negative chance outcome or one past the deal block is an InvalidMoveError;
    nothing is recorded."""
    state = _load(players=3).new_initial_state()
    before = state.game_state
    with pytest.raises(InvalidMoveError, match="not a chance outcome"):
        state.apply_action(outcome)
    assert [] == state.history()
    assert before is state.game_state
    with pytest.raises(InvalidMoveError, match="not a chance outcome"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)


# ---------------------------------------------------------------------------
# Every registered game: the same conformance tests, through the protocol only.


def test_every_game_is_registered_under_its_name() -> None:
    """Each registered game has an OpenSpiel game: python_princes_of_florence for The
    Princes of Florence, python_NAME for the others."""
    registered = set(pyspiel.registered_names())
    assert NAME == short_name("princes")
    for name in games.names():
        assert short_name(name) in registered
        assert short_name(name) == (NAME if name == "princes" else f"python_{name}")


SHORT_GAME_TURNS = 20
"""The turn limit of a game that has one (Firenze, ruling ZR44), in these tests.

Uniformly random play rarely finishes a game of Firenze: it runs on to the
limit of 1,000 player turns, over 10,000 moves, and OpenSpiel's tests read the
whole information state at every move.  A short limit keeps each test to
seconds and still plays every kind of decision.
"""


def _smallest(name: str) -> dict[str, object]:
    """Parameters of the game's smallest table of at least 2 players (a short game where
    the game has a turn limit)."""
    game = games.get(name)
    params: dict[str, object] = {"players": min(n for n in game.player_counts if n >= 2)}
    if "max_turns" in game.options():
        params["max_turns"] = SHORT_GAME_TURNS
    return params


@pytest.mark.parametrize("name", games.names())
def test_every_game_passes_the_random_simulation_test(name: str) -> None:
    """pyspiel.random_sim_test plays a whole game of each registered game, serializing
    and reloading its states (by the adapter's JSON), with explicit chance where the
    game offers it."""
    game = pyspiel.load_game(short_name(name), _smallest(name))
    explicit = games.get(name).chance_outcome_count > 0
    mode = pyspiel.GameType.ChanceMode
    expected = mode.EXPLICIT_STOCHASTIC if explicit else mode.DETERMINISTIC
    assert expected == game.get_type().chance_mode
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", games.names())
def test_every_game_keeps_the_information_states_of_its_protocol(name: str) -> None:
    """After a whole random game, each player's information state string is the
    game's information_state of the moves played; the observation tensor is the
    game's observation vector; the returns are the game's."""
    game = games.get(name)
    spiel = pyspiel.load_game(short_name(name), _smallest(name))
    state = spiel.new_initial_state()
    rng = random.Random(3)
    moves = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcome = rng.choice(state.chance_outcomes())[0]
            moves.append(game.chance_outcome_move(outcome))
            state.apply_action(outcome)
        else:
            action = rng.choice(state.legal_actions())
            moves.append(game.decode_move(state.game_state, action))
            state.apply_action(action)
    config = spiel.config
    assert list(game.returns(state.game_state)) == state.returns()
    for player in range(spiel.num_players()):
        assert game.information_state(config, moves, player) == (
            state.information_state_string(player)
        )
        vector = game.observation_vector(game.observe(state.game_state, player))
        assert list(np.asarray(vector, np.float32)) == list(state.observation_tensor(player))


class _Even(mcts.Evaluator):  # type: ignore[misc]  # open_spiel has no type hints
    """An evaluation without rollouts, every leaf even: the search, not the play of
    random games to the end (some games' random games last thousands of moves)."""

    def evaluate(self, state: Any) -> Any:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        actions = state.legal_actions()
        return [(action, 1.0 / len(actions)) for action in actions]


@pytest.mark.parametrize("name", games.names())
def test_every_game_is_searched_by_ismcts(name: str) -> None:
    """OpenSpiel's IS-MCTS bot picks legal actions in each registered game, searching
    states resampled from the information state (that the player cannot tell from the
    true one)."""
    game = pyspiel.load_game(short_name(name), _smallest(name))
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, _Even(), uct_c=2.0, max_simulations=6, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while decisions < 3 and not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
            continue
        player = state.current_player()
        other = state.resample_from_infostate(player, rng.rand)
        assert state.information_state_string(player) == other.information_state_string(player)
        assert list(state.observation_tensor(player)) == list(other.observation_tensor(player))
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert 3 == decisions


@pytest.mark.parametrize("name", games.names())
def test_every_game_refuses_a_tampered_serialization(name: str) -> None:
    """For each registered game, a serialized state reads back the same, and an
    action changed in its history, a state document of another deal, an action out
    of range and a pickle are SerializationErrors."""
    game = pyspiel.load_game(short_name(name), _smallest(name))
    state = _advance(game.new_initial_state(), random.Random(8), 40)
    text = state.serialize()
    assert state.game_state == game.deserialize_state(text).game_state
    head_text, *documents = text.split("\n")
    head = json.loads(head_text)
    changed = [*head["history"][:-1], head["history"][-1] + 1]
    for history in (changed, [*head["history"], 10**6], [-3]):
        tampered = json.dumps({**head, "history": history})
        with pytest.raises(SerializationError):
            game.deserialize_state("\n".join([tampered, *documents]))
    with pytest.raises(SerializationError, match="not JSON"):
        game.deserialize_state(base64.b64encode(pickle.dumps({"a": 1})).decode())


@pytest.mark.parametrize("name", games.names())
def test_every_game_refuses_outcomes_and_actions_out_of_range(name: str) -> None:
    """A chance outcome out of range (with explicit chance) or an action id out of
    range is an InvalidMoveError; nothing is recorded."""
    game = pyspiel.load_game(short_name(name), _smallest(name))
    state = game.new_initial_state()
    if state.is_chance_node():
        with pytest.raises(InvalidMoveError, match="not a chance outcome"):
            state.apply_action(game.max_chance_outcomes())
        state = _advance(state, random.Random(1), 1)
        while state.is_chance_node():
            state = _advance(state, random.Random(1), 1)
    before, history = state.game_state, state.history()
    for action in (game.num_distinct_actions(), -2, 2**40):
        with pytest.raises(InvalidMoveError, match="not an action id"):
            state.apply_action(action)
    assert (before, history) == (state.game_state, state.history())


def test_information_states_asked_in_any_order_and_of_clones_are_the_protocols() -> None:
    """Lines worked out when first asked for: whichever player is asked when, and
    whether a clone or its original is asked first, each text is the protocol's
    information state of the moves played, and so is a pickled copy's; the observation
    tensor and the legal actions, asked twice, are the game's vector and mask."""
    game = games.get("princes")
    spiel = pyspiel.load_game("python_princes_of_florence", {"players": 3})
    config = spiel.config
    state = spiel.new_initial_state()
    rng = random.Random(11)
    moves: list[Any] = []
    clones: list[tuple[Any, int]] = []
    steps = 0
    while not state.is_terminal() and steps < 120:
        if steps % 7 == 0:
            clones.append((state.clone(), len(moves)))
        player = rng.randrange(3)
        if steps % 3 == 0:
            assert game.information_state(config, moves, player) == (
                state.information_state_string(player)
            )
        if state.is_chance_node():
            action = rng.choice(state.chance_outcomes())[0]
            moves.append(game.chance_outcome_move(action))
        else:
            seat = state.current_player()
            vector = np.asarray(observation_vector(observe(state.game_state, seat)), np.float32)
            for _ in range(2):
                assert np.array_equal(
                    vector, np.asarray(state.observation_tensor(seat), np.float32)
                )
                legal = np.flatnonzero(np.frombuffer(game.action_mask(state.game_state), np.uint8))
                assert legal.tolist() == state.legal_actions()
            action = state.legal_actions()[rng.randrange(len(state.legal_actions()))]
            moves.append(game.decode_move(state.game_state, action))
        state.apply_action(action)
        steps += 1
    copy = pickle.loads(pickle.dumps(state))
    for player in (2, 0, 1):
        expected = game.information_state(config, moves, player)
        assert expected == state.information_state_string(player)
        assert expected == copy.information_state_string(player)
    for clone, done in reversed(clones):
        for player in range(3):
            assert game.information_state(config, moves[:done], player) == (
                clone.information_state_string(player)
            )


@pytest.mark.parametrize("name", games.names())
def test_the_state_answers_as_openspiel_s_own_methods(name: str) -> None:
    """``observation_tensor``, ``information_state_string``, ``legal_actions`` and
    ``is_chance_node``, answered in Python, give what OpenSpiel's C++ methods give (through
    the game's observers for the first two), for every player, the one to decide by
    default; anything else (a chance node's default player, a number out of range, a
    numpy integer) goes to OpenSpiel's own method, errors included."""
    spiel = pyspiel.load_game(short_name(name), _smallest(name))
    players = spiel.num_players()
    state = spiel.new_initial_state()
    rng = random.Random(5)
    asked = 0
    while not state.is_terminal() and asked < 40:
        if state.is_chance_node():
            assert pyspiel.State.is_chance_node(state)
            outcomes = sorted(outcome for outcome, _ in state.chance_outcomes())
            assert state.legal_actions() == pyspiel.State.legal_actions(state) == outcomes
            for method in (state.observation_tensor, state.information_state_string):
                with pytest.raises(pyspiel.SpielError, match="player >= 0"):
                    method()
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        own = (pyspiel.State.observation_tensor, pyspiel.State.information_state_string)
        for method in ("observation_tensor", "information_state_string"):
            python, cpp = getattr(state, method), own[method == "information_state_string"]
            assert python() == cpp(state) == cpp(state, state.current_player())
            for player in range(players):
                assert python(player) == cpp(state, player) == python(np.int64(player))
            with pytest.raises(pyspiel.SpielError, match=r"player < (num_players_|NumPlayers)"):
                python(players)
            with pytest.raises(pyspiel.SpielError, match="player >= 0"):
                python(-1)
        assert state.is_chance_node() is pyspiel.State.is_chance_node(state) is False
        for player in (None, *range(players)):
            python = state.legal_actions() if player is None else state.legal_actions(player)
            cpp = pyspiel.State.legal_actions(state, *([] if player is None else [player]))
            assert python == cpp
        with pytest.raises(pyspiel.SpielError, match="pseudo-player"):
            state.legal_actions(-1)
        state.apply_action(rng.choice(state.legal_actions()))
        asked += 1
