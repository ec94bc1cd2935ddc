"""The document envelope and the JSON text of every game's documents.

This module is generic: it knows no game.  A document is one JSON object,
its envelope naming the schema version and the kind of value it holds, and,
where the game says so, the game::

    {"schema":"1.1","kind":"record","game":"princes","data":{...}}

A game describes its envelope once, as an :class:`Envelope`, and writes and
reads every document through it: :meth:`Envelope.write` puts the value's JSON
(built by the game's converter, :mod:`princes_of_florence.serialization.converter`)
in the envelope, and :meth:`Envelope.read` checks the envelope of a text
before handing back its ``data``.  Reading is bounded
(:data:`~princes_of_florence.limits.MAX_DOCUMENT_CHARS`, or the game's
:attr:`Envelope.max_chars`), refuses a key given
twice, ``NaN`` and ``Infinity``, and says what is wrong with a path
(``@ $.schema``).

The text is written by `orjson <https://github.com/ijl/orjson>`_ when the
extra ``fast`` is installed, else by the standard library, and is the same
either way (:func:`~princes_of_florence.json_backend`).

>>> envelope = Envelope(game="dice", title="Dice", schema="2.0")
>>> envelope.write("record", {"rolls": [3, 6]})
'{"schema":"2.0","kind":"record","game":"dice","data":{"rolls":[3,6]}}'
>>> envelope.read('{"schema":"2.3","kind":"roll","data":4}', "roll")
4
>>> envelope.read('{"schema":"2.0","kind":"roll","game":"chess","data":4}', "roll")
Traceback (most recent call last):
...
princes_of_florence.errors.SerializationError: this is a roll of the game 'chess', \
not of Dice ('dice'): load it with that game's load_roll @ $.game

A game adopting it keeps its own names for what it writes: The Princes of
Florence's envelope is ``ENVELOPE`` in
:mod:`princes_of_florence.serialization.princes`.
"""

from __future__ import annotations

import functools
import json
import re
import types
from collections.abc import Sequence
from typing import Any, cast

import attrs

from princes_of_florence.errors import SerializationError
from princes_of_florence.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_ERRORS,
    MAX_NUMBER_DIGITS,
    shorten,
)

__all__ = [
    "DECODER",
    "ENCODER",
    "Envelope",
    "Invalid",
    "decode",
    "encode",
    "json_backend",
    "kind_of",
    "listed",
]


class Invalid(ValueError):
    """A bad value found while reading a document; its text is the whole message.

    The converter's hooks (:mod:`princes_of_florence.serialization.converter`)
    and the JSON reader raise it; a loader turns it into a
    :class:`~princes_of_florence.SerializationError` with the value's path.

    >>> str(Invalid("expected an integer, not 'x'"))
    "expected an integer, not 'x'"
    """


def kind_of(value: object) -> str:
    """How a message names the JSON kind of ``value``.

    >>> kind_of({}), kind_of([1]), kind_of(None), kind_of(2.5)
    ('an object', 'an array', 'null', 'a number')
    """
    names = {dict: "an object", list: "an array", str: "a string", bool: "a boolean"}
    if value is None:
        return "null"
    if type(value) in names:
        return names[type(value)]
    return "a number"


def listed(problems: Sequence[str]) -> str:
    """The first :data:`~princes_of_florence.limits.MAX_ERRORS` problems, and how many more.

    >>> listed(["a", "b"])
    'a; b'
    >>> listed([str(n) for n in range(7)])
    '0; 1; 2; 3; 4; and 2 more'
    """
    shown = "; ".join(problems[:MAX_ERRORS])
    if len(problems) > MAX_ERRORS:
        shown += f"; and {len(problems) - MAX_ERRORS} more"
    return shown


# --------------------------------------------------------------------------
# JSON text

ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, allow_nan=False)
"""The standard library's encoder of documents, built once rather than on every call.

:func:`encode` uses it when orjson is not installed, or cannot write a value."""


def json_backend() -> str:
    """The JSON library that documents are written and read with first: ``"orjson"`` or ``"json"``.

    Installing the extra ``princes-of-florence[fast]`` adds `orjson
    <https://github.com/ijl/orjson>`_, which writes a state about six times
    faster than the standard library.  The documents are the same text
    either way, and every loader accepts and refuses exactly the same
    documents with the same messages: orjson's reading is kept only when
    writing back what it read gives the very same text (which a document
    naming a key twice never does); any other document, and any value
    orjson cannot write, goes to the standard library.  orjson is imported
    on first use, like cattrs.

    >>> json_backend() in ("orjson", "json")
    True
    """
    return "json" if _orjson() is None else "orjson"


@functools.cache
def _orjson() -> types.ModuleType | None:
    """The orjson module if the extra ``fast`` is installed, else ``None``."""
    try:
        import orjson
    except ImportError:  # without the extra, the standard library does it all
        return None
    return orjson


def encode(document: Any) -> str:
    """``document`` as compact JSON: orjson's text if it is installed, else the standard's.

    >>> encode({"a": [1, "é"]})
    '{"a":[1,"é"]}'
    """
    fast = _orjson()
    if fast is not None:
        try:  # no context manager: it would cost more than writing a move or an event
            return cast("bytes", fast.dumps(document)).decode()
        except fast.JSONEncodeError:  # an integer beyond 64 bits
            pass
    return ENCODER.encode(document)


