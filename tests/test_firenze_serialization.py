"""Firenze JSON and notation: every value round-trips, tampered documents are refused,
and every move has a notation that parses back."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import attrs
import pytest

from firenze_positions import game
from princes_of_florence import games
from princes_of_florence.firenze import (
    FirenzeConfig,
    apply,
    apply_with_events,
    legal_moves,
    new_game,
    outcome,
)
from princes_of_florence.firenze.errors import InvalidMoveError, SerializationError
from princes_of_florence.firenze.ids import Step
from princes_of_florence.firenze.notation import format_move, parse_move
from princes_of_florence.firenze.observation import observe
from princes_of_florence.firenze.serialization import (
    FirenzeRecord,
    dumps,
    load_config,
    load_event,
    load_events,
    load_move,
    load_record,
    load_state,
    load_view,
    replay,
)
from princes_of_florence.firenze.state import State


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


# --------------------------------------------------------------------------
# Refusals: every loader answers a hostile document with Firenze's own error

_LOADERS: dict[str, Any] = {
    "state": load_state,
    "view": load_view,
    "move": load_move,
    "event": load_event,
    "events": load_events,
    "config": load_config,
    "record": load_record,
}


def _valid_documents() -> dict[str, str]:
    """A valid document of every kind, from a game played at random for a while."""
    config = FirenzeConfig(players=3, seed=8)
    state = new_game(config)
    rng = random.Random(8)
    moves: list[Any] = []
    found: dict[str, str] = {}
    while len(moves) < 200 or "event" not in found:
        move = rng.choice(legal_moves(state))
        state, events = apply_with_events(state, move)
        moves.append(move)
        seen = [e for e in events if _int_path(json.loads(dumps(e))["data"]) is not None]
        if len(moves) >= 200 and seen:
            found["event"] = dumps(seen[0])
            found["events"] = dumps(events)
            found["move"] = dumps(move)
    found["state"] = dumps(state)
    found["view"] = dumps(observe(state, 1))
    found["config"] = dumps(config)
    found["record"] = dumps(FirenzeRecord(config=config, moves=tuple(moves)))
    return found


def _int_path(data: Any, path: tuple[Any, ...] = ()) -> tuple[Any, ...] | None:
    """The path of the first integer inside ``data`` (not a boolean), depth first."""
    if type(data) is int and path:
        return path
    items: Any = ()
    if isinstance(data, dict):
        items = data.items()
    elif isinstance(data, list):
        items = enumerate(data)
    for key, value in items:
        found = _int_path(value, (*path, key))
        if found is not None:
            return found
    return None


DOCUMENTS = _valid_documents()


def _refused(kind: str, text: Any, message: str) -> None:
    with pytest.raises(SerializationError, match=message) as caught:
        _LOADERS[kind](text)
    assert type(caught.value) is SerializationError  # Firenze's own, not the library's
    assert len(str(caught.value)) < 1_000


def _with_key(text: str, key_and_value: str) -> str:
    """``text`` with ``key_and_value`` put first in its outer object."""
    return "{" + key_and_value + "," + text[1:]


@pytest.mark.parametrize("kind", sorted(_LOADERS))
@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("deep", "malformed JSON"),
        ("repeated key", r"the key 'game' appears twice in one object"),
        ("repeated inner key", r"the key '\w+' appears twice in one object"),
        ("NaN", "NaN is not a number JSON allows"),
        ("Infinity", "Infinity is not a number JSON allows"),
        ("-Infinity", "-Infinity is not a number JSON allows"),
        ("oversized", r"the document has 2000001 characters; at most 2000000 are read"),
        ("not UTF-8", "the document is not UTF-8"),
        ("digits", r"a number has too many digits \(at most 20\)"),
        ("unknown envelope field", r"unknown fields in the document: surplus @ \$"),
        ("unknown data field", r"extra fields found \(surplus\)"),
        ("another game", r"this is an? \w+ of the game 'princes', not of Firenze \('firenze'\)"),
        ("no game", r"the document does not name its game \('firenze'\) @ \$\.game"),
        ("another kind", r"expected an? \w+ document, not kind '\w+' @ \$\.kind"),
        ("another schema", r"schema 2\.0 is not supported: this version reads schema 1\.x"),
        ("not an object", "a document must be an object with schema, kind and data, not an array"),
        ("not text", "a document must be text, not int"),
    ],
)
def test_every_loader_refuses_a_hostile_document(kind: str, case: str, message: str) -> None:
    """Each text-level refusal, for each loader, is Firenze's SerializationError saying why."""
    valid = DOCUMENTS[kind]
    document = json.loads(valid)
    data = document["data"]
    text: Any
    if case == "deep":
        text = "[" * 100_000
    elif case == "repeated key":
        text = _with_key(valid, '"game":"firenze"')
    elif case == "repeated inner key":
        inner = data[0] if isinstance(data, list) else data
        written = json.dumps(inner, separators=(",", ":"), ensure_ascii=False)
        first = next(iter(inner))
        twice = _with_key(written, f"{json.dumps(first)}:{json.dumps(inner[first])}")
        assert written in valid
        text = valid.replace(written, twice, 1)
    elif case in ("NaN", "Infinity", "-Infinity"):
        text = _with_key(valid, f'"x":{case}')
    elif case == "oversized":
        text = valid + " " * (2_000_001 - len(valid))
    elif case == "not UTF-8":
        text = valid.replace('"schema"', '"sch\udcffema"').encode("utf-8", "surrogateescape")
    elif case == "digits":
        text = _with_key(valid, '"x":' + "9" * 5_000)
    elif case == "unknown envelope field":
        text = _with_key(valid, '"surplus":1')
    elif case == "unknown data field":
        surplus = [{**data[0], "surplus": 1}] if isinstance(data, list) else {**data, "surplus": 1}
        text = json.dumps({**document, "data": surplus})
    elif case == "another game":
        text = json.dumps({**document, "game": "princes"})
    elif case == "no game":
        text = json.dumps({k: v for k, v in document.items() if k != "game"})
    elif case == "another kind":
        text = DOCUMENTS["config" if kind != "config" else "move"]
    elif case == "another schema":
        text = json.dumps({**document, "schema": "2.0"})
    elif case == "not an object":
        text = json.dumps([document])
    else:
        text = 7
    _refused(kind, text, message)


