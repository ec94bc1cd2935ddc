"""The optional orjson backend (the extra ``fast``): the same text written, the same
documents read, and the same refusals as the standard library's ``json``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from princes_of_florence import (
    GameConfig,
    SerializationError,
    dumps,
    load_state,
    new_game,
    observe,
)
from princes_of_florence import serialization as serial
from princes_of_florence.engine import apply, legal_moves
from princes_of_florence.serialization import GameRecord, envelope, json_backend
from strategies import played_games

orjson = pytest.importorskip("orjson", reason="the extra 'fast' (orjson) is not installed")


def _outcome(read: Any, text: str) -> tuple[str, str]:
    """What reading ``text`` gives: the value's repr (types and order shown), or the error."""
    try:
        return "value", repr(read(text))
    except (ValueError, RecursionError) as error:  # json's errors, serialization's _Invalid
        return type(error).__name__, str(error)


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(min_value=2**63 - 3, max_value=2**64 + 3),
        st.floats(allow_nan=False, allow_infinity=False),
        st.text(max_size=8),
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3)
        ),
        max_leaves=8,
    )


def _repeat_a_key(text: str) -> str:
    """The compact ``text`` of an object with its first key written twice (else as it is)."""
    if not text.startswith("{") or text == "{}":
        return text
    decoder = json.JSONDecoder()
    _, end = decoder.raw_decode(text, 1)  # the first key; a colon follows it
    _, after = decoder.raw_decode(text, end + 1)
    return f"{{{text[1:after]},{text[1:]}"


@given(
    _json_values(),
    st.sampled_from(["compact", "spaced", "ascii", "orjson", "repeated", "nan", "cut"]),
)
def test_a_document_reads_the_same_with_either_library(value: Any, how: str) -> None:
    compact = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    text = {
        "compact": compact,
        "spaced": json.dumps(value),
        "ascii": json.dumps(value, separators=(",", ":")),
        "orjson": orjson.dumps(value).decode() if abs(_largest(value)) < 2**64 else compact,
        "repeated": _repeat_a_key(compact),
        "nan": f"[{compact},NaN]",
        "cut": compact[:-1],
    }[how]
    assert _outcome(serial._decode, text) == _outcome(serial._DECODER.decode, text)


def _largest(value: Any) -> int:
    """The integer of largest size inside ``value`` (0 if none)."""
    if isinstance(value, bool) or not isinstance(value, int | list | dict):
        return 0
    if isinstance(value, int):
        return value
    items = value.values() if isinstance(value, dict) else value
    return max((_largest(item) for item in items), key=abs, default=0)


@pytest.mark.parametrize(
    "text",
    [
        '{"a":1,"a":2}',  # orjson keeps the last; the standard reader refuses it
        '{"a":{"b":[1,{"c":0,"c":0}]}}',
        "18446744073709551616",  # beyond 64 bits: orjson reads a float
        "-0",
        '"\\u00e9"',  # escaped, not orjson's writing
        '"\\ud800"',  # a lone surrogate
        "1e400",
        "[" * 2000 + "]" * 2000,
        "Infinity",
    ],
)
def test_what_orjson_reads_differently_goes_to_the_standard_reader(text: str) -> None:
    assert _outcome(serial._decode, text) == _outcome(serial._DECODER.decode, text)


@given(played_games(max_moves=120))
def test_every_document_is_the_same_text_with_either_library(game: Any) -> None:
    documents: list[object] = [game.states[-1].config, GameRecord(game.states[0].config, ())]
    for state, move in zip(game.states, game.moves, strict=False):
        documents += [state, move]
        if state.current_player is not None:
            documents.append(observe(state, state.current_player))
    for obj in documents:
        kind, data = serial._kind_and_data(obj)
        document = {"schema": serial.SCHEMA_VERSION, "kind": kind, "data": data}
        assert serial._encode(document) == serial._ENCODER.encode(document)


def test_the_largest_seed_is_written_alike() -> None:
    config = GameConfig(players=3, seed=2**64 - 1)
    text = dumps(config)
    assert '"seed":18446744073709551615' in text
    assert serial._ENCODER.encode(json.loads(text)) == text


def test_a_repeated_key_in_a_state_is_refused_with_either_library(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game(GameConfig(players=3, seed=2))
    text = dumps(state).replace('"money":', '"money":300,"money":', 1)
    for library in ("orjson", "json"):
        if library == "json":
            monkeypatch.setattr(envelope, "_orjson", lambda: None)
        assert json_backend() == library
        with pytest.raises(SerializationError, match="the key 'money' appears twice"):
            load_state(text)


def test_the_standard_library_alone_writes_and_reads_the_same(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = new_game(GameConfig(players=4, seed=5))
    for _ in range(40):
        state = apply(state, legal_moves(state)[-1])
    fast = dumps(state)
    monkeypatch.setattr(envelope, "_orjson", lambda: None)
    assert json_backend() == "json"
    assert dumps(state) == fast
    assert load_state(fast) == state