def decode(text: str) -> Any:
    """The value of the JSON ``text``; refusals are :data:`DECODER`'s.

    orjson's value is taken only when ``text`` is exactly orjson's writing
    of it: then no key was repeated (orjson keeps the last of a repeated key,
    and no writing repeats one), and the standard library would have read
    the same value.  Everything else, malformed or not, is read by
    :data:`DECODER`, which refuses repeated keys, ``NaN`` and ``Infinity``.

    >>> decode('{"a":1}')
    {'a': 1}
    >>> decode('{"a":1,"a":2}')
    Traceback (most recent call last):
    ...
    princes_of_florence.serialization.envelope.Invalid: the key 'a' appears twice in one object
    """
    fast = _orjson()
    if fast is not None:
        try:
            raw = text.encode()
            value = fast.loads(raw)
            if fast.dumps(value) == raw:
                return value
        except (UnicodeEncodeError, fast.JSONDecodeError, fast.JSONEncodeError):
            pass  # not orjson's own text: the standard library decides
    return DECODER.decode(text)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):  # a key given twice: name the first repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise Invalid(f"the key {key!r} appears twice in one object")
            seen.add(key)
    return result


def _no_constants(name: str) -> object:
    raise Invalid(f"{name} is not a number JSON allows")


DECODER = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
"""The standard library's decoder of documents, which refuses repeated keys, ``NaN`` and
``Infinity`` (:func:`decode` uses it for every text orjson did not write)."""


# --------------------------------------------------------------------------
# The envelope


@attrs.frozen
class Envelope:
    """What one game's documents say around their data, and how they are read.

    Attributes:
        game: the game's registered name (:func:`princes_of_florence.games.get`),
            written as ``"game"``.
        title: the game's title, as a refusal names it.
        schema: the schema version written, ``MAJOR.MINOR``; documents of the
            same major version are read.
        named: the kinds of document whose envelope names the game when written.
        name_required: whether a document read must name its game; if not,
            a document without ``"game"`` is this game's (as documents
            written before the field existed are).
        error: the error raised for a refused document, the game's own
            :class:`~princes_of_florence.SerializationError`.
        max_chars: the longest document read, in characters (a game whose
            records are longer than
            :data:`~princes_of_florence.limits.MAX_DOCUMENT_CHARS` sets more).
        major: the major version of ``schema``.

    Example:
        >>> envelope = Envelope(game="dice", title="Dice", schema="1.4")
        >>> envelope.major
        1
        >>> envelope.write("roll", 6)
        '{"schema":"1.4","kind":"roll","data":6}'
    """

    game: str
    title: str
    schema: str
    named: frozenset[str] = frozenset({"record"})
    name_required: bool = False
    error: type[SerializationError] = SerializationError
    max_chars: int = MAX_DOCUMENT_CHARS
    major: int = attrs.field(init=False)

    @major.default
    def _major(self) -> int:
        return int(self.schema.split(".")[0])

    def write(self, kind: str, data: Any) -> str:
        """The document of ``kind`` holding ``data`` (a JSON value), as compact text."""
        if kind in self.named:  # this kind names its game
            return encode({"schema": self.schema, "kind": kind, "game": self.game, "data": data})
        return encode({"schema": self.schema, "kind": kind, "data": data})

    def read(self, text: str | bytes, kind: str) -> object:
        """The ``data`` of a document of ``kind``, after checking the envelope.

        Raises:
            SerializationError: (:attr:`error`) the text is too long, not
                UTF-8, not JSON, not an object, of another major version, of
                another kind or game, or has unknown or missing fields.
        """
        error = self.error
        if isinstance(text, bytes | str) and len(text) > self.max_chars:
            raise error(
                f"the document has {len(text)} characters; at most {self.max_chars} are read"
            )
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError as problem:
                raise error(f"the document is not UTF-8: {problem}") from None
        if not isinstance(text, str):
            raise error(f"a document must be text, not {type(text).__name__}")
        try:
            document = decode(text)
        except json.JSONDecodeError as problem:
            raise error(
                f"malformed JSON at line {problem.lineno}, column {problem.colno}: {problem.msg}"
            ) from None
        except (Invalid, RecursionError) as problem:
            raise error(f"malformed JSON: {problem}") from None
        except ValueError:  # the only other: an integer of more digits than Python reads
            raise error(
                f"malformed JSON: a number has too many digits (at most {MAX_NUMBER_DIGITS})"
            ) from None
        if not isinstance(document, dict):
            raise error(
                f"a document must be an object with schema, kind and data, not {kind_of(document)}"
            )
        schema = document.get("schema")
        if schema is None:
            raise error("the document has no schema field @ $.schema")
        match = re.fullmatch(r"(\d{1,9})\.(\d{1,9})", schema) if isinstance(schema, str) else None
        if match is None:
            raise error(f"schema must be text like '1.0', not {shorten(schema)} @ $.schema")
        if int(match.group(1)) != self.major:
            raise error(
                f"schema {schema} is not supported: this version reads schema {self.major}.x "
                f"(it writes {self.schema}) @ $.schema"
            )
        extra = sorted(set(document) - {"schema", "kind", "game", "data"})
        if extra:
            raise error(f"unknown fields in the document: {', '.join(extra)} @ $")
        if "game" in document or self.name_required:
            if "game" not in document:
                raise error(f"the document does not name its game ({self.game!r}) @ $.game")
            game = document["game"]
            if game != self.game:
                if not isinstance(game, str):
                    raise error(f"game must be a game's name, not {shorten(game)} @ $.game")
                raise error(
                    f"this is a {kind} of the game {shorten(game)}, not of {self.title} "
                    f"({self.game!r}): load it with that game's load_{kind} @ $.game"
                )
        if document.get("kind") != kind:
            raise error(
                f"expected a {kind} document, not kind {shorten(document.get('kind'))} @ $.kind"
            )
        if "data" not in document:
            raise error("the document has no data field @ $.data")
        return document["data"]
