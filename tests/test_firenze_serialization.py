"""Firenze JSON and notation: every value round-trips, tampered documents are refused,
and every move has a notation that parses back."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from firenze_positions import game
from princes_of_florence import games
from princes_of_florence.firenze import FirenzeConfig, apply_with_events, legal_moves, new_game
from princes_of_florence.firenze.errors import InvalidMoveError, SerializationError
from princes_of_florence.firenze.ids import Step
from princes_of_florence.firenze.notation import format_move, parse_move
from princes_of_florence.firenze.observation import observe
from princes_of_florence.firenze.serialization import (
    FirenzeRecord,
    dumps,
    load_config,
    load_event,
    load_move,
    load_record,
    load_state,
    load_view,
)


@pytest.mark.parametrize(
    "config",
    [
        FirenzeConfig(players=2, seed=1),
        FirenzeConfig(players=3, seed=2, event_discard="choice", hands="counts"),
        FirenzeConfig(players=4, seed=3, anerkennung="split", campanile=False, max_turns=40),
        FirenzeConfig(players=2, seed=4, explicit_chance=True, max_turns=40),
    ],
)
def test_every_value_of_a_game_round_trips(config: FirenzeConfig) -> None:
    """States, views, moves and events of a random game load back equal; notation too."""
    assert load_config(dumps(config)) == config
    state = new_game(config)
    rng = random.Random(config.seed)
    for _ in range(400):
        if state.is_over:
            break
        assert load_state(dumps(state)) == state
        view = observe(state, state.decider)
        assert load_view(dumps(view)) == view
        moves = legal_moves(state)
        for move in moves:
            assert load_move(dumps(move)) == move
            assert parse_move(format_move(move)) == move
        state, events = apply_with_events(state, rng.choice(moves))
        for event in events:
            assert load_event(dumps(event)) == event


def test_tampered_state_is_refused() -> None:
    """A state with a brick too many breaks the 88 and is refused with the reason."""
    document = json.loads(dumps(game()))
    document["data"]["bag"][0] += 1
    with pytest.raises(SerializationError, match="colour 0 has 26 bricks, not 25"):
        load_state(json.dumps(document))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "malformed JSON at line 1, column 1"),
        ('{"type": "pay_brick", "colour": "X"}', r"'X' is not a Colour @ \$\.data\.colour"),
        ('{"type": "teleport"}', "unknown move tag 'teleport'"),
        (
            '{"type": "choose_card", "slot": true, "fuerstin": false}',
            r"expected an integer, not True @ \$\.data\.slot",
        ),
    ],
)
def test_malformed_move_documents_are_refused(text: str, message: str) -> None:
    """A malformed move document raises SerializationError naming the problem."""
    if text != "not json":
        text = f'{{"schema": "1.0", "kind": "move", "game": "firenze", "data": {text}}}'
    with pytest.raises(SerializationError, match=message):
        load_move(text)


def test_config_with_a_bad_option_is_refused() -> None:
    """The configuration's own checks run on load."""
    document = json.loads(dumps(FirenzeConfig(players=2)))
    document["data"]["players"] = 7
    with pytest.raises(SerializationError, match="players must be 2, 3 or 4"):
        load_config(json.dumps(document))


def test_record_names_its_game() -> None:
    """A record carries "firenze"; another game's record is refused."""
    record = FirenzeRecord(config=FirenzeConfig(players=2), moves=())
    assert load_record(dumps(record)) == record
    data = json.loads(dumps(record))
    data["game"] = "princes"
    with pytest.raises(SerializationError, match=r"record of the game 'princes'.* @ \$\.game"):
        load_record(json.dumps(data))
    del data["game"]
    with pytest.raises(
        SerializationError, match=r"does not name its game \('firenze'\) @ \$\.game"
    ):
        load_record(json.dumps(data))
    data = json.loads(dumps(record))
    data["data"]["game"] = "princes"
    with pytest.raises(SerializationError, match=r"not 'princes' @ \$\.data\.game"):
        load_record(json.dumps(data))


def test_a_princes_record_is_refused() -> None:
    """A record of The Princes of Florence, written by that game, is not read as Firenze's."""
    princes = games.get("princes")
    text = princes.dumps(princes.make_record(princes.make_config(3, 1, {}), ()))
    with pytest.raises(SerializationError, match="the game 'princes'"):
        load_record(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "starts with no known word"),
        ("fly 3", "starts with no known word"),
        ("choose", "1 words; expected 'choose <slot> \\[fuerstin\\]'"),
        ("choose 2 queen", "'queen' is not 'fuerstin'"),
        ("pay K", "'K' is not a colour"),
        ("cancel maybe", "is not yes or no"),
        ("place W top", "'top' is not a number"),
        ("drop Kaiser", "'Kaiser' is not a card title"),
        ("patrizier", "no title"),
    ],
)
def test_bad_notation_is_refused_with_the_shape(text: str, message: str) -> None:
    """Malformed notation raises InvalidMoveError naming what is wrong."""
    with pytest.raises(InvalidMoveError, match=message):
        parse_move(text)


@pytest.mark.parametrize(
    ("tamper", "message"),
    [
        (lambda d: d["row"][0].update(title="Skandal"), "of the right titles"),
        (lambda d: d.update(step=Step.PAY_CARD.value), "the card payment is already complete"),
        (lambda d: d["seals"].__setitem__(0, 7), "a seal belongs to no player"),
        (lambda d: d.update(balconies=["BI-Y", "BI-G", "BIII-R", "BIV-B"]), "numeral I-IV"),
        (lambda d: d.update(end_holder=5), "held by no player"),
        (lambda d: d.update(step=Step.CHANCE.value), "chance step without explicit chance"),
        (lambda d: d.update(level_tiles=[5, 5]), "level tile"),
    ],
)
def test_tampered_states_are_refused_with_the_reason(tamper: Any, message: str) -> None:
    """load_state refuses a state the engine could not play on, saying why."""
    document = json.loads(dumps(game()))
    tamper(document["data"])
    with pytest.raises(SerializationError, match=message):
        load_state(json.dumps(document))
