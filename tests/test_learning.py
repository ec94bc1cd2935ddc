"""Observation vectors, information states, returns and cheap copies."""

from __future__ import annotations

import copy
import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from princes_of_florence import (
    GameConfig,
    GameRecord,
    apply,
    apply_with_events,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    outcome,
)
from princes_of_florence.encoding import BLOCKS
from princes_of_florence.errors import PrincesOfFlorenceError
from princes_of_florence.learning import (
    OBSERVATION_LAYOUT,
    OBSERVATION_LENGTH,
    InformationState,
    _sections,
    information_state,
    information_state_string,
    observation_vector,
    rank_returns,
    returns,
)
from princes_of_florence.serialization import replay
from princes_of_florence.state import GameState, replace
from strategies import PlayedGame, game_configs, play_random, played_games


def _sample(game: PlayedGame, count: int = 12) -> list[GameState]:
    """Up to ``count`` states of ``game``, spread over it, the last included."""
    states = game.states
    step = max(1, len(states) // count)
    return [*states[::step], states[-1]]


@given(played_games())
def test_the_vector_has_one_length_in_every_configuration(game: PlayedGame) -> None:
    """Every view of every configuration gives OBSERVATION_LENGTH small, finite floats."""
    for state in _sample(game):
        for player in range(game.config.players):
            view = observe(state, player)
            sizes = [len(section) for section in _sections(view)]
            assert [size for _, size in OBSERVATION_LAYOUT] == sizes
            vector = observation_vector(view)
            assert OBSERVATION_LENGTH == len(vector)
            assert all(math.isfinite(x) and 0.0 <= x <= 50.0 for x in vector)


@given(played_games(), st.integers(min_value=0, max_value=2**32))
def test_the_vector_reads_only_the_view(game: PlayedGame, seed: int) -> None:
    """A state and a determinization of one player's view give that player the same vector."""
    rng = random.Random(seed)
    for state in _sample(game, 6):
        player = rng.randrange(game.config.players)
        view = observe(state, player)
        guess = determinize(view, rng)
        assert observation_vector(view) == observation_vector(observe(guess, player))


def test_the_viewer_comes_first() -> None:
    """The first player block is the viewer's: its own money, then the next seat's."""
    state = new_game(GameConfig(players=3, seed=2, hidden_money=True))
    start = dict(OBSERVATION_LAYOUT)
    offset = sum(size for name, size in OBSERVATION_LAYOUT[:2])
    assert start["config"] == 9
    for player in range(3):
        vector = observation_vector(observe(state, player))
        assert vector[offset] == 1.0  # the viewer's block is present
        assert vector[offset + 1] == 3.5  # 3500 florins
        assert vector[offset + 2] == 1.0  # and known
        player_size = start["players"] // 5
        assert vector[offset + player_size + 2] == 0.0  # the next player's money is hidden
        assert vector[offset + 3 * player_size] == 0.0  # no fourth player


def test_the_vector_refuses_a_state() -> None:
    """Only a view is read: a whole state is refused with the package's error."""
    with pytest.raises(PrincesOfFlorenceError, match="PlayerView"):
        observation_vector(new_game())  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# Information states
# ---------------------------------------------------------------------------


def _follow(
    state: GameState, player: int, moves: list[object]
) -> tuple[list[str], list[GameState]]:
    info = InformationState.start(state, player)
    texts, states = [str(info)], [state]
    for move in moves:
        state, events = apply_with_events(state, move)  # type: ignore[arg-type]
        info = info.extended(events)
        texts.append(str(info))
        states.append(state)
    return texts, states


@given(played_games(max_moves=150), st.integers(min_value=0, max_value=2**32))
def test_hidden_cards_do_not_change_the_information_state(game: PlayedGame, seed: int) -> None:
    """A state and a determinization of one player's view, played on in step, give the
    player equal information states exactly while the player saw the same events."""
    rng = random.Random(seed)
    at = rng.randrange(len(game.states))
    state = game.states[at]
    player = rng.randrange(game.config.players)
    guess = determinize(observe(state, player), rng)
    true_info = InformationState.start(state, player)
    guess_info = InformationState.start(guess, player)
    assert str(true_info) == str(guess_info)
    assert true_info.compact() == guess_info.compact()
    for move in game.moves[at:]:
        true_legal, guess_legal = legal_moves(state), legal_moves(guess)
        guess_move = move
        if move in true_legal and move not in guess_legal:
            # A card the guess dealt elsewhere: the card in the same place instead.
            if len(true_legal) != len(guess_legal):
                break
            guess_move = guess_legal[true_legal.index(move)]
        state, true_events = apply_with_events(state, move)
        guess, guess_events = apply_with_events(guess, guess_move)
        true_info = true_info.extended(true_events)
        guess_info = guess_info.extended(guess_events)
        same = true_info.events == guess_info.events
        assert same == (str(true_info) == str(guess_info))
        assert same == (true_info.compact() == guess_info.compact())
        if not same:
            break


@given(game_configs(), st.integers(min_value=0, max_value=2**16))
def test_histories_the_player_tells_apart_give_different_strings(
    config: GameConfig, bot_seed: int
) -> None:
    """Two games from one state that differ in a move the player sees are told apart, and a
    history is never confused with its own continuation (perfect recall)."""
    game = play_random(config, bot_seed, limit=60)
    rng = random.Random(bot_seed)
    at = rng.randrange(len(game.states))
    state = game.states[at]
    if is_terminal(state):
        return
    legal = legal_moves(state)
    if len(legal) < 2:
        return
    first, second = rng.sample(legal, 2)
    for player in range(config.players):
        info = InformationState.start(state, player)
        one = info.extended(apply_with_events(state, first)[1])
        two = info.extended(apply_with_events(state, second)[1])
        after_one = apply(state, first)
        after_two = apply(state, second)
        if observe(after_one, player) != observe(after_two, player):
            assert str(one) != str(two)
            assert one.compact() != two.compact()
        assert str(info) != str(one)
        assert info.compact() != one.compact()
        assert str(one).startswith(str(info))


def test_the_mover_always_tells_own_moves_apart() -> None:
    """Each of the mover's legal moves leaves the mover a different information state."""
    state = new_game(GameConfig(players=4, seed=9))
    mover = state.current_player
    assert mover is not None
    info = InformationState.start(state, mover)
    texts = {str(info.extended(apply_with_events(state, m)[1])) for m in legal_moves(state)}
    assert len(legal_moves(state)) == len(texts)


def test_a_record_gives_the_information_state_of_its_moves() -> None:
    """information_state replays the record and redacts the events for the player."""
    game = play_random(GameConfig(players=3, seed=4), 1, limit=40)
    record = GameRecord(game.config, game.moves)
    for player in range(3):
        texts, _ = _follow(game.states[0], player, list(game.moves))
        assert texts[-1] == information_state_string(record, player)
        assert information_state(record, player).first == observe(game.states[0], player)
    steps = replay(record)
    assert steps[-1] == game.states[-1]


def test_another_players_card_is_redacted_in_the_string() -> None:
    """The starting person another player returns is not in the string; the own one is."""
    state = new_game(GameConfig(players=3, seed=1))
    move = legal_moves(state)[0]
    record = GameRecord(state.config, (move,))
    own = information_state_string(record, 0)
    other = information_state_string(record, 1)
    name = move.person.value  # type: ignore[union-attr]
    assert f'"{name}"' in own.splitlines()[-1]
    assert f'"{name}"' not in other.splitlines()[-1]


# ---------------------------------------------------------------------------
# Returns
# ---------------------------------------------------------------------------


@given(game_configs(), st.integers(min_value=0, max_value=2**16))
def test_returns_share_one_between_the_winners(config: GameConfig, bot_seed: int) -> None:
    """Winners share 1, the others get 0; rank returns run from 1 to 0 and sum to n/2."""
    final = play_random(config, bot_seed).states[-1]
    result = outcome(final)
    values = returns(final)
    assert math.isclose(1.0, sum(values))
    for seat, value in enumerate(values):
        expected = 1.0 / len(result.winners) if seat in result.winners else 0.0
        assert expected == value
    ranks = rank_returns(final)
    assert math.isclose(config.players / 2, sum(ranks))
    best = result.ranking[0]
    assert ranks[best] == max(ranks)
    if len(result.winners) == 1:
        assert 1.0 == ranks[best]
    assert min(ranks) >= 0.0


def test_rank_returns_share_tied_ranks() -> None:
    """Players tied on prestige and money share the ranks they hold."""
    final = play_random(GameConfig(players=4, seed=3), 2).states[-1]
    everyone_tied = replace(final, players=(final.players[0],) * 4)
    assert (0.5, 0.5, 0.5, 0.5) == rank_returns(everyone_tied)
    assert (0.25, 0.25, 0.25, 0.25) == returns(everyone_tied)


def test_returns_refuse_a_game_in_play() -> None:
    """Returns of a game not over raise the package's error and change nothing."""
    state = new_game(GameConfig(players=2))
    for kind in (returns, rank_returns):
        with pytest.raises(PrincesOfFlorenceError, match="not over"):
            kind(state)


# ---------------------------------------------------------------------------
# Copies
# ---------------------------------------------------------------------------


def test_copies_of_frozen_values_are_the_values() -> None:
    """copy.copy and copy.deepcopy return states, views, moves, events, configs and records."""
    game = play_random(GameConfig(players=3, seed=5, muse_and_princess=True), 3, limit=80)
    state = game.states[-1]
    _, events = apply_with_events(state, legal_moves(state)[0])
    record = GameRecord(game.config, game.moves)
    values: list[object] = [
        state,
        state.players[0],
        state.players[0].principality,
        observe(state, 1),
        game.config,
        record,
        InformationState.start(state, 0),
        *events,
        *(move for block in BLOCKS for move in block.moves),
    ]
    if state.pending is not None:
        values.append(state.pending)
    for value in values:
        assert copy.copy(value) is value
        assert copy.deepcopy(value) is value
    held_state, held_moves = copy.deepcopy((state, list(game.moves)))
    assert held_state is state
    assert all(a is b for a, b in zip(held_moves, game.moves, strict=True))


def test_a_finished_game_copies_too() -> None:
    """The outcome of a finished game is shared by copies as well."""
    final = play_random(GameConfig(players=2, seed=1), 1).states[-1]
    result = outcome(final)
    assert copy.deepcopy(result) is result
    assert copy.copy(final) is final
