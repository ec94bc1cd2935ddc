"""The Princes of Florence's text records: header lines, then one move per line.

This is The Princes of Florence's part of :mod:`princes_of_florence.serialization`:
its headers (the configuration, the names, the date and engine, the
outcome) on the generic lines of :mod:`~princes_of_florence.serialization.records`
(:func:`~princes_of_florence.serialization.records.write_text` and
:func:`~princes_of_florence.serialization.records.read_text`).  Its names are
exported by :mod:`princes_of_florence.serialization` and :mod:`princes_of_florence`.

>>> from princes_of_florence import GameConfig, GameRecord, parse_move
>>> record = GameRecord(GameConfig(players=3, seed=5), (parse_move("return poet"),))
>>> record_from_text(record_to_text(record)) == record
True
"""

from __future__ import annotations

from typing import cast

from princes_of_florence.config import GameConfig, default_names
from princes_of_florence.errors import ConfigError, SerializationError
from princes_of_florence.moves import parse_move
from princes_of_florence.rules.scoring import Outcome
from princes_of_florence.serialization import records
from princes_of_florence.serialization.envelope import listed
from princes_of_florence.serialization.princes import (
    ENVELOPE,
    SCHEMA_VERSION,
    GameRecord,
    record_problems,
)

__all__ = ["record_from_text", "record_to_text"]

_CONFIG_HEADERS = ("players", "seed", "start_player", "hidden_money")
_EXPANSION_HEADERS = (
    "choose_returned_order",
    "hard_freedoms",
    "muse_and_princess",
    "cooperative_building",
    "explicit_chance",
)
"""Switches written only when set (an option or an expansion)."""
_OUTCOME_HEADERS = ("final_prestige", "final_money", "winners")
_TEXT_HEADERS = ("date", "engine")
_HEADERS = (*_CONFIG_HEADERS, *_EXPANSION_HEADERS, "names", *_TEXT_HEADERS, *_OUTCOME_HEADERS)
"""Every header a record may have besides ``schema``, in the order they are listed."""

_Value = int | bool | str | tuple[int, ...] | tuple[str, ...]


def record_to_text(record: GameRecord) -> str:
    """The text form of a record: header lines, then one move per line.

    The headers are ``# schema``, the configuration (``players``, ``seed``,
    ``start_player``, ``hidden_money``; an option or an expansion only when
    set), ``names`` when they are not the default ones (separated by ``|``),
    ``date`` and ``engine`` when the record has them and, if
    the record has an outcome, ``final_prestige``, ``final_money`` and
    ``winners`` (one number per seat, or per winner).

    >>> from princes_of_florence import GameConfig, parse_move
    >>> record = GameRecord(GameConfig(players=3, seed=5), (parse_move("return poet"),))
    >>> print(record_to_text(record), end="")
    # schema 1.1
    # players 3
    # seed 5
    # start_player 0
    # hidden_money false
    return poet
    """
    config = record.config
    headers: list[tuple[str, str]] = []
    for name in (*_CONFIG_HEADERS, *_EXPANSION_HEADERS):
        value = getattr(config, name)
        if name in _EXPANSION_HEADERS and not value:
            continue
        text = ("true" if value else "false") if isinstance(value, bool) else str(value)
        headers.append((name, text))
    if config.names != default_names(config.players):
        headers.append(("names", " | ".join(config.names)))
    for name in _TEXT_HEADERS:
        value = getattr(record, name)
        if value is not None:
            headers.append((name, value))
    result = record.outcome
    if result is not None:
        headers.append(("final_prestige", " ".join(map(str, result.prestige))))
        headers.append(("final_money", " ".join(map(str, result.money))))
        headers.append(("winners", " ".join(map(str, result.winners))))
    moves = [str(move) for move in record.moves]
    return records.write_text(SCHEMA_VERSION, headers, moves, record.comments)


def _header_value(name: str, words: list[str], number: int) -> _Value:
    if name in _OUTCOME_HEADERS:
        return tuple(records.header_number(word, name, number) for word in words)
    if name == "names":
        return tuple(part.strip() for part in " ".join(words).split("|"))
    if name in _TEXT_HEADERS:
        return " ".join(words)
    if len(words) != 1:
        raise SerializationError(f"line {number}: # {name} takes one value, not {len(words)}")
    if name in ("hidden_money", *_EXPANSION_HEADERS):
        if words[0] not in ("true", "false"):
            raise SerializationError(
                f"line {number}: # {name} must be true or false, not {words[0]!r}"
            )
        return words[0] == "true"
    return records.header_number(words[0], name, number)


def record_from_text(text: str) -> GameRecord:
    """Read the text form of a record (see :func:`~princes_of_florence.record_to_text`).

    Blank lines are skipped.  Header lines (``# name value``) come first; the
    ``players`` and ``seed`` headers are required.  The moves are parsed, not
    replayed: :func:`~princes_of_florence.replay` checks them.

    Raises:
        SerializationError: a line is not a known header or a move in
            notation, a header repeats or is missing, or the configuration is
            invalid; the message names the line.

    >>> record = record_from_text("# players 3\\n# seed 2\\nreturn poet\\n")
    >>> record.config.seed, [str(m) for m in record.moves]
    (2, ['return poet'])
    >>> record_from_text("# players 3\\n# seed 2\\nbid lots\\n")
    Traceback (most recent call last):
    ...
    princes_of_florence.errors.SerializationError: line 3: 'lots' is not a whole number ...
    """
    headers, moves, comments = records.read_text(
        text, ENVELOPE.major, _HEADERS, _header_value, parse_move
    )
    for required in ("players", "seed"):
        if required not in headers:
            raise SerializationError(f"the record has no # {required} header")
    fields = {
        name: headers[name]
        for name in (*_CONFIG_HEADERS, *_EXPANSION_HEADERS, "names")
        if name in headers
    }
    try:
        config = GameConfig(**fields)  # type: ignore[arg-type]
    except ConfigError as error:
        raise SerializationError(f"the headers give an invalid configuration: {error}") from None
    found = [name for name in _OUTCOME_HEADERS if name in headers]
    result = None
    if found:
        if len(found) != len(_OUTCOME_HEADERS):
            raise SerializationError(
                f"an outcome needs all of the headers {', '.join(_OUTCOME_HEADERS)}"
            )
        prestige, money, winners = (cast("tuple[int, ...]", headers[n]) for n in _OUTCOME_HEADERS)
        if len(prestige) != config.players or len(money) != config.players:
            raise SerializationError("final_prestige and final_money need one number per seat")
        if not winners or any(seat >= config.players for seat in winners):
            raise SerializationError("winners must name one or more seats of the game")
        result = Outcome(prestige=prestige, money=money, winners=winners)
    date, engine = (headers.get(name) for name in _TEXT_HEADERS)
    record = GameRecord(
        config=config,
        moves=tuple(moves),
        outcome=result,
        date=date if isinstance(date, str) else None,
        engine=engine if isinstance(engine, str) else None,
        comments=tuple(comments),
    )
    problems = record_problems(record)
    if problems:
        raise SerializationError(f"invalid text record: {listed(problems)}")
    return record