def _shown(path: tuple[Any, ...]) -> str:
    return "$.data" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


def _replaced(document: dict[str, Any], path: tuple[Any, ...], value: Any) -> str:
    data = document["data"]
    for step in path[:-1]:
        data = data[step]
    data[path[-1]] = value
    return json.dumps(document)


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        data = data[step]
    return data


@pytest.mark.parametrize("kind", sorted(_LOADERS))
@pytest.mark.parametrize("wrong", ["float", "bool", "text"])
def test_every_loader_names_a_wrong_type_at_its_path(kind: str, wrong: str) -> None:
    """An integer given as 4.0, true or "4" is refused with the value and its path."""
    document = json.loads(DOCUMENTS[kind])
    path = _int_path(document["data"])
    assert path is not None
    number = _get(document["data"], path)
    value, shown = {
        "float": (float(number), re.escape(f"{float(number)!r}")),
        "bool": (True, "True"),
        "text": (str(number), re.escape(repr(str(number)))),
    }[wrong]
    message = (
        rf"(expected an integer, not {shown}|{shown} is not a \w+) @ {re.escape(_shown(path))}"
    )
    _refused(kind, _replaced(document, path, value), message)


@pytest.mark.parametrize(
    ("kind", "path", "value", "message"),
    [
        ("state", ("step",), "BUILD", r"'BUILD' is not a Step @ \$\.data\.step"),
        ("state", ("step",), 99, r"99 is not a Step @ \$\.data\.step"),
        ("state", ("step",), 1.0, r"1\.0 is not a Step @ \$\.data\.step"),
        ("state", ("step",), True, r"True is not a Step @ \$\.data\.step"),
        ("view", ("step",), "9", r"'9' is not a Step @ \$\.data\.step"),
        ("state", ("exchanged",), 0, r"expected true or false, not 0 @ \$\.data\.exchanged"),
        ("state", ("turns",), -(2**64), r"an integer of 65 bits is out of range @ \$\.data\.turns"),
        ("state", ("players", 0), [], r"expected an object, not an array @ \$\.data\.players\[0\]"),
        ("state", ("players", 0, "hand"), ["Kaiser"], r"'Kaiser' is not a Title"),
        ("move", ("type",), "teleport", r"unknown move tag 'teleport'; expected one of "),
        ("move", ("type",), "PlaceBrick", r"unknown move tag 'PlaceBrick'"),
        ("move", ("type",), [], r"unknown move tag \[\]; expected one of"),
        ("event", ("type",), None, r"an event needs a 'type' tag"),
        ("config", ("players",), 9, r"players must be 2, 3 or 4, not 9 .* @ \$\.data"),
        (
            "record",
            ("moves", 0),
            {"type": "place_brick", "tower": None, "colour": "Y"},
            r"'Y' is not a Colour @ \$\.data\.moves\[0\]\.colour",
        ),
        (
            "record",
            ("game",),
            "florenz",
            r"names the game 'firenze', not 'florenz' @ \$\.data\.game",
        ),
    ],
)
def test_nested_values_are_refused_by_what_they_are(
    kind: str, path: tuple[Any, ...], value: Any, message: str
) -> None:
    """A string, a number, a float or true for an enum, a wrong value deep inside: each named."""
    document = json.loads(DOCUMENTS[kind])
    _refused(kind, _replaced(document, path, value), message)


