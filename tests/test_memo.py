"""Values kept by identity, and texts kept by identity or by value with exact types."""

from __future__ import annotations

import attrs
import pytest

from princes_of_florence import SerializationError, dumps
from princes_of_florence.events import Declined
from princes_of_florence.learning import event_line
from princes_of_florence.memo import TextMemo, typed_key


@attrs.frozen
class _Pair:
    left: object
    right: object


def test_typed_keys_tell_apart_values_python_calls_equal() -> None:
    """1 and True, 0.0 and -0.0, 1 and 1.0 give different keys; equal values of the
    same types, however nested, give equal keys."""
    assert typed_key(_Pair(1, (2, 3))) == typed_key(_Pair(1, (2, 3)))
    for left, right in ((1, True), (0.0, -0.0), (1, 1.0), ((1,), (True,))):
        assert left == right
        assert typed_key(_Pair(left, 0)) != typed_key(_Pair(right, 0))


def test_a_text_memo_writes_each_value_once_and_keeps_no_refusal() -> None:
    """An equal value (another object) is found by value; a value of other types is
    written anew; a refused value raises each time and is never kept."""
    written: list[object] = []

    def write(value: _Pair) -> str:
        written.append(value)
        if value.left is None:
            raise ValueError("no left")
        return repr(value)

    memo: TextMemo[_Pair] = TextMemo(write, limit=4)
    assert "_Pair(left=1, right=2)" == memo.text(_Pair(1, 2))
    assert "_Pair(left=1, right=2)" == memo.text(_Pair(1, 2))
    assert "_Pair(left=True, right=2)" == memo.text(_Pair(True, 2))
    assert 2 == len(written)
    for _ in range(2):
        with pytest.raises(ValueError, match="no left"):
            memo.text(_Pair(None, 2))
    assert 4 == len(written)
    assert "_Pair(left=[1], right=2)" == memo.text(_Pair([1], 2))  # not hashable: written


def test_event_lines_are_the_events_documents() -> None:
    """An event's line is its JSON document, for equal events too; an event holding a
    value of the wrong type is refused as dumps refuses it, even after the right one."""
    assert dumps(Declined(2)) == event_line(Declined(2)) == event_line(Declined(2))
    for _ in range(2):
        with pytest.raises(SerializationError):
            event_line(Declined(True))
