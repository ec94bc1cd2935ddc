"""Firenze through the game protocol: registration, results, records, the learning
surface, words and pictures, and the heuristic bot."""

from __future__ import annotations

import random
import xml.dom.minidom
from typing import Any

import attrs
import pytest

from princes_of_florence import games
from princes_of_florence.firenze.config import FirenzeConfig
from princes_of_florence.firenze.engine import apply_with_events
from princes_of_florence.firenze.errors import (
    ArgumentError,
    ConfigError,
    IllegalMoveError,
    SerializationError,
)
from princes_of_florence.firenze.game import GAME
from princes_of_florence.firenze.ids import Step, Title
from princes_of_florence.firenze.learning import ACTION_COUNT, decode, encode
from princes_of_florence.firenze.moves import EndPhase, Move, PlayPatrizier
from princes_of_florence.firenze.rules.invariants import state_problems
from princes_of_florence.firenze.serialization import FirenzeRecord
from princes_of_florence.firenze.state import State


def _random_game(
    players: int, seed: int, **options: Any
) -> tuple[FirenzeConfig, list[Move], State]:
    config = GAME.make_config(players, seed, options)
    state = GAME.new_game(config)
    rng = random.Random(seed)
    moves: list[Move] = []
    while not GAME.is_terminal(state):
        move = rng.choice(GAME.legal_moves(state))
        moves.append(move)
        state = GAME.apply(state, move)
    return config, moves, state


def test_registered_as_firenze() -> None:
    """The registry gives this game under its name."""
    assert games.get("firenze") is GAME
    assert GAME.player_counts == (2, 3, 4)


def test_unknown_option_is_refused() -> None:
    """make_config names an unknown option and lists the options."""
    with pytest.raises(ConfigError, match="unknown option 'colour'"):
        GAME.make_config(2, 1, {"colour": "red"})


def test_turn_limit_gives_a_truncated_result() -> None:
    """Ruling ZR44: a game ended by max_turns is flagged truncated in the protocol's result."""
    _, _, state = _random_game(2, 3, max_turns=5)
    result = GAME.result(state)
    assert result.truncated
    assert result.scores == tuple(p.prestige for p in state.players)
    assert sum(GAME.returns(state)) == pytest.approx(1.0)


def test_a_game_ended_by_the_rules_is_not_truncated() -> None:
    """A game that ends by Z105 has truncated False."""
    config = GAME.make_config(2, 5, {})
    state = GAME.new_game(config)
    bot = GAME.bots()["heuristic"](5)
    while not GAME.is_terminal(state):
        player = GAME.current_player(state)
        assert player is not None
        state = GAME.apply(state, bot.choose(GAME.observe(state, player), GAME.legal_moves(state)))
    assert not GAME.result(state).truncated
    assert state.end_holder >= 0


def test_places_share_a_tie() -> None:
    """Players tied for most prestige share first place."""
    state = attrs.evolve(GAME.new_game(GAME.make_config(3, 1, {})), step=Step.OVER)
    assert GAME.result(state).places == (1, 1, 1)
    assert GAME.returns(state) == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_record_replays_and_a_false_result_is_refused() -> None:
    """A record replays to the final state; tampered scores are refused."""
    config, moves, state = _random_game(3, 2, max_turns=12)
    record = GAME.make_record(config, moves, state)
    again = GAME.load_record(GAME.dumps(record))
    assert GAME.replay(again)[-1] == state
    assert GAME.record_moves(again) == tuple(moves)
    assert isinstance(again, FirenzeRecord)
    forged = attrs.evolve(again, scores=(99, 0, 0))
    with pytest.raises(SerializationError, match=r"claims the outcome scores \(99, 0, 0\)"):
        GAME.replay(forged)
    with pytest.raises(SerializationError, match="expected a record"):
        GAME.replay("not a record")


def test_action_ids_are_a_bijection_on_legal_moves() -> None:
    """Every legal move has an id below action_count that decodes back to it; the mask agrees."""
    assert all(encode(decode(a)) == a for a in range(ACTION_COUNT))
    config = GAME.make_config(4, 9, {"event_discard": "choice"})
    state = GAME.new_game(config)
    rng = random.Random(9)
    for _ in range(600):
        if GAME.is_terminal(state):
            break
        moves = GAME.legal_moves(state)
        mask = GAME.action_mask(state)
        assert len(mask) == GAME.action_count
        assert sum(mask) == len(moves)
        for move in moves:
            action = GAME.encode_move(move)
            assert mask[action] == 1
            assert GAME.decode_move(state, action) == move
        view = GAME.observe(state, 0)
        assert len(GAME.observation_vector(view)) == GAME.observation_length
        state = GAME.apply(state, rng.choice(moves))


def test_decode_refuses_an_illegal_action() -> None:
    """An id whose move is not legal now is refused."""
    state = GAME.new_game(GAME.make_config(2, 1, {}))
    legal = GAME.action_mask(state)
    action = next(a for a in range(ACTION_COUNT) if not legal[a])
    with pytest.raises(IllegalMoveError):
        GAME.decode_move(state, action)


def test_views_list_moves_only_for_their_player() -> None:
    """A view lists the state's moves for the player to decide and none for the others."""
    state = GAME.new_game(GAME.make_config(3, 4, {}))
    assert GAME.legal_moves(GAME.observe(state, 0)) == GAME.legal_moves(state)
    assert GAME.legal_moves(GAME.observe(state, 1)) == ()
    assert GAME.action_mask(GAME.observe(state, 1)) == bytes(ACTION_COUNT)