def test_a_document_of_another_game_is_refused() -> None:
    """Florenz's and The Princes of Florence's real documents are not read as Firenze's."""
    for name in ("florenz", "princes"):
        other = games.get(name)
        config = other.make_config(other.player_counts[0], 1, {})
        state = other.new_game(config)
        for text in (other.dumps(state), other.dumps(config)):
            kind = json.loads(text)["kind"]
            with pytest.raises(SerializationError, match=r"'firenze'|not of Firenze"):
                _LOADERS[kind](text)
        with pytest.raises(SerializationError, match=rf"the game '{name}'"):
            load_record(other.dumps(other.make_record(config, ())))


def test_a_long_record_is_read_and_a_longer_one_refused() -> None:
    """A record as long as a game played to the turn limit reads back (it is longer than
    the library's limits); past Firenze's own limits it is refused before it is read."""
    from princes_of_florence.firenze.moves import EndPhase
    from princes_of_florence.firenze.serialization import MAX_DOCUMENT_CHARS, MAX_RECORD_MOVES

    move = load_move(DOCUMENTS["move"])
    record = FirenzeRecord(config=FirenzeConfig(players=2), moves=(move,) * 12_000)
    assert len(dumps(record)) > 100_000
    assert load_record(dumps(record)) == record
    longer = FirenzeRecord(config=record.config, moves=(EndPhase(),) * (MAX_RECORD_MOVES + 1))
    assert len(dumps(longer)) <= MAX_DOCUMENT_CHARS
    with pytest.raises(SerializationError, match=r"an array of 50001 items; at most 50000"):
        load_record(dumps(longer))


