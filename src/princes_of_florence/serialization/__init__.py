"""JSON for every value a front end exchanges, text records, and replay.

The package imports cattrs on first use, so that importing
:mod:`princes_of_florence` does not load it.  One converter turns
:class:`~princes_of_florence.GameState`, :class:`~princes_of_florence.observation.PlayerView`,
every move, every event, :class:`~princes_of_florence.GameConfig` and
:class:`~princes_of_florence.GameRecord` into JSON and back.

Every document is an envelope naming the schema version and what it holds::

    {"schema":"1.1","kind":"move","data":{"type":"bid","amount":300}}

* ``kind`` is one of ``state``, ``view``, ``move``, ``event``, ``events``,
  ``config`` and ``record``.
* Moves, events and pending decisions are tagged unions: an object whose
  ``"type"`` is the class name in snake case (``bid``, ``return_person``,
  ``card_kept``, ``card_choice``), followed by the fields in declaration
  order.
* Enums are their values (``"poet"``, ``"B07"``, ``"auction"``); tuples are
  arrays; ``None`` is ``null``.  Tile masks are the integers of
  :mod:`princes_of_florence.geometry`.
* Output is compact (no spaces) and deterministic: the same value gives the
  same bytes in every process, whatever ``PYTHONHASHSEED`` says.
* A reader of schema 1.x reads every 1.x document whose fields it knows; a
  document of another major version is rejected.
* A record names its game in the envelope, ``"game":"princes"`` (the
  library holds several games, :mod:`princes_of_florence.games`).  A
  document that names another game is refused with the game it names; a
  document without the field (every record written before it existed) is
  The Princes of Florence's.

Loading validates at the edge and never returns a half-built object: a
malformed document, a wrong type, a missing or unknown field, an unknown
tag or enum value raises :class:`~princes_of_florence.SerializationError` naming the JSON path of
each bad field; a state must also pass
:func:`~princes_of_florence.rules.invariants.state_problems`, and a view must
be one that some state shows.

>>> from princes_of_florence.moves import Bid
>>> dumps(Bid(300))
'{"schema":"1.1","kind":"move","data":{"type":"bid","amount":300}}'
>>> load_move('{"schema":"1.0","kind":"move","data":{"type":"bid","amount":"300"}}')
Traceback (most recent call last):
...
princes_of_florence.errors.SerializationError: invalid move document: ... @ $.data.amount

A :class:`~princes_of_florence.GameRecord` is a configuration and its moves, optionally with the
outcome; it also has a text form (:func:`~princes_of_florence.record_to_text`) of header lines
and one move per line in notation, and :func:`~princes_of_florence.replay` rebuilds every state.

The modules
-----------

The package has a generic part, which knows no game and serves every game
of the library, and The Princes of Florence's part, built on it:

* generic: :mod:`~princes_of_florence.serialization.envelope`, the envelope
  (schema, kind, game), its limits and the JSON text (orjson or json);
* generic: :mod:`~princes_of_florence.serialization.converter`, the strict
  cattrs converter of attrs classes, tagged unions and enums, and the type
  check of values written;
* generic: :mod:`~princes_of_florence.serialization.quick`, the quick readers
  and writers;
* generic: :mod:`~princes_of_florence.serialization.records`, comments,
  replay and the lines of a text record;
* The Princes of Florence: :mod:`~princes_of_florence.serialization.princes`,
  its unions and envelope, :class:`~princes_of_florence.GameRecord`, its
  documents and loaders;
* The Princes of Florence: :mod:`~princes_of_florence.serialization.princes_text`,
  its text records.

This package exports The Princes of Florence's names, as
:mod:`princes_of_florence` does.  Another game adopts the generic part by
importing its modules (never this package's names, which are this game's):
it describes its envelope (an
:class:`~princes_of_florence.serialization.envelope.Envelope` with its name,
title and schema) and its unions (a
:class:`~princes_of_florence.serialization.converter.Unions` of its moves,
events and enums), builds its converter once with
:func:`~princes_of_florence.serialization.converter.checked_converter`, and
writes its ``dumps`` and ``load_*`` as :mod:`~princes_of_florence.serialization.princes`
does; its records replay with :func:`~princes_of_florence.serialization.records.replay`
given its game (any :class:`~princes_of_florence.games.Game`).  The manual's
page on views, JSON and records shows it step by step ("Documents of any
game").
"""

from princes_of_florence.serialization import envelope, princes, quick
from princes_of_florence.serialization.envelope import json_backend
from princes_of_florence.serialization.princes import (
    GAME_NAME,
    MAX_COMMENT_CHARS,
    SCHEMA_VERSION,
    Comment,
    GameRecord,
    ReplayStep,
    dumps,
    load_config,
    load_event,
    load_events,
    load_move,
    load_record,
    load_state,
    load_view,
    record_problems,
    replay,
    replay_events,
)
from princes_of_florence.serialization.princes_text import record_from_text, record_to_text

__all__ = [
    "GAME_NAME",
    "SCHEMA_VERSION",
    "Comment",
    "GameRecord",
    "MAX_COMMENT_CHARS",
    "ReplayStep",
    "dumps",
    "json_backend",
    "load_config",
    "load_event",
    "load_events",
    "load_move",
    "load_record",
    "load_state",
    "load_view",
    "record_from_text",
    "record_to_text",
    "record_problems",
    "replay",
    "replay_events",
]

# Not API: the names the tests of the quick readers and writers, of the two
# JSON libraries and of the loaders' checks read here, where they were before
# the package had modules.
_BUILT_MAX = quick.BUILT_MAX
_GiveUp = quick.GiveUp
_DECODER = envelope.DECODER
_ENCODER = envelope.ENCODER
_decode = envelope.decode
_encode = envelope.encode
_orjson = envelope._orjson
_WRITERS = princes._WRITERS
_converter = princes._converter
_kind_and_data = princes._kind_and_data
_mask_problems = princes._mask_problems
_masks_inside = princes._masks_inside
_quick_reader = princes._quick_reader