def test_words_and_pictures_for_a_whole_game() -> None:
    """Every move and event has a sentence, every decision a text, every table a picture."""
    config = GAME.make_config(3, 6, {"event_discard": "choice", "max_turns": 30})
    state = GAME.new_game(config)
    rng = random.Random(6)
    while not GAME.is_terminal(state):
        assert GAME.decision_text(state)
        data = GAME.decision_data(state)
        assert data is not None
        assert data["player"] == GAME.current_player(state)
        move = rng.choice(GAME.legal_moves(state))
        assert GAME.describe(move, state, viewer=0).endswith(".")
        state, events = apply_with_events(state, move)
        for event in events:
            assert GAME.describe(event, state, viewer=1).endswith(".")
    assert GAME.decision_text(state) is None
    for where in (state, GAME.observe(state, 2)):
        assert "Player 2" in GAME.render_text(where)
        xml.dom.minidom.parseString(GAME.render_svg(where))


def test_information_state_grows_with_the_moves() -> None:
    """A player's information state only grows: what was seen stays (perfect recall)."""
    config, moves, _ = _random_game(2, 1, max_turns=2)
    short = GAME.information_state(config, moves[:3], 0)
    long = GAME.information_state(config, moves, 0)
    assert long.startswith(short + "\n")


def test_heuristic_bot_beats_random_bots() -> None:
    """The heuristic bot wins most 4-player games against three random bots (seats rotated)."""
    wins = 0
    games_played = 8
    for seed in range(games_played):
        config = GAME.make_config(4, seed, {})
        state = GAME.new_game(config)
        seat = seed % 4
        bot = GAME.bots()["heuristic"](seed)
        rng = random.Random(seed)
        while not GAME.is_terminal(state):
            player = GAME.current_player(state)
            moves = GAME.legal_moves(state)
            if player == seat:
                move = bot.choose(GAME.observe(state, seat), moves)
            else:
                move = rng.choice(moves)
            state = GAME.apply(state, move)
        wins += seat in GAME.result(state).winners
    assert wins >= 7


def _first_state(step: Step, **options: Any) -> State:
    """The first state of seeded random 2-player games that waits for ``step``."""
    for seed in range(50):
        config = GAME.make_config(2, seed, options)
        state = GAME.new_game(config)
        rng = random.Random(seed)
        while not GAME.is_terminal(state):
            if state.step is step:
                return state
            state = GAME.apply(state, rng.choice(GAME.legal_moves(state)))
    raise AssertionError(f"no random game reached {step}")


def test_a_counted_hand_is_dealt_the_patrizier_it_is_asked_about() -> None:
    """Under hands="counts" the other player's determinization of a Patrizier question
    gives the active player a Patrizier (ruling ZR32 a), and the state is sound."""
    state = _first_state(Step.PATRIZIER, hands="counts", max_turns=400)
    other = 1 - state.active
    view = GAME.observe(state, other)
    assert view.players[state.active].hand == ()
    rng = random.Random(5)
    for _ in range(30):
        dealt = GAME.determinize(view, rng)
        assert Title.PATRIZIER in dealt.players[state.active].hand
        assert not state_problems(dealt)
        assert GAME.observe(dealt, other) == view
        for move in GAME.legal_moves(dealt):
            GAME.apply(dealt, move)  # each answer plays on the dealt state


def test_front_end_members() -> None:
    """options, names, free moves, the spectator's view, the hand, cells and the page's SVG."""
    options = GAME.options()
    assert options["event_discard"] == "automatic"
    assert options["hands"] == "open"
    assert "players" not in options
    assert "seed" not in options
    assert GAME.make_config(3, 1, dict(options)) == FirenzeConfig(players=3, seed=1)
    assert GAME.reseed(FirenzeConfig(players=3, seed=1), 9) == FirenzeConfig(players=3, seed=9)
    open_state = GAME.new_game(GAME.make_config(3, 1, {}))
    assert GAME.player_names(open_state) == ("Player 0", "Player 1", "Player 2")
    assert GAME.is_free_move(PlayPatrizier(Title.BLAMAGE))
    assert not GAME.is_free_move(EndPhase())
    assert GAME.hand(GAME.observe(open_state, 0)) == ()  # open hands: nobody sees more
    assert GAME.public_view(open_state).players == open_state.players
    state = _first_state(Step.LIMITS, hands="counts", max_turns=400)
    holder = next(seat for seat, p in enumerate(state.players) if p.hand)
    held = GAME.hand(GAME.observe(state, holder))
    assert [card.name for card in held] == [t.value for t in state.players[holder].hand]
    assert all(card.text and card.place == "hand" for card in held)
    spectator = GAME.public_view(state)
    assert all(p.hand == () for p in spectator.players)
    assert spectator.hand_sizes == tuple(len(p.hand) for p in state.players)
    assert GAME.legal_moves(spectator) == ()
    assert all(GAME.move_cells(state, move) == () for move in GAME.legal_moves(state))
    svg = GAME.render_svg_marked(spectator)
    assert svg.startswith("<svg")
    assert 'width="100%"' in svg
    xml.dom.minidom.parseString(svg)
    with pytest.raises(ArgumentError, match="no cell 'a1'"):
        GAME.render_svg_marked(state, highlight=["a1"])
    with pytest.raises(ArgumentError):
        GAME.move_cells(state, "end")  # type: ignore[arg-type]  # the refusal is the test