def test_the_quick_reader_and_the_converter_read_alike() -> None:
    """Every valid document reads the same through the quick reader and the converter
    alone, enum members included (a colour, not its rank); the quick reader gives up on
    what the converter refuses, so the converter names it."""
    from princes_of_florence.firenze import serialization
    from princes_of_florence.serialization import converter, quick

    classes = {**dict(serialization._KINDS), "events": tuple[Any, ...]}
    for kind in ("state", "view", "move", "event", "config", "record"):
        data = json.loads(DOCUMENTS[kind])["data"]
        read = serialization._quick_reader(classes[kind])
        slow = converter.structure(serialization._converter(), data, classes[kind], kind)
        assert read is not None
        assert repr(read(data)) == repr(slow)
    state = json.loads(DOCUMENTS["state"])["data"]
    read_state = serialization._quick_reader(State)
    assert read_state is not None
    assert read_state(state).memo_moves is None  # a cache, never in a document
    for wrong in (True, 9.0, "BUILD", None):
        with pytest.raises(quick.GiveUp):
            read_state({**state, "step": wrong})
    with pytest.raises(quick.GiveUp):
        read_state({**state, "memo_moves": None})


def _played(config: FirenzeConfig) -> tuple[list[Any], list[State]]:
    """A random game of ``config`` to its end: the moves and every state."""
    rng = random.Random(config.seed)
    states = [new_game(config)]
    moves: list[Any] = []
    while not states[-1].is_over:
        move = rng.choice(legal_moves(states[-1]))
        moves.append(move)
        states.append(apply(states[-1], move))
    return moves, states


def _finished_record(config: FirenzeConfig, moves: list[Any], final: State) -> FirenzeRecord:
    result = outcome(final)
    return FirenzeRecord(
        config=config,
        moves=tuple(moves),
        scores=result.totals,
        winners=result.winners,
        truncated=result.truncated,
    )


def test_a_record_replays_to_every_state_played() -> None:
    """replay of a finished record, through JSON, gives every state of the game played."""
    config = FirenzeConfig(players=3, seed=11, max_turns=12)
    moves, states = _played(config)
    record = load_record(dumps(_finished_record(config, moves, states[-1])))
    assert states == list(replay(record))
    unfinished = FirenzeRecord(config=config, moves=tuple(moves[:7]))
    assert states[:8] == list(replay(unfinished))


def test_replay_names_the_first_illegal_move() -> None:
    """An illegal move is refused with its number, counted from 1, and the game's reason."""
    config = FirenzeConfig(players=2, seed=3, max_turns=4)
    moves, states = _played(config)
    wrong = next(move for move in moves if move not in legal_moves(states[3]))
    bad = (*moves[:3], wrong, *moves[4:])
    with pytest.raises(
        SerializationError, match=r"^move 4 of the record is illegal: illegal move .* by player"
    ):
        replay(FirenzeRecord(config=config, moves=bad))
    not_a_move: Any = "end phase"
    with pytest.raises(SerializationError, match=r"^move 1 of the record is illegal: 'end phase'"):
        replay(FirenzeRecord(config=config, moves=(not_a_move,)))


def test_replay_refuses_a_result_the_game_does_not_give() -> None:
    """A result that differs from the replayed one, or of a game not over, is refused."""
    config = FirenzeConfig(players=2, seed=8, max_turns=10)
    moves, states = _played(config)
    record = _finished_record(config, moves, states[-1])
    assert states == list(replay(record))
    forged = attrs.evolve(record, scores=(99, 0))
    with pytest.raises(
        SerializationError,
        match=re.escape(f"the record claims the outcome scores (99, 0), winners {record.winners}"),
    ):
        replay(forged)
    only_winners = FirenzeRecord(config, record.moves, winners=(7,))
    with pytest.raises(
        SerializationError,
        match=re.escape(
            f"the record claims the outcome winners (7,), but the replay gives winners "
            f"{record.winners}"
        ),
    ):
        replay(only_winners)
    early = attrs.evolve(record, moves=record.moves[:-1])
    with pytest.raises(
        SerializationError,
        match=f"claims an outcome, but the game is not over after its {len(moves) - 1} moves",
    ):
        replay(early)
    not_a_record: Any = "not a record"
    with pytest.raises(SerializationError, match="expected a Firenze record, not str"):
        replay(not_a_record)
